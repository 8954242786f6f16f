"""ADVANCED location cards, second step: the special actions without a new engine hook, and the hideout.

Rulebook, Location Cards 2-3 and 5 (L405-L411), Mission Cards 5 (L157); rulings K10, K12, K13; the proposals
A6, A8-A10 and A21 of docs/stawka-advanced-plan.md, section 5.1's (P) rows. Each test quotes the card.
"""

from __future__ import annotations

import json
import random
from unittest import mock

import pytest

from barclay_desktop.rules.core import IllegalAction
from barclay_desktop.rules.core.twin import check_position, make_twin
from barclay_desktop.rules.stawka import actions as A
from barclay_desktop.rules.stawka import flow, location_actions, scenario_rules as SR
from barclay_desktop.rules.stawka.rules import board
from barclay_desktop.rules.stawka.state import GERMAN, POLISH, HeldMission
from tests.stawka_helpers import advanced_game, events, plan, put_threat, set_out_threats, touch


def at_activations(seed: int = 1, scenario: str = "chestnuts", first: str = POLISH):
    """Stage 1, activation phase, `first` to act, no threat token on the board, no location card in hand."""
    g = advanced_game(seed, scenario=scenario)
    plan(g, "polish_4", "german_5") if first == POLISH else plan(g, "polish_5", "german_4")
    set_out_threats(g)
    s = g.state
    assert s.turn == first and s.phase == "activation"
    for sp, t in list(s.threats.items()):
        if t.fixed:  # Top Secret's factory check stays for the whole game (F18)
            continue
        s.threat_pool[t.side].append(t.id)
        del s.threats[sp]
    for x in (POLISH, GERMAN):
        s.location_deck[x] = sorted(s.location_deck[x] + s.location_hand[x])
        s.location_hand[x] = []
    touch(g)
    return g


def hold(g, card_id: str) -> None:
    """Move a card from its owner's deck to his hand (K10: it stays in exactly one place)."""
    side = card_id.split(".")[0]
    g.state.location_deck[side].remove(card_id)
    g.state.location_hand[side].append(card_id)
    touch(g)


def stand(g, agent_id: str, space: str) -> None:
    g.state.agents[agent_id].space = space
    touch(g)


def park_everyone_else(g, keep: tuple[str, ...], where: str = "city.market") -> None:
    """Put every agent not in `keep` out of the way (the city sector) so that sectors hold only what a test says."""
    for aid in g.state.agents:
        if aid not in keep:
            g.state.agents[aid].space = where
    touch(g)


def uses(g, seat: str) -> list:
    return [a for a in g.legal_actions(seat) if isinstance(a, (A.UseLocationCard, A.UseHideout))]


# ------------------------------------------------------------------ where, who, when (Location Cards 3, A8)


def test_a_card_is_used_only_by_an_agent_standing_on_its_location():
    """L406/L409: "the activated agent must be in the location assigned to that card"."""
    g = at_activations()
    s = g.state
    hold(g, "polish.courts")  # "Remove 2 evidence against one of your agents."
    s.evidence[GERMAN]["purple"] = 3
    stand(g, "jacek", "administrative.courts")
    stand(g, "ingrid_heizer", "administrative.hospital")
    assert uses(g, POLISH) == [A.UseLocationCard("polish.courts", "jacek", "jacek")]
    refused = A.UseLocationCard("polish.courts", "ingrid_heizer", "jacek")
    assert "is not at the Courts" in str(g.explain_illegal(POLISH, refused))
    with pytest.raises(IllegalAction):
        g.apply(refused, POLISH)


