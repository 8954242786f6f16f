"""A Tiled table map whose named objects are the places a table scene draws on.

Positions come only from the map's object layer, so a board can be restyled in the Tiled
editor without touching code. Each game's board subclasses this and adds its drawing."""

from __future__ import annotations

import pygame


class PlacesMap:
    MAP_FILE = ""

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

    def rect(self, name: str) -> pygame.Rect:
        return self.places[name].copy()

    def find(self, kind: str, **props) -> pygame.Rect:
        """The one place of `kind` whose properties match, e.g. find('token_space', sector='red', index=2)."""
        for name in self.kinds.get(kind, ()):
            p = self.props[name]
            if all(p.get(k) == v for k, v in props.items()):
                return self.places[name].copy()
        raise KeyError(f"no {kind} with {props} in {self.MAP_FILE}")

    def all(self, kind: str) -> list[tuple[dict, pygame.Rect]]:
        return [(self.props[n], self.places[n].copy()) for n in self.kinds.get(kind, ())]
