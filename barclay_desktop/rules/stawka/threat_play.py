"""Meeting a threat token: the stop, the discard, the owner's window, document checks and effects.

Rulebook, Movement 5 and Threat Tokens 4-5 with the example; the fort's check (Sectors NOTE);
our P3-P8 and P11 (docs/stawka-rules-notes.md):
- a route never passes a space holding an enemy token; on entering, an agent who may still act
  chooses to try to discard it (1 AP, his action, 2d6 above his Alertness) or go on (P3);
- then, and after a failed discard, and once an activation when he declares another action on
  that space, the token's owner may reveal it, whatever its type; only the types triggered by
  enemy activation can be revealed (P4), so the question leaks nothing;
- a German document check is turned up when an enemy agent is about to enter or act there: he
  takes the test, uses a pass item, or stays back (P5); the fort checks every entry but
  Kloss's and the black SS officers' (P11); an effect that ends the activation cancels the
  declared action, unpaid (P6);
- used tokens leave the game face up (P7); a thief's item leaves the game, shown (P8).
"""

from __future__ import annotations

from ..core.actions import action_to_json
from ..core.message import msg
from . import alertness
from . import texts as T
from .activation import activate, consume_item, finish_action, mark_seen, move_agent, spend, start_step
from .alertness import ABOVE, Test, register, token
from .rules import (
    after_item_loss, ap_left, board, bonus, can_act_now, colour, doc, enemy_threat, entry_check, extended, held, item,
    path_ap, trait,
)
from .state import Pending
from .threats import token_name


# ------------------------------------------------------------------ entering


def move(game, agent_id: str, path: list[str]) -> None:
    """A `move` along `path`: through to its end, or up to a document check in front of its last space."""
    s = game.state
    to = path[-1]
    if not extended(s):  # BASIC: no tokens, no fort
        move_agent(game, agent_id, to, path_ap(s, agent_id, len(path) - 1), path)
        finish_action(game)
        return
    if entry_check(s, agent_id, to) is None:
        move_agent(game, agent_id, to, path_ap(s, agent_id, len(path) - 1), path)
        after_entering(game, agent_id, to)
        return
    if len(path) > 2:
        move_agent(game, agent_id, path[-2], path_ap(s, agent_id, len(path) - 2), path[:-1])
    else:
        start_step(game, agent_id, "move")
    open_document_check(game, agent_id, to, "enter")


def after_entering(game, agent_id: str, space: str) -> None:
    """P3: the movement stopped on an enemy token: discard it, cut it, or go on (then the owner's window)."""
    s = game.state
    t = enemy_threat(s, agent_id, space)
    if t is None:
        finish_action(game)
        return
    if entering_choices(s, agent_id):
        s.pending.insert(0, Pending("threat_entered", s.agents[agent_id].side, agent_id, location=space))
        return
    if not open_window(game, agent_id, space, None):
        finish_action(game)


def entering_choices(state, agent_id: str) -> bool:
    return can_discard(state, agent_id) or bool(cutters(state, agent_id))


def can_discard(state, agent_id: str) -> bool:
    t = enemy_threat(state, agent_id, state.agents[agent_id].space)
    return t is not None and not t.fixed and can_act_now(state, agent_id) and ap_left(state, agent_id) >= 1  # F18


def cutters(state, agent_id: str) -> list[str]:
    """Wire cutters held (remove a token without a roll); the active agent only (items are his)."""
    act = state.activation
    t = enemy_threat(state, agent_id, state.agents[agent_id].space)
    if act is None or act.agent != agent_id or t is None or t.fixed:  # F18: the factory's check stays
        return []
    return held(state, agent_id, "remove_threat")


def pass_on(game) -> None:
    p = game.state.pending.pop(0)
    if not open_window(game, p.agent, p.location, None):
        finish_action(game)


# ------------------------------------------------------------------ looking at a token


