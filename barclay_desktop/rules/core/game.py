"""The common core every game implements.

A Game wraps one mutable, attrs-defined state. The per-game subclass supplies
five hooks (`setup`, `current_seat`, `_legal`, `_do`, `_view`); the core adds
validation, the event log, per-seat views, undo limits and JSON.

State contract (each game's state class has at least these fields):
    rng: Rng             all chance comes from here, so a save replays exactly
    log: list[Event]     public and private events in order
    result: GameResult | None
    and a `clone()` method returning an independent copy (fast: used by search).
"""

from __future__ import annotations

from typing import Any, ClassVar

import attrs

from .actions import ActionSet, action_to_json
from .errors import CorruptState, GameOver, IllegalAction, MalformedAction, NotYourTurn, UndoNotPossible
from .events import Event, _Line, _LoggedLine
from .message import Joined, as_message, message_from_json, message_to_json, msg, pmsg
from .rng import Rng
from .words import and_message, tally_message


NOTHING_TO_UNDO = msg("Nothing to undo yet.")


@attrs.frozen(slots=True)
class GameResult:
    winner: str | None  # a seat or side; None for a draw
    reason: str  # shown to players
    kind: str = "win"  # short machine key, e.g. "proof", "time", "flag"


@attrs.define(slots=True)
class UndoPoint:
    """The position before one undoable action: undo restores `state`.

    In memory every point keeps its whole state (undo is instant and exact); a save stores
    only the first point's state and the actions, and a load rebuilds the rest by replaying
    them (history.py), so a save no longer grows with the history times the log."""

    seat: str
    state: Any
    action: Any = None  # what `seat` did from `state`


