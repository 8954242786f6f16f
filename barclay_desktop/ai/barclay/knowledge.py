"""What a Barclay player can work out from cards it can see: hand potential and flip value.

Everything here takes card ids and plain view data; nothing reads a game state.
"""

from __future__ import annotations

import functools
import itertools
import math

from barclay_desktop.rules.barclay.cards import cards_by_id
from barclay_desktop.rules.barclay.flow import PLAYED, ROLE_CODE, card_sets, pairs_allowed
from barclay_desktop.rules.barclay.hands import best_fixing_key, fold_key, fold_options
from barclay_desktop.rules.barclay.state import ROLE_GREENS, SECTORS, WILD_TOKENS
from barclay_desktop.rules.barclay.view import leak_cards_in_view

BLANK_OPTION = ((), ())
ICON_WEIGHT = 12  # one Recon/Raid icon is worth a little under a better kicker in a category
LEAK_WEIGHT = 6  # a leak card's extra flip, on top of its hand value (B14 leak cards, Abwehr only)


@functools.lru_cache(maxsize=None)
def card_option(cid: str) -> tuple:
    """(values, colours) of a card for best_fixing; Ultra has neither and counts as blank."""
    c = cards_by_id()[cid]
    return (c.values, c.colours) if c.values else BLANK_OPTION


def card_steps(cid: str) -> tuple[str, ...]:
    return cards_by_id()[cid].steps


def card_icons(cid: str) -> int:
    c = cards_by_id()[cid]
    return c.recon + c.raid


def leaks_on(view: dict) -> bool:
    """Do the leak cards leak in this game (the balance variant, public in every view)?"""
    return leak_cards_in_view(view)


def leak_bonus(cid: str) -> int:
    return LEAK_WEIGHT if cards_by_id()[cid].effect == "leak" else 0


@functools.lru_cache(maxsize=None)
def play_bonus(cid: str, leaks: bool) -> int:
    """What a card adds to a rollout's value of playing it beyond the hand: its icons, and
    with `leaks` its leak bonus."""
    return ICON_WEIGHT * card_icons(cid) + (leak_bonus(cid) if leaks else 0)


def slot_option(slot: dict) -> tuple:
    """The best_fixing option of one visible tableau slot from a view."""
    if slot.get("hidden"):
        return BLANK_OPTION
    if slot.get("blank") or not slot.get("card"):
        return BLANK_OPTION
    values, colours = card_option(slot.get("replacement") or slot["card"])
    if slot.get("value") is not None:
        values = (slot["value"],)
    if slot.get("colour") is not None:
        colours = (slot["colour"],)
    return (values, colours)


def state_option(slot) -> tuple:
    """The options of an engine tableau Slot (slot_option's, for a game state or a sample)."""
    if slot.blank or slot.card is None:
        return ((), ())
    values, colours = card_option(slot.replacement or slot.card)
    return ((slot.value,) if slot.value is not None else values, (slot.colour,) if slot.colour is not None else colours)


_PLAYED_OPTIONS: dict = {}  # id() of each flow.PLAYED slot -> its state_option (they live as long as the program)


def row_options(row) -> list:
    """[state_option(slot) for slot in row], a plain played card's options looked up by the
    id() of its shared Slot (flow.PLAYED; a sample's tableau holds them too)."""
    known = _PLAYED_OPTIONS or _played_options()
    out = []
    for sl in row:  # written out: a comprehension is a call
        out.append(known.get(id(sl)) or state_option(sl))
    return out


def _played_options() -> dict:
    card_sets()  # fills PLAYED
    _PLAYED_OPTIONS.update((id(slot), state_option(slot)) for slot in PLAYED.values())
    return _PLAYED_OPTIONS


@functools.lru_cache(maxsize=200_000)
def _best_key(options: tuple) -> int:
    return best_fixing_key(options)  # == best_fixing(options)[0].key (tests/test_ai_barclay_speed.py)


def best_key(options) -> int:
    """HandRank.key of the best fixing of up to five options (missing ones are blanks)."""
    opts = tuple(options) + (BLANK_OPTION,) * (5 - len(options))
    return _best_key(tuple(sorted(opts[:5])))


