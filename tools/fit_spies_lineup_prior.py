"""Fit the Spies & Lies line-up prior the Hard level reads (`assets/data/spies_lies/lineup_prior.json`).

    .venv/bin/python tools/fit_spies_lineup_prior.py --level normal --games 120 --seed 1000 [--jobs 2] [--write]

Plays `--games` two-player games between computer players of `--level`, records every
line-up each side deployed with the troops it had (ten minus its eliminated ones), and fits,
per day, a weight per rank and mission such that a line-up's chance is proportional to the
product of its weights over the in-order line-ups the side could have made (maximum
likelihood with a ridge penalty towards the uniform model, so that no weight is zero). Prints the observed and the uniform-model
frequencies side by side; `--write` stores the table.

Why: Normal and Hard do not deploy uniformly (the Sergeant goes last, strong troops are kept
for later days...). A seat that knows how computer players usually line up guesses better,
the way a human learns an opponent's habits; it never sees the current game's hidden troops.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections import defaultdict
from multiprocessing import Pool
from pathlib import Path

RANKS = range(1, 11)
# No rank weighs less than this at any mission: a person who lines up unlike the computer
# players is read as unusual, not as impossible.
FLOOR = 0.05
OUT = Path(__file__).resolve().parents[1] / "assets" / "data" / "spies_lies" / "lineup_prior.json"


def play_and_record(args) -> list:
    """[(day, line-up, eliminated)] for both sides of one game."""
    level, seed = args
    from barclay_desktop import ai
    from barclay_desktop.rules import game_class

    game = game_class("spies_lies").new(seed=seed, track_undo=False)
    players = {s: ai.make_player("spies_lies", level, seed * 1000 + i) for i, s in enumerate(sorted(game.seats))}
    out, before = [], game.state.phase
    while not game.is_over():
        seat = game.current_seat()
        game.apply(players[seat].choose(game.view(seat), game.legal_actions(seat)), seat)
        s = game.state
        if before == "deploy" and s.phase != "deploy":
            out += [(s.day, tuple(s.side(side).slots), tuple(s.side(side).eliminated)) for side in ("red", "blue")]
        before = s.phase
    return out


def choices(eliminated: tuple) -> tuple:
    """Every in-order line-up of the troops not eliminated (the model's support)."""
    from barclay_desktop.ai.spies_lies.knowledge import HIDDEN, lineups

    avail = tuple(r for r in RANKS if r not in eliminated)
    return lineups((HIDDEN,) * 4, avail, (-1,) * 4, frozenset(), True)[0]


def expected(groups: dict, theta: list) -> list:
    """Per mission and rank, the expected count of the model with log-weights `theta`;
    `groups` maps eliminated troops -> how many records had them."""
    out = [[0.0] * 11 for _ in range(4)]
    for elim, count in groups.items():
        lines = choices(elim)
        ws = [math.exp(sum(theta[m][r] for m, r in enumerate(line))) for line in lines]
        total = sum(ws)
        for line, w in zip(lines, ws):
            for m, r in enumerate(line):
                out[m][r] += count * w / total
    return out


def fit_day(records: list, rounds: int = 300, step: float = 2.0, ridge: float = 0.01) -> tuple:
    """(weights, observed, uniform expected) for one day's records [(line-up, eliminated)]:
    maximum likelihood of the log-weights by gradient ascent, pulled towards the uniform
    model (weight 1) by a ridge penalty so that a rank never seen at a mission keeps a
    small weight rather than none."""
    n = len(records)
    observed = [[0.0] * 11 for _ in range(4)]
    groups: dict = defaultdict(int)
    for line, elim in records:
        groups[tuple(sorted(elim))] += 1
        for m, r in enumerate(line):
            observed[m][r] += 1
    theta = [[0.0] * 11 for _ in range(4)]
    uniform = expected(groups, theta)
    for _ in range(rounds):
        got = expected(groups, theta)
        for m in range(4):
            for r in RANKS:
                theta[m][r] += step * ((observed[m][r] - got[m][r]) / n - ridge * theta[m][r])
    weights = []
    for m in range(4):
        top = max(theta[m][r] for r in RANKS)
        weights.append([0.0] + [max(FLOOR, round(math.exp(theta[m][r] - top), 4)) for r in RANKS])
    return weights, observed, uniform


def main(argv=None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--level", default="normal")
    p.add_argument("--games", type=int, default=120)
    p.add_argument("--seed", type=int, default=1000)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--records", help="read records from this JSON-lines file ({day, slots, elim} per line) instead of playing")
    p.add_argument("--write", action="store_true")
    args = p.parse_args(argv)
    if args.records:
        rows = [json.loads(x) for x in Path(args.records).read_text().splitlines() if x.strip()]
        records = [(r["day"], tuple(r["slots"]), tuple(r["elim"])) for r in rows]
        source = f"{len(rows) // 6} games read from {Path(args.records).name} (as --games writes them)"
    else:
        with Pool(args.jobs) as pool:
            games = pool.map(play_and_record, [(args.level, args.seed + i) for i in range(args.games)])
        records = [rec for g in games for rec in g]
        source = f"{args.games} {args.level}-vs-{args.level} games, seeds {args.seed}-{args.seed + args.games - 1}"
    by_day = defaultdict(list)
    for day, line, elim in records:
        by_day[day].append((line, elim))
    table = {}
    for day in sorted(by_day):
        weights, observed, uniform = fit_day(by_day[day])
        table[str(day)] = weights
        n = len(by_day[day])
        print(f"day {day}: {n} line-ups; per mission, rank: observed % / uniform-model % -> weight")
        for m in range(4):
            cells = [f"{r}:{100 * observed[m][r] / n:.0f}/{100 * uniform[m][r] / n:.0f}->{weights[m][r]:.2f}"
                     for r in RANKS if observed[m][r] or uniform[m][r] > 0.005 * n]
            print(f"  mission {m + 1}: " + "  ".join(cells))
    if args.write:
        doc = {"source": source, "fitted_by": "tools/fit_spies_lineup_prior.py", "weights": table}
        OUT.write_text(json.dumps(doc, indent=1) + "\n")
        print(f"written {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
