"""Stawka "Meeting" played in the client only with posted mouse events, hot-seat:
menu -> new game -> curtain -> eight stages or two secrets -> game over with the carry-over.

Each move is a seeded random choice among the legal actions (biased towards meeting the enemy,
so conversations, secrets and the end come), delivered at the on-screen position of its control
(`control_clicks(action)`: the agent's card first when another agent is selected)."""

from __future__ import annotations

import random

import pygame
import pytest

from barclay_desktop.rules.stawka import actions as A
from barclay_desktop.scenes.game_over import GameOverScene
from barclay_desktop.scenes.stawka.table import StawkaTableScene
from tests.stawka_helpers import talkative
from tests.client_helpers import click, quit_and_continue
from tests.stawka_client_helpers import drive, open_new_game, press


def test_a_whole_meeting_by_mouse_with_quit_and_continue(app):
    rng = random.Random(2024)
    open_new_game(app)
    first = drive(app, rng, stop=lambda a: isinstance(a.stack.top, StawkaTableScene)
                  and a.stack.top.game.state.stage >= 3 and bool(a.stack.top.session.legal_actions()))
    assert first["curtains"] >= 4
    table = app.stack.top
    before = table.session.game.to_json()
    resumed = quit_and_continue(app, StawkaTableScene)
    assert resumed is not None and resumed is not table
    assert resumed.session.game.to_json() == before
    second = drive(app, rng)
    game = resumed.session.game
    assert game.is_over() and isinstance(app.stack.top, GameOverScene)
    types = first["types"] | second["types"]
    assert {"ChoosePlan", "Move", "Converse", "EndActivation"} <= types, types
    assert game.result.kind in ("secrets", "draw")
    assert game.view(None)["carry_over"]["next_scenario"]
    app.run_frames(2)  # the game-over screen with the carry-over panel draws


@pytest.mark.parametrize("seed", [7, 31])
def test_more_games_reach_their_end_by_mouse(app, seed):
    rng = random.Random(seed)
    open_new_game(app, seed)
    seen = drive(app, rng)
    table = app.stack.find(StawkaTableScene)
    assert table.game.is_over()
    assert seen["actions"] > 30 and seen["curtains"] > 8


@pytest.mark.parametrize("seed", [48, 173])
def test_a_won_meeting_ends_with_the_winners_carry_over_choice_by_mouse(app, seed):
    """Seeds where the talkative players win by two secrets and the winner keeps a track whole."""
    open_new_game(app, seed)
    seen = drive(app, random.Random(seed), chooser=talkative)
    game = app.stack.find(StawkaTableScene).game
    assert game.result.kind == "secrets" and "KeepTrackWhole" in seen["types"]
    assert "carry_over" in seen["phases"]
    kept = game.view(None)["carry_over"]["kept_whole"][game.result.winner]
    assert kept is None or kept in game.view(None)["carry_over"]["evidence"][game.result.winner]


def test_a_click_on_an_unreachable_space_says_why(app):
    open_new_game(app)
    drive(app, random.Random(5), stop=lambda a: isinstance(a.stack.top, StawkaTableScene)
          and a.stack.top.game.state.phase == "activation" and bool(a.stack.top.session.legal_actions()))
    table = app.stack.top
    seat, view = table.current_view()
    agent = table.current_agent(view, table.session.legal_actions())
    reachable = set(view["moves"][agent]["spaces"])
    here = next(ag["space"] for ag in view["agents"] if ag["id"] == agent)
    far = next(s for s in table.board_art.board.spaces if s not in reachable and s != here
               and table.space_rect(s) is not None and table.space_at(table.space_rect(s).center) == s)
    version = table.session.version
    app.notices.clear()
    click(app, table.space_rect(far).center, frames=1)
    assert table.session.version == version
    assert app.notices and app.notices[-1][0] == table.game.explain_illegal(seat, A.Move(agent, far))