def peek_options(state, agent_id: str) -> list[tuple[str, str]]:
    """(item, space) pairs: the active agent's peek items (a reusable one once an activation) and the face-down
    enemy tokens of his sector he has not seen."""
    act = state.activation
    if act is None or act.agent != agent_id:
        return []
    items = [i for i in held(state, agent_id, "peek_threat") if i not in act.peeks]
    if not items:
        return []
    a = state.agents[agent_id]
    b = board(state)
    face = b.face_of(a.space)
    seen = set(state.threat_seen.get(a.side, ()))
    spaces = sorted(sp for sp, t in state.threats.items()
                    if t.side != a.side and not t.revealed and t.id not in seen and b.face_of(sp) == face)
    return [(i, sp) for i in items for sp in spaces]


def peek(game, agent_id: str, item_id: str, space: str) -> None:
    s = game.state
    seat = s.agents[agent_id].side
    consume_item(game, agent_id, item_id, "")
    if item(item_id).reusable:
        s.activation.peeks.append(item_id)
    tid = s.threats[space].id
    s.threat_seen[seat].append(tid)
    game.emit("threat_peeked", msg("The {side} player looks at the threat token at the {place}.",
                                   side=T.PLAYER_SIDE[seat], place=_place(s, space)), space=space)
    game.emit("threat_peek_own", msg("The token at the {place} is {token}.", place=_place(s, space),
                                     token=token_name(tid)), to=seat, space=space, token=tid)
    finish_action(game)


# ------------------------------------------------------------------ discarding


def discard(game, agent_id: str, space: str) -> None:
    """The discard-threat action (1 AP): 2d6 above the agent's Alertness removes the token."""
    s = game.state
    if s.pending and s.pending[0].kind == "threat_entered":
        s.pending.pop(0)
    start_step(game, agent_id, "action")
    spend(game, agent_id, 1)
    alertness.start(game, "discard_threat", agent=agent_id, space=space)


def _discard_resolved(game, spec: dict, passed: bool) -> None:
    agent_id, space = spec["agent"], spec["space"]
    if passed:
        remove_token(game, space, msg("{name} discards the threat token at the {place}: {token}.",
                                      name=T.agent(agent_id), place=_place(game.state, space),
                                      token=token_name(game.state.threats[space].id)), agent_id)
        finish_action(game)
        return
    if not open_window(game, agent_id, space, None):
        finish_action(game)


def cut(game, agent_id: str, item_id: str) -> None:
    """Wire cutters: the enemy token on the agent's space is removed, no roll, no AP."""
    s = game.state
    if s.pending and s.pending[0].kind == "threat_entered":
        s.pending.pop(0)
    space = s.agents[agent_id].space
    consume_item(game, agent_id, item_id, "")
    remove_token(game, space, msg("{name} removes the threat token at the {place}: {token}.", name=T.agent(agent_id),
                                  place=_place(s, space), token=token_name(s.threats[space].id)), agent_id)
    finish_action(game)


def remove_token(game, space: str, text, agent_id: str | None = None) -> None:
    """A token leaves the game face up, shown to both (P7)."""
    s = game.state
    t = s.threats.pop(space)
    s.threats_removed.append(t.id)
    game.reveal(msg("A threat token was revealed."))
    game.emit("threat_removed", text, space=space, token=t.id, type=token(t.id).type, agent=agent_id)
    if agent_id is not None and agent_id in s.agents and s.agents[agent_id].side != t.side:
        from .missions import note_threat_removed

        note_threat_removed(game, agent_id)  # the discard_threats goal


# ------------------------------------------------------------------ the owner's window (P4)


def open_window(game, agent_id: str, space: str, action: dict | None) -> bool:
    """Ask the owner of a face-down token on `space` to reveal it or keep it (once an activation)."""
    s = game.state
    t = enemy_threat(s, agent_id, space)
    act = s.activation
    if t is None or t.revealed or act is None or space in act.windows:
        return False
    act.windows.append(space)
    s.pending.insert(0, Pending("threat_window", t.side, agent_id, location=space, data={"action": action}))
    return True


def can_trigger(state, p) -> bool:
    """Only the types enemy activation triggers; a document check works only in front of an agent about to
    enter or act (P5), never by the window."""
    t = state.threats.get(p.location)
    return t is not None and token(t.id).type in EFFECTS


def keep(game) -> None:
    p = game.state.pending.pop(0)
    resume(game, p.data.get("action"))


