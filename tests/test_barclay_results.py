"""Evidence Results (RULINGS B9), replacement (B6), fixing, flips and victory (B11), month 6."""

import attrs

from barclay_desktop.rules.barclay import flow
from barclay_desktop.rules.barclay.state import Slot
from tests.barclay_helpers import ABWEHR, LCS, A, discard, set_tableau, settle, started_game

THREE_EIGHTS = ["ic-pink-08", "ic-red-08", "ic-blue-08", "ic-green-02", "ic-purple-03"]  # raid 4
PAIR_NINES = ["ic-pink-09", "ic-red-09", "ic-blue-04", "ic-green-05", "ic-purple-06"]  # recon 6, raid 2


def to_results(g, abwehr_cards, lcs_cards, bets, face_up=False):
    set_tableau(g, ABWEHR, abwehr_cards, face_up)
    set_tableau(g, LCS, lcs_cards, face_up)
    g.state.bets = dict(bets)
    flow.begin_results(g)
    settle(g)


def test_best_hand_and_right_bet_win_alpha_and_beta_recon_goes_to_the_higher_count():
    """B9: Alpha (2) to the best hand, Beta (3) to the right bet, Recon/Raid to max(recon, raid)."""
    g = started_game(21)
    boxes = {k: list(v) for k, v in g.state.boxes.items()}
    to_results(g, THREE_EIGHTS, PAIR_NINES, {ABWEHR: ABWEHR, LCS: LCS})
    r = g.state.month_report
    assert r["hands"] == {ABWEHR: "Three of a Kind, 8s", LCS: "One Pair of 9s"}
    assert r["boxes"] == {"alpha": ABWEHR, "beta": ABWEHR, "recon": LCS}
    assert r["recon"] == {ABWEHR: 4, LCS: 6}
    assert sorted(g.state.pending[0].cards) == sorted(boxes["alpha"] + boxes["beta"])
    assert g.state.pending[0].kind == "flip" and g.current_seat() == ABWEHR
    assert boxes["recon"][0] in g.state.spent


def test_face_down_cards_are_revealed_first():
    """B9 step 1: all face-down cards are turned face-up before anything is compared."""
    g = started_game(22)
    to_results(g, THREE_EIGHTS, PAIR_NINES, {ABWEHR: ABWEHR, LCS: LCS}, face_up=False)
    assert all(sl.face_up for s in (ABWEHR, LCS) for sl in g.state.tableau[s])
    assert "ic-pink-09" in str(g.view(ABWEHR))


def test_hand_tie_abwehr_takes_one_alpha_token_and_both_bets_are_wrong():
    """B9: a tie gives the Abwehr 1 Alpha token of its choice, the other is lost; a hand tie makes both bets wrong."""
    g = started_game(23)
    alpha = list(g.state.boxes["alpha"])
    abw = ["ic-pink-08", "ic-red-08", "ic-blue-02", "ic-green-03", "ic-purple-04"]
    lcs = ["ic-blue-08", "ic-green-08", "ic-pink-02", "ic-red-09", "ic-purple-10"]
    to_results(g, abw, lcs, {ABWEHR: ABWEHR, LCS: LCS})
    p = g.state.pending[0]
    assert p.kind == "take_evidence" and p.box == "alpha" and set(p.cards) == set(alpha)
    g.apply(A.TakeEvidence("alpha", alpha[1]))
    assert g.state.won[:1] == [alpha[1]] and alpha[0] in g.state.spent
    assert g.state.month_report["bets_right"] == {ABWEHR: False, LCS: False}
    assert g.state.month_report["boxes"]["beta"] is None


def test_both_bets_right_abwehr_takes_one_beta_token():
    """B9: both right -> the Abwehr takes 1 Beta token of its choice."""
    g = started_game(24)
    beta = list(g.state.boxes["beta"])
    to_results(g, THREE_EIGHTS, PAIR_NINES, {ABWEHR: ABWEHR, LCS: ABWEHR})
    p = g.state.pending[0]
    assert p.kind == "take_evidence" and p.box == "beta" and set(p.cards) == set(beta)
    g.apply(A.TakeEvidence("beta", beta[2]))
    assert beta[2] in g.state.won and beta[0] in g.state.spent and beta[1] in g.state.spent


