"""Queries the BASIC rules ask of a state: AP, items in effect, movement, what an agent may do.

Pure functions of the state; nothing here changes it. The board and the
content come from the loaders (scenario.py, content.py), never re-typed here.
"""

from __future__ import annotations

import functools
from collections import deque

from ..core.message import msg
from . import content, hotel
from .scenario import board_for_scenario
from .state import MARKERS_MAX, TRACK_MAX, other

MOVE_ONLY_MIN_AP = 2  # rulebook, Activating an Agent 1-2: only movement needs at least 2 AP (2 spaces)
CONVERSATION_AP = 1  # Activating an Agent 3
SEARCH_AP = 2

# K5: investigation ranges and their conversation modifier against the burdened agent.
TRACK_RANGES = (
    (0, 2, "under observation", 0),
    (3, 5, "located", 1),
    (6, 7, "suspected", 2),
    (8, 9, "wanted", 3),
    (10, 10, "exposed", 3),  # the rulebook prints no further bonus at 10 (docs/stawka-rules-notes.md)
)
SECRET_MIN_EVIDENCE = 3  # K4 / K5: a secret needs the target to hold at least 3 evidence


def extended(state) -> bool:
    """The EXTENDED rules are in play (EXTENDED or ADVANCED scenarios; the levels are basic, extended, advanced).
    A plain comparison: the movement rules ask it thousands of times a decision."""
    return state.level != "basic"


def advanced(state) -> bool:
    """The ADVANCED rules are in play: location and reaction cards (issue 35; K11)."""
    return state.level == "advanced"


def board(state):
    return board_for_scenario(state.scenario)


@functools.lru_cache(maxsize=None)
def _adjacency(scenario_id: str, side: str) -> dict:
    """Neighbours by space for one network, read once from the Board (movement asks thousands of times)."""
    b = board_for_scenario(scenario_id)
    return {sid: b.neighbours(sid, side) for sid in b.spaces}


@functools.lru_cache(maxsize=None)
def _items_by_id():
    return {t.id: t for t in content.items()}


def item(item_id: str):
    return _items_by_id()[item_id]


@functools.lru_cache(maxsize=None)
def tile_ids_at(location_id: str) -> tuple[str, ...]:
    """The ids of a location's five tiles (content.items_at scans all 130 tiles)."""
    return tuple(t.id for t in content.items_at(location_id))


def doc(state, agent_id: str):
    return _document(agent_id, state.agents[agent_id].document)


@functools.lru_cache(maxsize=None)
def _document(agent_id: str, doc_id: str):
    return content.agent(agent_id).document(doc_id)


def agent_name(agent_id: str) -> str:
    return content.agent(agent_id).name


def colour(agent_id: str) -> str:
    return content.agent(agent_id).colour


def trait(state, agent_id: str):
    """The agent's trait if it works at this game's rules level, else None."""
    return _trait_at(agent_id, state.agents[agent_id].document, state.level)


@functools.lru_cache(maxsize=None)
def _trait_at(agent_id: str, doc_id: str, level: str):
    t = _document(agent_id, doc_id).trait
    return t if content.level_allows(level, t.level) else None


def has_trait(state, agent_id: str, key: str) -> bool:
    t = trait(state, agent_id)
    return t is not None and t.key == key


def item_works(state, item_id: str) -> bool:
    return _level_allows(state.level, item(item_id).level)


@functools.lru_cache(maxsize=None)
def _level_allows(level: str, needed: str) -> bool:
    return content.level_allows(level, needed)


def held(state, agent_id: str, effect: str, reusable: bool | None = None) -> list[str]:
    """Items the agent holds with this effect (working at this level); reusable=True/False filters '*'."""
    out = []
    for iid in state.agents[agent_id].items:
        t = item(iid)
        if t.effect == effect and item_works(state, iid) and (reusable is None or t.reusable == reusable):
            out.append(iid)
    return out


def bonus(state, agent_id: str, effect: str, key: str = "bonus") -> int:
    """Sum of a reusable (face-up, always on) item effect the agent holds (held(...) written out:
    the AP limit asks this at every step of the move generator)."""
    total = 0
    for iid in state.agents[agent_id].items:
        t = item(iid)
        if t.effect == effect and t.reusable and item_works(state, iid):
            total += int(t.params[key])
    return total


