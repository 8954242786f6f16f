"""The Evidence Results steps of a MonthSim (sim.py): flow.py's queue items up to where the
search stops (the Abwehr about to flip, or the month over), without the log."""

from __future__ import annotations

from typing import TYPE_CHECKING

from barclay_desktop.rules.barclay.flow import (
    CARDS,
    EFFECTIVE_OF_PLAYED,
    FACE_UP,
    FIX_COUNT,
    PLAYED,
    REPLACE_CARDS,
    card_sets,
    effective,
    recon_raid,
    replace_options,
    tableau_icons,
)
from barclay_desktop.rules.barclay.hands import BLANK, rank_hand
from barclay_desktop.rules.barclay.state import ABWEHR, LCS, LEAK, MONTHS, Pending, Slot

from .knowledge import best_key, row_options

if TYPE_CHECKING:
    from .sim import MonthSim

FIX_PENDING = {(seat, i): Pending("fix", seat, slot=i) for seat in (ABWEHR, LCS) for i in range(5)}


_SLOTS: dict = {}
_PENDINGS: dict = {}


def pending_of(kind: str, seat: str, cards: tuple = (), slot: int = -1, box: str = "") -> Pending:
    """Pending(kind, seat, cards, slot, box), one shared object per distinct value (Pendings are
    frozen): attrs builds a frozen object field by field, and a search meets the same
    decisions (an evidence box to pick from, a pair of cards to keep one of) again and again."""
    key = (kind, seat, cards, slot, box)
    pending = _PENDINGS.get(key)
    if pending is None:
        if len(_PENDINGS) > 50_000:
            _PENDINGS.clear()  # a pure cache: forgetting changes nothing but time
        pending = _PENDINGS[key] = Pending(kind, seat, cards, slot, box)
    return pending


def slot_of(*fields) -> Slot:
    """Slot(*fields), one shared object per distinct value (Slots are frozen): a fixed card is
    built thousands of times a search, and attrs builds a frozen object field by field."""
    slot = _SLOTS.get(fields)
    if slot is None:
        if len(_SLOTS) > 50_000:
            _SLOTS.clear()  # a pure cache: forgetting changes nothing but time
        slot = _SLOTS[fields] = Slot(*fields)
    return slot


# ----- Evidence Results (flow.py's queue items) -------------------------------------------
def _q_reveal(sim: MonthSim) -> bool:
    for seat in (ABWEHR, LCS):
        row = sim.tableau[seat]
        for i, slot in enumerate(row):
            if not slot.face_up:
                row[i] = (FACE_UP[slot.card] if slot is PLAYED.get((slot.card, False)) else
                          slot_of(slot.card, True, slot.blank, slot.replacement, slot.value, slot.colour))
    return True


def _q_replace(sim: MonthSim, seat: str, i: int) -> bool:
    options = replace_options(sim, seat, i)
    if not options:
        return True
    sim.pending.append(pending_of("replace", seat, tuple(dict.fromkeys(options)), i))
    return False


def rollout_queue(tableau: dict) -> list:
    """The results queue of a rollout (MonthSim.rolling): no reveal and no fixes, since the
    rollout policy's fixes (the best hand, drawing nothing) give each hand its best fixing,
    which `_q_alpha` ranks directly; a replace item only where a card can replace."""
    replacers = _replace_cards()
    items = []
    for seat in (ABWEHR, LCS):  # written out: a comprehension is a call
        i = 0
        for sl in tableau[seat]:
            if sl.card in replacers and not sl.blank and not sl.replacement:
                items.append(["replace", seat, i])
            i += 1
    items.append(["rollout_end"])
    return items


# The results' items, one shared list each: the sim only reads them and takes them off
REPLACE_ITEM = {(seat, i): ["replace", seat, i] for seat in (ABWEHR, LCS) for i in range(5)}
FIX_ITEM = {(seat, i): ["fix", seat, i] for seat in (ABWEHR, LCS) for i in range(5)}
REVEAL_ITEM = ["reveal"]
LAST_ITEMS = (["alpha"], ["beta"], ["recon"], ["leak"], ["flips"], ["end_month"])


