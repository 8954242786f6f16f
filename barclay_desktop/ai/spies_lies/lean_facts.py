"""What a guesser in a lean sample (`lean.LeanGame`) knows of the side it guesses: the
`knowledge.lineups` facts, the guesses worth making under the targeted mission and the
likeliest ranks there (`guess_sets`), memoised.

The facts of a side are made of what its enemy sees of each slot (`LeanSide.seen`) and of
things fixed for the mission phase: the eliminated troops, the chips, the card and the table
mode (the side's `base`). Each base gets a dict from `seen` to a memo entry, so a guess costs
one lookup of an integer. An entry met after a reveal finds the entry of the same facts
before it (its parent) and filters its line-ups (`guess_sets.Weighed.child`)."""

from __future__ import annotations

from barclay_desktop.rules.spies_lies.data import intel_cards

from .guess_sets import Weighed, guess_sets
from .knowledge import RANKS
from .pruning import possible_guesses

_BASES: dict = {}  # (eliminated, chips, card, open table) -> {seen: _Entry, -1: that tuple}
_MADE = [0]  # entries made since _BASES was last emptied: it is emptied at _KEEP (a long session)
_KEEP = 1 << 15
_CARDS: dict = {}  # intelligence card id -> its ranks (a frozenset, as the facts hold it)


class _Entry:
    """The facts of one side as its enemy sees it and what the guesses read of them, each part
    worked out when first asked for: per mission the (possible, likeliest) ranks and the
    guesses worth making; the weighed line-ups; the entry of the facts with the searcher's
    line-up prior (`habits`) as (prior, entry)."""

    __slots__ = ("facts", "sets", "guesses", "weighed", "habits", "parent")

    def __init__(self, facts: tuple, parent):
        self.facts = facts
        self.sets = [None] * 4
        self.guesses = [None] * 4
        self.weighed = None
        self.habits = None
        self.parent = parent  # (the entry before a reveal, its mission, the rank shown) or None

    def sets_at(self, m: int) -> tuple:
        got = self.sets[m]
        if got is None:
            w = self.weighed
            if w is None:
                w = self.weighed = self._weigh()
            got = self.sets[m] = guess_sets(self.facts, m, w)
        return got

    def _weigh(self) -> Weighed:
        if self.parent is not None:
            entry, m, rank = self.parent
            if entry.weighed is not None:
                w = entry.weighed.child(m, rank)
                if w is not None:
                    return w
        return Weighed.of(self.facts)

    def with_habits(self, habits: tuple) -> "_Entry":
        kept = self.habits
        if kept is None or kept[0] is not habits:
            parent = self.parent
            if parent is not None:
                before = parent[0].habits
                parent = (before[1], parent[1], parent[2]) if before is not None and before[0] is habits else None
            kept = self.habits = (habits, _Entry(self.facts + (habits,), parent))
        return kept[1]


def base_memo(elim, chips, card: str, open_table: bool) -> dict:
    """The memo of a side's base (fixed in the mission phase, where guesses are made)."""
    base = (tuple(elim), tuple(chips), card, open_table)
    memo = _BASES.get(base)
    if memo is None:
        memo = _BASES[base] = {-1: base}
    return memo


def _entry(game, name: str) -> _Entry:
    side = game.by[name]
    memo = side.base
    if memo is None:
        memo = side.base = base_memo(side.elim, side.chips, game.card, game.open_table)
    seen = side.seen
    e = memo.get(seen)
    if e is None:
        _MADE[0] += 1
        if _MADE[0] > _KEEP:  # (a side keeps the memo it holds: its entries stay right)
            _MADE[0] = 0
            _BASES.clear()
        if len(memo) > 1 << 12:
            base = memo[-1]
            memo.clear()
            memo[-1] = base
        parent = _parent(memo, seen)
        if parent is None:
            e = _Entry(_facts(seen, memo[-1]), None)
        else:
            before, m, rank = parent
            slots, avail, chips, card, strict = before.facts
            slots = slots[:m] + (rank,) + slots[m + 1:]
            e = _Entry((slots, tuple(r for r in avail if r != rank), chips, card, strict), parent)
        memo[seen] = e
    return e


def _parent(memo: dict, seen: int):
    """(entry, mission, rank) of the same facts with one troop shown here still hidden, when
    its line-ups are weighed already."""
    for m in range(4):
        rank = (seen >> (4 * m)) & 15
        if rank:
            e = memo.get(seen & ~(15 << (4 * m)))
            if e is not None and e.weighed is not None:
                return e, m, rank
    return None


def _facts(seen: int, base: tuple) -> tuple:
    """`knowledge.lineups`' arguments: each slot's rank once seen, else HIDDEN (in the mission
    phase every slot is occupied), the ranks left for the hidden ones, the chips, the card and
    the strict flag, as `easy.side_facts` reads them from the guesser's view."""
    elim, chips, card, open_table = base
    slots = tuple((seen >> (4 * m)) & 15 for m in range(4))  # 0: HIDDEN
    out = set(elim) | {r for r in slots if r > 0}
    ranks = _CARDS.get(card)
    if ranks is None:
        ranks = _CARDS[card] = frozenset(intel_cards()[card])
    return (slots, tuple(r for r in RANKS if r not in out), chips, ranks, not open_table)


def guess_options(game, defender: str, m: int) -> tuple:
    """The guesses worth making at `defender`'s mission `m` (`pruning.possible_guesses`)."""
    e = _entry(game, defender)
    opts = e.guesses[m]
    if opts is None:
        opts = e.guesses[m] = possible_guesses(e.sets_at(m)[0])
    return opts


def policy_rank(game, defender: str, m: int, rng) -> int:
    """The Easy guess (`policy.guess_action`): a likeliest rank under `defender`'s mission `m`,
    weighed with the searcher's line-up prior against that side when it has one."""
    e = _entry(game, defender)
    habits = game.habits.get(defender)
    if habits is not None:
        e = e.with_habits(habits)
    return _draw(e.sets_at(m)[1], rng)


def rollout_rank(game, defender: str, m: int, rng) -> int:
    """The rank a rollout guesses at `defender`'s mission `m`: the one guess worth making, else
    the Easy guess (`guess_options`, then `policy_rank`, with the same draws)."""
    e = _entry(game, defender)
    opts = e.guesses[m]
    if opts is None:
        opts = e.guesses[m] = possible_guesses(e.sets_at(m)[0])
    if len(opts) == 1:
        return opts[0].rank
    habits = game.habits.get(defender)
    if habits is not None:
        e = e.with_habits(habits)
    picks = (e.sets[m] or e.sets_at(m))[1]
    if len(picks) == 1:  # _draw(picks, rng), written out
        getrandbits = rng.getrandbits
        while getrandbits(1):
            pass
        return picks[0]
    return _draw(picks, rng)


def _draw(picks: list, rng) -> int:
    """`knowledge.most_likely` on the likeliest ranks: rng.choice(picks) written out (the same
    draws), a random rank when nothing is likely."""
    n = len(picks)
    if n == 1:
        while rng.getrandbits(1):
            pass
        return picks[0]
    if n:
        return rng.choice(picks)
    return rng.randint(1, 10)
