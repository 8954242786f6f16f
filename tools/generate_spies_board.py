"""Draw the Stratego Spies & Lies table tileset (original art) and write its Tiled map.

Run headless from the repo root:

    SDL_VIDEODRIVER=dummy .venv/bin/python tools/generate_spies_board.py

Outputs:
  assets/tiles/spies/spies_board.png  the tileset (16 px tiles, 8 columns)
  maps/spies_board.tsx                its Tiled tileset
  maps/spies_board.tmx                the table: tile layer "board" (the printed board) and
                                      object layer "places" (every spot the client draws on)

The double-spy track's length comes from the rules data (assets/data/spies_lies/rules.json,
ruling S1): a neutral centre, `spaces_per_side` spaces into each territory (the last is the
gate), then the flag. Red's fortress is on the left, blue's on the right; the viewing
player's missions are the "bottom" row, the opponent's the "top" row.

Tiles (index: art): 0 paper, 1 red territory (diagonal hatching), 2 blue territory
(horizontal bars), 3 neutral ground (dots), 4 wood frame, 5 red tower, 6 blue tower,
7 leather mission mat, 8 manila, 9 ink rule, 10 mat edge.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from xml.sax.saxutils import escape

TILE = 16
COLUMNS = 8
ROWS = 2
SIZE = (1280, 720)

PAPER = (239, 230, 208)
PAPER_SHADE = (226, 214, 186)
RED = (178, 58, 53)
BLUE = (47, 94, 158)
WOOD = (91, 63, 42)
WOOD_DARK = (71, 48, 31)
LEATHER = (52, 44, 36)
LEATHER_LINE = (64, 55, 45)
MANILA = (216, 191, 138)
MANILA_LINE = (191, 164, 108)
INK = (38, 35, 34)

T_PAPER, T_RED, T_BLUE, T_NEUTRAL, T_WOOD, T_TOWER_RED, T_TOWER_BLUE, T_MAT, T_MANILA, T_INK, T_MAT_EDGE = range(11)

# ----- the layout (logical canvas pixels) ----------------------------------------------------
TRACK_BAND = (112, 240, 768, 80)
TRACK_CENTRE_X = 496
TRACK_STEP = 68
SPACE = 58
CARD = (96, 136)
COLUMN_X = (304, 432, 560, 688)  # mission column centres, over the track
ROW_CARD_Y = {"top": 68, "bottom": 356}
ROW_PLATE_Y = {"top": 208, "bottom": 328}
TOWER_X = {"red": 16, "blue": 1184}
TOWER_Y, TOWER_H = 64, 432
SIDE_COLUMN = (896, 64, 272, 432)


def mix(a, b, t):
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))


def spaces_per_side() -> int:
    root = Path(__file__).resolve().parents[1]
    with open(root / "assets" / "data" / "spies_lies" / "rules.json", encoding="utf-8") as fh:
        return int(json.load(fh)["spaces_per_side"])


def draw_tileset(pg):
    surf = pg.Surface((COLUMNS * TILE, ROWS * TILE))
    surf.fill(PAPER)

    def cell(i):
        return pg.Rect((i % COLUMNS) * TILE, (i // COLUMNS) * TILE, TILE, TILE)

    r = cell(T_PAPER)
    surf.set_at((r.x + 3, r.y + 9), PAPER_SHADE)
    surf.set_at((r.x + 11, r.y + 4), PAPER_SHADE)
    r = cell(T_RED)  # red territory: pale red with diagonal hatching (reads without colour vision)
    surf.fill(mix(PAPER, RED, 0.28), r)
    surf.set_clip(r)
    for k in range(-16, 32, 8):
        pg.draw.line(surf, mix(PAPER, RED, 0.45), (r.x + k, r.y + 15), (r.x + k + 15, r.y), 2)
    surf.set_clip(None)
    r = cell(T_BLUE)  # blue territory: pale blue with horizontal bars
    surf.fill(mix(PAPER, BLUE, 0.26), r)
    for y in (3, 11):
        pg.draw.rect(surf, mix(PAPER, BLUE, 0.42), (r.x, r.y + y, 16, 2))
    r = cell(T_NEUTRAL)
    surf.fill(PAPER_SHADE, r)
    for cx, cy in ((4, 4), (12, 12)):
        pg.draw.circle(surf, mix(PAPER_SHADE, INK, 0.18), (r.x + cx, r.y + cy), 1)
    r = cell(T_WOOD)
    surf.fill(WOOD, r)
    for y in (2, 7, 13):
        pg.draw.line(surf, WOOD_DARK, (r.x, r.y + y), (r.right - 1, r.y + y), 1)
    for side, tile in ((RED, T_TOWER_RED), (BLUE, T_TOWER_BLUE)):
        r = cell(tile)
        surf.fill(mix(side, INK, 0.35), r)
        pg.draw.line(surf, mix(side, INK, 0.5), (r.x, r.y + 15), (r.right - 1, r.y + 15), 1)  # brick courses
        pg.draw.line(surf, mix(side, INK, 0.5), (r.x + 7, r.y), (r.x + 7, r.y + 7), 1)
        pg.draw.line(surf, mix(side, INK, 0.5), (r.x + 15, r.y + 8), (r.x + 15, r.y + 14), 1)
        pg.draw.line(surf, mix(side, INK, 0.5), (r.x, r.y + 7), (r.right - 1, r.y + 7), 1)
    r = cell(T_MAT)
    surf.fill(LEATHER, r)
    surf.set_at((r.x + 5, r.y + 3), LEATHER_LINE)
    surf.set_at((r.x + 12, r.y + 10), LEATHER_LINE)
    surf.set_at((r.x + 2, r.y + 13), LEATHER_LINE)
    r = cell(T_MANILA)
    surf.fill(MANILA, r)
    surf.set_at((r.x + 5, r.y + 7), MANILA_LINE)
    surf.set_at((r.x + 12, r.y + 13), MANILA_LINE)
    r = cell(T_INK)
    surf.fill(INK, r)
    r = cell(T_MAT_EDGE)
    surf.fill(LEATHER, r)
    pg.draw.line(surf, (150, 126, 70), (r.x, r.y + 2), (r.right - 1, r.y + 2), 1)  # gold tooling
    return surf


def objects() -> list[dict]:
    """Every named place on the table."""
    out: list[dict] = []

    def add(name, kind, x, y, w, h, ellipse=False, **props):
        out.append({"name": name, "type": kind, "x": x, "y": y, "w": w, "h": h, "ellipse": ellipse, "props": props})

    n = spaces_per_side()
    add("track", "track_band", *TRACK_BAND, spaces_per_side=n)
    cy = TRACK_BAND[1] + TRACK_BAND[3] // 2
    for pos in range(-(n + 1), n + 2):
        depth = abs(pos)
        role = "centre" if pos == 0 else "flag" if depth == n + 1 else "gate" if depth == n else "space"
        side = "" if pos == 0 else ("red" if pos < 0 else "blue")  # whose territory / fortress
        cx = TRACK_CENTRE_X + pos * TRACK_STEP
        add(f"track{pos:+d}", "track_space", cx - SPACE // 2, cy - SPACE // 2, SPACE, SPACE, ellipse=role != "flag",
            pos=pos, role=role, side=side)
    for side, x in TOWER_X.items():
        add(f"tower-{side}", "tower", x, TOWER_Y, 80, TOWER_H, side=side)
        for v in range(11):
            add(f"tower-{side}-{v}", "tower_cell", x + 8, TOWER_Y + 40 + (10 - v) * 36, 64, 34, side=side, value=v)
    for row in ("top", "bottom"):
        add(f"mat-{row}", "mission_mat", 240, 64 if row == "top" else 320, 512, 176, row=row)
        add(f"label-{row}", "row_label", 108, ROW_CARD_Y[row] + 4, 124, 128, row=row)
        for m in range(1, 5):
            cx = COLUMN_X[m - 1]
            add(f"slot-{row}-{m}", "mission_slot", cx - CARD[0] // 2, ROW_CARD_Y[row], *CARD, row=row, mission=m)
            add(f"plate-{row}-{m}", "mission_plate", cx - 52, ROW_PLATE_Y[row], 104, 22, row=row, mission=m)
            chip_y = ROW_CARD_Y[row] + 8
            add(f"intel-chip-{row}-{m}", "intel_chip_spot", cx + 52, chip_y, 24, 24, ellipse=True, row=row, mission=m)
            add(f"deception-chip-{row}-{m}", "deception_chip_spot", cx + 52, chip_y + 34, 24, 24, ellipse=True,
                row=row, mission=m)
    sx, sy, sw, sh = SIDE_COLUMN
    add("status-top", "status", sx, sy, sw, 112, row="top")
    add("status-bottom", "status", sx, sy + sh - 112, sw, 112, row="bottom")
    add("intel-card", "intel_card", sx + 16, 196, *CARD)
    add("old-pile", "old_pile", sx + 160, 196, *CARD)
    add("day", "day_track", sx + 8, 348, sw - 16, 28)
    for d in range(1, 4):
        add(f"day-{d}", "day_spot", sx + 92 + (d - 1) * 34, 350, 24, 24, ellipse=True, day=d)
    add("hand", "hand", 16, 512, 1008, 200)
    for k in range(9):
        add(f"hand-{k}", "hand_slot", 120 + k * 100, 552, *CARD, index=k)
    add("actions", "action_area", 1040, 512, 224, 200)
    add("guess-row", "guess_row", 16, 512, 1248, 200)
    for k in range(10):
        add(f"guess-{k + 1}", "guess_slot", 24 + k * 124, 548, 116, 150, rank=k + 1)
    add("pick-panel", "pick_panel", 112, 336, 1056, 376)
    for k in range(10):
        add(f"pick-{k}", "pick_slot", 132 + k * 103, 420, *CARD, index=k)
    return out


def board_tiles() -> list[int]:
    cols, rows = SIZE[0] // TILE, SIZE[1] // TILE
    grid = [0] * (cols * rows)

    def paint(x, y, w, h, tile):
        for ty in range(y // TILE, (y + h) // TILE):
            for tx in range(x // TILE, (x + w) // TILE):
                grid[ty * cols + tx] = tile + 1  # firstgid = 1

    # the two mission mats (leather blotters with a tooled top edge)
    paint(240, 64, 512, 176, T_MAT)
    paint(240, 64, 512, 16, T_MAT_EDGE)
    paint(240, 320, 512, 176, T_MAT)
    paint(240, 320, 512, 16, T_MAT_EDGE)
    # the track: a wooden frame, red territory left, neutral centre, blue territory right
    bx, by, bw, bh = TRACK_BAND
    paint(bx, by, bw, bh, T_WOOD)
    half = TRACK_STEP // 2
    centre_left = (TRACK_CENTRE_X - half) // TILE * TILE
    centre_right = (TRACK_CENTRE_X + half + TILE - 1) // TILE * TILE
    paint(bx, by + 16, centre_left - bx, bh - 32, T_RED)
    paint(centre_left, by + 16, centre_right - centre_left, bh - 32, T_NEUTRAL)
    paint(centre_right, by + 16, bx + bw - centre_right, bh - 32, T_BLUE)
    # the infiltration towers
    for side, x in TOWER_X.items():
        paint(x, TOWER_Y, 80, TOWER_H, T_TOWER_RED if side == "red" else T_TOWER_BLUE)
    # the side column: manila folder for the intelligence cards
    sx, sy, sw, sh = SIDE_COLUMN
    paint(sx, 176, sw, 208, T_MANILA)
    return grid


def tsx_text() -> str:
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<tileset version="1.10" tiledversion="1.10.2" name="spies_board" tilewidth="{TILE}" tileheight="{TILE}" '
        f'tilecount="{COLUMNS * ROWS}" columns="{COLUMNS}">\n'
        f' <image source="../assets/tiles/spies/spies_board.png" width="{COLUMNS * TILE}" height="{ROWS * TILE}"/>\n'
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
        f'nextlayerid="3" nextobjectid="{len(objs) + 1}">',
        " <properties>",
        '  <property name="game" value="spies_lies"/>',
        '  <property name="title" value="Stratego Spies &amp; Lies table"/>',
        f'  <property name="spaces_per_side" type="int" value="{spaces_per_side()}"/>',
        " </properties>",
        ' <tileset firstgid="1" source="spies_board.tsx"/>',
        f' <layer id="1" name="board" width="{cols}" height="{rows}">',
        '  <data encoding="csv">',
        ",\n".join(csv_rows),
        "</data>",
        " </layer>",
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
    out_png = root / "assets" / "tiles" / "spies" / "spies_board.png"
    out_png.parent.mkdir(parents=True, exist_ok=True)
    pg.image.save(tiles, str(out_png))
    (root / "maps" / "spies_board.tsx").write_text(tsx_text(), encoding="utf-8")
    (root / "maps" / "spies_board.tmx").write_text(tmx_text(), encoding="utf-8")
    print(f"wrote {out_png}, maps/spies_board.tsx, maps/spies_board.tmx")


if __name__ == "__main__":
    main()
