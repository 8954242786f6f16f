"""Spies & Lies art drawn by code: troop cards (faces, red and blue backs), intelligence
cards, chips and the double-spy pawn (ART.md: red #B23A35, blue #2F5E9E, the spy black).

Every surface is cached by its arguments, so a frame costs a few blits."""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from ... import i18n
from ...i18n import _, pgettext
from ...ui import draw, fonts
from ...ui.palette import BRASS, FADED, INK, MANILA, MANILA_DARK, PAPER, PAPER_SHADE, hex_rgb

RED = hex_rgb("#B23A35")
BLUE = hex_rgb("#2F5E9E")
SPY_BLACK = hex_rgb("#1B1B1B")
SIDE_RGB = {"red": RED, "blue": BLUE}
SIDE_PATTERN = {"red": "diagonal", "blue": "bars"}
CARD = (96, 136)
GUESS = (116, 150)
MINI = (30, 38)


def side_rgb(side: str | None):
    return SIDE_RGB.get(side or "", FADED)


def lighter(colour, amount=60):
    return tuple(min(255, c + amount) for c in colour)


def darker(colour, amount=40):
    return tuple(max(0, c - amount) for c in colour)


def fit_size(text: str, width: int, size: int, bold: bool = False, smallest: int = 10) -> int:
    """The typewriter size, at most `size`, at which one line of `text` fits `width` (Dutch and
    Polish run a third longer than the English this table was drawn for)."""
    while size > smallest and fonts.typewriter(size, bold=bold).size(text)[0] > width:
        size -= 1
    return size


def block_size(text: str, width: int, height: int, size: int, bold: bool = False, smallest: int = 11,
               line_gap: int = 4) -> int:
    """The typewriter size, at most `size`, at which `text` wrapped to `width` fits `height`
    (draw.text_block's lines), so a longer translation shrinks instead of losing its end."""
    while size > smallest:
        font = fonts.typewriter(size, bold=bold)
        if len(draw.wrap(text, font, width)) * (font.get_linesize() + line_gap) <= height:
            break
        size -= 1
    return size


def troop_words(name: str, name_nl: str) -> tuple[str, str]:
    """(name, subtitle) of a troop card in the player's language: the name from the catalogue
    (Dutch: the rulebook's own), the Dutch original under it (S8) unless it is the same word
    (in Dutch, and the Sergeant in English): a name is never shown twice."""
    shown = pgettext("troop name", name)
    return shown, ("" if name_nl.casefold() == shown.casefold() else name_nl)


# ----- emblems: one small drawn badge per rank ------------------------------------------------
def _star(surface, colour, center, r, points=5):
    cx, cy = center
    pts = []
    for i in range(points * 2):
        rad = r if i % 2 == 0 else r * 0.45
        a = -math.pi / 2 + i * math.pi / points
        pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    pygame.draw.polygon(surface, colour, pts)


def _chevrons(surface, colour, center, w, n):
    cx, cy = center
    for k in range(n):
        y = cy - (n - 1) * 5 + k * 10
        pygame.draw.lines(surface, colour, False, [(cx - w, y - 2), (cx, y + 6), (cx + w, y - 2)], 4)


