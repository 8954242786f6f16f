"""The Operation Barclay table: board, tableaux, decks, hand and every decision, by mouse.

Draws only `view` (= game.view(session.drawable_seat())), and turns clicks into actions
taken from `session.legal_actions()`. Its controls (`make_controls`) go to the shared control
table of the base (game_table.py), which finds them by position, action and number key;
`control_clicks(action)` tells tests and tools where to click for it.
The viewing player always sits at the bottom; with the public view the LCS does."""

from __future__ import annotations

import attrs
import pygame

from ... import i18n
from ...i18n import N_, NP_, _, ngettext, pgettext, translate
from ...rules.barclay import actions as A
from ...rules.barclay.cards import cards_by_id
from ...rules.barclay.state import ABWEHR, LCS, SECTOR_NAMES, WILD_TOKENS, other
from ...rules.barclay.view import leak_cards_in_view
from ...rules.barclay.words import ROLE_WORDS, colours, side
from ...rules.core.message import message_from_json
from . import cards as bc
from ...ui import draw, fonts
from .board import BoardMap
from ...ui.palette import ALLIED, AXIS, BRASS, FADED, FELT_DARK, INK, MANILA, PAPER, PAPER_SHADE, STAMP_RED
from ...ui.widgets import new_tag
from ..controls import Control
from ..game_table import SessionScene

# Texts marked here are translated where they are drawn (docs/i18n.md).
SIDE = {ABWEHR: "Abwehr", LCS: "LCS"}  # the sides' default player names (not drawn from here)
SIDE_LABEL = {ABWEHR: NP_("side label", "ABWEHR"), LCS: NP_("side label", "LCS")}
SOURCE_LABEL = {"channels": NP_("deck", "Channels"), "dc": NP_("deck", "Double-Cross"), "own": NP_("deck", "own deck")}
DRAW_LABEL = {"channels": N_("Draw: Channels ({n})"), "dc": N_("Draw: Double-Cross ({n})"), "own": N_("Draw: own deck ({n})")}
BET_LABEL = {ABWEHR: N_("Bet: Abwehr hand best"), LCS: N_("Bet: LCS hand best")}
BOX_LABEL = {"alpha": NP_("box label", "ALPHA"), "beta": NP_("box label", "BETA"), "recon": NP_("box label", "RECON/RAID")}
BOX_HINT = {"alpha": N_("best hand"), "beta": N_("right bet"), "recon": N_("most icons")}
BOX_WON = {ABWEHR: N_("won: Abwehr"), LCS: N_("won: LCS"), "tie": N_("tie: Abwehr picked")}
TIE_TITLE = {"alpha": N_("TIE - take one evidence token from the Alpha box"),
             "beta": N_("TIE - take one evidence token from the Beta box"),
             "recon": N_("TIE - take one evidence token from the Recon box")}
PATTERN_WORDS = {"pink": NP_("pattern", "dots"), "red": NP_("pattern", "stripes"), "blue": NP_("pattern", "bars"),
                 "green": NP_("pattern", "crosshatch"), "purple": NP_("pattern", "waves")}
MONTHS = (NP_("month", "APR"), NP_("month", "MAY"), NP_("month", "JUN"), NP_("month", "JUL"), NP_("month", "AUG"),
          NP_("month", "SEP"))
DECK_LABEL = {"channels": NP_("deck", "Channels"), "dc": NP_("deck", "Double-X"), "lcs": NP_("deck", "LCS deck"),
              "abwehr": NP_("deck", "Abwehr")}
# Under each wild evidence token the Abwehr may use: where it can flip (colour tokens speak for themselves).
TOKEN_LABELS = {"black": NP_("evidence token", "any"), "leak": NP_("evidence token", "leak")}
LOG_LINE = 16
# A replacement lies this much higher than its card: enough to show that card's icon row (B6), little
# enough to stay in the 24 px between the two tableau rows.
REPLACEMENT_LIFT = 22
KNOWN_TOP_LABEL_H = 16  # the "you know the top:" line over the Double-Cross deck (12 px type)
KNOWN_TOP_TIP_W = 480  # its tooltip: the known cards in two lines, not three
ARM_Y = 54  # the won evidence tokens, under the two lines that say what to do with them
HINT_RECT = pygame.Rect(1280 - 240 - 12 - 84, 8, 84, 32)  # left of Undo (x 1040)
CHOICE_KINDS = ("spy_keep", "reorder", "recover", "replace", "fix", "take_evidence")  # decisions in a panel


@attrs.frozen
class Choices:
    """What the player has begun choosing on the table: the controls are built from it."""

    armed: str | None = None  # evidence token chosen for the next flip
    picks: tuple[str, ...] = ()  # Double-Cross reorder: cards clicked so far, top first


def card(cid):
    return cards_by_id()[cid]


