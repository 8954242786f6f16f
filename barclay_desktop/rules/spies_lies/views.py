"""What each seat may see (view), the one-line prompt, and the leak probes.

Visibility: a seat sees its own troops; the other side's troops only once
face-up or publicly known (S5); team partners see each other's troops only
while the Missions 3-4 player deploys (S7)."""

from __future__ import annotations

from ..core.message import Message, msg, nmsg
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
    def prompt(self, seat: str | None) -> Message:
        s = self.state
        if s.result is not None:
            return s.result.reason
        current = self.current_seat()
        if seat != current:
            return msg("Waiting for {seat}: {task}", seat=self.seat_name(current), task=self._task(current, False))
        return self._task(seat, for_self=True)  # the Orders bar starts a sentence

    def _result_words(self) -> str:
        """The result's reason with its message ids: a loaded state holds the English words only,
        but the log's game-over line keeps the ids (rules/core/message.py)."""
        reason = self.state.result.reason
        if isinstance(reason, Message):
            return reason
        return next((e.text for e in reversed(self.state.log) if e.kind == "game_over" and e.text == reason), reason)

    def _task(self, seat: str, for_self: bool) -> Message:
        """What `seat` is to do: a sentence for the seat itself, a clause after "Waiting for ...:" for the others."""
        s = self.state
        side = self.side_of(seat)
        if s.phase == "eliminate":
            return self._draw_task(for_self)
        if s.phase == "deploy":
            return self._deploy_task(seat, side, for_self)
        if s.phase == "intel":
            return self._intel_task(seat, side, for_self)
        m, guesser, defender = self.mission_step()
        if s.stage == "offer":
            if not for_self:
                return msg("deciding on a deception chip for Mission {mission}.", mission=m + 1)
            return msg("{guesser} will guess your {troop} under Mission {mission}: put a deception chip on it? "
                       "(you hold {n})", guesser=side_name(guesser), troop=troop_label(s.side(defender).slots[m]),
                       mission=m + 1, n=s.side(defender).deception_chips)
        if s.stage == "guess":
            words = dict(side=side_name(defender), mission=m + 1)
            if s.side(defender).deceived[m]:
                return (msg("Guess the rank of {side}'s troop under Mission {mission}. It carries a deception chip.",
                            **words) if for_self else
                        msg("guess the rank of {side}'s troop under Mission {mission}. It carries a deception chip.",
                            **words))
            return (msg("Guess the rank of {side}'s troop under Mission {mission}.", **words) if for_self else
                    msg("guess the rank of {side}'s troop under Mission {mission}.", **words))
        if s.pending.kind == "captain":
            return (msg("The Captain is activated: take 6 IP or use one of your eliminated troops.") if for_self else
                    msg("the Captain is activated: take 6 IP or use one of your eliminated troops."))
        return (msg("The Marshal is activated: take 10 IP, or 5 IP and cost the enemy 5.") if for_self else
                msg("the Marshal is activated: take 10 IP, or 5 IP and cost the enemy 5."))

    def _draw_task(self, for_self: bool) -> Message:
        s = self.state
        p = s.picks[0]
        n = len(s.side(p.owner).pool)
        words = dict(owner=side_name(p.owner), n=n, day=s.day)
        if p.count == 2 and for_self:
            return nmsg("Draw 2 troops from {owner}'s {n} face-down card: eliminated for day {day} (double damage).",
                        "Draw 2 troops from {owner}'s {n} face-down cards: eliminated for day {day} (double damage).",
                        n, **words)
        if p.count == 2:
            return nmsg("draw 2 troops from {owner}'s {n} face-down card: eliminated for day {day} (double damage).",
                        "draw 2 troops from {owner}'s {n} face-down cards: eliminated for day {day} (double damage).",
                        n, **words)
        if for_self:
            return nmsg("Draw 1 troop from {owner}'s {n} face-down card: eliminated for day {day}.",
                        "Draw 1 troop from {owner}'s {n} face-down cards: eliminated for day {day}.", n, **words)
        return nmsg("draw 1 troop from {owner}'s {n} face-down card: eliminated for day {day}.",
                    "draw 1 troop from {owner}'s {n} face-down cards: eliminated for day {day}.", n, **words)

    def _deploy_task(self, seat: str, side: str, for_self: bool) -> Message:
        missions = self.missions_of(seat)
        span = dict(first=missions[0] + 1, last=missions[-1] + 1)
        if all(self.state.side(side).slots[m] for m in missions):
            return (msg("Confirm the line-up under Missions {first}-{last} (or take a troop back).", **span)
                    if for_self else msg("confirm the line-up under Missions {first}-{last} (or take a troop back).",
                                         **span))
        if for_self:
            return msg("Put one troop face-down under each of Missions {first}-{last}; ranks ascend left to right, "
                       "the Sergeant may stand anywhere.", **span)
        return msg("put one troop face-down under each of Missions {first}-{last}; ranks ascend left to right, "
                   "the Sergeant may stand anywhere.", **span)

    def _intel_task(self, seat: str, side: str, for_self: bool) -> Message:
        s = self.state
        m = self._undecided_chip(seat)
        ranks = ", ".join(map(str, intel_cards()[s.current_intel]))
        if not for_self:
            return msg("marking intelligence (card: {ranks}).", ranks=ranks)
        rank = s.side(side).slots[m]
        words = dict(ranks=ranks, troop=troop_label(rank), mission=m + 1)
        if not s.open_table and rank != SERGEANT:
            return msg("The card lists {ranks}: the app marks your troops truthfully; confirm the chip on your "
                       "{troop} under Mission {mission}.", **words)
        return msg("The card lists {ranks}: place or leave off an intelligence chip on your {troop} under "
                   "Mission {mission}.", **words)