def test_a_special_action_costs_no_ap_is_not_the_action_and_the_card_lies_face_up():
    """L409 "Using a card as a special action is not an action!"; A8 (no AP, it activates the agent); A6."""
    g = at_activations()
    s = g.state
    hold(g, "polish.courts")
    s.evidence[GERMAN]["purple"] = 3
    stand(g, "jacek", "administrative.courts")
    pool = s.pools[POLISH]
    g.apply(A.UseLocationCard("polish.courts", "jacek", "jacek"), POLISH)
    assert s.evidence[GERMAN]["purple"] == 1
    assert s.pools[POLISH] == pool and s.agents["jacek"].ap_used == 0
    assert s.activation is not None and s.activation.agent == "jacek" and s.activation.order == []
    assert events(g, "activate")[-1].data["agent"] == "jacek"
    assert s.location_hand[POLISH] == [] and s.location_discard == ["polish.courts"]
    for seat in (POLISH, GERMAN):
        assert [c["id"] for c in g.view(seat)["location_cards"]["discard"]] == ["polish.courts"]
    assert events(g, "location_used")[-1].data["card"] == "polish.courts"
    legal = g.legal_actions(POLISH)
    assert any(isinstance(a, A.Move) and a.agent == "jacek" for a in legal)  # movement and action still to come
    assert any(isinstance(a, A.Search) and a.agent == "jacek" for a in legal)
    g.check_state()


def test_a_card_may_follow_the_action_and_keeps_the_activation_open_with_no_ap_left():
    """A8: before or after the movement or the action; a card costs no AP, so the activation waits for it."""
    g = at_activations()
    s = g.state
    hold(g, "polish.courts")
    s.evidence[GERMAN]["purple"] = 3
    stand(g, "jacek", "administrative.courts")
    s.pools[POLISH] = 2
    touch(g)
    g.apply(A.Search("jacek"), POLISH)  # 2 AP: the pool is empty
    while s.pending:
        seat = g.current_seat()
        g.apply(g.legal_actions(seat)[0], seat)
    assert s.pools[POLISH] == 0 and s.activation is not None and s.activation.acted
    assert A.UseLocationCard("polish.courts", "jacek", "jacek") in g.legal_actions(POLISH)
    assert "use a location card" in str(g.prompt(POLISH))
    g.apply(A.UseLocationCard("polish.courts", "jacek", "jacek"), POLISH)
    assert s.evidence[GERMAN]["purple"] == 1
    assert s.activation is None or s.turn == GERMAN  # nothing left: the activation ended by itself


def test_no_card_outside_the_owners_activation_turn_or_for_an_agent_who_cannot_act():
    """L409 and A8: the activated agent of the card's owner; not an arrested agent, not while another is
    activated, not for an agent who could not be activated (Activating an Agent 2)."""
    g = at_activations()
    s = g.state
    hold(g, "german.courts")  # "Gain 2 evidence against an enemy agent in this sector."
    stand(g, "glaubel", "administrative.courts")
    stand(g, "jacek", "administrative.hospital")
    assert uses(g, GERMAN) == []
    why = g.explain_illegal(GERMAN, A.UseLocationCard("german.courts", "glaubel", "jacek"))
    assert "during an activation of its owner's agent" in str(why)
    s.turn = GERMAN
    touch(g)
    assert uses(g, GERMAN) == [A.UseLocationCard("german.courts", "glaubel", "jacek")]
    s.pools[GERMAN] = 0
    touch(g)
    assert uses(g, GERMAN) == []
    assert "cannot be activated now" in str(
        g.explain_illegal(GERMAN, A.UseLocationCard("german.courts", "glaubel", "jacek")))


# ------------------------------------------------------------------ the effects, each quoting its card


def test_gain_evidence_names_an_enemy_agent_in_this_sector():
    """German courts: "Gain 2 evidence against an enemy agent in this sector." (an arrested one is no target, P15)"""
    g = at_activations(first=GERMAN)
    s = g.state
    park_everyone_else(g, ("glaubel", "jacek", "ingrid_heizer"))
    hold(g, "german.courts")
    stand(g, "glaubel", "administrative.courts")
    stand(g, "jacek", "administrative.hospital")  # same sector
    stand(g, "ingrid_heizer", "hitlerplatz.cafe")  # another sector
    assert uses(g, GERMAN) == [A.UseLocationCard("german.courts", "glaubel", "jacek")]
    assert "enemy agent in Glaubel's sector" in str(
        g.explain_illegal(GERMAN, A.UseLocationCard("german.courts", "glaubel", "ingrid_heizer")))
    g.apply(A.UseLocationCard("german.courts", "glaubel", "jacek"), GERMAN)
    assert s.evidence[GERMAN]["purple"] == 2
    g.check_state()


