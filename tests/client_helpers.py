"""Shared pieces of the client tests: a started app on a throwaway data dir, posted clicks."""

from __future__ import annotations

import pygame

from barclay_desktop import saves
from barclay_desktop.app import App
from barclay_desktop.settings import Settings


def running_app(tmp_path, monkeypatch):
    """Generator for an `app` fixture: an App started on `tmp_path`, shut down afterwards."""
    monkeypatch.setenv(saves.HOME_ENV, str(tmp_path))
    application = App(settings=Settings())
    application.start()
    application.run_frames(2)
    application.wait_for_tasks()
    yield application
    application.shutdown()


def click_events(pos, button=1):
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)]


def click(app, pos, frames=2):
    """A left click on a position or a widget (its centre), then the frames that react to it."""
    pos = pos.rect.center if hasattr(pos, "rect") else pos
    app.run_frames(frames, inject={0: click_events(pos)})
    app.wait_for_tasks()
    app.run_frames(1)


def open_reference(app, game_id: str, scene_class):
    """Rules screen of `game_id`, then its reference button: (rules scene, reference scene)."""
    from barclay_desktop.scenes.rules_ref import RulesScene

    app.push(RulesScene(app, game_id))
    app.run_frames(2)
    rules = app.stack.top
    assert rules.reference_button is not None
    click(app, rules.reference_button.rect.center)
    scene = app.stack.top
    assert isinstance(scene, scene_class)
    return rules, scene


class DrawRecorder:
    """Wraps the table scene's draw_table so every drawn frame is checked as it happens.

    Subclasses name the table scene class and implement check(app, scene, view, seat)."""

    scene_class: type = type(None)

    def __init__(self):
        self.hooked: set[int] = set()

    def hook(self, app) -> None:
        scene = app.stack.find(self.scene_class)
        if scene is None or id(scene) in self.hooked:
            return
        self.hooked.add(id(scene))
        original = scene.draw_table

        def checked(surface, view, seat, scene=scene, original=original):
            original(surface, view, seat)
            self.check(app, scene, view, seat)

        scene.draw_table = checked

    def check(self, app, scene, view, seat) -> None:
        raise NotImplementedError


def lift_curtain(app, frames=1):
    """Open the hand-over curtain as its player does: wait out its guard, then click its button."""
    from barclay_desktop.scenes.curtain import GUARD_SECONDS, CurtainScene

    curtain = app.stack.top
    assert isinstance(curtain, CurtainScene)
    app.run_frames(1, dt=GUARD_SECONDS)
    app.run_frames(frames, inject={0: click_events(curtain.button.center)})
