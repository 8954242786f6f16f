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


# ----- deleting a saved scenario (F35's saved scenarios; the store's delete, plan 4.3) ---------------------------------

def pick_saved(app, form, name: str):
    pick(app, form.choice_menus["scenario"], next(form.pick_label(p) for p in form.picks["scenario"]
                                                   if p.saved_name == name))


def listed(form) -> list[str]:
    return [p.saved_name for p in form.picks["scenario"] if p.saved_name]


def test_deleting_asks_first_then_removes_only_that_file_and_the_list_follows(app):
    save_scenarios()
    stray = store.scenarios_dir().parent / "bridge.json"  # same name, outside the scenarios folder
    stray.write_text("{}")
    form = open_form(app)
    assert not form.delete_button.visible  # Meeting: nothing of the player's to delete
    pick_saved(app, form, "Bridge")
    assert form.delete_button.visible
    click(app, form.delete_button)
    assert form.asking() and "\u201cBridge\u201d" in form.confirm.confirmation_text.html_text
    click(app, form.confirm.cancel_button)  # a stray click loses nothing
    assert not form.asking() and store.path_for("Bridge").exists()
    assert form.picked["scenario"] == "free:bridge"
    click(app, form.delete_button)
    click(app, form.confirm.confirm_button)
    assert not store.path_for("Bridge").exists() and stray.exists()
    assert "Bridge" not in listed(form) and "Docks at dawn" in listed(form)  # at once, the others kept
    assert form.picked["scenario"] == "meeting" and not form.delete_button.visible
    assert form.error == "" and any("Bridge" in text for text, _s, _w in app.notices)
    click(app, form.choice_menus["scenario"].rect.center)
    entries = [e["text"] for e in form.choice_menus["scenario"].current_state.options_selection_list.item_list]
    assert "Free: Bridge" not in entries and "Free: Docks at dawn" in entries


def test_a_damaged_file_can_be_deleted_too(app):
    save_scenarios()
    form = open_form(app)
    damaged = next(p for p in form.picks["scenario"] if not p.playable and p.saved_name)
    pick(app, form.choice_menus["scenario"], form.pick_label(damaged))
    click(app, form.delete_button)
    click(app, form.confirm.confirm_button)
    assert not (store.scenarios_dir() / "a_broken_scenario_file_name.json").exists()
    assert damaged.saved_name not in listed(form)


def test_a_failed_delete_is_said_and_the_scenario_kept(app, monkeypatch):
    save_scenarios()
    form = open_form(app)
    pick_saved(app, form, "Bridge")

    def refused(self, missing_ok=False):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(type(store.path_for("Bridge")), "unlink", refused)
    click(app, form.delete_button)
    click(app, form.confirm.confirm_button)
    assert form.error == "Could not delete the scenario: Permission denied"
    assert store.path_for("Bridge").exists() and "Bridge" in listed(form)
    assert form.picked["scenario"] == "free:bridge" and form.delete_button.visible


def test_esc_cancels_the_question_and_enter_never_starts_a_game_behind_it(app):
    import pygame

    from tests.client_helpers import press

    save_scenarios()
    form = open_form(app)
    pick_saved(app, form, "Bridge")
    click(app, form.delete_button)
    press(app, pygame.K_RETURN)
    assert app.stack.top is form and form.asking() and store.path_for("Bridge").exists()
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is form and not form.asking() and store.path_for("Bridge").exists()
