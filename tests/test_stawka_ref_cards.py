"""Issue 35: Stawka's ADVANCED cards in the client. cards.py draws every location and reaction card
(and the three backs) at hand size and at the reference's size in English, Dutch and Polish without
cutting a text it must show; the reference gains the location and reaction card tabs, reachable by
Tab and by click and laid out inside 1280x720; the in-app rules have the ADVANCED sections and the
third training scenario in all three languages."""

from __future__ import annotations

import pygame
import pytest

from barclay_desktop import i18n
from barclay_desktop.rules.stawka import content
from barclay_desktop.rules.stawka import location_cards as LC
from barclay_desktop.rules.stawka import reaction_cards as RC
from barclay_desktop.scenes.rules_ref import read_rules
from barclay_desktop.scenes.stawka import cards as C
from barclay_desktop.scenes.stawka import ref as stawka_ref
from barclay_desktop.scenes.stawka.ref import StawkaReferenceScene

from . import client_helpers
from .client_helpers import click, press
from tests.stawka_client_helpers import record_piece_labels

HAND = (150, 210)
REFERENCE = (300, 420)
LANGUAGES = ("en", "nl", "pl")


@pytest.fixture(autouse=True)
def back_to_english():
    yield
    i18n.set_language(i18n.ENGLISH)


@pytest.fixture
def drawn(monkeypatch):
    """Every text the cards render through pieces.label, in order."""
    return record_piece_labels(monkeypatch)


def all_location_cards() -> list[dict]:
    return [LC.card_view(c.id) for side in content.NETWORKS for c in content.location_cards(side)]


def all_reaction_cards() -> list[dict]:
    return [RC.card_view(c.id) for c in content.reaction_cards()]


def drawn_inside(surface: pygame.Surface, rect: pygame.Rect) -> bool:
    """The card's face covers its rect (paper, not the cleared background) and nothing spilled far
    beyond it (its shadow reaches a few pixels right and down)."""
    inside = {surface.get_at((x, y))[:3] for x in range(rect.x + 4, rect.right - 4, 9)
              for y in range(rect.y + 4, rect.bottom - 4, 9)}
    beyond = [surface.get_at((x, y))[:3] for x in range(surface.get_width()) for y in (0, surface.get_height() - 1)]
    return len(inside) > 6 and all(c == (0, 0, 0) for c in beyond)


def card_surface(size) -> tuple[pygame.Surface, pygame.Rect]:
    """A black canvas with 24 px round the card, so a spill past its shadow shows on the edge rows."""
    surface = pygame.Surface((size[0] + 48, size[1] + 48))
    surface.fill((0, 0, 0))
    return surface, pygame.Rect((24, 24), size)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_location_card_draws_whole_at_hand_and_reference_size(app, drawn, lang):
    i18n.set_language(lang)
    cards = all_location_cards()
    assert len(cards) == 2 * content.LOCATION_COUNT == 52
    for size in (HAND, REFERENCE):
        for card in cards:
            surface, rect = card_surface(size)
            drawn.clear()
            C.draw_location_card(surface, rect, card)
            C.draw_location_card(surface, rect, card, dim=True)
            assert drawn_inside(surface, rect), (card["id"], size)
            assert not [w for w in drawn if w.endswith("...")], (lang, card["id"], size, drawn)
            assert C.location_text(card) and "{" not in C.location_text(card)  # templates filled from params


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_reaction_card_draws_with_its_holders_half_whole(app, drawn, lang):
    """Every card with either holder or none, dimmed or not; read as both sides (the reference's "both
    halves") at the reference's size, neither half is cut."""
    i18n.set_language(lang)
    cards = all_reaction_cards()
    assert len(cards) == 30
    texts = [C.reaction_text(c, side) for c in cards for side in content.NETWORKS]
    assert all(text and "{" not in text for text in texts)  # templates filled from params
    for size in (HAND, REFERENCE):
        for card in cards:
            for side in (*content.NETWORKS, None):
                surface, rect = card_surface(size)
                drawn.clear()
                C.draw_reaction_card(surface, rect, card, side, dim=side is None)
                assert drawn_inside(surface, rect), (card["id"], size, side)
                cut = [w for w in drawn if w.endswith("...")]
                if side is None and size == REFERENCE:
                    assert not cut, (lang, card["id"], cut)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_holders_half_is_never_cut(app, lang, monkeypatch):
    """At hand size each half's lines come from fitted_lines (the Polish half first): the holder's
    never ends in "..."; only the other side's half may be cut (he reads it on his own card)."""
    i18n.set_language(lang)
    results: list[list[str]] = []
    fit = C.fitted_lines

    def recording(text, *args, **kwargs):
        size, lines = fit(text, *args, **kwargs)
        results.append(lines)
        return size, lines

    monkeypatch.setattr(C, "fitted_lines", recording)
    for card in all_reaction_cards():
        for k, side in enumerate(content.NETWORKS):
            surface, rect = card_surface(HAND)
            results.clear()
            C.draw_reaction_card(surface, rect, card, side)
            assert len(results) == 2 and not results[k][-1].endswith("..."), (lang, card["id"], side, results)


