"""Revealing a guessed troop and everything it sets off: scoring, abilities, the double spy.

A mixin for SpiesLiesGame: the handlers need `self.state`, `self.emit` and `self.reveal`, and
the rules' numbers and intelligence cards as `self._numbers` and `self._cards` (game.py).
"""

from __future__ import annotations

from barclay_desktop.rules.core import GameResult

from ..core.message import Joined, Message, msg, nmsg
from .data import troop_brief, troop_label, troop_name
from .lineup import SERGEANT, out_of_order
from .memo import SAID, said
from .state import Pending, direction, other

SPY, SCOUT, MINER, LIEUTENANT, CAPTAIN, BOMB, COLONEL, GENERAL, MARSHAL = 1, 2, 3, 5, 6, 7, 8, 9, 10


_SIDE_NAMES = {"red": msg("Red"), "blue": msg("Blue")}  # made once: search plays many games
# Words made once (a game says them many times): why IP were won, why a troop retreats.
WHY_CAPTAIN = msg("Captain activated")
WHY_MARSHAL = msg("Marshal activated")
WHY_ABILITY = {1: msg("Spy activated"), 2: msg("Scout activated"), 3: msg("Miner activated"),
               4: msg("Sergeant activated")}
WHY_COLONEL = msg("Colonel activated")
WHY_DECEPTION = msg("deception chip")
WHY_UNMASKED = msg("unmasked an enemy troop")
WHY_UNMASKED_SCOUT = msg("unmasked an enemy troop with the Scout active")
_TURNED_UP = msg("A troop was turned face-up.")
_FLAG_TAKEN = msg("The flag was taken and the line-up turned face-up.")
_OUT_OF_ORDER = msg("unmasked after an out-of-order line-up")
_FALSE_INTEL = msg("false intelligence: it counts as guessed correctly")
_GUESSED = msg("guessed correctly")
_BRIEFS = {r: troop_brief(r) for r in range(1, 11)}  # read-only: the log and the last reveal share them


def side_name(side: str) -> Message:
    """A side named like a team ("Red", "Blue"): a Message, said in the player's language on
    screen (the same msgids are the game's seat names)."""
    return _SIDE_NAMES[side]


