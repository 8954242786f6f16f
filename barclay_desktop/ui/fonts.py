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


def font_file(face: str, style: str = "regular") -> str:
    return str(asset_path("fonts", FONT_FILES[face][style]))


@lru_cache(maxsize=128)
def font(face: str, size: int, style: str = "regular") -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(font_file(face, style), size)


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