def potential(committed: list, pool: list[str], x3_slots: int, x2_slots: int) -> int:
    """The best hand key reachable: committed options plus cards of `pool` for the free slots.

    `x3_slots` / `x2_slots` are the slots still to fill in each step; a pool card may only
    go to a step it carries. Missing cards count as blanks (a pessimistic estimate, which
    makes the player value keeping playable cards)."""
    key = (tuple(committed), tuple(sorted(pool)), x3_slots, x2_slots)  # the order of neither matters
    value = _POTENTIALS.get(key)
    if value is None:
        if len(_POTENTIALS) > 100_000:
            _POTENTIALS.clear()  # a pure memo: forgetting changes nothing but time
        value = _POTENTIALS[key] = _potential(committed, pool, x3_slots, x2_slots)
    return value


_POTENTIALS: dict = {}
_COMMITTED_IDS: dict = {}  # committed options (a tuple) -> a small number for _COMBO_KEYS
_COMBO_KEYS: dict = {}  # (committed id, card ids in sorted order) -> best_key of them together


def _potential(committed: list, pool: list[str], x3_slots: int, x2_slots: int) -> int:
    best = best_key(committed)
    pool = [c for c in pool if card_option(c) != BLANK_OPTION]
    if not pool or x3_slots + x2_slots == 0:
        return best
    n = min(len(pool), x3_slots + x2_slots)
    if len(committed) + n > 5:  # best_key would drop options past the fifth: keep its way
        for k in range(1, n + 1):
            for combo in itertools.combinations(pool, k):
                if not _fits_steps(combo, x3_slots, x2_slots):
                    continue
                key = best_key(list(committed) + [card_option(c) for c in combo])
                if key > best:
                    best = key
        return best
    # best_key(committed + combo) is the same for any order of the options: each
    # combination's key is remembered for its committed options (the search asks about the
    # same face-up cards with many sampled hands) and otherwise folded onto the committed
    # ones. A combination that does not fit the free slots (_fits_steps) has no larger one
    # that fits, so those are not tried.
    pool = sorted(pool)
    committed_id = _COMMITTED_IDS.get(tuple(committed))
    if committed_id is None:
        if len(_COMMITTED_IDS) > 20_000:
            _COMMITTED_IDS.clear()  # pure memos: forgetting changes nothing but time
            _COMBO_KEYS.clear()
        committed_id = _COMMITTED_IDS[tuple(committed)] = len(_COMMITTED_IDS)
    base = None
    only = [_only_step(c) for c in pool]
    stack = [((), 0, 0, 0)]  # a combination, the next pool index, its x3-only and x2-only cards
    while stack:
        combo, start, need3, need2 = stack.pop()
        for i in range(start, len(pool)):
            n3 = need3 + (only[i] == 3)
            n2 = need2 + (only[i] == 2)
            if n3 > x3_slots or n2 > x2_slots:  # with k <= n <= x3 + x2: _fits_steps is False
                continue
            grown = combo + (pool[i],)
            key = _COMBO_KEYS.get((committed_id, grown))
            if key is None:
                if base is None:
                    base = fold_options(committed)
                blanks = (BLANK_OPTION,) * (5 - len(committed) - len(grown))
                key = fold_key(fold_options([card_option(c) for c in grown] + list(blanks), base))
                if len(_COMBO_KEYS) > 400_000:
                    _COMBO_KEYS.clear()
                _COMBO_KEYS[committed_id, grown] = key
            if key > best:
                best = key
            if len(grown) < n:
                stack.append((grown, i + 1, n3, n2))
    return best


def without(cards: list[str], cid: str) -> list[str]:
    """`cards` less one copy of `cid`."""
    out = list(cards)
    out.remove(cid)
    return out


def play_value(seat: str, committed: list, rest: list[str], cid: str, x3_slots: int, x2_slots: int,
               leaks: bool = True) -> float:
    """Easy's value of laying `cid` on `committed` (options): the best hand still reachable
    with the cards of `rest` in the slots left free (x3 / x2), plus its Recon/Raid icons and,
    for the Abwehr, a leak card's bonus when the leak cards are on (`leaks`)."""
    value = potential(committed + [card_option(cid)], rest, x3_slots, x2_slots) + ICON_WEIGHT * card_icons(cid)
    return value + (leak_bonus(cid) if seat == "abwehr" and leaks else 0)


