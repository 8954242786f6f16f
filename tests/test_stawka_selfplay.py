"""Random self-play of Stawka scenario 1 "Meeting" with the invariants checked after every action.

Figures stay on board spaces, AP never goes negative, the 35 item tiles stay
conserved, no view shows a held face-down item or an unrevealed planning
choice (K12), and a save/load at any point continues identically.
"""

import json
import random

import pytest

from barclay_desktop.rules.core import CorruptState
from barclay_desktop.rules.stawka import actions as A
from barclay_desktop.rules.stawka.rules import item
from barclay_desktop.rules.stawka.state import GERMAN, POLISH, SIDES
from barclay_desktop.simulate import check_after_action, play_one, reload
from tests.stawka_helpers import StawkaGame, new_game, talkative

OPTIONS = {"scenario": "meeting"}


@pytest.mark.parametrize("seed", range(6))
def test_random_self_play_keeps_every_invariant(seed):
    game, actions = play_one(StawkaGame, OPTIONS, seed, ["random", "random"], check=True)
    assert game.is_over() and game.result.kind in ("draw", "secrets")
    assert actions > 20


def play_checked(seed: int, chooser, save_every: int = 37):
    """Play to the end, checking invariants and views after every action; reload now and then and
    check that the reloaded copy continues identically."""
    game = new_game(seed)
    rng = random.Random(seed)
    twin = None
    checked = n = 0
    while not game.is_over():
        seat = game.current_seat()
        action = chooser(rng, game, game.legal_actions(seat))
        game.apply(action, seat)
        n += 1
        checked = check_after_action(game, checked)
        if twin is not None:
            twin.apply(action, seat)
        if n % save_every == 0:
            twin = reload(game)
    if twin is not None:
        assert twin.to_json()["state"] == game.to_json()["state"]
    return game


def test_talkative_self_play_reaches_secrets_victory_and_the_carry_over():
    """Scenario 1 end to end with invariants after every action: conversations happen, two secrets end the
    game, the winner's carry-over choice is recorded; otherwise a draw after stage 8."""
    winners = conversations = 0
    for seed in range(6):
        game = play_checked(seed, talkative, save_every=29)
        log = game.state.log
        conversations += sum(1 for e in log if e.kind == "dice" and e.data.get("roll") == "conversation")
        carry = game.state.carry_over
        if game.result.kind == "secrets":
            winners += 1
            assert game.state.secrets[game.result.winner] == 2
            assert carry["winner"] == game.result.winner and set(carry["evidence"]) == set(SIDES)
        else:
            assert game.result.kind == "draw" and game.state.stage == 8 and carry["winner"] is None
    assert conversations >= 12 and winners >= 1


def random_positions(n_games=4, every=5):
    for seed in range(200, 200 + n_games):
        g = new_game(seed)
        rng = random.Random(seed)
        i = 0
        while not g.is_over():
            seat = g.current_seat()
            g.apply(talkative(rng, g, g.legal_actions(seat)), seat)
            i += 1
            if i % every == 0:
                yield g


def test_views_never_show_a_held_face_down_item_or_an_unrevealed_plan():
    """K12: face-down items are known only to their owner; the planning choice until both are revealed."""
    checked_items = checked_plans = 0
    for g in random_positions():
        s = g.state
        for seat in SIDES:
            text = json.dumps({k: v for k, v in g.view(seat).items() if k != "log"})
            for aid, a in s.agents.items():
                if a.side == seat:
                    continue
                for iid in a.items:
                    if not item(iid).reusable and iid not in s.seen[seat]:
                        assert iid not in text
                        checked_items += 1
            for loc, stack in s.stacks.items():
                for iid in stack:
                    if iid not in s.seen[seat]:
                        assert iid not in text
            other = GERMAN if seat == POLISH else POLISH
            if s.phase == "planning" and s.chosen.get(other):
                assert g.view(seat)["planning"]["revealed"][other] is None
                assert f"{s.chosen[other]}@stage{s.stage}" not in json.dumps(g.view(seat))
                checked_plans += 1
    assert checked_items > 0 and checked_plans > 0


