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


def slot_setters(cls, names: tuple) -> tuple | None:
    """The slots' setters of an attrs slots class whose fields are `names`, in that order, for
    a maker that fills a new instance through them (a hot value made in a fraction of attrs'
    __init__'s instructions); None when the class no longer has that shape, so that the maker
    falls back to the class itself rather than build a wrong value."""
    if tuple(f.name for f in attrs.fields(cls)) != names or getattr(cls, "__slots__", None) is None \
            or any(not hasattr(cls.__dict__.get(n), "__set__") for n in names):
        return None
    return tuple(cls.__dict__[n].__set__ for n in names)


def _event_maker():
    """Event(seq, kind, text, to, data), filled through its slots: the same frozen event in
    half the time of attrs' __init__. Only while Event is the five-slot class it is now."""
    setters = slot_setters(Event, ("seq", "kind", "text", "to", "data"))
    if setters is None:
        return Event
    new = Event.__new__
    s_seq, s_kind, s_text, s_to, s_data = setters

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


class LazyEvent(Event):
    """An event whose fields are worked out the first time anything reads one of them.

    A rules engine logs a line or two for nearly every action, and building their Messages
    and data was a quarter of a random game's instructions; a game nobody looks at (a
    benchmark, `simulate` without views) never reads most of them. `fn(*args)` returns
    (kind, text, data); `args` are plain values fixed when the event was logged (numbers,
    strings, tuples, shared Messages: never a list the game goes on changing), so the event
    reads the same whenever it is first read. Equal to the Event with the same fields, and
    copied, pickled and shown as one. Until then it holds one tuple, (seq, to, seat, fn,
    args): setting one slot is cheaper than setting three (a game logs hundreds of lines).

    Its five fields are frozen as an Event's are (their properties refuse a write), but the
    class sets attributes as `object` does, not through attrs' frozen `__setattr__`: then
    `event._make = ...` is a plain slot store the interpreter specialises, where a call of
    the slot's setter cost about a fifth of logging a line."""

    __slots__ = ("_make",)
    __setattr__ = object.__setattr__
    __delattr__ = object.__delattr__

    def __init__(self, *args, **kwargs):  # (attrs.evolve, a direct call): an event filled at once
        plain = Event(*args, **kwargs)
        for name, set_field in zip(_FIELDS, _SETTERS):
            set_field(self, getattr(plain, name))

    def _fill(self) -> None:
        seq, to, seat, fn, args = _get_make(self)
        self._set_fields(seq, to, seat, fn(*args))

    def _set_fields(self, seq: int, to: str | None, seat: str | None, made: tuple) -> None:
        """The fields from fn's (kind, text, data), with the acting seat added to the data."""
        kind, text, data = made
        if seat is not None and "seat" not in data:  # as Game.emit adds the acting seat
            data["seat"] = seat
        _set_seq(self, seq)
        _set_to(self, to)
        _set_kind(self, kind)
        _set_text(self, text)
        _set_data(self, data)
        self._make = None  # the arguments are not needed any more

    def __eq__(self, other):
        if not isinstance(other, Event):
            return NotImplemented
        return (self.seq, self.kind, self.text, self.to, self.data) == (
            other.seq, other.kind, other.text, other.to, other.data)

    def __ne__(self, other):
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    __hash__ = Event.__hash__

    def __reduce__(self):  # copies and pickles are plain events
        return (Event, (self.seq, self.kind, self.text, self.to, self.data))

    def __repr__(self) -> str:
        return repr(Event(self.seq, self.kind, self.text, self.to, self.data))


def _lazy_field(name: str) -> property:
    slot = Event.__dict__[name]
    get = slot.__get__

    def read(self):
        try:
            return get(self)
        except AttributeError:  # not worked out yet
            self._fill()
            return get(self)

    return property(read, _frozen, _frozen)


def _frozen(self, *_) -> None:
    """A field of a LazyEvent is not written nor deleted, as an Event's (attrs' frozen class)."""
    raise attrs.exceptions.FrozenInstanceError()


_FIELDS = ("seq", "kind", "text", "to", "data")
_SETTERS = tuple(Event.__dict__[n].__set__ for n in _FIELDS)
_set_seq, _set_kind, _set_text, _set_to, _set_data = _SETTERS
_get_make = LazyEvent.__dict__["_make"].__get__
LazyEvent.seq, LazyEvent.kind, LazyEvent.text, LazyEvent.to, LazyEvent.data = (_lazy_field(n) for n in _FIELDS)


class _LoggedLine(LazyEvent):
    """A LazyEvent as a game logs it: only its allocation differs. Calling a class whose
    `__new__` and `__init__` are object's is one C call, where `LazyEvent.__new__(LazyEvent)`
    went through a wrapper that copies its arguments into a new tuple (a game logs a line or
    two an action). It calls itself a LazyEvent (`__class__`), so attrs.evolve and anything
    else that calls `event.__class__(...)` with an event's fields gets a LazyEvent filled at
    once, as before; copies and pickles are plain Events (LazyEvent.__reduce__)."""

    __slots__ = ()
    __init__ = object.__init__
    __class__ = property(lambda self: LazyEvent)  # type: ignore[assignment]


class _Line(_LoggedLine):
    """A LazyEvent logged by Game.emit_line: its `_make` is the caller's own tuple (to, fn,
    *args), its number and acting seat are two slots of their own. Against emit_lazy's
    `(seq, to, seat, fn, args)` that is one tuple fewer a line, and emit_line takes a fixed
    number of arguments, which the interpreter calls inline (a `*args` call is not). Made
    and named as a _LoggedLine is."""

    __slots__ = ("_seq", "_seat")

    def _fill(self) -> None:
        line = _get_make(self)
        self._set_fields(self._seq, line[0], self._seat, line[1](*line[2:]))


def new_lazy_event(seq: int, to: str | None, seat: str | None, fn, args: tuple) -> LazyEvent:
    """LazyEvent number `seq` for `to` (None: public), made by fn(*args), with `seat` (the
    acting seat, or None) added to its data as Game.emit adds it."""
    event = _LoggedLine()
    event._make = (seq, to, seat, fn, args)
    return event
