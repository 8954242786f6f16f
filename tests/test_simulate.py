"""The `simulate` command: win counts with intervals, and worker processes that do not change them."""

import pytest

from barclay_desktop.rules import game_class
from barclay_desktop.simulate import build_options, parse_args, play_one, run, wilson_interval


def report(*argv):
    return run(parse_args(list(argv)))


def test_jobs_spread_games_without_changing_the_results():
    one = report("--game", "barclay", "--games", "12", "--seed", "40")
    two = report("--game", "barclay", "--games", "12", "--seed", "40", "--jobs", "2")
    assert one["wins"] == two["wins"] and one["endings"] == two["endings"]
    assert one["mean_length"] == two["mean_length"] and two["errors"] == 0
    assert sum(one["wins"].values()) == 12


def test_win_rates_carry_wilson_intervals_around_the_observed_rate():
    r = report("--game", "spies_lies", "--games", "10", "--seed", "3", "--players", "easy,random", "--jobs", "2")
    for side, (lo, hi) in r["win_rate_ci95"].items():
        rate = r["wins"][side] / 10
        assert lo <= rate <= hi
    assert wilson_interval(0, 0) == (0.0, 0.0)
    lo, hi = wilson_interval(20, 20)
    assert round(lo, 3) == 0.839 and hi == 1.0  # the 83.9-100% quoted for 20/20 in docs/ai.md



def test_no_leaks_plays_the_printed_rule_and_says_so():
    """Issue 31 item 2: `simulate --no-leaks` sets the Barclay game up without the leak cards;
    the report names the option, and no game gives a leak flip."""
    args = parse_args(["--game", "barclay", "--no-leaks"])
    assert build_options(args) == {"leak_cards": False}
    r = report("--game", "barclay", "--games", "2", "--seed", "7", "--no-leaks", "--check")
    assert r["options"] == {"leak_cards": False} and r["errors"] == 0
    leaks = {}
    for options in ({}, build_options(args)):
        logs = [play_one(game_class("barclay"), options, seed, ["random", "random"], False)[0].state.log
                for seed in (7, 8, 9)]
        leaks[bool(options)] = sum(e.kind == "leak" for log in logs for e in log)
    assert leaks[False] > 0 and leaks[True] == 0  # the same seeds leak with the variant on
    with pytest.raises(SystemExit, match="Barclay"):
        build_options(parse_args(["--game", "stawka", "--no-leaks"]))


def test_an_advanced_stawka_run_counts_the_cards_per_game_and_other_runs_do_not():
    """Issue 35 (plan section 4): how many reaction windows, plays, blocks, conversions and card uses a table meets."""
    adv = report("--game", "stawka", "--scenario", "chestnuts", "--games", "2", "--players", "easy,easy")
    assert set(adv["per_game"]) == {"windows", "played", "blocks", "conversions", "card uses"}
    assert adv["per_game"]["windows"] > 0 and adv["errors"] == 0
    assert report("--game", "stawka", "--games", "2", "--players", "easy,easy")["per_game"] == {}
