"""ADVANCED location cards, third step: the special actions that use the engine's other rules.

Rulebook, Location Cards 3 (L405-L409), Release of the Arrested 2 (L353), Telephone connections (L171); rulings
K12, K13; the proposals A9, A18, A20, A24-A26 of docs/stawka-advanced-plan.md, section 5.1's (N) rows. Each test
quotes the card's text (assets/data/stawka/location_cards.json) and the ruling.
"""

from __future__ import annotations

import json
import random
from unittest import mock

from barclay_desktop.rules.core.twin import check_position, make_twin
from barclay_desktop.rules.stawka import actions as A
from barclay_desktop.rules.stawka import arrest, flow, hotel, kidnap
from barclay_desktop.rules.stawka.alertness import TESTS
from barclay_desktop.rules.stawka.state import GERMAN, POLISH
from tests.stawka_helpers import dice, events, put_threat, touch
from tests.test_stawka_location_actions import at_activations, hold, park_everyone_else, stand, uses

HOTEL_BLOCK = {"vp_gate": 15, "location": "hotel", "bottom_card": "hotel"}  # room 217's block (F15), lent to this board


def card_uses(g, seat: str, card: str) -> list:
    return [a for a in uses(g, seat) if isinstance(a, A.UseLocationCard) and a.card == card]


def settle(g, prefer=()) -> None:
    """Answer the pending decisions (support windows, found tiles...) with the first legal action, or one of the
    preferred action types when offered."""
    while g.state.pending and g.state.result is None:
        seat = g.current_seat()
        legal = g.legal_actions(seat)
        g.apply(next((a for a in legal if isinstance(a, prefer)), legal[0]) if prefer else legal[0], seat)


# ------------------------------------------------------------------ card moves (A26)


def test_move_in_sector_moves_any_own_agent_without_ap_and_is_not_movement():
    """Polish theatre: "Move one of your agents to any space of this sector (no AP)." A26: not movement - no AP,
    no route; the activated agent may still move and act; another own agent may be the one moved."""
    g = at_activations()
    s = g.state
    park_everyone_else(g, ("jacek", "georg"))
    hold(g, "polish.theatre")
    stand(g, "jacek", "hitlerplatz.theatre")
    stand(g, "georg", "police.jail")  # another sector: "one of your agents"
    moves = card_uses(g, POLISH, "polish.theatre")
    assert A.UseLocationCard("polish.theatre", "jacek", "georg", "hitlerplatz.cafe") in moves
    assert all(a.space.startswith("hitlerplatz.") for a in moves)
    assert A.UseLocationCard("polish.theatre", "jacek", "jacek", "hitlerplatz.theatre") not in moves  # he is there
    pool = s.pools[POLISH]
    g.apply(A.UseLocationCard("polish.theatre", "jacek", "georg", "hitlerplatz.cafe"), POLISH)
    assert s.agents["georg"].space == "hitlerplatz.cafe"
    assert s.pools[POLISH] == pool and s.agents["georg"].ap_used == 0 and s.agents["jacek"].ap_used == 0
    act = s.activation
    assert act.agent == "jacek" and act.order == [] and act.moved_spaces == 0 and act.moved_ap == 0
    assert events(g, "card_move")[-1].data["path"] == ["police.jail", "hitlerplatz.cafe"]
    assert any(isinstance(a, A.Move) and a.agent == "jacek" for a in g.legal_actions(POLISH))
    g.check_state()


