"""One autosave per game in progress (issue 30, deliverable 3): a new game never touches another
game's autosave, Continue resumes the most recent unfinished game and says which, the Load
screen lists games in progress, named saves and finished games apart, and the single
`autosave.json` of save formats 1-2 upgrades without loss."""

import json
import os
from pathlib import Path

import pytest

from barclay_desktop import saves
from barclay_desktop.resources import sample_saves_path
from barclay_desktop.save_text import continue_text, progress_text, result_text
from barclay_desktop.saves import FINISHED, NAMED, UNFINISHED
from barclay_desktop.scenes.load import list_rows
from barclay_desktop.session import GameSession, SeatSetup
from tests.toy_game import Add, ToyGame, resolve


def toy_session(store, names=("Ann", "Ben"), **kw):
    seats = [SeatSetup("a", "human", names[0]), SeatSetup("b", "human", names[1])]
    return GameSession(ToyGame.new(seed=5), seats, store=store, **kw)


def snapshot(folder: Path) -> dict:
    return {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in folder.iterdir()}


def age(path: Path, seconds_ago: int) -> None:
    """Give a file an older modification time, so 'most recent' does not depend on the clock."""
    stamp = path.stat().st_mtime - seconds_ago
    os.utime(path, (stamp, stamp))


def v2_samples():
    return sorted(Path(sample_saves_path()).glob("v2-*.json"))


# ----- issue 30 item 7: a new game leaves other games' autosaves byte-identical --------------
def test_a_new_game_leaves_the_other_games_autosaves_byte_identical(store):
    first = toy_session(store)
    first.act(Add(1))
    store.flush()
    first.act(Add(2))  # a backup of its own too
    store.flush()
    before = snapshot(store.folder)
    assert set(before) == {first.autosave_path.name, saves.backup_path(first.autosave_path).name}
    for game_id in ("barclay", "spies_lies", "stawka"):  # what New game does for each game
        cls = resolve(game_id)
        session = GameSession(cls.new(seed=2), [SeatSetup(s, "human", s) for s in cls.SEATS], store=store)
        session.autosave()
        store.flush()
        assert session.instance != first.instance and session.autosave_path.exists()
    after = snapshot(store.folder)
    assert {name: after[name] for name in before} == before
    assert len(after) == len(before) + 3


def test_two_games_saving_at_once_both_land(store):
    one, two = toy_session(store), toy_session(store, ("Cid", "Dee"))
    one.act(Add(1))
    two.act(Add(2))  # queued behind the first game's write: must not replace it
    store.flush()
    assert json.loads(one.autosave_path.read_text())["game"]["state"]["counter"] == 1
    assert json.loads(two.autosave_path.read_text())["game"]["state"]["counter"] == 2


# ----- Continue ----------------------------------------------------------------------------
def finish(session):
    while not session.game.is_over():
        session.act(Add(2))


def test_continue_resumes_the_most_recent_unfinished_game_and_names_it(store):
    older, newer, done = toy_session(store, ("Ann", "Ben")), toy_session(store, ("Cid", "Dee")), \
        toy_session(store, ("Eve", "Fay"))
    older.act(Add(1))
    newer.act(Add(1))  # Dee (B) to play
    finish(done)  # the newest file of all, but finished: Continue skips it
    store.flush()
    age(older.autosave_path, 300)
    age(newer.autosave_path, 200)
    choice = store.continue_choice(resolve)
    assert choice.path == newer.autosave_path
    assert continue_text(choice) == "Toy: Cid vs Dee. Dee (B) to play."
    loaded = store.load_latest_autosave(resolve)
    assert loaded.path == newer.autosave_path
    resumed = GameSession.from_save(loaded, store=store)
    assert resumed.instance == newer.instance  # it goes on writing its own autosave
    assert resumed.player_name("a") == "Cid"


