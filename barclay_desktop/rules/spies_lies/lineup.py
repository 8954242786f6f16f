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

    Worked out for all pairs at once, from the runs of empty missions (see placements)."""
    return placements(slots, hand, missions, _PAIRS)


def placements(slots, hand, missions: range, table) -> list:
    """ordered_placements with `table[rank][mission]` given for each pair (the engine passes
    its Deploy actions, made once). `slots` and `hand` may be lists or tuples.

    The empty missions fall into runs between the placed troops other than the Sergeant
    (who fits anywhere). A run between ranks a and b needs as many of the hand's ranks in
    (a, b) as it has empty missions, and the runs draw on disjoint ranks; a run short of
    ranks has a deficit, and the Sergeant, while in the hand, makes up one. A rank r put
    under an empty mission with k empty missions of its run to the left and j to the right
    needs the k-th smallest rank above a below r and the j-th largest below b above r."""
    empties = slots.count(0)
    if empties == 1:  # the last troop of the line-up (two in five new line-ups)
        return _last_placements(slots, hand, missions, table)
    if empties == 2:  # (another two in five)
        return _two_placements(slots, hand, missions, table)
    normal = sorted(hand)
    wild = SERGEANT in hand
    if wild:
        normal.remove(SERGEANT)
    found = _runs(slots, normal)
    if found is None:  # placed troops out of order: nothing completes the line-up
        return []
    runs, deficit = found
    if deficit > wild:
        return []
    # The k-th smallest rank above a run's left neighbour is normal[above + k - 1], the j-th
    # largest below its right one normal[below - j]; read from `padded`, a rank past the end
    # of the hand is _TOP or 0, which no troop passes (k and j are at most 3: written out,
    # as a deploy list of a line-up met for the first time costs a fifth of a random game).
    padded = _PAD_BELOW + normal + _PAD_ABOVE
    spans, sergeant_row = [], []  # (mission, low, high): rank r fits under the mission when low < r < high
    for left, right, empty, above, below, short in runs:
        loosened = wild and deficit == short  # the Sergeant is not needed by another run
        n = len(empty)
        first, last = above + 2, below + 3  # padded[first + k] is normal[above + k - 1], ...
        for k, m in enumerate(empty):
            if m not in missions:
                continue
            j = n - 1 - k  # empty missions of the run right of m
            low = padded[first + k] if k else left
            high = padded[last - j] if j else right
            if not loosened:
                spans.append((m, low, high))
                continue
            # r fits when low < r < high with one of the bounds loosened by the Sergeant: one
            # interval when the two overlap, else two (then no rank is in both)
            low1, high1 = padded[first + k - 1] if k > 1 else left, padded[last - j + 1] if j > 1 else right
            if low < high:
                spans.append((m, low1, high1))
            else:
                spans += ((m, low1, high), (m, low, high1))
            if n - 1 <= below - above:  # the Sergeant itself under m: the rest of the run can be filled
                sergeant_row.append(table[SERGEANT][m])
    out: list = []
    for rank in hand:
        if rank == SERGEANT:
            out.extend(sergeant_row)
            continue
        row = table[rank]
        for m, low, high in spans:
            if low < rank < high:
                out.append(row[m])
    return out


def _last_placements(slots, hand, missions: range, table) -> list:
    """placements when one mission is left empty: the ranks between its placed neighbours
    (the Sergeant aside), and the Sergeant, when the placed troops are in order. Worked out
    directly: the runs' general steps cost five times as much for this one run."""
    m = slots.index(0)
    if m not in missions:
        return []
    low, high, prev = 0, _TOP, 0
    for i, r in enumerate(slots):
        if r and r != SERGEANT:
            if r < prev:  # placed troops out of order: nothing completes the line-up
                return []
            prev = r
            if i < m:
                low = r
            elif high == _TOP:
                high = r
    out = []  # (a loop: a list comprehension is a function made and called each time)
    for r in hand:
        if low < r < high or r == SERGEANT:
            out.append(table[r][m])
    return out


