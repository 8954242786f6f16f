"""Legal actions, the reasons for refusing the others, and the prompt line.

legal() is the single source of truth; explain() walks the same rules to say
precisely why an action is refused.
"""

from __future__ import annotations

import itertools

from . import actions as A
from .flow import available_cards, carry_over_choices, plan_card
from .rules import (
    CONVERSATION_AP,
    MOVE_ONLY_MIN_AP,
    agent_name,
    ap_left,
    board,
    can_act_now,
    can_end_activation,
    can_move_now,
    can_open_activation,
    free_steps,
    have_talked,
    held,
    item,
    item_works,
    limit_left,
    map_destinations,
    move_options,
    search_block,
    talk_partners,
)
from .state import ACTIVATION, CARRY_OVER, PLANNING, SIDE_NAMES

USABLE_EFFECTS = ("extra_ap_pool", "clear_evidence")  # items used on their own, outside a move or action
CONVERSATION_ITEM_EFFECTS = ("conversation_bonus", "rank_bonus")


def legal(state, seat: str) -> list:
    if state.pending:
        return pending_legal(state, state.pending[0])
    if state.phase == PLANNING:
        return [A.ChoosePlan(c.id) for c in available_cards(state, seat)]
    if state.phase == CARRY_OVER:
        return [A.KeepTrackWhole(c) for c in carry_over_choices(state, seat)] + [A.KeepTrackWhole(None)]
    if state.phase != ACTIVATION:
        return []
    act = state.activation
    if act is not None:
        out = agent_steps(state, act.agent)
        if can_end_activation(state):
            out.append(A.EndActivation())
        return out + [A.GiveUp()]  # K14: at any moment of one's own turn, even before 2 AP of movement
    out = []
    for aid, a in state.agents.items():
        if a.side == seat and ap_left(state, aid) > 0:
            out += agent_steps(state, aid)  # an agent with no step cannot be activated (Activating 2)
    return out + [A.GiveUp()]


def continuations(state) -> list:
    """What the active agent can still do, other than ending the activation."""
    act = state.activation
    return agent_steps(state, act.agent) if act is not None else []


def agent_steps(state, aid: str) -> list:
    out: list = [A.Move(aid, to) for to in sorted(move_options(state, aid))]
    for iid in held(state, aid, "move_to_location"):
        out += [A.MoveByMap(aid, iid, to) for to in map_destinations(state, aid)]
    if can_act_now(state, aid):
        out += conversation_actions(state, aid)
        if search_block(state, aid) is None:
            out.append(A.Search(aid))
            out += [A.Search(aid, iid) for iid in held(state, aid, "search_peek", reusable=False)]
    if state.activation is not None and state.activation.agent == aid:
        for effect in USABLE_EFFECTS:
            out += [A.UseItem(aid, iid) for iid in held(state, aid, effect)]
    return out


def conversation_actions(state, aid: str) -> list:
    if ap_left(state, aid) < CONVERSATION_AP:
        return []
    targets = talk_partners(state, aid)  # K13: one conversation per pair per stage
    if not targets:
        return []
    extras = [iid for e in CONVERSATION_ITEM_EFFECTS for iid in held(state, aid, e, reusable=False)]
    subsets = [c for n in range(len(extras) + 1) for c in itertools.combinations(sorted(extras), n)]
    return [A.Converse(aid, t, items) for t in targets for items in subsets]


def pending_legal(state, p) -> list:
    if p.kind == "found":
        (iid,) = p.items
        return [A.KeepItem(iid)] + [A.UseAsEvidence(iid, c) for c in item(iid).evidence]
    if p.kind == "peek":
        return [A.TakeTile(i) for i in p.items]
    if p.kind == "rank_reroll":
        return [A.RerollRank(), A.AcceptRoll()]
    if p.kind == "conversation_reroll":
        return [A.RerollConversation(i) for i in held(state, p.agent, "reroll_conversation", reusable=False)] + [
            A.AcceptRoll()
        ]
    raise AssertionError(f"unknown pending decision {p.kind}")


# ------------------------------------------------------------------ why not


