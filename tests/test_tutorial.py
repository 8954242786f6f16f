"""The guided first games (issue 40): scripts as data, the coach in the session, and every lesson played
to its end through posted events, headless, so a rules change that breaks a lesson fails here."""

from __future__ import annotations

import pygame
import pytest

from barclay_desktop.session import COACH_READ, GameSession
from barclay_desktop.tutorial import (
    TUTORIAL_GAMES, Coach, ScriptError, Script, Step, _step, has_script, load_script, play_through, tutorial_session,
)
from tests.client_helpers import click, press

LESSONS = [g for g in TUTORIAL_GAMES if has_script(g)]


@pytest.mark.parametrize("game_id", LESSONS)
def test_every_step_of_the_script_is_legal_where_it_stands(game_id):
    """The scripts are played by the same rules engine: each expected and scripted move is legal there."""
    script = load_script(game_id)
    game = play_through(script)
    assert game is not None


@pytest.mark.parametrize("raw, why", [
    ({"text": "x", "expect": {"type": "a"}, "opponent": {"type": "b"}}, "not both"),
    ({"expect": "play"}, "action object"),
    ({}, "needs a text"),
    ({"text": "x", "colour": "red"}, "unknown fields"),
    ({"text": "x", "point": [1, 2, 3]}, r"\[x, y, w, h\]"),
])
def test_a_damaged_step_is_refused_with_what_is_wrong(raw, why):
    with pytest.raises(ScriptError, match=why):
        _step("barclay", 3, raw)


def toy_script() -> Script:
    """Barclay's first moves: a talk step, the learner's roles, a talk step."""
    roles = {"type": "choose_roles", "primary": "pink", "secondary": "red"}
    return Script("barclay", 3, {}, "lcs", (Step("Hello."), Step("Choose.", expect=roles, refuse="Pink, then red."),
                                            Step("Well done.")))


def test_the_session_takes_only_the_ringed_move_and_says_why_not():
    session = tutorial_session(toy_script())
    game = session.game
    roles = game.ACTIONS.from_json({"type": "choose_roles", "primary": "pink", "secondary": "red"})
    other = game.ACTIONS.from_json({"type": "choose_roles", "primary": "red", "secondary": "pink"})
    result = session.act(roles)
    assert not result.ok and result.reason == COACH_READ  # a talk step first: read, then Next
    assert session.coach_next() and session.coach.step == 1
    result = session.act(other)
    assert not result.ok and result.reason == "Pink, then red."
    assert session.act(roles).ok and session.coach.step == 2
    assert not session.undo_status()[0] and "undo is off" in session.undo_status()[1]
    session.coach_next()
    assert not session.coaching and session.act(game.legal_actions("lcs")[0]).ok  # the lesson is over


def test_the_opponent_moves_itself_after_its_words_have_stood_a_moment():
    script = load_script("barclay")
    session = tutorial_session(script)
    game = session.game
    first = next(k for k, s in enumerate(script.steps) if s.kind == "opponent")
    play_through(script, game, upto=first)
    session.coach.step = first
    session.tick(0.1)
    assert session.coach.step == first  # not at once: the learner reads what is coming
    session.tick(1.5)
    assert session.coach.step == first + 1


def test_playing_on_freely_hands_the_other_seat_to_the_computer():
    session = tutorial_session(toy_script())
    session.coach_release()
    assert not session.coaching and session.seats["abwehr"].level == "easy"
    assert session.undo_status()[1] != "The lesson goes one step at a time, so undo is off until it ends."


def test_a_lesson_saves_and_resumes_at_its_step(tmp_path, monkeypatch):
    from barclay_desktop import saves

    monkeypatch.setenv(saves.HOME_ENV, str(tmp_path))
    store = saves.SaveStore()
    try:
        session = tutorial_session(load_script("barclay"), store)
        session.coach_next()
        path = session.save_as("lesson").result(30)
        again = GameSession.from_save(saves.load(path), store)
        assert again.coach is not None and again.coach.step == 1 and again.coaching
        doc = saves.read_doc(path)
        doc["session"]["tutorial"]["step"] = 999  # a lesson that cannot go on: the game resumes freely
        damaged = tmp_path / "damaged.json"
        damaged.write_text(__import__("json").dumps(doc))
        free = GameSession.from_save(saves.load(damaged), store)
        assert free.coach is None and free.game.to_json() == again.game.to_json()
    finally:
        store.close()


def test_the_coach_survives_a_missing_or_foreign_block():
    assert Coach.from_json(None, "barclay") is None
    assert Coach.from_json({"game": "stawka", "step": 0}, "barclay") is None
    assert Coach.from_json({"game": "barclay", "step": True}, "barclay") is None
    assert Coach.from_json({"game": "barclay", "step": 1}, "barclay").step == 1


