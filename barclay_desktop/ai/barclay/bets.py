"""How a Normal player places its assessment token (B8), for Hard's samples of its opponent.

Knowing the Abwehr's hidden bet is worth a great deal to the LCS (the Beta box is three
tokens, B9), and a bet follows the bettor's cards: Hard samples its opponent's bet with the
probability a logistic model gives, fitted per seat to a Normal player's bets by
tools/fit_barclay_bet_model.py and stored as data (`MODEL_FILES`)."""

from __future__ import annotations

import functools
import json
import math
import random

from barclay_desktop.resources import asset_path
from barclay_desktop.rules.barclay.state import ABWEHR, LCS, other

from .knowledge import bet_keys, features_of_keys


# the bettor's seat -> its model's file under assets/data/barclay/
MODEL_FILES = {ABWEHR: "bet_model.json", LCS: "bet_model_lcs.json"}


@functools.lru_cache(maxsize=2)
def bet_weights(seat: str) -> tuple[float, ...]:
    """The fitted weights for the bets of `seat`."""
    with open(asset_path("data", "barclay", MODEL_FILES[seat]), encoding="utf-8") as fh:
        return tuple(json.load(fh)["weights"])


def p_bets_on_itself(weights: tuple, mine: list, hand: list[str], theirs: list) -> float:
    """The chance a seat bets its own hand is best, from its three cards (`mine`, options as
    best_key's), its cards in hand and the other seat's three cards (`theirs`), all face up at B8."""
    mine_key, potential_key, their_key = bet_keys(mine, hand, theirs)
    # the features read only each key's top 12 bits: a probability is remembered for those,
    # per weights (found by identity: hashing the weights' floats cost more than the rest)
    memo = _LAST[1] if _LAST[0] is weights else _probabilities_of(weights)
    key = (mine_key >> 4, potential_key >> 4, their_key >> 4)
    p = memo.get(key)
    if p is None:
        if len(memo) > 100_000:
            memo.clear()  # a pure memo: forgetting changes nothing but time
        p = memo[key] = bet_probability(weights, features_of_keys((mine_key, potential_key, their_key)))
    return p


def _probabilities_of(weights: tuple) -> dict:
    """The memo of p_bets_on_itself for these weights, remembered as the last weights asked."""
    memo = _PROBABILITIES.get(weights)
    if memo is None:
        if len(_PROBABILITIES) > 16:
            _PROBABILITIES.clear()  # pure memos: forgetting changes nothing but time
        memo = _PROBABILITIES[weights] = {}
    _LAST[:] = [weights, memo]
    return memo


_PROBABILITIES: dict = {}  # weights -> {the three keys >> 4: p_bets_on_itself}
_LAST: list = [None, None]  # the weights p_bets_on_itself read last, and their memo


def bet_probability(weights, features) -> float:
    """The logistic model: weights[0] is the intercept, the rest pair with the features."""
    z = weights[0] + sum(w * x for w, x in zip(weights[1:], features))
    return 1 / (1 + math.exp(-z))


def sample_bet(weights: tuple, seat: str, mine: list, hand: list[str], theirs: list, rng: random.Random) -> str:
    """A bet of `seat` drawn from its model: on itself, or on the other seat."""
    return seat if rng.random() < p_bets_on_itself(weights, mine, hand, theirs) else other(seat)
