"""The Barclay search on compact samples (issue 38): `BarclaySearch` and `BarclayISMCTS`
(search.py) with each determinization a `MonthSim` (sim.py) instead of the engine's game.

Every legal list and every reward is the one the engine's game gives:
`tests/test_ai_barclay_sim.py` checks the sim against the engine move by move, and the
search on sims against the generic ISMCTS on engine games (root statistics), both with the
samples' decks shuffled (`lazy` off). The players' samples leave the channels and own decks
in no order and draw from them at random (Belief.sample_sim): the same distribution of
samples with other draws, so their choices differ from the engine search's one by one, and
the declared tournament of issue 38's seventh round (docs/ai.md) found the same strength.
"""

from __future__ import annotations

import math
import random
from math import log, sqrt

from barclay_desktop.rules.barclay.state import ABWEHR, EVIDENCE_TOKENS, LCS, MONTHS, WILD_TOKENS

from ..ismcts import ISMCTS, Node
from .belief import Belief
from .knowledge import flip_gains, hand_category, proof_chance, tokens_value
from .search import FULL_UNCERTAINTY, BarclaySearch
from .sim import MonthSim, trim_caches
from .sim_rollout import rollout


class SimSearch(BarclaySearch):
    """BarclaySearch's model with the samples as MonthSims."""

    counts = None  # the face-up tokens per sector (the view's: none turns before the search stops)
    lazy = True  # samples with decks in no order, drawn from at random (Belief.sample_sim)

    def prepare(self, view: dict) -> Belief:
        belief = super().prepare(view)
        counts = self.counts = belief.counts
        if counts is not None:  # what evaluate reads of the counts, worked out once a search
            self._gains = flip_gains(counts)
            self._best_gain = max(self._gains.values(), default=0.0)
            # a token's value in evaluate: a wild token's the best sector's, a colour's its own
            self._token_values = {**self._gains, **{t: self._best_gain for t in WILD_TOKENS}}
            self._unit = tokens_value(counts, EVIDENCE_TOKENS) / (len(EVIDENCE_TOKENS) * FULL_UNCERTAINTY)
        return belief

    def determinize(self, belief: Belief, rng: random.Random) -> MonthSim:
        sim = belief.sample_sim(rng, self.lazy)
        if belief.bet_model:  # the opponent's bets follow the fitted model (PolicyOpponentGame)
            sim.opponent, sim.model, sim.policy_rng = belief.opp, self, rng
        return sim

    def evaluate(self, sim: MonthSim, rng: random.Random) -> dict[str, float]:
        """BarclaySearch.evaluate of the engine's game where the sim stopped."""
        p = self.abwehr_value(sim)
        return {ABWEHR: p, LCS: 1.0 - p}

    def abwehr_value(self, sim: MonthSim) -> float:
        """evaluate(sim)[ABWEHR]."""
        counts = self.counts
        if sim.lcs_won:
            p = 0.0
        elif sim.over and not sim.ended:  # the Abwehr is about to flip the tokens it won
            values = self._token_values  # tokens_value(counts, sim.won), as it sums
            total = 0  # sum() of the values in order, written out (a comprehension is a call)
            for t in sim.won:
                total += values.get(t, 0.0)
            p = min(1.0, total / FULL_UNCERTAINTY)
            if self.carry and sim.month < MONTHS:
                p += self._carried(sim)
            if self.proof_value:  # the months after a proof are never played
                tokens = _colour_first(sim.won)
                chance = proof_chance(counts, sim.greens, tokens)
                p = chance if sim.month >= MONTHS else chance + (1.0 - chance) * p
        else:
            p = self._carried(sim) if self.carry else 0.0
        return p

    def _carried(self, sim: MonthSim) -> float:
        """carried_value(sim, counts), with its token unit worked out once a search."""
        lead = hand_category(sim.hands[ABWEHR]) - hand_category(sim.hands[LCS])
        if not lead:
            return 0.0
        return self.carry * max(-3, min(3, lead)) * self._unit


