"""The Spies & Lies search model for the generic ISMCTS (`ai/ismcts.py`).

- Determinization: `belief.Belief` (the seat's view, hidden troops sampled from the
  line-ups the seat cannot rule out).
- The sampled game is a `SearchGame`: the engine with two harmless prunings of the
  action lists, so the tree does not waste visits: a deployment is made left to right
  and never taken back (every in-order line-up stays reachable), and a guess names only
  ranks the guesser cannot rule out (every wrong guess has the same effect, and a rank
  that cannot be there is always wrong).
- Rollouts play the Easy rules (`policy.py`) on what the acting seat could see in the
  sample, to the end of the current day (or of the game).
- Evaluation: a finished game scores 1 / 0 / 0.5; at the end of a day the double spy's
  position and the towers, squashed into a winning chance.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache
from math import log, sqrt

from barclay_desktop.rules.spies_lies.actions import ConfirmDeploy, Deploy, Guess
from barclay_desktop.rules.spies_lies.data import intel_cards
from barclay_desktop.rules.spies_lies.game import GUESSES, SpiesLiesGame, _deploy_actions
from barclay_desktop.rules.spies_lies.state import other

from ..ismcts import ISMCTS, Node
from . import policy
from .belief import Belief
from .knowledge import EMPTY, HIDDEN, RANKS, column_marginal, lineups, most_likely

# End-of-day evaluation: logistic in the double spy's advantage (in steps) plus the
# towers' difference converted at the next day's rate (10 IP = `day` steps).
SQUASH = {1: 0.55, 2: 0.8}  # by days still to play after the cut-off
TOWER_WEIGHT = 0.6


_FACTS: dict = {}  # what the enemy of a side sees of it -> [its facts, its four marginal columns or None]
_CARDS: dict = {"": frozenset()}  # intelligence card id -> its ranks


def state_facts(state, side: str) -> tuple:
    """`knowledge.lineups` facts for `side` as its enemy sees it in a (sampled) state."""
    return _facts_entry(state, side)[0]


def _facts_entry(state, side: str) -> list:
    """[facts, columns (each None until asked)] for `side` as its enemy sees it, memoised on just
    what the facts are made of: each slot as the enemy sees it (a rank once face-up or known,
    HIDDEN while face-down, EMPTY), the eliminated troops, the chips in the mission phase, the
    intelligence card and the table mode."""
    me = state.red if side == "red" else state.blue
    slots, up, known = me.slots, me.face_up, me.known
    r0, r1, r2, r3 = slots
    key = ((r0 if up[0] or known[0] else HIDDEN) if r0 else EMPTY,
           (r1 if up[1] or known[1] else HIDDEN) if r1 else EMPTY,
           (r2 if up[2] or known[2] else HIDDEN) if r2 else EMPTY,
           (r3 if up[3] or known[3] else HIDDEN) if r3 else EMPTY,
           tuple(me.eliminated), tuple(me.chips) if state.phase == "mission" else None, state.current_intel,
           state.open_table)
    entry = _FACTS.get(key)
    if entry is None:
        if len(_FACTS) > 1 << 16:
            _FACTS.clear()
        entry = _FACTS[key] = [_state_facts(key), [None] * 4]
    return entry


def _column(entry: list, m: int) -> dict:
    """`marginals(facts)[m]` for a memo entry [facts, columns]: each mission's column is worked
    out when first asked for (a search asks about the targeted mission only)."""
    col = entry[1][m]
    if col is None:
        lines, cum = lineups(*entry[0])
        col = entry[1][m] = column_marginal(lines, cum, m)
    return col


def _state_facts(key: tuple) -> tuple:
    slots = key[:4]
    out = set(key[4]) | {r for r in slots if r > 0}
    avail = tuple(r for r in RANKS if r not in out)
    chips = key[5] if key[5] is not None else (-1, -1, -1, -1)
    card = _CARDS.get(key[6])
    if card is None:
        card = _CARDS[key[6]] = frozenset(intel_cards()[key[6]])
    return (slots, avail, chips, card, not key[7])


def prune(legal: list, possible=None) -> list:
    """Deploy left to right without withdrawals; guesses among `possible` ranks."""
    a0 = legal[0] if legal else None
    if isinstance(a0, Guess) and possible:
        return [a for a in legal if a.rank in possible] or legal
    if any(isinstance(a, ConfirmDeploy) for a in legal):
        return [a for a in legal if isinstance(a, ConfirmDeploy)]
    deploys = [a for a in legal if isinstance(a, Deploy)]
    if deploys:
        first = min(a.mission for a in deploys)
        return [a for a in deploys if a.mission == first]
    return legal


class SearchGame(SpiesLiesGame):
    """The engine with pruned action lists (see the module docstring); used only in search.

    With `policy_seats` set, those seats (everyone but the searcher) have one action: the
    one the rollout policy picks from what they could see. They then never enter the
    tree: a tree node for the enemy's guess would learn, across samples, where the
    searcher's own troops really are (they are the same in every sample), i.e. it would
    model an enemy who peeks, and make deception or clever line-ups look worthless."""

    policy_seats: frozenset = frozenset()
    model = None
    policy_rng = None
    habits: dict = {}  # side -> line-up prior the searcher's rollout guesses use against it
    _facts_at = (-1, None)  # (the core's change counter, the guessed side's facts memo entry)

    def guessed(self, defender: str) -> list:
        """The memo entry [`state_facts`, columns] of the side whose troop is being guessed,
        found once per position."""
        at = self._facts_at
        if at[0] != self._token:
            at = self._facts_at = (self._token, _facts_entry(self.state, defender))
        return at[1]

    def _legal(self, seat):
        s = self.state
        if s.phase == "mission" and s.stage == "guess":
            m, _, defender = self.mission_step()
            entry = self.guessed(defender)
            acts = _possible_guesses(_column(entry, m))  # prune()
            if len(acts) > 1 and seat in self.policy_seats:  # (the policy's guess, as below)
                return [_policy_guess(self, entry, m, defender, self.policy_rng)]
            return list(acts)
        if s.phase == "deploy":
            me = s.red if self.side_of(seat) == "red" else s.blue
            mine = self.missions_of(seat)
            acts = list(_pruned_deploys(tuple(me.slots), tuple(me.hand), mine.start, mine.stop, s.open_table))
        else:
            acts = super()._legal(seat)
        if len(acts) > 1 and seat in self.policy_seats:
            return [self.model.policy(self, seat, acts, self.policy_rng)]
        return acts


@lru_cache(maxsize=1 << 16)
def _pruned_deploys(slots: tuple, hand: tuple, first: int, stop: int, open_table: bool) -> tuple:
    """`prune(SpiesLiesGame._legal_deploy(...))`, memoised like the engine's deploy actions."""
    return tuple(prune(list(_deploy_actions(slots, hand, first, stop, open_table))))