def test_a_card_move_meets_the_destinations_token_and_not_those_on_the_way():
    """A26: "no tokens on the way ... the destination is entered as by a move (its token met)": the activated
    agent moved onto an enemy token may discard it (P3), and its owner's window follows (P4)."""
    g = at_activations()
    s = g.state
    park_everyone_else(g, ("jacek",))
    hold(g, "polish.theatre")
    stand(g, "jacek", "hitlerplatz.theatre")
    put_threat(g, "hitlerplatz.cafe", "german.11")  # a suspect token on the destination
    put_threat(g, "hitlerplatz.hotel", "german.12")
    g.apply(A.UseLocationCard("polish.theatre", "jacek", "jacek", "hitlerplatz.cafe"), POLISH)
    assert s.agents["jacek"].space == "hitlerplatz.cafe"
    assert s.pending[0].kind == "threat_entered" and s.pending[0].agent == "jacek"
    g.apply(A.PassThreat(), POLISH)
    assert s.pending[0].kind == "threat_window" and s.pending[0].seat == GERMAN
    g.apply(A.TriggerThreat(), GERMAN)
    assert s.evidence[GERMAN]["purple"] == 1  # the suspect token: 1 evidence
    assert s.activation is not None and s.activation.moved_spaces == 0
    g.check_state()


def test_move_to_location_takes_the_forts_document_check_at_no_ap():
    """Polish railway station: "Move this agent to any location on the board (no AP)." A26: "a document check or
    the fort's check taken" (P11: everyone but Kloss and the black SS officers); staying back spends the card."""
    g = at_activations(scenario="i_know_who_you_are")
    s = g.state
    hold(g, "polish.railway_station")
    stand(g, "jacek", "railway.railway_station")
    moves = card_uses(g, POLISH, "polish.railway_station")
    assert {a.space for a in moves} == {sp.id for sp in __import__(
        "barclay_desktop.rules.stawka.rules", fromlist=["board"]).board(s).locations()} - {"railway.railway_station"}
    pool = s.pools[POLISH]
    g.apply(A.UseLocationCard("polish.railway_station", "jacek", "", "military.fort"), POLISH)
    p = s.pending[0]
    assert p.kind == "document_check" and p.data["mode"] == "card" and p.data["fort"]
    g.apply(A.StayBack(), POLISH)
    assert s.agents["jacek"].space == "railway.railway_station" and s.pools[POLISH] == pool
    assert s.location_discard == ["polish.railway_station"] and s.activation.held_back
    g.check_state()


def test_a_passed_fort_check_lets_the_card_move_in_without_ap():
    """A26 with P11: the check passed, the agent enters the fort; the card's move spends no AP either way."""
    g = at_activations(scenario="i_know_who_you_are")
    s = g.state
    hold(g, "polish.railway_station")
    stand(g, "jacek", "railway.railway_station")
    pool = s.pools[POLISH]
    g.apply(A.UseLocationCard("polish.railway_station", "jacek", "", "military.fort"), POLISH)
    dice(g, 6, 6)
    settle(g, prefer=(A.TryCheck,))
    assert s.agents["jacek"].space == "military.fort"
    assert s.pools[POLISH] == pool and s.agents["jacek"].ap_used == 0 and s.activation.moved_spaces == 0
    g.check_state()


# ------------------------------------------------------------------ search again (A25)


def test_search_again_ignores_the_markers_costs_nothing_and_is_not_the_action():
    """Polish officers' apartments: "This agent searches here at no AP cost, ignoring the 'I was here' tokens."
    A25: markers ignored for the right to search, the agent's marker still placed; not the activation's action."""
    g = at_activations()
    s = g.state
    hold(g, "polish.officers_apartments")
    stand(g, "jacek", "hitlerplatz.officers_apartments")
    s.markers["hitlerplatz.officers_apartments"] = ["purple"]  # Jacek's colour: no plain search here
    touch(g)
    assert not any(isinstance(a, A.Search) and a.agent == "jacek" for a in g.legal_actions(POLISH))
    assert card_uses(g, POLISH, "polish.officers_apartments") == [
        A.UseLocationCard("polish.officers_apartments", "jacek")]
    pool, tiles = s.pools[POLISH], len(s.stacks["hitlerplatz.officers_apartments"])
    g.apply(A.UseLocationCard("polish.officers_apartments", "jacek"), POLISH)
    assert s.pending[0].kind == "found" and len(s.stacks["hitlerplatz.officers_apartments"]) == tiles - 1
    g.apply(A.KeepItem(s.pending[0].items[0]), POLISH)
    assert s.pools[POLISH] == pool and not s.activation.acted
    assert s.markers["hitlerplatz.officers_apartments"] == ["purple"]
    g.check_state()


