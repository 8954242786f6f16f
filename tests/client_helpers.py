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
