"""Content of Stratego Spies & Lies, read lazily from assets/data/spies_lies/."""

from __future__ import annotations

import json
from functools import lru_cache

from barclay_desktop.resources import asset_path

from ..core.message import Message, msg


def _load(name: str) -> dict:
    with open(asset_path("data", "spies_lies", name), encoding="utf-8") as fh:
        return json.load(fh)


@lru_cache(maxsize=1)
def numbers() -> dict:
    """Track length (S1), chip counts (S10) and scoring constants."""
    return _load("rules.json")


@lru_cache(maxsize=1)
def troops() -> dict[int, dict]:
    """Troop data by rank: name, Dutch name (S8), IP and ability text."""
    return {t["rank"]: t for t in _load("troops.json")["troops"]}


@lru_cache(maxsize=1)
def intel_cards() -> dict[str, tuple[int, ...]]:
    """The six intelligence cards of ruling S2: card id -> ranks listed."""
    return {c["id"]: tuple(c["ranks"]) for c in _load("intelligence.json")["cards"]}


@lru_cache(maxsize=1)
def _labels() -> dict[int, Message]:
    return {r: msg("{troop} ({rank})", troop=troop_name(r), rank=r) for r in troops()}


def troop_name(rank: int) -> Message:
    """E.g. "Colonel": the data file's name as a Message (its catalogue entry has the context
    "troop name", docs/i18n.md "Data files"; the Dutch is the rulebook's own, S8)."""
    return Message(troops()[rank]["name"], context="troop name")


def troop_label(rank: int) -> Message:
    """E.g. "Colonel (8)": the name players read in prompts and the log."""
    return _labels()[rank]


def troop_id(side: str, rank: int) -> str:
    """Distinctive per side ("red-troop-07"): it only ever appears where the troop is known."""
    return f"{side}-troop-{rank:02d}"


def troop_public(side: str, rank: int) -> dict:
    t = troops()[rank]
    return {"id": troop_id(side, rank), "rank": rank, "name": t["name"], "name_nl": t["name_nl"]}


def troop_brief(rank: int) -> dict:
    """A troop without its id, for the log and history: ids only mark live positions on the board."""
    t = troops()[rank]
    return {"rank": rank, "name": t["name"], "name_nl": t["name_nl"]}


def catalog() -> list[dict]:
    """Rules-reference data for the client (no ids, so it never leaks a placement)."""
    return [
        {"rank": t["rank"], "name": t["name"], "name_nl": t["name_nl"], "ip": t["ip"], "ability": t["ability"]}
        for t in troops().values()
    ]
