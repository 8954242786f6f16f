"""Scenario setup for the rules engine, from maps/scenarios/<id>.json.

The scenario file (the board developer's data) gives the grid, networks, start
locations, Kloss's document, stage count, rules level, the players' placement
and, in its "rules" block, how the scenario is won and what carries over. A
scenario without a "rules" block, or at a level the engine does not play yet,
is refused with a reason.
"""

from __future__ import annotations

import functools
from types import MappingProxyType

from . import content
from .scenario import board_for_scenario, load_scenario, scenario_ids

SUPPORTED_LEVELS = ("basic", "extended", "advanced")  # levels a new game may be set up at
ENGINE_LEVELS = ("basic", "extended", "advanced")  # levels whose states the engine holds (saves, invariants)
WIN_KEYS = ("secrets_to_win", "vp_to_win", "jail_to_win", "special")  # a film's "special" says how it is won
# film scenarios (issue 36): the special rule each names, with a block of the same name beside it
SPECIALS = ("radio_station", "room_217", "pulkowski")
OVERFLOW_SOURCES = ("conversation", "item")  # F1: the gains whose pieces beyond 10 count
OVERFLOW_GIVES = ("vp", "top_secret_bonus")
VP_KEYS = ("basic_mission", "special_mission", "secret")
PLACEMENT_RULES = ("alternate_locations", "alternate_any_space")  # P29; F29 (free scenarios)
# First Clash, "Bonus for the winner": a compromised Brunner gives way to Fritz Kopf in the next game (K16)
CAMPAIGN_SUBSTITUTES = {"hermann_brunner": "fritz_kopf"}


@functools.lru_cache(maxsize=None)
def scenario_rules(scenario_id: str) -> MappingProxyType:
    """The scenario's "rules" block, checked: secrets_to_win, vp (None or the three rewards), vp_to_win,
    chief_falls_end, special_mission_secret, secret_resets_track, carry_over (None or a dict), next and
    location_card_limit (ADVANCED only: the printed limit, else the free-scenario table by sectors, A2)."""
    layout = load_scenario(scenario_id)
    raw = layout.data.get("rules")
    if not isinstance(raw, dict):
        raise ValueError(f"scenario {scenario_id!r} states no victory rules yet")
    vp = raw.get("vp")
    if vp is not None and (not isinstance(vp, dict) or set(vp) != set(VP_KEYS)
                           or not all(isinstance(v, int) and v >= 0 for v in vp.values())):
        raise ValueError(f"scenario {scenario_id!r}: 'vp' must give {', '.join(VP_KEYS)} as counts")
    carry = raw.get("carry_over")
    if carry is not None and not (isinstance(carry, dict) and isinstance(carry.get("next"), str)):
        raise ValueError(f"scenario {scenario_id!r}: 'carry_over' must name the next scenario")
    out = {
        "secrets_to_win": _count(raw, "secrets_to_win", scenario_id),
        "vp": MappingProxyType(dict(vp)) if vp else None,
        "vp_to_win": _count(raw, "vp_to_win", scenario_id),
        "chief_falls_end": bool(raw.get("chief_falls_end", False)),
        "special_mission_secret": bool(raw.get("special_mission_secret", False)),
        "secret_resets_track": bool(raw.get("secret_resets_track", True)),
        "carry_over": MappingProxyType(dict(carry)) if carry else None,
        "next": carry["next"] if carry else None,
        "jail_to_win": _count(raw, "jail_to_win", scenario_id),  # German win at N Polish agents in the jail (L)
        "campaign_end": bool(raw.get("campaign_end", False)),  # its winner wins the training campaign (A30)
        "location_card_limit": _card_limit(raw, layout, scenario_id),
        "overflow": _overflow(raw, scenario_id),  # F1: None, or what evidence beyond 10 gives
        "special": _special(raw, scenario_id),  # None, or the film rule named (its block under the same key)
    }
    if out["special"]:
        out[out["special"]] = MappingProxyType(dict(raw[out["special"]]))
    return MappingProxyType(out)


