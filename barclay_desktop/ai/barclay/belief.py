"""Determinization: a full Barclay game sampled to agree with everything one seat has seen.

Input is only `view(seat)` (with its log). The sample:
- keeps every card the seat can see where it is (own hand, face-up and own face-down
  tableau cards, discards, Ultra, the Double-Cross cards it knows and the known top order);
- puts every card the seat has been shown that is not visible now into the opponent's hand
  or face-down slots (cards only leave an opponent's hand in ways the seat would see);
- deals the remaining unseen cards at random to the opponent's hand and face-down slots,
  the unknown part of the Double-Cross deck and the three draw decks, respecting which
  deck each card family can be in (an LCS card can only be in the LCS deck or the LCS's
  hand) and that face-down cards carry the x2 icon (with `informed_down`, the x2 cards a
  player building its best hand would have laid there);
- for the Abwehr, samples the token layout from the exact posterior given the revealed
  tokens (roles weighted by how many arrangements fit), assuming a random layout;
- guesses a hidden opponent bet from the opponent's sampled cards (Normal's rule, or Hard's
  fitted model of that seat's bets); gives the state a fresh random generator.
"""

from __future__ import annotations

import bisect
import itertools
import random

from barclay_desktop.rules.barclay.cards import cards_by_id
from barclay_desktop.rules.barclay.flow import PLAYED, card_sets, results_queue
from barclay_desktop.rules.barclay.game import BarclayGame
from barclay_desktop.rules.barclay.state import (
    ABWEHR,
    EVIDENCE_TOKENS,
    LCS,
    LEAK,
    ROLE_GREENS,
    SECTORS,
    BarclayState,
    Pending,
    Slot,
    other,
)
from barclay_desktop.rules.core import Rng

from .bets import sample_bet
from .sim import MonthSim
from .sim_results import busy_items
from .knowledge import (
    best_key,
    card_option,
    card_steps,
    free_slots,
    leaks_on,
    one_more_keys,
    plan_greens,
    plan_weights,
    play_bonus,
    play_value,
    row_options,
    sector_counts,
    slot_option,
    without,
)

BET_NOISE = 0.25  # share of sampled opponent bets drawn at random instead of from its cards
DOWN_NOISE = 0.2  # share of informed face-down picks (Belief(informed_down=True)) made at random
FAMILY_DECK = {"channels": "channels", "lcs": LCS, "abwehr": ABWEHR}


def family(cid: str) -> str:
    return cards_by_id()[cid].deck


def seen_cards(view: dict) -> set[str]:
    seen = set()
    for e in view["log"]:
        seen.update(e.get("data", {}).get("shown", ()))
    return seen


def visible_now(view: dict) -> set[str]:
    """Cards whose place the seat can see right now."""
    me = view["seat"]
    out = set(view["hand"])
    for seat in (ABWEHR, LCS):
        out.update(view["discards"][seat])
        for sl in view["tableau"][seat]:
            if not sl.get("hidden"):
                out.update(c for c in (sl.get("card"), sl.get("replacement")) if c)
    if view.get("ultra"):
        out.add(view["ultra"])
    out.update(view.get("dc_known") or ())
    p = view.get("pending")
    if p and p.get("seat") == me and p.get("kind") in ("spy_keep", "reorder"):
        out.update(p.get("cards") or ())
    return out


