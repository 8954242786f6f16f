"""Drawing primitives of the dossier look: felt, paper, manila folders, stamps, typed text.

Textures are generated once per size and cached, so the per-frame cost is a blit."""

from __future__ import annotations

import random
import zlib
from functools import lru_cache

import pygame

from . import text_record
from . import fonts
from .palette import BRASS, FELT, FELT_DARK, FADED, HINT, INK, MANILA, MANILA_DARK, PAPER, STAMP_RED


# ----- textures -------------------------------------------------------------------
@lru_cache(maxsize=8)
def felt_texture(size: tuple[int, int]) -> pygame.Surface:
    """Green baize with a faint weave and a darker vignette at the edges."""
    w, h = size
    surf = pygame.Surface(size)
    surf.fill(FELT)
    rng = random.Random(1943)
    for _ in range(w * h // 90):
        x, y = rng.randrange(w), rng.randrange(h)
        shade = rng.choice((-6, -4, 4, 6))
        surf.set_at((x, y), tuple(max(0, min(255, c + shade)) for c in FELT))
    vignette = pygame.Surface(size, pygame.SRCALPHA)
    for i in range(24):
        alpha = int(70 * (1 - i / 24) ** 2)
        pygame.draw.rect(vignette, (*FELT_DARK, alpha), (i * 4, i * 4, w - i * 8, h - i * 8), 4)
    surf.blit(vignette, (0, 0))
    return _display_format(surf)


@lru_cache(maxsize=64)
def paper_texture(size: tuple[int, int], tint: tuple[int, int, int] = PAPER, seed: int = 7) -> pygame.Surface:
    """Paper with fibres and a slightly darker edge, like an old typed sheet."""
    w, h = size
    surf = pygame.Surface(size)
    surf.fill(tint)
    rng = random.Random(seed)
    for _ in range(max(1, w * h // 60)):
        x, y = rng.randrange(w), rng.randrange(h)
        d = rng.choice((-7, -5, -3, 3))
        surf.set_at((x, y), tuple(max(0, min(255, c + d)) for c in tint))
    edge = tuple(max(0, c - 18) for c in tint)
    pygame.draw.rect(surf, edge, surf.get_rect(), 1)
    return _display_format(surf)


def _display_format(surf: pygame.Surface) -> pygame.Surface:
    return surf.convert() if pygame.display.get_surface() is not None else surf


def shadow(surface: pygame.Surface, rect: pygame.Rect, offset: int = 5, alpha: int = 90, radius: int = 6) -> None:
    shade = pygame.Surface((rect.w + 8, rect.h + 8), pygame.SRCALPHA)
    pygame.draw.rect(shade, (0, 0, 0, alpha // 2), shade.get_rect(), border_radius=radius + 4)
    pygame.draw.rect(shade, (0, 0, 0, alpha), shade.get_rect().inflate(-6, -6), border_radius=radius)
    surface.blit(shade, (rect.x + offset - 4, rect.y + offset - 4))


# ----- panels ---------------------------------------------------------------------
def felt(surface: pygame.Surface) -> None:
    surface.blit(felt_texture(surface.get_size()), (0, 0))


def paper_panel(surface: pygame.Surface, rect, *, tint=PAPER, lifted: bool = True, seed: int = 7) -> pygame.Rect:
    """A sheet of paper with a soft shadow; returns the rect for content placement."""
    rect = pygame.Rect(rect)
    if lifted:
        shadow(surface, rect, offset=4, alpha=80, radius=2)
    surface.blit(paper_texture(rect.size, tint, seed), rect.topleft)
    if text_record.active is not None:
        text_record.cover(surface, rect)
    return rect


def manila_folder(surface: pygame.Surface, rect, tab_text: str = "", *, tab_x: int = 24, tab_w: int = 220,
                  accent=None, seed: int = 3) -> pygame.Rect:
    """A closed manila folder with a tab on top; `rect` is the body (the tab sits above it)."""
    rect = pygame.Rect(rect)
    tab = pygame.Rect(rect.x + tab_x, rect.y - 30, tab_w, 34)
    shadow(surface, rect, offset=6, alpha=100, radius=6)
    shadow(surface, tab.inflate(0, -8).move(0, -4), offset=4, alpha=60, radius=6)
    pygame.draw.rect(surface, MANILA_DARK, tab, border_top_left_radius=8, border_top_right_radius=8)
    pygame.draw.rect(surface, MANILA, tab.inflate(-4, -2).move(0, 1), border_top_left_radius=7,
                     border_top_right_radius=7)
    surface.blit(paper_texture(rect.size, MANILA, seed), rect.topleft)
    if text_record.active is not None:
        text_record.cover(surface, rect)
    pygame.draw.rect(surface, MANILA_DARK, rect, 2)
    # the back flap's edge peeking out shows it is a folder, not a sheet
    pygame.draw.line(surface, MANILA_DARK, (rect.x + 6, rect.y + 8), (rect.right - 6, rect.y + 8), 1)
    if accent is not None:
        pygame.draw.rect(surface, accent, (tab.x + 10, tab.y + 8, 8, tab.h - 14))
    if tab_text:
        text = fonts.typewriter(16, bold=True).render(tab_text, True, INK)
        at = text.get_rect(topleft=(tab.x + (26 if accent is not None else 12),
                                    tab.y + (tab.h - text.get_height()) // 2))
        surface.blit(text, at)
        if text_record.active is not None:
            text_record.note(surface, tab_text, at, tab)
    return rect


def stamp(surface: pygame.Surface, text: str, center, *, size: int = 40, colour=STAMP_RED, angle: float = -8,
          alpha: int = 215) -> pygame.Rect:
    """A rubber stamp: boxed capitals, slightly rotated and uneven."""
    img = _stamp_image(text, size, colour, alpha)
    rotated = pygame.transform.rotate(img, angle)
    rect = rotated.get_rect(center=center)
    surface.blit(rotated, rect)
    return rect


def stamp_pad(size: int) -> int:
    """The room on each side of a stamp's word: a third of its size, but never less than its two
    frames take (the outer border and the inner line 1.5 borders in), else at the small sizes of
    the table's stamps ("AKTYWOWANA" at 9 pt) the inner line runs through the letters."""
    return max(size // 3, 2 * max(3, size // 10) + 2)


@lru_cache(maxsize=32)
def _stamp_image(text: str, size: int, colour, alpha: int) -> pygame.Surface:
    font = fonts.serif(size, bold=True)
    label = font.render(text, True, colour)
    pad, border = stamp_pad(size), max(3, size // 10)
    img = pygame.Surface((label.get_width() + pad * 2, label.get_height() + pad), pygame.SRCALPHA)
    pygame.draw.rect(img, colour, img.get_rect(), border, border_radius=4)
    pygame.draw.rect(img, colour, img.get_rect().inflate(-border * 3, -border * 3), 1, border_radius=2)
    img.blit(label, (pad, pad // 2))
    # worn ink: knock random specks out so it reads as a stamp, not a label
    rng = random.Random(text)
    for _ in range(img.get_width() * img.get_height() // 25):
        x, y = rng.randrange(img.get_width()), rng.randrange(img.get_height())
        img.set_at((x, y), (0, 0, 0, 0))
    img.set_alpha(alpha)
    return img


def brass_outline(surface: pygame.Surface, rect, width: int = 3, radius: int = 6) -> None:
    pygame.draw.rect(surface, BRASS, pygame.Rect(rect).inflate(6, 6), width, border_radius=radius)


def hint_ring(surface: pygame.Surface, rect, phase: float = 0.0, width: int = 3, dash: int = 10,
              gap: int = 6) -> None:
    """The suggested move's ring: dashes marching round the rect in the hint colour, set apart
    from the solid brass outline that marks what may be played. `phase` (seconds) moves them."""
    r = pygame.Rect(rect).inflate(10, 10)
    corners = [r.topleft, r.topright, r.bottomright, r.bottomleft, r.topleft]
    period = dash + gap
    start = -(phase * 24) % period  # 24 px a second along the edge
    walked = 0.0
    for (x1, y1), (x2, y2) in zip(corners, corners[1:]):
        length = abs(x2 - x1) + abs(y2 - y1)
        ux, uy = (x2 - x1) / max(1, length), (y2 - y1) / max(1, length)
        d = (start - walked) % period - period
        while d < length:
            a, b = max(0.0, d), min(float(length), d + dash)
            if b > a:
                p1 = (round(x1 + ux * a), round(y1 + uy * a))
                p2 = (round(x1 + ux * b), round(y1 + uy * b))
                pygame.draw.line(surface, INK, p1, p2, width + 2)
                pygame.draw.line(surface, HINT, p1, p2, width)
            d += period
        walked += length


# ----- text -------------------------------------------------------------------------
def wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Greedy word wrap; respects explicit newlines; breaks words longer than a line."""
    lines = list(_wrapped(text, font, width))
    if text_record.active is not None:
        text_record.note_breaks(text, lines)
    return lines


@lru_cache(maxsize=4096)
def _wrapped(text: str, font: pygame.font.Font, width: int) -> tuple[str, ...]:
    """The wrap, remembered: a table asks for the same lines every frame, and measuring each trial
    line was a fifth of a Spies & Lies frame."""
    lines: list[str] = []
    for para in text.split("\n"):
        words = para.split(" ")
        line = ""
        for word in words:
            trial = word if not line else f"{line} {word}"
            if font.size(trial)[0] <= width:
                line = trial
                continue
            if line:
                lines.append(line)
            while font.size(word)[0] > width and len(word) > 1:
                cut = _word_break(word, font, width)
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return tuple(lines)


@lru_cache(maxsize=2048)
def rendered(content: str, font: pygame.font.Font, colour: tuple) -> pygame.Surface:
    """A line of text drawn once and blitted as often as asked: tables draw the same words every
    frame. Callers blit it and never draw on it."""
    return font.render(content, True, colour)


def _word_break(word: str, font: pygame.font.Font, width: int) -> int:
    """Where to split a word wider than a line: after its last "/" or "-" that fits
    ("Sardinia/" + "Corsica"), else as many letters as fit."""
    cut = len(word)
    while cut > 1 and font.size(word[:cut])[0] > width:
        cut -= 1
    joint = max(word.rfind("/", 0, cut), word.rfind("-", 0, cut))
    return joint + 1 if joint > 0 else cut


def text(surface: pygame.Surface, content: str, pos, *, size: int = 16, colour=INK, bold: bool = False,
         italic: bool = False, face: str = fonts.TYPE, anchor: str = "topleft", box=None) -> pygame.Rect:
    """One line of text; `box` (optional) is the area it is meant to fit, for the render check."""
    font = fonts.font(face, size, fonts._style(bold, italic))
    img = rendered(content, font, tuple(colour))
    rect = img.get_rect(**{anchor: pos})
    surface.blit(img, rect)
    if text_record.active is not None:
        text_record.note(surface, content, rect, box, font)
    return rect


def text_block(surface: pygame.Surface, content: str, rect, *, size: int = 16, colour=INK, bold: bool = False,
               face: str = fonts.TYPE, line_gap: int = 4, max_lines: int | None = None) -> int:
    """Wrapped text inside rect; returns the height used. Lines past the rect are dropped
    with an ellipsis so nothing spills over other art."""
    rect = pygame.Rect(rect)
    font = fonts.font(face, size, fonts._style(bold, False))
    lines = wrap(content, font, rect.w)
    step = font.get_linesize() + line_gap
    fit = max(1, rect.h // step) if max_lines is None else max_lines
    if len(lines) > fit:
        if text_record.active is not None:
            text_record.cut(f"cut with ... after {fit} line{'s' if fit > 1 else ''}", content)
        lines = lines[:fit]
        lines[-1] = lines[-1].rstrip()[: max(0, len(lines[-1]) - 3)] + "..."
    y = rect.y
    for line in lines:
        img = rendered(line, font, tuple(colour))
        surface.blit(img, (rect.x, y))
        if text_record.active is not None:
            text_record.note(surface, line, img.get_rect(topleft=(rect.x, y)), rect, font)
        y += step
    return y - rect.y


def fit_line(content: str, font: pygame.font.Font, width: int) -> str:
    """`content` cut at its end with "..." when it is wider than `width` (else unchanged)."""
    if font.size(content)[0] <= width:
        return content
    cut = len(content)
    while cut > 0 and font.size(content[:cut].rstrip() + "...")[0] > width:
        cut -= 1
    return content[:cut].rstrip() + "..."


def fit_size(content: str, width: int, size: int, *, face: str = fonts.TYPE, bold: bool = False,
             smallest: int = 11) -> int:
    """The type size, at most `size`, at which one line of `content` fits `width` (Dutch and
    Polish run 20-35% longer than the English a layout was drawn for, issue 37)."""
    while size > smallest and fonts.font(face, size, fonts._style(bold, False)).size(content)[0] > width:
        size -= 1
    return size


def fit_block_size(content: str, rect, size: int, *, face: str = fonts.TYPE, bold: bool = False,
                   line_gap: int = 4, smallest: int = 10) -> int:
    """The type size, at most `size`, at which `content` wrapped in `rect` needs no "..." (text_block)."""
    rect = pygame.Rect(rect)
    while size > smallest:
        font = fonts.font(face, size, fonts._style(bold, False))
        if len(wrap(content, font, rect.w)) * (font.get_linesize() + line_gap) <= rect.h + line_gap:
            break
        size -= 1
    return size


def typed_heading(surface: pygame.Surface, content: str, pos, *, size: int = 34, colour=INK,
                  anchor: str = "topleft") -> pygame.Rect:
    return text(surface, content, pos, size=size, colour=colour, bold=True, face=fonts.SERIF, anchor=anchor)


def faded(surface: pygame.Surface, content: str, pos, *, size: int = 14, anchor: str = "topleft") -> pygame.Rect:
    return text(surface, content, pos, size=size, colour=FADED, anchor=anchor)


def forget() -> None:
    """Drop cached surfaces (on shutdown, with the display they were made for)."""
    felt_texture.cache_clear()
    paper_texture.cache_clear()
    _stamp_image.cache_clear()


def stable_seed(text: str, modulo: int = 256) -> int:
    """A seed for a texture from a name, the same in every run (str hash() changes per process,
    so a card's paper grain or a folder's wear would differ each time the app starts)."""
    return zlib.crc32(text.encode("utf-8")) % modulo
