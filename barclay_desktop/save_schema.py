"""A save document checked as a whole before anything uses it (issue 30, item 4).

`saves.read_doc` parses the file with limits (`checked_json`); these checks then make
sure every field the app reads has the type and range it expects, that the seats it
names exist in the game, and that the restored game can be shown and played on. What
passes is what the Load screen lists as fine; anything else is "damaged" with a plain
reason. Each check raises `DamagedFile`; `saves` turns it into a `SaveError`."""

from __future__ import annotations

import math
from datetime import datetime
from typing import Any

from .checked_json import DamagedFile
from .rules.core.message import msg

MAX_TEXT = 200  # names are typed in boxes of 24 characters, titles are the games' own
MAX_SEATS = 8
MAX_SUMMARY_ITEMS = 24
MAX_COUNT = 10**9  # counters and seconds: a billion is beyond any real game
SEAT_KINDS = ("human", "computer")
PLAY_STEPS = 6  # legal actions played on a copy of a loaded game
FIRST_CHOICES = 8  # first actions of different kinds tried, each on its own copy
MAX_UNDO_STEPS = 64


# ----- small type tests ---------------------------------------------------------------
def is_text(value: Any, limit: int = MAX_TEXT) -> bool:
    return isinstance(value, str) and len(value) <= limit


def is_count(value: Any) -> bool:
    """A whole number from 0 to MAX_COUNT (JSON true/false are not numbers here)."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_COUNT


def is_amount(value: Any) -> bool:
    """A finite number from 0 to MAX_COUNT."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    return math.isfinite(value) and 0 <= value <= MAX_COUNT


def is_scalar(value: Any) -> bool:
    if isinstance(value, float):
        return math.isfinite(value)
    return value is None or isinstance(value, (bool, int)) or is_text(value)


def is_time(value: Any) -> bool:
    """An ISO date the Load screen can show in local time."""
    if not is_text(value, 64):
        return False
    try:
        datetime.fromisoformat(value).astimezone()
    except (ValueError, OverflowError, OSError):
        return False
    return True


def _damaged(part: str) -> DamagedFile:
    return DamagedFile(msg("The save's description is damaged ({part}).", part=part))


# ----- the header -------------------------------------------------------------------------
def check_meta(meta: Any) -> None:
    """meta: {game_id, title, seats, summary, saved_at, over}, each of the type the Load
    screen and the session read. Absent optional fields take their defaults there."""
    if not isinstance(meta, dict) or not is_text(meta.get("game_id")) or not meta["game_id"]:
        raise DamagedFile(msg("The save's description (game, players) is missing or damaged."))
    if "title" in meta and not is_text(meta["title"]):
        raise _damaged(msg("the game's title"))
    if "seats" in meta:
        check_seats(meta["seats"])
    if "summary" in meta and not _is_summary(meta["summary"]):
        raise _damaged(msg("the progress of the game"))
    if "name" in meta and not is_text(meta["name"]):
        raise _damaged(msg("the save's name"))
    if "saved_at" in meta and not is_time(meta["saved_at"]):
        raise _damaged(msg("the date it was saved"))
    if "over" in meta and not isinstance(meta["over"], bool):
        raise _damaged(msg("whether the game is over"))


def check_seats(seats: Any) -> None:
    if not isinstance(seats, list) or len(seats) > MAX_SEATS:
        raise _damaged(msg("the list of players"))
    names = set()
    for seat in seats:
        if not isinstance(seat, dict) or not is_text(seat.get("seat")) or seat["seat"] in names:
            raise _damaged(msg("the list of players"))
        names.add(seat["seat"])
        if any(key in seat and not is_text(seat[key]) for key in ("side", "name")):
            raise _damaged(msg("a player's name"))
        if "kind" in seat and seat["kind"] not in SEAT_KINDS:
            raise _damaged(msg("whether a player is a person or the computer"))
        if seat.get("level") is not None and not is_text(seat["level"], 40):
            raise _damaged(msg("a computer player's level"))


def _is_summary(summary: Any) -> bool:
    """Small facts like {"month": 2, "ip": {"red": 4, "blue": 2}}: scalars or one level of them."""
    if not isinstance(summary, dict) or len(summary) > MAX_SUMMARY_ITEMS:
        return False
    for value in summary.values():
        if isinstance(value, dict):
            if len(value) > MAX_SUMMARY_ITEMS or not all(is_scalar(v) for v in value.values()):
                return False
        elif not is_scalar(value):
            return False
    return True


