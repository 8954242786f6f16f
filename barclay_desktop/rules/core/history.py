"""The undo history in a save: one starting position and the actions taken since.

A game keeps, in memory, the state before each action that can still be taken back
(game.UndoPoint). Saving all of them, each with the whole event log, made a long game's
autosave grow to a megabyte. Every one of those states follows from the first by replaying
the actions (an undoable action uses no chance and shows nothing hidden), and each one's log
is the start of the current log (the log only grows), so a save stores

    "undo_history": null   (nothing to take back), or
    {"checkpoint": the state before the first undoable action, without its log,
     "actions": [{"seat": who acted, "action": the action's JSON,
                  "log_length": how many events the log held before it}, ...]}

A load replays the actions through apply(), so a damaged or hand-edited history is refused
with CorruptState instead of failing later, at the player's undo, and gives each rebuilt state
the saved log up to its length: undo shows the very lines the players saw, even when this
version words or splits events differently from the one that saved (old saves, upgrade.py)."""

from __future__ import annotations

import copy
from typing import Any

from .actions import action_to_json
from .errors import CorruptState, RulesError
from .message import msg
from .serialize import state_from_json, state_to_json

ENTRY_KEYS = {"seat", "action", "log_length"}


def history_to_json(points: list) -> dict | None:
    if not points:
        return None
    return {
        "checkpoint": state_without_log_json(points[0].state),
        "actions": [{"seat": p.seat, "action": action_to_json(p.action), "log_length": len(p.state.log)}
                    for p in points],
    }


def state_without_log_json(state) -> dict:
    bare = copy.copy(state)  # shallow: only the log is replaced, nothing is changed
    bare.log = []
    data = state_to_json(bare)
    del data["log"]
    return data


def same_position(state, other) -> bool:
    """Equal states apart from their logs (an old save's log may be worded or split differently)."""
    return state_without_log_json(state) == state_without_log_json(other)


def history_from_json(game, data: Any) -> list:
    """The game's undo points rebuilt from a saved history (None: nothing to undo)."""
    if data is None:
        return []
    lengths = _log_lengths(game, data)
    replay = type(game)(_checkpoint(game, data["checkpoint"], lengths[0]), track_undo=True)
    replay.check_state()
    for number, entry in enumerate(data["actions"], 1):
        _replay_one(replay, number, entry)
    if not same_position(replay.state, game.state):
        raise CorruptState(msg("the saved undo history does not lead to the saved position"))
    for point, length in zip(replay._undo, lengths):
        point.state.log = game.state.log[:length]
    return replay._undo


def _log_lengths(game, data: Any) -> list[int]:
    if not isinstance(data, dict) or set(data) != {"checkpoint", "actions"}:
        raise CorruptState(msg("the saved undo history is damaged (it needs a position and the actions since)"))
    entries = data["actions"]
    if not isinstance(entries, list) or not entries:
        raise CorruptState(msg("the saved undo history holds no actions"))
    if not all(isinstance(e, dict) and set(e) == ENTRY_KEYS for e in entries):
        raise CorruptState(msg("an action of the saved undo history is damaged"))
    lengths = [e["log_length"] for e in entries]
    total = len(game.state.log)
    fits = all(type(n) is int for n in lengths) and 0 <= lengths[0] and lengths == sorted(lengths) \
        and lengths[-1] <= total
    if not fits:
        raise CorruptState(msg("the saved undo history does not fit the saved log of {total} events "
                               "(its places in the log are out of order or past the end)", total=total))
    return lengths


def _checkpoint(game, checkpoint: Any, log_length: int):
    if not isinstance(checkpoint, dict) or "log" in checkpoint:
        raise CorruptState(msg("the saved undo history's starting position is damaged"))
    try:
        state = state_from_json({**checkpoint, "log": []}, type(game).state_type())
    except CorruptState as exc:
        raise CorruptState(msg("the saved undo history's starting position cannot be read ({detail})",
                               detail=reason(exc))) from exc
    state.log = game.state.log[:log_length]
    return state


def reason(exc: Exception) -> str:
    """What a rules error says, as it was raised: a Message stays a Message (translated where it
    is shown), so a reason nested in another keeps its ids."""
    said = exc.args[0] if exc.args else ""
    return said if isinstance(said, str) else str(exc)


def _replay_one(replay, number: int, entry: dict) -> None:
    if not isinstance(entry["seat"], str):
        raise CorruptState(msg("action {number} of the saved undo history names no seat", number=number))
    try:
        replay.apply(replay.ACTIONS.from_json(entry["action"]), entry["seat"])
    except RulesError as exc:
        raise CorruptState(msg("action {number} of the saved undo history cannot be replayed: {detail}",
                               number=number, detail=reason(exc))) from exc
    except Exception as exc:  # a handler failing on a hand-edited position: the history is damaged
        # Python's detail stays on the chained exception: the message is shown to players
        raise CorruptState(msg("action {number} of the saved undo history cannot be replayed", number=number)) from exc
    if len(replay._undo) != number:
        raise CorruptState(msg("action {number} of the saved undo history could never be taken back "
                               "(it shows hidden information, uses chance or ends the game)", number=number))
