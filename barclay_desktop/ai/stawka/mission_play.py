"""The Easy Stawka player's mission play (EXTENDED rules): simple one-step rules on the seat's view.

- Which card: the one whose basic or special goal looks easiest from where the agent stands (a telephone
  nearby, a colour it talks to well, a track close to the special's amount).
- Meeting: a network chief and an own agent who may take a card walk to one meeting space, the nearest
  space for both in a sector without enemy agents (Mission Cards 3A, P17), and there take the card.
- A held card: being near the goal's location, conversations with the goal's colour, evidence on the goal's
  colour, searching locations not yet searched with the card, keeping a tile for "hold", discarding enemy
  threat tokens, and an attack on the goal's target are worth the goal's VP times the chance they reach it.
- Claim: a banked basic is claimed at once unless the special looks nearer and worth more (never in the
  last stage).

It reads the owner's card from `view["agents"][..]["mission"]` (goals, `basic_banked`) and the progress it
cannot see there (locations searched since the card was taken) from the seat's own log. Nothing here
runs at the BASIC level: `_Ctx.missions_on` is False there and every entry point returns 0.
"""

from __future__ import annotations

from .heuristic import P2D6, WIN_VALUE, _items_by_id, _items_at

WEAPON_EFFECTS = ("weapon", "ranged_weapon")
MEET_SHARE = 0.7  # a meeting is worth this share of the card it brings
UNSAFE_STEPS = 8  # a meeting space in a sector with enemy agents counts as this many steps further
HARD_SPECIALS = ("assassinate_colour", "kidnap", "arrest", "cross_sectors")


def vp_worth(ctx, points: int) -> float:
    """`points` VP on the WIN_VALUE scale; reaching the scenario's winning score is the win."""
    vp = ctx.view.get("vp")
    if not vp or not vp.get("to_win"):
        return 2.5 * points
    if vp["points"].get(ctx.me, 0) + points >= vp["to_win"]:
        return WIN_VALUE
    return WIN_VALUE / vp["to_win"] * points


def part_value(ctx, part: str) -> float:
    vp = ctx.view.get("vp")
    rewards = (vp or {}).get("rewards") or {}
    return vp_worth(ctx, int(rewards.get(f"{part}_mission", 2 if part == "basic" else 4)))


def held(ctx, aid: str) -> dict | None:
    """The own agent's card as its owner sees it (None: no card, not own, or not EXTENDED)."""
    if not ctx.missions_on:
        return None
    a = ctx.agents.get(aid)
    if a is None or a["side"] != ctx.me or a.get("arrested"):
        return None
    m = a.get("mission") or {}
    if not m.get("held") or m.get("hidden"):
        return None
    return m


def open_goals(ctx, aid: str) -> list[tuple[dict, float]]:
    """(goal, value) the agent still works for: the basic until banked, the special while possible."""
    m = held(ctx, aid)
    if m is None:
        return []
    out = []
    if not m.get("basic_banked") and m["basic"].get("possible", True):
        out.append((m["basic"], part_value(ctx, "basic")))
    if m["special"].get("possible", True):
        out.append((m["special"], part_value(ctx, "special")))
    return out


def can_receive(ctx, a: dict) -> bool:
    m = a.get("mission") or {}
    return (a["side"] == ctx.me and not a["chief"] and not a.get("arrested") and not m.get("held")
            and m.get("cards_left", 0) > 0 and bool(m.get("choices")))


# ------------------------------------------------------------------ progress the view does not show


def searched_since_taken(ctx, aid: str) -> set:
    """Locations the agent searched since his card was taken (the seat's log: its own events)."""
    key = ("searched", aid)
    if key not in ctx.mission_cache:
        out = set()
        for e in reversed(ctx.view.get("log") or []):
            data = e.get("data") or {}
            if e["kind"] == "mission_taken" and data.get("receiver") == aid:
                break
            if e["kind"] == "search" and data.get("agent") == aid:
                out.add(data.get("location"))
        ctx.mission_cache[key] = out
    return ctx.mission_cache[key]


def _search_left(ctx, aid: str, goal: dict) -> int:
    return max(1, int(goal["params"]["count"]) - len(searched_since_taken(ctx, aid)))


