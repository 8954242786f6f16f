"""The chance that won evidence tokens prove the plan (B9 flips, B11 proof), which Hard's
Abwehr search uses to value a month's tokens (`BarclaySearch(proof_seats=...)`, session 12)."""

from __future__ import annotations

import random

from barclay_desktop.ai.barclay.knowledge import proof_chance
from barclay_desktop.ai.barclay.players import BUDGETS, evidence_choice
from barclay_desktop.ai.barclay.search import BarclaySearch
from barclay_desktop.rules import game_class
from barclay_desktop.rules.barclay.deduction import SECTORS, consistent_assignments
from barclay_desktop.rules.barclay.state import ABWEHR, EVIDENCE_TOKENS, LCS, LEAK, MONTHS, WILD_TOKENS
from tests.barclay_ai_helpers import brute_chance, flip_point, random_layout

Barclay = game_class("barclay")


def test_proof_chance_matches_turning_every_face_down_token_in_turn():
    rng = random.Random(11)
    nonzero = 0
    for _ in range(150):
        layout = random_layout(rng)
        shown = {s: [rng.random() < 0.45 for _ in range(5)] for s in SECTORS}
        counts = BarclaySearch._counts(layout, shown)
        if len(consistent_assignments(dict(zip(SECTORS, counts)))) == 1:
            continue  # the game would already be over
        tokens = rng.sample(list(EVIDENCE_TOKENS) + [LEAK], rng.randint(1, 4))
        tokens.sort(key=lambda t: t in WILD_TOKENS)  # colour tokens first, as the Abwehr uses them
        greens = tuple(layout[s].count("green") for s in SECTORS)
        want = brute_chance(layout, shown, tokens)
        assert abs(proof_chance(counts, greens, tuple(tokens)) - want) < 1e-9
        nonzero += want > 0
    assert nonzero >= 10  # the comparison covered positions where the flips can win


def test_tokens_that_cannot_narrow_the_plan_have_no_chance_and_a_proved_plan_is_certain():
    # B11: pink holds 4 greens, so it is primary; nothing else is settled. One flip in
    # purple, a diversion with a red showing, cannot single out the secondary sector.
    greens = (4, 3, 2, 2, 2)
    counts = ((4, 0), (0, 0), (0, 0), (0, 0), (0, 1))
    assert proof_chance(counts, greens, ("purple",)) == 0.0
    assert proof_chance(counts, greens, ()) == 0.0
    proved = ((4, 1), (3, 0), (2, 0), (2, 0), (0, 0))  # pink primary, red secondary: the rest diversions
    assert len(consistent_assignments(dict(zip(SECTORS, proved)))) == 1
    assert proof_chance(proved, greens, ()) == 1.0


def test_in_the_last_month_the_lcs_search_values_tokens_by_the_abwehrs_real_chance_to_win():
    """Month 6 (B11: the LCS wins if the plan is unproved after the last flips): the value the
    search gives the tokens won equals the share of games the Abwehr wins by flipping them
    with the flip rule the computer Abwehr plays (`evidence_choice`), played out by the engine.
    The plain value (uncertainty removed) is far from it: it counts tokens that cannot win."""
    winning = losing = 0
    for seed in range(30):
        game = flip_point(seed)
        if game is None:
            continue
        game.state.month = MONTHS
        search, plain = BarclaySearch(proof_seats=(LCS,)), BarclaySearch()
        search.prepare(game.view(LCS))
        plain.prepare(game.view(LCS))
        value = search.evaluate(game, random.Random(0))[ABWEHR]
        rng = random.Random(seed)
        wins = 0
        runs = 200
        for _ in range(runs):
            g = game.clone()
            while not g.is_over() and g.current_seat() == ABWEHR:
                legal = g.legal_actions(ABWEHR)
                if type(legal[0]).__name__ != "Flip":
                    break
                g.apply(evidence_choice(g.view(ABWEHR), legal, rng), ABWEHR)
            wins += g.is_over() and g.result.winner == ABWEHR
        assert abs(wins / runs - value) < 0.1, (seed, wins, value)
        winning += value > 0
        losing += value == 0 and plain.evaluate(game, random.Random(0))[ABWEHR] > 0.1
    assert winning >= 3 and losing >= 3


def test_before_the_last_month_proof_adds_to_the_uncertainty_the_tokens_remove():
    game = flip_point(18)  # at month 6 these tokens would surely prove the plan (test above)
    game.state.month = MONTHS - 2
    plain, proof = BarclaySearch(), BarclaySearch(proof_seats=(LCS,))
    for s in (plain, proof):
        s.prepare(game.view(LCS))
    before = plain.evaluate(game, random.Random(0))[ABWEHR]
    assert 0 < before < 1
    assert proof.evaluate(game, random.Random(0))[ABWEHR] == 1.0
    proof.prepare(game.view(ABWEHR))  # the Abwehr is not in proof_seats: the plain value
    assert proof.evaluate(game, random.Random(0))[ABWEHR] == before


def test_hard_as_the_abwehr_plays_the_last_month_for_proof_and_normal_does_not():
    """Hard's Abwehr values month-6 tokens by the chance their flips prove the plan (B11),
    measured in docs/ai.md, session 12 (61.0% of 200 games against Normal); its LCS and both
    Normal seats keep the plain value."""
    checked = 0
    for seed in range(30):
        game = flip_point(seed)
        if game is None:
            continue
        game.state.month = MONTHS
        s = game.state
        chance = BarclaySearch._proof_chance(s, BarclaySearch._counts(s.layout, s.revealed))
        plain = BarclaySearch()
        plain.prepare(game.view(ABWEHR))
        plain_value = plain.evaluate(game, random.Random(0))[ABWEHR]
        if abs(chance - plain_value) < 1e-6:
            continue
        for level, seat, uses_proof in (("hard", ABWEHR, True), ("hard", LCS, False),
                                         ("normal", ABWEHR, False), ("normal", LCS, False)):
            search = BarclaySearch(**BUDGETS[level][2])
            search.prepare(game.view(seat))
            want = chance if uses_proof else plain_value
            assert abs(search.evaluate(game, random.Random(0))[ABWEHR] - want) < 1e-9, (seed, level, seat)
        checked += 1
    assert checked >= 5
