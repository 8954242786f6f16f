"""Issue 31 item 2 in the client: the new-game form's "Leak cards: balance variant" box (on by
default) sets the game up; the game-over page and the rules page opened from the game say which
rule the game is played with; a zoomed leak card says when it gives no flip."""

from __future__ import annotations

import pytest

from barclay_desktop.rules import game_class
from barclay_desktop.rules.barclay.state import LEAK_OPTION
from barclay_desktop.rules.core import GameResult
from barclay_desktop.scenes.barclay.results import leak_option_line
from barclay_desktop.scenes.barclay.setup import BarclaySetupScene
from barclay_desktop.scenes.menu import folder_rects
from barclay_desktop.scenes.new_game import NewGameScene
from barclay_desktop.scenes.rules_ref import RulesScene
from barclay_desktop.session import GameSession, SeatSetup
from barclay_desktop.ui import draw
from tests.client_helpers import click


def record_text(monkeypatch) -> list[str]:
    """Every text draw.text puts on screen from now on."""
    drawn = []
    original = draw.text

    def recording(surface, text, *args, **kwargs):
        drawn.append(text)
        return original(surface, text, *args, **kwargs)

    monkeypatch.setattr(draw, "text", recording)
    return drawn


def test_the_form_offers_the_leak_cards_on_and_unticked_sets_up_the_printed_rule(app):
    click(app, folder_rects()["barclay"].center)
    form = app.stack.top
    assert isinstance(form, NewGameScene) and form.choices()["options"] == {LEAK_OPTION: True}  # on by default
    click(app, form.option_boxes[LEAK_OPTION])
    assert form.choices()["options"] == {LEAK_OPTION: False}
    click(app, form.start_button)
    setup = app.stack.find(BarclaySetupScene)
    assert setup.session.game.view(None)["options"] == {LEAK_OPTION: False}


def test_the_game_over_page_and_the_games_rules_page_name_the_option(app, monkeypatch):
    drawn = record_text(monkeypatch)
    cls = game_class("barclay")
    game = cls.new({LEAK_OPTION: False}, seed=3)
    session = GameSession(game, [SeatSetup(s, "human", "") for s in cls.SEATS], store=app.store, hide_private=False)
    game.state.result = GameResult("lcs", "Six months have passed.", "time")
    assert leak_option_line(game.view(None)) == "Leak cards: off (the printed rule)"
    assert leak_option_line({}) == "Leak cards: on (the balance variant)"  # a view from before the option
    from barclay_desktop.scenes.game_over import GameOverScene

    app.push(GameOverScene(app, session))
    app.run_frames(2)
    assert "Leak cards: off (the printed rule)" in drawn
    note = RulesScene(app, "barclay", session).game_note("barclay")
    assert note == "This game is played with the leak cards off (the printed rule)."
    assert RulesScene(app, "barclay").game_note("barclay") == ""  # from the main menu: no game


@pytest.mark.parametrize("on", [True, False])
def test_a_zoomed_leak_card_says_when_the_leak_cards_are_off(monkeypatch, on):
    import types

    import pygame

    from barclay_desktop.scenes.barclay.table import BarclayTableScene

    drawn = record_text(monkeypatch)
    view = game_class("barclay").new({LEAK_OPTION: on}, seed=3).view(None)
    BarclayTableScene.draw_zoom(types.SimpleNamespace(zoom="abw-13"), pygame.Surface((1280, 720)), view)  # Cicero
    assert any("gives no extra flip" in t for t in drawn) is not on
