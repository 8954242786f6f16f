"""Scoring and every troop ability of Stratego Spies & Lies (rulebook p.11 and rulings S4-S6, S10)."""

import pytest

from barclay_desktop.rules.core import IllegalAction
from barclay_desktop.rules.spies_lies.actions import (
    CaptainBorrow, CaptainPoints, Deceive, Guess, MarshalSplit, MarshalTen, NoDeception,
)
from tests.spies_lies_helpers import guess, mission_game, skip_to, texts


def test_right_guess_scores_two_and_the_troop_retreats():
    """Scoring: a correct guess moves the guesser's tower 2 steps; the troop retreats (turned sideways)."""
    g = mission_game([1, 5, 8, 10], [2, 3, 6, 9])
    guess(g, 2)  # red names blue's Mission 1 correctly
    blue = g.state.blue
    assert g.state.red.tower == 2 and blue.tower == 0
    assert blue.face_up[0] and blue.retreated[0] and not blue.activated[0]


def test_wrong_guess_activates_the_spy_with_one_ip_and_a_chip():
    """Rulebook example: blue guesses the red Mission 1 troop wrong ("Scout (2)"); red's Spy gives
    1 IP and a deception chip (S10: from the reserve)."""
    g = mission_game([1, 5, 8, 10], [2, 3, 6, 9], starter="blue")
    guess(g, 2)
    red = g.state.red
    assert red.tower == 1 and red.activated[0] and not red.retreated[0]
    assert red.deception_chips == 2 and g.state.deception_reserve == 1


def test_spy_brings_no_chip_when_two_are_held_or_the_reserve_is_empty():
    """S10: a Spy activation gives no chip for a player holding 2, or with an empty reserve."""
    g = mission_game([1, 5, 8, 10], [2, 3, 6, 9], starter="blue", deception=(2, 1))
    guess(g, 3)
    assert g.state.red.deception_chips == 2 and g.state.deception_reserve == 1
    g = mission_game([1, 5, 8, 10], [2, 3, 6, 9], starter="blue", deception=(1, 1))
    g.state.deception_reserve, g.state.deception_used = 0, 2
    guess(g, 3)
    assert g.state.red.deception_chips == 1
    g.check_invariants()


def test_scout_makes_each_later_right_guess_score_four():
    """Scout: +2 IP, then each enemy troop its owner guesses right this day scores 4 instead of 2."""
    g = mission_game([2, 5, 8, 10], [1, 3, 6, 9], starter="blue")
    guess(g, 7)  # blue misses red's Scout
    assert g.state.red.tower == 2 and g.state.red.scout_active
    guess(g, 1)  # red names blue's Spy
    assert g.state.red.tower == 6


def test_miner_and_sergeant_score_their_rank():
    """Miner +3, Sergeant +4 on activation (rulebook p.11)."""
    g = mission_game([3, 4, 8, 10], [1, 2, 6, 9], starter="blue")
    guess(g, 9)
    assert g.state.red.tower == 3
    guess(g, 1)  # red right: +2
    guess(g, 9)  # blue misses the Sergeant
    assert g.state.red.tower == 3 + 2 + 4


def test_sergeant_guessed_wrongly_under_a_deception_chip_scores_eight():
    """Rulebook example: blue says "General (9)" for red's Mission 3, a Sergeant under a deception
    chip: red moves 4 for the Sergeant plus 4 for the deception chip (S4); the chip leaves the game."""
    g = skip_to(mission_game([2, 5, 4, 9], [1, 3, 6, 8], starter="blue"), 4)
    assert g.current_seat() == "red" and g.state.stage == "offer"
    g.apply(Deceive())
    view = g.view("blue")
    assert view["sides"]["red"]["missions"][2]["deception_chip"] is True  # S4: the guesser sees the bluff
    g.apply(Guess(9))
    assert g.state.red.tower == 8
    assert g.state.red.deception_chips == 0 and g.state.deception_used == 1


def test_deception_chip_has_no_effect_on_a_right_guess():
    """Deception: a right guess makes the chip worthless; it leaves the game either way."""
    g = mission_game([1, 5, 8, 10], [2, 3, 6, 9])
    guess(g, 2, deceive=True)
    assert g.state.red.tower == 2 and g.state.blue.tower == 0
    assert g.state.blue.deception_chips == 0 and g.state.deception_used == 1


def test_no_offer_without_a_deception_chip():
    """S3: the offer is only made to a defender who holds a chip."""
    g = mission_game([1, 5, 8, 10], [2, 3, 6, 9], deception=(1, 0))
    assert g.state.stage == "guess" and g.current_seat() == "red"


