"""Random self-play of Operation Barclay with invariants after every action.

86 cards in exactly one place, 25 intelligence and 6 evidence tokens conserved,
the game ends by month 6, no view leaks what its seat may not know (B12), and
save/load at random points continues identically."""

import json
import random

import pytest

from barclay_desktop.rules import game_class
from barclay_desktop.simulate import play_one
from tests.barclay_helpers import ABWEHR, LCS

BarclayGame = game_class("barclay")


@pytest.mark.parametrize("seed", range(12))
def test_random_self_play_keeps_every_invariant(seed):
    game, actions = play_one(BarclayGame, {}, seed, ["random", "random"], check=True)
    assert game.is_over() and game.state.month <= 6
    assert game.result.winner in (ABWEHR, LCS)
    assert actions > 50


def random_positions(n_games=6, every=7):
    for seed in range(100, 100 + n_games):
        g = BarclayGame.new(seed=seed, track_undo=False)
        rng = random.Random(seed)
        i = 0
        while not g.is_over():
            seat = g.current_seat()
            g.apply(rng.choice(g.legal_actions(seat)), seat)
            i += 1
            if i % every == 0:
                yield g


def test_views_hide_the_opponents_hand_face_down_cards_and_bet():
    """B12: hands, face-down tableau cards and assessment tokens are private."""
    checked = 0
    for g in random_positions():
        s = g.state
        for seat, other in ((ABWEHR, LCS), (LCS, ABWEHR)):
            text = json.dumps({k: v for k, v in g.view(seat).items() if k != "log"})
            known_dc = g.view(seat)["dc_known"]  # cards it put in the DC deck: it may not know they left
            for cid in s.hands[other]:
                if cid not in s.hands[seat] and cid not in known_dc:
                    assert cid not in text or cid in json.dumps(g.view(seat)["discards"])
            for slot in s.tableau[other]:
                if not slot.face_up:  # a card it once knew in the Double-Cross deck stays listed there (B12)
                    assert slot.card not in text or slot.card in known_dc
            if s.bets.get(other) and not s.bet_shown.get(other):
                assert g.view(seat)["bets"][other] == "hidden"
            checked += 1
    assert checked > 50


def test_only_the_lcs_sees_the_token_layout():
    """B12: the layout is the LCS's secret; the Abwehr sees only revealed tokens."""
    for g in random_positions(3, 20):
        va, vl = g.view(ABWEHR), g.view(LCS)
        assert "layout" not in va and "roles" not in va
        assert vl["layout"] == g.state.layout
        for sec, faces in va["tokens"].items():
            for i, face in enumerate(faces):
                assert (face is not None) == g.state.revealed[sec][i]
        assert "layout" not in g.view(None)


def test_save_load_mid_game_continues_identically():
    """Core: a save restores exactly and the game continues identically."""
    for g in random_positions(2, 40):
        copy = BarclayGame.from_json(json.loads(json.dumps(g.to_json())), track_undo=False)
        rng1, rng2 = random.Random(5), random.Random(5)
        for _ in range(30):
            if g.is_over():
                break
            a1 = rng1.choice(g.legal_actions(g.current_seat()))
            a2 = rng2.choice(copy.legal_actions(copy.current_seat()))
            assert a1 == a2
            g.apply(a1)
            copy.apply(a2)
        assert g.to_json() == copy.to_json()
        return


def test_same_seed_same_actions_same_game():
    """Core: chance lives in the state, so seed + actions replay exactly."""
    g1, _ = play_one(BarclayGame, {}, 77, ["random", "random"], check=False)
    g2, _ = play_one(BarclayGame, {}, 77, ["random", "random"], check=False)
    assert g1.to_json() == g2.to_json()


def test_hand_edited_impossible_save_is_refused():
    """A save whose cards are not all in one place is reported as corrupt, not loaded."""
    from barclay_desktop.rules.core import CorruptState

    g = BarclayGame.new(seed=3)
    data = json.loads(json.dumps(g.to_json()))
    data["state"]["hands"]["lcs"].append(data["state"]["hands"]["abwehr"][0])
    with pytest.raises(CorruptState):
        BarclayGame.from_json(data)
    data = json.loads(json.dumps(g.to_json()))
    data["state"]["month"] = "seven"
    with pytest.raises(CorruptState):
        BarclayGame.from_json(data)


@pytest.mark.parametrize("game_id", ["barclay", "spies_lies", "stawka"])
def test_no_view_shows_the_seed(game_id):
    """Knowing the seed would let a player replay every shuffle: it is never shown (B12, K12)."""
    seed = 987654321987
    options = {"scenario": "meeting"} if game_id == "stawka" else {}
    g = game_class(game_id).new(options, seed)
    for seat in list(g.seats) + [None]:
        assert str(seed) not in json.dumps(g.view(seat))


def test_the_layout_becomes_public_when_the_game_ends():
    """End of game: the LCS reveals its layout; before that only the LCS sees it (B12)."""
    g, _ = play_one(BarclayGame, {}, 5, ["random", "random"], check=False)
    for seat in (ABWEHR, None):
        assert g.view(seat)["layout"] == g.state.layout and g.view(seat)["roles"] == g.state.roles


def test_a_double_cross_draw_does_not_tell_the_other_seat_which_card_left():
    """B12: the Double-Cross order is private; a draw removes a card from the other seat's
    knowledge only if that seat knew it was on top."""
    from tests.barclay_helpers import A as Act, give, stack, started_game

    g = started_game(41)
    give(g, ABWEHR, ["ic-blue-05", "ic-red-03", "ic-green-04", "ic-pink-08"])
    stack(g, "channels", ["ic-purple-09", "ic-purple-10"])
    g.apply(Act.PlayCard("ic-blue-05"))
    g.apply(Act.SpyKeep("ic-purple-10"))  # Abwehr puts ic-purple-09 on the DC deck
    g.state.decks["dc"].insert(0, "lcs-13")  # as after an LCS reorder: the Abwehr no longer knows
    g.state.decks["lcs"].remove("lcs-13")  # the order, only that ic-purple-09 is in the deck
    g.state.dc_top_known[ABWEHR] = 0
    g._token += 1
    assert g.current_seat() == LCS and not g.state.pending
    give(g, LCS, ["ic-red-04", "ic-green-02", "ic-blue-03", "ic-purple-03"])
    g.apply(Act.PlayCard("ic-red-04"))
    g.apply(Act.Draw("dc"))  # the LCS takes the top card, ic-purple-09
    assert "ic-purple-09" in g.state.hands[LCS]
    assert g.view(ABWEHR)["dc_known"] == ["ic-purple-09"]  # still listed: the Abwehr cannot tell
