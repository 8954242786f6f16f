"""Saves: round trip, atomic write with backup, versions, and damaged files reported untouched."""

import json
import os
import threading
from pathlib import Path

import pytest

from barclay_desktop import saves
from barclay_desktop.resources import sample_saves_path
from barclay_desktop.saves import SaveError
from barclay_desktop.session import GameSession, SeatSetup
from tests.toy_game import Add, Peek, ToyGame, resolve


def toy_session(store, **kw):
    game = ToyGame.new(seed=5)
    return GameSession(game, [SeatSetup("a", "human", "Ann"), SeatSetup("b", "human", "Ben")], store=store, **kw)


def test_store_lives_under_the_home_override(store, tmp_path):
    assert store.folder == tmp_path / "saves"


def test_every_action_autosaves_and_the_save_round_trips(store):
    session = toy_session(store)
    session.act(Peek())
    session.act(Add(2))
    store.flush()
    loaded = store.load(session.autosave_path, resolve)
    assert loaded.game.to_json() == session.game.to_json()
    meta = loaded.doc["meta"]
    assert meta["game_id"] == "toy"
    assert [(s["seat"], s["name"], s["kind"]) for s in meta["seats"]] == [("a", "Ann", "human"), ("b", "Ben", "human")]
    assert loaded.doc["format"] == saves.FORMAT and loaded.doc["version"] == saves.CURRENT_VERSION
    resumed = GameSession.from_save(loaded, store=store)
    assert resumed.stats.actions == 2
    assert resumed.player_name("b") == "Ben"


def test_autosave_keeps_the_previous_one_as_backup(store):
    session = toy_session(store)
    session.act(Add(1))
    store.flush()
    first = session.autosave_path.read_text()
    session.act(Add(1))
    store.flush()
    assert saves.backup_path(session.autosave_path).read_text() == first
    assert json.loads(session.autosave_path.read_text())["game"]["state"]["counter"] == 2
    assert not [p for p in store.folder.iterdir() if p.name.endswith(".tmp")]


