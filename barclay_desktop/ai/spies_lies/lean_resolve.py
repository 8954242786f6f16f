"""The reveals of a lean game (`lean.LeanGame`): a guessed troop turned up, what it sets off
(points, abilities, the double spy, the flag) and the Captain's and Marshal's choices, as
`rules/spies_lies/resolve.py` and `flow.py` do them. A mixin: `self` is a LeanGame."""

from __future__ import annotations

from typing import TYPE_CHECKING

from barclay_desktop.rules.spies_lies.actions import CaptainBorrow
from barclay_desktop.rules.spies_lies.game import _STEPS
from barclay_desktop.rules.spies_lies.lineup import SERGEANT, out_of_order

if TYPE_CHECKING:
    from .lean import LeanSide

SPY, SCOUT, MINER, LIEUTENANT, CAPTAIN, BOMB, COLONEL, GENERAL, MARSHAL = 1, 2, 3, 5, 6, 7, 8, 9, 10
# rules.json (tests/test_ai_spies_lean.py checks them against the file)
GATE, TARGET, CORRECT_IP, SCOUT_IP, BONUS_IP, MAX_HELD = 4, 10, 2, 4, 4, 2


class LeanResolution:
    __slots__ = ()

    # ----- a reveal (`Resolution.resolve_guess`) ----------------------------------------------
    def resolve(self, guessed: int) -> None:
        m, guesser, owner = _STEPS[self.starter][self.step]
        o, g = self.by[owner], self.by[guesser]
        rank = o.slots[m]
        spy_before = self.spy
        o.up[m] = True
        o.known[m] = False
        o.seen |= rank << (4 * m)  # (a known troop's bits are already its rank)
        correct = guessed == rank
        if m and not o.wrong and rank != SERGEANT:  # special rule 2: below a troop shown left of it
            slots, up = o.slots, o.up
            for i in range(m):
                r = slots[i]
                if r > rank and up[i] and r != SERGEANT:
                    self.wrong_order(o)
                    break
        if o.wrong:
            counts, retreats = correct, True
        elif rank != SERGEANT and (o.chips[m] == 1) != (rank in self.listed):
            counts, retreats = True, True  # false intelligence
        elif rank == MARSHAL or rank == BOMB or g.bomb or correct:
            counts, retreats = self.retreat_reason(g, m, rank, correct)
        else:
            counts, retreats = False, False
        g.bomb = False
        self.spy_before = spy_before
        if retreats:
            if counts:
                self.add_ip(g, SCOUT_IP if g.scout else CORRECT_IP)
            return
        if not self.activate(o, m, rank, o.deceived[m]) and o.deceived[m] and not self.over:
            self.add_ip(o, BONUS_IP)  # self.bonus(o, m)

    def retreat_reason(self, g: LeanSide, m: int, rank: int, correct: bool) -> tuple[bool, bool]:
        """(counts as a correct guess, retreats) once the order and the chip are right."""
        if rank == MARSHAL and (g.slots[m] == SPY or g.borrowed[m] == SPY):
            self.encounter(g, m, SPY)
            return correct, True
        if rank == BOMB and (g.slots[m] == MINER or g.borrowed[m] == MINER):
            self.encounter(g, m, MINER)
            return correct, True
        if g.bomb:
            return correct, True
        return correct, correct

    @staticmethod
    def encounter(g: LeanSide, m: int, rank: int) -> None:
        if not g.up[m] and g.slots[m] == rank:
            g.known[m] = True  # S5: the encounter shows who stands there
            g.seen |= rank << (4 * m)

    def wrong_order(self, o: LeanSide) -> None:
        """Special rule 2: today's double-spy steps of `o` undone, its tower back to 0."""
        self.spy = max(-GATE, min(GATE, self.spy - o.sign * o.steps))
        o.steps = 0
        o.tower = 0
        o.wrong = True

    # ----- points, abilities and the double spy ------------------------------------------------
    def add_ip(self, me: LeanSide, amount: int, carry: bool = False) -> None:
        me.tower += amount
        while me.tower >= TARGET:
            surplus = me.tower - TARGET
            me.tower = 0
            self.move_spy(me, self.day)
            if self.over:
                return
            if carry and surplus:
                me.tower = surplus

    def move_spy(self, me: LeanSide, steps: int) -> None:
        d = me.sign
        depth = self.spy * d
        if depth >= GATE:
            before = self.spy_before  # S12: only a move in a later turn takes the flag
            if before is None or before * d >= GATE:
                self.over = True  # the flag: the captor's line-up must be in order
                self.winner = me.name if out_of_order(me.slots) is None else ("blue" if me.name == "red" else "red")
            return
        new = min(depth + steps, GATE)
        me.steps += new - depth
        self.spy = new * d

    def activate(self, me: LeanSide, m: int, rank: int, deceived: bool, via_captain: bool = False) -> bool:
        """`rank`'s ability for `me`; True when it waits for the owner's choice."""
        if rank == SPY:
            self.add_ip(me, 1)
            if not self.over and self.reserve > 0 and me.dchips < MAX_HELD:
                self.reserve -= 1
                me.dchips += 1
        elif rank == SCOUT:
            self.add_ip(me, 2)
            me.scout = True
        elif rank == MINER:
            self.add_ip(me, 3)
        elif rank == SERGEANT:
            self.add_ip(me, 4)
        elif rank == LIEUTENANT:
            self.move_spy(me, 1)
        elif rank == CAPTAIN and not via_captain and me.elim:
            self.pending = ("captain", me.name, m, deceived)
            self.stage = "choice"
            return True
        elif rank == CAPTAIN:
            self.add_ip(me, 6)
        elif rank == BOMB:
            me.bomb = True
        elif rank == COLONEL:
            self.add_ip(me, 8, carry=True)
        elif rank == GENERAL:
            self.move_spy(me, 2)
        elif rank == MARSHAL:
            self.pending = ("marshal", me.name, m, deceived)
            self.stage = "choice"
            return True
        return False

    def bonus(self, me: LeanSide, m: int) -> None:
        """S4: after a wrong guess on a bluffed troop, its activation is followed by +4 IP."""
        if not self.over and me.deceived[m]:
            self.add_ip(me, BONUS_IP)

    def captain_points(self, seat: str, action=None) -> None:
        self.add_ip(self.by[self.pending[1]], 6)
        self.finish_pending()

    def captain_borrow(self, seat: str, action: CaptainBorrow) -> None:
        p = self.pending
        me = self.by[p[1]]
        me.borrowed[p[2]] = action.rank
        self.pending = None
        if self.activate(me, p[2], action.rank, p[3], via_captain=True):
            return  # the borrowed Marshal still waits for its choice
        self.pending = p
        self.finish_pending()

    def marshal_ten(self, seat: str, action=None) -> None:
        self.add_ip(self.by[self.pending[1]], 10)
        self.finish_pending()

    def marshal_split(self, seat: str, action=None) -> None:
        me = self.by[self.pending[1]]
        self.add_ip(me, 5)
        if not self.over:
            enemy = self.blue if me is self.red else self.red
            enemy.tower -= min(5, enemy.tower)
        self.finish_pending()

    def finish_pending(self) -> None:
        p = self.pending
        self.pending = None
        if not self.over:
            self.bonus(self.by[p[1]], p[2])
        self.after_reveal()
