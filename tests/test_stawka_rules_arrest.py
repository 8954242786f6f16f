"""Arrest, the jail, interrogation, kidnapping for exchange and release (the EXTENDED rules).

Rulebook: Arrest 1-4 with its example (Stedtke and Jacek), Release of the Arrested 1, Activating an Agent 3
(the AP costs); rulings K4, K5, K13, K15 and our P9, P12-P15, P22, P23 (docs/stawka-rules-notes.md).
"""

from __future__ import annotations

import json
import random

import pytest

from barclay_desktop.rules.core import IllegalAction
from barclay_desktop.rules.stawka import actions as A
from barclay_desktop.rules.stawka import arrest, jail
from barclay_desktop.rules.stawka.rules import doc
from barclay_desktop.rules.stawka.scenario import board_for_scenario
from barclay_desktop.rules.stawka.scenario_rules import scenario_rules
from barclay_desktop.rules.stawka.state import GERMAN, POLISH
from tests.stawka_helpers import activation_position, cast, dice, dice_events, events, give_items, new_game, put_threat, space, touch
from tests.test_stawka_first_clash import first_clash, placed_first_clash

FC = board_for_scenario("first_clash")
JAIL = "police.jail"
HOTEL = "hitlerplatz.hotel"
OUTSIDE_POLICE = sorted(s.id for s in FC.locations() if FC.face_of(s.id) != "police")


def first_clash_cast(polish: dict, german: dict, first=GERMAN, **evidence):
    """First Clash in stage 1's activations with these agents only; evidence as seat_colour=n."""
    g = activation_position(placed_first_clash(), first)
    cast(g, polish, german)
    for key, n in evidence.items():
        seat, col = key.split("_")
        g.state.evidence[seat][col] = n
    touch(g)
    return g


def arrest_example():
    """Arrest, Example: Stedtke one step from Jacek and Kloss; German track purple 6, black 9."""
    return first_clash_cast({"jacek": "police.s12", "hans_kloss": "police.s12"}, {"stedtke": "police.s13"},
                            german_purple=6, german_black=9)


def jail_position(first=GERMAN, **evidence):
    """Jacek already in the jail; Brunner next to it, Ingrid Heizer and Glaubel at the hotel."""
    g = first_clash_cast({"jacek": JAIL, "ingrid_heizer": HOTEL}, {"hermann_brunner": "police.s13",
                                                                    "glaubel": HOTEL}, first=first, **evidence)
    g.state.agents["jacek"].arrested = True
    touch(g)
    return g


# ------------------------------------------------------------------ the rulebook's example


def test_the_arrest_example_stedtke_arrests_jacek_and_the_interrogation_at_8_gives_nothing():
    """Arrest, Example: Stedtke enters Jacek's space and arrests him (7 <= Alertness 8); Kloss cannot be arrested;
    the immediate interrogation rolls 6 + 2 (track) = 8, below Jacek's 9: no effect, he stays in the jail (P22).
    The arrest costs 2 AP (P12) and is the pair's conversation of the stage (K13); his items leave the game,
    shown to both (P15)."""
    g = arrest_example()
    give_items(g, "jacek", "jail.4")
    g.apply(A.Move("stedtke", "police.s12"), GERMAN)
    legal = g.legal_actions(GERMAN)
    assert A.Arrest("stedtke", "jacek") in legal
    assert A.Arrest("stedtke", "hans_kloss") not in legal
    assert g.explain_illegal(GERMAN, A.Arrest("stedtke", "hans_kloss")) == "Hans Kloss can never be arrested."
    dice(g, 3, 4, 2, 4)
    g.apply(A.Arrest("stedtke", "jacek"), GERMAN)
    s = g.state
    (roll,) = dice_events(g, "arrest")
    assert roll.data["total"] == 7 and roll.data["target"] == 8 and roll.data["passed"] is True
    assert roll.data["agent"] == "jacek"  # the Polish player rolls
    assert s.agents["stedtke"].ap_used == 3 and s.activation.ap_spent == 3  # 1 step + 2 AP
    assert ["jacek", "stedtke"] in s.talked
    jacek = s.agents["jacek"]
    assert jacek.space == JAIL and jacek.arrested and jacek.items == []
    assert "jail.4" in s.discarded and all("jail.4" in s.seen[x] for x in (POLISH, GERMAN))
    assert events(g, "arrested")[0].data["shown"] == ["jail.4"]
    assert s.pending[0].kind == "interrogate_now" and g.current_seat() == GERMAN
    assert set(g.legal_actions(GERMAN)) == {A.Interrogate("stedtke", "jacek"), A.SkipInterrogation()}
    g.apply(A.Interrogate("stedtke", "jacek"), GERMAN)
    (talk,) = dice_events(g, "interrogation")
    assert talk.data["dice"] == [2, 4] and talk.data["total"] == 8 and talk.data["passed"] is False
    assert talk.data["modifiers"] == [["investigation track (6 evidence: suspected)", 2]]
    assert doc(s, "jacek").conversation.double == 8  # 8 is a double for a conversation, nothing here
    assert s.evidence[GERMAN]["purple"] == 6 and s.secrets[GERMAN] == 0 and s.vp[GERMAN] == 0
    assert jacek.arrested and s.agents["stedtke"].ap_used == 3  # the immediate interrogation is free
    # Stedtke has moved and acted: his activation is over; no Polish action names Jacek
    assert s.activation is None and g.current_seat() == POLISH
    assert not [a for a in g.legal_actions(POLISH) if "jacek" in (getattr(a, "agent", None), getattr(a, "target", None))]


