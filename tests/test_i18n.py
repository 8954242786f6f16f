"""Issue 37, three languages: the machinery (barclay_desktop/i18n.py), the catalogues, the
pseudo-locale check over the screens wrapped so far, and saves that hold ids, not words."""

from __future__ import annotations

import os
import re

import pytest
from babel.messages.pofile import read_po

from barclay_desktop import i18n
from barclay_desktop.rules.core.message import Joined, msg, nmsg
from barclay_desktop.scenes.menu import LOGO

PO = {lang: i18n.po_path(lang) for lang in ("nl", "pl")}
COUNTDOWN = ("Going back to the previous one in {n} second.", "Going back to the previous one in {n} seconds.")


@pytest.fixture(autouse=True)
def back_to_english():
    yield
    i18n.set_language(i18n.ENGLISH)


@pytest.fixture
def app(menu_app):
    """Not conftest's `app`: the module's one app (conftest's shared_app), back on the menu."""
    return menu_app


# ----- switching -------------------------------------------------------------------------------
def test_switching_applies_at_once_and_moves_the_generation():
    before = i18n.generation()
    assert (i18n.set_language("pl"), i18n._("Settings")) == ("pl", "Ustawienia")
    assert (i18n.set_language("nl"), i18n._("Settings")) == ("nl", "Instellingen")
    assert (i18n.set_language("en"), i18n._("Settings")) == ("en", "Settings")
    assert i18n.generation() == before + 3
    assert i18n.set_language("de") == "en"  # not one of ours: English
    assert i18n.pgettext("switch", "On") == "On"
    i18n.set_language("pl")
    assert (i18n.pgettext("switch", "On"), i18n.pgettext("animation speed", "off")) == ("Włączone", "wyłączona")


@pytest.mark.parametrize("environ, default_locale, code", [
    ({"LANG": "pl_PL.UTF-8"}, "", "pl"),
    ({"LANGUAGE": "de:nl", "LANG": "pl_PL.UTF-8"}, "", "nl"),  # the first of ours in the list
    ({"LC_ALL": "C", "LANG": "C.UTF-8"}, "", "en"),
    ({}, "Polish_Poland", "pl"),  # Windows names locales in words
    ({}, "nl_BE", "nl"),
])
def test_system_means_the_computers_language(environ, default_locale, code):
    assert i18n.system_language(environ, default_locale) == code


def test_without_a_catalogue_the_app_speaks_english(tmp_path, monkeypatch):
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(i18n, "compiled_catalogue", lambda code, root=tmp_path: None)
    assert i18n.set_language("pl") == "en" and i18n._("Settings") == "Settings"


def test_a_po_newer_than_its_mo_is_compiled_into_the_cache(tmp_path, monkeypatch):
    """A stale .mo beside the .po (an old `make mo`) must not hide a newer translation."""
    monkeypatch.setenv("BARCLAY_DESKTOP_HOME", str(tmp_path / "home"))
    po = i18n.po_path("pl", tmp_path)
    po.parent.mkdir(parents=True)
    po.write_text('msgid ""\nmsgstr "Content-Type: text/plain; charset=utf-8\\n"\n\nmsgid "Quit"\nmsgstr "Wyjdź"\n',
                  encoding="utf-8")
    stale = po.with_suffix(".mo")
    stale.write_bytes(i18n.compile_po(po.read_bytes().replace("Wyjdź".encode(), b"Stare"), "pl"))
    os.utime(stale, (1, 1))
    data = i18n.compiled_catalogue("pl", tmp_path)
    assert "Wyjdź".encode() in data and list((tmp_path / "home" / "cache" / "locale").glob("pl-*.mo"))


# ----- plural forms ----------------------------------------------------------------------------
@pytest.mark.parametrize("n, word", [(1, "sekundę"), (2, "sekundy"), (4, "sekundy"), (5, "sekund"),
                                     (12, "sekund"), (22, "sekundy"), (25, "sekund")])
def test_polish_has_three_plural_forms(n, word):
    i18n.set_language("pl")
    assert i18n.ngettext(*COUNTDOWN, n).format(n=n) == f"Powrót do poprzedniego za {n} {word}."


