"""Setup, deployment and the intelligence phase of Stratego Spies & Lies (rulebook pp.4-6; S2, S9, S11)."""

import json

import pytest

from barclay_desktop.rules import game_class
from barclay_desktop.rules.core import IllegalAction
from barclay_desktop.rules.spies_lies.actions import ConfirmDeploy, Deploy, EliminatePick, Guess, IntelChip, Withdraw
from barclay_desktop.rules.spies_lies.data import intel_cards, numbers, troops
from barclay_desktop.rules.spies_lies.game import SpiesLiesGame
from tests.spies_lies_helpers import deploy_game


def deploy_all(g, seat, ranks):
    for m, rank in enumerate(ranks, start=1):
        if rank:
            g.apply(Deploy(rank, m), seat)
    g.apply(ConfirmDeploy(), seat)


def test_content_data_matches_the_rulings():
    """S1 (4 spaces a side, the 4th the gate), S2 (six cards, every rank but the Sergeant's listed),
    S8 (English and Dutch names), S10 (4 deception chips)."""
    cards = intel_cards()
    assert len(cards) == 6 and all(len(r) == 4 for r in cards.values())
    assert set().union(*cards.values()) == set(range(1, 11)) - {4}
    assert numbers()["spaces_per_side"] == 4 and numbers()["deception_chips_total"] == 4
    assert troops()[2]["name"] == "Scout" and troops()[2]["name_nl"] == "Verkenner"
    assert all(t["ability"] and t["ability_nl"] for t in troops().values())


def test_setup_deck_old_pile_and_opponent_draws_the_first_elimination():
    """Setup: 1 intelligence card turned onto the old pile, 5 face down; each side's troops shuffled and
    the opponent draws one (S11: picks a face-down card on screen), red drawing first."""
    g = game_class("spies_lies").new({}, seed=3, track_undo=False)
    s = g.state
    assert len(s.old_pile) == 1 and len(s.deck) == 5
    assert g.current_seat() == "red" and g.view("red")["elimination"]["owner"] == "blue"
    assert g.legal_actions("red") == [EliminatePick(i) for i in range(1, 11)]
    hidden = s.blue.pool[3]
    g.apply(EliminatePick(4))
    assert g.current_seat() == "blue"
    g.apply(EliminatePick(10))
    assert s.blue.eliminated == [hidden] and len(s.blue.hand) == 9 and len(s.red.hand) == 9
    assert s.phase == "deploy" and g.current_seat() == "red"
    assert any("eliminated for day 1" in e.text for e in s.log)


def test_the_shuffle_comes_from_the_seed():
    """All chance comes from the state's rng: the same seed gives the same deck and shuffles."""
    a = SpiesLiesGame.new({}, seed=42)
    b = SpiesLiesGame.new({}, seed=42)
    assert a.to_json() == b.to_json()
    c = SpiesLiesGame.new({}, seed=43)
    assert (c.state.deck, c.state.red.pool) != (a.state.deck, a.state.red.pool)


def test_rulebook_lineup_2_7_4_10_is_legal():
    """Deploy: ranks ascend left to right, but the Sergeant may stand anywhere: 2-7-4-10 is legal."""
    g = deploy_game()
    for m, rank in enumerate([2, 7, 4, 10], start=1):
        assert Deploy(rank, m) in g.legal_actions("red")
        g.apply(Deploy(rank, m))
    assert g.legal_actions("red")[0] == ConfirmDeploy()


def test_strict_refuses_an_out_of_order_lineup_with_the_reason():
    """S9 strict: the app refuses an out-of-order deployment and says why."""
    g = deploy_game()
    g.apply(Deploy(8, 2))
    with pytest.raises(IllegalAction) as err:
        g.apply(Deploy(5, 3))
    assert err.value.reason == "Ranks must ascend left to right: your Lieutenant (5) cannot stand right of your Colonel (8)."
    with pytest.raises(IllegalAction, match="cannot stand left of your Colonel"):
        g.apply(Deploy(9, 1))


def test_strict_refuses_a_placement_that_cannot_be_completed():
    """Rulebook deploy pictures: the Miner (3) under Mission 4 leaves no ascending line-up for the rest."""
    g = deploy_game()
    with pytest.raises(IllegalAction, match="cannot fill the other missions"):
        g.apply(Deploy(3, 4))
    assert Deploy(3, 1) in g.legal_actions("red")


def test_withdraw_and_confirm():
    """Deploy: a troop can be taken back until the line-up is confirmed; confirming hands over."""
    g = deploy_game()
    g.apply(Deploy(2, 1))
    g.apply(Withdraw(1))
    assert 2 in g.state.red.hand and g.state.red.slots[0] == 0
    with pytest.raises(IllegalAction, match="under each of your missions"):
        g.apply(ConfirmDeploy())
    deploy_all(g, "red", [2, 3, 5, 6])
    assert g.current_seat() == "blue"
    with pytest.raises(IllegalAction):
        g.apply(Withdraw(1), "blue")


