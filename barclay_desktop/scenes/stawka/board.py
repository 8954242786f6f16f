"""The Stawka city board: a scenario's sector faces drawn from their Tiled maps, with pan and zoom.

`BoardArt.for_scenario(id)` loads each face's .tmx with pytmx's pygame loader (lazily, once per
scenario), blits its tile layers at the face's grid cell, and adds what never changes in a game:
sector name plates, location names and telephone symbols, and the one-side-only paths.
The art is drawn once at ART_SCALE and cached; `Viewport` shows it at any zoom inside the board
rectangle of the table and converts between board pixels and the screen."""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from ... import i18n
from ...i18n import _, translate
from ...ui import fonts
from ...ui.palette import ALLIED, AXIS, INK, PAPER, STAMP_RED, hex_rgb

ART_SCALE = 2  # the static art is drawn at twice the board's pixel size, so zooming in stays crisp
ZOOMS = (0.36, 0.46, 0.58, 0.7, 0.8, 0.95, 1.05, 1.25, 1.5, 1.8, 2.2)  # 0.58: scenario 3 above the card tray; 0.36: the seven-sector films
TOP_ROOM = 16  # px between the view's top edge and a fitting board
ONLY_COLOURS = {"german": AXIS, "polish": STAMP_RED}


class BoardArt:
    def __init__(self, scenario_id: str):
        from ...rules.stawka.scenario import board_for_scenario

        self.scenario_id = scenario_id
        self.board = board_for_scenario(scenario_id)
        self.size = (self.board.width_px, self.board.height_px)
        self._art: pygame.Surface | None = None
        self._scaled: dict[float, pygame.Surface] = {}
        self._labels: dict[str, pygame.Rect] = {}  # location name plates, in art pixels

    @classmethod
    def for_scenario(cls, scenario_id: str) -> "BoardArt":
        """The art of a scenario's board in the language spoken now (its labels are painted in)."""
        return _art_for(scenario_id, i18n.language())

    # ----- static art ----------------------------------------------------------------
    def art(self) -> pygame.Surface:
        if self._art is None:
            self._art = self._render()
        return self._art

    def scaled(self, zoom: float) -> pygame.Surface:
        """The board art at `zoom` (board pixels -> screen pixels), cached per zoom step."""
        if zoom not in self._scaled:
            w, h = self.size
            self._scaled[zoom] = pygame.transform.smoothscale(self.art(), (round(w * zoom), round(h * zoom)))
        return self._scaled[zoom]

    def label_rect(self, space_id: str, zoom: float, offset) -> pygame.Rect | None:
        """Where a location's name plate shows on screen at `zoom` with the board's top-left at `offset`."""
        self.art()
        r = self._labels.get(space_id)
        if r is None:
            return None
        f = zoom / ART_SCALE
        return pygame.Rect(math.floor(offset[0] + r.x * f), math.floor(offset[1] + r.y * f), math.ceil(r.w * f) + 1,
                           math.ceil(r.h * f) + 1)

    def label_patch(self, space_id: str, zoom: float) -> tuple[pygame.Surface, tuple[int, int]] | None:
        """The name plate cut from the art at `zoom` and its place in board-art-at-zoom pixels, to draw it
        again over whatever covered it."""
        self.art()
        r = self._labels.get(space_id)
        if r is None:
            return None
        scaled = self.scaled(zoom)
        f = zoom / ART_SCALE
        cut = pygame.Rect(math.floor(r.x * f), math.floor(r.y * f), math.ceil(r.w * f) + 1, math.ceil(r.h * f) + 1)
        cut = cut.clip(scaled.get_rect())
        return (scaled.subsurface(cut), cut.topleft) if cut.w and cut.h else None

    def _render(self) -> pygame.Surface:
        from pytmx.util_pygame import load_pygame

        from ...rules.stawka.board import face_file

        w, h = self.size
        base = pygame.Surface((w, h), pygame.SRCALPHA)  # cells without a face stay transparent (felt shows)
        for p in self.board.placements:
            tmx = load_pygame(str(face_file(p.face_id)))
            base.fill(PAPER, (p.origin_x, p.origin_y, tmx.width * tmx.tilewidth, tmx.height * tmx.tileheight))
            for layer in tmx.visible_layers:
                if hasattr(layer, "tiles"):
                    for x, y, image in layer.tiles():
                        base.blit(image, (p.origin_x + x * tmx.tilewidth, p.origin_y + y * tmx.tileheight))
        art = pygame.transform.scale(base, (w * ART_SCALE, h * ART_SCALE))
        self._draw_only_paths(art)
        self._draw_face_borders(art)
        for s in self.board.locations():
            self._draw_location(art, s)
        self._draw_plates(art)
        return art

    def _pt(self, space_id: str) -> tuple[int, int]:
        x, y = self.board.position(space_id)
        return round(x * ART_SCALE), round(y * ART_SCALE)

    def _draw_only_paths(self, art) -> None:
        """Paths one network only may use: the tiles dash them; a plate at the middle names the side."""
        for a, b, only in self.board.edges():
            if only is None:
                continue
            colour = ONLY_COLOURS.get(only, INK)
            (x1, y1), (x2, y2) = self._pt(a), self._pt(b)
            pygame.draw.line(art, colour, (x1, y1), (x2, y2), 3)
            label = fonts.typewriter(16, bold=True).render(only_path_label(only), True, PAPER)
            plate = label.get_rect(center=((x1 + x2) // 2, (y1 + y2) // 2)).inflate(10, 4)
            pygame.draw.rect(art, colour, plate, border_radius=4)
            art.blit(label, label.get_rect(center=plate.center))

    def _draw_face_borders(self, art) -> None:
        for p in self.board.placements:
            face = self.board.faces[p.face_id]
            r = pygame.Rect(p.origin_x * ART_SCALE, p.origin_y * ART_SCALE, face.width_px * ART_SCALE,
                            face.height_px * ART_SCALE)
            pygame.draw.rect(art, INK, r, 2)

    def _draw_location(self, art, space) -> None:
        x, y = self._pt(space.id)
        font = fonts.typewriter(17, bold=True)
        label = font.render(location_label(space.label), True, INK)
        plate = pygame.Rect(0, 0, label.get_width() + 14, label.get_height() + 4)
        plate.midtop = (x, y + 30)
        if plate.bottom > art.get_height() - 4:
            plate.midbottom = (x, y - 30)
        plate.clamp_ip(art.get_rect().inflate(-6, -6))
        pygame.draw.rect(art, PAPER, plate, border_radius=4)
        pygame.draw.rect(art, INK, plate, 2, border_radius=4)
        art.blit(label, label.get_rect(center=plate.center))
        self._labels[space.id] = plate.copy()
        if space.telephone:
            telephone_icon(art, (x + 30, y - 26), 12)

    def _draw_plates(self, art) -> None:
        for p in self.board.placements:
            face = self.board.faces[p.face_id]
            colour = plate_colour(face.plate_colour)
            font = fonts.serif(26, bold=True)
            label = font.render(sector_label(face.title), True, PAPER)
            plate = pygame.Rect(0, 0, label.get_width() + 28, label.get_height() + 6)
            plate.midbottom = ((p.origin_x + face.width_px / 2) * ART_SCALE, (p.origin_y + face.height_px) * ART_SCALE - 8)
            pygame.draw.rect(art, colour, plate, border_radius=6)
            pygame.draw.rect(art, INK, plate, 2, border_radius=6)
            art.blit(label, label.get_rect(center=plate.center))


def plate_colour(value: str):
    """Tiled colours are #AARRGGBB (or #RRGGBB)."""
    code = (value or "").lstrip("#")
    if len(code) == 8:
        code = code[2:]
    return hex_rgb(code) if len(code) == 6 else ALLIED


def telephone_icon(surface, center, r: int) -> None:
    """A round brass-edged dial with a handset: the telephone symbol of a location (K2)."""
    x, y = center
    pygame.draw.circle(surface, PAPER, center, r + 3)
    pygame.draw.circle(surface, INK, center, r + 3, 2)
    pygame.draw.arc(surface, INK, (x - r + 2, y - r + 1, 2 * r - 4, r + 2), 0.2, 2.94, max(2, r // 3))
    pygame.draw.rect(surface, INK, (x - r // 2, y, r, r // 2 + 2), border_radius=2)


@lru_cache(maxsize=4)
def _art_for(scenario_id: str, language: str) -> BoardArt:
    return BoardArt(scenario_id)


# ----- the words painted on the board (the Tiled maps' labels are marked in rules/stawka/texts.py) -----
def only_path_label(only: str) -> str:
    return _("GERMAN ONLY") if only == "german" else _("POLISH ONLY")


def location_label(label: str) -> str:
    from ...rules.stawka import texts as T

    return translate(T.place(label)).upper()


def sector_label(title: str) -> str:
    from ...rules.stawka import texts as T

    return translate(T.sector(title)).upper()


class Viewport:
    """Which part of the board shows in `rect`, at which zoom. Board pixels <-> screen pixels."""

    def __init__(self, rect: pygame.Rect, board_size: tuple[int, int]):
        self.rect = pygame.Rect(rect)
        self.board_size = board_size
        self.zoom = self.fit_zoom()
        self.offset = [0.0, 0.0]  # screen position of the board's top-left corner
        self.centre()

    def fit_zoom(self) -> float:
        w, h = self.board_size
        fit = min(self.rect.w / w, self.rect.h / h)
        fitting = [z for z in ZOOMS if z <= fit + 1e-6]
        # a free scenario's long row of sectors is narrower than the smallest step: its own fit, whole
        return fitting[-1] if fitting else math.floor(fit * 100) / 100

    def centre(self) -> None:
        """Centred across; when it fits, TOP_ROOM below the top edge (the name plates over the top row's
        figures show whole) and the rest of the room below it for the dice slip."""
        w, h = self.board_size
        free = self.rect.h - h * self.zoom
        y = self.rect.y + min(TOP_ROOM, free) if free >= 0 else self.rect.centery - h * self.zoom / 2
        self.offset = [self.rect.centerx - w * self.zoom / 2, y]

    def to_screen(self, pos) -> tuple[int, int]:
        return round(self.offset[0] + pos[0] * self.zoom), round(self.offset[1] + pos[1] * self.zoom)

    def to_board(self, pos) -> tuple[float, float]:
        return (pos[0] - self.offset[0]) / self.zoom, (pos[1] - self.offset[1]) / self.zoom

    def pan(self, dx: float, dy: float) -> None:
        self.offset[0] += dx
        self.offset[1] += dy
        self.clamp()

    def clamp(self) -> None:
        """Keep at least a third of the view covered by the board, so it can never be lost."""
        w, h = self.board_size[0] * self.zoom, self.board_size[1] * self.zoom
        for i, (size, lo, length) in enumerate(((w, self.rect.x, self.rect.w), (h, self.rect.y, self.rect.h))):
            if size <= length:
                low, high = lo - size / 2, lo + length - size / 2
            else:
                low, high = lo + length - size - length / 3, lo + length / 3
            self.offset[i] = min(max(self.offset[i], low), high)

    def zoom_step(self, steps: int, around=None) -> None:
        """Zoom in (steps > 0) or out, keeping the board point under `around` (screen) in place."""
        if self.zoom in ZOOMS:
            new = ZOOMS[max(0, min(len(ZOOMS) - 1, ZOOMS.index(self.zoom) + steps))]
        else:  # a board's own fit below the steps: in to the first step, out nowhere
            new = ZOOMS[0] if steps > 0 else self.zoom
        if new == self.zoom:
            return
        around = around if around is not None else self.rect.center
        bx, by = self.to_board(around)
        self.zoom = new
        self.offset = [around[0] - bx * new, around[1] - by * new]
        self.clamp()

    def visible(self, screen_pos, margin: int = 0) -> bool:
        return self.rect.inflate(-2 * margin, -2 * margin).collidepoint(screen_pos)
