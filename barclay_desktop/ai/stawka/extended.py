"""The Easy Stawka player's EXTENDED decisions: placing agents, threat tokens, document checks.

Simple rules on the seat's view (docs/stawka-extended-plan.md, section 7); the activation
scoring of heuristic.py calls `action_value` for the EXTENDED actions, which hands the ADVANCED
ones (and `decide_pending` the ADVANCED decisions) to advanced.py.
"""

from __future__ import annotations

from barclay_desktop.rules.stawka import actions as A

from . import film
from . import mission_play as M
from .heuristic import P2D6, _items_by_id, keep_value

OFFENSIVE = {"document_check", "cauldron", "alarm", "suspect", "thief", "confusion", "dangerous_terrain"}


def p_above(modifier: int, number: int) -> float:
    """P(2d6 + modifier > number)."""
    return sum(p for t, p in P2D6.items() if t + modifier > number)


def p_at_most(modifier: int, number: int) -> float:
    """P(2d6 + modifier <= number)."""
    return 1.0 - p_above(modifier, number)


def decide_phase(ctx, legal: list):
    """Placement (P29) and the stage-C set-out; None for any other phase."""
    phase = ctx.view["phase"]
    if phase == "placement":
        return max(legal, key=lambda a: _placement_value(ctx, a))
    if phase == "threats":
        return max(legal, key=lambda a: _setout_value(ctx, a))
    return None


# A free scenario's placement on any space (F29): a space is worth the tiles it puts within two steps (a step
# costs half a tile) and half a tile for each further location with tiles in that reach, so a street
# between several locations can beat a location at the board's edge.
REACH, STEP_TILES, CHOICE_TILES = 2, 0.5, 0.5


def _placement_value(ctx, a) -> float:
    entry = next(x for x in ctx.view["placement"]["to_place"] if x["id"] == a.agent)
    if entry["side"] == ctx.me:  # own agents: the richest location, near the chief (to meet him for a card)
        value = 1.0 + _spot_tiles(ctx, a.to) * 0.1
        chief = next((x for x in ctx.mine if x["chief"]), None)
        if chief is not None:
            value -= 0.04 * ctx.dist(chief["space"], ctx.me, stops=False).get(a.to, 20)
        return value
    chief = next((x for x in ctx.view["agents"] if x["side"] == entry["side"] and x["chief"]), None)
    if chief is None:
        return 0.0
    return 0.05 * ctx.dist(chief["space"], entry["side"], stops=False).get(a.to, 20)  # enemies far from their chief


def _spot_tiles(ctx, space: str) -> float:
    """The tiles a placed agent is worth at `space`: a location's own (the training scenarios place on
    locations); on any space (F29) what lies within its reach."""
    if not ctx.view["placement"].get("any_space"):
        return ctx.locations.get(space, {}).get("tiles_left", 0)
    reach = [ctx.locations[x]["tiles_left"] - STEP_TILES * d for x, d in ctx.dist(space, ctx.me, stops=False).items()
             if d <= REACH and ctx.locations.get(x, {}).get("tiles_left")]
    return max(reach) + CHOICE_TILES * (len(reach) - 1) if reach else 0


def _setout_value(ctx, a) -> float:
    if ctx.view.get("vehicle"):  # Top Secret: the car's way home
        from .topsecret import setout_value

        film = setout_value(ctx, a)
        if film is not None:
            return film
    hand = {t["id"]: t for t in ctx.view["threats"]["hand"]}
    kind = hand.get(a.token, {}).get("type")
    near = _nearest(ctx, a.to, ctx.theirs if kind in OFFENSIVE else ctx.mine)
    return -near + (0.5 if kind in OFFENSIVE else 0.0)


def _nearest(ctx, space: str, agents: list) -> int:
    dist = ctx.dist(space, ctx.me, stops=False)
    return min((dist.get(x["space"], 20) for x in agents), default=20)


