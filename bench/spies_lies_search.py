"""Speed of the Spies & Lies search (ISMCTS iterations per CPU second) and its decisions.

    PYTHONPATH=. .venv/bin/python bench/spies_lies_search.py [--positions 30] [--levels normal,hard]
    PYTHONPATH=. .venv/bin/python bench/spies_lies_search.py --dump after.json --compare before.json

Positions come from Easy-vs-Easy games (two players strict, teams, open table; seeds
`--seed`, `--seed + 1`, `--seed + 2`): about a quarter of the decisions with a choice.
Each decision is made by a fresh player of the level, seeded `--seed + position index`,
with the time cap lifted, so the answer depends on the code alone, never on machine load.

Prints, per level, the decisions, the iterations searched and iterations per CPU second
(CPU time of choose() over all decisions), and a fingerprint of every decision: the action,
the iterations run and the player's random state afterwards. `--dump` writes the
decisions to a file; `--compare` checks them against an earlier dump (a change that only
makes the search faster must give the same fingerprints)."""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import random
import sys
import time

from barclay_desktop import ai
from barclay_desktop.ai.spies_lies import players as sl_players
from barclay_desktop.rules import game_class
from barclay_desktop.rules.core.actions import action_to_json

OPTIONS = ({}, {"teams": True}, {"open_table": True})


def positions(per_game: int, seed: int) -> list:
    """(view, legal) pairs met in Easy-vs-Easy games, `per_game` from each table option."""
    out = []
    for k, options in enumerate(OPTIONS):
        game = game_class("spies_lies").new(options, seed=seed + k, track_undo=False)
        rng = random.Random(seed + k)
        easy = {s: ai.make_player("spies_lies", "easy", seed + i) for i, s in enumerate(game.seats)}
        got = 0
        while not game.is_over() and got < per_game:
            seat = game.current_seat()
            legal = game.legal_actions(seat)
            if len(legal) > 1 and rng.random() < 0.25:
                out.append((game.view(seat), list(legal)))
                got += 1
            game.apply(easy[seat].choose(game.view(seat), legal), seat)
    return out


def run_level(level: str, spots: list, seed: int) -> tuple[list, float, int]:
    decisions, cpu, iters = [], 0.0, 0
    for i, (view, legal) in enumerate(spots):
        player = sl_players.make_search_player(level, seed + i, time_cap=math.inf)
        c = time.process_time()
        action = player.choose(view, legal)
        cpu += time.process_time() - c
        iters += player.last_iterations
        state = hashlib.sha1(repr(player.rng.getstate()).encode()).hexdigest()[:12]
        decisions.append([action_to_json(action), player.last_iterations, state])
    return decisions, cpu, iters


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--positions", type=int, default=30, help="positions per table option")
    p.add_argument("--levels", default="normal,hard")
    p.add_argument("--seed", type=int, default=500)
    p.add_argument("--dump", help="write the decisions to this JSON file")
    p.add_argument("--compare", help="compare the decisions with this earlier dump")
    args = p.parse_args()
    spots = positions(args.positions, args.seed)
    result = {}
    for level in args.levels.split(","):
        decisions, cpu, iters = run_level(level, spots, args.seed)
        result[level] = decisions
        digest = hashlib.sha1(json.dumps(decisions).encode()).hexdigest()[:12]
        print(f"{level}: {len(decisions)} decisions, {iters} iterations in {cpu:.2f} s CPU: "
              f"{iters / cpu:.0f} iterations per CPU second; fingerprint {digest}")
    if args.dump:
        with open(args.dump, "w", encoding="utf-8") as fh:
            json.dump(result, fh)
    if args.compare:
        with open(args.compare, encoding="utf-8") as fh:
            before = json.load(fh)
        same = True
        for level, decisions in result.items():
            old = before.get(level)
            if old is None:
                continue
            diff = [i for i, (a, b) in enumerate(zip(old, decisions)) if a != b]
            if diff or len(old) != len(decisions):
                same = False
            print(f"{level}: {len(decisions) - len(diff)}/{len(decisions)} decisions identical"
                  + (f"; first difference at position {diff[0]}: {old[diff[0]]} -> {decisions[diff[0]]}" if diff else ""))
        if not same:
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
