"""The Stawka reference: reached from the rules screen, it shows every agent (each of Kloss's
documents), every item tile and every planning card, with no text cut off, and Back / Escape
return to the rules."""

from __future__ import annotations

import pygame
import pytest

from barclay_desktop.rules.stawka import content
from barclay_desktop.scenes.stawka import ref as stawka_ref
from barclay_desktop.scenes.rules_ref import RulesScene
from barclay_desktop.scenes.stawka.ref import COLS, VIEW, StawkaReferenceScene
from barclay_desktop.ui import draw, fonts
from barclay_desktop.scenes.stawka import pieces as P

from . import client_helpers
from .client_helpers import click


def press(app, key, frames=1):
    app.run_frames(frames, inject={0: [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)]})


@pytest.fixture
def drawn(monkeypatch):
    """Every string the reference draws, in order (its own labels and the shared Stawka pieces)."""
    texts: list[str] = []
    label, text = P.label, draw.text

    def recording_label(content_, *args, **kwargs):
        texts.append(content_)
        return label(content_, *args, **kwargs)

    def recording_text(surface, content_, *args, **kwargs):
        texts.append(content_)
        return text(surface, content_, *args, **kwargs)

    monkeypatch.setattr(P, "label", recording_label)
    monkeypatch.setattr(draw, "text", recording_text)
    return texts


def open_reference(app, through_rules: bool = False) -> tuple[RulesScene | None, StawkaReferenceScene]:
    if through_rules:
        return client_helpers.open_reference(app, "stawka", StawkaReferenceScene)
    return None, client_helpers.push_reference(app, StawkaReferenceScene)


def open_tab(app, scene, tab: str) -> None:
    rect = next(r for r, t, _label in scene.tabs() if t == tab)
    click(app, rect.center)
    assert scene.tab == tab


def distinct_colours(app) -> int:
    surf = app.screen
    return len({surf.get_at((x, y))[:3] for x in range(0, surf.get_width(), 16) for y in range(0, surf.get_height(), 16)})


def test_the_rules_screen_opens_it_and_escape_and_back_return(app):
    rules, scene = open_reference(app, through_rules=True)
    assert distinct_colours(app) > 40  # drawn art, not a blank screen
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is rules
    click(app, rules.reference_button.rect.center)
    scene = app.stack.top
    assert isinstance(scene, StawkaReferenceScene)
    click(app, stawka_ref.BACK.center)
    assert app.stack.top is rules


def test_every_agent_is_listed_and_a_click_shows_his_document(app, drawn):
    _rules, scene = open_reference(app)
    listed = [a.id for _r, a in scene.agent_rects()]
    assert sorted(listed) == sorted(content.agents())
    for rect, agent in scene.agent_rects():
        drawn.clear()
        click(app, rect.center, frames=1)
        assert scene.selected == agent.id
        assert agent.name.upper() in drawn  # the document's name band
        doc = agent.documents[scene.doc_index]
        assert str(doc.defence) in drawn and f"{doc.conversation.secret}+" in drawn


def test_each_of_klosss_documents_can_be_read(app, drawn):
    _rules, scene = open_reference(app)
    kloss = content.agent(content.KLOSS)
    rect = next(r for r, a in scene.agent_rects() if a.id == kloss.id)
    click(app, rect.center)
    assert kloss.documents[scene.doc_index].scenario_1  # opens on the document scenario 1 uses
    buttons = scene.doc_rects()
    assert len(buttons) == len(kloss.documents) == 3
    for button, i in buttons:
        drawn.clear()
        click(app, button.center, frames=1)
        assert scene.doc_index == i
        assert str(kloss.documents[i].rank) in drawn
    other = next(r for r, a in scene.agent_rects() if a.id != kloss.id)
    click(app, other.center)
    assert scene.doc_rects() == []  # one document: no chooser


def test_every_item_tile_is_readable_somewhere_in_the_ledger(app, drawn):
    _rules, scene = open_reference(app)
    open_tab(app, scene, "items")
    seen_ids, seen_text = set(), set()
    drawn.clear()
    app.run_frames(1)
    for _ in range(200):  # page down to the end, gathering what each page shows in full
        seen_ids |= {it.id for it in scene.visible_items()}
        seen_text |= set(drawn)
        if scene.scroll == scene.max_scroll():
            break
        drawn.clear()
        press(app, pygame.K_PAGEDOWN)
    assert seen_ids == {it.id for it in content.items()}
    for it in content.items():
        assert it.name in seen_text or all(part in seen_text for part in draw.wrap(it.name, fonts.typewriter(15, True),
                                                                                   COLS["name"][1]))