# ----- in the client ---------------------------------------------------------------------------------------
def next_note(app):
    """Enter once the note has stood past the coach's guard (a press aimed at the note before is ignored)."""
    from barclay_desktop.scenes.coach import NEXT_GUARD

    app.run_frames(int(NEXT_GUARD * 60) + 2)
    press(app, pygame.K_RETURN)


def play_lesson_by_input(app, game_id: str, limit: int = 400):
    """Follow the coach as a learner would: Enter on talk steps, a click on what the coach rings for a move,
    and wait while the scripted opponent moves. Returns the table scene once the lesson is over."""
    from barclay_desktop.scenes.game_table import SessionScene
    from barclay_desktop.scenes.tutorial_offer import start_tutorial

    start_tutorial(app, game_id)
    app.run_frames(2)
    for _ in range(limit):
        scene = app.stack.find(SessionScene)
        if scene is None:  # a form before the table (Spies & Lies' table options): Next on the coach's card
            assert app.stack.top.session.coaching and app.stack.top.coach.buttons.get("next") is not None
            next_note(app)
            continue
        if not scene.session.coaching:
            return scene
        if app.stack.top is not scene:  # a results page or summary over the table: its own Enter/click
            press(app, pygame.K_RETURN)
            continue
        step = scene.session.coach.current
        before = scene.session.coach.step
        if step.kind == "talk":
            next_note(app)
        elif step.kind == "opponent":
            for _wait in range(90):  # up to 15 s at 60 fps, looked at every 1/6 s: a move comes as soon as it may
                app.run_frames(10)
                if scene.session.coach.step > before:
                    break
        else:
            action = scene.session.coach.expected(scene.game)
            clicks = scene.control_clicks(action)
            assert clicks, f"step {before + 1}: no control on the table makes {action}"
            for pos in clicks:
                click(app, pos)
        assert scene.session.coach.step > before or not scene.session.coaching, f"stuck at step {before + 1}"
    raise AssertionError("the lesson did not end")


@pytest.mark.parametrize("game_id", LESSONS)
def test_the_lesson_plays_to_its_end_through_posted_events(app, game_id):
    scene = play_lesson_by_input(app, game_id)
    assert scene.session.coach.step == len(scene.session.coach.script.steps)


def test_the_first_opening_of_a_file_offers_the_lesson_and_only_once(app):
    from barclay_desktop.scenes.menu import MenuScene
    from barclay_desktop.scenes.new_game import NewGameScene
    from barclay_desktop.scenes.tutorial_offer import TutorialOfferScene

    app.settings.games_opened = ()  # a player new to the app
    menu = app.stack.top
    assert isinstance(menu, MenuScene) and "learn:barclay" in menu.buttons
    menu.choose("new", "barclay")
    offer = app.stack.top
    assert isinstance(offer, TutorialOfferScene)
    app.run_frames(2)
    click(app, offer.buttons["new"])
    assert isinstance(app.stack.top, NewGameScene)
    assert "barclay" in app.settings.games_opened
    app.pop()
    menu.choose("new", "barclay")
    assert isinstance(app.stack.top, NewGameScene)  # asked once only


def test_learn_to_play_on_the_menu_starts_the_lesson_with_the_coach_up(app):
    from barclay_desktop.scenes.game_table import SessionScene

    menu = app.stack.top
    click(app, menu.buttons["learn:barclay"])
    scene = app.stack.find(SessionScene)
    assert scene is not None and scene.session.coaching and scene.session.coach.step == 0
    assert scene.coach.buttons.get("next") is not None


def test_the_note_card_grows_to_hold_its_words_and_every_note_fits(app):
    """Longer notes (and Dutch and Polish run longer than English) make the card taller instead of being cut."""
    from barclay_desktop.scenes.coach import CARD_H, CARD_MAX_H, CoachLayer

    assert CoachLayer.card_height("Short.") == CARD_H
    long = CoachLayer.card_height("word " * 80)
    assert CARD_H < long <= CARD_MAX_H
    assert CoachLayer.card_height("word " * 400) == CARD_MAX_H
    for game_id in LESSONS:
        for n, step in enumerate(load_script(game_id).steps, 1):
            assert CoachLayer.card_height(step.text) < CARD_MAX_H, f"{game_id} step {n}: too long for the card"


@pytest.mark.parametrize("lang", ["nl", "pl"])
def test_every_note_fits_the_card_in_dutch_and_polish(app, lang):
    """The card draws the note in the player's language (Dutch and Polish run longer): each note of each
    lesson is translated, and fits below CARD_MAX_H, so none is cut."""
    from barclay_desktop import i18n
    from barclay_desktop.scenes.coach import CARD_MAX_H, CoachLayer

    try:
        assert i18n.set_language(lang) == lang
        for game_id in LESSONS:
            for n, step in enumerate(load_script(game_id).steps, 1):
                if not step.text:  # an opponent step without words leaves the last note up
                    continue
                words = i18n._(step.text)
                assert words != step.text, f"{game_id} step {n}: not translated into {lang}"
                assert CoachLayer.card_height(words) < CARD_MAX_H, f"{game_id} step {n}: too long for the card in {lang}"
    finally:
        i18n.set_language(i18n.ENGLISH)


