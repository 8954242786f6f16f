"""Draw the Operation Barclay board tileset (original art) and write the Tiled map.

Run headless from the repo root:

    SDL_VIDEODRIVER=dummy .venv/bin/python tools/generate_barclay_board.py

Outputs:
  assets/tiles/barclay/barclay_board.png  the tileset (16 px tiles, 8 columns)
  assets/tiles/barclay/barclay_land.png   stylised coastlines (image layer "land")
  maps/barclay_board.tsx                  its Tiled tileset
  maps/barclay_board.tmx                  the table map: tile layer "board" (the printed
                                          board) and object layer "places" (every spot the
                                          client draws on, with properties)

The map covers the whole 1280x720 logical canvas. After generating, the map may be
restyled in the Tiled editor: the client reads every position from the "places" layer
(objects named by kind, with properties sector/index/box/month/row/source), never from code.

Object types in "places" (the client looks them up by type and properties):
  sector (sector, order), token_space (sector, index 0-4), evidence_box (box, slots),
  evidence_slot (box, index), calendar (month 1-6), calendar_track, tableau (row top/bottom),
  tableau_slot (row, index 0-4), ultra_slot (row), discard (row), bet_spot (row),
  deck (source channels/dc/lcs/abwehr), log, hand, hand_slot (index 0-3), action_area,
  choice_panel (named "choice" over the board, "choice-low" over the tableaux).
The viewing player's row is always "bottom".

Tiles (index: art):
  0 paper, 1 sea, 2-6 sector land (pink dots, red diagonal stripes, blue horizontal bars,
  green crosshatch, purple waves: pattern as well as colour, so no one needs colour
  vision), 7-11 the same sectors' header bands, 12 manila (evidence boxes), 13 calendar
  paper, 14 ink frame, 15 compass rose dot.
"""

from __future__ import annotations

import math
import os
from pathlib import Path
from xml.sax.saxutils import escape

TILE = 16
COLUMNS = 8
SIZE = (1280, 720)

PAPER = (239, 230, 208)
PAPER_SHADE = (226, 214, 186)
SEA = (205, 214, 208)
SEA_LINE = (178, 192, 188)
MANILA = (216, 191, 138)
MANILA_LINE = (191, 164, 108)
INK = (38, 35, 34)
SECTORS = ("pink", "red", "blue", "green", "purple")
SECTOR_RGB = {
    "pink": (217, 139, 168),
    "red": (184, 64, 58),
    "blue": (58, 111, 176),
    "green": (76, 140, 85),
    "purple": (122, 84, 155),
}

T_PAPER, T_SEA, T_LAND, T_HEAD, T_MANILA, T_CAL, T_INK = 0, 1, 2, 7, 12, 13, 14


def mix(a, b, t):
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))


def pattern(pg, surf, rect, kind: str, colour) -> None:
    """One 16x16 period of a sector pattern (every pattern tiles seamlessly)."""
    x0, y0 = rect.topleft
    if kind == "pink":  # dots
        for cx, cy in ((4, 4), (12, 12)):
            pg.draw.circle(surf, colour, (x0 + cx, y0 + cy), 2)
    elif kind == "red":  # diagonal stripes
        for k in range(-16, 32, 8):
            pg.draw.line(surf, colour, (x0 + k, y0 + 15), (x0 + k + 15, y0), 2)
    elif kind == "blue":  # horizontal bars
        for y in (3, 11):
            pg.draw.rect(surf, colour, (x0, y0 + y, 16, 2))
    elif kind == "green":  # crosshatch
        for k in range(-16, 32, 8):
            pg.draw.line(surf, colour, (x0 + k, y0 + 15), (x0 + k + 15, y0), 1)
            pg.draw.line(surf, colour, (x0 + k, y0), (x0 + k + 15, y0 + 15), 1)
    elif kind == "purple":  # waves
        for base in (4, 12):
            pts = [(x0 + x, y0 + base + round(2 * math.sin(x / 16 * 2 * math.pi))) for x in range(17)]
            pg.draw.lines(surf, colour, False, pts, 1)


