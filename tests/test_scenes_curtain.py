"""Hot-seat privacy: what the table asked to draw under the curtain and on the other
seat's turn never holds the hidden seat's private data. Uses ToyGame, whose only secret
is the number a seat drew with "peek" (view key "my_secret", private log lines)."""

import json

import pygame
import pytest

from barclay_desktop import saves
from barclay_desktop.app import App
from barclay_desktop.scenes.curtain import CurtainScene
from barclay_desktop.scenes.generic_table import GenericTableScene
from barclay_desktop.scenes.session import GameSession, SeatSetup
from barclay_desktop.scenes.table import SessionScene
from barclay_desktop.scenes.tables import TableEntry, register, unregister
from barclay_desktop.settings import Settings
from tests.toy_game import Add, Peek, ToyGame


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv(saves.HOME_ENV, str(tmp_path))
    register("toy", TableEntry(table=GenericTableScene))
    application = App(settings=Settings())
    application.start()
    yield application
    application.shutdown()
    unregister("toy")


def start(app, seats, seed=11, hide=True):
    session = GameSession(ToyGame.new(seed=seed), seats, hide_private=hide, store=app.store)
    app.start_session(session)
    table = app.stack.find(SessionScene)
    drawn = []
    table.view_hook = lambda seat, view: drawn.append((seat, json.loads(json.dumps(view))))
    return session, table, drawn


def secret_of(session, seat):
    return session.game.state.secret.get(seat)


def leaks(view, session, hidden_seat):
    """Does this drawn view show anything only `hidden_seat` may know?"""
    secret = secret_of(session, hidden_seat)
    if secret is None:
        return False
    private_lines = [e.text for e in session.game.state.log if e.to == hidden_seat]
    text = json.dumps(view)
    return view.get("my_secret") == secret and view.get("seat") != hidden_seat or any(
        line in text for line in private_lines) and view.get("seat") != hidden_seat


HOTSEAT = [SeatSetup("a", "human", "Ann"), SeatSetup("b", "human", "Ben")]


def click(pos=(640, 360)):
    return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]


def test_curtain_hides_both_secrets_until_the_named_player_clicks(app):
    session, table, drawn = start(app, HOTSEAT)
    # Ann peeks (private), passes; Ben peeks (private), passes back to Ann
    assert session.act(Peek()).ok and session.act(Add(1)).ok
    assert session.curtain_seat is None and session.drawable_seat() == "b"  # Ann's secret is not Ben's view
    app.run_frames(3)
    assert session.act(Peek()).ok
    assert session.act(Add(1)).ok
    # issue 30 item 2: Ben keeps the table (his own view) until he passes it on
    assert session.pass_to == "a" and session.curtain_seat is None and session.drawable_seat() == "b"
    assert session.pass_table()
    assert session.curtain_seat == "a" and session.drawable_seat() is None
    drawn.clear()
    app.run_frames(10)
    assert isinstance(app.stack.top, CurtainScene)
    assert drawn == []  # the opaque curtain covers the table: no view of anyone is drawn
    curtain_text = " ".join(app.stack.top.events)
    assert str(secret_of(session, "a")) not in curtain_text.split() and "You drew" not in curtain_text
    assert "b adds 1" in curtain_text  # what happened since Ann last looked is public
    app.run_frames(4, inject={0: click()})
    assert app.stack.top is table and session.drawable_seat() == "a"
    app.run_frames(3)
    assert drawn and all(seat == "a" for seat, _ in drawn)
    assert all(not leaks(view, session, "b") for _, view in drawn)
    assert drawn[-1][1]["my_secret"] == secret_of(session, "a")


def test_table_drawn_while_a_curtain_is_due_shows_only_the_public_view(app):
    session, table, drawn = start(app, HOTSEAT)
    session.act(Peek())  # Ann's secret
    session.act(Add(1))
    session.act(Peek())  # Ben's secret
    session.act(Add(1))  # Ann's turn: once Ben passes, his view must go and Ann's may not show yet
    assert session.pass_table() and session.curtain_seat == "a"
    surface = pygame.Surface((1280, 720))
    table.draw(surface)  # even if something drew the table now
    assert drawn[-1][0] is None
    assert drawn[-1][1] == json.loads(json.dumps(session.game.view(None)))
    assert not leaks(drawn[-1][1], session, "b") and not leaks(drawn[-1][1], session, "a")


