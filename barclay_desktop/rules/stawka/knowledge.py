"""What a seat knows beyond the table: the view's "knowledge" block (K12), read by sample.py.

The table (view.py) shows what a player looks at; a player also remembers. This block holds, for a seat:
- its own memory: the item tiles it was shown (`seen`) and where each of them lies now, the enemy threat
  tokens it peeked at (`threat_seen`);
- public facts the state keeps that the table does not draw: an activation's details, the agents' once-a-stage
  traits, the decisions waiting after the first, a held mission card's counters (HeldMission: every one of them
  comes from public events), the film blocks, the options (a free scenario's spec, the campaign's carry-in).

Nothing here is hidden from the seat: a tile it was never shown, the opponent's unrevealed cards, the hidden
radio station are written as None (the leak probes and the twin test check every key of the view). A tile the
seat was shown is taken to be known where it lies now, as the twin does (twin.known_tiles).
"""

from __future__ import annotations

from .rules import item
from .state import SIDES

# public StawkaState fields the table shows only in part (counts, or not at all), copied as they are
PUBLIC_FIELDS = ("vp", "location_bottom", "carry_step", "kept_track", "overflow", "attack_bonus", "turned_back",
                 "ending", "top_secret", "pulkowski", "vehicle", "location_converted", "arrest_bonus", "revealed")


def view(state, seat: str | None) -> dict | None:
    """The block for a seat (None for an onlooker, who samples nothing)."""
    if seat not in SIDES:
        return None
    known = set(state.seen[seat])
    return {
        "seen": list(state.seen[seat]),
        "threat_seen": list(state.threat_seen.get(seat, ())),
        # every stack bottom to top, a tile the seat was never shown as None (its place in the order is hidden)
        "stacks": {loc: [t if t in known else None for t in stack] for loc, stack in state.stacks.items()},
        # the opponent's held tiles the seat was shown (a face-down tile shows only its back on the table)
        "held": {aid: [t if t in known or item(t).reusable else None for t in a.items]
                 for aid, a in state.agents.items() if a.side != seat},
        "pending": [_pending(state, p, known) for p in state.pending],
        "activation": _activation(state.activation),
        "traits": {aid: [a.rank_reroll_used, a.shield_used] for aid, a in state.agents.items()},
        "missions": {aid: _mission(h, state.agents[aid].side == seat) for aid, h in state.missions.items()},
        "fixed_threats": sorted(sp for sp, t in state.threats.items() if t.fixed),  # Top Secret's factory check
        # the order agents were placed and tokens set out (public): the rules list their choices in that order
        "order": {"agents": list(state.agents), "threats": list(state.threats)},
        "radio": _radio(state.radio, seat),
        "options": _options(state.options, seat, known),
        "public": {name: _copy(getattr(state, name)) for name in PUBLIC_FIELDS},
    }


def _pending(state, p, known: set) -> dict:
    """A waiting decision; a tile the seat was never shown is None, or, when the deciding agent holds it (a
    conversation's chosen items), {"held": its place among his items}."""
    holder = state.agents.get(p.agent)
    items = []
    for t in p.items:
        if t in known:
            items.append(t)
        elif holder is not None and t in holder.items:
            items.append({"held": holder.items.index(t)})
        else:
            items.append(None)
    return {"kind": p.kind, "seat": p.seat, "agent": p.agent, "items": items, "target": p.target,
            "dice": list(p.dice), "location": p.location, "rank": p.rank, "data": _copy(p.data)}


def _activation(act) -> dict | None:
    if act is None:
        return None
    return {"agent": act.agent, "order": list(act.order), "moved_ap": act.moved_ap, "ap_spent": act.ap_spent,
            "move_stopped": act.move_stopped, "moved_spaces": act.moved_spaces, "step_cost": act.step_cost,
            "windows": list(act.windows), "held_back": act.held_back, "peeks": list(act.peeks),
            "reacted": list(act.reacted)}


def _mission(h, own: bool) -> dict:
    """HeldMission's public counters (P16, P18); the card itself only to its owner or once revealed (K12)."""
    return {"card": h.card if own or h.revealed else None, "taken_stage": h.taken_stage, "revealed": h.revealed,
            "searched": list(h.searched), "visited": list(h.visited), "talked": list(h.talked),
            "most_items": h.most_items, "weapon_gained": h.weapon_gained, "evidence_peaks": dict(h.evidence_peaks),
            "removed_threats": h.removed_threats, "faces": list(h.faces), "most_sectors": h.most_sectors,
            "done": list(h.done)}


def _radio(block: dict, seat: str) -> dict:
    """F5-F9: the station's location is the Polish player's until it is public; the rest is public."""
    out = _copy(block)
    if out.get("location") and not out.get("public") and seat != "polish":
        out["location"] = None
    return out


def _options(options: dict, seat: str, known: set) -> dict:
    """The scenario's options: a free scenario's spec (F35) and the campaign block, the item the other side kept
    named only once the seat was shown it (K16, K12)."""
    from .view import hide_kept_items  # view.py builds this block: imported here, not at the top

    out = dict(options)
    campaign = options.get("campaign")
    if campaign is not None:
        out["campaign"] = {**campaign, "carry_in": hide_kept_items(campaign["carry_in"], seat, known)}
    return _copy(out)


def _copy(value):
    """A plain-JSON copy (lists for tuples), never sharing a list with the state."""
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_copy(v) for v in value]
    return value
