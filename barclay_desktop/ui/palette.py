"""The ART.md palette as RGB tuples, so every screen shares one look."""

from __future__ import annotations


def hex_rgb(code: str) -> tuple[int, int, int]:
    code = code.lstrip("#")
    return int(code[0:2], 16), int(code[2:4], 16), int(code[4:6], 16)


FELT = hex_rgb("#24332E")
FELT_DARK = hex_rgb("#1B2723")
PAPER = hex_rgb("#EFE6D0")
PAPER_SHADE = hex_rgb("#E2D6BA")
MANILA = hex_rgb("#D8BF8A")
MANILA_DARK = hex_rgb("#BFA46C")
INK = hex_rgb("#262322")
FADED = hex_rgb("#6B6258")
STAMP_RED = hex_rgb("#A3262A")
BRASS = hex_rgb("#C9A24A")
ALLIED = hex_rgb("#3E5C8A")
AXIS = hex_rgb("#5A5A5A")
WOOD = hex_rgb("#5B3F2A")
WOOD_DARK = hex_rgb("#47301F")
HINT = hex_rgb("#3FB8C4")  # the suggested move's dashed ring: a cool signal colour, never brass (playable)

# Per-game folder colours on the menu desk: distinct manila tints, not a new palette.
GAME_ACCENTS = {
    "barclay": hex_rgb("#3A6FB0"),
    "spies_lies": hex_rgb("#B23A35"),
    "stawka": hex_rgb("#4C8C55"),
}
