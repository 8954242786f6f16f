"""Saved games as JSON files: atomic writes off the frame loop, versioned format, safe listing.

A save file is
    {"format": "barclay-desktop-save", "version": N,
     "meta": {"game_id", "title", "seats": [{seat, side, name, kind, level}],
              "summary": game.summary(), "saved_at": ISO-8601 UTC, "over": bool,
              "instance": which game in progress (version 3 and later)},
     "session": {...GameSession bookkeeping...},      (version 2 and later)
     "game": game.to_json()}
Older versions are upgraded one step at a time (UPGRADES[n] turns version n into n+1)
in memory only: a file on disk is never rewritten by loading or listing it.
Nothing is ever pickled.

Every game in progress has its own autosave, `autosave-<instance>.json` (and its backup
`autosave-<instance>.bak.json`), so starting a game never touches another one's. The
single `autosave.json` of versions 1-2 is still read, listed and continued as the
"legacy" instance.

Every file is checked as a whole before use: JSON with size and
depth limits (`checked_json`), the document's types, ranges and seats, and a short play
on a copy of the restored game (`save_schema`); anything else is a SaveError with a plain
reason, and listing a folder never fails because of one file in it."""

from __future__ import annotations

import json
import os
import re
import threading
import uuid
import time
from contextlib import contextmanager
from concurrent.futures import Future, ThreadPoolExecutor
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable

import attrs

from . import save_schema
from .checked_json import DamagedFile, read_json_file
from .rules.core.message import Joined, Message, msg

FORMAT = "barclay-desktop-save"
CURRENT_VERSION = 3
AUTOSAVE = "autosave"
BACKUP_SUFFIX = ".bak"
LEGACY_INSTANCE = "legacy"  # the one game of a version 1-2 `autosave.json`
_AUTOSAVE_STEM = re.compile(r"autosave(?:-([0-9a-z]{1,32}))?(\.bak)?")
HOME_ENV = "BARCLAY_DESKTOP_HOME"


class SaveError(DamagedFile):
    """A save that cannot be used; the message is shown to the player as is."""


UNRECOGNISED = msg("The file is damaged in a way this version of the app cannot describe.")


# ----- where saves live ------------------------------------------------------
def data_home() -> Path:
    """BARCLAY_DESKTOP_HOME (tests, portable installs) or the platform's user data dir."""
    override = os.environ.get(HOME_ENV)
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("BarclayDesktop", appauthor=False))


def saves_dir() -> Path:
    return data_home() / "saves"