class Belief:
    """What one view pins down, computed once per decision and sampled many times."""

    def __init__(self, view: dict, bet_model: tuple | None = None, informed_down: bool = False):
        self.view = view
        self.bet_model = bet_model  # weights of ai/barclay/bets.py for a hidden opponent bet
        # The opponent's face-down cards as a player building its best hand lays them, not
        # any x2 cards: those it plays are mostly the ones that fit its three face-up cards.
        self.informed_down = informed_down
        self.me = view["seat"]
        self.opp = other(self.me)
        visible = visible_now(view)
        known_opp = seen_cards(view) - visible  # shown once, gone from sight: still with the opponent
        self.known_opp = sorted(known_opp)
        unknown = [cid for cid in cards_by_id() if cid not in visible and cid not in known_opp]
        self.unknown = {fam: [c for c in unknown if family(c) == fam] for fam in FAMILY_DECK}
        hidden = [(i, sl) for i, sl in enumerate(view["tableau"][self.opp]) if sl.get("hidden")]
        self.hidden_slots = [i for i, sl in hidden if not sl.get("blank")]  # face-down x2 cards
        self.blank_slots = [i for i, sl in hidden if sl.get("blank")]  # B7: any card, no draw after it
        self.dc_order = self._dc_known_top()
        self.layouts = self._layout_weights() if self.me == ABWEHR and view.get("setup_done") else None
        self._prepare_templates()

    def _prepare_templates(self) -> None:
        """Everything of a sample that does not depend on chance, worked out once: each sample
        copies it (the search samples hundreds of times per decision)."""
        v = self.view
        self._tableau = {seat: [self._slot(sl) for sl in v["tableau"][seat]] for seat in (ABWEHR, LCS)}
        self._discards = {s: list(v["discards"][s]) for s in (ABWEHR, LCS)}
        self._arranged = list(v.get("arranged") or SECTORS) if v.get("setup_done") else []
        self._revealed = {s: [f is not None for f in faces] for s, faces in v["tokens"].items()}
        self._boxes = {k: list(t) for k, t in v["boxes"].items()}
        self._spent_list = self._spent()
        self._bet_shown_map = {s: self._bet_shown(s) for s in (ABWEHR, LCS)}
        self._hidden_bet = any(b == "hidden" for b in v["bets"].values())
        self._pending_list = self._pending()
        self._queue_list = self._queue()
        self._dc_known_sorted = sorted(set(v.get("dc_known") or []) - set(self.dc_order))
        self._prepare_sim_templates()
        self._shuffle_rng = self._shuffle = self._pick_rng = self._pick = None
        self._face_up_options = None  # _opp_face_up
        self._x2_cards = card_sets()[1]
        # The seat may list more Double-Cross cards than the deck holds: the opponent drew
        # that many of them without the seat learning which (B12); _deal gives it some of them.
        self._dc_surplus = max(0, len(self.dc_order) + len(self._dc_known_sorted) - v["decks"]["dc"])
        self._deal_plan = self._plan_deal()
        # The options of the first three slots each seat bet with (B8), when no sample changes
        # them (the opponent's hidden slots come later): _bets reads them in every sample
        self._bet_rows = None
        if all(i >= 3 for i in self.hidden_slots + self.blank_slots):
            self._bet_rows = (row_options(self._tableau[self.opp][:3]), row_options(self._tableau[self.me][:3]))
        self._dc_top = list(reversed(self.dc_order))  # known top cards at the end = on top
        # Normal's guess at a hidden bet compares with the searching seat's first three
        # cards, which every sample keeps: their best_key is worked out once
        self._my_three_key = best_key(row_options(self._tableau[self.me][:3]))
        if self.layouts is not None:
            pairs, weights = self.layouts
            self._layout_cum = (pairs, list(itertools.accumulate(weights)))
            self._pair_greens = [plan_greens(*pair) for pair in pairs]
            self._layout_rows = []
            for sec, faces in v["tokens"].items():
                self._layout_rows.append((sec, list(faces), [i for i, f in enumerate(faces) if f is None],
                                          faces.count("green")))

    def _prepare_sim_templates(self) -> None:
        """What `sample_sim` takes from the view as it is: no token turns before the search
        stops, so the face-up counts and the tokens with nothing left to turn stay."""
        v = self.view
        card_sets()  # the engine's card tables, read directly by the sim
        self._sim_queue = busy_items(self._queue_list, self._tableau, keep_first=True)
        self._leaks = leaks_on(v)
        report = v.get("report") or {}
        self._best = report.get("best") if v["step"] == "results" else None
        revealed = self._revealed
        full = {s for s in SECTORS if s in revealed and all(revealed[s])}
        self._no_target = frozenset([t for t in SECTORS if t in full] +
                                    ([LEAK, "black"] if len(full) == len(SECTORS) else []))
        self.counts = sector_counts(v["tokens"]) if v.get("setup_done") else None
        roles = v.get("roles") if self.me == LCS else None
        self._lcs_greens = tuple(ROLE_GREENS[roles[s]] for s in SECTORS) if roles else None

    def _shuffler(self, rng: random.Random):
        """_shuffler(rng), made once for the generator a search samples with."""
        if self._shuffle_rng is not rng:
            self._shuffle_rng, self._shuffle = rng, _shuffler(rng)
        return self._shuffle

    def _picker(self, rng: random.Random):
        """_picker(rng), made once for the generator a search samples with."""
        if self._pick_rng is not rng:
            self._pick_rng, self._pick = rng, _picker(rng)
        return self._pick

    def _dc_known_top(self) -> list[str]:
        p = self.view.get("pending")
        if p and p.get("seat") == self.me and p.get("kind") == "reorder":
            return list(p["cards"])  # still on the deck, top first, until I put them back
        return list(self.view.get("dc_top_known") or [])

    def _layout_weights(self):
        weighted = plan_weights(sector_counts(self.view["tokens"]))
        return [pair for pair, _ in weighted], [w for _, w in weighted]

    # ----- sampling ---------------------------------------------------------------------
    def sample(self, rng: random.Random, cls=BarclayGame) -> BarclayGame:
        v = self.view
        decks, hands, tableau = self._deal_cards(rng)
        roles, layout = self._sample_layout(rng)
        state = BarclayState(
            Rng.from_seed(rng.getrandbits(63)),
            [],
            None,
            v["step"],
            v["month"],
            dict(v.get("options") or {}),  # the sampled game plays the real game's rules
            decks,
            hands,
            {s: pile[:] for s, pile in self._discards.items()},
            tableau,
            v.get("ultra"),
            roles,
            layout,
            self._arranged[:],
            {s: row[:] for s, row in self._revealed.items()},
            {k: t[:] for k, t in self._boxes.items()},
            list(v["won"]),
            self._spent_list[:],
            self._bets(rng, tableau, hands) if self._hidden_bet else dict(v["bets"]),
            dict(self._bet_shown_map),
            self._pending_list[:],
            self._queue_list[:],  # its items are never changed, only taken off
            {self.me: list(v.get("dc_known") or []), self.opp: []},
            {self.me: len(v.get("dc_top_known") or []), self.opp: 0},
            dict(v.get("report") or {}),
            {s: dict(v["stats"][s]) for s in (ABWEHR, LCS)},  # public counts
        )
        game = cls(state, track_undo=False)
        game.quiet = True  # a search copy: nobody reads its log
        return game

    def _deal_cards(self, rng: random.Random, lazy: bool = False) -> tuple[dict, dict, dict]:
        """(decks, hands, tableau) of a sample: the unseen cards dealt to the decks, the opponent's
        hand and his face-down and blank slots (`sample` and `sample_sim(lazy=False)` draw the
        same). With `lazy` the channels and the two own decks are left in no order (see _deal)."""
        decks, opp_cards = self._deal(rng, lazy)
        k, b = len(self.hidden_slots), len(self.blank_slots)
        hands = {self.me: list(self.view["hand"]), self.opp: opp_cards[k + b:]}
        template = self._tableau
        tableau = {ABWEHR: template[ABWEHR][:], LCS: template[LCS][:]}
        if k or b:
            row = tableau[self.opp]
            for i, cid in zip(self.hidden_slots, opp_cards):
                row[i] = PLAYED.get((cid, False)) or Slot(cid, False)
            for i, cid in zip(self.blank_slots, opp_cards[k:]):
                row[i] = Slot(cid, False, blank=True)
        return decks, hands, tableau

    def sample_sim(self, rng: random.Random, lazy: bool = False) -> MonthSim:
        """A sample as a compact `MonthSim` of the rest of the month, for the search.

        Without `lazy`, the same sample as `sample` (the same draws from `rng`, in the same
        order). With `lazy` (the search's), the channels and own decks are dealt in no order
        and the sim draws each card from them at random when it is drawn (MonthSim.take):
        the same distribution of samples, without shuffling the ~60 cards a month never
        draws; nor does it make the draws that only kept `sample`'s."""
        v = self.view
        decks, hands, tableau = self._deal_cards(rng, lazy)
        if lazy:
            greens = self._lcs_greens if self.me == LCS else self._pair_greens[self._pair_index(rng)]
        else:
            greens = self._sample_greens(rng)
            rng.getrandbits(63)  # the sampled game's own generator: a sim has none, the draw stays
        sim = MonthSim(
            v["step"], v["month"], self._leaks, decks, hands,
            self._discards,  # shared until the sim changes a pile (sim.discards_to_change)
            tableau, v.get("ultra"),
            dict(self._boxes),  # the sim replaces the list of a box, never changes one
            list(v["won"]),
            self._bets(rng, tableau, hands) if self._hidden_bet else dict(v["bets"]),
            dict(self._bet_shown_map),
            self._pending_list[:],
            self._sim_queue[:],
            self._best, self._no_target, greens,
        )
        if lazy:
            sim.draw_bits = rng.getrandbits
        return sim

    def _sample_greens(self, rng: random.Random) -> tuple:
        """The green tokens per sector of `_sample_layout`'s layout, with its draws."""
        if self.me == LCS:
            return self._lcs_greens
        pair = self._sample_pair(rng)
        shuffle = self._shuffler(rng)
        for _s, _faces, hidden, _greens in self._layout_rows:
            shuffle(hidden[:])  # the faces dealt to the hidden spaces: only the draws matter here
        return plan_greens(*pair)

    def _sample_pair(self, rng: random.Random) -> tuple:
        """(primary, secondary) of a sampled layout, as _sample_layout draws it."""
        return self._layout_cum[0][self._pair_index(rng)]

    def _pair_index(self, rng: random.Random) -> int:
        pairs, cum_weights = self._layout_cum
        # rng.choices(pairs, cum_weights=cum_weights)[0], written out: the same draw and bisection
        return bisect.bisect(cum_weights, rng.random() * (cum_weights[-1] + 0.0), 0, len(pairs) - 1)

    def _deal(self, rng: random.Random, lazy: bool = False):
        """Decks (top = end) and the opponent's hidden cards (face-down slots first, then blanks, then hand).

        Each of the three families is split by picking at random the cards that go elsewhere
        (the first steps of a shuffle, `_picker`): the opponent's hand and the unknown part of
        the Double-Cross deck (shuffled: its order is read) take theirs, the rest makes the
        deck. With `lazy` the channels and own decks stay in no order (a sim draws from them
        at random, MonthSim.take); otherwise they are shuffled, as a game draws from the top."""
        n_mine_out, n_their_hand, opp_total, need, n_dc_unknown, dealt = self._deal_plan
        pick = self._pick if self._pick_rng is rng else self._picker(rng)
        shuffle = self._shuffle if self._shuffle_rng is rng else self._shuffler(rng)
        unknown = self.unknown
        my_deck = unknown[self.me][:]
        if n_mine_out > 0:
            my_deck = my_deck[:len(my_deck) - pick(my_deck, n_mine_out)]  # any left over are out of play
        their_deck = unknown[self.opp][:]
        if n_their_hand > 0:
            pick(their_deck, n_their_hand)
            their_in_hand = their_deck[-n_their_hand:]
            del their_deck[-n_their_hand:]
        opp_cards = self.known_opp  # + the Double-Cross cards it drew + its own cards + channels cards
        dc_rest = []
        if self._dc_known_sorted:  # the known Double-Cross cards below the top, shuffled; the surplus is its
            known = self._dc_known_sorted[:]
            shuffle(known)
            surplus = self._dc_surplus
            dc_rest = known[surplus:]
            if surplus:
                opp_cards = opp_cards + known[:surplus]
        if n_their_hand > 0:
            opp_cards = opp_cards + their_in_hand
        channels = unknown["channels"][:]
        if dealt > 0:
            pick(channels, dealt)
            taken = channels[-dealt:]
            del channels[-dealt:]
            opp_cards = opp_cards + taken[:need]
            if n_dc_unknown:
                dc_rest += taken[need:need + n_dc_unknown]
        if self.informed_down:
            opp_cards = self._informed_face_down(opp_cards[:opp_total], rng)
        else:
            opp_cards = self._face_down_first(opp_cards[:opp_total], rng)
        if len(dc_rest) > 1:
            shuffle(dc_rest)
        if not lazy:
            shuffle(my_deck)
            shuffle(their_deck)
            shuffle(channels)
        decks = {"channels": channels, "dc": dc_rest + self._dc_top, self.opp: their_deck, self.me: my_deck}
        return decks, opp_cards

    def _plan_deal(self) -> tuple:
        """_deal's counts, the same for every sample: (own-family cards out of play, the
        opponent's own-family cards in its hand, its hidden cards, channels cards to its hand,
        channels cards to the unknown part of the Double-Cross deck, channels cards taken
        off the deck in all)."""
        v = self.view
        sizes = v["decks"]
        opp_total = v["hand_counts"][self.opp] + len(self.hidden_slots) + len(self.blank_slots)
        mine, theirs, ic = (len(self.unknown[s]) for s in (self.me, self.opp, "channels"))
        n_their_hand = theirs - min(sizes[self.opp], theirs)
        known = len(self._dc_known_sorted)
        surplus = self._dc_surplus
        need = min(ic, max(0, opp_total - (len(self.known_opp) + surplus + n_their_hand)))
        n_dc_unknown = min(ic - need, max(0, sizes["dc"] - len(self.dc_order) - (known - surplus)))
        dealt = need + n_dc_unknown + max(0, ic - need - n_dc_unknown - sizes["channels"])
        return mine - sizes[self.me], n_their_hand, opp_total, need, n_dc_unknown, dealt

    def _face_down_first(self, cards: list[str], rng: random.Random) -> list[str]:
        """Order the opponent's cards so the face-down slots get x2 cards (they were played face-down)."""
        self._shuffler(rng)(cards)
        k = len(self.hidden_slots)
        if not k:
            return cards
        x2_cards = card_sets()[1]
        x2 = [c for c in cards if c in x2_cards]
        rest = [c for c in cards if c not in x2_cards]
        return x2[:k] + rest + x2[k:] if len(x2) >= k else cards

    def _informed_face_down(self, cards: list[str], rng: random.Random) -> list[str]:
        """Face-down cards first, picked as a player building its best hand would have
        (Easy's play value, looking ahead to the slots still empty then), with DOWN_NOISE
        random picks; then the hand.

        Of the opponent's cards, all but the last k (one drawn after each face-down play,
        B5) were in its hand at its first face-down play; each later pick also sees the
        card drawn after the one before."""
        shuffle = self._shuffle if self._shuffle_rng is rng else self._shuffler(rng)
        shuffle(cards)  # rng.shuffle's draws and order (tests/test_ai_barclay_speed.py)
        k = len(self.hidden_slots)
        if not k:
            return cards
        x2_cards = self._x2_cards  # the cards with the x2 icon
        if len(cards) <= k or len([c for c in cards if c in x2_cards]) < k:
            return self._face_down_first(cards, rng)  # decks ran dry (B5, B7): no model
        committed = self._opp_face_up()
        hand, draws = cards[: len(cards) - k], cards[len(cards) - k:]
        chosen = []
        for j in range(k):
            x2 = [c for c in hand if c in x2_cards]
            if not x2:  # this split put its x2 cards among the later draws: swap one in
                x2 = [_swap_x2_in(hand, draws, j)]
            if rng.random() < DOWN_NOISE:
                pick = rng.choice(x2)
            elif len(committed) == 3:  # down_value's, from the tableau's table (knowledge.one_more_keys)
                pick = _best_down_card(self.opp, tuple(committed), hand, x2)
            else:
                pick = max(x2, key=lambda c: down_value(self.opp, committed, hand, c))
            chosen.append(pick)
            hand.remove(pick)
            committed.append(card_option(pick))
            hand.append(draws[j])
        return chosen + hand

    def _opp_face_up(self) -> list:
        """The options of the opponent's slots that are not hidden, from the view (worked out once)."""
        if self._face_up_options is None:
            self._face_up_options = [slot_option(sl) for sl in self.view["tableau"][self.opp] if not sl.get("hidden")]
        return self._face_up_options[:]

    def _slot(self, sl: dict) -> Slot:
        if sl.get("hidden"):
            return Slot(None, False)  # filled by sample()
        slot = Slot(sl.get("card"), bool(sl.get("face_up")), bool(sl.get("blank")), sl.get("replacement"), sl.get("value"), sl.get("colour"))
        played = PLAYED.get((slot.card, slot.face_up))
        return played if played == slot else slot  # the shared Slot of a plain played card (knowledge.row_options)

    def _sample_layout(self, rng: random.Random):
        v = self.view
        if not v.get("setup_done"):
            return {}, {}
        if self.me == LCS:
            return dict(v["roles"]), {k: list(f) for k, f in v["layout"].items()}
        pairs, cum_weights = self._layout_cum
        primary, secondary = rng.choices(pairs, cum_weights=cum_weights)[0]  # as choices(pairs, weights)
        roles = {s: "diversion" for s in SECTORS}
        roles[primary], roles[secondary] = "primary", "secondary"
        layout = {}
        shuffle = self._shuffler(rng)
        for s, faces, hidden, greens in self._layout_rows:
            greens_left = ROLE_GREENS[roles[s]] - greens
            hidden = hidden[:]
            shuffle(hidden)
            row = faces[:]
            for j, i in enumerate(hidden):
                row[i] = "green" if j < greens_left else "red"
            layout[s] = row
        return roles, layout

    def _spent(self) -> list[str]:
        v = self.view
        placed = [t for box in v["boxes"].values() for t in box] + list(v["won"])
        out = list(EVIDENCE_TOKENS)
        for t in placed:
            if t in out:
                out.remove(t)
        return out if v.get("setup_done") else []

    def _bets(self, rng: random.Random, tableau: dict, hands: dict) -> dict:
        """A hidden bet is guessed as a sensible opponent would have made it: mostly on the
        side whose cards (its sampled cards against the face-up ones it saw) look stronger."""
        bets = dict(self.view["bets"])
        for s, b in bets.items():
            if b != "hidden":
                continue
            if s == self.opp and self.bet_model and self._bet_shown_map[self.me]:  # _bet_shown, once a Belief
                bets[s] = bets[self.me]  # it saw mine (Ultra, B3): copying it is never worse
            elif s == self.opp and self.bet_model:
                hand = hand_at_bet(tableau[s], hands[s], rng)
                mine, theirs = self._bet_rows or (row_options(tableau[s][:3]), row_options(tableau[other(s)][:3]))
                bets[s] = sample_bet(self.bet_model, s, mine, hand, theirs, rng)
            elif rng.random() < BET_NOISE:
                bets[s] = rng.choice((ABWEHR, LCS))
            elif s == self.opp:  # rule_bets_on_itself(mine, theirs), theirs being my first three
                bets[s] = s if best_key(row_options(tableau[s])) >= self._my_three_key + 128 else other(s)
            else:
                bets[s] = s if rule_bets_on_itself(row_options(tableau[s]), row_options(tableau[other(s)][:3])) else other(s)
        return bets

    def _bet_shown(self, seat: str) -> bool:
        """Is `seat`'s bet face-up? The opponent's if the view shows it; mine once Ultra
        has made me turn it (B3: only the Abwehr's, and the LCS bets after it)."""
        bet = self.view["bets"].get(seat)
        if seat == self.me:
            return seat == ABWEHR and bool(self.view.get("ultra")) and bet in (ABWEHR, LCS)
        return bet not in (None, "hidden")

    def _pending(self) -> list:
        p = self.view.get("pending")
        if not p:
            return []
        out = [Pending(p["kind"], p["seat"], tuple(p.get("cards") or ()), p.get("slot", -1), p.get("box", ""))]
        if p["kind"] == "reorder" and len(self.view["hand"]) < 4 and any(self.view["decks"].values()):
            out.append(Pending("draw", p["seat"]))  # a Double-Cross look is followed by the normal draw
        return out

    def _queue(self) -> list:
        """The Evidence Results queue from where the results stand (the view has no queue)."""
        v = self.view
        if v["step"] != "results":
            return []
        full = results_queue(v["tableau"])
        p = v.get("pending")
        if not p:
            return full[-1:]
        kind = p["kind"]
        if kind in ("replace", "fix"):
            head = [kind, p["seat"], p["slot"]]
        elif kind == "take_evidence":
            head = [p["box"]]
        elif kind == "flip":
            head = ["flips"]
        else:
            return full[-1:]
        return full[full.index(head):]