def test_search_again_leaves_the_agents_marker_by_search_4():
    """A25 "the agent's marker still placed (Search 4)": a third colour clears the two others."""
    g = at_activations()
    s = g.state
    hold(g, "polish.market")
    stand(g, "georg", "city.market")
    s.markers["city.market"] = ["yellow", "purple"]
    touch(g)
    g.apply(A.UseLocationCard("polish.market", "georg"), POLISH)
    assert s.markers["city.market"] == ["blue"]


# ------------------------------------------------------------------ the telephone conversation (A18)


def test_telephone_conversation_reaches_an_enemy_on_any_telephone_location():
    """German telephone booth: "This agent holds a conversation with an enemy agent standing in any location with
    a telephone." A18: the usual rank test and roll, no AP; K13 as written - the pair's conversation neither
    stops it nor is used up by it."""
    g = at_activations(first=GERMAN)
    s = g.state
    park_everyone_else(g, ("hermann_brunner", "ingrid_heizer", "jacek"))
    hold(g, "german.telephone_booth")
    stand(g, "hermann_brunner", "city.telephone_booth")
    stand(g, "ingrid_heizer", "police.gestapo")  # a telephone
    stand(g, "jacek", "administrative.hospital")  # no telephone
    s.talked.append(["hermann_brunner", "ingrid_heizer"])
    touch(g)
    assert card_uses(g, GERMAN, "german.telephone_booth") == [
        A.UseLocationCard("german.telephone_booth", "hermann_brunner", "ingrid_heizer")]
    assert "telephone" in str(g.explain_illegal(
        GERMAN, A.UseLocationCard("german.telephone_booth", "hermann_brunner", "jacek")))
    pool = s.pools[GERMAN]
    g.apply(A.UseLocationCard("german.telephone_booth", "hermann_brunner", "ingrid_heizer"), GERMAN)
    settle(g)
    assert events(g, "converse")[-1].data["by_card"] is True
    assert [e for e in events(g, "dice") if e.data.get("roll") == "conversation"]  # rank 8 > 4: the roll
    assert s.pools[GERMAN] == pool and s.talked == [["hermann_brunner", "ingrid_heizer"]]
    assert s.activation is None or not s.activation.acted
    g.check_state()


# ------------------------------------------------------------------ threat tokens moved


def test_move_threats_moves_up_to_two_own_tokens_to_free_legal_spaces():
    """Polish tenement: "Move up to 2 of your threat tokens to other legal spaces." (Threat Tokens 3: Polish
    tokens on free street spaces without German agents); the move is public, the tokens stay face down."""
    g = at_activations()
    s = g.state
    hold(g, "polish.tenement")
    stand(g, "georg", "city.tenement")
    assert card_uses(g, POLISH, "polish.tenement") == []  # no own token on the board
    put_threat(g, "city.s1", "polish.1")
    put_threat(g, "city.s2", "polish.4")
    g.apply(A.UseLocationCard("polish.tenement", "georg"), POLISH)
    assert s.pending[0].kind == "move_threats"
    legal = g.legal_actions(POLISH)
    assert A.DoneMovingThreats() in legal
    german_spaces = {a.space for a in s.agents.values() if a.side == GERMAN}
    assert all(m.to not in german_spaces and m.to not in s.threats for m in legal if isinstance(m, A.MoveThreatByCard))
    g.apply(A.MoveThreatByCard("city.s1", "city.s5"), POLISH)
    assert s.threats["city.s5"].id == "polish.1" and not s.threats["city.s5"].revealed
    rng = random.Random(3)
    for seat in (POLISH, GERMAN):  # K12 mid-decision: the twin redeals the unseen tokens, the legal moves agree
        check_position(g, make_twin(g, seat, rng), seat)
    assert not any(isinstance(m, A.MoveThreatByCard) and m.frm == "city.s5" for m in g.legal_actions(POLISH))
    g.apply(A.MoveThreatByCard("city.s2", "city.s6"), POLISH)
    assert not s.pending  # two moved: done
    moved = events(g, "threat_moved")
    assert [e.data["dest"] for e in moved] == ["city.s5", "city.s6"] and all(e.to is None for e in moved)
    assert '"polish.1"' in g.leak_probes(GERMAN)
    g.check_state()


