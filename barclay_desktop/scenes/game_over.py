"""Game over: who won and why, the session's statistics, and the game's own panel
(TableEntry.game_over_panel, e.g. Barclay's revealed layout)."""

from __future__ import annotations

import pygame
import pygame_gui

from ..i18n import _, and_list, translate
from ..ui import draw, fonts, gui
from ..ui.palette import FADED, INK, STAMP_RED
from .base import GuiScene
from .menu import stamp_size
from .pause import dim
from ..session import elapsed_text

PANEL = pygame.Rect(120, 60, 1040, 600)
GAME_PANEL = pygame.Rect(PANEL.x + 500, PANEL.y + 120, 500, 380)


def winner_text(session) -> str:
    result = session.game.result
    if result is None:
        return _("The game is not over.")
    if result.winner is None:
        return _("A draw")
    if result.winner in session.seats:
        name, side = session.player_name(result.winner), session.game.seat_name(result.winner)
        if name == side:
            return _("{side} wins").format(side=translate(side))
        return _("{name} ({side}) wins").format(name=name, side=translate(side))
    side_of = getattr(session.game, "side_of", None)
    team = [seat for seat in session.game.seats if side_of and side_of(seat) == result.winner]
    side = translate(session.game.SEAT_NAMES.get(result.winner, result.winner.capitalize()))
    names = [session.player_name(seat) for seat in team]
    if names and any(name != session.game.seat_name(seat) for name, seat in zip(names, team)):
        return _("{side} wins ({names})").format(side=side, names=and_list([translate(n) for n in names]))
    return _("{side} wins").format(side=side)


def stats_lines(session) -> list[tuple[str, str]]:
    s = session.stats
    rows = [(_("Time played"), elapsed_text(s.seconds)), (_("Actions"), str(s.actions))]
    for seat in session.game.seats:
        rows.append((_("Actions by {name}").format(name=translate(session.player_label(seat))),
                     str(s.actions_by_seat.get(seat, 0))))
    rows += [(_("Undos"), str(s.undos)), (_("Hints"), str(s.hints))]
    # the game's own words (issue 32), in the player's language (issue 37)
    rows += [(translate(label), translate(value))
             for label, value in type(session.game).summary_rows(session.game.summary() or {})]
    return rows


WINNER = pygame.Rect(PANEL.x + 30, PANEL.y + 46, 680, 68)  # left of the CASE CLOSED stamp


def draw_winner(surface: pygame.Surface, text: str) -> None:
    """The winner in the largest heading type that fits left of the stamp, else on two lines
    (issue 32: a team's two long names ran off the page, over the game's own panel)."""
    for size in (42, 34, 28):
        if fonts.serif(size, bold=True).size(text)[0] <= WINNER.w:
            draw.text(surface, text, WINNER.topleft, size=size, bold=True, face=fonts.SERIF, box=WINNER)
            return
    draw.text_block(surface, text, WINNER, size=26, bold=True, face=fonts.SERIF, line_gap=0, max_lines=2)


STAT_W = 408  # the statistics column: labels from its left, values to its right edge


def draw_stat(surface: pygame.Surface, pos, key: str, value: str) -> int:
    """One statistics row, its value at the right; a value too long for the room beside its label (a Stawka
    scenario's title and campaign step ran left over the label and off the page) goes whole on the lines
    under it. Returns the next row's y."""
    x, y = pos
    size = draw.fit_size(key, 300, 16, smallest=12)  # "Actions by" a long name, in Dutch
    label = draw.fit_line(key, fonts.typewriter(size), 300)
    draw.text(surface, label, (x, y), size=size, colour=FADED, box=(x, y, 300, 26))
    room = STAT_W - fonts.typewriter(size).size(label)[0] - 16
    if fonts.typewriter(16, bold=True).size(value)[0] <= room:
        draw.text(surface, value, (x + STAT_W, y), size=16, bold=True, anchor="topright")
        return y + 26
    three_lines = 3 * fonts.typewriter(13, bold=True).get_linesize()
    used = draw.text_block(surface, value, (x + 16, y + 22, STAT_W - 16, three_lines), size=13, bold=True, line_gap=0)
    return y + 22 + used + 6