def _card_limit(raw: dict, layout, scenario_id: str) -> int:
    """Location Cards (ADVANCED): the scenario's printed limit (L413, L535, L545); a scenario printing none gets
    the free scenarios' limit for its number of sectors (L474: 4 - 2, 5-6 - 3, 7 - 4; A2). 0 below ADVANCED."""
    limit = _count(raw, "location_card_limit", scenario_id)
    if layout.data.get("level", "basic") != "advanced":
        if limit:
            raise ValueError(f"scenario {scenario_id!r}: 'location_card_limit' is an ADVANCED rule")
        return 0
    return limit or free_scenario_card_limit(len(layout.face_ids()))


def _overflow(raw: dict, scenario_id: str) -> MappingProxyType | None:
    """F1: {"sources": [...], "gives": ...}; refused with a reason when it names anything unknown."""
    block = raw.get("overflow")
    if block is None:
        return None
    sources = block.get("sources") if isinstance(block, dict) else None
    if (not isinstance(sources, list) or not sources or not set(sources) <= set(OVERFLOW_SOURCES)
            or block.get("gives") not in OVERFLOW_GIVES):
        raise ValueError(f"scenario {scenario_id!r}: 'overflow' must give 'sources' from {', '.join(OVERFLOW_SOURCES)}"
                         f" and 'gives' one of {', '.join(OVERFLOW_GIVES)}")
    return MappingProxyType({"sources": tuple(sources), "gives": block["gives"]})


def _special(raw: dict, scenario_id: str) -> str | None:
    """The film rule the scenario names; its own block (a dict under the same key) must be there. The block's
    contents are checked by the rule's module in its own step."""
    special = raw.get("special")
    if special is None:
        return None
    if special not in SPECIALS:
        raise ValueError(f"scenario {scenario_id!r}: unknown 'special' {special!r}; known: {', '.join(SPECIALS)}")
    if not isinstance(raw.get(special), dict):
        raise ValueError(f"scenario {scenario_id!r}: 'special' {special!r} needs its {special!r} block")
    if special == "room_217":  # the rules' own modules check their blocks as each is built (issue 36)
        from .hotel import check_block

        check_block(raw[special], scenario_id)
    elif special == "radio_station":
        from .radio import check_block as check_radio

        check_radio(raw[special], scenario_id)
    elif special == "pulkowski":
        from .pulkowski import check_block as check_pulkowski

        check_pulkowski(raw[special], scenario_id)
    return special


def free_scenario_card_limit(sectors: int) -> int:
    """L474: the location card limit of a free scenario by its number of sectors (at least 4 in one)."""
    return 2 if sectors <= 4 else 3 if sectors <= 6 else 4


def _count(raw: dict, key: str, scenario_id: str) -> int:
    value = raw.get(key, 0)
    if not isinstance(value, int) or value < 0:
        raise ValueError(f"scenario {scenario_id!r}: {key!r} must be a count, not {value!r}")
    return value


def playable_scenarios() -> list[str]:
    """Scenarios this engine can set up: a rules block and a rules level it plays."""
    out = []
    for sid in scenario_ids():
        data = load_scenario(sid).data
        if data.get("level", "basic") in SUPPORTED_LEVELS and states_victory(data.get("rules")):
            out.append(sid)
    return out


def states_victory(raw) -> bool:
    """A rules block that says how the scenario is won: the film scenarios' files give only their card
    limit until their own rules are built (issue 36), and are not set up before then."""
    return isinstance(raw, dict) and any(raw.get(k) for k in WIN_KEYS)


