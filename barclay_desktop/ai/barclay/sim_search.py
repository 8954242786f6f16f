"""The Barclay search on compact samples (issue 38): `BarclaySearch` and `BarclayISMCTS`
(search.py) with each determinization a `MonthSim` (sim.py) instead of the engine's game.

Every draw from the search's generator, every legal list and every reward is the one the
engine's game gives, so the search chooses exactly as before, and sooner:
`bench/barclay_search.py --compare` checks the choices and every root statistic, and
`tests/test_ai_barclay_sim.py` checks the sim against the engine move by move.
"""

from __future__ import annotations

import math
import random

from barclay_desktop.rules.barclay.state import ABWEHR, LCS, MONTHS, WILD_TOKENS

from ..ismcts import ISMCTS, Node
from .belief import Belief
from .knowledge import proof_chance, tokens_value
from .search import FULL_UNCERTAINTY, BarclaySearch
from .sim import MonthSim
from .sim_rollout import rollout


class SimSearch(BarclaySearch):
    """BarclaySearch's model with the samples as MonthSims."""

    counts = None  # the face-up tokens per sector (the view's: none turns before the search stops)

    def prepare(self, view: dict) -> Belief:
        belief = super().prepare(view)
        self.counts = belief.counts
        return belief

    def determinize(self, belief: Belief, rng: random.Random) -> MonthSim:
        sim = belief.sample_sim(rng)
        if belief.bet_model:  # the opponent's bets follow the fitted model (PolicyOpponentGame)
            sim.opponent, sim.model, sim.policy_rng = belief.opp, self, rng
        return sim

    def evaluate(self, sim: MonthSim, rng: random.Random) -> dict[str, float]:
        """BarclaySearch.evaluate of the engine's game where the sim stopped."""
        counts = self.counts
        if sim.lcs_won:
            p = 0.0
        elif sim.over and not sim.ended:  # the Abwehr is about to flip the tokens it won
            p = min(1.0, tokens_value(counts, sim.won) / FULL_UNCERTAINTY)
            if self.carry and sim.month < MONTHS:
                p += self.carried_value(sim, counts)
            if self.proof_value:  # the months after a proof are never played
                tokens = tuple(sorted(sim.won, key=lambda t: t in WILD_TOKENS))  # colour tokens first
                chance = proof_chance(counts, sim.greens, tokens)
                p = chance if sim.month >= MONTHS else chance + (1.0 - chance) * p
        else:
            p = self.carried_value(sim, counts) if self.carry else 0.0
        return {ABWEHR: p, LCS: 1.0 - p}


class SimISMCTS(ISMCTS):
    """BarclayISMCTS's loop on MonthSims: the same steps, draws and statistics."""

    _root_legal = None  # the root's legal actions in the last sample, and their key groups
    _root_by_key = None

    def search(self, view: dict, legal: list, rng: random.Random, mix: float = 0.0):
        self._root_legal = self._root_by_key = None
        return super().search(view, legal, rng, mix)

    def _iterate(self, root: Node, sim: MonthSim, rng: random.Random, root_keys) -> None:
        node = root
        path = [root]
        getrandbits = rng.getrandbits
        while not sim.over:
            seat = sim.current_seat()
            if seat is None:
                break
            legal = sim.legal(seat)
            if not legal:
                break
            if node is root:
                k, untried = self._root_step(root, legal, root_keys, rng)
            else:
                k, untried = self._step(node, legal, rng)
            if untried:
                node.children[k] = Node(seat)
            while getrandbits(1):  # rng.choice([k]): the draw ISMCTS makes among the actions
                pass  # of the chosen key (one here), as random's _randbelow(1) makes it
            node = node.children[k]
            path.append(node)
            sim.apply(seat, k)
            if untried:
                break
        self._rollout(sim, rng, None)
        reward = self.model.evaluate(sim, rng)
        self._note_range(reward)
        for n in path:
            n.visits += 1
            if n.seat is not None:
                n.total += reward[n.seat]

    def _root_step(self, root: Node, legal: list, root_keys, rng: random.Random):
        """(the key to follow, whether it is new) at the root, as BarclayISMCTS chooses."""
        if self._root_legal != legal:  # == compares the interned actions by identity first
            keys = [a for a in legal if a in root_keys] or legal  # a sample must not invent others
            self._root_legal, self._root_by_key = legal, keys
        return self._step(root, self._root_by_key, rng)

    def _step(self, node: Node, keys: list, rng: random.Random):
        """The sim's legal lists hold each action once (tests/test_ai_barclay_sim.py), so
        each action is its own key group: one dictionary look-up per action."""
        children = node.children
        untried = []
        seen = []
        for k in keys:
            child = children.get(k)
            if child is None:
                untried.append(k)
            else:
                child.avail += 1
                seen.append((k, child))
        if untried:
            return rng.choice(untried), True
        return self._select_among(seen), False

    def _select_among(self, seen: list):
        """ISMCTS._select over (key, child) pairs in the legal order."""
        c = self.c
        best_k, best_v = None, -math.inf
        seat = seen[0][1].seat
        low = self.low.get(seat, 0.0)
        span = self.high.get(seat, 1.0) - low
        span = span if span > 1e-9 else 1.0
        log, sqrt = math.log, math.sqrt
        for k, ch in seen:
            q = (ch.total / ch.visits - low) / span
            v = q + c * sqrt(log(max(ch.avail, 1)) / ch.visits)
            if v > best_v:
                best_k, best_v = k, v
        return best_k

    def _rollout(self, sim: MonthSim, rng: random.Random, start) -> None:
        rollout(sim, self.model, rng)
