"""Issue 33, deliverable 1: one table base for the three games.

The animation speed setting means the same in every game (fast: shorter, slow: longer); it used
to lengthen Stawka's dice and walking figures when set to fast. And the control table of the
base answers lookups and number keys the same way for every game."""

from __future__ import annotations

import types

import pygame
import pytest

from barclay_desktop.rules import game_class
from barclay_desktop.rules.stawka import actions as SA
from barclay_desktop.scenes.barclay.table import BarclayTableScene
from barclay_desktop.scenes.controls import Control, control_at, keyed, numbered
from barclay_desktop.scenes.spies_lies.anim import Flip
from barclay_desktop.scenes.spies_lies.table import SpiesTableScene
from barclay_desktop.session import GameSession, SeatSetup
from barclay_desktop.settings import ANIMATION_SPEEDS, animation_seconds
from tests.stawka_positions import open_table as open_stawka


def open_human_table(app, game_id: str, scene_class, seed: int = 7):
    game = game_class(game_id).new({}, seed=seed)
    seats = [SeatSetup(seat, "human", "") for seat in game.seats]
    app.start_session(GameSession(game, seats, hide_private=False, store=app.store), with_setup=False)
    app.run_frames(2)
    return app.stack.find(scene_class)


def barclay_flip_seconds(app) -> float:
    """How long the Barclay table turns a token over."""
    table = open_human_table(app, "barclay", BarclayTableScene)
    table.tweens = []
    table.add_tween("flip", pygame.Rect(0, 0, 40, 40), key=("s1", 0), t=0.35)
    return table.tweens[-1]["dur"]


def spies_flip_seconds(app) -> float:
    """Scene seconds until a Spies & Lies troop has turned face-up (the table steps it each frame)."""
    table = open_human_table(app, "spies_lies", SpiesTableScene)
    table.flips = [Flip("red", 1)]
    frames = 0
    while table.flips and frames < 200:
        table.update(0.02)
        frames += 1
    return frames * 0.02


def stawka_dice_seconds(app) -> float:
    """How long Stawka's dice tumble after a roll (a conversation rolls them)."""
    table = open_stawka(app, "talk_with_item")
    talk = next(a for a in table.session.legal_actions() if isinstance(a, SA.Converse))
    assert table.try_action(talk)
    table.held_dice, table._dice_key = None, ""  # the roll is new to the table
    table.start_dice()
    return table.dice_left


@pytest.mark.parametrize("measure", [barclay_flip_seconds, spies_flip_seconds, stawka_dice_seconds])
def test_fast_animations_are_shorter_than_normal_ones_in_every_game(app, measure):
    """Issue 33 item 1: "fast" shortened animations in Barclay and Spies & Lies but lengthened
    them in Stawka; every table now times its motion through one helper."""
    lengths = {}
    for name in ("fast", "normal"):
        app.settings.animation_speed = ANIMATION_SPEEDS[name]
        lengths[name] = measure(app)
    assert 0 < lengths["fast"] < lengths["normal"], lengths


def test_the_speed_setting_scales_every_length_the_same_way():
    """Issue 33 item 1: the one helper every table and overlay reads the setting through."""
    seconds = {name: animation_seconds(types.SimpleNamespace(animation_speed=speed), 0.6)
               for name, speed in ANIMATION_SPEEDS.items()}
    assert seconds["off"] == 0.0
    assert seconds["fast"] < seconds["normal"] == 0.6 < seconds["slow"]


def test_the_control_table_finds_controls_by_position_key_and_number():
    """Issue 33 item 1: lookup by position (the first listed is on top), by key, and the
    number keys' order (group by group, each action once)."""
    card = Control(pygame.Rect(0, 0, 50, 50), "play", kind="card", key="c1")
    button = Control(pygame.Rect(40, 40, 50, 20), "bet", "Bet")
    again = Control(pygame.Rect(200, 0, 50, 50), "play", kind="card", key="c1")
    toggle = Control(pygame.Rect(300, 0, 20, 20), None, kind="toggle", key="x")
    controls = [card, button, again, toggle]
    assert control_at(controls, (45, 45)) is card  # both hold it: the first listed takes the click
    assert control_at(controls, (45, 45), ("button",)) is button
    assert control_at(controls, (150, 150)) is None
    assert keyed(controls, "card", "c1") == [card, again]
    assert numbered(controls, (("button",), ("card", "toggle"))) == ["bet", "play"]


def test_a_hand_over_without_a_curtain_wipes_the_tables_notices_in_every_game(app):
    """Issue 33 item 1: the notice wiping at a hand-over was copied in two tables and missing in
    Barclay; the base does it for all. Open table (no curtain): the next player takes the seat
    at once, and what the last one was told or had armed goes."""
    from barclay_desktop.rules.barclay import actions as BA

    table = open_human_table(app, "barclay", BarclayTableScene)
    first = table.session.drawable_seat()
    table.show_message("Only the first player may read this.", warn=True)
    table.armed = "black"
    assert table.try_action(BA.RandomLayout())
    assert table.session.drawable_seat() not in (first, None)  # handed over, no curtain
    assert not [n for n in app.notices if n[0] == "Only the first player may read this."]
    assert table.armed is None