def test_face_down_troops_show_neither_id_nor_rank():
    """Deploy is face-down: the opponent's view shows an occupied slot without id or rank."""
    g = deploy_game()
    deploy_all(g, "red", [2, 3, 5, 6])
    slot = g.view("blue")["sides"]["red"]["missions"][0]
    assert slot["occupied"] and slot["troop"] is None
    assert g.view("red")["sides"]["red"]["missions"][0]["troop"]["rank"] == 2
    assert g.view("blue")["sides"]["red"]["hand"] is None
    text = json.dumps(g.view("blue"))
    assert all(probe not in text for probe in g.leak_probes("blue"))
    assert "red-troop-02" in g.leak_probes("blue")


def test_strict_intelligence_is_marked_by_the_app_except_the_sergeant():
    """S9 strict: chips are placed for every troop but the Sergeant; its owner decides (truth or lie).
    Chips of the first side stay hidden from the second until both are done."""
    g = deploy_game(seed=1)
    deploy_all(g, "red", [2, 4, 7, 10])
    deploy_all(g, "blue", [2, 3, 5, 6])
    s = g.state
    listed = intel_cards()[s.current_intel]
    assert s.phase == "intel" and g.current_seat() == "red"
    assert s.red.chips == [int(2 in listed), -1, int(7 in listed), int(10 in listed)]
    assert g.legal_actions("red")[-1] == IntelChip(2, False)
    with pytest.raises(IllegalAction, match="marks every troop but the Sergeant"):
        g.apply(IntelChip(1, True))
    g.apply(IntelChip(2, True))  # the Sergeant lies or tells the truth: both are fine
    assert g.current_seat() == "blue" and s.phase == "intel"
    assert g.legal_actions("blue") == [IntelChip(1, 2 in listed)]  # no Sergeant: confirm the truth
    assert g.view("blue")["sides"]["red"]["missions"][1]["intel_chip"] is None
    g.apply(IntelChip(1, 2 in listed))
    assert s.phase == "mission"
    assert g.view("blue")["sides"]["red"]["missions"][1]["intel_chip"] is True
    assert s.starter in ("red", "blue")
    assert any("start card" in e.text for e in s.log)


def test_strict_turn_order_does_not_show_where_the_sergeant_is():
    """S9 strict with hidden deployments: every seat makes exactly one intelligence decision, with or
    without a Sergeant, so the hand-overs never tell the other side where the Sergeant stands."""
    def intel_turns(red_lineup):
        g = deploy_game(seed=1)
        deploy_all(g, "red", red_lineup)
        deploy_all(g, "blue", [2, 3, 5, 6])
        turns = []
        while g.state.phase == "intel":
            turns.append(g.current_seat())
            g.apply(g.legal_actions(g.current_seat())[0])
        return turns

    assert intel_turns([2, 4, 7, 10]) == intel_turns([2, 3, 7, 10]) == ["red", "blue"]


def test_open_table_deploys_freely_and_warns_privately():
    """S9 open table: out-of-order placement is allowed, with a private warning to its owner."""
    g = deploy_game(open_table=True)
    g.apply(Deploy(8, 1))
    g.apply(Deploy(5, 2))
    warnings = [e for e in g.state.log if e.kind == "warning"]
    assert warnings and warnings[-1].to == "red"
    assert all(e["kind"] != "warning" for e in g.view("blue")["log"])


def test_open_table_chips_are_placed_by_the_owner():
    """S9 open table: each player marks every mission; a lie by a non-Sergeant earns a private warning."""
    g = deploy_game(open_table=True, seed=2)
    deploy_all(g, "red", [2, 3, 5, 6])
    deploy_all(g, "blue", [2, 3, 5, 6])
    s = g.state
    assert g.current_seat() == "red" and g.legal_actions("red") == [IntelChip(1, True), IntelChip(1, False)]
    listed = intel_cards()[s.current_intel]
    g.apply(IntelChip(1, 2 not in listed))  # a lie
    assert s.log[-1].kind == "warning" and s.log[-1].to == "red"
    assert g.view("blue")["sides"]["red"]["missions"][0]["intel_chip"] is None  # hidden until both are done


def test_prompts_say_what_is_asked():
    """Every seat gets a one-line prompt: the acting seat what to do, the other whom it waits for."""
    g = deploy_game()
    assert "Missions 1-4" in g.prompt("red")
    assert g.prompt("blue").startswith("Waiting for Red")


def test_explain_names_the_phase_for_out_of_phase_actions():
    """explain_illegal gives a readable reason for an action of another phase."""
    g = deploy_game()
    with pytest.raises(IllegalAction, match="belongs to the mission phase"):
        g.apply(Guess(3))
    with pytest.raises(IllegalAction, match="marking intelligence"):
        g.apply(IntelChip(1, True))
