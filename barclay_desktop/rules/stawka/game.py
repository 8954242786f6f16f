"""Stawka większa niż życie on the shared core: BASIC rules, training scenario 1 "Meeting".

The Polish network (Hans Kloss and his agents) against the German network.
Board and content come from the loaders in this package (board.py, scenario.py,
content.py); the scenario id in the options selects the setup data.
"""

from __future__ import annotations

from collections import Counter
from types import SimpleNamespace

from ..core import CorruptState, ModularGame, Rng
from ..core.message import Joined, msg, nmsg, pmsg
from ..core.words import tally
from . import content, jail
from . import texts as T
from .actions import ACTIONS
from .flow import available_cards, choice_tag, start_stage
from .handlers import apply_handler
from .legal import explain, legal, prompt
from .rules import ap_limit, board, item, markers_ok, tile_ids_at
from .placement import start_placement
from .scenario_rules import SUPPORTED_LEVELS, scenario_rules, setup_plan
from .state import (
    ACTIVATION, CARRY_OVER, COLOURS, GERMAN, PLACEMENT, PLANNING, POLISH, SIDES, TRACK_MAX, AgentState, StawkaState,
)
from .view import build_view


class StawkaGame(ModularGame):
    GAME_ID = "stawka"
    TITLE = "Stawka większa niż życie"
    CHANCE_TEXT = msg("The last action rolled the dice, so it cannot be taken back.")
    SEATS = (POLISH, GERMAN)
    SEAT_NAMES = T.NETWORK_NAME
    ACTIONS = ACTIONS
    RULES = SimpleNamespace(legal=legal, apply=apply_handler, view=build_view, explain=explain, prompt=prompt)

    @classmethod
    def setup(cls, options: dict, rng: Rng, seed: int) -> StawkaState:
        plan = setup_plan(options)
        agents = {
            aid: AgentState(aid, side, plan["kloss_document"] if aid == content.KLOSS else content.agent(aid).documents[0].id, space)
            for aid, (side, space) in plan["positions"].items()
        }
        stacks = {}
        for loc in board_locations(plan["scenario"]):
            tiles = list(tile_ids_at(loc))
            rng.shuffle(tiles)  # Item Tiles: shuffled, nobody knows the order
            stacks[loc] = tiles
        state = StawkaState(
            rng=rng,
            log=[],
            options={"scenario": plan["scenario"], "kloss_document": plan["kloss_document"]},
            scenario=plan["scenario"],
            level=plan["level"],
            stages=plan["stages"],
            agents=agents,
            used={x: [] for x in SIDES},
            stacks=stacks,
            markers={loc: [] for loc in stacks},
            seen={x: [] for x in SIDES},
            evidence={x: dict.fromkeys(COLOURS, 0) for x in SIDES},
            secrets=dict.fromkeys(SIDES, 0),
            vp=dict.fromkeys(SIDES, 0),
            to_place=dict(plan["to_place"]),
        )
        game = cls(state, track_undo=False)
        sides = {**{a: s.side for a, s in agents.items()}, **state.to_place}
        names = {x: Joined([T.agent(a) for a, side in sides.items() if side == x], ", ") for x in SIDES}
        game.emit("setup", nmsg("{title}: Polish {polish} against German {german}; {n} stage.",
                                "{title}: Polish {polish} against German {german}; {n} stages.", plan["stages"],
                                title=T.scenario_title(plan["title"]), polish=names[POLISH], german=names[GERMAN],
                                n=plan["stages"]), scenario=plan["scenario"])
        if state.to_place:
            start_placement(game, plan["placement"]["first"])
        else:
            start_stage(game)
        return state

    @classmethod
    def state_type(cls):
        return StawkaState

    # ----- the core's hooks -------------------------------------------------------
    def current_seat(self) -> str | None:
        s = self.state
        if s.result is not None:
            return None
        if s.pending:
            return s.pending[0].seat
        if s.phase == PLANNING:
            return POLISH if s.chosen.get(POLISH) is None else GERMAN
        if s.phase in (ACTIVATION, CARRY_OVER):
            return s.turn
        if s.phase == PLACEMENT:
            return s.placer
        return None

    def summary(self) -> dict:
        s = self.state
        return {
            "stage": s.stage,
            "phase": s.phase,
            "secrets": dict(s.secrets),
            "evidence": {x: sum(s.evidence[x].values()) for x in SIDES},
            **({"vp": {x: s.vp.get(x, 0) for x in SIDES}} if scenario_rules(s.scenario)["vp"] else {}),
        }

    STEP_WORDS = {PLACEMENT: pmsg("stage step", "placing the agents"),
                  PLANNING: pmsg("stage step", "planning"), ACTIVATION: pmsg("stage step", "activation"),
                  CARRY_OVER: pmsg("stage step", "carry-over"), "over": pmsg("stage step", "finished")}

    @classmethod
    def summary_rows(cls, summary: dict) -> list[tuple[str, str]]:
        rows = []
        for key, label in (("vp", msg("Victory points")), ("secrets", msg("Secrets won")), ("evidence", msg("Evidence"))):
            value = summary.get(key)
            if isinstance(value, dict):
                rows.append((label, _side_tally(value)))
        return rows

    # ----- integrity --------------------------------------------------------------------
    def check_state(self) -> None:
        try:
            self.check_invariants()
        except (AssertionError, KeyError, TypeError, ValueError, AttributeError) as exc:
            raise CorruptState(f"the saved Stawka game breaks the rules: {exc}") from exc

    def check_invariants(self) -> None:
        s = self.state
        b = board(s)
        assert s.level in SUPPORTED_LEVELS, f"rules level {s.level!r} is not implemented"
        assert 1 <= s.stage <= s.stages, f"stage {s.stage} outside 1-{s.stages}"
        assert s.phase in (PLACEMENT, PLANNING, ACTIVATION, CARRY_OVER, "over"), f"unknown phase {s.phase!r}"
        assert (s.phase == PLACEMENT) == bool(s.to_place) or s.result is not None, "agents left unplaced in play"
        assert not set(s.to_place) & set(s.agents), "an agent both placed and still to place"
        assert all(v >= 0 for v in s.vp.values()) and set(s.vp) <= set(SIDES), "victory points out of range"
        for aid, a in s.agents.items():
            content.agent(aid)
            assert a.side in SIDES, f"{aid} plays for no network"
            assert a.space in b.spaces, f"{aid} stands on {a.space!r}, not a space of this board"
            assert 0 <= a.ap_used <= ap_limit(s, aid), f"{aid} used {a.ap_used} AP (limit {ap_limit(s, aid)})"
        for x in SIDES:
            assert s.pools.get(x, 0) >= 0, f"the {x} AP pool is negative"
            assert s.secrets[x] >= 0, "negative secrets"
            assert set(s.evidence[x]) == set(COLOURS), "an investigation track is missing"
            assert all(0 <= v <= TRACK_MAX for v in s.evidence[x].values()), f"{x} evidence outside 0-{TRACK_MAX}"
            assert len(s.used[x]) < 5 and len(set(s.used[x])) == len(s.used[x]), "planning cards used twice"
            assert all(c.startswith(x + "_") for c in s.used[x]), "a used card of the wrong side"
            if s.chosen.get(x) is not None and s.phase in (PLANNING, ACTIVATION):
                assert s.chosen[x] in [c.id for c in available_cards(s, x)], "a chosen card that was used"
        self._check_items()
        for pair in s.talked:  # K13: each spent pair is two enemy agents of this scenario, once
            assert len(pair) == 2 and pair == sorted(pair), f"a spent conversation pair {pair!r} is malformed"
            assert {s.agents[x].side for x in pair} == set(SIDES), f"{pair!r} is not a pair of enemy agents"
        assert len({tuple(p) for p in s.talked}) == len(s.talked), "a conversation pair is spent twice"
        jail.check_invariants(s)  # arrested agents in the jail with no items (P15)
        if s.activation is not None:
            act = s.activation
            assert act.agent in s.agents and s.turn == s.agents[act.agent].side, "the active agent is not the turn's"
            assert act.ap_spent >= act.moved_ap >= 0, "activation AP out of step"
            assert act.moved_spaces >= act.moved_ap, "moved fewer spaces than the AP paid for movement"

    def _check_items(self) -> None:
        """Every item tile of the board's locations is in exactly one place (K9)."""
        s = self.state
        places = Counter()
        for loc, stack in s.stacks.items():
            places.update(stack)
            assert markers_ok(s.markers.get(loc, [])), f"markers at {loc} break the two-colour rule"
            assert all(c in COLOURS for c in s.markers.get(loc, [])), "unknown marker colour"
        for a in s.agents.values():
            places.update(a.items)
        places.update(s.discarded)
        for p in s.pending:
            if p.kind in ("found", "peek"):
                places.update(p.items)
        expected = {i for loc in s.stacks for i in tile_ids_at(loc)}
        assert set(places) == expected, f"item tiles missing or unknown: {sorted(expected ^ set(places))[:5]}"
        dupes = [i for i, n in places.items() if n != 1]
        assert not dupes, f"item tiles in two places: {dupes[:5]}"
        for loc, stack in s.stacks.items():
            assert all(item(i).location == loc for i in stack), f"a tile in the wrong stack at {loc}"

    def leak_probes(self, seat: str | None) -> list[str]:
        """Item tiles `seat` has never been shown, and the opponent's unrevealed planning card (K12)."""
        s = self.state
        seen = set(s.seen.get(seat, ())) if seat else set(s.seen[POLISH]) & set(s.seen[GERMAN])
        probes = [i for loc in s.stacks for i in tile_ids_at(loc) if i not in seen]
        if s.phase == PLANNING:
            for x in SIDES:
                if x != seat and s.chosen.get(x) is not None:
                    probes.append(choice_tag(s.chosen[x], s.stage))
        return probes


def _side_tally(value: dict) -> str:
    """{"polish": 1, "german": 0} -> "Polish 1, German 0" (a summary from any save: unknown keys are left out)."""
    numbers = {x: value[x] for x in SIDES if isinstance(value.get(x), int)}
    if len(numbers) == 2:
        return msg("Polish {polish}, German {german}", **numbers)
    return tally(numbers, T.NETWORK_NAME)


def board_locations(scenario_id: str) -> list[str]:
    from .scenario import board_for_scenario

    return [s.id for s in board_for_scenario(scenario_id).locations() if s.item_stack]


GAME_CLASS = StawkaGame
