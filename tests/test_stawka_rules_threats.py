"""Threat tokens (K8; rulebook, Stage C and Threat Tokens 1-5; our P1-P10)."""

from __future__ import annotations

import json

import pytest

from barclay_desktop.rules.core import IllegalAction
from barclay_desktop.rules.stawka import actions as A
from barclay_desktop.rules.stawka import content
from barclay_desktop.rules.stawka.state import GERMAN, POLISH
from barclay_desktop.rules.stawka.rules import reachable
from barclay_desktop.rules.stawka.threats import setout_spaces
from tests.stawka_helpers import (
    activation_position, cast, dice, dice_events, events, give_items, give_turn, put_threat, touch,
)
from tests.test_stawka_first_clash import FC_BOARD, placed_first_clash


def to_stage_c(seed=1, polish="polish_2", german="german_4"):
    """First Clash placed; both choose planning cards; stage C begins."""
    g = placed_first_clash(seed)
    g.apply(A.ChoosePlan(polish), POLISH)
    g.apply(A.ChoosePlan(german), GERMAN)
    return g


def test_stage_c_second_player_gets_two_tokens_first_gets_one_drawn_at_random():
    """Stage C (L189), P1: the player activating second gets 2, the first 1, drawn blind from his 18."""
    g = to_stage_c()
    s = g.state
    first, second = s.first, (GERMAN if s.first == POLISH else POLISH)
    assert s.phase == "threats"
    assert len(s.threat_hand[second]) == 2 and len(s.threat_hand[first]) == 1
    assert len(s.threat_pool[second]) == 16 and len(s.threat_pool[first]) == 17
    own = [e for e in events(g, "threats_drawn_own")]
    assert {e.to for e in own} == {POLISH, GERMAN}  # each sees only his own draw


def test_draws_differ_by_seed_and_come_from_the_own_pool():
    hands = set()
    for seed in range(1, 8):
        s = to_stage_c(seed).state
        for x in (POLISH, GERMAN):
            assert all(t.startswith(x + ".") for t in s.threat_hand[x])
        hands.add(tuple(sorted(s.threat_hand[POLISH] + s.threat_hand[GERMAN])))
    assert len(hands) > 3


def test_setout_alternates_starting_with_the_player_who_drew_two():
    """Threat Tokens 3 (L389): alternately, starting with the player who acquired two tokens."""
    g = to_stage_c()
    s = g.state
    second = GERMAN if s.first == POLISH else POLISH
    assert s.setout_order == [second, s.first, second]
    for expected in (second, s.first, second):
        assert g.current_seat() == expected
        g.apply(g.legal_actions(expected)[0], expected)
    assert g.state.phase == "activation" and g.current_seat() == s.first
    assert len(g.state.threats) == 3 and [e.data["seat"] for e in events(g, "threat_set")] == [second, s.first, second]


def test_german_tokens_only_on_locations_polish_only_on_streets_without_german_agents():
    """Threat Tokens 3 (L389), K8: German on locations (even with agents), Polish on free streets."""
    g = to_stage_c()
    s = g.state
    german = setout_spaces(s, GERMAN)
    assert set(german) == {loc.id for loc in FC_BOARD.locations()}  # agents at the Gestapo do not matter
    s.agents["glaubel"].space = "hitlerplatz.s3"
    polish = setout_spaces(s, POLISH)
    assert all(FC_BOARD.spaces[sp].kind == "street" for sp in polish) and "hitlerplatz.s3" not in polish
    seat = g.current_seat()
    token = s.threat_hand[seat][0]
    touch(g)
    wrong = "hitlerplatz.s1" if seat == GERMAN else "hitlerplatz.hotel"
    with pytest.raises(IllegalAction):
        g.apply(A.PlaceThreat(token, wrong), seat)


def test_one_token_per_space_of_either_side():
    """Threat Tokens (L385): only one threat token may be on one space."""
    g = to_stage_c()
    seat = g.current_seat()
    first = g.legal_actions(seat)[0]
    g.apply(first, seat)
    assert first.to not in setout_spaces(g.state, GERMAN) + setout_spaces(g.state, POLISH)


