"""The month machine of Operation Barclay: what happens between players' decisions.

`advance(g)` runs everything automatic until the rules wait for a decision,
which is either a play step's next card or the first item of `state.pending`.
Evidence Results (B9) run as a queue of items so each decision can interrupt.
"""

from __future__ import annotations

import functools
from itertools import compress

from ..core import GameResult
from ..core.message import msg, nmsg
from .cards import cards_by_id
from .deduction import deduce_offensives
from .hands import rank_hand
from .state import (
    ABWEHR,
    EVIDENCE_TOKENS,
    LCS,
    LEAK,
    MONTHS,
    SECTORS,
    WILD_TOKENS,
    Pending,
    new_pending,
    Slot,
    leak_cards_on,
    other,
)
from .words import BOX_WORDS, card_name, card_names, colours, sector, side, token_colour, whose

STEP_ICON = {"play3": "x3", "play2": "x2"}
# B11: naming the primary takes 4 greens (or 2 reds in each other sector) and the
# secondary 3 more greens (or 3 reds in each diversion): no proof is possible with fewer.
MIN_TOKENS_FOR_PROOF = 7
STEP_TARGET = {"play3": 3, "play2": 5}


# ----- small queries -----------------------------------------------------------
class _CardTable(dict):
    """id -> Card, filled from cards_by_id() on the first look-up (then one dict access a
    card: the engine asks hundreds of times a game)."""

    def __missing__(self, cid):
        if self:
            raise KeyError(cid)
        _load_tables()
        return self[cid]


CARDS = _CardTable()
X3: set = set()  # ids of the cards with the x3 icon (First Three Cards), filled with CARDS
X2: set = set()  # ids of the cards with the x2 icon (Final Two Cards)
REPLACE_CARDS: set = set()  # ids of the cards whose effect is "replace" (B6), filled with CARDS
ULTRA_CARDS: set = set()  # ids of the Ultra cards: `isdisjoint` with a hand asks in C whether it holds one
FIX_COUNT: dict = {}  # id -> how many (value, colour) choices the card offers (fix_options)
PLAYED: dict = {}  # (id, face up) -> the Slot of that card just played (Slots are frozen: shared)
EFFECTIVE: dict = {}  # id -> effective() of its PLAYED slots
# id() of each PLAYED slot -> its effective(): the PLAYED slots live as long as the program,
# so no other object ever has one of these ids while they are listed
EFFECTIVE_OF_PLAYED: dict = {}
ICONS: dict = {}  # id -> (recon, raid, cancel_recon, cancel_raid)
FACE_UP: dict = {}  # id -> PLAYED[id, True]
FACE_DOWN: dict = {}  # id -> PLAYED[id, False]: a card play finds its slot without a (card, face) key
STEP_CARDS = {"play3": X3, "play2": X2}


def drop_idle_fixes(queue: list, tableau) -> None:
    """Take the results queue's leading fix and replace items that have nothing to do (a blank or empty
    slot, a card with one fix choice, no replacement to make) off the queue without their handlers.
    Shared with the search's compact month (ai/barclay/sim.py), which must step exactly as the engine."""
    done = 0
    for item in queue:
        kind = item[0]
        if kind == "fix":
            slot = tableau[item[1]][item[2]]
            if not (slot.blank or slot.card is None or FIX_COUNT[slot.replacement or slot.card] <= 1):
                break
        elif kind == "replace":  # a replace card's id is in REPLACE_CARDS: a set, not the card table
            slot = tableau[item[1]][item[2]]
            if not (slot.blank or slot.card is None or slot.replacement or slot.card not in REPLACE_CARDS):
                break
        else:
            break
        done += 1
    if done:
        del queue[:done]


def _load_tables() -> None:
    cards = cards_by_id()
    dict.update(CARDS, cards)
    X3.update(c.id for c in cards.values() if "x3" in c.steps)
    X2.update(c.id for c in cards.values() if "x2" in c.steps)
    ULTRA_CARDS.update(c.id for c in cards.values() if c.effect == "ultra")
    REPLACE_CARDS.update(c.id for c in cards.values() if c.effect == "replace")
    FIX_COUNT.update((c.id, len(c.values) * len(c.colours)) for c in cards.values())
    for cid in cards:
        for face_up in (False, True):
            PLAYED[cid, face_up] = Slot(cid, face_up)
        FACE_UP[cid] = PLAYED[cid, True]
        FACE_DOWN[cid] = PLAYED[cid, False]
        EFFECTIVE[cid] = effective(PLAYED[cid, True])
        for face_up in (False, True):
            EFFECTIVE_OF_PLAYED[id(PLAYED[cid, face_up])] = EFFECTIVE[cid]
        c = cards[cid]
        ICONS[cid] = (c.recon, c.raid, c.cancel_recon, c.cancel_raid)
    PACKED_ICONS.update(_pack_icons(cards))


