"""Stawka mission cards (EXTENDED): taking, the goals, claiming, rewards and what the opponent sees.

Rulebook, Mission Cards 1-5 and Training Scenario 2 (victory conditions); rulings K3, K10, K12;
our P16-P21 (docs/stawka-rules-notes.md).
"""

from __future__ import annotations

import json
import random

import pytest

from barclay_desktop.rules.core import IllegalAction
from barclay_desktop.rules.core.twin import check_position, make_twin
from barclay_desktop.rules.stawka import actions as A
from barclay_desktop.rules.stawka import content, missions
from barclay_desktop.rules.stawka.flow import gain_evidence
from barclay_desktop.rules.stawka.rules import route
from barclay_desktop.rules.stawka.state import GERMAN, POLISH, HeldMission
from tests.stawka_helpers import activation_position, cast, dice, events, give_items, give_turn, new_game, touch
from tests.test_stawka_first_clash import placed_first_clash

HOTEL, THEATRE, CAFE = "hitlerplatz.hotel", "hitlerplatz.theatre", "hitlerplatz.cafe"
COURTS, HOSPITAL = "administrative.courts", "administrative.hospital"
GESTAPO, JAIL = "police.gestapo", "police.jail"
JACEK = ("jacek.1", "jacek.2", "jacek.3")


def fc(polish: dict, german: dict, first: str = POLISH, pools: int = 11):
    """First Clash in stage 1's activation phase with the given agents on the given spaces."""
    g = activation_position(placed_first_clash(), first, pools)
    cast(g, polish, german)
    return g


def on_top(g, iid: str) -> None:
    """Put a tile on top of its stack (the next search draws it)."""
    stack = next(st for st in g.state.stacks.values() if iid in st)
    stack.remove(iid)
    stack.append(iid)
    touch(g)


def give_mission(g, agent: str, card: str) -> HeldMission:
    held = HeldMission(card, g.state.stage)
    g.state.missions[agent] = held
    touch(g)
    return held


def of_type(legal, kind) -> list:
    return [a for a in legal if isinstance(a, kind)]


# ------------------------------------------------------------------ taking a card (P17)


def test_chief_passes_a_chosen_card_for_1_ap_when_no_enemy_is_in_the_sector():
    """Mission Cards 3A and 4, P17: Kloss meets Jacek in a sector without enemy agents; the Polish player
    chooses one of Jacek's three cards; either of them may do it, as his action, for 1 AP."""
    g = fc({"hans_kloss": COURTS, "jacek": COURTS, "ingrid_heizer": HOTEL},
           {"hermann_brunner": GESTAPO, "glaubel": THEATRE})
    takes = set(of_type(g.legal_actions(POLISH), A.TakeMission))
    assert takes == ({A.TakeMission("hans_kloss", "jacek", c) for c in JACEK}
                     | {A.TakeMission("jacek", "jacek", c) for c in JACEK})
    g.apply(A.TakeMission("hans_kloss", "jacek", "jacek.2"), POLISH)
    s = g.state
    assert s.missions["jacek"].card == "jacek.2" and s.missions["jacek"].taken_stage == 1
    assert s.agents["hans_kloss"].ap_used == 1 and s.pools[POLISH] == 10
    assert s.activation.agent == "hans_kloss" and s.activation.acted  # the activation's action
    assert not of_type(g.legal_actions(POLISH), A.TakeMission)  # one card at most, one action
    (taken,) = events(g, "mission_taken")
    assert taken.to is None and "card" not in taken.data  # public: somebody took a card, not which
    (chosen,) = events(g, "mission_chosen")
    assert chosen.to == POLISH and chosen.data["card"] == "jacek.2"


def test_no_mission_with_an_enemy_in_the_sector_or_to_an_agent_who_holds_one():
    """Mission Cards 3 and 3A, P17: no free enemy agent in the sector face; one card at most per agent."""
    g = fc({"hans_kloss": COURTS, "jacek": COURTS}, {"hermann_brunner": GESTAPO, "glaubel": HOSPITAL})
    assert not of_type(g.legal_actions(POLISH), A.TakeMission)
    with pytest.raises(IllegalAction, match="enemy agent is in this sector"):
        g.apply(A.TakeMission("hans_kloss", "jacek", "jacek.1"), POLISH)
    g.state.agents["glaubel"].arrested = True  # P15/P17: an arrested enemy is no enemy present
    touch(g)
    assert of_type(g.legal_actions(POLISH), A.TakeMission)
    g.state.agents["glaubel"].space = GESTAPO
    g.state.agents["glaubel"].arrested = False
    give_mission(g, "jacek", "jacek.3")
    assert not of_type(g.legal_actions(POLISH), A.TakeMission)
    with pytest.raises(IllegalAction, match="already holds a mission card"):
        g.apply(A.TakeMission("jacek", "jacek", "jacek.1"), POLISH)


