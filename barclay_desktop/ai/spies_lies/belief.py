"""Determinization: a full Spies & Lies game sampled to agree with one seat's view.

Input is only `view(seat)`. Everything public is copied (track, towers, chips, day,
step, face-up and publicly known troops, eliminated troops, the history, the old
intelligence pile). What the seat cannot see is sampled:
- every face-down troop it cannot see (the enemy's, and in team play the partner's) is
  drawn with its whole line-up from `knowledge.lineups`: the ranks not eliminated nor
  shown, in order (Sergeant excepted), agreeing with the intelligence chips (strict mode:
  truthful but for the Sergeant, who lies with probability SERGEANT_LIE);
- a hidden hand is what is left of the side's ten troops;
- enemy chips still hidden during the intelligence phase are set as that seat would
  have set them (truth; a Sergeant lies sometimes), or left undecided if it has not yet;
- the face-down intelligence deck is shuffled, elimination pools are shuffled;
- the game gets a fresh random generator (the start card, end-of-day shuffles).
"""

from __future__ import annotations

import random

from barclay_desktop.rules.core import Rng
from barclay_desktop.rules.spies_lies.data import intel_cards
from barclay_desktop.rules.spies_lies.game import SpiesLiesGame
from barclay_desktop.rules.spies_lies.state import SIDES, Pending, Pick, SideState, SpiesLiesState, other

from .easy import side_facts
from .knowledge import HIDDEN, RANKS, SERGEANT, SERGEANT_LIE, lineup_prior, sample_lineup

DECEPTION_TOTAL = 4


def seat_order(view: dict) -> list[str]:
    first = view["starter"] or "red"
    sides = (first, other(first))
    if not view["options"]["teams"]:
        return list(sides)
    return [side + k for side in sides for k in "12"]


def seat_missions(seat: str, teams: bool) -> range:
    if not teams:
        return range(4)
    return range(0, 2) if seat.endswith("1") else range(2, 4)


