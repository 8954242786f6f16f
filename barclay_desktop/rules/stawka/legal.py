"""Legal actions, the reasons for refusing the others, and the prompt line.

legal() is the single source of truth; explain() walks the same rules to say
precisely why an action is refused.
"""

from __future__ import annotations

import functools
import itertools

from ..core.message import Joined, msg, nmsg
from . import actions as A
from . import (advanced_items, arrest, assassination, car, location_actions, location_cards, location_hooks, missions,
               pulkowski, radio, radio_view, reaction_cards, reaction_effects, reaction_windows, vehicle)
from . import texts as T
from . import threat_play
from .alertness import support_pending_legal
from .content import location_card_conversion_ap
from .flow import available_cards, carry_item_choices, carry_over_choices, plan_card
from .rules import (
    advanced,
    CONVERSATION_AP,
    turned_back,
    extended,
    MOVE_ONLY_MIN_AP,
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
    can_search,
    search_block,
    talk_partners,
)
from . import placement
from .placement import placement_spaces
from .threats import THREATS, setout_spaces
from .state import ACTIVATION, CARRY_OVER, PLACEMENT, PLANNING

USABLE_EFFECTS = ("extra_ap_pool", "clear_evidence")  # items used on their own, outside a move or action
CONVERSATION_ITEM_EFFECTS = ("conversation_bonus", "rank_bonus")


def legal(state, seat: str) -> list:
    if state.pending:
        return pending_legal(state, state.pending[0])
    if state.phase == PLANNING:
        return [A.ChoosePlan(c.id) for c in available_cards(state, seat)]
    if state.phase == PLACEMENT:
        spaces = {side: placement_spaces(state, side) for side in set(state.to_place.values())}
        return [A.PlaceAgent(aid, to) for aid, side in state.to_place.items() for to in spaces[side]]
    if state.phase == THREATS:
        spaces = setout_spaces(state, seat)
        return [A.PlaceThreat(t, to) for t in sorted(set(state.threat_hand[seat])) for to in spaces]
    if state.phase == CARRY_OVER:
        if state.carry_step == "item":
            return [A.KeepCampaignItem(i) for i in carry_item_choices(state)] + [A.KeepCampaignItem(None)]
        return [A.KeepTrackWhole(c) for c in carry_over_choices(state, seat)] + [A.KeepTrackWhole(None)]
    if state.phase != ACTIVATION:
        return []
    if state.vehicle and vehicle.active(state):  # Top Secret: the Black Audi's activation (F19), F24's card
        return vehicle.steps(state, seat) + car.card_moves(state, seat) + [A.GiveUp()]
    act = state.activation
    claims = ([A.ClaimMission(aid) for aid in missions.claim_options(state, seat)]  # P19: any decision of the turn
              if extended(state) else [])
    if advanced(state):
        claims += location_cards.convert_actions(state, seat)  # Location Cards 4, A3: in the owner's turn
        claims += location_actions.actions(state, seat)  # Location Cards 3 and 5, A8-A10: no AP, not an action
        if state.vehicle:  # Top Secret: a Top Secret card moves the Black Audi (F24)
            claims += car.card_moves(state, seat)
    if act is not None:
        out = agent_steps(state, act.agent)
        if can_end_activation(state):
            out.append(A.EndActivation())
        return out + claims + [A.GiveUp()]  # K14: at any moment of one's own turn, even before 2 AP of movement
    out = vehicle.steps(state, seat) if state.vehicle else []  # Top Secret: the Black Audi (F19)
    for aid, a in state.agents.items():
        if a.side == seat and ap_left(state, aid) > 0:
            out += agent_steps(state, aid)  # an agent with no step cannot be activated (Activating 2)
    return out + claims + [A.GiveUp()]


def continuations(state) -> list:
    """What the active agent can still do, other than ending the activation."""
    act = state.activation
    if act is None:
        return []
    out = agent_steps(state, act.agent)
    if location_cards.conversion_keeps_open(state):  # A3: the pool, not his limit, stops him
        out += location_cards.convert_actions(state, state.agents[act.agent].side)
    out += location_actions.active_uses(state)  # A8: a card costs no AP, so it keeps the activation open
    return out


@functools.lru_cache(maxsize=8192)
def _move(aid: str, to: str) -> A.Move:
    """The same frozen action each time: the move generator offers every reachable space at every step."""
    return A.Move(aid, to)


