"""Instructions a workload costs, counted by valgrind: a speed figure the machine's load cannot move.

    PYTHONPATH=. .venv/bin/python bench/instructions.py [barclay_rules spies_lies_rules
        barclay_search spies_lies_search barclay_search_hard stawka_rules]

On a machine shared with other jobs, seconds (even CPU seconds) of the same code vary by
20-30% from run to run; the instructions executed vary by about 0.1%. Each workload runs
twice under `valgrind --tool=cachegrind --cache-sim=no`, once only setting up (imports,
positions, warm memos) and once setting up and then working; the difference is printed.
Instructions are not time (a cache miss costs more than an add), but a change that only
saves work shows here at once. Needs valgrind on the PATH; a run takes about a minute.
"""

from __future__ import annotations

import math
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORKLOADS = ("barclay_rules", "spies_lies_rules", "barclay_search", "spies_lies_search", "barclay_search_hard",
             "stawka_rules")


def _work(name: str):
    """(set-up, work) for a workload: the work runs only after the set-up."""
    if name == "barclay_rules":
        from bench.barclay_rules import _imports, play_random

        cls, _ = _imports()
        return (lambda: play_random(cls, 1)), (lambda: _each(range(40), lambda i: play_random(cls, 10_000 + i)))
    if name == "spies_lies_rules":
        from barclay_desktop.rules import game_class
        from bench.spies_lies_rules import random_game

        cls = game_class("spies_lies")
        return (lambda: random_game(cls, {}, 1, False)), (lambda: _each(range(100), lambda i: random_game(cls, {}, i, False)))
    if name in ("barclay_search", "barclay_search_hard"):
        from barclay_desktop.ai.barclay.players import make_search_player
        from bench.ai_think_time import positions

        level, n = ("normal", 8) if name == "barclay_search" else ("hard", 4)
        spots = []
        return (lambda: spots.extend(positions(n, 11))), (lambda: _each(range(len(spots)), lambda i: (
            make_search_player(level, 11_000 + i, time_cap=math.inf).choose(*spots[i]))))
    if name == "spies_lies_search":
        from barclay_desktop.ai.spies_lies.players import make_search_player as spies_player
        from bench.spies_lies_search import positions as spies_positions

        spots = []
        return (lambda: spots.extend(spies_positions(3, 500))), (lambda: _each(range(len(spots)), lambda i: (
            spies_player("normal", 500 + i, time_cap=math.inf).choose(*spots[i]))))
    if name == "stawka_rules":  # Meeting's random games: the engine's own speed (issue 38: "not slower")
        from barclay_desktop.rules import game_class
        from bench.stawka_rules import play_random as stawka_random

        cls = game_class("stawka")
        meeting = {"scenario": "meeting"}
        return (lambda: stawka_random(cls, meeting, 1)), (lambda: _each(range(20), lambda i: (
            stawka_random(cls, meeting, 10_000 + i))))
    raise SystemExit(f"unknown workload {name!r}; one of {', '.join(WORKLOADS)}")


def _each(items, do) -> None:
    """do(item) for each item, keeping nothing: a list of finished games would grow the
    garbage collector's work and count instructions that are not the workload's."""
    for item in items:
        do(item)


def _inner(name: str, stage: str) -> None:
    setup, work = _work(name)
    setup()
    if stage == "run":
        work()


def _count(name: str, stage: str) -> int:
    cmd = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
           sys.executable, str(Path(__file__).resolve()), "--inner", name, stage]
    out = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=True).stderr
    found = re.search(r"I\s+refs:\s+([\d,]+)", out)
    if found is None:
        raise SystemExit(f"valgrind printed no instruction count:\n{out[-2000:]}")
    return int(found.group(1).replace(",", ""))


def main(argv: list[str]) -> int:
    if argv[:1] == ["--inner"]:
        _inner(argv[1], argv[2])
        return 0
    for name in argv or WORKLOADS:
        n = _count(name, "run") - _count(name, "setup")
        print(f"{name}: {n / 1e6:,.1f} million instructions", flush=True)
    return 0


if __name__ == "__main__":
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    sys.exit(main(sys.argv[1:]))