def setup_plan(options: dict) -> dict:
    """Check the options against the scenario file; returns what the state needs.

    Raises ValueError with a readable reason for a scenario this engine cannot run yet."""
    sid = options.get("scenario") or "meeting"
    layout = load_scenario(sid)  # MapError (a ValueError) if unknown
    data = layout.data
    level = data.get("level", "basic")
    if level not in SUPPORTED_LEVELS or "rules" not in data:
        raise ValueError(f"scenario {sid!r} needs the {level.upper()} rules, which are not implemented yet; "
                         f"playable: {', '.join(playable_scenarios())}")
    if not states_victory(data["rules"]):
        raise ValueError(f"scenario {sid!r}: its own rules and victory conditions are not implemented yet; "
                         f"playable: {', '.join(playable_scenarios())}")
    scenario_rules(sid)  # a malformed rules block is refused here, not in the middle of a game
    board = board_for_scenario(sid)
    start = layout.start_spaces(board)  # the loader resolves printed locations
    placement = placement_of(sid)
    positions, to_place = {}, []
    out = _campaign_carry(options).get("chief_out")
    for side, ids in layout.networks().items():
        for aid in ids:
            aid = CAMPAIGN_SUBSTITUTES.get(aid, aid) if aid == out else aid  # K16: a compromised chief stays out
            content.agent(aid)  # KeyError names unknown agents
            if aid in start:
                positions[aid] = (side, start[aid])
            elif placement is not None:
                to_place.append((aid, side))
            else:
                raise ValueError(f"scenario {sid!r} gives no start location for {aid} and no placement rule")
    kloss_doc = _kloss_document(options, data, _campaign_carry(options).get("kloss_document_out"))
    stages = _stages(sid, data)
    return {"scenario": sid, "level": level, "stages": stages, "positions": positions, "kloss_document": kloss_doc,
            "title": layout.title, "to_place": to_place, "placement": placement}


def _stages(sid: str, data) -> int:
    """The stage count; 0 for a film played "until victory" (F3: "stages" null), which only a scenario with a
    special rule may be, since nothing else could end it."""
    stages = data.get("stages")
    if stages is None and scenario_rules(sid)["special"]:
        return 0
    if not isinstance(stages, int) or stages < 1:
        raise ValueError(f"scenario {sid!r} has no stage count; only a film scenario may be open-ended")
    return stages


@functools.lru_cache(maxsize=None)
def placement_of(sid: str) -> MappingProxyType | None:
    """The players' placement of the agents the scenario does not place (P29), or None."""
    raw = load_scenario(sid).data.get("placement")
    if raw is None:
        return None
    if not isinstance(raw, dict) or raw.get("rule") not in PLACEMENT_RULES:
        raise ValueError(f"scenario {sid!r}: unknown placement rule {raw!r}")
    first = raw.get("first")
    if first not in ("polish", "german"):
        raise ValueError(f"scenario {sid!r}: the placement must say who places first")
    cap = raw.get("max_per_network_per_face")
    if cap is not None and not (isinstance(cap, int) and cap >= 1):
        raise ValueError(f"scenario {sid!r}: max_per_network_per_face must be a count of 1 or more")
    return MappingProxyType({"rule": raw["rule"], "first": first,
                             "forbidden_faces": tuple(raw.get("forbidden_faces", ())),
                             "max_per_network_per_face": cap})  # cached: read-only


def _campaign_carry(options: dict) -> dict:
    block = options.get("campaign")
    carry = block.get("carry_in") if isinstance(block, dict) else None
    return carry if isinstance(carry, dict) else {}


def _kloss_document(options: dict, data, barred: str | None = None) -> str:
    """Scenario 1 names the document; otherwise the Polish player's option (default: the first); after an
    exposure in the campaign's scenario before, not the document Kloss was exposed with (K16)."""
    wanted = options.get("kloss_document")
    named = data.get("kloss_document")
    docs = [d.id for d in content.agent(content.KLOSS).documents if d.id != barred]
    if barred and wanted == barred:
        raise ValueError("Kloss was exposed with that document in the last scenario: he must carry another")
    if named:
        if wanted not in (None, named):
            raise ValueError(f"this scenario names Kloss's document {named!r}; {wanted!r} is not allowed")
        return named
    if wanted is None:
        return docs[0]
    if wanted not in docs:
        raise ValueError(f"no Kloss document {wanted!r}; choose one of {docs}")
    return wanted
