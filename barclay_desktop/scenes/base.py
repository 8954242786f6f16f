"""The scene contract every screen follows, and a base for screens built with pygame_gui.

A scene is one screen or overlay on the app's SceneStack. The stack calls:
    enter()            when pushed (build widgets here, not in __init__)
    exit()             when popped or replaced (release widgets)
    pause() / resume() when another scene is pushed over it / popped off it
    handle_event(e)    return True when the event was used
    update(dt)         dt in seconds; only the top scene is updated
    update_below(dt, above)  every frame for each covered scene (e.g. the game's clock runs on)
    draw(surface)      onto the 1280x720 logical canvas
    needs_frames()     True while something it draws moves without input (animations,
                       countdowns, a computer's move on its way); when no visible scene needs
                       frames and no input comes, the app stops redrawing (issue 38)
`opaque = False` lets the scenes below show through (overlays); `blocks_input = False`
lets events this scene did not use fall through to the scene below."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from .. import i18n
from ..ui import text_record

if TYPE_CHECKING:  # the app imports scenes, not the other way round
    from ..app import App


class Scene:
    name = "scene"
    opaque = True
    blocks_input = True
    pauses_game = False  # the pause menu: the game's play time stops while it (or anything on it) is open

    def __init__(self, app: "App"):
        self.app = app

    def enter(self) -> None:
        pass

    def exit(self) -> None:
        pass

    def pause(self) -> None:
        pass

    def resume(self) -> None:
        pass

    def handle_event(self, event: pygame.event.Event) -> bool:
        return False

    def update(self, dt: float) -> None:
        pass

    def update_below(self, dt: float, above: list["Scene"]) -> None:
        """Time passing while `above` (bottom first) covers this scene; nothing is drawn or asked."""

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def needs_frames(self) -> bool:
        return True  # the safe answer: a scene that never moves by itself says so


class GuiScene(Scene):
    """A scene whose buttons, lists and text come from its own pygame_gui manager.

    Each scene owns a manager so widgets of a covered scene never take clicks meant for
    the overlay above it. Subclasses build widgets in `build()`, react in `on_gui(event)`,
    and paint their art in `draw_background(surface)` (under the widgets) and
    `draw_overlay(surface)` (over them)."""

    # The art under the widgets is redrawn only when background_key() changes; otherwise a
    # cached copy is blitted, so text and textures are not re-rendered every frame.
    cache_background = False  # scenes opt in (and define background_key) when their art is costly

    def __init__(self, app: "App"):
        super().__init__(app)
        self.ui = None
        self._bg: pygame.Surface | None = None
        self._bg_key = None
        self._language = i18n.generation()  # the language the widgets were labelled in

    def enter(self) -> None:
        self.ui = self.app.gui.manager()
        self.build()

    def exit(self) -> None:
        if self.ui is not None:
            self.ui.clear_and_reset()
            self.ui = None

    def build(self) -> None:
        pass

    def resume(self) -> None:
        super().resume()
        if self._language != i18n.generation():  # Settings, opened over us, changed the language
            self.relabel()

    def relabel(self) -> None:
        """Widgets hold their text (issue 37): made again in the language now in effect. A scene
        whose widgets hold more than words (typed text, a game's choices) overrides this."""
        self._language = i18n.generation()
        if self.ui is not None:
            self.ui.clear_and_reset()
            self.build()

    def pause(self) -> None:
        """Covered by another scene: a tooltip of ours would stay drawn over it (issue 32),
        since a covered scene's widgets are drawn but no longer updated."""
        self.hide_tool_tips()

    def hide_tool_tips(self) -> None:
        if self.ui is None:
            return
        group = self.ui.get_sprite_group()
        for element in group.sprites():
            if getattr(element, "tool_tip", None) is not None:
                element.tool_tip.kill()
                element.tool_tip = None
                element.hover_time = 0.0
        group.update_visibility()  # else drawn until the next update, which a covered scene lacks

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.ui is None:
            return False
        used = self.ui.process_events(event)
        if event.type >= pygame.USEREVENT:
            if self.on_gui(event):
                return True
        if used:
            return True
        return self.on_event(event)

    def on_gui(self, event: pygame.event.Event) -> bool:
        """pygame_gui's own events (button pressed, list selection, text entered...)."""
        return False

    def on_event(self, event: pygame.event.Event) -> bool:
        """Raw input the widgets did not use (keys, clicks on drawn art)."""
        return False

    def pressed_key(self, event: pygame.event.Event, buttons: dict) -> str | None:
        """The key in `buttons` of the button this pygame_gui event pressed, if any."""
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return None
        return next((key for key, button in buttons.items() if event.ui_element is button), None)

    def form_keys(self, event: pygame.event.Event, confirm) -> bool:
        """A form's keys: Esc goes back, Enter (main or keypad) calls `confirm`."""
        if event.type != pygame.KEYDOWN:
            return False
        if event.key == pygame.K_ESCAPE:
            self.app.pop()
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            confirm()
            return True
        return False

    def update(self, dt: float) -> None:
        if self.ui is not None:
            self.ui.update(dt)

    def needs_frames(self) -> bool:
        """Widgets move by themselves only in a focused text field (its blinking cursor);
        hover, clicks and tooltips come with input, which the app redraws for anyway."""
        if self.ui is None:
            return False
        focused = self.ui.get_focus_set() or ()
        return any(isinstance(element, pygame_gui.elements.UITextEntryLine) for element in focused)

    def draw(self, surface: pygame.Surface) -> None:
        self.blit_background(surface)
        if self.ui is not None:
            self.ui.draw_ui(surface)
        self.draw_overlay(surface)

    def blit_background(self, surface: pygame.Surface) -> None:
        if not self.cache_background or text_record.active is not None:  # the render check sees every draw
            self.draw_background(surface)
            return
        key = (self.background_key(), i18n.generation())  # the art holds words too
        if self._bg is None or key != self._bg_key or self._bg.get_size() != surface.get_size():
            self._bg = new_layer(surface, alpha=not self.opaque)
            self.draw_background(self._bg)
            self._bg_key = key
        surface.blit(self._bg, (0, 0))

    def background_key(self):
        """Anything the background art depends on; the cached art is redrawn when it changes."""
        return ()

    def draw_background(self, surface: pygame.Surface) -> None:
        pass

    def draw_overlay(self, surface: pygame.Surface) -> None:
        pass


def new_layer(like: pygame.Surface, *, alpha: bool = False) -> pygame.Surface:
    """A surface of like's size in the display's pixel format, so blitting it needs no conversion."""
    layer = pygame.Surface(like.get_size(), pygame.SRCALPHA if alpha else 0)
    if pygame.display.get_surface() is not None:
        layer = layer.convert_alpha() if alpha else layer.convert()
    if alpha:
        layer.fill((0, 0, 0, 0))
    return layer
