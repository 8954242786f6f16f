"""Stawka board: the sector face maps, scenario arrangements and the joined graph.

Rulings: K1 (tiles, faces, one-side paths, arrangements), K2 (locations, telephones)."""

from __future__ import annotations

import itertools
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter, deque

import pytest

from barclay_desktop.resources import asset_path, map_path
from barclay_desktop.rules.stawka import board as board_mod
from barclay_desktop.rules.stawka.board import EXIT_SLOTS, SIDES, MapError, face_ids, load_face
from barclay_desktop.rules.stawka.scenario import (
    board_for_scenario,
    build_board,
    can_place,
    load_scenario,
    scenario_ids,
)

ALL_FACES = (
    "administrative", "city", "factory", "hitlerplatz", "military",
    "outskirts", "police", "railway", "villa", "waterfront",
)
DOUBLE_SIDED = {("hitlerplatz", "outskirts"), ("villa", "military"), ("waterfront", "factory")}

# K2: locations per face, and which have a telephone.
K2_LOCATIONS = {
    "police": {"gestapo": True, "jail": True, "police_station": True},
    "administrative": {"employment_office": True, "courts": True, "hospital": False},
    "railway": {"railway_station": False, "rail_office": True},
    "city": {"tenement": False, "market": False, "telephone_booth": True},
    "military": {"abwehr": True, "fort": False, "barracks": False},
    "hitlerplatz": {"hotel": True, "theatre": False, "officers_apartments": False, "cafe": False},
    "villa": {"ss_villa": True, "park": False},
    "waterfront": {"quay": False, "boathouse": False},
    "factory": {"factory": False, "design_office": False, "bunker": False},
    "outskirts": {"proving_ground": False},
}


def _connected(face) -> bool:
    adj = {s.id: set() for s in face.spaces}
    for e in face.edges:
        if e.only is None:  # connected even without the one-side paths
            adj[e.a].add(e.b)
            adj[e.b].add(e.a)
    start = face.spaces[0].id
    seen, queue = {start}, deque([start])
    while queue:
        for n in adj[queue.popleft()]:
            if n not in seen:
                seen.add(n)
                queue.append(n)
    return len(seen) == len(face.spaces)


def test_ten_faces_exist_k1():
    """K1: 7 tiles, 3 double-sided = 10 faces, each a .tmx map."""
    assert face_ids() == ALL_FACES


@pytest.mark.parametrize("face_id", ALL_FACES)
def test_face_loads_and_is_connected_k1(face_id):
    face = load_face(face_id)
    assert face.face_id == face_id
    assert face.width_px == face.height_px  # a square sector tile (K1)
    assert len(face.spaces) >= 10
    assert _connected(face), f"{face_id}: some space cannot be reached"
    assert all(s.id.startswith(face_id + ".") for s in face.spaces)


@pytest.mark.parametrize("face_id", ALL_FACES)
def test_every_face_has_the_standard_exit_slots_k1(face_id):
    """All 8 exit slots on every face, so any two faces can join along any edge."""
    face = load_face(face_id)
    assert {(e.side, e.slot) for e in face.exits} == set(itertools.product(SIDES, EXIT_SLOTS))
    for e in face.exits:
        space = face.space(e.space)
        assert space.kind == "street"
        # the exit sits on its side of the square, level with its space
        if e.side in ("north", "south"):
            assert e.y == (0 if e.side == "north" else face.height_px) and e.x == space.x
        else:
            assert e.x == (0 if e.side == "west" else face.width_px) and e.y == space.y


def test_the_26_locations_once_each_with_k2_telephones():
    """K2: 26 locations, each on its face exactly once; telephones as listed."""
    seen = Counter()
    for face_id in ALL_FACES:
        face = load_face(face_id)
        found = {s.key: s.telephone for s in face.locations()}
        assert found == K2_LOCATIONS[face_id], face_id
        seen.update(found.keys())
        assert all(s.item_stack for s in face.locations())  # 5 item tiles each (K9)
    assert len(seen) == 26 and set(seen.values()) == {1}
    assert sum(t for loc in K2_LOCATIONS.values() for t in loc.values()) == 10


def test_only_the_fort_has_a_document_check_k2():
    checked = [s.id for f in ALL_FACES for s in load_face(f).spaces if s.document_check]
    assert checked == ["military.fort"]


