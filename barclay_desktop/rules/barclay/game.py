"""Operation Barclay on the shared core: LCS vs Abwehr over six months."""

from __future__ import annotations

import functools
from collections import Counter
from itertools import repeat
from operator import is_
from types import SimpleNamespace

import attrs

from ..core import CorruptState, ModularGame, Rng
from ..core.events import new_event as _new_event
from ..core.errors import broken_rule
from ..core.message import Message, msg, pmsg
from .actions import ACTIONS
from .cards import cards_by_id, load_cards
from .flow import advance, to_play
from .handlers import HANDLERS, apply_handler
from .legal import decision_now, explain, legal, prompt
from .state import (
    ABWEHR,
    HAND_SIZE,
    LCS,
    LEAK,
    LEAK_OPTION,
    ROLE_GREENS,
    SECTORS,
    BarclayState,
    leak_cards_on,
    leak_cards_text,
)
from .view import build_view
from .words import card_names


def game_options(options: dict) -> dict:
    """The options a Barclay game is set up with; the leak cards are on unless turned off."""
    out = dict(options)
    leaks = out.setdefault(LEAK_OPTION, True)
    if not isinstance(leaks, bool):
        raise ValueError(f"The leak cards option is on or off (true or false), not {leaks!r}.")
    return out


def result_with_ids(state):
    """A loaded game's result with its reason a Message again (issue 37). The state stores the
    reason's English; the log's game-over line keeps its ids, so the game-over page names the
    proven sectors in the player's language after a load too."""
    result = state.result
    if result is None or isinstance(result.reason, Message):
        return result
    for event in reversed(state.log):
        if event.kind == "game_over":
            reason = event.text.params.get("reason") if isinstance(event.text, Message) else None
            if isinstance(reason, Message) and reason == result.reason:
                return attrs.evolve(result, reason=reason)
            break
    return result


_ACTION_TYPES = frozenset(ACTIONS.by_type.values())
_MODULAR_LEGAL = ModularGame._legal


def seat_to_act(s) -> str | None:
    """The seat the rules wait for in state `s` (None: nobody, the game is over)."""
    if s.result is not None:
        return None
    if s.pending:
        return s.pending[0].seat
    step = s.step
    if step == "play3" or step == "play2":
        # no longer written out: apply leaves the next seat in the legal cache, which
        # current_seat reads first, so this runs only where that cache is not kept
        return to_play(s)
    if step == "assess":
        return ABWEHR if s.bets[ABWEHR] is None else LCS
    if step.startswith("setup"):
        return LCS
    return None


def _where_advance_stopped(s, token: int) -> tuple:
    """The legal cache (token, seat, legal list) of the position advance() stopped at: mostly a
    decision of the results (a fix, a flip), which decision_now reads; else the general rules'."""
    if s.result is not None:
        return token, None, []
    found = decision_now(s, token)
    if found is None:
        current = seat_to_act(s)
        found = token, current, legal(s, current)
    return found


def _listed(action, actions: list) -> bool:
    """Is `action` in the legal list? `in` calls the attrs __eq__ (Python) on every item before
    the action's own: legal lists hold one object per value, so in a long list (flips) look for
    that very object first, in C."""
    if len(actions) > 4:
        return any(map(is_, actions, repeat(action))) or action in actions
    return action in actions


def _begins_event():
    return "setup", msg("Operation Barclay begins. Each player is dealt four cards."), {}


def _leaks_event(on: bool):
    return "setup", leak_cards_text(on), {"leak_cards": on}


def _deal_event(cards: tuple):
    return "deal", msg("Your hand: {cards}.", cards=card_names(cards)), {"shown": list(cards)}


@functools.cache
def _starting_decks() -> dict[str, tuple[str, ...]]:
    """The four decks' card ids in file order, before any shuffle (worked out once)."""
    decks = {"channels": [], "lcs": [], "abwehr": [], "dc": []}
    for c in load_cards():
        decks[c.deck].append(c.id)
    return {key: tuple(ids) for key, ids in decks.items()}


