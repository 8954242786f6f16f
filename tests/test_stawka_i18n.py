"""Stawka in three languages (issue 37): the table's art and overlays, the board's painted labels
and the reference draw nothing that missed the catalogue; the rules' words reach the screen in
Polish; a log line keeps its ids through a save."""

from __future__ import annotations

import pygame
import pytest

from barclay_desktop import i18n
from barclay_desktop.rules import game_class
from barclay_desktop.rules.core.message import Message
from barclay_desktop.rules.stawka import texts as T
from barclay_desktop.scenes.stawka import board as board_art
from tests.stawka_positions import open_table
from tests.stawka_client_helpers import record_piece_labels


@pytest.fixture(autouse=True)
def back_to_english():
    yield
    i18n.set_language(i18n.ENGLISH)


@pytest.fixture
def drawn_words(monkeypatch):
    """Every text the Stawka pieces render (art.py, overlays.py and pieces.py draw through
    pieces.label), recorded while the test runs."""
    return record_piece_labels(monkeypatch)


def english(words) -> list[str]:
    return sorted({w for w in words if i18n.is_english_left(w)})


def test_the_table_and_its_overlays_draw_no_text_that_missed_the_catalogue(app, drawn_words):
    """Pseudo-locale over the table at a conversation re-roll (dice slip of a conversation, the
    decision's buttons), then with the cheat sheet and with the whole log open."""
    i18n.set_language(i18n.PSEUDO)
    table = open_table(app, "conversation_reroll")
    table.dice_left = 0
    app.run_frames(1)
    for toggle in ("show_sheet", "show_log"):
        setattr(table, toggle, True)
        app.run_frames(1)
        setattr(table, toggle, False)
    table.mouse = table.agent_card_rect(0).center  # his document over the board
    table.draw_hover(pygame.Surface((1280, 720)), table.current_view()[1])
    buttons = [c.label for c in table.controls if c.kind in ("button", "toggle")]
    # translate() accents any text under xx, so the menu's labels must be Messages to be said in Polish
    assert buttons and all(isinstance(label, Message) for label in buttons), buttons
    assert len(drawn_words) > 100  # the check saw the table, not an empty screen
    assert not english(drawn_words), english(drawn_words)


def test_an_open_table_speaks_the_new_language_after_a_change(app, drawn_words):
    """Issue 37: the change applies without restarting where the scene allows. The table's cached
    regions and the board's painted labels follow i18n.generation() / the language."""
    table = open_table(app, "choose_agent")
    english_board = table.board_art
    drawn_words.clear()
    i18n.set_language("pl")
    app.run_frames(1)
    assert "AGENCI" in drawn_words and "AGENTS" not in drawn_words
    assert table.board_art is not english_board


def test_the_board_paints_its_map_labels_in_the_players_language():
    """maps/stawka/*.tmx labels (locations, sectors, streets) and the one-side plates."""
    from barclay_desktop.rules.stawka import board

    i18n.set_language(i18n.PSEUDO)
    painted = [board_art.only_path_label("german"), board_art.only_path_label("polish")]
    for face_id in board.face_ids():
        face = board.load_face(face_id)
        painted.append(board_art.sector_label(face.title))
        painted += [board_art.location_label(s.label) for s in face.spaces]
    assert len(painted) > 200
    assert not english(painted), english(painted)


def test_the_reference_draws_no_text_that_missed_the_catalogue(app, drawn_words):
    from barclay_desktop.scenes.stawka.ref import StawkaReferenceScene
    from barclay_desktop.ui import text_record

    i18n.set_language(i18n.PSEUDO)
    scene = StawkaReferenceScene(app)
    surface = pygame.Surface((1280, 720))
    with text_record.recording() as rec:
        for tab in ("agents", "items", "planning"):
            scene.tab = tab
            scene.draw(surface)
        scene.select_agent("hans_kloss")  # three documents: the document buttons and the setup note
        scene.tab = "agents"
        scene.draw(surface)
    words = drawn_words + [item.text for item in rec.items]
    assert not english(words), english(words)


def test_a_refusal_and_a_log_line_reach_the_screen_in_polish():
    """The rules build Messages; the client says them in Polish (docs/i18n.md, Messages)."""
    from barclay_desktop.scenes.stawka.art import log_text

    from barclay_desktop.rules.stawka import actions as A

    game = game_class("stawka").new(seed=3)
    i18n.set_language("pl")
    why = game.explain_illegal("polish", A.EndActivation())  # still planning: no activation to end
    assert why == "Stage 1 has not started yet: first choose a planning card."
    assert i18n.translate(why) == "Etap 1 jeszcze się nie zaczął: najpierw wybierz kartę planowania."
    stage_line = next(e for e in game.view("polish")["log"] if e["kind"] == "stage")
    assert stage_line["text"].startswith("Stage 1 of ")
    assert log_text(stage_line).startswith("Zaczyna się etap 1 z ")


def test_a_log_line_is_saved_with_its_ids_and_shown_in_dutch_after_a_load():
    from barclay_desktop.scenes.stawka.art import log_text

    cls = game_class("stawka")
    game = cls.new(seed=5)
    seat = game.current_seat()
    game.apply(game.legal_actions(seat)[0], seat)  # "You chose ... (priority ..., ... AP)."
    loaded = cls.from_json(game.to_json())
    chosen = next(e for e in loaded.view(seat)["log"] if e["kind"] == "plan_chosen")
    i18n.set_language("nl")
    assert chosen["msg"]["params"]["card"]["ctx"] == "planning card name"
    assert log_text(chosen).startswith("Je koos ")


def test_places_and_colours_are_words_of_the_catalogue():
    """A street keeps its number; an unknown label passes unchanged."""
    i18n.set_language("pl")
    assert i18n.translate(T.place("Railway street 3")) == "ul. Kolejowa 3"
    assert i18n.translate(T.place("Hotel")) == "Hotel"
    assert i18n.translate(T.place("Somewhere else")) == "Somewhere else"
    assert i18n.translate(T.colour("yellow")) == "żółty"


def test_the_reason_a_game_ended_is_saved_with_its_ids():
    """The game-over page translates result.reason: after a load it is still a Message."""
    from tests.stawka_positions import position

    loaded = game_class("stawka").from_json(position("over"))
    reason = loaded.result.reason
    assert isinstance(reason, Message), reason
    i18n.set_language("pl")
    assert i18n.translate(reason) != reason and i18n.translate(reason).endswith(".")
