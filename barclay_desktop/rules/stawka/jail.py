"""The jail (EXTENDED rules): who is in it, how he gets there and how he leaves (P15, P22, P23).

Rulebook, Arrest 4 and Release of the Arrested: an arrested Polish agent lies in the jail location,
cannot be activated, loses his items, is no target and no "enemy agent in the sector"; the evidence
against him stays. He leaves the jail when the German player releases him (after a secret revealed
under interrogation, P22, or in an exchange for a kidnapped German agent, P23), onto a location in a
sector where no SS officer stands (any location if every sector has one).

arrest.py (arrest, interrogation) and kidnap.py (kidnapping, exchange) build on this module.
"""

from __future__ import annotations

import functools

from ..core.message import msg, nmsg
from . import content
from . import texts as T
from .activation import finish_action, mark_seen
from .flow import end_activation, scenario_won
from .rules import after_item_loss, ap_left, board, can_act_now, doc, extended, item, trait
from .scenario import board_for_scenario
from .scenario_rules import scenario_rules
from .state import GERMAN, POLISH, Pending

ARREST_EVIDENCE = 6  # K5: an arrest or a kidnapping needs 6 evidence against the agent's colour
WEAPON_EFFECTS = ("weapon", "ranged_weapon")  # K9: either allows a kidnapping (Release 1)




def jail_space(state) -> str | None:
    """The board's jail location (First Clash: police.jail), or None on a board without the police sector."""
    return _jail(state.scenario)


@functools.lru_cache(maxsize=None)
def _jail(scenario_id: str) -> str | None:
    return next((s.id for s in board_for_scenario(scenario_id).locations() if s.key == "jail"), None)


def is_ss_officer(state, agent_id: str) -> bool:
    return doc(state, agent_id).function == "ss_officer"


def prisoners(state) -> list[str]:
    """Arrested agents, in the jail (public)."""
    return [aid for aid, a in state.agents.items() if a.arrested]


def weapons(state, agent_id: str) -> list[str]:
    """Weapons the agent holds (working at this level): either kind allows a kidnapping."""
    return [i for i in state.agents[agent_id].items if item(i).effect in WEAPON_EFFECTS
            and content.level_allows(state.level, item(i).level)]


def alertness_items(state, agent_id: str) -> list[tuple]:
    """K15: the defender's own items for a roll against his Alertness (arrest, kidnapping), as modifiers."""
    out = []
    for iid in state.agents[agent_id].items:
        t = item(iid)
        if t.effect == "alertness_roll_bonus" and content.level_allows(state.level, t.level):
            out.append((T.item_name(iid), int(t.params.get("bonus", 1))))
    return out


def act_block(state, agent_id: str, budget: int | None, space: str | None, cost: int, what):
    """Why the agent may not take an action costing `cost` now (or at `space` with `budget` AP); or None."""
    name = T.agent(agent_id)
    if space is None and not can_act_now(state, agent_id):
        return msg("{name} has already taken the action of this activation.", name=name)
    left = ap_left(state, agent_id) if budget is None else budget
    if left < cost:
        return msg("{name} has {left} AP left: {what} needs {cost} AP.", name=name, left=left, what=what, cost=cost)
    return None


def card_bonus(state, sign: int) -> list[tuple]:
    """A24: the German player's arrest bonus from location cards this stage, as a roll modifier in his favour:
    `sign` -1 on an arrest (the Polish target rolls low to be arrested), +1 on a kidnapping (the German rolls)."""
    n = state.arrest_bonus.get(GERMAN, 0)
    return [(msg("location cards"), sign * n)] if n else []


def interrogator_bonus(state, agent_id: str) -> int:
    t = trait(state, agent_id)
    return int(t.params.get("bonus", 1)) if t is not None and t.key == "interrogator" else 0


def game_over(state) -> bool:
    return state.result is not None or state.winner is not None


# ------------------------------------------------------------------ into the jail


