"""Operation Barclay setup: the LCS picks its primary and secondary offensives and lays out
the 25 intelligence tokens, unseen by the Abwehr (the session's curtain guards the hand-over).

Produces ChooseRoles / RandomLayout / ArrangeSector / RandomArrangement taken from the
legal actions. The selection being edited is LCS-private and is drawn only while the
session lets the LCS's view be drawn."""

from __future__ import annotations

import pygame

from ...i18n import _, ngettext, translate
from ...rules.barclay import actions as A
from ...rules.barclay.words import ROLE_WORDS
from ...rules.barclay.state import LCS, ROLE_GREENS, SECTOR_NAMES, SECTORS
from . import cards as bc
from ...ui import draw, fonts
from .board import BoardMap
from ...ui.palette import BRASS, INK, PAPER, STAMP_RED
from .table import needs_setup
from ..controls import Control
from ..game_table import SessionScene

PANEL = pygame.Rect(16, 288, 1248, 424)
BUTTON_TYPE = 15  # bold typewriter on the panel's buttons


def button_width(label: str, least: int) -> int:
    """A button wide enough for its label in any language (Dutch and Polish run longer)."""
    return max(least, fonts.typewriter(BUTTON_TYPE, bold=True).size(label)[0] + 32)


class BarclaySetupScene(SessionScene):
    name = "barclay_setup"
    show_undo = False

    def __init__(self, app, session):
        super().__init__(app, session)
        self.board = BoardMap.load()
        self.primary: str | None = None
        self.greens: dict[str, set[int]] = {}
        self.mouse = (0, 0)

    # ----- controls --------------------------------------------------------------------------
    def buttons(self, view) -> list[tuple[pygame.Rect, str, object]]:
        """(rect, label, action-or-command) of the buttons on the panel now."""
        out = []
        x, y = PANEL.x + 24, PANEL.bottom - 64
        if view.get("step") == "setup_roles":
            label = _("Random layout (roles and tokens)")
            rect = pygame.Rect(x, y, button_width(label, 360), 44)
            out.append((rect, label, A.RandomLayout()))
            if self.primary:
                label = _("Choose again")
                out.append((pygame.Rect(rect.right + 20, y, button_width(label, 220), 44), label, "reset"))
        elif view.get("step") == "setup_arrange":
            label = _("Randomise the sectors not laid out")
            out.append((pygame.Rect(x, y, button_width(label, 420), 44), label, A.RandomArrangement()))
            arranged = set(view.get("arranged", []))
            for sector in SECTORS:
                if sector in arranged:
                    continue
                rect = self.board.find("sector", sector=sector)
                n = len(self.greens.get(sector, ()))
                out.append((pygame.Rect(rect.x + 4, PANEL.y + 8, rect.w - 8, 36), _("Confirm {n}/{need}").format(n=n, need=self.need(view, sector)),
                            ("confirm", sector)))
        return out

    def need(self, view, sector) -> int:
        return ROLE_GREENS[(view.get("roles") or {}).get(sector, "diversion")]

    def arrange_action(self, view, sector):
        picked = tuple(sorted(self.greens.get(sector, set())))
        return A.ArrangeSector(sector, picked) if len(picked) == self.need(view, sector) else None

    def control_clicks(self, action) -> list[tuple[int, int]]:
        """Where to click, in order, to take `action` (tests and tools)."""
        seat, view = self.current_view()
        if seat != LCS:
            return []
        for rect, _label, a in self.buttons(view):
            if a == action:
                return [rect.center]
        if isinstance(action, A.ChooseRoles):
            if self.primary == action.primary:  # the primary is picked already: the secondary is left
                return [self.board.find("sector", sector=action.secondary).center]
            clicks = [] if self.primary is None else [self._button_center(view, "reset")]
            return clicks + [self.board.find("sector", sector=s).center for s in (action.primary, action.secondary)]
        if isinstance(action, A.ArrangeSector):
            now = self.greens.get(action.sector, set())
            clicks = [self.board.find("token_space", sector=action.sector, index=i).center
                      for i in range(5) if (i in now) != (i in action.greens)]
            return clicks + [self._button_center(view, ("confirm", action.sector))]
        return []

    def hint_controls(self, action) -> list[Control]:
        """What the hint and the coach ring for `action`: the place of its next click, whole (a button,
        a token, or the sector to pick when choosing the offensives), since the set-up has no controls."""
        seat, view = self.current_view()
        clicks = self.control_clicks(action) if seat == LCS else []
        if not clicks:
            return super().hint_controls(action)
        pos = clicks[0]
        places = [(rect, label) for rect, label, _a in self.buttons(view)]
        if not isinstance(action, A.ChooseRoles):
            places += [(self.board.find("token_space", sector=s, index=i), "") for s in SECTORS for i in range(5)]
        places += [(self.board.find("sector", sector=s), "") for s in SECTORS]
        rect, label = next(((r, lab) for r, lab in places if pygame.Rect(r).collidepoint(pos)), (None, ""))
        return [Control(pygame.Rect(rect), action, label)] if rect is not None else []

    def _button_center(self, view, command):
        return next(rect.center for rect, _l, a in self.buttons(view) if a == command)

    # ----- input -------------------------------------------------------------------------------
    def on_table_event(self, event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return False
        seat, view = self.current_view()
        if seat != LCS or self.session.acting_seat() != LCS:
            return False
        for rect, _label, command in self.buttons(view):
            if rect.collidepoint(event.pos):
                return self.command(view, command)
        if view.get("step") == "setup_roles":
            return self.click_role(event.pos)
        return self.click_token(view, event.pos)

    def command(self, view, command) -> bool:
        if command == "reset":
            self.primary = None
        elif isinstance(command, tuple):
            action = self.arrange_action(view, command[1])
            if action is None:
                need, marked = self.need(view, command[1]), len(self.greens.get(command[1], ()))
                self.show_message(ngettext("{sector} needs exactly {n} green radar token (you marked {marked}).",
                                           "{sector} needs exactly {n} green radar tokens (you marked {marked}).", need)
                                  .format(sector=translate(SECTOR_NAMES[command[1]]), n=need, marked=marked), warn=True)
            else:
                self.act(action)
        else:
            self.act(command)
        return True

    def click_role(self, pos) -> bool:
        for props, rect in self.board.all("sector"):
            if rect.collidepoint(pos):
                sector = props["sector"]
                if self.primary is None:
                    self.primary = sector
                elif sector == self.primary:
                    self.primary = None
                else:
                    self.act(A.ChooseRoles(self.primary, sector))
                return True
        return False

    def click_token(self, view, pos) -> bool:
        arranged = set(view.get("arranged", []))
        for props, rect in self.board.all("token_space"):
            if rect.collidepoint(pos) and props["sector"] not in arranged:
                picked = self.greens.setdefault(props["sector"], set())
                picked.symmetric_difference_update({props["index"]})
                return True
        return False

    def act(self, action) -> None:
        self.try_action(action)

    def update(self, dt: float) -> None:
        # done (by the player here or a computer LCS): on to the table, which raises the curtain itself
        if self.app.stack.top is self and not needs_setup(self.game):
            self.app.start_session(self.session, with_setup=False)
            return
        super().update(dt)

    # ----- drawing ------------------------------------------------------------------------------
    def draw_table(self, surface, view, seat) -> None:
        draw.felt(surface)
        surface.blit(self.board.surface(), (0, 0))
        mine = seat == LCS
        step = view.get("step")
        roles = view.get("roles") or {}
        arranged = set(view.get("arranged", []))
        for props, rect in self.board.all("sector"):
            sector = props["sector"]
            pygame.draw.rect(surface, INK, rect, 2)
            name = translate(SECTOR_NAMES[sector])
            draw.text(surface, name, (rect.centerx + 1, rect.y + 17), size=14, bold=True, colour=INK,
                      anchor="center")
            draw.text(surface, name, (rect.centerx, rect.y + 16), size=14, bold=True, colour=PAPER,
                      anchor="center", box=rect)
            if not mine:
                continue
            role = roles.get(sector) or ("primary" if sector == self.primary else "")
            if role:
                box = pygame.Rect(0, 0, 104, 20)
                box.center = (rect.centerx, rect.bottom - 13)
                pygame.draw.rect(surface, PAPER, box, border_radius=3)
                draw.text(surface, translate(ROLE_WORDS[role]).upper(), box.center, size=14, bold=True,
                          colour=STAMP_RED if role != "diversion" else INK, anchor="center", box=box)
            if step == "setup_roles" and rect.collidepoint(self.mouse):
                draw.brass_outline(surface, rect, radius=2)
            if sector == self.primary and step == "setup_roles":
                pygame.draw.rect(surface, STAMP_RED, rect.inflate(4, 4), 3)
        for props, rect in self.board.all("token_space"):
            sector, i = props["sector"], props["index"]
            face = None
            if mine and step == "setup_arrange":
                if sector in arranged:
                    face = (view.get("layout") or {}).get(sector, ["red"] * 5)[i]
                else:
                    face = "green" if i in self.greens.get(sector, set()) else "red"
            surface.blit(bc.intel_token(face, rect.w), rect.topleft)
            if mine and step == "setup_arrange" and sector not in arranged and rect.collidepoint(self.mouse):
                draw.brass_outline(surface, rect, radius=rect.w // 2)
        self.draw_legend(surface)
        self.draw_panel(surface, view, mine)

    def draw_legend(self, surface) -> None:
        """The token key, where the evidence boxes will be once play starts."""
        x, y = 848, 76
        draw.text(surface, _("INTELLIGENCE TOKENS"), (x, y), size=14, bold=True, colour=INK)
        for i, (face, text) in enumerate(((None, _("face-down (what the Abwehr sees)")), ("green", _("green radar: real")),
                                          ("red", _("red radar: false")))):
            surface.blit(bc.intel_token(face, 36), (x, y + 24 + i * 44))
            draw.text(surface, text, (x + 48, y + 34 + i * 44), size=14)
        draw.text(surface, _("Primary 4 green, secondary 3, diversions 2 each."), (x, y + 160), size=12, colour=INK)
    def draw_panel(self, surface, view, mine) -> None:
        draw.paper_panel(surface, PANEL, seed=13)
        if not mine:
            draw.typed_heading(surface, _("The LCS is laying out its tokens"), (PANEL.x + 24, PANEL.y + 60), size=30)
            draw.text(surface, _("Abwehr player: look away until the table is handed to you."),
                      (PANEL.x + 24, PANEL.y + 110))
            return
        draw.stamp(surface, _("MOST SECRET"), (PANEL.right - 150, PANEL.y + 96), size=28, angle=-6)
        step = view.get("step")
        if step == "setup_roles":
            lines = [
                _("1. Click the sector of your PRIMARY offensive (4 green radar tokens, 1 red)."),
                _("2. Click the sector of your SECONDARY offensive (3 green, 2 red)."),
                _("The other three sectors are diversions (2 green, 3 red each)."),
            ]
            heading = _("Choose your offensives")
            if self.primary:
                lines[0] = _("Primary: {sector}. Now click the secondary sector.").format(
                    sector=translate(SECTOR_NAMES[self.primary]))
        else:
            heading = _("Lay out your intelligence tokens")
            lines = [_("Click tokens to turn them green radar (real) or red radar (false), then Confirm each sector."),
                     _("Green radar tokens are what the Abwehr hunts for: hide them well.")]
            for sector in SECTORS:
                if sector in set(view.get("arranged", [])):
                    continue
                lines.append(_("{sector}: {n} of {need} green").format(
                    sector=translate(SECTOR_NAMES[sector]), n=len(self.greens.get(sector, ())), need=self.need(view, sector)))
        draw.typed_heading(surface, heading, (PANEL.x + 24, PANEL.y + 56), size=30)
        self.draw_briefing(surface)
        y = PANEL.y + 104
        width = PANEL.w - 24 - 470  # left of the briefing: longer languages wrap
        for line in lines:
            used = draw.text_block(surface, line, (PANEL.x + 24, y, width, 3 * 26), size=16)
            y += max(26, used + 2)
        for rect, label, command in self.buttons(view):
            hover = rect.collidepoint(self.mouse)
            ready = isinstance(command, tuple) and self.arrange_action(view, command[1]) is not None
            fill = BRASS if ready else PAPER if not hover else (247, 240, 221)
            pygame.draw.rect(surface, fill, rect, border_radius=5)
            pygame.draw.rect(surface, BRASS, rect, 3 if hover else 2, border_radius=5)
            draw.text(surface, label, rect.center, size=BUTTON_TYPE, bold=True, anchor="center", box=rect)
        draw.faded(surface, _("The Abwehr player must not watch this screen."), (PANEL.x + 24, PANEL.bottom - 100))

    def draw_briefing(self, surface) -> None:
        """A typed note on what the layout is for, beside the instructions."""
        box = pygame.Rect(PANEL.right - 430, PANEL.y + 150, 400, 220)
        pygame.draw.line(surface, STAMP_RED, (box.x - 16, box.y), (box.x - 16, box.bottom), 2)
        draw.text(surface, _("BRIEFING"), (box.x, box.y), size=14, bold=True, colour=STAMP_RED)
        note = _("Each month the Abwehr wins evidence tokens and turns over your intelligence tokens in their "
                 "sectors. It wins as soon as the tokens it has seen prove which sector is your primary and which "
                 "your secondary offensive. Hold out for six months and the invasion goes ahead.")
        draw.text_block(surface, note, (box.x, box.y + 26, box.w, box.h - 26), size=14, line_gap=3)

    def number_choices(self) -> list:
        return []


