"""Saved Stawka free scenarios: one JSON file per named scenario in the user data dir's "scenarios" folder.

A file is (docs/stawka-film-plan.md, section 4.3)
    {"format": "barclay-desktop-stawka-scenario", "version": 1, "name": "Docks at dawn",
     "saved_at": ISO-8601 UTC, "seed": the builder's generator (the agents drawn, the computer's sectors),
     "builder": {"order": [[face, row, col, who], ...]},   (who laid what, where: police first, by nobody)
     "scenario": the spec of rules/stawka/free_scenario.py}
It is written atomically (saves.write_atomic), read with the size and depth limits of checked_json, upgraded one
version at a time in memory only (a file on disk is never rewritten by reading or listing it), and checked whole:
the header, the spec (free_scenario.check), the laying order, and a game set up from it on the side. A damaged or
newer file is refused with a sentence and listed as such; a listing never fails because of one file.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

import attrs

from .checked_json import DamagedFile, read_json_file
from .rules.core.message import msg
from .saves import data_home, now_iso, slug, upgrade_versions, write_atomic

FORMAT = "barclay-desktop-stawka-scenario"
CURRENT_VERSION = 1
MAX_BYTES = 64 * 1024  # a scenario is about 1 KB
HEADER_KEYS = {"format", "version", "name", "saved_at", "seed", "builder", "scenario"}
UNRECOGNISED = msg("The scenario file is damaged in a way this version of the app cannot describe.")

# UPGRADES[n] turns a version-n document into version n+1 (none yet: version 1 is the first).
UPGRADES: dict[int, Callable[[dict], dict]] = {}


class ScenarioFileError(DamagedFile):
    """A scenario file that cannot be used; the message is shown to the player as is."""


def scenarios_dir() -> Path:
    return data_home() / "scenarios"


# ----- writing --------------------------------------------------------------------------------------------------------

def document(spec: dict, order: list, seed: int, saved_at: str | None = None) -> dict:
    """The file's document for a built scenario (its name is the spec's title)."""
    return {"format": FORMAT, "version": CURRENT_VERSION, "name": spec["title"], "saved_at": saved_at or now_iso(),
            "seed": seed, "builder": {"order": [list(step) for step in order]}, "scenario": spec}


def path_for(name: str, folder: Path | None = None) -> Path:
    """The file a name is saved in; names that differ only in case or punctuation share it (one scenario)."""
    stem = slug(name).lower() if isinstance(name, str) else ""
    if not stem:
        raise ScenarioFileError(msg("Give the scenario a name with letters or digits."))
    return Path(folder or scenarios_dir()) / f"{stem}.json"


def store(spec: dict, order: list, seed: int, *, folder: Path | None = None, replace: bool = False) -> Path:
    """Check and save a built scenario under its name; ScenarioFileError says why not. A scenario of that name is
    replaced only when `replace` (the builder asks first)."""
    doc = document(spec, order, seed)
    check_document(doc)
    path = path_for(spec["title"], folder)
    if path.exists() and not replace:
        raise ScenarioFileError(msg("A scenario named {name} is saved already.", name=spec["title"]))
    try:
        write_atomic(path, json.dumps(doc, ensure_ascii=False, indent=1))
    except OSError as exc:
        raise ScenarioFileError(msg("Could not save the scenario: {problem}",
                                    problem=str(exc.strerror or exc))) from exc
    return path


def delete(path: Path, folder: Path | None = None) -> None:
    """Remove one scenario file of the scenarios folder; ScenarioFileError with the reason when it cannot be (a file
    already gone is no error: the player wanted it gone)."""
    path, folder = Path(path), Path(folder or scenarios_dir())
    if path.parent.resolve() != folder.resolve():
        raise ScenarioFileError(msg("Only files in the scenarios folder can be deleted here."))
    try:
        path.unlink(missing_ok=True)
    except OSError as exc:  # read-only folder, a file in use: said, never a crash
        raise ScenarioFileError(msg("Could not delete the scenario: {problem}",
                                    problem=str(exc.strerror or exc))) from exc


# ----- reading --------------------------------------------------------------------------------------------------------

def upgrade(doc: dict) -> dict:
    """The document brought to CURRENT_VERSION, in memory; a newer one is refused."""
    return upgrade_versions(
        doc, UPGRADES, CURRENT_VERSION, ScenarioFileError,
        no_version=lambda: msg("This scenario file has no valid format version."),
        newer=lambda version: msg(
            "This scenario was made by a newer version of Barclay Desktop (scenario format {version}; this version "
            "reads up to {newest}). Update the app to use it.", version=version, newest=CURRENT_VERSION),
        damaged=lambda version: msg("This scenario of format {version} is damaged and cannot be brought up to date.",
                                    version=version))


def check_document(doc: Any) -> dict:
    """The upgraded document if it is a playable scenario of ours; ScenarioFileError with the reason otherwise."""
    from .rules.stawka import free_scenario as F

    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ScenarioFileError(msg("This is not a Barclay Desktop scenario file."))
    doc = upgrade(doc)
    if set(doc) != HEADER_KEYS or not isinstance(doc["saved_at"], str) or type(doc["seed"]) is not int \
            or not isinstance(doc["builder"], dict):
        raise ScenarioFileError(msg("The scenario file is damaged: its header is incomplete."))
    problem = F.explain(doc["scenario"])
    if problem is None and doc["name"] != doc["scenario"]["title"]:
        problem = msg("The scenario file is damaged: its name does not match the scenario.")
    if problem is None:
        problem = F.order_problem(doc["builder"].get("order"), doc["scenario"]["grid"])
    if problem is not None:
        raise ScenarioFileError(problem)
    _set_up_once(doc["scenario"])
    return doc


def _set_up_once(spec: dict) -> None:
    """A game set up from the scenario on the side, so that a file the checks missed is refused here, not at the
    table."""
    from .rules import game_class

    try:
        game_class("stawka").new({"scenario": "free", "free": spec}, seed=0, track_undo=False)
    except Exception as exc:
        raise ScenarioFileError(msg("The scenario cannot be set up: it is damaged.")) from exc


def read(path: Path) -> dict:
    """The checked, upgraded document in a scenario file; ScenarioFileError and nothing else."""
    try:
        return check_document(read_json_file(Path(path), max_bytes=MAX_BYTES))
    except ScenarioFileError:
        raise
    except DamagedFile as exc:
        raise ScenarioFileError(exc.message) from exc
    except Exception as exc:  # a check this version lacks: still refused, never a crash
        raise ScenarioFileError(UNRECOGNISED) from exc


# ----- listing --------------------------------------------------------------------------------------------------------

@attrs.define
class ScenarioInfo:
    path: Path
    name: str  # as the player typed it, or the file's stem for a damaged file
    ok: bool
    message: str = ""  # why it cannot be used
    doc: dict | None = None  # the checked document (its "scenario" is the spec to play)
    facts: dict = attrs.field(factory=dict)  # sectors, level, option, stages (free_scenario.describe)

    @property
    def spec(self) -> dict | None:
        return self.doc["scenario"] if self.doc else None


def files(folder: Path | None = None) -> list[Path]:
    try:
        return sorted(p for p in Path(folder or scenarios_dir()).glob("*.json")
                      if not p.name.startswith(".") and p.is_file())
    except OSError:  # no folder yet, or unreadable: nothing to list
        return []


def describe(path: Path) -> ScenarioInfo:
    """What the new-game form lists for one file: usable with its facts, or damaged with the reason."""
    from .rules.stawka.free_scenario import describe as facts

    try:
        doc = read(path)
        return ScenarioInfo(Path(path), doc["name"], True, doc=doc, facts=facts(doc["scenario"]))
    except ScenarioFileError as exc:
        return ScenarioInfo(Path(path), Path(path).stem.replace("_", " "), False, message=exc.message)


def list_scenarios(folder: Path | None = None) -> list[ScenarioInfo]:
    """Every scenario file by name, damaged ones included (ok=False and why); one file never hides the others."""
    infos = []
    for path in files(folder):
        try:
            infos.append(describe(path))
        except Exception:  # describe catches everything it expects; this keeps one file from hiding the rest
            infos.append(ScenarioInfo(path, path.stem.replace("_", " "), False, message=UNRECOGNISED))
    return sorted(infos, key=lambda i: i.name.casefold())
