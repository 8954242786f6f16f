"""Stawka sector faces read from the Tiled maps in maps/stawka/ (ruling K1).

The .tmx files are the only source of the board graph; this module reads one
face into a `Face` and checks it. Layout of a face (see maps/README.md):
  - object layer "graph": point objects with a `kind` property:
      street / location: `space_id` (globally unique "<face>.<key>"), `label`,
        `links` (comma-separated ids of neighbours open to both sides),
        optional `links_german` / `links_polish` (paths only that side may
        use, K1), locations also `telephone`, `item_stack`, `document_check`;
      exit: `side` (north/east/south/west), `slot` (0 or 1), `space` (the
        street space the exit leaves from).
  - map properties: face_id, title, tile (physical tile id), other_side
    (face on the back of a double-sided tile, "" if none), plate_colour.

pytmx is used with its default loader, which keeps image paths only: the rules
layer never imports pygame.
"""

from __future__ import annotations

import functools
import logging
import sys
from pathlib import Path

import attrs

from barclay_desktop.resources import map_path

FACES_DIR = ("stawka",)
SIDES = ("north", "east", "south", "west")
EXIT_SLOTS = (0, 1)
NETWORK_SIDES = ("polish", "german")
SPACE_KINDS = ("street", "location")


class MapError(ValueError):
    """A face map is missing or breaks the conventions in maps/README.md."""


@attrs.frozen
class Space:
    id: str
    kind: str  # "street" | "location"
    label: str
    face: str
    x: float  # centre, in face pixels
    y: float
    telephone: bool = False
    item_stack: bool = False
    document_check: bool = False  # K2: the fort's entry check

    @property
    def key(self) -> str:
        """The part after the face prefix: "hotel" for "hitlerplatz.hotel"."""
        return self.id.split(".", 1)[1]

    @property
    def is_location(self) -> bool:
        return self.kind == "location"


@attrs.frozen
class Edge:
    a: str
    b: str
    only: str | None = None  # None: both networks; "polish" / "german": that side only (K1)


@attrs.frozen
class Exit:
    side: str
    slot: int
    space: str
    x: float
    y: float


@attrs.frozen
class Face:
    face_id: str
    title: str
    tile: str
    other_side: str
    plate_colour: str
    width_px: int
    height_px: int
    spaces: tuple[Space, ...]
    edges: tuple[Edge, ...]
    exits: tuple[Exit, ...]

    def space(self, space_id: str) -> Space:
        for s in self.spaces:
            if s.id == space_id:
                return s
        raise KeyError(space_id)

    def locations(self) -> tuple[Space, ...]:
        return tuple(s for s in self.spaces if s.is_location)

    def exit(self, side: str, slot: int) -> Exit:
        for e in self.exits:
            if e.side == side and e.slot == slot:
                return e
        raise KeyError((side, slot))


def face_file(face_id: str) -> Path:
    return map_path(*FACES_DIR, f"{face_id}.tmx")


def face_ids() -> tuple[str, ...]:
    """Every face that has a map file, sorted."""
    return tuple(sorted(p.stem for p in map_path(*FACES_DIR).glob("*.tmx")))


@functools.lru_cache(maxsize=None)
def load_face(face_id: str) -> Face:
    """Read and check one face. Cached: a Face is immutable."""
    path = face_file(face_id)
    if not path.is_file():
        raise MapError(f"no map for sector face {face_id!r} at {path}")
    tiled = _read_tmx(path)
    props = tiled.properties
    if props.get("face_id") != face_id:
        raise MapError(f"{path.name}: map property face_id is {props.get('face_id')!r}, expected {face_id!r}")
    graph = _graph_layer(tiled, path)
    spaces, link_lists, exits = _read_objects(graph, face_id, path)
    edges = _edges_from_links(link_lists, path)
    face = Face(
        face_id=face_id,
        title=str(props.get("title", face_id)),
        tile=str(props.get("tile", face_id)),
        other_side=str(props.get("other_side", "") or ""),
        plate_colour=str(props.get("plate_colour", "")),
        width_px=tiled.width * tiled.tilewidth,
        height_px=tiled.height * tiled.tileheight,
        spaces=tuple(spaces),
        edges=tuple(edges),
        exits=tuple(exits),
    )
    _check_exits(face, path)
    return face


