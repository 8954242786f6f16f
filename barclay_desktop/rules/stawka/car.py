"""Top Secret's Black Audi as a target and a Top Secret card's move (issue 36, step 4 of the film plan).

Rulebook, "The Black Audi" (L637-L639), "Top Secret Cards" (L641-L643), the victory conditions (L665, L667);
rulings F23 and F24 of docs/stawka-film-plan.md (section 8, adopted); the drive itself is vehicle.py.

- F23: a Polish agent but Kloss, holding a weapon, may attack the car carrying Pulkowski on its space (a ranged
  weapon from a neighbouring space), his action (1 AP), no mission: 2d6 + the weapon + his mission bonuses (F25) +
  the Polish evidence beyond 10 (F1), supports as P9, above its Defence (6 + the German missions' bonuses +
  a German protection token on its space, P10) wins the game; a failed attack spends the weapon and, on the same
  space, gives the German side 3 evidence against him (L373). The car never fires back.
- F24: a side holding a Top Secret card may, in its turn with nothing pending, spend it to move the Audi one or
  two steps along its paths (F20), no AP, ignoring tokens; carrying into the barracks wins for the German (F22).
"""

from __future__ import annotations

from ..core.message import msg
from . import actions as A
from . import alertness, pulkowski
from . import texts as T
from .activation import consume_item, finish_action, spend, start_step
from .rules import board, can_afford_action, colour, is_free, item, trait
from .state import ACTIVATION, GERMAN, POLISH
from .vehicle import _delivered, _finish, _place, _search, _spec, active, ap_left, carrying, is_vehicle

ATTACK_AP = 1
FAILED_ATTACK_EVIDENCE = 3  # L373, F23: the escort saw him

# ------------------------------------------------------------------ a Top Secret card (L643, F24)


def card_moves(state, seat: str) -> list:
    """F24: in its own turn, nothing pending, a side holding a Top Secret card may move the Audi 1-2 steps."""
    if not state.vehicle or state.turn != seat or not may_play_card(state, seat):
        return []
    reach = _search(state, int(pulkowski.block(state)["card_move"]), set())
    return [A.PlayTopSecret(to) for to in sorted(reach) if to != state.vehicle["space"]]


def may_play_card(state, seat: str) -> bool:
    """The side holds a Top Secret card and nothing is pending in the activation phase (the turn aside)."""
    return (state.phase == ACTIVATION and not state.pending and not state.gave_up.get(seat)
            and bool(state.top_secret.get(seat)))


def play_card(game, seat: str, to: str) -> None:
    s = game.state
    s.top_secret[seat] -= 1
    frm = s.vehicle["space"]
    s.vehicle["space"] = to
    game.emit("top_secret_move", msg("The {side} player discards a Top Secret card and moves the Black Audi from the "
                                     "{frm} to the {to}.", side=T.PLAYER_SIDE[seat], frm=_place(s, frm),
                                     to=_place(s, to)), seat=seat, path=[frm, to], agent=s.vehicle["id"])
    if _delivered(game):
        return
    if active(s):
        _finish(game)
    elif s.activation is not None:
        finish_action(game)


# ------------------------------------------------------------------ the attack on the car (L637, F23)


def car_targets(state, agent_id: str, where: str) -> list[tuple[str, str]]:
    """(the Audi, weapon) pairs for a Polish agent on `where`: same space any weapon, a neighbour a ranged one."""
    from .assassination import RANGED, weapons

    if not carrying(state) or agent_id in pulkowski.block(state)["attack_barred"]:
        return []
    a = state.agents[agent_id]
    if a.side != POLISH or not is_free(state, agent_id):
        return []
    car = state.vehicle["space"]
    vid = state.vehicle["id"]
    if car == where:
        return [(vid, w) for w in weapons(state, agent_id)]
    if car in board(state).neighbours(where, a.side):
        return [(vid, w) for w in weapons(state, agent_id) if item(w).effect == RANGED]
    return []


def defence(state) -> int:
    """L639, F23, F25, P10: 6, the German missions' bonuses, a German protection token on its space."""
    return _spec(state).defence + state.vehicle.get("defence_bonus", 0) + guard(state)


def guard(state) -> int:
    """P10, F25: the bonus of a German protection token on the car's space (0 without one)."""
    t = state.threats.get(state.vehicle["space"])
    if t is None or t.side != GERMAN or alertness.token(t.id).type != "protection":
        return 0
    return int(alertness.token(t.id).params.get("bonus", 2))


