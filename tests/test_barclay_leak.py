"""The Abwehr's leak cards (B14 balance change, docs/barclay-cards.md): Josephine and Cicero each
let the Abwehr turn one extra face-down intelligence token, in any sector, with the month's flips."""

import json

import pytest

from barclay_desktop.rules.barclay import flow
from barclay_desktop.rules.barclay.state import LEAK, LEAK_OPTION
from tests.barclay_helpers import ABWEHR, LCS, A, BarclayGame, discard, new_game, set_tableau, settle, started_game


PLAIN_LCS = ["ic-pink-09", "ic-red-09", "ic-blue-04", "ic-green-05", "ic-purple-06"]
WITH_JOSEPHINE = ["abw-03", "ic-pink-08", "ic-red-08", "ic-green-02", "ic-purple-03"]


def to_results(g, abwehr_cards, lcs_cards, face_up=False):
    set_tableau(g, ABWEHR, abwehr_cards, face_up)
    set_tableau(g, LCS, lcs_cards, face_up)
    g.state.bets = {ABWEHR: ABWEHR, LCS: LCS}  # the LCS hand is best: only the LCS is right
    flow.begin_results(g)
    settle(g)


def settle_fixes(g):
    """Fix every multi-value/colour card at its first option (the Abwehr, then the LCS)."""
    while g.state.pending and g.state.pending[0].kind == "fix":
        seat = g.current_seat()
        g.apply(g.legal_actions(seat)[0], seat)


def test_a_face_down_leak_card_adds_one_flip_in_any_sector():
    """B14 leak: played face-down in Final Two Cards, Josephine still leaks in Evidence Results."""
    g = started_game(41)
    to_results(g, WITH_JOSEPHINE, PLAIN_LCS, face_up=False)
    settle_fixes(g)
    s = g.state
    assert s.month_report.get("leaks") == 1
    assert s.pending[0].kind == "flip" and LEAK in s.pending[0].cards
    leak_flips = {(a.sector, a.space) for a in g.legal_actions(ABWEHR) if a.token == LEAK}
    hidden = {(sec, i) for sec, row in s.revealed.items() for i, shown in enumerate(row) if not shown}
    assert leak_flips == hidden and len(hidden) == 25
    assert any(e.kind == "leak" and "Josephine" in e.text for e in s.log)


def test_a_used_leak_is_gone_and_the_six_evidence_tokens_are_conserved():
    """B1: the six evidence tokens stay six; a leak is not one of them and is used up by its flip."""
    g = started_game(42)
    to_results(g, WITH_JOSEPHINE, PLAIN_LCS, face_up=True)
    settle_fixes(g)
    g.apply(A.Flip(LEAK, "purple", 0))
    s = g.state
    assert s.revealed["purple"][0]
    assert LEAK not in s.won and LEAK not in s.spent
    g.check_invariants()
    assert any(e.kind == "flip" and "a leak" in e.text for e in s.log)


def test_no_leak_without_a_leak_card_or_when_a_replacement_brings_one():
    """B6: a replacement gives value, colour and icons but not its effect: a leak card taken by
    Fremde Heere West from the discard pile does not leak; a plain tableau gives no leak."""
    g = started_game(43)
    discard(g, ABWEHR, ["abw-03"])
    fhw = ["abw-02", "ic-pink-08", "ic-red-08", "ic-green-02", "ic-purple-03"]
    to_results(g, fhw, PLAIN_LCS, face_up=True)
    if g.state.pending and g.state.pending[0].kind == "replace":
        g.apply(A.Replace(0, "abw-03"), ABWEHR)
    settle_fixes(g)
    assert "leaks" not in g.state.month_report
    assert LEAK not in g.state.won


def test_a_leak_with_nothing_left_to_flip_is_ignored_and_not_spent():
    """FAQ (evidence for a fully revealed board is ignored), applied to the leak."""
    g = started_game(44)
    for sec in g.state.revealed:
        g.state.revealed[sec] = [True] * 5
    g.state.won = [LEAK]
    g.state.step = "results"
    g.state.queue = [["flips"], ["end_month"]]
    settle(g)
    assert LEAK not in g.state.spent and not g.state.won


def test_with_the_leak_cards_off_josephine_is_a_plain_card():
    """Rulebook "Token Actions": the Abwehr turns tokens "corresponding to the color of the
    Evidence tokens they have won this Month"; with the balance variant off (issue 31 item 2)
    Josephine still counts in the hand but gives no extra flip: the same month with the
    variant on differs only by the leak."""
    won = {}
    for on in (True, False):
        g = started_game(41, options={LEAK_OPTION: on})
        to_results(g, WITH_JOSEPHINE, PLAIN_LCS, face_up=False)
        settle_fixes(g)
        won[on] = (sorted(g.state.won), g.state.month_report["hands"])
        assert any(e.kind == "leak" for e in g.state.log) == on
    assert LEAK not in won[False][0]
    assert won[True][0] == sorted(won[False][0] + [LEAK]) and won[True][1] == won[False][1]


@pytest.mark.parametrize("on", [True, False])
def test_the_leak_option_is_public_logged_and_kept_by_a_save(on):
    """Issue 31 item 2: the option is part of the game's setup, shown to both seats and in the
    log's opening lines, and a save/load keeps it."""
    g = new_game(5, options={LEAK_OPTION: on})
    for seat in (ABWEHR, LCS, None):
        assert g.view(seat)["options"] == {LEAK_OPTION: on}
    opening = [e.text for e in g.state.log[:3] if e.to is None]
    assert any(t.startswith("Leak cards: " + ("balance variant" if on else "off")) for t in opening)
    copy = BarclayGame.from_json(json.loads(json.dumps(g.to_json())))
    assert copy.view(LCS)["options"] == {LEAK_OPTION: on}


def test_the_leak_cards_are_on_by_default_and_in_saves_from_before_the_option():
    """Issue 31 item 2: on by default; a save written before the option existed played with the
    leak cards, so it loads with them on."""
    assert new_game(6).state.options[LEAK_OPTION] is True
    data = json.loads(json.dumps(new_game(6).to_json()))
    del data["state"]["options"][LEAK_OPTION]
    old = BarclayGame.from_json(data)
    assert old.view(None)["options"] == {LEAK_OPTION: True}


def test_a_leak_option_that_is_not_on_or_off_is_refused_with_a_message():
    with pytest.raises(ValueError, match="on or off"):
        new_game(7, options={LEAK_OPTION: "no"})
