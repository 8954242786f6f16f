"""The undo history in a save: one starting position and the actions taken since.

A game keeps, in memory, the state before each action that can still be taken back
(game.UndoPoint). Saving all of them, each with the whole event log, made a long game's
autosave grow to a megabyte. Every one of those states follows from the first by replaying
the actions (an undoable action uses no chance and shows nothing hidden), and the first
state's log is the start of the current log (the log only grows), so a save stores

    "undo_history": null   (nothing to take back), or
    {"log_length": events of the current log the first state had,
     "checkpoint": the first state without its log,
     "actions": [{"seat": who acted, "action": the action's JSON}, ...]}

and a load replays the actions through apply(), so a damaged or hand-edited history is
refused with CorruptState instead of failing later, at the player's undo. Each rebuilt state's
log is the saved log up to its length: undo shows the very lines the players saw."""

from __future__ import annotations

import copy
from typing import Any

from .actions import action_to_json
from .errors import CorruptState, RulesError
from .serialize import state_from_json, state_to_json

KEYS = {"log_length", "checkpoint", "actions"}


def history_to_json(points: list) -> dict | None:
    if not points:
        return None
    first = points[0].state
    return {
        "log_length": len(first.log),
        "checkpoint": state_without_log_json(first),
        "actions": [{"seat": p.seat, "action": action_to_json(p.action)} for p in points],
    }


def state_without_log_json(state) -> dict:
    bare = copy.copy(state)  # shallow: only the log is replaced, nothing is changed
    bare.log = []
    data = state_to_json(bare)
    del data["log"]
    return data


def history_from_json(game, data: Any) -> list:
    """The game's undo points rebuilt from a saved history (None: nothing to undo)."""
    if data is None:
        return []
    cls = type(game)
    replay = cls(_checkpoint(game, data), track_undo=True)
    replay.check_state()
    for number, entry in enumerate(data["actions"], 1):
        _replay_one(replay, number, entry)
    if not same_position(replay.state, game.state):
        raise CorruptState("the saved undo history does not lead to the saved position")
    for point in replay._undo:  # the log players saw, even if this version words events differently
        point.state.log = game.state.log[:len(point.state.log)]
    return replay._undo


def same_position(state, other) -> bool:
    """Equal states, their logs of equal length (the log's wording is not compared: an old save's
    events may read differently from what this version writes, and the saved log is the one kept)."""
    return len(state.log) == len(other.log) and state_without_log_json(state) == state_without_log_json(other)


def _checkpoint(game, data: Any):
    if not isinstance(data, dict) or set(data) != KEYS:
        raise CorruptState("the saved undo history is damaged (it needs a log length, a position and actions)")
    length, checkpoint, actions = data["log_length"], data["checkpoint"], data["actions"]
    log = game.state.log
    if type(length) is not int or not 0 <= length <= len(log):
        raise CorruptState(f"the saved undo history starts at event {length!r} of a log of {len(log)} events")
    if not isinstance(checkpoint, dict) or "log" in checkpoint:
        raise CorruptState("the saved undo history's starting position is damaged")
    if not isinstance(actions, list) or not actions:
        raise CorruptState("the saved undo history holds no actions")
    try:
        state = state_from_json({**checkpoint, "log": []}, type(game).state_type())
    except CorruptState as exc:
        raise CorruptState(f"the saved undo history's starting position cannot be read ({exc})") from exc
    state.log = list(log[:length])
    return state


def _replay_one(replay, number: int, entry: Any) -> None:
    if not isinstance(entry, dict) or set(entry) != {"seat", "action"} or not isinstance(entry["seat"], str):
        raise CorruptState(f"action {number} of the saved undo history is damaged")
    try:
        replay.apply(replay.ACTIONS.from_json(entry["action"]), entry["seat"])
    except RulesError as exc:
        raise CorruptState(f"action {number} of the saved undo history cannot be replayed: {exc}") from exc
    except Exception as exc:  # a handler failing on a hand-edited position: the history is damaged
        raise CorruptState(f"action {number} of the saved undo history cannot be replayed "
                           f"({type(exc).__name__}: {exc})") from exc
    if len(replay._undo) != number:
        raise CorruptState(f"action {number} of the saved undo history could never be taken back "
                           "(it shows hidden information, uses chance or ends the game)")
