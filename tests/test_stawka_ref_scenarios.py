"""Issue 36 ("each scenario's rules text and starting map are in the in-app reference"): the Stawka
reference's Scenarios tab. Each of the six scenarios shows its own board with every agent the file gives
a printed start standing on that space (and the Black Audi in Top Secret), the agents the players place
beside the map with the placement rule, and notes from the file (rules level, stages, card limit); the
rail switches by click and by Up/Down; nothing drawn is cut or overlapping in English, Dutch and Polish."""

from __future__ import annotations

import json
import math

import pygame
import pytest

from barclay_desktop import i18n
from barclay_desktop.resources import map_path
from barclay_desktop.rules.stawka.scenario import board_for_scenario
from barclay_desktop.scenes.stawka import pieces as P
from barclay_desktop.scenes.stawka import ref_scenarios as RS
from barclay_desktop.scenes.stawka.board import BoardArt
from barclay_desktop.scenes.stawka.ref import StawkaReferenceScene
from barclay_desktop.ui import text_record

from . import client_helpers
from .client_helpers import click, press
from .stawka_client_helpers import record_piece_labels
from .text_layout import frame_problems

FILMS = ("i_know_who_you_are", "hotel_excelsior", "top_secret")


@pytest.fixture(autouse=True)
def back_to_english():
    yield
    i18n.set_language(i18n.ENGLISH)


def scenario_file(scenario_id: str) -> dict:
    return json.loads(map_path("scenarios", f"{scenario_id}.json").read_text(encoding="utf-8"))


def open_tab(app, through_rules: bool = False) -> StawkaReferenceScene:
    """The reference's Scenarios tab, by its tab's click; opened straight (the rules screen's text costs half a
    second to lay out) unless `through_rules`, the way a player comes to it."""
    if through_rules:
        scene = client_helpers.open_reference(app, "stawka", StawkaReferenceScene)[1]
    else:
        scene = client_helpers.push_reference(app, StawkaReferenceScene)
    click(app, next(r for r, t, _l in scene.tabs() if t == "scenarios").center)
    assert scene.tab == "scenarios"
    return scene


def choose(app, scene, scenario_id: str) -> None:
    click(app, next(r for r, s in scene.scenarios.rail_rects() if s == scenario_id).center)
    assert scene.scenarios.chosen == scenario_id


def space_under(scenario_id: str, screen_pos, tab) -> str:
    """The board space nearest to a screen point, read back through the map's zoom and corner."""
    zoom, (ox, oy) = tab.map_geometry(scenario_id)
    board = board_for_scenario(scenario_id)
    bx, by = (screen_pos[0] - ox) / zoom, (screen_pos[1] - oy) / zoom
    return min(board.spaces, key=lambda sid: math.dist(board.position(sid), (bx, by)))


def page_words(app, monkeypatch) -> str:
    """Every text of one frame: the shared pieces' labels and the wrapped blocks."""
    labels = record_piece_labels(monkeypatch)
    with text_record.recording() as rec:
        app.run_frames(1)
    return " ".join([*labels, *(item.text for item in rec.items)])


def test_the_tab_lists_the_six_scenarios_as_the_new_game_form_names_them(app):
    scene = open_tab(app, through_rules=True)
    entries = [s for _r, s in scene.scenarios.rail_rects()]
    assert entries == ["meeting", "first_clash", "chestnuts", "i_know_who_you_are", "hotel_excelsior", "top_secret",
                       "free"]
    with text_record.recording() as rec:
        app.run_frames(1)
    drawn = " ".join(item.text for item in rec.items)  # a long name takes two lines, one after the other
    for label in ("Training 1: Meeting", "Training 2: First Clash", "Training 3: Chestnuts", "I Know Who You Are",
                  "Hotel Excelsior", "Top Secret", "Free scenarios"):
        assert label in drawn, label
    rects = [r for r, _s in scene.scenarios.rail_rects()]
    assert all(a.bottom < b.y for a, b in zip(rects, rects[1:])) and rects[-1].bottom <= 720


