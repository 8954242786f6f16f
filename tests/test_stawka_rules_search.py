"""Stawka search, item tiles, "I was here" markers and hidden items.

Rulebook: Search Action 1-4, Item Tiles 1-3, Investigation Track 1;
rulings K9, K12.
"""

import json

import pytest

from barclay_desktop.rules.core import IllegalAction
from barclay_desktop.rules.stawka import actions as A
from barclay_desktop.rules.stawka.search import place_marker
from barclay_desktop.rules.stawka.state import GERMAN, POLISH
from tests.stawka_helpers import activation_position, new_game, place, touch

HOTEL = "hitlerplatz.hotel"


def at_hotel(top: list[str] | None = None):
    """Ingrid (yellow) on the hotel, Polish to act; `top`: the stack's top tiles, top first."""
    g = activation_position(new_game())
    if top:
        stack = g.state.stacks[HOTEL]
        for iid in top:
            stack.remove(iid)
        stack.extend(reversed(top))
    touch(g)
    return g


def test_search_costs_two_ap_draws_the_top_tile_and_leaves_a_marker():
    """Search 1, 3, 4: 2 AP; the top tile; a marker of the searcher's colour."""
    g = at_hotel(["hotel.5"])
    g.apply(A.Search("ingrid_heizer"), POLISH)
    s = g.state
    assert s.agents["ingrid_heizer"].ap_used == 2 and s.pools[POLISH] == 9
    assert s.pending[0].kind == "found" and s.pending[0].items == ("hotel.5",)
    assert s.markers[HOTEL] == ["yellow"]
    assert len(s.stacks[HOTEL]) == 4
    assert set(g.legal_actions(POLISH)) == {A.KeepItem("hotel.5"), A.UseAsEvidence("hotel.5", "purple")}


def test_kept_face_down_item_is_hidden_from_the_opponent():
    """Item Tiles 3 and K12: a non-'*' item is kept face down; the opponent sees only its back (location)."""
    g = at_hotel(["hotel.5"])  # Flowers, single use
    g.apply(A.Search("ingrid_heizer"), POLISH)
    g.apply(A.KeepItem("hotel.5"), POLISH)
    assert g.state.agents["ingrid_heizer"].items == ["hotel.5"]
    german = json.dumps(g.view(GERMAN))
    assert "hotel.5" not in german and "hotel.5" in g.leak_probes(GERMAN)
    ingrid = next(a for a in g.view(GERMAN)["agents"] if a["id"] == "ingrid_heizer")
    assert ingrid["items"] == [{"hidden": True, "back": HOTEL}]
    own = next(a for a in g.view(POLISH)["agents"] if a["id"] == "ingrid_heizer")
    assert own["items"][0]["id"] == "hotel.5" and own["items"][0]["name"] == "Flowers"
    assert "hotel.5" not in g.leak_probes(POLISH)


def test_a_reusable_item_is_kept_face_up():
    """Item Tiles 3: an item with '*' is revealed."""
    g = at_hotel(["hotel.3"])  # Room key, '*'
    g.apply(A.Search("ingrid_heizer"), POLISH)
    g.apply(A.KeepItem("hotel.3"), POLISH)
    ingrid = next(a for a in g.view(GERMAN)["agents"] if a["id"] == "ingrid_heizer")
    assert ingrid["items"][0]["id"] == "hotel.3" and ingrid["search_cost"] == 1  # its effect: search for 1 AP


def test_a_tile_used_as_evidence_burdens_one_colour_and_leaves_the_game():
    """Search 3 / Item Tiles 2: discarded as evidence against one of its colours (several colours: choose one)."""
    g = at_hotel(["hotel.4"])  # Guest register: yellow 1, black 1
    g.apply(A.Search("ingrid_heizer"), POLISH)
    assert set(g.legal_actions(POLISH)) == {
        A.KeepItem("hotel.4"), A.UseAsEvidence("hotel.4", "yellow"), A.UseAsEvidence("hotel.4", "black")
    }
    g.apply(A.UseAsEvidence("hotel.4", "black"), POLISH)
    s = g.state
    assert s.evidence[POLISH] == {"yellow": 0, "purple": 0, "blue": 0, "black": 1}
    assert "hotel.4" in s.discarded and "hotel.4" not in g.leak_probes(GERMAN)