def test_the_example_with_a_secret_scores_3_vp_resets_the_track_and_releases_jacek_outside_the_ss_sectors():
    """P22: 4 + 3 + 2 = 9 reaches Jacek's secret threshold with 6 evidence (K4): a secret, 3 VP in First Clash,
    the purple track to 0; the German player then releases him onto a location outside Stedtke's (police)
    sector."""
    g = arrest_example()
    g.apply(A.Move("stedtke", "police.s12"), GERMAN)
    dice(g, 4, 4, 4, 3)
    g.apply(A.Arrest("stedtke", "jacek"), GERMAN)
    assert dice_events(g, "arrest")[0].data["total"] == 8  # at most 8: arrested
    g.apply(A.Interrogate("stedtke", "jacek"), GERMAN)
    s = g.state
    assert dice_events(g, "interrogation")[0].data["total"] == 9
    assert s.secrets[GERMAN] == 1 and s.vp[GERMAN] == 3 and s.evidence[GERMAN]["purple"] == 0
    assert s.pending[0].kind == "release_to" and g.current_seat() == GERMAN
    assert sorted(a.to for a in g.legal_actions(GERMAN)) == OUTSIDE_POLICE and len(OUTSIDE_POLICE) == 7
    assert g.view(POLISH)["pending"]["spaces"] == [a.to for a in g.legal_actions(GERMAN)]
    with pytest.raises(IllegalAction):
        g.apply(A.ReleaseTo("police.gestapo"), GERMAN)
    g.apply(A.ReleaseTo("hitlerplatz.cafe"), GERMAN)
    assert s.agents["jacek"].space == "hitlerplatz.cafe" and not s.agents["jacek"].arrested
    assert events(g, "released")[0].data == {"agent": "jacek", "space": "hitlerplatz.cafe", "seat": GERMAN}
    g.check_invariants()


# ------------------------------------------------------------------ who may arrest whom


def test_stedtke_arrests_from_5_evidence_brunner_needs_6():
    """Trait sees_through_cover (Stedtke: 5); K5 and P13: 6 for every other arrester."""
    g = first_clash_cast({"jacek": "police.s12"}, {"stedtke": "police.s12", "hermann_brunner": "police.s12"},
                         german_purple=5)
    legal = g.legal_actions(GERMAN)
    assert A.Arrest("stedtke", "jacek") in legal and A.Arrest("hermann_brunner", "jacek") not in legal
    assert (g.explain_illegal(GERMAN, A.Arrest("hermann_brunner", "jacek"))
            == "The German track holds 5 evidence against purple: an arrest needs 6.")


