"""Training scenario 2 "First Clash": set-up, the players' placement, victory points and the endings.

Rulebook, Training Scenario 2 (set-up points 1-4, victory conditions); rulings K5, K16 and our
P28-P29 (docs/stawka-rules-notes.md).
"""

from __future__ import annotations

import random

import pytest

from barclay_desktop.rules.core import IllegalAction
from barclay_desktop.rules.stawka import actions as A
from barclay_desktop.rules.stawka.flow import gain_evidence, gain_secret
from barclay_desktop.rules.stawka.scenario import board_for_scenario
from barclay_desktop.rules.stawka.scenario_rules import playable_scenarios, scenario_rules
from barclay_desktop.rules.stawka.state import GERMAN, POLISH
from tests.stawka_helpers import activation_position, events, new_game, touch

FC_BOARD = board_for_scenario("first_clash")


def first_clash(seed: int = 1, **options):
    return new_game(seed=seed, scenario="first_clash", **options)


def placed_first_clash(seed: int = 1, **options):
    """First Clash with the four agents placed (German first, as P29 orders) on fixed locations."""
    g = first_clash(seed, **options)
    for aid, to in (("glaubel", "hitlerplatz.hotel"), ("ingrid_heizer", "administrative.hospital"),
                    ("marta_becher", "hitlerplatz.theatre"), ("jacek", "administrative.courts")):
        g.apply(A.PlaceAgent(aid, to), g.current_seat())
    return g


def set_out_first(g) -> None:
    """Stage C: each player sets out the first of his drawn tokens on the first legal space."""
    while g.state.phase == "threats":
        seat = g.current_seat()
        g.apply(g.legal_actions(seat)[0], seat)


def give_up_the_last_stage(g) -> None:
    """Jump to stage 8's planning; both choose, set out their tokens and give up: the draw after the last stage."""
    s = g.state
    s.stage = s.stages
    s.phase = "planning"
    s.chosen = {POLISH: None, GERMAN: None}
    touch(g)
    g.apply(A.ChoosePlan("polish_5"), POLISH)
    g.apply(A.ChoosePlan("german_5"), GERMAN)
    set_out_first(g)
    while g.state.phase == "activation":
        g.apply(A.GiveUp(), g.current_seat())


def test_first_clash_sets_up_its_board_networks_and_gestapo_start():
    """Set-up 1-3: Hitlerplatz, police and administrative; Kloss and Brunner start at the Gestapo."""
    g = first_clash()
    s = g.state
    assert s.level == "extended" and s.stages == 8
    assert set(FC_BOARD.faces) == {"hitlerplatz", "police", "administrative"}
    assert {a: x.space for a, x in s.agents.items()} == {"hans_kloss": "police.gestapo",
                                                         "hermann_brunner": "police.gestapo"}
    assert s.to_place == {"ingrid_heizer": POLISH, "jacek": POLISH, "glaubel": GERMAN, "marta_becher": GERMAN}
    assert set(s.stacks) == {loc.id for loc in FC_BOARD.locations()} and len(s.stacks) == 10
    assert s.vp == {POLISH: 0, GERMAN: 0}
    assert "first_clash" in playable_scenarios()


def test_placement_alternates_german_first_any_agent_on_locations_outside_the_police_sector():
    """Set-up 4 and P29: alternately, German first, any unplaced agent, locations only, not the police sector."""
    g = first_clash()
    assert g.state.phase == "placement" and g.current_seat() == GERMAN
    legal = g.legal_actions(GERMAN)
    spaces = {a.to for a in legal}
    assert spaces == {loc.id for loc in FC_BOARD.locations() if FC_BOARD.face_of(loc.id) != "police"}
    assert len(spaces) == 7
    assert {a.agent for a in legal} == {"ingrid_heizer", "jacek", "glaubel", "marta_becher"}  # own or enemy
    with pytest.raises(IllegalAction, match="locations only"):
        g.apply(A.PlaceAgent("jacek", "police.jail"), GERMAN)
    with pytest.raises(IllegalAction, match="locations only"):
        g.apply(A.PlaceAgent("jacek", "hitlerplatz.s1"), GERMAN)
    g.apply(A.PlaceAgent("jacek", "hitlerplatz.hotel"), GERMAN)  # the German player places a Polish agent
    assert g.current_seat() == POLISH
    g.apply(A.PlaceAgent("glaubel", "hitlerplatz.hotel"), POLISH)  # several agents may share a location
    assert g.current_seat() == GERMAN
    assert g.state.agents["jacek"].space == g.state.agents["glaubel"].space == "hitlerplatz.hotel"
    with pytest.raises(IllegalAction, match="already on the board"):
        g.apply(A.PlaceAgent("jacek", "hitlerplatz.cafe"), GERMAN)
    g.apply(A.PlaceAgent("ingrid_heizer", "administrative.courts"), GERMAN)
    g.apply(A.PlaceAgent("marta_becher", "hitlerplatz.theatre"), POLISH)
    assert g.state.phase == "planning" and g.state.stage == 1 and not g.state.to_place
    assert g.state.agents["marta_becher"].side == GERMAN
    assert [e.data["agent"] for e in events(g, "placed")] == ["jacek", "glaubel", "ingrid_heizer", "marta_becher"]


