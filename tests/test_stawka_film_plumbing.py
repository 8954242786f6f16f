"""Issue 36, step 1 (docs/stawka-film-plan.md section 7): the film plumbing. The rules blocks' new keys, the
evidence overflow hook (F1), open-ended stages (F3), the end-of-stage and time-out hook points, the new
state fields and `simulate --stage-cap`. Nothing here changes a training scenario."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Mapping
from unittest import mock

import attrs
import pytest

from barclay_desktop.rules.stawka import conversation, film, flow, scenario_rules, search
from barclay_desktop.rules.stawka.rules import colour, item
from barclay_desktop.rules.stawka.state import GERMAN, POLISH, Pending
from barclay_desktop.simulate import parse_args, play_one, run
from tests.stawka_helpers import StawkaGame, new_game

TRAINING = ("meeting", "first_clash", "chestnuts")
FILMS = ("i_know_who_you_are", "hotel_excelsior", "top_secret")  # each plays since its step (2-4)
NO_VICTORY = {"secrets_to_win": 0, "vp": None, "vp_to_win": 0, "special": None}  # a file as the films were
ROOM_217 = {"special": "room_217", "room_217": {"vp_gate": 15, "location": "hotel", "bottom_card": "hotel"}}
OVERFLOW_VP = {"overflow": {"sources": ["conversation", "item"], "gives": "vp"}}


def plain(value):
    """The layout's read-only data as plain dicts and lists, to edit."""
    if isinstance(value, Mapping):
        return {k: plain(v) for k, v in value.items()}
    return [plain(v) for v in value] if isinstance(value, (list, tuple)) else value


@contextlib.contextmanager
def film_file(sid: str, rules: dict | None = None, **top):
    """The scenario file `sid` as if its "rules" block held `rules` too (and its top level `top`): what a film's
    own step will write into its file. The cached rules are dropped on the way in and out."""
    real = scenario_rules.load_scenario
    layout = real(sid)
    data = plain(layout.data)
    data["rules"] = {**data.get("rules", {}), **(rules or {})}
    data.update(top)
    changed = attrs.evolve(layout, data=data)
    scenario_rules.scenario_rules.cache_clear()
    try:
        with mock.patch.object(scenario_rules, "load_scenario", lambda s: changed if s == sid else real(s)):
            yield
    finally:
        scenario_rules.scenario_rules.cache_clear()


# ------------------------------------------------------------------ the rules blocks


@pytest.mark.parametrize("sid", TRAINING)
def test_the_training_scenarios_name_no_overflow_and_no_special(sid):
    rules = scenario_rules.scenario_rules(sid)
    assert rules["overflow"] is None and rules["special"] is None


@pytest.mark.parametrize("sid", FILMS)
def test_a_film_plays_by_its_rules_block_and_is_refused_without_one(sid):
    """Each film became playable in its own step by its rules block; a file stating no victory (as the films were
    before) is refused, never played as a draw."""
    assert sid in scenario_rules.playable_scenarios()
    with film_file(sid, NO_VICTORY):
        with pytest.raises(ValueError, match="not implemented yet"):
            scenario_rules.setup_plan({"scenario": sid})


def test_an_overflow_block_and_a_special_with_its_block_are_read():
    with film_file("chestnuts", {**OVERFLOW_VP, **ROOM_217}):
        rules = scenario_rules.scenario_rules("chestnuts")
        assert dict(rules["overflow"]) == {"sources": ("conversation", "item"), "gives": "vp"}
        assert rules["special"] == "room_217" and rules["room_217"]["vp_gate"] == 15
        assert scenario_rules.states_victory(scenario_rules.load_scenario("chestnuts").data["rules"])


@pytest.mark.parametrize("block, reason", [
    ({"overflow": {"sources": ["interrogation"], "gives": "vp"}}, "'overflow' must give 'sources'"),
    ({"overflow": {"sources": ["item"], "gives": "money"}}, "'gives' one of vp, top_secret_bonus"),
    ({"overflow": {"sources": [], "gives": "vp"}}, "'overflow' must give"),
    ({"overflow": ["conversation"]}, "'overflow' must give"),
    ({"special": "casablanca", "casablanca": {}}, "unknown 'special' 'casablanca'; known: radio_station"),
    ({"special": "pulkowski"}, "'special' 'pulkowski' needs its 'pulkowski' block"),
])
def test_a_malformed_film_block_is_refused_with_its_reason(block, reason):
    with film_file("chestnuts", block):
        with pytest.raises(ValueError, match=reason):
            scenario_rules.scenario_rules("chestnuts")
        with pytest.raises(ValueError, match=reason):
            scenario_rules.setup_plan({"scenario": "chestnuts"})


# ------------------------------------------------------------------ open-ended stages (F3)


def test_only_a_film_may_leave_out_its_stage_count():
    with film_file("chestnuts", stages=None):
        with pytest.raises(ValueError, match="only a film scenario may be open-ended"):
            scenario_rules.setup_plan({"scenario": "chestnuts"})
    with film_file("chestnuts", ROOM_217, stages=None):
        assert scenario_rules.setup_plan({"scenario": "chestnuts"})["stages"] == 0


def test_an_open_ended_game_says_no_stage_count_and_never_ends_by_time():
    with film_file("chestnuts", ROOM_217, stages=None):
        g = StawkaGame.new({"scenario": "chestnuts"}, seed=3)
        assert "played until victory" in str(g.state.log[0].text)
        while g.state.phase == "placement":
            g.apply(g.legal_actions(g.current_seat())[0], g.current_seat())
        s = g.state
        assert film.open_ended(s) and s.stages == 0
        assert str(g.state.log[-1].text).startswith("Stage 1 begins:")
        assert str(g.view(POLISH)["prompt"]).startswith("Stage 1: choose your planning card")
        s.stage, s.revealed = 40, {POLISH: "polish_1", GERMAN: "german_1"}
        flow.end_stage(g)
        assert s.result is None and s.stage == 41 and s.phase == "planning"
        g.check_state()  # the stage invariant holds past any count


