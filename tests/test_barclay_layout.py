"""Issue 32, "Layout: nothing cut off, nothing on top of anything" (Operation Barclay): card names
inside their box and off the x3/x2 stamps, never cut ("Brandenbu."); zoomed rule text and flavour
whole; "Sardinia/Corsica" wrapped at the "/"; the card browser's legend inside the window; the
Evidence Results panel (no doubled labels, bets beside Ultra, the account above "Next: ...", cards
as they count after a fix or a replacement, the month's boxes until the next month begins); and the
panel letting clicks and number keys through to the decision panel above it."""

from __future__ import annotations

import types

import pygame
import pytest

from barclay_desktop.rules.barclay import actions as A
from barclay_desktop.rules.barclay.cards import load_cards
from barclay_desktop.rules.barclay.state import ABWEHR, LCS
from barclay_desktop.rules.core.events import Event
from barclay_desktop.scenes.barclay import results as R
from barclay_desktop.scenes.barclay import cards as bc
from barclay_desktop.ui import draw, fonts
from tests.barclay_helpers import new_game


@pytest.fixture(scope="module", autouse=True)
def display_ready():
    pygame.font.init()
    pygame.display.init()
    pygame.display.set_mode((1280, 720))  # the board map converts its tiles for a display


def _letters(text: str) -> str:
    return "".join(ch for ch in text if ch.isalnum())


@pytest.mark.parametrize("size", [bc.TABLE, bc.SMALL])
def test_every_card_name_is_whole_and_above_the_step_stamps(size):
    """Issue 32: "card names over the x3/x2 badges" and "Brandenbu." (a name cut short)."""
    w, h = size
    k = h / 136
    stamp = bc.step_stamp(pygame.Surface(size), "x3", (0, bc.stamp_row_y(h, k)), max(12, round(11 * k)))
    for card in {c.name: c for c in load_cards() if c.deck != "channels"}.values():
        font, lines, step, y = bc.name_layout(card.name, w, h, k, round(22 * k), bool(card.values))
        assert _letters("".join(lines)) == _letters(card.name), (card.name, lines)  # nothing left out
        assert all(font.size(line)[0] <= w - round(12 * k) for line in lines), (card.name, lines)
        assert y + (len(lines) - 1) * step + font.get_height() <= stamp.top, (card.name, size)


def test_a_word_too_wide_is_broken_at_a_slash_or_a_syllable_never_just_cut():
    """Issue 32: wrap at "/" (Sardinia/Corsica); hyphenate a long name rather than cut it."""
    font = fonts.typewriter(12, bold=True)
    assert bc.name_lines("Brandenburgers", font, 70) == ["Branden-", "burgers"]
    assert bc.name_lines("Brandenburgers", font, 70, hyphens=False) is None
    assert bc.name_lines("Double-Cross Committee", font, 70) == ["Double-", "Cross", "Committee"]


def test_wrap_breaks_a_long_word_after_its_slash_and_keeps_other_text_as_before():
    """Issue 32: "Sardinia/Cor sica" broken mid-word (the take-evidence token's name, 80 px wide)."""
    font = fonts.typewriter(12)
    assert draw.wrap("Sardinia/Corsica", font, 80) == ["Sardinia/", "Corsica"]
    assert draw.wrap("one two three", font, 60) == ["one two", "three"]
    no_joint = draw.wrap("Abwehrstelle", font, 50)  # no "/" or "-": as many letters as fit, as before
    assert "".join(no_joint) == "Abwehrstelle" and all(font.size(x)[0] <= 50 for x in no_joint)


def test_every_zoomed_card_shows_its_rule_text_and_flavour_whole():
    """Issue 32: "flavour ... cut with '...'": the zoomed card has room for both, whole."""
    line = fonts.typewriter(12).get_linesize()
    for card in load_cards():
        box, text, flavour = bc.zoom_layout(card)
        assert (len(text) + len(flavour)) * line + (bc.FLAVOUR_GAP if flavour else 0) <= box.h, card.id
        assert bool(flavour) == bool(card.flavour), card.id


def test_the_card_browser_legend_stays_inside_the_window_under_the_card():
    """Issue 32: "the card-browser legend off the right edge"."""
    from barclay_desktop.scenes.barclay.cards_ref import ZOOM_AT, BarclayCardsScene

    zoom = pygame.Rect(ZOOM_AT, bc.ZOOM)
    rects = [r for r, _ in BarclayCardsScene.legend_lines(None)]
    assert all(pygame.Rect(0, 0, 1280, 720).contains(r) and not r.colliderect(zoom) for r in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])