def results_items(tableau: dict) -> list:
    """[["reveal"]] + busy_items(results_queue(tableau), tableau), written out: each seat's
    replace items then its fix items, only where they have something to do."""
    replacers = _replace_cards()
    out = [REVEAL_ITEM]
    for seat in (ABWEHR, LCS):
        fixes = None
        for i, slot in enumerate(tableau[seat]):
            if slot.blank or slot.card is None:
                continue
            if not slot.replacement and slot.card in replacers:
                out.append(REPLACE_ITEM[seat, i])
            elif FIX_COUNT[slot.replacement or slot.card] <= 1:
                continue
            if fixes is None:
                fixes = [FIX_ITEM[seat, i]]
            else:
                fixes.append(FIX_ITEM[seat, i])
        if fixes is not None:
            out += fixes
    out += LAST_ITEMS
    return out


def busy_items(items: list, tableau: dict, keep_first: bool = False) -> list:
    """The results queue `items` without the fix and replace items that have nothing to do
    (flow.drop_idle_fixes's test; a fix stays where a replacement may change its card): the
    handlers would pass them by, and the engine drops them once they come first. With
    `keep_first` the first item stays whatever it is (it may be waiting for a decision)."""
    out = []
    replacing = set()
    for n, item in enumerate(items):
        kind = item[0]
        if n == 0 and keep_first:
            if kind == "replace":
                replacing.add((item[1], item[2]))
        elif kind == "replace" or kind == "fix":
            slot = tableau[item[1]][item[2]]
            if slot.blank or slot.card is None:
                continue
            if kind == "replace":
                if slot.replacement or CARDS[slot.card].effect != "replace":
                    continue
                replacing.add((item[1], item[2]))
            elif FIX_COUNT[slot.replacement or slot.card] <= 1 and (item[1], item[2]) not in replacing:
                continue
        out.append(item)
    return out


def strip_fixes(queue: list) -> list:
    """A queue built before a rollout began, with its fix items taken off (rollout_queue);
    the first item stays: it may be the one waiting for a decision."""
    return queue[:1] + [item for item in queue[1:] if item[0] != "fix"]


def _q_rollout_end(sim: MonthSim) -> bool:
    """A rollout's results from Alpha to the month's end (_q_alpha ... _q_end_month) in one
    item; a tie's pick puts the items after it back on the queue, behind this one (which
    the pick takes off)."""
    if not _q_alpha(sim):
        sim.queue[1:1] = LAST_ITEMS[1:]
        return False
    if not _q_beta(sim):
        sim.queue[1:1] = LAST_ITEMS[2:]
        return False
    _q_recon(sim)
    _q_leak(sim)
    return _q_flips(sim) and _q_end_month(sim)


def _replace_cards() -> set:
    """flow.REPLACE_CARDS, the ids of the replacing cards (B6), once the card table is read."""
    if not REPLACE_CARDS:
        card_sets()  # fills CARDS and REPLACE_CARDS
    return REPLACE_CARDS


# What the results read of a card, filled on first use: "leaks", id -> the leak tokens it
# adds (B14)
_TABLES: dict = {}


def _fill_tables() -> dict:
    card_sets()  # fills CARDS
    _TABLES["leaks"] = {cid: c.params["n"] for cid, c in CARDS.items() if c.effect == "leak"}
    return _TABLES


def _q_fix(sim: MonthSim, seat: str, i: int) -> bool:
    if sim.rolling:  # a rollout's hands are ranked fixed at best
        return True
    slot = sim.tableau[seat][i]
    if slot.blank or slot.card is None or FIX_COUNT[slot.replacement or slot.card] <= 1:
        return True  # len(fix_options(sim, seat, i)) <= 1, as flow._q_fix tells without making them
    sim.pending.append(FIX_PENDING[seat, i])
    return False


def _q_alpha(sim: MonthSim) -> bool:
    if sim.rolling:  # each fix the best hand's (rollout_queue): the hands' best fixings
        ra, rl = hand_key(sim, ABWEHR), hand_key(sim, LCS)
    else:
        ra, rl = fixed_key(sim.tableau[ABWEHR]), fixed_key(sim.tableau[LCS])
    if ra == rl:
        sim.pending.append(pending_of("take_evidence", ABWEHR, tuple(sim.boxes["alpha"]), -1, "alpha"))
        return False
    sim.best = ABWEHR if ra > rl else LCS
    _award(sim, "alpha", sim.best == ABWEHR)
    return True


