"""The search's rollout on a lean game, written out: every seat plays the Easy rules
(`policy.py`) to the end of the day, as `ISMCTS._rollout` with `SpiesSearch.rollout_action`
does through `LeanGame.legal` and `apply`, with the same draws from the generator in the same
order, but without building the action lists the policy does not need (an offer, a chip, a
guess are decided on the facts). `tests/test_ai_spies_lean.py` checks both ways agree."""

from __future__ import annotations

from bisect import bisect_left
from itertools import repeat
from operator import is_

from barclay_desktop.rules.spies_lies.actions import ConfirmDeploy
from barclay_desktop.rules.spies_lies.game import (
    _ORDER,
    _STEPS,
    BORROWS,
    CAPTAIN_POINTS,
    DEPLOYS,
    MARSHAL_CHOICE,
    SEAT_SIDE,
)
from barclay_desktop.rules.spies_lies.lineup import SERGEANT

from .lean import CHIPS_EACH, MISSION_TUPLES, LeanGame
from .lean_facts import rollout_rank
from .policy import SERGEANT_TRUTH, VALUABLE, choice_action, completions
from .pruning import pruned_deploys


def rollout(game: LeanGame, rng, start: int) -> None:
    """Play `game` on to the end of day `start` (or of the game)."""
    if game.over or game.day != start:
        return
    if game.phase == "deploy" and not _deploy(game, rng):
        return  # a seat without a legal action (a sample the real game could not reach)
    if game.phase == "intel":
        _intel(game, rng)
    if game.phase == "mission":
        _missions(game, rng, start)


def _deploy(game: LeanGame, rng) -> bool:
    """Each seat still deploying fills its missions left to right, then confirms; False when one
    has no legal action."""
    day, open_table, done = game.day, game.open_table, game.done
    for seat in _ORDER[game.starter or "red", game.teams]:
        if seat in done:  # (the seats done are the first ones in this order)
            continue
        me = game.by[SEAT_SIDE[seat]]
        mine = game.mine[seat]
        missions = MISSION_TUPLES[mine]
        slots, hand = me.slots, me.hand
        while True:
            line, held = tuple(slots), tuple(hand)
            acts = pruned_deploys(line, held, mine.start, mine.stop, open_table)
            if not acts:
                return False
            if len(acts) == 1:
                a = acts[0]
                if type(a) is ConfirmDeploy:
                    break
            else:
                a = _deploy_pick(acts, line, held, missions, day, rng)
            hand.remove(a.rank)
            slots[a.mission - 1] = a.rank
        game.confirm(seat)
    return True


def _deploy_pick(acts: tuple, line: tuple, held: tuple, missions: tuple, day: int, rng):
    """`policy.deploy_action` on a pruned list of several deployments (all under the leftmost
    empty mission, never a confirmation): the same draws and the same answer."""
    fills, cum = completions(line, held, missions, day)
    if fills:
        i = bisect_left(cum, rng.random() * cum[-1])  # the first c >= x
        want = DEPLOYS[fills[i][0], next(m for m in missions if not line[m])]
        if any(map(is_, acts, repeat(want))) or want in acts:
            return want
    return rng.choice(acts)


def _intel(game: LeanGame, rng) -> None:
    """Each seat in turn marks its undecided chips, left to right (the engine's turn order): the
    truth, but a Sergeant lies sometimes (`policy.intel_action`); a chip goes on only while the
    side has one left."""
    strict = not game.open_table
    listed = game.listed
    for seat in _ORDER[game.starter or "red", game.teams]:
        me = game.by[SEAT_SIDE[seat]]
        chips = me.chips
        for m in game.mine[seat]:
            if chips[m] != -1:
                continue
            rank = me.slots[m]
            on = rank in listed
            if strict and rank != SERGEANT:
                pass  # S9: the truth is the only action
            elif CHIPS_EACH - chips.count(1) <= 0:
                on = False  # no chip left: leaving it off is the only action
            elif rank == SERGEANT and rng.random() >= SERGEANT_TRUTH:
                on = not on
            chips[m] = 1 if on else 0
    game.start_missions()  # (every chip is decided)


def _missions(game: LeanGame, rng, start: int) -> None:
    """The mission steps to the day's end: a deception chip on a valuable troop, the likeliest
    guess, and the Captain's or Marshal's choice by the Easy rules."""
    by = game.by
    steps = _STEPS[game.starter]
    while not game.over and game.day == start:
        stage = game.stage
        if stage == "choice":
            p = game.pending
            me = by[p[1]]
            legal = [CAPTAIN_POINTS] + [BORROWS[r] for r in sorted(me.elim)] if p[0] == "captain" else MARSHAL_CHOICE
            game.apply("", legal[0] if len(legal) == 1 else choice_action(legal, game.day, me.tower))
            continue
        m, _, defender = steps[game.step]
        if stage == "offer":  # policy.offer_action, then the guess at once (nothing else can happen)
            d = by[defender]
            if d.slots[m] in VALUABLE:
                d.dchips -= 1
                d.deceived[m] = True
        game.resolve(rollout_rank(game, defender, m, rng))
        game.after_reveal()
