"""Stratego Spies & Lies' client: its table, line-up setup, reveals and troop drawing."""

from __future__ import annotations


def table_entry():
    """The scenes that play Spies & Lies (imported when a game of it is opened)."""
    from ...i18n import N_
    from ..table_entry import TableEntry
    from .setup import SpiesSetupScene, draw_game_over_panel
    from .table import SpiesTableScene, needs_setup
    from .troops_ref import SpiesTroopsScene

    return TableEntry(table=SpiesTableScene, setup=SpiesSetupScene, needs_setup=needs_setup,
                      reference=SpiesTroopsScene, reference_label=N_("The ten troops"),
                      game_over_panel=draw_game_over_panel)
