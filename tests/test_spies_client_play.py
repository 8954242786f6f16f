"""Stratego Spies & Lies played in the client only with posted mouse events:
menu -> new game -> table options -> curtain -> three days -> game over (2 players),
and two against two through day 1.

Each move is a seeded random choice among the legal actions, delivered at the on-screen
position of its control (`control_rect(action)`; deploys by drag or by click-to-place)."""

from __future__ import annotations

import random

import pygame

from barclay_desktop.rules.spies_lies import actions as A
from barclay_desktop.scenes.curtain import CurtainScene
from barclay_desktop.scenes.game_over import GameOverScene
from barclay_desktop.scenes.spies_lies.setup import SpiesSetupScene
from barclay_desktop.scenes.spies_lies.table import SpiesTableScene
from tests.client_helpers import click, quit_and_continue
from tests.spies_client_helpers import deliver, drag_events, drive, open_new_game, press


def test_a_whole_two_player_game_by_mouse_with_quit_and_continue(app):
    rng = random.Random(4242)
    open_new_game(app)
    first = drive(app, rng, stop=lambda a: isinstance(a.stack.top, SpiesTableScene)
                  and a.stack.top.game.state.day >= 2 and a.stack.top.game.state.phase == "deploy")
    # issue 30 item 2: a reveal stayed on show until its player passed the table on
    assert first["curtains"] >= 4 and first["passes"] >= 4 and first["reports"] >= 1
    # issue 32: both players saw day 1's summary before their draw for day 2, and went on with Enter
    assert first["summaries"] >= 2
    table = app.stack.top
    before = table.session.game.to_json()
    resumed = quit_and_continue(app, SpiesTableScene)
    assert resumed is not None and resumed is not table
    assert resumed.session.game.to_json() == before
    second = drive(app, rng)
    game = resumed.session.game
    assert game.is_over() and isinstance(app.stack.top, GameOverScene)
    phases = first["phases"] | second["phases"]
    assert {"eliminate", "deploy", "mission:offer", "mission:guess"} <= phases
    types = first["types"] | second["types"]
    assert {"EliminatePick", "Deploy", "ConfirmDeploy", "Guess", "NoDeception"} <= types
    app.run_frames(2)  # the game-over screen with the Spies & Lies panel draws


def test_two_against_two_through_day_one_open_table(app):
    rng = random.Random(77)
    open_new_game(app, players="teams", table="open")
    table = app.stack.find(SpiesTableScene)
    assert table.game.seats == ("red1", "red2", "blue1", "blue2")
    assert table.game.state.open_table and table.game.state.teams
    seen = drive(app, rng, stop=lambda a: (t := a.stack.find(SpiesTableScene)) is not None
                 and (t.game.state.day >= 2 or t.game.is_over()))
    assert {"eliminate", "deploy", "intel", "mission:guess"} <= seen["phases"]
    assert "IntelChip" in seen["types"]
    acted = table.session.stats.actions_by_seat
    assert all(acted.get(seat, 0) > 0 for seat in ("red1", "red2", "blue1", "blue2")), acted


def test_strict_table_refuses_an_out_of_order_drop_with_the_rules_reason(app):
    open_new_game(app)
    drive(app, random.Random(5), stop=lambda a: isinstance(a.stack.top, SpiesTableScene)
          and a.stack.top.game.state.phase == "deploy" and bool(a.stack.top.session.legal_actions()))
    table = app.stack.top
    view = table.current_view()[1]
    hand = [t["rank"] for t in view["sides"][view["my_side"]]["hand"]]
    highest = max(r for r in hand if r != 4)
    rank_index = hand.index(highest)
    version = table.session.version
    table.toasts.clear()
    start = table.board.find("hand_slot", index=rank_index).center
    app.run_frames(1, inject={0: drag_events(start, table.slot_rect("bottom", 1).center)})
    assert table.session.version == version
    expected = table.game.explain_illegal(table.session.acting_seat(), A.Deploy(highest, 1))
    assert table.toasts.items and table.toasts.items[-1].text == expected and "ascend" in expected
    # the Sergeant may stand anywhere: dragging it under Mission 4 is taken
    if 4 in hand:
        start = table.board.find("hand_slot", index=hand.index(4)).center
        app.run_frames(1, inject={0: drag_events(start, table.slot_rect("bottom", 4).center)})
        assert table.session.version != version


def test_click_to_place_and_take_back(app):
    open_new_game(app)
    drive(app, random.Random(6), stop=lambda a: isinstance(a.stack.top, SpiesTableScene)
          and a.stack.top.game.state.phase == "deploy" and bool(a.stack.top.session.legal_actions()))
    table = app.stack.top
    legal = table.session.legal_actions()
    deploy = next(a for a in legal if isinstance(a, A.Deploy))
    hand_pos, slot_pos = table.control_clicks(deploy)
    click(app, hand_pos, frames=1)
    assert table.selected == deploy.rank
    click(app, slot_pos, frames=1)
    side = table.game.side_of(table.session.acting_seat())
    assert table.game.state.side(side).slots[deploy.mission - 1] == deploy.rank
    withdraw = A.Withdraw(deploy.mission)
    click(app, table.control_rect(withdraw).center, frames=1)
    assert table.game.state.side(side).slots[deploy.mission - 1] == 0


