"""The Barclay search's shortcuts (issue 38) give exactly what the slow, readable code gives."""

from __future__ import annotations

import itertools
import random

from barclay_desktop.ai.barclay import belief as belief_module
from barclay_desktop.ai.barclay.knowledge import BLANK_OPTION, card_option
from barclay_desktop.rules.barclay.cards import load_cards
from barclay_desktop.rules.barclay.hands import COLOURS, best_fixing, best_fixing_key


def _options(rng: random.Random) -> list:
    cards = [card_option(c.id) for c in load_cards()]
    out = []
    for _ in range(5):
        r = rng.random()
        if r < 0.1:
            out.append(BLANK_OPTION)
        elif r < 0.2:  # a fixed card, or made-up multi-value and multi-colour ones
            vs = tuple(rng.sample(range(1, 14), rng.choice((1, 2))))
            out.append((vs, tuple(rng.sample(COLOURS, rng.choice((1, 2, 5))))))
        else:
            out.append(rng.choice(cards))
    return out


def test_best_fixing_key_is_the_key_of_best_fixing():
    rng = random.Random(38)
    for _ in range(20_000):
        options = _options(rng)
        assert best_fixing_key(options) == best_fixing(options)[0].key, options


def test_best_fixing_key_on_runs_flushes_and_blanks():
    blank = ((), ())
    for colours in (("red",), ("red", "blue"), ("blue",)):
        run = [((v,), colours) for v in range(3, 8)]
        assert best_fixing_key(run) == best_fixing(run)[0].key
        assert best_fixing_key(run[:4] + [blank]) == best_fixing(run[:4] + [blank])[0].key
    assert best_fixing_key([blank] * 5) == best_fixing([blank] * 5)[0].key
    mixed = [((1, 13), ("pink",)), ((10,), ("pink",)), ((11,), ("pink",)), ((12,), ("pink",)), ((9,), ("pink", "red"))]
    assert best_fixing_key(mixed) == best_fixing(mixed)[0].key


def test_the_fast_shuffle_draws_as_random_shuffle():
    for seed, n in itertools.product(range(20), (0, 1, 2, 5, 33, 60, 127, 128, 200)):
        a, b = random.Random(seed), random.Random(seed)
        x, y = list(range(n)), list(range(n))
        a.shuffle(x)
        belief_module._shuffler(b)(y)
        assert x == y and a.random() == b.random()