class Resolution:
    # ----- infiltration points and the double spy ---------------------------------
    def add_ip(self, side: str, amount: int, why: Message, carry: bool = False) -> None:
        """Move `side`'s tower; at the target the double spy advances and the tower resets.

        Surplus IP is lost, except for the Colonel (`carry`), which keeps counting."""
        s = self.state
        me = s.red if side == "red" else s.blue
        target = self._numbers["infiltration_target"]
        me.tower += amount
        self.emit_line((None, _ip_event, side, amount, why))
        while me.tower >= target:
            surplus = me.tower - target
            me.tower = 0
            if not self.quiet:
                self.emit_line((None, _infiltrate_event, side, target, s.day))
            self.move_spy(side, s.day)
            if s.result is not None:
                return
            if carry and surplus:
                me.tower = surplus
                if not self.quiet:
                    self.emit_line((None, _surplus_event, side, surplus))

    def move_spy(self, side: str, steps: int) -> None:
        """S1/S12: a move that reaches the enemy gate stops there; only a move in a later turn
        (guess) takes the flag, never a second move set off by the same guess."""
        s = self.state
        gate = self._numbers["spaces_per_side"]
        d = 1 if side == "red" else -1  # direction(side)
        depth = s.spy * d
        if depth >= gate:
            if self.at_gate_before_this_guess(side):
                self.capture_flag(side)
                return
            if not self.quiet:
                self.emit("spy", said(("spy lost", side, steps), lambda: nmsg(
                    "The double spy reached {enemy}'s gate in this same turn: {side}'s {n} step is lost. Only a move "
                    "in a later turn takes the flag.",
                    "The double spy reached {enemy}'s gate in this same turn: {side}'s {n} steps are lost. Only a "
                    "move in a later turn takes the flag.", steps, enemy=side_name(other(side)),
                    side=side_name(side), n=steps)), side=side, spy=s.spy)
            return
        new = min(depth + steps, gate)
        (s.red if side == "red" else s.blue).steps_today += new - depth
        s.spy = new * d
        if not self.quiet:
            self.emit_line((None, _spy_event, side, new - depth, s.spy, new == gate))

    def at_gate_before_this_guess(self, side: str) -> bool:
        """S12: did the double spy already stand at the enemy gate of `side` when the guess now
        being resolved began? (A guess recorded before S12 carries no start: as it was played.)"""
        before = (self.state.last_reveal or {}).get("spy_before")
        return before is None or before * direction(side) >= self._numbers["spaces_per_side"]

    def capture_flag(self, side: str) -> None:
        """The captor turns up its line-up; a troop out of order voids the win (the opponent wins)."""
        s = self.state
        me = s.side(side)
        hidden = [m for m in range(4) if me.slots[m] and not me.face_up[m]]
        for m in hidden:
            me.face_up[m] = True
        self.reveal(_FLAG_TAKEN)
        who, enemy = side_name(side), side_name(other(side))
        if hidden:
            shown = Joined([msg("Mission {mission}: {troop}", mission=m + 1, troop=troop_label(me.slots[m]))
                            for m in hidden], ", ")
            text = msg("{side} takes {enemy}'s flag and turns up the line-up ({shown}).", side=who, enemy=enemy,
                       shown=shown)
        else:
            text = msg("{side} takes {enemy}'s flag and turns up the line-up.", side=who, enemy=enemy)
        self.emit("flag", text, side=side)
        bad = out_of_order(me.slots)
        s.phase = "over"
        if bad is None:
            s.result = GameResult(side, msg("{side} captured {enemy}'s flag with the double spy.", side=who,
                                            enemy=enemy), "flag")
        else:
            i, j = bad
            s.result = GameResult(
                other(side),
                msg("{side} reached the flag, but the line-up was out of order ({left} under Mission {i} stands "
                    "left of {right} under Mission {j}): the win is void and {enemy} wins.", side=who,
                    left=troop_label(me.slots[i]), i=i + 1, right=troop_label(me.slots[j]), j=j + 1, enemy=enemy),
                "flag_void",
            )
        self.emit("game_over", s.result.reason)

    # ----- a guess ---------------------------------------------------------------
    def resolve_guess(self, guesser: str, mission: int, guessed: int) -> None:
        s = self.state
        if guesser == "red":
            owner, o, g = "blue", s.blue, s.red
        else:
            owner, o, g = "red", s.red, s.blue
        rank = o.slots[mission]
        spy_before = s.spy  # S12: where this turn began, for the flag
        o.face_up[mission] = True
        o.known[mission] = False
        self._barrier_reason = _TURNED_UP  # self.reveal(_TURNED_UP), written out
        correct = guessed == rank
        if mission and not o.wrong_order and rank != SERGEANT:  # (Mission 1 has nothing left of it)
            self._check_wrong_order(owner, mission)
        # (counts as a correct guess, why the troop retreats); (False, "") means it activates
        if o.wrong_order:
            # Special rule 2: unmasked without its ability; the guesser scores only a right guess.
            counts_correct, reason = correct, _OUT_OF_ORDER
        elif rank != SERGEANT and (o.chips[mission] == 1) != (rank in self._cards[s.current_intel]):
            counts_correct, reason = True, _FALSE_INTEL  # special rule 1: false intelligence
        elif rank == MARSHAL or rank == BOMB or g.bomb_pending or correct:
            counts_correct, reason = self._retreat_reason(g, guesser, mission, rank, correct)
        else:
            counts_correct, reason = False, ""
        bomb_was_pending = g.bomb_pending
        g.bomb_pending = False  # the Bomb hits the next reveal, whatever it is (S6)
        outcome = "retreated" if reason else "activated"
        brief = _BRIEFS[rank]
        s.last_reveal = {"guesser": guesser, "side": owner, "mission": mission + 1, "troop": brief,
                         "guess": guessed, "correct": correct, "outcome": outcome,
                         "reason": str(reason) if reason else "guessed wrong",
                         "spy_before": spy_before}
        # One log line per reveal: the guess, the troop and what it does.
        self.emit_line((None, _reveal_event, guesser, owner, mission, guessed, rank, correct, reason, brief, outcome))
        if reason:
            o.retreated[mission] = True
            if o.deceived[mission] and not self.quiet:
                self.emit_line((None, _no_effect_event, owner))
            if counts_correct:
                if bomb_was_pending:
                    g.double_damage = True
                    if not self.quiet:
                        self.emit_line((None, _double_damage_event, guesser, owner))
                if g.scout_active:
                    self.add_ip(guesser, self._numbers["scout_guess_ip"], WHY_UNMASKED_SCOUT)
                else:
                    self.add_ip(guesser, self._numbers["correct_guess_ip"], WHY_UNMASKED)
            return
        o.activated[mission] = True
        deceived = o.deceived[mission]
        if not self.activate(owner, mission, rank, deceived) and deceived:
            self.deception_bonus(owner, mission)

    def _retreat_reason(self, g, guesser: str, mission: int, rank: int, correct: bool) -> tuple[bool, Message | str]:
        """(counts as a correct guess, why the troop retreats) for an unmasked `rank` under a line-up
        in order and true intelligence (resolve_guess checks those first); (False, "") means it
        activates. `g` is the guessing side's state."""
        if rank == MARSHAL and (g.slots[mission] == SPY or g.borrowed[mission] == SPY):
            return correct, self._encounter(guesser, mission, SPY, MARSHAL)  # S5
        if rank == BOMB and (g.slots[mission] == MINER or g.borrowed[mission] == MINER):
            return correct, self._encounter(guesser, mission, MINER, BOMB)  # S5
        if g.bomb_pending:  # S6: right or wrong
            return correct, said(("bomb went off", guesser), lambda: msg("{side}'s Bomb went off",
                                                                         side=side_name(guesser)))
        if correct:
            return True, _GUESSED
        return False, ""

    def _encounter(self, side: str, mission: int, rank: int, victim: int) -> Message:
        me = self.state.side(side)
        if not me.face_up[mission] and me.slots[mission] == rank:
            me.known[mission] = True  # S5: the encounter shows who stands there
        return said(("encounter", side, mission, rank, victim, me.slots[mission] != rank), lambda: encounter_words(
            side, mission, rank, victim, me.slots[mission] != rank))

    def _check_wrong_order(self, owner: str, mission: int) -> None:
        """Special rule 2: a revealed troop below an earlier revealed one (Sergeant excepted)."""
        s = self.state
        o = s.red if owner == "red" else s.blue
        rank = o.slots[mission]
        for i in range(mission):
            r = o.slots[i]
            if o.face_up[i] and r != SERGEANT and r > rank:
                undone = o.steps_today
                s.spy -= direction(owner) * undone
                gate = self._numbers["spaces_per_side"]
                s.spy = max(-gate, min(gate, s.spy))
                o.steps_today = 0
                o.tower = 0
                o.wrong_order = True
                text = msg("Wrong order: {side}'s {troop} under Mission {mission} stands right of the {other} under "
                           "Mission {i}.", side=side_name(owner), troop=troop_label(rank), mission=mission + 1,
                           other=troop_label(r), i=i + 1)
                self.emit("wrong_order", Joined([text, wrong_order_penalty(side_name(owner), undone)], " "),
                          side=owner, spy=s.spy)
                return

    # ----- abilities ---------------------------------------------------------------
    def activate(self, side: str, mission: int, rank: int, deceived: bool, via_captain: bool = False) -> bool:
        """Apply `rank`'s ability for `side`. True when it waits for the owner's choice."""
        s = self.state
        me = s.red if side == "red" else s.blue
        if rank == SPY:
            self.add_ip(side, 1, WHY_ABILITY[SPY])
            if s.result is None:
                self._gain_deception_chip(side)
        elif rank == SCOUT:
            self.add_ip(side, 2, WHY_ABILITY[SCOUT])
            me.scout_active = True
            if not self.quiet:
                self.emit_line((None, _scout_event, side, self._numbers["scout_guess_ip"]))
        elif rank == MINER:
            self.add_ip(side, 3, WHY_ABILITY[MINER])
        elif rank == SERGEANT:
            self.add_ip(side, 4, WHY_ABILITY[SERGEANT])
        elif rank == LIEUTENANT:
            self.move_spy(side, 1)
        elif rank == CAPTAIN and not via_captain and me.eliminated:
            s.pending = Pending("captain", side, mission, deceived)
            s.stage = "choice"
            return True
        elif rank == CAPTAIN:
            self.add_ip(side, 6, WHY_CAPTAIN)
        elif rank == BOMB:
            me.bomb_pending = True
            if not self.quiet:
                self.emit_line((None, _bomb_event, side))
        elif rank == COLONEL:
            self.add_ip(side, 8, WHY_COLONEL, carry=True)
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
        if s.deception_reserve > 0 and me.deception_chips < self._numbers["deception_chips_max_held"]:
            s.deception_reserve -= 1
            me.deception_chips += 1
            if not self.quiet:
                self.emit_line((None, _spy_chip_event, side, me.deception_chips))
        elif not self.quiet:
            self.emit_line((None, _no_spy_chip_event, side))

    def deception_bonus(self, side: str, mission: int) -> None:
        """S4: after a wrong guess on a bluffed troop, its activation is followed by +4 IP."""
        s = self.state
        if s.result is None and (s.red if side == "red" else s.blue).deceived[mission]:
            self.add_ip(side, self._numbers["deception_bonus_ip"], WHY_DECEPTION)


