"""The Easy Stawka player's mission play in First Clash (EXTENDED): meeting the chief, choosing a card,
working for its goal, claiming - read from the seat's view only (Mission Cards 3-6, P16-P21)."""

from __future__ import annotations

from barclay_desktop import ai
from barclay_desktop.ai.stawka import mission_play as M
from barclay_desktop.ai.stawka.heuristic import _Ctx
from barclay_desktop.rules.stawka import actions as A
from barclay_desktop.rules.stawka import missions
from barclay_desktop.rules.stawka.flow import gain_evidence
from barclay_desktop.rules.stawka.scenario import board_for_scenario
from barclay_desktop.rules.stawka.state import GERMAN, POLISH, HeldMission
from tests.stawka_helpers import activation_position, cast, new_game, touch
from tests.test_stawka_first_clash import placed_first_clash

FC_BOARD = board_for_scenario("first_clash")
HOTEL, THEATRE, CAFE = "hitlerplatz.hotel", "hitlerplatz.theatre", "hitlerplatz.cafe"
COURTS, HOSPITAL, EMPLOYMENT = "administrative.courts", "administrative.hospital", "administrative.employment_office"
GESTAPO, JAIL, STATION = "police.gestapo", "police.jail", "police.police_station"


def fc(polish: dict, german: dict, first: str = POLISH, pools: int = 11):
    """First Clash in stage 1's activation phase with the given agents on the given spaces."""
    g = activation_position(placed_first_clash(), first, pools)
    cast(g, polish, german)
    return g


def give_mission(g, agent: str, card: str) -> None:
    g.state.missions[agent] = HeldMission(card, g.state.stage)
    touch(g)


def easy_choice(g, seat: str = POLISH):
    return ai.make_player("stawka", "easy", seed=1).choose(g.view(seat), g.legal_actions(seat))


def play_turn(g, seat: str = POLISH, limit: int = 12, agent: str | None = None) -> list:
    """Easy's actions while it is `seat`'s turn (one activation and what it decides in it); with `agent`, it
    chooses among that agent's actions and the ones naming no agent (claims included)."""
    done = []
    while g.current_seat() == seat and not g.is_over() and len(done) < limit:
        legal = g.legal_actions(seat)
        if agent is not None:
            legal = [a for a in legal if getattr(a, "agent", agent) == agent or isinstance(a, A.ClaimMission)]
        action = ai.make_player("stawka", "easy", seed=1).choose(g.view(seat), legal)
        done.append(action)
        g.apply(action, seat)
        if isinstance(action, (A.EndActivation, A.GiveUp)):
            break
    return done


def steps(frm: str, to: str, side: str = POLISH) -> int:
    return FC_BOARD.distances(frm, side)[to]


def test_chief_and_agent_in_reach_meet_and_take_a_card():
    """Mission Cards 3A-4: Kloss and Jacek stand a few steps apart in the administrative sector, with no enemy
    agent in it: Easy brings them onto one space and passes Jacek a card in this activation."""
    g = fc({"hans_kloss": COURTS, "jacek": "administrative.s7", "ingrid_heizer": HOTEL},
           {"hermann_brunner": GESTAPO, "glaubel": THEATRE, "marta_becher": CAFE})
    done = play_turn(g)
    assert any(isinstance(a, A.TakeMission) for a in done), done
    assert "jacek" in g.state.missions


def test_the_meeting_space_is_in_a_sector_without_enemies():
    """P17: with an enemy in the agent's sector, the chief and the agent are drawn to a space of a sector
    without enemy agents, between them."""
    g = fc({"hans_kloss": GESTAPO, "jacek": HOTEL, "ingrid_heizer": COURTS},
           {"hermann_brunner": COURTS, "glaubel": THEATRE, "marta_becher": CAFE})
    ctx = _Ctx(g.view(POLISH))
    spot, safe = M.meeting_space(ctx, "hans_kloss", "jacek")
    assert safe and FC_BOARD.face_of(spot) == "police"
    assert steps(GESTAPO, spot) < steps(GESTAPO, HOTEL) and steps(HOTEL, spot) < steps(HOTEL, GESTAPO)


def test_the_card_taken_is_the_one_its_goal_is_nearest_for():
    """Kloss meets Ingrid next to the employment office (a telephone), far from every enemy: of her three cards
    Easy passes the one whose basic is "enter a location with a telephone"."""
    g = fc({"hans_kloss": "administrative.s4", "ingrid_heizer": "administrative.s4", "jacek": HOTEL},
           {"hermann_brunner": CAFE, "glaubel": THEATRE, "marta_becher": HOTEL})
    done = play_turn(g)
    takes = [a for a in done if isinstance(a, A.TakeMission)]
    assert takes and takes[0].card == "ingrid_heizer.2", done


def test_an_agent_holding_a_visit_location_card_moves_toward_it():
    """Jacek holds "enter the jail / evidence purple 5": with the jail out of this stage's reach, he walks
    toward it (without the card he would stay by the locations he could search)."""
    g = fc({"hans_kloss": HOTEL, "jacek": STATION, "ingrid_heizer": "hitlerplatz.officers_apartments"},
           {"hermann_brunner": "hitlerplatz.s1", "glaubel": THEATRE, "marta_becher": CAFE}, pools=3)
    give_mission(g, "jacek", "jacek.3")
    before = steps(STATION, JAIL)
    done = play_turn(g, agent="jacek")
    moves = [a for a in done if isinstance(a, A.Move) and a.agent == "jacek"]
    assert moves, done
    assert steps(g.state.agents["jacek"].space, JAIL) < before


