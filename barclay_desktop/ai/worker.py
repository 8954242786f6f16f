"""Think off the frame loop: a computer player's choice as a background job.

    job = ThinkJob(player, game.view(seat), game.legal_actions(seat))
    ...every frame:
    if job.done():
        action = job.result()      # one of the legal actions; the player's rng advanced
        session.act(seat, action)
    ...on undo / leaving the scene:
    job.cancel()

By default the search runs in one long-lived worker process (spawn-safe; views, legal
actions and players pickle), so pure-Python search never competes with the window for
the GIL. `mode="thread"` and `mode="inline"` exist for tests and for platforms where
processes are not wanted. Decisions with one legal action, and players that do not
search (random, easy), are answered inline at once: no process round-trip.

Call `shutdown()` when the application exits.
"""

from __future__ import annotations

import atexit
import multiprocessing
import threading
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor

_LOCK = threading.Lock()
_POOLS: dict[str, object] = {}


def _pool(mode: str):
    with _LOCK:
        pool = _POOLS.get(mode)
        if pool is None:
            if mode == "process":
                pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
            else:
                pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ai-think")
            _POOLS[mode] = pool
            if len(_POOLS) == 1:
                atexit.register(shutdown)
        return pool


def shutdown(wait: bool = False) -> None:
    """Stop the worker pools (running searches are abandoned, not awaited)."""
    with _LOCK:
        pools = list(_POOLS.values())
        _POOLS.clear()
    for pool in pools:
        pool.shutdown(wait=wait, cancel_futures=True)


def warm_up() -> None:
    """Start the worker process now (e.g. when a game with a computer seat opens),
    so the first decision does not pay for the process start and imports."""
    _pool("process").submit(_ping)


def _ping() -> bool:
    import barclay_desktop.ai.barclay.players  # noqa: F401 - import now, not at the first decision
    import barclay_desktop.ai.stawka.players  # noqa: F401

    return True


def _think(player, view: dict, legal: list):
    """Runs in the worker: the choice and the player as it is afterwards (its rng moved on)."""
    action = player.choose(view, legal)
    return legal.index(action), player


class ThinkJob:
    """One decision being computed in the background. Poll `done()`, then take `result()`."""

    def __init__(self, player, view: dict, legal: list, *, mode: str = "process", on_done=None):
        """on_done(): called once the answer is ready, from whichever thread finished it (the
        app uses it to wake its idle loop, which polls `done()` only when it wakes)."""
        if mode not in ("process", "thread", "inline"):
            raise ValueError(f"unknown mode {mode!r}")
        self.player = player
        self.legal = list(legal)
        self._cancelled = False
        self._future: Future
        searches = getattr(player, "searches", False)
        if mode == "inline" or len(self.legal) <= 1 or not searches:
            self._future = Future()
            try:
                self._future.set_result(_think(player, view, self.legal))
            except Exception as exc:  # surfaced by result(), as a pool would
                self._future.set_exception(exc)
        else:
            self._future = _pool(mode).submit(_think, player, view, self.legal)
        if on_done is not None:
            self._future.add_done_callback(lambda _future: on_done())

    def done(self) -> bool:
        return self._future.done()

    def cancel(self) -> None:
        """Forget this decision (the position changed). A search already running finishes
        in the background within its time cap and its answer is dropped."""
        self._cancelled = True
        self._future.cancel()

    @property
    def cancelled(self) -> bool:
        return self._cancelled

    def result(self, timeout: float | None = None):
        """The chosen action (blocks until ready). Updates the caller's player in place."""
        if self._cancelled:
            raise RuntimeError("this think job was cancelled")
        index, after = self._future.result(timeout)
        if after is not self.player:
            self.player.__dict__.update(after.__dict__)  # keep the rng sequence of the player
        return self.legal[index]
