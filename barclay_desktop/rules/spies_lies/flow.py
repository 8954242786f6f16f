"""The flow of a day: eliminations, deployment, intelligence, the mission steps, the
end of a day and of the game. A mixin for SpiesLiesGame (action handlers `_do_<type>`)."""

from __future__ import annotations

from barclay_desktop.rules.core import GameResult

from ..core.message import Joined, Message, msg, nmsg
from .actions import CaptainBorrow, ConfirmDeploy, Deceive, Deploy, EliminatePick, Guess, IntelChip, NoDeception, Withdraw
from .data import intel_cards, troop_label
from .lineup import SERGEANT, out_of_order
from .memo import SAID, said
from .resolve import WHY_CAPTAIN, WHY_MARSHAL, side_name
from .moves import GUESSES, OFFER
from .state import MISSION_STEPS, SEAT_ORDER, SIDES, STEP_TURNS, Pick, other

_DRAWN = msg("A troop was drawn for elimination.")
_TURNED = msg("An intelligence card was turned.")
_CHIPS_SHOWN = msg("Both sides' intelligence chips were shown.")
_SPUN = msg("The start card was spun.")
_RED_SEATS = frozenset(("red", "red1", "red2"))  # the seats whose side is red (game.side_of)


class Flow:
    def _do_eliminate_pick(self, seat, action: EliminatePick) -> None:
        s = self.state
        pick = s.picks[0]
        owner = s.red if pick.owner == "red" else s.blue
        rank = owner.pool.pop(action.card - 1)
        owner.picked.append(rank)
        self._barrier_reason = _DRAWN  # self.reveal(_DRAWN), written out
        if not self.quiet:
            self.emit_line((None, _eliminate_event, pick.picker, pick.owner, rank, s.day))
        pick.count -= 1
        if pick.count == 0:
            s.picks.pop(0)
        if not s.picks:
            self._finish_eliminations()
        else:
            picker = s.picks[0].picker
            self._leave_turn(picker + "1" if s.teams else picker)  # its lead seat

    def _finish_eliminations(self) -> None:
        s = self.state
        for me in (s.red, s.blue):
            me.hand = sorted(me.hand + me.eliminated + me.pool)
            me.eliminated = sorted(me.picked)
            me.pool, me.picked = [], []
        s.phase = "deploy"
        s.done = []
        if not self.quiet:
            self.emit_line((None, _day_event, s.day))
        self._leave_turn(SEAT_ORDER[s.starter or "red", s.teams][0])

    def _do_deploy(self, seat, action: Deploy) -> None:
        s = self.state
        me = s.red if seat == "red" or seat == "red1" or seat == "red2" else s.blue  # (self.side_of(seat))
        m = action.mission - 1
        me.hand.remove(action.rank)
        me.slots[m] = action.rank
        self.emit_line((seat, _deploy_event, tuple(me.slots), m, action.rank, action.mission))
        self._next_turn = (seat, self._deploy_list(seat, me))  # the seat deploys on until it confirms

    def _do_withdraw(self, seat, action: Withdraw) -> None:
        me = self.state.side(self.side_of(seat))
        m = action.mission - 1
        rank = me.slots[m]
        me.slots[m] = 0
        me.hand = sorted(me.hand + [rank])
        if not self.quiet:
            self.emit("deploy", said(("withdraw", rank, action.mission), lambda: msg(
                "You take your {troop} back from Mission {mission}.", troop=troop_label(rank),
                mission=action.mission)), to=seat)
        self._next_turn = (seat, self._deploy_list(seat, me))  # the seat deploys on until it confirms

    def _do_confirm_deploy(self, seat, action: ConfirmDeploy) -> None:
        s = self.state
        s.done.append(seat)
        if not self.quiet:
            missions = self.missions_of(seat)
            self.emit_line((None, _deployed_event, seat, s.teams, self.seat_name(seat), missions[0] + 1,
                            missions[-1] + 1))
        if len(s.done) == (4 if s.teams else 2):  # every seat
            self._start_intel()
            return
        self._leave_turn(self._deploy_seat())

    def _start_intel(self) -> None:
        s = self.state
        s.phase = "intel"
        s.done = []
        s.current_intel = card = s.deck.pop(0)
        listed = self._cards[card]
        self.reveal(_TURNED)
        if not self.quiet:
            self.emit_line((None, _intel_event, s.day, card))
        if not s.open_table:
            for seat in self.seats:
                self._mark_truthfully(seat, listed)
        self._leave_turn(self._intel_seat())

    def _mark_truthfully(self, seat: str, listed: tuple[int, ...]) -> None:
        """S9 strict: the app marks every troop but the Sergeant truthfully.

        Every seat still makes exactly one intelligence decision - its Sergeant's chip, or
        else a confirmation of its first mission's (only the truth is legal) - so the turn
        order never shows the other side whether, or where, a Sergeant was deployed."""
        me = self.state.red if seat in _RED_SEATS else self.state.blue
        slots, chips = me.slots, me.chips  # (read once: four missions each)
        mine = self.missions_of(seat)
        left_open = mine[0]  # the first mission, unless the seat's Sergeant stands under one
        for m in mine:
            if slots[m] == SERGEANT:
                left_open = m
                break
        for m in mine:
            if m != left_open:
                chips[m] = 1 if slots[m] in listed else 0

    def _do_intel_chip(self, seat, action: IntelChip) -> None:
        s = self.state
        me = s.red if seat in _RED_SEATS else s.blue
        m = action.mission - 1
        me.chips[m] = 1 if action.on else 0
        if not self.quiet:  # a search copy keeps no log (rules/core/game.py)
            self.emit_line((seat, _chip_event, me.slots[m], s.current_intel, action.on, action.mission))
        if -1 not in s.red.chips and -1 not in s.blue.chips:  # every seat has decided
            self._start_missions()
        else:
            self._leave_turn(self._intel_seat())

    def _start_missions(self) -> None:
        s = self.state
        self._barrier_reason = _CHIPS_SHOWN  # self.reveal(_CHIPS_SHOWN), written out
        if not self.quiet:
            self.emit_line((None, _chips_event, "red", tuple(s.red.chips)))
            self.emit_line((None, _chips_event, "blue", tuple(s.blue.chips)))
        s.phase = "mission"
        if not s.starter:
            s.starter = s.first_starter = s.rng.choice(list(SIDES))
            self.reveal(_SPUN)
            if not self.quiet:
                self.emit_line((None, _start_event, s.starter))
        s.step = 0
        self._enter_step()

    def _enter_step(self) -> None:
        """The offer (when the defender can deceive) or else the guess of mission step `s.step`;
        the seat that acts and its list go to `_next_turn` (game.py)."""
        s = self.state
        if s.step >= 8:
            self._next_turn = None
            self._end_of_day()
            return
        turns = STEP_TURNS[s.teams].get(s.starter)  # mission_step() and the seats, read from their table
        if turns is None or s.step < 0:  # (a state edited by hand: the seat is worked out when asked)
            defender, guesser_seat, defender_seat = self.mission_step()[2], None, None
        else:
            defender, guesser_seat, defender_seat = turns[s.step]
        d = s.red if defender == "red" else s.blue
        if d.deception_chips > 0 and not d.wrong_order:
            s.stage = "offer"
            self._next_turn = (defender_seat, list(OFFER)) if defender_seat else None
        else:
            s.stage = "guess"
            self._next_turn = (guesser_seat, list(GUESSES)) if guesser_seat else None

    def _do_deceive(self, seat, action: Deceive) -> None:
        s = self.state
        m, guesser, defender = self.mission_step()
        d = s.side(defender)
        d.deception_chips -= 1
        s.deception_used += 1
        d.deceived[m] = True
        if not self.quiet:
            self.emit_line((None, _deceive_event, defender, m))
        s.stage = "guess"
        self._guess_next()

    def _do_no_deception(self, seat, action: NoDeception) -> None:
        self.state.stage = "guess"
        self._guess_next()

    def _guess_next(self) -> None:
        """After the offer the guessing seat names a rank (its list to `_next_turn`, game.py)."""
        s = self.state
        turns = STEP_TURNS[s.teams].get(s.starter)
        if turns is not None and 0 <= s.step < 8:
            self._next_turn = (turns[s.step][1], list(GUESSES))

    def _do_guess(self, seat, action: Guess) -> None:
        s = self.state
        steps = MISSION_STEPS.get(s.starter)  # self.mission_step(), the usual case read from its table
        m, guesser, defender = steps[s.step] if steps is not None and 0 <= s.step < 8 else self.mission_step()
        self.resolve_guess(guesser, m, action.rank)
        if s.result is None and s.pending is None:  # self._after_reveal(), written out
            s.step += 1
            self._enter_step()

    def _after_reveal(self) -> None:
        s = self.state
        if s.result is not None or s.pending is not None:
            return
        s.step += 1
        self._enter_step()

    def _do_captain_points(self, seat, action) -> None:
        p = self.state.pending
        self.add_ip(p.side, 6, WHY_CAPTAIN)
        self._finish_pending()

    def _do_captain_borrow(self, seat, action: CaptainBorrow) -> None:
        s = self.state
        p = s.pending
        me = s.side(p.side)
        me.borrowed[p.mission] = action.rank
        if not self.quiet:
            self.emit("captain", said(("borrow", p.side, action.rank), lambda: msg(
                "{side}'s Captain uses the eliminated {troop}.", side=side_name(p.side),
                troop=troop_label(action.rank))), side=p.side, rank=action.rank)
        s.pending = None
        if self.activate(p.side, p.mission, action.rank, p.deceived, via_captain=True):
            return  # the borrowed Marshal still waits for its choice
        s.pending = p
        self._finish_pending()

    def _do_marshal_ten(self, seat, action) -> None:
        self.add_ip(self.state.pending.side, 10, WHY_MARSHAL)
        self._finish_pending()

    def _do_marshal_split(self, seat, action) -> None:
        s = self.state
        side = s.pending.side
        self.add_ip(side, 5, WHY_MARSHAL)
        if s.result is None:
            enemy = s.side(other(side))
            lost = min(5, enemy.tower)
            enemy.tower -= lost
            if not self.quiet:
                self.emit("ip", said(("split", side, lost, enemy.tower), lambda: msg(
                    "The Marshal costs {side} {lost} IP (tower {tower}).", side=side_name(other(side)), lost=lost,
                    tower=enemy.tower)), side=other(side))
        self._finish_pending()

    def _finish_pending(self) -> None:
        s = self.state
        p = s.pending
        s.pending = None
        if s.result is None:
            self.deception_bonus(p.side, p.mission)
        self._after_reveal()

    # ----- end of a day and of the game ------------------------------------------------
    def _end_of_day(self) -> None:
        s = self.state
        if s.day >= self._numbers["days"]:
            self._final_result()
            return
        first = s.starter
        second = other(first)
        # a side with double damage draws two of the other's troops (counted before the day is cleared)
        draws = {"red": 2 if s.red.double_damage else 1, "blue": 2 if s.blue.double_damage else 1}
        s.history.append([list(s.red.slots), list(s.blue.slots)])
        s.red.pool, s.blue.pool = [r for r in s.red.slots if r], [r for r in s.blue.slots if r]
        s.rng.shuffle_each((s.red.pool, s.blue.pool))  # red's troops, then blue's
        s.red.clear_day()
        s.blue.clear_day()
        s.picks = [Pick(first, second, draws[first]), Pick(second, first, draws[second])]
        s.old_pile.append(s.current_intel)
        s.current_intel = ""
        s.day += 1
        s.starter = second
        s.phase = "eliminate"
        if not self.quiet:
            self.emit_line((None, _day_end_event, s.day, second))
        self._leave_turn(first + "1" if s.teams else first)  # the first picker's lead seat

    def _final_result(self) -> None:
        s = self.state
        s.phase = "over"
        # a GameResult is a frozen value: one per outcome and score, said once (memo.said)
        key = ("result", (s.spy > 0) - (s.spy < 0), 0 if s.spy else s.red.tower, 0 if s.spy else s.blue.tower)
        s.result = SAID.get(key) or said(key, lambda: final_result(s.spy, s.red.tower, s.blue.tower))
        self.emit("game_over", s.result.reason)


