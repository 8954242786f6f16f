"""Issue 36, step 2 (docs/stawka-film-plan.md section 7): the film scenario "Hotel Excelsior" in the engine.

Rulebook /work/shared/rules/stawka.en.txt, Film Scenario: Hotel Excelsior, L583-L611: "Game time: until victory.
Location card limit: 3." (L585); Room 217 (L594): the hotel card "as the last card at the bottom of the deck ...
Until the moment a given Player gathers 15 VP, nobody may either search the hotel or play the hotel card";
Victory Conditions (L598): "The Player who gains 15 VP (or more) may perform the search action in the hotel ... if
during the activation of his agent he manages to meet the conditions on the hotel location card, he automatically
wins"; VP (L602-L606). Rulings K10, K12 (RULINGS.md part K); A4, A9, A21-A23 (docs/stawka-advanced-plan.md);
the proposals F1, F3, F12-F16 (the film plan, section 8).
"""

from __future__ import annotations

import json
import random

import pytest

from barclay_desktop import games
from barclay_desktop.rules.core.twin import check_position, make_twin
from barclay_desktop.rules.stawka import actions as A
from barclay_desktop.rules.stawka import campaign, flow, hotel, location_cards, location_hooks, missions
from barclay_desktop.rules.stawka import scenario_rules as SR
from barclay_desktop.rules.stawka.activation import activate
from barclay_desktop.rules.stawka.game import StawkaGame
from barclay_desktop.rules.stawka.rules import colour
from barclay_desktop.rules.stawka.state import GERMAN, POLISH, SIDES, HeldMission
from tests.stawka_helpers import events, give_items, plan, set_out_threats, touch
from tests.test_stawka_location_actions import stand

HOTEL = "hitlerplatz.hotel"
SID = "hotel_excelsior"


def hotel_game(seed: int = 1, first: str = POLISH) -> StawkaGame:
    """Stage 1's activations of the printed set-up (L589-L590), `first` to act, no token on the board and no
    location card in hand (they go back to the deck; the hotel cards stay at the bottom)."""
    g = StawkaGame.new({"scenario": SID}, seed=seed)
    plan(g, "polish_4", "german_5") if first == POLISH else plan(g, "polish_5", "german_4")
    set_out_threats(g)
    s = g.state
    for sp, t in list(s.threats.items()):
        s.threat_pool[t.side].append(t.id)
        del s.threats[sp]
    for x in SIDES:
        s.location_deck[x] = sorted(s.location_deck[x] + s.location_hand[x])
        s.location_hand[x] = []
    touch(g)
    assert s.turn == first and s.phase == "activation"
    return g


def hotel_card_in_hand(g, side: str) -> str:
    """The hotel card taken from the bottom into the hand, as the draw would once the deck is spent (F12)."""
    s = g.state
    card = s.location_bottom[side].pop()
    s.location_hand[side].append(card)
    touch(g)
    return card


def keep_only(g, side: str, *cards: str) -> None:
    """The side's hand holds `cards` and nothing else (the rest to the deck: K10, one place each)."""
    s = g.state
    for c in list(s.location_hand[side]):
        if c not in cards:
            s.location_hand[side].remove(c)
            s.location_deck[side].append(c)
    for c in cards:
        if c in s.location_deck[side]:
            s.location_deck[side].remove(c)
            s.location_hand[side].append(c)
    touch(g)


# ------------------------------------------------------------------ the rules block (F16, F3)


def test_the_rules_block_makes_the_scenario_playable_open_ended_with_vp_1_3_3():
    """L585 "until victory" (F3: stages 0); L602-L604 VP 1/3/3; F16: 15 VP open the hotel and win nothing, no
    exposure or jail ending; F1: evidence beyond 10 gives VP (L606)."""
    plan_ = SR.setup_plan({"scenario": SID})
    assert plan_["stages"] == 0 and plan_["level"] == "advanced"
    rules = SR.scenario_rules(SID)
    assert dict(rules["vp"]) == {"basic_mission": 1, "special_mission": 3, "secret": 3}
    assert rules["vp_to_win"] == 0 and rules["secrets_to_win"] == 0 and rules["jail_to_win"] == 0
    assert not rules["chief_falls_end"] and rules["location_card_limit"] == 3
    assert rules["special"] == "room_217" and dict(rules["room_217"]) == {
        "vp_gate": 15, "location": "hotel", "bottom_card": "hotel"}
    assert dict(rules["overflow"]) == {"sources": ("conversation", "item"), "gives": "vp"}
    assert SID in SR.playable_scenarios()