# ----- the Evidence Results panel ---------------------------------------------------------------------
def _slot(cid, **extra) -> dict:
    return {"hidden": False, "card": cid, "face_up": True, "blank": False, "replacement": None, "value": None,
            "colour": None, **extra}


def _panel(events, snapshot, game=None):
    """A results panel over a game whose table is already cleared (the month is over)."""
    app = types.SimpleNamespace(settings=types.SimpleNamespace(animation_speed=1.0), stack=[])
    session = types.SimpleNamespace(game=game or new_game(5), watched=False)
    return R.BarclayResultsScene(app, session, events, snapshot)


ABW = ["ic-pink-08", "ic-red-08", "abw-02", "ic-green-02", "ic-purple-03"]  # abw-02: Fremde Heere West
LCS_ROW = ["ic-pink-09", "ic-red-09", "ic-blue-04", "ic-pink-01", "ic-purple-06"]
BOXES = {"alpha": ["blue", "green"], "beta": ["black", "purple", "pink"], "recon": ["red"]}


def _snapshot(**lcs_slot3):
    return {"tableau": {ABWEHR: [_slot(c) for c in ABW], LCS: [_slot(c) for c in LCS_ROW[:3]]
                        + [_slot(LCS_ROW[3], **lcs_slot3), _slot(LCS_ROW[4])]},
            "ultra": "lcs-01", "month": 1, "boxes": BOXES}


def _events():
    return [Event(1, "replace", "The Abwehr replaces Fremde Heere West with Sardinia/Corsica 10; Fremde Heere West "
                  "keeps its icons.", None, {"card": "ic-red-10", "slot": 2}),
            Event(2, "hands", "Abwehr: One Pair of 8s. LCS: One Pair of 9s.", None,
                  {"hands": {ABWEHR: "One Pair of 8s", LCS: "One Pair of 9s"}}),
            Event(3, "bets", "Assessments revealed: the Abwehr bet on the Abwehr hand (wrong).", None,
                  {"bets": {ABWEHR: ABWEHR, LCS: LCS}}),
            Event(4, "award", "Alpha box (blue, green) goes to the LCS.", None, {"box": "alpha", "winner": LCS}),
            Event(5, "recon", "Recon/Raid: Abwehr 2, LCS 4.", None, {}),
            Event(6, "month", "Month 2 begins.", None, {})]


def test_the_panel_draws_cards_as_they_count_after_an_earlier_fix_and_a_replacement():
    """Issue 32: "the results panel showing cards as they were before a fix or replacement". The LCS
    fixed its 1/13 in an earlier move (only the table before these events knows it); the Abwehr's
    replacement is in these events (B6: it lies over the card, whose icon strip shows below)."""
    panel = _panel(_events(), _snapshot(value=13, colour="pink"))
    surface = pygame.Surface((1280, 720))
    panel.draw(surface)
    cards = {c.id: c for c in load_cards()}
    y = R.PANEL.y + 48
    fixed = panel.card_rect(1, 3, y)
    expected = bc.card_face(cards["ic-pink-01"], R.CARD, (13, "pink"))
    assert _same(surface, fixed, expected)
    over = panel.card_rect(0, 2, y).move(0, -R.CARD_LIFT)
    assert _same(surface, over, bc.card_face(cards["ic-red-10"], R.CARD))
    under = bc.card_face(cards["abw-02"], R.CARD)  # the replaced card's icon strip still shows below
    strip = pygame.Rect(0, R.CARD[1] - R.CARD_LIFT, R.CARD[0], R.CARD_LIFT)
    assert _same(surface, strip.move(over.x, over.y + R.CARD_LIFT), under.subsurface(strip))


def _same(surface, rect, image) -> bool:
    """The drawn pixels in `rect` are the image's (opaque pixels only, the card corners are round)."""
    rect = pygame.Rect(rect.topleft, image.get_size())
    for x in range(2, rect.w - 2, 5):
        for y in range(4, rect.h - 4, 5):
            px = image.get_at((x, y))
            if px.a == 255 and surface.get_at((rect.x + x, rect.y + y))[:3] != px[:3]:
                return False
    return True


def test_the_panel_keeps_the_months_boxes_until_it_shows_the_next_month_begin():
    """Issue 32: "the next month's tokens drawn before the results end"."""
    panel = _panel(_events(), _snapshot())
    assert panel.board_state() == {"month": 1, "boxes": BOXES, "awarded": {}}
    panel.index = 3  # the Alpha award has been shown
    assert panel.board_state()["awarded"] == {"alpha": LCS}
    panel.index = 5  # "Month 2 begins": from here the table draws the new month
    assert panel.board_state() is None


