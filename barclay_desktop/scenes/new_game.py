"""New game: which game, who sits at each seat (human or computer level), names, seed,
and whether private information is hidden between turns."""

from __future__ import annotations

import pygame
import pygame_gui

from .. import games
from ..checked_json import DamagedFile
from ..i18n import NP_, _, pgettext, translate
from ..rules import game_class
from ..ui import draw, fonts, gui
from ..ui.palette import FADED, STAMP_RED
from .base import GuiScene
from .menu import draw_desk

FORM = pygame.Rect(220, 20, 840, 680)  # the whole height but a 20 px margin: Stawka adds a choice row
HUMAN_LABEL = NP_("player kind", "Human")
# The computer's levels as the form names them (ai.LEVEL_ORDER); an unknown one is shown as it is.
LEVEL_NAMES = {"random": NP_("computer level", "Random"), "easy": NP_("computer level", "Easy"),
               "normal": NP_("computer level", "Normal"), "hard": NP_("computer level", "Hard")}
SEED_GAP = 16  # between the last seat row and the seed row
OPTION_ROW = 104  # below the seed row, after the curtain box
# A game with drop-down choices (Stawka's scenario) packs the rows closer to make room for their note.
CHOICE_HIDE_ROW, CHOICE_ROW, CHOICE_NOTE_H = 52, 90, 36
NOTES_ROW, NOTES_GAP = 120, 24  # the level notes; pushed down under a game's options
# The choice row starts left of the seat fields: a saved scenario's whole name ("Free: " and 24 letters, longer in
# Polish) fits its field beside Kloss's document (230 px, as before, for "Kloss: Oberleutnant").
CHOICE_X, CHOICE_W = 200, 360
LIST_BOTTOM = 712  # an open list ends 8 px above the window's edge: the seven scenarios fit it without scrolling


def level_name(level: str) -> str:
    """'Easy', 'Normal'... in the player's language."""
    return pgettext("computer level", LEVEL_NAMES[level]) if level in LEVEL_NAMES else level.capitalize()


def computer_levels(game_id: str) -> list[tuple[str, str]]:
    """(level id, label) pairs from barclay_desktop.ai.available_levels ([] when a game has no AI),
    the labels in the player's language."""
    from .. import ai

    levels = getattr(ai, "available_levels", None)
    if not callable(levels):
        return []
    return [(lv, level_name(lv)) if isinstance(lv, str) else (lv[0], lv[1]) for lv in levels(game_id)]


def computer_option(label: str) -> str:
    return _("Computer: {level}").format(level=label)


def seat_options(game_id: str) -> list[str]:
    return [pgettext("player kind", HUMAN_LABEL)] + [computer_option(label) for _lv, label in computer_levels(game_id)]


