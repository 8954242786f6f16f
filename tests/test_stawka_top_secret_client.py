"""Top Secret at the table (issue 36, step 9; rulebook L613-L667; F17-F28): the Black Audi chosen by a click on it and
driven by clicks on brass spaces, a Top Secret card's move, the attack on the carrying car, the secret's bonus by
its buttons, Pulkowski's line, the endings' headlines, and a hot-seat game by mouse where every action has its
click and nothing private is drawn for the wrong person."""

from __future__ import annotations

from barclay_desktop.rules import game_class
from barclay_desktop.rules.stawka import actions as A
from barclay_desktop.scenes.stawka.overlays import ENDINGS
from barclay_desktop.session import GameSession
from tests.stawka_client_helpers import deliver, form_pick, hot_seat_to_stage, table_with_easy
from tests.stawka_helpers import give_items, touch
from tests.test_stawka_client_advanced import HOT_SEAT
from tests.test_stawka_top_secret import AUDI, NEAR_BARRACKS, SID, aboard, stand, ts_game

POLISH, GERMAN = "polish", "german"


def test_the_form_offers_top_secret_with_kloss_s_document():
    pick, with_document = form_pick(SID)
    assert pick.playable and "Black Audi" in pick.note and with_document
    assert {"delivered", "car_destroyed", "not_in_time"} <= set(ENDINGS)


def test_the_audi_is_chosen_by_a_click_and_driven_by_a_brass_space(app):
    """F19-F20: in the German turn the car is a piece of the menu: a click on it, then a click on a space it may
    reach (the badge says the AP); the drive activates it and the heading says so."""
    game = ts_game(first=GERMAN)
    top = table_with_easy(app, game, GERMAN)
    drives = [a for a in game.legal_actions(GERMAN) if isinstance(a, A.Drive)]
    assert drives
    top.selected = "glaubel"  # another piece chosen: the car first, then the space
    app.run_frames(1)
    for a in drives:
        assert len(top.control_clicks(a)) == 2
    deliver(app, top, drives[0])
    car = game.state.vehicle
    assert car["space"] == drives[0].to and car["active"]
    app.run_frames(2)
    assert top.current_agent(top.current_view()[1], game.legal_actions(GERMAN)) == AUDI
    assert top.actions_heading(top.current_view()[1], GERMAN).startswith("BLACK AUDI (active")


def test_a_top_secret_card_moves_the_audi_by_its_pick_and_a_space(app):
    """F24: 'Play a Top Secret card: move the Audi', then a brass space one or two steps away."""
    game = ts_game()
    game.state.top_secret[POLISH] = 1
    touch(game)
    top = table_with_easy(app, game, POLISH)
    plays = [a for a in game.legal_actions(POLISH) if isinstance(a, A.PlayTopSecret)]
    assert plays and all(len(top.control_clicks(a)) == 2 for a in plays)
    deliver(app, top, A.PlayTopSecret("military.s8"))
    assert game.state.vehicle["space"] == "military.s8" and game.state.top_secret[POLISH] == 0


def test_the_carrying_car_is_attacked_by_its_button_and_pulkowski_s_line_says_he_is_aboard(app):
    """F23: Kazik with a weapon on the car's space has 'Attack the Black Audi with ...'; the line under the tracks
    says Pulkowski is in the car and its Defence."""
    game = ts_game()
    aboard(game, NEAR_BARRACKS)
    give_items(game, "kazik", "bunker.3")
    stand(game, "kazik", NEAR_BARRACKS)
    top = table_with_easy(app, game, POLISH)
    attack = A.Assassinate("kazik", AUDI, "bunker.3")
    assert attack in game.legal_actions(POLISH)
    top.selected = "kazik"
    app.run_frames(1)
    assert any(c.action == attack and str(c.label).startswith("Attack the Black Audi with") for c in top.controls)
    line = top.pulkowski_line(top.current_view()[1])
    assert line.startswith("Pulkowski is in the Audi (Defence")


def test_the_secret_s_bonus_is_chosen_by_its_buttons(app):
    """F26: after a conversation's secret, three buttons: move tokens, draw one, no bonus."""
    from barclay_desktop.rules.stawka import flow

    game = ts_game()
    flow.gain_secret(game, POLISH, "glaubel")
    touch(game)
    assert game.state.pending and game.state.pending[0].kind == "secret_bonus"
    top = table_with_easy(app, game, POLISH)
    labels = {str(c.label) for c in top.controls if isinstance(c.action, A.SecretBonus)}
    assert "Take no bonus" in labels and len(labels) >= 2
    deliver(app, top, A.SecretBonus("none"))
    assert not game.state.pending or game.state.pending[0].kind != "secret_bonus"


def test_two_stages_of_top_secret_hot_seat_by_mouse_leak_nothing(app):
    """The printed set-up (L619-L621, K3) hot-seat by the table's controls, Easy choosing for both people, to stage
    3: the car's drives among the actions, every sampled legal action reachable, no leak in any frame."""
    game = game_class("stawka").new({"scenario": SID}, seed=4)
    app.start_session(GameSession(game, list(HOT_SEAT), store=app.store))
    seen = hot_seat_to_stage(app, game, seed=4)
    assert "Drive" in seen["types"]
