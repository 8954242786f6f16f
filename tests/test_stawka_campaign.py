"""The training campaign after First Clash (K16; rulebook, Training Scenario 2, "Bonus for the winner"):
the 11-VP winner keeps one acquired item and one whole track, an exposed Kloss changes his document, a
compromised Brunner stays out, and the campaign's history travels from scenario to scenario."""

from __future__ import annotations

import pytest

from barclay_desktop.rules.stawka import actions as A
from barclay_desktop.rules.stawka.campaign import check_campaign, next_options, standing
from barclay_desktop.rules.stawka.flow import gain_evidence, gain_secret
from barclay_desktop.rules.stawka.state import GERMAN, POLISH
from tests.stawka_helpers import activation_position, events, give_items
from tests.test_stawka_first_clash import finished_meeting, placed_first_clash


def campaign_first_clash():
    """First Clash as the campaign's second scenario after finished_meeting (Polish won by secrets), placed."""
    options = next_options(finished_meeting().view(None))
    assert options.pop("scenario") == "first_clash"
    return placed_first_clash(3, **options)


def won_by_vp(g, seat=POLISH, target="glaubel"):
    for _ in range(4):
        gain_secret(g, seat, target)
    return g


def test_the_eleven_vp_winner_keeps_a_track_then_one_acquired_item():
    """Bonus for the winner: 'may keep 1 acquired item for the next game and does not halve the evidence
    gained against an enemy agent of his choice'."""
    g = activation_position(placed_first_clash())
    give_items(g, "hans_kloss", "gestapo.1")
    give_items(g, "jacek", "gestapo.2")
    g.state.evidence[POLISH]["purple"] = 5
    won_by_vp(g)
    assert g.state.phase == "carry_over" and g.view(POLISH)["carry_step"] == "track"
    g.apply(A.KeepTrackWhole("purple"), POLISH)
    assert g.result is None and g.view(GERMAN)["carry_step"] == "item"
    legal = g.legal_actions(POLISH)
    assert set(legal) == {A.KeepCampaignItem("gestapo.1"), A.KeepCampaignItem("gestapo.2"), A.KeepCampaignItem(None)}
    assert "choosing an item" in str(g.prompt(GERMAN))
    g.apply(A.KeepCampaignItem("gestapo.2"), POLISH)
    carry = g.state.carry_over
    assert g.result.winner == POLISH and g.result.kind == "vp"
    assert carry["kept_item"] == {POLISH: "gestapo.2", GERMAN: None}
    assert carry["kept_whole"][POLISH] == "purple" and carry["evidence"][POLISH]["purple"] == 5
    (line,) = events(g, "carry_over")
    assert "keeps" in line.text and "all other items return to the board" in line.text


def test_an_item_no_agent_of_the_winner_holds_is_refused():
    g = activation_position(placed_first_clash())
    give_items(g, "hans_kloss", "gestapo.1")
    won_by_vp(g)
    if g.state.carry_step == "track":
        g.apply(A.KeepTrackWhole(None), POLISH)
    with pytest.raises(Exception, match="do not hold that item"):
        g.apply(A.KeepCampaignItem("gestapo.3"), POLISH)


def test_a_winner_without_items_or_long_tracks_is_asked_nothing():
    g = activation_position(placed_first_clash())
    won_by_vp(g)
    assert g.result is not None and g.state.carry_over["kept_item"] == {POLISH: None, GERMAN: None}


def test_a_won_meeting_keeps_no_item():
    """Meeting's bonus is a whole track only (K16): no item step after it."""
    g = finished_meeting()
    assert g.result is not None and g.state.carry_over["kept_item"] == {POLISH: None, GERMAN: None}


def test_exposure_changes_klosss_document_and_compromise_bars_brunner():
    """Bonus for the winner: 'If the Polish Player compromised Brunner, the German Player ... cannot choose
    Brunner in the next game, only Fritz Kopf. If the German Player exposed Hans Kloss, ... the Hans Kloss
    document must be changed to another.'"""
    exposed = activation_position(placed_first_clash())
    gain_evidence(exposed, GERMAN, "black", 10, "test")
    carry = exposed.state.carry_over
    assert carry["kloss_document_out"] == exposed.state.options["kloss_document"] and carry["chief_out"] is None
    compromised = activation_position(placed_first_clash())
    gain_evidence(compromised, POLISH, "black", 10, "test")
    carry = compromised.state.carry_over
    assert carry["chief_out"] == "hermann_brunner" and carry["kloss_document_out"] is None


