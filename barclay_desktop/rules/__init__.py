"""The rules layer: pure Python, never imports pygame.

`game_class(game_id)` finds a game by id; imports are lazy so that importing
this package does no work.
"""

from __future__ import annotations

import importlib

GAME_MODULES = {
    "barclay": "barclay_desktop.rules.barclay.game",
    "spies_lies": "barclay_desktop.rules.spies_lies.game",
    "stawka": "barclay_desktop.rules.stawka.game",
}


def game_class(game_id: str):
    try:
        module = importlib.import_module(GAME_MODULES[game_id])
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}") from None
    return module.GAME_CLASS


def available_games() -> list[str]:
    out = []
    for gid in GAME_MODULES:
        try:
            game_class(gid)
        except (ImportError, AttributeError):
            continue
        out.append(gid)
    return out
