"""What the hand carried into a Barclay month is worth: the evidence tokens the Abwehr wins
that month, by how far its carried hand's category leads the LCS's.

    .venv/bin/python bench/barclay_carry.py --games 600 --seed 0 [--level easy]

At the start of every month after the first, both hands are read (`knowledge.hand_category`:
the best hand the cards in hand alone could make); at that month's flips, the tokens the
Abwehr won. Prints the mean per category lead and the least-squares slope, the number
`BarclaySearch(carry=...)` takes (the search clips leads at 3
categories; four cards rarely lead by more)."""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict


def month_rows(seed: int, level: str) -> list[tuple[int, int]]:
    """(Abwehr's category lead in carried hands, tokens it won) for each month 2-6 of a game."""
    from barclay_desktop.ai import make_player
    from barclay_desktop.ai.barclay.knowledge import hand_category
    from barclay_desktop.rules import game_class
    from barclay_desktop.rules.barclay.state import ABWEHR, LCS, LEAK

    game = game_class("barclay").new(seed=seed, track_undo=False)
    players = {LCS: make_player("barclay", level, seed * 10), ABWEHR: make_player("barclay", level, seed * 10 + 1)}
    rows, current, seen = [], None, set()
    while not game.is_over():
        s = game.state
        if s.step == "play3" and s.month not in seen:
            seen.add(s.month)
            if current:
                rows.append(current)
            lead = hand_category(s.hands[ABWEHR]) - hand_category(s.hands[LCS])
            current = [lead, 0] if s.month > 1 else None
        seat = game.current_seat()
        game.apply(players[seat].choose(game.view(seat), game.legal_actions(seat)), seat)
        if current and game.state.step == "results":
            # evidence tokens only: a leak card's extra token (B14) is the card's doing
            current[1] = max(current[1], sum(t != LEAK for t in game.state.won))
    if current:
        rows.append(current)
    return [tuple(r) for r in rows]


def slope(rows) -> float:
    n = len(rows)
    mx = sum(x for x, _ in rows) / n
    my = sum(y for _, y in rows) / n
    sxx = sum((x - mx) ** 2 for x, _ in rows)
    return sum((x - mx) * (y - my) for x, y in rows) / sxx if sxx else 0.0


def main(argv=None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=600)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--level", default="easy")
    args = p.parse_args(argv)
    rows = [r for seed in range(args.seed, args.seed + args.games) for r in month_rows(seed, args.level)]
    by = defaultdict(list)
    for lead, won in rows:
        by[max(-2, min(2, lead))].append(won)
    print(f"{len(rows)} months of {args.games} {args.level} games")
    for lead in sorted(by):
        print(f"  Abwehr's carried hand leads by {lead:+d} categories: {len(by[lead])} months, "
              f"{sum(by[lead]) / len(by[lead]):.2f} tokens won")
    print(f"  slope: {slope(rows):.3f} tokens per category")
    return 0


if __name__ == "__main__":
    sys.exit(main())
