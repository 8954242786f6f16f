"""Small helpers for player text: counts with real plurals, and lists and tallies in words
(issue 32: no "card(s)", no "1 times", no Python dicts in what a player reads).

`plural`, `count`, `and_list` and `tally` build ENGLISH only (logs for developers, tests). For
what a player reads, issue 37: a count is `nmsg("{n} card", "{n} cards", n, n=n)` (Polish has
three plural forms, only the catalogue knows them), a list is `and_message(items)` and a tally
`tally_message(values, names)`: Messages the client translates where it draws them."""

from __future__ import annotations

from .message import Joined, as_message, msg

# Nouns whose plural is not the noun + "s".
IRREGULAR = {"die": "dice", "evidence": "evidence", "AP": "AP", "IP": "IP"}


def plural(word: str, n: int, many: str | None = None) -> str:
    """The noun for a count: plural("card", 1) -> 'card', plural("card", 2) -> 'cards'."""
    if n == 1:
        return word
    if many is not None:
        return many
    if word in IRREGULAR:
        return IRREGULAR[word]
    return word[:-1] + "ies" if word.endswith("y") and word[-2:-1] not in "aeiou" else word + "s"


def count(n: int, word: str, many: str | None = None) -> str:
    """'1 card', '3 cards', '0 cards'; count(1, "time") -> 'once', count(2, "time") -> 'twice'."""
    if word == "time" and n in (1, 2):
        return "once" if n == 1 else "twice"
    return f"{n} {plural(word, n, many)}"


def and_list(words: list[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def tally(values: dict, names: dict | None = None) -> str:
    """{'red': 6, 'blue': 5} -> 'Red 6, Blue 5': each key by its name (or capitalised), then its value."""
    names = names or {}
    return ", ".join(f"{names.get(k, str(k).replace('_', ' ').capitalize())} {v}" for k, v in values.items())


def and_message(items: list[str]) -> str:
    """'a', 'a and b', 'a, b and c' as a Message: the items (Messages or names) and the "and"
    are translated where it is drawn."""
    items = list(items)
    if len(items) <= 1:
        return items[0] if items else ""
    return msg("{items} and {last}", items=Joined(items[:-1], ", "), last=items[-1])


def tally_message(values: dict, names: dict | None = None) -> str:
    """{'red': 6, 'blue': 5} -> 'Red 6, Blue 5' as translatable parts (a name may be a msgid)."""
    names = names or {}
    return Joined([msg("{name} {value}", name=as_message(names[k]) if k in names else str(k).replace("_", " ").capitalize(),
                       value=v) for k, v in values.items()], ", ")