def test_entering_the_goal_location_banks_the_basic_and_easy_claims_it():
    """Jacek two steps from the jail with "enter the jail": he enters, and the banked basic is claimed (2 VP)
    - the special (kidnap / evidence) is not near."""
    g = fc({"hans_kloss": HOTEL, "jacek": "police.s13", "ingrid_heizer": COURTS},
           {"hermann_brunner": "hitlerplatz.s1", "glaubel": THEATRE, "marta_becher": CAFE})
    give_mission(g, "jacek", "jacek.3")
    done = play_turn(g, agent="jacek")
    assert any(isinstance(a, A.Move) and a.to == JAIL for a in done), done
    assert any(isinstance(a, A.ClaimMission) for a in done), done
    assert g.state.vp[POLISH] == 2


def test_a_banked_basic_waits_when_the_special_is_one_evidence_away():
    """Ingrid's basic (a telephone) is banked and the Polish track on yellow is 4 of the special's 5: Easy
    keeps the card for the special (4 VP) rather than claim 2 VP - except in the last stage."""
    g = fc({"hans_kloss": HOTEL, "jacek": HOTEL, "ingrid_heizer": COURTS},
           {"hermann_brunner": GESTAPO, "glaubel": THEATRE, "marta_becher": CAFE})
    give_mission(g, "ingrid_heizer", "ingrid_heizer.2")
    g.state.missions["ingrid_heizer"].visited.append(COURTS)
    g.state.evidence[POLISH]["yellow"] = 4
    touch(g)
    assert missions.basic_banked(g.state, "ingrid_heizer")
    ctx = _Ctx(g.view(POLISH))
    assert M.claim_value(ctx, "ingrid_heizer") < 0
    g.state.stage = g.state.stages
    touch(g)
    assert M.claim_value(_Ctx(g.view(POLISH)), "ingrid_heizer") > 0


def test_a_card_makes_the_goal_colour_worth_more():
    """talk_colour and evidence_colour: a conversation with the goal's colour and evidence on it are worth
    more to the holder's side than without the card."""
    g = fc({"hans_kloss": HOTEL, "jacek": HOTEL, "ingrid_heizer": THEATRE},
           {"hermann_brunner": GESTAPO, "glaubel": THEATRE, "marta_becher": CAFE})
    gain_evidence(g, POLISH, "yellow", 4, "test")
    touch(g)
    plain = _Ctx(g.view(POLISH))
    give_mission(g, "ingrid_heizer", "ingrid_heizer.1")  # talk yellow / evidence black 4
    card = _Ctx(g.view(POLISH))
    assert card.conversation_value("ingrid_heizer", "glaubel") > plain.conversation_value("ingrid_heizer", "glaubel") + 5
    assert card.conversation_value("ingrid_heizer", "marta_becher") == plain.conversation_value("ingrid_heizer",
                                                                                                 "marta_becher")
    give_mission(g, "jacek", "jacek.3")  # ... evidence purple 5
    g.state.missions.pop("ingrid_heizer")
    touch(g)
    assert M.evidence_bonus(_Ctx(g.view(POLISH)), "purple", 5) > 0
    assert M.evidence_bonus(_Ctx(g.view(POLISH)), "purple", 4) == 0


def test_search_count_prefers_a_location_not_searched_with_the_card():
    """search_count: a location searched since the card was taken (the seat's log) adds nothing more."""
    g = fc({"hans_kloss": HOTEL, "jacek": HOTEL, "ingrid_heizer": THEATRE},
           {"hermann_brunner": GESTAPO, "glaubel": COURTS, "marta_becher": HOSPITAL}, first=GERMAN)
    g.state.missions["glaubel"] = HeldMission("glaubel.3", 1)  # search 2 locations / evidence purple 4
    g.state.log.append(g.state.log[-1].__class__(seq=len(g.state.log), kind="mission_taken", text="",
                                                 data={"agent": "glaubel", "receiver": "glaubel"}))
    touch(g)
    ctx = _Ctx(g.view(GERMAN))
    fresh = M.search_bonus(ctx, "glaubel", COURTS)
    assert fresh > 0
    g.state.log.append(g.state.log[-1].__class__(seq=len(g.state.log), kind="search", text="",
                                                 data={"agent": "glaubel", "location": COURTS}))
    touch(g)
    ctx = _Ctx(g.view(GERMAN))
    assert M.search_bonus(ctx, "glaubel", COURTS) == 0 and M.search_bonus(ctx, "glaubel", HOSPITAL) > fresh


def test_meeting_uses_no_mission_code():
    """BASIC (Meeting): no mission cards in the view, so nothing of the mission play counts."""
    g = new_game(3)
    g.apply(A.ChoosePlan("polish_4"), POLISH)
    g.apply(A.ChoosePlan("german_4"), GERMAN)
    ctx = _Ctx(g.view(POLISH))
    assert not ctx.missions_on
    for a in ctx.mine:
        assert M.held(ctx, a["id"]) is None and M.open_goals(ctx, a["id"]) == []
