"""Location cards (ADVANCED): the decks, stage step E and the conversion to AP.

Rulebook, Location Cards 1-4 (L399-L413) and Stage E (L191); rulings K2, K10, K12 and the proposals
of docs/stawka-advanced-plan.md (A1-A7). Each side's deck holds its cards whose location is on the
board (L401: 14 for the five sectors of "I Know Who You Are", L413). A deck has no order: each draw
takes a card at random with the game's seeded generator (A4), as the threat pools do (P1), so no view
or save can show what comes next. At step E, after the threat set-out (A1), each player tops his hand
up to the scenario's limit, the first player first (A7). A card may be discarded for +2 AP during an
own activation turn, one card a stage (Location Cards 4, A3); cards leave the hand face up (A6).
Hotel Excelsior's hotel card waits apart at the bottom and is never converted (hotel.py, F12, F14).
"""

from __future__ import annotations

import functools

from ..core.message import msg, nmsg
from . import actions as A
from . import content, hotel
from . import texts as T
from .rules import advanced, board, limit_left, ap_left
from .scenario_rules import scenario_rules
from .state import ACTIVATION, SIDES, other


@functools.lru_cache(maxsize=None)
def _cards(side: str) -> dict:
    return {c.id: c for c in content.location_cards(side)}


def card(card_id: str):
    """The location card `card_id` ("polish.gestapo"); KeyError if there is none."""
    side = card_id.split(".", 1)[0]
    if side not in SIDES:
        raise KeyError(card_id)
    return _cards(side)[card_id]


def deck_for(b, side: str) -> list[str]:
    """Location Cards 1 (L401): the side's cards whose location is on the board `b`, by id."""
    on_board = {s.id for s in b.locations()}
    return sorted(c.id for c in content.location_cards(side) if c.location in on_board)


def hand_limit(state) -> int:
    """The scenario's location card limit (its file's rules.location_card_limit; A2)."""
    return scenario_rules(state.scenario)["location_card_limit"]


def setup_location_cards(state) -> None:
    """Before the game (L401): each side's deck of the board's cards, no hands yet; nothing below ADVANCED."""
    if not advanced(state):
        return
    b = board(state)
    state.location_deck = {x: deck_for(b, x) for x in SIDES}
    state.location_hand = {x: [] for x in SIDES}
    state.location_discard = []
    state.location_converted = []
    hotel.set_apart(state)  # Hotel Excelsior: the hotel card at the bottom (L594, F12)


# ------------------------------------------------------------------ stage E


def stage_e(game) -> None:
    """Stage E (L191, L413): both top up to the limit, the player who activates first first (A7)."""
    s = game.state
    limit = hand_limit(s)
    for seat in (s.first, other(s.first)):
        draw(game, seat, limit - len(s.location_hand[seat]))


def draw(game, seat: str, n: int) -> list[str]:
    """Draw up to `n` cards from the seat's own deck (Location Cards 1); a spent deck gives what is left (A5)."""
    s = game.state
    deck = s.location_deck[seat]
    drawn = []
    for _ in range(max(n, 0)):  # one rng call a card, as before: the training scenarios draw the same cards
        if not deck and not hotel.bottom_joins(game, seat):  # F12: the bottom card comes last
            break
        drawn.append(deck.pop(s.rng.below(len(deck))))
    if not drawn:
        return []
    s.location_hand[seat].extend(drawn)
    game.reveal(msg("Location cards were drawn."))
    game.emit("location_drawn", nmsg("The {side} player draws {n} location card.",
                                     "The {side} player draws {n} location cards.", len(drawn),
                                     side=T.PLAYER_SIDE[seat], n=len(drawn)),
              seat=seat, count=len(drawn))
    game.emit("location_drawn_own", nmsg("You drew the location card: {cards}.", "You drew the location cards: {cards}.",
                                         len(drawn), cards=T.both(card_name(c) for c in drawn)),
              to=seat, cards=drawn)
    return drawn


def card_name(card_id: str):
    """A card is named by its location ("the Gestapo")."""
    return T.place(board_label(card(card_id).location))


