"""Stawka większa niż życie on the shared core: BASIC rules, training scenario 1 "Meeting".

The Polish network (Hans Kloss and his agents) against the German network.
Board and content come from the loaders in this package (board.py, scenario.py,
content.py); the scenario id in the options selects the setup data.
"""

from __future__ import annotations

from collections import Counter
from types import SimpleNamespace

from ..core import CorruptState, ModularGame, Rng
from ..core.errors import broken_rule
from ..core.message import Joined, msg, nmsg, pmsg
from ..core.words import tally
from . import (advanced_items, assassination, content, film, free_scenario, hotel, jail, location_cards, missions,
               radio, radio_view, reaction_cards, reaction_windows)
from . import texts as T
from . import actions as A
from .actions import ACTIONS
from .flow import available_cards, choice_tag, start_stage
from .handlers import apply_handler
from .legal import explain, legal, prompt
from .rules import ap_limit, board, item, markers_ok, tile_ids_at
from .campaign import apply_carry_in, check_campaign, offer_kept_item
from .placement import start_placement
from .threats import THREATS, check_threats, setup_threats, unseen_tokens
from .scenario_rules import ENGINE_LEVELS, scenario_rules, setup_plan
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
        options = free_scenario.resolve_options(options)  # a built scenario (F35): registered, its id the scenario
        plan = setup_plan(options)
        campaign = check_campaign(options, plan["scenario"])  # K16: refused here, with a reason, if damaged
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
            options={"scenario": plan["scenario"], "kloss_document": plan["kloss_document"],
                     **({"campaign": campaign} if campaign else {}), **free_scenario.carried(options)},
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
        game.emit("setup", _setup_text(plan, names), scenario=plan["scenario"])
        setup_threats(state)
        film.setup(game)  # Top Secret: the Black Audi and the factory's check (F18, F19)
        location_cards.setup_location_cards(state)  # ADVANCED: each side's deck of the board's cards (L401)
        bottom = hotel.setup_text(state)  # Hotel Excelsior: where the hotel cards are is public (L594, F12)
        if bottom is not None:
            game.emit("location_bottom", bottom)
        reaction_cards.setup_reaction_cards(state)  # ADVANCED: the one shared deck (L417)
        if campaign:
            apply_carry_in(game, campaign)
        if state.to_place:
            start_placement(game, plan["placement"]["first"])
        else:
            start_stage(game)
            offer_kept_item(game)
            film.before_first_stage(game)  # F5: the radio station is hidden before stage 1's planning cards
        return state

    @classmethod
    def state_type(cls):
        return StawkaState

    @classmethod
    def from_json(cls, data: dict, *, track_undo: bool = True):
        free_scenario.register_saved(data)  # F35: the save carries its built scenario; a fresh process learns it here
        return super().from_json(data, track_undo=track_undo)

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
        if s.phase == THREATS:
            return s.setout_order[0]
        return None

    # ----- a person's standing order (the session's, A11): no reaction windows for the rest of the stage ---------
    def quiet_token(self) -> int:
        return self.state.stage

    def standing_answer(self, seat: str, token) -> "A.PassReaction | None":
        """The pass for `seat`'s reaction window while his "not this stage" order holds (the stage it was given)."""
        s = self.state
        p = s.pending[0] if s.pending else None
        if token != s.stage or p is None or p.kind != "reaction_window" or p.seat != seat:
            return None
        return A.PassReaction()

    def summary(self) -> dict:
        s = self.state
        campaign = s.options.get("campaign")
        return {
            "scenario": s.scenario,
            **({"free_name": s.options["free"]["title"]} if "free" in s.options else {}),
            **({"campaign_step": campaign["step"]} if campaign else {}),
            "stage": s.stage,
            "phase": s.phase,
            "secrets": dict(s.secrets),
            "evidence": {x: sum(s.evidence[x].values()) for x in SIDES},
            **({"vp": {x: s.vp.get(x, 0) for x in SIDES}} if scenario_rules(s.scenario)["vp"] else {}),
        }

    STEP_WORDS = {PLACEMENT: pmsg("stage step", "placing the agents"), THREATS: pmsg("stage step", "threat tokens"),
                  PLANNING: pmsg("stage step", "planning"), ACTIVATION: pmsg("stage step", "activation"),
                  CARRY_OVER: pmsg("stage step", "carry-over"), "over": pmsg("stage step", "finished")}

    @classmethod
    def summary_rows(cls, summary: dict) -> list[tuple[str, str]]:
        rows = [row for row in (_scenario_row(summary),) if row]
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
            raise CorruptState(broken_state(exc)) from exc

    def check_invariants(self) -> None:
        s = self.state
        b = board(s)
        assert s.level in ENGINE_LEVELS, msg("the rules level is not one this version plays")
        # stages 0: an open-ended film (F3), no last stage
        assert 1 <= s.stage and (not s.stages or s.stage <= s.stages), \
            msg("stage {stage} is outside 1-{stages}", stage=s.stage, stages=s.stages)
        assert s.phase in (PLACEMENT, PLANNING, THREATS, ACTIVATION, CARRY_OVER, "over"), \
            msg("the game is in an unknown phase")
        check_threats(s)
        assert s.carry_step in ("", "track", "item") and (s.carry_step == "" or s.phase == CARRY_OVER), \
            msg("a carry-over choice is open outside the carry-over")
        location_cards.check_invariants(s)  # ADVANCED (K10)
        reaction_cards.check_invariants(s)
        reaction_windows.check_invariants(s)  # A11-A16: the open window, the block
        advanced_items.check_invariants(s)  # A22: Top Secret cards
        radio.check_invariants(s)  # "I Know Who You Are" (F5-F9)
        assert (s.phase == PLACEMENT) == bool(s.to_place) or s.result is not None, \
            msg("agents are left off the board after the placement")
        assert not set(s.to_place) & set(s.agents), msg("an agent is both on the board and still to be placed")
        assert all(v >= 0 for v in s.vp.values()) and set(s.vp) <= set(SIDES), msg("victory points are out of range")
        for aid, a in s.agents.items():
            content.agent(aid)
            assert a.side in SIDES, msg("an agent plays for no network")
            assert a.space in b.spaces, msg("an agent stands off the board")
            assert 0 <= a.ap_used <= ap_limit(s, aid), msg("an agent has used more AP than its limit")
        for x in SIDES:
            assert s.pools.get(x, 0) >= 0, msg("an AP pool is negative")
            assert s.secrets[x] >= 0, msg("a number of secrets is negative")
            assert set(s.evidence[x]) == set(COLOURS), msg("an investigation track is missing")
            assert all(0 <= v <= TRACK_MAX for v in s.evidence[x].values()), \
                msg("evidence on an investigation track is outside 0-{top}", top=TRACK_MAX)
            assert len(s.used[x]) < 5 and len(set(s.used[x])) == len(s.used[x]), \
                msg("planning cards are used twice, or too many are used")
            assert all(c.startswith(x + "_") for c in s.used[x]), msg("a used planning card belongs to the other side")
            if s.chosen.get(x) is not None and s.phase in (PLANNING, ACTIVATION):
                assert s.chosen[x] in [c.id for c in available_cards(s, x)], \
                    msg("a chosen planning card was already used")
        self._check_items()
        missions.check_invariants(s)  # EXTENDED (issue 34)
        assassination.check_invariants(s)
        for pair in s.talked:  # K13: each spent pair is two enemy agents of this scenario, once
            assert len(pair) == 2 and pair == sorted(pair), msg("a finished conversation is damaged")
            assert {s.agents[x].side for x in pair} == set(SIDES), \
                msg("a finished conversation is not between enemy agents")
        assert len({tuple(p) for p in s.talked}) == len(s.talked), msg("a conversation is recorded twice")
        jail.check_invariants(s)  # arrested agents in the jail with no items (P15)
        if s.vehicle:  # Top Secret (F17-F21)
            from .vehicle import check_invariants as check_vehicle

            check_vehicle(s)
        if s.activation is not None:
            act = s.activation
            assert act.agent in s.agents and s.turn == s.agents[act.agent].side, \
                msg("the active agent does not belong to the side whose turn it is")
            assert act.ap_spent >= act.moved_ap >= 0, msg("the activation's AP do not add up")
            # a space costs 1 AP, 2 after dangerous terrain (step_cost only ever rises, to 2)
            assert act.moved_spaces * act.step_cost >= act.moved_ap, \
                msg("the agent moved fewer spaces than the AP paid for moving")

    def _check_items(self) -> None:
        """Every item tile of the board's locations is in exactly one place (K9)."""
        s = self.state
        places = Counter()
        for loc, stack in s.stacks.items():
            places.update(stack)
            assert markers_ok(s.markers.get(loc, [])), msg("the markers at a location break the two-colour rule")
            assert all(c in COLOURS for c in s.markers.get(loc, [])), msg("a marker has an unknown colour")
        for a in s.agents.values():
            places.update(a.items)
        places.update(s.discarded)
        for p in s.pending:
            if p.kind in ("found", "peek"):
                places.update(p.items)
        expected = {i for loc in s.stacks for i in tile_ids_at(loc)}
        assert set(places) == expected, msg("some item tiles are missing or unknown")
        dupes = [i for i, n in places.items() if n != 1]
        assert not dupes, msg("some item tiles are in two places")
        for loc, stack in s.stacks.items():
            assert all(item(i).location == loc for i in stack), msg("an item tile lies in the wrong location's stack")

    def leak_probes(self, seat: str | None) -> list[str]:
        """Item tiles `seat` has never been shown, and the opponent's unrevealed planning card (K12)."""
        s = self.state
        seen = set(s.seen.get(seat, ())) if seat else set(s.seen[POLISH]) & set(s.seen[GERMAN])
        probes = [i for loc in s.stacks for i in tile_ids_at(loc) if i not in seen]
        if s.phase == PLANNING:
            for x in SIDES:
                if x != seat and s.chosen.get(x) is not None:
                    probes.append(choice_tag(s.chosen[x], s.stage))
        # the opponent's threat tokens whose face this seat does not know, quoted: "german.1" is in "german.12"
        probes += [f'"{t}"' for t in unseen_tokens(s, seat)]
        probes += [f'"{c}"' for c in missions.hidden_cards(s, seat)]  # quoted: "jacek.1" is in "jacek.12"
        probes += [f'"{c}"' for c in location_cards.hidden_cards(s, seat)]  # the other hand and deck (K12)
        probes += [f'"{c}"' for c in reaction_cards.hidden_cards(s, seat)]  # quoted: "reaction.1" in "reaction.12"
        probes += [f'"{p}"' for p in radio_view.leak_probes(s, seat)]  # the hidden radio station (K12)
        return probes

    def stale_probes(self, events) -> tuple[int, tuple[str, ...]]:
        """For simulate's check of the new `events`: those before the last reshuffle among them were written while
        the used reaction cards lay face up in the discard (A6), so they may name a card the rebuilt deck (A5)
        has hidden since; long open-ended games (Hotel Excelsior, F3) meet this within one action."""
        cut = _last_reshuffle(events)
        return (cut, ('"reaction.',)) if cut else (0, ())