def _targets(ctx, goal: dict) -> list[str]:
    if goal["key"] == "visit_telephone":
        return [loc for loc, x in ctx.locations.items() if x["telephone"]]
    if goal["key"] == "visit_location":
        return [loc for loc in ctx.locations if ctx.board.spaces[loc].key == goal["params"]["location"]]
    return []


def _enemy_tokens(ctx) -> list[str]:
    threats = ctx.view.get("threats") or {}
    return [t["space"] for t in threats.get("board", []) if t["side"] != ctx.me]


def _weight(d: int, budget: int, limit: int) -> float:
    """How much of a goal's value being `d` steps from it is worth: near 1 within this stage's AP."""
    if d <= budget:  # the pool is shared: in reach is not yet there
        return 0.65 - 0.02 * d
    return 0.6 * 0.85 ** d  # every step nearer counts, whatever is left this stage


# ------------------------------------------------------------------ how likely a goal is


def goal_odds(ctx, aid: str, goal: dict, space: str | None = None) -> float:
    """A rough chance to reach `goal` in the rest of the game (for choosing a card and for claiming)."""
    if not goal.get("possible", True):
        return 0.0
    a = ctx.agents[aid]
    space = space or a["space"]
    stages_left = max(1, ctx.stages_left)
    key, p = goal["key"], goal["params"]
    time = min(1.0, stages_left / 4)
    if key in ("visit_telephone", "visit_location"):
        dist = ctx.dist(space, ctx.me, stops=False)
        d = min((dist.get(t, 99) if t != space else 2 for t in _targets(ctx, goal)), default=99)
        need = d / max(1, a["ap_limit"])
        return max(0.0, 0.9 * (1 - need / (stages_left + 1)))
    if key == "talk_colour":  # the rank test, and the way to the enemy of that colour
        dist = ctx.dist(space, ctx.me, stops=False)
        odds = [ctx.talk_probability(aid, e["id"]) / (1 + dist.get(e["space"], 30) / 8) for e in ctx.theirs
                if e["colour"] == p["colour"] and not e.get("arrested")]
        return 0.75 * max(odds, default=0.0) * time
    if key == "evidence_colour":
        gap = max(1, int(p["amount"]) - ctx.track[ctx.me].get(p["colour"], 0))
        return {1: 0.6, 2: 0.45, 3: 0.3}.get(gap, 0.15) * time
    if key == "search_count":
        return {1: 0.85, 2: 0.7, 3: 0.45}.get(int(p["count"]), 0.3) * time
    if key == "hold_items":  # a search or two, keeping the tiles
        return (0.7 if len(a["items"]) + 1 >= int(p["count"]) else 0.6) * time
    if key == "hold_weapon":
        return 0.3 * time
    if key == "discard_threats":
        return 0.45 / int(p["count"]) * time
    return 0.1 * time  # cross_sectors, assassinate_colour, kidnap, arrest


def card_value(ctx, aid: str, card: dict, space: str | None = None) -> float:
    """What taking this card is worth to the agent: its likelier part."""
    b = goal_odds(ctx, aid, card["basic"], space) * part_value(ctx, "basic")
    s = goal_odds(ctx, aid, card["special"], space) * part_value(ctx, "special")
    return max(b, s) + 0.2 * min(b, s)


def best_card_value(ctx, aid: str) -> float:
    key = ("best_card", aid)
    if key not in ctx.mission_cache:  # asked for every space the agent or its chief might end on
        choices = (ctx.agents[aid].get("mission") or {}).get("choices") or []
        ctx.mission_cache[key] = max((card_value(ctx, aid, c) for c in choices), default=0.0)
    return ctx.mission_cache[key]


def take_value(ctx, receiver: str, card_id: str) -> float:
    choices = (ctx.agents[receiver].get("mission") or {}).get("choices") or []
    card = next((c for c in choices if c["card"] == card_id), None)
    return card_value(ctx, receiver, card) if card else 0.0


# ------------------------------------------------------------------ meeting the chief


def _safe_faces(ctx) -> set:
    """Sector faces without a free enemy agent (P17)."""
    if "safe" not in ctx.mission_cache:
        unsafe = {ctx.board.face_of(e["space"]) for e in ctx.theirs if not e.get("arrested")}
        ctx.mission_cache["safe"] = {f for f in ctx.board.faces if f not in unsafe}
    return ctx.mission_cache["safe"]