def agent_steps(state, aid: str) -> list:
    out: list = [_move(aid, to) for to in sorted(move_options(state, aid))]
    for iid in held(state, aid, "move_to_location"):
        out += [A.MoveByMap(aid, iid, to) for to in map_destinations(state, aid)]
    ext = extended(state)
    if can_act_now(state, aid):
        out += conversation_actions(state, aid)
        if can_search(state, aid):
            out.append(A.Search(aid))
            out += [A.Search(aid, iid) for iid in held(state, aid, "search_peek", reusable=False)]
        if ext:
            out += arrest.actions(state, aid)  # arrest, interrogation, kidnapping
        out += radio.transmit_actions(state, aid)  # "I Know Who You Are" (F6)
    if state.activation is not None and state.activation.agent == aid:
        for effect in USABLE_EFFECTS:
            out += [A.UseItem(aid, iid) for iid in held(state, aid, effect)]
        if ext:
            out += [A.UseItem(aid, iid) for iid in missions.typewriter_items(state, aid)]  # Mission Cards 3B
        out += advanced_items.use_actions(state, aid)  # ADVANCED: Top Secret parts, card draws (A22)
    if ext:
        if threat_play.can_discard(state, aid):
            out.append(A.DiscardThreat(aid, state.agents[aid].space))
        out += [A.RemoveThreat(aid, iid) for iid in threat_play.cutters(state, aid)]
        out += [A.PeekThreat(aid, iid, sp) for iid, sp in threat_play.peek_options(state, aid)]
        out += [A.TakeMission(aid, r, c) for r, c in missions.take_options(state, aid)]  # each the action (1 AP)
        out += [A.Assassinate(aid, t, w) for t, w in assassination.attack_options(state, aid)]
        if turned_back(state, aid, state.agents[aid].space):  # he stayed back from acting here this stage
            out = [a for a in out if not isinstance(a, DECLARED_ACTIONS)]
    return out


# Actions declared on the agent's space: a document check there stops them (P5).
DECLARED_ACTIONS = (A.Converse, A.Search, A.TakeMission, A.Assassinate, A.Arrest, A.Interrogate, A.Kidnap, A.Transmit)


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
    if p.kind == "campaign_item":  # A29: any agent of the side that kept it
        return [A.GiveCampaignItem(aid) for aid, a in state.agents.items() if a.side == p.seat]
    if p.kind == "found":
        (iid,) = p.items
        casket = advanced_items.found_legal(state, iid)  # ADVANCED (A22): a casket only gives its card
        if casket is not None:
            return casket
        return [A.KeepItem(iid)] + [A.UseAsEvidence(iid, c) for c in item(iid).evidence]
    if p.kind == "peek":
        return [A.TakeTile(i) for i in p.items]
    if p.kind == "rank_reroll":
        return [A.RerollRank(), A.AcceptRoll()]
    if p.kind == "support":
        return [A.UseSupport(sp) for sp in support_pending_legal(state, p)]
    if p.kind == "threat_entered":
        out = [A.DiscardThreat(p.agent, p.location)] if threat_play.can_discard(state, p.agent) else []
        return out + [A.RemoveThreat(p.agent, i) for i in threat_play.cutters(state, p.agent)] + [A.PassThreat()]
    if p.kind == "threat_window":
        return ([A.TriggerThreat()] if threat_play.can_trigger(state, p) else []) + [A.KeepThreat()]
    if p.kind == "document_check":
        return ([A.TryCheck(None)] + [A.TryCheck(i) for i in threat_play.pass_items(state, p.agent)]
                + [A.StayBack()])
    if p.kind == "thief":
        return [A.GiveToThief(i) for i in state.agents[p.agent].items]
    if p.kind == "conversation_reroll":
        return [A.RerollConversation(i) for i in held(state, p.agent, "reroll_conversation", reusable=False)] + [
            A.AcceptRoll()
        ]
    if p.kind == "fire_back":  # P25: two or more reaching weapons, so never empty
        return [A.FireBackWith(w) for w in assassination.fire_back_weapons(state, p.agent, p.target)]
    if p.kind in arrest.PENDING_KINDS:
        return arrest.pending_legal(state, p)
    if p.kind == "reaction_discard":  # Reaction Cards 5: one card at a time, down to the limit
        return reaction_cards.discard_actions(state, p)
    if p.kind == "reaction_window":  # A11: the playable cards of its colour, and the pass
        return reaction_windows.window_legal(state, p)
    if p.kind == "block_window":  # A16: a same-colour card with the block symbol, or let it take effect
        return reaction_windows.block_legal(state, p)
    if p.kind == "move_threats":  # a location card: up to N own tokens, then done (always legal)
        return location_hooks.move_threat_actions(state, p)
    if p.kind == "reply":  # reciprocity (A19): his single-use conversation items, any subset; () always
        return reaction_effects.reply_legal(state, p)
    if p.kind in radio.PENDING_KINDS:  # "I Know Who You Are": hide the station, name the clue (F5, F9)
        return radio_view.pending_legal(state, p)
    if p.kind == "secret_bonus":  # Top Secret (F26): "none" always
        return [A.SecretBonus(c) for c in pulkowski.bonus_choices(state, p.seat)] + [A.SecretBonus("none")]
    if p.kind == "place_drawn_threat":  # opened only while a free legal space exists (F26)
        return [A.PlaceDrawnThreat(to) for to in setout_spaces(state, p.seat)]
    raise AssertionError(f"unknown pending decision {p.kind}")