@pytest.mark.parametrize("block, reason", [
    ({"vp_gate": 0, "location": "hotel", "bottom_card": "hotel"}, "'vp_gate', a count of 1 or more"),
    ({"vp_gate": 15, "bottom_card": "hotel"}, "needs 'location'"),
    ({"vp_gate": 15, "location": "casino", "bottom_card": "hotel"}, "'casino', which is no location"),
])
def test_a_malformed_room_217_block_is_refused_with_its_reason(block, reason):
    from tests.test_stawka_film_plumbing import film_file

    with film_file("chestnuts", {"special": "room_217", "room_217": block}):
        with pytest.raises(ValueError, match=reason):
            SR.setup_plan({"scenario": "chestnuts"})


def test_the_new_game_form_offers_it_and_no_campaign_reaches_it():
    """The table shows open-ended games (the plan's step 9): the form offers the film; the training campaign's
    chain (K16) never leads to a film."""
    stawka = next(c for c in games.descriptor("stawka").choices if c.key == "scenario")
    pick = next(p for p in stawka.picks if p.value == SID)
    assert pick.playable is True
    assert SID not in campaign.CHAIN
    view = {"result": {"winner": POLISH}, "carry_over": {"next_scenario": SID, "evidence": {POLISH: {}}}}
    assert campaign.next_options(view) is None


def test_stages_go_on_past_eight_with_no_count_in_the_messages():
    """F3: no stage limit; the stage line names no total."""
    g = hotel_game()
    s = g.state
    s.stage, s.revealed = 9, {POLISH: "polish_1", GERMAN: "german_1"}
    flow.end_stage(g)
    assert s.result is None and s.stage == 10
    assert str(s.log[-1].text).startswith("Stage 10 begins")


# ------------------------------------------------------------------ the hotel card at the bottom (L594, A4, F12)


def test_each_hotel_card_waits_at_the_bottom_of_a_19_card_deck():
    """L594: "take out of them the hotel card and put it as the last card at the bottom of the deck"; 19 cards a
    side on the seven sectors (L401, L413); F12: where it is is public."""
    g = StawkaGame.new({"scenario": SID}, seed=2)
    s = g.state
    assert s.location_bottom == {POLISH: ["polish.hotel"], GERMAN: ["german.hotel"]}
    assert {x: len(s.location_deck[x]) + len(s.location_bottom[x]) for x in SIDES} == {POLISH: 19, GERMAN: 19}
    assert any("hotel card goes to the bottom" in str(e.text) for e in s.log)
    for seat in SIDES:
        assert g.view(seat)["location_cards"]["bottom_count"] == {POLISH: 1, GERMAN: 1}
    g.check_state()


def test_the_hotel_card_is_drawn_only_at_the_draw_finding_the_deck_empty():
    """L594 "They will therefore be able to receive it only after using all the other cards"; F12."""
    g = hotel_game()
    s = g.state
    drawn = location_cards.draw(g, POLISH, 18)
    assert "polish.hotel" not in drawn and len(drawn) == 18 and s.location_bottom[POLISH] == ["polish.hotel"]
    assert location_cards.draw(g, POLISH, 2) == ["polish.hotel"]
    assert s.location_bottom[POLISH] == [] and s.location_deck[POLISH] == []
    assert events(g, "location_bottom")[-1].data["seat"] == POLISH
    g.check_state()


def test_the_bottom_card_follows_the_last_card_of_the_same_draw():
    """F12: a draw of two finding one card left takes it, then the hotel card."""
    g = hotel_game()
    s = g.state
    last = s.location_deck[GERMAN].pop()
    s.location_deck[GERMAN], s.location_discard = [last], s.location_discard + s.location_deck[GERMAN]
    touch(g)
    assert sorted(location_cards.draw(g, GERMAN, 2)) == sorted([last, "german.hotel"])
    g.check_state()


