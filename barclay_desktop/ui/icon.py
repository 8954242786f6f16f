"""The window icon: a small manila folder with a red TOP SECRET bar, drawn by code."""

from __future__ import annotations

import pygame

from .palette import INK, MANILA, MANILA_DARK, STAMP_RED


def window_icon() -> pygame.Surface:
    icon = pygame.Surface((32, 32), pygame.SRCALPHA)
    pygame.draw.rect(icon, MANILA_DARK, (3, 5, 12, 6), border_radius=2)
    pygame.draw.rect(icon, MANILA, (2, 8, 28, 21), border_radius=2)
    pygame.draw.rect(icon, MANILA_DARK, (2, 8, 28, 21), 1, border_radius=2)
    pygame.draw.rect(icon, STAMP_RED, (7, 15, 18, 7), 2)
    pygame.draw.line(icon, INK, (9, 25), (22, 25), 1)
    return icon
