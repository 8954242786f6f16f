"""How much a computer player's thinking disturbs a 60 fps frame loop.

    .venv/bin/python bench/ai_frame_impact.py [--level normal] [--decisions 6]
    .venv/bin/python bench/ai_frame_impact.py --game stawka --scenario first_clash --level normal

A stand-in frame loop does ~3 ms of pure-Python work per frame and sleeps to 60 fps while
ThinkJobs run in each mode (thread, process). Prints the frame-time percentiles and the
share of frames over 1/60 s. No window is opened."""

from __future__ import annotations

import argparse
import random
import time

from barclay_desktop.ai import worker
from barclay_desktop.rules import game_class
from bench.ai_tournament import make_player

FRAME = 1 / 60


def frame_work(ms: float = 3.0) -> None:
    end = time.perf_counter() + ms / 1000
    x = 0
    while time.perf_counter() < end:
        x += sum(range(200))


def positions(n: int, game_id: str = "barclay", options: dict | None = None):
    g = game_class(game_id).new(options, seed=8, track_undo=False)
    rng = random.Random(8)
    out = []
    while len(out) < n and not g.is_over():
        seat = g.current_seat()
        legal = g.legal_actions(seat)
        started = game_id != "barclay" or g.state.revealed  # Barclay's opening bets are instant
        if started and len(legal) > 1 and rng.random() < 0.3:
            out.append((g.view(seat), legal))
        g.apply(rng.choice(legal), seat)
    return out


def run(mode: str, level: str, decisions: list, game_id: str = "barclay") -> list[float]:
    frames = []
    player = make_player(game_id, level, 1)
    for view, legal in decisions:
        job = worker.ThinkJob(player, view, legal, mode=mode)
        while True:
            start = time.perf_counter()
            frame_work()
            if job.done():
                job.result()
                break
            spent = time.perf_counter() - start
            if spent < FRAME:
                time.sleep(FRAME - spent)
            frames.append(time.perf_counter() - start)
    return frames


def idle(seconds: float) -> list[float]:
    """The same loop with nothing thinking: the baseline on this machine right now."""
    frames = []
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        start = time.perf_counter()
        frame_work()
        spent = time.perf_counter() - start
        if spent < FRAME:
            time.sleep(FRAME - spent)
        frames.append(time.perf_counter() - start)
    return frames


def report(mode: str, frames: list[float]) -> None:
    xs = sorted(frames)
    late = sum(1 for f in xs if f > FRAME * 1.1)
    print(
        f"{mode:8s} frames={len(xs)} median {1000 * xs[len(xs) // 2]:.1f} ms p95 {1000 * xs[int(.95 * len(xs))]:.1f} ms "
        f"max {1000 * xs[-1]:.1f} ms; over 18.3 ms: {100 * late / len(xs):.1f}%"
    )


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--level", default="normal")
    p.add_argument("--decisions", type=int, default=6)
    p.add_argument("--game", default="barclay")
    p.add_argument("--scenario", help="Stawka: the scenario id (meeting, first_clash, ...)")
    args = p.parse_args()
    decisions = positions(args.decisions, args.game, {"scenario": args.scenario} if args.scenario else None)
    worker.warm_up()
    time.sleep(2)
    report("no AI", idle(3.0))
    for mode in ("thread", "process"):
        report(mode, run(mode, args.level, decisions, args.game))
    report("no AI", idle(3.0))
    worker.shutdown()


if __name__ == "__main__":
    main()