def test_a_colour_already_marked_may_not_search_on_either_side():
    """Search 2 and 4: a marker of the agent's colour blocks him - for agents of that colour of both sides."""
    g = at_hotel()
    g.state.markers[HOTEL] = ["yellow"]  # left by Glaubel (German, yellow)
    touch(g)
    assert A.Search("ingrid_heizer") not in g.legal_actions(POLISH)
    with pytest.raises(IllegalAction, match='A yellow "I was here" marker lies at the Hotel'):
        g.apply(A.Search("ingrid_heizer"), POLISH)


def test_two_colours_at_most_and_a_third_colour_clears_them():
    """Search 4: at most two different markers; an agent of a third colour searches, removes them and leaves
    only his own."""
    assert place_marker([], "yellow") == ["yellow"]
    assert place_marker(["yellow"], "blue") == ["yellow", "blue"]
    assert place_marker(["yellow", "blue"], "black") == ["black"]
    with pytest.raises(ValueError):
        place_marker(["yellow"], "yellow")
    g = at_hotel()
    g.state.markers[HOTEL] = ["yellow", "blue"]
    place(g, "hans_kloss", HOTEL)
    g.apply(A.Search("hans_kloss"), POLISH)
    assert g.state.markers[HOTEL] == ["black"]


def test_search_needs_a_location_with_tiles_and_two_ap():
    """Search 1: on a location with items left; 2 AP."""
    g = at_hotel()
    g.state.stacks[HOTEL], moved = [], list(g.state.stacks[HOTEL])
    g.state.discarded.extend(moved)
    touch(g)
    with pytest.raises(IllegalAction, match="No item tiles are left at the Hotel"):
        g.apply(A.Search("ingrid_heizer"), POLISH)
    g = at_hotel()
    g.state.agents["ingrid_heizer"].ap_used = 3
    touch(g)
    with pytest.raises(IllegalAction, match="Ingrid Heizer has 1 AP left and nothing to spend it on"):
        g.apply(A.Search("ingrid_heizer"), POLISH)
    g = at_hotel()
    place(g, "ingrid_heizer", "hitlerplatz.s3")
    with pytest.raises(IllegalAction, match="Ingrid Heizer is on a street space"):
        g.apply(A.Search("ingrid_heizer"), POLISH)


def test_looking_at_two_tiles_puts_the_other_at_the_bottom():
    """Item effect search_peek (Guest register): see the top two, take one, the other goes to the bottom."""
    g = at_hotel(["hotel.1", "hotel.2"])
    s = g.state
    s.agents["ingrid_heizer"].items.append("employment_office.5")  # Card index, '*', peeks on every search
    s.stacks["administrative.employment_office"].remove("employment_office.5")
    touch(g)
    g.apply(A.Search("ingrid_heizer"), POLISH)
    assert s.pending[0].kind == "peek" and set(s.pending[0].items) == {"hotel.1", "hotel.2"}
    german = json.dumps(g.view(GERMAN))
    assert "hotel.1" not in german and "hotel.2" not in german
    g.apply(A.TakeTile("hotel.2"), POLISH)
    assert s.stacks[HOTEL][0] == "hotel.1"  # the bottom of the stack
    assert s.pending[0].kind == "found" and s.pending[0].items == ("hotel.2",)
    assert "hotel.1" in s.seen[POLISH] and "hotel.1" not in s.seen[GERMAN]


def test_items_in_effect_boots_and_theatre_ticket():
    """Item effects: officer's boots +1 AP limit ('*'); the theatre ticket adds 1 AP to the pool (used by the
    activated agent, no AP cost)."""
    g = at_hotel()
    s = g.state
    kloss = s.agents["hans_kloss"]
    for iid, loc in (("officers_apartments.2", "hitlerplatz.officers_apartments"), ("theatre.5", "hitlerplatz.theatre")):
        kloss.items.append(iid)
        s.stacks[loc].remove(iid)
    touch(g)
    assert next(a for a in g.view(POLISH)["agents"] if a["id"] == "hans_kloss")["ap_limit"] == 6
    with pytest.raises(IllegalAction, match="only by the activated agent"):
        g.apply(A.UseItem("hans_kloss", "theatre.5"), POLISH)
    g.apply(A.Search("hans_kloss"), POLISH)
    g.apply(A.KeepItem(s.pending[0].items[0]), POLISH)
    g.apply(A.UseItem("hans_kloss", "theatre.5"), POLISH)
    assert s.pools[POLISH] == 11 - 2 + 1 and "theatre.5" in s.discarded


