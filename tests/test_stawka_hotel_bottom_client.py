"""Hotel Excelsior at the table, left by issue 36 (docs/stawka-film-plan.md, step 9 "Left"): each side's hotel card
held at the bottom of its location deck (L594; A4; F12; public, the plan's section 3: "count per side, with the deck
count") shows in the tray as a back with its count, the seat's own and the opponent's, and goes when it joins the
deck. Everything drawn here is public; the hot-seat leak check stays in tests/test_stawka_hotel_client.py."""

from __future__ import annotations

import pygame

from tests.stawka_client_helpers import table_with_easy
from tests.stawka_helpers import touch
from tests.test_stawka_hotel_excelsior import hotel_game
from tests.test_stawka_top_secret import ts_game
from tests.text_layout import frame_problems

POLISH, GERMAN = "polish", "german"


def hover(app, pos) -> None:
    app.run_frames(2, inject={0: [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))]})


def backs(table) -> list[tuple[str, str]]:
    return [(side, kind) for _r, side, kind in table.back_rects(table.current_view()[1])]


# ----- Hotel Excelsior: the hotel card at the bottom (F12) --------------------------------------------------------

def test_both_hotel_cards_at_the_bottom_show_in_the_tray_with_their_count(app):
    game = hotel_game()
    table = table_with_easy(app, game, POLISH)
    assert backs(table) == [(POLISH, "hotel"), (GERMAN, "location"), (GERMAN, "hotel"), (GERMAN, "reaction")]
    own = next(r for r, side, kind in table.back_rects(table.current_view()[1]) if kind == "hotel")
    hover(app, own.center)
    note = table.hand_note(table.current_view()[1])
    left = len(game.state.location_deck[POLISH])
    assert note == ["Polish: the hotel card waits at the bottom of the location deck",
                    f"It is drawn after the {left} cards left in the deck."]
    assert frame_problems(app) == []


def test_a_hotel_card_that_joined_its_deck_leaves_the_tray(app):
    """F12: the first draw finding the deck empty takes the bottom card; the tray then shows no bottom for that
    side (the other side's still waits)."""
    game = hotel_game()
    s = game.state
    s.location_deck[GERMAN].extend(s.location_bottom[GERMAN])
    s.location_bottom[GERMAN] = []
    touch(game)
    table = table_with_easy(app, game, POLISH)
    assert backs(table) == [(POLISH, "hotel"), (GERMAN, "location"), (GERMAN, "reaction")]


def test_no_other_scenario_shows_a_bottom_card():
    """F15: only Hotel Excelsior holds a card apart; a Top Secret tray keeps its two backs."""
    from barclay_desktop.scenes.stawka.table import StawkaTableScene

    view = ts_game().view(POLISH)
    assert [(side, kinds) for side, kinds in StawkaTableScene.back_groups(view)] == [
        (GERMAN, ("location", "reaction"))]