# ------------------------------------------------------------------ AP


def ap_limit(state, agent_id: str) -> int:
    """The document's AP limit plus reusable items such as officer's boots."""
    a = state.agents[agent_id]
    limit = _document(agent_id, a.document).ap_limit
    return limit + bonus(state, agent_id, "ap_limit_bonus") if a.items else limit  # most agents hold nothing


def after_item_loss(state, agent_id: str) -> None:
    """An item raising the agent's AP limit (a bicycle) may go after its AP were spent (a thief, an arrest): he has
    then used up his smaller limit, and no more (the pool paid what it paid)."""
    a = state.agents[agent_id]
    a.ap_used = min(a.ap_used, ap_limit(state, agent_id))


def limit_left(state, agent_id: str) -> int:
    return max(0, ap_limit(state, agent_id) - state.agents[agent_id].ap_used)


def ap_left(state, agent_id: str) -> int:
    """AP this agent can still spend now: the pool, capped by what is left of his limit."""
    a = state.agents[agent_id]
    limit = _document(agent_id, a.document).ap_limit  # ap_limit() and limit_left(), inlined: the move generator
    if a.items:  # asks this for every agent at every step
        limit += bonus(state, agent_id, "ap_limit_bonus")
    return min(state.pools.get(a.side, 0), max(0, limit - a.ap_used))


def search_cost(state, agent_id: str) -> int:
    if has_trait(state, agent_id, "cheap_search") or held(state, agent_id, "cheap_search", reusable=True):
        return 1
    return SEARCH_AP


# ------------------------------------------------------------------ investigation


def track_range(value: int) -> tuple[str, int]:
    for lo, hi, name, mod in TRACK_RANGES:
        if lo <= value <= hi:
            return name, mod
    raise ValueError(f"evidence {value} outside 0-{TRACK_MAX}")


# ------------------------------------------------------------------ who is where


def is_free(state, agent_id: str) -> bool:
    """On the board and not in the jail (EXTENDED, P15): may act, be a target, count as an enemy present."""
    a = state.agents.get(agent_id)
    return a is not None and not a.arrested


def agents_at(state, space: str, side: str | None = None) -> list[str]:
    return [aid for aid, a in state.agents.items() if a.space == space and (side is None or a.side == side)]


def pair_key(agent_id: str, other_id: str) -> list[str]:
    """The two agents of a conversation in a fixed order, whoever initiated it (K13)."""
    return sorted((agent_id, other_id))


def have_talked(state, agent_id: str, other_id: str) -> bool:
    """K13: these two enemy agents have already had their conversation this stage."""
    return pair_key(agent_id, other_id) in state.talked


def talk_partners(state, agent_id: str, space: str | None = None) -> list[str]:
    """Enemies on `space` (default: the agent's own) he may still start a conversation with this stage (K13)."""
    a = state.agents[agent_id]
    return [e for e in agents_at(state, space or a.space, other(a.side))
            if not have_talked(state, agent_id, e) and not state.agents[e].arrested]  # P15: no arrested partner


def enemy_threat(state, agent_id: str, space: str):
    """The enemy threat token on `space` (face up or down), if any (K8)."""
    t = state.threats.get(space)
    return t if t is not None and t.side != state.agents[agent_id].side else None


def exempt_from_fort(state, agent_id: str) -> bool:
    """P11: Hans Kloss and the black SS officers enter the fort without a check."""
    return agent_id == content.KLOSS or (colour(agent_id) == "black" and doc(state, agent_id).function == "ss_officer")


def entry_check(state, agent_id: str, space: str) -> tuple[str, int] | None:
    """The document check an agent must pass to enter `space`: ("token", difficulty) for an enemy document-check
    token there (P5), ("fort", 0) for the fort (P11), or None."""
    if not extended(state):
        return None
    t = enemy_threat(state, agent_id, space)
    if t is not None:
        from .alertness import token

        tok = token(t.id)
        if tok.type == "document_check":
            return "token", int(tok.params.get("difficulty", 0))
    if board(state).spaces[space].document_check and not exempt_from_fort(state, agent_id):
        return "fort", 0
    return None