def _two_placements(slots, hand, missions: range, table) -> list:
    """placements when two missions are left empty, g1 < g2, worked out directly. Side by
    side (no placed rank but the Sergeant between them, one run from a to b): a rank in
    (a, b) fits under g1 when a higher one of the hand is left for g2, under g2 when a lower
    one is, or anywhere with the Sergeant in the hand; the Sergeant fits when one rank of the
    hand is in (a, b). In two runs (a1, b1) and (a2, b2): a rank fits under one when the
    other can be filled (a rank of the hand in its bounds, or the Sergeant)."""
    g1 = slots.index(0)
    g2 = slots.index(0, g1 + 1)
    a1 = a2 = prev = 0
    b1 = b2 = _TOP
    for i, r in enumerate(slots):
        if r and r != SERGEANT:
            if r < prev:  # placed troops out of order: nothing completes the line-up
                return []
            prev = r
            if i < g1:
                a1 = a2 = r
            elif i < g2:
                if b1 == _TOP:
                    b1 = r
                a2 = r
            elif b2 == _TOP:
                b2 = r
    wild = SERGEANT in hand
    in1, in2 = g1 in missions, g2 in missions
    sergeant = table[SERGEANT]
    out = []
    if b1 == _TOP:  # one run from a1 to b2
        lowest, highest = _TOP, 0  # the hand's lowest and highest rank in (a1, b2) but the Sergeant
        for r in hand:
            if a1 < r < b2 and r != SERGEANT:
                lowest = r if r < lowest else lowest
                highest = r if r > highest else highest
        for r in hand:
            if r == SERGEANT:
                if highest:
                    if in1:
                        out.append(sergeant[g1])
                    if in2:
                        out.append(sergeant[g2])
            elif a1 < r < b2:
                if in1 and (wild or r < highest):
                    out.append(table[r][g1])
                if in2 and (wild or r > lowest):
                    out.append(table[r][g2])
        return out
    have1 = have2 = False  # a rank of the hand in (a1, b1), in (a2, b2), the Sergeant aside
    for r in hand:
        if r != SERGEANT:
            if a1 < r < b1:
                have1 = True
            elif a2 < r < b2:
                have2 = True
    fits1, fits2 = in1 and (wild or have2), in2 and (wild or have1)
    for r in hand:
        if r == SERGEANT:
            if in1 and have2:
                out.append(sergeant[g1])
            if in2 and have1:
                out.append(sergeant[g2])
        elif fits1 and a1 < r < b1:
            out.append(table[r][g1])
        elif fits2 and a2 < r < b2:
            out.append(table[r][g2])
    return out


def _runs(slots, normal: list[int]) -> tuple[list, int] | None:
    """Per run of empty missions: (rank left of it (0 for none), rank right of it (_TOP for
    none), its empty missions, where normal's ranks above the left rank start, where those
    below the right one end, how many of its missions they cannot fill (0 or more)), and
    the runs' deficit (those counts added up); None when the placed ranks (the Sergeant
    aside) descend."""
    runs, low, empty, deficit = [], 0, [], 0
    for m, r in enumerate(slots):
        if not r:
            empty.append(m)
        elif r != SERGEANT:
            if r < low:
                return None
            if empty:
                above, below = bisect_right(normal, low), bisect_left(normal, r)
                short = len(empty) - below + above
                short = short if short > 0 else 0
                runs.append((low, r, empty, above, below, short))
                deficit += short
                empty = []
            low = r
    if empty:
        above = bisect_right(normal, low)
        short = len(empty) - len(normal) + above
        short = short if short > 0 else 0
        runs.append((low, _TOP, empty, above, len(normal), short))
        deficit += short
    return runs, deficit


_PAIRS = tuple(tuple((rank, m) for m in range(4)) for rank in range(11))  # the pair for each (rank, mission)
_TOP = 99  # above every rank
_PAD_BELOW, _PAD_ABOVE = [0] * 3, [_TOP] * 3  # (see placements)
