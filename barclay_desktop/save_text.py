"""Saves described in words for people: which game, who plays it, how far it got, whose turn
or who won. Used by the main menu's Continue line and the Load screen; no pygame here."""

from __future__ import annotations

from .saves import SaveInfo

# How far a game has got: the first of these its summary has leads the description.
POSITION_KEYS = ("month", "day", "stage")
# Summary codes as a player would say them; anything else is shown with spaces for underscores.
PHASE_WORDS = {
    "setup_roles": "choosing sectors", "setup_arrange": "laying out tokens", "play3": "face-up cards",
    "assess": "bets", "play2": "face-down cards", "results": "evidence results",
    "eliminate": "eliminations", "deploy": "deployment", "intel": "intelligence chips", "mission": "missions",
    "carry_over": "carry-over", "over": "finished",
}
FACT_WORDS = {
    "flipped": "intelligence tokens turned over", "ip": "infiltration points", "spy": "double spy position",
    "deception_chips": "deception chips",
}


def seat_entry(info: SaveInfo, seat: str) -> dict:
    return next((s for s in info.seats if isinstance(s, dict) and s.get("seat") == seat), {"seat": seat})


def _side(entry: dict) -> str:
    return str(entry.get("side") or entry.get("seat") or "?")


def player_label(entry: dict) -> str:
    """'Anna (Abwehr)', or just 'Abwehr' when the player kept the side's name."""
    side, name = _side(entry), str(entry.get("name") or "")
    return f"{name} ({side})" if name and name != side else side


def and_list(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1] if words else ""


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


def fact_value(value) -> str:
    """{'red': 1, 'blue': 2} -> 'Red 1, Blue 2'."""
    if isinstance(value, dict):
        return ", ".join(f"{str(k).replace('_', ' ').capitalize()} {fact_value(v)}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return ", ".join(fact_value(v) for v in value)
    return str(value)


def progress_text(info: SaveInfo) -> str:
    """The detail line: 'Month 2, face-up cards; intelligence tokens turned over 3' or the result."""
    if info.over:
        return result_text(info)
    summary = info.summary if isinstance(info.summary, dict) else {}
    phase = next((summary[k] for k in ("step", "phase") if isinstance(summary.get(k), str)), None)
    head = ", ".join(t for t in (position_text(summary), PHASE_WORDS.get(phase, str(phase).replace("_", " "))
                                 if phase else "") if t)
    facts = [f"{FACT_WORDS.get(k, k.replace('_', ' '))} {fact_value(v)}" for k, v in summary.items()
             if k not in POSITION_KEYS and k not in ("step", "phase")]
    text = "; ".join(t for t in [head, *facts] if t) or "in progress"
    return text[0].upper() + text[1:]