def test_a_token_with_no_free_space_returns_unseen_to_the_pool():
    """P2: a drawn token with no free legal space goes back, unseen, into its owner's pool."""
    g = placed_first_clash()
    s = g.state
    from barclay_desktop.rules.stawka.state import ThreatOnBoard

    german_pool = s.threat_pool[GERMAN]
    for loc in FC_BOARD.locations():  # every location already holds a German token
        s.threats[loc.id] = ThreatOnBoard(german_pool.pop(), GERMAN)
    touch(g)
    g.apply(A.ChoosePlan("polish_2"), POLISH)
    g.apply(A.ChoosePlan("german_4"), GERMAN)
    assert not g.state.threat_hand[GERMAN] and GERMAN not in g.state.setout_order
    assert events(g, "threat_returned") and len(g.state.threat_pool[GERMAN]) == 18 - 10
    g.check_invariants()


def test_the_opponent_sees_a_tokens_back_and_the_owner_its_face():
    """K12: a face-down token shows only its side and space to the opponent."""
    g = to_stage_c()
    while g.state.phase == "threats":
        seat = g.current_seat()
        g.apply(g.legal_actions(seat)[0], seat)
    s = g.state
    for space, t in s.threats.items():
        owner, other_seat = t.side, (GERMAN if t.side == POLISH else POLISH)
        mine = next(e for e in g.view(owner)["threats"]["board"] if e["space"] == space)
        theirs = next(e for e in g.view(other_seat)["threats"]["board"] if e["space"] == space)
        assert mine["id"] == t.id and mine["type"] == content.threat_tokens(owner)[int(t.id.split(".")[1]) - 1].type
        assert theirs == {"space": space, "side": owner, "revealed": False, "peeked_by": []}
        text = json.dumps(g.view(other_seat), default=str)
        assert f'"{t.id}"' not in text
        assert all(p not in text for p in g.leak_probes(other_seat))


def test_erik_kopf_draws_one_extra_token_in_stage_one():
    """Trait threat_setter (Erik Kopf): one more threat token in the first stage."""
    g = placed_first_clash()
    from barclay_desktop.rules.stawka.state import AgentState

    s = g.state
    s.agents["erik_kopf"] = AgentState("erik_kopf", GERMAN, content.agent("erik_kopf").documents[0].id,
                                       "hitlerplatz.hotel")
    touch(g)
    g.apply(A.ChoosePlan("polish_2"), POLISH)
    g.apply(A.ChoosePlan("german_4"), GERMAN)
    s = g.state
    expected = (2 if s.first == POLISH else 1) + 1
    assert len(s.threat_hand[GERMAN]) == expected


# ------------------------------------------------------------------ the rulebook's example (L393-L397)


def threat_example():
    """Threat Tokens, Example: Christianson next to the hotel (a German document check -2 on it); Lemner two
    spaces from Christianson's thief token; support tokens of both sides in Hitlerplatz."""
    g = activation_position(placed_first_clash(), POLISH)
    cast(g, {"christianson": "hitlerplatz.s3"}, {"johannes_lemner": "hitlerplatz.s6"})
    g.state.stacks = {loc: [i for i in st if i != "gestapo.1"] for loc, st in g.state.stacks.items()}
    g.state.agents["johannes_lemner"].items.append("gestapo.1")
    for space, tid in (("hitlerplatz.hotel", "german.4"), ("hitlerplatz.theatre", "german.13"),
                       ("hitlerplatz.s2", "polish.14"), ("hitlerplatz.s8", "polish.15"), ("hitlerplatz.s3", "polish.1")):
        put_threat(g, space, tid)
    return g


def test_the_example_tokens_are_what_the_rulebook_names():
    kinds = {t.id: (t.type, dict(t.params)) for x in (POLISH, GERMAN) for t in content.threat_tokens(x)}
    assert kinds["german.4"] == ("document_check", {"difficulty": -2})
    assert kinds["polish.1"][0] == "thief"
    assert {kinds[t][0] for t in ("german.13", "polish.14", "polish.15")} == {"support"}


