"""Evidence Results played out step by step, the month summary, and the game-over panel.

BarclayResultsScene is a see-through overlay over the table: it shows only public
events (the ones the table just received with `to=None`) one at a time, each with a
highlight on the board, so both players can follow the reveal, effects (Abwehr first),
fixes, the two hands, the bets, the Recon/Raid counts and the flips."""

from __future__ import annotations

import pygame

from ...rules.barclay.cards import cards_by_id
from ...rules.barclay.state import ABWEHR, LCS, SECTOR_NAMES, SECTORS
from ...rules.barclay.view import leak_cards_in_view
from ...rules.core.words import count
from ...settings import animation_seconds
from . import cards as bc
from ...ui import draw, fonts
from .board import BoardMap
from ...ui.palette import ALLIED, AXIS, BRASS, FADED, INK, PAPER, STAMP_RED
from ..base import Scene
from ..game_table import NUMBER_KEYS

PANEL = pygame.Rect(16, 280, 808, 432)
CARD = (60, 84)
CARD_LIFT = 16  # a replacement lies this much higher than the card it replaced, whose icons show below
ROW_PITCH = CARD[1] + CARD_LIFT
BET_X, HAND_X = 514, 566  # the bet token and the hand's name, right of Ultra (x 440..500)
FOOTER_H = 48
WATCH_LINGER = 2.5  # seconds the last step stays up in a watched game before the table goes on
STEP_SECONDS = 1.6
SHOWN_KINDS = ("reveal", "replace", "fix", "hands", "alpha", "award", "bets", "beta", "recon", "leak", "flip", "flip_none",
               "blank", "month", "game_over")
TITLES = {
    "reveal": "Face-down cards turned up",
    "replace": "Replacement",
    "fix": "Value and colour fixed",
    "hands": "The hands",
    "alpha": "Alpha box",
    "award": "Evidence awarded",
    "bets": "Assessments revealed",
    "beta": "Beta box",
    "recon": "Recon / Raid",
    "leak": "A leak",
    "flip": "Intelligence token turned",
    "flip_none": "Evidence ignored",
    "month": "A new month",
    "game_over": "Game over",
}


def reconstruct(snapshot: dict, reveal_ids: list[str]) -> dict[str, list[str | None]]:
    """Each seat's five cards from the last public tableaux plus the reveal's card list (Abwehr first)."""
    out = {}
    queue = list(reveal_ids)
    for seat in (ABWEHR, LCS):
        row = list((snapshot.get("tableau") or {}).get(seat, []))
        cards: list[str | None] = []
        for slot in row:
            if slot.get("hidden") or not slot.get("face_up"):
                cards.append(queue.pop(0) if queue and slot.get("hidden") else slot.get("card"))
            else:
                cards.append(slot.get("card"))
        while len(cards) < 5 and queue and seat == LCS:
            cards.append(queue.pop(0))
        out[seat] = cards
    return out


def same_words(a: str, b: str) -> bool:
    """Whether `b` begins with the words of `a`, ignoring case, spaces and slashes
    ("RECON / RAID" and "Recon/Raid: ..."): the step's title is then not typed twice."""
    squash = lambda t: "".join(ch for ch in t.lower() if ch.isalnum())  # noqa: E731
    return squash(b).startswith(squash(a))


def step_line(e) -> str:
    """One step of the account: its title, then the rules' own sentence (once, if it starts with the title)."""
    label = TITLES.get(e.kind, e.kind)
    return e.text if same_words(label, e.text) else f"{label.upper()}: {e.text}"


def event_seat(e) -> str:
    return ABWEHR if e.text.startswith("The Abwehr") else LCS


