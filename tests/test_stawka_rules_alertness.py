"""The EXTENDED 2d6 tests and their support windows (P9: Threat Tokens, the example's phase 1 and 2)."""

from __future__ import annotations

import pytest

from barclay_desktop.rules.core.message import msg
from barclay_desktop.rules.stawka import actions as A
from barclay_desktop.rules.stawka import alertness
from barclay_desktop.rules.stawka.rules import doc
from barclay_desktop.rules.stawka.state import GERMAN, POLISH, ThreatOnBoard
from tests.stawka_helpers import activation_position, cast, dice, dice_events, events, touch
from tests.test_stawka_first_clash import placed_first_clash

RESULTS = []


@pytest.fixture
def probe_test():
    """A document-check-like test for the Polish agent `agent` at `space`: 2d6 - 2 above his Alertness."""
    RESULTS.clear()
    test = alertness.register(alertness.Test(
        name="probe", title=msg("Document check"),
        roller=lambda s, spec: spec["agent"], space=lambda s, spec: spec["space"],
        favoured=lambda s, spec: s.agents[spec["agent"]].side,
        modifiers=lambda s, spec: [(msg("document check"), -2)],
        target=lambda s, spec: (doc(s, spec["agent"]).alertness, msg("Alertness")),
        passes=alertness.ABOVE, resolve=lambda game, spec, passed: RESULTS.append(passed)))
    yield test
    del alertness.TESTS["probe"]


def example_position():
    """Threat Tokens, Example: Christianson next to the hotel; support tokens of both sides in Hitlerplatz."""
    g = activation_position(placed_first_clash(), POLISH)
    cast(g, {"christianson": "hitlerplatz.s3"}, {"johannes_lemner": "hitlerplatz.s6"})
    s = g.state
    s.threats = {"hitlerplatz.theatre": ThreatOnBoard("german.13", GERMAN),
                 "hitlerplatz.s2": ThreatOnBoard("polish.14", POLISH),
                 "hitlerplatz.s8": ThreatOnBoard("polish.15", POLISH),
                 "police.s1": ThreatOnBoard("polish.16", POLISH)}
    touch(g)
    return g


def test_support_windows_roller_side_first_then_the_other_and_the_roll_counts_both(probe_test):
    """Example phase 1: Polish reveals a support (+1), German declines; 4 + 6 - 2 + 1 = 9 > 8 passes."""
    g = example_position()
    assert doc(g.state, "christianson").alertness == 8
    alertness.start(g, "probe", agent="christianson", space="hitlerplatz.hotel")
    touch(g)
    assert g.current_seat() == POLISH
    # only the Polish tokens of the test's sector are offered (not police.s1), and "none"
    assert set(g.legal_actions(POLISH)) == {A.UseSupport("hitlerplatz.s2"), A.UseSupport("hitlerplatz.s8"),
                                            A.UseSupport(None)}
    g.apply(A.UseSupport("hitlerplatz.s2"), POLISH)
    assert g.current_seat() == GERMAN
    assert g.legal_actions(GERMAN) == [A.UseSupport("hitlerplatz.theatre"), A.UseSupport(None)]
    dice(g, 4, 6)
    g.apply(A.UseSupport(None), GERMAN)
    (roll,) = dice_events(g, "probe")
    assert roll.data["total"] == 9 and roll.data["passed"] is True
    assert [v for _, v in roll.data["modifiers"]] == [-2, 1]
    assert RESULTS == [True]
    assert "polish.14" in g.state.threats_removed and "hitlerplatz.s2" not in g.state.threats
    assert "hitlerplatz.theatre" in g.state.threats
    assert events(g, "support_used")[0].data["seat"] == POLISH


def test_a_support_against_the_roller_subtracts_and_a_side_without_tokens_is_not_asked(probe_test):
    """Example phase 2: the other side's support changes the roll against the roller."""
    g = example_position()
    s = g.state
    del s.threats["hitlerplatz.s2"], s.threats["hitlerplatz.s8"]
    touch(g)
    alertness.start(g, "probe", agent="christianson", space="hitlerplatz.hotel")
    touch(g)
    assert g.current_seat() == GERMAN  # Polish has no support token in Hitlerplatz: not asked
    dice(g, 5, 5)
    g.apply(A.UseSupport("hitlerplatz.theatre"), GERMAN)
    (roll,) = dice_events(g, "probe")
    assert roll.data["total"] == 10 - 2 - 1 and RESULTS == [False]


def test_no_window_when_no_side_has_a_support_in_the_sector(probe_test):
    g = example_position()
    g.state.threats = {}
    dice(g, 6, 6)
    alertness.start(g, "probe", agent="christianson", space="hitlerplatz.hotel")
    assert not g.state.pending and RESULTS == [True]
    assert g.state.last_dice["kind"] == "probe" and g.state.last_dice["total"] == 10
