"""Training scenario 3, "The Best Chestnuts Are on Place Pigalle", in the client (issue 35): started from the
new-game form, and the game-over page at the training campaign's end (K16, A30)."""

from __future__ import annotations

import pytest

from barclay_desktop.scenes.curtain import CurtainScene
from barclay_desktop.scenes.new_game import NewGameScene
from barclay_desktop.scenes.stawka.table import StawkaTableScene
from tests.client_helpers import click, lift_curtain


def pick(app, menu, text: str) -> None:
    """Open a drop-down of the form and click one of its entries, as a player does."""
    click(app, menu.rect.center)
    options = menu.current_state.options_selection_list
    entries = options.item_list
    assert text in [e["text"] for e in entries]
    index = [e["text"] for e in entries].index(text)
    if options.scroll_bar is not None:  # a long list: the entry scrolled into sight, as by the wheel
        options.scroll_bar.set_scroll_from_start_percentage(index / len(entries))
        app.run_frames(2)
    click(app, entries[index]["button_element"].rect.center)
    app.run_frames(2)  # the drop-down's change reaches the form a frame later


@pytest.mark.parametrize("german", ["human", "easy"])
def test_training_3_starts_from_the_form_hot_seat_and_against_easy(app, german):
    """New game -> Stawka -> 'Training 3: Chestnuts' -> Start: the ADVANCED scenario with the Kloss document the
    Polish player chose (rulebook, Agents: 'Before every game the Polish Player must choose which Hans Kloss
    document will be used'; only Meeting names it)."""
    form = NewGameScene(app, "stawka")
    app.push(form)
    app.run_frames(2)
    assert "kloss_document" not in form.choice_menus  # Meeting names Kloss's document
    pick(app, form.choice_menus["scenario"], "Training 3: Chestnuts")
    assert "kloss_document" in form.choice_menus
    pick(app, form.choice_menus["kloss_document"], "Kloss: agent J-23")
    if german == "easy":
        pick(app, form.seat_rows[1][1], "Computer: Easy")
    assert form.choices()["options"] == {"scenario": "chestnuts", "kloss_document": "kloss_j23"}
    click(app, form.start_button)
    assert not form.error
    table = app.stack.find(StawkaTableScene)
    state = table.session.game.state
    assert state.scenario == "chestnuts" and state.level == "advanced" and state.stages == 10
    assert state.options["kloss_document"] == "kloss_j23" and state.phase == "placement"
    if german == "human":  # hot seat: the German player places first, behind the curtain
        assert isinstance(app.stack.top, CurtainScene) and table.session.curtain_seat == "german"
        lift_curtain(app)
    else:  # the computer places the first agent (A28: German first), then the Polish player's turn
        for _ in range(100):
            app.run_frames(2)
            app.wait_for_tasks()
            if table.session.game.current_seat() == "polish":
                break
        assert table.session.game.current_seat() == "polish" and len(state.to_place) == 7
    assert app.stack.top is table and table.session.legal_actions()


# ----- the game-over page at the campaign's end (K16: 'The campaign's winner is the winner of scenario 3'; A30) ----
HISTORY = [{"scenario": "meeting", "winner": "german", "ending": "secrets"},
           {"scenario": "first_clash", "winner": "german", "ending": "vp"}]


def chestnuts_at_activation(history=HISTORY):
    """Scenario 3 at stage 1's activation; with `history`, as the campaign's last step after those results."""
    from barclay_desktop.rules.stawka.game import StawkaGame
    from barclay_desktop.rules.stawka.state import COLOURS
    from tests.stawka_helpers import activation_position
    from tests.test_stawka_campaign import chestnuts_after, place_all

    if history is None:
        g = StawkaGame.new({"scenario": "chestnuts"}, seed=2)
    else:
        zero = dict.fromkeys(COLOURS, 0)
        g = chestnuts_after({"from_scenario": "first_clash", "winner": history[-1]["winner"],
                             "evidence": {"polish": dict(zero), "german": dict(zero)}, "history": history})
    return activation_position(place_all(g))


def won_by_three_secrets(g, seat="polish"):
    from barclay_desktop.rules.stawka.flow import gain_secret

    targets = ("glaubel", "marta_becher", "bruno_dreher") if seat == "polish" else ("jacek", "georg", "ingrid_heizer")
    for target in targets:
        gain_secret(g, seat, target)
    assert g.result is not None and g.result.kind == "secrets"
    return g


def panel_texts(g, monkeypatch) -> list[str]:
    """What the Stawka game-over panel writes, line by line (the page's own rect, 500 x 380)."""
    from types import SimpleNamespace

    import pygame

    from barclay_desktop.scenes.game_over import GAME_PANEL
    from barclay_desktop.scenes.stawka import pieces
    from barclay_desktop.scenes.stawka.overlays import draw_game_over_panel

    pygame.init()
    texts = []
    blit = pieces.blit_text
    monkeypatch.setattr(pieces, "blit_text", lambda surface, content, *a, **k: texts.append(str(content)) or blit(
        surface, content, *a, **k))
    draw_game_over_panel(pygame.Surface((1280, 720)), GAME_PANEL, SimpleNamespace(game=g, drawable_seat=lambda: None))
    return texts


