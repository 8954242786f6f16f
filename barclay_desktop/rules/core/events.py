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
        return cls(seq=d["seq"], kind=d["kind"], text=d["text"], to=d.get("to"), data=dict(d.get("data") or {}))