# ----- the session block ----------------------------------------------------------------------
def check_session(session: Any) -> None:
    """session: {hide_private, last_seen: {seat: log index}, stats: {...}}; every number a
    finite, non-negative count, so the statistics page and the curtain's list never fail."""
    if not isinstance(session, dict):
        raise DamagedFile(msg("The save's session details (statistics, what each player has seen) are missing."))
    if "hide_private" in session and not isinstance(session["hide_private"], bool):
        raise _session_damaged(msg("whether private information is hidden"))
    last_seen = session.get("last_seen", {})
    if not _is_seat_counts(last_seen):
        raise _session_damaged(msg("what each player has seen"))
    stats = session.get("stats", {})
    if not isinstance(stats, dict):
        raise _session_damaged(msg("the statistics"))
    if not all(is_count(stats[key]) for key in ("actions", "undos", "hints") if key in stats):
        raise _session_damaged(msg("the statistics"))
    if "seconds" in stats and not is_amount(stats["seconds"]):
        raise _session_damaged(msg("the time played"))
    if not _is_seat_counts(stats.get("actions_by_seat", {})):
        raise _session_damaged(msg("the statistics"))


def _is_seat_counts(value: Any) -> bool:
    return isinstance(value, dict) and len(value) <= MAX_SEATS and all(is_count(v) for v in value.values())


def _session_damaged(part: str) -> DamagedFile:
    return DamagedFile(msg("The save's session details are damaged ({part}).", part=part))


# ----- the header against the game -------------------------------------------------------------
def check_references(doc: dict, game) -> None:
    """Every seat the header and the session name is a seat of the restored game, and the
    header agrees with the game on which game it is and whether it is over."""
    seats = set(game.seats)
    meta = doc["meta"]
    inner = doc["game"].get("game")
    if inner is not None and inner != meta["game_id"]:
        raise DamagedFile(msg("The save's description names a different game than the one it holds."))
    if any(s["seat"] not in seats for s in meta.get("seats", [])):
        raise _damaged(msg("a player's seat that this game does not have"))
    if "over" in meta and meta["over"] != game.is_over():
        raise _damaged(msg("whether the game is over"))
    session = doc.get("session", {})
    named = set(session.get("last_seen", {})) | set(session.get("stats", {}).get("actions_by_seat", {}))
    if not named <= seats:
        raise _session_damaged(msg("a seat that this game does not have"))


# ----- the restored game ------------------------------------------------------------------------
def show_everything(game) -> None:
    """What the table asks of a game when it draws it, for every seat."""
    game.view(None)
    game.summary()
    current = None if game.is_over() else game.current_seat()
    for seat in game.seats:
        game.view(seat)
        game.prompt(seat)
        game.undo_status(seat)
    if current is not None:
        game.legal_actions(current)


def play_on(game) -> None:
    """Play legal actions on copies of the game, so that a state the rules accepted but cannot
    go on from (a missing counter, a card that is nowhere) is found now, not on the first move.

    The first choices of different kinds are each tried on their own copy; then one line of
    PLAY_STEPS actions is played and shown. Deterministic and cheap (a few milliseconds)."""
    seat = None if game.is_over() else game.current_seat()
    if seat is None:
        return
    firsts: dict[type, Any] = {}
    for action in game.legal_actions(seat):
        firsts.setdefault(type(action), action)
    for action in list(firsts.values())[:FIRST_CHOICES]:
        copy = game.clone()
        copy.apply(action, seat)
        copy.view(copy.current_seat())
    line = game.clone()
    for step in range(PLAY_STEPS):
        seat = None if line.is_over() else line.current_seat()
        legal = line.legal_actions(seat) if seat is not None else []
        if not legal:
            break
        line.apply(legal[step % len(legal)], seat)
    show_everything(line)


def undo_all(game) -> None:
    """Take back every action the saved undo history allows, showing each state reached:
    the Undo button must not find a damaged state later. Used on a second copy of the file."""
    for _ in range(MAX_UNDO_STEPS):
        seat = next((s for s in game.seats if game.undo_status(s)[0]), None)
        if seat is None:
            return
        game.undo(seat)
        game.view(None)
        game.view(seat)  # the seat that pressed Undo sees its own view next
        current = None if game.is_over() else game.current_seat()
        if current is not None:
            game.legal_actions(current)
