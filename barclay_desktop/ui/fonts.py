"""The two shipped faces (Courier Prime for documents, EB Garamond for titles), cached by size.

Fonts load on first use, never at import, so importing the UI costs nothing."""

from __future__ import annotations

from functools import lru_cache

import pygame

from ..resources import asset_path

TYPE = "courier_prime"  # typewriter: cards, logs, documents, buttons
SERIF = "eb_garamond"  # titles and headings

FONT_FILES = {
    TYPE: {
        "regular": "CourierPrime-Regular.otf",
        "bold": "CourierPrime-Bold.otf",
        "italic": "CourierPrime-Italic.otf",
        "bold_italic": "CourierPrime-BoldItalic.otf",
    },
    SERIF: {
        "regular": "EBGaramond12-Regular.otf",
        "bold": "EBGaramond12-Bold.otf",
        "italic": "EBGaramond12-Italic.otf",
        "bold_italic": "EBGaramond12-Bold.otf",
    },
}


# EB Garamond 12 Bold has no accented letters (no "Ł", "ś", "ë"): text that needs one is drawn with
# the later EB Garamond Bold (Octavio Pardo's, same glyph size, taller line), on the same baseline.
FALLBACK_FILES = {(SERIF, "bold"): "EBGaramond-Bold.ttf", (SERIF, "bold_italic"): "EBGaramond-Bold.ttf"}
NO_GLYPH = "\ue000"  # a private-use code point: every shipped face draws its missing-glyph box for it


def font_file(face: str, style: str = "regular") -> str:
    return str(asset_path("fonts", FONT_FILES[face][style]))


def complete_font_file(face: str, style: str = "regular") -> str:
    """The file that has every letter a player may type (for pygame_gui, which cannot fall back)."""
    fallback = FALLBACK_FILES.get((face, style))
    return str(asset_path("fonts", fallback)) if fallback else font_file(face, style)


@lru_cache(maxsize=128)
def font(face: str, size: int, style: str = "regular") -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    main = pygame.font.Font(font_file(face, style), size)
    fallback = FALLBACK_FILES.get((face, style))
    if fallback is None:
        return main
    return CoveringFont(main, pygame.font.Font(str(asset_path("fonts", fallback)), size))


def _ink(font: pygame.font.Font, ch: str) -> bytes:
    return pygame.image.tobytes(font.render(ch, True, (0, 0, 0), (255, 255, 255)), "RGB")


class CoveringFont:
    """A font that draws text with `main` when it has every letter, else with `fallback` moved up to
    main's baseline (issue 32: Polish names in bold headings showed empty boxes). Anything else
    (line size, height, metrics) is main's."""

    def __init__(self, main: pygame.font.Font, fallback: pygame.font.Font):
        self.main, self.fallback = main, fallback
        self._missing_ink = _ink(main, NO_GLYPH)
        self._has: dict[str, bool] = {}

    def __getattr__(self, name):
        return getattr(self.main, name)

    def has_glyph(self, ch: str) -> bool:
        if ch not in self._has:
            self._has[ch] = ch.isspace() or ord(ch) < 128 or _ink(self.main, ch) != self._missing_ink
        return self._has[ch]

    def covers(self, text: str) -> bool:
        return all(self.has_glyph(ch) for ch in text)

    def size(self, text: str) -> tuple[int, int]:
        if self.covers(text):
            return self.main.size(text)
        return self.fallback.size(text)[0], self.main.get_height()

    def render(self, text: str, antialias: bool, colour, background=None) -> pygame.Surface:
        if self.covers(text):
            return self.main.render(text, antialias, colour, background)
        img = self.fallback.render(text, antialias, colour)
        # Up to the difference in ascent, drop blank rows above the ink, so the baseline matches
        # main's as far as the accents allow.
        drop = max(0, min(self.fallback.get_ascent() - self.main.get_ascent(), img.get_bounding_rect().top))
        img = img.subsurface((0, drop, img.get_width(), img.get_height() - drop)).copy()
        if background is None:
            return img
        out = pygame.Surface(img.get_size())
        out.fill(background)
        out.blit(img, (0, 0))
        return out


def typewriter(size: int = 16, bold: bool = False, italic: bool = False) -> pygame.font.Font:
    return font(TYPE, size, _style(bold, italic))


def serif(size: int = 28, bold: bool = False, italic: bool = False) -> pygame.font.Font:
    return font(SERIF, size, _style(bold, italic))


def _style(bold: bool, italic: bool) -> str:
    if bold and italic:
        return "bold_italic"
    if bold:
        return "bold"
    if italic:
        return "italic"
    return "regular"


def forget() -> None:
    font.cache_clear()
