"""Spies & Lies computer players: legal answers, fairness (no peeking) and strength."""

from __future__ import annotations

import math
import random

import pytest

from barclay_desktop import ai
from barclay_desktop.ai.arena import play_game
from barclay_desktop.ai.spies_lies import players as sl_players
from barclay_desktop.ai.spies_lies.belief import Belief
from barclay_desktop.ai.spies_lies.easy import side_facts
from barclay_desktop.ai.spies_lies.knowledge import HIDDEN, lineup_prior, lineups, marginals, sample_lineup
from barclay_desktop.rules import game_class

GAME = "spies_lies"


def fast_player(level: str, seed: int):
    """The levels at a test budget (the search is the same, only shorter)."""
    if level in ("normal", "hard"):
        return sl_players.make_search_player(level, seed, iterations=30, time_cap=math.inf)
    return ai.make_player(GAME, level, seed)


def self_play_positions(options: dict, seed: int, every: int = 7):
    """Positions (game clones) met while random players play a game."""
    cls = game_class(GAME)
    game = cls.new(options, seed, track_undo=False)
    rng = random.Random(seed)
    out, n = [], 0
    while not game.is_over():
        seat = game.current_seat()
        legal = game.legal_actions(seat)
        if len(legal) > 1 and n % every == 0:
            out.append(cls(game.state.clone(), track_undo=False))
        game.apply(rng.choice(legal), seat)
        n += 1
    return out


def test_registered_levels():
    assert ai.available_levels(GAME) == ["random", "easy", "normal", "hard"]
    for level in ("easy", "normal", "hard"):
        assert ai.make_player(GAME, level, 1).level == level


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
@pytest.mark.parametrize("options", [{}, {"teams": True}, {"open_table": True}])
def test_every_level_answers_legally(level, options):
    positions = self_play_positions(options, seed=11 if options else 5)
    assert positions
    player = fast_player(level, 3)
    phases = set()
    if level != "easy":  # a search costs more: every 6th position, and more mission steps
        positions = [g for i, g in enumerate(positions) if i % 6 == 0 or (i % 3 == 1 and g.state.phase == "mission")]
    for game in positions:
        seat = game.current_seat()
        legal = game.legal_actions(seat)
        action = player.choose(game.view(seat), legal)
        assert action in legal
        phases.add(game.state.phase)
    assert {"deploy", "mission"} <= phases


def twin_with_other_hidden(game, seat: str, rng: random.Random):
    """A copy of `game` where the other side's face-down troops and hand are resampled
    among the line-ups `seat` cannot tell apart (None if there is no alternative)."""
    view = game.view(seat)
    side = game.side_of(seat)
    enemy = "blue" if side == "red" else "red"
    facts = side_facts(view, enemy)
    if not any(r == HIDDEN for r in facts[0]) or len(lineups(*facts)[0]) < 2:
        return None
    state = game.state.clone()
    e = state.side(enemy)
    for _ in range(20):
        line = sample_lineup(facts, rng)
        if list(line) != e.slots:
            break
    else:
        return None
    deployed = set(line)
    e.hand = sorted(r for r in facts[1] if r not in deployed)
    e.slots = list(line)
    twin = type(game)(state, track_undo=False)
    return twin if twin.view(seat) == view and twin.legal_actions(seat) == game.legal_actions(seat) else None


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
@pytest.mark.parametrize("options", [{}, {"teams": True}])
def test_same_view_same_seed_same_action_whatever_is_hidden(level, options):
    rng = random.Random(4)
    checked, phases = 0, set()
    for seed in (21, 22, 23, 24):
        for game in self_play_positions(options, seed, every=3):
            seat = game.current_seat()
            twin = twin_with_other_hidden(game, seat, rng)
            if twin is None or (game.state.phase in phases and checked % 3):
                continue
            assert twin.state.side("red").slots != game.state.side("red").slots or \
                twin.state.side("blue").slots != game.state.side("blue").slots
            legal = game.legal_actions(seat)
            a = fast_player(level, 9).choose(game.view(seat), legal)
            b = fast_player(level, 9).choose(twin.view(seat), twin.legal_actions(seat))
            assert a == b
            checked += 1
            phases.add(game.state.phase)
            if checked >= (12 if level == "easy" else 5):
                assert len(phases) >= 2
                return
    assert checked >= 4


def test_marginals_respect_chips_and_order():
    # Strict table, card {1, 2, 3, 5}: chips on Missions 1 and 2 only.
    card = frozenset({1, 2, 3, 5})
    facts = ((HIDDEN,) * 4, tuple(range(1, 10)), (1, 1, 0, 0), card, True)
    lines, _ = lineups(*facts)
    assert lines
    for line in lines:
        for m, r in enumerate(line):
            if r != 4:
                assert (r in card) == (m < 2)
    dist = marginals(facts)
    assert abs(sum(dist[0].values()) - 1) < 1e-9
    assert 10 not in dist[3]  # the Marshal is eliminated here (not available)


@pytest.mark.parametrize("prior", [False, True])
def test_determinization_matches_the_view_and_holds_the_truth(prior):
    """A sample shows the seat exactly its view and legal actions; the real line-ups are
    among those the belief can sample (strict table), with or without Hard's line-up prior."""
    checked = 0
    for options in ({}, {"teams": True}, {"open_table": True}):
        for game in self_play_positions(options, seed=31, every=2):
            seat = game.current_seat()
            view = game.view(seat)
            belief = Belief(view, prior)
            sample = belief.sample(random.Random(checked))
            a, b = dict(view), sample.view(seat)
            a.pop("log"), b.pop("log")
            assert a == b
            assert sample.legal_actions(seat) == game.legal_actions(seat)
            sample.check_invariants()
            if not options.get("open_table"):
                for side in ("red", "blue"):
                    if belief.hidden[side]:
                        assert tuple(game.state.side(side).slots) in lineups(*belief.facts[side])[0]
            checked += 1
    assert checked > 50


