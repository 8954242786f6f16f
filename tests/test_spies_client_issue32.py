"""Issue 32, Spies & Lies: nothing on the table covers anything else, and the feedback a player
expects (the end-of-day summary, Enter confirms a line-up, a placed troop dragged to another
mission, no pointless truthful-chip click for one human against the computer).

Positions come from seeded random play in the engine (no state edits)."""

from __future__ import annotations

import random

import pygame
import pytest

from barclay_desktop.rules import game_class
from barclay_desktop.rules.spies_lies import actions as A
from barclay_desktop.session import GameSession, SeatSetup
from barclay_desktop.scenes.spies_lies.day_summary import day_summary
from barclay_desktop.scenes.spies_lies.table import SpiesTableScene
from barclay_desktop.ui import draw, fonts, widgets
from tests.client_helpers import click_events
from tests.spies_client_helpers import drag_events
from tests.spies_positions import PHASES, find_game, table_for

SpiesLiesGame = game_class("spies_lies")
DAY_TWO_DRAWS = lambda g: g.state.day == 2 and g.state.phase == "eliminate"  # noqa: E731


_FOUND: dict = {}


def day_two_draws():
    """Day 1 over, the draws for day 2 next (seed 3); played once for the module, copied per test."""
    if "day2" not in _FOUND:
        _FOUND["day2"] = find_game(DAY_TWO_DRAWS, seeds=[3]).to_json()
    return SpiesLiesGame.from_json(_FOUND["day2"])


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def board_rects(table, kinds=("mission_slot", "mission_plate", "row_label", "status")) -> list[pygame.Rect]:
    return [rect for kind in kinds for _props, rect in table.board.all(kind)]


# ----- layout -------------------------------------------------------------------------------------
@pytest.mark.parametrize("phase", ["guess", "deploy", "eliminate"])
def test_slips_stack_in_their_band_over_no_card_and_none_is_lost(app, phase):
    """Issue 32: result slips over the guess cards, stacked warnings over the line-up."""
    table = table_for(app, find_game(PHASES[phase]))
    texts = ["Red names the Miner (3) for Blue's Mission 2: it is the Captain (6) - wrong; it is activated. "
             "Blue +6 IP (Captain activated).", "Warning: only the Sergeant may lie with intelligence.",
             "A third slip."]
    for i, text in enumerate(texts):
        table.show_message(text, warn=i > 0)
    app.run_frames(1)
    slip = table.toast_rect
    assert slip is not None and table.toasts.shown >= 1
    covered = board_rects(table) + [c.rect for c in table.controls if c.kind in ("hand", "guess", "pick")]
    covered += [table.hand_rect(i) for i in range(9)] if phase == "deploy" else []
    assert not [r for r in covered if slip.colliderect(r)]
    if phase != "guess":
        return  # (the band's clock is the same in every phase)
    seen = set()
    for _ in range(6):  # a slip's time runs only while shown: the waiting one comes up, then all go
        app.run_frames(1, dt=1.5)
        seen |= {t.text for t in table.toasts.newest_first()[:table.toasts.shown]}
    assert seen == set(texts) and not table.toasts.items


def test_a_board_troops_note_sits_between_the_mission_plates(app):
    """Issue 32: troop tooltips over the mission labels."""
    table = table_for(app, find_game(PHASES["guess"]))
    view = table.current_view()[1]
    mine = view["sides"][view["my_side"]]["missions"]
    plates = [rect for _p, rect in table.board.all("mission_plate")]
    slots = [rect for _p, rect in table.board.all("mission_slot")]
    shown = 0
    for slot in mine:
        table.mouse = table.slot_rect("bottom", slot["mission"]).center
        table._hover_time = 1.0
        app.screen.fill((0, 0, 0))
        table.draw(app.screen)
        assert table.tooltip_rank == slot["troop"]["rank"]
        assert table.tooltip_rect.collidelist(plates + slots) == -1
        shown += 1
    assert shown == 4
    font = fonts.typewriter(14)
    for rank in table.troops:  # every troop's note, the longest included, fits between the plates
        lines = draw.wrap(table.tooltip_text(rank), font, table.tooltip_place(slots[0], True, 0).w - 20)
        rect = table.tooltip_place(slots[0], True, len(lines) * font.get_linesize())
        assert rect.collidelist(plates + slots) == -1, rank