def decide_pending(ctx, pending: dict, legal: list):
    """The EXTENDED pending decisions; None for the BASIC ones."""
    from . import advanced

    choice = advanced.decide_pending(ctx, pending, legal)  # ADVANCED: reaction cards, card moves, kept item
    if choice is not None:
        return choice
    kind = pending["kind"]
    if kind == "support":  # every support helps an own roll or spoils an enemy one: spend the first
        return next((a for a in legal if a.space is not None), legal[-1])
    if kind == "threat_window":
        return next((a for a in legal if isinstance(a, A.TriggerThreat)), legal[-1])
    if kind == "thief":
        return min(legal, key=lambda a: keep_value(a.item, ctx.level, ctx.needs_rank(ctx.me)))
    if kind == "document_check":
        passes = [a for a in legal if isinstance(a, A.TryCheck) and a.item]
        if passes:
            return passes[0]
        agent = ctx.agents[pending["agent"]]
        odds = p_above(_difficulty(ctx, pending), agent["document"]["alertness"])
        # a held card's goal location is worth a long shot (a failed check only ends the activation)
        goal = (M.goal_location(ctx, pending["agent"], pending.get("location"))
                or film.goal_location(ctx, pending["agent"], pending.get("location")))  # the radio station
        least = 0.08 if goal else 0.3
        return next(a for a in legal if isinstance(a, A.TryCheck)) if odds >= least else legal[-1]
    if kind == "fire_back":  # the weapon with the highest bonus
        return max(legal, key=lambda a: int(_items_by_id()[a.weapon].params.get("bonus", 0)))
    if kind == "interrogate_now":
        return next((a for a in legal if isinstance(a, A.Interrogate)), legal[-1])
    if kind in ("place_kidnapped", "release_to"):  # the agent put back goes far from his own chief
        chief = next((x for x in ctx.theirs if x["chief"]), None)
        if chief is None:
            return legal[0]
        dist = ctx.dist(chief["space"], chief["side"], stops=False)
        return max(legal, key=lambda a: dist.get(a.to, 20))
    if kind == "threat_entered":
        cut = [a for a in legal if isinstance(a, A.RemoveThreat)]
        if cut:
            return cut[0]
        agent = ctx.agents[pending["agent"]]
        discard = [a for a in legal if isinstance(a, A.DiscardThreat)]
        if discard and p_above(0, agent["document"]["alertness"]) >= 0.35:
            return discard[0]
        return legal[-1]
    return None


def _difficulty(ctx, pending: dict) -> int:
    for t in ctx.view["threats"]["board"]:
        if t["space"] == pending.get("location") and "params" in t:
            return int(t["params"].get("difficulty", 0))
    return 0


def action_value(ctx, a) -> float | None:
    """A score for the EXTENDED activation actions (on the scale of heuristic._score), or None."""
    from .film import action_value as film_value

    radio_value = film_value(ctx, a)  # "I Know Who You Are": transmitting, breaking a transmission
    if radio_value is not None:
        return radio_value
    if isinstance(a, A.DiscardThreat):
        agent = ctx.agents[a.agent]
        odds = p_above(0, agent["document"]["alertness"])
        return (0.4 + M.discard_bonus(ctx, a.agent)) * odds - 0.06
    if isinstance(a, A.RemoveThreat):
        return 0.3
    if isinstance(a, A.PeekThreat):
        return 0.05 if _items_by_id()[a.item].reusable else -0.05
    # on the WIN_VALUE scale of heuristic.py (60 = the game; 11 VP win First Clash)
    if isinstance(a, A.ClaimMission):  # the basic's VP now, unless the special looks nearer
        return M.claim_value(ctx, a.agent)
    if isinstance(a, A.TakeMission):  # the card that looks easiest from where the receiver stands
        return max(0.5, M.take_value(ctx, a.receiver, a.card))
    if isinstance(a, A.Assassinate):
        bonus = int(_items_by_id()[a.weapon].params.get("bonus", 0))
        odds = p_above(bonus, ctx.agents[a.target]["document"]["defence"])
        goal = M.deed_bonus(ctx, a.agent, "assassinate_colour", a.target)
        return (20.0 + goal) * odds - 4.0 if odds >= 0.35 else -1.0
    if isinstance(a, (A.Arrest, A.Kidnap)):
        odds = p_at_most(0, ctx.agents[a.target]["document"]["alertness"])
        goal = M.deed_bonus(ctx, a.agent, "arrest" if isinstance(a, A.Arrest) else "kidnap")
        return (10.0 + goal) * odds - 1.0 if odds >= 0.3 else -1.0
    if isinstance(a, A.Interrogate):
        return 2.0
    return _advanced_value(ctx, a)


def _advanced_value(ctx, a) -> float | None:
    from .advanced import action_value

    return action_value(ctx, a)
