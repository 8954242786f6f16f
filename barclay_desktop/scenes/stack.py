"""The scene stack: push / pop / replace with the lifecycle calls, event routing and drawing."""

from __future__ import annotations

from typing import Iterator

from ..ui import text_record
from .base import Scene


class SceneStack:
    def __init__(self) -> None:
        self._scenes: list[Scene] = []
        self._changes = 0  # bumped on every change so routing stops when a handler switches scenes

    # ----- queries ----------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    @property
    def changes(self) -> int:
        """How many times the stack changed: the app compares it to see a new scene on top."""
        return self._changes

    def __len__(self) -> int:
        return len(self._scenes)

    def __iter__(self) -> Iterator[Scene]:
        return iter(list(self._scenes))

    def find(self, kind: type) -> Scene | None:
        """The topmost scene of a type (e.g. the table under a pause menu)."""
        for scene in reversed(self._scenes):
            if isinstance(scene, kind):
                return scene
        return None

    # ----- changes ----------------------------------------------------------
    def push(self, scene: Scene) -> None:
        if self._scenes:
            self._scenes[-1].pause()
        self._scenes.append(scene)
        self._changes += 1
        scene.enter()

    def pop(self) -> Scene | None:
        if not self._scenes:
            return None
        scene = self._scenes.pop()
        self._changes += 1
        scene.exit()
        if self._scenes:
            self._scenes[-1].resume()
        return scene

    def replace(self, scene: Scene) -> Scene | None:
        """Swap the top scene; the scene below is neither resumed nor paused again."""
        old = self._scenes.pop() if self._scenes else None
        self._changes += 1
        if old is not None:
            old.exit()
        self._scenes.append(scene)
        scene.enter()
        return old

    def pop_to(self, scene: Scene) -> None:
        """Pop every scene above `scene` (e.g. close pause + settings back to the table)."""
        while self._scenes and self._scenes[-1] is not scene:
            self.pop()

    def reset(self, scene: Scene) -> None:
        """Leave everything and start over from `scene` (e.g. quit to menu)."""
        while self._scenes:
            self.pop()
        self.push(scene)

    # ----- frame ------------------------------------------------------------
    def handle_event(self, event) -> bool:
        """Offer the event from the top down until a scene uses it or blocks the rest."""
        changes = self._changes
        for scene in reversed(list(self._scenes)):
            if scene.handle_event(event):
                return True
            if self._changes != changes or scene.blocks_input:
                return False
        return False

    def update(self, dt: float) -> None:
        scenes = list(self._scenes)
        for i, scene in enumerate(scenes[:-1]):
            scene.update_below(dt, scenes[i + 1:])
        if scenes:
            scenes[-1].update(dt)

    def needs_frames(self) -> bool:
        """Something on screen moves by itself (issue 38: else the app may stop redrawing)."""
        return any(scene.needs_frames() for scene in self.visible())

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: from the topmost opaque one up."""
        start = 0
        for i in range(len(self._scenes) - 1, -1, -1):
            if self._scenes[i].opaque:
                start = i
                break
        return self._scenes[start:]

    def draw(self, surface) -> None:
        for scene in self.visible():
            text_record.set_layer(scene.name)  # the render check compares text within one scene
            scene.draw(surface)
        text_record.set_layer("")
