"""The event log: every event is public or private to one seat."""

from __future__ import annotations

from typing import Any

import attrs


@attrs.frozen(slots=True)
class Event:
    seq: int
    kind: str
    text: str
    to: str | None = None  # None: public; else the one seat that may see it
    data: dict[str, Any] = attrs.field(factory=dict)

    def visible_to(self, seat: str | None) -> bool:
        return self.to is None or self.to == seat

    def to_json(self) -> dict:
        return {"seq": self.seq, "kind": self.kind, "text": self.text, "to": self.to, "data": self.data}

    @classmethod
    def from_json(cls, d: dict) -> "Event":
        """Raises ValueError for anything but an event as to_json wrote it (a damaged save)."""
        seq, kind, text, to, data = d["seq"], d["kind"], d["text"], d.get("to"), d.get("data") or {}
        if not (isinstance(seq, int) and not isinstance(seq, bool) and seq >= 0):
            raise ValueError("an event's number must be a whole number from 0")
        if not (isinstance(kind, str) and isinstance(text, str) and (to is None or isinstance(to, str))):
            raise ValueError("an event's kind, text and recipient must be text")
        if not isinstance(data, dict):
            raise ValueError("an event's data must be an object")
        return cls(seq=seq, kind=kind, text=text, to=to, data=dict(data))
