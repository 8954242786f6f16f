"""The main menu: a desk with one file folder per game and the typed list of actions."""

from __future__ import annotations

import pygame
import pygame_gui

from .. import games, i18n
from ..i18n import N_, _
from ..ui import draw, fonts, gui
from ..ui.palette import FADED, GAME_ACCENTS, INK, STAMP_RED, WOOD, WOOD_DARK
from .base import GuiScene

MENU_LABELS = [("new", N_("New game")), ("load", N_("Load game")), ("settings", N_("Settings")),
               ("rules", N_("Rules")), ("quit", N_("Quit"))]
LOGO = ("Barclay", "Desktop")  # the app's name, the same in every language
FOLDER_W, FOLDER_H, FOLDER_GAP = 250, 400, 28
FOLDER_Y = 176
FOLDER_PAD = 16  # room around a folder's art for its shadow and lifted hover
BLOTTER = pygame.Rect(392, 40, 860, 640)
MENU_PANEL = pygame.Rect(48, 250, 312, 380)
CONTINUE_TEXT = pygame.Rect(MENU_PANEL.x + 26, MENU_PANEL.y + 60, MENU_PANEL.w - 50, 54)  # which game, 3 lines


def folder_rects() -> dict[str, pygame.Rect]:
    ids = games.game_ids()
    x0 = BLOTTER.x + (BLOTTER.w - len(ids) * FOLDER_W - (len(ids) - 1) * FOLDER_GAP) // 2
    return {gid: pygame.Rect(x0 + i * (FOLDER_W + FOLDER_GAP), FOLDER_Y + (i % 2) * 14, FOLDER_W, FOLDER_H)
            for i, gid in enumerate(ids)}