def card(cid: str):
    return CARDS[cid]


def card_sets() -> tuple[set, set]:
    """(X3, X2): the ids of the cards playable in each play step."""
    if not X3:
        _load_tables()
    return X3, X2


def seat_label(seat: str) -> str:
    """The side that acts, as a word the client translates (words.side)."""
    return side(seat)


def draw_sources(state, seat: str) -> list[str]:
    """B5: the sources a seat may draw from now (an empty one cannot be chosen)."""
    out = []
    if state.decks["channels"]:
        out.append("channels")
    if state.decks["dc"]:
        out.append("dc")
    if state.decks[seat]:
        out.append("own")
    return out


def playable(state, seat: str) -> list[str]:
    if not X3:
        _load_tables()
    ok = STEP_CARDS[state.step]
    return [c for c in state.hands[seat] if c in ok]


def to_play(state) -> str | None:
    """In a play step, whose card comes next (Abwehr first, then alternating, B4)."""
    target = STEP_TARGET[state.step]
    na, nl = len(state.tableau[ABWEHR]), len(state.tableau[LCS])
    if na >= target and nl >= target:
        return None
    return ABWEHR if na <= nl else LCS


def effective(slot: Slot) -> tuple[int | None, str | None]:
    """The (value, colour) a tableau slot counts with in hand comparison."""
    if slot.blank or slot.card is None:
        return (None, None)
    c = card(slot.replacement or slot.card)
    value = slot.value if slot.value is not None else (c.values[0] if c.values else None)
    colour = slot.colour if slot.colour is not None else (c.colours[0] if c.colours else None)
    return (value, colour)


def hand_rank(state, seat: str):
    known = EFFECTIVE_OF_PLAYED
    row = state.tableau[seat]
    if len(row) == 5:  # a full row (nearly always): the five cards as one tuple, no comprehension
        a, b, c, d, e = row
        return rank_hand((known.get(id(a)) or effective(a), known.get(id(b)) or effective(b),
                          known.get(id(c)) or effective(c), known.get(id(d)) or effective(d),
                          known.get(id(e)) or effective(e)))
    cards = [known.get(id(s)) or effective(s) for s in row]
    cards += [(None, None)] * (5 - len(cards))
    return rank_hand(cards)


def icon_cards(state, seat: str) -> list:
    """Cards whose icons count: every tableau card, replaced or replacing (B6), and Ultra (B3)."""
    out = []
    for s in state.tableau[seat]:
        if s.blank or s.card is None:
            continue
        out.append(card(s.card))
        if s.replacement:
            out.append(card(s.replacement))
    if seat == LCS and state.ultra:
        out.append(card(state.ultra))
    return out


def verdict(right: bool):
    return msg("right") if right else msg("wrong")


def recon_raid(recon: int, raid: int, recon_cancelled: bool, raid_cancelled: bool) -> int:
    """B9: a tableau's Recon/Raid score is max(recon, raid) after the opponent's cancel icons."""
    return max(0 if recon_cancelled else recon, 0 if raid_cancelled else raid)


def recon_raid_score(state, seat: str) -> int:
    mine, theirs = tableau_icons(state, seat), tableau_icons(state, other(seat))
    return recon_raid(mine[0], mine[1], theirs[2], theirs[3])


def tableau_icons(state, seat: str) -> tuple:
    """(recon, raid, any cancel-recon, any cancel-raid) of the cards whose icons count for
    `seat` (B6, B3): Recon/Raid reads each tableau's once for both scores. The four add up
    as one packed number per card (PACKED_ICONS): one sum instead of four, and no list of ids."""
    if not ICONS:
        _load_tables()
    packed = PACKED_ICONS
    if not packed:  # a card with more icons than the packing holds
        return _tableau_icons_card_by_card(state, seat)
    total = 0
    for s in state.tableau[seat]:
        if s.blank or s.card is None:
            continue
        total += packed[s.card]
        if s.replacement:
            total += packed[s.replacement]
    if seat == LCS and state.ultra:
        total += packed[state.ultra]
    return total & _ICON_MASK, total >> _ICON_BITS & _ICON_MASK, total >> 2 * _ICON_BITS & _ICON_MASK > 0, \
        total >> 3 * _ICON_BITS > 0


