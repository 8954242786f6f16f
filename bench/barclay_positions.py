"""Shared by the Barclay belief benches: Easy in one seat against Normal in the other,
stopped at every decision, and the seeds spread over worker processes."""

from __future__ import annotations

import argparse
from functools import partial
from multiprocessing import Pool


def easy_against_normal(seed: int, easy_seat: str = "lcs"):
    """Yields (game, seat, view, legal) before every move of one game, Easy in `easy_seat`
    against Normal (400 iterations, no time cap), then plays the move."""
    from barclay_desktop.ai.barclay.heuristic import EasyPlayer
    from barclay_desktop.ai.barclay.players import make_search_player
    from barclay_desktop.rules import game_class
    from barclay_desktop.rules.barclay.state import other

    g = game_class("barclay").new(seed=seed, track_undo=False)
    players = {easy_seat: EasyPlayer(seed * 10),
               other(easy_seat): make_search_player("normal", seed * 10 + 1, time_cap=600)}
    while not g.is_over():
        seat = g.current_seat()
        view, legal = g.view(seat), g.legal_actions(seat)
        yield g, seat, view, legal
        g.apply(players[seat].choose(view, legal), seat)


def rows_over_seeds(positions, argv, games: int, seed: int, parser=None) -> list:
    """Parses --games, --seed and --jobs and concatenates `positions(seed)` over the seeds.
    Given a `parser` with options of its own, calls `positions(options, seed)` instead."""
    p = parser or argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=games)
    p.add_argument("--seed", type=int, default=seed)
    p.add_argument("--jobs", type=int, default=1)
    args = p.parse_args(argv)
    rows = []
    with Pool(args.jobs) as pool:
        for found in pool.imap(partial(positions, args) if parser is not None else positions,
                               range(args.seed, args.seed + args.games)):
            rows.extend(found)
    return rows
