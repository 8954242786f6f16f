"""Stawka's ADVANCED cards drawn by code: location cards, reaction cards and their backs.

Pure drawing from the card dicts the view gives (location_cards.card_view, reaction_cards.card_view);
none of these functions knows the rules. Designed at hand size (about 150x210) and readable larger
in the reference: every size below is the hand-size value scaled by the card's width.

Card texts are the data files' templates ("Gain {amount} evidence ..."), looked up through the
translation layer and filled from the card's params, the way threat tokens' texts are drawn."""

from __future__ import annotations

from functools import lru_cache

import pygame

from ...i18n import N_, _, translate
from ...rules.core.message import Message
from ...rules.stawka import content
from ...ui import draw, fonts
from ...ui.cards import pattern_fill
from ...ui.palette import BRASS, FADED, INK, MANILA, MANILA_DARK, PAPER, PAPER_SHADE, STAMP_RED, hex_rgb
from . import pieces as P

HAND_W = 150  # the width the sizes below are drawn for
RADIUS = 8
# Reaction colours (ART.md's sector colours, with their patterns, so no one needs colour vision)
REACTION_COLOUR = {
    "red": (hex_rgb("#B8403A"), "diagonal"),
    "purple": (hex_rgb("#7A549B"), "waves"),
    "yellow": (hex_rgb("#D9B23A"), "dots"),
}
TRIGGER_WORDS = {"movement": N_("MOVEMENT"), "search": N_("SEARCH"), "conversation": N_("CONVERSATION")}
SIDE_WORDS = {"polish": N_("POLISH"), "german": N_("GERMAN")}  # a half's or a deck's label, in capitals
# words a card's params name (room 217's "needs"): looked up like the card's own text
PARAM_WORDS = (N_("a Top Secret card"), N_("a valuable item"))
BACK_KINDS = ("location_polish", "location_german", "reaction")


# ----- texts: the data's templates through the catalogue -----------------------------------------
@lru_cache(maxsize=None)
def _templates(file: str, section: str) -> dict:
    """key -> template text of a card data file's catalogue (its "actions" or "effects")."""
    import json

    data = json.loads(content.data_file(file).read_text(encoding="utf-8"))
    return {key: entry.get("text", "") for key, entry in data.get(section, {}).items()}


def effect_message(effect: dict, file: str, section: str) -> Message:
    """A card effect ({key, params, text}) as a Message: its template, so the translation applies,
    filled from its params; word params are Messages too. The filled English text if the key is unknown."""
    template = _templates(file, section).get(effect.get("key"))
    if not template:
        return Message(effect.get("text", ""))
    params = {k: Message(v) if isinstance(v, str) else v for k, v in (effect.get("params") or {}).items()}
    return Message(template, params=params)


def location_text(card: dict) -> str:
    return translate(effect_message(card["action"], "location_cards.json", "actions"))


def reaction_text(card: dict, side: str) -> str:
    return translate(effect_message(card[side], "reaction_cards.json", "effects"))


# ----- paper, type and small icons ------------------------------------------------------------------
def _scale(rect: pygame.Rect) -> float:
    return rect.w / HAND_W


def _px(value: float, s: float, least: int = 1) -> int:
    return max(least, round(value * s))


