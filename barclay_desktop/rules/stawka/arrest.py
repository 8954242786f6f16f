"""Arrest (EXTENDED rules; rulebook Arrest 1-4 with its example; K5, K13, K15; P12-P15).

An SS officer (or a German agent holding an arrest mission card) on the space of a free Polish agent other
than Hans Kloss, with at least 6 evidence against his colour (Stedtke: 5) and the pair's conversation of the
stage unspent, may arrest him (2 AP, the activation's action; the attempt spends the pair's conversation).
The Polish player rolls 2d6 + his agent's alertness items - the arrester's interrogator bonus, supports
either way; at most the Alertness arrests him (jail.py); the arrester may then interrogate him at once
(interrogation.py).

This module is also the one door the rest of the engine uses for arrest, interrogation and kidnapping
(legal actions, explain, the pending decisions, the handlers); kidnap.py holds the kidnapping.
"""

from __future__ import annotations

from ..core.message import msg, nmsg
from . import actions as A
from . import alertness, content, interrogation, kidnap, radio
from . import texts as T
from .activation import finish_action, spend, start_step
from .interrogation import INTERROGATE_AP
from .jail import (
    ARREST_EVIDENCE,
    act_block,
    alertness_items,
    card_bonus,
    extended,
    game_over,
    interrogator_bonus,
    is_ss_officer,
    jail_space,
    put_in_jail,
    release_spaces,
    release_to,
    street_spaces,
)
from .rules import colour, doc, have_talked, pair_key, trait
from .state import GERMAN, Pending

ARREST_AP = 2  # P12: the AP cost list ("arrest or kidnapping (2 AP)")
PENDING_KINDS = ("interrogate_now", "place_kidnapped", "release_to")


def arrest_mission_card(state, agent_id: str) -> str | None:
    """The arrest mission card the agent holds (P13), or None."""
    from . import missions

    goal = missions.special_goal(state, agent_id)
    return state.missions[agent_id].card if goal is not None and goal.key == "arrest" else None


def can_arrest(state, agent_id: str) -> bool:
    """P13: a free German SS officer, or a German agent holding an arrest mission card."""
    a = state.agents[agent_id]
    return (a.side == GERMAN and not a.arrested
            and (is_ss_officer(state, agent_id) or arrest_mission_card(state, agent_id) is not None))


def arrest_need(state, agent_id: str) -> int:
    """K5: 6 evidence; Stedtke's trait sees_through_cover: 5."""
    t = trait(state, agent_id)
    return ARREST_EVIDENCE - 1 if t is not None and t.key == "sees_through_cover" else ARREST_EVIDENCE


# ------------------------------------------------------------------ why not (legal and explain share these)


def arrest_block(state, agent_id: str, target: str, budget: int | None = None, space: str | None = None):
    """Why `agent_id` may not arrest `target` (at `space` with `budget` AP, for a move that would end there),
    as a sentence; or None."""
    name = T.agent(agent_id)
    if not extended(state):
        return msg("Arrests belong to the extended rules, which this scenario does not use.")
    a = state.agents[agent_id]
    if a.side != GERMAN:
        return msg("Only the German network makes arrests.")
    if not can_arrest(state, agent_id):
        return msg("{name} may arrest only with an arrest mission card: without one only SS officers arrest.",
                   name=name)
    if jail_space(state) is None:
        return msg("This board has no jail: nobody can be arrested.")
    t = state.agents.get(target)
    if t is None or t.side == a.side:
        return msg("Only an enemy agent can be arrested.")
    tname = T.agent(target)
    if target == content.KLOSS:
        return msg("{target} can never be arrested.", target=tname)
    if t.arrested:
        return msg("{target} is already in the jail.", target=tname)
    if t.space != (space or a.space):
        return msg("{target} is not on {name}'s space: an arrest needs both on one space.", target=tname, name=name)
    held, need = state.evidence[GERMAN][colour(target)], arrest_need(state, agent_id)
    if held < need and not radio.arrest_without_evidence(state, agent_id, space or a.space):  # F10
        return nmsg("The {side} track holds {n} evidence against {colour}: an arrest needs {need}.",
                    "The {side} track holds {n} evidence against {colour}: an arrest needs {need}.", held,
                    side=T.NETWORK_SIDE[GERMAN], n=held, colour=T.colour(colour(target)), need=need)
    if have_talked(state, agent_id, target):
        return msg("{name} and {target} have already had their conversation this stage: an arrest counts as that "
                   "conversation.", name=name, target=tname)
    return act_block(state, agent_id, budget, space, ARREST_AP, msg("an arrest"))


