"""Whole-state JSON through cattrs: a save restores exactly."""

from __future__ import annotations

from typing import Any

import cattrs

from .errors import CorruptState
from .events import Event
from .game import GameResult
from .message import message_from_json, message_to_json, msg

_converter = cattrs.Converter()
_converter.register_unstructure_hook(Event, lambda e: e.to_json())
_converter.register_structure_hook(Event, lambda d, _t: Event.from_json(d))


def _result_to_json(result: GameResult) -> dict:
    """The result's reason is shown to players: like a log line, it keeps its message ids
    (issue 37), so a game that ended in one language says why in another after a load."""
    out = {"winner": result.winner, "reason": str(result.reason), "kind": result.kind}
    message = message_to_json(result.reason)
    if message is not None:
        out["msg"] = message
    return out


def _result_from_json(data, _type) -> GameResult:
    winner, reason, kind = data["winner"], data["reason"], data.get("kind", "win")
    if (winner is not None and type(winner) is not str) or type(reason) is not str or type(kind) is not str:
        raise ValueError("the saved game's result is damaged")
    if "msg" in data:
        reason = message_from_json(data["msg"])
    return GameResult(winner, reason, kind)


_converter.register_unstructure_hook(GameResult, _result_to_json)
_converter.register_structure_hook(GameResult, _result_from_json)


def state_to_json(state) -> dict:
    return _converter.unstructure(state)


def state_from_json(data: Any, state_type: type):
    try:
        state = _converter.structure(data, state_type)
    except Exception as exc:  # any structure failure means the file is not a valid state
        # Shown to players: cattrs' own text ("While structuring ... (1 sub-exception)") stays in
        # the exception chain for developers.
        raise CorruptState(msg("a part of the saved game is missing or holds the wrong kind of value")) from exc
    if not all(isinstance(e, Event) for e in getattr(state, "log", ())):
        # (to developers: declare the state's log as list[Event])
        raise CorruptState(msg("the saved game's log is not a list of events"))
    return state

