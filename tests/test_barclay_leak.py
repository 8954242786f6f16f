"""The Abwehr's leak cards (B14 balance change, docs/barclay-cards.md): Josephine and Cicero each
let the Abwehr turn one extra face-down intelligence token, in any sector, with the month's flips."""

from barclay_desktop.rules.barclay import flow
from barclay_desktop.rules.barclay.state import LEAK
from tests.barclay_helpers import ABWEHR, LCS, A, discard, set_tableau, settle, started_game

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
