"""A compact sampled month of Operation Barclay for the search (issue 38).

The search plays each sample only to the end of this month's evidence (the Abwehr about
to flip, or the month over), and nobody reads a sample's log, events, undo points or
Double-Cross knowledge. `MonthSim` keeps just what decides the rest of the month, with a
move generator of its own: the same legal actions, in the same order and the same shared
action objects, as the engine's `legal()` (rules/barclay/legal.py), and the same
transitions as its handlers and `advance()` (rules/barclay/flow.py, handlers.py) up to
where the search stops (the Evidence Results steps are in sim_results.py).
`tests/test_ai_barclay_sim.py` plays random action sequences on a sample and on the
engine's game of the same sample and checks both agree at every step.

What it leaves out, and why that changes nothing the search reads:
- the log, the stats, `month_report` (but the Alpha winner Beta needs), the spent tokens
  and `dc_known`: written by the engine, read only by views and the next months;
- the game's own random generator: within a month it only shuffles a peeked hand for the
  log line (the next month's evidence draw comes after the search stops);
- the token layout: no token is turned before the search stops, so the face-up counts are
  the view's, and a sector's greens are its role's.
"""

from __future__ import annotations

import itertools

from barclay_desktop.rules.barclay import actions as A
from barclay_desktop.rules.barclay.flow import CARDS, PLAYED, STEP_CARDS, ULTRA_CARDS, card_sets
from barclay_desktop.rules.barclay.legal import ASSESS, PLAY, PLAY_BLANK, TAKE, ULTRA, _pending_legal
from barclay_desktop.rules.barclay.state import ABWEHR, LCS, Pending, Slot

from .sim_results import QUEUE_HANDLERS, pending_of, results_items, rollout_queue, slot_of

DRAW_PENDING = {ABWEHR: Pending("draw", ABWEHR), LCS: Pending("draw", LCS)}  # frozen: shared
OTHER = {ABWEHR: LCS, LCS: ABWEHR}
_REORDER = {}  # order -> its one Reorder action
_REORDERS = {}  # the cards looked at -> their Reorder actions, in the engine's order


def trim_caches() -> None:
    """Forget the Reorder lists once there are many; only between searches, since a search's
    tree holds their actions and must meet the same objects again."""
    if len(_REORDER) > 20_000:
        _REORDER.clear()
        _REORDERS.clear()


def _reorders(cards: tuple) -> list:
    """legal.py's Reorder list for `cards` (permutations order), with one action object per
    order: the engine shares its lists per looked-at order only, and the search finds a
    tree's child by the identity of its action (SimISMCTS._step)."""
    orders = _REORDERS.get(cards)
    if orders is None:
        orders = _REORDERS[cards] = []
        for order in itertools.permutations(cards):
            action = _REORDER.get(order)
            if action is None:
                action = _REORDER[order] = A.Reorder(order)
            orders.append(action)
    return orders[:]


def holds_ultra(hand: list) -> bool:
    """Is an Ultra card among `hand`? (the engine's set of Ultra ids, asked in C)"""
    if not ULTRA_CARDS:
        card_sets()  # fills ULTRA_CARDS with the card table
    return not ULTRA_CARDS.isdisjoint(hand)


