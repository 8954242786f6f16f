"""Sleeping until input comes without waking a thousand times a second (issue 38).

pygame.event.wait(timeout) looks at SDL's queue every millisecond: on an idle window that is
about 2% of a core and a thousand wake-ups a second, which keep a laptop's processor out of
its deep sleep. SDL's own SDL_WaitEventTimeout sleeps in the windowing system until an event
comes (input at once, or an event another thread posts: `post_wake`). pygame does not offer
it, so `EventWaiter` calls it through ctypes in the SDL library pygame itself has loaded, and
falls back to pygame.event.wait whenever that library cannot be found or does not behave."""

from __future__ import annotations

import ctypes
import os
import re
import sys
import time

import pygame

SDL_INIT_VIDEO = 0x20
# The SDL library itself, not SDL2_image/_mixer/_ttf: libSDL2-2.0.so.0, libSDL2.so, wheels'
# libSDL2-2-<hash>.0.so.0.<version>, macOS's libSDL2-2.0.0.dylib, Windows' SDL2.dll.
SDL_NAME = re.compile(r"^(lib)?SDL2([-.].*)?\.(so|dylib|dll)(\..*)?$", re.IGNORECASE)

_wake_type: int | None = None


def wake_type() -> int:
    """The event type `post_wake` uses: registered with pygame once, on first use."""
    global _wake_type
    if _wake_type is None:
        _wake_type = pygame.event.custom_type()
    return _wake_type


def post_wake() -> None:
    """End an idle sleep now; safe from any thread. Does nothing once the window has closed."""
    try:
        pygame.event.post(pygame.event.Event(wake_type()))
    except pygame.error:
        pass  # pygame has quit: nothing is sleeping any more


class EventWaiter:
    """`wait(timeout_ms)` returns when an event is queued or the timeout has passed."""

    def __init__(self):
        self._native = None  # SDL_WaitEventTimeout once found; False when it cannot be used

    def wait(self, timeout_ms: int) -> pygame.event.Event | None:
        """Sleep until an event is queued or `timeout_ms` have passed. The native wait leaves the
        event in the queue (None is returned); the fallback takes it off and returns it."""
        native = self._find() if self._native is None else self._native
        if native:
            started = time.monotonic()
            if native(None, int(timeout_ms)) == 0 and time.monotonic() - started < timeout_ms / 2000:
                self._native = False  # it came back at once with nothing: never spin on it
            return None
        event = pygame.event.wait(int(timeout_ms))
        return None if event.type == pygame.NOEVENT else event

    @property
    def native(self) -> bool:
        return bool(self._native)

    def _find(self):
        self._native = _sdl_wait_function() or False
        return self._native


def _sdl_wait_function():
    """SDL_WaitEventTimeout from the SDL copy pygame runs on (its video is initialised), or None."""
    for path in _sdl_candidates():
        try:
            lib = ctypes.CDLL(path)
            lib.SDL_WasInit.argtypes = [ctypes.c_uint32]
            lib.SDL_WasInit.restype = ctypes.c_uint32
            if not lib.SDL_WasInit(SDL_INIT_VIDEO) & SDL_INIT_VIDEO:
                continue  # another copy of SDL than the one holding the window
            function = lib.SDL_WaitEventTimeout
        except (OSError, AttributeError):
            continue
        function.argtypes = [ctypes.c_void_p, ctypes.c_int]  # a NULL event: wait, leave it queued
        function.restype = ctypes.c_int
        return function
    return None


def _sdl_candidates() -> list[str]:
    if sys.platform == "win32":
        return ["SDL2"]  # the SDL2.dll pygame loaded is found by name
    paths = []
    if sys.platform.startswith("linux"):
        try:
            with open("/proc/self/maps", encoding="utf-8", errors="replace") as maps:
                paths = [line.split(None, 5)[5].strip() for line in maps if len(line.split(None, 5)) == 6]
        except OSError:
            paths = []
    else:
        folder = os.path.dirname(pygame.__file__)
        for sub in (folder, os.path.join(folder, ".dylibs"), os.path.join(os.path.dirname(folder), "pygame_ce.libs")):
            if os.path.isdir(sub):
                paths += [os.path.join(sub, name) for name in sorted(os.listdir(sub))]
    found = []
    for path in paths:
        if SDL_NAME.match(os.path.basename(path)) and path not in found:
            found.append(path)
    return found
