"""Settings: window size / fullscreen, volume, animation speed, default curtain, language.
Saved on Apply; a new language applies at once (the screens below relabel, see i18n.py)."""

from __future__ import annotations

import attrs
import pygame
import pygame_gui

from .. import i18n
from ..i18n import N_, NP_, _, ngettext, pgettext
from ..settings import ANIMATION_SPEEDS, WINDOW_SIZES, Settings, save_settings
from ..ui import draw, gui
from ..ui.palette import FADED
from .base import GuiScene
from .pause import dim

PANEL = pygame.Rect(300, 40, 680, 640)
ROW_Y = (0, 66, 124, 186, 252, 318, 384)  # each row's top, from the first row
LABEL_W = 262  # a row's name and hint, left of its control (which starts 300 px in)
ROWS = [(N_("Window size"), N_("scales the 1280x720 table")), (N_("Display"), ""),
        (N_("Volume"), N_("0 mutes every sound")), (N_("Animation speed"), N_("off = instant moves")),
        (N_("Hide private info"), N_("curtain between human turns")),
        (N_("Hint button"), N_("a computer suggests a move; counted")),
        (N_("Language"), N_("applies at once"))]
SPEED = "animation speed"  # the context of the speeds' names: "off" alone could be anything
# (literal contexts: extraction reads only literals)
SPEED_NAMES = {"off": NP_("animation speed", "off"), "fast": NP_("animation speed", "fast"),
               "normal": NP_("animation speed", "normal"), "slow": NP_("animation speed", "slow")}


def size_label(size) -> str:
    return _("{width} x {height}").format(width=size[0], height=size[1])


def speed_key(value: float) -> str:
    for name, speed in ANIMATION_SPEEDS.items():
        if abs(speed - value) < 1e-6:
            return name
    return "normal"


def speed_option(key: str) -> tuple[str, str]:
    """A drop-down option: (the words shown, the key read back)."""
    return pgettext(SPEED, SPEED_NAMES[key]), key


def language_option(choice: str) -> tuple[str, str]:
    return i18n.language_name(choice), choice