# A card's four icons in one int, _ICON_BITS each: recon, raid, cancel-recon, cancel-raid (0 or
# 1), so a tableau's sums are one addition a card. Seven bits keep it a one-digit Python int (28
# bits, the quick additions) and hold the sums of the at most 11 cards whose icons count (five
# slots with a replacement each, and Ultra) as long as no card has more than 11 of an icon: the
# cards have 0-2; with more, tableau_icons adds them card by card.
_ICON_BITS = 7
_ICON_MASK = (1 << _ICON_BITS) - 1
_MOST_ICONS_PACKED = 11
PACKED_ICONS: dict = {}  # id -> its icons packed, filled with CARDS (empty if a card has too many)


def _pack_icons(cards: dict) -> dict:
    if any(c.recon > _MOST_ICONS_PACKED or c.raid > _MOST_ICONS_PACKED for c in cards.values()):
        return {}
    return {cid: c.recon | c.raid << _ICON_BITS | int(bool(c.cancel_recon)) << 2 * _ICON_BITS
            | int(bool(c.cancel_raid)) << 3 * _ICON_BITS for cid, c in cards.items()}


def _tableau_icons_card_by_card(state, seat: str) -> tuple:
    recon = raid = 0
    cancel_recon = cancel_raid = False
    for cid in _icon_ids(state, seat):
        icons = ICONS[cid]
        recon += icons[0]
        raid += icons[1]
        cancel_recon = cancel_recon or icons[2]
        cancel_raid = cancel_raid or icons[3]
    return recon, raid, cancel_recon, cancel_raid


def _icon_ids(state, seat: str) -> list:
    """The ids of icon_cards(state, seat)."""
    out = []
    for s in state.tableau[seat]:
        if s.blank or s.card is None:
            continue
        out.append(s.card)
        if s.replacement:
            out.append(s.replacement)
    if seat == LCS and state.ultra:
        out.append(state.ultra)
    return out


def revealed_counts(state) -> dict[str, tuple[int, int]]:
    out = {}
    layout, revealed = state.layout, state.revealed
    for sector in SECTORS:
        g = r = 0
        for face, shown in zip(layout[sector], revealed[sector]):
            if shown:
                if face == "green":
                    g += 1
                else:
                    r += 1
        out[sector] = (g, r)
    return out


def flip_targets(state, token: str) -> list[tuple[str, int]]:
    sectors = SECTORS if token in WILD_TOKENS else (token,)
    return [(s, i) for s in sectors for i, shown in enumerate(state.revealed[s]) if not shown]


# ----- starting months -------------------------------------------------------------
def start_month(g) -> None:
    """Preparation (rulebook step 1): evidence tokens drawn from the bag onto the boxes."""
    s = g.state
    tokens = list(EVIDENCE_TOKENS)
    s.rng.shuffle(tokens)
    s.boxes = {"alpha": tokens[:2], "beta": tokens[2:5], "recon": tokens[5:]}
    s.won, s.spent = [], []
    s.step = "play3"
    s.bets = {ABWEHR: None, LCS: None}
    s.bet_shown = {ABWEHR: False, LCS: False}
    if not g.quiet:
        g.emit_lazy(None, _month_event, s.month, tuple(tokens))


# ----- the automatic part ------------------------------------------------------------
def advance(g) -> None:
    s = g.state
    while s.result is None and not s.pending:
        step = s.step
        if step == "play3" or step == "play2":
            # the common case first: the player to act holds a card for this step (to_play, playable)
            tableau = s.tableau
            na, nl = len(tableau[ABWEHR]), len(tableau[LCS])
            target = 3 if step == "play3" else 5
            if na < target or nl < target:
                if not X3:
                    _load_tables()
                ok = STEP_CARDS[step]
                for c in s.hands[ABWEHR if na <= nl else LCS]:
                    if c in ok:
                        return
            if not _advance_play_step(g):
                return
        elif step == "assess":
            if s.bets[ABWEHR] is None or s.bets[LCS] is None:
                return
            s.step = "play2"
            if not g.quiet:
                g.emit_lazy(None, _step_event, FINAL_TWO_TEXT)
        elif step == "results":
            queue = s.queue
            if not queue:
                return
            kind = queue[0][0]
            if kind == "fix" or kind == "replace":
                # most slots have nothing to fix or replace: skip those items without a handler
                if not X3:
                    _load_tables()
                drop_idle_fixes(queue, s.tableau)
                if not queue:
                    return
            item = queue[0]
            # [kind] or [kind, seat, slot]: the arguments passed as such, not unpacked from a
            # slice (f(g, *args) is the interpreter's slow, general call)
            handler = _QUEUE_HANDLERS[item[0]]
            if not (handler(g) if len(item) == 1 else handler(g, item[1], item[2])):
                return
            queue.pop(0)
        else:
            return


