"""Hard's model of how a Normal Abwehr bets (ai/barclay/bets.py, docs/ai.md), checked
against the assessment rules of RULINGS B8-B9."""

from __future__ import annotations

import itertools
import random

import pytest

from barclay_desktop.ai.barclay.bets import bet_weights, p_bets_on_itself
from barclay_desktop.ai.barclay.knowledge import card_option

from tests.barclay_ai_helpers import decision_points, sample_turns


@pytest.mark.parametrize("seat", ["abwehr", "lcs"])
def test_a_fitted_bettor_bets_on_itself_more_with_a_stronger_reachable_hand(seat):
    """B8-B9: the bet is on whose five cards will be best. With the same three cards on
    each side, a hand that can make three of a kind must make either seat bet on itself
    more often than a hand that cannot pair anything."""
    weights = bet_weights(seat)
    mine = [card_option(c) for c in ("ic-pink-09", "ic-red-04", "ic-blue-02")]
    theirs = [card_option(c) for c in ("ic-pink-10", "ic-green-05", "ic-purple-03")]
    strong = ["ic-red-09", "ic-blue-09", "ic-purple-04", "ic-green-03"]  # x2 cards: three 9s
    weak = ["ic-red-12", "ic-green-06", "ic-purple-08", "ic-blue-05"]  # pairs nothing
    assert p_bets_on_itself(weights, mine, strong, theirs) > p_bets_on_itself(weights, mine, weak, theirs) + 0.1
    assert len(weights) == 7


@pytest.mark.parametrize("searcher", ["lcs", "abwehr"])
def test_hard_samples_fix_only_the_opponents_bet(searcher):
    """The bet models (docs/ai.md, "Hard"): in Hard's samples the opponent's assessment (B8) is
    one move, drawn from the model of that seat on its sampled cards; every other decision
    keeps all its legal moves, and the searcher's own moves are left to the tree."""
    from barclay_desktop.ai.barclay.search import BarclaySearch
    from barclay_desktop.rules.barclay import actions as A

    model = BarclaySearch(bet_model=("abwehr", "lcs"))
    bets = others = 0
    for game, seat in itertools.islice(decision_points(6, every=4), 48):
        if seat != searcher:
            continue
        rng = random.Random(9)
        sample = model.determinize(model.prepare(game.view(seat)), rng)
        for mover, full, legal in sample_turns(sample, rng, 60):
            if mover != seat and isinstance(full[0], A.Assess) and len(full) > 1:
                assert len(legal) == 1 and legal[0] in full
                bets += 1
            else:
                assert legal == full
                others += mover != seat and len(full) > 1
    assert bets > 3 and others > 20, (bets, others)


def test_a_hidden_abwehr_bet_in_the_lcs_samples_comes_from_the_model():
    """B8/B12: the Abwehr's placed bet is hidden from the LCS; with the model, the LCS's samples
    draw it from the model (here weights that force either answer), never from the real game."""
    from barclay_desktop.ai.barclay.belief import Belief

    found = 0
    for game, seat in decision_points(12, every=1):
        view = game.view(seat)
        if seat != "lcs" or view["bets"].get("abwehr") != "hidden":
            continue
        for bias, want in ((50.0, "abwehr"), (-50.0, "lcs")):
            weights = (bias,) + (0.0,) * 6
            for i in range(5):
                sample = Belief(view, bet_model=weights).sample(random.Random(i))
                assert sample.state.bets["abwehr"] == want
        found += 1
        if found >= 5:
            break
    assert found >= 1


def test_the_abwehrs_hand_at_its_bet_holds_the_cards_it_played_face_down_since():
    """B8: the Abwehr bets after its first three cards, so the cards it has played face-down
    since were in its hand then; B5: it drew one card for each, so only that many fewer of
    the cards it holds now were."""
    from barclay_desktop.ai.barclay.belief import hand_at_bet
    from barclay_desktop.rules.barclay.state import Slot

    up = [Slot(c, True) for c in ("ic-pink-09", "ic-red-04", "ic-blue-02")]
    hand = ["ic-blue-09", "ic-purple-04", "ic-green-03", "ic-red-12"]
    for i in range(20):
        got = hand_at_bet(up + [Slot("ic-red-09", False)], hand, random.Random(i))
        assert got[0] == "ic-red-09" and len(got) == 4 and set(got[1:]) < set(hand)
    assert hand_at_bet(up, hand, random.Random(0)) == hand


def test_the_lcs_reads_a_hidden_bet_from_the_abwehrs_hand_as_it_was_at_the_bet(monkeypatch):
    """B8/B12: after the Abwehr's face-down plays, the LCS's samples model its hidden bet on
    the hand it bet with, which held the sampled face-down cards (not on its hand now)."""
    from barclay_desktop.ai.barclay import belief as belief_module

    hands = []

    def record(weights, seat, mine, hand, theirs, rng):
        hands.append(hand)
        return "abwehr"

    monkeypatch.setattr(belief_module, "sample_bet", record)
    checked = 0
    for game, seat in decision_points(12, every=1):
        view = game.view(seat)
        hidden = [sl for sl in view["tableau"]["abwehr"][3:] if sl.get("hidden")]
        if seat != "lcs" or view["bets"].get("abwehr") != "hidden" or not hidden:
            continue
        sample = belief_module.Belief(view, bet_model=bet_weights("abwehr")).sample(random.Random(checked))
        down = [sl.card for sl in sample.state.tableau["abwehr"][3:]]
        assert set(down) <= set(hands[-1]) and len(hands[-1]) == len(sample.state.hands["abwehr"])
        checked += 1
    assert checked >= 3
