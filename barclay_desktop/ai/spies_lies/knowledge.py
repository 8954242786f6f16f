"""What a Spies & Lies seat can deduce about hidden troops, from public facts only.

The central question is "which line-ups could this side have deployed?". The answer is
enumerated exactly (at most 9*8*7*6 orderings) from:
- the ranks that side may hold today (all ten but its eliminated troops);
- the troops already shown (face-up, publicly known, or one's own);
- the order rule: non-Sergeant ranks ascend left to right (S9 strict: always true);
- the intelligence chips: in strict mode every troop but the Sergeant is marked
  truthfully; the Sergeant lies with probability `SERGEANT_LIE`.
In open-table mode the rules are not enforced, so breaking them only costs weight.

Every function takes plain tuples and is memoised: the same facts recur constantly in
a search. Nothing here sees a game state; callers pass what the seat may know.
"""

from __future__ import annotations

import json
from bisect import bisect
from functools import lru_cache
from itertools import accumulate, permutations
from operator import itemgetter, sub

from barclay_desktop.resources import asset_path

SERGEANT = 4
RANKS = tuple(range(1, 11))
SERGEANT_LIE = 0.2  # assumed chance that a Sergeant carries a false chip
OPEN_TABLE_BREAK = 0.05  # open table: weight of a line-up for each rule it would break
HIDDEN, EMPTY = 0, -1  # slot codes next to a shown rank (1-10)


def in_order(lineup) -> bool:
    prev = 0
    for r in lineup:
        if r <= 0 or r == SERGEANT:
            continue
        if r < prev:
            return False
        prev = r
    return True


def ordered_fills(slots, avail, positions):
    """Every way to put distinct ranks of `avail` at `positions` (ascending) so that the
    whole line is in order (Sergeant anywhere); fixed slots (> 0) stay, others are ignored."""
    positions = tuple(positions)
    n = len(positions)
    fixed = [r if (m not in positions and r > 0) else 0 for m, r in enumerate(slots)]
    # smallest fixed non-Sergeant rank right of each mission
    ceil = [99] * 5
    for m in range(3, -1, -1):
        r = fixed[m]
        ceil[m] = min(ceil[m + 1], r) if r and r != SERGEANT else ceil[m + 1]
    out: list = []
    pick = [0] * n

    def go(i, m_from, prev, used):
        m = positions[i] if i < n else 4
        for r in fixed[m_from:m]:
            if r and r != SERGEANT:
                if r < prev:
                    return
                prev = r
        if i == n:
            out.append(tuple(pick))
            return
        top = ceil[m + 1]
        for r in avail:
            bit = 1 << r
            if used & bit:
                continue
            if r == SERGEANT:
                pick[i] = r
                go(i + 1, m + 1, prev, used | bit)
            elif prev < r < top:
                pick[i] = r
                go(i + 1, m + 1, r, used | bit)

    go(0, 0, 0, 0)
    return out