FINAL_TWO_TEXT = msg("Final Two Cards: each player plays two x2 cards face-down.")
ASSESSMENT_TEXT = msg("Intelligence Assessment: each player bets face-down on whose hand will be best.")
RESULTS_TEXT = msg("Evidence Results.")


def _advance_play_step(g) -> bool:
    """True when the step moved on by itself; False when a player must decide."""
    s = g.state
    seat = to_play(s)
    if seat is None:
        if s.step == "play3":
            s.step = "assess"
            if not g.quiet:
                g.emit_lazy(None, _step_event, ASSESSMENT_TEXT)
        else:
            begin_results(g)
        return True
    if playable(s, seat):
        return False
    hand = s.hands[seat]
    if not hand:
        if draw_sources(s, seat):
            s.pending.append(new_pending("draw", seat))
            return False
        s.tableau[seat].append(Slot(None, s.step == "play3", blank=True))
        g.emit_lazy(None, _blank_event, seat)
        return True
    if draw_sources(s, seat):
        # B7: show the hand, discard one, draw, try again
        shown = tuple(hand)
        s.pending.append(new_pending("b7_discard", seat, cards=shown))
        g.emit_lazy(None, _b7_shows_event, seat, STEP_ICON[s.step], shown)
        g.reveal(msg("The {side} showed its hand.", side=side(seat)))
        return False
    return False  # B7: nothing to draw: any card is played as a blank (PlayBlank)


def results_queue(tableau: dict) -> list[list]:
    """Evidence Results after the reveal, in B9 order (the Abwehr resolves first)."""
    sizes = (len(tableau[ABWEHR]), len(tableau[LCS]))
    q = _QUEUES.get(sizes)
    if q is None:
        q = []
        for seat in (ABWEHR, LCS):
            q += [["replace", seat, i] for i in range(len(tableau[seat]))]
            q += [["fix", seat, i] for i in range(len(tableau[seat]))]
        q = _QUEUES[sizes] = q + [["alpha"], ["beta"], ["recon"], ["leak"], ["flips"], ["end_month"]]
    return q[:]  # its items are shared: the engine only reads them and takes them off the queue


_QUEUES: dict = {}


def begin_results(g) -> None:
    s = g.state
    s.step = "results"
    s.queue = [["reveal"]] + results_queue(s.tableau)
    s.month_report = {"month": s.month}
    if not g.quiet:
        g.emit_lazy(None, _step_event, RESULTS_TEXT)  # the same line as emit("step", ...), made when read


def _run_queue_item(g, item: list) -> bool:
    """Run one results item; False when it waits for a decision (it stays queued)."""
    kind = item[0]
    handler = _QUEUE_HANDLERS[kind]
    return handler(g, *item[1:])


def _q_reveal(g) -> bool:
    s = g.state
    shown = []
    for seat in (ABWEHR, LCS):
        row = s.tableau[seat]
        for i, slot in enumerate(row):
            if not slot.face_up:
                row[i] = (FACE_UP[slot.card] if slot is FACE_DOWN.get(slot.card) else  # PLAYED[card, False]
                          slot.__class__(slot.card, True, slot.blank, slot.replacement, slot.value, slot.colour))
                if slot.card:
                    shown.append(slot.card)
    if not g.quiet:
        g.emit_lazy(None, _reveal_event, tuple(shown))
    g.reveal(REVEALED_TEXT)
    return True


REVEALED_TEXT = msg("The face-down cards were revealed.")


def replace_options(s, seat: str, i: int) -> list[str]:
    slot = s.tableau[seat][i]
    if slot.blank or slot.card is None or slot.replacement:
        return []
    c = card(slot.card)
    if c.effect != "replace":
        return []
    pile = s.discards[seat] if c.params.get("source", "own_discard") == "own_discard" else s.discards[other(seat)]
    colour = c.params.get("colour")
    cards = CARDS  # the table itself: card() would be two calls a card of the pile
    return [cid for cid in pile if cards[cid].values and (colour is None or colour in cards[cid].colours)]


def _q_replace(g, seat: str, i: int) -> bool:
    s = g.state
    options = replace_options(s, seat, i)
    if not options:
        return True
    s.pending.append(new_pending("replace", seat, cards=tuple(dict.fromkeys(options)), slot=i))
    return False


