"""Seeded mutations of real save files and the Load screen's path through one file (issue 30).

Used by tests/test_save_fuzz.py (a few hundred mutations) and bench/save_fuzz.py (10,000).
A mutation changes the parsed document (a value of another type or range, a key or list
item gone or doubled, a seat renamed) or the text itself (cut short, a byte changed, very
long numbers, deep nesting, NaN). `run_load_path` then does what the app does with the
file: list it, and when the list calls it fine, load it, resume the session and play."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

from barclay_desktop import saves
from barclay_desktop.resources import sample_saves_path
from barclay_desktop.session import GameSession

ODD_VALUES: list[Any] = [
    None, True, False, 0, -1, 1, 2, 7, 10**12, 1.5, -0.5, 1e300, "", "x", "lcs", "red", "polish", "leak",
    "human", "computer", "abc\u0000", "\ud800", "9999-12-31T23:59:59-12:00", [], [1.5], ["x"], {}, {"x": 1},
]
HEADER_KEYS = ("meta", "session")


def sample_docs() -> dict[str, str]:
    """The sample saves of format 2 and of the newest format, per game: {file name: text}."""
    files = sorted(Path(sample_saves_path()).glob("v*.json"))
    newest = max(int(p.name[1:].split("-", 1)[0]) for p in files)
    chosen = [p for p in files if p.name.startswith(("v2-", f"v{newest}-"))]
    return {p.name: p.read_text(encoding="utf-8") for p in chosen}


# ----- mutations of the document ------------------------------------------------------------
def _containers(node: Any, path: tuple = ()) -> list[tuple]:
    """Paths of every dict and list in the document."""
    out = []
    if isinstance(node, dict):
        out.append(path)
        for key, value in node.items():
            out += _containers(value, path + (key,))
    elif isinstance(node, list):
        out.append(path)
        for i, value in enumerate(node):
            out += _containers(value, path + (i,))
    return out


def _at(doc: Any, path: tuple) -> Any:
    for step in path:
        doc = doc[step]
    return doc


def _odd_value(rng: random.Random, old: Any) -> Any:
    if isinstance(old, bool) or rng.random() < 0.6:
        return copy.deepcopy(rng.choice(ODD_VALUES))
    if isinstance(old, int):
        return rng.choice([-old - 1, old + 1, old * 1000, 2**63])
    if isinstance(old, float):
        return rng.choice([-old, old * 1e6])
    if isinstance(old, str):
        return rng.choice([old + old, old[:1], old.upper(), "\u0001" + old])
    if isinstance(old, list):
        return rng.choice([old[:1], old + old, old[::-1], [old]])
    if isinstance(old, dict):
        return rng.choice([list(old), {}, [old]])
    return None


def mutate_doc(doc: dict, rng: random.Random) -> dict:
    """One change at a random place; half of them in the header or session block."""
    doc = copy.deepcopy(doc)
    paths = _containers(doc)
    header = [p for p in paths if p[:1] in [(k,) for k in HEADER_KEYS] or p == ()]
    path = rng.choice(header if header and rng.random() < 0.5 else paths)
    parent = _at(doc, path)
    if not parent:
        if isinstance(parent, dict):
            parent["x"] = _odd_value(rng, None)
        else:
            parent.append(_odd_value(rng, None))
        return doc
    key = rng.choice(list(parent)) if isinstance(parent, dict) else rng.randrange(len(parent))
    op = rng.random()
    if op < 0.2:
        del parent[key]
    elif op < 0.3 and isinstance(parent, list):
        parent.insert(key, copy.deepcopy(parent[key]))
    elif op < 0.4 and isinstance(parent, dict):
        parent[rng.choice(["x", "lcs", "red", "polish", "leak", ""])] = copy.deepcopy(parent[key])
    else:
        parent[key] = _odd_value(rng, parent[key])
    return doc


# ----- mutations of the text ---------------------------------------------------------------------
def mutate_text(text: str, rng: random.Random) -> str:
    op = rng.randrange(6)
    if op == 0:
        return text[: rng.randrange(len(text))]
    if op == 1:
        i = rng.randrange(len(text))
        return text[:i] + rng.choice('{}[]":,0aé\\') + text[i + 1:]
    if op == 2:
        digits = [i for i, ch in enumerate(text) if ch.isdigit()]
        i = rng.choice(digits)
        return text[:i] + "7" * rng.choice([400, 4301, 5000]) + text[i:]
    if op == 3:
        depth = rng.choice([50, 1000, 100_000])
        nested = "[" * depth + "]" * depth
        i = text.index("{", 1)
        return text[:i] + nested + "," + text[i:] if rng.random() < 0.5 else nested
    if op == 4:
        digits = [i for i, ch in enumerate(text) if ch.isdigit()]
        i = rng.choice(digits)
        return text[:i] + rng.choice(["NaN", "Infinity", "-Infinity", "1e999"]) + text[i + 1:]
    return text.replace('"', "'", 1)


def mutated_text(texts: list[str], rng: random.Random) -> str:
    """One damaged file: most changes on the document, a quarter on the text."""
    text = rng.choice(texts)
    if rng.random() < 0.25:
        return mutate_text(text, rng)
    doc = json.loads(text)
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        doc = mutate_doc(doc, rng)
    try:
        return json.dumps(doc, indent=1)
    except ValueError:  # a value json cannot write (none in ODD_VALUES today)
        return text


# ----- the Load screen's path through one file -----------------------------------------------------
def run_load_path(path: Path, store: saves.SaveStore) -> str:
    """List the file, then, if it is listed as fine, load it, resume and play one move; raise
    AssertionError (with the step) on anything the app would crash on or show wrongly.
    Returns "ok" (listed fine and played) or "damaged" (listed with a reason, refused to load)."""
    before = path.read_bytes()
    listed = [i for i in store.list() if i.path == path]
    assert len(listed) == 1, "the file is missing from the list"
    info = listed[0]
    if not info.ok:
        assert info.message and "Error" not in info.message and "Traceback" not in info.message, info.message
        try:
            store.load(path)
        except saves.SaveError:
            pass
        else:
            raise AssertionError("a file listed as damaged loaded")
    else:
        _resume_and_play(store.load(path))
    assert path.read_bytes() == before, "the file changed"
    return "ok" if info.ok else "damaged"


def _resume_and_play(loaded) -> None:
    session = GameSession.from_save(loaded)
    session.prompt()
    if session.curtain_seat is not None:
        session.since_last_looked(session.curtain_seat)
        session.acknowledge_curtain()
    session.undo_status()
    legal = session.legal_actions()
    if legal:
        result = session.act(legal[0])
        assert result.ok, result.reason
    session.prompt()
    session.game.view(session.drawable_seat())
