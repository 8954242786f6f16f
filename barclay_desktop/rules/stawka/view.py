"""view(seat) for Stawka: everything the seat may know, nothing more (K12).

Hidden: the opponent's face-down items (only the tile's back, i.e. its
location, shows), the order and contents of every item stack, the tiles a
player is deciding about, and the opponent's planning card until both are
revealed.
"""

from __future__ import annotations

from . import (advanced_items, assassination, content, hotel, knowledge, location_cards, missions, pulkowski,
               radio_view, reaction_cards, reaction_windows, vehicle)
from .flow import available_cards, plan_card
from .rules import (
    ap_left,
    ap_limit,
    board,
    can_end_activation,
    doc,
    extended,
    item,
    limit_left,
    map_destinations,
    move_options,
    search_cost,
    track_range,
)
from .arrest import pending_legal
from .jail import jail_space
from .placement import ANY_SPACE, placement_rule, placement_spaces
from .threats import setout_spaces, threats_view
from .scenario import load_scenario
from .scenario_rules import scenario_rules
from .state import SIDES, other


def hide_kept_items(carry: dict, seat: str | None, shown=frozenset()) -> dict:
    """The carry-over with the item a side kept named only to that side, or to a seat it was shown to (K12)."""
    kept = carry.get("kept_item")
    if not kept:
        return carry
    return {**carry, "kept_item": {side: (item_id if item_id is None or side == seat or item_id in shown
                                          else "hidden") for side, item_id in kept.items()}}


def carry_over_view(state, seat: str | None) -> dict | None:
    if not state.carry_over:
        return None
    shown = frozenset(state.seen.get(seat, ())) if seat else frozenset()
    return hide_kept_items(state.carry_over, seat, shown)


def campaign_view(state, seat: str | None = None) -> dict | None:
    block = state.options.get("campaign")
    if block is None:
        return None
    return {"step": block["step"], "history": [dict(h) for h in block.get("history", [])],
            "carry_in": hide_kept_items(block["carry_in"], seat)}


def build_view(state, seat: str | None) -> dict:
    b = board(state)
    title = load_scenario(state.scenario).title
    return {
        "scenario": {"id": state.scenario, "title": title, "level": state.level, "stages": state.stages},
        "stage": state.stage,
        "stages": state.stages,
        "phase": state.phase,
        "turn": state.turn,
        "first": state.first,
        "pools": dict(state.pools),
        "gave_up": dict(state.gave_up),
        "talked": [list(p) for p in state.talked],  # K13: pairs whose conversation this stage is spent (public)
        "agents": [agent_view(state, aid, seat) for aid in agent_order(state)],
        "active": active_view(state, seat),
        "moves": moves_view(state, seat),
        "locations": [location_view(state, s.id) for s in b.locations()],
        "evidence": {x: track_view(state.evidence[x]) for x in SIDES},
        "secrets": dict(state.secrets),
        "planning": planning_view(state, seat),
        "last_dice": dict(state.last_dice),
        "pending": pending_view(state, seat),
        "winner": state.winner,
        "carry_over": carry_over_view(state, seat),
        # K16: the campaign this scenario belongs to (its step and the results before it), public
        "campaign": campaign_view(state, seat),
        "carry_step": (state.carry_step or "track") if state.phase == "carry_over" else None,
        "vp": vp_view(state),
        "threats": threats_view(state, seat),
        "location_cards": location_cards.hand_view(state, seat),  # ADVANCED: own hand, the other's count (K12)
        "reactions": reactions_view(state, seat),
        "radio": radio_view.view(state, seat),  # "I Know Who You Are": the station (owner-only until public, K12)
        "top_secret": advanced_items.top_secret_view(state),  # ADVANCED: Top Secret cards per side, public (A22)  # ADVANCED: own hand, the other's count, deck count, window
        "placement": placement_view(state),
        "missions_done": missions.done_view(state),  # EXTENDED: completed and lost cards, face up
        "dead": list(state.dead),  # EXTENDED: liquidated agents (public)
        "jail": jail_space(state) if extended(state) else None,  # the jail location (EXTENDED), public
        # tiles out of the game, face up (used, shown as evidence, lost in the jail): shown to both, public
        "discarded": [item_view(i, True) for i in state.discarded],
        # Top Secret (F17-F26), public: Dr Pulkowski, the Black Audi; None in every other scenario
        "pulkowski": pulkowski.view(state),
        "vehicle": vehicle.view(state, seat),
        # the seat's memory and the public facts the table does not draw (sample.py rebuilds a game from them)
        "knowledge": knowledge.view(state, seat),
    }


