"""Reaction cards (ADVANCED): the shared deck, stage step D, the hand limit and the discard.

Rulebook, Reaction Cards 1-6 (L415-L429), Stage D (L190), the planning card's reaction number (L107,
L181, K7); rulings K10, K12 and the proposals A4-A7 of docs/stawka-advanced-plan.md. One deck for both
players, with no order: each draw takes a card at random with the game's seeded generator (A4). At step
D, after the threat set-out and before step E (A1), each player draws the number on his planning card,
the player who activates first first (A7). Over the limit of 3 he has drawn and looked, and then
discards down one card at a time (a pending "reaction_discard" of his), before the other player draws.
Discarded cards lie face up; the deck is rebuilt from them at the draw that finds it empty (A5, L427).
Playing the cards (the windows, blocks and effects) is the plan's steps 5-6.
"""

from __future__ import annotations

import functools

from ..core.message import Message, msg, nmsg, pmsg
from . import actions as A
from . import content
from . import texts as T
from .rules import advanced
from .state import ACTIVATION, SIDES, Pending, other

COLOUR_WORDS = {"red": pmsg("reaction colour", "red"), "purple": pmsg("reaction colour", "purple"),
                "yellow": pmsg("reaction colour", "yellow")}


@functools.lru_cache(maxsize=None)
def _cards() -> dict:
    return {c.id: c for c in content.reaction_cards()}


def card(card_id: str):
    """The reaction card `card_id` ("reaction.7"); KeyError if there is none."""
    return _cards()[card_id]


def all_cards() -> list[str]:
    return sorted(_cards())


def hand_limit() -> int:
    return content.reaction_hand_limit()  # Reaction Cards 5: 3


def card_name(card_id: str, side: str):
    """A card as its holder reads it: its colour and his half's text."""
    c = card(card_id)
    half = c.half(side)
    return msg("{colour} card \"{text}\"", colour=COLOUR_WORDS[c.colour], text=Message(half.text))


def setup_reaction_cards(state) -> None:
    """Before the game (L417): the whole deck beside the table, no hands; nothing below ADVANCED."""
    if not advanced(state):
        return
    state.reaction_deck = all_cards()
    state.reaction_hand = {x: [] for x in SIDES}
    state.reaction_discard = []


# ------------------------------------------------------------------ stage D


def stage_d(game) -> bool:
    """Stage D (L190): both draw by their planning cards, the first player first (A7); True while a player
    discards down to the limit (the activations then begin from `discard`)."""
    s = game.state
    return _draw_in_turn(game, [s.first, other(s.first)])


def _draw_in_turn(game, seats: list[str]) -> bool:
    from .flow import plan_card

    s = game.state
    while seats:
        seat = seats.pop(0)
        draw(game, seat, plan_card(s.revealed[seat]).reaction_cards)
        if open_discard(game, seat, {"then": "stage_d", "seats": seats}):
            s.phase, s.turn = ACTIVATION, None  # between the set-out and the first activation: nobody's turn
            return True
    return False


def draw(game, seat: str, n: int) -> list[str]:
    """Draw `n` cards at random from the deck (A4); a spent deck is rebuilt from the discard first (A5)."""
    s = game.state
    drawn = []
    for _ in range(max(n, 0)):
        if not s.reaction_deck:
            if not s.reaction_discard:
                break
            reshuffle(game)
        deck = s.reaction_deck
        drawn.append(deck.pop(s.rng.below(len(deck))))
    if not drawn:
        return []
    s.reaction_hand[seat].extend(drawn)
    game.reveal(msg("Reaction cards were drawn."))
    game.emit("reaction_drawn", nmsg("The {side} player draws {n} reaction card.",
                                     "The {side} player draws {n} reaction cards.", len(drawn),
                                     side=T.PLAYER_SIDE[seat], n=len(drawn)),
              seat=seat, count=len(drawn))
    game.emit("reaction_drawn_own", nmsg("You drew the reaction card: {cards}.", "You drew the reaction cards: {cards}.",
                                         len(drawn), cards=T.both(card_name(c, seat) for c in drawn)),
              to=seat, cards=drawn)
    return drawn


def reshuffle(game) -> None:
    """Reaction Cards 6 (L427, A5): only when the deck is spent, the used cards make the new deck."""
    s = game.state
    n = len(s.reaction_discard)
    s.reaction_deck = sorted(s.reaction_discard)
    s.reaction_discard = []
    game.emit("reshuffled", nmsg("The reaction deck is spent: the {n} used card is shuffled into a new deck.",
                                 "The reaction deck is spent: the {n} used cards are shuffled into a new deck.", n,
                                 n=n), deck="reaction", count=n)


# ------------------------------------------------------------------ the limit (Reaction Cards 5)


