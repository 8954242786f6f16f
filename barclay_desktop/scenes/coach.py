"""The coach of a guided first game (issue 40), drawn over any game's table.

It dims the table (still readable), leaves the control the step is about lit and ringed, and puts a
note card where it covers the least of that control: the step's words, how far the lesson has got, and
its buttons (Next on a talk step; Play on freely at every step). The table's own controls keep working;
the session refuses every move but the ringed one with the script's reason."""

from __future__ import annotations

import pygame

from ..i18n import _
from ..ui import draw, fonts
from ..ui.palette import BRASS, FADED, INK, PAPER

CARD_W, CARD_H = 440, 176
CARD_MAX_H = 300  # the card grows to hold its words (Dutch and Polish run longer), up to this
TEXT_SIZE, TEXT_GAP = 14, 2
CARD_CHROME = 80  # the title above the words and the buttons below them
MARGIN = 12
TABLE = pygame.Rect(0, 48, 1280, 672)  # below the prompt strip, whose order stays readable
DIM_ALPHA = 96  # dimmed but readable
NEXT_GUARD = 0.35  # seconds a new note ignores Next: a press aimed at the one before must not skip it unread


def click_square(pos) -> pygame.Rect:
    """A click's place when no control stands for it: a square around the point."""
    return pygame.Rect(pos[0] - 24, pos[1] - 24, 48, 48)


