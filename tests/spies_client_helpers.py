"""Driving a Spies & Lies game through the client by its own controls (no tests here)."""

from __future__ import annotations

import pygame

from barclay_desktop.rules.spies_lies import actions as A
from barclay_desktop.scenes.curtain import CurtainScene
from barclay_desktop.scenes.game_over import GameOverScene
from barclay_desktop.scenes.menu import folder_rects
from barclay_desktop.scenes.new_game import NewGameScene
from barclay_desktop.scenes.spies_lies.setup import SpiesSetupScene
from barclay_desktop.scenes.spies_lies.table import SpiesTableScene
from tests.client_helpers import click, click_events, lift_curtain, press


def drag_events(start, end):
    mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
            pygame.event.Event(pygame.MOUSEMOTION, pos=mid, rel=(0, 0), buttons=(1, 0, 0)),
            pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)]



def open_new_game(app, players="two", table="strict") -> SpiesSetupScene:
    click(app, folder_rects()["spies_lies"].center)
    form = app.stack.top
    assert isinstance(form, NewGameScene) and form.game_id == "spies_lies"
    click(app, form.start_button)
    setup = app.stack.top
    assert isinstance(setup, SpiesSetupScene)
    rects = setup.option_rects()
    click(app, rects[("players", players)].center)
    click(app, rects[("table", table)].center)
    click(app, setup.begin_rect().center)
    assert app.stack.find(SpiesTableScene) is not None
    return setup


def deliver(app, scene, action, rng) -> None:
    """Post the mouse events that take `action` on the table, and check they did."""
    version = scene.session.version
    if isinstance(action, A.Deploy) and rng.random() < 0.5:
        press_at, release_at = scene.drag_path(action)
        events = drag_events(press_at, release_at)
    else:
        clicks = scene.control_clicks(action)
        assert clicks, f"no on-screen control for {action}"
        events = [e for pos in clicks for e in click_events(pos)]
    app.run_frames(1, inject={0: events})
    assert scene.session.version != version, f"the mouse did not take {action}"


def phase_key(game) -> str:
    s = game.state
    if s.phase == "mission":
        return "mission:" + (s.pending.kind if s.stage == "choice" and s.pending else s.stage)
    return s.phase


def drive(app, rng, stop=lambda app: False, on_frame=None, max_steps=3000) -> dict:
    """Play until the game-over screen (or `stop`); returns what was seen."""
    seen = {"curtains": 0, "actions": 0, "passes": 0, "reports": 0, "summaries": 0, "phases": set(), "types": set()}
    for _ in range(max_steps):
        top = app.stack.top
        if on_frame is not None:
            on_frame(app)
        if isinstance(top, GameOverScene) or stop(app):
            return seen
        if isinstance(top, CurtainScene):
            seen["curtains"] += 1
            lift_curtain(app)
        elif isinstance(top, SpiesTableScene):
            legal = top.session.legal_actions()
            if top.session.pass_to is not None:  # the turn is over: pass the table on, by its button
                seen["passes"] += 1
                seen["reports"] += top.showing_report()
                click(app, top.pass_button, frames=1)
                continue
            if top.summary_up():  # the end-of-day summary: Enter goes on to the draws
                seen["summaries"] += 1
                press(app, pygame.K_RETURN, frames=1)
                continue
            if not legal:
                app.run_frames(1)
                continue
            seen["phases"].add(phase_key(top.game))
            action = rng.choice(legal)
            deliver(app, top, action, rng)
            seen["types"].add(type(action).__name__)
            seen["actions"] += 1
        else:
            raise AssertionError(f"unexpected scene {type(top).__name__}")
    raise AssertionError("the game did not end")
