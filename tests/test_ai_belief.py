"""Determinization: samples agree with the seat's view exactly and keep the engine's invariants."""

from __future__ import annotations

import itertools
import random

import pytest

from barclay_desktop.ai.barclay.belief import Belief
from barclay_desktop.ai.barclay import belief as belief_module
from barclay_desktop.ai.barclay.heuristic import play_score
from barclay_desktop.ai.barclay.knowledge import best_key, card_option, card_steps, consistent, slot_option, state_option
from barclay_desktop.rules import game_class
from barclay_desktop.rules.barclay.deduction import SECTORS, consistent_assignments
from barclay_desktop.rules.barclay.state import ABWEHR, LCS, other
from tests.barclay_ai_helpers import decision_points, sample_turns

Barclay = game_class("barclay")


@pytest.mark.parametrize("informed_down", [False, True])
def test_samples_reproduce_the_view_legal_actions_and_invariants(informed_down):
    checked = 0
    for seed in (1, 2, 3):
        for game, seat in decision_points(seed):
            view = game.view(seat)
            belief = Belief(view, informed_down=informed_down)
            sample = belief.sample(random.Random(checked))
            sample.check_invariants()
            again = sample.view(seat)
            for key in view:
                if key != "log":
                    assert again[key] == view[key], key
            assert sample.legal_actions(seat) == game.legal_actions(seat)
            assert sample.state.queue == game.state.queue
            for sl in sample.state.tableau[other(seat)][3:]:
                assert sl.blank or "x2" in card_steps(sl.card)  # face-down cards carry x2
            checked += 1
    assert checked > 50


def test_samples_vary_the_hidden_cards_and_never_move_seen_ones():
    for game, seat in itertools.islice(decision_points(7, every=13), 6):
        view = game.view(seat)
        belief = Belief(view)
        hands = {tuple(sorted(belief.sample(random.Random(i)).state.hands[other(seat)])) for i in range(20)}
        if view["hand_counts"][other(seat)] and len(belief.unknown["channels"]) > 4:
            assert len(hands) > 1  # the opponent's hand really is sampled
        for i in range(5):
            s = belief.sample(random.Random(i)).state
            assert s.hands[seat] == game.state.hands[seat]
            assert s.discards == game.state.discards
            for c in belief.known_opp:  # a card seen once and gone from sight stays with the opponent
                assert c in s.hands[other(seat)] or any(sl.card == c for sl in s.tableau[other(seat)])


def test_informed_face_down_cards_build_on_the_face_up_ones():
    """B12 hides the opponent's face-down cards; a player lays the x2 cards that fit its
    face-up three, so the informed belief's face-down cards make stronger hands than any x2
    cards would (docs/ai.md gives the forecast against a Normal Abwehr)."""
    def mean_category(belief, seat):
        keys = [best_key([state_option(sl) for sl in belief.sample(random.Random(i)).state.tableau[other(seat)]])
                for i in range(30)]
        return sum(k >> 8 for k in keys) / len(keys)

    uniform = informed = 0.0
    positions = 0
    for seed in (11, 12, 13, 14):
        for game, seat in decision_points(seed, every=1):
            view = game.view(seat)
            if sum(1 for sl in view["tableau"][other(seat)] if sl.get("hidden")) == 2 and view["step"] == "play2":
                uniform += mean_category(Belief(view), seat)
                informed += mean_category(Belief(view, informed_down=True), seat)
                positions += 1
    assert positions >= 8
    assert informed > uniform + 0.15 * positions


def test_an_informed_face_down_card_is_the_one_easy_would_have_laid(monkeypatch):
    """With no random picks, the first face-down card is Easy's play (heuristic.play_score)
    from the hand the opponent held then, ties to the better hand laid so far, with one card
    down or two."""
    monkeypatch.setattr(belief_module, "DOWN_NOISE", 0.0)
    checked = {1: 0, 2: 0}
    for seed in (21, 22, 23):
        for game, seat in decision_points(seed, every=1):
            view = game.view(seat)
            opp = other(seat)
            k = sum(1 for sl in view["tableau"][opp] if sl.get("hidden"))
            if view["step"] != "play2" or not k:
                continue
            belief = Belief(view, informed_down=True)
            cards = sorted(game.state.hands[opp]) + [sl.card for sl in game.state.tableau[opp][3:]]
            shuffled = list(cards)
            random.Random(seed).shuffle(shuffled)
            hand = shuffled[: len(cards) - k]
            x2 = [c for c in hand if "x2" in card_steps(c)]
            if not x2:
                continue
            opp_view = {"seat": opp, "step": "play2", "hand": hand, "tableau": {opp: view["tableau"][opp][:3]}}
            face_up = [slot_option(sl) for sl in view["tableau"][opp][:3]]
            expected = max(x2, key=lambda c: (play_score(opp_view, c), best_key(face_up + [card_option(c)])))
            assert belief._informed_face_down(list(cards), random.Random(seed))[0] == expected
            checked[k] += 1
    assert min(checked.values()) >= 10, checked


