"""The free-scenario builder by mouse (issue 36; rulebook Free Scenarios L456-L474; F29-F35): from the new-game
form's "build a new one" through the five screens, the computer laying its sectors, refusals in the rules' words,
the saved file, the form picking it and the game starting on the built board; a damaged file listed with its reason
and kept byte for byte."""

from __future__ import annotations

import json
import random

import pygame

from barclay_desktop import free_scenarios as store
from barclay_desktop.rules.stawka import free_scenario as F
from barclay_desktop.scenes.new_game import NewGameScene
from barclay_desktop.scenes.stawka.builder import BuilderScene
from barclay_desktop.scenes.stawka.table import StawkaTableScene
from tests.client_helpers import click
from tests.test_stawka_chestnuts_client import pick

BUILD_LABEL = "Free scenario: build a new one"


def open_form(app) -> NewGameScene:
    form = NewGameScene(app, "stawka")
    app.push(form)
    app.run_frames(2)
    return form


def open_builder(app) -> tuple[NewGameScene, BuilderScene]:
    form = open_form(app)
    pick(app, form.choice_menus["scenario"], BUILD_LABEL)
    builder = app.stack.top
    assert isinstance(builder, BuilderScene)
    assert form.picked["scenario"] == "meeting"  # "build" is never the form's pick itself
    return form, builder


def press(app, builder, key) -> None:
    button = builder.buttons[key]
    assert button.is_enabled, f"{key} is disabled"
    click(app, button)


def lay_by_mouse(app, builder, rng) -> None:
    """The person's sectors by a click on a tray tile and a glowing cell; the computer's come by themselves."""
    for _ in range(40):
        if len(builder.order) >= builder.sectors:
            return
        if builder.computer_lays_next():
            before = len(builder.order)
            app.run_frames(3, dt=0.3)  # the computer's pause (COMPUTER_PAUSE), then its sector
            assert len(builder.order) == before + 1
            continue
        face, row, col = rng.choice(F.legal_lays(builder.order))
        click(app, builder.tray_rects()[face].center)
        assert builder.face == face and (row, col) in builder.glowing()
        click(app, builder.board_rects()[(row, col)].center)
    raise AssertionError("the board was not finished")


def build(app, builder, *, sectors=5, layers="german", level="extended", option="first_clash", name="Docks at dawn"):
    press(app, builder, ("sectors", sectors))
    press(app, builder, ("layers", layers))
    press(app, builder, "next")
    assert builder.order[0][:3] == ["police", 0, 0]  # C: police first (L462)
    lay_by_mouse(app, builder, random.Random(sectors))
    whose = [who for *_cell, who in builder.order[1:]]
    assert whose == ["german", "polish", "german", "polish", "german", "polish"][:sectors - 1]  # D, E (F30)
    press(app, builder, "next")
    assert not builder.buttons["next"].is_enabled  # G: the agents are drawn before going on
    press(app, builder, "draw")
    press(app, builder, "next")
    press(app, builder, ("level", level))
    press(app, builder, "next")
    if option in F.allowed_options(level):
        press(app, builder, ("option", option))
    click(app, builder.name_entry)
    app.run_frames(1, inject={0: [pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in name]})
    press(app, builder, "save")


def test_a_built_scenario_is_saved_picked_on_the_form_and_played(app):
    """B-L in five screens; the German sectors laid by the computer (F30); the file holds the builder's order and
    seed (the plan's 4.3); the form lists and picks "Free: <name>"; Start sets up the built board with the drawn
    networks and its placement at the table (F29)."""
    form, builder = open_builder(app)
    build(app, builder)
    assert app.stack.top is form
    assert form.picked["scenario"] == "free:docks_at_dawn"
    doc = json.loads((store.scenarios_dir() / "docks_at_dawn.json").read_text(encoding="utf-8"))
    assert doc["name"] == "Docks at dawn" and doc["scenario"]["level"] == "extended"
    assert doc["scenario"]["victory_option"] == "first_clash" and len(doc["builder"]["order"]) == 5
    label = next(p.label for p in form.picks["scenario"] if p.value == "free:docks_at_dawn")
    assert label == "Free: Docks at dawn"
    assert "kloss_document" in form.choice_menus  # chosen before every game but Meeting (K3)
    click(app, form.start_button)
    table = app.stack.find(StawkaTableScene)
    assert table is not None
    state = table.game.state
    assert F.is_free(state.scenario) and state.phase == "placement"
    assert sorted(state.to_place) == sorted(doc["scenario"]["networks"]["polish"] + doc["scenario"]["networks"]["german"])


