"""Drawing for the free-scenario builder (issue 36, docs/stawka-film-plan.md 4.1): the sector tiles as small
pictures of their printed faces, the board as laid so far with the cells the next sector may take, and the two
drawn networks. Pure drawing: the builder scene decides, the rules (free_scenario.py) judge."""

from __future__ import annotations

import functools

import pygame

from ...i18n import _
from ...rules.stawka import content
from ...ui import draw
from ...ui.palette import BRASS, FADED, INK, PAPER, PAPER_SHADE, STAMP_RED
from . import pieces as P
from .board import sector_label

FACE_PX = 352  # a sector tile's printed size in the Tiled maps


@functools.lru_cache(maxsize=64)
def face_picture(face_id: str, size: int) -> pygame.Surface:
    """A sector face as printed (its Tiled tiles), `size` pixels square."""
    from pytmx.util_pygame import load_pygame

    from ...rules.stawka.board import face_file

    tmx = load_pygame(str(face_file(face_id)))
    art = pygame.Surface((tmx.width * tmx.tilewidth, tmx.height * tmx.tileheight))
    art.fill(PAPER)
    for layer in tmx.visible_layers:
        if hasattr(layer, "tiles"):
            for x, y, image in layer.tiles():
                art.blit(image, (x * tmx.tilewidth, y * tmx.tileheight))
    return pygame.transform.smoothscale(art, (size, size))


def sector_name(face_id: str) -> str:
    """A face's sector name in capitals, as the board's plates print it."""
    from ...rules.stawka.board import load_face

    return sector_label(load_face(face_id).title)


def draw_tile(surface, rect: pygame.Rect, face_id: str, *, usable: bool, chosen: bool) -> None:
    """A tile of the tray: its picture, its name on a plate, greyed when it may not be laid, ringed when chosen."""
    pic = face_picture(face_id, rect.w)
    surface.blit(pic, rect.topleft)
    if not usable:
        veil = pygame.Surface(rect.size, pygame.SRCALPHA)
        veil.fill((*PAPER_SHADE, 200))
        surface.blit(veil, rect.topleft)
    plate = pygame.Rect(rect.x, rect.bottom - 18, rect.w, 18)
    pygame.draw.rect(surface, INK if usable else FADED, plate)
    name = sector_name(face_id)
    size = draw.fit_size(name, rect.w - 6, 12, smallest=10, bold=True)
    P.blit_text(surface, P.fit_text(name, size, rect.w - 6, True), plate.center, size=size, bold=True, colour=PAPER,
                anchor="center")
    pygame.draw.rect(surface, STAMP_RED if chosen else INK, rect, 3 if chosen else 1)


def board_geometry(cells: dict, candidates: set, area: pygame.Rect, largest: int = 132) -> tuple[int, dict]:
    """The cell size and each (row, col)'s screen rect, for the laid cells and the candidates, centred in `area`."""
    spots = set(cells) | set(candidates)
    if not spots:
        return largest, {}
    top, left = min(r for r, _ in spots), min(c for _, c in spots)
    rows = max(r for r, _ in spots) - top + 1
    cols = max(c for _, c in spots) - left + 1
    cell = max(40, min(largest, area.w // cols, area.h // rows))
    x0 = area.centerx - cols * cell // 2
    y0 = area.centery - rows * cell // 2
    return cell, {(r, c): pygame.Rect(x0 + (c - left) * cell, y0 + (r - top) * cell, cell, cell) for r, c in spots}


def draw_board(surface, cells: dict, laid_by: dict, rects: dict, glowing: set, hover) -> None:
    """The laid sectors (with who laid each), the cells the chosen tile may take (glowing) and the others where
    a sector could go (dashed)."""
    for spot, rect in rects.items():
        if spot in cells:
            surface.blit(face_picture(cells[spot], rect.w), rect.topleft)
            pygame.draw.rect(surface, INK, rect, 2)
            name = sector_name(cells[spot])
            plate = pygame.Rect(rect.x, rect.y, rect.w, 18)
            pygame.draw.rect(surface, INK, plate)
            P.blit_text(surface, P.fit_text(name, 12, rect.w - 6, True), plate.center, size=12, bold=True,
                        colour=PAPER, anchor="center")
            who = laid_by.get(spot)
            if who:
                tag = pygame.Rect(rect.x + 4, rect.bottom - 20, rect.w - 8, 16)
                pygame.draw.rect(surface, P.SIDE_COLOUR[who], tag, border_radius=3)
                P.blit_text(surface, P.fit_text(P.side_name(who), 12, tag.w - 4), tag.center, size=12,
                            colour=PAPER, anchor="center")
        elif spot in glowing:
            glow = pygame.Surface(rect.size, pygame.SRCALPHA)
            glow.fill((*BRASS, 150 if spot == hover else 90))
            surface.blit(glow, rect.topleft)
            pygame.draw.rect(surface, BRASS, rect.inflate(-4, -4), 3, border_radius=4)
        else:
            dashed_rect(surface, rect.inflate(-8, -8), FADED)


def dashed_rect(surface, rect: pygame.Rect, colour, dash: int = 8) -> None:
    for x in range(rect.left, rect.right, dash * 2):
        pygame.draw.line(surface, colour, (x, rect.top), (min(x + dash, rect.right), rect.top))
        pygame.draw.line(surface, colour, (x, rect.bottom), (min(x + dash, rect.right), rect.bottom))
    for y in range(rect.top, rect.bottom, dash * 2):
        pygame.draw.line(surface, colour, (rect.left, y), (rect.left, min(y + dash, rect.bottom)))
        pygame.draw.line(surface, colour, (rect.right, y), (rect.right, min(y + dash, rect.bottom)))


def draw_network(surface, rect: pygame.Rect, side: str, agent_ids: list[str]) -> None:
    """One drawn network: its heading and one row per agent (colour mark, name, rank)."""
    P.blit_text(surface, P.side_name(side).upper(), (rect.x, rect.y), size=16, bold=True, colour=P.SIDE_COLOUR[side])
    y = rect.y + 30
    for aid in agent_ids:
        agent = content.agent(aid)
        row = pygame.Rect(rect.x, y, rect.w, 44)
        draw.paper_panel(surface, row, seed=sum(map(ord, aid)) % 97, lifted=False)
        P.marker(surface, agent.colour, (row.x + 20, row.centery), 9)
        P.blit_text(surface, P.fit_text(P.agent_name(agent.name), 15, row.w - 60, True), (row.x + 40, row.y + 4),
                    size=15, bold=True)
        ranks = sorted({d.rank for d in agent.documents})
        rank = (_("rank {rank}").format(rank=ranks[0]) if len(ranks) == 1
                else _("rank {low}-{high}").format(low=ranks[0], high=ranks[-1]))
        words = _("{colour} / {rank}").format(colour=P.colour_name(agent.colour), rank=rank)
        P.blit_text(surface, P.fit_text(words, 12, row.w - 60), (row.x + 40, row.y + 24), size=12, colour=FADED)
        y += 52
