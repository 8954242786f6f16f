"""ADVANCED item tiles (issue 35, build order step 7): Top Secret cards, valuables, card draws, the reply defence.

Rulebook, Special Items (L114), Item Tiles 3 (L294-L298), Hotel Excelsior's lists (L610-L611); rulings K9, K11,
K12, K15 and the proposals A2, A19, A22, A23 of docs/stawka-advanced-plan.md (section 1.4). Each test quotes the
tile's text (assets/data/stawka/items.json) and the ruling.
"""

from __future__ import annotations

import json
import random
from unittest import mock

import pytest

from barclay_desktop.rules.core import IllegalAction
from barclay_desktop.rules.core.twin import check_position, make_twin
from barclay_desktop.rules.stawka import actions as A
from barclay_desktop.rules.stawka import advanced_items, hotel, location_cards, location_hooks
from barclay_desktop.rules.stawka.rules import item
from barclay_desktop.rules.stawka.state import GERMAN, POLISH
from tests.stawka_helpers import activation_position, events, give_items, new_game, touch
from tests.test_stawka_location_actions import at_activations, hold, park_everyone_else, stand

HOTEL_BLOCK = {"vp_gate": 15, "location": "hotel", "bottom_card": "hotel"}  # room 217's block (F15), lent to this board


def quiet(g) -> None:
    """No reaction card in either hand (A11: then no reaction window opens), the cards back in the deck."""
    s = g.state
    for x in (POLISH, GERMAN):
        s.reaction_deck = sorted(s.reaction_deck + s.reaction_hand[x])
        s.reaction_hand[x] = []
    touch(g)


def on_top(g, location: str, item_id: str) -> None:
    """Put a tile on top of its location's stack (the stack's order is the rules' hidden order, K12)."""
    stack = g.state.stacks[location]
    stack.remove(item_id)
    stack.append(item_id)
    touch(g)


def searching(seed: int = 1, scenario: str = "chestnuts"):
    """Jacek, activated first, alone on the employment office with the casket on top of its stack."""
    g = at_activations(seed, scenario=scenario)
    quiet(g)
    park_everyone_else(g, ("jacek",))
    stand(g, "jacek", "administrative.employment_office")
    on_top(g, "administrative.employment_office", "employment_office.1")
    return g


def step(g, agent_id: str) -> None:
    """Activate the agent by one step of movement (1 AP): his activation stays open."""
    costs = g.view(POLISH)["moves"][agent_id]["spaces"]
    g.apply(A.Move(agent_id, min(costs, key=lambda sp: (costs[sp], sp))), POLISH)


def item_uses(g, seat: str) -> list:
    return [a for a in g.legal_actions(seat) if isinstance(a, A.UseItem)]


# ------------------------------------------------------------------ caskets (A22)


def test_a_found_casket_gives_its_finder_a_top_secret_card_and_leaves_the_game_face_up():
    """Casket with documents: "Casket with documents: the finder takes a Top Secret card instead of this tile."
    L114: "the Player receives this card instead of an item tile". A22: the tile leaves the game face up; the
    count is public."""
    g = searching()
    s = g.state
    g.apply(A.Search("jacek"), POLISH)
    assert s.pending[0].kind == "found" and s.pending[0].items == ("employment_office.1",)
    assert g.legal_actions(POLISH) == [A.KeepItem("employment_office.1")]  # no evidence: no tile to discard
    assert "Top Secret card" in str(g.prompt(POLISH))
    assert "Top Secret card" in str(g.explain_illegal(POLISH, A.UseAsEvidence("employment_office.1", "black")))
    g.apply(A.KeepItem("employment_office.1"), POLISH)
    assert s.top_secret == {POLISH: 1}
    assert "employment_office.1" in s.discarded and "employment_office.1" not in s.agents["jacek"].items
    assert "employment_office.1" in s.seen[GERMAN]  # shown: face up, out of the game
    assert events(g, "top_secret")[-1].to is None and events(g, "top_secret")[-1].data["count"] == 1
    for seat in (POLISH, GERMAN, None):
        assert g.view(seat)["top_secret"] == {POLISH: 1, GERMAN: 0}
        assert "employment_office.1" not in g.leak_probes(seat)
    g.check_state()