def test_an_items_extra_draw_reaches_the_bottom_card():
    """F12 and the item "draw a location card" (A2: even above the limit): a spent deck with its hotel card below
    still has a card to give."""
    g = hotel_game()
    s = g.state
    s.location_discard += s.location_deck[POLISH]
    s.location_deck[POLISH] = []
    give_items(g, "emma_schmidt", "courts.5")
    activate(g, "emma_schmidt")  # K15: items are used by the activated agent
    touch(g)
    assert A.UseItem("emma_schmidt", "courts.5") in g.legal_actions(POLISH)
    g.apply(A.UseItem("emma_schmidt", "courts.5"), POLISH)
    assert s.location_hand[POLISH] == ["polish.hotel"]
    g.check_state()


# ------------------------------------------------------------------ the 15-VP gate (L594, L598, F13)


def test_below_15_vp_nobody_searches_the_hotel_and_the_reason_says_why():
    """L594 "Until the moment a given Player gathers 15 VP, nobody may either search the hotel"; F13: the gate is
    each player's own, so the German's 15 VP open nothing for the Polish player."""
    g = hotel_game()
    s = g.state
    stand(g, "emma_schmidt", HOTEL)
    s.vp[GERMAN] = 15
    touch(g)
    assert A.Search("emma_schmidt") not in g.legal_actions(POLISH)
    why = str(g.explain_illegal(POLISH, A.Search("emma_schmidt")))
    assert "closed to you until you have 15 VP (you have 0)" in why
    s.vp[POLISH] = 15  # L598: "The Player who gains 15 VP (or more) may perform the search action in the hotel"
    touch(g)
    assert A.Search("emma_schmidt") in g.legal_actions(POLISH)


def test_the_gate_closes_the_hotel_only_and_a_cards_search_too():
    """F13: other locations are searched as usual; a location card's search (A25) of the hotel is a search."""
    g = hotel_game()
    s = g.state
    stand(g, "emma_schmidt", "city.market")
    assert A.Search("emma_schmidt") in g.legal_actions(POLISH)
    stand(g, "emma_schmidt", HOTEL)
    assert location_hooks.options(s, "polish.market", "emma_schmidt") == []
    s.vp[POLISH] = 15
    assert location_hooks.options(s, "polish.market", "emma_schmidt") == [("", "")]


def test_below_15_vp_the_hotel_card_is_refused_with_the_reason():
    """L594 "nobody may ... play the hotel card" below 15 VP; F13, F15."""
    g = hotel_game(first=GERMAN)
    s = g.state
    card = hotel_card_in_hand(g, GERMAN)
    give_items(g, "johannes_lemner", "hotel.2")  # a valuable (L611)
    s.vp[GERMAN] = 14
    touch(g)
    use = A.UseLocationCard(card, "johannes_lemner")
    assert use not in g.legal_actions(GERMAN)
    assert "closed to you until you have 15 VP (you have 14)" in str(g.explain_illegal(GERMAN, use))


# ------------------------------------------------------------------ room 217 (L598, F15)


def test_room_217_wins_for_the_german_agent_holding_a_valuable():
    """L598 "if during the activation of his agent he manages to meet the conditions on the hotel location card,
    he automatically wins"; the German card: "this agent wins the game if he holds a valuable item" (F15)."""
    g = hotel_game(first=GERMAN)
    s = g.state
    card = hotel_card_in_hand(g, GERMAN)
    s.vp[GERMAN] = 15
    touch(g)
    use = A.UseLocationCard(card, "johannes_lemner")
    assert use not in g.legal_actions(GERMAN)  # no valuable held yet
    assert "holds what the card names" in str(g.explain_illegal(GERMAN, use))
    give_items(g, "johannes_lemner", "hotel.2")
    g.apply(use, GERMAN)
    assert s.winner == GERMAN and s.ending == "room_217" and g.is_over()