def trigger(game) -> None:
    s = game.state
    p = s.pending.pop(0)
    t = token(s.threats[p.location].id)
    agent_id = p.agent
    remove_token(game, p.location, msg("The {side} player reveals a threat token at the {place}: {token}. {text}",
                                       side=T.PLAYER_SIDE[p.seat], place=_place(s, p.location), token=token_name(t.id),
                                       text=T.threat_text(t.id)), agent_id)
    if s.result is not None or s.winner is not None:  # the token removed completed a mission: the game is won
        return
    ends = EFFECTS[t.type](game, agent_id, p.seat)
    if ends:
        _end_activation(game, agent_id)
        return
    if s.pending:  # the thief's choice comes first; the declared action then goes on
        s.pending[0] = Pending(s.pending[0].kind, s.pending[0].seat, agent_id, items=s.pending[0].items,
                               data={"action": p.data.get("action")})
        return
    resume(game, p.data.get("action"))


def _alarm(game, agent_id, owner) -> bool:
    s = game.state
    side = s.agents[agent_id].side
    before = s.pools[side]
    s.pools[side] = max(0, before - 2)
    game.emit("threat_effect", msg("Alarm: the {side} pool loses {n} AP ({pool} left).", side=T.NETWORK_SIDE[side],
                                   n=before - s.pools[side], pool=s.pools[side]), effect="alarm", agent=agent_id)
    return False


def _ends_activation(game, agent_id, owner) -> bool:
    """Cauldron, confusion: the reveal's line says so and the activation's end has its own line (with the AP
    used); a third line only repeated it ("Georg's activation ends." twice, seen in play)."""
    return True


def _suspect(game, agent_id, owner) -> bool:
    from .flow import gain_evidence

    gain_evidence(game, owner, colour(agent_id), 1, msg("a suspect token"))
    return False


def _thief(game, agent_id, owner) -> bool:
    s = game.state
    items = s.agents[agent_id].items
    if len(items) == 1:
        lose_item(game, agent_id, items[0])
    elif items:
        s.pending.insert(0, Pending("thief", s.agents[agent_id].side, agent_id))
    else:
        game.emit("threat_effect", msg("{name} holds no item: the thief takes nothing.", name=T.agent(agent_id)),
                  effect="thief", agent=agent_id)
    return False


def lose_item(game, agent_id: str, item_id: str) -> None:
    """A thief takes the tile: shown to both, out of the game (P8)."""
    s = game.state
    s.agents[agent_id].items.remove(item_id)
    after_item_loss(s, agent_id)
    s.discarded.append(item_id)
    mark_seen(s, item_id)
    game.reveal(msg("An item was revealed."))
    game.emit("item_lost", msg("{name} loses {item} to the thief.", name=T.agent(agent_id), item=T.item_name(item_id)),
              agent=agent_id, item=item_id, shown=[item_id])


def thief_choice(game, item_id: str) -> None:
    p = game.state.pending.pop(0)
    lose_item(game, p.agent, item_id)
    resume(game, p.data.get("action"))


def _terrain(game, agent_id, owner) -> bool:
    game.state.activation.step_cost = 2
    game.emit("threat_effect", msg("Dangerous terrain: every further space costs {name} 2 AP in this activation.",
                                   name=T.agent(agent_id)), effect="dangerous_terrain", agent=agent_id)
    return False


EFFECTS = {"alarm": _alarm, "cauldron": _ends_activation, "confusion": _ends_activation, "suspect": _suspect,
           "thief": _thief, "dangerous_terrain": _terrain}


# ------------------------------------------------------------------ document checks (P5, P11)


def open_document_check(game, agent_id: str, space: str, mode: str, action: dict | None = None) -> None:
    """Turn up the document check in front of the agent ("enter" the space or "act" on it) and ask him."""
    s = game.state
    # mode "card": a location card's move enters the space (A26), checked as an entry
    kind, difficulty = (entry_check(s, agent_id, space) if mode in ("enter", "card")
                        else ("token", _difficulty(s, space)))
    if kind == "token" and not s.threats[space].revealed:
        alertness.turn_up(s, space)
        game.reveal(msg("A threat token was revealed."))
        game.emit("threat_revealed", msg("A document check ({difficulty}) at the {place} stops {name}.",
                                         difficulty=difficulty, place=_place(s, space), name=T.agent(agent_id)),
                  space=space, token=s.threats[space].id, type="document_check")
    s.pending.insert(0, Pending("document_check", s.agents[agent_id].side, agent_id, location=space,
                                data={"mode": mode, "action": action, "fort": kind == "fort",
                                      "difficulty": difficulty}))


