"""The player interface shared by every game and level."""

from __future__ import annotations

import random


class Player:
    """A computer player: `choose(view, legal)` returns one element of `legal`.

    `view` is exactly `game.view(seat)`; `legal` is `game.legal_actions(seat)`. A player
    keeps only its own random generator (and whatever it derives from views), so two
    games that give the same view get the same answer from equally seeded players."""

    level = "base"

    def __init__(self, seed: int | None = None):
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, view: dict, legal: list):
        if not legal:
            raise ValueError("choose() needs at least one legal action")
        if len(legal) == 1:
            return legal[0]  # trivial decisions return at once, without search
        return self.decide(view, list(legal))

    def decide(self, view: dict, legal: list):  # pragma: no cover - abstract
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}(level={self.level!r}, seed={self.seed!r})"


class RandomPlayer(Player):
    """Uniformly random legal actions: the baseline every level must beat."""

    level = "random"

    def decide(self, view: dict, legal: list):
        return self.rng.choice(legal)
