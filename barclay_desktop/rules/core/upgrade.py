"""Game documents written by older versions, brought to the current form (pure functions).

The save format's upgrade steps (saves.py) call these on the "game" part of a save."""

from __future__ import annotations

from typing import Any

from .actions import action_to_json
from .history import same_position, state_without_log_json
from .serialize import state_from_json

# Shown on the Undo button when an old save's undo history could not be rebuilt at all.
HISTORY_DROPPED = "This game was saved by an older version: the moves before the save cannot be taken back."


def undo_history_v3(game_doc: dict, game_cls: type | None = None) -> dict:
    """A game document written before the history format (save version 2, and version 3 until
    this change), whose "undo" list holds a whole state (with the whole log) per undo point,
    with that history in the current form ("undo_history", see history.py). `game_doc` is left
    untouched; a document without "undo" is returned as is. It never raises.

    Each old point's action is found by trying the seat's legal actions on its state until one
    gives exactly the next point's state (or the saved state, for the last point); logs are not
    compared, as older versions worded and split some events differently: the point's log
    length is kept, and a load gives it the saved log up to there. The history is rebuilt back
    from the saved position as far as that works; an older part that cannot be rebuilt (a
    damaged point, or rules that changed since) is dropped, since undo history is not game
    state: the game itself loads the same, only fewer moves can be taken back.
    `game_cls` defaults to the registered class of game_doc["game"]."""
    if not isinstance(game_doc, dict) or "undo" not in game_doc:
        return game_doc
    out = {key: value for key, value in game_doc.items() if key != "undo"}
    out["undo_history"] = None
    points = game_doc["undo"]
    if isinstance(points, list) and not points:
        return out
    try:
        if game_cls is None:
            from barclay_desktop.rules import game_class

            game_cls = game_class(game_doc.get("game"))
        history = _history(game_cls, game_doc.get("state"), points)
    except Exception:  # an unknown game or an unreadable state: the save's own checks refuse those
        history = None
    if history is None:
        out["undo_block"] = HISTORY_DROPPED
    out["undo_history"] = history
    return out


def _history(cls: type, state_json: Any, points: Any) -> dict | None:
    if not isinstance(points, list):
        return None
    target = state_from_json(state_json, cls.state_type())
    steps: list[dict] = []
    for point in reversed(points):
        found = _step_to(cls, point, target)
        if found is None:
            break
        target, seat, action = found
        steps.append({"seat": seat, "action": action_to_json(action), "log_length": len(target.log)})
    if not steps:
        return None
    steps.reverse()
    return {"checkpoint": state_without_log_json(target), "actions": steps}


def _step_to(cls: type, point: Any, target) -> tuple | None:
    """(the point's state, its seat, the undoable action leading from it to `target`) or None."""
    if not isinstance(point, dict) or not isinstance(point.get("seat"), str):
        return None
    seat = point["seat"]
    try:
        state = state_from_json(point.get("state"), cls.state_type())
        legal = cls(state.clone(), track_undo=False).legal_actions(seat)
    except Exception:  # a damaged point
        return None
    if len(state.log) > len(target.log):  # the log only grows
        return None
    for action in legal:
        trial = cls(state.clone(), track_undo=True)
        try:
            trial.apply(action, seat)
        except Exception:  # noqa: S112 - an action the rules refuse here is simply not this step
            continue
        if len(trial._undo) == 1 and same_position(trial.state, target):
            return state, seat, action
    return None