def test_one_side_paths_k1():
    """K1: the police building path is German-only, the city one Polish-only; no others."""
    flagged = {f: {e.only for e in load_face(f).edges if e.only} for f in ALL_FACES}
    assert flagged["police"] == {"german"}
    assert flagged["city"] == {"polish"}
    assert all(not v for f, v in flagged.items() if f not in ("police", "city"))


def test_neighbours_honour_one_side_paths_k1():
    board = board_for_scenario("chestnuts")  # has both police and city
    for a, b, only in board.edges():
        if only is None:
            continue
        other = "polish" if only == "german" else "german"
        assert b in board.neighbours(a, only) and a in board.neighbours(b, only)
        assert b not in board.neighbours(a, other) and b not in board.neighbours(a)
    with pytest.raises(ValueError):
        board.neighbours(board.location("gestapo").id, "soviet")


def test_german_path_is_a_shortcut_only_for_germans_k1():
    face = load_face("police")
    edge = next(e for e in face.edges if e.only == "german")
    board = build_board([["police"]])
    assert board.path_cost(edge.a, edge.b, "german") == 1
    assert board.path_cost(edge.a, edge.b, "polish") > 1


def test_scenario_files_exist():
    assert {"meeting", "first_clash", "chestnuts", "i_know_who_you_are", "hotel_excelsior",
            "top_secret"} <= set(scenario_ids())


def test_meeting_is_hitlerplatz_beside_administrative():
    """Scenario 1, step 1: the Hitlerplatz and administrative sectors side by side."""
    layout = load_scenario("meeting")
    assert layout.grid == (("hitlerplatz", "administrative"),)
    board = board_for_scenario("meeting")
    assert {s.key for s in board.locations()} == {
        "hotel", "theatre", "officers_apartments", "cafe", "employment_office", "courts", "hospital"}


def test_scenario_sectors_as_printed():
    """Sectors named by each scenario in the rulebook (K1/K2 for the film scenarios)."""
    expected = {
        "meeting": {"hitlerplatz", "administrative"},
        "first_clash": {"hitlerplatz", "administrative", "police"},
        "chestnuts": {"hitlerplatz", "administrative", "police", "city"},
        "i_know_who_you_are": {"police", "administrative", "railway", "city", "military"},
    }
    for sid, faces in expected.items():
        assert set(load_scenario(sid).face_ids()) == faces
    # K2: "14 locations for the five sectors of I Know Who You Are"
    assert len(board_for_scenario("i_know_who_you_are").locations()) == 14
    assert len(load_scenario("hotel_excelsior").face_ids()) == 7  # K1


@pytest.mark.parametrize("scenario_id", ["meeting", "first_clash", "chestnuts", "i_know_who_you_are",
                                         "hotel_excelsior", "top_secret"])
def test_scenario_board_joins_exits_and_is_connected(scenario_id):
    layout = load_scenario(scenario_id)
    board = board_for_scenario(scenario_id)
    faces = layout.face_ids()
    assert not any({a, b} <= set(faces) for a, b in DOUBLE_SIDED), "both faces of one tile (K1)"
    if "police" in faces and len(faces) > 2:
        # police in the middle: it touches every row/column neighbour it can
        (pr, pc), = [(r, c) for r, row in enumerate(layout.grid) for c, f in enumerate(row) if f == "police"]
        assert 0 < pc < len(layout.grid[pr]) - 1
    cells = {f: (r, c) for r, row in enumerate(layout.grid) for c, f in enumerate(row) if f}
    for a, b in itertools.permutations(faces, 2):
        (ra, ca), (rb, cb) = cells[a], cells[b]
        if (rb, cb) == (ra, ca + 1):
            for slot in EXIT_SLOTS:
                ea = load_face(a).exit("east", slot).space
                eb = load_face(b).exit("west", slot).space
                assert eb in board.neighbours(ea) and ea in board.neighbours(eb)
        if (rb, cb) == (ra + 1, ca):
            for slot in EXIT_SLOTS:
                ea = load_face(a).exit("south", slot).space
                eb = load_face(b).exit("north", slot).space
                assert eb in board.neighbours(ea)
    start = next(iter(board.spaces))
    for side in ("polish", "german"):
        assert len(board.distances(start, side)) == len(board.spaces)
    # start positions in the file are locations on this board
    starts = layout.start_spaces(board)
    assert all(board.spaces[s].is_location for s in starts.values())


