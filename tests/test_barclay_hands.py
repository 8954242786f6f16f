"""Operation Barclay hand ranking: rulebook "Best Hand" (p. 22) and rulings B7, B10."""

from collections import Counter
from itertools import combinations_with_replacement

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from barclay_desktop.rules.barclay.hands import (
    BLANK,
    CATEGORIES,
    COLOURS,
    HandRank,
    _classify,
    best_fixing,
    compare,
    rank_hand,
)


def hand(spec, colour="red"):
    """'3 3 3 9 9' -> five cards; colours rotate unless `colour` is fixed; '-' is a blank."""
    cards = []
    for i, word in enumerate(spec.split()):
        if word == "-":
            cards.append(BLANK)
        elif "/" in word:
            value, col = word.split("/")
            cards.append((int(value), col))
        else:
            cards.append((int(word), colour if colour else COLOURS[i % len(COLOURS)]))
    return cards


def mixed(spec):
    return hand(spec, colour=None)


# --- every printed category --------------------------------------------------

@pytest.mark.parametrize(
    "spec, colour, category, description",
    [
        ("7 7 7 7 7", None, "five_of_a_kind", "Five of a Kind, 7s"),
        ("5 6 7 8 9", "green", "straight_flush", "Straight Flush to 9"),
        ("12 12 12 12 3", None, "four_of_a_kind", "Four of a Kind, 12s"),
        ("9 4 9 4 9", None, "full_house", "Full House, 9s over 4s"),
        ("13 9 11 10 12", None, "straight", "Straight to 13"),
        ("6 6 6 1 2", None, "three_of_a_kind", "Three of a Kind, 6s"),
        ("7 12 7 12 3", None, "two_pairs", "Two Pairs, 12s and 7s"),
        ("8 8 1 2 3", None, "one_pair", "One Pair of 8s"),
        ("2 11 4 9 6", None, "highest_card", "Highest Card 11"),
    ],
)
def test_each_printed_category_is_recognised_and_described(spec, colour, category, description):
    """Rulebook "Best Hand" 1-9: each category and its readable name."""
    rank = rank_hand(hand(spec, colour))
    assert rank.category == category
    assert rank.describe() == description


def test_categories_rank_in_printed_order():
    """Rulebook "Best Hand" (best to worst) and B10: one hand of each category, strictly ordered."""
    best_to_worst = [
        hand("2 2 2 2 2", None),
        hand("1 2 3 4 5", "blue"),
        hand("13 13 13 13 12", None),
        hand("13 13 13 12 12", None),
        hand("9 10 11 12 13", None),
        hand("13 13 13 12 11", None),
        hand("13 13 12 12 11", None),
        hand("13 13 12 11 10", None),
        hand("13 12 11 10 8", None),
    ]
    ranks = [rank_hand(h) for h in best_to_worst]
    assert [r.category for r in ranks] == list(reversed(CATEGORIES))
    assert all(better > worse for better, worse in zip(ranks, ranks[1:]))


def test_there_is_no_flush():
    """B10: five cards of one colour that are not a run are no better than their numbers."""
    one_colour = rank_hand(hand("2 4 6 8 13", "pink"))
    assert one_colour.category == "highest_card"
    assert one_colour == rank_hand(mixed("2 4 6 8 13"))


def test_a_run_in_mixed_colours_is_a_plain_straight():
    assert rank_hand(mixed("4 5 6 7 8")).category == "straight"
    assert rank_hand(hand("4/red 5/red 6/red 7/red 8/blue")).category == "straight"


# --- B10 examples that must hold ---------------------------------------------

def test_b10_low_full_house_beats_high_three_of_a_kind():
    """B10: 3-3-3-9-9 beats 13-13-13-2-5."""
    assert rank_hand(mixed("3 3 3 9 9")) > rank_hand(mixed("13 13 13 2 5"))


def test_b10_pairs_tie_whatever_the_other_cards():
    """B10 / One Pair: 8-8-x-y-z ties 8-8-a-b-c; no kickers."""
    a = rank_hand(mixed("8 8 13 12 11"))
    b = rank_hand(hand("8/pink 8/blue 1/red 2/green -"))
    assert a == b and hash(a) == hash(b) and compare(a, b) == 0
    assert not a < b and not a > b and a <= b and a >= b


