"""The Barclay table map (maps/barclay_board.tmx) holds every place the client draws on,
and every card and token can be drawn at each size."""

from __future__ import annotations

import itertools

import pygame
import pytest

from barclay_desktop.rules.barclay.cards import load_cards
from barclay_desktop.rules.barclay.state import SECTORS
from barclay_desktop.scenes.barclay import cards as bc
from barclay_desktop.scenes.barclay.board import BoardMap

CANVAS = pygame.Rect(0, 0, 1280, 720)


@pytest.fixture(scope="module")
def board():
    pygame.display.init()
    pygame.display.set_mode((1280, 720))
    yield BoardMap.load()


def test_every_sector_has_five_token_spaces_inside_it(board):
    spaces = board.all("token_space")
    assert sorted((p["sector"], p["index"]) for p, _ in spaces) == [(s, i) for s in sorted(SECTORS) for i in range(5)]
    for props, rect in spaces:
        assert board.find("sector", sector=props["sector"]).contains(rect)
    for (_, a), (_, b) in itertools.combinations(spaces, 2):
        assert not a.colliderect(b)


def test_evidence_boxes_calendar_decks_and_player_places(board):
    assert {p["box"]: p["slots"] for p, _ in board.all("evidence_box")} == {"alpha": 2, "beta": 3, "recon": 1}
    for props, rect in board.all("evidence_slot"):
        assert board.find("evidence_box", box=props["box"]).contains(rect)
    assert sorted(p["month"] for p, _ in board.all("calendar")) == [1, 2, 3, 4, 5, 6]
    assert sorted(p["source"] for p, _ in board.all("deck")) == ["abwehr", "channels", "dc", "lcs"]
    for row in ("top", "bottom"):
        assert sorted(p["index"] for p, _ in board.all("tableau_slot") if p["row"] == row) == [0, 1, 2, 3, 4]
        for kind in ("ultra_slot", "discard", "bet_spot"):
            board.find(kind, row=row)
    assert sorted(p["index"] for p, _ in board.all("hand_slot")) == [0, 1, 2, 3]
    for name in ("log", "actions", "choice", "choice-low", "calendar", "hand"):
        assert CANVAS.contains(board.rect(name))


def test_the_printed_board_is_drawn_from_the_tiles_and_the_coast_layer(board):
    surf = board.surface()
    assert surf.get_size() == (1280, 720)
    sector = board.find("sector", sector="red")
    assert surf.get_at(sector.center).a == 255  # painted
    assert surf.get_at((640, 600)).a == 0  # the felt shows through below the board


def test_every_card_renders_at_every_size(board):
    for card in load_cards():
        for size in (bc.MINI, bc.SMALL, bc.TABLE, bc.ZOOM):
            assert bc.card_face(card, size).get_size() == size
    for deck in ("channels", "dc", "lcs", "abwehr"):
        assert bc.card_back(deck, bc.TABLE).get_size() == bc.TABLE


def test_radar_faces_differ_in_shape_not_only_colour(board):
    green, red = bc.intel_token("green", 44), bc.intel_token("red", 44)
    corner = (5, 5)  # a round chit leaves its corner empty; the octagon reaches further out
    alphas = [img.get_at((22 + 15, 22 + 15)).a for img in (green, red)]
    assert green.get_at(corner).a == 0
    assert alphas[0] > 0 and alphas[1] > 0
    outline = lambda img: sum(1 for x in range(44) for y in range(44) if img.get_at((x, y)).a > 0)
    assert outline(green) != outline(red)


@pytest.mark.parametrize("count", [1, 6, 16, 30, 45, 60])
def test_a_long_discard_pile_still_fits_the_choice_panel(count):
    from barclay_desktop.scenes.barclay.table import BarclayTableScene

    (w, h), per_row = BarclayTableScene.grid_fit(count, 960, 168)
    rows = -(-count // per_row)
    assert per_row * (w + 6) <= 960 and rows * (h + 6) <= 168
    assert w >= 36
