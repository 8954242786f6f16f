"""Issue 36, step 4 (docs/stawka-film-plan.md sections 1.3, 2 and 6): the film scenario "Top Secret" in the engine.

Rulebook /work/shared/rules/stawka.en.txt, Film Scenario: Top Secret, L613-L667: Pulkowski's interrogation (L625-L627),
the reinforced factory security (L631), the Black Audi (L633-L639), Top Secret cards (L641-L643), missions and
secrets (L645-L659), victory (L661-L667). Rulings K2, K3, K12 (RULINGS.md part K) and the film plan's F1, F2, F4,
F17-F28 (adopted, docs/stawka-rules-notes.md).
"""

from __future__ import annotations

import pytest

from barclay_desktop.rules.stawka import actions as A
from barclay_desktop.rules.stawka import car, flow, missions, pulkowski, vehicle
from barclay_desktop.rules.stawka.game import StawkaGame
from barclay_desktop.rules.stawka.state import GERMAN, POLISH, SIDES
from tests.stawka_helpers import dice, events, give_items, new_game, plan, put_threat, set_out_threats, touch

SID = "top_secret"
FACTORY, BARRACKS = "factory.factory", "military.barracks"
NEAR_FACTORY = "factory.s10"  # the factory's only street (locations are dead ends)
NEAR_BARRACKS = "military.s9"
AUDI = "black_audi"


def ts_game(seed: int = 1, first: str = POLISH) -> StawkaGame:
    """Stage 1's activations of the printed set-up (L619-L621), `first` to act, no token on the board but the
    factory's check (F18), no location card in hand."""
    g = StawkaGame.new({"scenario": SID}, seed=seed)
    plan(g, "polish_4", "german_5") if first == POLISH else plan(g, "polish_5", "german_4")
    set_out_threats(g)
    s = g.state
    for sp, t in list(s.threats.items()):
        if not t.fixed:
            s.threat_pool[t.side].append(t.id)
            del s.threats[sp]
    for x in SIDES:
        s.location_deck[x] = sorted(s.location_deck[x] + s.location_hand[x])
        s.location_hand[x] = []
    s.pending = []
    touch(g)
    assert s.turn == first and s.phase == "activation"
    return g


def turn(g, seat: str, pool: int = 11) -> None:
    g.state.turn = seat
    g.state.activation = None
    g.state.pools[seat] = pool
    touch(g)


def stand(g, agent_id: str, space: str) -> None:
    g.state.agents[agent_id].space = space
    touch(g)


def end_the_stage(g, *rolls: int) -> None:
    """Both players give up; `rolls` are the dice of the stage's end (Pulkowski's interrogation)."""
    dice(g, *rolls)
    stage = g.state.stage
    while g.state.result is None and g.state.stage == stage and g.state.phase == "activation":
        g.apply(A.GiveUp(), g.current_seat())


def aboard(g, space: str = FACTORY) -> None:
    """Pulkowski broken and in the Audi on `space` (F21), by hand."""
    s = g.state
    s.pulkowski.update(broken=True, broken_stage=1, aboard=True)
    s.vehicle["space"] = space
    touch(g)


# ------------------------------------------------------------------ the set-up (L621, L631, F18, F27)


def test_the_rules_block_makes_top_secret_playable_with_15_stages():
    """Plan 2.1: the block names "pulkowski"; 15 stages (L663, F4); no VP (F25); a secret resets no track (L659)."""
    from barclay_desktop.rules.stawka.scenario_rules import playable_scenarios, scenario_rules

    rules = scenario_rules(SID)
    assert SID in playable_scenarios() and rules["special"] == "pulkowski"
    assert rules["vp"] is None and not rules["secret_resets_track"] and rules["overflow"]["gives"] == "top_secret_bonus"
    assert StawkaGame.new({"scenario": SID}, seed=2).state.stages == 15


def test_a_malformed_pulkowski_block_is_refused_with_a_reason():
    """Plan 2.1: the block is checked before a game starts."""
    with pytest.raises(ValueError, match="lacks"):
        pulkowski.check_block({"location": "factory"}, SID)
    block = dict(pulkowski.block(new_game(scenario=SID).state))
    with pytest.raises(ValueError, match="no location"):
        pulkowski.check_block({**block, "goal": "moon_base"}, SID)