def test_only_ss_officers_arrest_unless_a_mission_card_allows_it():
    """Arrest 1-2 and P13: Glaubel is no SS officer; his arrest mission card (glaubel.1) lets him, and the arrest
    shows the card and completes its special (P18)."""
    from tests.test_stawka_rules_missions import give_mission

    g = first_clash_cast({"jacek": HOTEL}, {"glaubel": HOTEL}, german_purple=7)
    assert A.Arrest("glaubel", "jacek") not in g.legal_actions(GERMAN)
    assert g.explain_illegal(GERMAN, A.Arrest("glaubel", "jacek")).startswith(
        "Glaubel may arrest only with an arrest mission card")
    give_mission(g, "glaubel", "glaubel.1")
    assert arrest.arrest_mission_card(g.state, "glaubel") == "glaubel.1"
    assert A.Arrest("glaubel", "jacek") in g.legal_actions(GERMAN)
    dice(g, 1, 1)
    g.apply(A.Arrest("glaubel", "jacek"), GERMAN)
    assert events(g, "mission_revealed") and g.state.agents["jacek"].arrested
    assert "glaubel.1" in g.state.missions_done and g.state.vp[GERMAN] == 4


def test_an_arrest_is_the_pairs_conversation_and_an_avoided_one_has_no_other_effect():
    """K13: a pair that talked cannot be arrested this stage; the attempt spends the conversation. P14: an avoided
    arrest costs the 2 AP and the pair's conversation, nothing more."""
    g = first_clash_cast({"jacek": HOTEL}, {"hermann_brunner": HOTEL}, german_purple=6)
    g.state.talked.append(["hermann_brunner", "jacek"])
    touch(g)
    assert A.Arrest("hermann_brunner", "jacek") not in g.legal_actions(GERMAN)
    assert "an arrest counts as that conversation" in g.explain_illegal(GERMAN, A.Arrest("hermann_brunner", "jacek"))
    g.state.talked.clear()
    touch(g)
    dice(g, 5, 4)  # 9 - 1 (Brunner's trait) = 8: at most 8, arrested - so roll higher
    g.state.rng.script[:] = [6, 4]  # 10 - 1 = 9 > 8: avoided
    g.apply(A.Arrest("hermann_brunner", "jacek"), GERMAN)
    s = g.state
    assert dice_events(g, "arrest")[0].data["passed"] is False and events(g, "arrest_avoided")
    assert not s.agents["jacek"].arrested and s.agents["jacek"].space == HOTEL and not s.pending
    assert s.agents["hermann_brunner"].ap_used == 2 and ["hermann_brunner", "jacek"] in s.talked
    assert s.evidence[GERMAN]["purple"] == 6


def test_brunner_the_interrogator_lowers_the_arrest_roll_and_alertness_items_raise_it():
    """Trait interrogator (-1 to the arrested agent's roll, +1 to the interrogation); K15 and the item text:
    the defender's alertness_roll_bonus items count in the arrest roll."""
    g = first_clash_cast({"jacek": HOTEL}, {"hermann_brunner": HOTEL}, german_purple=6)
    give_items(g, "jacek", "police_station.3")  # Police whistle, +1, reusable
    dice(g, 4, 4, 5, 2)
    g.apply(A.Arrest("hermann_brunner", "jacek"), GERMAN)
    (roll,) = dice_events(g, "arrest")
    assert roll.data["modifiers"] == [["Police whistle", 1], ["Hermann Brunner's trait", -1]]
    assert roll.data["total"] == 8 and roll.data["passed"] is True
    assert "police_station.3" in g.state.discarded  # lost with the arrest, reusable or not
    g.apply(A.Interrogate("hermann_brunner", "jacek"), GERMAN)
    (talk,) = dice_events(g, "interrogation")
    assert ["Hermann Brunner's trait", 1] in talk.data["modifiers"] and talk.data["total"] == 7 + 2 + 1
    assert g.state.secrets[GERMAN] == 1  # 10 >= 9