def test_remove_evidence_names_one_of_the_own_agents_with_evidence_against_him():
    """Polish hospital: "Remove 1 evidence against one of your agents." (anywhere on the board)"""
    g = at_activations()
    s = g.state
    hold(g, "polish.hospital")
    stand(g, "georg", "administrative.hospital")
    s.evidence[GERMAN].update({"yellow": 2, "black": 4})
    touch(g)
    targets = {a.target for a in uses(g, POLISH) if isinstance(a, A.UseLocationCard)}
    assert targets == {"ingrid_heizer", "hans_kloss"}  # georg (blue) has none against him
    g.apply(A.UseLocationCard("polish.hospital", "georg", "hans_kloss"), POLISH)
    assert s.evidence[GERMAN] == {"yellow": 2, "purple": 0, "blue": 0, "black": 3}


def test_view_threats_shows_the_sectors_face_down_enemy_tokens_to_the_user_only():
    """Polish police station: "Look at every enemy threat token in this sector." (the peek path; K12)"""
    g = at_activations()
    s = g.state
    hold(g, "polish.police_station")
    stand(g, "georg", "police.police_station")
    assert uses(g, POLISH) == []  # no token to see
    assert "No face-down enemy threat token" in str(
        g.explain_illegal(POLISH, A.UseLocationCard("polish.police_station", "georg", "")))
    put_threat(g, "police.gestapo", "german.3")
    put_threat(g, "administrative.courts", "german.4")  # another sector
    mark = len(s.log)
    g.apply(A.UseLocationCard("polish.police_station", "georg", ""), POLISH)
    assert s.threat_seen[POLISH] == ["german.3"]
    own = [e for e in s.log[mark:] if e.kind == "threat_peek_own"]
    assert [(e.to, e.data["token"]) for e in own] == [(POLISH, "german.3")]
    public = [e for e in s.log[mark:] if e.kind == "threat_peeked"]
    assert public and all(e.to is None and "german.3" not in json.dumps(e.data) for e in public)
    assert '"german.3"' not in g.leak_probes(POLISH) and '"german.4"' in g.leak_probes(POLISH)
    assert '"german.3"' in g.leak_probes(None)


def test_reveal_mission_shows_an_enemy_agents_held_card_to_both():
    """German cafe: "The opponent shows you the mission card of one enemy agent in this sector." (P16)"""
    g = at_activations(first=GERMAN)
    s = g.state
    park_everyone_else(g, ("glaubel", "jacek", "ingrid_heizer"))
    hold(g, "german.cafe")
    stand(g, "glaubel", "hitlerplatz.cafe")
    stand(g, "jacek", "hitlerplatz.theatre")
    stand(g, "ingrid_heizer", "hitlerplatz.hotel")
    s.missions["jacek"] = HeldMission("jacek.2", 1)
    touch(g)
    assert g.view(GERMAN)["agents"][[a["id"] for a in g.view(GERMAN)["agents"]].index("jacek")]["mission"]["hidden"]
    assert uses(g, GERMAN) == [A.UseLocationCard("german.cafe", "glaubel", "jacek")]  # Ingrid holds no card
    g.apply(A.UseLocationCard("german.cafe", "glaubel", "jacek"), GERMAN)
    assert s.missions["jacek"].revealed
    assert events(g, "mission_revealed")[-1].data["card"] == "jacek.2"
    assert '"jacek.2"' not in g.leak_probes(GERMAN)


