"""Issue 32, "a test that keeps it so": on every screen, no text wider than its box or cut by an
edge, no two texts on top of each other, no text under a widget, no tooltip of a covered
scene over the one above it.

The app draws a 1280x720 logical canvas and lets SDL scale it to the window (app.py, SCALED),
so a 1920x1080 window shows the same layout; each case runs with the window-size setting at
1280x720 and at 1920x1080 and checks that the canvas stays 1280x720. The per-game tables are
checked in positions reached by seeded random self-play, a few per phase."""

from __future__ import annotations

import functools
import random

import pygame
import pytest

from barclay_desktop import saves
from barclay_desktop.app import SIZE, App
from barclay_desktop.rules import game_class
from barclay_desktop.rules.core import GameResult
from barclay_desktop.scenes.curtain import CurtainScene
from barclay_desktop.scenes.game_over import GameOverScene
from barclay_desktop.scenes.load import LoadScene
from barclay_desktop.scenes.menu import MenuScene
from barclay_desktop.scenes.new_game import NewGameScene
from barclay_desktop.scenes.pause import PauseScene, SaveAsScene
from barclay_desktop.scenes.rules_ref import RulesScene
from barclay_desktop.scenes.session import GameSession, SeatSetup
from barclay_desktop.scenes.settings_scene import SettingsScene
from barclay_desktop.settings import Settings
from tests.client_helpers import click_events
from tests.text_layout import covered_tool_tips, frame_problems

GAMES = ("barclay", "spies_lies", "stawka")
WINDOWS = [(1280, 720), (1920, 1080)]
# Long names with Polish letters, as players type them (24 characters is the form's limit).
NAMES = ("Małgorzata Wiśniewska-Ką", "Bartholomew Featherstone")


@pytest.fixture(params=WINDOWS, ids=lambda size: f"{size[0]}x{size[1]}")
def app(request, tmp_path, monkeypatch):
    monkeypatch.setenv(saves.HOME_ENV, str(tmp_path))
    application = App(settings=Settings(window_size=request.param))
    application.start()
    application.run_frames(1)
    yield application
    application.shutdown()


def shown(app, scene, frames: int = 2) -> list[str]:
    """Push `scene`, let its disk work finish, and return what is wrong on the screen."""
    app.push(scene)
    app.run_frames(frames)
    app.wait_for_tasks()
    assert app.screen.get_size() == SIZE  # the layout is the canvas's at any window size
    return frame_problems(app, 2, only=[scene])


def session_of(app, game_id: str, *, names=NAMES, seed: int = 5) -> GameSession:
    cls = game_class(game_id)
    seats = [SeatSetup(s, "human", names[i % len(names)]) for i, s in enumerate(cls.SEATS)]
    return GameSession(cls.new(seed=seed), seats, store=app.store, hide_private=False)


# ----- the screens every game shares ------------------------------------------------------
def test_menu_settings_and_rules(app):
    problems = shown(app, MenuScene(app)) + shown(app, SettingsScene(app))
    for game_id in GAMES:
        problems += shown(app, RulesScene(app, game_id), frames=3)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("game_id", GAMES)
def test_new_game_form_with_computer_seats_and_an_open_dropdown(app, game_id):
    scene = NewGameScene(app, game_id)
    problems = shown(app, scene)
    for _, kind, _ in scene.seat_rows:
        last = kind.options_list[-1]
        kind.selected_option = last
    problems += frame_problems(app, 2)
    _, kind, _ = scene.seat_rows[0]
    app.run_frames(2, inject={0: click_events(kind.rect.center)})
    problems += frame_problems(app)
    assert not problems, "\n".join(problems)


def test_load_lists_every_kind_of_save(app):
    """Issue 32: the Load list's columns cut off. A game in progress of each game with long
    names, a named save with a long name, a finished game and a damaged file."""
    for game_id in GAMES:
        session_of(app, game_id).autosave()
    session_of(app, "spies_lies").save_as("Friday night at Ola & Bartek's, rematch").result(5)
    finished = session_of(app, "barclay")
    finished.game.state.result = GameResult("lcs", "Six months have passed.", "time")
    finished.save_as("Won at last").result(5)
    (app.store.folder / "broken.json").write_text('{"format": "barclay-desktop-save", "version": 99}')
    app.store.flush()
    scene = LoadScene(app)
    problems = shown(app, scene, frames=3)
    for index, (_, info) in enumerate(scene.rows):
        if info is not None:
            scene.select_row(index)
            problems += frame_problems(app)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("game_id", GAMES)
def test_pause_save_as_curtain_and_game_over(app, game_id):
    session = session_of(app, game_id)
    app.start_session(session, with_setup=False)
    app.run_frames(2)
    table = app.stack.top
    menu = getattr(table, "menu_button", None)
    if menu is not None:  # hover the Menu button until its tooltip shows, then pause
        app.run_frames(50, inject={0: [pygame.event.Event(pygame.MOUSEMOTION, pos=menu.rect.center, rel=(0, 0),
                                                          buttons=(0, 0, 0))]})
    problems = shown(app, PauseScene(app, session))
    problems += covered_tool_tips(app)
    problems += shown(app, SaveAsScene(app, session))
    app.pop()
    app.pop()
    session.curtain_seat = session.game.seats[0]
    problems += shown(app, CurtainScene(app, session))
    app.pop()
    session.game.state.result = GameResult(session.game.seats[0], "The game is over.", "test")
    problems += shown(app, GameOverScene(app, session))
    assert not problems, "\n".join(problems)
