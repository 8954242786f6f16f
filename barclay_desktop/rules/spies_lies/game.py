"""Stratego Spies & Lies on the shared rules core.

Flow of a game: the setup eliminations (S11), then three days of deploy,
intelligence and mission phases, with eliminations between days.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import repeat
from operator import is_

import attrs

from barclay_desktop.rules.core import Event, Game
from barclay_desktop.rules.core.events import new_event

from .actions import ACTIONS, IntelChip
from ..core.message import Message, msg
from .checks import Checks
from .data import catalog, intel_cards, numbers
from .explain import Explain
from .flow import Flow
from .lineup import SERGEANT, placements
from .moves import (  # (re-exported: the players and the search's lean game read them here)
    BORROWS,
    CAPTAIN_POINTS,
    CHIPS,
    CONFIRM,
    DEPLOY_TABLE,
    DEPLOYS,
    GUESSES,
    MARSHAL_CHOICE,
    OFFER,
    PICKS,
    WITHDRAWS,
)
from .resolve import Resolution
from .state import MISSION_STEPS, SEAT_ORDER, SIDES, Pick, SideState, SpiesLiesState, other, seat_at
from .views import Views

TEAM_SEATS = ("red1", "red2", "blue1", "blue2")
_DEPLOY_TABLE = DEPLOY_TABLE  # [rank][mission]
_HANDLERS: dict = {}  # game class -> {action class: handler}, made on first use (tests plant leaks here)
_ACTION_TYPES = frozenset(ACTIONS.by_type.values())
_STEPS = MISSION_STEPS  # (the search's lean game reads it here)
_ORDER = SEAT_ORDER  # (first side, team play) -> seat_order() (the search's lean game reads it here)
_ALL_MISSIONS, _FIRST_TWO, _LAST_TWO = range(4), range(0, 2), range(2, 4)  # (ranges are immutable)
_SEAT_MISSIONS = {"red1": _FIRST_TWO, "red2": _LAST_TWO, "blue1": _FIRST_TWO, "blue2": _LAST_TWO}  # (teams)
SEAT_SIDE = {"red": "red", "blue": "blue", "red1": "red", "red2": "red", "blue1": "blue", "blue2": "blue"}


@lru_cache(maxsize=1 << 16)
def _deploy_actions(slots: tuple, hand: tuple, first: int, stop: int, open_table: bool) -> tuple:
    """Deploy-phase actions for one seat's missions (memoised: search revisits the same line-ups)."""
    mine = range(first, stop)
    acts: list = []  # (a loop: a list comprehension is a function made and called each time)
    for m in mine:
        if slots[m]:
            acts.append(WITHDRAWS[m])
    if len(acts) == stop - first:  # every mission of the seat filled
        return (CONFIRM, *acts)
    if open_table:
        return (*acts, *(DEPLOYS[rank, m] for rank in hand for m in mine if not slots[m]))
    acts += placements(slots, hand, mine, _DEPLOY_TABLE)
    return tuple(acts)


