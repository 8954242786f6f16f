"""Issue 38 (ninth round): the flip, fix and replacement decisions' lists are read from memos
keyed one value at a time (legal.FREE_FLIPS, FIX_LISTS, REPLACE_BY_SLOT). They must be the
lists the rules define: B9's flips (a coloured token in its own sector, black and leaks in
any, only face-down spaces), a fix's (value, colour) choices in the card's order, and the
replacement options then "keep" (B6), built here the plain way at every such decision."""

from __future__ import annotations

import random

import pytest

from barclay_desktop.rules.barclay import legal as L
from barclay_desktop.rules.barclay.flow import fix_options, flip_targets
from tests.barclay_helpers import new_game


def _plain_list(state, p) -> list:
    if p.kind == "flip":
        return [L.FLIP[t, sec, i] for t in p.cards if t in state.won for sec, i in flip_targets(state, t)]
    if p.kind == "fix":
        return [L.FIX[p.slot, v, col] for v, col in fix_options(state, p.seat, p.slot)]
    return [L.REPLACE[p.slot, c] for c in p.cards] + [L.KEEP[p.slot]]


@pytest.mark.parametrize("options", [{}, {"leak_cards": False}])
def test_flip_fix_and_replace_lists_are_the_rules_own(options):
    seen = {"flip": 0, "fix": 0, "replace": 0}
    for seed in range(30):
        game = new_game(seed, track_undo=False, options=options)
        rng = random.Random(seed)
        while not game.is_over():
            state = game.state
            if state.pending and state.pending[0].kind in seen:
                p = state.pending[0]
                seen[p.kind] += 1
                made = L._pending_legal(state, p)
                assert made == _plain_list(state, p)
                made.clear()  # a caller's change to its list must not reach the memo
                assert L._pending_legal(state, p) == _plain_list(state, p)
            seat = game.current_seat()
            game.apply(rng.choice(game.legal_actions(seat)), seat)
    assert min(seen.values()) > 0, seen


def test_new_pending_is_the_attrs_pending_value():
    """state.new_pending fills Pending's slots directly (issue 38, ninth round): it must make
    the value attrs' own __init__ makes, equal, hashed and shown alike, and still frozen."""
    import attrs

    from barclay_desktop.rules.barclay.state import Pending, new_pending

    cases = [(("draw", "lcs"), {}), (("spy_keep", "abwehr"), {"cards": ("a", "b")}),
             (("replace", "lcs"), {"cards": ("x",), "slot": 3}), (("take_evidence", "abwehr"), {"cards": ("red",), "box": "beta"})]
    for args, kw in cases:
        made, plain = new_pending(*args, **kw), Pending(*args, **kw)
        assert type(made) is Pending and made == plain and hash(made) == hash(plain) and repr(made) == repr(plain)
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            made.seat = "x"


def test_new_slot_is_the_attrs_slot_value():
    """state.new_slot, as new_pending: the value attrs' own __init__ makes, and still frozen."""
    import attrs

    from barclay_desktop.rules.barclay.state import Slot, new_slot

    for args in [("c1", True), ("c1", False, True), ("c1", True, False, "c2"), ("c1", True, False, None, 7, "red"),
                 (None, True, True)]:
        made, plain = new_slot(*args), Slot(*args)
        assert type(made) is Slot and made == plain and hash(made) == hash(plain) and repr(made) == repr(plain)
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            made.value = 3
