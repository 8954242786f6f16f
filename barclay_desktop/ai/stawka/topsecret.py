"""The Easy Stawka player's Top Secret decisions (issue 36, step 5 of docs/stawka-film-plan.md).

Simple rules on the seat's view, all of it public (the `vehicle` and `pulkowski` keys):
- the German Black Audi drives to the factory and waits there; with Pulkowski aboard it goes home to the barracks by
  the route with the fewest Polish threat tokens (each token on a space counts as several steps);
- Polish agents are drawn to the factory until each has got in (every infiltrator takes 3 off the interrogation),
  and try its document check whatever the odds; once the car carries Pulkowski, those holding a weapon are drawn to
  it and attack when the odds are fair;
- a Top Secret card moves the Audi toward the barracks for the German player and away from it for the Polish one
  (the Polish player also pulls it off the factory before a broken Pulkowski can board);
- the secret's bonus: set out a new token if the pool holds one, else move two, else nothing.

`action_value` is on the scale of heuristic._score (WIN_VALUE 60 = the game).
"""

from __future__ import annotations

import functools
import heapq

from barclay_desktop.rules.stawka import actions as A

from .heuristic import WIN_VALUE, _items_by_id

TOKEN_STEPS = 4  # a Polish token on the way home costs the carrying Audi about a stage's worth of trouble
ATTACK_ODDS_MIN = 0.2
FACTORY_PULL = 5.0  # a Polish agent not yet inside the factory
WEAPON_VALUE = 3.0  # a weapon found by a Polish agent: the only way to stop the car
CAR_PULL = 6.0  # an armed Polish agent once the car carries Pulkowski


def on(ctx) -> bool:
    return bool(ctx.view.get("vehicle"))


# ------------------------------------------------------------------ the Audi's roads


@functools.lru_cache(maxsize=None)
def _graph(scenario: str, ends: tuple[str, str]) -> dict:
    from barclay_desktop.rules.stawka.scenario import board_for_scenario

    b = board_for_scenario(scenario)
    ok = {s.id for s in b.spaces.values() if s.kind == "street"} | set(ends)
    return {sp: tuple(n for n in b.neighbours(sp, None) if n in ok) for sp in ok}


def _polish_tokens(ctx) -> frozenset:
    return frozenset(t["space"] for t in ctx.view["threats"]["board"] if t.get("side") == "polish")


def road_distance(ctx, target: str, weighted: bool) -> dict:
    """Steps from every Audi space to `target`; `weighted`: a Polish token's space counts TOKEN_STEPS more."""
    key = ("road", target, weighted)
    if key not in ctx._pos_cache:
        p = ctx.view["pulkowski"]
        g = _graph(ctx.scenario, (p["location"], p["goal"]))
        tokens = _polish_tokens(ctx) if weighted else frozenset()
        dist = {target: 0}
        heap = [(0, target)]
        while heap:
            d, sp = heapq.heappop(heap)
            if d > dist.get(sp, 1e9):
                continue
            for n in g[sp]:
                nd = d + 1 + (TOKEN_STEPS if sp in tokens and sp != target else 0)
                if nd < dist.get(n, 1e9):
                    dist[n] = nd
                    heapq.heappush(heap, (nd, n))
        ctx._pos_cache[key] = dist
    return ctx._pos_cache[key]


def audi_target(ctx) -> str:
    p = ctx.view["pulkowski"]
    return p["goal"] if p["aboard"] else p["location"]


def _progress(ctx, frm: str, to: str) -> float:
    carrying = ctx.view["pulkowski"]["aboard"]
    dist = road_distance(ctx, audi_target(ctx), weighted=carrying)
    return dist.get(frm, 99) - dist.get(to, 99)


# ------------------------------------------------------------------ scoring the activation's actions


def action_value(ctx, a) -> float | None:
    if isinstance(a, A.Drive):
        return _drive_value(ctx, a.to)
    if isinstance(a, A.PlayTopSecret):
        return _card_value(ctx, a.to)
    if isinstance(a, A.DiscardThreat) and a.agent == ctx.view["vehicle"]["id"]:
        return -0.5  # the token has stopped it already; from its space it may drive on anyway
    if isinstance(a, A.Assassinate) and a.target == ctx.view["vehicle"]["id"]:
        return _attack_value(ctx, a)
    if isinstance(a, A.GiveUp) and ctx.me == "german" and ctx.view["vehicle"]["active"]:
        return -1e6
    return None


def _drive_value(ctx, to: str) -> float:
    v, p = ctx.view["vehicle"], ctx.view["pulkowski"]
    if p["aboard"] and to == p["goal"]:
        return WIN_VALUE
    gain = _progress(ctx, v["space"], to)
    if gain <= 0:
        return -2.0
    return 3.0 + 0.8 * gain - 0.05 * v["drives"].get(to, 0)