def emblem(surface: pygame.Surface, rank: int, center, scale: float, colour) -> None:
    """The troop's badge: eye (Spy), binoculars (Scout), pick (Miner), chevrons, bars, bomb, stars."""
    cx, cy = center
    s = scale
    if rank == 1:  # an eye behind a mask
        pygame.draw.ellipse(surface, colour, (cx - 18 * s, cy - 9 * s, 36 * s, 18 * s), max(2, int(3 * s)))
        pygame.draw.circle(surface, colour, center, int(5 * s))
    elif rank == 2:  # binoculars
        for dx in (-9, 9):
            pygame.draw.circle(surface, colour, (cx + dx * s, cy + 4 * s), int(7 * s), max(2, int(3 * s)))
        pygame.draw.rect(surface, colour, (cx - 4 * s, cy - 6 * s, 8 * s, 8 * s))
    elif rank == 3:  # a pick
        pygame.draw.line(surface, colour, (cx - 12 * s, cy + 14 * s), (cx + 8 * s, cy - 10 * s), max(2, int(4 * s)))
        pygame.draw.arc(surface, colour, (cx - 10 * s, cy - 22 * s, 32 * s, 24 * s), 0.2, 2.6, max(2, int(4 * s)))
    elif rank == 4:  # sergeant's three chevrons
        _chevrons(surface, colour, center, 14 * s, 3)
    elif rank in (5, 6):  # one or two officer's bars
        n = 1 if rank == 5 else 2
        for k in range(n):
            y = cy - (n - 1) * 7 * s + k * 14 * s
            pygame.draw.rect(surface, colour, (cx - 14 * s, y - 4 * s, 28 * s, 8 * s), border_radius=2)
    elif rank == 7:  # a bomb with a lit fuse
        pygame.draw.circle(surface, colour, (cx - 2 * s, cy + 4 * s), int(12 * s))
        pygame.draw.line(surface, colour, (cx + 6 * s, cy - 6 * s), (cx + 12 * s, cy - 14 * s), max(2, int(3 * s)))
        _star(surface, BRASS, (cx + 14 * s, cy - 16 * s), 5 * s)
    elif rank in (8, 9, 10):  # one, two or three stars
        n = rank - 7
        for k in range(n):
            _star(surface, colour, (cx + (k - (n - 1) / 2) * 18 * s, cy + (4 * s if n == 3 and k == 1 else 0)
                                    - (6 * s if n == 3 and k == 1 else 0)), 9 * s)


# ----- troop cards ----------------------------------------------------------------------------
def troop_face(side: str, rank: int, name: str, name_nl: str, size: tuple[int, int] = CARD) -> pygame.Surface:
    """A troop card: side-coloured band with its pattern, big rank, badge, its name in the
    player's language and the Dutch original as a subtitle (S8). `name` is the data's English."""
    shown, subtitle = troop_words(name, name_nl)
    return _troop_face(side, rank, shown, subtitle, tuple(size))


