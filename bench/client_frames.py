"""Client timing: process start to the first drawn menu frame, and frame times of one scene.

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy .venv/bin/python bench/client_frames.py [SCENE] [--frames N]

SCENE: menu (default), new_game, load, rules, settings, curtain, table:<game_id> (that game
mid-game: --moves random legal moves from a fixed seed, on its registered table scene), or
watch:<game_id>:<level> (the same position with every seat a computer of that level, thinking in
its worker process with no pause between moves: the frames a player sees while a computer thinks).
Frames run unthrottled with the mouse sweeping the screen, so hover paths are exercised.
Targets: first menu frame <= 1.5 s; frame time p95 <= 8 ms, worst <= 33 ms."""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TARGETS = {"startup_s": 1.5, "p95_ms": 8.0, "worst_ms": 33.0}


def child_first_frame() -> None:
    """Runs in a fresh process: build the app and draw one menu frame, print the wall time."""
    from barclay_desktop.app import App

    app = App()
    app.start()
    app.step(1 / 60)
    print(f"FIRST_FRAME {time.time():.6f} {time.process_time():.6f}", flush=True)
    app.shutdown()


def measure_startup() -> tuple[float, float]:
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    started = time.time()
    out = subprocess.run([sys.executable, __file__, "--child-first-frame"], env=env, capture_output=True, text=True,
                         timeout=120)
    for line in out.stdout.splitlines():
        if line.startswith("FIRST_FRAME "):
            _, wall_at, cpu_used = line.split()
            return float(wall_at) - started, float(cpu_used)
    raise SystemExit(f"the child did not draw a frame:\n{out.stderr[-2000:]}")


def mid_game_session(app, game_id: str, moves: int, level: str | None = None):
    from barclay_desktop.rules import game_class
    from barclay_desktop.session import GameSession, SeatSetup

    cls = game_class(game_id)
    game = cls.new(seed=1943)
    rng = random.Random(7)
    for _ in range(moves):
        seat = game.current_seat()
        legal = game.legal_actions(seat) if seat and not game.is_over() else []
        if not legal:
            break
        game.apply(rng.choice(legal), seat)
    kind = "computer" if level else "human"
    seats = [SeatSetup(s, kind, cls.SEAT_NAMES.get(s, s), level) for s in cls.SEATS]
    # hiding off: the table draws the current seat's full private view, the heaviest case
    session = GameSession(game, seats, hide_private=False, store=app.store)
    session.watch_pace = 0.0  # computers think back to back
    return session


def open_scene(app, name: str, moves: int) -> None:
    from barclay_desktop.scenes.curtain import CurtainScene
    from barclay_desktop.scenes.load import LoadScene
    from barclay_desktop.scenes.new_game import NewGameScene
    from barclay_desktop.scenes.rules_ref import RulesScene
    from barclay_desktop.scenes.settings_scene import SettingsScene

    if name == "menu":
        return
    if name.startswith(("table:", "watch:")):
        parts = name.split(":")
        session = mid_game_session(app, parts[1], moves, parts[2] if parts[0] == "watch" else None)
        app.start_session(session, with_setup=False)
        return
    if name == "curtain":
        session = mid_game_session(app, "barclay", moves)
        session.curtain_seat = session.game.current_seat()
        app.push(CurtainScene(app, session))
        return
    scenes = {"new_game": NewGameScene, "load": LoadScene, "rules": RulesScene, "settings": SettingsScene}
    if name not in scenes:
        raise SystemExit(f"unknown scene {name!r}; try menu, new_game, load, rules, settings, curtain, table:barclay")
    app.push(scenes[name](app))


def measure_frames(name: str, frames: int, moves: int) -> tuple[list[float], list[float], int]:
    """Wall and CPU milliseconds per frame, and how many frames ran while a computer thought."""
    import pygame

    from barclay_desktop.app import App

    app = App()
    app.start()
    open_scene(app, name, moves)
    for _ in range(30):  # warm caches and let background loads land before timing
        app.step(1 / 60)
    app.wait_for_tasks()
    wall, cpu, thinking = [], [], 0
    session = getattr(app.stack.top, "session", None)
    for i in range(frames):
        x, y = (i * 37) % 1280, (i * 23) % 720
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 1), buttons=(0, 0, 0)))
        started, started_cpu = time.perf_counter(), time.thread_time()
        app.step(1 / 60)
        wall.append((time.perf_counter() - started) * 1000)
        cpu.append((time.thread_time() - started_cpu) * 1000)
        thinking += bool(session is not None and session.thinking)
    app.shutdown()
    return wall, cpu, thinking


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("scene", nargs="?", default="menu")
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--moves", type=int, default=40, help="random moves before timing a table")
    parser.add_argument("--child-first-frame", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    os.environ.setdefault("BARCLAY_DESKTOP_HOME", tempfile.mkdtemp(prefix="bd-bench-"))
    if args.child_first_frame:
        child_first_frame()
        return 0
    startup, startup_cpu = measure_startup()
    times, cpu, thinking = measure_frames(args.scene, args.frames, args.moves)
    p50, p95, worst = statistics.median(times), percentile(times, 0.95), max(times)
    rows = [("first menu frame", startup, "s", TARGETS["startup_s"]), ("frame median", p50, "ms", None),
            ("frame p95", p95, "ms", TARGETS["p95_ms"]), ("frame worst", worst, "ms", TARGETS["worst_ms"])]
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"scene {args.scene}, {len(times)} frames ({thinking} while a computer was thinking); "
          f"load average {load:.1f} on {os.cpu_count()} CPUs")
    print(f"  startup CPU time of the app process up to its first frame: {startup_cpu:.3f} s")
    print(f"  frame CPU time (this thread, unaffected by other processes): median {statistics.median(cpu):.3f} ms, "
          f"p95 {percentile(cpu, 0.95):.3f} ms, worst {max(cpu):.3f} ms")
    ok = True
    for label, value, unit, target in rows:
        verdict = "" if target is None else ("ok" if value <= target else "OVER")
        ok &= verdict != "OVER"
        print(f"  {label:<17} {value:8.3f} {unit:<2} {'target <= ' + str(target) + ' ' + unit if target else ''} "
              f"{verdict}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
