""""I Know Who You Are": the radio station (rulebook L541-L581; K12; rulings F5-F11 of docs/stawka-film-plan.md).

Positions are built by hand on the printed set-up: the station hidden at the market (city), Kloss walked there.
"""

from __future__ import annotations

import json
import random

import pytest

from barclay_desktop.rules.stawka import actions as A
from barclay_desktop.rules.stawka import assassination, film, flow, radio, radio_view, scenario_rules
from barclay_desktop.rules.stawka.state import GERMAN, POLISH
from tests.stawka_helpers import events, give_items, new_game, place, plan, touch

SID = "i_know_who_you_are"
STATION = "city.market"
ELSEWHERE = "city.tenement"


def hidden_game(seed: int = 1, at: str = STATION):
    g = new_game(seed, scenario=SID)
    g.apply(A.HideRadio(at), POLISH)
    return g


def at_activations(seed: int = 1):
    """Stage 1, activation, the Polish player to act, no threat tokens on the board, empty card hands."""
    g = hidden_game(seed)
    plan(g, "polish_4", "german_5")
    while g.state.phase == "threats":
        seat = g.current_seat()
        g.apply(g.legal_actions(seat)[0], seat)
    s = g.state
    for sp, t in list(s.threats.items()):
        s.threat_pool[t.side].append(t.id)
        del s.threats[sp]
    for x in (POLISH, GERMAN):
        s.location_deck[x] = sorted(s.location_deck[x] + s.location_hand[x])
        s.location_hand[x] = []
        s.reaction_deck += s.reaction_hand.get(x, [])
        s.reaction_hand[x] = []
    s.pending = []
    s.turn = POLISH
    s.pools = {POLISH: 11, GERMAN: 11}
    touch(g)
    return g


def ready_to_transmit(g, secrets: int = 2):
    g.state.secrets[POLISH] = secrets
    place(g, "hans_kloss", STATION)
    return g


def transmitting(seed: int = 1):
    g = ready_to_transmit(at_activations(seed))
    g.apply(A.Transmit("hans_kloss"), POLISH)
    return g


def end_stage(g):
    """Both give up: the stage ends (then the next one's planning, or the game's end)."""
    s = g.state
    if s.activation is not None:
        s.activation = None
    for seat in (POLISH, GERMAN):
        s.gave_up[seat] = False
    touch(g)
    while g.state.phase == "activation" and g.state.result is None:
        g.apply(A.GiveUp(), g.current_seat())


def test_f5_the_polish_player_hides_the_station_before_stage_1_outside_police_and_military():
    """L556: "a location in any sector except the police and military sectors"; F5: before stage 1's planning."""
    g = new_game(scenario=SID)
    assert g.current_seat() == POLISH and g.state.pending[0].kind == "hide_radio"
    spots = [a.location for a in g.legal_actions(POLISH)]
    assert len(spots) == 8 and not [x for x in spots if x.split(".")[0] in ("police", "military")]
    assert A.ChoosePlan("polish_4") not in g.legal_actions(POLISH)
    assert "radio station" in str(g.explain_illegal(POLISH, A.HideRadio("police.gestapo"))).lower()
    g.apply(A.HideRadio(STATION), POLISH)
    assert g.state.radio["location"] == STATION and not g.state.pending
    assert isinstance(g.legal_actions(POLISH)[0], A.ChoosePlan)
    g.check_state()


def test_k12_the_german_view_and_log_never_name_the_hidden_station():
    """K12 ("the radio station's location"); plan section 3: the marker reaches the Polish view only."""
    g = hidden_game()
    probes = g.leak_probes(GERMAN)
    assert radio.tag(STATION) in " ".join(probes) and radio.sector_tag("city") in " ".join(probes)
    german, polish = json.dumps(g.view(GERMAN)), json.dumps(g.view(POLISH))
    assert all(p.strip('"') not in german for p in radio_view.leak_probes(g.state, GERMAN))
    assert radio.tag(STATION) in polish and g.view(POLISH)["radio"]["hidden_at"] == STATION
    assert "hidden_at" not in g.view(GERMAN)["radio"] and g.view(GERMAN)["radio"]["location"] is None
    assert not radio_view.leak_probes(g.state, POLISH)