# ------------------------------------------------------------------ the hooks' call points


def last_stage(g) -> None:
    s = g.state
    s.stage, s.revealed = s.stages, {POLISH: "polish_1", GERMAN: "german_1"}


def test_a_training_scenario_still_ends_in_a_draw_by_time():
    g = new_game()
    last_stage(g)
    flow.end_stage(g)
    assert g.state.result.kind == "draw"


def last_stage_ended_with(stage_result: bool, time_result: bool):
    """Meeting's last stage ended under a film's hooks answering as given; (the hooks called in order, the game)."""
    calls = []
    hooks = {"end_of_stage": lambda game: calls.append("stage") or stage_result,
             "time_out": lambda game: calls.append("time") or time_result}
    with film_file("meeting", ROOM_217), mock.patch.dict(film.SPECIAL_HOOKS, {"room_217": hooks}):
        g = new_game()
        last_stage(g)
        flow.end_stage(g)
    return calls, g


def test_the_end_of_stage_hook_runs_before_the_time_out_and_may_end_the_game():
    calls, g = last_stage_ended_with(True, True)
    assert calls == ["stage"] and g.state.result is None  # the hook ended it its own way: no draw after


def test_the_time_out_hook_settles_the_last_stage_or_leaves_the_draw():
    calls, g = last_stage_ended_with(False, False)
    assert calls == ["stage", "time"] and g.state.result.kind == "draw"


# ------------------------------------------------------------------ the evidence overflow (F1)


def test_gain_evidence_hands_the_pieces_beyond_10_and_their_source_to_the_hook():
    g = new_game()
    col = colour(next(a for a, x in g.state.agents.items() if x.side == GERMAN))
    g.state.evidence[POLISH][col] = 9
    with mock.patch.object(film, "on_overflow") as hook:
        assert flow.gain_evidence(g, POLISH, col, 3, "test", source="conversation") == 1
        hook.assert_called_once_with(g, POLISH, 2, "conversation")
        flow.gain_evidence(g, POLISH, col, 2, "test")  # no source (a card, a failed attack): never counted
        hook.assert_called_once()


def test_overflow_counts_only_where_the_block_says_and_gives_vp():
    for rules, gained in (({}, 0), (OVERFLOW_VP, 2)):
        with film_file("meeting", rules):
            g = new_game()
            col = colour(next(a for a, x in g.state.agents.items() if x.side == GERMAN))
            g.state.evidence[POLISH][col] = 10
            flow.gain_evidence(g, POLISH, col, 2, "test", source="item")
            flow.gain_evidence(g, POLISH, col, 2, "test", source="interrogation")  # F1: not a source
            assert g.state.overflow.get(POLISH, 0) == gained and g.state.vp.get(POLISH, 0) == gained


def test_a_conversation_and_an_item_used_as_evidence_name_their_source():
    g = new_game()
    polish = next(a for a, x in g.state.agents.items() if x.side == POLISH)
    german = next(a for a, x in g.state.agents.items() if x.side == GERMAN)
    with mock.patch.object(conversation, "gain_evidence") as gain, mock.patch.object(conversation, "finish_action"):
        conversation.apply_result(g, polish, german, "double")
    assert gain.call_args.kwargs["source"] == "conversation"
    tile = next(t for tiles in g.state.stacks.values() for t in tiles if item(t).evidence)
    g.state.pending.insert(0, Pending("found", POLISH, polish, items=(tile,)))
    with mock.patch.object(search, "gain_evidence") as gain, mock.patch.object(search, "finish_action"):
        search.use_as_evidence(g, tile, next(iter(item(tile).evidence)))
    assert gain.call_args.kwargs["source"] == "item"


# ------------------------------------------------------------------ state and saves


NEW_FIELDS = ("location_bottom", "overflow", "radio", "pulkowski", "vehicle", "attack_bonus")


def test_an_older_save_without_the_film_fields_loads_and_a_clone_shares_nothing():
    g = new_game(scenario="first_clash")
    data = json.loads(json.dumps(g.to_json()))
    for key in NEW_FIELDS:
        del data["state"][key]
    again = type(g).from_json(data)
    again.check_state()
    assert all(getattr(again.state, key) == {} for key in NEW_FIELDS)
    g.state.radio = {"clue": ["harbour"]}
    twin = g.state.clone()
    twin.radio["clue"].append("station")
    assert g.state.radio == {"clue": ["harbour"]}


# ------------------------------------------------------------------ simulate --stage-cap


def test_stage_cap_stops_a_game_and_counts_it_as_its_own_ending():
    args = parse_args(["--game", "stawka", "--scenario", "meeting", "--games", "3", "--seed", "4",
                       "--players", "random,random", "--stage-cap", "2", "--check"])
    r = run(args)
    assert r["errors"] == 0 and r["endings"] == {"capped": 3} and r["wins"] == {}
    g, _ = play_one(StawkaGame, {"scenario": "meeting"}, 4, ["random", "random"], False, stage_cap=2)
    assert g.state.stage == 3 and not g.is_over()


def test_without_a_cap_simulate_reports_as_before():
    r = run(parse_args(["--game", "stawka", "--scenario", "meeting", "--games", "2", "--seed", "4",
                        "--players", "random,random"]))
    assert "capped" not in r["endings"] and sum(r["wins"].values()) == 2
