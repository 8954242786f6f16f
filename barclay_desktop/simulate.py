"""`python -m barclay_desktop simulate`: play many complete games between automatic players.

Prints games, wins per side (with 95% confidence intervals), how games ended,
mean length, errors (each with its seed), seconds and games per second.
`--check` verifies the invariants after every action, that no seat's view
leaks its probes, and that a save/load at random points continues identically.
`--twins` compares each seat's view and log lines with twin states that differ only
in what the seat may not know (rules/core/twin.py), before and after every action.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
import traceback
from collections import Counter

from . import games
from .rules import game_class
from .rules.core.twin import check_every_seat, check_next_action


def wilson_interval(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 0.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


class RandomPlayer:
    """Uniform among legal actions: the baseline every level is measured against."""

    needs_view = False

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def choose(self, view, legal):
        return self.rng.choice(legal)


def make_player(game_id: str, level: str, seed: int):
    if level == "random":
        return RandomPlayer(seed)
    from . import ai

    return ai.make_player(game_id, level, seed)


def side_of(game, seat: str) -> str:
    fn = getattr(game, "side_of", None)
    return fn(seat) if fn else seat


def build_options(args) -> dict:
    options: dict = {}
    if args.teams:
        options["teams"] = True
    if args.open_table:
        options["open_table"] = True
    if args.scenario:
        options["scenario"] = args.scenario
    if args.no_leaks:
        if args.game != "barclay":
            raise SystemExit("--no-leaks is an Operation Barclay option (--game barclay)")
        options["leak_cards"] = False  # the printed rule: no leak cards (issue 31)
    return options


def seat_levels(game, levels: list[str]) -> dict[str, str]:
    seats = list(game.seats)
    if len(levels) == len(seats):
        return dict(zip(seats, levels))
    sides = list(dict.fromkeys(side_of(game, s) for s in seats))
    if len(levels) == len(sides):  # one level per side (team play)
        per_side = dict(zip(sides, levels))
        return {s: per_side[side_of(game, s)] for s in seats}
    raise SystemExit(f"--players needs {len(seats)} levels (one per seat: {','.join(seats)})")


class CheckFailure(AssertionError):
    pass


def check_after_action(game, checked_events: int) -> int:
    """Invariants and leak probes; the log is checked incrementally (events are immutable)."""
    game.check_invariants()
    log = game.state.log
    for seat in list(game.seats) + [None]:
        view = game.view(seat)
        view.pop("log", None)
        new = [e for e in log[checked_events:] if e.visible_to(seat)]
        probes = game.leak_probes(seat)
        # events written before a hidden card became hidden again in this action (Stawka: a reaction card face up
        # in the discard, then shuffled into the new deck and drawn, A5-A6) named it while it was public
        cut, public_then = game.stale_probes(new) if hasattr(game, "stale_probes") else (0, ())
        older = [p for p in probes if not p.startswith(public_then)] if public_then else probes
        for text, checked in ((json.dumps(view), probes), (json.dumps([e.to_json() for e in new[:cut]]), older),
                              (json.dumps([e.to_json() for e in new[cut:]]), probes)):
            for probe in checked:
                if probe in text:
                    raise CheckFailure(f"view({seat}) leaks {probe!r}")
    return len(log)


def reload(game):
    data = json.loads(json.dumps(game.to_json()))
    copy = type(game).from_json(data, track_undo=False)
    if copy.to_json() != game.to_json():
        raise CheckFailure("save/load changed the game")
    return copy


def capped(game, stage_cap: int) -> bool:
    """F3: an open-ended Stawka game between computers may never end; simulate alone stops it once stage
    `stage_cap` is over (the next stage has begun), and counts it as "capped", never as a result."""
    return bool(stage_cap) and not game.is_over() and getattr(game.state, "stage", 0) > stage_cap


def play_one(cls, options: dict, seed: int, levels: list[str], check: bool, max_actions: int = 20000,
             twins: bool = False, stage_cap: int = 0):
    game = cls.new(options, seed, track_undo=False)
    twin_rng = random.Random(seed)
    by_seat = seat_levels(game, levels)
    players = {seat: make_player(cls.GAME_ID, lvl, seed * 31 + i) for i, (seat, lvl) in enumerate(by_seat.items())}
    twin = None
    save_points = random.Random(seed).sample(range(1, 400), 3) if check else []
    actions = checked = 0
    while not game.is_over():
        seat = game.current_seat()
        legal = game.legal_actions(seat)
        if not legal:
            raise CheckFailure(f"no legal action for {seat} in a running game")
        player = players[seat]
        view = game.view(seat) if getattr(player, "needs_view", True) else None
        action = player.choose(view, legal)
        if twins:
            pairs, since = check_every_seat(game, twin_rng), len(game.state.log)
        game.apply(action, seat)
        if twins:
            check_next_action(game, pairs, seat, action, since, twin_rng)
        actions += 1
        if check:
            checked = check_after_action(game, checked)
            if twin is not None:
                twin.apply(action, seat)
            if actions in save_points:
                twin = reload(game)
        if actions > max_actions:
            raise CheckFailure(f"the game did not end within {max_actions} actions")
        if capped(game, stage_cap):
            break
    if twin is not None and twin.to_json()["state"] != game.to_json()["state"]:
        raise CheckFailure("the reloaded game did not continue identically")
    return game, actions


def card_counts(game) -> dict:
    """Stawka ADVANCED (issue 35, plan section 4: the windows a table meets): reaction windows answered, reaction
    cards played, blocks, location cards converted and used, read from one game's log; {} for other games."""
    if getattr(game, "GAME_ID", "") != "stawka" or getattr(game.state, "level", "") != "advanced":
        return {}
    c = Counter(e.kind for e in game.state.log)
    return {"windows": c["reaction_played"] + c["reaction_passed"], "played": c["reaction_played"],
            "blocks": c["reaction_blocked"], "conversions": c["location_converted"],
            "card uses": c["location_used"] + c["hideout"]}


