"""Scenario arrangements (maps/scenarios/*.json) and the joined board graph.

A scenario file puts sector faces on a grid (ruling K1: scenario maps are not
printed, the project designs them). Neighbouring cells are joined exit to
exit: a face's east slot k meets its east neighbour's west slot k, its south
slot k meets the north slot k of the face below. Crossing from one sector to
the next is an ordinary 1-AP step between the two exit spaces (the rulebook:
sectors are joined by streets, crossing costs nothing extra).

`Board` is the graph the rules engine moves agents on; it also gives the
client every space's position in board pixels.
"""

from __future__ import annotations

import functools
import json
from collections import deque
from types import MappingProxyType
from typing import Mapping

import attrs

from barclay_desktop.resources import map_path
from barclay_desktop.rules.stawka.board import NETWORK_SIDES, Face, MapError, Space, load_face

SCENARIOS_DIR = ("scenarios",)
# (neighbour offset, my side, their side)
_JOINS = (((0, 1), "east", "west"), ((1, 0), "south", "north"))


@attrs.frozen
class Placement:
    face_id: str
    row: int
    col: int
    origin_x: int  # board pixels of the face's top-left corner
    origin_y: int


@attrs.frozen
class ScenarioLayout:
    """A scenario file: the face grid plus the setup data the engine needs."""

    scenario_id: str
    title: str
    grid: tuple[tuple[str | None, ...], ...]
    data: Mapping  # the whole file, read-only (agents, start positions, stages...)

    def face_ids(self) -> tuple[str, ...]:
        return tuple(f for row in self.grid for f in row if f)

    def networks(self) -> dict[str, tuple[str, ...]]:
        """Agent ids per side as the scenario lists them (K3: Marta Becher may play Polish)."""
        nets = self.data.get("networks", {})
        return {side: tuple(nets.get(side, ())) for side in NETWORK_SIDES}

    def start_spaces(self, board: "Board") -> dict[str, str]:
        """Printed starting positions as board space ids; agents not listed are placed by the players."""
        listed = {a for members in self.networks().values() for a in members}
        out = {}
        for who, where in self.data.get("start", {}).items():
            if who not in listed and who != "black_audi":
                raise MapError(f"{self.scenario_id}: start position for {who!r}, who is in neither network")
            try:
                out[who] = board.location(where).id
            except KeyError:
                raise MapError(f"{self.scenario_id}: {who} starts at {where!r}, not a location on this board") from None
        return out


class Board:
    """Sector faces joined into one graph. Immutable once built."""

    def __init__(self, placements: tuple[Placement, ...], faces: Mapping[str, Face], adjacency, width_px, height_px):
        self.placements = placements
        self.faces = faces
        self._adj = adjacency  # space id -> tuple[(neighbour id, only side or None)]
        self.width_px = width_px
        self.height_px = height_px
        self.spaces: Mapping[str, Space] = MappingProxyType(
            {s.id: s for p in placements for s in faces[p.face_id].spaces}
        )
        self._origin = {p.face_id: (p.origin_x, p.origin_y) for p in placements}

    def face_ids(self) -> tuple[str, ...]:
        return tuple(p.face_id for p in self.placements)

    def neighbours(self, space_id: str, side: str | None = None) -> tuple[str, ...]:
        """Spaces one step away for an agent of `side` ("polish" / "german").

        side=None gives only the paths open to both networks (K1)."""
        if side is not None and side not in NETWORK_SIDES:
            raise ValueError(f"side must be one of {NETWORK_SIDES} or None, not {side!r}")
        return tuple(n for n, only in self._adj[space_id] if only is None or only == side)

    def edges(self):
        """Every path once, as (a, b, only) with a < b; for the client to draw."""
        for a, links in self._adj.items():
            for b, only in links:
                if a < b:
                    yield a, b, only

    def distances(self, source: str, side: str | None = None) -> dict[str, int]:
        """Steps (1 AP each) from source to every reachable space."""
        dist = {source: 0}
        queue = deque([source])
        while queue:
            here = queue.popleft()
            for n in self.neighbours(here, side):
                if n not in dist:
                    dist[n] = dist[here] + 1
                    queue.append(n)
        return dist

    def path_cost(self, a: str, b: str, side: str | None = None) -> int | None:
        """Fewest steps from a to b, or None if b cannot be reached."""
        return self.distances(a, side).get(b)

    def shortest_path(self, a: str, b: str, side: str | None = None) -> list[str] | None:
        """One shortest route from a to b, both ends included."""
        prev = {a: None}
        queue = deque([a])
        while queue:
            here = queue.popleft()
            if here == b:
                route = []
                while here is not None:
                    route.append(here)
                    here = prev[here]
                return route[::-1]
            for n in self.neighbours(here, side):
                if n not in prev:
                    prev[n] = here
                    queue.append(n)
        return None

    def locations(self) -> tuple[Space, ...]:
        return tuple(s for s in self.spaces.values() if s.is_location)

    def location(self, name: str) -> Space:
        """A location by key ("hotel"), full id ("hitlerplatz.hotel") or label, any case."""
        wanted = name.strip().lower()
        for s in self.locations():
            if wanted in (s.id.lower(), s.key.lower(), s.label.lower()):
                return s
        raise KeyError(f"no location {name!r} on this board")

    def position(self, space_id: str) -> tuple[float, float]:
        """Centre of a space in board pixels (faces are laid out at their native pixel size)."""
        s = self.spaces[space_id]
        ox, oy = self._origin[s.face]
        return ox + s.x, oy + s.y

    def face_of(self, space_id: str) -> str:
        return self.spaces[space_id].face

    def spaces_in_face(self, face_id: str) -> tuple[Space, ...]:
        return self.faces[face_id].spaces


