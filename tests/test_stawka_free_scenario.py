"""Free scenarios in the engine (rulebook L456-L474, rulings F29-F35, K1, K3, K11): the builder's steps, the spec's
checks, the registry, the placement on any space, the victory options and random scenarios."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter

import pytest

from barclay_desktop.rules.core import CorruptState, IllegalAction
from barclay_desktop.rules.stawka import actions as A
from barclay_desktop.rules.stawka import content
from barclay_desktop.rules.stawka import free_scenario as F
from barclay_desktop.rules.stawka.scenario import board_for_scenario, load_scenario
from barclay_desktop.rules.stawka.scenario_rules import scenario_rules
from barclay_desktop.rules.stawka.state import GERMAN, POLISH

from tests.stawka_helpers import StawkaGame

NETWORKS = {POLISH: ["ingrid_heizer", "jacek", "georg", "hans_kloss"],
            GERMAN: ["glaubel", "bruno_dreher", "marta_becher", "hermann_brunner"]}
# police at the centre, then German, Polish, German laying in turn (F30)
ORDER = [["police", 0, 0, None], ["hitlerplatz", 0, -1, GERMAN], ["administrative", 0, 1, POLISH],
         ["city", 1, 0, GERMAN]]


def spec(level="extended", option="first_clash", stages=None, order=ORDER, networks=NETWORKS, name="Docks at dawn"):
    return F.make_spec(name, order, networks, level, option, stages)


def free_game(sp=None, seed=3, **options):
    return StawkaGame.new({"scenario": "free", "free": sp or spec(), **options}, seed=seed, track_undo=False)


def refusal(sp) -> str:
    with pytest.raises(F.FreeScenarioError) as info:
        F.check(sp)
    return str(info.value)


# ----- the board: steps B-E (L461-L464), K1, F30 -------------------------------------------------------------------

def test_police_is_laid_first_then_the_german_player_then_in_turn():
    """L462-L464, F30: police first (by both), the German player lays the second sector, then alternately."""
    assert F.lay_problem([], "city", 0, 0) == "The police sector is laid first."
    assert F.legal_lays([]) == [("police", 0, 0)]
    order = F.lay([], "police", 0, 0)
    assert [F.next_layer(ORDER[:n]) for n in range(1, 5)] == [GERMAN, POLISH, GERMAN, POLISH]
    order = F.lay(order, "city", 1, 0)
    assert order[-1] == ["city", 1, 0, GERMAN]


def test_a_second_police_both_faces_of_a_tile_and_a_loose_sector_are_refused():
    """K1 and L463-L464: each face once, never both faces of one tile, each sector touching a laid one by an edge."""
    order = ORDER[:2]  # police, Hitlerplatz
    assert "already on the board" in F.lay_problem(order, "police", 1, 0)
    assert "back of the Hitlerplatz sector" in F.lay_problem(order, "outskirts", 1, 0)
    assert "touch a sector" in F.lay_problem(order, "city", 2, 2)
    assert "already lies there" in F.lay_problem(order, "city", 0, -1)
    assert F.lay_problem(order, "city", 1, 1) == F.lay_problem(order, "city", 5, 5)  # a corner is no edge
    assert F.lay_problem(order, "city", 1, -1) is None  # below Hitlerplatz
    with pytest.raises(F.FreeScenarioError, match="board is complete"):
        F.lay(ORDER, "railway", 2, 0, sectors=4)


def test_the_computer_lays_only_legal_sectors():
    """F30: at random among the legal cells and faces; every choice passes the same check as the player's."""
    rng = random.Random(5)
    order = F.lay([], "police", 0, 0)
    while len(order) < 7:
        face, row, col = F.computer_lay(order, rng)
        assert F.lay_problem(order, face, row, col) is None
        order = F.lay(order, face, row, col)
    assert F.order_problem(order, F.grid_of(order)) is None
    assert sum(1 for row in F.grid_of(order) for f in row if f) == 7


def test_a_recorded_order_must_alternate_and_build_the_board():
    """L463-L464: the file's laying order is checked as the builder laid it."""
    grid = F.grid_of(ORDER)
    assert grid == [["hitlerplatz", "police", "administrative"], [None, "city", None]]
    assert F.order_problem(ORDER, grid) is None
    swapped = [ORDER[0], [*ORDER[1][:3], POLISH], *ORDER[2:]]
    assert F.order_problem(swapped, grid) == "The sectors were not laid by the players in turn."
    assert "does not build" in F.order_problem(ORDER[:3], grid)