def reactions_view(state, seat: str | None) -> dict | None:
    out = reaction_cards.hand_view(state, seat)
    if out is not None:
        out["window"] = reaction_windows.window_view(state, seat)  # the open reaction / block window, public
    return out


def vp_view(state) -> dict | None:
    """Victory points of both sides and the score that wins, where the scenario counts them (public)."""
    rules = scenario_rules(state.scenario)
    if not rules["vp"]:
        return None
    room = hotel.block(state)  # Hotel Excelsior: VP win nothing, 15 open the hotel to their player (F13, F16)
    out = {"points": {x: state.vp.get(x, 0) for x in SIDES}, "to_win": rules["vp_to_win"],
           "rewards": dict(rules["vp"])}
    if room:
        out.update(gate=room["vp_gate"], gate_location=hotel.hotel_location(state))
    return out


def placement_view(state) -> dict | None:
    """The agents still to place (with their side) and where they may go; public (P29)."""
    if state.phase != "placement":
        return None
    return {"to_place": [{"id": aid, "name": content.agent(aid).name, "side": side, "colour": content.agent(aid).colour}
                         for aid, side in state.to_place.items()],
            "placer": state.placer, "spaces": placement_spaces(state),
            "any_space": placement_rule(state)["rule"] == ANY_SPACE}  # F29: a free scenario places on streets too


def agent_order(state) -> list[str]:
    """The agents on the board as the scenario lists its networks (Polish first), whoever was placed when."""
    nets = load_scenario(state.scenario).networks()
    listed = [aid for side in SIDES for aid in nets.get(side, ()) if aid in state.agents]
    return listed + [aid for aid in state.agents if aid not in listed]


def agent_view(state, aid: str, seat: str | None) -> dict:
    a = state.agents[aid]
    info = content.agent(aid)
    d = doc(state, aid)
    return {
        "id": aid,
        "name": info.name,
        "side": a.side,
        "colour": info.colour,
        "chief": info.chief,
        "space": a.space,
        "space_label": board(state).spaces[a.space].label,
        "ap_limit": ap_limit(state, aid),
        "ap_used": a.ap_used,
        "ap_left": ap_left(state, aid),  # what he can spend now: pool and limit
        "limit_left": limit_left(state, aid),  # what is left of his AP limit this stage
        "document": {
            "id": d.id,
            "title": d.title,
            "rank": d.rank,
            "function": d.function,
            "ap_limit": d.ap_limit,
            "defence": d.defence,
            "alertness": d.alertness,
            "conversation": {"single": d.conversation.single, "double": d.conversation.double,
                             "secret": d.conversation.secret},
            "trait": d.trait.text,
        },
        "search_cost": search_cost(state, aid),
        "arrested": a.arrested,  # in the jail (P15), public
        "items": [item_view(iid, visible=(a.side == seat or item(iid).reusable)) for iid in a.items],
        "mission": missions.mission_view(state, aid, seat),  # EXTENDED: own card, or a silhouette (P16, K12)
    }