def test_gain_vp_only_where_the_scenario_counts_victory_points():
    """German officers' apartments: "Gain 1 Victory Point(s)."; A21: only in scenarios that count VP (Chestnuts
    does, "11 VP (gained as in First Clash)"; a scenario without VP is stood in for by its rules without them)."""
    g = at_activations(first=GERMAN)
    s = g.state
    hold(g, "german.officers_apartments")
    stand(g, "glaubel", "hitlerplatz.officers_apartments")
    rules = dict(SR.scenario_rules("chestnuts"), vp=None, vp_to_win=0)
    with mock.patch.object(location_actions, "scenario_rules", lambda sid: rules), \
            mock.patch.object(flow, "scenario_rules", lambda sid: rules):
        touch(g)
        assert uses(g, GERMAN) == []
        assert "counts no victory points" in str(
            g.explain_illegal(GERMAN, A.UseLocationCard("german.officers_apartments", "glaubel", "")))
    touch(g)
    assert uses(g, GERMAN) == [A.UseLocationCard("german.officers_apartments", "glaubel", "")]
    g.apply(A.UseLocationCard("german.officers_apartments", "glaubel", ""), GERMAN)
    assert s.vp[GERMAN] == 1


def test_extra_ap_and_stop_agent_on_the_top_secret_board():
    """German bunker: "Add 2 AP to your pool this stage (besides the conversion)."; German fort: "One enemy agent
    in this sector loses 2 AP of his AP limit this stage." (Top Secret has the factory and military sectors)"""
    g = at_activations(scenario="top_secret", first=GERMAN)
    s = g.state
    park_everyone_else(g, ("puschke", "glaubel", "kazik"), where="city.market")
    hold(g, "german.bunker")
    hold(g, "german.fort")
    stand(g, "puschke", "factory.bunker")
    stand(g, "glaubel", "military.fort")
    stand(g, "kazik", "military.barracks")
    pool = s.pools[GERMAN]
    assert A.UseLocationCard("german.bunker", "puschke", "") in uses(g, GERMAN)
    g.apply(A.UseLocationCard("german.bunker", "puschke", ""), GERMAN)
    assert s.pools[GERMAN] == pool + 2 and s.activation.agent == "puschke"
    assert uses(g, GERMAN) == []  # the fort card waits for an agent activated on the fort
    s.activation = None  # a fresh activation for the fort card (set by hand)
    s.turn = GERMAN
    touch(g)
    limit_left = g.view(GERMAN)["agents"][[a["id"] for a in g.view(GERMAN)["agents"]].index("kazik")]["limit_left"]
    assert A.UseLocationCard("german.fort", "glaubel", "kazik") in uses(g, GERMAN)
    g.apply(A.UseLocationCard("german.fort", "glaubel", "kazik"), GERMAN)
    after = g.view(POLISH)["agents"][[a["id"] for a in g.view(POLISH)["agents"]].index("kazik")]["limit_left"]
    assert after == max(0, limit_left - 2)
    assert events(g, "ap_lost")[-1].data == {"agent": "kazik", "amount": limit_left - after, "seat": GERMAN}
    g.check_state()


# ------------------------------------------------------------------ the hideout (Location Cards 5, A10)


def test_the_hideout_gives_the_agent_a_random_mission_instead_of_the_action():
    """L411: "instead of using its action, receive a mission card. He then discards this location card and
    randomly draws one card from the mission cards available for that agent"; L157 (Mission Cards 5)."""
    g = at_activations()
    s = g.state
    hold(g, "polish.hospital")  # a hideout card (remove 1 evidence)
    stand(g, "jacek", "administrative.hospital")
    assert uses(g, POLISH) == [A.UseHideout("polish.hospital", "jacek")]  # no evidence to remove
    g.apply(A.UseHideout("polish.hospital", "jacek"), POLISH)
    assert s.missions["jacek"].card.startswith("jacek.") and s.location_discard == ["polish.hospital"]
    assert events(g, "hideout")[-1].data["agent"] == "jacek"
    assert [e.to for e in events(g, "mission_chosen")] == [POLISH]
    assert f'"{s.missions["jacek"].card}"' in g.leak_probes(GERMAN)
    g.check_state()


