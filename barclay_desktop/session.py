"""GameSession: one game being played at this computer, between the rules and the scenes.

It owns the Game, who sits at each seat (human or computer, names), the hot-seat
privacy state, undo, statistics and autosave. Scenes never decide privacy themselves:
a table asks `drawable_seat()` every frame and draws `game.view(that seat)`.

Privacy rule (hide_private on): `viewer` is the human whose private information may be
on screen. When the next decision belongs to another human and their view holds
something the public view does not, the player at the table keeps it first (`pass_to`):
they still see their own view with what their turn brought, may undo what the rules
allow, and end the turn on purpose (`pass_table()`). Only then does the curtain go up
(`curtain_seat`), and until the next human clicks through nothing private is drawn.
A computer's turn does not move the viewer. A resumed game always starts at the curtain."""

from __future__ import annotations

from typing import Any, Callable

import attrs

from .rules.core import IllegalAction, MalformedAction, UndoNotPossible
from .rules.core.message import Joined, as_message, msg
from . import save_schema, saves
from .checked_json import DamagedFile

HUMAN = "human"
COMPUTER = "computer"
WATCH_PACE = 0.9  # seconds between computer moves when nobody plays
# With a person at the table, a computer's answer to their move comes at once, but a computer's
# moves in a row (Stawka: move, search, keep the tile, end) are spaced so each can be seen.
CHAIN_PACE = 0.45
HINT_LEVELS = ("normal", "easy", "random")  # the first a game offers gives the hints
COACH_PAUSE = 1.2  # least seconds the coach's words stand before the scripted opponent moves
COACH_READING = 0.25  # and this much more per word of its note (read, not skimmed); Next moves it at once
COACH_PAUSE_MAX = 6.0
COACH_REFUSAL = msg("Not this move now: the coach has ringed the one this step is about.")
COACH_READ = msg("Read the coach's note first, then press Next.")
# Per game, event kinds of a turn's end worth a look before the hand-over, and what to say (first match).
PASS_NEWS = {
    "barclay": (("draw", "check the card you drew"), ("spy", "check the card you kept"),
                ("flip", "check the token you turned")),
    "spies_lies": (("reveal", "check what was revealed"), ("eliminate", "check the troop drawn")),
    "stawka": (("dice", "check the roll"), ("found", "check what the search found")),
}
CHECK_THE_TABLE = "check the table"
# The hand-over line for each piece of news, whole, so a language can put the words in its order.
PASS_LINES = {
    "check the card you drew": lambda to: msg("Your turn is over: check the card you drew, then pass to {to}.", to=to),
    "check the card you kept": lambda to: msg("Your turn is over: check the card you kept, then pass to {to}.", to=to),
    "check the token you turned": lambda to: msg("Your turn is over: check the token you turned, then pass to {to}.",
                                                 to=to),
    "check what was revealed": lambda to: msg("Your turn is over: check what was revealed, then pass to {to}.", to=to),
    "check the troop drawn": lambda to: msg("Your turn is over: check the troop drawn, then pass to {to}.", to=to),
    "check the roll": lambda to: msg("Your turn is over: check the roll, then pass to {to}.", to=to),
    "check what the search found": lambda to: msg("Your turn is over: check what the search found, then pass to {to}.",
                                                  to=to),
    CHECK_THE_TABLE: lambda to: msg("Your turn is over: check the table, then pass to {to}.", to=to),
}


@attrs.define
class SeatSetup:
    seat: str
    kind: str = HUMAN
    name: str = ""
    level: str | None = None

    def to_json(self, side: str = "") -> dict:
        return {"seat": self.seat, "side": side, "name": self.name, "kind": self.kind, "level": self.level}

    @classmethod
    def from_json(cls, d: dict) -> "SeatSetup":
        kind = d.get("kind") if d.get("kind") in (HUMAN, COMPUTER) else HUMAN
        return cls(seat=str(d["seat"]), kind=kind, name=str(d.get("name") or ""), level=d.get("level"))


