"""A table that plays any game from its view and legal actions: a typed dossier page.

Used for games whose own table scene has not landed yet, and by the client tests."""

from __future__ import annotations

import json

import pygame
import pygame_gui

from ..i18n import _, translate
from ..rules.core import action_to_json
from ..rules.core.message import message_from_json
from ..ui import draw, gui
from ..ui.palette import FADED, INK, STAMP_RED
from .game_table import SessionScene

MAX_BUTTONS = 9


def action_label(game, action) -> str:
    label = getattr(game, "action_label", None)
    if callable(label):
        return label(action)
    data = action_to_json(action)
    kind = data.pop("type")
    args = ", ".join(f"{k} {v}" for k, v in data.items())
    return f"{kind} {args}".strip()


class GenericTableScene(SessionScene):
    def __init__(self, app, session):
        super().__init__(app, session)
        self._buttons: list[tuple[pygame_gui.elements.UIButton, object]] = []
        self._buttons_for = None

    def number_choices(self) -> list:
        return list(self.session.legal_actions())[:MAX_BUTTONS]

    def update(self, dt: float) -> None:
        key = (self.session.version, self.session.acting_seat())
        if key != self._buttons_for:
            self._rebuild_buttons()
            self._buttons_for = key
        super().update(dt)

    def _rebuild_buttons(self) -> None:
        for button, _ in self._buttons:
            button.kill()
        self._buttons = []
        for i, action in enumerate(self.number_choices()):
            rect = (872, 120 + i * 48, 360, 40)
            button = gui.button(self.ui, rect, f"{i + 1}. {action_label(self.game, action)}")
            self._buttons.append((button, action))

    def on_table_gui(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for button, action in self._buttons:
                if event.ui_element is button:
                    self.try_action(action)
                    return True
        return False

    def draw_table(self, surface: pygame.Surface, view: dict, seat: str | None) -> None:
        key = (seat, self.session.version, bool(self._buttons))
        if getattr(self, "_page_key", None) != key:
            self._page = pygame.Surface(surface.get_size())
            self._draw_page(self._page, view, seat)
            self._page_key = key
        surface.blit(self._page, (0, 0))

    def _draw_page(self, surface: pygame.Surface, view: dict, seat: str | None) -> None:
        draw.felt(surface)
        page = draw.paper_panel(surface, (40, 72, 790, 624))
        who = (_("public record") if seat is None
               else _("file of the {side} player").format(side=translate(self.game.seat_name(seat))))
        draw.typed_heading(surface, translate(self.game.TITLE or self.game.GAME_ID), (page.x + 24, page.y + 14), size=30)
        draw.text(surface, who.upper(), (page.x + 26, page.y + 56), size=14, bold=True, colour=STAMP_RED)
        fields = {k: v for k, v in view.items() if k not in ("log", "game", "seat")}
        y = page.y + 88
        for key, value in fields.items():
            line = f"{key.replace('_', ' ')}: {json.dumps(value) if not isinstance(value, str) else value}"
            y += draw.text_block(surface, line, (page.x + 26, y, page.w - 52, 60), size=16, colour=INK)
            if y > page.y + 330:
                break
        pygame.draw.line(surface, FADED, (page.x + 24, page.y + 352), (page.right - 24, page.y + 352), 1)
        draw.text(surface, _("LOG"), (page.x + 26, page.y + 362), size=14, bold=True, colour=FADED)
        entries = view.get("log", [])[-10:]
        for i, entry in enumerate(entries):
            text = translate(message_from_json(entry["msg"])) if "msg" in entry else entry["text"]
            draw.text(surface, text[:80], (page.x + 26, page.y + 386 + i * 22), size=15)
        side = draw.paper_panel(surface, (856, 72, 392, 624), seed=9)
        draw.typed_heading(surface, _("Choices"), (side.x + 16, side.y + 10), size=26)
        if not self._buttons:
            draw.text_block(surface, _("Nothing to choose at the table now."), (side.x + 16, side.y + 56, side.w - 32, 60),
                            size=15, colour=FADED)