def attack(game, agent_id: str, weapon: str) -> None:
    s = game.state
    start_step(game, agent_id, "action")
    spend(game, agent_id, ATTACK_AP)
    same = s.agents[agent_id].space == s.vehicle["space"]
    game.emit("assassination", msg("{name} attacks the Black Audi carrying Dr Pulkowski (1 AP).",
                                   name=T.agent(agent_id)), agent=agent_id, target=s.vehicle["id"], weapon=weapon)
    consume_item(game, agent_id, weapon, "")  # K9: every weapon is single use
    space = s.vehicle["space"]
    t = s.threats.get(space)
    if t is not None and t.side == GERMAN and not t.revealed and alertness.token(t.id).type == "protection":
        alertness.turn_up(s, space)  # P10: shown when a roll is made against what it guards
        game.reveal(msg("A threat token was revealed."))
        game.emit("threat_revealed", msg("A protection token at the {place} guards the Black Audi.",
                                         place=_place(s, space)), space=space, token=t.id, type="protection")
    alertness.start(game, "car_attack", attacker=agent_id, weapon=weapon, same=same)


def _attack_mods(state, spec) -> list:
    aid = spec["attacker"]
    mods = [(T.item_name(spec["weapon"]), int(item(spec["weapon"]).params.get("bonus", 0)))]
    t = trait(state, aid)
    if t is not None and t.key == "marksman":
        mods.append((msg("{name}'s trait", name=T.agent(aid)), int(t.params["bonus"])))
    if state.attack_bonus.get(aid):
        mods.append((msg("missions"), state.attack_bonus[aid]))
    if pulkowski.overflow_bonus(state, POLISH):
        mods.append((msg("evidence beyond 10"), pulkowski.overflow_bonus(state, POLISH)))
    return mods


def _attack_resolved(game, spec: dict, passed: bool) -> None:
    from .flow import gain_evidence, scenario_won

    s = game.state
    aid = spec["attacker"]
    if passed:
        scenario_won(game, POLISH, msg("{name} destroys the Black Audi with Dr Pulkowski inside: the Polish player "
                                       "wins.", name=T.agent(aid)), "car_destroyed")
        return
    game.emit("assassination_failed", msg("The attack on the Black Audi fails."), agent=aid, target=s.vehicle["id"])
    if spec["same"]:
        gain_evidence(game, GERMAN, colour(aid), FAILED_ATTACK_EVIDENCE,
                      msg("a failed attack on the Black Audi by {name}", name=T.agent(aid)))
    finish_action(game)


alertness.register(alertness.Test(
    name="car_attack", title=msg("Attack on the Black Audi"),
    roller=lambda s, spec: spec["attacker"], space=lambda s, spec: s.agents[spec["attacker"]].space,
    favoured=lambda s, spec: POLISH, modifiers=_attack_mods,
    target=lambda s, spec: (defence(s), msg("Defence")), passes=alertness.ABOVE, resolve=_attack_resolved))


def explain_attack(state, action) -> str:
    name = T.agent(action.agent)
    if not carrying(state):
        return msg("The Black Audi cannot be attacked before Dr Pulkowski is aboard.")
    if action.agent in pulkowski.block(state)["attack_barred"]:
        return msg("{name} may not attack the Black Audi.", name=name)
    if not can_afford_action(state, action.agent, ATTACK_AP):
        return msg("{name} needs 1 AP and his action of this activation to attack.", name=name)
    return msg("An attack on the Black Audi needs a weapon and the car on {name}'s space, or on a neighbouring space "
               "for a grenade, dynamite or a rifle.", name=name)


# ------------------------------------------------------------------ why not (legal.explain)

ACTIONS = (A.Drive, A.PlayTopSecret, A.SecretBonus, A.PlaceDrawnThreat)


def explain(state, seat: str, action):
    """legal.explain for the Audi's actions (and an Audi's discard); None leaves the others to the usual reasons."""
    if isinstance(action, (A.SecretBonus, A.PlaceDrawnThreat)):
        return msg("That choice comes only right after a secret won in a conversation, in the Top Secret scenario.")
    if not isinstance(action, ACTIONS) and not (isinstance(action, A.DiscardThreat) and is_vehicle(action.agent)):
        return None
    if not state.vehicle:
        return msg("The Black Audi drives only in the Top Secret scenario.")
    if state.phase != ACTIVATION or state.turn != seat:
        return msg("Wait for your turn in the activation phase.")
    if isinstance(action, A.PlayTopSecret):
        if not state.top_secret.get(seat):
            return msg("You hold no Top Secret card.")
        return msg("A Top Secret card moves the Black Audi one or two steps along streets open to both networks, "
                   "into the factory or the barracks.")
    if seat != GERMAN:
        return msg("Only the German player drives the Black Audi.")
    if state.activation is not None:
        return msg("Finish {name}'s activation first (only one at a time).", name=T.agent(state.activation.agent))
    if isinstance(action, A.DiscardThreat):
        if not carrying(state):
            return msg("Until Dr Pulkowski is aboard the Black Audi ignores threat tokens.")
        return msg("The Black Audi may try to discard a Polish threat token on its own space once an activation "
                   "(1 AP).")
    if ap_left(state) <= 0:
        return msg("The Black Audi has no AP left this stage (5 at most, from your pool).")
    return msg("The Black Audi drives only along streets open to both networks and into the factory or the "
               "barracks; a Polish threat token stops it once Dr Pulkowski is aboard; movement alone covers at "
               "least two spaces.")