def put_in_jail(game, target: str, by: str) -> None:
    """P15: the figure goes to the jail; his items leave the game, shown to both; he is no longer free."""
    s = game.state
    a = s.agents[target]
    lost = a.items[:]
    a.items = []
    after_item_loss(s, target)
    s.discarded.extend(lost)
    for iid in lost:
        mark_seen(s, iid)
    a.space = jail_space(s)
    a.arrested = True
    if lost:
        game.reveal(msg("The arrested agent's items were shown."))
        text = msg("{target} is arrested and taken to the jail; the items {target} held leave the game: {items}.",
                   target=T.agent(target), items=T.both([T.item_name(i) for i in lost]))
    else:
        text = msg("{target} is arrested and taken to the jail.", target=T.agent(target))
    game.emit("arrested", text, agent=target, by=by, space=a.space, shown=lost)
    from . import missions

    missions.on_event(game, by, "arrest")  # the arrester's arrest special (P18); the prisoner's card counts
    # nothing while he is in the jail (missions checks is_free, P15)
    if s.activation is not None and s.activation.agent == target:
        end_activation(game)
    need = scenario_rules(s.scenario).get("jail_to_win", 0)
    jailed = sum(1 for x in s.agents.values() if x.side == POLISH and x.arrested)
    if need and jailed >= need:
        reason = nmsg("{n} Polish agent is in the jail: the German player wins.",
                      "{n} Polish agents are in the jail: the German player wins.", jailed, n=jailed)
        scenario_won(game, GERMAN, reason, "jail")


# ------------------------------------------------------------------ out of the jail


def release_spaces(state) -> list[str]:
    """Release 1 and P23: locations of the sectors where no free SS officer stands; all locations if none is."""
    b = board(state)
    guarded = {b.face_of(a.space) for aid, a in state.agents.items()
               if a.side == GERMAN and not a.arrested and is_ss_officer(state, aid)}
    spaces = [s.id for s in b.locations() if b.face_of(s.id) not in guarded]
    return spaces or [s.id for s in b.locations()]


def open_release(game, prisoner: str) -> None:
    """The German player places the prisoner on a location outside the SS officers' sectors (P22, P23)."""
    s = game.state
    s.pending.insert(0, Pending("release_to", GERMAN, prisoner))
    game.emit("release_choice", msg("The German player must release {name} onto a location outside the sectors "
                                    "where an SS officer stands.", name=T.agent(prisoner)), agent=prisoner)


def release_to(game, to: str) -> None:
    s = game.state
    p = s.pending.pop(0)
    a = s.agents[p.agent]
    a.arrested = False
    a.space = to
    game.emit("released", msg("{name} is released at the {place}.", name=T.agent(p.agent),
                              place=T.place(board(s).spaces[to].label)),
              agent=p.agent, space=to)
    finish_action(game)


def street_spaces(state) -> list[str]:
    return [sid for sid, sp in board(state).spaces.items() if sp.kind == "street"]


# ------------------------------------------------------------------ integrity


def check_invariants(state) -> None:
    """P15: arrested agents are Polish, stand in the jail and hold nothing; the jail's decisions name the right
    agents."""
    jail = jail_space(state)
    for aid, a in state.agents.items():
        if a.arrested:
            assert extended(state), f"{aid} is arrested under the BASIC rules"
            assert a.side == POLISH, f"{aid} is arrested but plays for the {a.side} network"
            assert a.space == jail, f"{aid} is arrested but stands on {a.space!r}, not in the jail"
            assert not a.items, f"{aid} is arrested but holds items"
    if state.activation is not None:
        assert not state.agents[state.activation.agent].arrested, "an arrested agent is activated"
    for p in state.pending:
        if p.kind == "interrogate_now":
            assert state.agents[p.target].arrested and state.agents[p.agent].side == GERMAN, "a bad interrogation"
        elif p.kind == "release_to":
            assert state.agents[p.agent].arrested and p.seat == GERMAN, "a release of an agent not in the jail"
        elif p.kind == "place_kidnapped":
            assert state.agents[p.target].arrested and p.seat == POLISH, "an exchange without a prisoner"
            assert state.agents[p.agent].side == GERMAN, "a kidnapped agent of the wrong network"