def test_threat_example_phase_1_christianson_passes_the_document_check_with_support():
    """Phase 1: the German player must reveal the document check; Christianson rolls 10, -2 for the check, +1 for
    the Polish support (the German declines his): 9 beats Alertness 8; he enters, searches, and his activation
    ends."""
    g = threat_example()
    g.check_invariants()
    g.apply(A.Move("christianson", "hitlerplatz.hotel"), POLISH)
    s = g.state
    assert s.agents["christianson"].space == "hitlerplatz.s3"  # still outside
    assert s.pending[0].kind == "document_check" and g.current_seat() == POLISH
    (shown,) = events(g, "threat_revealed")
    assert shown.data["type"] == "document_check" and shown.data["token"] == "german.4"
    assert s.threats["hitlerplatz.hotel"].revealed
    g.apply(A.TryCheck(None), POLISH)
    g.apply(A.UseSupport("hitlerplatz.s2"), POLISH)
    dice(g, 4, 6)
    g.apply(A.UseSupport(None), GERMAN)  # "does not decide to make his test harder"
    (roll,) = dice_events(g, "document_check")
    assert roll.data["total"] == 9 and roll.data["passed"] and [v for _, v in roll.data["modifiers"]] == [-2, 1]
    s = g.state
    assert s.agents["christianson"].space == "hitlerplatz.hotel" and s.activation.ap_spent == 1
    assert {"german.4", "polish.14"} <= set(s.threats_removed)
    assert "hitlerplatz.hotel" not in s.threats and "hitlerplatz.s2" not in s.threats
    g.apply(A.Search("christianson"), POLISH)
    g.apply(A.KeepItem(g.state.pending[0].items[0]), POLISH)
    assert g.state.activation is None and g.state.turn == GERMAN  # movement and action: the activation is over
    g.check_invariants()


def test_threat_example_phase_2_lemner_fails_to_discard_and_the_thief_takes_his_pistol():
    """Phase 2: Lemner enters the thief's space and tries to discard it; German support +1, Polish support -1;
    6 is not above his Alertness 7; the Polish player reveals the thief, and Lemner's only item is lost."""
    g = threat_example()
    give_turn(g, GERMAN)
    g.apply(A.Move("johannes_lemner", "hitlerplatz.s3"), GERMAN)
    s = g.state
    assert s.agents["johannes_lemner"].space == "hitlerplatz.s3" and s.pending[0].kind == "threat_entered"
    assert A.DiscardThreat("johannes_lemner", "hitlerplatz.s3") in g.legal_actions(GERMAN)
    g.apply(A.DiscardThreat("johannes_lemner", "hitlerplatz.s3"), GERMAN)
    g.apply(A.UseSupport("hitlerplatz.theatre"), GERMAN)
    dice(g, 3, 3)
    g.apply(A.UseSupport("hitlerplatz.s8"), POLISH)
    (roll,) = dice_events(g, "discard_threat")
    assert roll.data["total"] == 6 and not roll.data["passed"]
    assert [v for _, v in roll.data["modifiers"]] == [1, -1]
    assert g.current_seat() == POLISH and g.state.pending[0].kind == "threat_window"
    g.apply(A.TriggerThreat(), POLISH)
    s = g.state
    assert s.agents["johannes_lemner"].items == [] and "gestapo.1" in s.discarded
    assert all("gestapo.1" in s.seen[x] for x in (POLISH, GERMAN))
    assert {"polish.1", "polish.15", "german.13"} <= set(s.threats_removed)
    assert s.activation is None and s.pools[GERMAN] == 11 - 2
    g.check_invariants()


def test_staying_back_from_a_document_check_spends_nothing():
    """P5: the agent may stay back; his movement ends, the step is not paid; with nothing left to do on his
    street space (no enemy, no location) the activation ends by itself."""
    g = threat_example()
    g.apply(A.Move("christianson", "hitlerplatz.hotel"), POLISH)
    g.apply(A.StayBack(), POLISH)
    s = g.state
    assert s.agents["christianson"].space == "hitlerplatz.s3" and s.pools[POLISH] == 11
    assert s.activation is None and s.turn == GERMAN
    assert s.threats["hitlerplatz.hotel"].revealed  # it stays, face up


