"""Reaction cards (ADVANCED): where each half can take effect, and - build order step 6 - its effect.

docs/stawka-advanced-plan.md, section 5.2: the 30 cards' halves are 13 effects with data-only parameters.
Step 5 (this module as it stands) gives the windows what they need: `choices`, the targets a half can be
played on now (a space of the declared route for a red card, an own agent for `take_item`, else ""), so that
`reaction_windows` offers only the cards a player can play (Reaction Cards 2, A11: the window itself opens on
the public count, never on this). `apply_reaction_effect` is the hook the windows call for a played card that
was not blocked; it does nothing yet: **the effects are build order step 6**.
"""

from __future__ import annotations

from .reaction_cards import card
from .rules import board
from .threats import setout_spaces

RED_KEYS = ("stop_movement", "extra_cost", "redirect", "threat_on_path")


def choices(state, seat: str, card_id: str, p) -> list[str]:
    """The targets `seat`'s half of `card_id` can be played on in the window `p` (a Pending "reaction_window"):
    [] when it cannot be played now, [""] when it names nothing."""
    c = card(card_id)
    if c.colour != p.data["colour"]:
        return []
    key = c.half(seat).key
    step = p.data["step"]
    if key in RED_KEYS:  # A12-A13: a space of the route after its start, where the agent walks to first
        route = list(step.get("path", ()))[1:]
        if key == "threat_on_path":  # a token of the reactor's, drawn blind, on a space legal for it (K8)
            if not state.threat_pool.get(seat):
                return []
            free = set(setout_spaces(state, seat))
            return [sp for sp in route if sp in free]
        return route
    if key == "take_item":  # the reactor's free agent in the sector of the search
        b = board(state)
        face = b.face_of(step["location"])
        return sorted(aid for aid, a in state.agents.items()
                      if a.side == seat and not a.arrested and b.face_of(a.space) == face)
    return [""]


def apply_reaction_effect(game, card_id: str, side: str, context: dict) -> None:
    """BUILD ORDER STEP 6 - does nothing yet. Called by `reaction_windows` once `side`'s card `card_id` was
    played and not blocked (A16), before the interrupted step resumes. `context` is a copy of the window's data:
    `colour`, `card`, `by` (= side), `choice`, `agent` (the acting enemy agent) and `step`, what resumes - a
    movement {"kind": "move" | "map", "path"}, a search {"kind": "search", "location"} (the found tile's
    decision is the next pending), a conversation {"kind": "conversation", "target", "result", "roll"}.
    Step 6 applies `side`'s half here and may change `context["step"]` (cut the path, change the result,
    replace the found decision); the window then resumes from it."""
    return None
