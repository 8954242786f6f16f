"""Settings: window size / fullscreen, volume, animation speed, default curtain. Saved on Apply."""

from __future__ import annotations

import attrs
import pygame
import pygame_gui

from ..settings import ANIMATION_SPEEDS, WINDOW_SIZES, Settings, save_settings
from ..ui import draw, gui
from ..ui.palette import FADED
from .base import GuiScene
from .pause import dim

PANEL = pygame.Rect(300, 70, 680, 580)


def size_label(size) -> str:
    return f"{size[0]} x {size[1]}"


def speed_label(value: float) -> str:
    for name, speed in ANIMATION_SPEEDS.items():
        if abs(speed - value) < 1e-6:
            return name
    return "normal"


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
        sizes = [size_label(s) for s in WINDOW_SIZES]
        current = size_label(self.draft.window_size)
        if current not in sizes:
            sizes.append(current)
        self.w["size"] = gui.dropdown(self.ui, sizes, current, (x, y, 300, 40))
        self.w["fullscreen"] = gui.checkbox(self.ui, (x, y + 66, 28, 28), "Fullscreen", checked=self.draft.fullscreen)
        self.w["volume"] = pygame_gui.elements.UIHorizontalSlider(pygame.Rect(x, y + 124, 300, 34),
                                                                   int(self.draft.volume * 100), (0, 100), self.ui)
        self.w["speed"] = gui.dropdown(self.ui, list(ANIMATION_SPEEDS), speed_label(self.draft.animation_speed),
                                       (x, y + 186, 300, 40))
        self.w["curtain"] = gui.checkbox(self.ui, (x, y + 252, 28, 28), "On", checked=self.draft.hide_private)
        self.w["hint"] = gui.checkbox(self.ui, (x, y + 318, 28, 28), "On", checked=self.draft.hint_button)
        self.w["apply"] = gui.button(self.ui, (PANEL.right - 220, PANEL.bottom - 72, 190, 46), "Apply",
                                     object_id="@primary")
        self.w["cancel"] = gui.button(self.ui, (PANEL.x + 30, PANEL.bottom - 72, 160, 46), "Cancel")

    def read_form(self) -> Settings:
        out = _copy(self.draft)
        picked = _option(self.w["size"].selected_option)
        out.window_size = tuple(int(v) for v in picked.split(" x "))
        out.fullscreen = bool(self.w["fullscreen"].get_state())
        out.volume = round(self.w["volume"].get_current_value() / 100.0, 2)
        out.animation_speed = ANIMATION_SPEEDS[_option(self.w["speed"].selected_option)]
        out.hide_private = bool(self.w["curtain"].get_state())
        out.hint_button = bool(self.w["hint"].get_state())
        return out

    def apply(self) -> None:
        new = self.read_form()
        shown = self.app.display_mode
        wanted = (new.fullscreen, tuple(new.window_size))
        # The display part is stored only once the player keeps it (DisplayConfirmScene): a mode
        # that leaves the screen unusable must not come back at the next start.
        new.fullscreen, new.window_size = shown
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
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.apply()
        return True

    def background_key(self):
        return int(self.w["volume"].get_current_value()) if "volume" in self.w else None

    def draw_background(self, surface: pygame.Surface) -> None:
        if not self.app.stack.visible() or self.app.stack.visible()[0] is self:
            from .menu import draw_desk

            draw_desk(surface)
        dim(surface, 120)
        p = draw.paper_panel(surface, PANEL, seed=61)
        draw.typed_heading(surface, "Settings", (p.x + 30, p.y + 24), size=40)
        x, y = p.x + 30, p.y + 118
        rows = [("Window size", "scales the 1280x720 table"), ("Display", ""), ("Volume", "0 mutes every sound"),
                ("Animation speed", "off = instant moves"), ("Hide private info", "curtain between human turns"),
                ("Hint button", "a computer suggests a move; counted")]
        for i, (name, hint) in enumerate(rows):
            yy = y + [0, 66, 124, 186, 252, 318][i]
            draw.text(surface, name, (x, yy), size=18, bold=True)
            if hint:
                draw.text(surface, hint, (x, yy + 22), size=13, colour=FADED)
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
        self.w["keep"] = gui.button(self.ui, (CONFIRM.right - 200, CONFIRM.bottom - 66, 170, 44), "Keep",
                                    object_id="@primary", tooltip="Keep this display mode (Enter)")
        self.w["back"] = gui.button(self.ui, (CONFIRM.x + 30, CONFIRM.bottom - 66, 170, 44), "Go back",
                                    tooltip="The previous display mode (Esc)")

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
        self.app.notify(problem or "Back to the previous display mode.", warn=bool(problem))
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
        draw.typed_heading(surface, "Keep this display mode?", (p.x + 30, p.y + 22), size=30)
        seconds = max(0, int(self.left + 0.999))
        draw.text(surface, f"Going back to the previous one in {seconds} second{'s' if seconds != 1 else ''}.",
                  (p.x + 30, p.y + 82), size=17)
        draw.text(surface, "Enter keeps it, Esc goes back.", (p.x + 30, p.y + 110), size=14, colour=FADED)
        if self.ui is not None:
            self.ui.draw_ui(surface)


def _saved(app):
    def told(future) -> None:
        if future.exception() is not None:
            app.notify(f"Settings apply now but could not be stored: {future.exception()}", warn=True)

    return told


def _copy(s: Settings) -> Settings:
    return attrs.evolve(s)


def _option(selected) -> str:
    return selected[0] if isinstance(selected, tuple) else selected
