"""Browse all 86 Operation Barclay cards: three decks as tabs, click a card to read it in full."""

from __future__ import annotations

import pygame

from ...i18n import N_, _
from ...rules.barclay.cards import deck_cards
from . import cards as bc
from ...ui import draw, fonts
from ...ui.palette import BRASS, INK, PAPER
from ..base import Scene

TABS = (("channels", N_("Intelligence Channels (60)")), ("lcs", N_("LCS deck (13)")), ("abwehr", N_("Abwehr deck (13)")))
GRID = pygame.Rect(24, 120, 860, 580)
ZOOM_AT = (920, 130)
# The step stamps' key, one line each so it stays inside the window under the zoomed card
LEGEND = (N_("Click a card to read it."), N_("x3: First Three Cards (face-up)"), N_("x2: Final Two Cards (face-down)"))


class BarclayCardsScene(Scene):
    name = "barclay_cards"

    def __init__(self, app):
        super().__init__(app)
        self.deck = "channels"
        self.selected = deck_cards("channels")[0].id
        self.mouse = (0, 0)

    def needs_frames(self) -> bool:
        return False  # nothing here moves by itself; hover and clicks come with input (issue 38)

    def tab_rects(self) -> list[tuple[pygame.Rect, str, str]]:
        return [(pygame.Rect(24 + i * 290, 70, 280, 38), deck, _(label)) for i, (deck, label) in enumerate(TABS)]

    def card_rects(self) -> list[tuple[pygame.Rect, object]]:
        cards = deck_cards(self.deck)
        size = bc.MINI if self.deck == "channels" else bc.TABLE
        per_row = GRID.w // (size[0] + 8)
        return [(pygame.Rect(GRID.x + (i % per_row) * (size[0] + 8), GRID.y + (i // per_row) * (size[1] + 6), *size), c)
                for i, c in enumerate(cards)]

    def back_rect(self) -> pygame.Rect:
        return pygame.Rect(1280 - 160, 16, 136, 38)

    def handle_event(self, event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.app.pop()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            if self.back_rect().collidepoint(event.pos):
                self.app.pop()
                return True
            for rect, deck, _label in self.tab_rects():
                if rect.collidepoint(event.pos):
                    self.deck = deck
                    self.selected = deck_cards(deck)[0].id
            for rect, c in self.card_rects():
                if rect.collidepoint(event.pos):
                    self.selected = c.id
        return True

    def draw(self, surface) -> None:
        draw.felt(surface)
        draw.typed_heading(surface, _("Operation Barclay - the 86 cards"), (24, 14), size=34, colour=PAPER)
        for rect, deck, label in self.tab_rects():
            active = deck == self.deck
            pygame.draw.rect(surface, PAPER if active else (200, 190, 168), rect, border_radius=5)
            pygame.draw.rect(surface, BRASS, rect, 3 if active else 1, border_radius=5)
            draw.text(surface, label, rect.center, size=15, bold=True, anchor="center", colour=INK, box=rect)
        back = self.back_rect()
        pygame.draw.rect(surface, PAPER, back, border_radius=5)
        pygame.draw.rect(surface, BRASS, back, 2, border_radius=5)
        draw.text(surface, _("Back (Esc)"), back.center, size=15, bold=True, anchor="center", box=back)
        for rect, c in self.card_rects():
            surface.blit(bc.card_face(c, rect.size), rect.topleft)
            if c.id == self.selected or rect.collidepoint(self.mouse):
                draw.brass_outline(surface, rect, width=3 if c.id == self.selected else 1)
        zoom = pygame.Rect(ZOOM_AT, bc.ZOOM)
        draw.shadow(surface, zoom, offset=6, alpha=100)
        from ...rules.barclay.cards import cards_by_id

        surface.blit(bc.card_face(cards_by_id()[self.selected], bc.ZOOM), zoom.topleft)
        for rect, line in self.legend_lines():
            draw.text(surface, line, rect.topleft, size=14, colour=PAPER)

    def legend_lines(self) -> list[tuple[pygame.Rect, str]]:
        """Each legend line and the rect it is typed in (centred under the zoomed card)."""
        font = fonts.typewriter(14)
        zoom = pygame.Rect(ZOOM_AT, bc.ZOOM)
        out = []
        for i, line in enumerate(_(text) for text in LEGEND):
            rect = pygame.Rect((0, 0), font.size(line))
            rect.midtop = (zoom.centerx, zoom.bottom + 10 + i * 22)
            out.append((rect, line))
        return out
