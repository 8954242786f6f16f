"""Operation Barclay rules: setup, the five steps of a month, card effects, B7, deck exhaustion.

Each test names the rulebook section or ruling (RULINGS.md Part B) it checks."""

import pytest

from barclay_desktop.rules.barclay import flow
from barclay_desktop.rules.core import IllegalAction
from tests.barclay_helpers import ABWEHR, LCS, A, discard, free_cards, give, new_game, settle, stack, started_game


def test_setup_deals_four_cards_each_and_the_lcs_lays_out_first():
    """Set Up 3-4, B13: 4 IC cards each; the LCS chooses its offensives (or random) before play."""
    g = new_game(3)
    assert [len(g.state.hands[s]) for s in (ABWEHR, LCS)] == [4, 4]
    assert all(c.startswith("ic-") for s in (ABWEHR, LCS) for c in g.state.hands[s])
    assert g.current_seat() == LCS
    legal = g.legal_actions(LCS)
    assert sum(isinstance(a, A.ChooseRoles) for a in legal) == 20
    assert A.RandomLayout() in legal
    assert g.legal_actions(ABWEHR) == []


def test_arrangement_must_match_the_sector_role():
    """Set Up 3: primary 4 green + 1 red, secondary 3 + 2, diversions 2 + 3."""
    g = new_game(3)
    g.apply(A.ChooseRoles("blue", "red"))
    with pytest.raises(IllegalAction, match="exactly 4 green"):
        g.apply(A.ArrangeSector("blue", (0, 1, 2)))
    g.apply(A.ArrangeSector("blue", (0, 1, 2, 4)))
    assert g.state.layout["blue"] == ["green", "green", "green", "red", "green"]
    with pytest.raises(IllegalAction, match="already laid out"):
        g.apply(A.ArrangeSector("blue", (0, 1, 2, 3)))
    for sector, greens in (("red", (0, 1, 2)), ("pink", (0, 1)), ("green", (3, 4)), ("purple", (1, 2))):
        g.apply(A.ArrangeSector(sector, greens))
    assert g.state.step == "play3" and g.current_seat() == ABWEHR


def test_random_layout_respects_the_role_counts():
    """B13: the random arrangement still holds 4/3/2/2/2 greens."""
    g = new_game(9)
    g.apply(A.RandomLayout())
    greens = sorted(f.count("green") for f in g.state.layout.values())
    assert greens == [2, 2, 2, 3, 4]
    assert g.state.roles and g.state.step == "play3"


def test_preparation_fills_the_evidence_boxes_2_3_1():
    """Step 1 Preparation: first 2 tokens to Alpha, next 3 to Beta, last to Recon/Raid (B1: 6 tokens)."""
    g = started_game(4)
    boxes = g.state.boxes
    assert [len(boxes[b]) for b in ("alpha", "beta", "recon")] == [2, 3, 1]
    assert sorted(boxes["alpha"] + boxes["beta"] + boxes["recon"]) == sorted(
        ["pink", "red", "blue", "green", "purple", "black"]
    )


def test_abwehr_plays_first_and_only_x3_cards_in_first_three_cards():
    """Step 2 + B4: the Abwehr starts; only cards with the x3 icon may be played, face-up."""
    g = started_game(5)
    give(g, ABWEHR, ["abw-04", "ic-blue-02", "ic-red-03", "ic-green-04"])  # Ostro is x2 only
    with pytest.raises(IllegalAction, match="no x3 icon"):
        g.apply(A.PlayCard("abw-04"))
    legal = g.legal_actions(ABWEHR)
    assert A.PlayCard("abw-04") not in legal
    x3 = [a for a in legal if isinstance(a, A.PlayCard)]
    assert all("x3" in flow.card(a.card).steps for a in x3) and x3
    g.apply(x3[0])
    assert g.state.tableau[ABWEHR][0].face_up


