"""The Stawka table renders every phase of "Meeting" under the dummy driver, for the player to
act and for the public (curtain) view, and every legal action of each position has a control."""

from __future__ import annotations


import pygame
import pytest

from barclay_desktop.rules import game_class
from barclay_desktop.rules.stawka import actions as A
from barclay_desktop.scenes.curtain import CurtainScene
from barclay_desktop.scenes.game_over import GameOverScene
from barclay_desktop.session import GameSession, SeatSetup
from barclay_desktop.scenes.stawka.table import StawkaTableScene
from tests.stawka_positions import CASES, open_table


@pytest.mark.parametrize("case", list(CASES))
def test_every_phase_renders_with_a_control_for_every_legal_action(app, case):
    table = open_table(app, case)
    assert table is not None
    game = table.game
    if case == "over":
        assert isinstance(app.stack.top, GameOverScene)
        app.run_frames(2)  # the carry-over panel draws
        return
    assert app.stack.top is table
    seat, view = table.current_view()
    assert seat == game.current_seat()
    legal = table.session.legal_actions()
    assert legal
    for action in legal:
        assert table.control_clicks(action), f"{case}: no control for {action}"
    # rest the mouse on each agent card (the document) and on the board, then draw the public view
    for i in range(len(view["agents"])):
        pos = table.agent_card_rect(i).center
        app.run_frames(1, inject={0: [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))]})
    surface = pygame.display.get_surface()
    table.draw_table(surface, game.view(None), None)
    assert not [c for c in table.controls if c.action is not None], "the public view offers no actions"


def test_decision_panels_show_the_tiles_only_to_their_owner(app):
    table = open_table(app, "found")
    seat, view = table.current_view()
    tile = view["pending"]["tiles"][0]["id"]
    table.draw_table(pygame.display.get_surface(), view, seat)
    assert tile in table.drawn_ids
    table.draw_table(pygame.display.get_surface(), table.game.view(None), None)
    assert tile not in table.drawn_ids


def test_planning_shows_the_hand_and_keeps_the_first_choice_hidden(app):
    table = open_table(app, "planning_german")
    seat, view = table.current_view()
    plans = [c for c in table.controls if c.kind == "plan"]
    assert seat == "german" and len(plans) == len(view["planning"]["hand"]) >= 1
    polish = table.game.state.chosen["polish"]
    assert not any(i.startswith(polish) for i in table.drawn_ids)


def test_the_dice_tumble_then_settle_and_a_moved_figure_walks(app):
    table = open_table(app, "rank_reroll")
    table._dice_key = ""  # as if the roll had just been made
    table.session.version += 1
    app.run_frames(1)
    assert table.dice_left > 0
    app.run_frames(60)
    assert table.dice_left == 0
    table = open_table(app, "choose_agent")
    legal = table.session.legal_actions()
    seat, view = table.current_view()

    def keeps_the_turn(action):
        twin = table.game.clone()
        twin.apply(action, seat)
        return twin.current_seat() == seat

    moves = [a for a in legal if isinstance(a, A.Move) and view["moves"][a.agent]["spaces"][a.to] >= 2]
    move = next(a for a in moves if keeps_the_turn(a))
    for pos in table.control_clicks(move):
        app.run_frames(1, inject={0: [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                                      pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]})
    assert move.agent in table.glides and app.stack.top is table
    start = table.glide_pos(table.glides[move.agent])
    app.run_frames(3)
    if move.agent in table.glides:
        assert table.glide_pos(table.glides[move.agent]) != start
    app.run_frames(60)
    assert not table.glides


