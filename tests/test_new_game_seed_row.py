"""The new-game form's seed row in each language (seen in Polish: "Ziarno (opcjonalne)" ran to
12 px of its field, and the hint sat at the top of the field's height)."""

from __future__ import annotations

import pytest

from barclay_desktop import i18n
from barclay_desktop.ui import text_record


@pytest.mark.parametrize("lang", ["en", "nl", "pl"])
@pytest.mark.parametrize("game_id", ["barclay", "stawka"])
def test_the_seed_label_keeps_clear_of_its_field_and_the_hint_sits_on_its_middle(app, lang, game_id):
    from barclay_desktop.scenes.new_game import NewGameScene

    i18n.set_language(lang)
    try:
        form = NewGameScene(app, game_id)
        app.stack.reset(form)
        app.run_frames(1)
        with text_record.recording() as rec:
            app.run_frames(1)
            drawn = {item.text: item.rect for item in rec.items}
        field = form.seed_entry.get_abs_rect()
        label = drawn[i18n._("Seed (optional)")]
        hint = drawn[i18n._("same seed, same shuffle")]
    finally:
        i18n.set_language("en")
    assert field.left - label.right >= 20, (label, field)
    assert abs(hint.centery - field.centery) <= 3, (hint, field)
    assert abs(label.centery - field.centery) <= 3, (label, field)
