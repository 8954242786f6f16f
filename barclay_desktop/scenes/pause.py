"""The pause menu (Esc) over a game, and the "save as" form it opens."""

from __future__ import annotations

import pygame
import pygame_gui

from ..i18n import N_, _, translate
from ..saves import SaveError
from ..ui import draw, fonts, gui
from ..ui.palette import FADED
from .base import GuiScene

PANEL = pygame.Rect(440, 110, 400, 470)


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((10, 14, 12, alpha))
    surface.blit(shade, (0, 0))


PAUSE_ITEMS = [("resume", N_("Resume")), ("save", N_("Save as...")), ("load", N_("Load game")),
               ("settings", N_("Settings")), ("rules", N_("Rules")), ("quit", N_("Quit to menu"))]


class PauseScene(GuiScene):
    name = "pause"
    opaque = False
    pauses_game = True  # "Time played" stops while the game is paused (issue 32)
    cache_background = True

    def __init__(self, app, session, *, behind_curtain: bool = False):
        super().__init__(app)
        self.session = session
        self.behind_curtain = behind_curtain
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}

    def build(self) -> None:
        for i, (key, text) in enumerate(PAUSE_ITEMS):
            self.buttons[key] = gui.button(self.ui, (PANEL.x + 60, PANEL.y + 96 + i * 58, PANEL.w - 120, 46), _(text),
                                           object_id="@primary" if key == "resume" else None)

    def on_gui(self, event) -> bool:
        key = self.pressed_key(event, self.buttons)
        if key is not None:
            self.choose(key)
        return key is not None

    def choose(self, key: str) -> None:
        app = self.app
        if key == "resume":
            app.pop()
        elif key == "save":
            app.push(SaveAsScene(app, self.session))
        elif key == "load":
            from .load import LoadScene

            app.push(LoadScene(app))
        elif key == "settings":
            from .settings_scene import SettingsScene

            app.push(SettingsScene(app))
        elif key == "rules":
            from .rules_ref import RulesScene

            app.push(RulesScene(app, self.session.game_id, self.session))
        elif key == "quit":
            app.store.flush()  # the autosave of the last action is on disk before we leave
            app.go_to_menu()

    def on_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.app.pop()  # Esc or Enter: back to the game
            return True
        return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def draw_background(self, surface: pygame.Surface) -> None:
        dim(surface)
        draw.paper_panel(surface, PANEL, seed=31)
        heading = _("Paused")
        draw.typed_heading(surface, heading, (PANEL.centerx, PANEL.y + 22), anchor="midtop",
                           size=draw.fit_size(heading, PANEL.w - 40, 40, face=fonts.SERIF, bold=True))
        note = _("Every move is saved automatically.")
        draw.text(surface, note, (PANEL.centerx, PANEL.y + 72), size=draw.fit_size(note, PANEL.w - 40, 14),
                  colour=FADED, anchor="midtop", box=PANEL.inflate(-40, 0))


class SaveAsScene(GuiScene):
    """Type a name; the save is written in the background and confirmed by a notice."""

    name = "save_as"
    opaque = False
    cache_background = True
    RECT = pygame.Rect(390, 230, 500, 250)

    def __init__(self, app, session):
        super().__init__(app)
        self.session = session
        self.entry = None
        self.save_button = None
        self.cancel_button = None
        self.error = ""

    def build(self) -> None:
        r = self.RECT
        self.entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(r.x + 30, r.y + 96, r.w - 60, 42), self.ui)
        self.entry.set_text_length_limit(40)
        self.entry.set_text(default_save_name(self.session))
        self.entry.focus()
        self.save_button = gui.button(self.ui, (r.right - 180, r.bottom - 62, 150, 42), _("Save"), object_id="@primary")
        self.cancel_button = gui.button(self.ui, (r.x + 30, r.bottom - 62, 150, 42), _("Cancel"))

    def on_gui(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.save_button:
                self.save()
            elif event.ui_element is self.cancel_button:
                self.app.pop()
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry:
            self.save()
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.entry:
            self.error = ""
        return False

    def save(self) -> None:
        name = self.entry.get_text().strip()
        try:
            path = self.app.store.path_for(name)
        except SaveError as exc:
            self.error = exc.message
            return
        if path.exists() and self.error != OVERWRITE:
            self.error = OVERWRITE  # a second Save replaces it
            return
        try:
            future = self.session.save_as(name)
        except SaveError as exc:
            self.error = exc.message
            return
        self.app.background(future.result, on_done=lambda f: self._saved(f, name))
        self.app.pop()

    def _saved(self, future, name: str) -> None:
        if future.exception() is None:
            self.app.sound.play("stamp")
            self.app.notify(_("Saved as '{name}'.").format(name=name))
        else:
            exc = future.exception()
            problem = translate(exc.message) if isinstance(exc, SaveError) else str(exc)
            self.app.notify(_("Could not save: {problem}").format(problem=problem), warn=True)

    def on_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
        return True

    def background_key(self):
        return self.error

    def draw_background(self, surface: pygame.Surface) -> None:
        dim(surface, 90)
        r = draw.paper_panel(surface, self.RECT, seed=33)
        heading = _("Save the game as")
        draw.typed_heading(surface, heading, (r.x + 30, r.y + 22),
                           size=draw.fit_size(heading, r.w - 60, 30, face=fonts.SERIF, bold=True))
        draw.text(surface, _("Name (letters, digits, spaces):"), (r.x + 30, r.y + 70), size=14, colour=FADED,
                  box=(r.x + 30, r.y + 66, r.w - 60, 24))
        if self.error:
            # two lines down to the buttons: the warning runs to two lines in Dutch and Polish
            draw.text_block(surface, translate(self.error), (r.x + 30, r.y + 142, r.w - 60, 44), size=14,
                            colour=(163, 38, 42), line_gap=0)


OVERWRITE = N_("A save with this name exists. Press Save again to replace it.")


def default_save_name(session) -> str:
    """'Operation Barclay - Marian vs Hans': what a player would write on the folder."""
    names = [translate(session.player_label(seat)) for seat in session.game.seats]
    players = (_("{first} vs {second}").format(first=names[0], second=names[1]) if len(names) == 2
               else ", ".join(names))
    return _("{title} - {players}").format(title=translate(session.game.TITLE or session.game_id), players=players)[:40]