# ----- atomic write ------------------------------------------------------------
def write_atomic(path: Path, text: str, *, keep_backup: bool = False) -> None:
    """Write via a temp file in the same folder, fsync, then rename over the old file.

    A crash at any moment leaves either the old file or the new one, never half of one.
    With keep_backup the previous file becomes `<name>.bak.json` first."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.stem}.{os.getpid()}.{threading.get_ident()}.tmp")
    try:
        with open(tmp, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        if keep_backup and path.exists():
            os.replace(path, backup_path(path))
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()
    _fsync_dir(path.parent)


# write_atomic's temporary files: `.<stem>.<pid>.<thread id>.tmp`. A kill between writing
# and renaming leaves one behind (112 after 200 kills in issue 30's test); no game is lost,
# but they pile up unseen, so each start removes those that nobody can still be writing.
TEMP_NAME = re.compile(r"^\..+\.(?P<pid>\d+)\.\d+\.tmp$")
STALE_AFTER = 60.0  # seconds; a write takes milliseconds


def remove_stale_temps(folder: Path, *, now: float | None = None,
                       pid_alive: Callable[[int], bool] | None = None) -> list[Path]:
    """Delete temporary files of write_atomic that no write can still be using: older than
    STALE_AFTER, or (on POSIX) of a process that no longer runs. Returns what was removed."""
    now = time.time() if now is None else now
    pid_alive = pid_alive or _pid_alive
    removed = []
    try:
        candidates = [p for p in Path(folder).iterdir() if TEMP_NAME.match(p.name)]
    except OSError:
        return removed  # no folder yet, or unreadable: nothing to clean
    for path in candidates:
        pid = int(TEMP_NAME.match(path.name)["pid"])
        try:
            old = now - path.stat().st_mtime > STALE_AFTER
            if old or (pid != os.getpid() and not pid_alive(pid)):
                path.unlink()
                removed.append(path)
        except OSError:
            continue  # gone already, or not ours to delete
    return removed


def _pid_alive(pid: int) -> bool:
    if os.name != "posix":
        return True  # Windows has no harmless probe (os.kill terminates): age alone decides
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # e.g. another user's process
    return True


def _fsync_dir(folder: Path) -> None:
    # Makes the rename itself durable on POSIX; Windows cannot open folders and does not need it.
    if os.name != "posix":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def backup_path(path: Path) -> Path:
    return path.with_name(path.stem + BACKUP_SUFFIX + path.suffix)


# ----- format versions ----------------------------------------------------------
def _v1_to_v2(doc: dict) -> dict:
    """Version 2 added the session block (curtain bookkeeping, statistics)."""
    out = dict(doc)
    out["session"] = {"hide_private": True, "last_seen": {}, "stats": {}}
    out["version"] = 2
    return out


def _v2_to_v3(doc: dict) -> dict:
    """Version 3 gave every game in progress its own autosave, named by `meta.instance`,
    and stores the undo history as a checkpoint and the actions since instead of whole states.
    A version 2 save predates both: it belongs to the one legacy autosave, and its whole
    states become actions where they can be rebuilt (undo history is not game state)."""
    out = dict(doc)
    meta = out.get("meta")
    if isinstance(meta, dict):
        out["meta"] = {**meta, "instance": LEGACY_INSTANCE}
    if isinstance(out.get("game"), dict) and isinstance(meta, dict) and isinstance(meta.get("game_id"), str):
        out["game"] = _game_doc_v3(out["game"], meta["game_id"])
    out["version"] = 3
    return out


def _game_doc_v3(game_doc: dict, game_id: str) -> dict:
    from .rules import game_class
    from .rules.core.upgrade import undo_history_v3

    try:
        cls = game_class(game_id)
    except (KeyError, ImportError, AttributeError):
        return game_doc  # an unknown game is refused later, with its own message
    return undo_history_v3(game_doc, cls)


UPGRADES: dict[int, Callable[[dict], dict]] = {1: _v1_to_v2, 2: _v2_to_v3}


def upgrade(doc: dict) -> dict:
    return upgrade_versions(
        doc, UPGRADES, CURRENT_VERSION, SaveError,
        no_version=lambda: msg("This file has no valid save-format version."),
        newer=lambda version: msg(
            "This save was made by a newer version of Barclay Desktop (save format {version}; "
            "this version reads up to {newest}). Update the app to open it.", version=version, newest=CURRENT_VERSION),
        damaged=lambda version: msg("This save of format {version} is damaged and cannot be brought up to date.",
                                    version=version))


def upgrade_versions(doc: dict, upgrades: dict, current: int, error, *, no_version, newer, damaged) -> dict:
    """`doc` brought to version `current` one step at a time by `upgrades` (in memory); `error` raised with the
    file kind's own sentence when it has no version, is newer, or a step meets a damaged older file."""
    version = doc.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise error(no_version())
    if version > current:
        raise error(newer(version))
    try:
        while doc["version"] < current:
            doc = upgrades[doc["version"]](doc)
    except Exception as exc:  # an upgrade step met a damaged older file
        raise error(damaged(version)) from exc
    return doc


def check_header(doc: Any) -> dict:
    """Raise SaveError unless `doc` is one of our saves with a sound header and session
    block (types and ranges of every field the app reads); return it upgraded."""
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise SaveError(msg("This is not a Barclay Desktop save file."))
    doc = upgrade(doc)
    with _as_save_error():
        save_schema.check_meta(doc.get("meta"))
        if not isinstance(doc.get("game"), dict):
            raise SaveError(msg("The save holds no game."))
        save_schema.check_session(doc.get("session"))
    return doc


@contextmanager
def _as_save_error():
    """The checks raise DamagedFile; callers of this module catch SaveError."""
    try:
        yield
    except SaveError:
        raise
    except DamagedFile as exc:
        raise SaveError(exc.message) from exc


def read_doc(path: Path) -> dict:
    """The checked, upgraded document in a save file; SaveError says why not."""
    with _as_save_error():
        doc = read_json_file(Path(path))
    return check_header(doc)