@pytest.mark.parametrize("case", ["one secret", "another agent", "away", "twice"])
def test_f6_transmit_is_refused_without_two_secrets_kloss_the_station_or_a_free_action(case):
    """L563: "When the Polish Player has gathered two secrets ... go with Kloss to the location ... (cost 1 AP)"."""
    g = ready_to_transmit(at_activations(), secrets=1 if case == "one secret" else 2)
    who = "jacek" if case == "another agent" else "hans_kloss"
    if case == "another agent":
        place(g, "jacek", STATION)
    if case == "away":
        place(g, "hans_kloss", ELSEWHERE)
    if case == "twice":
        g.apply(A.Transmit("hans_kloss"), POLISH)
        g.state.turn, g.state.activation = POLISH, None
        touch(g)
    assert A.Transmit(who) not in g.legal_actions(POLISH)
    assert str(g.explain_illegal(POLISH, A.Transmit(who)))


def test_f6_transmitting_costs_1_ap_and_makes_the_station_public():
    """L558, L563: "He then places the radio station token in the location and from that moment its position is
    public"."""
    g = ready_to_transmit(at_activations())
    pool = g.state.pools[POLISH]
    assert g.view(POLISH)["radio"]["transmit"] == ["hans_kloss"]
    g.apply(A.Transmit("hans_kloss"), POLISH)
    r = g.view(GERMAN)["radio"]
    assert r["public"] and r["location"] == STATION and r["transmitting_since"] == 1 and r["wins_at_end_of"] == 2
    assert g.state.pools[POLISH] == pool - 1 and g.state.secrets[POLISH] == 2  # F6: the secrets are not spent
    assert not radio_view.leak_probes(g.state, GERMAN)
    g.check_state()


def test_f7_an_unbroken_transmission_wins_at_the_end_of_the_next_stage():
    """L565: "If by the end of the second stage, counted from the start of transmitting ... the Polish Player"."""
    g = transmitting()
    end_stage(g)
    assert g.state.result is None and g.state.stage == 2
    plan(g, "polish_5", "german_4")
    while g.state.phase == "threats":
        g.apply(g.legal_actions(g.current_seat())[0], g.current_seat())
    end_stage(g)
    assert g.state.result.winner == POLISH and g.state.result.kind == "transmitted"


@pytest.mark.parametrize("begun,wins", [(7, True), (8, False)])
def test_f7_begun_in_stage_7_it_wins_at_stage_8s_end_begun_in_stage_8_it_cannot(begun, wins):
    """F7: the check comes before the time-out; L577 "before the end of the 8th stage"."""
    g = transmitting()
    g.state.stage = 8
    g.state.radio["since"] = begun
    touch(g)
    end_stage(g)
    assert (g.state.result.kind == "transmitted") is wins


def test_f8_walking_away_breaks_the_transmission_and_a_restart_counts_anew():
    """L563: "If the connection is broken, Kloss must initiate transmitting the report again, and the
    transmission time is counted anew"."""
    g = transmitting()
    g.apply(A.Move("hans_kloss", g.legal_actions(POLISH)[0].to), POLISH)
    assert g.state.radio["since"] == 0 and events(g, "radio_broken") and g.state.radio["public"]
    end_stage(g)
    assert g.state.result is None
    plan(g, "polish_5", "german_4")
    while g.state.phase == "threats":
        g.apply(g.legal_actions(g.current_seat())[0], g.current_seat())
    s = g.state
    for sp, t in list(s.threats.items()):
        s.threat_pool[t.side].append(t.id)
        del s.threats[sp]
    s.pending, s.turn = [], POLISH
    place(g, "hans_kloss", STATION)
    g.apply(A.Transmit("hans_kloss"), POLISH)
    assert g.state.radio["since"] == 2
    end_stage(g)
    assert g.state.result is None  # begun anew in stage 2: it would win at stage 3's end


def test_f8_another_polish_agent_keeps_the_connection_and_a_kill_breaks_it():
    """F8: the station's space must hold a free Polish agent; liquidated agents leave (P26)."""
    g = transmitting()
    place(g, "jacek", STATION)
    g.apply(A.Move("hans_kloss", g.legal_actions(POLISH)[0].to), POLISH)
    assert g.state.radio["since"] == 1
    assassination.liquidate(g, "jacek")
    film.after_action(g)
    assert g.state.radio["since"] == 0


