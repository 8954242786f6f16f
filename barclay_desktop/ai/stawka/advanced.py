"""The Easy Stawka player's ADVANCED decisions (issue 35, plan step 9): location cards, reaction cards, the
reciprocity reply, the threat tokens a card moves, the campaign's kept item, the ADVANCED tiles.

One-step rules on the seat's view, on heuristic.py's scale (60 = the game, a VP about 5.5):
- What an agent stands to gain on a space is `act_value` (his best conversation there or the search there);
  what his enemies stand to gain against him there is `_Ctx.threat`. A reaction card is worth what it takes
  from the enemy now (a walk stopped short of that gain, a conversation result undone, a search emptied) and
  is played when that beats keeping it (`hold_value`: a card kept answers a later action; a block card also
  blocks). A block is used when the enemy's card costs more than the block card is worth kept.
- A location card is used when its special action gains something now; it is converted for 2 AP when the
  pool, not the agents' limits, is what stops the side and the AP are worth more than the card (a card whose
  location is far away is worth little: it also holds up a new draw).
Nothing here reads a game state: the seat's hand, the window's public data and the log it was shown.
"""

from __future__ import annotations

from barclay_desktop.rules.stawka import actions as A
from barclay_desktop.rules.stawka.location_cards import card as location_card
from barclay_desktop.rules.stawka.reaction_cards import card as reaction_card

from .extended import OFFENSIVE
from .heuristic import WIN_VALUE, _items_at, _items_by_id, evidence_gain, keep_value, track_modifier, track_worth

AP_VALUE = 0.45  # one AP the side could not otherwise spend (a move towards a goal, most of a search)
BLOCK_KEEP = 0.5  # a card with the block symbol also answers an enemy card later
LAST_STAGE_KEEP = 0.3  # in the last stage a kept card has little time left to be used
FULL_HAND_KEEP = 0.6  # a full hand: the next draw discards one (Reaction Cards 5)
HAND_LIMIT = 3
FREE_FIRST = 3.0  # an activated agent's card use that gains comes before his action (it costs him nothing)
CARD_MOVES = ("move_in_sector", "move_to_location")  # they change where he acts: weighed as moves are
CYCLE_VALUE = 0.2  # a used or converted location card is replaced at the next top-up

# What keeping a reaction card is worth, by its half (per unit of its parameter where it has one).
HOLD = {"cancel_conversation": 1.2, "conversation_penalty": 0.45, "conversation_bonus_target": 0.4,
        "evidence_back": 0.5, "reciprocity": 0.8, "stop_movement": 0.8, "redirect": 0.4, "extra_cost": 0.4,
        "threat_on_path": 0.5, "empty_search": 0.8, "take_item": 1.0, "search_evidence": 0.5, "peek_found": 0.1}

# A location card's special action as held (before its agent stands there), for conversion and the discard.
CARD_WORTH = {"extra_ap": 0.9, "gain_evidence": 0.8, "remove_evidence": 0.5, "stop_agent": 0.4,
              "view_threats": 0.1, "reveal_mission": 0.2, "search_again": 1.0, "telephone_conversation": 1.0,
              "release_prisoner": 1.0, "interrogate": 1.0, "arrest_bonus": 0.2, "draw_reaction": 0.4,
              "peek_items": 0.1, "move_in_sector": 0.5, "move_to_location": 0.6, "move_threats": 0.2,
              "gain_vp": 5.5, "room_217": 0.0}


# ------------------------------------------------------------------ what a space is worth to an agent


def act_value(ctx, aid: str, space: str) -> float:
    """The best action agent `aid` (either side) could take on `space`: a conversation with an enemy there or
    a search there."""
    side = ctx.agents[aid]["side"]
    best = 0.0
    for e in ctx.view["agents"]:
        if e["side"] != side and e["space"] == space and not e.get("arrested") and ctx.can_talk_now(aid, e["id"]):
            best = max(best, ctx.conversation_value(aid, e["id"]))
    if space in ctx.locations:
        best = max(best, ctx.search_value(aid, space))
    return best


def found_value(ctx, loc: str, side: str) -> float:
    """Expected worth to `side` of the tile just found at `loc` (the tiles this seat has not seen leave)."""
    left = [i for i in _items_at(loc) if i not in ctx.gone] or list(_items_at(loc))
    return sum(ctx.tile_value(i, side) for i in left) / len(left) if left else 0.0


