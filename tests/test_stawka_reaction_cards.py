"""ADVANCED reaction cards, the deck: stage step D, the hand limit, the discard and the reshuffle (issue 35).

Rulebook, Reaction Cards 1-6 (L415-L429) and Stage D (L190); rulings K7, K10, K12; the proposals A1, A4-A7
of docs/stawka-advanced-plan.md (build order step 4). Playing the cards comes with steps 5-6.
"""

from __future__ import annotations

import json
import random

import pytest

from barclay_desktop import ai
from barclay_desktop.rules.core import CorruptState, IllegalAction
from barclay_desktop.rules.core.twin import check_position, make_twin
from barclay_desktop.rules.stawka import actions as A
from barclay_desktop.rules.stawka import content, reaction_cards
from barclay_desktop.rules.stawka.state import GERMAN, POLISH, other
from tests.stawka_helpers import advanced_game, events, new_game, plan, set_out_threats, touch


def stage(g, polish: str, german: str) -> None:
    """Planning and the set-out of the next stage (the activations may wait for a discard)."""
    plan(g, polish, german)
    set_out_threats(g)


def finish_stage(g) -> None:
    n = g.state.stage
    while g.state.stage == n and not g.is_over():
        seat = g.current_seat()
        if g.state.pending:
            g.apply(g.legal_actions(seat)[0], seat)
        else:
            g.apply(A.GiveUp(), seat)


def hands(g) -> dict:
    return {x: len(g.state.reaction_hand[x]) for x in (POLISH, GERMAN)}


def test_the_deck_holds_the_30_cards_ten_of_each_colour_five_with_the_block():
    """K10, Reaction Cards 3-4; the plan's 5.3: a playable half for each trigger in both halves."""
    cards = content.reaction_cards()
    assert len(cards) == 30
    for colour in ("red", "purple", "yellow"):
        group = [c for c in cards if c.colour == colour]
        assert len(group) == 10 and sum(c.block for c in group) == 5
    g = advanced_game()
    assert g.state.reaction_deck == reaction_cards.all_cards()
    assert g.state.reaction_hand == {POLISH: [], GERMAN: []} and g.state.reaction_discard == []


def test_step_d_draws_by_the_planning_cards_the_first_player_first_after_the_set_out():
    """Stage D (L190) after C (A1), before E; L181/K7: the planning card's number; A7: the first player first."""
    g = advanced_game()
    plan(g, "polish_3", "german_1")  # Polish draws 1, German 2; German priority 1 activates first
    assert g.state.phase == "threats" and hands(g) == {POLISH: 0, GERMAN: 0}  # nothing before the set-out
    set_out_threats(g)
    s = g.state
    assert s.first == GERMAN and hands(g) == {POLISH: 1, GERMAN: 2} and len(s.reaction_deck) == 27
    drawn = events(g, "reaction_drawn")
    assert [(e.data["seat"], e.data["count"]) for e in drawn] == [(GERMAN, 2), (POLISH, 1)]
    own = events(g, "reaction_drawn_own")
    assert [(e.to, e.data["cards"]) for e in own] == [(GERMAN, s.reaction_hand[GERMAN]), (POLISH, s.reaction_hand[POLISH])]
    kinds = [e.kind for e in s.log]
    assert kinds.index("reaction_drawn") < kinds.index("location_drawn")  # D before E
    assert max(i for i, k in enumerate(kinds) if k == "threat_set") < kinds.index("reaction_drawn")


def test_a_planning_card_with_no_reaction_cards_draws_none():
    """K7: the 11-AP card draws 0."""
    g = advanced_game()
    stage(g, "polish_5", "german_5")
    assert hands(g) == {POLISH: 0, GERMAN: 0} and events(g, "reaction_drawn") == []


