"""Draw the Stawka city-plan tileset (original art) and write its Tiled .tsx.

Run headless from the repo root:

    SDL_VIDEODRIVER=dummy .venv/bin/python tools/generate_stawka_tiles.py

Outputs assets/tiles/stawka/stawka_city.png and maps/stawka/stawka_city.tsx.

Layout (16 columns x 8 rows of 32 px tiles):
  row 0: 0 paper, 1 landmark (location building, red X), 2 monument square,
         3 open field
  rows 1-7: one "group" per row, 16 tiles each, indexed by an edge mask
         (N=1, E=2, S=4, W=8):
         block, park, water: mask = sides whose neighbour is the same fill
                             (no outline drawn there, so areas read as one);
         road, rail, german path, polish path: mask = sides the line runs to.
The masks are written as Tiled "edge" Wang sets (one per group, named after
it), so the terrain brush in the Tiled editor paints streets and blocks with
the right joins. The single tiles (row 0) are picked by hand.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

TILE = 32
COLUMNS = 16
ROWS = 8

PAPER = (239, 230, 208)
INK = (38, 35, 34)
FADED = (107, 98, 88)
MANILA = (216, 191, 138)
STAMP_RED = (163, 38, 42)
BLOCK = (205, 192, 160)
BLOCK_HATCH = (176, 162, 128)
PARK = (190, 196, 156)
PARK_TREE = (128, 140, 100)
WATER = (168, 186, 192)
WATER_WAVE = (120, 146, 156)
ROAD = (248, 242, 226)
FIELD_DOT = (208, 198, 170)
GERMAN_BLUE = (58, 92, 150)
POLISH_RED = (176, 52, 48)

N, E, S, W = 1, 2, 4, 8
FILL_GROUPS = ("block", "park", "water")
LINE_GROUPS = ("road", "rail", "german_path", "polish_path")
GROUPS = FILL_GROUPS + LINE_GROUPS
SINGLE_TILES = ("paper", "landmark", "monument", "field")


def tile_index(group: str, mask: int = 0) -> int:
    """Index of a tile in the sheet (Tiled local id; gid = firstgid + index)."""
    if group in SINGLE_TILES:
        return SINGLE_TILES.index(group)
    return COLUMNS * (GROUPS.index(group) + 1) + mask


def _hatch(pg, surf, rect, colour, step):
    """45-degree hatching; step divides the tile size so hatching runs on across tiles."""
    x0, y0, w, h = rect
    for k in range(-h, w + h, step):
        pg.draw.line(surf, colour, (x0 + k, y0 + h - 1), (x0 + k + h - 1, y0), 1)


def _outline_open_sides(pg, surf, rect, mask, inset, colour):
    x0, y0, _, _ = rect
    lo, hi = inset, TILE - 1 - inset
    left = 0 if mask & W else lo
    right = TILE - 1 if mask & E else hi
    top = 0 if mask & N else lo
    bottom = TILE - 1 if mask & S else hi
    if not mask & N:
        pg.draw.line(surf, colour, (x0 + left, y0 + lo), (x0 + right, y0 + lo), 2)
    if not mask & S:
        pg.draw.line(surf, colour, (x0 + left, y0 + hi), (x0 + right, y0 + hi), 2)
    if not mask & W:
        pg.draw.line(surf, colour, (x0 + lo, y0 + top), (x0 + lo, y0 + bottom), 2)
    if not mask & E:
        pg.draw.line(surf, colour, (x0 + hi, y0 + top), (x0 + hi, y0 + bottom), 2)


def _fill_body(pg, surf, rect, mask, inset, colour):
    x0, y0, _, _ = rect
    left = 0 if mask & W else inset
    top = 0 if mask & N else inset
    right = TILE if mask & E else TILE - inset
    bottom = TILE if mask & S else TILE - inset
    body = pg.Rect(x0 + left, y0 + top, right - left, bottom - top)
    pg.draw.rect(surf, colour, body)
    return body


def draw_block(pg, surf, rect, mask, rng):
    body = _fill_body(pg, surf, rect, mask, 3, BLOCK)
    surf.set_clip(body)
    _hatch(pg, surf, rect, BLOCK_HATCH, 8)
    surf.set_clip(None)
    _outline_open_sides(pg, surf, rect, mask, 3, INK)


def draw_park(pg, surf, rect, mask, rng):
    body = _fill_body(pg, surf, rect, mask, 2, PARK)
    x0, y0, _, _ = rect
    for _ in range(3):
        cx = x0 + rng.randint(8, TILE - 8)
        cy = y0 + rng.randint(8, TILE - 8)
        pg.draw.circle(surf, PARK_TREE, (cx, cy), 4, 1)
        pg.draw.circle(surf, PARK_TREE, (cx, cy), 1)
    _outline_open_sides(pg, surf, rect, mask, 2, FADED)


def draw_water(pg, surf, rect, mask, rng):
    body = _fill_body(pg, surf, rect, mask, 2, WATER)
    x0, y0, _, _ = rect
    surf.set_clip(body)
    for row in range(5, TILE, 8):
        for col in range(0, TILE, 8):
            pg.draw.arc(surf, WATER_WAVE, (x0 + col, y0 + row - 2, 8, 5), 0.2, 2.9, 1)
    surf.set_clip(None)
    _outline_open_sides(pg, surf, rect, mask, 2, INK)


def _band_rects(pg, rect, mask, half):
    """Rectangles of a line of half-width `half` from the tile centre to each side in mask."""
    x0, y0, _, _ = rect
    c = TILE // 2
    rects = [pg.Rect(x0 + c - half, y0 + c - half, 2 * half, 2 * half)]
    if mask & N:
        rects.append(pg.Rect(x0 + c - half, y0, 2 * half, c))
    if mask & S:
        rects.append(pg.Rect(x0 + c - half, y0 + c, 2 * half, c))
    if mask & W:
        rects.append(pg.Rect(x0, y0 + c - half, c, 2 * half))
    if mask & E:
        rects.append(pg.Rect(x0 + c, y0 + c - half, c, 2 * half))
    return rects


def draw_road(pg, surf, rect, mask, rng):
    # Ink the union outline: draw wider ink bands, then the paper band inside.
    for r in _band_rects(pg, rect, mask, 9):
        pg.draw.rect(surf, INK, r)
    for r in _band_rects(pg, rect, mask, 7):
        pg.draw.rect(surf, ROAD, r)
    # Ink must not close the road where it leaves the tile.
    x0, y0, _, _ = rect
    c = TILE // 2
    if mask & N:
        pg.draw.rect(surf, ROAD, (x0 + c - 7, y0, 14, 2))
    if mask & S:
        pg.draw.rect(surf, ROAD, (x0 + c - 7, y0 + TILE - 2, 14, 2))
    if mask & W:
        pg.draw.rect(surf, ROAD, (x0, y0 + c - 7, 2, 14))
    if mask & E:
        pg.draw.rect(surf, ROAD, (x0 + TILE - 2, y0 + c - 7, 2, 14))


def draw_rail(pg, surf, rect, mask, rng):
    x0, y0, _, _ = rect
    c = TILE // 2
    ends = {N: (c, 0), S: (c, TILE - 1), W: (0, c), E: (TILE - 1, c)}
    for bit, (ex, ey) in ends.items():
        if not mask & bit:
            continue
        horizontal = bit in (E, W)
        # sleepers across the track, then two rails
        span = range(min(c, ex), max(c, ex) + 1, 4) if horizontal else range(min(c, ey), max(c, ey) + 1, 4)
        for t in span:
            if horizontal:
                pg.draw.line(surf, FADED, (x0 + t, y0 + c - 5), (x0 + t, y0 + c + 5), 1)
            else:
                pg.draw.line(surf, FADED, (x0 + c - 5, y0 + t), (x0 + c + 5, y0 + t), 1)
        for off in (-3, 3):
            if horizontal:
                pg.draw.line(surf, INK, (x0 + c, y0 + c + off), (x0 + ex, y0 + c + off), 1)
            else:
                pg.draw.line(surf, INK, (x0 + c + off, y0 + c), (x0 + c + off, y0 + ey), 1)
    if mask == 0:
        pg.draw.rect(surf, INK, (x0 + c - 4, y0 + c - 4, 8, 8), 1)


def _dashed(pg, surf, colour, a, b, dash=4):
    (ax, ay), (bx, by) = a, b
    length = max(abs(bx - ax), abs(by - ay))
    for t in range(0, length, dash * 2):
        t2 = min(t + dash, length)
        p = (ax + (bx - ax) * t // max(length, 1), ay + (by - ay) * t // max(length, 1))
        q = (ax + (bx - ax) * t2 // max(length, 1), ay + (by - ay) * t2 // max(length, 1))
        pg.draw.line(surf, colour, p, q, 3)


def _draw_side_path(pg, surf, rect, mask, colour):
    draw_block(pg, surf, rect, 15, None)
    x0, y0, _, _ = rect
    c = TILE // 2
    ends = {N: (c, 0), S: (c, TILE), W: (0, c), E: (TILE, c)}
    for bit, (ex, ey) in ends.items():
        if mask & bit:
            _dashed(pg, surf, colour, (x0 + c, y0 + c), (x0 + ex, y0 + ey))
    pg.draw.circle(surf, colour, (x0 + c, y0 + c), 2)


def draw_german_path(pg, surf, rect, mask, rng):
    """Police building passage, German agents only (ruling K1): dashed blue."""
    _draw_side_path(pg, surf, rect, mask, GERMAN_BLUE)


def draw_polish_path(pg, surf, rect, mask, rng):
    """City passage, Polish agents only (ruling K1): dashed red."""
    _draw_side_path(pg, surf, rect, mask, POLISH_RED)


def draw_paper(pg, surf, rect, rng):
    pg.draw.rect(surf, PAPER, rect)


def draw_landmark(pg, surf, rect, rng):
    x0, y0, _, _ = rect
    body = pg.Rect(x0 + 2, y0 + 2, TILE - 4, TILE - 4)
    pg.draw.rect(surf, MANILA, body)
    pg.draw.rect(surf, INK, body, 2)
    pg.draw.rect(surf, INK, body.inflate(-6, -6), 1)
    pg.draw.line(surf, STAMP_RED, (x0 + 10, y0 + 10), (x0 + 22, y0 + 22), 3)
    pg.draw.line(surf, STAMP_RED, (x0 + 22, y0 + 10), (x0 + 10, y0 + 22), 3)


def draw_monument(pg, surf, rect, rng):
    x0, y0, _, _ = rect
    for gx in range(0, TILE, 4):
        for gy in range(0, TILE, 4):
            surf.set_at((x0 + gx + 1, y0 + gy + 1), FIELD_DOT)
    pg.draw.circle(surf, INK, (x0 + 16, y0 + 16), 11, 1)
    pg.draw.circle(surf, FADED, (x0 + 16, y0 + 16), 7, 1)
    pg.draw.rect(surf, INK, (x0 + 13, y0 + 13, 6, 6))


def draw_field(pg, surf, rect, rng):
    x0, y0, _, _ = rect
    for gy in range(3, TILE, 8):
        for gx in range(1 + (gy // 8) % 2 * 4, TILE, 8):
            pg.draw.line(surf, FIELD_DOT, (x0 + gx, y0 + gy), (x0 + gx + 2, y0 + gy), 1)


GROUP_PAINTERS = {
    "block": draw_block,
    "park": draw_park,
    "water": draw_water,
    "road": draw_road,
    "rail": draw_rail,
    "german_path": draw_german_path,
    "polish_path": draw_polish_path,
}
SINGLE_PAINTERS = {
    "paper": draw_paper,
    "landmark": draw_landmark,
    "monument": draw_monument,
    "field": draw_field,
}


def draw_sheet(pg):
    surf = pg.Surface((COLUMNS * TILE, ROWS * TILE), pg.SRCALPHA)
    surf.fill((0, 0, 0, 0))
    rng = random.Random(1944)  # fixed seed: the art is reproducible
    for name, paint in SINGLE_PAINTERS.items():
        rect = _rect_of(tile_index(name))
        pg.draw.rect(surf, PAPER, rect)
        paint(pg, surf, rect, rng)
    for group, paint in GROUP_PAINTERS.items():
        for mask in range(16):
            rect = _rect_of(tile_index(group, mask))
            if group in FILL_GROUPS:
                pg.draw.rect(surf, PAPER, rect)
            paint(pg, surf, rect, mask, rng)
    return surf


def _rect_of(index):
    return (index % COLUMNS * TILE, index // COLUMNS * TILE, TILE, TILE)


def _wangid(mask):
    bits = [mask & N, mask & E, mask & S, mask & W]
    values = []
    for b in bits:
        values += ["1" if b else "0", "0"]
    return ",".join(values)


def tsx_text(image_rel: str) -> str:
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<tileset version="1.10" tiledversion="1.10.2" name="stawka_city" tilewidth="{TILE}" '
        f'tileheight="{TILE}" tilecount="{COLUMNS * ROWS}" columns="{COLUMNS}">',
        f' <image source="{image_rel}" width="{COLUMNS * TILE}" height="{ROWS * TILE}"/>',
    ]
    # No per-tile <tile> elements: pytmx parses each one on every map load, and
    # the Wang sets below already say what every tile is.
    lines.append(" <wangsets>")
    for group in GROUPS:
        lines.append(f'  <wangset name="{group}" type="edge" tile="{tile_index(group, 15)}">')
        lines.append(f'   <wangcolor name="{group}" color="#a3262a" tile="{tile_index(group, 15)}" probability="1"/>')
        for mask in range(16):
            lines.append(f'   <wangtile tileid="{tile_index(group, mask)}" wangid="{_wangid(mask)}"/>')
        lines.append("  </wangset>")
    lines.append(" </wangsets>")
    lines.append("</tileset>")
    return "\n".join(lines) + "\n"


def main() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame as pg

    root = Path(__file__).resolve().parents[1]
    pg.display.init()  # display only: no audio device is needed to draw
    try:
        sheet = draw_sheet(pg)
        png = root / "assets" / "tiles" / "stawka" / "stawka_city.png"
        png.parent.mkdir(parents=True, exist_ok=True)
        pg.image.save(sheet, str(png))
        tsx = root / "maps" / "stawka" / "stawka_city.tsx"
        tsx.parent.mkdir(parents=True, exist_ok=True)
        rel = os.path.relpath(png, tsx.parent).replace(os.sep, "/")
        tsx.write_text(tsx_text(rel), encoding="utf-8")
        print(f"wrote {png} and {tsx}")
    finally:
        pg.quit()


if __name__ == "__main__":
    main()
