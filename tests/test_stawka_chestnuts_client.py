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
    entries = menu.current_state.options_selection_list.item_list
    assert text in [e["text"] for e in entries]
    click(app, next(e for e in entries if e["text"] == text)["button_element"].rect.center)
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
