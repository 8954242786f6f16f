"""Reaction cards (ADVANCED): where each half can take effect, and - build order step 6 - its effect.

docs/stawka-advanced-plan.md, section 5.2: the 30 cards' halves are 13 effects with data-only parameters.
Step 5 (this module as it stands) gives the windows what they need: `choices`, the targets a half can be
played on now (a space of the declared route for a red card, an own agent for `take_item`, else ""), so that
`reaction_windows` offers only the cards a player can play (Reaction Cards 2, A11: the window itself opens on
the public count, never on this). `apply_reaction_effect` is the hook the windows call for a played card that
was not blocked (build order step 6): it applies the half's effect, one of the 13 below, and `reply` is the
reciprocity roll (A19).
"""

from __future__ import annotations

import itertools

from ..core.message import msg
from . import actions as A
from . import texts as T
from .activation import mark_seen
from .flow import gain_evidence
from .reaction_cards import card
from .rules import ap_left, board, colour, held, path_ap, track_range
from .state import Pending, ThreatOnBoard
from .threats import setout_spaces, token_name

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


# ------------------------------------------------------------------ step 6: the effects


def apply_reaction_effect(game, card_id: str, side: str, context: dict) -> None:
    """Apply `side`'s half of `card_id`, played and not blocked (A16), to the step it interrupted.

    Called by `reaction_windows` before the step resumes; `context` is a copy of the window's data: `colour`,
    `card`, `by` (= side), `choice`, `agent` (the acting enemy agent) and `step`, what resumes - a movement
    {"kind": "move" | "map", "path"}, a search {"kind": "search", "location"} (the found tile's decision is the
    next pending), a conversation {"kind": "conversation", "target", "result", "roll"}. An effect changes
    `context["step"]`: a red card walks the agent itself and leaves {"kind": "done"}; a yellow card changes the
    result (or cancels it: "done"); a purple card changes the queued `found` decision."""
    half = card(card_id).half(side)
    EFFECTS[half.key](game, side, context, dict(half.params))


# ----- red: movement (A12, A13; Activating an Agent 6, L235)


def _route_cut(context) -> tuple[list[str], int]:
    path = list(context["step"]["path"])
    return path, path.index(context["choice"])


def _walk(game, agent_id: str, step: dict, path: list[str]) -> None:
    """Walk the declared route (or its first part) as the window's close would have: tokens, checks, watchers."""
    if step["kind"] == "map":
        from .handlers import walk_by_map

        walk_by_map(game, agent_id, path[-1])
    else:
        from .threat_play import move

        move(game, agent_id, path)


def _walk_plain(game, agent_id: str, step: dict, path: list[str]) -> None:
    """Walk to a space inside the route: no token, watcher or check lies there (a route ends at each)."""
    from .activation import move_agent

    cost = 1 if step["kind"] == "map" else path_ap(game.state, agent_id, len(path) - 1)
    move_agent(game, agent_id, path[-1], cost, path)


def _at(state, space: str):
    return T.place(board(state).spaces[space].label)


def _stop_movement(game, side, context, params) -> None:
    """'The moving agent stops on the space he has just entered; his movement ends.' (A13)"""
    s, agent_id = game.state, context["agent"]
    path, i = _route_cut(context)
    s.activation.move_stopped = True
    if i < len(path) - 1:
        s.activation.held_back = True  # cut short by the card, he may end the activation (as P5's stay back)
    game.emit("movement_stopped", msg("{name}'s movement ends at the {place}.", name=T.agent(agent_id),
                                      place=_at(s, path[i])), agent=agent_id, space=path[i])
    _walk(game, agent_id, context["step"], path[:i + 1])
    context["step"] = {"kind": "done"}


