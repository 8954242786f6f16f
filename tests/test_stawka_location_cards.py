"""ADVANCED location cards, first step: the decks, stage step E and the conversion to AP (issue 35).

Rulebook, Location Cards 1-4 (L399-L413) and Stage E (L191); rulings K2, K10, K12; the proposals A1-A7
of docs/stawka-advanced-plan.md. The special actions and the hideout come later (the plan's steps 2-3).
"""

from __future__ import annotations

import json
import random
from types import SimpleNamespace

import pytest

from barclay_desktop.rules.core import CorruptState, IllegalAction
from barclay_desktop.rules.core.twin import check_position, make_twin
from barclay_desktop.rules.stawka import actions as A
from barclay_desktop.rules.stawka import content, location_cards, scenario_rules as SR
from barclay_desktop.rules.stawka.rules import route
from barclay_desktop.rules.stawka.scenario import board_for_scenario, load_scenario
from barclay_desktop.rules.stawka.state import GERMAN, POLISH, other
from tests.stawka_helpers import advanced_game, events, new_game, plan, set_out_threats, touch


def at_activations(seed: int = 1, polish: str = "polish_5", german: str = "german_4"):
    """Stage 1 of the test game with the planning cards chosen and the threat tokens set out."""
    g = advanced_game(seed)
    plan(g, polish, german)
    set_out_threats(g)
    assert g.state.phase == "activation"
    return g


def converts(g, seat: str) -> list:
    return [a for a in g.legal_actions(seat) if isinstance(a, A.ConvertLocationCard)]


# ------------------------------------------------------------------ the decks (Location Cards 1, L401-L403)


def test_l413_i_know_who_you_are_gives_each_player_a_deck_of_14_cards():
    """L413: "police, administrative, railway, city, military ... their decks will therefore have 14 cards each"."""
    b = board_for_scenario("i_know_who_you_are")
    faces = {"police", "administrative", "railway", "city", "military"}
    for side in (POLISH, GERMAN):
        deck = location_cards.deck_for(b, side)
        assert len(deck) == 14 and len(set(deck)) == 14
        assert {location_cards.card(c).location.split(".")[0] for c in deck} == faces
        assert all(c.startswith(side + ".") for c in deck)
    assert SR.scenario_rules("i_know_who_you_are")["location_card_limit"] == 3  # L413, L545: "the card limit is 3"


def test_the_test_game_deals_each_side_its_13_chestnuts_cards_and_no_hand_before_step_e():
    """L401: only the cards of the board's locations (Hitlerplatz 4, police 3, administrative 3, city 3)."""
    g = advanced_game()
    s = g.state
    assert s.level == "advanced" and s.phase == "planning"
    locations = {sp.id for sp in board_for_scenario("chestnuts").locations()}
    for side in (POLISH, GERMAN):
        assert len(s.location_deck[side]) == 13
        assert {location_cards.card(c).location for c in s.location_deck[side]} == locations
        assert s.location_hand[side] == []
    assert s.location_discard == [] and s.location_converted == []
    g.check_state()


def test_step_e_tops_up_to_the_limit_after_the_threat_set_out_the_first_player_first():
    """Stage E (L191) after C's set-out (A1); L535: limit 2 in scenario 3; the first player draws first (A7)."""
    g = advanced_game()
    plan(g, "polish_5", "german_4")  # German priority 4 < 5: the German activates first
    assert g.state.phase == "threats"
    assert g.state.location_hand == {POLISH: [], GERMAN: []}  # nothing drawn before the set-out
    set_out_threats(g)
    s = g.state
    assert {x: len(s.location_hand[x]) for x in (POLISH, GERMAN)} == {POLISH: 2, GERMAN: 2}
    assert {x: len(s.location_deck[x]) for x in (POLISH, GERMAN)} == {POLISH: 11, GERMAN: 11}
    drawn = events(g, "location_drawn")
    assert [e.data["seat"] for e in drawn] == [GERMAN, POLISH] and s.first == GERMAN
    own = events(g, "location_drawn_own")
    assert [e.to for e in own] == [GERMAN, POLISH]
    assert own[0].data["cards"] == s.location_hand[GERMAN]