def _difficulty(state, space: str) -> int:
    return int(token(state.threats[space].id).params.get("difficulty", 0))


def pass_items(state, agent_id: str) -> list[str]:
    return held(state, agent_id, "pass_document_check")


def try_check(game, item_id: str | None) -> None:
    s = game.state
    p = s.pending.pop(0)
    spec = {"agent": p.agent, "space": p.location, **p.data}
    if item_id is None:
        alertness.start(game, "document_check", **spec)
        return
    consume_item(game, p.agent, item_id, "")
    _check_resolved(game, {"test": "document_check", **spec}, True)


def _check_resolved(game, spec: dict, passed: bool) -> None:
    s = game.state
    agent_id, space = spec["agent"], spec["space"]
    if not spec["fort"] and space in s.threats and not s.threats[space].fixed:  # F18: the factory's stays
        remove_token(game, space, msg("The document check at the {place} leaves the game.", place=_place(s, space)),
                     agent_id if passed else None)
    if not passed:
        game.emit("threat_effect", msg("{name} fails the document check: the activation ends.",
                                       name=T.agent(agent_id)), effect="end", agent=agent_id)
        _end_activation(game, agent_id)
        if spec["mode"] == "card":  # the card moved an agent who may not be the activated one
            finish_action(game)
        return
    if spec["mode"] == "card":  # A26: the card's move goes on (the fort's check after a token's), no AP
        from .location_hooks import enter_by_card

        enter_by_card(game, agent_id, space, fort_passed=spec["fort"], token_passed=not spec["fort"])
        return
    if spec["mode"] == "act":
        resume(game, spec["action"])
        return
    here = s.agents[agent_id].space
    check = entry_check(s, agent_id, space)
    if check is not None and check[0] == "token" and s.threats[space].fixed:  # F18: passed, it stays behind him
        check = None
    if check is not None and not (spec["fort"] and check[0] == "fort"):  # a token's passed: now the fort's
        open_document_check(game, agent_id, space, "enter")
        return
    move_agent(game, agent_id, space, path_ap(s, agent_id, 1), [here, space])
    after_entering(game, agent_id, space)


def stay_back(game) -> None:
    """The agent does not enter (his movement ends there) or does not act."""
    s = game.state
    p = s.pending.pop(0)
    s.turned_back.append([p.agent, p.location])
    if p.data["mode"] == "card":  # A26: the card's move does not happen; the card is spent
        if s.activation is not None and s.activation.agent == p.agent:
            s.activation.held_back = True
        game.emit("stay_back", msg("{name} stays back from the {place}.", name=T.agent(p.agent),
                                   place=_place(s, p.location)), agent=p.agent)
    elif p.data["mode"] == "enter":
        s.activation.move_stopped = True
        s.activation.held_back = True
        game.emit("stay_back", msg("{name} stays back from the {place}.", name=T.agent(p.agent),
                                   place=_place(s, p.location)), agent=p.agent)
    else:  # he forgoes the action of this activation there (else the same check would come back for ever)
        start_step(game, p.agent, "action")
        game.emit("stay_back", msg("{name} does not act at the {place}.", name=T.agent(p.agent),
                                   place=_place(s, p.location)), agent=p.agent)
    finish_action(game)


def alertness_mods(state, agent_id: str) -> list:
    """+1 items and trait for the agent's rolls against his own Alertness (threat tokens, document checks)."""
    mods = []
    items = bonus(state, agent_id, "alertness_roll_bonus")
    if items:
        mods.append((msg("items"), items))
    t = trait(state, agent_id)
    if t is not None and t.key == "alertness_roll_bonus":
        mods.append((msg("{name}'s trait", name=T.agent(agent_id)), int(t.params.get("bonus", 1))))
    return mods


