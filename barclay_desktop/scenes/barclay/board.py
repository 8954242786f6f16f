"""The Operation Barclay table map (maps/barclay_board.tmx): the printed board and every named place.

`BoardMap.load()` reads the map through pytmx once (it needs a display mode set, as pytmx
converts the tileset for blitting). Positions come only from the map's "places" object
layer, so the table can be restyled in the Tiled editor without touching code."""

from __future__ import annotations

from functools import lru_cache

import pygame

from ...resources import map_path
from ...ui.places_map import PlacesMap

MAP_FILE = "barclay_board.tmx"


class BoardMap(PlacesMap):
    MAP_FILE = MAP_FILE

    @classmethod
    def load(cls) -> "BoardMap":
        return _load()

    # ----- drawing ----------------------------------------------------------------------
    def surface(self) -> pygame.Surface:
        """The tile layers rendered once onto a transparent canvas-sized surface."""
        if self._surface is None:
            w = self.tmx.width * self.tmx.tilewidth
            h = self.tmx.height * self.tmx.tileheight
            surf = pygame.Surface((w, h), pygame.SRCALPHA)
            for layer in self.tmx.visible_layers:
                if hasattr(layer, "tiles"):
                    for x, y, image in layer.tiles():
                        surf.blit(image, (x * self.tmx.tilewidth, y * self.tmx.tileheight))
                elif getattr(layer, "source", None):  # image layers (the coastlines)
                    surf.blit(self.layer_image(layer), (round(float(getattr(layer, "offsetx", 0) or 0)),
                                                        round(float(getattr(layer, "offsety", 0) or 0))))
            self._surface = surf
        return self._surface


    def layer_image(self, layer) -> pygame.Surface:
        """pytmx 3.32 cuts image layers to one tile when loading for pygame, so the file is read here."""
        path = map_path(MAP_FILE).parent / layer.source
        return pygame.image.load(str(path)).convert_alpha()


@lru_cache(maxsize=1)
def _load() -> BoardMap:
    from pytmx.util_pygame import load_pygame

    return BoardMap(load_pygame(str(map_path(MAP_FILE))))