def test_a_used_card_is_replaced_at_the_next_step_e():
    """L413: "If one of them uses e.g. two cards during that stage, in the second stage he will draw two cards
    (up to the limit)". Only one may be converted a stage, so the second leaves the hand by hand here, as a
    special action (the plan's step 2) will take it."""
    g = at_activations()
    s = g.state
    seat = s.turn
    first, second = sorted(s.location_hand[seat])
    g.apply(A.ConvertLocationCard(first), seat)
    s.location_hand[seat].remove(second)
    s.location_discard.append(second)
    touch(g)
    g.check_state()
    assert s.location_hand[seat] == []
    while s.stage == 1:
        g.apply(A.GiveUp(), g.current_seat())
    plan(g, "polish_4", "german_5")
    set_out_threats(g)
    assert len(s.location_hand[seat]) == 2 and len(s.location_deck[seat]) == 13 - 4
    assert len(s.location_hand[other(seat)]) == 2 and len(s.location_deck[other(seat)]) == 13 - 2


def test_a_spent_deck_gives_what_is_left():
    """A5: a location deck is not rebuilt; the top-up draws what is left."""
    g = advanced_game()
    s = g.state
    keep = s.location_deck[POLISH][:1]
    s.location_discard += s.location_deck[POLISH][1:]
    s.location_deck[POLISH] = keep[:]
    touch(g)
    plan(g)
    set_out_threats(g)
    assert s.location_hand[POLISH] == keep and s.location_deck[POLISH] == []
    g.check_state()


def test_the_draws_come_from_the_games_seeded_generator():
    """A4: no deck order is stored; the draw is random, the same for the same seed."""
    hands = [at_activations(seed).state.location_hand for seed in (5, 5, 6, 7, 8)]
    assert hands[0] == hands[1]
    assert any(h != hands[0] for h in hands[2:])
    assert all(deck == sorted(deck) for deck in at_activations(5).state.location_deck.values())


# ------------------------------------------------------------------ what each seat sees (K12)


def test_a_seat_sees_its_own_hand_the_other_hands_count_and_no_deck():
    """K12: location cards in hand are hidden from the opponent; no seat sees a deck's contents or order."""
    g = at_activations()
    s = g.state
    for seat in (POLISH, GERMAN):
        view = g.view(seat)["location_cards"]
        assert [c["id"] for c in view["hand"]] == s.location_hand[seat]
        assert all(c["side"] == seat and c["action"]["text"] for c in view["hand"])
        assert view["hand_count"] == {POLISH: 2, GERMAN: 2} and view["deck_count"] == {POLISH: 11, GERMAN: 11}
        assert view["limit"] == 2 and view["discard"] == []
        text = json.dumps(g.view(seat), default=str) + json.dumps([e.data for e in g.events_for(seat)], default=str)
        hidden = s.location_hand[other(seat)] + s.location_deck[other(seat)]
        assert all(f'"{c}"' in g.leak_probes(seat) for c in hidden)
        assert all(p not in text for p in g.leak_probes(seat))
        assert not any(f'"{c}"' in text for c in s.location_deck[seat])  # not even his own deck
    assert g.view(None)["location_cards"]["hand"] == []


def test_a_twin_redeals_only_the_other_hand():
    """K12 and the plan's section 3: the twin redeals the opponent's hand from his hand and deck."""
    g = at_activations()
    s = g.state
    rng = random.Random(2)
    seen = set()
    for _ in range(8):
        twin = make_twin(g, POLISH, rng)
        t = twin.state
        assert t.location_hand[POLISH] == s.location_hand[POLISH]
        assert t.location_deck[POLISH] == s.location_deck[POLISH]
        assert len(t.location_hand[GERMAN]) == 2
        assert sorted(t.location_hand[GERMAN] + t.location_deck[GERMAN]) == sorted(
            s.location_hand[GERMAN] + s.location_deck[GERMAN])
        seen.add(tuple(t.location_hand[GERMAN]))
        check_position(g, twin, POLISH)
    assert len(seen) > 1


# ------------------------------------------------------------------ conversion to 2 AP (Location Cards 4)