# ------------------------------------------------------------------ why not


def explain(state, seat: str, action) -> str:
    if isinstance(action, reaction_windows.ACTIONS):  # ADVANCED: the reaction and block windows
        return reaction_windows.explain(state, seat, action)
    if isinstance(action, A.ReplyWith):  # ADVANCED: the reciprocity roll (A19)
        return reaction_effects.explain_reply(state, seat, action)
    if isinstance(action, radio_view.ACTIONS):  # "I Know Who You Are" (F5-F9)
        return radio_view.explain(state, seat, action)
    if state.pending:
        ask = advanced_items.casket_prompt(state) or PENDING_PROMPTS[state.pending[0].kind]
        if isinstance(action, A.GiveUp):  # the action under way ends first (docs/stawka-rules-notes.md 7)
            return msg("Finish this decision first: {decision} Then you may give up the rest of the stage.",
                       decision=PENDING_ASIDES[state.pending[0].kind])
        return ask
    if state.vehicle or isinstance(action, car.ACTIONS):  # Top Secret: the Audi, its card, its bonus (F19-F26)
        why = car.explain(state, seat, action)
        if why:
            return why
    if isinstance(action, A.ConvertLocationCard):
        return location_cards.explain_convert(state, seat, action)
    if isinstance(action, (A.UseLocationCard, A.UseHideout)):
        return location_actions.explain(state, seat, action)
    if isinstance(action, A.DiscardReaction):
        return reaction_cards.explain_discard(state, seat, action)
    if isinstance(action, (A.MoveThreatByCard, A.DoneMovingThreats)):
        return location_hooks.explain_pending(state, action)
    if isinstance(action, A.PlaceAgent) or state.phase == PLACEMENT:
        return _explain_place(state, action)
    if isinstance(action, A.PlaceThreat) or state.phase == THREATS:
        return _explain_setout(state, seat, action)
    if isinstance(action, A.ChoosePlan):
        return _explain_plan(state, seat, action.card)
    if state.phase == PLANNING:
        return msg("Stage {stage} has not started yet: first choose a planning card.", stage=state.stage)
    if state.phase == CARRY_OVER:
        if isinstance(action, A.KeepCampaignItem) and state.carry_step == "item":
            return msg("Your agents do not hold that item.")
        if isinstance(action, A.KeepTrackWhole) and state.carry_step != "item":
            return msg("That track cannot be kept whole: it must hold 2 or more evidence and not be the one "
                       "against Kloss.")
        return msg("The scenario is won: only the carry-over choice remains.")
    if isinstance(action, (A.KeepTrackWhole, A.KeepCampaignItem)):
        return msg("Only the winner of the scenario chooses what to keep, after the game.")
    if isinstance(action, (A.TakeTile, A.KeepItem, A.UseAsEvidence, A.RerollRank, A.RerollConversation, A.AcceptRoll)):
        return msg("There is no found tile or roll waiting for that decision.")
    if isinstance(action, (A.UseSupport, A.PassThreat, A.TriggerThreat, A.KeepThreat, A.TryCheck, A.StayBack,
                           A.GiveToThief)):
        return msg("No threat token or test is waiting for that decision.")
    if isinstance(action, (A.SkipInterrogation, A.PlaceKidnapped, A.ReleaseTo)):
        return arrest.explain_decision(state, action)
    if isinstance(action, A.EndActivation):
        return _explain_end(state)
    if isinstance(action, A.GiveUp):
        return msg("You cannot give up now.")
    if isinstance(action, A.FireBackWith):
        return msg("There is no attack to answer: an agent fires back only when he is attacked.")
    if isinstance(action, A.ClaimMission):
        return missions.explain_claim(state, seat, action)
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
    why = arrest.explain(state, action)  # arrest, interrogation, kidnapping
    if why:
        return why
    if isinstance(action, (A.DiscardThreat, A.RemoveThreat)):
        return _explain_discard(state, action)
    if isinstance(action, A.PeekThreat):
        return msg("{name} may look at a face-down enemy threat token of his own sector with an item for it, once "
                   "an activation for a lasting one.", name=T.agent(action.agent))
    if isinstance(action, A.TakeMission):
        return missions.explain_take(state, action)
    if isinstance(action, A.Assassinate):
        return assassination.explain(state, action)
    return msg("That is not a legal move right now.")