def test_the_polish_catalogue_declares_three_forms():
    with open(PO["pl"], "rb") as fh:
        catalog = read_po(fh)
    assert catalog.num_plurals == 3


# ----- the rules' messages ----------------------------------------------------------------------
def test_a_rules_message_is_english_text_and_an_id_the_client_translates():
    reason = nmsg("Pick the one face-down card (1).", "Pick one of the {n} face-down cards (1-{n}).", 3, n=3)
    assert reason == "Pick one of the 3 face-down cards (1-3)."  # callers that want words have them
    i18n.set_language("pl")
    assert i18n.translate(reason) == "Wybierz jedną z 3 zakrytych kart (1-3)."
    problems = msg("Some settings were invalid and are back to their defaults: {problems}.",
                   problems=Joined([msg("fullscreen must be on or off"), msg("hint button must be on or off")]))
    i18n.set_language("nl")
    assert i18n.translate(problems) == ("Sommige instellingen waren ongeldig en staan weer op hun standaardwaarde: "
                                        "volledig scherm moet aan of uit staan; de hintknop moet aan of uit staan.")
    assert i18n.translate("Hanna Kowalska") == "Hanna Kowalska"  # not a msgid: unchanged


def test_a_refused_pick_reaches_the_screen_in_polish(app):
    """End to end: the rules refuse with a Message, the session passes it on, the notice is
    drawn in the player's language (and in another one after a switch, without a new refusal)."""
    from barclay_desktop.rules import game_class
    from barclay_desktop.rules.spies_lies.actions import EliminatePick
    from barclay_desktop.session import GameSession, SeatSetup
    from barclay_desktop.ui import text_record

    cls = game_class("spies_lies")
    session = GameSession(cls.new(seed=4), [SeatSetup(s, "human", s) for s in cls.SEATS], hide_private=False)
    result = session.act(EliminatePick(99))
    assert not result.ok and result.reason.msgid == "Pick the one face-down card (1)."
    i18n.set_language("pl")
    app.notify(result.reason, warn=True)
    with text_record.recording() as rec:
        app.run_frames(1)
        polish = [i.text for i in rec.items if "zakrytych kart" in i.text]
        i18n.set_language("nl")
        rec.clear()
        app.run_frames(1)
        dutch = [i.text for i in rec.items if "gedekte kaarten" in i.text]
    assert polish and dutch


def test_a_damaged_file_is_explained_in_the_players_language(tmp_path):
    """Issue 37: the reason a save or the settings file cannot be used is a Message (with its
    line number), kept through DamagedFile -> SaveError -> the Load screen's row."""
    from barclay_desktop import saves
    from barclay_desktop.settings import load_settings

    broken = tmp_path / "broken.json"
    broken.write_text('{"format": ', encoding="utf-8")
    info = saves.describe(broken)
    _settings, warning = load_settings(broken)
    i18n.set_language("pl")
    assert i18n.translate(info.message) == "Plik jest uszkodzony lub ucięty (błąd JSON w wierszu 1)."
    assert i18n.translate(warning).endswith("(plik zachowano). Plik jest uszkodzony lub ucięty (błąd JSON w wierszu 1).")


def test_the_sessions_prompts_and_the_cores_refusals_are_said_in_dutch():
    """The curtain's wait, the hand-over line and a refusal for the wrong seat, translated where
    drawn; the reason undo is blocked keeps its ids and data through a save."""
    from barclay_desktop.rules import game_class
    from barclay_desktop.rules.core.errors import NotYourTurn
    from barclay_desktop.session import GameSession, SeatSetup

    cls = game_class("stawka")
    game = cls.new(seed=4)
    current = game.current_seat()
    other = next(s for s in cls.SEATS if s != current)
    session = GameSession(game, [SeatSetup(s, "human", "Ola" if s == current else "") for s in cls.SEATS])
    with pytest.raises(NotYourTurn) as refused:
        game.apply(game.legal_actions(current)[0], other)
    session.curtain_seat = other
    waiting = session.prompt()
    session.curtain_seat, session.pass_to, session.pass_news = None, other, "check the roll"
    handing_over = session.prompt()
    game._undo_block = msg("Could not save to {path}: {problem}", path="/tmp/x", problem="disk full")
    restored = cls.from_json(game.to_json())
    i18n.set_language("nl")
    side = {seat: i18n.translate(cls.SEAT_NAMES[seat]) for seat in cls.SEATS}
    assert i18n.translate(waiting) == f"Wachten op de speler van {side[other]}."
    assert i18n.translate(handing_over) == (f"Je beurt is voorbij: bekijk de worp en geef dan door aan "
                                            f"de speler van {side[other]}.")
    assert i18n.translate(refused.value.reason) == f"De speler van {side[current]} is aan de beurt, niet die van {side[other]}."
    assert i18n.translate(restored.undo_status(current)[1]) == "Kon niet opslaan in /tmp/x: disk full"