class GameOverScene(GuiScene):
    name = "game_over"
    opaque = False
    cache_background = True

    def __init__(self, app, session):
        super().__init__(app)
        self.session = session
        self.buttons: dict = {}

    def enter(self) -> None:
        super().enter()
        # the last move's slip would lie over this page's buttons, and the page tells the end
        # anyway (issue 32); warnings (a failed save) stay
        self.app.notices = [notice for notice in self.app.notices if notice[2]]
        self.app.sound.play("stamp")

    def build(self) -> None:
        y = PANEL.bottom - 70
        self.next_game = self.campaign_next()
        self.buttons["table"] = gui.button(self.ui, (PANEL.x + 30, y, 260 if self.next_game is None else 240, 46),
                                           _("Look at the table"))
        if self.next_game is not None:  # a campaign goes on: that is the first choice, in the same row
            self.buttons["next"] = gui.button(self.ui, (PANEL.right - 730, y, 260, 46), _(self.next_game[0]),
                                              object_id="@primary")
            self.buttons["new"] = gui.button(self.ui, (PANEL.right - 460, y, 200, 46), _("New game"))
            self.buttons["menu"] = gui.button(self.ui, (PANEL.right - 250, y, 220, 46), _("Main menu"))
            return
        self.buttons["new"] = gui.button(self.ui, (PANEL.right - 490, y, 220, 46), _("New game"), object_id="@primary")
        self.buttons["menu"] = gui.button(self.ui, (PANEL.right - 250, y, 220, 46), _("Main menu"))

    def campaign_next(self):
        from .table_entry import entry_for

        hook = entry_for(self.session.game_id).next_game
        return hook(self.session) if hook is not None else None

    def start_next(self) -> None:
        """The campaign's next scenario, with the same seats, players and curtain setting."""
        from ..rules import game_class
        from ..session import GameSession

        _label, options = self.next_game
        game = game_class(self.session.game_id).new(options)
        session = GameSession(game, list(self.session.seats.values()), hide_private=self.session.hide_private,
                              store=self.app.store)
        session.autosave()
        self.app.go_to_menu()
        self.app.start_session(session)

    def on_gui(self, event) -> bool:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        if event.ui_element is self.buttons["table"]:
            self.app.pop()
        elif event.ui_element is self.buttons.get("next"):
            self.start_next()
        elif event.ui_element is self.buttons["new"]:
            from .new_game import NewGameScene

            self.app.go_to_menu()
            self.app.push(NewGameScene(self.app, self.session.game_id))
        elif event.ui_element is self.buttons["menu"]:
            self.app.go_to_menu()
        else:
            return False
        return True

    def on_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.app.go_to_menu() if event.key != pygame.K_ESCAPE else self.app.pop()
        return True

    def draw_background(self, surface: pygame.Surface) -> None:
        dim(surface, 170)
        p = draw.paper_panel(surface, PANEL, seed=71)
        draw.text(surface, _("FINAL REPORT"), (p.x + 32, p.y + 24), size=16, bold=True, colour=FADED)
        draw_winner(surface, winner_text(self.session))
        closed = _("CASE CLOSED")
        draw.stamp(surface, closed, (p.right - 170, p.y + 70), size=stamp_size(closed, 300, 34), angle=-9)
        result = self.session.game.result
        reason = translate(result.reason) if result else ""
        draw.text_block(surface, reason, (p.x + 32, p.y + 112, 440, 84), size=17, colour=INK)  # three lines
        y = p.y + 200
        for key, value in stats_lines(self.session):
            y = draw_stat(surface, (p.x + 32, y), key, value)
            if y > p.bottom - 100:
                break
        self._draw_game_panel(surface)

    def _draw_game_panel(self, surface: pygame.Surface) -> None:
        from .table_entry import entry_for

        entry = entry_for(self.session.game_id)
        if entry.game_over_panel is not None:
            entry.game_over_panel(surface, GAME_PANEL, self.session)
            return
        r = draw.paper_panel(surface, GAME_PANEL, tint=(226, 214, 186), lifted=False, seed=72)
        draw.text(surface, _("THE PUBLIC RECORD"), (r.x + 16, r.y + 12), size=14, bold=True, colour=FADED)
        events = self.session.game.events_for(None)[-12:]
        for i, event in enumerate(events):
            draw.text(surface, draw.fit_line(translate(event.text), fonts.typewriter(15), r.w - 32), (r.x + 16, r.y + 40 + i * 26), size=15,
                      colour=STAMP_RED if i == len(events) - 1 else INK)
