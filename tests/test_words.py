"""Words for people, not for programmers (issue 32): what a player reads never shows a Python
dict, list or code, a ruling id ("(K7)", "RULING S9"), "card(s)" or "1 times"; Polish titles keep
their letters and the shipped fonts draw them; names typed with any letters are kept; "Time
played" is the time the game was open."""

from __future__ import annotations

import random
import re

import pygame
import pytest

from barclay_desktop import saves
from barclay_desktop.rules import game_class
from barclay_desktop.rules.core.words import count, plural, tally
from barclay_desktop.save_text import progress_text
from barclay_desktop.scenes.game_over import stats_lines
from barclay_desktop.session import GameSession, SeatSetup
from tests.client_helpers import click

# Raw data or internal codes in player text: a dict or list, a quoted key, a ruling id, snake_case,
# Python constants, "(s)" plurals, "1 times", an item id like "(hotel.3)".
NOT_FOR_PEOPLE = re.compile(r"[{}\[\]]|'\w+':|\b[BSK]\d+\b|RULING|\w_\w|\bNone\b|\bTrue\b|\bFalse\b|\(s\)"
                            r"|\b1 times\b|\(\w+\.\d+\)")


def readable(text: str) -> bool:
    return isinstance(text, str) and not NOT_FOR_PEOPLE.search(text)


def play_and_read(game_id: str, options: dict, seed: int, limit: int = 400):
    """A random game (never giving up while something else is legal), with every prompt, undo reason,
    log line and explanation of an illegal action a player could read on the way."""
    rng = random.Random(seed)
    game = game_class(game_id).new(options, seed=seed)
    read: list[tuple[str, str]] = []
    earlier = {}  # one action of each type, asked again later as an illegal action
    for _ in range(limit):
        if game.is_over():
            break
        seat = game.current_seat()
        legal = game.legal_actions(seat)
        for other in game.seats:
            read.append(("prompt", game.prompt(other)))
            read.append(("undo", game.undo_status(other)[1]))
        for action in earlier.values():
            if action not in legal:
                read.append(("explain", game.explain_illegal(seat, action)))
        for action in legal:
            earlier.setdefault(type(action), action)
        keep_playing = [a for a in legal if type(a).__name__ != "GiveUp"] or legal
        game.apply(rng.choice(keep_playing), seat)
    read += [("event", e.text) for e in game.state.log]
    return game, read


GAMES = [("barclay", {"leaks": True}, 1), ("spies_lies", {}, 2), ("spies_lies", {"teams": True, "open_table": True}, 3),
         ("stawka", {}, 1)]


@pytest.mark.parametrize("game_id, options, seed", GAMES, ids=lambda p: str(p))
def test_no_prompt_event_explanation_or_summary_shows_data_or_codes(game_id, options, seed, tmp_path):
    game, read = play_and_read(game_id, options, seed)
    bad = sorted({f"{kind}: {text}" for kind, text in read if text and not readable(text)})
    assert not bad, "\n".join(bad[:10])
    # The game-over page's statistics and the Load screen's progress line, in the game's own words.
    session = GameSession(game, [SeatSetup(s, "human", "") for s in game.seats], store=None)
    rows = stats_lines(session)
    assert all(readable(k) and readable(v) for k, v in rows), rows
    assert len(rows) > 4 + len(game.seats)  # time, actions, actions by each, undos, hints: and the game's own
    info = saves.SaveInfo(path=tmp_path / "x.json", name="x", ok=True, game_id=game_id, summary=game.summary(),
                          progress=type(game).progress_words(game.summary()), facts=type(game).summary_rows(game.summary()))
    assert readable(progress_text(info)) and progress_text(info).endswith("."), progress_text(info)


