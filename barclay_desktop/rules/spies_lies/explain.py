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
from ..core.message import Joined, msg, nmsg, pmsg
from .data import troop_label
from .lineup import SERGEANT, out_of_order

PHASE_OF = {
    EliminatePick: "eliminate", Deploy: "deploy", Withdraw: "deploy", ConfirmDeploy: "deploy",
    IntelChip: "intel", Deceive: "mission", NoDeception: "mission", Guess: "mission",
    CaptainPoints: "mission", CaptainBorrow: "mission", MarshalTen: "mission", MarshalSplit: "mission",
}
def phase_words(phase: str):
    """Where the game is, as a player says it (a Message for the phases the rules know)."""
    words = {"eliminate": pmsg("phase", "drawing eliminated troops"), "deploy": pmsg("phase", "deploying"),
             "intel": pmsg("phase", "marking intelligence"), "mission": pmsg("phase", "the mission phase"),
             "over": pmsg("phase", "the end of the game")}
    return words.get(phase, phase)


class Explain:
    def explain_illegal(self, seat, action) -> str:
        s = self.state
        phase = PHASE_OF.get(type(action))
        if phase != s.phase:
            return msg("That belongs to {wanted}, but the game is at {now}.", wanted=phase_words(phase),
                       now=phase_words(s.phase))
        method = getattr(self, "_why_" + action.TYPE, None)
        reason = method(seat, action) if method else None
        return reason or msg("That is not a legal move right now.")

    def _why_eliminate_pick(self, seat, action):
        n = len(self.state.side(self.state.picks[0].owner).pool)
        # a Message: the client says it in the player's language (docs/i18n.md, issue 37)
        return nmsg("Pick the one face-down card (1).", "Pick one of the {n} face-down cards (1-{n}).", n, n=n)

    def _mission_range(self, seat, mission):
        mine = self.missions_of(seat)
        if not 1 <= mission <= 4:
            return msg("Missions are numbered 1 to 4.")
        if mission - 1 not in mine:
            return msg("Mission {mission} belongs to your partner; you deploy under Missions {first}-{last}.",
                       mission=mission, first=mine[0] + 1, last=mine[-1] + 1)
        return None

    def _why_deploy(self, seat, action):
        me = self.state.side(self.side_of(seat))
        why = self._mission_range(seat, action.mission)
        if why:
            return why
        if not 1 <= action.rank <= 10:
            return msg("Name a troop from your hand (ranks 1-10).")
        if action.rank not in me.hand:
            if action.rank in me.eliminated:
                return msg("Your {troop} is eliminated for today.", troop=troop_label(action.rank))
            if action.rank in me.slots:
                return msg("Your {troop} already stands under Mission {mission}.", troop=troop_label(action.rank),
                           mission=me.slots.index(action.rank) + 1)
            return msg("Name a troop from your hand (ranks 1-10).")
        m = action.mission - 1
        if me.slots[m]:
            return msg("Mission {mission} already has your {troop}; take it back first.", mission=action.mission,
                       troop=troop_label(me.slots[m]))
        slots = list(me.slots)
        slots[m] = action.rank
        bad = out_of_order(slots)
        if bad is not None:
            i, j = bad
            if i == m:
                return msg("Ranks must ascend left to right: your {troop} cannot stand left of your {other}.",
                           troop=troop_label(slots[i]), other=troop_label(slots[j]))
            return msg("Ranks must ascend left to right: your {troop} cannot stand right of your {other}.",
                       troop=troop_label(slots[j]), other=troop_label(slots[i]))
        if action.rank != SERGEANT:
            return msg("With your {troop} under Mission {mission}, the troops left in your hand cannot fill the other "
                       "missions in ascending order.", troop=troop_label(action.rank), mission=action.mission)
        return msg("The troops left in your hand could not fill the other missions in ascending order.")

    def _why_withdraw(self, seat, action):
        why = self._mission_range(seat, action.mission)
        if why:
            return why
        if seat in self.state.done:
            return msg("You have already confirmed your line-up.")
        return msg("There is no troop of yours under Mission {mission}.", mission=action.mission)

    def _why_confirm_deploy(self, seat, action):
        return msg("Put a troop under each of your missions first.")

    def _why_intel_chip(self, seat, action):
        m = self._undecided_chip(seat)
        if m is None:
            return msg("Your intelligence chips are already decided.")
        strict = not self.state.open_table
        if strict and self.state.side(self.side_of(seat)).slots[m] != SERGEANT:
            return msg("In the standard game the app marks every troop but the Sergeant truthfully: confirm the chip "
                       "on Mission {mission} as it stands.", mission=m + 1)
        if action.mission != m + 1:
            if strict and 1 <= action.mission <= 4:
                return msg("In the standard game the app marks every troop but the Sergeant; decide the chip on your "
                           "Sergeant under Mission {mission}.", mission=m + 1)
            return msg("Decide the chip for Mission {mission} first.", mission=m + 1)
        if action.on:
            return msg("You have no intelligence chip left.")
        return None

    def _why_deceive(self, seat, action):
        s = self.state
        if s.stage != "offer":
            return msg("A deception chip can only be placed before the opponent's guess, on your troop about to be "
                       "guessed.")
        return None

    def _why_no_deception(self, seat, action):
        return self._why_deceive(seat, action)

    def _why_guess(self, seat, action):
        if self.state.stage == "offer":
            return msg("Wait: your opponent is deciding whether to put a deception chip on that troop.")
        if self.state.stage != "guess":
            return msg("An activated troop's choice must be made first.")
        return msg("Name a rank from 1 (Spy) to 10 (Marshal).")

    def _why_choice(self, kind):
        p = self.state.pending
        if p is None:
            return msg("No Captain or Marshal is waiting for a choice.")
        if p.kind != kind:
            return (msg("The Captain is waiting for its choice.") if p.kind == "captain" else
                    msg("The Marshal is waiting for its choice."))
        return None

    def _why_captain_points(self, seat, action):
        return self._why_choice("captain")

    def _why_captain_borrow(self, seat, action):
        why = self._why_choice("captain")
        if why:
            return why
        elim = self.state.side(self.side_of(seat)).eliminated
        labels = [troop_label(r) for r in sorted(elim)]
        if len(labels) == 2:
            return msg("The Captain can only use one of your eliminated troops: {first} or {second}.",
                       first=labels[0], second=labels[1])
        return msg("The Captain can only use one of your eliminated troops: {names}.", names=Joined(labels, ", "))

    def _why_marshal_ten(self, seat, action):
        return self._why_choice("marshal")

    def _why_marshal_split(self, seat, action):
        return self._why_choice("marshal")
