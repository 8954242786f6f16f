"""The free-scenario builder (issue 36; rulebook Free Scenarios L456-L474; rulings F29-F35; the plan's 4.1).

Five screens, each with Back and Next: how many sectors and who lays them (B); the board, laid police first, then
by the German player and the Polish player in turn, each sector touching one on the board by an edge (C-E, K1);
the two networks drawn one agent per colour (G, F31); the rules level (I-K, F32); the victory option, the number
of stages and a name (L, F33). Steps A (sides) and H (placement) belong to the new-game form and the table (F29).
The rules (rules/stawka/free_scenario.py) judge every step and give the sentence a refusal shows.
"""

from __future__ import annotations

import random

import pygame
import pygame_gui

from ...i18n import N_, _, ngettext, translate
from ...rules.stawka import free_scenario as F
from ...rules.stawka.board import face_ids
from ...rules.stawka.scenario_rules import free_scenario_card_limit
from ...ui import draw, gui
from ...ui.palette import FADED, INK, STAMP_RED
from ..base import GuiScene
from ..menu import draw_desk
from . import builder_art as BA
from . import pieces as P

PANEL = pygame.Rect(40, 16, 1200, 688)
CONTENT = pygame.Rect(80, 150, 1120, 440)
STEP_TITLES = (N_("Sectors"), N_("Board"), N_("Agents"), N_("Rules"), N_("Victory"))
LAYERS = (("both", N_("Both players lay their sectors at this computer")),
          ("polish", N_("I lay the Polish sectors, the computer the German ones")),
          ("german", N_("I lay the German sectors, the computer the Polish ones")))
LEVEL_WORDS = {"basic": (N_("Basic"), N_("Move, talk and search; the investigation tracks and the secrets.")),
               "extended": (N_("Extended"), N_("Adds threat tokens, missions, arrests, interrogations, kidnappings "
                                               "and assassinations.")),
               "advanced": (N_("Advanced"), N_("Adds the location cards and the reaction cards."))}
OPTION_WORDS = {"basic": N_("Two secrets win. Kloss exposed or an SS officer compromised ends the game; with the "
                            "EXTENDED rules, three Polish agents in jail win for the German player."),
                "first_clash": N_("11 victory points win: 2 for a basic mission, 4 for a special one, 3 for a "
                                  "secret. Kloss exposed or an SS officer compromised ends the game."),
                "chestnuts": N_("11 victory points or three secrets win.")}
COMPUTER_PAUSE = 0.6  # seconds before the computer lays its sector, so the person sees it happen
TRAY_COLS, TILE = 2, 84


def tray_rows() -> list[tuple[str, ...]]:
    """The tiles: single-faced ones two to a row, each double-sided tile's faces on a row of their own."""
    from ...rules.stawka.board import load_face

    singles = [f for f in face_ids() if not load_face(f).other_side]
    pairs = sorted({tuple(sorted((f, load_face(f).other_side))) for f in face_ids() if load_face(f).other_side})
    return [tuple(singles[k:k + 2]) for k in range(0, len(singles), 2)] + pairs


