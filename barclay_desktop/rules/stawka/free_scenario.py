"""Free scenarios (rulebook L456-L474, rulings F29-F35): a board, two networks, a rules level and a victory
option the players build, played by the engine like a scenario file.

A built scenario is a *spec* with the shape of a scenario file (`grid`, `networks`, `level`, `stages`,
`placement`, `rules`, `title`, `victory_option`). `register(spec)` checks it and files it under an id made from
its content (`free_<16 hex>`), which `scenario.load_scenario` consults before the maps folder: every cache keyed
by a scenario id then stays right, since two different specs can never share an id. A game's options carry the
whole spec (`{"scenario": "free", "free": spec}`), so setup and every restore (saves, undo, worker processes)
register it again.

The builder (steps B-E, G, I-L) asks the same functions step by step; each refusal is a sentence for the player.
"""

from __future__ import annotations

import functools
import hashlib
import json
import random
from collections import deque
from types import MappingProxyType

from ..core.message import Message, msg, nmsg, pmsg
from . import content
from . import texts as T
from .board import face_ids as _face_ids, load_face
from .scenario_rules import free_scenario_card_limit
from .state import GERMAN, POLISH, SIDES

FREE = "free"  # the options' scenario for a spec carried in options["free"]
PREFIX = "free_"  # the registered ids
LEVELS = ("basic", "extended", "advanced")  # step I; K11/F32: the level brings its components
MIN_SECTORS, MAX_SECTORS = 4, 7  # step B (L461)
MIN_STAGES, MAX_STAGES = 4, 15  # F33
NAME_MAX = 24
COLOURS = ("yellow", "purple", "blue", "black")  # step G (L466): one of each per network
POLICE = "police"  # step C (L462): in every free scenario, laid first
ANY_SPACE = "alternate_any_space"
# F29, step H (L467): alternately, Polish first, any space, at most one agent of a network per sector
PLACEMENT = {"rule": ANY_SPACE, "first": POLISH, "max_per_network_per_face": 1}
_BASE = {"special_mission_secret": True, "secret_resets_track": True}  # P20: a special mission gives a secret
# F33: step L's "Basic" (L472) and the training scenarios' victories; location_card_limit is left to A2 (F34)
VICTORY_RULES = {
    "basic": {"secrets_to_win": 2, "vp": None, "vp_to_win": 0, "chief_falls_end": True, "jail_to_win": 3, **_BASE},
    "first_clash": {"secrets_to_win": 0, "vp": {"basic_mission": 2, "special_mission": 4, "secret": 3},
                    "vp_to_win": 11, "chief_falls_end": True, **_BASE},
    "chestnuts": {"secrets_to_win": 3, "vp": {"basic_mission": 2, "special_mission": 4, "secret": 3},
                  "vp_to_win": 11, "chief_falls_end": False, **_BASE},
}
VICTORY_OPTIONS = tuple(VICTORY_RULES)
OPTION_LEVELS = {"basic": LEVELS, "first_clash": LEVELS[1:], "chestnuts": LEVELS[1:]}  # VP need missions (K11)
DEFAULT_STAGES = {"basic": 8, "first_clash": 8, "chestnuts": 10}
OPTION_NAMES = {"basic": pmsg("victory option", "Basic"), "first_clash": pmsg("victory option", "First Clash"),
                "chestnuts": pmsg("victory option", "Chestnuts")}
SPEC_KEYS = {"title", "grid", "networks", "level", "stages", "placement", "rules", "victory_option"}
_STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))

_registry: dict[str, MappingProxyType] = {}  # id -> the spec as registered (this process only)


@functools.lru_cache(maxsize=1)
def face_ids() -> tuple[str, ...]:
    """The ten sector faces (K1), read once: the builder and random_spec ask for them at every cell."""
    return _face_ids()


class FreeScenarioError(ValueError):
    """A spec or a step the rules refuse; args[0] is the sentence for the player (a Message)."""

    @property
    def message(self) -> str:
        return self.args[0]


# ----- the board (steps B-E, F30) --------------------------------------------------------------------------------

def cells_of(order) -> dict:
    """The laid sectors of a builder's order ([face, row, col, who], police at (0, 0)) as {(row, col): face}."""
    return {(r, c): f for f, r, c, _who in order}


def next_layer(order) -> str | None:
    """Who lays the next sector (D, E): police is laid by both, then the German player, then alternately."""
    if not order:
        return None
    return GERMAN if len(order) % 2 == 1 else POLISH


