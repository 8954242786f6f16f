"""The weights of the Stawka heuristic player, in one place.

Easy plays with `EASY`, the hand-set values it was written with: the rules in heuristic.py
say what is worth doing, the weights how much one thing is worth against another. A self-play
search over them (issue 39's second attempt, docs/ai.md "Stawka") found no setting that beats
Easy beyond the noise; `bench/ai_tournament.py --a styled --style KEY=VALUE` plays one.
"""

from __future__ import annotations

import attrs


@attrs.frozen
class Style:
    ap_cost: float = 0.06  # a spent AP could have served the other agent
    give_up_penalty: float = 0.6
    secret_value: float = 14.0  # a secret that does not yet win
    # attraction: an enemy worth talking to, reachable now / within an AP limit / further
    talk_now: float = 0.6
    talk_near: float = 0.45
    talk_far: float = 0.35
    # attraction: a location worth searching, reachable now / further
    search_now: float = 0.5
    search_far: float = 0.35
    # threat: an enemy who can talk to the agent now / next stage within his AP limit / further
    threat_now: float = 0.9
    threat_near: float = 0.35
    threat_far: float = 0.1
    unfinished_move: float = 0.8  # a move that must go on (two spaces at least) ends nowhere yet
    reroll_margin: float = 0.7  # a re-roll must be worth this much more than the roll kept
    plan_priority: float = 0.3  # a planning card's priority, against its AP

    def replace(self, **changes) -> Style:
        return attrs.evolve(self, **changes)


EASY = Style()