def test_b10_straight_flush_to_13_beats_four_12s():
    """B10: 9-10-11-12-13 in one colour beats four 12s."""
    assert rank_hand(hand("9 10 11 12 13", "purple")) > rank_hand(mixed("12 12 12 12 13"))


def test_b10_any_five_of_a_kind_beats_any_straight_flush():
    """B10: the lowest Five of a Kind beats the highest Straight Flush."""
    assert rank_hand(mixed("1 1 1 1 1")) > rank_hand(hand("9 10 11 12 13", "red"))


# --- tie-breaks exactly as printed -------------------------------------------

def test_five_of_a_kind_tie_break_is_the_number():
    """Best Hand 1: highest number wins; equal numbers tie."""
    assert rank_hand(mixed("9 9 9 9 9")) > rank_hand(mixed("8 8 8 8 8"))
    assert rank_hand(mixed("9 9 9 9 9")) == rank_hand(hand("9 9 9 9 9", "red"))


def test_straight_flush_tie_break_is_the_highest_run():
    """Best Hand 2: the run with the highest numbers wins; the colour does not matter."""
    assert rank_hand(hand("2 3 4 5 6", "red")) > rank_hand(hand("1 2 3 4 5", "red"))
    assert rank_hand(hand("2 3 4 5 6", "red")) == rank_hand(hand("2 3 4 5 6", "pink"))


def test_four_of_a_kind_tie_break_ignores_the_fifth_card():
    """Best Hand 3: only the four's number counts."""
    assert rank_hand(mixed("5 5 5 5 1")) > rank_hand(mixed("4 4 4 4 13"))
    assert rank_hand(mixed("5 5 5 5 1")) == rank_hand(mixed("5 5 5 5 13"))
    assert rank_hand(hand("5/red 5/blue 5/pink 5/green -")).category == "four_of_a_kind"


def test_full_house_tie_break_is_treble_then_pair():
    """Best Hand 4: treble first, then the pair, then a tie."""
    assert rank_hand(mixed("9 9 9 2 2")) > rank_hand(mixed("8 8 8 13 13"))
    assert rank_hand(mixed("9 9 9 5 5")) > rank_hand(mixed("9 9 9 4 4"))
    assert rank_hand(mixed("9 9 9 5 5")) == rank_hand(hand("9 9 9 5 5", "green"))


def test_straight_tie_break_is_the_highest_run():
    """Best Hand 5: highest run wins; equal runs tie."""
    assert rank_hand(mixed("9 10 11 12 13")) > rank_hand(mixed("8 9 10 11 12"))
    assert rank_hand(mixed("4 5 6 7 8")) == rank_hand(hand("4/red 5/red 6/red 7/blue 8/red"))


def test_three_of_a_kind_tie_break_ignores_other_cards():
    """Best Hand 6: only the treble's number counts."""
    assert rank_hand(mixed("7 7 7 1 2")) > rank_hand(mixed("6 6 6 13 12"))
    assert rank_hand(mixed("7 7 7 1 2")) == rank_hand(mixed("7 7 7 13 12"))


def test_two_pairs_tie_break_is_high_pair_then_second_pair():
    """Best Hand 7: highest pair, then second pair, then a tie (fifth card ignored)."""
    assert rank_hand(mixed("10 10 2 2 1")) > rank_hand(mixed("9 9 8 8 13"))
    assert rank_hand(mixed("10 10 3 3 1")) > rank_hand(mixed("10 10 2 2 13"))
    assert rank_hand(mixed("10 10 3 3 1")) == rank_hand(mixed("10 10 3 3 13"))


def test_one_pair_tie_break_is_the_pair():
    """Best Hand 8: the higher pair wins."""
    assert rank_hand(mixed("9 9 1 2 3")) > rank_hand(mixed("8 8 13 12 11"))


def test_highest_card_compares_only_the_single_highest_value():
    """Best Hand 9: same highest value is a tie, whatever the rest."""
    assert rank_hand(mixed("12 1 2 3 5")) > rank_hand(mixed("11 10 9 7 6"))
    assert rank_hand(mixed("12 1 2 3 5")) == rank_hand(mixed("12 11 10 9 7"))