def test_the_campaign_history_runs_from_meeting_through_first_clash():
    g = campaign_first_clash()
    assert g.view(GERMAN)["campaign"]["history"] == [{"scenario": "meeting", "winner": POLISH, "ending": "secrets"}]
    rows = standing(g.view(None))
    assert [(r["scenario"], r["state"]) for r in rows] == [("meeting", "done"), ("first_clash", "playing"),
                                                            ("chestnuts", "later")]
    activation_position(g)
    gain_evidence(g, GERMAN, "black", 10, "test")
    history = g.state.carry_over["history"]
    assert history == [{"scenario": "meeting", "winner": POLISH, "ending": "secrets"},
                       {"scenario": "first_clash", "winner": GERMAN, "ending": "exposed"}]
    rows = standing(g.view(POLISH))
    assert [(r["scenario"], r["state"], r.get("winner")) for r in rows] == [
        ("meeting", "done", POLISH), ("first_clash", "done", GERMAN), ("chestnuts", "next", None)]
    again = type(g).from_json(g.to_json())
    assert again.state.carry_over == g.state.carry_over


def test_first_clashs_carry_over_is_a_valid_carry_in_for_scenario_three():
    """The third scenario (issue 35) will start from it: the whole block passes the campaign check."""
    g = activation_position(placed_first_clash())
    give_items(g, "hans_kloss", "gestapo.1")
    won_by_vp(g)
    while g.result is None:
        g.apply(g.legal_actions(POLISH)[0], POLISH)
    carry = g.state.carry_over
    block = check_campaign({"campaign": {"carry_in": carry}}, "chestnuts")
    assert block["step"] == 3 and block["carry_in"]["kept_item"] == carry["kept_item"]
    assert block["history"] == [{"scenario": "first_clash", "winner": POLISH, "ending": "vp"}]


@pytest.mark.parametrize("damage, reason", [
    ({"kept_item": {"polish": "no_such_item"}}, "not a Stawka item"),
    ({"chief_out": "nobody"}, "unknown"),
    ({"history": [{"scenario": "elsewhere", "winner": None, "ending": "draw"}]}, "history is damaged"),
    ({"winner": "french"}, "winner must be a network"),
])
def test_a_damaged_first_clash_carry_over_is_refused_with_a_reason(damage, reason):
    g = activation_position(placed_first_clash())
    gain_evidence(g, GERMAN, "black", 10, "test")
    carry = {**g.state.carry_over, **damage}
    with pytest.raises(ValueError, match=reason):
        check_campaign({"campaign": {"carry_in": carry}}, "chestnuts")


def test_the_game_over_panel_shows_where_the_campaign_stands(monkeypatch):
    """The campaign screen shows where it stands (issue 34): each scenario's result, the one just played in
    bold, and the third one as the next."""
    import pygame

    from types import SimpleNamespace

    from barclay_desktop.scenes.stawka import pieces
    from barclay_desktop.scenes.stawka.overlays import carry_lines, draw_game_over_panel

    g = campaign_first_clash()
    activation_position(g)
    gain_evidence(g, GERMAN, "black", 10, "test")
    pygame.init()
    texts = []
    blit = pieces.blit_text
    monkeypatch.setattr(pieces, "blit_text", lambda surface, content, *a, **k: texts.append(str(content)) or blit(
        surface, content, *a, **k))
    draw_game_over_panel(pygame.Surface((1280, 720)), pygame.Rect(500, 180, 500, 380), SimpleNamespace(game=g, drawable_seat=lambda: None))
    assert texts[-4:] == ["THE TRAINING CAMPAIGN", "1. Meeting: Polish won", "2. First Clash: German won",
                          "3. The Best Chestnuts Are on Place Pigalle: next"]
    assert carry_lines(g.view(None)["carry_over"]) == [
        "All items go back to the board.", "Kloss was exposed: next time he must carry another document."]


