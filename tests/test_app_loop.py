"""The app loop driven like a player: posted mouse and key events, N frames at a time."""

import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from barclay_desktop.app import main
from barclay_desktop.games import game_ids
from barclay_desktop.scenes.generic_table import GenericTableScene
from barclay_desktop.scenes.table_entry import TableEntry, register, unregister
from barclay_desktop.scenes.load import LoadScene
from barclay_desktop.scenes.menu import MenuScene, folder_rects
from barclay_desktop.scenes.new_game import NewGameScene
from barclay_desktop.scenes.pause import PauseScene
from barclay_desktop.scenes.rules_ref import RulesScene
from barclay_desktop.scenes.settings_scene import SettingsScene
from barclay_desktop.scenes.game_table import SessionScene
from barclay_desktop.settings import load_settings
from tests.client_helpers import running_app

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def app(tmp_path, monkeypatch):
    # the client's own flow is under test here, so the games play on the generic table
    for gid in game_ids():
        register(gid, TableEntry(table=GenericTableScene))
    yield from running_app(tmp_path, monkeypatch)
    for gid in game_ids():
        unregister(gid)


def click_events(pos):
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]


def click(app, element_or_pos, frames=4):
    pos = element_or_pos.rect.center if hasattr(element_or_pos, "rect") else element_or_pos
    app.run_frames(frames, inject={0: click_events(pos)})
    app.wait_for_tasks()
    app.run_frames(2)


def press(app, key, mod=0, frames=3):
    """A key pressed and let go, as a keyboard sends it (the curtain waits for the release of a held Enter)."""
    app.run_frames(frames, inject={0: [pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0),
                                       pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)]})


def test_menu_buttons_open_their_screens_and_esc_comes_back(app):
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    for key, kind in (("new", NewGameScene), ("load", LoadScene), ("settings", SettingsScene), ("rules", RulesScene)):
        click(app, menu.buttons[key])
        assert isinstance(app.stack.top, kind), key
        press(app, pygame.K_ESCAPE)
        assert app.stack.top is menu, key


def test_continue_appears_only_with_an_autosave(app, tmp_path):
    menu = app.stack.top
    assert "continue" not in menu.buttons
    sample = ROOT / "saves" / "v2-spies_lies.json"
    (tmp_path / "saves").mkdir()
    (tmp_path / "saves" / "autosave.json").write_text(sample.read_text())
    app.go_to_menu()
    app.run_frames(2)
    app.wait_for_tasks()
    app.run_frames(1)
    menu = app.stack.top
    assert "continue" in menu.buttons
    assert menu.continue_text.startswith("Stratego Spies & Lies: ")
    click(app, menu.buttons["continue"])
    from barclay_desktop.scenes.curtain import CurtainScene

    assert isinstance(app.stack.top, CurtainScene)  # resumed at the curtain, never in a private view


def test_a_folder_click_opens_new_game_for_that_game_and_start_opens_its_table(app):
    rect = folder_rects()["spies_lies"]
    click(app, rect.center)
    scene = app.stack.top
    assert isinstance(scene, NewGameScene) and scene.game_id == "spies_lies"
    click(app, scene.start_button)
    table = app.stack.find(SessionScene)
    assert table is not None and table.session.game_id == "spies_lies"
    app.store.flush()
    assert table.session.autosave_path.exists()


def test_enter_confirms_and_esc_opens_the_pause_menu_in_a_game(app):
    click(app, folder_rects()["spies_lies"].center)
    press(app, pygame.K_RETURN)
    app.run_frames(3)
    table = app.stack.find(SessionScene)
    assert table is not None
    while app.stack.top is not table:  # first the curtain for the first hot-seat player
        press(app, pygame.K_RETURN)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene)
    click(app, app.stack.top.buttons["quit"])
    assert isinstance(app.stack.top, MenuScene)


def test_settings_apply_stores_them(app):
    from barclay_desktop.scenes.settings_scene import SettingsScene

    app.push(SettingsScene(app))
    app.run_frames(2)
    scene = app.stack.top
    scene.w["volume"].set_current_value(20)
    scene.w["curtain"].set_state(False)
    click(app, scene.w["apply"])
    app.wait_for_tasks()
    stored, warning = load_settings()
    assert warning is None and stored.volume == pytest.approx(0.2) and stored.hide_private is False
    assert app.settings.volume == pytest.approx(0.2)


def test_window_close_ends_the_loop(app):
    app.run_frames(3, inject={0: [pygame.event.Event(pygame.QUIT)]})
    assert not app.running


def test_frames_flag_renders_and_exits_zero(tmp_path):
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "BARCLAY_DESKTOP_HOME": str(tmp_path),
           "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-m", "barclay_desktop", "--frames", "5"], cwd=ROOT, env=env,
                          capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr.decode()[-2000:]


def test_negative_frames_is_refused_with_a_message(capsys):
    assert main(["--frames", "-3"]) == 2
    assert "--frames" in capsys.readouterr().err