def test_a_support_token_changes_the_arrest_roll():
    """P9: the arrested agent's side may use a support token of the sector (+1 for him)."""
    g = first_clash_cast({"jacek": HOTEL}, {"hermann_brunner": HOTEL}, german_purple=6)
    put_threat(g, "hitlerplatz.s2", "polish.14")
    touch(g)
    g.apply(A.Arrest("hermann_brunner", "jacek"), GERMAN)
    assert g.state.pending[0].kind == "support" and g.current_seat() == POLISH
    dice(g, 5, 4)
    g.apply(A.UseSupport("hitlerplatz.s2"), POLISH)
    (roll,) = dice_events(g, "arrest")
    assert roll.data["modifiers"] == [["Hermann Brunner's trait", -1], ["support", 1]]
    assert roll.data["total"] == 9 and not g.state.agents["jacek"].arrested


# ------------------------------------------------------------------ the arrested


def test_the_arrested_agent_is_no_target_cannot_be_activated_and_shows_in_the_view():
    """P15: in the jail he is not activated, not talked with, not arrested again; the view shows it."""
    g = jail_position(first=POLISH, german_purple=8)
    g.state.agents["hermann_brunner"].space = JAIL
    touch(g)
    assert not [a for a in g.legal_actions(POLISH) if getattr(a, "agent", None) == "jacek"]
    assert (g.explain_illegal(POLISH, A.Move("jacek", "police.s12"))
            == "Jacek is in the jail: an arrested agent cannot be activated.")
    g.state.turn = GERMAN
    touch(g)
    legal = g.legal_actions(GERMAN)
    assert not [a for a in legal if isinstance(a, (A.Converse, A.Arrest)) and a.target == "jacek"]
    assert g.explain_illegal(GERMAN, A.Converse("hermann_brunner", "jacek")).startswith("Jacek is in the jail")
    assert g.explain_illegal(GERMAN, A.Arrest("hermann_brunner", "jacek")) == "Jacek is already in the jail."
    for seat in (POLISH, GERMAN, None):
        v = g.view(seat)
        assert v["jail"] == JAIL
        assert {a["id"]: a["arrested"] for a in v["agents"]}["jacek"] is True


def test_a_later_interrogation_is_an_action_in_the_jail_once_per_pair_and_stage():
    """P22: an agent able to arrest, standing in the jail, interrogates as his action for 1 AP; once a stage."""
    g = jail_position(german_purple=6)
    assert not [a for a in g.legal_actions(GERMAN) if isinstance(a, A.Interrogate)]  # Brunner is not in the jail
    assert (g.explain_illegal(GERMAN, A.Interrogate("hermann_brunner", "jacek"))
            == "Hermann Brunner must stand in the jail to interrogate a prisoner.")
    assert A.Move("hermann_brunner", JAIL) in g.legal_actions(GERMAN)  # 1 step: an action can follow
    g.apply(A.Move("hermann_brunner", JAIL), GERMAN)
    assert A.Interrogate("hermann_brunner", "jacek") in g.legal_actions(GERMAN)
    dice(g, 1, 1)
    g.apply(A.Interrogate("hermann_brunner", "jacek"), GERMAN)
    s = g.state
    assert s.agents["hermann_brunner"].ap_used == 2 and ["hermann_brunner", "jacek"] in s.talked
    assert dice_events(g, "interrogation")[0].data["total"] == 1 + 1 + 2 + 1 and s.agents["jacek"].arrested
    assert (g.explain_illegal(GERMAN, A.Interrogate("hermann_brunner", "jacek")).startswith(
        "Hermann Brunner has already") or s.activation is None)
    g.state.turn, g.state.activation = GERMAN, None
    touch(g)
    assert A.Interrogate("hermann_brunner", "jacek") not in g.legal_actions(GERMAN)
    assert "once a stage" in g.explain_illegal(GERMAN, A.Interrogate("hermann_brunner", "jacek"))


def test_a_one_ap_agent_may_be_activated_only_to_interrogate():
    """Activating an Agent 2 with P22: an agent with 1 AP left may be activated for a 1-AP interrogation."""
    g = jail_position(german_purple=6)
    s = g.state
    s.agents["hermann_brunner"].space = JAIL
    s.agents["hermann_brunner"].ap_used = 4  # limit 5: 1 AP left
    touch(g)
    mine = [a for a in g.legal_actions(GERMAN) if getattr(a, "agent", None) == "hermann_brunner"]
    assert A.Interrogate("hermann_brunner", "jacek") in mine
    assert not [a for a in mine if isinstance(a, A.Move)]


