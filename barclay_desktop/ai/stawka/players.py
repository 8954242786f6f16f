"""Stawka levels offered to the client: {level name: factory(seed) -> Player}."""

from __future__ import annotations

from barclay_desktop.i18n import N_

from .heuristic import EasyStawkaPlayer
from .search import StawkaSearchPlayer

# level -> (candidates, sampled games per candidate, time cap in seconds); docs/ai.md, "Stawka".
BUDGETS = {
    "normal": {"width": 4, "samples": 16, "time_cap": 0.9},
    "hard": {"width": 6, "samples": 40, "time_cap": 2.8},
}

# One line each for the new-game form: what a player will meet at this level.
NOTES = {
    "easy": N_("a gentle start: heads for the scenario's goal, talks and searches"),
    "normal": N_("a fair match: plays each stage out in its head before it moves"),
    "hard": N_("a tough match: weighs more moves, more often; slower"),
}


def make_search_player(level: str, seed: int | None = None, *, iterations: int | None = None,
                       time_cap: float | None = None) -> StawkaSearchPlayer:
    """A search level; `iterations` (sampled games per candidate) and `time_cap` override its budget
    (bench/ai_tournament.py --budget)."""
    budget = dict(BUDGETS[level])
    if iterations is not None:
        budget["samples"] = iterations
    if time_cap is not None:
        budget["time_cap"] = time_cap
    player = StawkaSearchPlayer(seed, **budget)
    player.level = level
    return player


LEVELS = {
    "easy": EasyStawkaPlayer,
    "normal": lambda seed=None: make_search_player("normal", seed),
    "hard": lambda seed=None: make_search_player("hard", seed),
}
