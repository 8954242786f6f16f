"""The flow of a day: eliminations, deployment, intelligence, the mission steps, the
end of a day and of the game. A mixin for SpiesLiesGame (action handlers `_do_<type>`)."""

from __future__ import annotations

from barclay_desktop.rules.core import GameResult

from .actions import CaptainBorrow, ConfirmDeploy, Deceive, Deploy, EliminatePick, Guess, IntelChip, NoDeception, Withdraw
from .data import intel_cards, numbers, troop_label
from .lineup import SERGEANT, out_of_order
from .resolve import side_name
from .state import SIDES, Pick, other


class Flow:
    def _do_eliminate_pick(self, seat, action: EliminatePick) -> None:
        s = self.state
        pick = s.picks[0]
        owner = s.side(pick.owner)
        rank = owner.pool.pop(action.card - 1)
        owner.picked.append(rank)
        self.reveal("A troop was drawn for elimination.")
        self.emit("eliminate", f"{side_name(pick.picker)} draws {side_name(pick.owner)}'s {troop_label(rank)}: "
                  f"it is eliminated for day {s.day}.", side=pick.owner, rank=rank)
        pick.count -= 1
        if pick.count == 0:
            s.picks.pop(0)
        if not s.picks:
            self._finish_eliminations()

    def _finish_eliminations(self) -> None:
        s = self.state
        for side in SIDES:
            me = s.side(side)
            me.hand = sorted(me.hand + me.eliminated + me.pool)
            me.eliminated = sorted(me.picked)
            me.pool, me.picked = [], []
        s.phase = "deploy"
        s.done = []
        self.emit("day", f"Day {s.day}: deploy one troop face-down under each mission card.", day=s.day)

    def _do_deploy(self, seat, action: Deploy) -> None:
        me = self.state.side(self.side_of(seat))
        m = action.mission - 1
        me.hand.remove(action.rank)
        me.slots[m] = action.rank
        bad = out_of_order(me.slots)
        warning = None
        if bad is not None and m in bad:
            i, j = bad
            warning = (f"Warning: {troop_label(me.slots[i])} under Mission {i + 1} stands left of "
                       f"{troop_label(me.slots[j])} under Mission {j + 1}. Ranks must ascend (the Sergeant excepted); "
                       "if it is revealed, the wrong-order penalty applies.")
        self._private_line(seat, "deploy", f"You put your {troop_label(action.rank)} under Mission {action.mission}.",
                           warning, rank=action.rank, mission=action.mission)

    def _private_line(self, seat: str, kind: str, text: str, warning: str | None, **data) -> None:
        """One private line per action, its warning (open table, S9) included: a second line would
        move the numbers of the public lines after it, and the other seats would see the gap."""
        if warning is None:
            self.emit(kind, text, to=seat, **data)
        else:
            self.emit("warning", f"{text} {warning}", to=seat, **data)

    def _do_withdraw(self, seat, action: Withdraw) -> None:
        me = self.state.side(self.side_of(seat))
        m = action.mission - 1
        rank = me.slots[m]
        me.slots[m] = 0
        me.hand = sorted(me.hand + [rank])
        self.emit("deploy", f"You take your {troop_label(rank)} back from Mission {action.mission}.", to=seat)

    def _do_confirm_deploy(self, seat, action: ConfirmDeploy) -> None:
        s = self.state
        s.done.append(seat)
        missions = self.missions_of(seat)
        self.emit("deployed", f"{self.seat_name(seat)} has deployed under Missions {missions[0] + 1}-{missions[-1] + 1}.", seat=seat)
        if len(s.done) == len(self.seats):
            self._start_intel()

    def _start_intel(self) -> None:
        s = self.state
        s.phase = "intel"
        s.done = []
        s.current_intel = s.deck.pop(0)
        listed = intel_cards()[s.current_intel]
        self.reveal("An intelligence card was turned.")
        self.emit("intel", f"Intelligence for day {s.day}: ranks {', '.join(map(str, listed))}. "
                  "Each player marks the missions whose troop is listed (the Sergeant may lie).", card=s.current_intel)
        if not s.open_table:
            for seat in self.seats:
                self._mark_truthfully(seat, listed)

    def _mark_truthfully(self, seat: str, listed: tuple[int, ...]) -> None:
        """S9 strict: the app marks every troop but the Sergeant truthfully.

        Every seat still makes exactly one intelligence decision - its Sergeant's chip, or
        else a confirmation of its first mission's (only the truth is legal) - so the turn
        order never shows the other side whether, or where, a Sergeant was deployed."""
        me = self.state.side(self.side_of(seat))
        mine = self.missions_of(seat)
        sergeant = next((m for m in mine if me.slots[m] == SERGEANT), None)
        left_open = sergeant if sergeant is not None else mine[0]
        for m in mine:
            if m != left_open:
                me.chips[m] = 1 if me.slots[m] in listed else 0

    def _do_intel_chip(self, seat, action: IntelChip) -> None:
        s = self.state
        side = self.side_of(seat)
        me = s.side(side)
        m = action.mission - 1
        me.chips[m] = 1 if action.on else 0
        rank = me.slots[m]
        lie = (rank in intel_cards()[s.current_intel]) != action.on
        warning = None
        if lie and rank != SERGEANT:
            warning = (f"Warning: only the Sergeant may lie with intelligence. If your {troop_label(rank)} is "
                       "revealed, it counts as guessed correctly (false intelligence).")
        self._private_line(seat, "intel_chip", f"You {'place' if action.on else 'leave off'} the chip on your "
                           f"{troop_label(rank)} under Mission {action.mission}{' (a lie)' if lie else ''}.", warning)
        if all(self._undecided_chip(x) is None for x in self.seats):
            self._start_missions()

    def _start_missions(self) -> None:
        s = self.state
        self.reveal("Both sides' intelligence chips were shown.")
        for side in SIDES:
            marked = [str(m + 1) for m, c in enumerate(s.side(side).chips) if c == 1]
            where = f"Mission{'s' if len(marked) > 1 else ''} {', '.join(marked)}" if marked else "no mission"
            self.emit("intel_chips", f"{side_name(side)} shows intelligence chips on {where}.", side=side,
                      missions=[int(m) for m in marked])
        s.phase = "mission"
        if not s.starter:
            s.starter = s.first_starter = s.rng.choice(list(SIDES))
            self.reveal("The start card was spun.")
            self.emit("start", f"The start card points to {side_name(s.starter)}: {side_name(s.starter)} guesses first.")
        s.step = 0
        self._enter_step()

    def _enter_step(self) -> None:
        s = self.state
        if s.step >= 8:
            self._end_of_day()
            return
        m, guesser, defender = self.mission_step()
        d = s.side(defender)
        s.stage = "offer" if d.deception_chips > 0 and not d.wrong_order else "guess"

    def _do_deceive(self, seat, action: Deceive) -> None:
        s = self.state
        m, guesser, defender = self.mission_step()
        d = s.side(defender)
        d.deception_chips -= 1
        s.deception_used += 1
        d.deceived[m] = True
        self.emit("deception", f"{side_name(defender)} puts a deception chip on the troop under Mission {m + 1}.",
                  side=defender, mission=m + 1)
        s.stage = "guess"

    def _do_no_deception(self, seat, action: NoDeception) -> None:
        self.state.stage = "guess"

    def _do_guess(self, seat, action: Guess) -> None:
        m, guesser, defender = self.mission_step()
        self.resolve_guess(guesser, m, action.rank)
        self._after_reveal()

    def _after_reveal(self) -> None:
        s = self.state
        if s.result is not None or s.pending is not None:
            return
        s.step += 1
        self._enter_step()

    def _do_captain_points(self, seat, action) -> None:
        p = self.state.pending
        self.add_ip(p.side, 6, "Captain activated")
        self._finish_pending()

    def _do_captain_borrow(self, seat, action: CaptainBorrow) -> None:
        s = self.state
        p = s.pending
        me = s.side(p.side)
        me.borrowed[p.mission] = action.rank
        self.emit("captain", f"{side_name(p.side)}'s Captain uses the eliminated {troop_label(action.rank)}.",
                  side=p.side, rank=action.rank)
        s.pending = None
        if self.activate(p.side, p.mission, action.rank, p.deceived, via_captain=True):
            return  # the borrowed Marshal still waits for its choice
        s.pending = p
        self._finish_pending()

    def _do_marshal_ten(self, seat, action) -> None:
        self.add_ip(self.state.pending.side, 10, "Marshal activated")
        self._finish_pending()

    def _do_marshal_split(self, seat, action) -> None:
        s = self.state
        side = s.pending.side
        self.add_ip(side, 5, "Marshal activated")
        if s.result is None:
            enemy = s.side(other(side))
            lost = min(5, enemy.tower)
            enemy.tower -= lost
            self.emit("ip", f"The Marshal costs {side_name(other(side))} {lost} IP (tower {enemy.tower}).", side=other(side))
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
        if s.day >= numbers()["days"]:
            self._final_result()
            return
        first = s.starter
        counts = {side: 2 if s.side(side).double_damage else 1 for side in SIDES}
        s.history.append([list(s.red.slots), list(s.blue.slots)])
        for side in SIDES:
            me = s.side(side)
            me.pool = [r for r in me.slots if r]
            s.rng.shuffle(me.pool)
            me.clear_day()
        s.picks = [Pick(first, other(first), counts[first]), Pick(other(first), first, counts[other(first)])]
        s.old_pile.append(s.current_intel)
        s.current_intel = ""
        s.day += 1
        s.starter = other(first)
        s.phase = "eliminate"
        self.emit("day_end", f"Day {s.day - 1} ends. Each side's four troops are shuffled face-down; the opponent draws "
                  f"the troops eliminated for day {s.day}. {side_name(s.starter)} starts day {s.day}.", day=s.day)

    def _final_result(self) -> None:
        s = self.state
        s.phase = "over"
        if s.spy:
            winner = "red" if s.spy > 0 else "blue"
            s.result = GameResult(winner, f"After day 3 the double spy stands in {side_name(other(winner))}'s "
                                  f"territory: {side_name(winner)} wins.", "position")
        elif s.red.tower != s.blue.tower:
            winner = "red" if s.red.tower > s.blue.tower else "blue"
            s.result = GameResult(winner, f"After day 3 the double spy is on the neutral centre; {side_name(winner)} "
                                  f"has more infiltration points (Red {s.red.tower}, Blue {s.blue.tower}) and wins.", "points")
        else:
            s.result = GameResult(None, f"After day 3 the double spy is on the neutral centre and both towers stand at "
                                  f"{s.red.tower}: a draw.", "draw")
        self.emit("game_over", s.result.reason)
