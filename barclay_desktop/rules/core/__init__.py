"""The shared rules core: seeded state, value-object actions, events, views, undo, JSON."""

from .actions import ActionSet, action_to_json
from .errors import (
    CorruptState,
    GameOver,
    IllegalAction,
    MalformedAction,
    NotYourTurn,
    RulesError,
    UndoNotPossible,
)
from .events import Event
from .game import Game, GameResult, ModularGame, actions_json
from .rng import Rng

__all__ = [
    "ActionSet",
    "CorruptState",
    "Event",
    "Game",
    "GameOver",
    "GameResult",
    "IllegalAction",
    "MalformedAction",
    "ModularGame",
    "NotYourTurn",
    "Rng",
    "RulesError",
    "UndoNotPossible",
    "action_to_json",
    "actions_json",
]