def test_no_secret_under_interrogation_without_3_evidence():
    """K4: a secret needs at least 3 evidence against the prisoner; a high roll alone gives nothing."""
    g = jail_position(german_purple=2)
    g.state.agents["hermann_brunner"].space = JAIL
    touch(g)
    dice(g, 6, 6)
    g.apply(A.Interrogate("hermann_brunner", "jacek"), GERMAN)
    assert dice_events(g, "interrogation")[0].data["passed"] is True
    assert g.state.secrets[GERMAN] == 0 and g.state.agents["jacek"].arrested and not g.state.pending


def test_skipping_the_interrogation_ends_the_arrest_action():
    g = first_clash_cast({"jacek": HOTEL}, {"hermann_brunner": HOTEL}, german_purple=6)
    dice(g, 1, 1)
    g.apply(A.Arrest("hermann_brunner", "jacek"), GERMAN)
    g.apply(A.SkipInterrogation(), GERMAN)
    assert not g.state.pending and g.state.agents["jacek"].arrested and not dice_events(g, "interrogation")
    assert g.explain_illegal(GERMAN, A.SkipInterrogation()) == "There is no interrogation waiting to be declined."


def test_release_goes_to_sectors_without_an_ss_officer_or_anywhere_when_each_has_one():
    """Release 1 and P23: outside the sectors where an SS officer stands; with none free, any location."""
    g = jail_position()
    s = g.state
    assert jail.release_spaces(s) == [x for x in (loc.id for loc in FC.locations()) if x in OUTSIDE_POLICE]
    cast(g, {"jacek": JAIL}, {"hermann_brunner": "police.gestapo", "stedtke": HOTEL,
                              "fritz_kopf": "administrative.courts"})
    s.agents["jacek"].arrested = True
    assert jail.release_spaces(s) == [loc.id for loc in FC.locations()]


# ------------------------------------------------------------------ kidnapping for exchange


def kidnap_position(**evidence):
    """Ingrid Heizer (with a Pistol) and Glaubel at the hotel; Jacek in the jail; Polish to act."""
    g = jail_position(first=POLISH, **({"polish_yellow": 6} | evidence))
    give_items(g, "ingrid_heizer", "gestapo.1")
    return g


def test_a_kidnapping_exchanges_the_kidnapped_agent_for_the_prisoner():
    """Release 1 and P23: 2d6 at most Glaubel's Alertness 6 kidnaps him (2 AP, the pair's conversation); the weapon
    is shown, not spent; the Polish player puts him on a street space, then the German player releases Jacek
    outside the SS officers' sectors."""
    g = kidnap_position()
    kid = A.Kidnap("ingrid_heizer", "glaubel", "gestapo.1", "jacek")
    assert kid in g.legal_actions(POLISH)
    dice(g, 3, 3)
    g.apply(kid, POLISH)
    s = g.state
    (roll,) = dice_events(g, "kidnap")
    assert roll.data["agent"] == "glaubel" and roll.data["total"] == 6 and roll.data["passed"] is True
    assert s.agents["ingrid_heizer"].ap_used == 2 and ["glaubel", "ingrid_heizer"] in s.talked
    assert "gestapo.1" in s.agents["ingrid_heizer"].items and "gestapo.1" in s.seen[GERMAN]
    assert s.pending[0].kind == "place_kidnapped" and g.current_seat() == POLISH
    streets = [a.to for a in g.legal_actions(POLISH)]
    assert len(streets) == 59 and all(FC.spaces[x].kind == "street" for x in streets)
    g.apply(A.PlaceKidnapped("administrative.s1"), POLISH)
    assert s.agents["glaubel"].space == "administrative.s1"
    assert s.pending[0].kind == "release_to" and g.current_seat() == GERMAN
    assert sorted(a.to for a in g.legal_actions(GERMAN)) == OUTSIDE_POLICE  # Brunner is in the police sector
    g.apply(A.ReleaseTo("administrative.hospital"), GERMAN)
    assert not s.agents["jacek"].arrested and s.agents["jacek"].space == "administrative.hospital"
    assert g.current_seat() == POLISH or s.activation is None
    g.check_invariants()


