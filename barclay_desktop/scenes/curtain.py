"""The hand-over curtain: a closed TOP SECRET folder that only a deliberate act opens.

Nothing of the game's private state is drawn here: only the seat's side and name
and the public events since that seat last looked.

Why the curtain is this strict (issue 30): a player who keeps pressing Space or clicking
through a reveal must not open the next player's file by accident. So, once up, the
curtain ignores every input for GUARD_SECONDS of its own time (counted in update(dt)),
and after that only a click on its own button (pressed and released on it) or a fresh
press of Enter opens it. Space, digits, other keys and clicks elsewhere never do; a key
that was already down when the curtain rose, or pressed during the guard, must be let
go and pressed again; a mouse button pressed before the guard ended never counts.
Esc still opens the pause menu (after the guard), which shows nothing private."""

from __future__ import annotations

import pygame

from .. import i18n
from ..i18n import _, ngettext, translate
from ..ui import draw, fonts
from ..ui.palette import BRASS, FADED, INK, PAPER_SHADE, STAMP_RED
from .base import Scene
from .menu import stamp_size

FOLDER = pygame.Rect(90, 86, 1100, 600)
MAX_LINES = 7
GUARD_SECONDS = 0.7
BUTTON = pygame.Rect(0, 0, 620, 60)
BUTTON.center = (FOLDER.centerx, FOLDER.y + 498)
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
HOVER_BG = (0xD9, 0xB4, 0x5C)  # the theme's @primary hovered colour


