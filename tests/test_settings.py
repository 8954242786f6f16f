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


@pytest.mark.parametrize(
    "text, reason",
    [
        ('{"volume": ' + "9" * 5000 + "}", "number far too long"),
        ("[" * 20_000 + "]" * 20_000, "nested far deeper"),
        ('{"volume": NaN}', "not a real number"),
        ('{"window_size": [[[[[1280]]]]]}', "nested far deeper"),
        ("{}" + " " * (settings_mod.MAX_SETTINGS_BYTES + 1), "too large"),
        ('"\\u0000"', "null character"),
    ],
    ids=["long-number", "deep-20k", "nan", "deep-5", "too-large", "nul"],
)
def test_a_damaged_file_never_crashes_gives_defaults_one_message_and_stays_as_it_is(home, text, reason):
    """Issue 30 item 4: the settings file is validated like a save; the app starts on defaults."""
    path = settings_mod.settings_path()
    path.parent.mkdir(parents=True)
    path.write_text(text)
    before = path.read_bytes()
    s, warning = load_settings()
    assert s == Settings() and "could not be read" in warning and reason in warning
    assert path.read_bytes() == before


def test_field_problems_are_told_in_words_not_python(home):
    path = settings_mod.settings_path()
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"window_size": "big", "hide_private": 1, "animation_speed": -1}))
    s, warning = load_settings()
    assert s == Settings()
    assert "window size" in warning and "hide private information must be on or off" in warning
    assert "animation speed" in warning and "'" not in warning and "_" not in warning
