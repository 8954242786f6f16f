"""Settings are stored as JSON under the home override and read back; bad files fall back."""

import json

import pytest

from barclay_desktop import settings as settings_mod
from barclay_desktop.settings import Settings, load_settings, save_settings


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("BARCLAY_DESKTOP_HOME", str(tmp_path))
    return tmp_path


def test_defaults_when_nothing_is_stored():
    s, warning = load_settings()
    assert s == Settings() and warning is None


def test_stored_and_reloaded(home):
    s = Settings(window_size=(1920, 1080), fullscreen=True, volume=0.25, animation_speed=0.0, hide_private=False)
    save_settings(s)
    assert settings_mod.settings_path() == home / "config" / "settings.json"
    assert load_settings() == (s, None)


def test_a_damaged_file_gives_defaults_and_a_message_and_is_kept(home):
    path = settings_mod.settings_path()
    path.parent.mkdir(parents=True)
    path.write_text("{not json")
    s, warning = load_settings()
    assert s == Settings() and "could not be read" in warning
    assert path.read_text() == "{not json"


def test_bad_fields_are_reset_one_by_one(home):
    path = settings_mod.settings_path()
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"volume": 7, "fullscreen": "yes", "window_size": [1600, 900]}))
    s, warning = load_settings()
    assert s.window_size == (1600, 900) and s.volume == Settings().volume and s.fullscreen is False
    assert "volume" in warning and "fullscreen" in warning
