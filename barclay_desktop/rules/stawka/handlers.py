"""Apply a validated action: one small handler per action type."""

from __future__ import annotations

from ..core.message import msg
from . import actions as A
from . import texts as T
from . import (advanced_items, alertness, arrest, assassination, car, conversation, film, flow, location_actions,
               location_cards, location_hooks, missions, placement, pulkowski, radio_view, reaction_cards,
               reaction_effects, reaction_windows, search, threat_play, threats, vehicle)
from .activation import consume_item, finish_action, move_agent, start_step
from .rules import colour, entry_check, item, route
from .state import other


def apply_handler(game, action) -> None:
    HANDLERS[type(action)](game, action)
    film.after_action(game)  # F8: the radio connection; F18: who got into the factory


def _place_agent(game, a: A.PlaceAgent) -> None:
    placement.place_agent(game, a.agent, a.to)


def _place_threat(game, a: A.PlaceThreat) -> None:
    threats.place_threat(game, a.token, a.to)


def _choose_plan(game, a: A.ChoosePlan) -> None:
    flow.choose_plan(game, game.current_seat(), a.card)


def _move(game, a: A.Move) -> None:
    path = route(game.state, a.agent, a.to)
    if not reaction_windows.offer_movement(game, a.agent, {"kind": "move", "path": path}):  # ADVANCED: red (A12)
        threat_play.move(game, a.agent, path)


def _move_by_map(game, a: A.MoveByMap) -> None:
    start_step(game, a.agent, "move")
    consume_item(game, a.agent, a.item, "move")
    path = [game.state.agents[a.agent].space, a.to]
    if not reaction_windows.offer_movement(game, a.agent, {"kind": "map", "path": path}):  # it is movement
        walk_by_map(game, a.agent, a.to)


def walk_by_map(game, agent_id: str, to: str) -> None:
    """The city map's step to `to` (1 AP): the entry check first, then the space is entered."""
    if entry_check(game.state, agent_id, to) is not None:
        threat_play.open_document_check(game, agent_id, to, "enter")
        return
    move_agent(game, agent_id, to, 1, [game.state.agents[agent_id].space, to])
    threat_play.after_entering(game, agent_id, to)


def _converse(game, a: A.Converse) -> None:
    if not threat_play.intercept(game, a.agent, a):
        conversation.start_conversation(game, a.agent, a.target, tuple(a.items))


def _search(game, a: A.Search) -> None:
    if not threat_play.intercept(game, a.agent, a):
        search.start_search(game, a.agent, a.peek)


def _take_tile(game, a: A.TakeTile) -> None:
    search.take_tile(game, a.item)


def _keep(game, a: A.KeepItem) -> None:
    search.keep_item(game, a.item)


def _evidence(game, a: A.UseAsEvidence) -> None:
    search.use_as_evidence(game, a.item, a.colour)


def _reroll_rank(game, a: A.RerollRank) -> None:
    conversation.reroll_rank(game)


def _reroll_conversation(game, a: A.RerollConversation) -> None:
    conversation.reroll_conversation(game, a.item)


def _accept(game, a: A.AcceptRoll) -> None:
    p = game.state.pending[0]
    if p.kind == "rank_reroll":
        game.state.pending.pop(0)
        game.emit("rank_test_failed", msg("{name} does not talk with {target}.", name=T.agent(p.agent),
                                          target=T.agent(p.target)))
        finish_action(game)
    else:
        conversation.accept_conversation_roll(game)


def _use_item(game, a: A.UseItem) -> None:
    s = game.state
    t = item(a.item)
    seat = s.agents[a.agent].side
    if advanced_items.handles(s, a.item):  # ADVANCED: Top Secret parts, card draws (A22)
        advanced_items.use(game, a.agent, a.item)
        return
    consume_item(game, a.agent, a.item, "")
    if t.effect == "extra_ap_pool":
        s.pools[seat] += int(t.params["amount"])
        game.emit("pool", msg("The {side} pool grows by {n} AP to {pool}.", side=T.NETWORK_SIDE[seat],
                              n=t.params["amount"], pool=s.pools[seat]))
    elif t.effect == "clear_evidence":
        flow.remove_evidence(game, other(seat), colour(a.agent), int(t.params["amount"]), T.item_name(a.item))
    elif t.effect == "take_mission":  # the typewriter (Mission Cards 3B, 5)
        missions.draw_random(game, a.agent)
    finish_action(game)


def _use_support(game, a: A.UseSupport) -> None:
    alertness.use_support(game, a.space)


def _discard_threat(game, a: A.DiscardThreat) -> None:
    if vehicle.is_vehicle(a.agent):  # Top Secret: the Black Audi's escort (F21)
        vehicle.discard(game, a.space)
        return
    threat_play.discard(game, a.agent, a.space)


def _pass_threat(game, a: A.PassThreat) -> None:
    threat_play.pass_on(game)


def _remove_threat(game, a: A.RemoveThreat) -> None:
    threat_play.cut(game, a.agent, a.item)


def _trigger_threat(game, a: A.TriggerThreat) -> None:
    threat_play.trigger(game)


def _keep_threat(game, a: A.KeepThreat) -> None:
    threat_play.keep(game)


def _try_check(game, a: A.TryCheck) -> None:
    threat_play.try_check(game, a.item)


def _stay_back(game, a: A.StayBack) -> None:
    threat_play.stay_back(game)


def _give_to_thief(game, a: A.GiveToThief) -> None:
    threat_play.thief_choice(game, a.item)


def _peek_threat(game, a: A.PeekThreat) -> None:
    threat_play.peek(game, a.agent, a.item, a.space)