def test_the_undo_button_takes_a_deploy_back(app):
    open_new_game(app)
    drive(app, random.Random(8), stop=lambda a: isinstance(a.stack.top, SpiesTableScene)
          and a.stack.top.game.state.phase == "deploy" and bool(a.stack.top.session.legal_actions()))
    table = app.stack.top
    deploy = next(a for a in table.session.legal_actions() if isinstance(a, A.Deploy))
    press_at, release_at = table.drag_path(deploy)
    app.run_frames(1, inject={0: drag_events(press_at, release_at)})
    side = table.game.side_of(table.session.acting_seat())
    assert table.game.state.side(side).slots[deploy.mission - 1] == deploy.rank
    click(app, table.undo_button.rect.center)
    assert table.game.state.side(side).slots[deploy.mission - 1] == 0
    assert deploy.rank in table.game.state.side(side).hand


def test_one_player_against_the_computer_to_the_end(app):
    """Red plays by mouse, blue is a (seeded random) computer: no curtain ever, the computer's
    reveals flip on the table, and none of blue's hidden troops is drawn for red."""
    from barclay_desktop.ai.base import RandomPlayer
    from barclay_desktop.rules import game_class
    from barclay_desktop.session import GameSession, SeatSetup

    game = game_class("spies_lies").new(seed=12)
    session = GameSession(game, [SeatSetup("red", "human", "Ann"), SeatSetup("blue", "computer", "Bot", "random")],
                          store=app.store, player_factory=lambda gid, level, seat: RandomPlayer(3))
    app.start_session(session)
    setup = app.stack.top
    assert isinstance(setup, SpiesSetupScene)
    click(app, setup.begin_rect().center)
    table = app.stack.find(SpiesTableScene)
    table.COMPUTER_PAUSE = 0.0  # the flips and glides still pace the computer
    app.settings.animation_speed = 4.0  # the fastest setting: flips still show for a few frames
    flips, leaks = [0], []
    original = table.draw_table

    def checked(surface, view, seat):
        original(surface, view, seat)
        assert seat == "red"
        hidden = set(table.game.leak_probes("red"))
        leaks.extend(i for i in table.drawn_ids if i in hidden)
        flips[0] += sum(1 for f in table.flips if f.side == "red")  # blue's guesses at red's troops

    table.draw_table = checked
    rng = random.Random(21)
    summaries: set[int] = set()  # the days whose draws came after an end-of-day summary (issue 32)
    for _ in range(8000):
        top = app.stack.top
        if isinstance(top, GameOverScene):
            break
        assert not isinstance(top, CurtainScene), "a curtain with only one person at the table"
        if table.summary_up():
            summaries.add(table.current_view()[1]["day"])
            press(app, pygame.K_RETURN, frames=1)
            continue
        legal = table.session.legal_actions()
        if not legal:
            # the random computer does not search, so it answers inline: no thread to wait for;
            # the frames only let the table's flips and glides (scene time) run out
            assert not session.thinking
            app.run_frames(1)
            continue
        deliver(app, table, rng.choice(legal), rng)
    assert table.game.is_over() and isinstance(app.stack.top, GameOverScene)
    assert summaries == set(range(2, table.game.state.day + 1))  # issue 32: every new day opened with one
    assert not leaks and flips[0] > 0
    assert session.stats.actions_by_seat.get("blue", 0) > 10


def test_a_computer_waits_until_its_opponent_can_follow(app):
    from barclay_desktop.ai.base import RandomPlayer
    from barclay_desktop.rules import game_class
    from barclay_desktop.session import GameSession, SeatSetup

    game = game_class("spies_lies").new(seed=5)
    session = GameSession(game, [SeatSetup("red", "human", "Ann"), SeatSetup("blue", "computer", "Bot", "random")],
                          store=app.store, player_factory=lambda gid, level, seat: RandomPlayer(1))
    app.start_session(session, with_setup=False)
    table = app.stack.top
    pick = table.session.legal_actions()[0]
    deliver(app, table, pick, random.Random(0))  # red draws blue's eliminated troop; now blue draws
    assert session.computer_to_move() == "blue"
    app.run_frames(int(table.COMPUTER_PAUSE * 60 * 0.7))
    assert session.computer_to_move() == "blue", "the computer moved before the pause was over"
    for _ in range(200):
        app.run_frames(1)
        app.wait_for_tasks()
        if session.computer_to_move() != "blue":
            break
    assert session.computer_to_move() != "blue"


def test_number_keys_name_the_rank_in_the_guess_row(app):
    open_new_game(app)
    drive(app, random.Random(13), stop=lambda a: isinstance(a.stack.top, SpiesTableScene)
          and a.stack.top.game.state.phase == "mission" and a.stack.top.game.state.stage == "guess"
          and bool(a.stack.top.session.legal_actions()))
    table = app.stack.top
    assert table.number_choices()[:9] == [A.Guess(r) for r in range(1, 10)]
    events = table.game.state.log
    before = len(events)
    press(app, pygame.K_0, frames=1)
    reveal = next(e for e in table.game.state.log[before:] if e.kind == "reveal")
    assert reveal.data["guess"] == 10
