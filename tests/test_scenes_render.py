"""Every client screen renders under the dummy driver, with real content on it."""

import pytest

from barclay_desktop.rules import available_games, game_class
from barclay_desktop.scenes.curtain import CurtainScene
from barclay_desktop.scenes.game_over import GameOverScene, stats_lines, winner_text
from barclay_desktop.scenes.generic_table import GenericTableScene
from barclay_desktop.scenes.load import LoadScene
from barclay_desktop.scenes.menu import MenuScene
from barclay_desktop.scenes.new_game import NewGameScene
from barclay_desktop.scenes.pause import PauseScene, SaveAsScene
from barclay_desktop.scenes.rules_ref import RulesScene, markdown_to_html
from barclay_desktop.session import GameSession, SeatSetup
from barclay_desktop.scenes.settings_scene import SettingsScene
from tests.toy_game import Add, ToyGame


def toy_session(app, finished=False):
    session = GameSession(ToyGame.new(seed=1), [SeatSetup("a", "human", "Ann"), SeatSetup("b", "human", "Ben")],
                          store=app.store)
    while finished and not session.game.is_over():
        assert session.act(Add(2)).ok
    return session


def render(app, scene, frames=3):
    app.push(scene)
    app.run_frames(frames)
    app.wait_for_tasks()
    app.run_frames(2)
    shot = app.screen.copy()
    colours = {shot.get_at((x, y))[:3] for x in range(0, 1280, 37) for y in range(0, 720, 23)}
    # A blank or one-panel screen shows a handful of colours on this grid; the Spies & Lies rules page,
    # mostly text on paper, shows 12 since its headings use the complete EB Garamond Bold (issue 32).
    assert len(colours) > 8, f"{scene.name} drew an almost blank screen"
    return shot


def test_menu(app):
    render(app, MenuScene(app))


@pytest.mark.parametrize("game_id", available_games())
def test_new_game_form_for_each_game(app, game_id):
    scene = NewGameScene(app, game_id)
    render(app, scene)
    assert [seat for seat, _, _ in scene.seat_rows] == list(game_class(game_id).SEATS)


def test_load_lists_good_and_damaged_saves(app, tmp_path):
    folder = tmp_path / "saves"
    folder.mkdir()
    (folder / "broken.json").write_text('{"format": "barclay-desktop-save", "version": 99, "meta": {}}')
    toy_session(app).save_as("Toy night").result(5)
    scene = LoadScene(app)
    render(app, scene)
    names = {i.name: i for i in scene.infos}
    assert not names["broken"].ok and "newer version" in names["broken"].message
    scene.select(scene.infos.index(names["broken"]))
    app.run_frames(2)
    assert not scene.buttons["load"].is_enabled


def test_settings(app):
    render(app, SettingsScene(app))


@pytest.mark.parametrize("game_id", ["barclay", "spies_lies", "stawka"])
def test_rules_for_each_game(app, game_id):
    render(app, RulesScene(app, game_id))


def test_markdown_subset():
    html = markdown_to_html("# Title\n**Bold** and *it* <x>\n- item")
    assert "<b>Title</b>" in html and "<b>Bold</b>" in html and "<i>it</i>" in html
    assert "&lt;x&gt;" in html and "- item" in html
    wrapped = markdown_to_html("*Break the\nstalemate.*\n\n- win with **more\n  points** here")
    assert "<i>Break the stalemate.</i>" in wrapped and "<b>more points</b>" in wrapped


def test_pause_and_save_as_over_a_table(app):
    session = toy_session(app)
    app.start_session(session)
    render(app, PauseScene(app, session))
    render(app, SaveAsScene(app, session))


def test_curtain_names_the_player_and_lists_public_events(app):
    session = toy_session(app)
    session.act(Add(1))
    session.curtain_seat = "b"
    scene = CurtainScene(app, session)
    render(app, scene)
    assert scene.events == ["a adds 1"]


@pytest.mark.parametrize("game_id", available_games())
def test_generic_table_plays_each_available_game(app, game_id):
    cls = game_class(game_id)
    seats = [SeatSetup(s, "human", s) for s in cls.SEATS]
    session = GameSession(cls.new(seed=4), seats, store=app.store, hide_private=False)
    scene = GenericTableScene(app, session)
    render(app, scene)
    assert scene.number_choices() == list(session.legal_actions())[:9]


def test_game_over_shows_winner_reason_and_statistics(app):
    session = toy_session(app, finished=True)
    scene = GameOverScene(app, session)
    render(app, scene)
    assert winner_text(session).startswith("Ann") or winner_text(session).startswith("Ben")
    assert ("Actions", str(session.stats.actions)) in stats_lines(session)


def test_save_as_asks_before_replacing_an_existing_save(app):
    session = toy_session(app)
    app.start_session(session)
    scene = SaveAsScene(app, session)
    app.push(scene)
    app.run_frames(2)
    scene.entry.set_text("Friday")
    scene.save()
    app.wait_for_tasks()
    app.store.flush()
    assert (app.store.folder / "Friday.json").exists()
    before = (app.store.folder / "Friday.json").read_text()
    session.act(Add(1))
    again = SaveAsScene(app, session)
    app.push(again)
    app.run_frames(2)
    again.entry.set_text("Friday")
    again.save()
    assert "exists" in again.error and app.stack.top is again
    app.store.flush()
    assert (app.store.folder / "Friday.json").read_text() == before
    again.save()
    app.wait_for_tasks()
    app.store.flush()
    assert (app.store.folder / "Friday.json").read_text() != before


