"""The multiple-observer search option (docs/ai.md, off at every level): what each seat's
tree sees of the other's moves. B12: face-down cards and assessment tokens are private,
and so are the card an Active Agent keeps and a Double-Cross reorder; every other move is
public."""

from __future__ import annotations

import math
import random

from barclay_desktop.ai.barclay.search import BarclaySearch
from barclay_desktop.rules.barclay import actions as A
from barclay_desktop.rules.barclay.state import other
from tests.barclay_ai_helpers import hidden_twin, positions

HIDDEN = (A.Assess, A.SpyKeep, A.Reorder)


def decisions(seeds=range(20, 26)):
    """(game, seat, legal) at every decision with a choice of random self-play games."""
    for seed in seeds:
        for game in positions(seed, every=1, limit=10**6):
            seat = game.current_seat()
            yield game, seat, game.legal_actions(seat)


def test_the_other_seat_sees_only_the_kind_of_a_hidden_move_and_all_of_a_public_one():
    search = BarclaySearch(multi_observer=True)
    seen_kinds = set()
    for game, seat, legal in decisions():
        hidden_keys = {}
        for a in legal:
            key = search.observed_key(game, seat, a, other(seat))
            face_down = isinstance(a, (A.PlayCard, A.PlayBlank)) and game.state.step == "play2"
            if face_down or isinstance(a, HIDDEN):
                kind = "face-down" if face_down else type(a).__name__
                hidden_keys.setdefault(kind, set()).add(key)
                seen_kinds.add(kind)
            else:
                assert key == search.key(a), a
        for kind, keys in hidden_keys.items():
            assert len(keys) == 1, (kind, legal)  # B12: which one is private
    assert {"face-down", "Assess"} <= seen_kinds  # the two hidden moves of every month


def test_multi_observer_is_off_unless_asked():
    assert BarclaySearch().observer_seats == ()
    assert set(BarclaySearch(multi_observer=True).observer_seats) == {"abwehr", "lcs"}


def test_what_a_tree_observes_is_exactly_what_that_seats_view_shows():
    """B12 and the fairness rule: the observation a seat's tree branches on (the other
    seat's bet once shown by Ultra or Evidence Results, its face-down cards once turned)
    is read from the game, so it must never hold more than that seat's view."""
    search = BarclaySearch(multi_observer=True)
    shown_bets = shown_cards = 0
    for game, seat, _legal in decisions():
        for observer in ("abwehr", "lcs"):
            opp = other(observer)
            view = game.view(observer)
            bet, down = search.observation(game, observer)
            view_bet = view["bets"][opp]
            assert bet == (None if view_bet == "hidden" else view_bet)
            turned = tuple((sl["card"], sl.get("blank", False)) for sl in view["tableau"][opp][3:] if not sl["hidden"])
            assert down == turned
            shown_bets += bet is not None
            shown_cards += bool(down)
    assert shown_bets and shown_cards  # both kinds were seen in these games


def test_a_multi_observer_search_is_fair_and_legal():
    """The option is off at every level (docs/ai.md, session 8), so the level-wide fairness
    and legality tests do not reach it: same view + same seed => same legal action, on
    twin games that differ only in what the seat cannot see."""
    from barclay_desktop.ai.barclay.players import make_search_player

    checked = 0
    for seed in (41, 42):
        for game in positions(seed, every=8, limit=10):
            seat = game.current_seat()
            twin, _ = hidden_twin(game, seat, random.Random(seed))
            choices = []
            for g in (game, twin):
                player = make_search_player("hard", seed, iterations=30, time_cap=math.inf, multi_observer=True)
                choices.append(player.choose(g.view(seat), g.legal_actions(seat)))
            assert choices[0] == choices[1] and choices[0] in game.legal_actions(seat), (seat, choices)
            checked += 1
    assert checked
