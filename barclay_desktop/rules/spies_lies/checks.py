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
        """Every broken invariant, as Messages a player may read on the Load screen (empty for a
        sound state): what is wrong in words, without Python's reprs or the rulings' ids."""
        s = self.state
        if s.phase not in PHASES:
            return [msg("the game is in an unknown phase")]
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
            out.append(msg("day {day} is outside 1-{days}", day=s.day, days=n["days"]))
        if (s.phase == "over") != (s.result is not None):
            out.append(msg("the game has a result but is not over, or is over without one"))
        held = s.red.deception_chips + s.blue.deception_chips
        if min(s.deception_reserve, s.deception_used) < 0 or \
                held + s.deception_reserve + s.deception_used != n["deception_chips_total"]:
            out.append(msg("the deception chips do not add up (held {held}, in reserve {reserve}, used {used})",
                           held=held, reserve=s.deception_reserve, used=s.deception_used))
        cards = list(s.deck) + list(s.old_pile) + ([s.current_intel] if s.current_intel else [])
        if sorted(cards) != sorted(intel_cards()):
            out.append(msg("the intelligence cards are not the six of the game"))
        if len(s.old_pile) != s.day:  # one card at setup, one more after each finished day
            out.append(nmsg("the old-intelligence pile has {n} card on day {day}",
                            "the old-intelligence pile has {n} cards on day {day}", len(s.old_pile),
                            n=len(s.old_pile), day=s.day))
        if bool(s.current_intel) != (s.phase in ("intel", "mission", "over")):
            out.append(msg("the day's intelligence card is face up in the wrong phase"))
        if abs(s.spy) > n["spaces_per_side"]:
            out.append(msg("the double spy stands beyond a gate"))
        if s.starter not in SIDES + ("",) or s.first_starter not in SIDES + ("",):
            out.append(msg("the starting side is unknown"))
        if s.phase in ("deploy", "intel") and any(x not in self.seats for x in s.done):
            out.append(msg("a seat that is not in this game is marked as done"))
        return out

    def _history_problems(self) -> list[str]:
        s = self.state
        out = []
        # Saves from before the history existed have fewer entries; more is impossible.
        if len(s.history) > s.day - 1:
            out.append(_days_recorded(len(s.history), s.day))
        for day in s.history:
            if len(day) != 2 or any(len(set(lineup)) != 4 or not set(lineup) <= set(range(1, 11)) for lineup in day):
                out.append(msg("a finished day's line-ups are not two sets of four ranks"))
        return out

    def _mission_problems(self) -> list[str]:
        s = self.state
        out = []
        if not 0 <= s.step < 8 or s.stage not in STAGES or s.starter not in SIDES:
            return [msg("the mission step is impossible")]
        if (s.stage == "choice") != (s.pending is not None):
            out.append(msg("a pending ability choice does not match the mission step"))
        p = s.pending
        if p is not None and (p.kind not in ("captain", "marshal") or p.side not in SIDES or not 0 <= p.mission < 4):
            out.append(msg("a pending ability choice is damaged"))
        for k in range(8):
            m, _, defender = self._step_parts(k)
            revealed = s.side(defender).face_up[m]
            should = k < s.step or (k == s.step and s.stage == "choice")
            if revealed != should:
                out.append(msg("{side}: Mission {m} is face up or face down at the wrong time",
                               side=side_word(defender), m=m + 1))
        return out

    def _step_parts(self, step: int) -> tuple[int, str, str]:
        s = self.state
        guesser = s.starter if step % 2 == 0 else ("blue" if s.starter == "red" else "red")
        return step // 2, guesser, ("blue" if guesser == "red" else "red")

    def _elimination_problems(self) -> list[str]:
        s = self.state
        if not s.picks:
            return [msg("the elimination phase has no draws left")]
        out = []
        for p in s.picks:
            if p.picker not in SIDES or p.owner not in SIDES or p.picker == p.owner or not 1 <= p.count <= 2:
                out.append(msg("an elimination draw is damaged"))
            elif p.count > len(s.side(p.owner).pool):
                out.append(msg("{side}: to draw more troops than the opponent has left", side=side_word(p.picker)))
        return out

    def _side_problems(self, side: str) -> list[str]:
        s = self.state
        me = s.side(side)
        n = numbers()
        out = []
        who = side_word(side)
        for name in ("slots", "borrowed", "chips") + FLAGS:
            if len(getattr(me, name)) != 4:
                return [msg("{side}: the four missions are damaged", side=who)]
        places = me.hand + me.eliminated + [r for r in me.slots if r] + me.pool + me.picked
        if sorted(places) != list(range(1, 11)):
            out.append(msg("{side}: the troops are not each in exactly one place", side=who))
        if not 0 <= me.tower < n["infiltration_target"]:
            out.append(msg("{side}: the tower is outside 0-{top}", side=who, top=n["infiltration_target"] - 1))
        if not 0 <= me.deception_chips <= n["deception_chips_max_held"]:
            out.append(msg("{side}: an impossible number of deception chips", side=who))
        if any(c not in (-1, 0, 1) for c in me.chips) or me.chips.count(1) > n["intel_chips_per_side"]:
            out.append(msg("{side}: the intelligence chips are impossible", side=who))
        if any(b and (b not in me.eliminated or me.slots[m] != 6) for m, b in enumerate(me.borrowed)):
            out.append(msg("{side}: the Captain used a troop that is not eliminated", side=who))
        for m in range(4):
            if not me.slots[m] and any(getattr(me, f)[m] for f in FLAGS):
                out.append(msg("{side}: the empty Mission {m} carries a mark", side=who, m=m + 1))
            if (me.retreated[m] or me.activated[m]) and not me.face_up[m] or me.retreated[m] and me.activated[m]:
                out.append(msg("{side}: Mission {m} is both retreated and activated, or marked while face down",
                               side=who, m=m + 1))
        if s.phase in ("intel", "mission") and not all(me.slots):
            out.append(msg("{side}: a mission is empty after deployment", side=who))
        if s.phase in ("deploy", "intel", "mission") and (me.pool or me.picked or not 1 <= len(me.eliminated) <= 2):
            out.append(msg("{side}: a wrong number of eliminated troops on day {day}", side=who, day=s.day))
        if s.phase in ("deploy", "intel") and any(getattr(me, f)[m] for f in FLAGS for m in range(4)):
            out.append(msg("{side}: troops are marked before the mission phase", side=who))
        if s.phase == "mission" and any(c not in (0, 1) for c in me.chips):
            out.append(msg("{side}: undecided intelligence chips in the mission phase", side=who))
        return out

    def check_state(self) -> None:
        try:
            problems = self.problems()
        except (TypeError, ValueError, IndexError, KeyError, AttributeError) as exc:
            # Python's own words stay on the chained exception, for developers
            raise CorruptState(msg("impossible Spies & Lies state: it cannot even be checked")) from exc
        if problems:
            raise CorruptState(msg("impossible Spies & Lies state: {problems}", problems=problem_list(problems)))

    def check_invariants(self) -> None:
        problems = self.problems()
        s = self.state
        if s.result is None and len(s.history) != s.day - 1:
            problems.append(_days_recorded(len(s.history), s.day))
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


def side_word(side: str) -> str:
    """A side by its name, as a Message ("Red", "Blue")."""
    return msg("Red") if side == "red" else msg("Blue")


def problem_list(problems: list[str], shown: int = 3) -> str:
    """The first few problems of a damaged state, "; "-joined, and how many more there are: the
    Load screen has a few lines for the reason, and the first problem is usually the cause."""
    more = len(problems) - shown
    parts = list(problems[:shown])
    if more > 0:
        parts.append(nmsg("and {n} more problem", "and {n} more problems", more, n=more))
    return Joined(parts, "; ")


def _days_recorded(count: int, day) -> str:
    return nmsg("{n} finished day recorded on day {day}", "{n} finished days recorded on day {day}", count,
                n=count, day=day)


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
