"""'I Know Who You Are' at the table (issue 36, step 9; rulebook L541-L581; F5-F11; K12): the station hidden by a
click behind the curtain, its mark drawn for the Polish player only, the clue named by a button, Kloss's transmit
button, the status line, and a hot-seat game by mouse that never draws the hidden station for the German player."""

from __future__ import annotations

from barclay_desktop.rules import game_class
from barclay_desktop.rules.stawka import actions as A
from barclay_desktop.rules.stawka import flow
from barclay_desktop.session import GameSession, SeatSetup
from tests.stawka_client_helpers import deliver, form_pick, hot_seat_to_stage, table_with_easy
from tests.test_stawka_client_advanced import HOT_SEAT
from tests.test_stawka_client_privacy import Recorder
from tests.stawka_helpers import touch
from tests.test_stawka_radio import SID, at_activations, ready_to_transmit

POLISH, GERMAN = "polish", "german"
AS_GERMAN = [SeatSetup(POLISH, "computer", "Anna", "easy"), SeatSetup(GERMAN, "human", "Bruno")]


def test_the_form_offers_the_film_with_kloss_s_document():
    """The film is playable; Kloss's document is chosen before every game but Meeting (K3)."""
    pick, with_document = form_pick(SID)
    assert pick.playable and "radio station" in pick.note and with_document


def test_the_station_is_hidden_by_a_click_on_a_location(app):
    """F5: before stage 1 the Polish player clicks one of the eight brass locations outside police and military."""
    game = game_class("stawka").new({"scenario": SID}, seed=2)
    top = table_with_easy(app, game, POLISH)
    hides = [a for a in game.legal_actions(POLISH) if isinstance(a, A.HideRadio)]
    assert len(hides) == 8 and all(top.control_clicks(a) for a in hides)
    deliver(app, top, A.HideRadio("city.tenement"))
    assert game.state.radio["location"] == "city.tenement"
    app.run_frames(2)
    assert top.radio_line(top.current_view()[1]) == "Radio at the Tenement"


def test_kloss_transmits_by_his_button_and_the_line_says_when_it_wins(app):
    """F6-F7: Kloss on the station with two secrets has 'Transmit the report (1 AP)'; then it wins at the end of
    the next stage, and the status line says so to both players."""
    game = ready_to_transmit(at_activations())
    top = table_with_easy(app, game, POLISH)
    top.selected = "hans_kloss"
    app.run_frames(1)
    transmit = A.Transmit("hans_kloss")
    assert any(c.action == transmit and str(c.label) == "Transmit the report (1 AP)" for c in top.controls)
    deliver(app, top, transmit)
    assert game.state.radio["public"] and game.state.radio["since"] == 1
    app.run_frames(2)
    assert top.radio_line(game.view(GERMAN)) == "Radio transmitting: wins at the end of stage 2"


def test_the_clue_is_named_by_a_button_and_the_german_sees_two_sectors(app):
    """F9: the German's first secret asks the Polish player for a second sector; both are then outlined."""
    game = at_activations()
    top = table_with_easy(app, game, POLISH)
    flow.gain_secret(game, GERMAN, "jacek")
    touch(game)
    top.session.version += 1  # the state moved outside the table
    app.run_frames(2)
    name = A.NameClue("railway")
    assert any(c.action == name and str(c.label) == "Name the Railway sector" for c in top.controls)
    deliver(app, top, name)
    assert top.radio_line(game.view(GERMAN)) == "Radio in one of two sectors"


def test_the_german_player_never_sees_the_hidden_station_drawn(app):
    """K12: against the Easy Polish player, the German person's frames never carry the station's mark until it
    is public (the Recorder checks the drawn ids against the leak probes)."""
    game = game_class("stawka").new({"scenario": SID}, seed=4)
    recorder = Recorder()
    app.start_session(GameSession(game, list(AS_GERMAN), store=app.store))
    for _ in range(400):
        recorder.hook(app)
        app.run_frames(1)
        app.wait_for_tasks()
        if game.state.radio.get("location"):
            break
    assert game.state.radio.get("location") and not game.state.radio.get("public")
    app.run_frames(3)
    recorder.hook(app)
    top = app.stack.top
    assert not any(i.startswith("radio@") for i in top.drawn_ids)
    assert not recorder.leaks


def test_two_stages_hot_seat_by_mouse_hide_the_station_and_leak_nothing(app):
    """The printed set-up (L549-L550) hot-seat by the table's controls, Easy choosing for both people, to stage 3:
    the hide decision behind the curtain, every sampled legal action reachable, no leak in any frame."""
    game = game_class("stawka").new({"scenario": SID}, seed=6)
    app.start_session(GameSession(game, list(HOT_SEAT), store=app.store))
    seen = hot_seat_to_stage(app, game, seed=6)
    assert "HideRadio" in seen["types"] and "hide_radio" in seen["pending"]