def test_over_the_limit_the_player_draws_looks_and_then_discards_down_before_the_other_draws():
    """L426: "the Player draws them, may look at them, and only then must discard (without bringing their
    effects into play) as many cards as to leave himself only 3 cards"; A6: face up."""
    g = advanced_game(3)
    s = g.state
    stage(g, "polish_1", "german_2")  # 2 each; Polish priority 1 first
    finish_stage(g)
    assert hands(g) == {POLISH: 2, GERMAN: 2}
    stage(g, "polish_2", "german_1")  # 2 more each: German first now (priority 1)
    assert s.pending and s.pending[0].kind == "reaction_discard" and s.pending[0].seat == GERMAN
    assert g.current_seat() == GERMAN and hands(g) == {POLISH: 2, GERMAN: 4}  # the Polish player has not drawn
    assert s.turn is None and s.activation is None  # steps E and F wait for the discard
    stage_e = len(events(g, "location_drawn"))
    legal = g.legal_actions(GERMAN)
    assert legal == [A.DiscardReaction(c) for c in sorted(s.reaction_hand[GERMAN])]
    assert "discard one" in str(g.prompt(GERMAN)) and "deciding" in str(g.prompt(POLISH))
    assert g.view(POLISH)["pending"]["kind"] == "reaction_discard"
    g.check_state()
    card = legal[0].card
    g.apply(legal[0], GERMAN)
    assert s.reaction_discard == [card] and card not in s.reaction_hand[GERMAN]
    assert events(g, "reaction_discarded")[-1].to is None  # shown to both
    for seat in (POLISH, GERMAN):
        assert [c["id"] for c in g.view(seat)["reactions"]["discard"]] == [card]
    # down to 3: the Polish player draws next and is over the limit too
    assert s.pending[0].seat == POLISH and hands(g) == {POLISH: 4, GERMAN: 3}
    g.apply(g.legal_actions(POLISH)[-1], POLISH)
    assert not s.pending and hands(g) == {POLISH: 3, GERMAN: 3}
    assert s.phase == "activation" and s.turn == GERMAN and len(s.location_hand[GERMAN]) == 2  # then E and F
    assert len(events(g, "location_drawn")) == stage_e  # the hands were full: E drew nothing
    g.check_state()


def test_a_discard_is_refused_outside_the_decision():
    """Reaction Cards 5: cards are discarded without effect only to come down to the limit."""
    g = advanced_game()
    stage(g, "polish_1", "german_1")
    s = g.state
    mine = s.reaction_hand[s.turn][0]
    with pytest.raises(IllegalAction):
        g.apply(A.DiscardReaction(mine), s.turn)
    assert "limit of 3" in str(g.explain_illegal(s.turn, A.DiscardReaction(mine)))
    theirs = s.reaction_hand[other(s.turn)][0]
    assert "not in your hand" in str(g.explain_illegal(s.turn, A.DiscardReaction(theirs)))
    assert "no such" in str(g.explain_illegal(s.turn, A.DiscardReaction("reaction.99")))
    assert "ADVANCED rules" in str(new_game().explain_illegal(POLISH, A.DiscardReaction("reaction.1")))


def test_a_spent_deck_is_rebuilt_from_the_used_cards_at_the_draw_that_finds_it_empty():
    """L427: "Only when the Players have used all cards from the deck may they reshuffle all used cards"; A5."""
    g = advanced_game()
    s = g.state
    s.reaction_discard = s.reaction_deck[1:]
    s.reaction_deck = s.reaction_deck[:1]
    touch(g)
    stage(g, "polish_3", "german_1")  # German draws 2: the last card, then the rebuilt deck
    assert hands(g) == {POLISH: 1, GERMAN: 2}
    (e,) = events(g, "reshuffled")
    assert e.data["count"] == 29 and e.data["deck"] == "reaction"
    assert s.reaction_discard == [] and len(s.reaction_deck) == 27
    g.check_state()


# ------------------------------------------------------------------ what each seat sees (K12)


def test_a_seat_sees_its_own_reaction_hand_the_other_hands_count_and_the_deck_size():
    """K12: reaction cards in hand are hidden from the opponent; the deck has no order to show (A4)."""
    g = advanced_game()
    stage(g, "polish_1", "german_2")
    s = g.state
    for seat in (POLISH, GERMAN):
        view = g.view(seat)["reactions"]
        assert [c["id"] for c in view["hand"]] == s.reaction_hand[seat]
        assert all(c["mine"] == seat and c["polish"]["text"] and c["german"]["text"] for c in view["hand"])
        assert view["hand_count"] == {POLISH: 2, GERMAN: 2} and view["deck_count"] == 26 and view["limit"] == 3
        text = json.dumps(g.view(seat), default=str) + json.dumps([e.data for e in g.events_for(seat)], default=str)
        hidden = s.reaction_hand[other(seat)] + s.reaction_deck
        assert all(f'"{c}"' in g.leak_probes(seat) for c in hidden)
        assert all(p not in text for p in g.leak_probes(seat))
    onlooker = g.view(None)["reactions"]
    assert onlooker["hand"] == [] and onlooker["hand_count"] == {POLISH: 2, GERMAN: 2}
    text = json.dumps(g.view(None), default=str) + json.dumps([e.data for e in g.events_for(None)], default=str)
    assert all(p not in text for p in g.leak_probes(None))