# ----- the spec: B, G, I, L (L461, L466, L468, L471-L472), K3, F31-F33 -------------------------------------------

def test_three_or_eight_sectors_are_refused():
    """L461: min. 4, max. 7 sectors."""
    sp = spec()
    sp["grid"] = [["hitlerplatz", "police", "administrative"]]
    assert refusal(sp) == "A free scenario has 4 to 7 sectors, not 3."
    sp["grid"] = [["hitlerplatz", "police", "administrative", "city"],
                  ["villa", "railway", "waterfront", None], [None, None, None, None]]
    sp["grid"][2][0] = "outskirts"  # the back of Hitlerplatz: 8 faces would need it
    assert "not 8" in refusal(sp)


def test_a_board_without_police_or_with_a_loose_sector_is_refused():
    """L462 and K1."""
    sp = spec()
    sp["grid"] = [["hitlerplatz", "railway", "administrative"], [None, "city", None]]
    assert refusal(sp) == "The police sector is on the board of every free scenario."
    sp["grid"] = [["hitlerplatz", "police", None, "administrative"], [None, "city", None, None]]
    assert refusal(sp) == "Every sector must touch the rest of the board along an edge."


def test_agents_one_of_each_colour_in_their_own_network():
    """L466 and F31 (K3): one agent of each colour per network, each in his own network, Kloss the Polish black."""
    two_yellows = {**NETWORKS, POLISH: ["ingrid_heizer", "irena", "georg", "hans_kloss"]}
    assert "one of each colour" in refusal({**spec(), "networks": two_yellows})
    german_in_polish = {**NETWORKS, POLISH: ["ingrid_heizer", "jacek", "marta_becher", "hans_kloss"]}
    assert refusal({**spec(), "networks": german_in_polish}) == "Marta Becher belongs to the other network."
    unknown = {**NETWORKS, GERMAN: ["glaubel", "bruno_dreher", "marta_becher", "nobody"]}
    assert "does not know" in refusal({**spec(), "networks": unknown})


def test_draws_give_one_own_agent_per_colour_and_kloss():
    """F31: drawn at random, one per colour from the network's own agents; Kloss is always the Polish black."""
    seen = set()
    for seed in range(30):
        nets = F.draw_networks(random.Random(seed))
        F._check_networks(nets)
        assert "hans_kloss" in nets[POLISH]
        seen.update(nets[GERMAN])
    assert len(seen) > 8  # the draw varies


def test_vp_options_need_extended_rules_and_stages_stay_in_range():
    """F33: the First Clash and Chestnuts victories count mission VP (EXTENDED, K11); 4-15 stages."""
    assert F.allowed_options("basic") == ("basic",)
    assert F.allowed_options("advanced") == ("basic", "first_clash", "chestnuts")
    with pytest.raises(F.FreeScenarioError, match="need at least the extended rules"):
        spec(level="basic", option="chestnuts")
    with pytest.raises(F.FreeScenarioError, match="4 to 15 stages"):
        spec(stages=16)
    with pytest.raises(F.FreeScenarioError, match="4 to 15 stages"):
        spec(stages=3)
    assert spec(option="chestnuts")["stages"] == 10 and spec(option="basic")["stages"] == 8  # F33 defaults
    assert "Choose the basic" in refusal({**spec(), "level": "expert"})


def test_the_rules_block_follows_the_victory_option():
    """F33: "Basic" as printed (L472): two secrets, the chief's fall, three Polish agents in the jail; First Clash
    11 VP; Chestnuts 11 VP or 3 secrets. A hand-edited rules block is refused."""
    basic = scenario_rules(F.register(spec(option="basic")))
    assert (basic["secrets_to_win"], basic["vp"], basic["chief_falls_end"], basic["jail_to_win"]) == (2, None, True, 3)
    clash = scenario_rules(F.register(spec(option="first_clash")))
    assert (clash["vp_to_win"], dict(clash["vp"]), clash["chief_falls_end"]) == (
        11, {"basic_mission": 2, "special_mission": 4, "secret": 3}, True)
    nuts = scenario_rules(F.register(spec(option="chestnuts")))
    assert (nuts["secrets_to_win"], nuts["vp_to_win"], nuts["chief_falls_end"]) == (3, 11, False)
    edited = spec(option="basic")
    edited["rules"]["secrets_to_win"] = 1
    assert refusal(edited) == "The scenario's rules do not match its victory option."
    assert "does not hold what" in refusal({**spec(), "start": {"hans_kloss": "gestapo"}})