def hand_category(hand) -> int:
    """The category (HandRank order, 0 = Highest Card) of the best hand a month could make
    from these cards in hand alone, the rest blanks: what a hand carried into a month is worth.
    The cards' steps are not checked: it is an estimate, made on the search's hot path (Hard
    asks it twice an iteration), so it is remembered per multiset of the cards' values, keyed
    by the sum of the cards' weights (_VALUE_WEIGHTS): one C-level sum, where sorting the
    values and hashing their tuple cost more than the rest."""
    weights = _VALUE_WEIGHTS or _value_weights_table()
    key = sum(map(weights.__getitem__, hand))
    category = _CATEGORIES.get(key)
    if category is None:
        if len(_CATEGORIES) > 100_000:
            _CATEGORIES.clear()  # a pure memo: forgetting changes nothing but time
        category = _CATEGORIES[key] = _values_category(tuple(sorted([card_option(c)[0] for c in hand])))
    return category


_VALUE_WEIGHTS: dict = {}  # card id -> 1 << (_VALUE_BITS * the index of its values among the cards')
_VALUE_BITS = 7  # a count per values field: the 86 cards never overflow it
_CATEGORIES: dict = {}  # the sum of a hand's weights (its multiset of values) -> hand_category


def _value_weights_table() -> dict:
    """Fills _VALUE_WEIGHTS from the card table: cards of the same values weigh the same."""
    index: dict = {}
    for cid in cards_by_id():
        values = card_option(cid)[0]
        i = index.setdefault(values, len(index))
        _VALUE_WEIGHTS[cid] = 1 << (_VALUE_BITS * i)
    return _VALUE_WEIGHTS


@functools.lru_cache(maxsize=None)
def _values_category(values: tuple) -> int:
    # Four cards and a blank make no straight, so one colour for all changes nothing.
    return best_key([(v, ("pink",)) for v in values if v]) >> 8


def bet_features(mine: list, hand: list[str], theirs: list) -> tuple:
    """What a bet after the first three cards (B8) is read from, for the bet model: category
    and top number of my three cards, of the best hand my cards in hand can still make with
    them in the two face-down slots, and of the opponent's three cards (options as best_key's)."""
    return features_of_keys(bet_keys(mine, hand, theirs))


def features_of_keys(keys: tuple) -> tuple:
    """bet_features from its three hand keys: each key's category and top number."""
    return tuple(x for key in keys for x in (key >> 8, ((key >> 4) & 15) / 16))


def bet_keys(mine: list, hand: list[str], theirs: list) -> tuple:
    """(best_key(mine), potential(mine, hand, 0, 2), best_key(theirs)): the keys bet_features
    reads. Hard's samples ask it for every modelled bet with a new hand on a few thousand
    tableaus, so each tableau's keys with one or two cards are remembered per card class
    (`_two_slot_table`); a tableau of more than three cards takes potential's way."""
    mine = tuple(mine)
    if len(mine) > 3:
        return best_key(mine), potential(list(mine), hand, 0, 2), best_key(theirs)
    table = _two_slot_table(mine)
    mine_key, rows, base, classes, pads, hands = table
    fit = classes[1]
    cards = tuple(sorted([fit[c] for c in hand if fit[c] is not None]))  # potential's pool, less what fits no slot
    best = hands.get(cards)
    if best is None:
        best = hands[cards] = _two_slot_best(table, cards)
    theirs = tuple(theirs)
    their_key = _two_slot_table(theirs)[0] if len(theirs) <= 3 else best_key(theirs)
    return mine_key, best, their_key


def _two_slot_best(table: tuple, cards: tuple) -> int:
    """potential(committed, cards, 0, 2) from the table of the committed options, for the
    sorted classes of cards that fit an x2 slot: the best key with one or two of them."""
    best, rows, base, classes, pads, _hands = table
    for i, a in enumerate(cards):
        row = rows.get(a) or _card_row(rows, base, classes, a, pads)
        keys = row[1]
        for b in cards[i + 1:] + (None,):
            key = keys.get(b)
            if key is None:
                key = keys[b] = _fold_one(row[0], classes, b)
            if key > best:
                best = key
    return best


