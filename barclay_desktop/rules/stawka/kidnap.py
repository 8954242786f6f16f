"""Kidnapping for exchange (EXTENDED rules; rulebook Release of the Arrested 1; K5, K13, K15; P12, P23).

A Polish agent holding a weapon (shown, not spent), on a space with a lone free German agent who is not an
SS officer, with at least 6 Polish evidence against his colour, while a Polish agent is in the jail and the
pair's conversation of the stage is unspent (the attempt spends it), may kidnap him (2 AP, the activation's
action). The German player rolls 2d6 + his agent's alertness items, supports either way: at most the
Alertness, he is kidnapped; above it, he escapes and the German side gains 3 evidence against the
kidnapper's colour. A kidnapped agent is exchanged at once: the Polish player puts him on any street space,
then the German player releases the prisoner named in the action (jail.py).
"""

from __future__ import annotations

from ..core.message import msg, nmsg
from . import actions as A
from . import alertness
from . import texts as T
from .flow import gain_evidence
from .jail import (
    ARREST_EVIDENCE,
    act_block,
    alertness_items,
    card_bonus,
    extended,
    game_over,
    is_ss_officer,
    open_release,
    prisoners,
    weapons,
)
from .activation import finish_action, mark_seen, spend, start_step
from .rules import board, colour, doc, have_talked, pair_key
from .state import GERMAN, POLISH, Pending

KIDNAP_AP = 2  # P12
ESCAPE_EVIDENCE = 3  # Release 1: the German side gains 3 evidence against the kidnapper


def kidnap_block(state, agent_id: str, target: str, weapon: str, prisoner: str, budget: int | None = None,
                 space: str | None = None):
    """Why `agent_id` may not kidnap `target` with `weapon` to free `prisoner` (at `space` with `budget` AP); or
    None."""
    name = T.agent(agent_id)
    if not extended(state):
        return msg("Kidnappings belong to the extended rules, which this scenario does not use.")
    a = state.agents[agent_id]
    if a.side != POLISH:
        return msg("Only the Polish network kidnaps.")
    if not prisoners(state):
        return msg("No Polish agent is in the jail: a kidnapping is made only to exchange a prisoner.")
    p = state.agents.get(prisoner)
    if p is None or not p.arrested:
        return msg("Name an agent who is in the jail for the exchange.")
    held = weapons(state, agent_id)
    if not held:
        return msg("{name} holds no weapon: a kidnapping needs one.", name=name)
    if weapon not in held:
        if weapon in a.items:
            return msg("{item} is not a weapon.", item=T.item_name(weapon))
        return msg("{name} does not hold that item.", name=name)
    t = state.agents.get(target)
    if t is None or t.side == a.side or t.arrested:
        return msg("Only a free enemy agent can be kidnapped.")
    tname = T.agent(target)
    where = space or a.space
    if t.space != where:
        return msg("{target} is not on {name}'s space: a kidnapping needs both on one space.", target=tname,
                   name=name)
    if is_ss_officer(state, target):
        return msg("{target} is an SS officer: SS officers cannot be kidnapped.", target=tname)
    if any(x.side == t.side and not x.arrested and x.space == where for aid, x in state.agents.items()
           if aid != target):
        return msg("{target} is not alone: another German agent stands on the same space.", target=tname)
    evidence = state.evidence[POLISH][colour(target)]
    if evidence < ARREST_EVIDENCE:
        return nmsg("The {side} track holds {n} evidence against {colour}: a kidnapping needs {need}.",
                    "The {side} track holds {n} evidence against {colour}: a kidnapping needs {need}.", evidence,
                    side=T.NETWORK_SIDE[POLISH], n=evidence, colour=T.colour(colour(target)), need=ARREST_EVIDENCE)
    if have_talked(state, agent_id, target):
        return msg("{name} and {target} have already had their conversation this stage: a kidnapping counts as that "
                   "conversation.", name=name, target=tname)
    return act_block(state, agent_id, budget, space, KIDNAP_AP, msg("a kidnapping"))