def test_after_staying_back_the_agent_may_still_act_or_end():
    """P5: staying back ends the movement only; a conversation on his space is still possible, or the end."""
    g = threat_example()
    g.state.agents["johannes_lemner"].space = "hitlerplatz.s3"
    touch(g)
    g.apply(A.Move("christianson", "hitlerplatz.hotel"), POLISH)
    g.apply(A.StayBack(), POLISH)
    legal = g.legal_actions(POLISH)
    assert A.EndActivation() in legal and any(isinstance(a, A.Converse) for a in legal)
    assert not any(isinstance(a, A.Move) for a in legal)


def test_a_failed_document_check_ends_the_activation_and_removes_the_token():
    """P5: failed, he does not enter, his activation ends, the token leaves the game."""
    g = threat_example()
    g.state.threats.pop("hitlerplatz.s2"), g.state.threats.pop("hitlerplatz.s8")
    g.state.threat_pool[POLISH] += ["polish.14", "polish.15"]
    g.state.threats.pop("hitlerplatz.theatre")
    g.state.threat_pool[GERMAN].append("german.13")
    touch(g)
    g.apply(A.Move("christianson", "hitlerplatz.hotel"), POLISH)
    dice(g, 5, 5)
    g.apply(A.TryCheck(None), POLISH)  # 10 - 2 = 8, not above 8
    s = g.state
    assert s.agents["christianson"].space == "hitlerplatz.s3" and s.activation is None
    assert "german.4" in s.threats_removed and s.turn == GERMAN
    g.check_invariants()


def test_a_route_stops_on_an_enemy_token_and_own_tokens_do_not_stop_it():
    """P3: a route never passes a space holding an enemy token; own tokens are no obstacle."""
    g = threat_example()
    give_turn(g, GERMAN)
    reach = reachable(g.state, "johannes_lemner", 4)
    assert reach["hitlerplatz.s3"] == 1
    assert reach.get("hitlerplatz.s1", 99) > 2  # not through the thief's space
    assert "hitlerplatz.hotel" not in reach  # only through it
    give_turn(g, POLISH)
    own = reachable(g.state, "christianson", 4)
    assert "hitlerplatz.s6" in own  # his own thief token under him does not hold him


def test_the_owner_is_asked_for_every_face_down_token_and_may_reveal_only_triggerable_ones():
    """P4 and K12: the window opens whatever the type; a support token can only be kept."""
    g = threat_example()
    s = g.state
    s.threats.pop("hitlerplatz.s3")
    s.threat_pool[POLISH].append("polish.1")
    s.threats.pop("hitlerplatz.s8")
    s.threat_pool[POLISH].append("polish.15")
    put_threat(g, "hitlerplatz.s3", "polish.15")  # a support token this time
    give_turn(g, GERMAN)
    g.apply(A.Move("johannes_lemner", "hitlerplatz.s3"), GERMAN)
    g.apply(A.PassThreat(), GERMAN)
    assert g.current_seat() == POLISH and g.legal_actions(POLISH) == [A.KeepThreat()]
    g.apply(A.KeepThreat(), POLISH)
    assert g.current_seat() == GERMAN and g.state.activation.agent == "johannes_lemner"
    assert not g.state.threats["hitlerplatz.s3"].revealed


@pytest.mark.parametrize("kind, token_id", [("alarm", "polish.12"), ("confusion", "polish.4"),
                                            ("suspect", "polish.10"), ("dangerous_terrain", "polish.7")])
def test_each_effect_when_the_owner_reveals_it(kind, token_id):
    """The cheat sheet (threat_tokens.json): alarm -2 AP, confusion ends the activation, suspect +1 evidence,
    dangerous terrain doubles every further step."""
    g = threat_example()
    s = g.state
    s.threats.pop("hitlerplatz.s3")
    s.threat_pool[POLISH].append("polish.1")
    put_threat(g, "hitlerplatz.s3", token_id)
    assert content.threat_tokens(POLISH)[int(token_id.split(".")[1]) - 1].type == kind
    give_turn(g, GERMAN)
    g.apply(A.Move("johannes_lemner", "hitlerplatz.s3"), GERMAN)
    g.apply(A.PassThreat(), GERMAN)
    g.apply(A.TriggerThreat(), POLISH)
    s = g.state
    if kind == "alarm":
        assert s.pools[GERMAN] == 11 - 1 - 2 and s.activation is not None
    elif kind == "confusion":
        assert s.activation is None
    elif kind == "suspect":
        assert s.evidence[POLISH][content.agent("johannes_lemner").colour] == 1
    else:
        assert s.activation.step_cost == 2
        assert reachable(s, "johannes_lemner", 3) == {n: 2 for n in FC_BOARD.neighbours("hitlerplatz.s3", GERMAN)}
        s.agents["christianson"].space = "hitlerplatz.s1"  # someone to talk to: the activation goes on
        touch(g)
        g.apply(A.Move("johannes_lemner", "hitlerplatz.s1"), GERMAN)  # 2 AP for one space
        assert g.state.activation.moved_ap == 1 + 2 and g.state.activation.moved_spaces == 2
        g.check_invariants()  # 3 AP for 2 spaces is right here
    assert token_id in s.threats_removed
    g.check_invariants()


