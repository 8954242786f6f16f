"""Issue 38: with nothing moving and no input the app stops redrawing, and starts again at once.

The real loop (`App.run`) turns `idle_enabled` on; these tests turn it on by hand and step
frames at a fixed dt, so no clock is involved."""

from __future__ import annotations

import pygame
import pytest

from barclay_desktop.app import IDLE_AFTER
from barclay_desktop.scenes.curtain import CurtainScene
from barclay_desktop.scenes.menu import MenuScene
from barclay_desktop.scenes.settings_scene import SettingsScene

from .client_helpers import click_events

DT = 0.25
SETTLE = int(IDLE_AFTER / DT) + 1  # frames until the settle time after the last activity is over


@pytest.fixture
def idle_app(app):
    app.idle_enabled = True
    draws = []
    original = app.draw_frame
    app.draw_frame = lambda: (draws.append(app.frame_count), original())
    app.draws = draws
    return app


def draws_during(app, frames, inject=None) -> int:
    before = len(app.draws)
    app.run_frames(frames, inject=inject, dt=DT)
    return len(app.draws) - before


def test_the_menu_at_rest_stops_redrawing_after_the_settle_time(idle_app):
    assert isinstance(idle_app.stack.top, MenuScene)
    draws_during(idle_app, SETTLE)
    assert not idle_app.drew
    assert draws_during(idle_app, 20) == 0  # five seconds of nothing: no frame drawn


def test_input_brings_the_frames_back_on_the_same_step(idle_app):
    draws_during(idle_app, SETTLE)
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=(700, 300), rel=(1, 0), buttons=(0, 0, 0))
    assert draws_during(idle_app, 1, inject={0: [motion]}) == 1  # the hover is drawn at once
    assert draws_during(idle_app, 3) == 3  # and the settle time starts again (tooltips, hover)


def test_a_notice_keeps_drawing_until_it_has_faded(idle_app):
    draws_during(idle_app, SETTLE)
    idle_app.notify("Saved.", seconds=2.0)
    assert draws_during(idle_app, 8) == 8  # 2 s on screen: every step draws
    draws_during(idle_app, SETTLE)
    assert not idle_app.drew


def test_a_focused_text_field_keeps_its_cursor_blinking(idle_app):
    idle_app.push(SettingsScene(idle_app))
    draws_during(idle_app, SETTLE)
    assert not idle_app.drew  # settings at rest: no text field has the focus
    idle_app.stack.pop()
    idle_app.run_frames(1, dt=DT)
    from barclay_desktop.scenes.new_game import NewGameScene

    form = NewGameScene(idle_app)
    idle_app.push(form)
    idle_app.run_frames(1, dt=DT)
    entry = form.seed_entry
    idle_app.run_frames(2, inject={0: click_events(entry.rect.center)}, dt=DT)
    assert entry.is_focused
    assert draws_during(idle_app, SETTLE + 4) == SETTLE + 4


def test_the_curtain_draws_while_its_guard_fills_then_rests(idle_app):
    from barclay_desktop.rules import game_class
    from barclay_desktop.session import GameSession, SeatSetup

    game = game_class("barclay").new(seed=3)
    seats = [SeatSetup(seat, "human", name) for seat, name in zip(game.seats, ("Ann", "Ben"))]
    idle_app.start_session(GameSession(game, seats, store=idle_app.store), with_setup=False)
    idle_app.run_frames(1, dt=DT)
    assert isinstance(idle_app.stack.top, CurtainScene) and idle_app.stack.visible() == [idle_app.stack.top]
    draws_during(idle_app, SETTLE)
    assert idle_app.still_seconds < IDLE_AFTER  # not still while the guard filled (0.7 s)
    draws_during(idle_app, SETTLE)
    assert not idle_app.drew  # the curtain at rest waits for its button like any still screen
    draws_during(idle_app, SETTLE + 4)
    assert not idle_app.drew


def test_tests_and_headless_steps_draw_every_frame(app):
    assert not app.idle_enabled
    app.run_frames(SETTLE + 2, dt=DT)
    assert app.drew


def hot_seat_table(app, game_id: str, seed: int):
    from barclay_desktop.rules import game_class

    from .client_helpers import open_hot_seat

    return open_hot_seat(app, game_class(game_id).new(seed=seed))


@pytest.mark.parametrize("game_id", ["barclay", "spies_lies", "stawka"])
def test_a_table_waiting_for_a_person_lets_the_app_idle(idle_app, game_id):
    session, table = hot_seat_table(idle_app, game_id, seed=5)
    draws_during(idle_app, SETTLE + 12)  # any opening animation (dice, glides) has finished
    assert not idle_app.drew and not table.animating()
    seat = session.game.current_seat()
    action = session.game.legal_actions(seat)[0]
    table.try_action(action)
    assert draws_during(idle_app, 1) == 1  # the move is drawn at once


def test_the_pass_button_breathes_for_a_while_then_holds_still(idle_app):
    from barclay_desktop.scenes.game_table import ATTENTION_SECONDS

    from .client_helpers import hot_seat_before, open_hot_seat

    game, seat, action = hot_seat_before("barclay", 11, {"draw", "play", "bet", "flip"})
    session, table = open_hot_seat(idle_app, game)
    table.try_action(action)
    idle_app.run_frames(1, dt=DT)
    assert session.pass_to is not None
    breathing = int(ATTENTION_SECONDS / DT) - 2
    assert draws_during(idle_app, breathing) == breathing
    draws_during(idle_app, SETTLE + 4)
    assert not idle_app.drew and session.pass_to is not None


def test_a_watched_game_keeps_drawing(idle_app):
    from barclay_desktop.rules import game_class
    from barclay_desktop.session import GameSession, SeatSetup

    game = game_class("barclay").new(seed=2)
    seats = [SeatSetup(seat, "computer", seat, "random") for seat in game.seats]
    idle_app.start_session(GameSession(game, seats, store=idle_app.store), with_setup=False)
    assert draws_during(idle_app, SETTLE + 8) == SETTLE + 8