def actions(state, agent_id: str) -> list:
    held = weapons(state, agent_id)
    jailed = prisoners(state)
    if not held or not jailed:
        return []
    out = []
    for t in _candidates(state, state.agents[agent_id].space):
        if kidnap_block(state, agent_id, t, held[0], jailed[0]) is None:
            out += [A.Kidnap(agent_id, t, w, p) for w in held for p in jailed]
    return out


def _candidates(state, space: str) -> list[str]:
    """A cheap first sieve: free German agents on `space` against whom the Polish track holds enough."""
    track = state.evidence[POLISH]
    return [t for t, x in state.agents.items()
            if x.space == space and x.side != POLISH and not x.arrested and track[colour(t)] >= ARREST_EVIDENCE]


def possible_at(state, agent_id: str, space: str, budget: int) -> bool:
    held = weapons(state, agent_id)
    jailed = prisoners(state)
    if not held or not jailed:
        return False
    return any(kidnap_block(state, agent_id, t, held[0], jailed[0], budget, space) is None
               for t in _candidates(state, space))


def do_kidnap(game, a: A.Kidnap) -> None:
    s = game.state
    start_step(game, a.agent, "action")
    spend(game, a.agent, KIDNAP_AP)
    s.talked.append(pair_key(a.agent, a.target))  # K13: the attempt is the pair's conversation of the stage
    mark_seen(s, a.weapon)  # P23: the weapon is shown, not spent
    game.reveal(msg("An item was revealed."))
    game.emit("kidnap", msg("{name} shows {item} and tries to kidnap {target} for an exchange with {prisoner} "
                            "({cost} AP).", name=T.agent(a.agent), item=T.item_name(a.weapon),
                            target=T.agent(a.target), prisoner=T.agent(a.prisoner), cost=KIDNAP_AP),
              agent=a.agent, target=a.target, prisoner=a.prisoner, shown=[a.weapon])
    alertness.start(game, "kidnap", agent=a.agent, target=a.target, prisoner=a.prisoner,
                    space=s.agents[a.target].space)


def _kidnap_resolved(game, spec: dict, passed: bool) -> None:
    s = game.state
    agent, target, prisoner = spec["agent"], spec["target"], spec["prisoner"]
    if passed:
        game.emit("kidnapped", msg("{target} is kidnapped: the Polish player exchanges {target} for {prisoner}.",
                                   target=T.agent(target), prisoner=T.agent(prisoner)),
                  agent=agent, target=target, prisoner=prisoner)
        from . import missions

        missions.on_event(game, agent, "kidnap")  # the kidnapper's kidnap special (P18)
        s.pending.insert(0, Pending("place_kidnapped", POLISH, target, target=prisoner))
        return
    game.emit("kidnap_avoided", msg("{target} escapes the kidnapping.", target=T.agent(target)),
              agent=agent, target=target)
    gain_evidence(game, GERMAN, colour(agent), ESCAPE_EVIDENCE,
                  msg("{name} tried to kidnap {target}", name=T.agent(agent), target=T.agent(target)))
    if not game_over(s):
        finish_action(game)


alertness.register(alertness.Test(
    name="kidnap", title=msg("Kidnapping"),
    roller=lambda s, spec: spec["target"], space=lambda s, spec: spec["space"],
    favoured=lambda s, spec: s.agents[spec["target"]].side,
    # K15: the defender's own items; A24: a location card's bonus helps the German roller
    modifiers=lambda s, spec: list(alertness_items(s, spec["target"])) + card_bonus(s, +1),
    target=lambda s, spec: (doc(s, spec["target"]).alertness, msg("Alertness")),
    passes=alertness.AT_MOST, resolve=_kidnap_resolved))


def place_kidnapped(game, a: A.PlaceKidnapped) -> None:
    """Release 1: the Polish player puts the kidnapped agent on a street space; then the German player releases
    the prisoner."""
    s = game.state
    p = s.pending.pop(0)
    s.agents[p.agent].space = a.to
    game.emit("exchange", msg("The Polish player leaves {name} at {place}.", name=T.agent(p.agent),
                              place=T.place(board(s).spaces[a.to].label)),
              agent=p.agent, space=a.to, prisoner=p.target)
    open_release(game, p.target)