def meeting_space(ctx, chief: str, agent: str) -> tuple[str, bool]:
    """Where the chief and the agent meet: the space nearest to both (the later of the two arrivals, then
    the sum), a sector with enemy agents in it counting UNSAFE_STEPS more (they may leave it); and whether
    its sector is free of enemy agents now (P17)."""
    key = ("meet", chief, agent)
    if key not in ctx.mission_cache:
        dc = ctx.dist(ctx.agents[chief]["space"], ctx.me, stops=False)
        da = ctx.dist(ctx.agents[agent]["space"], ctx.me, stops=False)
        safe = _safe_faces(ctx)
        spots = [(max(dc[s], da[s]) + 0.1 * (dc[s] + da[s]) + (0 if ctx.board.face_of(s) in safe else UNSAFE_STEPS), s)
                 for s in dc if s in da]
        spot = min(spots)[1] if spots else ctx.agents[agent]["space"]
        ctx.mission_cache[key] = (spot, ctx.board.face_of(spot) in safe)
    return ctx.mission_cache[key]


def meeting_pull(ctx, aid: str, space: str, budget_later: int) -> float:
    """A chief is drawn to the meeting space of an agent who could take a card, and the agent to it."""
    me = ctx.agents[aid]
    if me.get("arrested"):
        return 0.0
    if me["chief"]:
        pairs = [(aid, x["id"]) for x in ctx.mine if can_receive(ctx, x)]
    elif can_receive(ctx, me):
        pairs = [(x["id"], aid) for x in ctx.mine if x["chief"] and not x.get("arrested")]
    else:
        return 0.0
    best = 0.0
    for chief, agent in pairs:
        spot, safe = meeting_space(ctx, chief, agent)
        d = ctx.dist(spot, ctx.me, stops=False).get(space)
        if d is None:
            continue
        value = MEET_SHARE * best_card_value(ctx, agent) * (1.0 if safe else 0.6)
        best = max(best, value * _weight(d, budget_later, me["ap_limit"]))
    return best


def take_here(ctx, aid: str, space: str) -> float:
    """The best card the agent could pass or take standing on `space` (a move then the take)."""
    if not ctx.missions_on or ctx.board.face_of(space) not in _safe_faces(ctx):
        return 0.0
    me = ctx.agents[aid]
    here = [x for x in ctx.mine if x["id"] != aid and x["space"] == space and not x.get("arrested")]
    if me["chief"]:
        receivers = [x["id"] for x in here if can_receive(ctx, x)]
    else:
        receivers = [aid] if can_receive(ctx, me) and any(x["chief"] for x in here) else []
    return max((best_card_value(ctx, r) for r in receivers), default=0.0)


# ------------------------------------------------------------------ pursuing a held card


def goal_pull(ctx, aid: str, space: str, budget_later: int) -> float:
    """Being near what the held card's goals need: its locations, enemy threat tokens to discard."""
    best = 0.0
    me = ctx.agents[aid]
    for goal, value in open_goals(ctx, aid):
        key = goal["key"]
        if key in ("visit_telephone", "visit_location"):
            targets = _targets(ctx, goal)
        elif key == "discard_threats":
            targets = _enemy_tokens(ctx)
            value = value / max(1, int(goal["params"]["count"])) * 0.5  # a roll, and maybe more tokens
        else:
            continue
        for t in targets:
            d = ctx.dist(t, ctx.me, stops=False).get(space)
            if d is None:
                continue
            if t == space and key != "discard_threats":
                if space == me["space"]:
                    d = 2  # standing there: only entering counts (P18), step out and back in
                else:
                    best = max(best, value)  # entering reaches the goal
                    continue
            best = max(best, value * _weight(d, budget_later, me["ap_limit"]))
    return best


def goal_location(ctx, aid: str, space: str | None) -> bool:
    """Is `space` a location the agent's held card asks him to enter?"""
    return any(space in _targets(ctx, goal) for goal, _ in open_goals(ctx, aid))


