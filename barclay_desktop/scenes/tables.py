"""Registry: game id -> the scenes that play it (setup, table, reference, game-over panel).

A game's client module (see TABLE_MODULES) defines `TABLE_ENTRY = TableEntry(...)`.
It is imported only when that game is opened. A game without a client module gets
the generic table, which plays any game from its views and legal actions."""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any, Callable

import attrs

TABLE_MODULES = {
    "barclay": "barclay_desktop.scenes.barclay.table",
    "spies_lies": "barclay_desktop.scenes.spies_lies.table",
    "stawka": "barclay_desktop.scenes.stawka.table",
}


@attrs.frozen
class TableEntry:
    # table(app, session) -> SessionScene: the scene where the game is played
    table: Callable[[Any, Any], Any]
    # setup(app, session) -> SessionScene shown first for a new game (e.g. secret placement);
    # it calls app.start_session(session, with_setup=False) when setup is done
    setup: Callable[[Any, Any], Any] | None = None
    # needs_setup(game) -> bool: a loaded save reopens in the setup scene while this is true
    needs_setup: Callable[[Any], bool] | None = None
    # reference(app) -> Scene: a browsable game-specific reference (e.g. Barclay's 86 cards),
    # opened from the rules screen
    reference: Callable[[Any], Any] | None = None
    reference_label: str = "Browse the reference"
    # game_over_panel(surface, rect, session): draws the game-specific part of the
    # game-over screen (e.g. Barclay's revealed layout) into rect
    game_over_panel: Callable[[Any, Any, Any], None] | None = None
    # rules_note(session) -> str: a line the rules screen shows first when opened from a game
    # (e.g. which of Barclay's optional rules that game is played with)
    rules_note: Callable[[Any], str] | None = None


_registered: dict[str, TableEntry] = {}


def register(game_id: str, entry: TableEntry) -> None:
    """Register in code (tests, or games without a module in TABLE_MODULES)."""
    _registered[game_id] = entry


def unregister(game_id: str) -> None:
    _registered.pop(game_id, None)


def entry_for(game_id: str) -> TableEntry:
    if game_id in _registered:
        return _registered[game_id]
    module_name = TABLE_MODULES.get(game_id)
    if module_name and importlib.util.find_spec(module_name) is not None:
        # the module exists: let its import errors surface instead of hiding a broken table
        entry = getattr(importlib.import_module(module_name), "TABLE_ENTRY", None)
        if entry is not None:
            return entry
    from .generic_table import GenericTableScene

    return TableEntry(table=GenericTableScene)