def test_the_chief_must_stand_on_the_agents_space_and_chiefs_never_receive():
    """Mission Cards 1 and 3A, K3, P17: the meeting is on one space; Kloss, Brunner and Stedtke hold no card,
    Fritz Kopf only from an item."""
    g = fc({"hans_kloss": COURTS, "jacek": "administrative.s3"}, {"hermann_brunner": HOTEL, "fritz_kopf": HOTEL},
           first=GERMAN)
    assert not of_type(g.legal_actions(GERMAN), A.TakeMission)
    with pytest.raises(IllegalAction, match="only from an item"):
        g.apply(A.TakeMission("hermann_brunner", "fritz_kopf", "fritz_kopf.1"), GERMAN)
    give_turn(g, POLISH)
    with pytest.raises(IllegalAction, match="stand on one space"):
        g.apply(A.TakeMission("hans_kloss", "jacek", "jacek.1"), POLISH)
    with pytest.raises(IllegalAction, match="never takes a mission card"):
        g.apply(A.TakeMission("jacek", "hans_kloss", "jacek.1"), POLISH)


def test_a_one_ap_agent_may_be_activated_to_take_a_card():
    """Activating an Agent 2-3 and rules note 5: taking a card is a 1-AP action, so an agent with 1 AP left
    (who could neither move nor search) may be activated for it."""
    g = fc({"hans_kloss": COURTS, "jacek": COURTS}, {"hermann_brunner": GESTAPO})
    g.state.pools[POLISH] = 1
    touch(g)
    legal = g.legal_actions(POLISH)
    assert not of_type(legal, (A.Move, A.Search))
    assert A.TakeMission("jacek", "jacek", "jacek.1") in legal
    g.apply(A.TakeMission("jacek", "jacek", "jacek.1"), POLISH)
    assert g.state.missions["jacek"].card == "jacek.1" and g.state.pools[POLISH] == 0


def test_typewriter_draws_at_random_fritz_kopf_only_by_item():
    """Mission Cards 3B and 5, K3: an item gives a card drawn at random; Fritz Kopf gets one only so."""
    drawn = set()
    for seed in range(1, 9):
        g = activation_position(placed_first_clash(seed), GERMAN)
        cast(g, {"jacek": HOTEL}, {"hermann_brunner": COURTS, "fritz_kopf": COURTS})
        give_items(g, "fritz_kopf", "employment_office.3")
        assert A.UseItem("fritz_kopf", "employment_office.3") not in g.legal_actions(GERMAN)  # not activated yet
        g.apply(A.Move("fritz_kopf", "administrative.s3"), GERMAN)
        assert A.UseItem("fritz_kopf", "employment_office.3") in g.legal_actions(GERMAN)
        g.apply(A.UseItem("fritz_kopf", "employment_office.3"), GERMAN)
        s = g.state
        card = s.missions["fritz_kopf"].card
        assert card in {c.id for c in content.missions_for("fritz_kopf")}
        assert "employment_office.3" in s.discarded and s.agents["fritz_kopf"].items == []
        assert events(g, "mission_taken")[-1].to is None and events(g, "mission_chosen")[-1].to == GERMAN
        drawn.add(card)
        g.check_invariants()
    assert len(drawn) > 1  # at random, not the player's choice


def test_the_typewriter_is_refused_to_a_holder_and_to_kloss():
    g = fc({"hans_kloss": COURTS, "jacek": COURTS}, {"hermann_brunner": GESTAPO})
    give_items(g, "jacek", "employment_office.3")
    give_mission(g, "jacek", "jacek.1")
    g.apply(A.Move("jacek", "administrative.s3"), POLISH)
    assert A.UseItem("jacek", "employment_office.3") not in g.legal_actions(POLISH)
    with pytest.raises(IllegalAction, match="already holds a mission card"):
        g.apply(A.UseItem("jacek", "employment_office.3"), POLISH)
    assert missions.typewriter_items(g.state, "hans_kloss") == []


# ------------------------------------------------------------------ the goals (P18)


def _visit_telephone(g):
    g.apply(A.Move("ingrid_heizer", HOTEL), POLISH)