def _colour_first(won: list) -> tuple:
    """The won tokens with the colour tokens first (a stable sort), remembered per order won."""
    key = tuple(won)
    tokens = _COLOUR_FIRST.get(key)
    if tokens is None:
        if len(_COLOUR_FIRST) > 10_000:
            _COLOUR_FIRST.clear()  # a pure memo: forgetting changes nothing but time
        tokens = _COLOUR_FIRST[key] = tuple(sorted(won, key=lambda t: t in WILD_TOKENS))
    return tokens


_COLOUR_FIRST: dict = {}  # the won tokens in the order won -> _colour_first


class SimISMCTS(ISMCTS):
    """BarclayISMCTS's loop on MonthSims: the same steps, draws and statistics."""

    _root_legal = None  # the root's legal actions in the last sample, and their key groups
    _root_by_key = None
    _root_ids = None  # id(action) -> the root's child for it (SimNode.ids of the root)

    def search(self, view: dict, legal: list, rng: random.Random, mix: float = 0.0):
        self._root_legal = self._root_by_key = None
        self._root_ids = {}
        trim_caches()
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
                ids = self._root_ids
                k, child = self._step(ids, self._root_keys(legal, root_keys), rng, seat)
            else:
                ids = node.ids
                k, child = self._step(ids, legal, rng, seat)
            while getrandbits(1):  # rng.choice([k]): the draw ISMCTS makes among the actions
                pass  # of the chosen key (one here), as random's _randbelow(1) makes it
            if child is None:
                child = node.children[k] = ids[id(k)] = SimNode(seat)
                path.append(child)
                sim.apply(seat, k)
                break
            node = child
            path.append(node)
            sim.apply(seat, k)
        rollout(sim, self.model, rng)
        p = self.model.abwehr_value(sim)
        q = 1.0 - p  # evaluate's rewards, and ISMCTS._note_range of them, written out
        low, high = self.low, self.high
        for seat, r in ((ABWEHR, p), (LCS, q)):
            if r < low.get(seat, r + 1):
                low[seat] = r
            if r > high.get(seat, r - 1):
                high[seat] = r
        for n in path:
            n.visits += 1
            seat = n.seat
            if seat is not None:
                n.total += p if seat == ABWEHR else q

    def _root_keys(self, legal: list, root_keys) -> list:
        """The root's keys in this sample, as BarclayISMCTS groups them."""
        if self._root_legal != legal:  # == compares the interned actions by identity first
            keys = [a for a in legal if a in root_keys] or legal  # a sample must not invent others
            self._root_legal, self._root_by_key = legal, keys
        return self._root_by_key

    def _step(self, ids: dict, keys: list, rng: random.Random, seat: str):
        """(the key to follow, its child or None when it is new), as ISMCTS chooses: a random
        untried key, else the best UCB value (ISMCTS._select_among's arithmetic, the first on
        a tie), every tried child's availability counted either way.

        The sim's legal lists hold each action once (tests/test_ai_barclay_sim.py), so each
        action is its own key group, and every action in them is one shared object per value
        (the engine's interned actions; the modelled bets are mapped onto them), so a child
        is found by the action's id(): attrs hashes an action in Python, id() at once."""
        untried = None
        best = best_child = None
        best_v = -math.inf
        c = self.c
        low = self.low.get(seat, 0.0)
        span = self.high.get(seat, 1.0) - low
        span = span if span > 1e-9 else 1.0
        for k in keys:
            child = ids.get(id(k))
            if child is None:
                if untried is None:
                    untried = [k]
                else:
                    untried.append(k)
                continue
            avail = child.avail = child.avail + 1
            if untried is None:
                n = child.visits
                v = (child.total / n - low) / span + c * sqrt(log(avail) / n)
                if v > best_v:
                    best, best_child, best_v = k, child, v
        if untried is not None:
            return rng.choice(untried), None
        return best, best_child


class SimNode(Node):
    """A tree node with its children also by the id() of their action (SimISMCTS._step)."""

    __slots__ = ("ids",)

    def __init__(self, seat):  # Node.__init__ written out: one call per expansion
        self.seat = seat
        self.children = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 0
        self.ids = {}