def test_an_effect_ending_the_activation_cancels_the_declared_action_unpaid():
    """P4/P6: a search declared on a cauldron's space: the owner reveals it, the search does not happen, no AP."""
    g = threat_example()
    s = g.state
    put_threat(g, "hitlerplatz.cafe", "german.9")  # a cauldron
    assert content.threat_tokens(GERMAN)[8].type == "cauldron"
    s.agents["christianson"].space = "hitlerplatz.cafe"
    touch(g)
    g.apply(A.Search("christianson"), POLISH)
    assert g.current_seat() == GERMAN and g.state.pending[0].kind == "threat_window"
    g.apply(A.TriggerThreat(), GERMAN)
    s = g.state
    assert s.activation is None and s.pools[POLISH] == 11 and len(s.stacks["hitlerplatz.cafe"]) == 5
    g.check_invariants()


def test_a_kept_token_lets_the_declared_action_go_on():
    g = threat_example()
    put_threat(g, "hitlerplatz.cafe", "german.9")
    g.state.agents["christianson"].space = "hitlerplatz.cafe"
    touch(g)
    g.apply(A.Search("christianson"), POLISH)
    g.apply(A.KeepThreat(), GERMAN)
    assert g.state.pending[0].kind == "found" and len(g.state.stacks["hitlerplatz.cafe"]) == 4


def test_wire_cutters_remove_a_token_without_a_roll():
    g = threat_example()
    give_turn(g, GERMAN)
    g.state.agents["johannes_lemner"].items.append("telephone_booth.5")  # from a sector not on this board
    touch(g)
    g.apply(A.Move("johannes_lemner", "hitlerplatz.s3"), GERMAN)
    assert A.RemoveThreat("johannes_lemner", "telephone_booth.5") in g.legal_actions(GERMAN)
    g.apply(A.RemoveThreat("johannes_lemner", "telephone_booth.5"), GERMAN)
    assert "polish.1" in g.state.threats_removed and not dice_events(g, "discard_threat")


def test_discard_succeeds_above_alertness_and_the_token_leaves_face_up():
    g = threat_example()
    give_turn(g, GERMAN)
    g.apply(A.Move("johannes_lemner", "hitlerplatz.s3"), GERMAN)
    g.apply(A.DiscardThreat("johannes_lemner", "hitlerplatz.s3"), GERMAN)
    dice(g, 4, 4)
    g.apply(A.UseSupport(None), GERMAN)
    g.apply(A.UseSupport(None), POLISH)
    s = g.state
    assert "polish.1" in s.threats_removed and "hitlerplatz.s3" not in s.threats
    removed = [e for e in events(g, "threat_removed")][-1]
    assert removed.data["type"] == "thief" and removed.to is None  # shown to both


def test_peek_item_shows_one_token_to_its_holder_only():
    """Items peek_threat (opera glasses, K12): the holder's player alone learns the token; a reusable item once an
    activation."""
    g = threat_example()
    s = g.state
    s.agents["christianson"].items.append("theatre.2")  # Opera glasses, reusable
    s.stacks["hitlerplatz.theatre"].remove("theatre.2")
    touch(g)
    g.apply(A.Move("christianson", "hitlerplatz.s6"), POLISH)  # activated (one step; the search or talk may follow)
    legal = g.legal_actions(POLISH)
    peeks = [a for a in legal if isinstance(a, A.PeekThreat)]
    assert {a.space for a in peeks} == {"hitlerplatz.hotel", "hitlerplatz.theatre"}  # Hitlerplatz, face down
    assert '"german.13"' in g.leak_probes(POLISH)
    g.apply(A.PeekThreat("christianson", "theatre.2", "hitlerplatz.theatre"), POLISH)
    s = g.state
    assert "german.13" in s.threat_seen[POLISH]
    mine = next(e for e in g.view(POLISH)["threats"]["board"] if e["space"] == "hitlerplatz.theatre")
    assert mine["type"] == "support" and not mine["revealed"]
    assert '"german.13"' not in g.leak_probes(POLISH)
    assert not any(isinstance(a, A.PeekThreat) for a in g.legal_actions(POLISH))  # once this activation
    (own,) = events(g, "threat_peek_own")
    assert own.to == POLISH
    g.check_invariants()