class Game:
    GAME_ID: ClassVar[str] = ""
    TITLE: ClassVar[str] = ""
    SEATS: ClassVar[tuple[str, ...]] = ()
    SEAT_NAMES: ClassVar[dict[str, str]] = {}
    ACTIONS: ClassVar[ActionSet]
    # Why undo stops after an action that used the random generator without revealing anything.
    CHANCE_TEXT: ClassVar[str] = msg("The last action shuffled cards or tokens, so it cannot be taken back.")

    def __init__(self, state, *, track_undo: bool = True):
        self.state = state
        self.track_undo = track_undo
        self._undo: list[UndoPoint] = []
        self._undo_block = NOTHING_TO_UNDO  # one shared Message: a search makes a game per sample
        self._token = 0
        self._legal_cache: tuple[int, str | None, list] | None = None
        self._barrier_reason: str | None = None
        self._log_views: dict[str | None, tuple[list, int, list]] = {}
        self._acting: str | None = None
        # Search copies (computer players' determinizations) are never shown to anyone:
        # a quiet game keeps no event log, which saves a fifth of a rollout's time.
        self.quiet = False

    # ----- construction -------------------------------------------------
    @classmethod
    def new(cls, options: dict | None = None, seed: int | None = None, *, track_undo: bool = True):
        if seed is None:
            import secrets

            seed = secrets.randbits(63)
        rng = Rng.from_seed(seed)
        state = cls.setup(dict(options or {}), rng, seed)
        return cls(state, track_undo=track_undo)

    @classmethod
    def setup(cls, options: dict, rng: Rng, seed: int):  # pragma: no cover - abstract
        raise NotImplementedError

    # ----- hooks for the game --------------------------------------------
    @property
    def seats(self) -> tuple[str, ...]:
        return self.SEATS

    def seat_name(self, seat: str | None) -> str:
        return self.SEAT_NAMES.get(seat, str(seat))

    def current_seat(self) -> str | None:  # pragma: no cover - abstract
        raise NotImplementedError

    def _legal(self, seat: str) -> list:  # pragma: no cover - abstract
        raise NotImplementedError

    def _do(self, action) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def _view(self, seat: str | None) -> dict:  # pragma: no cover - abstract
        raise NotImplementedError

    def explain_illegal(self, seat: str, action) -> str:
        """Why `action` is not legal for `seat` now. Games override for precise reasons."""
        return msg("That is not a legal move right now.")

    def prompt(self, seat: str | None) -> str:
        """One line telling `seat` what the rules ask of them now."""
        return ""

    # ----- queries --------------------------------------------------------
    @property
    def result(self) -> GameResult | None:
        return self.state.result

    def is_over(self) -> bool:
        return self.state.result is not None

    def legal_actions(self, seat: str) -> list:
        """The single source of truth for what `seat` may do now (empty when not its turn)."""
        cache = self._legal_cache
        if cache is not None and cache[0] == self._token and cache[1] == seat:
            return cache[2]
        if self.state.result is not None or seat != self.current_seat():
            actions: list = []
        else:
            actions = self._legal(seat)
        self._legal_cache = (self._token, seat, actions)
        return actions

    def events_for(self, seat: str | None, since: int = 0) -> list[Event]:
        return [e for e in self.state.log if e.seq >= since and e.visible_to(seat)]

    def event_mark(self) -> int:
        """The number the next event will carry: a bookmark for `events_for(seat, since=mark)`.

        Scenes keep it to tell what is new without reading the log; it says how many events
        exist, never what a private one holds. An undo lowers it (the log is rolled back)."""
        return len(self.state.log)

    def view(self, seat: str | None) -> dict:
        """The single choke point: everything `seat` may know, nothing more.

        `seat=None` is an onlooker who sees only public information."""
        result = self.state.result
        base = {
            "game": self.GAME_ID,
            "seat": seat,
            "current_seat": self.current_seat(),
            "result": None if result is None else attrs.asdict(result),
            "log": self._visible_log(seat),
        }
        base.update(self._view(seat))
        return base

    def _visible_log(self, seat: str | None) -> list[dict]:
        """The seat's log as JSON, extended incrementally: views are asked for every frame."""
        log = self.state.log
        cached = self._log_views.get(seat)
        if cached is None or cached[0] is not log or cached[1] > len(log):
            cached = (log, 0, [])
        _, done, out = cached
        out.extend(e.to_json() for e in log[done:] if e.to is None or e.to == seat)
        self._log_views[seat] = (log, len(log), out)
        return list(out)

    # ----- acting ----------------------------------------------------------
    def apply(self, action, seat: str | None = None) -> list[Event]:
        """Validate and apply one action for the seat whose turn it is.

        Raises MalformedAction for input that is not an action of this game,
        GameOver / NotYourTurn / IllegalAction (with a readable reason)
        otherwise; the state is untouched when anything is refused."""
        if not self.ACTIONS.contains(action):
            raise MalformedAction(msg("{action} is not an action of {game}.", action=repr(action),
                                      game=self.TITLE or self.GAME_ID))
        if self.state.result is not None:
            raise GameOver(msg("The game is over."))
        current = self.current_seat()
        if seat is not None and seat != current:
            raise NotYourTurn(msg("It is the {current} player's turn, not the {seat} player's.",
                                  current=as_message(self.seat_name(current)), seat=as_message(self.seat_name(seat))))
        if action not in self.legal_actions(current):
            raise IllegalAction(self.explain_illegal(current, action))
        return self._apply_validated(current, action)

    def apply_json(self, data: Any, seat: str | None = None) -> list[Event]:
        return self.apply(self.ACTIONS.from_json(data), seat)

    def apply_trusted(self, seat: str, action) -> list[Event]:
        """Apply an action the caller took from `legal_actions(seat)` for this very position
        (computer players' searches): the list scan of `apply` is skipped, nothing else."""
        return self._apply_validated(seat, action)

    def _apply_validated(self, seat: str, action) -> list[Event]:
        state = self.state
        before = state.clone() if self.track_undo else None
        draws = state.rng.draws
        start = len(state.log)
        self._barrier_reason = None
        self._acting = seat
        try:
            self._do(action)
        except Exception:
            if before is not None:
                self.state = before  # never half-applied
            self._token += 1
            raise
        finally:
            self._acting = None
        self._token += 1
        if self.track_undo:
            self._record_undo(seat, before, state.rng.draws != draws, action)
        return state.log[start:]

    # ----- helpers for the game's handlers ---------------------------------
    def emit(self, kind: str, text: str, to: str | None = None, **data) -> Event:
        """Log an event; events caused by an action carry the acting seat in data["seat"]."""
        if self.quiet:
            return None
        if self._acting is not None and "seat" not in data:
            data["seat"] = self._acting
        log = self.state.log
        event = Event(seq=len(log), kind=kind, text=text, to=to, data=data)
        log.append(event)
        return event

    def emit_lazy(self, to: str | None, fn, *args) -> None:
        """Log an event whose kind, words and data `fn(*args)` gives when it is first read
        (core/events.LazyEvent): `args` must be values that stay as they are now."""
        if self.quiet:
            return
        log = self.state.log
        event = _LoggedLine()  # new_lazy_event(len(log), to, self._acting, fn, args), written out
        event._make = (len(log), to, self._acting, fn, args)
        log.append(event)

    def emit_line(self, line: tuple) -> None:
        """emit_lazy(*line): `line` is (to, fn, *args), one tuple the caller builds. Cheaper
        than emit_lazy (one object fewer a line, and a call the interpreter makes inline) for
        an engine that logs a line or two an action."""
        if self.quiet:
            return
        log = self.state.log
        event = _Line()
        event._seq = len(log)
        event._seat = self._acting
        event._make = line
        log.append(event)

    def reveal(self, reason: str) -> None:
        """Mark the action being applied as showing hidden information: undo stops here."""
        self._barrier_reason = reason

    # ----- undo ------------------------------------------------------------
    def _record_undo(self, seat: str, before, used_chance: bool, action=None) -> None:
        if self.state.result is not None:
            self._undo.clear()
            self._undo_block = msg("The game is over.")
        elif self._barrier_reason or used_chance:
            self._undo.clear()
            self._undo_block = self._barrier_reason or self.CHANCE_TEXT
        else:
            self._undo.append(UndoPoint(seat, before, action))

    def undo_status(self, seat: str | None) -> tuple[bool, str]:
        """(possible, reason shown when it is not)."""
        if not self._undo:
            return False, self._undo_block
        if self._undo[-1].seat != seat:
            return False, msg("The other player has acted since; only your own last actions can be taken back.")
        return True, ""

    def undo(self, seat: str) -> None:
        ok, why = self.undo_status(seat)
        if not ok:
            raise UndoNotPossible(why)
        self.state = self._undo.pop().state
        self._token += 1
        if not self._undo:
            self._undo_block = msg("Nothing more of yours to undo.")

    # ----- copies and JSON --------------------------------------------------
    def clone(self):
        """An independent copy without undo history: for search and what-ifs."""
        return type(self)(self.state.clone(), track_undo=False)

    def to_json(self) -> dict:
        from .history import history_to_json
        from .serialize import state_to_json

        return {
            "game": self.GAME_ID,
            "state": state_to_json(self.state),
            "undo_history": history_to_json(self._undo),
            "undo_block": self._undo_block,
            # its ids and data too, so the reason is shown in the player's language after a load
            **({"undo_block_msg": message_to_json(self._undo_block)} if message_to_json(self._undo_block) else {}),
        }

    @classmethod
    def from_json(cls, data: dict, *, track_undo: bool = True):
        """Restore a game saved by to_json; CorruptState when the state or its undo history is damaged."""
        from .history import history_from_json
        from .serialize import state_from_json
        from .upgrade import undo_history_v3

        game = cls(state_from_json(data["state"], cls.state_type()), track_undo=track_undo)
        game.check_state()
        if "undo" in data:
            # A game document written before the history format (every version-2 save, and the
            # version-3 saves written before it) that no save upgrade converted: converted here.
            data = undo_history_v3(data, cls)
        game._undo = history_from_json(game, data.get("undo_history"))
        block = data.get("undo_block", game._undo_block)
        if not isinstance(block, str):
            raise CorruptState(msg("the saved reason why undo is not possible is not text"))
        if "undo_block_msg" in data:
            try:
                block = message_from_json(data["undo_block_msg"])
            except ValueError as exc:
                raise CorruptState(msg("the saved reason why undo is not possible is damaged")) from exc
        game._undo_block = block
        return game

    @classmethod
    def state_type(cls) -> type:  # pragma: no cover - abstract
        raise NotImplementedError

    def check_state(self) -> None:
        """Raise CorruptState when the state breaks the game's invariants (hand-edited saves)."""

    def check_invariants(self) -> None:
        """Raise AssertionError when a conservation invariant is broken (simulate --check, tests)."""
        self.check_state()

    def leak_probes(self, seat: str | None) -> list[str]:
        """Distinctive strings (e.g. card ids) of secrets `seat` may not know right now.

        None of them may appear anywhere in `json.dumps(self.view(seat))`."""
        return []

    def summary(self) -> dict:
        """Small facts for simulate statistics and save listings (e.g. month, day, stage)."""
        return {}

    # ----- the summary in words (save listings, the game-over page; issue 32) -----------------
    # A summary may come from a save file of any version: these read it without trusting it.
    STEP_WORDS: ClassVar[dict[str, str]] = {}  # a summary's "step"/"phase" code as a player says it

    @classmethod
    def progress_words(cls, summary: dict) -> str:
        """How far a game has got: 'Month 2, face-up cards', 'Day 1', or '' (Messages: the
        client translates them where it draws them, issue 37)."""
        where = next((PLACE_WORDS[key](summary[key]) for key in ("month", "day", "stage")
                      if isinstance(summary.get(key), int) and not isinstance(summary[key], bool)), "")
        step = next((summary[k] for k in ("step", "phase") if isinstance(summary.get(k), str)), "")
        # the game's STEP_WORDS are msgids (marked in its module); an unknown code is shown as it is
        step = as_message(cls.STEP_WORDS[step]) if step in cls.STEP_WORDS else step.replace("_", " ")
        parts = [t for t in (where, step) if t]
        return Joined(parts, ", ") if len(parts) > 1 else (parts[0] if parts else "")

    @classmethod
    def summary_rows(cls, summary: dict) -> list[tuple[str, str]]:
        """The summary's other facts as (label, value) rows a player reads, e.g.
        ("Infiltration points", "Red 6, Blue 5"). This default spells out any summary."""
        skip = ("month", "day", "stage", "step", "phase")
        return [(key.replace("_", " ").capitalize(), value_words(value, cls.SEAT_NAMES))
                for key, value in summary.items() if key not in skip]


