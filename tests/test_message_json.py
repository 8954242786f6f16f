"""Issue 37: saves hold ids, not words. A log line the rules built as a Message keeps its msgid
and data through a save, so a game saved in one language is read in another after loading."""

from __future__ import annotations

import json

import pytest

from barclay_desktop import i18n
from barclay_desktop.rules.core.events import Event
from barclay_desktop.rules.core.message import Joined, Message, message_from_json, msg, nmsg, pmsg


def through_a_file(event: Event) -> Event:
    return Event.from_json(json.loads(json.dumps(event.to_json())))


def test_a_message_in_the_log_comes_back_with_its_id_plural_context_and_words():
    text = Joined([nmsg("{who} draws {n} card.", "{who} draws {n} cards.", 3, who="Ana", n=3),
                   msg("Your {troop} is eliminated.", troop=pmsg("troop name", "Spy"))])
    back = through_a_file(Event(seq=4, kind="draw", text=text, to="red"))
    assert back.text == "Ana draws 3 cards.; Your Spy is eliminated."
    first, second = back.text.items
    assert (first.msgid, first.plural, first.n, first.params) == (
        "{who} draws {n} card.", "{who} draws {n} cards.", 3, {"who": "Ana", "n": 3})
    assert isinstance(second.params["troop"], Message) and second.params["troop"].context == "troop name"


def test_a_plain_log_line_and_an_old_save_read_as_before():
    old = {"seq": 0, "kind": "note", "text": "Month 1 begins.", "to": None, "data": {}}
    assert Event.from_json(old).to_json() == old  # no "msg" key added to what was plain words


@pytest.mark.parametrize("damaged", [
    {"id": 7}, {"id": "{who} wins", "params": {"someone": "Ana"}}, {"id": "x", "params": {"a": [1]}},
    {"join": "x"}, {"id": "x", "n": "2", "plural": "xs"}, {"id": "{a}", "params": {"a": {"id": 3}}},
])
def test_a_damaged_message_is_refused_as_a_damaged_log(damaged):
    entry = {"seq": 0, "kind": "note", "text": "x", "to": None, "data": {}, "msg": damaged}
    with pytest.raises(ValueError):
        Event.from_json(entry)
    with pytest.raises(ValueError):
        message_from_json(damaged)


def test_a_line_logged_in_english_is_shown_in_polish_after_loading():
    countdown = ("Going back to the previous one in {n} second.", "Going back to the previous one in {n} seconds.")
    back = through_a_file(Event(seq=1, kind="x", text=nmsg(*countdown, 5, n=5)))
    try:
        i18n.set_language("pl")
        assert "5 sekund" in i18n.translate(back.text)
    finally:
        i18n.set_language("en")
