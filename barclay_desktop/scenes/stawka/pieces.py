"""Stawka pieces drawn by code: agent figures (network colour + shape marker + side ring), item
tiles and their backs, planning cards, dice, investigation tracks and the agent document.

Every function draws from plain view data (dicts of game.view(seat)); none knows the rules."""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from ...i18n import NP_, N_, _, pgettext, translate
from ...rules.stawka import texts as T
from ...ui import draw, fonts
from ...ui.palette import ALLIED, AXIS, BRASS, FADED, INK, MANILA, MANILA_DARK, PAPER, PAPER_SHADE, STAMP_RED, hex_rgb

NETWORK = {  # ART.md: each network colour also has a shape, so no one needs colour vision
    "yellow": (hex_rgb("#D9B23A"), "circle"),
    "purple": (hex_rgb("#7A549B"), "diamond"),
    "blue": (hex_rgb("#3A6FB0"), "square"),
    "black": (hex_rgb("#1B1B1B"), "star"),
}
SIDE_COLOUR = {"polish": ALLIED, "german": AXIS}
SIDE_NAME = {"polish": "Polish", "german": "German"}  # English keys of the tests; on screen: side_name()
RANGES = ((0, 2, "observed"), (3, 5, "located"), (6, 7, "suspected"), (8, 9, "wanted"), (10, 10, "exposed"))
RANGE_TINTS = ((226, 214, 186), (214, 196, 150), (206, 170, 120), (196, 130, 96), (170, 60, 56))


# ----- words from the rules and the data files, in the player's language (issue 37) ---------------
def side_name(side: str) -> str:
    """"Polish" / "German" as a noun (a side, a file, a player's seat)."""
    return translate(T.NETWORK_NAME[side]) if side in T.NETWORK_NAME else side


def place_name(label_text: str) -> str:
    """A board label from the Tiled maps ("Hotel", "City street 4")."""
    return translate(T.place(label_text))


def colour_name(colour_key: str) -> str:
    return translate(T.colour(colour_key))


FUNCTION_WORDS = {"civilian": NP_("agent function", "civilian"), "officer": NP_("agent function", "officer"),
                  "private": NP_("agent function", "private"), "ss_officer": NP_("agent function", "SS officer")}
LEVEL_WORDS = {"basic": NP_("rules level", "basic"), "extended": NP_("rules level", "extended"),
               "advanced": NP_("rules level", "advanced")}
THRESHOLD_WORDS = {"single": N_("SINGLE"), "double": N_("DOUBLE"), "secret": N_("SECRET")}
STAT_WORDS = (N_("RANK"), N_("AP LIMIT"), N_("DEFENCE"), N_("ALERTNESS"))


# Headings that name a side: whole phrases, since Polish inflects the adjective by its noun
# ("SIATKA POLSKA", "AKTA POLSKIE").
NETWORK_HEADINGS = {"polish": N_("POLISH NETWORK"), "german": N_("GERMAN NETWORK")}
FILE_HEADINGS = {"polish": N_("POLISH FILE"), "german": N_("GERMAN FILE")}
NETWORK_WORDS = {"polish": N_("Polish network"), "german": N_("German network")}


def function_name(key: str) -> str:
    return pgettext("agent function", FUNCTION_WORDS[key]) if key in FUNCTION_WORDS else key


def level_name(key: str) -> str:
    return pgettext("rules level", LEVEL_WORDS[key]) if key in LEVEL_WORDS else key


def agent_name(name: str) -> str:
    return pgettext("agent name", name)


def item_name(name: str) -> str:
    return pgettext("item name", name)


def card_name(name: str) -> str:
    return pgettext("planning card name", name)


@lru_cache(maxsize=2048)
def label(content: str, size: int = 14, colour=INK, bold: bool = False, serif: bool = False) -> pygame.Surface:
    """Rendered text, cached: the table draws the same words every frame."""
    font = fonts.serif(size, bold) if serif else fonts.typewriter(size, bold)
    return font.render(content, True, colour)


def blit_text(surface, content: str, pos, *, size: int = 14, colour=INK, bold: bool = False, serif: bool = False,
              anchor: str = "topleft") -> pygame.Rect:
    img = label(content, size, tuple(colour), bold, serif)
    rect = img.get_rect(**{anchor: pos})
    surface.blit(img, rect)
    return rect


