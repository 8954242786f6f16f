"""Weighting samples by how likely the opponent's face-up cards are on its sampled cards
(`ai/barclay/face_up.py`, `Belief(likely_up=True)`): a hand-building player (B8/B10: the
best five-card hand takes the Alpha box, B9) lays the card that leaves its best hand."""

from __future__ import annotations

import random

import pytest

from barclay_desktop.ai.barclay import belief as belief_module
from barclay_desktop.ai.barclay.belief import Belief
from barclay_desktop.ai.barclay.face_up import UP_NOISE, face_up_likelihood, play_likelihood
from barclay_desktop.ai.barclay.knowledge import card_option
from barclay_desktop.rules.barclay.state import ABWEHR, LCS

from tests.barclay_ai_helpers import decision_points

# ic-green-08, ic-pink-02 and ic-blue-04 carry only x3, ic-pink-04 only x2 (B2 icons)
HAND = ["ic-green-08", "ic-pink-02", "ic-blue-04", "ic-pink-04"]


def test_the_last_face_up_play_is_likeliest_when_it_is_the_pair_easy_would_make():
    """On 8 and 10, the last x3 slot: only the green 8 makes the pair of 8s now (the pink 4
    could still pair the blue 4 in a face-down slot, a lower pair)."""
    committed = [card_option("ic-red-08"), card_option("ic-blue-10")]
    p = {c: play_likelihood(LCS, committed, HAND, c) for c in HAND}
    assert p["ic-pink-04"] == 0.0  # an x2-only card is never laid face-up
    assert sum(p.values()) == pytest.approx(1.0)
    assert p["ic-green-08"] == pytest.approx(1.0 - UP_NOISE + UP_NOISE / 3)
    assert p["ic-pink-02"] == pytest.approx(UP_NOISE / 3)


def test_the_hand_is_rebuilt_backwards_one_draw_per_play():
    """Two face-up plays from a hand of four: before the first, the seat held the first card
    and three of the cards it holds now less one drawn later, so a hand holding the better
    card for the first play makes that play less likely than one without it."""
    ups = ["ic-pink-02", "ic-blue-04"]
    rng = random.Random(0)
    assert face_up_likelihood(LCS, [], ["ic-red-09"], rng) == 1.0
    weak = face_up_likelihood(LCS, ups, ["ic-pink-04", "ic-blue-09", "ic-red-10"], random.Random(1))
    strong = face_up_likelihood(LCS, ups, ["ic-green-09", "ic-blue-09", "ic-purple-09"], random.Random(1))
    assert weak > strong > 0.0  # three 9s held: laying a 2 and a 4 first is unlikely


def _positions_with_face_up_cards(seed: int):
    """The Abwehr's choices at the assessment and in the Final Two Cards step of a random-play
    game: the LCS has laid face-up cards by then."""
    for game, seat in decision_points(seed, every=1):
        view = game.view(seat)
        if seat == ABWEHR and view["step"] in ("assess", "play2"):
            yield game, view


def test_deals_are_drawn_by_their_weight(monkeypatch):
    """Only deals whose opponent holds a given card get weight: every sample then holds it."""
    for game, view in _positions_with_face_up_cards(5):
        belief = Belief(view, likely_up=True)
        if not belief.ups:
            continue
        probe = belief._deal(random.Random(1))[1][-1]
        monkeypatch.setattr(belief_module, "face_up_likelihood",
                            lambda seat, ups, held, rng: 1.0 if probe in held else 1e-12)
        belief = Belief(view, likely_up=True)
        for i in range(20):
            sample = belief.sample(random.Random(i))
            opp = sample.state
            cards = list(opp.hands[LCS]) + [sl.card for sl in opp.tableau[LCS][3:]]
            assert probe in cards
        return
    pytest.fail("no position with the LCS's face-up cards")


def test_weighted_samples_favour_hands_on_which_the_plays_were_likely():
    """Against the same views, the mean likelihood of the face-up plays on the sampled cards
    is higher with the weighting than without (the pool is drawn by that weight)."""
    plain = weighted = 0.0
    n = 0
    for seed in (11, 12):
        for game, view in _positions_with_face_up_cards(seed):
            reference = Belief(view, likely_up=True)
            if not reference.ups:
                continue
            plain_belief = Belief(view)
            for i in range(10):
                _, cards = plain_belief._deal(random.Random(100 * n + i))
                plain += reference._up_weight(cards, random.Random(i))
                _, cards = reference._weighted_deal(random.Random(100 * n + i))
                weighted += reference._up_weight(cards, random.Random(i))
            n += 1
    assert n > 10
    assert weighted > 1.2 * plain


def test_likely_up_is_read_per_seat():
    """`likely_up_seats` names the searching seats that weight their samples."""
    from barclay_desktop.ai.barclay.search import BarclaySearch

    model = BarclaySearch(likely_up_seats=(ABWEHR,))
    for game, view in _positions_with_face_up_cards(5):
        lcs_view = game.view(LCS)
        if not (Belief(view, likely_up=True).ups and Belief(lcs_view, likely_up=True).ups):
            continue
        assert model.prepare(view).ups
        assert not model.prepare(lcs_view).ups
        return
    pytest.fail("no position with the LCS's face-up cards")
