"""Issue 39: a whole Stawka game sampled from one seat's view (rules/stawka/sample.py), for the search players.

K12 (RULINGS.md): a seat knows what its view shows and nothing more; the sample keeps all of it and draws the rest
among what the view allows: item tiles it was never shown (K9, Item Tiles 1: a tile's back shows its location),
the opponent's unrevealed planning card (K7), threat tokens (K8), mission cards (P16), location and reaction cards
(A4), the hidden radio station (F9).
"""

from __future__ import annotations

import json
import random

import pytest

from barclay_desktop import ai
from barclay_desktop.rules.core.serialize import state_to_json
from barclay_desktop.rules.core.twin import make_twin
from barclay_desktop.rules.stawka import free_scenario, radio
from barclay_desktop.rules.stawka.flow import available_cards
from barclay_desktop.rules.stawka.game import StawkaGame
from barclay_desktop.rules.stawka.rules import item
from barclay_desktop.rules.stawka.sample import prepare, sample_game
from barclay_desktop.rules.stawka.state import GERMAN, POLISH, SIDES
from barclay_desktop.rules.stawka.threats import unseen_tokens

SCENARIOS = ("meeting", "first_clash", "chestnuts", "i_know_who_you_are", "hotel_excelsior", "top_secret", "free")


def new_game(scenario: str, seed: int) -> StawkaGame:
    if scenario == "free":  # F35: a built scenario, registered by the game's set-up
        return StawkaGame.new({"scenario": "free", "free": free_scenario.random_spec(seed)}, seed=seed)
    return StawkaGame.new({"scenario": scenario}, seed=seed)


def positions(scenario: str, seed: int, stride: int, cap: int = 600, level: str = "random"):
    """Every `stride`-th position of a seeded game between two `level` computer players (the game is shared:
    read it before the next)."""
    g = new_game(scenario, seed)
    players = {x: ai.make_player("stawka", level, seed * 2 + i) for i, x in enumerate(SIDES)}
    for n in range(cap):
        if g.is_over():
            return
        if n % stride == 0:
            yield g
        seat = g.current_seat()
        g.apply(players[seat].choose(g.view(seat), g.legal_actions(seat)), seat)


def table(view: dict) -> dict:
    """The view but its log: a sample keeps no log (it is never shown to anyone)."""
    return {k: v for k, v in view.items() if k != "log"}


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_k12_a_sample_shows_the_seat_exactly_its_view(scenario):
    """K12: the sampled game looks to the seat exactly as the real one (view, and its legal actions on its turn)
    and keeps the engine's invariants (K9, K10: every tile and card in one place)."""
    checked = 0
    for seed, level in ((1, "random"), (2, "easy")):
        for g in positions(scenario, seed, stride=13, cap=320, level=level):
            for seat in SIDES:
                view = g.view(seat)
                sample = sample_game(view, seat, random.Random(checked))
                sample.check_invariants()
                assert table(sample.view(seat)) == table(view)
                if g.current_seat() == seat:
                    assert sample.legal_actions(seat) == g.legal_actions(seat)
                checked += 1
    assert checked > 12


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_a_sample_plays_on_to_the_end(scenario):
    """The sample is a real game: random play from it reaches the end without a broken rule (Hotel Excelsior has
    no last stage, F3: there it plays on through later stages)."""
    g = next(p for i, p in enumerate(positions(scenario, 3, stride=1)) if i == 25)
    seat = g.current_seat()
    rng = random.Random(4)
    for k in range(3):
        sample = sample_game(g.view(seat), seat, rng)
        for _ in range(1500):
            if sample.is_over():
                break
            who = sample.current_seat()
            sample.apply(rng.choice(sample.legal_actions(who)), who)
        sample.check_invariants()
        if g.state.stages:
            assert sample.is_over(), f"sample {k} did not end"
        else:
            assert sample.state.stage > g.state.stage + 2


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_k12_twins_give_the_same_sample(scenario):
    """K12 (rules/core/twin.py): two games that differ only in what the seat cannot see give the same sample
    for the same seed - the sample depends on the view alone."""
    rng = random.Random(7)
    compared = 0
    for g in positions(scenario, 5, stride=30, cap=240, level="easy"):
        for seat in SIDES:
            twin = make_twin(g, seat, rng)
            assert table(twin.view(seat)) == table(g.view(seat))
            a = sample_game(g.view(seat), seat, random.Random(compared))
            b = sample_game(twin.view(seat), seat, random.Random(compared))
            assert json.dumps(state_to_json(a.state), sort_keys=True) == json.dumps(state_to_json(b.state),
                                                                                     sort_keys=True)
            compared += 1
    assert compared > 3


def _hidden_tiles(state, seat: str) -> tuple:
    """The tiles in places `seat` cannot see: every stack and the opponent's face-down items."""
    stacks = tuple(tuple(s) for s in state.stacks.values())
    held = tuple(tuple(a.items) for a in state.agents.values() if a.side != seat)
    return stacks, held