def test_step_titles_are_not_typed_twice_and_the_account_stays_above_the_footer():
    """Issue 32: "ASSESSMENTS REVEALED: Assessments revealed:", "RECON / RAID: Recon/Raid:", and
    "EVIDENCE AWARDED" drawn over "Next: ..."."""
    events = _events()
    assert R.step_line(events[2]).startswith("Assessments revealed: the Abwehr")
    assert R.step_line(events[4]) == "Recon/Raid: Abwehr 2, LCS 4."
    assert R.step_line(events[3]) == "EVIDENCE AWARDED: Alpha box (blue, green) goes to the LCS."
    many = events[:5] + [Event(7 + i, "award", f"Beta box {i} goes to the LCS.", None, {}) for i in range(12)]
    panel = _panel(many, _snapshot())
    panel.index = len(many) - 1
    lines = panel.step_lines(R.PANEL.y + 254)
    font = fonts.typewriter(14)
    assert lines and lines[-1][3] + font.get_height() <= R.PANEL.bottom - R.FOOTER_H
    assert lines[-1][0].startswith("EVIDENCE AWARDED: Beta box 11")  # the newest step is the one kept


def test_the_bet_token_and_the_hand_name_stand_clear_of_ultra():
    """Issue 32: "the bet token over Ultra"."""
    panel = _panel(_events(), _snapshot())
    y = R.PANEL.y + 48
    ultra = panel.card_rect(1, 5, y)
    bet = pygame.Rect(R.PANEL.x + R.BET_X, ultra.y + 22, 44, 44)
    hand = pygame.Rect(R.PANEL.x + R.HAND_X, ultra.y + 4, R.PANEL.w - R.HAND_X - 16, 48)
    assert not bet.colliderect(ultra) and not hand.colliderect(ultra) and not hand.colliderect(bet)
    assert R.PANEL.contains(hand) and R.PANEL.contains(ultra)


@pytest.fixture(scope="module")
def fixing_table(tmp_path_factory):
    """An app with hints on, a hot-seat table at Evidence Results where the Abwehr and then the
    LCS must fix a 1/13 card, and a results panel over it."""
    from barclay_desktop.rules import game_class
    from barclay_desktop.rules.barclay import flow
    from barclay_desktop.session import GameSession, SeatSetup
    from tests.barclay_helpers import set_tableau, settle, started_game
    from tests.client_helpers import running_app

    monkeypatch = pytest.MonkeyPatch()
    app_gen = running_app(tmp_path_factory.mktemp("home"), monkeypatch)
    app = next(app_gen)
    app.settings.hint_button = True
    g = started_game(31)
    set_tableau(g, ABWEHR, ["ic-red-01", "ic-red-08", "ic-blue-02", "ic-green-03", "ic-purple-04"])
    set_tableau(g, LCS, ["ic-blue-08", "ic-green-08", "ic-pink-01", "ic-red-09", "ic-purple-10"])
    flow.begin_results(g)
    settle(g)
    cls = game_class("barclay")
    session = GameSession(g, [SeatSetup(s, "human", "") for s in cls.SEATS], store=app.store, hide_private=False)
    app.start_session(session, with_setup=False)
    app.run_frames(2)
    table = app.stack.top
    panel = R.BarclayResultsScene(app, session, _events(), {"tableau": g.view(None)["tableau"]})
    app.push(panel)
    app.run_frames(1)
    yield app, table, panel
    next(app_gen, None)
    monkeypatch.undo()


def test_the_orders_keep_their_full_size_beside_the_hint_button(fixing_table):
    """Issue 32: "the Orders text shrinking when the Hint button is shown": every order of a
    Barclay month fits the strip on one line at 17 px beside Hint, Undo and Menu."""
    from barclay_desktop.rules.barclay.legal import PENDING_PROMPTS

    _app, table, _panel = fixing_table
    assert table.hint_button is not None and table.hint_button.visible
    label = fonts.typewriter(14, bold=True).size("ORDERS")[0]
    room = 1280 - 48 - label - table.prompt_reserve()
    assert not table.hint_button.rect.colliderect(table.undo_button.rect)
    assert table.prompt_reserve() >= 1280 - table.hint_button.rect.x
    orders = list(PENDING_PROMPTS.values()) + ["Choose a card to play face-down (x2).",
                                                "Bet face-down on whose hand will be best this month."]
    font = fonts.typewriter(17, bold=True)
    assert [t for t in orders if font.size(t)[0] > room] == []


