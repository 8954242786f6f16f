"""Hot-seat privacy: what the table asked to draw under the curtain and on the other
seat's turn never holds the hidden seat's private data. Uses ToyGame, whose only secret
is the number a seat drew with "peek" (view key "my_secret", private log lines)."""

import json

import pygame
import pytest

from barclay_desktop.scenes.base import Scene
from barclay_desktop.scenes.curtain import BUTTON, GUARD_SECONDS as CURTAIN_GUARD, CurtainScene
from barclay_desktop.session import GameSession, SeatSetup
from barclay_desktop.scenes.game_table import PASS_KEY_GUARD, SessionScene
from tests.client_helpers import lift_curtain
from tests.toy_game import Add, Peek, ToyGame


@pytest.fixture
def app(toy_app):
    return toy_app  # these tests play the toy game (conftest)


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
    lift_curtain(app, frames=4)
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


# ----- issue 30, item 1: only a deliberate act opens the curtain ---------------------------------
def key(k, down=True):
    return pygame.event.Event(pygame.KEYDOWN if down else pygame.KEYUP, key=k, mod=0, unicode="", scancode=0)


def tap(k):
    return [key(k), key(k, down=False)]


BUTTON_AT = BUTTON.center
PRESSES = {  # what a player hurrying through a hand-over may press; none of it may open the file early
    "space": tap(pygame.K_SPACE),
    "enter": tap(pygame.K_RETURN),
    "keypad enter": tap(pygame.K_KP_ENTER),
    "digits": tap(pygame.K_1) + tap(pygame.K_KP2),
    "click on the table": click(),
    "click on the button": click(BUTTON_AT),
}


def up_to_the_hand_over(app):
    """Both seats hold a secret and it is Ann's turn: her "1" (add 1) hands the table to Ben."""
    session, table, drawn = start(app, HOTSEAT)
    for action in (Peek(), Add(1), Peek(), Add(1)):
        assert session.act(action).ok
    assert session.pass_table()  # Ben ends his turn on purpose (issue 30, item 2)
    app.run_frames(1)
    lift_curtain(app, frames=2)
    assert app.stack.top is table and session.drawable_seat() == "a"
    drawn.clear()
    return session, table, drawn


BARRAGE = [e for press in PRESSES.values() for e in press]


def hand_over(app, drawn, extra=(), passing=None):
    """The player at the table presses "1" (add 1), which ends the turn; once the table's pass
    guard is over, Enter passes it on (issue 30, item 2) and the curtain rises. `extra` comes in
    the same batch as that Enter: the moment the curtain rises. Until then the player sees
    their own view (what the turn brought); from the pass on, `drawn` must stay empty."""
    app.run_frames(1, inject={0: tap(pygame.K_1)})
    app.run_frames(1, dt=PASS_KEY_GUARD)
    drawn.clear()
    app.run_frames(1, inject={0: list(passing or tap(pygame.K_RETURN)) + list(extra)})


def test_input_as_the_curtain_rises_and_during_its_guard_never_opens_it(app):
    session, table, drawn = up_to_the_hand_over(app)
    # the key that hands over and every press in one batch ("at the moment it rises"), then all through the guard
    hand_over(app, drawn, BARRAGE)
    assert isinstance(app.stack.top, CurtainScene) and session.curtain_seat == "b"
    app.run_frames(6, inject={i: BARRAGE for i in range(6)}, dt=0.1)  # 0.6 s of presses, short of the 0.7 s guard
    assert isinstance(app.stack.top, CurtainScene) and session.curtain_seat == "b"
    assert session.drawable_seat() is None and drawn == []  # nobody's view was drawn, least of all Ben's or Ann's
    assert session.game.state.counter == 3  # the digits after the hand-over did not play for Ben either


def test_after_the_guard_space_digits_and_clicks_elsewhere_do_nothing(app):
    session, table, drawn = up_to_the_hand_over(app)
    hand_over(app, drawn)
    app.run_frames(1, dt=CURTAIN_GUARD)
    right_click = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=BUTTON_AT, button=3),
                   pygame.event.Event(pygame.MOUSEBUTTONUP, pos=BUTTON_AT, button=3)]
    for press in (PRESSES["space"], PRESSES["digits"], PRESSES["click on the table"], click((640, 700)), right_click):
        app.run_frames(2, inject={0: press})
        assert isinstance(app.stack.top, CurtainScene) and drawn == []


