"""Think time of the shipped levels on positions from a self-play game (CPU and wall).

    .venv/bin/python bench/ai_think_time.py [--positions 20] [--levels normal,hard]
    .venv/bin/python bench/ai_think_time.py --game stawka --levels easy --positions 40
    .venv/bin/python bench/ai_think_time.py --game stawka --scenario first_clash --levels normal,hard

Stawka Easy answers well inside a frame (median under 1 ms; the client cares about 50 ms);
that figure was a test's wall-clock assertion until issue 33 moved it here.

CPU time is what a player costs on an idle core; wall time includes whatever else the
machine is doing. Only decisions with a choice are timed (one legal action is instant).
Search levels also print their iterations per CPU second over all timed decisions.
Run it with PYTHONPATH=. so that the checkout's code is imported."""

from __future__ import annotations

import argparse
import random
import time

from barclay_desktop import ai
from barclay_desktop.rules import game_class
from bench.ai_tournament import make_player


def positions(n: int, seed: int, game_id: str = "barclay", options: dict | None = None):
    game = game_class(game_id).new(options, seed=seed, track_undo=False)
    rng = random.Random(seed)
    easy = {s: ai.make_player(game_id, "easy", seed + i) for i, s in enumerate(game.seats)}
    out = []
    while not game.is_over() and len(out) < n:
        seat = game.current_seat()
        legal = game.legal_actions(seat)
        started = game_id != "barclay" or game.state.revealed  # Barclay's opening bets are instant
        if started and len(legal) > 1 and rng.random() < 0.25:
            out.append((game.view(seat), legal))
        game.apply(easy[seat].choose(game.view(seat), legal), seat)
    return out


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--positions", type=int, default=20)
    p.add_argument("--levels", default="normal,hard")
    p.add_argument("--seed", type=int, default=11)
    p.add_argument("--game", default="barclay")
    p.add_argument("--scenario", help="Stawka: the scenario id (meeting, first_clash, ...)")
    args = p.parse_args()
    spots = positions(args.positions, args.seed, args.game, {"scenario": args.scenario} if args.scenario else None)
    for level in args.levels.split(","):
        player = make_player(args.game, level, 1)
        cpu, wall, iters = [], [], []
        for view, legal in spots:
            if hasattr(player, "last_iterations"):
                player.last_iterations = 0  # a decision made without a search (a flip) runs none
            w, c = time.perf_counter(), time.process_time()
            player.choose(view, legal)
            cpu.append(time.process_time() - c)
            wall.append(time.perf_counter() - w)
            iters.append(getattr(player, "last_iterations", 0))
        searched = sum(1 for i in iters if i)
        search_cpu = sum(c for c, i in zip(cpu, iters) if i)
        iters = [i for i in iters if i] or [0]
        cpu.sort()
        wall.sort()
        k = len(cpu)
        print(
            f"{level}: {k} decisions; CPU median {cpu[k // 2]:.3f}s p95 {cpu[int(.95 * k)]:.3f}s max {cpu[-1]:.3f}s; "
            f"wall median {wall[k // 2]:.3f}s max {wall[-1]:.3f}s; iterations min {min(iters)} max {max(iters)}"
            + (f"; {searched} searches: {sum(iters) / search_cpu:.0f} iterations per CPU second" if searched else "")
        )


if __name__ == "__main__":
    main()
