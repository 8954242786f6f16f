"""Actions are frozen value objects with a JSON form (the python-chess Move idea).

Each game keeps an ActionSet: the registry of its action classes by type name.
"""

from __future__ import annotations

from typing import Any

import attrs
import cattrs

from .errors import MalformedAction

_converter = cattrs.Converter()


class ActionSet:
    def __init__(self, game_id: str):
        self.game_id = game_id
        self.by_type: dict[str, type] = {}
        self._classes: set[type] = set()

    def register(self, type_name: str):
        """Class decorator: `@ACTIONS.register("play")` on a frozen attrs class."""

        def deco(cls):
            if not attrs.has(cls):
                raise TypeError(f"{cls.__name__} must be an attrs class")
            if type_name in self.by_type:
                raise ValueError(f"duplicate action type {type_name!r}")
            cls.TYPE = type_name
            self.by_type[type_name] = cls
            self._classes.add(cls)
            return cls

        return deco

    def contains(self, action: Any) -> bool:
        return type(action) in self._classes

    def from_json(self, data: Any):
        if not isinstance(data, dict):
            raise MalformedAction(f"an action must be a JSON object, not {type(data).__name__}")
        fields = dict(data)
        type_name = fields.pop("type", None)
        cls = self.by_type.get(type_name)
        if cls is None:
            raise MalformedAction(f"unknown action type {type_name!r} for {self.game_id}")
        names = {f.name for f in attrs.fields(cls)}
        unknown = set(fields) - names
        if unknown:
            raise MalformedAction(f"unknown fields for {type_name}: {sorted(unknown)}")
        try:
            return _converter.structure(fields, cls)
        except Exception as exc:  # cattrs raises several kinds; all mean malformed input
            raise MalformedAction(f"bad fields for {type_name}: {exc}") from exc


def action_to_json(action) -> dict:
    data = _converter.unstructure(action)
    data["type"] = action.TYPE
    return data