def test_below_advanced_a_casket_is_a_plain_tile_of_evidence():
    """items.json: a tile's level is "the lowest rules level in which the effect works; below it the tile is still
    evidence" (K9, K11): in First Clash the casket is kept or used as evidence, and no Top Secret card exists."""
    g = new_game(scenario="first_clash")
    while g.state.phase == "placement":
        seat = g.current_seat()
        g.apply(g.legal_actions(seat)[0], seat)
    activation_position(g)
    s = g.state
    polish = [aid for aid, a in s.agents.items() if a.side == POLISH]
    for aid in s.agents:
        s.agents[aid].space = "hitlerplatz.cafe"
    s.threats = {}
    s.agents[polish[0]].space = "administrative.employment_office"
    on_top(g, "administrative.employment_office", "employment_office.1")
    g.apply(A.Search(polish[0]), POLISH)
    legal = g.legal_actions(POLISH)
    assert A.KeepItem("employment_office.1") in legal and A.UseAsEvidence("employment_office.1", "black") in legal
    g.apply(A.KeepItem("employment_office.1"), POLISH)
    assert "employment_office.1" in s.agents[polish[0]].items and s.top_secret == {}
    assert g.view(POLISH)["top_secret"] is None
    g.check_state()


def test_invariants_refuse_top_secret_cards_without_their_source():
    """A22: a Top Secret card comes from a casket or from the stamp and the document, all out of the game; none
    exists below ADVANCED."""
    g = at_activations()
    s = g.state
    s.top_secret[POLISH] = 1
    with pytest.raises(Exception, match="Top Secret"):
        g.check_state()
    s.top_secret = {}
    give_items(g, "jacek", "employment_office.1")
    s.agents["jacek"].items.remove("employment_office.1")
    s.discarded.append("employment_office.1")
    s.top_secret[POLISH] = 1
    g.check_state()
    fc = new_game(scenario="first_clash")
    fc.state.top_secret[POLISH] = 0
    with pytest.raises(Exception, match="ADVANCED"):
        fc.check_state()


# ------------------------------------------------------------------ stamp and document (A22, K9)


def test_stamp_and_document_held_by_the_activated_agent_make_a_top_secret_card():
    """Stamp: "Held together with the Document, it makes a Top Secret card." L610: the Polish player can "create"
    a Top Secret Document using two items: stamp and document. K15: only the activated agent uses items; A22:
    both tiles are discarded (shown) for one card. On "I Know Who You Are" both the courts and the rail office are
    on the board."""
    g = at_activations(scenario="i_know_who_you_are")
    quiet(g)
    s = g.state
    give_items(g, "jacek", "courts.1")
    assert item_uses(g, POLISH) == []  # the stamp alone: nothing to use
    step(g, "jacek")
    assert item_uses(g, POLISH) == []
    assert "Document" in str(g.explain_illegal(POLISH, A.UseItem("jacek", "courts.1")))
    give_items(g, "jacek", "rail_office.1")
    give_items(g, "irena", "courts.5")  # not activated: his tiles are not used now (K15)
    assert item_uses(g, POLISH) == [A.UseItem("jacek", "courts.1")]  # one action for the pair
    g.apply(A.UseItem("jacek", "courts.1"), POLISH)
    assert s.top_secret[POLISH] == 1
    assert not {"courts.1", "rail_office.1"} & set(s.agents["jacek"].items)
    assert {"courts.1", "rail_office.1"} <= set(s.discarded) and "rail_office.1" in s.seen[GERMAN]
    assert g.view(GERMAN)["top_secret"] == {POLISH: 1, GERMAN: 0}
    g.check_state()


# ------------------------------------------------------------------ card draws (A2, Reaction Cards 5)


def test_phone_tokens_draw_a_location_card_even_above_the_limit():
    """Phone tokens: "Draw 1 location card, even above your limit." A2: a hand above the limit keeps its cards and
    the next top-up draws nothing. Used by the activated agent (K15), at no AP."""
    g = at_activations()
    quiet(g)
    s = g.state
    hold(g, "polish.gestapo")
    hold(g, "polish.courts")  # the limit of "The Best Chestnuts" is 2
    give_items(g, "jacek", "telephone_booth.2")
    assert item_uses(g, POLISH) == []  # not activated yet
    step(g, "jacek")
    pool = s.pools[POLISH]
    g.apply(A.UseItem("jacek", "telephone_booth.2"), POLISH)
    assert len(s.location_hand[POLISH]) == 3 and s.pools[POLISH] == pool
    assert "telephone_booth.2" in s.discarded
    drawn = events(g, "location_drawn_own")[-1]
    assert drawn.to == POLISH and '"' + drawn.data["cards"][0] + '"' in g.leak_probes(GERMAN)
    from barclay_desktop.rules.stawka import location_cards as LC
    LC.stage_e(g)  # the next top-up: already above the limit
    assert len(s.location_hand[POLISH]) == 3
    g.check_state()


