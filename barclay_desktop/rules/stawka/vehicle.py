"""Top Secret's Black Audi (issue 36, step 4 of docs/stawka-film-plan.md): its drive, its tokens, the attack on it.

Rulebook, "The Black Audi" (L633-L639), "Top Secret Cards" (L641-L643), the victory conditions (L661-L667);
rulings F19-F24 of the film plan (section 8, adopted):

- F19: the German player's vehicle, not an agent (it is never in `state.agents`, so no conversation, arrest,
  mission or card can name it); activated in his turn from his pool, up to 5 AP a stage; movement only (the 2-space
  minimum of L211), plus the discard-threat action once it carries Pulkowski.
- F20: it drives on street spaces along paths open to both networks, and enters only the factory and the barracks;
  no document check (the fort's or a token's) ever stops it.
- F21: before Pulkowski boards it ignores tokens; then a Polish token stops it and the harmful ones go off at once
  (alarm, confusion, cauldron, dangerous terrain); it may try to discard one against its Alertness 7.
- F22: entering the barracks with Pulkowski aboard wins for the German player.

The attack on it (F23), a Top Secret card's move (F24) and the reasons for refusing the Audi's actions are car.py.

The Audi's activation is kept in `state.vehicle` ("active" and its own counters) rather than in
`state.activation`: every reader of `activation.agent` indexes `state.agents`, which the Audi is not in; so an
agent's activation code never meets it, and Meeting, First Clash and Chestnuts never reach this module.
"""

from __future__ import annotations

import functools
from collections import deque

from ..core.message import msg
from . import actions as A
from . import alertness, content, pulkowski
from . import texts as T
from .activation import roll
from .rules import board
from .state import ACTIVATION, GERMAN, POLISH

VEHICLES = frozenset(content.vehicles())
MOVE_ONLY_MIN = 2  # L211: an activation of movement alone covers at least two spaces
DISCARD_AP = 1
HARMFUL = ("alarm", "cauldron", "confusion", "dangerous_terrain")  # F21: the rest do nothing to a car
ALARM_AP = 2


def is_vehicle(space_or_id: str) -> bool:
    return space_or_id in VEHICLES


def setup(state, vid: str) -> None:
    from .scenario import load_scenario

    start = load_scenario(state.scenario).start_spaces(board(state))[vid]
    state.vehicle = {"id": vid, "space": start, "ap_used": 0, "defence_bonus": 0}
    new_stage(state)


def new_stage(state) -> None:
    """Its AP limit comes back each stage; no activation of it is open across a stage's end."""
    state.vehicle.update(ap_used=0, **_fresh_activation())


def _fresh_activation() -> dict:
    return {"active": False, "moved": 0, "moved_ap": 0, "acted": False, "step_cost": 1, "stopped_by": ""}


def _spec(state):
    return content.vehicles()[state.vehicle["id"]]


def carrying(state) -> bool:
    return bool(state.pulkowski.get("aboard"))


def active(state) -> bool:
    return bool(state.vehicle.get("active"))


def ap_left(state) -> int:
    return max(0, min(state.pools.get(GERMAN, 0), _spec(state).ap_limit - state.vehicle["ap_used"]))


# ------------------------------------------------------------------ its paths (F20)


@functools.lru_cache(maxsize=None)
def _graph(scenario_id: str, ends: tuple[str, ...]) -> dict:
    """Street spaces and the two locations it may enter, joined by the paths open to both networks (K1)."""
    from .scenario import board_for_scenario

    b = board_for_scenario(scenario_id)
    ok = {s.id for s in b.spaces.values() if s.kind == "street"} | set(ends)
    return {sp: tuple(n for n in b.neighbours(sp, None) if n in ok) for sp in ok}


def graph(state) -> dict:
    return _graph(state.scenario, (pulkowski.factory(state), pulkowski.goal(state)))


def stops(state) -> set[str]:
    """F21: once it carries Pulkowski a Polish token's space is entered but not passed (P3)."""
    if not carrying(state):
        return set()
    return {sp for sp, t in state.threats.items() if t.side == POLISH}


def _search(state, max_steps: int, halt: set[str]) -> dict[str, str | None]:
    """Breadth-first from the Audi's space: each space reached within `max_steps`, with the space before it."""
    g = graph(state)
    here = state.vehicle["space"]
    prev, dist = {here: None}, {here: 0}
    queue = deque([here])
    while queue:
        sp = queue.popleft()
        if dist[sp] >= max_steps or (sp in halt and sp != here):
            continue
        for n in g[sp]:
            if n not in prev:
                prev[n], dist[n] = sp, dist[sp] + 1
                queue.append(n)
    return prev


def _path(prev: dict, to: str) -> list[str]:
    out = [to]
    while prev[out[-1]] is not None:
        out.append(prev[out[-1]])
    return out[::-1]


