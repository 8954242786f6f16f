"""Issue 37, Stratego Spies & Lies in three languages: the rules' texts are Messages the client
translates, a save keeps their ids, and under the pseudo-locale no text drawn by the Spies & Lies
screens (table options, the table while deploying, a reveal, the end-of-day summary, the game
over panel, the troops reference) is left in English."""

from __future__ import annotations

import json
import random
import sys

import pytest

from barclay_desktop import i18n
from barclay_desktop.rules import game_class
from barclay_desktop.rules.spies_lies import actions as A
from barclay_desktop.rules.spies_lies.data import troops
from barclay_desktop.ui import text_record


@pytest.fixture(autouse=True)
def back_to_english():
    yield
    i18n.set_language(i18n.ENGLISH)


def rules_texts(game, rng) -> list[str]:
    """Every prompt, a refusal of each kind of wrong move, every log line and the result of one
    game played at random (the texts a player reads from the rules)."""
    out = []
    bad = (A.Deploy(9, 4), A.Guess(3), A.IntelChip(2, True), A.CaptainBorrow(5), A.Withdraw(2), A.MarshalTen(),
           A.Deceive(), A.ConfirmDeploy())
    while not game.is_over():
        seat = game.current_seat()
        legal = game.legal_actions(seat)
        out += [game.prompt(s) for s in game.seats]
        out += [game.explain_illegal(seat, a) for a in bad if a not in legal]
        game.apply(rng.choice(legal))
    rows = [word for row in game.summary_rows(game.summary()) for word in row]  # the save listing's facts
    return (out + [e.text for e in game.state.log] + [game.result.reason, game.prompt(game.seats[0])] + rows
            + list(game.STEP_WORDS.values()))


@pytest.mark.parametrize("options", [{}, {"teams": True, "open_table": True}])
def test_every_rules_text_goes_through_the_catalogue(options):
    """Log lines, prompts, refusals and results all come out of translate() pseudo-accented:
    none is built as plain English the catalogue cannot know."""
    game = game_class("spies_lies").new(options, seed=11)
    texts = rules_texts(game, random.Random(11))
    i18n.set_language(i18n.PSEUDO)
    left = sorted({i18n.translate(t) for t in texts if i18n.is_english_left(i18n.translate(t))})
    assert len(texts) > 300 and not left, "\n".join(left[:20])


def test_a_log_line_is_saved_with_its_ids_and_read_in_polish():
    """A reveal's log line (words inside words: sides, troop names) survives a save as ids and
    data, and is said in Polish after the load; the English text stays as the rules wrote it."""
    cls = game_class("spies_lies")
    game = cls.new(seed=5)
    rng = random.Random(5)
    while not any(e.kind == "reveal" for e in game.state.log):
        game.apply(rng.choice(game.legal_actions(game.current_seat())))
    loaded = cls.from_json(json.loads(json.dumps(game.to_json())))
    line = next(e.text for e in loaded.state.log if e.kind == "reveal")
    assert line == next(e.text for e in game.state.log if e.kind == "reveal")
    i18n.set_language("pl")
    polish = i18n.translate(line)
    assert polish != line and "przeciwnika" in polish and "Mission" not in polish


def test_a_loaded_games_result_is_said_in_dutch():
    """The state keeps the result's English words; the load gives them back their ids from the
    log's game-over line, so the Orders and the game-over page say them in the player's language."""
    cls = game_class("spies_lies")
    game = cls.new(seed=8)
    rng = random.Random(8)
    while not game.is_over():
        game.apply(rng.choice(game.legal_actions(game.current_seat())))
    loaded = cls.from_json(json.loads(json.dumps(game.to_json())))
    assert loaded.result.reason == game.result.reason and loaded.prompt("red") == game.result.reason
    i18n.set_language("nl")
    dutch = i18n.translate(loaded.result.reason)
    assert dutch.startswith("Na dag 3") and i18n.translate(loaded.prompt("blue")) == dutch


def test_dutch_cards_show_each_troop_once_by_the_rulebooks_name():
    """S8: in English the Dutch name stands under the English one; in Dutch the rulebook's name
    (Spionne, Verkenner, Mineur) is the name, shown once; the Sergeant is never shown twice."""
    from barclay_desktop.scenes.spies_lies.cards import troop_words

    assert troop_words("Spy", "Spionne") == ("Spy", "Spionne")
    assert troop_words("Sergeant", "Sergeant") == ("Sergeant", "")
    i18n.set_language("nl")
    assert [troop_words(t["name"], t["name_nl"]) for t in troops().values()][:3] == [
        ("Spionne", ""), ("Verkenner", ""), ("Mineur", "")]
    assert all(troop_words(t["name"], t["name_nl"])[0] == t["name_nl"] for t in troops().values())
    i18n.set_language("pl")
    assert troop_words("Miner", "Mineur") == ("Saper", "Mineur")