def test_no_continue_when_every_autosave_is_of_a_finished_game(store):
    done = toy_session(store)
    done.act(Add(1))
    store.flush()  # so the last move's autosave moves this one to the backup
    finish(done)
    store.flush()
    assert not saves.describe(saves.backup_path(done.autosave_path), resolve).over  # the move before the end
    assert store.has_autosave() and store.continue_choice(resolve) is None
    with pytest.raises(saves.SaveError, match="no unfinished game"):
        store.load_latest_autosave(resolve)


def test_continue_does_not_restore_finished_games(store):
    restored = []

    class CountingToy(ToyGame):
        @classmethod
        def from_json(cls, data):
            restored.append(data["state"]["counter"])
            return super().from_json(data)

    for _ in range(3):
        done = toy_session(store)
        done.act(Add(1))
        store.flush()  # a backup of the move before, unfinished, beside the finished autosave
        finish(done)
    playing = toy_session(store)
    playing.act(Add(1))
    store.flush()
    assert store.continue_choice(lambda gid: CountingToy).path == playing.autosave_path
    # only the unfinished game (counter 1) is restored: once, and once more for the load's
    # walk of its undo history; finished games are passed over by their header
    assert set(restored) == {1}


def test_a_named_save_opens_as_a_game_of_its_own(store):
    session = toy_session(store)
    session.act(Add(1))
    session.save_as("Friday").result(5)
    session.act(Add(1))
    store.flush()
    before = snapshot(store.folder)
    branch = GameSession.from_save(store.load(store.folder / "Friday.json", resolve), store=store)
    branch.act(Add(2))
    store.flush()
    assert branch.instance != session.instance
    after = snapshot(store.folder)
    assert {name: after[name] for name in before} == before


# ----- upgrade of format 2 autosaves --------------------------------------------------------
@pytest.mark.parametrize("path", v2_samples(), ids=lambda p: p.name)
def test_v2_to_v3_keeps_everything_and_marks_the_legacy_game(path):
    raw = path.read_bytes()
    v2 = json.loads(raw)
    v3 = saves.upgrade(json.loads(raw))
    assert v3["version"] == 3 and v3["meta"]["instance"] == saves.LEGACY_INSTANCE
    assert {k: v for k, v in v3["meta"].items() if k != "instance"} == v2["meta"]
    assert {k: v for k, v in v3.items() if k not in ("meta", "version", "game")} == \
        {k: v for k, v in v2.items() if k not in ("meta", "version", "game")}
    # the game itself is untouched; only its undo list becomes a checkpoint and actions
    undo_keys = ("undo", "undo_history")
    assert {k: v for k, v in v3["game"].items() if k not in undo_keys} == \
        {k: v for k, v in v2["game"].items() if k not in undo_keys}
    assert "undo" not in v3["game"] and "undo_history" in v3["game"]
    assert path.read_bytes() == raw


@pytest.mark.parametrize("game_id", ["barclay", "stawka"])
def test_an_old_single_autosave_is_listed_continued_and_kept_in_its_file(store, game_id):
    store.folder.mkdir(parents=True)
    legacy = store.folder / "autosave.json"
    text = Path(sample_saves_path(f"v2-{game_id}.json")).read_text()
    legacy.write_text(text)
    assert [i.path for i in store.groups(resolve)[UNFINISHED]] == [legacy]
    assert legacy.read_text() == text  # listing never rewrites
    resumed = GameSession.from_save(store.load_latest_autosave(resolve), store=store)
    assert resumed.instance == saves.LEGACY_INSTANCE and resumed.autosave_path == legacy
    resumed.autosave()
    store.flush()
    assert saves.backup_path(legacy).read_text() == text  # the old file is its backup now
    assert json.loads(legacy.read_text())["version"] == saves.CURRENT_VERSION
    assert sorted(p.name for p in store.folder.iterdir()) == ["autosave.bak.json", "autosave.json"]


def test_the_reserved_autosave_names_cannot_be_used_for_a_named_save(store):
    session = toy_session(store)
    for name in ("autosave", "Autosave-1a2b"):
        with pytest.raises(saves.SaveError, match="reserved"):
            session.save_as(name)