def test_room_217_wins_for_the_polish_player_holding_a_top_secret_card():
    """The Polish card: "this agent wins the game if he holds a Top Secret card" (F15: the side's public count,
    A22); L610: Top Secret cards "needed for the Polish Player's victory"."""
    g = hotel_game()
    s = g.state
    card = hotel_card_in_hand(g, POLISH)
    stand(g, "hans_kloss", HOTEL)
    s.vp[POLISH] = 16
    touch(g)
    assert A.UseLocationCard(card, "hans_kloss") not in g.legal_actions(POLISH)
    s.top_secret[POLISH] = 1
    touch(g)
    g.apply(A.UseLocationCard(card, "hans_kloss"), POLISH)
    assert s.winner == POLISH and s.ending == "room_217"


def test_room_217_is_read_from_the_block_so_no_other_scenario_opens_it():
    """A9 and F15: the hotel card's action needs the room_217 block, not a scenario's name."""
    g = StawkaGame.new({"scenario": "first_clash"}, seed=1)
    assert hotel.block(g.state) is None and not hotel.hotel_closed(g.state, POLISH)
    german = next(x for x, a in g.state.agents.items() if a.side == GERMAN)
    g.state.vp[GERMAN] = 20
    assert not location_hooks.room_217_ready(g.state, GERMAN, german) and hotel.bottom_card(g.state, GERMAN) is None


# ------------------------------------------------------------------ no conversion (F14)


def test_the_hotel_card_is_never_turned_into_ap():
    """F14: the hotel card is each side's only way to win (L598), so it is kept: no conversion (Location Cards 4
    elsewhere, A9), and it has no hideout."""
    g = hotel_game()
    card = hotel_card_in_hand(g, POLISH)
    assert A.ConvertLocationCard(card) not in g.legal_actions(POLISH)
    assert "kept until it opens room 217" in str(g.explain_illegal(POLISH, A.ConvertLocationCard(card)))
    assert not location_cards.card(card).hideout
    other = g.state.location_deck[POLISH][0]
    keep_only(g, POLISH, card, other)
    convert = [a for a in g.legal_actions(POLISH) if isinstance(a, A.ConvertLocationCard)]
    assert convert == [A.ConvertLocationCard(other)]


def test_a_hand_holding_only_the_hotel_card_cannot_convert():
    """F14 with A3: a hand of the hotel card alone gives no conversion and keeps nobody waiting for one."""
    g = hotel_game()
    s = g.state
    card = hotel_card_in_hand(g, POLISH)
    assert s.location_hand[POLISH] == [card]
    assert not location_cards.can_convert(s, POLISH)
    assert not location_cards.may_act_by_conversion(s, POLISH)


# ------------------------------------------------------------------ VP (L602-L606, F16, F1)


def test_vp_one_for_a_basic_mission_three_for_a_special_and_three_for_a_secret():
    """L602-L604: "A. a basic mission - 1 VP, B. a special mission - 3 VP, C. a secret from a conversation - 3
    VP"; F16: the special mission's own secret (P20) earns none; 15 VP alone win nothing."""
    g = hotel_game()
    s = g.state
    s.missions["emma_schmidt"] = HeldMission(card=_mission_card(g, "emma_schmidt", 0), taken_stage=1)
    missions.complete(g, "emma_schmidt", "basic")
    assert s.vp[POLISH] == 1
    s.missions["emma_schmidt"] = HeldMission(card=_mission_card(g, "emma_schmidt", 1), taken_stage=1)
    secrets = s.secrets[POLISH]
    missions.complete(g, "emma_schmidt", "special")
    assert s.vp[POLISH] == 4 and s.secrets[POLISH] == secrets + 1  # the special mission's secret: no VP
    s.vp[POLISH] = 14
    flow.gain_secret(g, POLISH, "fritz_kopf")
    assert s.vp[POLISH] == 17 and s.winner is None and s.result is None


def _mission_card(g, agent_id: str, n: int) -> str:
    """A mission card of the agent's own that is not held or done (the content's ids are "<agent>.<n>")."""
    from barclay_desktop.rules.stawka import content

    return sorted(c.id for c in content.missions_for(agent_id))[n]


