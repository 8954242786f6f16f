"""What Hard's exact last-month flips gain: at the Abwehr's first flip of month 6 (the
game's last decisions, B11), the chance that the tokens it won prove the plan when each
black token goes where it removes the most uncertainty (Normal's rule) and where the plan
is likeliest proved (Hard's), both under the Abwehr's own posterior over the layout.

    .venv/bin/python bench/barclay_last_flips.py --games 2000 --seed 0 [--level easy] [--jobs 2]

Prints the positions with a wild token (black or leak) to place, the mean chance under
each rule, and at how many the exact rule is strictly better (it is never worse)."""

from __future__ import annotations

import argparse
import sys

from barclay_positions import rows_over_seeds  # bench/ is on the path


def last_flip_position(seed: int, level: str):
    """(revealed counts, tokens won, colour first) at the first flip of month 6, or None."""
    from barclay_desktop.ai import make_player
    from barclay_desktop.ai.barclay.knowledge import sector_counts
    from barclay_desktop.rules import game_class
    from barclay_desktop.rules.barclay.state import ABWEHR, LCS, MONTHS, WILD_TOKENS

    game = game_class("barclay").new(seed=seed, track_undo=False)
    players = {LCS: make_player("barclay", level, seed * 10), ABWEHR: make_player("barclay", level, seed * 10 + 1)}
    while not game.is_over():
        seat = game.current_seat()
        view, legal = game.view(seat), game.legal_actions(seat)
        if view["month"] == MONTHS and type(legal[0]).__name__ == "Flip":
            counts = sector_counts(view["tokens"])
            return counts, tuple(sorted(view["won"], key=lambda t: t in WILD_TOKENS))
        game.apply(players[seat].choose(view, legal), seat)
    return None


def chances(counts: tuple, tokens: tuple) -> tuple[float, float]:
    """(uncertainty rule, exact rule): the posterior chance the flips prove the plan."""
    from barclay_desktop.ai.barclay.knowledge import best_proof_chance, plan_greens, plan_weights, proof_chance

    weighted = plan_weights(counts)
    total = sum(w for _, w in weighted)
    greedy = sum(w * proof_chance(counts, plan_greens(p, q), tokens) for (p, q), w in weighted) / total
    return greedy, best_proof_chance(counts, tokens)


def position_chances(options, seed: int) -> list[tuple[float, float]]:
    """chances() at the game's last flip position, if it has a wild token to place."""
    from barclay_desktop.rules.barclay.state import WILD_TOKENS

    found = last_flip_position(seed, options.level)
    return [chances(*found)] if found and any(t in WILD_TOKENS for t in found[1]) else []


def main(argv=None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--level", default="easy")
    rows = rows_over_seeds(position_chances, argv, 2000, 0, parser)
    args = parser.parse_args(argv)
    n = len(rows) or 1
    greedy, exact = sum(g for g, _ in rows) / n, sum(e for _, e in rows) / n
    better = sum(e > g + 1e-9 for g, e in rows)
    print(f"{args.games} {args.level} games: {len(rows)} month-6 flips with a wild token to place")
    print(f"  chance the plan is proved: uncertainty rule {greedy:.4f}, exact rule {exact:.4f} "
          f"(+{exact - greedy:.4f}); exact strictly better at {better}")
    print(f"  per game: +{(exact - greedy) * len(rows) / args.games:.4f} wins for the Abwehr")
    return 0


if __name__ == "__main__":
    sys.exit(main())
