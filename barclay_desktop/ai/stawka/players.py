"""Stawka levels offered to the client: {level name: factory(seed) -> Player}."""

from __future__ import annotations

from .heuristic import EasyStawkaPlayer

# One line each for the new-game form: what a player will meet at this level.
NOTES = {
    "easy": "a gentle start: heads for the scenario's goal, talks and searches",
}

LEVELS = {
    "easy": EasyStawkaPlayer,
}