# list length -> the steps of random.shuffle's loop: (position, its range, the bits
# random's _randbelow draws for that range: n.bit_length())
_SHUFFLE_STEPS = [tuple((i, i + 1, (i + 1).bit_length()) for i in range(n - 1, 0, -1)) for n in range(128)]


def _shuffler(rng: random.Random):
    """rng.shuffle, or for a plain random.Random the same shuffle (the same draws, the same
    order) without a method call per card: determinizations shuffle a few hundred cards each."""
    if type(rng) is not random.Random:
        return rng.shuffle
    getrandbits = rng.getrandbits

    def shuffle(x: list) -> None:
        if len(x) >= len(_SHUFFLE_STEPS):
            rng.shuffle(x)
            return
        for i, n, k in _SHUFFLE_STEPS[len(x)]:
            j = getrandbits(k)
            while j >= n:
                j = getrandbits(k)
            x[i], x[j] = x[j], x[i]

    return shuffle


def _picker(rng: random.Random):
    """pick(x, k): moves k cards of x, picked at random, to its end in random order (the
    first k steps of random.shuffle's loop) and returns how many it moved (none for k <= 0)."""
    getrandbits = rng.getrandbits

    def pick(x: list, k: int) -> int:
        if k <= 0:
            return 0
        if len(x) >= len(_SHUFFLE_STEPS):
            rng.shuffle(x)
            return min(k, len(x))
        steps = _SHUFFLE_STEPS[len(x)]
        for t in range(min(k, len(steps))):
            i, n, bits = steps[t]
            j = getrandbits(bits)
            while j >= n:
                j = getrandbits(bits)
            x[i], x[j] = x[j], x[i]
        return min(k, len(x))

    return pick