def spy_line(side: str, moved: int, spy: int, at_gate: bool) -> Message:
    """The log line of a double-spy move of `moved` steps by `side`, now at `spy`."""
    where = (msg("the neutral centre") if spy == 0 else
             msg("space {n} in {owner}'s territory", n=abs(spy), owner=side_name("blue" if spy > 0 else "red")))
    enemy = side_name(other(side))
    text = nmsg("The double spy moves {n} step toward {enemy}'s flag, to {where}.",
                "The double spy moves {n} steps toward {enemy}'s flag, to {where}.", moved,
                n=moved, enemy=enemy, where=where)
    if at_gate:
        text = Joined([text, msg("It stops at {enemy}'s gate: a move of {side}'s in a later turn takes the flag.",
                                 enemy=enemy, side=side_name(side))], " ")
    return text


def encounter_words(side: str, mission: int, rank: int, victim: int, via_captain: bool) -> Message:
    """Why a troop retreats from an encounter (S5): whom it met."""
    words = dict(side=side_name(side), troop=troop_label(rank), mission=mission + 1, victim=troop_name(victim))
    if via_captain:
        return msg("it meets {side}'s {troop} (through the Captain) under Mission {mission}: the {victim} retreats",
                   **words)
    return msg("it meets {side}'s {troop} under Mission {mission}: the {victim} retreats", **words)


