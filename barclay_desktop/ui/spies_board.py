"""The Spies & Lies table map (maps/spies_board.tmx), read through pytmx.

`SpiesBoard.load()` reads the map once (pytmx's pygame loader needs a display mode set).
Every position the table scene draws on comes from the map's "places" object layer
(objects typed track_space, tower_cell, mission_slot, ...), never from numbers in code."""

from __future__ import annotations

from functools import lru_cache

import pygame

from ..resources import map_path

MAP_FILE = "spies_board.tmx"


class SpiesBoard:
    def __init__(self, tmx):
        self.tmx = tmx
        self.places: dict[str, pygame.Rect] = {}
        self.props: dict[str, dict] = {}
        self.kinds: dict[str, list[str]] = {}
        for obj in tmx.objects:
            self.places[obj.name] = pygame.Rect(round(obj.x), round(obj.y), round(obj.width), round(obj.height))
            self.props[obj.name] = dict(obj.properties)
            self.kinds.setdefault(obj.type or "", []).append(obj.name)
        self._surface = None

    @classmethod
    def load(cls) -> "SpiesBoard":
        return _load()

    # ----- lookups ------------------------------------------------------------------
    def rect(self, name: str) -> pygame.Rect:
        return self.places[name].copy()

    def find(self, kind: str, **props) -> pygame.Rect:
        """The one place of `kind` whose properties match, e.g. find('mission_slot', row='top', mission=2)."""
        for name in self.kinds.get(kind, ()):
            p = self.props[name]
            if all(p.get(k) == v for k, v in props.items()):
                return self.places[name].copy()
        raise KeyError(f"no {kind} with {props} in {MAP_FILE}")

    def all(self, kind: str) -> list[tuple[dict, pygame.Rect]]:
        return [(self.props[n], self.places[n].copy()) for n in self.kinds.get(kind, ())]

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