def test_a_pass_gets_through_a_document_check_without_a_roll_and_is_spent():
    """Item text 'This agent passes one document check (threat token or the fort) without a roll' (single use):
    shown at the check, the agent enters, the token leaves the game, the pass goes out face up."""
    g = threat_example()
    give_items(g, "christianson", "gestapo.4")
    g.apply(A.Move("christianson", "hitlerplatz.hotel"), POLISH)
    assert A.TryCheck("gestapo.4") in g.legal_actions(POLISH)
    rolls = len(g.state.log)
    g.apply(A.TryCheck("gestapo.4"), POLISH)
    s = g.state
    assert not [e for e in s.log[rolls:] if e.kind == "dice"]
    assert s.agents["christianson"].space == "hitlerplatz.hotel"
    assert "gestapo.4" not in s.agents["christianson"].items and "gestapo.4" in s.discarded
    assert "hitlerplatz.hotel" not in s.threats
    g.check_invariants()


def test_a_revealed_token_that_wins_the_game_has_no_effect_after_it(monkeypatch):
    """simulate --check (chestnuts, seed 19) met it: the owner reveals dangerous terrain on a German agent, the
    token removed completes his discard-threats mission (missions.note_threat_removed), whose VP win the game
    at once (flow.scenario_won ends the activation); the terrain had no activation left to slow and crashed.
    The game is over: the token's effect does not apply."""
    from barclay_desktop.rules.stawka import flow, missions

    monkeypatch.setattr(missions, "note_threat_removed",
                        lambda game, agent_id: flow.scenario_won(game, GERMAN, "test", "vp"))
    g = threat_example()
    s = g.state
    s.threats.pop("hitlerplatz.s3")
    s.threat_pool[POLISH].append("polish.1")
    put_threat(g, "hitlerplatz.s3", "polish.7")  # dangerous terrain
    give_turn(g, GERMAN)
    g.apply(A.Move("johannes_lemner", "hitlerplatz.s3"), GERMAN)
    g.apply(A.PassThreat(), GERMAN)
    g.apply(A.TriggerThreat(), POLISH)
    assert s.winner == GERMAN and s.activation is None and "polish.7" in s.threats_removed
    g.check_invariants()


def test_ap_spent_with_a_bicycle_stay_spent_when_the_thief_takes_it():
    """Thief (Threat Tokens, L373; P8): the enemy agent loses an item he holds. An item that raised his AP limit (a
    bicycle) may go after he used the extra AP (seen in a simulated Hotel Excelsior game, seed 11): he has then used
    up his smaller limit, nothing is left to spend, and the state stays whole."""
    from barclay_desktop.rules.stawka.rules import ap_left, ap_limit
    from barclay_desktop.rules.stawka.threat_play import lose_item

    g = threat_example()
    s = g.state
    on_board = {i for stack in s.stacks.values() for i in stack}
    bike = next(i for i in sorted(on_board) if content.item(i).effect == "ap_limit_bonus" and content.item(i).reusable)
    give_items(g, "johannes_lemner", bike)
    with_bike = ap_limit(s, "johannes_lemner")
    s.agents["johannes_lemner"].ap_used = with_bike
    lose_item(g, "johannes_lemner", bike)
    assert ap_limit(s, "johannes_lemner") == with_bike - content.item(bike).params["bonus"]
    assert s.agents["johannes_lemner"].ap_used == ap_limit(s, "johannes_lemner")
    assert ap_left(s, "johannes_lemner") == 0
    g.check_invariants()