def interrogate_block(state, agent_id: str, prisoner: str, budget: int | None = None, space: str | None = None):
    """Why `agent_id` may not interrogate `prisoner` as his action now (P22); or None."""
    name = T.agent(agent_id)
    if not extended(state):
        return msg("Interrogations belong to the extended rules, which this scenario does not use.")
    a = state.agents[agent_id]
    if a.side != GERMAN or not can_arrest(state, agent_id):
        return msg("Only a German agent able to arrest may interrogate a prisoner.")
    p = state.agents.get(prisoner)
    if p is None:
        return msg("There is no such agent in this scenario.")
    if not p.arrested:
        return msg("{prisoner} is not in the jail.", prisoner=T.agent(prisoner))
    if (space or a.space) != jail_space(state):
        return msg("{name} must stand in the jail to interrogate a prisoner.", name=name)
    if have_talked(state, agent_id, prisoner):
        return msg("{name} and {prisoner} have already met this stage: a prisoner is interrogated once a stage by "
                   "each agent (an arrest counts).", name=name, prisoner=T.agent(prisoner))
    return act_block(state, agent_id, budget, space, INTERROGATE_AP, msg("an interrogation"))


# ------------------------------------------------------------------ hooks for rules.py, legal.py, handlers.py


def actions(state, agent_id: str) -> list:
    """The arrests, interrogations and kidnappings the agent may take now as his action."""
    if not extended(state) or state.agents[agent_id].arrested:
        return []
    a = state.agents[agent_id]
    if a.side != GERMAN:
        return kidnap.actions(state, agent_id)
    if not can_arrest(state, agent_id):
        return []
    out = [A.Arrest(agent_id, t) for t in _arrest_candidates(state, agent_id, a.space)
           if arrest_block(state, agent_id, t) is None]
    if a.space == jail_space(state):
        out += [A.Interrogate(agent_id, p) for p, x in state.agents.items()
                if x.arrested and interrogate_block(state, agent_id, p) is None]
    return out


def _arrest_candidates(state, agent_id: str, space: str) -> list[str]:
    """A cheap first sieve (movement asks for every space in reach): enemies on `space` whom only AP or the
    activation's action might still keep from an arrest."""
    need = arrest_need(state, agent_id)
    track = state.evidence[GERMAN]
    free_here = radio.arrest_without_evidence(state, agent_id, space)  # F10: Stedtke at the public station
    return [t for t, x in state.agents.items()
            if x.space == space and x.side != GERMAN and not x.arrested and t != content.KLOSS
            and (free_here or track[colour(t)] >= need) and not have_talked(state, agent_id, t)]


def action_possible_at(state, agent_id: str, space: str, budget: int) -> bool:
    """Could the agent arrest, interrogate or kidnap at `space` with `budget` AP (rules.action_possible_at)?"""
    if not extended(state) or state.agents[agent_id].arrested:
        return False
    if state.agents[agent_id].side != GERMAN:
        return kidnap.possible_at(state, agent_id, space, budget)
    if not can_arrest(state, agent_id):
        return False
    if any(arrest_block(state, agent_id, t, budget, space) is None
           for t in _arrest_candidates(state, agent_id, space)):
        return True
    return space == jail_space(state) and any(
        x.arrested and interrogate_block(state, agent_id, t, budget, space) is None for t, x in state.agents.items())


def pending_legal(state, p) -> list:
    if p.kind == "interrogate_now":
        return [A.Interrogate(p.agent, p.target), A.SkipInterrogation()]
    if p.kind == "place_kidnapped":
        return [A.PlaceKidnapped(sp) for sp in street_spaces(state)]
    if p.kind == "release_to":
        return [A.ReleaseTo(sp) for sp in release_spaces(state)]
    raise AssertionError(f"unknown pending decision {p.kind}")


