"""The Spies & Lies levels: factories the package's make_player() looks up by name."""

from __future__ import annotations

from .easy import EasyPlayer

LEVELS = {
    "easy": EasyPlayer,
}