def test_runs_do_not_wrap():
    """B10: 12-13-1 is not a run."""
    assert rank_hand(hand("11 12 13 1 2", "red")).category == "highest_card"
    assert rank_hand(mixed("10 11 12 13 1")).category == "highest_card"


# --- blanks (B7) ---------------------------------------------------------------

def test_blank_breaks_runs_and_suits():
    """B7: a blank never forms part of a run or suit."""
    rank = rank_hand(hand("9/red 10/red 11/red 12/red -"))
    assert rank == rank_hand(mixed("12 1 3 5 7")) and rank.describe() == "Highest Card 12"


def test_blanks_never_pair():
    """B7: two blanks are not a pair."""
    rank = rank_hand(hand("- - 3/red 7/blue 9/pink"))
    assert rank.category == "highest_card" and rank.describe() == "Highest Card 9"


def test_blank_loses_to_any_card_in_highest_card():
    """B7: four blanks and a 1 beat five blanks; five blanks tie each other (our ruling, documented)."""
    five_blanks = rank_hand([BLANK] * 5)
    lone_one = rank_hand([BLANK, BLANK, (1, "red"), BLANK, BLANK])
    assert lone_one > five_blanks
    assert five_blanks == rank_hand([(None, None)] * 5)
    assert five_blanks.category == "highest_card"
    assert five_blanks.describe() == "Highest Card: none (all blank)"


def test_pairs_survive_a_blank():
    assert rank_hand(hand("8/red 8/blue 5/red 5/pink -")).describe() == "Two Pairs, 8s and 5s"
    assert rank_hand(hand("8/red 8/blue 8/green 5/pink -")).describe() == "Three of a Kind, 8s"


# --- input forms and errors --------------------------------------------------

def test_cards_as_lists_from_json_are_accepted():
    as_lists = [[9, "red"], [10, "red"], [11, "red"], [12, "red"], [13, "red"]]
    assert rank_hand(as_lists) == rank_hand(hand("9 10 11 12 13", "red"))
    assert rank_hand([[None, None]] * 5).describe() == "Highest Card: none (all blank)"


@pytest.mark.parametrize(
    "cards",
    [
        [(1, "red")] * 4,
        [(1, "red")] * 6,
        [(0, "red")] + [(1, "red")] * 4,
        [(14, "red")] + [(1, "red")] * 4,
        [(3, "orange")] + [(1, "red")] * 4,
        [(3, None)] + [(1, "red")] * 4,
        [(None, "red")] + [(1, "red")] * 4,
        [[3, ["red"]]] + [(1, "red")] * 4,
        None,
    ],
)
def test_malformed_hands_are_refused(cards):
    with pytest.raises(ValueError):
        rank_hand(cards)


def test_compare_signs():
    low, high = rank_hand(mixed("2 2 3 4 5")), rank_hand(mixed("3 3 4 5 6"))
    assert (compare(low, high), compare(high, low), compare(low, low)) == (-1, 1, 0)


def test_hand_rank_is_immutable_and_copies_equal():
    import copy
    import pickle

    rank = rank_hand(mixed("9 9 9 4 4"))
    with pytest.raises(AttributeError):
        rank.key = 0
    assert pickle.loads(pickle.dumps(rank)) == rank
    assert copy.deepcopy(rank) == rank and copy.deepcopy(rank).describe() == "Full House, 9s over 4s"


def test_hand_rank_refuses_comparison_with_other_types():
    with pytest.raises(TypeError):
        rank_hand(mixed("2 2 3 4 5")) < 5
    assert rank_hand(mixed("2 2 3 4 5")) != 258


# --- best_fixing: the 1/13 card and multi-colour cards -----------------------

ONE_THIRTEEN = (1, 13)


def test_one_thirteen_card_as_bottom_of_a_run():
    """B10 / "Best Hand": the 1/13 card as 1 makes 1-2-3-4-5."""
    options = [(ONE_THIRTEEN, ("blue",)), ((2,), ("blue",)), ((3,), ("blue",)), ((4,), ("blue",)), ((5,), ("blue",))]
    rank, chosen = best_fixing(options)
    assert rank.describe() == "Straight Flush to 5"
    assert chosen[0] == (1, "blue")
    assert rank_hand(chosen) == rank


