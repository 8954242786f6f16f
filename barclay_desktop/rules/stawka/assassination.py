"""Assassination and combat (EXTENDED rules): the attack, the shot fired back, first aid and death.

Rulebook, Assassination 1-3 with its example (Jacek and Marta Becher); rulings K9 (weapons, all
single use; grenade, dynamite and rifle work from a distance), K13 (an attack is no conversation),
K15 (the defender uses his items); our P24-P27 (docs/stawka-rules-notes.md).

The attacker needs a held mission card whose special goal names the target's colour (using it
reveals the card) and a weapon; a ranged weapon reaches a path neighbour open to his side (P24).
A target holding a weapon that reaches back fires back with it, at once (his owner names it when
he holds several). Both 2d6 tests (each with its support windows, alertness.py) are rolled before
either applies (P25). A hit liquidates (P26), unless a single-use first-aid kit turns it into a miss
(P27). A failed attack on the same space gives the target's side 3 evidence against the attacker,
unless the attacker died.
"""

from __future__ import annotations

from ..core.message import msg
from . import alertness, flow, missions, radio
from . import texts as T
from .activation import consume_item, finish_action, mark_seen, spend, start_step
from .rules import (
    ap_left, board, can_act_now, can_afford_action, colour, doc, extended, held, is_free, item, item_works, trait,
)
from .state import Pending, other

ATTACK_AP = 1  # Activating an Agent 3: assassination, 1 AP
WEAPON_EFFECTS = ("weapon", "ranged_weapon")
RANGED = "ranged_weapon"
FAILED_ATTACK_EVIDENCE = 3  # Assassination 2 NOTE


def weapons(state, agent_id: str, ranged_only: bool = False) -> list[str]:
    effects = (RANGED,) if ranged_only else WEAPON_EFFECTS
    return [i for i in state.agents[agent_id].items if item(i).effect in effects and item_works(state, i)]


def mission_colour(state, agent_id: str) -> str | None:
    """The enemy colour the agent's held card orders him to liquidate (its special goal), or None (P24)."""
    held_card = state.missions.get(agent_id)
    if held_card is None:
        return None
    special = missions.card(held_card.card).special
    return special.params["colour"] if special.key == "assassinate_colour" else None


def attack_options(state, agent_id: str, space: str | None = None, budget: int | None = None) -> list[tuple]:
    """(target, weapon) pairs the agent may attack with, standing on `space` with `budget` AP (P24)."""
    if not extended(state) or not is_free(state, agent_id):
        return []
    a = state.agents[agent_id]
    where = space or a.space
    if not can_afford_action(state, agent_id, ATTACK_AP, space, budget):
        return []
    car = _car_targets(state, agent_id, where) if state.vehicle else []  # Top Secret: no mission needed (F23)
    col = mission_colour(state, agent_id)
    station = radio.attack_space(state, agent_id)  # F10: Polish agents on the public station, without a mission
    arms = weapons(state, agent_id) if col or station else []
    if not arms:
        return car
    near = set(board(state).neighbours(where, a.side))
    out = []
    for tid, t in state.agents.items():
        if t.side == a.side or not is_free(state, tid) or (colour(tid) != col and t.space != station):
            continue
        if t.space == where:
            out += [(tid, w) for w in arms]
        elif t.space in near:
            out += [(tid, w) for w in arms if item(w).effect == RANGED]
    return out + car


def _car_targets(state, agent_id: str, where: str) -> list[tuple]:
    from .car import car_targets

    return car_targets(state, agent_id, where)


def can_attack_at(state, agent_id: str, space: str, budget: int) -> bool:
    return bool(attack_options(state, agent_id, space, budget))


def fire_back_weapons(state, target: str, attacker: str) -> list[str]:
    """The target's weapons that reach the attacker: any on the same space, a ranged one across (P25)."""
    same = state.agents[target].space == state.agents[attacker].space
    return weapons(state, target, ranged_only=not same)


def defence_bonus(state, agent_id: str) -> int:
    """What is added to the agent's Defence in every assassination: the reusable first aid (the gas mask, P27).
    and an own protection token on his space (P10); single-use first-aid kits work only when they save
    (`_first_aid_saves`)."""
    from .threat_play import protection_bonus

    return (sum(int(item(i).params["defence"]) for i in held(state, agent_id, "first_aid", reusable=True))
            + protection_bonus(state, agent_id))


def show_protection(game, agent_id: str) -> None:
    """P10: a face-down protection token under the agent is turned up when a roll is made against him."""
    from .threat_play import turn_up_protection

    turn_up_protection(game, agent_id)


def defence(state, agent_id: str) -> int:
    return doc(state, agent_id).defence + defence_bonus(state, agent_id)


# ------------------------------------------------------------------ the attack