def _end(game, a: A.EndActivation) -> None:
    if game.state.vehicle and vehicle.active(game.state):  # Top Secret: the Black Audi's activation (F19)
        vehicle.end(game)
        return
    flow.end_activation(game)


def _give_up(game, a: A.GiveUp) -> None:
    vehicle.stop(game)  # Top Secret: the Black Audi's activation ends with the stage given up
    flow.give_up(game, game.current_seat())


def _keep_track(game, a: A.KeepTrackWhole) -> None:
    flow.keep_track_whole(game, a.colour)


def _keep_item(game, a: A.KeepCampaignItem) -> None:
    flow.keep_campaign_item(game, a.item)


def _give_campaign_item(game, a: A.GiveCampaignItem) -> None:
    from .campaign import give_kept_item

    give_kept_item(game, a.agent)


def _take_mission(game, a: A.TakeMission) -> None:
    if not threat_play.intercept(game, a.agent, a):
        missions.take_mission(game, a.agent, a.receiver, a.card)


def _claim_mission(game, a: A.ClaimMission) -> None:
    missions.claim(game, a.agent)


def _assassinate(game, a: A.Assassinate) -> None:
    if threat_play.intercept(game, a.agent, a):
        return
    if vehicle.is_vehicle(a.target):  # Top Secret: the car carrying Pulkowski (F23)
        car.attack(game, a.agent, a.weapon)
        return
    assassination.assassinate(game, a.agent, a.target, a.weapon)


def _drive(game, a: A.Drive) -> None:
    vehicle.drive(game, a.to)


def _play_top_secret(game, a: A.PlayTopSecret) -> None:
    car.play_card(game, game.current_seat(), a.to)


def _secret_bonus(game, a: A.SecretBonus) -> None:
    pulkowski.choose_bonus(game, a.choice)


def _place_drawn_threat(game, a: A.PlaceDrawnThreat) -> None:
    pulkowski.place_drawn(game, a.to)


def _fire_back(game, a: A.FireBackWith) -> None:
    assassination.fire_back_with(game, a.weapon)


def _convert_location_card(game, a: A.ConvertLocationCard) -> None:
    location_cards.convert(game, a.card)


def _use_location_card(game, a: A.UseLocationCard) -> None:
    location_actions.use(game, a.card, a.agent, a.target, a.space)


def _use_hideout(game, a: A.UseHideout) -> None:
    location_actions.use_hideout(game, a.card, a.agent)


def _reply_with(game, a: A.ReplyWith) -> None:
    reaction_effects.reply(game, tuple(a.items))


def _move_threat_by_card(game, a: A.MoveThreatByCard) -> None:
    location_hooks.move_threat(game, a.frm, a.to)


def _done_moving_threats(game, a: A.DoneMovingThreats) -> None:
    location_hooks.done_moving(game)


def _discard_reaction(game, a: A.DiscardReaction) -> None:
    reaction_cards.discard(game, a.card)


def _play_reaction(game, a: A.PlayReaction) -> None:
    reaction_windows.play(game, a.card, a.choice)


def _pass_reaction(game, a: A.PassReaction) -> None:
    reaction_windows.pass_window(game)


def _block_reaction(game, a: A.BlockReaction) -> None:
    reaction_windows.block(game, a.card)


def _accept_reaction(game, a: A.AcceptReaction) -> None:
    reaction_windows.accept(game)


HANDLERS = {
    A.PlaceAgent: _place_agent,
    A.PlaceThreat: _place_threat,
    A.ChoosePlan: _choose_plan,
    A.Move: _move,
    A.MoveByMap: _move_by_map,
    A.Converse: _converse,
    A.Search: _search,
    A.TakeTile: _take_tile,
    A.KeepItem: _keep,
    A.UseAsEvidence: _evidence,
    A.RerollRank: _reroll_rank,
    A.RerollConversation: _reroll_conversation,
    A.AcceptRoll: _accept,
    A.UseItem: _use_item,
    A.UseSupport: _use_support,
    A.DiscardThreat: _discard_threat,
    A.PassThreat: _pass_threat,
    A.RemoveThreat: _remove_threat,
    A.TriggerThreat: _trigger_threat,
    A.KeepThreat: _keep_threat,
    A.TryCheck: _try_check,
    A.StayBack: _stay_back,
    A.GiveToThief: _give_to_thief,
    A.PeekThreat: _peek_threat,
    A.EndActivation: _end,
    A.GiveUp: _give_up,
    A.KeepTrackWhole: _keep_track,
    A.KeepCampaignItem: _keep_item,
    A.GiveCampaignItem: _give_campaign_item,
    A.TakeMission: _take_mission,
    A.ClaimMission: _claim_mission,
    A.Assassinate: _assassinate,
    A.FireBackWith: _fire_back,
    A.ConvertLocationCard: _convert_location_card,
    A.UseLocationCard: _use_location_card,
    A.UseHideout: _use_hideout,
    A.DiscardReaction: _discard_reaction,
    A.PlayReaction: _play_reaction,
    A.PassReaction: _pass_reaction,
    A.BlockReaction: _block_reaction,
    A.AcceptReaction: _accept_reaction,
    A.MoveThreatByCard: _move_threat_by_card,
    A.DoneMovingThreats: _done_moving_threats,
    A.ReplyWith: _reply_with,
    A.Drive: _drive,
    A.PlayTopSecret: _play_top_secret,
    A.SecretBonus: _secret_bonus,
    A.PlaceDrawnThreat: _place_drawn_threat,
}
HANDLERS.update(arrest.HANDLERS)  # arrest, interrogation, kidnapping, exchange, release (EXTENDED)
HANDLERS.update(radio_view.HANDLERS)  # "I Know Who You Are": hide, transmit, the clue (F5-F9; registers its hooks)