# ----- catalogues ------------------------------------------------------------------------------
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def catalogue_problems(po_path, sources=None) -> list[str]:
    """Entries (of the listed sources; None: all) that are fuzzy, untranslated (any plural form empty), or
    whose translation names other {placeholders} than the English (a KeyError when drawn, or
    a name or number lost)."""
    with open(po_path, "rb") as fh:
        catalog = read_po(fh)
    problems = []
    for message in catalog:
        if not message.id or (sources is not None and not any(path in sources for path, _line in message.locations)):
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        name = f"{po_path.parent.parent.name}: {ids[0]!r}"
        if message.fuzzy:
            problems.append(f"{name}: fuzzy")
        if len(strings) != (catalog.num_plurals if message.pluralizable else 1) or not all(strings):
            problems.append(f"{name}: not translated")
        wanted = set(PLACEHOLDER.findall(" ".join(ids)))
        # a plural form may leave the count out ("the one card"); no text may name an unknown one
        if any(s and (not set(PLACEHOLDER.findall(s)) <= wanted
                      or (not message.pluralizable and set(PLACEHOLDER.findall(s)) != wanted)) for s in strings):
            problems.append(f"{name}: placeholders differ from {sorted(wanted)}")
    return problems


@pytest.mark.parametrize("lang", sorted(PO))
def test_the_whole_catalogue_is_translated(lang):
    """Issue 37: no missing or fuzzy entry in nl or pl (people's names are kept as they are)."""
    assert not catalogue_problems(PO[lang]), "\n".join(catalogue_problems(PO[lang]))


def test_the_completeness_check_finds_empty_fuzzy_and_wrong_placeholder_entries(tmp_path):
    po = tmp_path / "pl" / "LC_MESSAGES" / "messages.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n'
                  '"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) '
                  '? 1 : 2);\\n"\n\n'
                  '#: a.py:1\nmsgid "Quit"\nmsgstr ""\n\n'
                  '#: a.py:2\n#, fuzzy\nmsgid "Load"\nmsgstr "Wczytaj"\n\n'
                  '#: a.py:3\nmsgid "{name} to play."\nmsgstr "{imie} gra."\n\n'
                  '#: a.py:4\nmsgid "{n} card"\nmsgid_plural "{n} cards"\nmsgstr[0] "{n} karta"\n'
                  'msgstr[1] "{n} karty"\nmsgstr[2] ""\n\n'
                  '#: b.py:1\nmsgid "Elsewhere"\nmsgstr ""\n', encoding="utf-8")
    assert catalogue_problems(po, sources=("a.py",)) == [
        "pl: 'Quit': not translated", "pl: 'Load': fuzzy", "pl: '{name} to play.': placeholders differ from ['{name}']",
        "pl: '{n} card': not translated"]


# ----- the pseudo-locale over the wrapped screens -------------------------------------------------
def test_pseudo_locale_marks_text_but_keeps_placeholders_and_tags():
    assert i18n.pseudo("Load game") == "[Ŀöåđ ğåmé~~~]"
    assert i18n.pseudo("{name} to <b>play</b>").startswith("[{name} ŧö <b>þŀåý</b>")
    assert i18n.is_english_left("Load game") and not i18n.is_english_left(i18n.pseudo("Load game"))


# Proper names drawn as they are in every language: the app's name, and the languages' own names.
# And what the players typed in these tests (their names, a save's name).
NOT_TRANSLATED = {*LOGO, *i18n.LANGUAGE_NAMES.values(), "Ola", "Sam", "Friday"}


