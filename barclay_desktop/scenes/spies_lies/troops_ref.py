"""The ten Spies & Lies troops and six intelligence cards, to browse from the rules screen:
click a troop to read its ability (English name, Dutch name as subtitle, S8)."""

from __future__ import annotations

import pygame

from ...rules import game_class
from ...ui import draw
from . import cards as sc
from ...ui.palette import BRASS, FADED, INK, PAPER
from ..base import Scene

GRID = pygame.Rect(40, 110, 620, 340)
DETAIL = pygame.Rect(700, 90, 540, 420)


class SpiesTroopsScene(Scene):
    name = "spies_troops"

    def needs_frames(self) -> bool:
        return False  # nothing here moves by itself (issue 38)

    def __init__(self, app):
        super().__init__(app)
        self.troops = game_class("spies_lies").troop_catalog()
        self.selected = 1
        self.mouse = (0, 0)

    def troop_rects(self) -> list[tuple[pygame.Rect, dict]]:
        return [(pygame.Rect(GRID.x + (i % 5) * 124, GRID.y + (i // 5) * 170, *sc.GUESS), t)
                for i, t in enumerate(self.troops)]

    def back_rect(self) -> pygame.Rect:
        return pygame.Rect(1280 - 160, 16, 136, 38)

    def handle_event(self, event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.app.pop()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.back_rect().collidepoint(event.pos):
                self.app.pop()
                return True
            for rect, troop in self.troop_rects():
                if rect.collidepoint(event.pos):
                    self.selected = troop["rank"]
                    return True
        return True

    def draw(self, surface) -> None:
        draw.felt(surface)
        draw.typed_heading(surface, "Spies & Lies: the ten troops", (40, 24), size=34, colour=PAPER)
        draw.text(surface, "Click a troop to read it. Ranks ascend left to right in a line-up; the Sergeant stands "
                  "anywhere.", (42, 72), size=14, colour=PAPER)
        back = self.back_rect()
        pygame.draw.rect(surface, PAPER, back, border_radius=5)
        pygame.draw.rect(surface, BRASS, back, 2, border_radius=5)
        draw.text(surface, "Back", back.center, size=16, bold=True, anchor="center")
        for rect, troop in self.troop_rects():
            lift = rect.move(0, -6) if rect.collidepoint(self.mouse) else rect
            draw.shadow(surface, lift, offset=4, alpha=90, radius=8)
            surface.blit(sc.troop_face("red", troop["rank"], troop["name"], troop["name_nl"], sc.GUESS), lift)
            if troop["rank"] == self.selected:
                draw.brass_outline(surface, lift, width=3, radius=10)
        self.draw_detail(surface)
        self.draw_intel_cards(surface)

    def draw_detail(self, surface) -> None:
        troop = next(t for t in self.troops if t["rank"] == self.selected)
        panel = draw.paper_panel(surface, DETAIL, seed=61)
        big = pygame.Rect(panel.x + 20, panel.y + 20, 192, 272)
        surface.blit(sc.troop_face("blue", troop["rank"], troop["name"], troop["name_nl"], big.size), big)
        x = big.right + 20
        draw.typed_heading(surface, troop["name"], (x, panel.y + 20), size=34)
        draw.text(surface, troop["name_nl"], (x, panel.y + 64), size=18, colour=FADED, italic=True)
        draw.text(surface, f"Rank {troop['rank']}", (x, panel.y + 100), size=16, bold=True)
        ip = f"{troop['ip']} infiltration point{'s' if troop['ip'] > 1 else ''} when activated" if troop["ip"] else "no infiltration points"
        draw.text_block(surface, ip, (x, panel.y + 126, panel.right - x - 16, 60), size=14, colour=FADED)
        draw.text_block(surface, troop["ability"], (panel.x + 20, big.bottom + 16, panel.w - 40, 100), size=15,
                        colour=INK)

    def draw_intel_cards(self, surface) -> None:
        from ...rules.spies_lies.data import intel_cards

        draw.text(surface, "THE SIX INTELLIGENCE CARDS: each lists four ranks; never the Sergeant",
                  (40, 540), size=14, bold=True, colour=PAPER)
        for i, ranks in enumerate(intel_cards().values()):
            r = pygame.Rect(40 + i * 110, 566, 96, 136)
            draw.shadow(surface, r, offset=3, alpha=80, radius=8)
            surface.blit(sc.intel_face(tuple(ranks), r.size), r)