def test_names_are_checked():
    """F35: a scenario is saved under a name (24 characters at most)."""
    assert refusal({**spec(), "title": " "}) == "Give the scenario a name."
    assert "at most 24" in refusal({**spec(), "title": "x" * 25})
    assert spec(name="Łódź & Gdańsk")["title"] == "Łódź & Gdańsk"


@pytest.mark.parametrize("order, level, limit", [
    (ORDER, "advanced", 2),
    (ORDER + [["railway", -1, 0, POLISH]], "advanced", 3),
    (ORDER + [["railway", -1, 0, POLISH], ["villa", -1, -1, GERMAN]], "advanced", 3),
    (ORDER + [["railway", -1, 0, POLISH], ["villa", -1, -1, GERMAN], ["factory", 1, 1, POLISH]], "advanced", 4),
    (ORDER, "extended", 0),
])
def test_the_location_card_limit_follows_the_sector_count(order, level, limit):
    """L474, A2, F34: 4 sectors 2, 5-6 sectors 3, 7 sectors 4 (ADVANCED only)."""
    sp = spec(level=level, order=order)
    assert F.card_limit(sp) == limit
    assert scenario_rules(F.register(sp))["location_card_limit"] == limit


@pytest.mark.parametrize("level, threats, cards", [("basic", False, False), ("extended", True, False),
                                                   ("advanced", True, True)])
def test_the_level_brings_its_components(level, threats, cards):
    """Step J (L469) with K11 (F32): threat tokens and missions from EXTENDED, location and reaction cards at
    ADVANCED only; the location decks hold the cards of the board's locations."""
    g = free_game(spec(level=level, option="basic"))
    s = g.state
    assert bool(s.threat_pool) == threats
    assert bool(s.location_deck) == cards and bool(s.reaction_deck) == cards
    if cards:
        on_board = {loc.id for loc in board_for_scenario(s.scenario).locations()}
        where = {c.id: c.location for c in content.location_cards(POLISH)}
        assert s.location_deck[POLISH] and {where[c] for c in s.location_deck[POLISH]} <= on_board


# ----- placement at the table: step H (L467), F29 -----------------------------------------------------------------

def test_placement_is_polish_first_any_agent_any_space_one_per_network_per_sector():
    """L467, F29: alternately, the Polish player first, any unplaced agent (own or enemy), on any space, street or
    location, of a sector holding no agent of that agent's network."""
    g = free_game()
    b = board_for_scenario(g.state.scenario)
    assert g.state.phase == "placement" and g.current_seat() == POLISH
    assert set(g.state.to_place) == set(NETWORKS[POLISH] + NETWORKS[GERMAN]) and not g.state.agents
    legal = g.legal_actions(POLISH)
    assert {a.to for a in legal} == set(b.spaces)  # streets too
    assert {a.agent for a in legal} == set(g.state.to_place)
    g.apply(A.PlaceAgent("glaubel", "hitlerplatz.s1"), POLISH)  # the Polish player places a German on a street
    assert g.current_seat() == GERMAN
    with pytest.raises(IllegalAction, match="already has an agent in that sector"):
        g.apply(A.PlaceAgent("marta_becher", "hitlerplatz.hotel"), GERMAN)
    g.apply(A.PlaceAgent("jacek", "hitlerplatz.s1"), GERMAN)  # the other network may share the sector, the space
    assert g.state.agents["jacek"].space == g.state.agents["glaubel"].space == "hitlerplatz.s1"
    with pytest.raises(IllegalAction, match="no such space"):
        g.apply(A.PlaceAgent("georg", "railway.station"), POLISH)
    placed = [e for e in g.state.log if e.kind == "placement"]
    assert "any space" in placed[0].text


