"""Fixtures shared by the tests (issue 33: one `app` and one `store` instead of a copy per test file).

A test file defines its own `app` only when it needs a different app; it says why beside it."""

from __future__ import annotations

import os

import pytest

from tests.client_helpers import running_app


def environment_set(name: str, value: str):
    """Generator for a session fixture: `name` set to `value` in the environment, the old value back after."""
    old = os.environ.get(name)
    os.environ[name] = value
    yield
    if old is None:
        os.environ.pop(name, None)
    else:
        os.environ[name] = old


@pytest.fixture(autouse=True, scope="session")
def silent_audio():
    """No sound card is asked for: SDL's dummy audio opens at once, where probing ALSA on a machine without one
    took a tenth of a second for every app a test starts (the sound tests use their own fakes)."""
    yield from environment_set("SDL_AUDIODRIVER", "dummy")


@pytest.fixture(autouse=True, scope="session")
def english_system_locale():
    """Settings default to the computer's language (issue 37); the tests read English words
    whatever the locale of the machine they run on."""
    yield from environment_set("LANGUAGE", "en")


@pytest.fixture
def app(tmp_path, monkeypatch):
    """An App on a throwaway data home (tmp_path), default settings, menu drawn, disk work done.

    fsync is skipped: durability is the save tests' business (test_saves, test_autosaves), and
    two fsyncs per autosave made the client tests slow without testing anything of theirs."""
    from barclay_desktop import saves
    from barclay_desktop.sound import Sound
    from barclay_desktop.ui import draw

    monkeypatch.setattr(saves.os, "fsync", lambda fd: None)
    # the paper and felt textures are the same in every test (fixed seeds, one display format): made once
    # per worker, not again after each test's shutdown
    monkeypatch.setattr(draw, "forget", lambda: None)
    # no audio device is opened and closed for every app (a twentieth of a second each): the app plays on
    # without sound, as on a machine with none (test_app_sound checks both cases)
    monkeypatch.setattr(Sound, "_init_mixer", staticmethod(lambda: False))
    yield from running_app(tmp_path, monkeypatch)


@pytest.fixture
def toy_app(app):
    """`app` with the toy game (tests/toy_game.py) playable on the generic table."""
    from barclay_desktop.scenes.generic_table import GenericTableScene
    from barclay_desktop.scenes.table_entry import TableEntry, register, unregister

    register("toy", TableEntry(table=GenericTableScene))
    yield app
    unregister("toy")


@pytest.fixture
def store(tmp_path, monkeypatch):
    """A save store on a throwaway data home (tmp_path); closed afterwards."""
    from barclay_desktop import saves

    monkeypatch.setenv(saves.HOME_ENV, str(tmp_path))
    s = saves.SaveStore()
    yield s
    s.close()


@pytest.fixture(scope="module")
def shared_app(tmp_path_factory):
    """One app for a whole test module, animations off: its paper and felt textures are made
    once (an app's shutdown drops them), which is most of what a screen costs to draw first."""
    from barclay_desktop import saves
    from barclay_desktop.app import App
    from barclay_desktop.settings import Settings

    with pytest.MonkeyPatch.context() as mp:
        mp.setenv(saves.HOME_ENV, str(tmp_path_factory.mktemp("shared_app")))
        application = App(settings=Settings(animation_speed=0))
        application.start()
        try:
            yield application
        finally:
            application.shutdown()


@pytest.fixture
def menu_app(shared_app):
    """The module's shared app, back on the menu with no notices (for modules that look at
    many screens and need no fresh app for each)."""
    from barclay_desktop.scenes.menu import MenuScene

    shared_app.stack.reset(MenuScene(shared_app))
    shared_app.notices.clear()
    shared_app.run_frames(1)
    return shared_app

