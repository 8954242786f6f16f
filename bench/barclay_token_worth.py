"""What one more evidence token a month is worth to the Abwehr's chance of winning Barclay,
and what Hard's lookahead flip rule is worth.

    .venv/bin/python bench/barclay_token_worth.py --games 4000 --seed 0 [--alpha 0.45 --alpha-tie 0.02 --beta3 0.3 --beta1 0.2 --recon 0.6 --leaks 0.4] [--lookahead 100 --lookahead-games 400]

A model of the evidence alone, no cards (ai/barclay/evidence.py): each month the six evidence
tokens are shuffled onto the boxes (two Alpha, three Beta, one Recon/Raid), and each box goes
to the Abwehr at a fixed rate, independently of the others and of earlier months (B9: Alpha 2
tokens with the best hand, 1 of its choice on a tie; Beta 3 when only its bet is right, 1 of
its choice when both are; Recon/Raid 1), plus a leak flip a month with chance `--leaks` (at
most one). The tokens are turned as the players' flip rule turns them (evidence.wild_sectors,
tie_pick): colour tokens first, then wild ones where the plan's uncertainty drops most, in
month 6 where the month's flips likeliest prove it; the plan is laid out at random (B13) and
checked after every flip (B11). The defaults are box rates of the kind bench/barclay_boxes.py
measures in Normal-vs-Normal games.

Prints the win rate at the given rates, then with each rate raised so that the Abwehr gains
0.1 token a month, with the change per 0.1 token. Every line plays the same seeds, so the
differences are paired. Real boxes are not independent (one strong hand wins Alpha and
often Beta), so read the figures as the size of the effect, not as a prediction.

With `--lookahead N`, it then plays `--lookahead-games` games twice on the same seeds, the
wild tokens of months 1-5 turned once by the rule above and once by Hard's lookahead
(evidence.lookahead_sectors, N model games per sector, at the evidence module's own box
rates), and prints both win rates and the games only one of them won."""

from __future__ import annotations

import argparse
import functools
import random
import sys

from barclay_desktop.ai.barclay.evidence import deal_faces, play_months, rule_sector
from barclay_desktop.ai.barclay.knowledge import plan_greens
from barclay_desktop.rules.barclay.state import SECTORS

STEP = 0.1  # tokens a month
START = ((0, 0),) * len(SECTORS)


def play_game(deal: random.Random, ties: random.Random, rates: dict, wild=rule_sector) -> bool:
    """One game of the model: the plan, its layout and the boxes from `deal`, the flip rule's
    draws from `ties`."""
    greens = plan_greens(*deal.sample(SECTORS, 2))
    return play_months(deal, ties, rates, deal_faces(deal, START, greens), START, 0, [], wild)


def win_rate(rates: dict, games: int, seed: int) -> float:
    # one generator per game, so that a changed rate changes the chance in its own game only
    wins = 0
    for i in range(games):
        rng = random.Random(seed * 1_000_003 + i)
        wins += play_game(rng, rng, rates)
    return wins / games


def compare_lookahead(rates: dict, games: int, seed: int, samples: int) -> None:
    look = functools.partial(rule_sector, lookahead=samples)
    rule_wins = look_wins = only_rule = only_look = 0
    for i in range(games):
        # the game from one generator, the flip rule's draws from another, so that where the
        # two rules turn alike the games stay alike
        game_seed = seed * 1_000_003 + i
        by_rule = play_game(random.Random(game_seed), random.Random(game_seed + 1), rates)
        by_look = play_game(random.Random(game_seed), random.Random(game_seed + 1), rates, look)
        rule_wins += by_rule
        look_wins += by_look
        only_rule += by_rule and not by_look
        only_look += by_look and not by_rule
    print(f"lookahead {samples}: on {games} games the rule wins {100 * rule_wins / games:.1f}%, "
          f"the lookahead {100 * look_wins / games:.1f}% ({only_look} games won by the lookahead alone, "
          f"{only_rule} by the rule alone)", flush=True)


TOKENS = {"alpha": 2, "alpha_tie": 1, "beta3": 3, "beta1": 1, "recon": 1, "leaks": 1}


def main(argv=None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=4000)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--lookahead", type=int, default=0, help="model games per sector for Hard's lookahead rule")
    p.add_argument("--lookahead-games", type=int, default=400)
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
    if args.lookahead:
        compare_lookahead(rates, args.lookahead_games, args.seed, args.lookahead)
    return 0


if __name__ == "__main__":
    sys.exit(main())
