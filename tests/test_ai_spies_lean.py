"""The search's lean game (`ai/spies_lies/lean*.py`, issue 38) against the engine it stands for.

The lean game plays a sample's day without the engine's checks, log and views; these tests
play random games on the engine and on the lean game side by side (both table modes, teams)
and check that they offer the same (pruned) actions and reach the same positions, that a
lean sample is the belief's engine sample with the same draws, and that the written-out
rollout and iteration are the generic ones."""

from __future__ import annotations

import math
import random

from barclay_desktop.ai import ismcts
from barclay_desktop.ai.spies_lies import lean_sample, policy
from barclay_desktop.ai.spies_lies.belief import Belief
from barclay_desktop.ai.spies_lies.easy import side_facts
from barclay_desktop.ai.spies_lies.guess_sets import Weighed, guess_sets
from barclay_desktop.ai.spies_lies.knowledge import HIDDEN, RANKS, likeliest, lineup_prior, marginals
from barclay_desktop.ai.spies_lies.lean import CHIPS_EACH, DAYS, LeanGame, LeanSide
from barclay_desktop.ai.spies_lies.lean_resolve import BONUS_IP, CORRECT_IP, GATE, MAX_HELD, SCOUT_IP, TARGET
from barclay_desktop.ai.spies_lies.lean_facts import guess_options, policy_rank
from barclay_desktop.ai.spies_lies.pruning import prune
from barclay_desktop.ai.spies_lies.search import SpiesISMCTS, SpiesSearch
from barclay_desktop.rules import game_class
from barclay_desktop.rules.spies_lies.data import intel_cards, numbers
from barclay_desktop.rules.spies_lies.game import GUESSES

GAME = "spies_lies"
OPTIONS = ({}, {"teams": True}, {"open_table": True})


def lean_of(state) -> LeanGame:
    """The lean game of an engine state in a deploy, intelligence or mission phase."""
    def side(name):
        me = state.side(name)
        return LeanSide(name, list(me.hand), list(me.eliminated), list(me.slots), list(me.face_up), list(me.known),
                        list(me.borrowed), list(me.chips), list(me.deceived), me.tower, me.deception_chips,
                        me.scout_active, me.bomb_pending, me.wrong_order, me.steps_today)

    p = state.pending
    return LeanGame(state.teams, state.open_table, state.day, state.phase, state.starter, state.step, state.stage,
                    None if p is None else (p.kind, p.side, p.mission, p.deceived), state.current_intel,
                    state.deck[0] if state.deck else "", state.deception_reserve, list(state.done), state.spy,
                    (state.last_reveal or {}).get("spy_before"), len(state.history), side("red"), side("blue"),
                    state.rng.state)


def position(game, day: int | None = None) -> tuple:
    """What the rest of day `day` depends on, read from an engine game or a lean one; once that
    day (or the game) is over, what the search's evaluation reads."""
    if isinstance(game, LeanGame):
        ended = (game.over, game.winner, game.days_done, game.spy, game.red.tower, game.blue.tower)
        if game.over or game.day != (day or game.day):
            return ended
        sides = [(s.hand, s.slots, s.up, s.known, s.borrowed, s.chips, s.deceived, s.tower, s.dchips, s.scout, s.bomb,
                  s.wrong, s.steps) for s in (game.red, game.blue)]
        return ended + (game.day, game.reserve, game.current_seat(), sides, game.phase, game.step, game.stage,
                        game.pending)
    s = game.state
    ended = (s.result is not None, s.result.winner if s.result else None, len(s.history), s.spy, s.red.tower,
             s.blue.tower)
    if s.result is not None or s.day != (day or s.day):
        return ended
    sides = [(me.hand, me.slots, me.face_up, me.known, me.borrowed, me.chips, me.deceived, me.tower,
              me.deception_chips, me.scout_active, me.bomb_pending, me.wrong_order, me.steps_today)
             for me in (s.red, s.blue)]
    p = s.pending
    return ended + (s.day, s.deception_reserve, game.current_seat(), sides, s.phase, s.step, s.stage,
                    None if p is None else (p.kind, p.side, p.mission, p.deceived))


def engine_choices(game, seat) -> list:
    """The engine's legal actions as the search prunes them (guesses: the guesser's possible ranks)."""
    legal = game.legal_actions(seat)
    possible = None
    if game.state.phase == "mission" and game.state.stage == "guess":
        m, guesser, defender = game.mission_step()
        possible = marginals(side_facts(game.view(seat), defender))[m]
    return prune(legal, possible)


