"""The generic ISMCTS (`ai/ismcts.py`) on a one-move toy game: the final choice."""

from __future__ import annotations

import math
import random
from collections import Counter

from barclay_desktop.ai.ismcts import ISMCTS

# One decision, then the game is over; each move is worth this much to the mover.
VALUES = {"best": 1.0, "close": 0.97, "poor": 0.2, "bad": 0.0}


class OneMove:
    def __init__(self):
        self.moved = None

    def is_over(self):
        return self.moved is not None

    def current_seat(self):
        return "me"

    def legal_actions(self, seat):
        return list(VALUES)

    def apply_trusted(self, seat, action):
        self.moved = action


class OneMoveModel:
    def prepare(self, view):
        return None

    def determinize(self, prepared, rng):
        return OneMove()

    def key(self, action):
        return action

    def rollout_action(self, game, seat, legal, rng):
        return rng.choice(legal)

    def start_marker(self, game):
        return None

    def stop(self, game, start):
        return False

    def evaluate(self, game, rng):
        return {"me": VALUES[game.moved]}


def choices(mix: float, seeds: int = 60) -> Counter:
    out = Counter()
    for seed in range(seeds):
        search = ISMCTS(OneMoveModel(), iterations=200, time_cap=math.inf)
        out[search.search({}, list(VALUES), random.Random(seed), mix)] += 1
    return out


def test_without_mix_the_most_visited_move_is_played():
    assert choices(0.0) == Counter({"best": 60})


def test_a_mixed_choice_plays_the_near_best_moves_and_never_a_poor_one():
    """Hard's Spies & Lies deployment (docs/ai.md): a move drawn by visits among those
    visited at least half as often as the most visited; the poor moves stay unplayed."""
    got = choices(0.5)
    assert set(got) == {"best", "close"}, got
    assert got["best"] > got["close"] > 5, got


class HiddenCommit:
    """'me' commits to left or right unseen, then 'you' guesses it ('me' scores 1 if the
    guess is wrong, 0 if right); or 'me' takes a safe 0.4. Mixing left and right is worth
    0.5 to 'me', so a hidden move is right; an opponent who could see it would make it 0."""

    def __init__(self):
        self.moves = []

    def is_over(self):
        return self.moves[:1] == ["safe"] or len(self.moves) == 2

    def current_seat(self):
        return "me" if not self.moves else "you"

    def legal_actions(self, seat):
        return ["left", "right", "safe"] if seat == "me" else ["guess left", "guess right"]

    def apply_trusted(self, seat, action):
        self.moves.append(action)

    def value(self):
        if self.moves[0] == "safe":
            return 0.4
        return 0.0 if self.moves[1] == "guess " + self.moves[0] else 1.0


class HiddenCommitModel(OneMoveModel):
    def determinize(self, prepared, rng):
        return HiddenCommit()

    def evaluate(self, game, rng):
        # a little noise, as sampled games give
        v = 0.9 * game.value() + 0.1 * rng.random()
        return {"me": v, "you": 1.0 - v}


def commit_choices(seeds: int = 20) -> Counter:
    out = Counter()
    for seed in range(seeds):
        search = ISMCTS(HiddenCommitModel(), iterations=1000, time_cap=math.inf)
        out[search.search({"seat": "me"}, ["left", "right", "safe"], random.Random(seed))] += 1
    return out


def test_single_observer_search_lets_the_opponent_see_a_hidden_move():
    """The weakness of one shared tree (Cowling et al. 2012): the opponent's node under
    'left' learns to guess left, so both hidden moves look lost and the search plays safe."""
    assert commit_choices() == Counter({"safe": 20})