def test_both_bets_wrong_nobody_takes_beta():
    """B9: both wrong -> none."""
    g = started_game(25)
    beta = list(g.state.boxes["beta"])
    to_results(g, THREE_EIGHTS, PAIR_NINES, {ABWEHR: LCS, LCS: LCS})
    assert g.state.month_report["bets_right"] == {ABWEHR: False, LCS: False}
    assert g.state.month_report["boxes"]["beta"] is None
    assert all(t in g.state.spent for t in beta)


def test_lcs_best_hand_and_right_bet_keep_tokens_from_the_abwehr():
    """Token Meanings: tokens the LCS wins only stop the Abwehr using them."""
    g = started_game(26)
    to_results(g, PAIR_NINES, THREE_EIGHTS, {ABWEHR: ABWEHR, LCS: LCS})
    assert g.state.month_report["boxes"]["alpha"] == LCS and g.state.month_report["boxes"]["beta"] == LCS


def test_recon_raid_rulebook_examples():
    """Evidence Results, Recon/Raid Example #1 and #2 (a tie goes to the Abwehr)."""
    # Example 1: Abwehr 1 raid + 3 recon, LCS 2 raid + 2 recon: Abwehr 3 > 2.
    assert flow.recon_raid(3, 1, False, False) == 3
    assert flow.recon_raid(2, 2, False, False) == 2
    # Example 2: Abwehr 2 raid + 3 recon; LCS 1 raid, 2 recon and cancel-recon icons: 2 vs 2, tie.
    abwehr = flow.recon_raid(3, 2, True, False)
    lcs = flow.recon_raid(2, 1, False, False)
    assert (abwehr, lcs) == (2, 2)


def test_cancel_icons_apply_to_all_the_opponents_icons():
    """B3/B9: Jasper Maskelyne (cancel recon) wipes all Abwehr recon icons."""
    g = started_game(27)
    abw = ["ic-blue-04", "ic-red-09", "ic-purple-06", "ic-pink-03", "ic-green-03"]  # recon 6, raid 2
    lcs = ["lcs-07", "ic-pink-02", "ic-red-04", "ic-blue-03", "ic-green-06"]  # cancel recon, recon 2
    to_results(g, abw, lcs, {ABWEHR: ABWEHR, LCS: LCS})
    assert g.state.month_report["recon"] == {ABWEHR: 2, LCS: 2}
    assert g.state.month_report["boxes"]["recon"] == ABWEHR  # tie -> Abwehr


def test_a_force_is_replaced_only_by_a_purple_card_and_keeps_its_icon():
    """B3/B6 + FAQ 'A' Force: replacement from own discard, colours must include purple; icons retained."""
    g = started_game(28)
    discard(g, LCS, ["ic-purple-09", "ic-blue-09", "lcs-03"])
    lcs = ["lcs-02", "ic-pink-02", "ic-red-04", "ic-blue-03", "ic-green-06"]
    to_results(g, THREE_EIGHTS, lcs, {ABWEHR: ABWEHR, LCS: LCS})
    p = g.state.pending[0]
    assert p.kind == "replace" and p.seat == LCS and p.cards == ("ic-purple-09",)
    g.apply(A.Replace(0, "ic-purple-09"))
    slot = g.state.tableau[LCS][0]
    assert slot.replacement == "ic-purple-09" and flow.effective(slot) == (9, "purple")
    assert [c.id for c in flow.icon_cards(g.state, LCS)][:2] == ["lcs-02", "ic-purple-09"]


def test_packed_icons_count_as_the_cards_one_by_one_replaced_and_ultra_included():
    """B6/B3: a replaced card and its replacement both count their icons, and Ultra the LCS's;
    tableau_icons adds them packed in one number a card (PACKED_ICONS), the same four as one
    by one, and adds card by card when a card has more icons than the packing holds."""
    g = started_game(28)
    discard(g, LCS, ["ic-purple-09"])
    lcs = ["lcs-02", "ic-pink-02", "ic-red-04", "ic-blue-03", "ic-green-06"]
    to_results(g, THREE_EIGHTS, lcs, {ABWEHR: ABWEHR, LCS: LCS})
    g.apply(A.Replace(0, "ic-purple-09"))
    ultra = next(c.id for c in flow.CARDS.values() if c.effect == "ultra")
    g.state.ultra = ultra
    for seat in (ABWEHR, LCS):
        cards = [flow.CARDS[c.id] for c in flow.icon_cards(g.state, seat)]
        one_by_one = (sum(c.recon for c in cards), sum(c.raid for c in cards),
                      any(c.cancel_recon for c in cards), any(c.cancel_raid for c in cards))
        assert flow.tableau_icons(g.state, seat) == one_by_one
    assert flow.CARDS[ultra].id in [c.id for c in flow.icon_cards(g.state, LCS)]
    many = dict(flow.CARDS, **{"lcs-02": attrs.evolve(flow.CARDS["lcs-02"], recon=12)})
    assert flow._pack_icons(many) == {}  # 12 recon on one card: tableau_icons goes card by card
    assert flow._pack_icons(dict(flow.CARDS)) == flow.PACKED_ICONS != {}