def fit_text(content: str, size: int, width: int, bold: bool = False) -> str:
    font = fonts.typewriter(size, bold)
    if font.size(content)[0] <= width:
        return content
    while content and font.size(content + "...")[0] > width:
        content = content[:-1]
    return content.rstrip() + "..."


# ----- shapes and figures ----------------------------------------------------------------
def shape(surface, kind: str, center, r: float, colour, width: int = 0) -> None:
    x, y = center
    if kind == "circle":
        pygame.draw.circle(surface, colour, center, r, width)
    elif kind == "square":
        pygame.draw.rect(surface, colour, pygame.Rect(x - r * 0.85, y - r * 0.85, r * 1.7, r * 1.7), width)
    elif kind == "diamond":
        pygame.draw.polygon(surface, colour, [(x, y - r * 1.15), (x + r * 1.15, y), (x, y + r * 1.15), (x - r * 1.15, y)],
                            width)
    else:  # star
        pts = []
        for i in range(10):
            a = -math.pi / 2 + i * math.pi / 5
            rr = r * 1.2 if i % 2 == 0 else r * 0.5
            pts.append((x + rr * math.cos(a), y + rr * math.sin(a)))
        pygame.draw.polygon(surface, colour, pts, width)


def marker(surface, colour_name: str, center, r: float) -> None:
    """A network's colour with its shape, outlined, e.g. for tracks and "I was here" markers."""
    rgb, kind = NETWORK.get(colour_name, (INK, "circle"))
    shape(surface, kind, center, r, rgb)
    shape(surface, kind, center, r, PAPER if colour_name == "black" else INK, 1)


def figure(surface, agent: dict, center, r: int, *, selected: bool = False, active: bool = False) -> pygame.Rect:
    """An agent's standee seen from above: a side-coloured ring, the network colour disc and its shape marker."""
    x, y = center
    rgb, kind = NETWORK.get(agent["colour"], (INK, "circle"))
    pygame.draw.circle(surface, (0, 0, 0), (x + 2, y + 3), r + 2)
    if selected or active:
        pygame.draw.circle(surface, BRASS, center, r + 6, 3)
    pygame.draw.circle(surface, SIDE_COLOUR.get(agent["side"], INK), center, r + 2)
    pygame.draw.circle(surface, PAPER, center, r - 1)
    pygame.draw.circle(surface, rgb, center, r - 3)
    mark = PAPER if agent["colour"] in ("black", "blue", "purple") else INK
    shape(surface, kind, center, max(3, r * 0.42), mark)
    return pygame.Rect(x - r - 2, y - r - 2, 2 * r + 4, 2 * r + 4)


