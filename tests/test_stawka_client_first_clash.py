"""What a new player met on the First Clash table (EXTENDED rules) and could not read: the mission a
chief passes cut to "Mission for Jacek: Liquidate..." on its button."""

from __future__ import annotations

import pygame

from barclay_desktop.i18n import translate
from barclay_desktop.rules.stawka import actions as A
from barclay_desktop.rules.stawka import texts as T
from barclay_desktop.scenes.stawka import pieces as P
from barclay_desktop.scenes.stawka.art import BOARD
from tests.test_stawka_client_render import open_custom_table
from tests.test_stawka_first_clash import placed_first_clash
from tests.test_stawka_rules_missions import CAFE, COURTS, GESTAPO, HOTEL, THEATRE, fc

SIX = ({"hans_kloss": COURTS, "jacek": COURTS, "ingrid_heizer": HOTEL},
       {"hermann_brunner": GESTAPO, "glaubel": THEATRE, "marta_becher": CAFE})


def rest_mouse(app, pos) -> None:
    app.run_frames(1, inject={0: [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))]})


def test_a_mission_button_shows_the_whole_card_under_the_mouse(app):
    """The chief's three offers for Jacek do not fit their buttons: resting on one shows both goals,
    whole, inside the board (where the notes go), and the note is drawn."""
    table = open_custom_table(app, fc(*SIX))
    table.selected = "hans_kloss"
    seat, view = table.current_view()
    table.draw_table(pygame.display.get_surface(), view, seat)
    offers = [c for c in table.controls if isinstance(c.action, A.TakeMission)]
    assert len(offers) == 3
    jacek = next(ag for ag in view["agents"] if ag["id"] == "jacek")
    for c in offers:
        rest_mouse(app, c.rect.center)
        seat, view = table.current_view()
        note = table.button_note(view)
        card = next(x for x in jacek["mission"]["choices"] if x["card"] == c.action.card)
        text = " ".join(note)
        for part in ("basic", "special"):
            assert " ".join(card[part]["text"].split()) in text
        widths = [P.label(line, 13).get_width() + 16 for line in note]
        assert max(widths) <= BOARD.w, "the note fits the board it is clamped to"
    table.draw_table(pygame.display.get_surface(), view, seat)  # draw_hover with the note: no error


def test_a_whole_label_has_no_note_and_a_drawn_token_tells_what_it_does(app):
    table = open_custom_table(app, fc(*SIX))
    table.selected = "hans_kloss"
    seat, view = table.current_view()
    table.draw_table(pygame.display.get_surface(), view, seat)
    give_up = next(c for c in table.controls if isinstance(c.action, A.GiveUp))
    rest_mouse(app, give_up.rect.center)
    assert table.button_note(table.current_view()[1]) == []

    g = placed_first_clash()
    g.apply(A.ChoosePlan("polish_5"), "polish")
    g.apply(A.ChoosePlan("german_5"), "german")
    assert g.state.phase == "threats"
    table = open_custom_table(app, g)
    seat, view = table.current_view()
    table.draw_table(pygame.display.get_surface(), view, seat)
    picks = [c for c in table.controls if c.kind == "pick"]
    assert picks
    rest_mouse(app, picks[0].rect.center)
    note = " ".join(table.button_note(table.current_view()[1]))
    assert " ".join(translate(T.threat_text(picks[0].key)).split()) in note