def _swap_x2_in(hand: list[str], draws: list[str], j: int) -> str:
    """Swaps the first x2 card of draws[j:] with a card of `hand`; returns it (now in hand)."""
    i = next(i for i in range(j, len(draws)) if "x2" in card_steps(draws[i]))
    card = draws[i]
    draws[i] = hand[0]
    hand[0] = card
    return card


def down_value(seat: str, committed: list, hand: list[str], cid: str) -> tuple:
    """Easy's play value of a face-down card, ties going to the better hand laid so far:
    a player who can make its pair now or with its last card makes it now (without the tie
    rule the samples forecast a Normal opponent's tableau worse, docs/ai.md)."""
    x3_slots, x2_slots = free_slots("play2", len(committed) + 1)
    now = committed + [card_option(cid)]
    return play_value(seat, committed, without(hand, cid), cid, x3_slots, x2_slots), best_key(now)


def _best_down_card(seat: str, committed: tuple, hand: list[str], x2: list[str]) -> str:
    """max(x2, key=lambda c: down_value(seat, committed, hand, c)) for three committed options
    (the fourth slot's card, one left free): the same values, the first best card."""
    best = best_value = None
    for cid in x2:
        reach, now = one_more_keys(committed, cid, without(hand, cid))
        value = (reach + play_bonus(cid, seat == ABWEHR), now)  # play_value's bonus, leaks on (its default)
        if best is None or value > best_value:
            best, best_value = cid, value
    return best


