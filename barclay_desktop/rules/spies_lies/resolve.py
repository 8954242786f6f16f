"""Revealing a guessed troop and everything it sets off: scoring, abilities, the double spy.

A mixin for SpiesLiesGame: the handlers need `self.state`, `self.emit` and `self.reveal`.
"""

from __future__ import annotations

from barclay_desktop.rules.core import GameResult
from barclay_desktop.rules.core.words import count

from .data import intel_cards, numbers, troop_brief, troop_label
from .lineup import SERGEANT, out_of_order
from .state import Pending, direction, other

SPY, SCOUT, MINER, LIEUTENANT, CAPTAIN, BOMB, COLONEL, GENERAL, MARSHAL = 1, 2, 3, 5, 6, 7, 8, 9, 10


_NAMES = {"red": "Red", "blue": "Blue"}


def side_name(side: str) -> str:
    return _NAMES[side]


class Resolution:
    # ----- infiltration points and the double spy ---------------------------------
    def add_ip(self, side: str, amount: int, why: str, carry: bool = False) -> None:
        """Move `side`'s tower; at the target the double spy advances and the tower resets.

        Surplus IP is lost, except for the Colonel (`carry`), which keeps counting."""
        s = self.state
        me = s.side(side)
        target = numbers()["infiltration_target"]
        me.tower += amount
        self.emit("ip", f"{side_name(side)} +{amount} IP ({why}).", side=side, amount=amount)
        while me.tower >= target:
            surplus = me.tower - target
            me.tower = 0
            self.emit("infiltrate", f"{side_name(side)} reaches {target} IP and infiltrates: the double spy moves "
                      f"{s.day} step{'s' if s.day > 1 else ''} (day {s.day}).", side=side)
            self.move_spy(side, s.day)
            if s.result is not None:
                return
            if carry and surplus:
                me.tower = surplus
                self.emit("ip", f"The Colonel keeps the surplus: {side_name(side)}'s tower goes on to {surplus}.",
                          side=side, amount=surplus)

    def move_spy(self, side: str, steps: int) -> None:
        """S1/S12: a move that reaches the enemy gate stops there; only a move in a later turn
        (guess) takes the flag, never a second move set off by the same guess."""
        s = self.state
        gate = numbers()["spaces_per_side"]
        d = direction(side)
        depth = s.spy * d
        if depth >= gate:
            if self.at_gate_before_this_guess(side):
                self.capture_flag(side)
                return
            self.emit("spy", f"The double spy reached {side_name(other(side))}'s gate in this same turn: "
                      f"{side_name(side)}'s {steps} step{'s' if steps != 1 else ''} {'are' if steps != 1 else 'is'} "
                      "lost. Only a move in a later turn takes the flag.", side=side, spy=s.spy)
            return
        new = min(depth + steps, gate)
        s.side(side).steps_today += new - depth
        s.spy = new * d
        where = "the neutral centre" if s.spy == 0 else f"space {abs(s.spy)} in {side_name('blue' if s.spy > 0 else 'red')}'s territory"
        text = f"The double spy moves {new - depth} step{'s' if new - depth != 1 else ''} toward {side_name(other(side))}'s flag, to {where}."
        if new == gate:
            text += (f" It stops at {side_name(other(side))}'s gate: a move of {side_name(side)}'s in a later turn "
                     "takes the flag.")
        self.emit("spy", text, side=side, spy=s.spy)

    def at_gate_before_this_guess(self, side: str) -> bool:
        """S12: did the double spy already stand at the enemy gate of `side` when the guess now
        being resolved began? (A guess recorded before S12 carries no start: as it was played.)"""
        before = (self.state.last_reveal or {}).get("spy_before")
        return before is None or before * direction(side) >= numbers()["spaces_per_side"]

    def capture_flag(self, side: str) -> None:
        """The captor turns up its line-up; a troop out of order voids the win (the opponent wins)."""
        s = self.state
        me = s.side(side)
        hidden = [m for m in range(4) if me.slots[m] and not me.face_up[m]]
        for m in hidden:
            me.face_up[m] = True
        self.reveal("The flag was taken and the line-up turned face-up.")
        shown = ", ".join(f"Mission {m + 1}: {troop_label(me.slots[m])}" for m in hidden)
        self.emit("flag", f"{side_name(side)} takes {side_name(other(side))}'s flag and turns up the line-up"
                  + (f" ({shown})." if shown else "."), side=side)
        bad = out_of_order(me.slots)
        s.phase = "over"
        if bad is None:
            s.result = GameResult(side, f"{side_name(side)} captured {side_name(other(side))}'s flag with the double spy.", "flag")
        else:
            i, j = bad
            s.result = GameResult(
                other(side),
                f"{side_name(side)} reached the flag, but the line-up was out of order ({troop_label(me.slots[i])} "
                f"under Mission {i + 1} stands left of {troop_label(me.slots[j])} under Mission {j + 1}): "
                f"the win is void and {side_name(other(side))} wins.",
                "flag_void",
            )
        self.emit("game_over", s.result.reason)

    # ----- a guess ---------------------------------------------------------------
    def resolve_guess(self, guesser: str, mission: int, guessed: int) -> None:
        s = self.state
        owner = other(guesser)
        o, g = s.side(owner), s.side(guesser)
        rank = o.slots[mission]
        spy_before = s.spy  # S12: where this turn began, for the flag
        o.face_up[mission] = True
        o.known[mission] = False
        self.reveal("A troop was turned face-up.")
        correct = guessed == rank
        if not o.wrong_order and rank != SERGEANT:
            self._check_wrong_order(owner, mission)
        counts_correct, reason = self._retreat_reason(owner, guesser, mission, correct)
        bomb_was_pending = g.bomb_pending
        g.bomb_pending = False  # the Bomb hits the next reveal, whatever it is (S6)
        outcome = "retreated" if reason else "activated"
        brief = troop_brief(rank)
        s.last_reveal = {"guesser": guesser, "side": owner, "mission": mission + 1, "troop": brief,
                         "guess": guessed, "correct": correct, "outcome": outcome, "reason": reason or "guessed wrong",
                         "spy_before": spy_before}
        # One log line per reveal: the guess, the troop and what it does.
        self.emit("reveal", f"{side_name(guesser)} names {troop_label(guessed)} for {side_name(owner)}'s Mission "
                  f"{mission + 1}: it is the {troop_label(rank)} - {'right' if correct else 'wrong'}; "
                  + (f"it retreats ({reason})." if reason else "it is activated."),
                  side=owner, mission=mission + 1, troop=brief, guess=guessed, correct=correct, outcome=outcome)
        if reason:
            o.retreated[mission] = True
            if o.deceived[mission]:
                self.emit("deception", f"{side_name(owner)}'s deception chip has no effect and leaves the game.", side=owner)
            if counts_correct:
                if bomb_was_pending:
                    g.double_damage = True
                    self.emit("bomb", f"Double damage: {side_name(guesser)} will draw 2 of {side_name(owner)}'s troops "
                              "for elimination at the end of the day.", side=guesser)
                award = numbers()["scout_guess_ip" if g.scout_active else "correct_guess_ip"]
                self.add_ip(guesser, award, "unmasked an enemy troop" + (" with the Scout active" if g.scout_active else ""))
            return
        o.activated[mission] = True
        if not self.activate(owner, mission, rank, o.deceived[mission]):
            self.deception_bonus(owner, mission)

    def _retreat_reason(self, owner: str, guesser: str, mission: int, correct: bool) -> tuple[bool, str]:
        """(counts as a correct guess, why the troop retreats); (False, "") means it activates."""
        s = self.state
        o, g = s.side(owner), s.side(guesser)
        rank = o.slots[mission]
        if o.wrong_order:
            # Special rule 2: unmasked without its ability; the guesser scores only a right guess.
            return correct, "unmasked after an out-of-order line-up"
        if rank != SERGEANT and self.false_intelligence(owner, mission):
            return True, "false intelligence: it counts as guessed correctly"  # special rule 1
        mine = (g.slots[mission], g.borrowed[mission])
        if rank == MARSHAL and SPY in mine:
            return correct, self._encounter(guesser, mission, SPY, "Marshal")  # S5
        if rank == BOMB and MINER in mine:
            return correct, self._encounter(guesser, mission, MINER, "Bomb")  # S5
        if g.bomb_pending:
            return correct, f"{side_name(guesser)}'s Bomb went off"  # S6: right or wrong
        if correct:
            return True, "guessed correctly"
        return False, ""

    def _encounter(self, side: str, mission: int, rank: int, victim: str) -> str:
        me = self.state.side(side)
        if not me.face_up[mission] and me.slots[mission] == rank:
            me.known[mission] = True  # S5: the encounter shows who stands there
        via = " (through the Captain)" if me.slots[mission] != rank else ""
        return f"it meets {side_name(side)}'s {troop_label(rank)}{via} under Mission {mission + 1}: the {victim} retreats"

    def false_intelligence(self, owner: str, mission: int) -> bool:
        s = self.state
        o = s.side(owner)
        listed = o.slots[mission] in intel_cards()[s.current_intel]
        return (o.chips[mission] == 1) != listed

    def _check_wrong_order(self, owner: str, mission: int) -> None:
        """Special rule 2: a revealed troop below an earlier revealed one (Sergeant excepted)."""
        s = self.state
        o = s.side(owner)
        rank = o.slots[mission]
        for i in range(mission):
            r = o.slots[i]
            if o.face_up[i] and r != SERGEANT and r > rank:
                undone = o.steps_today
                s.spy -= direction(owner) * undone
                gate = numbers()["spaces_per_side"]
                s.spy = max(-gate, min(gate, s.spy))
                o.steps_today = 0
                o.tower = 0
                o.wrong_order = True
                self.emit("wrong_order", f"Wrong order: {side_name(owner)}'s {troop_label(rank)} under Mission "
                          f"{mission + 1} stands right of the {troop_label(r)} under Mission {i + 1}. "
                          + wrong_order_penalty(side_name(owner), undone), side=owner, spy=s.spy)
                return

    # ----- abilities ---------------------------------------------------------------
    def activate(self, side: str, mission: int, rank: int, deceived: bool, via_captain: bool = False) -> bool:
        """Apply `rank`'s ability for `side`. True when it waits for the owner's choice."""
        s = self.state
        me = s.side(side)
        ip = numbers()
        if rank == SPY:
            self.add_ip(side, 1, "Spy activated")
            if s.result is None:
                self._gain_deception_chip(side)
        elif rank == SCOUT:
            self.add_ip(side, 2, "Scout activated")
            me.scout_active = True
            self.emit("scout", f"{side_name(side)}'s Scout: every right guess today scores {ip['scout_guess_ip']} IP.", side=side)
        elif rank == MINER:
            self.add_ip(side, 3, "Miner activated")
        elif rank == SERGEANT:
            self.add_ip(side, 4, "Sergeant activated")
        elif rank == LIEUTENANT:
            self.move_spy(side, 1)
        elif rank == CAPTAIN and not via_captain and me.eliminated:
            s.pending = Pending("captain", side, mission, deceived)
            s.stage = "choice"
            return True
        elif rank == CAPTAIN:
            self.add_ip(side, 6, "Captain activated")
        elif rank == BOMB:
            me.bomb_pending = True
            self.emit("bomb", f"{side_name(side)}'s Bomb explodes: the next {side_name(other(side))} troop "
                      f"{side_name(side)} reveals today retreats.", side=side)
        elif rank == COLONEL:
            self.add_ip(side, 8, "Colonel activated", carry=True)
        elif rank == GENERAL:
            self.move_spy(side, 2)
        elif rank == MARSHAL:
            s.pending = Pending("marshal", side, mission, deceived)
            s.stage = "choice"
            return True
        return False

    def _gain_deception_chip(self, side: str) -> None:
        """S10: only from the reserve, and never more than 2 held."""
        s = self.state
        me = s.side(side)
        if s.deception_reserve > 0 and me.deception_chips < numbers()["deception_chips_max_held"]:
            s.deception_reserve -= 1
            me.deception_chips += 1
            self.emit("deception", f"{side_name(side)}'s Spy brings a deception chip ({me.deception_chips} held).", side=side)
        else:
            self.emit("deception", f"{side_name(side)}'s Spy brings no deception chip (reserve empty or 2 held).", side=side)

    def deception_bonus(self, side: str, mission: int) -> None:
        """S4: after a wrong guess on a bluffed troop, its activation is followed by +4 IP."""
        s = self.state
        if s.result is None and s.side(side).deceived[mission]:
            self.add_ip(side, numbers()["deception_bonus_ip"], "deception chip")


def wrong_order_penalty(side: str, undone: int) -> str:
    """What the wrong-order penalty does, in words: "Blue's 2 double-spy steps of today are undone, the
    tower goes back to 0, ..." (no "0 steps" line when the spy had not moved)."""
    rest = "the tower goes back to 0, and the rest of today's troops are unmasked without abilities."
    if not undone:
        return rest[0].upper() + rest[1:]
    verb = "is" if undone == 1 else "are"
    return f"{side}'s {count(undone, 'double-spy step')} of today {verb} undone, {rest}"
