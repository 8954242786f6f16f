"""Saved free scenarios (barclay_desktop/free_scenarios.py; F35: a built scenario is saved under a name and played
any number of times): store, list, read, upgrade, check, delete; damaged and newer files refused with a sentence
and listed as such without hiding the others; files never rewritten by reading."""

from __future__ import annotations

import json

import pytest

from barclay_desktop import free_scenarios as FS
from barclay_desktop.rules.stawka import free_scenario as F
from barclay_desktop.rules.stawka.state import GERMAN, POLISH

from tests.stawka_helpers import StawkaGame
from tests.test_stawka_free_scenario import NETWORKS, ORDER, spec


def saved(folder, name="Docks at dawn", **kw):
    return FS.store(spec(name=name, **kw), ORDER, 91823, folder=folder)


def test_store_then_read_gives_the_scenario_back_and_it_plays(tmp_path):
    """F35: the board, the agents, the level and the option stay; the game is set up anew from them."""
    path = saved(tmp_path)
    assert path == tmp_path / "docks_at_dawn.json"
    doc = FS.read(path)
    assert doc["format"] == FS.FORMAT and doc["version"] == FS.CURRENT_VERSION
    assert doc["scenario"] == spec() and doc["builder"]["order"] == ORDER and doc["seed"] == 91823
    games = [StawkaGame.new({"scenario": "free", "free": doc["scenario"]}, seed=s, track_undo=False) for s in (1, 2)]
    assert games[0].state.scenario == games[1].state.scenario == F.register(spec())
    assert games[0].state.stacks != games[1].state.stacks  # the item stacks are new each game (F35, step F)


def test_the_default_folder_is_scenarios_in_the_data_home(tmp_path, monkeypatch):
    """Plan 4.3: data_home() / "scenarios"."""
    monkeypatch.setenv("BARCLAY_DESKTOP_HOME", str(tmp_path))
    path = FS.store(spec(), ORDER, 1)
    assert path.parent == tmp_path / "scenarios"
    assert [i.name for i in FS.list_scenarios()] == ["Docks at dawn"]


def test_a_name_is_saved_once_unless_replaced(tmp_path):
    """Plan 4.3: names are unique per folder; saving over asks first (replace=True)."""
    saved(tmp_path)
    with pytest.raises(FS.ScenarioFileError, match="is saved already"):
        FS.store(spec(name="DOCKS at dawn", stages=9), ORDER, 1, folder=tmp_path)
    FS.store(spec(name="Docks at dawn", stages=9), ORDER, 1, folder=tmp_path, replace=True)
    assert FS.read(tmp_path / "docks_at_dawn.json")["scenario"]["stages"] == 9
    with pytest.raises(FS.ScenarioFileError, match="letters or digits"):
        FS.path_for("!!!", tmp_path)


def test_listing_names_sorts_and_describes(tmp_path):
    """Plan 4.1/4.3: the new-game form lists each saved scenario by name with its facts (F35: board, level, option)."""
    saved(tmp_path, "Zebra")
    saved(tmp_path, "alpha", level="advanced", option="chestnuts")
    infos = FS.list_scenarios(tmp_path)
    assert [i.name for i in infos] == ["alpha", "Zebra"] and all(i.ok for i in infos)
    assert infos[0].facts == {"sectors": 4, "level": "advanced", "option": "chestnuts", "stages": 10}
    assert infos[0].spec["title"] == "alpha"


def write(folder, name, text):
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def good_doc():
    return FS.document(spec(), ORDER, 5, saved_at="2026-12-06T17:30:00+00:00")


def edited(**changes):
    doc = json.loads(json.dumps(good_doc()))
    for key, value in changes.items():
        doc[key] = value
    return json.dumps(doc)


def scenario_edit(**changes):
    doc = json.loads(json.dumps(good_doc()))
    doc["scenario"].update(changes)
    return json.dumps(doc)


@pytest.mark.parametrize("text, reason", [
    (json.dumps(good_doc())[:200], "cut short"),
    ('{"format": "barclay-desktop-save", "version": 1}', "not a Barclay Desktop scenario file"),
    (edited(version=2), "made by a newer version"),
    (edited(version=0), "no valid format version"),
    (edited(seed="x"), "header is incomplete"),
    (scenario_edit(grid=[["hitlerplatz", "police", None, "administrative"], [None, "city", None, None]]),
     "touch the rest of the board"),
    (scenario_edit(networks={POLISH: NETWORKS[POLISH], GERMAN: ["glaubel", "bruno_dreher", "nobody", "stedtke"]}),
     "agent this version does not know"),
    (scenario_edit(level="basic"), "at least the extended rules"),
    (edited(name="Other"), "name does not match"),
    (edited(builder={"order": [ORDER[0], *ORDER[2:], ORDER[1]]}), "in turn"),
])
def test_damaged_and_newer_files_are_refused_with_their_sentence(tmp_path, text, reason):
    """A truncated file, a wrong format, version 2 (newer), an illegal grid, an unknown agent, a refused option, a
    header or order that does not fit: each refused with its sentence, and listed as damaged with it."""
    path = write(tmp_path, "bad.json", text)
    with pytest.raises(FS.ScenarioFileError, match=reason):
        FS.read(path)
    [info] = FS.list_scenarios(tmp_path)
    assert not info.ok and reason in info.message and info.name == "bad"


