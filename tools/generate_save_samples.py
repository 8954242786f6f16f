"""Write one sample save per save-format version and per finished game engine.

    .venv/bin/python tools/generate_save_samples.py      # writes the missing saves/v*-*.json

The samples are checked in; tests/test_saves.py loads every one, so a change that
breaks old saves (of the file format or of a game's state) fails the suite."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "saves"
sys.path.insert(0, str(ROOT))

from barclay_desktop import saves  # noqa: E402
from barclay_desktop.rules import available_games, game_class  # noqa: E402
from barclay_desktop.session import GameSession, SeatSetup  # noqa: E402

MOVES = 12  # far enough into a game to carry hands, logs and an undo stack


def sample_session(game_id: str) -> GameSession:
    cls = game_class(game_id)
    game = cls.new(seed=1943)
    seats = [SeatSetup(seat, "human", f"{cls.SEAT_NAMES.get(seat, seat)} sample") for seat in cls.SEATS]
    session = GameSession(game, seats, hide_private=True)
    rng = random.Random(7)
    for _ in range(MOVES):
        seat = game.current_seat()
        legal = game.legal_actions(seat) if seat else []
        if not legal:
            break
        game.apply(rng.choice(legal), seat)
    return session


def as_version(doc: dict, version: int) -> dict:
    """The same save as the older format wrote it."""
    if version == 1:
        return {k: v for k, v in as_version(doc, 2).items() if k != "session"} | {"version": 1}
    if version == 2:
        meta = {k: v for k, v in doc["meta"].items() if k != "instance"}
        return doc | {"meta": meta, "version": 2}
    return doc


def main() -> int:
    for game_id in available_games():
        doc = sample_session(game_id).to_save_doc()
        for version in range(1, saves.CURRENT_VERSION + 1):
            path = SAMPLES / f"v{version}-{game_id}.json"
            if path.exists():
                continue  # a sample is the record of what older code wrote: never rewritten
            path.write_text(json.dumps(as_version(doc, version), indent=1) + "\n", encoding="utf-8")
            print("wrote", path.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
