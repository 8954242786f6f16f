"""The new-game form's scenario list once saved free scenarios are added (issue 36's "left" list; F35: a built
scenario is saved and played any number of times): every entry whole beside the list's scroll bar, the list inside
the window, a saved scenario's longest name whole in the closed field, in English and Polish."""

from __future__ import annotations

import pytest

from barclay_desktop import free_scenarios as store
from barclay_desktop import i18n
from barclay_desktop.scenes.new_game import FORM, LIST_BOTTOM, NewGameScene
from barclay_desktop.ui import fonts
from tests.client_helpers import click
from tests.test_stawka_chestnuts_client import pick
from tests.test_stawka_free_scenario import ORDER, spec

LONGEST = "Wyprawa nad Wisłę o świt"  # 24 letters, the builder's limit, wide ones and Polish ones
NAMES = (LONGEST, "Docks at dawn", "Bridge", "Krakow station", "Warsaw night")


def save_scenarios() -> None:
    for name in NAMES:
        store.store(spec(name=name), ORDER, 1)
    (store.scenarios_dir() / "a_broken_scenario_file_name.json").write_text("{")  # listed as damaged


def open_form(app) -> NewGameScene:
    form = NewGameScene(app, "stawka")
    app.push(form)
    app.run_frames(2)
    return form


def entries_cut(menu) -> list[str]:
    """The open list's entries wider than the room beside its scroll bar (12 px of padding a side, theme.json)."""
    options = menu.current_state.options_selection_list
    assert options.scroll_bar is not None  # the list does scroll: the case the bar cut an entry in
    room = options.rect.w - 2 * 2 - options.scroll_bar_width - 2 * 12
    font = fonts.typewriter(16)
    return [e["text"] for e in options.item_list if font.size(e["text"])[0] > room]


@pytest.mark.parametrize("language", ["en", "pl"])
def test_saved_scenarios_leave_every_entry_whole(app, language):
    save_scenarios()
    i18n.set_language(language)
    try:
        form = open_form(app)
        menu = form.choice_menus["scenario"]
        click(app, menu.rect.center)
        options = menu.current_state.options_selection_list
        assert len(options.item_list) == 6 + 1 + len(NAMES) + 1  # the six, "build", the saved, the damaged
        assert entries_cut(menu) == []
        assert options.rect.bottom <= LIST_BOTTOM and options.rect.right <= FORM.right - 40  # in the window
        assert (options.rect.bottom - options.rect.top - 8) % 28 == 0  # whole rows: none shown half
        saved = next(e["text"] for e in options.item_list if LONGEST in e["text"])
        click(app, menu.rect.center)  # closed again
        pick(app, menu, saved)
        assert form.picked["scenario"] == "free:" + store.path_for(LONGEST).stem
        field = menu.current_state.selected_option_button
        assert field.text == saved  # whole in the closed field, not cut with "..."
        assert fonts.typewriter(16).size(saved)[0] <= field.rect.w - 4
        kloss = form.choice_menus["kloss_document"].current_state.selected_option_button
        assert "..." not in kloss.text
    finally:
        i18n.set_language(i18n.ENGLISH)


def test_a_field_too_narrow_for_its_entry_says_it_whole_in_a_tool_tip(app):
    """A damaged file's entry (its file name and "(damaged)") is longer than any field: "..." and the whole entry
    on hover, never clipped at both ends."""
    save_scenarios()
    form = open_form(app)
    menu = form.choice_menus["scenario"]
    damaged = next(p for p in form.picks["scenario"] if not p.playable and p.value.startswith("free:"))
    pick(app, menu, form.pick_label(damaged))
    field = menu.current_state.selected_option_button
    assert field.text.endswith("...") and field.text[:-3] in form.pick_label(damaged)
    assert field.tool_tip_text == form.pick_label(damaged)