class BuilderScene(GuiScene):
    name = "stawka_builder"

    def __init__(self, app, on_done=None, seed: int | None = None):
        super().__init__(app)
        self.on_done = on_done  # called with the saved scenario's pick value ("free:<file>")
        self.replacing: str | None = None  # a name already saved that the next Save replaces (asked once)
        self.seed = random.SystemRandom().randrange(2 ** 31) if seed is None else seed
        self.rng = random.Random(self.seed)  # the computer's sectors and the agents drawn (F31), stored with it
        self.step = 0
        self.sectors, self.layers = 5, "both"
        self.order: list = []
        self.face: str | None = None
        self.networks: dict | None = None
        self.level, self.option, self.stages = "extended", "basic", F.DEFAULT_STAGES["basic"]
        self.computer_wait = 0.0
        self.error = ""
        self.hover = None
        self.buttons: dict = {}
        self.name_entry = None
        self.typed_name = ""  # the victory screen's name, kept while its widgets are made again

    # ----- widgets -----------------------------------------------------------------------------------------------
    def build(self) -> None:
        self.buttons = {}
        self.name_entry = None
        self.buttons["back"] = gui.button(self.ui, (PANEL.x + 40, PANEL.bottom - 66, 170, 46), _("Back"))
        if self.step < 4:
            self.buttons["next"] = gui.button(self.ui, (PANEL.right - 210, PANEL.bottom - 66, 170, 46), _("Next"),
                                              object_id="@primary")
            if not self.may_go_on():
                self.buttons["next"].disable()
        getattr(self, f"build_{('sectors', 'board', 'agents', 'rules', 'victory')[self.step]}")()

    def rebuild(self) -> None:
        if self.name_entry is not None:
            self.typed_name = self.name_entry.get_text()
        self.ui.clear_and_reset()
        self.build()

    def toggle(self, key, rect, text, chosen: bool, enabled: bool = True, tooltip: str | None = None):
        button = gui.button(self.ui, rect, text, tooltip=tooltip)
        if chosen:
            button.select()
        if not enabled:
            button.disable()
        self.buttons[key] = button

    def build_sectors(self) -> None:
        for k, n in enumerate(range(F.MIN_SECTORS, F.MAX_SECTORS + 1)):
            self.toggle(("sectors", n), (CONTENT.x + k * 150, CONTENT.y + 40, 136, 56),
                        ngettext("{n} sector", "{n} sectors", n).format(n=n), n == self.sectors)
        for k, (key, words) in enumerate(LAYERS):
            self.toggle(("layers", key), (CONTENT.x, CONTENT.y + 200 + k * 56, 760, 46), _(words),
                        key == self.layers)

    def build_board(self) -> None:
        self.buttons["undo"] = gui.button(self.ui, (PANEL.x + 230, PANEL.bottom - 66, 250, 46),
                                          _("Take back a sector"))
        if len(self.order) <= 1:
            self.buttons["undo"].disable()

    def build_agents(self) -> None:
        words = _("Draw again") if self.networks else _("Draw the agents")
        self.buttons["draw"] = gui.button(self.ui, (CONTENT.x, CONTENT.y + 20, 260, 46), words,
                                          object_id=None if self.networks else "@primary")

    def build_rules(self) -> None:
        for k, level in enumerate(F.LEVELS):
            self.toggle(("level", level), (CONTENT.x, CONTENT.y + 40 + k * 90, 240, 50),
                        _(LEVEL_WORDS[level][0]), level == self.level)

    def build_victory(self) -> None:
        allowed = F.allowed_options(self.level)
        for k, option in enumerate(F.VICTORY_OPTIONS):
            why = None if option in allowed else _("Victory points need missions: choose the EXTENDED or "
                                                   "ADVANCED rules.")
            self.toggle(("option", option), (CONTENT.x, CONTENT.y + 30 + k * 76, 240, 50),
                        translate(F.OPTION_NAMES[option]), option == self.option, option in allowed, why)
        y = CONTENT.y + 280
        self.buttons["fewer"] = gui.button(self.ui, (CONTENT.x + 200, y, 46, 42), "-")
        self.buttons["more"] = gui.button(self.ui, (CONTENT.x + 320, y, 46, 42), "+")
        self.name_entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(CONTENT.x + 200, y + 70, 400, 42), self.ui,
                                                              placeholder_text=_("a name for the scenario"))
        self.name_entry.set_text_length_limit(F.NAME_MAX)
        self.name_entry.set_text(self.typed_name)
        self.buttons["save"] = gui.button(self.ui, (PANEL.right - 250, PANEL.bottom - 66, 210, 46),
                                          _("Save"), object_id="@primary")

    # ----- the rules of each step -------------------------------------------------------------------------------
    def may_go_on(self) -> bool:
        if self.step == 1:
            return len(self.order) == self.sectors
        if self.step == 2:
            return self.networks is not None
        return True

    def computer_lays_next(self) -> bool:
        who = F.next_layer(self.order)
        return self.layers != "both" and who is not None and who != self.layers and len(self.order) < self.sectors

    def usable_faces(self) -> set:
        return {f for f, _r, _c in F.legal_lays(self.order)} if len(self.order) < self.sectors else set()

    def glowing(self) -> set:
        if self.face is None or self.computer_lays_next() or len(self.order) >= self.sectors:
            return set()
        return {(r, c) for f, r, c in F.legal_lays(self.order) if f == self.face}

    def candidates(self) -> set:
        if len(self.order) >= self.sectors:
            return set()
        cells = F.cells_of(self.order)
        return {(r + dr, c + dc) for r, c in cells for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))} - set(cells)

    def board_rects(self) -> dict:
        area = pygame.Rect(CONTENT.x, CONTENT.y + 30, CONTENT.w - 300, CONTENT.h - 30)
        return BA.board_geometry(F.cells_of(self.order), self.candidates(), area)[1]

    def tray_rects(self) -> dict:
        """The tray: one row per tile, the two faces of a double-sided tile side by side (K1: one is laid)."""
        x0 = CONTENT.right - TRAY_COLS * (TILE + 10) + 10
        out = {}
        for k, row in enumerate(tray_rows()):
            for j, face in enumerate(row):
                out[face] = pygame.Rect(x0 + j * (TILE + 10), CONTENT.y - 8 + k * (TILE + 6), TILE, TILE)
        return out

    def lay(self, face: str, row: int, col: int) -> None:
        try:
            self.order = F.lay(self.order, face, row, col, self.sectors)
        except F.FreeScenarioError as refused:
            self.error = translate(refused.message)
            return
        self.face, self.error = None, ""
        self.app.sound.play("stamp")
        self.rebuild()

    # ----- input -------------------------------------------------------------------------------------------------
    def on_gui(self, event) -> bool:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        key = next((k for k, b in self.buttons.items() if event.ui_element is b), None)
        if key is None:
            return False
        self.error = ""
        if key == "back":
            self.go(-1)
        elif key == "next":
            self.go(+1)
        elif isinstance(key, tuple):
            self.choose(*key)
        elif key == "undo":
            self.order, self.face = self.order[:-1], None
            if self.layers != "both":  # take back the computer's answer too, so the person's turn comes back
                while len(self.order) > 1 and F.next_layer(self.order) != self.layers:
                    self.order = self.order[:-1]
            self.rebuild()
        elif key == "draw":
            self.networks = F.draw_networks(self.rng)
            self.rebuild()
        elif key in ("fewer", "more"):
            self.stages = max(F.MIN_STAGES, min(F.MAX_STAGES, self.stages + (1 if key == "more" else -1)))
        elif key == "save":
            self.save()
        return True

    def choose(self, what: str, value) -> None:
        if what == "sectors":
            self.sectors = value
            self.order = self.order[:value]
        elif what == "layers":
            self.layers = value
        elif what == "level":
            self.level = value
            if self.option not in F.allowed_options(value):
                self.option = F.allowed_options(value)[0]
        elif what == "option":
            self.option, self.stages = value, F.DEFAULT_STAGES[value]
        self.rebuild()

    def go(self, step: int) -> None:
        if step < 0 and self.step == 0:
            self.app.pop()
            return
        if step > 0 and not self.may_go_on():
            return
        self.step += step
        if self.step == 1 and not self.order:  # C: police is laid first, by nobody in particular
            self.order = F.lay([], F.POLICE, 0, 0, self.sectors)
        self.face, self.error = None, ""
        self.rebuild()

    def on_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.go(-1)
            return True
        if self.step != 1:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hover = next((spot for spot, r in self.board_rects().items() if r.collidepoint(event.pos)), None)
            return False
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1 or self.computer_lays_next():
            return False
        for face, rect in self.tray_rects().items():
            if rect.collidepoint(event.pos):
                self.face, self.error = face, ""
                if face not in self.usable_faces():
                    self.error = self.face_problem(face)
                self.app.sound.play("click")
                return True
        for spot, rect in self.board_rects().items():
            if rect.collidepoint(event.pos) and spot not in F.cells_of(self.order):
                if self.face is None:
                    self.error = _("First choose a sector from the tray on the right.")
                else:
                    self.lay(self.face, *spot)
                return True
        return False

    def face_problem(self, face: str) -> str:
        """Why a tile of the tray may not be laid now, in the rules' words."""
        for r, c in sorted(self.candidates()) or [(0, 0)]:
            problem = F.lay_problem(self.order, face, r, c, self.sectors)
            if problem is not None:
                return translate(problem)
        return ""

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.step == 1 and self.computer_lays_next():
            self.computer_wait += dt
            if self.computer_wait >= COMPUTER_PAUSE:
                self.computer_wait = 0.0
                self.lay(*F.computer_lay(self.order, self.rng))

    def needs_frames(self) -> bool:
        return super().needs_frames() or (self.step == 1 and self.computer_lays_next())

    # ----- saving ------------------------------------------------------------------------------------------------
    def spec(self) -> dict:
        return F.make_spec(self.name_entry.get_text() if self.name_entry else "", self.order, self.networks or {},
                           self.level, self.option, self.stages)

    def save(self) -> None:
        """Check and save under the typed name (a name already used asks once, then replaces), then back to the
        form with the new scenario picked."""
        from ... import free_scenarios as store

        try:
            spec = self.spec()
            path = store.path_for(spec["title"])
            if path.exists() and self.replacing != spec["title"]:
                self.replacing = spec["title"]
                self.error = _("A scenario named {name} is saved already: press Save again to replace it.").format(
                    name=spec["title"])
                return
            path = store.store(spec, self.order, self.seed, replace=self.replacing == spec["title"])
        except (F.FreeScenarioError, store.ScenarioFileError) as refused:
            self.error = translate(refused.message)
            return
        self.app.sound.play("stamp")
        self.app.pop()
        if self.on_done is not None:
            self.on_done("free:" + path.stem)

    # ----- art ---------------------------------------------------------------------------------------------------
    def draw_background(self, surface) -> None:
        draw_desk(surface, blotter=False)
        panel = draw.paper_panel(surface, PANEL, seed=53)
        draw.typed_heading(surface, _("Build a free scenario"), (panel.x + 40, panel.y + 20), size=34)
        self.draw_steps(surface, panel)
        getattr(self, f"draw_{('sectors', 'board', 'agents', 'rules', 'victory')[self.step]}")(surface)
        if self.error:
            draw.text_block(surface, self.error, (PANEL.x + 40, PANEL.bottom - 104, PANEL.w - 80, 36), size=14,
                            colour=STAMP_RED)

    def draw_steps(self, surface, panel) -> None:
        x = panel.x + 40
        for k, title in enumerate(STEP_TITLES):
            words = _("{n}. {step}").format(n=k + 1, step=_(title))
            colour = STAMP_RED if k == self.step else (INK if k < self.step else FADED)
            w = P.blit_text(surface, words, (x, panel.y + 80), size=15, bold=k == self.step, colour=colour).w
            x += w + 28

    def draw_sectors(self, surface) -> None:
        draw.text(surface, _("How many sectors will the board have?"), (CONTENT.x, CONTENT.y), size=16, bold=True)
        draw.text(surface, _("With the ADVANCED rules each player may hold {n} location cards.").format(
            n=free_scenario_card_limit(self.sectors)), (CONTENT.x, CONTENT.y + 108), size=14, colour=FADED)
        draw.text(surface, _("Who lays the sectors?"), (CONTENT.x, CONTENT.y + 160), size=16, bold=True)
        draw.text_block(surface, _("Police is laid first. The German player lays the next sector, then the players "
                                   "take turns; each new sector must touch one on the board along an edge."),
                        (CONTENT.x, CONTENT.y + 380, 900, 50), size=14, colour=FADED)

    def draw_board(self, surface) -> None:
        draw.text(surface, self.board_line(), (CONTENT.x, CONTENT.y - 4), size=16, bold=True)
        cells = F.cells_of(self.order)
        laid_by = {(r, c): who for _f, r, c, who in self.order}
        BA.draw_board(surface, cells, laid_by, self.board_rects(), self.glowing(), self.hover)
        usable = self.usable_faces()
        for face, rect in self.tray_rects().items():
            BA.draw_tile(surface, rect, face, usable=face in usable, chosen=face == self.face)

    def board_line(self) -> str:
        if len(self.order) >= self.sectors:
            return ngettext("The board is complete: {n} sector. Next: the agents.",
                            "The board is complete: {n} sectors. Next: the agents.", self.sectors).format(n=self.sectors)
        who = F.next_layer(self.order)
        n = len(self.order) + 1
        if self.computer_lays_next():
            return _("The computer lays the {side} sector {n} of {total}...").format(
                side=P.side_name(who), n=n, total=self.sectors)
        return _("{side} player: choose a sector in the tray, then a glowing place ({n} of {total}).").format(
            side=P.side_name(who), n=n, total=self.sectors)

    def draw_agents(self, surface) -> None:
        draw.text_block(surface, _("Each network draws one agent of each colour. Hans Kloss always leads the "
                                   "Polish network."), (CONTENT.x + 290, CONTENT.y + 24, 800, 44), size=14,
                        colour=FADED)
        if not self.networks:
            return
        for k, side in enumerate(("polish", "german")):
            BA.draw_network(surface, pygame.Rect(CONTENT.x + k * 420, CONTENT.y + 100, 380, 260), side,
                            self.networks[side])

    def draw_rules(self, surface) -> None:
        draw.text(surface, _("Which rules?"), (CONTENT.x, CONTENT.y), size=16, bold=True)
        for k, level in enumerate(F.LEVELS):
            draw.text_block(surface, _(LEVEL_WORDS[level][1]), (CONTENT.x + 270, CONTENT.y + 44 + k * 90, 800, 50),
                            size=14, colour=INK if level == self.level else FADED)

    def draw_victory(self, surface) -> None:
        draw.text(surface, _("How is the game won?"), (CONTENT.x, CONTENT.y), size=16, bold=True)
        allowed = F.allowed_options(self.level)
        for k, option in enumerate(F.VICTORY_OPTIONS):
            draw.text_block(surface, _(OPTION_WORDS[option]), (CONTENT.x + 270, CONTENT.y + 32 + k * 76, 820, 50),
                            size=14, colour=INK if option == self.option else FADED)
            if option not in allowed:
                draw.text(surface, _("(needs the EXTENDED rules)"), (CONTENT.x + 4, CONTENT.y + 82 + k * 76),
                          size=12, colour=FADED)
        y = CONTENT.y + 280
        draw.text(surface, _("Stages"), (CONTENT.x, y + 10), size=16)
        P.blit_text(surface, str(self.stages), (CONTENT.x + 283, y + 21), size=20, bold=True, anchor="center")
        draw.text(surface, _("after the last stage nobody has won: a draw"), (CONTENT.x + 390, y + 12), size=14,
                  colour=FADED)
        draw.text(surface, _("Name"), (CONTENT.x, y + 80), size=16)