def one_more_keys(committed: tuple, cid: str, rest: list[str]) -> tuple:
    """(potential(committed + [card_option(cid)], rest, 0, 1), best_key of those options) for
    three committed options: the best hand with `cid` and at most one card of `rest` in the
    last slot, and with `cid` alone. From the same table as bet_keys (`_two_slot_table`):
    Hard's samples lay an opponent's face-down cards this way, on a few thousand tableaus."""
    best, rows, base, classes, pads, _hands = _two_slot_table(committed)
    a = classes[0][cid]
    row = rows.get(a) or _card_row(rows, base, classes, a, pads)
    keys = row[1]
    alone = best = keys[None]
    fit = classes[1]
    for c in rest:
        b = fit[c]
        if b is not None:
            key = keys.get(b)
            if key is None:
                key = keys[b] = _fold_one(row[0], classes, b)
            if key > best:
                best = key
    return best, alone


def _card_row(rows: dict, base: tuple, classes: tuple, a: int, pads: int) -> tuple:
    """A table's row for one card class: (the committed options folded with the class's option
    and `pads` blanks, {other class or None for a blank: best_key of the five}), added to `rows`."""
    fold = fold_options([classes[2][a]] + [BLANK_OPTION] * pads, base)
    row = rows[a] = (fold, {None: _fold_one(fold, classes, None)})
    return row


def _fold_one(fold: tuple, classes: tuple, b) -> int:
    """best_key of the options folded into `fold` and one card of class `b` (None: a blank)."""
    return fold_key(fold_options([BLANK_OPTION if b is None else classes[2][b]], fold))


def _two_slot_table(committed: tuple) -> tuple:
    """(best_key(committed), {card class: its row (_card_row)}, the committed options folded,
    the card classes (_card_classes), blanks to pad the committed options and one card to
    four, {sorted classes of a hand: bet_keys' potential with them (_two_slot_best)}).

    The table belongs to the fold of the options (their value choices, the colours they
    share), not to the options: tableaus of other cards with the same values and shared
    colours share it (so a rollout's tableaus meet far fewer new pairs of cards)."""
    table = _TWO_SLOT_TABLES.get(committed)
    if table is None:
        if len(_TWO_SLOT_TABLES) > 20_000:
            _TWO_SLOT_TABLES.clear()  # pure memos: forgetting changes nothing but time
            _FOLD_TABLES.clear()
        base = fold_options(committed)
        codes, shared, all_blank = base
        fold_id = (tuple(sorted(codes)), None if shared is None else frozenset(shared), all_blank)
        table = _FOLD_TABLES.get(fold_id)
        if table is None:
            table = _FOLD_TABLES[fold_id] = (best_key(committed), {}, base, _card_classes(shared),
                                             3 - len(committed), {})
        _TWO_SLOT_TABLES[committed] = table
    return table


@functools.lru_cache(maxsize=None)
def _card_classes_of(shared) -> tuple:
    """({card id: its class}, {card id: its class, or None if it fits no x2 slot}, [class ->
    an option of it]) for committed options sharing the colours `shared` (None: no options).

    What a card adds to a fold is its value choices and which of those colours it has (the
    colours all five share are the shared ones it has), so cards alike in both are one class."""
    fits = _FITS_X2 or _fits_x2_table()
    ids: dict = {}
    options = []
    of_card = {}
    for cid in cards_by_id():
        values, colours = card_option(cid)
        seen = colours if shared is None else tuple(sorted(shared.intersection(colours)))
        cls = ids.get((values, seen))
        if cls is None:
            cls = ids[values, seen] = len(options)
            options.append((values, seen))
        of_card[cid] = cls
    return of_card, {c: (k if fits[c] else None) for c, k in of_card.items()}, options


def _card_classes(shared) -> tuple:
    return _card_classes_of(None if shared is None else frozenset(shared))


def _fits_x2_table() -> dict:
    """Fills _FITS_X2: can each card add to a hand in an x2 slot (not blank, not x3-only)?"""
    _FITS_X2.update((cid, card_option(cid) != BLANK_OPTION and _only_step(cid) != 3) for cid in cards_by_id())
    return _FITS_X2


