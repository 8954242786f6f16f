"""How much Hard's Abwehr loses by searching 2,000 iterations instead of many more: at Abwehr
decisions (Easy LCS against a Normal Abwehr, every --every-th decision with a choice, flips
and evidence picks excluded: those are not searched), a reference search of --reference
iterations values every root move (mean reward of its edge); each budget then searches the
same position with --repeats seeds, and its regret is the reference value of the best move
less that of the move it chose.

    .venv/bin/python bench/barclay_regret.py --games 4 --seed 400 [--budgets 400,2000,5000]
        [--reference 30000] [--repeats 3] [--every 4] [--jobs 2]

Values are in the search's own units (evaluate: about the share of the plan uncertainty an
evidence token removes); for scale the bench prints the value of one black token at the same
positions. This measures how far a budget is from what its own model would choose with
unlimited time, not how strong that model is against an opponent."""

from __future__ import annotations

import argparse
import random
import statistics
import sys

from barclay_positions import easy_against_normal, rows_over_seeds  # bench/ is on the path


def root_values(view: dict, legal: list, iterations: int, seed: int):
    """(chosen key, {key: mean reward}) of one search with Hard's Abwehr options."""
    from barclay_desktop.ai.barclay.players import BUDGETS
    from barclay_desktop.ai.barclay.search import BarclaySearch
    from barclay_desktop.ai.ismcts import ISMCTS

    class RootKeeping(ISMCTS):
        """Keeps the searched root, whose edges hold each move's visits and total reward."""

        def _pick(self, root, *args):
            self.root = root
            return super()._pick(root, *args)

    model = BarclaySearch(**BUDGETS["hard"][2])
    search = RootKeeping(model, iterations=iterations, time_cap=1e9)
    action = search.search(view, legal, random.Random(seed))
    values = {k: ch.total / ch.visits for k, ch in search.root.children.items() if ch.visits}
    return model.key(action), values


def black_token_value(view: dict) -> float:
    from barclay_desktop.ai.barclay.knowledge import sector_counts, tokens_value
    from barclay_desktop.ai.barclay.search import FULL_UNCERTAINTY

    return tokens_value(sector_counts(view["tokens"]), ["black"]) / FULL_UNCERTAINTY


def position_regrets(options, seed: int) -> list[dict]:
    """Per sampled Abwehr decision of one game: {budget: [regret per repeat], "unit": ...}."""
    from barclay_desktop.rules.barclay import actions as A

    budgets = [int(b) for b in options.budgets.split(",")]
    rows, k = [], 0
    for _, seat, view, legal in easy_against_normal(seed, "lcs"):
        if seat != "abwehr" or len(legal) < 2 or not view.get("setup_done"):
            continue
        if isinstance(legal[0], (A.Flip, A.TakeEvidence)):
            continue
        k += 1
        if k % options.every:
            continue
        _, ref = root_values(view, legal, options.reference, 1)
        best = max(ref.values())
        row = {"unit": black_token_value(view)}
        for b in budgets:
            row[b] = [best - ref.get(root_values(view, legal, b, 10 + r)[0], best) for r in range(options.repeats)]
        rows.append(row)
    return rows


def main(argv=None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--budgets", default="400,2000,5000")
    parser.add_argument("--reference", type=int, default=30000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--every", type=int, default=4)
    rows = rows_over_seeds(position_regrets, argv, 4, 400, parser)
    args = parser.parse_args(argv)
    print(f"{len(rows)} Abwehr decisions from {args.games} games (seed {args.seed}), "
          f"reference {args.reference} iterations; one black token is worth "
          f"{statistics.mean(r['unit'] for r in rows):.4f} on average")
    for b in (int(x) for x in args.budgets.split(",")):
        regrets = [x for r in rows for x in r[b]]
        off = sum(x > 1e-12 for x in regrets)
        print(f"  {b:>6} iterations: mean regret {statistics.mean(regrets):.4f}, "
              f"max {max(regrets):.4f}; not the reference's best move {off}/{len(regrets)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
