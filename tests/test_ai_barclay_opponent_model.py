"""Hard's model of the opponent inside its samples: an LCS that copies the Abwehr's bet once
Ultra has shown it (B3)."""

from __future__ import annotations

import random

from barclay_desktop.ai.barclay.belief import Belief
from barclay_desktop.ai.barclay.bets import bet_weights
from barclay_desktop.ai.barclay.search import BarclaySearch
from barclay_desktop.rules.barclay import actions as A
from barclay_desktop.rules.barclay.state import ABWEHR, LCS

from tests.barclay_ai_helpers import decision_points


def ultra_positions(seeds, limit: int):
    """Abwehr decisions after the LCS played Ultra this month and placed its bet (hidden)."""
    found = 0
    for seed in seeds:
        for game, seat in decision_points(seed, every=1):
            view = game.view(seat)
            if seat == ABWEHR and view.get("ultra") and view["bets"][LCS] == "hidden":
                yield game, view
                found += 1
                if found >= limit:
                    return
                break  # one a game


def test_after_ultra_the_modelled_lcs_bet_copies_the_abwehrs_shown_bet():
    """B3: Ultra shows the LCS the Abwehr's bet before it places its own, and copying it is
    never worse for the LCS (B9); so Hard's samples give the LCS the Abwehr's bet, and the
    Abwehr's bet is face-up in them as in the real game."""
    checked = 0
    for game, view in ultra_positions(range(40, 140), 8):
        mine = view["bets"][ABWEHR]
        assert game.state.bet_shown[ABWEHR]
        for i in range(10):
            s = Belief(view, bet_model=bet_weights(LCS)).sample(random.Random(i)).state
            assert s.bets[LCS] == mine and s.bet_shown[ABWEHR] and not s.bet_shown[LCS]
        checked += 1
    assert checked >= 5, checked


ULTRA = "lcs-01"


def _ultra_sample(model, view, tries: int = 40):
    """A sample of `view` in which the LCS holds Ultra, or None."""
    belief = model.prepare(view)
    for i in range(tries):
        sample = model.determinize(belief, random.Random(i))
        if ULTRA in sample.state.hands[LCS]:
            return sample
    return None


def test_in_the_tree_a_modelled_lcs_copies_a_bet_that_ultra_showed():
    """In Hard's samples the LCS plays Ultra when it holds it (the rollout rule), then its
    Assessment is a copy of the bet Ultra showed, whichever bet the Abwehr placed."""
    model = BarclaySearch(bet_model=(LCS,))
    copied = {ABWEHR: 0, LCS: 0}
    for seed in range(60, 200):
        for game, seat in decision_points(seed, every=1):
            view = game.view(seat)
            if seat == ABWEHR and view["step"] == "assess" and view["bets"][ABWEHR] is None:
                break
        else:
            continue
        bet = (ABWEHR, LCS)[seed % 2]
        sample = _ultra_sample(model, view)
        if sample is None:
            continue
        sample.apply_trusted(ABWEHR, A.Assess(bet))
        rng = random.Random(seed)
        legal = sample.legal_actions(LCS)
        assert legal == [A.PlayUltra()]  # the rollout rule plays Ultra when it can
        sample.apply_trusted(LCS, legal[0])
        while sample.current_seat() == LCS and not isinstance(sample.legal_actions(LCS)[0], A.Assess):
            sample.apply_trusted(LCS, rng.choice(sample.legal_actions(LCS)))
        assert sample.state.bet_shown[ABWEHR]
        assert sample.legal_actions(LCS) == [A.Assess(bet)]
        copied[bet] += 1
        if min(copied.values()) >= 3:
            break
    assert min(copied.values()) >= 3, copied


def test_normal_keeps_its_rule_after_ultra():
    """Normal's belief is unchanged by the copy (the balance games stay comparable): its
    samples still guess the LCS's bet from the cards, so it is not always a copy."""
    games = list(ultra_positions(range(40, 140), 6))
    assert games
    copies = total = 0
    for _, view in games:
        for i in range(20):
            s = Belief(view).sample(random.Random(i)).state
            copies += s.bets[LCS] == view["bets"][ABWEHR]
            total += 1
    assert copies < total
