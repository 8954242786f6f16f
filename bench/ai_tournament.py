"""Tournaments between computer levels (Barclay or Spies & Lies), from both seats.

    .venv/bin/python bench/ai_tournament.py --a normal --b random --games 200 [--jobs 2]
    .venv/bin/python bench/ai_tournament.py --game spies_lies --a hard --b normal --seat red
    .venv/bin/python bench/ai_tournament.py --a hard --b normal --budget hard=2000:60 --bet-model hard=abwehr,lcs

Game i uses seed `--seed + i`; even games put level A at the first seat (LCS / red), odd
games at the second (Abwehr / blue), so each seat gets half. Prints wins per seat with 95%
Wilson intervals, draws, and think-time percentiles."""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor


SEATS = {"barclay": ("lcs", "abwehr"), "spies_lies": ("red", "blue")}


def _maker(budgets: dict):
    """make_player, with search levels at the iteration/time budgets given on the command line."""
    from barclay_desktop import ai

    def make(game_id, level, seed):
        if level in budgets:
            from barclay_desktop.ai.barclay.players import make_search_player

            iterations, cap, options = budgets[level]
            return make_search_player(level, seed, iterations=iterations, time_cap=cap, **options)
        return ai.make_player(game_id, level, seed)

    return make


def _one(args):
    game_id, a, b, seed, a_seat, budgets = args
    from barclay_desktop.ai.arena import play_game

    seats = SEATS[game_id]
    other = seats[1] if a_seat == seats[0] else seats[0]
    rec = play_game(game_id, {a_seat: a, other: b}, seed, make=_maker(budgets))
    return a_seat, rec.winner, rec.think[a_seat], rec.think[other], rec.moves


def add_budget_options(p: argparse.ArgumentParser) -> None:
    """The options that set a search level's budget and BarclaySearch options (parse_budgets)."""
    p.add_argument("--budget", action="append", default=[], help="LEVEL=ITERATIONS[:CAP], e.g. normal=200:5")
    p.add_argument("--bet-model", action="append", default=[],
                   help="LEVEL=SEATS (Barclay, with --budget for LEVEL): whose bets the level models, e.g. hard=abwehr,lcs")
    p.add_argument("--proof-seats", action="append", default=[],
                   help="LEVEL=SEATS (Barclay, with --budget for LEVEL): the seats at which the level values "
                        "tokens by the chance they prove the plan, e.g. hard=lcs")
    p.add_argument("--carry", action="append", default=[], metavar="LEVEL=TOKENS",
                   help="(Barclay, with --budget for LEVEL) the level values the hands carried into the "
                        "next month, TOKENS per hand category, e.g. hard=0.4")
    p.add_argument("--carry-seats", action="append", default=[], metavar="LEVEL=SEATS",
                   help="(Barclay, with --budget for LEVEL) the seats at which the level values carried "
                        "hands, e.g. hard=abwehr,lcs")
    p.add_argument("--informed-down-seats", action="append", default=[], metavar="LEVEL=SEATS",
                   help="(Barclay, with --budget for LEVEL) at these seats the level samples the "
                        "opponent's face-down cards as a hand-building player lays them, e.g. hard=lcs")


def parse_budgets(args) -> dict:
    """level -> (iterations, time cap, BarclaySearch options) from add_budget_options' options."""
    budgets = {}
    for item in args.budget:
        level, _, spec = item.partition("=")
        iters, _, cap = spec.partition(":")
        budgets[level] = (int(iters), float(cap or 60), {})
    for option, items in (("bet_model", args.bet_model), ("proof_seats", args.proof_seats),
                          ("carry_seats", args.carry_seats), ("informed_down_seats", args.informed_down_seats)):
        for item in items:
            level, _, seats = item.partition("=")
            budgets[level][2][option] = tuple(x for x in seats.split(",") if x)
    for item in args.carry:
        level, _, tokens = item.partition("=")
        budgets[level][2]["carry"] = float(tokens)
    return budgets


def ci(wins: int, n: int) -> str:
    from barclay_desktop.simulate import wilson_interval

    lo, hi = wilson_interval(wins, n)
    return f"95% CI {100 * lo:.1f}-{100 * hi:.1f}%"


def pct(xs, q):
    if not xs:
        return 0.0
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main(argv=None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--game", default="barclay")
    p.add_argument("--a", required=True)
    p.add_argument("--b", required=True)
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--seat", choices=("both", "lcs", "abwehr", "red", "blue"), default="both")
    add_budget_options(p)
    args = p.parse_args(argv)
    budgets = parse_budgets(args)
    tasks = []
    for i in range(args.games):
        if args.seat == "both":
            a_seat = SEATS[args.game][i % 2]
        else:
            a_seat = args.seat
        tasks.append((args.game, args.a, args.b, args.seed + i, a_seat, budgets))
    start = time.time()
    wins = {seat: [0, 0] for seat in SEATS[args.game]}  # a's seat -> [a wins, games]
    side = {seat: 0 for seat in SEATS[args.game]}
    think_a, think_b, moves = [], [], []
    with ProcessPoolExecutor(args.jobs) as pool:
        for i, (a_seat, winner, ta, tb, m) in enumerate(pool.map(_one, tasks)):
            # one line per game as it ends, so a long run can be read before it finishes
            print(f"game {i + 1}: {args.a} as {a_seat}, winner {winner}, {m} moves", flush=True)
            wins[a_seat][1] += 1
            wins[a_seat][0] += winner == a_seat
            side[winner] = side.get(winner, 0) + 1
            think_a += ta
            think_b += tb
            moves.append(m)
    total = sum(w for w, _ in wins.values())
    n = sum(g for _, g in wins.values())
    print(f"{args.a} vs {args.b}: {args.games} games in {time.time() - start:.0f}s, mean {statistics.mean(moves):.0f} moves")
    for seat, (w, g) in wins.items():
        if g:
            print(f"  {args.a} as {seat}: {w}/{g} = {100 * w / g:.1f}% ({ci(w, g)})")
    print(f"  {args.a} overall: {total}/{n} = {100 * total / n:.1f}% ({ci(total, n)}); side wins {side}")
    for name, pairs in ((args.a, think_a), (args.b, think_b)):
        if pairs:
            wall = [w for w, _ in pairs]
            cpu = [c for _, c in pairs]
            print(
                f"  think {name}: n={len(pairs)} wall median {pct(wall, .5):.3f}s p95 {pct(wall, .95):.3f}s "
                f"max {max(wall):.3f}s; CPU median {pct(cpu, .5):.3f}s p95 {pct(cpu, .95):.3f}s max {max(cpu):.3f}s"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
