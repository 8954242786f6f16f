"""Issue 32: the render check (tests/test_text_layout.py) holds at 1920x1080 too. The app draws
every scene on its 1280x720 canvas, which SDL scales to the window (app.py: SCALED); the
window-size setting only sizes the window. So the same texts must be drawn at the same
places whatever the setting says. (The dummy driver has no scaler: there a 1920x1080 setting
makes a bigger display surface, and the scenes still draw at canvas coordinates.)"""

from barclay_desktop import saves
from barclay_desktop.app import App
from barclay_desktop.scenes.new_game import NewGameScene
from barclay_desktop.settings import Settings
from barclay_desktop.ui import text_record


def drawn_texts(tmp_path, monkeypatch, size) -> list[tuple]:
    monkeypatch.setenv(saves.HOME_ENV, str(tmp_path / f"{size[0]}"))
    app = App(settings=Settings(window_size=size))
    app.start(NewGameScene(app, "barclay"))
    try:
        app.run_frames(1)
        with text_record.recording() as rec:
            app.run_frames(1)
            return sorted((i.text, tuple(i.rect), i.layer) for i in rec.items)
    finally:
        app.shutdown()


def test_the_window_size_setting_changes_nothing_drawn(tmp_path, monkeypatch):
    small = drawn_texts(tmp_path, monkeypatch, (1280, 720))
    large = drawn_texts(tmp_path, monkeypatch, (1920, 1080))
    assert len(small) > 5 and small == large
