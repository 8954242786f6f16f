"""The Easy Barclay player: sensible single-step rules, no look-ahead.

It plays the card that leaves the best reachable hand, bets on the stronger visible
hand, draws from a Double-Cross card it knows when that card helps, fixes and replaces
for the best hand, and flips where the tokens teach the most. It reads only the view.
"""

from __future__ import annotations


from barclay_desktop.rules.barclay import actions as A
from barclay_desktop.rules.barclay.state import WILD_TOKENS, other

from ..base import Player
from .knowledge import (
    ICON_WEIGHT,
    best_key,
    card_icons,
    card_option,
    card_steps,
    free_slots,
    leaks_on,
    play_value,
    potential,
    sector_interest,
    slot_option,
    without,
)

CATEGORY_STEP = 256  # HandRank.key: one category is worth 256


def my_options(view: dict) -> list:
    return [slot_option(s) for s in view["tableau"][view["seat"]]]


def _hand_value(view: dict, committed: list, pool: list[str]) -> int:
    """Best reachable hand key after committing `committed` (a view of my tableau plus picks)."""
    x3, x2 = free_slots(view["step"], len(committed))
    return potential(committed, pool, x3, x2)


def play_score(view: dict, cid: str) -> float:
    """How good playing `cid` now is: the best hand still reachable, plus its icons."""
    mine = my_options(view)
    x3, x2 = free_slots(view["step"], len(mine) + 1)
    value = play_value(view["seat"], mine, without(view["hand"], cid), cid, x3, x2, leaks_on(view))
    if view["step"] == "play3" and "x3" in card_steps(cid) and "x2" not in card_steps(cid):
        value += 4  # an x3-only card is dead weight later; use it while it can be played
    return value


def keep_score(view: dict, cid: str, hand: list[str]) -> float:
    """How much `cid` would add to my reachable hand if it joined `hand`."""
    mine = my_options(view)
    x3, x2 = free_slots(view["step"], len(mine))
    if x3 + x2 == 0:
        x3, x2 = 3, 2  # between months a card is for next month's hand
        mine = []
    return potential(mine, hand + [cid], x3, x2) + ICON_WEIGHT * card_icons(cid) - potential(mine, hand, x3, x2)


def visible_strength(view: dict, seat: str) -> int:
    """A rough key for `seat`'s final hand from what I see of it."""
    opts = [slot_option(s) for s in view["tableau"][seat]]
    if seat == view["seat"]:
        return _hand_value(view, opts, list(view["hand"]))
    # Their hidden cards: assume one more card pairs up with what is showing.
    return best_key(opts) + CATEGORY_STEP // 2