@lru_cache(maxsize=256)  # keyed by the words drawn, so a language change draws new cards
def _troop_face(side: str, rank: int, name: str, name_nl: str, size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    body = surf.get_rect()
    pygame.draw.rect(surf, PAPER, body, border_radius=8)
    for k in range(w * h // 70):  # paper fibres, fixed per rank
        x, y = (k * 37 + rank * 11) % (w - 8) + 4, (k * 53 + rank * 7) % (h - 8) + 4
        surf.set_at((x, y), PAPER_SHADE)
    colour = side_rgb(side)
    band = pygame.Rect(4, 4, w - 8, max(16, h // 8))
    from ...ui.cards import pattern_fill

    pattern_fill(surf, band, colour, SIDE_PATTERN.get(side, "solid"))
    big = max(18, h // 5)
    draw.text(surf, str(rank), (8, band.bottom + 2), size=big, bold=True, colour=INK)
    if w >= 90:  # the upside-down corner value, where there is room for it
        small = fonts.typewriter(max(12, h // 11), bold=True).render(str(rank), True, INK)
        surf.blit(pygame.transform.rotate(small, 180), small.get_rect(bottomright=(w - 6, h - 4)))
    emblem(surf, rank, (w // 2 + (6 if w >= 80 else 8), band.bottom + big + h // 14), h / 160, darker(colour, 10))
    name_size = 12 if w < 80 else 15 if w < 110 else 16 if w < 150 else w // 8
    if len(name) >= 10 and w < 110:
        name_size -= 2 if w >= 80 else 1
    nl_size = 10 if w < 80 else 12 if w < 150 else w // 12
    name_size = fit_size(name, w - 8, name_size, bold=True, smallest=8)
    draw.text(surf, name, (w // 2, int(h * 0.62)), size=name_size, bold=True, anchor="midtop")
    if name_nl:
        draw.text(surf, name_nl, (w // 2, int(h * 0.62) + name_size + 3), size=nl_size, colour=FADED,
                  anchor="midtop", italic=True)
    pygame.draw.rect(surf, darker(PAPER, 60), body, 1, border_radius=8)
    return surf


@lru_cache(maxsize=16)
def troop_back(side: str, size: tuple[int, int] = CARD) -> pygame.Surface:
    """A face-down troop: the side's colour, a lozenge lattice and a sealed star."""
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    colour = side_rgb(side)
    body = surf.get_rect()
    pygame.draw.rect(surf, colour, body, border_radius=8)
    inner = body.inflate(-12, -12)
    lattice = pygame.Surface(inner.size, pygame.SRCALPHA)
    line = (*lighter(colour, 28), 255)
    for k in range(-inner.h, inner.w + inner.h, 12):
        pygame.draw.line(lattice, line, (k, 0), (k + inner.h, inner.h), 1)
        pygame.draw.line(lattice, line, (k, inner.h), (k + inner.h, 0), 1)
    surf.blit(lattice, inner.topleft)
    pygame.draw.rect(surf, darker(colour, 50), body, 2, border_radius=8)
    pygame.draw.rect(surf, lighter(colour, 70), inner, 1, border_radius=5)
    r = min(w, h) // 4
    pygame.draw.circle(surf, darker(colour, 45), body.center, r + 3)
    pygame.draw.circle(surf, lighter(colour, 70), body.center, r, 2)
    _star(surf, lighter(colour, 90), body.center, r * 0.7)
    return surf


def shadow(surface: pygame.Surface, rect, offset: int = 3, alpha: int = 90, radius: int = 8) -> None:
    """draw.shadow's soft shadow, made once per size (cards cast many a frame)."""
    rect = pygame.Rect(rect)
    surface.blit(_shadow(rect.size, alpha, radius), (rect.x + offset - 4, rect.y + offset - 4))


@lru_cache(maxsize=64)
def _shadow(size: tuple[int, int], alpha: int, radius: int) -> pygame.Surface:
    w, h = size
    shade = pygame.Surface((w + 8, h + 8), pygame.SRCALPHA)
    pygame.draw.rect(shade, (0, 0, 0, alpha // 2), shade.get_rect(), border_radius=radius + 4)
    pygame.draw.rect(shade, (0, 0, 0, alpha), shade.get_rect().inflate(-6, -6), border_radius=radius)
    return shade


def sideways(img: pygame.Surface, scale: float = 0.86) -> pygame.Surface:
    """A retreated troop lies sideways (its ability is never used)."""
    turned = pygame.transform.rotate(img, 90)
    return pygame.transform.smoothscale(turned, (int(turned.get_width() * scale), int(turned.get_height() * scale)))


def flip_frame(front: pygame.Surface, back: pygame.Surface, t: float) -> pygame.Surface:
    """The card part-way through turning over (t 0 = back, 1 = front)."""
    img = back if t < 0.5 else front
    squeeze = abs(math.cos(t * math.pi))
    w = max(2, int(img.get_width() * squeeze))
    return pygame.transform.smoothscale(img, (w, img.get_height()))


def empty_slot(size: tuple[int, int], label: str, colour=PAPER_SHADE) -> pygame.Surface:
    surf = pygame.Surface(size, pygame.SRCALPHA)
    r = surf.get_rect()
    for x in range(0, r.w, 10):  # dashed outline
        pygame.draw.line(surf, colour, (x, 0), (min(x + 5, r.w), 0), 2)
        pygame.draw.line(surf, colour, (x, r.h - 2), (min(x + 5, r.w), r.h - 2), 2)
    for y in range(0, r.h, 10):
        pygame.draw.line(surf, colour, (0, y), (0, min(y + 5, r.h)), 2)
        pygame.draw.line(surf, colour, (r.w - 2, y), (r.w - 2, min(y + 5, r.h)), 2)
    if label:
        draw.text(surf, label, r.center, size=13, colour=colour, anchor="center")
    return surf


def mini_troop(surface: pygame.Surface, rect, side: str, rank: int | None) -> None:
    """A small troop chit for the eliminated lists: rank on the side's colour."""
    rect = pygame.Rect(rect)
    colour = side_rgb(side)
    pygame.draw.rect(surface, PAPER if rank else colour, rect, border_radius=4)
    pygame.draw.rect(surface, colour, rect, 2, border_radius=4)
    if rank:
        pygame.draw.rect(surface, colour, (rect.x + 2, rect.y + 2, rect.w - 4, 7), border_radius=2)
        draw.text(surface, str(rank), (rect.centerx, rect.centery + 4), size=16 if rect.w > 24 else 13, bold=True,
                  anchor="center")


# ----- intelligence cards ---------------------------------------------------------------------
def intel_face(ranks: tuple[int, ...], size: tuple[int, int] = CARD) -> pygame.Surface:
    """An intelligence card: the four ranks it lists (the Sergeant never appears)."""
    return _intel_face(ranks, tuple(size), i18n.generation())


@lru_cache(maxsize=16)  # the language's generation in the key: its title is in words
def _intel_face(ranks: tuple[int, ...], size: tuple[int, int], _generation: int) -> pygame.Surface:
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, PAPER, surf.get_rect(), border_radius=8)
    pygame.draw.rect(surf, SPY_BLACK, (4, 4, w - 8, 20), border_top_left_radius=6, border_top_right_radius=6)
    title = _("INTELLIGENCE")
    draw.text(surf, title, (w // 2, 14), size=fit_size(title, w - 12, 12, bold=True, smallest=8), bold=True,
              colour=PAPER, anchor="center")
    for i, rank in enumerate(ranks):
        cx = w // 4 + (i % 2) * (w // 2)
        cy = 50 + (i // 2) * 46
        pygame.draw.circle(surf, PAPER_SHADE, (cx, cy), 19)
        pygame.draw.circle(surf, INK, (cx, cy), 19, 2)
        draw.text(surf, str(rank), (cx, cy), size=20, bold=True, anchor="center")
    pygame.draw.rect(surf, FADED, surf.get_rect(), 1, border_radius=8)
    return surf


@lru_cache(maxsize=32)
def intel_strip(ranks: tuple[int, ...], size: tuple[int, int]) -> pygame.Surface:
    """An old intelligence card as it shows in the fanned old pile: its black band and its
    four ranks in one row, so every old card stays readable ("zodat alle oude
    Inlichtingenkaarten zichtbaar blijven")."""
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, PAPER, surf.get_rect(), border_radius=6)
    pygame.draw.rect(surf, SPY_BLACK, (3, 3, 5, h - 6), border_radius=2)
    pitch = (w - 12) / max(1, len(ranks))
    radius = max(6, min(int(pitch / 2), h // 2 - 3))
    for i, rank in enumerate(ranks):
        centre = (round(10 + pitch * (i + 0.5)), h // 2)
        pygame.draw.circle(surf, PAPER_SHADE, centre, radius)
        pygame.draw.circle(surf, INK, centre, radius, 1)
        draw.text(surf, str(rank), centre, size=15 if radius >= 10 else 12, bold=True, anchor="center")
    pygame.draw.rect(surf, FADED, surf.get_rect(), 1, border_radius=6)
    return surf


def fan_rects(area: pygame.Rect, count: int, gap: int = 2) -> list[pygame.Rect]:
    """Where `count` fanned strips lie in `area`, oldest at the top, each fully visible."""
    if count <= 0:
        return []
    step = (area.h + gap) // count
    height = min(44, step - gap)
    return [pygame.Rect(area.x, area.y + k * min(step, height + gap + 4), area.w, height) for k in range(count)]


@lru_cache(maxsize=4)
def intel_back(size: tuple[int, int] = CARD) -> pygame.Surface:
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, SPY_BLACK, surf.get_rect(), border_radius=8)
    pygame.draw.rect(surf, BRASS, surf.get_rect().inflate(-10, -10), 1, border_radius=5)
    draw.text(surf, "?", (w // 2, h // 2), size=44, bold=True, colour=BRASS, anchor="center")
    return surf


# ----- chips and the pawn ---------------------------------------------------------------------
def intel_chip(surface: pygame.Surface, center, radius: int = 12, on: bool | None = True) -> None:
    """An intelligence chip: a brass disc with an 'i'; None = undecided (a faint ring)."""
    if on is None:
        pygame.draw.circle(surface, PAPER_SHADE, center, radius, 1)
        return
    if not on:
        return
    shade = pygame.Surface((radius * 2 + 6, radius * 2 + 6), pygame.SRCALPHA)
    pygame.draw.circle(shade, (0, 0, 0, 90), (radius + 3, radius + 3), radius)
    surface.blit(shade, (center[0] - radius, center[1] - radius + 1))
    pygame.draw.circle(surface, BRASS, center, radius)
    pygame.draw.circle(surface, darker(BRASS, 70), center, radius, 2)
    draw.text(surface, "i", center, size=radius + 4, bold=True, colour=INK, anchor="center")


def deception_chip(surface: pygame.Surface, center, radius: int = 12) -> None:
    """A deception chip: a black disc with a white question mark (a bluff on show, S4)."""
    shade = pygame.Surface((radius * 2 + 6, radius * 2 + 6), pygame.SRCALPHA)
    pygame.draw.circle(shade, (0, 0, 0, 90), (radius + 3, radius + 3), radius)
    surface.blit(shade, (center[0] - radius, center[1] - radius + 1))
    pygame.draw.circle(surface, SPY_BLACK, center, radius)
    pygame.draw.circle(surface, MANILA, center, radius - 3, 1)
    draw.text(surface, "?", center, size=radius + 4, bold=True, colour=PAPER, anchor="center")


def spy_pawn(surface: pygame.Surface, center, size: int = 40) -> None:
    """The double spy: a black pawn (hat and coat) with a brass rim."""
    cx, cy = center
    shade = pygame.Surface((size + 10, size + 10), pygame.SRCALPHA)
    pygame.draw.ellipse(shade, (0, 0, 0, 90), (0, size * 0.7, size + 6, size * 0.35))
    surface.blit(shade, (cx - size // 2 - 2, cy - size // 2 + 4))
    body = [(cx - size * 0.34, cy + size * 0.42), (cx - size * 0.14, cy - size * 0.05),
            (cx + size * 0.14, cy - size * 0.05), (cx + size * 0.34, cy + size * 0.42)]
    pygame.draw.polygon(surface, SPY_BLACK, body)
    pygame.draw.polygon(surface, BRASS, body, 2)
    pygame.draw.circle(surface, SPY_BLACK, (cx, cy - size * 0.16), int(size * 0.17))
    pygame.draw.circle(surface, BRASS, (cx, cy - size * 0.16), int(size * 0.17), 2)
    brim = pygame.Rect(0, 0, size * 0.62, size * 0.12)
    brim.center = (cx, cy - size * 0.3)
    pygame.draw.ellipse(surface, SPY_BLACK, brim)
    crown = pygame.Rect(0, 0, size * 0.3, size * 0.16)
    crown.midbottom = (cx, brim.centery)
    pygame.draw.rect(surface, SPY_BLACK, crown, border_top_left_radius=4, border_top_right_radius=4)


def pennant(surface: pygame.Surface, rect, colour) -> None:
    """A flag on a pole (the fortress at each end of the track)."""
    rect = pygame.Rect(rect)
    pole_x = rect.x + rect.w // 3
    pygame.draw.line(surface, MANILA_DARK, (pole_x, rect.y + 4), (pole_x, rect.bottom - 4), 3)
    pts = [(pole_x + 2, rect.y + 6), (rect.right - 6, rect.y + 16), (pole_x + 2, rect.y + 28)]
    pygame.draw.polygon(surface, colour, pts)
    pygame.draw.polygon(surface, darker(colour, 50), pts, 1)
