"""Operation Barclay hand ranking ("Best Hand", rulebook p. 22; rulings B7, B10).

A hand is five `(value, colour)` cards whose values and colours are already
fixed; a blank card (B7) is `(None, None)`.  `rank_hand` returns a `HandRank`,
a small totally ordered object: higher is better, equal means a tie.

B10 in brief: Five of a Kind > Straight Flush > Four of a Kind > Full House >
Straight > Three of a Kind > Two Pairs > One Pair > Highest Card; there is no
Flush; only the numbers the rulebook names are compared (no kickers); runs do
not wrap; a blank never forms part of a pair, run or suit and loses to any
card in Highest Card.

Decision where the rules are silent: five blanks make "Highest Card" with no
value; it ties with five blanks and loses to every hand holding a card.
"""

from __future__ import annotations

import functools
from itertools import product
from typing import Iterable, Sequence

from ..core.message import Message, msg

COLOURS = ("pink", "red", "blue", "green", "purple")
VALUES = range(1, 14)

# Worst to best; the index is the category's weight in HandRank.key.
CATEGORIES = (
    "highest_card",
    "one_pair",
    "two_pairs",
    "three_of_a_kind",
    "straight",
    "full_house",
    "four_of_a_kind",
    "straight_flush",
    "five_of_a_kind",
)
_CATEGORY_WEIGHT = {name: i for i, name in enumerate(CATEGORIES)}

BLANK = (None, None)


class HandRank:
    """The strength of one hand.  Compare with <, ==, ...; hash agrees with ==.

    `tiebreak` holds only the numbers the rulebook compares for the category
    (B10), so hands that the rulebook calls a tie are equal HandRanks.
    """

    __slots__ = ("category", "tiebreak", "key")

    def __init__(self, category: str, tiebreak: tuple[int, ...]):
        tiebreak = tuple(tiebreak)
        # One integer orders everything: category first, then the tie-break
        # numbers (each < 16) most significant first.
        first = tiebreak[0] if tiebreak else 0
        second = tiebreak[1] if len(tiebreak) > 1 else 0
        key = (_CATEGORY_WEIGHT[category] << 8) | (first << 4) | second
        # the slots set through their descriptors: object.__setattr__ looks each name up first
        _set_category(self, category)
        _set_tiebreak(self, tiebreak)
        _set_key(self, key)

    def __setattr__(self, name, value):
        # Ranks are memoised and shared: a mutated one would corrupt every later hand.
        raise AttributeError("HandRank is immutable")

    def __reduce__(self):
        return (HandRank, (self.category, self.tiebreak))

    def __eq__(self, other):
        if isinstance(other, HandRank):
            return self.key == other.key
        return NotImplemented

    def __ne__(self, other):
        if isinstance(other, HandRank):
            return self.key != other.key
        return NotImplemented

    def __lt__(self, other):
        if isinstance(other, HandRank):
            return self.key < other.key
        return NotImplemented

    def __le__(self, other):
        if isinstance(other, HandRank):
            return self.key <= other.key
        return NotImplemented

    def __gt__(self, other):
        if isinstance(other, HandRank):
            return self.key > other.key
        return NotImplemented

    def __ge__(self, other):
        if isinstance(other, HandRank):
            return self.key >= other.key
        return NotImplemented

    def __hash__(self):
        return hash(self.key)

    def __repr__(self):
        return f"HandRank({self.category!r}, {self.tiebreak!r})"

    def describe(self) -> Message:
        """A readable name for the log and the UI, e.g. "Full House, 9s over 4s"."""
        return _rank_words(self.category, self.tiebreak)


_set_category, _set_tiebreak, _set_key = (HandRank.__dict__[name].__set__ for name in HandRank.__slots__)


def rank_words(category: str, tiebreak) -> Message:
    """A hand's name from its category and tie-break numbers (also kept in the month report,
    so a loaded game names the hands in the player's language)."""
    c, t = category, tuple(tiebreak) + (0, 0)
    if c == "five_of_a_kind":
        return msg("Five of a Kind, {value}s", value=t[0])
    if c == "straight_flush":
        return msg("Straight Flush to {value}", value=t[0])
    if c == "four_of_a_kind":
        return msg("Four of a Kind, {value}s", value=t[0])
    if c == "full_house":
        return msg("Full House, {high}s over {low}s", high=t[0], low=t[1])
    if c == "straight":
        return msg("Straight to {value}", value=t[0])
    if c == "three_of_a_kind":
        return msg("Three of a Kind, {value}s", value=t[0])
    if c == "two_pairs":
        return msg("Two Pairs, {high}s and {low}s", high=t[0], low=t[1])
    if c == "one_pair":
        return msg("One Pair of {value}s", value=t[0])
    if t[0] == 0:
        return msg("Highest Card: none (all blank)")
    return msg("Highest Card {value}", value=t[0])


