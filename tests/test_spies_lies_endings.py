"""Special rules, gate and flag, end of day and every end of the game (rulebook pp.7-10; S1, S9, S11)."""

import pytest

from barclay_desktop.rules.core import IllegalAction
from barclay_desktop.rules.spies_lies.actions import EliminatePick, Guess
from barclay_desktop.rules.spies_lies.data import troop_brief
from tests.spies_lies_helpers import guess, mission_game, skip_to

CARD_B = "intel-card-b"  # ranks 6, 7, 8, 9


def test_gate_stops_the_spy_then_the_next_move_takes_the_flag():
    """S1 and "Double spy": a move that reaches the enemy gate stops there even with steps left; a later
    move from the gate captures the flag and wins at once."""
    g = mission_game([5, 9, 10, 4], [1, 2, 3, 6], starter="blue", spy=2, towers=(6, 0), deception=(1, 0))
    guess(g, 1)  # Lieutenant: 2 -> 3
    guess(g, 1)  # red right: tower 8
    guess(g, 1)  # General: 2 steps, but stops at the gate
    assert g.state.spy == 4 and g.state.result is None
    assert "stops at Blue's gate" in g.state.log[-1].text
    guess(g, 2)  # red right: tower 10, infiltration from the gate takes the flag
    assert g.result.winner == "red" and g.result.kind == "flag"
    assert g.legal_actions("red") == [] and g.legal_actions("blue") == []


def test_flag_win_turns_up_the_lineup():
    """Winning by the flag: the winner turns up every remaining card to show a legal line-up."""
    g = mission_game([5, 8, 10, 4], [1, 2, 3, 6], starter="blue", spy=4)
    guess(g, 1)
    assert g.result.kind == "flag" and all(g.state.red.face_up)
    assert g.view("blue")["sides"]["red"]["missions"][3]["troop"]["rank"] == 4


def test_flag_voided_by_an_out_of_order_lineup():
    """Winning by the flag with a card out of order: the win is void and the opponent wins (open table, S9)."""
    g = mission_game([5, 8, 10, 3], [1, 2, 4, 6], starter="blue", spy=4, open_table=True)
    guess(g, 1)
    assert g.result.winner == "blue" and g.result.kind == "flag_void"
    assert "Miner (3) under Mission 4" in g.result.reason


def test_blue_captures_red_flag():
    """The flag on red's side is blue's goal: the double spy moves toward red for blue."""
    g = mission_game([1, 2, 3, 6], [5, 8, 10, 4], spy=-4, deception=(1, 0))
    guess(g, 1)  # red misses blue's Lieutenant
    assert g.result.winner == "blue" and g.result.kind == "flag"


def test_false_intelligence_counts_as_guessed_right():
    """Special rule 1: a troop (not the Sergeant) revealed with a missing or wrong chip counts as
    guessed correctly: it retreats and the guesser gets 2 IP (open table, S9)."""
    g = mission_game([8, 9, 10, 4], [1, 2, 3, 5], starter="blue", intel=CARD_B, open_table=True,
                     chips={"red": [0, 1, 0, 0], "blue": [0, 0, 0, 0]})
    guess(g, 1)  # wrong guess, but the Colonel lacked its chip
    red = g.state.red
    assert red.retreated[0] and not red.activated[0]
    assert g.state.blue.tower == 2 and red.tower == 0


def test_sergeant_may_lie_with_intelligence():
    """The Sergeant may give false intelligence: a chip where none belongs is no offence."""
    g = skip_to(mission_game([2, 6, 4, 9], [1, 3, 5, 8], starter="blue", intel=CARD_B, open_table=True,
                             chips={"red": [0, 1, 1, 1], "blue": [0, 0, 0, 1]}), 4)
    guess(g, 9)
    assert g.state.red.activated[2] and g.state.red.tower == 4


def test_wrong_order_undoes_todays_steps_and_unmasks_the_rest():
    """Special rule 2: a revealed troop below an earlier revealed one: this day's double-spy steps of
    its owner are undone, the tower returns to 0, and it and the owner's later troops are unmasked
    without abilities; the owner still guesses (open table, S9)."""
    g = mission_game([5, 8, 6, 10], [1, 2, 3, 7], starter="blue", open_table=True, deception=(1, 0))
    guess(g, 1)  # Lieutenant: spy 1
    guess(g, 1)  # red right: 2
    guess(g, 8)  # blue right: 2
    guess(g, 2)  # red right: 4
    assert g.state.spy == 1 and g.state.red.tower == 4
    guess(g, 9)  # the Captain (6) stands right of the Colonel (8)
    red = g.state.red
    assert red.wrong_order and g.state.spy == 0 and red.tower == 0
    assert red.retreated[2] and not red.activated[2] and g.state.pending is None
    guess(g, 3)  # red may still guess and score
    assert red.tower == 2
    assert g.state.stage == "guess"  # no deception offer for unmasked troops
    guess(g, 1)  # wrong on the Marshal: no activation
    assert red.retreated[3] and not red.activated[3] and red.tower == 2


