"""Location cards (ADVANCED): the special actions that need no new engine hook, and the hideout.

Rulebook, Location Cards 2-3 and 5 (L405-L411), Mission Cards 5 (L157); rulings K10, K12; the proposals
A8-A10 and A21 of docs/stawka-advanced-plan.md (its section 5.1, the rows marked (P)). A special action
is used by the activated agent standing on the card's location; it costs no AP and is not the
activation's action, and may come before or after the movement or the action (A8); the first card used
by an agent not yet activated activates him (Activating an Agent 1), so an agent who could not be
activated (Activating an Agent 2) cannot use one. The card then lies face up in the discard (A6).
A hideout card may instead give that agent a random mission card (A10).

The effects here (the card's text wins over the rulebook, L405):

| key | cards | effect |
| --- | --- | --- |
| `extra_ap` | P boathouse; G barracks, bunker | +N AP to the own pool this stage |
| `gain_vp` | G officers' apartments, villa | N VP, only where the scenario counts VP (A21) |
| `gain_evidence` | P fort, villa; G courts | N evidence against an enemy agent in this sector (`target`) |
| `remove_evidence` | P courts, hospital | N evidence less against one of the own agents (`target`) |
| `stop_agent` | P park, proving ground; G fort, boathouse | an enemy agent in this sector (`target`) loses N AP of his limit this stage |
| `view_threats` | P police station, bunker; G tenement, design office | the face-down enemy threat tokens of this sector are shown to the user |
| `reveal_mission` | P Abwehr; G hospital, cafe | an enemy agent in this sector (`target`) shows his mission card (to both) |

A special action is offered only when it changes something: a target exists, a track can move, a token
is left to see (the card may still be turned into AP). The other keys (the plan's step 3: card moves, search,
telephone, threat tokens moved, tiles looked at, the jail, the arrest bonus, reaction draws, room 217) are in
location_hooks.py.
"""

from __future__ import annotations

from ..core.message import msg
from . import actions as A
from . import flow, location_hooks, missions
from . import texts as T
from .activation import activate, finish_action
from .location_cards import card as location_card
from .location_cards import card_name, owner_turn_block, ownership_block
from .rules import (TRACK_MAX, advanced, board, can_open_activation, colour, is_free, limit_left)
from .scenario_rules import scenario_rules
from .state import other

PLAIN = ("extra_ap", "gain_vp", "gain_evidence", "remove_evidence", "stop_agent", "view_threats", "reveal_mission")


# ------------------------------------------------------------------ who may use a card now


def _sector_enemies(state, agent_id: str) -> list[str]:
    """Free enemy agents in the sector face of the agent's space (P15: arrested agents are nobody's target)."""
    b = board(state)
    a = state.agents[agent_id]
    face = b.face_of(a.space)
    return sorted(x for x, e in state.agents.items()
                  if e.side != a.side and is_free(state, x) and b.face_of(e.space) == face)


def _unseen_tokens_here(state, agent_id: str) -> list[str]:
    """Spaces of the sector holding a face-down enemy threat token the agent's side has not seen."""
    b = board(state)
    a = state.agents[agent_id]
    face = b.face_of(a.space)
    seen = set(state.threat_seen.get(a.side, ()))
    return sorted(sp for sp, t in state.threats.items()
                  if t.side != a.side and not t.revealed and t.id not in seen and b.face_of(sp) == face)


def targets(state, card_id: str, agent_id: str) -> list[str]:
    """The targets the card's special action may take for this agent ("" for an action without one); empty when
    it would change nothing or needs a hook not built yet."""
    c = location_card(card_id)
    key = c.action.key
    seat = state.agents[agent_id].side
    if key == "extra_ap":
        return [""]
    if key == "gain_vp":
        return [""] if scenario_rules(state.scenario)["vp"] else []  # A21
    if key == "gain_evidence":
        return [x for x in _sector_enemies(state, agent_id) if state.evidence[seat][colour(x)] < TRACK_MAX]
    if key == "remove_evidence":
        return sorted(x for x, a in state.agents.items()
                      if a.side == seat and state.evidence[other(seat)][colour(x)] > 0)
    if key == "stop_agent":
        return [x for x in _sector_enemies(state, agent_id) if limit_left(state, x) > 0]
    if key == "view_threats":
        return [""] if _unseen_tokens_here(state, agent_id) else []
    if key == "reveal_mission":
        return [x for x in _sector_enemies(state, agent_id)
                if x in state.missions and not state.missions[x].revealed]
    return []