def test_a_conversation_with_a_revealed_item_is_ticked_then_talked(app):
    table = open_table(app, "talk_with_item")
    legal = table.session.legal_actions()
    talk = max((a for a in legal if isinstance(a, A.Converse)), key=lambda a: len(a.items))
    clicks = table.control_clicks(talk)
    assert len(clicks) >= 2  # at least one toggle, then the talk button
    for pos in clicks[:-1]:
        app.run_frames(1, inject={0: [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                                      pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]})
    assert set(talk.items) <= table.talk_items
    version = table.session.version
    last = max(e.seq for e in table.game.state.log)
    pos = clicks[-1]
    app.run_frames(1, inject={0: [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                                  pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]})
    assert table.session.version != version
    talked = [e for e in table.game.state.log if e.seq > last and e.kind == "converse"]
    assert talked and table.session.stats.actions >= 1
    assert not table.talk_items  # the ticks are cleared after the conversation


def open_custom_table(app, game) -> StawkaTableScene:
    seats = [SeatSetup("polish", "human", "Anna"), SeatSetup("german", "human", "Bruno")]
    app.start_session(GameSession(game, seats, store=app.store))
    app.run_frames(2)
    if isinstance(app.stack.top, CurtainScene):
        app.stack.top.reveal()
        app.run_frames(2)
    return app.stack.find(StawkaTableScene)


def test_a_spent_pair_is_marked_on_the_enemy_and_giving_up_mid_activation_has_a_button(app, monkeypatch):
    """K13: while Kloss is the agent of the menu, Glaubel (their conversation spent this stage) carries the
    struck speech mark and Marta Becher does not. K14: after a 1-space move the give-up button is there."""
    from barclay_desktop.scenes.stawka import pieces as stawka_pieces

    game = game_class("stawka").new({"scenario": "meeting"}, seed=3)
    game.apply(A.ChoosePlan("polish_1"), "polish")
    game.apply(A.ChoosePlan("german_5"), "german")
    s = game.state
    s.agents["glaubel"].space = s.agents["hans_kloss"].space
    s.talked = [["glaubel", "hans_kloss"]]
    table = open_custom_table(app, game)
    marks = []
    monkeypatch.setattr(stawka_pieces, "spent_talk_mark", lambda surface, center, r: marks.append(center))
    table.selected = "hans_kloss"
    seat, view = table.current_view()
    table.draw_table(pygame.display.get_surface(), view, seat)
    x, y = table.figure_positions(view)["glaubel"]
    r = table.figure_radius()
    assert marks == [(x + r, y + r)]
    step = next(a for a in table.session.legal_actions() if isinstance(a, A.Move) and a.agent == "hans_kloss"
                and view["moves"]["hans_kloss"]["spaces"][a.to] == 1)
    deliver_clicks(app, table, step)
    assert game.state.activation is not None and A.EndActivation() not in table.session.legal_actions()
    give_up = table.control_clicks(A.GiveUp())
    assert give_up
    deliver_clicks(app, table, A.GiveUp())
    assert game.state.gave_up["polish"]


def deliver_clicks(app, table, action) -> None:
    for pos in table.control_clicks(action):
        app.run_frames(1, inject={0: [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                                      pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]})


def test_the_game_over_page_continues_the_training_campaign(app):
    """K16: after Meeting the game-over page offers the campaign's next scenario; it starts First Clash with the
    same players and Meeting's evidence carried over."""
    from tests.client_helpers import click
    from tests.test_stawka_first_clash import finished_meeting

    meeting = finished_meeting()
    seats = [SeatSetup("polish", "human", "Anna"), SeatSetup("german", "computer", "Bruno", "easy")]
    session = GameSession(meeting, seats, store=app.store, hide_private=False)
    scene = GameOverScene(app, session)
    app.push(scene)
    app.run_frames(2)
    assert "next" in scene.buttons
    click(app, scene.buttons["next"])
    table = app.stack.find(StawkaTableScene)
    assert table is not None
    new = table.session.game
    assert new.state.scenario == "first_clash" and new.state.options["campaign"]["step"] == 2
    assert new.state.evidence["polish"]["yellow"] == 5
    assert table.session.seats["german"].kind == "computer" and table.session.seats["polish"].name == "Anna"
    assert game_class("stawka") is type(new)