def final_result(spy: int, red: int, blue: int) -> GameResult:
    """The result after day 3: the double spy's side of the centre, else the towers (`red`, `blue`)."""
    if spy:
        winner = "red" if spy > 0 else "blue"
        return GameResult(winner, msg("After day 3 the double spy stands in {loser}'s territory: {winner} wins.",
                                      loser=side_name(other(winner)), winner=side_name(winner)), "position")
    if red != blue:
        winner = "red" if red > blue else "blue"
        return GameResult(winner, msg("After day 3 the double spy is on the neutral centre; {winner} has more "
                                      "infiltration points (Red {red}, Blue {blue}) and wins.",
                                      winner=side_name(winner), red=red, blue=blue), "points")
    return GameResult(None, msg("After day 3 the double spy is on the neutral centre and both towers stand at "
                                "{points}: a draw.", points=red), "draw")


def chips_line(side: str, chips: tuple) -> Message:
    """The public line that shows one side's intelligence chips."""
    marked = [str(m + 1) for m, c in enumerate(chips) if c == 1]
    if marked:
        return nmsg("{side} shows intelligence chips on Mission {missions}.",
                    "{side} shows intelligence chips on Missions {missions}.", len(marked),
                    side=side_name(side), missions=", ".join(marked))
    return msg("{side} shows intelligence chips on no mission.", side=side_name(side))


