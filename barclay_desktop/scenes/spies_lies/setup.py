"""Spies & Lies table options, shown once before a new game: two players or two teams of two
(S7), and strict or "open table" deployment (S9). Also the game-over panel.

The new-game form creates a two-player strict game; choosing other options here replaces it
with a fresh game of the same seats' people (the Missions 1-2 / 3-4 players named here) and
starts the table. Nothing private exists yet, so this scene needs no curtain.

A lesson (issue 40) meets this form first: its script has set the table, so the coach's card stands
over the form, Next (Enter, or Begin) goes on to the table and any other choice is refused with the
step's reason."""

from __future__ import annotations

import pygame
import pygame_gui

from ...i18n import N_, NP_, _, pgettext
from ...ui import draw, fonts
from . import cards as sc
from ...ui.palette import BRASS, FADED, INK, PAPER, STAMP_RED
from ..base import GuiScene
from ..coach import CoachedForm, CoachLayer
from ..menu import draw_desk
from ...session import COMPUTER
from .table_art import spy_space

FORM = pygame.Rect(160, 40, 960, 640)
TEAM_SEATS = ("red1", "red2", "blue1", "blue2")
TEAM_ROW_Y, TEAM_ROW_STEP = 474, 46  # the team name rows, clear of the Begin button below them
CHOICES = {  # marked here, translated where drawn
    "players": (("two", N_("Two players"), N_("Red against blue, one player a side.")),
                ("teams", N_("Two against two"), N_("Teams: one partner plays Missions 1-2, the other 3-4."))),
    "table": (("strict", N_("Strict table"), N_("The app refuses an out-of-order line-up and places the "
                                                "intelligence chips truthfully; only the Sergeant's chip is yours "
                                                "to choose.")),
              ("open", N_("Open table"), N_("Deploy and place chips freely, as on a real table; a broken rule is "
                                            "warned about privately and punished when the troop is revealed."))),
}
GROUP_LABELS = {"players": N_("1. WHO PLAYS"), "table": N_("2. DEPLOYMENT")}
SEAT_HINTS = {"red1": N_("Red Missions 1-2"), "red2": N_("Red Missions 3-4"),
              "blue1": N_("Blue Missions 1-2"), "blue2": N_("Blue Missions 3-4")}
TEAM_NAMES = {"red": N_("Red team"), "blue": N_("Blue team")}
LEVEL_WORDS = {"random": NP_("computer level", "Random"), "easy": NP_("computer level", "Easy"),
               "normal": NP_("computer level", "Normal"), "hard": NP_("computer level", "Hard")}
END_WORDS = {"flag": N_("Flag captured"), "flag_void": N_("Flag capture void (line-up out of order)"),
             "position": N_("Double spy's position after day 3"), "points": N_("Infiltration points after day 3"),
             "draw": N_("Draw")}
LINE_UP_HEADS = {"red": N_("RED LINE-UP, DAY {day}"), "blue": N_("BLUE LINE-UP, DAY {day}")}