def test_a_location_card_tile_is_not_offered_with_the_deck_spent():
    """A5: a spent location deck is not rebuilt, so the tile has no card to give (and says so)."""
    g = at_activations()
    quiet(g)
    s = g.state
    give_items(g, "jacek", "courts.5")  # Telephone directory: "Draw 1 location card, even above your limit."
    s.location_hand[POLISH] = s.location_hand[POLISH] + s.location_deck[POLISH]
    s.location_deck[POLISH] = []
    step(g, "jacek")
    assert item_uses(g, POLISH) == []
    assert "spent" in str(g.explain_illegal(POLISH, A.UseItem("jacek", "courts.5")))
    with pytest.raises(IllegalAction):
        g.apply(A.UseItem("jacek", "courts.5"), POLISH)


def test_the_newspaper_draws_a_reaction_card_and_the_limit_of_3_applies():
    """Newspaper: "Draw 1 reaction card (hand limit 3)." Reaction Cards 5 (L426): over the limit, discard down to
    3 without effect; the activation then goes on."""
    g = at_activations()
    quiet(g)
    s = g.state
    give_items(g, "jacek", "cafe.2")
    s.reaction_hand[POLISH] = [s.reaction_deck.pop() for _ in range(3)]
    touch(g)
    step(g, "jacek")
    g.apply(A.UseItem("jacek", "cafe.2"), POLISH)
    assert len(s.reaction_hand[POLISH]) == 4 and s.pending[0].kind == "reaction_discard"
    g.apply(g.legal_actions(POLISH)[0], POLISH)
    assert len(s.reaction_hand[POLISH]) == 3 and not s.pending
    assert s.activation is not None and s.activation.agent == "jacek"
    assert "cafe.2" in s.discarded
    g.check_state()


# ------------------------------------------------------------------ the reply defence (A19, K15)


def test_stage_make_up_lowers_an_enemy_reply_roll_against_the_activated_holder():
    """Stage make-up: "-1 to an enemy's reply roll against this agent while he is activated (reaction card
    "reciprocity")." K15: the holder uses it as the activated initiator; A19's reply roll (step 6) adds
    `reply_modifiers`. Not when he is not activated, nothing below ADVANCED."""
    g = at_activations()
    quiet(g)
    s = g.state
    give_items(g, "jacek", "theatre.3")
    assert advanced_items.reply_modifiers(s, "jacek") == []  # not activated
    step(g, "jacek")
    mods = advanced_items.reply_modifiers(s, "jacek")
    assert [v for _, v in mods] == [-1] and "Stage make-up" in str(mods[0][0])
    assert advanced_items.reply_modifiers(s, "ingrid_heizer") == []
    assert item_uses(g, POLISH) == []  # never used on its own
    s.level = "extended"
    assert advanced_items.reply_modifiers(s, "jacek") == []


# ------------------------------------------------------------------ valuables (A23)


def test_a_valuable_is_a_plain_item_outside_hotel_excelsior():
    """Gold coins: "Valuable item (Hotel Excelsior: needed for the German Player's victory)." A23: held as an item,
    only Hotel Excelsior counts it: found, it is kept or used as evidence like any tile; it has no use."""
    g = at_activations()
    quiet(g)
    s = g.state
    park_everyone_else(g, ("jacek",), where="hitlerplatz.cafe")
    stand(g, "jacek", "city.market")
    on_top(g, "city.market", "market.3")
    g.apply(A.Search("jacek"), POLISH)
    assert g.legal_actions(POLISH) == [A.KeepItem("market.3"), A.UseAsEvidence("market.3", "yellow")]
    g.apply(A.KeepItem("market.3"), POLISH)
    assert "market.3" in s.agents["jacek"].items and item_uses(g, POLISH) == []
    assert advanced_items.valuables(s, "jacek") == ["market.3"]
    assert "valuable" in str(g.explain_illegal(POLISH, A.UseItem("jacek", "market.3")))
    g.check_state()


