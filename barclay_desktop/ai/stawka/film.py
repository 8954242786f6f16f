"""The Easy player's sense of the film scenarios (issue 36, step 5 of docs/stawka-film-plan.md).

"I Know Who You Are" (F5-F11), read from the view's "radio" block only (the Polish seat alone sees `hidden_at`):

- hiding: the eligible location farthest from the German agents (their nearest one counts most);
- the clue: a random other sector (the player's own generator, so a game replays from its seed);
- secrets: the Polish second one opens the transmission, the German third locates the station (F9);
- transmitting: whenever it is legal and a stage is left for it to finish (F7: begun in the last stage it cannot);
  the station's guard then never leaves it, and the other Polish agents come to stand by;
- the German hunt: once the station is public his agents head for it, weapon holders and the arrester (Stedtke)
  first; an arrest or an attack that can break the transmission is worth nearly the game.

Every function returns None or 0.0 outside the scenario, so the other scenarios play as before.
"""

from __future__ import annotations

from barclay_desktop.rules.stawka import actions as A

WIN_VALUE = 60.0  # heuristic.WIN_VALUE: the game
SECRET_VALUE = 14.0  # heuristic.SECRET_VALUE: a secret that does not yet decide anything
TRANSMIT_VALUE = 40.0
GUARD_VALUE = 30.0  # standing on the station while the report goes out
HUNT_VALUE = 12.0
ARRESTER = "stedtke"
KLOSS = "hans_kloss"
WALK_VALUE = (8.0, 14.0)  # Kloss's way to the station before the secrets are in: with none, with one
FAR = 25  # steps at which that pull has faded (the board's longest ways are about 20)
WEAPON_EFFECTS = ("weapon", "ranged_weapon")


def radio(ctx) -> dict | None:
    return ctx.view.get("radio")


def decide_pending(ctx, pending: dict, legal: list, rng):
    kind = pending["kind"]
    if kind == "hide_radio":
        return max(legal, key=lambda a: _hide_value(ctx, a.location))  # the first of equals: legal order is fixed
    if kind == "radio_clue":
        return rng.choice(legal)
    return None


def _hide_value(ctx, location: str) -> float:
    """Far from the nearest German agent, then from all of them, and not too far for Kloss, who must walk there
    (F5: L556 leaves the choice to the Polish player)."""
    ds = [ctx.dist(g["space"], g["side"], stops=False).get(location, FAR) for g in ctx.theirs]
    kloss = ctx.agents.get(KLOSS)
    walk = ctx.dist(kloss["space"], "polish", stops=False).get(location, FAR) if kloss else 0
    return min(ds) + 0.1 * sum(ds) - 0.5 * walk


def secret_value(ctx, side: str, track: float) -> float | None:
    """What one more secret is worth to `side` (heuristic.outcome_values); None outside the scenario."""
    r = radio(ctx)
    if r is None:
        return None
    have = ctx.secrets.get(side, 0)
    if side == "polish":
        if r["transmitting_since"]:
            return 1.0
        return 0.6 * WIN_VALUE if have + 1 == r["secrets_to_transmit"] else SECRET_VALUE - track
    if r["began"] or r["located"]:  # F9: secrets after a transmission began locate nothing
        return 1.0
    if r["german_secrets_counted"] + 1 >= r["secrets_to_locate"]:
        return 0.6 * WIN_VALUE
    return SECRET_VALUE - track


def action_value(ctx, a) -> float | None:
    """Transmit, and the German arrests and attacks that can break a transmission; None for the rest."""
    r = radio(ctx)
    if r is None:
        return None
    if isinstance(a, A.Transmit):
        return TRANSMIT_VALUE if ctx.stage < ctx.stages else -1.0  # F7: begun in the last stage it cannot finish
    if isinstance(a, (A.Arrest, A.Assassinate)) and r["transmitting_since"] and _breaks(ctx, a.target):
        from .extended import p_above, p_at_most

        if isinstance(a, A.Arrest):
            odds = p_at_most(0, ctx.agents[a.target]["document"]["alertness"])
        else:
            bonus = int(_items()[a.weapon].params.get("bonus", 0))
            odds = p_above(bonus, ctx.agents[a.target]["document"]["defence"])
        return WIN_VALUE * 0.8 * odds
    return None


def _breaks(ctx, target: str) -> bool:
    """Is `target` the last Polish agent on the public station?"""
    station = radio(ctx)["location"]
    guards = [x for x in ctx.view["agents"] if x["side"] == "polish" and x["space"] == station
              and not x.get("arrested")]
    return len(guards) == 1 and guards[0]["id"] == target


def pull(ctx, aid: str, space: str, budget_later: int) -> float:
    """heuristic.attraction's term: the Polish guard and Kloss's way to the station, the German hunt."""
    r = radio(ctx)
    if r is None:
        return 0.0
    me = ctx.agents[aid]
    if me["side"] == "polish":
        station = r.get("hidden_at")
        if station is None:
            return 0.0
        if r["transmitting_since"]:
            return GUARD_VALUE if space == station else 0.0
        if aid != KLOSS or ctx.stage >= ctx.stages:
            return 0.0
        have = ctx.secrets.get("polish", 0)
        if have >= r["secrets_to_transmit"]:
            return _near(ctx, me, space, station, budget_later, TRANSMIT_VALUE)
        return WALK_VALUE[min(have, 1)] * max(0.0, 1.0 - _steps(ctx, me, space, station) / FAR)
    station = r["location"]
    if station is None:
        return 0.0
    worth = HUNT_VALUE * (2.0 if r["transmitting_since"] else 0.5)
    if not (aid == ARRESTER or _armed(ctx, aid)):
        worth *= 0.3
    return _near(ctx, me, space, station, budget_later, worth)


def _steps(ctx, me: dict, space: str, station: str) -> int:
    return ctx.dist(space, me["side"], stops=False).get(station, FAR)


def _near(ctx, me: dict, space: str, station: str, budget_later: int, worth: float) -> float:
    """As heuristic.attraction weighs a goal: more when it can be reached and used this stage."""
    d = ctx.dist(space, me["side"], stops=False).get(station)
    if d is None:
        return 0.0
    if d + 1 <= budget_later:
        return worth * (0.6 if d else 0.7)
    return worth * 0.35 / (1 + max(0, d + 1 - me["ap_limit"]))


def goal_location(ctx, aid: str, location: str | None) -> bool:
    """Is `location` the station this agent is heading for (a document check there is worth a long shot)?"""
    r = radio(ctx)
    if r is None or location is None:
        return False
    if ctx.agents[aid]["side"] == "polish":
        return location == r.get("hidden_at") and (aid == KLOSS or bool(r["transmitting_since"]))
    return location == r["location"]


def _armed(ctx, aid: str) -> bool:
    return any(_items()[i].effect in WEAPON_EFFECTS for i in ctx.visible_items(aid))


def keep_bonus(ctx, item_id: str) -> float:
    """The German keeps a weapon in this scenario: at the public station it needs no mission (F10)."""
    if radio(ctx) is None or ctx.me != "german":
        return 0.0
    return 2.0 if _items()[item_id].effect in WEAPON_EFFECTS else 0.0


def _items():
    from .heuristic import _items_by_id

    return _items_by_id()
