"""Information-Set Monte Carlo Tree Search (Cowling, Powley & Whitehouse 2012).

Game-independent: a `SearchModel` supplies the game knowledge. Each iteration samples a
determinization (a full game consistent with the searching seat's view), walks the tree
using only the actions legal in that sample (UCB with availability counts), expands one
node, plays a cheap rollout to the model's cut-off and scores it with the model's
evaluation. The tree's edges are action keys, so actions the model considers equivalent
share statistics (e.g. which face-down token of a sector to flip).

Single-observer (SO): one tree, in which every seat's node follows every move as it really
was, so an opponent in the tree answers the searcher's hidden moves as if it had seen them.
(Multiple-observer search, one tree per seat, was tried for Barclay Hard and not shipped;
git history keeps it.)
"""

from __future__ import annotations

import math
import random
import time
from typing import Any, Hashable, Protocol


class SearchModel(Protocol):
    def prepare(self, view: dict) -> Any:
        """Whatever is worth computing once per decision (e.g. the belief over hidden cards)."""

    def determinize(self, prepared: Any, rng: random.Random):
        """A core Game consistent with the view, with its own random generator."""

    def key(self, action) -> Hashable:
        """Tree edge for an action; equivalent actions share a key."""

    def rollout_action(self, game, seat: str, legal: list, rng: random.Random):
        """The cheap policy used beyond the tree."""

    def stop(self, game, start: Any) -> bool:
        """True when a rollout should stop and be evaluated (start = start_marker())."""

    def start_marker(self, game) -> Any:
        """What stop() compares with, taken from the determinization at the root."""

    def evaluate(self, game, rng: random.Random) -> dict[str, float]:
        """Reward per seat in [0, 1] for a finished or cut-off game."""


class Node:
    __slots__ = ("seat", "children", "visits", "total", "avail")

    def __init__(self, seat: str | None):
        self.seat = seat  # the seat whose move led here (its reward is stored)
        self.children: dict[Hashable, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 0


class ISMCTS:
    def __init__(self, model: SearchModel, *, iterations: int, time_cap: float, exploration: float = 0.7):
        self.model = model
        self.iterations = iterations
        self.time_cap = time_cap
        self.c = exploration
        self.last_iterations = 0
        # Rewards seen so far per seat: UCB uses values rescaled to this range (as in
        # MuZero), because an evaluation that moves by a few hundredths between moves
        # would otherwise be drowned by the exploration term.
        self.low: dict = {}
        self.high: dict = {}

    def search(self, view: dict, legal: list, rng: random.Random, mix: float = 0.0):
        """The chosen action, one of `legal`. With `mix` > 0 the choice is mixed (`_pick`)."""
        model = self.model
        deadline = time.perf_counter() + self.time_cap  # the cap covers preparation too
        prepared = model.prepare(view)
        root = Node(None)
        root_keys = {model.key(a) for a in legal}
        done = 0
        while done < self.iterations:
            game = model.determinize(prepared, rng)
            self._iterate(root, game, rng, root_keys)
            done += 1
            if (done & 3) == 0 and time.perf_counter() > deadline:
                break
            # a mixed choice needs every move's full share of visits, so it never stops early
            if not mix and (done & 15) == 0 and self._decided(root, root_keys, self.iterations - done):
                break
        self.last_iterations = done
        best = self._pick(root, root_keys, rng, mix)
        matching = [a for a in legal if model.key(a) == best]
        return rng.choice(matching) if matching else rng.choice(legal)

    @staticmethod
    def _pick(root: Node, root_keys, rng: random.Random, mix: float):
        """The most visited root move; with `mix` > 0, a move drawn in proportion to its
        visits among those visited at least `mix` times as often as the most visited one.

        A player who always plays its single best-looking move can be read: when several
        moves are about as good, a mixed choice leaves the opponent no habit to learn."""
        ranked = sorted(
            (k for k in root.children if k in root_keys),
            key=lambda k: (root.children[k].visits, root.children[k].total),
            reverse=True,
        )
        if not ranked:
            return None
        if mix <= 0:
            return ranked[0]
        floor = mix * root.children[ranked[0]].visits
        near = [k for k in ranked if root.children[k].visits >= floor]
        return rng.choices(near, [root.children[k].visits for k in near])[0]

    @staticmethod
    def _decided(root: Node, root_keys, left: int) -> bool:
        """True when no other root move can catch up with the most visited one in the
        iterations left: stopping now gives the same answer, sooner."""
        if len(root_keys) < 2:
            return True
        visits = sorted((root.children[k].visits if k in root.children else 0 for k in root_keys), reverse=True)
        return visits[0] - visits[1] > left

    def _iterate(self, root: Node, game, rng: random.Random, root_keys) -> None:
        """One iteration: select and expand down the tree, roll out, back the reward up."""
        model = self.model
        start = model.start_marker(game)
        node = root
        path = [root]
        while not game.is_over() and not model.stop(game, start):
            seat = game.current_seat()
            legal = game.legal_actions(seat)
            if not legal:
                break
            by_key: dict[Hashable, list] = {}
            for a in legal:
                by_key.setdefault(model.key(a), []).append(a)
            if node is root:
                # the real legal actions are known exactly; a sample must not invent others
                by_key = {k: v for k, v in by_key.items() if k in root_keys} or by_key
            for k in by_key:
                child = node.children.get(k)
                if child is not None:
                    child.avail += 1
            untried = [k for k in by_key if k not in node.children]
            if untried:
                k = rng.choice(untried)
                node.children[k] = Node(seat)
            else:
                k = self._select(node, by_key)
            action = rng.choice(by_key[k])
            node = node.children[k]
            path.append(node)
            game.apply_trusted(seat, action)  # taken from legal_actions just above
            if untried:
                break
        self._rollout(game, rng, start)
        reward = model.evaluate(game, rng)
        self._note_range(reward)
        for n in path:
            n.visits += 1
            if n.seat is not None:
                n.total += reward[n.seat]

    def _note_range(self, reward: dict) -> None:
        for seat, r in reward.items():
            if r < self.low.get(seat, r + 1):
                self.low[seat] = r
            if r > self.high.get(seat, r - 1):
                self.high[seat] = r

    def _select(self, node: Node, by_key: dict) -> Hashable:
        children = node.children
        return self._select_among([(k, children[k]) for k in by_key])[0]

    def _select_among(self, pairs: list) -> tuple:
        """(key, child) with the best UCB value among tried (key, child) pairs, the first on a tie;
        the games' written-out searches (Barclay's compact month, Spies & Lies' lean game) select
        with it too, so that all three keep the same arithmetic."""
        c = self.c
        seat = pairs[0][1].seat
        low = self.low.get(seat, 0.0)
        span = self.high.get(seat, 1.0) - low
        span = span if span > 1e-9 else 1.0
        log, sqrt = math.log, math.sqrt
        best, best_v = None, -math.inf
        for pair in pairs:
            ch = pair[1]
            q = (ch.total / ch.visits - low) / span
            v = q + c * sqrt(log(max(ch.avail, 1)) / ch.visits)
            if v > best_v:
                best, best_v = pair, v
        return best

    def _rollout(self, game, rng: random.Random, start) -> None:
        model = self.model
        while not game.is_over() and not model.stop(game, start):
            seat = game.current_seat()
            legal = game.legal_actions(seat)
            if not legal:
                break
            game.apply_trusted(seat, model.rollout_action(game, seat, legal, rng))