def _known_places(state, seat: str) -> dict:
    """Where each tile the seat was shown lies (stack place or holder's place), and the seat's own items."""
    seen = set(state.seen[seat])
    out = {}
    for loc, stack in state.stacks.items():
        out.update({t: ("stack", loc, i) for i, t in enumerate(stack) if t in seen})
    for aid, a in state.agents.items():
        out.update({t: ("held", aid, i) for i, t in enumerate(a.items) if t in seen or a.side == seat})
    return out


@pytest.mark.parametrize("scenario", ("meeting", "chestnuts"))
def test_k9_unseen_tiles_vary_and_seen_ones_stay(scenario):
    """K9, K12: over many draws the tiles the seat never saw change places (stack orders, the opponent's
    face-down items, within the location their backs show, Item Tiles 1); a tile it saw stays where it lies."""
    g = next(p for i, p in enumerate(positions(scenario, 6, stride=1)) if i == 60)
    for seat in SIDES:
        sampler = prepare(g.view(seat), seat)
        rng = random.Random(1)
        draws = [sampler.draw(rng).state for _ in range(50)]
        assert len({_hidden_tiles(s, seat) for s in draws}) > 25
        known = _known_places(g.state, seat)
        for s in draws:
            assert _known_places(s, seat) == known
            for aid, a in s.agents.items():  # a face-down tile shows its location on its back: it keeps it
                assert [item(t).location for t in a.items] == [item(t).location for t in g.state.agents[aid].items]
                assert all(not item(t).reusable for t in a.items if t not in known)


def test_k7_the_opponents_hidden_planning_card_is_one_it_could_have_chosen():
    """K7: a chosen, unrevealed planning card is drawn among the cards its side has not used; the seat's own
    choice stays."""
    g = new_game("meeting", 1)
    g.apply(g.legal_actions(POLISH)[0], POLISH)
    own = g.state.chosen[POLISH]
    sampler = prepare(g.view(GERMAN), GERMAN)
    rng = random.Random(2)
    drawn = {sampler.draw(rng).state.chosen[POLISH] for _ in range(60)}
    assert drawn == {c.id for c in available_cards(g.state, POLISH)}
    assert own in drawn
    assert {prepare(g.view(POLISH), POLISH).draw(rng).state.chosen[POLISH] for _ in range(5)} == {own}


def test_k8_face_down_threat_tokens_are_drawn_among_the_unseen_ones():
    """K8, K12: the opponent's face-down tokens on the board are drawn among the tokens whose face the seat does
    not know; they vary between draws; the seat's own tokens stay."""
    g = next(p for p in positions("first_clash", 2, stride=1) if p.state.phase == "activation"
             and sum(t.side == GERMAN and not t.revealed for t in p.state.threats.values()) >= 2)
    unseen = set(unseen_tokens(g.state, POLISH))
    sampler = prepare(g.view(POLISH), POLISH)
    rng = random.Random(3)
    layouts = set()
    for _ in range(40):
        s = sampler.draw(rng).state
        german = {sp: t.id for sp, t in s.threats.items() if t.side == GERMAN and not t.revealed}
        assert set(german.values()) <= unseen
        assert {sp: t for sp, t in s.threats.items() if t.side == POLISH} == \
            {sp: t for sp, t in g.state.threats.items() if t.side == POLISH}
        assert sorted(s.threat_hand[POLISH]) == sorted(g.state.threat_hand[POLISH])
        layouts.add(tuple(sorted(german.items())))
    assert len(layouts) > 5


def test_f9_the_hidden_station_is_drawn_within_what_the_german_was_told():
    """F9 (radio_view.scramble): for the German seat the station moves among the eligible locations; the Polish
    seat's samples keep it where he hid it."""
    g = next(p for p in positions("i_know_who_you_are", 1, stride=1) if p.state.radio.get("location"))
    station = g.state.radio["location"]
    rng = random.Random(5)
    german = {prepare(g.view(GERMAN), GERMAN).draw(rng).state.radio["location"] for _ in range(40)}
    assert german <= set(radio.eligible_locations(g.state)) and len(german) > 1
    assert {prepare(g.view(POLISH), POLISH).draw(rng).state.radio["location"] for _ in range(5)} == {station}


def test_p16_hidden_mission_cards_vary_and_own_ones_stay():
    """P16, K12: the opponent's unrevealed mission cards are drawn among its agent's cards left; the seat's own
    cards stay."""
    g = next(p for p in positions("first_clash", 2, stride=1, level="easy")
             if any(not h.revealed for aid, h in p.state.missions.items() if p.state.agents[aid].side == GERMAN))
    sampler = prepare(g.view(POLISH), POLISH)
    rng = random.Random(6)
    cards = set()
    for _ in range(40):
        s = sampler.draw(rng).state
        cards.add(tuple(sorted((aid, h.card) for aid, h in s.missions.items())))
        for aid, h in s.missions.items():
            assert h.card.startswith(aid + ".")
            if g.state.agents[aid].side == POLISH or h.revealed:
                assert h.card == g.state.missions[aid].card
    assert len(cards) > 1