class BarclayResultsScene(Scene):
    name = "barclay_results"
    opaque = False
    blocks_input = False  # what the table's decision panel is offered falls through (meant_for_table)

    def __init__(self, app, session, events: list, snapshot: dict):
        super().__init__(app)
        self.session = session
        self.board = BoardMap.load()
        start = next((i for i, e in enumerate(events) if e.kind in ("reveal", "hands", "replace", "fix")), 0)
        self.events = [e for e in events[start:] if e.kind in SHOWN_KINDS]
        reveal = next((e for e in self.events if e.kind == "reveal"), None)
        shown = list((reveal.data or {}).get("shown", [])) if reveal else []
        self.cards = reconstruct(snapshot, shown) if snapshot.get("tableau") else None
        self.snapshot = snapshot
        self.fixed = self.fixed_values(session)
        self._fixed_version = getattr(session, "version", None)
        self.ultra = snapshot.get("ultra")
        self.month = snapshot.get("month")
        self.index = 0
        self.clock = 0.0
        self.next_up = next_decision(session)
        self.step_seconds = animation_seconds(app.settings, STEP_SECONDS)
        if self.step_seconds == 0.0:  # animations off: the whole account at once
            self.index = max(0, len(self.events) - 1)

    def fixed_values(self, session) -> dict[tuple[str, int], tuple]:
        """(seat, slot) -> (value, colour) the owners fixed: from the table as it was before these
        events (fixes made in earlier moves), the public table now (if the month is still on it)
        and the fix events shown here."""
        out = {}
        tables = ((self.snapshot or {}).get("tableau") or {}, session.game.view(None)["tableau"])
        for table in tables:
            for seat in (ABWEHR, LCS):
                for i, slot in enumerate(table.get(seat, [])):
                    if slot.get("value") is not None:
                        out[(seat, i)] = (slot["value"], slot.get("colour"))
        for e in self.events:
            data = e.data or {}
            if e.kind == "fix" and "slot" in data:
                out[(event_seat(e), data["slot"])] = (data.get("value"), data.get("colour"))
        return out

    def replacements(self) -> dict[tuple[str, int], str]:
        """(seat, slot) -> the card laid on top (B6): replacements made in earlier moves, and the
        ones of these events once their step has been shown."""
        out = {}
        table = (self.snapshot or {}).get("tableau") or {}
        for seat in (ABWEHR, LCS):
            for i, slot in enumerate(table.get(seat, [])):
                if slot.get("replacement"):
                    out[(seat, i)] = slot["replacement"]
        for e in self.events[: self.index + 1]:
            data = e.data or {}
            if e.kind == "replace" and data.get("card") and "slot" in data:
                out[(event_seat(e), data["slot"])] = data["card"]
        return out

    def board_state(self) -> dict | None:
        """The evidence boxes and month these results are about, for the table under this panel,
        until the step that starts the next month is shown (None from then on: the table is current).
        'awarded' names each box's winner as its award step is shown."""
        if not self.snapshot or "boxes" not in self.snapshot:
            return None
        if any(e.kind in ("month", "game_over") for e in self.events[: self.index + 1]):
            return None
        awarded = {}
        for e in self.events[: self.index + 1]:
            data = e.data or {}
            if e.kind == "award" and data.get("box"):
                awarded[data["box"]] = data.get("winner")
        return {"month": self.snapshot.get("month"), "boxes": self.snapshot["boxes"], "awarded": awarded}

    # ----- flow -------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.keep_table_widgets_live(dt)
        self.clock += dt
        if self.step_seconds and self.clock >= self.step_seconds and self.index < len(self.events) - 1:
            self.clock = 0.0
            self.index += 1
            self.app.sound.play("type_tick")
        elif self.session.watched and self.index >= len(self.events) - 1 and self.clock >= WATCH_LINGER:
            self.close()  # nobody plays, so nobody would click on: the game goes on by itself

    def needs_frames(self) -> bool:
        """The account types itself out line by line; then it waits for a click (or, watched,
        closes by itself after a while)."""
        return self.index < len(self.events) - 1 or self.session.watched

    def handle_event(self, event) -> bool:
        if self.meant_for_table(event):
            return False  # the decision panel above this one (or the table's buttons) takes it
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RIGHT)):
            self.advance()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
            self.close()
            return True
        return event.type != pygame.MOUSEMOTION  # the table below still follows the pointer

    def keep_table_widgets_live(self, dt: float) -> None:
        """Only the top scene is updated, but the table's buttons under this panel take clicks
        (meant_for_table): its Pass button must appear when a decision taken there ends the
        turn, and its widgets must follow the pointer."""
        from .table import BarclayTableScene

        table = self.app.stack.find(BarclayTableScene)
        if table is not None and table.ui is not None:
            table.show_pass_button()
            table.ui.update(dt)

    def meant_for_table(self, event) -> bool:
        """Input for the table under this panel: a left click outside the panel on something the
        table offers now (its open decision panel, a control, its buttons), the number keys while
        a decision panel is open, and its widgets' own events."""
        from .table import BarclayTableScene

        table = self.app.stack.find(BarclayTableScene)
        if table is None:
            return False
        if event.type >= pygame.USEREVENT:
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button == 1:
            return not PANEL.collidepoint(event.pos) and table.wants_click(event.pos)
        if event.type == pygame.KEYDOWN and event.key in NUMBER_KEYS:
            return table.choice_open()
        return False

    def advance(self) -> None:
        if self.index < len(self.events) - 1:
            self.index += 1
            self.clock = 0.0
        else:
            self.close()

    def close(self) -> None:
        if self.app.stack.top is self:
            self.app.pop()

    # ----- drawing -------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        draw.paper_panel(surface, PANEL, seed=21)
        pygame.draw.rect(surface, BRASS, PANEL, 2)
        title = f"EVIDENCE RESULTS - MONTH {self.month}" if self.month else "EVIDENCE RESULTS"
        draw.typed_heading(surface, title, (PANEL.x + 20, PANEL.y + 6), size=24)
        draw.faded(surface, "click or Space: next step   Enter: skip", (PANEL.right - 16, PANEL.y + 14),
                   anchor="topright", size=12)
        y = PANEL.y + 48
        if getattr(self.session, "version", None) != self._fixed_version:  # a decision taken in the panel above
            self._fixed_version = self.session.version
            self.fixed = self.fixed_values(self.session)
            self.next_up = next_decision(self.session)
        if self.cards:
            y = self.draw_cards(surface, y)
        self.draw_steps(surface, y + 6)
        self.draw_highlight(surface)

    def draw_cards(self, surface, y) -> int:
        """Both tableaux as they count: fixed values, and a replacement laid over the card it
        replaced with that card's icon strip showing below it (B6); Ultra beside the LCS cards;
        then each side's bet, hand and the BEST HAND stamp, each in its own column."""
        replaced = self.replacements()
        for row, seat in enumerate((ABWEHR, LCS)):
            yy = y + CARD_LIFT + row * ROW_PITCH
            colour = AXIS if seat == ABWEHR else ALLIED
            pygame.draw.rect(surface, colour, (PANEL.x + 20, yy, 70, CARD[1]), border_radius=5)
            draw.text(surface, "ABWEHR" if seat == ABWEHR else "LCS", (PANEL.x + 55, yy + 34), size=12, bold=True,
                      colour=PAPER, anchor="center")
            for i, cid in enumerate(self.cards.get(seat, [])):
                self.draw_card(surface, self.card_rect(row, i, y), cid, replaced.get((seat, i)), self.fixed.get((seat, i)))
            if seat == LCS and self.ultra:
                surface.blit(bc.card_face(cards_by_id()[self.ultra], CARD), self.card_rect(row, 5, y).topleft)
            bet = self.shown_bets().get(seat)
            if bet:
                draw.text(surface, "bet", (PANEL.x + BET_X + 20, yy), size=12, colour=FADED, anchor="midtop")
                surface.blit(bc.bet_token(bet, 40), (PANEL.x + BET_X, yy + 22))
            hand = self.hand_name(seat)
            if hand:
                draw.text_block(surface, hand, (PANEL.x + HAND_X, yy + 4, PANEL.w - HAND_X - 16, 48), size=16,
                                bold=True, colour=INK, max_lines=2)
            if self.best_hand() == seat:
                draw.stamp(surface, "BEST HAND", (PANEL.x + HAND_X + 100, yy + 66), size=20, angle=-6)
        return y + CARD_LIFT + ROW_PITCH + CARD[1]

    def card_rect(self, row: int, i: int, y: int) -> pygame.Rect:
        """Slot i of a row (5: Ultra, a little apart from the five cards)."""
        x = PANEL.x + 100 + i * 66 + (10 if i >= 5 else 0)
        return pygame.Rect(x, y + CARD_LIFT + row * ROW_PITCH, *CARD)

    def draw_card(self, surface, rect, cid, replacement, fixed) -> None:
        by_id = cards_by_id()
        if not cid:
            surface.blit(bc.blank_card(CARD), rect.topleft)
            return
        surface.blit(bc.card_face(by_id[cid], CARD, None if replacement else fixed), rect.topleft)
        if replacement:
            surface.blit(bc.card_face(by_id[replacement], CARD, fixed), rect.move(0, -CARD_LIFT).topleft)

    def best_hand(self) -> str | None:
        """Who took the Alpha box, once that step has been shown."""
        for e in self.events[: self.index + 1]:
            data = e.data or {}
            if e.kind == "award" and data.get("box") == "alpha":
                return data.get("winner")
        return None

    def shown_bets(self) -> dict:
        for e in self.events[: self.index + 1]:
            if e.kind == "bets":
                return (e.data or {}).get("bets", {})
        return {}

    def hand_name(self, seat) -> str:
        """The hand's name once the 'hands' step has been shown (from the engine's event)."""
        for e in self.events[: self.index + 1]:
            if e.kind == "hands":
                return (e.data or {}).get("hands", {}).get(seat, "")
        return ""

    def draw_steps(self, surface, y) -> None:
        font = fonts.typewriter(14)
        for line, colour, mark, yy in self.step_lines(y):
            if mark:
                draw.text(surface, ">", (PANEL.x + 20, yy), size=14, bold=True, colour=STAMP_RED)
            surface.blit(font.render(line, True, colour), (PANEL.x + 40, yy))
        if self.index >= len(self.events) - 1:
            if self.next_up:
                draw.text_block(surface, self.next_up, (PANEL.x + 40, PANEL.bottom - FOOTER_H + 8, 440, FOOTER_H - 12),
                                size=14, bold=True, colour=ALLIED)
            draw.stamp(surface, "CLICK TO CONTINUE", (PANEL.right - 150, PANEL.bottom - 26), size=20, angle=-3)

    def step_lines(self, y: int) -> list[tuple[str, tuple, bool, int]]:
        """(line, colour, marked, y) of the account so far, the newest lines kept, all above the
        footer strip where "Next: ..." and the stamp go."""
        font = fonts.typewriter(14)
        bottom = PANEL.bottom - FOOTER_H
        lines: list[tuple[str, tuple, bool]] = []
        for i, e in enumerate(self.events[: self.index + 1]):
            current = i == self.index
            for j, line in enumerate(draw.wrap(step_line(e), font, PANEL.w - 60)):
                lines.append((line, STAMP_RED if current else INK, current and j == 0))
        step = font.get_linesize()
        fit = max(1, (bottom - y) // step)
        return [(line, colour, mark, y + k * step) for k, (line, colour, mark) in enumerate(lines[-fit:])]

    def draw_highlight(self, surface) -> None:
        if not self.events:
            return
        e = self.events[self.index]
        data = e.data or {}
        rect = None
        if e.kind == "flip":
            rect = self.board.find("token_space", sector=data["sector"], index=data["space"])
        elif e.kind == "award":
            rect = self.board.find("evidence_box", box=data["box"])
        if rect is not None:
            pulse = 3 + int(2 * abs(((self.clock * 3) % 2) - 1))
            pygame.draw.rect(surface, STAMP_RED, rect.inflate(14, 14), pulse, border_radius=10)


WAITING_FOR = {
    "replace": "may replace a card",
    "fix": "fixes the value and colour of a card",
    "take_evidence": "takes one evidence token (tie)",
    "flip": "turns over intelligence tokens",
    "draw": "draws a card",
}


def next_decision(session) -> str:
    """What the results wait for next (public: whose decision and what kind)."""
    pending = session.game.view(None).get("pending") or {}
    what = WAITING_FOR.get(pending.get("kind", ""))
    if not what:
        return ""
    return f"Next: the {'Abwehr' if pending.get('seat') == ABWEHR else 'LCS'} {what}."


# ----- game over -------------------------------------------------------------------------------------
def final_layout(game) -> dict | None:
    """The token layout once the game is over (the public view carries it then), else None."""
    if not game.is_over():
        return None
    return game.view(None).get("layout")


def draw_game_over_panel(surface, rect, session) -> None:
    """The revealed token layout (every token turned over) and the game's statistics, from view(None)."""
    rect = pygame.Rect(rect)
    game = session.game
    if not game.is_over():
        return
    view = game.view(None)
    draw.text(surface, "THE PLAN, REVEALED", (rect.x, rect.y), size=16, bold=True, colour=STAMP_RED)
    col = rect.w // 5
    for i, sector in enumerate(SECTORS):
        x = rect.x + i * col
        role = (view.get("roles") or {}).get(sector, "")
        pygame.draw.rect(surface, bc.SECTOR_RGB[sector], (x + 4, rect.y + 28, col - 8, 26))
        bc.fill_pattern(surface, (x + 4, rect.y + 28, col - 8, 26), sector)
        draw.text_block(surface, SECTOR_NAMES[sector].replace("/", "/ "), (x + 4, rect.y + 56, col - 8, 40), size=12,
                        bold=True, line_gap=0)
        draw.text(surface, role.upper(), (x + 4, rect.y + 94), size=12, colour=STAMP_RED if role != "diversion" else FADED)
        faces = (view.get("layout") or {}).get(sector, [])
        shown = [face is not None for face in view["tokens"].get(sector, [])]
        for k, face in enumerate(faces):
            token = bc.intel_token(face, 32)
            pos = (x + 8 + (k % 2) * 40, rect.y + 118 + (k // 2) * 40)
            surface.blit(token, pos)
            if k < len(shown) and shown[k]:
                pygame.draw.circle(surface, BRASS, (pos[0] + 16, pos[1] + 16), 18, 2)
    draw.faded(surface, "Brass ring: turned over by the Abwehr during the game.", (rect.x, rect.y + 250))
    stats = view.get("stats") or {}
    y = rect.y + 276
    for seat in (ABWEHR, LCS):
        s = stats.get(seat, {})
        line = f"{'Abwehr' if seat == ABWEHR else 'LCS'}: {count(s.get('cards_played', 0), 'card')} played"
        if seat == ABWEHR:
            line += f", {count(s.get('flips', 0), 'token')} turned"
        else:
            line += f", Ultra played {count(s.get('ultra', 0), 'time')}"
        draw.text(surface, line, (rect.x, y), size=14)
        y += 22
    draw.text(surface, f"Months played: {view['month']} of 6", (rect.x, y), size=14)
    draw.text(surface, leak_option_line(view), (rect.x, y + 22), size=14)


def leak_rules_note(session) -> str:
    """The rules page's first line when opened from a Barclay game (TableEntry.rules_note)."""
    if leak_cards_in_view(session.game.view(None)):
        return "This game is played with the leak cards on (the balance variant)."
    return "This game is played with the leak cards off (the printed rule)."


def leak_option_line(view: dict) -> str:
    """The game's leak cards option (issue 31), as the game-over page states it."""
    if leak_cards_in_view(view):
        return "Leak cards: on (the balance variant)"
    return "Leak cards: off (the printed rule)"


# ----- the last month's summary (click the calendar) ------------------------------------------------
SUMMARY_PANEL = pygame.Rect(200, 60, 880, 620)

class BarclayMonthSummaryScene(Scene):
    """The last Evidence Results at a glance, from the view's public month report."""

    name = "barclay_month_summary"
    opaque = False

    def needs_frames(self) -> bool:
        return False  # nothing here moves by itself (issue 38)

    def __init__(self, app, report: dict):
        super().__init__(app)
        self.report = report or {}

    def handle_event(self, event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN or (event.type == pygame.KEYDOWN and event.key in (
                pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE)):
            if self.app.stack.top is self:
                self.app.pop()
        return True

    def lines(self) -> list[str]:
        r = self.report
        side = {ABWEHR: "Abwehr", LCS: "LCS", None: "nobody", "tie": "a tie (the Abwehr chose one)"}
        out = []
        hands = r.get("hands") or {}
        if hands:
            out.append(f"Hands: Abwehr {hands.get(ABWEHR, '-')}; LCS {hands.get(LCS, '-')}.")
            out.append(f"Best hand: {side.get(r.get('best'), 'a tie')}.")
        bets, right = r.get("bets") or {}, r.get("bets_right") or {}
        for seat in (ABWEHR, LCS):
            if seat in bets:
                verdict = "right" if right.get(seat) else "wrong"
                out.append(f"{side[seat]} bet on the {side.get(bets[seat], bets[seat])} hand: {verdict}.")
        recon = r.get("recon") or {}
        if recon:
            out.append(f"Recon/Raid: Abwehr {recon.get(ABWEHR, 0)}, LCS {recon.get(LCS, 0)}.")
        for box, winner in (r.get("boxes") or {}).items():
            out.append(f"{box.capitalize()} box: {side.get(winner, winner)}.")
        for sector, _space, face in r.get("flipped") or []:
            out.append(f"Turned over in {SECTOR_NAMES[sector]}: {face} radar.")
        return out or ["No month has been resolved yet."]

    def line_rects(self) -> list[tuple[str, pygame.Rect]]:
        """Each summary line and the box it is typed in, one under another (tall enough for a
        month with every box won and eight tokens turned)."""
        font = fonts.typewriter(16)
        width = SUMMARY_PANEL.w - 56
        y = SUMMARY_PANEL.y + 76
        out = []
        for line in self.lines():
            h = len(draw.wrap(line, font, width)) * (font.get_linesize() + 4)
            out.append((line, pygame.Rect(SUMMARY_PANEL.x + 28, y, width, h)))
            y += h + 4
        return out

    def draw(self, surface) -> None:
        panel = SUMMARY_PANEL
        draw.paper_panel(surface, panel, seed=31)
        pygame.draw.rect(surface, BRASS, panel, 2)
        month = self.report.get("month")
        draw.typed_heading(surface, f"Month {month}: evidence results" if month else "Month summary",
                           (panel.x + 28, panel.y + 18), size=30)
        for line, rect in self.line_rects():
            draw.text_block(surface, line, rect, size=16)
        draw.faded(surface, "Click anywhere to close.", (panel.centerx, panel.bottom - 30), anchor="midtop")