def lay_problem(order, face: str, row: int, col: int, sectors: int = MAX_SECTORS) -> Message | None:
    """Why `face` may not be laid at (row, col) next, or None (C-E with K1); rows and columns are relative to the
    police sector and may be negative."""
    cells = cells_of(order)
    placed = set(cells.values())
    if face not in face_ids():
        return msg("There is no such sector.")
    if len(cells) >= sectors:
        return nmsg("The board is complete: it has its {n} sector.", "The board is complete: it has its {n} sectors.",
                    sectors, n=sectors)
    if (row, col) in cells:
        return msg("A sector already lies there.")
    if face in placed:
        return msg("The {sector} sector is already on the board.", sector=_sector(face))
    other = load_face(face).other_side
    if other and other in placed:
        return msg("The {sector} sector is the back of the {other} sector, which is on the board: a tile shows "
                   "one face only.", sector=_sector(face), other=_sector(other))
    if not cells:
        return None if face == POLICE else msg("The police sector is laid first.")
    if not any((row + dr, col + dc) in cells for dr, dc in _STEPS):
        return msg("A sector must touch a sector on the board along an edge.")
    return None


def legal_lays(order) -> list[tuple[str, int, int]]:
    """Every (face, row, col) the next sector may take, in a fixed order."""
    cells = cells_of(order)
    if not cells:
        return [(POLICE, 0, 0)]
    free = sorted({(r + dr, c + dc) for r, c in cells for dr, dc in _STEPS} - set(cells))
    return [(f, r, c) for f in face_ids() for r, c in free if lay_problem(order, f, r, c) is None]


def computer_lay(order, rng: random.Random) -> tuple[str, int, int]:
    """F30: the computer lays at random among the legal cells and faces."""
    return rng.choice(legal_lays(order))


def lay(order, face: str, row: int, col: int, sectors: int = MAX_SECTORS) -> list:
    """The order with the next sector laid; FreeScenarioError with the reason if it may not be."""
    problem = lay_problem(order, face, row, col, sectors)
    if problem is not None:
        raise FreeScenarioError(problem)
    return [*order, [face, row, col, next_layer(order)]]


def grid_of(order) -> list[list[str | None]]:
    """The laid sectors as a scenario grid: rows of face ids, None where no sector lies, no empty edge."""
    cells = cells_of(order)
    if not cells:
        return []
    top, left = min(r for r, _ in cells), min(c for _, c in cells)
    height = max(r for r, _ in cells) - top + 1
    width = max(c for _, c in cells) - left + 1
    return [[cells.get((top + r, left + c)) for c in range(width)] for r in range(height)]


def order_problem(order, grid) -> Message | None:
    """Why a recorded laying order does not build `grid` by D-E's turns (a scenario file's builder block)."""
    if not isinstance(order, list) or not order:
        return msg("The order in which the sectors were laid is missing.")
    built: list = []
    for step in order:
        if not (isinstance(step, list) and len(step) == 4 and isinstance(step[0], str)
                and all(type(x) is int for x in step[1:3])):
            return msg("The order in which the sectors were laid is damaged.")
        if step[3] != next_layer(built):
            return msg("The sectors were not laid by the players in turn.")
        problem = lay_problem(built, *step[:3])
        if problem is not None:
            return problem
        built.append(step)
    if grid_of(built) != grid:
        return msg("The order in which the sectors were laid does not build this board.")
    return None


# ----- the agents (step G, F31) ------------------------------------------------------------------------------------

def draw_networks(rng: random.Random) -> dict[str, list[str]]:
    """F31: for each network and colour one of the network's own agents, at random; Kloss is the Polish black."""
    agents = content.agents()
    out = {}
    for side in SIDES:
        out[side] = [rng.choice(sorted(a for a, info in agents.items() if info.network == side and info.colour == col))
                     for col in COLOURS]
    return out


# ----- the spec ----------------------------------------------------------------------------------------------------

def make_spec(name: str, order, networks: dict, level: str, victory_option: str, stages: int | None = None) -> dict:
    """A spec from the builder's choices, checked; FreeScenarioError says what is wrong."""
    spec = {
        "title": name.strip() if isinstance(name, str) else name,
        "grid": grid_of(order),
        "networks": {side: list(networks.get(side, ())) for side in SIDES} if isinstance(networks, dict) else networks,
        "level": level,
        "stages": DEFAULT_STAGES.get(victory_option, 8) if stages is None else stages,
        "placement": dict(PLACEMENT),
        "rules": _rules_for(victory_option),
        "victory_option": victory_option,
    }
    check(spec)
    return spec


def _rules_for(option) -> dict | None:
    rules = VICTORY_RULES.get(option) if isinstance(option, str) else None
    return json.loads(json.dumps(rules)) if rules else None


