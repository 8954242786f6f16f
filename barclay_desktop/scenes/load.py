"""Load game: every save with its game, players, progress and date; damaged ones explained.

Listing and loading read the disk on a worker thread. A damaged or too-new save is shown
with the reason and can be deleted, but is never loaded or rewritten."""

from __future__ import annotations

from datetime import datetime

import pygame
import pygame_gui

from ..i18n import N_, NP_, _, pgettext, translate
from ..save_text import names_text, position_text, progress_text, result_text, turn_player
from ..saves import FINISHED, NAMED, UNFINISHED, SaveError, SaveInfo, group_saves
from ..ui import draw, fonts, gui
from ..ui.palette import FADED, INK, STAMP_RED
from .base import GuiScene
from .menu import draw_desk, stamp_size

# The list gets most of the width: its rows are one line each; the details panel wraps (issue 32).
LIST_RECT = pygame.Rect(48, 124, 740, 496)
DETAIL_RECT = pygame.Rect(812, 124, 420, 496)
LIST_BOX = LIST_RECT.inflate(-24, -80).move(0, 28)  # the selection list on the sheet
# Room for a row's text: the list's border (2+2), scroll bar (20) and item padding (12+12).
ROW_WIDTH = LIST_BOX.w - 48
ROW_FONT_SIZE = 16  # theme.json selection_list font
# Short game names for the list's game column (the details panel gives the full title).
SHORT_TITLES = {"barclay": "Barclay", "spies_lies": N_("Spies & Lies"), "stawka": "Stawka"}


def open_loaded(app, loaded) -> None:
    """Resume a loaded save: at the curtain, through the game's setup scene if it is mid-setup."""
    from ..session import GameSession
    from .table_entry import entry_for

    try:
        session = GameSession.from_save(loaded, store=app.store)
    except SaveError as exc:  # on the frame loop: a message, never a crash
        app.notify(_("This save cannot be resumed: {reason}").format(reason=translate(exc.message)), seconds=7,
                   warn=True)
        return
    entry = entry_for(session.game_id)
    app.start_session(session, with_setup=entry.needs_setup is not None and entry.needs_setup(session.game))


def continue_latest(app) -> None:
    app.background(app.store.load_latest_autosave, on_done=lambda f: _loaded(app, f))


def _loaded(app, future) -> None:
    exc = future.exception()
    if exc is None:
        open_loaded(app, future.result())
    elif isinstance(exc, SaveError):
        app.notify(_("The autosave cannot be opened: {reason}").format(reason=translate(exc.message)), seconds=7,
                   warn=True)
    else:
        app.notify(_("The autosave cannot be opened ({reason}).").format(reason=f"{type(exc).__name__}: {exc}"),
                   seconds=7, warn=True)


def seats_text(info: SaveInfo) -> str:
    from .new_game import level_name

    parts = []
    for seat in info.seats:
        english_side = seat.get("side") or seat.get("seat")
        side = translate(str(english_side))
        who = seat.get("name") or english_side
        if seat.get("kind") == "computer":  # as the form says it
            kind = (_("computer, {level}").format(level=level_name(str(seat["level"]))) if seat.get("level")
                    else pgettext("player kind", "computer"))
        else:
            kind = pgettext("player kind", "human")
        parts.append(_("{side} ({kind})").format(side=side, kind=kind) if who == english_side
                     else _("{side}: {name} ({kind})").format(side=side, name=who, kind=kind))
    return "; ".join(parts)


# strftime's %b speaks the C library's language: the months are ours (issue 37).
MONTHS = (NP_("month", "Jan"), NP_("month", "Feb"), NP_("month", "Mar"), NP_("month", "Apr"), NP_("month", "May"),
          NP_("month", "Jun"), NP_("month", "Jul"), NP_("month", "Aug"), NP_("month", "Sep"), NP_("month", "Oct"),
          NP_("month", "Nov"), NP_("month", "Dec"))


def date_text(info: SaveInfo, with_year: bool = True) -> str:
    """'03 Dec 2026 21:40' (without the year in the list's rows), the month in the player's language."""
    when = None
    if info.saved_at:
        try:
            when = datetime.fromisoformat(info.saved_at).astimezone()
        except ValueError:
            pass
    if when is None and info.modified:
        when = datetime.fromtimestamp(info.modified)
    if when is None:
        return ""
    month = pgettext("month", MONTHS[when.month - 1])
    day_month = f"{when.day:02d} {month} {when.year}" if with_year else f"{when.day:02d} {month}"
    return f"{day_month} {when.hour:02d}:{when.minute:02d}"


GROUP_HEADINGS = {UNFINISHED: N_("GAMES IN PROGRESS"), NAMED: N_("NAMED SAVES"), FINISHED: N_("FINISHED GAMES")}
HEADING_ID = "#save_heading"