def test_lieutenant_and_general_move_the_double_spy():
    """Lieutenant: double spy 1 step toward the enemy; General: 2 steps; neither gives IP."""
    g = mission_game([5, 9, 8, 10], [1, 3, 6, 7], starter="blue")
    guess(g, 1)
    assert g.state.spy == 1 and g.state.red.tower == 0
    guess(g, 1)  # red right +2
    guess(g, 1)  # blue misses the General
    assert g.state.spy == 3 and g.state.red.tower == 2


def test_blue_moves_the_spy_toward_red():
    """The double spy always moves toward the mover's enemy fortress: blue pushes it into red's territory."""
    g = mission_game([1, 3, 6, 7], [5, 9, 8, 10])
    guess(g, 1)  # red misses blue's Lieutenant
    assert g.state.spy == -1


def test_colonel_from_seven_keeps_the_surplus():
    """Rulebook example: the tower stands at 7 and the Colonel is activated: 3 steps to 10, the
    double spy moves, the tower returns to 0 and goes on the remaining 5."""
    g = mission_game([8, 9, 10, 4], [1, 2, 3, 5], starter="blue", towers=(7, 0))
    guess(g, 1)
    assert g.state.spy == 1 and g.state.red.tower == 5


def test_surplus_is_lost_without_the_colonel():
    """Double spy: reaching 10 resets the tower to 0 and surplus points are lost (Marshal +10 from 3)."""
    g = skip_to(mission_game([1, 2, 3, 10], [4, 5, 6, 9], starter="blue", towers=(3, 0)), 6)
    guess(g, 9)
    assert g.current_seat() == "red" and g.state.stage == "choice"
    g.apply(MarshalTen())
    assert g.state.red.tower == 0 and g.state.spy == 1


def test_infiltration_on_day_two_moves_two_steps():
    """Rulebook example: the red tower reaches 10 in round 2: the double spy moves 2 steps."""
    g = mission_game([1, 5, 8, 10], [2, 3, 6, 9], towers=(8, 0), day=2)
    guess(g, 2)
    assert g.state.spy == 2 and g.state.red.tower == 0


def test_marshal_five_five_never_below_zero():
    """Rulebook: the Marshal gives 5 IP and takes 5 from the enemy; from 3 the enemy stops at 0."""
    g = skip_to(mission_game([1, 2, 3, 10], [4, 5, 6, 9], starter="blue", towers=(0, 3)), 6)
    guess(g, 9)
    g.apply(MarshalSplit())
    assert g.state.red.tower == 5 and g.state.blue.tower == 0


def test_marshal_options_are_the_only_legal_choice():
    """Marshal: 10 IP, or 5 IP and -5 for the enemy; nothing else may be played meanwhile."""
    g = skip_to(mission_game([1, 2, 3, 10], [4, 5, 6, 9], starter="blue"), 6)
    guess(g, 9)
    assert g.legal_actions("red") == [MarshalTen(), MarshalSplit()]
    with pytest.raises(IllegalAction, match="Marshal is waiting"):
        g.apply(CaptainPoints())


def test_captain_takes_six_or_uses_an_eliminated_troop():
    """Captain: +6 IP, or use one of the owner's eliminated troops (IP and ability); cards stay put."""
    g = mission_game([6, 7, 8, 10], [1, 2, 3, 4], starter="blue", red_elim=[5, 9])
    guess(g, 1)
    assert g.legal_actions("red") == [CaptainPoints(), CaptainBorrow(5), CaptainBorrow(9)]
    g.apply(CaptainPoints())
    assert g.state.red.tower == 6

    g = mission_game([6, 7, 8, 10], [1, 2, 3, 4], starter="blue", red_elim=[5, 9])
    guess(g, 1)
    g.apply(CaptainBorrow(9))  # the eliminated General: 2 steps
    assert g.state.spy == 2 and g.state.red.tower == 0
    assert g.state.red.eliminated == [5, 9] and g.state.red.slots[0] == 6


def test_captain_using_the_marshal_then_deception_bonus():
    """Captain + eliminated Marshal: the Marshal's choice follows, then the deception +4 (S4)."""
    g = mission_game([6, 7, 8, 9], [1, 2, 3, 4], starter="blue", red_elim=[10], deception=(1, 0))
    guess(g, 1, deceive=True)
    g.apply(CaptainBorrow(10))
    assert g.state.pending.kind == "marshal"
    g.apply(MarshalSplit())
    assert g.state.red.tower == 9
    assert g.current_seat() == "red" and g.state.stage == "guess"  # red now guesses blue's Mission 1


