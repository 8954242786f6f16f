"""Small animations of the Spies & Lies table: values that glide (towers, the double spy)
and cards that turn over. Pure bookkeeping; the table scene draws them."""

from __future__ import annotations

import attrs

FLIP_SECONDS = 0.4  # ART.md: a reveal flips in about 200 ms per half


@attrs.define
class Glide:
    """A shown value that follows its target through keyframes at `speed` units per second.

    A keyframe (value, snap): snap jumps there at once (a tower resetting to 0)."""

    value: float
    speed: float
    frames: list = attrs.field(factory=list)

    def push(self, value: float, snap: bool = False) -> None:
        self.frames.append((float(value), snap))

    def settle(self, target: float) -> None:
        """Make sure the last keyframe is the true value (after undo, load, or missed events)."""
        last = self.frames[-1][0] if self.frames else self.value
        if last != target:
            self.frames.append((float(target), False))

    def update(self, dt: float) -> None:
        budget = self.speed * dt
        while self.frames and (budget > 0 or self.frames[0][1]):
            target, snap = self.frames[0]
            if snap:
                self.value = target
                self.frames.pop(0)
                continue
            gap = target - self.value
            if abs(gap) <= budget:
                self.value = target
                budget -= abs(gap)
                self.frames.pop(0)
            else:
                self.value += budget if gap > 0 else -budget
                budget = 0

    @property
    def moving(self) -> bool:
        return bool(self.frames)


@attrs.define
class Flip:
    """A troop turning face-up under (side, mission)."""

    side: str
    mission: int
    left: float = FLIP_SECONDS

    @property
    def t(self) -> float:
        return 1.0 - max(0.0, self.left) / FLIP_SECONDS


def tower_frames(events, side: str, start: float, final: int, target: int = 10) -> list[tuple[float, bool]]:
    """Keyframes for `side`'s tower from the public events of one action: up to the target
    and back to 0 for each infiltration, then the final value."""
    frames: list[tuple[float, bool]] = []
    for e in events:
        if e.kind == "infiltrate" and (e.data or {}).get("side") == side:
            frames += [(float(target), False), (0.0, True)]
    frames.append((float(final), False))
    return frames


def spy_frames(events, final: int) -> list[tuple[float, bool]]:
    """Keyframes for the double spy: every position it passed through, in order."""
    frames = [(float(e.data["spy"]), False) for e in events
              if e.kind in ("spy", "wrong_order") and "spy" in (e.data or {})]
    frames.append((float(final), False))
    return frames


@attrs.define
class Toast:
    text: str
    warn: bool
    left: float = 4.0  # seconds it stays once shown


@attrs.define
class Toasts:
    """The table's typed slips (refusals, warnings, headlines). They are shown in one band that
    covers no card, newest first, as many as fit; the others wait their turn, and a slip's time
    runs only while it is shown, so none is lost."""

    items: list = attrs.field(factory=list)
    shown: int = 0  # how many of the newest the last frame found room for

    def add(self, text: str, warn: bool = False, seconds: float = 4.0) -> None:
        self.items = [t for t in self.items if t.text != text]  # the same words again: shown once, afresh
        self.items.append(Toast(text, warn, seconds))

    def newest_first(self) -> list[Toast]:
        return list(reversed(self.items))

    def update(self, dt: float) -> None:
        for toast in self.newest_first()[:self.shown]:
            toast.left -= dt
        self.items = [t for t in self.items if t.left > 0]

    def clear(self) -> None:
        self.items, self.shown = [], 0