def test_placement_is_public_in_every_view():
    g = first_clash()
    for seat in (POLISH, GERMAN, None):
        v = g.view(seat)
        assert [a["id"] for a in v["placement"]["to_place"]] == ["ingrid_heizer", "jacek", "glaubel", "marta_becher"]
        assert v["vp"] == {"points": {POLISH: 0, GERMAN: 0}, "to_win": 11,
                           "rewards": {"basic_mission": 2, "special_mission": 4, "secret": 3}}


def test_a_secret_is_three_vp_and_two_secrets_do_not_win_first_clash():
    """Victory conditions: 3 VP per secret gained in a conversation; secrets no longer win by count (P28)."""
    g = activation_position(placed_first_clash())
    for _ in range(2):
        gain_secret(g, POLISH, "glaubel")
    assert g.state.vp[POLISH] == 6 and g.state.result is None and g.state.secrets[POLISH] == 2
    assert [e.data["amount"] for e in events(g, "vp")] == [3, 3]


def test_eleven_vp_win_at_once():
    """Victory conditions: the first to 11 VP wins immediately (here by four secrets: 12 VP)."""
    g = activation_position(placed_first_clash())
    for _ in range(3):
        gain_secret(g, GERMAN, "jacek")
    assert g.state.result is None and g.state.vp[GERMAN] == 9
    gain_secret(g, GERMAN, "ingrid_heizer")
    s = g.state
    assert s.vp[GERMAN] == 12 and s.winner == GERMAN and s.ending == "vp"
    if s.phase == "carry_over":  # the 11-VP winner keeps one track whole (K16)
        g.apply(A.KeepTrackWhole(None), GERMAN)
    assert g.state.result.winner == GERMAN and g.state.result.kind == "vp"


@pytest.mark.parametrize("seat, kind", [(GERMAN, "exposed"), (POLISH, "compromised")])
def test_a_chief_at_ten_evidence_ends_first_clash(seat, kind):
    """Victory conditions and K5/P28: Kloss exposed wins for the German player, Brunner compromised for the
    Polish player, the moment the track against black reaches 10."""
    g = activation_position(placed_first_clash())
    gain_evidence(g, seat, "black", 9, "test")
    assert g.state.result is None
    gain_evidence(g, seat, "black", 3, "test")
    r = g.state.result
    assert r is not None and r.winner == seat and r.kind == kind and g.state.phase == "over"
    assert g.state.evidence[seat]["black"] == 10  # evidence above 10 is lost


def test_meeting_still_wins_by_two_secrets_and_counts_no_vp():
    g = activation_position(new_game())
    assert g.view(POLISH)["vp"] is None and "vp" not in g.summary()
    gain_secret(g, POLISH, "glaubel")
    gain_secret(g, POLISH, "marta_becher")
    assert g.state.winner == POLISH and g.state.ending == "secrets" and g.state.vp.get(POLISH, 0) == 0


def test_the_draw_after_stage_eight_and_the_summary_rows():
    g = placed_first_clash()
    rows = dict((str(k), str(v)) for k, v in g.summary_rows(g.summary()))
    assert rows["Victory points"] == "Polish 0, German 0"
    give_up_the_last_stage(g)
    assert g.state.result.winner is None and g.state.result.kind == "draw"
    assert g.state.carry_over["next_scenario"] == "chestnuts"


