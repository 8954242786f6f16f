"""The generic ISMCTS (`ai/ismcts.py`) on a one-move toy game: the final choice."""

from __future__ import annotations

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
        search = ISMCTS(OneMoveModel(), iterations=200, time_cap=30.0)
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