class MenuScene(GuiScene):
    name = "menu"
    cache_background = True

    def __init__(self, app):
        super().__init__(app)
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.available: set[str] | None = None
        self.hover: str | None = None
        self.has_autosave = False
        self.continue_text = ""  # which game Continue resumes, in words (save_text.continue_text)
        self.continue_short = ""  # the same without the players' names, when long names do not fit
        self._folders: dict[tuple, pygame.Surface] = {}
        self._language = i18n.generation()  # the labels' language; resume() relabels after a change

    def build(self) -> None:
        self.app.background(_autosave_summary, self.app.store, on_done=self._autosave_known)
        self.app.background(_available_games, on_done=self._games_known)
        self._make_buttons()

    def _make_buttons(self) -> None:
        """Continue goes on top only when there is an unfinished game, with the words naming
        that game right under it (drawn by draw_background in CONTINUE_TEXT)."""
        for button in self.buttons.values():
            button.kill()
        self.buttons = {}
        x, w = MENU_PANEL.x + 24, MENU_PANEL.w - 48
        if self.has_autosave:
            self.buttons["continue"] = gui.button(self.ui, (x, MENU_PANEL.y + 10, w, 44), _("Continue"),
                                                  object_id="@primary",
                                                  tooltip=_("Resume this game at the hand-over curtain"))
            top, step, height = CONTINUE_TEXT.bottom + 8, 48, 42
        else:
            top, step, height = MENU_PANEL.y + 26 + 27, 56, 46
        for i, (key, text) in enumerate(MENU_LABELS):
            primary = key == "new" and not self.has_autosave
            self.buttons[key] = gui.button(self.ui, (x, top + i * step, w, height), _(text),
                                           object_id="@primary" if primary else None)
        self._make_lesson_buttons()

    def _make_lesson_buttons(self) -> None:
        """"Learn to play" under each file that has a guided first game (issue 40)."""
        from .tutorial_offer import has_lesson

        for gid, rect in folder_rects().items():
            if has_lesson(gid) and self._is_available(gid):
                self.buttons[f"learn:{gid}"] = gui.button(self.ui, (rect.x + 30, FOLDER_Y + FOLDER_H + 30, rect.w - 60, 36),
                                                          _("Learn to play"),
                                                          tooltip=_("A guided first game with a coach"))

    def _autosave_known(self, future) -> None:
        found = future.result() if future.exception() is None else None
        self.has_autosave = found is not None
        self.continue_text, self.continue_short = found or ("", "")
        if self.ui is not None:
            self._make_buttons()

    def resume(self) -> None:
        super().resume()
        if self._language != i18n.generation():  # Settings changed the language: relabel now
            self.relabel()

    def relabel(self) -> None:
        """Buttons hold their text, and folders are cached art: make both again in the
        language now in effect (the background redraws itself: its key holds the language)."""
        self._language = i18n.generation()
        self._folders.clear()
        if self.ui is not None:
            self._make_buttons()
            # the Continue line was put in words in the language of its time
            self.app.background(_autosave_summary, self.app.store, on_done=self._autosave_known)

    def _games_known(self, future) -> None:
        self.available = set(future.result()) if future.exception() is None else set()
        if self.ui is not None:
            self._make_buttons()

    # ----- input -----
    def on_gui(self, event) -> bool:
        key = self.pressed_key(event, self.buttons)
        if key is not None:
            self.choose(key)
        return key is not None

    def choose(self, key: str, game_id: str | None = None) -> None:
        self.app.sound.play("click")
        if key.startswith("learn:"):
            from .tutorial_offer import note_opened, start_tutorial

            note_opened(self.app, key[6:])
            start_tutorial(self.app, key[6:])
            return
        if key == "new" and game_id is not None and self.offers_lesson(game_id):
            from .tutorial_offer import TutorialOfferScene

            self.app.push(TutorialOfferScene(self.app, game_id))
            return
        if key == "continue":
            from .load import continue_latest

            continue_latest(self.app)
        elif key == "new":
            from .new_game import NewGameScene

            self.app.push(NewGameScene(self.app, game_id))
        elif key == "load":
            from .load import LoadScene

            self.app.push(LoadScene(self.app))
        elif key == "settings":
            from .settings_scene import SettingsScene

            self.app.push(SettingsScene(self.app))
        elif key == "rules":
            from .rules_ref import RulesScene

            self.app.push(RulesScene(self.app, game_id))
        elif key == "quit":
            self.app.quit()

    def offers_lesson(self, game_id: str) -> bool:
        """The first time a game's file is opened, the lesson is offered before the new-game form."""
        from .tutorial_offer import has_lesson, note_opened

        return note_opened(self.app, game_id) and has_lesson(game_id)

    def on_event(self, event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self._folder_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            gid = self._folder_at(event.pos)
            if gid is not None and self._is_available(gid):
                self.choose("new", gid)
                return True
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.choose("continue" if self.has_autosave else "new")
                return True
        return False

    def _folder_at(self, pos) -> str | None:
        for gid, rect in folder_rects().items():
            if rect.inflate(0, 40).move(0, -20).collidepoint(pos):
                return gid
        return None

    def _is_available(self, gid: str) -> bool:
        return self.available is not None and gid in self.available

    # ----- art -----
    def background_key(self):
        available = None if self.available is None else frozenset(self.available)
        return available, self.continue_text, i18n.generation()

    def draw_background(self, surface: pygame.Surface) -> None:
        draw_desk(surface)
        card = draw.paper_panel(surface, (48, 56, 312, 160), seed=21)
        draw.typed_heading(surface, LOGO[0], (card.x + 22, card.y + 10), size=46)
        draw.typed_heading(surface, LOGO[1], (card.x + 22, card.y + 58), size=46, colour=STAMP_RED)
        tagline = _("Three files from the secret war")
        draw.text(surface, tagline, (card.x + 24, card.y + 122), size=fitting_size(tagline, card.w - 48, 15),
                  colour=FADED, box=(card.x + 24, card.y + 118, card.w - 48, 30))
        draw.paper_panel(surface, MENU_PANEL, seed=22)
        if self.continue_text:
            fits = len(draw.wrap(self.continue_text, fonts.typewriter(13), CONTINUE_TEXT.w)) <= 3
            draw.text_block(surface, self.continue_text if fits else self.continue_short, CONTINUE_TEXT, size=13,
                            colour=INK, line_gap=2, max_lines=3)
        draw.typed_heading(surface, _("Case files"), (BLOTTER.x + 30, BLOTTER.y + 24), size=34,
                           colour=(239, 230, 208))
        draw.text(surface, _("Click a file to open a new game of it."), (BLOTTER.x + 32, BLOTTER.y + 72), size=15,
                  colour=(200, 192, 172))

    def draw_overlay(self, surface: pygame.Surface) -> None:
        for gid, rect in folder_rects().items():
            surface.blit(self._folder_art(gid), rect.move(-FOLDER_PAD, -FOLDER_PAD - 40).topleft)

    def _folder_art(self, gid: str) -> pygame.Surface:
        """Each folder is drawn once per look (hovered, available) and then blitted."""
        key = (gid, self.hover == gid, self._is_available(gid), self.available is None, i18n.generation())
        art = self._folders.get(key)
        if art is None:
            art = pygame.Surface((FOLDER_W + 2 * FOLDER_PAD, FOLDER_H + 2 * FOLDER_PAD + 40), pygame.SRCALPHA)
            self._draw_folder(art, gid, pygame.Rect(FOLDER_PAD, FOLDER_PAD + 40, FOLDER_W, FOLDER_H))
            self._folders[key] = art
        return art

    def _draw_folder(self, surface: pygame.Surface, gid: str, rect: pygame.Rect) -> None:
        game = games.descriptor(gid)
        tab, title, blurb, seats = (_(t) for t in (game.tab, game.title, game.blurb, game.players))
        hovered = self.hover == gid and self._is_available(gid)
        rect = rect.move(0, -6) if hovered else rect
        body = draw.manila_folder(surface, rect, tab, tab_x=16, tab_w=min(236, 40 + len(tab) * 11),
                                  accent=GAME_ACCENTS.get(gid), seed=draw.stable_seed(gid, 97))
        label = draw.paper_panel(surface, (body.x + 18, body.y + 34, body.w - 36, 190), seed=len(gid))
        draw.text_block(surface, title, (label.x + 12, label.y + 10, label.w - 24, 64), size=24, face="eb_garamond",
                        bold=True)
        draw.text_block(surface, blurb, (label.x + 12, label.y + 82, label.w - 24, 100), size=15, colour=INK)
        draw.text_block(surface, seats, (body.x + 20, body.y + 240, body.w - 40, 60), size=14, colour=INK)
        if self.available is not None and gid not in self.available:
            words = _("IN PREPARATION")
            draw.stamp(surface, words, (body.centerx, body.bottom - 56), size=stamp_size(words, body.w - 24, 22),
                       angle=-6)
        else:
            words = _("OPEN FILE")
            draw.stamp(surface, words, (body.centerx, body.bottom - 56), size=stamp_size(words, body.w - 24, 26),
                       angle=-4, colour=STAMP_RED if hovered else FADED)
        if hovered:
            draw.brass_outline(surface, body)


def fitting_size(text: str, width: int, size: int, smallest: int = 11) -> int:
    """The typewriter size, at most `size`, at which one line of `text` fits `width` (the
    translations run longer than the English this layout was drawn for)."""
    while size > smallest and fonts.typewriter(size).size(text)[0] > width:
        size -= 1
    return size


def stamp_size(text: str, width: int, size: int, smallest: int = 14) -> int:
    """The stamp's size, at most `size`, whose box (text plus its padding) fits `width`."""
    while size > smallest and fonts.serif(size, bold=True).size(text)[0] + 2 * draw.stamp_pad(size) > width:
        size -= 1
    return size


def draw_desk(surface: pygame.Surface, blotter: bool = True) -> None:
    """Dark wood desk (with a felt blotter): the backdrop of every out-of-game screen."""
    surface.fill(WOOD)
    for y in range(0, surface.get_height(), 9):
        shade = WOOD_DARK if (y // 9) % 3 == 0 else WOOD
        pygame.draw.line(surface, shade, (0, y), (surface.get_width(), y + 3), 2)
    if blotter:
        draw.shadow(surface, BLOTTER, offset=6, alpha=110, radius=2)
        surface.blit(draw.felt_texture(BLOTTER.size), BLOTTER.topleft)
        pygame.draw.rect(surface, (60, 40, 26), BLOTTER, 6)


def _autosave_summary(store) -> tuple[str, str] | None:
    """None without an unfinished game; else the words naming the game Continue resumes
    (game, players, how far, whose turn), and a shorter line without the players' names for
    when long names would not fit under the button (issue 32). Read off the frame loop."""
    from ..save_text import continue_text, position_text, turn_text

    choice = store.continue_choice()
    if choice is None:
        return None
    where = ", ".join(t for t in (position_text(choice.summary), turn_text(choice)) if t)
    title = i18n.translate(choice.title)
    short = f"{title}. {where[0].upper() + where[1:]}." if where else title
    return continue_text(choice), short


def _available_games() -> list[str]:
    from ..rules import available_games

    return available_games()