def test_the_rules_numbers_are_the_engines():
    n = numbers()
    assert (GATE, TARGET, DAYS, CORRECT_IP, SCOUT_IP, BONUS_IP, CHIPS_EACH, MAX_HELD) == (
        n["spaces_per_side"], n["infiltration_target"], n["days"], n["correct_guess_ip"], n["scout_guess_ip"],
        n["deception_bonus_ip"], n["intel_chips_per_side"], n["deception_chips_max_held"])


def test_lean_days_follow_the_engine():
    """From positions of random games, the engine and the lean game play the same random
    (pruned) actions to the day's end: the same actions on offer and the same positions after
    each, the finished day and the result included."""
    rng = random.Random(5)
    kinds, steps, ends = set(), 0, 0
    for options in OPTIONS:
        for seed in range(6):
            game = game_class(GAME).new(options, seed=900 + seed, track_undo=False)
            while not game.is_over():
                seat = game.current_seat()
                if game.state.phase != "eliminate" and rng.random() < 0.15:
                    steps += _play_day_both(game.clone(), rng, kinds)
                    ends += 1
                game.apply(rng.choice(game.legal_actions(seat)), seat)
    assert ends > 100 and steps > 1500
    # every kind of action was played, the Captain's and Marshal's choices among them
    assert {"Deploy", "ConfirmDeploy", "IntelChip", "Deceive", "NoDeception", "Guess", "CaptainPoints",
            "CaptainBorrow", "MarshalTen", "MarshalSplit"} <= kinds


def _play_day_both(game, rng, kinds: set) -> int:
    lean = lean_of(game.state)
    day, n = game.state.day, 0
    while True:
        assert position(lean, day) == position(game, day)
        if game.is_over() or game.state.day != day:
            return n
        seat = game.current_seat()
        choices = engine_choices(game, seat)
        assert list(lean.choices(seat)) == choices
        if game.state.phase == "mission" and game.state.stage == "guess":
            m, _, defender = game.mission_step()
            draw = rng.getrandbits(32)
            facts = side_facts(game.view(seat), defender)
            assert GUESSES[policy_rank(lean, defender, m, random.Random(draw)) - 1] == \
                policy.guess_action(facts, m, random.Random(draw))
        if not choices:
            return n
        action = rng.choice(choices)
        kinds.add(type(action).__name__)
        game.apply(action, seat)
        lean.apply(seat, action)
        n += 1


def self_play_views(options: dict, seed: int, every: int):
    """(game, seat) at positions with a choice met while random players play a game."""
    game = game_class(GAME).new(options, seed, track_undo=False)
    rng = random.Random(seed)
    n = 0
    while not game.is_over():
        seat = game.current_seat()
        legal = game.legal_actions(seat)
        if len(legal) > 1 and game.state.phase != "eliminate" and n % every == 0:
            yield game.clone(), seat
        game.apply(rng.choice(legal), seat)
        n += 1


def test_a_lean_sample_is_the_belief_sample():
    """Seeded alike, `lean_sample.sample` makes the draws `Belief.sample` makes and the same game."""
    checked = 0
    for options in OPTIONS:
        for prior in (False, True):
            for game, seat in self_play_views(options, 31, every=3):
                belief = Belief(game.view(seat), prior)
                a, b = random.Random(checked), random.Random(checked)
                engine = belief.sample(a)
                lean = lean_sample.sample(belief, b)
                assert a.getstate() == b.getstate()
                assert position(lean) == position(engine)
                assert lean.next_card == (engine.state.deck[0] if engine.state.deck else "")
                assert lean.card == engine.state.current_intel
                assert lean.seed == engine.state.rng.state
                checked += 1
    assert checked > 100


def test_the_written_out_iteration_is_the_generic_one():
    """`SpiesISMCTS` (iteration and rollout written out) chooses as the generic ISMCTS does
    with `SpiesSearch` on lean games, with the same draws."""
    checked = 0
    for options in OPTIONS:
        for prior in (False, True):
            for game, seat in self_play_views(options, 57, every=9):
                view, legal = game.view(seat), prune(game.legal_actions(seat))
                if len(legal) < 2:
                    continue
                picks = []
                for cls in (SpiesISMCTS, ismcts.ISMCTS):
                    rng = random.Random(checked)
                    search = cls(SpiesSearch(prior), iterations=60, time_cap=math.inf)
                    picks.append((search.search(view, legal, rng), search.last_iterations, rng.getstate()))
                assert picks[0] == picks[1]
                checked += 1
    assert checked > 15


