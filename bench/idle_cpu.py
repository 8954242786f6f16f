"""CPU the app uses while nothing moves: the app in a real window on a virtual X screen.

    .venv/bin/python bench/idle_cpu.py [SCENE ...] [--seconds 10] [--settle 4]

SCENE as in bench/client_frames.py (menu, new_game, load, rules, settings, curtain,
table:<game_id>); default: menu and each game's table (hot-seat humans, a human to play, hiding
off). Each scene runs in its own process: the app opens the scene, runs its real frame loop
(`App.run`), and after --settle seconds the parent reads the process's CPU time from /proc
over --seconds, and how often its main thread woke up. Needs Xvfb unless DISPLAY is set.
Target (issue 38): <= 5% of a core."""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TARGET_PERCENT = 5.0
DEFAULT_SCENES = ("menu", "table:barclay", "table:spies_lies", "table:stawka")


def child(scene: str, moves: int) -> None:
    """Runs in the measured process: open the scene in a window and run the app's own loop."""
    from bench.client_frames import open_scene
    from barclay_desktop.app import App

    app = App()
    app.start()
    open_scene(app, scene, moves)
    print("READY", flush=True)
    try:
        app.run()
    finally:
        app.shutdown()


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime


def wakeups(pid: int) -> int:
    """Times the main thread has gone to sleep and woken (its context switches): an idle loop
    that polls wakes hundreds of times a second, which keeps a laptop's processor from resting."""
    status = Path(f"/proc/{pid}/task/{pid}/status").read_text()
    return sum(int(value) for key, value in (line.split(":", 1) for line in status.splitlines())
               if key.endswith("ctxt_switches"))  # voluntary (sleeps) and nonvoluntary


def start_display() -> tuple[str, subprocess.Popen | None]:
    if os.environ.get("DISPLAY"):
        return os.environ["DISPLAY"], None
    if not shutil.which("Xvfb"):
        raise SystemExit("needs an X display: set DISPLAY or install Xvfb")
    for n in range(60, 99):
        if not Path(f"/tmp/.X{n}-lock").exists():
            server = subprocess.Popen(["Xvfb", f":{n}", "-screen", "0", "1600x900x24", "-nolisten", "tcp"],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            time.sleep(1.0)
            return f":{n}", server
    raise SystemExit("no free X display number")


def measure(scene: str, display: str, seconds: float, settle: float, moves: int) -> tuple[float, float]:
    """Percent of a core the app used over `seconds`, and its main thread's wake-ups a second."""
    env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
    env.update(DISPLAY=display, SDL_AUDIODRIVER="dummy", BARCLAY_DESKTOP_HOME=tempfile.mkdtemp(prefix="bd-idle-"),
               XDG_CONFIG_HOME=tempfile.mkdtemp(prefix="bd-idle-config-"))
    proc = subprocess.Popen([sys.executable, __file__, "--child", scene, "--moves", str(moves)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        for line in proc.stdout:  # pygame's banner may come first
            if line.strip() == "READY":
                break
        else:
            raise SystemExit(f"{scene}: the app did not start")
        time.sleep(settle)
        start_cpu, start_wakes, start_wall = cpu_seconds(proc.pid), wakeups(proc.pid), time.monotonic()
        time.sleep(seconds)
        used, woke = cpu_seconds(proc.pid) - start_cpu, wakeups(proc.pid) - start_wakes
        wall = time.monotonic() - start_wall
        return 100.0 * used / wall, woke / wall
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("scenes", nargs="*", default=list(DEFAULT_SCENES))
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--settle", type=float, default=4.0, help="wait this long after start before measuring")
    parser.add_argument("--moves", type=int, default=40, help="random moves into a game before its table opens")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        child(args.child, args.moves)
        return 0
    display, server = start_display()
    try:
        worst = 0.0
        for scene in args.scenes:
            percent, woke = measure(scene, display, args.seconds, args.settle, args.moves)
            worst = max(worst, percent)
            print(f"{scene:18s} idle CPU {percent:5.1f}% of a core over {args.seconds:.0f} s"
                  f"  (target <= {TARGET_PERCENT:.0f}%), main thread woke {woke:6.0f} times/s", flush=True)
    finally:
        if server is not None:
            server.terminate()
    return 0 if worst <= TARGET_PERCENT else 1


if __name__ == "__main__":
    sys.exit(main())