# Where a game is, by the first of these its summary has ("Month 2").
PLACE_WORDS = {
    "month": lambda n: msg("Month {n}", n=n),
    "day": lambda n: msg("Day {n}", n=n),
    "stage": lambda n: msg("Stage {n}", n=n),
}


def value_words(value, names: dict | None = None) -> str:
    """A summary value in words: {'red': 1, 'blue': 2} -> 'Red 1, Blue 2'; True -> 'yes'."""
    names = names or {}
    if isinstance(value, dict):
        return tally_message({k: value_words(v) for k, v in value.items()}, names)
    if isinstance(value, (list, tuple)):
        return and_message([value_words(v, names) for v in value])
    if isinstance(value, bool):
        return pmsg("summary value", "yes") if value else pmsg("summary value", "no")
    return pmsg("summary value", "none") if value is None else str(value).replace("_", " ")


class ModularGame(Game):
    """A game whose rules live in plain functions of its own modules.

    `RULES` names them: legal(state, seat), apply(game, action), view(state, seat),
    explain(state, seat, action) and prompt(state, seat, current_seat)."""

    RULES: ClassVar[Any]

    def _legal(self, seat: str) -> list:
        return self.RULES.legal(self.state, seat)

    def _do(self, action) -> None:
        self.RULES.apply(self, action)

    def _view(self, seat: str | None) -> dict:
        view = self.RULES.view(self.state, seat)
        view["prompt"] = self.prompt(seat)
        return view

    def explain_illegal(self, seat: str, action) -> str:
        return self.RULES.explain(self.state, seat, action)

    def prompt(self, seat: str | None) -> str:
        return self.RULES.prompt(self.state, seat, self.current_seat())


def actions_json(actions) -> list[dict]:
    return [action_to_json(a) for a in actions]
