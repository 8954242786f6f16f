"""The Easy rules of thumb for Spies & Lies, on plain facts.

Used two ways: by the Easy player (facts read from the seat's view) and as the rollout
policy of the search (facts read from a sampled game, restricted to what the acting seat
could see there). Each function returns one of the given legal actions.
"""

from __future__ import annotations

from bisect import bisect_left
from functools import lru_cache
from itertools import repeat
from operator import is_

from barclay_desktop.rules.spies_lies.actions import (
    CaptainBorrow,
    CaptainPoints,
    ConfirmDeploy,
    Deceive,
    Deploy,
    IntelChip,
    MarshalSplit,
    MarshalTen,
    NoDeception,
)

from barclay_desktop.rules.spies_lies.game import DEPLOYS, GUESSES

from .knowledge import SERGEANT, activation_value, in_order, marginals, most_likely, ordered_fills

VALUABLE = frozenset({6, 8, 9, 10})  # troops worth a deception chip
SERGEANT_TRUTH = 0.8  # how often the Easy Sergeant tells the truth


@lru_cache(maxsize=1 << 14)
def completions(slots: tuple, hand: tuple, missions: tuple, day: int) -> tuple:
    """(fillings, cumulative weights): every in-order way to fill the empty `missions`.

    A filling is a tuple of ranks for the empty missions, left to right. Line-ups with
    more valuable troops weigh more (they earn more when they are not guessed)."""
    empty = [m for m in missions if not slots[m]]
    out, cum, total = [], [], 0.0
    for perm in ordered_fills(slots, hand, empty):
        line = list(slots)
        for m, r in zip(empty, perm):
            line[m] = r
        if not in_order(line):
            continue
        w = 1.0 + sum(activation_value(r, day) for r in perm)
        total += w * w
        out.append(perm)
        cum.append(total)
    return tuple(out), tuple(cum)


def deploy_action(legal: list, slots: tuple, hand: tuple, missions: tuple, day: int, rng):
    """Fill the leftmost empty mission with the first troop of a sampled line-up; confirm when full."""
    deploys = []
    for a in legal:
        kind = type(a)
        if kind is ConfirmDeploy:  # the first confirmation there is
            return a
        if kind is Deploy:
            deploys.append(a)
    fills, cum = completions(slots, hand, missions, day)
    if fills:
        x = rng.random() * cum[-1]
        i = bisect_left(cum, x)  # the first c >= x
        m = next(m for m in missions if not slots[m])
        want = DEPLOYS[fills[i][0], m]
        # (the engine's lists hold the very objects of DEPLOYS: found by identity without
        # comparing values first)
        if any(map(is_, deploys, repeat(want))) or want in deploys:
            return want
    return rng.choice(deploys or legal)


def intel_action(legal: list, rank: int, listed: bool, rng, truth: float = SERGEANT_TRUTH):
    """Chips tell the truth (`listed`: the rank is on the card); a Sergeant's lies sometimes."""
    if len(legal) == 1:
        return legal[0]
    on = listed
    if rank == SERGEANT and rng.random() >= truth:
        on = not listed
    want = IntelChip(legal[0].mission, on)
    return want if want in legal else legal[-1]


def offer_action(legal: list, rank: int):
    return Deceive() if rank in VALUABLE and Deceive() in legal else NoDeception()


def guess_action(facts: tuple, mission: int, rng):
    """The most likely rank under `mission`."""
    return GUESSES[most_likely(marginals(facts)[mission], rng) - 1]


def choice_action(legal: list, day: int, my_tower: int):
    """Captain: borrow an eliminated troop worth more than 6 IP; Marshal: split from 5 IP up."""
    if any(isinstance(a, MarshalTen) for a in legal):
        return MarshalSplit() if my_tower >= 5 else MarshalTen()
    best, best_v = CaptainPoints(), activation_value(6, day)
    for a in legal:
        if isinstance(a, CaptainBorrow) and a.rank != 6 and activation_value(a.rank, day) > best_v:
            best, best_v = a, activation_value(a.rank, day)
    return best
