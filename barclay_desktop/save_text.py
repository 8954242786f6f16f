"""Saves described in words for people: which game, who plays it, how far it got, whose turn
or who won. Used by the main menu's Continue line and the Load screen; no pygame here."""

from __future__ import annotations

from .rules.core import Game
from .rules.core.words import and_list
from .saves import SaveInfo

# How far a game has got: the first of these its summary has leads the description.
POSITION_KEYS = ("month", "day", "stage")


def seat_entry(info: SaveInfo, seat: str) -> dict:
    return next((s for s in info.seats if isinstance(s, dict) and s.get("seat") == seat), {"seat": seat})


def _side(entry: dict) -> str:
    return str(entry.get("side") or entry.get("seat") or "?")


def player_label(entry: dict) -> str:
    """'Anna (Abwehr)', or just 'Abwehr' when the player kept the side's name."""
    side, name = _side(entry), str(entry.get("name") or "")
    return f"{name} ({side})" if name and name != side else side


def names_text(info: SaveInfo) -> str:
    """'Anna vs Ben' for two players; 'Anna, Ben, Cid and Dan' for a team game."""
    names = [str(s.get("name") or _side(s)) for s in info.seats if isinstance(s, dict)]
    return " vs ".join(names) if len(names) == 2 else and_list(names)


def position_text(summary: dict) -> str:
    """'month 2', 'day 1', 'stage 3' (the first the summary has), or ''."""
    for key in POSITION_KEYS:
        if isinstance(summary.get(key), int):
            return f"{key} {summary[key]}"
    return ""


def turn_text(info: SaveInfo) -> str:
    return f"{player_label(seat_entry(info, info.turn))} to play" if info.turn else ""


def result_text(info: SaveInfo) -> str:
    """'Abwehr (Anna) won', 'Red (Anna and Ben) won', 'A draw'."""
    outcome = info.outcome
    if outcome is None:
        return "Finished"
    if outcome.winner is None:
        return "A draw"
    names = [str(seat_entry(info, s).get("name") or "") for s in outcome.seats]
    names = [n for n in names if n and n != outcome.winner and not n.startswith(outcome.winner + " (")]
    return f"{outcome.winner} ({and_list(names)}) won" if names else f"{outcome.winner} won"


def continue_text(info: SaveInfo) -> str:
    """The Continue line: 'Operation Barclay: Anna vs Ben. Month 2, Anna (Abwehr) to play.'"""
    where = ", ".join(t for t in (position_text(info.summary), turn_text(info)) if t)
    line = f"{info.title}: {names_text(info)}."
    return f"{line} {where[0].upper() + where[1:]}." if where else line


def progress_text(info: SaveInfo) -> str:
    """The detail line: 'Month 2, face-up cards. Intelligence tokens turned over: 3.' or the result.
    The game's own words when the save was read with its game (SaveInfo.progress/facts)."""
    if info.over:
        return result_text(info)
    summary = info.summary if isinstance(info.summary, dict) else {}
    head = info.progress or Game.progress_words(summary)
    facts = info.facts or Game.summary_rows(summary)
    sentences = [head] + [f"{label}: {value}" for label, value in facts]
    text = ". ".join(t for t in sentences if t) or "In progress"
    return text[0].upper() + text[1:] + ("" if text.endswith(".") else ".")