@pytest.mark.parametrize("scenario_id", RS.SCENARIO_IDS)
def test_each_scenario_draws_its_board_with_the_printed_starts_on_their_spaces(app, monkeypatch, scenario_id):
    figures = []
    figure = P.figure

    def recording(surface, agent, center, r, **kw):
        figures.append((agent["colour"], agent["side"], tuple(center)))
        return figure(surface, agent, center, r, **kw)

    monkeypatch.setattr(P, "figure", recording)
    blits = []
    art = BoardArt.for_scenario(scenario_id)
    scaled = art.scaled

    def scaled_recording(zoom):
        blits.append(zoom)
        return scaled(zoom)

    monkeypatch.setattr(art, "scaled", scaled_recording)
    scene = open_tab(app)
    choose(app, scene, scenario_id)
    tab = scene.scenarios
    data = scenario_file(scenario_id)
    board = board_for_scenario(scenario_id)
    # this scenario's own board, scaled to fit the map area whole
    zoom = blits[-1]
    assert art.size == (board.width_px, board.height_px)
    assert art.size[0] * zoom <= RS.MAP.w + 1 and art.size[1] * zoom <= RS.MAP.h + 1
    # every printed start drawn, on the space the file names, and nobody else on the map
    assert set(tab.drawn) == set(data["start"])
    together: dict[str, list[str]] = {}
    for who, where in data["start"].items():
        together.setdefault(where, []).append(who)
    for where, group in together.items():  # agents sharing a space stand side by side, centred on it
        xs, ys = [tab.drawn[w][0] for w in group], {tab.drawn[w][1] for w in group}
        assert len(ys) == 1 and max(xs) - min(xs) <= len(group) * (2 * RS.FIGURE_R + 4), group
        centre = (sum(xs) / len(xs), ys.pop())
        assert space_under(scenario_id, centre, tab) == board.location(where).id, group
    for who in data["start"]:
        if who != RS.VEHICLE:
            side = next(s for s, ids in data["networks"].items() if who in ids)
            assert (RS.content.agent(who).colour, side, tab.drawn[who]) in figures


def test_marta_becher_stands_as_a_polish_agent_in_i_know_who_you_are(app, monkeypatch):
    figures = []
    figure = P.figure
    monkeypatch.setattr(P, "figure", lambda s, agent, c, r, **kw: figures.append((agent, tuple(c)))
                        or figure(s, agent, c, r, **kw))
    scene = open_tab(app)
    choose(app, scene, "i_know_who_you_are")
    marta = [agent for agent, c in figures if c == scene.scenarios.drawn["marta_becher"]]
    assert marta and marta[-1] == {"colour": "blue", "side": "polish"}


def test_the_black_audi_starts_at_the_barracks_in_top_secret(app):
    scene = open_tab(app)
    choose(app, scene, "top_secret")
    assert space_under("top_secret", scene.scenarios.drawn["black_audi"], scene.scenarios) == "military.barracks"
    for sid in RS.SCENARIO_IDS[:-1]:
        choose(app, scene, sid)
        assert "black_audi" not in scene.scenarios.drawn


@pytest.mark.parametrize("scenario_id, placed, rule_words", [
    ("first_clash", ["ingrid_heizer", "jacek", "glaubel", "marta_becher"],
     ("the German player first", "outside the Police sector", "Agents may share a location.")),
    ("chestnuts", ["hans_kloss", "ingrid_heizer", "jacek", "georg", "hermann_brunner", "marta_becher", "glaubel",
                   "bruno_dreher"],
     ("the German player first", "each on a location.", "At most one agent of each network may start in a sector.")),
])
def test_agents_the_players_place_stand_beside_the_map_with_the_rule(app, scenario_id, placed, rule_words):
    scene = open_tab(app)
    choose(app, scene, scenario_id)
    with text_record.recording() as rec:
        app.run_frames(1)
    assert scene.scenarios.placed_drawn == placed
    assert not set(placed) & set(scene.scenarios.drawn)  # not on the map: they have no printed start
    text = " ".join(item.text for item in rec.items)
    for words in rule_words:
        assert words in text, words