def test_move_threats_may_stop_after_one():
    """German park's "up to 2" (the same card on the Polish side above): done_moving_threats ends it."""
    g = at_activations()
    s = g.state
    hold(g, "polish.tenement")
    stand(g, "georg", "city.tenement")
    put_threat(g, "city.s1", "polish.1")
    g.apply(A.UseLocationCard("polish.tenement", "georg"), POLISH)
    g.apply(A.DoneMovingThreats(), POLISH)
    assert not s.pending and s.threats["city.s1"].id == "polish.1"
    assert "right after a location card" in str(g.explain_illegal(POLISH, A.DoneMovingThreats()))


# ------------------------------------------------------------------ item tiles looked at (K12)


def test_peek_items_shows_the_top_three_tiles_to_the_user_only_in_their_order():
    """Polish employment office: "Look at the top 3 item tiles of any one location, then put them back in the
    same order." K12: the tiles are named to the user alone; the look is public; the stack keeps its order."""
    g = at_activations()
    s = g.state
    hold(g, "polish.employment_office")
    stand(g, "jacek", "administrative.employment_office")
    spaces = {a.space for a in card_uses(g, POLISH, "polish.employment_office")}
    assert "police.gestapo" in spaces and "" not in spaces
    stack = list(s.stacks["police.gestapo"])
    g.apply(A.UseLocationCard("polish.employment_office", "jacek", "", "police.gestapo"), POLISH)
    top = stack[-3:][::-1]
    assert s.stacks["police.gestapo"] == stack
    assert set(top) <= set(s.seen[POLISH]) and not set(top) & set(s.seen[GERMAN])
    own = events(g, "tiles_peeked_own")[-1]
    assert own.to == POLISH and own.data["shown"] == top
    public = events(g, "tiles_peeked")[-1]
    assert public.to is None and not any(i in json.dumps(public.data) for i in top)
    assert all(i not in g.leak_probes(POLISH) for i in top) and all(i in g.leak_probes(GERMAN) for i in top)
    assert "police.gestapo" not in {a.space for a in card_uses(g, POLISH, "polish.employment_office")}
    rng = random.Random(7)
    for seat in (POLISH, GERMAN, None):
        text = json.dumps(g.view(seat), default=str) + json.dumps([e.data for e in g.events_for(seat)], default=str)
        assert all(p not in text for p in g.leak_probes(seat))
        check_position(g, make_twin(g, seat, rng), seat)
    g.check_state()


# ------------------------------------------------------------------ the jail (A20)


def jail_jacek(g) -> None:
    a = g.state.agents["jacek"]
    a.arrested, a.space, a.items = True, "police.jail", []
    touch(g)


def test_the_polish_gestapo_card_releases_a_prisoner_onto_the_gestapo():
    """Polish Gestapo: "Release one arrested Polish agent: stand him up on this location." L353 ("An arrested
    agent can also be released by playing the location cards: Gestapo and jail"), A20."""
    g = at_activations()
    s = g.state
    hold(g, "polish.gestapo")
    stand(g, "georg", "police.gestapo")
    assert card_uses(g, POLISH, "polish.gestapo") == []
    assert "in the jail" in str(g.explain_illegal(POLISH, A.UseLocationCard("polish.gestapo", "georg", "jacek")))
    jail_jacek(g)
    g.apply(A.UseLocationCard("polish.gestapo", "georg", "jacek"), POLISH)
    assert not s.agents["jacek"].arrested and s.agents["jacek"].space == "police.gestapo"
    assert events(g, "released")[-1].data["space"] == "police.gestapo"
    g.check_state()


