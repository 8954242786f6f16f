"""Hot-seat privacy on the Barclay screens: every frame the setup and table scenes draw is
checked against `game.leak_probes(seat)` for the seat the session allowed at that moment.

Recorded per frame: the view the scene asked to draw (view_hook) and every card face it
actually blitted (card_spots). Under the curtain the seat is None (public only); on the
other seat's turn it is the player at the table. No hidden card id, and for the Abwehr
or the public no token layout, may appear in either."""

from __future__ import annotations

import json
import random

import pygame

from barclay_desktop.rules.barclay.state import ABWEHR, LCS
from barclay_desktop.scenes.barclay.results import BarclayResultsScene
from barclay_desktop.scenes.barclay.table import BarclayTableScene
from barclay_desktop.scenes.curtain import CurtainScene
from barclay_desktop.scenes.game_table import PASS_KEY_GUARD, SessionScene
from tests.barclay_client_helpers import drive, open_new_barclay_game
from tests.client_helpers import (DrawRecorder, click_events, hammer_the_curtain, hot_seat_before, key_taps,
                                  open_curtain, open_hot_seat)


class Recorder(DrawRecorder):
    """Wraps each Barclay session scene so every drawn frame is checked as it happens."""

    scene_class = SessionScene

    def __init__(self):
        super().__init__()
        self.frames = {"curtain": 0, LCS: 0, ABWEHR: 0, "public": 0, "passing": 0}
        self.leaks: list[str] = []

    def check(self, app, scene, view, seat) -> None:
        session = scene.session
        assert seat == session.drawable_seat()
        if any(isinstance(s, CurtainScene) for s in app.stack):
            assert seat is None, "a private view was drawn under the curtain"
            self.frames["curtain"] += 1
        elif session.pass_to is not None:  # issue 30 item 2: the table waits to be passed on
            assert seat is not None and seat != session.pass_to, "the next seat's view before its curtain"
            self.frames["passing"] += 1
        else:
            self.frames[seat or "public"] += 1
        probes = session.game.leak_probes(seat)
        text = json.dumps(view)
        drawn = {cid for _rect, cid in getattr(scene, "card_spots", [])}
        for probe in probes:
            if probe in text or probe.strip('"') in drawn:
                self.leaks.append(f"{probe} drawn for seat {seat} at step {view.get('step')}")


def test_nothing_private_of_the_hidden_seat_is_drawn(app):
    recorder = Recorder()
    open_new_barclay_game(app)

    scratch = pygame.Surface((1280, 720))

    def on_scene(top):
        recorder.hook(app)
        if isinstance(top, CurtainScene):  # draw the table under the curtain anyway: it must show nothing private
            app.stack.find(SessionScene).draw(scratch)

    def stop(a):
        table = a.stack.find(BarclayTableScene)
        return table is not None and table.session.game.state.month >= 3

    seen = drive(app, random.Random(77), stop=stop, on_scene=on_scene)
    assert not recorder.leaks, recorder.leaks[:5]
    # the test looked where it matters: both players' own turns, the curtain and the results
    assert recorder.frames[LCS] > 20 and recorder.frames[ABWEHR] > 20
    assert seen["curtains"] >= 4 and seen["results"] >= 2
    assert recorder.frames["curtain"] >= 4  # drawn while the curtain was up: public view only
    # the player whose turn ended kept the table (their own view, also under the results) until the pass
    assert recorder.frames["passing"] > 20 and seen["passes"] >= 4


def test_the_lcs_layout_is_on_its_own_table_and_never_on_the_abwehr_one(app):
    open_new_barclay_game(app)
    drive(app, random.Random(8), stop=lambda a: isinstance(a.stack.top, BarclayTableScene)
          and a.stack.top.session.drawable_seat() == ABWEHR)
    table = app.stack.top
    app.run_frames(1)
    assert "layout" not in table.current_view()[1]
    drive(app, random.Random(9), stop=lambda a: isinstance(a.stack.top, BarclayTableScene)
          and a.stack.top.session.drawable_seat() == LCS)
    assert "layout" in table.current_view()[1]


def test_the_results_overlay_draws_only_public_events(app):
    open_new_barclay_game(app)
    drive(app, random.Random(12), stop=lambda a: isinstance(a.stack.top, BarclayResultsScene))
    overlay = app.stack.top
    assert overlay.events and all(e.to is None for e in overlay.events)
    shown = {cid for cards in (overlay.cards or {}).values() for cid in cards if cid}
    for seat in (ABWEHR, LCS):
        face_up_or_revealed = {sl.card for sl in overlay.session.game.state.tableau[seat]}
        discards = set(overlay.session.game.state.discards[seat])
        assert shown.isdisjoint(set(overlay.session.game.state.hands[seat]) - face_up_or_revealed - discards)
    pygame.event.clear()


def test_space_spam_through_the_results_never_opens_the_next_players_file(app):
    """Issue 30's repro: "click or Space: next step" on the Evidence Results, and a step needs
    the other seat, so the curtain rises at the end of the sequence; a player who keeps
    pressing Space (and clicking) must not open it. Every frame is checked by the recorder."""
    recorder = Recorder()
    game, seat, last = hot_seat_before("barclay", 5, {"reveal", "hands"}, month=2)
    session, table = open_hot_seat(app, game)
    recorder.hook(app)
    app.run_frames(1)  # the acting seat's own table, checked like every frame
    assert table.try_action(last)  # the month's last action: the results, then the other seat decides
    app.run_frames(1)
    assert isinstance(app.stack.top, BarclayResultsScene)
    for _ in range(80):  # Space, Space... and a click, every frame, until the panel is gone
        app.run_frames(1, inject={0: key_taps(pygame.K_SPACE, pygame.K_SPACE) + click_events((400, 500))})
        if not isinstance(app.stack.top, BarclayResultsScene):
            break
    # the player keeps the table until passing it on (issue 30, item 2): Space and clicks never pass
    assert app.stack.top is table and session.pass_to not in (None, seat)
    spam = key_taps(pygame.K_SPACE, pygame.K_SPACE) + click_events((400, 500))
    app.run_frames(3, inject={i: spam for i in range(3)}, dt=PASS_KEY_GUARD)
    assert app.stack.top is table and session.pass_to not in (None, seat)
    app.run_frames(1, inject={0: key_taps(pygame.K_RETURN) + spam})  # Enter passes, the spam goes on
    assert isinstance(app.stack.top, CurtainScene) and session.curtain_seat not in (None, seat)
    hammer_the_curtain(app)  # the same player keeps pressing everything through the guard
    open_curtain(app, frames=2)  # then the other player opens it on purpose
    assert session.drawable_seat() not in (None, seat)
    assert not recorder.leaks, recorder.leaks[:5]
    assert recorder.frames[seat] > 0 and recorder.frames[session.drawable_seat()] > 0
