"""The Barclay search model for ISMCTS: determinize, act, roll out, evaluate.

Rollouts play the engine's own rules on the sampled game until the month's evidence is
settled (the Abwehr about to flip, or the month over). The evidence tokens won are then
valued by the plan uncertainty they are expected to remove, a smooth signal where the faces
they happen to turn up would be noise; a finished game scores 1 or 0 (B11).
"""

from __future__ import annotations

import bisect
import itertools
import math
import random

from barclay_desktop.rules.barclay import actions as A
from barclay_desktop.rules.barclay.game import BarclayGame
from barclay_desktop.rules.barclay.hands import fold_key, fold_options
from barclay_desktop.rules.barclay.legal import ASSESS, PLAY
from barclay_desktop.rules.barclay.state import (
    ABWEHR,
    EVIDENCE_TOKENS,
    LCS,
    MONTHS,
    SECTORS,
    WILD_TOKENS,
    leak_cards_on,
    other,
)

from .belief import Belief
from .bets import bet_weights, sample_bet

from .knowledge import (
    BLANK_OPTION,
    best_key,
    card_option,
    hand_category,
    play_bonus,
    proof_chance,
    row_options,
    sector_interest,
    tokens_value,
)

# The plan uncertainty of a fresh game (ln 20): the evidence won is valued as the share of
# it that the won tokens are expected to remove.
FULL_UNCERTAINTY = math.log(20)
# Share of rollout card plays that take the best hand (the rest are random): noise keeps the
# rollouts from all playing the one line a fixed policy would.
ROLLOUT_GREEDY = 0.8
# Rollout draw weights per source: the Abwehr's own deck holds its two leak cards (B14).
LCS_DRAWS = {"channels": 6, "own": 3, "dc": 1}
ABWEHR_DRAWS = {"channels": 5, "own": 5, "dc": 1}


# A bet -> the legal list's shared Assess of it: the policy's bet is one of those objects (the
# sim's tree finds a child by its action's id(), and attrs builds an action field by field)
BET_ACTION = {a.bet: a for a in ASSESS}


def tokens_of(state) -> dict:
    """The view-style token board of a state: a face if turned, else None."""
    return {s: [f if shown else None for f, shown in zip(state.layout[s], state.revealed[s])] for s in state.revealed}


class PolicyOpponentGame(BarclayGame):
    """A sampled game in which the opponent has one move: the rollout policy's pick on its
    sampled cards. The tree then holds only the searcher's decisions, and the opponent acts
    on the hand it holds in each sample instead of on statistics pooled over all hands."""

    opponent: str = ""
    model = None
    policy_rng = None
    kinds: tuple = (A.Assess,)  # the opponent's decisions the policy takes

    def _legal(self, seat):
        acts = super()._legal(seat)
        if seat != self.opponent or len(acts) < 2:
            return acts
        if isinstance(acts[0], self.kinds):
            return [self.model.rollout_action(self, seat, acts, self.policy_rng)]
        return acts


class _CardValues(dict):
    """card id -> a rollout's integer value of adding it to one tableau (best_key of the
    tableau's options and the card's, plus ICON_WEIGHT per icon and the leak bonus when
    `leaks`; `leaks` None: the hand alone, as SpyKeep/Recover value a card)."""

    __slots__ = ("mine", "leaks", "fold", "after", "keys", "by_values", "shared")

    def fill(self, cid: str):
        option = card_option(cid)
        by_values = self.by_values
        if by_values is not None:  # a tableau of at most four options: the key by the card's values
            shared = self.shared  # (and with four, whether the card keeps a colour all five share)
            key = option[0] if shared is None else (option[0], not shared.isdisjoint(option[1]))
            value = by_values.get(key)
            if value is None:
                fold = self.fold
                if fold is None:
                    fold = self.fold = _padded_fold(self.mine)
                value = by_values[key] = fold_key(fold_options((option,), fold))
        elif len(self.mine) >= 5:
            value = best_key(list(self.mine) + [option])
        else:
            value = fold_key(fold_options((option,), self.fold))
        self.keys[cid] = value
        if self.leaks is not None:
            value = value + play_bonus(cid, bool(self.leaks))
        self[cid] = value
        return value

    def hand_key(self, cid: str) -> int:
        """best_key of the tableau's options and the card's: the hand alone (no bonus)."""
        key = self.keys.get(cid)
        if key is None:
            self.fill(cid)
            key = self.keys[cid]
        return key