def test_no_hideout_for_kloss_or_an_agent_holding_a_card_and_none_on_a_plain_card():
    """A10 (Mission Cards 1: Kloss has no mission cards; 3: one card at most); the hideout symbol is on some
    cards only (the courts card has none)."""
    g = at_activations()
    s = g.state
    hold(g, "polish.hospital")
    stand(g, "hans_kloss", "administrative.hospital")
    assert uses(g, POLISH) == []
    assert "never takes a mission card" in str(
        g.explain_illegal(POLISH, A.UseHideout("polish.hospital", "hans_kloss")))
    stand(g, "hans_kloss", "city.market")
    stand(g, "jacek", "administrative.hospital")
    s.missions["jacek"] = HeldMission("jacek.1", 1)
    touch(g)
    assert "already holds a mission card" in str(g.explain_illegal(POLISH, A.UseHideout("polish.hospital", "jacek")))
    hold(g, "polish.courts")
    stand(g, "georg", "administrative.courts")
    assert "has no hideout" in str(g.explain_illegal(POLISH, A.UseHideout("polish.courts", "georg")))


def test_the_hotel_card_outside_hotel_excelsior_can_only_be_converted():
    """The hotel's room 217 belongs to Hotel Excelsior (A9); a card of the other side is refused by name.
    (Step 3's cards are in tests/test_stawka_location_hooks.py.)"""
    g = at_activations()
    hold(g, "polish.hotel")  # room_217
    stand(g, "georg", "hitlerplatz.hotel")
    assert uses(g, POLISH) == []
    assert "Hotel Excelsior" in str(g.explain_illegal(POLISH, A.UseLocationCard("polish.hotel", "georg", "")))
    assert A.ConvertLocationCard("polish.hotel") in g.legal_actions(POLISH)
    assert "German location card" in str(
        g.explain_illegal(POLISH, A.UseLocationCard("german.hotel", "georg", "")))


def test_nothing_of_it_below_advanced():
    """K11: Meeting and First Clash offer no location card."""
    from tests.stawka_helpers import new_game

    g = new_game(scenario="first_clash")
    assert "ADVANCED rules" in str(g.explain_illegal(POLISH, A.UseLocationCard("polish.courts", "jacek", "")))
    assert "ADVANCED rules" in str(g.explain_illegal(POLISH, A.UseHideout("polish.hospital", "jacek")))


def test_a_used_card_in_a_twin_and_the_views_keep_k12():
    """K12 and the plan's section 3: after a use, the other hand is still hidden and the twin matches."""
    g = at_activations()
    s = g.state
    hold(g, "polish.courts")
    hold(g, "german.courts")
    s.evidence[GERMAN]["purple"] = 3
    stand(g, "jacek", "administrative.courts")
    g.apply(A.UseLocationCard("polish.courts", "jacek", "jacek"), POLISH)
    rng = random.Random(4)
    for seat in (POLISH, GERMAN):
        text = json.dumps(g.view(seat), default=str) + json.dumps([e.data for e in g.events_for(seat)], default=str)
        assert all(p not in text for p in g.leak_probes(seat))
        check_position(g, make_twin(g, seat, rng), seat)
    assert board(s).face_of("administrative.courts") == board(s).face_of("administrative.hospital")


def test_the_easy_player_plays_advanced_stages_with_location_cards():
    """Issue 35: the computer player meets the conversion, the special actions and the hideout without failing
    (the plan's step 9 makes it good at them)."""
    from barclay_desktop import ai

    g = advanced_game(2)
    players = {seat: ai.make_player("stawka", "easy", seed=i) for i, seat in enumerate((POLISH, GERMAN))}
    kinds = set()
    while g.state.stage <= 4 and not g.is_over():
        seat = g.current_seat()
        action = players[seat].choose(g.view(seat), g.legal_actions(seat))
        kinds.add(type(action).__name__)
        g.apply(action, seat)
    g.check_state()
    assert g.state.location_discard  # cards were used or converted
    assert kinds & {"UseLocationCard", "UseHideout", "ConvertLocationCard"}