_rank_words = functools.cache(lambda category, tiebreak: rank_words(category, tiebreak))


def compare(a: HandRank, b: HandRank) -> int:
    """1 if `a` is the better hand, -1 if `b` is, 0 for a tie."""
    return (a.key > b.key) - (a.key < b.key)


# --- classification (runs once per distinct value multiset, then memoised) ---

def _classify(values: Sequence[int], one_colour: bool) -> HandRank:
    """Rank five values (0 = blank): count each value, then read the two biggest groups."""
    real = list(filter(None, values))
    counts: dict[int, int] = {}
    for v in real:
        counts[v] = counts.get(v, 0) + 1
    # Groups ordered by size, then by value: the rulebook compares the bigger
    # group first (treble before pair) and the higher pair first.
    groups = sorted(zip(counts.values(), counts), reverse=True)
    first = groups[0][0] if groups else 0  # the biggest group's size (0: all blank)
    second = groups[1][0] if len(groups) > 1 else 0
    is_run = len(real) == 5 and len(counts) == 5 and max(real) - min(real) == 4
    if first == 5:
        return HandRank("five_of_a_kind", (groups[0][1],))
    if is_run and one_colour:
        return HandRank("straight_flush", (max(real),))
    if first == 4:
        return HandRank("four_of_a_kind", (groups[0][1],))
    if first == 3 and second == 2:
        return HandRank("full_house", (groups[0][1], groups[1][1]))
    if is_run:
        return HandRank("straight", (max(real),))
    if first == 3:
        return HandRank("three_of_a_kind", (groups[0][1],))
    if first == 2 and second == 2:
        return HandRank("two_pairs", (groups[0][1], groups[1][1]))
    if first == 2:
        return HandRank("one_pair", (groups[0][1],))
    return HandRank("highest_card", (max(real, default=0),))


# Each valid card maps to one 3-bit counter slot per value (blank = slot 0),
# so the sum over a hand encodes its value multiset with no sorting.
_COUNT_BITS = 3
_SAME_COLOUR_FLAG = 1 << (_COUNT_BITS * 14)
_CARD_CODE = {(v, c): 1 << (_COUNT_BITS * v) for v in VALUES for c in COLOURS}
_CARD_CODE[BLANK] = 1
_RANK_CACHE: dict[int, HandRank] = {}


_SHIFTS = tuple((v, _COUNT_BITS * v) for v in range(14))


def _decode(code: int) -> list[int]:
    values = []
    for v, shift in _SHIFTS:
        n = (code >> shift) & 7
        if n:  # most values are not in the hand: no empty list for them
            values += [v] * n
    return values


def _rank_code(code: int) -> HandRank:
    rank = _classify(_decode(code & (_SAME_COLOUR_FLAG - 1)), bool(code & _SAME_COLOUR_FLAG))
    _RANK_CACHE[code] = rank
    return rank


def _invalid_hand(cards) -> ValueError:
    return ValueError(
        "a hand is five (value, colour) cards, value 1-13 and colour one of "
        f"{', '.join(COLOURS)}, or a blank (None, None); got {cards!r}"
    )


def rank_hand(cards: Sequence[tuple[int | None, str | None]]) -> HandRank:
    """The rank of five fixed cards (B10).  Raises ValueError on a malformed hand."""
    try:
        a, b, c, d, e = cards
        code = _CARD_CODE[a] + _CARD_CODE[b] + _CARD_CODE[c] + _CARD_CODE[d] + _CARD_CODE[e]
        # Five blanks also share a "colour" (None); harmless, they never form a run.
        if a[1] == b[1] == c[1] == d[1] == e[1]:
            code += _SAME_COLOUR_FLAG
    except TypeError:
        # Cards given as lists (e.g. straight from JSON) are unhashable.
        code = _hand_code_slowly(cards)
        rank = _RANK_CACHE.get(code)
        return rank if rank is not None else _rank_code(code)
    except (KeyError, ValueError):
        raise _invalid_hand(cards) from None
    rank = _RANK_CACHE.get(code)
    if rank is None:
        # classified from the five values at hand rather than _decode(code): the same values in
        # another order, and _classify does not depend on their order (it counts and sorts)
        rank = _classify((a[0] or 0, b[0] or 0, c[0] or 0, d[0] or 0, e[0] or 0), bool(code & _SAME_COLOUR_FLAG))
        _RANK_CACHE[code] = rank
    return rank