def _explain_discard(state, action) -> str:
    aid, name = action.agent, T.agent(action.agent)
    if not extended(state):
        return msg("Threat tokens are part of the EXTENDED rules, not of this scenario.")
    if threat_play.enemy_threat(state, aid, state.agents[aid].space) is None:
        return msg("No enemy threat token lies on {name}'s space.", name=name)
    if isinstance(action, A.RemoveThreat):
        return msg("{name} holds no wire cutters, or is not the activated agent.", name=name)
    if not can_act_now(state, aid):
        return msg("{name} has already taken the action of this activation.", name=name)
    return msg("{name} has no AP left: discarding a threat token needs 1 AP.", name=name)


def _explain_place(state, action) -> str:
    if state.phase != PLACEMENT:
        return msg("The agents are placed before the first stage, not now.")
    if not isinstance(action, A.PlaceAgent):
        return msg("First the players place the remaining agents, in turn.")
    if action.agent in state.agents:
        return msg("{name} is already on the board.", name=T.agent(action.agent))
    if action.agent not in state.to_place:
        return msg("There is no such agent in this scenario.")
    if action.to in placement_spaces(state):
        return msg("{side} already has an agent in that sector: at most one of each network starts in a sector.",
                   side=T.NETWORK_NAME[state.to_place[action.agent]])
    if action.to in board(state).spaces:
        return msg("Agents are placed on locations only, and none in the sector this scenario closes to them.")
    return msg("There is no such space on this board.")


def _explain_setout(state, seat, action) -> str:
    if state.phase != THREATS:
        return msg("Threat tokens are set out at the start of a stage, after the planning cards.")
    if not isinstance(action, A.PlaceThreat):
        return msg("First the drawn threat tokens are set out, in turn.")
    if action.token not in state.threat_hand.get(seat, ()):
        return msg("That is not one of the threat tokens you drew this stage.")
    if action.to in state.threats:
        return msg("A threat token already lies there: one token a space.")
    if seat == "german":
        return msg("German threat tokens go on locations.")
    return msg("Polish threat tokens go on street spaces without German agents.")


def _explain_plan(state, seat, card_id) -> str:
    if state.phase != PLANNING:
        return msg("Planning cards are chosen at the start of a stage, not now.")
    try:
        card = plan_card(card_id)
    except (KeyError, ValueError):
        return msg("There is no such planning card.")
    if card.side != seat:
        return msg("{card} is a {side} planning card.", card=T.card_name(card), side=T.NETWORK_SIDE[card.side])
    if card_id in state.used[seat]:
        return msg("{card} was used earlier in this cycle: used cards return only after both players "
                   "have used four of their five.", card=T.card_name(card))
    return msg("You have already chosen a planning card this stage.")


