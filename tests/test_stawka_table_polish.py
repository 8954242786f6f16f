"""Issue 32, the Stawka items: nothing cut off or drawn under something else on the table, the
player's own roll stays in sight, a click beside a figure finds its space, one name per thing
(the rulebook's hint card is the "cheat sheet"; the Hint button's ring is not the brass ring), and
the scene reads views only."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest

from barclay_desktop.rules.stawka import actions as A
from barclay_desktop.rules.stawka import content
from barclay_desktop.scenes.stawka.art import BAR_CARD_W, BOARD, StawkaArt
from barclay_desktop.scenes.stawka.overlays import fresh_dice
from barclay_desktop.scenes.stawka.table import HIT_SLACK
from barclay_desktop.ui import draw, fonts
from barclay_desktop.scenes.stawka import pieces as P
from barclay_desktop.ui.palette import BRASS, FELT, HINT, INK
from barclay_desktop.scenes.stawka.board import BoardArt, Viewport
from tests.stawka_positions import open_table

SCENES = Path(__file__).resolve().parents[1] / "barclay_desktop" / "scenes"


def key_event(key):
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)


# ----- scenes draw only views ----------------------------------------------------------------------------
def test_the_stawka_table_reads_no_game_state():
    """Issue 32: the table read state.log and state.activation; it must read views and events only."""
    for name in ("table.py", "art.py", "overlays.py"):
        source = (SCENES / "stawka" / name).read_text(encoding="utf-8")
        assert not re.search(r"\.state\b", source), f"{name} reads the game's state"


# ----- layout ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("card", [c for side in ("polish", "german") for c in content.planning_cards(side)],
                         ids=lambda c: c.id)
def test_planning_card_names_fit_whole_on_the_stage_bar(card):
    """Issue 32: "Couri..." and "Patro..." were cut off on the stage bar's cards."""
    lines, size = P.bar_card_lines(card.name, BAR_CARD_W - 6)
    assert " ".join(lines) == card.name and len(lines) <= 2 and size == 12
    assert all(fonts.typewriter(12, True).size(line)[0] <= BAR_CARD_W - 6 for line in lines)


@pytest.mark.parametrize("lang", ["nl", "pl"])
def test_planning_card_names_fit_whole_in_dutch_and_polish(lang):
    """Issue 37, seen in Polish: "Spotkanie w lokalu konspiracyjnym" lost its third line on the
    planning choice's cards and was cut to "konspirac..." on the stage bar."""
    from barclay_desktop import i18n

    i18n.set_language(lang)
    try:
        for card in (c for side in ("polish", "german") for c in content.planning_cards(side)):
            name = P.card_name(card.name)
            lines, size = P.bar_card_lines(name, BAR_CARD_W - 6)
            assert " ".join(lines) == name and len(lines) <= 3, (name, lines)
            assert all(fonts.typewriter(size, True).size(line)[0] <= BAR_CARD_W - 6 for line in lines)
            lines, size, step = P.hand_card_lines(name, 110 - 8)
            assert " ".join(lines) == name and len(lines) * step <= 40, (name, lines)
            assert all(fonts.typewriter(size, True).size(line)[0] <= 110 - 8 for line in lines)
    finally:
        i18n.set_language(i18n.ENGLISH)


def test_the_top_rows_name_plates_fit_on_the_fitted_board():
    """Issue 32: figures on the board's top row had their name plates cut off by the top edge; the
    fitted board also leaves the dice slip its room below."""
    art = BoardArt.for_scenario("meeting")
    view = Viewport(BOARD, art.size)
    top = min(view.to_screen(art.board.position(s))[1] for s in art.board.spaces)
    r = max(8, round(10 * view.zoom))
    assert top - r - 18 >= BOARD.y  # the plate over a top-row figure
    bottom = view.offset[1] + art.size[1] * view.zoom
    assert bottom <= BOARD.bottom - 80 + 4  # the slip's top (the art's last 4 px are its frame)


