"""The Spies & Lies table map (maps/spies_board.tmx), read through pytmx.

`SpiesBoard.load()` reads the map once (pytmx's pygame loader needs a display mode set).
Every position the table scene draws on comes from the map's "places" object layer
(objects typed track_space, tower_cell, mission_slot, ...), never from numbers in code."""

from __future__ import annotations

from functools import lru_cache

import pygame

from ...resources import map_path
from ...ui.places_map import PlacesMap

MAP_FILE = "spies_board.tmx"


class SpiesBoard(PlacesMap):
    MAP_FILE = MAP_FILE

    @classmethod
    def load(cls) -> "SpiesBoard":
        return _load()

    def track_positions(self) -> list[int]:
        """The double-spy positions the map has a space for, left (red's flag) to right."""
        return sorted(p["pos"] for p, _r in self.all("track_space"))

    def spaces_per_side(self) -> int:
        return int(self.tmx.properties.get("spaces_per_side", 0))

    # ----- drawing -------------------------------------------------------------------
    def surface(self) -> pygame.Surface:
        """The tile layers rendered once onto a transparent canvas-sized surface."""
        if self._surface is None:
            w = self.tmx.width * self.tmx.tilewidth
            h = self.tmx.height * self.tmx.tileheight
            surf = pygame.Surface((w, h), pygame.SRCALPHA)
            for layer in self.tmx.visible_layers:
                if not hasattr(layer, "tiles"):
                    continue
                for x, y, image in layer.tiles():
                    surf.blit(image, (x * self.tmx.tilewidth, y * self.tmx.tileheight))
            self._surface = surf
        return self._surface


@lru_cache(maxsize=1)
def _load() -> SpiesBoard:
    from pytmx.util_pygame import load_pygame

    return SpiesBoard(load_pygame(str(map_path(MAP_FILE))))
