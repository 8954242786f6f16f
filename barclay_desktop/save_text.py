"""Saves described in words for people: which game, who plays it, how far it got, whose turn
or who won. Used by the main menu's Continue line and the Load screen; no pygame here.

Every function answers in the active language (issue 37): they are called where the text is
drawn. A save holds English ids (side names, the game's progress words, a result's reason);
they are translated here with `i18n.translate`, names of players pass unchanged."""

from __future__ import annotations

from .i18n import _, and_list, translate
from .rules.core import Game
from .saves import SaveInfo

# How far a game has got: the first of these its summary has leads the description.
POSITION_KEYS = ("month", "day", "stage")


def seat_entry(info: SaveInfo, seat: str) -> dict:
    return next((s for s in info.seats if isinstance(s, dict) and s.get("seat") == seat), {"seat": seat})


def side_words(game_id: str, english: str) -> str:
    """A side's name as a save holds it (English) in the active language: through the game's
    own SEAT_NAMES, which know the name's context; else looked up as it is."""
    from .rules import game_class

    try:
        names = game_class(game_id).SEAT_NAMES
    except Exception:  # a game this version does not have: its name as written
        names = {}
    return translate(next((name for name in names.values() if name == english), english))


def _side(entry: dict, game_id: str = "") -> str:
    """The side's name in the active language (saves hold it in English)."""
    return side_words(game_id, str(entry.get("side") or entry.get("seat") or "?"))


def _name(entry: dict, game_id: str = "") -> str:
    """The player's name, or their side's when they kept it (then translated)."""
    name = str(entry.get("name") or "")
    english_side = str(entry.get("side") or entry.get("seat") or "?")
    return name if name and name != english_side else _side(entry, game_id)


def player_label(entry: dict, game_id: str = "") -> str:
    """'Anna (Abwehr)', or just 'Abwehr' when the player kept the side's name."""
    side, name = _side(entry, game_id), _name(entry, game_id)
    return _("{name} ({side})").format(name=name, side=side) if name != side else side


def names_text(info: SaveInfo) -> str:
    """'Anna vs Ben' for two players; 'Anna, Ben, Cid and Dan' for a team game."""
    names = [_name(s, info.game_id) for s in info.seats if isinstance(s, dict)]
    if len(names) == 2:
        return _("{first} vs {second}").format(first=names[0], second=names[1])
    return and_list(names)


def position_text(summary: dict) -> str:
    """'month 2', 'day 1', 'stage 3' (the first the summary has), or ''."""
    words = {"month": _("month {n}"), "day": _("day {n}"), "stage": _("stage {n}")}
    for key in POSITION_KEYS:
        if isinstance(summary.get(key), int):
            return words[key].format(n=summary[key])
    return ""


def turn_text(info: SaveInfo) -> str:
    return _("{player} to play").format(player=player_label(seat_entry(info, info.turn), info.game_id)) if info.turn else ""


def turn_player(info: SaveInfo) -> str:
    """Whose turn it is, for the Load screen's "Whose turn" row: 'Anna (Abwehr)'."""
    return player_label(seat_entry(info, info.turn), info.game_id) if info.turn else ""


def result_text(info: SaveInfo) -> str:
    """'Abwehr (Anna) won', 'Red (Anna and Ben) won', 'A draw'."""
    outcome = info.outcome
    if outcome is None:
        return _("Finished")
    if outcome.winner is None:
        return _("A draw")
    names = [str(seat_entry(info, s).get("name") or "") for s in outcome.seats]
    names = [n for n in names if n and n != outcome.winner and not n.startswith(outcome.winner + " (")]
    winner = translate(outcome.winner)
    if names:
        return _("{side} ({names}) won").format(side=winner, names=and_list(names))
    return _("{side} won").format(side=winner)


def continue_text(info: SaveInfo) -> str:
    """The Continue line: 'Operation Barclay: Anna vs Ben. Month 2, Anna (Abwehr) to play.'"""
    where = ", ".join(t for t in (position_text(info.summary), turn_text(info)) if t)
    line = _("{title}: {players}.").format(title=translate(info.title), players=names_text(info))
    return f"{line} {where[0].upper() + where[1:]}." if where else line


def progress_text(info: SaveInfo) -> str:
    """The detail line: 'Month 2, face-up cards. Intelligence tokens turned over: 3.' or the result.
    The game's own words when the save was read with its game (SaveInfo.progress/facts)."""
    if info.over:
        return result_text(info)
    summary = info.summary if isinstance(info.summary, dict) else {}
    head = translate(info.progress or Game.progress_words(summary))
    facts = info.facts or Game.summary_rows(summary)
    sentences = [head] + [_("{label}: {value}").format(label=translate(label), value=translate(value))
                          for label, value in facts]
    text = ". ".join(t for t in sentences if t) or _("In progress")
    return text[0].upper() + text[1:] + ("" if text.endswith(".") else ".")