def test_clicks_and_number_keys_for_the_decision_panel_pass_the_results_panel(fixing_table):
    """Issue 32: "the results panel swallowing input meant for the decision panel above it". With
    the Abwehr, then the LCS, fixing a card and the results panel up, the number key and a click
    on a fix choice (above the panel) take them; a click inside the panel moves the account on."""
    from barclay_desktop.scenes.barclay.table import BarclayTableScene
    from tests.client_helpers import click

    app, table, panel = fixing_table
    g = table.session.game
    assert isinstance(table, BarclayTableScene) and app.stack.top is panel
    assert (g.state.pending[0].kind, g.current_seat()) == ("fix", ABWEHR)
    assert len(panel.events) >= 2 and panel.index == 0 and table.choice_open()
    click(app, R.PANEL.center, frames=1)  # inside the panel: its own business (the next step)
    assert app.stack.top is panel and panel.index == 1 and g.state.pending[0].seat == ABWEHR
    app.run_frames(1, inject={0: [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="1",
                                                      scancode=0)]})
    assert (g.state.pending[0].kind, g.state.pending[0].seat) == ("fix", LCS)  # the Abwehr's fix, by its key
    assert panel.fixed.get((ABWEHR, 0)) is not None  # the panel below shows that card fixed at once
    fix = next(a for a in g.legal_actions(LCS) if isinstance(a, A.FixCard))
    (pos,) = table.control_clicks(fix)
    assert not R.PANEL.collidepoint(pos)
    click(app, pos, frames=1)
    assert not any(p.kind == "fix" for p in g.state.pending)
    assert app.stack.top is panel and panel.index == 1  # the account is still there to finish


def test_a_players_name_in_the_side_label_is_whole_on_two_lines():
    """Issue 32 ("cut names"): "Wilhelm Canaris" was typed as "Wilhelm Ca" in the 88 px side label;
    a long word ("Featherstone") shrinks into the serif rather than break."""
    from barclay_desktop.scenes.barclay.table import player_name_lines

    assert player_name_lines("Wilhelm Canaris") == ((fonts.TYPE, 12, False), ["Wilhelm", "Canaris"])
    (face, size, bold), lines = player_name_lines("Bartholomew Featherstone")
    font = fonts.font(face, size, "bold" if bold else "regular")
    assert lines == ["Bartholomew", "Featherstone"] and all(font.size(x)[0] <= 80 for x in lines)
    _style, long = player_name_lines("Generaloberst Friedrich Wilhelm von Bismarck")
    assert len(long) == 2 and long[1].endswith("...") and all(fonts.typewriter(12).size(x)[0] <= 80 for x in long)


def test_the_month_summary_fits_a_month_with_every_box_won_and_eight_flips():
    """Issue 32 (nothing cut off): the calendar's month summary, at its longest, inside its panel."""
    report = {"month": 3, "hands": {ABWEHR: "Three of a Kind, 12s", LCS: "Straight Flush, 9 high"},
              "best": ABWEHR, "bets": {ABWEHR: ABWEHR, LCS: LCS}, "bets_right": {ABWEHR: True, LCS: False},
              "recon": {ABWEHR: 4, LCS: 6}, "boxes": {"alpha": ABWEHR, "beta": ABWEHR, "recon": LCS},
              "flipped": [["red", i % 5, "green"] for i in range(8)]}
    summary = R.BarclayMonthSummaryScene(types.SimpleNamespace(), report)
    rects = [r for _, r in summary.line_rects()]
    assert len(rects) == len(summary.lines()) >= 16
    assert rects[-1].bottom <= R.SUMMARY_PANEL.bottom - 40  # above "Click anywhere to close."
    assert not any(a.colliderect(b) for a, b in zip(rects, rects[1:]))


@pytest.mark.parametrize("size", [bc.TABLE, bc.SMALL, bc.MINI, R.CARD])
def test_icons_sit_under_the_step_stamps_and_inside_the_card(size):
    """Issue 32 (nothing on top of anything): on the small cards of the browser and the results
    panel the stamps keep 12 px type, so the Recon/Raid icons went into their row."""
    card_rect = pygame.Rect((0, 0), size)
    for card in load_cards():
        stamps, icons = bc.foot_layout(card, *size)
        boxes = [bc.step_stamp(pygame.Surface(size), step, pos, type_size) for (step, type_size), pos in stamps]
        for _kind, rect in icons:
            assert card_rect.contains(rect) and not any(rect.colliderect(b) for b in boxes), (card.id, size)