def test_no_ledger_or_agent_text_is_wider_than_its_column(app):
    _rules, scene = open_reference(app)
    name_font, body_font = fonts.typewriter(15, True), fonts.typewriter(14)
    for row in scene.ledger()[0]:
        if row.kind == "item":
            assert all(name_font.size(line)[0] <= COLS["name"][1] for line in row.name_lines)
            assert all(body_font.size(line)[0] <= COLS["effect"][1] for line in row.effect_lines)
            assert " ".join(row.effect_lines).split() == row.item.text.split()  # wrapped, nothing dropped
    for rect, agent in scene.agent_rects():
        assert fonts.typewriter(14, True).size(agent.name)[0] <= rect.w - 46
        # the document's name band: the name (from x+38) must clear the side label at the right end
        side_label = f"{P.SIDE_NAME[agent.network].upper()} / {agent.colour.upper()}"
        name_w = fonts.typewriter(18, True).size(agent.name.upper())[0]
        assert 38 + name_w + 8 <= stawka_ref.DOC.w - 8 - fonts.typewriter(12, True).size(side_label)[0]
    assert scene.ledger()[1] > VIEW.h  # there is something to scroll


def test_the_sector_rail_jumps_and_the_wheel_and_keys_scroll_within_bounds(app):
    _rules, scene = open_reference(app)
    open_tab(app, scene, "items")
    sectors = scene.sector_rects()
    assert len(sectors) == len({loc.split(".")[0] for loc in (it.location for it in content.items())})
    for rect, row in sectors:
        click(app, rect.center, frames=1)
        assert scene.current_sector() == row.title or scene.scroll == scene.max_scroll()
    press(app, pygame.K_HOME)
    assert scene.scroll == 0
    wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False, precise_x=0.0, precise_y=-3.0)
    app.run_frames(1, inject={0: [wheel]})
    assert scene.scroll == 3 * stawka_ref.WHEEL_STEP
    wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=50, flipped=False, precise_x=0.0, precise_y=50.0)
    app.run_frames(1, inject={0: [wheel]})
    assert scene.scroll == 0
    press(app, pygame.K_PAGEDOWN)
    down = scene.scroll
    press(app, pygame.K_PAGEUP)
    assert 0 < down and scene.scroll == 0
    press(app, pygame.K_END)
    assert scene.scroll == scene.max_scroll()
    click(app, (stawka_ref.BAR.centerx, stawka_ref.BAR.y + 2))  # a click on the bar's top end
    assert scene.scroll == 0


def test_the_planning_tab_shows_all_ten_cards(app, drawn):
    _rules, scene = open_reference(app)
    press(app, pygame.K_TAB)
    press(app, pygame.K_TAB)
    assert scene.tab == "planning"
    drawn.clear()
    app.run_frames(1)
    text = " ".join(drawn)
    for side in content.NETWORKS:
        for card in content.planning_cards(side):
            assert card.name in text and f"{card.ap} AP" in drawn


def test_the_threat_tab_is_the_cheat_sheet_of_every_token_type(app, drawn, monkeypatch):
    """Issue 34: the reference holds the threat tokens' cheat sheet: each of the 9 types with its text and how many
    each network has (K8: 18 a side)."""
    block = draw.text_block
    monkeypatch.setattr(draw, "text_block", lambda surface, content_, *a, **k: drawn.append(content_) or block(
        surface, content_, *a, **k))
    _rules, scene = open_reference(app)
    drawn.clear()
    open_tab(app, scene, "threats")
    app.run_frames(1)
    names = [entry["name"] for entry in content.threat_types().values()]
    assert len(names) == 9 and all(n in drawn for n in names)
    for side in content.NETWORKS:
        assert sum(1 for _t in content.threat_tokens(side)) == 18
    text = " ".join(str(t) for t in drawn)
    assert "Revealed by its owner before a roll" in text  # the support's trigger
    assert "2d6 -3/-2/-1" in text  # the document checks' three difficulties


def test_the_mission_tab_lists_each_agents_three_cards(app, drawn, monkeypatch):
    """Issue 34 and K10: the 60 mission cards are public in the reference, by agent (which one is held is not)."""
    block = draw.text_block
    monkeypatch.setattr(draw, "text_block", lambda surface, content_, *a, **k: drawn.append(content_) or block(
        surface, content_, *a, **k))
    _rules, scene = open_reference(app)
    open_tab(app, scene, "missions")
    rect = next(r for r, a in scene.agent_rects() if a.id == "jacek")
    drawn.clear()
    click(app, rect.center)
    text = " ".join(str(t) for t in drawn)
    for card in content.missions_for("jacek"):
        assert card.basic.text in text and card.special.text in text
