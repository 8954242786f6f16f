"""Damaged saves through the Load screen's path: crashes, wrong listings, changed files (issue 30).

    SDL_VIDEODRIVER=dummy .venv/bin/python bench/save_fuzz.py [--n 10000] [--seed 30]

Each mutation of a real sample save (tests/save_mutations.py) is written to a fresh saves
folder, listed, and loaded, resumed and played one move when the list calls it fine.
Prints how many were listed fine, listed damaged and crashed (with the first crashes),
whether any file changed, and the time per file. The test suite runs a few hundred."""

from __future__ import annotations

import argparse
import collections
import os
import random
import sys
import tempfile
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=30)
    parser.add_argument("--show", type=int, default=5, help="crashes to print in full")
    args = parser.parse_args()
    os.environ["BARCLAY_DESKTOP_HOME"] = tempfile.mkdtemp(prefix="save-fuzz-")
    from barclay_desktop import saves
    from tests.save_mutations import mutated_text, run_load_path, sample_docs

    texts = list(sample_docs().values())
    rng = random.Random(args.seed)
    store = saves.SaveStore()
    store.folder.mkdir(parents=True, exist_ok=True)
    outcomes: collections.Counter = collections.Counter()
    crashes: collections.Counter = collections.Counter()
    shown = 0
    slowest = (0.0, -1)
    started = time.perf_counter()
    for i in range(args.n):
        path = store.folder / "fuzz.json"
        path.write_text(mutated_text(texts, rng), encoding="utf-8")
        t0 = time.perf_counter()
        try:
            outcomes[run_load_path(path, store)] += 1
        except Exception as exc:  # the whole point: count and show every crash
            outcomes["crash"] += 1
            crashes[f"{type(exc).__name__}: {str(exc)[:100]}"] += 1
            if shown < args.show:
                shown += 1
                print(f"--- crash at mutation {i}")
                traceback.print_exc(limit=6)
        slowest = max(slowest, (time.perf_counter() - t0, i))
    total = time.perf_counter() - started
    print(f"{args.n} mutations (seed {args.seed}): {outcomes['ok']} listed fine and played, "
          f"{outcomes['damaged']} listed damaged, {outcomes['crash']} crashed")
    for text, count in crashes.most_common(15):
        print(f"  {count:5d}  {text}")
    print(f"{total:.1f} s in all, {1000 * total / max(1, args.n):.1f} ms per file, "
          f"slowest {1000 * slowest[0]:.0f} ms (mutation {slowest[1]})")
    return 1 if outcomes["crash"] else 0


if __name__ == "__main__":
    sys.exit(main())
