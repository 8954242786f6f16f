"""Top Secret at the table, left by issue 36 (docs/stawka-film-plan.md, step 9 "Left"): the Black Audi (F19:
activated and spending AP like an agent) has its card in the agent list, read like an agent's (AP pips, Defence,
ACTIVE while it drives) and picking the car as an agent's card does. Everything drawn here is public (the plan's
section 3); the hot-seat leak check stays in tests/test_stawka_top_secret_client.py."""

from __future__ import annotations

import pygame

from barclay_desktop.rules.stawka import actions as A
from barclay_desktop.scenes.stawka.art import LEFT
from barclay_desktop.scenes.stawka.audi import VEHICLE
from tests.client_helpers import click
from tests.stawka_client_helpers import deliver, table_with_easy
from tests.test_stawka_top_secret import ts_game
from tests.text_layout import frame_problems

POLISH, GERMAN = "polish", "german"


def hover(app, pos) -> None:
    app.run_frames(2, inject={0: [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))]})


# ----- Top Secret: the Black Audi's card (F19) ---------------------------------------------------------------------

def test_the_audi_has_its_card_under_the_eight_agents_and_all_fit(app):
    table = table_with_easy(app, ts_game(first=GERMAN), GERMAN)
    view = table.current_view()[1]
    agents, car = table.agent_rects(view), table.vehicle_card_rect(view)
    assert len(agents) == 8 and car is not None
    assert all(r.h >= 48 for r in agents)  # the compact card's three rows whole (its pips reach 47 px down)
    assert all(a.bottom < b.top for a, b in zip(agents, agents[1:] + [car]))  # none overlapping
    assert car.bottom == LEFT.bottom and car.h >= 29
    assert frame_problems(app) == []


def test_the_audi_s_card_picks_the_car_and_says_its_ap_and_defence(app):
    game = ts_game(first=GERMAN)
    table = table_with_easy(app, game, GERMAN)
    table.selected = "glaubel"
    app.run_frames(1)
    view = table.current_view()[1]
    click(app, table.vehicle_card_rect(view).center)
    assert table.current_agent(table.current_view()[1], game.legal_actions(GERMAN)) == VEHICLE
    car = table.current_view()[1]["vehicle"]
    note = table.vehicle_note(table.current_view()[1])
    assert note[0] == "The Black Audi"
    assert note[1] == f"{car['ap_left']} of {car['ap_limit']} AP left this stage (from the German pool)"
    assert note[2] == f"Defence {car['defence']}"
    hover(app, table.vehicle_card_rect(view).center)
    assert frame_problems(app) == []


def test_the_audi_s_card_counts_its_spent_ap_and_says_active(app, monkeypatch):
    """F19: a drive spends the car's own AP (5 a stage at most); its card shows them spent, and ACTIVE."""
    game = ts_game(first=GERMAN)
    table = table_with_easy(app, game, GERMAN)
    drive = next(a for a in game.legal_actions(GERMAN) if isinstance(a, A.Drive))
    deliver(app, table, drive)  # by its clicks: the car, then the brass space
    app.run_frames(2)
    car = table.current_view()[1]["vehicle"]
    assert car["active"] and car["ap_used"] >= 1
    texts = card_words(table, monkeypatch)
    assert "ACTIVE" in texts and f"Defence {car['defence']}" in texts
    assert frame_problems(app) == []


def card_words(table, monkeypatch) -> list[str]:
    """The words the Audi's card paints (its text and its tag's), spied on."""
    from barclay_desktop.scenes.stawka import pieces

    words = []
    text, label = pieces.blit_text, pieces.label
    monkeypatch.setattr(pieces, "blit_text", lambda surface, content, *a, **kw: (words.append(content),
                                                                                  text(surface, content, *a, **kw))[1])
    monkeypatch.setattr(pieces, "label", lambda content, *a, **kw: (words.append(content), label(content, *a, **kw))[1])
    table.draw_vehicle_card(pygame.Surface((1280, 720)), table.current_view()[1], False, False)
    monkeypatch.undo()
    return words
