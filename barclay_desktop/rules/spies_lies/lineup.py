"""Line-up order: ranks ascend left to right, the Sergeant (4) excepted."""

from __future__ import annotations

from bisect import bisect_right
from functools import lru_cache

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
    """(rank, mission) pairs that keep the line-up completable in order (strict mode, S9).

    Only the relative order of the ranks matters, so the answer is memoised on the
    line-up's shape (ranks replaced by their order), which recurs constantly."""
    normal = sorted(r for r in hand + [r for r in slots if r] if r != SERGEANT)
    code = {r: _SHAPE_BASE + i for i, r in enumerate(normal)}
    code[SERGEANT] = SERGEANT
    code[0] = 0
    decode = {v: k for k, v in code.items()}
    shape = _placements_of_shape(tuple(code[r] for r in slots), tuple(code[r] for r in hand), tuple(missions))
    return [(decode[c], m) for c, m in shape]


_SHAPE_BASE = 11  # codes above every rank, so only the Sergeant (4) and empty (0) stay special


@lru_cache(maxsize=1 << 14)
def _placements_of_shape(slots: tuple[int, ...], hand: tuple[int, ...], missions: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    out = []
    work = list(slots)
    normal = sorted(r for r in hand if r != SERGEANT)
    for rank in hand:  # can_complete(work, hand without `rank`) for each free mission
        rest = normal if rank == SERGEANT else [r for r in normal if r != rank]
        sergeant = rank != SERGEANT and SERGEANT in hand
        for m in missions:
            if work[m]:
                continue
            work[m] = rank
            if _fills_in_order(work, rest, sergeant):
                out.append((rank, m))
            work[m] = 0
    return tuple(out)