_TWO_SLOT_TABLES: dict = {}  # committed options (a tuple of at most three) -> its fold's _two_slot_table
_FOLD_TABLES: dict = {}  # a fold of committed options (codes sorted, shared colours, all blank) -> its table
_FITS_X2: dict = {}  # card id -> fits an x2 slot (_fits_x2_table)


def _only_step(cid: str) -> int:
    """3 for a card playable only in x3, 2 for one only in x2, else 0."""
    only = _ONLY_STEP.get(cid)
    if only is None:
        only = _ONLY_STEP[cid] = {("x3",): 3, ("x2",): 2}.get(card_steps(cid), 0)
    return only


def _fits_steps(combo, x3_slots: int, x2_slots: int) -> bool:
    """Can the cards of `combo` be spread over the free slots of the two steps?"""
    need3 = need2 = 0
    for c in combo:
        only = _only_step(c)
        if only == 3:
            need3 += 1
        elif only == 2:
            need2 += 1
    either = len(combo) - need3 - need2
    if need3 > x3_slots or need2 > x2_slots:
        return False
    return either <= (x3_slots - need3) + (x2_slots - need2)


_ONLY_STEP: dict = {}  # card id -> 3 for an x3-only card, 2 for x2-only, 0 for either


def free_slots(step: str, tableau_len: int) -> tuple[int, int]:
    """Slots still to fill (x3, x2) in the current month for a tableau of this length."""
    if step == "play3":
        return max(0, 3 - tableau_len), 2
    if step in ("assess", "play2"):
        return 0, max(0, 5 - tableau_len)
    return 0, 0


# ----- intelligence tokens -------------------------------------------------------------
def revealed_counts(tokens: dict) -> dict[str, tuple[int, int]]:
    """(greens, reds) face-up per sector from a view's `tokens`."""
    return {s: (faces.count("green"), faces.count("red")) for s, faces in tokens.items()}


def sector_counts(tokens: dict) -> tuple:
    """revealed_counts in sector order, (0, 0) for a sector the view has no tokens for yet:
    the key of the memoised plan and flip functions below."""
    counts = revealed_counts(tokens)
    return tuple(counts.get(s, (0, 0)) for s in SECTORS)


def sector_interest(tokens: dict) -> dict[str, float]:
    """How much turning one more token in each sector is expected to teach the Abwehr.

    The value is the expected number of (primary, secondary) assignments the flip rules
    out (B11: the Abwehr wins when one is left), treating the consistent assignments as
    equally likely. Only sectors with face-down tokens appear."""
    return dict(interest_of_counts(sector_counts(tokens)))


@functools.lru_cache(maxsize=200_000)
def consistent(counts: tuple) -> tuple:
    """The (primary, secondary) pairs the revealed counts allow (as consistent_assignments
    of B11, which the tests compare it with), for counts in sector order; memoised because
    search asks it thousands of times per decision. A sector's counts matter only through
    the roles they allow (the engine's role codes, flow.ROLE_CODE), so the pairs are the
    ones the engine's proof check finds for those codes (flow.pairs_allowed)."""
    return _consistent_by_codes(tuple([ROLE_CODE[c] for c in counts]))


@functools.lru_cache(maxsize=None)
def _consistent_by_codes(codes: tuple) -> tuple:
    return tuple([(SECTORS[p], SECTORS[q]) for p, q in pairs_allowed(codes)])


@functools.lru_cache(maxsize=200_000)
def plan_weights(counts: tuple) -> tuple:
    """((primary, secondary), weight) for each consistent pair: how many arrangements of the
    face-down tokens fit it. For a layout laid out at random (B13) the weights are the
    Abwehr's posterior, up to their sum."""
    found = consistent(counts)
    if not found:
        return ()
    ways = [_WAYS[c] for c in counts]
    out = []
    for pair in found:
        p, q, (a, b, c) = _PAIR_SECTORS[pair]
        # integers: the product is the same in any order
        out.append((pair, ways[p][0] * ways[q][1] * ways[a][2] * ways[b][2] * ways[c][2]))
    return tuple(out)


