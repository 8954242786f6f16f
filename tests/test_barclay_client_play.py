"""A complete hot-seat Operation Barclay game played only with posted mouse and key events:
main menu -> new game -> curtain -> LCS setup -> six months (or a proof) -> game over,
with a quit to the menu and Continue from the autosave half-way.

Each move is a seeded random choice among the legal actions, delivered by clicking where
the scene says its control is (`control_clicks(action)`)."""

from __future__ import annotations

import random

import pygame

from barclay_desktop.rules.barclay import actions as A
from barclay_desktop.scenes.barclay.cards_ref import BarclayCardsScene
from barclay_desktop.scenes.barclay.results import BarclayResultsScene
from barclay_desktop.scenes.barclay.table import BarclayTableScene
from barclay_desktop.scenes.game_over import GameOverScene
from barclay_desktop.scenes.pause import PauseScene
from barclay_desktop.scenes.game_table import SessionScene
from tests.client_helpers import click, click_events, open_reference, quit_and_continue
from tests.barclay_client_helpers import drive, open_new_barclay_game, press


def test_a_whole_hot_seat_game_from_the_menu_to_game_over_by_mouse(app):
    open_new_barclay_game(app)
    seen = drive(app, random.Random(20260), check_all=True)  # every legal action of every position is clickable
    table = app.stack.find(BarclayTableScene)
    assert table.session.game.is_over() and isinstance(app.stack.top, GameOverScene)
    assert seen["curtains"] >= 6 and seen["results"] >= 3
    assert {"PlayCard", "Draw", "Assess", "SpyKeep", "Reorder", "FixCard", "Flip"} <= seen["types"], seen["types"]
    assert seen["types"] & {"ChooseRoles", "RandomLayout"}


def test_quit_to_the_menu_continue_and_finish_the_same_game(app):
    rng = random.Random(4242)
    open_new_barclay_game(app)
    drive(app, rng, stop=lambda a: (t := a.stack.find(SessionScene)) is not None
          and t.session.game.state.month >= 2 and isinstance(a.stack.top, BarclayTableScene))
    table = app.stack.top
    before = table.session.game.to_json()
    resumed = quit_and_continue(app, BarclayTableScene)
    assert resumed is not None and resumed is not table
    assert resumed.session.game.to_json() == before
    drive(app, rng)
    assert resumed.session.game.is_over() and isinstance(app.stack.top, GameOverScene)


def test_number_keys_play_hand_cards_and_an_illegal_card_says_why(app):
    open_new_barclay_game(app)
    rng = random.Random(3)
    drive(app, rng, stop=lambda a: isinstance(a.stack.top, BarclayTableScene)
          and a.stack.top.session.legal_actions() and a.stack.top.game.state.step == "play3"
          and not a.stack.top.game.state.pending)
    table = app.stack.top
    hand = table.current_view()[1]["hand"]
    legal = table.session.legal_actions()
    playable = [i for i, c in enumerate(hand) if A.PlayCard(c) in legal]
    version = table.session.version
    press(app, pygame.K_1 + playable[0], frames=1)
    assert table.session.version != version
    assert table.game.state.tableau["abwehr"][0].card == hand[playable[0]]  # the Abwehr plays first
    # now a draw (or the Active Agent's choice) is due: clicking a hand card is refused with the reason
    app.notices.clear()
    view = table.current_view()[1]
    rect = table.hand_rect(0, len(view["hand"]))
    refused_at = table.session.version
    click(app, rect.center, frames=1)
    assert table.session.version == refused_at
    assert app.notices and app.notices[-1][0].startswith("First:"), app.notices


def test_right_click_zooms_a_card_and_any_click_closes_it(app):
    open_new_barclay_game(app)
    drive(app, random.Random(5), stop=lambda a: isinstance(a.stack.top, BarclayTableScene)
          and bool(a.stack.top.current_view()[1]["hand"]))
    table = app.stack.top
    app.run_frames(1)
    rect, cid = next((r, c) for r, c in table.card_spots if r.y > 500)
    app.run_frames(1, inject={0: click_events(rect.center, button=3)})
    assert table.zoom == cid
    version = table.session.version
    click(app, (5, 700), frames=1)
    assert table.zoom is None and table.session.version == version  # closing the zoom takes no action