def hand_at_bet(tableau: list, hand: list[str], rng: random.Random) -> list[str]:
    """A seat's hand when it placed its assessment token (B8), from its sampled cards now.

    Its face-down cards were in that hand, and it has drawn one card for each since (B5),
    so only as many of the cards it holds now were there; which ones is unknown, so any."""
    down = [sl.card for sl in tableau[3:] if sl.card]
    if not down:
        return list(hand)
    return down + _sample(rng, hand, max(0, len(hand) - len(down)))


def _sample(rng: random.Random, population: list, k: int) -> list:
    """rng.sample(population, k): for a plain random.Random and at most 21 items (random's
    pool method), the same draws and cards without its checks and method calls (Hard samples
    a hand at its bet in most samples; tests/test_ai_barclay_speed.py compares)."""
    n = len(population)
    if type(rng) is not random.Random or n > 21 or not 0 <= k <= n:
        return rng.sample(population, k)
    getrandbits = rng.getrandbits
    pool = list(population)
    result = []
    for i in range(k):
        m = n - i  # random's _randbelow(m), written out
        bits = m.bit_length()
        j = getrandbits(bits)
        while j >= m:
            j = getrandbits(bits)
        result.append(pool[j])
        pool[j] = pool[m - 1]
    return result


def rule_bets_on_itself(mine: list, theirs: list) -> bool:
    """Normal's guess at a hidden bet: on itself when its cards beat the other's first three
    by a margin (options as best_key's)."""
    return best_key(mine) >= best_key(theirs) + 128


def determinize(view: dict, rng: random.Random) -> BarclayGame:
    return Belief(view).sample(rng)