@pytest.mark.parametrize("kind", C.BACK_KINDS)
def test_the_card_backs_draw(app, kind):
    for size in (HAND, REFERENCE):
        surface, rect = card_surface(size)
        C.draw_card_back(surface, rect, kind)
        assert drawn_inside(surface, rect)


def test_a_card_text_is_the_datas_template_through_the_catalogue(app):
    """Like the threat tokens: the template is the msgid, the params fill it in the player's language."""
    card = LC.card_view("polish.hotel")
    assert card["action"]["key"] == "room_217"
    assert C.location_text(card) == card["action"]["text"]  # English: the filled text itself
    msg = C.effect_message(card["action"], "location_cards.json", "actions")
    assert msg.msgid == "Hotel Excelsior: with 15 VP, this agent wins the game if he holds {needs}."
    i18n.set_language("pl")
    assert C.location_text(card).startswith("Hotel Excelsior: przy 15 PZ")


# ----- the reference's two tabs ---------------------------------------------------------------------
def open_reference(app) -> StawkaReferenceScene:
    return client_helpers.push_reference(app, StawkaReferenceScene)


def test_the_tabs_fit_the_row_and_tab_cycles_through_the_new_ones(app):
    scene = open_reference(app)
    rects = [r for r, _t, _l in scene.tabs()]
    assert [t for _r, t, _l in scene.tabs()][-3:] == ["locations", "reactions", "scenarios"]
    assert all(pygame.Rect(0, 0, 1280, 720).contains(r) and not r.colliderect(stawka_ref.BACK) for r in rects)
    assert all(a.right <= b.x for a, b in zip(rects, rects[1:]))  # side by side, none over another
    seen = [scene.tab]
    for _ in range(len(rects)):
        press(app, pygame.K_TAB)
        seen.append(scene.tab)
    assert seen[-4:] == ["locations", "reactions", "scenarios", "agents"]  # ... then round to the first again
    for rect, tab, _label in scene.tabs():
        click(app, rect.center)
        assert scene.tab == tab


def test_the_location_tab_shows_every_card_of_both_sides_by_sector(app, drawn):
    scene = open_reference(app)
    click(app, next(r for r, t, _l in scene.tabs() if t == "locations").center)
    seen: set[str] = set()
    for rect, i in scene.loc_sector_rects():
        click(app, rect.center)
        assert scene.loc_sector == i
        cards = scene.loc_card_rects()
        assert {c["side"] for _r, c in cards} == set(content.NETWORKS)
        for card_rect, card in cards:
            assert stawka_ref.LOC_NOTES.x > card_rect.right and card_rect.bottom <= 720
        seen |= {c["id"] for _r, c in cards}
    assert seen == {c.id for side in content.NETWORKS for c in content.location_cards(side)}
    for card_rect, _card in scene.loc_card_rects():  # a hovered card is shown at zoom size, on the screen
        assert stawka_ref.ZOOM_AREA.contains(scene.zoom_rect(card_rect))
    first_rect, first = scene.loc_card_rects()[0]
    app.run_frames(1, inject={0: [pygame.event.Event(pygame.MOUSEMOTION, pos=first_rect.center, rel=(0, 0),
                                                     buttons=(0, 0, 0))]})
    assert scene.hovered(scene.loc_card_rects())[1] == first
    before = scene.loc_sector
    press(app, pygame.K_DOWN)
    assert scene.loc_sector == (before + 1) % len(scene.loc_sector_rects())
    drawn.clear()
    app.run_frames(1)
    assert "+2 AP" in drawn and not [w for w in drawn if w.endswith("...")]


