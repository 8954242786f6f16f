"""The twin leak test (issue 30, deliverable 7): no list of secrets needed.

Covers every game and mode: Operation Barclay; Spies & Lies with 2 players and in teams,
strict and open table; Stawka's Meeting. Random games (seeded) are played; at each
checked position, for every seat and for the public (seat None), a twin state is built
that differs only in what that seat may not know (rules/<game>/twin.py: the opponents'
hands, face-down cards and tokens, deck and stack orders, hidden choices such as
planning cards and assessment tokens, line-ups not yet revealed, other seats' private
log lines) and stays a valid state (check_invariants). The seat's view
(json.dumps(view, sort_keys=True)), its log lines (events_for) and its legal actions
must be byte-identical in both; so must the log lines of the next action, matched in
the twin by an action with the same public part that leaves the seat's view identical
(B12, S7/S9, K12). Positions are checked with a stride over whole games (two seeds per
mode) to stay fast; `simulate --twins` checks every position of whole games.

The mutation checks below plant the three leaks today's `leak_probes` missed and
require the twin check to fail on each.
"""

from __future__ import annotations

import random
from types import SimpleNamespace

import attrs
import pytest

from barclay_desktop.rules import game_class
from barclay_desktop.rules.core.twin import TwinMismatch, check_position, check_transition, make_twin
from barclay_desktop.rules.spies_lies import game as spies_game
from barclay_desktop.rules.spies_lies.actions import ConfirmDeploy, Deploy, IntelChip
from barclay_desktop.rules.spies_lies.data import intel_cards, troop_label
from barclay_desktop.rules.spies_lies.lineup import SERGEANT

MODES = {
    "barclay": ("barclay", {}),
    "spies-2p-strict": ("spies_lies", {}),
    "spies-2p-open": ("spies_lies", {"open_table": True}),
    "spies-teams-strict": ("spies_lies", {"teams": True}),
    "spies-teams-open": ("spies_lies", {"teams": True, "open_table": True}),
    "stawka-meeting": ("stawka", {}),
    "stawka-first-clash": ("stawka", {"scenario": "first_clash"}),
}
SEEDS = (3, 4)
# every n-th position: about 10-15 positions of each game, each for every seat and the public
STRIDES = {"barclay": 24, "spies-2p-strict": 24, "spies-2p-open": 24, "spies-teams-strict": 30,
           "spies-teams-open": 30, "stawka-meeting": 10,
           "stawka-first-clash": 10}


def play_with_twins(game_id: str, options: dict, seed: int, stride: int, cap: int = 400) -> dict:
    """Play one random game; every `stride`-th position (offset by the seed) is checked for every seat."""
    rng = random.Random(seed)
    game = game_class(game_id).new(options, seed, track_undo=False)
    stats = {"positions": 0, "scrambled": 0, "matched": 0, "actions": 0}
    while not game.is_over() and stats["actions"] < cap:
        actor = game.current_seat()
        action = rng.choice(game.legal_actions(actor))
        after = game.clone()
        after.apply(action, actor)
        if stats["actions"] % stride == seed % stride:
            since = len(game.state.log)
            for seat in list(game.seats) + [None]:
                twin = make_twin(game, seat, rng)
                check_position(game, twin, seat)
                stats["positions"] += 1
                stats["scrambled"] += attrs.evolve(twin.state, log=[]) != attrs.evolve(game.state, log=[])
                stats["matched"] += check_transition(after, twin, actor, action, seat, since, rng)
        game = after
        stats["actions"] += 1
    return stats


@pytest.mark.parametrize("mode", sorted(MODES))
def test_every_seat_sees_the_same_in_its_twin(mode):
    """Issue 30 item 7: at the checked positions of seeded random games, each seat's view, log
    lines and legal actions, and the next action's log lines, are the same in the game and in a
    twin that changed only what the seat may not know."""
    game_id, options = MODES[mode]
    for seed in SEEDS:
        stats = play_with_twins(game_id, options, seed, stride=STRIDES[mode])
        assert stats["positions"] >= 15, stats
        # the twins do differ: most positions hide something from someone (not from the LCS at setup)
        assert stats["scrambled"] >= stats["positions"] // 2, stats
        # most actions show a seat nothing new, so a matching twin action is found for them
        assert stats["matched"] >= stats["positions"] // 2, stats