def item_view(iid: str, visible: bool) -> dict:
    t = item(iid)
    if not visible:
        return {"hidden": True, "back": t.location}  # the reverse shows the location (Item Tiles 1)
    return {
        "hidden": False,
        "id": iid,
        "name": t.name,
        "text": t.text,
        "effect": t.effect,
        "reusable": t.reusable,
        "evidence": dict(t.evidence),
        "level": t.level,
        "back": t.location,
    }


def active_view(state, seat) -> dict | None:
    act = state.activation
    if act is None:
        return None
    return {
        "agent": act.agent,
        "order": list(act.order),
        "moved_ap": act.moved_ap,
        "moved_spaces": act.moved_spaces,
        "ap_spent": act.ap_spent,
        "move_stopped": act.move_stopped,
        "can_end": can_end_activation(state),
    }


def moves_view(state, seat) -> dict:
    """Reachable spaces with costs: the active agent's, or each own agent's when choosing whom to activate."""
    if seat is None or state.turn != seat or state.pending or state.phase != "activation":
        return {}
    act = state.activation
    ids = [act.agent] if act is not None else [aid for aid, a in state.agents.items() if a.side == seat]
    out = {}
    for aid in ids:
        opts = dict(sorted(move_options(state, aid).items()))
        maps = map_destinations(state, aid)
        out[aid] = {"spaces": opts, "by_map": maps}
    return out


def location_view(state, loc: str) -> dict:
    spc = board(state).spaces[loc]
    return {
        "id": loc,
        "label": spc.label,
        "telephone": spc.telephone,
        "tiles_left": len(state.stacks.get(loc, [])),
        "markers": list(state.markers.get(loc, [])),
        "hint": dict(content.hint_card().get(loc, {})),
    }


def track_view(track: dict) -> dict:
    out = {}
    for colour, value in track.items():
        name, mod = track_range(value)
        out[colour] = {"value": value, "range": name, "modifier": mod}
    return out


def planning_view(state, seat) -> dict:
    def card(cid):
        c = plan_card(cid)
        return {"id": c.id, "name": c.name, "priority": c.priority, "ap": c.ap, "reaction_cards": c.reaction_cards}

    return {
        "hand": [card(c.id) for c in available_cards(state, seat)] if seat in SIDES else [],
        "used": {x: [card(c) for c in state.used[x]] for x in SIDES},
        "chosen": card(state.chosen[seat]) if seat in SIDES and state.chosen.get(seat) else None,
        "has_chosen": {x: state.chosen.get(x) is not None for x in SIDES},
        "revealed": {x: (card(state.revealed[x]) if state.revealed.get(x) else None) for x in SIDES},
        "opponent_cards_left": (len(available_cards(state, other(seat))) if seat in SIDES else None),
    }


def pending_view(state, seat) -> dict | None:
    if not state.pending:
        return None
    p = state.pending[0]
    out = {"kind": p.kind, "seat": p.seat, "agent": p.agent, "target": p.target or None,
           "location": p.location or None}
    if p.seat == seat:
        if p.kind in ("found", "peek"):
            out["tiles"] = [item_view(i, True) for i in p.items]
        if p.kind == "conversation_reroll":
            out["dice"] = list(p.dice)
    elif p.kind == "conversation_reroll":
        out["dice"] = list(p.dice)  # the roll itself is public (K6)
    if p.kind == "support":
        out["test"] = p.data["test"]  # which test is about to be rolled, and for whom: public
    if p.kind == "fire_back" and p.seat == seat:  # the weapons that reach the attacker, for their owner
        out["weapons"] = [item_view(i, True) for i in assassination.fire_back_weapons(state, p.agent, p.target)]
    if p.kind in reaction_windows.KINDS:
        out["window"] = reaction_windows.window_view(state, seat)
    if p.kind == "place_drawn_threat":
        out["spaces"] = setout_spaces(state, p.seat)  # where the drawn token may go (not which it is)
    if p.kind in ("place_kidnapped", "release_to"):
        out["spaces"] = [a.to for a in pending_legal(state, p)]  # where the agent may be put: public
    return out