def test_the_reaction_tab_shows_ten_cards_a_trigger_read_as_either_side(app):
    scene = open_reference(app)
    click(app, next(r for r, t, _l in scene.tabs() if t == "reactions").center)
    seen: set[str] = set()
    for rect, trigger in scene.trigger_rects():
        click(app, rect.center)
        assert scene.trigger == trigger
        cards = scene.reaction_rects()
        assert len(cards) == 10 and {c["trigger"] for _r, c in cards} == {trigger}
        assert all(r.x > stawka_ref.REACT_RAIL.right and r.right <= 1280 and r.bottom <= 720 for r, _c in cards)
        seen |= {c["id"] for _r, c in cards}
    assert seen == {c.id for c in content.reaction_cards()}
    for rect, reader in scene.reader_rects():
        click(app, rect.center)
        assert scene.reader == reader
        assert not rect.colliderect(stawka_ref.REACT_NOTES)
    press(app, pygame.K_RIGHT)
    assert scene.reader == "polish"  # "both halves" -> round to the first reader
    press(app, pygame.K_UP)
    assert scene.trigger == "search"


def test_the_new_tabs_draw_no_text_that_missed_the_catalogue(app, drawn):
    from barclay_desktop.ui import text_record

    i18n.set_language(i18n.PSEUDO)
    scene = StawkaReferenceScene(app)
    surface = pygame.Surface((1280, 720))
    with text_record.recording() as rec:
        for tab in ("locations", "reactions"):
            scene.tab = tab
            scene.draw(surface)
        scene.reader = "both"
        scene.draw(surface)
    words = drawn + [item.text for item in rec.items]
    assert len(words) > 100
    assert not sorted({w for w in words if i18n.is_english_left(w)})


def save_screens(app, lang: str, folder) -> list:
    """The two tabs as PNGs (what a reviewer looks at; the test only checks they were written)."""
    i18n.set_language(lang)
    scene = open_reference(app)
    paths = []
    for tab in ("locations", "reactions"):
        scene.tab = tab
        app.run_frames(1)
        path = folder / f"ref_{lang}_{tab}.png"
        pygame.image.save(pygame.display.get_surface(), str(path))
        paths.append(path)
    return paths


def test_the_tabs_render_to_pngs(app, tmp_path):
    for path in save_screens(app, "pl", tmp_path):
        assert path.stat().st_size > 10_000


# ----- the in-app rules ---------------------------------------------------------------------------------
ADVANCED_HEADINGS = {
    "en": ("## Training scenario 3: The Best Chestnuts Are on Place Pigalle", "## Location cards (ADVANCED)",
           "## Reaction cards (ADVANCED)", "## Top Secret cards and valuable items (ADVANCED)"),
    "nl": ("## Trainingsscenario 3: De beste kastanjes zijn op de Place Pigalle", "## Locatiekaarten (GEVORDERD)",
           "## Reactiekaarten (GEVORDERD)", "## Strikt-geheimkaarten en waardevolle voorwerpen (GEVORDERD)"),
    "pl": ("## Scenariusz szkoleniowy 3: Najlepsze kasztany są na placu Pigalle", "## Karty lokacji (ZAAWANSOWANE)",
           "## Karty reakcji (ZAAWANSOWANE)", "## Karty „Ściśle tajne” i cenne przedmioty (ZAAWANSOWANE)"),
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_have_the_advanced_sections(lang):
    text = read_rules("stawka", lang)
    lines = text.splitlines()
    for heading in ADVANCED_HEADINGS[lang]:
        assert heading in lines, heading
    # scenario 3 follows scenario 2; the ADVANCED sections come after every EXTENDED one
    headings = [line for line in lines if line.startswith("## ")]
    third, location = (headings.index(h) for h in ADVANCED_HEADINGS[lang][:2])
    assert " 2: " in headings[third - 1]
    extended = {"en": "(EXTENDED)", "nl": "(UITGEBREID)", "pl": "(ROZSZERZONE)"}[lang]
    assert location > max(i for i, h in enumerate(headings) if h.endswith(extended))
    for number in ("26", "30", "10", "11", "13"):
        assert number in text