def assassinate(game, agent_id: str, target: str, weapon: str) -> None:
    """Assassination 1-2: reveal the card and the weapon, then the fire back is named, then the dice."""
    s = game.state
    start_step(game, agent_id, "action")
    spend(game, agent_id, ATTACK_AP)
    same = s.agents[target].space == s.agents[agent_id].space
    game.emit("assassination", msg("{name} attempts to assassinate {target} (1 AP).", name=T.agent(agent_id),
                                   target=T.agent(target)), agent=agent_id, target=target, weapon=weapon)
    if mission_colour(s, agent_id) == colour(target):  # not for an attack at the radio station without one (F10)
        missions.reveal(game, agent_id)
    consume_item(game, agent_id, weapon, "")  # shown to both and spent (K9: every weapon is single use)
    spec = {"attacker": agent_id, "target": target, "weapon": weapon, "same": same, "back": None}
    backs = fire_back_weapons(s, target, agent_id)
    if len(backs) > 1:
        s.pending.append(Pending("fire_back", s.agents[target].side, target, target=agent_id, data=spec))
        return
    if backs:
        spec["back"] = backs[0]
        consume_item(game, target, backs[0], "")
    show_protection(game, target)
    alertness.start(game, "assassination", **spec)


def fire_back_with(game, weapon: str) -> None:
    """Assassination 3: the attacked agent's owner names the weapon he fires back with."""
    s = game.state
    p = s.pending.pop(0)
    consume_item(game, p.agent, weapon, "")
    show_protection(game, p.data["target"])
    alertness.start(game, "assassination", **{**p.data, "back": weapon})


SPEC_KEYS = ("attacker", "target", "weapon", "same", "back")


def _spec(spec: dict) -> dict:
    """The assassination's own keys (the Test adds "test" and "supports")."""
    return {k: spec[k] for k in SPEC_KEYS}


def _weapon_mods(state, agent_id: str, weapon: str) -> list:
    mods = [(T.item_name(weapon), int(item(weapon).params.get("bonus", 0)))]
    t = trait(state, agent_id)
    if t is not None and t.key == "marksman":
        mods.append((msg("{name}'s trait", name=T.agent(agent_id)), int(t.params["bonus"])))
    return mods


def _after_attack(game, spec: dict, passed: bool) -> None:
    s = game.state
    done = {**_spec(spec), "hit": passed, "attack_total": s.last_dice["total"]}
    if spec["back"]:
        show_protection(game, spec["attacker"])
        alertness.start(game, "fire_back", **done)
    else:
        _apply(game, done)


def _after_fire_back(game, spec: dict, passed: bool) -> None:
    s = game.state
    _apply(game, {**_spec(spec), "hit": spec["hit"], "attack_total": spec["attack_total"], "back_hit": passed,
                  "back_total": s.last_dice["total"]})


alertness.register(alertness.Test(
    name="assassination", title=msg("Assassination"),
    roller=lambda s, spec: spec["attacker"], space=lambda s, spec: s.agents[spec["attacker"]].space,
    favoured=lambda s, spec: s.agents[spec["attacker"]].side,
    modifiers=lambda s, spec: _weapon_mods(s, spec["attacker"], spec["weapon"]),
    target=lambda s, spec: (defence(s, spec["target"]), msg("Defence")),
    passes=alertness.ABOVE, resolve=_after_attack))

alertness.register(alertness.Test(
    name="fire_back", title=msg("Fire back"),
    roller=lambda s, spec: spec["target"], space=lambda s, spec: s.agents[spec["target"]].space,
    favoured=lambda s, spec: s.agents[spec["target"]].side,
    modifiers=lambda s, spec: _weapon_mods(s, spec["target"], spec["back"]),
    target=lambda s, spec: (defence(s, spec["attacker"]), msg("Defence")),
    passes=alertness.ABOVE, resolve=_after_fire_back))


def _apply(game, spec: dict) -> None:
    """P25-P26: both results together - first aid, the kill's reward, the dead, the evidence."""
    s = game.state
    attacker, target = spec["attacker"], spec["target"]
    kill_target = spec["hit"] and not _first_aid_saves(game, target, spec["attack_total"])
    kill_attacker = spec.get("back_hit", False) and not _first_aid_saves(game, attacker, spec["back_total"])
    target_side = s.agents[target].side
    if kill_target:
        missions.on_event(game, attacker, "assassinate", colour=colour(target))  # P26: paid even if he dies too
        liquidate(game, target)
    if kill_attacker:
        liquidate(game, attacker)
    if not kill_target:
        game.emit("assassination_failed", msg("The assassination of {target} fails.", target=T.agent(target)),
                  agent=attacker, target=target)
        if spec["same"] and not kill_attacker and s.winner is None and s.result is None:
            flow.gain_evidence(game, target_side, colour(attacker), FAILED_ATTACK_EVIDENCE,
                          msg("a failed assassination by {name}", name=T.agent(attacker)))
    if attacker in s.agents:
        finish_action(game)