def turned_back(state, agent_id: str, space: str) -> bool:
    """The agent stayed back from a document check at `space` this stage (P5): he does not try it again before
    the next stage, so no activation can go round and round without spending anything."""
    return [agent_id, space] in state.turned_back


def stop_spaces(state, agent_id: str) -> set[str]:
    """Spaces a route may end on but not pass: a watcher's, an enemy threat token's (P3), the fort (P11)."""
    side = state.agents[agent_id].side
    stops = watcher_spaces(state, side)
    if state.level == "basic":  # extended(), inlined: movement asks this thousands of times
        return stops
    stops |= {sp for sp, t in state.threats.items() if t.side != side}
    stops |= {sp for sp in _fort_spaces(state.scenario) if not exempt_from_fort(state, agent_id)}
    return stops


@functools.lru_cache(maxsize=None)
def _fort_spaces(scenario_id: str) -> tuple[str, ...]:
    return tuple(s.id for s in board_for_scenario(scenario_id).spaces.values() if s.document_check)


def watcher_spaces(state, side: str) -> set[str]:
    """Spaces where an enemy of `side` with the "watcher" trait stands: entering them ends movement."""
    level = state.level
    out = set()
    for aid, a in state.agents.items():  # has_trait(state, aid, "watcher"), inlined: movement asks this often
        if a.side != side and not a.arrested:  # P15
            t = _trait_at(aid, a.document, level)
            if t is not None and t.key == "watcher":
                out.add(a.space)
    return out


# ------------------------------------------------------------------ movement


def free_steps(state, agent_id: str) -> int:
    """Trait free_first_step: the first space of each movement costs no AP (one movement per activation)."""
    t = _trait_at(agent_id, state.agents[agent_id].document, state.level)  # has_trait(), inlined: hot
    if t is None or t.key != "free_first_step":
        return 0
    act = state.activation
    return 0 if act is not None and act.agent == agent_id and act.moved_spaces > 0 else 1


def step_cost(state, agent_id: str) -> int:
    """AP a space costs the agent now (2 after dangerous terrain in this activation)."""
    act = state.activation
    return act.step_cost if act is not None and act.agent == agent_id else 1


def path_ap(state, agent_id: str, steps: int) -> int:
    """The AP of moving `steps` spaces now: the free first step, then each space at its cost."""
    return max(0, steps - free_steps(state, agent_id)) * step_cost(state, agent_id)


def reachable(state, agent_id: str, budget: int, stops: set[str] | None = None) -> dict[str, int]:
    """Spaces the agent can reach for at most `budget` AP, with their AP cost.

    Paths only (no jumping), one-side paths by network (K1), never off the board
    (the board graph has no exits there); a watcher's space, an enemy token's and the
    fort are entered but not passed."""
    free = free_steps(state, agent_id)
    act = state.activation
    per_step = act.step_cost if act is not None and act.agent == agent_id else 1  # step_cost(), inlined: hot
    max_steps = budget // per_step + free
    if max_steps <= 0:
        return {}
    a = state.agents[agent_id]
    adj = _adjacency(state.scenario, a.side)
    if stops is None:
        stops = stop_spaces(state, agent_id)
    dist = {a.space: 0}
    queue = deque([a.space])
    while queue:
        here = queue.popleft()
        if dist[here] >= max_steps or (here in stops and here != a.space):
            continue
        for n in adj[here]:
            if n not in dist:
                dist[n] = dist[here] + 1
                queue.append(n)
    del dist[a.space]
    return {sid: (steps - free) * per_step for sid, steps in dist.items()}  # steps >= 1 >= free


def route(state, agent_id: str, to: str) -> list[str]:
    """A shortest legal route from the agent's space to `to` (both ends included)."""
    a = state.agents[agent_id]
    b = board(state)
    stops = stop_spaces(state, agent_id)
    prev = {a.space: None}
    queue = deque([a.space])
    while queue:
        here = queue.popleft()
        if here == to:
            break
        if here in stops and here != a.space:
            continue
        for n in b.neighbours(here, a.side):
            if n not in prev:
                prev[n] = here
                queue.append(n)
    out, here = [], to
    while here is not None:
        out.append(here)
        here = prev[here]
    return out[::-1]


