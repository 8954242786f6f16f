"""Top Secret at the Stawka table (issue 36, step 9; rulebook L613-L667; F17-F28): the Black Audi as a piece of the
menu (selected by a click on it, driven by clicks on brass spaces), a Top Secret card's move of it, the secret's
bonus, and Dr Pulkowski's state on the board and in words.

A mixin of StawkaTableScene like films.py: legal actions become controls, the view is drawn, nothing else is read.
Everything here is public (the plan's section 3).
"""

from __future__ import annotations

import pygame

from ...i18n import _
from ...rules.core.message import msg
from ...rules.stawka import actions as A
from ...ui import draw
from ...ui.palette import BRASS, INK, PAPER, STAMP_RED
from ..controls import Control
from . import pieces as P

VEHICLE = "black_audi"  # driven like an agent, but no agent (F19)
TS_MOVE = "top_secret_move"  # the menu's pick for a Top Secret card's move of the car (F24)
BONUS_WORDS = {"move": "Move up to two of your threat tokens", "draw": "Draw a threat token and set it out",
               "none": "Take no bonus"}
VEHICLE_ACTIONS = (A.Drive, A.PlayTopSecret, A.PlaceDrawnThreat)  # answered on the board, never a menu button


class AudiTable:
    # ----- words -----------------------------------------------------------------------------------------------
    def audi_label(self, view, a):
        if isinstance(a, A.SecretBonus):
            return msg(BONUS_WORDS[a.choice])
        if isinstance(a, A.Assassinate) and a.target == VEHICLE:
            return msg("Attack the Black Audi with {weapon} (1 AP)",
                       weapon=self.item_names(view).get(a.weapon, a.weapon))
        return None

    def audi_hint(self, view) -> str | None:
        kind = (view.get("pending") or {}).get("kind")
        if kind == "place_drawn_threat":
            return msg("Click a brass space to set out the token you drew.")
        if self.selected == TS_MOVE:
            return msg("Click a brass space: the Top Secret card moves the Black Audi there.")
        car = view.get("vehicle") or {}
        if car.get("active") or (self.selected == VEHICLE and car.get("drives")):
            return msg("Drive: click a brass space (the number is its AP cost).")
        return None

    # ----- the car as the menu's piece ------------------------------------------------------------------------
    @staticmethod
    def vehicle_able(legal) -> bool:
        return any(isinstance(a, A.Drive) or getattr(a, "agent", None) == VEHICLE for a in legal)

    def vehicle_controls(self, view, legal, agent, ui) -> list[Control]:
        """The car's drives when it is the menu's piece; a Top Secret card's moves while that pick is chosen; the
        car itself as a pick on the board."""
        out = []
        plays = [a for a in legal if isinstance(a, A.PlayTopSecret)]
        wanted = A.PlayTopSecret if ui.selected == TS_MOVE and plays else (A.Drive if agent == VEHICLE else None)
        for a in legal:
            if wanted is not None and isinstance(a, wanted):
                rect = self.space_rect(a.to)
                if rect is not None:
                    out.append(Control(rect, a, "", "space", a.to))
        car = self.vehicle_rect(view)
        if car is not None and self.vehicle_able(legal) and agent != VEHICLE and self.viewport.visible(car.center):
            out.append(Control(car, None, "Audi", "agent", VEHICLE))
        card = self.vehicle_card_rect(view)
        if card is not None and self.vehicle_able(legal) and agent != VEHICLE:  # its card picks it, as an agent's
            out.append(Control(card, None, "Audi", "agent", VEHICLE))
        return out

    @staticmethod
    def audi_picks(legal) -> list[tuple]:
        """(label, action, kind, key) the menu adds: a Top Secret card's move of the car."""
        if any(isinstance(a, A.PlayTopSecret) for a in legal):
            return [(msg("Play a Top Secret card: move the Audi"), None, "pick", TS_MOVE)]
        return []

    def vehicle_first(self, action, view, legal, ui) -> str | None:
        """What must be chosen before `action`'s own control: the car (its drives, its token discard) or the Top
        Secret card's pick; None when nothing (or it is chosen already)."""
        if isinstance(action, A.PlayTopSecret):
            return TS_MOVE if ui.selected != TS_MOVE else None
        if isinstance(action, A.Drive) or getattr(action, "agent", None) == VEHICLE:
            return VEHICLE if self.current_agent(view, legal, ui) != VEHICLE else None
        return None

    def drive_cost(self, view, space: str):
        return (view.get("vehicle") or {}).get("drives", {}).get(space, "?")

    # ----- drawing ---------------------------------------------------------------------------------------------
    def vehicle_rect(self, view) -> pygame.Rect | None:
        car = view.get("vehicle")
        if not car:
            return None
        x, y = self.glide_pos(self.glides[VEHICLE]) if VEHICLE in self.glides else self.screen_pos(car["space"])
        r = self.figure_radius()
        return pygame.Rect(x - r - 8, y + r + 1, 2 * r + 16, max(14, r + 6))

    def draw_vehicle(self, surface, view, *, moving: bool = False) -> None:
        """The Black Audi below its space's figures (a red lamp on the roof once Pulkowski is aboard), and
        Pulkowski at the factory until he is taken. `moving`: only a car on its way (drawn every frame)."""
        car = view.get("vehicle")
        if not car or (VEHICLE in self.glides) != moving:
            return
        doc = view.get("pulkowski") or {}
        if doc and not doc.get("aboard") and not moving:
            x, y = self.screen_pos(doc["location"])
            z = self.viewport.zoom
            self.pulkowski_mark(surface, (x - round(22 * z) - 4, y + round(12 * z) + 6), broken=doc.get("broken"))
        P.black_audi(surface, self.vehicle_rect(view), carrying=car.get("carrying"), active=car.get("active"))

    def draw_vehicle_card(self, surface, view, chosen: bool, selectable: bool) -> None:
        """The car's card in the agent list, read like an agent's: the piece (its lamp once Pulkowski is aboard),
        its name, ACTIVE while it drives, its AP this stage as pips (hollow when spent) and its Defence."""
        car, rect = view.get("vehicle"), self.vehicle_card_rect(view)
        if not car or rect is None:
            return
        draw.paper_panel(surface, rect, seed=7)
        pygame.draw.rect(surface, P.SIDE_COLOUR["german"], (rect.x, rect.y, 6, rect.h))
        if chosen or car.get("active"):
            draw.brass_outline(surface, rect, 3, 4)
        elif selectable and rect.collidepoint(self.mouse):
            pygame.draw.rect(surface, BRASS, rect, 2)
        P.black_audi(surface, pygame.Rect(rect.x + 12, rect.y + 8, 38, 14), carrying=car.get("carrying"),
                     active=car.get("active"))
        x = rect.x + 58
        tag = _("ACTIVE") if car.get("active") else None
        name_room = rect.right - 6 - x - (self.tag_width(tag) + 4 if tag else 0)
        name = P.agent_name("The Black Audi")
        P.blit_text(surface, P.fit_text(name, 14, name_room, True), (x, rect.y + 1), size=14, bold=True)
        if tag:
            self.tag(surface, tag, (rect.right - 6, rect.y + 2), STAMP_RED)
        self.ap_pips(surface, (x, rect.y + 18), car, words=False, first=27, step=13, radius=5)
        pips_right = x + 32 + car["ap_limit"] * 13
        defence = _("Defence {d}").format(d=car["defence"])
        P.blit_text(surface, P.fit_text(defence, 12, rect.right - 8 - pips_right), (rect.right - 8, rect.y + 17),
                    size=12, colour=INK, anchor="topright")

    def vehicle_note(self, view) -> list[str]:
        """Under the mouse on the car's card: its AP and Defence in words, and Dr Pulkowski's state."""
        car = view["vehicle"]
        lines = [P.agent_name("The Black Audi"),
                 _("{left} of {limit} AP left this stage (from the German pool)").format(left=car["ap_left"],
                                                                                       limit=car["ap_limit"]),
                 _("Defence {d}").format(d=car["defence"])]
        doctor = self.pulkowski_line(view)
        return lines + ([doctor] if doctor else [])

    @staticmethod
    def pulkowski_mark(surface, center, *, broken: bool) -> None:
        """Dr Pulkowski, held in the factory: a paper disc with his initial, red once he is broken."""
        pygame.draw.circle(surface, PAPER, center, 9)
        pygame.draw.circle(surface, STAMP_RED if broken else INK, center, 9, 2)
        P.blit_text(surface, "P", center, size=12, bold=True, colour=STAMP_RED if broken else INK, anchor="center")

    def pulkowski_line(self, view) -> str | None:
        doc, car = view.get("pulkowski"), view.get("vehicle")
        if not doc or not car:
            return None
        if doc.get("aboard"):
            return _("Pulkowski is in the Audi (Defence {d}): it must reach the barracks by stage 15").format(
                d=car["defence"])
        if doc.get("broken"):
            return _("Pulkowski is broken: he boards at a stage's end if the Audi waits at the factory")
        return _("Pulkowski holds out: 2 dice {m:+d} at the stage's end, 12 breaks him").format(m=doc["modifier"])
