"""Hard's Abwehr turns a wild evidence token (black, or a leak) in months 1-5 where games of
the rest of the evidence, played out in a model, prove the plan most often (B9: a black token
turns a token in any sector; B11: the Abwehr wins once the revealed tokens prove the plan, the
LCS if month 6 ends without that). The uncertainty rule, which Normal keeps, is myopic."""

from __future__ import annotations

import itertools
import math
import random

from barclay_desktop.ai.barclay.evidence import (
    BOX_RATES,
    deal_faces,
    lookahead_sectors,
    play_months,
    tie_pick,
    wild_sectors,
)
from barclay_desktop.ai.barclay.knowledge import best_proof_chance
from barclay_desktop.ai.barclay.players import evidence_choice, make_search_player
from barclay_desktop.rules.barclay.deduction import SECTORS, consistent_assignments
from barclay_desktop.rules.barclay.state import EVIDENCE_TOKENS, LEAK, WILD_TOKENS
from tests.barclay_ai_helpers import flip_view, posterior, wild_flips

# Month 5, a black token to turn and nothing after it: the uncertainty rule turns Sicily
# (blue), where the plan is proved by the end of month 6 in 18.9% of games; Sardinia (red) or
# the Peloponnese (green) give 22.1% (exact, below).
POSITION = ((1, 1), (1, 0), (3, 1), (1, 0), (1, 2))


def month_outcomes(counts: tuple):
    """(chance, tokens won) over one month of the evidence model: the six tokens dealt onto
    the boxes (two Alpha, three Beta, one Recon/Raid), each box won at BOX_RATES, a tie or a
    double right bet taking the one token tie_pick takes, a leak flip on top."""
    r = BOX_RATES
    splits = {(frozenset(p[:2]), frozenset(p[2:5]), p[5]) for p in itertools.permutations(EVIDENCE_TOKENS)}
    for alpha, beta, recon in splits:
        for a, pa in ((sorted(alpha), r["alpha"]), ([tie_pick(counts, sorted(alpha))], r["alpha_tie"]),
                      ([], 1 - r["alpha"] - r["alpha_tie"])):
            for b, pb in ((sorted(beta), r["beta3"]), ([tie_pick(counts, sorted(beta))], r["beta1"]),
                          ([], 1 - r["beta3"] - r["beta1"])):
                for c, pc in (([recon], r["recon"]), ([], 1 - r["recon"])):
                    for leak, pl in (([LEAK], r["leaks"]), ([], 1 - r["leaks"])):
                        won = sorted(a + b + c + leak, key=lambda t: t in WILD_TOKENS)
                        yield pa * pb * pc * pl / len(splits), tuple(won)


def proved_by_engine(counts: tuple) -> bool:
    return len(consistent_assignments(dict(zip(SECTORS, counts)))) == 1


def exact_chance_month5(counts: tuple, i: int) -> float:
    """The chance the plan is proved by the end of month 6 if a wild token turns sector `i`
    now (month 5, nothing after it), month 6's flips made by the exact last-month rule
    (best_proof_chance, checked against every order in test_ai_barclay_last_flips)."""
    plans = posterior(counts)
    total = sum(w for _, w in plans)
    g, r = counts[i]
    p_green = sum(w * (greens[i] - g) / (5 - g - r) for greens, w in plans) / total
    out = 0.0
    for green, chance in ((True, p_green), (False, 1 - p_green)):
        if chance <= 0:
            continue
        after = counts[:i] + (((g + 1, r),) if green else ((g, r + 1),)) + counts[i + 1 :]
        if proved_by_engine(after):
            out += chance
        else:
            out += chance * sum(p * best_proof_chance(after, won) for p, won in month_outcomes(after))
    return out


def test_the_lookahead_turns_where_the_plan_is_likeliest_proved_by_the_end_B9_B11():
    exact = {SECTORS[i]: exact_chance_month5(POSITION, i) for i in range(5)}
    assert [round(exact[s], 3) for s in SECTORS] == [0.211, 0.221, 0.189, 0.221, 0.165]
    best = max(exact.values())
    rule = wild_sectors(POSITION, (), False)
    assert max(exact[s] for s in rule) < best - 0.02  # the myopic rule loses 3 points here
    picks = lookahead_sectors(random.Random(21), POSITION, 5, (), samples=400, time_cap=math.inf)
    # a model game proves or not, so 400 of them tell apart sectors a few points apart, not
    # the one point between Sardinia and the South of France (21.1%)
    assert picks and all(exact[s] >= best - 0.015 and exact[s] > max(exact[r] for r in rule) + 0.015 for s in picks)


def test_sectors_with_the_same_tokens_turned_are_alike_to_the_lookahead():
    # before any flip every sector is alike: all of them, without a model game
    assert lookahead_sectors(random.Random(0), ((0, 0),) * 5, 1, ("black",)) == list(SECTORS)
    counts = ((1, 0), (0, 0), (0, 0), (1, 0), (0, 0))
    picks = lookahead_sectors(random.Random(1), counts, 2, (), samples=60)
    assert set(picks) in ({"pink", "green"}, {"red", "blue", "purple"})


def test_a_model_game_is_its_seed_and_proves_only_by_B11():
    counts = ((0, 0),) * 5
    greens = (4, 3, 2, 2, 2)  # South of France primary, Sardinia secondary
    results = set()
    for _ in range(2):
        faces = deal_faces(random.Random(7), counts, greens)
        results.add(play_months(random.Random(8), random.Random(9), BOX_RATES, faces, counts, 0, []))
    assert len(results) == 1
    # every token turned in every sector proves the plan; nothing turned does not
    full = tuple((g, 5 - g) for g in greens)
    assert proved_by_engine(full) and not proved_by_engine(counts)


def test_hard_looks_ahead_and_normal_keeps_the_uncertainty_rule():
    assert make_search_player("hard").lookahead > 0
    assert make_search_player("normal").lookahead == 0
    view = flip_view(POSITION, ["black"], 5)
    legal = wild_flips(POSITION, ["black"])
    hard = evidence_choice(view, legal, random.Random(3), exact_last=True, lookahead=400, time_cap=math.inf)
    normal = evidence_choice(view, legal, random.Random(3))
    exact = {s: exact_chance_month5(POSITION, SECTORS.index(s)) for s in SECTORS}
    assert exact[hard.sector] > exact[normal.sector] + 0.02
    assert math.isclose(exact[hard.sector], max(exact.values()), abs_tol=0.015)