def test_a_card_turns_into_2_ap_once_a_stage_and_lies_face_up():
    """Location Cards 4: "discard this card to increase the general AP pool ... by 2 AP ... only 1 location card
    per stage"; A6: face up."""
    g = at_activations()
    s = g.state
    seat = s.turn
    pool = s.pools[seat]
    card, rest = sorted(s.location_hand[seat])
    assert converts(g, seat) == [A.ConvertLocationCard(card), A.ConvertLocationCard(rest)]
    g.apply(A.ConvertLocationCard(card), seat)
    assert s.pools[seat] == pool + 2 and s.location_hand[seat] == [rest] and s.location_discard == [card]
    assert s.turn == seat and s.activation is None  # his turn goes on
    for viewer in (POLISH, GERMAN):
        view = g.view(viewer)["location_cards"]
        assert [c["id"] for c in view["discard"]] == [card] and view["converted"][seat]
    assert converts(g, seat) == []
    with pytest.raises(IllegalAction, match="one card a stage"):
        g.apply(A.ConvertLocationCard(rest), seat)
    g.check_state()


def test_the_conversion_is_refused_outside_the_owners_activation_turn():
    """Location Cards 4: "at any moment of the activation of any of his own agents"."""
    g = advanced_game()
    with pytest.raises(IllegalAction, match="activation turn"):
        g.apply(A.ConvertLocationCard("polish.hotel"), POLISH)  # planning: not yet
    plan(g)
    set_out_threats(g)
    s = g.state
    waiting = other(s.turn)
    card = s.location_hand[waiting][0]
    assert converts(g, waiting) == []
    assert "activation turn" in str(g.explain_illegal(waiting, A.ConvertLocationCard(card)))
    mine = s.location_hand[s.turn][0]
    theirs = s.location_deck[waiting][0]
    assert "location card" in str(g.explain_illegal(s.turn, A.ConvertLocationCard(theirs)))  # the other side's card
    lost = s.location_deck[s.turn][0]
    assert "not in your hand" in str(g.explain_illegal(s.turn, A.ConvertLocationCard(lost)))
    assert "no such" in str(g.explain_illegal(s.turn, A.ConvertLocationCard("polish.nowhere")))
    assert A.ConvertLocationCard(mine) in g.legal_actions(s.turn)


def test_a_card_may_be_turned_into_ap_during_an_activation_which_then_goes_on():
    """Location Cards 4 and A3: while the pool, not the agent's AP limit, stops him, the activation stays open."""
    g = at_activations()
    s = g.state
    for sp, t in list(s.threats.items()):  # no tokens in the way of this movement
        s.threat_pool[t.side].append(t.id)
        del s.threats[sp]
    seat = s.turn
    s.pools[seat] = 2
    touch(g)
    move = next(a for a in g.legal_actions(seat) if isinstance(a, A.Move) and len(route(s, a.agent, a.to)) == 3)
    g.apply(move, seat)
    assert s.pools[seat] == 0 and s.activation is not None and s.activation.agent == move.agent
    card = s.location_hand[seat][0]
    assert A.ConvertLocationCard(card) in g.legal_actions(seat)
    assert "turn a location card into 2 AP" in str(g.prompt(seat))
    g.apply(A.ConvertLocationCard(card), seat)
    assert s.pools[seat] == 2 and s.activation is not None
    assert any(isinstance(a, A.Move) and a.agent == move.agent for a in g.legal_actions(seat))


def test_an_empty_pool_with_a_card_left_keeps_the_player_in_the_stage():
    """A3: a player whose pool is empty but who may still convert is not skipped: he converts or gives up."""
    g = at_activations()
    s = g.state
    seat = s.turn
    s.pools = {POLISH: 0, GERMAN: 0}
    touch(g)
    legal = g.legal_actions(seat)
    assert set(legal) == set(converts(g, seat)) | {A.GiveUp()} and converts(g, seat)
    assert "turn a location card into 2 AP" in str(g.prompt(seat))
    g.apply(converts(g, seat)[0], seat)
    assert s.pools[seat] == 2 and g.current_seat() == seat
    assert any(isinstance(a, A.Move) for a in g.legal_actions(seat))


def test_nothing_of_it_in_basic_or_extended_games():
    """K11: location cards are ADVANCED only; Meeting and First Clash play as before."""
    for scenario in ("meeting", "first_clash"):
        g = new_game(scenario=scenario)
        s = g.state
        assert (s.location_deck, s.location_hand, s.location_discard, s.location_converted) == ({}, {}, [], [])
        assert g.view(POLISH)["location_cards"] is None
        assert "ADVANCED rules" in str(g.explain_illegal(POLISH, A.ConvertLocationCard("polish.hotel")))
        assert SR.scenario_rules(scenario)["location_card_limit"] == 0


