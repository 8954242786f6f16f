"""The seat that acts next and its legal list, as the frequent handlers leave them for the
caches (a deployment, the deception offer, a guess; issue 38, sixth round), equal what the
phase and stage give when worked out afresh: the same seat by S3's order of a mission step
(S7: the Missions 1-2 or 3-4 player with teams) and the same actions in the same order (S9's
deploy lists, the offer, the guesses)."""

import random

import pytest

from barclay_desktop.rules import game_class
from barclay_desktop.rules.spies_lies.game import _deploy_actions

OPTIONS = [{}, {"teams": True}, {"open_table": True}, {"teams": True, "open_table": True}]


def _afresh(game) -> tuple:
    """(current seat, its legal actions) of a new game object on a copy of the state: no caches."""
    twin = type(game)(game.state.clone(), track_undo=False)
    seat = twin.current_seat()
    return seat, twin.legal_actions(seat)


def _random_positions(options: dict, seeds=range(30)):
    """Every position before each action of random games (every action, Withdraw too), each
    game's end included: the game is played on as the caller leaves it."""
    cls = game_class("spies_lies")
    for seed in seeds:
        game = cls.new(options, seed=seed, track_undo=False)
        rng = random.Random(seed)
        yield seed, game
        while not game.is_over():
            seat = game.current_seat()
            game.apply(rng.choice(game.legal_actions(seat)), seat)
            yield seed, game


@pytest.mark.parametrize("options", OPTIONS)
def test_the_turn_a_handler_leaves_is_the_one_worked_out_afresh(options):
    left = 0
    for seed, game in _random_positions(options):
        left += game._next_turn is not None
        now = game.current_seat()
        assert (now, game.legal_actions(now)) == _afresh(game), (seed, len(game.state.log))
    assert left > 1000  # (most positions came from a handler)


@pytest.mark.parametrize("options", OPTIONS)
def test_a_full_line_up_offers_what_the_memoised_deploy_list_does(options):
    """S9: with every mission of the seat filled, the list (confirm, or take a troop back) is
    written out without the memo; it must be the memoised list's actions in its order."""
    full = 0
    for _, game in _random_positions(options):
        seat = game.current_seat()
        if game.state.phase == "deploy":
            me = game.state.side(game.side_of(seat))
            mine = game.missions_of(seat)
            full += 0 not in me.slots[mine.start:mine.stop]
            assert game.legal_actions(seat) == list(_deploy_actions(
                tuple(me.slots), tuple(me.hand), mine.start, mine.stop, game.state.open_table))
    assert full > 100
