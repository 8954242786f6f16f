"""Stawka levels offered to the client: {level name: factory(seed) -> Player}."""

from __future__ import annotations

from .heuristic import EasyStawkaPlayer

LEVELS = {
    "easy": EasyStawkaPlayer,
}
