"""Stawka's client: its table, overlays, reference and board drawing."""

from __future__ import annotations


def table_entry():
    """The scenes that play Stawka (imported when a game of it is opened)."""
    from ...i18n import N_
    from ..table_entry import TableEntry
    from .overlays import draw_game_over_panel
    from .ref import StawkaReferenceScene
    from .table import StawkaTableScene

    return TableEntry(table=StawkaTableScene, game_over_panel=draw_game_over_panel,
                      reference=StawkaReferenceScene, reference_label=N_("Agents, items and plans"))  # rules_ref translates it