def fix_options(s, seat: str, i: int) -> list[tuple[int, str]]:
    slot = s.tableau[seat][i]
    if slot.blank or slot.card is None:
        return []
    c = card(slot.replacement or slot.card)
    return [(v, col) for v in c.values for col in c.colours]


def _q_fix(g, seat: str, i: int) -> bool:
    s = g.state
    slot = s.tableau[seat][i]
    if slot.blank or slot.card is None or FIX_COUNT[slot.replacement or slot.card] <= 1:
        return True  # len(fix_options(s, seat, i)) <= 1, without making the options
    s.pending.append(FIX_PENDING[seat].get(i) or Pending("fix", seat, slot=i))
    return False


# seat -> slot -> its fix decision, frozen, so shared (keyed a value a level: a (seat, slot)
# key would be hashed item by item at every fix)
FIX_PENDING = {seat: {i: Pending("fix", seat, slot=i) for i in range(5)} for seat in (ABWEHR, LCS)}


def _q_alpha(g) -> bool:
    s = g.state
    ra, rl = hand_rank(s, ABWEHR), hand_rank(s, LCS)
    s.month_report["hands"] = {ABWEHR: ra.describe(), LCS: rl.describe()}
    # the hands as data too, so the client names them in any language, also after a load
    s.month_report["ranks"] = {ABWEHR: [ra.category, *ra.tiebreak], LCS: [rl.category, *rl.tiebreak]}
    if not g.quiet:
        g.emit_lazy(None, _hands_event, ra, rl)
    if ra == rl:
        s.month_report["best"] = None
        s.pending.append(new_pending("take_evidence", ABWEHR, cards=tuple(s.boxes["alpha"]), box="alpha"))
        g.emit_lazy(None, _alpha_tie_event)
        return False
    best = ABWEHR if ra > rl else LCS
    s.month_report["best"] = best
    _award(g, "alpha", best, tuple(s.boxes["alpha"]))
    return True


BETS_SHOWN_TEXT = msg("The assessment tokens were revealed.")


def _q_beta(g) -> bool:
    s = g.state
    best = s.month_report.get("best")
    if not all(s.bet_shown.values()):
        # B12: the assessment tokens were secret until now; the action that led here (a fix, a
        # tie's evidence choice) must not be undone to choose again knowing the other's bet.
        g.reveal(BETS_SHOWN_TEXT)
    s.bet_shown = {ABWEHR: True, LCS: True}
    bets = s.bets  # B9: a tie (best None) makes both wrong; the dict written out, not a comprehension
    right = {ABWEHR: best is not None and bets[ABWEHR] == best, LCS: best is not None and bets[LCS] == best}
    s.month_report["bets"] = dict(s.bets)
    s.month_report["bets_right"] = right
    if not g.quiet:
        g.emit_lazy(None, _bets_event, s.bets[ABWEHR], right[ABWEHR], s.bets[LCS], right[LCS], dict(s.bets))
    tokens = tuple(s.boxes["beta"])
    if right[ABWEHR] and right[LCS]:
        s.pending.append(new_pending("take_evidence", ABWEHR, cards=tokens, box="beta"))
        g.emit_lazy(None, _beta_both_right_event)
        return False
    if right[ABWEHR] or right[LCS]:
        _award(g, "beta", ABWEHR if right[ABWEHR] else LCS, tokens)
    else:
        _award(g, "beta", None, tokens)
    return True


@functools.cache
def bets_text(abwehr_bet: str, abwehr_right: bool, lcs_bet: str, lcs_right: bool):
    return msg("Assessments revealed: the Abwehr bet on the {abwehr_bet} hand ({abwehr_verdict}), "
               "the LCS on the {lcs_bet} hand ({lcs_verdict}).",
               abwehr_bet=whose(abwehr_bet), abwehr_verdict=verdict(abwehr_right),
               lcs_bet=whose(lcs_bet), lcs_verdict=verdict(lcs_right))


def _q_recon(g) -> bool:
    s = g.state
    abwehr, lcs = tableau_icons(s, ABWEHR), tableau_icons(s, LCS)  # recon_raid_score of each, icons read once
    sa = recon_raid(abwehr[0], abwehr[1], lcs[2], lcs[3])
    sl = recon_raid(lcs[0], lcs[1], abwehr[2], abwehr[3])
    s.month_report["recon"] = {ABWEHR: sa, LCS: sl}
    if not g.quiet:
        g.emit_lazy(None, _recon_event, sa, sl)
    _award(g, "recon", ABWEHR if sa >= sl else LCS, tuple(s.boxes["recon"]))
    return True