def _first_aid_saves(game, agent_id: str, total: int) -> bool:
    """P27: single-use first-aid kits are shown and spent only when they turn a hit into a miss."""
    s = game.state
    kits = sorted(held(s, agent_id, "first_aid", reusable=False), key=lambda i: -int(item(i).params["defence"]))
    need = total - defence(s, agent_id)  # the hit beat the Defence by this much
    used, extra = [], 0
    for kit in kits:
        if extra >= need:
            break
        used.append(kit)
        extra += int(item(kit).params["defence"])
    if not kits or extra < need:
        return False
    for kit in used:
        consume_item(game, agent_id, kit, "")
    game.emit("first_aid", msg("First aid saves {name}: the hit becomes a miss.", name=T.agent(agent_id)),
              agent=agent_id, items=used)
    return True


# ------------------------------------------------------------------ death (P26)


def liquidate(game, agent_id: str) -> None:
    """The agent leaves the game with his items (shown to both) and his card; the enemy's evidence against his
    colour is removed; his conversation pairs and the decisions naming him go; his activation ends."""
    s = game.state
    a = s.agents[agent_id]
    items = list(a.items)
    for iid in items:
        mark_seen(s, iid)
        s.discarded.append(iid)
    a.items = []
    game.reveal(msg("An agent was liquidated."))
    if items:
        text = msg("{name} is liquidated: the figure and the items held ({items}) leave the game.",
                   name=T.agent(agent_id), items=T.both(T.item_name(i) for i in items))
    else:
        text = msg("{name} is liquidated: the figure leaves the game.", name=T.agent(agent_id))
    game.emit("liquidated", text, agent=agent_id, shown=items)
    missions.lose(game, agent_id)
    enemy, col = other(a.side), colour(agent_id)
    if s.evidence[enemy][col]:
        flow.remove_evidence(game, enemy, col, s.evidence[enemy][col],
                             msg("{name} is dead", name=T.agent(agent_id)))
    del s.agents[agent_id]
    s.dead.append(agent_id)
    s.talked = [pair for pair in s.talked if agent_id not in pair]  # K13 pairs need both agents
    s.pending = [p for p in s.pending if agent_id not in (p.agent, p.target)]
    if s.activation is not None and s.activation.agent == agent_id:
        flow.end_activation(game)


# ------------------------------------------------------------------ why not, integrity


def explain(state, action) -> str:
    aid, tid = action.agent, action.target
    if state.vehicle and tid == state.vehicle["id"]:  # Top Secret (F23)
        from .car import explain_attack

        return explain_attack(state, action)
    name = T.agent(aid)
    if not extended(state):
        return msg("Assassinations belong to the EXTENDED rules, which this scenario does not use.")
    if tid not in state.agents or state.agents[tid].side == state.agents[aid].side:
        return msg("Only an enemy agent on the board can be the target of an assassination.")
    target = T.agent(tid)
    if not is_free(state, tid):
        return msg("{target} is in the jail and cannot be attacked.", target=target)
    if not can_act_now(state, aid):
        return msg("{name} has already taken the action of this activation.", name=name)
    if ap_left(state, aid) < ATTACK_AP:
        return msg("{name} has no AP left: an assassination needs 1 AP.", name=name)
    col = mission_colour(state, aid)
    at_station = state.agents[tid].space == radio.attack_space(state, aid)  # F10
    if col is None and not at_station:
        return msg("{name} holds no mission card ordering an assassination.", name=name)
    if col != colour(tid) and not at_station:
        return msg("{name}'s mission orders the liquidation of the enemy {colour} agent, not {target}.", name=name,
                   colour=T.colour(col), target=target)
    if action.weapon not in state.agents[aid].items:
        return msg("{name} does not hold that item.", name=name)
    if item(action.weapon).effect not in WEAPON_EFFECTS or not item_works(state, action.weapon):
        return msg("{item} is not a weapon.", item=T.item_name(action.weapon))
    a, t = state.agents[aid], state.agents[tid]
    if t.space in board(state).neighbours(a.space, a.side):
        return msg("{item} reaches only an enemy on {name}'s own space; a grenade, dynamite or a rifle also reach "
                   "a neighbouring space.", item=T.item_name(action.weapon), name=name)
    return msg("{target} is out of reach: an assassination needs the target on {name}'s space, or on a "
               "neighbouring space for a ranged weapon.", target=target, name=name)


def check_invariants(state) -> None:
    assert not set(state.dead) & set(state.agents), "a dead agent is still on the board"
    assert len(set(state.dead)) == len(state.dead), "an agent died twice"
    if state.activation is not None:
        assert state.activation.agent in state.agents, "the activated agent is not on the board"