def scenario_file(scenario_id: str):
    return map_path(*SCENARIOS_DIR, f"{scenario_id}.json")


def scenario_ids() -> tuple[str, ...]:
    return tuple(sorted(p.stem for p in map_path(*SCENARIOS_DIR).glob("*.json")))


@functools.lru_cache(maxsize=None)
def load_scenario(scenario_id: str) -> ScenarioLayout:
    from .free_scenario import registered  # a built scenario (F35) is registered by its content, not a file

    spec = registered(scenario_id)
    if spec is not None:
        return ScenarioLayout(scenario_id, spec["title"], tuple(tuple(row) for row in spec["grid"]), spec)
    path = scenario_file(scenario_id)
    if not path.is_file():
        raise MapError(f"no scenario arrangement {scenario_id!r} at {path}")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise MapError(f"{path.name}: invalid JSON: {exc}") from exc
    grid = data.get("grid")
    if not isinstance(grid, list) or not grid or not all(isinstance(r, list) for r in grid):
        raise MapError(f"{path.name}: 'grid' must be a list of rows of face ids (null for an empty cell)")
    return ScenarioLayout(
        scenario_id=scenario_id,
        title=str(data.get("title", scenario_id)),
        grid=tuple(tuple(cell or None for cell in row) for row in grid),
        data=MappingProxyType(data),
    )


@functools.lru_cache(maxsize=None)
def board_for_scenario(scenario_id: str) -> Board:
    """The joined board of a scenario file (cached; Board is immutable)."""
    return build_board(load_scenario(scenario_id).grid)


def build_board(grid) -> Board:
    """Join the faces of a grid (rows of face ids or None) into one Board.

    Also used for free scenarios (rulebook steps B-E): any grid that obeys K1."""
    cells = {(r, c): f for r, row in enumerate(grid) for c, f in enumerate(row) if f}
    _check_arrangement(cells)
    faces = {f: load_face(f) for f in cells.values()}
    tile_w = max(face.width_px for face in faces.values())
    tile_h = max(face.height_px for face in faces.values())
    placements = tuple(
        Placement(f, r, c, c * tile_w, r * tile_h) for (r, c), f in sorted(cells.items())
    )
    adjacency: dict[str, list] = {s.id: [] for face in faces.values() for s in face.spaces}
    for face in faces.values():
        for e in face.edges:
            adjacency[e.a].append((e.b, e.only))
            adjacency[e.b].append((e.a, e.only))
    for a_id, b_id, a_side, b_side in _neighbour_pairs(cells):
        for a_space, b_space in _matched_exits(faces[a_id], a_side, faces[b_id], b_side):
            adjacency[a_space].append((b_space, None))
            adjacency[b_space].append((a_space, None))
    width = (max(c for _, c in cells) + 1) * tile_w
    height = (max(r for r, _ in cells) + 1) * tile_h
    frozen = MappingProxyType({k: tuple(v) for k, v in adjacency.items()})
    return Board(placements, MappingProxyType(faces), frozen, width, height)


def can_place(grid, face_id: str, row: int, col: int) -> str | None:
    """Why `face_id` may not go at (row, col) of a partly built free-scenario board, or None if it may.

    Rulebook free scenarios, steps C-E with K1: police first, each further sector
    touching a placed one by an edge, one face per tile. Rows/cols may be negative
    or beyond the grid: the caller grows the grid."""
    cells = {(r, c): f for r, line in enumerate(grid) for c, f in enumerate(line) if f}
    placed = set(cells.values())
    if (row, col) in cells:
        return "that cell is taken"
    if face_id in placed:
        return f"{face_id} is already on the board"
    other = load_face(face_id).other_side
    if other and other in placed:
        return f"{face_id} is the back of {other}, which is on the board (K1)"
    if not cells:
        return None if face_id == "police" else "the police sector is laid first"
    if not any((row + dr, col + dc) in cells for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))):
        return "a sector must touch a placed sector by an edge"
    return None


def _neighbour_pairs(cells):
    for (r, c), face_id in cells.items():
        for (dr, dc), my_side, their_side in _JOINS:
            other = cells.get((r + dr, c + dc))
            if other:
                yield face_id, other, my_side, their_side


def _matched_exits(a: Face, a_side: str, b: Face, b_side: str):
    """Pairs of street spaces joined across the shared edge, slot by slot."""
    a_slots = {e.slot: e.space for e in a.exits if e.side == a_side}
    b_slots = {e.slot: e.space for e in b.exits if e.side == b_side}
    if set(a_slots) != set(b_slots):
        raise MapError(
            f"exits do not match: {a.face_id} {a_side} slots {sorted(a_slots)} vs "
            f"{b.face_id} {b_side} slots {sorted(b_slots)}"
        )
    return [(a_slots[k], b_slots[k]) for k in sorted(a_slots)]


def _check_arrangement(cells) -> None:
    """K1: each face once, never both faces of one tile, every tile touching another by an edge."""
    if not cells:
        raise MapError("an arrangement needs at least one face")
    placed = list(cells.values())
    if len(set(placed)) != len(placed):
        raise MapError(f"a face is placed twice: {placed}")
    for f in placed:
        other = load_face(f).other_side
        if other and other in placed:
            raise MapError(f"{f} and {other} are the two faces of one tile and cannot both be in play (K1)")
    start = next(iter(cells))
    reached = {start}
    queue = deque([start])
    while queue:
        r, c = queue.popleft()
        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            nxt = (r + dr, c + dc)
            if nxt in cells and nxt not in reached:
                reached.add(nxt)
                queue.append(nxt)
    if len(reached) != len(cells):
        loose = sorted(f for cell, f in cells.items() if cell not in reached)
        raise MapError(f"sectors {loose} are not joined edge to edge with the rest of the board (K1)")
