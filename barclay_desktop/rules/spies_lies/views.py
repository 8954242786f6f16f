"""What each seat may see (view), the one-line prompt, and the leak probes.

Visibility: a seat sees its own troops; the other side's troops only once
face-up or publicly known (S5); team partners see each other's troops only
while the Missions 3-4 player deploys (S7)."""

from __future__ import annotations

from barclay_desktop.rules.core.words import count

from .data import intel_cards, numbers, troop_brief, troop_id, troop_label, troop_public
from .lineup import SERGEANT, out_of_order
from .resolve import side_name
from .state import SIDES


class Views:
    # ----- visibility -------------------------------------------------------------
    def sees_slot(self, seat: str | None, side: str, m: int) -> bool:
        s = self.state
        me = s.side(side)
        if me.face_up[m] or me.known[m]:
            return True
        if seat is None or self.side_of(seat) != side:
            return False
        if not s.teams or m in self.missions_of(seat):
            return True
        # S7: the Missions 3-4 player sees the partner's two troops while deploying, once.
        return seat.endswith("2") and s.phase == "deploy" and self.current_seat() == seat

    def sees_hand(self, seat: str | None, side: str) -> bool:
        if seat is None or self.side_of(seat) != side:
            return False
        # Team partners share one hand; each sees it only on their own deploy turn, so the
        # Missions 1-2 player cannot work out the partner's picks from what is left (S7).
        return not self.state.teams or (self.state.phase == "deploy" and self.current_seat() == seat)

    def sees_chips(self, seat: str | None, side: str) -> bool:
        """Chips are placed simultaneously: the other side's show once the intelligence phase ends."""
        return self.state.phase != "intel" or (seat is not None and self.side_of(seat) == side)

    def leak_probes(self, seat: str | None) -> list[str]:
        s = self.state
        probes = list(s.deck)  # face-down intelligence cards
        for side in SIDES:
            me = s.side(side)
            for m, rank in enumerate(me.slots):
                if rank and not self.sees_slot(seat, side, m):
                    probes.append(troop_id(side, rank))
            if not self.sees_hand(seat, side):
                probes += [troop_id(side, r) for r in me.hand]
        return probes

    # ----- the view ----------------------------------------------------------------
    def _view(self, seat: str | None) -> dict:
        s = self.state
        n = numbers()
        m_step = None
        if s.phase == "mission" and s.result is None:
            m, guesser, defender = self.mission_step()
            m_step = {"mission": m + 1, "guesser": guesser, "guesser_seat": self.seat_for(guesser, m),
                      "defender": defender, "defender_seat": self.seat_for(defender, m), "stage": s.stage,
                      "deception_chip": s.side(defender).deceived[m]}
        return {
            "title": self.TITLE,
            "options": {"teams": s.teams, "open_table": s.open_table},
            "mode": "open_table" if s.open_table else "strict",
            "seats": list(self.seats),
            "my_side": None if seat is None else self.side_of(seat),
            "my_missions": [] if seat is None else [m + 1 for m in self.missions_of(seat)],
            "prompt": self.prompt(seat),
            "day": s.day,
            "days": n["days"],
            "phase": s.phase,
            "starter": s.starter or None,
            "mission_step": m_step,
            "track": {"spaces_per_side": n["spaces_per_side"], "gate": n["spaces_per_side"],
                      "flag": n["spaces_per_side"] + 1, "spy": s.spy,
                      "toward": {"red": 1, "blue": -1},
                      "note": "spy > 0 is in blue's territory (red attacks +), spy < 0 in red's"},
            "scores": {side: s.side(side).tower for side in SIDES},
            "infiltration_target": n["infiltration_target"],
            "deception_reserve": s.deception_reserve,
            "intelligence": {
                "current": self._intel_public(s.current_intel) if s.current_intel else None,
                "old_pile": [self._intel_public(c) for c in s.old_pile],
                "deck_count": len(s.deck),
            },
            "sides": {side: self._side_view(seat, side) for side in SIDES},
            "pending": self._pending_view(),
            "elimination": self._elimination_view(),
            "last_reveal": s.last_reveal,
            "history": [{"day": d, "red": [troop_brief(r) for r in red], "blue": [troop_brief(r) for r in blue]}
                        for d, (red, blue) in enumerate(s.history, start=1)],
        }

    @staticmethod
    def _intel_public(card: str) -> dict:
        return {"card": card, "ranks": list(intel_cards()[card])}

    def _side_view(self, seat: str | None, side: str) -> dict:
        s = self.state
        me = s.side(side)
        sees_hand = self.sees_hand(seat, side)
        return {
            "side": side,
            "name": side_name(side),
            "tower": me.tower,
            "deception_chips": me.deception_chips,
            "intel_chips_left": self.intel_chips_left(side) if self.sees_chips(seat, side) else None,
            "eliminated": [troop_public(side, r) for r in me.eliminated],
            "eliminated_next_day": [troop_public(side, r) for r in me.picked],
            "hand": [troop_public(side, r) for r in me.hand] if sees_hand else None,
            "hand_count": len(me.hand),
            "face_down_pool": len(me.pool),
            "missions": [self._slot_view(seat, side, m) for m in range(4)],
            "scout_active": me.scout_active,
            "bomb_pending": me.bomb_pending,
            "double_damage": me.double_damage,
            "wrong_order": me.wrong_order,
            "spy_steps_today": me.steps_today,
            # open table (S9): the owner sees which two missions break the order while deploying
            "order_conflict": list(out_of_order(me.slots) or ()) if sees_hand and s.phase == "deploy" else [],
        }

    def _slot_view(self, seat: str | None, side: str, m: int) -> dict:
        s = self.state
        me = s.side(side)
        rank = me.slots[m]
        shown = bool(rank) and self.sees_slot(seat, side, m)
        chip = me.chips[m]
        targeted = False
        if s.phase == "mission" and s.result is None:
            tm, _, defender = self.mission_step()
            targeted = tm == m and defender == side
        return {
            "mission": m + 1,
            "seat": self.seat_for(side, m),
            "occupied": bool(rank),
            "troop": troop_public(side, rank) if shown else None,
            "face_up": me.face_up[m],
            "known": me.known[m],
            "retreated": me.retreated[m],
            "activated": me.activated[m],
            "borrowed": troop_public(side, me.borrowed[m]) if me.borrowed[m] else None,
            "intel_chip": None if chip < 0 or not self.sees_chips(seat, side) else chip == 1,
            "deception_chip": me.deceived[m],
            "targeted": targeted,
        }

    def _pending_view(self) -> dict | None:
        p = self.state.pending
        if p is None:
            return None
        d = {"kind": p.kind, "side": p.side, "seat": self.seat_for(p.side, p.mission), "mission": p.mission + 1}
        if p.kind == "captain":
            d["options"] = ["points"] + [troop_label(r) for r in sorted(self.state.side(p.side).eliminated)]
        else:
            d["options"] = ["ten", "split"]
        return d

    def _elimination_view(self) -> dict | None:
        s = self.state
        if s.phase != "eliminate" or not s.picks:
            return None
        p = s.picks[0]
        return {"picker": p.picker, "picker_seat": self.lead_seat(p.picker), "owner": p.owner,
                "cards": len(s.side(p.owner).pool), "picks_left": p.count, "for_day": s.day}

    # ----- the prompt ------------------------------------------------------------------
    def prompt(self, seat: str | None) -> str:
        s = self.state
        if s.result is not None:
            return s.result.reason
        current = self.current_seat()
        if seat != current:
            return f"Waiting for {self.seat_name(current)}: {self._task(current, for_self=False)}"
        task = self._task(seat, for_self=True)
        return task[:1].upper() + task[1:]  # the Orders bar starts a sentence

    def _task(self, seat: str, for_self: bool) -> str:
        s = self.state
        side = self.side_of(seat)
        if s.phase == "eliminate":
            p = s.picks[0]
            n = len(s.side(p.owner).pool)
            what = "2 troops" if p.count == 2 else "1 troop"
            return (f"draw {what} from {side_name(p.owner)}'s {count(n, 'face-down card')}: eliminated for day {s.day}"
                    + (" (double damage)." if p.count == 2 else "."))
        if s.phase == "deploy":
            missions = self.missions_of(seat)
            span = f"Missions {missions[0] + 1}-{missions[-1] + 1}"
            if all(s.side(side).slots[m] for m in missions):
                return f"confirm the line-up under {span} (or take a troop back)."
            return f"put one troop face-down under each of {span}; ranks ascend left to right, the Sergeant may stand anywhere."
        if s.phase == "intel":
            m = self._undecided_chip(seat)
            ranks = ", ".join(map(str, intel_cards()[s.current_intel]))
            if not for_self:
                return f"marking intelligence (card: {ranks})."
            rank = s.side(side).slots[m]
            if not s.open_table and rank != SERGEANT:
                return (f"the card lists {ranks}: the app marks your troops truthfully; confirm the chip on your "
                        f"{troop_label(rank)} under Mission {m + 1}.")
            return (f"the card lists {ranks}: place or leave off an intelligence chip on your "
                    f"{troop_label(rank)} under Mission {m + 1}.")
        m, guesser, defender = self.mission_step()
        if s.stage == "offer":
            if not for_self:
                return f"deciding on a deception chip for Mission {m + 1}."
            return (f"{side_name(guesser)} will guess your {troop_label(s.side(defender).slots[m])} under Mission {m + 1}: "
                    f"put a deception chip on it? (you hold {s.side(defender).deception_chips})")
        if s.stage == "guess":
            bluff = " It carries a deception chip." if s.side(defender).deceived[m] else ""
            return f"guess the rank of {side_name(defender)}'s troop under Mission {m + 1}.{bluff}"
        if s.pending.kind == "captain":
            return "the Captain is activated: take 6 IP or use one of your eliminated troops."
        return "the Marshal is activated: take 10 IP, or 5 IP and cost the enemy 5."
