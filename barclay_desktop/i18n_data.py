"""A Babel extractor for the player-facing texts of the data files under assets/data/ (issue 37).

babel.cfg maps `assets/data/**.json` to `extract_data`; `make catalogue` runs it with the
Python extraction. A player reads these fields; everything else in the files (ids, keys,
colours, numbers, `about`/`_note` remarks for developers, the Dutch originals kept as
subtitles) is data, not text. A name is extracted with a context saying what it names, since
a short word may mean two things ("Alarm" the threat token); the client looks it up with
`i18n.pgettext(context, name)`. Longer texts carry no context: `_(text)`.

Pure Python, no pygame: pybabel imports this module."""

from __future__ import annotations

import json

# field name -> the context its value is extracted under ("" = none)
NAME_FIELDS = {"name": "name", "title": "document title", "location_label": "place"}
# an agent's "function" is an id the client names; "refuse" is a lesson step's reason (issue 40)
TEXT_FIELDS = ("text", "flavour", "ability", "refuse")
# Per file (path suffix), what the names there are of, so the context reads "troop name", ...
NAME_KIND = {
    "barclay/cards.json": "card",
    "spies_lies/troops.json": "troop",
    "stawka/agents.json": "agent",
    "stawka/items.json": "item",
    "stawka/planning_cards.json": "planning card",
    "stawka/threat_tokens.json": "threat",
}
SKIPPED_KEYS = {"about", "_note", "source", "fitted_by"}


def name_context(path: str, field: str) -> str:
    """'troop name', 'agent name', 'document title', 'place', ... for a name field of `path`."""
    kind = next((k for suffix, k in NAME_KIND.items() if path.replace("\\", "/").endswith(suffix)), "")
    if field == "name":
        return f"{kind} name".strip()
    return NAME_FIELDS[field]


def player_texts(data, path: str = ""):
    """(context or None, text) for every player-facing string of one data file, in file order."""
    found = []

    def walk(node, key=None):
        if isinstance(node, dict):
            for k, value in node.items():
                if k not in SKIPPED_KEYS:
                    walk(value, k)
        elif isinstance(node, list):
            for value in node:
                walk(value, key)
        elif isinstance(node, str) and node.strip():
            if key in NAME_FIELDS:
                found.append((name_context(path, key), node))
            elif key in TEXT_FIELDS:
                found.append((None, node))

    walk(data)
    return found


def extract_data(fileobj, keywords, comment_tags, options):
    """Babel's extractor interface: (lineno, funcname, message, comments) per text. JSON has
    no line numbers once parsed: the line of the text's first occurrence is looked up."""
    raw = fileobj.read().decode("utf-8")
    path = getattr(fileobj, "name", "")
    lines = raw.splitlines()
    for context, text in player_texts(json.loads(raw), path):
        needle = json.dumps(text, ensure_ascii=False)
        lineno = next((i + 1 for i, line in enumerate(lines) if needle in line), 1)
        if context:
            yield lineno, "pgettext", (context, text), []
        else:
            yield lineno, "gettext", text, []