def test_f9_german_secrets_give_the_clue_then_the_sector_then_the_location():
    """L567-L571: the first secret, two sectors one of which hides it; the second, the sector; the third, it."""
    g = at_activations()
    flow.gain_secret(g, GERMAN, "jacek")
    p = g.state.pending[0]
    assert p.kind == "radio_clue" and p.seat == POLISH and g.current_seat() == POLISH
    decoys = [a.face for a in g.legal_actions(POLISH)]
    assert sorted(decoys) == ["administrative", "railway"]  # not the station's own, not police or military
    g.apply(A.NameClue("railway"), POLISH)
    assert g.view(GERMAN)["radio"]["clue"] == ["city", "railway"]  # sorted: the order says nothing
    flow.gain_secret(g, GERMAN, "jacek")
    assert g.view(GERMAN)["radio"]["sector"] == "city" and not g.view(GERMAN)["radio"]["public"]
    assert radio.sector_tag("city") not in " ".join(g.leak_probes(GERMAN))
    flow.gain_secret(g, GERMAN, "jacek")
    r = g.view(GERMAN)["radio"]
    assert r["located"] and r["public"] and r["location"] == STATION
    g.check_state()


def test_f9_secrets_after_a_transmission_began_do_not_count_even_once_broken():
    """L567: "provided the Polish Player has not yet begun transmitting the report"."""
    g = transmitting()
    g.state.radio["since"] = 0  # broken since
    flow.gain_secret(g, GERMAN, "jacek")
    assert g.state.radio["count"] == 0 and not g.state.pending


def test_f10_at_the_public_station_a_german_with_a_weapon_attacks_without_a_mission_and_nowhere_else():
    """L573: "the German agents may perform assassinations (they must hold a weapon)"; F10: on the station."""
    g = transmitting()
    give_items(g, "heinrich_vogel", "abwehr.3")  # a weapon, bonus 2
    place(g, "heinrich_vogel", STATION)
    place(g, "jacek", STATION)
    assert ("jacek", "abwehr.3") in assassination.attack_options(g.state, "heinrich_vogel")
    assert ("hans_kloss", "abwehr.3") in assassination.attack_options(g.state, "heinrich_vogel")
    place(g, "heinrich_vogel", ELSEWHERE)
    place(g, "jacek", ELSEWHERE)
    assert assassination.attack_options(g.state, "heinrich_vogel") == []
    g2 = at_activations()  # hidden, not public: no attack at the station either
    give_items(g2, "heinrich_vogel", "abwehr.3")
    place(g2, "heinrich_vogel", STATION)
    place(g2, "jacek", STATION)
    assert assassination.attack_options(g2.state, "heinrich_vogel") == []


def test_f10_stedtke_arrests_at_the_public_station_without_evidence_but_never_kloss():
    """L573: "Stedtke may try to arrest every Polish agent in the location with the radio station (he need not
    have evidence)"; Arrest 1: Kloss is never arrested."""
    g = transmitting()
    s = g.state
    s.turn = GERMAN
    s.activation = None
    place(g, "stedtke", STATION)
    place(g, "jacek", STATION)
    assert s.evidence[GERMAN]["purple"] == 0
    legal = g.legal_actions(GERMAN)
    assert A.Arrest("stedtke", "jacek") in legal and A.Arrest("stedtke", "hans_kloss") not in legal
    place(g, "stedtke", ELSEWHERE)
    place(g, "jacek", ELSEWHERE)
    assert A.Arrest("stedtke", "jacek") not in g.legal_actions(GERMAN)


@pytest.mark.parametrize("located,vp,winner,kind", [
    (True, {POLISH: 3, GERMAN: 0}, GERMAN, "located"),
    (False, {POLISH: 1, GERMAN: 2}, GERMAN, "vp"),
    (False, {POLISH: 2, GERMAN: 1}, POLISH, "vp"),
    (False, {POLISH: 1, GERMAN: 1}, None, "draw"),
])
def test_f11_the_time_out_located_then_vp_then_a_draw(located, vp, winner, kind):
    """L577-L581: no report by the end of stage 8: located by the German -> he wins; else more VP; equal: draw."""
    g = at_activations()
    s = g.state
    s.stage = 8
    s.radio.update(located=located, public=located, count=3 if located else 0)
    s.vp = dict(vp)
    touch(g)
    end_stage(g)
    assert s.result.winner == winner and s.result.kind == kind


def test_the_twin_moves_the_station_only_within_what_the_german_was_told():
    """Plan section 3: a scramble keeps an eligible location inside the named faces, then inside the sector."""
    g = at_activations()
    flow.gain_secret(g, GERMAN, "jacek")
    g.apply(A.NameClue("railway"), POLISH)
    rng = random.Random(5)
    seen = set()
    for _ in range(40):
        twin = g.state.clone()
        radio_view.scramble(twin, GERMAN, rng)
        seen.add(twin.radio["location"])
    assert seen <= set(radio.eligible_locations(g.state)) and {x.split(".")[0] for x in seen} == {"city", "railway"}
    twin = g.state.clone()
    radio_view.scramble(twin, POLISH, rng)
    assert twin.radio["location"] == STATION  # the owner's own world is never changed


