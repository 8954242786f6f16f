"""Fit the model of a Normal player's hidden bet that Hard samples for its opponent (docs/ai.md).

    .venv/bin/python tools/fit_barclay_bet_model.py --seat abwehr --games 150 --seed 90000 [--jobs 2] [--write]

Positions come from Easy-vs-Easy games; at every assessment the bet of `--seat` is asked of a
Normal player (400 iterations, no time cap) and recorded with the features the model reads,
all computable in a sampled game: the category and top number of the bettor's three cards, of
the best hand its four cards in hand can still make with them, and of the other seat's three
cards (B8: the bet is placed after the first three cards, all face up). A logistic regression
is fitted on the first 80% of the positions and checked on the rest against the rule Normal's
samples use. `--write` stores the weights in assets/data/barclay/ (`bets.MODEL_FILES`)."""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from multiprocessing import Pool
from pathlib import Path

from barclay_desktop.ai.barclay.bets import MODEL_FILES, bet_probability

OUT = Path(__file__).resolve().parents[1] / "assets" / "data" / "barclay"


def positions(task: tuple) -> list:
    seat, seed = task
    from barclay_desktop.ai.barclay.belief import state_option
    from barclay_desktop.ai.barclay.heuristic import EasyPlayer
    from barclay_desktop.ai.barclay.knowledge import bet_features
    from barclay_desktop.ai.barclay.players import make_search_player
    from barclay_desktop.rules import game_class
    from barclay_desktop.rules.barclay import actions as A
    from barclay_desktop.rules.barclay.state import other

    g = game_class("barclay").new(seed=seed, track_undo=False)
    easy = {s: EasyPlayer(seed * 10 + i) for i, s in enumerate(("lcs", "abwehr"))}
    normal = make_search_player("normal", seed * 10 + 5, time_cap=600)
    out = []
    while not g.is_over():
        actor = g.current_seat()
        view, legal = g.view(actor), g.legal_actions(actor)
        if actor == seat and isinstance(legal[0], A.Assess) and len(legal) > 1:
            action = normal.choose(view, legal)
            if isinstance(action, A.Assess):  # not Ultra, which the LCS may play first (B3)
                s = g.state
                feats = bet_features([state_option(sl) for sl in s.tableau[seat]], s.hands[seat],
                                     [state_option(sl) for sl in s.tableau[other(seat)]])
                out.append((feats, action.bet == seat, rule_bet(s, seat)))
        else:
            action = easy[actor].choose(view, legal)
        g.apply(action, actor)
    return out


def rule_bet(s, seat: str) -> bool:
    """The rule Normal's samples use for a hidden bet (ai/barclay/belief.py), without its noise."""
    from barclay_desktop.ai.barclay.belief import rule_bets_on_itself, state_option
    from barclay_desktop.rules.barclay.state import other

    return rule_bets_on_itself([state_option(sl) for sl in s.tableau[seat]],
                               [state_option(sl) for sl in s.tableau[other(seat)][:3]])


def fit(rows: list, ridge: float = 0.01, steps: int = 3000, rate: float = 0.5) -> list[float]:
    n, k = len(rows), len(rows[0][0]) + 1
    w = [0.0] * k
    for _ in range(steps):
        grad = [ridge * wi for wi in w]
        grad[0] = 0.0
        for x, y in rows:
            err = bet_probability(w, x) - y
            grad[0] += err / n
            for i, xi in enumerate(x):
                grad[i + 1] += err * xi / n
        w = [wi - rate * gi for wi, gi in zip(w, grad)]
    return w


def main(argv=None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--seat", choices=tuple(MODEL_FILES), default="abwehr")
    p.add_argument("--games", type=int, default=150)
    p.add_argument("--seed", type=int, default=90000)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--write", action="store_true")
    args = p.parse_args(argv)
    data = []
    with Pool(args.jobs) as pool:
        for rows in pool.imap(positions, [(args.seat, seed) for seed in range(args.seed, args.seed + args.games)]):
            data.extend(rows)
    cut = int(len(data) * 0.8)
    train, test = data[:cut], data[cut:]
    w = fit([(x, y) for x, y, _ in train])
    model_hits = sum((bet_probability(w, x) >= 0.5) == y for x, y, _ in test)
    rule_hits = sum(r == y for _, y, r in test)
    loglik = sum(math.log(bet_probability(w, x) if y else 1 - bet_probability(w, x)) for x, y, _ in test) / len(test)
    share = sum(y for _, y, _ in data) / len(data)
    print(f"{len(data)} bets from {args.games} games; the {args.seat} bets on itself {100 * share:.1f}%")
    print(f"held-out {len(test)}: model right {100 * model_hits / len(test):.1f}% (mean log-likelihood {loglik:.3f}), "
          f"Normal's sample rule right {100 * rule_hits / len(test):.1f}%")
    print("weights", [round(x, 4) for x in w])
    if args.write:
        w = fit([(x, y) for x, y, _ in data])
        out = OUT / MODEL_FILES[args.seat]
        out.write_text(json.dumps({"about": f"tools/fit_barclay_bet_model.py: P(a Normal {args.seat} bets on itself)",
                                   "seat": args.seat, "games": args.games, "seed": args.seed, "bets": len(data),
                                   "weights": [round(x, 5) for x in w]}, indent=1) + "\n")
        print("written", out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