def test_the_tray_says_why_a_tile_may_not_be_laid(app):
    """K1: one face of a double-sided tile; the rules' sentence, not a silent grey tile."""
    _form, builder = open_builder(app)
    press(app, builder, ("sectors", 7))
    press(app, builder, "next")
    click(app, builder.tray_rects()["police"].center)
    assert "already on the board" in builder.error
    click(app, builder.board_rects()[(0, 1)].center)
    assert len(builder.order) == 1  # nothing laid with an unusable tile
    click(app, builder.tray_rects()["factory"].center)
    click(app, builder.board_rects()[(0, 1)].center)
    assert builder.order[-1][:3] == ["factory", 0, 1] and builder.order[-1][3] == "german"
    click(app, builder.tray_rects()["waterfront"].center)
    assert "back of the factory sector" in builder.error.lower()
    press(app, builder, "undo")
    assert len(builder.order) == 1


def test_victory_points_need_the_extended_rules(app):
    """F33: "First Clash" and "Chestnuts" count VP from missions, so at BASIC only "Basic" is offered."""
    _form, builder = open_builder(app)
    builder.step, builder.order = 4, F.lay([], "police", 0, 0)
    builder.level = "basic"
    builder.rebuild()
    assert builder.buttons[("option", "basic")].is_enabled
    assert not builder.buttons[("option", "first_clash")].is_enabled
    assert not builder.buttons[("option", "chestnuts")].is_enabled


def test_a_damaged_file_is_listed_with_its_reason_kept_and_never_started(app):
    """Bad input loses nothing: the file stays byte for byte, the form says why, Start refuses with the reason."""
    folder = store.scenarios_dir()
    folder.mkdir(parents=True, exist_ok=True)
    bad = folder / "broken.json"
    bad.write_bytes(b'{"format": "barclay-desktop-stawka-scenario", "version": 9')
    before = bad.read_bytes()
    form = open_form(app)
    entry = next(p for p in form.picks["scenario"] if p.value == "free:broken")
    assert not entry.playable and "(damaged)" in entry.label and entry.note
    pick(app, form.choice_menus["scenario"], form.pick_label(entry))
    click(app, form.start_button)
    assert app.stack.top is form and form.error == entry.note
    assert bad.read_bytes() == before


def test_a_built_scenario_plays_hot_seat_by_mouse_with_street_placement(app, seed=3):  # 7 sectors in a row
    """F29: placement on any space, street or location, alternately from the Polish player; every sampled legal
    action has its click on the built board, and nothing private is drawn for the wrong person (K12)."""
    from barclay_desktop.rules import game_class
    from barclay_desktop.rules.stawka import actions as A
    from barclay_desktop.session import GameSession
    from tests.stawka_client_helpers import hot_seat_to_stage
    from tests.test_stawka_client_advanced import HOT_SEAT, easy_chooser

    spec = F.random_spec(seed)
    game = game_class("stawka").new({"scenario": "free", "free": spec}, seed=seed)
    app.start_session(GameSession(game, list(HOT_SEAT), store=app.store))
    easy, streets = easy_chooser(seed), []

    def streets_first(rng, g, legal):  # place on streets by mouse too (Easy keeps to locations)
        street = [a for a in legal if isinstance(a, A.PlaceAgent) and ".s" in a.to]
        if street:
            streets.append(street[0])
            return street[0]
        return easy(rng, g, legal)

    hot_seat_to_stage(app, game, seed, chooser=streets_first)
    assert game.state.stage >= 3 or game.is_over()
    assert streets