def test_after_the_guard_enter_or_its_button_opens_it_for_the_named_player(app):
    session, table, drawn = up_to_the_hand_over(app)
    for press, seat, other in (("enter", "b", "a"), ("keypad enter", "a", "b"), ("click on the button", "b", "a")):
        hand_over(app, drawn)  # add 1: the turn and, once passed, the table go to the other seat
        assert isinstance(app.stack.top, CurtainScene) and session.curtain_seat == seat
        app.run_frames(1, dt=CURTAIN_GUARD)
        drawn.clear()
        app.run_frames(2, inject={0: PRESSES[press]})
        assert app.stack.top is table and session.drawable_seat() == seat, press
        assert drawn and {s for s, _ in drawn} == {seat}
        assert all(not leaks(view, session, other) for _, view in drawn)


def test_a_held_enter_or_mouse_button_from_before_it_opened_counts_only_once_let_go(app):
    session, table, drawn = up_to_the_hand_over(app)
    hand_over(app, drawn, passing=[key(pygame.K_RETURN)])  # the Enter that passes goes down as it rises...
    app.run_frames(1, inject={0: [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=BUTTON_AT, button=1)]})
    app.run_frames(1, dt=CURTAIN_GUARD)
    repeat = [key(pygame.K_RETURN)] * 3  # ...and is held: the keyboard repeats it
    app.run_frames(2, inject={0: repeat + [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=BUTTON_AT, button=1)]})
    assert isinstance(app.stack.top, CurtainScene) and drawn == []
    app.run_frames(2, inject={0: [key(pygame.K_RETURN, down=False)] + tap(pygame.K_RETURN)})
    assert app.stack.top is table and session.drawable_seat() == "b"


def test_esc_opens_the_pause_menu_behind_the_curtain_and_closing_it_rearms_the_guard(app):
    from barclay_desktop.scenes.pause import PauseScene

    session, table, drawn = up_to_the_hand_over(app)
    hand_over(app, drawn)
    app.run_frames(1, inject={0: tap(pygame.K_ESCAPE)})  # in the guard: ignored
    assert isinstance(app.stack.top, CurtainScene)
    app.run_frames(1, dt=CURTAIN_GUARD)
    app.run_frames(2, inject={0: tap(pygame.K_ESCAPE)})
    assert isinstance(app.stack.top, PauseScene)
    app.run_frames(2, inject={0: tap(pygame.K_ESCAPE)})  # back to the curtain
    app.run_frames(2, inject={0: tap(pygame.K_RETURN)})  # too soon after the pause menu closed
    assert isinstance(app.stack.top, CurtainScene) and drawn == []


class Loader(Scene):  # a bare Scene that opens a saved game on "L", like the Load screen
    def __init__(self, app, session):
        super().__init__(app)
        self.session = session

    def handle_event(self, event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_l:
            self.app.start_session(self.session)
            return True
        return False


def test_a_loaded_game_opens_at_a_curtain_that_input_of_the_loading_click_never_reaches(app):
    session, table, drawn = start(app, HOTSEAT)
    session.act(Peek())
    app.store.flush()
    loaded = app.store.load(session.autosave_path, lambda gid: ToyGame)
    resumed = GameSession.from_save(loaded, store=app.store)
    app.stack.reset(Loader(app, resumed))
    app.run_frames(1, inject={0: tap(pygame.K_l) + BARRAGE})
    app.run_frames(6, inject={i: BARRAGE for i in range(6)}, dt=0.1)
    assert isinstance(app.stack.top, CurtainScene) and resumed.drawable_seat() is None


def test_input_in_a_batch_after_the_screen_changed_goes_nowhere(app):
    """A second Space in the same batch as the one that closed an overlay must not reach the table."""
    got = []

    class Overlay(Scene):
        opaque = False

        def handle_event(self, event):
            if event.type == pygame.KEYDOWN:
                self.app.pop()
            return True

    class Table(Scene):
        def handle_event(self, event):
            got.append(event.type)
            return True

    app.stack.reset(Table(app))
    app.push(Overlay(app))
    app.run_frames(1, inject={0: tap(pygame.K_SPACE) + tap(pygame.K_SPACE) + click() + [
        pygame.event.Event(pygame.TEXTINPUT, text=" ")]})
    assert got == [pygame.KEYUP, pygame.KEYUP]  # releases still pass; every press and click was dropped
    app.run_frames(1, inject={0: tap(pygame.K_SPACE)})
    assert got[-2:] == [pygame.KEYDOWN, pygame.KEYUP]
