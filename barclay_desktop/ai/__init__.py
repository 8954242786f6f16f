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

from barclay_desktop.i18n import N_

from .base import Player, RandomPlayer

# The order the client should offer them in, weakest first.
LEVEL_ORDER = ("random", "easy", "normal", "hard")


def _ai_module(game_id: str):
    """The module defining the game's LEVELS and NOTES (from its descriptor), or None."""
    from barclay_desktop.games import find

    found = find(game_id)
    return found.ai_module() if found is not None else None


def available_levels(game_id: str) -> list[str]:
    """Levels a computer seat can play at for `game_id`, weakest first ([] for none).

    Every game whose rules engine exists gets at least "random" (it needs nothing but
    the legal actions); the other levels come from the game's AI module."""
    from barclay_desktop.games import find

    found = find(game_id)
    if found is None or not found.has_engine():
        return []
    module = found.ai_module()
    levels = module.LEVELS if module is not None else {}
    return [name for name in LEVEL_ORDER if name == "random" or name in levels]


RANDOM_NOTE = N_("moves at random: a way to learn the rules, not a match")  # a msgid: the form translates it


def level_note(game_id: str, level: str, seat: str | None = None) -> str:
    """One line about a level for the new-game form ("" when the game's AI has none); a note
    for the level in one seat ("hard@lcs") comes before the level's own."""
    if level == "random":
        return RANDOM_NOTE
    module = _ai_module(game_id)
    notes = getattr(module, "NOTES", {}) if module is not None else {}
    return notes.get(f"{level}@{seat}") or notes.get(level, "")


def make_player(game_id: str, level: str, seed: int | None = None) -> Player:
    """A new computer player for `game_id` at `level` with its own random generator."""
    if level not in available_levels(game_id):
        raise KeyError(f"no {level!r} computer player for {game_id!r}; available: {available_levels(game_id)}")
    if level == "random":
        return RandomPlayer(seed)
    return _ai_module(game_id).LEVELS[level](seed)


__all__ = ["LEVEL_ORDER", "Player", "RandomPlayer", "available_levels", "level_note", "make_player"]