# ----- mutation checks: the three leaks `leak_probes` missed ------------------------------------
def _leaky_rules(cls, monkeypatch, leaky_view):
    rules = cls.RULES
    monkeypatch.setattr(cls, "RULES", SimpleNamespace(**{**vars(rules), "view": leaky_view(rules.view)}))


def _barclay_shows_every_token(view):
    def leaky(state, seat):
        out = view(state, seat)
        out["tokens"] = {sec: list(state.layout[sec]) for sec in state.revealed}
        return out
    return leaky


def _stawka_shows_the_opponent_priority(view):
    from barclay_desktop.rules.stawka.flow import plan_card
    from barclay_desktop.rules.stawka.state import SIDES

    def leaky(state, seat):
        out = view(state, seat)
        chosen = {x: state.chosen.get(x) for x in SIDES}
        out["planning"]["priorities"] = {x: plan_card(c).priority if c else None for x, c in chosen.items()}
        return out
    return leaky


def _spies_deploy_names_the_troop(monkeypatch):
    cls = game_class("spies_lies")
    deploy = cls._do_deploy

    def leaky(self, seat, action):
        deploy(self, seat, action)
        self.emit("deployed_troop", f"{seat} puts the {troop_label(action.rank)} under Mission {action.mission}.")
    monkeypatch.setattr(cls, "_do_deploy", leaky)
    monkeypatch.setitem(spies_game.handlers_of(cls), Deploy, leaky)  # handlers are looked up once


def _run_until_mismatch(game_id, options):
    play_with_twins(game_id, options, 1, stride=1, cap=MUTATION_CAP)


MUTATION_CAP = 10  # every position of a game's first actions: each plant shows up within them


def test_mutation_a_barclay_view_showing_every_token_is_caught(monkeypatch):
    """Planted leak (a), B12: the token layout is the LCS's secret."""
    _leaky_rules(game_class("barclay"), monkeypatch, _barclay_shows_every_token)
    with pytest.raises(TwinMismatch, match="'abwehr'|None"):
        _run_until_mismatch("barclay", {})


def test_mutation_b_stawka_view_exposing_the_opponent_priority_is_caught(monkeypatch):
    """Planted leak (b), K7/K12: the opponent's planning card stays secret until both are shown."""
    _leaky_rules(game_class("stawka"), monkeypatch, _stawka_shows_the_opponent_priority)
    with pytest.raises(TwinMismatch, match="view"):
        _run_until_mismatch("stawka", {})


def test_mutation_c_public_spies_deploy_line_naming_the_troop_is_caught(monkeypatch):
    """Planted leak (c), rulebook Deploy: troops are placed face-down."""
    _spies_deploy_names_the_troop(monkeypatch)
    with pytest.raises(TwinMismatch, match="log lines of .*deploy"):
        _run_until_mismatch("spies_lies", {})


def test_the_twin_test_is_silent_without_the_plants():
    """The mutation checks fail only because of the plants: the same games pass untouched."""
    for game_id in ("barclay", "stawka", "spies_lies"):
        _run_until_mismatch(game_id, {})


# ----- the real leak the twin test found --------------------------------------------------------
def _open_table_deploy_game():
    g = game_class("spies_lies").new({"open_table": True}, 5)
    while g.state.phase == "eliminate":
        g.apply(g.legal_actions(g.current_seat())[0])
    return g


def test_an_open_table_warning_is_part_of_the_one_private_line():
    """S9 open table, found by the twin test: a warning used to be a second private line, which moved
    the numbers (seq) of every later public line, so the other side could read from its view's log
    that a placement broke the rules. Now each deploy gives one private line, warned or not."""
    g = _open_table_deploy_game()
    seat = g.current_seat()
    ranks = sorted(r for r in g.state.side(seat).hand if r != SERGEANT)
    quiet = g.apply(Deploy(ranks[-1], 1), seat)
    warned = g.apply(Deploy(ranks[0], 2), seat)  # lower than Mission 1's troop: out of order
    assert [e.kind for e in quiet] == ["deploy"]
    assert [e.kind for e in warned] == ["warning"] and warned[0].to == seat
    assert warned[0].text.startswith("You put your") and "Warning:" in warned[0].text