def evidence_bonus(ctx, colour: str, amount: int) -> float:
    """The own cards whose evidence goal `amount` more evidence on `colour` reaches (any own agent's)."""
    total = 0.0
    track = ctx.track[ctx.me].get(colour, 0)
    for a in ctx.mine:
        for goal, value in open_goals(ctx, a["id"]):
            if goal["key"] == "evidence_colour" and goal["params"]["colour"] == colour:
                if amount >= 1 and track + amount >= int(goal["params"]["amount"]):
                    total += value
    return total


def talk_bonus(ctx, aid: str, target: str, mod: int) -> float:
    """Mission value of a conversation that takes place (its rank test passed), with modifier `mod`."""
    if not ctx.missions_on or ctx.agents[aid]["side"] != ctx.me:
        return 0.0
    col = ctx.agents[target]["colour"]
    bonus = 0.0
    for goal, value in open_goals(ctx, aid):
        if goal["key"] == "talk_colour" and goal["params"]["colour"] == col:
            bonus += value  # reached by the conversation itself, whatever its result
    gains = {"none": 0, "single": 1, "double": 2,
             "secret": 0 if ctx.track[ctx.me].get(col, 0) >= 3 else 2}
    for s, p in P2D6.items():
        n = gains[ctx.outcome_of(target, s + mod)]
        if n:
            bonus += p * evidence_bonus(ctx, col, n)
    return bonus


def search_bonus(ctx, aid: str, loc_id: str) -> float:
    """A search of `loc_id`: a new location for search_count; a tile to keep for hold_items/hold_weapon."""
    bonus = 0.0
    items = len(ctx.agents[aid]["items"])
    for goal, value in open_goals(ctx, aid):
        key = goal["key"]
        if key == "search_count" and loc_id not in searched_since_taken(ctx, aid):
            left = _search_left(ctx, aid, goal)
            bonus += value if left <= 1 else 0.4 * value / left
        elif key == "hold_items":
            need = int(goal["params"]["count"]) - items
            bonus += 0.6 * value if need <= 1 else 0.3 * value / need
        elif key == "hold_weapon":
            tiles = [i for i in _items_at(loc_id) if i not in ctx.gone] or list(_items_at(loc_id))
            share = sum(_items_by_id()[i].effect in WEAPON_EFFECTS for i in tiles) / max(1, len(tiles))
            bonus += share * value
    return bonus


def keep_bonus(ctx, aid: str | None, item_id: str) -> float:
    """Keeping a found tile: hold_items reached with it, or a weapon for hold_weapon."""
    if aid is None or aid not in ctx.agents:
        return 0.0
    bonus = 0.0
    for goal, value in open_goals(ctx, aid):
        if goal["key"] == "hold_items":  # reached with this tile, or one tile nearer
            need = int(goal["params"]["count"]) - len(ctx.agents[aid]["items"])
            bonus += value if need <= 1 else 0.5 * value / need
        elif goal["key"] == "hold_weapon" and _items_by_id()[item_id].effect in WEAPON_EFFECTS:
            bonus += value
    return bonus


def deed_bonus(ctx, aid: str, key: str, target: str | None = None) -> float:
    """An attack's special goal: arrest, kidnap, or liquidating the enemy of the goal's colour."""
    bonus = 0.0
    for goal, value in open_goals(ctx, aid):
        if goal["key"] == key and (key != "assassinate_colour"
                                   or goal["params"]["colour"] == ctx.agents[target]["colour"]):
            bonus += value
    return bonus


def discard_bonus(ctx, aid: str) -> float:
    bonus = 0.0
    for goal, value in open_goals(ctx, aid):
        if goal["key"] == "discard_threats":
            bonus += value / max(1, int(goal["params"]["count"]))
    return bonus


def claim_value(ctx, aid: str) -> float:
    """Claim the banked basic now, unless the special looks nearer and worth more (and time is left)."""
    m = held(ctx, aid)
    basic = part_value(ctx, "basic")
    if m is None or ctx.last_stage or basic >= WIN_VALUE:
        return basic
    special = goal_odds(ctx, aid, m["special"]) * part_value(ctx, "special")
    if m["special"]["key"] not in HARD_SPECIALS and special > basic:
        return -1.0
    return basic