def test_scenarios_with_every_start_printed_place_nobody_beside_the_map(app):
    scene = open_tab(app)
    for sid in ("meeting", *FILMS):
        choose(app, scene, sid)
        assert scene.scenarios.placed_drawn == []
        assert len(scene.scenarios.drawn) >= 4


@pytest.mark.parametrize("scenario_id, facts", [
    ("meeting", ("BASIC", "8 stages", "not used (ADVANCED rules only)", "Oberleutnant of the Abwehr")),
    ("first_clash", ("EXTENDED", "8 stages", "chosen on the new-game form")),
    ("chestnuts", ("ADVANCED", "10 stages", "up to 2 in hand")),
    ("i_know_who_you_are", ("ADVANCED", "8 stages", "up to 3 in hand", "radio station")),
    ("hotel_excelsior", ("ADVANCED", "no stage limit", "up to 3 in hand", "room 217")),
    ("top_secret", ("ADVANCED", "15 stages", "up to 3 in hand", "Pulkowski")),
])
def test_the_notes_give_the_files_rules_level_stages_and_card_limit(app, monkeypatch, scenario_id, facts):
    scene = open_tab(app)
    choose(app, scene, scenario_id)
    text = page_words(app, monkeypatch)
    for words in ("HOW TO WIN", "SPECIAL RULES", "RULES", "STAGES", "LOCATION CARDS", *facts):
        assert words in text, words
    # a scenario the new-game form lists as coming says so here too (and stops saying it once playable)
    assert ("Not playable yet" in text) == (not RS.scenario_pick(scenario_id).playable)


def test_up_and_down_step_through_the_rail_and_wrap(app):
    scene = open_tab(app)
    entries = scene.scenarios.entries()
    seen = [scene.scenarios.chosen]
    for _ in entries:
        press(app, pygame.K_DOWN)
        seen.append(scene.scenarios.chosen)
    assert seen == [*entries, entries[0]]
    press(app, pygame.K_UP)
    assert scene.scenarios.chosen == "free"
    assert scene.tab == "scenarios"  # the keys move the rail, not the tabs


def test_pointing_at_a_figure_names_him_and_his_starting_place(app, monkeypatch):
    scene = open_tab(app)
    choose(app, scene, "meeting")
    pos = scene.scenarios.drawn["hans_kloss"]
    words = record_piece_labels(monkeypatch)
    app.run_frames(1)
    assert not [w for w in words if ": " in w and "Hans Kloss" in w]
    app.run_frames(1, inject={0: [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))]})
    assert "Hans Kloss: Officers' apartments" in words


def test_the_free_page_says_how_to_build_one(app):
    scene = open_tab(app)
    choose(app, scene, "free")
    with text_record.recording() as rec:
        app.run_frames(1)
    text = " ".join(item.text for item in rec.items)
    assert "Free scenario: build a new one" in text and "4 to 7 sectors" in text
    assert scene.scenarios.drawn == {}


@pytest.mark.parametrize("lang", ("en", "nl", "pl"))
def test_every_page_renders_whole_at_1280x720(app, tmp_path, lang):
    """The render check: no text cut, wider than its box or over another, on any page of the tab."""
    i18n.set_language(lang)
    scene = open_tab(app)
    for sid in scene.scenarios.entries():
        choose(app, scene, sid)
        assert frame_problems(app, 2) == [], sid
        path = tmp_path / f"ref_{lang}_{sid}.png"
        pygame.image.save(pygame.display.get_surface(), str(path))
        assert path.stat().st_size > 10_000


def test_the_tab_draws_no_text_that_missed_the_catalogue(app, monkeypatch):
    words = record_piece_labels(monkeypatch)
    i18n.set_language(i18n.PSEUDO)
    scene = StawkaReferenceScene(app)
    scene.tab = "scenarios"
    surface = pygame.Surface((1280, 720))
    with text_record.recording() as rec:
        for sid in scene.scenarios.entries():
            scene.scenarios.chosen = sid
            scene.draw(surface)
    drawn = words + [item.text for item in rec.items]
    assert len(drawn) > 100
    assert not sorted({w for w in drawn if i18n.is_english_left(w)})
