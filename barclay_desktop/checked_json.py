"""JSON files read with limits, so a damaged or hostile file is refused with a plain reason.

Saves and the settings file go through `read_json_file`: a size limit checked before
reading, a nesting limit checked on the text before parsing (so neither the parser nor
any later recursive step can run out of stack), finite numbers only, integers the parser
accepts (Python refuses over 4,300 digits) and text the screen can draw. Every failure
is a `DamagedFile` whose message is shown to the player as is."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any

from .rules.core.message import msg

# Real saves are well under 1 MB (a long Spies & Lies team game with whole-state undo
# reached about 1 MB) and nested 9 deep; anything far past that is not a save of ours.
MAX_BYTES = 8 * 1024 * 1024
MAX_DEPTH = 40

# Outside strings valid JSON holds only brackets, separators, numbers and true/false/null.
_NOT_BRACKETS = str.maketrans("", "", " \t\n\r,:0123456789.+-eEtruefalsn")
_INNERMOST = re.compile(r"\[\]|\{\}")
_NUL_ESCAPE = re.compile(r"(?<!\\)(?:\\\\)*\\u0000")  # an escaped NUL, not an escaped backslash + "u0000"
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


class DamagedFile(Exception):
    """A file that cannot be used; the message says why in words a player understands."""

    @property
    def message(self) -> str:
        """The reason as raised: a Message (translated where it is drawn, issue 37) or a str."""
        return self.args[0] if self.args and isinstance(self.args[0], str) else str(self)


def read_json_file(path: Path, *, max_bytes: int | None = None, max_depth: int = MAX_DEPTH) -> Any:
    """The JSON data in `path`, or DamagedFile saying why it cannot be used."""
    max_bytes = MAX_BYTES if max_bytes is None else max_bytes
    try:
        with open(path, "rb") as fh:
            raw = fh.read(max_bytes + 1)
    except OSError as exc:
        raise DamagedFile(msg("The file cannot be read: {problem}.", problem=str(exc.strerror or exc))) from exc
    if len(raw) > max_bytes:
        raise DamagedFile(msg("The file is too large to be one of ours (over {size}).", size=_size_text(max_bytes)))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DamagedFile(msg("The file is damaged (not text).")) from exc
    return parse_json(text, max_depth=max_depth)


def _size_text(size: int) -> str:
    return f"{size // (1024 * 1024)} MB" if size >= 1024 * 1024 else f"{size // 1024} KB"


def parse_json(text: str, *, max_depth: int = MAX_DEPTH) -> Any:
    """json.loads with a nesting limit, finite numbers and drawable text; else DamagedFile."""
    if nesting_exceeds(text, max_depth):
        raise DamagedFile(msg("The file is damaged (its data is nested far deeper than in any save)."))
    try:
        data = json.loads(text, parse_constant=_no_constant, parse_float=_finite_float)
    except json.JSONDecodeError as exc:
        raise DamagedFile(msg("The file is damaged or cut short (JSON error at line {line}).", line=exc.lineno)) from exc
    except _NotFinite as exc:
        raise DamagedFile(msg("The file is damaged (it holds a number that is not a real number).")) from exc
    except ValueError as exc:  # e.g. an integer of over 4,300 digits, which Python refuses to read
        raise DamagedFile(msg("The file is damaged (it holds a number far too long to be real).")) from exc
    except (RecursionError, MemoryError) as exc:
        raise DamagedFile(msg("The file is damaged (its data is too large or nested too deeply).")) from exc
    _check_drawable_text(text, data)
    return data


def nesting_exceeds(text: str, limit: int) -> bool:
    """Is an array or object in this JSON text nested deeper than `limit`?

    Works on the text, so deep nesting is refused before anything recursive sees it: with
    strings taken out, each pass deletes the innermost bracket pairs; whatever is left
    after `limit` passes is deeper. A real save needs about ten passes. All of it runs at
    C speed (about 1 ms for a 50 KB save)."""
    brackets = outside_strings(text).translate(_NOT_BRACKETS)
    if re.search(r"[\[{]{%d}" % (limit + 1), brackets):
        return True  # a run of openings is enough: one quick look at a hostile file
    for _ in range(limit):
        if not brackets:
            return False
        shorter = _INNERMOST.sub("", brackets)
        if len(shorter) == len(brackets):
            return False  # unbalanced, or not JSON: the parser stops at the first error
        brackets = shorter
    return bool(brackets)


def outside_strings(text: str) -> str:
    """The JSON text with every string taken out (strings may hold brackets). Escaped
    backslashes and quotes go first, so every quote left opens or closes a string."""
    unescaped = text.replace("\\\\", "").replace('\\"', "")
    return "".join(unescaped.split('"')[0::2])


class _NotFinite(ValueError):
    pass


def _no_constant(name: str):
    raise _NotFinite(name)  # NaN, Infinity, -Infinity: not JSON, though Python accepts them


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):  # 1e999 parses as infinity
        raise _NotFinite(text)
    return value


def _check_drawable_text(text: str, data: Any) -> None:
    """Refuse text pygame cannot draw: a null character or half of a surrogate pair. In a
    file that parsed, both can only come from escapes, so most files need one quick scan."""
    if "\\u0000" not in text and not _SURROGATE_ESCAPE.search(text):
        return
    try:
        dumped = json.dumps(data, ensure_ascii=False)
        dumped.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise DamagedFile(msg("The file is damaged (it holds broken text characters).")) from exc
    except RecursionError as exc:
        raise DamagedFile(msg("The file is damaged (its data is nested far deeper than in any save).")) from exc
    if _NUL_ESCAPE.search(dumped):
        raise DamagedFile(msg("The file is damaged (it holds a null character)."))
