"""pygame_gui with the shipped theme and fonts: one factory for every scene's manager."""

from __future__ import annotations

import copy
import json

import pygame
import pygame_gui

from ..resources import asset_path
from . import fonts

FONT_SIZES = (14, 16, 17, 20, 24)
HEADING_SIZES = (24, 30, 40)


def load_theme() -> dict:
    """assets/theme.json with its font paths made absolute (so it works frozen too)."""
    data = json.loads(asset_path("theme.json").read_text(encoding="utf-8"))
    _absolutize_fonts(data)
    return data


def _absolutize_fonts(node) -> None:
    if isinstance(node, dict):
        for key, value in node.items():
            if key.endswith("_path") and isinstance(value, str):
                node[key] = str(asset_path(*value.split("/")))
            else:
                _absolutize_fonts(value)


class GuiKit:
    """Makes themed pygame_gui managers; the theme file is read once."""

    def __init__(self, size: tuple[int, int]):
        self.size = size
        self._theme: dict | None = None

    def theme(self) -> dict:
        if self._theme is None:
            self._theme = load_theme()
        return self._theme

    def manager(self) -> pygame_gui.UIManager:
        manager = pygame_gui.UIManager(self.size, None, enable_live_theme_updates=False)
        _register_fonts(manager)
        manager.get_theme().load_theme(copy.deepcopy(self.theme()))
        return manager


def _register_fonts(manager: pygame_gui.UIManager) -> None:
    for face in (fonts.TYPE, fonts.SERIF):
        manager.add_font_paths(
            face,
            fonts.font_file(face, "regular"),
            fonts.complete_font_file(face, "bold"),  # the rules page's headings name "Stawka większa niż życie"
            fonts.font_file(face, "italic"),
            fonts.complete_font_file(face, "bold_italic"),
        )
    wanted = [{"name": fonts.TYPE, "point_size": s, "style": st} for s in FONT_SIZES for st in ("regular", "bold")]
    wanted += [{"name": fonts.TYPE, "point_size": 16, "style": "italic"}]
    wanted += [{"name": fonts.SERIF, "point_size": s, "style": "bold"} for s in HEADING_SIZES]
    manager.preload_fonts(wanted)


def button(manager, rect, text, *, object_id: str | None = None, tooltip: str | None = None, container=None):
    """A themed button; object_id is a class such as '@primary', '@danger' or '@ghost'."""
    return pygame_gui.elements.UIButton(
        relative_rect=pygame.Rect(rect),
        text=text,
        manager=manager,
        container=container,
        tool_tip_text=tooltip,
        object_id=pygame_gui.core.ObjectID(class_id=object_id) if object_id else None,
    )


def checkbox(manager, rect, text, *, checked: bool, container=None):
    """A themed check box; its tick is an X because the shipped typewriter face has no check mark."""
    box = pygame_gui.elements.UICheckBox(pygame.Rect(rect), text, manager, container=container,
                                         initial_state=checked)
    box.set_check_symbol("X")
    return box


def label(manager, rect, text, *, object_id: str | None = None, container=None):
    return pygame_gui.elements.UILabel(
        relative_rect=pygame.Rect(rect),
        text=text,
        manager=manager,
        container=container,
        object_id=pygame_gui.core.ObjectID(class_id=object_id) if object_id else None,
    )


def text_box(manager, rect, html: str, *, object_id: str | None = None, container=None):
    return pygame_gui.elements.UITextBox(
        html_text=html,
        relative_rect=pygame.Rect(rect),
        manager=manager,
        container=container,
        object_id=pygame_gui.core.ObjectID(class_id=object_id) if object_id else None,
    )


def escape(text: str) -> str:
    """Plain text safe inside pygame_gui's HTML subset."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