class NewGameScene(GuiScene):
    name = "new_game"
    cache_background = True

    def __init__(self, app, game_id: str | None = None):
        super().__init__(app)
        self.game_ids = games.playable_ids()
        self.game_id = game_id if game_id in self.game_ids else (self.game_ids[0] if self.game_ids else None)
        self.error = ""
        self.widgets: list = []
        self.seat_rows: list[tuple[str, object, object]] = []  # (seat, kind dropdown, name entry)
        self.game_buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.seed_entry = None
        self.hide_box = None
        self.option_boxes: dict[str, object] = {}  # option key -> check box (the descriptor's options)
        self.choice_menus: dict[str, object] = {}  # choice key -> drop-down (the descriptor's choices)
        self.picked: dict[str, str] = {}  # choice key -> the value picked (kept when the drop-downs are rebuilt)
        self.picks: dict[str, tuple] = {}  # choice key -> its picks, the saved free scenarios read when built
        self.start_button = None
        self.back_button = None
        self.delete_button = None  # shown while a saved free scenario is picked
        self.confirm = None  # the question before deleting it
        self.forgetting: tuple[str, str] | None = None  # (value, name) of the saved pick the question is about

    def build(self) -> None:
        x = FORM.x + 40
        for i, gid in enumerate(self.game_ids):
            self.game_buttons[gid] = gui.button(self.ui, (x + i * 256, FORM.y + 130, 240, 44),
                                                _(games.descriptor(gid).tab))
        self.back_button = gui.button(self.ui, (FORM.x + 40, FORM.bottom - 70, 160, 46), _("Back"))
        self.start_button = gui.button(self.ui, (FORM.right - 260, FORM.bottom - 70, 220, 46), _("Start the game"),
                                       object_id="@primary")
        self.delete_button = gui.button(self.ui, (FORM.centerx - 120, FORM.bottom - 70, 240, 46),
                                        _("Delete scenario"), object_id="@danger")
        self.delete_button.hide()
        self.rebuild_game_fields()

    def rebuild_game_fields(self) -> None:
        for widget in self.widgets:
            widget.kill()
        self.widgets, self.seat_rows, self.option_boxes = [], [], {}
        for gid, button in self.game_buttons.items():
            (button.select if gid == self.game_id else button.unselect)()
        if self.game_id is None:
            self.start_button.disable()
            self.delete_button.hide()
            return
        cls = game_class(self.game_id)
        options = seat_options(self.game_id)
        x, y = FORM.x + 40, FORM.y + 226
        for i, seat in enumerate(cls.SEATS):
            side = translate(cls.SEAT_NAMES.get(seat, seat))
            kind = gui.dropdown(self.ui, options, options[0], (x + 200, y + i * 56, 250, 42))
            name = pygame_gui.elements.UITextEntryLine(pygame.Rect(x + 470, y + i * 56, 290, 42), self.ui,
                                                       placeholder_text=_("{side} player's name").format(side=side))
            name.set_text_length_limit(24)
            self.widgets += [kind, name]
            self.seat_rows.append((seat, kind, name))
        y += len(cls.SEATS) * 56 + SEED_GAP
        self.seed_entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(x + 200, y, 250, 42), self.ui,
                                                              placeholder_text=pgettext("seed", "random"))
        self.seed_entry.set_allowed_characters("numbers")
        self.seed_entry.set_text_length_limit(18)
        self.hide_box = gui.checkbox(self.ui, (x, y + (CHOICE_HIDE_ROW if self.descriptor().choices else 70), 28, 28),
                                     _("Hide private information between turns (hot-seat curtain)"),
                                     checked=self.app.settings.hide_private)
        self.widgets += [self.seed_entry, self.hide_box]
        for i, option in enumerate(games.descriptor(self.game_id).options):
            self.option_boxes[option.key] = gui.checkbox(self.ui, (x, y + OPTION_ROW + 36 * i, 28, 28), _(option.label),
                                                         checked=option.default)
        self.widgets += list(self.option_boxes.values())
        self.rebuild_choices()
        self.start_button.enable()

    def descriptor(self):
        return games.descriptor(self.game_id)

    def shown_choices(self) -> list:
        """The descriptor's choices shown now: those whose `when` holds for what is picked."""
        out = []
        for choice in self.descriptor().choices:
            if choice.when is None or choice.shows_for(self.picked.get(choice.when[0])):
                out.append(choice)
        return out

    def choice_row_y(self) -> int:
        return FORM.y + 226 + len(game_class(self.game_id).SEATS) * 56 + SEED_GAP + CHOICE_ROW

    def rebuild_choices(self) -> None:
        """The drop-downs of the game's choices, side by side in one row (the first is named at the left)."""
        for menu in self.choice_menus.values():
            menu.kill()
            if menu in self.widgets:
                self.widgets.remove(menu)
        self.choice_menus = {}
        for choice in self.descriptor().choices:
            self.picks[choice.key] = choice.all_picks()
            if self.picked.get(choice.key) not in {p.value for p in self.picks[choice.key]}:
                self.picked[choice.key] = choice.picks[0].value  # first time, or its saved scenario went away
        x, y = FORM.x + CHOICE_X, self.choice_row_y()
        widths = {0: CHOICE_W, 1: FORM.right - 40 - (FORM.x + CHOICE_X + CHOICE_W + 10)}
        for i, choice in enumerate(self.shown_choices()):
            labels = [self.pick_label(p) for p in self.picks[choice.key]]
            current = self.picked_pick(choice)
            # open, a list may cover the next field to the form's margin: its entries are never cut
            menu = gui.dropdown(self.ui, labels, self.pick_label(current), (x, y, widths.get(i, 250), 40),
                                list_right=FORM.right - 40, list_bottom=LIST_BOTTOM)
            self.choice_menus[choice.key] = menu
            self.widgets.append(menu)
            x += widths.get(i, 250) + 10
        (self.delete_button.show if self.saved_pick() else self.delete_button.hide)()

    def saved_pick(self):
        """The picked saved scenario the form offers to delete, if one is picked."""
        return next((p for p in map(self.picked_pick, self.shown_choices()) if p.saved_name), None)

    @staticmethod
    def pick_label(pick) -> str:
        if pick.playable or pick.value.startswith("free:"):  # a damaged file says so in its own label
            return _(pick.label)
        return _("{name} (coming)").format(name=_(pick.label))

    def picked_pick(self, choice):
        return next(p for p in self.picks.get(choice.key, choice.picks) if p.value == self.picked[choice.key])

    # ----- input -----
    def on_gui(self, event) -> bool:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            return self.on_choice(event)
        if event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and event.ui_element is self.confirm:
            self.delete_saved()
            return True
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        for gid, button in self.game_buttons.items():
            if event.ui_element is button:
                self.game_id = gid
                self.error = ""
                self.rebuild_game_fields()
                return True
        if event.ui_element is self.start_button:
            self.start()
            return True
        if event.ui_element is self.back_button:
            self.app.pop()
            return True
        if event.ui_element is self.delete_button:
            self.ask_delete()
            return True
        return False

    def asking(self) -> bool:
        return self.confirm is not None and self.confirm.alive()

    def ask_delete(self) -> None:
        """Never lose a saved scenario to one stray click: the form asks first, naming it."""
        pick = self.saved_pick()
        if pick is None or self.asking():
            return
        self.forgetting = (pick.value, pick.saved_name)
        question = _("Delete the saved scenario \u201c{name}\u201d? This cannot be undone.").format(
            name=pick.saved_name)
        self.confirm = gui.confirm_dialog(self.ui, (420, 240, 440, 230), question, title=_("Delete scenario"),
                                          action=_("Delete"), cancel=_("Cancel"))

    def delete_saved(self) -> None:
        """Delete the file asked about; the list is read again at once (the pick falls back to the first scenario)
        and a failure is said on the form, the file kept."""
        if self.forgetting is None:
            return
        value, name = self.forgetting
        self.forgetting = None
        try:
            self.descriptor().forgotten(value)
        except DamagedFile as refused:
            self.error = translate(refused.message)
        else:
            self.error = ""
            self.app.notify(_("The scenario \u201c{name}\u201d is deleted.").format(name=name))
        self.rebuild_choices()

    def on_choice(self, event) -> bool:
        for key, menu in self.choice_menus.items():
            if event.ui_element is menu:
                text = event.text
                pick = next(p for p in self.picks[key] if self.pick_label(p) == text)
                self.error = ""
                if pick.opens:  # the builder: the drop-down keeps what was picked until it returns a scenario
                    self.rebuild_choices()
                    self.app.push(games.load(pick.opens)(self.app, on_done=lambda value: self.use_pick(key, value)))
                    return True
                self.picked[key] = pick.value
                if any(c.when and c.when[0] == key for c in self.descriptor().choices):
                    self.rebuild_choices()  # a dependent choice appears or goes
                return True
        return False

    def use_pick(self, key: str, value: str) -> None:
        """A scene opened from a pick (the builder) made a new one: list it and pick it."""
        self.picked[key] = value
        self.error = ""
        self.rebuild_choices()

    def on_event(self, event) -> bool:
        if self.asking() and event.type == pygame.KEYDOWN:  # Esc is Cancel; Enter never starts a game behind it
            if event.key == pygame.K_ESCAPE:
                self.confirm.kill()
            return True
        return self.form_keys(event, self.start)

    def choices(self) -> dict:
        """What the form says now: game, seats (kind, level, name), seed, hide_private and the
        game's own options."""
        levels = dict((computer_option(label), lid) for lid, label in computer_levels(self.game_id))
        seats = []
        for seat, kind, name in self.seat_rows:
            picked = kind.selected_option[0] if isinstance(kind.selected_option, tuple) else kind.selected_option
            seats.append({"seat": seat, "kind": "computer" if picked in levels else "human",
                          "level": levels.get(picked), "name": name.get_text().strip()})
        seed_text = self.seed_entry.get_text().strip() if self.seed_entry else ""
        options = {key: bool(box.get_state()) for key, box in self.option_boxes.items()}
        options.update({c.key: self.picked[c.key] for c in self.shown_choices()})
        return {"game_id": self.game_id, "seats": seats, "seed": int(seed_text) if seed_text else None,
                "hide_private": bool(self.hide_box.get_state()) if self.hide_box else True,
                "options": options}

    def start(self) -> None:
        if self.game_id is None:
            return
        from ..session import GameSession, SeatSetup

        choice = self.choices()
        coming = [self.picked_pick(c) for c in self.shown_choices() if not self.picked_pick(c).playable]
        if coming:
            self.error = (_(coming[0].note) if coming[0].value.startswith("free:") else
                          _("{name} is not playable yet: choose another.").format(name=_(coming[0].label)))
            return
        cls = game_class(self.game_id)
        try:
            options = self.descriptor().expanded(choice["options"])
        except DamagedFile as refused:  # a saved scenario damaged since the form was opened: said, nothing lost
            self.error = translate(refused.message)
            self.rebuild_choices()
            return
        game = cls.new(options, seed=choice["seed"])
        seats = [SeatSetup(s["seat"], s["kind"], s["name"] or cls.SEAT_NAMES.get(s["seat"], s["seat"]), s["level"])
                 for s in choice["seats"]]
        session = GameSession(game, seats, hide_private=choice["hide_private"], store=self.app.store)
        session.autosave()
        self.app.sound.play("stamp")
        self.app.start_session(session)

    # ----- art -----
    def background_key(self):
        return self.game_id, self.error, self.computer_seats(), tuple(sorted(self.picked.items()))

    def computer_seats(self) -> tuple:
        """(seat, level) for each seat the form now gives to the computer."""
        if not self.seat_rows:
            return ()
        return tuple((s["seat"], s["level"]) for s in self.choices()["seats"] if s["kind"] == "computer")

    def draw_background(self, surface: pygame.Surface) -> None:
        draw_desk(surface, blotter=False)
        form = draw.paper_panel(surface, FORM, seed=51)
        draw.typed_heading(surface, _("Requisition for a new operation"), (form.x + 40, form.y + 24),
                           size=draw.fit_size(_("Requisition for a new operation"), form.w - 80, 36, face=fonts.SERIF,
                                              bold=True))
        draw.text(surface, _("FORM NG-1  -  fill in and sign"), (form.x + 42, form.y + 74), size=14, colour=FADED)
        draw.text(surface, _("1. THE FILE"), (form.x + 40, form.y + 104), size=15, bold=True)
        if self.game_id is None:
            draw.text(surface, _("No game is installed in this version."), (form.x + 40, form.y + 190), size=16,
                      colour=STAMP_RED)
            return
        cls = game_class(self.game_id)
        draw.text(surface, _("2. WHO SITS WHERE"), (form.x + 40, form.y + 196), size=15, bold=True)
        for i, seat in enumerate(cls.SEATS):
            side = translate(cls.SEAT_NAMES.get(seat, seat))
            draw.text(surface, side, (form.x + 40, form.y + 236 + i * 56),
                      size=draw.fit_size(side, 190, 18, bold=True), bold=True, box=(form.x + 40, 0, 190, 720))
        y = form.y + 226 + len(cls.SEATS) * 56 + SEED_GAP
        self.draw_seed_labels(surface, form, y)
        if not computer_levels(self.game_id):
            draw.text(surface, _("Computer opponents are not available for this game yet."),
                      (form.x + 40, y + 116), size=14, colour=FADED)
        options = games.descriptor(self.game_id).options
        for i, option in enumerate(options):
            label_width = fonts.typewriter(16).size(_(option.label))[0]  # the check box's label, drawn by pygame_gui
            note = _("({note})").format(note=_(option.off_note))
            left = form.x + 40 + 50 + label_width
            box = pygame.Rect(left, y + OPTION_ROW + 36 * i, form.right - 40 - left, 34)  # to the form's margin
            size = draw.fit_size(note, box.w, 14, smallest=12)
            if fonts.typewriter(size).size(note)[0] <= box.w:
                draw.text(surface, note, (box.x, box.y + 6), size=size, colour=FADED, box=box)
            else:  # two small lines beside the box rather than past the form's edge
                draw.text_block(surface, note, box, size=11, colour=FADED, line_gap=0)
        notes_y = y + (OPTION_ROW + 36 * len(options) + 6 if options else NOTES_ROW)
        if self.descriptor().choices:
            notes_y = self.draw_choice_notes(surface, form)
        self.draw_level_notes(surface, cls, (form.x + 40, notes_y), 22 if options else NOTES_GAP)
        if self.error:
            draw.text(surface, self.error, (form.x + 40, form.bottom - 110), size=16, bold=True, colour=STAMP_RED)

    @staticmethod
    def draw_seed_labels(surface: pygame.Surface, form: pygame.Rect, y: int) -> None:
        """The seed field's name at its left and what a seed does at its right."""
        label = _("Seed (optional)")
        # 20 px short of the field, so a long name (Polish "Ziarno (opcjonalne)") never touches it
        draw.text(surface, label, (form.x + 40, y + 10), size=draw.fit_size(label, 180, 16),
                  box=(form.x + 40, y, 180, 42))
        hint, hint_box = _("same seed, same shuffle"), pygame.Rect(form.x + 510, y, form.right - 40 - form.x - 510, 42)
        font = fonts.typewriter(14)
        lines = len(draw.wrap(hint, font, hint_box.w))
        # one line sits on the field's middle, like the labels at the left; two fill its height
        top = hint_box.y + max(0, (hint_box.h - lines * font.get_linesize()) // 2)
        draw.text_block(surface, hint, (hint_box.x, top, hint_box.w, hint_box.bottom - top), size=14, colour=FADED,
                        line_gap=0)

    def draw_choice_notes(self, surface: pygame.Surface, form: pygame.Rect) -> int:
        """The first choice's name at the left of its row, and under the row what the picks mean;
        returns where the level notes may begin."""
        shown = self.shown_choices()
        y = self.choice_row_y()
        label = _(shown[0].label)
        draw.text(surface, label, (form.x + 40, y + 10), size=draw.fit_size(label, CHOICE_X - 50, 16),
                  box=(form.x + 40, y, CHOICE_X - 50, 40))
        notes = [_(self.picked_pick(c).note) for c in shown]
        line = notes[0]
        if len(notes) > 1:
            line = _("{first} {label}: {second}.").format(first=notes[0], label=_(shown[1].label), second=notes[1])
        box = pygame.Rect(form.x + 40, y + 46, form.w - 80, CHOICE_NOTE_H)
        coming = not self.picked_pick(shown[0]).playable
        size = draw.fit_block_size(line, box, 14, line_gap=0, smallest=11)  # the box holds two lines at most
        draw.text_block(surface, line, box, size=size, colour=STAMP_RED if coming else FADED, line_gap=0)
        return box.bottom + 4

    def draw_level_notes(self, surface: pygame.Surface, cls, at: tuple[int, int], gap: int = NOTES_GAP) -> None:
        """What each computer seat will play like, so the level is an informed choice."""
        from ..ai import level_note

        seats = self.computer_seats()
        if not seats:
            return
        x, y = at
        first = (_("Every seat is a computer: you watch the game (Esc pauses it).")
                 if len(seats) == len(self.seat_rows) else
                 _("Computer players see only what a person in their seat would see."))
        column = pygame.Rect(x, y, FORM.right - 40 - x, FORM.bottom - 74 - y)  # down to the Back button
        lines = [first]
        for seat, level in seats:
            note = level_note(self.game_id, level, seat)
            if note:
                lines.append(_("{side}, {level}: {note}").format(side=translate(cls.SEAT_NAMES.get(seat, seat)),
                                                                 level=level_name(level), note=_(note)))
        # each note wraps when a language needs more than one line, in smaller type when the
        # column is short (issue 37: Dutch and Polish run longer); the next note goes below it
        size = next((size for size in (14, 13, 12) if notes_height(lines, size, column.w, gap) <= column.h), 11)
        gap -= 14 - size
        for line in lines:
            font = fonts.typewriter(size)
            y += draw.text_block(surface, line, (x, y, column.w, column.bottom - y), size=size, colour=FADED,
                                 line_gap=0) + gap - font.get_linesize()


def notes_height(lines: list[str], size: int, width: int, gap: int) -> int:
    """How tall the level notes are in type `size`: one `gap` per note, a line height per extra line."""
    font = fonts.typewriter(size)
    gap -= 14 - size
    return sum(gap + (len(draw.wrap(line, font, width)) - 1) * font.get_linesize() for line in lines)