def test_a_name_plate_that_would_leave_the_board_hangs_under_its_figure():
    surface = pygame.Surface((200, 200))
    plate = P.name_tag(surface, "Kloss", (100, 2), "polish", [], top=10, below=60)
    assert plate.y == 60
    blocker = pygame.Rect(60, 40, 80, 30)  # a tile stack on the plate's way up
    plate = P.name_tag(surface, "Kloss", (100, 50), "polish", [blocker], top=0, below=120)
    assert not plate.colliderect(blocker)


def test_markers_step_clear_of_the_location_name_plate_and_telephone():
    """Issue 32: the "I was here" markers were drawn over the location's name."""
    table = SimpleNamespace(viewport=SimpleNamespace(zoom=1.05))  # all marker_spots reads
    plate = pygame.Rect(100, 116, 60, 12)  # a name plate under the spot at (120, 100)
    phone = pygame.Rect(127, 77, 18, 18)
    spots = StawkaArt.marker_spots(table, 120, 100, 4, plate, phone)
    assert len(spots) == 4
    assert not any(r.colliderect((x - 8, y - 8, 16, 16)) for x, y in spots for r in (plate, phone))


def cost_badge_case(table):
    """The table's view with two figures moved onto a space the menu's agent may move to."""
    seat, view = table.current_view()
    table.controls = table.build_controls(view, seat)
    move = next(c for c in table.controls if c.kind == "space")
    agents = [dict(ag) for ag in view["agents"]]
    for ag in agents[:2]:
        ag["space"] = move.key
    return move, {**view, "agents": agents}


def test_a_cost_badge_is_drawn_over_the_figures_on_its_space(app):
    """Issue 32: the AP-cost badges were drawn under the figures."""
    table = open_table(app, "choose_agent")
    move, view = cost_badge_case(table)
    badges = table.cost_badges(view, table.move_costs(view))
    badge = badges[move.key][0]
    surface = pygame.Surface((1280, 720))
    table.draw_board(surface, view, view["seat"])
    assert BOARD.contains(badge)
    assert surface.get_at((badge.x + 2, badge.centery))[:3] == INK  # the badge's own ink, on top


# ----- feedback ----------------------------------------------------------------------------------------
def test_the_last_stages_priority_roll_is_not_shown_in_the_next_stage():
    """Issue 32: the "who goes first" slip of stage 1 still showed in stage 2."""
    roll = {"kind": "priority", "rolls": {"polish": 3, "german": 3}}
    dice_event = {"seq": 5, "kind": "dice", "text": "Priority tie", "to": None, "data": {}}
    stage_event = {"seq": 9, "kind": "stage", "text": "Stage 2 of 8 begins", "to": None, "data": {}}
    assert fresh_dice({"log": [dice_event], "last_dice": roll}) == (roll, dice_event)
    assert fresh_dice({"log": [dice_event, stage_event], "last_dice": roll}) == ({}, None)


def test_the_players_own_roll_stays_until_their_next_input(app):
    """Issue 32: the acting player sees its own dice result until it moves on (a computer's roll
    right after it does not replace it; a key or a click does)."""
    table = open_table(app, "talk_with_item")
    talk = next(a for a in table.session.legal_actions() if isinstance(a, A.Converse))
    assert table.try_action(talk)
    _, view = table.current_view()
    held = table.held_dice
    assert held is not None and held == fresh_dice(view) and held[0]
    assert table.shown_dice({"log": [], "last_dice": {"kind": "rank", "dice": [1]}}) == held
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0))
    app.run_frames(1, inject={0: [motion]})
    assert table.held_dice == held  # resting the mouse is not moving on
    app.run_frames(1, inject={0: [key_event(pygame.K_F7)]})
    assert table.held_dice is None