# ------------------------------------------------------------------ the scenario files, saves, invariants


def test_the_limits_come_from_the_scenarios_rules_block():
    """L535 (scenario 3: 2), L545, L585, L615 (3); A2: a scenario printing none gets L474's table by sectors."""
    limits = {sid: SR.scenario_rules(sid)["location_card_limit"]
              for sid in ("chestnuts", "i_know_who_you_are", "hotel_excelsior", "top_secret")}
    assert limits == {"chestnuts": 2, "i_know_who_you_are": 3, "hotel_excelsior": 3, "top_secret": 3}
    assert [SR.free_scenario_card_limit(n) for n in (4, 5, 6, 7)] == [2, 3, 3, 4]
    assert all("location_card_limit" not in load_scenario(sid).data for sid in limits)  # only in "rules"
    layout = SimpleNamespace(data={"level": "advanced"}, face_ids=lambda: ["a", "b", "c", "d", "e"])
    assert SR._card_limit({}, layout, "free") == 3
    with pytest.raises(ValueError, match="ADVANCED rule"):
        SR._card_limit({"location_card_limit": 2}, SimpleNamespace(data={"level": "extended"}), "x")
    with pytest.raises(ValueError, match="must be a count"):
        SR._card_limit({"location_card_limit": -1}, layout, "x")


def test_the_advanced_scenarios_are_playable_with_their_rules_blocks():
    """Issue 35 made scenario 3 playable; the films each became so in their own steps of issue 36 (Hotel Excelsior
    2, "I Know Who You Are" 3, Top Secret 4), and a game of each sets up with its location decks."""
    playable = SR.playable_scenarios()
    assert {"chestnuts", "hotel_excelsior", "i_know_who_you_are", "top_secret"} <= set(playable)
    for sid in ("hotel_excelsior", "i_know_who_you_are", "top_secret"):
        assert all(new_game(scenario=sid).state.location_deck[x] for x in ("polish", "german"))


def test_a_save_from_before_the_location_cards_loads_and_an_advanced_game_round_trips():
    """New fields are defaulted: a First Clash save without them loads; an ADVANCED game saves its decks."""
    g = new_game(scenario="first_clash")
    data = g.to_json()
    for key in ("location_deck", "location_hand", "location_discard", "location_converted"):
        del data["state"][key]
    again = type(g).from_json(data)
    again.check_state()
    assert again.state.location_hand == {} and again.view(POLISH)["location_cards"] is None
    adv = at_activations()
    back = type(adv).from_json(json.loads(json.dumps(adv.to_json())))
    back.check_state()
    assert back.state.location_hand == adv.state.location_hand
    assert back.state.location_deck == adv.state.location_deck


def test_a_card_in_two_places_or_a_second_conversion_is_a_damaged_state():
    """K10: each card of a side in exactly one of deck, hand, discard; one conversion a stage."""
    g = at_activations()
    s = g.state
    s.location_deck[POLISH].append(s.location_hand[POLISH][0])
    with pytest.raises(CorruptState):
        g.check_state()
    s.location_deck[POLISH].pop()
    s.location_converted = [POLISH, POLISH]
    with pytest.raises(CorruptState):
        g.check_state()
    s.location_converted = []
    g.check_state()
    first_clash = new_game(scenario="first_clash")
    first_clash.state.location_discard = ["polish.hotel"]
    with pytest.raises(CorruptState):
        first_clash.check_state()


def test_every_card_id_names_a_location_card_and_never_a_location():
    """The leak probes quote card ids; "polish.gestapo" must never be a location or token id (K2, K8)."""
    ids = {c.id for side in (POLISH, GERMAN) for c in content.location_cards(side)}
    spaces = {sp for sid in ("hotel_excelsior", "top_secret") for sp in board_for_scenario(sid).spaces}
    tokens = {t.id for side in (POLISH, GERMAN) for t in content.threat_tokens(side)}
    assert len(ids) == 52 and not ids & spaces and not ids & tokens