def row_cells(info: SaveInfo, group: str = NAMED) -> tuple[str, str, str]:
    """The list's three columns: date, game, and what tells this row apart (players and how
    far for a game in progress, the name of a named save, the result of a finished game)."""
    when = date_text(info, with_year=False)
    if not info.ok:
        return when, "", _("DAMAGED: {name}").format(name=translate(info.name))  # its game is not known
    game = translate(SHORT_TITLES.get(info.game_id, info.title))
    if group == FINISHED:
        if info.is_autosave:
            return when, game, result_text(info)
        return when, game, _("{name}: {result}").format(name=info.name, result=result_text(info))
    if group == UNFINISHED:
        where = position_text(info.summary)
        what = _("{players}, {where}").format(players=names_text(info), where=where) if where else names_text(info)
        return when, game, _("{what} (previous move)").format(what=what) if info.is_backup else what
    return when, game, info.name


def row_text(info: SaveInfo, group: str = NAMED) -> str:
    """One line of the list, its columns aligned (the list's face is monospaced); only the last
    column is cut, with "...", when the row is wider than the list; the details panel shows it
    in full."""
    when, game, what = row_cells(info, group)
    width = max(len(translate(t)) for t in SHORT_TITLES.values())
    return draw.fit_line(f"{when:<12}  {game:<{width}}  {what}", fonts.typewriter(ROW_FONT_SIZE), ROW_WIDTH)


def list_rows(infos: list[SaveInfo]) -> list[tuple[str, SaveInfo | None]]:
    """The list's rows in order: each non-empty group under its heading (heading rows: None)."""
    rows: list[tuple[str, SaveInfo | None]] = []
    for group, members in group_saves(infos).items():
        if members:
            rows.append((_("{heading} ({n})").format(heading=_(GROUP_HEADINGS[group]), n=len(members)), None))
            rows += [(row_text(info, group), info) for info in members]
    return rows


def detail_heading(info: SaveInfo) -> str:
    if not info.is_autosave:
        return info.name
    if info.ok and info.over:
        return _("Finished game")
    return _("Game in progress (previous move)") if info.is_backup else _("Game in progress")


def delete_what(info: SaveInfo) -> str:
    """The question before a delete, whole: 'Delete the save 'Friday'? This cannot be undone.'"""
    if not info.is_autosave:
        return _("Delete the save '{name}'? This cannot be undone.").format(name=info.name)
    if not info.ok:
        return (_("Delete the autosave of a game, the previous move's copy? This cannot be undone.") if info.is_backup
                else _("Delete the autosave of a game? This cannot be undone."))
    game = _("{title} ({players})").format(title=translate(info.title), players=names_text(info))
    if info.is_backup:
        return _("Delete the autosave of {game}, the previous move's copy? This cannot be undone.").format(game=game)
    return _("Delete the autosave of {game}? This cannot be undone.").format(game=game)


