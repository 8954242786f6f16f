"""Tournaments between computer levels (Barclay or Spies & Lies), from both seats.

    .venv/bin/python bench/ai_tournament.py --a normal --b random --games 200 [--jobs 2]
    .venv/bin/python bench/ai_tournament.py --game spies_lies --a hard --b normal --seat red
    .venv/bin/python bench/ai_tournament.py --a normal --b normal --budget normal=400:60 --games 200 --jobs 2
    .venv/bin/python bench/ai_tournament.py --game stawka --scenario first_clash --a normal --b easy --games 100
    .venv/bin/python bench/ai_tournament.py --game stawka --scenario meeting --a styled --b easy --style talk_far=0.175
    .venv/bin/python bench/ai_tournament.py --game spies_lies --a hard@3200 --b hard --games 200

`--budget LEVEL=ITERATIONS[:CAP]` plays a search level at a fixed iteration count with a
generous time cap (60 s unless given), so that the result does not depend on machine load:
the balance tournament is Normal against Normal this way, where the Abwehr's wins are the
"side wins" line. `LEVEL@ITERATIONS` as a level plays a search level at another iteration
count with its shipped time cap (a bigger Hard against the shipped one).

Game i uses seed `--seed + i`; even games put level A at the first seat (LCS / red), odd
games at the second (Abwehr / blue), so each seat gets half. Prints wins per seat with 95%
Wilson intervals, draws, and think-time percentiles; `--think-log FILE` keeps each game's
think times as a JSON line when it ends."""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor


SEATS = {"barclay": ("lcs", "abwehr"), "spies_lies": ("red", "blue"), "stawka": ("polish", "german")}


def make_player(game_id: str, level: str, seed: int):
    """An offered level, or a search level the form does not offer yet (Stawka's, docs/ai.md)."""
    from barclay_desktop import ai

    if level in ai.available_levels(game_id):
        return ai.make_player(game_id, level, seed)
    from importlib import import_module

    return import_module(f"barclay_desktop.ai.{game_id}.players").make_search_player(level, seed)


def _maker(budgets: dict, style: dict | None = None):
    """make_player, with search levels at the iteration/time budgets given on the command line,
    and Stawka's `styled` level: Easy with the weights `--style` changes (ai/stawka/style.py)."""

    def make(game_id, level, seed):
        if level == "styled":
            from barclay_desktop.ai.stawka.heuristic import EasyStawkaPlayer
            from barclay_desktop.ai.stawka.style import EASY

            player = EasyStawkaPlayer(seed)
            player.style = EASY.replace(**(style or {}))
            return player
        if "@" in level:  # LEVEL@ITERATIONS: a search level at another budget, its shipped time cap
            from importlib import import_module

            base, _, iterations = level.partition("@")
            players = import_module(f"barclay_desktop.ai.{game_id}.players")
            return players.make_search_player(base, seed, iterations=int(iterations))
        if level in budgets:
            from importlib import import_module

            players = import_module(f"barclay_desktop.ai.{game_id}.players")
            iterations, cap = budgets[level]
            return players.make_search_player(level, seed, iterations=iterations, time_cap=cap)
        return make_player(game_id, level, seed)

    return make


def _one(args):
    game_id, a, b, seed, a_seat, budgets, options, style = args
    from barclay_desktop.ai.arena import play_game

    seats = SEATS[game_id]
    other = seats[1] if a_seat == seats[0] else seats[0]
    rec = play_game(game_id, {a_seat: a, other: b}, seed, make=_maker(budgets, style), options=options)
    return a_seat, rec.winner, rec.think[a_seat], rec.think[other], rec.moves


def parse_budgets(items: list[str]) -> dict:
    """level -> (iterations, time cap) from `--budget LEVEL=ITERATIONS[:CAP]` options; the cap
    defaults to 60 s, so that the iterations alone set the strength, whatever the machine's load."""
    budgets = {}
    for item in items:
        level, _, spec = item.partition("=")
        iters, _, cap = spec.partition(":")
        budgets[level] = (int(iters), float(cap or 60))
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


def log_think(path: str, seed: int, levels: tuple, a_seat: str, winner, moves: int, think: tuple) -> None:
    """One game's (wall, CPU) seconds per decision of level A and of level B: a long run's
    think times can be read, and judged against a cap, before the run ends."""
    import json

    with open(path, "a", encoding="utf-8") as out:
        out.write(json.dumps({"seed": seed, "levels": list(levels), "a_seat": a_seat, "winner": winner, "moves": moves,
                              "think": [[list(t) for t in pairs] for pairs in think]}) + "\n")


def main(argv=None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--game", default="barclay")
    p.add_argument("--a", required=True)
    p.add_argument("--b", required=True)
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--seat", choices=("both", "lcs", "abwehr", "red", "blue", "polish", "german"), default="both")
    p.add_argument("--scenario", help="Stawka: the scenario id (meeting, first_clash, chestnuts, ...)")
    p.add_argument("--think-log", help="append each game's think times to this file as a JSON line, as it ends")
    p.add_argument("--budget", action="append", default=[], help="LEVEL=ITERATIONS[:CAP], e.g. normal=400:60")
    p.add_argument("--style", action="append", default=[],
                   help="Stawka, level 'styled': one of Easy's weights changed, e.g. talk_far=0.175")
    args = p.parse_args(argv)
    style = {k: float(v) for k, _, v in (item.partition("=") for item in args.style)}
    budgets = parse_budgets(args.budget)
    options = {"scenario": args.scenario} if args.scenario else None
    tasks = []
    for i in range(args.games):
        if args.seat == "both":
            a_seat = SEATS[args.game][i % 2]
        else:
            a_seat = args.seat
        tasks.append((args.game, args.a, args.b, args.seed + i, a_seat, budgets, options, style))
    start = time.time()
    wins = {seat: [0, 0] for seat in SEATS[args.game]}  # a's seat -> [a wins, games]
    side = {seat: 0 for seat in SEATS[args.game]}
    think_a, think_b, moves = [], [], []
    with ProcessPoolExecutor(args.jobs) as pool:
        for i, (a_seat, winner, ta, tb, m) in enumerate(pool.map(_one, tasks)):
            # one line per game as it ends, so a long run can be read before it finishes
            print(f"game {i + 1}: {args.a} as {a_seat}, winner {winner}, {m} moves", flush=True)
            if args.think_log:
                log_think(args.think_log, args.seed + i, (args.a, args.b), a_seat, winner, m, (ta, tb))
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
    decisive = n - side.get(None, 0)
    if side.get(None) and decisive:  # Stawka's draws: the targets count decisive games
        print(f"  {args.a} in decisive games: {total}/{decisive} = {100 * total / decisive:.1f}% ({ci(total, decisive)})")
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