def chip_line(on: bool, lie: bool, troop: Message, mission: int) -> Message:
    """The private line of an intelligence decision: placed or left off, a lie or not."""
    if on and lie:
        return msg("You place the chip on your {troop} under Mission {mission} (a lie).", troop=troop, mission=mission)
    if on:
        return msg("You place the chip on your {troop} under Mission {mission}.", troop=troop, mission=mission)
    if lie:
        return msg("You leave off the chip on your {troop} under Mission {mission} (a lie).", troop=troop,
                   mission=mission)
    return msg("You leave off the chip on your {troop} under Mission {mission}.", troop=troop, mission=mission)


# ----- the log lines, made when first read (core/events.LazyEvent) --------------------------
# Each takes only values fixed when the line was logged and returns (kind, text, data); the
# words are said() once (memo.py), with the keys the eager lines had.
def _eliminate_event(picker: str, owner: str, rank: int, day: int):
    return "eliminate", said(("eliminate", picker, owner, rank, day), lambda: msg(
        "{picker} draws {owner}'s {troop}: it is eliminated for day {day}.", picker=side_name(picker),
        owner=side_name(owner), troop=troop_label(rank), day=day)), {"side": owner, "rank": rank}


def _day_event(day: int):
    return "day", said(("day", day), lambda: msg(
        "Day {day}: deploy one troop face-down under each mission card.", day=day)), {"day": day}