def test_the_prompt_strip_types_long_orders_whole_in_two_lines():
    """Issue 32: long orders against the strip's edge. Every order a hot-seat team game shows
    (named players, "Pass to <name>" steps) fits its strip, the narrowest beside the Pass
    button, in at most two lines and without an ellipsis."""
    from barclay_desktop.scenes.game_table import PASS_RECT

    pygame.font.init()
    game = SpiesLiesGame.new({"teams": True}, seed=4)
    names = {"red1": "Wilhelmina", "red2": "Bartholomew", "blue1": "Maximiliane", "blue2": "Konstantin"}
    session = GameSession(game, [SeatSetup(seat, "human", names[seat]) for seat in game.seats], hide_private=True)
    rng, checked = random.Random(4), 0
    while True:
        passing = session.pass_to is not None
        reserve = 1280 - PASS_RECT.x + 12 if passing else 380  # as SessionScene.draw does (Hint button on)
        text = session.prompt()
        _size, lines = widgets.prompt_layout(text, widgets.prompt_text_width(1280, reserve_right=reserve))
        assert len(lines) <= 2, text
        checked += 1
        if game.is_over():
            break
        if session.curtain_seat is not None:
            session.acknowledge_curtain()
        elif passing:
            session.pass_table()
        else:
            session.act(rng.choice(session.legal_actions()))
    assert checked > 100
    assert widgets.prompt_layout("Short order.", 800) == (17, ["Short order."])


def test_a_spent_deception_chip_leaves_the_table(app, monkeypatch):
    """S4: the chip is spent when its troop is revealed; only chips still in play are drawn."""
    game = find_game(lambda g: any(s.deceived[m] and s.face_up[m] for s in (g.state.red, g.state.blue)
                                   for m in range(4)) and g.state.pending is None)
    table = table_for(app, game)
    drawn = []
    monkeypatch.setattr("barclay_desktop.scenes.spies_lies.cards.deception_chip", lambda surface, pos, r: drawn.append(pos))
    app.run_frames(1)
    view = table.current_view()[1]

    def spots(spent: bool) -> set:
        return {table.board.find("deception_chip_spot", row=table.row_of(side, view), mission=slot["mission"]).center
                for side in ("red", "blue") for slot in view["sides"][side]["missions"]
                if slot["deception_chip"] and slot["face_up"] == spent}

    on_board = {pos for pos in drawn if pos[0] < table.board.find("status", row="top").x}  # not the held-chip counts
    assert spots(True) and not spots(True) & on_board
    assert on_board == spots(False)


# ----- the end-of-day summary ---------------------------------------------------------------------
def test_the_summary_is_public_the_same_for_every_seat_and_matches_the_table():
    """Issue 32: built from views only; line-ups are public once the day ends (the public view
    holds them), so every seat gets the same summary as an onlooker."""
    game = day_two_draws()
    public = game.view(None)
    summary = day_summary(public)
    assert summary.day == 1
    for seat in game.seats:
        assert day_summary(game.view(seat)) == summary
    assert summary.lineups == {side: public["history"][0][side] for side in ("red", "blue")}
    assert summary.spy_from == 0 and summary.spy_to == public["track"]["spy"]
    assert summary.towers == public["scores"]
    ip = [e for e in game.events_for(None) if e.kind == "ip" and "amount" in e.data]
    assert sum(summary.ip.values()) == sum(e.data["amount"] for e in ip)
    assert day_summary(SpiesLiesGame.new({}, seed=3).view(None)) is None  # nothing before a day has ended


def test_the_summary_names_the_gate_and_says_so_when_the_spy_stood_still():
    """Seen playing: "space 4 in Red's territory" was Red's gate."""
    import attrs

    from barclay_desktop.scenes.spies_lies.day_summary import spy_line

    summary = day_summary(day_two_draws().view(None))
    assert spy_line(attrs.evolve(summary, spy_from=0, spy_to=-summary.gate)) == (
        "The double spy moved from the neutral centre to Red's gate.")
    assert spy_line(attrs.evolve(summary, spy_from=2, spy_to=2)) == (
        "The double spy did not move: it stays on space 2 in Blue's territory.")


def test_the_summary_comes_before_the_draws_and_enter_goes_on(app):
    table = table_for(app, day_two_draws())
    version = table.session.version
    assert table.summary_up() and not table.controls  # the draw waits
    assert table.prompt_text().startswith("Day 1 is over")
    app.run_frames(2, inject={0: [key(pygame.K_1)]})
    assert table.session.version == version  # a number key draws nothing behind the summary
    app.run_frames(2, inject={0: [key(pygame.K_RETURN)]})
    assert not table.summary_up() and any(c.kind == "pick" for c in table.controls)


def test_a_watched_game_leaves_the_summary_up_a_while_then_goes_on(app):
    game = day_two_draws()
    session = GameSession(game, [SeatSetup(s, "computer", "", "easy") for s in game.seats], store=app.store)
    session.tick = lambda dt: None  # no computer thinks here: only the summary's own clock is tested
    app.start_session(session, with_setup=False)
    app.run_frames(2)
    table = app.stack.find(SpiesTableScene)
    assert table.summary_up()
    app.run_frames(1, dt=SpiesTableScene.SUMMARY_WATCH_SECONDS - 0.5)
    assert table.summary_up()
    app.run_frames(2, dt=0.5)
    assert not table.summary_up()


# ----- deploying ----------------------------------------------------------------------------------
def deploying_table(app):
    """Red's first deploy of a day, with its Sergeant (which may stand anywhere) in hand."""
    return table_for(app, find_game(lambda g: g.state.phase == "deploy" and g.current_seat() == "red"
                                    and not any(g.state.red.slots) and 4 in g.state.red.hand))