def test_lineup_prior_covers_every_day_rank_and_mission():
    for day in (1, 2, 3):
        table = lineup_prior(day)
        assert len(table) == 4
        for row in table:
            assert len(row) == 11 and max(row) == 1.0
            assert all(row[r] > 0 for r in range(1, 11))  # reweights, never rules a rank out


def test_lineup_prior_reweights_the_same_lineups():
    """The prior changes how likely each possible line-up is, never which are possible:
    a line-up weighs the product of its ranks' weights at their missions."""
    facts = ((HIDDEN, HIDDEN, 6, HIDDEN), (1, 2, 3, 4, 5, 7, 8, 9, 10), (-1,) * 4, frozenset(), True)
    prior = lineup_prior(1)
    plain, weighted = lineups(*facts), lineups(*facts, prior)
    assert plain[0] == weighted[0] and len(plain[0]) > 20

    def weights(cum):
        return [b - a for a, b in zip((0.0,) + cum[:-1], cum)]

    for line, w in zip(weighted[0], weights(weighted[1])):
        expected = 1.0
        for m in (0, 1, 3):
            expected *= prior[m][line[m]]
        assert w == pytest.approx(expected)
    assert all(w == pytest.approx(1.0) for w in weights(plain[1]))


def test_the_prior_applies_to_the_enemy_in_two_player_games_only():
    for options, expect in (({}, True), ({"teams": True}, False)):
        game = self_play_positions(options, seed=41, every=5)[3]
        view = game.view(game.current_seat())
        belief = Belief(view, prior=True)
        enemy = "blue" if view["my_side"] == "red" else "red"
        assert (len(belief.facts[enemy]) == 6) is expect
        assert len(belief.facts[view["my_side"]]) == 5
        if expect:
            assert belief.facts[enemy][5] == lineup_prior(view["day"])


def test_normal_beats_random_at_a_low_budget():
    def make(game_id, level, seed):
        if level == "normal":
            return sl_players.make_search_player("normal", seed, iterations=10, time_cap=math.inf)
        return ai.make_player(game_id, level, seed)

    wins = 0
    for i in range(4):
        levels = {"red": "normal", "blue": "random"} if i % 2 == 0 else {"red": "random", "blue": "normal"}
        rec = play_game(GAME, levels, seed=200 + i, make=make)
        wins += levels.get(rec.winner) == "normal"
    assert wins >= 3


def test_easy_beats_random_from_both_seats():
    wins = 0
    for i in range(6):
        levels = {"red": "easy", "blue": "random"} if i % 2 == 0 else {"red": "random", "blue": "easy"}
        rec = play_game(GAME, levels, seed=100 + i)
        wins += levels.get(rec.winner) == "easy"
    assert wins >= 5


def test_hard_beats_normal_at_a_low_budget():
    """Levels are ordered: with the shipped budgets scaled down (Normal 30, Hard 120
    iterations; shipped 200 / 800) Hard, which also expects the usual line-ups
    (docs/ai.md), wins most games, half of them from each seat. Whole-game tournaments at
    the shipped budgets are in bench/ai_tournament.py. At this budget Hard won 19 of the 30
    games of seeds 300-329 with ruling S12 (issue 31), 6 of these 10 (7 before S12, whose
    rollouts changed the searches' choices in seed 309): more than half is asked."""
    def make(game_id, level, seed):
        return sl_players.make_search_player(level, seed, iterations=30 if level == "normal" else 120, time_cap=math.inf)

    wins = 0
    for i in range(10):
        hard = "red" if i % 2 == 0 else "blue"
        rec = play_game(GAME, {hard: "hard", "blue" if hard == "red" else "red": "normal"}, seed=300 + i, make=make)
        wins += rec.winner == hard
    assert wins >= 6, wins


def test_hard_mixes_its_deployment_and_nothing_else(monkeypatch):
    """Hard deploys a troop drawn among the near-best (ISMCTS._pick), so its line-ups carry
    no habit to learn (docs/ai.md, Spies & Lies point 8); its other choices, and all of Normal's
    (Hard's line-up prior describes Normal), are the most visited move."""
    from barclay_desktop.ai import ismcts

    seen = []
    real = ismcts.ISMCTS.search

    def spy(self, view, legal, rng, mix=0.0):
        seen.append((type(legal[0]).__name__, mix))
        return real(self, view, legal, rng, mix)

    monkeypatch.setattr(ismcts.ISMCTS, "search", spy)
    for level, mix in (("hard", sl_players.BUDGETS["hard"][3]), ("normal", 0.0)):
        seen.clear()
        game = game_class(GAME).new(seed=21, track_undo=False)
        players = {"red": sl_players.make_search_player(level, 4, iterations=20, time_cap=math.inf),
                   "blue": ai.make_player(GAME, "easy", 5)}
        while not game.is_over() and len({kind for kind, _ in seen}) < 3:
            seat = game.current_seat()
            game.apply(players[seat].choose(game.view(seat), game.legal_actions(seat)), seat)
        mixes = {kind: m for kind, m in seen}
        assert "Deploy" in mixes and len(mixes) >= 2, mixes
        assert mixes.pop("Deploy") == mix
        assert set(mixes.values()) == {0.0}, mixes
    assert sl_players.BUDGETS["hard"][3] > 0 == sl_players.BUDGETS["normal"][3]
