"""Line-up order (rulebook "Opstellen": ranks ascend left to right, the Sergeant anywhere; S9 strict)."""

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from barclay_desktop.rules.spies_lies.lineup import can_complete, ordered_placements, out_of_order


def brute_force_complete(slots, hand):
    empties = [m for m, r in enumerate(slots) if not r]
    for combo in itertools.permutations(hand, len(empties)):
        trial = list(slots)
        for m, r in zip(empties, combo):
            trial[m] = r
        if out_of_order(trial) is None:
            return True
    return False


def test_rulebook_lineups():
    """Rulebook pictures: 2-7-4-10 is correct (Sergeant anywhere); a Miner (3) or Bomb (7) out of
    place is not."""
    assert out_of_order([2, 7, 4, 10]) is None
    assert out_of_order([1, 5, 8, 10]) is None
    assert out_of_order([2, 5, 9, 3]) == (1, 3)
    assert out_of_order([1, 7, 6, 9]) == (1, 2)


@settings(max_examples=120, deadline=None)
@given(st.data())
def test_completion_matches_brute_force(data):
    """S9 strict: the greedy completion check agrees with trying every filling."""
    pool = data.draw(st.permutations(list(range(1, 11))))
    size = data.draw(st.sampled_from([8, 9]))
    troops = list(pool[:size])
    placed = data.draw(st.integers(0, 3))
    slots = [0, 0, 0, 0]
    for m in data.draw(st.permutations([0, 1, 2, 3]))[:placed]:
        slots[m] = troops.pop()
    assert can_complete(list(slots), troops) == brute_force_complete(slots, troops)


def _completing_pairs(slots, hand, missions, completes=can_complete):
    """(rank, mission) pairs after which the line-up can still be completed (by `completes`),
    in hand then mission order."""
    expected = []
    for rank in hand:
        for m in missions:
            if not slots[m]:
                trial = list(slots)
                trial[m] = rank
                if completes(trial, [r for r in hand if r != rank]):
                    expected.append((rank, m))
    return expected


def test_placements_match_brute_force():
    """S9 strict: the memoised placement list equals a direct check of every (rank, mission)."""
    rng = random.Random(5)
    for _ in range(300):
        ranks = rng.sample(range(1, 11), rng.choice([8, 9]))
        slots = [0, 0, 0, 0]
        for m in rng.sample(range(4), rng.randrange(4)):
            slots[m] = ranks.pop()
        missions = rng.choice([range(4), range(0, 2), range(2, 4)])
        expected = _completing_pairs(slots, ranks, missions, brute_force_complete)
        assert sorted(ordered_placements(list(slots), ranks, missions)) == sorted(expected)


def test_placements_are_the_pairs_that_can_complete():
    """S9 strict: ordered_placements works all pairs out at once (issue 38); it must give
    exactly the pairs, in hand then mission order, after which can_complete holds, for every
    set of up to three placed troops (with a random hand, the Sergeant in it or not)."""
    rng = random.Random(38)
    for k in range(4):
        for placed in itertools.permutations(range(1, 11), k):
            for where in itertools.combinations(range(4), k):
                slots = [0, 0, 0, 0]
                for m, r in zip(where, placed):
                    slots[m] = r
                free = [r for r in range(1, 11) if r not in placed]
                hand = sorted(rng.sample(free, rng.randint(0, len(free))))
                for missions in (range(4), range(0, 2), range(2, 4)):
                    expected = _completing_pairs(slots, hand, missions)
                    assert ordered_placements(list(slots), hand, missions) == expected, (slots, hand, missions)


def test_the_last_two_placements_with_a_hand_in_any_order():
    """S9 strict: with one or two missions left empty the placements are worked out directly
    (issue 38, ninth round); every such line-up (in order or not), with hands unsorted, with
    and without the Sergeant, still gives exactly the completing pairs."""
    rng = random.Random(39)
    for empty in (1, 2):
        for placed in itertools.permutations(range(1, 11), 4 - empty):
            where = rng.sample(range(4), 4 - empty)
            slots = [0, 0, 0, 0]
            for m, r in zip(where, placed):
                slots[m] = r
            hand = rng.sample([r for r in range(1, 11) if r not in placed], rng.randint(0, 6 + empty))
            for missions in (range(4), range(0, 2), range(2, 4)):
                assert ordered_placements(tuple(slots), hand, missions) == _completing_pairs(slots, hand, missions)