@lru_cache(maxsize=1 << 15)
def lineups(slots: tuple, avail: tuple, chips: tuple, card: frozenset, strict: bool, prior: tuple | None = None) -> tuple:
    """(line-ups, cumulative weights): completions of the HIDDEN slots consistent with the facts.

    `slots`: per mission a shown rank, HIDDEN (occupied, face-down) or EMPTY;
    `avail`: ranks the hidden troops may have (not eliminated, not shown);
    `chips`: per mission 1 / 0 (shown chip) or -1 (unknown / none yet);
    `card`: the ranks of the current intelligence card (empty before it is turned);
    `prior`: None (every line-up the facts allow is as likely) or per mission a weight per
    rank (index 1-10) for how often a side puts that rank there (`lineup_prior`)."""
    hidden, lines, base = _fills(slots, avail, strict)
    # A line's weight is 1.0 times the prior of each hidden troop (in mission order), times
    # OPEN_TABLE_BREAK when out of order, times each hidden troop's chip factor (in mission
    # order; 0.0 for a lie a strict table rules out). The factors are looked up per mission
    # and rank; where nothing is multiplied (shown and empty missions, chips that say nothing,
    # a line in order) the factor is 1.0, and multiplying by 1.0 changes no bit of a weight.
    # `base` is the order factor (0.0 drops a strict line out of order, as skipping it did).
    f = [_ONES] * 4
    if card:
        for m in hidden:
            if chips[m] >= 0:
                f[m] = _chip_factors(chips[m], card, strict)
    f0, f1, f2, f3 = f
    if prior is None:
        ws = [b * f0[r0] * f1[r1] * f2[r2] * f3[r3] for (r0, r1, r2, r3), b in zip(lines, base)]
    else:
        p0, p1, p2, p3 = (prior[m] if m in hidden else _ONES for m in range(4))
        ws = [1.0 * p0[r0] * p1[r1] * p2[r2] * p3[r3] * b * f0[r0] * f1[r1] * f2[r2] * f3[r3]
              for (r0, r1, r2, r3), b in zip(lines, base)]
    if ws and min(ws) > 0.0:  # every line kept
        out, weights = lines, ws
    else:
        out = [line for line, w in zip(lines, ws) if w > 0.0]
        weights = [w for w in ws if w > 0.0]
    if not out:  # facts that no rule-abiding line-up explains (open table): anything goes
        base = list(slots)
        for perm in permutations(avail, len(hidden)):
            line = base[:]
            for m, r in zip(hidden, perm):
                line[m] = r
            out.append(tuple(line))
            weights.append(1.0)
    # every line kept: the very tuple _fills made (marginals finds its ranks by it)
    return out if out is lines else tuple(out), tuple(accumulate(weights))


@lru_cache(maxsize=1 << 10)
def _fills(slots: tuple, avail: tuple, strict: bool) -> tuple:
    """(hidden missions, line-ups, order factors) that `lineups` weighs: every way to put ranks
    of `avail` in the HIDDEN slots (strict: only in order), in the order it tries them; a line
    out of order weighs OPEN_TABLE_BREAK (0.0 on a strict table: dropped)."""
    hidden = tuple(m for m, r in enumerate(slots) if r == HIDDEN)
    fills = tuple(ordered_fills(slots, avail, hidden) if strict else permutations(avail, len(hidden)))
    if len(hidden) == 4:  # every slot hidden: the fill is the line
        lines = fills
    else:  # each line picked from the fill and the slots
        k = len(hidden)
        pick = itemgetter(*(hidden.index(m) if m in hidden else k + m for m in range(4)))
        lines = tuple(pick(fill + slots) for fill in fills)
    ordered = _ORDERED
    base = []
    for line in lines:
        good = ordered.get(line)
        if good is None:
            good = ordered[line] = in_order(line)
        base.append(1.0 if good else 0.0 if strict else OPEN_TABLE_BREAK)
    return hidden, lines, tuple(base)


_ORDERED: dict = {}  # line-up -> in_order(line-up)


@lru_cache(maxsize=64)
def _chip_factors(chip: int, card: frozenset, strict: bool) -> tuple:
    """Per rank (index 0-10): what a hidden troop of that rank under this chip multiplies its
    line's weight by (`lineups`)."""
    out = [1.0] * 11
    if chip < 0:
        return tuple(out)
    for r in RANKS:
        truth = r in card
        if r == SERGEANT:
            out[r] = SERGEANT_LIE if (chip == 1) != truth else 1.0 - SERGEANT_LIE
        elif (chip == 1) != truth:
            out[r] = 0.0 if strict else OPEN_TABLE_BREAK
    return tuple(out)


@lru_cache(maxsize=4)
def lineup_prior(day: int) -> tuple | None:
    """How computer players line up on `day`: per mission, a weight per rank (index 1-10),
    fitted to self-play by tools/fit_spies_lineup_prior.py; None for a day it does not cover."""
    with open(asset_path("data", "spies_lies", "lineup_prior.json"), encoding="utf-8") as fh:
        table = json.load(fh)["weights"].get(str(day))
    return None if table is None else tuple(tuple(row) for row in table)