def restore_game(doc: dict, resolve: Callable[[str], type] | None = None):
    """Rebuild the Game from an upgraded doc; any rules complaint becomes a SaveError."""
    from .rules import game_class
    from .rules.core import RulesError

    resolve = resolve or game_class
    game_id = doc["meta"]["game_id"]
    try:
        cls = resolve(game_id)
    except (KeyError, ImportError, AttributeError) as exc:
        raise SaveError(msg("This save is for a game this version does not have ({game}).", game=game_id)) from exc
    try:
        game = cls.from_json(doc["game"])
    except RulesError as exc:
        raise SaveError(msg("The saved game breaks the rules and cannot be restored ({detail}).",
                              detail=_plain_detail(exc))) from exc
    except Exception as exc:  # cattrs, the game's own checks: any failure means a damaged state
        raise SaveError(msg("The saved game is incomplete or damaged.")) from exc
    with _as_save_error():
        save_schema.check_references(doc, game)
    _smoke_check(game)
    if any(game.undo_status(seat)[0] for seat in game.seats):
        _undo_check(cls, doc["game"])
    return game


def _plain_detail(exc: Exception, limit: int = 140) -> str:
    """A game's own check as a player may read it. A check that speaks in Messages (Spies &
    Lies, the undo history) is passed on whole, to be shown in the player's language; any other
    text gives its last clause, without Python's list brackets and quotes, cut short (the full
    text stays in the exception chain)."""
    reason = exc.args[0] if exc.args else ""
    if isinstance(reason, (Message, Joined)):
        return reason
    text = str(exc).rsplit("breaks the rules: ", 1)[-1]
    text = re.sub(r"[\[\]\"()]|(?<!\w)'|'(?!\w)", "", text).strip().rstrip(".")  # keeps "blue's"
    return text if len(text) <= limit else text[: limit - 3].rstrip(" ,;") + "..."


def _smoke_check(game) -> None:
    """Ask the restored game what the table will ask, then play a few legal actions on
    copies of it, here on the loading thread: a save the rules accepted but cannot show or
    go on from is refused now instead of crashing a frame or the first move."""
    try:
        save_schema.show_everything(game)
    except Exception as exc:  # any failure here means the game cannot be shown from this file
        raise SaveError(msg("The saved game cannot be shown: its state is damaged.")) from exc
    try:
        save_schema.play_on(game)
    except Exception as exc:
        raise SaveError(msg("The saved game cannot be played on: its state is damaged.")) from exc


def _undo_check(cls, game_json: dict) -> None:
    """Walk the saved undo history on a second copy, so the Undo button never meets a damaged
    state. A second restore, not a copy of the first: it needs nothing of how undo is stored,
    and costs less than a deep copy (38 ms against 215 ms for a 2.4 MB Spies & Lies save)."""
    try:
        save_schema.undo_all(cls.from_json(game_json))
    except Exception as exc:
        raise SaveError(msg("The saved game's undo history is damaged.")) from exc


@attrs.define
class LoadedSave:
    path: Path
    doc: dict
    game: Any


def load(path: Path, resolve: Callable[[str], type] | None = None) -> LoadedSave:
    """The checked save in `path`; raises SaveError and nothing else."""
    try:
        doc = read_doc(path)
        return LoadedSave(Path(path), doc, restore_game(doc, resolve))
    except SaveError:
        raise
    except Exception as exc:  # a check this version lacks: still refused, never a crash
        raise SaveError(UNRECOGNISED) from exc


# ----- listing --------------------------------------------------------------------
@attrs.define
class SaveInfo:
    path: Path
    name: str
    ok: bool
    message: str = ""
    game_id: str = ""
    title: str = ""
    seats: list = attrs.field(factory=list)
    summary: dict = attrs.field(factory=dict)
    saved_at: str = ""
    over: bool = False
    modified: float = 0.0
    turn: str | None = None  # the seat to play, as the public view says
    outcome: "Outcome | None" = None  # how a finished game ended
    progress: str = ""  # how far the game has got, in the game's words ('Month 2, face-up cards')
    facts: list = attrs.field(factory=list)  # the summary's other facts as (label, value) rows

    @property
    def instance(self) -> str | None:
        """The game in progress this file is the autosave (or its backup) of; None for a named save."""
        return autosave_instance(self.path)

    @property
    def is_autosave(self) -> bool:
        return self.instance is not None

    @property
    def is_backup(self) -> bool:
        return self.is_autosave and self.path.stem.endswith(BACKUP_SUFFIX)