def test_one_thirteen_card_as_top_of_a_run():
    """B10: the 1/13 card as 13 makes 9-10-11-12-13."""
    options = [((9,), ("red",)), ((10,), ("pink",)), ((11,), ("red",)), ((12,), ("red",)), (ONE_THIRTEEN, ("red",))]
    rank, chosen = best_fixing(options)
    assert rank.describe() == "Straight to 13"
    assert chosen[4] == (13, "red")


def test_one_thirteen_card_cannot_wrap_a_run():
    """B10: with 12-13 and 2-3 the 1/13 card cannot bridge them; it pairs the 13 instead."""
    options = [((12,), ("red",)), ((13,), ("red",)), (ONE_THIRTEEN, ("red",)), ((2,), ("red",)), ((3,), ("red",))]
    rank, chosen = best_fixing(options)
    assert rank.describe() == "One Pair of 13s"
    assert chosen[2] == (13, "red")


def test_multi_colour_card_completes_a_straight_flush():
    """B9: multi-colour cards are fixed to the colour that helps most."""
    options = [
        ((5,), ("pink", "green")),
        ((6,), ("green",)),
        ((7,), ("red", "green")),
        ((8,), ("green", "blue")),
        ((9,), ("green",)),
    ]
    rank, chosen = best_fixing(options)
    assert rank.describe() == "Straight Flush to 9"
    assert {colour for _, colour in chosen} == {"green"}


def test_best_fixing_with_a_blank():
    """B7: a blank stays a blank; the other cards are fixed around it."""
    options = [((), ()), ((4, 9), ("red",)), ((9,), ("blue",)), ((9,), ("pink",)), ((2,), ("red",))]
    rank, chosen = best_fixing(options)
    assert rank.describe() == "Three of a Kind, 9s"
    assert chosen == (BLANK, (9, "red"), (9, "blue"), (9, "pink"), (2, "red"))


def test_best_fixing_refuses_bad_options():
    with pytest.raises(ValueError):
        best_fixing([((3,), ())] + [((1,), ("red",))] * 4)
    with pytest.raises(ValueError):
        best_fixing([((1,), ("red",))] * 4)


# --- property tests against a slow reference ---------------------------------

def reference_rank(cards):
    """A deliberately plain classifier: (category index, tie-break numbers) per the printed rules."""
    values = [v for v, _ in cards if v is not None]
    colours = [c for _, c in cards]
    counts = Counter(values)
    count_list = sorted(counts.values())
    full = len(values) == 5
    is_run = full and sorted(values) == list(range(min(values), min(values) + 5))
    one_suit = full and len(set(colours)) == 1

    def with_count(n):
        return sorted((v for v, k in counts.items() if k == n), reverse=True)

    if full and len(counts) == 1:
        return 8, (values[0],)
    if is_run and one_suit:
        return 7, (max(values),)
    if 4 in count_list:
        return 6, (with_count(4)[0],)
    if count_list == [2, 3]:
        return 5, (with_count(3)[0], with_count(2)[0])
    if is_run:
        return 4, (max(values),)
    if 3 in count_list:
        return 3, (with_count(3)[0],)
    if count_list.count(2) == 2:
        return 2, tuple(with_count(2))
    if 2 in count_list:
        return 1, (with_count(2)[0],)
    return 0, (max(values) if values else 0,)


def sign(x):
    return (x > 0) - (x < 0)


card = st.one_of(
    st.just(BLANK),
    st.tuples(st.integers(1, 13), st.sampled_from(COLOURS)),
    st.tuples(st.integers(1, 13), st.sampled_from(COLOURS)),
    st.tuples(st.integers(1, 13), st.sampled_from(COLOURS)),
)


@st.composite
def near_run(draw):
    """Hands close to runs and flushes, which random cards rarely hit."""
    start = draw(st.integers(1, 9))
    colour = draw(st.sampled_from(COLOURS))
    cards = [(start + i, colour) for i in range(5)]
    for i in draw(st.lists(st.integers(0, 4), max_size=2)):
        cards[i] = draw(card)
    return draw(st.permutations(cards))