@attrs.define
class SessionStats:
    actions: int = 0
    undos: int = 0
    hints: int = 0
    seconds: float = 0.0
    actions_by_seat: dict = attrs.field(factory=dict)

    def to_json(self) -> dict:
        return attrs.asdict(self)

    @classmethod
    def from_json(cls, d: Any) -> "SessionStats":
        d = d if isinstance(d, dict) else {}
        return cls(
            actions=int(d.get("actions", 0)),
            undos=int(d.get("undos", 0)),
            hints=int(d.get("hints", 0)),
            seconds=float(d.get("seconds", 0.0)),
            actions_by_seat=dict(d.get("actions_by_seat") or {}),
        )


@attrs.define
class ActResult:
    ok: bool
    reason: str = ""
    events: list = attrs.field(factory=list)


class GameSession:
    def __init__(
        self,
        game,
        seats: list[SeatSetup],
        *,
        hide_private: bool = True,
        store: "saves.SaveStore | None" = None,
        stats: SessionStats | None = None,
        last_seen: dict | None = None,
        resumed: bool = False,
        player_factory: Callable | None = None,
        instance: str | None = None,
        coach=None,
    ):
        self.game = game
        # A guided first game (issue 40): the coach's script decides the learner's moves and the
        # opponent's until it ends or the learner plays on freely; then the computer takes over.
        self.coach = coach
        self._coach_wait = 0.0
        self._last_by_computer = False  # the last move was a computer's (its next one waits CHAIN_PACE)
        # Names this game's own autosave: a new game gets a fresh one, so it never writes over
        # another game in progress.
        self.instance = instance or saves.new_instance()
        self.seats = {s.seat: s for s in seats}
        missing = [s for s in game.seats if s not in self.seats]
        if missing:
            raise ValueError(f"no setup for seats {missing}")
        self.hide_private = hide_private
        self.store = store
        self.stats = stats or SessionStats()
        self.last_seen: dict[str, int] = dict(last_seen or {})
        self.player_factory = player_factory
        self._players: dict[str, Any] = {}
        self.listeners: list[Callable[["GameSession"], None]] = []
        self.last_save_error: str | None = None
        self._pending_ai = None  # (seat, version asked at, ThinkJob)
        self._hint_job = None  # (version asked at, ThinkJob) for the Hint button
        self.hint = None  # the move a hint suggests for the position of this version, if asked
        self.ai_mode = "process"  # ThinkJob mode; tests use "thread"
        self.wake: Callable[[], None] | None = None  # called from a worker when a computer's answer is ready
        self.problems: list[str] = []  # messages for the table to show (a failed computer player)
        self.ai_failed = False  # after a failure the computer stops trying rather than repeat it
        # With nobody at the table the game is watched: computer moves wait this long after the
        # last move, so a spectator can follow them (human opponents are not kept waiting).
        self.watch_pace = WATCH_PACE if self.watched else 0.0
        self._since_move = 0.0
        self.version = 0  # bumped on every change of the game; scenes cache views by it
        self.curtain_seat: str | None = None
        self.quiet: dict[str, object] = {}  # seat -> the game's token of a standing "no reactions" order
        # The human the table must be passed to once the player at it has looked (None: no
        # hand-over waiting). Not saved: a resumed game starts at the curtain anyway.
        self.pass_to: str | None = None
        self.pass_news = ""  # what the passing player should look at first ("check the roll"; PASS_LINES)
        # What each seat's hand held when it last looked (kept by the table scenes, from views
        # only, to mark the cards that came in since; never saved)
        self.seen_hands: dict = {}
        humans = self.human_seats()
        # A lone human sees their own view from the start; hot-seat players start behind the curtain.
        self.viewer: str | None = humans[0] if (len(humans) == 1 and not resumed) else None
        self._resumed = resumed
        self._refresh()

    # ----- seats ---------------------------------------------------------------
    @property
    def game_id(self) -> str:
        return self.game.GAME_ID

    def human_seats(self) -> list[str]:
        return [s for s in self.game.seats if self.seats[s].kind == HUMAN]

    def is_human(self, seat: str | None) -> bool:
        return seat in self.seats and self.seats[seat].kind == HUMAN

    def player_name(self, seat: str) -> str:
        return self.seats[seat].name or self.game.seat_name(seat)

    def player_label(self, seat: str) -> str:
        """The player's name, or their side's name (a msgid, translated where drawn) when they gave none."""
        name = self.seats[seat].name
        side = self.game.seat_name(seat)
        return name if name and name != side else as_message(side)

    def seat_label(self, seat: str) -> str:
        """'the Abwehr player (Hans)' style label for prompts (a Message: translated where drawn)."""
        side = self.game.seat_name(seat)
        name = self.seats[seat].name
        if name and name != side:
            return msg("the {side} player ({name})", side=as_message(side), name=name)
        return msg("the {side} player", side=as_message(side))

    # ----- privacy ----------------------------------------------------------------
    def drawable_seat(self) -> str | None:
        """The one seat whose private view the table may draw now; None = public view only."""
        if self.curtain_seat is not None:
            return None
        if self.game.is_over() and self.hide_private and len(self.human_seats()) > 1:
            return None
        return self.viewer

    def has_private(self, seat: str) -> bool:
        """Would drawing `seat`'s view show anything the public view does not?"""
        mine = dict(self.game.view(seat))
        public = dict(self.game.view(None))
        mine.pop("seat", None)
        public.pop("seat", None)
        return mine != public

    def since_last_looked(self, seat: str) -> list:
        """Public events since `seat` last had the table (for the curtain's list)."""
        return self.game.events_for(None, self.last_seen.get(seat, 0))

    def acknowledge_curtain(self) -> None:
        """The named player clicked through: their view may be drawn now."""
        seat = self.curtain_seat
        if seat is None:
            return
        self.curtain_seat = None
        self.viewer = seat
        self._resumed = False
        self._mark_seen()
        self._notify()

    def pass_table(self) -> bool:
        """The player at the table ends their turn: the curtain goes up for `pass_to`."""
        seat = self.pass_to
        if seat is None:
            return False
        self._mark_seen()
        self.pass_to = None
        self.curtain_seat = seat
        self.viewer = None
        self._notify()
        return True

    def _refresh(self) -> None:
        """Re-decide viewer, hand-over and curtain after any change of the game or the seats."""
        news_from = self.last_seen.get(self.viewer, 0) if self.viewer is not None else 0
        self._mark_seen()
        current = None if self.game.is_over() else self.game.current_seat()
        if self.pass_to is not None and self.pass_to != current:
            self.pass_to = None  # an undo gave the turn back, or the game ended
        if not self.hide_private:
            self.curtain_seat = None
            if self.is_human(current):
                self.viewer = current
            elif self.viewer is None and self.human_seats():
                self.viewer = self.human_seats()[0]
            return
        if self.curtain_seat is not None:
            if self.curtain_seat == current:
                return
            self.curtain_seat = None
        if not self.is_human(current) or current == self.viewer or self.pass_to is not None:
            return
        if self._resumed or self.has_private(current):
            if self.is_human(self.viewer):  # the player at the table looks first, then passes
                self.pass_to = current
                self.pass_news = self._news_since(news_from)
                return
            self.curtain_seat = current
            self.viewer = None
            return
        # nothing private would show: the new player simply takes the table
        self.viewer = current

    def _mark_seen(self) -> None:
        if self.viewer is not None and self.curtain_seat is None:
            self.last_seen[self.viewer] = self.game.event_mark()

    # ----- acting -------------------------------------------------------------------
    def acting_seat(self) -> str | None:
        """The seat whose input the table may accept now (a human at the table)."""
        current = None if self.game.is_over() else self.game.current_seat()
        if current is None or self.curtain_seat is not None:
            return None
        if self.is_human(current) and (current == self.viewer or not self.hide_private):
            return current
        return None

    def legal_actions(self) -> list:
        seat = self.acting_seat()
        return [] if seat is None else self.game.legal_actions(seat)

    def prompt(self) -> str:
        seat = self.drawable_seat()
        current = self.game.current_seat()
        if self.game.is_over():
            return self.game.result.reason if self.game.result else msg("The game is over.")
        if self.curtain_seat is not None:
            return msg("Waiting for {player}.", player=self.seat_label(self.curtain_seat))
        if self.pass_to is not None:
            return PASS_LINES.get(self.pass_news, PASS_LINES[CHECK_THE_TABLE])(self.seat_label(self.pass_to))
        if current is not None and not self.is_human(current):
            if self.coaching:  # the lesson's opponent plays its script: nothing is being worked out
                return msg("{name} is about to move.", name=self.player_label(current))
            return msg("{name} is thinking...", name=self.player_label(current))
        return self.game.prompt(seat) or (msg("{name} to play.", name=self.player_label(current)) if current else "")

    def act(self, action, seat: str | None = None) -> ActResult:
        """Apply one action for the seat to move; a refusal returns the rules' reason."""
        current = self.game.current_seat()
        seat = seat if seat is not None else current
        if self.is_human(seat) and seat != self.acting_seat():
            return ActResult(False, msg("It is not your turn to act at the table."))
        coached = self.coaching and self.is_human(seat)
        if coached and not self.coach.allows(self.game, action):
            talk = self.coach.current.kind == "talk"
            return ActResult(False, COACH_READ if talk else (self.coach.refusal() or COACH_REFUSAL))
        try:
            events = self.game.apply(action, seat)
        except (IllegalAction, MalformedAction) as exc:
            return ActResult(False, getattr(exc, "reason", None) or (exc.args[0] if exc.args else str(exc)))
        events = list(events) + self._answer_standing()
        if coached:
            self.coach.done_expected()
            self._coach_wait = 0.0
        self._last_by_computer = not self.is_human(seat)
        self.stats.actions += 1
        self.stats.actions_by_seat[seat] = self.stats.actions_by_seat.get(seat, 0) + 1
        self._changed()
        return ActResult(True, "", list(events))

    # ----- standing orders (Stawka: no reactions for the rest of the stage) -----------------
    def stand_quiet(self, seat: str) -> None:
        """The player at the table wants no more reaction windows this stage: the game's own token for
        "until when" is kept, and his windows are passed for him until then (not saved)."""
        token = getattr(self.game, "quiet_token", None)
        if token is not None:
            self.quiet[seat] = token()

    def _answer_standing(self) -> list:
        """A person's standing order answers his decisions at once, so the table neither pauses nor passes
        the screen for them (what it shows is the order, never the hand)."""
        answer = getattr(self.game, "standing_answer", None)
        events: list = []
        while answer is not None and not self.game.is_over():
            seat = self.game.current_seat()
            action = answer(seat, self.quiet[seat]) if seat in self.quiet and self.is_human(seat) else None
            if action is None:
                break
            events += list(self.game.apply(action, seat))
        return events

    # ----- the guided first game (issue 40) ----------------------------------------------
    @property
    def coaching(self) -> bool:
        return self.coach is not None and self.coach.active

    def coach_next(self) -> bool:
        """The learner read the note and goes on: a talk step ends, a scripted opponent move comes at once."""
        if not self.coaching:
            return False
        if self.coach.current.kind == "opponent":
            self._coach_wait = COACH_PAUSE_MAX
            self.poll_coach()
            return True
        if not self.coach.next():
            return False
        self._coach_wait = 0.0
        self._changed()
        return True

    def coach_pause(self) -> float:
        """How long the current opponent step's note stands before its move: time to read it (in the words
        shown: Dutch and Polish notes run longer than the English)."""
        from .i18n import translate

        text = self.coach.current.text
        words = max(len(text.split()), len(translate(text).split())) if text else 0
        return min(COACH_PAUSE_MAX, COACH_PAUSE + COACH_READING * words) if words else COACH_PAUSE

    def coach_release(self) -> None:
        """Play on freely from here: the computer takes the other seat at its level."""
        if self.coach is not None:
            self.coach.release()
            self._changed()

    def poll_coach(self) -> None:
        """The opponent's scripted move, a moment after its words appear (so the learner sees it come)."""
        action = self.coach.opponent_action(self.game)
        if action is None or self._coach_wait < self.coach_pause():
            return
        self.coach.done_opponent()  # first, so that the move's autosave holds the step after it
        self._coach_wait = 0.0
        result = self.act(action, self.game.current_seat())
        if not result.ok:  # the script and the rules disagree: never stall the game over it
            self.coach.release()
            self.problems.append(msg("The lesson cannot go on from here ({reason}); the game goes on as a "
                                     "free game.", reason=result.reason))
            self._changed()

    def act_index(self, index: int) -> ActResult:
        legal = self.legal_actions()
        if not 0 <= index < len(legal):
            return ActResult(False, msg("There is no choice {number}.", number=index + 1))
        return self.act(legal[index])

    def explain(self, action) -> str:
        seat = self.acting_seat() or self.game.current_seat()
        return self.game.explain_illegal(seat, action) if seat else msg("The game is over.")

    def _news_since(self, start: int) -> str:
        """What the passing player should look at before the hand-over, from their last turn's events."""
        kinds = {e.kind for e in self.game.events_for(self.viewer, start)}
        for kind, words in PASS_NEWS.get(self.game_id, ()):
            if kind in kinds:
                return words
        return CHECK_THE_TABLE

    def undo_seat(self) -> str | None:
        """Whose actions Undo would take back: the player at the table, on their turn or
        while the table waits to be passed on (the rules decide what may go back)."""
        return self.viewer if self.pass_to is not None else self.acting_seat()

    def undo_status(self) -> tuple[bool, str]:
        if self.coaching:
            return False, msg("The lesson goes one step at a time, so undo is off until it ends.")
        seat = self.undo_seat()
        if seat is None:
            return False, msg("Only the player at the table can undo, on their own turn.")
        return self.game.undo_status(seat)

    def undo(self) -> tuple[bool, str]:
        ok, why = self.undo_status()
        if not ok:
            return False, why
        try:
            self.game.undo(self.undo_seat())
        except UndoNotPossible as exc:
            return False, exc.reason
        self.stats.undos += 1
        self._changed()
        return True, ""

    def count_hint(self) -> None:
        self.stats.hints += 1

    def request_hint(self) -> str:
        """Ask a computer player what the seat at the table could do; "" once it is asked,
        else why not. It sees that seat's view only, like a computer opponent; every hint
        counts in the game-over statistics."""
        seat = self.acting_seat()
        if self.coaching:
            return msg("In the lesson the coach rings the move to make.")
        if seat is None:
            return msg("Hints are for the player whose turn it is.")
        if self.hint is not None:
            return ""
        if self._hint_job is not None and self._hint_job[0] == self.version:
            return msg("Still thinking of a hint...")
        from . import ai
        from .ai.worker import ThinkJob

        level = next((lv for lv in HINT_LEVELS if lv in ai.available_levels(self.game_id)), None)
        if level is None:
            return msg("There is no computer player to ask for this game.")
        player = ai.make_player(self.game_id, level, self.version)
        legal = list(self.game.legal_actions(seat))
        self._hint_job = (self.version, ThinkJob(player, self.game.view(seat), legal, mode=self.ai_mode,
                                                 on_done=self.wake))
        self.count_hint()
        return ""

    def poll_hint(self) -> None:
        if self._hint_job is None or not self._hint_job[1].done():
            return
        version, job = self._hint_job
        self._hint_job = None
        if version != self.version:
            return
        try:
            self.hint = job.result()
        except Exception as exc:  # a broken hint must not cost the game
            self.problems.append(msg("No hint this time: {problem}", problem=str(exc)))

    def count_time(self, dt: float) -> None:
        """"Time played" is the time the game was open and running (issue 32): at the table, behind
        the hand-over curtain, under the results and other overlays, watched or played; not
        while the pause menu is open (the table scene's update_below) and not after the end."""
        if not self.game.is_over():
            self.stats.seconds += dt

    def tick(self, dt: float) -> None:
        """One frame of the table: play time, the watch pace, the computer players and hints."""
        self.count_time(dt)
        self._since_move += dt
        self._coach_wait += dt
        if self.coaching:
            self.poll_coach()
            return
        self.poll_computer()
        self.poll_hint()

    @property
    def thinking(self) -> bool:
        """A computer player's decision is being worked out in the background."""
        return self._pending_ai is not None and not self._pending_ai[2].done()

    @property
    def watched(self) -> bool:
        """Every seat is a computer: a person is watching, not playing."""
        return not self.human_seats()

    def _changed(self) -> None:
        self.version += 1
        self.hint = None
        self._refresh()
        self.autosave()
        self._notify()

    def _notify(self) -> None:
        for listener in list(self.listeners):
            listener(self)

    # ----- computer players -----------------------------------------------------------
    def computer_to_move(self) -> str | None:
        current = None if self.game.is_over() else self.game.current_seat()
        return current if current in self.seats and self.seats[current].kind == COMPUTER else None

    def pace(self) -> float:
        """Seconds a computer's ready move waits after the last move: the watch pace with nobody playing,
        the chain pace after another computer move, none after a person's."""
        if self.watched:
            return self.watch_pace
        return CHAIN_PACE if self._last_by_computer else 0.0

    def poll_computer(self) -> None:
        """Start a computer move in the background when one is due; apply a finished one.

        The player sees only view(seat) and the legal actions (barclay_desktop.ai.worker
        runs searching players in a worker process, so the window never waits); its answer
        is applied through act() like a human's, and dropped if the game moved on."""
        if self._pending_ai is not None:
            seat, version, job = self._pending_ai
            if not job.done() or self._since_move < self.pace():
                return
            self._pending_ai = None
            if version != self.version or self.computer_to_move() != seat:
                return
            try:
                action = job.result()
            except Exception as exc:  # a broken player must not take the window down with it
                self._computer_failed(msg("The computer player ({name}) failed: {problem}", name=self.player_label(seat),
                                          problem=str(exc)))
                return
            result = self.act(action, seat)
            self._since_move = 0.0
            if not result.ok:
                self._computer_failed(msg("The computer player chose an illegal move: {reason}", reason=result.reason))
            return
        seat = self.computer_to_move()
        if seat is None or self.ai_failed:
            return
        try:
            player = self._player(seat)
        except Exception as exc:  # no AI for this game/level: say so once, keep the game
            self._computer_failed(msg("No computer player is available for {name}: {problem}",
                                      name=self.player_label(seat), problem=str(exc)))
            return
        from .ai.worker import ThinkJob

        legal = list(self.game.legal_actions(seat))
        self._pending_ai = (seat, self.version, ThinkJob(player, self.game.view(seat), legal, mode=self.ai_mode,
                                                         on_done=self.wake))

    def _computer_failed(self, message: str) -> None:
        self.ai_failed = True
        self.problems.append(Joined([message, msg("The game is saved; report this and load it later.")], " "))

    def _player(self, seat: str):
        if seat not in self._players:
            factory = self.player_factory or _default_player_factory
            setup = self.seats[seat]
            self._players[seat] = factory(self.game_id, setup.level, seat)
        return self._players[seat]

    # ----- saving -------------------------------------------------------------------
    def to_save_doc(self) -> dict:
        game = self.game
        return {
            "format": saves.FORMAT,
            "version": saves.CURRENT_VERSION,
            "meta": {
                "game_id": self.game_id,
                "title": game.TITLE or self.game_id,
                "seats": [self.seats[s].to_json(game.seat_name(s)) for s in game.seats],
                "summary": game.summary(),
                "saved_at": saves.now_iso(),
                "over": game.is_over(),
                "instance": self.instance,
            },
            "session": {
                "hide_private": self.hide_private,
                "last_seen": dict(self.last_seen),
                "stats": self.stats.to_json(),
                **({"tutorial": self.coach.to_json()} if self.coach is not None else {}),
            },
            "game": game.to_json(),
        }

    @property
    def autosave_path(self):
        return None if self.store is None else self.store.autosave_path_for(self.instance)

    def autosave(self):
        if self.store is None:
            return None
        try:
            return self.store.autosave(self.to_save_doc())
        except RuntimeError as exc:  # executor shut down while quitting
            self.last_save_error = str(exc)
            return None

    def save_as(self, name: str):
        if self.store is None:
            raise saves.SaveError(msg("Saving is not available."))
        return self.store.save_as(name, self.to_save_doc())

    @classmethod
    def from_save(cls, loaded: "saves.LoadedSave", store=None, player_factory=None) -> "GameSession":
        """Resume a loaded save at the curtain (never straight into a private view).

        A game resumed from its autosave (or that autosave's backup) goes on writing that
        autosave; a named save opens as a game of its own, so the autosave of the game it
        was saved from is kept.

        Raises SaveError and nothing else: the loader has checked the document, and a check
        it lacks must still end in a message, not a crash of the frame loop."""
        try:
            return cls._from_checked_doc(loaded, store, player_factory)
        except saves.SaveError:
            raise
        except Exception as exc:
            raise saves.SaveError(msg("The save's session details are damaged, so the game cannot be resumed.")) from exc

    @classmethod
    def _from_checked_doc(cls, loaded, store, player_factory) -> "GameSession":
        doc = loaded.doc
        session_data = doc.get("session", {})
        try:
            save_schema.check_meta(doc.get("meta"))
            save_schema.check_session(session_data)
        except DamagedFile as exc:
            raise saves.SaveError(exc.message) from exc
        by_seat = {}
        for d in doc["meta"].get("seats") or []:
            setup = SeatSetup.from_json(d)
            by_seat[setup.seat] = setup
        seats = [by_seat.get(s, SeatSetup(s, HUMAN, "")) for s in loaded.game.seats]
        return cls(
            loaded.game,
            seats,
            hide_private=session_data.get("hide_private", True),
            store=store,
            stats=SessionStats.from_json(session_data.get("stats")),
            last_seen=dict(session_data.get("last_seen", {})),
            resumed=True,
            player_factory=player_factory,
            instance=saves.autosave_instance(loaded.path),
            coach=_saved_coach(session_data, loaded.game),
        )


def _saved_coach(session_data: dict, game):
    """The lesson a save was in, or None (a save whose lesson cannot go on resumes as a free game)."""
    if "tutorial" not in session_data:
        return None
    from .tutorial import Coach

    return Coach.from_json(session_data["tutorial"], game.GAME_ID)


def _default_player_factory(game_id: str, level: str | None, seat: str):
    from . import ai

    make = getattr(ai, "make_player", None)
    if make is None:
        raise RuntimeError("No computer players are installed in this version.")
    return make(game_id, level or "random", seed=None)


def elapsed_text(seconds: float) -> str:
    minutes, secs = divmod(int(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