def test_an_escaped_kidnapping_gives_the_german_side_3_evidence_against_the_kidnapper():
    """Release 1: above the Alertness the German agent escapes and gains 3 evidence against the kidnapper."""
    g = kidnap_position()
    dice(g, 4, 3)
    g.apply(A.Kidnap("ingrid_heizer", "glaubel", "gestapo.1", "jacek"), POLISH)
    s = g.state
    assert dice_events(g, "kidnap")[0].data["passed"] is False
    assert s.evidence[GERMAN]["yellow"] == 3 and s.agents["glaubel"].space == HOTEL and not s.pending
    assert s.agents["jacek"].arrested


@pytest.mark.parametrize("change, reason", [
    (lambda g: g.state.agents["jacek"].__setattr__("arrested", False),
     "No Polish agent is in the jail: a kidnapping is made only to exchange a prisoner."),
    (lambda g: g.state.evidence[POLISH].__setitem__("yellow", 5),
     "The Polish track holds 5 evidence against yellow: a kidnapping needs 6."),
    (lambda g: g.state.agents["hermann_brunner"].__setattr__("space", HOTEL),
     "Glaubel is not alone: another German agent stands on the same space."),
    (lambda g: g.state.talked.append(["glaubel", "ingrid_heizer"]),
     "Ingrid Heizer and Glaubel have already had their conversation this stage: a kidnapping counts as that "
     "conversation."),
])
def test_what_a_kidnapping_needs(change, reason):
    """Release 1 and its NOTE, K5, K13, P23: a prisoner, 6 evidence, a lone target, the pair's conversation."""
    g = kidnap_position()
    change(g)
    touch(g)
    kid = A.Kidnap("ingrid_heizer", "glaubel", "gestapo.1", "jacek")
    assert kid not in g.legal_actions(POLISH)
    assert g.explain_illegal(POLISH, kid) == reason


def test_no_kidnapping_without_a_weapon_or_of_an_ss_officer():
    """Release 1: the kidnapper holds a weapon; SS officers cannot be kidnapped."""
    g = jail_position(first=POLISH, polish_yellow=6, polish_black=6)
    kid = A.Kidnap("ingrid_heizer", "glaubel", "gestapo.1", "jacek")
    assert g.explain_illegal(POLISH, kid) == "Ingrid Heizer holds no weapon: a kidnapping needs one."
    give_items(g, "ingrid_heizer", "gestapo.1")
    g.state.agents["glaubel"].space = "hitlerplatz.cafe"
    g.state.agents["hermann_brunner"].space = HOTEL
    touch(g)
    ss = A.Kidnap("ingrid_heizer", "hermann_brunner", "gestapo.1", "jacek")
    assert ss not in g.legal_actions(POLISH)
    assert g.explain_illegal(POLISH, ss) == "Hermann Brunner is an SS officer: SS officers cannot be kidnapped."


# ------------------------------------------------------------------ scenario settings and the BASIC rules


def test_jail_to_win_is_a_scenario_setting_that_first_clash_does_not_use(monkeypatch):
    """Free Scenarios L: "three Polish agents in jail" as `jail_to_win`; 0 (unused) in Meeting and First Clash."""
    assert scenario_rules("first_clash")["jail_to_win"] == 0 and scenario_rules("meeting")["jail_to_win"] == 0
    rules = dict(scenario_rules("first_clash"), jail_to_win=2)
    monkeypatch.setattr(jail, "scenario_rules", lambda sid: rules)
    g = jail_position(german_purple=6)
    g.state.agents["ingrid_heizer"].space = "police.s13"
    g.state.evidence[GERMAN]["yellow"] = 6
    touch(g)
    dice(g, 1, 1)
    g.apply(A.Arrest("hermann_brunner", "ingrid_heizer"), GERMAN)
    r = g.state.result
    assert r is not None and r.winner == GERMAN and r.kind == "jail" and "2 Polish agents" in r.reason