def english_left(app, push, then=None) -> list[str]:
    """Every text drawn from a fresh menu with `push` (scenes) opened over it, on widgets and
    in tooltips too, that still reads as English under the pseudo-locale (so it did not go
    through the catalogue). Recorded from the first frame: the menu's folders are cached art.
    `then(app)`, when given, works the scenes further (picks rows, changes a form) while recording;
    it yields after each state worth reading (a panel redrawn over the last one hides its text)."""
    from barclay_desktop.scenes.menu import MenuScene
    from barclay_desktop.ui import text_record
    from tests.text_layout import widgets_of

    menu = MenuScene(app)
    with text_record.recording() as rec:
        app.stack.reset(menu)
        app.run_frames(1)
        app.wait_for_tasks()
        app.run_frames(1)
        menu.has_autosave = True  # the Continue button and its tooltip too
        menu._make_buttons()
        for scene in push:
            app.push(scene)
            app.run_frames(2)
        scenes = [menu, *push]
        layers = {scene.name for scene in scenes}
        texts = []
        for _state in then(app) if then is not None else ():
            texts += [(i.layer, i.text) for i in rec.items if i.layer in layers]
        texts += [(i.layer, i.text) for i in rec.items if i.layer in layers]
    for scene in scenes:
        for element in widgets_of(scene):
            for text in (getattr(element, "text", None), getattr(element, "tool_tip_text", None)):
                if isinstance(text, str):
                    texts.append((scene.name, text))
    return sorted({f"{layer}: {text!r}" for layer, text in texts if i18n.is_english_left(without_names(text))})


def without_names(text: str) -> str:
    for name in NOT_TRANSLATED:
        text = text.replace(name, "")
    return text


def test_menu_and_settings_draw_no_text_that_missed_the_catalogue(app):
    from barclay_desktop.scenes.settings_scene import DisplayConfirmScene, SettingsScene

    i18n.set_language(i18n.PSEUDO)
    confirm = DisplayConfirmScene(app, previous=(False, (1280, 720)), wanted=(True, (1280, 720)))
    left = english_left(app, [SettingsScene(app), confirm])
    assert not left, "\n".join(left)


# ----- the shared screens (issue 37: every player-facing string outside the games' packages) -------
def hot_seat(app, game_id: str, names=("Ola", "")):
    """Two people at one computer (the second kept the side's name), autosaved in the app's store."""
    from barclay_desktop.rules import game_class
    from barclay_desktop.session import GameSession, SeatSetup

    cls = game_class(game_id)
    seats = [SeatSetup(s, "human", n) for s, n in zip(cls.SEATS, [*names, *[""] * len(cls.SEATS)])]
    return GameSession(cls.new(seed=4), seats, store=app.store)


def refresh_form(app, form, kinds) -> None:
    """Put the new-game form's seats to `kinds` ("human" or a level) and draw it again."""
    from barclay_desktop.scenes.new_game import computer_option, level_name, seat_options

    for (_seat, box, _name), kind in zip(form.seat_rows, kinds):
        label = seat_options(form.game_id)[0] if kind == "human" else computer_option(level_name(kind))
        box.selected_option = (label, label)
    app.run_frames(2)


@pytest.mark.parametrize("game_id", ["barclay", "spies_lies", "stawka"])
def test_the_new_game_form_draws_no_text_that_missed_the_catalogue(app, game_id):
    """Seat names, levels, the computer's notes for each game (one computer seat, then all)."""
    from barclay_desktop.ai import available_levels
    from barclay_desktop.scenes.new_game import NewGameScene

    i18n.set_language(i18n.PSEUDO)
    form = NewGameScene(app, game_id)
    levels = available_levels(game_id)

    def computers(app):
        refresh_form(app, form, [levels[-1]] + ["human"] * (len(form.seat_rows) - 1))
        yield "one computer"
        refresh_form(app, form, [levels[0]] * len(form.seat_rows))
        yield "all computers"

    left = english_left(app, [form], then=computers)
    assert form.computer_seats(), "the notes were drawn"
    assert not left, "\n".join(left)


