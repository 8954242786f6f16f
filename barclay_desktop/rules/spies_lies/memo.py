"""Log lines, reasons and results made once: a game builds the same Messages over and over.

A Message is an immutable str with its ids (rules/core/message.py), so one object can stand
in every event that says the same thing; its JSON form is worked out once for all of them
(the day-3 GameResult, a frozen value, is kept the same way). `said(key, make)` returns what
`make()` built the first time `key` was asked for. Keys are tuples of plain values (ranks,
missions, sides, numbers) that fix every word."""

from __future__ import annotations

SAID: dict = {}  # a hot call site may look here first: `SAID.get(key) or said(key, make)`


def said(key: tuple, make):
    text = SAID.get(key)
    if text is None:
        text = SAID[key] = make()
    return text