def test_curtain_list_wraps_long_events_and_keeps_the_newest(app):
    from barclay_desktop.scenes.curtain import MAX_LINES, event_lines
    from barclay_desktop.ui import fonts

    font = fonts.typewriter(16)
    events = [f"event {i} " + "word " * 40 for i in range(12)]
    lines = event_lines(events, font, 900)
    assert len(lines) == MAX_LINES and lines[0].startswith("... ")
    assert any(line.startswith("- event 11 ") for line in lines)
    assert all(font.size(line)[0] <= 900 + font.size("- ")[0] for line in lines)


def test_game_over_names_a_winning_team_and_reads_summary_figures(app):
    """Spies & Lies teams (S7): the winner is a side; its players are named; the summary's figures read
    as words (issue 32: "Infiltration points Red 0, Blue 0", not "Ip {'red': 0, ...}" or "Spy -4")."""
    cls = game_class("spies_lies")
    game = cls.new({"teams": True}, seed=3)
    seats = [SeatSetup(s, "human", n) for s, n in zip(game.seats, ("Ann", "Bob", "Cy", "Di"))]
    session = GameSession(game, seats, store=app.store, hide_private=False)
    from barclay_desktop.rules.core import GameResult

    game.state.result = GameResult("red", "The red double spy took the flag.", "flag")
    assert winner_text(session) == "Red wins (Ann and Bob)"
    rows = dict(stats_lines(session))
    assert rows["Infiltration points"] == "Red 0, Blue 0" and rows["Double spy"] == "on the neutral centre"
    assert not any(mark in key + value for key, value in rows.items() for mark in "{}[]'_")


def test_game_over_does_not_repeat_an_unnamed_seat(app):
    cls = game_class("barclay")
    game = cls.new(seed=3)
    session = GameSession(game, [SeatSetup(s, "human", "") for s in cls.SEATS], store=app.store)
    from barclay_desktop.rules.core import GameResult

    game.state.result = GameResult("lcs", "Six months have passed.", "time")
    assert winner_text(session) == "LCS wins"


@pytest.mark.parametrize("game_id", ["barclay", "spies_lies"])
def test_new_game_form_says_what_each_computer_level_plays_like(app, game_id, monkeypatch):
    from barclay_desktop.ai import level_note
    from barclay_desktop.ui import draw

    drawn = []
    original = draw.text

    def recording(surface, text, *args, **kwargs):
        drawn.append(text)
        return original(surface, text, *args, **kwargs)

    monkeypatch.setattr(draw, "text", recording)
    block = draw.text_block  # the notes wrap when a language runs longer (issue 37)
    monkeypatch.setattr(draw, "text_block", lambda surface, text, *a, **k: drawn.append(text) or block(surface, text, *a, **k))
    scene = NewGameScene(app, game_id)
    render(app, scene)
    assert not any("see only what a person" in t for t in drawn)  # all seats human: no notes
    seat, kind, _ = scene.seat_rows[1]
    kind.selected_option = ("Computer: Hard", "Computer: Hard")
    drawn.clear()
    app.run_frames(2)
    side = game_class(game_id).SEAT_NAMES[seat]
    assert level_note(game_id, "hard", seat)
    assert f"{side}, Hard: {level_note(game_id, 'hard', seat)}" in drawn
    assert any("see only what a person in their seat" in t for t in drawn)


def test_new_game_form_gives_a_seat_its_own_note(app, monkeypatch):
    """Barclay Hard plays each seat with a model of the other seat's bets: each row says
    which bets it expects."""
    from barclay_desktop.ai import level_note
    from barclay_desktop.ui import draw

    drawn = []
    original = draw.text
    monkeypatch.setattr(draw, "text", lambda surface, text, *a, **k: drawn.append(text) or original(surface, text, *a, **k))
    block = draw.text_block  # the notes wrap when a language runs longer (issue 37)
    monkeypatch.setattr(draw, "text_block", lambda surface, text, *a, **k: drawn.append(text) or block(surface, text, *a, **k))
    scene = NewGameScene(app, "barclay")
    render(app, scene)
    for _, kind, _ in scene.seat_rows:
        kind.selected_option = ("Computer: Hard", "Computer: Hard")
    drawn.clear()
    app.run_frames(2)
    assert level_note("barclay", "hard", "lcs") != level_note("barclay", "hard", "abwehr")
    assert "Abwehr's usual bets" in level_note("barclay", "hard", "lcs")
    assert "LCS's usual bets" in level_note("barclay", "hard", "abwehr")
    assert f"LCS, Hard: {level_note('barclay', 'hard', 'lcs')}" in drawn
    assert f"Abwehr, Hard: {level_note('barclay', 'hard', 'abwehr')}" in drawn
