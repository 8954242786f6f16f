"""Barclay games between the same level's search from two source trees (new code against old).

    PYTHONPATH=. .venv/bin/python bench/ai_versus.py --new . --old /tmp/bsearch/base \
        --level normal --iterations 400 --games 200 --seed 38000 [--until 06:45]

Both players cannot be imported in one process (the same module names), so each runs in a
subprocess of its own with its tree on PYTHONPATH (`--serve`). This process plays the games
with its own tree's engine and sends a player only what a player gets: `view(seat)` as JSON
and the legal actions (`action_to_json`); the player answers with the index of its choice
and the CPU seconds it took. Game i uses seed `--seed + i`; the new player takes the LCS in
even games and the Abwehr in odd ones; each player's generator is seeded as
`ai.arena.play_game` seeds it for its seat. The search's time cap is lifted (`--cap`), so
the iterations alone set the strength. With `--until HH:MM` (UTC) no game starts after that
time and only finished games count.

Prints one line per game, then the wins per player and per seat, the new player's share of
the decisive games with its 95% Wilson interval, and each player's CPU median per decision."""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import subprocess
import sys
import time
from pathlib import Path

SEATS = ("lcs", "abwehr")
SEAT_INDEX = {"abwehr": 0, "lcs": 1}  # arena.play_game seeds players in sorted seat order


def serve(level: str, iterations: int, cap: float) -> int:
    """A player's process: a line {"seed": n} starts a new player; {"view", "legal"} asks it."""
    from barclay_desktop.ai.barclay.players import make_search_player
    from barclay_desktop.rules import game_class

    actions = game_class("barclay").ACTIONS
    player = None
    for line in sys.stdin:
        msg = json.loads(line)
        if "seed" in msg:
            player = make_search_player(level, msg["seed"], iterations=iterations, time_cap=cap)
            answer = {"ok": True}
        else:
            legal = [actions.from_json(a) for a in msg["legal"]]
            cpu = time.process_time()
            choice = player.choose(msg["view"], legal)
            cpu = time.process_time() - cpu
            answer = {"index": next(i for i, a in enumerate(legal) if a is choice), "cpu": cpu}
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()
    return 0


class Remote:
    """A player process running one tree's code."""

    def __init__(self, tree: str, args):
        root = str(Path(tree).resolve())
        env = dict(os.environ, PYTHONPATH=root)
        cmd = [sys.executable, str(Path(__file__).resolve()), "--serve", "--level", args.level,
               "--iterations", str(args.iterations), "--cap", str(args.cap)]
        self.proc = subprocess.Popen(cmd, cwd=root, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.cpu: list[float] = []

    def ask(self, msg: dict) -> dict:
        self.proc.stdin.write(json.dumps(msg) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("a player process ended")
        return json.loads(line)

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait()


def play(players: dict, seed: int) -> tuple:
    """One game; players: seat -> Remote. (winner, moves)."""
    from barclay_desktop.rules import game_class
    from barclay_desktop.rules.core.actions import action_to_json

    game = game_class("barclay").new(None, seed=seed, track_undo=False)
    for seat, remote in players.items():
        remote.ask({"seed": seed * 1000 + SEAT_INDEX[seat]})
    moves = 0
    while not game.is_over():
        seat = game.current_seat()
        legal = game.legal_actions(seat)
        if len(legal) == 1:
            action = legal[0]  # Player.choose answers these at once, without search
        else:
            answer = players[seat].ask({"view": game.view(seat), "legal": [action_to_json(a) for a in legal]})
            players[seat].cpu.append(answer["cpu"])
            action = legal[answer["index"]]
        game.apply(action, seat)
        moves += 1
    return game.result.winner, moves


def median(xs: list) -> float:
    xs = sorted(xs)
    return xs[len(xs) // 2] if xs else 0.0


def past(until: str | None) -> bool:
    if not until:
        return False
    now = dt.datetime.now(dt.timezone.utc)
    hour, minute = map(int, until.split(":"))
    return (now.hour, now.minute) >= (hour, minute)


def main(argv=None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--new", default=".")
    p.add_argument("--old", required="--serve" not in (argv or sys.argv))
    p.add_argument("--level", default="normal")
    p.add_argument("--iterations", type=int, default=400)
    p.add_argument("--cap", type=float, default=60.0)
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seed", type=int, default=38000)
    p.add_argument("--until", help="HH:MM UTC: start no game after it")
    args = p.parse_args(argv)
    if args.serve:
        return serve(args.level, args.iterations, args.cap)
    from barclay_desktop.simulate import wilson_interval

    new, old = Remote(args.new, args), Remote(args.old, args)
    wins = {"new": {s: [0, 0] for s in SEATS}, "old": {s: [0, 0] for s in SEATS}}  # player -> seat -> [won, played]
    start = time.time()
    played = 0
    try:
        for i in range(args.games):
            if past(args.until):
                print(f"stopped at {args.until} UTC before game {i + 1}", flush=True)
                break
            new_seat = SEATS[i % 2]
            old_seat = SEATS[1 - i % 2]
            winner, moves = play({new_seat: new, old_seat: old}, args.seed + i)
            played += 1
            for name, seat in (("new", new_seat), ("old", old_seat)):
                wins[name][seat][1] += 1
                wins[name][seat][0] += winner == seat
            print(f"game {i + 1} (seed {args.seed + i}): new as {new_seat}, winner {winner}, {moves} moves", flush=True)
    finally:
        new.close()
        old.close()
    print(f"{played} games in {time.time() - start:.0f}s ({args.level}, {args.iterations} iterations, cap {args.cap} s)")
    for name in ("new", "old"):
        total = sum(w for w, _ in wins[name].values())
        per_seat = ", ".join(f"as {s} {w}/{g}" for s, (w, g) in wins[name].items())
        print(f"  {name}: {total} wins ({per_seat})")
    new_wins = sum(w for w, _ in wins["new"].values())
    decisive = new_wins + sum(w for w, _ in wins["old"].values())
    if decisive:
        lo, hi = wilson_interval(new_wins, decisive)
        print(f"  new's share of the {decisive} decisive games: {100 * new_wins / decisive:.1f}% "
              f"(95% Wilson interval {100 * lo:.1f}-{100 * hi:.1f}%)")
    for name, remote in (("new", new), ("old", old)):
        print(f"  {name}: {len(remote.cpu)} decisions, CPU median {median(remote.cpu):.4f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