def explain(state, action):
    """The reason an arrest, interrogation or kidnapping is refused (legal.explain, after the agent's checks)."""
    if isinstance(action, A.Arrest):
        return arrest_block(state, action.agent, action.target)
    if isinstance(action, A.Interrogate):
        return interrogate_block(state, action.agent, action.prisoner)
    if isinstance(action, A.Kidnap):
        return kidnap.kidnap_block(state, action.agent, action.target, action.weapon, action.prisoner)
    return None


def explain_decision(state, action):
    """A decision of the jail offered when none is waiting."""
    if isinstance(action, A.SkipInterrogation):
        return msg("There is no interrogation waiting to be declined.")
    if isinstance(action, A.PlaceKidnapped):
        return msg("A kidnapped agent is placed only in the exchange that follows a kidnapping.")
    return msg("A prisoner is released only after a secret revealed under interrogation or in an exchange.")


def prompt_bits(state, agent_id: str) -> list:
    """Words for the activation prompt ("arrest Jacek", "interrogate Jacek", "kidnap Glaubel")."""
    bits, seen = [], set()
    for a in actions(state, agent_id):
        if isinstance(a, A.Arrest):
            bits.append(msg("arrest {name}", name=T.agent(a.target)))
        elif isinstance(a, A.Interrogate):
            bits.append(msg("interrogate {name}", name=T.agent(a.prisoner)))
        elif isinstance(a, A.Kidnap) and a.target not in seen:
            seen.add(a.target)
            bits.append(msg("kidnap {name}", name=T.agent(a.target)))
    return bits


# ------------------------------------------------------------------ the arrest


def do_arrest(game, a: A.Arrest) -> None:
    s = game.state
    start_step(game, a.agent, "action")
    spend(game, a.agent, ARREST_AP)
    s.talked.append(pair_key(a.agent, a.target))  # K13: the attempt is the pair's conversation of the stage
    if not is_ss_officer(s, a.agent):  # P13: an arrest made by an arrest mission card shows the card
        from . import missions

        missions.reveal(game, a.agent)
    game.emit("arrest", msg("{name} tries to arrest {target} ({cost} AP).", name=T.agent(a.agent),
                            target=T.agent(a.target), cost=ARREST_AP),
              agent=a.agent, target=a.target)
    alertness.start(game, "arrest", agent=a.agent, target=a.target, space=s.agents[a.target].space)


def _arrest_modifiers(state, spec) -> list:
    mods = list(alertness_items(state, spec["target"]))  # K15: the defender uses his items
    bonus = interrogator_bonus(state, spec["agent"])
    if bonus:
        mods.append((msg("{name}'s trait", name=T.agent(spec["agent"])), -bonus))
    return mods + card_bonus(state, -1)  # A24: a location card's arrest bonus, in the German player's favour


def _arrest_resolved(game, spec: dict, passed: bool) -> None:
    s = game.state
    agent, target = spec["agent"], spec["target"]
    if not passed:  # P14: nothing else happens
        game.emit("arrest_avoided", msg("{target} avoids the arrest.", target=T.agent(target)),
                  agent=agent, target=target)
        finish_action(game)
        return
    put_in_jail(game, target, agent)
    if game_over(s):
        return
    s.pending.insert(0, Pending("interrogate_now", GERMAN, agent, target=target))


alertness.register(alertness.Test(
    name="arrest", title=msg("Arrest"),
    roller=lambda s, spec: spec["target"], space=lambda s, spec: spec["space"],
    favoured=lambda s, spec: s.agents[spec["target"]].side,
    modifiers=_arrest_modifiers,
    target=lambda s, spec: (doc(s, spec["target"]).alertness, msg("Alertness")),
    passes=alertness.AT_MOST, resolve=_arrest_resolved))


def do_release(game, a: A.ReleaseTo) -> None:
    release_to(game, a.to)


HANDLERS = {
    A.Arrest: do_arrest,
    A.Interrogate: interrogation.do_interrogate,
    A.SkipInterrogation: interrogation.skip_interrogation,
    A.Kidnap: kidnap.do_kidnap,
    A.PlaceKidnapped: kidnap.place_kidnapped,
    A.ReleaseTo: do_release,
}
