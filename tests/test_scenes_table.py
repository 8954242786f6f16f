"""The table base: number keys, refused moves explained, undo reasons, Esc, delete confirmation."""

import pygame
import pygame_gui
import pytest

from barclay_desktop.scenes.curtain import GUARD_SECONDS, CurtainScene
from barclay_desktop.scenes.load import LoadScene
from barclay_desktop.scenes.pause import PauseScene
from barclay_desktop.session import GameSession, SeatSetup
from barclay_desktop.scenes.game_table import SessionScene
from tests.toy_game import Add, Peek, ToyGame


@pytest.fixture
def app(toy_app):
    """The toy app (conftest) that also records every notice it shows, in `app.shown`:
    these tests check what the table told the player."""
    toy_app.shown = []
    real_notify = toy_app.notify

    def record(text, **kw):
        toy_app.shown.append(text)
        real_notify(text, **kw)

    toy_app.notify = record
    return toy_app


def table_for(app, hide=True):
    session = GameSession(ToyGame.new(seed=2), [SeatSetup("a", "human", "Ann"), SeatSetup("b", "human", "Ben")],
                          store=app.store, hide_private=hide)
    app.start_session(session)
    app.run_frames(2)
    return session, app.stack.find(SessionScene)


def key(k, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def test_number_keys_pick_the_numbered_choice(app):
    session, table = table_for(app)
    app.run_frames(3, inject={0: [key(pygame.K_2)]})
    assert session.game.state.counter == 2 and session.stats.actions == 1


def test_a_refused_move_shows_the_rules_reason_and_changes_nothing(app):
    session, table = table_for(app)
    assert table.try_action(Add(3)) is False
    assert app.shown[-1] == "You may add only 1 or 2."
    assert session.game.state.counter == 0 and session.stats.actions == 0


def test_ctrl_z_shows_why_undo_is_not_possible(app):
    session, table = table_for(app)
    table.try_action(Add(1))
    app.run_frames(3, inject={0: [key(pygame.K_z, pygame.KMOD_CTRL)]})
    assert "other player has acted" in app.shown[-1]
    assert session.game.state.counter == 1


def test_undo_button_tooltip_carries_the_reason(app):
    session, table = table_for(app)
    app.run_frames(2)
    assert table.undo_button.tool_tip_text == session.game.undo_status("a")[1]


def test_esc_opens_pause_over_the_table_and_over_the_curtain(app):
    session, table = table_for(app)
    app.run_frames(3, inject={0: [key(pygame.K_ESCAPE)]})
    assert isinstance(app.stack.top, PauseScene)
    app.run_frames(3, inject={0: [key(pygame.K_ESCAPE)]})
    assert app.stack.top is table
    session.act(Peek())
    session.act(Add(1))
    session.act(Peek())
    session.act(Add(1))
    app.run_frames(2)
    assert app.stack.top is table and session.pass_to == "a"  # Ben looks first (issue 30 item 2)
    table.pass_table()
    assert isinstance(app.stack.top, CurtainScene)
    app.run_frames(1, dt=GUARD_SECONDS)  # the curtain ignores every key for its first 0.7 s (issue 30)
    app.run_frames(3, inject={0: [key(pygame.K_ESCAPE)]})
    assert isinstance(app.stack.top, PauseScene)
    app.run_frames(3, inject={0: [key(pygame.K_ESCAPE)]})
    assert isinstance(app.stack.top, CurtainScene) and session.curtain_seat == "a"


def test_delete_asks_first_and_only_then_removes_the_file(app):
    session, table = table_for(app)
    session.save_as("Keep me").result(5)
    scene = LoadScene(app)
    app.push(scene)
    app.run_frames(2)
    app.wait_for_tasks()
    names = [i.name for i in scene.infos]
    scene.select(names.index("Keep me"))
    scene.ask_delete()
    app.run_frames(2)
    path = app.store.folder / "Keep_me.json"
    assert scene.confirm is not None and path.exists()
    confirmed = pygame.event.Event(pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED, ui_element=scene.confirm)
    app.run_frames(3, inject={0: [confirmed]})
    app.wait_for_tasks()
    assert not path.exists()
