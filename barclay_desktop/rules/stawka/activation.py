"""Steps of an activation shared by movement, conversation and search.

Rulebook, Activating an Agent 1-3: the first step activates the agent; AP come
from the network's pool up to the agent's limit; an activation is movement and
at most one action, in either order.
"""

from __future__ import annotations

from ..core.message import Message, msg
from . import texts as T
from .rules import item, route, watcher_spaces
from .state import SIDES, Activation


def activate(game, agent_id: str) -> None:
    """The first step of an activation activates the agent (Activating an Agent 1)."""
    s = game.state
    if s.activation is None:
        s.activation = Activation(agent_id)
        a = s.agents[agent_id]
        game.emit_lazy(None, _activate_event, a.side, agent_id)


# The frequent lines are logged lazily (core/events.LazyEvent): a random game or a search never reads them.
def _activate_event(side: str, agent_id: str):
    return "activate", msg("The {side} player activates {name}.", side=T.PLAYER_SIDE[side],
                           name=T.agent(agent_id)), {"agent": agent_id}


def _move_event(agent_id: str, label: str, cost: int, path: tuple):
    return "move", msg("{name} moves to {place} ({cost} AP).", name=T.agent(agent_id), place=T.place(label),
                       cost=cost), {"agent": agent_id, "path": list(path), "cost": cost}


def start_step(game, agent_id: str, kind: str) -> None:
    """Activate the agent if needed and note that a movement or action begins."""
    s = game.state
    activate(game, agent_id)
    if kind not in s.activation.order:
        s.activation.order.append(kind)


def spend(game, agent_id: str, ap: int) -> None:
    s = game.state
    a = s.agents[agent_id]
    a.ap_used += ap
    s.pools[a.side] -= ap
    s.activation.ap_spent += ap


ROLL_REASONS = {  # undo's reason, in words
    "rank": msg("The dice were rolled for the rank test."),
    "conversation": msg("The dice were rolled for the conversation."),
}


def roll(game, dice: int, kind: str) -> tuple[int, ...]:
    """Dice from the game's seeded generator (K6); the roll is shown to both players."""
    s = game.state
    values = tuple(s.rng.d6() for _ in range(dice))
    s.last_dice = {"kind": kind, "dice": list(values)}
    game.reveal(ROLL_REASONS.get(kind) or msg("The dice were rolled for a test."))
    return values


def mark_seen(state, item_id: str, seats=SIDES) -> None:
    for seat in seats:
        if item_id not in state.seen[seat]:
            state.seen[seat].append(item_id)


def use_words(why: str, **words) -> Message:
    """The log line of an item revealed for a use (consume_item's `why`), a whole sentence each."""
    if why == "rank":
        return msg("{name} reveals {item} for the rank test: {text}", **words)
    if why == "conversation":
        return msg("{name} reveals {item} for the conversation: {text}", **words)
    if why == "reroll":
        return msg("{name} reveals {item} to roll the conversation again: {text}", **words)
    if why == "peek":
        return msg("{name} reveals {item} to look at two tiles: {text}", **words)
    if why == "move":
        return msg("{name} reveals {item} to move: {text}", **words)
    return msg("{name} reveals {item}: {text}", **words)


def consume_item(game, agent_id: str, item_id: str, why: str) -> None:
    """Reveal a held item to use it; a single-use tile then leaves the game (Item Tiles 2).
    `why`: rank, conversation, reroll, peek, move or "" (see use_words)."""
    s = game.state
    t = item(item_id)
    mark_seen(s, item_id)
    game.reveal(msg("An item was revealed."))
    if not t.reusable:
        s.agents[agent_id].items.remove(item_id)
        s.discarded.append(item_id)
    text = use_words(why, name=T.agent(agent_id), item=T.item_name(item_id), text=T.item_text(item_id))
    game.emit("item_used", text,
              agent=agent_id, item=item_id, shown=[item_id])


def move_agent(game, agent_id: str, to: str, cost: int, path: list[str] | None = None) -> None:
    s = game.state
    start_step(game, agent_id, "move")
    a = s.agents[agent_id]
    spend(game, agent_id, cost)
    s.activation.moved_ap += cost
    path = path or route(s, agent_id, to)
    s.activation.moved_spaces += len(path) - 1
    a.space = to
    game.emit_lazy(None, _move_event, agent_id, _label(game, to), cost, tuple(path))
    if to in watcher_spaces(s, a.side):
        s.activation.move_stopped = True
        game.emit("stopped", msg("{name} entered a watcher's space: the movement ends there.",
                                 name=T.agent(agent_id)),
                  agent=agent_id)
    if s.missions:  # EXTENDED: locations entered and sectors crossed count for a held mission (P18)
        from .missions import on_move

        on_move(game, agent_id, path)


def _label(game, space_id: str) -> str:
    from .rules import board

    return board(game.state).spaces[space_id].label


def finish_action(game) -> None:
    """After a step: end the activation when nothing but ending is left (the player need not click)."""
    from .flow import end_activation
    from .legal import continuations

    s = game.state
    if s.result is not None or s.pending or s.activation is None or s.winner is not None:
        return
    if not continuations(s):
        end_activation(game)