def test_the_villa_card_gives_the_german_player_two_vp():
    """L606 "the Germans from the SS officer's villa"; A21: gain_vp counts where VP are counted."""
    g = hotel_game(first=GERMAN)
    s = g.state
    keep_only(g, GERMAN, "german.ss_villa")
    villa = location_cards.card("german.ss_villa").location
    stand(g, "erik_kopf", villa)
    g.apply(A.UseLocationCard("german.ss_villa", "erik_kopf"), GERMAN)
    assert s.vp[GERMAN] == 2


def test_evidence_beyond_10_from_a_conversation_or_an_item_is_vp():
    """L606 "more than the tenth piece of EVIDENCE, he instead receives 1 Victory Point for each evidence above
    10"; F1: only a conversation or an item."""
    g = hotel_game()
    s = g.state
    col = colour("fritz_kopf")
    s.evidence[POLISH][col] = 9
    flow.gain_evidence(g, POLISH, col, 3, "test", source="conversation")
    flow.gain_evidence(g, POLISH, col, 2, "test")  # a card: no VP
    assert s.vp[POLISH] == 2 and s.overflow[POLISH] == 2


# ------------------------------------------------------------------ saves, K12, the twin


def test_a_save_round_trips_the_bottom_cards_and_plays_on():
    """F12's `location_bottom` is saved: a game saved before and after the bottom card joined its deck loads
    with the same state and the same legal moves."""
    g = hotel_game()
    for step in range(2):
        data = json.loads(json.dumps(g.to_json()))
        again = StawkaGame.from_json(data)
        again.check_state()
        assert again.state.location_bottom == g.state.location_bottom
        assert again.legal_actions(POLISH) == g.legal_actions(POLISH)
        if step == 0:
            location_cards.draw(g, POLISH, 19)
            touch(g)
            assert g.state.location_bottom[POLISH] == []


def test_leak_probes_hold_and_the_twin_keeps_the_bottom_apart():
    """K12: the bottom cards are public, the other hand and deck are not; the twin redeals hand and deck only, so
    the next draws stay what they can be (the plan's section 3)."""
    g = hotel_game()
    location_cards.draw(g, POLISH, 2)
    location_cards.draw(g, GERMAN, 2)
    rng = random.Random(5)
    for seat in SIDES:
        text = json.dumps(g.view(seat), default=str) + json.dumps([e.data for e in g.events_for(seat)], default=str)
        assert all(p not in text for p in g.leak_probes(seat))
        twin = make_twin(g, seat, rng)
        check_position(g, twin, seat)
        assert twin.state.location_bottom == g.state.location_bottom


def test_easy_players_play_stages_of_it_with_the_probes_holding():
    """A few stages between Easy players: every state checked (K10 with the bottom), nothing hidden leaks."""
    from barclay_desktop import ai

    g = StawkaGame.new({"scenario": SID}, seed=7)
    players = {x: ai.make_player("stawka", "easy", seed=i) for i, x in enumerate(SIDES)}
    steps = 0
    while not g.is_over() and g.state.stage <= 3 and steps < 3000:
        seat = g.current_seat()
        g.apply(players[seat].choose(g.view(seat), g.legal_actions(seat)), seat)
        steps += 1
        if steps % 50 == 0:
            g.check_state()
            for x in SIDES:
                text = json.dumps(g.view(x), default=str)
                assert all(p not in text for p in g.leak_probes(x))
    g.check_state()
    assert g.state.stage > 3 or g.is_over()


def test_simulate_exempts_only_events_written_before_a_reshuffle_for_reaction_cards():
    """A5-A6: a reaction card discarded face up may be shuffled into the new deck and drawn within one action; the
    events before the reshuffle named it while it was public. Later events, and every other probe, stay checked."""
    from types import SimpleNamespace

    g = hotel_game()
    kinds = ["reaction_discarded", "reshuffled", "reaction_drawn"]
    events = [SimpleNamespace(kind=k) for k in kinds]
    assert g.stale_probes(events) == (2, ('"reaction.',))
    assert g.stale_probes(events[:1]) == (0, ())
