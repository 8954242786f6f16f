"""Computer players that play fair.

A player sees only what a human in its seat would see: `game.view(seat)` (a JSON-able
dict, including the seat-visible log), the list `game.legal_actions(seat)` and its own
seeded `random.Random`. It never receives the game state.

    player = make_player("barclay", "normal", seed=7)
    action = player.choose(game.view(seat), game.legal_actions(seat))

To think without freezing the window, run the choice off the frame loop with
`barclay_desktop.ai.worker.ThinkJob` (see docs/ai.md).

Imports are lazy: importing this package does no work.
"""

from __future__ import annotations

import importlib

from .base import Player, RandomPlayer

# game id -> module that defines LEVELS: {level name: factory(seed) -> Player}
GAME_AI_MODULES = {
    "barclay": "barclay_desktop.ai.barclay.players",
    "stawka": "barclay_desktop.ai.stawka.players",
    "spies_lies": "barclay_desktop.ai.spies_lies.players",
}

# The order the client should offer them in, weakest first.
LEVEL_ORDER = ("random", "easy", "normal", "hard")


def _levels_of(game_id: str) -> dict:
    module_name = GAME_AI_MODULES.get(game_id)
    if module_name is None:
        return {}
    return importlib.import_module(module_name).LEVELS


def _has_engine(game_id: str) -> bool:
    from barclay_desktop.rules import GAME_MODULES, game_class

    if game_id not in GAME_MODULES:
        return False
    try:
        game_class(game_id)
    except (ImportError, AttributeError):
        return False
    return True


def available_levels(game_id: str) -> list[str]:
    """Levels a computer seat can play at for `game_id`, weakest first ([] for none).

    Every game whose rules engine exists gets at least "random" (it needs nothing but
    the legal actions); the other levels come from the game's AI module."""
    if not _has_engine(game_id):
        return []
    levels = _levels_of(game_id)
    return [name for name in LEVEL_ORDER if name == "random" or name in levels]


RANDOM_NOTE = "moves at random: a way to learn the rules, not a match"


def level_note(game_id: str, level: str, seat: str | None = None) -> str:
    """One line about a level for the new-game form ("" when the game's AI has none); a note
    for the level in one seat ("hard@lcs") comes before the level's own."""
    if level == "random":
        return RANDOM_NOTE
    module_name = GAME_AI_MODULES.get(game_id)
    if module_name is None:
        return ""
    notes = getattr(importlib.import_module(module_name), "NOTES", {})
    return notes.get(f"{level}@{seat}") or notes.get(level, "")


def make_player(game_id: str, level: str, seed: int | None = None) -> Player:
    """A new computer player for `game_id` at `level` with its own random generator."""
    if level not in available_levels(game_id):
        raise KeyError(f"no {level!r} computer player for {game_id!r}; available: {available_levels(game_id)}")
    if level == "random":
        return RandomPlayer(seed)
    levels = _levels_of(game_id)
    return levels[level](seed)


__all__ = ["LEVEL_ORDER", "Player", "RandomPlayer", "available_levels", "level_note", "make_player"]