def test_draw_after_play_from_a_non_empty_source():
    """B5: after every card the player draws from IC, the Double-Cross deck (if formed) or its own deck."""
    g = started_game(6)
    give(g, ABWEHR, ["ic-blue-03", "ic-red-03", "ic-green-04", "ic-pink-08"])
    g.apply(A.PlayCard("ic-blue-03"))
    assert g.current_seat() == ABWEHR and g.state.pending[0].kind == "draw"
    assert set(g.legal_actions(ABWEHR)) == {A.Draw("channels"), A.Draw("own")}
    with pytest.raises(IllegalAction, match="empty"):
        g.apply(A.Draw("dc"))
    top = g.state.decks["abwehr"][-1]
    g.apply(A.Draw("own"))
    assert top in g.state.hands[ABWEHR] and len(g.state.hands[ABWEHR]) == 4
    assert g.current_seat() == LCS


def test_spy_card_draws_two_keeps_one_and_forms_the_double_cross_deck():
    """Step 2 / Double-Cross Deck: a Spy (5-7) played face-up draws 2 IC cards, keeps 1, puts 1 on the DC deck."""
    g = started_game(7)
    give(g, ABWEHR, ["ic-blue-05", "ic-red-03", "ic-green-04", "ic-pink-08"])
    stack(g, "channels", ["ic-purple-09", "ic-purple-10"])
    g.apply(A.PlayCard("ic-blue-05"))
    p = g.state.pending[0]
    assert p.kind == "spy_keep" and set(p.cards) == {"ic-purple-09", "ic-purple-10"}
    g.apply(A.SpyKeep("ic-purple-10"))
    assert "ic-purple-10" in g.state.hands[ABWEHR] and len(g.state.hands[ABWEHR]) == 4
    assert g.state.decks["dc"] == ["ic-purple-09"]
    assert g.view(ABWEHR)["dc_top_known"] == ["ic-purple-09"]
    assert "ic-purple-09" not in str(g.view(LCS))
    assert g.current_seat() == LCS  # the spy's pick replaced the normal draw


def test_double_agent_reorders_the_top_three_double_cross_cards():
    """Double-Cross Deck: a Double Agent (11, 12, 1/13) face-up looks at the top 3 DC cards and reorders them."""
    g = started_game(8)
    give(g, ABWEHR, ["ic-red-11", "ic-red-03", "ic-green-04", "ic-pink-08"])
    stack(g, "dc", ["ic-blue-09", "ic-blue-10", "ic-blue-12", "ic-blue-03"])
    g.apply(A.PlayCard("ic-red-11"))
    p = g.state.pending[0]
    assert p.kind == "reorder" and p.cards == ("ic-blue-09", "ic-blue-10", "ic-blue-12")
    assert len(g.legal_actions(ABWEHR)) == 6
    g.apply(A.Reorder(("ic-blue-12", "ic-blue-09", "ic-blue-10")))
    assert g.state.decks["dc"][-3:] == ["ic-blue-10", "ic-blue-09", "ic-blue-12"]
    assert g.state.decks["dc"][0] == "ic-blue-03"
    assert g.state.pending[0].kind == "draw"
    g.apply(A.Draw("dc"))
    assert "ic-blue-12" in g.state.hands[ABWEHR]


def test_dc_look_card_sees_four_cards():
    """B3: the Double-Cross Committee / Abwehrstelle Lisbon look at and reorder the top 4 DC cards."""
    g = started_game(8)
    give(g, ABWEHR, ["abw-08", "ic-red-03", "ic-green-04", "ic-pink-08"])
    stack(g, "dc", ["ic-blue-09", "ic-blue-10", "ic-blue-12", "ic-blue-03", "ic-blue-04"])
    g.apply(A.PlayCard("abw-08"))
    assert len(g.state.pending[0].cards) == 4 and len(g.legal_actions(ABWEHR)) == 24