def options(state, card_id: str, agent_id: str) -> list[tuple[str, str]]:
    """(target, space) pairs of the card's special action for this agent: the plain ones here, the others in
    location_hooks.py (step 3); empty when it would change nothing."""
    if location_card(card_id).action.key in location_hooks.HOOKED:
        return location_hooks.options(state, card_id, agent_id)
    return [(t, "") for t in targets(state, card_id, agent_id)]


NOT_YOUR_TURN_TO_USE = msg("A location card's special action is used during an activation of its owner's agent.")


def _turn_block(state, seat: str):
    """Why `seat` may use no location card at all now, or None."""
    return owner_turn_block(state, seat, NOT_YOUR_TURN_TO_USE)


def _agent_block(state, seat: str, card_id: str, agent_id: str):
    """Why this agent may not use this card now (the card in hand, the agent activated on its location), or None."""
    if card_id not in state.location_hand.get(seat, ()):
        return msg("The {card} card is not in your hand.", card=card_name(card_id))
    if agent_id not in state.agents:
        return msg("There is no such agent in this scenario.")
    a = state.agents[agent_id]
    name = T.agent(agent_id)
    if a.side != seat:
        return msg("{name} belongs to the {side} network.", name=name, side=T.NETWORK_SIDE[a.side])
    if a.arrested:  # A8
        return msg("{name} is in the jail: an arrested agent uses no location card.", name=name)
    act = state.activation
    if act is not None and act.agent != agent_id:
        return msg("{active} is being activated: a location card is used by the activated agent.",
                   active=T.agent(act.agent))
    c = location_card(card_id)
    if a.space != c.location:
        return msg("{name} is not at the {place}: the card is used by the activated agent standing there.",
                   name=name, place=card_name(card_id))
    if act is None and not can_open_activation(state, agent_id):
        return msg("{name} cannot be activated now (no AP, or nothing he could do): the card is used by the "
                   "activated agent.", name=name)
    return None


def _ready(state, seat: str, agent_id: str) -> list[str]:
    """The cards of the hand whose location holds this agent (the cheap filter before the targets)."""
    space = state.agents[agent_id].space
    return [c for c in state.location_hand.get(seat, ()) if location_card(c).location == space]


def actions(state, seat: str) -> list:
    """The special actions and hideouts `seat` may use now: for the activated agent, or (no activation yet) for
    each own agent who could be activated (A8)."""
    if _turn_block(state, seat) is not None or not state.location_hand.get(seat):
        return []
    act = state.activation
    agents = [act.agent] if act is not None else sorted(x for x, a in state.agents.items() if a.side == seat)
    out = []
    for aid in agents:
        cards = _ready(state, seat, aid)
        if not cards or _agent_block(state, seat, cards[0], aid) is not None:
            continue
        for c in cards:
            out += [A.UseLocationCard(c, aid, t, sp) for t, sp in options(state, c, aid)]
            if location_card(c).hideout and missions.can_receive(state, aid, by_item=True):
                out.append(A.UseHideout(c, aid))
    return out


def active_uses(state) -> list:
    """What the activated agent may still do with a card: keeps the activation open (legal.continuations)."""
    act = state.activation
    if act is None or not advanced(state):
        return []
    return actions(state, state.agents[act.agent].side)


# ------------------------------------------------------------------ the effects


def _use_card(game, card_id: str, agent_id: str) -> str:
    """The first step of an activation activates the agent; the card leaves the hand face up (A6)."""
    s = game.state
    seat = s.agents[agent_id].side
    activate(game, agent_id)
    s.location_hand[seat].remove(card_id)
    s.location_discard.append(card_id)
    game.reveal(msg("A location card was shown."))
    return seat