def test_the_load_screen_names_the_scenario_and_the_campaign_step():
    """A saved campaign game says which scenario it is and where in the campaign (issue 34); an older header
    without the scenario, or a damaged one, just leaves the row out."""
    g = campaign_first_clash()
    rows = [(str(k), str(v)) for k, v in type(g).summary_rows(g.summary())]
    assert rows[0] == ("Scenario", "First Clash (Pierwsze starcie), training campaign 2 of 3")
    alone = placed_first_clash()
    assert [str(v) for k, v in type(g).summary_rows(alone.summary()) if str(k) == "Scenario"] == [
        "First Clash (Pierwsze starcie)"]
    for header in ({}, {"scenario": "../../etc/passwd"}, {"scenario": "no_such"}, {"scenario": 3}):
        assert all(str(k) != "Scenario" for k, v in type(g).summary_rows(header))


# ----- scenario 3, "The Best Chestnuts Are on Place Pigalle": set-up and the campaign's end (issue 35) ---------
def chestnuts_after(carry: dict, seed: int = 2, **options):
    """Scenario 3 as the campaign's last step (ADVANCED, so set up the way tests/stawka_helpers.advanced_game
    does), with First Clash's carry-over as its carry-in; the placement is left to the test."""
    from barclay_desktop.rules.stawka.game import StawkaGame

    return StawkaGame.new({"scenario": "chestnuts", "campaign": {"carry_in": carry}, **options}, seed=seed)


def place_all(g):
    while g.state.phase == "placement":
        seat = g.current_seat()
        g.apply(g.legal_actions(seat)[0], seat)
    return g


def first_clash_won_by_vp_with(item_id="gestapo.2"):
    g = activation_position(placed_first_clash())
    give_items(g, "jacek", item_id)
    won_by_vp(g)
    if g.state.carry_step == "track":
        g.apply(A.KeepTrackWhole(None), POLISH)
    g.apply(A.KeepCampaignItem(item_id), POLISH)
    return g


def test_chestnuts_places_at_most_one_agent_of_each_network_in_a_sector():
    """Scenario 3, step 2C: 'No more than one agent of each Player may begin the game in one sector' (A28)."""
    from barclay_desktop.rules.stawka.scenario import board_for_scenario

    carry = first_clash_won_by_vp_with().state.carry_over
    g = chestnuts_after(carry)
    board = board_for_scenario("chestnuts")
    assert g.current_seat() == GERMAN  # the German player places first
    g.apply(A.PlaceAgent("glaubel", "hitlerplatz.hotel"), GERMAN)
    legal = g.legal_actions(POLISH)
    german_faces = {board.face_of(a.to) for a in legal if a.agent == "marta_becher"}
    polish_faces = {board.face_of(a.to) for a in legal if a.agent == "hans_kloss"}
    assert "hitlerplatz" not in german_faces and "hitlerplatz" in polish_faces
    with pytest.raises(Exception, match="already has an agent in that sector"):
        g.apply(A.PlaceAgent("marta_becher", "hitlerplatz.theatre"), POLISH)
    place_all(g)
    for side in (POLISH, GERMAN):
        faces = [board.face_of(a.space) for a in g.state.agents.values() if a.side == side]
        assert len(faces) == len(set(faces)) == 4


def test_the_first_clash_winners_item_starts_with_an_agent_of_his_choice():
    """K16 and A29: the kept item comes into scenario 3 with an agent the winner chooses, before the first
    planning cards; the tile leaves its location's stack."""
    carry = first_clash_won_by_vp_with("gestapo.2").state.carry_over
    g = place_all(chestnuts_after(carry))
    assert g.current_seat() == POLISH and g.view(POLISH)["pending"]["kind"] == "campaign_item"
    assert {a.agent for a in g.legal_actions(POLISH)} == {"hans_kloss", "ingrid_heizer", "jacek", "georg"}
    g.apply(A.GiveCampaignItem("georg"), POLISH)
    assert g.state.agents["georg"].items == ["gestapo.2"]
    assert all("gestapo.2" not in stack for stack in g.state.stacks.values())
    assert g.state.phase == "planning" and not g.state.pending
    g.check_invariants()


