"""How well Hard's LCS can tell a Normal Abwehr's hidden bet from its own view (docs/ai.md).

    .venv/bin/python bench/barclay_bet_view.py --games 12 --seed 500 [--jobs 2]

Easy LCS against a Normal Abwehr (400 iterations). At every LCS decision while the Abwehr's
bet is hidden, the LCS's belief is sampled 20 times and the bet model's probability that the
Abwehr bet on itself is averaged over the samples (the LCS's prediction). Printed per kind of
decision: predictions right, mean log-likelihood of the real bet, and the same for always
guessing "on itself" at the rate of these positions. Steps: `assess` (the LCS's own bet),
`play2` (its face-down cards), `results` (Evidence Results, cards shown, bets not yet). `hand now` feeds the model the Abwehr's
sampled hand now; `hand at bet` adds the sampled face-down cards it played since
(belief.hand_at_bet), as the shipped Hard does."""

from __future__ import annotations

import math
import random
import sys

from barclay_positions import easy_against_normal, rows_over_seeds  # bench/ is on the path

SAMPLES = 20


def positions(seed: int) -> list:
    from barclay_desktop.ai.barclay.belief import Belief, hand_at_bet, state_option
    from barclay_desktop.ai.barclay.bets import bet_weights, p_bets_on_itself

    weights = bet_weights("abwehr")
    out = []
    for g, seat, view, legal in easy_against_normal(seed):
        if seat == "lcs" and len(legal) > 1 and view["bets"].get("abwehr") == "hidden":
            now = at_bet = 0.0
            for i in range(SAMPLES):
                s = Belief(view).sample(random.Random(i)).state
                mine = [state_option(sl) for sl in s.tableau["abwehr"][:3]]
                theirs = [state_option(sl) for sl in s.tableau["lcs"][:3]]
                hand = s.hands["abwehr"]
                now += p_bets_on_itself(weights, mine, hand, theirs) / SAMPLES
                bet_hand = hand_at_bet(s.tableau["abwehr"], hand, random.Random(i))
                at_bet += p_bets_on_itself(weights, mine, bet_hand, theirs) / SAMPLES
            out.append((view["step"], g.state.bets["abwehr"] == "abwehr", now, at_bet))
    return out


def score(rows: list, column: int) -> str:
    right = sum((r[column] >= 0.5) == r[1] for r in rows)
    loglik = sum(math.log(r[column] if r[1] else 1 - r[column]) for r in rows) / len(rows)
    return f"right {100 * right / len(rows):.1f}%, log-likelihood {loglik:.3f}"


def main(argv=None) -> int:
    rows = rows_over_seeds(positions, argv, games=12, seed=500)
    for step in sorted({r[0] for r in rows}):
        part = [r for r in rows if r[0] == step]
        if not part:
            continue
        share = sum(r[1] for r in part) / len(part)
        base = [(0, r[1], share, share) for r in part]
        print(f"step {step}: {len(part)} LCS decisions, the Abwehr bet on itself in {100 * share:.1f}%")
        print(f"  hand now:    {score(part, 2)}")
        print(f"  hand at bet: {score(part, 3)}")
        print(f"  always 'on itself' at that rate: {score(base, 2)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