def test_the_rules_block_is_checked():
    """Plan 2.1: the "radio_station" block is read by scenario_rules and refused with a reason when damaged."""
    block = dict(scenario_rules.scenario_rules(SID)["radio_station"])
    assert block["station_arrester"] == "stedtke" and list(block["forbidden_faces"]) == ["police", "military"]
    with pytest.raises(ValueError, match="secrets_to_transmit"):
        radio.check_block({**block, "secrets_to_transmit": 0}, SID)
    assert SID in scenario_rules.playable_scenarios()


def test_l581_a_basic_mission_is_1_vp_and_evidence_beyond_10_from_a_conversation_is_vp():
    """L581: "1 VP for completing a basic mission"; F1: each piece beyond 10 is 1 VP here."""
    rules = scenario_rules.scenario_rules(SID)
    assert dict(rules["vp"]) == {"basic_mission": 1, "special_mission": 0, "secret": 0}
    g = at_activations()
    g.state.evidence[POLISH]["purple"] = 9
    flow.gain_evidence(g, POLISH, "purple", 3, "test", source="conversation")
    assert g.state.vp[POLISH] == 2


# ------------------------------------------------------------------ the Easy player (plan step 5)


def _easy(seat, g):
    from barclay_desktop import ai

    return ai.make_player("stawka", "easy", seed=1).choose(g.view(seat), g.legal_actions(seat))


def test_easy_hides_the_station_away_from_the_german_agents_and_transmits_when_it_can_finish():
    """F5 and F7 for the Easy player: an eligible spot not next to a German start; transmit before the last stage,
    never in it (begun in stage 8 it cannot win)."""
    g = new_game(scenario=SID)
    choice = _easy(POLISH, g)
    assert isinstance(choice, A.HideRadio)
    starts = {a.space for a in g.state.agents.values() if a.side == GERMAN}
    assert choice.location in radio.eligible_locations(g.state) and choice.location not in starts
    g = ready_to_transmit(at_activations())
    assert _easy(POLISH, g) == A.Transmit("hans_kloss")
    g.state.stage = 8
    touch(g)
    assert _easy(POLISH, g) != A.Transmit("hans_kloss")


def test_easy_keeps_its_guard_on_the_station_and_the_german_arrests_the_last_one():
    """F8, F10 for the Easy player: Kloss does not walk away from his transmission; Stedtke arrests the only
    guard there without evidence."""
    g = transmitting()
    assert not isinstance(_easy(POLISH, g), A.Move)
    s = g.state
    s.turn, s.activation = GERMAN, None
    place(g, "hans_kloss", ELSEWHERE)
    place(g, "jacek", STATION)
    place(g, "stedtke", STATION)
    assert _easy(GERMAN, g) == A.Arrest("stedtke", "jacek")


# ------------------------------------------------------------------ saves and the twin (plan section 3)


def test_a_save_round_trips_the_radio_station_before_and_after_it_is_hidden_and_transmitting():
    """The `radio` field is saved: the hide decision, a hidden station and a transmission load with the same state
    and the same legal moves."""
    for g in (new_game(scenario=SID), hidden_game(), transmitting()):
        data = json.loads(json.dumps(g.to_json()))
        again = g.__class__.from_json(data)
        again.check_state()
        assert again.state.radio == g.state.radio and again.state.pending == g.state.pending
        seat = g.current_seat()
        assert again.legal_actions(seat) == g.legal_actions(seat)


def test_k12_no_probe_in_the_german_view_or_log_and_the_twin_agrees():
    """K12: the German view and events carry no marker of the hidden station; the twin (station moved within
    what the German seat was told) gives the same views, log and legal actions for every seat."""
    from barclay_desktop.rules.core.twin import check_position, make_twin

    g = at_activations()
    flow.gain_secret(g, GERMAN, "jacek")
    g.apply(A.NameClue("administrative"), POLISH)
    rng = random.Random(5)
    for seat in (GERMAN, None):
        text = json.dumps(g.view(seat), default=str) + json.dumps([e.data for e in g.events_for(seat)], default=str)
        assert g.leak_probes(seat) and all(p.strip('"') not in text for p in g.leak_probes(seat) if "radio" in p)
    for seat in (POLISH, GERMAN, None):
        check_position(g, make_twin(g, seat, rng), seat)


def test_the_german_player_is_told_the_polish_player_is_hiding_the_station():
    """F5, plan section 3 (hot-seat): the waiting line names the decision, never the place."""
    g = new_game(scenario=SID)
    assert "hiding the radio station" in str(g.prompt(GERMAN))