def _extra_cost(game, side, context, params) -> None:
    """'Each further space of this movement costs 1 more AP.' (A13): from the named space on; he stops where
    he can no longer pay."""
    s, agent_id = game.state, context["agent"]
    step = context["step"]
    path, i = _route_cut(context)
    context["step"] = {"kind": "done"}
    text = msg("From the {place} on, every space costs {name} 1 AP more in this movement.",
               place=_at(s, path[i]), name=T.agent(agent_id))
    if i == len(path) - 1:  # the named space ends the route: later moves of this movement pay more
        _walk(game, agent_id, step, path)
        act = s.activation
        if act is not None and act.agent == agent_id and s.agents[agent_id].space == path[-1]:
            act.step_cost += 1
            game.emit("extra_cost", text, agent=agent_id, space=path[i], step_cost=act.step_cost)
        return
    _walk_plain(game, agent_id, step, path[:i + 1])
    act = s.activation
    act.step_cost += 1
    game.emit("extra_cost", text, agent=agent_id, space=path[i], step_cost=act.step_cost)
    rest = path[i:]
    k = 0
    while k < len(rest) - 1 and path_ap(s, agent_id, k + 1) <= ap_left(s, agent_id):
        k += 1
    if k < len(rest) - 1:
        act.held_back = True
        game.emit("movement_stopped", msg("{name} cannot pay for the rest of the route: he stops at the {place}.",
                                          name=T.agent(agent_id), place=_at(s, rest[k])),
                  agent=agent_id, space=rest[k])
    if k:
        _walk(game, agent_id, step, rest[:k + 1])


def _redirect(game, side, context, params) -> None:
    """'Move the moving agent back {count} space(s) along his path.' (A13): he walks to the named space, then
    goes back along this movement's path (never past its start); the AP stay spent."""
    from .activation import move_agent

    s, agent_id = game.state, context["agent"]
    step = context["step"]
    path, i = _route_cut(context)
    back = max(0, i - int(params["count"]))
    cost = 1 if step["kind"] == "map" else path_ap(s, agent_id, i)
    walked = path[:i + 1] + path[back:i][::-1]
    move_agent(game, agent_id, path[back], cost, walked)
    s.activation.moved_spaces -= i - back  # the way back is not movement he paid for
    s.activation.held_back = True
    game.emit("redirected", msg("{name} is sent back from the {place} to the {back}.", name=T.agent(agent_id),
                                place=_at(s, path[i]), back=_at(s, path[back])),
              agent=agent_id, space=path[i], back=path[back], path=walked)
    context["step"] = {"kind": "done"}


def _threat_on_path(game, side, context, params) -> None:
    """'Put one of your threat tokens from the pool on the space the moving agent has just entered (a legal space
    for it).' (A13): drawn blind from the pool (P1), then the mover enters the space and meets it (P3, P5)."""
    s, agent_id = game.state, context["agent"]
    path, i = _route_cut(context)
    pool = s.threat_pool[side]
    token_id = pool.pop(s.rng.below(len(pool)))
    s.threats[path[i]] = ThreatOnBoard(token_id, side, False)
    game.reveal(msg("Threat tokens were drawn."))
    game.emit("threat_on_path", msg("The {side} player puts a threat token from his pool at the {place}.",
                                    side=T.PLAYER_SIDE[side], place=_at(s, path[i])), seat=side, space=path[i])
    game.emit("threat_on_path_own", msg("The token put at the {place} is {token}.", place=_at(s, path[i]),
                                        token=token_name(token_id)), to=side, space=path[i], token=token_id)
    if i < len(path) - 1:
        s.activation.held_back = True
    _walk(game, agent_id, context["step"], path[:i + 1])
    context["step"] = {"kind": "done"}


# ----- purple: search (A14)


def _found(state, context):
    """The searcher's queued `found` decision (the window was queued just before it)."""
    agent_id = context["agent"]
    return next(i for i, p in enumerate(state.pending) if p.kind == "found" and p.agent == agent_id)