@functools.cache
def recon_text(sa: int, sl: int):
    if sa == sl:
        return msg("Recon/Raid: Abwehr {abwehr}, LCS {lcs} (a tie goes to the Abwehr).", abwehr=sa, lcs=sl)
    return msg("Recon/Raid: Abwehr {abwehr}, LCS {lcs}.", abwehr=sa, lcs=sl)


def _award(g, box: str, winner: str | None, tokens: tuple) -> None:
    s = g.state
    s.boxes[box] = []
    if winner == ABWEHR:
        s.won.extend(tokens)
    else:
        s.spent.extend(tokens)
    s.month_report.setdefault("boxes", {})[box] = winner
    if not g.quiet:
        g.emit_lazy(None, _award_event, box, winner, tokens)


def award_text(box: str, winner: str | None, tokens: list[str]):
    return _award_text(box, winner, tuple(tokens))


@functools.cache
def _award_text(box: str, winner: str | None, tokens: tuple):
    if winner is None:
        return msg("{box} ({tokens}) goes to nobody.", box=BOX_WORDS[box], tokens=colours(tokens))
    return msg("{box} ({tokens}) goes to the {side}.", box=BOX_WORDS[box], tokens=colours(tokens), side=whose(winner))


def leak_cards(s) -> list[str]:
    """The Abwehr's leak cards on its tableau this month (B14 design). A replacement on top
    gives no effect (B6), and a leak card is never itself replaced, so the slot's own card counts."""
    cards = CARDS
    return [slot.card for slot in s.tableau[ABWEHR] if slot.card and not slot.blank and cards[slot.card].effect == "leak"]


def _q_leak(g) -> bool:
    s = g.state
    if not leak_cards_on(s):
        return True  # the printed rule: Josephine and Cicero are plain cards
    for cid in leak_cards(s):
        n = card(cid).params["n"]
        s.won.extend([LEAK] * n)
        s.month_report["leaks"] = s.month_report.get("leaks", 0) + n
        g.emit_lazy(None, _leak_event, cid, n)
    return True


def spend(s, tokens) -> None:
    """Used or lost evidence tokens go to `spent`; a leak is not an evidence token and is simply gone."""
    if LEAK in tokens:  # the leaks filtered out only when there are any: a generator is slow to start
        tokens = [t for t in tokens if t != LEAK]
    s.spent.extend(tokens)


def _q_flips(g) -> bool:
    s = g.state
    revealed = s.revealed
    for token in list(s.won):
        # flip_targets(s, token) is empty: every space of its sector (a wild token: of all) is
        # turned. The sectors by a loop that stops at the first with a space left (nearly always
        # the first): two map objects cost more
        if token in WILD_TOKENS:
            nothing_left = True
            for sector_ in SECTORS:
                if not all(revealed[sector_]):
                    nothing_left = False
                    break
        else:
            nothing_left = all(revealed[token])
        if nothing_left:
            s.won.remove(token)
            spend(s, [token])
            g.emit_lazy(None, _flip_none_event, token)
    if not s.won:
        return True
    s.pending.append(FLIP_PENDING[tuple(s.won)])
    return False


class _FlipPending(dict):
    """The tokens won -> their flip decision: frozen, so shared (a game waits for about 16, and
    the tokens the Abwehr can hold are few)."""

    def __missing__(self, cards: tuple):
        pending = self[cards] = new_pending("flip", ABWEHR, cards=cards)
        return pending


FLIP_PENDING = _FlipPending()


def _q_end_month(g) -> bool:
    s = g.state
    for seat in (ABWEHR, LCS):
        for slot in s.tableau[seat]:
            if slot.card:
                s.discards[seat].append(slot.card)
            if slot.replacement:
                s.discards[seat].append(slot.replacement)
        s.tableau[seat] = []
    if s.ultra:
        s.discards[LCS].append(s.ultra)
        s.ultra = None
    spend(s, s.won)
    s.won = []
    if s.month >= MONTHS:
        s.result = GameResult(LCS, msg("Six months have passed and the Abwehr could not prove the invasion plan."), "time")
        g.emit_lazy(None, _time_over_event)
        return True
    s.month += 1
    start_month(g)
    return True


_QUEUE_HANDLERS = {
    "reveal": _q_reveal,
    "replace": _q_replace,
    "fix": _q_fix,
    "alpha": _q_alpha,
    "beta": _q_beta,
    "recon": _q_recon,
    "leak": _q_leak,
    "flips": _q_flips,
    "end_month": _q_end_month,
}


