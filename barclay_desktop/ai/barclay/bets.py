"""How a Normal Abwehr places its assessment token (B8), for Hard's LCS.

Knowing the Abwehr's hidden bet is worth a great deal to the LCS (bench/ai_oracle.py), and
the bet follows the Abwehr's cards: Hard samples it with the probability a logistic model
gives, fitted to a Normal Abwehr's bets by bench/barclay_bet_model.py and stored as data."""

from __future__ import annotations

import functools
import json
import math
import random

from barclay_desktop.resources import asset_path

from .knowledge import bet_features


@functools.lru_cache(maxsize=1)
def abwehr_bet_weights() -> tuple[float, ...]:
    with open(asset_path("data", "barclay", "bet_model.json"), encoding="utf-8") as fh:
        return tuple(json.load(fh)["weights"])


def p_bets_on_itself(weights: tuple, mine: list, hand: list[str], theirs: list) -> float:
    """The chance the Abwehr bets its own hand is best, from its three cards (`mine`, options as
    best_key's), its cards in hand and the LCS's three cards (`theirs`), all face up at B8."""
    return bet_probability(weights, bet_features(mine, hand, theirs))


def bet_probability(weights, features) -> float:
    """The logistic model: weights[0] is the intercept, the rest pair with the features."""
    z = weights[0] + sum(w * x for w, x in zip(weights[1:], features))
    return 1 / (1 + math.exp(-z))


def sample_abwehr_bet(weights: tuple, mine: list, hand: list[str], theirs: list, rng: random.Random) -> str:
    return "abwehr" if rng.random() < p_bets_on_itself(weights, mine, hand, theirs) else "lcs"