def test_meeting_has_no_arrests_and_no_jail():
    """K11: arrests are EXTENDED; Meeting (BASIC) plays as before."""
    g = activation_position(new_game(), GERMAN)
    cast(g, {"jacek": space("Hotel")}, {"hermann_brunner": space("Hotel")})
    g.state.evidence[GERMAN]["purple"] = 8
    touch(g)
    assert not [a for a in g.legal_actions(GERMAN) if isinstance(a, (A.Arrest, A.Interrogate, A.Kidnap))]
    assert "extended rules" in g.explain_illegal(GERMAN, A.Arrest("hermann_brunner", "jacek"))
    assert g.view(GERMAN)["jail"] is None


def test_the_invariants_catch_an_arrested_agent_outside_the_jail():
    g = jail_position()
    g.check_invariants()
    g.state.agents["jacek"].space = HOTEL
    with pytest.raises(AssertionError, match="not in the jail"):
        g.check_invariants()


def test_every_jail_decision_has_an_answer_and_the_prompts_say_what_to_do():
    """Every new pending kind has an always-legal action (no chain can stall) and a prompt."""
    g = jail_position()
    s = g.state
    from barclay_desktop.rules.stawka.state import Pending

    for p in (Pending("interrogate_now", GERMAN, "hermann_brunner", target="jacek"),
              Pending("place_kidnapped", POLISH, "glaubel", target="jacek"), Pending("release_to", GERMAN, "jacek")):
        s.pending = [p]
        touch(g)
        assert g.legal_actions(p.seat)
        assert g.prompt(p.seat) and "_" not in g.prompt(p.seat)
        assert g.explain_illegal(p.seat, A.EndActivation())


def armed_first_clash(seed: int, rng: random.Random):
    """First Clash placed at random, every non-chief track at 6 on both sides, Ingrid and Jacek armed."""
    g = first_clash(seed)
    while g.state.phase == "placement":
        g.apply(rng.choice(g.legal_actions(g.current_seat())), g.current_seat())
    for x in (POLISH, GERMAN):
        for col in ("yellow", "purple", "blue"):
            g.state.evidence[x][col] = 6
    give_items(g, "ingrid_heizer", "gestapo.1")
    give_items(g, "jacek", "police_station.1")
    return g


def _jail_minded(rng: random.Random, game, legal):
    """Random play that seeks the enemy and takes every arrest, kidnapping and interrogation it is offered."""
    keen = [a for a in legal if isinstance(a, (A.Arrest, A.Kidnap, A.Interrogate))]
    if keen:
        return rng.choice(keen)
    s = game.state
    moves = [a for a in legal if isinstance(a, A.Move)]
    if moves and rng.random() < 0.7:
        def distance_to_enemy(a):
            side = s.agents[a.agent].side
            dist = FC.distances(a.to, side)
            return min(dist.get(e.space, 99) for e in s.agents.values() if e.side != side and not e.arrested)

        return min(moves, key=distance_to_enemy)
    rest = [a for a in legal if not isinstance(a, (A.GiveUp, A.Converse))]
    return rng.choice(rest or legal)


def test_random_first_clash_games_with_arrests_and_kidnappings_keep_the_invariants():
    """Random games from high tracks and armed Polish agents: arrests, interrogations and exchanges happen and
    every state checks (P15 in check_invariants)."""
    seen = set()
    wanted = {"Arrest", "Interrogate", "Kidnap", "PlaceKidnapped", "ReleaseTo"}
    for seed in range(40):  # until the games have reached an exchange (the first few seeds do)
        if wanted <= seen:
            break
        rng = random.Random(seed)
        g = armed_first_clash(seed, rng)
        for _ in range(3000):
            seat = g.current_seat()
            if seat is None:
                break
            action = _jail_minded(rng, g, g.legal_actions(seat))
            g.apply(action, seat)
            seen.add(type(action).__name__)
            g.check_invariants()
        assert g.state.result is not None
    assert wanted <= seen