def _pytmx():
    """Import pytmx without letting it pull in pygame.

    pytmx imports pygame only for type hints and its optional image loader; the
    rules layer must stay pygame-free (tests, computer players, saves), so the
    import is shadowed while pytmx loads. If the client already loaded pygame
    nothing changes."""
    if "pytmx" in sys.modules:
        return sys.modules["pytmx"]
    if "pygame" in sys.modules:
        import pytmx

        return pytmx
    sys.modules["pygame"] = None  # makes `import pygame` raise ImportError
    try:
        # pytmx logs an error when its pygame helpers are unavailable: expected here
        helper_log = logging.getLogger("pytmx.util_pygame")
        was_disabled, helper_log.disabled = helper_log.disabled, True
        try:
            import pytmx
        finally:
            helper_log.disabled = was_disabled
    finally:
        del sys.modules["pygame"]
    return pytmx


def _read_tmx(path: Path):
    pytmx = _pytmx()
    try:
        return pytmx.TiledMap(str(path))
    except Exception as exc:  # pytmx raises many kinds; name the file
        raise MapError(f"{path.name}: cannot be read as a Tiled map: {exc}") from exc


def _graph_layer(tiled, path: Path):
    object_group = _pytmx().TiledObjectGroup
    for layer in tiled.layers:
        if isinstance(layer, object_group) and layer.name == "graph":
            return layer
    raise MapError(f"{path.name}: no object layer named 'graph'")


def _split_ids(value) -> tuple[str, ...]:
    return tuple(v.strip() for v in str(value or "").split(",") if v.strip())


def _read_objects(graph, face_id: str, path: Path):
    spaces: list[Space] = []
    links: dict[str, dict[str | None, tuple[str, ...]]] = {}
    exits: list[Exit] = []
    for obj in graph:
        p = obj.properties
        kind = p.get("kind")
        if kind == "exit":
            exits.append(_read_exit(obj, p, path))
            continue
        if kind not in SPACE_KINDS:
            raise MapError(f"{path.name}: object {obj.id} has kind {kind!r}; expected street, location or exit")
        sid = p.get("space_id") or ""
        if not sid.startswith(face_id + "."):
            raise MapError(f"{path.name}: space id {sid!r} must start with '{face_id}.'")
        if sid in links:
            raise MapError(f"{path.name}: space id {sid!r} used twice")
        spaces.append(
            Space(
                id=sid,
                kind=kind,
                label=str(p.get("label", sid)),
                face=face_id,
                x=float(obj.x),
                y=float(obj.y),
                telephone=bool(p.get("telephone", False)),
                item_stack=bool(p.get("item_stack", False)),
                document_check=bool(p.get("document_check", False)),
            )
        )
        links[sid] = {
            None: _split_ids(p.get("links")),
            "german": _split_ids(p.get("links_german")),
            "polish": _split_ids(p.get("links_polish")),
        }
    return spaces, links, exits


def _read_exit(obj, p, path: Path) -> Exit:
    side, slot, space = p.get("side"), p.get("slot"), p.get("space")
    if side not in SIDES or slot not in EXIT_SLOTS or not space:
        raise MapError(f"{path.name}: exit object {obj.id} needs side in {SIDES}, int slot in {EXIT_SLOTS} and space")
    return Exit(side=side, slot=int(slot), space=str(space), x=float(obj.x), y=float(obj.y))


def _edges_from_links(links, path: Path) -> list[Edge]:
    """Turn the per-space neighbour lists into edges; both ends must list each other."""
    edges: dict[frozenset, Edge] = {}
    for sid, by_side in links.items():
        for only, targets in by_side.items():
            for other in targets:
                if other not in links:
                    raise MapError(f"{path.name}: {sid} links to unknown space {other!r}")
                if sid not in links[other][only]:
                    where = f"links_{only}" if only else "links"
                    raise MapError(f"{path.name}: {sid} lists {other} in {where} but not the other way round")
                key = frozenset((sid, other))
                if key in edges and edges[key].only != only:
                    raise MapError(f"{path.name}: {sid} and {other} are joined twice with different sides")
                edges[key] = Edge(*sorted((sid, other)), only=only)
    return sorted(edges.values(), key=lambda e: (e.a, e.b))


def _check_exits(face: Face, path: Path) -> None:
    seen = set()
    for e in face.exits:
        if (e.side, e.slot) in seen:
            raise MapError(f"{path.name}: two exits at {e.side} slot {e.slot}")
        seen.add((e.side, e.slot))
        try:
            target = face.space(e.space)
        except KeyError:
            raise MapError(f"{path.name}: exit {e.side}/{e.slot} names unknown space {e.space!r}") from None
        if target.kind != "street":
            raise MapError(f"{path.name}: exit {e.side}/{e.slot} must leave from a street space")