def test_scenario_rules_come_from_the_scenario_files():
    assert scenario_rules("meeting")["secrets_to_win"] == 2 and scenario_rules("meeting")["vp"] is None
    fc = scenario_rules("first_clash")
    assert fc["vp_to_win"] == 11 and fc["chief_falls_end"] and fc["next"] == "chestnuts"


def test_random_first_clash_games_keep_the_invariants_and_end():
    """Random play through placement and eight stages: every state checks, every game ends."""
    for seed in range(3):
        g = first_clash(seed)
        rng = random.Random(seed)
        for _ in range(3000):
            seat = g.current_seat()
            if seat is None:
                break
            g.apply(rng.choice(g.legal_actions(seat)), seat)
            g.check_invariants()
        assert g.state.result is not None


@pytest.mark.parametrize("ending", ["vp", "exposed", "draw"])
def test_the_game_over_panel_says_how_first_clash_ended(ending, monkeypatch):
    """The game-over page names the ending (not "draw" for a win) and shows the victory points."""
    import pygame

    from types import SimpleNamespace

    from barclay_desktop.scenes.stawka import pieces
    from barclay_desktop.scenes.stawka.overlays import draw_game_over_panel

    g = activation_position(placed_first_clash())
    if ending == "vp":
        for _ in range(4):
            gain_secret(g, POLISH, "glaubel")
        if g.state.phase == "carry_over":
            g.apply(A.KeepTrackWhole(None), POLISH)
    elif ending == "exposed":
        gain_evidence(g, GERMAN, "black", 10, "test")
    else:
        give_up_the_last_stage(g)
    assert g.state.result.kind == ending
    pygame.init()
    texts = []
    blit = pieces.blit_text
    monkeypatch.setattr(pieces, "blit_text", lambda surface, content, *a, **k: texts.append(str(content)) or blit(
        surface, content, *a, **k))
    draw_game_over_panel(pygame.Surface((1280, 720)), pygame.Rect(40, 40, 700, 460), SimpleNamespace(game=g, drawable_seat=lambda: None))
    headline = {"vp": "Victory points reached", "exposed": "Hans Kloss exposed", "draw": "Draw after the last stage"}
    assert headline[ending] in texts
    assert any(t.startswith("Victory points: Polish") for t in texts)


# ------------------------------------------------------------------ the training campaign (K16)


def finished_meeting():
    """Meeting won by the Polish player with two secrets; he keeps his yellow track whole."""
    g = activation_position(new_game())
    g.state.evidence[POLISH].update({"yellow": 5, "blue": 3})
    g.state.evidence[GERMAN].update({"yellow": 7, "black": 4})
    touch(g)
    gain_secret(g, POLISH, "marta_becher")  # resets the blue track
    gain_secret(g, POLISH, "marta_becher")
    g.apply(A.KeepTrackWhole("yellow"), POLISH)
    return g


def test_a_campaign_carries_meetings_evidence_into_first_clash():
    """K16: after Meeting each side keeps half of its evidence (rounded up), the winner one track whole; First
    Clash's tracks start there, and its log says so."""
    from barclay_desktop.rules.stawka.campaign import next_options

    meeting = finished_meeting()
    options = next_options(meeting.view(None))
    assert options["scenario"] == "first_clash"
    g = new_game(seed=3, **options)
    assert g.state.evidence[POLISH] == {"yellow": 5, "purple": 0, "blue": 0, "black": 0}
    assert g.state.evidence[GERMAN] == {"yellow": 4, "purple": 0, "blue": 0, "black": 2}
    assert g.state.options["campaign"]["step"] == 2
    (line,) = events(g, "carry_in")
    assert "scenario 2 of 3" in line.text and "5 yellow" in line.text
    again = type(g).from_json(g.to_json())  # the campaign travels with the save
    assert again.state.options["campaign"] == g.state.options["campaign"]


def test_a_damaged_carry_in_is_refused_with_a_reason():
    from barclay_desktop.rules.stawka.campaign import next_options

    options = next_options(finished_meeting().view(None))
    options["campaign"]["carry_in"]["evidence"]["polish"]["yellow"] = 14
    with pytest.raises(ValueError, match="0-10 for each colour"):
        new_game(**options)
    with pytest.raises(ValueError, match="only from 'meeting'"):
        new_game(scenario="first_clash", campaign={"carry_in": {"from_scenario": "first_clash"}})
