"""What one more evidence token a month is worth to the Abwehr's chance of winning Barclay.

    .venv/bin/python bench/barclay_token_worth.py --games 4000 --seed 0 [--alpha 0.45 --alpha-tie 0.02 --beta3 0.3 --beta1 0.2 --recon 0.6 --leaks 0.4]

A model of the evidence alone, no cards: each month the six evidence tokens are shuffled onto
the boxes (two Alpha, three Beta, one Recon/Raid, as the engine's start_month), and each box
goes to the Abwehr at a fixed rate, independently of the others and of earlier months (B9:
Alpha 2 tokens with the best hand, 1 of its choice on a tie; Beta 3 when only its bet is
right, 1 of its choice when both are; Recon/Raid 1), plus a leak flip a month with chance
`--leaks` (at most one). The tokens are turned as the players' flip rule turns them
(ai/barclay/players.py: evidence_choice, its wild_sectors and tie_pick): colour tokens first, then wild ones where the plan's
uncertainty drops most, in month 6 where the month's flips likeliest prove it; the plan is
laid out at random (B13) and checked after every flip (B11). The defaults are box rates of
the kind bench/barclay_boxes.py measures in Normal-vs-Normal games.

Prints the win rate at the given rates, then with each rate raised so that the Abwehr gains
0.1 token a month, with the change per 0.1 token. Every line plays the same seeds, so the
differences are paired. Real boxes are not independent (one strong hand wins Alpha and
often Beta), so read the figures as the size of the effect, not as a prediction."""

from __future__ import annotations

import argparse
import random
import sys

from barclay_desktop.ai.barclay.knowledge import plan_greens, proved, turned
from barclay_desktop.ai.barclay.players import tie_pick, wild_sectors
from barclay_desktop.rules.barclay.state import EVIDENCE_TOKENS, LEAK, MONTHS, SECTORS, WILD_TOKENS

STEP = 0.1  # tokens a month


def won_tokens(rng: random.Random, rates: dict, counts: tuple) -> list[str]:
    boxes = list(EVIDENCE_TOKENS)
    rng.shuffle(boxes)
    alpha, beta, recon = boxes[:2], boxes[2:5], boxes[5:]
    won = []
    r = rng.random()
    won += alpha if r < rates["alpha"] else [tie_pick(counts, alpha)] if r < rates["alpha"] + rates["alpha_tie"] else []
    r = rng.random()
    won += beta if r < rates["beta3"] else [tie_pick(counts, beta)] if r < rates["beta3"] + rates["beta1"] else []
    if rng.random() < rates["recon"]:
        won += recon
    if rng.random() < rates["leaks"]:
        won.append(LEAK)
    return sorted(won, key=lambda t: t in WILD_TOKENS)


def wild_sector(rng: random.Random, counts: tuple, month: int, rest: tuple) -> int | None:
    # evidence_choice draws among Flip actions, one per face-down token, so a tied sector
    # weighs as many as it has tokens still face down
    best = [SECTORS.index(s) for s in wild_sectors(counts, rest, month >= MONTHS)]
    return rng.choice([i for i in best for _ in range(5 - sum(counts[i]))]) if best else None


def abwehr_wins(rng: random.Random, rates: dict) -> bool:
    primary, secondary = rng.sample(SECTORS, 2)
    greens = plan_greens(primary, secondary)
    counts = ((0, 0),) * len(SECTORS)
    for month in range(1, MONTHS + 1):
        won = won_tokens(rng, rates, counts)
        for k, token in enumerate(won):
            i = wild_sector(rng, counts, month, tuple(won[k + 1:])) if token in WILD_TOKENS else SECTORS.index(token)
            if i is None or sum(counts[i]) >= 5:
                continue  # B9: a token whose sector has nothing left to turn is ignored
            g, r = counts[i]
            counts = turned(counts, i, rng.random() < (greens[i] - g) / (5 - g - r))
            if proved(counts):
                return True
    return False


def win_rate(rates: dict, games: int, seed: int) -> float:
    # one generator per game, so that a changed rate changes the chance in its own game only
    return sum(abwehr_wins(random.Random(seed * 1_000_003 + i), rates) for i in range(games)) / games


TOKENS = {"alpha": 2, "alpha_tie": 1, "beta3": 3, "beta1": 1, "recon": 1, "leaks": 1}


def main(argv=None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=4000)
    p.add_argument("--seed", type=int, default=0)
    defaults = {"alpha": 0.45, "alpha_tie": 0.02, "beta3": 0.3, "beta1": 0.2, "recon": 0.6, "leaks": 0.4}
    for box, rate in defaults.items():
        p.add_argument("--" + box.replace("_", "-"), type=float, default=rate)
    args = p.parse_args(argv)
    rates = {box: getattr(args, box) for box in defaults}
    tokens = sum(rates[b] * TOKENS[b] for b in rates)
    base = win_rate(rates, args.games, args.seed)
    print(f"rates {rates}: {tokens:.3f} tokens a month, the Abwehr wins {100 * base:.1f}% of {args.games}")
    for box in ("alpha", "beta3", "recon", "leaks"):
        raised = dict(rates, **{box: rates[box] + STEP / TOKENS[box]})
        rate = win_rate(raised, args.games, args.seed)
        print(f"  {box} {rates[box]:.3f} -> {raised[box]:.3f} (+{STEP} token a month): "
              f"{100 * rate:.1f}% ({100 * (rate - base):+.1f} points)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