def _explain_end(state) -> str:
    act = state.activation
    if act is None:
        return msg("No agent is being activated.")
    if act.moved_spaces < MOVE_ONLY_MIN_AP and not act.acted:
        return nmsg("{name} has only moved {n} space: an activation of movement alone needs at least "
                    "{min} AP - move on or take an action.",
                    "{name} has only moved {n} spaces: an activation of movement alone needs at least "
                    "{min} AP - move on or take an action.",
                    act.moved_spaces, name=T.agent(act.agent), n=act.moved_spaces, min=MOVE_ONLY_MIN_AP)
    return msg("The activation cannot end yet.")


def _explain_agent(state, seat, agent_id, opening: bool) -> str | None:
    if agent_id not in state.agents:
        return msg("There is no such agent in this scenario.")
    a = state.agents[agent_id]
    name = T.agent(agent_id)
    if a.side != seat:
        return msg("{name} belongs to the {side} network.", name=name, side=T.NETWORK_SIDE[a.side])
    if a.arrested:
        return msg("{name} is in the jail: an arrested agent cannot be activated.", name=name)
    act = state.activation
    if act is not None and act.agent != agent_id:
        return msg("{active} is being activated: finish that activation before activating {name} "
                   "(only one agent at a time).", active=T.agent(act.agent), name=name)
    if state.pools.get(seat, 0) <= 0:
        return msg("Your AP pool is empty for stage {stage}.", stage=state.stage)
    if limit_left(state, agent_id) <= 0:
        return msg("{name} has used the whole AP limit for this stage.", name=name)
    if opening and act is None and not can_open_activation(state, agent_id):
        left = ap_left(state, agent_id)
        return msg("{name} has {left} AP left and nothing to spend it on here: an agent with 1 AP can be "
                   "activated only for a 1-AP action (a conversation with an enemy on the same space).",
                   name=name, left=left)
    return None


def _explain_move(state, action) -> str:
    aid, name = action.agent, T.agent(action.agent)
    if action.to not in board(state).spaces:
        return msg("That is not a space on this board: no agent may leave the board.")
    if not can_move_now(state, aid):
        act = state.activation
        if act.move_stopped:
            return msg("{name} entered a space with an enemy watcher: the movement ends there.", name=name)
        return msg("{name} moved and then acted: after an action that followed movement there is no more moving.",
                   name=name)
    left = ap_left(state, aid)
    act = state.activation
    moved = act.moved_spaces if act is not None and act.agent == aid else 0
    free = free_steps(state, aid)
    if left + free < MOVE_ONLY_MIN_AP and moved == 0 and not (act is not None and act.acted):
        return msg("{name} has {left} AP left: moving needs at least {min} AP.", name=name, left=left,
                   min=MOVE_ONLY_MIN_AP)
    from .rules import reachable

    a = state.agents[aid]
    if action.to == a.space:
        return msg("{name} is already there.", name=name)
    cost = board(state).path_cost(a.space, action.to, a.side)
    if cost is None:
        return msg("{name} cannot reach that space: the only paths there are closed to the {side} network.",
                   name=name, side=T.NETWORK_SIDE[a.side])
    legal_cost = reachable(state, aid, 99).get(action.to)
    if legal_cost is None:
        if extended(state):
            return msg("{name} would have to pass a space where the movement must end: an enemy watcher's, an "
                       "enemy threat token's or the fort.", name=name)
        return msg("{name} would have to pass a watcher's space, where the movement must end.", name=name)
    if legal_cost > left:
        if legal_cost > cost - free:
            return msg("That space is {cost} AP away around a watcher's space (entering it ends the movement); "
                       "{name} has {left} AP left.", cost=legal_cost, name=name, left=left)
        return msg("That space is {cost} AP away; {name} has {left} AP left.", cost=legal_cost, name=name, left=left)
    return msg("Moving {cost} AP there would leave {name} unable to finish the activation: movement alone needs "
               "at least {min} AP, or an action must follow.", cost=legal_cost, name=name, min=MOVE_ONLY_MIN_AP)


def _explain_map(state, action) -> str:
    if action.item not in state.agents[action.agent].items:
        return msg("{name} does not hold that item.", name=T.agent(action.agent))
    return msg("The city map moves the agent to a location of the same sector, for 1 AP, as the movement.")


