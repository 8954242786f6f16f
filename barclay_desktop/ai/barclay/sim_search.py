"""The Barclay search on compact samples (issue 38): `BarclaySearch` and `BarclayISMCTS`
(search.py) with each determinization a `MonthSim` (sim.py) instead of the engine's game.

Every draw from the search's generator, every legal list and every reward is the one the
engine's game gives, so the search chooses exactly as before, and sooner:
`bench/barclay_search.py --compare` checks the choices and every root statistic, and
`tests/test_ai_barclay_sim.py` checks the sim against the engine move by move.
"""

from __future__ import annotations

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
        choice = rng.choice
        while not sim.over:
            seat = sim.current_seat()
            if seat is None:
                break
            legal = sim.legal(seat)
            if not legal:
                break
            if node is root and self._root_legal == legal:  # == compares the interned actions by identity first
                by_key = self._root_by_key
            else:
                by_key = {}
                for a in legal:  # no flip is searched: each action is its own key
                    group = by_key.get(a)
                    if group is None:
                        by_key[a] = [a]
                    else:
                        group.append(a)
                if node is root:
                    # the real legal actions are known exactly; a sample must not invent others
                    by_key = {k: v for k, v in by_key.items() if k in root_keys} or by_key
                    self._root_legal, self._root_by_key = legal, by_key
            children = node.children
            untried = []
            for k in by_key:
                child = children.get(k)
                if child is not None:
                    child.avail += 1
                else:
                    untried.append(k)
            if untried:
                k = choice(untried)
                children[k] = Node(seat)
            else:
                k = self._select(node, by_key)
            action = choice(by_key[k])
            node = children[k]
            path.append(node)
            sim.apply(seat, action)
            if untried:
                break
        self._rollout(sim, rng, None)
        reward = self.model.evaluate(sim, rng)
        self._note_range(reward)
        for n in path:
            n.visits += 1
            if n.seat is not None:
                n.total += reward[n.seat]

    def _rollout(self, sim: MonthSim, rng: random.Random, start) -> None:
        rollout(sim, self.model, rng)