_MISSION_TUPLES = {r: tuple(r) for r in (range(4), range(0, 2), range(2, 4))}  # a seat's missions
_GUESS_LISTS: dict = {}  # id(rank distribution) -> (the distribution, its pruned guesses)


def _possible_guesses(possible: dict) -> tuple:
    """`prune(GUESSES, possible)`: the guesses among the ranks `possible` (every guess if none),
    for one of the memoised distributions (kept beside it, so its id stays its own)."""
    entry = _GUESS_LISTS.get(id(possible))
    if entry is None or entry[0] is not possible:
        if len(_GUESS_LISTS) > 1 << 16:
            _GUESS_LISTS.clear()
        entry = _GUESS_LISTS[id(possible)] = (possible, tuple(prune(list(GUESSES), possible)))
    return entry[1]


def _policy_guess(game, entry: list, m: int, defender: str, rng: random.Random):
    """The Easy guess (`policy.guess_action`) on the guessed side's facts memo entry, with the
    searcher's line-up prior against that side when it has one."""
    habits = game.habits.get(defender)
    if habits is not None:  # policy.guess_action(facts + (habits,), m, rng)
        entry = _with_habits(entry[0], habits)
    return GUESSES[most_likely(_column(entry, m), rng) - 1]  # policy.guess_action(facts, m, rng)


_HABITS: dict = {}  # id(facts) -> (facts, habits, memo entry [facts + (habits,), columns])


def _with_habits(facts: tuple, habits: tuple) -> list:
    """The memo entry of `facts + (habits,)`, looked up by the identity of `state_facts`'
    memoised facts instead of hashing the prior's table every time."""
    entry = _HABITS.get(id(facts))
    if entry is None or entry[0] is not facts or entry[1] is not habits:
        if len(_HABITS) > 1 << 16:
            _HABITS.clear()
        entry = _HABITS[id(facts)] = (facts, habits, [facts + (habits,), [None] * 4])
    return entry[2]


def side_value(state, side: str) -> float:
    if state.result is not None:
        w = state.result.winner
        return 0.5 if w is None else (1.0 if w == side else 0.0)
    sign = 1 if side == "red" else -1
    left = max(1, 3 - len(state.history))
    next_day = min(3, len(state.history) + 1)
    towers = (state.side(side).tower - state.side(other(side)).tower) * next_day / 10.0
    adv = sign * state.spy + TOWER_WEIGHT * towers
    return 1.0 / (1.0 + math.exp(-SQUASH.get(left, 0.8) * adv))