# ------------------------------------------------------------------ activation rules


def can_move_now(state, agent_id: str) -> bool:
    if state.agents[agent_id].arrested:
        return False  # P15: an arrested agent cannot be activated
    act = state.activation
    if act is None or act.agent != agent_id:
        return True
    if act.move_stopped:
        return False
    return not act.acted or act.order[0] == "action"  # move + action ends the movement


def can_act_now(state, agent_id: str) -> bool:
    if state.agents[agent_id].arrested:
        return False  # P15
    act = state.activation
    return act is None or act.agent != agent_id or not act.acted


def can_afford_action(state, agent_id: str, cost: int, space: str | None = None, budget: int | None = None) -> bool:
    """May the agent take an action costing `cost`: now (`space` None: he has not acted yet), or at `space` with
    `budget` AP left (planning a move)? jail.act_block says why not."""
    if space is None and not can_act_now(state, agent_id):
        return False
    return (ap_left(state, agent_id) if budget is None else budget) >= cost


def can_end_activation(state) -> bool:
    act = state.activation
    return act is not None and (act.acted or act.moved_spaces >= MOVE_ONLY_MIN_AP or act.held_back)


def search_block(state, agent_id: str, budget: int | None = None, space: str | None = None) -> str | None:
    """Why the agent may not search (at `space`, with `budget` AP), as a sentence; or None."""
    problem = _search_problem(state, agent_id, budget, space)
    return None if problem is None else _search_refusal(state, agent_id, *problem)


def can_search(state, agent_id: str, budget: int | None = None, space: str | None = None) -> bool:
    """search_block(...) is None, without writing the sentence: the move generator asks this for
    every agent at every step, and the sentences were a tenth of a random game's work."""
    return _search_problem(state, agent_id, budget, space) is None


def _search_problem(state, agent_id: str, budget: int | None, space: str | None) -> tuple | None:
    """(why, where, AP left, cost) when the agent may not search; None when he may."""
    a = state.agents[agent_id]
    where = space or a.space
    if not board(state).spaces[where].is_location:
        return ("street", where, 0, 0)
    if hotel.search_closed(state, a.side, where):  # Hotel Excelsior's 15-VP gate (L594, F13)
        return ("hotel", where, 0, 0)
    if not state.stacks.get(where):
        return ("empty", where, 0, 0)
    if colour(agent_id) in state.markers.get(where, ()):
        return ("marker", where, 0, 0)
    left = ap_left(state, agent_id) if budget is None else budget
    cost = search_cost(state, agent_id)
    if left < cost:
        return ("ap", where, left, cost)
    return None


def _search_refusal(state, agent_id: str, why: str, where: str, left: int, cost: int):
    from . import texts as T

    label = board(state).spaces[where].label
    if why == "street":
        return msg("{name} is on a street space: only a location can be searched.", name=T.agent(agent_id))
    if why == "hotel":
        return hotel.closed_reason(state, state.agents[agent_id].side)
    if why == "empty":
        return msg("No item tiles are left at the {place}.", place=T.place(label))
    if why == "marker":
        col = colour(agent_id)
        return msg("A {colour} \"I was here\" marker lies at the {place}: no {colour} agent may search it.",
                   colour=T.colour(col), place=T.place(label))
    return msg("{name} has {left} AP left: a search needs {cost} AP.", name=T.agent(agent_id), left=left, cost=cost)


def action_possible_at(state, agent_id: str, space: str, budget: int) -> bool:
    """Could the agent take an action at `space` with `budget` AP left?"""
    if budget >= CONVERSATION_AP and talk_partners(state, agent_id, space):
        return True
    if budget >= 1 and extended(state) and enemy_threat(state, agent_id, space) is not None:
        return True  # discard the threat token (1 AP)
    if can_search(state, agent_id, budget, space):
        return True
    return extended_action_at(state, agent_id, space, budget)


