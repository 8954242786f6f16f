"""Issue 30 item 2 in each game's hot-seat table: the seat whose action hands the table to the
other human keeps its own view (the card it drew or kept, the reveal, the roll) with the curtain
down until Pass; undo works there where the game's undo_status allows and cancels the hand-over;
no frame draws the next seat's view before its curtain is lifted; the cards that came into a
hand since its owner last looked carry the NEW mark until the owner has seen them."""

import random

import pygame

from barclay_desktop.rules import game_class
from barclay_desktop.scenes.curtain import CurtainScene
from barclay_desktop.session import GameSession, SeatSetup
from barclay_desktop.scenes.game_table import PASS_KEY_GUARD, SessionScene


def key(k, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def open_table(app, game):
    """Both seats human, hide_private on; the first seat already past its curtain."""
    seats = [SeatSetup(seat, "human", name) for seat, name in zip(game.seats, ("Lee", "Anna"))]
    session = GameSession(game, seats)  # no autosaves: saving is the save tests' business
    session.acknowledge_curtain()
    app.start_session(session, with_setup=False)
    table = app.stack.find(SessionScene)
    drawn = []  # (seat drawn, seat waiting for the pass, curtain up) for every frame
    table.view_hook = lambda seat, view: drawn.append((seat, session.pass_to, session.curtain_seat))
    app.run_frames(1)  # the first look: the opening hand is no news
    return session, table, drawn


def first(session):
    """The first legal action: the same seeded line every run."""
    return session.legal_actions()[0]


def never_drew_the_next_seat(drawn) -> bool:
    return all(seat != waiting for seat, waiting, _ in drawn if waiting is not None) and all(
        seat is None for seat, _, curtain in drawn if curtain is not None)


def hand_over_by_session(app, session) -> None:
    """The other player passes and the next one lifts the curtain (both off the frame loop)."""
    session.pass_table()
    session.acknowledge_curtain()


def enter_after_the_guard(app) -> None:
    app.run_frames(1, dt=PASS_KEY_GUARD)  # one long frame: the key guard is scene time
    app.run_frames(2, inject={0: [key(pygame.K_RETURN)]})


def test_barclay_the_kept_card_is_new_undo_cancels_the_hand_over_and_a_drawn_card_cannot_go_back(app):
    from tests.barclay_helpers import started_game

    session, table, drawn = open_table(app, started_game(3))
    assert session.acting_seat() == "abwehr" and table.try_action(first(session))  # an Active Agent: two cards
    assert table.try_action(first(session))  # keep one: the LCS is next
    app.run_frames(2)
    kept = session.game.state.hands["abwehr"][-1]
    assert session.pass_to == "lcs" and session.drawable_seat() == "abwehr" and table.marked_new == [kept]
    assert session.prompt() == "Your turn is over: check the card you kept, then pass to the LCS player (Lee)."
    app.run_frames(2, inject={0: [key(pygame.K_z, pygame.KMOD_CTRL)]})  # keeping a card may be taken back
    assert session.pass_to is None and session.acting_seat() == "abwehr" and table.marked_new == []
    assert table.try_action(first(session))
    enter_after_the_guard(app)
    assert isinstance(app.stack.top, CurtainScene) and session.curtain_seat == "lcs"
    session.acknowledge_curtain()
    app.pop()
    for _ in range(2):  # the LCS plays an Active Agent too and keeps a card
        assert table.try_action(first(session))
    hand_over_by_session(app, session)
    app.run_frames(1)
    assert session.drawable_seat() == "abwehr" and table.marked_new == []  # seen before passing: no news now
    for _ in range(3):  # play, reorder the Double-Cross deck, draw
        assert table.try_action(first(session))
    app.run_frames(1)
    assert session.pass_to == "lcs" and table.marked_new == [session.game.state.hands["abwehr"][-1]]
    assert session.undo_status() == (False, "You drew a card.")  # the rules keep a draw
    assert never_drew_the_next_seat(drawn)


def test_spies_the_reveal_stays_until_pass_undo_cancels_and_troops_back_in_hand_are_new(app):
    session, table, drawn = open_table(app, game_class("spies_lies").new(seed=5))
    assert table.try_action(first(session))  # red draws a blue troop for elimination
    app.run_frames(2)
    assert session.pass_to == "blue" and table.showing_report() and session.drawable_seat() == "red"
    assert session.undo_status() == (False, "A troop was drawn for elimination.")
    hand_over_by_session(app, session)
    assert table.try_action(first(session))
    hand_over_by_session(app, session)
    while session.pass_to is None:  # red deploys four troops and confirms
        legal = session.legal_actions()
        assert table.try_action(next((a for a in legal if type(a).__name__ == "Deploy"), legal[0]))
    app.run_frames(2, inject={0: [key(pygame.K_z, pygame.KMOD_CTRL)]})
    assert session.pass_to is None and session.acting_seat() == "red"  # the confirmation is taken back
    rng = random.Random(1)
    state = session.game.state
    while state.day < 2 or state.phase != "deploy" or session.acting_seat() != "red":
        if session.pass_to is not None:  # (each look ends with the action or the pass, drawn or not)
            hand_over_by_session(app, session)
        else:
            assert table.try_action(rng.choice(session.legal_actions()))
    app.run_frames(1)
    side = session.game.state.side("red")
    back = set(side.hand) - set(table.hand_news.seen["red"])
    assert back and set(table.marked_new) == back  # the day's troops came back into hand: marked
    assert never_drew_the_next_seat(drawn)


def test_stawka_a_kept_item_is_new_undo_cancels_a_hand_over_and_the_roll_shows_before_the_pass(app):
    from barclay_desktop.rules.stawka import actions as A
    from tests.stawka_client_helpers import searching
    from tests.stawka_helpers import talkative

    session, table, drawn = open_table(app, game_class("stawka").new(seed=0))
    rng = random.Random(0)

    def play_until(done, chooser):
        while not done():
            if session.curtain_seat is not None:
                session.acknowledge_curtain()
            elif session.pass_to is not None:
                session.pass_table()
            else:
                assert table.try_action(chooser(rng, session.game, session.legal_actions()))

    play_until(lambda: any(isinstance(a, A.KeepItem) for a in session.legal_actions()), searching)
    seat = session.acting_seat()
    app.run_frames(1)
    keep = next(a for a in session.legal_actions() if isinstance(a, A.KeepItem))
    assert table.try_action(keep)
    app.run_frames(1)
    assert table.marked_new == [keep.item] and session.drawable_seat() == seat
    acted = session.stats.actions_by_seat[seat]
    play_until(lambda: session.acting_seat() == seat and session.stats.actions_by_seat[seat] > acted, searching)
    app.run_frames(1)
    assert keep.item not in table.hand_news.new  # seen since: no longer news
    play_until(lambda: session.pass_to is not None and session.undo_status()[0], searching)
    mover = session.viewer
    app.run_frames(2, inject={0: [key(pygame.K_z, pygame.KMOD_CTRL)]})  # a move the rules let go back
    assert session.pass_to is None and session.acting_seat() == mover
    play_until(lambda: session.pass_to is not None and session.pass_news == "check the roll", talkative)
    roller = session.viewer
    drawn.clear()
    app.run_frames(3)
    assert table.dice_left > 0 and table.current_view()[1]["last_dice"]  # the roll tumbles on the roller's table
    assert {seat for seat, _, _ in drawn} == {roller} and session.prompt().startswith("Your turn is over: check the roll")
    assert not session.undo_status()[0]  # a roll is chance: it stays
    enter_after_the_guard(app)
    assert isinstance(app.stack.top, CurtainScene) and session.curtain_seat != roller
    assert never_drew_the_next_seat(drawn)


def test_spies_lies_the_opening_line_up_is_no_news_after_the_day_one_draws(app):
    """A Spies & Lies game opens on an empty hand before the day-1 elimination draws; the troops
    that fill it then are the opening hand, so none is marked NEW (marking all nine said nothing)."""
    game = game_class("spies_lies").new(seed=3)
    seats = [SeatSetup("red", "human", "Lee"), SeatSetup("blue", "computer", "", "random")]
    session = GameSession(game, seats, hide_private=False)
    app.start_session(session, with_setup=False)
    table = app.stack.find(SessionScene)
    app.run_frames(1)
    assert not table.hand_ids(table.current_view()[1], "red")  # the empty hand before the draws
    while game.state.phase != "deploy":  # the eliminations, by the first choice, both sides
        seat = game.current_seat()
        assert session.act(game.legal_actions(seat)[0], seat).ok
        app.run_frames(1)
    assert table.hand_ids(table.current_view()[1], "red")  # the line-up is in hand now...
    assert not [cid for cid in table.hand_ids(table.current_view()[1], "red") if table.is_new(cid)]  # ...not new