def wrong_order_penalty(side: str, undone: int) -> Message:
    """What the wrong-order penalty does, in words: "Blue's 2 double-spy steps of today are undone, the
    tower goes back to 0, ..." (no "0 steps" line when the spy had not moved)."""
    if not undone:
        return msg("The tower goes back to 0, and the rest of today's troops are unmasked without abilities.")
    return nmsg("{side}'s {n} double-spy step of today is undone, the tower goes back to 0, and the rest of "
                "today's troops are unmasked without abilities.",
                "{side}'s {n} double-spy steps of today are undone, the tower goes back to 0, and the rest of "
                "today's troops are unmasked without abilities.", undone, side=side, n=undone)


def reveal_line(guesser: Message, owner: Message, mission: int, guessed: int, rank: int, correct: bool,
                reason) -> Message:
    """The one log line of a reveal: the guess, the troop, right or wrong, and what it does (a
    whole sentence for each case, so a translation can order its words freely)."""
    words = dict(guesser=guesser, owner=owner, mission=mission, guess=troop_label(guessed), troop=troop_label(rank))
    if reason and correct:
        return msg("{guesser} names {guess} for {owner}'s Mission {mission}: it is the {troop} - right; "
                   "it retreats ({reason}).", reason=reason, **words)
    if reason:
        return msg("{guesser} names {guess} for {owner}'s Mission {mission}: it is the {troop} - wrong; "
                   "it retreats ({reason}).", reason=reason, **words)
    if correct:
        return msg("{guesser} names {guess} for {owner}'s Mission {mission}: it is the {troop} - right; "
                   "it is activated.", **words)
    return msg("{guesser} names {guess} for {owner}'s Mission {mission}: it is the {troop} - wrong; "
               "it is activated.", **words)