def test_the_minus_3_check_lies_face_up_on_the_factory_out_of_the_german_pool():
    """L631, F18: "places it face up on the factory space"; 17 German tokens left in the pool, 18 Polish."""
    s = new_game(scenario=SID).state
    t = s.threats[FACTORY]
    assert t.side == GERMAN and t.revealed and t.fixed and t.id == "german.6"
    assert len(s.threat_pool[GERMAN]) == 17 and len(s.threat_pool[POLISH]) == 18
    assert s.vehicle["space"] == BARRACKS and not s.pulkowski["broken"]  # L621: the Audi starts in the barracks


def test_a_save_keeps_the_fixed_check_the_audi_and_pulkowski():
    """Saves: the new fields survive a round trip."""
    g = ts_game()
    aboard(g, NEAR_FACTORY)
    g2 = StawkaGame.from_json(g.to_json())
    assert g2.state.threats[FACTORY].fixed and g2.state.vehicle["space"] == NEAR_FACTORY
    assert g2.state.pulkowski["aboard"]


def test_meeting_shows_no_pulkowski_nor_audi():
    """Nothing changes below its scenario (plan section 2): the view keys are None elsewhere."""
    g = new_game()
    v = g.view(POLISH)
    assert v["pulkowski"] is None and v["vehicle"] is None and not g.state.vehicle


# ------------------------------------------------------------------ infiltration (L631, F18)


def test_a_polish_entry_takes_the_check_and_the_token_stays():
    """F18: tested by every Polish entry with P5's choices; never removed; the agent has infiltrated."""
    g = ts_game()
    stand(g, "barbara_reczko", NEAR_FACTORY)
    g.apply(A.Move("barbara_reczko", FACTORY), POLISH)
    assert g.state.pending[0].kind == "document_check"
    dice(g, 6, 6)  # 12 - 3 = 9 above Alertness 6
    g.apply(A.TryCheck(None), POLISH)
    s = g.state
    assert s.agents["barbara_reczko"].space == FACTORY and s.threats[FACTORY].fixed
    assert s.pulkowski["infiltrated"] == ["barbara_reczko"]
    assert A.DiscardThreat("barbara_reczko", FACTORY) not in g.legal_actions(POLISH)  # never discarded


def test_a_failed_check_leaves_the_token_too():
    """F18: the check stays whatever the result; the agent stays out and has not infiltrated."""
    g = ts_game()
    stand(g, "barbara_reczko", NEAR_FACTORY)
    g.apply(A.Move("barbara_reczko", FACTORY), POLISH)
    dice(g, 1, 2)
    g.apply(A.TryCheck(None), POLISH)
    assert g.state.threats[FACTORY].fixed and g.state.agents["barbara_reczko"].space == NEAR_FACTORY
    assert g.state.pulkowski["infiltrated"] == []


def test_a_card_entry_takes_the_check_once_and_goes_on():
    """F18 with A26: a location card's move into the factory is checked as an entry; passed, the agent goes in
    (the check, which stays, is not asked again)."""
    g = ts_game()
    s = g.state
    s.location_deck[POLISH].remove("polish.railway_station")
    s.location_hand[POLISH].append("polish.railway_station")
    touch(g)
    g.apply(A.UseLocationCard("polish.railway_station", "kazik", "", FACTORY), POLISH)
    assert s.pending[0].kind == "document_check"
    dice(g, 6, 6)  # 12 - 3 = 9 above Kazik's Alertness 5
    g.apply(A.TryCheck(None), POLISH)
    assert s.agents["kazik"].space == FACTORY and s.threats[FACTORY].fixed
    assert not any(p.kind == "document_check" for p in s.pending) and s.pulkowski["infiltrated"] == ["kazik"]


