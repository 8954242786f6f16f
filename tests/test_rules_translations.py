"""Issue 37: the in-app rules in Dutch and Polish (docs/rules/<lang>/<game>.md).

A translation must keep the English text's shape: the same headings at the same levels and
every number (card counts, dice totals, points), so that no rule is lost or changed."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from barclay_desktop import games
from barclay_desktop.scenes.rules_ref import read_rules, rules_path

LANGS = ("nl", "pl")


def headings(text: str) -> list[str]:
    return [line.split(" ", 1)[0] for line in text.splitlines() if line.startswith("#")]


def numbers(text: str) -> Counter:
    return Counter(re.findall(r"\d+", text))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", games.game_ids())
def test_each_translation_keeps_the_english_headings_and_numbers(game_id, lang):
    path = rules_path(game_id, lang)
    assert path.parent.name == lang, f"docs/rules/{lang}/{game_id}.md is missing"
    english, translated = read_rules(game_id), read_rules(game_id, lang)
    assert headings(translated) == headings(english)
    lost = numbers(english) - numbers(translated)  # a translation may say "0" where English has words
    assert not lost, f"numbers of the English rules missing in {lang}: {dict(lost)}"


def test_a_language_without_its_own_text_reads_the_english():
    assert rules_path("barclay", "xx") == rules_path("barclay")
    assert read_rules("barclay", "xx") == read_rules("barclay")
