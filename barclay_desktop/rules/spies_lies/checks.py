"""Consistency of a state: for loading hand-edited saves (check_state) and for self-play (check_invariants)."""

from __future__ import annotations

from barclay_desktop.rules.core import CorruptState
from ..core.message import Joined, msg, nmsg, pmsg
from .data import intel_cards, numbers
from .state import PHASES, SIDES

STAGES = ("offer", "guess", "choice")
FLAGS = ("face_up", "known", "retreated", "activated", "deceived")


class Checks:
    def problems(self) -> list[str]:
        """Every broken invariant, as readable text (empty for a sound state)."""
        s = self.state
        if s.phase not in PHASES:
            return [f"unknown phase {s.phase!r}"]
        out: list[str] = []
        for side in SIDES:
            out += self._side_problems(side)
        if out:  # the rest reads the sides' lists, so stop at broken shapes
            return out
        out += self._game_problems()
        out += self._history_problems()
        if s.phase == "mission":
            out += self._mission_problems()
        if s.phase == "eliminate":
            out += self._elimination_problems()
        return out

    def _game_problems(self) -> list[str]:
        s = self.state
        n = numbers()
        out = []
        if not 1 <= s.day <= n["days"]:
            out.append(f"day {s.day} is outside 1-{n['days']}")
        if (s.phase == "over") != (s.result is not None):
            out.append("the game is over exactly when it has a result")
        held = s.red.deception_chips + s.blue.deception_chips
        if min(s.deception_reserve, s.deception_used) < 0 or \
                held + s.deception_reserve + s.deception_used != n["deception_chips_total"]:
            out.append(f"deception chips are not conserved (held {held}, reserve {s.deception_reserve}, "
                       f"used {s.deception_used})")
        cards = list(s.deck) + list(s.old_pile) + ([s.current_intel] if s.current_intel else [])
        if sorted(cards) != sorted(intel_cards()):
            out.append(f"the intelligence cards are not the six of ruling S2: {sorted(cards)}")
        if len(s.old_pile) != s.day:  # one card at setup, one more after each finished day
            out.append(f"the old-intelligence pile has {len(s.old_pile)} cards on day {s.day}")
        if bool(s.current_intel) != (s.phase in ("intel", "mission", "over")):
            out.append("the day's intelligence card is turned from the intelligence phase on, and only then")
        if abs(s.spy) > n["spaces_per_side"]:
            out.append(f"the double spy at {s.spy} is beyond a gate")
        if s.starter not in SIDES + ("",) or s.first_starter not in SIDES + ("",):
            out.append(f"unknown starting side {s.starter!r}")
        if s.phase in ("deploy", "intel") and any(x not in self.seats for x in s.done):
            out.append(f"unknown seats in {s.done}")
        return out

    def _history_problems(self) -> list[str]:
        s = self.state
        out = []
        # Saves from before the history existed have fewer entries; more is impossible.
        if len(s.history) > s.day - 1:
            out.append(f"{len(s.history)} finished days recorded on day {s.day}")
        for day in s.history:
            if len(day) != 2 or any(len(set(lineup)) != 4 or not set(lineup) <= set(range(1, 11)) for lineup in day):
                out.append(f"a finished day's line-ups are not two sets of 4 ranks: {day}")
        return out

    def _mission_problems(self) -> list[str]:
        s = self.state
        out = []
        if not 0 <= s.step < 8 or s.stage not in STAGES or s.starter not in SIDES:
            return [f"mission step {s.step} / stage {s.stage!r} / starter {s.starter!r} is impossible"]
        if (s.stage == "choice") != (s.pending is not None):
            out.append("a pending ability choice must match the 'choice' stage")
        p = s.pending
        if p is not None and (p.kind not in ("captain", "marshal") or p.side not in SIDES or not 0 <= p.mission < 4):
            out.append(f"impossible pending choice {p}")
        for k in range(8):
            m, _, defender = self._step_parts(k)
            revealed = s.side(defender).face_up[m]
            should = k < s.step or (k == s.step and s.stage == "choice")
            if revealed != should:
                out.append(f"{defender}'s Mission {m + 1} face-up state does not match mission step {s.step}")
        return out

    def _step_parts(self, step: int) -> tuple[int, str, str]:
        s = self.state
        guesser = s.starter if step % 2 == 0 else ("blue" if s.starter == "red" else "red")
        return step // 2, guesser, ("blue" if guesser == "red" else "red")

    def _elimination_problems(self) -> list[str]:
        s = self.state
        if not s.picks:
            return ["the elimination phase has no picks left"]
        out = []
        for p in s.picks:
            if p.picker not in SIDES or p.owner not in SIDES or p.picker == p.owner or not 1 <= p.count <= 2:
                out.append(f"bad elimination pick {p}")
            elif p.count > len(s.side(p.owner).pool):
                out.append(f"{p.picker} is to draw {p.count} of {len(s.side(p.owner).pool)} cards")
        return out

    def _side_problems(self, side: str) -> list[str]:
        s = self.state
        me = s.side(side)
        n = numbers()
        out = []
        for name in ("slots", "borrowed", "chips") + FLAGS:
            if len(getattr(me, name)) != 4:
                return [f"{side}.{name} must have 4 entries"]
        places = me.hand + me.eliminated + [r for r in me.slots if r] + me.pool + me.picked
        if sorted(places) != list(range(1, 11)):
            out.append(f"{side}'s troops are not each in exactly one place: {sorted(places)}")
        if not 0 <= me.tower < n["infiltration_target"]:
            out.append(f"{side}'s tower at {me.tower}")
        if not 0 <= me.deception_chips <= n["deception_chips_max_held"]:
            out.append(f"{side} holds {me.deception_chips} deception chips")
        if any(c not in (-1, 0, 1) for c in me.chips) or me.chips.count(1) > n["intel_chips_per_side"]:
            out.append(f"{side}'s intelligence chips {me.chips} are impossible")
        if any(b and (b not in me.eliminated or me.slots[m] != 6) for m, b in enumerate(me.borrowed)):
            out.append(f"{side}'s Captain used a troop that is not eliminated: {me.borrowed}")
        for m in range(4):
            if not me.slots[m] and any(getattr(me, f)[m] for f in FLAGS):
                out.append(f"{side}'s empty Mission {m + 1} carries a mark")
            if (me.retreated[m] or me.activated[m]) and not me.face_up[m] or me.retreated[m] and me.activated[m]:
                out.append(f"{side}'s Mission {m + 1} is both retreated and activated, or neither face-up")
        if s.phase in ("intel", "mission") and not all(me.slots):
            out.append(f"{side} has an empty mission in the {s.phase} phase")
        if s.phase in ("deploy", "intel", "mission") and (me.pool or me.picked or not 1 <= len(me.eliminated) <= 2):
            out.append(f"{side} has a wrong number of eliminated troops during day {s.day}")
        if s.phase in ("deploy", "intel") and any(getattr(me, f)[m] for f in FLAGS for m in range(4)):
            out.append(f"{side}'s troops are marked before the mission phase")
        if s.phase == "mission" and any(c not in (0, 1) for c in me.chips):
            out.append(f"{side} has undecided intelligence chips in the mission phase")
        return out

    def check_state(self) -> None:
        try:
            problems = self.problems()
        except (TypeError, ValueError, IndexError, KeyError, AttributeError) as exc:
            raise CorruptState(f"impossible Spies & Lies state: it cannot even be checked ({exc!r})") from exc
        if problems:
            raise CorruptState("impossible Spies & Lies state: " + "; ".join(problems))

    def check_invariants(self) -> None:
        problems = self.problems()
        s = self.state
        if s.result is None and len(s.history) != s.day - 1:
            problems.append(f"{len(s.history)} finished days recorded on day {s.day}")
        assert not problems, problems

    def summary(self) -> dict:
        s = self.state
        return {"day": s.day, "phase": s.phase, "ip": {side: s.side(side).tower for side in SIDES}, "spy": s.spy,
                "deception_chips": {side: s.side(side).deception_chips for side in SIDES}}

    STEP_WORDS = {"eliminate": pmsg("game step", "eliminations"), "deploy": pmsg("game step", "deployment"),
                  "intel": pmsg("game step", "intelligence chips"), "mission": pmsg("game step", "missions"),
                  "over": pmsg("game step", "finished")}

    @classmethod
    def summary_rows(cls, summary: dict) -> list[tuple[str, str]]:
        rows = []
        for key, label in (("ip", msg("Infiltration points")), ("deception_chips", msg("Deception chips held"))):
            value = summary.get(key)
            if isinstance(value, dict):
                rows.append((label, side_tally({side: value[side] for side in SIDES if side in value})))
        spy = summary.get("spy")
        if isinstance(spy, int) and not isinstance(spy, bool):
            rows.append((msg("Double spy"), spy_place(spy)))
        return rows


def spy_place(spy: int) -> str:
    """The double spy's place in words (positive is Blue's territory): 'on the neutral centre',
    '2 spaces into Blue's territory'."""
    if spy == 0:
        return msg("on the neutral centre")
    n, owner = abs(spy), msg("Blue") if spy > 0 else msg("Red")
    return nmsg("{n} space into {owner}'s territory", "{n} spaces into {owner}'s territory", n, n=n, owner=owner)


def side_tally(values: dict) -> str:
    """'Red 6, Blue 5': each side by its name (a Message) and its number."""
    return Joined([msg("{side} {n}", side=msg("Red") if side == "red" else msg("Blue"), n=n)
                   for side, n in values.items()], ", ")