def test_pan_and_zoom_move_the_board_and_its_controls(app):
    open_new_game(app)
    drive(app, random.Random(5), stop=lambda a: isinstance(a.stack.top, StawkaTableScene)
          and a.stack.top.game.state.phase == "activation" and bool(a.stack.top.session.legal_actions()))
    table = app.stack.top
    move = next(a for a in table.session.legal_actions() if isinstance(a, A.Move)
                and table.current_agent(table.current_view()[1], table.session.legal_actions()) == a.agent)
    before = table.control_rect(move).center
    zoom = table.viewport.zoom
    wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0)
    app.run_frames(1, inject={0: [pygame.event.Event(pygame.MOUSEMOTION, pos=before, rel=(0, 0), buttons=(0, 0, 0)),
                                  wheel]})
    assert table.viewport.zoom > zoom
    assert abs(table.control_rect(move).centerx - before[0]) <= 2  # zoomed around the mouse
    press(app, pygame.K_LEFT)
    after = table.control_rect(move)
    assert after is None or after.centerx > before[0] + 30
    press(app, pygame.K_0)
    assert table.viewport.zoom == zoom
    seat, view = table.current_view()
    reachable = {c.key for c in table.build_controls(view, seat) if c.kind == "space"}
    street = next(s for s in table.board_art.board.spaces if s not in reachable and table.space_rect(s) is not None
                  and not any(ag["space"] == s for ag in view["agents"]))
    start = table.space_rect(street).center  # a drag may start on a space: it pans, it does not try to move
    app.notices.clear()
    app.run_frames(1, inject={0: [
        pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
        pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0] + 40, start[1]), rel=(40, 0), buttons=(1, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(start[0] + 40, start[1]), button=1)]})
    rect = table.control_rect(move)
    assert rect is None or rect.centerx != before[0]
    assert not app.notices and table.game.state.agents[move.agent].space != move.to


def test_select_an_agent_by_his_figure_then_move_and_undo_by_mouse(app):
    open_new_game(app)
    drive(app, random.Random(8), stop=lambda a: isinstance(a.stack.top, StawkaTableScene)
          and a.stack.top.game.state.phase == "activation" and a.stack.top.game.state.activation is None
          and not a.stack.top.game.state.pending and bool(a.stack.top.session.legal_actions()))
    table = app.stack.top
    seat, view = table.current_view()
    legal = table.session.legal_actions()
    able = table.agent_with_actions(legal)
    other = next((a for a in able if a != table.current_agent(view, legal)), None)
    if other is not None:  # a click on the other agent's figure selects him
        click(app, table.figure_positions(view)[other], frames=1)
        assert table.current_agent(table.current_view()[1], legal) == other
    agent = table.current_agent(table.current_view()[1], legal)
    def keeps_the_turn(action):
        twin = table.game.clone()
        twin.apply(action, seat)
        return twin.current_seat() == seat

    move = next(a for a in legal if isinstance(a, A.Move) and a.agent == agent and keeps_the_turn(a))
    before = table.game.to_json()["state"]
    click(app, table.control_rect(move).center, frames=1)
    assert table.game.state.agents[agent].space == move.to
    click(app, table.undo_button.rect.center, frames=2)
    assert table.game.to_json()["state"] == before


def test_a_whole_first_clash_hot_seat_by_mouse(app):
    """Issue 34: a First Clash plays hot-seat from the placement to the game-over page by the table's own
    controls: curtains before each secret choice, the EXTENDED decisions by their buttons."""
    from barclay_desktop.rules import game_class
    from barclay_desktop.session import GameSession, SeatSetup

    game = game_class("stawka").new({"scenario": "first_clash"}, seed=5)
    session = GameSession(game, [SeatSetup("polish", "human", "Anna"), SeatSetup("german", "human", "Ben")],
                          store=app.store)
    app.start_session(session)
    seen = drive(app, random.Random(5))
    table = app.stack.find(StawkaTableScene)
    assert table.game.is_over() and isinstance(app.stack.top, GameOverScene)
    assert {"PlaceAgent", "PlaceThreat", "ChoosePlan", "Move"} <= seen["types"], seen["types"]
    assert seen["curtains"] > 8
    assert {"threat_entered", "threat_window"} <= seen["pending"], seen["pending"]