def _visit_jail(g):
    g.apply(A.Move("jacek", JAIL), POLISH)


def _search_twice(g):
    g.apply(A.Search("glaubel"), GERMAN)
    g.apply(A.KeepItem(g.state.pending[0].items[0]), GERMAN)
    give_turn(g, GERMAN)
    g.state.agents["glaubel"].space = CAFE
    g.state.agents["glaubel"].ap_used = 0
    touch(g)
    g.apply(A.Search("glaubel"), GERMAN)
    found = g.state.pending[0].items[0]
    g.apply(A.UseAsEvidence(found, next(iter(content.item(found).evidence))), GERMAN)


def _hold_two(g):
    give_items(g, "ingrid_heizer", "hotel.1")
    g.apply(A.Search("ingrid_heizer"), POLISH)
    g.apply(A.KeepItem(g.state.pending[0].items[0]), POLISH)


def _find_a_weapon(g):
    on_top(g, "gestapo.1")
    g.apply(A.Search("jacek"), POLISH)
    g.apply(A.KeepItem("gestapo.1"), POLISH)


def _talk_yellow(g):
    dice(g, 6, 1, 1)  # the rank die passes (4 against 5), then a poor roll: the talk took place all the same
    g.apply(A.Converse("ingrid_heizer", "glaubel"), POLISH)


def _evidence_yellow(g):
    gain_evidence(g, GERMAN, "yellow", 5, "test")


def _cross_three_sectors(g):
    s = g.state
    missions.on_move(g, "christianson", route(s, "christianson", "administrative.s11"))


GOALS = {
    # goal key: (holder, card, part, Polish cast, German cast, the seat to act, the deed)
    "visit_telephone": ("ingrid_heizer", "ingrid_heizer.2", "basic", {"ingrid_heizer": "hitlerplatz.s3"},
                        {"glaubel": GESTAPO}, POLISH, _visit_telephone),
    "visit_location": ("jacek", "jacek.3", "basic", {"jacek": "police.s13"}, {"glaubel": HOTEL}, POLISH,
                       _visit_jail),
    "search_count": ("glaubel", "glaubel.3", "basic", {"jacek": COURTS}, {"glaubel": HOTEL}, GERMAN,
                     _search_twice),
    "hold_items": ("ingrid_heizer", "ingrid_heizer.3", "basic", {"ingrid_heizer": HOTEL}, {"glaubel": GESTAPO},
                   POLISH, _hold_two),
    "hold_weapon": ("jacek", "jacek.1", "basic", {"jacek": GESTAPO}, {"marta_becher": HOTEL}, POLISH,
                    _find_a_weapon),
    "talk_colour": ("ingrid_heizer", "ingrid_heizer.1", "basic", {"ingrid_heizer": HOTEL}, {"glaubel": HOTEL},
                    POLISH, _talk_yellow),
    "evidence_colour": ("marta_becher", "marta_becher.2", "special", {"ingrid_heizer": HOTEL},
                        {"marta_becher": GESTAPO}, GERMAN, _evidence_yellow),
    "assassinate_colour": ("jacek", "jacek.1", "special", {"jacek": HOTEL}, {"marta_becher": GESTAPO}, POLISH,
                           lambda g: missions.on_event(g, "jacek", "assassinate", colour="blue")),
    "arrest": ("glaubel", "glaubel.1", "special", {"jacek": HOTEL}, {"glaubel": GESTAPO}, GERMAN,
               lambda g: missions.on_event(g, "glaubel", "arrest")),
    "kidnap": ("jacek", "jacek.2", "special", {"jacek": HOTEL}, {"glaubel": GESTAPO}, POLISH,
               lambda g: missions.on_event(g, "jacek", "kidnap")),
    "discard_threats": ("fritz_kopf", "fritz_kopf.3", "basic", {"jacek": HOTEL}, {"fritz_kopf": GESTAPO}, GERMAN,
                        lambda g: missions.note_threat_removed(g, "fritz_kopf")),
    "cross_sectors": ("christianson", "christianson.3", "basic", {"christianson": "hitlerplatz.s16"},
                      {"glaubel": HOTEL}, POLISH, _cross_three_sectors),
}


def test_the_goal_table_covers_every_goal_of_the_catalogue():
    assert set(GOALS) == set(content.goals_catalogue())


