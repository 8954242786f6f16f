"""The rules layer: pure Python, never imports pygame.

`game_class(game_id)` finds a game's rules through its descriptor (barclay_desktop.games);
imports are lazy so that importing this package does no work.
"""

from __future__ import annotations


def game_class(game_id: str):
    from ..games import descriptor

    return descriptor(game_id).rules_class()


def available_games() -> list[str]:
    from ..games import playable_ids

    return playable_ids()
