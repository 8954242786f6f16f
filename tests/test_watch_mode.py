"""Computer against computer, watched (issue 5): started from the new-game form, the game
plays itself to the end with no click, shows only the public view and never a curtain."""

from __future__ import annotations

import pytest

from barclay_desktop.scenes.curtain import CurtainScene
from barclay_desktop.scenes.game_over import GameOverScene
from barclay_desktop.scenes.new_game import NewGameScene
from tests.client_helpers import click


def start_watched(app, game_id: str):
    form = NewGameScene(app, game_id)
    app.push(form)
    app.run_frames(2)
    for _, kind, _ in form.seat_rows:
        kind.selected_option = ("Computer: Easy", "Computer: Easy")
    form.start()
    app.run_frames(2)
    begin = getattr(app.stack.top, "begin_rect", None)  # Spies & Lies asks for the table options first
    if begin is not None:
        click(app, begin().center)
    return app.stack.top.session


@pytest.mark.parametrize("game_id", ["barclay", "spies_lies", "stawka"])
def test_a_computer_only_game_plays_to_the_end_by_itself(app, game_id):
    session = start_watched(app, game_id)
    assert session.watched and session.human_seats() == []
    session.ai_mode = "thread"
    seen_seats, curtains = set(), 0
    for _ in range(3000):  # half-second frames: the pace and the overlays run on game time
        app.run_frames(1, dt=0.5)
        top = app.stack.top
        curtains += isinstance(top, CurtainScene)
        if isinstance(top, GameOverScene):
            break
        seen_seats.add(session.drawable_seat())
    assert session.game.is_over(), f"{game_id}: still {session.game.state.__class__.__name__} after the frame budget"
    assert isinstance(app.stack.top, GameOverScene)
    assert curtains == 0
    assert seen_seats == {None}  # the public view only: nobody's hand is on the screen


def test_computer_moves_wait_for_the_watch_pace(app):
    session = start_watched(app, "barclay")
    session.ai_mode = "inline"
    before = session.version
    for _ in range(20):
        if session.version != before:
            break
        session.tick(0.25)
    moved = session.version
    assert moved != before
    session.tick(0.3)
    session.tick(0.3)  # 0.6 s since the last move: less than the pace
    assert session.version == moved
    session.tick(0.4)
    assert session.version == moved + 1


def test_a_game_with_a_person_is_not_paced(app):
    from barclay_desktop.rules import game_class
    from barclay_desktop.session import GameSession, SeatSetup

    game = game_class("barclay").new(seed=3)
    session = GameSession(game, [SeatSetup("lcs", "computer", "LCS", "easy"), SeatSetup("abwehr")], store=app.store)
    assert not session.watched and session.pace() == 0.0  # the answer to a person's move comes at once


def test_a_computers_moves_in_a_row_are_spaced_so_a_person_sees_each(app):
    """Seen in a Stawka game against the computer: its move, search, tile and end landed in one frame."""
    from barclay_desktop.session import CHAIN_PACE, GameSession, SeatSetup
    from tests.stawka_helpers import activation_position, new_game

    game = activation_position(new_game(), first="german")  # the German computer activates: several moves
    session = GameSession(game, [SeatSetup("polish"), SeatSetup("german", "computer", "G", "easy")], store=app.store)
    session.ai_mode = "inline"
    session.tick(0.01)
    session.tick(0.01)
    assert session.stats.actions == 1  # the first at once
    assert session.computer_to_move() == "german"  # and more of its moves to come
    session.tick(CHAIN_PACE / 2)
    session.tick(0.01)
    assert session.stats.actions == 1  # the next waits, so the player sees the first
    session.tick(CHAIN_PACE)
    assert session.stats.actions == 2