@st.composite
def grouped(draw):
    """Hands drawn from few values, to hit pairs, full houses and kinds."""
    pool = draw(st.lists(st.integers(1, 13), min_size=1, max_size=3))
    return [
        (draw(st.sampled_from(pool)), draw(st.sampled_from(COLOURS))) if draw(st.integers(0, 9)) else BLANK
        for _ in range(5)
    ]


hands = st.one_of(st.lists(card, min_size=5, max_size=5), near_run(), grouped())


@settings(max_examples=400, deadline=None)
@given(hands)
def test_category_and_tie_break_agree_with_reference(cards):
    """B10 / "Best Hand": rank_hand matches a straightforward reading of the printed rules."""
    category_index, tiebreak = reference_rank(cards)
    rank = rank_hand(cards)
    assert rank.category == CATEGORIES[category_index]
    assert rank.tiebreak == tiebreak


def test_every_value_multiset_is_classified_as_the_reference_reads_it():
    """B10 / "Best Hand": _classify, which ranks each hand new to the memo, agrees with the plain
    reading of the printed rules on all 8,568 multisets of five values (0 a blank), in one colour
    and in two."""
    checked = 0
    for values in combinations_with_replacement(range(14), 5):
        for one_colour in (True, False):
            cards = [BLANK if not v else (v, "pink" if one_colour or i % 2 else "red") for i, v in enumerate(values)]
            category_index, tiebreak = reference_rank(cards)
            rank = _classify(values[::-1], len({colour for _, colour in cards}) == 1)  # as rank_hand flags it
            assert (rank.category, rank.tiebreak) == (CATEGORIES[category_index], tiebreak), values
            checked += 1
    assert checked == 2 * 8568


@settings(max_examples=300, deadline=None)
@given(hands, hands)
def test_comparison_agrees_with_reference(a, b):
    """B10: better/worse/tie exactly as the printed category order and tie-breaks say."""
    assert compare(rank_hand(a), rank_hand(b)) == sign(
        (reference_rank(a) > reference_rank(b)) - (reference_rank(a) < reference_rank(b))
    )


@settings(max_examples=300, deadline=None)
@given(hands, hands, hands)
def test_rank_is_a_total_order(a, b, c):
    ra, rb, rc = rank_hand(a), rank_hand(b), rank_hand(c)
    assert [ra < rb, ra == rb, ra > rb].count(True) == 1
    assert (ra <= rb) == (not ra > rb) and (ra >= rb) == (not ra < rb)
    assert (ra != rb) == (not ra == rb)
    assert compare(ra, rb) == -compare(rb, ra)
    if ra == rb:
        assert hash(ra) == hash(rb)
    if ra <= rb and rb <= rc:
        assert ra <= rc
    if ra < rb and rb < rc:
        assert ra < rc
    assert sorted([ra, rb, rc]) == sorted([rc, rb, ra])


@settings(max_examples=300, deadline=None)
@given(hands.flatmap(lambda h: st.tuples(st.just(h), st.permutations(h))))
def test_rank_ignores_card_order(pair):
    original, shuffled = pair
    assert rank_hand(original) == rank_hand(shuffled)
    assert isinstance(rank_hand(shuffled), HandRank)


option = st.one_of(
    st.just(((), ())),
    st.tuples(
        st.lists(st.integers(1, 13), min_size=1, max_size=2, unique=True).map(tuple),
        st.lists(st.sampled_from(COLOURS), min_size=1, max_size=3, unique=True).map(tuple),
    ),
)


@settings(max_examples=200, deadline=None)
@given(st.lists(option, min_size=5, max_size=5))
def test_best_fixing_is_the_best_of_every_fixing(options):
    """B9/B10: no way of fixing the cards beats best_fixing, and its own fixing reaches it."""
    from itertools import product

    rank, chosen = best_fixing(options)
    assert rank_hand(chosen) == rank
    for fixed, (values, colours) in zip(chosen, options):
        assert fixed == BLANK if not values else (fixed[0] in values and fixed[1] in colours)
    per_card = [
        [BLANK] if not values else [(v, c) for v in values for c in colours] for values, colours in options
    ]
    assert max(rank_hand(h) for h in product(*per_card)) == rank