def _explain_converse(state, action) -> str:
    aid, name = action.agent, T.agent(action.agent)
    if not can_act_now(state, aid):
        return msg("{name} has already taken the action of this activation.", name=name)
    if action.target not in state.agents or state.agents[action.target].side == state.agents[aid].side:
        return msg("A conversation is held with an enemy agent.")
    if state.agents[action.target].arrested:
        return msg("{target} is in the jail: nobody talks with an arrested agent.", target=T.agent(action.target))
    if state.agents[action.target].space != state.agents[aid].space:
        return msg("{target} is not on {name}'s space: a conversation needs both on one space.",
                   target=T.agent(action.target), name=name)
    if ap_left(state, aid) < CONVERSATION_AP:
        return msg("{name} has no AP left: a conversation needs 1 AP.", name=name)
    for iid in action.items:
        if iid not in state.agents[aid].items:
            return msg("{name} does not hold item {item}.", name=name, item=iid)
        if not item_works(state, iid) or item(iid).effect not in CONVERSATION_ITEM_EFFECTS:
            return msg("{item} does not help in a conversation.", item=T.item_name(iid))
    return msg("Name the items in a fixed order, each once.")


def _own_pair_talked(state, seat, action) -> bool:
    a = state.agents.get(action.agent)
    return a is not None and a.side == seat and action.target in state.agents and have_talked(
        state, action.agent, action.target)


def _talked_reason(action) -> str:
    """K13: the pair's conversation of this stage is spent."""
    return msg("{name} and {target} have already had their conversation this stage: two agents talk at most "
               "once a stage, whoever starts it (a failed rank test counts).",
               name=T.agent(action.agent), target=T.agent(action.target))


def _explain_search(state, action) -> str:
    aid = action.agent
    if not can_act_now(state, aid):
        return msg("{name} has already taken the action of this activation.", name=T.agent(aid))
    why = search_block(state, aid)
    if why:
        return why
    return msg("{name} holds no single-use item for looking at two tiles.", name=T.agent(aid))


def _explain_use(state, action) -> str:
    aid = action.agent
    if state.activation is None or state.activation.agent != aid:
        return msg("An item may be used only by the activated agent: activate the agent first (move or act).")
    if action.item not in state.agents[aid].items:
        return msg("{name} does not hold that item.", name=T.agent(aid))
    if item(action.item).effect == "take_mission":
        return missions.explain_typewriter(state, aid)
    why = advanced_items.explain_use(state, action)  # ADVANCED tiles (A22, A23)
    if why is not None:
        return why
    return msg("{item} is not used on its own: {text}", item=T.item_name(action.item), text=T.item_text(action.item))


# ------------------------------------------------------------------ prompt

