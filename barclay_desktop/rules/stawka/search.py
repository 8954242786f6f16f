"""Search action and item tiles (rulebook, Search Action 1-4, Item Tiles; K9, K12).

A search costs 2 AP, leaves an "I was here" marker of the searcher's colour
(at most two colours on a location, never the same colour twice; a third
colour clears them and leaves only its own) and draws the top tile, which the
player keeps or turns into evidence at once.
"""

from __future__ import annotations

from .activation import consume_item, finish_action, mark_seen, spend, start_step
from .flow import gain_evidence
from .rules import MARKERS_MAX, agent_name, board, colour, has_trait, held, item, search_cost
from .state import SIDE_NAMES, Pending


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


def start_search(game, agent_id: str, peek_item: str | None) -> None:
    s = game.state
    a = s.agents[agent_id]
    where = a.space
    label = board(s).spaces[where].label
    cost = search_cost(s, agent_id)
    start_step(game, agent_id, "action")
    spend(game, agent_id, cost)
    col = colour(agent_id)
    before = s.markers.get(where, [])
    s.markers[where] = place_marker(before, col)
    cleared = f" (the {' and '.join(before)} markers are removed)" if len(before) >= MARKERS_MAX else ""
    game.emit("search", f"{agent_name(agent_id)} searches the {label} ({cost} AP) and leaves a {col} "
              f"\"I was here\" marker{cleared}.", agent=agent_id, location=where, markers=list(s.markers[where]))
    if peek_item is not None:
        consume_item(game, agent_id, peek_item, "to look at two tiles")
    stack = s.stacks[where]
    game.reveal("An item tile was drawn.")
    if peeks(s, agent_id, peek_item) and len(stack) >= 2:
        seen = (stack.pop(), stack.pop())
        for iid in seen:
            mark_seen(s, iid, (a.side,))
        names = " and ".join(f"{item(i).name} ({i})" for i in seen)
        game.emit("peek", f"You look at the top two tiles: {names}. Take one; the other goes to the bottom.",
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
    ev = ", ".join(f"{c} {v}" for c, v in t.evidence.items())
    game.emit("found", f"{agent_name(agent_id)} finds {t.name}: {t.text} Evidence: {ev}. "
              "Keep it or use it as evidence.", to=a.side, item=found, shown=[found])
    s.pending.append(Pending("found", a.side, agent_id, items=(found,), location=where))


def take_tile(game, item_id: str) -> None:
    s = game.state
    p = s.pending.pop(0)
    rest = [i for i in p.items if i != item_id]
    s.stacks[p.location][:0] = rest  # the other tile goes to the bottom of the stack
    game.emit("peek_taken", f"{agent_name(p.agent)} takes one tile; the other goes to the bottom of the stack.",
              agent=p.agent)
    draw_tile(game, p.agent, item_id, p.location)


def keep_item(game, item_id: str) -> None:
    """Item Tiles 3: a reusable ('*') item is shown face up, any other kept face down."""
    s = game.state
    p = s.pending.pop(0)
    a = s.agents[p.agent]
    a.items.append(item_id)
    t = item(item_id)
    if t.reusable:
        mark_seen(s, item_id)
        game.reveal("A reusable item was shown face up.")
        game.emit("keep", f"{agent_name(p.agent)} keeps {t.name} face up: {t.text}",
                  agent=p.agent, item=item_id, shown=[item_id])
    else:
        where = board(s).spaces[p.location].label
        game.emit("keep", f"{agent_name(p.agent)} keeps a tile from the {where} face down.", agent=p.agent,
                  location=p.location)
        game.emit("keep_private", f"{agent_name(p.agent)} keeps {t.name} face down.", to=a.side,
                  item=item_id)
    finish_action(game)


def use_as_evidence(game, item_id: str, col: str) -> None:
    """Search 3: the tile is discarded and burdens the enemy agent of one of its colours."""
    s = game.state
    p = s.pending.pop(0)
    t = item(item_id)
    s.discarded.append(item_id)
    mark_seen(s, item_id)
    game.reveal("A tile was shown as evidence.")
    game.emit("evidence_tile", f"The {SIDE_NAMES[p.seat]} player discards {t.name} as {t.evidence[col]} "
              f"{col} evidence.", item=item_id, colour=col, shown=[item_id])
    gain_evidence(game, p.seat, col, t.evidence[col], f"{t.name} found by {agent_name(p.agent)}")
    finish_action(game)