def test_the_campaigns_end_names_its_winner_and_lists_all_three_results(monkeypatch):
    """Scenario 3: 'The first Player to reach 11 VP ... or to gain 3 secrets wins the last scenario and becomes the
    winner of the training campaign': the panel says three secrets (not two), both scores, the campaign's winner
    in its own headline, and the three scenarios' results."""
    texts = panel_texts(won_by_three_secrets(chestnuts_at_activation()), monkeypatch)
    assert texts[:2] == ["THE OPERATION'S END", "Three secrets won"]
    assert texts[2].startswith("Victory points: Polish") and texts[3] == "Secrets: Polish 3 - German 0"
    assert "The Polish player wins the training campaign." in " ".join(texts)  # in large type, on one or two lines
    assert texts[-4:] == ["THE TRAINING CAMPAIGN", "1. Meeting: German won", "2. First Clash: German won",
                          "3. The Best Chestnuts Are on Place Pigalle: Polish won"]


def test_a_draw_in_scenario_three_is_a_drawn_campaign(monkeypatch):
    """A30: a draw after stage 10 leaves the campaign drawn, whoever won before."""
    from barclay_desktop.rules.stawka.flow import scenario_end_by_time

    g = chestnuts_at_activation()
    scenario_end_by_time(g)
    texts = panel_texts(g, monkeypatch)
    assert "Draw after the last stage" in texts and "The training campaign ends in a draw." in " ".join(texts)
    assert texts[-1] == "3. The Best Chestnuts Are on Place Pigalle: draw"


def test_scenario_three_played_alone_shows_the_earlier_steps_as_not_played(monkeypatch):
    """K16: 'A campaign can also be started at scenario 2 or 3 with no carry-over': its winner wins that campaign;
    the two scenarios before it are listed as not played."""
    texts = panel_texts(won_by_three_secrets(chestnuts_at_activation(None), "german"), monkeypatch)
    assert "The German player wins the training campaign." in " ".join(texts)
    assert texts[-3:] == ["1. Meeting: not played", "2. First Clash: not played",
                          "3. The Best Chestnuts Are on Place Pigalle: German won"]


@pytest.mark.parametrize("lang", ["en", "nl", "pl"])
def test_the_campaigns_end_page_fits_in_every_language(app, lang):
    """The render check (tests/text_layout.py) over the whole game-over page at 1280x720: the scenario's long
    title and campaign step ran left off the statistics column over its label; a Dutch row of the standing lost
    its result to the panel's edge."""
    from barclay_desktop import i18n
    from barclay_desktop.scenes.game_over import GameOverScene
    from barclay_desktop.session import GameSession, SeatSetup
    from tests.text_layout import frame_problems

    g = won_by_three_secrets(chestnuts_at_activation(), "german")
    session = GameSession(g, [SeatSetup("polish", "human", "Małgorzata Wiśniewska-Ką"),
                              SeatSetup("german", "computer", "", "easy")], store=app.store)
    i18n.set_language(lang)
    try:
        scene = GameOverScene(app, session)
        app.push(scene)
        app.run_frames(2)
        problems = frame_problems(app, 1, only=[scene])
    finally:
        i18n.set_language("en")
    assert not problems, "\n".join(problems)


def test_continue_the_campaign_after_first_clash_opens_scenario_three_with_its_carry_over(app):
    """The game-over page's first button after First Clash: the same seats at scenario 3, First Clash's tracks
    and kept item with it (K16), behind the curtain for two people at one computer."""
    from barclay_desktop.scenes.game_over import GameOverScene
    from barclay_desktop.session import GameSession, SeatSetup
    from tests.test_stawka_campaign_session import first_clash_over

    finished = first_clash_over().game
    seats = [SeatSetup("polish", "human", "Anna"), SeatSetup("german", "human", "Bruno")]
    scene = GameOverScene(app, GameSession(finished, seats, store=app.store))
    app.push(scene)
    app.run_frames(2)
    click(app, scene.buttons["next"])
    table = app.stack.find(StawkaTableScene)
    state = table.session.game.state
    assert state.scenario == "chestnuts" and state.options["campaign"]["step"] == 3
    assert state.evidence == finished.state.carry_over["evidence"]
    assert state.options["campaign"]["carry_in"]["kept_item"] == {"polish": None, "german": "cafe.1"}
    assert [s.name for s in table.session.seats.values()] == ["Anna", "Bruno"]
    assert isinstance(app.stack.top, CurtainScene) and table.session.curtain_seat == "german"
