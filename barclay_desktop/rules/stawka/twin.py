"""What a Stawka seat may not know, for twin states (rules/core/twin.py).

K12: items kept face-down, the order of every item stack, and (K7) the opponent's
planning card until both are revealed. An item tile's back shows its location, so the
twin exchanges only tiles of the same location that the seat has never been shown:
between the stacks (any depth) and the other network's face-down items, a reusable ('*')
tile never going to a hand (it would be face up there). The other
network's planning card, when chosen and not yet revealed, is another card it could
have chosen. Tiles in a decision being made stay where they are.
"""

from __future__ import annotations

import attrs

from . import location_cards, missions, radio_view, reaction_cards
from .flow import available_cards
from .rules import advanced, item
from .state import PLANNING, SIDES
from .threats import unseen_tokens


def scramble(game, state, seat: str | None, rng) -> None:
    _other_plans(state, seat, rng)
    _exchange_tiles(state, seat, rng)
    _other_threats(state, seat, rng)
    missions.scramble(state, seat, rng)  # K12: the other network's unrevealed mission cards (P16)
    location_cards.scramble(state, seat, rng)  # K12: the other hand of location cards, redealt from hand and deck
    reaction_cards.scramble(state, seat, rng)  # K12: the deck and the other reaction hand, redealt
    radio_view.scramble(state, seat, rng)  # K12: the hidden radio station, within what the seat was told (F9)


def _other_threats(state, seat, rng) -> None:
    """The opponent's threat tokens whose face `seat` does not know change places among pool, hand and the
    face-down tokens on the board (K8, K12); where tokens lie and whose they are stays."""
    unseen = set(unseen_tokens(state, seat))
    for side in SIDES:
        places = [("pool", i) for i, t in enumerate(state.threat_pool.get(side, ())) if t in unseen]
        places += [("hand", i) for i, t in enumerate(state.threat_hand.get(side, ())) if t in unseen]
        places += [("board", sp) for sp, t in sorted(state.threats.items()) if t.side == side and t.id in unseen]
        tokens = [_token_at(state, side, p) for p in places]
        new = tokens[:]
        rng.shuffle(new)
        renamed = dict(zip(tokens, new))
        for p, t in zip(places, new):
            _put_token(state, side, p, t)
        # the other network's peeks follow the tokens: it knows what lies where it looked
        for x in SIDES:
            if x != seat:
                state.threat_seen[x] = [renamed.get(t, t) for t in state.threat_seen.get(x, ())]


def _token_at(state, side, place) -> str:
    kind, key = place
    if kind == "board":
        return state.threats[key].id
    return (state.threat_pool if kind == "pool" else state.threat_hand)[side][key]


def _put_token(state, side, place, token_id: str) -> None:
    kind, key = place
    if kind == "board":
        state.threats[key] = attrs.evolve(state.threats[key], id=token_id)
    else:
        (state.threat_pool if kind == "pool" else state.threat_hand)[side][key] = token_id


def _other_plans(state, seat, rng) -> None:
    if state.phase != PLANNING:
        return
    for side in SIDES:
        if side != seat and state.chosen.get(side) is not None and not state.revealed.get(side):
            state.chosen[side] = rng.choice([c.id for c in available_cards(state, side)])


def known_tiles(state, seat: str | None) -> set[str]:
    if seat is None:
        return set(state.seen[SIDES[0]]) & set(state.seen[SIDES[1]])
    return set(state.seen[seat])


def _exchange_tiles(state, seat, rng) -> None:
    known = known_tiles(state, seat)
    for p in state.pending:
        known.update(p.items)
    places = []  # (stack location or agent id, index)
    for loc, stack in state.stacks.items():
        places += [("stack", loc, i) for i, t in enumerate(stack) if t not in known]
    for aid, agent in state.agents.items():
        if agent.side == seat:
            continue
        places += [("agent", aid, i) for i, t in enumerate(agent.items) if t not in known and not item(t).reusable]
    by_location: dict[tuple, list] = {}
    for p in places:
        t = item(_get(state, p))
        # a reusable ('*') tile is shown face up once held: a face-down one is known not to be one
        by_location.setdefault((t.location, t.reusable), []).append(p)
    renamed = {}
    for group in by_location.values():
        tiles = [_get(state, p) for p in group]
        new = tiles[:]
        rng.shuffle(new)
        if advanced(state):
            _no_casket_in_hand(group, tiles, new)
        for p, old, t in zip(group, tiles, new):
            _put(state, p, t)
            renamed[old] = t
    # the other network's memory follows its tiles: it knows what lies where it looked
    for side in SIDES:
        if side != seat:
            state.seen[side] = [renamed.get(t, t) for t in state.seen[side]]


def _no_casket_in_hand(group: list, tiles: list[str], new: list[str]) -> None:
    """A22: at ADVANCED a found casket is never kept (it gives a Top Secret card), so the seat knows a face-down
    held tile of its location is not the casket: one dealt to a hand changes places with a stack's tile."""
    for i, place in enumerate(group):
        if place[0] != "agent" or item(new[i]).effect != "top_secret_casket" or new[i] == tiles[i]:
            continue
        j = next((j for j, q in enumerate(group) if q[0] == "stack" and item(new[j]).effect != "top_secret_casket"),
                 None)
        if j is not None:
            new[i], new[j] = new[j], new[i]


def _get(state, place) -> str:
    kind, key, i = place
    return state.stacks[key][i] if kind == "stack" else state.agents[key].items[i]


def _put(state, place, tile: str) -> None:
    kind, key, i = place
    if kind == "stack":
        state.stacks[key][i] = tile
    else:
        state.agents[key].items[i] = tile

