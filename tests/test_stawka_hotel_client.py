"""Hotel Excelsior at the table (issue 36, step 9 of docs/stawka-film-plan.md): the new-game form offers it, the
stage bar of an open-ended game (F3), victory points that win nothing by themselves (F16), the hotel's padlock
(F13), room 217 ending the game on the game-over page (F15), and a hot-seat game by mouse that leaks nothing
(K12)."""

from __future__ import annotations

import pygame

from barclay_desktop.i18n import _
from barclay_desktop.rules import game_class
from barclay_desktop.rules.stawka import actions as A
from barclay_desktop.scenes.game_over import GameOverScene
from barclay_desktop.scenes.stawka import art
from barclay_desktop.scenes.stawka.table import StawkaTableScene
from barclay_desktop.session import GameSession, SeatSetup
from tests.stawka_client_helpers import deliver, form_pick, hot_seat_to_stage
from tests.test_stawka_client_advanced import HOT_SEAT
from tests.test_stawka_hotel_excelsior import HOTEL, SID, hotel_card_in_hand, hotel_game
from tests.stawka_helpers import touch
from tests.test_stawka_location_actions import stand

POLISH, GERMAN = "polish", "german"
AGAINST_EASY = [SeatSetup(POLISH, "human", "Anna"), SeatSetup(GERMAN, "computer", "Bruno", "easy")]


def table_for(app, game, seats=HOT_SEAT):
    session = GameSession(game, list(seats), store=app.store)
    app.start_session(session)
    return session


def test_the_form_offers_hotel_excelsior_with_kloss_s_document():
    """Step 9: the film is playable from the new-game form; Kloss's document is chosen before every game but
    Meeting (K3), so its choice shows for Hotel Excelsior."""
    pick, with_document = form_pick(SID)
    assert pick.playable and "room 217" in pick.note and with_document


def test_the_stage_bar_names_no_total_and_the_vp_no_winning_score(app, monkeypatch):
    """F3: "until victory", so no "STAGE 3 OF 8" and no stage cells; F16: VP win nothing, 15 open the hotel, so
    the files read "N VP" and the stage bar says where the hotel opens."""
    drawn = []
    real = art.P.blit_text

    def spy(surface, text, *args, **kwargs):
        drawn.append(str(text))
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(art.P, "blit_text", spy)
    game = hotel_game()
    game.state.vp[POLISH] = 4
    touch(game)
    table_for(app, game, seats=AGAINST_EASY)
    app.run_frames(3)
    assert isinstance(app.stack.top, StawkaTableScene)
    assert "STAGE 1" in drawn and not any(t.startswith("STAGE 1 OF") for t in drawn)
    assert "the hotel opens at 15 VP" in drawn
    assert "4 VP" in drawn and not any(" of 0 VP" in t for t in drawn)


def lock_colour(app, table, seat_vp: int) -> tuple:
    """The padlock's body colour on the board at the hotel, for the Polish player with `seat_vp` VP."""
    game = table.game
    game.state.vp[POLISH] = seat_vp
    touch(game)
    table._view_key = table._layer = None  # the state edited by hand: the cached view and layer are stale
    table.viewport.zoom = 1.05
    x, y = table.screen_pos(HOTEL)
    table.viewport.pan(table.viewport.rect.centerx - x, table.viewport.rect.centery - y)
    app.run_frames(2)
    x, y = table.screen_pos(HOTEL)
    z = table.viewport.zoom
    centre = (x - round(20 * z) - 2, y - round(16 * z) + 16)
    return tuple(pygame.display.get_surface().get_at(centre))[:3]


def test_the_hotel_wears_a_shut_padlock_until_the_player_has_15_vp(app):
    """F13: each player's own 15 VP open the hotel to him: red and shut below, brass and open from 15."""
    from barclay_desktop.ui.palette import BRASS, STAMP_RED

    game = hotel_game()
    table_for(app, game, seats=AGAINST_EASY)
    app.run_frames(2)
    table = app.stack.top
    assert lock_colour(app, table, 14) == tuple(STAMP_RED)
    assert lock_colour(app, table, 15) == tuple(BRASS)


def test_room_217_by_mouse_ends_the_game_with_its_own_headline(app):
    """F15: Kloss on the hotel, the Polish player at 15 VP holding a Top Secret card: the hotel card in the tray,
    its menu's button, and the game-over page names room 217."""
    game = hotel_game()
    s = game.state
    card = hotel_card_in_hand(game, POLISH)
    stand(game, "hans_kloss", HOTEL)
    s.vp[POLISH], s.top_secret[POLISH] = 15, 1
    touch(game)
    table_for(app, game, seats=AGAINST_EASY)
    app.run_frames(2)
    use = A.UseLocationCard(card, "hans_kloss")
    assert use in game.legal_actions(POLISH)
    table = app.stack.top
    table.card = card  # picked from the tray (the tray's clicks are tested with scenario 3)
    app.run_frames(1)
    deliver(app, table, use)
    app.run_frames(3)
    assert game.is_over() and s.ending == "room_217" and isinstance(app.stack.top, GameOverScene)
    from barclay_desktop.scenes.stawka.overlays import ending_headline

    assert ending_headline("room_217", game.view(POLISH)) == _("Room 217 of Hotel Excelsior")


def test_two_stages_of_hotel_excelsior_hot_seat_by_mouse_leak_nothing(app):
    """The printed set-up (L589-L590) played hot-seat by the table's controls with Easy choosing for both people
    to the start of stage 3: every frame checked against the leak probes (hands, decks: K12), every sampled legal
    action reachable on the seven-sector board, and the curtain between the players."""
    game = game_class("stawka").new({"scenario": SID}, seed=5)
    table_for(app, game)
    seen = hot_seat_to_stage(app, game, seed=5)
    assert game.state.stage >= 3 and not game.is_over()
    assert seen["curtains"] > 6 and {"ChoosePlan", "Move"} <= seen["types"]