def test_the_german_jail_card_interrogates_free_and_not_as_the_action():
    """German jail: "Interrogate one arrested Polish agent: roll 2d6 as for a conversation; a secret on his
    secret number." A20: by the activated agent (any German agent), free, not an action; K13 as written."""
    g = at_activations(first=GERMAN)
    s = g.state
    hold(g, "german.jail")
    jail_jacek(g)
    stand(g, "glaubel", "police.jail")  # not an SS officer: the card needs none
    s.evidence[GERMAN]["purple"] = 4
    s.talked.append(["glaubel", "jacek"])
    touch(g)
    assert card_uses(g, GERMAN, "german.jail") == [A.UseLocationCard("german.jail", "glaubel", "jacek")]
    pool = s.pools[GERMAN]
    dice(g, 6, 6)  # 12: at least Jacek's secret threshold 9
    g.apply(A.UseLocationCard("german.jail", "glaubel", "jacek"), GERMAN)
    settle(g)
    assert events(g, "interrogation")[-1].data["result"] == "secret"
    assert s.secrets[GERMAN] == 1 and s.pools[GERMAN] == pool
    assert s.talked == [["glaubel", "jacek"]]
    assert s.activation is None or not s.activation.acted
    g.check_state()


# ------------------------------------------------------------------ the arrest bonus (A24)


def test_arrest_bonus_helps_the_german_rolls_adds_up_and_lasts_the_stage():
    """German police station: "+2 to your arrest and kidnapping rolls until the end of the stage."; German
    factory: "+1 ..." (Top Secret has both sectors). A24: until the stage ends; two cards add up. In the German
    player's favour: the Polish arrest roll -3, the German kidnapping roll +3."""
    g = at_activations(scenario="top_secret", first=GERMAN)
    s = g.state
    park_everyone_else(g, ("glaubel", "puschke"))
    hold(g, "german.police_station")
    hold(g, "german.factory")
    stand(g, "glaubel", "police.police_station")
    stand(g, "puschke", "factory.factory")
    g.apply(A.UseLocationCard("german.police_station", "glaubel"), GERMAN)
    assert s.arrest_bonus == {GERMAN: 2}
    s.activation, s.turn = None, GERMAN
    touch(g)
    g.apply(A.UseLocationCard("german.factory", "puschke"), GERMAN)
    assert s.arrest_bonus == {GERMAN: 3}
    assert g.view(POLISH)["location_cards"]["arrest_bonus"] == {GERMAN: 3}
    arrest_mods = TESTS["arrest"].modifiers(s, {"agent": "hermann_brunner", "target": "kazik"})
    kidnap_mods = TESTS["kidnap"].modifiers(s, {"agent": "kazik", "target": "glaubel"})
    assert [v for _, v in arrest_mods][-1] == -3 and [v for _, v in kidnap_mods][-1] == 3
    assert arrest and kidnap  # the two tests live there
    flow.start_stage(g)
    assert s.arrest_bonus == {}


# ------------------------------------------------------------------ reaction cards drawn


def test_draw_reaction_draws_two_and_discards_down_to_three():
    """Polish cafe: "Draw 2 reaction cards (hand limit 3)." (Reaction Cards 5: draw, look, discard down)."""
    g = at_activations()
    s = g.state
    hold(g, "polish.cafe")
    stand(g, "jacek", "hitlerplatz.cafe")
    have = len(s.reaction_hand[POLISH])
    g.apply(A.UseLocationCard("polish.cafe", "jacek"), POLISH)
    assert len(s.reaction_hand[POLISH]) == have + 2
    if have + 2 > 3:
        assert s.pending[0].kind == "reaction_discard"
        settle(g)
    assert len(s.reaction_hand[POLISH]) <= 3 and not s.pending
    assert s.activation is not None and s.activation.agent == "jacek"
    g.check_state()