def test_the_written_out_sample_draws_as_random_sample():
    for seed, n in itertools.product(range(30), (0, 1, 2, 3, 5, 8, 21, 22, 40)):
        for k in sorted(k for k in {0, 1, n // 2, n - 1, n} if 0 <= k <= n):
            a, b = random.Random(seed), random.Random(seed)
            population = [f"c{i}" for i in range(n)]
            assert a.sample(population, k) == belief_module._sample(b, population, k)
            assert a.random() == b.random()


def _potential_by_the_book(committed, pool, x3_slots, x2_slots):
    """knowledge.potential as it was written before issue 38: best_key of every combination."""
    from barclay_desktop.ai.barclay.knowledge import _fits_steps, best_key

    best = best_key(committed)
    pool = [c for c in pool if card_option(c) != BLANK_OPTION]
    if not pool or x3_slots + x2_slots == 0:
        return best
    for k in range(1, min(len(pool), x3_slots + x2_slots) + 1):
        for combo in itertools.combinations(pool, k):
            if _fits_steps(combo, x3_slots, x2_slots):
                best = max(best, best_key(list(committed) + [card_option(c) for c in combo]))
    return best


def test_potential_is_the_best_key_of_every_combination():
    from barclay_desktop.ai.barclay.knowledge import potential

    rng = random.Random(380)
    ids = [c.id for c in load_cards()]
    for _ in range(3_000):
        committed = [card_option(c) for c in rng.sample(ids, rng.randint(0, 4))]
        x3, x2 = rng.choice([(3 - min(3, len(committed)), 2), (0, 5 - len(committed)), (0, 0), (1, 2)])
        pool = rng.sample(ids, rng.randint(0, 5))
        assert potential(committed, pool, x3, x2) == _potential_by_the_book(committed, pool, x3, x2)
    for _ in range(50):  # the same face-up cards with many hands, as the search asks
        committed = [card_option(c) for c in rng.sample(ids, 3)]
        for _ in range(40):
            pool = rng.sample(ids[:30], 4)
            for x3, x2 in ((0, 2), (0, 1), (1, 1)):
                assert potential(committed, pool, x3, x2) == _potential_by_the_book(committed, pool, x3, x2)


def test_bet_keys_are_best_keys_and_the_two_slot_potential():
    """Hard's bet model reads (best_key(mine), potential(mine, hand, 0, 2), best_key(theirs));
    bet_keys remembers each tableau's keys with one or two cards (Ultra and x3-only cards in
    the hands too), and p_bets_on_itself a probability per key: both as the plain way."""
    from barclay_desktop.ai.barclay.bets import bet_probability, bet_weights, p_bets_on_itself
    from barclay_desktop.ai.barclay.knowledge import bet_keys, best_key, features_of_keys

    rng = random.Random(382)
    ids = [c.id for c in load_cards()]
    x3_only = [c.id for c in load_cards() if c.steps == ("x3",)]
    blanks = [c for c in ids if card_option(c) == BLANK_OPTION]
    assert x3_only and blanks
    for _ in range(300):
        mine = [card_option(c) for c in rng.sample(ids, rng.choice((0, 1, 2, 3, 3, 3, 4)))]
        theirs = [card_option(c) for c in rng.sample(ids, rng.choice((2, 3, 3, 4)))]
        for _ in range(10):  # the same tableau with several hands, as the samples ask
            hand = rng.sample(ids[:30], rng.randint(0, 5)) + rng.sample(x3_only + blanks, rng.randint(0, 2))
            keys = (best_key(mine), _potential_by_the_book(mine, hand, 0, 2), best_key(theirs))
            assert bet_keys(mine, hand, theirs) == keys, (mine, hand, theirs)
            weights = bet_weights(rng.choice(("abwehr", "lcs")))
            assert p_bets_on_itself(weights, mine, hand, theirs) == bet_probability(weights, features_of_keys(keys))


def test_bet_keys_of_tableaus_sharing_a_fold_and_of_flushes():
    """bet_keys' table belongs to the fold of the tableau (values, shared colours) and its
    rows to card classes (values, which shared colours the card has): tableaus that could
    still make a flush, and others of the same values that could not, each with hands of
    their colour and multi-colour cards, keep the keys by the book whatever was asked first."""
    from barclay_desktop.ai.barclay.knowledge import bet_keys, best_key

    rng = random.Random(384)
    cards = load_cards()
    multi = [c.id for c in cards if len(c.colours) > 1]
    for _ in range(150):
        colour = rng.choice(COLOURS)
        same = [c for c in cards if colour in c.colours and c.values]
        flush = rng.sample(same, rng.choice((1, 2, 3, 3)))
        mixed = []  # the same values in colours that share none
        for i, c in enumerate(flush):
            others = [d for d in cards if d.values == c.values and colour not in d.colours]
            mixed.append(card_option(rng.choice(others).id) if others and i else ((c.values, ("none",))))
        tableaus = [[card_option(c.id) for c in flush], mixed]
        rng.shuffle(tableaus)
        for mine in tableaus:
            for _ in range(6):
                hand = rng.sample([c.id for c in same], rng.randint(1, 4)) + rng.sample(multi, rng.randint(0, 2))
                theirs = [card_option(c.id) for c in rng.sample(same, 3)]
                keys = (best_key(mine), _potential_by_the_book(mine, hand, 0, 2), best_key(theirs))
                assert bet_keys(mine, hand, theirs) == keys, (mine, hand)


def test_bet_keys_remember_a_hands_potential_per_table():
    """bet_keys remembers the potential per tableau's table and sorted card classes of the
    hand: the same few hands (reordered, or with a card swapped for one alike in values and
    colours) on many tableaus, each as the book says."""
    from barclay_desktop.ai.barclay.knowledge import bet_keys, best_key

    rng = random.Random(386)
    ids = [c.id for c in load_cards()]
    alike: dict = {}
    for cid in ids:
        alike.setdefault(card_option(cid), []).append(cid)
    hands = [rng.sample(ids, rng.randint(1, 5)) for _ in range(8)]
    for _ in range(150):
        mine = [card_option(c) for c in rng.sample(ids, rng.choice((1, 2, 3, 3)))]
        theirs = [card_option(c) for c in rng.sample(ids, 3)]
        for hand in hands:
            hand = [rng.choice(alike[card_option(c)]) for c in hand]
            rng.shuffle(hand)
            keys = (best_key(mine), _potential_by_the_book(mine, hand, 0, 2), best_key(theirs))
            assert bet_keys(mine, hand, theirs) == keys, (mine, hand)


def test_the_informed_face_down_pick_is_down_values_best():
    """Hard lays an opponent's fourth-slot face-down card by down_value (Easy's play value, ties
    to the better hand now); _best_down_card reads it from the tableau's table: the same card
    (and one_more_keys the same keys), Ultra, x3-only and leak cards in the hands too."""
    from barclay_desktop.ai.barclay.belief import _best_down_card, down_value
    from barclay_desktop.ai.barclay.knowledge import best_key, one_more_keys, potential, without
    from barclay_desktop.rules.barclay.flow import card_sets

    rng = random.Random(383)
    ids = [c.id for c in load_cards()]
    odd = [c.id for c in load_cards() if c.steps == ("x3",) or card_option(c.id) == BLANK_OPTION or c.effect == "leak"]
    x2_cards = card_sets()[1]
    for _ in range(200):
        committed = [card_option(c) for c in rng.sample(ids, 3)]
        for _ in range(10):
            hand = rng.sample(ids[:40], rng.randint(1, 5)) + rng.sample(odd, rng.randint(0, 2))
            x2 = [c for c in hand if c in x2_cards]
            for cid in x2:
                now = committed + [card_option(cid)]
                assert one_more_keys(tuple(committed), cid, without(hand, cid)) == (
                    potential(now, without(hand, cid), 0, 1), best_key(now))
            for seat in ("abwehr", "lcs"):
                if x2:
                    expected = max(x2, key=lambda c: down_value(seat, committed, hand, c))
                    assert _best_down_card(seat, tuple(committed), hand, x2) == expected


def test_a_rollouts_replacement_is_the_policys_best():
    """The rollout's replacement choice (sim_rollout.best_replacement, keys grouped by values and
    flush) is the policy's max over search._slot_values, the first of the best: tableaus of
    one to five cards, fixed slots, Ultra (blank) and multi-colour cards offered, kept or not."""
    from barclay_desktop.ai.barclay.knowledge import state_option
    from barclay_desktop.ai.barclay.search import _slot_values
    from barclay_desktop.ai.barclay.sim_rollout import best_replacement
    from barclay_desktop.rules.barclay import actions as A
    from barclay_desktop.rules.barclay.state import Slot

    rng = random.Random(384)
    cards = load_cards()
    ids = [c.id for c in cards]
    blanks = [c.id for c in cards if card_option(c.id) == BLANK_OPTION]
    colours = sorted({col for c in cards for col in c.colours})
    for _ in range(4_000):
        row = []
        suit = rng.choice(colours)  # half the tableaus in one colour: flushes are in play
        pool = [c.id for c in cards if suit in c.colours] if rng.random() < 0.5 else ids
        for cid in rng.sample(pool, rng.randint(1, 5)):
            c = next(x for x in cards if x.id == cid)
            fixed = c.values and rng.random() < 0.3
            row.append(Slot(cid, True, value=rng.choice(c.values) if fixed else None,
                            colour=(suit if suit in c.colours else rng.choice(c.colours)) if fixed else None))
        slot = rng.randrange(len(row))
        offered = rng.sample(ids, rng.randint(1, 10)) + rng.sample(blanks, rng.randint(0, 1)) + rng.sample(pool, 2)
        legal = [A.Replace(slot, cid) for cid in offered]
        if rng.random() < 0.7:
            legal.insert(rng.randint(0, len(legal)), A.KeepCard(slot))
        if len(legal) < 2:
            continue
        base = tuple([state_option(sl) for sl in row])
        expected = max(legal, key=_slot_values(row, lambda a: card_option(a.card) if type(a) is A.Replace else None))
        assert best_replacement(base, legal) is expected, (base, legal)


def test_the_engines_proof_check_is_deduce_offensives():
    """B11, as deduction.deduce_offensives decides it: the engine's memoised check (by the
    exact counts, and by the sectors' role codes) gives the same answer or the same error."""
    from barclay_desktop.rules.barclay.deduction import SECTORS, deduce_offensives
    from barclay_desktop.rules.barclay.flow import _proof, proof_of

    cells = [(g, r) for g in range(6) for r in range(6) if g + r <= 5]
    rng = random.Random(381)
    for _ in range(20_000):
        counts = tuple(rng.choice(cells[:12] if rng.random() < 0.7 else cells) for _ in SECTORS)
        try:
            expected = deduce_offensives(dict(zip(SECTORS, counts)))
        except ValueError:
            expected = ValueError
        for check in (_proof.__wrapped__, proof_of):
            try:
                got = check(counts)
            except ValueError:
                got = ValueError
            assert got == expected, (check.__name__, counts)


def test_barclay_events_are_the_cores_events():
    from barclay_desktop.rules.barclay.game import _new_event
    from barclay_desktop.rules.core.events import Event

    made = _new_event(3, "draw", "The LCS draws.", "lcs", {"seat": "lcs"})
    assert type(made) is Event and made == Event(3, "draw", "The LCS draws.", "lcs", {"seat": "lcs"})
    assert made.to_json() == Event(3, "draw", "The LCS draws.", "lcs", {"seat": "lcs"}).to_json()


def test_a_rollouts_card_values_are_best_keys():
    """A rollout's value of adding a card to a tableau (search._CardValues: shared by the
    tableau's values while a blank pads the hand, since no colour is then shared by all five,
    B7, B10; with four cards, by the values and whether the card keeps their shared colour)
    is best_key of the tableau with the card, plus the icons and leak bonus."""
    from barclay_desktop.ai.barclay import search as search_module
    from barclay_desktop.ai.barclay.knowledge import best_key, play_bonus

    search_module._CARD_VALUES.clear()
    search_module._BY_VALUES.clear()
    # the same values with and without a colour all five share: a straight, a straight flush
    mixed = tuple(card_option(cid) for cid in ("ic-red-03", "ic-pink-04", "ic-pink-05", "ic-pink-06"))
    pink = tuple(card_option(cid) for cid in ("ic-pink-03", "ic-pink-04", "ic-pink-05", "ic-pink-06"))
    for mine in (mixed, pink, mixed[:3], pink[:3]):
        key = best_key(list(mine) + [card_option("ic-pink-07")])
        assert search_module._card_values(mine, None).hand_key("ic-pink-07") == key, mine
    rng = random.Random(385)
    cards = load_cards()
    ids = [c.id for c in cards]
    colours = sorted({col for c in cards for col in c.colours})
    for _ in range(3_000):
        suit = rng.choice(colours)  # half the tableaus in one colour: flushes are in play
        pool = [c.id for c in cards if suit in c.colours] if rng.random() < 0.5 else ids
        mine = tuple(card_option(cid) for cid in rng.sample(pool, rng.choice((0, 1, 2, 3, 4, 4, 5))))
        leaks = rng.choice((None, False, True))
        row = search_module._card_values(mine, leaks)
        for cid in rng.sample(pool, min(6, len(pool))):
            key = best_key(list(mine) + [card_option(cid)])
            assert row.hand_key(cid) == key, (mine, cid)
            assert row[cid] == key + (play_bonus(cid, leaks) if leaks is not None else 0), (mine, cid, leaks)


def _random_tableau(rng, cards, fewest: int, face_down: float, replaced: float, fixed: float) -> list:
    """fewest-5 random cards as a tableau: 40% the shared played Slots (face-down at the
    share `face_down`), 10% blanks, the rest fresh Slots, replaced by another card at the
    share `replaced` and fixed to one of their values and colours at the share `fixed`."""
    from barclay_desktop.rules.barclay.flow import PLAYED, card_sets
    from barclay_desktop.rules.barclay.state import Slot

    card_sets()  # fills PLAYED
    row = []
    for c in rng.sample(cards, rng.randint(fewest, 5)):
        r = rng.random()
        if r < 0.4:
            row.append(PLAYED[c.id, rng.random() >= face_down])
        elif r < 0.5:
            row.append(Slot(c.id, True, blank=True))
        else:
            top = rng.choice(cards) if rng.random() < replaced else c
            is_fixed = bool(top.values) and rng.random() < fixed
            row.append(Slot(c.id, True, replacement=top.id if top is not c else None,
                            value=rng.choice(top.values) if is_fixed else None,
                            colour=rng.choice(top.colours) if is_fixed else None))
    return row


def test_a_rollouts_hand_key_by_slot_ids_is_best_key():
    """sim_results.hand_key remembers a tableau's best_key by its Slots' id()s (rulings B9,
    B10: the hand at its best fixing): fresh Slots made and dropped again and again (whose
    ids Python reuses) and the shared played ones, in any order, each give their own key."""
    from types import SimpleNamespace

    from barclay_desktop.ai.barclay.knowledge import best_key, row_options
    from barclay_desktop.ai.barclay.sim_results import _HAND_KEYS, hand_key

    _HAND_KEYS.clear()
    rng = random.Random(386)
    cards = load_cards()
    for _ in range(3_000):
        row = _random_tableau(rng, cards, 1, face_down=0.5, replaced=0.0, fixed=0.7)
        sim = SimpleNamespace(tableau={"abwehr": row}, rows={})
        assert hand_key(sim, "abwehr") == best_key(row_options(row)), row


def test_the_trees_results_queue_is_the_busy_items_of_the_engines():
    """sim_results.results_items (the results queue when the tree reaches them) is the
    engine's queue (B9 order: the Abwehr's replacements, its fixes, the LCS's, then Alpha to
    the month's end) without the items that have nothing to do (B6 replacements, fixes of
    cards with one value and colour), for tableaus with blanks, replaced and fixed cards."""
    from barclay_desktop.ai.barclay.sim_results import busy_items, results_items
    from barclay_desktop.rules.barclay.flow import CARDS, PLAYED, card_sets, results_queue
    from barclay_desktop.rules.barclay.state import Slot

    card_sets()  # fills PLAYED and CARDS
    rng = random.Random(387)
    cards = load_cards()
    replacers = [cid for cid, c in CARDS.items() if c.effect == "replace"]
    for _ in range(3_000):
        tableau = {}
        for seat in ("abwehr", "lcs"):
            row = []
            for _slot in range(rng.randint(3, 5)):
                c = rng.choice(cards) if rng.random() < 0.7 else CARDS[rng.choice(replacers)]
                r = rng.random()
                if r < 0.1:
                    row.append(Slot(c.id, True, blank=True))
                elif r < 0.2:
                    row.append(Slot(None, True, blank=True))
                elif r < 0.4:
                    row.append(Slot(c.id, True, replacement=rng.choice(cards).id))
                else:
                    row.append(PLAYED[c.id, rng.random() < 0.5])
            tableau[seat] = row
        assert results_items(tableau) == [["reveal"]] + busy_items(results_queue(tableau), tableau), tableau


def test_the_policys_bets_are_the_legal_lists_shared_actions():
    """The rollout policy's bet (B3's assessment) is the very Assess object of the legal list
    (legal.ASSESS): the sim's tree finds a child by its action's id()."""
    from types import SimpleNamespace

    from barclay_desktop.ai.barclay.search import BarclaySearch
    from barclay_desktop.rules.barclay.flow import PLAYED, card_sets
    from barclay_desktop.rules.barclay.legal import ASSESS

    card_sets()  # fills PLAYED
    rng = random.Random(388)
    ids = [c.id for c in load_cards()]
    model = BarclaySearch()
    bets = set()
    for _ in range(200):
        tableau = {seat: [PLAYED[cid, True] for cid in rng.sample(ids, 3)] for seat in ("abwehr", "lcs")}
        for seat in ("abwehr", "lcs"):
            state = SimpleNamespace(tableau=tableau, bets={}, bet_shown={}, hands={"abwehr": [], "lcs": []})
            action = model.rollout_action(SimpleNamespace(state=state), seat, ASSESS[:], rng)
            assert any(action is a for a in ASSESS), action
            bets.add(action.bet)
    assert bets == {"abwehr", "lcs"}


def test_the_sims_fixed_hand_key_is_the_engines_hand_rank():
    """sim_results.fixed_key (Alpha's ranking when the tree reaches the results) is the
    engine's flow.hand_rank key of the fixed tableau (B9, B10; blanks B7; replaced cards B6)."""
    from types import SimpleNamespace

    from barclay_desktop.ai.barclay.sim_results import fixed_key
    from barclay_desktop.rules.barclay.flow import hand_rank

    rng = random.Random(389)
    cards = load_cards()
    for _ in range(3_000):
        row = _random_tableau(rng, cards, 0, face_down=0.0, replaced=0.2, fixed=0.8)
        assert fixed_key(row) == hand_rank(SimpleNamespace(tableau={"abwehr": row}), "abwehr").key, row


def test_shared_pendings_are_the_pendings_asked_for():
    """sim_results.pending_of gives one shared Pending per value, equal to the one asked for:
    the same cards in another box (B9's Alpha and Beta evidence picks), slot or kind stay apart."""
    from barclay_desktop.ai.barclay.sim_results import pending_of
    from barclay_desktop.rules.barclay.state import Pending

    rng = random.Random(390)
    ids = [c.id for c in load_cards()] + ["black", "red", "wild"]
    seen = {}
    for _ in range(3_000):
        args = (rng.choice(("take_evidence", "replace", "spy_keep", "reorder", "recover", "b7_discard")),
                rng.choice(("abwehr", "lcs")), tuple(rng.sample(ids[:6], rng.randint(0, 3))),
                rng.choice((-1, 0, 4)), rng.choice(("", "alpha", "beta")))
        shared = pending_of(*args)
        assert shared == Pending(*args), args
        assert seen.setdefault(args, shared) is shared, args


def test_hand_category_by_its_values_multiset_is_the_sorted_values_category():
    """hand_category remembers a category per multiset of the cards' values (a sum of
    per-values weights): random hands, also of cards alike in values, Ultra and more than
    five cards, as the category of their sorted values (B10, tests/test_ai_barclay_carry.py)."""
    from barclay_desktop.ai.barclay.knowledge import _values_category, hand_category

    rng = random.Random(385)
    ids = [c.id for c in load_cards()]
    for _ in range(4_000):
        hand = rng.sample(ids, rng.randint(0, 8))
        rng.shuffle(hand)
        expected = _values_category(tuple(sorted(card_option(c)[0] for c in hand)))
        assert hand_category(hand) == expected, hand
        assert hand_category(tuple(reversed(hand))) == expected, hand


def test_a_sampled_hidden_bet_reads_the_bet_rows_worked_out_once():
    """Hard's samples draw a hidden opponent bet from its model on both seats' first three
    slots (B8), worked out once a Belief (`_bet_rows`): the same bets, with the same draws,
    as reading them from each sample's tableau."""
    from barclay_desktop.ai.barclay.belief import Belief
    from barclay_desktop.ai.barclay.bets import bet_weights
    from barclay_desktop.rules.barclay.state import other
    from tests.barclay_ai_helpers import positions

    checked = 0
    for seed in range(6):
        for game in positions(3800 + seed, every=3, limit=60):
            for seat in game.seats:
                view = game.view(seat)
                if view["bets"].get(other(seat)) != "hidden" or not view.get("setup_done"):
                    continue
                belief = Belief(view, bet_model=bet_weights(other(seat)), informed_down=True)
                if belief._bet_rows is None:
                    continue
                for i in range(20):
                    a, b = random.Random(i), random.Random(i)
                    _decks, hands, tableau = belief._deal_cards(random.Random(100 + i))
                    with_rows = belief._bets(a, tableau, hands)
                    rows, belief._bet_rows = belief._bet_rows, None
                    assert belief._bets(b, tableau, hands) == with_rows
                    belief._bet_rows = rows
                    assert a.random() == b.random()
                checked += 1
    assert checked >= 5, checked


def test_a_search_pauses_the_cycle_collector_and_leaves_no_cycles():
    """SearchPlayer runs its search with Python's cycle collector paused and restores it as
    it was (also when the search raises); the pause costs no memory because a search leaves
    no reference cycles behind (a collection after one finds nothing unreachable)."""
    import gc
    import math

    import pytest

    from barclay_desktop.ai.barclay.players import make_search_player, without_cycle_collection
    from bench.ai_think_time import positions

    seen = []

    def search(x):
        seen.append(gc.isenabled())
        return x

    def fails():
        raise ValueError

    was = gc.isenabled()
    try:
        gc.enable()
        assert without_cycle_collection(search, 5) == 5 and gc.isenabled()
        with pytest.raises(ValueError):
            without_cycle_collection(fails)
        assert gc.isenabled()
        gc.disable()
        without_cycle_collection(search, 1)
        assert not gc.isenabled()
        assert seen == [False, False]
        spots = [s for s in positions(60, 11) if s[0].get("setup_done")][:4]
        assert spots
        gc.collect()
        for level in ("normal", "hard"):
            for view, legal in spots:
                make_search_player(level, 1, iterations=60, time_cap=math.inf).choose(view, legal)
                assert gc.collect() == 0
    finally:
        if was:
            gc.enable()
        else:
            gc.disable()
