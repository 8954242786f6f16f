"""Stawka positions that show each panel, and a table opened at one (no tests here)."""

from __future__ import annotations

import functools
import random

from barclay_desktop.rules import game_class
from barclay_desktop.rules.stawka import actions as A
from barclay_desktop.scenes.curtain import CurtainScene
from barclay_desktop.session import GameSession, SeatSetup
from barclay_desktop.scenes.stawka.table import StawkaTableScene
from tests.stawka_helpers import talkative


def eager(rng, game, legal):
    """Takes every decision that shows a new panel: re-rolls, peeks, kept items, searches, talks."""
    for kind in (A.RerollConversation, A.RerollRank, A.TakeTile, A.KeepItem, A.UseItem):
        picks = [a for a in legal if isinstance(a, kind)]
        if picks and rng.random() < 0.8:
            return rng.choice(picks)
    searches = [a for a in legal if isinstance(a, A.Search)]
    if searches and rng.random() < 0.6:
        return rng.choice(searches)
    return talkative(rng, game, legal)


def pending_kind(game):
    return game.state.pending[0].kind if game.state.pending else None


CASES = {
    "planning_polish": lambda g: g.state.phase == "planning" and g.current_seat() == "polish" and g.state.stage > 1,
    "planning_german": lambda g: g.state.phase == "planning" and g.current_seat() == "german",
    "choose_agent": lambda g: g.state.phase == "activation" and g.state.activation is None and not g.state.pending,
    "active_agent": lambda g: g.state.activation is not None and not g.state.pending
    and g.state.activation.ap_spent > 0,
    "found": lambda g: pending_kind(g) == "found",
    "peek": lambda g: pending_kind(g) == "peek",
    "rank_reroll": lambda g: pending_kind(g) == "rank_reroll",
    "conversation_reroll": lambda g: pending_kind(g) == "conversation_reroll",
    "talk_with_item": lambda g: any(isinstance(a, A.Converse) and a.items for a in g.legal_actions(g.current_seat()))
    if g.current_seat() else False,
    "carry_over": lambda g: g.state.phase == "carry_over" and not g.is_over(),
    "over": lambda g: g.is_over(),
}


@functools.lru_cache(maxsize=None)
def position(case: str) -> dict:
    """The saved game at the first position of `case` in seeded games (found once per run)."""
    wanted = CASES[case]
    cls = game_class("stawka")
    for seed in range(80):
        game, rng = cls.new(seed=seed), random.Random(seed)
        while True:
            if wanted(game):
                return game.to_json()
            if game.is_over():
                break
            seat = game.current_seat()
            game.apply(eager(rng, game, game.legal_actions(seat)), seat)
    raise AssertionError(f"no seeded game reaches {case}")


def open_table(app, case: str) -> StawkaTableScene:
    game = game_class("stawka").from_json(position(case))
    seats = [SeatSetup("polish", "human", "Anna"), SeatSetup("german", "human", "Bruno")]
    session = GameSession(game, seats, store=app.store)
    app.start_session(session)
    app.run_frames(2)
    if isinstance(app.stack.top, CurtainScene):
        app.stack.top.reveal()
        app.run_frames(2)
    return app.stack.find(StawkaTableScene)
