"""A small seeded random generator whose whole state is one integer.

Its state lives inside the game state, so a saved game replays exactly, and a
clone for search costs nothing. SplitMix64 is plenty for shuffles and dice.
"""

from __future__ import annotations

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
        """Fisher-Yates with below(i + 1) for each i from the top: next64 written out, since a
        shuffle is most of a deal's draws (the same numbers in the same order)."""
        n = len(items)
        if n < 2:
            return
        s = self.state
        for i in range(n - 1, 0, -1):
            s = (s + _GOLDEN) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
        self.state = s
        self.draws += n - 1

    def d6(self) -> int:
        return self.below(6) + 1

    def roll(self, dice: int) -> tuple[int, ...]:
        return tuple(self.d6() for _ in range(dice))
