"""Every refusal has a reason (issue 30, item 4): each game's explain_illegal, fuzzed with
illegal actions at positions of random games, returns a plain sentence and never raises."""

import random
import re

import attrs
import pytest

from barclay_desktop.rules import game_class
from barclay_desktop.rules.barclay import actions as A
from barclay_desktop.rules.barclay.state import ABWEHR, Pending
from tests.barclay_helpers import started_game

JUNK = {str: ["leak", "", "x", "black"], int: [-1, 0, 5, 99]}
# ... and no ruling id: "(S7)" is for the docs and tests, not for players (issue 32).
PYTHON_LOOK = re.compile(r"Traceback|Error|\w+\(\w+=|\[\]|\{\}|\bNone\b|'\w*'|\([BSK]\d+\)")


def assert_plain_reason(text, action) -> None:
    assert isinstance(text, str) and text.strip(), f"no reason for {action}"
    assert not PYTHON_LOOK.search(text), f"{action}: {text}"


def wrong_values(action, seen: dict, rng: random.Random) -> list:
    """The action with one field changed: to a value that field took elsewhere in this game,
    to an out-of-range value, or (tuples) shortened, reversed or extended."""
    out = []
    for field in attrs.fields(type(action)):
        value = getattr(action, field.name)
        options = list(seen.get((type(action), field.name), ()))
        if isinstance(value, bool):
            options.append(not value)
        elif isinstance(value, (str, int)):
            options += JUNK[type(value)]
        elif isinstance(value, tuple):
            extra = "leak" if value and isinstance(value[0], str) else 99
            options += [(), value[::-1], value[1:], value + value[:1], value + (extra,)]
        for option in rng.sample(options, min(5, len(options))):
            out.append(attrs.evolve(action, **{field.name: option}))
    return out


@pytest.mark.parametrize(
    "game_id, options, seed",
    [("barclay", {}, 3), ("spies_lies", {}, 1), ("spies_lies", {"teams": True, "open_table": True}, 2),
     ("stawka", {}, 1)],
    ids=["barclay", "spies_lies", "spies_lies-teams-open", "stawka"],
)
def test_explain_illegal_gives_a_plain_reason_for_every_illegal_action(game_id, options, seed):
    """Legal action types with wrong field values, and actions of other moments of the game,
    asked of every seat at about one position in four of a random game."""
    rng = random.Random(seed)
    game = game_class(game_id).new(options, seed=seed)
    seen: dict = {}  # (action type, field) -> values that were legal somewhere in this game
    earlier: dict = {}  # one action of every type legal at some earlier position
    asked = 0
    for _ in range(400):
        seat = None if game.is_over() else game.current_seat()
        if seat is None:
            break
        legal = game.legal_actions(seat)
        for action in legal:
            earlier.setdefault(type(action), action)
            for field in attrs.fields(type(action)):
                seen.setdefault((type(action), field.name), {})[getattr(action, field.name)] = None
        if rng.random() < 0.25:
            candidates = [v for a in rng.sample(legal, min(3, len(legal))) for v in wrong_values(a, seen, rng)]
            illegal = [a for a in candidates + list(earlier.values()) if a not in legal]
            for action in illegal:
                for asked_seat in game.seats:
                    assert_plain_reason(game.explain_illegal(asked_seat, action), action)
                    asked += 1
        game.apply(rng.choice(legal), seat)
    assert asked > 300


def flip_position():
    """The Abwehr holds a leak card's flip and the red token (B9; leak cards are B14 design)."""
    game = started_game(seed=3)
    game.state.won = ["leak", "red"]
    game.state.pending = [Pending("flip", ABWEHR, cards=("leak", "red"))]
    game._token += 1  # the state was edited by hand: drop the cached legal actions
    return game


@pytest.mark.parametrize(
    "action, reason",
    [
        (A.Flip("leak", "green", 9), "Peloponnese has 5 token spaces."),  # was KeyError: 'leak' (issue 30)
        (A.Flip("leak", "nowhere", 0), "There is no such sector"),
        (A.Flip("red", "blue", 0), "The red token turns a token in"),
        (A.Flip("black", "blue", 0), "You have no such evidence token to use."),
    ],
)
def test_a_refused_flip_says_why(action, reason):
    game = flip_position()
    assert action not in game.legal_actions(ABWEHR)
    assert game.explain_illegal(ABWEHR, action).startswith(reason)
