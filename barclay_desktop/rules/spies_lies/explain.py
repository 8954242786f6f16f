"""Readable reasons why an action is refused (legal_actions stays the only judge)."""

from __future__ import annotations

from .actions import (
    CaptainBorrow,
    CaptainPoints,
    ConfirmDeploy,
    Deceive,
    Deploy,
    EliminatePick,
    Guess,
    IntelChip,
    MarshalSplit,
    MarshalTen,
    NoDeception,
    Withdraw,
)
from ..core.message import nmsg
from .data import troop_label
from .lineup import SERGEANT, out_of_order

PHASE_OF = {
    EliminatePick: "eliminate", Deploy: "deploy", Withdraw: "deploy", ConfirmDeploy: "deploy",
    IntelChip: "intel", Deceive: "mission", NoDeception: "mission", Guess: "mission",
    CaptainPoints: "mission", CaptainBorrow: "mission", MarshalTen: "mission", MarshalSplit: "mission",
}
PHASE_TEXT = {"eliminate": "drawing eliminated troops", "deploy": "deploying", "intel": "marking intelligence",
              "mission": "the mission phase", "over": "the end of the game"}


class Explain:
    def explain_illegal(self, seat, action) -> str:
        s = self.state
        phase = PHASE_OF.get(type(action))
        if phase != s.phase:
            return f"That belongs to {PHASE_TEXT.get(phase, phase)}, but the game is at {PHASE_TEXT[s.phase]}."
        method = getattr(self, "_why_" + action.TYPE, None)
        reason = method(seat, action) if method else None
        return reason or "That is not a legal move right now."

    def _why_eliminate_pick(self, seat, action):
        n = len(self.state.side(self.state.picks[0].owner).pool)
        # a Message: the client says it in the player's language (docs/i18n.md, issue 37)
        return nmsg("Pick the one face-down card (1).", "Pick one of the {n} face-down cards (1-{n}).", n, n=n)

    def _mission_range(self, seat, mission):
        mine = self.missions_of(seat)
        if not 1 <= mission <= 4:
            return "Missions are numbered 1 to 4."
        if mission - 1 not in mine:
            return f"Mission {mission} belongs to your partner; you deploy under Missions {mine[0] + 1}-{mine[-1] + 1}."
        return None

    def _why_deploy(self, seat, action):
        me = self.state.side(self.side_of(seat))
        why = self._mission_range(seat, action.mission)
        if why:
            return why
        if not 1 <= action.rank <= 10:
            return "Name a troop from your hand (ranks 1-10)."
        if action.rank not in me.hand:
            if action.rank in me.eliminated:
                return f"Your {troop_label(action.rank)} is eliminated for today."
            if action.rank in me.slots:
                return f"Your {troop_label(action.rank)} already stands under Mission {me.slots.index(action.rank) + 1}."
            return "Name a troop from your hand (ranks 1-10)."
        m = action.mission - 1
        if me.slots[m]:
            return f"Mission {action.mission} already has your {troop_label(me.slots[m])}; take it back first."
        slots = list(me.slots)
        slots[m] = action.rank
        bad = out_of_order(slots)
        if bad is not None:
            i, j = bad
            if i == m:
                return (f"Ranks must ascend left to right: your {troop_label(slots[i])} cannot stand left of your "
                        f"{troop_label(slots[j])}.")
            return (f"Ranks must ascend left to right: your {troop_label(slots[j])} cannot stand right of your "
                    f"{troop_label(slots[i])}.")
        if action.rank != SERGEANT:
            return (f"With your {troop_label(action.rank)} under Mission {action.mission}, the troops left in your hand "
                    "cannot fill the other missions in ascending order.")
        return "The troops left in your hand could not fill the other missions in ascending order."

    def _why_withdraw(self, seat, action):
        why = self._mission_range(seat, action.mission)
        if why:
            return why
        if seat in self.state.done:
            return "You have already confirmed your line-up."
        return f"There is no troop of yours under Mission {action.mission}."

    def _why_confirm_deploy(self, seat, action):
        return "Put a troop under each of your missions first."

    def _why_intel_chip(self, seat, action):
        m = self._undecided_chip(seat)
        if m is None:
            return "Your intelligence chips are already decided."
        strict = not self.state.open_table
        if strict and self.state.side(self.side_of(seat)).slots[m] != SERGEANT:
            return ("In the standard game the app marks every troop but the Sergeant truthfully: "
                    f"confirm the chip on Mission {m + 1} as it stands.")
        if action.mission != m + 1:
            if strict and 1 <= action.mission <= 4:
                return (f"In the standard game the app marks every troop but the Sergeant; "
                        f"decide the chip on your Sergeant under Mission {m + 1}.")
            return f"Decide the chip for Mission {m + 1} first."
        if action.on:
            return "You have no intelligence chip left."
        return None

    def _why_deceive(self, seat, action):
        s = self.state
        if s.stage != "offer":
            return "A deception chip can only be placed before the opponent's guess, on your troop about to be guessed."
        return None

    def _why_no_deception(self, seat, action):
        return self._why_deceive(seat, action)

    def _why_guess(self, seat, action):
        if self.state.stage == "offer":
            return "Wait: your opponent is deciding whether to put a deception chip on that troop."
        if self.state.stage != "guess":
            return "An activated troop's choice must be made first."
        return "Name a rank from 1 (Spy) to 10 (Marshal)."

    def _why_choice(self, kind):
        p = self.state.pending
        if p is None:
            return "No Captain or Marshal is waiting for a choice."
        if p.kind != kind:
            return f"The {'Captain' if p.kind == 'captain' else 'Marshal'} is waiting for its choice."
        return None

    def _why_captain_points(self, seat, action):
        return self._why_choice("captain")

    def _why_captain_borrow(self, seat, action):
        why = self._why_choice("captain")
        if why:
            return why
        elim = self.state.side(self.side_of(seat)).eliminated
        names = " or ".join(troop_label(r) for r in sorted(elim))
        return f"The Captain can only use one of your eliminated troops: {names}."

    def _why_marshal_ten(self, seat, action):
        return self._why_choice("marshal")

    def _why_marshal_split(self, seat, action):
        return self._why_choice("marshal")
