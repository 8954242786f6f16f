"""Issue 38: the real frame loop (`App.run`) at rest, on simulated time.

`SimulatedTime` stands in for the loop's clock and its idle sleep: a frame lasts 1/60 s, a sleep
its whole timeout unless an event is queued. Nothing here measures wall time; where a worker
thread must finish first, a bounded wait only keeps a broken build from hanging."""

from __future__ import annotations

import sys
import threading
import time

import pygame
import pytest

from barclay_desktop.app import FPS, IDLE_AFTER, IDLE_WAIT_MS
from barclay_desktop.ui.event_wait import EventWaiter, post_wake, wake_type

from .client_helpers import open_hot_seat


class SimulatedTime:
    """pygame's Clock.tick and EventWaiter.wait on simulated time.

    `block_for` > 0 makes a sleep wait for real (that long at most) for an event, as SDL's does,
    so a worker thread's wake-up can end it; `woken` counts the sleeps an event ended."""

    def __init__(self):
        self.now = 0.0
        self.last_tick = 0.0
        self.sleeps = 0
        self.woken = 0
        self.block_for = 0.0
        self.on_sleep = None  # called with this object at each sleep, before it starts

    def tick(self, fps: int) -> float:
        self.now = max(self.now, self.last_tick + 1 / fps)
        elapsed, self.last_tick = self.now - self.last_tick, self.now
        return elapsed * 1000.0

    def wait(self, timeout_ms: int):
        self.sleeps += 1
        if self.on_sleep is not None:
            self.on_sleep(self)
        deadline = time.monotonic() + self.block_for
        while True:
            if pygame.event.peek():
                self.woken += 1
                return None  # left queued, as the native wait does
            if time.monotonic() >= deadline:
                break
            time.sleep(0.002)
        self.now += timeout_ms / 1000.0
        return None


@pytest.fixture
def looped(app):
    """The app with simulated time in its loop and a record of the steps that drew."""
    clock = SimulatedTime()
    app.clock = app.waiter = clock
    app.draws = []
    original = app.draw_frame
    app.draw_frame = lambda: (app.draws.append(app.frame_count), original())
    return app, clock


def run_steps(app, steps: int) -> None:
    app.running = True
    app.run(frames=app.frame_count + steps)


def test_the_menu_at_rest_sleeps_instead_of_drawing(looped):
    app, clock = looped
    run_steps(app, 400)
    settle_frames = IDLE_AFTER * FPS
    assert len(app.draws) <= settle_frames + 2  # drawn while settling, then not once more
    assert clock.sleeps >= 400 - settle_frames - 2
    assert clock.now >= (400 - settle_frames - 2) * IDLE_WAIT_MS / 1000  # some 30 s went by asleep


def test_input_during_a_sleep_is_drawn_on_the_very_next_step(looped):
    app, clock = looped
    moved_at = []

    def move_the_mouse(sim):
        if sim.sleeps == 20:
            moved_at.append(app.frame_count)
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 400), rel=(1, 0), buttons=(0, 0, 0)))

    clock.on_sleep = move_the_mouse
    run_steps(app, 200 + 40)
    assert moved_at and moved_at[0] in app.draws  # no tick to wait for: the hover is drawn at once
    after = [frame for frame in app.draws if frame >= moved_at[0]]
    assert after[:int(IDLE_AFTER * FPS)] == list(range(moved_at[0], moved_at[0] + int(IDLE_AFTER * FPS)))  # 60 fps


def test_a_hint_ready_wakes_a_sleeping_table_and_is_drawn(looped):
    from barclay_desktop.rules import game_class

    app, clock = looped
    session, table = open_hot_seat(app, game_class("barclay").new(seed=5))
    session.ai_mode = "thread"
    run_steps(app, 200)
    assert not app.drew  # the table at rest: asleep
    assert session.request_hint() == ""  # thinks on a worker thread; nothing else will wake the loop
    clock.block_for = 20.0
    before = len(app.draws)
    for _ in range(50):
        run_steps(app, 1)
        if session.hint is not None:
            break
    assert session.hint is not None and clock.woken >= 1
    assert len(app.draws) > before  # drawn on the step the hint arrived, not at the next tick


def wait_for_wake(timeout: float = 30.0) -> bool:
    """Whether a wake-up event reaches the queue (a worker thread posts it) within `timeout`."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if pygame.event.peek(wake_type()):
            return True
        time.sleep(0.005)
    return False


def test_a_computers_answer_posts_a_wake_up(app):
    from barclay_desktop.session import GameSession, SeatSetup

    from .toy_game import Add, ToyGame

    gate = threading.Event()

    class Slow:
        searches = True  # thinks on the worker, not inline

        def choose(self, view, legal):
            gate.wait(30)
            return legal[0]

    seats = [SeatSetup("a", "human", "Ann"), SeatSetup("b", "computer", "Bot", level="random")]
    session = GameSession(ToyGame.new(seed=3), seats, player_factory=lambda *a: Slow())
    session.ai_mode = "thread"
    session.wake = app.wake
    assert session.act(Add(1)).ok
    session.tick(0.0)
    assert session.thinking
    pygame.event.clear()
    gate.set()
    assert wait_for_wake()


def test_a_finished_background_task_posts_a_wake_up(app):
    app.wait_for_tasks()
    pygame.event.clear()
    app.background(lambda: None)
    assert wait_for_wake()


def test_wake_ups_are_not_input(looped):
    app, clock = looped
    run_steps(app, 200)
    draws = len(app.draws)
    post_wake()
    run_steps(app, 3)
    assert len(app.draws) == draws  # nothing changed: the loop goes back to sleep


def test_the_waiter_leaves_a_queued_event_for_the_step(app):
    waiter = EventWaiter()
    pygame.event.clear()
    post_wake()
    event = waiter.wait(10_000)
    if sys.platform.startswith("linux"):
        assert waiter.native  # found the SDL pygame loaded, in /proc/self/maps
    if waiter.native:
        assert event is None and pygame.event.peek(wake_type())  # still queued for pygame.event.get
    else:
        assert event is not None and event.type == wake_type()


def test_without_sdls_own_wait_it_falls_back_to_pygames(app, monkeypatch):
    from barclay_desktop.ui import event_wait

    monkeypatch.setattr(event_wait, "_sdl_wait_function", lambda: None)
    waiter = EventWaiter()
    pygame.event.clear()
    post_wake()
    event = waiter.wait(10_000)
    assert event is not None and event.type == wake_type() and not waiter.native


def test_a_wait_that_returns_at_once_is_never_used_again(app, monkeypatch):
    from barclay_desktop.ui import event_wait

    calls = []
    monkeypatch.setattr(event_wait, "_sdl_wait_function", lambda: lambda event, ms: calls.append(ms) or 0)
    waiter = EventWaiter()
    pygame.event.clear()
    waiter.wait(10_000)  # "nothing came" after no time at all: this SDL is not the one with the window
    assert not waiter.native
    post_wake()
    assert waiter.wait(10_000) is not None and len(calls) == 1  # pygame's wait took over