def test_exits_on_board_edge_lead_nowhere():
    """Rulebook, Sectors: no agent may leave the board."""
    board = board_for_scenario("meeting")
    west_exit = load_face("hitlerplatz").exit("west", 0).space
    assert all(board.face_of(n) == "hitlerplatz" for n in board.neighbours(west_exit))
    east_of_h = load_face("hitlerplatz").exit("east", 0).space
    assert load_face("administrative").exit("west", 0).space in board.neighbours(east_of_h)


def test_arrangement_rules_refused_k1():
    with pytest.raises(MapError, match="two faces of one tile"):
        build_board([["hitlerplatz", "outskirts"]])
    with pytest.raises(MapError, match="not joined"):
        build_board([["hitlerplatz", None, "police"]])
    with pytest.raises(MapError, match="placed twice"):
        build_board([["police", "police"]])


def test_path_costs_positions_and_lookup():
    board = board_for_scenario("meeting")
    hotel = board.location("Hotel")
    assert board.location("hitlerplatz.hotel") is hotel and board.location("HOTEL") is hotel
    courts = board.location("courts")
    route = board.shortest_path(hotel.id, courts.id, "polish")
    assert route[0] == hotel.id and route[-1] == courts.id
    assert len(route) - 1 == board.path_cost(hotel.id, courts.id, "polish")
    for a, b in zip(route, route[1:]):
        assert b in board.neighbours(a, "polish")
    # administrative is the right-hand face: its spaces are offset by one face width
    ax, ay = board.position(courts.id)
    assert ax == courts.x + load_face("hitlerplatz").width_px and ay == courts.y
    assert (board.width_px, board.height_px) == (2 * 352, 352)
    with pytest.raises(KeyError):
        board.location("fort")


