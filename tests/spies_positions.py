"""Spies & Lies positions found over seeded games, and a table opened at one (no tests here)."""

from __future__ import annotations

import random

from barclay_desktop.rules import game_class
from barclay_desktop.rules.spies_lies import actions as A
from barclay_desktop.session import GameSession, SeatSetup
from barclay_desktop.scenes.spies_lies.table import SpiesTableScene


SpiesLiesGame = game_class("spies_lies")


def find_game(pred, options=None, seeds=range(1, 400)):
    """The first position, over seeded random games, where pred(game) holds."""
    for seed in seeds:
        game = SpiesLiesGame.new(options or {}, seed=seed)
        rng = random.Random(seed)
        while True:
            if pred(game):
                return game
            if game.is_over():
                break
            game.apply(rng.choice(game.legal_actions(game.current_seat())))
    raise AssertionError("no seed reached the position")


def table_for(app, game) -> SpiesTableScene:
    seats = [SeatSetup(seat, "human", "") for seat in game.seats]
    session = GameSession(game, seats, hide_private=False, store=app.store)
    app.start_session(session, with_setup=False)
    app.run_frames(3)
    return app.stack.find(SpiesTableScene)


PHASES = {
    "eliminate": lambda g: g.state.phase == "eliminate",
    "deploy": lambda g: g.state.phase == "deploy",
    "deploy_full": lambda g: any(isinstance(a, A.ConfirmDeploy) for a in g.legal_actions(g.current_seat() or "")),
    "intel": lambda g: g.state.phase == "intel",
    "offer": lambda g: g.state.phase == "mission" and g.state.stage == "offer",
    "guess": lambda g: g.state.phase == "mission" and g.state.stage == "guess" and g.state.step > 2,
    "captain": lambda g: g.state.pending is not None and g.state.pending.kind == "captain",
    "marshal": lambda g: g.state.pending is not None and g.state.pending.kind == "marshal",
    "double_damage": lambda g: g.state.phase == "eliminate" and bool(g.state.picks) and g.state.picks[0].count == 2,
}