def check_victory(g) -> None:
    """B11: after any flip, the Abwehr wins at once if the revealed tokens prove both offensives."""
    s = g.state
    layout, revealed = s.layout, s.revealed
    if sum(map(sum, revealed.values())) < MIN_TOKENS_FOR_PROOF:
        return  # the tokens turned so far (the five sectors' rows; a row more would only add)
    codes = []
    for sector_ in SECTORS:  # the role codes of revealed_counts(s).values(), the faces counted in C
        shown = list(compress(layout[sector_], revealed[sector_]))
        n, greens = len(shown), shown.count("green")
        # ROLE_CODE by list indexes: a (greens, reds) key was hashed item by item, per sector
        codes.append(_CODE_BY_GREENS_REDS[greens][n - greens] if n <= 5 else None)
    codes = tuple(codes)
    proof = _PROOF_BY_CODES.get(codes, _NOT_YET)  # proof_of's memo, read directly
    if proof is _NOT_YET:
        proof = _proof_of_new_codes(codes)
        if proof is _NOT_YET:  # no pair allowed, or a row no layout has: proof_of's way, its error
            proof = proof_of(tuple(revealed_counts(s).values()))
    if proof is not None:
        primary, secondary = proof
        s.result = GameResult(
            ABWEHR,
            msg("The Abwehr proved the plan: primary offensive in {primary}, secondary in {secondary}.",
                primary=sector(primary), secondary=sector(secondary)),
            "proof",
        )
        s.pending.clear()
        s.queue.clear()
        reason = s.result.reason
        g.emit_lazy(None, _proof_over_event, reason)


# (greens, reds) turned in a sector -> what they allow it to be, as _proof reads them: 1 the
# primary, 2 the secondary, 4 a diversion. _proof's answer depends only on these five codes.
ROLE_CODE = {(g, r): (g <= 4 and r <= 1) | (g <= 3 and r <= 2) << 1 | (g <= 2 and r <= 3) << 2
             for g in range(6) for r in range(6) if g + r <= 5}
_PROOF_BY_CODES: dict = {}
_CODE_BY_GREENS_REDS = [[ROLE_CODE.get((g, r)) for r in range(6)] for g in range(6)]


def proof_of(counts: tuple):
    """_proof(counts), memoised by the sectors' role codes: a game meets thousands of ways the
    tokens lie face-up (most of them new to _proof's memo), but only a few hundred codes. Codes
    new to the memo are read by pairs_allowed; _proof answers only what it cannot (counts no
    layout shows, for their error)."""
    code = ROLE_CODE.get
    codes = tuple(map(code, counts))
    found = _PROOF_BY_CODES.get(codes, _NOT_YET)
    if found is _NOT_YET:
        found = _proof_of_new_codes(codes)
        if found is _NOT_YET:
            return _proof(counts)  # raises for counts no layout shows: nothing is memoised then
    return found


def _proof_of_new_codes(codes: tuple):
    """The proof five role codes new to the memo give, memoised; _NOT_YET when they allow no
    (primary, secondary) pair or are not five codes (for _proof and its error)."""
    pairs = pairs_allowed(codes) if len(codes) == 5 and None not in codes else None
    if not pairs:
        return _NOT_YET
    found = _PROOF_BY_CODES[codes] = (SECTORS[pairs[0][0]], SECTORS[pairs[0][1]]) if len(pairs) == 1 else None
    return found


def pairs_allowed(codes: tuple) -> list:
    """The (primary, secondary) sector indexes five role codes allow, in the order _proof and
    deduction.consistent_assignments find them: a primary p, a secondary q, and every other
    sector able to be a diversion. Plain loops and a bit mask of the sectors that cannot be
    diversions: _proof's generators cost more than the rest of a game's proof checks."""
    not_diversion = 0
    for i in range(5):
        if not codes[i] & 4:
            not_diversion |= 1 << i
    pairs = []
    for p in range(5):
        if codes[p] & 1:
            for q in range(5):
                if q != p and codes[q] & 2 and not not_diversion & ~(1 << p | 1 << q):
                    pairs.append((p, q))
    return pairs


_NOT_YET = object()


