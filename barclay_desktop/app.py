"""The application: window, frame loop, scene stack, background tasks and navigation.

`python -m barclay_desktop [--frames N]` opens the 1280x720 logical canvas (SCALED, so
bigger windows and fullscreen scale it with correct mouse mapping) and runs at 60 fps.
Disk and computer-player work run on worker threads; their results come back to the
frame loop through `App.background(..., on_done=...)`, which is polled every frame."""

from __future__ import annotations

import argparse
import os
import sys
import time
import warnings
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Callable

from .rules.core.message import msg

SIZE = (1280, 720)
FPS = 60
# Issue 38: with nothing moving and no input, the window keeps its last frame and the loop
# sleeps in the event queue instead of redrawing 60 times a second. Drawing goes on this long
# after the last activity, so hover effects and pygame_gui's tooltips (1 s delay) settle.
IDLE_AFTER = 1.5
IDLE_WAIT_MS = 100  # an idle loop wakes at least this often for timers and anything that cannot wake it


class App:
    def __init__(self, *, settings=None, store=None):
        from . import i18n
        from .saves import SaveStore
        from .scenes.stack import SceneStack
        from .settings import load_settings

        if settings is None:
            settings, warning = load_settings()
        else:
            warning = None
        self.settings = settings
        i18n.set_language(i18n.startup_choice(settings.language))  # before anything is drawn or labelled
        self.store = store if store is not None else SaveStore()
        self.stack = SceneStack()
        self.screen = None
        self.clock = None
        self.gui = None
        self.sound = None
        self.running = False
        self.frame_count = 0
        self.last_frame_ms = 0.0
        self._tasks: list[tuple[Future, Callable | None]] = []
        self._pool: ThreadPoolExecutor | None = None
        self.notices: list[tuple[str, float, bool]] = []  # (text, seconds left, warning)
        self.fake_screen: tuple[int, int] | None = None  # tests: pretend the monitor is this size
        self.headless = False
        self.display_mode: tuple[bool, tuple[int, int]] = (False, SIZE)  # (fullscreen, window size) shown now
        self.keys_down: set[int] = set()  # keys pressed and not yet released, from every event seen
        self.idle_enabled = False  # run() turns it on; tests stepping frames by hand draw every frame
        self.still_seconds = 0.0  # scene time since the last input or movement
        self.drew = True  # whether the last step drew (and flipped) a frame
        self._pending: list = []  # events taken from the queue while idle, handled by the next step
        self.waiter = None  # the idle sleep (ui.event_wait), made with the window
        if warning:
            self.notify(warning, seconds=8, warn=True)  # long enough to read the reason, once

    # ----- window ------------------------------------------------------------------
    def open_window(self) -> None:
        import pygame

        from .sound import Sound
        from .ui.gui import GuiKit
        from .ui.icon import window_icon

        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption("Barclay Desktop")
        pygame.display.set_icon(window_icon())
        # SCALED maps a bigger window (and its mouse) onto the 1280x720 canvas; the dummy driver
        # has no window, and its software scaler would only add a copy to every frame.
        headless = os.environ.get("SDL_VIDEODRIVER") == "dummy"
        if not headless:
            # pygame scales SCALED windows by whole numbers only unless this (oddly named) hint is
            # set; with it, 1600x900 or 1920x1080 are filled, letterboxed to keep 16:9, and smoothed.
            os.environ.setdefault("SDL_HINT_RENDER_SCALE_QUALITY", "1")
            os.environ.setdefault("SDL_RENDER_SCALE_QUALITY", "linear")
        flags = 0 if headless else pygame.SCALED | pygame.RESIZABLE
        self.headless = headless
        self.screen = pygame.display.set_mode(SIZE, flags)
        self.display_mode = (False, SIZE)
        problem = self.set_display(self.settings.fullscreen, tuple(self.settings.window_size))
        if problem:  # e.g. settings from a bigger monitor: the game opens in a window that fits
            self.notify(problem, seconds=8, warn=True)
        self.clock = pygame.time.Clock()
        from .ui.event_wait import EventWaiter

        self.waiter = EventWaiter()
        self.gui = GuiKit(SIZE)
        self.sound = Sound(self.settings.volume)
        pygame.key.set_repeat(400, 40)

    # ----- display mode ---------------------------------------------------------------
    # The 1280x720 canvas never changes; only the window around it does (SCALED maps the mouse).
    # A mode the screen cannot show is refused and the previous one comes back, with the reason.
    def set_display(self, fullscreen: bool, window_size) -> str:
        """Show the game fullscreen or in a window of `window_size`: "" if shown, else why not
        (and the previous mode is back)."""
        wanted = (bool(fullscreen), tuple(window_size))
        before = self.display_mode
        problem = self._show(*wanted)
        if problem:
            if before != wanted:
                self._show(*before)
            return problem
        self.display_mode = wanted
        return ""

    def toggle_fullscreen(self) -> None:
        """F11, anywhere. Turning fullscreen on asks "Keep this display mode?" like Settings do:
        on some systems (no window manager) SDL reports a fullscreen it never got, leaving the
        picture cropped and the clicks misplaced, and nothing in SDL tells; the question goes
        back by itself. Going back to a window needs no question; F11 while asked goes back."""
        from .scenes.settings_scene import DisplayConfirmScene

        if isinstance(self.stack.top, DisplayConfirmScene):
            self.stack.top.revert()
            return
        fullscreen, size = self.display_mode
        problem = self.set_display(not fullscreen, size)
        if problem:
            self.notify(problem, seconds=6, warn=True)
        elif fullscreen:
            self.settings.fullscreen = False
            self.notify(msg("Back in a window."))
            from .settings import save_settings

            self.background(save_settings, attrs_copy(self.settings))
        else:
            self.push(DisplayConfirmScene(self, previous=(fullscreen, size), wanted=(True, size)))

    def screen_size(self) -> tuple[int, int] | None:
        """The biggest monitor's size; None when there is no real screen (the dummy driver)."""
        if self.fake_screen is not None:
            return self.fake_screen
        if self.headless:
            return None
        import pygame

        sizes = [tuple(s) for s in pygame.display.get_desktop_sizes()]
        return max(sizes, key=lambda s: s[0] * s[1]) if sizes else None

    def _show(self, fullscreen: bool, size: tuple[int, int]) -> str:
        screen = self.screen_size()
        if not fullscreen and screen is not None and (size[0] > screen[0] or size[1] > screen[1]):
            return msg("A {width} x {height} window does not fit this {screen_width} x {screen_height} screen.",
                       width=size[0], height=size[1], screen_width=screen[0], screen_height=screen[1])
        if self.headless:
            return ""
        import pygame

        try:
            if bool(pygame.display.is_fullscreen()) != fullscreen:
                pygame.display.toggle_fullscreen()
            if not fullscreen:
                self._resize_window(size)
        except pygame.error as exc:
            return msg("This screen could not show that display mode ({problem}).", problem=str(exc))
        canvas = pygame.display.get_surface()
        if canvas is None or canvas.get_size() != SIZE or bool(pygame.display.is_fullscreen()) != fullscreen:
            return msg("This screen could not show the game fullscreen.") if fullscreen else \
                msg("This screen could not show the game in that window.")
        if fullscreen and screen is not None:
            shown = self._window_size()
            if shown is not None and shown not in [tuple(s) for s in pygame.display.get_desktop_sizes()]:
                return msg("This screen could not show the game fullscreen.")
        return ""

    def _window_size(self) -> tuple[int, int] | None:
        import pygame

        try:
            with warnings.catch_warnings():
                # the only way in pygame-ce 2.5 to reach a SCALED display's window; not used to draw
                warnings.simplefilter("ignore", DeprecationWarning)
                return tuple(pygame.Window.from_display_module().size)
        except (pygame.error, AttributeError):
            return None

    def _resize_window(self, size: tuple[int, int]) -> None:
        """Resize the real window; the SCALED renderer keeps the canvas 1280x720 and letterboxes."""
        import pygame

        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                window = pygame.Window.from_display_module()
            if tuple(window.size) != tuple(size):
                window.size = size
        except (pygame.error, AttributeError):
            pass  # old SDLs cannot resize; the canvas is unaffected

    # ----- loop ----------------------------------------------------------------------
    def start(self, first_scene=None) -> None:
        self.open_window()
        if first_scene is None:
            from .scenes.menu import MenuScene

            first_scene = MenuScene(self)
        self.stack.push(first_scene)
        self.running = True
        self.background(self._remove_stale_temps)

    def _remove_stale_temps(self) -> None:
        """Temporary files left by a kill during a save or a settings write (issue 30)."""
        from .saves import remove_stale_temps
        from .settings import config_dir

        self.store.remove_stale_temps()
        remove_stale_temps(config_dir())

    def run(self, frames: int = 0) -> int:
        import pygame

        self.idle_enabled = True
        while self.running:
            if not self.drew:
                self.rest()
            dt = self.clock.tick(FPS) / 1000.0
            self.step(min(dt, 0.1))
            if frames and self.frame_count >= frames:
                break
        return 0

    def rest(self) -> None:
        """Idle: sleep until input comes (no added latency), a background task or a computer's
        move wakes the loop (`wake`), or the low-rate tick is due."""
        event = self.waiter.wait(IDLE_WAIT_MS)
        if event is not None:
            self._pending.append(event)

    def wake(self) -> None:
        """End an idle sleep now: called from worker threads when their result is ready."""
        from .ui.event_wait import post_wake

        post_wake()

    def step(self, dt: float) -> None:
        """One frame: tasks finished off-loop, input, update, draw, flip."""
        import pygame

        from .ui.event_wait import wake_type

        started = time.perf_counter()
        finished = self._poll_tasks()
        save_error = self.store.take_error()
        if save_error:
            self.notify(save_error, seconds=8, warn=True)
        changes = self.stack.changes
        events, self._pending = self._pending + pygame.event.get(), []
        wake = wake_type()
        events = [event for event in events if event.type != wake]  # wake-ups only end a sleep
        for event in events:
            if event.type == pygame.QUIT:
                self.quit()
                continue
            if event.type == pygame.KEYDOWN:
                self.keys_down.add(event.key)
            elif event.type == pygame.KEYUP:
                self.keys_down.discard(event.key)
            if self.stack.changes != changes and aimed_input(event):
                continue  # made for the screen that has just gone: the new one must not act on it
            if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
                self.toggle_fullscreen()
                continue
            self.stack.handle_event(event)
        self.stack.update(dt)
        self._age_notices(dt)
        active = bool(events or finished or self.notices or self.stack.changes != changes
                      or self.stack.needs_frames())
        self.still_seconds = 0.0 if active else self.still_seconds + dt
        self.drew = not (self.idle_enabled and self.still_seconds >= IDLE_AFTER)
        if self.drew:
            self.draw_frame()
        self.frame_count += 1
        self.last_frame_ms = (time.perf_counter() - started) * 1000.0
        if not self.stack.top:
            self.running = False

    def draw_frame(self) -> None:
        import pygame

        if not self.stack.visible() or not self.stack.visible()[0].opaque:
            self.screen.fill((0, 0, 0))  # otherwise the bottom visible scene paints every pixel
        self.stack.draw(self.screen)
        self._draw_notices()
        pygame.display.flip()

    def run_frames(self, n: int, inject: dict | None = None, dt: float = 1 / FPS) -> None:
        """For tests: run n frames at a fixed dt, posting inject[i] (a list of events) before frame i."""
        import pygame

        inject = inject or {}
        for i in range(n):
            for event in inject.get(i, ()):
                pygame.event.post(event)
            self.step(dt)
            if not self.running:
                break

    def quit(self) -> None:
        self.running = False

    def shutdown(self) -> None:
        import pygame

        while self.stack.top is not None:
            self.stack.pop()
        for future, _ in self._tasks:
            future.cancel()
        if self._pool is not None:
            self._pool.shutdown(wait=True)
            self._pool = None
        self.store.flush()
        self.store.close()
        if self.sound is not None:
            self.sound.close()
        from .ui import draw, fonts

        fonts.forget()  # fonts die with pygame.quit; a later App must load fresh ones
        draw.forget()
        pygame.quit()

    # ----- background work --------------------------------------------------------------
    def background(self, fn: Callable, *args, on_done: Callable[[Future], None] | None = None) -> Future:
        """Run fn(*args) on a worker; on_done(future) runs later on the frame loop."""
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="app-io")
        future = self._pool.submit(fn, *args)
        future.add_done_callback(lambda _future: self.wake())  # on_done runs on the loop, so wake it
        self._tasks.append((future, on_done))
        return future

    def _poll_tasks(self) -> int:
        """Deliver finished background work; how many tasks finished."""
        if not self._tasks:
            return 0
        remaining, finished = [], []
        for task in self._tasks:
            (finished if task[0].done() else remaining).append(task)
        self._tasks = remaining
        for future, on_done in finished:
            if on_done is not None and not future.cancelled():
                on_done(future)
        return len(finished)

    def wait_for_tasks(self, timeout: float = 5.0) -> None:
        """For tests: block until background work is done, then deliver its results."""
        deadline = time.monotonic() + timeout
        while self._tasks and time.monotonic() < deadline:
            for future, _ in list(self._tasks):
                future.exception(timeout=max(0.0, deadline - time.monotonic()))
            self._poll_tasks()

    # ----- notices ------------------------------------------------------------------------
    def notify(self, text: str, seconds: float = 4.0, *, warn: bool = False) -> None:
        """A short typed slip at the bottom of the screen (why a move was refused, save failed...)."""
        self.notices.append((text, seconds, warn))
        self.notices = self.notices[-3:]

    def _age_notices(self, dt: float) -> None:
        self.notices = [(t, s - dt, w) for t, s, w in self.notices if s - dt > 0]

    def _draw_notices(self) -> None:
        if not self.notices:
            return
        from .i18n import translate
        from .ui.widgets import draw_notice

        y = SIZE[1] - 24
        for text, left, warn in reversed(self.notices):
            # translated as drawn: the rules' refusals are Messages (id + data), see docs/i18n.md
            y = draw_notice(self.screen, translate(text), y, min(1.0, left / 0.4), warn=warn) - 8

    # ----- navigation ----------------------------------------------------------------------
    def go_to_menu(self) -> None:
        from .scenes.menu import MenuScene

        self.stack.reset(MenuScene(self))

    def start_session(self, session, *, with_setup: bool = True) -> None:
        """Open a game: its setup scene if it has one and the game is fresh, else its table."""
        from .scenes.table_entry import entry_for

        entry = entry_for(session.game_id)
        session.wake = self.wake  # a computer's move or a hint ready wakes an idle loop
        factory = entry.setup if (with_setup and entry.setup is not None) else entry.table
        self.stack.reset(factory(self, session))
        if session.ai_mode == "process" and len(session.human_seats()) < len(session.seats):
            from .ai.worker import warm_up

            # Starting the worker process takes tens of milliseconds: do it off the frame
            # now, not on the frame where the computer's first decision is handed over.
            self.background(warm_up)

    def push(self, scene) -> None:
        self.stack.push(scene)

    def pop(self) -> None:
        self.stack.pop()


def attrs_copy(settings):
    import attrs

    return attrs.evolve(settings)


def aimed_input(event) -> bool:
    """Input a player aimed at what was on screen (a key press, a click, a scroll, typing).

    When a screen changes in the middle of a batch of events, the rest of the batch was made
    for the screen that has gone: a second Space closing a results panel must not go on to
    the table, nor a double click open what the first click uncovered. Mouse moves and key releases
    pass: they only keep hover and held-key bookkeeping right."""
    import pygame

    return event.type in (pygame.KEYDOWN, pygame.TEXTINPUT, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                          pygame.MOUSEWHEEL)


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="barclay-desktop", description="Three WWII espionage board games.")
    parser.add_argument("--frames", type=int, default=0, help="render N frames then exit (smoke test)")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(list(sys.argv[1:] if argv is None else argv))
    if args.frames < 0:
        print("--frames must be 0 or more", file=sys.stderr)
        return 2
    app = App()
    app.start()
    try:
        return app.run(frames=args.frames)
    finally:
        app.shutdown()
