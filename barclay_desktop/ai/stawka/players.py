"""Stawka levels offered to the client: {level name: factory(seed) -> Player}."""

from __future__ import annotations

from barclay_desktop.i18n import N_

from .heuristic import EasyStawkaPlayer

# One line each for the new-game form: what a player will meet at this level.
NOTES = {
    "easy": N_("a gentle start: heads for the scenario's goal, talks and searches"),
}

LEVELS = {
    "easy": EasyStawkaPlayer,
}
