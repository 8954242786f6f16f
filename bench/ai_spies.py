"""Spies & Lies computer players: win rates with 95% CIs and think times per decision.

    .venv/bin/python -m bench.ai_spies normal random --games 100 [--teams] [--seed 1]
    .venv/bin/python -m bench.ai_spies hard normal --games 100 --a-iterations 1000 --b-iterations 200

Player A takes red in even games and blue in odd games (same seeds for both seatings).
A level may carry a budget: `normal@300` (iterations; `hard@500v`: value-weighted rollout guesses; `normal@200p`: the line-up prior). Reports A's wins per seat with
Wilson 95% intervals, and A's / B's think time (wall) per decision with a choice:
median, 95th percentile, max (wall clock, and CPU time of the\nprocess, which a loaded machine does not inflate).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

from barclay_desktop import ai
from barclay_desktop.ai.spies_lies.players import make_search_player
from barclay_desktop.rules import game_class
from barclay_desktop.simulate import wilson_interval


def make(level: str, seed: int, value_guesses=None):
    name, _, budget = level.partition("@")
    others = whole = False
    prior = None
    if budget.endswith("p"):  # e.g. normal@200p: the enemy lines up as computer players usually do
        budget, prior = budget[:-1], True
    if budget.endswith("g"):  # e.g. hard@800g: roll out to the end of the game
        budget, whole = budget[:-1], True
    if budget.endswith("t"):  # e.g. normal@200t: the other seats' moves in the tree too
        budget, others = budget[:-1], True
    if budget.endswith("v"):  # e.g. hard@500v: rollouts weigh guesses by value
        budget, value_guesses = budget[:-1], True
    if name in ("normal", "hard") and (budget or value_guesses is not None or whole or prior):
        return make_search_player(name, seed, iterations=int(budget) if budget else None,
                                  time_cap=None, value_guesses=value_guesses, others_in_tree=others,
                                  whole_game=whole, prior=prior)
    return ai.make_player("spies_lies", name, seed)


def play(a: str, b: str, seed: int, a_red: bool, teams: bool):
    cls = game_class("spies_lies")
    game = cls.new({"teams": teams} if teams else {}, seed, track_undo=False)
    players, think = {}, {"A": [], "B": [], "A cpu": [], "B cpu": []}
    for i, seat in enumerate(game.seats):
        mine = seat.startswith("red") == a_red
        players[seat] = ("A" if mine else "B", make(a if mine else b, seed * 100 + i))
    while not game.is_over():
        seat = game.current_seat()
        legal = game.legal_actions(seat)
        who, p = players[seat]
        t, c = time.perf_counter(), time.process_time()
        action = p.choose(game.view(seat), legal)
        if len(legal) > 1:
            think[who].append(time.perf_counter() - t)
            think[who + " cpu"].append(time.process_time() - c)
        game.apply(action, seat)
    w = game.result.winner
    a_side = "red" if a_red else "blue"
    return (None if w is None else w == a_side), think


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else 0.0


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--teams", action="store_true")
    args = ap.parse_args(argv)
    res = {"red": [0, 0, 0], "blue": [0, 0, 0]}  # A wins, draws, games
    think = {"A": [], "B": [], "A cpu": [], "B cpu": []}
    start = time.perf_counter()
    for i in range(args.games):
        a_red = i % 2 == 0
        won, t = play(args.a, args.b, args.seed + i // 2, a_red, args.teams)
        r = res["red" if a_red else "blue"]
        r[0] += won is True
        r[1] += won is None
        r[2] += 1
        for k in think:
            think[k] += t[k]
        print(f"game {i + 1}: A {'red' if a_red else 'blue'} {'won' if won else 'draw' if won is None else 'lost'}",
              file=sys.stderr, flush=True)
    out = {"a": args.a, "b": args.b, "teams": args.teams, "seconds": round(time.perf_counter() - start, 1)}
    total = [0, 0]
    for seat, (w, d, n) in res.items():
        lo, hi = wilson_interval(w, n)
        out[f"A as {seat}"] = f"{w}/{n} wins ({d} draws) = {100 * w / max(1, n):.1f}% (95% CI {100 * lo:.1f}-{100 * hi:.1f}%)"
        total[0] += w
        total[1] += n
    lo, hi = wilson_interval(*total)
    out["A overall"] = f"{total[0]}/{total[1]} = {100 * total[0] / max(1, total[1]):.1f}% (95% CI {100 * lo:.1f}-{100 * hi:.1f}%)"
    for k, xs in think.items():
        if xs:
            out[f"think {k}"] = (f"n={len(xs)} median {statistics.median(xs):.3f}s p95 {pct(xs, 0.95):.3f}s "
                                 f"max {max(xs):.3f}s")
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
