"""Whole-state JSON through cattrs: a save restores exactly."""

from __future__ import annotations

from typing import Any

import cattrs

from .errors import CorruptState
from .events import Event

_converter = cattrs.Converter()
_converter.register_unstructure_hook(Event, lambda e: e.to_json())
_converter.register_structure_hook(Event, lambda d, _t: Event.from_json(d))


def state_to_json(state) -> dict:
    return _converter.unstructure(state)


def state_from_json(data: Any, state_type: type):
    try:
        state = _converter.structure(data, state_type)
    except Exception as exc:  # any structure failure means the file is not a valid state
        # Shown to players: cattrs' own text ("While structuring ... (1 sub-exception)") stays in
        # the exception chain for developers.
        raise CorruptState("a part of the saved game is missing or holds the wrong kind of value") from exc
    if not all(isinstance(e, Event) for e in getattr(state, "log", ())):
        raise CorruptState("the saved game's log is not a list of events (declare the state's log as list[Event])")
    return state

