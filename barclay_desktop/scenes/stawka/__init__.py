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
                      reference=StawkaReferenceScene, reference_label=N_("Agents, items and plans"),  # rules_ref translates it
                      next_game=campaign_next)


def campaign_next(session):
    """After a training scenario: its campaign's next one, from the finished game's view (K16): the winner's,
    which names the item he kept (the options are handed to the next game, never drawn)."""
    from ...i18n import N_
    from ...rules.stawka.campaign import next_options

    result = session.game.result
    options = next_options(session.game.view(result.winner if result is not None else None))
    return (N_("Continue the campaign"), options) if options else None