def spent_talk_rect(center, r: int) -> pygame.Rect:
    """Where spent_talk_mark draws (its bubble, tail and stroke)."""
    w, h = max(26, 3 * r), max(18, 2 * r)
    return pygame.Rect(0, 0, w, h).move(center[0] - w // 2, center[1] - h // 2).inflate(4, h // 2 + 4)


def spent_talk_mark(surface, center, r: int) -> pygame.Rect:
    """A speech bubble struck through in red, as a badge on a figure: this pair has had its conversation
    this stage (K13)."""
    x, y = center
    w, h = max(26, 3 * r), max(18, 2 * r)
    bubble = pygame.Rect(0, 0, w, h)
    bubble.center = (x, y)
    tail = [(bubble.x + w // 4, bubble.bottom - 3), (bubble.x + w // 6, bubble.bottom + h // 3),
            (bubble.x + w // 2, bubble.bottom - 3)]
    pygame.draw.polygon(surface, PAPER, tail)
    pygame.draw.polygon(surface, INK, tail, 1)
    pygame.draw.ellipse(surface, PAPER, bubble)
    pygame.draw.ellipse(surface, INK, bubble, 2)
    for k in (-1, 0, 1):  # the "..." of talk
        pygame.draw.circle(surface, INK, (x + k * (w // 5), y), max(2, h // 8))
    pygame.draw.line(surface, STAMP_RED, (bubble.x, bubble.bottom), (bubble.right, bubble.y), 3)
    return bubble.inflate(4, h // 2 + 4)


def name_tag(surface, text: str, midtop, side: str, taken: list | None = None, *, top: int | None = None,
             below: int | None = None, reach: int = 34, plates: list | None = None) -> pygame.Rect:
    """A small name plate over a figure, kept off the rects in `taken` (other plates, badges, tile
    stacks): slid right past one if it stays over its figure, else lifted just above it, else hung
    under the figure from y `below`; never further than `reach` px from where it belongs and never
    above `top` (the board's edge). With no place clear of all, the first clear of the other name
    `plates` (two figures on a crowded space read "Gla Marta", one plate over the other); else it
    stays where it belongs."""
    img = label(text, 12, PAPER, True)
    rect = pygame.Rect(0, 0, img.get_width() + 8, img.get_height() + 2)
    rect.midtop = midtop
    taken = [] if taken is None else taken
    for place in _tag_places(rect, midtop, taken, top, below, reach):
        if place.collidelist(taken) == -1:
            rect = place
            break
    else:
        spare = [p for p in _tag_places(rect, midtop, taken, top, below, reach)
                 if plates and p.collidelist(plates) == -1]
        if spare:
            rect = spare[0]
        elif top is not None and rect.y < top and below is not None:
            rect.y = below
    taken.append(rect)
    if plates is not None:
        plates.append(rect)
    pygame.draw.rect(surface, SIDE_COLOUR.get(side, INK), rect, border_radius=3)
    surface.blit(img, img.get_rect(center=rect.center))
    return rect


def _tag_places(rect, midtop, taken, top, below, reach):
    """Where a name plate may go, best first (see name_tag)."""
    on_board = top is None or rect.y >= top
    if on_board:
        yield rect
    hit = rect.collidelist(taken)
    if on_board and hit != -1 and taken[hit].right + 1 <= midtop[0]:
        yield rect.move(taken[hit].right + 1 - rect.x, 0)
    up = rect.copy()
    while (hit := up.collidelist(taken)) != -1 and rect.y - (taken[hit].top - 1 - up.h) <= reach:
        up.bottom = taken[hit].top - 1
    if top is None or up.y >= top:
        yield up
    if below is not None:
        down = rect.move(0, below - rect.y)
        while (hit := down.collidelist(taken)) != -1 and taken[hit].bottom + 1 - below <= reach:
            down.top = taken[hit].bottom + 1
        yield down


# ----- items ------------------------------------------------------------------------------
def item_back(surface, rect, location_label: str) -> None:
    """The reverse of a face-down item tile: only its location shows (Item Tiles 1)."""
    rect = pygame.Rect(rect)
    pygame.draw.rect(surface, MANILA_DARK, rect, border_radius=5)
    pygame.draw.rect(surface, MANILA, rect.inflate(-4, -4), border_radius=4)
    pygame.draw.rect(surface, INK, rect, 1, border_radius=5)
    blit_text(surface, "?", (rect.centerx, rect.y + 2), size=16, colour=MANILA_DARK, bold=True, anchor="midtop")
    blit_text(surface, fit_text(location_label, 12, rect.w - 6), (rect.centerx, rect.bottom - 3), size=12,
              colour=INK, anchor="midbottom")


def item_chip(surface, rect, it: dict, reserve_right: int = 0) -> None:
    """A held, readable item tile at panel size: its name. Reusable ones (*) lie face up on paper with a
    brass edge; a single-use one lies face down (manila): only its holder reads the name. `reserve_right`
    keeps the name clear of a mark drawn over the chip's right end (the NEW tab)."""
    rect = pygame.Rect(rect)
    pygame.draw.rect(surface, PAPER if it.get("reusable") else MANILA, rect, border_radius=5)
    pygame.draw.rect(surface, BRASS if it.get("reusable") else INK, rect, 2 if it.get("reusable") else 1,
                     border_radius=5)
    name = ("* " if it.get("reusable") else "") + item_name(it.get("name", "?"))
    room = rect.inflate(-reserve_right, 0).move(-reserve_right // 2, 0)
    blit_text(surface, fit_text(name, 12, room.w - 6, True), room.center, size=12, bold=True, anchor="center")


def tile_card(surface, rect, it: dict) -> None:
    """A found tile at decision size: name, effect text and its evidence by colour."""
    rect = pygame.Rect(rect)
    draw.shadow(surface, rect, offset=4, alpha=90)
    surface.blit(draw.paper_texture(rect.size, PAPER, 23), rect)
    pygame.draw.rect(surface, INK, rect, 2, border_radius=4)
    band = pygame.Rect(rect.x, rect.y, rect.w, 30)
    pygame.draw.rect(surface, MANILA, band, border_top_left_radius=4, border_top_right_radius=4)
    blit_text(surface, fit_text(item_name(it.get("name", "?")), 15, rect.w - 12, True), (rect.x + 8, rect.y + 6),
              size=15, bold=True)
    tag = (_("REUSABLE *  {level}") if it.get("reusable") else _("SINGLE USE  {level}")).format(
        level=level_name(it.get("level", "")).upper())
    blit_text(surface, tag, (rect.x + 8, rect.y + 36), size=12, colour=FADED, bold=True)
    draw.text_block(surface, _(it["text"]) if it.get("text") else "", (rect.x + 8, rect.y + 56, rect.w - 16, rect.h - 100), size=13,
                    line_gap=1)
    ev = it.get("evidence", {})
    x = rect.x + 10
    blit_text(surface, _("EVIDENCE"), (x, rect.bottom - 40), size=12, colour=FADED, bold=True)
    for colour, n in ev.items():
        if n:
            marker(surface, colour, (x + 8, rect.bottom - 16), 7)
            blit_text(surface, str(n), (x + 18, rect.bottom - 24), size=15, bold=True)
            x += 40


# ----- planning cards --------------------------------------------------------------------------
def plan_card(surface, rect, card: dict | None, *, side: str, face_up: bool = True, hover: bool = False) -> None:
    rect = pygame.Rect(rect)
    draw.shadow(surface, rect, offset=3 if not hover else 6, alpha=90)
    if not face_up or card is None:
        pygame.draw.rect(surface, MANILA, rect, border_radius=6)
        pygame.draw.rect(surface, SIDE_COLOUR[side], rect.inflate(-8, -8), 2, border_radius=4)
        blit_text(surface, _("PLAN"), rect.center, size=14, colour=SIDE_COLOUR[side], bold=True, anchor="center")
        return
    surface.blit(draw.paper_texture(rect.size, PAPER, 31), rect)
    pygame.draw.rect(surface, BRASS if hover else INK, rect, 3 if hover else 1, border_radius=6)
    band = pygame.Rect(rect.x, rect.y, rect.w, max(18, rect.h // 5))
    if rect.h < 120:  # at bar size: the name on up to three lines, then priority and AP on one line
        lines, size = bar_card_lines(card_name(card["name"]), rect.w - 6)
        band.h = 6 + 14 * len(lines)
        pygame.draw.rect(surface, SIDE_COLOUR[side], band, border_top_left_radius=6, border_top_right_radius=6)
        for k, line in enumerate(lines):
            blit_text(surface, line, (rect.centerx, band.y + 3 + 14 * k), size=size, colour=PAPER, bold=True,
                      anchor="midtop")
        blit_text(surface, _("P{priority}  {ap} AP").format(priority=card["priority"], ap=card["ap"]), (rect.centerx, (band.bottom + rect.bottom) // 2),
                  size=14, bold=True, anchor="center")
        return
    pygame.draw.rect(surface, SIDE_COLOUR[side], band, border_top_left_radius=6, border_top_right_radius=6)
    band.h = 40  # at hand size the name gets two lines
    pygame.draw.rect(surface, SIDE_COLOUR[side], band, border_top_left_radius=6, border_top_right_radius=6)
    lines, size, step = hand_card_lines(card_name(card["name"]), rect.w - 8)
    for k, line in enumerate(lines):
        blit_text(surface, line, (rect.centerx, band.centery + (k - (len(lines) - 1) / 2) * step), size=size,
                  colour=PAPER, bold=True, anchor="center")
    band.bottom -= 8
    blit_text(surface, _("PRIORITY"), (rect.centerx, band.bottom + 8), size=12, colour=FADED, bold=True, anchor="midtop")
    blit_text(surface, str(card["priority"]), (rect.centerx, band.bottom + 20), size=30, bold=True, anchor="midtop")
    pygame.draw.line(surface, PAPER_SHADE, (rect.x + 10, band.bottom + 58), (rect.right - 10, band.bottom + 58))
    blit_text(surface, _("{ap} AP").format(ap=card["ap"]), (rect.centerx, band.bottom + 64), size=24, bold=True, anchor="midtop")
    blit_text(surface, fit_text(_("pool this stage"), 12, rect.w - 6), (rect.centerx, band.bottom + 92), size=12, colour=FADED, anchor="midtop")


def bar_card_lines(name: str, width: int) -> tuple[list[str], int]:
    """A planning card's name for the stage bar, and its type size: whole words on up to three
    lines of `width` px (English names take two; "Spotkanie w lokalu konspiracyjnym" three), in
    12 pt or smaller down to 9 when a word is wider than the card; cut with "..." past that."""
    for size in (12, 11, 10, 9):
        font = fonts.typewriter(size, True)
        lines = draw.wrap(name, font, width)
        if len(lines) <= 3 and all(font.size(word)[0] <= width for word in name.split()):
            return lines, size
    if len(lines) > 3:
        lines = [*lines[:2], " ".join(lines[2:])]
    return [fit_text(line, size, width, True) for line in lines], size


def hand_card_lines(name: str, width: int) -> tuple[list[str], int, int]:
    """A planning card's name in the 40 px band of a hand-size card: its lines, type size and line
    step. Two lines of 13 pt (or 12) when they fit, else up to three of 11 pt or smaller (a long
    word such as the Dutch "Patrouilleronde" whole): the Polish "Spotkanie w lokalu
    konspiracyjnym" lost its third line here. Past that, lines are cut with "..."."""
    for size in (13, 12):
        font = fonts.typewriter(size, True)
        lines = draw.wrap(name, font, width)
        if len(lines) <= 2 and all(font.size(word)[0] <= width for word in name.split()):
            return lines, size, 15
    for size in (11, 10, 9):
        font = fonts.typewriter(size, True)
        lines = draw.wrap(name, font, width)
        if len(lines) <= 3 and all(font.size(word)[0] <= width for word in name.split()):
            return lines, size, size + 1
    if len(lines) > 3:
        lines = [*lines[:2], " ".join(lines[2:])]
    return [fit_text(line, 9, width, True) for line in lines], 9, 10


# ----- dice --------------------------------------------------------------------------------------
PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)], 4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
        5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)], 6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


def die(surface, center, size: int, value: int, angle: float = 0.0) -> None:
    img = _die_image(size, value)
    if angle:
        img = pygame.transform.rotate(img, angle)
    surface.blit(img, img.get_rect(center=center))


@lru_cache(maxsize=32)
def _die_image(size: int, value: int) -> pygame.Surface:
    img = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(img, PAPER, img.get_rect(), border_radius=size // 6)
    pygame.draw.rect(img, INK, img.get_rect(), 2, border_radius=size // 6)
    step = size * 0.26
    for dx, dy in PIPS.get(value, []):
        pygame.draw.circle(img, STAMP_RED if value == 1 else INK, (size / 2 + dx * step, size / 2 + dy * step),
                           max(2, size // 10))
    return img


# ----- investigation track -------------------------------------------------------------------------
def track(surface, rect, colour_name: str, value: int) -> None:
    """One 0-10 track: the five ranges shaded (K5), the marker on the value."""
    rect = pygame.Rect(rect)
    marker(surface, colour_name, (rect.x + 9, rect.centery), 7)
    x0 = rect.x + 22
    cell = (rect.w - 22) / 11
    for lo, hi, _ in RANGES:
        tint = RANGE_TINTS[RANGES.index((lo, hi, _))]
        r = pygame.Rect(round(x0 + lo * cell), rect.y, round((hi - lo + 1) * cell), rect.h)
        pygame.draw.rect(surface, tint, r)
    for i in range(12):
        x = round(x0 + i * cell)
        pygame.draw.line(surface, PAPER_SHADE if i not in (0, 3, 6, 8, 10, 11) else INK, (x, rect.y), (x, rect.bottom))
    pygame.draw.rect(surface, INK, (x0, rect.y, round(11 * cell), rect.h), 1)
    cx = round(x0 + (value + 0.5) * cell)
    pygame.draw.circle(surface, INK, (cx, rect.centery), rect.h // 2 - 1)
    blit_text(surface, str(value), (cx, rect.centery), size=12, colour=PAPER, bold=True, anchor="center")


# ----- the agent document ---------------------------------------------------------------------------
def document(surface, rect, agent: dict) -> None:
    """The agent's document: rank, function, AP limit, defence, alertness, the three thresholds, trait."""
    rect = pygame.Rect(rect)
    d = agent["document"]
    draw.shadow(surface, rect, offset=6, alpha=110)
    surface.blit(draw.paper_texture(rect.size, PAPER, 41), rect)
    pygame.draw.rect(surface, INK, rect, 2)
    band = pygame.Rect(rect.x, rect.y, rect.w, 34)
    pygame.draw.rect(surface, SIDE_COLOUR[agent["side"]], band)
    marker(surface, agent["colour"], (band.x + 20, band.centery), 10)
    label = f"{side_name(agent['side']).upper()} / {colour_name(agent['colour']).upper()}"
    label_rect = blit_text(surface, label, (band.right - 8, band.centery), size=12, colour=PAPER, bold=True,
                           anchor="midright")
    room = label_rect.x - 12 - (band.x + 38)  # the name is shortened before it reaches the side label
    blit_text(surface, fit_text(agent_name(agent["name"]).upper(), 18, room, True), (band.x + 38, band.centery), size=18,
              colour=PAPER, bold=True, anchor="midleft")
    y = band.bottom + 8
    title = (pgettext("document title", d["title"]) if d["title"] != agent["name"]
             else _("{name}, {function}").format(name=agent_name(agent["name"]), function=function_name(d["function"])))
    draw.text_block(surface, title, (rect.x + 12, y, rect.w - 24, 40), size=14, bold=True, line_gap=0)
    y += 40
    stats = zip(STAT_WORDS, (d["rank"], d["ap_limit"], d["defence"], d["alertness"]))
    w = (rect.w - 24) // 4
    for i, (name, value) in enumerate(stats):
        x = rect.x + 12 + i * w
        blit_text(surface, fit_text(_(name), 12, w - 4, True), (x + w // 2, y), size=12, colour=FADED, bold=True, anchor="midtop")
        blit_text(surface, str(value), (x + w // 2, y + 14), size=24, bold=True, anchor="midtop")
    y += 52
    blit_text(surface, _("Function: {function}").format(function=function_name(d["function"])), (rect.x + 12, y),
              size=13)
    y += 22
    blit_text(surface, _("AN ENEMY MUST ROLL"), (rect.x + 12, y), size=12, colour=FADED, bold=True)
    y += 16
    c = d["conversation"]
    for i, (name, value) in enumerate((("single", c["single"]), ("double", c["double"]), ("secret", c["secret"]))):
        box = pygame.Rect(rect.x + 12 + i * ((rect.w - 24) // 3), y, (rect.w - 24) // 3 - 6, 38)
        pygame.draw.rect(surface, STAMP_RED if name == "secret" else INK, box, 1, border_radius=3)
        blit_text(surface, fit_text(_(THRESHOLD_WORDS[name]), 12, box.w - 4, True), (box.centerx, box.y + 3), size=12, colour=FADED, bold=True, anchor="midtop")
        blit_text(surface, f"{value}+", (box.centerx, box.bottom - 2), size=18, bold=True, anchor="midbottom",
                  colour=STAMP_RED if name == "secret" else INK)
    y += 46
    blit_text(surface, _("TRAIT"), (rect.x + 12, y), size=12, colour=FADED, bold=True)
    draw.text_block(surface, _(d["trait"]) if d["trait"] else "-", (rect.x + 12, y + 16, rect.w - 24, rect.bottom - y - 20), size=13,
                    line_gap=1)


CAR_BLACK = (24, 24, 26)


def black_audi(surface, rect, *, carrying: bool = False, active: bool = False) -> pygame.Rect:
    """Top Secret's Black Audi, the same piece on the table and in the reference: a black car with its name, a red
    rim while it drives, a red lamp on the roof once Dr Pulkowski is aboard."""
    rect = pygame.Rect(rect)
    pygame.draw.rect(surface, CAR_BLACK, rect, border_radius=5)
    pygame.draw.rect(surface, STAMP_RED if active else PAPER, rect, 2, border_radius=5)
    for wx in (rect.x + 5, rect.right - 5):
        pygame.draw.circle(surface, INK, (wx, rect.bottom), 3)
    blit_text(surface, pgettext("the Black Audi's name on its piece", "AUDI"), rect.center, size=12, bold=True,
              colour=PAPER, anchor="center")
    if carrying:
        pygame.draw.circle(surface, STAMP_RED, (rect.centerx, rect.y - 2), 4)
    return rect
