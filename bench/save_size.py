"""Autosave size and write time over long games of every game and mode (issue 30, deliverable 5).

    .venv/bin/python bench/save_size.py [--seeds 2] [--pick 12] [--moves 400] [--withdraw 0.3] [--no-fsync] [--code DIR]

Plays seeded random games (hot-seat, all seats human, undo tracked as in the app) and after
every move builds the autosave document exactly as the app does (GameSession.to_save_doc,
json.dumps with the separators saves.py writes), then writes it with saves.write_atomic
(keeping the backup, as the autosave does) into a temporary folder on this machine's disk.
Prints, per game and mode: moves played, the document's size at the end and its largest,
the size once 120 moves were played, the median and largest time to serialise and to write,
and the time of a 1 KB write_atomic right after each autosave (two fsyncs and two renames:
what the disk costs whatever the size, at the same moments). --no-fsync leaves the flushes out,
leaving the cost that grows with the size. --code imports barclay_desktop from another checkout
(e.g. main, for "before" figures).

The random player takes a Spies & Lies troop back (Withdraw) with probability --withdraw when it
may, as a player changing their mind does: that makes games long (a team game of 120 moves and
more) and undo histories deep. Of --pick seeds per mode the --seeds longest games are measured.
Games end by the rules or after --moves moves."""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

MODES = [
    ("barclay", {}),
    ("spies_lies", {}),
    ("spies_lies", {"open_table": True}),
    ("spies_lies", {"teams": True}),
    ("spies_lies", {"teams": True, "open_table": True}),
    ("stawka", {"scenario": "meeting"}),
]
MARK = 120  # the long game: 122 moves of a team game


def random_move(game, rng: random.Random, withdraw: float):
    seat = game.current_seat()
    legal = game.legal_actions(seat)
    back = [a for a in legal if type(a).__name__ == "Withdraw"]
    rest = [a for a in legal if type(a).__name__ != "Withdraw"]
    return seat, rng.choice(back) if back and rng.random() < withdraw else rng.choice(rest)


def game_length(game_id: str, options: dict, seed: int, max_moves: int, withdraw: float) -> int:
    from barclay_desktop.rules import game_class

    game = game_class(game_id).new(options, seed=seed, track_undo=False)
    rng, moves = random.Random(seed), 0
    while not game.is_over() and moves < max_moves:
        game.apply(*reversed(random_move(game, rng, withdraw)))
        moves += 1
    return moves


def play_and_save(game_id: str, options: dict, seed: int, max_moves: int, withdraw: float, folder: Path) -> dict:
    from barclay_desktop import saves
    from barclay_desktop.rules import game_class
    from barclay_desktop.session import GameSession, SeatSetup

    cls = game_class(game_id)
    game = cls.new(options, seed=seed)
    session = GameSession(game, [SeatSetup(s, "human", s) for s in game.seats], hide_private=True)
    rng = random.Random(seed)
    path = folder / f"autosave-{game_id}-{seed}.json"
    sizes, serialise, write, floor = [], [], [], []
    while not game.is_over() and len(sizes) < max_moves:
        seat, action = random_move(game, rng, withdraw)
        game.apply(action, seat)
        t0 = time.perf_counter()
        text = json.dumps(session.to_save_doc(), separators=(",", ":"))
        t1 = time.perf_counter()
        saves.write_atomic(path, text, keep_backup=True)
        t2 = time.perf_counter()
        saves.write_atomic(folder / "floor.json", "x" * 1024, keep_backup=True)
        t3 = time.perf_counter()
        sizes.append(len(text.encode("utf-8")))
        serialise.append(t1 - t0)
        write.append(t2 - t1)
        floor.append(t3 - t2)
    return {"sizes": sizes, "serialise": serialise, "write": write, "floor": floor}


def ms(values: list[float]) -> str:
    return f"median {statistics.median(values) * 1000:.2f} ms, max {max(values) * 1000:.2f} ms"


def report(label: str, runs: list[dict]) -> None:
    sizes = [r["sizes"] for r in runs]
    at_mark = [s[MARK - 1] for s in sizes if len(s) >= MARK]
    total = [a + b for r in runs for a, b in zip(r["serialise"], r["write"])]
    print(f"{label}: {len(runs)} games, {', '.join(str(len(s)) for s in sizes)} moves")
    print(f"  size: end {', '.join(f'{s[-1] / 1024:.1f}' for s in sizes)} KB; "
          f"largest {max(max(s) for s in sizes) / 1024:.1f} KB"
          + (f"; at move {MARK}: {', '.join(f'{x / 1024:.1f}' for x in at_mark)} KB" if at_mark else ""))
    print(f"  serialise: {ms([x for r in runs for x in r['serialise']])}")
    print(f"  write:     {ms([x for r in runs for x in r['write']])}")
    print(f"  both:      {ms(total)}  ({len(total)} writes)")
    print(f"  1 KB write right after each: {ms([x for r in runs for x in r['floor']])}  (this disk's floor)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=2, help="games per game and mode")
    parser.add_argument("--pick", type=int, default=12, help="seeds tried per game and mode")
    parser.add_argument("--moves", type=int, default=400, help="stop a game after this many moves")
    parser.add_argument("--withdraw", type=float, default=0.3, help="chance of taking a troop back when possible")
    parser.add_argument("--no-fsync", action="store_true",
                        help="skip fsync (bench only): what is left is the cost that grows with the size")
    parser.add_argument("--code", type=Path, default=Path(__file__).resolve().parent.parent,
                        help="checkout to import barclay_desktop from")
    args = parser.parse_args()
    sys.path.insert(0, str(args.code.resolve()))
    import barclay_desktop

    print(f"code: {Path(barclay_desktop.__file__).parent}")
    if args.no_fsync:
        import os

        os.fsync = lambda fd: None  # this process only: shows the writes without the disk's flush latency
        print("fsync skipped")
    with tempfile.TemporaryDirectory(prefix="save-size-") as tmp:
        print(f"writes into {tmp}")
        for game_id, options in MODES:
            tried = range(1000, 1000 + max(args.pick, args.seeds))
            longest = sorted(tried, key=lambda s: -game_length(game_id, options, s, args.moves, args.withdraw))
            runs = [play_and_save(game_id, options, seed, args.moves, args.withdraw, Path(tmp))
                    for seed in longest[:args.seeds]]
            report(f"{game_id} {options or ''}".strip(), runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