@pytest.mark.parametrize("key", sorted(GOALS))
def test_goals(key):
    """P18 (the plan's table 1.4): each goal is reached by the deed after the card was taken; a special then
    completes at once (4 VP), a basic is banked and claimed (2 VP, P19)."""
    holder, card, part, polish, german, seat, deed = GOALS[key]
    g = fc(polish, german, first=seat)
    goal = getattr(missions.card(card), part)
    assert goal.key == key
    give_mission(g, holder, card)
    deed(g)
    s = g.state
    if part == "special":
        assert card in s.missions_done and holder not in s.missions
        assert s.vp[seat] == 4 and s.secrets[seat] == 1
        (done,) = events(g, "mission_completed")
        assert done.to is None and done.data["part"] == "special" and done.data["card"] == card
    else:
        assert missions.basic_banked(s, holder) and holder in s.missions
        assert events(g, "mission_banked")[-1].to == seat  # nothing is announced to the opponent (K12)
        give_turn(g, seat)
        g.apply(A.ClaimMission(holder), seat)
        assert card in s.missions_done and s.vp[seat] == 2 and s.secrets[seat] == 0
    g.check_invariants()


def test_a_goal_counts_only_after_the_card_was_taken():
    """P18: Ingrid stands in the hotel (a telephone) and holds two items when she takes a card; neither
    counts until she enters a telephone location again or gains an item."""
    g = fc({"hans_kloss": HOTEL, "ingrid_heizer": HOTEL}, {"glaubel": GESTAPO})
    give_items(g, "ingrid_heizer", "hotel.1", "hotel.2")
    g.apply(A.TakeMission("hans_kloss", "ingrid_heizer", "ingrid_heizer.2"), POLISH)
    assert not missions.basic_banked(g.state, "ingrid_heizer")
    if A.EndActivation() in g.legal_actions(POLISH):
        g.apply(A.EndActivation(), POLISH)
    give_turn(g, POLISH)
    g.apply(A.Move("ingrid_heizer", "hitlerplatz.s3"), POLISH)
    assert not missions.basic_banked(g.state, "ingrid_heizer")
    g.apply(A.Move("ingrid_heizer", HOTEL), POLISH)
    assert missions.basic_banked(g.state, "ingrid_heizer")
    held = give_mission(g, "ingrid_heizer", "ingrid_heizer.3")  # hold 2 items: she holds 2 already
    assert not missions.basic_banked(g.state, "ingrid_heizer") and held.most_items == 0


def test_a_basic_is_banked_and_claimed_or_left_for_the_special():
    """Mission Cards 4 and P19: Jacek's card "hold a weapon / liquidate the enemy blue agent" - the basic is
    banked when he keeps a weapon; the claim is no AP and no action, at any decision of his own turn, and
    never in the opponent's turn; left unclaimed, the special still completes the card (one reward)."""
    g = fc({"jacek": GESTAPO, "ingrid_heizer": HOTEL}, {"marta_becher": THEATRE, "glaubel": COURTS})
    give_mission(g, "jacek", "jacek.1")
    _find_a_weapon(g)
    s = g.state
    assert missions.basic_banked(s, "jacek")
    claim = A.ClaimMission("jacek")
    give_turn(g, GERMAN)
    assert claim not in g.legal_actions(GERMAN)
    with pytest.raises(IllegalAction):
        g.apply(claim, GERMAN)
    give_turn(g, POLISH)
    assert claim in g.legal_actions(POLISH)  # before any activation
    g.apply(A.Move("ingrid_heizer", "hitlerplatz.s3"), POLISH)
    assert claim in g.legal_actions(POLISH)  # in the middle of another agent's activation
    pool, used = s.pools[POLISH], s.agents["jacek"].ap_used
    # left for the special: the kill completes the card with its one reward
    missions.on_event(g, "jacek", "assassinate", colour="blue")
    touch(g)
    assert "jacek.1" in s.missions_done and s.vp[POLISH] == 4
    assert [e.data["part"] for e in events(g, "mission_completed")] == ["special"]
    assert claim not in g.legal_actions(POLISH)
    assert s.pools[POLISH] == pool and s.agents["jacek"].ap_used == used


def test_claiming_a_basic_pays_2_vp_and_frees_the_agent_for_another_card():
    """P19-P20: the claim ends the card (2 VP); the agent may then take another of his cards."""
    g = fc({"hans_kloss": GESTAPO, "jacek": GESTAPO}, {"marta_becher": THEATRE})
    give_mission(g, "jacek", "jacek.1")
    _find_a_weapon(g)
    give_turn(g, POLISH)
    g.apply(A.ClaimMission("jacek"), POLISH)
    s = g.state
    assert s.vp[POLISH] == 2 and s.missions_done == ["jacek.1"] and g.state.activation is None
    s.agents["jacek"].ap_used = 0
    touch(g)
    takes = {a.card for a in of_type(g.legal_actions(POLISH), A.TakeMission)}
    assert takes == {"jacek.2", "jacek.3"}
    assert g.view(GERMAN)["missions_done"][0]["card"] == "jacek.1"
    with pytest.raises(IllegalAction, match="holds no mission card"):
        g.apply(A.ClaimMission("jacek"), POLISH)