def _empty_search(game, side, context, params) -> None:
    """'The search finds nothing: the top item tile goes to the bottom of the stack; the "I was here" token is
    placed.' The searcher has seen the tile; his opponent has not."""
    s = game.state
    p = s.pending.pop(_found(s, context))
    (tile,) = p.items
    s.stacks[p.location].insert(0, tile)  # the bottom (a stack is drawn from its end)
    game.emit("search_emptied", msg("{name}'s search finds nothing: the tile goes to the bottom of the stack.",
                                    name=T.agent(p.agent)), agent=p.agent, location=p.location)
    context["step"] = {"kind": "done"}


def _take_item(game, side, context, params) -> None:
    """'Your agent in the same sector takes the item just found instead (the searcher places his "I was here"
    token).' He keeps it or uses it as evidence, as a finder does (Search 3)."""
    s = game.state
    at = _found(s, context)
    p = s.pending[at]
    (tile,) = p.items
    taker = context["choice"]
    mark_seen(s, tile, (side,))
    s.pending[at] = Pending("found", side, taker, items=(tile,), location=p.location)
    game.emit("item_taken", msg("{taker} takes the tile {name} found.", taker=T.agent(taker), name=T.agent(p.agent)),
              agent=taker, searcher=p.agent, location=p.location)
    game.emit("found", msg("{name} takes {item}: {text} Keep it or use it as evidence.", name=T.agent(taker),
                           item=T.item_name(tile), text=T.item_text(tile)), to=side, item=tile, shown=[tile])


def _search_evidence(game, side, context, params) -> None:
    """'You gain {amount} evidence against the searching agent.'"""
    agent_id = context["agent"]
    gain_evidence(game, side, colour(agent_id), int(params["amount"]),
                  msg("a reaction card against {name}'s search", name=T.agent(agent_id)))


def _peek_found(game, side, context, params) -> None:
    """'The searcher shows you the item he has just found.'"""
    s = game.state
    p = s.pending[_found(s, context)]
    (tile,) = p.items
    mark_seen(s, tile, (side,))
    game.emit("found_shown", msg("{name} shows the {side} player the tile just found.", name=T.agent(p.agent),
                                 side=T.PLAYER_SIDE[side]), agent=p.agent, seat=side)
    game.emit("found_shown_own", msg("{name} found {item}: {text}", name=T.agent(p.agent), item=T.item_name(tile),
                                     text=T.item_text(tile)), to=side, item=tile, shown=[tile])


# ----- yellow: conversation (A14, A17, A19)


def _cancel_conversation(game, side, context, params) -> None:
    """'The conversation does not take place; the AP is spent.' (A14: items revealed and the K13 pair stay
    spent)."""
    step = context["step"]
    game.emit("conversation_cancelled", msg("The conversation of {name} with {target} has no result.",
                                            name=T.agent(context["agent"]), target=T.agent(step["target"])),
              agent=context["agent"], target=step["target"])
    context["step"] = {"kind": "done"}


def _change_total(game, side, context, change: int, why) -> None:
    """A new total for the initiator's final roll (A14, A17): its result against the target's thresholds."""
    from .conversation import outcome

    s = game.state
    step = context["step"]
    agent_id, target = context["agent"], step["target"]
    total = int(step["roll"]["total"]) + change
    result = outcome(s, s.agents[agent_id].side, target, total)
    step["result"] = result
    step["roll"]["total"] = total
    if s.last_dice.get("kind") == "conversation":
        s.last_dice["modifiers"] = list(s.last_dice.get("modifiers", [])) + [[why, change]]
        s.last_dice["total"], s.last_dice["result"] = total, result
    game.emit("conversation_changed", msg("{why}: {name}'s total becomes {total} against {target}: {result}.",
                                          why=why, name=T.agent(agent_id), total=total, target=T.agent(target),
                                          result=T.RESULT_WORDS[result]),
              agent=agent_id, target=target, change=change, total=total, result=result)


def _conversation_penalty(game, side, context, params) -> None:
    """'{modifier} to the initiator's conversation roll.' (A14: it joins his total)."""
    _change_total(game, side, context, int(params["modifier"]), msg("the reaction card"))