@functools.lru_cache(maxsize=65_536)
def _proof(counts: tuple):
    """deduce_offensives of (greens, reds) per sector in SECTORS order, memoised: there are
    only a few thousand ways the tokens can lie face-up. The consistent pairs are found as
    deduction.consistent_assignments finds them (primary, then secondary, in sector order),
    with the role limits checked once per sector instead of once per pair."""
    if len(counts) != 5 or any(g < 0 or r < 0 or g + r > 5 for g, r in counts):
        return deduce_offensives(dict(zip(SECTORS, counts)))  # its checks and its error
    can_p = [g <= 4 and r <= 1 for g, r in counts]
    can_s = [g <= 3 and r <= 2 for g, r in counts]
    not_d = [i for i, (g, r) in enumerate(counts) if not (g <= 2 and r <= 3)]
    found = [(p, q) for p in range(5) if can_p[p] for q in range(5)
             if q != p and can_s[q] and all(i == p or i == q for i in not_d)] if len(not_d) <= 2 else []
    if not found:
        return deduce_offensives(dict(zip(SECTORS, counts)))  # no layout shows these: its error
    return (SECTORS[found[0][0]], SECTORS[found[0][1]]) if len(found) == 1 else None


# ----- the log lines, made when first read (core/events.LazyEvent) --------------------------
# Each takes only values fixed when the line was logged (tuples, frozen hand ranks) and returns
# (kind, text, data). The lists its data holds are made there, not when logged: a tuple comes
# from the interpreter's free list, a list kept as long as the log is one more object for the
# garbage collector's young generation (a game logs some 60 of them).
def _step_event(text):
    return "step", text, {}


def _month_event(month: int, tokens: tuple):
    boxes = {"alpha": list(tokens[:2]), "beta": list(tokens[2:5]), "recon": list(tokens[5:])}  # start_month's
    return "month", msg("Month {month} begins. Alpha: {alpha}; Beta: {beta}; Recon/Raid: {recon}.",
                        month=month, alpha=colours(boxes["alpha"]), beta=colours(boxes["beta"]),
                        recon=colours(boxes["recon"][:1])), {"month": month, "boxes": boxes}


def _reveal_event(shown: tuple):
    return "reveal", msg("The face-down cards are turned face-up: {cards}.",
                         cards=card_names(shown) if shown else msg("nothing")), {"shown": list(shown)}


def _hands_event(ra, rl):
    hands = {ABWEHR: ra.describe(), LCS: rl.describe()}
    ranks = {ABWEHR: [ra.category, *ra.tiebreak], LCS: [rl.category, *rl.tiebreak]}
    return "hands", msg("Abwehr: {abwehr}. LCS: {lcs}.", abwehr=ra.describe(), lcs=rl.describe()), {
        "hands": hands, "ranks": ranks}


def _bets_event(abwehr_bet: str, abwehr_right: bool, lcs_bet: str, lcs_right: bool, bets: dict):
    return "bets", bets_text(abwehr_bet, abwehr_right, lcs_bet, lcs_right), {"bets": bets}


def _recon_event(sa: int, sl: int):
    return "recon", recon_text(sa, sl), {}


def _award_event(box: str, winner: str | None, tokens: tuple):
    return "award", award_text(box, winner, tokens), {"box": box, "winner": winner, "tokens": list(tokens)}


# Lines once logged with tell() and a closure: a module function with its values as arguments
# makes no function object and no cells per line, objects that lived as long as the game's log
# (the garbage collector's young generation filled a tenth less quickly without them).
def _blank_event(seat: str):
    return "blank", msg("The {side} has no card left to play: an empty blank counts in its place.", side=side(seat)), {}


def _b7_shows_event(seat: str, icon: str, shown: tuple):
    return "b7", msg("The {side} holds no {icon} card and shows its hand: {cards}.", side=side(seat), icon=icon,
                     cards=card_names(shown)), {"shown": list(shown)}


def _alpha_tie_event():
    return "alpha", msg("The hands tie: the Abwehr takes one Alpha token of its choice; the other is lost."), {}


def _beta_both_right_event():
    return "beta", msg("Both bets are right: the Abwehr takes one Beta token of its choice."), {}


def _leak_event(cid: str, n: int):
    return "leak", nmsg("{card} leaks: the Abwehr may also turn {n} token in any sector.",
                        "{card} leaks: the Abwehr may also turn {n} tokens in any sector.",
                        n, card=card_name(cid), n=n), {"card": cid}


def _flip_none_event(token: str):
    return "flip_none", msg("The {token} token has nothing left to flip and is ignored.",
                            token=token_colour(token)), {}


def _time_over_event():
    return "game_over", msg("The LCS wins: the invasion sectors stayed secret for six months."), {}


def _proof_over_event(reason):
    return "game_over", msg("The Abwehr wins: {reason}", reason=reason), {}