# ----- the log lines, made when first read (core/events.LazyEvent) --------------------------
# Each takes only values fixed when the line was logged and returns (kind, text, data); the
# words are said() once (memo.py), with the keys the eager lines had.
def _ip_event(side: str, amount: int, why: Message):
    key = ("ip", side, amount, why.msgid)
    return "ip", SAID.get(key) or said(key, lambda: msg(
        "{side} +{amount} IP ({why}).", side=side_name(side), amount=amount, why=why)), {
        "side": side, "amount": amount}


def _infiltrate_event(side: str, target: int, day: int):
    return "infiltrate", said(("infiltrate", side, target, day), lambda: nmsg(
        "{side} reaches {target} IP and infiltrates: the double spy moves {n} step (day {day}).",
        "{side} reaches {target} IP and infiltrates: the double spy moves {n} steps (day {day}).", day,
        side=side_name(side), target=target, n=day, day=day)), {"side": side}


def _surplus_event(side: str, surplus: int):
    return "ip", said(("surplus", side, surplus), lambda: msg(
        "The Colonel keeps the surplus: {side}'s tower goes on to {surplus}.", side=side_name(side),
        surplus=surplus)), {"side": side, "amount": surplus}


def _spy_event(side: str, moved: int, spy: int, at_gate: bool):
    return "spy", said(("spy", side, moved, spy, at_gate), lambda: spy_line(side, moved, spy, at_gate)), {
        "side": side, "spy": spy}


def _reveal_event(guesser: str, owner: str, mission: int, guessed: int, rank: int, correct: bool, reason,
                  brief: dict, outcome: str):
    key = ("reveal", guesser, mission, guessed, rank, correct, id(reason))
    return "reveal", SAID.get(key) or said(key, lambda: reveal_line(
        side_name(guesser), side_name(owner), mission + 1, guessed, rank, correct, reason)), {
        "side": owner, "mission": mission + 1, "troop": brief, "guess": guessed, "correct": correct,
        "outcome": outcome}


def _no_effect_event(owner: str):
    return "deception", said(("no effect", owner), lambda: msg(
        "{side}'s deception chip has no effect and leaves the game.", side=side_name(owner))), {"side": owner}


def _double_damage_event(guesser: str, owner: str):
    return "bomb", said(("double damage", guesser), lambda: msg(
        "Double damage: {guesser} will draw 2 of {owner}'s troops for elimination at the end of "
        "the day.", guesser=side_name(guesser), owner=side_name(owner))), {"side": guesser}


def _scout_event(side: str, ip: int):
    return "scout", said(("scout", side), lambda: msg(
        "{side}'s Scout: every right guess today scores {ip} IP.", side=side_name(side), ip=ip)), {"side": side}


def _bomb_event(side: str):
    return "bomb", said(("bomb", side), lambda: msg(
        "{side}'s Bomb explodes: the next {enemy} troop {side} reveals today retreats.",
        side=side_name(side), enemy=side_name(other(side)))), {"side": side}


def _spy_chip_event(side: str, held: int):
    return "deception", said(("spy chip", side, held), lambda: msg(
        "{side}'s Spy brings a deception chip ({n} held).", side=side_name(side), n=held)), {"side": side}


def _no_spy_chip_event(side: str):
    return "deception", said(("no spy chip", side), lambda: msg(
        "{side}'s Spy brings no deception chip (reserve empty or 2 held).", side=side_name(side))), {"side": side}
