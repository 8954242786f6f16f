"""The Stawka tray and agent list as a play-test found them (play28): a card's words on a narrow card keep
their words whole; cards drawn since the player last looked carry the NEW tab; an item chip on an
eight-agent card leaves the facts line above it readable."""

from __future__ import annotations

import pygame
import pytest

from barclay_desktop.rules.stawka import reaction_cards as R
from barclay_desktop.scenes.stawka import hand as H
from barclay_desktop.ui import text_record


@pytest.mark.parametrize("width", [104, 80, 66, 54])  # 54: eight cards in hand
def test_a_reaction_card_in_a_crowded_tray_cuts_no_word(width):
    """Seven cards in hand made the tray's cards ~60 px wide and "Reciprocity" came out as "Reciprocit / y"."""
    pygame.init()
    surface = pygame.Surface((400, 100))
    with text_record.recording() as rec:
        for cid in R.all_cards():
            card = R.card_view(cid, "polish")
            H.mini_card(surface, pygame.Rect(10, 10, width, H.CARD_H), "reaction", card,
                        H.reaction_title(card, "polish"))
    assert not [c for c in rec.cuts if c[1] != "ellipsis"], rec.cuts


def test_cards_drawn_since_the_player_last_looked_carry_the_new_tab(app):
    """Over the limit of 3 the player must pick one to discard: the cards just drawn are marked NEW on the tray
    (the log alone said which they were); the hand he had already seen is not."""
    from barclay_desktop.scenes.stawka.table import StawkaTableScene
    from barclay_desktop.session import GameSession, SeatSetup
    from tests.test_stawka_chestnuts_client import chestnuts_at_activation

    g = chestnuts_at_activation(history=None)
    seat = g.current_seat()
    session = GameSession(g, [SeatSetup("polish", "human", "Anna"), SeatSetup("german", "human", "Bert")],
                          hide_private=False, store=app.store)
    app.start_session(session)
    table = app.stack.find(StawkaTableScene)
    R.draw(g, seat, 1)  # a card in hand before the table first shows it
    app.run_frames(2)
    assert table.current_view()[0] == seat
    seen = [f"card:{c['id']}" for _k, c in table.own_cards(table.current_view()[1])]
    assert seen and not set(seen) & set(table.marked_new)  # the first look marks nothing
    drawn = R.draw(g, seat, 2)
    session.version += 1  # the table draws the changed hand
    table.draw(pygame.Surface((1280, 720)))
    assert {f"card:{c}" for c in drawn} <= set(table.marked_new)
    assert not set(seen) & set(table.marked_new)


def test_the_cheat_sheet_lists_all_thirteen_locations_inside_its_panel(app, monkeypatch):
    """The Best Chestnuts has 13 locations: at 30 px a row the last ones (Telephone booth, Market) ran out of
    the cheat sheet's folder over the tray."""
    from barclay_desktop.scenes.stawka.art import BOARD
    from barclay_desktop.scenes.stawka.table import StawkaTableScene
    from barclay_desktop.session import GameSession, SeatSetup
    from tests.test_stawka_chestnuts_client import chestnuts_at_activation

    g = chestnuts_at_activation(history=None)
    session = GameSession(g, [SeatSetup("polish", "human", "Anna"), SeatSetup("german", "human", "Bert")],
                          hide_private=False, store=app.store)
    app.start_session(session)
    table = app.stack.find(StawkaTableScene)
    table.show_sheet = True
    view = table.current_view()[1]
    assert len(view["locations"]) == 13
    from barclay_desktop.scenes.stawka import pieces

    drawn = []
    blit = pieces.blit_text

    def record(surface, content, pos, **kw):
        rect = blit(surface, content, pos, **kw)
        drawn.append(rect)
        return rect

    monkeypatch.setattr(pieces, "blit_text", record)
    table.draw_cheat_sheet(pygame.Surface((1280, 720)), view)
    panel_bottom = BOARD.y + 40 + BOARD.h - 60
    rows = [r for r in drawn if r.y > BOARD.y + 110]
    assert len(rows) >= 13 * 6  # a name, the tiles left and four colours a row
    assert max(r.bottom for r in rows) <= panel_bottom - 4


def test_a_reaction_cards_change_to_a_roll_has_a_whole_word_on_the_dice_slip():
    """'-2 to the initiator's conversation roll' showed on the slip as 'the reaction c -2' (a 14-letter cut)."""
    from barclay_desktop.rules.core.message import msg
    from barclay_desktop.scenes.stawka.overlays import modifier_word

    assert modifier_word(msg("the reaction card")) == "card"
    assert modifier_word("Ingrid Heizer's trait") == "trait"


def test_eight_placement_buttons_name_each_agent_whole():
    """The Best Chestnuts' placement offers eight agents in three columns of 28 px buttons: the labels were cut
    ('Place Ingrid Hei...', 'Place Glaubel (G...'); two close-set lines now hold them."""
    from barclay_desktop.scenes.stawka.art import StawkaArt, button_lines

    pygame.init()
    rect = StawkaArt.button_rects(8)[0]
    names = ["Hans Kloss (Polish)", "Ingrid Heizer (Polish)", "Hermann Brunner (German)", "Bruno Dreher (German)"]
    for name in names:
        size, lines = button_lines(f"Place {name}", rect.w - 26 - 8, rect.h)
        assert not any(line.endswith("...") for line in lines), lines
        assert " ".join(lines) == f"Place {name}"
