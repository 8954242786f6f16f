"""Issue 30 item 2, "turns end on purpose", on the table base with ToyGame (whose only secret is
the number a seat drew with "peek"): in hot-seat the player whose action hands the table to the
other human keeps it (their own view, undo where the rules allow) until Pass, by its button or
Enter; only then does the curtain go up. The games' own pass steps: tests/test_pass_step_games.py."""

import pygame
import pytest

from barclay_desktop.scenes.curtain import CurtainScene
from barclay_desktop.scenes.game_over import GameOverScene
from barclay_desktop.session import GameSession, SeatSetup
from barclay_desktop.scenes.game_table import PASS_KEY_GUARD, HandNews, SessionScene
from tests.client_helpers import click
from tests.toy_game import Add, Peek, ToyGame

HOTSEAT = [SeatSetup("a", "human", "Ann"), SeatSetup("b", "human", "Ben")]


@pytest.fixture
def app(toy_app):
    return toy_app  # these tests play the toy game (conftest)


def key(k, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def ben_ends_his_turn(app, seats=HOTSEAT):
    """Ann peeks and adds; Ben peeks and adds: the table is Ben's until he passes it to Ann."""
    session = GameSession(ToyGame.new(seed=4), seats, store=app.store)
    app.start_session(session)
    table = app.stack.find(SessionScene)
    drawn = []
    table.view_hook = lambda seat, view: drawn.append((seat, session.pass_to, session.curtain_seat))
    for action in (Peek(), Add(1), Peek()):
        assert session.act(action).ok
    app.run_frames(2)
    assert table.try_action(Add(1))
    return session, table, drawn


def test_the_acting_seat_keeps_its_view_until_enter_passes_the_table(app):
    session, table, drawn = ben_ends_his_turn(app)
    assert session.pass_to == "a" and session.curtain_seat is None
    app.run_frames(2, inject={0: [key(pygame.K_RETURN)]})  # at once: the look is not skipped
    assert app.stack.top is table and session.pass_to == "a"
    assert session.drawable_seat() == "b" and table.current_view()[1]["my_secret"] == session.game.state.secret["b"]
    assert session.legal_actions() == [] and not session.act(Add(1)).ok  # nothing for Ann yet
    assert session.prompt() == "Your turn is over: check the table, then pass to the A player (Ann)."
    assert table.pass_button.visible and table.pass_button.text == "Pass to Ann"
    app.run_frames(1, dt=PASS_KEY_GUARD)  # one long frame: the key guard is scene time
    app.run_frames(2, inject={0: [key(pygame.K_RETURN)]})
    assert isinstance(app.stack.top, CurtainScene) and session.curtain_seat == "a"
    assert session.drawable_seat() is None and not table.pass_button.visible
    waiting = [seat for seat, pass_to, _ in drawn if pass_to is not None]
    assert waiting and set(waiting) == {"b"}  # every frame of the wait showed Ben's view, never Ann's
    assert all(seat is None for seat, _, curtain in drawn if curtain is not None)


def test_the_pass_button_raises_the_curtain_without_waiting(app):
    session, table, drawn = ben_ends_his_turn(app)
    click(app, table.pass_button)
    assert isinstance(app.stack.top, CurtainScene) and session.curtain_seat == "a" and session.pass_to is None


def test_undo_while_waiting_to_pass_gives_the_turn_back_and_cancels_the_hand_over(app):
    session, table, drawn = ben_ends_his_turn(app)
    assert session.undo_status() == (True, "")
    app.run_frames(2, inject={0: [key(pygame.K_z, pygame.KMOD_CTRL)]})
    assert session.pass_to is None and session.curtain_seat is None and app.stack.top is table
    assert session.game.current_seat() == "b" and session.acting_seat() == "b" and session.game.state.counter == 1
    assert not table.pass_button.visible


def test_no_pass_step_when_the_next_seat_is_a_computer_or_hands_back(app):
    seats = [SeatSetup("a", "human", "Ann"), SeatSetup("b", "computer", "Bot", level="random")]
    session = GameSession(ToyGame.new(seed=4), seats, store=app.store)
    assert session.act(Peek()).ok and session.act(Add(1)).ok
    assert session.pass_to is None and session.drawable_seat() == "a"  # the computer's turn: no pass
    assert session.act(Peek(), "b").ok and session.act(Add(1), "b").ok
    assert session.pass_to is None and session.curtain_seat is None and session.acting_seat() == "a"


def test_a_game_saved_while_waiting_to_pass_resumes_at_the_curtain(app):
    session, table, drawn = ben_ends_his_turn(app)
    app.store.flush()
    loaded = app.store.load(session.autosave_path, lambda gid: ToyGame)
    resumed = GameSession.from_save(loaded, store=app.store)
    assert resumed.curtain_seat == "a" and resumed.pass_to is None and resumed.drawable_seat() is None


def test_a_game_ending_on_the_last_action_goes_to_the_game_over_screen(app):
    session = GameSession(ToyGame.new(seed=4), HOTSEAT, store=app.store)
    app.start_session(session)
    for action in (Peek(), Add(1), Peek()):
        assert session.act(action).ok
    session.game.state.counter = 8
    assert session.act(Add(2)).ok and session.game.is_over()
    app.run_frames(3)
    assert session.pass_to is None and isinstance(app.stack.top, GameOverScene)


def test_hand_news_marks_what_came_in_since_the_last_look_and_forgets_it_once_seen():
    news = HandNews({})
    news.update("a", ["x", "y"], {})  # the first look: the opening hand is no news
    assert not news.new
    news.update("a", ["y"], {"a": 1})  # Ann played x...
    news.update("a", ["y", "z"], {"a": 2})  # ...and drew z with her next action
    assert news.new == {"z": 1}
    news.end_look(None, {"a": 2})  # she passed (the curtain draws no table): what she saw is known
    news.update("b", ["q"], {"a": 2})
    news.update("b", ["q", "r"], {"a": 2})  # a card given to Ben while he looks is news too
    assert news.new == {"r": 1}
    news.update("a", ["y", "z", "w"], {"a": 2})  # Ann again: z she saw before passing, w came in since
    assert news.new == {"w": 1}