def test_the_load_screen_draws_no_text_that_missed_the_catalogue(app):
    """A game in progress of each game, a named save and a damaged file: every row and its details."""
    from barclay_desktop.scenes.load import LoadScene

    for game_id in ("barclay", "spies_lies", "stawka"):
        hot_seat(app, game_id).autosave()
    hot_seat(app, "spies_lies", ("Ola", "Sam")).save_as("Friday").result(5)
    (app.store.folder / "broken.json").write_text('{"format": ', encoding="utf-8")
    app.store.flush()
    i18n.set_language(i18n.PSEUDO)
    screen = LoadScene(app)

    def every_row(app):
        app.wait_for_tasks()
        for index in range(len(screen.rows)):
            screen.select_row(index)
            app.run_frames(1)
            yield index
        screen.ask_delete()  # the question before a delete, and its buttons
        app.run_frames(1)
        yield "delete?"

    try:
        left = english_left(app, [screen], then=every_row)
        assert len(screen.rows) == 7 and any(info is not None and not info.ok for _row, info in screen.rows)
    finally:
        for path in app.store.files():
            path.unlink()
    assert not left, "\n".join(left)


def test_pause_curtain_game_over_and_rules_draw_no_text_that_missed_the_catalogue(app):
    """Over a game of Spies & Lies: the pause menu and its save form (with its warning), the
    hand-over curtain with the public events, the game-over page and the rules screen."""
    from barclay_desktop.rules.core.game import GameResult
    from barclay_desktop.scenes import table_entry
    from barclay_desktop.scenes.curtain import CurtainScene
    from barclay_desktop.scenes.game_over import GameOverScene
    from barclay_desktop.scenes.pause import OVERWRITE, PauseScene, SaveAsScene
    from barclay_desktop.scenes.rules_ref import RulesScene

    session = hot_seat(app, "spies_lies")
    for _turn in range(3):  # played on the game itself: the session holds both behind the curtain
        session.game.apply(session.game.legal_actions(session.game.current_seat())[0])
    session.curtain_seat = session.game.current_seat()
    session.last_seen[session.curtain_seat] = 0  # the curtain lists everything public since the start
    i18n.set_language(i18n.PSEUDO)
    save_as = SaveAsScene(app, session)
    curtain = CurtainScene(app, session)
    assert curtain.events, "the curtain lists what happened"
    left = english_left(app, [PauseScene(app, session), save_as, curtain])

    def warned(app):
        save_as.error = OVERWRITE
        app.run_frames(1)
        yield "warned"

    left += english_left(app, [save_as], then=warned)
    session.game.state.result = GameResult("red", session.game.state.log[-1].text, "test")
    # the game's own panel is its package's (i18n_spies); the shared page is checked here
    import attrs

    table_entry.register("spies_lies", attrs.evolve(table_entry.entry_for("spies_lies"), game_over_panel=None))
    try:
        left += english_left(app, [GameOverScene(app, session), RulesScene(app, "spies_lies", session)])
    finally:
        table_entry.unregister("spies_lies")
    assert not left, "\n".join(left)


def test_the_pseudo_check_sees_english_drawn_past_the_catalogue(app, monkeypatch):
    """The check above can fail: a heading drawn without _() is reported."""
    from barclay_desktop.scenes import settings_scene

    i18n.set_language(i18n.PSEUDO)
    monkeypatch.setattr(settings_scene, "_", lambda text: "Settings" if text == "Settings" else i18n._(text))
    assert english_left(app, [settings_scene.SettingsScene(app)]) == ["settings: 'Settings'"]


# ----- saves hold ids, not words ------------------------------------------------------------------
def test_a_save_made_in_polish_loads_in_dutch(store):
    """Issue 37: a save is the same file whatever the language it was made in, and loads in any."""
    from barclay_desktop import saves
    from barclay_desktop.rules import game_class
    from barclay_desktop.session import GameSession, SeatSetup

    cls = game_class("spies_lies")
    game = cls.new(seed=4)
    for _turn in range(3):
        game.apply(game.legal_actions(game.current_seat())[0])
    session = GameSession(game, [SeatSetup(s, "human", n) for s, n in zip(cls.SEATS, ("Ola", "Sam"))],
                          store=store, hide_private=False)
    i18n.set_language("pl")
    polish = session.to_save_doc()
    path = session.save_as("Łódź, piątek").result(5)
    i18n.set_language("en")
    english = session.to_save_doc()
    for doc in (polish, english):
        doc["meta"].pop("saved_at")
    assert polish == english
    i18n.set_language("nl")
    loaded = GameSession.from_save(saves.load(path), store=store)
    assert loaded.game.to_json() == game.to_json() and loaded.player_name(cls.SEATS[0]) == "Ola"


