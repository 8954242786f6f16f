"""The players place the agents a scenario does not (First Clash, set-up point 4; P29; free scenarios, F29).

"The remaining agents are placed alternately by the players (German first) in any locations,
except the police sector": each placement is any unplaced agent, own or enemy, on a location
space outside the forbidden sectors; several agents may share a location (Movement 2). All of
it is public.
"""

from __future__ import annotations

from ..core.message import msg, nmsg
from . import texts as T
from .rules import board
from .scenario_rules import placement_of
from .state import PLACEMENT, AgentState, other

ANY_SPACE = "alternate_any_space"  # F29: free scenarios place on streets too


def placement_rule(state) -> dict | None:
    return placement_of(state.scenario)


def placement_spaces(state, side: str | None = None) -> list[str]:
    """Spaces an agent may be placed on (P29: locations, none in a forbidden sector; F29: any space); for an agent of
    `side`, none in a sector already holding as many of that network's agents as the scenario allows
    (Chestnuts: "no more than one agent of each Player ... in one sector", A28)."""
    rule = placement_rule(state)
    forbidden = set(rule["forbidden_faces"]) if rule else set()
    b = board(state)
    cap = rule.get("max_per_network_per_face") if rule else None
    if cap and side is not None:
        held = [b.face_of(a.space) for a in state.agents.values() if a.side == side]
        forbidden |= {face for face in set(held) if held.count(face) >= cap}
    # F29 (free scenarios, step H): any space, street or location
    spaces = b.spaces.values() if rule and rule["rule"] == ANY_SPACE else b.locations()
    return [s.id for s in spaces if b.face_of(s.id) not in forbidden]


def start_placement(game, first: str) -> None:
    s = game.state
    s.phase = PLACEMENT
    s.placer = first
    b = board(s)
    banned = [T.sector(b.faces[f].title) for f in placement_rule(s)["forbidden_faces"] if f in b.faces]
    if placement_rule(s)["rule"] == ANY_SPACE:
        text = msg("The players place the agents in turn, the {side} player first, each on any space of a sector "
                   "without an agent of the same network.", side=T.PLAYER_SIDE[first])
    elif banned:
        text = nmsg("The players place the other agents in turn, the {side} player first, each on a location "
                    "outside the {sectors} sector.",
                    "The players place the other agents in turn, the {side} player first, each on a location "
                    "outside the {sectors} sectors.", len(banned), side=T.PLAYER_SIDE[first], sectors=T.both(banned))
    else:
        text = msg("The players place the other agents in turn, the {side} player first, each on a location.",
                   side=T.PLAYER_SIDE[first])
    game.emit("placement", text)


def place_agent(game, agent_id: str, to: str) -> None:
    """Put an unplaced agent on `to`; when the last is placed, stage 1 begins."""
    from .flow import start_stage

    s = game.state
    side = s.to_place.pop(agent_id)
    s.agents[agent_id] = AgentState(agent_id, side, _first_document(agent_id, s), to)
    game.emit("placed", msg("The {side} player places {name} at the {place}.", side=T.PLAYER_SIDE[s.placer],
                            name=T.agent(agent_id), place=T.place(board(s).spaces[to].label)),
              agent=agent_id, space=to, seat=s.placer)
    s.placer = other(s.placer)
    if not s.to_place:
        s.placer = None
        start_stage(game)
        from .campaign import offer_kept_item

        offer_kept_item(game)


def _first_document(agent_id: str, state) -> str:
    from . import content

    if agent_id == content.KLOSS:
        return state.options["kloss_document"]
    return content.agent(agent_id).documents[0].id