class MonthSim:
    """One determinization, from a decision to the end of this month's evidence.

    The attributes the search's rollout policy and evaluation read have the engine state's
    names (hands, tableau, decks, bets, bet_shown, ultra, won, month), so `state` is the
    sim itself. `over` is True once the search stops: a flip is due, or the month ended
    (`ended`; `lcs_won` when that was the sixth)."""

    __slots__ = ("step", "month", "leaks", "decks", "hands", "discards", "tableau", "ultra", "boxes", "won",
                 "bets", "bet_shown", "pending", "queue", "best", "no_target", "greens", "over", "ended",
                 "lcs_won", "opponent", "model", "policy_rng", "rows", "own_discards", "rolling", "draw_bits")

    def __init__(self, step, month, leaks, decks, hands, discards, tableau, ultra, boxes, won, bets, bet_shown,
                 pending, queue, best, no_target, greens):
        self.step = step
        self.month = month
        self.leaks = leaks  # the leak cards leak (the table option, B14)
        self.decks = decks
        self.hands = hands
        self.discards = discards  # the sample's template, shared until a pile changes (discards_to_change)
        self.own_discards = False
        self.tableau = tableau
        self.ultra = ultra
        self.boxes = boxes
        self.won = won
        self.bets = bets
        self.bet_shown = bet_shown
        self.pending = pending
        self.queue = queue
        self.best = best  # month_report["best"]: the Alpha winner, once known
        self.no_target = no_target  # evidence tokens with nothing left to turn (all faces up)
        self.greens = greens  # per sector, the green tokens its sampled role holds
        self.over = False
        self.ended = False
        self.lcs_won = False
        self.opponent = None  # Hard: the seat whose bets follow the model's policy
        self.model = None
        self.policy_rng = None
        # seat -> the rollout's card values on its tableau now, or (those before, the card
        # played then) (sim_rollout.py); every change of a tableau's options drops its entry
        self.rows = {}
        # In a rollout: the results skip the reveal and the fixes and rank each hand by its
        # best fixing (sim_results.rollout_queue); nobody reads a rollout's tableau after them
        self.rolling = False
        # rng.getrandbits when the channels and own decks are in no order (Belief.sample_sim
        # with lazy): each card drawn from them is picked at random then (take)
        self.draw_bits = None

    @property
    def state(self):
        return self

    @property
    def options(self) -> dict:
        return {"leak_cards": self.leaks}  # leak_cards_on(sim) for the rollout policy

    # ----- whose turn, and what it may do -------------------------------------------
    def current_seat(self):
        if self.over:
            return None
        if self.pending:
            return self.pending[0].seat
        step = self.step
        if step == "play3" or step == "play2":
            tableau = self.tableau
            na, nl = len(tableau[ABWEHR]), len(tableau[LCS])
            target = 3 if step == "play3" else 5
            if na >= target and nl >= target:
                return None
            return ABWEHR if na <= nl else LCS
        if step == "assess":
            return ABWEHR if self.bets[ABWEHR] is None else LCS
        return None

    def legal(self, seat) -> list:
        """legal(state, seat) of the engine, for the seat to act (current_seat())."""
        if self.pending:
            p = self.pending[0]
            kind = p.kind
            if kind == "reorder":
                return _reorders(p.cards)
            if kind == "take_evidence":  # legal.py's list, written out: a comprehension is a call
                box = p.box
                out = []
                for t in p.cards:
                    out.append(TAKE[box, t])
                return out
            return _pending_legal(self, p)
        step = self.step
        if step == "assess":
            out = ASSESS[:]
            if seat == LCS and self.ultra is None and holds_ultra(self.hands[LCS]):
                out.append(ULTRA)
            if seat == self.opponent:  # its bet as the model's policy places it: a shared action of `out`
                return [self.model.rollout_action(self, seat, out, self.policy_rng)]
            return out
        ok = STEP_CARDS[step]
        hand = self.hands[seat]
        out = None  # [PLAY[c] for c in hand if c in ok], written out: a comprehension is a call
        for c in hand:
            if c in ok:
                if out is None:
                    out = [PLAY[c]]
                else:
                    out.append(PLAY[c])
        if out is not None:
            return out
        decks = self.decks
        if not (decks["channels"] or decks["dc"] or decks[seat]):
            return [PLAY_BLANK[c] for c in hand]  # B7
        return []

    def apply(self, seat: str, action) -> None:
        """The action's handler and the automatic steps after it (the action is legal)."""
        HANDLERS[type(action)](self, seat, action)
        self.advance()

    # ----- the automatic part (flow.advance up to where the search stops) -------------
    def advance(self) -> None:
        while not self.pending:
            step = self.step
            if step == "play3" or step == "play2":
                tableau = self.tableau
                na, nl = len(tableau[ABWEHR]), len(tableau[LCS])
                target = 3 if step == "play3" else 5
                if na < target or nl < target:
                    ok = STEP_CARDS[step]
                    for c in self.hands[ABWEHR if na <= nl else LCS]:
                        if c in ok:
                            return
                if not self._advance_play_step(na, nl, target):
                    return
            elif step == "assess":
                if self.bets[ABWEHR] is None or self.bets[LCS] is None:
                    return
                self.step = "play2"
            elif step == "results":
                queue = self.queue  # with no idle items to drop (sim_results.busy_items, rollout_queue)
                if not queue:
                    return
                item = queue[0]
                if not QUEUE_HANDLERS[item[0]](self, *item[1:]):
                    return
                queue.pop(0)
            else:
                return

    def _advance_play_step(self, na: int, nl: int, target: int) -> bool:
        if na >= target and nl >= target:
            if self.step == "play3":
                self.step = "assess"
            else:
                self.step = "results"
                self.queue = rollout_queue(self.tableau) if self.rolling else results_items(self.tableau)
                self.best = None
            return True
        seat = ABWEHR if na <= nl else LCS
        hand = self.hands[seat]
        decks = self.decks
        sources = decks["channels"] or decks["dc"] or decks[seat]
        if not hand:
            if sources:
                self.pending.append(DRAW_PENDING[seat])
                return False
            self.tableau[seat].append(Slot(None, self.step == "play3", blank=True))
            self.rows.pop(seat, None)
            return True
        if sources:
            self.pending.append(pending_of("b7_discard", seat, tuple(hand)))  # B7
        return False

    def take(self, deck_name: str) -> str:
        """The top card of a deck. The channels and own decks of a lazy sample are in no
        order: a card picked at random from one is its top card (a uniform shuffle's top)."""
        deck = self.decks[deck_name]
        bits = self.draw_bits
        n = len(deck)
        if bits is None or n == 1 or deck_name == "dc":  # the Double-Cross deck's order is read
            return deck.pop()
        k = n.bit_length()
        j = bits(k)  # random's _randbelow(n)
        while j >= n:
            j = bits(k)
        card = deck[j]
        deck[j] = deck[-1]
        deck.pop()
        return card

    def queue_draw(self, seat: str) -> None:
        if len(self.hands[seat]) >= 4:
            return
        decks = self.decks
        if decks["channels"] or decks["dc"] or decks[seat]:
            self.pending.append(DRAW_PENDING[seat])