def test_sergeant_is_never_out_of_order():
    """Special rules do not apply to the Sergeant: 2-7-4-10 reveals without penalty."""
    g = mission_game([2, 7, 4, 10], [1, 3, 5, 6], starter="blue", open_table=True, deception=(0, 0))
    for rank in (2, 1, 7, 3, 9):  # blue is right on the Scout and the Bomb, wrong on the Sergeant
        guess(g, rank)
    red = g.state.red
    assert not red.wrong_order and red.activated[2] and red.tower == 4 + 2 + 2


def play_out_day(g, rank=1):
    while g.state.phase == "mission" and g.result is None:
        if g.state.stage == "choice":
            g.apply(g.legal_actions(g.current_seat())[0])
        else:
            guess(g, rank)


def test_end_of_day_eliminations_old_intelligence_and_alternating_start():
    """End of a day: each side's 4 troops shuffled, the opponent draws 1 (S11); last day's eliminated
    return; the card goes to the old pile; chips come off; the other player starts; towers and spy stay."""
    g = mission_game([1, 5, 8, 10], [2, 3, 6, 9], red_elim=[4], blue_elim=[1])
    play_out_day(g, rank=4)
    s = g.state
    assert s.phase == "eliminate" and s.day == 2 and s.starter == "blue"
    assert len(s.old_pile) == 2 and s.current_intel == ""
    assert g.current_seat() == "red" and g.legal_actions("red") == [EliminatePick(i) for i in range(1, 5)]
    spy, towers = s.spy, (s.red.tower, s.blue.tower)
    view = g.view("red")
    assert view["elimination"] == {"picker": "red", "picker_seat": "red", "owner": "blue", "cards": 4,
                                   "picks_left": 1, "for_day": 2}
    g.apply(EliminatePick(2))
    g.apply(EliminatePick(1))
    assert s.phase == "deploy" and g.current_seat() == "blue"  # day 2: blue starts, blue deploys first
    assert 4 in s.red.hand and 1 in s.blue.hand and len(s.red.eliminated) == 1
    assert s.red.chips == [-1] * 4 and s.red.slots == [0] * 4
    assert view["history"] == [{"day": 1, "red": [troop_brief(r) for r in (1, 5, 8, 10)],
                                "blue": [troop_brief(r) for r in (2, 3, 6, 9)]}]
    assert (s.spy, (s.red.tower, s.blue.tower)) == (spy, towers)
    g.check_invariants()


def test_double_damage_draws_two():
    """Bomb double damage: the owner draws 2 of the opponent's troops at the end of the day."""
    g = mission_game([7, 8, 9, 10], [1, 2, 3, 6], starter="blue", deception=(1, 0))
    guess(g, 1)
    guess(g, 1)
    play_out_day(g, rank=4)
    s = g.state
    assert s.picks[0].picker == "blue" and s.picks[1].picker == "red" and s.picks[1].count == 2
    g.apply(EliminatePick(1))
    assert g.current_seat() == "red" and "2 troops" in g.prompt("red")
    g.apply(EliminatePick(1))
    g.apply(EliminatePick(1))
    assert s.phase == "deploy" and len(s.blue.eliminated) == 2 and len(s.blue.hand) == 8


def test_after_day_three_the_spy_position_decides():
    """Who wins: after round 3 the player who brought the double spy into enemy territory wins
    (rulebook example: the spy on red's territory: blue wins)."""
    g = skip_to(mission_game([1, 5, 8, 10], [2, 3, 6, 9], day=3, spy=-1, towers=(8, 0), deception=(0, 0)), 7)
    g.apply(Guess(10))
    assert g.result.winner == "blue" and g.result.kind == "position"
    assert "Red's territory: Blue wins" in g.result.reason
    g = skip_to(mission_game([1, 5, 8, 10], [2, 3, 6, 9], day=3, spy=2, deception=(0, 0)), 7)
    g.apply(Guess(10))
    assert g.result.winner == "red" and g.result.kind == "position"


def test_after_day_three_on_neutral_ground_points_decide_then_draw():
    """Who wins: the spy on the neutral centre: the player with more IP wins; equal: a draw."""
    g = skip_to(mission_game([1, 5, 8, 10], [2, 3, 6, 9], day=3, towers=(3, 1), deception=(0, 0)), 7)
    g.apply(Guess(2))  # blue misses red's Marshal
    g.apply(g.legal_actions("red")[1])  # split: red 3+5 = 8, blue 0
    assert g.result.winner == "red" and g.result.kind == "points"

    g = skip_to(mission_game([1, 5, 8, 10], [2, 3, 6, 9], day=3, towers=(3, 1), deception=(0, 0)), 7)
    g.apply(Guess(10))  # blue right: 1 + 2 = 3
    assert g.result.winner is None and g.result.kind == "draw"
    with pytest.raises(IllegalAction):
        g.apply(Guess(1))


