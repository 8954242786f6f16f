"""The scene stack: lifecycle calls, event routing through overlays, what gets drawn."""

import pygame

from barclay_desktop.scenes.base import Scene
from barclay_desktop.scenes.stack import SceneStack


class Probe(Scene):
    def __init__(self, name, log, *, opaque=True, blocks=True, uses=()):
        super().__init__(app=None)
        self.name, self.log, self.opaque, self.blocks_input, self.uses = name, log, opaque, blocks, set(uses)

    def enter(self):
        self.log.append((self.name, "enter"))

    def exit(self):
        self.log.append((self.name, "exit"))

    def pause(self):
        self.log.append((self.name, "pause"))

    def resume(self):
        self.log.append((self.name, "resume"))

    def handle_event(self, event):
        self.log.append((self.name, "event", event.key))
        return event.key in self.uses

    def update(self, dt):
        self.log.append((self.name, "update"))

    def draw(self, surface):
        self.log.append((self.name, "draw"))


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0)


def test_push_pop_replace_call_the_lifecycle_in_order():
    log, stack = [], SceneStack()
    a, b, c = Probe("a", log), Probe("b", log), Probe("c", log)
    stack.push(a)
    stack.push(b)
    stack.replace(c)
    stack.pop()
    assert log == [("a", "enter"), ("a", "pause"), ("b", "enter"), ("b", "exit"), ("c", "enter"), ("c", "exit"),
                   ("a", "resume")]
    assert stack.top is a


def test_reset_exits_every_scene_top_first():
    log, stack = [], SceneStack()
    stack.push(Probe("a", log))
    stack.push(Probe("b", log))
    log.clear()
    stack.reset(Probe("m", log))
    assert log == [("b", "exit"), ("a", "resume"), ("a", "exit"), ("m", "enter")]
    assert len(stack) == 1


def test_blocking_overlay_keeps_events_from_the_scene_below():
    log, stack = [], SceneStack()
    stack.push(Probe("table", log, uses={pygame.K_1}))
    stack.push(Probe("pause", log, opaque=False, blocks=True))
    log.clear()
    assert stack.handle_event(key(pygame.K_1)) is False
    assert log == [("pause", "event", pygame.K_1)]


def test_passing_overlay_lets_unused_events_through_but_keeps_its_own():
    log, stack = [], SceneStack()
    stack.push(Probe("table", log, uses={pygame.K_1}))
    stack.push(Probe("hint", log, opaque=False, blocks=False, uses={pygame.K_h}))
    log.clear()
    assert stack.handle_event(key(pygame.K_1)) is True
    assert log == [("hint", "event", pygame.K_1), ("table", "event", pygame.K_1)]
    log.clear()
    assert stack.handle_event(key(pygame.K_h)) is True
    assert log == [("hint", "event", pygame.K_h)]


def test_routing_stops_when_a_handler_changes_the_stack():
    log, stack = [], SceneStack()
    stack.push(Probe("below", log, uses={pygame.K_1}))

    class Closer(Probe):
        def handle_event(self, event):
            super().handle_event(event)
            stack.pop()
            return False

    stack.push(Closer("overlay", log, blocks=False))
    log.clear()
    assert stack.handle_event(key(pygame.K_1)) is False
    assert ("below", "event", pygame.K_1) not in log


def test_only_the_top_updates_and_drawing_starts_at_the_topmost_opaque_scene():
    log, stack = [], SceneStack()
    stack.push(Probe("menu", log))
    stack.push(Probe("table", log))
    stack.push(Probe("pause", log, opaque=False))
    stack.push(Probe("settings", log, opaque=False))
    log.clear()
    stack.update(0.016)
    stack.draw(None)
    assert log == [("settings", "update"), ("table", "draw"), ("pause", "draw"), ("settings", "draw")]


def test_pop_on_empty_stack_is_harmless():
    stack = SceneStack()
    assert stack.pop() is None
    assert stack.top is None