# ----- layouts that fit every language ------------------------------------------------------------
@pytest.mark.parametrize("lang", ["nl", "pl"])
def test_menu_and_settings_fit_in_dutch_and_polish(app, lang):
    """Issue 37: the render check of issue 32 (tests/text_layout.py) in the longer languages."""
    from barclay_desktop.scenes.menu import MenuScene
    from barclay_desktop.scenes.settings_scene import SettingsScene
    from tests.text_layout import frame_problems

    i18n.set_language(lang)
    menu = MenuScene(app)
    app.stack.reset(menu)
    app.run_frames(1)
    app.wait_for_tasks()
    problems = frame_problems(app, 2, only=[menu])
    settings = SettingsScene(app)
    app.push(settings)
    problems += frame_problems(app, 2, only=[settings])
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", ["nl", "pl"])
def test_the_shared_screens_fit_in_dutch_and_polish(app, lang):
    """Issue 37: the render check over the new-game form (every seat Hard: the longest notes),
    the Load screen (every row, a damaged file), the save-as warning, the curtain and the
    game-over page, with long Polish names. Found: the Dutch Hard notes and the damaged
    file's note cut short, "Pass to" and the save-as warning too long."""
    from barclay_desktop.ai import available_levels
    from barclay_desktop.rules.core.game import GameResult
    from barclay_desktop.scenes.curtain import CurtainScene
    from barclay_desktop.scenes.game_over import GameOverScene
    from barclay_desktop.scenes.load import LoadScene
    from barclay_desktop.scenes.new_game import NewGameScene
    from barclay_desktop.scenes.pause import OVERWRITE, SaveAsScene
    from tests.text_layout import frame_problems

    names = ("Małgorzata Brzęczyszczykiewicz", "Bartłomiej Wiśniewski")
    session = hot_seat(app, "stawka", names)
    session.autosave()
    app.store.flush()
    (app.store.folder / "broken.json").write_text('{"format": ', encoding="utf-8")
    i18n.set_language(lang)
    problems = []

    def opened(scene):
        app.stack.reset(scene)  # alone: the check judges only this scene anyway
        app.run_frames(1)
        app.wait_for_tasks()
        return scene

    try:
        form = opened(NewGameScene(app, "barclay"))
        refresh_form(app, form, [available_levels("barclay")[-1]] * len(form.seat_rows))
        problems += frame_problems(app, 1, only=[form])
        screen = opened(LoadScene(app))
        for index, (_row, info) in enumerate(screen.rows):
            if info is not None:  # a heading row selects nothing
                screen.select_row(index)
                problems += frame_problems(app, 1, only=[screen])
        save_as = opened(SaveAsScene(app, session))
        save_as.error = OVERWRITE
        problems += frame_problems(app, 1, only=[save_as])
        session.curtain_seat = session.game.seats[1]
        problems += frame_problems(app, 1, only=[opened(CurtainScene(app, session))])
        session.game.state.result = GameResult(session.game.seats[0], "The game is over.", "test")
        problems += frame_problems(app, 1, only=[opened(GameOverScene(app, session))])
    finally:
        for path in app.store.files():
            path.unlink()
    assert not problems, "\n".join(problems)


# ----- fonts ----------------------------------------------------------------------------------------
LETTERS = "ąćęłńóśźżĄĆĘŁŃÓŚŹŻ" + "ëïéËÏÉ"  # Polish, and Dutch (ë ï é)