def test_a_click_just_beside_a_figure_targets_its_space(app):
    """Issue 32: a click beside a figure standing on a brass space missed the space."""
    table = open_table(app, "choose_agent")
    move, view = cost_badge_case(table)
    positions = table.figure_positions(view)
    right = max(positions[ag["id"]][0] for ag in view["agents"] if ag["space"] == move.key)
    pos = (right + table.figure_radius() + HIT_SLACK - 2, move.rect.centery)
    assert not move.rect.collidepoint(pos)
    assert table.control_at(pos, table.controls, view) is move
    assert table.space_at(pos, view) == move.key  # and a refusal there would name that space
    far = (right + table.figure_radius() + HIT_SLACK + 40, move.rect.centery + 60)
    hit = table.control_at(far, table.controls, view)
    assert hit is None or hit.key != move.key


def test_a_click_beside_a_brass_space_moves_there(app):
    table = open_table(app, "choose_agent")
    seat, view = table.current_view()
    controls = table.build_controls(view, seat)
    spaces = [c for c in controls if c.kind == "space"]
    move = next(c for c in spaces if not any(o is not c and o.rect.inflate(40, 40).colliderect(c.rect)
                                               for o in controls))
    pos = (move.rect.right + HIT_SLACK // 2, move.rect.centery)
    version = table.session.version
    app.run_frames(1, inject={0: [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                                  pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]})
    assert table.session.version != version
    assert table.game.view(None)["log"][-1]["kind"] in ("move", "stopped", "activation_end", "activate")


# ----- one name per thing --------------------------------------------------------------------------------
def test_the_rulebooks_hint_card_is_called_the_cheat_sheet(app, monkeypatch):
    """Issue 32: Stawka's "Hint card" and the move-suggesting Hint button shared a name."""
    table = open_table(app, "choose_agent")
    drawn: list[str] = []
    real = P.blit_text
    monkeypatch.setattr(P, "blit_text", lambda surface, content, *a, **k: (drawn.append(content),
                                                                             real(surface, content, *a, **k))[1])
    folder = draw.manila_folder
    monkeypatch.setattr(draw, "manila_folder", lambda surface, rect, tab_text="", **k: (drawn.append(tab_text),
                                                                                        folder(surface, rect, tab_text,
                                                                                               **k))[1])
    surface = pygame.Surface((1280, 720))
    seat, view = table.current_view()
    for sheet in (False, True):
        table.show_sheet = sheet
        table._layer = None  # paint every region again
        table.draw_table(surface, view, seat)
    assert any("Cheat sheet" in t for t in drawn) and any("CHEAT SHEET" in t for t in drawn)
    assert not [t for t in drawn if "hint" in t.lower()]


def test_the_hint_ring_is_dashed_in_its_own_colour_and_marches():
    """Issue 32: the hint ring looked like the brass ring of what may be played."""
    assert HINT != BRASS
    rings = []
    for phase in (0.0, 0.25):
        surface = pygame.Surface((120, 80))
        surface.fill(FELT)
        draw.hint_ring(surface, pygame.Rect(30, 20, 60, 40), phase)
        colours = {(x, y): surface.get_at((x, y))[:3] for x in range(120) for y in range(80)}
        ring = {p for p, c in colours.items() if c == HINT}
        assert BRASS not in colours.values() and ring
        top_edge = [colours[(x, 15)] for x in range(25, 96)]
        assert HINT in top_edge and FELT in top_edge  # along the edge: dashes with gaps
        rings.append(ring)
    assert rings[0] != rings[1]


def test_turning_hints_on_shows_the_hint_button_at_once(app):
    """Issue 32: the Hint button was made only when the table was built."""
    table = open_table(app, "choose_agent")
    assert table.hint_button is None
    app.settings.hint_button = True
    app.run_frames(1)
    assert table.hint_button is not None and table.hint_button.visible
    app.settings.hint_button = False
    app.run_frames(1)
    assert table.hint_button is None


def test_a_hint_is_said_in_the_tables_words_and_rings_the_way_to_it(app):
    """Issue 32 (seen in xdrive): a hint for an agent not selected read "converse (agent: ingrid_heizer,
    ...)" and ringed nothing; it names the agent and rings his card and figure."""
    table = open_table(app, "choose_agent")
    seat, view = table.current_view()
    table.controls = table.build_controls(view, seat)
    legal = table.session.legal_actions()
    for action in legal:
        text = table.hint_text(action)
        assert text.startswith("Hint: ") and "_" not in text and "(agent" not in text, text
    chosen = table.current_agent(view, legal)
    other = next(a for a in legal if isinstance(a, A.Move) and a.agent != chosen)
    rings = table.hint_controls(other)
    assert rings and all(c.kind == "agent" and c.key == other.agent for c in rings)
    name = next(ag["name"] for ag in view["agents"] if ag["id"] == other.agent)
    assert name in table.hint_text(other)


def test_no_dice_slip_peeks_out_from_under_a_decision_panel(app, monkeypatch):
    """Seen in xdrive (issue 32 layout): the slip's corner showed below the found-tile panel."""
    table = open_table(app, "found")
    seat, view = table.current_view()
    assert table.board_covered(view, seat)
    drawn = []
    monkeypatch.setattr(table, "draw_dice", lambda surface, v: drawn.append(v))
    table._layer = None
    table.draw_table(pygame.Surface((1280, 720)), view, seat)
    assert not drawn


def test_the_hint_button_goes_when_the_game_is_over(app):
    table = open_table(app, "over")
    app.settings.hint_button = True
    table.sync_hint_button()
    assert table.hint_button is None


def test_planning_does_not_say_who_acted_first_last_stage(app, monkeypatch):
    """Seen in xdrive (issue 32, stale panels): "acts first" stayed on the stage bar from the last
    stage while the next stage's cards were being chosen."""
    table = open_table(app, "planning_polish")
    drawn: list[str] = []
    real = P.blit_text
    monkeypatch.setattr(P, "blit_text", lambda surface, content, *a, **k: (drawn.append(content),
                                                                             real(surface, content, *a, **k))[1])
    seat, view = table.current_view()
    assert view["phase"] == "planning" and view["first"]
    table._layer = None
    table.draw_table(pygame.Surface((1280, 720)), view, seat)
    assert "acts first" not in drawn


def test_one_held_item_has_the_whole_row_for_its_name():
    """Seen in xdrive: a single item was cut to "Employment..." in a half-width chip."""
    row = pygame.Rect(0, 0, 220, 22)
    assert StawkaArt.item_rects(None, row, 1)[0].w == 220
    assert all(r.w >= 100 for r in StawkaArt.item_rects(None, row, 2))


def spot_by_a_name(table):
    """A space next to a location whose name plate runs under its brass spot, and that plate."""
    z, offset = table.viewport.zoom, table.viewport.offset
    for loc in table.board_art.board.locations():
        plate = table.board_art.label_rect(loc.id, z, offset)
        for sid in table.board_art.board.spaces:
            x, y = table.screen_pos(sid)
            spot = pygame.Rect(0, 0, 2 * (round(11 * z) + 5), 2 * (round(11 * z) + 5))
            spot.center = (x, y)
            if sid != loc.id and plate.colliderect(spot) and plate.colliderect(pygame.Rect(x - 9, y - 8, 18, 16)):
                return sid, plate
    raise AssertionError("no name plate runs under a neighbour's spot on this board")


def test_location_names_are_drawn_again_over_brass_spots_and_badges_sit_clear(app):
    """Issue 32: location labels under markers (the brass spots and cost badges of moves)."""
    table = open_table(app, "choose_agent")
    sid, plate = spot_by_a_name(table)
    surface = pygame.Surface((1280, 720))
    surface.fill((255, 0, 0))  # as if a spot covered everything
    table.draw_labels_over(surface, {sid: 1})
    inside = [surface.get_at((x, plate.centery))[:3] for x in range(plate.x + 2, plate.right - 2)]
    assert (255, 0, 0) not in inside
    seat, view = table.current_view()
    view = {**view, "agents": [ag for ag in view["agents"] if ag["space"] != sid]}
    badge, _ = table.cost_badges(view, {sid: 3})[sid]
    assert not badge.colliderect(plate)