def test_the_easy_player_places_on_any_space_and_plays_on():
    """F29: the Easy player's placement, written for locations, copes with street spaces."""
    from barclay_desktop.ai import make_player

    g = free_game(spec(level="advanced", option="chestnuts"), seed=8)
    players = {x: make_player("stawka", "easy", i) for i, x in enumerate((POLISH, GERMAN))}
    while g.state.phase == "placement":
        seat = g.current_seat()
        g.apply(players[seat].choose(g.view(seat), g.legal_actions(seat)), seat)
    b = board_for_scenario(g.state.scenario)
    faces = Counter((a.side, b.face_of(a.space)) for a in g.state.agents.values())
    assert len(g.state.agents) == 8 and max(faces.values()) == 1 and g.state.phase == "planning"
    g.check_invariants()


def easy_placements(seeds) -> list[tuple[str, object]]:
    """(space, the placing seat's view) of each agent the Easy players place in random free scenarios."""
    from barclay_desktop.ai import make_player

    out = []
    for seed in seeds:
        g = StawkaGame.new({"scenario": "free", "free": F.random_spec(seed)}, seed=seed)
        players = {x: make_player("stawka", "easy", seed + i) for i, x in enumerate((POLISH, GERMAN))}
        while g.state.phase == "placement":
            seat = g.current_seat()
            view = g.view(seat)
            a = players[seat].choose(view, g.legal_actions(seat))
            out.append((a.to, view))
            g.apply(a, seat)
    return out


def test_the_easy_player_places_on_a_street_that_reaches_more_locations():
    """F29 allows streets; Easy chose none (the session-29 note). A street two steps or less from more locations
    holding tiles than any location near it is now worth taking (measured: 24 of 320 agents in 40 boards)."""
    from barclay_desktop.ai.stawka.heuristic import _Ctx

    streets = []
    for space, view in easy_placements(range(20)):
        ctx = _Ctx(view)
        if space not in ctx.locations:
            near = [x for x, d in ctx.dist(space, ctx.me, stops=False).items()
                    if d <= 2 and ctx.locations.get(x, {}).get("tiles_left")]
            streets.append(len(near))
    assert streets and min(streets) >= 3  # a crossing of three or more, never a dead end


def test_placement_on_locations_only_is_valued_as_before():
    """The training scenarios place on locations (P29): a space is worth its own tiles, as before, so their
    games are unchanged (simulate at seed 11: Meeting, First Clash and Chestnuts give the same figures)."""
    from barclay_desktop.ai.stawka.extended import _spot_tiles
    from barclay_desktop.ai.stawka.heuristic import _Ctx

    g = StawkaGame.new({"scenario": "chestnuts"}, seed=3)
    seat = g.current_seat()
    view = g.view(seat)
    assert view["placement"] and not view["placement"]["any_space"]
    ctx = _Ctx(view)
    for a in g.legal_actions(seat):
        assert _spot_tiles(ctx, a.to) == ctx.locations[a.to]["tiles_left"]


# ----- the registry and restores (F35) -------------------------------------------------------------------------------

def test_the_id_is_the_same_for_the_same_spec_and_differs_for_another():
    """F35: content-addressed; two specs never share the caches keyed by scenario id."""
    a, b = F.register(spec()), F.register(spec())
    assert a == b and a.startswith("free_") and len(a) == len("free_") + 16
    other = F.register(spec(stages=9))
    assert other != a
    assert load_scenario(a).data["stages"] == 8 and load_scenario(other).data["stages"] == 9
    assert load_scenario(a).title == "Docks at dawn"


def test_setup_keeps_the_spec_in_the_options_and_the_summary_names_it():
    """F35: the state's options carry the spec, so any restore can register it; the load screen names it."""
    g = free_game()
    s = g.state
    assert s.scenario == F.register(spec()) and s.options["free"] == spec() and s.stages == 8
    assert s.level == "extended"
    rows = dict(StawkaGame.summary_rows({**g.summary(), "scenario": "free_0123456789abcdef"}))
    assert rows["Scenario"] == "Free scenario: Docks at dawn"
    docs = [d.id for d in content.agent(content.KLOSS).documents]
    assert free_game(kloss_document=docs[2]).state.options["kloss_document"] == docs[2]  # chosen per game (F31)
    with pytest.raises(ValueError, match="needs its board"):
        StawkaGame.new({"scenario": "free"}, seed=1)
    with pytest.raises(ValueError, match="at least the extended"):
        StawkaGame.new({"scenario": "free", "free": {**spec(), "level": "basic"}}, seed=1)