@pytest.mark.parametrize("face", ["courier_prime", "eb_garamond"])
def test_every_face_draws_polish_and_dutch_letters(app, face):
    """Issue 37: the drawing helpers' fonts (with their fallback) and the files pygame_gui is
    given (fonts.complete_font_file) have every Polish and Dutch letter."""
    import pygame

    from barclay_desktop.ui import fonts
    from tests.text_layout import missing_letters

    for style in ("regular", "bold", "italic", "bold_italic"):
        assert missing_letters(fonts.font(face, 20, style), LETTERS) == [], (face, style)
        raw = pygame.font.Font(fonts.complete_font_file(face, style), 20)
        assert missing_letters(raw, LETTERS) == [], (face, style)


def test_the_environment_overrides_the_saved_language_at_startup():
    assert i18n.startup_choice("pl", {i18n.LANGUAGE_ENV: "xx"}) == "xx"
    assert i18n.startup_choice("pl", {}) == "pl"


# ----- the setting --------------------------------------------------------------------------------
def test_the_language_setting_is_stored_and_checked(tmp_path):
    from barclay_desktop.settings import Settings, load_settings, save_settings

    path = tmp_path / "settings.json"
    save_settings(Settings(language="pl"), path)
    assert load_settings(path) == (Settings(language="pl"), None)
    path.write_text('{"language": "klingon", "volume": 0.3}')
    settings, warning = load_settings(path)
    assert (settings.language, settings.volume) == ("system", 0.3)
    i18n.set_language("pl")
    assert i18n.translate(warning) == ("Niektóre ustawienia były nieprawidłowe i wróciły do wartości domyślnych: "
                                       "język musi być jednym z: English, Nederlands, Polski albo językiem systemu.")


def test_choosing_a_language_in_settings_relabels_the_menu_below(app):
    from barclay_desktop.scenes.settings_scene import SettingsScene
    from tests.client_helpers import click

    menu = app.stack.top
    app.push(SettingsScene(app))
    app.run_frames(1)
    scene = app.stack.top
    scene.w["language"].selected_option = ("Polski", "pl")
    click(app, scene.w["apply"])
    app.wait_for_tasks()
    assert app.stack.top is menu and app.settings.language == "pl"
    assert menu.buttons["settings"].text == "Ustawienia" and i18n.language() == "pl"
    app.settings.language = "system"  # the module's app goes on in English


def test_choosing_a_language_from_the_pause_menu_relabels_the_menu_and_the_table(app):
    """Issue 37: Settings opened over a game; after Apply the pause menu below and then the
    table's own buttons speak the new language (the table keeps its state: no rebuild)."""
    from barclay_desktop.scenes.pause import PauseScene
    from barclay_desktop.scenes.settings_scene import SettingsScene
    from tests.client_helpers import click

    session = hot_seat(app, "spies_lies")
    session.hide_private = False
    session.curtain_seat = None
    app.start_session(session, with_setup=False)
    app.run_frames(2)
    table = app.stack.top
    pause = PauseScene(app, session)
    app.push(pause)
    app.run_frames(1)
    app.push(SettingsScene(app))
    app.run_frames(1)
    settings = app.stack.top
    settings.w["language"].selected_option = ("Polski", "pl")
    click(app, settings.w["apply"])
    app.wait_for_tasks()
    assert app.stack.top is pause and pause.buttons["resume"].text == "Wznów"
    click(app, pause.buttons["resume"])
    assert app.stack.top is table and table.undo_button.text == "Cofnij"
    assert table.menu_button.tool_tip_text == "Menu pauzy (Esc)"
    app.settings.language = "system"  # the module's app goes on in English


def test_the_data_extractor_takes_what_a_player_reads():
    """Names with the context of their kind, texts without; ids, notes and Dutch originals not."""
    import io
    import json

    from barclay_desktop.i18n_data import extract_data

    data = {"_note": "for developers", "troops": [{"rank": 1, "key": "spy", "name": "Spy", "name_nl": "Spionne",
                                                  "ability": "Activated: +1 IP."}]}
    fileobj = io.BytesIO(json.dumps(data, indent=1).encode())
    fileobj.name = "assets/data/spies_lies/troops.json"
    found = [(funcname, message) for _line, funcname, message, _comments in extract_data(fileobj, {}, [], {})]
    assert found == [("pgettext", ("troop name", "Spy")), ("gettext", "Activated: +1 IP.")]