def test_write_is_atomic_a_failed_write_leaves_the_old_file(tmp_path, monkeypatch):
    target = tmp_path / "x.json"
    saves.write_atomic(target, '{"old": 1}')

    def boom(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(saves.os, "replace", boom)
    with pytest.raises(OSError):
        saves.write_atomic(target, '{"new": 1}')
    assert target.read_text() == '{"old": 1}'
    assert [p.name for p in tmp_path.iterdir()] == ["x.json"]


def test_saving_writes_off_the_caller(store, monkeypatch):
    """The caller (the frame loop) gets a future back while the write is still blocked on the
    writer thread. How long building the doc takes is measured in bench/save_size.py."""
    session = toy_session(store)
    for _ in range(3):
        session.act(Add(1))
    # each action queued an autosave of its own: let those land, then take the file away, so that only
    # the held write below could bring it back (the check raced them on a loaded machine)
    store.flush()
    session.autosave_path.unlink()
    release = threading.Event()
    real_write = saves.write_atomic

    def held_write(*args, **kwargs):
        assert release.wait(5), "the test never released the write"
        return real_write(*args, **kwargs)

    monkeypatch.setattr(saves, "write_atomic", held_write)
    future = session.autosave()
    assert not future.done() and not session.autosave_path.exists()  # the caller did not wait for the disk
    release.set()
    assert future.result(5) == session.autosave_path
    assert session.autosave_path.exists()


def test_save_as_uses_a_safe_file_name_and_refuses_bad_names(store):
    session = toy_session(store)
    session.save_as("My game: day 3!").result(5)
    assert (store.folder / "My_game_day_3.json").exists()
    with pytest.raises(SaveError, match="name"):
        session.save_as("???")
    with pytest.raises(SaveError, match="reserved"):
        session.save_as("autosave")


def write_raw(store, name, text):
    store.folder.mkdir(parents=True, exist_ok=True)
    path = store.folder / name
    path.write_text(text)
    return path


def good_doc(store):
    session = toy_session(store)
    session.act(Add(1))
    return session.to_save_doc()


@pytest.mark.parametrize(
    "name, make, message",
    [
        ("truncated.json", lambda d: json.dumps(d)[:200], "damaged or cut short"),
        ("garbage.json", lambda d: "\x00\x01not json", "damaged"),
        ("other.json", lambda d: json.dumps({"hello": 1}), "not a Barclay Desktop save"),
        ("newer.json", lambda d: json.dumps({**d, "version": saves.CURRENT_VERSION + 1}), "newer version"),
        ("nogame.json", lambda d: json.dumps({**d, "game": None}), "holds no game"),
        ("unknown.json", lambda d: json.dumps({**d, "meta": {**d["meta"], "game_id": "chess"}}), "does not have"),
        ("illegal.json", lambda d: json.dumps({**d, "game": {**d["game"], "state": {"counter": "lots"}}}),
         "breaks the rules"),
    ],
)
def test_bad_saves_are_reported_clearly_and_left_untouched(store, name, make, message):
    text = make(good_doc(store))
    path = write_raw(store, name, text)
    before = (path.read_bytes(), path.stat().st_mtime_ns)
    with pytest.raises(SaveError, match=message):
        store.load(path, resolve)
    infos = [i for i in store.list(resolve) if i.path == path]
    assert len(infos) == 1 and not infos[0].ok and message.split()[0] in infos[0].message
    assert (path.read_bytes(), path.stat().st_mtime_ns) == before


def test_listing_shows_game_players_progress_and_date(store):
    session = toy_session(store)
    session.act(Add(1))
    session.save_as("Evening game").result(5)
    store.flush()
    infos = {i.name: i for i in store.list(resolve)}
    info = infos["Evening game"]
    assert info.ok and info.title == "Toy" and info.saved_at
    assert [s["name"] for s in info.seats] == ["Ann", "Ben"]
    assert "Autosave" in infos


def test_continue_falls_back_to_the_backup_when_the_latest_autosave_is_damaged(store):
    session = toy_session(store)
    session.act(Add(1))
    store.flush()  # written, so the next autosave moves it to the backup
    session.act(Add(2))
    store.flush()
    session.autosave_path.write_text('{"format": "barclay-desktop-save", "vers')
    loaded = store.load_latest_autosave(resolve)
    assert loaded.game.state.counter == 1


def test_delete_only_inside_the_saves_folder(store, tmp_path):
    outside = tmp_path / "keep.json"
    outside.write_text("{}")
    with pytest.raises(SaveError):
        store.delete(outside)
    assert outside.exists()


def test_version_one_is_upgraded_step_by_step_in_memory_only(store):
    doc = good_doc(store)
    v1 = {k: v for k, v in doc.items() if k != "session"}
    v1["version"] = 1
    path = write_raw(store, "old.json", json.dumps(v1))
    loaded = store.load(path, resolve)
    assert loaded.doc["version"] == saves.CURRENT_VERSION
    assert loaded.doc["session"]["hide_private"] is True
    assert json.loads(path.read_text())["version"] == 1


def sample_files():
    return sorted(Path(sample_saves_path()).glob("*.json"))


def test_the_repo_has_a_sample_of_every_save_format_version():
    versions = {json.loads(p.read_text())["version"] for p in sample_files()}
    assert versions == set(range(1, saves.CURRENT_VERSION + 1))


class UnshowableToy(ToyGame):
    """Restores fine but its view fails, as a hand-edited state the view cannot draw would."""

    def _view(self, seat):
        raise KeyError("counter")


def test_a_game_that_restores_but_cannot_be_shown_is_refused_not_crashing(store):
    path = write_raw(store, "unshowable.json", json.dumps(good_doc(store)))
    with pytest.raises(SaveError, match="cannot be shown"):
        store.load(path, lambda gid: UnshowableToy)
    assert json.loads(path.read_text())["meta"]["game_id"] == "toy"


@pytest.mark.parametrize(
    "path",
    sample_files(),
    ids=lambda p: p.name,
)
def test_every_sample_save_loads_and_plays_on(path):
    loaded = saves.load(path, resolve)
    assert loaded.doc["version"] == saves.CURRENT_VERSION
    assert loaded.game.GAME_ID == loaded.doc["meta"]["game_id"]
    loaded.game.check_invariants()
    game = loaded.game
    seat = game.current_seat()
    if seat is not None:
        game.apply(game.legal_actions(seat)[0], seat)


def test_a_failed_autosave_is_reported_once_and_the_next_one_retries(store, monkeypatch):
    session = toy_session(store)
    real = saves.write_atomic

    def full_disk(*a, **k):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(saves, "write_atomic", full_disk)
    session.act(Add(1))
    with pytest.raises(OSError):
        session.autosave().result(5)
    assert "No space left" in store.take_error()
    assert store.take_error() is None
    monkeypatch.setattr(saves, "write_atomic", real)
    session.act(Add(1))
    store.flush()
    assert json.loads(session.autosave_path.read_text())["game"]["state"]["counter"] == 2


def test_autosaves_queued_behind_a_slow_write_coalesce_and_the_newest_lands(store, monkeypatch):
    import threading

    real = saves.write_atomic
    release = threading.Event()
    written = []

    def slow_then_fast(path, text, **kw):
        if not written:
            release.wait(5)
        written.append(json.loads(text)["game"]["state"]["counter"])
        real(path, text, **kw)

    monkeypatch.setattr(saves, "write_atomic", slow_then_fast)
    session = toy_session(store)
    futures = []
    for _ in range(4):
        session.act(Add(1))
        futures.append(session.autosave())
    release.set()
    for future in futures:
        future.result(5)
    store.flush()
    assert written[-1] == 4 and len(written) <= 3
    assert json.loads(session.autosave_path.read_text())["game"]["state"]["counter"] == 4


# ----- issue 30, item 4: damaged files never crash anything ---------------------------------
def assert_listed_damaged(store, path, message=""):
    """The file is one damaged row with a plain reason, load refuses it, and it is untouched."""
    before = path.read_bytes()
    infos = [i for i in store.list(resolve) if i.path == path]
    assert len(infos) == 1 and not infos[0].ok, infos
    reason = infos[0].message
    assert message in reason and reason.endswith(".") and "Error" not in reason and "{" not in reason
    with pytest.raises(SaveError):
        store.load(path, resolve)
    assert path.read_bytes() == before
    return reason


def header_text(extra: str) -> str:
    return '{"format": "barclay-desktop-save", "version": 2, "meta": {"game_id": "toy"}, ' + extra + ', "game": {}}'


@pytest.mark.parametrize(
    "text, message",
    [
        (header_text('"x": ' + "7" * 5000), "number far too long"),  # ValueError in json.loads (issue 30)
        ("[" * 100_000 + "]" * 100_000, "nested far deeper"),  # RecursionError in json.loads (issue 30)
        (header_text('"x": ' + "[" * 41 + "]" * 41), "nested far deeper"),
        (header_text('"x": NaN'), "not a real number"),
        (header_text('"x": 1e999'), "not a real number"),
        (header_text('"x": "Ann\\u0000"'), "null character"),
        (header_text('"x": "\\ud800"'), "broken text"),
    ],
    ids=["long-number", "deep-100k", "deep-41", "nan", "infinite", "nul", "lone-surrogate"],
)
def test_unparseable_files_are_listed_damaged_with_a_plain_reason(store, text, message):
    assert_listed_damaged(store, write_raw(store, "bad.json", text), message)


def test_a_file_over_the_size_limit_is_refused_before_it_is_read(store, monkeypatch):
    from barclay_desktop import checked_json

    monkeypatch.setattr(checked_json, "MAX_BYTES", 2048)
    path = write_raw(store, "big.json", json.dumps(good_doc(store)) + " " * 4096)
    assert_listed_damaged(store, path, "too large")


def tweak(doc, part, key, value):
    doc = json.loads(json.dumps(doc))
    if key is None:
        doc[part] = value
    else:
        doc[part][key] = value
    return doc


@pytest.mark.parametrize(
    "part, key, value, message",
    [
        ("meta", "summary", "abc", "progress"),
        ("meta", "seats", 5, "players"),
        ("meta", "seats", [1.5], "players"),
        ("meta", "seats", [{"seat": "z", "name": "Zed"}], "seat that this game does not have"),
        ("meta", "seats", [{"seat": "a", "name": ["Ann"]}], "name"),
        ("meta", "title", {"t": 1}, "title"),
        ("meta", "saved_at", "yesterday", "date"),
        ("meta", "over", "no", "over"),
        ("meta", "over", True, "over"),  # the game itself is not over
        ("session", None, "x", "session"),
        ("session", "stats", {"actions": []}, "statistics"),
        ("session", "stats", {"seconds": -1.0}, "time played"),
        ("session", "stats", {"actions_by_seat": {"a": "many"}}, "statistics"),
        ("session", "last_seen", {"a": -3}, "seen"),
        ("session", "last_seen", {"z": 2}, "seat that this game does not have"),
        ("session", "hide_private", "yes", "private"),
    ],
)
def test_header_and_session_of_the_wrong_type_or_range_are_damaged(store, part, key, value, message):
    """Issue 30: describe() trusted meta.summary = "abc" and meta.seats = 5; from_save raised on
    session.stats.actions = [] or session = "x", on the frame loop, for a file listed as fine."""
    path = write_raw(store, "bad.json", json.dumps(tweak(good_doc(store), part, key, value)))
    assert_listed_damaged(store, path, message)


def test_a_nan_last_seen_is_damaged(store):
    text = json.dumps(tweak(good_doc(store), "session", "last_seen", {"a": 12345})).replace("12345", "NaN")
    assert_listed_damaged(store, write_raw(store, "nan.json", text), "not a real number")


@pytest.mark.parametrize("session", ["x", {"stats": {"actions": []}}, {"last_seen": {"a": float("nan")}}])
def test_from_save_raises_only_save_error_whatever_the_session_block(store, session):
    loaded = saves.LoadedSave(Path("x.json"), tweak(good_doc(store), "session", None, session), ToyGame.new(seed=1))
    with pytest.raises(SaveError):
        GameSession.from_save(loaded, store=store)


def test_a_state_that_restores_but_cannot_be_played_on_is_damaged(store):
    """Issue 30: a Barclay save missing state.stats.lcs loaded, then crashed on the first move."""
    doc = json.loads((Path(sample_saves_path()) / "v2-barclay.json").read_text())
    del doc["game"]["state"]["stats"]["lcs"]
    path = write_raw(store, "no-stats.json", json.dumps(doc))
    assert_listed_damaged(store, path, "cannot be played on")


class FragileUndoToy(ToyGame):
    """Its view fails at counter 1: a state found only by taking the saved actions back."""

    def _view(self, seat):
        if self.state.counter == 1:
            raise KeyError("counter")
        return super()._view(seat)


def test_a_damaged_undo_history_is_found_when_listing(store):
    session = toy_session(store)
    session.act(Add(1))
    session.act(Add(2))
    path = write_raw(store, "undo.json", json.dumps(session.to_save_doc()))
    info = saves.describe(path, lambda gid: FragileUndoToy)
    assert not info.ok and "undo history" in info.message
    assert saves.describe(path, resolve).ok


def test_continue_falls_back_to_the_backup_when_the_latest_is_deeply_nested(store):
    """Issue 30: an autosave.json of 100,000 nested brackets beside a valid backup raised."""
    session = toy_session(store)
    session.act(Add(1))
    store.flush()
    session.act(Add(2))
    store.flush()
    latest = [p for p in store.folder.glob("autosave*.json") if not p.stem.endswith(".bak")]
    assert len(latest) == 1
    latest[0].write_text("[" * 100_000 + "]" * 100_000)
    assert store.load_latest_autosave(resolve).game.state.counter == 1


def test_one_unreadable_file_never_hides_the_others(store, monkeypatch):
    session = toy_session(store)
    session.save_as("Good one").result(5)
    write_raw(store, "bad.json", "{")

    def broken_describe(path, resolve=None):
        if path.name == "bad.json":
            raise RuntimeError("a check this version lacks")
        return real(path, resolve)

    real = saves.describe
    monkeypatch.setattr(saves, "describe", broken_describe)
    infos = {i.name: i for i in store.list(resolve)}
    assert infos["Good one"].ok and not infos["bad"].ok and infos["bad"].message == saves.UNRECOGNISED


def test_stale_temporary_files_are_removed_and_live_ones_kept(tmp_path):
    """Issue 30: a kill during write_atomic leaves .<stem>.<pid>.<tid>.tmp files behind."""
    now = 10_000.0
    names = {"old": f".autosave.{os.getpid()}.1.tmp", "dead": ".autosave.999999.1.tmp",
             "live": ".autosave.4242.7.tmp", "mine": f".settings.{os.getpid()}.2.tmp", "save": "autosave.json"}
    for key, name in names.items():
        (tmp_path / name).write_text("{}")
        age = 61 if key == "old" else 5
        os.utime(tmp_path / name, (now - age, now - age))
    removed = saves.remove_stale_temps(tmp_path, now=now, pid_alive=lambda pid: pid == 4242)
    assert sorted(p.name for p in removed) == sorted([names["old"], names["dead"]])
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([names["live"], names["mine"], names["save"]])


class StrictToy(ToyGame):
    def check_state(self):
        from barclay_desktop.rules.core import CorruptState

        raise CorruptState("the saved Toy game breaks the rules: cards missing or unknown: ['a-1', 'blue's']")


def test_a_rules_complaint_is_shown_without_python_brackets(store):
    path = write_raw(store, "strict.json", json.dumps(good_doc(store)))
    info = saves.describe(path, lambda gid: StrictToy)
    assert info.message == ("The saved game breaks the rules and cannot be restored "
                            "(cards missing or unknown: a-1, blue's).")
