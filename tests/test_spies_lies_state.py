"""State handling of Spies & Lies: corrupt saves, clones, undo limits, views for onlookers."""

import json

import attrs
import pytest

from barclay_desktop.rules.core import CorruptState, UndoNotPossible
from barclay_desktop.rules.spies_lies.actions import ConfirmDeploy, Deploy, Guess, NoDeception
from barclay_desktop.rules.spies_lies.game import SpiesLiesGame
from barclay_desktop.rules.spies_lies.state import SideState
from tests.spies_lies_helpers import deploy_game, mission_game


def test_hand_edited_saves_are_refused():
    """check_state: a save with a troop in two places, an extra deception chip or day 4 is corrupt."""
    g = mission_game([1, 5, 8, 10], [2, 3, 6, 9])
    good = g.to_json()
    SpiesLiesGame.from_json(json.loads(json.dumps(good)))
    for edit in (
        lambda st: st["red"]["hand"].append(1),
        lambda st: st.__setitem__("deception_reserve", st["deception_reserve"] + 1),
        lambda st: st.__setitem__("day", 4),
        lambda st: st["blue"].__setitem__("tower", 12),
        lambda st: st.__setitem__("spy", 7),
        lambda st: st.__setitem__("deck", st["deck"][1:]),
    ):
        bad = json.loads(json.dumps(good))
        edit(bad["state"])
        with pytest.raises(CorruptState):
            SpiesLiesGame.from_json(bad)


def test_clone_is_independent():
    """state.clone() copies everything the rules change, so search on a clone never touches the game."""
    g = mission_game([1, 5, 8, 10], [2, 3, 6, 9])
    before = g.to_json()
    c = g.clone()
    c.apply(NoDeception())
    c.apply(Guess(2))
    assert g.to_json() == before and c.state.red.tower == 2
    copy = SpiesLiesGame(c.state.clone(), track_undo=False)
    assert copy.to_json()["state"] == c.to_json()["state"]


def test_undo_takes_back_a_deployment_but_not_a_reveal():
    """Undo: own deployments can be taken back; a turned troop (reveal) stops undo."""
    g = SpiesLiesGame.new({}, seed=3)
    g.apply(g.legal_actions("red")[0])
    g.apply(g.legal_actions("blue")[0])
    assert not g.undo_status("blue")[0]  # drawing an eliminated troop reveals it
    rank = g.state.red.hand[0]
    g.apply(Deploy(rank, 1))
    g.undo("red")
    assert rank in g.state.red.hand
    g = mission_game([1, 5, 8, 10], [2, 3, 6, 9])
    g.track_undo = True
    g.apply(NoDeception())
    g.apply(Guess(2))
    with pytest.raises(UndoNotPossible):
        g.undo("red")


def test_onlooker_view_hides_both_sides():
    """view(None) is public information only: no face-down troop and no hand of either side."""
    g = deploy_game()
    for seat, ranks in (("red", [2, 3, 5, 6]), ("blue", [2, 3, 5, 6])):
        for m, r in enumerate(ranks, start=1):
            g.apply(Deploy(r, m), seat)
        g.apply(ConfirmDeploy(), seat)
    view = g.view(None)
    text = json.dumps(view)
    assert all(p not in text for p in g.leak_probes(None))
    assert view["sides"]["red"]["hand"] is None and view["sides"]["blue"]["missions"][0]["troop"] is None


def test_summary_for_save_listings():
    """summary(): day, phase, IP per side and the double spy's position."""
    g = mission_game([1, 5, 8, 10], [2, 3, 6, 9], towers=(3, 4), spy=-2, day=2)
    assert g.summary() == {"day": 2, "phase": "mission", "ip": {"red": 3, "blue": 4}, "spy": -2,
                           "deception_chips": {"red": 1, "blue": 1}}


def test_every_action_round_trips_through_json():
    """Actions are small value objects: action_to_json / ACTIONS.from_json give them back (saves, client)."""
    from barclay_desktop.rules.core import action_to_json
    from barclay_desktop.rules.spies_lies import actions as A

    samples = [A.EliminatePick(3), A.Deploy(7, 2), A.Withdraw(2), A.ConfirmDeploy(), A.IntelChip(4, True),
               A.Deceive(), A.NoDeception(), A.Guess(10), A.CaptainPoints(), A.CaptainBorrow(5),
               A.MarshalTen(), A.MarshalSplit()]
    assert {a.TYPE for a in samples} == set(A.ACTIONS.by_type)
    for a in samples:
        assert A.ACTIONS.from_json(json.loads(json.dumps(action_to_json(a)))) == a