class SpiesSearch:
    def __init__(self, prior: bool = False):
        self.prior = prior  # the enemy lines up as computer players usually do (Belief)

    # ----- the SearchModel protocol ---------------------------------------------------
    def prepare(self, view: dict) -> Belief:
        return Belief(view, self.prior)

    def determinize(self, belief: Belief, rng: random.Random):
        game = belief.sample(rng, SearchGame)
        fixed = belief.__dict__.get("_search_fixed")
        if fixed is None:
            fixed = belief._search_fixed = (
                {side: f[5] for side, f in belief.facts.items() if len(f) > 5},
                # every other seat plays the rollout policy, never the tree (SearchGame says why)
                frozenset(s for s in game.seats if s != belief.seat))
        game.habits, game.policy_seats = fixed
        game.model = self
        game.policy_rng = rng
        return game

    def key(self, action):
        return action

    def start_marker(self, game):
        return game.state.day

    def stop(self, game, start) -> bool:
        return game.state.day != start  # the end-of-day evaluation (side_value) takes over

    def evaluate(self, game, rng: random.Random) -> dict[str, float]:
        s = game.state
        red = side_value(s, "red")
        return {seat: red if seat.startswith("red") else 1.0 - red for seat in game.seats}

    def rollout_action(self, game, seat: str, legal: list, rng: random.Random):
        if len(legal) == 1:
            return legal[0]
        return self.policy(game, seat, legal, rng)

    def policy(self, game, seat: str, legal: list, rng: random.Random):
        """The Easy rules on what `seat` could see in the sampled game."""
        s = game.state
        side = game.side_of(seat)
        me = s.side(side)
        if s.phase == "eliminate":
            return rng.choice(legal)
        if s.phase == "deploy":
            missions = _MISSION_TUPLES[game.missions_of(seat)]
            return policy.deploy_action(legal, tuple(me.slots), tuple(me.hand), missions, s.day, rng)
        if s.phase == "intel":
            m = legal[0].mission - 1
            rank = me.slots[m]
            return policy.intel_action(legal, rank, rank in intel_cards()[s.current_intel], rng)
        if s.stage == "choice":
            return policy.choice_action(legal, s.day, me.tower)
        m, _, defender = game.mission_step()
        if s.stage == "offer":
            return policy.offer_action(legal, me.slots[m])
        return _policy_guess(game, game.guessed(defender), m, defender, rng)


class SpiesISMCTS(ISMCTS):
    """`ISMCTS` with its iteration written out for `SpiesSearch`: the same tree, the same
    statistics and the same draws from the player's generator, in fewer steps.

    It relies on what `SpiesSearch` is: every action is its own tree key (`key` is the
    identity, and a list of legal actions never holds one action twice, so each key has a
    one-action list), a rollout stops when the day changes (`stop`) and the rewards are the
    two sides' values (`evaluate`). `search` and `_pick` are the generic ones."""

    def _iterate(self, root: Node, game, rng: random.Random, root_keys) -> None:
        model = self.model
        state = game.state
        start = state.day
        node = root
        path = [root]
        choice = rng.choice
        # game.legal_actions(seat) and game.apply_trusted(seat, action), without their wrappers:
        # every position below is new (nothing cached yet), unfinished and `seat`'s turn
        legal_of, apply = game._legal, game._apply_validated
        while state.result is None and state.day == start:
            seat = game.current_seat()
            legal = legal_of(seat)
            if not legal:
                break
            if node is root:
                # the real legal actions are known exactly; a sample must not invent others
                keys = [k for k in legal if k in root_keys] or legal
            else:
                keys = legal
            children = node.children
            untried, kids = [], []
            for k in keys:
                child = children.get(k)
                if child is None:
                    untried.append(k)
                else:
                    child.avail += 1
                    kids.append(child)
            if untried:
                k = choice(untried)
                node = children[k] = Node(seat)
            else:  # self._select(node, keys), written out: the same arithmetic
                seat_k = kids[0].seat
                low = self.low.get(seat_k, 0.0)
                span = self.high.get(seat_k, 1.0) - low
                span = span if span > 1e-9 else 1.0
                c = self.c
                k, best_v = None, -math.inf
                for key, ch in zip(keys, kids):
                    visits, avail = ch.visits, ch.avail
                    v = (ch.total / visits - low) / span + c * sqrt(log(avail if avail > 1 else 1) / visits)
                    if v > best_v:
                        k, best_v, node = key, v, ch
            action = choice((k,))  # the generic search draws among the key's actions: one here
            path.append(node)
            apply(seat, action)  # taken from the legal actions just above
            if untried:
                break
        # the rollout (`ISMCTS._rollout`): every seat plays the policy to the end of the day
        policy = model.policy
        while state.result is None and state.day == start:
            seat = game.current_seat()
            legal = legal_of(seat)
            if not legal:
                break
            apply(seat, legal[0] if len(legal) == 1 else policy(game, seat, legal, rng))
        reward = model.evaluate(game, rng)
        self._note_range(reward)
        for n in path:
            n.visits += 1
            if n.seat is not None:
                n.total += reward[n.seat]