# ----- the Load screen's groups -------------------------------------------------------------
def test_finished_games_are_listed_apart_with_their_result(store):
    playing, done = toy_session(store, ("Ann", "Ben")), toy_session(store, ("Eve", "Fay"))
    playing.act(Add(1))
    playing.save_as("Friday").result(5)
    finish(done)  # Eve (A) adds the last 2
    store.flush()
    groups = store.groups(resolve)
    assert [i.path for i in groups[UNFINISHED]] == [playing.autosave_path]
    assert [i.name for i in groups[NAMED]] == ["Friday"]
    assert [i.path for i in groups[FINISHED]] == [done.autosave_path]  # its backup is not listed
    finished = groups[FINISHED][0]
    assert result_text(finished) == "A (Eve) won" and progress_text(finished) == "A (Eve) won"
    headings = [text for text, info in list_rows(store.list(resolve)) if info is None]
    assert headings == ["GAMES IN PROGRESS (1)", "NAMED SAVES (1)", "FINISHED GAMES (1)"]


def test_a_backup_is_listed_only_when_its_game_latest_autosave_is_damaged(store):
    session = toy_session(store)
    session.act(Add(1))
    store.flush()
    session.act(Add(1))
    store.flush()
    assert [i.path for i in store.groups(resolve)[UNFINISHED]] == [session.autosave_path]
    session.autosave_path.write_text('{"format": "barclay-desktop-save", "vers')
    age(saves.backup_path(session.autosave_path), 10)
    listed = store.groups(resolve)[UNFINISHED]
    assert [(i.is_backup, i.ok) for i in listed] == [(False, False), (True, True)]
    assert store.continue_choice(resolve).is_backup


@pytest.mark.parametrize("path", sorted(Path(sample_saves_path()).glob("v3-*.json")), ids=lambda p: p.name)
def test_saves_are_described_in_plain_words(path):
    info = saves.describe(path, resolve)
    assert info.ok and info.turn is not None
    words = [continue_text(info), progress_text(info)] + [text for text, _ in list_rows([info])]
    for text in words:
        assert not any(mark in text for mark in "{}[]'_"), text
    assert info.title in continue_text(info) and "sample" in continue_text(info)
    assert "to play" in continue_text(info)


def test_the_load_screen_selects_a_save_by_its_row_and_nothing_by_a_heading(app):
    from barclay_desktop.scenes.load import LoadScene
    from tests.client_helpers import click

    session = GameSession(ToyGame.new(seed=1), [SeatSetup("a"), SeatSetup("b")], store=app.store)
    session.save_as("Friday").result(5)
    session.act(Add(1))
    app.store.flush()
    scene = LoadScene(app)
    app.push(scene)
    app.run_frames(2)
    app.wait_for_tasks()
    app.run_frames(2)
    buttons = [item["button_element"] for item in scene.list.item_list]
    assert [text for text, _ in scene.rows] == [item["text"] for item in scene.list.item_list]
    named = next(i for i, (_, info) in enumerate(scene.rows) if info is not None and info.name == "Friday")
    click(app, buttons[named])
    assert scene.selected.name == "Friday"
    click(app, buttons[named - 1])  # the NAMED SAVES heading
    assert scene.rows[named - 1][1] is None and scene.selected is None
    assert not scene.buttons["load"].is_enabled


@pytest.mark.parametrize("winner, seats, names, expected", [
    ("Red", ["red1", "red2"], ["Anna", "Ben"], "Red (Anna and Ben) won"),
    ("Red", ["red1", "red2"], ["Red (Missions 1-2)", "Red (Missions 3-4)"], "Red won"),  # names left as sides
    (None, [], ["Anna", "Ben"], "A draw"),
])
def test_a_result_names_the_winning_side_and_its_players(winner, seats, names, expected):
    sides = {"red1": "Red (Missions 1-2)", "red2": "Red (Missions 3-4)"}
    entries = [{"seat": seat, "side": side, "name": name} for (seat, side), name in zip(sides.items(), names)]
    info = saves.SaveInfo(path=Path("x.json"), name="x", ok=True, over=True, seats=entries,
                          outcome=saves.Outcome(winner, seats, "because"))
    assert result_text(info) == expected
