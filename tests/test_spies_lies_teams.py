"""Team play, 2 vs 2 hot-seat (rulebook "Teamspel"; rulings S7, S11)."""

import json

import pytest

from barclay_desktop.rules import game_class
from barclay_desktop.rules.core import IllegalAction, NotYourTurn
from barclay_desktop.rules.spies_lies.actions import ConfirmDeploy, Deploy, NoDeception
from tests.spies_lies_helpers import deploy_game, guess, mission_game


def no_leaks(g):
    for seat in g.seats + (None,):
        text = json.dumps(g.view(seat))
        leaked = [p for p in g.leak_probes(seat) if p in text]
        assert not leaked, (seat, leaked)


def test_team_seats_and_sides():
    """S7: four seats; red1/blue1 play Missions 1-2, red2/blue2 Missions 3-4."""
    g = game_class("spies_lies").new({"teams": True}, seed=1, track_undo=False)
    assert g.seats == ("red1", "red2", "blue1", "blue2")
    assert [g.side_of(s) for s in g.seats] == ["red", "red", "blue", "blue"]
    assert g.current_seat() == "red1"  # the Missions 1-2 player draws the side's elimination
    assert game_class("spies_lies").new({}, seed=1).seats == ("red", "blue")


def test_each_partner_deploys_own_missions_in_order():
    """Teamspel: the Missions 1-2 player deploys first, then the partner deploys Missions 3-4."""
    g = deploy_game(teams=True)
    assert g.current_seat() == "red1"
    with pytest.raises(IllegalAction, match="belongs to your partner"):
        g.apply(Deploy(8, 3))
    g.apply(Deploy(2, 1))
    g.apply(Deploy(5, 2))
    g.apply(ConfirmDeploy())
    assert g.current_seat() == "red2"
    with pytest.raises(NotYourTurn):
        g.apply(Deploy(6, 3), "red1")
    g.apply(Deploy(6, 3))
    g.apply(Deploy(8, 4))
    g.apply(ConfirmDeploy())
    assert g.current_seat() == "blue1"


def test_strict_partner_cannot_be_left_without_a_legal_lineup():
    """S9 strict for a team: red1 may not place a troop that leaves red2 no ascending completion."""
    g = deploy_game(teams=True)
    assert Deploy(10, 2) not in g.legal_actions("red1")
    with pytest.raises(IllegalAction, match="cannot fill the other missions"):
        g.apply(Deploy(10, 2))


def test_partner_sees_the_first_two_cards_once():
    """Teamspel: the Missions 3-4 player may look at the partner's two cards once while deploying,
    and otherwise partners never see each other's cards (S7)."""
    g = deploy_game(teams=True)
    g.apply(Deploy(2, 1))
    g.apply(Deploy(5, 2))
    assert g.view("red1")["sides"]["red"]["hand"] is not None
    g.apply(ConfirmDeploy())
    assert g.view("red1")["sides"]["red"]["hand"] is None
    seen = g.view("red2")["sides"]["red"]["missions"]
    assert [seen[0]["troop"]["rank"], seen[1]["troop"]["rank"]] == [2, 5]
    no_leaks(g)
    g.apply(Deploy(6, 3))
    g.apply(Deploy(8, 4))
    g.apply(ConfirmDeploy())
    later = g.view("red2")["sides"]["red"]["missions"]
    assert later[0]["troop"] is None and later[2]["troop"]["rank"] == 6
    assert g.view("red1")["sides"]["red"]["missions"][2]["troop"] is None
    assert "red-troop-02" in g.leak_probes("red2") and "red-troop-06" in g.leak_probes("red1")
    no_leaks(g)


def test_guessing_and_deception_seats_follow_the_missions():
    """Teamspel: each player faces the opposing player of the same missions; the partners share one
    tower, chips and eliminated troops (S7)."""
    g = mission_game([1, 5, 8, 10], [2, 3, 6, 9], teams=True)
    assert g.current_seat() == "blue1" and g.state.stage == "offer"
    g.apply(NoDeception())
    assert g.current_seat() == "red1"
    guess(g, 2)
    assert g.current_seat() == "red1"  # red's chip offer for red's Mission 1
    g.state.step = 4
    g._enter_step()
    g.forget_cached_seat()
    assert g.current_seat() == "blue2"
    g.apply(NoDeception())
    assert g.current_seat() == "red2"
    guess(g, 6)
    assert g.state.red.tower == 4  # both partners' right guesses on one tower
    view = g.view("red2")
    assert view["mission_step"]["guesser_seat"] == "blue2" and view["sides"]["red"]["tower"] == 4
    no_leaks(g)


def test_team_sergeant_chip_is_decided_by_its_player():
    """S9 with S7: in strict mode the Sergeant's owner (the player of its mission) decides its chip."""
    g = deploy_game(teams=True, seed=4)
    for seat, pair in (("red1", [(2, 1), (3, 2)]), ("red2", [(4, 3), (6, 4)]),
                       ("blue1", [(2, 1), (3, 2)]), ("blue2", [(5, 3), (6, 4)])):
        for rank, m in pair:
            g.apply(Deploy(rank, m), seat)
        g.apply(ConfirmDeploy(), seat)
    assert g.state.phase == "intel" and g.current_seat() == "red1"
    assert "confirm the chip" in g.prompt("red1")  # no Sergeant: a confirmation, so nothing shows (S9)
    g.apply(g.legal_actions("red1")[0])
    assert g.current_seat() == "red2" and len(g.legal_actions("red2")) == 2
    assert "Sergeant (4) under Mission 3" in g.prompt("red2")