def drive_options(state, check_turn: bool = True) -> dict[str, int]:
    """Spaces the Audi may drive to now, with their AP, leaving an activation that can still end legally.
    `check_turn` False: whether it could, were it the German turn (rules.seat_can_act asks before the turn passes)."""
    v = state.vehicle
    if (state.phase != ACTIVATION or (check_turn and state.turn != GERMAN) or state.pending
            or state.gave_up.get(GERMAN)):
        return {}
    if state.activation is not None or v.get("stopped_by"):
        return {}
    left, per = ap_left(state), v["step_cost"]
    halt = stops(state)
    prev = _search(state, left // per, halt)
    out = {}
    for sp in prev:
        if sp == v["space"]:
            continue
        steps = len(_path(prev, sp)) - 1
        cost, rest = steps * per, left - steps * per
        if v["acted"] or v["moved"] + steps >= MOVE_ONLY_MIN or (sp in halt and rest >= DISCARD_AP) or (
                sp not in halt and rest >= per and len(graph(state)[sp]) > 0):
            out[sp] = cost
    return out


def can_open(state, seat: str) -> bool:
    """rules.seat_can_act: the German player may still activate the Audi (F19)."""
    return seat == GERMAN and not active(state) and bool(drive_options(state, check_turn=False))


def can_discard(state) -> bool:
    v = state.vehicle
    t = state.threats.get(v["space"])
    return (active(state) and carrying(state) and not v["acted"] and t is not None and t.side == POLISH
            and ap_left(state) >= DISCARD_AP)


def can_end(state) -> bool:
    v = state.vehicle
    return active(state) and (v["acted"] or v["moved"] >= MOVE_ONLY_MIN)


def steps(state, seat: str) -> list:
    """legal(): the Audi's own actions in the German turn, open or not."""
    if not state.vehicle or seat != GERMAN:
        return []
    out: list = [A.Drive(to) for to in sorted(drive_options(state))]  # one set of drives per legal() call
    if can_discard(state):
        out.append(A.DiscardThreat(state.vehicle["id"], state.vehicle["space"]))
    if can_end(state):
        out.append(A.EndActivation())
    return out


# ------------------------------------------------------------------ the drive (F19-F22)


def drive(game, to: str) -> None:
    s = game.state
    v = s.vehicle
    if not active(s):
        v["active"] = True
        game.emit("activate", msg("The German player activates the Black Audi."), agent=v["id"])
    path = _path(_search(s, ap_left(s) // v["step_cost"], stops(s)), to)
    cost = (len(path) - 1) * v["step_cost"]
    v["ap_used"] += cost
    s.pools[GERMAN] -= cost
    v["moved"] += len(path) - 1
    v["moved_ap"] += cost
    v["space"] = to
    game.emit("move", msg("The Black Audi drives to the {place} ({cost} AP).", place=_place(s, to), cost=cost),
              agent=v["id"], path=path, cost=cost)
    if _delivered(game):
        return
    if to in stops(s):
        _meet_token(game, to)
    _finish(game)


def _delivered(game) -> bool:
    """F22 (L663): the Audi carrying Pulkowski has entered the barracks."""
    from .flow import scenario_won

    s = game.state
    if not carrying(s) or s.vehicle["space"] != pulkowski.goal(s):
        return False
    v = s.vehicle
    v.update(_fresh_activation())
    scenario_won(game, GERMAN, msg("The Black Audi has brought Dr Pulkowski to the barracks: the German player wins."),
                 "delivered")
    return True


def _meet_token(game, space: str) -> None:
    """F21: a Polish token stops the carrying car; the harmful kinds go off at once, the others stay hidden."""
    from .threat_play import remove_token
    from .threats import token_name

    s = game.state
    t = s.threats[space]
    kind = alertness.token(t.id).type
    if kind not in HARMFUL:
        game.emit("audi_stopped", msg("A threat token stops the Black Audi at the {place}.", place=_place(s, space)),
                  space=space)
        return
    remove_token(game, space, msg("A Polish threat token at the {place} goes off under the Black Audi: {token}.",
                                  place=_place(s, space), token=token_name(t.id)))
    v = s.vehicle
    if kind == "alarm":
        lost = min(ALARM_AP, s.pools[GERMAN])
        s.pools[GERMAN] -= lost
        game.emit("threat_effect", msg("Alarm: the German pool loses {n} AP ({pool} left).", n=lost,
                                       pool=s.pools[GERMAN]), effect="alarm", agent=v["id"])
    elif kind == "dangerous_terrain":
        v["step_cost"] = 2
        game.emit("threat_effect", msg("Dangerous terrain: every further space costs the Black Audi 2 AP in this "
                                       "activation."), effect="dangerous_terrain", agent=v["id"])
    else:  # cauldron, confusion: the activation ends where it stands
        v["stopped_by"] = kind
        game.emit("threat_effect", msg("The Black Audi is held up: its activation ends."), effect=kind, agent=v["id"])


def discard(game, space: str) -> None:
    """The Audi's discard-threat action (1 AP): 2d6 + the German overflow above its Alertness 7 (F1, F21)."""
    from .threat_play import remove_token
    from .threats import token_name

    s = game.state
    v = s.vehicle
    v["ap_used"] += DISCARD_AP
    s.pools[GERMAN] -= DISCARD_AP
    v["acted"] = True
    dice = roll(game, 2, "discard_threat")
    bonus = pulkowski.overflow_bonus(s, GERMAN)
    total, need = sum(dice) + bonus, _spec(s).alertness
    s.last_dice = {"kind": "discard_threat", "dice": list(dice), "modifiers": [["evidence beyond 10", bonus]],
                   "total": total, "result": "passed" if total > need else "failed"}
    game.emit("dice", msg("The Black Audi tries to discard the threat token: {a} + {b} + {m} = {total} against "
                          "Alertness {need}.", a=dice[0], b=dice[1], m=bonus, total=total, need=need),
              roll="discard_threat", dice=list(dice), total=total)
    if total > need:
        remove_token(game, space, msg("The Black Audi's escort discards the threat token at the {place}: {token}.",
                                      place=_place(s, space), token=token_name(s.threats[space].id)))
    _finish(game)


def _finish(game) -> None:
    """After each step: end the Audi's activation when nothing but ending is left."""
    s = game.state
    if s.result is not None or s.winner is not None or s.pending or not active(s):
        return
    if s.vehicle.get("stopped_by") or not (drive_options(s) or can_discard(s)):
        end(game)


def end(game) -> None:
    """The Audi's activation ends (EndActivation, an effect, nothing left); the turn passes as after an agent's."""
    from .flow import end_activation

    s = game.state
    v = s.vehicle
    game.emit("activation_end", msg("The Black Audi's activation ends ({ap} AP used).", ap=v["moved_ap"] +
                                    (DISCARD_AP if v["acted"] else 0)), agent=v["id"])
    v.update(_fresh_activation())
    end_activation(game)


def stop(game) -> None:
    """Giving up the stage (K14) in the middle of the Audi's activation ends it first."""
    if game.state.vehicle and active(game.state):
        game.state.vehicle.update(_fresh_activation())


def _place(state, space: str):
    return T.place(board(state).spaces[space].label)


# ------------------------------------------------------------------ what is seen, integrity


def view(state, seat: str | None = None) -> dict | None:
    """Public (plan section 3): the Audi's space, AP, Defence with its bonuses, its activation, where it may go.
    A face-down protection token on its space adds to the Defence only for a seat that knows its face (K12)."""
    if not state.vehicle:
        return None
    v = state.vehicle
    spec = _spec(state)
    from .car import defence, guard
    from .threats import known_to

    token = state.threats.get(v["space"])
    hidden_guard = guard(state) if token is not None and not known_to(state, seat, token.id) else 0

    return {"id": v["id"], "space": v["space"], "ap_limit": spec.ap_limit, "ap_used": v["ap_used"],
            "ap_left": ap_left(state), "defence": defence(state) - hidden_guard, "defence_bonus": v.get("defence_bonus", 0),
            "alertness": spec.alertness, "carrying": carrying(state), "active": active(state),
            "moved_spaces": v["moved"], "acted": v["acted"], "step_cost": v["step_cost"], "can_end": can_end(state),
            "drives": dict(sorted(drive_options(state).items())), "goal": pulkowski.goal(state)}


def check_invariants(state) -> None:
    v = state.vehicle
    assert v["space"] in graph(state), msg("the Black Audi stands off its paths")
    assert 0 <= v["ap_used"] <= _spec(state).ap_limit, msg("the Black Audi has used more AP than its limit")
    assert not (v["active"] and state.activation is not None), msg("the Black Audi and an agent are both activated")
    assert not v["active"] or state.turn == GERMAN, msg("the Black Audi is activated outside the German turn")
    p = state.pulkowski
    assert not p["aboard"] or p["broken"], msg("Dr Pulkowski is aboard the Black Audi before he was broken")
    assert set(p["infiltrated"]) <= set(state.agents) | set(state.dead), msg("an unknown agent infiltrated the factory")
    t = state.threats.get(pulkowski.factory(state))
    assert t is not None and t.fixed and t.side == GERMAN, msg("the factory's security check is missing")
    assert sum(1 for x in state.threats.values() if x.fixed) == 1, msg("a second threat token is fixed to its space")