@attrs.define
class Outcome:
    winner: str | None  # the winning side as players call it ("Abwehr"); None for a draw
    seats: list[str]  # the seats that won (both of a team)
    reason: str


def _note_position(info: SaveInfo, game) -> None:
    """Whose turn it is, or how the game ended, read from the restored game's public view
    (headers of older versions carry neither, and a header may disagree with its game)."""
    view = game.view(None)
    result = view.get("result")
    info.over = result is not None
    if result is None:
        info.turn = view.get("current_seat")
        return
    winner = result.get("winner")
    side_of = getattr(game, "side_of", None)
    seats = [s for s in game.seats if winner is not None and (s == winner or (side_of and side_of(s) == winner))]
    info.outcome = Outcome(None if winner is None else game.seat_name(winner), seats, str(result.get("reason") or ""))


def _note_words(info: SaveInfo, game_type) -> None:
    """The title and the summary in the game's own words (issue 32): a save written before the
    title gained its Polish letters shows them too."""
    info.title = game_type.TITLE or info.title
    info.progress = game_type.progress_words(info.summary)
    info.facts = game_type.summary_rows(info.summary)


def describe(path: Path, resolve: Callable[[str], type] | None = None) -> SaveInfo:
    """Everything the load screen shows about one file; a bad file gives ok=False and why."""
    path = Path(path)
    try:
        modified = path.stat().st_mtime
    except OSError:
        modified = 0.0
    info = SaveInfo(path=path, name=display_name(path), ok=False, modified=modified)
    try:
        doc = read_doc(path)
        _describe_header(info, doc["meta"])
        game = restore_game(doc, resolve)
        _note_position(info, game)
        _note_words(info, type(game))
        info.ok = True
    except Exception as exc:  # SaveError, or a check this version lacks: listed as damaged
        info = SaveInfo(path=path, name=info.name, ok=False, modified=modified,
                        message=exc.message if isinstance(exc, SaveError) else UNRECOGNISED)
    return info


def _describe_header(info: SaveInfo, meta: dict) -> None:
    """Copy the header into `info` with the types the Load screen draws, whatever the file held."""
    info.game_id = meta["game_id"] if isinstance(meta.get("game_id"), str) else ""
    title = meta.get("title")
    info.title = title if isinstance(title, str) and title else info.game_id
    seats = meta.get("seats")
    info.seats = [dict(s) for s in seats if isinstance(s, dict)] if isinstance(seats, list) else []
    summary = meta.get("summary")
    info.summary = dict(summary) if isinstance(summary, dict) else {}
    saved_at = meta.get("saved_at")
    info.saved_at = saved_at if isinstance(saved_at, str) else ""
    name = meta.get("name")
    if isinstance(name, str) and name.strip() and not info.is_autosave:
        info.name = name.strip()  # as the player typed it, "&" and all (the file stem is a safe slug)
    info.over = meta.get("over") is True


def display_name(path: Path) -> str:
    stem = Path(path).stem
    if autosave_instance(path) is not None:
        return msg("Autosave (previous move)") if stem.endswith(BACKUP_SUFFIX) else msg("Autosave")
    return stem.replace("_", " ")


# ----- one autosave per game in progress ----------------------------------------------
def new_instance() -> str:
    """A fresh id for a game being created; it names the game's autosave file."""
    return uuid.uuid4().hex[:16]


def autosave_instance(path: Path) -> str | None:
    """Which game a file is the autosave or autosave backup of (by its name); None otherwise."""
    match = _AUTOSAVE_STEM.fullmatch(Path(path).stem)
    if match is None:
        return None
    return match.group(1) or LEGACY_INSTANCE


def autosave_file(folder: Path, instance: str) -> Path:
    if instance == LEGACY_INSTANCE:
        return Path(folder) / f"{AUTOSAVE}.json"
    if not isinstance(instance, str) or not re.fullmatch(r"[0-9a-z]{1,32}", instance):
        raise SaveError(msg("The game has no valid id for its autosave."))
    return Path(folder) / f"{AUTOSAVE}-{instance}.json"