def test_every_refusal_has_a_specific_reason():
    """explain_illegal: in random games every illegal action of every type gets a specific, readable
    reason (never the generic fallback, never an exception)."""
    import random

    from barclay_desktop.rules.spies_lies import actions as A

    every = ([A.EliminatePick(c) for c in range(0, 12)] + [A.Deploy(r, m) for r in range(0, 12) for m in range(0, 6)]
             + [A.Withdraw(m) for m in range(0, 6)] + [A.IntelChip(m, o) for m in range(0, 6) for o in (True, False)]
             + [A.Guess(r) for r in range(0, 12)] + [A.CaptainBorrow(r) for r in range(0, 12)]
             + [A.ConfirmDeploy(), A.Deceive(), A.NoDeception(), A.CaptainPoints(), A.MarshalTen(), A.MarshalSplit()])
    for seed in range(6):
        g = SpiesLiesGame.new({"teams": seed % 2 == 1, "open_table": seed % 3 == 0}, seed=seed, track_undo=False)
        rng = random.Random(seed)
        while not g.is_over():
            seat = g.current_seat()
            legal = g.legal_actions(seat)
            for action in every:
                if action not in legal:
                    reason = g.explain_illegal(seat, action)
                    assert reason and reason != "That is not a legal move right now.", action
            g.apply(rng.choice(legal), seat)


def _leaves(obj, path=()):
    if isinstance(obj, dict):
        for key, value in obj.items():
            if key not in ("log", "rng"):
                yield from _leaves(value, path + (key,))
    elif isinstance(obj, list):
        for i, value in enumerate(obj):
            yield from _leaves(value, path + (i,))
    else:
        yield path, obj


def test_edited_saves_load_cleanly_or_are_refused():
    """check_state on hand-edited saves: a save with one value changed either loads into a game that
    plays on (views, prompt, a legal action) or is refused with CorruptState - never another error."""
    import copy
    import random

    from barclay_desktop.rules.spies_lies.actions import Withdraw

    rng = random.Random(1)
    for seed in range(20):
        g = SpiesLiesGame.new({"teams": seed % 2 == 1, "open_table": seed % 3 == 0}, seed=seed, track_undo=False)
        play = random.Random(seed)
        for _ in range(play.randrange(5, 120)):
            if g.is_over():
                break
            seat = g.current_seat()
            g.apply(play.choice([a for a in g.legal_actions(seat) if type(a) is not Withdraw]), seat)
        base = g.to_json()
        leaves = list(_leaves(base["state"]))
        for _ in range(25):
            data = copy.deepcopy(base)
            path, old = rng.choice(leaves)
            if isinstance(old, bool):
                new = not old
            elif isinstance(old, int):
                new = rng.choice([old + 1, old - 1, -1, 0, 11])
            elif isinstance(old, str):
                new = rng.choice(["", "green", "red", "blue", "offer", "choice", "intel-card-a"])
            else:
                continue
            target = data["state"]
            for key in path[:-1]:
                target = target[key]
            target[path[-1]] = new
            try:
                h = SpiesLiesGame.from_json(data)
            except CorruptState:
                continue
            h.check_invariants()
            for seat in h.seats + (None,):
                json.dumps(h.view(seat))
                h.prompt(seat)
            if not h.is_over():
                h.apply(h.legal_actions(h.current_seat())[0])


def test_a_fresh_side_is_the_default_side():
    """SideState.fresh (a new game's sides, made without attrs' factories: issue 38) equals
    the default SideState with the same deception chips, field by field, and shares no list."""
    for chips in (0, 1, 2):
        fresh, default = SideState.fresh(chips), SideState(deception_chips=chips)
        assert fresh == default
        assert [type(getattr(fresh, f.name)) for f in attrs.fields(SideState)] == [
            type(getattr(default, f.name)) for f in attrs.fields(SideState)]
    a, b = SideState.fresh(1), SideState.fresh(1)
    lists = [f.name for f in attrs.fields(SideState) if isinstance(getattr(a, f.name), list)]
    assert len(lists) == 12 and all(getattr(a, name) is not getattr(b, name) for name in lists)