def _noisy_value(row: _CardValues, random):
    def key(a):
        value = row.get(a.card)
        if value is None:
            value = row.fill(a.card)
        return value + random()

    return key


def _slot_values(row: list, option_of):
    """A key for max(): best_key of the tableau `row` with one slot's option changed to
    `option_of(action)` (None: as it is), as best_key(options) with that slot replaced."""
    base = row_options(row)
    if len(base) > 5:
        def plain(a):
            opts = base[:]
            option = option_of(a)
            if option is not None:
                opts[a.slot] = option
            return best_key(opts)

        return plain
    pad = (BLANK_OPTION,) * (5 - len(base))
    folds: dict = {}

    def key(a):
        option = option_of(a)
        if option is None:
            return best_key(base)
        fold = folds.get(a.slot)
        if fold is None:
            fold = folds[a.slot] = fold_options(base[:a.slot] + base[a.slot + 1:])
        return fold_key(fold_options((option,) + pad, fold))

    return key


_CARD_VALUES: dict = {}
# The sorted values of a tableau's options (at most four) -> {a card's values: best_key of the
# tableau with that card}: with a blank among the five, no colour is shared by all, so the
# key depends on the values alone (and is the same for every tableau of those values); with
# four options, on the card's values and whether it keeps a colour the four share (the key
# there is (values, flush)).
_BY_VALUES: dict = {}


def _padded_fold(mine: tuple) -> tuple:
    """The fold of a tableau's options and the blanks that pad it to four: best_key(mine +
    [card]) is the card's option folded onto it (the options' order does not matter to it)."""
    return fold_options((BLANK_OPTION,) * (4 - len(mine)), fold_options(mine))


def _card_values(mine: tuple, leaks) -> _CardValues:
    row = _CARD_VALUES.get((mine, leaks))
    if row is None:
        if len(_CARD_VALUES) > 50_000:
            _CARD_VALUES.clear()  # pure caches: forgetting changes nothing but time
            _BY_VALUES.clear()
        row = _CARD_VALUES[mine, leaks] = _CardValues()
        row.mine, row.leaks = mine, leaks
        row.after = {}  # card id -> the row of this tableau with that card played (sim_rollout.py)
        row.keys = {}  # card id -> its hand_key
        if len(mine) <= 4:
            values = []  # the options' values in order, written out: a comprehension is a call
            shared = None  # with four: the colours all four share
            for option in mine:
                values.append(option[0])
                if len(mine) == 4:
                    shared = set(option[1]) if shared is None else shared.intersection(option[1])
            values = tuple(sorted(values))
            by_values = _BY_VALUES.get(values)
            if by_values is None:
                by_values = _BY_VALUES[values] = {}
            row.by_values, row.fold, row.shared = by_values, None, shared  # the fold made at the first new key
        else:
            row.by_values, row.fold, row.shared = None, _padded_fold(mine), None
    return row


def best_card(row: _CardValues, cards: list, rng: random.Random) -> str:
    """The card of `cards` with the best value in `row`, a tie broken at random: the values
    are integers, so this is max(value + rng.random()) (the policy's first form) with a
    draw only when it matters."""
    best = best_value = ties = None  # the tied cards in order, listed only when there is a tie
    for c in cards:
        value = row.get(c)
        if value is None:
            value = row.fill(c)
        if best_value is None or value > best_value:
            best, best_value, ties = c, value, None
        elif value == best_value:
            if ties is None:
                ties = [best, c]
            else:
                ties.append(c)
    return best if ties is None else rng.choice(ties)


_DRAW_CUM: dict = {}


def _draw_cum_weights(abwehr: bool, legal: list) -> list:
    """The cumulative weights random.choices would build from the draw weights of `legal`."""
    key = (abwehr, tuple([a.source for a in legal]))
    cum = _DRAW_CUM.get(key)
    if cum is None:
        weights = ABWEHR_DRAWS if abwehr else LCS_DRAWS
        cum = _DRAW_CUM[key] = list(itertools.accumulate(weights[a.source] for a in legal))
    return cum