def allowed_options(level: str) -> tuple[str, ...]:
    """The victory options open at a rules level (F33: the VP victories need EXTENDED)."""
    return tuple(o for o in VICTORY_OPTIONS if level in OPTION_LEVELS[o])


def card_limit(spec) -> int:
    """F34 (L474, A2): the location card limit by the number of sectors; 0 below ADVANCED (no location cards)."""
    if spec.get("level") != "advanced":
        return 0
    return free_scenario_card_limit(sum(1 for row in spec["grid"] for f in row if f))


def explain(spec) -> Message | None:
    """Why `spec` is not a playable free scenario, as the player reads it, or None."""
    try:
        check(spec)
    except FreeScenarioError as exc:
        return exc.message
    return None


def check(spec) -> None:
    """FreeScenarioError unless `spec` is a free scenario the rules allow (B-E, G, I-L; F29-F35)."""
    if not isinstance(spec, dict) or set(spec) != SPEC_KEYS:
        raise FreeScenarioError(msg("The scenario is damaged: it does not hold what a free scenario holds."))
    _check_name(spec["title"])
    _check_grid(spec["grid"])
    _check_networks(spec["networks"])
    _check_rules(spec)


def _check_name(name) -> None:
    if not isinstance(name, str) or not name.strip():
        raise FreeScenarioError(msg("Give the scenario a name."))
    if len(name) > NAME_MAX or name != name.strip():
        raise FreeScenarioError(nmsg("A scenario's name has at most {n} character.",
                                     "A scenario's name has at most {n} characters.", NAME_MAX, n=NAME_MAX))
    if not name.isprintable():
        raise FreeScenarioError(msg("A scenario's name may hold only letters, digits, spaces and punctuation."))


def _check_grid(grid) -> None:
    damaged = msg("The scenario's board is damaged.")
    if not (isinstance(grid, list) and 0 < len(grid) <= MAX_SECTORS
            and all(isinstance(r, list) and 0 < len(r) <= MAX_SECTORS for r in grid)):
        raise FreeScenarioError(damaged)
    cells = {(r, c): f for r, row in enumerate(grid) for c, f in enumerate(row) if f is not None}
    if not all(isinstance(f, str) and f in face_ids() for f in cells.values()):
        raise FreeScenarioError(damaged)
    if not MIN_SECTORS <= len(cells) <= MAX_SECTORS:
        raise FreeScenarioError(msg("A free scenario has {low} to {high} sectors, not {n}.",
                                    low=MIN_SECTORS, high=MAX_SECTORS, n=len(cells)))
    if POLICE not in cells.values():
        raise FreeScenarioError(msg("The police sector is on the board of every free scenario."))
    for face in set(cells.values()):
        if list(cells.values()).count(face) > 1:
            raise FreeScenarioError(msg("The {sector} sector is already on the board.", sector=_sector(face)))
        other = load_face(face).other_side
        if other and other in cells.values():
            raise FreeScenarioError(msg("The {sector} sector is the back of the {other} sector, which is on the "
                                        "board: a tile shows one face only.",
                                        sector=_sector(face), other=_sector(other)))
    if not _joined(cells):
        raise FreeScenarioError(msg("Every sector must touch the rest of the board along an edge."))


def _joined(cells) -> bool:
    start = next(iter(cells))
    reached, queue = {start}, deque([start])
    while queue:
        r, c = queue.popleft()
        for dr, dc in _STEPS:
            nxt = (r + dr, c + dc)
            if nxt in cells and nxt not in reached:
                reached.add(nxt)
                queue.append(nxt)
    return len(reached) == len(cells)


def _check_networks(networks) -> None:
    agents = content.agents()
    if not (isinstance(networks, dict) and set(networks) == set(SIDES)
            and all(isinstance(v, list) and all(isinstance(a, str) for a in v) for v in networks.values())):
        raise FreeScenarioError(msg("The scenario's agents are damaged."))
    for side in SIDES:
        for aid in networks[side]:
            if aid not in agents:
                raise FreeScenarioError(msg("The scenario names an agent this version does not know."))
            if agents[aid].network != side:
                raise FreeScenarioError(msg("{name} belongs to the other network.", name=T.agent(aid)))
        colours = sorted(agents[a].colour for a in networks[side])
        if colours != sorted(COLOURS):
            raise FreeScenarioError(msg("The {side} network needs four agents, one of each colour: yellow, purple, "
                                        "blue and black.", side=T.NETWORK_SIDE[side]))
    if content.KLOSS not in networks[POLISH]:
        raise FreeScenarioError(msg("Hans Kloss leads the Polish network."))