def test_the_card_browser_shows_all_three_decks(app):
    app.push(BarclayCardsScene(app))
    app.run_frames(1)
    scene = app.stack.top
    counts = {}
    for rect, deck, _label in scene.tab_rects():
        click(app, rect.center, frames=1)
        counts[deck] = len(scene.card_rects())
        last_rect, last = scene.card_rects()[-1]
        click(app, last_rect.center, frames=1)
        assert scene.selected == last.id
    assert counts == {"channels": 60, "lcs": 13, "abwehr": 13}


def test_the_rules_screen_opens_the_barclay_card_browser(app):
    open_reference(app, "barclay", BarclayCardsScene)  # asserts the browser is on top


def test_against_a_computer_lcs_the_table_follows_its_setup_and_its_moves(app):
    from barclay_desktop.rules import game_class
    from barclay_desktop.session import GameSession, SeatSetup

    game = game_class("barclay").new(seed=5)
    seats = [SeatSetup("lcs", "computer", "HAL", "random"), SeatSetup("abwehr", "human", "Ann")]
    session = GameSession(game, seats, store=app.store)
    app.start_session(session)
    for _ in range(300):  # the computer lays out its tokens; the human's table opens without a curtain
        app.run_frames(1)
        if isinstance(app.stack.top, BarclayTableScene):
            break
    table = app.stack.top
    assert isinstance(table, BarclayTableScene) and session.drawable_seat() == "abwehr"
    seen = drive(app, random.Random(6), stop=lambda a: session.game.state.month >= 2 and not any(
        isinstance(s, BarclayResultsScene) for s in a.stack))
    assert seen["results"] >= 1 and seen["curtains"] == 0  # a lone human never needs the curtain


def test_a_discard_pile_opens_on_click_and_esc_closes_it_before_the_pause_menu(app):
    open_new_barclay_game(app)
    drive(app, random.Random(2), stop=lambda a: isinstance(a.stack.top, BarclayTableScene)
          and a.stack.top.session.game.state.month >= 2 and a.stack.top.session.legal_actions())
    table = app.stack.top
    pile = table.board.find("discard", row="top")
    click(app, pile.center, frames=1)
    assert table.browse is not None
    press(app, pygame.K_ESCAPE, frames=1)
    assert table.browse is None and app.stack.top is table
    press(app, pygame.K_ESCAPE, frames=1)
    assert isinstance(app.stack.top, PauseScene)


def test_clicking_an_empty_deck_says_why_it_cannot_be_drawn(app):
    open_new_barclay_game(app)
    drive(app, random.Random(3), stop=lambda a: isinstance(a.stack.top, BarclayTableScene)
          and (a.stack.top.current_view()[1].get("pending") or {}).get("kind") == "draw"
          and a.stack.top.session.legal_actions() and not a.stack.top.game.state.decks["dc"])
    table = app.stack.top
    app.notices.clear()
    version = table.session.version
    click(app, table.board.find("deck", source="dc").center, frames=1)
    assert table.session.version == version
    assert app.notices and app.notices[-1][0] == "That deck is empty.", app.notices


def test_the_calendar_opens_last_months_summary(app):
    from barclay_desktop.scenes.barclay.results import BarclayMonthSummaryScene

    open_new_barclay_game(app)
    drive(app, random.Random(2), stop=lambda a: isinstance(a.stack.top, BarclayTableScene)
          and a.stack.top.session.game.state.month >= 2 and a.stack.top.session.legal_actions())
    table = app.stack.top
    click(app, table.board.rect("calendar").center, frames=1)
    summary = app.stack.top
    assert isinstance(summary, BarclayMonthSummaryScene)
    text = " ".join(summary.lines())
    assert "Hands: Abwehr" in text and "Recon/Raid" in text
    click(app, (10, 10), frames=1)
    assert app.stack.top is table


def test_evidence_results_step_through_one_public_event_at_a_time(app):
    open_new_barclay_game(app)
    drive(app, random.Random(12), stop=lambda a: isinstance(a.stack.top, BarclayResultsScene)
          and any(e.kind == "hands" for e in a.stack.top.events))
    overlay = app.stack.top
    assert overlay.index == 0 and overlay.events[0].kind in ("reveal", "replace", "fix", "hands")
    kinds = [e.kind for e in overlay.events]
    hands_at = kinds.index("hands")
    for _ in range(hands_at):
        assert overlay.hand_name("abwehr") == ""  # the hands are named only when their step comes
        press(app, pygame.K_SPACE, frames=1)
    assert overlay.index == hands_at and overlay.hand_name("abwehr") and overlay.hand_name("lcs")
    press(app, pygame.K_RETURN, frames=1)
    assert app.stack.top is not overlay
