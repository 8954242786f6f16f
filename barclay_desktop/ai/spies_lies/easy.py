"""Easy: one-step rules of thumb on the seat's view (sensible but beatable).

- eliminations (S11): a random face-down card (they all look alike);
- deployment: an in-order line-up of the hand, sampled with a preference for valuable
  troops, filled left to right (never a withdrawal);
- intelligence: the truth, except that a Sergeant lies one time in five;
- deception: a chip on a valuable troop (Captain, Colonel, General, Marshal);
- guesses: the most likely rank given the chips, the troops shown and the order rule
  (`knowledge.lineups`);
- Captain: borrows an eliminated troop worth more than 6 IP; Marshal: splits from 5 IP.
"""

from __future__ import annotations

from barclay_desktop.rules.spies_lies.actions import ConfirmDeploy, Deploy, EliminatePick, Withdraw

from ..base import Player
from . import policy
from .knowledge import EMPTY, HIDDEN, RANKS


def side_facts(view: dict, side: str) -> tuple:
    """The `knowledge.lineups` arguments for `side` as this view shows it."""
    sv = view["sides"][side]
    slots, shown = [], set()
    for mv in sv["missions"]:
        if mv["troop"] is not None:
            r = mv["troop"]["rank"]
            slots.append(r)
            shown.add(r)
        else:
            slots.append(HIDDEN if mv["occupied"] else EMPTY)
    out = {t["rank"] for t in sv["eliminated"]} | shown
    avail = tuple(r for r in RANKS if r not in out)
    chips = tuple(-1 if mv["intel_chip"] is None else int(mv["intel_chip"]) for mv in sv["missions"])
    cur = view["intelligence"]["current"]
    card = frozenset(cur["ranks"]) if cur else frozenset()
    return (tuple(slots), avail, chips, card, not view["options"]["open_table"])


def my_rank(view: dict, mission: int) -> int:
    troop = view["sides"][view["my_side"]]["missions"][mission]["troop"]
    return troop["rank"] if troop else 0


class EasyPlayer(Player):
    level = "easy"

    def decide(self, view: dict, legal: list):
        phase = view["phase"]
        rng = self.rng
        a0 = legal[0]
        if isinstance(a0, EliminatePick):
            return rng.choice(legal)
        if phase == "deploy" or isinstance(a0, (Deploy, Withdraw, ConfirmDeploy)):
            return self.deploy(view, legal)
        if phase == "intel":
            m = a0.mission - 1
            rank = my_rank(view, m)
            return policy.intel_action(legal, rank, rank in view["intelligence"]["current"]["ranks"], rng)
        step = view["mission_step"]
        pending = view["pending"]
        if pending is not None:
            return policy.choice_action(legal, view["day"], view["scores"][view["my_side"]])
        m = step["mission"] - 1
        if step["stage"] == "offer":
            return policy.offer_action(legal, my_rank(view, m))
        return policy.guess_action(side_facts(view, step["defender"]), m, rng)

    def deploy(self, view: dict, legal: list):
        sv = view["sides"][view["my_side"]]
        slots = tuple(mv["troop"]["rank"] if mv["troop"] else 0 for mv in sv["missions"])
        hand = tuple(t["rank"] for t in sv["hand"] or ())
        missions = tuple(m - 1 for m in view["my_missions"])
        return policy.deploy_action(legal, slots, hand, missions, view["day"], self.rng)