PENDING_PROMPTS = {
    "found": msg("Keep the tile you found, or discard it now as evidence against an enemy agent of one of its "
                 "colours."),
    "peek": msg("Take one of the two tiles you looked at; the other goes to the bottom of the stack."),
    "rank_reroll": msg("The rank test failed: use the trait to roll it again (once a stage), or accept."),
    "conversation_reroll": msg("Roll the conversation again with your item (the second result stands), or accept "
                               "the roll."),
    "support": msg("Before the dice: reveal one of your support tokens in this sector to change the roll by 1 in "
                   "your favour, or use none."),
    "threat_entered": msg("Your agent stopped on an enemy threat token: try to discard it (1 AP, as the action), or "
                          "go on without checking it."),
    "threat_window": msg("An enemy agent is on your threat token: reveal it now, or keep it hidden."),
    "document_check": msg("A document check: roll 2d6 (more than the agent's Alertness passes), show a pass, or stay "
                          "back."),
    "thief": msg("A thief: choose the item your agent loses."),
    "fire_back": msg("Your agent is attacked and fires back at once: choose the weapon."),
    "interrogate_now": msg("The arrest succeeded: interrogate the prisoner now (no AP), or do not."),
    "place_kidnapped": msg("The exchange: put the kidnapped agent on any street space."),
    "release_to": msg("Release the prisoner onto a location in a sector where no SS officer stands."),
    "campaign_item": msg("Give the item you kept from the last scenario to one of your agents."),
    "reaction_discard": msg("You hold more than 3 reaction cards: discard one (face up, without its effect)."),
    "reaction_window": reaction_windows.PROMPT,
    "block_window": reaction_windows.BLOCK_PROMPT,
    "move_threats": msg("The location card moves your threat tokens: move one to a free legal space, or stop."),
    "reply": reaction_effects.REPLY_PROMPT,
    **radio_view.PROMPTS,
    "secret_bonus": msg("Your secret brings a bonus: move up to two of your threat tokens, or draw one from your pool "
                        "and set it out at once, or take nothing."),
    "place_drawn_threat": msg("Set out the threat token you drew on a free legal space."),
}
# The same decisions in the middle of a sentence ("Finish this decision first: keep the tile...").
PENDING_ASIDES = {
    "found": msg("keep the tile you found, or discard it now as evidence against an enemy agent of one of its "
                 "colours."),
    "peek": msg("take one of the two tiles you looked at; the other goes to the bottom of the stack."),
    "rank_reroll": msg("the rank test failed: use the trait to roll it again (once a stage), or accept."),
    "conversation_reroll": msg("roll the conversation again with your item (the second result stands), or accept "
                               "the roll."),
    "support": msg("reveal one of your support tokens in this sector to change the roll by 1, or use none."),
    "threat_entered": msg("try to discard the enemy threat token, or go on without checking it."),
    "threat_window": msg("reveal your threat token now, or keep it hidden."),
    "document_check": msg("take the document check, show a pass, or stay back."),
    "thief": msg("choose the item your agent loses to the thief."),
    "fire_back": msg("your attacked agent fires back: choose the weapon."),
    "interrogate_now": msg("interrogate the new prisoner now, or not."),
    "place_kidnapped": msg("put the kidnapped agent on a street space."),
    "release_to": msg("release the prisoner onto a location."),
    "campaign_item": msg("give the item you kept to one of your agents."),
    "reaction_discard": msg("discard reaction cards down to 3."),
    "reaction_window": reaction_windows.ASIDE,
    "block_window": reaction_windows.BLOCK_ASIDE,
    "move_threats": msg("move your threat tokens with the location card, or stop."),
    "reply": reaction_effects.REPLY_ASIDE,
    **radio_view.ASIDES,
    "secret_bonus": msg("choose your secret's bonus: move two threat tokens, set out a new one, or nothing."),
    "place_drawn_threat": msg("set out the threat token you drew."),
}


def prompt(state, seat: str | None, current: str | None) -> str:
    if state.result is not None:
        return state.result.reason
    if seat is None:
        if current not in T.PLAYER_SIDE:
            if not state.stages:  # F3: open-ended, no "of N"
                return msg("Stage {stage}.", stage=state.stage)
            return msg("Stage {stage} of {stages}.", stage=state.stage, stages=state.stages)
        if not state.stages:
            return msg("Stage {stage}: the {side} player is to act.", stage=state.stage, side=T.PLAYER_SIDE[current])
        return msg("Stage {stage} of {stages}: the {side} player is to act.", stage=state.stage,
                   stages=state.stages, side=T.PLAYER_SIDE[current])
    if current != seat:
        return _waiting(state, current)
    if state.pending:
        p = state.pending[0]
        if p.kind == "rank_reroll":  # whose trait: with several agents it is not plain
            return msg("The rank test failed: roll it again with {name}'s trait (once a stage), or accept.",
                       name=T.agent(p.agent))
        if p.kind in reaction_windows.KINDS:  # which agent, which window, and whether a card can answer
            return reaction_windows.prompt(state, p)
        return advanced_items.casket_prompt(state) or PENDING_PROMPTS[p.kind]
    if state.phase == PLACEMENT:
        if placement.placement_rule(state)["rule"] == placement.ANY_SPACE:  # F29: streets too
            return nmsg("Place one of the agents still off the board ({n} left), yours or the enemy's, on any "
                        "space of a sector without an agent of his network.",
                        "Place one of the agents still off the board ({n} left), yours or the enemy's, on any "
                        "space of a sector without an agent of his network.", len(state.to_place),
                        n=len(state.to_place))
        return nmsg("Place one of the agents still off the board ({n} left), yours or the enemy's, on a location.",
                    "Place one of the agents still off the board ({n} left), yours or the enemy's, on a location.",
                    len(state.to_place), n=len(state.to_place))
    if state.phase == THREATS:
        if seat == "german":
            return msg("Set out one of your drawn threat tokens on a free location.")
        return msg("Set out one of your drawn threat tokens on a free street space without German agents.")
    if state.phase == PLANNING and not state.stages:  # F3: open-ended, no "of N"
        return msg("Stage {stage}: choose your planning card in secret ({n} available).",
                   stage=state.stage, n=len(available_cards(state, seat)))
    if state.phase == PLANNING:
        return msg("Stage {stage} of {stages}: choose your planning card in secret ({n} available).",
                   stage=state.stage, stages=state.stages, n=len(available_cards(state, seat)))
    if state.phase == CARRY_OVER:
        if state.carry_step == "item":
            return msg("You won: choose one item your agents hold to keep for the next scenario.")
        return msg("You won: choose one evidence track to keep whole for the next scenario (not the one against "
                   "Kloss).")
    if state.vehicle and vehicle.active(state):  # Top Secret: the Black Audi's activation (F19)
        return msg("The Black Audi: {left} AP left (pool {pool}). Drive on, or end its activation once it has covered "
                   "two spaces.", left=vehicle.ap_left(state), pool=state.pools[seat])
    act = state.activation
    if act is None and advanced(state) and location_cards.can_convert(state, seat) and not any(
            a.side == seat and can_open_activation(state, aid) for aid, a in state.agents.items()):
        return msg("Your pool holds {pool} AP, too few to activate an agent: turn a location card into {n} AP, or "
                   "give up the rest of the stage.", pool=state.pools[seat], n=location_card_conversion_ap())
    if act is None:
        return msg("Your activation ({pool} AP in the pool): move an agent, talk with an enemy on the same space "
                   "or search a location - or give up the rest of the stage.", pool=state.pools[seat])
    return _activation_prompt(state, seat, act)



