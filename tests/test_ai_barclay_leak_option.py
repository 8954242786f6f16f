"""The computer players follow the game's leak cards option (issue 31 item 2): with the
printed rule (off) a leak card is worth only its hand, and a searcher's sampled games play
without leaks."""

from __future__ import annotations

import random

import pytest

from barclay_desktop.ai.barclay.heuristic import play_score
from barclay_desktop.ai.barclay.knowledge import LEAK_WEIGHT
from barclay_desktop.ai.barclay.search import BarclaySearch
from barclay_desktop.rules.barclay.state import LEAK_OPTION, leak_cards_on
from tests.barclay_helpers import ABWEHR, give, started_game

HAND = ["abw-03", "ic-red-08", "ic-green-02", "ic-purple-03"]  # Josephine, a leak card


def abwehr_view(on: bool) -> dict:
    g = started_game(21, options={LEAK_OPTION: on})
    give(g, ABWEHR, HAND)
    return g.view(ABWEHR)


def test_easy_values_a_leak_card_only_while_the_leak_cards_are_on():
    """B14 balance variant on: Josephine's extra flip adds LEAK_WEIGHT; off (the rulebook's
    Token Actions), it is just a pink or purple 10."""
    assert play_score(abwehr_view(True), "abw-03") - play_score(abwehr_view(False), "abw-03") == LEAK_WEIGHT
    assert play_score(abwehr_view(True), "ic-red-08") == play_score(abwehr_view(False), "ic-red-08")


@pytest.mark.parametrize("on", [True, False])
def test_the_search_samples_games_with_the_real_option(on):
    model = BarclaySearch()
    sample = model.determinize(model.prepare(abwehr_view(on)), random.Random(0))
    assert leak_cards_on(sample.state) is on