def explain(state, seat: str, action) -> str:
    if state.pending:
        ask = PENDING_PROMPTS[state.pending[0].kind]
        if isinstance(action, A.GiveUp):  # the action under way ends first (docs/stawka-rules-notes.md 7)
            return f"Finish this decision first: {ask[0].lower()}{ask[1:]} Then you may give up the rest of the stage."
        return ask
    if isinstance(action, A.ChoosePlan):
        return _explain_plan(state, seat, action.card)
    if state.phase == PLANNING:
        return f"Stage {state.stage} has not started yet: first choose a planning card."
    if state.phase == CARRY_OVER:
        return "The scenario is won: only the carry-over choice remains."
    if isinstance(action, A.KeepTrackWhole):
        return "Only the winner of the scenario chooses a track to keep whole, after the game."
    if isinstance(action, (A.TakeTile, A.KeepItem, A.UseAsEvidence, A.RerollRank, A.RerollConversation, A.AcceptRoll)):
        return "There is no found tile or roll waiting for that decision."
    if isinstance(action, A.EndActivation):
        return _explain_end(state)
    if isinstance(action, A.GiveUp):
        return "You cannot give up now."
    agent_id = getattr(action, "agent", None)
    if isinstance(action, A.Converse) and _own_pair_talked(state, seat, action):
        return _talked_reason(action)  # before the AP checks, which would blame a missing partner
    why = _explain_agent(state, seat, agent_id, opening=not isinstance(action, (A.Move, A.MoveByMap)))
    if why:
        return why
    if isinstance(action, A.Move):
        return _explain_move(state, action)
    if isinstance(action, A.MoveByMap):
        return _explain_map(state, action)
    if isinstance(action, A.Converse):
        return _explain_converse(state, action)
    if isinstance(action, A.Search):
        return _explain_search(state, action)
    if isinstance(action, A.UseItem):
        return _explain_use(state, action)
    return "That is not a legal move right now."


def _explain_plan(state, seat, card_id) -> str:
    if state.phase != PLANNING:
        return "Planning cards are chosen at the start of a stage, not now."
    try:
        card = plan_card(card_id)
    except (KeyError, ValueError):
        return "There is no such planning card."
    if card.side != seat:
        return f"{card.name} is a {SIDE_NAMES[card.side]} planning card."
    if card_id in state.used[seat]:
        return (f"{card.name} was used earlier in this cycle: used cards return only after both players "
                "have used four of their five.")
    return "You have already chosen a planning card this stage."


def _explain_end(state) -> str:
    act = state.activation
    if act is None:
        return "No agent is being activated."
    name = agent_name(act.agent)
    if act.moved_spaces < MOVE_ONLY_MIN_AP and not act.acted:
        return (f"{name} has only moved {act.moved_spaces} space: an activation of movement alone needs at least "
                f"{MOVE_ONLY_MIN_AP} AP - move on or take an action.")
    return "The activation cannot end yet."


def _explain_agent(state, seat, agent_id, opening: bool) -> str | None:
    if agent_id not in state.agents:
        return "There is no such agent in this scenario."
    a = state.agents[agent_id]
    name = agent_name(agent_id)
    if a.side != seat:
        return f"{name} belongs to the {SIDE_NAMES[a.side]} network."
    act = state.activation
    if act is not None and act.agent != agent_id:
        return (f"{agent_name(act.agent)} is being activated: finish that activation before activating {name} "
                "(only one agent at a time).")
    if state.pools.get(seat, 0) <= 0:
        return f"Your AP pool is empty for stage {state.stage}."
    if limit_left(state, agent_id) <= 0:
        return f"{name} has used the whole AP limit for this stage."
    if opening and act is None and not can_open_activation(state, agent_id):
        left = ap_left(state, agent_id)
        return (f"{name} has {left} AP left and nothing to spend it on here: an agent with 1 AP can be activated "
                "only for a 1-AP action (a conversation with an enemy on the same space).")
    return None


def _explain_move(state, action) -> str:
    aid, name = action.agent, agent_name(action.agent)
    if action.to not in board(state).spaces:
        return "That is not a space on this board: no agent may leave the board."
    if not can_move_now(state, aid):
        act = state.activation
        if act.move_stopped:
            return f"{name} entered a space with an enemy watcher: the movement ends there."
        return f"{name} moved and then acted: after an action that followed movement there is no more moving."
    left = ap_left(state, aid)
    act = state.activation
    moved = act.moved_spaces if act is not None and act.agent == aid else 0
    free = free_steps(state, aid)
    if left + free < MOVE_ONLY_MIN_AP and moved == 0 and not (act is not None and act.acted):
        return f"{name} has {left} AP left: moving needs at least {MOVE_ONLY_MIN_AP} AP."
    from .rules import reachable

    a = state.agents[aid]
    if action.to == a.space:
        return f"{name} is already there."
    cost = board(state).path_cost(a.space, action.to, a.side)
    if cost is None:
        return f"{name} cannot reach that space: the only paths there are closed to the {SIDE_NAMES[a.side]} network."
    legal_cost = reachable(state, aid, 99).get(action.to)
    if legal_cost is None:
        return f"{name} would have to pass a watcher's space, where the movement must end."
    if legal_cost > left:
        around = " around a watcher's space (entering it ends the movement)" if legal_cost > cost - free else ""
        return f"That space is {legal_cost} AP away{around}; {name} has {left} AP left."
    return (f"Moving {legal_cost} AP there would leave {name} unable to finish the activation: movement alone needs "
            f"at least {MOVE_ONLY_MIN_AP} AP, or an action must follow.")


def _explain_map(state, action) -> str:
    if action.item not in state.agents[action.agent].items:
        return f"{agent_name(action.agent)} does not hold that item."
    return "The city map moves the agent to a location of the same sector, for 1 AP, as the movement."


