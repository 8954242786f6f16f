"""Operation Barclay pieces drawn in code: cards (faces, backs, zoom), intelligence tokens,
evidence tokens, assessment tokens and the small icons (x3 / x2, binoculars, dagger, cancels).

Everything is cached by its arguments, so a frame costs blits only. Sector colours always
come with their pattern (ART.md), so nothing depends on colour vision."""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from ...ui import draw, fonts
from ...ui.palette import ALLIED, AXIS, BRASS, FADED, INK, MANILA, MANILA_DARK, PAPER, PAPER_SHADE, STAMP_RED, hex_rgb

SECTOR_RGB = {
    "pink": hex_rgb("#D98BA8"),
    "red": hex_rgb("#B8403A"),
    "blue": hex_rgb("#3A6FB0"),
    "green": hex_rgb("#4C8C55"),
    "purple": hex_rgb("#7A549B"),
    "black": hex_rgb("#1B1B1B"),
    "leak": hex_rgb("#8A6A2E"),  # a leak card's extra flip (B14): brass, with a keyhole
}
PATTERN_NAMES = {"pink": "dots", "red": "stripes", "blue": "bars", "green": "crosshatch", "purple": "waves"}
RADAR_GREEN = hex_rgb("#3F7D46")
RADAR_RED = hex_rgb("#A3262A")
SUNSET = hex_rgb("#C7783A")
TABLE = (96, 136)
SMALL = (80, 112)
MINI = (64, 90)
DETAILED_BAND = 34
ZOOM = (320, 480)  # the longest rule text and its flavour fit whole
EFFECT_LABELS = {
    "spy": "ACTIVE AGENT",
    "double_agent": "DOUBLE AGENT",
    "dc_look": "DOUBLE-CROSS LOOK",
    "peek_hand": "HAND PEEK",
    "recover": "RECOVERY",
    "ultra": "ULTRA",
}


def mix(a, b, t):
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))