def test_abwehr_layout_samples_respect_revealed_tokens():
    for game, seat in itertools.islice(decision_points(9, every=5), 40):
        if seat != ABWEHR:
            continue
        view = game.view(seat)
        for i in range(5):
            s = Belief(view).sample(random.Random(i)).state
            for sector, faces in view["tokens"].items():
                for face, true in zip(faces, s.layout[sector]):
                    assert face is None or face == true
            assert sorted(f.count("green") for f in s.layout.values()) == [2, 2, 2, 3, 4]


def test_fast_consistent_matches_the_engine_deduction():
    pairs = [(g, r) for g in range(6) for r in range(6) if g + r <= 5]
    rng = random.Random(3)
    for _ in range(3000):
        counts = tuple(rng.choice(pairs) for _ in range(5))
        try:
            want = tuple(consistent_assignments(dict(zip(SECTORS, counts))))
        except ValueError:
            want = ()
        assert consistent(counts) == want


def test_hard_reads_face_down_cards_as_a_hand_builder_in_both_seats():
    """Hard samples the opponent's face-down cards informed from either seat (it forecasts a
    Normal opponent's tableau better, docs/ai.md); Normal keeps any x2 cards."""
    from barclay_desktop.ai.barclay.players import BUDGETS
    from barclay_desktop.ai.barclay.search import BarclaySearch

    game, _ = next(decision_points(5))
    for level, seat, informed in (("hard", LCS, True), ("hard", ABWEHR, True), ("normal", LCS, False),
                                  ("normal", ABWEHR, False)):
        belief = BarclaySearch(**BUDGETS[level][2]).prepare(game.view(seat))
        assert belief.informed_down is informed, (level, seat)


def _face_down_blank(seed: int):
    """A game in which the LCS has just laid a face-down blank (B7): every deck emptied into
    its discard pile (cards conserved) and its x2 cards swapped for x3-only ones there."""
    for game, seat in decision_points(seed, every=1):
        s = game.state
        if seat == LCS and s.step == "play2" and len(s.tableau[LCS]) == 3:
            break
    for deck in s.decks.values():
        s.discards[LCS].extend(deck)
        deck.clear()
    spare = [c for c in s.discards[LCS] if card_steps(c) == ("x3",) and c.startswith("ic-")]
    for i, cid in enumerate(s.hands[LCS]):
        if "x2" in card_steps(cid):
            swap = spare.pop()
            s.discards[LCS][s.discards[LCS].index(swap)] = cid
            s.hands[LCS][i] = swap
    game._legal_cache = None  # the state was changed behind the engine's back
    legal = game.legal_actions(LCS)
    assert legal and all(type(a).__name__ == "PlayBlank" for a in legal)
    game.apply(legal[0], LCS)
    return game, legal[0].card


@pytest.mark.parametrize("informed_down", [False, True])
def test_a_face_down_blank_is_sampled_as_a_blank(informed_down):
    """B7: the view tells the Abwehr that the LCS's face-down card is a blank (the log says so
    too), not which card; its samples lay some hidden card there as a blank, and agree with
    the view and the engine's invariants."""
    for seed in (41, 42, 43):
        game, blank_card = _face_down_blank(seed)
        view = game.view(ABWEHR)
        assert view["tableau"][LCS][3] == {"hidden": True, "face_up": False, "blank": True}
        assert blank_card not in str({k: v for k, v in view.items() if k != "log"})
        for i in range(10):
            sample = Belief(view, informed_down=informed_down).sample(random.Random(i))
            sample.check_invariants()
            assert sample.state.tableau[LCS][3].blank
            again = sample.view(ABWEHR)
            for key in view:
                if key != "log":
                    assert again[key] == view[key], key