def test_defector_takes_from_the_enemy_discard_and_keeps_it():
    """B3 Defector (Cicero): replace with a card from the opponent's discard pile; it ends in the taker's discard."""
    g = started_game(29)
    discard(g, LCS, ["ic-red-10"])
    abw = ["abw-01", "ic-pink-08", "ic-red-08", "ic-green-02", "ic-purple-03"]
    to_results(g, abw, PAIR_NINES, {ABWEHR: ABWEHR, LCS: LCS})
    assert g.state.pending[0].kind == "replace" and g.state.pending[0].seat == ABWEHR
    g.apply(A.Replace(0, "ic-red-10"))
    assert "ic-red-10" not in g.state.discards[LCS]
    g.state.won.clear()
    settle(g)
    while g.state.month == 1:
        g.apply(g.legal_actions(g.current_seat())[0])
    assert "ic-red-10" in g.state.discards[ABWEHR] and "abw-01" in g.state.discards[ABWEHR]


def test_declining_a_replacement_keeps_the_card():
    """B6: replacement is optional ('may')."""
    g = started_game(30)
    discard(g, LCS, ["ic-purple-09"])
    lcs = ["lcs-02", "ic-pink-02", "ic-red-04", "ic-blue-03", "ic-green-06"]
    to_results(g, THREE_EIGHTS, lcs, {ABWEHR: ABWEHR, LCS: LCS})
    g.apply(A.KeepCard(0))
    assert g.state.tableau[LCS][0].replacement is None
    assert g.state.pending[0].kind == "flip"


def test_multi_value_card_is_fixed_by_its_owner_abwehr_first():
    """B3/B9 + FAQ: multi-value/colour cards are fixed in Evidence Results, the Abwehr before the LCS."""
    g = started_game(31)
    abw = ["abw-03", "ic-pink-08", "ic-red-08", "ic-green-02", "ic-purple-03"]  # Josephine 10 pink/purple
    lcs = ["lcs-04", "ic-pink-09", "ic-red-09", "ic-green-03", "ic-purple-02"]  # Garbo 4/5/6
    to_results(g, abw, lcs, {ABWEHR: ABWEHR, LCS: LCS})
    p = g.state.pending[0]
    assert (p.kind, p.seat) == ("fix", ABWEHR)
    assert set(g.legal_actions(ABWEHR)) == {A.FixCard(0, 10, "pink"), A.FixCard(0, 10, "purple")}
    g.apply(A.FixCard(0, 10, "purple"))
    p = g.state.pending[0]
    assert (p.kind, p.seat) == ("fix", LCS)
    assert len(g.legal_actions(LCS)) == 3
    g.apply(A.FixCard(0, 6, "pink"))
    fixes = [e.data for e in g.state.log if e.kind == "fix"]
    assert fixes == [
        {"slot": 0, "value": 10, "colour": "purple", "seat": ABWEHR},
        {"slot": 0, "value": 6, "colour": "pink", "seat": LCS},
    ]
    assert g.state.month_report["hands"][LCS] == "One Pair of 9s"


def one_flip_from_proof(g):
    s = g.state
    s.layout = {
        "blue": ["green"] * 4 + ["red"],
        "red": ["green"] * 3 + ["red"] * 2,
        "pink": ["green"] * 2 + ["red"] * 3,
        "green": ["green"] * 2 + ["red"] * 3,
        "purple": ["green"] * 2 + ["red"] * 3,
    }
    s.roles = {"blue": "primary", "red": "secondary", "pink": "diversion", "green": "diversion", "purple": "diversion"}
    s.revealed = {sec: [False] * 5 for sec in s.layout}
    s.revealed["blue"][:4] = [True] * 4
    s.revealed["red"][:2] = [True] * 2


def start_flips(g, tokens):
    s = g.state
    for t in tokens:
        for box in s.boxes.values():
            if t in box:
                box.remove(t)
    s.won = list(tokens)
    s.step = "results"
    s.queue = [["flips"], ["end_month"]]
    settle(g)