class LoadScene(GuiScene):
    name = "load"
    cache_background = True

    def __init__(self, app):
        super().__init__(app)
        self.infos: list[SaveInfo] | None = None
        self.selected: SaveInfo | None = None
        self.rows: list[tuple[str, SaveInfo | None]] = []  # the list's rows; None for a group heading
        self.list = None
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.confirm = None

    def build(self) -> None:
        r = DETAIL_RECT
        self.buttons["load"] = gui.button(self.ui, (r.right - 180, r.bottom - 64, 160, 44), _("Load"),
                                          object_id="@primary")
        self.buttons["delete"] = gui.button(self.ui, (r.x + 20, r.bottom - 64, 140, 44), _("Delete"),
                                            object_id="@danger")
        self.buttons["back"] = gui.button(self.ui, (48, 640, 160, 44), _("Back"))
        self.refresh()

    def refresh(self) -> None:
        self.infos = None
        self.rows = []
        self.selected = None
        self._update_buttons()
        self.app.background(self.app.store.list, on_done=self._listed)

    def _listed(self, future) -> None:
        if self.ui is None:
            return
        self.infos = future.result() if future.exception() is None else []
        if self.list is not None:
            self.list.kill()
            self.list = None
        if not self.infos:
            return  # the sheet says there are none; an empty list box would only add a frame
        self.rows = list_rows(self.infos)
        items = [(text, HEADING_ID if info is None else f"#save_{i}") for i, (text, info) in enumerate(self.rows)]
        first = next(item for item, (_, info) in zip(items, self.rows) if info is not None)
        self.list = pygame_gui.elements.UISelectionList(LIST_BOX, items, self.ui, default_selection=first)
        self.selected = next(info for _, info in self.rows if info is not None)
        self._update_buttons()

    def select(self, index: int) -> None:
        """Select the save `self.infos[index]`."""
        self.selected = self.infos[index]
        self._update_buttons()

    def select_row(self, index: int) -> None:
        """Select the list's row `index`; a group heading selects nothing."""
        self.selected = self.rows[index][1] if 0 <= index < len(self.rows) else None
        self._update_buttons()

    def _update_buttons(self) -> None:
        has = self.selected is not None
        (self.buttons["load"].enable if has and self.selected.ok else self.buttons["load"].disable)()
        (self.buttons["delete"].enable if has else self.buttons["delete"].disable)()

    def on_gui(self, event) -> bool:
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is self.list:
            picked = self.list.get_single_selection(include_object_id=True)
            ids = [HEADING_ID if info is None else f"#save_{i}" for i, (_, info) in enumerate(self.rows)]
            self.select_row(ids.index(picked[1]) if picked and picked[1] in ids else -1)
            return True
        if event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION and event.ui_element is self.list:
            self.load_selected()
            return True
        if event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and event.ui_element is self.confirm:
            self.delete_selected()
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.buttons["back"]:
                self.app.pop()
            elif event.ui_element is self.buttons["load"]:
                self.load_selected()
            elif event.ui_element is self.buttons["delete"]:
                self.ask_delete()
            else:
                return False
            return True
        return False

    def on_event(self, event) -> bool:
        return self.form_keys(event, self.load_selected)

    def load_selected(self) -> None:
        info = self.selected
        if info is None or not info.ok:
            return
        self.app.background(self.app.store.load, info.path, on_done=self._loaded)

    def _loaded(self, future) -> None:
        exc = future.exception()
        if exc is not None:
            self.app.notify(exc.message if isinstance(exc, SaveError) else _("Cannot load: {problem}").format(problem=exc),
                            seconds=7, warn=True)
            self.refresh()
            return
        open_loaded(self.app, future.result())

    def ask_delete(self) -> None:
        if self.selected is None:
            return
        self.confirm = pygame_gui.windows.UIConfirmationDialog(
            pygame.Rect(440, 250, 400, 220), gui.escape(delete_what(self.selected)), self.ui,
            window_title=_("Delete save"), action_short_name=_("Delete"))
        self.confirm.cancel_button.set_text(_("Cancel"))  # pygame_gui's own word is English

    def delete_selected(self) -> None:
        info = self.selected
        if info is None:
            return
        try:
            self.app.store.delete(info.path)
        except (SaveError, OSError) as exc:
            self.app.notify(_("Could not delete: {problem}").format(
                problem=translate(exc.message) if isinstance(exc, SaveError) else exc), warn=True)
        self.refresh()

    def background_key(self):
        return id(self.selected), None if self.infos is None else len(self.infos)

    def draw_background(self, surface: pygame.Surface) -> None:
        draw_desk(surface, blotter=False)
        draw.typed_heading(surface, _("Load a saved game"), (48, 56), size=44, colour=(239, 230, 208))
        sheet = draw.paper_panel(surface, LIST_RECT, seed=41)
        draw.text(surface, _("SAVED FILES"), (sheet.x + 14, sheet.y + 12), size=15, bold=True, colour=FADED)
        if self.infos is None:
            draw.text(surface, _("Reading the files..."), (sheet.x + 14, sheet.y + 50), size=16)
        elif not self.infos:
            draw.text_block(surface, _("No saved games yet. Every move of a game is saved automatically."),
                            (sheet.x + 14, sheet.y + 50, sheet.w - 28, 60), size=15)
        detail = draw.paper_panel(surface, DETAIL_RECT, seed=42)
        self._draw_detail(surface, detail)

    def _draw_detail(self, surface: pygame.Surface, r: pygame.Rect) -> None:
        info = self.selected
        if info is None:
            draw.text_block(surface, _("Select a save to see its details."), (r.x + 20, r.y + 20, r.w - 40, 60), size=16,
                            colour=FADED)
            return
        # two lines for a long save name: the list may have cut it, here it is whole
        used = draw.text_block(surface, translate(detail_heading(info)), (r.x + 20, r.y + 16, r.w - 40, 64), size=26,
                               face="eb_garamond", bold=True, line_gap=0)
        if not info.ok:
            damaged = _("DAMAGED")
            draw.stamp(surface, damaged, (r.right - 110, r.y + 90), size=stamp_size(damaged, 200, 30))
            used = draw.text_block(surface, translate(info.message), (r.x + 20, r.y + 130, r.w - 40, 200), size=16,
                                   colour=STAMP_RED)
            draw.text_block(surface, _("The file is left as it is. You may delete it."),
                            (r.x + 20, r.y + 146 + used, r.w - 40, 60), size=14, colour=FADED)
            return
        rows = [(_("Game"), translate(info.title)), (_("Players"), seats_text(info)),
                (_("Result") if info.over else _("Progress"), progress_text(info))]
        if not info.over and info.turn:
            rows.append((_("Whose turn"), turn_player(info)))
        rows.append((_("Saved"), date_text(info)))
        self._draw_rows(surface, r, r.y + 26 + used, rows)


    def _draw_rows(self, surface: pygame.Surface, r: pygame.Rect, y: int, rows: list[tuple[str, str]]) -> None:
        """Label over value, each value whole; the date gives way when four long names and a long
        progress line leave no room above the buttons (the list's row has the date, issue 32)."""
        bottom = r.bottom - 72  # above the Load and Delete buttons
        font = fonts.typewriter(15)
        step = font.get_linesize() + 1
        for key, value in rows:
            if key == _("Saved") and y + 15 + len(draw.wrap(value, font, r.w - 40)) * step > bottom:
                continue
            draw.text(surface, key.upper(), (r.x + 20, y), size=13, bold=True, colour=FADED)
            y += 15 + draw.text_block(surface, value, (r.x + 20, y + 15, r.w - 40, max(step, bottom - y - 15)),
                                      size=15, colour=INK, line_gap=1)
            y += 5