class CoachLayer:
    """Drawing and clicks of the coach for one table scene (`scene.session.coach` holds the script)."""

    def __init__(self, scene):
        self.scene = scene
        self.buttons: dict[str, pygame.Rect] = {}
        self.card = pygame.Rect(0, 0, CARD_W, CARD_H)
        self.time = 0.0  # seconds on this step: the ring's dashes march with it
        self.step_seen = -1  # the step `time` counts for

    @property
    def session(self):
        return self.scene.session

    def focus_rects(self) -> list[pygame.Rect]:
        """What the step is about: the controls of its expected move, or the part of the table it names."""
        coach = self.session.coach
        step = coach.current
        rects = []
        if step.expect is not None:
            rects = self.next_click_rects(coach.expected(self.scene.game))
        if step.point is not None:
            rects.append(pygame.Rect(step.point))
        return rects

    def keep_clear(self, focus: list[pygame.Rect]) -> list[pygame.Rect]:
        """Everything the card must not cover: the focus, and every later click of a move made of several."""
        step = self.session.coach.current
        if step.expect is None:
            return focus
        clicks = self.scene.control_clicks(self.session.coach.expected(self.scene.game))
        return focus + [click_square(pos) for pos in clicks]

    def next_click_rects(self, action) -> list[pygame.Rect]:
        """The control(s) to click next for `action`: the hint's, or for a move made of several clicks (a
        sector, then another) the one under the first click still to make."""
        rects = [pygame.Rect(c.rect) for c in self.scene.hint_controls(action)]
        if rects:
            return rects
        clicks = self.scene.control_clicks(action)
        if not clicks:
            return []
        control = self.scene.control_at(clicks[0])
        return [pygame.Rect(control.rect) if control is not None else click_square(clicks[0])]

    def words(self) -> str:
        spoken = self.session.coach.spoken
        return _(spoken.text) if spoken is not None else ""

    @staticmethod
    def card_height(words: str) -> int:
        """The card's height: CARD_H, or taller when the words need more lines (at most CARD_MAX_H)."""
        font = fonts.font(fonts.TYPE, TEXT_SIZE, fonts._style(False, False))
        lines = len(draw.wrap(words, font, CARD_W - 28)) if words else 1
        return max(CARD_H, min(CARD_MAX_H, CARD_CHROME + lines * (font.get_linesize() + TEXT_GAP) + 2))

    def place_card(self, focus: list[pygame.Rect], height: int = CARD_H) -> pygame.Rect:
        """The corner (or edge middle) of the table where the card covers the least of `focus`."""
        spots = [(TABLE.right - CARD_W - MARGIN, TABLE.y + MARGIN), (TABLE.x + MARGIN, TABLE.y + MARGIN),
                 (TABLE.right - CARD_W - MARGIN, TABLE.bottom - height - MARGIN),
                 (TABLE.x + MARGIN, TABLE.bottom - height - MARGIN), (TABLE.centerx - CARD_W // 2, TABLE.y + MARGIN),
                 (TABLE.centerx - CARD_W // 2, TABLE.bottom - height - MARGIN)]

        def covered(spot):
            card = pygame.Rect(spot, (CARD_W, height)).inflate(16, 16)
            return sum(card.clip(r).w * card.clip(r).h for r in focus)

        return pygame.Rect(min(spots, key=covered), (CARD_W, height))

    def draw(self, surface: pygame.Surface) -> None:
        if not self.session.coaching:
            self.buttons = {}
            return
        from .game_table import ATTENTION_SECONDS  # the ring then holds still (issue 38: a table at rest idles)

        focus = self.focus_rects()
        shade = pygame.Surface(TABLE.size, pygame.SRCALPHA)
        shade.fill((12, 16, 14, DIM_ALPHA))
        for r in focus:
            shade.fill((0, 0, 0, 0), r.inflate(10, 10).move(-TABLE.x, -TABLE.y))
        surface.blit(shade, TABLE.topleft)
        for r in focus:
            draw.hint_ring(surface, r.inflate(8, 8), min(self.time, ATTENTION_SECONDS))
        self.card = self.place_card(self.keep_clear(focus), self.card_height(self.words()))
        self.draw_card(surface, self.card)

    def draw_card(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        coach = self.session.coach
        step = coach.current
        panel = draw.paper_panel(surface, rect, tint=PAPER, seed=40)
        pygame.draw.rect(surface, BRASS, panel, 2, border_radius=6)
        total = len(coach.script.steps)
        draw.text(surface, _("THE COACH - step {n} of {total}").format(n=coach.step + 1, total=total),
                  (panel.x + 14, panel.y + 10), size=12, bold=True, colour=FADED)
        draw.text_block(surface, self.words(), (panel.x + 14, panel.y + 30, panel.w - 28, panel.h - CARD_CHROME),
                        size=TEXT_SIZE, colour=INK, line_gap=TEXT_GAP)
        self.buttons = {}
        y = panel.bottom - 40
        if step.kind in ("talk", "opponent"):  # an opponent's move comes by itself once read, or at Next
            self.buttons["next"] = self.button(surface, pygame.Rect(panel.right - 134, y, 120, 30), _("Next (Enter)"),
                                               primary=True)
        else:
            draw.text(surface, _("Your move: the ringed control."), (panel.right - 14, y + 8), size=12, colour=FADED,
                      anchor="topright")
        self.buttons["free"] = self.button(surface, pygame.Rect(panel.x + 14, y, 150, 30), _("Play on freely"))

    def button(self, surface, rect: pygame.Rect, label: str, primary: bool = False) -> pygame.Rect:
        pygame.draw.rect(surface, BRASS if primary else PAPER, rect, border_radius=4)
        pygame.draw.rect(surface, INK, rect, 1, border_radius=4)
        size = draw.fit_size(label, rect.w - 12, 13, bold=True)
        draw.text(surface, label, rect.center, size=size, bold=True, colour=INK, anchor="center")
        return rect

    # ----- input ---------------------------------------------------------------------------
    def handle_event(self, event) -> bool:
        """Clicks on the note card and Enter on a talk step; everything else goes to the table."""
        if not self.session.coaching:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for name, rect in self.buttons.items():
                if rect.collidepoint(event.pos):
                    self.press(name)
                    return True
            return self.card.collidepoint(event.pos)  # the card hides what lies under it
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.session.coach.current.kind in ("talk", "opponent"):
                self.press("next")
                return True
        return False

    def press(self, name: str) -> None:
        if name == "next" and self.time < NEXT_GUARD:  # a press meant for the note that just went
            return
        if name == "next":
            if self.session.coach_next():
                self.time = 0.0
                self.scene.app.sound.play("click")
        elif name == "free":
            self.session.coach_release()
            self.scene.show_message(_("The lesson is over: play on against the computer from here."))

    def update(self, dt: float) -> None:
        coach = self.session.coach
        step = coach.step if coach is not None else -1
        if step != self.step_seen:  # a new note (after Next, a move, or the opponent's scripted move)
            self.step_seen, self.time = step, 0.0
        self.time += dt


class CoachedForm:
    """The coach on a scene that shows no game table but meets a lesson on its way (Spies & Lies' table
    options come before its table): what CoachLayer needs of its scene when nothing on it makes a game
    move. Its step rings a `point` only; the scene draws `self.coach` last and hands it its input first.
    (SessionScene has the same five names, from its table's controls.)"""

    @property
    def game(self):
        return self.session.game

    def hint_controls(self, action) -> list:
        return []

    def control_clicks(self, action) -> list[tuple[int, int]]:
        return []

    def control_at(self, pos):
        return None

    def show_message(self, text: str, *, warn: bool = False) -> None:
        self.app.notify(text, warn=warn)