def test_captain_using_the_spy_stops_the_enemy_marshal():
    """Captain + eliminated Spy: +1 IP and a chip, and the Captain's mission meets the Marshal as
    the Spy would (S5, rulebook: the chosen card affects the Spy's and Miner's effects)."""
    g = skip_to(mission_game([2, 6, 8, 9], [3, 10, 5, 7], starter="blue", red_elim=[1], deception=(1, 0)), 2)
    guess(g, 1)  # blue misses red's Captain
    g.apply(CaptainBorrow(1))
    assert g.state.red.tower == 1 and g.state.red.deception_chips == 2
    guess(g, 9)  # red names blue's Mission 2 wrongly: the Marshal still retreats
    blue = g.state.blue
    assert blue.retreated[1] and not blue.activated[1] and g.state.blue.tower == 0


def test_spy_meets_the_enemy_marshal_right_or_wrong():
    """S5: the opposing Spy at the same mission makes a revealed Marshal retreat at once, even when
    the Spy is face-down; the guesser still scores 2 IP when right."""
    g = skip_to(mission_game([2, 1, 8, 9], [3, 10, 5, 7], deception=(1, 0)), 2)
    guess(g, 9)  # red wrong on blue's Marshal
    blue = g.state.blue
    assert blue.retreated[1] and not blue.activated[1] and g.state.red.tower == 0
    assert g.state.red.known[1]  # the encounter shows red's Spy
    assert g.view("blue")["sides"]["red"]["missions"][1]["troop"]["rank"] == 1

    g = skip_to(mission_game([2, 1, 8, 9], [3, 10, 5, 7], deception=(1, 0)), 2)
    guess(g, 10)
    assert g.state.red.tower == 2


def test_miner_meets_the_enemy_bomb():
    """S5: a revealed Bomb facing the opposing Miner retreats at once; no activation."""
    g = skip_to(mission_game([1, 7, 8, 9], [2, 3, 5, 6], starter="blue", deception=(0, 1)), 2)
    guess(g, 2)  # blue wrong on red's Bomb, blue's Miner faces it
    red = g.state.red
    assert red.retreated[1] and not red.activated[1] and not red.bomb_pending


def test_bomb_makes_the_next_reveal_retreat_right_or_wrong():
    """Bomb (S6): the next enemy troop the owner reveals this day retreats automatically, whether the
    owner's guess is right or wrong; no IP for the Bomb."""
    g = mission_game([7, 8, 9, 10], [1, 2, 3, 6], starter="blue", deception=(1, 0))
    guess(g, 1)  # blue misses red's Bomb
    assert g.state.red.bomb_pending and g.state.red.tower == 0
    guess(g, 5)  # red is wrong about blue's Spy: it retreats anyway, no activation
    blue = g.state.blue
    assert blue.retreated[0] and not blue.activated[0] and blue.tower == 0
    assert not g.state.red.bomb_pending and not g.state.red.double_damage


def test_bomb_double_damage_after_a_right_guess():
    """Bomb double damage: the owner guessed the next enemy troop right: +2 IP, and at the end of
    the day the owner draws 2 enemy troops to eliminate (S6)."""
    g = mission_game([7, 8, 9, 10], [1, 2, 3, 6], starter="blue", deception=(1, 0))
    guess(g, 1)
    guess(g, 1)
    assert g.state.red.tower == 2 and g.state.red.double_damage


def test_guesses_are_ranks_one_to_ten():
    """S3: the guesser names a rank; anything else is refused with a reason."""
    g = mission_game([1, 5, 8, 10], [2, 3, 6, 9], deception=(1, 0))
    assert g.legal_actions("red") == [Guess(r) for r in range(1, 11)]
    with pytest.raises(IllegalAction, match="from 1 \\(Spy\\) to 10"):
        g.apply(Guess(11))
    with pytest.raises(IllegalAction):
        g.apply(NoDeception())


def test_events_tell_the_story():
    """The log reads as a sentence per event (for the client's log panel)."""
    g = mission_game([8, 9, 10, 4], [1, 2, 3, 5], starter="blue", towers=(7, 0))
    guess(g, 1)
    joined = " | ".join(texts(g))
    assert "Blue names Spy (1) for Red's Mission 1: it is the Colonel (8) - wrong; it is activated." in joined
    assert "Colonel keeps the surplus" in joined