def test_searching_reveals_hidden_information_so_undo_stops():
    """K12 and the core: a drawn tile is hidden information; undo may not cross it."""
    g = activation_position(new_game(track_undo=True))
    g.apply(A.Search("ingrid_heizer"), POLISH)
    ok, why = g.undo_status(POLISH)
    assert not ok and "item tile" in why


def give(g, agent_id: str, item_id: str) -> None:
    """Hand a tile to an agent, taking it from its stack when that stack is on this board."""
    s = g.state
    for stack in s.stacks.values():
        if item_id in stack:
            stack.remove(item_id)
    s.agents[agent_id].items.append(item_id)
    touch(g)


def test_single_use_peek_item_is_named_in_the_search_and_spent():
    """Item effect search_peek, single use (Guest register): chosen for one search, then discarded."""
    g = at_hotel()
    give(g, "ingrid_heizer", "hotel.4")
    assert A.Search("ingrid_heizer", "hotel.4") in g.legal_actions(POLISH)
    g.apply(A.Search("ingrid_heizer", "hotel.4"), POLISH)
    assert g.state.pending[0].kind == "peek" and "hotel.4" in g.state.discarded
    assert "hotel.4" in g.state.seen[GERMAN]  # using an item reveals it


def test_bandages_remove_evidence_against_their_holder():
    """Item effect clear_evidence (Bandages): the enemy loses evidence against the holder's colour."""
    g = at_hotel()
    give(g, "ingrid_heizer", "hospital.5")
    g.state.evidence[GERMAN]["yellow"] = 3
    g.apply(A.Search("ingrid_heizer"), POLISH)
    g.apply(A.KeepItem(g.state.pending[0].items[0]), POLISH)
    g.apply(A.UseItem("ingrid_heizer", "hospital.5"), POLISH)
    assert g.state.evidence[GERMAN]["yellow"] == 2 and "hospital.5" in g.state.discarded


def test_a_single_use_rank_item_helps_the_rank_test_once():
    """Item effect rank_bonus (Abwehr orders, +2, single use): Ingrid (4+2) against Brunner (8) needs a die
    above 2, so the 3 of Example 2 now opens the conversation; the item is spent."""
    from tests.stawka_helpers import cast, dice

    g = at_hotel()
    cast(g, {"ingrid_heizer": HOTEL}, {"hermann_brunner": HOTEL})
    g.state.agents["ingrid_heizer"].items.append("abwehr.1")  # from the military sector, given by hand
    touch(g)
    dice(g, 3, 1, 1)
    g.apply(A.Converse("ingrid_heizer", "hermann_brunner", ("abwehr.1",)), POLISH)
    rank = [e for e in g.state.log if e.kind == "dice" and e.data.get("roll") == "rank"][0]
    assert rank.data["passed"] and rank.data["needed"] == 3
    assert "abwehr.1" in g.state.discarded and g.state.agents["ingrid_heizer"].items == []


def test_city_map_moves_to_a_location_of_the_sector_as_movement():
    """Item effect move_to_location (City map): any location of the agent's sector for 1 AP; it is movement,
    so an activation of it alone must go on (2 AP of movement) or end in an action."""
    g = at_hotel()
    g.state.agents["hans_kloss"].items.append("market.4")  # from the city sector, given by hand
    touch(g)
    dests = {a.to for a in g.legal_actions(POLISH) if isinstance(a, A.MoveByMap)}
    assert dests == {"hitlerplatz.hotel", "hitlerplatz.theatre", "hitlerplatz.cafe"}
    g.apply(A.MoveByMap("hans_kloss", "market.4", "hitlerplatz.cafe"), POLISH)
    s = g.state
    assert s.agents["hans_kloss"].space == "hitlerplatz.cafe" and s.agents["hans_kloss"].ap_used == 1
    assert "market.4" in s.discarded and A.EndActivation() not in g.legal_actions(POLISH)
