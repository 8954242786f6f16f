"""Drawing of the Stawka table (a mixin of StawkaTableScene): where everything sits and how it looks.

Layout on the 1280x720 canvas (ART.md): agents' documents on the left, the city board in the
centre (pan and zoom), investigation tracks on the right; along the bottom the stage bar (stage
track, AP pools, planning cards), the action menu and the log. Everything comes from `view`.
The dice, the panels over the board and the hover notes are in stawka_overlays.py."""

from __future__ import annotations

import math
from collections import defaultdict

import pygame

from ... import i18n
from ...i18n import N_, _, ngettext, pgettext, translate
from ...ui import draw
from . import pieces as P
from . import tokens
from .audi import VEHICLE
from ...ui.palette import BRASS, FADED, FELT_DARK, INK, MANILA, PAPER, PAPER_SHADE, STAMP_RED
from ...ui.widgets import new_tag
from ...rules.stawka import actions as A
from ...rules.stawka import texts as T
from ..controls import numbered

LEFT = pygame.Rect(16, 60, 240, 464)
BOARD = pygame.Rect(268, 60, 744, 464)
RIGHT = pygame.Rect(1024, 60, 240, 464)
STAGE = pygame.Rect(16, 536, 340, 172)
ACTIONS = pygame.Rect(364, 536, 552, 172)
LOG = pygame.Rect(924, 536, 340, 172)
SIDES = ("polish", "german")
MENU_KINDS = ("button", "toggle", "pick", "cardpick", "unpick", "cardbutton", "quiet")  # controls drawn as menu buttons
BAR_CARD_W = 92  # a planning card in the stage bar: wide enough for "Grossaktion" whole
RANGE_BONUS = {0: 0, 3: 1, 6: 2, 8: 3, 10: 3}  # conversation bonus by range (K5), for the legend
RESULT_WORDS = {"none": N_("NO EFFECT"), "single": N_("SINGLE"), "double": N_("DOUBLE"), "secret": N_("SECRET"),
                "talk": N_("THEY TALK"), "no_talk": N_("NO TALK"), "cancelled": N_("CANCELLED")}


# Top Secret: the Black Audi's card below the agents' (F19: activated and spending AP like an agent); the eight
# agents' compact cards close up to 3 px apart and keep their 48 px, the car's card takes the rest (32 px).
VEHICLE_CARD_MIN_H, CLOSE_GAP = 29, 3