# ----- the handlers (handlers.py without the log) -----------------------------------------
def discards_to_change(sim: MonthSim) -> dict:
    """The sim's own discard piles: few samples change one, so they share the template's
    until then."""
    if not sim.own_discards:
        sim.discards = {seat: pile[:] for seat, pile in sim.discards.items()}
        sim.own_discards = True
    return sim.discards


def _play(sim: MonthSim, seat: str, a) -> None:
    play_card(sim, seat, a.card)


def play_card(sim: MonthSim, seat: str, cid: str) -> None:
    face_up = sim.step == "play3"
    sim.hands[seat].remove(cid)
    sim.tableau[seat].append(PLAYED[cid, face_up])
    sim.rows.pop(seat, None)
    if not face_up:
        sim.queue_draw(seat)
        return
    effect = CARDS[cid].effect
    if effect is None:
        sim.queue_draw(seat)
    else:
        _face_up_effect(sim, seat, CARDS[cid])


def _face_up_effect(sim: MonthSim, seat: str, c) -> None:
    effect = c.effect
    if effect == "spy":
        deck = sim.decks["channels"]
        if len(deck) >= 2:
            first = sim.take("channels")
            sim.pending.append(pending_of("spy_keep", seat, (first, sim.take("channels"))))
        elif deck:
            sim.hands[seat].append(deck.pop())
        else:
            sim.queue_draw(seat)
        return
    if effect == "double_agent" or effect == "dc_look":
        top = sim.decks["dc"][-int(c.params.get("n", 3)):]
        if len(top) > 1:
            sim.pending.append(pending_of("reorder", seat, tuple(reversed(top))))
        sim.queue_draw(seat)
        return
    if effect == "recover":
        colour = c.params.get("colour")
        options = [x for x in sim.discards[seat] if colour is None or colour in CARDS[x].colours]
        if options:
            sim.pending.append(pending_of("recover", seat, tuple(dict.fromkeys(options))))
            return
    sim.queue_draw(seat)  # peek_hand too: what it shows changes nothing in the sample


