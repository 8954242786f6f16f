"""Guided first games (issue 40): a script per game, and the coach that walks a player through it.

A script is data, `assets/data/tutorials/<game_id>.json`: the game's options and seed (a fixed deal), the
seat the player takes, and a list of steps. Each step says something (`text`, in the catalogue like every
data text) and is one of:

- a talk step: the player reads and goes on (`Next`);
- an `expect` step: the player makes exactly that move (an action in its JSON form); any other move is
  refused with the step's `refuse` line, which says why this one teaches the point;
- an `opponent` step: the other seat makes that move, a moment after the text appears.

The rules layer knows nothing of this: the coach only compares actions and hands them to the session,
which applies them like any player's. Pure Python (no pygame), so the scripts are checked headless.
"""

from __future__ import annotations

from typing import Any

import attrs

from .checked_json import read_json_file
from .resources import asset_path

TUTORIAL_GAMES = ("barclay", "spies_lies", "stawka")


class ScriptError(ValueError):
    """A tutorial file that cannot be played: says which step and why (for developers and tests)."""


@attrs.frozen
class Step:
    text: str = ""
    expect: dict | None = None  # the player's move, as action JSON
    opponent: dict | None = None  # the other seat's move, as action JSON
    refuse: str = ""  # why another move is refused at an expect step
    point: tuple[int, int, int, int] | None = None  # a part of the table the text talks about (layout pixels)

    @property
    def kind(self) -> str:
        return "expect" if self.expect is not None else "opponent" if self.opponent is not None else "talk"


@attrs.frozen
class Script:
    game_id: str
    seed: int
    options: dict
    player: str  # the seat the learner takes
    steps: tuple[Step, ...]
    minutes: int = 10  # about how long it takes, said on the menu


def script_path(game_id: str):
    return asset_path("data", "tutorials", f"{game_id}.json")


def has_script(game_id: str) -> bool:
    return script_path(game_id).is_file()


def load_script(game_id: str) -> Script:
    """The game's tutorial script, checked field by field (ScriptError names what is wrong)."""
    data = read_json_file(script_path(game_id))
    if not isinstance(data, dict) or data.get("game") != game_id:
        raise ScriptError(f"{game_id}: the tutorial file must name its game")
    seed, options, player = data.get("seed"), data.get("options", {}), data.get("player")
    if not isinstance(seed, int) or not isinstance(options, dict) or not isinstance(player, str):
        raise ScriptError(f"{game_id}: seed (a number), options (an object) and player (a seat) are needed")
    raw = data.get("steps")
    if not isinstance(raw, list) or not raw:
        raise ScriptError(f"{game_id}: the tutorial has no steps")
    steps = tuple(_step(game_id, n, s) for n, s in enumerate(raw, 1))
    minutes = data.get("minutes", 10)
    return Script(game_id, seed, dict(options), player, steps, minutes if isinstance(minutes, int) else 10)


def _step(game_id: str, n: int, raw: Any) -> Step:
    if not isinstance(raw, dict):
        raise ScriptError(f"{game_id} step {n}: a step is an object")
    unknown = set(raw) - {"text", "expect", "opponent", "refuse", "point", "_note"}
    if unknown:
        raise ScriptError(f"{game_id} step {n}: unknown fields {sorted(unknown)}")
    if raw.get("expect") is not None and raw.get("opponent") is not None:
        raise ScriptError(f"{game_id} step {n}: a step is the player's move or the opponent's, not both")
    for key in ("expect", "opponent"):
        if raw.get(key) is not None and not isinstance(raw[key], dict):
            raise ScriptError(f"{game_id} step {n}: {key} must be an action object")
    text, refuse = raw.get("text", ""), raw.get("refuse", "")
    if not isinstance(text, str) or not isinstance(refuse, str):
        raise ScriptError(f"{game_id} step {n}: text and refuse are strings")
    if raw.get("expect") is None and raw.get("opponent") is None and not text:
        raise ScriptError(f"{game_id} step {n}: a talk step needs a text")
    point = raw.get("point")
    if point is not None and not (isinstance(point, list) and len(point) == 4 and all(isinstance(v, int) for v in point)):
        raise ScriptError(f"{game_id} step {n}: point is [x, y, w, h]")
    return Step(text, raw.get("expect"), raw.get("opponent"), refuse, tuple(point) if point else None)