def test_the_summaries_read_as_a_player_says_them():
    """The issue's examples: 'ip {'red': 2, ...}', 'Spy -4', 'step play2', 'secrets {'polish': 0, ...}'."""
    spies = game_class("spies_lies")
    summary = {"day": 2, "phase": "mission", "ip": {"red": 6, "blue": 5}, "spy": -4,
               "deception_chips": {"red": 1, "blue": 0}}
    assert spies.progress_words(summary) == "Day 2, missions"
    assert spies.summary_rows(summary) == [("Infiltration points", "Red 6, Blue 5"),
                                           ("Deception chips held", "Red 1, Blue 0"),
                                           ("Double spy", "4 spaces into Red's territory")]
    assert game_class("barclay").progress_words({"month": 2, "step": "play2", "flipped": 1}) == "Month 2, face-down cards"
    stawka = game_class("stawka")
    assert stawka.summary_rows({"stage": 1, "phase": "planning", "secrets": {"polish": 1, "german": 0},
                                "evidence": {"polish": 0, "german": 3}}) == [
        ("Secrets won", "Polish 1, German 0"), ("Evidence", "Polish 0, German 3")]
    assert stawka.summary_rows({"secrets": "junk"}) == []  # a summary from a file is not trusted


def test_counts_say_one_card_and_two_cards():
    assert [count(n, "card") for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]
    assert [count(n, "time") for n in (1, 2, 3)] == ["once", "twice", "3 times"]
    assert plural("die", 2) == "dice" and plural("party", 2) == "parties" and plural("day", 2) == "days"
    assert tally({"red": 1, "blue_team": 2}) == "Red 1, Blue team 2"


def test_the_stawka_carry_over_line_spells_out_the_evidence():
    from barclay_desktop.rules.stawka.flow import evidence_words

    assert evidence_words({"yellow": 1, "purple": 0, "blue": 2, "black": 0}) == "1 yellow and 2 blue"
    assert evidence_words({"yellow": 0}) == "none"


def test_the_wrong_order_penalty_never_undoes_zero_steps():
    from barclay_desktop.rules.spies_lies.resolve import wrong_order_penalty

    assert wrong_order_penalty("Blue", 0).startswith("The tower goes back to 0")
    assert wrong_order_penalty("Blue", 1).startswith("Blue's 1 double-spy step of today is undone")
    assert wrong_order_penalty("Red", 3).startswith("Red's 3 double-spy steps of today are undone")


# ----- Polish titles and names --------------------------------------------------------------------
POLISH = ["Stawka większa niż życie", "Ściśle tajne", "Wiem kim jesteś", "Najlepsze kasztany są na placu Pigalle"]


def test_stawka_titles_keep_their_polish_letters():
    from barclay_desktop.rules.stawka.scenario import load_scenario

    assert game_class("stawka").TITLE == POLISH[0]
    titles = [load_scenario(s).title for s in ("top_secret", "i_know_who_you_are", "chestnuts")]
    assert [any(p in t for t in titles) for p in POLISH[1:]] == [True, True, True], titles


def _glyph(font, ch: str) -> bytes:
    return pygame.image.tobytes(font.render(ch, True, (0, 0, 0), (255, 255, 255)), "RGB")


@pytest.mark.parametrize("face", ["courier_prime", "eb_garamond"])
def test_the_shipped_fonts_draw_polish_and_dutch_letters(face):
    """No tofu: every letter renders unlike the font's missing-glyph box (U+E000 has no glyph), in
    what draw.text uses and in the file pygame_gui gets (EB Garamond 12 Bold alone lacked them all)."""
    from barclay_desktop.ui.fonts import FONT_FILES, NO_GLYPH, complete_font_file, font

    pygame.font.init()
    letters = sorted(set("".join(POLISH) + "ąćęłńóśźżĄĆĘŁŃÓŚŹŻ" + "éëïöüĳÉËÏÖÜĲ&") - {" "})
    for style in FONT_FILES[face]:
        for f in (font(face, 20, style), pygame.font.Font(complete_font_file(face, style), 20)):
            missing = _glyph(f, NO_GLYPH)
            assert _glyph(f, "漢") == missing  # the check can fail: no shipped face has Chinese
            assert [ch for ch in letters if _glyph(f, ch) == missing] == [], (face, style)


def test_a_bold_heading_with_polish_letters_keeps_the_baseline_of_one_without():
    from barclay_desktop.ui import fonts

    pygame.font.init()
    heading = fonts.serif(34, bold=True)
    plain, polish = heading.render("Lena wins", True, (0, 0, 0)), heading.render("Łena wins", True, (0, 0, 0))
    assert abs(plain.get_height() - polish.get_height()) <= 2
    # The bottom of the ink of "wins" (the baseline) is on the same row in both.
    assert abs(plain.get_bounding_rect().bottom - polish.get_bounding_rect().bottom) <= 1


