"""The search's action lists: the engine's, less what cannot change the outcome.

A deployment is made left to right and never taken back (every in-order line-up stays
reachable), and a guess names only ranks the guesser cannot rule out (every wrong guess has
the same effect, and a rank that cannot be there is always wrong). The search prunes its
root the same way, so its answer is always one of the real legal actions."""

from __future__ import annotations

from functools import lru_cache

from barclay_desktop.rules.spies_lies.actions import ConfirmDeploy, Deploy, Guess
from barclay_desktop.rules.spies_lies.game import GUESSES, _deploy_actions


def prune(legal: list, possible=None) -> list:
    """Deploy left to right without withdrawals; guesses among `possible` ranks."""
    a0 = legal[0] if legal else None
    if isinstance(a0, Guess) and possible:
        return [a for a in legal if a.rank in possible] or legal
    if any(isinstance(a, ConfirmDeploy) for a in legal):
        return [a for a in legal if isinstance(a, ConfirmDeploy)]
    deploys = [a for a in legal if isinstance(a, Deploy)]
    if deploys:
        first = min(a.mission for a in deploys)
        return [a for a in deploys if a.mission == first]
    return legal


@lru_cache(maxsize=1 << 16)
def pruned_deploys(slots: tuple, hand: tuple, first: int, stop: int, open_table: bool) -> tuple:
    """`prune()` of a seat's deploy-phase legal actions, memoised like the engine's deploy actions."""
    return tuple(prune(list(_deploy_actions(slots, hand, first, stop, open_table))))


@lru_cache(maxsize=1 << 12)
def possible_guesses(possible: tuple) -> tuple:
    """`prune(GUESSES, possible)`: the guesses among the ranks `possible` (every guess if none)."""
    return tuple(prune(list(GUESSES), possible))