class StawkaArt:
    # ----- geometry (also used by the controls) ------------------------------------------------
    @staticmethod
    def agent_card_rect(i: int, n: int = 4, vehicle: bool = False) -> pygame.Rect:
        """Agent i of n: full cards for up to four agents, compact ones (no place line) for more; closer together
        above the Black Audi's card (`vehicle`)."""
        gap = CLOSE_GAP if vehicle else 6
        step = min(110, (LEFT.h - 24 - (VEHICLE_CARD_MIN_H + gap if vehicle else 0)) // max(1, n))
        return pygame.Rect(LEFT.x, LEFT.y + 24 + i * step, LEFT.w, step - gap)

    def agent_rects(self, view) -> list[pygame.Rect]:
        """The agent list's cards, one per agent of the view, in its order."""
        n, car = len(view["agents"]), bool(view.get("vehicle"))
        return [self.agent_card_rect(i, n, car) for i in range(n)]

    def vehicle_card_rect(self, view) -> pygame.Rect | None:
        """The Black Audi's card, under the last agent's down to the list's foot (Top Secret only)."""
        if not view.get("vehicle"):
            return None
        rects = self.agent_rects(view)
        top = rects[-1].bottom + CLOSE_GAP if rects else LEFT.y + 24
        return pygame.Rect(LEFT.x, top, LEFT.w, LEFT.bottom - top)

    @staticmethod
    def item_row_rect(card: pygame.Rect, ap_limit: int = 5) -> pygame.Rect:
        if card.h >= 100:
            return pygame.Rect(card.x + 12, card.y + 78, card.w - 20, 22)
        if card.h >= 66:
            return pygame.Rect(card.x + 12, card.y + 50, card.w - 20, min(18, card.h - 51))
        # eight agents (scenario 3): the items share the AP row, right of the pips (one px less above the Audi)
        x = card.x + 14 + 40 + ap_limit * 16
        return pygame.Rect(x, card.y + 33, card.right - 8 - x, min(16, card.h - 33))

    @staticmethod
    def button_rects(n: int) -> list[pygame.Rect]:
        if n == 0:
            return []
        cols = 1 if n == 1 else (2 if n <= 6 else 3)
        rows = math.ceil(n / cols)
        top, gap = ACTIONS.y + 30, 6
        h = min(36, (ACTIONS.bottom - 44 - top - gap * (rows - 1)) // rows)  # two info lines stay below
        w = (ACTIONS.w - 20 - gap * (cols - 1)) // cols
        return [pygame.Rect(ACTIONS.x + 10 + (i % cols) * (w + gap), top + (i // cols) * (h + gap), w, h)
                for i in range(n)]

    @staticmethod
    def plan_rects(n: int) -> list[pygame.Rect]:
        w, h, gap = 112, 150, 16
        x0 = BOARD.centerx - (n * w + (n - 1) * gap) // 2
        return [pygame.Rect(x0 + i * (w + gap), BOARD.y + 150, w, h) for i in range(n)]

    @staticmethod
    def tile_rects(n: int) -> list[pygame.Rect]:
        w, h, gap = 220, 250, 30
        n = max(n, 1)
        x0 = BOARD.centerx - (n * w + (n - 1) * gap) // 2
        return [pygame.Rect(x0 + i * (w + gap), BOARD.y + 128, w, h) for i in range(n)]  # under two lines of text

    @staticmethod
    def sheet_button_rect() -> pygame.Rect:
        return pygame.Rect(RIGHT.x + 8, RIGHT.bottom - 40, RIGHT.w - 16, 32)

    @staticmethod
    def zoom_button_rects() -> dict[str, pygame.Rect]:
        x, y = BOARD.x + 8, BOARD.bottom - 36
        return {"out": pygame.Rect(x, y, 28, 28), "fit": pygame.Rect(x + 32, y, 40, 28),
                "in": pygame.Rect(x + 76, y, 28, 28)}

    def space_rect(self, space_id: str) -> pygame.Rect | None:
        pos = self.viewport.to_screen(self.board_art.board.position(space_id))
        if not self.viewport.visible(pos, 4):
            return None
        size = max(20, round(24 * self.viewport.zoom))
        return pygame.Rect(pos[0] - size // 2, pos[1] - size // 2, size, size)

    # ----- the frame ------------------------------------------------------------------------------
    def draw_table(self, surface, view, seat) -> None:
        """The still parts live in a cached layer, one region at a time: a region is repainted only
        when what it shows changes (the game, the selection, the zoom, the mouse over one of its
        controls). The tumbling dice and the hover panels go on top every frame."""
        self.controls = self.build_controls(view, seat)
        if getattr(self, "_layer", None) is None or self._layer.get_size() != surface.get_size():
            from ..base import new_layer

            self._layer = new_layer(surface)
            draw.felt(self._layer)
            self._region_keys, self._region_ids = {}, {}
        hit = self.hover_rect(view)
        for name, (rect, painter) in self.regions().items():
            key = (self.session.version, i18n.generation(), seat, self.selected, self.card, self.card_pick,
                   self.show_sheet, self.show_log, frozenset(self.glides),
                   frozenset(self.talk_items), frozenset(self.hand_news.new),
                   self.viewport.zoom, self.held_dice is not None,
                   tuple(self.viewport.offset), self.dice_left > 0,
                   tuple(hit) if hit is not None and rect.contains(hit) else None)
            if self._region_keys.get(name) != key:
                self._paint_region(rect, painter, name, view, seat)
                self._region_keys[name] = key
        surface.blit(self._layer, (0, 0))
        self.drawn_ids = [i for ids in self._region_ids.values() for i in ids]
        if self.dice_left > 0 and not self.board_covered(view, seat):
            self.draw_dice(surface, view)
        self.draw_walkers(surface, view)
        self.draw_hover(surface, view)

    def glide_pos(self, glide) -> tuple[int, int]:
        path = glide["path"]
        done = 1.0 - max(0.0, glide["left"]) / glide["total"]
        ease = 1 - (1 - done) ** 2
        at = ease * (len(path) - 1)
        k = min(int(at), len(path) - 2)
        (x1, y1), (x2, y2) = self.screen_pos(path[k]), self.screen_pos(path[k + 1])
        f = at - k
        return round(x1 + (x2 - x1) * f), round(y1 + (y2 - y1) * f)

    def draw_walkers(self, surface, view) -> None:
        """Figures on their way (drawn every frame over the cached board)."""
        if not self.glides:
            return
        old = surface.get_clip()
        surface.set_clip(BOARD)
        for ag in view["agents"]:
            if ag["id"] in self.glides:
                P.figure(surface, ag, self.glide_pos(self.glides[ag["id"]]), self.figure_radius(), active=True)
        self.draw_vehicle(surface, view, moving=True)
        surface.set_clip(old)

    def regions(self) -> dict:
        margin = 8  # paper shadows fall 8 px right and below a panel, inside its region
        return {
            "board": (BOARD.inflate(8 + margin, 8 + margin).move(margin // 2, margin // 2), self.paint_board),
            "agents": (LEFT.inflate(margin, margin).move(margin // 2, margin // 2), self.draw_agents),
            "tracks": (RIGHT.inflate(margin, margin).move(margin // 2, margin // 2), self.draw_tracks),
            "stage": (STAGE.inflate(margin, margin).move(margin // 2, margin // 2), self.draw_stage_bar),
            "actions": (ACTIONS.inflate(margin, margin).move(margin // 2, margin // 2), self.draw_actions),
            "log": (LOG.inflate(margin, margin).move(margin // 2, margin // 2), self.draw_log),
        }

    def _paint_region(self, rect, painter, name, view, seat) -> None:
        layer = self._layer
        layer.set_clip(rect)
        draw.felt(layer)
        self.drawn_ids = []
        painter(layer, view, seat)
        self._region_ids[name] = list(self.drawn_ids)
        layer.set_clip(None)

    def paint_board(self, surface, view, seat) -> None:
        self.draw_board(surface, view, seat)
        self.draw_window_route(surface, view)
        if not self.board_covered(view, seat):
            self.draw_hand(surface, view, seat)
        if self.dice_left <= 0 and not self.board_covered(view, seat):
            self.draw_dice(surface, view)
        self.draw_planning(surface, view, seat)
        self.draw_tiles(surface, view, seat)
        self.draw_cheat_sheet(surface, view)
        self.draw_full_log(surface, view)

    def board_covered(self, view, seat) -> bool:
        """A panel lies over the board (a decision, the cheat sheet, the whole log): no dice slip
        peeks out from under it."""
        return self.show_sheet or self.show_log or self.decision_panel_open(view, seat)

    def hover_rect(self, view):
        """What the mouse is on, as far as the still art shows it (lifted buttons, outlines)."""
        target = self.control_at(self.mouse, self.controls, view)
        if target is not None:
            return target.rect
        rects = list(self.zoom_button_rects().values()) + [self.sheet_button_rect()]
        rects += self.agent_rects(view) + [r for r in (self.vehicle_card_rect(view),) if r is not None]
        return next((r for r in rects if r.collidepoint(self.mouse)), None)

    # ----- the board ------------------------------------------------------------------------------
    def draw_board(self, surface, view, seat) -> None:
        frame = BOARD.inflate(8, 8)
        pygame.draw.rect(surface, FELT_DARK, frame)
        pygame.draw.rect(surface, BRASS, frame, 2)
        old_clip = surface.get_clip()
        surface.set_clip(BOARD)
        art = self.board_art.scaled(self.viewport.zoom)
        surface.blit(art, (round(self.viewport.offset[0]), round(self.viewport.offset[1])))
        costs = self.move_costs(view)
        self.draw_move_spots(surface, view, costs)
        self.draw_labels_over(surface, costs)
        self.draw_locations(surface, view)
        self.draw_hotel_lock(surface, view, seat)
        self.draw_radio(surface, view)
        badges = self.cost_badges(view, costs)
        self.draw_figures(surface, view, taken=[rect for rect, _ in badges.values()] + self.location_marks(view))
        self.draw_vehicle(surface, view)  # Top Secret: the car under its space, over the figures' plates
        tokens.draw_threats(self, surface, view)  # over the figures' feet: a token is never hidden under one
        for sid, cost in costs.items():  # a choice of place without a cost (placing, hiding): its ring over figures
            if cost is None:
                pygame.draw.circle(surface, BRASS, self.screen_pos(sid), spot_radius(self.viewport.zoom) + 3, 3)
        for rect, cost in badges.values():  # over the figures: a cost is never hidden under one
            pygame.draw.rect(surface, INK, rect, border_radius=4)
            pygame.draw.rect(surface, PAPER, rect, 1, border_radius=4)
            P.blit_text(surface, str(cost), rect.center, size=12, colour=PAPER, bold=True, anchor="center")
        surface.set_clip(old_clip)
        if self.board_covered(view, seat):
            return  # the zoom buttons would peek out under the panel
        for name, rect in self.zoom_button_rects().items():
            self.small_button(surface, rect, {"in": "+", "out": "-", "fit": pgettext("zoom button: the whole board", "fit")}[name])

    def screen_pos(self, space_id: str) -> tuple[int, int]:
        return self.viewport.to_screen(self.board_art.board.position(space_id))

    def draw_locations(self, surface, view) -> None:
        """Each location's tile stack (top left of its spot) and its "I was here" markers (right of
        the spot, stepped clear of its name plate)."""
        z = self.viewport.zoom
        for loc in view["locations"]:
            x, y = self.screen_pos(loc["id"])
            stack = (x - round(20 * z), y - round(16 * z))
            for k in range(min(loc["tiles_left"], 5)):
                r = pygame.Rect(0, 0, 14, 14)
                r.center = (stack[0] - k * 2, stack[1] - k * 2)
                pygame.draw.rect(surface, P.MANILA_DARK, r, border_radius=2)
                pygame.draw.rect(surface, INK, r, 1, border_radius=2)
            if loc["tiles_left"]:
                P.blit_text(surface, str(loc["tiles_left"]), (stack[0] - 8, stack[1] - 8), size=12, bold=True,
                            anchor="center")
            else:
                P.blit_text(surface, _("empty"), (stack[0], stack[1]), size=12, colour=FADED, anchor="center")
            plate = self.board_art.label_rect(loc["id"], z, self.viewport.offset)
            phone = self.phone_rect(loc["id"]) if loc["telephone"] else None
            spots = self.marker_spots(x, y, len(loc["markers"]), plate, phone)
            for center in spots:
                pygame.draw.circle(surface, PAPER, center, 8)
            for colour, center in zip(loc["markers"], spots):
                P.marker(surface, colour, center, 5)

    def draw_hotel_lock(self, surface, view, seat) -> None:
        """Hotel Excelsior: a padlock under the hotel's tile stack, shut while the player at the table has
        fewer VP than the gate (nobody searches it or plays its card before), open after (F13)."""
        vp = view.get("vp") or {}
        where = vp.get("gate_location")
        if not where:
            return
        x, y = self.screen_pos(where)
        z = self.viewport.zoom
        body = pygame.Rect(0, 0, 14, 11)
        body.center = (x - round(20 * z) - 2, y - round(16 * z) + 16)
        shut = seat not in vp["points"] or vp["points"][seat] < vp["gate"]
        shackle = pygame.Rect(body.x + 3, body.y - 7, 8, 12)
        if not shut:  # swung up and aside
            shackle.move_ip(5, -3)
        pygame.draw.rect(surface, INK, shackle, 2, border_radius=4)
        pygame.draw.rect(surface, STAMP_RED if shut else BRASS, body, border_radius=2)
        pygame.draw.rect(surface, INK, body, 1, border_radius=2)

    def location_marks(self, view) -> list[pygame.Rect]:
        """What each location shows around its spot: the tile stack with its count, the telephone
        symbol and the name plate. Figures' name plates keep off them."""
        z = self.viewport.zoom
        out = []
        for loc in view["locations"]:
            x, y = self.screen_pos(loc["id"])
            cx, cy = x - round(20 * z), y - round(16 * z)
            out.append(pygame.Rect(cx - 15, cy - 15, 22, 22))
            phone = self.phone_rect(loc["id"]) if loc["telephone"] else None
            plate = self.board_art.label_rect(loc["id"], z, self.viewport.offset)
            out += [r for r in (phone, plate) if r is not None]
        return out

    def phone_rect(self, space_id: str) -> pygame.Rect:
        """The board art's telephone symbol, top right of a location's spot."""
        x, y = self.screen_pos(space_id)
        z = self.viewport.zoom
        return pygame.Rect(x + round(15 * z) - 9, y - round(13 * z) - 9, 18, 18)

    def marker_spots(self, x: int, y: int, n: int, plate: pygame.Rect | None,
                     phone: pygame.Rect | None = None) -> list[tuple[int, int]]:
        """Centres of n markers: a column right of the spot; one that would sit on the location's name
        plate or telephone symbol moves right of it."""
        z = self.viewport.zoom
        out = []
        for k in range(n):
            mx, my = x + round(20 * z), y - round(4 * z) + k * 14
            for r in (phone, plate):
                if r is not None and r.inflate(4, 4).colliderect((mx - 8, my - 8, 16, 16)):
                    mx = r.right + 10
            out.append((mx, my))
        return out

    def move_costs(self, view) -> dict[str, object]:
        """AP cost of each space the menu's agent may move to now (the brass spaces)."""
        costs = {}
        for c in self.controls:
            if c.kind == "space":  # a placement has no cost: its spot glows without a badge
                costs[c.key] = (view["moves"].get(c.action.agent, {}).get("spaces", {}).get(c.key, "?")
                                if isinstance(c.action, A.Move) else
                                self.drive_cost(view, c.key) if isinstance(c.action, A.Drive) else None)
        return costs

    def draw_move_spots(self, surface, view, costs) -> None:
        if not costs:
            return
        glow = pygame.Surface(BOARD.size, pygame.SRCALPHA)
        z = self.viewport.zoom
        for sid in costs:
            x, y = self.screen_pos(sid)
            pygame.draw.circle(glow, (*BRASS, 190), (x - BOARD.x, y - BOARD.y), spot_radius(z))
        surface.blit(glow, BOARD.topleft)
        under = self.control_at(self.mouse, self.controls, view)
        for sid in costs:
            x, y = self.screen_pos(sid)
            hot = under is not None and under.kind == "space" and under.key == sid
            pygame.draw.circle(surface, STAMP_RED if hot else INK, (x, y), spot_radius(z), 3 if hot else 2)

    def draw_labels_over(self, surface, costs) -> None:
        """Location name plates a brass spot covered are drawn again on top (the art has them below)."""
        if not costs:
            return
        z = self.viewport.zoom
        spots = [pygame.Rect(0, 0, 2 * (round(11 * z) + 5), 2 * (round(11 * z) + 5)) for _ in costs]
        for r, sid in zip(spots, costs):
            r.center = self.screen_pos(sid)
        ox, oy = round(self.viewport.offset[0]), round(self.viewport.offset[1])
        for space in self.board_art.board.locations():
            plate = self.board_art.label_rect(space.id, z, (ox, oy))
            if plate is None or plate.collidelist(spots) == -1:
                continue
            patch = self.board_art.label_patch(space.id, z)
            if patch is not None:
                surface.blit(patch[0], (ox + patch[1][0], oy + patch[1][1]))

    def cost_badges(self, view, costs) -> dict[str, tuple[pygame.Rect, object]]:
        """Each move's AP-cost badge: on the spot of an empty space; beside the top right of the
        figures standing on an occupied one (drawn over them, never under)."""
        positions = self.figure_positions(view)
        r = self.figure_radius()
        right: dict[str, int] = {}
        for ag in view["agents"]:
            right[ag["space"]] = max(right.get(ag["space"], -10 ** 6), positions[ag["id"]][0] + r)
        plates = [p for p in (self.board_art.label_rect(s.id, self.viewport.zoom, self.viewport.offset)
                              for s in self.board_art.board.locations()) if p is not None]
        out = {}
        for sid, cost in costs.items():
            if cost is None:
                continue
            x, y = self.screen_pos(sid)
            badge = pygame.Rect(0, 0, 18, 16)
            if sid in right:  # beside the figures' top right, or their bottom right off a location's name
                places = [("midleft", (right[sid] - 2, y - r + 4)), ("midleft", (right[sid] - 2, y + r - 4))]
            else:  # on the spot, or beside it where a location's name runs past
                places = [("center", (x, y)), ("midbottom", (x, y - 2)), ("midtop", (x, y + 2)),
                          ("midleft", (x + 2, y - 8)), ("midright", (x - 2, y - 8))]
            for anchor, pos in places:
                setattr(badge, anchor, pos)
                if badge.collidelist(plates) == -1:
                    break
            else:
                setattr(badge, *places[0])
            out[sid] = (badge, cost)
        return out

    def figure_radius(self) -> int:
        return max(8, round(10 * self.viewport.zoom))

    def figure_positions(self, view) -> dict[str, tuple[int, int]]:
        """Screen centre of each agent's figure; agents sharing a space stand side by side."""
        by_space = defaultdict(list)
        for ag in view["agents"]:
            by_space[ag["space"]].append(ag["id"])
        r = self.figure_radius()
        out = {}
        for space, ids in by_space.items():
            x, y = self.screen_pos(space)
            for k, aid in enumerate(ids):
                out[aid] = (x + round((k - (len(ids) - 1) / 2) * (2 * r + 2)), y)
        return out

    def figure_rect(self, pos) -> pygame.Rect:
        r = self.figure_radius()
        return pygame.Rect(pos[0] - r, pos[1] - r, 2 * r, 2 * r)

    def draw_figures(self, surface, view, taken: list | None = None) -> None:
        """The figures and their name plates; a plate steps clear of the plates and badges in `taken`
        and, where the board's top edge would cut it, hangs below its figure instead."""
        r = self.figure_radius()
        active = (view.get("active") or {}).get("agent")
        chosen = self.current_agent(view, self.legal(view["seat"])) if not active else active
        positions = self.figure_positions(view)
        tags = []
        for ag in view["agents"]:
            if ag["id"] in self.glides:
                continue
            cx, y = positions[ag["id"]]
            P.figure(surface, ag, (cx, y), r, selected=ag["id"] == chosen, active=ag["id"] == active)
            tags.append((short_name(ag), (cx, y - r - 18), ag["side"]))
        taken = list(taken or [])
        for aid in spent_partners(view, chosen):  # on the enemy this agent may not talk to again this stage
            if aid in positions and aid not in self.glides:
                cx, y = positions[aid]
                P.spent_talk_mark(surface, (cx + r, y + r), r)
                taken.append(P.spent_talk_rect((cx + r, y + r), r))
        plates: list[pygame.Rect] = []
        for text, pos, side in sorted(tags, key=lambda t: -t[1][1]):
            P.name_tag(surface, text, pos, side, taken, top=BOARD.y, below=pos[1] + 2 * r + 22, plates=plates)

    def small_button(self, surface, rect, text: str) -> None:
        hot = rect.collidepoint(self.mouse)
        pygame.draw.rect(surface, PAPER if not hot else MANILA, rect, border_radius=5)
        pygame.draw.rect(surface, INK, rect, 1, border_radius=5)
        P.blit_text(surface, text, rect.center, size=15, bold=True, anchor="center")

    # ----- agents (left) ------------------------------------------------------------------------------
    def draw_agents(self, surface, view, seat) -> None:
        heading = P.blit_text(surface, _("AGENTS"), (LEFT.x + 2, LEFT.y), size=15, colour=PAPER, bold=True)
        P.blit_text(surface, P.fit_text(_("point at one: file"), 12, LEFT.right - heading.right - 8), (LEFT.right, LEFT.y + 3), size=12, colour=PAPER_SHADE,
                    anchor="topright")
        active = (view.get("active") or {}).get("agent")
        chosen = self.current_agent(view, self.legal(seat)) if not active else active
        selectable = {c.key for c in self.controls if c.kind == "agent"}
        for rect, ag in zip(self.agent_rects(view), view["agents"]):
            self.agent_card(surface, rect, ag, active == ag["id"], chosen == ag["id"] and ag["side"] == seat,
                            ag["id"] in selectable)
        self.draw_vehicle_card(surface, view, chosen == VEHICLE, VEHICLE in selectable)

    def agent_card(self, surface, rect, ag, active: bool, chosen: bool, selectable: bool) -> None:
        draw.paper_panel(surface, rect, seed=sum(map(ord, ag["id"])) % 50)
        pygame.draw.rect(surface, P.SIDE_COLOUR[ag["side"]], (rect.x, rect.y, 6, rect.h))
        if chosen:
            draw.brass_outline(surface, rect, 3, 4)
        elif selectable and rect.collidepoint(self.mouse):
            pygame.draw.rect(surface, BRASS, rect, 2)
        full = rect.h >= 100  # a compact card (five or more agents) has no place line: the board shows it
        top = 6 if full else 1
        state = _("IN JAIL") if ag.get("arrested") else (_("ACTIVE") if active else None)
        # the state tag: on a full card by the place line; on a compact one on the name's row, left of the
        # mission card, and the name gives way to it ("Hermann Brunn" ran under ACTIVE)
        mission = self.mission_rect(rect) if (ag.get("mission") or {}).get("held") else None
        tag_right = rect.right - 6 if full or mission is None else mission.x - 4
        name_room = rect.w - 60 if full or state is None else tag_right - self.tag_width(state) - 6 - (rect.x + 46)
        P.figure(surface, ag, (rect.x + 26, rect.y + top + 18), 12)
        P.blit_text(surface, P.fit_text(P.agent_name(ag["name"]), 16, name_room, True), (rect.x + 46, rect.y + top),
                    size=16, bold=True)
        d = ag["document"]
        facts = _("{side} / {colour} / rank {rank}").format(side=P.side_name(ag["side"]),
                                                          colour=P.colour_name(ag["colour"]), rank=d["rank"])
        # eight agents (rect.h < 66): the facts sit 2 px higher, clear of the item chips on the AP row below
        P.blit_text(surface, P.fit_text(facts, 12, rect.right - 8 - (rect.x + 46)),
                    (rect.x + 46, rect.y + top + (20 if rect.h >= 66 else 18)), size=12, colour=FADED)
        self.ap_pips(surface, (rect.x + 14, rect.y + (46 if full else 35)), ag, words=rect.h >= 66)
        if full:
            where_w = rect.w - 24 - (66 if active else 0)  # clear of the ACTIVE tag at its right
            P.blit_text(surface, P.fit_text(P.place_name(ag["space_label"]), 12, where_w), (rect.x + 14, rect.y + 62),
                        size=12, colour=INK)
        self.item_row(surface, self.item_row_rect(rect, ag["ap_limit"]), ag, ring=rect.h >= 66)
        self.mission_mark(surface, rect, ag)
        if state is not None:
            self.tag(surface, state, (tag_right, rect.y + (60 if full else 4)), STAMP_RED)

    @staticmethod
    def mission_rect(card: pygame.Rect) -> pygame.Rect:
        return pygame.Rect(card.right - 24, card.y + 4, 16, 20)

    def mission_mark(self, surface, card: pygame.Rect, ag) -> None:
        """A held mission card at the card's top right: its face for its owner (brass-edged when the basic may
        be claimed), a plain back for the opponent (K12)."""
        mission = ag.get("mission")
        if not mission or not mission.get("held"):
            return
        r = self.mission_rect(card)
        if mission.get("hidden"):
            pygame.draw.rect(surface, P.SIDE_COLOUR[ag["side"]], r, border_radius=2)
            pygame.draw.rect(surface, INK, r, 1, border_radius=2)
            return
        self.drawn_ids.append(f'"{mission["card"]}"')  # quoted, as the leak probes name it
        pygame.draw.rect(surface, PAPER, r, border_radius=2)
        pygame.draw.rect(surface, BRASS if mission.get("basic_banked") else INK, r, 2, border_radius=2)
        for k in range(3):
            pygame.draw.line(surface, FADED, (r.x + 3, r.y + 5 + 4 * k), (r.right - 4, r.y + 5 + 4 * k))

    def ap_pips(self, surface, pos, ag, words: bool = True, *, first: int = 34, step: int = 16,
                radius: int = 6) -> None:
        """"AP" and a pip per AP of the limit, hollow once spent (an agent's card; the Black Audi's, smaller)."""
        x, y = pos
        P.blit_text(surface, _("AP"), (x, y - 1), size=12, bold=True)
        for k in range(ag["ap_limit"]):
            c = (x + first + k * step, y + 6)
            if k < ag["ap_used"]:
                pygame.draw.circle(surface, FADED, c, radius - 1, 1)
            else:
                pygame.draw.circle(surface, BRASS, c, radius)
                pygame.draw.circle(surface, INK, c, radius, 1)
        if not words:  # the pips say it; the row's right is the items' (eight agents)
            return
        left_x = x + 40 + ag["ap_limit"] * 16
        words = _("{left} of {limit} left").format(left=ag["limit_left"], limit=ag["ap_limit"])
        P.blit_text(surface, P.fit_text(words, 12, LEFT.right - 8 - left_x), (left_x, y - 1), size=12, colour=FADED)

    def item_rects(self, rect, n) -> list[pygame.Rect]:
        w = (rect.w - 4 * max(0, n - 1)) // max(1, n)  # one item has the whole row for its name
        return [pygame.Rect(rect.x + k * (w + 4), rect.y, w, rect.h) for k in range(n)]

    def item_row(self, surface, rect, ag, ring: bool = True) -> None:
        if not ag["items"]:  # centred in the row: a compact card's row is too low for the full card's offset
            words = _("no items")  # the Polish "brak przedmiotów" ran past an eight-agent card's edge
            size = draw.fit_size(words, rect.w - 4, 12, smallest=10)
            P.blit_text(surface, P.fit_text(words, size, rect.w - 4), (rect.x + 2, rect.centery), size=size,
                        colour=FADED, anchor="midleft")
            return
        for it, r in zip(ag["items"], self.item_rects(rect, len(ag["items"]))):
            if it.get("hidden"):
                P.item_back(surface, r, P.place_name(self.space_label(it["back"]))
                            if it["back"] in self.board_art.board.spaces else it["back"])
            else:
                self.drawn_ids.append(it["id"])
                new = self.is_new(it["id"])
                P.item_chip(surface, r, it, reserve_right=32 if new else 0)  # the name clear of the NEW tab
                if new:  # taken since this player last looked (own items only)
                    # beside the AP pips (eight agents) the ring would cross the facts line above: the tab says it
                    new_tag(surface, r, inside=True, ring=ring)

    # ----- investigation tracks (right) -----------------------------------------------------------------
    def draw_tracks(self, surface, view, seat=None) -> None:
        panel = draw.paper_panel(surface, RIGHT, seed=17)
        P.blit_text(surface, P.fit_text(_("INVESTIGATION"), 16, panel.w - 20, True), (panel.x + 10, panel.y + 8),
                    size=16, bold=True)
        names = defaultdict(list)
        for ag in view["agents"]:
            names[(ag["side"], ag["colour"])].append(track_name(ag))
        y = panel.y + 32
        for side in SIDES:
            enemy = "german" if side == "polish" else "polish"
            heading = P.blit_text(surface, _(P.FILE_HEADINGS[side]),
                                  (panel.x + 10, y), size=13, bold=True, colour=P.SIDE_COLOUR[side])
            if view.get("vp"):  # First Clash: victory points, not a count of secrets, win
                vp = view["vp"]
                words = (_("{n} of {to_win} VP").format(n=vp["points"][side], to_win=vp["to_win"]) if vp["to_win"]
                         else _("{n} VP").format(n=vp["points"][side]))
                P.blit_text(surface, P.fit_text(words, 13, panel.right - 10 - heading.right - 6, True),
                            (panel.right - 10, y), size=13, bold=True, colour=STAMP_RED, anchor="topright")
            else:
                secrets = view["secrets"][side]
                for k in range(2):
                    c = (panel.right - 50 + k * 22, y + 8)
                    pygame.draw.circle(surface, STAMP_RED if k < secrets else PAPER_SHADE, c, 8)
                    pygame.draw.circle(surface, INK, c, 8, 1)
                P.blit_text(surface, P.fit_text(_("secrets"), 12, panel.right - 62 - heading.right - 6),
                            (panel.right - 62, y + 1), size=12, colour=FADED, anchor="topright")
            y += 20
            for colour, entry in view["evidence"][side].items():
                who = ", ".join(names.get((enemy, colour), [])) or "-"
                who_text = _("{colour}: {who}").format(colour=P.colour_name(colour), who=who)
                right = panel.right - 10
                if entry["modifier"]:
                    right -= self.range_bonus(surface, (right, y), entry, who_text, right - (panel.x + 32)) + 6
                P.blit_text(surface, P.fit_text(who_text, 12, right - (panel.x + 32)), (panel.x + 32, y), size=12,
                            colour=FADED)
                P.track(surface, (panel.x + 10, y + 15, panel.w - 20, 14), colour, entry["value"])
                y += 33
            y += 4
        self.track_legend(surface, pygame.Rect(panel.x + 10, y, panel.w - 20, 40))
        film = self.film_status(view)  # a film's own state between the legend and the cheat sheet's button
        if film:
            room = pygame.Rect(panel.x + 10, y + 40, panel.w - 20, self.sheet_button_rect().y - y - 44)
            size = draw.fit_block_size(film, room, 12, bold=True, line_gap=0)  # Pulkowski's line needs 3 at 12
            draw.text_block(surface, film, room, size=size, bold=True, colour=STAMP_RED, line_gap=0)
        self.small_button(surface, self.sheet_button_rect(),
                          _("Close cheat sheet") if self.show_sheet else _("Cheat sheet (H)"))

    @staticmethod
    def range_bonus(surface, topright, entry, who_text: str, room: int) -> int:
        """The track's range and bonus at the right of its row ("located +1"); only "+1" when the
        range's word would push the names out (Dutch and Polish words are longer; the legend below
        says which range gives which bonus). Returns the width drawn."""
        word = translate(T.RANGE_WORDS.get(entry["range"], entry["range"]))
        bonus = _("{range} +{bonus}").format(range=word, bonus=entry["modifier"])
        font = P.fonts.typewriter(12, True)
        if font.size(bonus)[0] + 6 + P.fonts.typewriter(12).size(who_text)[0] > room:
            bonus = f"+{entry['modifier']}"
        return P.blit_text(surface, bonus, topright, size=12, bold=True, colour=STAMP_RED, anchor="topright").w

    def track_legend(self, surface, rect) -> None:
        x = rect.x
        for (lo, hi, name), tint in zip(P.RANGES, P.RANGE_TINTS):
            cell = pygame.Rect(x, rect.y, 42, 15)
            pygame.draw.rect(surface, tint, cell)
            pygame.draw.rect(surface, INK, cell, 1)
            P.blit_text(surface, f"{lo}-{hi}" if lo != hi else str(lo), cell.center, size=12, bold=True, anchor="center")
            P.blit_text(surface, f"+{min(3, RANGE_BONUS[lo])}", (cell.centerx, cell.bottom + 1), size=12, colour=FADED,
                        anchor="midtop")
            x += 44

    # ----- stage bar (bottom left) --------------------------------------------------------------------------
    def draw_stage_bar(self, surface, view, seat) -> None:
        panel = draw.paper_panel(surface, STAGE, seed=19)
        for k, side in enumerate(SIDES):
            self.side_row(surface, pygame.Rect(panel.x + 8, panel.y + 32 + k * 68, panel.w - 16, 64), view, side, seat)
        if not view["stages"]:  # an open-ended film (Hotel Excelsior): no count, no cells
            P.blit_text(surface, P.fit_text(_("STAGE {stage}").format(stage=view["stage"]), 14, 136, True),
                        (panel.x + 10, panel.y + 6), size=14, bold=True)
            gate = (view.get("vp") or {}).get("gate")
            words = _("the hotel opens at {n} VP").format(n=gate) if gate else _("no stage limit")
            P.blit_text(surface, P.fit_text(words, 12, panel.w - 100), (panel.right - 10, panel.y + 8),
                        size=12, colour=FADED, anchor="topright")
            return
        P.blit_text(surface, P.fit_text(_("STAGE {stage} OF {stages}").format(stage=view["stage"], stages=view["stages"]),
                                        14, 136, True), (panel.x + 10, panel.y + 6), size=14, bold=True)
        cell_w = (panel.w - 160) // view["stages"]
        # fifteen stages (Top Secret) leave cells too narrow for "10".."15": the title above names the
        # stage, so then the cells go without numbers rather than run into each other
        numbered = P.label(str(view["stages"]), 12, INK, True).get_width() <= cell_w - 5
        for k in range(view["stages"]):
            r = pygame.Rect(panel.x + 150 + k * cell_w, panel.y + 6, cell_w - 3, 18)
            pygame.draw.rect(surface, STAMP_RED if k + 1 == view["stage"] else (PAPER_SHADE if k + 1 > view["stage"]
                                                                               else FADED), r, border_radius=3)
            if numbered:
                P.blit_text(surface, str(k + 1), r.center, size=12, bold=True,
                            colour=PAPER if k + 1 <= view["stage"] else INK, anchor="center")

    def side_row(self, surface, rect, view, side, seat) -> None:
        plan = view["planning"]
        card = plan["revealed"].get(side)
        face_up = card is not None
        if card is None and side == seat and plan.get("chosen"):
            card, face_up = plan["chosen"], True
        if face_up:  # noted as the rules' choice tag: the privacy tests look for it
            self.drawn_ids.append(f"{card['id']}@stage{view['stage']}")
        card_rect = pygame.Rect(rect.x, rect.y, BAR_CARD_W, rect.h)
        if card is not None or plan["has_chosen"].get(side):
            P.plan_card(surface, card_rect, card, side=side, face_up=face_up)
        else:
            pygame.draw.rect(surface, PAPER_SHADE, card_rect, 1, border_radius=6)
            P.blit_text(surface, P.fit_text(_("no card"), 12, card_rect.w - 6), card_rect.center, size=12, colour=FADED, anchor="center")
        x = rect.x + BAR_CARD_W + 10
        turn = view.get("turn") == side and view["phase"] == "activation"
        name = P.blit_text(surface, P.side_name(side).upper(), (x, rect.y + 2), size=15, bold=True,
                           colour=P.SIDE_COLOUR[side])
        if view.get("first") == side and view["phase"] != "planning":  # last stage's order is no news
            P.blit_text(surface, P.fit_text(_("acts first"), 12, rect.right - name.right - 6), (rect.right, rect.y + 4),
                        size=12, colour=FADED, anchor="topright")
        # each line gives way only to the tag on its own row (TO ACT beside the pool, GAVE UP beside
        # the pool too unless TO ACT is there, else beside the cards): the Polish "zużyte karty: 0 z 4"
        # was cut to "0..." by a tag a row up, and "cards used: 0/4, token..." by GAVE UP on its row
        gave_up = bool(view["gave_up"].get(side))
        gave_up_row = 44 if turn else 24
        pool_room = rect.right - 8 - x - (self.tag_width(_("TO ACT")) if turn else 0) - (
            self.tag_width(_("GAVE UP")) if gave_up and gave_up_row == 24 else 0)
        used_room = rect.right - 8 - x - (self.tag_width(_("GAVE UP")) if gave_up and gave_up_row == 44 else 0)
        P.blit_text(surface, P.fit_text(_("AP pool: {n}").format(n=view["pools"].get(side, 0)), 14, pool_room, True),
                    (x, rect.y + 22), size=14, bold=True)
        used = _("cards used: {used} of 4").format(used=len(plan["used"][side]))
        threats = view.get("threats")
        if threats:  # EXTENDED: the threat tokens still in the pool
            used = _("cards used: {used}/4, tokens: {n}").format(used=len(plan["used"][side]),
                                                                 n=threats["pool_count"][side])
        size = draw.fit_size(used, used_room, 12, smallest=10)
        P.blit_text(surface, P.fit_text(used, size, used_room), (x, rect.y + 42), size=size, colour=FADED)
        if turn:
            self.tag(surface, _("TO ACT"), (rect.right - 4, rect.y + 24), STAMP_RED)
        if gave_up:
            self.tag(surface, _("GAVE UP"), (rect.right - 4, rect.y + gave_up_row), P.AXIS)

    @staticmethod
    def tag_width(text: str) -> int:
        return P.label(text, 12, PAPER, True).get_width() + 12

    @staticmethod
    def tag(surface, text: str, topright, colour) -> None:
        img = P.label(text, 12, PAPER, True)
        rect = pygame.Rect(0, 0, img.get_width() + 12, img.get_height() + 4)
        rect.topright = topright
        pygame.draw.rect(surface, colour, rect, border_radius=4)
        surface.blit(img, img.get_rect(center=rect.center))

    # ----- action menu (bottom centre) -----------------------------------------------------------------------
    def draw_actions(self, surface, view, seat) -> None:
        panel = draw.paper_panel(surface, ACTIONS, seed=23)
        P.blit_text(surface, self.actions_heading(view, seat), (panel.x + 10, panel.y + 6), size=14, bold=True)
        buttons = [c for c in self.controls if c.kind in MENU_KINDS]
        keyed = numbered(self.controls, self.NUMBERED_KINDS)  # as number_choices
        for c in buttons:
            self.action_button(surface, c, keyed.index(c.action) + 1 if c.kind == "button" else 0)
        where = (self.card_line(view) if self.menu_card(view, seat) else "") or self.whereabouts(view, seat) or (
            translate(self.decision_line(view) or self.advanced_line(view) or "") if self.acting(seat) else "")
        if where:  # two lines where the buttons leave room (three enemies and a marker run long), else cut
            lines = draw.wrap(where, P.fonts.typewriter(12), panel.w - 24)
            low = max((c.rect.bottom for c in buttons), default=panel.y)
            lines = [lines[0], " ".join(lines[1:])] if len(lines) > 1 and low <= panel.bottom - 58 else [where]
            for k, line in enumerate(lines):
                P.blit_text(surface, P.fit_text(line, 12, panel.w - 24),
                            (panel.x + 12, panel.bottom - 38 - 18 * (len(lines) - 1 - k)), size=12)
        spaces = [c for c in self.controls if c.kind == "space"]
        hint = (self.card_hint(view) or self.phase_hint(view)) if spaces and not isinstance(spaces[0].action, A.Move) \
            else None
        if hint:
            P.blit_text(surface, P.fit_text(translate(hint), 12, panel.w - 24), (panel.x + 12, panel.bottom - 20),
                        size=12, colour=FADED)
        elif any(c.kind == "space" for c in self.controls):
            P.blit_text(surface, P.fit_text(_("Move: click a brass space on the board (the number is its AP cost)."),
                                            12, panel.w - 24), (panel.x + 12, panel.bottom - 20), size=12, colour=FADED)
        if not buttons:
            draw.text_block(surface, self.actions_idle(view, seat), (panel.x + 12, panel.y + 34, panel.w - 24, 120),
                            size=14, colour=FADED)

    def actions_heading(self, view, seat) -> str:
        if not self.acting(seat):
            return _("ACTIONS")
        active = view.get("active")
        agent = self.current_agent(view, self.legal(seat))
        pending = view.get("pending")
        if self.menu_card(view, seat):
            return self.card_heading(view) or _("DECISION")
        if pending or view["phase"] == "carry_over":
            return _("DECISION")
        if view["phase"] == "planning":
            return _("PLANNING")
        if view["phase"] == "placement":
            return _("PLACING THE AGENTS")
        if view["phase"] == "threats":
            return _("THREAT TOKENS")
        if agent == VEHICLE:  # Top Secret's car (audi.py)
            car = view["vehicle"]
            words = _("BLACK AUDI (active, {ap} AP to spend)") if car["active"] else _("BLACK AUDI ({ap} AP to spend)")
            return words.format(ap=car["ap_left"])
        if agent:
            ag = next(a for a in view["agents"] if a["id"] == agent)
            words = (_("{name} (active, {ap} AP to spend)") if active else _("{name} (selected, {ap} AP to spend)"))
            return words.format(name=P.agent_name(ag["name"]).upper(), ap=ag["ap_left"])
        return _("ACTIONS")

    def whereabouts(self, view, seat) -> str:
        """Where the agent of the menu stands and who is there with him (enemies can be talked to)."""
        if not self.acting(seat) or view.get("pending") or view["phase"] != "activation":
            return ""
        agent = self.current_agent(view, self.legal(seat))
        me = next((a for a in view["agents"] if a["id"] == agent), None)
        if me is None:
            return ""
        spent = spent_partners(view, agent)
        others = [_("{name} (talked this stage)").format(name=P.agent_name(a["name"])) if a["id"] in spent
                  else P.agent_name(a["name"]) for a in view["agents"]
                  if a["space"] == me["space"] and a["side"] != me["side"]]
        loc = next((lo for lo in view["locations"] if lo["id"] == me["space"]), None)
        place = P.place_name(me["space_label"])
        if loc is not None:
            n = loc["tiles_left"]
            place = ngettext("{place} ({n} tile left)", "{place} ({n} tiles left)", n).format(place=place, n=n)
            if n and me["colour"] in loc["markers"]:  # why the menu has no search: his colour's "I was here"
                place = _("{place}; no search: a {colour} marker lies here").format(
                    place=place, colour=P.colour_name(me["colour"]))
        if others:
            return _("At {place}; enemy here: {names}").format(place=place, names=", ".join(others))
        return _("At {place}; no enemy here").format(place=place)

    def actions_idle(self, view, seat) -> str:
        if (view.get("pending") or {}).get("kind") == "hide_radio" and self.acting(seat):
            return _("Click a brass location on the board to hide the radio station there. The German player does "
                     "not see where.")
        if view["phase"] == "planning" and self.acting(seat):
            return _("Choose a planning card on the board. Nobody else sees it until both are chosen.")
        if self.game.is_over():
            return _("The operation is over.")
        if self.session.pass_to is not None:
            return _("Your turn is over: pass the table on with the button at the top, or Enter.")
        if not self.acting(seat):
            return _("Waiting for the other player.")
        if (view.get("pending") or {}).get("kind") == "peek":
            return _("Click the tile you take, on the board. The other one goes to the bottom of the stack.")
        return _("Click a highlighted space on the board to move there, or click an agent to select him.")

    def action_button(self, surface, c, n: int) -> None:
        hot = c.rect.collidepoint(self.mouse)
        rect = c.rect.move(0, -2) if hot else c.rect
        draw.shadow(surface, rect, offset=2, alpha=60, radius=4)
        pygame.draw.rect(surface, MANILA if hot else PAPER, rect, border_radius=5)
        pygame.draw.rect(surface, STAMP_RED if c.danger else (BRASS if hot else INK), rect, 2, border_radius=5)
        if c.kind == "pick" and c.key == self.chosen_pick():
            pygame.draw.rect(surface, BRASS, rect, 4, border_radius=5)
        if c.kind == "toggle":
            box = pygame.Rect(rect.x + 8, rect.centery - 7, 14, 14)
            pygame.draw.rect(surface, BRASS if c.key in self.talk_items else PAPER, box)
            pygame.draw.rect(surface, INK, box, 2)
            if c.key in self.talk_items:
                pygame.draw.lines(surface, INK, False, [(box.x + 3, box.centery), (box.centerx - 1, box.bottom - 4),
                                                        (box.right - 3, box.y + 3)], 2)
        elif 1 <= n <= 9:
            P.blit_text(surface, str(n), (rect.x + 10, rect.centery), size=12, colour=FADED, bold=True, anchor="midleft")
        indent = 30 if c.kind == "toggle" else 26
        size, lines = button_lines(translate(c.label), rect.w - indent - 8, rect.h)
        step = min(P.fonts.typewriter(size, True).get_linesize(), (rect.h - 2) // len(lines))
        top = rect.centery - step * (len(lines) - 1) / 2
        for k, line in enumerate(lines):
            P.blit_text(surface, line, (rect.x + indent, round(top + k * step)), size=size, bold=True,
                        colour=STAMP_RED if c.danger else INK, anchor="midleft")

    # ----- log (bottom right) --------------------------------------------------------------------------------
    def draw_log(self, surface, view, seat=None) -> None:
        panel = draw.paper_panel(surface, LOG, seed=29)
        heading = P.blit_text(surface, _("LOG"), (panel.x + 10, panel.y + 6), size=14, bold=True)
        P.blit_text(surface, P.fit_text(_("close (L)") if self.show_log else _("click for more (L)"), 12,
                                        panel.right - 10 - heading.right - 8), (panel.right - 10, panel.y + 8),
                    size=12, colour=FADED, anchor="topright")
        font = P.fonts.typewriter(13)
        step = font.get_linesize()
        fit = (panel.h - 30) // step
        lines: list[tuple[str, bool]] = []
        for e in reversed(view["log"]):  # whole events, newest at the bottom
            wrapped = [(line, e.get("to") is not None) for line in draw.wrap(log_text(e), font, panel.w - 20)]
            if lines and len(lines) + len(wrapped) > fit:
                break
            lines = wrapped + lines
        y = panel.y + 26
        for line, private in lines[-fit:]:
            P.blit_text(surface, line, (panel.x + 10, y), size=13, colour=P.ALLIED if private else INK)
            y += step


def button_lines(text: str, width: int, height: int) -> tuple[int, list[str]]:
    """A menu button's label: one line at 14 pt if it fits, else (Dutch and Polish run longer) two
    lines at 12 pt when the button is tall enough (set close in a short one), cut with "..." only past that."""
    if P.fonts.typewriter(14, True).size(text)[0] <= width:
        return 14, [text]
    size = 12
    font = P.fonts.typewriter(size, True)
    # two lines where they fit set close (a 28 px button of an eight-button menu read "Place Ingrid Hei...")
    lines = draw.wrap(text, font, width) if height >= 2 * size + 4 else [text]
    if len(lines) > 2:
        lines = [lines[0], " ".join(lines[1:])]
    return size, [P.fit_text(line, size, width, True) for line in lines]


def log_text(entry: dict) -> str:
    """A log line in the player's language: the Message the rules built, or (from a save) its ids."""
    from ...rules.core.message import message_from_json

    text = entry["text"]
    if "msg" in entry:
        try:
            text = message_from_json(entry["msg"])
        except ValueError:
            pass  # a damaged entry still has its English words
    return translate(text)


def spent_partners(view, agent_id: str | None) -> list[str]:
    """Enemies `agent_id` has had his conversation with this stage (K13), from the public view."""
    if agent_id is None:
        return []
    return [b if a == agent_id else a for a, b in view.get("talked", []) if agent_id in (a, b)]


def without_gloss(name: str) -> str:
    """"Old Lady (Starsza pani)" -> "Old Lady"; "" for a name without a gloss."""
    return name.split("(")[0].strip() if "(" in name else ""


def track_name(ag) -> str:
    """Who a track is against, in a word: the surname ("Old Lady" whole, without its gloss)."""
    name = P.agent_name(ag["name"])
    return without_gloss(name) or name.split()[-1]


def spot_radius(zoom: float) -> int:
    """A brass space's ring: the art's spot, never smaller than a fingertip's click at the films' small zoom."""
    return max(round(11 * zoom) + 3, 9)


def short_name(ag) -> str:
    """The name on a figure's plate: a chief's surname, else the first name; a name with a gloss ("Old Lady
    (Starsza pani)") loses the gloss and stays whole."""
    name = P.agent_name(ag["name"])
    words = name.split()
    return without_gloss(name) or (words[-1] if ag.get("chief") else words[0])