def test_each_infiltrator_counts_once_and_still_after_leaving():
    """L631: "Each Polish agent can introduce a maximum of one modification (-3) ... need not stay in the factory"."""
    g = ts_game()
    stand(g, "kazik", FACTORY)
    pulkowski.note_infiltrators(g)
    pulkowski.note_infiltrators(g)
    stand(g, "kazik", NEAR_FACTORY)
    pulkowski.note_infiltrators(g)
    assert g.state.pulkowski["infiltrated"] == ["kazik"] and pulkowski.modifier_of_infiltrators(g.state) == -3


def test_german_agents_do_not_infiltrate():
    """F18: German agents ignore the check and count for nothing."""
    g = ts_game()
    stand(g, "puschke", FACTORY)
    pulkowski.note_infiltrators(g)
    assert g.state.pulkowski["infiltrated"] == []


# ------------------------------------------------------------------ the interrogation (L627, F17)


def test_the_roll_at_each_stage_end_adds_stage_minus_1_and_minus_3_per_infiltrator():
    """L627 / F17: 2d6 + (stage - 1) - 3k; 12 or more breaks him; public."""
    g = ts_game()
    g.state.stage = 4
    g.state.pulkowski["infiltrated"] = ["kazik"]
    end_the_stage(g, 6, 4)  # 10 + 3 - 3 = 10
    roll = events(g, "dice")[-1]
    assert roll.data["roll"] == "pulkowski" and roll.data["total"] == 10 and not g.state.pulkowski["broken"]


def test_twelve_breaks_him_and_he_is_not_rolled_again():
    """L627: "at least 12"; F17: only while he is not broken."""
    g = ts_game()
    g.state.stage = 3
    end_the_stage(g, 5, 5)  # 10 + 2 = 12
    assert g.state.pulkowski["broken"] and g.state.pulkowski["broken_stage"] == 3
    plan(g, "polish_3", "german_3")
    set_out_threats(g)
    while g.state.pending:  # stage D's discard, if any
        g.apply(g.legal_actions(g.current_seat())[0], g.current_seat())
    before = len([e for e in events(g, "dice") if e.data.get("roll") == "pulkowski"])
    end_the_stage(g)
    assert len([e for e in events(g, "dice") if e.data.get("roll") == "pulkowski"]) == before


# ------------------------------------------------------------------ boarding (L637, F21)


def test_he_boards_at_the_stage_end_only_with_the_audi_on_the_factory():
    """F21: broken, and the Audi on the factory at the end of the stage; then it carries him."""
    g = ts_game()
    g.state.pulkowski["broken"] = True
    g.state.vehicle["space"] = NEAR_FACTORY
    end_the_stage(g)
    assert not g.state.pulkowski["aboard"]
    g = ts_game()
    g.state.pulkowski["broken"] = True
    g.state.vehicle["space"] = FACTORY
    end_the_stage(g)
    assert g.state.pulkowski["aboard"] and vehicle.carrying(g.state)


# ------------------------------------------------------------------ the drive (L635, F19, F20)


def test_the_audi_drives_on_streets_open_to_both_and_into_the_factory_and_barracks_only():
    """L635, F20: street spaces, the factory and the barracks; never a German-only path (police)."""
    from barclay_desktop.rules.stawka.scenario import board_for_scenario

    g = ts_game()
    b = board_for_scenario(SID)
    graph = vehicle.graph(g.state)
    assert {sp for sp in graph if b.spaces[sp].kind == "location"} == {FACTORY, BARRACKS}
    for sp, near in graph.items():
        assert set(near) <= set(b.neighbours(sp, None))
    assert "police.s4" not in graph["police.s13"]  # the German-only police path


