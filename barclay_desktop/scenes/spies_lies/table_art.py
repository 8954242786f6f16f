"""Drawing of the Spies & Lies table (a mixin of SpiesTableScene): the track and the double
spy, the towers, both line-ups, the status columns, the intelligence cards, the bottom band
(hand, guess row, elimination draw, reveal report, end-of-day summary), buttons, highlights,
the slip band (the table's own notices, where no card is) and tooltips.

Everything is drawn from the `view` the scene passes in and the controls it built."""

from __future__ import annotations

import pygame

from ... import i18n
from ...i18n import N_, _, ngettext, pgettext, translate
from ...rules.spies_lies import actions as A
from ...ui import draw, fonts
from . import cards as sc
from ...ui.palette import BRASS, FADED, INK, PAPER, PAPER_SHADE, STAMP_RED
from ...ui.widgets import new_tag
from ..menu import stamp_size
from .day_summary import SIDE_NAME, SIDES, draw_day_summary

TOOLTIP_W = 560  # wide and short, so a board troop's note fits between the rows' MISSION plates
TOOLTIP_MARGIN = 100  # right of the red tower


def spy_space(view) -> int:
    """The track space the double spy stands on: the rules keep it at the gate when it takes the
    flag (the capture ends the game there), but the pawn is drawn on the flag it took."""
    spy = view["track"]["spy"]
    kind = (view.get("result") or {}).get("kind")
    if kind in ("flag", "flag_void") and abs(spy) == view["track"]["gate"]:
        return spy + (1 if spy > 0 else -1)
    return spy


# what a side's status line says while a flag is set: in full, or short when several must share the line
STATUS_FLAGS = (("scout_active", N_("Scout: 4 IP a right guess"), N_("Scout +4")),
                ("bomb_pending", N_("Bomb primed"), N_("Bomb")),
                ("double_damage", N_("Double damage"), N_("x2 damage")),
                ("wrong_order", N_("Wrong order!"), N_("Wrong order")))
PLAYER_WAITS = {"partners": N_("partners see it only on their own deploy turn"), "watching": N_("you are watching"),
                "handover": N_("the table is being handed over")}


def status_flags(side_view: dict, width: int) -> tuple[str, int]:
    """(text, type size) of the side's active flags in one line that fits `width`: in full when
    that fits, else the short words, at last a size smaller."""
    set_flags = [(_(full), _(short)) for key, full, short in STATUS_FLAGS if side_view.get(key)]
    tries = ((" / ".join(f for f, _s in set_flags), 12), (" / ".join(s for _f, s in set_flags), 12),
             ("/".join(s for _f, s in set_flags), 11))
    for text, size in tries:
        if fonts.typewriter(size, bold=True).size(text)[0] <= width:
            break
    else:  # longer words than the English: smaller still, down to a size that stays readable
        size = sc.fit_size(text, width, size, bold=True, smallest=9)
    return text, size


def name_font(lines: list[str], width: int) -> pygame.font.Font:
    """The largest typewriter size at which every line fits `width`; names up to the name
    fields' 20 letters that do not, in the narrower serif."""
    tries = [fonts.typewriter(size) for size in (13, 12, 11, 10)] + [fonts.serif(size) for size in (13, 12, 11)]
    for font in tries:
        if all(font.size(line)[0] <= width for line in lines):
            return font
    return tries[-1]


def chip_in_play(view, side: str, slot: dict) -> bool:
    """A deception chip stays on its troop until the guess on it is resolved: the reveal spends
    it (S4), unless the activation it adds +4 IP to still waits on its owner's choice."""
    if not slot["deception_chip"]:
        return False
    pending = view.get("pending") or {}
    return not slot["face_up"] or (pending.get("side") == side and pending.get("mission") == slot["mission"])