def test_the_onlooker_sees_no_stack_and_no_face_down_item():
    g = new_game(5)
    rng = random.Random(5)
    for _ in range(60):
        if g.is_over():
            break
        seat = g.current_seat()
        g.apply(talkative(rng, g, g.legal_actions(seat)), seat)
    text = json.dumps(g.view(None))
    for probe in g.leak_probes(None):
        assert probe not in text


def test_save_and_load_restore_the_game_exactly():
    g = new_game(9)
    rng = random.Random(9)
    for _ in range(40):
        seat = g.current_seat()
        g.apply(talkative(rng, g, g.legal_actions(seat)), seat)
    data = json.loads(json.dumps(g.to_json()))
    copy = StawkaGame.from_json(data)
    assert copy.to_json() == g.to_json()
    seat = g.current_seat()
    assert copy.legal_actions(seat) == g.legal_actions(seat)
    assert copy.view(seat) == g.view(seat)


def test_clone_is_independent():
    g = new_game(3)
    c = g.state.clone()
    c.agents["hans_kloss"].space = "hitlerplatz.hotel"
    c.stacks["hitlerplatz.hotel"].pop()
    c.evidence[POLISH]["black"] = 5
    c.used[POLISH].append("polish_1")
    assert g.state.agents["hans_kloss"].space == "hitlerplatz.officers_apartments"
    assert len(g.state.stacks["hitlerplatz.hotel"]) == 5
    assert g.state.evidence[POLISH]["black"] == 0 and g.state.used[POLISH] == []
    assert StawkaGame(g.state.clone()).to_json()["state"] == g.to_json()["state"]


def corrupt(edit):
    g = new_game(4)
    data = json.loads(json.dumps(g.to_json()))
    edit(data["state"])
    with pytest.raises(CorruptState):
        StawkaGame.from_json(data)


def test_hand_edited_impossible_states_are_refused():
    """check_state(): figures off the board, tiles duplicated or lost, negative AP, bad tracks and markers."""
    corrupt(lambda s: s["agents"]["hans_kloss"].update(space="police.gestapo"))
    corrupt(lambda s: s["stacks"]["hitlerplatz.hotel"].append(s["stacks"]["hitlerplatz.cafe"][0]))
    corrupt(lambda s: s["stacks"]["hitlerplatz.hotel"].pop())
    corrupt(lambda s: s["pools"].update(polish=-1))
    corrupt(lambda s: s["evidence"]["german"].update(black=11))
    corrupt(lambda s: s["markers"].update({"hitlerplatz.hotel": ["yellow", "yellow"]}))
    corrupt(lambda s: s["agents"]["glaubel"].update(ap_used=9))
    corrupt(lambda s: s.update(stage=9))
    corrupt(lambda s: s["used"].update(polish=["german_1"]))


def test_summary_reports_the_stage():
    g = new_game()
    assert g.summary() == {"scenario": "meeting", "stage": 1, "phase": "planning", "secrets": {POLISH: 0, GERMAN: 0},
                           "evidence": {POLISH: 0, GERMAN: 0}}


def test_every_legal_action_survives_its_json_form():
    """The client sends actions as JSON: each legal action must come back equal (tuples included)."""
    from barclay_desktop.rules.core import action_to_json

    seen_types = set()
    for g in random_positions(n_games=2, every=3):
        seat = g.current_seat()
        for a in g.legal_actions(seat):
            assert g.ACTIONS.from_json(json.loads(json.dumps(action_to_json(a)))) == a
            seen_types.add(type(a).__name__)
    assert {"ChoosePlan", "Move", "Converse", "Search", "GiveUp"} <= seen_types
    for a in (A.Converse("hans_kloss", "glaubel", ("hotel.5", "cafe.4")), A.UseAsEvidence("hotel.4", "black"),
              A.KeepItem("hotel.4"), A.Search("ingrid_heizer", "hotel.4"), A.KeepTrackWhole(None)):
        assert g.ACTIONS.from_json(json.loads(json.dumps(action_to_json(a)))) == a
