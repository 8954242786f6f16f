"""Driving a Barclay game through the client by its own controls (no tests here)."""

from __future__ import annotations

import pygame

from barclay_desktop.scenes.barclay.results import BarclayResultsScene
from barclay_desktop.scenes.barclay.setup import BarclaySetupScene
from barclay_desktop.scenes.barclay.table import BarclayTableScene
from barclay_desktop.scenes.curtain import CurtainScene
from barclay_desktop.scenes.game_over import GameOverScene
from barclay_desktop.scenes.menu import folder_rects
from barclay_desktop.scenes.new_game import NewGameScene
from tests.client_helpers import click, click_events, lift_curtain, press



def open_new_barclay_game(app, seed: int = 1943):
    click(app, folder_rects()["barclay"].center)
    scene = app.stack.top
    assert isinstance(scene, NewGameScene) and scene.game_id == "barclay"
    click(app, scene.seed_entry)  # type the seed, so the deal and the shuffles are the same every run
    app.run_frames(2, inject={0: [pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in str(seed)]})
    assert scene.seed_entry.get_text() == str(seed)
    click(app, scene.start_button)
    assert app.stack.find(BarclaySetupScene) is not None  # the LCS lays out its tokens first


def play_one(app, scene, rng, check_all=False) -> object:
    """Pick a legal action at random and deliver it by clicking its control(s) in one frame.
    check_all: first prove that every legal action has an on-screen control."""
    legal = scene.session.legal_actions()
    if check_all:
        missing = [a for a in legal if not scene.control_clicks(a)]
        assert not missing, f"no control for {missing[:3]}"
    action = rng.choice(legal)
    clicks = scene.control_clicks(action)
    assert clicks, f"no on-screen control for {action}"
    version = scene.session.version
    events = [e for pos in clicks for e in click_events(pos)]
    app.run_frames(1, inject={0: events})
    assert scene.session.version != version, f"clicking {clicks} did not take {action}"
    return action


def drive(app, rng, stop=lambda app: False, on_scene=None, max_steps=4000, check_all=False) -> dict:
    """Play until the game-over screen (or `stop`); returns counts of what was seen."""
    seen = {"curtains": 0, "results": 0, "actions": 0, "passes": 0, "types": set()}
    for _ in range(max_steps):
        top = app.stack.top
        if on_scene is not None:
            on_scene(top)
        if isinstance(top, GameOverScene):
            return seen
        if stop(app):
            return seen
        if isinstance(top, CurtainScene):
            seen["curtains"] += 1
            lift_curtain(app)
        elif isinstance(top, BarclayResultsScene):
            seen["results"] += 1
            press(app, pygame.K_RETURN, frames=1)
        elif isinstance(top, (BarclayTableScene, BarclaySetupScene)):
            if top.session.pass_to is not None:  # the turn is over: pass the table on, by its button
                seen["passes"] += 1
                click(app, top.pass_button, frames=1)
                continue
            if not top.session.legal_actions():
                app.run_frames(1)
                continue
            seen["types"].add(type(play_one(app, top, rng, check_all)).__name__)
            seen["actions"] += 1
        else:
            raise AssertionError(f"unexpected scene {type(top).__name__}")
    raise AssertionError("the game did not end")