def test_a4_the_other_hands_are_dealt_from_what_the_seat_cannot_see():
    """A4, K12: the opponent's location hand comes from its hand and deck, the reaction hand from the deck and the
    other hand, sizes kept; the seat's own hands stay."""
    g = next(p for i, p in enumerate(positions("chestnuts", 2, stride=1)) if i == 40)
    rng = random.Random(8)
    hands = set()
    for _ in range(30):
        s = prepare(g.view(POLISH), POLISH).draw(rng).state
        assert s.location_hand[POLISH] == g.state.location_hand[POLISH]
        assert s.reaction_hand[POLISH] == g.state.reaction_hand[POLISH]
        assert len(s.location_hand[GERMAN]) == len(g.state.location_hand[GERMAN])
        assert sorted(s.location_hand[GERMAN] + s.location_deck[GERMAN]) == \
            sorted(g.state.location_hand[GERMAN] + g.state.location_deck[GERMAN])
        assert sorted(s.reaction_hand[GERMAN] + s.reaction_deck) == \
            sorted(g.state.reaction_hand[GERMAN] + g.state.reaction_deck)
        hands.add((tuple(s.location_hand[GERMAN]), tuple(s.reaction_hand[GERMAN])))
    assert len(hands) > 5


def test_the_view_must_be_the_seats_own():
    g = new_game("meeting", 1)
    with pytest.raises(ValueError):
        sample_game(g.view(POLISH), GERMAN, random.Random(1))
    with pytest.raises(ValueError):
        sample_game(g.view(None), POLISH, random.Random(1))


def test_a_sample_is_quiet_and_its_chance_is_its_own():
    """A search copy: no undo, no log; the dice come from a generator seeded by the caller's rng."""
    g = new_game("meeting", 1)
    a = sample_game(g.view(POLISH), POLISH, random.Random(1))
    b = sample_game(g.view(POLISH), POLISH, random.Random(2))
    assert a.quiet and not a.track_undo and a.state.log == []
    assert a.state.rng != b.state.rng


def test_k12_the_audis_defence_counts_a_face_down_protection_token_only_for_its_owner():
    """K12, P10, F25 (L667): a German protection token face down on the Black Audi's space raises its Defence, but
    the Polish view may not show that before the token is turned up (found by the sample's round trip)."""
    from tests.stawka_helpers import put_threat, touch
    from tests.test_stawka_top_secret import BARRACKS, aboard, ts_game

    g = ts_game()
    aboard(g, BARRACKS)
    put_threat(g, BARRACKS, "german.16")
    assert g.view(GERMAN)["vehicle"]["defence"] == 6 + 2
    assert g.view(POLISH)["vehicle"]["defence"] == 6
    t = g.state.threats[BARRACKS]
    g.state.threats[BARRACKS] = type(t)(t.id, t.side, True, t.fixed)
    touch(g)
    assert g.view(POLISH)["vehicle"]["defence"] == 6 + 2


def test_the_opponents_memory_is_the_shared_part_and_its_own_holdings():
    """Approximated (sample.py's docstring): the opponent's `seen` holds the tiles shown to both and those it
    holds; the seat's own memory is copied."""
    g = next(p for i, p in enumerate(positions("meeting", 6, stride=1)) if i == 60)
    s = prepare(g.view(POLISH), POLISH).draw(random.Random(1)).state
    assert s.seen[POLISH] == g.state.seen[POLISH]
    german_items = [t for a in s.agents.values() if a.side == GERMAN for t in a.items]
    assert set(german_items) <= set(s.seen[GERMAN])
    assert set(s.discarded) & set(g.state.seen[POLISH]) <= set(s.seen[GERMAN])


def _round_trip(g, seat: str, seed: int) -> StawkaGame:
    sample = sample_game(g.view(seat), seat, random.Random(seed))
    sample.check_invariants()
    assert table(sample.view(seat)) == table(g.view(seat))
    if g.current_seat() == seat:
        assert sample.legal_actions(seat) == g.legal_actions(seat)
    return sample


def test_k16_the_item_the_other_side_kept_is_drawn_where_it_can_lie():
    """K16, A29 (tests/test_stawka_campaign.py): the item the First Clash winner kept is named to him only; the
    other seat's samples put a tile it never saw in its place - in a stack until it is handed to an agent, then
    with one of the winner's agents - and play on from there."""
    from tests.test_stawka_campaign import chestnuts_after, first_clash_won_by_vp_with

    first = first_clash_won_by_vp_with("gestapo.2")
    _round_trip(first, GERMAN, 1)  # the carry-over, the kept item hidden
    g = chestnuts_after(first.state.carry_over)
    rng = random.Random(2)
    for step in range(40):
        if g.is_over():
            break
        for n in range(3):
            sample = _round_trip(g, GERMAN, step * 3 + n)
            kept = sample.state.options["campaign"]["carry_in"]["kept_item"][POLISH]
            assert kept not in g.state.seen[GERMAN]
            if any(p.kind == "campaign_item" for p in sample.state.pending):
                assert sample.state.pending[0].items == (kept,)
                assert any(kept in stack for stack in sample.state.stacks.values())
        seat = g.current_seat()
        g.apply(rng.choice(g.legal_actions(seat)), seat)
    assert any("gestapo.2" in a.items for a in g.state.agents.values())