def test_guess_options_are_the_guessers_possible_ranks():
    """The lean facts memo gives the pruned guesses of the guesser's own view."""
    checked = 0
    for options in OPTIONS:
        for game, seat in self_play_views(options, 77, every=1):
            s = game.state
            if s.phase == "mission" and s.stage == "guess":
                m, _, defender = game.mission_step()
                possible = marginals(side_facts(game.view(seat), defender))[m]
                assert list(guess_options(lean_of(s), defender, m)) == prune(list(GUESSES), possible)
                checked += 1
    assert checked > 30


def test_guess_sets_are_those_of_the_marginals():
    """`guess_sets` gives the ranks of non-zero probability and the likeliest ones of
    `knowledge.marginals`, on facts of every kind: strict and open tables, with and without
    Hard's prior, one to four hidden troops, chips true or lying, facts no line-up explains;
    also from the line-ups of the facts before a troop was shown (`Weighed.child`)."""
    rng = random.Random(8)
    cards = sorted(intel_cards())
    kinds = set()
    for _ in range(1500):
        elim = set(rng.sample(RANKS, rng.choice((0, 1, 2, 3, 3, 7))))
        slots = [HIDDEN] * 4
        for m in rng.sample(range(4), rng.choice((0, 0, 1, 2, 3))):
            slots[m] = rng.choice([r for r in RANKS if r not in elim and r not in slots])
        avail = tuple(r for r in RANKS if r not in elim and r not in slots)
        chips = tuple(rng.choice((-1, 0, 1)) for _ in range(4))
        card = frozenset(intel_cards()[rng.choice(cards)]) if rng.random() < 0.9 else frozenset()
        facts = (tuple(slots), avail, chips, card, rng.random() < 0.5)
        if rng.random() < 0.5:
            facts += (lineup_prior(rng.choice((1, 2, 3))),)
        shown = [m for m in range(4) if slots[m] != HIDDEN]
        derived = None
        if shown:  # the same facts reached from those before the troop at `shown[0]` was shown
            m0 = shown[0]
            before = (facts[0][:m0] + (HIDDEN,) + facts[0][m0 + 1:], tuple(sorted(avail + (slots[m0],)))) + facts[2:]
            derived = Weighed.of(before).child(m0, slots[m0])
        for m in range(4):
            dist = marginals(facts)[m]
            expected = (tuple(sorted(dist)), likeliest(dist) if dist else [])
            assert guess_sets(facts, m) == expected
            if derived is not None:
                assert guess_sets(facts, m, derived) == expected
            kinds.add((facts[4], len(facts), slots.count(HIDDEN), bool(dist), derived is not None))
    assert len(kinds) >= 30 and any(not k[3] for k in kinds)


def test_the_facts_memo_can_be_emptied_any_time(monkeypatch):
    """The guessed sides' facts memo is emptied when it grows (a long session): a search that
    empties it every 40 new entries chooses as one that keeps them, with the same draws."""
    from barclay_desktop.ai.spies_lies import lean_facts

    positions = [(game.view(seat), prune(game.legal_actions(seat))) for game, seat in self_play_views({}, 61, every=5)]
    positions = [(view, legal) for view, legal in positions if len(legal) > 1][:8]
    assert len(positions) == 8

    def choices():
        out = []
        for i, (view, legal) in enumerate(positions):
            rng = random.Random(i)
            search = SpiesISMCTS(SpiesSearch(True), iterations=80, time_cap=math.inf)
            out.append((search.search(view, legal, rng), rng.getstate()))
        return out

    kept = choices()
    monkeypatch.setattr(lean_facts, "_KEEP", 40)
    lean_facts._BASES.clear()
    assert choices() == kept
    assert len(lean_facts._BASES) < 40


def test_actions_from_another_process_choose_alike():
    """The tree knows actions by their objects (`lean.CANON`); the app's worker process gets
    the view and the legal actions pickled, as copies: the search still chooses the same."""
    import pickle

    from barclay_desktop.ai.spies_lies.players import make_search_player

    checked = 0
    for game, seat in self_play_views({}, 67, every=4):
        view, legal = game.view(seat), game.legal_actions(seat)
        copied = pickle.loads(pickle.dumps(legal))
        assert all(a is not b for a, b in zip(legal, copied))
        a = make_search_player("normal", checked, iterations=40, time_cap=math.inf).choose(view, legal)
        b = make_search_player("normal", checked, iterations=40, time_cap=math.inf).choose(view, copied)
        assert a == b
        checked += 1
        if checked == 6:
            return
    raise AssertionError("too few positions")