class Belief:
    def __init__(self, view: dict, prior: bool = False):
        """`prior`: sample the enemy's line-up as computer players usually line up
        (`knowledge.lineup_prior`, two-player games) instead of every possible one alike."""
        self.view = v = view
        self.seat = v["seat"]
        self.me = v["my_side"]
        self.teams = v["options"]["teams"]
        self.strict = not v["options"]["open_table"]
        cur = v["intelligence"]["current"]
        self.card_id = cur["card"] if cur else ""
        self.card = frozenset(cur["ranks"]) if cur else frozenset()
        used = {c["card"] for c in v["intelligence"]["old_pile"]} | ({self.card_id} if self.card_id else set())
        self.deck = sorted(c for c in intel_cards() if c not in used)
        self.facts = {side: side_facts(v, side) for side in SIDES}
        habits = lineup_prior(v["day"]) if prior and not self.teams else None
        if habits is not None:
            enemy = other(self.me)
            self.facts[enemy] = self.facts[enemy] + (habits,)
        self.hidden = {side: any(r == HIDDEN for r in self.facts[side][0]) for side in SIDES}
        self.order = seat_order(v)
        self.double = self._double_damage()
        self._fixed = {side: self._fixed_side(side) for side in SIDES}
        self._template = self._fixed_state()

    def _fixed_side(self, side: str) -> dict:
        """What `_side` copies from the view whatever it samples (worked out once)."""
        v = self.view
        sv = v["sides"][side]
        mv = sv["missions"]
        pool: list[int] = []
        picked = [t["rank"] for t in sv["eliminated_next_day"]]
        if sv["face_down_pool"]:
            if v["day"] == 1:
                pool = [r for r in RANKS if r not in picked]
            else:
                last = [t["rank"] for t in v["history"][-1][side]]
                pool = [r for r in last if r not in picked]
        if sv["hand"] is not None:
            hand = sorted(t["rank"] for t in sv["hand"])
        elif v["phase"] == "eliminate" and v["day"] == 1:
            hand = []
        else:
            hand = None  # what the sampled line-up leaves
        return {
            "eliminated": sorted(t["rank"] for t in sv["eliminated"]),
            "picked": picked,
            "slots": [mv[m]["troop"]["rank"] if mv[m]["troop"] else 0 for m in range(4)],
            "pool": pool,
            "hand": hand,
            "chips": [-1 if m["intel_chip"] is None else int(m["intel_chip"]) for m in mv],
            "hidden_chips": v["phase"] == "intel" and side != self.me,
            "face_up": [m["face_up"] for m in mv],
            "known": [m["known"] for m in mv],
            "retreated": [m["retreated"] for m in mv],
            "activated": [m["activated"] for m in mv],
            "borrowed": [m["borrowed"]["rank"] if m["borrowed"] else 0 for m in mv],
            "deceived": [m["deception_chip"] for m in mv],
            "numbers": (sv["tower"], sv["deception_chips"], sv["scout_active"], sv["bomb_pending"],
                        sv["double_damage"], sv["wrong_order"], sv["spy_steps_today"]),
        }

    def _fixed_state(self) -> tuple:
        """What `sample` copies from the view into every state (worked out once)."""
        v = self.view
        starter = v["starter"] or ""
        step, stage = 0, "offer"
        ms = v["mission_step"]
        if ms is not None:
            step = 2 * (ms["mission"] - 1) + (0 if ms["guesser"] == starter else 1)
            stage = ms["stage"]
        p = v["pending"]
        pending = None
        if p is not None:
            m = p["mission"] - 1
            pending = (p["kind"], p["side"], m, v["sides"][p["side"]]["missions"][m]["deception_chip"])
        held = sum(v["sides"][s]["deception_chips"] for s in SIDES)
        done = []
        if v["phase"] == "deploy":
            cur = v["current_seat"]
            done = self.order[: self.order.index(cur)] if cur in self.order else []
        return (starter, step, stage, pending, held, done,
                [c["card"] for c in v["intelligence"]["old_pile"]],
                [[[t["rank"] for t in d["red"]], [t["rank"] for t in d["blue"]]] for d in v["history"]])

    def _double_damage(self) -> set:
        """Sides that earned double damage on the day that just ended (from the public log)."""
        log = self.view.get("log") or []
        ends = [i for i, e in enumerate(log) if e["kind"] == "day_end"]
        if not ends:
            return set()
        lo = ends[-2] if len(ends) > 1 else 0
        return {e["data"].get("side") for e in log[lo:ends[-1]] if e["kind"] == "bomb" and e["text"].startswith("Double damage")}

    def sample(self, rng: random.Random, cls=SpiesLiesGame) -> SpiesLiesGame:
        v = self.view
        phase = v["phase"]
        red = self._side("red", rng)  # red's draws come first
        blue = self._side("blue", rng)
        deck = list(self.deck)
        rng.shuffle(deck)
        starter, step, stage, pending, held, done, old_pile, history = self._template
        state = SpiesLiesState(  # positional, in the order of the fields (as SpiesLiesState.clone)
            Rng.from_seed(rng.getrandbits(64)),  # rng
            [],  # log
            None,  # result
            self.teams,
            not self.strict,  # open_table
            v["day"],
            phase,
            starter,
            (starter if v["day"] % 2 == 1 else other(starter)) if starter else "",  # first_starter
            step,
            stage,
            None if pending is None else Pending(*pending),
            deck,
            list(old_pile),
            self.card_id,  # current_intel
            v["deception_reserve"],
            DECEPTION_TOTAL - v["deception_reserve"] - held,  # deception_used
            list(done),
            self._picks(),
            v["track"]["spy"],
            red,
            blue,
            None if v["last_reveal"] is None else dict(v["last_reveal"]),
            [[list(red_line), list(blue_line)] for red_line, blue_line in history],
        )
        game = cls(state, track_undo=False)
        game.quiet = True  # a search copy: nobody reads its log
        return game

    def _picks(self) -> list:
        e = self.view["elimination"]
        if e is None:
            return []
        picks = [Pick(e["picker"], e["owner"], e["picks_left"])]
        day, starter = self.view["day"], self.view["starter"]
        first = "red" if day == 1 else other(starter)
        if e["picker"] == first:
            second = other(first)
            picks.append(Pick(second, first, 2 if second in self.double else 1))
        return picks

    def _side(self, side: str, rng: random.Random) -> SideState:
        f = self._fixed[side]
        eliminated, picked = f["eliminated"], f["picked"]
        slots = f["slots"]
        if self.hidden[side]:
            line = sample_lineup(self.facts[side], rng)
            slots = [r if r > 0 else 0 for r in line]
        else:
            slots = list(slots)
        pool = list(f["pool"])
        if pool:
            rng.shuffle(pool)
        hand = f["hand"]
        if hand is None:
            gone = set(eliminated) | set(slots) | set(pool) | set(picked)
            hand = [r for r in RANKS if r not in gone]
        else:
            hand = list(hand)
        chips = list(f["chips"])
        if f["hidden_chips"]:
            self._hidden_chips(side, slots, chips, rng)
        return SideState(hand, list(eliminated), slots, list(f["face_up"]), list(f["known"]), list(f["retreated"]),
                         list(f["activated"]), list(f["borrowed"]), chips, list(f["deceived"]), *f["numbers"], pool,
                         list(picked))

    def _hidden_chips(self, side: str, slots: list, chips: list, rng: random.Random) -> None:
        """The enemy's chips during the intelligence phase, as its seats would have set them."""
        cur = self.view["current_seat"]
        at = self.order.index(cur) if cur in self.order else len(self.order)
        card = self.card
        for seat in (side + k for k in "12") if self.teams else (side,):
            decided = self.order.index(seat) < at
            mine = seat_missions(seat, self.teams)
            if self.strict:
                sergeant = next((m for m in mine if slots[m] == SERGEANT), None)
                open_m = sergeant if sergeant is not None else mine[0]
            for m in mine:
                truth = 1 if slots[m] in card else 0
                if self.strict and m != open_m:
                    chips[m] = truth
                elif not decided:
                    chips[m] = -1
                elif slots[m] == SERGEANT and rng.random() < SERGEANT_LIE:
                    chips[m] = 1 - truth
                else:
                    chips[m] = truth
