"""The Barclay levels: factories the package's make_player() looks up by name."""

from __future__ import annotations

import gc

from barclay_desktop.i18n import N_

from barclay_desktop.rules.barclay import actions as A
from barclay_desktop.rules.barclay.state import ABWEHR, LCS, WILD_TOKENS

from ..base import Player
from .heuristic import EasyPlayer
from .evidence import BOX_RATES, LOOKAHEAD_CAP, LOOKAHEAD_SAMPLES, NO_LEAK_RATES, tie_pick, wild_choice
from .knowledge import leaks_on, sector_counts
from .sim_search import SimISMCTS, SimSearch

# level -> (iterations, time cap in seconds, BarclaySearch options); the cap is a safety
# net, not the budget.
BUDGETS = {
    "normal": (400, 0.9, {}),
    "hard": (2000, 2.8, {"bet_model": (ABWEHR, LCS), "carry": 0.4, "carry_seats": (ABWEHR,),
                         "informed_down_seats": (LCS, ABWEHR), "proof_seats": (ABWEHR,)}),
}
# Levels whose Abwehr flips a black token in the last month where it is likeliest to prove
# the plan (evidence_choice): the game's last decisions, so against an LCS that lays its
# tokens at random (as the computer LCS does) this can only raise the Abwehr's chance.
EXACT_LAST_FLIPS = frozenset({"hard"})
# Levels whose Abwehr turns a wild token in months 1-5 where model games of the rest of the
# evidence prove the plan most often (evidence.lookahead_sectors), and with how many games a
# sector. Hard's alone: in the model of the evidence it won 3 to 9 points more than the
# uncertainty rule at a Normal Abwehr's box rates and 6 at Hard's, and with it Hard's Abwehr
# won 127 of 200 games against Normal (63.5%), where no earlier form of it reached 60%.
LOOKAHEAD_FLIPS = {"hard": LOOKAHEAD_SAMPLES}
LOOKAHEAD_SHARE = 0.7  # of the level's time cap: 2 s for Hard, under its 3 s limit


class SearchPlayer(Player):
    """ISMCTS over determinizations of the view. Setup choices are left to the Easy rules
    (a random token layout is the best an LCS can do against an opponent who cannot see it)."""

    searches = True

    def __init__(self, seed=None, *, level: str = "normal", iterations: int = 1000, time_cap: float = 1.0,
                 options: dict | None = None, exact_last: bool = False, lookahead: int = 0):
        super().__init__(seed)
        self.options = dict(options or {})
        self.exact_last = exact_last
        self.lookahead = lookahead
        self.level = level
        self.iterations = iterations
        self.time_cap = time_cap
        self.fallback = EasyPlayer(seed)
        self.last_iterations = 0

    def decide(self, view: dict, legal: list):
        if not view.get("setup_done"):
            return self.fallback.decide(view, legal)
        if isinstance(legal[0], (A.Flip, A.TakeEvidence)):
            # the lookahead's safety net scales with the level's: a bench that lifts the search's
            # cap to measure iterations alone lifts this one too
            return evidence_choice(view, legal, self.rng, self.exact_last, self.lookahead, LOOKAHEAD_SHARE * self.time_cap)
        search = SimISMCTS(SimSearch(**self.options), iterations=self.iterations, time_cap=self.time_cap)
        action = without_cycle_collection(search.search, view, legal, self.rng)
        self.last_iterations = search.last_iterations
        return action


def without_cycle_collection(search, *args):
    """search(*args) with Python's cycle collector paused (as it was before, after).

    A search makes no reference cycles a collection would free (its tree and samples go by
    reference counts), but it allocates so much that the collector ran full passes over
    every memo and tree object during it: three passes, 14% of the CPU time of ten Hard
    searches on warm memos (docs/ai.md, issue 38 ninth round). Paused, those passes do not
    happen; what the collector would find is collected after the search."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        return search(*args)
    finally:
        if collecting:
            gc.enable()


def evidence_choice(view: dict, legal: list, rng, exact_last: bool = False, lookahead: int = 0,
                    time_cap: float = LOOKAHEAD_CAP):
    """Flips and tie picks are settled by expected information, exactly (no search needed):
    colour tokens first (their sector is fixed, and what they show informs the black one),
    then black where a flip is expected to remove the most uncertainty about the plan.
    With `exact_last`, a black token (or leak) in the last month goes where the chance that
    this month's flips prove the plan (B11) is largest instead, since after them nothing
    else counts. With `lookahead` > 0, a wild token in months 1-5 goes where that many model
    games a sector of the rest of the evidence prove the plan most often
    (evidence.lookahead_sectors). Tie picks keep the uncertainty measure in every month."""
    counts = sector_counts(view["tokens"])
    if isinstance(legal[0], A.TakeEvidence):
        token = tie_pick(counts, [a.token for a in legal])
        return next(a for a in legal if a.token == token)
    colour = [a for a in legal if a.token not in WILD_TOKENS]
    if colour:
        token = colour[0].token
        return rng.choice([a for a in colour if a.token == token])
    rest = list(view["won"])
    rest.remove(legal[0].token)
    rates = BOX_RATES if leaks_on(view) else NO_LEAK_RATES  # the model's later months
    best = wild_choice(rng, counts, view["month"], tuple(rest), exact_last, lookahead, time_cap, rates)
    return rng.choice([a for a in legal if a.sector in best] or legal)


def make_search_player(level: str, seed=None, *, iterations: int | None = None, time_cap: float | None = None,
                       exact_last: bool | None = None, lookahead: int | None = None, **options):
    """The level's search player; keyword options (BarclaySearch's) override the level's."""
    default_iterations, default_cap, default_options = BUDGETS[level]
    return SearchPlayer(
        seed,
        level=level,
        iterations=default_iterations if iterations is None else iterations,
        time_cap=default_cap if time_cap is None else time_cap,
        options={**default_options, **options},
        exact_last=level in EXACT_LAST_FLIPS if exact_last is None else exact_last,
        lookahead=LOOKAHEAD_FLIPS.get(level, 0) if lookahead is None else lookahead,
    )


# One line each for the new-game form: what a player will meet at this level, said for a casual
# player (issue 32; the search sizes are in docs/ai.md: Normal 400 playouts a move, Hard 2,000).
NOTES = {
    "easy": N_("a gentle start: plays its strongest cards, bets on the better hand"),
    "normal": N_("a fair match: thinks each card and bet through"),
    "hard@lcs": N_("a tough match: reads the Abwehr's usual bets and face-down cards; slower"),
    "hard@abwehr": N_("a tough match: reads the LCS's usual bets and face-down cards; slower"),
}


LEVELS = {
    "easy": EasyPlayer,
    "normal": lambda seed=None: make_search_player("normal", seed),
    "hard": lambda seed=None: make_search_player("hard", seed),
}
