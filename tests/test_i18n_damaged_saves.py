"""Issue 37: the reason a damaged save is refused is said in the player's language.

A hand-edited save that breaks a game's rules is listed on the Load screen as damaged, with the
broken rule as the reason ("The saved game breaks the rules and cannot be restored (impossible
Spies & Lies state: Red: the tower is outside 0-9)."). The games' consistency checks build
that reason as Messages, so under the pseudo-locale none of it is left in English, and in
Polish and Dutch it carries no Python list, tuple or string marks, nor ruling ids."""

from __future__ import annotations

import json

import pytest

from barclay_desktop import i18n, saves
from barclay_desktop.rules import game_class


@pytest.fixture(autouse=True)
def back_to_english():
    yield
    i18n.set_language(i18n.ENGLISH)


def spies_game():
    from tests.spies_lies_helpers import mission_game

    return mission_game([1, 5, 8, 10], [2, 3, 6, 9])


def barclay_game():
    return game_class("barclay").new(seed=3)


def stawka_game():
    return game_class("stawka").new({"scenario": "meeting"}, seed=4)


def both_sides(st, edit):
    for side in ("red", "blue"):
        edit(st[side])


# (game id, a game to damage, its state edited; one broken invariant each, and some with many)
HAND_EDITS = {
    "spies troop twice": ("spies_lies", spies_game, lambda st: st["red"]["hand"].append(1)),
    "spies chip reserve": ("spies_lies", spies_game,
                           lambda st: st.__setitem__("deception_reserve", st["deception_reserve"] + 1)),
    "spies day 4": ("spies_lies", spies_game, lambda st: st.__setitem__("day", 4)),
    "spies tower": ("spies_lies", spies_game, lambda st: st["blue"].__setitem__("tower", 12)),
    "spies spy": ("spies_lies", spies_game, lambda st: st.__setitem__("spy", 7)),
    "spies deck": ("spies_lies", spies_game, lambda st: st.__setitem__("deck", st["deck"][1:])),
    "spies phase": ("spies_lies", spies_game, lambda st: st.__setitem__("phase", "lunch")),
    "spies shape": ("spies_lies", spies_game, lambda st: st["red"].__setitem__("slots", [1])),
    "spies many": ("spies_lies", spies_game,
                   lambda st: both_sides(st, lambda me: me.__setitem__("tower", 12) or me["hand"].append(1))),
    "barclay card twice": ("barclay", barclay_game,
                           lambda st: st["hands"]["lcs"].append(st["hands"]["abwehr"][0])),
    "barclay month": ("barclay", barclay_game, lambda st: st.__setitem__("month", 7)),
    "barclay month word": ("barclay", barclay_game, lambda st: st.__setitem__("month", "seven")),
    "stawka off the board": ("stawka", stawka_game,
                             lambda st: st["agents"]["hans_kloss"].update(space="police.gestapo")),
    "stawka tile twice": ("stawka", stawka_game,
                          lambda st: st["stacks"]["hitlerplatz.hotel"].append(st["stacks"]["hitlerplatz.cafe"][0])),
    "stawka pool": ("stawka", stawka_game, lambda st: st["pools"].update(polish=-1)),
    "stawka track": ("stawka", stawka_game, lambda st: st["evidence"]["german"].update(black=11)),
    "stawka markers": ("stawka", stawka_game,
                       lambda st: st["markers"].update({"hitlerplatz.hotel": ["yellow", "yellow"]})),
    "stawka stage": ("stawka", stawka_game, lambda st: st.update(stage=9)),
    "stawka used": ("stawka", stawka_game, lambda st: st["used"].update(polish=["german_1"])),
}


@pytest.mark.parametrize("edit", sorted(HAND_EDITS))
def test_a_damaged_saves_reason_is_said_in_the_players_language(edit):
    game_id, make, change = HAND_EDITS[edit]
    doc = json.loads(json.dumps({"meta": {"game_id": game_id}, "game": make().to_json()}))
    change(doc["game"]["state"])
    with pytest.raises(saves.SaveError) as refused:
        saves.restore_game(doc)
    reason = refused.value.message
    assert "breaks the rules" in reason
    i18n.set_language(i18n.PSEUDO)
    assert not i18n.is_english_left(i18n.translate(reason)), i18n.translate(reason)
    for lang, word in (("pl", "Zapisana gra łamie zasady"), ("nl", "breekt de regels")):
        i18n.set_language(lang)
        said = i18n.translate(reason)
        python = any(c in said for c in "[]{}\"") or "', '" in said or "('" in said  # a repr's marks
        assert word in said and not python and "S2" not in said, said
