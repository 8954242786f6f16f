"""Stawka rules benchmark: per-operation figures from one run, for each playable scenario.

    .venv/bin/python bench/stawka_rules.py [--scenario meeting|first_clash|all]

Prints, per scenario, complete random games per second (every action validated by apply()),
with and without undo tracking, the cost of a state clone, of legal_actions() and of view(),
and save / load times of a mid-game state. Games per CPU second are printed too: on a busy
machine they are the steadier figure.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ("meeting", "first_clash")


def _game_class():
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from barclay_desktop.rules import game_class

    return game_class("stawka")


def play_random(cls, options: dict, seed: int, track_undo: bool = False):
    game = cls.new(options, seed=seed, track_undo=track_undo)
    rng = random.Random(seed)
    while not game.is_over():
        seat = game.current_seat()
        game.apply(rng.choice(game.legal_actions(seat)), seat)  # apply() re-validates legality
    return game


def games_per_second(cls, options: dict, seconds: float, track_undo: bool) -> tuple[float, float, float]:
    """(games per wall second, per CPU second, counted steps per game)."""
    start, cpu = time.perf_counter(), time.process_time()
    n = actions = 0
    while time.perf_counter() - start < seconds:
        game = play_random(cls, options, 10_000 + n, track_undo)
        actions += sum(1 for e in game.state.log if e.kind in ("move", "converse", "search", "plan_chosen"))
        n += 1
    elapsed, cpu_used = time.perf_counter() - start, time.process_time() - cpu
    return n / elapsed, n / cpu_used, actions / n


def mid_game(cls, options: dict, seed: int = 7, actions: int = 40):
    game = cls.new(options, seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        if game.is_over():
            break
        seat = game.current_seat()
        game.apply(rng.choice(game.legal_actions(seat)), seat)
    return game


def per_call_us(fn, repeat: int) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        fn()
    return (time.perf_counter() - start) / repeat * 1e6


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--scenario", default="all", choices=SCENARIOS + ("all",))
    args = p.parse_args(argv)
    cls = _game_class()
    for scenario in SCENARIOS if args.scenario == "all" else (args.scenario,):
        print(f"[{scenario}]")
        report(cls, {"scenario": scenario})
    return 0


def report(cls, options: dict) -> None:
    game = mid_game(cls, options)
    seat = game.current_seat()
    text = json.dumps(game.to_json())

    def fresh_legal():
        game._token += 1  # defeat the cache: measure the rules, not the lookup
        return game.legal_actions(seat)

    gps, gps_cpu, steps = games_per_second(cls, options, 3.0, track_undo=False)
    gps_undo, _, _ = games_per_second(cls, options, 2.0, track_undo=True)
    figures = {
        "random_games_per_second_validated": round(gps, 1),
        "random_games_per_cpu_second_validated": round(gps_cpu, 1),
        "random_games_per_second_validated_with_undo": round(gps_undo, 1),
        "moves_talks_searches_plans_per_game": round(steps, 1),
        "state_clone_us": round(per_call_us(game.state.clone, 5_000), 2),
        "legal_actions_us": round(per_call_us(fresh_legal, 500), 1),
        "view_us": round(per_call_us(lambda: game.view(seat), 500), 1),
        "save_ms": round(per_call_us(lambda: json.dumps(game.to_json()), 100) / 1000, 3),
        "load_ms": round(per_call_us(lambda: cls.from_json(json.loads(text)), 100) / 1000, 3),
        "save_bytes": len(text),
    }
    for key, value in figures.items():
        print(f"  {key}: {value}")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