def _conversation_bonus_target(game, side, context, params) -> None:
    """'The target ignores the evidence bonus of the investigation track in this conversation.' (A17: the
    initiator's track bonus against the target does not count)."""
    s = game.state
    agent_id, target = context["agent"], context["step"]["target"]
    _, bonus = track_range(s.evidence[s.agents[agent_id].side][colour(target)])
    if bonus:
        _change_total(game, side, context, -bonus, msg("no investigation track bonus"))


def _evidence_back(game, side, context, params) -> None:
    """'You gain {amount} evidence against the initiator.'"""
    agent_id = context["agent"]
    gain_evidence(game, side, colour(agent_id), int(params["amount"]),
                  msg("a reaction card against {name}'s conversation", name=T.agent(agent_id)))


def _reciprocity(game, side, context, params) -> None:
    """'The target of the conversation rolls back against the initiator at once, as if he had started it.'
    (A19, K15): after the initiator's result applies, the target chooses the conversation items he reveals
    (pending `reply`, opened whatever he holds: the decision is public), then rolls."""
    agent_id, target = context["agent"], context["step"]["target"]
    game.state.pending.append(Pending("reply", side, target, target=agent_id))


def reply_legal(state, p) -> list:
    """The replier's single-use conversation items, any subset (as `converse`); () always."""
    extras = sorted(held(state, p.agent, "conversation_bonus", reusable=False))
    return [A.ReplyWith(c) for n in range(len(extras) + 1) for c in itertools.combinations(extras, n)]


def reply(game, items: tuple[str, ...]) -> None:
    """The reciprocity roll (A19): 2d6 + the replier's traits, items and track bonus against the initiator, less
    the initiator's defence tiles (step 7); K4's outcome for his side; no rank test, no re-roll, no window. The
    initiator's activation then goes on."""
    from .activation import consume_item, roll
    from .advanced_items import reply_modifiers
    from .conversation import _log_roll, apply_result, modifiers, outcome

    s = game.state
    p = s.pending.pop(0)
    replier, initiator = p.agent, p.target
    game.emit("reciprocity", msg("{name} answers {target} in the conversation (reciprocity).",
                                 name=T.agent(replier), target=T.agent(initiator)), agent=replier, target=initiator)
    for iid in items:
        consume_item(game, replier, iid, "conversation")
    dice = roll(game, 2, "conversation")
    mods = modifiers(s, replier, initiator, tuple(items)) + reply_modifiers(s, initiator)  # step 7's defence tiles
    total = sum(dice) + sum(v for _, v in mods)
    result = outcome(s, p.seat, initiator, total)
    _log_roll(game, replier, initiator, dice, mods, total, result)
    apply_result(game, replier, initiator, result)


def explain_reply(state, seat: str, action) -> str:
    p = state.pending[0] if state.pending else None
    if p is None or p.kind != "reply":
        return msg("A reply roll follows only a reciprocity reaction card.")
    if p.seat != seat:
        return msg("The {side} player is answering the conversation.", side=T.PLAYER_SIDE[p.seat])
    return msg("Name only single-use conversation items {name} holds, in a fixed order, each once.",
               name=T.agent(p.agent))


REPLY_PROMPT = msg("Reciprocity: reveal the conversation items your agent uses, then roll against the initiator.")
REPLY_ASIDE = msg("reveal your conversation items for the reciprocity roll, then roll.")


EFFECTS = {
    "stop_movement": _stop_movement,
    "extra_cost": _extra_cost,
    "redirect": _redirect,
    "threat_on_path": _threat_on_path,
    "empty_search": _empty_search,
    "take_item": _take_item,
    "search_evidence": _search_evidence,
    "peek_found": _peek_found,
    "cancel_conversation": _cancel_conversation,
    "conversation_penalty": _conversation_penalty,
    "conversation_bonus_target": _conversation_bonus_target,
    "evidence_back": _evidence_back,
    "reciprocity": _reciprocity,
}
