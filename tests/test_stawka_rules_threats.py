"""Threat tokens (K8; rulebook, Stage C and Threat Tokens 1-5; our P1-P10)."""

from __future__ import annotations

import json

import pytest

from barclay_desktop.rules.core import IllegalAction
from barclay_desktop.rules.stawka import actions as A
from barclay_desktop.rules.stawka import content
from barclay_desktop.rules.stawka.state import GERMAN, POLISH
from barclay_desktop.rules.stawka.threats import setout_spaces
from tests.stawka_helpers import events, touch
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
        assert theirs == {"space": space, "side": owner, "revealed": False}
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
