"""Issue 35 on the table: the ADVANCED cards by mouse. Scenario 3 ("The Best Chestnuts Are on Place
Pigalle") played hot-seat by the table's own controls with the Easy player choosing for both people; every
frame checked against the leak probes (the other hand, both decks: K12); the tray, the card menus, the
reaction windows and the standing "no reactions this stage" order."""

from __future__ import annotations

import random

from barclay_desktop import ai
from barclay_desktop.rules import game_class
from barclay_desktop.rules.stawka import actions as A
from barclay_desktop.scenes.game_over import GameOverScene
from barclay_desktop.scenes.stawka.table import StawkaTableScene
from barclay_desktop.session import GameSession, SeatSetup
from tests.client_helpers import click
from tests.stawka_client_helpers import against_the_computer, deliver, drive
from tests.test_stawka_client_privacy import Recorder

HOT_SEAT = [SeatSetup("polish", "human", "Anna"), SeatSetup("german", "human", "Ben")]


def easy_chooser(seed: int):
    """Both people play as Easy would: it answers every ADVANCED decision (windows, blocks, cards)."""
    players = {seat: ai.make_player("stawka", "easy", seed=seed + k) for k, seat in enumerate(("polish", "german"))}

    def choose(rng, game, legal):
        seat = game.current_seat()
        return players[seat].choose(game.view(seat), legal)

    return choose


def chestnuts_hot_seat(app, seed: int):
    game = game_class("stawka").new({"scenario": "chestnuts"}, seed=seed)
    session = GameSession(game, list(HOT_SEAT), store=app.store)
    app.start_session(session)
    return game, session


def test_a_whole_chestnuts_hot_seat_by_mouse_draws_no_hidden_card(app):
    """From the placement to the game-over page, every decision by its control (a card in the tray, its menu, a
    window's buttons, a board space); no frame draws a card of the other hand or of a deck."""
    game, _session = chestnuts_hot_seat(app, seed=3)
    recorder = Recorder()
    easy, unreachable = easy_chooser(3), []

    def choose(rng, g, legal):  # and the legal actions have their clicks on the screen (none under the tray):
        table = app.stack.top     # every card and decision action, and 8 board destinations a step (the cost)
        spaced = [a for a in legal if isinstance(a, (A.Move, A.PlaceThreat, A.PlaceAgent))]
        other = [a for a in legal if not isinstance(a, (A.Move, A.PlaceThreat, A.PlaceAgent))]
        sample = other + rng.sample(spaced, min(8, len(spaced)))
        unreachable.extend(a for a in sample if not table.control_clicks(a))
        return easy(rng, g, legal)

    seen = drive(app, random.Random(3), on_frame=recorder.hook, chooser=choose, max_steps=6000)
    assert game.is_over() and isinstance(app.stack.top, GameOverScene)
    assert not unreachable, unreachable[:5]
    assert not recorder.leaks, recorder.leaks[:5]
    assert {"PlaceAgent", "ChoosePlan", "PassReaction", "PlayReaction"} <= seen["types"], seen["types"]
    assert {"ConvertLocationCard", "UseLocationCard", "UseHideout"} & seen["types"], seen["types"]
    assert "reaction_window" in seen["pending"]
    assert recorder.faces.get("polish", 0) > 30 and recorder.faces.get("german", 0) > 30
    assert seen["curtains"] > 10


def at_window(app, seed: int, multi: bool = False):
    """Drive a hot-seat scenario 3 until a reaction window is open for the person at the table (with a card
    that names one of several spaces, if `multi`)."""
    game, session = chestnuts_hot_seat(app, seed)

    def stop(a):
        table = a.stack.top
        if not isinstance(table, StawkaTableScene) or not session.legal_actions():
            return False
        plays = [x for x in session.legal_actions() if isinstance(x, A.PlayReaction)]
        return bool(plays) and (not multi or len({x.choice for x in plays if x.card == plays[0].card}) > 1)

    drive(app, random.Random(seed), stop=stop, chooser=easy_chooser(seed), max_steps=6000)
    return game, session, app.stack.top


def test_a_red_card_names_its_space_by_a_click_on_the_board(app):
    """A12-A13: the red card is picked (from the tray or its button), then a ringed space of the route."""
    game, session, table = at_window(app, 5, multi=True)
    plays = [x for x in session.legal_actions() if isinstance(x, A.PlayReaction)]
    action = plays[-1]
    clicks = table.control_clicks(action)
    assert len(clicks) == 2, clicks  # the card, then the space
    deliver(app, table, action)
    assert action.card in game.state.reaction_discard


def test_do_not_react_again_this_stage_passes_the_persons_windows_without_a_pause(app):
    """A11: the standing order answers the person's later windows at once this stage (the log still says he
    does not react); next stage his windows open again."""
    game, session, table = at_window(app, 5)
    seat = session.acting_seat()
    stage = game.state.stage
    quiet = next(c for c in table.controls if c.kind == "quiet")
    click(app, quiet.rect.center, frames=1)
    assert not game.state.pending or game.state.pending[0].kind != "reaction_window" or \
        game.state.pending[0].seat != seat

    def check(a):
        p = game.state.pending[0] if game.state.pending else None
        if p is not None and p.kind == "reaction_window" and p.seat == seat:
            assert game.state.stage != stage, "a window stopped the table despite the standing pass"

    drive(app, random.Random(5), stop=lambda a: game.state.stage > stage, on_frame=check,
          chooser=easy_chooser(5), max_steps=4000)
    assert session.quiet[seat] == stage and game.standing_answer(seat, stage) is None


def test_against_easy_the_persons_windows_need_no_curtain_and_easy_reacts_to_his_moves(app):
    """One person (Polish) against Easy in scenario 3: no curtain ever; the person's windows are decisions on
    his own table, the computer's windows are answered by it; nothing of its hand is drawn (K12)."""
    game = game_class("stawka").new({"scenario": "chestnuts"}, seed=4)
    recorder, windows = Recorder(), set()

    def watch(a):
        recorder.hook(a)
        if game.state.pending and game.state.pending[0].kind in ("reaction_window", "block_window"):
            windows.add(game.state.pending[0].seat)

    against_the_computer(app, game, easy_chooser(4), None, 3, on_frame=watch)
    assert not recorder.leaks, recorder.leaks[:5]
    assert "german" not in recorder.frames
    assert windows == {"polish", "german"}, windows


def test_the_dice_slip_of_a_talk_a_yellow_card_cancelled_says_so():
    """A14: `cancel_conversation` leaves the initiator's roll without result; the slip showed its SINGLE (seen in
    play). A later roll of the stage shows its own result again."""
    from barclay_desktop.scenes.stawka.overlays import fresh_dice

    roll = {"kind": "conversation", "result": "single", "total": 9}
    view = {"log": [{"kind": "stage"}, {"kind": "dice"}, {"kind": "conversation_cancelled"}], "last_dice": roll}
    assert fresh_dice(view)[0]["result"] == "cancelled" and roll["result"] == "single"
    view["log"].append({"kind": "dice"})
    assert fresh_dice(view)[0]["result"] == "single"
