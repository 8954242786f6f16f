"""Search action and item tiles (rulebook, Search Action 1-4, Item Tiles; K9, K12).

A search costs 2 AP, leaves an "I was here" marker of the searcher's colour
(at most two colours on a location, never the same colour twice; a third
colour clears them and leaves only its own) and draws the top tile, which the
player keeps or turns into evidence at once.
"""

from __future__ import annotations

from ..core.message import Joined, msg
from . import advanced_items, missions, reaction_windows
from . import texts as T
from .activation import consume_item, finish_action, mark_seen, spend, start_step
from .flow import gain_evidence
from .rules import MARKERS_MAX, board, colour, has_trait, held, item, search_cost
from .state import Pending


def place_marker(markers: list[str], col: str) -> list[str]:
    """Search 4: the new marker list after an agent of `col` searches (caller checked `col` is absent)."""
    if col in markers:
        raise ValueError(f"a {col} marker already lies here: that colour may not search")
    if len(markers) >= MARKERS_MAX:
        return [col]
    return markers + [col]


def peeks(state, agent_id: str, chosen: str | None) -> bool:
    """Does this search look at two tiles? Trait, a reusable item, or a single-use item chosen for it."""
    return (
        chosen is not None
        or has_trait(state, agent_id, "keen_searcher")
        or bool(held(state, agent_id, "search_peek", reusable=True))
    )


def start_search(game, agent_id: str, peek_item: str | None, by_card: bool = False) -> None:
    """The search action; `by_card`: a location card's search (A25): no AP, not the activation's action, the
    markers ignored for the right to search, the agent's marker still placed (unless his colour lies there)."""
    s = game.state
    a = s.agents[agent_id]
    where = a.space
    label = board(s).spaces[where].label
    cost = 0 if by_card else search_cost(s, agent_id)
    if not by_card:
        start_step(game, agent_id, "action")
        spend(game, agent_id, cost)
    col = colour(agent_id)
    before = s.markers.get(where, [])
    if col not in before:
        s.markers[where] = place_marker(before, col)
    words = dict(name=T.agent(agent_id), place=T.place(label), cost=cost, colour=T.colour(col))
    if by_card and col in before:
        text = msg("{name} searches the {place} with a location card (no AP); a {colour} \"I was here\" marker "
                   "already lies there.", **words)
    elif by_card and len(before) >= MARKERS_MAX:
        text = msg("{name} searches the {place} with a location card (no AP) and leaves a {colour} \"I was here\" "
                   "marker (the {removed} markers are removed).", removed=T.both(T.colour(c) for c in before), **words)
    elif by_card:
        text = msg("{name} searches the {place} with a location card (no AP) and leaves a {colour} \"I was here\" "
                   "marker.", **words)
    elif len(before) >= MARKERS_MAX:
        text = msg("{name} searches the {place} ({cost} AP) and leaves a {colour} \"I was here\" marker (the "
                   "{removed} markers are removed).", removed=T.both(T.colour(c) for c in before), **words)
    else:
        text = msg("{name} searches the {place} ({cost} AP) and leaves a {colour} \"I was here\" marker.", **words)
    game.emit("search", text, agent=agent_id, location=where, markers=list(s.markers[where]))
    missions.on_search(game, agent_id, where)  # EXTENDED: search_count (P18)
    if peek_item is not None:
        consume_item(game, agent_id, peek_item, "peek")
    stack = s.stacks[where]
    game.reveal(msg("An item tile was drawn."))
    if peeks(s, agent_id, peek_item) and len(stack) >= 2:
        seen = (stack.pop(), stack.pop())
        for iid in seen:
            mark_seen(s, iid, (a.side,))
        names = T.both(T.item_name(i) for i in seen)  # the tiles' ids stay in the event's data
        game.emit("peek", msg("You look at the top two tiles: {names}. Take one; the other goes to the bottom.",
                              names=names),
                  to=a.side, shown=list(seen))
        s.pending.append(Pending("peek", a.side, agent_id, items=seen, location=where))
        return
    found = stack.pop()
    draw_tile(game, agent_id, found, where)


def draw_tile(game, agent_id: str, found: str, where: str) -> None:
    s = game.state
    a = s.agents[agent_id]
    mark_seen(s, found, (a.side,))
    t = item(found)
    ev = Joined([msg("{colour} {n}", colour=T.colour(c), n=v) for c, v in t.evidence.items()], ", ")
    game.emit("found", msg("{name} finds {item}: {text} Evidence: {evidence}. Keep it or use it as evidence.",
                           name=T.agent(agent_id), item=T.item_name(found), text=T.item_text(found), evidence=ev),
              to=a.side, item=found, shown=[found])
    at = len(s.pending)
    s.pending.append(Pending("found", a.side, agent_id, items=(found,), location=where))
    reaction_windows.offer_search(game, agent_id, where, at)  # ADVANCED: the purple window first (A14)


def take_tile(game, item_id: str) -> None:
    s = game.state
    p = s.pending.pop(0)
    rest = [i for i in p.items if i != item_id]
    s.stacks[p.location][:0] = rest  # the other tile goes to the bottom of the stack
    game.emit("peek_taken", msg("{name} takes one tile; the other goes to the bottom of the stack.",
                                name=T.agent(p.agent)),
              agent=p.agent)
    draw_tile(game, p.agent, item_id, p.location)


def keep_item(game, item_id: str) -> None:
    """Item Tiles 3: a reusable ('*') item is shown face up, any other kept face down."""
    s = game.state
    if advanced_items.is_casket(s, item_id):  # ADVANCED (A22): the casket becomes a Top Secret card
        advanced_items.take_casket(game)
        return
    p = s.pending.pop(0)
    a = s.agents[p.agent]
    a.items.append(item_id)
    t = item(item_id)
    if t.reusable:
        mark_seen(s, item_id)
        game.reveal(msg("A reusable item was shown face up."))
        game.emit("keep", msg("{name} keeps {item} face up: {text}", name=T.agent(p.agent),
                              item=T.item_name(item_id), text=T.item_text(item_id)),
                  agent=p.agent, item=item_id, shown=[item_id])
    else:
        where = board(s).spaces[p.location].label
        game.emit("keep", msg("{name} keeps a tile from the {place} face down.", name=T.agent(p.agent),
                              place=T.place(where)), agent=p.agent,
                  location=p.location)
        game.emit("keep_private", msg("{name} keeps {item} face down.", name=T.agent(p.agent),
                                      item=T.item_name(item_id)), to=a.side,
                  item=item_id)
    missions.on_gain(game, p.agent, item_id)  # EXTENDED: hold_items, hold_weapon (P18)
    finish_action(game)


def use_as_evidence(game, item_id: str, col: str) -> None:
    """Search 3: the tile is discarded and burdens the enemy agent of one of its colours."""
    s = game.state
    p = s.pending.pop(0)
    t = item(item_id)
    s.discarded.append(item_id)
    mark_seen(s, item_id)
    game.reveal(msg("A tile was shown as evidence."))
    game.emit("evidence_tile", msg("The {side} player discards {item} as {n} {colour} evidence.",
                                   side=T.PLAYER_SIDE[p.seat], item=T.item_name(item_id), n=t.evidence[col],
                                   colour=T.colour(col)), item=item_id, colour=col, shown=[item_id])
    gain_evidence(game, p.seat, col, t.evidence[col], msg("{item} found by {name}", item=T.item_name(item_id),
                                                           name=T.agent(p.agent)), source="item")  # F1
    finish_action(game)