def test_easy_answers_every_jail_decision_with_a_legal_action():
    """The Easy player (not yet taught the EXTENDED rules) must not stall on the new decisions: asked at every
    position of a game with arrests and an exchange, it returns a legal action."""
    from barclay_desktop import ai

    easy = ai.make_player("stawka", "easy", seed=5)
    wanted = {"interrogate_now", "place_kidnapped", "release_to"}
    kinds = set()
    for seed in range(40):  # games until an arrest and an exchange have been met
        if wanted <= kinds:
            break
        rng = random.Random(seed)
        g = armed_first_clash(seed, rng)
        while g.current_seat() is not None:
            seat = g.current_seat()
            legal = g.legal_actions(seat)
            if g.state.pending:
                kinds.add(g.state.pending[0].kind)
            assert easy.choose(g.view(seat), legal) in legal
            g.apply(_jail_minded(rng, g, legal), seat)
    assert wanted <= kinds


def test_a_game_saved_in_each_jail_decision_loads_and_goes_on():
    """Saves: the support window of an arrest, the interrogation, the exchange and the release are plain data;
    a game saved at each of them loads (check_state) and plays on to the same end."""
    g = kidnap_position(german_purple=6)
    put_threat(g, "hitlerplatz.s2", "polish.14")
    touch(g)
    g.apply(A.Kidnap("ingrid_heizer", "glaubel", "gestapo.1", "jacek"), POLISH)
    assert g.state.pending[0].kind == "support"  # the kidnapping's window: Polish support in Hitlerplatz
    script = [(A.UseSupport(None), POLISH), (A.PlaceKidnapped("hitlerplatz.s1"), POLISH),
              (A.ReleaseTo("hitlerplatz.cafe"), GERMAN)]
    for action, seat in script:
        again = type(g).from_json(json.loads(json.dumps(g.to_json())))
        assert again.state.pending == g.state.pending and again.legal_actions(seat) == g.legal_actions(seat)
        g = again
        dice(g, 1, 1)  # the loaded game rolls from its own generator: script the kidnapping's dice again
        g.apply(action, seat)
    assert not g.state.agents["jacek"].arrested and g.state.agents["glaubel"].space == "hitlerplatz.s1"


def test_a_game_saved_before_the_interrogation_loads_with_its_decision():
    g = first_clash_cast({"jacek": HOTEL}, {"hermann_brunner": HOTEL}, german_purple=6)
    dice(g, 1, 1)
    g.apply(A.Arrest("hermann_brunner", "jacek"), GERMAN)
    again = type(g).from_json(json.loads(json.dumps(g.to_json())))
    assert again.state.pending[0].kind == "interrogate_now" and again.state.agents["jacek"].arrested
    assert again.legal_actions(GERMAN) == g.legal_actions(GERMAN)
    assert again.view(POLISH)["agents"] == g.view(POLISH)["agents"]


def test_the_jail_shows_each_seat_the_same_in_its_twin():
    """K12 (tests/test_twin_leaks.py's check): around arrests, interrogations and exchanges each seat's view, log
    lines and legal actions are the same in a twin that changed only what the seat may not know."""
    from barclay_desktop.rules.core.twin import check_position, check_transition, make_twin

    checked = 0
    for seed in range(20):  # games until 30 jail positions have been checked for every seat
        if checked >= 30:
            break
        rng = random.Random(seed)
        g = armed_first_clash(seed, rng)
        while g.current_seat() is not None:
            actor = g.current_seat()
            action = _jail_minded(rng, g, g.legal_actions(actor))
            after = g.clone()
            after.apply(action, actor)
            if isinstance(action, (A.Arrest, A.Interrogate, A.Kidnap, A.SkipInterrogation, A.PlaceKidnapped,
                                   A.ReleaseTo)) or jail.prisoners(g.state):
                since = len(g.state.log)
                for seat in (POLISH, GERMAN, None):
                    twin = make_twin(g, seat, rng)
                    check_position(g, twin, seat)
                    check_transition(after, twin, actor, action, seat, since, rng)
                    checked += 1
            g = after
    assert checked >= 30
