"""A small seeded random generator whose whole state is one integer.

Its state lives inside the game state, so a saved game replays exactly, and a
clone for search costs nothing. SplitMix64 is plenty for shuffles and dice.
"""

from __future__ import annotations

import struct

import attrs

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


@attrs.define(slots=True)
class Rng:
    state: int = 0
    draws: int = 0

    @classmethod
    def from_seed(cls, seed: int) -> "Rng":
        return cls(state=seed & _MASK, draws=0)

    def clone(self) -> "Rng":
        return Rng(self.state, self.draws)

    def next64(self) -> int:
        self.draws += 1
        s = (self.state + _GOLDEN) & _MASK
        self.state = s
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        return (self.next64() * n) >> 64

    def choice(self, seq):
        return seq[self.below(len(seq))]

    def shuffle(self, items: list) -> None:
        """Fisher-Yates with below(i + 1) for each i from the top: the same numbers in the same
        order as next64 gives (shuffle_each of the one list)."""
        self.shuffle_each((items,))

    def shuffle_each(self, lists) -> None:
        """Fisher-Yates on each of `lists` in turn, with all their draws mixed at once
        (_mixed_draws): a shuffle is most of a deal's draws, Python spends most of a draw on its
        dozen big-integer operations, and a deal shuffles several piles."""
        count = 0
        for items in lists:
            if len(items) > 1:
                count += len(items) - 1
        if not count:
            return
        draws = iter(_mixed_draws(self.state, count))
        for items in lists:
            # zip takes a draw only while range has an i left: each list its own n - 1 draws
            for i, draw in zip(range(len(items) - 1, 0, -1), draws):
                j = (draw * (i + 1)) >> 64  # below(i + 1)
                items[i], items[j] = items[j], items[i]
        self.state = (self.state + count * _GOLDEN) & _MASK
        self.draws += count

    def d6(self) -> int:
        return self.below(6) + 1

    def roll(self, dice: int) -> tuple[int, ...]:
        return tuple(self.d6() for _ in range(dice))


_LANE = 128  # bits per draw in _mixed_draws: twice a draw's 64, so no product spills over
_LANES: dict[int, tuple] = {}  # count -> (ones, steps, mask, unpack), made on first use


def _mixed_draws(state: int, count: int) -> tuple[int, ...]:
    """The next `count` values next64 gives from `state`: SplitMix64 on every 128-bit lane of
    one integer, lane k for the state state + (k + 1) * GOLDEN (all known at once). Each lane
    is masked to 64 bits before every multiplication, so its product stays in its 128 bits,
    and the spill of each right shift from the lane above is masked off (the last one's is
    above the 64 bits read)."""
    ones, steps, mask, unpack = _LANES.get(count) or _lanes(count)
    s = ((state & _MASK) * ones + steps) & mask  # (a state from outside 0 <= state < 2**64 reduced first)
    z = ((s ^ (s >> 30)) & mask) * 0xBF58476D1CE4E5B9 & mask
    z = ((z ^ (z >> 27)) & mask) * 0x94D049BB133111EB & mask
    return unpack((z ^ (z >> 31)).to_bytes(_LANE // 8 * count, "little"))


def _lanes(count: int) -> tuple:
    """For `count` lanes: 1 in every lane, (k + 1) * GOLDEN in lane k, the 64 low bits of every
    lane, and the reader of each lane's 64 low bits (little-endian, the 64 above skipped)."""
    made = _LANES[count] = (sum(1 << (_LANE * k) for k in range(count)),
                            sum((k + 1) * _GOLDEN << (_LANE * k) for k in range(count)),
                            sum(_MASK << (_LANE * k) for k in range(count)),
                            struct.Struct("<" + "Q8x" * count).unpack)
    return made