UNFINISHED, NAMED, FINISHED = "unfinished", "named", "finished"


def group_saves(infos: list[SaveInfo]) -> dict[str, list[SaveInfo]]:
    """The Load screen's three lists, each in the order given (newest first): games in
    progress (their autosaves), named saves, and finished games. A backup is listed only
    when its game's latest autosave cannot be used; a damaged file stays in its file's group."""
    usable = {i.instance for i in infos if i.is_autosave and not i.is_backup and i.ok}
    groups: dict[str, list[SaveInfo]] = {UNFINISHED: [], NAMED: [], FINISHED: []}
    for info in infos:
        if info.is_backup and info.instance in usable:
            continue
        if info.ok and info.over:
            groups[FINISHED].append(info)
        else:
            groups[UNFINISHED if info.is_autosave else NAMED].append(info)
    return groups


def _glance(path: Path, resolve: Callable[[str], type] | None = None) -> SaveInfo:
    """describe(), except that a game whose header says it is over is taken at its word and
    not restored: Continue passes finished games over, and their autosaves pile up."""
    try:
        over = read_doc(path)["meta"].get("over") is True
    except SaveError:
        over = False
    if not over:
        return describe(path, resolve)
    try:
        modified = path.stat().st_mtime
    except OSError:
        modified = 0.0
    return SaveInfo(path=path, name=display_name(path), ok=True, over=True, modified=modified)


def continue_choice(infos: list[SaveInfo]) -> SaveInfo | None:
    """The most recent unfinished game that can be opened (newest-first infos)."""
    return next((i for i in group_saves(infos)[UNFINISHED] if i.ok), None)


def slug(name: str) -> str:
    """A safe file stem from a player's save name ("&" becomes "and"; the header keeps the name as typed)."""
    cleaned = re.sub(r"[^\w \-]+", "", name.replace("&", " and ")).strip()
    cleaned = re.sub(r"\s+", "_", cleaned)
    return cleaned[:60]