def test_flips_follow_the_token_colour_black_is_any_sector():
    """B9 / Token Meanings: a colour token flips in its sector, the black token in any sector."""
    g = started_game(32)
    start_flips(g, ["pink", "black"])
    legal = g.legal_actions(ABWEHR)
    pink = {(a.sector, a.space) for a in legal if a.token == "pink"}
    black = {(a.sector, a.space) for a in legal if a.token == "black"}
    assert pink == {("pink", i) for i in range(5)}
    assert len(black) == 25
    g.apply(A.Flip("black", "green", 3))
    assert g.state.revealed["green"][3]
    assert g.view(ABWEHR)["tokens"]["green"][3] in ("green", "red")


def test_a_token_with_nothing_left_to_flip_is_ignored():
    """FAQ: evidence for a fully revealed sector is ignored."""
    g = started_game(33)
    g.state.revealed["pink"] = [True] * 5
    start_flips(g, ["pink"])
    assert not g.state.pending and g.state.month == 2


def test_the_abwehr_wins_at_once_when_a_flip_proves_both_offensives():
    """B11: revealed 4 greens (primary) and 3 greens (secondary): the Abwehr wins immediately."""
    g = started_game(34)
    one_flip_from_proof(g)
    start_flips(g, ["red", "black"])
    g.apply(A.Flip("red", "red", 2))
    assert g.is_over() and g.result.winner == ABWEHR and g.result.kind == "proof"
    assert "Sicily" in g.result.reason


def test_logic_victory_example_one_through_the_engine():
    """'Examples of an Abwehr Victory Through Logic' 1: all but 3 South of France tokens revealed."""
    g = started_game(35)
    s = g.state
    s.layout = {
        "pink": ["green", "green", "green", "green", "red"],
        "red": ["green", "green", "green", "red", "red"],
        "blue": ["green", "green", "red", "red", "red"],
        "green": ["green", "green", "red", "red", "red"],
        "purple": ["green", "green", "red", "red", "red"],
    }
    s.revealed = {sec: [True] * 5 for sec in s.layout}
    s.revealed["pink"] = [True, True, False, False, False]
    s.revealed["purple"][4] = False
    start_flips(g, ["purple"])
    g.apply(A.Flip("purple", "purple", 4))
    assert g.is_over() and g.result.winner == ABWEHR


def test_lcs_wins_after_month_six():
    """Step 5 / End of Game: if month 6 ends without proof, the LCS wins."""
    g = started_game(36)
    g.state.month = 6
    start_flips(g, [])
    assert g.is_over() and g.result.winner == LCS and g.result.kind == "time"


def test_month_end_moves_every_tableau_card_and_ultra_to_the_discards():
    """Step 5: the month's cards are stacked to one side (discard piles), Ultra with them (B3)."""
    g = started_game(37)
    set_tableau(g, ABWEHR, THREE_EIGHTS, True)
    set_tableau(g, LCS, PAIR_NINES, True)
    g.state.ultra = "lcs-01"
    from tests.barclay_helpers import take

    take(g.state, "lcs-01")
    start_flips(g, [])
    assert set(THREE_EIGHTS) <= set(g.state.discards[ABWEHR])
    assert set(PAIR_NINES) | {"lcs-01"} <= set(g.state.discards[LCS])
    assert g.state.month == 2 and g.state.step == "play3"
    g.check_invariants()


def test_slot_effective_value_of_blank():
    """B7: a blank counts as no value and no colour."""
    assert flow.effective(Slot("ic-pink-08", True, blank=True)) == (None, None)


def test_no_proof_is_possible_with_fewer_than_seven_revealed_tokens():
    """B11: the engine skips the proof search below 7 revealed tokens; check that bound exhaustively."""
    from barclay_desktop.rules.barclay.deduction import deduce_offensives

    sectors = ["pink", "red", "blue", "green", "purple"]
    pairs = [(g_, r) for g_ in range(5) for r in range(4) if g_ + r <= 5]
    checked = 0

    def walk(i, total, acc):
        nonlocal checked
        if i == len(sectors):
            try:
                assert deduce_offensives(dict(zip(sectors, acc))) is None
            except ValueError:
                return  # counts no layout allows
            checked += 1
            return
        for p in pairs:
            if total + sum(p) < flow.MIN_TOKENS_FOR_PROOF:
                walk(i + 1, total + sum(p), acc + [p])

    walk(0, 0, [])
    assert checked > 1000
