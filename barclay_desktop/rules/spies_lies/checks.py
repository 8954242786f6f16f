"""Consistency of a state: for loading hand-edited saves (check_state) and for self-play (check_invariants)."""

from __future__ import annotations

from barclay_desktop.rules.core import CorruptState

from .data import intel_cards, numbers
from .state import PHASES, SIDES


class Checks:
    def problems(self) -> list[str]:
        s = self.state
        n = numbers()
        out: list[str] = []
        if s.phase not in PHASES:
            return [f"unknown phase {s.phase!r}"]
        if not 1 <= s.day <= n["days"]:
            out.append(f"day {s.day} is outside 1-{n['days']}")
        if (s.phase == "over") != (s.result is not None):
            out.append("the game is over exactly when it has a result")
        for side in SIDES:
            out += self._side_problems(side)
        held = s.red.deception_chips + s.blue.deception_chips
        if s.deception_reserve < 0 or held + s.deception_reserve + s.deception_used != n["deception_chips_total"]:
            out.append(f"deception chips are not conserved (held {held}, reserve {s.deception_reserve}, used {s.deception_used})")
        cards = list(s.deck) + list(s.old_pile) + ([s.current_intel] if s.current_intel else [])
        if sorted(cards) != sorted(intel_cards()):
            out.append(f"the intelligence cards are not the six of ruling S2: {sorted(cards)}")
        if len(s.old_pile) != s.day:  # one card at setup, one more after each finished day
            out.append(f"the old-intelligence pile has {len(s.old_pile)} cards on day {s.day}")
        if s.result is None and len(s.history) != s.day - 1:
            out.append(f"{len(s.history)} finished days recorded on day {s.day}")
        gate = n["spaces_per_side"]
        if abs(s.spy) > gate:
            out.append(f"the double spy at {s.spy} is beyond a gate")
        if s.phase == "mission" and not 0 <= s.step < 8:
            out.append(f"mission step {s.step} outside 0-7")
        if s.phase == "mission" and (s.stage == "choice") != (s.pending is not None):
            out.append("a pending ability choice must match the 'choice' stage")
        if s.phase == "mission" and s.starter not in SIDES:
            out.append("the mission phase needs a starting side")
        if s.phase == "eliminate" and not s.picks:
            out.append("the elimination phase has no picks left")
        for p in s.picks:
            if p.picker not in SIDES or p.owner not in SIDES or p.picker == p.owner or not 1 <= p.count <= 2:
                out.append(f"bad elimination pick {p}")
        if s.phase in ("deploy", "intel", "mission") and s.done and any(x not in self.seats for x in s.done):
            out.append(f"unknown seats in {s.done}")
        return out

    def _side_problems(self, side: str) -> list[str]:
        s = self.state
        me = s.side(side)
        out = []
        places = me.hand + me.eliminated + [r for r in me.slots if r] + me.pool + me.picked
        if sorted(places) != list(range(1, 11)):
            out.append(f"{side}'s troops are not each in exactly one place: {sorted(places)}")
        if not 0 <= me.tower < numbers()["infiltration_target"]:
            out.append(f"{side}'s tower at {me.tower}")
        if not 0 <= me.deception_chips <= numbers()["deception_chips_max_held"]:
            out.append(f"{side} holds {me.deception_chips} deception chips")
        if me.chips.count(1) > numbers()["intel_chips_per_side"]:
            out.append(f"{side} has more intelligence chips out than it owns")
        for name in ("slots", "face_up", "known", "retreated", "activated", "borrowed", "chips", "deceived"):
            if len(getattr(me, name)) != 4:
                out.append(f"{side}.{name} must have 4 entries")
        if s.phase in ("intel", "mission") and not all(me.slots):
            out.append(f"{side} has an empty mission in the {s.phase} phase")
        if s.phase in ("deploy", "intel", "mission") and (me.pool or me.picked or not 1 <= len(me.eliminated) <= 2):
            out.append(f"{side} has a wrong number of eliminated troops during day {s.day}")
        if s.phase == "mission" and any(c not in (0, 1) for c in me.chips):
            out.append(f"{side} has undecided intelligence chips in the mission phase")
        return out

    def check_state(self) -> None:
        problems = self.problems()
        if problems:
            raise CorruptState("impossible Spies & Lies state: " + "; ".join(problems))

    def check_invariants(self) -> None:
        problems = self.problems()
        assert not problems, problems

    def summary(self) -> dict:
        s = self.state
        return {"day": s.day, "phase": s.phase, "ip": {side: s.side(side).tower for side in SIDES}, "spy": s.spy,
                "deception_chips": {side: s.side(side).deception_chips for side in SIDES}}