@functools.lru_cache(maxsize=None)
def _labels() -> dict:
    from .scenario import board_for_scenario, scenario_ids

    out = {}
    for sid in scenario_ids():
        out.update({s.id: s.label for s in board_for_scenario(sid).locations()})
    return out


def board_label(location: str) -> str:
    return _labels().get(location, location)


# ------------------------------------------------------------------ conversion to AP (Location Cards 4)


NOT_YOUR_TURN_TO_CONVERT = msg("A location card is turned into AP during the activation turn of its owner.")


def owner_turn_block(state, seat: str, not_your_turn):
    """Why `seat` may do nothing with his location cards now (the rules level, the game's end, his activation
    turn - `not_your_turn` says what waits for it -, a decision under way, a stage given up), or None. Shared
    by the conversion (A3) and the special actions (A8)."""
    if not advanced(state):
        return msg("Location cards are part of the ADVANCED rules, not of this scenario.")
    if state.result is not None or state.winner is not None:
        return msg("The game is over.")
    if state.phase != ACTIVATION or state.turn != seat:
        return not_your_turn
    if state.pending:
        return msg("Finish the decision under way first.")
    if state.gave_up.get(seat):
        return msg("You gave up the rest of this stage.")
    return None


def conversion_block(state, seat: str):
    """Why `seat` may not turn a location card into AP now, as a sentence; None if he may (A3)."""
    why = owner_turn_block(state, seat, NOT_YOUR_TURN_TO_CONVERT)
    if why is not None:
        return why
    if seat in state.location_converted:
        return msg("You have already turned a location card into AP this stage: one card a stage.")
    if not state.location_hand.get(seat):
        return msg("You hold no location card.")
    if not convertible(state, seat):  # F14
        return msg("The hotel card is kept until it opens room 217: in this scenario it is not turned into AP.")
    return None


def convertible(state, seat: str) -> list[str]:
    """The cards of the hand that may be turned into AP: all but Hotel Excelsior's hotel card (F14)."""
    return sorted(c for c in state.location_hand.get(seat, ()) if not hotel.kept(state, c))


def can_convert(state, seat: str) -> bool:
    return conversion_block(state, seat) is None


def convert_actions(state, seat: str) -> list:
    if not can_convert(state, seat):
        return []
    return [A.ConvertLocationCard(c) for c in convertible(state, seat)]


def conversion_keeps_open(state) -> bool:
    """Does the conversion keep the current activation open (legal.continuations, A3)? Only while the pool,
    not the agent's AP limit, is what stops him: then the activation must not end under his owner."""
    act = state.activation
    if act is None or not advanced(state):
        return False
    seat = state.agents[act.agent].side
    return can_convert(state, seat) and ap_left(state, act.agent) < limit_left(state, act.agent)


def may_act_by_conversion(state, seat: str) -> bool:
    """A3: a player with an empty pool who may still convert a card, and has a free agent with AP limit left,
    is not skipped (rules.seat_can_act)."""
    if not advanced(state) or state.gave_up.get(seat) or seat in state.location_converted:
        return False
    if not convertible(state, seat):
        return False
    return any(a.side == seat and not a.arrested and limit_left(state, aid) > 0 for aid, a in state.agents.items())


def convert(game, card_id: str) -> None:
    """Location Cards 4: the card is discarded face up (A6) and the pool grows by 2 AP."""
    from .activation import finish_action
    from .flow import pass_turn
    from .rules import seat_can_act

    s = game.state
    seat = s.turn
    s.location_hand[seat].remove(card_id)
    s.location_discard.append(card_id)
    s.location_converted.append(seat)
    gain = content.location_card_conversion_ap()
    s.pools[seat] += gain
    game.emit("location_converted", msg("The {side} player turns the {card} card into {n} AP: the pool is {pool} AP.",
                                        side=T.PLAYER_SIDE[seat], card=card_name(card_id), n=gain, pool=s.pools[seat]),
              seat=seat, card=card_id, pool=s.pools[seat])
    if s.activation is not None:
        finish_action(game)  # nothing left to do even with the AP: the activation ends as after any step
    elif not seat_can_act(s, seat):
        pass_turn(game)


