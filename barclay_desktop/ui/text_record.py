"""Where text was drawn: an optional record for the render check (tests/test_text_layout.py).

Off unless a test opens `recording()`; while off, a drawing helper pays one attribute
lookup (`text_record.active is None`). Each record keeps the surface it was drawn on (so
text on a card or a slip is compared only with text on the same surface), the text's
rect, the box the caller meant it to fit (None when the caller gave no width) and the
scene that was drawing (so an overlay's text is not compared with the table under it)."""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, field

import pygame


@dataclass(frozen=True)
class DrawnText:
    text: str
    rect: pygame.Rect
    box: pygame.Rect | None
    surface: pygame.Surface = field(compare=False, repr=False)
    layer: str = ""
    font: pygame.font.Font | None = field(default=None, compare=False, repr=False)


class TextRecorder:
    def __init__(self):
        self.items: list[DrawnText] = []
        self.cuts: list[tuple[str, str, str]] = []  # (layer, how, text): a word broken, a text cut short
        self.layer = ""  # the scene drawing now (set by the scene stack)

    def add(self, surface: pygame.Surface, text: str, rect, box=None, font=None) -> None:
        if text.strip():
            self.items.append(DrawnText(text, pygame.Rect(rect), None if box is None else pygame.Rect(box),
                                        surface, self.layer, font))

    def cover(self, surface: pygame.Surface, rect) -> None:
        """An opaque panel drawn over `rect`: text drawn there before is hidden, not overlapped."""
        rect = pygame.Rect(rect)
        self.items = [i for i in self.items if i.surface is not surface or not rect.contains(i.rect)
                      or i.layer != self.layer]

    def clear(self) -> None:
        self.items.clear()
        self.cuts.clear()


active: TextRecorder | None = None


def note(surface: pygame.Surface, text: str, rect, box=None, font=None) -> None:
    """Record one drawn text when a recorder is on (callers test `active` first); `font`, when
    given, lets the check see letters the font does not have."""
    if active is not None:
        active.add(surface, text, rect, box, font)


def cut(how: str, text: str) -> None:
    """Record that a helper had to break a word or drop the end of a text to fit its box."""
    if active is not None:
        active.cuts.append((active.layer, how, text))


def cover(surface: pygame.Surface, rect) -> None:
    if active is not None:
        active.cover(surface, rect)


def note_breaks(text: str, lines: list[str]) -> None:
    """Record each word a wrap broke between two letters (after a "/" or "-" is a fair place)."""
    if active is None:
        return
    pos = 0
    for line in lines:
        if not text.startswith(line, pos):
            return  # not a plain wrap of this text
        pos += len(line)
        if pos >= len(text):
            return
        if text[pos] in " \n":
            pos += 1
        elif not line.endswith(("/", "-")):
            start = max(text.rfind(" ", 0, pos), text.rfind("\n", 0, pos)) + 1
            ends = [i for i in (text.find(" ", pos), text.find("\n", pos)) if i >= 0]
            cut("word broken across lines", text[start:min(ends, default=len(text))])


def set_layer(name: str) -> None:
    if active is not None:
        active.layer = name


@contextmanager
def recording():
    """Record every text the shared helpers draw until the block ends."""
    global active
    previous, active = active, TextRecorder()
    try:
        yield active
    finally:
        active = previous
