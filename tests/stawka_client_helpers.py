"""Driving a Stawka game through the client by its own controls (no tests here)."""

from __future__ import annotations

import pygame

from barclay_desktop.rules.stawka import actions as A
from barclay_desktop.scenes.curtain import CurtainScene
from barclay_desktop.scenes.game_over import GameOverScene
from barclay_desktop.scenes.menu import folder_rects
from barclay_desktop.scenes.new_game import NewGameScene
from barclay_desktop.scenes.stawka.table import StawkaTableScene
from tests.stawka_helpers import talkative
from tests.client_helpers import click, click_events, lift_curtain, press



def open_new_game(app, seed: int = 1944) -> None:
    """Menu -> the Stawka folder -> the form (seed typed in, so a failure can be replayed) -> Start."""
    click(app, folder_rects()["stawka"].center)
    form = app.stack.top
    assert isinstance(form, NewGameScene) and form.game_id == "stawka"
    click(app, form.seed_entry.rect.center)
    app.run_frames(1, inject={0: [pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in str(seed)]})
    assert form.choices()["seed"] == seed
    click(app, form.start_button)
    assert app.stack.find(StawkaTableScene) is not None


def deliver(app, scene, action) -> None:
    """Post the mouse events that take `action` on the table, and check they did."""
    version = scene.session.version
    clicks = scene.control_clicks(action)
    assert clicks, f"no on-screen control for {action}"
    app.run_frames(1, inject={0: [e for pos in clicks for e in click_events(pos)]})
    assert scene.session.version != version, f"the mouse did not take {action}: {app.notices}"


def choose(rng, game, legal):
    """Mostly seek the enemy and talk; sometimes anything else (searches, items, giving up)."""
    if rng.random() < 0.15:
        return rng.choice(legal)
    return talkative(rng, game, legal)


def searching(rng, game, legal):
    """Searches and keeps what it finds: items in hands, face down."""
    for kind in (A.KeepItem, A.Search):
        picks = [a for a in legal if isinstance(a, kind)]
        if picks:
            return rng.choice(picks)
    return choose(rng, game, legal)


def drive(app, rng, stop=lambda app: False, on_frame=None, max_steps=4000, chooser=choose) -> dict:
    """Play until the game-over screen (or `stop`); returns what was seen."""
    seen = {"curtains": 0, "actions": 0, "passes": 0, "types": set(), "pending": set(), "phases": set()}
    for _ in range(max_steps):
        top = app.stack.top
        if on_frame is not None:
            on_frame(app)
        if isinstance(top, GameOverScene) or stop(app):
            return seen
        if isinstance(top, CurtainScene):
            seen["curtains"] += 1
            lift_curtain(app)
        elif isinstance(top, StawkaTableScene):
            if top.session.pass_to is not None:  # the turn is over: pass the table on, by its button
                seen["passes"] += 1
                click(app, top.pass_button, frames=1)
                continue
            legal = top.session.legal_actions()
            if not legal:
                app.run_frames(1)
                continue
            state = top.game.state
            seen["phases"].add(state.phase)
            if state.pending:
                seen["pending"].add(state.pending[0].kind)
            action = chooser(rng, top.game, legal)
            deliver(app, top, action)
            seen["types"].add(type(action).__name__)
            seen["actions"] += 1
        else:
            raise AssertionError(f"unexpected scene {type(top).__name__}")
    raise AssertionError("the game did not end")


def against_the_computer(app, game, chooser, rng, until_stage: int, on_frame=None) -> None:
    """The Polish person plays by the table's controls (`chooser` picks), the German Easy computer answers
    (in a thread, so its turn runs between frames), until stage `until_stage` or the game's end; there is
    never a curtain with one person at the table."""
    from barclay_desktop.session import GameSession, SeatSetup

    session = GameSession(game, [SeatSetup("polish", "human", "Anna"),
                                 SeatSetup("german", "computer", "Abwehr", "easy")], store=app.store)
    session.ai_mode = "thread"
    app.start_session(session)
    for _ in range(8000):
        if on_frame is not None:
            on_frame(app)
        top = app.stack.top
        if isinstance(top, GameOverScene) or game.state.stage >= until_stage:
            break
        assert not isinstance(top, CurtainScene), "no curtain with one person at the table"
        legal = session.legal_actions() if isinstance(top, StawkaTableScene) else []
        if legal:
            deliver(app, top, chooser(rng, game, legal))
        else:
            app.run_frames(1)
            app.wait_for_tasks()
    assert game.state.stage >= until_stage or game.is_over()
    return session


def record_piece_labels(monkeypatch) -> list:
    """Every text the Stawka pieces render through pieces.label from now on, in order."""
    from barclay_desktop.scenes.stawka import pieces

    words: list = []
    render = pieces.label.__wrapped__

    def recording(content, *args, **kwargs):
        words.append(content)
        return render(content, *args, **kwargs)

    monkeypatch.setattr(pieces, "label", recording)
    return words


SPACED = (A.Move, A.PlaceThreat, A.PlaceAgent, A.Drive)  # board destinations: sampled, there are many


def noting_unreachable(app, chooser, unreachable: list, sample: int = 6):
    """A chooser that first notes, in `unreachable`, the legal actions with no click path on the table (every
    decision and `sample` board destinations a step), then lets `chooser` pick."""
    def choose(rng, game, legal):
        table = app.stack.top
        spaced = [a for a in legal if isinstance(a, SPACED)]
        other = [a for a in legal if not isinstance(a, SPACED)]
        unreachable.extend(a for a in other + rng.sample(spaced, min(sample, len(spaced))) if not table.control_clicks(a))
        return chooser(rng, game, legal)

    return choose


def hot_seat_to_stage(app, game, seed: int, stage: int = 3, chooser=None) -> dict:
    """Drive the hot-seat `game` on the table by its controls until `stage`, Easy choosing for both people (or
    `chooser`); checks that every sampled legal action had a click path and no frame drew what its seat may not
    see (K12). Returns what `drive` saw."""
    import random

    from tests.test_stawka_client_advanced import easy_chooser
    from tests.test_stawka_client_privacy import Recorder

    recorder, unreachable = Recorder(), []
    choose = noting_unreachable(app, chooser or easy_chooser(seed), unreachable)
    seen = drive(app, random.Random(seed), stop=lambda a: game.state.stage >= stage, on_frame=recorder.hook,
                 chooser=choose, max_steps=3000)
    assert not unreachable, unreachable[:5]
    assert not recorder.leaks, recorder.leaks[:5]
    return seen


def table_with_easy(app, game, person: str):
    """The table for one person against the Easy computer in the other seat (no curtain)."""
    from barclay_desktop.session import GameSession, SeatSetup

    other = "german" if person == "polish" else "polish"
    seats = [SeatSetup(person, "human", "Anna"), SeatSetup(other, "computer", "Bruno", "easy")]
    app.start_session(GameSession(game, seats, store=app.store))
    app.run_frames(2)
    top = app.stack.top
    assert isinstance(top, StawkaTableScene)
    return top


def form_pick(scenario_id: str):
    """The new-game form's pick of a Stawka scenario, and whether Kloss's document is chosen beside it."""
    from barclay_desktop import games

    stawka = games.descriptor("stawka")
    pick = next(p for p in next(c for c in stawka.choices if c.key == "scenario").picks if p.value == scenario_id)
    return pick, next(c for c in stawka.choices if c.key == "kloss_document").shows_for(scenario_id)
