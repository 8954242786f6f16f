"""pygame_gui with the shipped theme and fonts: one factory for every scene's manager."""

from __future__ import annotations

import copy
import json

import pygame
import pygame_gui

from ..resources import asset_path
from . import draw, fonts

FONT_SIZES = (14, 16, 17, 20, 24)
HEADING_SIZES = (20, 24, 30, 40)  # 20-30: the rules' headings (rules_ref.HEADING_PX)


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


def confirm_dialog(manager, rect, question: str, *, title: str, action: str, cancel: str):
    """pygame_gui's confirmation dialog with buttons of the form's size (its own fit their words to the pixel)
    and our word for Cancel."""
    dialog = pygame_gui.windows.UIConfirmationDialog(pygame.Rect(rect), escape(question), manager,
                                                     window_title=title, action_short_name=action)
    dialog.cancel_button.set_text(cancel)
    width = max(DIALOG_BUTTON[0], *(fonts.typewriter(16, bold=True).size(w)[0] + 32 for w in (action, cancel)))
    for button, x in ((dialog.cancel_button, -width - 16), (dialog.confirm_button, -width - 12)):
        button.set_dimensions((width, DIALOG_BUTTON[1]))
        button.set_relative_position((x, -DIALOG_BUTTON[1] - 14))
    dialog.confirmation_text.set_dimensions((dialog.confirmation_text.rect.w, dialog.get_container().get_size()[1]
                                             - DIALOG_BUTTON[1] - 24))
    return dialog


DIALOG_BUTTON = (120, 40)


def escape(text: str) -> str:
    """Plain text safe inside pygame_gui's HTML subset."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


# Room beside an open list's widest entry: the items' padding (12 a side, theme.json), the list's border (2 a side)
# and a little slack for the face's overhangs; its scroll bar's width comes on top when it scrolls.
LIST_PADDING = 2 * 12 + 2 * 2 + 4
LIST_FONT_SIZE = 16  # theme.json: drop_down_menu.#drop_down_options_list
LIST_ITEM_H, LIST_FRAME_H = 28, 2 * 2 + 2 * 2  # theme.json's list_item_height; the list's border and shadow


class _FullWidthOptions(pygame_gui.elements.ui_drop_down_menu.UIExpandedDropDownState):
    """pygame_gui opens the options list narrower than the field by the arrow button's width
    (issue 32, "the dropdown narrower than its field"); this state opens it as wide as the field, and wider (to the
    menu's `list_right` at most) when an entry and the scroll bar need more, so that no entry is cut under the bar."""

    def start(self, should_rebuild: bool = True) -> None:
        super().start(should_rebuild=False)
        narrow = self.options_selection_list
        rect = pygame.Rect(narrow.relative_rect.topleft,
                           (self.list_width(narrow.scroll_bar is not None), narrow.relative_rect.height))
        narrow.kill()
        self.options_selection_list = pygame_gui.elements.UISelectionList(
            rect, starting_height=3, item_list=self.options_list, allow_double_clicks=False,
            manager=self.ui_manager, parent_element=self.drop_down_menu_ui,
            container=self.drop_down_menu_ui.ui_container, anchors=self.drop_down_menu_ui.anchors,
            object_id="#drop_down_options_list", default_selection=self.selected_option)
        self.drop_down_menu_ui.join_focus_sets(self.options_selection_list)
        bar = self.options_selection_list.scroll_bar
        if bar is not None:  # as pygame_gui does: the picked entry in sight when the list opens
            bar.set_scroll_from_start_percentage(self.options_selection_list.get_single_selection_start_percentage())
            self.options_selection_list.update(0.0)
        if should_rebuild:
            self.rebuild()

    def list_width(self, scrolls: bool) -> int:
        """The field's width, or what the widest entry needs beside the scroll bar, up to `list_right`."""
        menu = self.drop_down_menu_ui
        font = fonts.typewriter(LIST_FONT_SIZE)
        widest = max((font.size(option[0])[0] for option in self.options_list), default=0)
        needed = widest + LIST_PADDING + (SCROLL_BAR_WIDTH if scrolls else 0)
        right = getattr(menu, "list_right", None) or menu.ui_container.get_container().get_relative_rect().w
        return max(menu.relative_rect.w, min(needed, right - menu.relative_rect.x))


SCROLL_BAR_WIDTH = 20  # pygame_gui's UISelectionList default


class _FittedField(pygame_gui.elements.ui_drop_down_menu.UIClosedDropDownState):
    """The closed field shows an entry too long for it cut with "..." and whole in its tool tip (the open list shows
    every entry whole), rather than clipped at both ends by pygame_gui."""

    def start(self, should_rebuild: bool = True) -> None:
        super().start(should_rebuild=should_rebuild)
        self.fit()

    def fit(self) -> None:
        button = self.selected_option_button
        whole = self.selected_option[0]
        fitted = draw.fit_line(whole, fonts.typewriter(LIST_FONT_SIZE), button.rect.w - FIELD_PADDING)
        if fitted != whole:
            button.set_text(fitted)
            button.set_tooltip(escape(whole))


FIELD_PADDING = 2 * 2 + 2  # the field button's border (as tests/text_layout.py counts it) and a pixel a side


def dropdown(manager, options: list[str], selected: str, rect, *, container=None, list_right: int | None = None,
             list_bottom: int | None = None):
    """A themed drop-down whose open list is as wide as its field, or as its entries need (not past `list_right`,
    by default the window's edge), and no lower than `list_bottom` (it scrolls), by default the window's edge."""
    rect = pygame.Rect(rect)
    limit = None
    if list_bottom is not None:  # whole rows, so that the last one shown is never half a line
        rows = max(2, (list_bottom - rect.bottom - LIST_FRAME_H) // LIST_ITEM_H)
        limit = rows * LIST_ITEM_H + LIST_FRAME_H
    menu = pygame_gui.elements.UIDropDownMenu(options, selected, rect, manager, container=container,
                                              expansion_height_limit=limit)
    menu.menu_states["expanded"].__class__ = _FullWidthOptions
    menu.menu_states["closed"].__class__ = _FittedField
    menu.menu_states["closed"].fit()  # pygame_gui started it before the class was ours
    menu.list_right = list_right
    return menu