def test_the_barclay_set_up_rings_the_whole_place_of_the_next_click(app):
    """Choosing the offensives rings the sector to click (first the primary, then the secondary), not a
    token in its middle; the layout steps ring the token or button of their next click."""
    from barclay_desktop.scenes.game_table import SessionScene
    from barclay_desktop.scenes.tutorial_offer import start_tutorial

    start_tutorial(app, "barclay")
    app.run_frames(2)
    scene = app.stack.find(SessionScene)
    while scene.session.coach.current.kind == "talk":
        next_note(app)
    sector = lambda s: pygame.Rect(scene.board.find("sector", sector=s))  # noqa: E731
    assert scene.coach.focus_rects() == [sector("pink")]
    click(app, sector("pink").center)
    assert scene.session.coach.step == 2 and scene.coach.focus_rects() == [sector("red")]
    click(app, sector("red").center)
    assert scene.session.coach.step == 3
    app.run_frames(2)
    scene = app.stack.find(SessionScene)
    token = pygame.Rect(scene.board.find("token_space", sector="pink", index=0))
    assert scene.coach.focus_rects() == [token]
    for pos in scene.control_clicks(scene.session.coach.expected(scene.game)):
        click(app, pos)
    for pos in scene.control_clicks(scene.session.coach.expected(scene.game)):
        click(app, pos)
    random_rect = scene.coach.focus_rects()
    assert len(random_rect) == 1 and random_rect[0].w > 100  # the whole "Randomise" button


def test_the_spies_table_options_carry_the_coach_and_refuse_other_choices(app):
    """Spies & Lies' lesson meets the table-options form before its table: the coach's card stands over it,
    its ring is on Begin, another option is refused with the step's reason, and Begin goes on to the table."""
    from barclay_desktop.scenes.game_table import SessionScene
    from barclay_desktop.scenes.spies_lies.setup import SpiesSetupScene
    from barclay_desktop.scenes.tutorial_offer import start_tutorial

    start_tutorial(app, "spies_lies")
    app.run_frames(2)
    form = app.stack.top
    assert isinstance(form, SpiesSetupScene) and form.session.coaching
    assert form.coach.buttons.get("next") is not None
    assert form.coach.focus_rects() == [form.begin_rect()]
    assert not form.coach.card.colliderect(form.begin_rect())
    click(app, form.option_rects()[("table", "open")].center)
    assert form.table == "strict" and app.stack.top is form
    assert app.notices[-1][0] == form.session.coach.refusal() != ""
    click(app, form.begin_rect().center)
    app.run_frames(2)
    table = app.stack.find(SessionScene)
    assert table is not None and table.session is form.session and table.session.coach.step == 1


def test_a_spies_lesson_resumed_past_its_form_goes_straight_back_to_its_table(app):
    """A lesson saved on its table before the first move is still a fresh game (the form would be offered
    again): the form, already passed, hands over to the table at once and keeps the lesson's step."""
    from barclay_desktop.scenes.game_table import SessionScene
    from barclay_desktop.scenes.spies_lies.setup import SpiesSetupScene
    from barclay_desktop.scenes.tutorial_offer import start_tutorial

    start_tutorial(app, "spies_lies")
    app.run_frames(2)
    next_note(app)
    next_note(app)
    session = app.stack.find(SessionScene).session
    assert session.coach.step == 2
    app.start_session(session)  # as a load does while nothing is done yet
    assert isinstance(app.stack.top, SpiesSetupScene)
    app.run_frames(2)
    table = app.stack.find(SessionScene)
    assert table is not None and table.session.coach.step == 2


def test_next_pressed_as_a_note_changes_does_not_skip_the_new_note_unread(app):
    """Seen in the Dutch walk-through: Enter pressed just as the scripted opponent moved landed on the next note,
    which went unread. A new note ignores Next for NEXT_GUARD seconds."""
    from barclay_desktop.scenes.coach import NEXT_GUARD
    from barclay_desktop.scenes.game_table import SessionScene
    from barclay_desktop.scenes.tutorial_offer import start_tutorial

    start_tutorial(app, "stawka")
    app.run_frames(2)
    scene = app.stack.find(SessionScene)
    next_note(app)
    assert scene.session.coach.step == 1
    press(app, pygame.K_RETURN)  # at once: ignored
    assert scene.session.coach.step == 1
    app.run_frames(int(NEXT_GUARD * 60) + 2)
    press(app, pygame.K_RETURN)
    assert scene.session.coach.step == 2