def _card_value(ctx, to: str) -> float:
    v, p = ctx.view["vehicle"], ctx.view["pulkowski"]
    if ctx.me == "german":
        if p["aboard"] and to == p["goal"]:
            return WIN_VALUE
        gain = _progress(ctx, v["space"], to)
        return 1.0 + gain if p["aboard"] and gain > 0 else -1.0
    if p["broken"] and not p["aboard"] and v["space"] == p["location"]:
        return 8.0  # off the factory before the stage's end: he cannot board
    if not p["aboard"]:
        return -1.0  # kept for the drive home
    gain = -_progress(ctx, v["space"], to)  # away from the barracks
    return 1.0 + gain if gain > 0 else -1.0


def attack_bonus(ctx, agent_id: str, weapon: str) -> int:
    p = ctx.view["pulkowski"]
    return (int(_items_by_id()[weapon].params.get("bonus", 0)) + p["attack_bonus"].get(agent_id, 0)
            + p["overflow"].get("polish", 0))


def _attack_value(ctx, a) -> float:
    from .extended import p_above

    odds = p_above(attack_bonus(ctx, a.agent, a.weapon), ctx.view["vehicle"]["defence"])
    return WIN_VALUE * odds - 4.0 if odds >= ATTACK_ODDS_MIN else -5.0


# ------------------------------------------------------------------ where the agents go


def pull(ctx, aid: str, space: str, budget_later: int) -> float:
    """heuristic.attraction's Top Secret term: the factory for Polish agents not yet in, the car once it carries."""
    me = ctx.agents[aid]
    if me["side"] != "polish" or ctx.me != "polish":
        return 0.0
    p, v = ctx.view["pulkowski"], ctx.view["vehicle"]
    if p["broken"]:  # the car is (or will soon be) the target: the armed go to it
        armed = [i for i in me["items"] if not i.get("hidden") and i.get("effect") in ("weapon", "ranged_weapon")]
        if not armed or aid == "hans_kloss":
            return 0.0
        reach = 1 if any(i["effect"] == "ranged_weapon" for i in armed) else 0
        best = 0.0
        for spot, weight in ((v["space"], 1.0), *((n, 0.8) for n in _ambush(ctx))):
            d = ctx.dist(spot, "polish", stops=False).get(space)
            if d is not None:
                best = max(best, weight * CAR_PULL / (1 + max(0, d - reach)))
        return best
    if aid in p["infiltrated"]:
        return 0.0
    d = ctx.dist(p["location"], "polish", stops=False).get(space)
    if d is None:
        return 0.0
    return FACTORY_PULL / (1 + 0.5 * d)


# ------------------------------------------------------------------ decisions


def tile_bonus(ctx, item_id: str, side: str) -> float:
    """heuristic.tile_value's Top Secret term: a weapon is worth much to the Polish side."""
    t = _items_by_id()[item_id]
    return WEAPON_VALUE if side == "polish" and t.effect in ("weapon", "ranged_weapon") else 0.0


def _ambush(ctx) -> tuple[str, ...]:
    """The street spaces in front of the barracks: the car must pass one of them to deliver him."""
    p = ctx.view["pulkowski"]
    return _graph(ctx.scenario, (p["location"], p["goal"]))[p["goal"]]


def setout_value(ctx, a) -> float | None:
    """Stage C for the Polish player: his harmful tokens on the car's way home, near the barracks."""
    if ctx.me != "polish":
        return None
    hand = {t["id"]: t for t in ctx.view["threats"]["hand"]}
    if hand.get(a.token, {}).get("type") not in ("alarm", "cauldron", "confusion", "dangerous_terrain"):
        return None
    d = road_distance(ctx, ctx.view["pulkowski"]["goal"], weighted=False).get(a.to)
    return None if d is None else 5.0 - d


def decide_pending(ctx, pending: dict, legal: list):
    kind = pending["kind"]
    if kind == "found" and ctx.me == "polish":
        keep = [a for a in legal if isinstance(a, A.KeepItem) and tile_bonus(ctx, a.item, "polish")]
        if keep:
            return keep[0]
    if kind == "secret_bonus":
        for choice in ("draw", "move", "none"):
            if A.SecretBonus(choice) in legal:
                return A.SecretBonus(choice)
    if kind == "place_drawn_threat":
        return max(legal, key=lambda a: _token_spot(ctx, a.to))
    p = ctx.view["pulkowski"]
    if kind == "document_check" and pending.get("location") == p["location"] and not p["broken"] \
            and pending.get("agent") not in p["infiltrated"]:
        return next(a for a in legal if isinstance(a, A.TryCheck))  # every infiltrator counts: always worth a try
    return None


def _token_spot(ctx, space: str) -> float:
    """A drawn token's space: the Polish on the Audi's way home, the German beside the Audi (protection)."""
    v, p = ctx.view["vehicle"], ctx.view["pulkowski"]
    if ctx.me == "polish":
        home = road_distance(ctx, p["goal"], weighted=False)
        here = home.get(v["space"], 99)
        d = home.get(space)
        return -50.0 if d is None or d >= here else -abs(here - d - 3)
    return 1.0 if space == v["space"] else 0.0
