"""Damaged files never crash anything (issue 30, items 4 and 7): seeded mutations of the real
sample saves of all three games through the Load screen's own path, and the app's start."""

import collections
import json
import os
import random

import pytest

from barclay_desktop import saves
from barclay_desktop.app import App
from barclay_desktop.scenes.load import LoadScene
from barclay_desktop.scenes.game_table import SessionScene
from barclay_desktop.settings import settings_path
from tests.save_mutations import mutated_text, run_load_path, sample_docs

MUTATIONS = 200  # bench/save_fuzz.py runs 10,000 of the same kind


@pytest.fixture
def store(store):
    """conftest's store with its folder made: these tests write damaged files straight into it."""
    store.folder.mkdir(parents=True)
    return store


def test_the_samples_cover_all_three_games():
    games = {json.loads(text)["meta"]["game_id"] for text in sample_docs().values()}
    assert games == {"barclay", "spies_lies", "stawka"}


def test_mutated_saves_never_crash_the_load_path_and_stay_byte_identical(store):
    """Listed (describe via SaveStore.list), then, when listed as fine, loaded, resumed with
    GameSession.from_save and played one move; a damaged one must be refused with a reason.
    run_load_path raises on any crash, wrong listing or changed file."""
    texts = list(sample_docs().values())
    rng = random.Random(3004)
    outcomes = collections.Counter()
    path = store.folder / "mutated.json"
    for _ in range(MUTATIONS):
        path.write_text(mutated_text(texts, rng), encoding="utf-8")
        outcomes[run_load_path(path, store)] += 1
    # both sides are reached: harmless changes play on, harmful ones are caught
    assert outcomes["ok"] >= MUTATIONS // 5 and outcomes["damaged"] >= MUTATIONS // 3, outcomes


def header_repros() -> dict[str, str]:
    """The issue's header repros on the Spies & Lies sample: meta.seats = [1.5] raised in
    LoadScene.draw_background; describe() trusted meta.summary = "abc" and meta.seats = 5."""
    doc = json.loads(sample_docs()["v2-spies_lies.json"])
    out = {}
    for name, key, value in (("seats-float", "seats", [1.5]), ("summary-text", "summary", "abc"),
                             ("seats-five", "seats", 5)):
        bad = json.loads(json.dumps(doc))
        bad["meta"][key] = value
        out[f"{name}.json"] = json.dumps(bad)
    return out


def test_the_load_screen_draws_every_damaged_row_and_opens_a_good_one(app):
    folder = app.store.folder
    folder.mkdir(parents=True, exist_ok=True)
    rng = random.Random(3007)
    texts = list(sample_docs().values())
    files = {f"mutated-{i}.json": mutated_text(texts, rng) for i in range(8)} | header_repros()
    files["good.json"] = sample_docs()["v2-barclay.json"]
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    scene = LoadScene(app)
    app.push(scene)
    app.run_frames(2)
    app.wait_for_tasks()
    app.run_frames(1)
    assert len(scene.infos) == len(files)
    by_name = {i.path.name: i for i in scene.infos}
    assert not any(by_name[name].ok for name in header_repros())
    for index in range(len(scene.infos)):  # the detail panel of every row, damaged ones included
        scene.select(index)
        app.run_frames(1)
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before
    scene.select(scene.infos.index(by_name["good.json"]))
    scene.load_selected()
    app.wait_for_tasks()
    app.run_frames(2)
    assert app.stack.find(SessionScene) is not None


def test_start_removes_stale_temporary_files_and_tells_once_about_damaged_settings(tmp_path, monkeypatch):
    """Issue 30: hidden .autosave.<pid>.<tid>.tmp files left by kills were never cleaned; a
    damaged settings.json must start the app on defaults, kept byte-identical, told once."""
    monkeypatch.setenv(saves.HOME_ENV, str(tmp_path))
    settings_file = settings_path()
    settings_file.parent.mkdir(parents=True)
    settings_file.write_text('{"volume": ' + "9" * 5000 + "}")
    saves_folder = tmp_path / "saves"
    saves_folder.mkdir()
    stale = [saves_folder / ".autosave.4194305.3.tmp", settings_file.parent / ".settings.4194305.3.tmp"]
    for path in stale:
        path.write_text("{")
        os.utime(path, (1_000_000, 1_000_000))  # 1970: long stale whoever wrote it
    application = App()
    try:
        application.start()
        application.run_frames(2)
        application.wait_for_tasks()
        assert not any(path.exists() for path in stale)
        warnings = [text for text, _, _ in application.notices if "settings" in text]
        assert len(warnings) == 1 and "defaults" in warnings[0]
        assert application.settings.volume == 0.5
    finally:
        application.shutdown()
    assert settings_file.read_text() == '{"volume": ' + "9" * 5000 + "}"
