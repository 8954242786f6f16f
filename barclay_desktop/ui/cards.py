"""Card and token primitives shared by the three games (ART.md "Cards and tokens").

Games pass their own content (value, title, band colour, pattern); these functions only
draw the common physical look. Sizes: table 96x136, zoomed 288x408."""

from __future__ import annotations

import math

import pygame

from . import draw, fonts
from .palette import BRASS, FADED, INK, MANILA, MANILA_DARK, PAPER

def pattern_fill(surface: pygame.Surface, rect, colour, pattern: str) -> None:
    """A coloured band with a pattern, so colours are told apart without colour vision."""
    rect = pygame.Rect(rect)
    surface.fill(colour, rect)
    light = tuple(min(255, c + 60) for c in colour)
    clip = surface.get_clip()
    surface.set_clip(rect)
    if pattern == "dots":
        for y in range(rect.y + 4, rect.bottom, 8):
            for x in range(rect.x + 4 + (y // 8 % 2) * 4, rect.right, 8):
                pygame.draw.circle(surface, light, (x, y), 2)
    elif pattern == "diagonal":
        for x in range(rect.x - rect.h, rect.right, 8):
            pygame.draw.line(surface, light, (x, rect.bottom), (x + rect.h, rect.y), 2)
    elif pattern == "bars":
        for y in range(rect.y + 3, rect.bottom, 7):
            pygame.draw.line(surface, light, (rect.x, y), (rect.right, y), 2)
    elif pattern == "crosshatch":
        for x in range(rect.x - rect.h, rect.right, 9):
            pygame.draw.line(surface, light, (x, rect.bottom), (x + rect.h, rect.y), 1)
            pygame.draw.line(surface, light, (x, rect.y), (x + rect.h, rect.bottom), 1)
    elif pattern == "waves":
        for y in range(rect.y + 4, rect.bottom, 8):
            pts = [(x, y + 2 * math.sin(x / 3)) for x in range(rect.x, rect.right + 1, 2)]
            if len(pts) > 1:
                pygame.draw.lines(surface, light, False, pts, 1)
    surface.set_clip(clip)


def card_face(surface: pygame.Surface, rect, *, value: str = "", title: str = "", body: str = "",
              band=None, pattern: str = "solid", highlight: bool = False, lifted: bool = False) -> pygame.Rect:
    """A paper card: coloured band with pattern on top, value in two corners, title, body."""
    rect = pygame.Rect(rect).move(0, -8 if lifted else 0)
    zoomed = rect.w >= 200
    draw.shadow(surface, rect, offset=6 if lifted else 3, alpha=90, radius=8)
    pygame.draw.rect(surface, PAPER, rect, border_radius=8)
    pygame.draw.rect(surface, FADED, rect, 1, border_radius=8)
    band_h = max(14, rect.h // 7)
    if band is not None:
        band_rect = pygame.Rect(rect.x + 4, rect.y + 4, rect.w - 8, band_h)
        pattern_fill(surface, band_rect, band, pattern)
    value_size = 44 if zoomed else 22
    if value:
        draw.text(surface, value, (rect.x + 8, rect.y + band_h + 6), size=value_size, bold=True)
        img = pygame.transform.rotate(fonts.typewriter(value_size, bold=True).render(value, True, INK), 180)
        surface.blit(img, img.get_rect(bottomright=(rect.right - 8, rect.bottom - 6)))
    if title:
        draw.text_block(surface, title, (rect.x + 8, rect.y + band_h + value_size + 14, rect.w - 16, 60),
                        size=18 if zoomed else 12, bold=True, max_lines=2)
    if body and zoomed:
        draw.text_block(surface, body, (rect.x + 14, rect.y + rect.h // 2, rect.w - 28, rect.h // 2 - 50), size=14)
    if highlight:
        draw.brass_outline(surface, rect, radius=10)
    return rect


def card_back(surface: pygame.Surface, rect, *, emblem: str = "", colour=MANILA, lifted: bool = False) -> pygame.Rect:
    """A face-down card: manila (or a side's colour) with the deck's emblem typed in a ring."""
    rect = pygame.Rect(rect).move(0, -8 if lifted else 0)
    draw.shadow(surface, rect, offset=3, alpha=90, radius=8)
    pygame.draw.rect(surface, colour, rect, border_radius=8)
    edge = tuple(max(0, c - 40) for c in colour)
    pygame.draw.rect(surface, edge, rect, 2, border_radius=8)
    pygame.draw.rect(surface, edge, rect.inflate(-12, -12), 1, border_radius=5)
    r = min(rect.w, rect.h) // 3
    pygame.draw.circle(surface, edge, rect.center, r, 2)
    if emblem:
        size = max(10, min(22, rect.w // max(4, len(emblem))))
        draw.text(surface, emblem, rect.center, size=size, bold=True, colour=edge, anchor="center")
    return rect


def token(surface: pygame.Surface, center, radius: int, colour, *, label: str = "", face_down: bool = False,
          highlight: bool = False) -> pygame.Rect:
    """A round chit with bevel and shadow; face_down shows the neutral 'sunset' back."""
    cx, cy = center
    pygame.draw.circle(surface, (0, 0, 0, 0), center, radius)
    shade = pygame.Surface((radius * 2 + 8, radius * 2 + 8), pygame.SRCALPHA)
    pygame.draw.circle(shade, (0, 0, 0, 90), (radius + 4, radius + 4), radius)
    surface.blit(shade, (cx - radius + 1, cy - radius + 2))
    if face_down:
        pygame.draw.circle(surface, MANILA_DARK, center, radius)
        pygame.draw.circle(surface, (214, 150, 84), (cx, cy + radius // 3), int(radius * 0.6),
                           draw_top_left=True, draw_top_right=True)
        for i in range(3):
            y = cy + radius // 3 + i * 4
            half = int(math.sqrt(max(0, radius * radius - (y - cy) ** 2)))
            pygame.draw.line(surface, MANILA, (cx - half + 2, y), (cx + half - 2, y), 1)
    else:
        pygame.draw.circle(surface, colour, center, radius)
        light = tuple(min(255, c + 50) for c in colour)
        pygame.draw.circle(surface, light, (cx - radius // 4, cy - radius // 4), int(radius * 0.7), 2)
    pygame.draw.circle(surface, INK, center, radius, 2)
    if label and not face_down:
        draw.text(surface, label, center, size=max(12, radius), bold=True, colour=PAPER, anchor="center")
    if highlight:
        pygame.draw.circle(surface, BRASS, center, radius + 4, 3)
    return pygame.Rect(cx - radius, cy - radius, radius * 2, radius * 2)