def open_discard(game, seat: str, then: dict) -> bool:
    """Over the limit after a draw: the drawing player's decision "reaction_discard"; `then` says what resumes
    ({"then": "stage_d", "seats": [...]} at step D, else the activation goes on). False if within the limit."""
    s = game.state
    if len(s.reaction_hand[seat]) <= hand_limit():
        return False
    s.pending.append(Pending("reaction_discard", seat, "", data=dict(then)))
    return True


def discard_actions(state, p) -> list:
    return [A.DiscardReaction(c) for c in sorted(state.reaction_hand[p.seat])]


def discard(game, card_id: str) -> None:
    """One card face up into the discard, without its effect (L426, A6); the decision stays until the hand is
    down to the limit."""
    s = game.state
    p = s.pending[0]
    seat = p.seat
    s.reaction_hand[seat].remove(card_id)
    s.reaction_discard.append(card_id)
    game.emit("reaction_discarded", msg("The {side} player discards the reaction card: {card}.",
                                        side=T.PLAYER_SIDE[seat], card=card_name(card_id, seat)),
              seat=seat, card=card_id)
    if len(s.reaction_hand[seat]) > hand_limit():
        return
    s.pending.pop(0)
    if p.data.get("then") == "stage_d":
        if _draw_in_turn(game, list(p.data.get("seats", ()))):
            return
        from .flow import start_activations

        start_activations(game)
        return
    from .activation import finish_action

    finish_action(game)


def explain_discard(state, seat: str, action) -> str:
    if not advanced(state):
        return msg("Reaction cards are part of the ADVANCED rules, not of this scenario.")
    if action.card not in _cards():
        return msg("There is no such reaction card.")
    if action.card not in state.reaction_hand.get(seat, ()):
        return msg("That reaction card is not in your hand.")
    return msg("A reaction card is discarded without effect only to come down to the limit of {n} after a draw.",
               n=hand_limit())


# ------------------------------------------------------------------ what each seat sees (K12)


def card_view(card_id: str, side: str | None = None) -> dict:
    """The whole card (both halves are printed on it, L423); `mine` names the half its holder uses."""
    c = card(card_id)

    def half(e):
        return {"key": e.key, "params": dict(e.params), "text": e.text}

    out = {"id": c.id, "colour": c.colour, "trigger": c.trigger, "block": c.block,
           "polish": half(c.polish), "german": half(c.german)}
    if side is not None:
        out["mine"] = side
    return out


def hand_view(state, seat: str | None) -> dict | None:
    """The seat's own hand face up; of the other hand its size only; the deck as a count, the discard public."""
    if not advanced(state):
        return None
    return {
        "hand": [card_view(c, seat) for c in state.reaction_hand.get(seat, ())] if seat in SIDES else [],
        "hand_count": {x: len(state.reaction_hand.get(x, ())) for x in SIDES},
        "deck_count": len(state.reaction_deck),
        "discard": [card_view(c) for c in state.reaction_discard],
        "limit": hand_limit(),
    }


def hidden_cards(state, seat: str | None) -> list[str]:
    """The cards whose place `seat` may not know: the deck and the other hand (both hands for an onlooker)."""
    out = list(state.reaction_deck)
    for x in SIDES:
        if x != seat:
            out += list(state.reaction_hand.get(x, ()))
    return out


def scramble(state, seat: str | None, rng) -> None:
    """Twin (K12): the cards `seat` has not seen (the deck and the other hand, or both hands) are redealt, the
    hand sizes kept."""
    if not advanced(state):
        return
    others = [x for x in SIDES if x != seat]
    cards = list(state.reaction_deck) + [c for x in others for c in state.reaction_hand.get(x, ())]
    rng.shuffle(cards)
    for x in others:
        n = len(state.reaction_hand.get(x, ()))
        state.reaction_hand[x], cards = cards[:n], cards[n:]
    state.reaction_deck = sorted(cards)


def check_invariants(state) -> None:
    """K10: every card in exactly one of the deck, a hand or the discard; hands within the limit except for the
    player discarding down; none below ADVANCED."""
    if not advanced(state):
        assert not (state.reaction_deck or state.reaction_hand or state.reaction_discard), \
            msg("reaction cards are in a game without the ADVANCED rules")
        return
    places = (list(state.reaction_deck) + list(state.reaction_discard)
              + [c for x in SIDES for c in state.reaction_hand.get(x, ())])
    assert sorted(places) == all_cards() and set(state.reaction_hand) <= set(SIDES), \
        msg("a reaction card is missing or in two places")
    discarding = {p.seat for p in state.pending if p.kind == "reaction_discard"}
    for x in SIDES:
        assert len(state.reaction_hand.get(x, ())) <= hand_limit() or x in discarding, \
            msg("a player holds more than {n} reaction cards", n=hand_limit())