def test_a_replacement_on_the_table_shows_the_icons_under_it_and_stays_off_the_other_row():
    """Issue 32 (nothing on top of anything) and B6: the replaced card's icons stay visible below the
    replacement, which no longer reaches into the other player's row."""
    from barclay_desktop.scenes.barclay.table import REPLACEMENT_LIFT
    from barclay_desktop.scenes.barclay.board import BoardMap

    board = BoardMap.load()
    top = board.find("tableau_slot", row="top", index=4)
    bottom = board.find("tableau_slot", row="bottom", index=4)
    assert not bottom.move(0, -REPLACEMENT_LIFT).colliderect(top)
    w, h = bc.SMALL
    for card in load_cards():
        for _kind, rect in bc.foot_layout(card, w, h)[1]:
            assert rect.top >= h - REPLACEMENT_LIFT, card.id  # in the strip left showing


def test_an_evidence_boxs_result_stays_inside_the_box():
    """Issue 32 (cut off / on top): "tie: Abwehr picked" ran out of the Alpha box into Beta."""
    from barclay_desktop.scenes.barclay.table import fitting_font
    from barclay_desktop.scenes.barclay.board import BoardMap

    for _props, rect in BoardMap.load().all("evidence_box"):
        for text in ("tie: Abwehr picked", "won: Abwehr", "won: LCS"):
            assert fitting_font(text, rect.w - 16).size(text)[0] <= rect.w - 16


def test_the_known_top_of_the_double_cross_deck_is_named_whole_above_its_label():
    """Issue 32 (cut with "..."): "Sardinia/Corsica 1..." on the Double-Cross deck's slip."""
    from barclay_desktop.scenes.barclay.table import known_top_slip
    from barclay_desktop.scenes.barclay.board import BoardMap

    deck = BoardMap.load().find("deck", source="dc")
    name = "Sardinia/Corsica 1/13 (+2)"
    slip = known_top_slip(deck, name)
    font = fonts.typewriter(12, bold=True)
    lines = draw.wrap(name, font, slip.w - 8)
    assert len(lines) * font.get_linesize() <= slip.h - 4 and "".join(lines).replace(" ", "") == name.replace(" ", "")
    assert slip.bottom <= deck.bottom and slip.top >= deck.centery - 12  # the label under the deck stays clear


@pytest.mark.parametrize("lang", ["en", "nl", "pl"])
def test_each_sector_name_keeps_a_margin_in_its_header(lang):
    """Issue 37: "Południe Francji" filled its 144 px header edge to edge; every name now keeps
    10 px each side, at one size for the five headers."""
    from barclay_desktop import i18n
    from barclay_desktop.scenes.barclay.board import BoardMap
    from barclay_desktop.scenes.barclay.table import SECTOR_NAMES, sector_name_size

    i18n.set_language(lang)
    try:
        for _props, rect in BoardMap.load().all("sector"):
            for sector in SECTOR_NAMES.values():
                name = i18n.translate(sector)
                size = sector_name_size(name, rect.w)
                assert fonts.typewriter(size, bold=True).size(name)[0] <= rect.w - 20, name
    finally:
        i18n.set_language(i18n.ENGLISH)


def test_the_known_top_tooltip_is_two_lines_above_the_decks_words_in_polish():
    """Issue 37: with three known cards the Polish tooltip ran to three lines and sat on the
    "znasz wierzchnią kartę:" words over the Double-Cross deck."""
    from barclay_desktop import i18n
    from barclay_desktop.scenes.barclay.board import BoardMap
    from barclay_desktop.scenes.barclay.table import KNOWN_TOP_LABEL_H, KNOWN_TOP_TIP_W

    i18n.set_language("pl")
    try:
        order = "1. Sardynia/Korsyka 10; 2. Południe Francji 12; 3. Peloponez 3"
        text = i18n._("You know the top of the Double-Cross deck: {order}.").format(order=order)
        label = i18n._("you know the top:")
    finally:
        i18n.set_language(i18n.ENGLISH)
    assert len(draw.wrap(text, fonts.typewriter(14), KNOWN_TOP_TIP_W)) == 2
    deck = BoardMap.load().find("deck", source="dc")
    assert fonts.typewriter(12).get_linesize() <= KNOWN_TOP_LABEL_H
    assert fonts.typewriter(12).size(label)[0] <= deck.w + 2 * 104  # over the neighbouring decks' gaps only