def _last_found(ctx) -> str | None:
    """The tile this seat's searcher has just found (shown to it alone in its log)."""
    for e in reversed(ctx.view.get("log") or []):
        if e["kind"] == "found":
            return e["data"].get("item")
    return None


def _colour(ctx, aid: str) -> str:
    return ctx.agents[aid]["colour"]


def _outcome_values(ctx, side: str, target: str) -> dict:
    """heuristic's outcome values, a secret that brings `side` to its winning VP counting as the game."""
    values = dict(ctx.outcome_values(side, target))
    vp = ctx.view.get("vp")
    if vp and vp.get("to_win") and side != ctx.me:
        reward = int(vp["rewards"]["secret"])
        if vp["points"].get(side, 0) + reward >= vp["to_win"] and ctx.track[side][_colour(ctx, target)] >= 3:
            values["secret"] = WIN_VALUE
    return values


# ------------------------------------------------------------------ what a reaction card does now


def card_effect(ctx, card_id: str, side: str, choice: str, window: dict, pending: dict) -> float:
    """How much `side`'s half of `card_id`, played on `choice`, takes from the acting agent's side now (on the
    scale of the side it hurts: what he loses plus what the card's player gains)."""
    half = reaction_card(card_id).half(side)
    key, params = half.key, half.params
    mover = window["agent"]
    if window["colour"] == "red":
        return _red_effect(ctx, key, params, window["route"], choice, mover)
    if window["colour"] == "purple":
        return _purple_effect(ctx, key, params, pending.get("location"), mover, side)
    return _yellow_effect(ctx, key, params, mover, pending.get("target"), side)


