"""Threat tokens on the Stawka board (K8, K12): the backs the opponent sees, the faces their owner
(or anyone, once revealed) sees, and the note under the mouse.

Each token is a small octagon in its network's colour beside its space's spot: a face-down token
of the other network shows only a question mark; a token whose face this seat knows shows its
type's symbol (face-down ones a shade darker); the hover note names it.
"""

from __future__ import annotations

import math

import pygame

from ...i18n import _, translate
from ...rules.stawka import texts as T
from ...ui.palette import BRASS, INK, PAPER
from . import pieces as P
from .extended import token_words


def token_centre(self, space_id: str) -> tuple[int, int]:
    """Left of the space's spot: clear of the tile stack (above left), the name plate (below), the markers and
    the phone (right)."""
    x, y = self.screen_pos(space_id)
    return x - max(13, round(22 * self.viewport.zoom)), y + max(3, round(5 * self.viewport.zoom))


def token_radius(self) -> int:
    return max(7, round(9 * self.viewport.zoom))


def octagon(centre, r: int) -> list[tuple[float, float]]:
    cx, cy = centre
    return [(cx + r * math.cos(math.pi / 8 + k * math.pi / 4), cy + r * math.sin(math.pi / 8 + k * math.pi / 4))
            for k in range(8)]


def draw_threats(self, surface, view) -> None:
    threats = view.get("threats")
    if not threats:
        return
    r = token_radius(self)
    for t in threats["board"]:
        centre = token_centre(self, t["space"])
        if not self.viewport.visible(centre, -r):
            continue
        colour = P.SIDE_COLOUR[t["side"]]
        known = "type" in t
        if known:
            self.drawn_ids.append(f'"{t["id"]}"')  # quoted, as the leak probes name it
        face = PAPER if t["revealed"] else colour
        pygame.draw.polygon(surface, face, octagon(centre, r))
        pygame.draw.polygon(surface, BRASS if t["revealed"] else INK, octagon(centre, r), 2)
        ink = colour if t["revealed"] else PAPER
        if not known:
            P.blit_text(surface, "?", centre, size=max(11, r + 3), bold=True, colour=PAPER, anchor="center")
        else:
            symbol(surface, t["type"], centre, r, ink)


def symbol(surface, kind: str, centre, r: int, ink) -> None:
    """A type's pictogram, drawn (no words: the note under the mouse names it)."""
    cx, cy = centre
    s = max(3, r // 2)
    if kind == "document_check":
        pygame.draw.rect(surface, ink, (cx - s + 1, cy - s - 1, 2 * s - 2, 2 * s + 2), 1)
        pygame.draw.line(surface, ink, (cx - s + 3, cy - 1), (cx + s - 3, cy - 1))
        pygame.draw.line(surface, ink, (cx - s + 3, cy + 2), (cx + s - 3, cy + 2))
    elif kind == "alarm":
        pygame.draw.line(surface, ink, (cx, cy - s - 1), (cx, cy + s - 3), 2)
        pygame.draw.circle(surface, ink, (cx, cy + s), 1)
    elif kind == "cauldron":
        pygame.draw.circle(surface, ink, centre, s, 2)
        pygame.draw.circle(surface, ink, centre, 1)
    elif kind == "suspect":
        pygame.draw.ellipse(surface, ink, (cx - s - 1, cy - s // 2 - 1, 2 * s + 2, s + 2), 1)
        pygame.draw.circle(surface, ink, centre, 2)
    elif kind == "thief":
        pygame.draw.polygon(surface, ink, [(cx - s, cy - s), (cx + s, cy - s), (cx, cy + s)], 1)
        pygame.draw.line(surface, ink, (cx - s, cy - s), (cx + s, cy + s))
    elif kind == "confusion":
        pygame.draw.arc(surface, ink, (cx - s, cy - s, 2 * s, 2 * s), 0.5, 5.5, 2)
    elif kind == "dangerous_terrain":
        pygame.draw.polygon(surface, ink, [(cx, cy - s - 1), (cx + s + 1, cy + s), (cx - s - 1, cy + s)], 2)
    elif kind == "support":
        pygame.draw.line(surface, ink, (cx - s, cy), (cx + s, cy), 2)
        pygame.draw.line(surface, ink, (cx, cy - s), (cx, cy + s), 2)
    elif kind == "protection":
        pygame.draw.polygon(surface, ink, [(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy), (cx, cy + s + 1),
                                           (cx - s, cy)], 2)


def token_at(self, view, pos) -> dict | None:
    threats = view.get("threats")
    if not threats:
        return None
    r = token_radius(self) + 2
    for t in threats["board"]:
        cx, cy = token_centre(self, t["space"])
        if (cx - pos[0]) ** 2 + (cy - pos[1]) ** 2 <= r * r:
            return t
    return None


def token_note(view, t: dict) -> list[str]:
    """The hover note of a token: its name and cheat-sheet text when known, else whose back it is."""
    side = P.side_name(t["side"])
    if "type" not in t:
        return [_("A {side} threat token, face down.").format(side=side),
                _("Its owner may reveal it when your agent enters or acts here.")]
    words = translate(token_words(t))
    state = _("face up") if t["revealed"] else _("face down")
    return [_("{side} threat token: {name} ({state})").format(side=side, name=words, state=state),
            translate(T.threat_text(t["id"]))]
