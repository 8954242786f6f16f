"""Apply a validated action: one small handler per action type."""

from __future__ import annotations

from ..core.message import msg
from . import actions as A
from . import texts as T
from . import alertness, conversation, flow, placement, search
from . import arrest
from .activation import consume_item, finish_action, move_agent, start_step
from .rules import colour, free_steps, item, route
from .state import other


def apply_handler(game, action) -> None:
    HANDLERS[type(action)](game, action)


def _place_agent(game, a: A.PlaceAgent) -> None:
    placement.place_agent(game, a.agent, a.to)


def _choose_plan(game, a: A.ChoosePlan) -> None:
    flow.choose_plan(game, game.current_seat(), a.card)


def _move(game, a: A.Move) -> None:
    path = route(game.state, a.agent, a.to)
    move_agent(game, a.agent, a.to, len(path) - 1 - free_steps(game.state, a.agent), path)
    finish_action(game)


def _move_by_map(game, a: A.MoveByMap) -> None:
    start_step(game, a.agent, "move")
    consume_item(game, a.agent, a.item, "move")
    move_agent(game, a.agent, a.to, 1, [game.state.agents[a.agent].space, a.to])
    finish_action(game)


def _converse(game, a: A.Converse) -> None:
    conversation.start_conversation(game, a.agent, a.target, tuple(a.items))


def _search(game, a: A.Search) -> None:
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
    consume_item(game, a.agent, a.item, "")
    if t.effect == "extra_ap_pool":
        s.pools[seat] += int(t.params["amount"])
        game.emit("pool", msg("The {side} pool grows by {n} AP to {pool}.", side=T.NETWORK_SIDE[seat],
                              n=t.params["amount"], pool=s.pools[seat]))
    elif t.effect == "clear_evidence":
        flow.remove_evidence(game, other(seat), colour(a.agent), int(t.params["amount"]), T.item_name(a.item))
    finish_action(game)


def _use_support(game, a: A.UseSupport) -> None:
    alertness.use_support(game, a.space)


def _end(game, a: A.EndActivation) -> None:
    flow.end_activation(game)


def _give_up(game, a: A.GiveUp) -> None:
    flow.give_up(game, game.current_seat())


def _keep_track(game, a: A.KeepTrackWhole) -> None:
    flow.keep_track_whole(game, a.colour)


HANDLERS = {
    A.PlaceAgent: _place_agent,
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
    A.EndActivation: _end,
    A.GiveUp: _give_up,
    A.KeepTrackWhole: _keep_track,
}
HANDLERS.update(arrest.HANDLERS)  # arrest, interrogation, kidnapping, exchange, release (EXTENDED)