def test_enter_confirms_a_full_line_up(app):
    table = table_for(app, find_game(PHASES["deploy_full"]))
    seat = table.session.acting_seat()
    assert any(isinstance(a, A.ConfirmDeploy) for a in table.session.legal_actions())
    app.run_frames(2, inject={0: [key(pygame.K_RETURN)]})
    assert seat in table.game.state.done or table.game.state.phase != "deploy"


def drag(app, table, start: int, end: int) -> None:
    app.run_frames(1, inject={0: drag_events(table.slot_rect("bottom", start).center,
                                             table.slot_rect("bottom", end).center)})


def test_a_placed_troop_dragged_to_another_mission_moves_there(app):
    table = deploying_table(app)
    red = table.game.state.red
    low = min(red.hand)
    assert table.try_action(A.Deploy(low, 1)) and table.try_action(A.Deploy(4, 2))
    app.run_frames(1)
    drag(app, table, 2, 4)
    assert red.slots == [low, 0, 0, 4]
    table.toasts.clear()
    drag(app, table, 1, 4)  # onto a taken mission: nothing moves, and it says so
    assert red.slots == [low, 0, 0, 4] and "already has a troop" in table.toasts.items[-1].text
    drag(app, table, 4, 3)
    assert red.slots == [low, 0, 4, 0]
    app.run_frames(1, inject={0: click_events(table.slot_rect("bottom", 3).center)})
    assert red.slots == [low, 0, 0, 0] and 4 in red.hand  # a click still takes it back


def test_a_refused_move_puts_the_troop_back_with_the_rules_reason(app):
    table = deploying_table(app)
    red = table.game.state.red
    first, second = sorted(r for r in red.hand if r != 4)[:2]
    assert table.try_action(A.Deploy(first, 1)) and table.try_action(A.Deploy(second, 2))
    app.run_frames(1)
    table.toasts.clear()
    drag(app, table, 1, 3)  # strict table: right of a higher rank breaks the ascending order
    assert red.slots == [first, second, 0, 0]
    expected = table.game.explain_illegal("red", A.Deploy(first, 3))
    assert table.toasts.items[-1].text != "" and "ascend" in table.toasts.items[-1].text, expected


# ----- the truthful chip --------------------------------------------------------------------------
def truthful_chip_turn(g) -> bool:
    """Strict table: red's intelligence turn with no Sergeant deployed (only the truth is legal)."""
    return (g.state.phase == "intel" and g.current_seat() == "red" and 4 not in g.state.red.slots
            and len(g.legal_actions("red")) == 1)


@pytest.mark.parametrize("blue", ["computer", "human"])
def test_one_human_has_the_truthful_chip_confirmed_two_keep_the_click(app, blue):
    game = find_game(truthful_chip_turn)
    session = GameSession(game, [SeatSetup("red", "human", "Ann"), SeatSetup("blue", blue, "Bo", "easy")],
                          hide_private=False, store=app.store)
    session.tick = lambda dt: None  # the computer's answer is not what is tested
    app.start_session(session, with_setup=False)
    app.run_frames(3)
    table = app.stack.find(SpiesTableScene)
    confirmed = session.stats.actions_by_seat.get("red", 0) == 1
    assert confirmed == (blue == "computer")
    assert any("placed truthfully" in t.text for t in table.toasts.items) == confirmed


def test_a_sides_flags_fit_its_status_line_together():
    """Issue 32 (seen playing): "Scout: 4 IP a right guess / Bomb p" was cut at 34 letters."""
    from itertools import product

    from barclay_desktop.scenes.spies_lies.table_art import STATUS_FLAGS, status_flags

    pygame.font.init()
    width = 272 - 24  # the status panel of the map, less its margins
    for on in product((False, True), repeat=len(STATUS_FLAGS)):
        side = {key: flag for (key, _full, _short), flag in zip(STATUS_FLAGS, on)}
        text, size = status_flags(side, width)
        assert fonts.typewriter(size, bold=True).size(text)[0] <= width
        assert text.count("/") == max(0, sum(on) - 1)  # every flag set is named
    assert status_flags({"scout_active": True}, width)[0] == "Scout: 4 IP a right guess"


def test_long_team_names_fit_the_row_label_whole():
    """Seen playing 2 vs 2: "Wilhelmina-Joh / ann..." was cut mid-name. One player a line, in a
    smaller type (at last the narrower serif) until the longest name the form takes fits."""
    from barclay_desktop.scenes.spies_lies.table_art import name_font

    pygame.font.init()
    width = 124 - 12  # the map's row label, less its border
    lines = ["Wilhelmina-Johannaxx &", "Bartholomew"]  # 20 letters: the name fields' limit
    font = name_font(lines, width)
    assert all(font.size(line)[0] <= width for line in lines)
    assert name_font(["Ann &", "Ben"], width).size("Ann &") == fonts.typewriter(13).size("Ann &")
