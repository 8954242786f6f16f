"""The Operation Barclay game state: plain data, cheap to clone (search needs <= 20 us)."""

from __future__ import annotations

import attrs

from ..core import Event, GameResult, Rng
from ..core.events import slot_setters
from ..core.message import Message, msg, pmsg

ABWEHR, LCS = "abwehr", "lcs"
SEATS = (ABWEHR, LCS)  # B4: the Abwehr always acts and resolves first
SECTORS = ("pink", "red", "blue", "green", "purple")  # B1, board order
SECTOR_NAMES = {  # Messages: the client shows them with i18n.translate()
    "pink": pmsg("sector", "South of France"),
    "red": pmsg("sector", "Sardinia/Corsica"),
    "blue": pmsg("sector", "Sicily"),
    "green": pmsg("sector", "Peloponnese"),
    "purple": pmsg("sector", "Dodecanese"),
}
EVIDENCE_TOKENS = SECTORS + ("black",)  # B1: one per colour plus black
# An Abwehr "leak" card (B14 design) gives one extra flip in any sector. It is not one of
# the six evidence tokens: it flips like black and is gone once used.
LEAK = "leak"
WILD_TOKENS = ("black", LEAK)
# Game option (issue 31): the leak cards are this edition's balance variant (README
# "Balance", B14), on unless a game is set up with the printed rule, where the Abwehr flips
# only for the evidence tokens it won (rulebook, "Token Actions").
LEAK_OPTION = "leak_cards"
ROLE_GREENS = {"primary": 4, "secondary": 3, "diversion": 2}
MONTHS = 6
HAND_SIZE = 4


def leak_cards_on(state) -> bool:
    """Do the leak cards leak in this game? Saves from before the option played with them."""
    return bool(state.options.get(LEAK_OPTION, True))


def leak_cards_text(on: bool) -> Message:
    """The option as a player reads it (log header, game-over page)."""
    if on:
        return msg("Leak cards: balance variant (Josephine and Cicero each give the Abwehr one more flip).")
    return msg("Leak cards: off, the printed rule (the Abwehr turns tokens only for the evidence it won).")


def other(seat: str) -> str:
    return LCS if seat == ABWEHR else ABWEHR


@attrs.frozen(slots=True)
class Slot:
    """One card on a tableau. `card` None is a pass with nothing to play (blank)."""

    card: str | None
    face_up: bool
    blank: bool = False  # B7: played as a blank, no value, colour, icons or effect
    replacement: str | None = None  # B6: lies on top; the replaced card keeps only its icons
    value: int | None = None  # fixed in Evidence Results for multi-value cards
    colour: str | None = None


@attrs.frozen(slots=True)
class Pending:
    """A decision the rules wait for, outside the normal turn order."""

    kind: str  # draw, spy_keep, reorder, recover, b7_discard, replace, fix, take_evidence, flip
    seat: str
    cards: tuple[str, ...] = ()
    slot: int = -1
    box: str = ""
    n: int = 0


def _pending_maker():
    """Pending(kind, seat, cards, slot, box, n) filled through its slots: the same frozen value
    in about two thirds of the instructions of attrs' __init__, which sets each of the six
    fields through object.__setattr__ (a game makes some 15 Pendings: Active Agents, replaces,
    ties, looks). Only while Pending is the six-slot class it is now; else the class itself."""
    setters = slot_setters(Pending, ("kind", "seat", "cards", "slot", "box", "n"))
    if setters is None:
        return Pending
    new = Pending.__new__
    s_kind, s_seat, s_cards, s_slot, s_box, s_n = setters

    def make(kind: str, seat: str, cards: tuple = (), slot: int = -1, box: str = "", n: int = 0) -> Pending:
        p = new(Pending)
        s_kind(p, kind)
        s_seat(p, seat)
        s_cards(p, cards)
        s_slot(p, slot)
        s_box(p, box)
        s_n(p, n)
        return p

    return make


new_pending = _pending_maker()


