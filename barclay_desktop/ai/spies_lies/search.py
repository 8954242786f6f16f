"""The Spies & Lies search model for the generic ISMCTS (`ai/ismcts.py`).

- Determinization: `belief.Belief` (the seat's view, hidden troops sampled from the
  line-ups the seat cannot rule out), played as a lean game (`lean.py`, `lean_sample.py`):
  the rules of the rest of the day on plain lists, with the action lists pruned
  (`pruning.py`) so the tree does not waste visits.
- Only the searcher's decisions enter the tree: every other seat plays the rollout policy
  (`LeanGame.policy_seats`). A tree node for the enemy's guess would learn, across samples,
  where the searcher's own troops really are (they are the same in every sample), i.e. it
  would model an enemy who peeks, and make deception or clever line-ups look worthless.
- Rollouts play the Easy rules (`policy.py`) on what the acting seat could see in the
  sample, to the end of the current day (or of the game): `lean_rollout.py`.
- Evaluation: a finished game scores 1 / 0 / 0.5; at the end of a day the double spy's
  position and the towers, squashed into a winning chance.
"""

from __future__ import annotations

import math
import random

from barclay_desktop.rules.spies_lies.game import SEAT_SIDE

from ..ismcts import ISMCTS, Node
from .belief import Belief
from .lean import CANON, LeanGame
from .lean_rollout import rollout
from .lean_sample import sample

# End-of-day evaluation: logistic in the double spy's advantage (in steps) plus the
# towers' difference converted at the next day's rate (10 IP = `day` steps).
SQUASH = {1: 0.55, 2: 0.8}  # by days still to play after the cut-off
TOWER_WEIGHT = 0.6


def red_value(game: LeanGame) -> float:
    """Red's winning chance: 1 / 0 / 0.5 for a finished game, else the squashed advantage."""
    if game.over:
        w = game.winner
        return 0.5 if w is None else (1.0 if w == "red" else 0.0)
    done = game.days_done
    towers = (game.red.tower - game.blue.tower) * min(3, done + 1) / 10.0
    adv = game.spy + TOWER_WEIGHT * towers
    return 1.0 / (1.0 + math.exp(-SQUASH.get(max(1, 3 - done), 0.8) * adv))


class SpiesSearch:
    def __init__(self, prior: bool = False):
        self.prior = prior  # the enemy lines up as computer players usually do (Belief)

    # ----- the SearchModel protocol ---------------------------------------------------
    def prepare(self, view: dict) -> Belief:
        return Belief(view, self.prior)

    def determinize(self, belief: Belief, rng: random.Random) -> LeanGame:
        game = sample(belief, rng)
        fixed = belief.__dict__.get("_search_fixed")
        if fixed is None:
            fixed = belief._search_fixed = (
                {side: f[5] for side, f in belief.facts.items() if len(f) > 5},
                # every other seat plays the rollout policy, never the tree (the module says why)
                frozenset(s for s in game.seats if s != belief.seat))
        game.habits, game.policy_seats = fixed
        game.rng = rng
        return game

    def key(self, action) -> int:
        """Each action is its own tree edge, known by its game object's identity (`lean.CANON`)."""
        return id(CANON.get(action, action))

    def start_marker(self, game: LeanGame):
        return game.day

    def stop(self, game: LeanGame, start) -> bool:
        return game.day != start  # the end-of-day evaluation (red_value) takes over

    def evaluate(self, game: LeanGame, rng: random.Random) -> dict[str, float]:
        red = red_value(game)
        return {seat: red if seat.startswith("red") else 1.0 - red for seat in game.seats}

    def rollout_action(self, game: LeanGame, seat: str, legal: list, rng: random.Random):
        if len(legal) == 1:
            return legal[0]
        return game.policy(seat, legal, rng)


class SpiesISMCTS(ISMCTS):
    """`ISMCTS` with its iteration written out for `SpiesSearch`: the same tree, the same
    statistics and the same draws from the player's generator, in fewer steps.

    It relies on what `SpiesSearch` is: every action is its own tree key (`key` is the
    identity of the game's action object, and a list of legal actions never holds one action
    twice, so each key has a one-action list), a rollout stops when the day changes (`stop`) and the rewards are the
    two sides' values (`evaluate`). `search` and `_pick` are the generic ones."""

    def _iterate(self, root: Node, game: LeanGame, rng: random.Random, root_keys) -> None:
        start = game.day
        node = root
        path = [root]
        # rng.choice(seq) is seq[rng._randbelow(len(seq))]: written out below, the same draws
        getrandbits = rng.getrandbits
        turn, apply = game.turn, game.apply
        while not game.over and game.day == start:
            seat, legal = turn()
            if not legal:
                break
            if node is root:
                # the real legal actions are known exactly; a sample must not invent others
                legal = [a for a in legal if id(a) in root_keys] or legal
            children = node.children
            if len(legal) == 1 and id(legal[0]) in children:  # one tried move: the only one to select
                a = legal[0]
                node = children[id(a)]
                node.avail += 1
                untried = None
            else:
                untried, kids = [], []
                for a in legal:
                    child = children.get(id(a))
                    if child is None:
                        untried.append(a)
                    else:
                        child.avail += 1
                        kids.append(child)
                if untried:
                    n = len(untried)  # a = rng.choice(untried)
                    bits = n.bit_length()
                    r = getrandbits(bits)
                    while r >= n:
                        r = getrandbits(bits)
                    a = untried[r]
                    node = children[id(a)] = Node(seat)
                else:
                    a, node = self._select_among(list(zip(legal, kids)))
            while getrandbits(1):  # rng.choice((a,)): the generic search draws among the key's actions
                pass
            path.append(node)
            apply(seat, a)  # taken from the legal actions just above
            if untried:
                break
        rollout(game, rng, start)  # every seat plays the policy to the end of the day
        red = red_value(game)
        reward = {"red": red, "blue": 1.0 - red}  # by side; self._note_range(rewards by seat):
        low, high = self.low, self.high
        for seat in game.seats:
            r = reward[SEAT_SIDE[seat]]
            if r < low.get(seat, r + 1):
                low[seat] = r
            if r > high.get(seat, r - 1):
                high[seat] = r
        for n in path:
            n.visits += 1
            if n.seat is not None:
                n.total += reward[SEAT_SIDE[n.seat]]