def _overflow_mods(state, agent_id: str) -> list:
    """F1 (L659): in Top Secret the German evidence beyond 10 adds to every German discard roll."""
    if not state.vehicle or state.agents[agent_id].side != "german":
        return []
    from .pulkowski import overflow_bonus

    n = overflow_bonus(state, "german")
    return [(msg("evidence beyond 10"), n)] if n else []


def _alertness(state, spec) -> tuple:
    return doc(state, spec["agent"]).alertness, msg("Alertness")


register(Test(
    name="discard_threat", title=msg("Discarding a threat token"),
    roller=lambda s, spec: spec["agent"], space=lambda s, spec: spec["space"],
    favoured=lambda s, spec: s.agents[spec["agent"]].side,
    modifiers=lambda s, spec: alertness_mods(s, spec["agent"]) + _overflow_mods(s, spec["agent"]),
    target=_alertness, passes=ABOVE, resolve=_discard_resolved))

register(Test(
    name="document_check", title=msg("Document check"),
    roller=lambda s, spec: spec["agent"], space=lambda s, spec: spec["space"],
    favoured=lambda s, spec: s.agents[spec["agent"]].side,
    modifiers=lambda s, spec: ([(msg("document check"), spec["difficulty"])] if spec["difficulty"] else [])
    + alertness_mods(s, spec["agent"]),
    target=_alertness, passes=ABOVE, resolve=_check_resolved))


# ------------------------------------------------------------------ protection (P10)


def _protection(state, agent_id: str):
    a = state.agents[agent_id]
    t = state.threats.get(a.space)
    return t if t is not None and t.side == a.side and token(t.id).type == "protection" else None


def protection_bonus(state, agent_id: str) -> int:
    """+2 Defence for an agent standing on his own side's protection token, face up or down (P10)."""
    t = _protection(state, agent_id)
    return int(token(t.id).params.get("bonus", 2)) if t is not None else 0


def turn_up_protection(game, agent_id: str) -> None:
    """The protection token under the agent is shown when an assassination roll is made against him; it stays."""
    s = game.state
    t = _protection(s, agent_id)
    if t is None or t.revealed:
        return
    space = s.agents[agent_id].space
    alertness.turn_up(s, space)
    game.reveal(msg("A threat token was revealed."))
    game.emit("threat_revealed", msg("A protection token at the {place} guards {name}: +{n} Defence.",
                                     place=_place(s, space), name=T.agent(agent_id), n=protection_bonus(s, agent_id)),
              space=space, token=t.id, type="protection")


# ------------------------------------------------------------------ a declared action (P4, P5)


def intercept(game, agent_id: str, action) -> bool:
    """Before an action on a space with an enemy token: the document check, or the owner's window first."""
    s = game.state
    if not extended(s):
        return False
    space = s.agents[agent_id].space
    t = enemy_threat(s, agent_id, space)
    if t is None or t.fixed:  # F18: the factory's check tests entries only
        return False
    data = action_to_json(action)
    if token(t.id).type == "document_check":
        activate(game, agent_id)
        open_document_check(game, agent_id, space, "act", data)
        return True
    act = s.activation
    if t.revealed or (act is not None and act.agent == agent_id and space in act.windows):
        return False
    activate(game, agent_id)
    return open_window(game, agent_id, space, data)


def resume(game, data: dict | None) -> None:
    """Carry on with the declared action, if it is still legal, or with the activation."""
    from .actions import ACTIONS
    from .handlers import apply_handler
    from .legal import legal

    s = game.state
    if data is not None and s.activation is not None and s.result is None and s.winner is None:
        action = ACTIONS.from_json(data)
        if action in legal(s, s.agents[action.agent].side):
            apply_handler(game, action)
            return
        game.emit("action_dropped", msg("{name} can no longer take that action.", name=T.agent(action.agent)),
                  agent=action.agent)
    finish_action(game)


def _end_activation(game, agent_id: str) -> None:
    from .flow import end_activation

    s = game.state
    if s.activation is not None and s.activation.agent == agent_id:
        end_activation(game)


def _place(state, space: str):
    return T.place(board(state).spaces[space].label)
