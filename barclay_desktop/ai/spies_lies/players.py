"""Spies & Lies Easy: deduce what the targeted enemy troop can be from the view, guess among those.

Reads only the view: the enemy's eliminated troops, its troops already revealed today,
the ascending-order rule (the Sergeant excepted) and the intelligence chip against the
current intelligence card (only the Sergeant may lie). Deploys in ascending order,
bluffs with a deception chip now and then, takes the points of activated abilities.
"""

from __future__ import annotations

from barclay_desktop.rules.spies_lies import actions as A

from ..base import Player

SERGEANT = 4
RANKS = range(1, 11)


def other_side(side: str) -> str:
    return "blue" if side == "red" else "red"


def candidates(view: dict) -> list[int]:
    """Ranks the targeted enemy troop can still be, from what this seat sees."""
    step = view.get("mission_step") or {}
    enemy = view["sides"][step.get("defender") or other_side(view["my_side"])]
    m = int(step.get("mission", 1)) - 1
    gone = {t["rank"] for t in enemy["eliminated"]}
    shown = {}
    for slot in enemy["missions"]:
        if slot.get("troop"):
            shown[slot["mission"] - 1] = slot["troop"]["rank"]
    ranks = [r for r in RANKS if r not in gone and r not in shown.values()]
    strict = view.get("mode") == "strict"
    intel = (view.get("intelligence") or {}).get("current") or {}
    on_card = set(intel.get("ranks") or ())
    chip = enemy["missions"][m].get("intel_chip")
    out = []
    for r in ranks:
        if r != SERGEANT:
            if strict and any((i < m and v != SERGEANT and v > r) or (i > m and v != SERGEANT and v < r) for i, v in shown.items()):
                continue
            if strict and chip is not None and chip != (r in on_card):
                continue
        out.append(r)
    return out or list(ranks) or list(RANKS)


class EasySpiesPlayer(Player):
    level = "easy"

    def decide(self, view: dict, legal: list):
        first = legal[0]
        if isinstance(first, A.Guess):
            options = set(candidates(view))
            return self.rng.choice([a for a in legal if a.rank in options] or legal)
        if any(isinstance(a, A.ConfirmDeploy) for a in legal):
            return next(a for a in legal if isinstance(a, A.ConfirmDeploy))
        deploys = [a for a in legal if isinstance(a, A.Deploy)]
        if deploys:
            return self._deploy(view, deploys)
        if isinstance(first, (A.Deceive, A.NoDeception)):
            deceive = [a for a in legal if isinstance(a, A.Deceive)]
            return deceive[0] if deceive and self.rng.random() < 0.35 else next(a for a in legal if isinstance(a, A.NoDeception))
        for preferred in (A.CaptainPoints, A.MarshalTen):
            for a in legal:
                if isinstance(a, preferred):
                    return a
        return self.rng.choice(legal)

    def _deploy(self, view: dict, deploys: list):
        """Fill the leftmost empty mission, keeping ranks ascending with room for the rest."""
        mine = view["sides"][view["my_side"]]["missions"]
        leftmost = min(a.mission for a in deploys)
        placed = [s["troop"]["rank"] for s in mine if s.get("troop") and s["troop"]["rank"] != SERGEANT]
        floor = max(placed, default=0)
        here = [a for a in deploys if a.mission == leftmost]
        ordered = [a for a in here if a.rank == SERGEANT or a.rank > floor]
        pool = ordered or here
        # Prefer low ranks early so higher missions still have higher troops to take.
        pool.sort(key=lambda a: a.rank)
        return self.rng.choice(pool[: max(1, len(pool) // 2)])


LEVELS = {"easy": EasySpiesPlayer}