def test_peek_hand_shows_two_enemy_cards_to_the_player_only():
    """B3 (ISOS / Operation Nordpol): look at 2 random cards of the opponent's hand, privately."""
    g = started_game(9)
    give(g, ABWEHR, ["abw-05", "ic-red-03", "ic-green-04", "ic-pink-08"])
    lcs_hand = list(g.state.hands[LCS])
    events = g.apply(A.PlayCard("abw-05"))
    private = [e for e in events if e.to == ABWEHR and e.kind == "peek"]
    assert len(private) == 1 and len(private[0].data["shown"]) == 2
    assert set(private[0].data["shown"]) <= set(lcs_hand)
    assert all(e.to != LCS or e.kind != "peek" for e in events)


def test_recover_takes_a_card_back_instead_of_drawing():
    """B3 (Tate / Abwehrstelle Hamburg): take any card from your discard pile into hand instead of the draw."""
    g = started_game(10)
    give(g, ABWEHR, ["abw-11", "ic-red-03", "ic-green-04", "ic-pink-08"])
    discard(g, ABWEHR, ["ic-blue-09", "ic-blue-10"])
    g.apply(A.PlayCard("abw-11"))
    assert g.state.pending[0].kind == "recover"
    assert set(g.legal_actions(ABWEHR)) == {A.Recover("ic-blue-09"), A.Recover("ic-blue-10")}
    g.apply(A.Recover("ic-blue-10"))
    assert "ic-blue-10" in g.state.hands[ABWEHR] and g.state.discards[ABWEHR] == ["ic-blue-09"]
    assert g.current_seat() == LCS


def play_month_until_assessment(g, rng_seed=0):
    """Play the First Three Cards with the first legal choices until the assessment step."""
    while g.state.step != "assess":
        seat = g.current_seat()
        g.apply(g.legal_actions(seat)[0], seat)


def test_ultra_forces_the_abwehr_token_to_show_then_lcs_bets_then_draws():
    """B3 / "Examples of use of the LCS Ultra card": Ultra is shown face-up during Intelligence
    Assessment and the Abwehr's token is revealed; "The LCS player now plays their own
    Intelligence Assessment token ... Then the LCS player draws another card" (issue 31 item 1)."""
    g = started_game(11)
    give(g, LCS, ["lcs-01", "ic-red-03", "ic-green-04", "ic-pink-08"])
    while g.current_seat() == ABWEHR:
        g.apply(g.legal_actions(ABWEHR)[0])
    with pytest.raises(IllegalAction, match="Intelligence Assessment"):
        g.apply(A.PlayCard("lcs-01"))
    play_month_until_assessment(g)
    assert "lcs-01" in g.state.hands[LCS]
    assert A.PlayUltra() not in g.legal_actions(g.current_seat())  # the Abwehr places first
    g.apply(A.Assess(LCS))
    assert g.view(LCS)["bets"][ABWEHR] == "hidden"
    g.apply(A.PlayUltra())
    assert g.view(LCS)["bets"][ABWEHR] == LCS
    assert g.state.ultra == "lcs-01" and not g.state.pending  # no draw before the bet
    assert len(g.state.hands[LCS]) == 3
    assert set(g.legal_actions(LCS)) == {A.Assess(ABWEHR), A.Assess(LCS)}
    g.apply(A.Assess(ABWEHR))
    assert g.state.step == "assess" and g.state.pending[0].kind == "draw" and g.current_seat() == LCS
    with pytest.raises(IllegalAction):
        g.apply(A.PlayCard(g.state.hands[LCS][0]))
    g.apply(A.Draw("channels"))
    assert len(g.state.hands[LCS]) == 4
    assert g.view(ABWEHR)["bets"][LCS] == "hidden"
    assert g.state.step == "play2" and g.current_seat() == ABWEHR


def test_without_ultra_the_lcs_bet_draws_nothing():
    """Step 3: an assessment token is not a card: no draw follows it unless Ultra was shown."""
    g = started_game(11)
    play_month_until_assessment(g)
    g.apply(A.Assess(LCS))
    hand = len(g.state.hands[LCS])
    g.apply(A.Assess(LCS))
    assert not g.state.pending and len(g.state.hands[LCS]) == hand and g.state.step == "play2"


