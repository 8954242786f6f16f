"""The Barclay levels: factories the package's make_player() looks up by name."""

from __future__ import annotations

from .heuristic import EasyPlayer

LEVELS = {
    "easy": EasyPlayer,
}