# ----- patterns and icons ---------------------------------------------------------------
def fill_pattern(surface: pygame.Surface, rect, colour: str, *, light: bool = False) -> None:
    """Fill rect with a sector colour and its pattern (dots, stripes, bars, crosshatch, waves, star)."""
    rect = pygame.Rect(rect)
    base = SECTOR_RGB[colour]
    bg = mix(PAPER, base, 0.3) if light else base
    fg = mix(PAPER, base, 0.65) if light else mix(base, (255, 255, 255), 0.4)
    surface.fill(bg, rect)
    old = surface.get_clip()
    surface.set_clip(rect.clip(old) if old else rect)
    step = 8
    if colour == "pink":
        for y in range(rect.y + 3, rect.bottom + step, step):
            off = 0 if ((y - rect.y) // step) % 2 == 0 else step // 2
            for x in range(rect.x + 3 + off, rect.right + step, step):
                pygame.draw.circle(surface, fg, (x, y), 2)
    elif colour == "red":
        for k in range(-rect.h, rect.w + rect.h, step):
            pygame.draw.line(surface, fg, (rect.x + k, rect.bottom), (rect.x + k + rect.h, rect.y), 2)
    elif colour == "blue":
        for y in range(rect.y + 3, rect.bottom, step):
            pygame.draw.rect(surface, fg, (rect.x, y, rect.w, 2))
    elif colour == "green":
        for k in range(-rect.h, rect.w + rect.h, step):
            pygame.draw.line(surface, fg, (rect.x + k, rect.bottom), (rect.x + k + rect.h, rect.y), 1)
            pygame.draw.line(surface, fg, (rect.x + k, rect.y), (rect.x + k + rect.h, rect.bottom), 1)
    elif colour == "purple":
        for y in range(rect.y + 4, rect.bottom + 4, step):
            pts = [(x, y + round(2 * math.sin((x - rect.x) / 16 * 2 * math.pi))) for x in range(rect.x, rect.right + 1, 2)]
            if len(pts) > 1:
                pygame.draw.lines(surface, fg, False, pts, 1)
    elif colour == "black":
        star(surface, rect.center, min(rect.w, rect.h) * 0.35, (245, 245, 245))
    elif colour == "leak":
        keyhole(surface, rect.center, min(rect.w, rect.h) * 0.16, (245, 245, 245))
    surface.set_clip(old)


def keyhole(surface, centre, r: float, colour) -> None:
    cx, cy = centre
    pygame.draw.circle(surface, colour, (round(cx), round(cy - r * 0.6)), max(2, round(r)))
    pygame.draw.polygon(surface, colour, [(cx - r * 0.5, cy - r * 0.4), (cx + r * 0.5, cy - r * 0.4),
                                          (cx + r * 0.9, cy + r * 2.0), (cx - r * 0.9, cy + r * 2.0)])


def star(surface, centre, r: float, colour) -> None:
    cx, cy = centre
    pts = []
    for i in range(10):
        rad = r if i % 2 == 0 else r * 0.42
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    pygame.draw.polygon(surface, colour, pts)


def binoculars(surface, rect, colour=INK) -> None:
    rect = pygame.Rect(rect)
    r = max(2, rect.w // 4)
    y = rect.centery + r // 3
    pygame.draw.circle(surface, colour, (rect.x + r + 1, y), r, max(1, r // 2))
    pygame.draw.circle(surface, colour, (rect.right - r - 1, y), r, max(1, r // 2))
    pygame.draw.rect(surface, colour, (rect.centerx - r // 2, y - r, r, r))
    pygame.draw.rect(surface, colour, (rect.x + r // 2, rect.y + 1, r, r))
    pygame.draw.rect(surface, colour, (rect.right - r - r // 2, rect.y + 1, r, r))


def dagger(surface, rect, colour=INK) -> None:
    rect = pygame.Rect(rect)
    cx = rect.centerx
    w = max(2, rect.w // 6)
    blade_top, guard = rect.y, rect.y + rect.h * 0.62
    pygame.draw.polygon(surface, colour, [(cx, blade_top), (cx + w, rect.y + rect.h * 0.2), (cx + w, guard),
                                          (cx - w, guard), (cx - w, rect.y + rect.h * 0.2)])
    pygame.draw.line(surface, colour, (rect.x + 2, guard), (rect.right - 2, guard), max(2, rect.h // 10))
    pygame.draw.rect(surface, colour, (cx - w + 1, guard, 2 * w - 2, rect.bottom - guard))


def icon(surface, kind: str, rect, colour=INK) -> None:
    """kind: recon, raid, cancel_recon, cancel_raid (the cancel icons are struck through)."""
    rect = pygame.Rect(rect)
    if kind in ("recon", "cancel_recon"):
        binoculars(surface, rect, colour)
    else:
        dagger(surface, rect, colour)
    if kind.startswith("cancel"):
        pygame.draw.line(surface, STAMP_RED, rect.bottomleft, rect.topright, max(2, rect.w // 7))
        pygame.draw.circle(surface, STAMP_RED, rect.center, rect.w // 2 + 2, max(1, rect.w // 10))


def card_icons(card) -> list[str]:
    return ["recon"] * card.recon + ["raid"] * card.raid + (["cancel_recon"] if card.cancel_recon else []) + (
        ["cancel_raid"] if card.cancel_raid else [])


def step_stamp(surface, text: str, pos, size: int) -> pygame.Rect:
    font = fonts.typewriter(size, bold=True)
    label = font.render(text, True, STAMP_RED if text == "x3" else ALLIED)
    rect = label.get_rect(topleft=pos).inflate(6, 2)
    pygame.draw.rect(surface, STAMP_RED if text == "x3" else ALLIED, rect, 1, border_radius=3)
    surface.blit(label, label.get_rect(center=rect.center))
    return rect


# ----- cards -------------------------------------------------------------------------------
def value_text(card) -> str:
    if not card.values:
        return ""
    return "/".join(str(v) for v in card.values)


def _band(surface, rect, colours) -> None:
    if not colours:
        surface.fill(INK, rect)
        return
    w = rect.w // len(colours)
    for i, c in enumerate(colours):
        part = pygame.Rect(rect.x + i * w, rect.y, w if i < len(colours) - 1 else rect.w - i * w, rect.h)
        fill_pattern(surface, part, c)


@lru_cache(maxsize=512)
def card_face(card, size: tuple[int, int] = TABLE, fixed: tuple | None = None) -> pygame.Surface:
    """A card's face at any size; at zoom size it carries the full text and flavour.
    `fixed` = (value, colour) once the owner fixed a multi-value / multi-colour card."""
    w, h = size
    k = h / 136
    surf = pygame.Surface(size, pygame.SRCALPHA)
    radius = max(4, round(7 * k))
    body = pygame.Rect(0, 0, w, h)
    pygame.draw.rect(surf, PAPER, body, border_radius=radius)
    surf.blit(draw.paper_texture(size, PAPER, seed=draw.stable_seed(card.id)), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    colours = (fixed[1],) if fixed and fixed[1] else card.colours
    detailed = w >= 200
    band = pygame.Rect(0, 0, w, round(22 * k) if not detailed else DETAILED_BAND)
    _band(surf, band, colours)
    _round_top_mask(surf, radius)
    if card.deck != "channels":
        side = ALLIED if card.deck == "lcs" else AXIS
        pygame.draw.rect(surf, side, (0, band.bottom, min(6, round(5 * k)), h - band.bottom - radius))
    vtext = str(fixed[0]) if fixed and fixed[0] is not None else value_text(card)
    _corner_values(surf, vtext, k if not detailed else 1.7, w, h, band.bottom)
    y = _name(surf, card, k, w, band.bottom, detailed)
    _foot(surf, card, k, w, h, detailed)
    if detailed:
        _full_text(surf, card, w, h, y)
    pygame.draw.rect(surf, FADED, body, 1, border_radius=radius)
    return surf


def _round_top_mask(surf, radius) -> None:
    """Re-cut the rounded top corners after the band fill."""
    w = surf.get_width()
    for cx in (radius, w - radius - 1):
        for y in range(radius):
            for x in range(radius):
                px = cx - radius + x if cx == radius else cx + x + 1
                dx = (radius - x - 0.5) if cx == radius else (x + 0.5)
                dy = radius - y - 0.5
                if dx * dx + dy * dy > radius * radius and 0 <= px < w:
                    surf.set_at((px, y), (0, 0, 0, 0))


def _corner_values(surf, vtext, k, w, h, top) -> None:
    if not vtext:
        label = fonts.serif(max(14, round(20 * k)), bold=True).render("ULTRA", True, STAMP_RED)
        surf.blit(label, label.get_rect(center=(w // 2, top + round(22 * k))))
        return
    size = round((24 if len(vtext) <= 2 else 15 if len(vtext) <= 5 else 13) * k)
    font = fonts.typewriter(max(12, size), bold=True)
    img = font.render(vtext, True, INK)
    surf.blit(img, (round(6 * k), top + round(1 * k)))
    # upright in the lower corner too: on a screen an upside-down 6 reads as a 9
    surf.blit(img, img.get_rect(bottomright=(w - round(6 * k), h - round(2 * k))))


def _name(surf, card, k, w, top, detailed) -> int:
    h = surf.get_height()
    name = card.name
    if card.deck == "channels" and not detailed:
        name = "Double Agent" if card.effect == "double_agent" else "Spy" if card.effect == "spy" else ""
    if detailed:
        font, lines, step, y = detailed_name(name, w, k, top)
    elif name and k >= 0.7:
        font, lines, step, y = name_layout(name, w, h, k, top, bool(card.values))
    else:
        return top
    for line in lines:
        img = font.render(line, True, INK)
        surf.blit(img, img.get_rect(midtop=(w // 2, y)))
        y += step
    return y


def detailed_name(name: str, w: int, k: float, top: int):
    """(font, lines, line step, first line's y) of a zoomed card's name."""
    font = fonts.typewriter(20, bold=True)
    return font, name_lines(name, font, w - round(12 * k)), font.get_linesize() - 2, top + 46


def zoom_layout(card, size: tuple[int, int] = None) -> tuple[pygame.Rect, list[str], list[str]]:
    """The zoomed card's text box, rule text lines and flavour lines, as card_face lays them out."""
    w, h = size or ZOOM
    _font, lines, step, y = detailed_name(card.name, w, h / 136, DETAILED_BAND)
    return full_text_layout(card, w, h, y + len(lines) * step + 24)


def stamp_row_y(h: int, k: float) -> int:
    """The y of a small card's row of x3 / x2 stamps (and its LCS / ABW tag)."""
    return h - round(48 * k)


def name_box(w: int, h: int, k: float, top: int, valued: bool) -> pygame.Rect:
    """Where a small card's name may go: under the corner value (or the ULTRA label), above
    the row of x3 / x2 stamps, inside the side margins."""
    y0 = top + round((24 if valued else 34) * k)
    y1 = stamp_row_y(h, k) - 2  # a step stamp's box starts one pixel above its row
    return pygame.Rect(round(6 * k), y0, w - round(12 * k), max(0, y1 - y0))


def _name_fonts(k: float):
    """Typewriter first (the cards' face); then the narrower serif, still at least 12 px (ART.md)."""
    yield fonts.typewriter(max(12, round(11 * k)), bold=True), -2
    for size in (14, 13, 12):
        yield fonts.serif(size, bold=True), 0


def name_layout(name: str, w: int, h: int, k: float, top: int, valued: bool = True):
    """(font, lines, line step, first line's y) of a small card's name, fitted whole into
    `name_box`: words wrap at spaces, after "/" or "-"; a word too wide is hyphenated only if
    no face fits it whole; the type shrinks (never below 12 px) before anything is cut."""
    box = name_box(w, h, k, top, valued)
    tries = [(font, gap, hyphens) for hyphens in (False, True) for font, gap in _name_fonts(k)]
    for font, gap, hyphens in tries:
        lines = name_lines(name, font, box.w, hyphens=hyphens)
        if lines is None:
            continue
        step = font.get_linesize() + gap
        block = (len(lines) - 1) * step + font.get_height()
        if block <= box.h and all(font.size(x)[0] <= box.w for x in lines):
            return font, lines, step, box.y + (box.h - block) // 2
    font = fonts.serif(12, bold=True)  # nothing fits whole: as much as fits, never over the stamps
    lines = name_lines(name, font, box.w, hyphens=True) or [name]
    fit = max(1, (box.h - font.get_height()) // font.get_linesize() + 1)
    return font, lines[:fit], font.get_linesize(), box.y


def name_lines(name: str, font, width: int, *, hyphens: bool = True) -> list[str] | None:
    """A name in whole words per line, breaking after "/" or "-" inside a word (never elsewhere
    mid-word); a word still too wide is hyphenated between syllables, or None if `hyphens` is off."""
    words: list[str] = []
    for word in name.split():
        while font.size(word)[0] > width:
            cut = _joint(word, font, width) or (_hyphen(word, font, width) if hyphens else 0)
            if not cut:
                if hyphens:
                    break
                return None
            piece = word[:cut]
            words.append(piece if piece[-1] in "/-" else piece + "-")
            word = word[cut:]
        words.append(word)
    lines: list[str] = []
    for word in words:
        trial = f"{lines[-1]} {word}" if lines and not lines[-1].endswith(("/", "-")) else None
        if lines and lines[-1].endswith(("/", "-")) and font.size(lines[-1] + word)[0] <= width:
            lines[-1] += word
        elif trial is not None and font.size(trial)[0] <= width:
            lines[-1] = trial
        else:
            lines.append(word)
    return lines


def _joint(word: str, font, width: int) -> int:
    """The longest head of `word` ending in "/" or "-" that fits `width` (0: none)."""
    for i in range(len(word) - 1, 0, -1):
        if word[i - 1] in "/-" and font.size(word[:i])[0] <= width:
            return i
    return 0


VOWELS = set("aeiouyäöüAEIOUY")


def _hyphen(word: str, font, width: int) -> int:
    """Where to hyphenate a word too wide for `width`: the longest head (3+ letters, leaving 3+)
    that fits with its "-", preferring a break between two consonants or before a consonant
    that starts a syllable ("Branden-burgers", "Feld-polizei")."""
    fits = [i for i in range(3, len(word) - 2) if font.size(word[:i] + "-")[0] <= width]
    good = [i for i in fits if word[i] not in VOWELS and (word[i - 1] not in VOWELS or word[i + 1] in VOWELS)]
    return (good or fits or [0])[-1]


def _foot(surf, card, k, w, h, detailed=False) -> None:
    """Play-step stamps and Recon / Raid / cancel icons along the lower part of the card."""
    y = stamp_row_y(h, k) if not detailed else h - 40
    stamps, icons = foot_layout(card, w, h, detailed)
    for (step, size), pos in stamps:
        step_stamp(surf, step, pos, size)
    for kind, rect in icons:
        icon(surf, kind, rect)
    if card.deck != "channels" and 72 <= w < 200:
        tag = "LCS" if card.deck == "lcs" else "ABW"
        img = fonts.typewriter(max(12, round(10 * k)), bold=True).render(tag, True, ALLIED if card.deck == "lcs" else AXIS)
        surf.blit(img, img.get_rect(topright=(w - round(6 * k), y)))


def foot_layout(card, w: int, h: int, detailed: bool = False):
    """((step, type size), position) of each x3 / x2 stamp and (icon kind, rect) of each icon. On a
    small card the icons go under the stamps' row, never into it (the stamps keep 12 px type)."""
    k = h / 136
    y = stamp_row_y(h, k) if not detailed else h - 40
    x = round(7 * k) if not detailed else 14
    size = max(12, round(11 * k)) if not detailed else 18
    stamps, bottom = [], y
    for step in card.steps:
        box = pygame.Rect((x, y), fonts.typewriter(size, bold=True).size(step)).inflate(6, 2)  # as step_stamp draws it
        stamps.append(((step, size), (x, y)))
        x, bottom = box.right + round(4 * k), box.bottom
    s = round(16 * k) if not detailed else 24
    ix = round(7 * k) if not detailed else x + 10
    iy = max(h - round(26 * k), bottom + 1) if not detailed else y
    icons = []
    for kind in card_icons(card):
        icons.append((kind, pygame.Rect(ix, iy, s, s)))
        ix += s + round(4 * k)
    return stamps, icons


def _full_text(surf, card, w, h, y) -> None:
    label = EFFECT_LABELS.get(card.effect or "", "")
    if card.effect == "replace":
        label = "DEFECTOR" if card.params.get("source") == "opponent_discard" else "REPLACEMENT"
    y += 2
    deck = {"channels": "Intelligence Channels", "lcs": "LCS deck", "abwehr": "Abwehr deck"}[card.deck]
    draw.text(surf, deck + (f" - {label.lower()}" if label else ""), (w // 2, y), size=12, colour=FADED, anchor="midtop")
    box, text, flavour = full_text_layout(card, w, h, y + 22)  # zoom_layout says the same
    font = fonts.typewriter(12)
    for i, line in enumerate(text + flavour):
        x = box.x if i < len(text) else box.x + 2
        gap = FLAVOUR_GAP if i >= len(text) else 0
        surf.blit(font.render(line, True, INK if i < len(text) else FADED), (x, box.y + i * font.get_linesize() + gap))


FLAVOUR_GAP = 6


def full_text_layout(card, w: int, h: int, y: int) -> tuple[pygame.Rect, list[str], list[str]]:
    """(the text's box, the rule text's lines, the flavour's lines) of a zoomed card: the rule text
    is always whole; the flavour is shown whole or, if it cannot fit under it, not at all."""
    font = fonts.typewriter(12)
    box = pygame.Rect(14, y, w - 28, h - 46 - y)
    text = draw.wrap(card.text, font, box.w)
    flavour = draw.wrap(card.flavour, font, box.w - 4) if card.flavour else []
    if (len(text) + len(flavour)) * font.get_linesize() + FLAVOUR_GAP > box.h:
        flavour = []
    return box, text, flavour


@lru_cache(maxsize=16)
def card_back(deck: str, size: tuple[int, int] = TABLE) -> pygame.Surface:
    """Manila backs with each deck's emblem: IC radio mast, Double-Cross XX, LCS / Abwehr roundels."""
    w, h = size
    k = h / 136
    surf = pygame.Surface(size, pygame.SRCALPHA)
    radius = max(4, round(7 * k))
    pygame.draw.rect(surf, MANILA, (0, 0, w, h), border_radius=radius)
    pygame.draw.rect(surf, MANILA_DARK, (0, 0, w, h), 1, border_radius=radius)
    pygame.draw.rect(surf, MANILA_DARK, pygame.Rect(0, 0, w, h).inflate(-round(10 * k), -round(10 * k)), 1,
                     border_radius=max(2, radius - 3))
    if w < 40:  # a tiny back (a hand count): plain manila, no emblem to smudge
        return surf
    c = (w // 2, h // 2 - round(6 * k))
    r = round(24 * k)
    accent = {"channels": INK, "dc": STAMP_RED, "lcs": ALLIED, "abwehr": AXIS}.get(deck, INK)
    pygame.draw.circle(surf, accent, c, r, max(2, round(3 * k)))
    mark = {"channels": "IC", "dc": "XX", "lcs": "LCS", "abwehr": "A"}.get(deck, "?")
    img = fonts.serif(max(12, round((22 if len(mark) < 3 else 16) * k)), bold=True).render(mark, True, accent)
    surf.blit(img, img.get_rect(center=c))
    for i in range(3):  # typed rule lines, like a file cover
        yy = c[1] + r + round((12 + 8 * i) * k)
        pygame.draw.line(surf, MANILA_DARK, (round(16 * k), yy), (w - round(16 * k), yy), 1)
    return surf


@lru_cache(maxsize=8)
def empty_spot(size: tuple[int, int], label: str = "") -> pygame.Surface:
    """A dashed outline where a card could lie."""
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    colour = (255, 255, 255, 60)
    for x in range(4, w - 4, 10):
        pygame.draw.line(surf, colour, (x, 1), (min(x + 5, w - 4), 1))
        pygame.draw.line(surf, colour, (x, h - 2), (min(x + 5, w - 4), h - 2))
    for y in range(4, h - 4, 10):
        pygame.draw.line(surf, colour, (1, y), (1, min(y + 5, h - 4)))
        pygame.draw.line(surf, colour, (w - 2, y), (w - 2, min(y + 5, h - 4)))
    if label:
        font = fonts.typewriter(12)
        yy = h // 2 - 8
        for line in draw.wrap(label, font, w - 8):
            img = font.render(line, True, (255, 255, 255, 110))
            surf.blit(img, img.get_rect(midtop=(w // 2, yy)))
            yy += font.get_linesize()
    return surf


@lru_cache(maxsize=8)
def blank_card(size: tuple[int, int] = SMALL) -> pygame.Surface:
    """B7: a card played as a blank (no value, colour, icons or effect)."""
    surf = card_back("channels", size).copy()
    draw.stamp(surf, "BLANK", (size[0] // 2, size[1] // 2), size=max(14, size[0] // 6), angle=-20)
    return surf


@lru_cache(maxsize=16)
def card_shadow(size: tuple[int, int], alpha: int = 70) -> pygame.Surface:
    """A soft card shadow made once per size (blitted offset under the card)."""
    w, h = size
    surf = pygame.Surface((w + 8, h + 8), pygame.SRCALPHA)
    pygame.draw.rect(surf, (0, 0, 0, alpha // 2), surf.get_rect(), border_radius=10)
    pygame.draw.rect(surf, (0, 0, 0, alpha), surf.get_rect().inflate(-6, -6), border_radius=6)
    return surf


# ----- tokens ------------------------------------------------------------------------------
def _chit(surf, centre, r, fill, *, octagon: bool = False) -> None:
    """A round (or octagonal) cardboard chit with a bevel and a shadow."""
    cx, cy = centre

    def shape(rad, dx=0, dy=0):
        if octagon:
            return [(cx + dx + rad * math.cos(math.pi / 8 + i * math.pi / 4), cy + dy + rad * math.sin(math.pi / 8 + i * math.pi / 4))
                    for i in range(8)]
        return None

    if octagon:
        pygame.draw.polygon(surf, (0, 0, 0, 90), shape(r, 2, 3))
        pygame.draw.polygon(surf, mix(fill, (0, 0, 0), 0.3), shape(r))
        pygame.draw.polygon(surf, fill, shape(r - 2))
        pygame.draw.polygon(surf, mix(fill, (255, 255, 255), 0.25), shape(r - 2), 1)
    else:
        pygame.draw.circle(surf, (0, 0, 0, 90), (cx + 2, cy + 3), r)
        pygame.draw.circle(surf, mix(fill, (0, 0, 0), 0.3), (cx, cy), r)
        pygame.draw.circle(surf, fill, (cx, cy), r - 2)
        pygame.draw.circle(surf, mix(fill, (255, 255, 255), 0.25), (cx - 1, cy - 1), r - 3, 1)


@lru_cache(maxsize=16)
def intel_token(face: str | None, d: int = 44) -> pygame.Surface:
    """face None: the neutral 'sunset' back; 'green': round chit with a radar dish sweeping;
    'red': octagonal chit with a struck-out radar (a different outline, not just a colour)."""
    surf = pygame.Surface((d + 4, d + 4), pygame.SRCALPHA)
    c = (d // 2, d // 2)
    r = d // 2
    if face is None:
        _chit(surf, c, r, PAPER_SHADE)
        pygame.draw.circle(surf, SUNSET, (c[0], c[1] + r // 4), r // 2, draw_top_right=True, draw_top_left=True)
        for i in range(7):
            a = math.pi + i * math.pi / 6
            x1, y1 = c[0] + (r * 0.62) * math.cos(a), c[1] + r // 4 + (r * 0.62) * math.sin(a)
            x2, y2 = c[0] + (r * 0.8) * math.cos(a), c[1] + r // 4 + (r * 0.8) * math.sin(a)
            pygame.draw.line(surf, SUNSET, (x1, y1), (x2, y2), 2)
        pygame.draw.line(surf, mix(SUNSET, INK, 0.4), (c[0] - r * 0.7, c[1] + r // 4), (c[0] + r * 0.7, c[1] + r // 4), 2)
        return surf
    if face == "green":
        _chit(surf, c, r, RADAR_GREEN)
        ink = (236, 244, 232)
        for rr in (r * 0.25, r * 0.5, r * 0.72):
            pygame.draw.circle(surf, ink, c, int(rr), 1)
        pygame.draw.line(surf, ink, c, (c[0] + r * 0.6, c[1] - r * 0.45), 3)
        pygame.draw.circle(surf, ink, (int(c[0] + r * 0.32), int(c[1] + r * 0.1)), 3)
        return surf
    _chit(surf, c, r, RADAR_RED, octagon=True)
    ink = (246, 228, 222)
    pygame.draw.arc(surf, ink, (c[0] - r * 0.5, c[1] - r * 0.6, r, r), math.pi * 1.1, math.pi * 1.9, 3)
    pygame.draw.line(surf, ink, (c[0], c[1] - r * 0.1), (c[0], c[1] + r * 0.45), 3)
    pygame.draw.line(surf, ink, (c[0] - r * 0.5, c[1] + r * 0.5), (c[0] + r * 0.5, c[1] - r * 0.5), 3)
    return surf


@lru_cache(maxsize=16)
def evidence_token(colour: str, d: int = 36) -> pygame.Surface:
    surf = pygame.Surface((d + 4, d + 4), pygame.SRCALPHA)
    r = d // 2
    c = (r, r)
    _chit(surf, c, r, SECTOR_RGB[colour])
    inner = pygame.Surface((d, d), pygame.SRCALPHA)
    fill_pattern(inner, (0, 0, d, d), colour)
    mask = pygame.Surface((d, d), pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), c, r - 3)
    inner.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(inner, (0, 0))
    pygame.draw.circle(surf, mix(SECTOR_RGB[colour], (0, 0, 0), 0.35), c, r - 2, 1)
    return surf


@lru_cache(maxsize=8)
def bet_token(bet: str | None, d: int = 52) -> pygame.Surface:
    """An Intelligence Assessment token: face-down (brass, '?') or showing the side bet on."""
    surf = pygame.Surface((d + 4, d + 4), pygame.SRCALPHA)
    r = d // 2
    c = (r, r)
    if bet in (None, "hidden"):
        _chit(surf, c, r, BRASS)
        img = fonts.serif(max(14, d // 2), bold=True).render("?", True, INK)
        surf.blit(img, img.get_rect(center=c))
        return surf
    fill = AXIS if bet == "abwehr" else ALLIED
    _chit(surf, c, r, fill)
    font = fonts.typewriter(max(12, d // 4), bold=True)
    for text_, dy in (("ABW" if bet == "abwehr" else "LCS", -d // 8), ("BEST", d // 6)):
        img = font.render(text_, True, PAPER)
        surf.blit(img, img.get_rect(center=(c[0], c[1] + dy)))
    return surf