def test_final_two_cards_are_face_down_and_hidden_from_the_opponent():
    """Step 4 + B12: x2 cards face-down; the opponent's view hides them."""
    g = started_game(12)
    play_month_until_assessment(g)
    g.apply(A.Assess(ABWEHR))
    g.apply(A.Assess(ABWEHR))
    give(g, ABWEHR, ["abw-04"] + free_cards(g, "x2", 3))
    g.apply(A.PlayCard("abw-04"))
    slot = g.state.tableau[ABWEHR][3]
    assert not slot.face_up
    assert g.view(LCS)["tableau"][ABWEHR][3] == {"hidden": True, "face_up": False}
    assert "abw-04" not in str(g.view(LCS))
    assert g.view(ABWEHR)["tableau"][ABWEHR][3]["card"] == "abw-04"


def test_b7_no_legal_card_shows_the_hand_discards_and_draws_again():
    """B7: with no card for the step, show the hand, discard one, draw a replacement, try again."""
    g = started_game(13)
    give(g, ABWEHR, ["abw-04", "lcs-12", "abw-12", "lcs-04"])  # all x2-only cards
    settle(g)
    assert g.state.pending[0].kind == "b7_discard"
    b7 = [e for e in g.state.log if e.kind == "b7"][-1]
    assert b7.to is None and set(b7.data["shown"]) == {"abw-04", "lcs-12", "abw-12", "lcs-04"}  # shown to both
    g.apply(A.DiscardUnplayable("lcs-12"))
    assert "lcs-12" in g.state.discards[ABWEHR]
    assert g.state.pending[0].kind == "draw"


def test_b7_blank_when_nothing_can_be_drawn():
    """B7: if no card can be drawn, any card is played as a blank (no value, colour, icons or effect)."""
    g = started_game(14)
    s = g.state
    give(g, ABWEHR, ["abw-04", "lcs-12"])
    for deck in ("channels", "dc", "abwehr", "lcs"):
        s.discards[LCS].extend(s.decks[deck])
        s.decks[deck] = []
    settle(g)
    legal = g.legal_actions(ABWEHR)
    assert set(legal) == {A.PlayBlank("abw-04"), A.PlayBlank("lcs-12")}
    g.apply(A.PlayBlank("lcs-12"))
    slot = s.tableau[ABWEHR][0]
    assert slot.blank and flow.effective(slot) == (None, None)
    assert len(s.hands[ABWEHR]) == 1  # nothing to draw: the hand shrinks


def test_running_out_of_cards_shrinks_hands_without_breaking_the_game():
    """Evidence Results / running out: with every source empty, players keep playing smaller hands."""
    g = started_game(15)
    s = g.state
    for deck in ("channels", "dc", "abwehr", "lcs"):
        s.discards[ABWEHR].extend(s.decks[deck])
        s.decks[deck] = []
    g._token += 1
    steps = 0
    while not g.is_over() and steps < 500:
        seat = g.current_seat()
        g.apply(g.legal_actions(seat)[0], seat)
        steps += 1
        g.check_invariants()
    assert g.is_over()


def test_undo_takes_back_a_play_but_not_a_draw():
    """Core undo rule: back to the last action that revealed information (the draw)."""
    g = started_game(16)
    give(g, ABWEHR, ["ic-blue-03", "ic-red-03", "ic-green-04", "ic-pink-08"])
    g.apply(A.PlayCard("ic-blue-03"))
    ok, _ = g.undo_status(ABWEHR)
    assert ok
    g.undo(ABWEHR)
    assert "ic-blue-03" in g.state.hands[ABWEHR] and not g.state.tableau[ABWEHR]
    g.apply(A.PlayCard("ic-red-03"))
    g.apply(A.Draw("channels"))
    ok, why = g.undo_status(ABWEHR)
    assert not ok and "drew" in why