def _check_rules(spec) -> None:
    level, option, stages = spec["level"], spec["victory_option"], spec["stages"]
    if level not in LEVELS:
        raise FreeScenarioError(msg("Choose the basic, extended or advanced rules."))
    if option not in VICTORY_OPTIONS:
        raise FreeScenarioError(msg("Choose one of the victory options."))
    if level not in OPTION_LEVELS[option]:
        raise FreeScenarioError(msg("The {option} victory counts victory points from missions, which need at "
                                    "least the extended rules.", option=OPTION_NAMES[option]))
    if type(stages) is not int or not MIN_STAGES <= stages <= MAX_STAGES:
        raise FreeScenarioError(msg("A free scenario lasts {low} to {high} stages.", low=MIN_STAGES, high=MAX_STAGES))
    if spec["rules"] != VICTORY_RULES[option] or spec["placement"] != PLACEMENT:
        raise FreeScenarioError(msg("The scenario's rules do not match its victory option."))


def _sector(face: str) -> Message:
    return T.sector(load_face(face).title)


# ----- the registry --------------------------------------------------------------------------------------------------

def scenario_id(spec) -> str:
    """The content-addressed id: the same spec always, another spec never (in practice) gets this id."""
    text = json.dumps(spec, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return PREFIX + hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def register(spec) -> str:
    """Check `spec` and file it for `scenario.load_scenario`; its id. FreeScenarioError if it is not playable."""
    check(spec)
    copy = json.loads(json.dumps(spec))  # the registry never shares lists with the caller
    sid = scenario_id(copy)
    _registry.setdefault(sid, MappingProxyType(copy))
    return sid


def registered(sid: str) -> MappingProxyType | None:
    """The spec filed under `sid`, as scenario-file data (no "start", no "special"), or None."""
    return _registry.get(sid)


def is_free(sid) -> bool:
    return isinstance(sid, str) and sid.startswith(PREFIX)


def resolve_options(options: dict) -> dict:
    """The new-game options with a free scenario registered: "scenario" becomes its id, "free" its spec.
    Other scenarios pass unchanged. ValueError with a sentence when the spec is missing or refused."""
    sid = options.get("scenario")
    if sid != FREE and not is_free(sid):
        return options
    spec = options.get("free")
    if spec is None:
        raise FreeScenarioError(msg("A free scenario needs its board, agents and rules."))
    registered_id = register(spec)
    if is_free(sid) and sid != registered_id:
        raise FreeScenarioError(msg("The free scenario does not match its id."))
    return {**options, "scenario": registered_id, "free": json.loads(json.dumps(spec))}


def carried(options: dict) -> dict:
    """What the state's options keep of a free scenario (the spec, so that any restore can register it)."""
    return {"free": options["free"]} if is_free(options.get("scenario")) else {}


def register_saved(game_json) -> None:
    """Before a saved Stawka game is restored: register its free scenario from the saved options. CorruptState
    when the spec is damaged or is not the one the game was played on; anything else is left to the state's checks."""
    from ..core import CorruptState

    state = game_json.get("state") if isinstance(game_json, dict) else None
    sid = state.get("scenario") if isinstance(state, dict) else None
    if not is_free(sid):
        return
    options = state.get("options")
    try:
        got = register(options.get("free") if isinstance(options, dict) else None)
    except FreeScenarioError as exc:
        raise CorruptState(msg("the saved free scenario is damaged: {problem}", problem=exc.message)) from exc
    if got != sid:
        raise CorruptState(msg("the saved free scenario is not the one the game was played on"))


# ----- random scenarios (simulate) ---------------------------------------------------------------------------------

def random_spec(seed: int) -> dict:
    """A valid spec, the same for the same seed. Size, level and victory option cycle with the seed so that a run
    of consecutive seeds covers them all (4-7 sectors every 4 seeds, each level every 12, each option at
    EXTENDED and ADVANCED every 36); the board, the agents and the stage count are drawn from the seed."""
    rng = random.Random(seed)
    sectors = MIN_SECTORS + seed % (MAX_SECTORS - MIN_SECTORS + 1)
    level = LEVELS[(seed // 4) % len(LEVELS)]
    options = allowed_options(level)
    option = options[(seed // 12) % len(options)]
    order: list = []
    while len(order) < sectors:
        order = lay(order, *computer_lay(order, rng))
    networks = draw_networks(rng)
    stages = rng.randint(MIN_STAGES, MAX_STAGES)
    return make_spec(f"Random {seed}", order, networks, level, option, stages)


def describe(spec) -> dict:
    """The facts simulate's spread counts and the builder's summary shows: sectors, level, option, stages."""
    return {"sectors": sum(1 for row in spec["grid"] for f in row if f), "level": spec["level"],
            "option": spec["victory_option"], "stages": spec["stages"]}