def test_resumed_game_starts_at_the_curtain(app):
    session, table, drawn = start(app, HOTSEAT)
    session.act(Peek())
    app.store.flush()
    loaded = app.store.load(session.autosave_path, lambda gid: ToyGame)
    resumed = GameSession.from_save(loaded, store=app.store)
    app.start_session(resumed)
    table = app.stack.find(SessionScene)
    redrawn = []
    table.view_hook = lambda seat, view: redrawn.append(seat)
    app.run_frames(3)
    assert isinstance(app.stack.top, CurtainScene) and redrawn == []
    assert resumed.drawable_seat() is None


def test_a_lone_human_against_the_computer_never_sees_a_curtain(app):
    class FirstLegal:
        def choose(self, view, legal):
            assert "my_secret" in view and view["seat"] == "b"
            return legal[-1] if len(legal) > 2 else legal[0]  # peek once, then add 1

    seats = [SeatSetup("a", "human", "Ann"), SeatSetup("b", "computer", "Bot", level="random")]
    session = GameSession(ToyGame.new(seed=3), seats, store=app.store, player_factory=lambda *a: FirstLegal())
    session.ai_mode = "thread"
    app.start_session(session)
    table = app.stack.find(SessionScene)
    drawn = []
    table.view_hook = lambda seat, view: drawn.append((seat, json.loads(json.dumps(view))))
    assert session.act(Add(1)).ok
    for _ in range(50):
        app.run_frames(1)
        if session.game.current_seat() == "a" and session.stats.actions >= 3:
            break
    assert session.stats.actions_by_seat.get("b", 0) >= 2  # the computer peeked and added, off the frame loop
    assert not any(isinstance(s, CurtainScene) for s in app.stack)
    assert {seat for seat, _ in drawn} == {"a"}
    assert all(not leaks(view, session, "b") for _, view in drawn)


def test_with_hiding_off_the_table_follows_the_player_to_move(app):
    session, table, drawn = start(app, HOTSEAT, hide=False)
    session.act(Peek())
    session.act(Add(1))
    assert session.curtain_seat is None and session.drawable_seat() == "b"


def test_input_for_a_seat_behind_the_curtain_is_refused(app):
    session, table, drawn = start(app, HOTSEAT)
    session.act(Peek())
    session.act(Add(1))
    session.act(Peek())
    session.act(Add(1))
    assert session.pass_to == "a" and session.legal_actions() == []  # waiting for Ben to pass: nothing for Ann
    assert not session.act(Add(1)).ok
    session.pass_table()
    assert session.curtain_seat == "a"
    result = session.act(Add(1))
    assert not result.ok and "not your turn" in result.reason
    assert session.legal_actions() == []


def test_a_failing_computer_player_is_reported_once_not_crashing(app):
    class Broken:
        def choose(self, view, legal):
            raise ValueError("no idea")

    seats = [SeatSetup("a", "human", "Ann"), SeatSetup("b", "computer", "Bot", level="random")]
    session = GameSession(ToyGame.new(seed=3), seats, store=app.store, player_factory=lambda *a: Broken())
    session.ai_mode = "thread"
    app.start_session(session)
    assert session.act(Add(1)).ok
    shown = []
    app.notify = lambda text, **kw: shown.append(text)
    app.run_frames(30)
    assert len(shown) == 1 and "failed: no idea" in shown[0]
    assert session.game.current_seat() == "b" and app.running


def test_notices_never_outlive_the_hand_over(app):
    """A notice typed for one player (e.g. a refusal naming a hidden card) is gone under the curtain."""
    session, table, drawn = start(app, HOTSEAT)
    session.act(Peek())
    session.act(Add(1))
    session.act(Peek())
    app.notify("Your secret number is on the table")  # as a table would for the player at the screen
    session.act(Add(1))
    session.pass_table()
    app.run_frames(5)
    assert isinstance(app.stack.top, CurtainScene)
    assert app.notices == []