def test_special_gives_4_vp_and_a_secret_basic_2_vp():
    """Training Scenario 2 and P20: a special gives 4 VP and a secret that earns no conversation VP (3) and
    resets no track; a basic gives 2 VP."""
    g = fc({"ingrid_heizer": HOTEL}, {"marta_becher": GESTAPO, "glaubel": CAFE}, first=GERMAN)
    give_mission(g, "marta_becher", "marta_becher.2")  # bring the evidence against yellow to 5
    gain_evidence(g, GERMAN, "yellow", 4, "test")
    assert g.state.vp[GERMAN] == 0
    gain_evidence(g, GERMAN, "yellow", 1, "test")
    s = g.state
    assert s.vp[GERMAN] == 4 and s.secrets[GERMAN] == 1 and s.evidence[GERMAN]["yellow"] == 5
    assert [e.data["amount"] for e in events(g, "vp")] == [4]
    assert events(g, "mission_secret")[0].data["secrets"] == 1


def test_each_refused_mission_action_says_why():
    """The explanations of the new actions (docs: legal() and explain() walk the same rules)."""
    g = fc({"hans_kloss": COURTS, "jacek": COURTS}, {"hermann_brunner": GESTAPO, "glaubel": THEATRE})
    give_mission(g, "jacek", "jacek.3")
    with pytest.raises(IllegalAction, match="not reached yet"):
        g.apply(A.ClaimMission("jacek"), POLISH)
    with pytest.raises(IllegalAction, match="your own agents"):
        g.apply(A.ClaimMission("glaubel"), POLISH)
    with pytest.raises(IllegalAction, match="already holds a mission card"):
        g.apply(A.TakeMission("hans_kloss", "jacek", "jacek.1"), POLISH)
    del g.state.missions["jacek"]
    g.state.missions_done.append("jacek.1")
    touch(g)
    with pytest.raises(IllegalAction, match="not one of Jacek's mission cards still in play"):
        g.apply(A.TakeMission("hans_kloss", "jacek", "jacek.1"), POLISH)
    with pytest.raises(IllegalAction, match="agent of one's own network"):
        g.apply(A.TakeMission("hans_kloss", "glaubel", "glaubel.1"), POLISH)
    g.apply(A.TakeMission("hans_kloss", "jacek", "jacek.2"), POLISH)
    with pytest.raises(IllegalAction, match="already taken the action"):
        g.apply(A.TakeMission("hans_kloss", "jacek", "jacek.3"), POLISH)


def test_an_arrested_agent_counts_nothing_and_claims_nothing():
    """Release of the Arrested (intro) and P15: the arrested cannot complete missions."""
    g = fc({"jacek": GESTAPO}, {"marta_becher": THEATRE})
    held = give_mission(g, "jacek", "jacek.1")
    g.state.agents["jacek"].arrested = True
    touch(g)
    missions.on_event(g, "jacek", "assassinate", colour="blue")
    assert held.done == [] and "jacek" in g.state.missions
    held.weapon_gained = True
    touch(g)
    assert not missions.basic_banked(g.state, "jacek") and A.ClaimMission("jacek") not in g.legal_actions(POLISH)


# ------------------------------------------------------------------ what the opponent sees (P16, K12)