def test_the_audi_is_activated_from_the_german_pool_up_to_5_ap():
    """L635 / F19: AP limit 5, from the German pool; movement alone covers two spaces at least (L211)."""
    g = ts_game(first=GERMAN)
    legal = g.legal_actions(GERMAN)
    assert A.Drive(NEAR_BARRACKS) in legal  # one space: it can drive on afterwards
    assert A.Drive("military.s8") in legal and all(
        vehicle.drive_options(g.state)[a.to] <= 5 for a in legal if isinstance(a, A.Drive))
    pool = g.state.pools[GERMAN]
    g.apply(A.Drive("military.s8"), GERMAN)
    s = g.state
    assert s.vehicle["space"] == "military.s8" and s.pools[GERMAN] == pool - 2 and s.vehicle["ap_used"] == 2
    assert vehicle.active(s) and A.EndActivation() in g.legal_actions(GERMAN)
    assert not any(isinstance(a, A.Move) for a in g.legal_actions(GERMAN))  # one activation at a time
    g.apply(A.EndActivation(), GERMAN)
    assert not vehicle.active(g.state) and g.state.turn == POLISH


def test_the_audi_ignores_tokens_before_boarding_and_stops_on_them_after():
    """L637 / F21: "ignores threat tokens" until Pulkowski is aboard; then a Polish token stops it (P3)."""
    g = ts_game(first=GERMAN)
    put_threat(g, NEAR_BARRACKS, "polish.1")  # a thief: nothing for a car
    assert A.Drive("military.s8") in g.legal_actions(GERMAN)
    aboard(g, BARRACKS)
    g.state.pulkowski["aboard"] = True
    touch(g)
    drives = {a.to for a in g.legal_actions(GERMAN) if isinstance(a, A.Drive)}
    assert drives == {NEAR_BARRACKS}


def test_an_alarm_goes_off_under_the_carrying_audi():
    """F21: alarm as printed (the German pool loses 2), the token leaves the game (P7)."""
    g = ts_game(first=GERMAN)
    put_threat(g, "military.s8", "polish.12")
    aboard(g, BARRACKS)
    pool = g.state.pools[GERMAN]
    g.apply(A.Drive("military.s8"), GERMAN)
    s = g.state
    assert "military.s8" not in s.threats and "polish.12" in s.threats_removed and s.pools[GERMAN] == pool - 2 - 2


def test_confusion_ends_the_audis_activation():
    """F21: confusion and cauldron end its activation."""
    g = ts_game(first=GERMAN)
    put_threat(g, "military.s8", "polish.4")
    aboard(g, BARRACKS)
    g.apply(A.Drive("military.s8"), GERMAN)
    assert not vehicle.active(g.state) and g.state.turn == POLISH


def test_the_carrying_audi_may_discard_a_token_against_alertness_7_with_the_german_overflow():
    """F21: the discard-threat action against Alertness 7; F1 (L659): German evidence beyond 10 adds to it."""
    g = ts_game(first=GERMAN)
    put_threat(g, "military.s8", "polish.1")
    aboard(g, BARRACKS)
    g.state.overflow[GERMAN] = 1
    g.apply(A.Drive("military.s8"), GERMAN)
    assert A.DiscardThreat(AUDI, "military.s8") in g.legal_actions(GERMAN)
    dice(g, 3, 4)  # 7 + 1 = 8 above 7
    g.apply(A.DiscardThreat(AUDI, "military.s8"), GERMAN)
    assert "military.s8" not in g.state.threats


def test_polish_tokens_are_not_set_out_on_the_audis_space():
    """F19: Polish tokens may not be set out on its space."""
    from barclay_desktop.rules.stawka.threats import setout_spaces

    g = ts_game()
    g.state.vehicle["space"] = NEAR_BARRACKS
    assert NEAR_BARRACKS not in setout_spaces(g.state, POLISH)


# ------------------------------------------------------------------ victory (L663, L665, F4, F22)


def test_delivering_pulkowski_to_the_barracks_wins_for_the_german_player():
    """L663 / F22: the Audi carrying Pulkowski enters the barracks."""
    g = ts_game(first=GERMAN)
    aboard(g, "military.s8")
    g.apply(A.Drive(BARRACKS), GERMAN)
    assert g.state.result.winner == GERMAN and g.state.ending == "delivered"


def test_the_empty_audi_in_the_barracks_wins_nothing():
    """L663: only with Pulkowski inside."""
    g = ts_game(first=GERMAN)
    g.state.vehicle["space"] = "military.s8"
    touch(g)
    g.apply(A.Drive(BARRACKS), GERMAN)
    assert g.state.result is None


