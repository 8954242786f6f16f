"""The Spies & Lies levels: factories the package's make_player() looks up by name."""

from __future__ import annotations

from barclay_desktop.i18n import N_

from barclay_desktop.rules.spies_lies.actions import Deploy, EliminatePick, Guess

from ..base import Player
from .easy import EasyPlayer, side_facts
from .knowledge import marginals
from .pruning import prune
from .search import SpiesISMCTS, SpiesSearch

# level -> (iterations, time cap in seconds, line-up prior, deployment mix: ISMCTS._pick's
# share, 0 = always the most visited troop)
BUDGETS = {
    "normal": (200, 0.8, False, 0.0),
    "hard": (800, 2.5, True, 0.1),
}


class SearchPlayer(Player):
    """SO-ISMCTS over determinizations of the view. Elimination picks are random (S11:
    the face-down cards cannot be told apart, so there is nothing to search)."""

    searches = True

    def __init__(self, seed=None, *, level: str = "normal", iterations: int = 200, time_cap: float = 0.9,
                 prior: bool = False, deploy_mix: float = 0.0):
        super().__init__(seed)
        self.level = level
        self.iterations = iterations
        self.time_cap = time_cap
        self.prior = prior
        # > 0: deploy a troop drawn among the near-best (ISMCTS._pick), so that a person cannot
        # learn Hard's line-ups the way Hard learned Normal's (lineup_prior.json). Normal stays
        # unmixed: Hard's prior describes it.
        self.deploy_mix = deploy_mix
        self.last_iterations = 0

    def decide(self, view: dict, legal: list):
        if isinstance(legal[0], EliminatePick):
            return self.rng.choice(legal)
        possible = None
        if isinstance(legal[0], Guess):
            step = view["mission_step"]
            possible = marginals(side_facts(view, step["defender"]))[step["mission"] - 1]
        options = prune(legal, possible)
        if len(options) == 1:
            return options[0]
        search = SpiesISMCTS(SpiesSearch(self.prior), iterations=self.iterations, time_cap=self.time_cap)
        mix = self.deploy_mix if isinstance(options[0], Deploy) else 0.0
        action = search.search(view, options, self.rng, mix)
        self.last_iterations = search.last_iterations
        return action


def make_search_player(level: str, seed=None, *, iterations: int | None = None, time_cap: float | None = None,
                       prior: bool | None = None, deploy_mix: float | None = None):
    """The level's search player; keyword options override the level's."""
    default_iterations, default_cap, default_prior, default_mix = BUDGETS[level]
    return SearchPlayer(
        seed,
        level=level,
        iterations=default_iterations if iterations is None else iterations,
        time_cap=default_cap if time_cap is None else time_cap,
        prior=default_prior if prior is None else prior,
        deploy_mix=default_mix if deploy_mix is None else deploy_mix,
    )


# One line each for the new-game form: what a player will meet at this level, said for a casual
# player (issue 32; the search sizes are in docs/ai.md: Normal 200 playouts a move, Hard 800).
NOTES = {
    "easy": N_("a gentle start: guesses the likeliest troop and seldom bluffs"),
    "normal": N_("a fair match: thinks each guess and bluff through"),
    "hard": N_("a tough match: knows the usual line-ups and thinks longer"),
}


LEVELS = {
    "easy": EasyPlayer,
    "normal": lambda seed=None: make_search_player("normal", seed),
    "hard": lambda seed=None: make_search_player("hard", seed),
}