def test_a_tampered_spec_in_a_save_is_refused():
    """F35: a save's spec must be the one its game was played on."""
    data = json.loads(json.dumps(free_game().to_json()))
    data["state"]["options"]["free"]["stages"] = 9
    with pytest.raises(CorruptState, match="not the one the game was played on"):
        StawkaGame.from_json(data)
    data["state"]["options"]["free"]["level"] = "expert"
    with pytest.raises(CorruptState, match="free scenario is damaged"):
        StawkaGame.from_json(data)


RESTORE_IN_A_FRESH_PROCESS = """
import json, random, sys
from barclay_desktop.rules import game_class
from barclay_desktop.rules.stawka import free_scenario
assert not free_scenario._registry
g = game_class("stawka").from_json(json.load(open(sys.argv[1])))
rng = random.Random(1)
for _ in range(60):
    seat = g.current_seat()
    if seat is None:
        break
    g.apply(rng.choice(g.legal_actions(seat)), seat)
    g.check_invariants()
g.undo_status(seat)
print(g.state.scenario, g.state.stage)
"""


def test_a_saved_game_restores_and_plays_on_in_a_fresh_process(tmp_path):
    """F35: a fresh process (empty registry: the load screen, simulate's workers) restores the game and its undo
    history from the save alone and plays on."""
    g = StawkaGame.new({"scenario": "free", "free": spec(level="advanced", option="basic")}, seed=4, track_undo=True)
    rng = random.Random(2)
    for _ in range(12):
        seat = g.current_seat()
        g.apply(rng.choice(g.legal_actions(seat)), seat)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(g.to_json()))
    out = subprocess.run([sys.executable, "-c", RESTORE_IN_A_FRESH_PROCESS, str(path)], capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split()[0] == g.state.scenario


def test_a_free_game_survives_save_load_and_undo():
    """F35, as simulate --check does: a save and load in the middle gives the same game; undo works after it."""
    g = StawkaGame.new({"scenario": "free", "free": spec()}, seed=6, track_undo=True)
    rng = random.Random(3)
    for _ in range(20):
        seat = g.current_seat()
        g.apply(rng.choice(g.legal_actions(seat)), seat)
    copy = StawkaGame.from_json(json.loads(json.dumps(g.to_json())))
    assert copy.to_json() == g.to_json()
    seat = g.current_seat()
    if copy.undo_status(seat)[0]:
        copy.undo(seat)


# ----- random scenarios (simulate --scenario free) -------------------------------------------------------------------

def test_random_specs_are_deterministic_valid_and_cover_sizes_levels_and_options():
    """random_spec(seed): the same spec for the same seed, always valid, and 36 seeds cover 4-7 sectors, the three
    levels and the three victory options (F33 at EXTENDED and ADVANCED)."""
    assert F.random_spec(7) == F.random_spec(7) and F.random_spec(7) != F.random_spec(8)
    facts = [F.describe(F.random_spec(seed)) for seed in range(1, 37)]
    assert {f["sectors"] for f in facts} == {4, 5, 6, 7}
    assert {f["level"] for f in facts} == set(F.LEVELS)
    assert {(f["level"], f["option"]) for f in facts} >= {("extended", o) for o in F.VICTORY_OPTIONS}
    assert all(f["option"] == "basic" for f in facts if f["level"] == "basic")
    assert all(4 <= f["stages"] <= 15 for f in facts)


def test_simulate_builds_a_scenario_per_game_and_reports_the_spread():
    """simulate --scenario free --free-seed N: game i plays random_spec(N + i); the report counts the spread."""
    from barclay_desktop import simulate

    args = simulate.parse_args(["--game", "stawka", "--scenario", "free", "--free-seed", "5", "--games", "2",
                                "--players", "random,random", "--seed", "1"])
    report = simulate.run(args)
    assert report["errors"] == 0, report["error_details"]
    assert sum(report["free"]["sectors"].values()) == 2
    assert report["free"]["sectors"] == {str(F.describe(F.random_spec(5))["sectors"]): 1,
                                         str(F.describe(F.random_spec(6))["sectors"]): 1}
