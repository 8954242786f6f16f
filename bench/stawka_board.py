"""Stawka board loading times: cold import + Hotel Excelsior board, and a warm Meeting board build.

    .venv/bin/python bench/stawka_board.py
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COLD = (
    "import time\n"
    "t = time.perf_counter()\n"
    "from barclay_desktop.rules.stawka.scenario import board_for_scenario\n"
    "board_for_scenario('hotel_excelsior')\n"
    "print(time.perf_counter() - t)\n"
)


def main() -> int:
    out = subprocess.run([sys.executable, "-c", COLD], capture_output=True, text=True, check=True, cwd=ROOT)
    print(f"cold import + 7-face board: {float(out.stdout) * 1000:.1f} ms")
    sys.path.insert(0, str(ROOT))
    from barclay_desktop.rules.stawka.scenario import build_board, load_scenario

    grid = load_scenario("meeting").grid
    build_board(grid)
    timings = []
    for _ in range(20):
        t = time.perf_counter()
        build_board(grid)
        timings.append(time.perf_counter() - t)
    print(f"meeting board build (best of 20): {min(timings) * 1000:.2f} ms (target <= 50 ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