@functools.lru_cache(maxsize=200_000)
def plan_uncertainty(counts: tuple) -> float:
    """Entropy (nats) of the Abwehr's posterior over (primary, secondary) given the revealed
    counts (plan_weights). 0.0 once the plan is proved; log(20) before any flip."""
    weights = [w for _, w in plan_weights(counts)]
    total = sum(weights)
    if not total:
        return 0.0
    return -sum(w / total * math.log(w / total) for w in weights if w)


@functools.lru_cache(maxsize=200_000)
def green_odds(counts: tuple) -> dict:
    """The chance the next token turned in each sector is green (sector index -> chance),
    from the posterior plan_uncertainty uses: each consistent pair weighted by its
    arrangements. Sectors with nothing left to turn are absent."""
    weighted = [(_PAIR_GREENS[pair], w) for pair, w in plan_weights(counts)]
    total = sum(w for _, w in weighted) or 1
    out = {}
    for i, (g, r) in enumerate(counts):
        hidden = 5 - g - r
        if hidden:  # the same terms in the same order as ROLE_GREENS[_role(sector, p, q)]'s
            out[i] = sum(w * (greens[i] - g) / hidden for greens, w in weighted) / total
    return out


def turned(counts: tuple, i: int, green: bool) -> tuple:
    """`counts` after one more token of sector index `i` is turned, green or red."""
    g, r = counts[i]
    return counts[:i] + (((g + 1, r),) if green else ((g, r + 1),)) + counts[i + 1 :]


@functools.lru_cache(maxsize=200_000)
def flip_gains(counts: tuple) -> dict:
    """Expected drop of plan_uncertainty from turning one face-down token, per sector.

    The chance the token is green comes from the same posterior (green_odds). Sectors with
    nothing left to turn are absent."""
    before = plan_uncertainty(counts)
    out = {}
    for i, p_green in green_odds(counts).items():
        after = 0.0
        if p_green > 0:
            after += p_green * plan_uncertainty(turned(counts, i, True))
        if p_green < 1:
            after += (1 - p_green) * plan_uncertainty(turned(counts, i, False))
        out[SECTORS[i]] = before - after
    return out


@functools.lru_cache(maxsize=200_000)
def best_proof_chance(counts: tuple, tokens: tuple) -> float:
    """The Abwehr's own chance (green_odds' posterior) that flipping `tokens` in the order
    given proves the plan (B11), each wild token turned where this chance is largest."""
    if proved(counts):
        return 1.0
    if not tokens:
        return 0.0
    token, rest = tokens[0], tokens[1:]
    odds = green_odds(counts)
    if token not in WILD_TOKENS:
        i = SECTORS.index(token)
        return _turn_chance(counts, i, odds[i], rest) if i in odds else best_proof_chance(counts, rest)
    return max((_turn_chance(counts, i, p, rest) for i, p in odds.items()), default=0.0)


def last_flip_chances(counts: tuple, rest: tuple) -> dict:
    """Per sector (name), the chance the plan is proved by turning a wild token there now
    and then `rest` as best_proof_chance does: what a flip in the last month is worth."""
    return {SECTORS[i]: _turn_chance(counts, i, p, rest) for i, p in green_odds(counts).items()}


def _turn_chance(counts: tuple, i: int, p_green: float, rest: tuple) -> float:
    out = 0.0
    if p_green > 0:
        out += p_green * best_proof_chance(turned(counts, i, True), rest)
    if p_green < 1:
        out += (1 - p_green) * best_proof_chance(turned(counts, i, False), rest)
    return out


def tokens_value(counts: tuple, tokens) -> float:
    """What evidence tokens are worth to the Abwehr before they are used: the expected
    uncertainty they remove (a black token goes where it removes the most)."""
    gains = flip_gains(counts)
    best = max(gains.values(), default=0.0)
    return sum(best if t in WILD_TOKENS else gains.get(t, 0.0) for t in tokens)