def _slot_maker():
    """Slot(card, face_up, blank, replacement, value, colour) filled through its slots, as
    new_pending is made: a fix or a replacement makes a new Slot (the played ones are shared).
    Only while Slot is the six-slot class it is now; else the class itself."""
    setters = slot_setters(Slot, ("card", "face_up", "blank", "replacement", "value", "colour"))
    if setters is None:
        return Slot
    new = Slot.__new__
    s_card, s_face_up, s_blank, s_replacement, s_value, s_colour = setters

    def make(card, face_up: bool, blank: bool = False, replacement=None, value=None, colour=None) -> Slot:
        slot = new(Slot)
        s_card(slot, card)
        s_face_up(slot, face_up)
        s_blank(slot, blank)
        s_replacement(slot, replacement)
        s_value(slot, value)
        s_colour(slot, colour)
        return slot

    return make


new_slot = _slot_maker()


@attrs.define(slots=True)
class BarclayState:
    rng: Rng
    log: list[Event]
    result: GameResult | None = None
    step: str = "setup_roles"  # setup_roles, setup_arrange, play3, assess, play2, results
    month: int = 1
    options: dict = attrs.field(factory=dict)
    decks: dict[str, list[str]] = attrs.field(factory=dict)  # channels, dc, lcs, abwehr (top = end)
    hands: dict[str, list[str]] = attrs.field(factory=dict)
    discards: dict[str, list[str]] = attrs.field(factory=dict)
    tableau: dict[str, list[Slot]] = attrs.field(factory=dict)
    ultra: str | None = None  # B3: Ultra lies beside the LCS tableau this month
    roles: dict[str, str] = attrs.field(factory=dict)  # sector -> role; LCS secret
    layout: dict[str, list[str]] = attrs.field(factory=dict)  # sector -> 5 x "green"/"red"; LCS secret
    arranged: list[str] = attrs.field(factory=list)  # sectors whose tokens the LCS has laid out
    revealed: dict[str, list[bool]] = attrs.field(factory=dict)
    boxes: dict[str, list[str]] = attrs.field(factory=dict)  # alpha, beta, recon -> evidence tokens
    won: list[str] = attrs.field(factory=list)  # evidence tokens the Abwehr won and has yet to use
    spent: list[str] = attrs.field(factory=list)  # evidence tokens used, lost or won by the LCS this month
    bets: dict[str, str | None] = attrs.field(factory=dict)  # seat -> "abwehr"/"lcs" (whose hand is best)
    bet_shown: dict[str, bool] = attrs.field(factory=dict)
    pending: list[Pending] = attrs.field(factory=list)  # first item is the decision now
    queue: list[list] = attrs.field(factory=list)  # results effects still to resolve: [kind, seat, slot]
    dc_known: dict[str, list[str]] = attrs.field(factory=dict)  # B12: cards each seat knows are in the DC deck
    dc_top_known: dict[str, int] = attrs.field(factory=dict)  # how many top DC cards each seat knows in order
    month_report: dict = attrs.field(factory=dict)  # the last Evidence Results, public
    stats: dict[str, dict[str, int]] = attrs.field(factory=dict)

    def clone(self) -> "BarclayState":
        return BarclayState(
            self.rng.clone(),
            self.log[:],
            self.result,
            self.step,
            self.month,
            self.options,
            {k: v[:] for k, v in self.decks.items()},
            {k: v[:] for k, v in self.hands.items()},
            {k: v[:] for k, v in self.discards.items()},
            {k: v[:] for k, v in self.tableau.items()},
            self.ultra,
            self.roles,  # never mutated after setup; replaced whole
            {k: v[:] for k, v in self.layout.items()},
            self.arranged[:],
            {k: v[:] for k, v in self.revealed.items()},
            {k: v[:] for k, v in self.boxes.items()},
            self.won[:],
            self.spent[:],
            dict(self.bets),
            dict(self.bet_shown),
            self.pending[:],
            [q[:] for q in self.queue],
            {k: v[:] for k, v in self.dc_known.items()},
            dict(self.dc_top_known),
            {k: (v.copy() if isinstance(v, (dict, list)) else v) for k, v in self.month_report.items()},
            {k: dict(v) for k, v in self.stats.items()},
        )