class BarclaySearch:
    def __init__(self, bet_model: tuple = (), proof_seats: tuple = (), carry: float = 0.0,
                 carry_seats: tuple = (ABWEHR, LCS), informed_down_seats: tuple = ()):
        # Against an opponent whose seat is in `bet_model`, its bets are sampled from the
        # fitted model of ai/barclay/bets.py, the placed hidden one and the ones to come: in
        # the shared tree the opponent's bet would otherwise be chosen by statistics over
        # samples that all hold the searcher's real hand.
        self.bet_model = tuple(bet_model)
        self.modelled_seat = None  # the opponent while its bets are modelled, else None
        self.modelled_bets = None  # its model's weights, else None
        # Searching as a seat in `proof_seats`, the tokens won are valued by the chance that
        # their flips prove the plan, and in the last month by that alone: there the
        # uncertainty they remove is worth nothing unless it ends the game.
        self.proof_seats = tuple(proof_seats)
        self.proof_value = False
        # With `carry` > 0, a month that ends before the last also values the hands carried
        # into the next: `carry` is how many more evidence tokens the Abwehr wins next month
        # for each hand category its cards lead the LCS's by (about 0.4 in Easy-vs-Easy
        # games, docs/ai.md). Without it, the search spends its best cards on a month it has
        # lost as readily as on one it can win. Only a seat in `carry_seats` searches so.
        self.carry_weight = carry
        self.carry_seats = tuple(carry_seats)
        self.carry = 0.0  # the weight for the seat searching now (`prepare`)
        # Searching as a seat in `informed_down_seats`, the opponent's face-down cards are
        # sampled as a player building its best hand lays them (Belief(informed_down=True)).
        self.informed_down_seats = tuple(informed_down_seats)

    # ----- the SearchModel protocol ---------------------------------------------------
    def prepare(self, view: dict) -> Belief:
        opp = other(view["seat"])
        self.modelled_seat = opp if opp in self.bet_model else None
        self.modelled_bets = bet_weights(opp) if self.modelled_seat else None
        self.proof_value = view["seat"] in self.proof_seats
        self.carry = self.carry_weight if view["seat"] in self.carry_seats else 0.0
        return Belief(view, bet_model=self.modelled_bets, informed_down=view["seat"] in self.informed_down_seats)

    def determinize(self, belief: Belief, rng: random.Random):
        if not belief.bet_model:
            return belief.sample(rng)
        game = belief.sample(rng, PolicyOpponentGame)  # its bets follow the fitted model
        game.opponent, game.model, game.policy_rng = belief.opp, self, rng
        return game

    def key(self, action):
        if isinstance(action, A.Flip):
            return ("flip", action.token, action.sector)  # the spaces of a sector look alike
        return action

    def start_marker(self, game):
        return game.state.month

    def stop(self, game, start) -> bool:
        # The month's evidence is settled once the Abwehr is about to flip (or the month
        # is over): evaluate the tokens won rather than the coin-flip faces they turn up.
        s = game.state
        return s.month != start or (s.pending and s.pending[0].kind == "flip")

    def evaluate(self, game, rng: random.Random) -> dict[str, float]:
        """The Abwehr's gain from this month, seen from where the search started.

        The evidence tokens it won, valued by the plan uncertainty they are expected to
        remove (a smooth signal: one token more or less always shows, where the faces they
        happen to turn up, or a win/loss sample of the months left, would drown it in noise).
        A finished game scores 1 or 0."""
        s = game.state
        if s.result is not None:
            p = 1.0 if s.result.winner == ABWEHR else 0.0
        elif s.step == "results" and s.won:
            counts = self._counts(s.layout, s.revealed)
            p = min(1.0, tokens_value(counts, s.won) / FULL_UNCERTAINTY)
            if self.carry and s.month < MONTHS:
                p += self.carried_value(s, counts)
            if self.proof_value:  # the months after a proof are never played
                chance = self._proof_chance(s, counts)
                p = chance if s.month >= MONTHS else chance + (1.0 - chance) * p
        else:
            p = self.carried_value(s, self._counts(s.layout, s.revealed)) if self.carry else 0.0
        return {ABWEHR: p, LCS: 1.0 - p}

    def carried_value(self, s, counts: tuple) -> float:
        """What the hands carried into the next month are worth to the Abwehr, in the units
        of `evaluate`: the extra tokens its lead in hand category wins, at the mean value of
        one token now."""
        lead = hand_category(s.hands[ABWEHR]) - hand_category(s.hands[LCS])
        if not lead:
            return 0.0
        unit = tokens_value(counts, EVIDENCE_TOKENS) / (len(EVIDENCE_TOKENS) * FULL_UNCERTAINTY)
        return self.carry * max(-3, min(3, lead)) * unit

    @staticmethod
    def _proof_chance(s, counts: tuple) -> float:
        greens = tuple(s.layout[sector].count("green") for sector in SECTORS)
        tokens = tuple(sorted(s.won, key=lambda t: t in WILD_TOKENS))  # colour tokens first
        return proof_chance(counts, greens, tokens)

    @staticmethod
    def _counts(layout, revealed) -> tuple:
        out = []
        for s in SECTORS:
            g = r = 0
            for face, shown in zip(layout[s], revealed[s]):
                if shown:
                    if face == "green":
                        g += 1
                    else:
                        r += 1
            out.append((g, r))
        return tuple(out)

    # ----- rollout policy (on the sampled state) ------------------------------------------
    def rollout_action(self, game, seat: str, legal: list, rng: random.Random):
        first = legal[0]
        if len(legal) == 1:
            return first
        s = game.state
        kind = type(first)
        if kind is A.PlayCard:
            if rng.random() > ROLLOUT_GREEDY:
                return rng.choice(legal)
            leaks = seat == ABWEHR and leak_cards_on(s)
            row = _card_values(tuple(row_options(s.tableau[seat])), leaks)
            return PLAY[best_card(row, [a.card for a in legal], rng)]
        if kind is A.Draw:
            weights = ABWEHR_DRAWS if seat == ABWEHR and leak_cards_on(s) else LCS_DRAWS
            # rng.choices(legal, cum_weights=...)[0], written out: the same draw and bisection
            cum = _draw_cum_weights(weights is ABWEHR_DRAWS, legal)
            return legal[bisect.bisect(cum, rng.random() * (cum[-1] + 0.0), 0, len(legal) - 1)]
        if kind is A.SpyKeep or kind is A.Recover:
            # row_options: state_option of each slot (by id() where shared), without a comprehension
            return max(legal, key=_noisy_value(_card_values(tuple(row_options(s.tableau[seat])), None), rng.random))
        if isinstance(first, A.Assess):
            for a in legal:
                if isinstance(a, A.PlayUltra):
                    return a
            opp = LCS if seat == ABWEHR else ABWEHR
            if seat == self.modelled_seat and s.bet_shown.get(opp):
                return BET_ACTION[s.bets[opp]]  # it saw the other bet (Ultra, B3): copying is never worse
            if seat == self.modelled_seat:
                return BET_ACTION[sample_bet(  # row_options: state_option of each slot, by id() where shared
                    self.modelled_bets, seat, row_options(s.tableau[seat]), s.hands[seat],
                    row_options(s.tableau[opp]), rng)]
            mine = best_key(row_options(s.tableau[seat]))
            theirs = best_key(row_options([sl for sl in s.tableau[opp] if sl.face_up]))
            bet = seat if mine + rng.randint(-128, 128) >= theirs else opp
            return BET_ACTION[bet]
        if kind is A.FixCard:
            # best_key of the tableau with the slot fixed: the other slots folded once
            return max(legal, key=_slot_values(s.tableau[seat], lambda a: ((a.value,), (a.colour,))))
        if kind is A.Replace or kind is A.KeepCard:
            return max(legal, key=_slot_values(
                s.tableau[seat], lambda a: card_option(a.card) if type(a) is A.Replace else None))
        if isinstance(first, A.TakeEvidence):
            for a in legal:
                if a.token == "black":
                    return a
            return rng.choice(legal)
        if isinstance(first, A.Flip):
            colour = [a for a in legal if a.token not in WILD_TOKENS]
            if colour:
                return rng.choice(colour)
            interest = sector_interest(tokens_of(s))
            best = max(legal, key=lambda a: interest.get(a.sector, -1.0))
            return rng.choice([a for a in legal if a.sector == best.sector])
        return rng.choice(legal)