def test_the_end_of_stage_15_without_delivery_wins_for_the_polish_player():
    """L665 / F4: "the car does not reach the barracks in time"; after the roll."""
    g = ts_game()
    g.state.stage = 15
    end_the_stage(g, 1, 1)
    assert g.state.result.winner == POLISH and g.state.ending == "not_in_time"


# ------------------------------------------------------------------ the attack on the car (L637, L639, F23, F25)


def test_the_audi_cannot_be_attacked_before_pulkowski_is_aboard():
    """L637: "Until Pulkowski is in it, the Black Audi cannot be attacked"."""
    g = ts_game()
    give_items(g, "kazik", "bunker.3")
    stand(g, "kazik", NEAR_BARRACKS)
    g.state.vehicle["space"] = NEAR_BARRACKS
    touch(g)
    assert not any(isinstance(a, A.Assassinate) and a.target == AUDI for a in g.legal_actions(POLISH))


def test_a_polish_agent_with_a_weapon_and_no_mission_attacks_it_but_never_kloss():
    """L637 / F23: "target of assassinations carried out by Polish agents (except Kloss), without ... a mission"."""
    g = ts_game()
    aboard(g, NEAR_BARRACKS)
    give_items(g, "kazik", "bunker.3")
    give_items(g, "hans_kloss", "abwehr.3")
    stand(g, "kazik", NEAR_BARRACKS)
    stand(g, "hans_kloss", NEAR_BARRACKS)
    legal = g.legal_actions(POLISH)
    assert A.Assassinate("kazik", AUDI, "bunker.3") in legal
    assert not any(isinstance(a, A.Assassinate) and a.agent == "hans_kloss" and a.target == AUDI for a in legal)


def test_a_ranged_weapon_reaches_the_audi_from_a_neighbouring_space():
    """F23 with P24: a grenade, dynamite or a rifle from a neighbouring space; a pistol does not."""
    g = ts_game()
    aboard(g, NEAR_BARRACKS)
    give_items(g, "kazik", "railway_station.5", "bunker.3")
    stand(g, "kazik", "military.s8")
    targets = [a.weapon for a in g.legal_actions(POLISH) if isinstance(a, A.Assassinate) and a.target == AUDI]
    assert targets == ["railway_station.5"]


def test_a_hit_above_the_defence_destroys_the_car_and_wins_for_the_polish_player():
    """L665 / F23: 2d6 + weapon above Defence 6 (L639)."""
    g = ts_game()
    aboard(g, NEAR_BARRACKS)
    give_items(g, "kazik", "bunker.3")  # +2
    stand(g, "kazik", NEAR_BARRACKS)
    dice(g, 3, 2)  # 5 + 2 = 7 above 6
    g.apply(A.Assassinate("kazik", AUDI, "bunker.3"), POLISH)
    assert g.state.result.winner == POLISH and g.state.ending == "car_destroyed"


def test_a_failed_attack_on_its_space_spends_the_weapon_and_gives_3_evidence():
    """F23: the weapon is spent; the escort saw him: 3 German evidence against his colour (L373)."""
    g = ts_game()
    aboard(g, NEAR_BARRACKS)
    give_items(g, "kazik", "bunker.3")
    stand(g, "kazik", NEAR_BARRACKS)
    dice(g, 2, 2)  # 4 + 2 = 6, not above 6
    g.apply(A.Assassinate("kazik", AUDI, "bunker.3"), POLISH)
    s = g.state
    assert s.result is None and "bunker.3" in s.discarded and s.evidence[GERMAN]["yellow"] == 3


def test_missions_raise_the_audis_defence_and_the_polish_agents_attack():
    """L647-L655 / F25: German basic +1, special +3 Defence; a Polish agent's basic +2, special +4 against it;
    protection on its space adds (L667, P10)."""
    g = ts_game()
    aboard(g, FACTORY)
    pulkowski.on_mission(g, "glaubel", "basic")
    pulkowski.on_mission(g, "puschke", "special")
    assert car.defence(g.state) == 6 + 1 + 3  # the factory holds its check, so no protection there
    g.state.vehicle["space"] = BARRACKS
    put_threat(g, BARRACKS, "german.16")
    assert car.defence(g.state) == 6 + 4 + 2
    pulkowski.on_mission(g, "kazik", "basic")
    pulkowski.on_mission(g, "kazik", "special")
    mods = dict((str(k), v) for k, v in car._attack_mods(g.state, {"attacker": "kazik", "weapon": "bunker.3"}))
    assert 6 in mods.values()


