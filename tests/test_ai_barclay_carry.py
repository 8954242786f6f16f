"""The search option that values the hands carried into the next month
(`BarclaySearch(carry=...)`): B4, a month ends and the hands stay; B10, hand categories."""

from __future__ import annotations

import math
import random

from barclay_desktop.ai.barclay.knowledge import hand_category, tokens_value
from barclay_desktop.ai.barclay.search import BarclaySearch
from barclay_desktop.rules.barclay.hands import CATEGORIES
from barclay_desktop.rules.barclay.state import ABWEHR, EVIDENCE_TOKENS, LCS, MONTHS
from tests.barclay_ai_helpers import flip_point as proof_flip_point

PAIR_HAND = ("ic-pink-08", "ic-red-08", "ic-blue-02", "ic-green-05")
TRIPS_HAND = ("ic-pink-08", "ic-red-08", "ic-blue-08", "ic-green-05")
LOOSE_HAND = ("ic-pink-02", "ic-red-04", "ic-blue-09", "ic-green-11")
FOUR_HAND = ("ic-pink-08", "ic-red-08", "ic-blue-08", "ic-green-08")
ULTRA_HAND = ("lcs-01", "ic-red-04", "ic-blue-09", "ic-green-11")  # B3: Ultra has no number


def test_hand_category_is_the_best_hand_the_cards_in_hand_alone_make():
    # B10: four cards cannot make a straight; a pair and three of a kind can be kept
    assert hand_category(LOOSE_HAND) == CATEGORIES.index("highest_card")
    assert hand_category(PAIR_HAND) == CATEGORIES.index("one_pair")
    assert hand_category(TRIPS_HAND) == CATEGORIES.index("three_of_a_kind")
    run = ("ic-pink-02", "ic-red-03", "ic-blue-04", "ic-green-05")
    assert hand_category(run) == CATEGORIES.index("highest_card")
    assert hand_category(FOUR_HAND) == CATEGORIES.index("four_of_a_kind")
    assert hand_category(ULTRA_HAND) == CATEGORIES.index("highest_card")
    # the 1/13 card (B2) pairs with a 13 or with a 1
    assert hand_category(("ic-pink-01", "lcs-12", "ic-blue-09", "ic-green-11")) == CATEGORIES.index("one_pair")


def flip_point(month: int):
    """A random-play game stopped when the Abwehr is about to flip the tokens it won (B9,
    as in the proof tests), its month set to `month`."""
    game = proof_flip_point(19)
    game.state.month = month
    return game


def value(game, carry: float, abwehr_hand, lcs_hand, seat: str = LCS, **options) -> float:
    game.state.hands = {ABWEHR: list(abwehr_hand), LCS: list(lcs_hand)}
    search = BarclaySearch(carry=carry, **options)
    search.prepare(game.view(seat))
    return search.evaluate(game, random.Random(0))[ABWEHR]


def test_a_better_carried_hand_adds_to_the_abwehrs_value_by_the_tokens_it_is_worth():
    game = flip_point(2)
    counts = BarclaySearch._counts(game.state.layout, game.state.revealed)
    unit = tokens_value(counts, EVIDENCE_TOKENS) / (len(EVIDENCE_TOKENS) * math.log(20))
    plain = value(game, 0.0, TRIPS_HAND, LOOSE_HAND)
    assert 0 < plain < 1
    lead3 = value(game, 0.4, TRIPS_HAND, LOOSE_HAND)  # three of a kind against highest card
    assert math.isclose(lead3 - plain, 0.4 * 3 * unit)
    behind1 = value(game, 0.4, LOOSE_HAND, PAIR_HAND)  # the LCS's pair leads by one category
    assert math.isclose(behind1 - plain, -0.4 * unit)
    assert value(game, 0.4, PAIR_HAND, PAIR_HAND) == plain  # level hands: nothing to add
    # a lead counts up to three categories: four of a kind is worth what three of a kind is
    assert value(game, 0.4, FOUR_HAND, ULTRA_HAND) == lead3


def test_the_last_month_carries_nothing():
    game = flip_point(MONTHS)
    assert value(game, 0.4, TRIPS_HAND, LOOSE_HAND) == value(game, 0.0, TRIPS_HAND, LOOSE_HAND)


def test_a_month_that_ended_with_nothing_to_flip_is_worth_only_the_carried_hands():
    game = flip_point(2)
    game.state.pending = []
    game.state.step, game.state.won = "play3", []  # as a new month begins (B4)
    assert value(game, 0.0, TRIPS_HAND, LOOSE_HAND) == 0.0
    assert value(game, 0.4, TRIPS_HAND, LOOSE_HAND) > 0.0
    assert value(game, 0.4, LOOSE_HAND, TRIPS_HAND) < 0.0


def test_only_a_seat_in_carry_seats_values_the_carried_hands():
    game = flip_point(2)
    plain = value(game, 0.0, TRIPS_HAND, LOOSE_HAND)
    for seat in (ABWEHR, LCS):
        assert value(game, 0.4, TRIPS_HAND, LOOSE_HAND, seat) > plain  # both seats by default
    assert value(game, 0.4, TRIPS_HAND, LOOSE_HAND, ABWEHR, carry_seats=(ABWEHR,)) > plain
    assert value(game, 0.4, TRIPS_HAND, LOOSE_HAND, LCS, carry_seats=(ABWEHR,)) == plain