@attrs.define
class Coach:
    """Where the learner is in a script. `step` counts the steps done; at len(steps) the lesson is over
    and the game goes on as a free game against the computer."""

    script: Script
    step: int = 0
    released: bool = False  # the learner chose to play on freely before the end

    @property
    def active(self) -> bool:
        return not self.released and self.step < len(self.script.steps)

    @property
    def current(self) -> Step | None:
        return self.script.steps[self.step] if self.active else None

    @property
    def spoken(self) -> Step | None:
        """The step whose words are shown: an opponent step without words leaves the last ones up."""
        if not self.active:
            return None
        for k in range(self.step, -1, -1):
            if self.script.steps[k].text:
                return self.script.steps[k]
        return None

    def action_of(self, game, data: dict):
        return game.ACTIONS.from_json(data)

    def expected(self, game):
        step = self.current
        return self.action_of(game, step.expect) if step is not None and step.expect is not None else None

    def allows(self, game, action) -> bool:
        """Whether the learner may make `action` now: only the expected move of an expect step."""
        if not self.active:
            return True
        expected = self.expected(game)
        return expected is not None and action == expected

    def refusal(self) -> str:
        """The script's own line on why another move is refused now ("" if it has none)."""
        step = self.current
        return step.refuse if step is not None else ""

    def done_expected(self) -> None:
        """The learner made the expected move."""
        self.step += 1

    def next(self) -> bool:
        """Go on from a talk step; False if the step waits for a move instead."""
        step = self.current
        if step is None or step.kind != "talk":
            return False
        self.step += 1
        return True

    def opponent_action(self, game):
        step = self.current
        return self.action_of(game, step.opponent) if step is not None and step.opponent is not None else None

    def done_opponent(self) -> None:
        self.step += 1

    def release(self) -> None:
        self.released = True

    # ----- saving ------------------------------------------------------------------------
    def to_json(self) -> dict:
        return {"game": self.script.game_id, "step": self.step, "released": self.released}

    @classmethod
    def from_json(cls, data: Any, game_id: str) -> "Coach | None":
        """The coach of a saved tutorial, or None when the save has none or its script is gone or changed
        shape (the game then goes on as a free game: a save is never lost over its lesson)."""
        if not isinstance(data, dict) or data.get("game") != game_id or not has_script(game_id):
            return None
        try:
            script = load_script(game_id)
        except (ScriptError, ValueError, OSError):
            return None
        step = data.get("step")
        if not isinstance(step, int) or isinstance(step, bool) or not 0 <= step <= len(script.steps):
            return None
        return cls(script, step, data.get("released") is True)


def new_tutorial_game(script: Script):
    """The script's game at its start: the fixed deal its steps were written for."""
    from .rules import game_class

    return game_class(script.game_id).new(dict(script.options), seed=script.seed)


def play_through(script: Script, game=None, *, upto: int | None = None):
    """Apply the script's moves to a new game (or `game`) without a client: every expected and opponent
    move must be legal at its step, for the right seat. Returns the game; raises ScriptError otherwise."""
    game = game if game is not None else new_tutorial_game(script)
    coach = Coach(script)
    end = len(script.steps) if upto is None else upto
    while coach.active and coach.step < end:
        step = coach.current
        if step.kind == "talk":
            coach.next()
            continue
        action = coach.expected(game) if step.kind == "expect" else coach.opponent_action(game)
        seat = game.current_seat()
        mine = step.kind == "expect"
        if (seat == script.player) != mine:
            raise ScriptError(f"{script.game_id} step {coach.step + 1}: it is {seat}'s move, not the "
                              f"{'player' if mine else 'opponent'}'s")
        if action not in game.legal_actions(seat):
            raise ScriptError(f"{script.game_id} step {coach.step + 1}: {step.expect or step.opponent} is not legal "
                              f"here: {game.explain_illegal(seat, action)}")
        game.apply(action, seat)
        coach.step += 1
    return game


def tutorial_session(script: Script, store=None, *, learner: str = "", opponent: str = ""):
    """A session of the script's game: the learner in the script's seat, the other seats a computer at Easy
    (it plays the scripted line while the lesson runs, and on its own after it)."""
    from .session import COMPUTER, HUMAN, GameSession, SeatSetup

    game = new_tutorial_game(script)
    seats = [SeatSetup(s, HUMAN, learner or s) if s == script.player else SeatSetup(s, COMPUTER, opponent or s, "easy")
             for s in game.seats]
    return GameSession(game, seats, store=store, coach=Coach(script))