class SaveStore:
    """One folder of saves plus a single writer thread, so writes keep their order
    and never run on the frame loop."""

    def __init__(self, folder: Path | None = None):
        self.folder = Path(folder) if folder is not None else saves_dir()
        self._writer: ThreadPoolExecutor | None = None
        self.last_error: str | None = None
        # Autosaves coalesce: while one waits in the queue, a newer one replaces its content,
        # so a fast run of moves costs one write, not one per move, and the newest always lands.
        self._lock = threading.Lock()
        self._autosave_docs: dict[Path, dict] = {}
        self._autosave_queued: dict[Path, Future] = {}

    def autosave_path_for(self, instance: str) -> Path:
        return autosave_file(self.folder, instance)

    def path_for(self, name: str) -> Path:
        stem = slug(name)
        if not stem:
            raise SaveError(msg("Give the save a name with letters or digits."))
        if _AUTOSAVE_STEM.fullmatch(stem.lower()):
            raise SaveError(msg("'{name}' is reserved for the autosave; choose another name.", name=name))
        return self.folder / f"{stem}.json"

    def remove_stale_temps(self, now: float | None = None) -> list[Path]:
        """Called once at start (off the frame loop): leftovers of writes a kill cut short."""
        return remove_stale_temps(self.folder, now=now)

    def has_autosave(self) -> bool:
        return any(autosave_instance(p) is not None for p in self.files())

    # ----- writing (background) -----
    def _executor(self) -> ThreadPoolExecutor:
        if self._writer is None:
            self._writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="save-writer")
        return self._writer

    def write(self, path: Path, doc: dict, *, keep_backup: bool = False) -> Future:
        return self._executor().submit(self._write_now, Path(path), doc, keep_backup)

    def _write_now(self, path: Path, doc: dict, keep_backup: bool) -> Path:
        try:
            write_atomic(path, json.dumps(doc, separators=(",", ":")), keep_backup=keep_backup)
        except OSError as exc:
            self.last_error = msg("Could not save to {path}: {problem}", path=str(path), problem=str(exc.strerror or exc))
            raise
        return path

    def take_error(self) -> str | None:
        """The last write failure, once (the app shows it; the game goes on and retries next move)."""
        error, self.last_error = self.last_error, None
        return error

    def autosave(self, doc: dict) -> Future:
        """Queue the game's autosave (named by `meta.instance`); its future resolves when
        this doc (or a newer one of the same game) is on disk."""
        path = self.autosave_path_for(doc["meta"]["instance"])
        with self._lock:
            self._autosave_docs[path] = doc
            queued = self._autosave_queued.get(path)
            if queued is not None:
                return queued
            future = self._executor().submit(self._write_latest_autosave, path)
            self._autosave_queued[path] = future
            return future

    def _write_latest_autosave(self, path: Path) -> Path:
        with self._lock:
            doc = self._autosave_docs.pop(path)
            del self._autosave_queued[path]  # from here on a newer autosave queues its own write
        return self._write_now(path, doc, True)

    def save_as(self, name: str, doc: dict) -> Future:
        """Save under the player's name: the file stem is made safe (slug), the header keeps the
        name as typed ("Anna & Ben", "Łódź") for the Load screen."""
        path = self.path_for(name)
        return self.write(path, {**doc, "meta": {**doc["meta"], "name": name.strip()}})

    def flush(self, timeout: float = 60.0) -> None:
        """Wait for queued writes (on quit, and in tests)."""
        if self._writer is not None:
            self._writer.submit(lambda: None).result(timeout)

    def close(self) -> None:
        if self._writer is not None:
            self._writer.shutdown(wait=True)
            self._writer = None

    # ----- reading -----
    def files(self) -> list[Path]:
        try:
            return sorted(p for p in self.folder.glob("*.json") if not p.name.startswith(".") and p.is_file())
        except OSError:  # an unreadable folder lists nothing rather than failing the screen
            return []

    def list(self, resolve: Callable[[str], type] | None = None) -> list[SaveInfo]:
        """Newest first; damaged files are included with ok=False and the reason."""
        infos = []
        for path in self.files():
            try:
                infos.append(describe(path, resolve))
            except Exception:  # describe catches everything; this keeps one file from hiding the rest
                infos.append(SaveInfo(path=path, name=display_name(path), ok=False, message=UNRECOGNISED))
        infos.sort(key=lambda i: i.modified, reverse=True)
        return infos

    def groups(self, resolve: Callable[[str], type] | None = None) -> dict[str, list[SaveInfo]]:
        return group_saves(self.list(resolve))

    def continue_choice(self, resolve: Callable[[str], type] | None = None) -> SaveInfo | None:
        """What Continue opens: the most recent unfinished game. Only autosaves are read, and a
        backup only when its game's latest autosave cannot be used (else it is not listed)."""
        paths = [p for p in self.files() if autosave_instance(p) is not None]
        latest = [_glance(p, resolve) for p in paths if not p.stem.endswith(BACKUP_SUFFIX)]
        usable = {info.instance for info in latest if info.ok}
        backups = [_glance(p, resolve) for p in paths
                   if p.stem.endswith(BACKUP_SUFFIX) and autosave_instance(p) not in usable]
        autosaves = sorted(latest + backups, key=lambda i: i.modified, reverse=True)
        return continue_choice(autosaves)

    def load(self, path: Path, resolve: Callable[[str], type] | None = None) -> LoadedSave:
        return load(path, resolve)

    def load_latest_autosave(self, resolve: Callable[[str], type] | None = None) -> LoadedSave:
        """The most recent unfinished game's autosave, or its backup when the latest one is
        damaged (the error says so)."""
        choice = self.continue_choice(resolve)
        if choice is None:
            raise SaveError(msg("There is no unfinished game to continue."))
        latest = self.autosave_path_for(choice.instance)
        try:
            return load(latest, resolve)
        except Exception as first:  # load raises SaveError only; any failure still tries the backup
            backup = backup_path(latest)
            if not backup.exists():
                raise
            try:
                return load(backup, resolve)
            except Exception:
                raise first from None

    def delete(self, path: Path) -> None:
        path = Path(path)
        if path.parent.resolve() != self.folder.resolve():
            raise SaveError(msg("Only files in the saves folder can be deleted here."))
        path.unlink(missing_ok=True)


def now_iso() -> str:
    return datetime.now(timezone.utc).replace(microsecond=0).isoformat()