def test_a_completed_mission_reaches_the_bonus_through_the_mission_hook():
    """F25: the hook in missions.complete; Top Secret counts no VP."""
    from barclay_desktop.rules.stawka import content
    from barclay_desktop.rules.stawka.state import HeldMission

    g = ts_game()
    g.state.missions["kazik"] = HeldMission(content.missions_for("kazik")[0].id, 1)
    missions.complete(g, "kazik", "basic")
    assert g.state.attack_bonus["kazik"] == 2 and g.state.vp.get(POLISH, 0) == 0


def test_polish_evidence_beyond_10_adds_to_every_attack_on_the_car():
    """L659 / F1: a conversation taking the track from 9 to 12 gives +2 to the attacks; a suspect token nothing."""
    g = ts_game()
    g.state.evidence[POLISH]["yellow"] = 9
    flow.gain_evidence(g, POLISH, "yellow", 3, "test", source="conversation")
    flow.gain_evidence(g, POLISH, "yellow", 2, "test")  # no source: a token's evidence counts nothing
    assert pulkowski.overflow_bonus(g.state, POLISH) == 2
    mods = [v for _, v in car._attack_mods(g.state, {"attacker": "kazik", "weapon": "bunker.3"})]
    assert 2 in mods[1:]


# ------------------------------------------------------------------ a Top Secret card (L643, F24)


def test_a_top_secret_card_moves_the_audi_up_to_two_spaces_for_either_side():
    """L643 / F24: either side, no AP, one or two steps along its paths; the card is spent."""
    g = ts_game()
    g.state.top_secret[POLISH] = 1
    touch(g)
    moves = {a.to for a in g.legal_actions(POLISH) if isinstance(a, A.PlayTopSecret)}
    graph = vehicle.graph(g.state)
    assert moves == {NEAR_BARRACKS} | set(graph[NEAR_BARRACKS]) - {BARRACKS} and "military.s8" in moves
    pool = g.state.pools[POLISH]
    g.apply(A.PlayTopSecret("military.s8"), POLISH)
    assert g.state.vehicle["space"] == "military.s8" and g.state.top_secret[POLISH] == 0
    assert g.state.pools[POLISH] == pool and g.state.turn == POLISH


def test_a_german_card_move_into_the_barracks_with_pulkowski_wins():
    """F22: the delivery counts by a Top Secret card's move too."""
    g = ts_game(first=GERMAN)
    aboard(g, "military.s8")
    g.state.top_secret[GERMAN] = 1
    touch(g)
    g.apply(A.PlayTopSecret(BARRACKS), GERMAN)
    assert g.state.result.winner == GERMAN


# ------------------------------------------------------------------ the secret's bonus (L657, L659, F26, F2)


def test_a_conversation_secret_offers_the_bonus_and_resets_no_track():
    """L657 / F26: move two tokens or draw one; L659: "does not reset the evidence level"."""
    g = ts_game()
    g.state.evidence[POLISH]["yellow"] = 7
    flow.gain_secret(g, POLISH, "glaubel")
    s = g.state
    assert s.evidence[POLISH]["yellow"] == 7 and s.pending[0].kind == "secret_bonus"
    assert set(g.legal_actions(POLISH)) == {A.SecretBonus("draw"), A.SecretBonus("none")}  # no own token yet
    pool = len(s.threat_pool[POLISH])
    g.apply(A.SecretBonus("draw"), POLISH)
    assert s.pending[0].kind == "place_drawn_threat"
    to = g.legal_actions(POLISH)[0].to
    g.apply(A.PlaceDrawnThreat(to), POLISH)
    assert s.threats[to].side == POLISH and len(s.threat_pool[POLISH]) == pool - 1 and not s.pending


