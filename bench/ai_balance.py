"""B14 balance between equal Barclay search players, at a fixed iteration count (no time cap,
so the result does not depend on machine load), with the leak-card variants of the B14 change.

    .venv/bin/python bench/ai_balance.py --variant base --iterations 400 --games 200 [--jobs 2]

Game i uses seed 80000 + i (`--seed`). One line per game: (winner, leaks resolved, the Abwehr's
draws from its own deck); then the Abwehr's win rate with a 95% Wilson interval. Variants change
the card table in memory only: `base` (the shipped cards), `none` (no leak cards), `three` (a
third leak card, Brandenburgers), `cicero2` (Cicero leaks two tokens)."""

from __future__ import annotations

import argparse
import sys
import time
from multiprocessing import Pool

from ai_card_variants import patch_cards  # bench/ is on the path when a bench script runs

NO_LEAK = {"effect": None, "params": {}}
VARIANTS = {
    "base": {},
    "none": {"abw-03": NO_LEAK, "abw-13": NO_LEAK},
    "three": {"abw-09": {"effect": "leak", "params": {"n": 1}}},
    "cicero2": {"abw-13": {"effect": "leak", "params": {"n": 2}}},
}


def one(args) -> tuple:
    changes, iterations, seed, lcs_options = args
    patch_cards(changes)
    from barclay_desktop.ai.barclay.players import make_search_player
    from barclay_desktop.rules import game_class

    g = game_class("barclay").new(seed=seed, track_undo=False)
    players = {s: make_search_player("normal", seed * 10 + i, iterations=iterations, time_cap=60,
                                     **(lcs_options if s == "lcs" else {}))
               for i, s in enumerate(["lcs", "abwehr"])}
    own = 0
    while not g.is_over():
        seat = g.current_seat()
        legal = g.legal_actions(seat)
        action = players[seat].choose(g.view(seat), legal)
        if seat == "abwehr" and type(action).__name__ == "Draw" and action.source == "own":
            own += 1
        g.apply(action, seat)
    leaks = sum(1 for e in g.state.log if e.kind == "leak")
    return g.result.winner, leaks, own


def main(argv=None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--variant", choices=sorted(VARIANTS), default="base")
    p.add_argument("--iterations", type=int, default=400)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=80000)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--lcs-option", action="append", default=[], choices=("bet_model",),
                   help="switch on a BarclaySearch option for the LCS only (an experiment)")
    args = p.parse_args(argv)
    lcs_options = {"bet_model": ("abwehr",)} if "bet_model" in args.lcs_option else {}
    from barclay_desktop.simulate import wilson_interval

    started = time.time()
    tasks = [(VARIANTS[args.variant], args.iterations, args.seed + i, lcs_options) for i in range(args.games)]
    results = []
    with Pool(args.jobs) as pool:
        for r in pool.imap(one, tasks):
            results.append(r)
            print(r, flush=True)
    n = len(results)
    wins = sum(1 for w, _, _ in results if w == "abwehr")
    lo, hi = wilson_interval(wins, n)
    print(f"{args.variant}: normal({args.iterations}) vs normal({args.iterations}), {n} games: Abwehr {wins} = "
          f"{100 * wins / n:.1f}% (95% CI {100 * lo:.1f}-{100 * hi:.1f}%); mean leaks {sum(r[1] for r in results) / n:.2f}; "
          f"mean Abwehr own-deck draws {sum(r[2] for r in results) / n:.1f}; {time.time() - started:.0f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