def test_a_compromised_brunner_gives_way_to_fritz_kopf_and_an_exposed_kloss_changes_document():
    """First Clash, 'Bonus for the winner': the German player 'cannot choose Brunner in the next game, only
    Fritz Kopf'; after an exposure 'the Hans Kloss document must be changed to another'."""
    compromised = activation_position(placed_first_clash())
    gain_evidence(compromised, POLISH, "black", 10, "test")
    g = chestnuts_after(compromised.state.carry_over)
    sides = {**{a: s.side for a, s in g.state.agents.items()}, **g.state.to_place}
    assert "hermann_brunner" not in sides and sides["fritz_kopf"] == GERMAN
    exposed = activation_position(placed_first_clash())
    gain_evidence(exposed, GERMAN, "black", 10, "test")
    old = exposed.state.options["kloss_document"]
    g = chestnuts_after(exposed.state.carry_over)
    assert g.state.options["kloss_document"] != old
    with pytest.raises(ValueError, match="must carry another"):
        chestnuts_after(exposed.state.carry_over, kloss_document=old)


def test_scenario_threes_winner_wins_the_training_campaign():
    """Scenario 3: 'The first Player to reach 11 VP ... or to gain 3 secrets wins the last scenario and becomes
    the winner of the training campaign' (A27, A30): three secrets win it here."""
    carry = first_clash_won_by_vp_with().state.carry_over
    g = place_all(chestnuts_after(carry))
    g.apply(A.GiveCampaignItem("hans_kloss"), POLISH)
    activation_position(g)
    for target in ("glaubel", "marta_becher", "bruno_dreher"):
        gain_secret(g, POLISH, target)
    assert g.result is not None and g.result.winner == POLISH and g.result.kind == "secrets"
    carry = g.state.carry_over
    assert carry["campaign_winner"] == POLISH and carry["next_scenario"] is None
    assert [h["scenario"] for h in carry["history"]] == ["first_clash", "chestnuts"]
    rows = standing(g.view(None))
    assert [(r["scenario"], r["state"]) for r in rows] == [("meeting", "skipped"), ("first_clash", "done"),
                                                            ("chestnuts", "done")]  # K16: begun at scenario 2


def test_the_kept_item_is_named_to_its_owner_only():
    """K12: a kept tile is the winner's to know (a face-down tile the other side never saw): the public record
    and the opponent's view say 'one item'; found by simulate --check (leak probes) on First Clash."""
    g = first_clash_won_by_vp_with("gestapo.2")
    assert g.view(POLISH)["carry_over"]["kept_item"][POLISH] == "gestapo.2"
    assert g.view(GERMAN)["carry_over"]["kept_item"][POLISH] == "hidden"
    assert g.view(None)["carry_over"]["kept_item"][POLISH] == "hidden"
    public = [e for e in g.events_for(GERMAN) if e.kind == "carry_over"]
    assert public and "keeps one item" in public[-1].text and "gestapo.2" not in str(public[-1].to_json())
    assert [e.text for e in g.events_for(POLISH) if e.kind == "kept_item"] == [
        "You keep Gold cigarette case for the next scenario."]
    nxt = chestnuts_after(g.view(POLISH)["carry_over"])  # the options come from the winner's view
    assert nxt.view(GERMAN)["campaign"]["carry_in"]["kept_item"][POLISH] == "hidden"
    assert nxt.view(POLISH)["campaign"]["carry_in"]["kept_item"][POLISH] == "gestapo.2"


def test_kloss_keeps_his_document_into_the_next_scenario_unless_exposed():
    """First Clash's bonus: 'If the German Player exposed Hans Kloss, in addition in the next game the Hans Kloss
    document must be changed to another', so otherwise the document the Polish player chose goes on."""
    g = activation_position(placed_first_clash(kloss_document="kloss_j23"))
    won_by_vp(g)
    while g.result is None:
        g.apply(g.legal_actions(POLISH)[0], POLISH)
    options = next_options(g.view(POLISH))
    assert options["kloss_document"] == "kloss_j23"
    assert chestnuts_after(options["campaign"]["carry_in"], kloss_document="kloss_j23").state.options[
        "kloss_document"] == "kloss_j23"
    exposed = activation_position(placed_first_clash(kloss_document="kloss_j23"))
    gain_evidence(exposed, GERMAN, "black", 10, "test")
    options = next_options(exposed.view(GERMAN))
    assert "kloss_document" not in options
    assert chestnuts_after(options["campaign"]["carry_in"]).state.options["kloss_document"] != "kloss_j23"
