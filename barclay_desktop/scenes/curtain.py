"""The hand-over curtain: a closed TOP SECRET folder until the named player clicks.

Nothing of the game's private state is drawn here: only the seat's side and name
and the public events since that seat last looked."""

from __future__ import annotations

import pygame

from ..ui import draw, fonts
from ..ui.palette import FADED, INK, STAMP_RED
from .base import Scene

FOLDER = pygame.Rect(90, 86, 1100, 600)
MAX_LINES = 9


class CurtainScene(Scene):
    name = "curtain"

    def __init__(self, app, session):
        super().__init__(app)
        self.session = session
        self.seat = session.curtain_seat
        self.events = [e.text for e in session.since_last_looked(self.seat)] if self.seat else []
        self._armed = False  # ignore the click that may have triggered the hand-over
        self._art: pygame.Surface | None = None  # drawn once: nothing on the curtain changes

    def enter(self) -> None:
        # A notice may be the previous player's private text (a refusal, a warning): it must
        # not outlive the hand-over.
        self.app.notices.clear()
        self.app.sound.play("stamp")

    def handle_event(self, event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._armed = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._armed:
            self.reveal()
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.reveal()
            elif event.key == pygame.K_ESCAPE:
                from .pause import PauseScene

                self.app.push(PauseScene(self.app, self.session, behind_curtain=True))
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)

    def reveal(self) -> None:
        if self.session.curtain_seat == self.seat:
            self.session.acknowledge_curtain()
        self.app.sound.play("card_slide")
        if self.app.stack.top is self:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        if self._art is None or self._art.get_size() != surface.get_size():
            self._art = pygame.Surface(surface.get_size())
            self._draw_art(self._art)
        surface.blit(self._art, (0, 0))

    def _draw_art(self, surface: pygame.Surface) -> None:
        draw.felt(surface)
        body = draw.manila_folder(surface, FOLDER, "PERSONNEL FILE", tab_x=40, tab_w=230)
        draw.stamp(surface, "TOP SECRET", (body.right - 230, body.y + 86), size=46, angle=-7)
        side = self.session.game.seat_name(self.seat) if self.seat else ""
        name = self.session.seats[self.seat].name if self.seat else ""
        draw.text(surface, "PASS THE COMPUTER TO", (body.x + 60, body.y + 60), size=18, bold=True, colour=FADED)
        draw.typed_heading(surface, f"the {side} player", (body.x + 58, body.y + 88), size=48)
        if name and name != side:
            draw.text(surface, name, (body.x + 62, body.y + 150), size=28, bold=True, colour=INK)
        self._draw_events(surface, body)
        draw.text(surface, "Click anywhere, or press Enter, when only that player is looking.",
                  (body.centerx, body.bottom - 36), size=18, bold=True, colour=STAMP_RED, anchor="center")

    def _draw_events(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        sheet = draw.paper_panel(surface, (body.x + 56, body.y + 206, body.w - 112, 320), seed=5)
        draw.text(surface, "SINCE YOU LAST LOOKED", (sheet.x + 20, sheet.y + 14), size=15, bold=True, colour=FADED)
        font = fonts.typewriter(16)
        y = sheet.y + 44
        for line in event_lines(self.events, font, sheet.w - 72):
            surface.blit(font.render(line, True, INK), (sheet.x + 24, y))
            y += 29


def event_lines(events: list[str], font, width: int) -> list[str]:
    """The typed list: each event wrapped, newest kept when they do not all fit."""
    lines: list[str] = []
    for event in events or ["Nothing new on the public record."]:
        wrapped = draw.wrap(event, font, width)
        lines += ["- " + wrapped[0]] + ["  " + more for more in wrapped[1:]]
    if len(lines) > MAX_LINES:
        lines = [f"... {len(lines) - MAX_LINES + 1} earlier lines"] + lines[-(MAX_LINES - 1):]
    return lines