def _deploy_event(slots: tuple, m: int, rank: int, mission: int):
    """The private line of a deployment, warned when it breaks the order (open table, S9)."""
    bad = out_of_order(slots)
    warning = None
    if bad is not None and m in bad:
        i, j = bad
        left, right = slots[i], slots[j]
        warning = said(("order warning", left, i, right, j), lambda: msg(
            "Warning: {left} under Mission {i} stands left of {right} under Mission {j}. Ranks must "
            "ascend (the Sergeant excepted); if it is revealed, the wrong-order penalty applies.",
            left=troop_label(left), i=i + 1, right=troop_label(right), j=j + 1))
    key = ("deploy", rank, mission)
    text = SAID.get(key) or said(key, lambda: msg(
        "You put your {troop} under Mission {mission}.", troop=troop_label(rank), mission=mission))
    return _private_line("deploy", text, warning, {"rank": rank, "mission": mission})


def _private_line(kind: str, text: Message, warning: Message | None, data: dict):
    """One private line per action, its warning (open table, S9) included: a second line would
    move the numbers of the public lines after it, and the other seats would see the gap."""
    if warning is None:
        return kind, text, data
    # both parts are said() once and kept for good, so their ids name them
    return "warning", said(("warned", id(text), id(warning)), lambda: Joined([text, warning], " ")), data


def _deployed_event(seat: str, teams: bool, name: Message, first: int, last: int):
    return "deployed", said(("deployed", seat, teams), lambda: msg(
        "{seat} has deployed under Missions {first}-{last}.", seat=name, first=first, last=last)), {"seat": seat}


def _intel_event(day: int, card: str):
    return "intel", said(("intel", day, card), lambda: msg(
        "Intelligence for day {day}: ranks {ranks}. Each player marks the missions whose troop is listed (the "
        "Sergeant may lie).", day=day, ranks=", ".join(map(str, intel_cards()[card])))), {"card": card}


def _chip_event(rank: int, card: str, on: bool, mission: int):
    """The private line of an intelligence decision, warned when it lies (open table, S9)."""
    lie = (rank in intel_cards()[card]) != on
    warning = None
    if lie and rank != SERGEANT:
        warning = said(("lie warning", rank), lambda: msg(
            "Warning: only the Sergeant may lie with intelligence. If your {troop} is revealed, it counts as "
            "guessed correctly (false intelligence).", troop=troop_label(rank)))
    return _private_line("intel_chip", said(("chip", on, lie, rank, mission), lambda: chip_line(
        on, lie, troop_label(rank), mission)), warning, {})


def _chips_event(side: str, chips: tuple):
    return "intel_chips", said(("intel chips", side, chips), lambda: chips_line(side, chips)), {
        "side": side, "missions": [m + 1 for m, c in enumerate(chips) if c == 1]}


def _start_event(starter: str):
    return "start", said(("start", starter), lambda: msg(
        "The start card points to {side}: {side} guesses first.", side=side_name(starter))), {}


def _deceive_event(defender: str, m: int):
    return "deception", said(("deceive", defender, m), lambda: msg(
        "{side} puts a deception chip on the troop under Mission {mission}.", side=side_name(defender),
        mission=m + 1)), {"side": defender, "mission": m + 1}


def _day_end_event(day: int, starter: str):
    return "day_end", said(("day end", day, starter), lambda: msg(
        "Day {ended} ends. Each side's four troops are shuffled face-down; the opponent draws the troops "
        "eliminated for day {day}. {side} starts day {day}.", ended=day - 1, day=day,
        side=side_name(starter))), {"day": day}