@functools.lru_cache(maxsize=200_000)
def proof_chance(counts: tuple, greens: tuple, tokens: tuple) -> float:
    """The chance that flipping `tokens` proves the plan (B11), on a layout with `greens`
    green tokens per sector (sector order) of which `counts` are turned. The tokens are
    used as the Abwehr's flip rule uses them (players.evidence_choice): in the order given,
    which puts colour tokens first, a wild token where flip_gains is largest (ties even).
    Which face-down token of a sector turns is a fair draw: they look alike to the Abwehr."""
    if proved(counts):
        return 1.0
    if not tokens:
        return 0.0
    token, rest = tokens[0], tokens[1:]
    if token not in WILD_TOKENS:
        return _flip_chance(counts, greens, SECTORS.index(token), rest)
    picks = _wild_flip_sectors(counts)
    if not picks:
        return 0.0
    return sum(_flip_chance(counts, greens, i, rest) for i in picks) / len(picks)


@functools.lru_cache(maxsize=200_000)
def _wild_flip_sectors(counts: tuple) -> tuple:
    """The sector indices where the flip rule may turn a wild token (flip_gains within 1e-12
    of the largest, in flip_gains' order): proof_chance's, for every plan and tokens."""
    gains = flip_gains(counts)
    if not gains:
        return ()
    best = max(gains.values())
    return tuple([SECTORS.index(s) for s, v in gains.items() if v >= best - 1e-12])


def _flip_chance(counts: tuple, greens: tuple, i: int, rest: tuple) -> float:
    g, r = counts[i]
    hidden = 5 - g - r
    if not hidden:
        return proof_chance(counts, greens, rest)
    p_green = (greens[i] - g) / hidden
    out = 0.0
    if p_green > 0:  # turned(counts, i, True), written out
        out += p_green * proof_chance(counts[:i] + ((g + 1, r),) + counts[i + 1:], greens, rest)
    if p_green < 1:
        out += (1 - p_green) * proof_chance(counts[:i] + ((g, r + 1),) + counts[i + 1:], greens, rest)
    return out


def proved(counts: tuple) -> bool:
    """B11: exactly one assignment of the offensives is left."""
    return len(consistent(counts)) == 1


@functools.lru_cache(maxsize=100_000)
def interest_of_counts(counts: tuple) -> tuple:
    found = consistent(counts)
    out = []
    for sector, (g, r) in zip(SECTORS, counts):
        hidden = 5 - g - r
        if not hidden:
            continue
        if not found:
            out.append((sector, 0.0))
            continue
        p_green = 0.0
        if_green = if_red = 0
        for p, q in found:
            greens = ROLE_GREENS[_role(sector, p, q)]
            p_green += (greens - g) / hidden
            if_green += greens > g
            if_red += (5 - greens) > r
        p_green /= len(found)
        expected_left = p_green * if_green + (1 - p_green) * if_red
        out.append((sector, len(found) - expected_left + 0.01 * hidden))
    return tuple(out)


def plan_greens(primary: str, secondary: str) -> tuple:
    """Green tokens per sector (sector order) in a layout with this plan."""
    return tuple(ROLE_GREENS[_role(s, primary, secondary)] for s in SECTORS)


def _role(sector: str, primary: str, secondary: str) -> str:
    if sector == primary:
        return "primary"
    if sector == secondary:
        return "secondary"
    return "diversion"


_PAIR_GREENS = {(p, q): plan_greens(p, q) for p in SECTORS for q in SECTORS if p != q}
_COMB = [[math.comb(n, k) for k in range(n + 1)] for n in range(6)]
_ROLE_GREEN_COUNTS = tuple(ROLE_GREENS[role] for role in ("primary", "secondary", "diversion"))
# a sector's (greens, reds) turned -> math.comb(5 - g - r, greens - g) for each role's greens
# (primary, secondary, diversion): its face-down tokens' arrangements under that role (0 where
# the role does not fit, never read: a consistent pair gives each sector a role that fits)
_WAYS = {(g, r): tuple(_COMB[5 - g - r][k - g] if g <= k and r <= 5 - k else 0 for k in _ROLE_GREEN_COUNTS)
         for g in range(6) for r in range(6 - g)}  # a sector has five tokens: g + r <= 5
# (primary, secondary) -> their sector indices and the three diversions'
_PAIR_SECTORS = {(SECTORS[p], SECTORS[q]): (p, q, tuple(i for i in range(5) if i not in (p, q)))
                 for p in range(5) for q in range(5) if p != q}
