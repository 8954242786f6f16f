"""Small drawn pieces shared by scenes: notices, the prompt strip, toasts."""

from __future__ import annotations

from functools import lru_cache

import pygame

from ..i18n import N_, pgettext
from . import draw, fonts, text_record
from .palette import BRASS, INK, PAPER, STAMP_RED


def draw_notice(surface: pygame.Surface, text: str, bottom: int, alpha: float = 1.0, *, warn: bool = False) -> int:
    """A typed paper slip centred at the bottom; returns its top y for stacking."""
    font = fonts.typewriter(16)
    lines = draw.wrap(text, font, 760)
    h = len(lines) * font.get_linesize() + 20
    w = max(font.size(line)[0] for line in lines) + 40
    rect = pygame.Rect(0, 0, w, h)
    rect.midbottom = (surface.get_width() // 2, bottom)
    slip = pygame.Surface(rect.size, pygame.SRCALPHA)
    slip.blit(draw.paper_texture(rect.size), (0, 0))
    pygame.draw.rect(slip, STAMP_RED if warn else BRASS, slip.get_rect(), 2)
    y = 10
    for line in lines:
        img = font.render(line, True, INK)
        slip.blit(img, (20, y))
        if text_record.active is not None:
            text_record.note(surface, line, img.get_rect(topleft=(rect.x + 20, rect.y + y)), rect)
        y += font.get_linesize()
    slip.set_alpha(int(255 * max(0.0, min(1.0, alpha))))
    draw.shadow(surface, rect, offset=3, alpha=int(70 * alpha))
    surface.blit(slip, rect)
    return rect.top


def new_tag(surface: pygame.Surface, rect, *, inside: bool = False, ring: bool = True) -> None:
    """The mark on a card that came into a hand since its owner last looked: a brass ring and
    a small red NEW tab over the card's top-left corner (`inside`: within a small chip's right
    end, where nothing around it is covered). `ring=False` leaves the brass out where brass means
    "playable" and the card is not (a dimmed hand card)."""
    rect = pygame.Rect(rect)
    if ring:
        draw.brass_outline(surface, rect, width=2 if inside else 3, radius=4 if inside else 8)
    if inside:
        tab = pygame.Rect(rect.right - 32, rect.y + 3, 30, rect.h - 6)
    else:
        tab = pygame.Rect(rect.x - 4, rect.y - 9, 42, 18)
    pygame.draw.rect(surface, STAMP_RED, tab, border_radius=4)
    pygame.draw.rect(surface, PAPER, tab, 1, border_radius=4)
    word = pgettext("new card mark", "NEW")
    draw.text(surface, word, tab.center, size=draw.fit_size(word, tab.w - 4, 10 if inside else 12, bold=True, smallest=8),
              bold=True, colour=PAPER, anchor="center")


def prompt_strip(surface: pygame.Surface, rect, text: str, *, label: str = N_("ORDERS"), reserve_right: int = 0) -> None:
    """The one fixed place where the rules' current request is typed (rendered once per text)."""
    from ..i18n import translate

    rect = pygame.Rect(rect)
    # in the player's language, before the cache: a Message equals its English text (issue 37)
    surface.blit(_prompt_image(rect.size, translate(text), translate(label), reserve_right), rect.topleft)


# (type size, most lines) tried in turn: a long request gets two smaller lines rather than losing its end
PROMPT_FITS = ((17, 1), (14, 2), (13, 2), (12, 2))


def prompt_layout(text: str, width: int) -> tuple[int, list[str]]:
    """The largest type size at which `text` fits the strip's `width`, and its lines (past the
    last size, the lines it needs: the strip then ends the second with an ellipsis)."""
    lines: list[str] = []
    for size, most in PROMPT_FITS:
        lines = draw.wrap(text, fonts.typewriter(size, bold=True), width)
        if len(lines) <= most:
            break
    return size, lines


def prompt_text_width(width: int, label: str = N_("ORDERS"), reserve_right: int = 0) -> int:
    """How wide the typed request may run in a strip `width` wide (the label on the left, the
    buttons on the right)."""
    return width - 48 - fonts.typewriter(14, bold=True).size(label)[0] - reserve_right


@lru_cache(maxsize=16)
def _prompt_image(size: tuple[int, int], text: str, label: str, reserve_right: int) -> pygame.Surface:
    w, h = size
    img = draw.paper_texture(size, PAPER, 11).copy()
    pygame.draw.line(img, BRASS, (0, h - 1), (w, h - 1), 2)
    tag = fonts.typewriter(14, bold=True).render(label, True, STAMP_RED)
    img.blit(tag, (16, h // 2 - tag.get_height() // 2))
    box = pygame.Rect(32 + tag.get_width(), 10, prompt_text_width(w, label, reserve_right), h - 12)
    type_size, lines = prompt_layout(text, box.w)
    if len(lines) <= 1:
        draw.text_block(img, text, box, size=type_size, bold=True, max_lines=1)
    else:
        box.y = 6
        draw.text_block(img, text, box.inflate(0, 8), size=type_size, bold=True, line_gap=1, max_lines=2)
    return img
