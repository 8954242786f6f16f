"""Hard's model of how a Normal Abwehr bets (ai/barclay/bets.py, docs/ai.md), checked
against the assessment rules of RULINGS B8-B9."""

from __future__ import annotations

import itertools
import random

from barclay_desktop.ai.barclay.bets import abwehr_bet_weights, p_bets_on_itself
from barclay_desktop.ai.barclay.knowledge import card_option

from .test_ai_belief import decision_points, sample_turns


def test_the_fitted_abwehr_bets_on_itself_more_with_a_stronger_reachable_hand():
    """B8-B9: the bet is on whose five cards will be best. With the same three cards on
    each side, a hand that can make three of a kind must make the Abwehr bet on itself
    more often than a hand that cannot pair anything."""
    weights = abwehr_bet_weights()
    mine = [card_option(c) for c in ("ic-pink-09", "ic-red-04", "ic-blue-02")]
    theirs = [card_option(c) for c in ("ic-pink-10", "ic-green-05", "ic-purple-03")]
    strong = ["ic-red-09", "ic-blue-09", "ic-purple-04", "ic-green-03"]  # x2 cards: three 9s
    weak = ["ic-red-12", "ic-green-06", "ic-purple-08", "ic-blue-05"]  # pairs nothing
    assert p_bets_on_itself(weights, mine, strong, theirs) > p_bets_on_itself(weights, mine, weak, theirs) + 0.1
    assert len(weights) == 7


def test_hard_lcs_samples_fix_only_the_abwehrs_bet():
    """The bet model (docs/ai.md, "Hard"): in the LCS's samples the Abwehr's assessment (B8) is
    one move, drawn from the model on its sampled cards; every other decision keeps all its
    legal moves, and the Abwehr's own search is left as Normal's."""
    from barclay_desktop.ai.barclay.search import BarclaySearch
    from barclay_desktop.rules.barclay import actions as A

    model = BarclaySearch(bet_model=True)
    bets = others = 0
    for game, seat in itertools.islice(decision_points(6, every=4), 24):
        rng = random.Random(9)
        sample = model.determinize(model.prepare(game.view(seat)), rng)
        for mover, full, legal in sample_turns(sample, rng, 60):
            if seat == "lcs" and mover == "abwehr" and isinstance(full[0], A.Assess) and len(full) > 1:
                assert len(legal) == 1 and legal[0] in full
                bets += 1
            else:
                assert legal == full
                others += mover != seat and len(full) > 1
    assert bets > 3 and others > 20


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