class EasyPlayer(Player):
    level = "easy"

    def decide(self, view: dict, legal: list):
        kind = type(legal[0])
        handler = _HANDLERS.get(kind)
        if handler is None:
            return self.rng.choice(legal)
        return handler(self, view, legal)

    # ----- one method per decision ---------------------------------------------------
    def setup(self, view, legal):
        for a in legal:
            if isinstance(a, (A.RandomLayout, A.RandomArrangement)):
                return a  # B13: a random layout gives the Abwehr nothing to read
        return self.rng.choice(legal)

    def play(self, view, legal):
        return self._best(legal, lambda a: play_score(view, a.card))

    def play_blank(self, view, legal):
        # Nothing else is possible: give up the card I value least.
        return self._best(legal, lambda a: -keep_score(view, a.card, without(view["hand"], a.card)))

    def discard(self, view, legal):
        return self._best(legal, lambda a: -keep_score(view, a.card, without(view["hand"], a.card)))

    def draw(self, view, legal):
        sources = {a.source: a for a in legal}
        top = view.get("dc_top_known") or []
        if "dc" in sources and top and keep_score(view, top[0], list(view["hand"])) > CATEGORY_STEP // 2:
            return sources["dc"]
        # The Abwehr's own deck holds its leak cards (B14), worth an extra flip each when on.
        own_share = 0.5 if view["seat"] == "abwehr" and leaks_on(view) else 0.3
        if "own" in sources and (self.rng.random() < own_share or "channels" not in sources):
            return sources["own"]
        return sources.get("channels") or self.rng.choice(legal)

    def spy_keep(self, view, legal):
        return self._best(legal, lambda a: keep_score(view, a.card, list(view["hand"])))

    def recover(self, view, legal):
        return self._best(legal, lambda a: keep_score(view, a.card, list(view["hand"])))

    def reorder(self, view, legal):
        # The best card for me goes on top: I draw next.
        def score(a):
            return sum(keep_score(view, c, list(view["hand"])) / (i + 1) for i, c in enumerate(a.order))

        return self._best(legal, score)

    def assess(self, view, legal):
        for a in legal:
            if isinstance(a, A.PlayUltra):
                return a  # Ultra shows the Abwehr's bet and draws a card: always worth it
        me = view["seat"]
        mine, theirs = visible_strength(view, me), visible_strength(view, other(me))
        bet = me if mine >= theirs else other(me)
        return next(a for a in legal if isinstance(a, A.Assess) and a.bet == bet)

    def fix(self, view, legal):
        slots = view["tableau"][view["seat"]]

        def score(a):
            opts = [slot_option(s) for s in slots]
            opts[a.slot] = ((a.value,), (a.colour,))
            return best_key(opts)

        return self._best(legal, score)

    def replace(self, view, legal):
        slots = view["tableau"][view["seat"]]

        def score(a):
            opts = [slot_option(s) for s in slots]
            if isinstance(a, A.Replace):
                opts[a.slot] = card_option(a.card)
                return best_key(opts) + ICON_WEIGHT * card_icons(a.card)
            return best_key(opts)

        return self._best(legal, score)

    def take_evidence(self, view, legal):
        interest = sector_interest(view["tokens"])

        def score(a):
            if a.token == "black":
                return max(interest.values(), default=0.0) + 0.5
            return interest.get(a.token, -1.0)

        return self._best(legal, score)

    def flip(self, view, legal):
        interest = sector_interest(view["tokens"])
        # Colour tokens first: the black one is worth more once they have taught what they can.
        colour = [a for a in legal if a.token not in WILD_TOKENS]
        pool = colour or legal
        best = max(interest.get(a.sector, -1.0) for a in pool)
        choices = [a for a in pool if interest.get(a.sector, -1.0) >= best - 1e-9]
        return self.rng.choice(choices)  # spaces within a sector are alike to the Abwehr

    def _best(self, legal, score):
        scored = [(score(a), i) for i, a in enumerate(legal)]
        top = max(s for s, _ in scored)
        return legal[self.rng.choice([i for s, i in scored if s >= top - 1e-9])]


_HANDLERS = {
    A.ChooseRoles: EasyPlayer.setup,
    A.RandomLayout: EasyPlayer.setup,
    A.ArrangeSector: EasyPlayer.setup,
    A.RandomArrangement: EasyPlayer.setup,
    A.PlayCard: EasyPlayer.play,
    A.PlayBlank: EasyPlayer.play_blank,
    A.DiscardUnplayable: EasyPlayer.discard,
    A.Draw: EasyPlayer.draw,
    A.SpyKeep: EasyPlayer.spy_keep,
    A.Recover: EasyPlayer.recover,
    A.Reorder: EasyPlayer.reorder,
    A.Assess: EasyPlayer.assess,
    A.PlayUltra: EasyPlayer.assess,
    A.FixCard: EasyPlayer.fix,
    A.Replace: EasyPlayer.replace,
    A.KeepCard: EasyPlayer.replace,
    A.TakeEvidence: EasyPlayer.take_evidence,
    A.Flip: EasyPlayer.flip,
}

__all__ = ["EasyPlayer"]
