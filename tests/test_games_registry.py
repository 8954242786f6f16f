"""Issue 33 item 3: one descriptor per game, read by every layer."""

from __future__ import annotations

import pytest

from barclay_desktop import ai, games
from barclay_desktop.rules import game_class
from barclay_desktop.scenes.table_entry import entry_for
from barclay_desktop.simulate import parse_args


@pytest.mark.parametrize("game_id", games.game_ids())
def test_each_descriptor_names_its_rules_players_and_client(game_id):
    d = games.descriptor(game_id)
    cls = game_class(game_id)
    assert cls.GAME_ID == game_id
    assert cls.TITLE == d.title  # the rules' own messages and the menu name the game alike
    assert "easy" in ai.available_levels(game_id)  # its computer players come through the descriptor
    assert entry_for(game_id).table.__module__ == f"{d.client}.table"


def test_every_listed_game_is_playable_and_the_simulator_offers_each():
    assert games.playable_ids() == games.game_ids() == ["barclay", "spies_lies", "stawka"]
    assert parse_args(["--game", "stawka"]).game == "stawka"
    with pytest.raises(SystemExit):
        parse_args(["--game", "chess"])


def test_an_unknown_game_is_refused_by_name():
    with pytest.raises(KeyError, match="unknown game 'chess'"):
        games.descriptor("chess")
    assert games.find("chess") is None and ai.available_levels("chess") == []


def test_a_game_without_a_client_package_gets_the_generic_table(monkeypatch):
    from barclay_desktop.scenes.generic_table import GenericTableScene

    bare = games.GameDescriptor(id="bare", title="Bare", tab="BARE", blurb="", players="",
                                rules="barclay_desktop.rules.barclay.game")
    monkeypatch.setattr(games, "GAMES", games.GAMES + (bare,))
    assert entry_for("bare").table is GenericTableScene
    assert ai.available_levels("bare") == ["random"]


def test_barclay_offers_its_leak_cards_option_on_the_form():
    (option,) = games.descriptor("barclay").options
    assert option.key == "leak_cards" and option.default is True
    assert game_class("barclay").new({option.key: False}, seed=1) is not None
