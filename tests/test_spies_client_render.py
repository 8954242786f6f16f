"""Every phase of Spies & Lies renders on the table under the dummy driver, and every legal
action of the phase has an on-screen control. Positions are reached by seeded random play
in the engine (no state edits); the rare ones (Captain, Marshal, double damage, each kind
of ending) by trying seeds until one gets there."""

from __future__ import annotations


import pygame
import pytest

from barclay_desktop.rules.spies_lies import actions as A
from barclay_desktop.scenes.game_over import GameOverScene
from barclay_desktop.session import GameSession, SeatSetup
from barclay_desktop.scenes.spies_lies.setup import SpiesSetupScene
from barclay_desktop.scenes.spies_lies.table import SpiesTableScene
from barclay_desktop.scenes.spies_lies.board import SpiesBoard
from tests.spies_positions import PHASES, SpiesLiesGame, find_game, table_for


def distinct_colours(app) -> int:
    shot = app.screen
    return len({shot.get_at((x, y))[:3] for x in range(0, 1280, 37) for y in range(0, 720, 23)})


@pytest.mark.parametrize("phase", list(PHASES))
@pytest.mark.parametrize("open_table", [False, True])
def test_every_phase_renders_with_a_control_for_each_legal_action(app, phase, open_table):
    game = find_game(PHASES[phase], {"open_table": open_table})
    table = table_for(app, game)
    assert isinstance(app.stack.top, SpiesTableScene)
    assert distinct_colours(app) > 40
    if table.summary_up():  # a new day's draws open with the last day's summary (issue 32): go on
        app.run_frames(2, inject={0: [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")]})
    legal = table.session.legal_actions()
    assert legal
    for action in legal:
        assert table.control_clicks(action), f"{phase}: no control for {action}"
    labels = [c.label for c in table.controls if c.kind == "button"]
    if phase == "captain":
        assert "Take 6 IP" in labels and any(label.startswith("Use the ") for label in labels)
    if phase == "marshal":
        assert "Take 10 IP" in labels and len(labels) == 2
    if phase == "double_damage":
        assert "2 troops" in game.prompt(game.current_seat())


def test_team_seats_render_each_partner_missions(app):
    game = find_game(lambda g: g.state.phase == "deploy" and g.current_seat() == "red2", {"teams": True})
    table = table_for(app, game)
    view = table.current_view()[1]
    assert view["my_missions"] == [3, 4]
    legal = table.session.legal_actions()
    assert {a.mission for a in legal if isinstance(a, A.Deploy)} <= {3, 4}
    for action in legal:
        assert table.control_clicks(action)


@pytest.mark.parametrize("kind", ["flag", "position", "points", "draw"])
def test_each_ending_shows_the_game_over_screen_with_the_table_panel(app, kind, monkeypatch):
    game = find_game(lambda g: g.is_over() and g.result.kind == kind, seeds=range(1, 3000))
    pawn = []
    monkeypatch.setattr("barclay_desktop.scenes.spies_lies.cards.spy_pawn", lambda surface, pos, size: pawn.append(pos))
    table = table_for(app, game)
    app.run_frames(3)
    assert isinstance(app.stack.top, GameOverScene)
    assert distinct_colours(app) > 30
    # issue 32: after a capture the pawn stands on the flag it took (the rules leave it at the gate)
    spy = game.view(None)["track"]["spy"]
    gate = game.view(None)["track"]["gate"]
    space = spy + (1 if spy > 0 else -1) if kind == "flag" else spy
    assert kind != "flag" or abs(spy) == gate
    assert pawn[-1] == table.spy_point(space)


def test_the_setup_form_renders_both_ways(app):
    game = SpiesLiesGame.new(seed=1)
    session = GameSession(game, [SeatSetup("red", "human", "Ann"), SeatSetup("blue", "human", "Ben")],
                          store=app.store)
    app.start_session(session)
    scene = app.stack.top
    assert isinstance(scene, SpiesSetupScene)
    app.run_frames(2)
    scene.choose("players", "teams")
    app.run_frames(2)
    assert set(scene.names) == {"red1", "red2", "blue1", "blue2"}
    made = scene.make_session()
    assert made.game.seats == ("red1", "red2", "blue1", "blue2")
    assert made.player_name("red1") == "Ann"


def test_the_map_track_matches_the_rules_data():
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    pygame.display.init()
    pygame.display.set_mode((8, 8))
    board = SpiesBoard.load()
    n = SpiesLiesGame.new(seed=1).view(None)["track"]["spaces_per_side"]
    assert board.spaces_per_side() == n
    assert board.track_positions() == list(range(-(n + 1), n + 2))
    roles = {p["pos"]: p["role"] for p, _r in board.all("track_space")}
    assert roles[0] == "centre" and roles[n] == roles[-n] == "gate" and roles[n + 1] == roles[-n - 1] == "flag"
    for row in ("top", "bottom"):
        assert len([p for p, _r in board.all("mission_slot") if p["row"] == row]) == 4
    assert len(board.all("tower_cell")) == 22


def test_the_troop_reference_opens_from_the_rules_screen_and_selects_by_click(app):
    from barclay_desktop.scenes.spies_lies.troops_ref import SpiesTroopsScene
    from tests.client_helpers import click, open_reference

    rules, scene = open_reference(app, "spies_lies", SpiesTroopsScene)
    rect, troop = scene.troop_rects()[6]
    click(app, rect.center)
    assert scene.selected == troop["rank"] == 7
    assert distinct_colours(app) > 40
    click(app, scene.back_rect().center)
    assert app.stack.top is rules


def test_a_fresh_team_game_reopens_its_options_and_can_go_back_to_two_players(app):
    game = SpiesLiesGame.new({"teams": True}, seed=4)
    seats = [SeatSetup(s, "human", n) for s, n in zip(game.seats, ("Ann", "Al", "Ben", "Bo"))]
    session = GameSession(game, seats, store=app.store)
    app.start_session(session)
    scene = app.stack.top
    assert isinstance(scene, SpiesSetupScene) and scene.players == "teams"
    app.run_frames(2)
    scene.choose("players", "two")
    made = scene.make_session()
    assert made.game.seats == ("red", "blue")
    assert (made.player_name("red"), made.player_name("blue")) == ("Ann", "Ben")


def test_resting_the_mouse_on_a_troop_shows_its_ability(app):
    import pygame

    game = find_game(PHASES["deploy"])
    table = table_for(app, game)
    hand = table.current_view()[1]["sides"][table.current_view()[1]["my_side"]]["hand"]
    pos = table.board.find("hand_slot", index=2).center
    move = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    app.run_frames(5, inject={0: [move]})
    assert table.tooltip_rank is None  # not at once: a passing mouse shows nothing
    app.run_frames(60)
    assert table.tooltip_rank == hand[2]["rank"]


def test_the_committed_map_is_what_the_generator_writes():
    import importlib.util

    from barclay_desktop.resources import map_path, project_root

    spec = importlib.util.spec_from_file_location("spies_board_gen", project_root() / "tools/generate_spies_board.py")
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    assert map_path("spies_board.tmx").read_text(encoding="utf-8") == gen.tmx_text()
    assert map_path("spies_board.tsx").read_text(encoding="utf-8") == gen.tsx_text()


def test_switching_to_teams_keeps_a_computer_side_a_computer(app):
    game = SpiesLiesGame.new(seed=2)
    session = GameSession(game, [SeatSetup("red", "human", "Ann"), SeatSetup("blue", "computer", "Bot", "easy")],
                          store=app.store)
    app.start_session(session)
    scene = app.stack.top
    app.run_frames(2)
    scene.choose("players", "teams")
    made = scene.make_session()
    kinds = {seat: (made.seats[seat].kind, made.seats[seat].level) for seat in made.game.seats}
    assert kinds == {"red1": ("human", None), "red2": ("human", None),
                     "blue1": ("computer", "easy"), "blue2": ("computer", "easy")}


def test_every_old_intelligence_card_stays_visible(app, monkeypatch):
    """Rulebook, end of a day: the card goes to the old pile "zodat alle oude
    Inlichtingenkaarten zichtbaar blijven" (issue 31 item 4): on day 3 the three old cards are
    fanned in the pile's place, oldest at the top, each showing its four ranks."""
    from barclay_desktop.scenes.spies_lies import cards as sc

    game = find_game(lambda g: g.state.day == 3 and g.state.phase == "mission", seeds=range(1, 40))
    old = [tuple(c["ranks"]) for c in game.view("red")["intelligence"]["old_pile"]]
    assert len(old) == 3
    drawn = []
    original = sc.intel_strip
    monkeypatch.setattr(sc, "intel_strip", lambda ranks, size: drawn.append(ranks) or original(ranks, size))
    table_for(app, game)
    assert drawn[-3:] == old
    pile = SpiesBoard.load().rect("old-pile")
    rects = sc.fan_rects(pile, 3)
    assert all(pile.contains(r) for r in rects)
    assert all(a.bottom <= b.top for a, b in zip(rects, rects[1:]))  # none hides another