def fixed_key(row: list) -> int:
    """flow.hand_rank(state, seat).key of a fixed tableau `row`, its comprehension written out."""
    known = EFFECTIVE_OF_PLAYED
    cards = []
    for slot in row:
        cards.append(known.get(id(slot)) or effective(slot))
    while len(cards) < 5:
        cards.append(BLANK)
    return rank_hand(cards).key


def hand_key(sim: MonthSim, seat: str) -> int:
    """best_key of a seat's tableau: at Alpha in a rollout, the HandRank key of its best
    fixing (fixing slot by slot, each time the choice with the best hand still reachable,
    sim_rollout.best_fix, ends in that hand).

    When the rollout's card values of the tableau before its last card are at hand
    (MonthSim.rows: the row before and the card played), it is that row's hand key of the
    card: the rollout mostly worked it out choosing the card."""
    row = sim.tableau[seat]
    played = sim.rows.get(seat)
    if type(played) is tuple and type(played[0]) is not tuple and len(played[0].mine) == len(row) - 1:
        return played[0].hand_key(played[1])
    ids = tuple(map(id, row))
    known = _HAND_KEYS.get(ids)
    if known is None:
        if len(_HAND_KEYS) > 50_000:
            _HAND_KEYS.clear()  # a pure memo: forgetting changes nothing but time
        known = _HAND_KEYS[ids] = (tuple(row), best_key(row_options(row)))
    return known[1]


# The id()s of a tableau's Slots -> (those Slots, best_key of their options). The entry holds
# the Slots, so while it lives no other object can take one of their ids; Slots are frozen.
# Most tableaus a rollout ranks without the card values at hand are the shared played Slots.
_HAND_KEYS: dict = {}


def _q_beta(sim: MonthSim) -> bool:
    best = sim.best
    sim.bet_shown = {ABWEHR: True, LCS: True}
    abwehr_right = best is not None and sim.bets[ABWEHR] == best
    lcs_right = best is not None and sim.bets[LCS] == best
    if abwehr_right and lcs_right:
        sim.pending.append(pending_of("take_evidence", ABWEHR, tuple(sim.boxes["beta"]), -1, "beta"))
        return False
    _award(sim, "beta", abwehr_right)
    return True


def _q_recon(sim: MonthSim) -> bool:
    """flow.recon_raid_score of both seats, each tableau's icons summed once."""
    a_recon, a_raid, a_cancel_recon, a_cancel_raid = tableau_icons(sim, ABWEHR)
    l_recon, l_raid, l_cancel_recon, l_cancel_raid = tableau_icons(sim, LCS)
    abwehr = recon_raid(a_recon, a_raid, l_cancel_recon, l_cancel_raid)
    _award(sim, "recon", abwehr >= recon_raid(l_recon, l_raid, a_cancel_recon, a_cancel_raid))
    return True


def _award(sim: MonthSim, box: str, to_abwehr: bool) -> None:
    tokens = sim.boxes[box]
    sim.boxes[box] = []
    if to_abwehr:
        sim.won.extend(tokens)


def _q_leak(sim: MonthSim) -> bool:
    if sim.leaks:
        leaks = (_TABLES or _fill_tables())["leaks"]
        n = 0
        for slot in sim.tableau[ABWEHR]:  # written out: a comprehension is a call
            if not slot.blank:
                n += leaks.get(slot.card, 0)
        if n:
            sim.won.extend([LEAK] * n)
    return True


def _q_flips(sim: MonthSim) -> bool:
    no_target = sim.no_target
    if no_target:
        sim.won = [t for t in sim.won if t not in no_target]
    if not sim.won:
        return True
    sim.over = True  # the Abwehr is about to flip: the search stops here
    return False


def _q_end_month(sim: MonthSim) -> bool:
    sim.over = sim.ended = True
    sim.lcs_won = sim.month >= MONTHS
    sim.won = []
    return True


QUEUE_HANDLERS = {
    "reveal": _q_reveal,
    "replace": _q_replace,
    "fix": _q_fix,
    "alpha": _q_alpha,
    "beta": _q_beta,
    "recon": _q_recon,
    "leak": _q_leak,
    "flips": _q_flips,
    "end_month": _q_end_month,
    "rollout_end": _q_rollout_end,
}