class BarclayGame(ModularGame):
    GAME_ID = "barclay"
    TITLE = "Operation Barclay"
    SEATS = (LCS, ABWEHR)  # the simulator's seat order (--players lcs,abwehr)
    SEAT_NAMES = {LCS: pmsg("side", "LCS"), ABWEHR: pmsg("side", "Abwehr")}
    ACTIONS = ACTIONS
    RULES = SimpleNamespace(legal=legal, apply=apply_handler, view=build_view, explain=explain, prompt=prompt)
    # the rules' own legal() and handlers: `apply` may then work out the next legal list itself
    # (a subclass with its own `_legal`, as the search's opponent models, or its own current
    # seat or legal list, goes the core's way: the cached list would not be its own)
    _PLAIN = True

    def __init__(self, state, *, track_undo: bool = True):
        super().__init__(state, track_undo=track_undo)
        # the class's _PLAIN as an instance attribute: apply reads it once an action, and in this
        # Python a class attribute read through an instance is looked up the slow, general way
        self._plain = self._PLAIN

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls._PLAIN = (cls._legal is _MODULAR_LEGAL and cls.RULES.apply is apply_handler
                      and cls.current_seat is BarclayGame.current_seat
                      and cls.legal_actions is BarclayGame.legal_actions)

    @classmethod
    def setup(cls, options: dict, rng: Rng, seed: int) -> BarclayState:
        options = game_options(options)
        decks = {key: list(ids) for key, ids in _starting_decks().items()}
        # the three shuffles in one call: the same draws in the same order as three shuffle()
        # calls (Rng.shuffle is shuffle_each of one list), mixed at once
        rng.shuffle_each((decks["channels"], decks["lcs"], decks["abwehr"]))
        hands = {ABWEHR: [], LCS: []}
        for _ in range(HAND_SIZE):
            for seat in (ABWEHR, LCS):
                hands[seat].append(decks["channels"].pop())
        state = BarclayState(
            rng=rng,
            log=[],
            options=options,
            decks=decks,
            hands=hands,
            discards={ABWEHR: [], LCS: []},
            tableau={ABWEHR: [], LCS: []},
            dc_known={ABWEHR: [], LCS: []},
            dc_top_known={ABWEHR: 0, LCS: 0},
            bets={ABWEHR: None, LCS: None},
            bet_shown={ABWEHR: False, LCS: False},
            stats={s: {"cards_played": 0, "ultra": 0, "flips": 0} for s in (ABWEHR, LCS)},
        )
        game = cls(state, track_undo=False)
        # the opening lines, made when first read (core/events.LazyEvent), as the month's are
        game.emit_lazy(None, _begins_event)
        game.emit_lazy(None, _leaks_event, leak_cards_on(state))
        for seat in (ABWEHR, LCS):
            game.emit_lazy(seat, _deal_event, tuple(hands[seat]))
        return state

    @classmethod
    def state_type(cls):
        return BarclayState

    @classmethod
    def from_json(cls, data: dict, *, track_undo: bool = True):
        game = super().from_json(data, track_undo=track_undo)
        game.state.result = result_with_ids(game.state)
        return game

    # ----- the core's hooks -------------------------------------------------------
    def current_seat(self) -> str | None:
        cache = self._legal_cache
        if cache is not None and cache[0] == self._token and cache[2]:
            return cache[1]  # a non-empty legal list of this very position is the current seat's
        return seat_to_act(self.state)

    def emit(self, kind: str, text: str, to: str | None = None, **data):
        """The core's emit, with the event built from positional fields (a random game logs
        about 370 events)."""
        if self.quiet:
            return None
        if self._acting is not None and "seat" not in data:
            data["seat"] = self._acting
        log = self.state.log
        event = _new_event(len(log), kind, text, to, data)
        log.append(event)
        return event

    def apply(self, action, seat: str | None = None) -> list:
        """`Game.apply`: the same checks in the same order, each answered the quick way when it
        passes. Anything it refuses goes to the core's own apply, so the refusals (and their
        words) are the core's. The usual case reads the legal list that the last apply worked
        out for the position it left: the seat, the list and the check in one look-up; the
        handler then runs as `_handle_directly` runs it (written out: this is once an action)
        and the next position's seat and list are worked out once, for the calls that follow."""
        cache = self._legal_cache
        if (cache is None or cache[0] != self._token or (seat is not None and seat != cache[1])
                or type(action) not in _ACTION_TYPES or not self._plain or self.track_undo):
            return self._apply_checked(action, seat)
        actions = cache[2]
        # the very object first, as _listed does: `in` would call the attrs __eq__ (a Python
        # call) on each action listed before it; a plain loop, as the lists are short (a flip
        # list's map and repeat objects cost more than the steps to the action)
        for listed in actions:
            if listed is action:
                break
        else:
            if action not in actions:  # nor an equal one (an action made from JSON)
                return self._apply_checked(action, seat)
        state = self.state
        log = state.log
        start = len(log)
        token = self._token + 1  # the position the handler leaves: the next cache is made for it
        self._barrier_reason = None
        self._acting = cache[1]
        try:
            HANDLERS[type(action)](self, action)
            if state.result is None:
                cache = decision_now(state, token)
                if cache is None:  # the automatic steps have work to do
                    advance(self)
                    cache = _where_advance_stopped(state, token)
            else:
                cache = (token, None, [])
        finally:
            self._acting = None
            self._token = token
        self._legal_cache = cache
        return log[start:]

    def _apply_checked(self, action, seat: str | None) -> list:
        """`apply` when the position's legal list is not cached yet (or anything is refused)."""
        state = self.state
        if type(action) not in _ACTION_TYPES or state.result is not None:
            return super().apply(action, seat)
        cache = self._legal_cache
        if cache is not None and cache[0] == self._token and cache[2] and (seat is None or seat == cache[1]):
            # the legal list of this very position, and not empty: it is the current seat's
            current, actions = cache[1], cache[2]
        else:
            current = self.current_seat()
            if seat is not None and seat != current:
                return super().apply(action, seat)
            actions = self.legal_actions(current)
        if not _listed(action, actions):
            return super().apply(action, seat)
        return self._apply_validated(current, action)

    def legal_actions(self, seat: str) -> list:
        """The core's, with the rules' legal() called directly (the same list) unless a
        subclass has its own `_legal`."""
        cache = self._legal_cache
        if cache is not None and cache[0] == self._token and cache[1] == seat:
            return cache[2]
        state = self.state
        if state.result is not None or seat != self.current_seat():
            actions: list = []
        elif type(self)._legal is _MODULAR_LEGAL:
            actions = self.RULES.legal(state, seat)
        else:  # a subclass with legal actions of its own (the search's opponent models)
            actions = self._legal(seat)
        self._legal_cache = (self._token, seat, actions)
        return actions

    def _apply_validated(self, seat: str, action) -> list:
        """The core's, with the handler called directly when there is no undo to record (the
        undo point needs the state before and the chance used). Same effect, same errors."""
        if self.track_undo or self.RULES.apply is not apply_handler:
            return super()._apply_validated(seat, action)
        start = len(self.state.log)
        self._handle_directly(seat, action)
        return self.state.log[start:]

    def apply_trusted(self, seat: str, action) -> list:
        """As the core's, with a short path for a search copy (quiet, no undo): no log to
        slice, no state to keep, the handler called directly. Same effect, same errors."""
        if self.track_undo or not self.quiet or self.RULES.apply is not apply_handler:
            return super().apply_trusted(seat, action)
        self._handle_directly(seat, action)
        return []

    def _handle_directly(self, seat: str, action) -> None:
        """The action's handler and the automatic steps after it, as the core would run them."""
        self._barrier_reason = None
        self._acting = seat
        try:
            HANDLERS[type(action)](self, action)
            state = self.state
            if state.result is None and not state.pending:  # else advance() has nothing to do
                advance(self)
        finally:
            self._acting = None
            self._token += 1

    def summary(self) -> dict:
        s = self.state
        return {"month": s.month, "step": s.step, "flipped": sum(sum(r) for r in s.revealed.values())}

    STEP_WORDS = {"setup_roles": pmsg("game step", "choosing sectors"), "setup_arrange": pmsg("game step", "laying out tokens"),
                  "play3": pmsg("game step", "face-up cards"), "assess": pmsg("game step", "bets"),
                  "play2": pmsg("game step", "face-down cards"), "results": pmsg("game step", "evidence results")}

    @classmethod
    def summary_rows(cls, summary: dict) -> list[tuple[str, str]]:
        flipped = summary.get("flipped")
        return [(msg("Tokens turned over"), str(flipped))] if isinstance(flipped, int) else []

    # ----- integrity --------------------------------------------------------------------
    def check_state(self) -> None:
        try:
            self.check_invariants()
        except (AssertionError, KeyError, TypeError, ValueError) as exc:
            raise CorruptState(broken_state(exc)) from exc

    def check_invariants(self) -> None:
        s = self.state
        places = Counter()
        for pile in list(s.decks.values()) + list(s.hands.values()) + list(s.discards.values()):
            places.update(pile)
        for row in s.tableau.values():
            for slot in row:
                places.update(x for x in (slot.card, slot.replacement) if x)
        if s.ultra:
            places[s.ultra] += 1
        for p in s.pending:
            if p.kind == "spy_keep":
                places.update(p.cards)  # the two Active Agent cards are in the player's hand of choices
        all_ids = set(cards_by_id())
        assert set(places) == all_ids, msg("some cards are missing or unknown")
        dupes = [c for c, n in places.items() if n != 1]
        assert not dupes, msg("some cards are in two places")
        assert all(len(h) <= HAND_SIZE for h in s.hands.values()), msg("a hand holds more than four cards")
        assert 1 <= s.month <= 6, msg("the month is outside 1-6")
        assert isinstance(s.options.get(LEAK_OPTION, True), bool), \
            msg("the leak cards option is neither on nor off")
        if s.revealed:
            greens = sorted(f.count("green") for f in s.layout.values())
            assert greens == sorted(ROLE_GREENS[s.roles[x]] for x in SECTORS) == [2, 2, 2, 3, 4], \
                msg("the intelligence tokens are not laid out as the offensives need")
            assert all(len(s.layout[x]) == 5 == len(s.revealed[x]) for x in SECTORS), \
                msg("a sector does not hold five intelligence tokens")
            tokens = [t for box in s.boxes.values() for t in box] + [t for t in s.won if t != LEAK] + s.spent
            assert sorted(tokens) == sorted(("pink", "red", "blue", "green", "purple", "black")), \
                msg("the six evidence tokens are not all in play")
        for seat in (ABWEHR, LCS):
            assert len(s.tableau[seat]) <= 5, msg("a row of played cards holds more than five cards")

    def leak_probes(self, seat: str | None) -> list[str]:
        """Card ids `seat` has never been shown; none may appear in its view (B12)."""
        s = self.state
        seen = set()
        for e in s.log:
            if e.to is None or e.to == seat:
                seen.update(e.data.get("shown", ()))
        hidden = list(s.decks["channels"]) + list(s.decks["lcs"]) + list(s.decks["abwehr"])
        hidden += [c for c in s.decks["dc"] if seat is None or c not in s.dc_known[seat]]
        for other_seat in (ABWEHR, LCS):
            if other_seat == seat:
                continue
            hidden += s.hands[other_seat]
            hidden += [sl.card for sl in s.tableau[other_seat] if not sl.face_up and sl.card]
        for p in s.pending:
            if p.kind == "spy_keep" and p.seat != seat:
                hidden += p.cards
        probes = [c for c in hidden if c not in seen]
        if seat != LCS and s.result is None:
            probes += ['"layout"', '"roles"']
        return probes


GAME_CLASS = BarclayGame


def broken_state(exc: Exception) -> str:
    """Why a saved state fails check_invariants, as the Load screen says it: the broken rule's
    Message, or that the state is too damaged to be checked (Python's words stay on the chain)."""
    problem = broken_rule(exc)  # one whole sentence per game: Polish declines the game's name
    if problem is not None:
        return msg("impossible Operation Barclay state: {problem}", problem=problem)
    return msg("impossible Operation Barclay state: it cannot even be checked")