def test_room_217_asks_the_polish_player_for_a_top_secret_card():
    """Polish hotel: room 217 (L594-L598): with 15 VP the Polish player needs a Top Secret card (A22's public
    count, `advanced_items.top_secret_count`); A9: only in Hotel Excelsior (its block lent here, F15)."""
    g = at_activations()
    quiet(g)
    s = g.state
    hold(g, "polish.hotel")
    stand(g, "jacek", "hitlerplatz.hotel")
    s.vp[POLISH] = 15
    with mock.patch.object(hotel, "block", lambda state: HOTEL_BLOCK):
        assert not location_hooks.room_217_ready(s, POLISH, "jacek")
        give_items(g, "jacek", "employment_office.1")
        s.agents["jacek"].items.remove("employment_office.1")
        s.discarded.append("employment_office.1")
        s.top_secret[POLISH] = 1
        assert location_hooks.room_217_ready(s, POLISH, "jacek")
    assert not location_hooks.room_217_ready(s, POLISH, "jacek")  # elsewhere: A9


# ------------------------------------------------------------------ saves, K12, the computer player


def test_old_saves_load_and_an_advanced_game_keeps_its_top_secret_cards():
    """The new field is defaulted: a First Clash save without it loads; an ADVANCED game round-trips it."""
    g = new_game(scenario="first_clash")
    data = g.to_json()
    del data["state"]["top_secret"]
    again = type(g).from_json(data)
    again.check_state()
    assert again.state.top_secret == {}
    adv = searching()
    adv.apply(A.Search("jacek"), POLISH)
    adv.apply(A.KeepItem("employment_office.1"), POLISH)
    back = type(adv).from_json(json.loads(json.dumps(adv.to_json())))
    back.check_state()
    assert back.state.top_secret == {POLISH: 1}


def test_hidden_parts_and_draws_leak_nothing_and_the_twin_agrees():
    """K12: the German sees the Polish face-down stamp's back only, and the location card drawn by a tile as a
    count; the twin (the unseen tiles and cards redealt) gives the same views, log and legal actions."""
    g = at_activations(scenario="i_know_who_you_are")
    quiet(g)
    give_items(g, "jacek", "courts.1", "telephone_booth.2")
    g.state.seen[POLISH] += ["courts.1", "telephone_booth.2"]  # found by his side
    step(g, "jacek")
    g.apply(A.UseItem("jacek", "telephone_booth.2"), POLISH)
    rng = random.Random(5)
    for seat in (GERMAN, None):  # (the Polish log holds his step-D cards, put back in the deck by `quiet`)
        text = json.dumps(g.view(seat), default=str) + json.dumps([e.data for e in g.events_for(seat)], default=str)
        assert all(p not in text for p in g.leak_probes(seat))
    for seat in (POLISH, GERMAN, None):
        check_position(g, make_twin(g, seat, rng), seat)
    assert "courts.1" in g.leak_probes(GERMAN)
    g.check_state()


def test_the_easy_player_values_and_uses_the_advanced_items_without_failing():
    """Issue 35: the Easy AI takes a casket's card, puts stamp and document together, draws with the tiles and
    plays on (heuristic.keep_value, advanced.item_value)."""
    from barclay_desktop import ai
    from barclay_desktop.ai.stawka.heuristic import keep_value

    for iid in ("courts.1", "courts.5", "cafe.2", "market.3", "theatre.3", "employment_office.1"):
        assert 0.0 <= keep_value(iid, "advanced", False) < 1.0
        assert keep_value(iid, "extended", False) == 0.0  # below ADVANCED: evidence only
    used = set()
    for seed in (2, 4):
        g = at_activations(seed, scenario="i_know_who_you_are")
        give_items(g, "jacek", "courts.1", "rail_office.1", "telephone_booth.2")
        give_items(g, "irena", "abwehr.4")
        players = {seat: ai.make_player("stawka", "easy", seed=i) for i, seat in enumerate((POLISH, GERMAN))}
        while g.state.stage <= 2 and not g.is_over():
            seat = g.current_seat()
            action = players[seat].choose(g.view(seat), g.legal_actions(seat))
            if isinstance(action, A.UseItem):
                used.add(item(action.item).effect)
            g.apply(action, seat)
        g.check_state()
    assert "top_secret_part" in used


def test_the_twin_never_deals_a_casket_into_a_hand():
    """K12 and A22: the German's face-down employment office tile is not the casket (a casket is never kept at
    ADVANCED), so the Polish seat's twins keep the casket in the stack; the tile and the stack still change."""
    g = at_activations()
    quiet(g)
    give_items(g, "glaubel", "employment_office.2")  # Silver candlestick, face down
    g.state.seen[GERMAN].append("employment_office.2")
    held = set()
    for n in range(40):
        twin = make_twin(g, POLISH, random.Random(n))
        (tile,) = [i for i in twin.state.agents["glaubel"].items]
        held.add(tile)
        assert item(tile).effect != "top_secret_casket"
        twin.check_state()
    assert len(held) > 1
