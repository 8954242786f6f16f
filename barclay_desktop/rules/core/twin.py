"""Twin states: the leak test that needs no list of secrets (issue 30, deliverable 7).

A twin of a game for `seat` is a copy that differs from it only in what that seat may
not know (the opponents' hands, face-down cards and tokens, deck and stack orders,
hidden choices, private log lines) and is still a valid state of the game. Whatever
the seat is shown - its view, its log lines, its legal actions - must then be
byte-identical in the game and in its twin: any difference is something the seat
could learn that the rules keep from it.

Each game says what a seat may not know in `rules/<game>/twin.py`, as
`scramble(game, state, seat, rng)`: it rewrites the copied `state` in place, choosing
at random among the values that fit everything the seat can see (the rulings B12,
S7/S9, K12 and the game's view code). Seats are never told anything by this module;
it only compares.

Actions are checked too: the next action of the real game is matched in the twin by an
action of the same kind (or the same public part, where a game's twin module defines
`public_part`) that leaves the seat's view identical (an opponent's other hidden choice,
e.g. another troop under the same mission); the new log lines the seat sees must then be
identical as well. A log line that names a hidden choice differs. When the action showed
something or used chance, only the public lines must match (a drawn card is told to its
drawer in a private line). Another seat's private lines are rewritten in every twin.
"""

from __future__ import annotations

import importlib
import json
import random

import attrs

from .actions import action_to_json
from .events import Event

_HIDDEN_TEXT = "(a private line of another seat, rewritten in the twin)"


class TwinMismatch(AssertionError):
    """A seat's view, log or options differ between a game and its twin: a leak."""


def scrambler(game):
    """The game's `scramble` function (rules/<game id>/twin.py), imported lazily."""
    return importlib.import_module(f"barclay_desktop.rules.{game.GAME_ID}.twin").scramble


def make_twin(game, seat: str | None, rng: random.Random):
    """A copy of `game` that differs only in what `seat` may not know."""
    state = game.state.clone()
    state.log = _rewrite_private_lines(state.log, seat)
    scrambler(game)(game, state, seat, rng)
    twin = type(game)(state, track_undo=False)
    twin.check_invariants()  # a twin must be a valid state, or the comparison means nothing
    return twin


def _rewrite_private_lines(log: list[Event], seat: str | None) -> list[Event]:
    """Another seat's private lines are not the seat's to know: the twin has other text."""
    return [e if e.to is None or e.to == seat else Event(e.seq, e.kind, _HIDDEN_TEXT, e.to, {}) for e in log]


def seen_by(game, seat: str | None) -> dict:
    """Everything `seat` is shown now: view, log lines and legal actions, as JSON text."""
    view = game.view(seat)
    lines = [e.to_json() for e in game.events_for(seat)]
    if view.get("log") != lines:
        raise TwinMismatch(f"seat {seat!r}: the view's log is not the seat's log lines")
    out = {"view": json.dumps(view, sort_keys=True)}
    if seat is not None:
        out["legal"] = json.dumps([action_to_json(a) for a in game.legal_actions(seat)], sort_keys=True)
    return out


def view_without_log(game, seat: str | None) -> str:
    """`game.view(seat)` but its log, as JSON text (the log of a fresh copy costs the most to build;
    the new lines are compared on their own)."""
    result = game.state.result
    view = {"game": game.GAME_ID, "seat": seat, "current_seat": game.current_seat(),
            "result": None if result is None else attrs.asdict(result)}
    view.update(game._view(seat))
    return json.dumps(view, sort_keys=True)


def new_lines(game, seat: str | None, since: int, public_only: bool = False) -> str:
    lines = game.events_for(None if public_only else seat, since)
    return json.dumps([e.to_json() for e in lines], sort_keys=True)


def check_position(game, twin, seat: str | None) -> None:
    """The seat sees the same in the game and its twin, or TwinMismatch says what differs."""
    real, other = seen_by(game, seat), seen_by(twin, seat)
    for key, text in real.items():
        if text != other[key]:
            raise TwinMismatch(f"seat {seat!r}: its {key} differs in a twin that changed only what it may not know: "
                               f"{_first_difference(text, other[key])}")


def twin_candidates(twin, actor: str, action, seat: str | None, rng: random.Random, limit: int) -> list:
    """Actions of the twin that may look like `action` to `seat`: the same action when the
    seat took it itself, else up to `limit` of the actor's legal actions with the same public
    part, other ones first (a different hidden choice is what could show in a log line),
    then the same action."""
    if actor == seat:
        return [action]
    shown = _public_part(twin, action)
    legal = twin.legal_actions(actor)
    others = [a for a in legal if a != action and _public_part(twin, a) == shown]
    rng.shuffle(others)
    return others[: limit - 1] + [a for a in legal if a == action]


def _public_part(game, action):
    """What every seat sees of an action: its kind, or more where the game's twin module says so
    (`public_part(game, action)`, for choices the view forgets at once, e.g. at a month's end)."""
    public_part = getattr(importlib.import_module(f"barclay_desktop.rules.{game.GAME_ID}.twin"), "public_part", None)
    return public_part(game, action) if public_part else action_to_json(action)["type"]


def check_transition(after, twin, actor: str, action, seat: str | None, since: int, rng: random.Random,
                     limit: int = 6) -> bool:
    """`after` is the game once `action` was applied. Find the twin's action that leaves the seat's
    view as it is in `after`; the new log lines the seat sees must then match too.

    Returns False when no such action exists (the action showed the seat something, e.g. a
    drawn card or a turned troop: the next position's twin starts from there)."""
    target = view_without_log(after, seat)
    # An action that showed something or used chance may tell the seat so in a private line
    # (a drawn card, a peek at a hand): then only the public lines must match.
    public_only = after._barrier_reason is not None or after.state.rng.draws != twin.state.rng.draws
    lines = new_lines(after, seat, since, public_only)
    for candidate in twin_candidates(twin, actor, action, seat, rng, limit):
        trial = twin.clone()
        trial.apply(candidate, actor)
        if view_without_log(trial, seat) != target:
            continue
        theirs = new_lines(trial, seat, since, public_only)
        if theirs != lines:
            raise TwinMismatch(
                f"seat {seat!r}: the log lines of {action_to_json(action)} differ from those of the twin's "
                f"{action_to_json(candidate)}, which looks the same to it: {_first_difference(lines, theirs)}")
        return True
    return False


def _first_difference(a: str, b: str, width: int = 90) -> str:
    i = next((k for k, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    lo = max(0, i - width // 2)
    return f"real ...{a[lo:i + width // 2]}... twin ...{b[lo:i + width // 2]}..."


def check_every_seat(game, rng: random.Random) -> list:
    """Check a twin for every seat and the public; returns (seat, twin) pairs for `check_next_action`."""
    pairs = []
    for seat in list(game.seats) + [None]:
        twin = make_twin(game, seat, rng)
        check_position(game, twin, seat)
        pairs.append((seat, twin))
    return pairs


def check_next_action(after, pairs: list, actor: str, action, since: int, rng: random.Random) -> int:
    """After `action` was applied to the game (now `after`): check it against each seat's twin.
    Returns how many seats' twins had a matching action."""
    return sum(check_transition(after, twin, actor, action, seat, since, rng) for seat, twin in pairs)
