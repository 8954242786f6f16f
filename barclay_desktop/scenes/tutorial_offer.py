"""Starting a guided first game (issue 40), and the offer of one the first time a game's file is opened."""

from __future__ import annotations

import pygame

from .. import games
from ..i18n import _, ngettext
from ..ui import draw, fonts, gui
from ..ui.palette import FADED, INK
from .base import GuiScene
from .pause import dim

PANEL = pygame.Rect(340, 170, 600, 340)


def has_lesson(game_id: str) -> bool:
    from ..tutorial import has_script

    return has_script(game_id)


def start_tutorial(app, game_id: str) -> None:
    """A fresh lesson of `game_id` (also its replay): the learner plays the script's seat."""
    from ..tutorial import load_script, tutorial_session

    script = load_script(game_id)
    session = tutorial_session(script, app.store, learner=_("You"), opponent=_("Instructor"))
    session.autosave()
    app.go_to_menu()
    app.start_session(session)


def note_opened(app, game_id: str) -> bool:
    """Remember that `game_id`'s file was opened (in the settings, written off the frame); True the first time."""
    settings = app.settings
    if game_id in settings.games_opened:
        return False
    from ..app import attrs_copy
    from ..settings import save_settings

    settings.games_opened = (*settings.games_opened, game_id)
    app.background(save_settings, attrs_copy(settings))
    return True


class TutorialOfferScene(GuiScene):
    """"New to this game?": the lesson, or straight to a new game; Esc goes back to the menu."""

    name = "tutorial_offer"
    opaque = False
    cache_background = True

    def __init__(self, app, game_id: str):
        super().__init__(app)
        self.game_id = game_id
        self.buttons = {}

    def minutes(self) -> int:
        from ..tutorial import load_script

        try:
            return load_script(self.game_id).minutes
        except ValueError:
            return 10

    def build(self) -> None:
        y = PANEL.bottom - 70
        self.buttons["learn"] = gui.button(self.ui, (PANEL.x + 30, y, 220, 46), _("Learn to play"), object_id="@primary")
        self.buttons["new"] = gui.button(self.ui, (PANEL.x + 266, y, 170, 46), _("New game"))
        self.buttons["back"] = gui.button(self.ui, (PANEL.right - 150, y, 120, 46), _("Back"))

    def on_gui(self, event) -> bool:
        key = self.pressed_key(event, self.buttons)
        if key is None:
            return False
        self.app.sound.play("click")
        if key == "learn":
            start_tutorial(self.app, self.game_id)
        elif key == "new":
            from .new_game import NewGameScene

            self.app.pop()
            self.app.push(NewGameScene(self.app, self.game_id))
        else:
            self.app.pop()
        return True

    def on_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return True
        return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def draw_background(self, surface: pygame.Surface) -> None:
        dim(surface)
        panel = draw.paper_panel(surface, PANEL, seed=41)
        title = _(games.descriptor(self.game_id).title)
        heading = _("New to {game}?").format(game=title)
        draw.typed_heading(surface, heading, (panel.x + 30, panel.y + 24),
                           size=draw.fit_size(heading, panel.w - 60, 36, face=fonts.SERIF, bold=True))
        n = self.minutes()
        words = ngettext("A guided first game teaches the rules by playing them, in about {n} minute. A coach says "
                         "what happens and why, and points at each move. You can leave it at any step, or play on "
                         "freely from where you are.",
                         "A guided first game teaches the rules by playing them, in about {n} minutes. A coach says "
                         "what happens and why, and points at each move. You can leave it at any step, or play on "
                         "freely from where you are.", n).format(n=n)
        draw.text_block(surface, words, (panel.x + 30, panel.y + 84, panel.w - 60, 150), size=16, colour=INK)
        draw.text(surface, _("It is always on the menu, under the game's file: Learn to play."),
                  (panel.x + 30, panel.bottom - 100), size=13, colour=FADED)
