"""Random self-play of Stratego Spies & Lies through the public Game API only.

After every action: the invariants (each side's 10 troops in exactly one place, chips conserved,
day <= 3), and no seat's view carries any of its leak probes; saves taken at random points continue
identically. The game always ends after day 3 at the latest."""

import json
import random

import pytest

from barclay_desktop.rules import game_class
from barclay_desktop.rules.spies_lies.actions import Withdraw

OPTIONS = [{}, {"teams": True}, {"open_table": True}, {"teams": True, "open_table": True}]


def pick(rng, actions):
    """A random player that rarely takes a troop back, so games do not wander."""
    if rng.random() < 0.9:
        actions = [a for a in actions if not isinstance(a, Withdraw)] or actions
    return rng.choice(actions)


def check_views(g):
    for seat in g.seats + (None,):
        text = json.dumps(g.view(seat))
        leaked = [p for p in g.leak_probes(seat) if p in text]
        assert not leaked, (seat, leaked)


def play(seed, options, *, views_every=1, save_at=None):
    cls = game_class("spies_lies")
    g = cls.new(options, seed=seed, track_undo=False)
    rng = random.Random(seed)
    n = 0
    while not g.is_over():
        seat = g.current_seat()
        assert seat in g.seats and g.legal_actions(seat), g.prompt(seat)
        g.apply(pick(rng, g.legal_actions(seat)), seat)
        n += 1
        g.check_invariants()
        assert g.summary()["day"] <= 3
        if n % views_every == 0:
            check_views(g)
        if n == save_at:
            copy = cls.from_json(json.loads(json.dumps(g.to_json())), track_undo=False)
            assert copy.to_json() == g.to_json()
            g = copy
        assert n < 2000
    check_views(g)
    return g, n


@pytest.mark.parametrize("options", OPTIONS, ids=["duel", "teams", "open", "teams-open"])
def test_random_games_keep_the_invariants(options):
    """Self-play: 60 games per mode with invariants after every action and leak checks every 7th."""
    kinds = set()
    for seed in range(60):
        g, _ = play(seed, options, views_every=7)
        kinds.add(g.result.kind)
        assert g.result.winner in ("red", "blue", None)
    assert "position" in kinds


def test_random_games_check_every_view():
    """Self-play: every view of every seat after every action leaks none of its probes (a few games)."""
    for seed in range(6):
        play(1000 + seed, OPTIONS[seed % 4])


def test_save_and_load_at_random_points_continue_identically():
    """Save/load: a game saved at a random point and reloaded plays on exactly like the original."""
    for seed in range(40):
        options = OPTIONS[seed % 4]
        _, length = play(seed, options, views_every=1000)
        save_at = random.Random(seed).randrange(1, length)
        reloaded, _ = play(seed, options, views_every=1000, save_at=save_at)
        original, _ = play(seed, options, views_every=1000)
        assert reloaded.to_json()["state"] == original.to_json()["state"]


def test_simulator_api_only():
    """The lead's simulator uses only the Game API: new(options, seed, track_undo=False), legal_actions,
    apply, check_invariants, leak_probes, to_json/from_json, result."""
    g = game_class("spies_lies").new({"teams": True}, seed=5, track_undo=False)
    assert g.GAME_ID == "spies_lies" and g.TITLE == "Stratego Spies & Lies"
    g, _ = play(5, {"teams": True}, views_every=50)
    assert g.result.reason and g.summary()["ip"].keys() == {"red", "blue"}