def _explain_converse(state, action) -> str:
    aid, name = action.agent, agent_name(action.agent)
    if not can_act_now(state, aid):
        return f"{name} has already taken the action of this activation."
    if action.target not in state.agents or state.agents[action.target].side == state.agents[aid].side:
        return "A conversation is held with an enemy agent."
    if state.agents[action.target].space != state.agents[aid].space:
        return f"{agent_name(action.target)} is not on {name}'s space: a conversation needs both on one space."
    if ap_left(state, aid) < CONVERSATION_AP:
        return f"{name} has no AP left: a conversation needs 1 AP."
    for iid in action.items:
        if iid not in state.agents[aid].items:
            return f"{name} does not hold item {iid}."
        if not item_works(state, iid) or item(iid).effect not in CONVERSATION_ITEM_EFFECTS:
            return f"{item(iid).name} does not help in a conversation."
    return "Name the items in a fixed order, each once."


def _own_pair_talked(state, seat, action) -> bool:
    a = state.agents.get(action.agent)
    return a is not None and a.side == seat and action.target in state.agents and have_talked(
        state, action.agent, action.target)


def _talked_reason(action) -> str:
    """K13: the pair's conversation of this stage is spent."""
    return (f"{agent_name(action.agent)} and {agent_name(action.target)} have already had their conversation this "
            "stage: two agents talk at most once a stage, whoever starts it (a failed rank test counts).")


def _explain_search(state, action) -> str:
    aid = action.agent
    if not can_act_now(state, aid):
        return f"{agent_name(aid)} has already taken the action of this activation."
    why = search_block(state, aid)
    if why:
        return why[0].upper() + why[1:] + "."
    return f"{agent_name(aid)} holds no single-use item for looking at two tiles."


def _explain_use(state, action) -> str:
    aid = action.agent
    if state.activation is None or state.activation.agent != aid:
        return "An item may be used only by the activated agent: activate the agent first (move or act)."
    if action.item not in state.agents[aid].items:
        return f"{agent_name(aid)} does not hold that item."
    return f"{item(action.item).name} is not used on its own: {item(action.item).text}"


# ------------------------------------------------------------------ prompt

PENDING_PROMPTS = {
    "found": "Keep the tile you found, or discard it now as evidence against an enemy agent of one of its colours.",
    "peek": "Take one of the two tiles you looked at; the other goes to the bottom of the stack.",
    "rank_reroll": "The rank test failed: use the trait to roll it again (once a stage), or accept.",
    "conversation_reroll": "Roll the conversation again with your item (the second result stands), or accept the roll.",
}


def prompt(state, seat: str | None, current: str | None) -> str:
    if state.result is not None:
        return state.result.reason
    if seat is None:
        return f"Stage {state.stage} of {state.stages}: the {SIDE_NAMES.get(current, '')} player is to act."
    if current != seat:
        return _waiting(state, current)
    if state.pending:
        return PENDING_PROMPTS[state.pending[0].kind]
    if state.phase == PLANNING:
        return (f"Stage {state.stage} of {state.stages}: choose your planning card in secret "
                f"({len(available_cards(state, seat))} available).")
    if state.phase == CARRY_OVER:
        return "You won: choose one evidence track to keep whole for the next scenario (not the one against Kloss)."
    act = state.activation
    if act is None:
        return (f"Your activation ({state.pools[seat]} AP in the pool): move an agent, talk with an enemy on the "
                "same space or search a location - or give up the rest of the stage.")
    name = agent_name(act.agent)
    left = ap_left(state, act.agent)
    bits = []
    if move_options(state, act.agent):
        bits.append("move")
    partners = talk_partners(state, act.agent)
    if can_act_now(state, act.agent) and partners and left >= CONVERSATION_AP:
        bits.append("talk with " + " or ".join(agent_name(t) for t in partners))
    if can_act_now(state, act.agent) and search_block(state, act.agent) is None:
        bits.append("search")
    if can_end_activation(state):
        bits.append("end the activation")
        note = ""
    else:
        note = f" (movement alone needs {MOVE_ONLY_MIN_AP} AP)"
    if not bits:
        return f"{name}: {left} AP left (pool {state.pools[seat]}). You may give up the stage{note}."
    return f"{name}: {left} AP left (pool {state.pools[seat]}). You may {', '.join(bits)}{note}, or give up the stage."


def _waiting(state, current) -> str:
    if current is None:
        return ""
    if state.phase == PLANNING:
        return f"The {SIDE_NAMES[current]} player is choosing a planning card."
    if state.phase == CARRY_OVER:
        return f"The {SIDE_NAMES[current]} player won and is choosing an evidence track to keep whole."
    if state.pending:
        return f"The {SIDE_NAMES[current]} player is deciding."
    return f"The {SIDE_NAMES[current]} player is activating an agent."