def _play_blank(sim: MonthSim, seat: str, a) -> None:
    sim.hands[seat].remove(a.card)
    sim.tableau[seat].append(Slot(a.card, sim.step == "play3", blank=True))
    sim.rows.pop(seat, None)


def _b7_discard(sim: MonthSim, seat: str, a) -> None:
    p = sim.pending.pop(0)
    sim.hands[p.seat].remove(a.card)
    discards_to_change(sim)[p.seat].append(a.card)
    sim.queue_draw(p.seat)


def _draw(sim: MonthSim, seat: str, a) -> None:
    seat = sim.pending.pop(0).seat
    source = a.source
    sim.hands[seat].append(sim.take(seat if source == "own" else source))


def _spy_keep(sim: MonthSim, seat: str, a) -> None:
    p = sim.pending.pop(0)
    sim.hands[p.seat].append(a.card)
    dc = sim.decks["dc"]
    for x in p.cards:
        if x != a.card:
            dc.append(x)


def _reorder(sim: MonthSim, seat: str, a) -> None:
    sim.pending.pop(0)
    sim.decks["dc"][-len(a.order):] = reversed(a.order)


def _recover(sim: MonthSim, seat: str, a) -> None:
    p = sim.pending.pop(0)
    discards_to_change(sim)[p.seat].remove(a.card)
    sim.hands[p.seat].append(a.card)


def _play_ultra(sim: MonthSim, seat: str, a) -> None:
    hand = sim.hands[LCS]
    ultra = next(x for x in hand if CARDS[x].effect == "ultra")
    hand.remove(ultra)
    sim.ultra = ultra
    sim.bet_shown[ABWEHR] = True


def _assess(sim: MonthSim, seat: str, a) -> None:
    sim.bets[seat] = a.bet
    if seat == LCS and sim.ultra is not None:
        sim.queue_draw(LCS)  # the draw Ultra owes comes after the LCS's bet


def _replace(sim: MonthSim, seat: str, a) -> None:
    p = sim.pending.pop(0)
    row = sim.tableau[p.seat]
    old = row[a.slot]
    src = CARDS[old.card]
    discards = discards_to_change(sim)
    pile = discards[p.seat] if src.params.get("source", "own_discard") == "own_discard" else discards[OTHER[p.seat]]
    pile.remove(a.card)
    row[a.slot] = Slot(old.card, old.face_up, old.blank, a.card)
    sim.rows.pop(p.seat, None)
    sim.queue.pop(0)


def _keep(sim: MonthSim, seat: str, a) -> None:
    sim.pending.pop(0)
    sim.queue.pop(0)


def _fix(sim: MonthSim, seat: str, a) -> None:
    p = sim.pending.pop(0)
    row = sim.tableau[p.seat]
    old = row[a.slot]
    row[a.slot] = slot_of(old.card, old.face_up, old.blank, old.replacement, a.value, a.colour)
    sim.rows.pop(p.seat, None)
    sim.queue.pop(0)


def _take_evidence(sim: MonthSim, seat: str, a) -> None:
    sim.pending.pop(0)
    sim.queue.pop(0)
    sim.boxes[a.box] = []
    sim.won.append(a.token)


HANDLERS = {
    A.PlayCard: _play,
    A.PlayBlank: _play_blank,
    A.DiscardUnplayable: _b7_discard,
    A.Draw: _draw,
    A.SpyKeep: _spy_keep,
    A.Reorder: _reorder,
    A.Recover: _recover,
    A.PlayUltra: _play_ultra,
    A.Assess: _assess,
    A.Replace: _replace,
    A.KeepCard: _keep,
    A.FixCard: _fix,
    A.TakeEvidence: _take_evidence,
}
