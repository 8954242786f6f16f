"""The ten Spies & Lies troops and six intelligence cards, to browse from the rules screen:
click a troop to read its ability (its name in the player's language, the Dutch original as
subtitle, S8)."""

from __future__ import annotations

import pygame

from ...i18n import _, ngettext
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
        heading = _("Spies & Lies: the ten troops")
        draw.typed_heading(surface, heading, (40, 24), size=34 if len(heading) < 36 else 28, colour=PAPER)
        intro = _("Click a troop to read it. Ranks ascend left to right in a line-up; the Sergeant stands anywhere.")
        room = pygame.Rect(42, 70, 1280 - 84, 22)
        draw.text(surface, intro, room.topleft, size=sc.fit_size(intro, room.w, 14), colour=PAPER, box=room)
        back = self.back_rect()
        pygame.draw.rect(surface, PAPER, back, border_radius=5)
        pygame.draw.rect(surface, BRASS, back, 2, border_radius=5)
        label = _("Back")
        draw.text(surface, label, back.center, size=sc.fit_size(label, back.w - 12, 16, bold=True), bold=True,
                  anchor="center", box=back)
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
        name, subtitle = sc.troop_words(troop["name"], troop["name_nl"])
        draw.typed_heading(surface, name, (x, panel.y + 20), size=34 if len(name) <= 12 else 26)
        if subtitle:  # the Dutch original, unless the name shown already is it (S8)
            draw.text(surface, subtitle, (x, panel.y + 64), size=18, colour=FADED, italic=True)
        draw.text(surface, _("Rank {rank}").format(rank=troop["rank"]), (x, panel.y + 100), size=16, bold=True)
        n = troop["ip"]
        ip = (ngettext("{n} infiltration point when activated", "{n} infiltration points when activated", n).format(n=n)
              if n else _("no infiltration points"))
        draw.text_block(surface, ip, (x, panel.y + 126, panel.right - x - 16, 60), size=14, colour=FADED)
        ability = _(troop["ability"])
        box = pygame.Rect(panel.x + 20, big.bottom + 16, panel.w - 40, 100)
        draw.text_block(surface, ability, box, size=sc.block_size(ability, box.w, box.h, 15), colour=INK)

    def draw_intel_cards(self, surface) -> None:
        from ...rules.spies_lies.data import intel_cards

        heading = _("THE SIX INTELLIGENCE CARDS: each lists four ranks; never the Sergeant")
        room = pygame.Rect(40, 538, 1200, 22)
        draw.text(surface, heading, (40, 540), size=sc.fit_size(heading, room.w, 14, bold=True), bold=True,
                  colour=PAPER, box=room)
        for i, ranks in enumerate(intel_cards().values()):
            r = pygame.Rect(40 + i * 110, 566, 96, 136)
            draw.shadow(surface, r, offset=3, alpha=80, radius=8)
            surface.blit(sc.intel_face(tuple(ranks), r.size), r)
