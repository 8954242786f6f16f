"""Top Secret's table says all it has to in a word-for-word readable way: fifteen stage cells (too narrow for
"10".."15", so drawn without numbers: the title above names the stage), and Dr Pulkowski's line under the
investigation tracks whole, not cut with "..." (it takes three lines at the panel's usual size)."""

from __future__ import annotations

import pygame

from barclay_desktop.scenes.stawka import pieces
from barclay_desktop.ui import text_record
from tests.stawka_client_helpers import table_with_easy
from tests.test_stawka_top_secret import ts_game

GERMAN = "german"


def test_the_fifteen_stage_cells_carry_no_numbers_that_run_together(app, monkeypatch):
    table = table_with_easy(app, ts_game(first=GERMAN), GERMAN)
    drawn = []
    blit = pieces.blit_text
    monkeypatch.setattr(pieces, "blit_text", lambda surface, content, *a, **kw: (drawn.append(content),
                                                                                  blit(surface, content, *a, **kw))[1])
    view = table.current_view()[1]
    table.draw_stage_bar(pygame.Surface((1280, 720)), view, GERMAN)
    assert view["stages"] == 15
    assert not {"10", "11", "12", "13", "14", "15"} & set(drawn)
    assert "STAGE 1 OF 15" in drawn


def test_pulkowski_s_line_is_whole(app):
    table = table_with_easy(app, ts_game(first=GERMAN), GERMAN)
    view = table.current_view()[1]
    line = table.film_status(view)
    assert line.startswith("Pulkowski holds out")
    with text_record.recording() as rec:
        table.draw_tracks(pygame.Surface((1280, 720)), view, GERMAN)
    assert [c for c in rec.cuts if "Pulkowski" in c[2]] == []
    assert any("Pulkowski" in i.text for i in rec.items)
