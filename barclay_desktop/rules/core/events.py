"""The event log: every event is public or private to one seat."""

from __future__ import annotations

from typing import Any

import attrs

from .message import message_from_json, message_to_json


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
        # the English words as a plain str: a copy made without a JSON round trip (a view, a clone)
        # must read back as the same event; the ids go beside them
        out = {"seq": self.seq, "kind": self.kind, "text": str(self.text), "to": self.to, "data": self.data}
        message = message_to_json(self.text)
        if message is not None:  # the ids and data the client translates (issue 37)
            out["msg"] = message
        return out

    @classmethod
    def from_json(cls, d: dict) -> "Event":
        """Raises ValueError for anything but an event as to_json wrote it (a damaged save).
        Exact type tests in one condition: a long game's save holds tens of thousands of events."""
        seq, kind, text, to, data = d["seq"], d["kind"], d["text"], d.get("to"), d.get("data") or {}
        if (type(seq) is not int or seq < 0 or type(kind) is not str or type(text) is not str
                or (to is not None and type(to) is not str) or type(data) is not dict):
            raise ValueError("a log entry is not an event (its number, kind, text, recipient or data is damaged)")
        if "msg" in d:
            text = message_from_json(d["msg"])
        return cls(seq=seq, kind=kind, text=text, to=to, data=dict(data))


def _event_maker():
    """Event(seq, kind, text, to, data), filled through its slots: the same frozen event in
    half the time of attrs' __init__. Only while Event is the five-slot class it is now."""
    names = ("seq", "kind", "text", "to", "data")
    if tuple(f.name for f in attrs.fields(Event)) != names or getattr(Event, "__slots__", None) is None \
            or any(not hasattr(Event.__dict__.get(n), "__set__") for n in names):
        return Event
    new = Event.__new__
    s_seq, s_kind, s_text, s_to, s_data = (Event.__dict__[n].__set__ for n in names)

    def make(seq, kind, text, to, data):
        event = new(Event)
        s_seq(event, seq)
        s_kind(event, kind)
        s_text(event, text)
        s_to(event, to)
        s_data(event, data)
        return event

    return make


new_event = _event_maker()  # a rules engine that logs hundreds of events a game calls this