class BarclayTableScene(SessionScene):
    name = "barclay_table"
    NUMBERED_KINDS = (("button",), ("card", "token"))  # numbered buttons first, then the cards on offer

    def __init__(self, app, session):
        super().__init__(app, session)
        self.board = BoardMap.load()
        self.mouse = (0, 0)
        self.zoom: str | None = None
        self.browse: str | None = None  # seat whose discard pile is open
        self.armed: str | None = None  # evidence token chosen for the next flip
        self.picks: list[str] = []  # Double-Cross reorder: cards clicked so far, top first
        self.card_spots: list[tuple[pygame.Rect, str]] = []  # every face drawn this frame (right-click zoom)
        self.log_scroll = 0
        self.flash: list[tuple[pygame.Rect, float]] = []  # rings on what just changed
        self._seen_version = -1
        self._seq_seen = self.game.event_mark()  # history before this table opened is not replayed
        self.public_table: dict = {}  # the last public tableaux (for the month's results panel)
        self.tweens: list[dict] = []  # cards sliding and tokens flipping (ART.md motion)
        self._from_rect: pygame.Rect | None = None

    def build_table(self) -> None:
        self.fit_hint_button()

    def fit_hint_button(self) -> None:
        """A narrower Hint button (its word is short), so the longest orders still fit the
        strip at full size beside it instead of shrinking when hints are on (issue 32)."""
        button = self.hint_button
        if button is not None and button.rect != HINT_RECT:
            button.set_relative_position(HINT_RECT.topleft)
            button.set_dimensions(HINT_RECT.size)

    # ----- seats and rows --------------------------------------------------------------
    def bottom_seat(self, seat) -> str:
        return seat if seat in (ABWEHR, LCS) else LCS

    def row_of(self, who: str, seat) -> str:
        return "bottom" if who == self.bottom_seat(seat) else "top"

    # ----- controls: the single place that maps legal actions to screen rects ----------------
    def ui_state(self) -> Choices:
        return Choices(self.armed, tuple(self.picks))

    def make_controls(self, view: dict, seat, ui: Choices) -> list[Control]:
        legal = self.session.legal_actions()
        if not legal or view.get("seat") != self.session.acting_seat():
            return []
        out: list[Control] = []
        pending = view.get("pending") or {}
        kind = pending.get("kind") if pending.get("seat") == seat else None
        hand = view.get("hand", [])
        for a in legal:
            if isinstance(a, (A.PlayCard, A.PlayBlank, A.DiscardUnplayable)):
                out.append(Control(self.hand_rect(hand.index(a.card), len(hand)), a, kind="card", key=a.card))
            elif isinstance(a, A.Draw):
                src = seat if a.source == "own" else a.source
                out.append(Control(self.board.find("deck", source=src), a, pgettext("deck", SOURCE_LABEL[a.source]),
                                   kind="deck"))
            elif isinstance(a, A.PlayUltra):
                ultra = next(c for c in hand if card(c).effect == "ultra")
                out.append(Control(self.hand_rect(hand.index(ultra), len(hand)), a, kind="card", key=ultra))
        out += self.button_controls(legal, view, seat)
        out += self.choice_controls(legal, kind, pending, ui)
        if kind == "flip":
            out += self.flip_controls(legal, ui)
        return out

    def button_controls(self, legal, view, seat) -> list[Control]:
        area = self.board.rect("actions")
        buttons: list[tuple[str, object]] = []
        for a in legal:
            if isinstance(a, A.Assess):
                buttons.append((_(BET_LABEL[a.bet]), a))
            elif isinstance(a, A.PlayUltra):
                buttons.append((_("Play Ultra (see the bet)"), a))
            elif isinstance(a, A.Draw):
                n = view["decks"][seat if a.source == "own" else a.source]
                buttons.append((_(DRAW_LABEL[a.source]).format(n=n), a))
        out = []
        for i, (label, a) in enumerate(buttons):
            out.append(Control(pygame.Rect(area.x, area.y + i * 44, area.w, 38), a, label))
        return out

    def choice_controls(self, legal, kind, pending, ui: Choices) -> list[Control]:
        if kind is None:
            return []
        panel = self.choice_panel(kind).inflate(-24, -24)
        top = panel.y + 32
        out: list[Control] = []
        if kind in ("spy_keep", "reorder"):
            cards = list(pending.get("cards", []))
            x0 = panel.centerx - (len(cards) * 112) // 2
            for i, cid in enumerate(cards):
                r = pygame.Rect(x0 + i * 112, top + 8, *bc.TABLE)
                if kind == "spy_keep":
                    out.append(Control(r, A.SpyKeep(cid), kind="card", key=cid))
                elif cid not in ui.picks:
                    out.append(Control(r, None, kind="pick", key=cid))
            if kind == "reorder":
                r = pygame.Rect(panel.right - 300, panel.bottom - 44, 300, 38)
                out.append(Control(r, A.Reorder(tuple(cards)), _("Keep this order")))
                if ui.picks:
                    out.append(Control(r.move(0, -46), None, _("Start again"), kind="reset"))
        elif kind in ("recover", "replace"):
            options = [a for a in legal if isinstance(a, (A.Recover, A.Replace))]
            x0 = panel.x + (120 if kind == "replace" else 8)
            size, per_row = self.grid_fit(len(options), panel.right - 250 - x0, panel.bottom - top)
            pitch_x, pitch_y = size[0] + 6, size[1] + 6
            for i, a in enumerate(options):
                r = pygame.Rect(x0 + (i % per_row) * pitch_x, top + (i // per_row) * pitch_y, *size)
                out.append(Control(r, a, kind="card", key=a.card))
            keep = next((a for a in legal if isinstance(a, A.KeepCard)), None)
            if keep is not None:
                out.append(Control(pygame.Rect(panel.right - 300, panel.bottom - 44, 300, 38), keep, _("Keep it as it is")))
        elif kind == "fix":
            fixes = [a for a in legal if isinstance(a, A.FixCard)]
            for i, a in enumerate(fixes):
                r = pygame.Rect(panel.x + 120 + (i % 3) * 260, top + 8 + (i // 3) * 48, 248, 40)
                out.append(Control(r, a, f"{a.value}  {translate(SECTOR_NAMES[a.colour])}", key=a.colour))
        elif kind == "take_evidence":
            for i, a in enumerate(a for a in legal if isinstance(a, A.TakeEvidence)):
                out.append(Control(pygame.Rect(panel.x + 40 + i * 110, top + 20, 56, 56), a, kind="token", key=a.token))
        return out

    @staticmethod
    def grid_fit(count: int, width: int, height: int) -> tuple[tuple[int, int], int]:
        """The largest card size (and cards per row) that shows `count` cards in the space."""
        for size in (bc.MINI, (54, 76), (44, 62), (36, 50)):
            per_row = max(1, width // (size[0] + 6))
            rows = -(-count // per_row)
            if rows * (size[1] + 6) <= height:
                return size, per_row
        return (36, 50), max(1, width // 42)

    def choice_panel(self, kind) -> pygame.Rect:
        return self.board.rect("choice-low" if kind == "take_evidence" else "choice")

    def flip_controls(self, legal, ui: Choices) -> list[Control]:
        flips = [a for a in legal if isinstance(a, A.Flip)]
        tokens = list(dict.fromkeys(a.token for a in flips))
        out = []
        area = self.board.rect("actions")
        for i, t in enumerate(tokens):
            out.append(Control(pygame.Rect(area.x + i * 48, area.y + ARM_Y, 40, 40), None, kind="arm", key=t))
        by_space: dict[tuple, A.Flip] = {}
        for a in flips:
            best = by_space.get((a.sector, a.space))
            wild = best is not None and best.token in WILD_TOKENS and a.token not in WILD_TOKENS
            if ui.armed == a.token or best is None or (wild and ui.armed not in WILD_TOKENS):
                by_space[(a.sector, a.space)] = a
        for (sector, space), a in by_space.items():
            out.append(Control(self.board.find("token_space", sector=sector, index=space), a, kind="space"))
        return out

    def control_clicks(self, action) -> list[tuple[int, int]]:
        """Where to click, in order, to take `action` now: a Double-Cross order is the cards
        clicked top first (the last one follows), a flip arms its evidence token first."""
        if isinstance(action, A.Reorder):
            controls = self.current_controls()
            keep = [c for c in controls if c.action == action]
            if keep:
                return [keep[0].rect.center]
            picks = {c.key: c.rect.center for c in controls if c.kind == "pick"}
            return [picks[cid] for cid in action.order[:-1]]
        if isinstance(action, A.Flip):
            controls = self.current_controls(attrs.evolve(self.ui_state(), armed=action.token))
            arm = [c.rect.center for c in self.keyed_controls("arm", action.token, controls)]
            space = [c.rect.center for c in controls if c.action == action]
            return (arm[:1] + space[:1]) if space else []
        return super().control_clicks(action)

    def number_choices(self) -> list:
        """Keys 1-4 pick hand cards in play steps, by their place in the hand (one that cannot be
        played says why); otherwise the numbered buttons and choices of the control table."""
        view = self.current_view()[1]
        legal = self.session.legal_actions()
        if not legal:
            return []
        hand_kinds = (A.PlayCard, A.PlayBlank, A.DiscardUnplayable)
        if view["step"] in ("play3", "play2") and not view.get("pending") or any(isinstance(a, hand_kinds) for a in legal):
            by_card = {a.card: a for a in legal if isinstance(a, hand_kinds)}
            return [by_card.get(c, A.PlayCard(c)) for c in view.get("hand", [])]
        return super().number_choices()

    # ----- geometry -------------------------------------------------------------------------
    def hand_rect(self, index: int, count: int) -> pygame.Rect:
        r = self.board.find("hand_slot", index=min(index, 3))
        return r.move(0, -14) if r.collidepoint(self.mouse) or self._hover_lift(r) else r

    def _hover_lift(self, r: pygame.Rect) -> bool:
        return r.inflate(0, 28).move(0, -14).collidepoint(self.mouse)

    # ----- drawing --------------------------------------------------------------------------
    def background(self, size) -> pygame.Surface:
        """Felt and the printed board composed once into an opaque surface."""
        if getattr(self, "_background", None) is None or self._background.get_size() != size:
            bg = pygame.Surface(size)
            draw.felt(bg)
            bg.blit(self.board.surface(), (0, 0))
            self._background = bg
        return self._background

    def draw_table(self, surface, view, seat) -> None:
        surface.blit(self.background(surface.get_size()), (0, 0))
        self.card_spots = []
        self.controls = self.build_controls(view, seat)
        self._numbers = self.number_choices()  # once per frame, for the [n] labels
        self.draw_sectors(surface, view)
        self.draw_boxes(surface, view)
        self.draw_calendar(surface, view)
        for who in (ABWEHR, LCS):
            self.draw_row(surface, view, seat, who)
        self.draw_decks(surface, view, seat)
        self.draw_log(surface, view)
        self.draw_hand(surface, view, seat)
        self.draw_tweens(surface, view)
        self.draw_actions(surface, view, seat)
        self.draw_flashes(surface)
        self.draw_choice(surface, view, seat)
        self.draw_known_top_label(surface, view)
        self.draw_highlights(surface)
        if self.browse:
            self.draw_browse(surface, view)
        self.draw_tooltip(surface, view)
        if self.zoom:
            self.draw_zoom(surface, view)

    def draw_sectors(self, surface, view) -> None:
        tokens = view.get("tokens") or {}
        layout = view.get("layout") or {}
        from .results import final_layout

        final = final_layout(self.game) if view.get("result") else None
        roles = view.get("roles") or {}
        sectors = self.board.all("sector")
        # one size for the five headers, so a long name does not stand out smaller
        size = min(sector_name_size(translate(SECTOR_NAMES[p["sector"]]), r.w) for p, r in sectors)
        for props, rect in sectors:
            sector = props["sector"]
            pygame.draw.rect(surface, INK, rect, 2)
            name = translate(SECTOR_NAMES[sector])
            draw.text(surface, name, (rect.centerx + 1, rect.y + 17), size=size, bold=True, colour=INK, anchor="center")
            draw.text(surface, name, (rect.centerx, rect.y + 16), size=size, bold=True, colour=PAPER, anchor="center",
                      box=rect)
            faces = tokens.get(sector, [None] * 5)
            g = sum(1 for f in faces if f == "green")
            r = sum(1 for f in faces if f == "red")
            tally = (_("seen {g} green {r} red").format(g=g, r=r) if (g or r)
                     else pgettext("pattern", PATTERN_WORDS[sector]))
            if sector in roles:  # the LCS's own plan, on its own view only
                role = translate(ROLE_WORDS.get(roles[sector], roles[sector])).upper()
                tally = _("{role}  {g}g {r}r").format(role=role, g=g, r=r) if (g or r) else role
            label = fitting_font(tally, rect.w - 12).render(tally, True, INK)
            box = label.get_rect(center=(rect.centerx, rect.bottom - 12)).inflate(8, 2)
            pygame.draw.rect(surface, PAPER, box, border_radius=3)
            surface.blit(label, label.get_rect(center=box.center))
        for props, rect in self.board.all("token_space"):
            sector, i = props["sector"], props["index"]
            face = (tokens.get(sector) or [None] * 5)[i]
            tw = self.tween_for("flip", (sector, i))
            if tw is not None:
                self.draw_flipping(surface, rect, face, min(1.0, tw["t"] / tw["dur"]))
                continue
            if face is None and final:  # game over: every token is shown, the unturned ones faded
                faded = bc.intel_token(final[sector][i], rect.w).copy()
                faded.set_alpha(150)
                surface.blit(faded, rect.topleft)
                continue
            surface.blit(bc.intel_token(face, rect.w), rect.topleft)
            if face is None and sector in layout:  # the LCS sees its own layout: a small pip
                pip = bc.RADAR_GREEN if layout[sector][i] == "green" else bc.RADAR_RED
                pygame.draw.circle(surface, pip, (rect.right - 6, rect.y + 6), 6)
                pygame.draw.circle(surface, PAPER, (rect.right - 6, rect.y + 6), 6, 1)

    def draw_flipping(self, surface, rect, face, p: float) -> None:
        """A token turning over: it narrows to an edge, shows its face, and lands with a small bounce."""
        image = bc.intel_token(None if p < 0.5 else face, rect.w)
        width = max(2, round(image.get_width() * abs(1 - 2 * p)))
        lift = round(6 * (1 - abs(1 - 2 * p)))
        squeezed = pygame.transform.smoothscale(image, (width, image.get_height()))
        surface.blit(squeezed, squeezed.get_rect(center=(rect.centerx + 2, rect.centery + 2 - lift)))

    def results_board(self) -> dict | None:
        """While the Evidence Results panel is up: the boxes and month it is about (the next
        month's tokens wait until it shows that month beginning)."""
        from .results import BarclayResultsScene

        panel = self.app.stack.find(BarclayResultsScene)
        return panel.board_state() if panel is not None else None

    def draw_boxes(self, surface, view) -> None:
        boxes = view.get("boxes") or {}
        report = view.get("report") or {}
        shown = self.results_board()
        for props, rect in self.board.all("evidence_box"):
            box = props["box"]
            pygame.draw.rect(surface, MANILA, rect, border_radius=6)
            pygame.draw.rect(surface, INK, rect, 2, border_radius=6)
            draw.text(surface, pgettext("box label", BOX_LABEL[box]), (rect.x + 8, rect.y + 6), size=14, bold=True,
                      box=rect)
            winner = (report.get("boxes") or {}).get(box) if report.get("month") == view.get("month") else None
            if shown is not None:
                boxes, winner = shown["boxes"], shown["awarded"].get(box)
            if winner:
                who = _(BOX_WON[winner]) if winner in BOX_WON else str(winner)
                font = fitting_font(who, rect.w - 16)
                surface.blit(font.render(who, True, STAMP_RED), (rect.x + 8, rect.y + 26))
            else:
                hint = _(BOX_HINT[box])
                surface.blit(fitting_font(hint, rect.w - 16).render(hint, True, FADED), (rect.x + 8, rect.y + 26))
        for props, rect in self.board.all("evidence_slot"):
            tokens = boxes.get(props["box"], [])
            if props["index"] < len(tokens):
                surface.blit(bc.evidence_token(tokens[props["index"]], rect.w), rect.topleft)
            else:
                pygame.draw.circle(surface, PAPER_SHADE, rect.center, rect.w // 2, 1)

    def draw_calendar(self, surface, view) -> None:
        track = self.board.rect("calendar")
        title = draw.text(surface, _("CALENDAR 1943"), (track.x, track.y - 2), size=12, bold=True)
        if view.get("report"):
            draw.faded(surface, _("(click: last month)"), (title.right + 8, track.y - 2), size=12)
        shown = self.results_board()
        step = step_label(view.get("step") if shown is None else "results")
        draw.text(surface, step, (track.right, track.y - 2), size=12, colour=FADED, anchor="topright")
        month = view.get("month", 1)
        if shown is not None:
            month = shown["month"] or month
        for props, rect in self.board.all("calendar"):
            m = props["month"]
            pygame.draw.rect(surface, PAPER_SHADE, rect, border_radius=4)
            draw.text(surface, pgettext("month", MONTHS[m - 1]), (rect.centerx, rect.y + 2), size=12,
                      colour=FADED, anchor="midtop")
            if m < month:
                draw.stamp(surface, "X", (rect.centerx, rect.centery + 8), size=18, angle=-12, colour=INK)
            elif m == month:
                pygame.draw.circle(surface, BRASS, (rect.centerx, rect.centery + 8), 16)
                draw.text(surface, str(m), (rect.centerx, rect.centery + 8), size=16, bold=True, anchor="center")
            else:
                draw.text(surface, str(m), (rect.centerx, rect.centery + 8), size=16, colour=FADED, anchor="center")

    def draw_row(self, surface, view, seat, who) -> None:
        row = self.row_of(who, seat)
        area = self.board.rect(f"tableau-{row}")
        side_col = AXIS if who == ABWEHR else ALLIED
        label = pygame.Rect(area.x, area.y + 8, 88, 112)
        pygame.draw.rect(surface, side_col, label, border_radius=6)
        name = self.session.player_name(who) if who in self.session.seats else SIDE[who]
        draw.text(surface, pgettext("side label", SIDE_LABEL[who]), (label.centerx, label.y + 10), size=16, bold=True,
                  colour=PAPER, anchor="midtop", box=label)
        if name != SIDE[who]:
            (face, size, bold), lines = player_name_lines(name)
            for k, line in enumerate(lines):
                draw.text(surface, line, (label.centerx, label.y + 30 + k * 15), size=size, bold=bold, face=face,
                          colour=PAPER, anchor="midtop")
        n = view["hand_counts"].get(who, 0)
        if row == "top":  # the other player's hand as small backs: how many, never which
            for k in range(n):
                surface.blit(bc.card_back("channels", (18, 26)), (label.x + 8 + k * 18, label.bottom - 36))
        else:
            draw.text(surface, _("hand {n}").format(n=n), (label.centerx, label.bottom - 24), size=12, colour=PAPER,
                      anchor="midtop", box=label)
        if view.get("to_play") == who or (view.get("pending") or {}).get("seat") == who or (
                view.get("step") == "assess" and view.get("current_seat") == who):
            pygame.draw.rect(surface, BRASS, label, 3, border_radius=6)
        slots = view["tableau"].get(who, [])
        for i in range(5):
            rect = self.board.find("tableau_slot", row=row, index=i)
            if i < len(slots) and self.tween_for("slide", (who, i)) is None:
                self.draw_slot(surface, rect, slots[i])
            elif i < len(slots):
                surface.blit(bc.empty_spot(rect.size), rect.topleft)
            else:
                surface.blit(bc.empty_spot(rect.size, "x3" if i < 3 else "x2"), rect.topleft)
        if who == LCS:
            ultra = self.board.find("ultra_slot", row=row)
            if view.get("ultra"):
                self.blit_card(surface, view["ultra"], ultra, bc.SMALL)
            else:
                surface.blit(bc.empty_spot(ultra.size, pgettext("card name", "Ultra")), ultra.topleft)
        pile = self.board.find("discard", row=row)
        discards = view["discards"].get(who, [])
        if discards:
            self.blit_card(surface, discards[-1], pile, bc.SMALL)
            badge = pygame.Rect(0, 0, 30, 20)
            badge.midtop = (pile.right - 8, pile.y - 8)
            pygame.draw.rect(surface, INK, badge, border_radius=9)
            draw.text(surface, str(len(discards)), badge.center, size=12, bold=True, colour=PAPER, anchor="center")
        else:
            surface.blit(bc.empty_spot(pile.size, _("discards")), pile.topleft)
        bet = view.get("bets", {}).get(who)
        spot = self.board.find("bet_spot", row=row)
        if bet is not None:
            surface.blit(bc.bet_token(bet, spot.w), spot.topleft)
        else:
            pygame.draw.circle(surface, (255, 255, 255, 60), spot.center, spot.w // 2, 1)
            draw.text(surface, pgettext("assessment token", "bet"), spot.center, size=12, colour=PAPER_SHADE,
                      anchor="center")

    def draw_slot(self, surface, rect, slot: dict) -> None:
        if slot.get("hidden"):
            surface.blit(bc.card_back("channels", rect.size), rect.topleft)
            return
        if slot.get("blank"):
            surface.blit(bc.blank_card(rect.size), rect.topleft)
            if slot.get("card"):
                self.card_spots.append((rect, slot["card"]))
            return
        fixed = (slot.get("value"), slot.get("colour")) if slot.get("value") is not None else None
        if slot.get("replacement"):
            # the replaced card stays underneath with its icon strip showing (B6)
            self.blit_card(surface, slot["card"], rect, rect.size)
            self.blit_card(surface, slot["replacement"], rect.move(0, -REPLACEMENT_LIFT), rect.size, fixed)
            return
        self.blit_card(surface, slot["card"], rect, bc.SMALL, fixed)
        if not slot.get("face_up"):  # your own face-down card: a tag on its band says the other side sees a back
            tag = pygame.Rect(0, 0, rect.w - 16, 16)
            tag.midtop = (rect.centerx, rect.y + 2)
            pygame.draw.rect(surface, INK, tag, border_radius=3)
            draw.text(surface, _("FACE-DOWN"), tag.center, size=12, bold=True, colour=PAPER, anchor="center", box=tag)

    def blit_card(self, surface, cid, rect, size=bc.TABLE, fixed=None) -> None:
        rect = pygame.Rect(rect.topleft, size)
        surface.blit(bc.card_shadow(size), (rect.x - 1, rect.y - 1))
        surface.blit(bc.card_face(card(cid), size, fixed), rect.topleft)
        self.card_spots.append((rect, cid))

    def draw_decks(self, surface, view, seat) -> None:
        decks = view.get("decks", {})
        known = view.get("dc_top_known") or []
        for props, rect in self.board.all("deck"):
            src = props["source"]
            n = decks.get(src, 0)
            if n:
                for k in range(min(3, (n + 9) // 10)):
                    surface.blit(bc.card_back(src, rect.size), rect.move(-k * 2, -k * 2).topleft)
            else:
                surface.blit(bc.empty_spot(rect.size, pgettext("deck", "empty")), rect.topleft)
            label = pgettext("deck", DECK_LABEL[src])
            draw.text(surface, f"{label} {n}", (rect.centerx, rect.bottom + 4), size=12, bold=True, colour=PAPER,
                      anchor="midtop")
            if src == "dc" and known:
                self.card_spots.append((rect, known[0]))
                name = bc.card_name(card(known[0])) + (f" (+{len(known) - 1})" if len(known) > 1 else "")
                slip = known_top_slip(rect, name)
                pygame.draw.rect(surface, PAPER, slip, border_radius=3)
                pygame.draw.rect(surface, BRASS, slip, 2, border_radius=3)
                draw.text_block(surface, name, slip.inflate(-8, -4), size=12, bold=True, line_gap=0)

    def draw_known_top_label(self, surface, view) -> None:
        """"you know the top:" over the Double-Cross deck, drawn after the choice panel: the
        panel's shadow reaches the gap above the deck and hid half of the words (issue 37)."""
        if not view.get("dc_top_known"):
            return
        rect = self.board.find("deck", source="dc")
        draw.text(surface, _("you know the top:"), (rect.centerx, rect.y - 2), size=12, colour=BRASS,
                  anchor="midbottom")

    def draw_log(self, surface, view) -> None:
        rect = self.board.rect("log")
        draw.paper_panel(surface, rect, seed=5)
        draw.text(surface, _("LOG"), (rect.x + 10, rect.y + 6), size=14, bold=True, colour=STAMP_RED)
        draw.faded(surface, _("private lines in blue; wheel scrolls"), (rect.right - 10, rect.y + 8), size=12,
                   anchor="topright")
        font = fonts.typewriter(12)
        lines = self.log_lines(view, font, rect.w - 20)
        fit = (rect.h - 34) // LOG_LINE
        self.log_scroll = max(0, min(self.log_scroll, max(0, len(lines) - fit)))
        end = len(lines) - self.log_scroll
        y = rect.y + 28
        for image in lines[max(0, end - fit):end]:
            surface.blit(image, (rect.x + 10, y))
            y += LOG_LINE

    def log_lines(self, view, font, width) -> list:
        """The log's lines, each event wrapped and rendered once per language (the log only grows)."""
        cache = self.__dict__.setdefault("_log_cache", {})
        images = []
        language = i18n.language()
        for e in view.get("log", []):
            key = (e["seq"], e.get("to"), e["text"], language)  # undo can reuse a seq for another line
            if key not in cache:
                colour = ALLIED if e.get("to") else INK
                cache[key] = [font.render(line, True, colour) for line in draw.wrap(log_text(e), font, width)]
            images += cache[key]
        return images

    def draw_hand(self, surface, view, seat) -> None:
        area = self.board.rect("hand")
        hand = view.get("hand", [])
        label = pygame.Rect(area.x, area.y + 12, 88, 136)
        if seat is None:
            note = (_("The game is over.") if view.get("result") else
                    _("You are watching: hands stay hidden, as from a chair beside the table.") if self.session.watched
                    else _("Hands are hidden while the table is handed over."))
            draw.text_block(surface, note, (area.x + 8, area.y + 60, area.w - 16, 60), size=14, colour=PAPER)
            return
        for k, word in enumerate((pgettext("your hand, first line", "YOUR"), pgettext("your hand, second line", "HAND"))):
            draw.text(surface, word, (label.centerx, label.y + 10 + 18 * k), size=14, bold=True, colour=PAPER,
                      anchor="midtop", box=label)
        draw.text(surface, translate(side(seat)), (label.centerx, label.y + 50), size=12, colour=PAPER_SHADE,
                  anchor="midtop")
        hand_kinds = (A.PlayCard, A.PlayBlank, A.DiscardUnplayable, A.PlayUltra)
        legal_cards = {c.key for c in self.controls if c.kind == "card" and isinstance(c.action, hand_kinds)}
        for i, cid in enumerate(hand):
            rect = self.hand_rect(i, len(hand))
            self.blit_card(surface, cid, rect, bc.TABLE)
            badge = pygame.Rect(0, 0, 20, 20)
            badge.center = (rect.right - 4, rect.y + 2)
            pygame.draw.circle(surface, INK, badge.center, 10)
            draw.text(surface, str(i + 1), badge.center, size=12, bold=True, colour=PAPER, anchor="center")
            dimmed = (bool(self.session.legal_actions()) and cid not in legal_cards
                      and view["step"] in ("play3", "play2", "assess"))
            if dimmed:
                dim = pygame.Surface(rect.size, pygame.SRCALPHA)
                dim.fill((36, 51, 46, 110))
                surface.blit(dim, rect.topleft)
            if self.is_new(cid):  # seen in the lesson: a new x3-only card at the x2 step looked playable
                new_tag(surface, rect, ring=not dimmed)

    def hand_ids(self, view, seat) -> list | None:
        return view.get("hand") if seat in (ABWEHR, LCS) else None

    def draw_actions(self, surface, view, seat) -> None:
        pending = view.get("pending") or {}
        area = self.board.rect("actions")
        if seat is not None and not any(c.rect.colliderect(area) for c in self.controls):
            hint = self.hint(view)
            if hint:
                box = area.inflate(-8, -8)
                draw.text_block(surface, hint, box, size=block_size(hint, box), colour=PAPER_SHADE)
        if pending.get("kind") == "flip" and pending.get("seat") == seat:
            area = self.board.rect("actions")
            y = area.y + draw.text_block(surface, _("Click a ringed token space to turn it over."),
                                         (area.x, area.y, area.w, 32), size=12, colour=PAPER, line_gap=0)
            draw.text_block(surface, _("Evidence won (click one to choose it):"), (area.x, y, area.w, ARM_Y - (y - area.y)),
                            size=12, colour=PAPER, line_gap=0)
        for c in self.controls:
            if c.kind in ("button", "reset") and c.rect.colliderect(self.board.rect("actions")):
                self.draw_button(surface, c)
            elif c.kind == "arm":
                surface.blit(bc.evidence_token(c.key, c.rect.w), c.rect.topleft)
                if c.key in TOKEN_LABELS:  # colour tokens are named by their colour; wild ones are not
                    draw.text(surface, pgettext("evidence token", TOKEN_LABELS[c.key]), (c.rect.centerx, c.rect.bottom + 4),
                              size=11, colour=PAPER, anchor="midtop")
                if c.key == self.armed:
                    draw.brass_outline(surface, c.rect, radius=c.rect.w // 2)

    def hint(self, view) -> str:
        """A quiet reminder of how to act, where the buttons go when there are none."""
        if not self.session.legal_actions():
            return _("Right-click any card to read it. Click a discard pile to look through it.")
        pending = view.get("pending") or {}
        if pending.get("seat") == view.get("seat") and pending.get("kind") in CHOICE_KINDS:
            return _("Make your choice in the open panel. Right-click any card to read it.")
        if view.get("step") in ("play3", "play2"):
            return _("Click a card with a brass outline, or press its number (1-4). Dimmed cards cannot be played "
                     "now: hover one to see why. Right-click any card to read it.")
        return _("Right-click any card to read it.")

    def draw_button(self, surface, c: Control) -> None:
        hover = c.rect.collidepoint(self.mouse)
        pygame.draw.rect(surface, PAPER if not hover else (247, 240, 221), c.rect, border_radius=5)
        pygame.draw.rect(surface, BRASS, c.rect, 3 if hover else 2, border_radius=5)
        number = self._number_of(c)
        inner = c.rect.inflate(-16, -10)
        if number:
            draw.text(surface, f"[{number}]", (inner.x, inner.centery), size=14, colour=FADED, anchor="midleft")
            inner = pygame.Rect(inner.x + 34, inner.y, inner.w - 34, inner.h)
        if isinstance(c.action, A.FixCard):
            bc.fill_pattern(surface, (inner.x, inner.y + 2, 22, inner.h - 4), c.action.colour)
            inner = pygame.Rect(inner.x + 30, inner.y, inner.w - 30, inner.h)
        line = fonts.typewriter(14, bold=True).get_linesize()  # centred like its [n]
        draw.text_block(surface, c.label, (inner.x, inner.centery - line // 2, inner.w, line), size=14, bold=True,
                        max_lines=1)

    def _number_of(self, c: Control) -> int | None:
        choices = getattr(self, "_numbers", [])
        return choices.index(c.action) + 1 if c.action in choices and choices.index(c.action) < 9 else None

    def draw_choice(self, surface, view, seat) -> None:
        pending = view.get("pending") or {}
        kind = pending.get("kind")
        if pending.get("seat") != seat or kind not in CHOICE_KINDS:
            return
        panel = draw.paper_panel(surface, self.choice_panel(kind), seed=9)
        pygame.draw.rect(surface, BRASS, panel, 2)
        titles = {
            "spy_keep": _("ACTIVE AGENT - keep one card; the other goes on top of the Double-Cross deck"),
            "reorder": _("DOUBLE-CROSS DECK - click the cards in the order you want them, top first"),
            "recover": _("RECOVERY - take one card back from your discard pile"),
            "replace": _("REPLACEMENT - pick a card from {source}, or keep it").format(
                source=self.replace_source(view, seat, pending)),
            "fix": _("FIX THE CARD - choose the value and colour it counts as"),
            "take_evidence": _(TIE_TITLE.get(pending.get("box"), TIE_TITLE["alpha"])),
        }
        title = titles[kind]
        size = 14 if fonts.typewriter(14, bold=True).size(title)[0] <= panel.w - 32 else 12
        draw.text_block(surface, title, (panel.x + 16, panel.y + 12, panel.w - 32, 24), size=size, bold=True,
                        max_lines=1)
        if kind in ("replace", "fix"):
            slots = view["tableau"].get(seat, [])
            i = pending.get("slot", -1)
            if 0 <= i < len(slots):
                r = pygame.Rect(panel.x + 16, panel.y + 48, *bc.SMALL)
                self.draw_slot(surface, r, slots[i])
                draw.text(surface, _("this card"), (r.centerx, r.bottom + 4), size=12, colour=FADED, anchor="midtop")
                ring = self.board.find("tableau_slot", row=self.row_of(seat, seat), index=i)
                pygame.draw.rect(surface, BRASS, ring.inflate(10, 10), 3, border_radius=8)
        for c in self.controls:
            if c.kind in ("card", "pick") and c.rect.colliderect(panel) and c.rect.y < panel.bottom - 8 and c.rect.y > panel.y:
                size = c.rect.size
                self.blit_card(surface, c.key, c.rect, size)
            elif c.kind == "token":
                surface.blit(bc.evidence_token(c.key, c.rect.w), c.rect.topleft)
                name = _("any sector") if c.key in WILD_TOKENS else translate(SECTOR_NAMES[c.key])
                draw.text_block(surface, name, (c.rect.x - 12, c.rect.bottom + 8, c.rect.w + 24, 40), size=12)
            elif c.kind in ("button", "reset") and c.rect.colliderect(panel):
                self.draw_button(surface, c)
        if kind == "take_evidence":
            won = view.get("won") or []
            text = (_("Already won this month: {tokens}.").format(tokens=translate(colours(won))) if won
                    else _("No evidence won yet this month."))
            draw.text_block(surface, text, (panel.x + 16, panel.bottom - 60, panel.w - 32, 22), size=14, colour=FADED,
                            max_lines=1)
            note = _("Each token lets you turn over one intelligence token in its sector (black: any).")
            size = 14 if fonts.typewriter(14).size(note)[0] <= panel.w - 32 else 12
            draw.text_block(surface, note, (panel.x + 16, panel.bottom - 36, panel.w - 32, 22), size=size, colour=FADED,
                            max_lines=1)
        if kind == "reorder":
            if self.picks:
                names = ", ".join(bc.card_name(card(c)) for c in self.picks)
                draw.text(surface, _("Top first: {cards}").format(cards=names), (panel.x + 16, panel.bottom - 34),
                          size=14, colour=ALLIED)

    def replace_source(self, view, seat, pending) -> str:
        slots = view["tableau"].get(seat, [])
        i = pending.get("slot", -1)
        cid = slots[i].get("card") if 0 <= i < len(slots) else None
        if cid and card(cid).params.get("source") == "opponent_discard":
            if other(seat) == ABWEHR:
                return _("the Abwehr's discard pile (Defector)")
            return _("the LCS's discard pile (Defector)")
        return _("your own discard pile")

    def draw_highlights(self, surface) -> None:
        for c in self.controls:
            if c.kind in ("card", "deck", "space", "token", "pick"):
                hover = c.rect.collidepoint(self.mouse)
                radius = c.rect.w // 2 if c.kind in ("space", "token") else 8
                draw.brass_outline(surface, c.rect, width=4 if hover else 2, radius=radius)

    def draw_flashes(self, surface) -> None:
        for rect, left in self.flash:
            alpha = max(0, min(255, int(255 * left)))
            ring = pygame.Surface(rect.inflate(16, 16).size, pygame.SRCALPHA)
            pygame.draw.rect(ring, (*STAMP_RED, alpha), ring.get_rect(), 4, border_radius=10)
            surface.blit(ring, rect.inflate(16, 16).topleft)

    def draw_tooltip(self, surface, view) -> None:
        """Why a card in hand cannot be used now, on hover (the rules' own words); the known
        top of the Double-Cross deck, in order, on hovering that deck."""
        if self.zoom or self.browse:
            return
        known = view.get("dc_top_known") or []
        dc = self.board.find("deck", source="dc")
        if known and dc.collidepoint(self.mouse):
            order = "; ".join(f"{n + 1}. {bc.card_name(card(c))}" for n, c in enumerate(known))
            # wide and above the "you know the top:" words: two lines for three cards in Polish
            self.slip(surface, _("You know the top of the Double-Cross deck: {order}.").format(order=order),
                      (dc.x - 280, dc.y - KNOWN_TOP_LABEL_H - 4), width=KNOWN_TOP_TIP_W)
            return
        if not self.session.legal_actions():
            return
        hand = view.get("hand", [])
        usable = {c.key for c in self.controls if c.kind == "card"}
        for i, cid in enumerate(hand):
            rect = self.hand_rect(i, len(hand))
            if rect.collidepoint(self.mouse) and cid not in usable:
                reason = self.session.explain(A.PlayCard(cid))
                self.slip(surface, translate(reason), (rect.x, rect.y - 8))
                return

    def slip(self, surface, text, bottomleft, width: int = 360) -> None:
        font = fonts.typewriter(14)
        lines = draw.wrap(text, font, width)
        h = len(lines) * font.get_linesize() + 12
        w = max(font.size(line)[0] for line in lines) + 20
        rect = pygame.Rect(0, 0, w, h)
        rect.bottomleft = bottomleft
        rect.clamp_ip(surface.get_rect())
        pygame.draw.rect(surface, PAPER, rect)
        pygame.draw.rect(surface, STAMP_RED, rect, 2)
        y = rect.y + 6
        for line in lines:
            surface.blit(font.render(line, True, INK), (rect.x + 10, y))
            y += font.get_linesize()

    def draw_browse(self, surface, view) -> None:
        pile = view["discards"].get(self.browse, [])
        panel = pygame.Rect(40, 80, 1200, 600)
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 120))
        surface.blit(shade, (0, 0))
        draw.paper_panel(surface, panel, seed=4)
        n = len(pile)
        if self.browse == ABWEHR:
            heading = ngettext("Abwehr discard pile ({n} card)", "Abwehr discard pile ({n} cards)", n).format(n=n)
        else:
            heading = ngettext("LCS discard pile ({n} card)", "LCS discard pile ({n} cards)", n).format(n=n)
        draw.typed_heading(surface, heading, (panel.x + 24, panel.y + 12), size=28)
        draw.faded(surface, _("Right-click a card to read it. Click outside the cards or press Esc to close."),
                   (panel.x + 24, panel.y + 56))
        for i, cid in enumerate(pile):
            r = pygame.Rect(panel.x + 24 + (i % 14) * 82, panel.y + 90 + (i // 14) * 122, *bc.SMALL)
            self.blit_card(surface, cid, r, bc.SMALL)

    def draw_zoom(self, surface, view: dict | None = None) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 140))
        surface.blit(shade, (0, 0))
        rect = pygame.Rect((0, 0), bc.ZOOM)
        rect.center = (640, 384)
        draw.shadow(surface, rect, offset=8, alpha=120)
        surface.blit(bc.card_face(card(self.zoom), bc.ZOOM), rect.topleft)
        notes = []
        if card(self.zoom).effect == "leak" and not leak_cards_in_view(view or {}):
            notes.append((_("Leak cards are off in this game (the printed rule): this card gives no extra flip."), 15, True))
        notes.append((_("click anywhere to close"), 14, False))
        # on a dark slip: the shaded table's own text must not show through between the words
        sizes = [fonts.typewriter(size, bold).size(text) for text, size, bold in notes]
        slip = pygame.Rect(0, 0, max(w for w, _ in sizes) + 24, sum(h for _, h in sizes) + 12)
        slip.midtop = (640, rect.bottom + 6)
        pygame.draw.rect(surface, FELT_DARK, slip, border_radius=6)
        y = slip.y + 6
        for (text, size, bold), (_w, h) in zip(notes, sizes):
            draw.text(surface, text, (640, y), size=size, bold=bold, colour=PAPER if bold else PAPER_SHADE, anchor="midtop")
            y += h

    # ----- input -----------------------------------------------------------------------------
    def on_event(self, event) -> bool:
        """Esc first closes a zoomed card or an open discard pile, before it opens the pause menu."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and (self.zoom or self.browse):
            self.zoom = self.browse = None
            return True
        return super().on_event(event)

    def on_table_event(self, event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            return False
        if event.type == pygame.MOUSEWHEEL:
            self.log_scroll += event.y * 3
            return True
        if event.type != pygame.MOUSEBUTTONDOWN:
            return False
        self.mouse = event.pos
        if self.zoom:
            self.zoom = None
            return True
        if event.button == 3:
            return self.zoom_at(event.pos)
        if event.button != 1:
            return False
        if self.browse:
            self.browse = None
            return True
        return self.click(event.pos)

    def choose_number(self, n: int) -> bool:
        if self.zoom or self.browse:
            return False
        return super().choose_number(n)

    def zoom_at(self, pos) -> bool:
        for rect, cid in reversed(self.card_spots):
            if rect.collidepoint(pos):
                self.zoom = cid
                return True
        return False

    def click(self, pos) -> bool:
        view = self.current_view()[1]
        c = self.control_at(pos)
        if c is not None:
            return self.use(c)
        if self.board.rect("calendar").collidepoint(pos) and view.get("report"):
            from .results import BarclayMonthSummaryScene

            self.app.push(BarclayMonthSummaryScene(self.app, view["report"]))
            return True
        for props, rect in self.board.all("discard"):
            if rect.collidepoint(pos):
                who = self.bottom_seat(view.get("seat"))
                self.browse = who if props["row"] == "bottom" else other(who)
                return True
        refused = self.refused_action_at(view, pos)
        if refused is not None and self.session.legal_actions():
            self.show_message(self.session.explain(refused), warn=True)
            return True
        return False

    def choice_open(self) -> bool:
        """Whether a decision panel of the player at the table is open now."""
        view = self.current_view()[1]
        pending = view.get("pending") or {}
        return (pending.get("seat") == view.get("seat") and pending.get("kind") in CHOICE_KINDS
                and bool(self.session.legal_actions()))

    def wants_click(self, pos) -> bool:
        """Whether a left click at `pos` means something to the table now: its open decision
        panel, a control on offer, or one of its buttons (the results panel lets these through)."""
        view = self.current_view()[1]
        if self.choice_open() and self.choice_panel(view["pending"]["kind"]).collidepoint(pos):
            return True
        if self.control_at(pos) is not None:
            return True
        buttons = (self.pass_button, self.undo_button, self.menu_button, self.hint_button)
        return any(b is not None and b.visible and b.rect.collidepoint(pos) for b in buttons)

    def refused_action_at(self, view, pos):
        """The action a click on something not offered now would mean, so the rules can say why not."""
        hand = view.get("hand", [])
        for i, cid in enumerate(hand):
            if self.hand_rect(i, len(hand)).collidepoint(pos):
                return A.PlayCard(cid)
        pending = view.get("pending") or {}
        seat = view.get("seat")
        if pending.get("kind") == "draw":
            for props, rect in self.board.all("deck"):
                if rect.collidepoint(pos) and props["source"] in ("channels", "dc", seat):
                    return A.Draw("own" if props["source"] == seat else props["source"])
        if pending.get("kind") == "flip":
            for props, rect in self.board.all("token_space"):
                if rect.collidepoint(pos):
                    token = self.armed or props["sector"]
                    return A.Flip(token, props["sector"], props["index"])
        return None

    def use(self, c: Control) -> bool:
        if c.kind == "arm":
            self.armed = c.key
            return True
        if c.kind == "reset":
            self.picks = []
            return True
        if c.kind == "pick":
            self.picks.append(c.key)
            pending = self.current_view()[1].get("pending") or {}
            cards = list(pending.get("cards", []))
            if len(self.picks) == len(cards) - 1:
                order = tuple(self.picks + [x for x in cards if x not in self.picks])
                self.picks = []
                self.try_action(A.Reorder(order))
            return True
        if c.action is not None:
            self.try_action(c.action)
            return True
        return False

    def try_action(self, action) -> bool:
        view = self.current_view()[1]
        hand = view.get("hand", [])
        cid = getattr(action, "card", None)
        self._from_rect = self.hand_rect(hand.index(cid), len(hand)) if cid in hand else None
        return super().try_action(action)

    # ----- motion -------------------------------------------------------------------------------
    def start_tweens(self, events: list) -> None:
        view = self.game.view(self.session.drawable_seat())
        seat = view.get("seat")
        for e in events:
            if e.to is not None:
                continue
            data = e.data or {}
            if e.kind == "play":
                who = ABWEHR if e.text.startswith("The Abwehr") else LCS
                row = self.row_of(who, seat)
                index = len(view["tableau"].get(who, [])) - 1
                if index < 0:
                    continue
                dst = self.board.find("tableau_slot", row=row, index=min(index, 4))
                src = self._from_rect if (who == seat and self._from_rect) else self.board.rect(f"tableau-{row}")
                self.add_tween("slide", dst, src=pygame.Rect(src.topleft, dst.size), hide=(who, index), t=0.22)
            elif e.kind == "draw" and data.get("source"):
                who = ABWEHR if e.text.startswith("The Abwehr") else LCS
                deck = who if data["source"] == "own" else data["source"]
                src = self.board.find("deck", source=deck)
                if who == seat:
                    dst = self.hand_rect(max(0, len(view.get("hand", [])) - 1), 4)
                else:
                    dst = self.board.rect(f"tableau-{self.row_of(who, seat)}")
                self.add_tween("back", pygame.Rect(dst.topleft, src.size), src=src, key=deck, t=0.25)
            elif e.kind == "flip":
                rect = self.board.find("token_space", sector=data["sector"], index=data["space"])
                self.add_tween("flip", rect, key=(data["sector"], data["space"]), t=0.35)

    def add_tween(self, kind, dst, *, src=None, hide=None, key=None, t=0.22) -> None:
        dur = self.anim_seconds(t)
        if dur > 0:
            self.tweens.append({"kind": kind, "dst": dst, "src": src, "hide": hide, "key": key, "t": 0.0, "dur": dur})

    def tween_for(self, kind, key):
        return next((tw for tw in self.tweens if tw["kind"] == kind and (tw["key"] == key or tw["hide"] == key)), None)

    def draw_tweens(self, surface, view) -> None:
        for tw in self.tweens:
            p = min(1.0, tw["t"] / tw["dur"])
            ease = 1 - (1 - p) ** 3
            if tw["kind"] == "slide":
                who, index = tw["hide"]
                slots = view["tableau"].get(who, [])
                if index >= len(slots):
                    continue
                r = _lerp_rect(tw["src"], tw["dst"], ease)
                self.draw_slot(surface, r, slots[index])
            elif tw["kind"] == "back":
                r = _lerp_rect(tw["src"], tw["dst"], ease)
                surface.blit(bc.card_back(tw["key"], r.size), r.topleft)

    # ----- after an action ----------------------------------------------------------------------
    def on_acted(self, events: list) -> None:
        self.armed = None
        self.picks = []

    def on_hand_over(self) -> None:
        self.armed = None
        self.picks = []

    def catch_up(self) -> None:
        """Show what the last change did, whoever made it (a player here or a computer):
        slides, flips, rings, and the Evidence Results overlay. Public events only."""
        new, self._seq_seen = self.events_since(self._seq_seen)
        self.start_tweens(new)
        for e in new:
            self.flash_for(e)
        if any(e.kind in ("flip", "award") for e in new):
            self.app.sound.play("stamp")
        if any(e.kind in ("reveal", "hands") for e in new):
            from .results import BarclayResultsScene

            self.app.push(BarclayResultsScene(self.app, self.session, new, self.public_table))
        public = self.game.view(None)
        if any(public["tableau"].values()):
            self.public_table = {"tableau": public["tableau"], "ultra": public.get("ultra"), "month": public["month"],
                                 "boxes": public.get("boxes") or {}}

    def flash_for(self, e) -> None:
        data = e.data or {}
        if e.kind == "flip":
            self.flash.append((self.board.find("token_space", sector=data["sector"], index=data["space"]), 1.6))
        elif e.kind == "award":
            self.flash.append((self.board.find("evidence_box", box=data["box"]), 1.6))

    def update(self, dt: float) -> None:
        self.fit_hint_button()
        if self._seen_version != self.session.version:
            self._seen_version = self.session.version
            self.catch_up()  # before the base pushes a curtain: the results are public and shown first
        super().update(dt)
        self.flash = [(r, t - dt) for r, t in self.flash if t - dt > 0]
        for tw in self.tweens:
            tw["t"] += dt
        self.tweens = [tw for tw in self.tweens if tw["t"] < tw["dur"]]

    def animating(self) -> bool:
        return bool(self.flash or self.tweens)


def block_size(text: str, box: pygame.Rect, size: int = 14, smallest: int = 12) -> int:
    """The largest typewriter size, at most `size`, at which `text` wraps whole into `box`
    (Dutch and Polish run longer than the English this box was drawn for)."""
    while size > smallest:
        font = fonts.typewriter(size)
        if len(draw.wrap(text, font, box.w)) * (font.get_linesize() + 4) <= box.h:
            break
        size -= 1
    return size


def step_label(step: str | None) -> str:
    """The month's step as the calendar names it."""
    if step == "play3":
        return _("First Three Cards")
    if step == "play2":
        return _("Final Two Cards")
    if step == "assess":
        return pgettext("step", "Assessment")
    if step == "results":
        return pgettext("step", "Evidence Results")
    return pgettext("step", "Setup")


def log_text(entry: dict) -> str:
    """A log line in the player's language: from its message ids when the event has them."""
    if "msg" in entry:
        try:
            return translate(message_from_json(entry["msg"]))
        except ValueError:
            pass
    return translate(entry["text"])


def sector_name_size(name: str, width: int) -> int:
    """The bold size (14 down to 12) at which a sector's name keeps 10 px from each side of its
    header ("Południe Francji" touched the edges at 14)."""
    return draw.fit_size(name, width - 20, 14, bold=True, smallest=12)


def known_top_slip(deck: pygame.Rect, name: str) -> pygame.Rect:
    """The slip naming the known top of the Double-Cross deck: the whole name ("Sardinia/" +
    "Corsica 1/13 (+2)"), over the lower half of the deck, above the deck's own label."""
    font = fonts.typewriter(12, bold=True)
    lines = draw.wrap(name, font, deck.w + 4)
    slip = pygame.Rect(deck.x - 6, 0, deck.w + 12, len(lines) * font.get_linesize() + 4)
    slip.bottom = deck.bottom - 2
    return slip


def fitting_font(text: str, width: int):
    """The 12 px typewriter if `text` fits `width` on one line, else the narrower serif at the largest
    size (14..12) that fits: a short label shrinks into its box rather than running out of it."""
    fonts_tried = [fonts.typewriter(12)] + [fonts.serif(size, bold=True) for size in (14, 13, 12)]
    return next((f for f in fonts_tried if f.size(text)[0] <= width), fonts_tried[-1])


NAME_FACES = ((fonts.TYPE, 12, False), (fonts.SERIF, 14, True), (fonts.SERIF, 13, True), (fonts.SERIF, 12, True))


def player_name_lines(name: str, width: int = 80) -> tuple[tuple, list[str]]:
    """A player's name in the side label: ((face, size, bold), lines), whole words on up to two
    lines, in the typewriter or else the narrower serif; only a name no face fits ends in "..."."""
    for face, size, bold in NAME_FACES:
        font = fonts.font(face, size, fonts._style(bold, False))
        lines = bc.name_lines(name, font, width, hyphens=False)
        if lines is not None and len(lines) <= 2:
            return (face, size, bold), lines
    font = fonts.typewriter(12)
    lines = bc.name_lines(name, font, width) or [name]
    if len(lines) > 2:
        lines = lines[:2]
        while lines[1] and font.size(lines[1] + "...")[0] > width:
            lines[1] = lines[1][:-1]
        lines[1] = lines[1].rstrip() + "..."
    return NAME_FACES[0], lines


def _lerp_rect(a: pygame.Rect, b: pygame.Rect, t: float) -> pygame.Rect:
    return pygame.Rect(round(a.x + (b.x - a.x) * t), round(a.y + (b.y - a.y) * t), b.w, b.h)


def needs_setup(game) -> bool:
    """Roles or token layout still to choose (the step is public: everyone sees the setup)."""
    return str(game.view(None)["step"]).startswith("setup")