# ------------------------------------------------------------------ room 217 (A9)


def test_room_217_only_in_hotel_excelsior_and_only_with_15_vp_and_the_cards_need():
    """German hotel: "Hotel Excelsior: with 15 VP, this agent wins the game if he holds a valuable item." A9:
    elsewhere no special action, only the conversion; L594-L598 (its room_217 block, F15, is
    lent to this board)."""
    g = at_activations(first=GERMAN)
    s = g.state
    hold(g, "german.hotel")
    stand(g, "glaubel", "hitlerplatz.hotel")
    s.vp[GERMAN] = 15
    s.agents["glaubel"].items = ["gestapo.2"]  # a valuable item
    s.stacks["police.gestapo"].remove("gestapo.2")
    touch(g)
    assert card_uses(g, GERMAN, "german.hotel") == []
    assert "Hotel Excelsior" in str(g.explain_illegal(GERMAN, A.UseLocationCard("german.hotel", "glaubel")))
    assert A.ConvertLocationCard("german.hotel") in g.legal_actions(GERMAN)
    with mock.patch.object(hotel, "block", lambda state: HOTEL_BLOCK):
        touch(g)
        assert card_uses(g, GERMAN, "german.hotel") == [A.UseLocationCard("german.hotel", "glaubel")]
        s.vp[GERMAN] = 14
        touch(g)
        assert "15 VP" in str(g.explain_illegal(GERMAN, A.UseLocationCard("german.hotel", "glaubel")))
        s.vp[GERMAN] = 15
        touch(g)
        g.apply(A.UseLocationCard("german.hotel", "glaubel"), GERMAN)
    assert s.winner == GERMAN and s.ending == "room_217"


# ------------------------------------------------------------------ the computer player


def test_the_easy_player_uses_the_hooked_cards_without_failing():
    """Issue 35: the Easy AI meets every new action (simple values, extended.py) and plays on."""
    from barclay_desktop import ai

    used = set()
    for seed in (3, 5):
        g = at_activations(seed)
        s = g.state
        for c in ("polish.tenement", "polish.market", "polish.telephone_booth", "polish.theatre"):
            hold(g, c)
        for c in ("german.telephone_booth", "german.police_station"):
            hold(g, c)
        put_threat(g, "city.s1", "polish.1")
        stand(g, "georg", "city.tenement")
        stand(g, "jacek", "city.market")
        stand(g, "ingrid_heizer", "city.telephone_booth")
        stand(g, "glaubel", "city.telephone_booth")
        players = {seat: ai.make_player("stawka", "easy", seed=i) for i, seat in enumerate((POLISH, GERMAN))}
        while g.state.stage <= 2 and not g.is_over():
            seat = g.current_seat()
            action = players[seat].choose(g.view(seat), g.legal_actions(seat))
            if isinstance(action, A.UseLocationCard):
                used.add(action.card)
            g.apply(action, seat)
        g.check_state()
    assert used


def test_a_move_that_passes_the_forts_check_enters_the_fort():
    """P11 (the fort checks every entry but Kloss's and the black SS officers'): a passed check lets the agent in
    (it used to ask the same check again, for ever; met while building A26's card moves)."""
    g = at_activations(scenario="i_know_who_you_are")
    s = g.state
    stand(g, "jacek", "military.s12")  # next to the fort
    dice(g, 6, 6)
    g.apply(A.Move("jacek", "military.fort"), POLISH)
    assert s.pending[0].kind == "document_check" and s.pending[0].data["fort"]
    g.apply(A.TryCheck(None), POLISH)
    assert not s.pending and s.agents["jacek"].space == "military.fort"
    g.check_state()