def _last_reshuffle(events) -> int:
    return max((i + 1 for i, e in enumerate(events) if e.kind == "reshuffled"), default=0)


def _scenario_row(summary: dict):
    """('Scenario', 'First Clash, training campaign 2 of 3') for the load screen; None in older headers."""
    from .scenario import load_scenario

    scenario = summary.get("scenario")
    name = summary.get("free_name")
    if free_scenario.is_free(scenario) and isinstance(name, str) and name:  # not registered in this process
        return msg("Scenario"), msg("Free scenario: {name}", name=name[:free_scenario.NAME_MAX])
    try:  # a header is untrusted: only a plain scenario id is looked up
        title = (T.scenario_title(load_scenario(scenario).title)
                 if isinstance(scenario, str) and scenario.isidentifier() else None)
    except ValueError:
        title = None
    if title is None:
        return None
    step = summary.get("campaign_step")
    if isinstance(step, int) and not isinstance(step, bool) and 1 <= step <= 3:
        title = msg("{scenario}, training campaign {step} of 3", scenario=title, step=step)
    return msg("Scenario"), title


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


def broken_state(exc: Exception) -> str:
    """Why a saved state fails check_invariants, as the Load screen says it: the broken rule's
    Message, or that the state is too damaged to be checked (Python's words stay on the chain)."""
    problem = broken_rule(exc)  # one whole sentence per game: Polish declines the game's name
    if problem is not None:
        return msg("impossible Stawka state: {problem}", problem=problem)
    return msg("impossible Stawka state: it cannot even be checked")


def _setup_text(plan: dict, names: dict):
    """The setup line: the stage count, or "until victory" for an open-ended film (F3)."""
    title = T.scenario_title(plan["title"])
    if not plan["stages"]:
        return msg("{title}: Polish {polish} against German {german}; played until victory.",
                   title=title, polish=names[POLISH], german=names[GERMAN])
    return nmsg("{title}: Polish {polish} against German {german}; {n} stage.",
                "{title}: Polish {polish} against German {german}; {n} stages.", plan["stages"],
                title=title, polish=names[POLISH], german=names[GERMAN], n=plan["stages"])

