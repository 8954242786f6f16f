"""How much hidden information is worth to the Barclay LCS: an upper bound for any fair player.

    .venv/bin/python bench/ai_oracle.py --games 40 --iterations 400 --seed 80290 [--jobs 2]

The LCS searches the real game (the Abwehr's cards, bets and every deck order: perfect
information, never a player we ship) against a fair Normal Abwehr; both search with the same
iteration count and no time cap. Game i uses seed `--seed + i`, as bench/ai_balance.py, so the
results pair with a Normal-vs-Normal run on the same seeds. Prints one line per game and the
LCS's win rate with a 95% Wilson interval."""

from __future__ import annotations

import argparse
import sys
import time
from multiprocessing import Pool


def oracle_player(game, iterations: int, knows: str = "all"):
    """`knows`: "all" (the real game, deck orders and chance included), "cards" (the Abwehr's
    hand, face-down cards and bet; the draw decks reshuffled and chance reseeded) or "bet"
    (a fair sample of the view with the Abwehr's real hidden bet)."""
    from barclay_desktop.ai.barclay.belief import Belief
    from barclay_desktop.ai.barclay.search import BarclaySearch
    from barclay_desktop.ai.ismcts import ISMCTS
    from barclay_desktop.rules.core import Rng

    class Oracle(BarclaySearch):
        def prepare(self, view):
            return Belief(view)

        def determinize(self, belief, rng):
            if knows == "bet":
                copy = belief.sample(rng)
                copy.state.bets["abwehr"] = game.state.bets.get("abwehr")
                return copy
            copy = game.clone()
            copy.quiet = True
            if knows == "cards":
                for name in ("channels", "lcs", "abwehr"):
                    rng.shuffle(copy.state.decks[name])
                copy.state.rng = Rng.from_seed(rng.getrandbits(63))
            return copy

    def choose(view, legal, rng):
        if len(legal) == 1:
            return legal[0]
        return ISMCTS(Oracle(), iterations=iterations, time_cap=600).search(view, legal, rng)

    return choose


def one(args) -> str:
    iterations, seed, knows = args
    import random

    from barclay_desktop.ai.barclay.players import SearchPlayer, evidence_choice, make_search_player
    from barclay_desktop.rules import game_class
    from barclay_desktop.rules.barclay import actions as A

    g = game_class("barclay").new(seed=seed, track_undo=False)
    abwehr = make_search_player("normal", seed * 10 + 1, iterations=iterations, time_cap=600)
    setup = SearchPlayer(seed * 10).fallback  # the LCS lays out its tokens as every level does
    oracle = oracle_player(g, iterations, knows)
    rng = random.Random(seed * 10)
    while not g.is_over():
        seat = g.current_seat()
        view, legal = g.view(seat), g.legal_actions(seat)
        if seat == "abwehr":
            action = abwehr.choose(view, legal)
        elif not view.get("setup_done"):
            action = setup.choose(view, legal)
        elif isinstance(legal[0], (A.Flip, A.TakeEvidence)):
            action = evidence_choice(view, legal, rng)
        else:
            action = oracle(view, legal, rng)
        g.apply(action, seat)
    return g.result.winner


def main(argv=None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--iterations", type=int, default=400)
    p.add_argument("--games", type=int, default=40)
    p.add_argument("--seed", type=int, default=80290)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--knows", choices=("all", "cards", "bet"), default="all")
    args = p.parse_args(argv)
    from barclay_desktop.simulate import wilson_interval

    started = time.time()
    results = []
    with Pool(args.jobs) as pool:
        for winner in pool.imap(one, [(args.iterations, args.seed + i, args.knows) for i in range(args.games)]):
            results.append(winner)
            print(winner, flush=True)
    n = len(results)
    wins = results.count("lcs")
    lo, hi = wilson_interval(wins, n)
    print(f"oracle ({args.knows}) LCS({args.iterations}) vs normal Abwehr({args.iterations}), {n} games: LCS {wins} = "
          f"{100 * wins / n:.1f}% (95% CI {100 * lo:.1f}-{100 * hi:.1f}%); {time.time() - started:.0f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
