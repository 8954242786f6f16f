"""The `simulate` command: win counts with intervals, and worker processes that do not change them."""

from barclay_desktop.simulate import parse_args, run, wilson_interval


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