class SpiesLiesGame(Flow, Views, Checks, Explain, Resolution, Game):
    GAME_ID = "spies_lies"
    TITLE = "Stratego Spies & Lies"
    SEATS = SIDES
    SEAT_NAMES = {  # Messages: each is said in the player's language where it is drawn
        "red": msg("Red"), "blue": msg("Blue"),
        "red1": msg("Red (Missions 1-2)"), "red2": msg("Red (Missions 3-4)"),
        "blue1": msg("Blue (Missions 1-2)"), "blue2": msg("Blue (Missions 3-4)"),
    }
    ACTIONS = ACTIONS

    def __init__(self, state, *, track_undo: bool = True):
        super().__init__(state, track_undo=track_undo)
        self._handlers = handlers_of(type(self))
        # the rules' numbers and the intelligence cards, read here once: the handlers read them
        # several times an action, and each call of their memo was a C call with its tuple
        self._numbers, self._cards = numbers(), intel_cards()
        self.forget_cached_seat()
        self._relink_result_words()

    def _relink_result_words(self) -> None:
        """A loaded state's result holds the English words only; its reason gets back its ids
        from the log's game-over line, so every screen can say it in the player's language."""
        result = self.state.result
        if result is not None and not isinstance(result.reason, Message):
            words = self._result_words()
            if isinstance(words, Message):
                self.state.result = attrs.evolve(result, reason=words)

    def forget_cached_seat(self) -> None:
        """For tests and tools that edit the state in place."""
        self._seat, self._seat_token, self._seat_state = None, -1, None
        self._legal_cache = None  # (the core's; this game keeps its own, _listed)
        # (seat, legal list) of the position numbered _listed_token: a handler's _next_turn
        # is kept as it is, where the core's cache is a new tuple with the token in it
        self._listed, self._listed_token = None, -1
        self._next_turn = None  # (seat, legal list) a handler found for the position it leaves

    # ----- setup ---------------------------------------------------------------------
    @classmethod
    def setup(cls, options, rng, seed):
        n = numbers()
        start = n["deception_chips_start"]
        s = SpiesLiesState(
            rng=rng, log=[], teams=bool(options.get("teams", False)), open_table=bool(options.get("open_table", False)),
            deception_reserve=n["deception_chips_total"] - 2 * start,
            red=SideState.fresh(start), blue=SideState.fresh(start),
        )
        deck = sorted(intel_cards())
        s.red.pool, s.blue.pool = list(range(1, 11)), list(range(1, 11))
        rng.shuffle_each((deck, s.red.pool, s.blue.pool))  # the deck, then each side's troops (S11)
        s.old_pile = [deck.pop(0)]
        s.deck = deck
        s.picks = [Pick("red", "blue", 1), Pick("blue", "red", 1)]
        return s

    def redealt(self, options: dict) -> "SpiesLiesGame":
        """A fresh game with other table options, its seed drawn from this game's generator
        (so choosing options on the setup form deals the same way every time, issue 33:
        the setup scene asks for this instead of reading the generator itself)."""
        return type(self).new(options, seed=self.state.rng.clone().next64() >> 1)

    @staticmethod
    def troop_catalog() -> list[dict]:
        """Rank, English and Dutch name, IP and ability of every troop (S8), for the rules reference."""
        return catalog()

    @classmethod
    def state_type(cls):
        return SpiesLiesState

    # ----- seats -----------------------------------------------------------------------
    @property
    def seats(self) -> tuple[str, ...]:
        return TEAM_SEATS if self.state.teams else SIDES

    @staticmethod
    def side_of(seat: str) -> str:
        side = SEAT_SIDE.get(seat)
        return seat.rstrip("12") if side is None else side

    def seat_for(self, side: str, mission: int) -> str:
        """S7: the Missions 1-2 player and the Missions 3-4 player of a side."""
        return seat_at(side, mission, self.state.teams)

    def lead_seat(self, side: str) -> str:
        return side + "1" if self.state.teams else side

    def missions_of(self, seat: str) -> range:
        if not self.state.teams:
            return _ALL_MISSIONS
        return _FIRST_TWO if seat.endswith("1") else _LAST_TWO

    def seat_order(self) -> list[str]:
        """The order of the sequenced simultaneous steps: the day's starter first (red before the spin)."""
        s = self.state
        first = s.starter or "red"
        sides = (first, other(first))
        if not s.teams:
            return list(sides)
        return [side + k for side in sides for k in "12"]

    def mission_step(self) -> tuple[int, str, str]:
        """(mission 0-3, guessing side, defending side) of the current mission step (S3)."""
        s = self.state
        steps = _STEPS.get(s.starter)
        if steps is None or not 0 <= s.step < 8:  # no starter yet, or past the last step
            guesser = s.starter if s.step % 2 == 0 else other(s.starter)
            return s.step // 2, guesser, other(guesser)
        return steps[s.step]

    def current_seat(self):
        # Cached per applied action: the core bumps _token on every change it makes.
        if self._seat_token == self._token and self._seat_state is self.state:
            return self._seat
        self._seat = self._compute_current_seat()
        self._seat_token, self._seat_state = self._token, self.state
        return self._seat

    def _compute_current_seat(self):
        s = self.state
        if s.result is not None:
            return None
        phase = s.phase
        if phase == "mission":
            stage = s.stage
            if stage == "choice":
                return self.seat_for(s.pending.side, s.pending.mission)
            steps = _STEPS.get(s.starter)  # self.mission_step(), the usual case written out
            m, guesser, defender = steps[s.step] if steps is not None and 0 <= s.step < 8 else self.mission_step()
            side = defender if stage == "offer" else guesser
            if not s.teams:
                return side
            return side + ("1" if m < 2 else "2")
        if phase == "eliminate":
            return self.lead_seat(s.picks[0].picker)
        if phase == "deploy":
            return self._deploy_seat()
        if phase == "intel":
            return self._intel_seat()
        return None

    def _deploy_seat(self) -> str:
        """The seat deploying: the first in order that has not confirmed its line-up."""
        s = self.state
        done = s.done
        for seat in _ORDER[s.starter or "red", s.teams]:
            if seat not in done:
                return seat
        raise StopIteration  # (as the generator it stood for: every seat has confirmed)

    def _intel_seat(self) -> str:
        """The seat deciding an intelligence chip: the first in order with one undecided."""
        s = self.state
        for seat in _ORDER[s.starter or "red", s.teams]:
            if self._undecided_chip(seat) is not None:
                return seat
        raise StopIteration  # (as the generator it stood for: every chip is decided)

    def _undecided_chip(self, seat: str) -> int | None:
        s = self.state
        chips = (s.red if (SEAT_SIDE.get(seat) or self.side_of(seat)) == "red" else s.blue).chips
        if not s.teams:  # all four missions: the first undecided one found in C
            return chips.index(-1) if -1 in chips else None
        for m in _SEAT_MISSIONS.get(seat) or self.missions_of(seat):
            if chips[m] == -1:
                return m
        return None

    def intel_chips_left(self, side: str) -> int:
        return self._numbers["intel_chips_per_side"] - self.state.side(side).chips.count(1)

    def chip_tells_truth(self, seat: str, chip: IntelChip) -> bool | None:
        """Whether `chip` on one of `seat`'s own missions says the truth about its troop (the
        chip is on exactly when the current intelligence card lists the troop). None for a
        mission that is not the seat's: its troop is not the seat's to know (issue 33)."""
        m = chip.mission - 1
        if m not in self.missions_of(seat) or self.state.current_intel is None:
            return None
        troop = self.state.side(self.side_of(seat)).slots[m]
        return (troop in intel_cards()[self.state.current_intel]) == chip.on

    # ----- legal actions ----------------------------------------------------------------
    def legal_actions(self, seat: str) -> list:
        """`Game.legal_actions` with the caches read in place (a random game asks twice an action)."""
        token = self._token
        if self._listed_token == token:  # (the usual case: read before anything else)
            listed = self._listed
            if listed[0] == seat:
                return listed[1]
        state = self.state
        if state.result is not None:
            actions: list = []
        else:
            current = self._seat if self._seat_token == token and self._seat_state is state else self.current_seat()
            actions = self._legal(seat) if seat == current else []
        self._listed, self._listed_token = (seat, actions), token
        return actions

    def _legal(self, seat):
        s = self.state
        phase = s.phase
        if phase == "mission":
            stage = s.stage
            if stage == "guess":
                return list(GUESSES)
            if stage == "offer":
                return list(OFFER)
            if s.pending.kind == "captain":
                me = s.red if self.side_of(seat) == "red" else s.blue
                return [CAPTAIN_POINTS] + [BORROWS[r] for r in sorted(me.eliminated)]
            return list(MARSHAL_CHOICE)
        if phase == "eliminate":
            return list(PICKS[:len((s.red if s.picks[0].owner == "red" else s.blue).pool)])
        side = SEAT_SIDE.get(seat) or self.side_of(seat)
        me = s.red if side == "red" else s.blue
        if phase == "deploy":
            return self._deploy_list(seat, me)
        m = self._undecided_chip(seat)  # the intelligence phase
        if not s.open_table and me.slots[m] != SERGEANT:
            return [CHIPS[m, me.slots[m] in self._cards[s.current_intel]]]  # S9: truth only
        acts = [CHIPS[m, False]]
        if self.intel_chips_left(side) > 0:
            acts.insert(0, CHIPS[m, True])
        return acts

    def _leave_turn(self, seat: str) -> None:
        """For a handler that knows the seat acting next: it and its list go to `_next_turn`
        (see _apply_quietly), without the phase's search for the seat."""
        self._next_turn = (seat, self._legal(seat))

    def _deploy_list(self, seat: str, me: SideState) -> list:
        """The deploy phase's legal list of `seat` (of side state `me`): its own missions' line-up (memoised)."""
        s = self.state
        if not s.teams:  # all four missions (the usual case, without the slices)
            if 0 not in me.slots:  # all filled (as _deploy_actions says, but its memo misses
                return [CONFIRM, *WITHDRAWS]  # for every new hand)
            return list(_deploy_actions(tuple(me.slots), tuple(me.hand), 0, 4, s.open_table))
        mine = _SEAT_MISSIONS.get(seat) or self.missions_of(seat)
        if 0 not in me.slots[mine.start:mine.stop]:
            return [CONFIRM, *WITHDRAWS[mine.start:mine.stop]]
        return list(_deploy_actions(tuple(me.slots), tuple(me.hand), mine.start, mine.stop, s.open_table))

    # ----- acting: the core's apply, in fewer calls ----------------------------------------
    def apply(self, action, seat: str | None = None):
        """`Game.apply`: the same checks in the same order. Anything it refuses goes to the
        core's own apply, so the refusals (and their words) are the core's."""
        listed = self._listed
        # The usual case, checked first: the action is the very object of this position's
        # cached list. That list is non-empty only for the current seat of a game not over
        # (legal_actions), so the object is a legal action of this game and the seat's turn.
        if self._listed_token == self._token and (seat is None or seat == listed[0]) and not self.track_undo:
            # a plain loop: any(map(is_, list, repeat(action))) allocated a map, its tuple, a
            # repeat and an iterator every action, and their allocation cost more than the scan
            for legal in listed[1]:
                if legal is action:
                    return self._apply_quietly(listed[0], action, self.state)
        return self._apply_checked(action, seat)

    def _apply_checked(self, action, seat: str | None):
        """apply() with every check made (an undo point to record, an action equal to a listed
        one but not the same object, or one to refuse)."""
        state = self.state
        if type(action) not in _ACTION_TYPES or state.result is not None:
            return super().apply(action, seat)
        token = self._token
        current = self._seat if self._seat_token == token and self._seat_state is state else self.current_seat()
        if seat is not None and seat != current:
            return super().apply(action, seat)
        listed = self._listed
        legal = listed[1] if self._listed_token == token and listed[0] == current else self.legal_actions(current)
        # the list holds the very object a caller took from it: found by identity first
        if not any(map(is_, legal, repeat(action))) and action not in legal:
            return super().apply(action, seat)
        if self.track_undo:
            return super()._apply_validated(current, action)
        return self._apply_quietly(current, action, state)

    def _apply_validated(self, seat: str, action):
        """`Game._apply_validated` with the handler called directly. With undo tracked it is the
        core's (the undo point needs the state before and the chance used)."""
        if self.track_undo:
            return super()._apply_validated(seat, action)
        return self._apply_quietly(seat, action, self.state)

    def _apply_quietly(self, seat: str, action, state):
        """An action applied without an undo point (as `Game._apply_validated` does then).

        The handlers leave in `_next_turn` the seat that acts next and its legal list (all
        but an ability's choice and the end of the game), which they know without looking:
        they become the caches `current_seat` and `legal_actions` read, instead of being
        worked out again from the phase and stage."""
        log = state.log
        start = len(log)
        self._barrier_reason = None
        self._acting = seat
        self._next_turn = None
        handler = self._handlers[type(action)]  # (a class attribute of many classes is read slowly)
        try:
            handler(self, seat, action)
        except Exception:
            self._token += 1
            raise
        finally:
            self._acting = None
        token = self._token = self._token + 1
        found = self._next_turn
        if found is not None:
            self._seat, self._seat_token, self._seat_state = found[0], token, state
            self._listed, self._listed_token = found, token
        return log[start:]

    def emit(self, kind: str, text: str, to: str | None = None, **data) -> Event:
        """`Game.emit`, with the event built from positional arguments (half the cost)."""
        if self.quiet:
            return None
        if self._acting is not None and "seat" not in data:
            data["seat"] = self._acting
        log = self.state.log
        event = new_event(len(log), kind, text, to, data)
        log.append(event)
        return event

    # ----- handlers ----------------------------------------------------------------------
    def _do(self, action) -> None:
        self._handlers[type(action)](self, self.current_seat(), action)


def handlers_of(cls) -> dict:
    """{action class: handler} of a game class, looked up once per class (an action's handler
    is one dict read away: every action is applied through it)."""
    handlers = _HANDLERS.get(cls)
    if handlers is None:
        handlers = _HANDLERS[cls] = {action: getattr(cls, "_do_" + kind) for kind, action in ACTIONS.by_type.items()}
    return handlers


GAME_CLASS = SpiesLiesGame