def _red_effect(ctx, key: str, params: dict, route: list, choice: str, mover: str) -> float:
    """The mover is cut short of his route's end: what he could do there less what he can do where he stops,
    plus how much more his enemies gain against him there."""
    if not route or choice not in route:
        return 0.0
    i, n = route.index(choice), len(route) - 1
    bonus = 0.0
    if key == "redirect":
        stop = route[max(0, i - int(params.get("count", 1)))]
    elif key == "extra_cost":  # each space after the named one costs 2: he stops where he cannot pay
        ap = ctx.agents[mover]["ap_left"]
        stop = route[min(n, i + max(0, ap - i) // 2)]
    else:  # stop_movement, threat_on_path: he walks to the named space and no further
        stop = route[i]
        bonus = 0.4 if key == "threat_on_path" else 0.0  # he meets the token (a blind one: its average)
    dest = route[-1]
    denied = act_value(ctx, mover, dest) - act_value(ctx, mover, stop)
    exposed = ctx.threat(mover, stop) - ctx.threat(mover, dest)
    return max(0.0, denied + exposed) + bonus


def _purple_effect(ctx, key: str, params: dict, loc: str | None, searcher: str, side: str) -> float:
    if loc is None:
        return 0.0
    searcher_side = ctx.agents[searcher]["side"]
    found = _last_found(ctx) if searcher_side == ctx.me else None
    lost = ctx.tile_value(found, searcher_side) if found else found_value(ctx, loc, searcher_side)
    if key == "empty_search":
        return lost
    if key == "take_item":
        return lost + (ctx.tile_value(found, side) if found else found_value(ctx, loc, side))
    if key == "search_evidence":
        return evidence_gain(ctx.track[side][_colour(ctx, searcher)], int(params.get("amount", 1)))
    return 0.1  # peek_found: a tile seen is one less unknown


def _yellow_effect(ctx, key: str, params: dict, initiator: str, target: str | None, side: str) -> float:
    dice = ctx.view.get("last_dice") or {}
    if target not in ctx.agents or dice.get("kind") != "conversation" or "total" not in dice:
        return 0.0
    init_side = ctx.agents[initiator]["side"]
    values = _outcome_values(ctx, init_side, target)
    total = int(dice["total"])
    now = values[ctx.outcome_of(target, total)]
    if key == "cancel_conversation":
        return now
    if key in ("conversation_penalty", "conversation_bonus_target"):
        change = int(params.get("modifier", -1)) if key == "conversation_penalty" else \
            -track_modifier(ctx.track[init_side][_colour(ctx, target)])
        return now - values[ctx.outcome_of(target, total + change)]
    if key == "evidence_back":
        return evidence_gain(ctx.track[side][_colour(ctx, initiator)], int(params.get("amount", 1)))
    if key == "reciprocity":  # the target's roll back, with his own track bonus against the initiator
        return ctx.roll_value(side, initiator, ctx.modifier(target, initiator))
    return 0.0


def hold_value(ctx, card_id: str, side: str | None = None) -> float:
    """What keeping the card is worth to its holder: its half's use later, a block later."""
    c = reaction_card(card_id)
    half = c.half(side or ctx.me)
    unit = HOLD.get(half.key, 0.3)
    amount = abs(int(next(iter(half.params.values()), 1))) if half.params else 1
    value = unit * max(1, amount) + (BLOCK_KEEP if c.block else 0.0)
    if len((ctx.view.get("reactions") or {}).get("hand", [])) >= HAND_LIMIT:
        value *= FULL_HAND_KEEP  # the next draw forces a discard: a card kept may be thrown away unused
    return value * (LAST_STAGE_KEEP if ctx.last_stage else 1.0)


# ------------------------------------------------------------------ the reaction pendings


def reaction_window(ctx, pending: dict, legal: list):
    """Play the card whose effect now beats keeping it most; else pass."""
    window = pending.get("window") or {}

    def score(a) -> float:
        if not isinstance(a, A.PlayReaction):
            return 0.0
        gain = card_effect(ctx, a.card, ctx.me, a.choice, window, pending)
        return gain - hold_value(ctx, a.card) - 0.05

    return _best(legal, score)


def block_window(ctx, pending: dict, legal: list):
    """Block when the enemy's card costs more than the cheapest block card is worth kept."""
    window = pending.get("window") or {}
    blocks = [a for a in legal if isinstance(a, A.BlockReaction)]
    accept = next((a for a in legal if isinstance(a, A.AcceptReaction)), legal[-1])
    if not blocks or not window.get("card"):
        return accept
    harm = card_effect(ctx, window["card"], ctx.opp, window.get("choice") or "", window, pending)
    cheapest = min(blocks, key=lambda a: (hold_value(ctx, a.card), a.card))
    return cheapest if harm > hold_value(ctx, cheapest.card) else accept


def reaction_discard(ctx, legal: list):
    """Down to the limit: the card least worth keeping goes."""
    return min(legal, key=lambda a: (hold_value(ctx, a.card), a.card))


def reply(ctx, pending: dict, legal: list):
    """Reciprocity: the items that raise the reply roll's worth by more than they are worth kept."""
    replier, initiator = pending.get("agent"), pending.get("target")
    if replier not in ctx.agents or initiator not in ctx.agents:
        return legal[0]

    def score(a) -> float:
        roll = ctx.roll_value(ctx.me, initiator, ctx.modifier(replier, initiator, tuple(a.items)))
        return roll - sum(keep_value(i, ctx.level, ctx.needs_rank(ctx.me)) for i in a.items)

    return _best(legal, score)


def move_threats(ctx, legal: list):
    """A card's token moves: an attacking token nearer the enemy agents (their likely paths), a guarding one
    nearer the own; a move must gain two steps, else the tokens stay."""
    kinds = {t["space"]: t.get("type") for t in (ctx.view.get("threats") or {}).get("board", [])
             if t.get("side") == ctx.me}

    def score(a) -> float:
        if not isinstance(a, A.MoveThreatByCard):
            return 0.0
        towards = ctx.theirs if kinds.get(a.frm) in OFFENSIVE else ctx.mine
        return 0.1 * (_nearest(ctx, a.frm, towards) - _nearest(ctx, a.to, towards)) - 0.15

    return _best(legal, score)


def _nearest(ctx, space: str, agents: list) -> int:
    dist = ctx.dist(space, ctx.me, stops=False)
    return min((dist.get(x["space"], 20) for x in agents if not x.get("arrested")), default=20)


def campaign_item(ctx, legal: list):
    """K16, A29: the kept item to the agent who uses it most: a rank item to the lowest rank, a search item to
    the searcher, anything else to the agent with the largest AP limit (the chief moves least)."""
    kept = (((ctx.view.get("campaign") or {}).get("carry_in") or {}).get("kept_item") or {}).get(ctx.me)
    effect = _items_by_id()[kept].effect if kept in _items_by_id() else ""

    def score(a) -> float:
        ag = ctx.agents[a.agent]
        if effect == "rank_bonus":
            return -ag["document"]["rank"]
        if effect in ("search_peek", "cheap_search"):
            return (ctx.trait(a.agent) == "keen_searcher") + 0.5 * (ag["search_cost"] >= 2)
        return ag["ap_limit"] - 2 * ag["chief"]

    return _best(legal, score)


def decide_pending(ctx, pending: dict, legal: list):
    """The ADVANCED pending decisions; None for the others."""
    kind = pending["kind"]
    if kind == "reaction_window":
        return reaction_window(ctx, pending, legal)
    if kind == "block_window":
        return block_window(ctx, pending, legal)
    if kind == "reaction_discard":
        return reaction_discard(ctx, legal)
    if kind == "reply":
        return reply(ctx, pending, legal)
    if kind == "move_threats":
        return move_threats(ctx, legal)
    if kind == "campaign_item":
        return campaign_item(ctx, legal)
    return None


def _best(legal: list, score):
    """The highest score, the first of equals (the legal order is public, so twins agree)."""
    best, pick = None, legal[0]
    for a in legal:
        s = score(a)
        if best is None or s > best + 1e-9:
            best, pick = s, a
    return pick


# ------------------------------------------------------------------ location cards and ADVANCED tiles


def _pool_short(ctx) -> int:
    """AP the side's agents could still spend this stage beyond its pool."""
    capacity = sum(a["limit_left"] for a in ctx.mine if not a.get("arrested"))
    return max(0, capacity - ctx.pools.get(ctx.me, 0))


def card_pull(ctx, aid: str, space: str, budget_later: int) -> float:
    """heuristic.attraction's term for the held location cards: standing where a card can be used soon (weighed
    as a search's location is)."""
    me = ctx.agents[aid]
    best = 0.0
    for c in (ctx.view.get("location_cards") or {}).get("hand", []):
        d = ctx.dist(c["location"], ctx.me, stops=False).get(space)
        if d is None:
            continue
        if d <= budget_later:
            w = 0.5
        elif ctx.last_stage:
            w = 0.0
        else:
            w = 0.35 / (1 + max(0, d - me["ap_limit"]))
        best = max(best, _base_worth(c["id"]) * w)
    return best


def _base_worth(card_id: str) -> float:
    c = location_card(card_id)
    base = CARD_WORTH.get(c.action.key, 0.3) * (int(c.action.params.get("vp", 1)) if c.action.key == "gain_vp" else 1)
    return max(base, 1.0) if c.hideout else base


def card_worth(ctx, card_id: str) -> float:
    """A held location card's special action, discounted by how far the nearest own agent is from its location
    (in the last stage a card out of reach now is worth nothing)."""
    c = location_card(card_id)
    base = _base_worth(card_id)
    best = 0.0
    for a in ctx.mine:
        if a.get("arrested"):
            continue
        d = ctx.dist(a["space"], ctx.me, stops=False).get(c.location)
        if d is None:
            continue
        if d <= ctx.budget_now(a["id"]):
            best = 1.0
        elif not ctx.last_stage:
            best = max(best, 0.6 / (1 + max(0, d - a["ap_limit"])))
    return base * best


def convert_value(ctx, a) -> float:
    """+2 AP to the pool, late in the stage (the pool nearly spent) and worth something only where the pool, not
    the agents' limits, is what stops the side; the card's special action is given up (the card is replaced at
    the next top-up)."""
    if ctx.pools.get(ctx.me, 0) > 2:  # not yet: while the pool lasts an agent may still reach the card's location
        return -1.0
    ap = min(2, _pool_short(ctx)) * AP_VALUE
    cycle = CYCLE_VALUE if not ctx.last_stage else 0.0
    worth = card_worth(ctx, a.card)
    others = [c["id"] for c in (ctx.view.get("location_cards") or {}).get("hand", []) if c["id"] != a.card]
    if any(card_worth(ctx, c) < worth for c in others):  # one conversion a stage: the least useful card goes
        return -1.0
    return ap + cycle - worth - 0.05


def use_value(ctx, a) -> float:
    """The special action's gain now (its target chosen), less the conversion it gives up (small)."""
    c = location_card(a.card)
    key, p = c.action.key, c.action.params
    n = int(p.get("amount", p.get("count", 1)))
    gain = _use_gain(ctx, a, key, p, n) - 0.05
    active = (ctx.view.get("active") or {}).get("agent")
    if gain > 0.1 and active == a.agent and key not in CARD_MOVES:
        gain += FREE_FIRST  # free and not the action (A8): before the action, which may end the activation
    return gain


def _use_gain(ctx, a, key: str, p: dict, n: int) -> float:  # noqa: C901 - one line per card key
    if key == "gain_vp":
        from .mission_play import vp_worth

        return vp_worth(ctx, int(p.get("vp", 1))) if ctx.view.get("vp") else 0.0
    if key == "gain_evidence":
        return evidence_gain(ctx.track[ctx.me][_colour(ctx, a.target)], n)
    if key == "remove_evidence":
        theirs = ctx.track[ctx.opp][_colour(ctx, a.target)]
        return track_worth(theirs) - track_worth(theirs - n)
    if key == "stop_agent":  # his AP limit cut: worth most on the enemy who threatens the own agents
        lost = min(n, ctx.agents[a.target]["limit_left"])
        return 0.15 * lost + 0.3 * min(1.0, max((act_value(ctx, a.target, x["space"]) for x in ctx.mine), default=0))
    if key == "extra_ap":
        return min(n, _pool_short(ctx)) * AP_VALUE + 0.05 * n
    if key == "search_again":
        return found_value(ctx, ctx.agents[a.agent]["space"], ctx.me)
    if key == "telephone_conversation":
        return ctx.conversation_value(a.agent, a.target)
    if key in ("move_in_sector", "move_to_location"):
        mover = a.target or a.agent
        ag = ctx.agents[mover]
        budget = ctx.budget_now(mover)
        return ctx.position(mover, a.space, budget) - ctx.position(mover, ag["space"], budget)
    if key == "draw_reaction":
        room = max(0, HAND_LIMIT - len((ctx.view.get("reactions") or {}).get("hand", [])))
        return 0.5 * min(n, room) + 0.05
    if key == "release_prisoner":
        return 3.0
    if key == "interrogate":
        return 2.0
    if key == "arrest_bonus":  # only worth it when an arrest is near: an enemy within reach of an own agent
        near = any(ctx.dist(x["space"], ctx.me, stops=False).get(e["space"], 20) <= ctx.budget_now(x["id"])
                   for x in ctx.mine for e in ctx.theirs)
        return 0.1 * int(p.get("bonus", 1)) * (3 if near else 1)
    if key == "move_threats":
        return 0.15
    if key == "room_217":
        return WIN_VALUE
    return {"view_threats": 0.2, "reveal_mission": 0.3, "peek_items": 0.1}.get(key, 0.1)


HIDEOUT_VALUE = 2.5  # a random mission card: half the 5.0 a chosen card was worth


def item_value(ctx, a) -> float | None:
    """The ADVANCED tiles used from the hand: the Top Secret pair at once (two tiles become one card, whatever
    the scenario makes of it), a card drawn when the hand has room; None for the others (heuristic.py)."""
    effect = _items_by_id()[a.item].effect
    if effect == "top_secret_part":
        return 3.0
    if effect == "draw_location_card":
        return 0.5
    if effect == "draw_reaction_card":
        room = len((ctx.view.get("reactions") or {}).get("hand", [])) < HAND_LIMIT
        return 0.4 if room else 0.0
    return None


def action_value(ctx, a) -> float | None:
    """A score for the ADVANCED activation actions (on the scale of heuristic._score), or None."""
    if isinstance(a, A.UseItem):
        return item_value(ctx, a)
    if isinstance(a, A.ConvertLocationCard):
        return convert_value(ctx, a)
    if isinstance(a, A.UseHideout):
        return HIDEOUT_VALUE
    if isinstance(a, A.UseLocationCard):
        return use_value(ctx, a)
    return None