def draw_tileset(pg):
    rows = 2
    surf = pg.Surface((COLUMNS * TILE, rows * TILE))
    surf.fill(PAPER)

    def cell(i):
        return pg.Rect((i % COLUMNS) * TILE, (i // COLUMNS) * TILE, TILE, TILE)

    r = cell(T_PAPER)
    surf.fill(PAPER, r)
    surf.set_at((r.x + 3, r.y + 9), PAPER_SHADE)
    surf.set_at((r.x + 11, r.y + 4), PAPER_SHADE)
    r = cell(T_SEA)
    surf.fill(SEA, r)
    for base in (5, 13):
        pts = [(r.x + x, r.y + base + round(1.5 * math.sin(x / 16 * 2 * math.pi))) for x in range(17)]
        pg.draw.lines(surf, SEA_LINE, False, pts, 1)
    for i, sector in enumerate(SECTORS):
        rgb = SECTOR_RGB[sector]
        r = cell(T_LAND + i)
        surf.fill(mix(PAPER, rgb, 0.22), r)
        surf.set_clip(r)
        pattern(pg, surf, r, sector, mix(PAPER, rgb, 0.55))
        surf.set_clip(None)
        r = cell(T_HEAD + i)
        surf.fill(rgb, r)
        surf.set_clip(r)
        pattern(pg, surf, r, sector, mix(rgb, (255, 255, 255), 0.35))
        surf.set_clip(None)
    r = cell(T_MANILA)
    surf.fill(MANILA, r)
    surf.set_at((r.x + 5, r.y + 7), MANILA_LINE)
    surf.set_at((r.x + 12, r.y + 13), MANILA_LINE)
    r = cell(T_CAL)
    surf.fill(PAPER_SHADE, r)
    r = cell(T_INK)
    surf.fill(INK, r)
    r = cell(15)
    surf.fill(PAPER, r)
    pg.draw.circle(surf, INK, r.center, 2)
    return surf


# ----- stylised coastlines (image layer "land") -------------------------------------------
# Land shapes in sector-local coordinates (x 0-144, y 0-144 below the header band); the
# tokens sit on top, so these only need to read as a paper map around them.
LAND = {
    "pink": [[(0, 0), (144, 0), (144, 26), (128, 34), (112, 24), (96, 40), (78, 30), (62, 44), (44, 36), (26, 48),
              (10, 40), (0, 46)]],
    "red": [[(58, 6), (76, 2), (84, 18), (80, 44), (66, 52), (56, 36)],
            [(50, 64), (80, 60), (96, 76), (98, 108), (90, 138), (64, 142), (50, 124), (56, 96), (46, 80)]],
    "blue": [[(14, 40), (58, 30), (104, 22), (134, 30), (124, 54), (96, 92), (78, 126), (60, 104), (36, 72), (10, 58)]],
    "green": [[(20, 0), (124, 0), (130, 26), (112, 48), (118, 80), (104, 96), (96, 134), (82, 104), (72, 140),
               (60, 100), (46, 128), (40, 86), (22, 64), (30, 40), (12, 22)]],
    "purple": [],  # filled in below: a scatter of small round islands
}


def islet(cx, cy, rx, ry, wobble=0.18, points=14):
    """A roundish island outline with a fixed, slightly uneven coast."""
    out = []
    for k in range(points):
        a = 2 * math.pi * k / points
        r = 1 + wobble * math.sin(3 * a + cx) * math.cos(2 * a + cy)
        out.append((round(cx + rx * r * math.cos(a)), round(cy + ry * r * math.sin(a))))
    return out


LAND["purple"] = [islet(26, 22, 13, 9), islet(108, 18, 12, 10), islet(72, 66, 15, 10), islet(22, 104, 11, 9),
                  islet(118, 112, 17, 12), islet(70, 126, 10, 7), islet(132, 64, 8, 6)]


def draw_land(pg):
    """A transparent canvas-sized image: each sector's coast in a stronger tint, its pattern, an ink outline."""
    surf = pg.Surface(SIZE, pg.SRCALPHA)
    for i, sector in enumerate(SECTORS):
        sx, sy = SECTOR_X0 + i * (SECTOR_W + SECTOR_GAP), SECTOR_Y0 + HEADER_H
        rgb = SECTOR_RGB[sector]
        fill = pg.Surface((SECTOR_W, SECTOR_H - HEADER_H), pg.SRCALPHA)
        fill.fill(mix(PAPER, rgb, 0.3))
        for ty in range(0, fill.get_height(), TILE):
            for tx in range(0, fill.get_width(), TILE):
                fill.set_clip(pg.Rect(tx, ty, TILE, TILE))
                pattern(pg, fill, pg.Rect(tx, ty, TILE, TILE), sector, mix(PAPER, rgb, 0.62))
        fill.set_clip(None)
        mask = pg.Surface(fill.get_size(), pg.SRCALPHA)
        for poly in LAND[sector]:
            pg.draw.polygon(mask, (255, 255, 255, 255), poly)
        fill.blit(mask, (0, 0), special_flags=pg.BLEND_RGBA_MIN)
        for poly in LAND[sector]:
            pg.draw.polygon(fill, mix(INK, rgb, 0.45), poly, 2)
        surf.blit(fill, (sx, sy))
    return surf


# ----- the table layout ------------------------------------------------------------
BOARD = (16, 64, 1248, 208)  # the printed board: sectors + evidence boxes + calendar
SECTOR_W, SECTOR_GAP = 144, 16  # multiples of the 16 px tile, so the painted board and the places agree
SECTOR_X0, SECTOR_Y0, SECTOR_H = 32, 80, 176
HEADER_H = 32
TOKEN = 44
TOKEN_OFFSETS = ((24, 40), (72, 40), (120, 40), (48, 94), (96, 94))  # token centres in a sector (below the header)


def objects() -> list[dict]:
    """Every named place on the table, in logical canvas pixels."""
    out: list[dict] = []

    def add(name, kind, x, y, w, h, ellipse=False, **props):
        out.append({"name": name, "type": kind, "x": x, "y": y, "w": w, "h": h, "ellipse": ellipse, "props": props})

    for i, sector in enumerate(SECTORS):
        sx = SECTOR_X0 + i * (SECTOR_W + SECTOR_GAP)
        add(f"sector-{sector}", "sector", sx, SECTOR_Y0, SECTOR_W, SECTOR_H, sector=sector, order=i)
        for k, (cx, cy) in enumerate(TOKEN_OFFSETS):
            add(f"space-{sector}-{k}", "token_space", sx + cx - TOKEN // 2, SECTOR_Y0 + HEADER_H + cy - TOKEN // 2,
                TOKEN, TOKEN, ellipse=True, sector=sector, index=k)
    # evidence boxes (Alpha 2, Beta 3, Recon/Raid 1)
    bx = 840
    for box, n, w in (("alpha", 2, 112), ("beta", 3, 160), ("recon", 1, 128)):
        add(f"box-{box}", "evidence_box", bx, 80, w, 96, box=box, slots=n)
        step = w // n
        for k in range(n):
            add(f"evidence-{box}-{k}", "evidence_slot", bx + k * step + (step - 36) // 2, 80 + 50, 36, 36,
                ellipse=True, box=box, index=k)
        bx += w + 8
    for m in range(6):
        add(f"month-{m + 1}", "calendar", 840 + m * 70, 204, 62, 60, month=m + 1)
    add("calendar", "calendar_track", 840, 188, 416, 76)
    # the two player rows: the viewing player always sits at the bottom
    for row, y in (("top", 288), ("bottom", 424)):
        add(f"tableau-{row}", "tableau", 16, y, 808, 128, row=row)
        for k in range(5):
            add(f"slot-{row}-{k}", "tableau_slot", 112 + k * 88, y + 8, 80, 112, row=row, index=k)
        add(f"ultra-{row}", "ultra_slot", 568, y + 8, 80, 112, row=row)
        add(f"discard-{row}", "discard", 664, y + 8, 80, 112, row=row)
        add(f"bet-{row}", "bet_spot", 760, y + 40, 52, 52, ellipse=True, row=row)
    for k, source in enumerate(("channels", "dc", "lcs", "abwehr")):
        add(f"deck-{source}", "deck", 848 + k * 104, 296, 80, 112, source=source)
    add("log", "log", 840, 440, 424, 272)
    add("hand", "hand", 16, 560, 808, 152)
    for k in range(4):
        add(f"hand-{k}", "hand_slot", 112 + k * 104, 572, 96, 136, index=k)
    add("actions", "action_area", 536, 568, 288, 140)
    add("choice", "choice_panel", 16, 56, 1248, 224)  # decisions on cards: over the board
    add("choice-low", "choice_panel", 16, 288, 808, 264)  # decisions on evidence: the board stays in sight
    return out


def board_tiles() -> list[int]:
    """Tile ids (0 = empty) for the 'board' layer, row-major over the whole canvas."""
    cols, rows = SIZE[0] // TILE, SIZE[1] // TILE
    grid = [0] * (cols * rows)

    def paint(x, y, w, h, tile):
        for ty in range(y // TILE, (y + h) // TILE):
            for tx in range(x // TILE, (x + w) // TILE):
                grid[ty * cols + tx] = tile + 1  # firstgid = 1

    bx, by, bw, bh = BOARD
    paint(bx, by, bw, bh, T_SEA)
    for i in range(len(SECTORS)):
        sx = SECTOR_X0 + i * (SECTOR_W + SECTOR_GAP)
        paint(sx, SECTOR_Y0, SECTOR_W, HEADER_H, T_HEAD + i)
        paint(sx, SECTOR_Y0 + HEADER_H, SECTOR_W, SECTOR_H - HEADER_H, T_SEA)  # sea; the coasts are the "land" layer
    paint(832, 64, 432, 208, T_PAPER)
    return grid


def tsx_text() -> str:
    count = COLUMNS * 2
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<tileset version="1.10" tiledversion="1.10.2" name="barclay_board" tilewidth="{TILE}" tileheight="{TILE}" '
        f'tilecount="{count}" columns="{COLUMNS}">\n'
        f' <image source="../assets/tiles/barclay/barclay_board.png" width="{COLUMNS * TILE}" height="{2 * TILE}"/>\n'
        "</tileset>\n"
    )


def tmx_text() -> str:
    cols, rows = SIZE[0] // TILE, SIZE[1] // TILE
    grid = board_tiles()
    csv_rows = [",".join(str(grid[r * cols + c]) for c in range(cols)) for r in range(rows)]
    objs = objects()
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" '
        f'width="{cols}" height="{rows}" tilewidth="{TILE}" tileheight="{TILE}" infinite="0" '
        f'nextlayerid="4" nextobjectid="{len(objs) + 1}">',
        " <properties>",
        '  <property name="game" value="barclay"/>',
        '  <property name="title" value="Operation Barclay table"/>',
        " </properties>",
        ' <tileset firstgid="1" source="barclay_board.tsx"/>',
        f' <layer id="1" name="board" width="{cols}" height="{rows}">',
        '  <data encoding="csv">',
        ",\n".join(csv_rows),
        "</data>",
        " </layer>",
        ' <imagelayer id="3" name="land">',
        f'  <image source="../assets/tiles/barclay/barclay_land.png" width="{SIZE[0]}" height="{SIZE[1]}"/>',
        " </imagelayer>",
        ' <objectgroup id="2" name="places">',
    ]
    for oid, o in enumerate(objs, start=1):
        lines.append(
            f'  <object id="{oid}" name="{escape(o["name"])}" type="{o["type"]}" x="{o["x"]}" y="{o["y"]}" '
            f'width="{o["w"]}" height="{o["h"]}">'
        )
        lines.append("   <properties>")
        for key, value in o["props"].items():
            kind = ' type="int"' if isinstance(value, int) else ""
            lines.append(f'    <property name="{key}"{kind} value="{escape(str(value))}"/>')
        lines.append("   </properties>")
        if o["ellipse"]:
            lines.append("   <ellipse/>")
        lines.append("  </object>")
    lines += [" </objectgroup>", "</map>", ""]
    return "\n".join(lines)


def main() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame as pg

    root = Path(__file__).resolve().parents[1]
    tiles = draw_tileset(pg)
    out_png = root / "assets" / "tiles" / "barclay" / "barclay_board.png"
    out_png.parent.mkdir(parents=True, exist_ok=True)
    pg.image.save(tiles, str(out_png))
    pg.image.save(draw_land(pg), str(out_png.with_name("barclay_land.png")))
    (root / "maps" / "barclay_board.tsx").write_text(tsx_text(), encoding="utf-8")
    (root / "maps" / "barclay_board.tmx").write_text(tmx_text(), encoding="utf-8")
    print(f"wrote {out_png}, maps/barclay_board.tsx, maps/barclay_board.tmx")


if __name__ == "__main__":
    main()