def test_one_bad_file_does_not_hide_the_others_and_nothing_is_rewritten(tmp_path):
    """A listing never fails because of one file, and reading or listing never changes a file's bytes."""
    saved(tmp_path)
    write(tmp_path, "broken.json", "{")
    write(tmp_path, "deep.json", "[" * 5000 + "]" * 5000)
    write(tmp_path, "newer.json", edited(version=7))
    (tmp_path / "folder.json").mkdir()  # not a file: skipped
    before = {p.name: p.read_bytes() for p in tmp_path.glob("*.json") if p.is_file()}
    infos = {i.path.name: i for i in FS.list_scenarios(tmp_path)}
    assert set(infos) == {"docks_at_dawn.json", "broken.json", "deep.json", "newer.json"}
    assert infos["docks_at_dawn.json"].ok and not any(infos[n].ok for n in ("broken.json", "deep.json", "newer.json"))
    FS.read(tmp_path / "docks_at_dawn.json")
    assert {p.name: p.read_bytes() for p in tmp_path.glob("*.json") if p.is_file()} == before


def test_an_older_version_is_upgraded_in_memory_only(tmp_path, monkeypatch):
    """Versions are upgraded one step at a time, like saves; the file on disk stays as it was."""
    monkeypatch.setattr(FS, "CURRENT_VERSION", 2)
    monkeypatch.setitem(FS.UPGRADES, 1, lambda d: {**d, "version": 2})
    path = write(tmp_path, "old.json", edited(version=1))
    raw = path.read_bytes()
    assert FS.read(path)["version"] == 2
    assert path.read_bytes() == raw
    monkeypatch.setitem(FS.UPGRADES, 1, lambda d: d["missing"])
    with pytest.raises(FS.ScenarioFileError, match="cannot be brought up to date"):
        FS.read(path)


def test_store_refuses_what_it_cannot_read_back(tmp_path):
    """F33: a spec the rules refuse (20 stages) is never written."""
    bad = spec()
    bad["stages"] = 20
    with pytest.raises(FS.ScenarioFileError, match="4 to 15 stages"):
        FS.store(bad, ORDER, 1, folder=tmp_path)
    assert not list(tmp_path.iterdir())


def test_delete_only_in_the_scenarios_folder(tmp_path):
    """Plan 4.3: deleting is offered (on the new-game form, for the picked saved scenario), for the scenarios folder
    only."""
    path = saved(tmp_path)
    other = tmp_path / "sub"
    other.mkdir()
    stray = write(other, "x.json", "{}")
    with pytest.raises(FS.ScenarioFileError, match="Only files in the scenarios folder"):
        FS.delete(stray, tmp_path)
    FS.delete(path, tmp_path)
    assert not path.exists() and stray.exists()
    assert FS.list_scenarios(tmp_path) == []


def test_a_delete_the_system_refuses_is_a_sentence_and_the_file_stays(tmp_path, monkeypatch):
    """A read-only folder or a file in use: the player is told why, nothing crashes; a file already gone is no
    error (the player wanted it gone)."""
    path = saved(tmp_path)

    def refused(self, missing_ok=False):
        raise PermissionError(13, "Permission denied")

    with monkeypatch.context() as patch:
        patch.setattr(type(path), "unlink", refused)
        with pytest.raises(FS.ScenarioFileError, match="Could not delete the scenario: Permission denied"):
            FS.delete(path, tmp_path)
    assert path.exists()
    FS.delete(path, tmp_path)
    FS.delete(path, tmp_path)  # gone already
    assert not path.exists()


DESCRIBE_IN_A_FRESH_PROCESS = """
import sys
from barclay_desktop import saves
from barclay_desktop.rules.stawka import free_scenario
assert not free_scenario._registry
info = saves.describe(sys.argv[1])
print(info.ok, info.message)
print(dict(info.facts)["Scenario"])
loaded = saves.load(sys.argv[1])
print(loaded.game.state.scenario)
"""


def test_a_saved_free_game_is_listed_and_loaded_by_a_fresh_process(store):
    """F35: the load screen (a fresh process, nothing registered) lists, names and restores a free game from the
    save alone; the whole save check (restore, show, play on, undo) passes."""
    import subprocess
    import sys

    from barclay_desktop.session import GameSession, SeatSetup

    game = StawkaGame.new({"scenario": "free", "free": spec(level="advanced", option="chestnuts")}, seed=2)
    session = GameSession(game, [SeatSetup(POLISH, "human", "Ann"), SeatSetup(GERMAN, "human", "Ben")], store=store,
                          hide_private=False)
    for _ in range(3):
        seat = session.game.current_seat()
        assert session.act(session.game.legal_actions(seat)[0], seat).ok
    store.flush()
    out = subprocess.run([sys.executable, "-c", DESCRIBE_IN_A_FRESH_PROCESS, str(session.autosave_path)],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == ["True ", "Free scenario: Docks at dawn", game.state.scenario]
