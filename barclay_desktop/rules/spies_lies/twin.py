"""What a Spies & Lies seat may not know, for twin states (rules/core/twin.py).

Hidden from a seat (rulebook, S7, S9, S11): the face-down intelligence deck's order; the
shuffled face-down troops the opponent draws eliminations from (their order is hidden
from everyone); every troop under a mission that is neither face-up nor publicly known,
except the seat's own (in team play only its own two missions, plus the partner's two
while the Missions 3-4 player deploys); a hand the seat does not hold in front of it
(the other side's always; in team play the shared hand outside the seat's own deploy
turn); and the other side's intelligence chips until the intelligence phase ends.

The twin puts the hidden troops of each side in other hidden places at random, so that
the line-up stays one the rules allow (strict mode: in order, chips truthful but the
Sergeant's) and every chip the seat sees still fits.
"""

from __future__ import annotations

from .data import intel_cards
from .lineup import SERGEANT, can_complete, out_of_order
from .state import SIDES

ATTEMPTS = 40


def scramble(game, state, seat: str | None, rng) -> None:
    rng.shuffle(state.deck)
    for side in SIDES:
        rng.shuffle(state.side(side).pool)
        _rearrange_troops(game, state, seat, side, rng)


def _rearrange_troops(game, state, seat, side, rng) -> None:
    me = state.side(side)
    hidden_slots = [m for m in range(4) if me.slots[m] and not game.sees_slot(seat, side, m)]
    hand_hidden = not game.sees_hand(seat, side)
    pool = [me.slots[m] for m in hidden_slots] + (list(me.hand) if hand_hidden else [])
    if not hidden_slots or len(pool) < 2:
        return
    real = (list(me.slots), list(me.hand), list(me.chips))
    for _ in range(ATTEMPTS):
        ranks = pool[:]
        rng.shuffle(ranks)
        placed = ranks[: len(hidden_slots)]
        if not state.open_table:
            placed = _in_order(placed, rng)  # strict deployment never allows anything else (S9)
        for m, rank in zip(hidden_slots, placed):
            me.slots[m] = rank
        if hand_hidden:
            me.hand = sorted(ranks[len(hidden_slots):])  # the game keeps hands sorted
        me.chips = _chips_for(game, state, seat, side, real[2])
        if _fits(game, state, seat, side):
            return
    me.slots, me.hand, me.chips = real


def _in_order(ranks: list[int], rng) -> list[int]:
    """The non-Sergeant ranks ascending; the Sergeant anywhere."""
    normal = sorted(r for r in ranks if r != SERGEANT)
    if SERGEANT in ranks:
        normal.insert(rng.randrange(len(normal) + 1), SERGEANT)
    return normal


def _chips_for(game, state, seat, side, chips: list[int]) -> list[int]:
    """Strict mode: chips the app placed stay truthful for the new troops (S9); a chip the seat
    sees must still fit, which `_fits` checks. The undecided chip is the Sergeant's, else the
    seat's first mission's (flow._mark_truthfully)."""
    if state.open_table or state.phase != "intel" or game.sees_chips(seat, side):
        return list(chips)
    me = state.side(side)
    listed = intel_cards()[state.current_intel]
    out = list(chips)
    for owner in _seats_of(game, state, side):
        mine = list(game.missions_of(owner))
        undecided = any(chips[m] == -1 for m in mine)
        sergeant = next((m for m in mine if me.slots[m] == SERGEANT), None)
        left_open = sergeant if sergeant is not None else mine[0]
        for m in mine:
            if m == left_open and undecided:
                out[m] = -1
            elif me.slots[m] == SERGEANT:
                out[m] = chips[m] if chips[m] != -1 else 0
            else:
                out[m] = 1 if me.slots[m] in listed else 0
    return out


def _seats_of(game, state, side: str) -> list[str]:
    return [side + "1", side + "2"] if state.teams else [side]


def _fits(game, state, seat, side) -> bool:
    me = state.side(side)
    if not state.open_table:
        if out_of_order(me.slots) is not None:
            return False
        if state.phase == "deploy" and not can_complete(me.slots, me.hand):
            return False
        if state.phase in ("intel", "mission", "over") and game.sees_chips(seat, side) and state.current_intel:
            listed = intel_cards()[state.current_intel]
            for m, rank in enumerate(me.slots):
                chip = me.chips[m]
                if rank and rank != SERGEANT and chip != -1 and chip != (rank in listed):
                    return False
    return True
