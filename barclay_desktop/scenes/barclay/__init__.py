"""Operation Barclay's client: its table, setup, results and card drawing."""

from __future__ import annotations


def table_entry():
    """The scenes that play Operation Barclay (imported when a game of it is opened)."""
    from ...i18n import N_
    from ..table_entry import TableEntry
    from .cards_ref import BarclayCardsScene
    from .results import draw_game_over_panel, leak_rules_note
    from .setup import BarclaySetupScene
    from .table import BarclayTableScene, needs_setup

    return TableEntry(table=BarclayTableScene, setup=BarclaySetupScene, needs_setup=needs_setup,
                      reference=BarclayCardsScene, reference_label=N_("Browse the 86 cards"),
                      game_over_panel=draw_game_over_panel, rules_note=leak_rules_note)