def _activation_prompt(state, seat, act) -> str:
    name = T.agent(act.agent)
    left = ap_left(state, act.agent)
    bits = []
    if move_options(state, act.agent):
        bits.append(msg("move"))
    partners = talk_partners(state, act.agent)
    if can_act_now(state, act.agent) and partners and left >= CONVERSATION_AP:
        bits.append(msg("talk with {names}", names=T.either(T.agent(t) for t in partners)))
    if can_act_now(state, act.agent) and can_search(state, act.agent):
        bits.append(msg("search"))
    if can_act_now(state, act.agent):
        bits += arrest.prompt_bits(state, act.agent)
        if radio.transmit_actions(state, act.agent):
            bits.append(msg("transmit the report"))
    can_end = can_end_activation(state)
    if can_end:
        bits.append(msg("end the activation"))
    if location_cards.conversion_keeps_open(state):
        bits.append(msg("turn a location card into {n} AP", n=location_card_conversion_ap()))
    if location_actions.active_uses(state):
        bits.append(msg("use a location card"))
    pool = state.pools[seat]
    if not bits:
        return msg("{name}: {left} AP left (pool {pool}). You may give up the stage (movement alone needs {min} AP).",
                   name=name, left=left, pool=pool, min=MOVE_ONLY_MIN_AP)
    choices = Joined(bits, ", ")
    if can_end:
        return msg("{name}: {left} AP left (pool {pool}). You may {choices}, or give up the stage.",
                   name=name, left=left, pool=pool, choices=choices)
    return msg("{name}: {left} AP left (pool {pool}). You may {choices} (movement alone needs {min} AP), "
               "or give up the stage.", name=name, left=left, pool=pool, choices=choices, min=MOVE_ONLY_MIN_AP)


def _waiting(state, current) -> str:
    if current is None:
        return ""
    side = T.PLAYER_SIDE[current]
    if state.pending and state.pending[0].kind == "hide_radio":  # before stage 1's planning cards (F5)
        return radio_view.WAITING
    if state.phase == PLACEMENT:
        return msg("The {side} player is placing an agent.", side=side)
    if state.phase == THREATS:
        return msg("The {side} player is setting out a threat token.", side=side)
    if state.phase == PLANNING:
        return msg("The {side} player is choosing a planning card.", side=side)
    if state.phase == CARRY_OVER:
        if state.carry_step == "item":
            return msg("The {side} player won and is choosing an item to keep.", side=side)
        return msg("The {side} player won and is choosing an evidence track to keep whole.", side=side)
    if state.pending and state.pending[0].kind in reaction_windows.KINDS:  # public (A11)
        return reaction_windows.waiting(state, state.pending[0])
    if state.pending:
        return msg("The {side} player is deciding.", side=side)
    return msg("The {side} player is activating an agent.", side=side)