def sample_lineup(facts: tuple, rng) -> tuple:
    lines, cum = lineups(*facts)
    if not lines:
        return ()
    return lines[bisect(cum, rng.random() * cum[-1]) if len(lines) > 1 else 0]


@lru_cache(maxsize=1 << 15)
def marginals(facts: tuple) -> tuple:
    """Per mission: {rank: probability} over the consistent line-ups (shown ranks certain)."""
    lines, cum = lineups(*facts)
    if not lines:
        return ({}, {}, {}, {})
    # each line's weight as the difference of the cumulative weights, added up per mission and
    # rank in line order; the ranks in the order they first appear
    total = cum[-1]
    acc = [[0.0] * 12 for _ in range(4)]  # by rank 1-10; index 11 (= -1) collects the empty missions
    a0, a1, a2, a3 = acc
    for (r0, r1, r2, r3), w in zip(lines, map(sub, cum, (0.0,) + cum[:-1])):
        a0[r0] += w
        a1[r1] += w
        a2[r2] += w
        a3[r3] += w
    return tuple({r: a[r] / total for r in ranks if r > 0} for ranks, a in zip(_ranks_seen(lines), acc))


_ONES = (1.0,) * 11
_SEEN: dict = {}  # id(lines) -> (lines, per mission the ranks in the order they first appear)


def _ranks_seen(lines: tuple) -> tuple:
    """Per mission, the ranks of `lines` in the order they first appear: once per tuple of
    line-ups (`lineups` hands out _fills' own tuple whenever it keeps every line)."""
    entry = _SEEN.get(id(lines))
    if entry is None or entry[0] is not lines:
        if len(_SEEN) > 1 << 12:
            _SEEN.clear()
        entry = _SEEN[id(lines)] = (lines, tuple(tuple(dict.fromkeys(map(itemgetter(m), lines))) for m in range(4)))
    return entry[1]


def column_marginal(lines: tuple, cum: tuple, m: int) -> dict:
    """`marginals(...)[m]` from `lineups(...)`: the same sums in the same order, one mission."""
    if not lines:
        return {}
    total = cum[-1]
    acc = [0.0] * 12
    for r, w in zip(map(itemgetter(m), lines), map(sub, cum, (0.0,) + cum[:-1])):
        acc[r] += w
    return {r: acc[r] / total for r in _ranks_seen(lines)[m] if r > 0}


_LIKELIEST: dict = {}  # id(distribution) -> (the distribution, its likeliest ranks)


def most_likely(dist: dict, rng) -> int:
    """The rank with the highest probability, ties at random."""
    if not dist:
        return rng.randint(1, 10)
    entry = _LIKELIEST.get(id(dist))
    if entry is None or entry[0] is not dist:  # worked out once per (memoised) distribution
        if len(_LIKELIEST) > 1 << 16:
            _LIKELIEST.clear()
        entry = _LIKELIEST[id(dist)] = (dist, likeliest(dist))
    return rng.choice(entry[1])


def likeliest(dist: dict) -> list:
    """The ranks of `dist` within rounding of the highest probability, ascending."""
    best = max(dist.values())
    return sorted(r for r in dist if dist[r] >= best - 1e-12)


# ----- what troops are worth ----------------------------------------------------------
def activation_value(rank: int, day: int) -> float:
    """Rough worth to its owner of a troop activating, in double-spy steps on `day`.

    10 IP make one infiltration of `day` steps; the Lieutenant and General move the spy."""
    ip = day / 10.0
    return {
        1: 3 * ip,  # 1 IP and a deception chip
        2: 4 * ip,  # 2 IP and the Scout's doubled guesses
        3: 3 * ip,
        4: 4 * ip,
        5: 1.0,
        6: 6 * ip,
        7: 3 * ip,  # the Bomb spoils the next enemy reveal
        8: 8 * ip,
        9: 2.0,
        10: 10 * ip,
    }[rank]