def play_task(task) -> dict:
    """One game as a plain record (picklable, for worker processes); failures carry their seed."""
    game_id, options, seed, levels, check, twins, stage_cap = task
    try:
        game, n = play_one(game_class(game_id), options, seed, levels, check, twins=twins, stage_cap=stage_cap)
    except Exception as exc:  # every failure is counted and reported with its seed
        return {"seed": seed, "error": f"{type(exc).__name__}: {exc}", "trace": traceback.format_exc(limit=6)}
    if capped(game, stage_cap):  # F3: its own ending, no winner and no draw
        return {"winner": None, "kind": "capped", "actions": n, "counts": card_counts(game)}
    res = game.result
    return {"winner": res.winner if res.winner is not None else "draw", "kind": res.kind, "actions": n,
            "counts": card_counts(game)}


def _outcomes(tasks: list, jobs: int):
    """Game records in seed order; with jobs > 1 the games run in that many processes
    (each game is seeded on its own, so the results do not depend on the job count)."""
    if jobs <= 1:
        yield from map(play_task, tasks)
        return
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(jobs) as pool:
        yield from pool.map(play_task, tasks, chunksize=max(1, min(20, len(tasks) // (4 * jobs))))


def run(args) -> dict:
    cls = game_class(args.game)
    options = build_options(args)
    levels = args.players.split(",")
    wins: Counter = Counter()
    kinds: Counter = Counter()
    errors: list[dict] = []
    lengths: list[int] = []
    counts: Counter = Counter()
    started = time.perf_counter()
    tasks = [(args.game, task_options(args, options, i), args.seed + i, levels, args.check, args.twins,
              getattr(args, "stage_cap", 0)) for i in range(args.games)]
    spread = FreeSpread() if options.get("scenario") == "free" else None
    for task, outcome in zip(tasks, _outcomes(tasks, args.jobs)):
        if spread is not None:
            spread.add(task[1]["free"], outcome)
        if "error" in outcome:
            errors.append(outcome)
            continue
        if outcome["winner"] is not None:  # a capped game has no result (F3)
            wins[outcome["winner"]] += 1
        kinds[outcome["kind"]] += 1
        lengths.append(outcome["actions"])
        counts.update(outcome.get("counts") or {})
    seconds = time.perf_counter() - started
    finished = len(lengths)
    decided = sum(wins.values())  # the win rates leave capped games out
    return {
        "game": args.game,
        "players": levels,
        "options": options,
        "games": args.games,
        "wins": dict(wins),
        "win_rate_ci95": {k: [round(x, 4) for x in wilson_interval(v, decided)] for k, v in wins.items()},
        "endings": dict(kinds),
        "mean_length": round(sum(lengths) / finished, 1) if finished else 0,
        "per_game": {k: round(v / finished, 2) for k, v in counts.items()} if finished else {},
        "errors": len(errors),
        "error_details": errors[:20],
        "seconds": round(seconds, 3),
        "games_per_second": round(args.games / seconds, 2) if seconds else 0.0,
        **({"free": spread.report()} if spread is not None else {}),
    }


def task_options(args, options: dict, i: int) -> dict:
    """Stawka free scenarios: task i plays the random scenario of seed free_seed + i (the same for any --jobs)."""
    if options.get("scenario") != "free":
        return options
    from .rules.stawka.free_scenario import random_spec

    return {**options, "free": random_spec(args.free_seed + i)}


class FreeSpread:
    """What the random free scenarios covered (sectors, levels, victory options) and how each option ended."""

    def __init__(self):
        self.counts = {"sectors": Counter(), "levels": Counter(), "options": Counter()}
        self.results: dict[str, Counter] = {}

    def add(self, spec: dict, outcome: dict) -> None:
        from .rules.stawka.free_scenario import describe

        facts = describe(spec)
        for key, fact in (("sectors", facts["sectors"]), ("levels", facts["level"]), ("options", facts["option"])):
            self.counts[key][str(fact)] += 1
        result = "error" if "error" in outcome else outcome["winner"] or outcome["kind"]
        self.results.setdefault(f'{facts["level"]}/{facts["option"]}', Counter())[result] += 1

    def report(self) -> dict:
        return {**{k: dict(sorted(v.items())) for k, v in self.counts.items()},
                "results": {k: dict(sorted(v.items())) for k, v in sorted(self.results.items())}}


def print_summary(report: dict) -> None:
    print(f"game: {report['game']}  players: {','.join(report['players'])}")
    if report.get("options"):
        print("options: " + ", ".join(f"{k} {v}" for k, v in report["options"].items()))
    print(f"games: {report['games']}")
    finished = sum(report["wins"].values())
    for side, n in sorted(report["wins"].items()):
        lo, hi = report["win_rate_ci95"][side]
        print(f"  wins {side}: {n} ({100 * n / max(1, finished):.1f}%, 95% CI {100 * lo:.1f}-{100 * hi:.1f}%)")
    print("endings: " + ", ".join(f"{k} {v}" for k, v in sorted(report["endings"].items())))
    print(f"mean length: {report['mean_length']} actions")
    if report.get("per_game"):
        print("per game: " + ", ".join(f"{k} {v}" for k, v in report["per_game"].items()))
    print(f"errors: {report['errors']}")
    for err in report["error_details"]:
        print(f"  seed {err['seed']}: {err['error']}")
    print(f"seconds: {report['seconds']}  games/second: {report['games_per_second']}")
    if report.get("free"):
        free = report["free"]
        for key in ("sectors", "levels", "options"):
            print(f"free {key}: " + ", ".join(f"{k} {v}" for k, v in free[key].items()))
        for key, results in free["results"].items():
            print(f"  {key}: " + ", ".join(f"{k} {v}" for k, v in results.items()))


def parse_args(argv: list[str]):
    p = argparse.ArgumentParser(prog="python -m barclay_desktop simulate")
    p.add_argument("--game", required=True, choices=games.playable_ids())
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--players", default="random,random", help="one level per seat in seat order: random, easy, normal, hard")
    p.add_argument("--jobs", type=int, default=1, help="worker processes (results do not depend on it)")
    p.add_argument("--check", action="store_true", help="verify invariants, views and save/load after every action")
    p.add_argument("--twins", action="store_true",
                   help="also compare every seat's view and log lines with twin states before each action (slow)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--teams", action="store_true", help="Spies & Lies: 2 vs 2")
    p.add_argument("--open-table", action="store_true", help="Spies & Lies: open-table deployment (ruling S9)")
    p.add_argument("--scenario", default=None, help="Stawka: scenario id, e.g. meeting")
    p.add_argument("--no-leaks", action="store_true",
                   help="Barclay: the printed rule, without the leak cards' extra flips (balance variant off)")
    p.add_argument("--free-seed", type=int, default=1,
                   help="Stawka --scenario free: game i plays the random free scenario of seed FREE_SEED + i")
    p.add_argument("--stage-cap", type=int, default=0,
                   help="Stawka: stop a game once this stage is over and count it as 'capped' (open-ended films)")
    return p.parse_args(argv)


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    report = run(args)
    if args.json:
        out = {k: report[k] for k in ("games", "options", "wins", "errors", "seconds", "games_per_second")}
        out.update({k: report[k] for k in ("win_rate_ci95", "endings", "mean_length")})
        if report.get("free"):
            out["free"] = report["free"]
        if report["per_game"]:
            out["per_game"] = report["per_game"]
        print(json.dumps(out))
    else:
        print_summary(report)
    return 1 if report["errors"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
