"""Hard's Abwehr flips a black token in the last month where this month's flips are likeliest
to prove the plan (B11: after month 6's flips the LCS wins if the plan is unproved), with its
own posterior over the LCS's layout (B13: laid at random). Normal keeps the rule that turns a
black token where it removes the most uncertainty (`flip_gains`)."""

from __future__ import annotations

import functools
import random

from barclay_desktop.ai.barclay.knowledge import (
    best_proof_chance,
    green_odds,
    last_flip_chances,
    plan_greens,
    plan_weights,
    proof_chance,
)
from barclay_desktop.ai.barclay.players import evidence_choice, make_search_player
from barclay_desktop.rules.barclay.deduction import SECTORS, consistent_assignments
from barclay_desktop.rules.barclay.state import EVIDENCE_TOKENS, LEAK, MONTHS, WILD_TOKENS
from barclay_desktop.ai.barclay.search import BarclaySearch
from tests.barclay_ai_helpers import brute_chance, flip_view, posterior, random_layout, wild_flips


def chance_on_layout(counts: tuple, greens: tuple, tokens: tuple) -> float:
    """The chance the exact rule proves the plan on a layout with `greens` green tokens per
    sector, `counts` of them turned (token by token, engine deduction: brute_chance)."""
    layout, shown = {}, {}
    for s, (g, r), total in zip(SECTORS, counts, greens):
        layout[s] = ["green"] * g + ["red"] * r + ["green"] * (total - g) + ["red"] * (5 - total - r)
        shown[s] = [True] * (g + r) + [False] * (5 - g - r)
    return brute_chance(layout, shown, list(tokens), wild_sectors=likeliest_to_prove)


def likeliest_to_prove(counts: tuple, rest: tuple) -> list[str]:
    chances = last_flip_chances(counts, rest)
    best = max(chances.values(), default=0.0)
    return [s for s, v in chances.items() if v >= best - 1e-12]


def proved(counts: tuple) -> bool:
    return len(consistent_assignments(dict(zip(SECTORS, counts)))) == 1


@functools.lru_cache(maxsize=None)
def optimum(counts: tuple, tokens: tuple) -> float:
    """The best chance of proof any way of using the tokens has: every order (B9: 'in any
    order it likes') and every sector for a wild token, the odds of green taken from the
    posterior above. `tokens` sorted, since every order is tried."""
    if proved(counts):
        return 1.0
    best = 0.0
    for k, token in enumerate(tokens):
        rest = tokens[:k] + tokens[k + 1 :]
        sectors = range(5) if token in WILD_TOKENS else [SECTORS.index(token)]
        hidden_sectors = [i for i in sectors if sum(counts[i]) < 5]
        if not hidden_sectors:
            best = max(best, optimum(counts, rest))
        for i in hidden_sectors:
            best = max(best, sum(p * optimum(turned, rest) for turned, p in outcomes(counts, i)))
    return best


def green_chance(counts: tuple, i: int) -> float:
    plans = posterior(counts)
    g, r = counts[i]
    return sum(w * (greens[i] - g) / (5 - g - r) for greens, w in plans) / sum(w for _, w in plans)


def outcomes(counts: tuple, i: int) -> list[tuple[tuple, float]]:
    """(counts after turning a token in sector i, chance) for green and red."""
    g, r = counts[i]
    p_green = green_chance(counts, i)
    turned = [(counts[:i] + ((g + 1, r),) + counts[i + 1 :], p_green),
              (counts[:i] + ((g, r + 1),) + counts[i + 1 :], 1 - p_green)]
    return [(c, p) for c, p in turned if p > 0]


def random_position(rng: random.Random):
    while True:
        layout = random_layout(rng)
        shown = {s: [rng.random() < 0.5 for _ in range(5)] for s in SECTORS}
        counts = BarclaySearch._counts(layout, shown)
        if len(consistent_assignments(dict(zip(SECTORS, counts)))) > 1:
            tokens = rng.sample(list(EVIDENCE_TOKENS) + [LEAK], rng.randint(1, 4))
            tokens.sort(key=lambda t: t in WILD_TOKENS)  # colour tokens first, as the Abwehr uses them
            return counts, tuple(tokens)


def test_the_exact_rule_wins_as_often_as_it_expects_and_never_less_than_the_uncertainty_rule():
    """Averaged over the layouts the Abwehr cannot tell apart, the exact rule proves the plan
    with the chance best_proof_chance gives (checked with the engine's deduction, B11), no
    way of using the tokens does better, and no chance is below the old rule's (proof_chance
    plays flip_gains)."""
    rng = random.Random(5)
    better = with_chance = 0
    for _ in range(120):
        counts, tokens = random_position(rng)
        plans = posterior(counts)
        total = sum(w for _, w in plans)
        exact = sum(w * chance_on_layout(counts, greens, tokens) for greens, w in plans) / total
        old = sum(w * proof_chance(counts, greens, tokens) for greens, w in plans) / total
        assert abs(best_proof_chance(counts, tokens) - exact) < 1e-9, (counts, tokens)
        assert abs(optimum(counts, tuple(sorted(tokens))) - exact) < 1e-9, (counts, tokens)
        assert exact >= old - 1e-9, (counts, tokens)
        better += exact > old + 1e-9
        with_chance += exact > 0
    assert with_chance >= 20 and better >= 5  # 45 and 10 when written: the flips can win, the rules differ


def test_the_posterior_weights_and_green_odds_match_the_engines_deduction():
    """plan_weights (shared by the entropy, the odds and the belief's layout sampling) against
    the posterior written out above from consistent_assignments (B11, B13)."""
    rng = random.Random(3)
    for _ in range(200):
        counts, _ = random_position(rng)
        plans = posterior(counts)
        weighted = plan_weights(counts)
        assert [(plan_greens(*pair), w) for pair, w in weighted] == plans
        odds = green_odds(counts)
        assert set(odds) == {i for i, (g, r) in enumerate(counts) if g + r < 5}
        for i, p_green in odds.items():
            assert abs(green_chance(counts, i) - p_green) < 1e-12


def test_in_the_last_month_the_black_token_goes_where_the_plan_is_likeliest_proved():
    """At random month-6 positions (the black token and up to two leaks, B14, left to use)
    the pick has the largest chance, and often differs from the uncertainty rule's. Before
    month 6 the exact rule is not used (later months' tokens are still to come)."""
    rng = random.Random(8)
    parted = leak_first = 0
    for _ in range(400):
        counts, _ = random_position(rng)
        won = rng.choice([["black"], [LEAK], ["black", LEAK], [LEAK, "black"], [LEAK, LEAK], ["black", LEAK, LEAK]])
        legal = wild_flips(counts, won)
        picked = legal[0].token
        rest = list(won)
        rest.remove(picked)
        chances = last_flip_chances(counts, tuple(rest))
        pick = evidence_choice(flip_view(counts, won, MONTHS), legal, random.Random(0), exact_last=True)
        assert chances[pick.sector] >= max(chances.values()) - 1e-12
        before = evidence_choice(flip_view(counts, won, MONTHS - 1), legal, random.Random(0), exact_last=True)
        plain = evidence_choice(flip_view(counts, won, MONTHS), legal, random.Random(0))
        assert before == plain
        parted += chances[plain.sector] < chances[pick.sector] - 1e-9
        leak_first += picked == LEAK
    assert parted >= 10 and leak_first >= 100  # 37 and 203 of these 400 positions when written


def test_only_hard_flips_by_the_exact_rule():
    assert make_search_player("hard").exact_last is True
    assert make_search_player("normal").exact_last is False
    assert make_search_player("hard", exact_last=False).exact_last is False
