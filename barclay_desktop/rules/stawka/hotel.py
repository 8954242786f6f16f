"""Hotel Excelsior (issue 36, step 2 of docs/stawka-film-plan.md): room 217's rules block and its three rules.

Rulebook, Film Scenario: Hotel Excelsior (L583-L611), "Room 217" (L594) and its victory conditions (L598);
rulings A4, A9, A22 and the proposals F12-F16 of the film plan (section 8):

- F12: each side's hotel card is held apart from its deck (`state.location_bottom`, public) and joins it at
  the first draw that finds the deck empty (location_cards.draw);
- F13: the gate is each player's own: below the block's `vp_gate` VP his agents may not search the hotel (by
  action or by a card) and he may not play his hotel card (location_hooks.room_217_ready);
- F14: the hotel card is kept until it wins: never turned into AP (its hideout is false in the content);
- F15: room 217 is read from the block, so no other scenario (a free one included) ever opens it (A9).

Every function here is a no-op outside a scenario whose rules block names `"special": "room_217"`.
"""

from __future__ import annotations

from ..core.message import msg
from . import texts as T
from .film import block_location
from .scenario_rules import scenario_rules
from .state import SIDES

SPECIAL = "room_217"


def check_block(block: dict, scenario_id: str) -> None:
    """The "room_217" block: {"vp_gate": N >= 1, "location": a board location, "bottom_card": a card's place}."""
    gate = block.get("vp_gate")
    if not isinstance(gate, int) or gate < 1:
        raise ValueError(f"scenario {scenario_id!r}: 'room_217' needs 'vp_gate', a count of 1 or more")
    for key in ("location", "bottom_card"):
        if not isinstance(block.get(key), str) or not block[key]:
            raise ValueError(f"scenario {scenario_id!r}: 'room_217' needs {key!r}, a location's name")
    block_location(scenario_id, SPECIAL, block["location"])  # refused here, not in the middle of a game


def block(state):
    """The scenario's room 217 block, or None: the one test every hook below starts with (A9)."""
    rules = scenario_rules(state.scenario)
    return rules[SPECIAL] if rules["special"] == SPECIAL else None


def hotel_location(state) -> str | None:
    b = block(state)
    return block_location(state.scenario, SPECIAL, b["location"]) if b else None


def bottom_card(state, side: str) -> str | None:
    """F12: the side's card held at the bottom ("polish.hotel"), or None outside Hotel Excelsior."""
    b = block(state)
    return f"{side}.{b['bottom_card']}" if b else None


def vp_gate(state) -> int:
    b = block(state)
    return int(b["vp_gate"]) if b else 0


def hotel_closed(state, seat: str) -> bool:
    """F13 (L594, L598): the hotel is closed to `seat` until he has the gate's VP; the opponent's VP open nothing."""
    b = block(state)
    return b is not None and state.vp.get(seat, 0) < int(b["vp_gate"])


def search_closed(state, seat: str, space: str) -> bool:
    """F13: may `seat`'s agents not search `space` (the search action or a card's search)?"""
    return hotel_closed(state, seat) and space == hotel_location(state)


def closed_reason(state, seat: str):
    """The sentence for every refusal the gate makes (a search, the hotel card)."""
    return msg("The hotel is closed to you until you have {gate} VP (you have {vp}): nobody searches it or plays "
               "the hotel card before that.", gate=vp_gate(state), vp=state.vp.get(seat, 0))


def kept(state, card_id: str) -> bool:
    """F14: the hotel card of Hotel Excelsior is never turned into AP; it is kept until it wins."""
    b = block(state)
    return b is not None and card_id.split(".", 1)[-1] == b["bottom_card"]


# ------------------------------------------------------------------ the card at the bottom (F12, A4)


def set_apart(state) -> None:
    """Before the game (L594): each side's hotel card leaves its deck for the bottom, where all can see it."""
    if block(state) is None:
        return
    for side in SIDES:
        c = bottom_card(state, side)
        if c in state.location_deck.get(side, ()):
            state.location_deck[side].remove(c)
            state.location_bottom[side] = [c]


def setup_text(state):
    """The public line of the set-up (section 3 of the plan: "each hotel card goes to the bottom")."""
    if not any(state.location_bottom.get(x) for x in SIDES):
        return None
    return msg("Each player's hotel card goes to the bottom of his location deck: it is drawn only after all the "
               "others.")


def bottom_joins(game, seat: str) -> bool:
    """F12: a draw finding the deck empty takes the card held at the bottom; True if one joined the deck."""
    s = game.state
    bottom = s.location_bottom.get(seat)
    if not bottom:
        return False
    s.location_deck[seat].extend(bottom)
    bottom.clear()
    game.emit("location_bottom", msg("The {side} location deck is spent: the hotel card at its bottom comes next.",
                                     side=T.NETWORK_SIDE[seat]), seat=seat)
    return True


def bottom_ok(state) -> bool:
    """Invariant: only the scenario's bottom card of each side is ever held apart, and only in its scenario."""
    return all(list(state.location_bottom.get(x, ())) in ([], [bottom_card(state, x)]) if block(state)
               else not state.location_bottom.get(x) for x in SIDES)
