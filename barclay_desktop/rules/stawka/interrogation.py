"""Interrogation of a prisoner (EXTENDED rules; rulebook Arrest, Example; K4, K13; P22).

Right after a successful arrest the arrester may interrogate the prisoner at once, free (pending
"interrogate_now"); later an agent able to arrest, standing in the jail, may interrogate a prisoner as his
action (1 AP), once per pair and stage (the K13 pair). The roll is a conversation roll: its modifiers
(traits, items in effect, the track) + the interrogator trait, with the support windows (P9). Only a secret
counts: the prisoner's secret threshold reached and at least 3 evidence against him (K4). It scores as a
conversation secret (3 VP in First Clash, the track to 0) and the German player then releases him (jail.py).
Who may interrogate whom is arrest.interrogate_block.
"""

from __future__ import annotations

from ..core.message import msg, nmsg
from . import actions as A
from . import alertness
from . import texts as T
from .activation import finish_action, spend, start_step
from .conversation import modifiers as conversation_modifiers
from .flow import gain_secret
from .jail import game_over, interrogator_bonus, jail_space, open_release
from .rules import SECRET_MIN_EVIDENCE, colour, doc, pair_key

INTERROGATE_AP = 1  # P22: as a conversation


def do_interrogate(game, a: A.Interrogate) -> None:
    s = game.state
    if s.pending and s.pending[0].kind == "interrogate_now":
        s.pending.pop(0)  # P22: at once after the arrest, part of it and free
        text = msg("{name} interrogates {prisoner} at once.", name=T.agent(a.agent), prisoner=T.agent(a.prisoner))
    else:
        start_step(game, a.agent, "action")
        spend(game, a.agent, INTERROGATE_AP)
        s.talked.append(pair_key(a.agent, a.prisoner))  # once per pair and stage
        text = msg("{name} interrogates {prisoner} ({cost} AP).", name=T.agent(a.agent), prisoner=T.agent(a.prisoner),
                   cost=INTERROGATE_AP)
    game.emit("interrogate", text, agent=a.agent, prisoner=a.prisoner)
    alertness.start(game, "interrogation", agent=a.agent, prisoner=a.prisoner, space=jail_space(s))


def skip_interrogation(game, a: A.SkipInterrogation) -> None:
    s = game.state
    p = s.pending.pop(0)
    game.emit("interrogation_skipped", msg("The German player does not interrogate {prisoner} now.",
                                           prisoner=T.agent(p.target)), agent=p.agent, prisoner=p.target)
    finish_action(game)


def _interrogation_modifiers(state, spec) -> list:
    """A conversation roll's modifiers (traits, items in effect, the track) + the interrogator trait (P22)."""
    mods = list(conversation_modifiers(state, spec["agent"], spec["prisoner"], ()))
    bonus = interrogator_bonus(state, spec["agent"])
    if bonus:
        mods.append((msg("{name}'s trait", name=T.agent(spec["agent"])), bonus))
    return mods


def _interrogated(game, spec: dict, passed: bool) -> None:
    s = game.state
    agent, prisoner = spec["agent"], spec["prisoner"]
    seat = s.agents[agent].side
    held = s.evidence[seat][colour(prisoner)]
    if passed and held >= SECRET_MIN_EVIDENCE:  # K4: a secret needs 3 evidence
        game.emit("interrogation", msg("{prisoner} reveals a secret under interrogation.", prisoner=T.agent(prisoner)),
                  agent=agent, prisoner=prisoner, result="secret")
        gain_secret(game, seat, prisoner)  # as a conversation secret: VP where the scenario pays them, track reset
        if not game_over(s):
            open_release(game, prisoner)
        return
    if passed:
        text = nmsg("The interrogation gives nothing: a secret needs at least {min} evidence against {colour}, and the "
                    "{side} track holds {n}.",
                    "The interrogation gives nothing: a secret needs at least {min} evidence against {colour}, and the "
                    "{side} track holds {n}.", held, min=SECRET_MIN_EVIDENCE, colour=T.colour(colour(prisoner)),
                    side=T.NETWORK_SIDE[seat], n=held)
    else:
        text = msg("The interrogation gives nothing: {prisoner} stays in the jail.", prisoner=T.agent(prisoner))
    game.emit("interrogation", text, agent=agent, prisoner=prisoner, result="none")
    finish_action(game)


alertness.register(alertness.Test(
    name="interrogation", title=msg("Interrogation"),
    roller=lambda s, spec: spec["agent"], space=lambda s, spec: spec["space"],
    favoured=lambda s, spec: s.agents[spec["agent"]].side,
    modifiers=_interrogation_modifiers,
    target=lambda s, spec: (doc(s, spec["prisoner"]).conversation.secret,
                            msg("{name}'s secret threshold", name=T.agent(spec["prisoner"]))),
    passes=alertness.AT_LEAST, resolve=_interrogated))