def test_broken_map_is_reported(tmp_path, monkeypatch):
    text = board_mod.face_file("villa").read_text(encoding="utf-8")
    # the first space in the file gets a neighbour that does not exist
    broken = text.replace('name="links" value="', 'name="links" value="villa.s99,', 1)
    assert broken != text
    (tmp_path / "stawka").mkdir()
    (tmp_path / "stawka" / "villa.tmx").write_text(broken, encoding="utf-8")
    tsx = map_path("stawka", "stawka_city.tsx")
    (tmp_path / "stawka" / "stawka_city.tsx").write_text(tsx.read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.setattr(board_mod, "map_path", lambda *p: tmp_path.joinpath(*p))
    board_mod.load_face.cache_clear()
    try:
        with pytest.raises(MapError, match="unknown space 'villa.s99'"):
            board_mod.load_face("villa")
    finally:
        board_mod.load_face.cache_clear()


def test_tileset_png_matches_tsx_and_maps_reference_it():
    tsx_path = map_path("stawka", "stawka_city.tsx")
    tsx = ET.parse(tsx_path).getroot()
    image = tsx.find("image")
    png = (tsx_path.parent / image.get("source")).resolve()
    assert png == asset_path("tiles", "stawka", "stawka_city.png").resolve()
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    assert (width, height) == (int(image.get("width")), int(image.get("height")))
    tile = int(tsx.get("tilewidth"))
    assert int(tsx.get("tilecount")) == (width // tile) * (height // tile)
    max_gid = int(tsx.get("tilecount"))
    for face_id in ALL_FACES:
        root = ET.parse(map_path("stawka", f"{face_id}.tmx")).getroot()
        ts = root.find("tileset")
        assert ts.get("source") == "stawka_city.tsx" and ts.get("firstgid") == "1"
        assert int(root.get("tilewidth")) == tile
        for layer in root.findall("layer"):
            gids = [int(v) for v in re.split(r"[,\s]+", layer.find("data").text.strip())]
            assert len(gids) == int(layer.get("width")) * int(layer.get("height"))
            assert all(0 <= g <= max_gid for g in gids)
        assert {layer.get("name") for layer in root.findall("layer")} == {"ground", "streets"}


def test_loading_a_board_never_imports_pygame():
    """The rules layer never imports pygame, even though pytmx would (load times: bench/stawka_board.py)."""
    code = (
        "import sys\n"
        "from barclay_desktop.rules.stawka.scenario import board_for_scenario\n"
        "board_for_scenario('hotel_excelsior')\n"
        "print('pygame' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_free_scenario_placement_rules():
    """Rulebook free scenarios C-E with K1: police first, then edge to edge, one face per tile."""
    assert can_place([], "hitlerplatz", 0, 0) == "the police sector is laid first"
    assert can_place([], "police", 0, 0) is None
    grid = [["police"]]
    assert can_place(grid, "villa", 0, 1) is None
    assert can_place(grid, "villa", 1, 1) == "a sector must touch a placed sector by an edge"
    assert can_place(grid, "police", 0, 1) == "police is already on the board"
    assert can_place(grid, "city", 0, 0) == "that cell is taken"
    grid = [["police", "villa"]]
    assert "back of villa" in can_place(grid, "military", 1, 0)
    assert can_place(grid, "railway", -1, 0) is None


def test_client_can_draw_every_face_with_pytmx_pygame():
    """The client path: pytmx's pygame loader finds the tileset image for every face, also
    after the rules layer has loaded pytmx without pygame."""
    code = (
        "import os\n"
        "os.environ['SDL_VIDEODRIVER'] = 'dummy'\n"
        "from barclay_desktop.rules.stawka.scenario import board_for_scenario\n"
        "board_for_scenario('meeting')\n"
        "import pygame, pytmx\n"
        "from pytmx.util_pygame import load_pygame\n"
        "from barclay_desktop.rules.stawka.board import face_file, face_ids\n"
        "pygame.display.init(); pygame.display.set_mode((1, 1))\n"
        "drawn = 0\n"
        "for f in face_ids():\n"
        "    tm = load_pygame(str(face_file(f)))\n"
        "    for layer in tm.visible_layers:\n"
        "        if isinstance(layer, pytmx.TiledTileLayer):\n"
        "            for x, y, img in layer.tiles():\n"
        "                assert img.get_size() == (32, 32)\n"
        "                drawn += 1\n"
        "print(drawn)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    # every cell has ground art: at least 10 faces x 121 cells
    assert int(out.stdout.split()[-1]) >= 10 * 121


def test_meeting_start_spaces():
    """Scenario 1, step 2 A-B: Kloss - officers' apartments, Ingrid - hotel, Glaubel - employment
    office, Marta Becher - theatre."""
    layout = load_scenario("meeting")
    assert layout.networks() == {"polish": ("hans_kloss", "ingrid_heizer"), "german": ("glaubel", "marta_becher")}
    assert layout.start_spaces(board_for_scenario("meeting")) == {
        "hans_kloss": "hitlerplatz.officers_apartments",
        "ingrid_heizer": "hitlerplatz.hotel",
        "glaubel": "administrative.employment_office",
        "marta_becher": "hitlerplatz.theatre",
    }
    # a start on a location that is not on the board is refused
    with pytest.raises(MapError, match="not a location on this board"):
        load_scenario("first_clash").start_spaces(board_for_scenario("meeting"))


def test_committed_tileset_matches_its_generator():
    """maps/stawka/stawka_city.tsx is what tools/generate_stawka_tiles.py writes (run it after art changes)."""
    import importlib.util

    from barclay_desktop.resources import project_root

    spec = importlib.util.spec_from_file_location(
        "stawka_tiles", project_root() / "tools" / "generate_stawka_tiles.py")
    generator = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(generator)
    tsx = map_path("stawka", "stawka_city.tsx")
    assert generator.tsx_text("../../assets/tiles/stawka/stawka_city.png") == tsx.read_text(encoding="utf-8")


@pytest.mark.parametrize("face_id", ALL_FACES)
def test_locations_open_onto_streets_and_spaces_lie_on_the_face(face_id):
    """Rulebook, Sectors: agents reach a location (X) from the street; every space is drawn on its tile."""
    face = load_face(face_id)
    kinds = {s.id: s.kind for s in face.spaces}
    for loc in face.locations():
        neighbours = [e.b if e.a == loc.id else e.a for e in face.edges if loc.id in (e.a, e.b)]
        assert neighbours and all(kinds[n] == "street" for n in neighbours), loc.id
    for s in face.spaces:
        assert 0 < s.x < face.width_px and 0 < s.y < face.height_px
    assert len({(s.x, s.y) for s in face.spaces}) == len(face.spaces)