def _to_intel(g):
    while g.state.phase == "deploy":
        seat = g.current_seat()
        legal = g.legal_actions(seat)
        g.apply(next((a for a in legal if isinstance(a, (ConfirmDeploy, Deploy))), legal[0]), seat)


def test_an_open_table_false_chip_warning_is_part_of_the_one_private_line():
    """S9 open table: a non-Sergeant lie with a chip is warned in the chip's own private line."""
    g = _open_table_deploy_game()
    _to_intel(g)
    s = g.state
    seat = g.current_seat()
    m = g._undecided_chip(seat)
    rank = s.side(g.side_of(seat)).slots[m]
    truth = rank in intel_cards()[s.current_intel]
    lines = g.apply(IntelChip(m + 1, not truth), seat)
    assert len(lines) == 1 and lines[0].to == seat
    assert lines[0].kind == ("intel_chip" if rank == SERGEANT else "warning")


def _results_decision_revealing_the_bets(seed: int):
    """Play a random Barclay game (undo on) up to a results decision that leads to the assessments."""
    rng = random.Random(seed)
    g = game_class("barclay").new({}, seed)
    while not g.is_over():
        seat = g.current_seat()
        action = rng.choice(g.legal_actions(seat))
        hidden = not all(g.state.bet_shown.values())
        in_results = g.state.step == "results" and "bets" not in g.state.month_report
        draws = g.state.rng.draws
        g.apply(action, seat)
        if in_results and hidden and "bets" in g.state.month_report and g.state.rng.draws == draws:
            return g, seat
    return None, None


def test_the_decision_that_reveals_the_assessments_cannot_be_undone():
    """B12 (assessment tokens are private) and B9, found by the twin test: the last fix (or a tie's
    evidence choice) runs the Beta step, which shows both bets. It used no chance and was not marked
    as showing anything, so its seat could undo it and fix again knowing the other's bet."""
    found = [_results_decision_revealing_the_bets(seed) for seed in (1, 2, 3)]
    found = [(g, seat) for g, seat in found if g is not None]
    assert found, "no seeded game reached such a decision"
    for g, seat in found:
        assert g.undo_status(seat) == (False, "The assessment tokens were revealed.")


# ----- the scramblers change what they must and nothing else -----------------------------------
def _twins(game, seat, n=12):
    rng = random.Random(7)
    return [make_twin(game, seat, rng) for _ in range(n)]


def test_a_barclay_twin_changes_the_layout_only_for_a_seat_that_may_not_know_it():
    """B12/B13: the Abwehr's and the public twins lay out other tokens with the same turned ones;
    the LCS's twins keep its layout, roles and hand."""
    from tests.barclay_helpers import ABWEHR, LCS, started_game

    g = started_game(5)
    g.state.revealed["blue"][0] = True  # one turned token every twin must keep
    for seat in (ABWEHR, None):
        twins = _twins(g, seat)
        assert any(t.state.layout != g.state.layout for t in twins)
        assert all(t.state.layout["blue"][0] == g.state.layout["blue"][0] for t in twins)
        assert any(t.state.hands[LCS] != g.state.hands[LCS] for t in twins)
    for t in _twins(g, LCS):
        mine = (g.state.layout, g.state.roles, g.state.hands[LCS])
        assert (t.state.layout, t.state.roles, t.state.hands[LCS]) == mine
        assert t.state.hands[ABWEHR] != g.state.hands[ABWEHR] or t.state.decks != g.state.decks


def _spies_at_first_guess(options):
    g = game_class("spies_lies").new(options, 9)
    rng = random.Random(9)
    while g.state.phase != "mission":
        seat = g.current_seat()
        g.apply(rng.choice(g.legal_actions(seat)), seat)
    return g