# ----- names as typed --------------------------------------------------------------------------
def test_names_typed_with_polish_and_dutch_letters_reach_the_game(app):
    from barclay_desktop.scenes.new_game import NewGameScene

    form = NewGameScene(app, "barclay")
    app.push(form)
    app.run_frames(2)
    typed = ["Łucja Wiśniewska", "IJsbrand Öztürk & Zoë"]
    for (_, _, entry), name in zip(form.seat_rows, typed):
        click(app, entry)
        app.run_frames(2, inject={0: [pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in name]})
    assert [s["name"] for s in form.choices()["seats"]] == typed  # what start() gives the session


def test_a_save_name_keeps_its_ampersand_and_letters(tmp_path):
    store = saves.SaveStore(tmp_path)
    session = GameSession(game_class("barclay").new(seed=1), [SeatSetup("lcs"), SeatSetup("abwehr")], store=store)
    session.save_as("Anna & Łukasz, round 2").result(5)
    store.close()
    path = store.path_for("Anna & Łukasz, round 2")
    assert path.name == "Anna_and_Łukasz_round_2.json"  # the file stem stays safe
    info = saves.describe(path, game_class)
    assert info.ok and info.name == "Anna & Łukasz, round 2"


# ----- time played --------------------------------------------------------------------------------
def test_time_played_runs_under_overlays_and_the_curtain_and_stops_in_the_pause_menu(app):
    """A 12-minute watched game once showed 0:40: only frames with the table on top counted."""
    from barclay_desktop.scenes.base import Scene
    from barclay_desktop.scenes.pause import PauseScene

    session = GameSession(game_class("barclay").new(seed=1), [SeatSetup("lcs"), SeatSetup("abwehr")],
                          store=app.store, hide_private=False)
    app.start_session(session, with_setup=False)
    table = app.stack.top
    start = session.stats.seconds
    app.run_frames(2, dt=0.5)  # at the table
    app.push(Scene(app))  # any overlay: the results, the curtain, a card zoom
    app.run_frames(4, dt=0.5)
    assert session.stats.seconds - start == pytest.approx(3.0)
    app.pop()
    app.push(PauseScene(app, session))
    app.run_frames(3, dt=0.5)
    app.push(Scene(app))  # e.g. the settings, opened from the pause menu
    app.run_frames(1, dt=0.5)
    assert session.stats.seconds - start == pytest.approx(3.0)
    app.stack.pop_to(table)
    app.run_frames(1, dt=0.5)
    assert session.stats.seconds - start == pytest.approx(3.5)


def test_the_menu_says_spies_and_lies_plays_two_against_two():
    from barclay_desktop.games import descriptor

    assert descriptor("spies_lies").players == "2 players, or 2 vs 2"
    assert descriptor("stawka").title == "Stawka większa niż życie"


def test_a_hint_without_a_control_names_the_action_in_words():
    from barclay_desktop.rules.barclay import actions as A
    from barclay_desktop.scenes.game_table import action_words

    words = action_words(A.ArrangeSector("north_africa", (0, 3)))
    assert words == "arrange sector (sector: north africa, greens: 0 and 3)"


def test_the_load_screen_names_a_computer_level_as_the_form_does(tmp_path):
    from barclay_desktop.scenes.load import seats_text

    info = saves.SaveInfo(path=tmp_path / "x.json", name="x", ok=True, seats=[
        {"seat": "lcs", "side": "LCS", "name": "LCS", "kind": "computer", "level": "hard"},
        {"seat": "abwehr", "side": "Abwehr", "name": "Zoë & Ben", "kind": "human"}])
    assert seats_text(info) == "LCS (computer, Hard); Abwehr: Zoë & Ben (human)"


def test_a_damaged_save_row_reads_as_words(tmp_path):
    from barclay_desktop.scenes.load import row_text

    info = saves.SaveInfo(path=tmp_path / "Friday.json", name="Friday", ok=False, message="The file is cut short.")
    assert row_text(info).strip().endswith("DAMAGED: Friday") and readable(row_text(info))