@lru_cache(maxsize=64)
def _rounded_paper(size: tuple[int, int], tint: tuple[int, int, int], seed: int, radius: int) -> pygame.Surface:
    """The paper texture cut to a rounded card (a plain blit leaves square corners on the felt)."""
    img = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(img, (255, 255, 255, 255), img.get_rect(), border_radius=radius)
    img.blit(draw.paper_texture(size, tint, seed), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return img


def _blank(surface, rect: pygame.Rect, tint, seed: int) -> None:
    draw.shadow(surface, rect, offset=3, alpha=90, radius=RADIUS)
    surface.blit(_rounded_paper(rect.size, tint, seed, RADIUS), rect)


def _dim(surface, rect: pygame.Rect) -> None:
    """A card that cannot be used now: greyed, still readable."""
    veil = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(veil, (60, 56, 50, 120), veil.get_rect(), border_radius=RADIUS)
    surface.blit(veil, rect)


def fitted_lines(text: str, width: int, height: int, size: int, smallest: int, bold: bool = False,
                 keep_words: int = 2):
    """(size, lines) of `text` wrapped to `width`: the largest size from `size` down to `smallest` whose
    lines fit `height`, preferring one at most `keep_words` px smaller where no word has to be split
    ("OFFICIERSWONINGEN" whole on a line rather than cut); at the smallest the last line that fits ends
    in "..." (never spills)."""
    for whole_words in (True, False):
        sizes = range(size, max(smallest, size - keep_words) - 1 if whole_words else smallest - 1, -1)
        for s in sizes:
            font = fonts.typewriter(s, bold)
            if whole_words and any(font.size(word)[0] > width for word in text.split()):
                continue
            lines = draw.wrap(text, font, width)
            if len(lines) * font.get_linesize() <= height:
                return s, lines
    font = fonts.typewriter(smallest, bold)
    lines = draw.wrap(text, font, width)
    keep = max(1, height // font.get_linesize())
    if len(lines) > keep:
        lines = lines[:keep]
        lines[-1] = draw.fit_line(lines[-1] + "...", font, width)
    return smallest, lines


def _lines(surface, lines, topleft, size: int, *, colour=INK, bold: bool = False, serif: bool = False,
           centre_x: int | None = None) -> int:
    """Blits wrapped lines; returns the y under the last."""
    x, y = topleft
    step = (fonts.serif(size, bold) if serif else fonts.typewriter(size, bold)).get_linesize()
    for line in lines:
        if centre_x is None:
            P.blit_text(surface, line, (x, y), size=size, colour=colour, bold=bold, serif=serif)
        else:
            P.blit_text(surface, line, (centre_x, y), size=size, colour=colour, bold=bold, serif=serif,
                        anchor="midtop")
        y += step
    return y


def hideout_icon(surface, center, r: int, colour=INK) -> None:
    """A little house with a dark doorway: the rulebook's hideout symbol."""
    x, y = center
    roof = [(x - r, y - r // 5), (x, y - r), (x + r, y - r // 5)]
    body = pygame.Rect(x - r * 3 // 4, y - r // 5, r * 3 // 2, r)
    pygame.draw.rect(surface, PAPER, body)
    pygame.draw.rect(surface, colour, body, max(1, r // 6))
    pygame.draw.polygon(surface, colour, roof)
    door = pygame.Rect(0, 0, max(3, r // 2), max(4, r * 3 // 5))
    door.midbottom = body.midbottom
    pygame.draw.rect(surface, colour, door)


def block_icon(surface, center, r: int) -> None:
    """The block symbol: a stop disc (red ring and bar on paper), read without colour by its bar."""
    pygame.draw.circle(surface, PAPER, center, r)
    pygame.draw.circle(surface, STAMP_RED, center, r, max(2, r // 4))
    bar = pygame.Rect(0, 0, r * 5 // 4, max(3, r // 3))
    bar.center = center
    pygame.draw.rect(surface, STAMP_RED, bar)
    pygame.draw.circle(surface, INK, center, r, 1)


def trigger_icon(surface, trigger: str, center, r: int, colour=INK) -> None:
    """Movement: an arrow with speed lines; search: a magnifying glass; conversation: a speech bubble."""
    x, y = center
    w = max(2, r // 4)
    if trigger == "movement":
        pts = [(x - r * 0.3, y - r * 0.35), (x + r * 0.2, y - r * 0.35), (x + r * 0.2, y - r * 0.7), (x + r * 0.9, y),
               (x + r * 0.2, y + r * 0.7), (x + r * 0.2, y + r * 0.35), (x - r * 0.3, y + r * 0.35)]
        pygame.draw.polygon(surface, colour, pts)
        for k, dy in enumerate((-0.35, 0.0, 0.35)):
            x0 = x - r * (0.95 if k != 1 else 1.0)
            pygame.draw.line(surface, colour, (x0, y + dy * r), (x - r * 0.5, y + dy * r), max(1, w // 2 + 1))
    elif trigger == "search":
        lens = (round(x - r * 0.2), round(y - r * 0.2))
        pygame.draw.circle(surface, colour, lens, round(r * 0.55), w)
        pygame.draw.line(surface, colour, (x + r * 0.2, y + r * 0.2), (x + r * 0.85, y + r * 0.85), w + 1)
    else:
        bubble = pygame.Rect(0, 0, round(r * 1.8), round(r * 1.25))
        bubble.center = (x, round(y - r * 0.12))
        tail = [(bubble.x + bubble.w * 0.25, bubble.bottom - 2), (bubble.x + bubble.w * 0.12, bubble.bottom + r * 0.45),
                (bubble.x + bubble.w * 0.5, bubble.bottom - 2)]
        pygame.draw.polygon(surface, colour, tail)
        pygame.draw.ellipse(surface, colour, bubble)
        for k in (-1, 0, 1):
            pygame.draw.circle(surface, PAPER, (bubble.centerx + k * bubble.w // 4, bubble.centery), max(1, r // 7))


def side_chip(surface, side: str, topleft, size: int, *, faded: bool = False) -> pygame.Rect:
    """"POLISH" / "GERMAN" on the side's colour: whose half (or deck) this is."""
    img = P.label(_(SIDE_WORDS[side]), size, PAPER, True)
    box = pygame.Rect(topleft, (img.get_width() + size, img.get_height()))
    colour = P.SIDE_COLOUR[side]
    if faded:  # two thirds of the way to the faded half's paper
        colour = tuple((c + 2 * f) // 3 for c, f in zip(colour, PAPER_SHADE))
    pygame.draw.rect(surface, colour, box, border_radius=3)
    surface.blit(img, img.get_rect(center=box.center))
    return box


# ----- location cards ---------------------------------------------------------------------------------
def draw_location_card(surface, rect, card: dict, *, dim=False) -> None:
    """A location card: the network's band with the location's name, its special action, the +2 AP of
    the conversion and, if it has one, the hideout."""
    rect = pygame.Rect(rect)
    s = _scale(rect)
    _blank(surface, rect, PAPER, draw.stable_seed(card.get("id", "")))
    side = card.get("side", "polish")
    band = _location_band(surface, rect, card, s)
    foot_h = _px(28, s, 22)
    body = pygame.Rect(rect.x + _px(8, s), band.bottom + _px(6, s), rect.w - 2 * _px(8, s),
                       rect.bottom - foot_h - band.bottom - _px(9, s))
    size, lines = fitted_lines(location_text(card), body.w, body.h, _px(13, s, 12), max(10, _px(10, s)))
    used = len(lines) * fonts.typewriter(size).get_linesize()
    _lines(surface, lines, (body.x, body.y + max(0, body.h - used) // 3), size)  # a little above the middle
    _location_footer(surface, rect, card, s, foot_h)
    pygame.draw.rect(surface, P.SIDE_COLOUR.get(side, INK), rect, max(1, _px(2, s)), border_radius=RADIUS)
    if dim:
        _dim(surface, rect)


def _location_band(surface, rect: pygame.Rect, card: dict, s: float) -> pygame.Rect:
    """The top band in the network's colour: the location's name in capitals, on up to two lines."""
    side = card.get("side", "polish")
    name = P.place_name(card.get("label") or card.get("location", "?")).upper()
    inner = rect.w - 2 * _px(8, s)
    size, lines = fitted_lines(name, inner, 2 * fonts.typewriter(_px(15, s, 12), True).get_linesize(),
                               _px(15, s, 12), 10, bold=True, keep_words=6)
    line_h = fonts.typewriter(size, True).get_linesize()
    band = pygame.Rect(rect.x, rect.y, rect.w, max(_px(34, s), len(lines) * line_h + _px(10, s)))
    pygame.draw.rect(surface, P.SIDE_COLOUR.get(side, INK), band, border_top_left_radius=RADIUS,
                     border_top_right_radius=RADIUS)
    pygame.draw.line(surface, BRASS, (band.x, band.bottom - 1), (band.right, band.bottom - 1), max(1, _px(2, s)))
    top = band.centery - len(lines) * line_h // 2
    _lines(surface, lines, (0, top), size, colour=PAPER, bold=True, centre_x=band.centerx)
    return band


def _location_footer(surface, rect: pygame.Rect, card: dict, s: float, foot_h: int) -> None:
    """The conversion (+2 AP) chip at the left, the hideout mark at the right; the side's word between."""
    y = rect.bottom - foot_h
    pygame.draw.line(surface, PAPER_SHADE, (rect.x + _px(8, s), y), (rect.right - _px(8, s), y), 1)
    size = _px(13, s, 12)
    ap = _("+{n} AP").format(n=content.location_card_conversion_ap())
    img = P.label(ap, size, INK, True)
    chip = img.get_rect(midleft=(rect.x + _px(12, s), y + foot_h // 2)).inflate(_px(10, s), _px(4, s))
    pygame.draw.rect(surface, MANILA, chip, border_radius=chip.h // 2)
    pygame.draw.rect(surface, INK, chip, 1, border_radius=chip.h // 2)
    surface.blit(img, img.get_rect(center=chip.center))
    right = rect.right - _px(10, s)
    if card.get("hideout"):
        r = _px(9, s, 7)
        hideout_icon(surface, (right - r, y + foot_h // 2 + r // 6), r, STAMP_RED)
        right -= 2 * r + _px(5, s)
        word, room = _("HIDEOUT"), right - chip.right - _px(8, s)
        size = draw.fit_size(word, room, _px(9, s, 12), bold=True, smallest=12)
        if s >= 1.5 and fonts.typewriter(size, True).size(word)[0] <= room:  # else the house alone says it
            P.blit_text(surface, word, (right, y + foot_h // 2), size=size, colour=STAMP_RED, bold=True,
                        anchor="midright")
    elif s >= 1.5:
        side = card.get("side", "polish")
        P.blit_text(surface, P.fit_text(_(SIDE_WORDS[side]), _px(9, s, 12), right - chip.right - 8, True),
                    (right, y + foot_h // 2), size=_px(9, s, 12), colour=P.SIDE_COLOUR[side], bold=True,
                    anchor="midright")


# ----- reaction cards -----------------------------------------------------------------------------------
def draw_reaction_card(surface, rect, card: dict, side: str | None = None, *, dim=False) -> None:
    """A reaction card: its colour band with the trigger (icon and word) and the block symbol, then the
    Polish half over the German half. With `side` (the holder) his half is emphasised, the other faded."""
    rect = pygame.Rect(rect)
    s = _scale(rect)
    side = side or card.get("mine")
    _blank(surface, rect, PAPER, draw.stable_seed(card.get("id", "")))
    band = _reaction_band(surface, rect, card, s)
    pad = _px(5, s)
    room = pygame.Rect(rect.x + pad, band.bottom + pad, rect.w - 2 * pad, rect.bottom - band.bottom - 2 * pad)
    holder = side if side in ("polish", "german") else None
    top_h = _split_halves(card, room, pad, s, holder)
    halves = (("polish", pygame.Rect(room.x, room.y, room.w, top_h)),
              ("german", pygame.Rect(room.x, room.y + top_h + pad, room.w, room.h - top_h - pad)))
    for half_side, box in halves:
        _reaction_half(surface, box, card, half_side, s, mine=holder == half_side,
                       faded=holder is not None and holder != half_side)
    colour = REACTION_COLOUR.get(card.get("colour"), (INK, ""))[0]
    pygame.draw.rect(surface, colour, rect, max(1, _px(2, s)), border_radius=RADIUS)
    if dim:
        _dim(surface, rect)


def _reaction_band(surface, rect: pygame.Rect, card: dict, s: float) -> pygame.Rect:
    """The colour band: the trigger's icon and word, the block symbol at the right, the pattern strip under."""
    colour, pattern = REACTION_COLOUR.get(card.get("colour"), (FADED, "solid"))
    band = pygame.Rect(rect.x, rect.y, rect.w, _px(34, s, 26))
    pygame.draw.rect(surface, colour, band, border_top_left_radius=RADIUS, border_top_right_radius=RADIUS)
    strip = pygame.Rect(band.x, band.bottom - _px(7, s), band.w, _px(7, s))
    pattern_fill(surface, strip, colour, pattern)
    ink = INK if card.get("colour") == "yellow" else PAPER
    head = pygame.Rect(band.x, band.y, band.w, band.h - strip.h)
    r = _px(9, s, 7)
    icon_c = (head.x + _px(8, s) + r, head.centery)
    trigger_icon(surface, card.get("trigger", ""), icon_c, r, ink)
    right = head.right - _px(6, s)
    if card.get("block"):
        br = _px(9, s, 7)
        block_icon(surface, (right - br, head.centery), br)
        right -= 2 * br + _px(4, s)
    word = _(TRIGGER_WORDS.get(card.get("trigger"), "")) if card.get("trigger") in TRIGGER_WORDS else ""
    x = icon_c[0] + r + _px(6, s)
    size = draw.fit_size(word, right - x, _px(13, s, 12), bold=True, smallest=9)
    P.blit_text(surface, P.fit_text(word, size, right - x, True), (x, head.centery), size=size, colour=ink,
                bold=True, anchor="midleft")
    return band


def _half_pad(s: float) -> int:
    """A half's inner margin (kept small: two halves share a card the size of a hand)."""
    return _px(4, s, 3)


def _chip_gap(s: float) -> int:
    """Between a half's side chip and its text."""
    return _px(2, s)


def _half_sizes(s: float, mine: bool, faded: bool) -> tuple[int, int, int]:
    """(chip size, largest and smallest text size) of a half: the holder's reads largest, the other's
    smaller but never under 10 px at hand size, so both halves stay readable."""
    if faded:
        return max(9, _px(10, s)), _px(12, s, 11), 10
    return _px(11, s, 10), _px(13, s, 12) if mine else _px(12, s, 11), 10


def _half_need(card: dict, side: str, width: int, size: int, s: float, chip: int) -> int:
    """The height a half takes with its text at `size` (chip, gaps and lines)."""
    lines = draw.wrap(reaction_text(card, side), fonts.typewriter(size), width)
    chip_h = fonts.typewriter(chip, True).get_linesize()
    return 2 * _half_pad(s) + chip_h + _chip_gap(s) + len(lines) * fonts.typewriter(size).get_linesize()


def _split_halves(card: dict, room: pygame.Rect, pad: int, s: float, holder: str | None) -> int:
    """The Polish half's height. With no holder both halves shrink together until both fit, the spare room
    shared out. With a holder his half keeps the largest type it can: the other half's type shrinks first,
    and if even then both cannot fit, the other half is cut (its holder reads it on his own card)."""
    width = room.w - 2 * _half_pad(s)
    chips, sizes = {}, {}
    for x in ("polish", "german"):
        chip, big, small = _half_sizes(s, holder == x, holder is not None and holder != x)
        chips[x], sizes[x] = chip, list(range(big, small - 1, -1))
    avail = room.h - pad

    def need(x: str, size: int) -> int:
        return _half_need(card, x, width, size, s, chips[x])

    if holder is None:
        for k in range(max(len(v) for v in sizes.values())):
            needs = {x: need(x, v[min(k, len(v) - 1)]) for x, v in sizes.items()}
            if sum(needs.values()) <= avail:
                return needs["polish"] + (avail - sum(needs.values())) // 2
        return avail * needs["polish"] // max(1, sum(needs.values()))  # both cut: each by its share
    other = "german" if holder == "polish" else "polish"
    other_least = _half_pad(s) * 2 + 2 * fonts.typewriter(10).get_linesize()  # its chip and one line
    for size in sizes[holder]:
        mine = need(holder, size)
        fits = [mine + need(other, o) for o in sizes[other] if mine + need(other, o) <= avail]
        if fits:
            mine += (avail - fits[0]) // 2
        elif mine > avail - other_least:
            continue
        return mine if holder == "polish" else avail - mine
    mine = avail - other_least
    return mine if holder == "polish" else avail - mine


def _reaction_half(surface, box: pygame.Rect, card: dict, side: str, s: float, *, mine: bool, faded: bool) -> None:
    """One side's half: its label chip and its text; the holder's half lies on brighter paper in brass."""
    if mine:
        pygame.draw.rect(surface, (248, 242, 226), box, border_radius=4)
        pygame.draw.rect(surface, BRASS, box, max(2, _px(2, s)), border_radius=4)
    elif faded:
        pygame.draw.rect(surface, PAPER_SHADE, box, border_radius=4)
    else:
        pygame.draw.rect(surface, PAPER_SHADE, box, 1, border_radius=4)
    pad = _half_pad(s)
    chip_size, big, small = _half_sizes(s, mine, faded)
    chip = side_chip(surface, side, (box.x + pad, box.y + pad), chip_size, faded=faded)
    text_box = pygame.Rect(box.x + pad, chip.bottom + _chip_gap(s), box.w - 2 * pad,
                           box.bottom - chip.bottom - pad - _chip_gap(s))
    size, lines = fitted_lines(reaction_text(card, side), text_box.w, text_box.h, big, small)
    _lines(surface, lines, text_box.topleft, size, colour=FADED if faded else INK)


# ----- backs ------------------------------------------------------------------------------------------------
def draw_card_back(surface, rect, kind: str) -> None:
    """A face-down card: manila with the deck's emblem. Location decks are framed in their side's colour
    (each side draws from his own deck); the shared reaction deck shows its three colours."""
    rect = pygame.Rect(rect)
    s = _scale(rect)
    _blank(surface, rect, MANILA, 11 if kind == "reaction" else 13)
    if kind == "reaction":
        _reaction_back(surface, rect, s)
    else:
        _location_back(surface, rect, s, "german" if kind == "location_german" else "polish")
    pygame.draw.rect(surface, MANILA_DARK, rect, max(1, _px(2, s)), border_radius=RADIUS)


def _location_back(surface, rect: pygame.Rect, s: float, side: str) -> None:
    colour = P.SIDE_COLOUR[side]
    frame = rect.inflate(-_px(14, s), -_px(14, s))
    pygame.draw.rect(surface, colour, frame, max(2, _px(3, s)), border_radius=5)
    pygame.draw.rect(surface, colour, frame.inflate(-_px(8, s), -_px(8, s)), 1, border_radius=4)
    _map_pin(surface, (rect.centerx, rect.centery - _px(16, s)), _px(20, s, 12), colour)
    word = _("LOCATION")
    size = draw.fit_size(word, frame.w - _px(16, s), _px(15, s, 12), bold=True, smallest=10)
    P.blit_text(surface, word, (rect.centerx, rect.centery + _px(22, s)), size=size, colour=colour, bold=True,
                anchor="midtop")
    chip_size = _px(11, s, 10)
    img = P.label(_(SIDE_WORDS[side]), chip_size, PAPER, True)
    box = img.get_rect(midtop=(rect.centerx, rect.centery + _px(44, s))).inflate(chip_size, 2)
    pygame.draw.rect(surface, colour, box, border_radius=3)
    surface.blit(img, img.get_rect(center=box.center))


def _map_pin(surface, center, r: int, colour) -> None:
    """The location deck's emblem: a map pin."""
    x, y = center
    pygame.draw.polygon(surface, colour, [(x - r * 0.8, y + r * 0.3), (x + r * 0.8, y + r * 0.3), (x, y + r * 1.5)])
    pygame.draw.circle(surface, colour, (x, y), r)
    pygame.draw.circle(surface, MANILA, (x, y), r * 2 // 5)


def _reaction_back(surface, rect: pygame.Rect, s: float) -> None:
    frame = rect.inflate(-_px(14, s), -_px(14, s))
    pygame.draw.rect(surface, INK, frame, 1, border_radius=5)
    stripe_h = _px(14, s)
    top = rect.centery - _px(34, s)
    for k, key in enumerate(("red", "purple", "yellow")):
        colour, pattern = REACTION_COLOUR[key]
        pattern_fill(surface, pygame.Rect(frame.x + 1, top + k * stripe_h, frame.w - 2, stripe_h), colour, pattern)
    r = _px(10, s, 7)
    for k, trigger in enumerate(("movement", "search", "conversation")):
        trigger_icon(surface, trigger, (rect.x + rect.w * (k + 1) // 4, top - r - _px(8, s)), r, INK)
    word = _("REACTION")
    size = draw.fit_size(word, frame.w - _px(16, s), _px(15, s, 12), bold=True, smallest=10)
    img = P.label(word, size, STAMP_RED, True)
    box = img.get_rect(midtop=(rect.centerx, top + 3 * stripe_h + _px(12, s))).inflate(_px(10, s), _px(6, s))
    pygame.draw.rect(surface, PAPER, box, border_radius=3)
    pygame.draw.rect(surface, STAMP_RED, box, max(1, _px(2, s)), border_radius=3)
    surface.blit(img, img.get_rect(center=box.center))