def test_the_bonus_may_move_two_own_tokens_but_never_the_factory_check():
    """F26 with F18: "move" opens the move of up to two own tokens; the fixed check is not among them."""
    g = ts_game()
    put_threat(g, "military.abwehr", "german.7")
    flow.gain_secret(g, GERMAN, "kazik")
    g.apply(A.SecretBonus("move"), GERMAN)
    froms = {a.frm for a in g.legal_actions(GERMAN) if isinstance(a, A.MoveThreatByCard)}
    assert froms == {"military.abwehr"}


def test_a_special_missions_secret_offers_no_bonus():
    """F2: "from a conversation": the special mission's secret does not count."""
    g = ts_game()
    missions.mission_secret(g, POLISH)
    assert not g.state.pending


# ------------------------------------------------------------------ the Easy player (step 5, plan section 7)


def easy_choice(g, seat: str):
    from barclay_desktop.ai.stawka.heuristic import EasyStawkaPlayer

    return EasyStawkaPlayer(1).choose(g.view(seat), g.legal_actions(seat))


def test_easy_drives_the_empty_audi_toward_the_factory():
    """Step 5: the Audi drives to the factory first."""
    g = ts_game(first=GERMAN)
    a = easy_choice(g, GERMAN)
    g.state.vehicle["space"] = FACTORY  # the Audi's roads measured from the factory
    to_factory = {sp: len(vehicle._path(vehicle._search(g.state, 99, set()), sp)) for sp in vehicle.graph(g.state)}
    assert isinstance(a, A.Drive) and to_factory[a.to] < to_factory[BARRACKS]


def test_easy_waits_with_the_audi_on_the_factory_until_pulkowski_boards():
    """Step 5: on the factory, not carrying: the Audi does not drive off."""
    g = ts_game(first=GERMAN)
    g.state.vehicle["space"] = FACTORY
    touch(g)
    assert not isinstance(easy_choice(g, GERMAN), A.Drive)


def test_easy_drives_home_round_a_polish_token():
    """Step 5: home by the route with the fewest Polish tokens (a token on the way counts as several steps)."""
    from barclay_desktop.ai.stawka import topsecret
    from barclay_desktop.ai.stawka.heuristic import _Ctx

    g = ts_game(first=GERMAN)
    aboard(g, FACTORY)
    ctx = _Ctx(g.view(GERMAN))
    plain = topsecret.road_distance(ctx, BARRACKS, weighted=True)[FACTORY]
    put_threat(g, "military.s14", "polish.4")
    ctx = _Ctx(g.view(GERMAN))
    assert topsecret.road_distance(ctx, BARRACKS, weighted=True)[FACTORY] > plain
    assert isinstance(easy_choice(g, GERMAN), A.Drive)


def test_easy_attacks_the_carrying_car_at_fair_odds_but_not_kloss():
    """Step 5: an armed Polish agent on the car's space attacks it."""
    g = ts_game()
    aboard(g, NEAR_BARRACKS)
    give_items(g, "kazik", "railway_station.5")  # +3 against Defence 6
    stand(g, "kazik", NEAR_BARRACKS)
    assert easy_choice(g, POLISH) == A.Assassinate("kazik", AUDI, "railway_station.5")


def test_easy_takes_the_draw_as_its_secret_bonus():
    """Step 5: the secret's bonus: a new token if the pool holds one."""
    g = ts_game()
    flow.gain_secret(g, POLISH, "glaubel")
    assert easy_choice(g, POLISH) == A.SecretBonus("draw")


def test_easy_polish_card_pulls_the_audi_off_the_factory_before_boarding():
    """Step 5: the Polish Top Secret card moves the Audi away (off the factory before a broken Pulkowski boards)."""
    g = ts_game()
    g.state.pulkowski["broken"] = True
    g.state.vehicle["space"] = FACTORY
    g.state.top_secret[POLISH] = 1
    touch(g)
    a = easy_choice(g, POLISH)
    assert isinstance(a, A.PlayTopSecret) and a.to != FACTORY