def _hand_code_slowly(cards) -> int:
    try:
        hand = [tuple(card) for card in cards]
        if len(hand) != 5:
            raise ValueError
        code = sum(_CARD_CODE[card] for card in hand)
    except (TypeError, KeyError, ValueError):
        raise _invalid_hand(cards) from None
    if len({colour for _, colour in hand}) == 1:
        code += _SAME_COLOUR_FLAG
    return code


# --- fixing multi-value / multi-colour cards -----------------------------------

def _check_option(option) -> tuple[tuple[int, ...], tuple[str, ...]]:
    values, colours = tuple(option[0]), tuple(option[1])
    if bool(values) != bool(colours):
        raise ValueError(f"a card needs both values and colours, or neither (blank): {option!r}")
    return values, colours


def best_fixing(options: Iterable) -> tuple[HandRank, tuple[tuple[int | None, str | None], ...]]:
    """The best rank reachable by fixing each card's value and colour (B9, B10).

    `options` is five `(values, colours)` pairs; the 1/13 card is
    `((1, 13), (colour,))`, a blank is `((), ())`.  Returns the best HandRank
    and the chosen `(value, colour)` for each card, in order.

    Colours only matter for a Straight Flush, so every card takes a colour all
    five share when there is one (first such colour in the first card's order),
    else its first colour.  Among value choices of equal rank the first in
    listed order wins, so the answer is deterministic.
    """
    cards = [_check_option(o) for o in options]
    if len(cards) != 5:
        raise ValueError(f"a hand has five cards, got {len(cards)}")
    shared = set(cards[0][1]).intersection(*(set(c) for _, c in cards[1:]))
    common = next((c for c in cards[0][1] if c in shared), None)
    colours = [common if common is not None else cs[0] if cs else None for _, cs in cards]
    value_choices = [vs if vs else (None,) for vs, _ in cards]
    best_rank = None
    best_hand = None
    for chosen in product(*value_choices):
        hand = tuple(zip(chosen, colours))
        rank = rank_hand(hand)
        if best_rank is None or rank > best_rank:
            best_rank, best_hand = rank, hand
    return best_rank, best_hand


def best_fixing_key(options) -> int:
    """`best_fixing(options)[0].key`, for computer players that ask it thousands of times a
    decision: the same value-choice products and colour rule, without building the hands.
    `options` must be five valid (values, colours) pairs (best_fixing checks them)."""
    return fold_key(fold_options(options))


def fold_options(options, fold=None) -> tuple:
    """What best_fixing_key needs of some options, to which more can be added later
    (`fold`): the hand codes of every value choice, the colours all share, all blank?"""
    codes, shared, all_blank = fold if fold is not None else ([0], None, True)
    # The lists are grown in loops, and a single code (most folds) directly: on Python 3.11 a
    # comprehension builds and calls a function each time, which costs more than the loop.
    for values, colours in options:
        if values:
            all_blank = False
            if len(values) == 1:
                add = 1 << (_COUNT_BITS * values[0])
            else:
                grown = []
                for c in codes:
                    for v in values:
                        grown.append(c + (1 << (_COUNT_BITS * v)))
                codes = grown
                add = 0
        else:
            add = 1  # a blank counts in the "value 0" slot
        if add:
            if len(codes) == 1:
                codes = [codes[0] + add]
            else:
                grown = []
                for c in codes:
                    grown.append(c + add)
                codes = grown
        shared = set(colours) if shared is None else shared.intersection(colours)
    return codes, shared, all_blank


def fold_key(fold: tuple) -> int:
    """best_fixing_key of the five options folded into `fold`."""
    codes, shared, all_blank = fold
    # best_fixing gives every card a colour all five share when there is one: only then (or
    # with five blanks, all colourless) are the five colours the same
    flag = _SAME_COLOUR_FLAG if shared or all_blank else 0
    best = -1
    cache = _RANK_CACHE
    for code in codes:
        code += flag
        rank = cache.get(code)
        if rank is None:
            rank = _rank_code(code)
        if rank.key > best:
            best = rank.key
    return best