class CurtainScene(Scene):
    name = "curtain"

    def __init__(self, app, session):
        super().__init__(app)
        self.session = session
        self.seat = session.curtain_seat
        self.events = [e.text for e in session.since_last_looked(self.seat)] if self.seat else []  # Messages
        self.button = BUTTON.copy()
        self.guard = GUARD_SECONDS  # seconds of scene time left before any input counts
        self._held: set[int] = set()  # Enter keys down since before the curtain could be opened
        self._pressed_on_button = False  # the left button went down on our button after the guard
        self._hover = False
        self._art: pygame.Surface | None = None  # drawn once: nothing on the folder itself changes
        self._art_language = i18n.generation()

    # ----- lifecycle -----
    def enter(self) -> None:
        # A notice may be the previous player's private text (a refusal, a warning): it must
        # not outlive the hand-over.
        self.app.notices.clear()
        self.app.sound.play("stamp")
        self._arm_guard()

    def resume(self) -> None:
        self._arm_guard()  # back from the pause menu: the clicks that closed it are not for us

    def _arm_guard(self) -> None:
        self.guard = GUARD_SECONDS
        self._pressed_on_button = False
        pressed = pygame.key.get_pressed()
        self._held = {key for key in ENTER_KEYS if pressed[key] or key in self.app.keys_down}

    @property
    def ready(self) -> bool:
        """The guard is over: a deliberate click on the button or Enter now opens the file."""
        return self.guard <= 0.0

    def update(self, dt: float) -> None:
        self.guard = max(0.0, self.guard - dt)

    def needs_frames(self) -> bool:
        return not self.ready  # the button fills with brass during the guard

    # ----- input -----
    def handle_event(self, event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self._hover = self.button.collidepoint(event.pos)
        elif event.type == pygame.KEYUP:
            self._held.discard(event.key)
        elif not self.ready:
            if event.type == pygame.KEYDOWN and event.key in ENTER_KEYS:
                self._held.add(event.key)  # its auto-repeat must not open the file later
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._pressed_on_button = self.button.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self._pressed_on_button and self.button.collidepoint(event.pos):
                self.reveal()
            self._pressed_on_button = False
        elif event.type == pygame.KEYDOWN:
            self.on_key(event.key)
        return True  # nothing reaches the table under the curtain

    def on_key(self, key: int) -> None:
        if key in ENTER_KEYS and key not in self._held:
            self.reveal()
        elif key in ENTER_KEYS:
            return  # still the press from before: let go and press again
        elif key == pygame.K_ESCAPE:
            from .pause import PauseScene

            self.app.push(PauseScene(self.app, self.session, behind_curtain=True))

    def reveal(self) -> None:
        if self.session.curtain_seat == self.seat:
            self.session.acknowledge_curtain()
        self.app.sound.play("card_slide")
        if self.app.stack.top is self:
            self.app.pop()

    # ----- drawing -----
    def who(self) -> tuple[str, str]:
        """(the player's name or "", their side in the player's language)."""
        side = self.session.game.seat_name(self.seat) if self.seat else ""
        name = self.session.seats[self.seat].name if self.seat else ""
        return (name if name and name != side else ""), translate(side)

    def button_text(self) -> str:
        name, side = self.who()
        if name:
            return _("I am {name} - open the file").format(name=name)
        return _("I am the {side} player - open the file").format(side=side)

    def only_text(self) -> str:
        name, side = self.who()
        if name:
            return _("Click the button, or press Enter, when only {name} is looking.").format(name=name)
        return _("Click the button, or press Enter, when only the {side} player is looking.").format(side=side)

    def draw(self, surface: pygame.Surface) -> None:
        if self._art is None or self._art.get_size() != surface.get_size() or self._art_language != i18n.generation():
            self._art = pygame.Surface(surface.get_size())
            self._art_language = i18n.generation()  # Settings (from the pause menu) may change the language
            self._draw_art(self._art)
        surface.blit(self._art, (0, 0))
        self._draw_button(surface)

    def _draw_button(self, surface: pygame.Surface) -> None:
        rect = self.button
        if self.ready:
            pygame.draw.rect(surface, HOVER_BG if self._hover else BRASS, rect, border_radius=6)
            colour = INK
        else:  # greyed while the guard runs, filling up as it ends
            pygame.draw.rect(surface, PAPER_SHADE, rect, border_radius=6)
            done = rect.copy()
            done.w = int(rect.w * (1.0 - self.guard / GUARD_SECONDS))
            if done.w > 0:
                pygame.draw.rect(surface, BRASS, done, border_radius=6)
            colour = FADED
        pygame.draw.rect(surface, INK, rect, 2, border_radius=6)
        label = self.button_text()
        draw.text(surface, label, rect.center, size=draw.fit_size(label, rect.w - 24, 22, bold=True), bold=True,
                  colour=colour, anchor="center", box=rect)

    def _draw_art(self, surface: pygame.Surface) -> None:
        draw.felt(surface)
        body = draw.manila_folder(surface, FOLDER, _("PERSONNEL FILE"), tab_x=40, tab_w=230)
        secret = _("TOP SECRET")
        draw.stamp(surface, secret, (body.right - 230, body.y + 86), size=stamp_size(secret, 400, 46), angle=-7)
        name, side = self.who()
        draw.text(surface, _("PASS THE COMPUTER TO"), (body.x + 60, body.y + 60), size=18, bold=True, colour=FADED)
        heading = _("the {side} player").format(side=side)
        draw.typed_heading(surface, heading, (body.x + 58, body.y + 88),
                           size=draw.fit_size(heading, body.w - 520, 48, face=fonts.SERIF, bold=True))
        if name:
            draw.text(surface, name, (body.x + 62, body.y + 150), size=28, bold=True, colour=INK)
        self._draw_events(surface, body)
        only = self.only_text()
        draw.text(surface, only, (body.centerx, body.bottom - 40), size=draw.fit_size(only, body.w - 40, 18, bold=True),
                  bold=True, colour=STAMP_RED, anchor="center", box=body)

    def _draw_events(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        sheet = draw.paper_panel(surface, (body.x + 56, body.y + 200, body.w - 112, 250), seed=5)
        draw.text(surface, _("SINCE YOU LAST LOOKED"), (sheet.x + 20, sheet.y + 14), size=15, bold=True, colour=FADED)
        font = fonts.typewriter(16)
        y = sheet.y + 44
        for line in event_lines(self.events, font, sheet.w - 72):
            surface.blit(font.render(line, True, INK), (sheet.x + 24, y))
            y += 28


def event_lines(events: list[str], font, width: int) -> list[str]:
    """The typed list: each event wrapped, newest kept when they do not all fit."""
    lines: list[str] = []
    for event in events or [_("Nothing new on the public record.")]:
        wrapped = draw.wrap(translate(event), font, width)
        lines += ["- " + wrapped[0]] + ["  " + more for more in wrapped[1:]]
    if len(lines) > MAX_LINES:
        hidden = len(lines) - MAX_LINES + 1
        lines = [ngettext("... {n} earlier line", "... {n} earlier lines", hidden).format(n=hidden)] + lines[-(MAX_LINES - 1):]
    return lines
