"""Issue 38 (sixth round): after an action, `apply` works out the next seat and legal list once
and the calls that follow read them. They must be what the rules say for that position."""

from __future__ import annotations

import random

import pytest

from barclay_desktop.rules.barclay import actions as A
from barclay_desktop.rules.barclay.game import BarclayGame, seat_to_act
from barclay_desktop.rules.barclay.legal import decision_now, legal
from barclay_desktop.rules.core.errors import IllegalAction, NotYourTurn
from tests.barclay_helpers import ABWEHR, LCS, free_cards, give, new_game, started_game


def _fresh(game):
    """(current seat, its legal list) worked out from the state alone, no cache."""
    seat = seat_to_act(game.state)
    return seat, ([] if game.state.result is not None else legal(game.state, seat))


@pytest.mark.parametrize("options", [{}, {"leak_cards": False}])
def test_the_cached_seat_and_list_are_the_rules_own_after_every_action(options):
    for seed in range(12):
        game = new_game(seed, track_undo=False, options=options)
        rng = random.Random(seed)
        quick = n = 0
        while not game.is_over():
            n += 1
            cache = game._legal_cache
            quick += cache is not None and cache[0] == game._token  # the last apply's, for this position
            seat = game.current_seat()
            actions = game.legal_actions(seat)
            assert (seat, actions) == _fresh(game)
            if n % 7 == 3:  # now and then: asking the other seat replaces the cached list
                assert game.legal_actions(LCS if seat == ABWEHR else ABWEHR) == []
            game.apply(rng.choice(actions), seat)
        assert quick > 100
        assert game.current_seat() is None and game.legal_actions(LCS) == game.legal_actions(ABWEHR) == []


def test_decision_now_leaves_only_what_advance_has_to_do():
    """When the rules wait for nobody (all cards of a step played), advance() must run first."""
    game = started_game(3, track_undo=False)
    s = game.state
    assert decision_now(s, 7) == (7, ABWEHR, game.legal_actions(ABWEHR))  # the cache's (token, seat, list)
    for seat in (ABWEHR, LCS):
        s.tableau[seat] = [None] * 3  # three slots each: nobody plays a fourth face-up card
    assert decision_now(s) is None


def test_a_hand_edited_position_is_read_again_once_the_token_moves():
    """Tests and tools that edit the state by hand invalidate the cache (the helpers bump _token)."""
    game = started_game(5, track_undo=False)
    while game.state.pending or game.current_seat() != LCS:
        seat = game.current_seat()
        game.apply(game.legal_actions(seat)[0], seat)
    assert game._legal_cache[0] == game._token  # the LCS's plays, worked out by the last apply
    new_hand = free_cards(game, "x3", 4)
    give(game, LCS, new_hand)
    assert game.current_seat() == LCS
    assert [a.card for a in game.legal_actions(LCS)] == new_hand


def test_refusals_after_a_quick_apply_are_the_cores():
    game = started_game(7, track_undo=False)
    game.apply(game.legal_actions(ABWEHR)[0], ABWEHR)
    with pytest.raises(NotYourTurn):
        game.apply(A.Draw("channels"), LCS)
    with pytest.raises(IllegalAction):
        game.apply(A.Draw("nowhere"), ABWEHR)


def test_a_subclass_with_its_own_legal_list_is_held_to_it():
    """apply's cached list is the rules' own: a game class that narrows legal_actions is
    validated against its own list, as the core validates it."""

    class FirstOnly(BarclayGame):
        def legal_actions(self, seat):
            return super().legal_actions(seat)[:1]

    game = FirstOnly.new(seed=3, track_undo=False)
    game.apply(game.legal_actions(LCS)[0], LCS)  # the offensives chosen: the layout comes next
    second = legal(game.state, LCS)[1]
    with pytest.raises(IllegalAction):
        game.apply(second, LCS)
