"""Scenario setup for the rules engine, from maps/scenarios/<id>.json.

The scenario file (the board developer's data) gives the grid, networks, start
locations, Kloss's document, stage count and rules level. Victory settings
that the file states only as prose are kept here, per scenario id, until the
file carries them (asked for in the report). Only BASIC scenarios with fixed
start positions can be set up by this engine so far.
"""

from __future__ import annotations

from . import content
from .scenario import board_for_scenario, load_scenario

# What the victory prose of each scenario means for the engine.
_VICTORY = {
    # Training 1: two secrets win at once; a draw after stage 8; evidence carries over to First Clash.
    "meeting": {"secrets_to_win": 2, "carry_over": True, "next": "first_clash", "secret_resets_track": True},
}
_DEFAULT = {"secrets_to_win": 0, "carry_over": False, "next": None, "secret_resets_track": True}
SUPPORTED_LEVELS = ("basic",)


def scenario_rules(scenario_id: str) -> dict:
    return _VICTORY.get(scenario_id, _DEFAULT)


def playable_scenarios() -> list[str]:
    return [sid for sid in _VICTORY if load_scenario(sid).data.get("level") in SUPPORTED_LEVELS]


def setup_plan(options: dict) -> dict:
    """Check the options against the scenario file; returns what the state needs.

    Raises ValueError with a readable reason for a scenario this engine cannot run yet."""
    sid = options.get("scenario") or "meeting"
    layout = load_scenario(sid)  # MapError (a ValueError) if unknown
    data = layout.data
    level = data.get("level", "basic")
    if level not in SUPPORTED_LEVELS or sid not in _VICTORY:
        raise ValueError(f"scenario {sid!r} needs the {level.upper()} rules, which are not implemented yet; "
                         f"playable: {', '.join(playable_scenarios())}")
    start = layout.start_spaces(board_for_scenario(sid))  # the loader resolves printed locations
    positions = {}
    for side, ids in layout.networks().items():
        for aid in ids:
            content.agent(aid)  # KeyError names unknown agents
            if aid not in start:
                raise ValueError(f"scenario {sid!r} gives no start location for {aid}; "
                                 "placement by the players is not implemented yet")
            positions[aid] = (side, start[aid])
    kloss_doc = _kloss_document(options, data)
    stages = data.get("stages")
    if not isinstance(stages, int) or stages < 1:
        raise ValueError(f"scenario {sid!r} has no stage count; open-ended scenarios are not implemented yet")
    return {"scenario": sid, "level": level, "stages": stages, "positions": positions, "kloss_document": kloss_doc,
            "title": layout.title}


def _kloss_document(options: dict, data) -> str:
    """Scenario 1 names the document; otherwise the Polish player's option (default: the first)."""
    wanted = options.get("kloss_document")
    named = data.get("kloss_document")
    docs = [d.id for d in content.agent(content.KLOSS).documents]
    if named:
        if wanted not in (None, named):
            raise ValueError(f"this scenario names Kloss's document {named!r}; {wanted!r} is not allowed")
        return named
    if wanted is None:
        return docs[0]
    if wanted not in docs:
        raise ValueError(f"no Kloss document {wanted!r}; choose one of {docs}")
    return wanted