@pytest.mark.parametrize("options", [{}, {"teams": True}], ids=["2p-strict", "teams-strict"])
def test_a_spies_twin_moves_only_troops_the_seat_cannot_see(options):
    """Rulebook Deploy, S7, S9: the other side's face-down troops change places (in order, with the
    chips they show still true but the Sergeant's); the seat's own troops stay; a team seat's
    partner's troops may change too."""
    g = _spies_at_first_guess(options)
    seat = g.lead_seat("red")
    red, blue = g.state.red, g.state.blue
    twins = _twins(g, seat)
    assert any(t.state.blue.slots != blue.slots for t in twins)
    mine = list(g.missions_of(seat))
    for t in twins:
        assert [t.state.red.slots[m] for m in mine] == [red.slots[m] for m in mine]
        assert t.state.blue.chips == blue.chips and t.state.blue.eliminated == blue.eliminated
        assert sorted(t.state.blue.slots + t.state.blue.hand) == sorted(blue.slots + blue.hand)


def test_a_stawka_twin_changes_the_unrevealed_planning_card_of_the_other_network_only():
    """K7/K12: the German twin's Polish card is another one the Polish player could have chosen."""
    from barclay_desktop.rules.stawka.actions import ChoosePlan
    from barclay_desktop.rules.stawka.state import GERMAN, POLISH

    g = game_class("stawka").new({}, 4)
    g.apply(next(a for a in g.legal_actions(POLISH) if isinstance(a, ChoosePlan)), POLISH)
    assert g.current_seat() == GERMAN and g.state.chosen[POLISH]
    assert any(t.state.chosen[POLISH] != g.state.chosen[POLISH] for t in _twins(g, GERMAN))
    assert all(t.state.chosen[POLISH] == g.state.chosen[POLISH] for t in _twins(g, POLISH))


def test_simulate_twins_reports_a_planted_leak_with_its_seed(monkeypatch):
    """`simulate --twins` runs the same twin check in whole games: the planted Stawka leak (b) is
    reported as an error of that seed's game."""
    from barclay_desktop.simulate import parse_args, run

    _leaky_rules(game_class("stawka"), monkeypatch, _stawka_shows_the_opponent_priority)
    report = run(parse_args(["--game", "stawka", "--games", "1", "--seed", "8", "--twins"]))
    assert report["errors"] == 1
    assert report["error_details"][0]["seed"] == 8 and "TwinMismatch" in report["error_details"][0]["error"]


def test_a_stawka_twin_exchanges_a_face_down_item_only_for_a_face_down_kind_of_the_same_location():
    """K12 and Item Tiles 1/3: a held face-down tile shows its location on the back and is known
    not to be reusable ('*' items are kept face up), so its twin is another such tile (found by
    `simulate --twins`, seed 52: a reusable tile had been put in a hand face-down)."""
    from barclay_desktop.rules.stawka.rules import item

    rng = random.Random(1)
    g = game_class("stawka").new({}, 1, track_undo=False)
    while not any(a.items for a in g.state.agents.values()):
        seat = g.current_seat()
        g.apply(rng.choice(g.legal_actions(seat)), seat)
    (holder, held), = [(aid, a.items[0]) for aid, a in g.state.agents.items() if a.items]
    assert not item(held).reusable
    twins = [t.state.agents[holder].items[0] for t in _twins(g, None, 20)]
    assert any(t != held for t in twins)
    assert all(item(t).location == item(held).location and not item(t).reusable for t in twins)


def test_barclay_choices_made_in_the_open_are_matched_only_by_themselves():
    """B12: a fix of a multi-value card is announced even when the month's end clears the table in
    the same action (found by `simulate --twins --players easy,easy`, seed 71); a face-down card and
    the bet are hidden choices, matched in the twin by any other of the same kind."""
    from barclay_desktop.rules.barclay import actions as A
    from barclay_desktop.rules.barclay.twin import public_part
    from tests.barclay_helpers import started_game

    g = started_game(5)
    fix = A.FixCard(slot=4, value=12, colour="purple")
    assert public_part(g, fix) == {"type": "fix", "slot": 4, "value": 12, "colour": "purple"}
    assert public_part(g, A.Assess("lcs")) == "assess"
    assert public_part(g, A.PlayCard("ic-pink-09")) == {"type": "play", "card": "ic-pink-09"}  # First Three: face-up
    g.state.step = "play2"
    assert public_part(g, A.PlayCard("ic-pink-09")) == "play"
