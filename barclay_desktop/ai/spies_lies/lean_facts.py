"""What a guesser in a lean sample (`lean.LeanGame`) knows of the side it guesses: the
`knowledge.lineups` facts, the guesses worth making under the targeted mission and the
likeliest ranks there (`guess_sets`), memoised.

The facts of a side are made of what its enemy sees of each slot (`LeanSide.seen`) and of
things fixed for the mission phase: the eliminated troops, the chips, the card and the table
mode (the side's `base`). Each base gets a dict from `seen` to a memo entry, so a guess costs
one lookup of an integer."""

from __future__ import annotations

from barclay_desktop.rules.spies_lies.data import intel_cards

from .guess_sets import guess_sets
from .knowledge import RANKS
from .pruning import possible_guesses

_BASES: dict = {}  # (eliminated, chips, card, open table) -> {seen: entry, -1: that tuple}
_CARDS: dict = {}  # intelligence card id -> its ranks (a frozenset, as the facts hold it)


def base_memo(side, card: str, open_table: bool) -> dict:
    """The memo of `side`'s base (fixed in the mission phase, where guesses are made)."""
    base = (tuple(side.elim), tuple(side.chips), card, open_table)
    memo = _BASES.get(base)
    if memo is None:
        if len(_BASES) > 1 << 12:
            _BASES.clear()  # (a side keeps the memo it holds: its entries stay right)
        memo = _BASES[base] = {-1: base}
    return memo


def _entry(game, name: str) -> list:
    """[facts, per mission (possible, likeliest ranks), per mission the guesses, (habits, the
    entry of the facts with them)] of side `name` (each part worked out when first asked for)."""
    side = game.by[name]
    memo = side.base
    if memo is None:
        memo = side.base = base_memo(side, game.card, game.open_table)
    e = memo.get(side.seen)
    if e is None:
        if len(memo) > 1 << 12:
            base = memo[-1]
            memo.clear()
            memo[-1] = base
        e = memo[side.seen] = _new_entry(_facts(side.seen, memo[-1]))
    return e


def _new_entry(facts: tuple) -> list:
    return [facts, [None] * 4, [None] * 4, None]


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


def _sets(e: list, m: int) -> tuple:
    got = e[1][m]
    if got is None:
        got = e[1][m] = guess_sets(e[0], m)
    return got


def guess_options(game, defender: str, m: int) -> tuple:
    """The guesses worth making at `defender`'s mission `m` (`pruning.possible_guesses`)."""
    e = _entry(game, defender)
    opts = e[2][m]
    if opts is None:
        opts = e[2][m] = possible_guesses(_sets(e, m)[0])
    return opts


def policy_rank(game, defender: str, m: int, rng) -> int:
    """The Easy guess (`policy.guess_action`): a likeliest rank under `defender`'s mission `m`,
    weighed with the searcher's line-up prior against that side when it has one."""
    e = _entry(game, defender)
    habits = game.habits.get(defender)
    if habits is not None:
        kept = e[3]
        if kept is None or kept[0] is not habits:
            kept = e[3] = (habits, _new_entry(e[0] + (habits,)))
        e = kept[1]
    picks = _sets(e, m)[1]
    return rng.choice(picks) if picks else rng.randint(1, 10)  # knowledge.most_likely