def ownership_block(state, seat: str, card_id: str):
    """Why `card_id` is no location card of `seat`'s (an unknown id, or the other network's card), or None."""
    try:
        c = card(card_id)
    except KeyError:
        return msg("There is no such location card.")
    if advanced(state) and c.side != seat:
        return msg("The {card} card is a {side} location card.", card=card_name(c.id), side=T.NETWORK_SIDE[c.side])
    return None


def explain_convert(state, seat: str, action) -> str:
    why = ownership_block(state, seat, action.card) or conversion_block(state, seat)
    if why is not None:
        return why
    if action.card not in state.location_hand[seat]:
        return msg("The {card} card is not in your hand.", card=card_name(action.card))
    if hotel.kept(state, action.card):  # F14
        return msg("The hotel card is kept until it opens room 217: in this scenario it is not turned into AP.")
    return msg("That is not a legal move right now.")


# ------------------------------------------------------------------ what each seat sees (K12)


def card_view(card_id: str) -> dict:
    c = card(card_id)
    return {"id": c.id, "side": c.side, "location": c.location, "label": board_label(c.location),
            "action": {"key": c.action.key, "params": dict(c.action.params), "text": c.action.text},
            "hideout": c.hideout}


def hand_view(state, seat: str | None) -> dict | None:
    """The seat's own hand face up; of the other hand its size only; decks as counts, never an order."""
    if not advanced(state):
        return None
    return {
        "hand": [card_view(c) for c in state.location_hand.get(seat, ())] if seat in SIDES else [],
        "hand_count": {x: len(state.location_hand.get(x, ())) for x in SIDES},
        "deck_count": {x: len(state.location_deck.get(x, ())) for x in SIDES},
        "bottom_count": {x: len(state.location_bottom.get(x, ())) for x in SIDES},  # F12: public, after the deck
        "discard": [card_view(c) for c in state.location_discard],
        "limit": hand_limit(state),
        "converted": {x: x in state.location_converted for x in SIDES},
        "can_convert": seat in SIDES and can_convert(state, seat),
        "conversion_ap": content.location_card_conversion_ap(),
        "arrest_bonus": dict(state.arrest_bonus),  # A24: the location cards' arrest bonus this stage, public
    }


def hidden_cards(state, seat: str | None) -> list[str]:
    """The location cards `seat` may not know the place of: the other side's hand and deck (both for an onlooker)."""
    out = []
    for x in SIDES:
        if x != seat:
            out += list(state.location_hand.get(x, ())) + list(state.location_deck.get(x, ()))
    return out


def scramble(state, seat: str | None, rng) -> None:
    """Twin (K12): the other side's hand is redealt from its hand and deck, the hand's size kept."""
    if not advanced(state):
        return
    for x in SIDES:
        if x == seat:
            continue
        hand, deck = state.location_hand.get(x, []), state.location_deck.get(x, [])
        cards = hand + deck
        rng.shuffle(cards)
        state.location_hand[x] = cards[:len(hand)]
        state.location_deck[x] = sorted(cards[len(hand):])


def check_invariants(state) -> None:
    """K10: each card of a side in exactly one of deck, hand, discard; exactly the board's cards; none below
    ADVANCED; one conversion a stage."""
    if not advanced(state):
        assert not (state.location_deck or state.location_hand or state.location_discard
                    or state.location_converted or state.arrest_bonus or any(state.location_bottom.values())), \
            msg("location cards are in a game without the ADVANCED rules")
        return
    b = board(state)
    for x in SIDES:
        places = (list(state.location_deck.get(x, ())) + list(state.location_hand.get(x, ()))
                  + list(state.location_bottom.get(x, ()))
                  + [c for c in state.location_discard if c.startswith(x + ".")])
        assert sorted(places) == deck_for(b, x), msg("a location card is missing or in two places")
    assert set(state.location_discard) <= {c for x in SIDES for c in deck_for(b, x)}, \
        msg("a location card is missing or in two places")
    assert hotel.bottom_ok(state), msg("a location card is held at the bottom outside its scenario")
    conv = state.location_converted
    assert set(conv) <= set(SIDES) and len(set(conv)) == len(conv), \
        msg("a player turned more than one location card into AP this stage")
