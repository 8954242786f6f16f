"""A tiny game on the core, for testing the core itself.

Two seats take turns adding 1 or 2 to a counter; reaching 10 wins. "peek"
draws a secret number (chance, private), which stops undo."""

from __future__ import annotations

import attrs

from barclay_desktop.rules.core import ActionSet, Event, Game, GameResult, IllegalAction, Rng

ACTIONS = ActionSet("toy")


@ACTIONS.register("add")
@attrs.frozen
class Add:
    n: int


@ACTIONS.register("peek")
@attrs.frozen
class Peek:
    pass


@attrs.define
class ToyState:
    rng: Rng
    log: list[Event]
    result: GameResult | None = None
    counter: int = 0
    turn: str = "a"
    secret: dict[str, int] = attrs.field(factory=dict)

    def clone(self) -> "ToyState":
        return ToyState(self.rng.clone(), list(self.log), self.result, self.counter, self.turn, dict(self.secret))


class ToyGame(Game):
    GAME_ID = "toy"
    TITLE = "Toy"
    SEATS = ("a", "b")
    SEAT_NAMES = {"a": "A", "b": "B"}
    ACTIONS = ACTIONS

    @classmethod
    def setup(cls, options, rng, seed):
        return ToyState(rng=rng, log=[])

    @classmethod
    def state_type(cls):
        return ToyState

    def current_seat(self):
        return None if self.state.result else self.state.turn

    def _legal(self, seat):
        acts = [Add(1), Add(2)]
        if seat not in self.state.secret:
            acts.append(Peek())
        return acts

    def explain_illegal(self, seat, action):
        if isinstance(action, Add):
            return "You may add only 1 or 2."
        return "You have already peeked."

    def _do(self, action):
        s = self.state
        seat = s.turn
        if isinstance(action, Peek):
            s.secret[seat] = s.rng.below(100)
            self.emit("peek", f"You drew {s.secret[seat]}", to=seat, value=s.secret[seat])
            self.emit("peek", f"{seat} peeked")
            self.reveal("You looked at a secret number.")
            return
        if action.n == 99:
            raise RuntimeError("boom")
        s.counter += action.n
        self.emit("add", f"{seat} adds {action.n}")
        if s.counter >= 10:
            s.result = GameResult(seat, f"{seat} reached 10")
        s.turn = "b" if seat == "a" else "a"

    def _view(self, seat):
        return {"counter": self.state.counter, "my_secret": self.state.secret.get(seat)}


__all__ = ["ToyGame", "Add", "Peek", "IllegalAction", "resolve"]


def resolve(game_id):
    """The game class for a save's game id, the toy game included (the loaders' resolver)."""
    if game_id == "toy":
        return ToyGame
    from barclay_desktop.rules import game_class

    return game_class(game_id)