def use(game, card_id: str, agent_id: str, target: str, space: str = "") -> None:
    """Location Cards 3: the special action (L409: not an action; no AP, A8)."""
    s = game.state
    seat = _use_card(game, card_id, agent_id)
    c = location_card(card_id)
    key, params = c.action.key, c.action.params
    game.emit("location_used", msg("{name} uses the {card} location card.", name=T.agent(agent_id),
                                   card=card_name(card_id)),
              seat=seat, card=card_id, agent=agent_id, target=target, space=space)
    if key in location_hooks.HOOKED:  # step 3: each hook ends its step itself (a test, a pending, a window)
        location_hooks.apply(game, card_id, agent_id, target, space)
        return
    why = msg("the {card} location card", card=card_name(card_id))
    if key == "extra_ap":
        s.pools[seat] += int(params["amount"])
        game.emit("pool", msg("The {side} pool grows by {n} AP to {pool}.", side=T.NETWORK_SIDE[seat],
                              n=params["amount"], pool=s.pools[seat]))
    elif key == "gain_vp":
        flow.gain_vp(game, seat, int(params["vp"]), why)
    elif key == "gain_evidence":
        flow.gain_evidence(game, seat, colour(target), int(params["amount"]), why)
    elif key == "remove_evidence":
        flow.remove_evidence(game, other(seat), colour(target), int(params["amount"]), why)
    elif key == "stop_agent":
        lost = min(int(params["amount"]), limit_left(s, target))
        s.agents[target].ap_used += lost
        game.emit("ap_lost", msg("{name} loses {n} AP of his AP limit this stage.", name=T.agent(target), n=lost),
                  agent=target, amount=lost)
    elif key == "view_threats":
        _view_threats(game, seat, agent_id)
    elif key == "reveal_mission":
        missions.reveal(game, target)
    finish_action(game)


def _view_threats(game, seat: str, agent_id: str) -> None:
    """The sector's face-down enemy tokens are shown to the user only (the peek path of threat_play.peek)."""
    from .threats import token_name

    s = game.state
    for sp in _unseen_tokens_here(s, agent_id):
        tid = s.threats[sp].id
        s.threat_seen[seat].append(tid)
        place = T.place(board(s).spaces[sp].label)
        game.emit("threat_peeked", msg("The {side} player looks at the threat token at the {place}.",
                                       side=T.PLAYER_SIDE[seat], place=place), space=sp)
        game.emit("threat_peek_own", msg("The token at the {place} is {token}.", place=place,
                                         token=token_name(tid)), to=seat, space=sp, token=tid)


def use_hideout(game, card_id: str, agent_id: str) -> None:
    """Location Cards 5, Mission Cards 5 (A10): the card is discarded and the agent draws a random mission."""
    seat = _use_card(game, card_id, agent_id)
    game.emit("hideout", msg("{name} uses the hideout of the {card} location card.", name=T.agent(agent_id),
                             card=card_name(card_id)), seat=seat, card=card_id, agent=agent_id)
    missions.draw_random(game, agent_id)
    finish_action(game)


# ------------------------------------------------------------------ why not


def explain(state, seat: str, action) -> str:
    why = (ownership_block(state, seat, action.card) or _turn_block(state, seat)
           or _agent_block(state, seat, action.card, action.agent))
    if why is not None:
        return why
    c = location_card(action.card)
    name = T.agent(action.agent)
    if isinstance(action, A.UseHideout):
        if not c.hideout:
            return msg("The {card} card has no hideout.", card=card_name(c.id))
        return missions.explain_typewriter(state, action.agent)
    key = c.action.key
    if key in location_hooks.HOOKED:
        return location_hooks.explain(state, seat, action, key)
    if key == "gain_vp":
        return msg("This scenario counts no victory points: the card may only be turned into AP.")
    if key == "view_threats":
        return msg("No face-down enemy threat token you have not seen lies in {name}'s sector.", name=name)
    if key == "remove_evidence":
        return msg("Name one of your agents with evidence against him.")
    if action.target not in _sector_enemies(state, action.agent):
        return msg("Name a free enemy agent in {name}'s sector.", name=name)
    if key == "gain_evidence":
        return msg("Your track against that colour is already at {top}.", top=TRACK_MAX)
    if key == "stop_agent":
        return msg("{target} has no AP of his limit left this stage.", target=T.agent(action.target))
    return msg("{target} holds no mission card that is still hidden.", target=T.agent(action.target))