def test_a_twin_redeals_the_other_reaction_hand_and_the_deck():
    """K12 and the plan's section 3: what a seat has not seen is redealt, the hand sizes kept."""
    g = advanced_game()
    stage(g, "polish_1", "german_2")
    s = g.state
    rng = random.Random(3)
    seen = set()
    for _ in range(8):
        twin = make_twin(g, POLISH, rng)
        t = twin.state
        assert t.reaction_hand[POLISH] == s.reaction_hand[POLISH] and t.reaction_discard == s.reaction_discard
        assert len(t.reaction_hand[GERMAN]) == 2
        assert sorted(t.reaction_hand[GERMAN] + t.reaction_deck) == sorted(s.reaction_hand[GERMAN] + s.reaction_deck)
        seen.add(tuple(t.reaction_hand[GERMAN]))
        check_position(g, twin, POLISH)
        twin.check_state()
    assert len(seen) > 1


def test_a_twin_during_the_others_discard_keeps_the_position():
    """The decision to discard down is public (the hand count and the draw are); its cards are not."""
    g = advanced_game(3)
    stage(g, "polish_1", "german_2")
    finish_stage(g)
    stage(g, "polish_2", "german_1")
    assert g.state.pending[0].seat == GERMAN
    rng = random.Random(5)
    for seat in (POLISH, GERMAN):
        check_position(g, make_twin(g, seat, rng), seat)


# ------------------------------------------------------------------ integrity, saves, other levels


def test_a_card_in_two_places_or_a_fourth_card_held_is_a_damaged_state():
    """K10: every card in exactly one of deck, a hand, the discard; L426: "At no moment ... more than 3"."""
    g = advanced_game()
    stage(g, "polish_1", "german_2")
    s = g.state
    s.reaction_discard.append(s.reaction_hand[POLISH][0])
    with pytest.raises(CorruptState):
        g.check_state()
    s.reaction_discard.pop()
    s.reaction_hand[POLISH] += [s.reaction_deck.pop(0), s.reaction_deck.pop(0)]
    with pytest.raises(CorruptState):
        g.check_state()
    first_clash = new_game(scenario="first_clash")
    first_clash.state.reaction_deck = ["reaction.1"]
    with pytest.raises(CorruptState):
        first_clash.check_state()


def test_nothing_in_basic_or_extended_games_and_old_saves_load():
    """K11: reaction cards are ADVANCED only; saves made before the fields existed still load."""
    for scenario in ("meeting", "first_clash"):
        g = new_game(scenario=scenario)
        assert (g.state.reaction_deck, g.state.reaction_hand, g.state.reaction_discard) == ([], {}, [])
        assert g.view(POLISH)["reactions"] is None
        data = g.to_json()
        for key in ("reaction_deck", "reaction_hand", "reaction_discard"):
            del data["state"][key]
        again = type(g).from_json(data)
        again.check_state()
        assert again.state.reaction_hand == {}
    adv = advanced_game()
    stage(adv, "polish_1", "german_2")
    back = type(adv).from_json(json.loads(json.dumps(adv.to_json())))
    back.check_state()
    assert back.state.reaction_hand == adv.state.reaction_hand and back.state.reaction_deck == adv.state.reaction_deck


def test_the_easy_player_discards_down_and_plays_on():
    """Issue 35: the computer player meets the discard decision without failing."""
    g = advanced_game(4)
    players = {seat: ai.make_player("stawka", "easy", seed=i) for i, seat in enumerate((POLISH, GERMAN))}
    discards = 0
    while not g.is_over():  # to the end: since step 5 the players also spend cards in the windows
        seat = g.current_seat()
        plans = [a for a in g.legal_actions(seat) if isinstance(a, A.ChoosePlan)]
        if plans:  # the reaction-rich cards, so that hands overflow
            action = min(plans, key=lambda a: a.card)
        else:
            action = players[seat].choose(g.view(seat), g.legal_actions(seat))
        discards += isinstance(action, A.DiscardReaction)
        g.apply(action, seat)
        g.check_state()
    assert discards > 0
