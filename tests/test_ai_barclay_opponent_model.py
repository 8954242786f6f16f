"""Hard's model of the opponent inside its samples: face-down cards still to come laid by the
informed rule (`policy_down_seats`), and an LCS that copies the Abwehr's bet once Ultra has
shown it (B3)."""

from __future__ import annotations

import itertools
import random

from barclay_desktop.ai.barclay import search as search_module
from barclay_desktop.ai.barclay.belief import Belief, down_value, state_option
from barclay_desktop.ai.barclay.bets import bet_weights
from barclay_desktop.ai.barclay.search import BarclaySearch
from barclay_desktop.rules.barclay import actions as A
from barclay_desktop.rules.barclay.state import ABWEHR, LCS, other

from tests.barclay_ai_helpers import Barclay, decision_points, sample_turns


def test_policy_down_samples_lay_the_opponents_face_down_cards_by_the_informed_rule(monkeypatch):
    """Searching as the Abwehr with `policy_down_seats`, the LCS's Final Two Cards in a sample
    are the card the informed belief would expect (best `down_value` on its sampled cards);
    every other move of either seat stays a choice."""
    monkeypatch.setattr(search_module, "DOWN_NOISE", 0.0)
    model = BarclaySearch(policy_down_seats=(ABWEHR,))
    laid = free = 0
    for game, seat in itertools.islice(((g, s) for g, s in decision_points(31, every=2) if s == ABWEHR), 25):
        rng = random.Random(laid)
        sample = model.determinize(model.prepare(game.view(seat)), rng)
        for mover, full, legal in sample_turns(sample, rng, 30):
            s = sample.state
            if mover == LCS and s.step == "play2" and len(full) > 1 and all(isinstance(a, A.PlayCard) for a in full):
                committed = [state_option(sl) for sl in s.tableau[LCS]]
                best = max(down_value(LCS, committed, s.hands[LCS], a.card) for a in full)
                assert len(legal) == 1 and legal[0] in full
                assert down_value(LCS, committed, s.hands[LCS], legal[0].card) == best
                laid += 1
            else:
                assert legal == full
                free += mover == LCS and len(full) > 1
    assert laid >= 15 and free >= 15, (laid, free)


def test_policy_down_is_read_per_seat():
    """As the LCS (not in `policy_down_seats`) the Abwehr's face-down cards stay choices."""
    model = BarclaySearch(policy_down_seats=(ABWEHR,))
    checked = 0
    for game, seat in itertools.islice(((g, s) for g, s in decision_points(32, every=2) if s == LCS), 20):
        rng = random.Random(checked)
        sample = model.determinize(model.prepare(game.view(seat)), rng)
        for mover, full, legal in sample_turns(sample, rng, 30):
            assert legal == full
            checked += mover == ABWEHR and sample.state.step == "play2" and len(full) > 1
    assert checked >= 10


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