class SpiesTableArt:
    # the double-spy track
    def static_layer(self, bottom: str) -> pygame.Surface:
        """Felt, the map's tiles and everything that never changes in a game (track spaces, tower
        scales, mission plates), drawn once per viewing side."""
        key = (bottom, i18n.generation())  # its plates and track are labelled in words
        layer = self._static.get(key)
        if layer is None:
            layer = pygame.Surface((1280, 720))
            if pygame.display.get_surface() is not None:
                layer = layer.convert()
            draw.felt(layer)
            layer.blit(self.board.surface(), (0, 0))
            self.draw_track_spaces(layer)
            for side in SIDES:
                self.draw_tower_scale(layer, side)
                self.draw_plates(layer, side, "bottom" if side == bottom else "top")
            self._static[key] = layer
        return layer

    def draw_plates(self, surface, side: str, row: str) -> None:
        for props, plate in self.board.all("mission_plate"):
            if props["row"] != row:
                continue
            pygame.draw.rect(surface, PAPER_SHADE, plate, border_radius=4)
            pygame.draw.rect(surface, sc.side_rgb(side), plate, 2, border_radius=4)
            label = _("MISSION {n}").format(n=props["mission"])
            draw.text(surface, label, plate.center, size=sc.fit_size(label, plate.w - 6, 13, bold=True), bold=True,
                      anchor="center", box=plate)

    def draw_track(self, surface, view) -> None:
        # Once the game is over the table stops updating under the game-over page: draw the end
        # position itself rather than wherever the glide had got to.
        value = spy_space(view) if view["phase"] == "over" else self.spy.value
        sc.spy_pawn(surface, self.spy_point(value), 44)

    def draw_track_spaces(self, surface) -> None:
        for props, rect in self.board.all("track_space"):
            self.draw_space(surface, props, rect)
        band = self.board.rect("track")
        draw.text(surface, _("RED TERRITORY"), (band.x + 6, band.y + 2), size=12, bold=True, colour=PAPER)
        draw.text(surface, _("BLUE TERRITORY"), (band.right - 6, band.y + 2), size=12, bold=True, colour=PAPER,
                  anchor="topright")
        draw.text(surface, _("THE DOUBLE SPY"), (band.centerx, band.bottom - 14), size=12, bold=True, colour=PAPER,
                  anchor="midtop")

    def draw_space(self, surface, props, rect) -> None:
        role, side = props["role"], props["side"]
        colour = sc.side_rgb(side) if side else PAPER_SHADE
        if role == "flag":
            pygame.draw.rect(surface, sc.lighter(colour, 30), rect, border_radius=6)
            pygame.draw.rect(surface, INK, rect, 2, border_radius=6)
            sc.pennant(surface, rect.inflate(-10, -8), colour)
            label = _("FLAG")
            draw.text(surface, label, (rect.centerx, rect.bottom - 14), size=sc.fit_size(label, rect.w, 12, bold=True),
                      bold=True, colour=PAPER, anchor="midtop")
        elif role == "gate":
            pygame.draw.circle(surface, sc.darker(colour, 20), rect.center, rect.w // 2)
            pygame.draw.circle(surface, BRASS, rect.center, rect.w // 2, 3)
            label = _("GATE")
            draw.text(surface, label, (rect.centerx, rect.centery + 12), size=sc.fit_size(label, rect.w, 12, bold=True),
                      bold=True, colour=PAPER, anchor="center")
        else:
            pygame.draw.circle(surface, PAPER if role == "centre" else sc.lighter(colour, 110), rect.center, rect.w // 2)
            pygame.draw.circle(surface, INK, rect.center, rect.w // 2, 2)
            label = "0" if role == "centre" else str(abs(props["pos"]))
            draw.text(surface, label, (rect.centerx, rect.bottom - 16), size=12, colour=FADED, anchor="midtop")

    def spy_point(self, value: float) -> tuple[int, int]:
        """Where the pawn stands for a (possibly in-between) position on the track."""
        lo = int(value // 1)
        frac = value - lo
        a = self.space_center(lo)
        b = self.space_center(lo + 1) if frac else a
        return round(a[0] + (b[0] - a[0]) * frac), round(a[1] + (b[1] - a[1]) * frac) - 4

    def space_center(self, pos: int) -> tuple[int, int]:
        try:
            return self.board.find("track_space", pos=pos).center
        except KeyError:
            return self.board.rect("track").center

    # the infiltration towers
    def draw_tower_scale(self, surface, side, target: int = 10) -> None:
        tower = self.board.find("tower", side=side)
        name, label = _(SIDE_NAME[side]).upper(), _("TOWER")
        draw.text(surface, name, (tower.centerx, tower.y + 4), size=sc.fit_size(name, tower.w - 4, 14, bold=True),
                  bold=True, colour=PAPER, anchor="midtop")
        draw.text(surface, label, (tower.centerx, tower.y + 20), size=sc.fit_size(label, tower.w - 4, 12),
                  colour=PAPER_SHADE, anchor="midtop")
        for props, rect in self.board.all("tower_cell"):
            if props["side"] != side:
                continue
            v = props["value"]
            fill = sc.lighter(sc.side_rgb(side), 120) if v < target else BRASS
            pygame.draw.rect(surface, fill, rect, border_radius=4)
            pygame.draw.rect(surface, sc.darker(sc.side_rgb(side), 30), rect, 1, border_radius=4)
            draw.text(surface, str(v), (rect.x + 8, rect.centery), size=14, bold=v == target, colour=INK,
                      anchor="midleft")

    def draw_tower(self, surface, view, side) -> None:
        tower = self.board.find("tower", side=side)
        shown = view["scores"][side] if view["phase"] == "over" else self.towers[side].value
        y = self.tower_y(side, shown)
        marker = pygame.Rect(0, 0, 30, 26)
        marker.midright = (tower.right - 10, y)
        pygame.draw.rect(surface, sc.side_rgb(side), marker, border_radius=5)
        pygame.draw.rect(surface, PAPER, marker, 2, border_radius=5)
        draw.text(surface, str(view["scores"][side]), marker.center, size=14, bold=True, colour=PAPER, anchor="center")

    def tower_y(self, side: str, value: float) -> int:
        lo = max(0, min(10, int(value)))
        a = self.board.find("tower_cell", side=side, value=lo).centery
        b = self.board.find("tower_cell", side=side, value=min(10, lo + 1)).centery
        return round(a + (b - a) * (value - lo))

    # the mission rows
    def draw_row_label(self, surface, view, side, row) -> None:
        """Whose line-up this row is: the side, its players, and 'yours' for the viewer's."""
        area = self.board.find("row_label", row=row)
        pygame.draw.rect(surface, sc.side_rgb(side), area, border_radius=8)
        pygame.draw.rect(surface, sc.lighter(sc.side_rgb(side), 70), area.inflate(-8, -8), 1, border_radius=6)
        name = _(SIDE_NAME[side]).upper()
        draw.text(surface, name, (area.centerx, area.y + 14), size=sc.fit_size(name, area.w - 12, 20, bold=True),
                  bold=True, colour=PAPER, anchor="midtop")
        mine = view.get("my_side") == side
        whose = _("YOUR LINE-UP") if mine else _("LINE-UP")
        draw.text(surface, whose, (area.centerx, area.y + 42), size=sc.fit_size(whose, area.w - 12, 12, bold=True),
                  bold=True, colour=PAPER_SHADE, anchor="midtop")
        players = self.side_players(side).split(" & ") if self.side_players(side) else []
        lines = [f"{name} &" for name in players[:-1]] + players[-1:]  # one player a line, never cut mid-name
        font = name_font(lines, area.w - 12)
        for i, line in enumerate(lines[:2]):
            img = font.render(line, True, PAPER)
            surface.blit(img, img.get_rect(midtop=(area.centerx, area.y + 64 + i * 19)))
        if view.get("starter") == side and view["phase"] == "mission":
            first = _("guesses first")
            draw.text(surface, first, (area.centerx, area.bottom - 20), size=sc.fit_size(first, area.w - 8, 12),
                      colour=BRASS, anchor="midtop")

    def draw_row(self, surface, view, side) -> None:
        row = self.row_of(side, view)
        sv = view["sides"][side]
        step = view.get("mission_step") or {}
        self.draw_row_label(surface, view, side, row)
        for slot in sv["missions"]:
            m = slot["mission"]
            rect = self.slot_rect(row, m)
            lifted = row == "bottom" and self.drag is not None and self.drag.get("from") == m
            self.draw_slot(surface, rect, side, {**slot, "occupied": False} if lifted else slot, view)
            if slot["intel_chip"] is not None:
                sc.intel_chip(surface, self.board.find("intel_chip_spot", row=row, mission=m).center, 12,
                              slot["intel_chip"])
            if chip_in_play(view, side, slot):
                sc.deception_chip(surface, self.board.find("deception_chip_spot", row=row, mission=m).center, 12)
            if slot["targeted"]:
                self.draw_target(surface, rect, step)
            if m - 1 in sv.get("order_conflict", ()):
                self.draw_order_conflict(surface, rect)

    @staticmethod
    def draw_order_conflict(surface, rect) -> None:
        """Open table (S9): the owner's two troops that break the order, ringed before the day starts."""
        pygame.draw.rect(surface, STAMP_RED, rect.inflate(8, 8), 3, border_radius=10)
        tag = pygame.Rect(rect.x + 6, rect.y + 3, rect.w - 12, 18)
        pygame.draw.rect(surface, STAMP_RED, tag, border_radius=3)
        pygame.draw.rect(surface, PAPER, tag, 1, border_radius=3)
        label = _("OUT OF ORDER")
        draw.text(surface, label, tag.center, size=sc.fit_size(label, tag.w - 4, 11, bold=True, smallest=8), bold=True,
                  colour=PAPER, anchor="center")

    def draw_slot(self, surface, rect, side, slot, view) -> None:
        flip = next((f for f in self.flips if f.side == side and f.mission == slot["mission"]), None)
        troop = slot.get("troop")
        if not slot["occupied"]:
            surface.blit(sc.empty_slot(rect.size, pgettext("mission slot", "empty")), rect.topleft)
            return
        back = sc.troop_back(side, rect.size)
        if troop is None:
            sc.shadow(surface, rect, offset=3, alpha=80, radius=8)
            surface.blit(back, rect.topleft)
            return
        face = self.face(side, troop, rect.size)
        if flip is not None:
            img = sc.flip_frame(face, back, flip.t)
            surface.blit(img, img.get_rect(center=rect.center))
            return
        if slot["retreated"]:
            img = sc.sideways(face)
            surface.blit(img, img.get_rect(center=rect.center))
            word = _("RETREATED")
            draw.stamp(surface, word, (rect.centerx, rect.bottom - 8), size=stamp_size(word, rect.w + 4, 14, smallest=9),
                       angle=0, colour=FADED)
        else:
            sc.shadow(surface, rect, offset=3, alpha=80, radius=8)
            surface.blit(face, rect.topleft)
            if slot["activated"]:
                word = _("ACTIVATED")
                draw.stamp(surface, word, (rect.centerx, rect.y + 64), size=stamp_size(word, rect.w + 4, 14, smallest=9),
                           angle=-4)
            elif not slot["face_up"]:
                self.draw_private_mark(surface, rect, slot)
        if slot.get("borrowed"):
            b = slot["borrowed"]  # the Captain used an eliminated troop: a brass tag on the card says which
            tag = pygame.Rect(rect.x + 4, rect.bottom - 22, rect.w - 8, 18)
            pygame.draw.rect(surface, BRASS, tag, border_radius=3)
            label = _("as {troop}").format(troop=pgettext("troop name", b["name"]))
            draw.text(surface, label, tag.center, size=sc.fit_size(label, tag.w - 4, 12, bold=True, smallest=8),
                      bold=True, colour=INK, anchor="center")

    def draw_private_mark(self, surface, rect, slot) -> None:
        """A face-down troop its owner may look at: a corner fold saying only you see it."""
        label = _("KNOWN") if slot["known"] else _("FACE-DOWN")
        tag = pygame.Rect(rect.x + 6, rect.bottom - 20, rect.w - 12, 16)
        pygame.draw.rect(surface, INK, tag, border_radius=3)
        draw.text(surface, label, tag.center, size=sc.fit_size(label, tag.w - 4, 12, bold=True, smallest=8), bold=True,
                  colour=PAPER, anchor="center")

    def draw_target(self, surface, rect, step) -> None:
        """The troop about to be guessed: a pulsing brass frame and a pointer from the track side."""
        pulse = (pygame.time.get_ticks() // 300) % 2
        pygame.draw.rect(surface, BRASS, rect.inflate(10, 10), 5 if pulse else 3, border_radius=10)
        tip_y = rect.y - 8 if rect.y > 300 else rect.bottom + 8
        pygame.draw.polygon(surface, BRASS, [(rect.x - 22, tip_y - 10), (rect.x - 8, tip_y), (rect.x - 22, tip_y + 10)])

    # the status columns
    def draw_status(self, surface, view, side) -> None:
        row = self.row_of(side, view)
        area = self.board.find("status", row=row)
        sv = view["sides"][side]
        draw.paper_panel(surface, area, seed=31 if row == "top" else 32)
        pygame.draw.rect(surface, sc.side_rgb(side), (area.x, area.y, 8, area.h))
        who = f"{_(SIDE_NAME[side]).upper()}  {self.side_players(side)}".strip()
        if fonts.typewriter(14, bold=True).size(who)[0] > area.w - 24:
            who = _(SIDE_NAME[side]).upper()  # the players' names stand on the row's label beside the line-up
        draw.text(surface, who, (area.x + 16, area.y + 6), size=14, bold=True)
        y = area.y + 28
        chips = sv["deception_chips"]
        label = _("Deception")
        draw.text(surface, label, (area.x + 16, y + 4), size=sc.fit_size(label, 84, 13), colour=FADED)
        for k in range(chips):
            sc.deception_chip(surface, (area.x + 112 + k * 28, y + 11), 11)
        if not chips:
            draw.text(surface, pgettext("deception chips", "none"), (area.x + 104, y + 4), size=13, colour=FADED)
        left = sv.get("intel_chips_left")
        if left is not None:
            self.draw_intel_left(surface, left, pygame.Rect(area.x + 112 + max(1, chips) * 28, y, 0, 22).union(
                pygame.Rect(area.right - 8, y, 0, 22)))
        y += 28
        label = _("Out today")
        draw.text(surface, label, (area.x + 16, y + 12), size=sc.fit_size(label, 84, 13), colour=FADED)
        for k, t in enumerate(sv["eliminated"]):
            sc.mini_troop(surface, (area.x + 104 + k * 40, y, *sc.MINI), side, t["rank"])
        nxt = sv["eliminated_next_day"]
        if nxt:
            label = _("next day")
            draw.text(surface, label, (area.x + 150, y + 12), size=sc.fit_size(label, 70, 13, smallest=8), colour=STAMP_RED)
            for k, t in enumerate(nxt):
                sc.mini_troop(surface, (area.x + 222 + k * 22, y, 20, sc.MINI[1]), side, t["rank"])
        flags, size = status_flags(sv, area.w - 24)
        if flags:
            draw.text(surface, flags, (area.x + 16, area.bottom - 16), size=size, bold=True, colour=STAMP_RED)

    @staticmethod
    def draw_intel_left(surface, left: int, room: pygame.Rect) -> None:
        """The intelligence chips a side has left, right-aligned in `room`: in words when they
        fit (Dutch and Polish name the chip at length), else a chip and the number."""
        words = _("intel chips {n}").format(n=left)
        size = sc.fit_size(words, room.w, 13, smallest=10)
        if fonts.typewriter(size).size(words)[0] <= room.w:
            draw.text(surface, words, (room.right, room.y + 4), size=size, colour=FADED, anchor="topright", box=room)
            return
        number = draw.text(surface, f"x {left}", (room.right, room.y + 4), size=13, colour=FADED, anchor="topright")
        sc.intel_chip(surface, (number.x - 12, room.centery), 9, True)

    def draw_old_pile(self, surface, pile: pygame.Rect, old: list) -> None:
        """All old intelligence cards stay visible (rulebook, end of a day): one card shows
        whole; more are fanned, oldest at the top, each showing its four ranks."""
        if len(old) == 1:
            sc.shadow(surface, pile, offset=2, alpha=60, radius=8)
            surface.blit(sc.intel_face(tuple(old[0]["ranks"]), pile.size), pile.topleft)
            return
        for card, r in zip(old, sc.fan_rects(pile, len(old))):
            sc.shadow(surface, r, offset=2, alpha=60, radius=6)
            surface.blit(sc.intel_strip(tuple(card["ranks"]), r.size), r.topleft)

    def side_players(self, side: str) -> str:
        names = [self.session.player_name(s) for s in self.game.seats if self.game.side_of(s) == side]
        plain = [n for n in names if not n.startswith(SIDE_NAME[side])]  # the seats' own names (English ids)
        return " & ".join(plain)

    # the intelligence cards and the day
    def draw_intel(self, surface, view) -> None:
        intel = view["intelligence"]
        card = self.board.rect("intel-card")
        pile = self.board.rect("old-pile")
        today = _("TODAY")
        draw.text(surface, today, (card.centerx, card.y - 16), size=sc.fit_size(today, card.w + 8, 12, bold=True),
                  bold=True, anchor="midtop")
        old = _("OLD PILE ({n})").format(n=len(intel["old_pile"]))
        draw.text(surface, old, (pile.centerx, pile.y - 16), size=sc.fit_size(old, pile.w + 8, 12, bold=True),
                  bold=True, anchor="midtop")
        if intel.get("current"):
            sc.shadow(surface, card, offset=3, alpha=80, radius=8)
            surface.blit(sc.intel_face(tuple(intel["current"]["ranks"]), card.size), card.topleft)
        elif intel.get("deck_count"):
            surface.blit(sc.intel_back(card.size), card.topleft)
            deck = _("deck {n}").format(n=intel["deck_count"])
            draw.text(surface, deck, (card.centerx, card.bottom - 22), size=sc.fit_size(deck, card.w - 4, 12),
                      colour=PAPER, anchor="midtop")
        self.draw_old_pile(surface, pile, intel["old_pile"])
        day = self.board.rect("day")
        draw.text(surface, _("DAY"), (day.x + 4, day.centery), size=14, bold=True, anchor="midleft")
        for props, rect in self.board.all("day_spot"):
            d = props["day"]
            if d == view["day"]:
                pygame.draw.circle(surface, BRASS, rect.center, rect.w // 2 + 2)
            pygame.draw.circle(surface, INK, rect.center, rect.w // 2 + 2, 1)
            draw.text(surface, str(d), rect.center, size=14, bold=d == view["day"], anchor="center",
                      colour=INK if d >= view["day"] else FADED)
        draw.text(surface, _("reserve {n}").format(n=view["deception_reserve"]), (day.right - 4, day.centery), size=12,
                  colour=FADED, anchor="midright")

    # the bottom band: the hand, the guess row or the elimination draw
    def draw_bottom(self, surface, view, seat) -> None:
        step = view.get("mission_step") or {}
        summary = self.summary_for(view, seat)
        if self.showing_report():
            self.draw_report(surface)
        elif summary is not None:
            button = self.summary_button()
            draw_day_summary(surface, self.board.rect("pick-panel"), summary, button, button.collidepoint(self.mouse))
        elif view["phase"] == "eliminate" and view.get("elimination"):
            self.draw_pick(surface, view, seat)
        elif step.get("stage") == "guess" and self.acting(seat):
            self.draw_guess_row(surface, view, step)
        else:
            self.draw_hand(surface, view, seat)

    def showing_report(self) -> bool:
        """The reveal report is up while the table waits to be passed on after it."""
        return bool(self.report_lines or self.report_troops) and self.session.pass_to is not None

    def draw_report(self, surface) -> None:
        """What the last action revealed, on show until the table is passed on."""
        area = self.board.rect("hand")
        panel = draw.paper_panel(surface, area.inflate(-8, -16), seed=45)
        pygame.draw.rect(surface, BRASS, panel, 2)
        draw.text(surface, _("REVEALED"), (panel.x + 16, panel.y + 10), size=14, bold=True, colour=STAMP_RED)
        x = panel.x + 16
        for side, rank in self.report_troops[:2]:  # the troop that was turned up (public)
            t = self.troops[rank]
            card = pygame.Rect(x, panel.y + 34, 96, 136)
            sc.shadow(surface, card, offset=3, alpha=80, radius=8)
            surface.blit(sc.troop_face(side, rank, t["name"], t["name_nl"], card.size), card.topleft)
            x = card.right + 16
        report = " ".join(translate(line) for line in self.report_lines)
        box = pygame.Rect(x, panel.y + 34, panel.right - x - 16, panel.h - 64)
        draw.text_block(surface, report, box, size=sc.block_size(report, box.w, box.h, 16))
        over = _("Your turn is over: pass the table on with the button at the top, or Enter.")
        draw.text(surface, over, (x, panel.bottom - 24), size=sc.fit_size(over, panel.right - x - 16, 14),
                  colour=FADED, box=pygame.Rect(x, panel.bottom - 26, panel.right - x - 16, 22))

    def draw_hand(self, surface, view, seat) -> None:
        area = self.board.rect("hand")
        side = self.bottom_side(view)
        sv = view["sides"][side]
        hand = sv.get("hand")
        if seat is None or hand is None:
            who = _(PLAYER_WAITS["partners" if seat is not None else "watching" if self.session.watched
                                 else "handover"])
            n = sv["hand_count"]
            line = ngettext("{side}'s hand: {n} troop ({who}).", "{side}'s hand: {n} troops ({who}).", n).format(
                side=_(SIDE_NAME[side]), n=n, who=who)
            draw.text(surface, line, (area.x + 8, area.y + 8), size=sc.fit_size(line, area.w - 16, 15, bold=True),
                      bold=True, colour=PAPER, box=pygame.Rect(area.x + 8, area.y + 6, area.w - 16, 22))
            for i in range(min(sv["hand_count"], 9)):
                r = self.board.find("hand_slot", index=i)
                surface.blit(sc.troop_back(side, r.size), r.topleft)
            return
        heading = self.hand_heading(view) if self.acting(seat) else _("YOUR HAND")
        draw.text(surface, heading, (area.x + 8, area.y + 8), size=sc.fit_size(heading, area.w - 16, 15, bold=True),
                  bold=True, colour=PAPER, box=pygame.Rect(area.x + 8, area.y + 6, area.w - 16, 22))
        usable = {c.key for c in self.controls if c.kind == "hand" and not c.note}
        for i, troop in enumerate(hand):
            if self.drag and self.drag["rank"] == troop["rank"]:
                continue
            r = self.hand_rect(i)
            lifted = troop["rank"] == self.selected
            r = r.move(0, -16) if lifted else r
            sc.shadow(surface, r, offset=5 if lifted else 3, alpha=90, radius=8)
            surface.blit(self.face(side, troop, r.size), r.topleft)
            if view["phase"] == "deploy" and self.controls and troop["rank"] not in usable:
                dim = pygame.Surface(r.size, pygame.SRCALPHA)
                dim.fill((36, 51, 46, 120))
                surface.blit(dim, r.topleft)
            if lifted:
                draw.brass_outline(surface, r, width=3, radius=10)
            elif self.is_new(troop["rank"]):  # back in hand since this player last looked
                new_tag(surface, r)

    def hand_heading(self, view) -> str:
        if view["phase"] != "deploy":
            return _("YOUR HAND (troops not deployed today)")
        if view["mode"] == "strict":
            return _("DEPLOY: drag a troop onto a mission. Ranks ascend 1 to 4; the Sergeant (4) stands anywhere.")
        return _("DEPLOY (open table): ranks should ascend 1 to 4, the Sergeant (4) anywhere; out of order costs "
                 "the day.")

    def draw_guess_row(self, surface, view, step) -> None:
        area = self.board.rect("guess-row")
        defender = step["defender"]
        dv = view["sides"][defender]
        out = {t["rank"] for t in dv["eliminated"]}
        shown = {s["troop"]["rank"] for s in dv["missions"] if s.get("troop") and s["face_up"]}
        bluff = step.get("deception_chip")
        words = dict(side=_(SIDE_NAME[defender]).upper(), mission=step["mission"])
        title = (_("NAME {side}'S TROOP UNDER MISSION {mission}. It carries a deception chip!").format(**words) if bluff
                 else _("NAME {side}'S TROOP UNDER MISSION {mission}.").format(**words))
        chip = dv["missions"][step["mission"] - 1].get("intel_chip")
        ranks = ", ".join(map(str, (view["intelligence"].get("current") or {}).get("ranks", [])))
        hint = (_("Chip shown: a rank on today's card ({ranks}), or a lying Sergeant.") if chip else
                _("No chip: not a rank on today's card ({ranks}), or a lying Sergeant.")).format(ranks=ranks)
        title_size = sc.fit_size(title, area.w - 16, 15, bold=True)
        title_w = fonts.typewriter(title_size, bold=True).size(title)[0]
        hint_size = sc.fit_size(hint, area.w - 40 - title_w, 13, smallest=9)
        on_one_line = fonts.typewriter(hint_size).size(hint)[0] <= area.w - 40 - title_w
        draw.text(surface, title, (area.x + 8, area.y + 8), size=title_size, bold=True,
                  colour=BRASS if not bluff else PAPER)
        if on_one_line:
            draw.text(surface, hint, (area.right - 8, area.y + 10), size=hint_size, colour=PAPER_SHADE,
                      anchor="topright")
        else:  # no room beside the title: under it, right-aligned
            hint_size = sc.fit_size(hint, area.w - 16, 13, smallest=9)
            draw.text(surface, hint, (area.right - 8, area.y + 28), size=hint_size, colour=PAPER_SHADE,
                      anchor="topright")
        for c in self.controls:
            if c.kind != "guess":
                continue
            t = self.troops[c.key]
            r = c.rect.move(0, -10) if c.rect.collidepoint(self.mouse) else c.rect
            sc.shadow(surface, r, offset=4, alpha=90, radius=8)
            surface.blit(sc.troop_face(defender, c.key, t["name"], t["name_nl"], r.size), r.topleft)
            note = (pgettext("troop", "eliminated") if c.key in out else _("already shown") if c.key in shown
                    else "")
            if note:
                dim = pygame.Surface(r.size, pygame.SRCALPHA)
                dim.fill((36, 51, 46, 110))
                surface.blit(dim, r.topleft)
                # beside the upside-down corner rank (24 px at the right), clear of it in every language
                room = pygame.Rect(r.x + 4, r.bottom - 16, r.w - 28, 16)
                draw.text(surface, note, room.midtop, size=sc.fit_size(note, room.w, 12, bold=True), bold=True,
                          colour=PAPER, anchor="midtop", box=room)

    def draw_pick(self, surface, view, seat) -> None:
        e = view["elimination"]
        panel = draw.paper_panel(surface, self.board.rect("pick-panel"), seed=44)
        owner, picker = e["owner"], e["picker"]
        pygame.draw.rect(surface, sc.side_rgb(owner), panel, 3)
        words = dict(picker=_(SIDE_NAME[picker]), owner=_(SIDE_NAME[owner]))
        heading = (_("{picker} draws 2 troops (double damage) from {owner}'s shuffled line-up") if e["picks_left"] == 2
                   else _("{picker} draws 1 troop from {owner}'s shuffled line-up")).format(**words)
        draw.typed_heading(surface, heading, (panel.x + 20, panel.y + 10),
                           size=sc.fit_size(heading, panel.w - 40, 26, smallest=16))
        note = _("The troop drawn is eliminated for day {day}: face-up and out of play that day (the troops out "
                 "today come back).").format(day=e["for_day"])
        draw.text(surface, note, (panel.x + 22, panel.y + 50), size=sc.fit_size(note, panel.w - 44, 14), colour=FADED,
                  box=pygame.Rect(panel.x + 22, panel.y + 48, panel.w - 44, 22))
        pickable = {c.key for c in self.controls if c.kind == "pick"}
        for k in range(e["cards"]):
            r = self.pick_rect(k, e["cards"])
            lift = r.move(0, -10) if (k + 1) in pickable and r.collidepoint(self.mouse) else r
            sc.shadow(surface, lift, offset=4, alpha=90, radius=8)
            surface.blit(sc.troop_back(owner, r.size), lift.topleft)
        if not pickable:
            draw.text(surface, _("Waiting for {side} to draw.").format(side=_(SIDE_NAME[picker])),
                      (panel.x + 22, panel.bottom - 36), size=15, bold=True)
        else:
            draw.text(surface, _("Click a card to draw it."), (panel.x + 22, panel.bottom - 36), size=15, bold=True,
                      colour=STAMP_RED)

    # buttons and highlights
    def draw_buttons(self, surface, view, seat) -> None:
        buttons = [c for c in self.controls if c.kind == "button"]
        area = self.board.rect("actions")
        if not buttons:
            self.draw_recent(surface, view, seat, area)
            return
        if buttons:
            heading = self.button_heading(view)
            if heading:
                box = pygame.Rect(area.x, area.y + 4, area.w, buttons[0].rect.y - area.y - 6)
                size = sc.block_size(heading, box.w, box.h, 13, bold=True, smallest=10)
                draw.text_block(surface, heading, box, size=size, bold=True, colour=PAPER)
        numbers = self.number_choices()
        for c in buttons:
            hover = c.rect.collidepoint(self.mouse)
            pygame.draw.rect(surface, (247, 240, 221) if hover else PAPER, c.rect, border_radius=5)
            pygame.draw.rect(surface, BRASS, c.rect, 3 if hover else 2, border_radius=5)
            n = numbers.index(c.action) + 1 if c.action in numbers else None
            label = f"{n}  {translate(c.label)}" if n else translate(c.label)
            box = c.rect.inflate(-14, -12)
            draw.text_block(surface, label, box, size=sc.fit_size(label, box.w, 14, bold=True), bold=True, max_lines=1)

    def draw_recent(self, surface, view, seat, area) -> None:
        """The last lines of the record this seat may read (public, and its own private notes)."""
        if view["phase"] == "eliminate" or (view.get("mission_step") or {}).get("stage") == "guess" and self.acting(seat):
            return
        draw.text(surface, _("RECENT"), (area.x, area.y + 4), size=12, bold=True, colour=BRASS)
        font = fonts.typewriter(12)
        lines: list[tuple[str, tuple]] = []
        for e in reversed(self.game.events_for(seat)[-8:]):  # whole entries, newest last: none starts mid-way
            wrapped = draw.wrap(translate(e.text), font, area.w)
            if len(lines) + len(wrapped) > 12:
                break
            lines[:0] = [(line, PAPER if e.to is None else BRASS) for line in wrapped]
        y = area.y + 22
        for line, colour in lines:
            surface.blit(font.render(line, True, colour), (area.x, y))
            y += 14

    def button_heading(self, view) -> str:
        pending = view.get("pending") or {}
        step = view.get("mission_step") or {}
        if view["phase"] == "intel":
            ranks = ", ".join(map(str, (view["intelligence"].get("current") or {}).get("ranks", [])))
            return _("The card lists {ranks}. Only the Sergeant may lie.").format(ranks=ranks)
        if step.get("stage") == "offer":
            return _("Bluff? A deception chip shows on the troop; a wrong guess then gives you +4 IP.")
        if pending.get("kind") == "captain":
            return _("Captain activated: 6 IP, or use an eliminated troop's IP and ability.")
        if pending.get("kind") == "marshal":
            return _("Marshal activated: 10 IP, or 5 IP and the enemy loses 5 (never below 0).")
        if view["phase"] == "deploy":
            return _("Click a deployed troop to take it back, or drag it to another mission.")
        return ""

    def draw_highlights(self, surface) -> None:
        chip = next((c.action for c in self.controls if isinstance(c.action, A.IntelChip)), None)
        if chip is not None:  # the troop whose intelligence chip is being decided
            rect = self.slot_rect("bottom", chip.mission)
            draw.brass_outline(surface, rect, width=4, radius=10)
            spot = self.board.find("intel_chip_spot", row="bottom", mission=chip.mission)
            pygame.draw.circle(surface, BRASS, spot.center, spot.w // 2 + 3, 2)
        for c in self.controls:
            if c.kind in ("slot", "pick"):
                hover = c.rect.collidepoint(self.mouse)
                draw.brass_outline(surface, c.rect, width=4 if hover else 2, radius=10)
            elif c.kind == "withdraw" and c.rect.collidepoint(self.mouse) and self.selected is None:
                draw.brass_outline(surface, c.rect, width=2, radius=10)
            elif c.kind == "hand" and not c.note and self.selected is None and not self.drag:
                if c.rect.collidepoint(self.mouse):
                    draw.brass_outline(surface, c.rect, width=3, radius=10)
            elif c.kind == "guess" and c.rect.collidepoint(self.mouse):
                draw.brass_outline(surface, c.rect.move(0, -10), width=3, radius=10)
        if self.drag is not None and self.drag.get("from") is not None:
            return  # a deployed troop on the move: the rules judge the drop (move_placed)
        if self.drag is not None or self.selected is not None:
            legal = {c.key for c in self.controls if c.kind == "slot"}
            m = self.slot_at(self.mouse)
            if m is not None and m not in legal:  # the rules refuse this spot: say so before the drop
                pygame.draw.rect(surface, STAMP_RED, self.slot_rect("bottom", m).inflate(8, 8), 3, border_radius=10)

    def draw_drag(self, surface, view) -> None:
        if self.drag is None:
            return
        side = self.bottom_side(view)
        placed = [m.get("troop") for m in view["sides"][side]["missions"]]
        hand = (view["sides"][side].get("hand") or []) + [t for t in placed if t]
        troop = next((t for t in hand if t["rank"] == self.drag["rank"]), None)
        if troop is None:
            return
        img = self.face(side, troop, sc.CARD)
        r = img.get_rect(center=self.drag["pos"])
        sc.shadow(surface, r, offset=8, alpha=110, radius=8)
        surface.blit(img, r)

    # the slip band
    TOAST_LINES = 2
    TOAST_SIZE = 13

    def toast_area(self, view) -> pygame.Rect:
        """Where the table's slips go: between the player's line-up and the hand / guess cards
        (the band's heading line), or inside the draw panel below its cards. No card is under it."""
        if view["phase"] == "eliminate" and view.get("elimination"):
            panel = self.board.rect("pick-panel")
            return pygame.Rect(panel.x + 20, panel.bottom - 110, panel.w - 40, 42)
        step = view.get("mission_step") or {}
        band = self.board.rect("guess-row" if step.get("stage") == "guess" else "hand")  # guessing: no RECENT panel
        return pygame.Rect(band.x, band.y - 14, band.w, 42)

    def toast_lines(self, view) -> list[tuple[str, bool]]:
        """(line, warn) of the newest slips that fit whole in the band; notes how many fit."""
        area = self.toast_area(view)
        font = fonts.typewriter(self.TOAST_SIZE, bold=True)
        out: list[tuple[str, bool]] = []
        self.toasts.shown = 0
        for toast in self.toasts.newest_first():
            lines = draw.wrap(translate(toast.text), font, area.w - 24)
            if len(out) + len(lines) > self.TOAST_LINES and out:
                break
            out += [(line, toast.warn) for line in lines[:self.TOAST_LINES]]
            self.toasts.shown += 1
        return out

    def draw_toasts(self, surface, view) -> None:
        lines = self.toast_lines(view)
        self.toast_rect = None  # where the slips were drawn this frame (tests check what they cover)
        if not lines:
            return
        area = self.toast_area(view)
        font = fonts.typewriter(self.TOAST_SIZE, bold=True)
        step = font.get_linesize()
        slip = pygame.Rect(area.x, area.bottom - len(lines) * step - 8, area.w, len(lines) * step + 8)
        draw.shadow(surface, slip, offset=3, alpha=70)
        surface.blit(draw.paper_texture(slip.size), slip.topleft)
        warn = any(w for _line, w in lines)
        pygame.draw.rect(surface, STAMP_RED if warn else BRASS, slip, 2)
        y = slip.y + 4
        for line, w in lines:
            surface.blit(font.render(line, True, STAMP_RED if w else INK), (slip.x + 12, y))
            y += step
        self.toast_rect = slip

    def draw_tooltip(self, surface, view) -> None:
        """The troop's ability on hover over any face the player can see."""
        self.tooltip_rank = None
        self.tooltip_rect = None
        if self.drag is not None or self.app.stack.top is not self:  # not under the pause menu or a curtain
            return
        found = self.troop_under_mouse(view)
        if found is None:
            return
        rank, card, on_board = found
        self.tooltip_rank = rank
        text = self.tooltip_text(rank)
        font = fonts.typewriter(14)
        rect = self.tooltip_place(card, on_board, len(draw.wrap(text, font, TOOLTIP_W - 20)) * font.get_linesize())
        self.tooltip_rect = rect
        draw.paper_panel(surface, rect, seed=2)
        pygame.draw.rect(surface, BRASS, rect, 2)
        y = rect.y + 6
        for line in draw.wrap(text, font, rect.w - 20):
            surface.blit(font.render(line, True, INK), (rect.x + 10, y))
            y += font.get_linesize()

    def tooltip_text(self, rank: int) -> str:
        t = self.troops[rank]
        name, original = sc.troop_words(t["name"], t["name_nl"])
        if original:
            return _("{name} - {original} ({rank}). {ability}").format(name=name, original=original, rank=rank,
                                                                      ability=_(t["ability"]))
        return _("{name} ({rank}). {ability}").format(name=name, rank=rank, ability=_(t["ability"]))

    def tooltip_place(self, card: pygame.Rect, on_board: bool, text_h: int) -> pygame.Rect:
        """A troop on the board explains itself over the double-spy track, between the two rows'
        MISSION plates (never over a plate or a card of the rows); a card in the hand or the
        guess row, just above that card."""
        rect = pygame.Rect(0, 0, TOOLTIP_W, text_h + 12)
        if on_board:
            track = self.board.rect("track")
            rect.center = (card.centerx, track.centery)
            # between the towers, and left of the intelligence cards
            rect.clamp_ip(pygame.Rect(TOOLTIP_MARGIN, 48, track.right + 4 - TOOLTIP_MARGIN, 672))
        else:
            rect.midbottom = (card.centerx, card.y - 8)
            rect.clamp_ip(pygame.Rect(0, 48, 1280, 672))
        return rect

    def troop_under_mouse(self, view) -> tuple[int, pygame.Rect, bool] | None:
        """(rank, card rect, on the board?) of the visible troop the mouse has rested on."""
        if not pygame.key.get_mods() & pygame.KMOD_SHIFT and not self._hover_long():
            return None
        for side in SIDES:
            row = self.row_of(side, view)
            for slot in view["sides"][side]["missions"]:
                rect = self.slot_rect(row, slot["mission"])
                if slot.get("troop") and rect.collidepoint(self.mouse):
                    return slot["troop"]["rank"], rect, True
        for c in self.controls:
            if c.kind in ("hand", "guess") and c.rect.collidepoint(self.mouse):
                return c.key, c.rect, False
        hand = view["sides"][self.bottom_side(view)].get("hand") or []
        if not self.showing_report() and view["phase"] != "eliminate" and not self.controls_of("guess"):
            for i, troop in enumerate(hand):
                rect = self.board.find("hand_slot", index=i)
                if rect.collidepoint(self.mouse):
                    return troop["rank"], rect, False
        return None

    def controls_of(self, kind: str) -> list:
        return [c for c in self.controls if c.kind == kind]

    def _hover_long(self) -> bool:
        return self._hover_time > 0.8
