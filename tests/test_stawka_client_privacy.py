"""Hot-seat privacy on the Stawka table: every frame the table draws is checked against
`game.leak_probes(seat)` for the seat the session allowed at that moment.

Recorded per frame: the view the table asked to draw and the ids of every item face and
planning card it actually drew (`drawn_ids`). Under the curtain the seat is None (public only);
a frame drawn for a seat other than the one to act must show nothing of the one to act. No item
tile a seat has not seen and no unrevealed planning choice may appear in either."""

from __future__ import annotations

import json
import random

import pytest

from barclay_desktop.scenes.curtain import CurtainScene
from barclay_desktop.scenes.stawka.table import StawkaTableScene
from barclay_desktop.rules.stawka import actions as A
from tests.stawka_client_helpers import choose, drive, open_new_game, searching
from tests.client_helpers import DrawRecorder


class Recorder(DrawRecorder):
    """Wraps each table's draw_table so every drawn frame is checked as it happens."""

    scene_class = StawkaTableScene

    def __init__(self):
        super().__init__()
        self.frames: dict[str, int] = {"curtain": 0, "public": 0, "other_turn": 0}
        self.faces: dict[str, int] = {}
        self.leaks: list[str] = []
        self.checked: set = set()

    def check(self, app, scene, view, seat) -> None:
        session = scene.session
        game = session.game
        assert seat == session.drawable_seat()
        if session.curtain_seat is not None or any(isinstance(s, CurtainScene) for s in app.stack):
            assert seat is None, "a private view was drawn while the curtain was due"
            self.frames["curtain"] += 1
        if session.pass_to is not None:  # issue 30 item 2: the table waits to be passed on
            assert seat is not None and seat != session.pass_to, "the next seat's view before its curtain"
            self.frames["passing"] = self.frames.get("passing", 0) + 1
        current = game.current_seat()
        if seat is not None and current is not None and current != seat:
            self.frames["other_turn"] += 1
        key = seat or "public"
        self.frames[key] = self.frames.get(key, 0) + 1
        self.faces[key] = self.faces.get(key, 0) + len(scene.drawn_ids)
        drawn = frozenset(scene.drawn_ids)
        # the same position, seat and drawn faces show the same view: checked once (frames repeat it)
        position = (seat, game._token, len(game.state.log), drawn)
        if position in self.checked:
            return
        self.checked.add(position)
        text = json.dumps(view)
        # as simulate's check: the log before the last reshuffle named used reaction cards while they lay face up
        # (A5-A6, also the holder's own old draws); only the newer part is read for those probes
        log = view.get("log") or []
        cut = max((i + 1 for i, e in enumerate(log) if e.get("kind") == "reshuffled"), default=0)
        newer = json.dumps({**view, "log": log[cut:]}) if cut else text
        for probe in game.leak_probes(seat):
            seen_in = newer if probe.startswith('"reaction.') else text
            if probe in seen_in or probe in drawn:
                self.leaks.append(f"{probe} drawn for seat {seat} in phase {view['phase']}")


@pytest.mark.parametrize("seed", [11, 2024])
def test_nothing_hidden_is_drawn_in_a_whole_hot_seat_meeting(app, seed):
    recorder = Recorder()
    open_new_game(app)
    seen = drive(app, random.Random(seed), on_frame=recorder.hook)
    assert not recorder.leaks, recorder.leaks[:5]
    # it looked where it matters: both players' own turns, with their own cards and items on show
    assert recorder.frames.get("polish", 0) > 30 and recorder.frames.get("german", 0) > 30
    assert recorder.faces.get("polish", 0) > 30 and recorder.faces.get("german", 0) > 30
    assert seen["curtains"] >= 10


def test_a_hover_on_the_opponents_face_down_item_shows_only_its_back(app):
    """Drive until someone holds a face-down item, then rest the mouse on it from the other seat."""
    recorder = Recorder()
    open_new_game(app)

    def opponent_holds_hidden(a):
        table = a.stack.top
        if not isinstance(table, StawkaTableScene) or not table.session.legal_actions():
            return False
        seat, view = table.current_view()
        return any(it.get("hidden") for ag in view["agents"] if ag["side"] != seat for it in ag["items"])

    drive(app, random.Random(3), stop=opponent_holds_hidden, on_frame=recorder.hook, chooser=searching)
    table = app.stack.top
    seat, view = table.current_view()
    i, ag = next((i, ag) for i, ag in enumerate(view["agents"]) if ag["side"] != seat
                 and any(it.get("hidden") for it in ag["items"]))
    card = table.agent_card_rect(i)
    rects = table.item_rects(card.__class__(card.x + 12, card.y + 78, card.w - 20, 22), len(ag["items"]))
    k = next(k for k, it in enumerate(ag["items"]) if it.get("hidden"))
    import pygame

    app.run_frames(2, inject={0: [pygame.event.Event(pygame.MOUSEMOTION, pos=rects[k].center, rel=(0, 0),
                                                     buttons=(0, 0, 0))]})
    assert not recorder.leaks, recorder.leaks[:5]
    held = table.game.state.agents[ag["id"]].items[k]
    assert held not in table.drawn_ids


def test_against_the_computer_its_turns_show_nothing_of_its_side(app):
    """One person (Polish) against the Easy computer: the table always draws the Polish view, also
    while the computer thinks and acts; nothing hidden from the Polish seat is ever drawn."""
    from barclay_desktop.rules import game_class
    from tests.stawka_client_helpers import against_the_computer, choose

    game = game_class("stawka").new(seed=21)
    recorder = Recorder()
    session = against_the_computer(app, game, choose, random.Random(21), 4, on_frame=recorder.hook)
    assert not recorder.leaks, recorder.leaks[:5]
    assert recorder.frames["other_turn"] > 0 and set(recorder.frames) >= {"polish"}
    assert "german" not in recorder.frames
    assert session.stats.actions_by_seat.get("german", 0) > 5


@pytest.mark.parametrize("seed", [5])
def test_nothing_hidden_is_drawn_in_a_hot_seat_first_clash(app, seed):
    """First Clash (issue 34) by two people at one screen, through the table's own controls: placement, the
    set-out of threat tokens, their windows and checks, mission cards. No unseen threat token, held mission card,
    item or planning choice of the other seat is ever drawn or put in the drawn view (K12)."""
    from barclay_desktop.rules import game_class
    from barclay_desktop.session import GameSession, SeatSetup

    game = game_class("stawka").new({"scenario": "first_clash"}, seed=seed)
    session = GameSession(game, [SeatSetup("polish", "human", "Anna"), SeatSetup("german", "human", "Bruno")],
                          hide_private=True, store=app.store)
    app.start_session(session)
    recorder = Recorder()

    def into_tokens(rng, g, legal):
        """Walks onto enemy threat tokens when it can, so their windows and checks come up."""
        s = g.state
        onto = [a for a in legal if isinstance(a, A.Move) and a.to in s.threats
                and s.threats[a.to].side != s.agents[a.agent].side]
        return rng.choice(onto) if onto and rng.random() < 0.8 else choose(rng, g, legal)

    seen = drive(app, random.Random(seed), on_frame=recorder.hook, stop=lambda a: game.state.stage >= 4,
                 chooser=into_tokens)
    assert not recorder.leaks, recorder.leaks[:5]
    assert {"PlaceAgent", "PlaceThreat"} <= seen["types"]
    assert "threat_window" in seen["pending"] or "threat_entered" in seen["pending"]
    assert recorder.faces.get("polish", 0) > 10 and recorder.faces.get("german", 0) > 10  # own tokens on show
    assert seen["curtains"] >= 10
