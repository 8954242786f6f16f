"""Barclay search: iterations per CPU second, and a fingerprint of every decision.

    PYTHONPATH=. .venv/bin/python bench/barclay_search.py [--positions 20] [--seeds 11,12]
        [--levels normal,hard] [--write FILE | --compare FILE]

The positions are those of bench/ai_think_time.py (Easy self-play, seed per --seeds). Each
level searches each position with its shipped iterations and the time cap lifted (60 s),
so the figures do not depend on machine load. Printed per level: decisions, iterations,
CPU seconds and iterations per CPU second.

The fingerprint of a decision is the chosen action, the iterations run and every root
edge's visits and total reward (rounded to 1e-9): a change that only makes the search
faster leaves every fingerprint as it was (`--write` before, `--compare` after)."""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from barclay_desktop.ai import ismcts  # noqa: E402
from barclay_desktop.ai.barclay.players import make_search_player  # noqa: E402
from barclay_desktop.rules.core.actions import action_to_json  # noqa: E402
from bench.ai_think_time import positions  # noqa: E402

_roots = []
_pick = ismcts.ISMCTS._pick


def _recording_pick(root, root_keys, rng, mix):
    _roots.append(root)
    return _pick(root, root_keys, rng, mix)


ismcts.ISMCTS._pick = staticmethod(_recording_pick)


def root_digest(root) -> str:
    rows = sorted((repr(k), ch.visits, round(ch.total, 9), ch.avail) for k, ch in root.children.items())
    return hashlib.sha1(repr(rows).encode()).hexdigest()[:16]


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--positions", type=int, default=20)
    p.add_argument("--seeds", default="11")
    p.add_argument("--levels", default="normal,hard")
    p.add_argument("--write")
    p.add_argument("--compare")
    args = p.parse_args()
    spots = [(seed, i, v, legal) for seed in map(int, args.seeds.split(","))
             for i, (v, legal) in enumerate(positions(args.positions, seed))]
    prints = {}
    for level in args.levels.split(","):
        iters = 0
        cpu = 0.0
        n = 0
        for seed, i, view, legal in spots:
            player = make_search_player(level, 1000 * seed + i, time_cap=60.0)
            _roots.clear()
            c = time.process_time()
            action = player.choose(view, legal)
            cpu_one = time.process_time() - c
            if not _roots:
                continue  # no search (setup, flips, tie picks)
            n += 1
            cpu += cpu_one
            iters += player.last_iterations
            prints[f"{level}/{seed}/{i}"] = [action_to_json(action), player.last_iterations, root_digest(_roots[-1])]
        rate = iters / cpu if cpu else 0.0
        print(f"{level}: {n} searches, {iters} iterations in {cpu:.2f} CPU s: {rate:.0f} iterations per CPU second")
    if args.write:
        Path(args.write).write_text(json.dumps(prints, indent=1, sort_keys=True))
        print(f"fingerprints written to {args.write}")
    if args.compare:
        old = json.loads(Path(args.compare).read_text())
        levels = tuple(f"{level}/" for level in args.levels.split(","))
        keys = {k for k in old if k.startswith(levels)} | set(prints)
        differ = [k for k in sorted(keys) if old.get(k) != prints.get(k)]
        print(f"fingerprints: {len(prints) - len([k for k in differ if k in prints])} of {len(prints)} identical;"
              f" differ: {differ[:10]}")
        return 1 if differ else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
