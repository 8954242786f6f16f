"""The optional Hint button (issue 5): off by default, asks a computer player that sees only
the acting seat's view, rings the suggested control, and is counted for the game-over page."""

from __future__ import annotations

import pytest

from barclay_desktop.rules import game_class
from barclay_desktop.scenes.game_over import stats_lines
from barclay_desktop.session import GameSession, SeatSetup
from barclay_desktop.settings import Settings
from tests.client_helpers import click


def hot_seat(app, game_id: str, seed: int = 4) -> GameSession:
    cls = game_class(game_id)
    seats = [SeatSetup(s, "human", cls.SEAT_NAMES.get(s, s)) for s in cls.SEATS]
    session = GameSession(cls.new(seed=seed), seats, hide_private=False, store=app.store)
    session.ai_mode = "inline"
    return session


def test_the_hint_button_is_off_by_default_and_stored_when_on():
    assert Settings().hint_button is False
    on, problems = Settings.from_json({**Settings().to_json(), "hint_button": True})
    assert on.hint_button is True and not problems
    bad, problems = Settings.from_json({**Settings().to_json(), "hint_button": "yes"})
    assert bad.hint_button is False and any("hint button" in p for p in problems)


@pytest.mark.parametrize("game_id", ["barclay", "spies_lies", "stawka"])
def test_a_hint_is_a_legal_move_for_the_seat_at_the_table_and_is_counted(app, game_id):
    session = hot_seat(app, game_id)
    seat = session.acting_seat()
    assert seat is not None
    assert session.request_hint() == ""
    session.tick(0.0)
    assert session.hint in session.game.legal_actions(seat)
    assert session.stats.hints == 1
    assert session.act(session.hint, seat).ok
    assert session.hint is None  # the position changed: the old hint is gone


def test_no_hint_for_a_seat_that_is_not_at_the_table(app):
    game = game_class("barclay").new(seed=4)
    session = GameSession(game, [SeatSetup("lcs", "computer", "LCS", "easy"), SeatSetup("abwehr", "human", "A")],
                          store=app.store)
    session.ai_mode = "inline"
    assert session.game.current_seat() == "lcs"  # the computer's setup comes first
    assert session.acting_seat() is None
    assert session.request_hint() == "Hints are for the player whose turn it is."
    assert session.stats.hints == 0


def test_the_table_offers_hints_only_when_the_setting_is_on(app):
    session = hot_seat(app, "barclay")
    app.start_session(session, with_setup=False)
    app.run_frames(2)
    assert app.stack.top.hint_button is None

    app.settings.hint_button = True
    session = hot_seat(app, "barclay", seed=5)
    while type(session.game.legal_actions(session.acting_seat())[0]).__name__ != "PlayCard":  # past the setup
        assert session.act(session.game.legal_actions(session.acting_seat())[-1]).ok
    app.start_session(session, with_setup=False)
    app.run_frames(2)
    table = app.stack.top
    assert table.hint_button is not None
    click(app, table.hint_button)
    app.run_frames(2)
    assert session.hint is not None
    assert table.hint_controls(session.hint)  # ringed on the table
    assert session.stats.hints == 1
    assert ("Hints", "1") in [tuple(row) for row in stats_lines(session)]