class SpiesSetupScene(CoachedForm, GuiScene):
    name = "spies_setup"

    def __init__(self, app, session):
        super().__init__(app)
        self.session = session
        options = session.game.view(None)["options"]  # public: both sides set the table up
        self.players = "teams" if options["teams"] else "two"
        self.table = "open" if options["open_table"] else "strict"
        self.names: dict[str, pygame_gui.elements.UITextEntryLine] = {}
        self.mouse = (0, 0)
        self.coach = CoachLayer(self)

    # ----- controls ------------------------------------------------------------------------
    def option_rects(self) -> dict[tuple[str, str], pygame.Rect]:
        out = {}
        for row, (group, options) in enumerate(CHOICES.items()):
            for i, (key, _t, _d) in enumerate(options):
                out[(group, key)] = pygame.Rect(FORM.x + 40 + i * 450, FORM.y + 130 + row * 170, 430, 130)
        return out

    def begin_rect(self) -> pygame.Rect:
        return pygame.Rect(FORM.right - 300, FORM.bottom - 72, 260, 48)

    def build(self) -> None:
        self.rebuild_names()

    def rebuild_names(self) -> None:
        for entry in self.names.values():
            entry.kill()
        self.names = {}
        if self.players != "teams":
            return
        base = {side: self.side_name(side) for side in ("red", "blue")}
        for i, seat in enumerate(TEAM_SEATS):
            side = seat[:-1]
            x = FORM.x + 230 + (i % 2) * 330
            y = FORM.y + TEAM_ROW_Y + (i // 2) * TEAM_ROW_STEP
            entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(x, y, 300, 38), self.ui,
                                                        placeholder_text=_(SEAT_HINTS[seat]))
            name = base[side]
            if name and not name.startswith(side.capitalize()):
                entry.set_text(name if seat.endswith("1") else "")
            entry.set_text_length_limit(20)
            self.names[seat] = entry

    def two_player_note(self) -> str:
        setups = {side: self.side_setup(side) for side in ("red", "blue")}
        computer = [(side, s) for side, s in setups.items() if s is not None and s.kind == COMPUTER]
        if not computer:
            return _("Players pass the computer between turns; the curtain hides each line-up.")
        if len(computer) == 2:
            return _("The computer plays both sides; watch the operation unfold.")
        side, setup = computer[0]
        level = setup.level or ""
        level = pgettext("computer level", LEVEL_WORDS[level]) if level in LEVEL_WORDS else level.capitalize()
        if side == "red":
            return _("The computer plays red ({level}); it sees only what red may see.").format(level=level)
        return _("The computer plays blue ({level}); it sees only what blue may see.").format(level=level)

    def side_setup(self, side: str):
        seats = self.session.seats
        return seats.get(side) or seats.get(side + "1")

    def side_name(self, side: str) -> str:
        """The name typed for a side on the new-game form (or its first team player's)."""
        seats = self.session.seats
        seat = side if side in seats else side + "1"
        return self.session.player_name(seat) if seat in seats else ""

    # ----- input ------------------------------------------------------------------------------
    def on_event(self, event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            return False
        if self.session.coaching and self.lesson_event(event):
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.begin()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.go_to_menu()
            return True
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return False
        for (group, key), rect in self.option_rects().items():
            if rect.collidepoint(event.pos):
                self.choose(group, key)
                return True
        if self.begin_rect().collidepoint(event.pos):
            self.begin()
            return True
        return False

    def lesson_event(self, event) -> bool:
        """In a lesson: Next, Enter or Begin go on to the table; the options are the script's."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.begin_lesson()
            return True
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return False
        next_button = self.coach.buttons.get("next")
        if self.begin_rect().collidepoint(event.pos) or (next_button and next_button.collidepoint(event.pos)):
            self.begin_lesson()
            return True
        if self.coach.handle_event(event):  # Play on freely, or a click on the card
            return True
        if any(rect.collidepoint(event.pos) for rect in self.option_rects().values()):
            self.show_message(self.session.coach.refusal() or _("In the lesson the table is set for you."), warn=True)
            return True
        return False

    def begin_lesson(self) -> None:
        if self.session.coach.current.kind == "talk":
            self.session.coach_next()
        self.begin()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.coach.update(dt)
        if self.session.coaching and self.session.coach.step > 0 and self.app.stack.top is self:
            self.begin()  # a lesson saved on its table before its first move: the form was passed already

    def needs_frames(self) -> bool:
        from ..game_table import ATTENTION_SECONDS

        lesson = self.session.coaching and (self.coach.time < ATTENTION_SECONDS or self.session.coach.step > 0)
        return lesson or super().needs_frames()  # the ring marches a while, as on a table

    def draw_overlay(self, surface) -> None:
        self.coach.draw(surface)

    def choose(self, group: str, key: str) -> None:
        if group == "players" and key != self.players:
            self.players = key
            self.rebuild_names()
        elif group == "table":
            self.table = key

    def begin(self) -> None:
        session = self.make_session()
        session.autosave()
        self.app.sound.play("stamp")
        self.app.start_session(session, with_setup=False)

    def make_session(self):
        """The session to play: the form's own, or a fresh game with the chosen options."""
        from ...session import GameSession, SeatSetup

        old = self.session
        options = {"teams": self.players == "teams", "open_table": self.table == "open"}
        if options == old.game.view(None)["options"]:
            return old
        game = old.game.redealt(options)
        seats = []
        for seat in game.seats:
            side = game.side_of(seat)
            was = self.side_setup(side)  # human or computer (and its level) as chosen on the form
            typed = self.names[seat].get_text().strip() if seat in self.names else ""
            name = typed or (self.side_name(side) if seat == side else game.seat_name(seat))
            if was is not None and was.kind != "human":
                name = typed or was.name or name
            seats.append(SeatSetup(seat, was.kind if was else "human", name, was.level if was else None))
        return GameSession(game, seats, hide_private=old.hide_private, store=old.store,
                           player_factory=old.player_factory)

    # ----- art ----------------------------------------------------------------------------------
    def draw_background(self, surface) -> None:
        draw_desk(surface, blotter=False)
        form = draw.paper_panel(surface, FORM, seed=52)
        pygame.draw.rect(surface, sc.RED, (form.x, form.y, form.w // 2, 8))
        pygame.draw.rect(surface, sc.BLUE, (form.centerx, form.y, form.w // 2, 8))
        draw.typed_heading(surface, _("Stratego Spies & Lies: the table"), (form.x + 40, form.y + 24), size=36)
        draw.text(surface, _("FORM SL-2  -  how do you want to play?"), (form.x + 42, form.y + 74), size=14,
                  colour=FADED)
        for (group, key), rect in self.option_rects().items():
            if key == CHOICES[group][0][0]:
                draw.text(surface, _(GROUP_LABELS[group]), (rect.x, rect.y - 24), size=15, bold=True)
            self.draw_option(surface, rect, group, key)
        if self.players == "teams":
            y = form.y + 456
            draw.text(surface, _("3. THE FOUR AGENTS (names optional)"), (form.x + 40, y - 4), size=15, bold=True)
            for k, side in enumerate(("red", "blue")):
                row_y = form.y + TEAM_ROW_Y + 9 + k * TEAM_ROW_STEP
                label = _(TEAM_NAMES[side])
                room = pygame.Rect(form.x + 60, row_y - 4, 160, 28)  # up to the name fields
                draw.text(surface, label, (room.x, row_y), size=sc.fit_size(label, room.w, 16, bold=True),
                          bold=True, colour=sc.side_rgb(side), box=room)
        else:
            note = self.two_player_note()
            room = pygame.Rect(form.x + 40, form.y + 470, form.w - 80, 22)
            draw.text(surface, note, room.topleft, size=sc.fit_size(note, room.w, 15), colour=FADED, box=room)
        rect = self.begin_rect()
        hover = rect.collidepoint(self.mouse)
        pygame.draw.rect(surface, sc.RED if not hover else sc.darker(sc.RED, 20), rect, border_radius=6)
        pygame.draw.rect(surface, BRASS, rect, 2, border_radius=6)
        begin = _("Begin the operation")
        draw.text(surface, begin, rect.center, size=sc.fit_size(begin, rect.w - 16, 17, bold=True), bold=True,
                  colour=PAPER, anchor="center", box=rect)
        draw.faded(surface, _("Esc: back to the menu"), (form.x + 40, form.bottom - 52))

    def draw_option(self, surface, rect, group, key) -> None:
        chosen = (self.players if group == "players" else self.table) == key
        title, text = next((t, d) for k, t, d in CHOICES[group] if k == key)
        pygame.draw.rect(surface, (247, 240, 221) if chosen else (232, 222, 198), rect, border_radius=8)
        pygame.draw.rect(surface, BRASS if chosen else FADED, rect, 4 if chosen else 1, border_radius=8)
        if rect.collidepoint(self.mouse) and not chosen:
            pygame.draw.rect(surface, BRASS, rect, 2, border_radius=8)
        title, text = _(title), _(text)
        stamp = _("CHOSEN")
        stamp_w = fonts.serif(16, bold=True).size(stamp)[0] + 2 * draw.stamp_pad(16) + 8 if chosen else 0
        room = pygame.Rect(rect.x + 18, rect.y + 10, rect.w - 36 - stamp_w, 30)
        draw.text(surface, title, (room.x, rect.y + 14), size=sc.fit_size(title, room.w, 20, bold=True, smallest=14),
                  bold=True, colour=INK, box=room)
        box = pygame.Rect(rect.x + 18, rect.y + 46, rect.w - 36, rect.h - 54)
        draw.text_block(surface, text, box, size=sc.block_size(text, box.w, box.h, 14), colour=FADED)
        if chosen:
            draw.stamp(surface, stamp, (rect.right - 16 - stamp_w // 2, rect.y + 26), size=16, angle=-8)


# ----- game over ---------------------------------------------------------------------------------
def side_winner_text(session, winner: str) -> str:
    """'Blue wins (Anna & Ben)', or just 'Blue wins' when the players kept the side's name
    (never 'Blue wins: Blue', issue 32)."""
    seats = [seat for seat in session.game.seats if session.game.side_of(seat) == winner]
    names = [session.player_name(seat) for seat in seats]
    names = [n for n, seat in zip(names, seats) if n and n != session.game.seat_name(seat)]
    if not names:
        return side_wins(winner)
    together = " & ".join(names)
    if winner == "red":
        return _("Red wins ({names})").format(names=together)
    return _("Blue wins ({names})").format(names=together)


def side_wins(winner: str) -> str:
    return _("Red wins") if winner == "red" else _("Blue wins")


def winner_line(session, winner: str, width: int) -> str:
    """The winners beside the panel's title: with their names when they fit, else the side alone
    (the game-over page's headline names them in full)."""
    full = side_winner_text(session, winner)
    fits = fonts.typewriter(14, bold=True).size(full)[0] <= width
    return full if fits else side_wins(winner)


def draw_game_over_panel(surface, rect, session) -> None:
    """The end of the operation: the double spy's place, the towers and the last line-ups (public)."""
    view = session.game.view(None)
    r = draw.paper_panel(surface, rect, tint=(226, 214, 186), lifted=False, seed=72)
    title = draw.text(surface, _("THE OPERATION'S END"), (r.x + 16, r.y + 12), size=14, bold=True, colour=FADED)
    kind = getattr(session.game.result, "kind", "")
    reason = _(END_WORDS[kind]) if kind in END_WORDS else kind
    room = pygame.Rect(r.x + 16, r.y + 34, r.w - 32, 24)
    draw.text(surface, reason, room.topleft, size=sc.fit_size(reason, room.w, 17, bold=True), bold=True,
              colour=STAMP_RED, box=room)
    winner = getattr(session.game.result, "winner", None)
    if winner in ("red", "blue"):  # a side: name its players (in team play the seats are red1/red2...)
        room = pygame.Rect(title.right + 16, r.y + 12, r.right - 16 - title.right - 16, title.h)
        draw.text(surface, winner_line(session, winner, room.w), room.topright,
                  size=14, bold=True, colour=sc.side_rgb(winner), anchor="topright", box=room)
    line = spy_place_line(spy_space(view), view["track"]["gate"])
    room = pygame.Rect(r.x + 16, r.y + 64, r.w - 32, 22)
    draw.text(surface, line, room.topleft, size=sc.fit_size(line, room.w, 15), box=room)
    towers = _("Towers: Red {red}  -  Blue {blue}").format(red=view["scores"]["red"], blue=view["scores"]["blue"])
    draw.text(surface, towers, (r.x + 16, r.y + 90), size=15)
    for k, side in enumerate(("red", "blue")):
        y = r.y + 110 + k * 126
        draw.text(surface, _(LINE_UP_HEADS[side]).format(day=view["day"]), (r.x + 16, y), size=13, bold=True,
                  colour=sc.side_rgb(side))
        for i, slot in enumerate(view["sides"][side]["missions"]):
            cell = pygame.Rect(r.x + 16 + i * 92, y + 16, 84, 104)
            troop = slot.get("troop")
            if troop:
                surface.blit(sc.troop_face(side, troop["rank"], troop["name"], troop["name_nl"], cell.size), cell)
            elif slot["occupied"]:
                surface.blit(sc.troop_back(side, cell.size), cell)
            else:
                surface.blit(sc.empty_slot(cell.size, ""), cell)


def spy_place_line(spy: int, gate: int) -> str:
    """Where the double spy ended, in the player's language."""
    if spy == 0:
        return _("Double spy: on the neutral centre")
    owner = _("Blue") if spy > 0 else _("Red")
    if abs(spy) > gate:
        return _("Double spy: on {owner}'s flag").format(owner=owner)
    return _("Double spy: {n} deep in {owner}'s territory").format(n=abs(spy), owner=owner)
