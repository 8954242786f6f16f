"""Log lines made when first read (issue 38): the same events as when they were made at once.

A game logs most lines as LazyEvents (rules/core/events.py): their words and data are worked
out the first time anything reads them, from values fixed when they were logged. The digests
below were taken from the logs of seeded random games before any line was made lazily; the
logs must read the same whether they are read at the end of the game (as late as possible:
a line that kept a list the game changed afterwards would read differently) or after every
action (as soon as possible)."""

from __future__ import annotations

import copy
import hashlib
import json
import pickle
import random

import attrs
import pytest

from barclay_desktop.rules import game_class
from barclay_desktop.rules.core.events import Event, LazyEvent, new_lazy_event


def _line(n: int):
    return "draw", f"Line {n}.", {"n": n}


def test_a_lazy_event_is_the_event_it_makes():
    lazy = new_lazy_event(3, "red", "blue", _line, (7,))
    plain = Event(3, "draw", "Line 7.", "red", {"n": 7, "seat": "blue"})  # the acting seat is added, as emit does
    assert isinstance(lazy, LazyEvent)
    assert lazy == plain and plain == lazy and not lazy != plain
    assert lazy != Event(3, "draw", "Line 8.", "red", {"n": 7, "seat": "blue"})
    assert repr(lazy) == repr(plain)
    assert lazy.to_json() == plain.to_json()
    assert attrs.asdict(lazy) == attrs.asdict(plain)
    for other in (pickle.loads(pickle.dumps(lazy)), copy.copy(lazy), copy.deepcopy(lazy)):
        assert type(other) is Event and other == plain
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        lazy.text = "Another line."
    with pytest.raises(attrs.exceptions.FrozenInstanceError):  # its fields are frozen, though
        del lazy.kind  # the class sets `_make` as object does (core/events.py)
    assert attrs.evolve(lazy, seq=4) == attrs.evolve(plain, seq=4) and lazy.seq == 3
    # a logged line is allocated as a subclass that calls itself a LazyEvent (core/events.py):
    # calling its __class__ with an event's fields, as evolve does, makes a filled LazyEvent
    remade = lazy.__class__(3, "draw", "Line 7.", "red", {"n": 7, "seat": "blue"})
    assert lazy.__class__ is LazyEvent and type(remade) is LazyEvent and remade == plain


def test_an_explicit_seat_in_the_data_is_kept():
    lazy = new_lazy_event(0, None, "blue", lambda: ("deployed", "Red has deployed.", {"seat": "red"}), ())
    assert lazy.data == {"seat": "red"}


def _digest(game_id: str, options: dict, seeds, read_at_once: bool) -> str:
    h = hashlib.sha1()
    for seed in seeds:
        game = game_class(game_id).new(options, seed=seed, track_undo=False)
        rng = random.Random(seed)
        while not game.is_over():
            seat = game.current_seat()
            new = game.apply(rng.choice(game.legal_actions(seat)), seat)
            if read_at_once:
                for event in new:
                    event.to_json()
        rows = [e.to_json() for e in game.state.log]
        h.update(json.dumps([rows, str(game.result.reason)], sort_keys=True).encode())
    return h.hexdigest()[:16]


LOGS_BEFORE = {  # 30 seeded random games each, logs taken before the lines were made lazily
    ("barclay", ()): "b250bc53553d456d",
    ("spies_lies", ()): "e1be01032434c021",
    ("spies_lies", ("teams",)): "4a7436302acc6a5b",
    ("spies_lies", ("open_table",)): "f0c2adeec72e4e54",
}


@pytest.mark.parametrize("read_at_once", (False, True), ids=("read-at-the-end", "read-after-each-action"))
@pytest.mark.parametrize("game_id,flags", list(LOGS_BEFORE), ids=lambda v: v if isinstance(v, str) else "-".join(v))
def test_seeded_random_games_log_the_same_lines(game_id, flags, read_at_once):
    options = {flag: True for flag in flags}
    assert _digest(game_id, options, range(30), read_at_once) == LOGS_BEFORE[game_id, flags]


def test_a_line_logged_with_emit_line_is_the_event_emit_lazy_logs():
    """Game.emit_line((to, fn, *args)) logs the line emit_lazy(to, fn, *args) would (issue 38,
    ninth round: its own number and seat slots, the caller's tuple as the maker)."""
    game = game_class("spies_lies").new({}, seed=1, track_undo=False)
    game._acting = "blue"  # as while an action of blue's is applied
    game.emit_line(("red", _line, 7))
    game.emit_lazy("red", _line, 7)
    game._acting = None
    line, lazy = game.state.log[-2:]
    plain = Event(line.seq, "draw", "Line 7.", "red", {"n": 7, "seat": "blue"})
    assert isinstance(line, LazyEvent) and line.__class__ is LazyEvent
    assert line == plain and lazy == attrs.evolve(plain, seq=line.seq + 1) and line.seq == len(game.state.log) - 2
    assert repr(line) == repr(plain) and line.to_json() == plain.to_json()
    for other in (pickle.loads(pickle.dumps(line)), copy.copy(line), copy.deepcopy(line)):
        assert type(other) is Event and other == plain
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        line.text = "Another line."
    assert attrs.evolve(line, seq=99) == attrs.evolve(plain, seq=99)


def test_slot_setters_fill_a_class_only_while_it_has_the_named_shape():
    """The hot makers (core new_event, Barclay's new_pending and new_slot) fill an attrs slots
    class through slot_setters: the values they make equal attrs' own, and a class whose
    fields differ in name, order or storage gives None, so its maker falls back to the class."""
    from barclay_desktop.rules.barclay.state import Pending, Slot, new_pending, new_slot
    from barclay_desktop.rules.core.events import new_event, slot_setters

    assert new_event(2, "draw", "text", "lcs", {"a": 1}) == Event(2, "draw", "text", "lcs", {"a": 1})
    assert new_pending("fix", "lcs", ("c1",), 3) == Pending("fix", "lcs", ("c1",), 3)
    assert new_slot("c1", True, value=4) == Slot("c1", True, value=4)

    @attrs.define(slots=True, frozen=True)
    class Pair:
        a: int
        b: int

    @attrs.define(slots=False)
    class Open:
        a: int
        b: int

    set_a, set_b = slot_setters(Pair, ("a", "b"))
    made = object.__new__(Pair)
    set_a(made, 1)
    set_b(made, 2)
    assert made == Pair(1, 2)
    assert slot_setters(Pair, ("b", "a")) is None
    assert slot_setters(Pair, ("a",)) is None
    assert slot_setters(Open, ("a", "b")) is None
