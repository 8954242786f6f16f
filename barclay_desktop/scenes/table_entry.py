"""Which scenes play a game: its table, and optionally setup, reference and game-over panel.

The game's descriptor (barclay_desktop.games) names its client package; that package's
`table_entry()` builds the entry when a game of it is opened. A game without a client
package gets the generic table, which plays any game from its views and legal actions."""

from __future__ import annotations

from typing import Any, Callable

import attrs

from .. import games
from ..i18n import N_


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
    reference_label: str = N_("Browse the reference")  # a msgid: the rules screen translates it
    # game_over_panel(surface, rect, session): draws the game-specific part of the
    # game-over screen (e.g. Barclay's revealed layout) into rect
    game_over_panel: Callable[[Any, Any, Any], None] | None = None
    # rules_note(session) -> str: a line the rules screen shows first when opened from a game
    # (e.g. which of Barclay's optional rules that game is played with)
    rules_note: Callable[[Any], str] | None = None
    # next_game(session) -> (button label msgid, options) | None: a campaign's next scenario after this one
    # (Stawka's training campaign); the game-over screen offers it with the same seats
    next_game: Callable[[Any], Any] | None = None


_overrides: dict[str, TableEntry] = {}


def register(game_id: str, entry: TableEntry) -> None:
    """Play `game_id` on `entry` instead of its own client (tests; games without a descriptor)."""
    _overrides[game_id] = entry


def unregister(game_id: str) -> None:
    _overrides.pop(game_id, None)


def entry_for(game_id: str) -> TableEntry:
    if game_id in _overrides:
        return _overrides[game_id]
    found = games.find(game_id)
    client = found.client_module() if found is not None else None  # a broken client raises, not hides
    if client is not None:
        return client.table_entry()
    from .generic_table import GenericTableScene

    return TableEntry(table=GenericTableScene)
