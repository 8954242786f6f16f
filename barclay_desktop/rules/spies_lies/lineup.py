"""Line-up order: ranks ascend left to right, the Sergeant (4) excepted."""

from __future__ import annotations

from bisect import bisect_left, bisect_right

SERGEANT = 4


def out_of_order(slots: list[int]) -> tuple[int, int] | None:
    """First pair of missions (i, j), i < j, whose non-Sergeant ranks descend; None if in order."""
    for j, rj in enumerate(slots):
        if not rj or rj == SERGEANT:
            continue
        for i in range(j):
            ri = slots[i]
            if ri and ri != SERGEANT and ri > rj:
                return i, j
    return None


def can_complete(slots: list[int], hand: list[int]) -> bool:
    """Whether the empty slots can be filled from `hand` so the whole line-up is in order.

    The Sergeant is a wildcard; taking the smallest fitting rank slot by slot is
    optimal, so it is enough to try the wildcard in each empty slot (or nowhere)."""
    if out_of_order(slots) is not None:
        return False
    return _fills_in_order(slots, sorted(r for r in hand if r != SERGEANT), SERGEANT in hand)


def _fills_in_order(slots, normal: list[int], sergeant: bool) -> bool:
    """can_complete with the hand's other ranks sorted (`normal`) and whether it holds the
    Sergeant. (The greedy fill also fails on slots already out of order.)"""
    if _greedy_fill(slots, normal, None):
        return True
    return sergeant and any(_greedy_fill(slots, normal, m) for m, r in enumerate(slots) if not r)


def _greedy_fill(slots, normal: list[int], wild: int | None) -> bool:
    """Fill the empty slots left to right, each with the smallest rank of `normal` (sorted)
    above the one before it. The ranks taken ascend, so every rank left of the last one
    taken is taken or too small for good: the next one is found by bisection from there."""
    prev = 0
    nxt = 0  # normal[nxt:] are the ranks still free
    end = len(normal)
    for m, r in enumerate(slots):
        if r:
            if r != SERGEANT:
                if r < prev:
                    return False
                prev = r
            continue
        if m == wild:
            continue
        nxt = bisect_right(normal, prev, nxt)
        if nxt == end:
            return False
        prev = normal[nxt]
        nxt += 1
    return True


def ordered_placements(slots: list[int], hand: list[int], missions: range) -> list[tuple[int, int]]:
    """(rank, mission) pairs that keep the line-up completable in order (strict mode, S9), in
    hand order, then mission order: can_complete(slots + (rank at mission), hand - rank).

    Worked out for all pairs at once: a troop of rank r under an empty mission m can be
    completed around exactly when the missions left of m can be filled (greedily, smallest
    ranks first) below r and those right of m (greedily from the right, largest first) above
    r, with the Sergeant, when the hand keeps it, standing in for one of them."""
    return placements(slots, hand, missions, _PAIRS)


def placements(slots, hand, missions: range, table) -> list:
    """ordered_placements with `table[rank][mission]` given for each pair (the engine passes
    its Deploy actions, made once). `slots` and `hand` may be lists or tuples."""
    normal = sorted(r for r in hand if r != SERGEANT)
    low, high = _from_left(slots, normal, None), _from_right(slots, normal, None)
    empty = [m for m in missions if not slots[m]]
    if SERGEANT in hand:
        # the Sergeant in empty mission e: the bounds with e skipped; for each m the loosest
        # bound with the Sergeant left of m (lower bound) or right of it (upper bound)
        low_wild, high_wild, fits = low[:], high[:], {}
        for e, r in enumerate(slots):
            if r:
                continue
            low_e, high_e = _from_left(slots, normal, e), _from_right(slots, normal, e)
            fits[e] = low_e[4] != _TOP  # the Sergeant itself under e: the rest can be filled
            for m in range(e + 1, 4):
                if low_e[m] < low_wild[m]:
                    low_wild[m] = low_e[m]
            for m in range(e):
                if high_e[m] > high_wild[m]:
                    high_wild[m] = high_e[m]
        # rank r fits under m when low < r < high with one bound loosened by the Sergeant
        cols = [(m, low_wild[m], high[m], low[m], high_wild[m]) for m in empty]
        sergeant_row = [table[SERGEANT][m] for m in empty if fits[m]]
    else:
        cols = [(m, low[m], high[m], _TOP, 0) for m in empty]  # (the second interval is empty)
        sergeant_row = []
    out: list = []
    for rank in hand:
        if rank == SERGEANT:
            out.extend(sergeant_row)
            continue
        row = table[rank]
        for m, a1, b1, a2, b2 in cols:
            if a1 < rank < b1 or a2 < rank < b2:
                out.append(row[m])
    return out


_PAIRS = tuple(tuple((rank, m) for m in range(4)) for rank in range(11))  # the pair for each (rank, mission)
_TOP = 99  # above every rank


def _from_left(slots, normal: list[int], skip) -> list:
    """Per mission m (0-4): the highest rank in missions 0..m-1 after the greedy fill from the
    left (0 for none), or _TOP once it fails; mission `skip` is left empty (the Sergeant's)."""
    out = [0]
    prev, nxt, end = 0, 0, len(normal)
    for m, r in enumerate(slots):
        if prev != _TOP:
            if r:
                if r != SERGEANT:
                    prev = _TOP if r < prev else r
            elif m != skip:
                nxt = bisect_right(normal, prev, nxt)
                if nxt == end:
                    prev = _TOP
                else:
                    prev = normal[nxt]
                    nxt += 1
        out.append(prev)
    return out


def _from_right(slots, normal: list[int], skip) -> list:
    """Per mission m (0-3): the lowest rank in missions m+1..3 after the greedy fill from the
    right, largest ranks first (_TOP for none), or 0 once it fails."""
    out = [0] * 4
    nxt, hi = _TOP, len(normal)
    for m in range(3, -1, -1):
        out[m] = nxt
        if not nxt:
            continue
        r = slots[m]
        if r:
            if r != SERGEANT:
                nxt = 0 if r > nxt else r
        elif m != skip:
            hi = bisect_left(normal, nxt, 0, hi)
            if hi == 0:
                nxt = 0
            else:
                hi -= 1
                nxt = normal[hi]
    return out