class SettingsScene(GuiScene):
    name = "settings"
    opaque = False
    cache_background = True

    def __init__(self, app):
        super().__init__(app)
        self.draft = _copy(app.settings)
        self.w: dict = {}

    def build(self) -> None:
        x, y = PANEL.x + 300, PANEL.y + 110
        # options are (words, key) pairs: the form reads back keys, whatever the language
        sizes = [(size_label(s), _size_key(s)) for s in WINDOW_SIZES]
        current = (size_label(self.draft.window_size), _size_key(self.draft.window_size))
        if current not in sizes:
            sizes.append(current)
        self.w["size"] = gui.dropdown(self.ui, sizes, current, (x, y, 300, 40))
        self.w["fullscreen"] = gui.checkbox(self.ui, (x, y + ROW_Y[1], 28, 28), _("Fullscreen"),
                                            checked=self.draft.fullscreen)
        self.w["volume"] = pygame_gui.elements.UIHorizontalSlider(pygame.Rect(x, y + ROW_Y[2], 300, 34),
                                                                   int(self.draft.volume * 100), (0, 100), self.ui)
        self.w["speed"] = gui.dropdown(self.ui, [speed_option(k) for k in ANIMATION_SPEEDS],
                                       speed_option(speed_key(self.draft.animation_speed)), (x, y + ROW_Y[3], 300, 40))
        self.w["curtain"] = gui.checkbox(self.ui, (x, y + ROW_Y[4], 28, 28), pgettext("switch", "On"),
                                         checked=self.draft.hide_private)
        self.w["hint"] = gui.checkbox(self.ui, (x, y + ROW_Y[5], 28, 28), pgettext("switch", "On"),
                                      checked=self.draft.hint_button)
        self.w["language"] = gui.dropdown(self.ui, [language_option(c) for c in i18n.CHOICES],
                                          language_option(self.draft.language), (x, y + ROW_Y[6], 300, 40))
        self.w["apply"] = gui.button(self.ui, (PANEL.right - 220, PANEL.bottom - 72, 190, 46), _("Apply"),
                                     object_id="@primary")
        self.w["cancel"] = gui.button(self.ui, (PANEL.x + 30, PANEL.bottom - 72, 160, 46), _("Cancel"))

    def read_form(self) -> Settings:
        out = _copy(self.draft)
        out.window_size = tuple(int(v) for v in _key(self.w["size"].selected_option).split("x"))
        out.fullscreen = bool(self.w["fullscreen"].get_state())
        out.volume = round(self.w["volume"].get_current_value() / 100.0, 2)
        out.animation_speed = ANIMATION_SPEEDS[_key(self.w["speed"].selected_option)]
        out.hide_private = bool(self.w["curtain"].get_state())
        out.hint_button = bool(self.w["hint"].get_state())
        out.language = _key(self.w["language"].selected_option)
        return out

    def apply(self) -> None:
        new = self.read_form()
        shown = self.app.display_mode
        wanted = (new.fullscreen, tuple(new.window_size))
        # The display part is stored only once the player keeps it (DisplayConfirmScene): a mode
        # that leaves the screen unusable must not come back at the next start.
        new.fullscreen, new.window_size = shown
        if new.language != self.app.settings.language:
            i18n.set_language(new.language)  # the scenes below relabel as they come back (resume)
        self.app.settings = new
        if self.app.sound is not None:
            self.app.sound.set_volume(new.volume)
            self.app.sound.play("click")
        self.app.background(save_settings, _copy(new), on_done=_saved(self.app))
        self.app.pop()
        if wanted != shown:
            problem = self.app.set_display(*wanted)
            if problem:
                self.app.notify(problem, seconds=8, warn=True)
            else:
                self.app.push(DisplayConfirmScene(self.app, previous=shown, wanted=wanted))

    def on_gui(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.w["apply"]:
                self.apply()
                return True
            if event.ui_element is self.w["cancel"]:
                self.app.pop()
                return True
        return False

    def on_event(self, event) -> bool:
        self.form_keys(event, self.apply)
        return True  # the form is modal: nothing reaches the scenes below it

    def background_key(self):
        return int(self.w["volume"].get_current_value()) if "volume" in self.w else None

    def draw_background(self, surface: pygame.Surface) -> None:
        if not self.app.stack.visible() or self.app.stack.visible()[0] is self:
            from .menu import draw_desk

            draw_desk(surface)
        dim(surface, 120)
        p = draw.paper_panel(surface, PANEL, seed=61)
        draw.typed_heading(surface, _("Settings"), (p.x + 30, p.y + 24), size=40)
        x, y = p.x + 30, p.y + 118
        for (name, hint), row_y in zip(ROWS, ROW_Y):
            draw.text(surface, _(name), (x, y + row_y), size=18, bold=True, box=(x, y + row_y, LABEL_W, 24))
            if hint:  # two lines at most, left of the controls: Dutch and Polish run longer
                draw.text_block(surface, _(hint), (x, y + row_y + 22, LABEL_W, 36), size=13, colour=FADED,
                                line_gap=1, max_lines=2)
        draw.text(surface, f"{int(self.w['volume'].get_current_value()) if 'volume' in self.w else 0}%",
                  (PANEL.x + 612, PANEL.y + 240), size=16)


REVERT_SECONDS = 10.0
CONFIRM = pygame.Rect(390, 250, 500, 220)


class DisplayConfirmScene(GuiScene):
    """"Keep this display mode?": unless kept within REVERT_SECONDS (of scene time), the previous
    mode comes back by itself, so a mode that crops the screen or misplaces clicks undoes itself."""

    name = "display_confirm"
    opaque = False

    def __init__(self, app, *, previous: tuple, wanted: tuple):
        super().__init__(app)
        self.previous, self.wanted = previous, wanted
        self.left = REVERT_SECONDS
        self.w: dict = {}
        # the Enter that applied the settings may still be down (and repeating): it keeps nothing
        self._held = {k for k in (pygame.K_RETURN, pygame.K_KP_ENTER) if k in app.keys_down}

    def build(self) -> None:
        self.w["keep"] = gui.button(self.ui, (CONFIRM.right - 200, CONFIRM.bottom - 66, 170, 44), _("Keep"),
                                    object_id="@primary", tooltip=_("Keep this display mode (Enter)"))
        self.w["back"] = gui.button(self.ui, (CONFIRM.x + 30, CONFIRM.bottom - 66, 170, 44), _("Go back"),
                                    tooltip=_("The previous display mode (Esc)"))

    def needs_frames(self) -> bool:
        return True  # the countdown to going back is on screen

    def update(self, dt: float) -> None:
        super().update(dt)
        self.left -= dt
        if self.left <= 0:
            self.revert()

    def keep(self) -> None:
        settings = self.app.settings
        settings.fullscreen, settings.window_size = self.wanted
        self.app.background(save_settings, _copy(settings), on_done=_saved(self.app))
        self.close()

    def revert(self) -> None:
        problem = self.app.set_display(*self.previous)
        self.app.notify(problem or _("Back to the previous display mode."), warn=bool(problem))
        self.close()

    def close(self) -> None:
        if self.app.stack.top is self:
            self.app.pop()

    def on_gui(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.w["keep"]:
                self.keep()
                return True
            if event.ui_element is self.w["back"]:
                self.revert()
                return True
        return False

    def on_event(self, event) -> bool:
        if event.type == pygame.KEYUP:
            self._held.discard(event.key)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if event.key not in self._held:
                self.keep()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.revert()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 120)
        p = draw.paper_panel(surface, CONFIRM, seed=62)
        draw.typed_heading(surface, _("Keep this display mode?"), (p.x + 30, p.y + 22), size=30)
        seconds = max(0, int(self.left + 0.999))
        draw.text(surface, ngettext("Going back to the previous one in {n} second.",
                                    "Going back to the previous one in {n} seconds.", seconds).format(n=seconds),
                  (p.x + 30, p.y + 82), size=17)
        draw.text(surface, _("Enter keeps it, Esc goes back."), (p.x + 30, p.y + 110), size=14, colour=FADED)
        if self.ui is not None:
            self.ui.draw_ui(surface)


def _saved(app):
    def told(future) -> None:
        if future.exception() is not None:
            app.notify(_("Settings apply now but could not be stored: {problem}").format(problem=future.exception()),
                       warn=True)

    return told


def _copy(s: Settings) -> Settings:
    return attrs.evolve(s)


def _size_key(size) -> str:
    return f"{size[0]}x{size[1]}"


def _key(selected) -> str:
    """The key of a drop-down's (words, key) option."""
    return selected[1] if isinstance(selected, tuple) else selected