def extended_action_at(state, agent_id: str, space: str, budget: int) -> bool:
    """The EXTENDED 1-AP actions (issue 34): passing a mission card, an assassination."""
    if not extended(state):
        return False
    from . import assassination, missions, radio

    return (missions.can_take_at(state, agent_id, space, budget)
            or radio.can_transmit_at(state, agent_id, space, budget)  # "I Know Who You Are" (F6)
            or assassination.can_attack_at(state, agent_id, space, budget)
            or _arrest().action_possible_at(state, agent_id, space, budget))  # arrest, interrogation, kidnapping


def move_options(state, agent_id: str) -> dict[str, int]:
    """Legal destinations and costs, so that the activation can still end legally.

    A move that leaves only 1 AP of movement and no action done is allowed only
    if the agent could then move on or act (Activating an Agent 1-2)."""
    if not can_move_now(state, agent_id):
        return {}
    left = ap_left(state, agent_id)
    act = state.activation
    mine = act is not None and act.agent == agent_id
    acted = mine and act.acted
    moved = act.moved_spaces if mine else 0
    free = free_steps(state, agent_id)
    stops = stop_spaces(state, agent_id)
    blocked = {space for aid, space in state.turned_back if aid == agent_id} if state.turned_back else ()
    out = {}
    for dest, cost in reachable(state, agent_id, left, stops).items():
        if dest in blocked:  # he stayed back from it this stage (P5)
            continue
        if acted or moved + cost + free >= MOVE_ONLY_MIN_AP:
            out[dest] = cost
            continue
        rest = left - cost
        if (dest not in stops and rest >= 1) or action_possible_at(state, agent_id, dest, rest):
            out[dest] = cost
    return out


def map_destinations(state, agent_id: str) -> list[str]:
    """Locations of the agent's sector the city map can take him to (movement, 1 AP)."""
    if not can_move_now(state, agent_id) or not held(state, agent_id, "move_to_location"):
        return []
    a = state.agents[agent_id]
    act = state.activation
    mine = act is not None and act.agent == agent_id
    left = ap_left(state, agent_id)
    if left < 1:
        return []
    b = board(state)
    out = []
    for s in b.spaces_in_face(b.face_of(a.space)):
        if not s.is_location or s.id == a.space:
            continue
        moved = (act.moved_spaces if mine else 0) + 1
        if (mine and act.acted) or moved >= MOVE_ONLY_MIN_AP or left > 1 or action_possible_at(state, agent_id, s.id, left - 1):
            out.append(s.id)
    return out


def can_open_activation(state, agent_id: str) -> bool:
    """Rulebook, Activating an Agent 2: an agent can be activated only if he can do something legal."""
    if ap_left(state, agent_id) <= 0 or not is_free(state, agent_id):
        return False
    if talk_partners(state, agent_id) and ap_left(state, agent_id) >= CONVERSATION_AP:
        return True
    if extended(state) and enemy_threat(state, agent_id, state.agents[agent_id].space) is not None:
        return True  # discard the threat token he stands on (1 AP)
    if can_search(state, agent_id):
        return True
    if extended_action_at(state, agent_id, state.agents[agent_id].space, ap_left(state, agent_id)):
        return True
    return bool(move_options(state, agent_id)) or bool(map_destinations(state, agent_id))


def seat_can_act(state, seat: str) -> bool:
    if state.gave_up.get(seat):
        return False
    if state.pools.get(seat, 0) > 0 and any(a.side == seat and can_open_activation(state, aid)
                                            for aid, a in state.agents.items()):
        return True
    if state.vehicle:  # Top Secret: the Black Audi (F19), a Top Secret card's move (F24)
        from .car import may_play_card
        from .vehicle import can_open

        if can_open(state, seat) or may_play_card(state, seat):
            return True
    if advanced(state):  # A3: a location card still to turn into AP keeps the player in the stage
        from .location_cards import may_act_by_conversion

        return may_act_by_conversion(state, seat)
    return False


def markers_ok(markers: list[str]) -> bool:
    return len(markers) <= MARKERS_MAX and len(set(markers)) == len(markers)


def _arrest():
    from . import arrest  # arrest.py builds on this module

    return arrest