def test_the_opponent_sees_a_silhouette_until_the_card_is_completed():
    """P16 and K12: the owner sees the card; the opponent and onlookers a silhouette and the number of that
    agent's cards not done; the card id leaks nowhere; once completed it lies face up for both."""
    g = fc({"hans_kloss": COURTS, "jacek": COURTS}, {"hermann_brunner": GESTAPO, "marta_becher": THEATRE})
    g.apply(A.TakeMission("jacek", "jacek", "jacek.1"), POLISH)

    def jacek(seat):
        return next(a for a in g.view(seat)["agents"] if a["id"] == "jacek")["mission"]

    own = jacek(POLISH)
    assert own["card"] == "jacek.1" and own["special"]["key"] == "assassinate_colour" and not own["basic_banked"]
    for seat in (GERMAN, None):
        assert jacek(seat) == {"held": True, "hidden": True, "cards_left": 3}
        assert '"jacek.1"' in g.leak_probes(seat)
        text = json.dumps(g.view(seat))
        for probe in g.leak_probes(seat):
            assert probe not in text
    assert '"jacek.1"' not in g.leak_probes(POLISH)
    assert next(a for a in g.view(POLISH)["agents"] if a["id"] == "marta_becher")["mission"] == {
        "held": False, "cards_left": 3}
    missions.on_event(g, "jacek", "assassinate", colour="blue")
    for seat in (GERMAN, None, POLISH):
        assert {k: v for k, v in jacek(seat).items() if k != "choices"} == {"held": False, "cards_left": 2}
        assert [d["card"] for d in g.view(seat)["missions_done"]] == ["jacek.1"]
    assert not [p for p in g.leak_probes(GERMAN) if "jacek" in p]


def test_a_twin_changes_the_opponents_unrevealed_card_only_among_those_he_could_hold():
    """K12 and the plan 2.5: the twin swaps the other network's held card for another of that agent's cards
    left whose special the public facts have not reached; the seat's own card and a revealed one stay."""
    g = fc({"hans_kloss": COURTS, "jacek": COURTS}, {"hermann_brunner": GESTAPO, "marta_becher": THEATRE})
    give_mission(g, "jacek", "jacek.3")  # special: evidence against purple to 5
    give_mission(g, "marta_becher", "marta_becher.1")
    g.state.missions_done.append("jacek.2")
    g.state.missions["jacek"].evidence_peaks = {"purple": 5}  # jacek.3's special would be complete: not a twin
    g.state.missions["jacek"].card = "jacek.1"
    touch(g)
    rng = random.Random(3)
    for _ in range(10):
        twin = make_twin(g, GERMAN, rng)
        assert twin.state.missions["jacek"].card == "jacek.1"  # jacek.2 done, jacek.3 reached: only jacek.1
        assert twin.state.missions["marta_becher"].card == "marta_becher.1"
        check_position(g, twin, GERMAN)
    give_mission(g, "jacek", "jacek.3")
    seen = set()
    for _ in range(20):
        twin = make_twin(g, GERMAN, rng)
        seen.add(twin.state.missions["jacek"].card)
        check_position(g, twin, GERMAN)
        twin_p = make_twin(g, POLISH, rng)
        assert twin_p.state.missions["jacek"].card == "jacek.3"
        seen_m = twin_p.state.missions["marta_becher"].card
        assert seen_m in {"marta_becher.1", "marta_becher.2", "marta_becher.3"}
    assert seen == {"jacek.1", "jacek.3"}
    g.state.missions["jacek"].revealed = True
    touch(g)
    assert all(make_twin(g, GERMAN, rng).state.missions["jacek"].card == "jacek.3" for _ in range(5))


def test_a_goal_out_of_reach_in_this_scenario_is_marked_but_the_card_may_be_taken():
    """P21: jacek.2's basic names the enemy purple agent, whom First Clash does not have."""
    g = fc({"hans_kloss": COURTS, "jacek": COURTS}, {"hermann_brunner": GESTAPO, "marta_becher": THEATRE})
    view = next(a for a in g.view(POLISH)["agents"] if a["id"] == "jacek")["mission"]
    choices = {c["card"]: c for c in view["choices"]}
    assert set(choices) == set(JACEK)
    assert choices["jacek.2"]["basic"]["possible"] is False and choices["jacek.1"]["special"]["possible"] is True
    assert "choices" not in next(a for a in g.view(GERMAN)["agents"] if a["id"] == "jacek")["mission"]
    assert A.TakeMission("jacek", "jacek", "jacek.2") in g.legal_actions(POLISH)


# ------------------------------------------------------------------ the BASIC rules are untouched


def test_meeting_offers_no_mission_and_shows_no_mission_keys():
    """K11: missions are EXTENDED; Meeting plays as before."""
    g = activation_position(new_game())
    cast(g, {"hans_kloss": HOTEL, "jacek": HOTEL}, {"glaubel": "hitlerplatz.s1"})
    legal = g.legal_actions(POLISH)
    assert not of_type(legal, (A.TakeMission, A.ClaimMission))
    with pytest.raises(IllegalAction, match="EXTENDED rules"):
        g.apply(A.TakeMission("hans_kloss", "jacek", "jacek.1"), POLISH)
    v = g.view(POLISH)
    assert v["missions_done"] is None and all(a["mission"] is None for a in v["agents"])