# ----- the screens under the pseudo-locale -------------------------------------------------------
# The Dutch originals stand under the names in every language (S8): the rulebook's words, not ours.
DUTCH_ORIGINALS = sorted({t["name_nl"] for t in troops().values()}, key=len, reverse=True)
SPIES_CODE = "/scenes/spies_lies/"
PRIMITIVES = ("/barclay_desktop/ui/draw.py", "/barclay_desktop/ui/text_record.py", "/barclay_desktop/ui/fonts.py")


class WhoDrew(text_record.TextRecorder):
    """A text recorder that keeps every text drawn (a panel drawn over one does not hide it
    from this check) and notes which ones the Spies & Lies code asked for."""

    def __init__(self):
        super().__init__()
        self.drawn: list[tuple[str, str]] = []  # (scene, text) of everything drawn
        self.mine: list[tuple[str, str]] = []  # (scene, text) drawn by the Spies & Lies code

    def add(self, surface, text, rect, box=None, font=None) -> None:
        frame = sys._getframe(1)
        while frame is not None and frame.f_code.co_filename.endswith(PRIMITIVES):
            frame = frame.f_back
        if text.strip():
            self.drawn.append((self.layer, text))
            if frame is not None and SPIES_CODE in frame.f_code.co_filename:
                self.mine.append((self.layer, text))
        super().add(surface, text, rect, box, font)


def english(texts) -> list[str]:
    out = set()
    for layer, text in texts:
        if len(text.strip()) == 1:
            continue  # a chip's glyph ("i", "?"), not a word
        bare = text
        for name in DUTCH_ORIGINALS:
            bare = bare.replace(name, "")
        if i18n.is_english_left(bare):
            out.add(f"{layer}: {text!r}")
    return sorted(out)


def test_the_spies_screens_draw_no_text_that_missed_the_catalogue(app, monkeypatch):
    """Plays into each screen with the mouse under the pseudo-locale: the table options (two
    against two, open table), the table through day 1 (deploying, chips, guessing, a reveal
    report, the day's summary, the draws), the troops reference and the game-over panel.
    Everything drawn on the way (the shared curtain, Orders strip and buttons too) must have
    been translated, and the Spies & Lies code must have drawn on each of its screens."""
    import pygame

    from barclay_desktop.scenes.spies_lies.setup import SpiesSetupScene, draw_game_over_panel
    from barclay_desktop.scenes.spies_lies.table import SpiesTableScene
    from barclay_desktop.scenes.spies_lies.troops_ref import SpiesTroopsScene
    from barclay_desktop.scenes.menu import folder_rects
    from tests.client_helpers import click
    from tests.spies_client_helpers import drive
    from tests.text_layout import widgets_of

    app.settings.animation_speed = 0  # the words, not the motion: no frames spent on glides
    i18n.set_language(i18n.PSEUDO)
    recorder = WhoDrew()
    monkeypatch.setattr(text_record, "active", recorder)
    click(app, folder_rects()["spies_lies"].center)
    click(app, app.stack.top.start_button)
    setup = app.stack.top
    assert isinstance(setup, SpiesSetupScene)
    options = setup.option_rects()
    click(app, options[("players", "teams")].center)  # the four agents' rows and name fields
    placeholders = [("spies_setup", entry.placeholder_text) for entry in setup.names.values()]
    for choice in (("players", "two"), ("table", "open")):  # two players: a day is played sooner
        click(app, options[choice].center)
    click(app, setup.begin_rect().center)
    prompts, summary_seen = set(), []

    def look(app):
        if isinstance(app.stack.top, SpiesTableScene):
            prompts.add(("orders", app.stack.top.prompt_text()))
            summary_seen.append(app.stack.top.summary_up())

    stats = drive(app, random.Random(3), on_frame=look,
                  stop=lambda a: isinstance(a.stack.top, SpiesTableScene) and any(summary_seen)
                  and not a.stack.top.summary_up())
    app.run_frames(1)  # the draws for day 2
    assert stats["reports"] and stats["summaries"] and {"deploy", "mission:guess"} <= stats["phases"]
    table = app.stack.top
    widgets = [(table.name, getattr(w, "text", "") or "") for w in widgets_of(table)]
    app.push(SpiesTroopsScene(app))
    app.run_frames(2)
    recorder.layer = "game_over"
    draw_game_over_panel(pygame.Surface((560, 380)), pygame.Rect(0, 0, 560, 380), finished_session())
    drawn = {layer for layer, _text in recorder.mine}
    assert {"spies_setup", "spies_table", "spies_troops", "game_over"} <= drawn and len(placeholders) == 4
    left = english(recorder.drawn + placeholders + sorted(prompts) + widgets)
    assert not left, "\n".join(left)


def finished_session():
    """A two-player game played to its end (rules only), as the game-over page shows it."""
    from barclay_desktop.session import GameSession, SeatSetup

    game = game_class("spies_lies").new(seed=8)
    rng = random.Random(8)
    while not game.is_over():
        game.apply(rng.choice(game.legal_actions(game.current_seat())))
    return GameSession(game, [SeatSetup(s, "human", "") for s in game.seats], hide_private=False)