def test_open_table_out_of_order_deployment_is_punished_on_reveal():
    """S9 open table end to end: an out-of-order line-up is accepted with a private warning, and the
    wrong-order rule (special rule 2) strikes when the troop is turned up."""
    from barclay_desktop.rules.spies_lies.actions import ConfirmDeploy, Deploy, IntelChip, NoDeception
    from barclay_desktop.rules.spies_lies.data import intel_cards
    from tests.spies_lies_helpers import deploy_game

    g = deploy_game(open_table=True, red_elim=4, blue_elim=4)
    for seat, lineup in (("red", [1, 8, 5, 10]), ("blue", [1, 2, 3, 6])):
        for m, rank in enumerate(lineup, start=1):
            g.apply(Deploy(rank, m), seat)
        g.apply(ConfirmDeploy(), seat)
    assert any(e.kind == "warning" and e.to == "red" for e in g.state.log)
    listed = intel_cards()[g.state.current_intel]
    while g.state.phase == "intel":
        seat = g.current_seat()
        m = g._undecided_chip(seat)
        g.apply(IntelChip(m + 1, g.state.side(seat).slots[m] in listed), seat)
    while not g.state.red.face_up[2]:
        if g.state.stage == "offer":
            g.apply(NoDeception())
            continue
        if g.state.stage == "choice":
            g.apply(g.legal_actions(g.current_seat())[0])
            continue
        m, guesser, defender = g.mission_step()
        g.apply(Guess(g.state.side(defender).slots[m]))  # always right
    red = g.state.red
    assert red.wrong_order and red.tower == 0 and red.steps_today == 0
    assert any(e.kind == "wrong_order" for e in g.state.log)


def test_s12_a_deception_chip_infiltration_in_the_turn_that_reached_the_gate_is_lost():
    """S12 ("in een volgende beurt"): the General's move stops at the gate; the deception chip's
    +4 then completes an infiltration in the same guess: the tower resets and its steps are lost,
    the flag stays (issue 31 item 3: the engine used to hand over the flag here)."""
    g = mission_game([5, 9, 10, 4], [1, 2, 3, 6], starter="blue", spy=2, towers=(6, 0), deception=(1, 0))
    guess(g, 1)  # Lieutenant: 2 -> 3
    guess(g, 1)  # red right: tower 8
    guess(g, 1, deceive=True)  # General: to the gate (3 -> 4); then the chip: 8 + 4 = 12, an infiltration
    assert g.result is None and g.state.spy == 4 and g.state.red.tower == 0
    assert "lost" in g.state.log[-1].text and "later turn" in g.state.log[-1].text


def test_s12_a_colonels_second_infiltration_is_lost_and_a_later_turn_takes_the_flag():
    """S12: a Colonel under a deception chip infiltrates twice in one guess (9 + 8 = 17: the spy
    reaches the gate, 7 kept; + 4 = 11): the second infiltration resets the tower and its step
    is lost. A move in a later turn (the General, wrongly guessed) takes the flag."""
    g = mission_game([8, 9, 10, 4], [1, 2, 3, 5], starter="blue", towers=(9, 0), spy=3, deception=(1, 0))
    guess(g, 1, deceive=True)
    assert g.result is None and g.state.spy == 4 and g.state.red.tower == 0
    guess(g, 1)  # red names blue's Spy: right, tower 2
    assert g.result is None
    guess(g, 1)  # blue misses red's General: a move from the gate in a later turn
    assert g.result.winner == "red" and g.result.kind == "flag"


def test_undone_steps_stop_at_the_far_gate():
    """Special rule 2 decision: undoing a player's steps never pushes the double spy past a gate."""
    g = mission_game([5, 8, 6, 10], [1, 2, 3, 7], starter="blue", open_table=True, spy=-3, deception=(0, 0))
    g.state.red.steps_today = 2  # red moved 2 today, then blue pushed the spy deep into red's land
    for rank in (5, 1, 8, 2):  # right guesses on both sides
        guess(g, rank)
    guess(g, 6)  # the Captain (6) after the Colonel (8): wrong order
    assert g.state.red.wrong_order and g.state.spy == -4


def test_open_table_owner_sees_which_missions_break_the_order_and_nobody_else_does():
    """S9 open table: an out-of-order line-up is allowed while deploying; only its owner's view
    names the two missions (the client rings them), the enemy's view gives nothing away."""
    from barclay_desktop.rules.spies_lies.actions import Deploy
    from tests.spies_lies_helpers import deploy_game

    g = deploy_game(open_table=True, red_elim=4, blue_elim=4)
    g.apply(Deploy(8, 2), "red")
    g.apply(Deploy(5, 3), "red")
    assert g.view("red")["sides"]["red"]["order_conflict"] == [1, 2]
    assert g.view("blue")["sides"]["red"]["order_conflict"] == []
    g.apply(Deploy(9, 4), "red")
    assert g.view("red")["sides"]["red"]["order_conflict"] == [1, 2]
