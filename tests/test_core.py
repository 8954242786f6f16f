"""The shared rules core, checked on a toy game."""

import json
import subprocess
import sys

import pytest

from barclay_desktop.rules.core import GameOver, IllegalAction, MalformedAction, NotYourTurn, Rng, UndoNotPossible
from tests.toy_game import Add, Peek, ToyGame


def test_rng_is_deterministic_and_clonable():
    a, b = Rng.from_seed(7), Rng.from_seed(7)
    assert [a.below(1000) for _ in range(20)] == [b.below(1000) for _ in range(20)]
    c = a.clone()
    assert a.next64() == c.next64()
    items = list(range(10))
    Rng.from_seed(1).shuffle(items)
    assert sorted(items) == list(range(10)) and items != list(range(10))


def test_rng_shuffle_draws_as_the_plain_fisher_yates_loop():
    """shuffle() mixes all its draws at once for speed (issue 38): the same swaps, state and
    draw count, also from states whose next draws wrap around 2**64 (and from states outside
    0..2**64 - 1, which next64 reduces)."""
    top, golden = 1 << 64, 0x9E3779B97F4A7C15
    for start in (*range(30), top - 1, top - golden, (top - 3 * golden) % top, -5, top + 12345):
        for n in (0, 1, 2, 3, 4, 10, 45, 200):
            a, b = Rng(start), Rng(start)
            x, y = list(range(n)), list(range(n))
            a.shuffle(x)
            for i in range(n - 1, 0, -1):
                j = b.below(i + 1)
                y[i], y[j] = y[j], y[i]
            assert (x, a.state, a.draws) == (y, b.state, b.draws)


def test_rng_shuffle_each_is_shuffle_on_each_list_in_turn():
    """shuffle_each() mixes the draws of several lists at once (issue 38): the same swaps,
    state and draw count as shuffle() on each list in turn, short and empty lists included."""
    for seed in range(40):
        for sizes in ((), (0,), (1, 1), (6, 10, 10), (4, 0, 4), (2, 1, 13, 3)):
            a, b = Rng.from_seed(seed), Rng.from_seed(seed)
            x, y = [list(range(n)) for n in sizes], [list(range(n)) for n in sizes]
            for items in x:
                a.shuffle(items)
            b.shuffle_each(y)
            assert (x, a.state, a.draws) == (y, b.state, b.draws)


def test_rng_dice_are_roughly_uniform():
    r = Rng.from_seed(3)
    counts = [0] * 6
    for _ in range(6000):
        counts[r.d6() - 1] += 1
    assert all(850 < c < 1150 for c in counts)


def test_illegal_action_is_refused_with_reason_and_state_untouched():
    g = ToyGame.new(seed=1)
    before = json.dumps(g.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction, match="only 1 or 2"):
        g.apply(Add(3))
    with pytest.raises(NotYourTurn):
        g.apply(Add(1), seat="b")
    assert json.dumps(g.to_json(), sort_keys=True) == before


def test_malformed_input_has_its_own_error():
    g = ToyGame.new(seed=1)
    with pytest.raises(MalformedAction):
        g.apply("add 1")
    with pytest.raises(MalformedAction):
        g.apply_json({"type": "nope"})
    with pytest.raises(MalformedAction):
        g.apply_json({"type": "add", "n": "x", "extra": 1})
    g.apply_json({"type": "add", "n": 2})
    assert g.state.counter == 2


def test_failed_handler_never_half_applies():
    g = ToyGame.new(seed=1)
    g.ACTIONS  # the toy raises inside _do for n == 99; make it legal for this test
    g._legal = lambda seat: [Add(99)]
    g._legal_cache = None
    with pytest.raises(RuntimeError):
        g.apply(Add(99))
    assert g.state.counter == 0 and g.state.log == []


def test_private_events_only_in_own_view():
    g = ToyGame.new(seed=5)
    g.apply(Peek())
    secret = g.state.secret["a"]
    va, vb = g.view("a"), g.view("b")
    assert va["my_secret"] == secret
    assert vb["my_secret"] is None
    assert any(e["text"] == f"You drew {secret}" for e in va["log"])
    assert all(e["to"] is None for e in vb["log"])
    assert all(e["to"] is None for e in g.view(None)["log"])


def test_undo_takes_back_own_actions_but_stops_at_a_reveal():
    g = ToyGame.new(seed=5)
    g.apply(Add(1))  # a
    ok, why = g.undo_status("b")
    assert not ok and "other player" in why
    g.undo("a")
    assert g.state.counter == 0 and g.current_seat() == "a"
    g.apply(Peek())
    ok, why = g.undo_status("a")
    assert not ok and "secret" in why
    with pytest.raises(UndoNotPossible):
        g.undo("a")


def test_save_load_continues_identically():
    g = ToyGame.new(seed=11)
    g.apply(Add(2))
    g.apply(Peek())
    copy = ToyGame.from_json(json.loads(json.dumps(g.to_json())))
    for game in (g, copy):
        game.apply(Add(1))
        game.apply(Peek())
    assert g.to_json() == copy.to_json()


def test_game_over_refuses_everything():
    g = ToyGame.new(seed=1)
    while not g.is_over():
        g.apply(Add(2))
    assert g.legal_actions("a") == [] and g.legal_actions("b") == []
    with pytest.raises(GameOver):
        g.apply(Add(1))


def test_rules_package_never_imports_pygame():
    code = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in ('pygame', 'pygame_gui'):\n"
        "            raise ImportError('pygame is blocked in the rules layer')\n"
        "sys.meta_path.insert(0, Block())\n"
        "import barclay_desktop.rules as r\n"
        "from barclay_desktop.games import game_ids\n"
        "for gid in game_ids():\n"
        "    try:\n"
        "        r.game_class(gid)\n"
        "    except ModuleNotFoundError as e:\n"
        "        if 'pygame' in str(e): raise\n"
        "print('ok')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"


def test_a_restored_log_holds_events_that_still_filter_by_seat():
    """Save/load keeps events as Event objects, so views after a load still hide private ones."""
    g = ToyGame.new(seed=5)
    g.apply(Peek())
    copy = ToyGame.from_json(json.loads(json.dumps(g.to_json())))
    assert all(type(e).__name__ == "Event" for e in copy.state.log)
    assert copy.view("b")["log"] == g.view("b")["log"]
    assert all(e["to"] is None for e in copy.view("b")["log"])


def test_view_log_stays_right_across_actions_undo_and_reload():
    """The incremental log in views must always equal a fresh filter of the event log."""
    g = ToyGame.new(seed=8)

    def fresh(seat):
        return [e.to_json() for e in g.state.log if e.visible_to(seat)]

    for step in (Add(1), Peek(), Add(2), Add(1)):
        g.apply(step)
        for seat in ("a", "b", None):
            assert g.view(seat)["log"] == fresh(seat)
    before_undo = len(g.state.log)
    assert g.undo_status("a")[0]
    g.undo("a")
    assert len(g.state.log) < before_undo
    for seat in ("a", "b", None):
        assert g.view(seat)["log"] == fresh(seat)
    v = g.view("a")
    v["log"].append({"junk": 1})
    assert g.view("a")["log"] == fresh("a")


def test_events_name_the_seat_that_acted():
    """Clients and players read who did what from data, not from the text."""
    g = ToyGame.new(seed=2)
    g.apply(Add(1))
    g.apply(Peek())
    assert [e.data.get("seat") for e in g.state.log] == ["a", "b", "b"]
