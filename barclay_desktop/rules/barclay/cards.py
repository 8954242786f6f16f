"""Operation Barclay cards: the 86 cards as data (assets/data/barclay/cards.json).

The rulebook does not print the cards; this edition designs them (rulings B2, B3)
and docs/barclay-cards.md explains the design. The engine dispatches on
`Card.effect`, so the data may only use the keys in EFFECTS.
Pure Python: the rules layer never imports pygame.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from types import MappingProxyType
from typing import Any

import attrs

from barclay_desktop.resources import asset_path

DECKS = ("channels", "lcs", "abwehr")
# Ruling B1: sector colours in board order.
COLOURS = ("pink", "red", "blue", "green", "purple")
# x3 = First Three Cards (face-up), x2 = Final Two Cards (face-down).
STEPS = ("x3", "x2")
FACE_UP_EFFECTS = frozenset({"spy", "double_agent", "peek_hand", "recover", "dc_look"})
RESULTS_EFFECTS = frozenset({"replace", "leak"})
EFFECTS = FACE_UP_EFFECTS | RESULTS_EFFECTS | {"ultra"}
REPLACE_SOURCES = ("own_discard", "opponent_discard")

FIELDS = (
    "id", "deck", "name", "values", "colours", "steps", "recon", "raid",
    "cancel_recon", "cancel_raid", "effect", "params", "text", "flavour",
)


class CardDataError(ValueError):
    """The card file is missing or does not describe valid cards."""


@attrs.frozen
class Card:
    id: str
    deck: str
    name: str
    values: tuple[int, ...]
    colours: tuple[str, ...]
    steps: tuple[str, ...]
    recon: int
    raid: int
    cancel_recon: bool
    cancel_raid: bool
    effect: str | None
    # A dict cannot be hashed; leaving it out of the hash keeps Card hashable.
    params: dict[str, Any] = attrs.field(hash=False)
    text: str
    flavour: str

    def playable_in(self, step: str) -> bool:
        return step in self.steps


def _fail(card_id: str, message: str) -> CardDataError:
    return CardDataError(f"card {card_id}: {message}")


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _check_params(cid: str, effect: str | None, params: dict) -> None:
    """Each effect takes exactly the parameters the engine reads."""
    expected = {
        None: set(), "spy": set(), "ultra": set(), "double_agent": {"n"}, "dc_look": {"n"},
        "peek_hand": {"n"}, "recover": {"colour"}, "replace": {"source", "colour"}, "leak": {"n"},
    }[effect]
    if set(params) != expected:
        raise _fail(cid, f"effect {effect!r} takes params {sorted(expected)}, got {sorted(params)}")
    if "n" in params and not (_is_int(params["n"]) and 1 <= params["n"] <= 5):
        raise _fail(cid, f"params.n must be an int 1-5, got {params['n']!r}")
    if "colour" in params and params["colour"] is not None and params["colour"] not in COLOURS:
        raise _fail(cid, f"params.colour {params['colour']!r} is not one of {COLOURS} or null")
    if "source" in params and params["source"] not in REPLACE_SOURCES:
        raise _fail(cid, f"params.source {params['source']!r} is not one of {REPLACE_SOURCES}")


def _check_list(cid: str, name: str, items: Any, allowed=None) -> tuple:
    if not isinstance(items, list):
        raise _fail(cid, f"{name} must be a list, got {items!r}")
    for x in items:
        if allowed is not None and x not in allowed:
            raise _fail(cid, f"{name} has {x!r}, not one of {tuple(allowed)}")
    if len(set(items)) != len(items):
        raise _fail(cid, f"{name} repeats an entry: {items!r}")
    return tuple(items)


def parse_card(raw: Any) -> Card:
    """One card from its JSON object; raises CardDataError saying what is wrong."""
    if not isinstance(raw, dict):
        raise CardDataError(f"a card must be an object, got {raw!r}")
    cid = raw.get("id", "<no id>")
    if not isinstance(cid, str) or not cid:
        raise CardDataError(f"card id must be a non-empty string, got {cid!r}")
    missing, extra = set(FIELDS) - set(raw), set(raw) - set(FIELDS)
    if missing or extra:
        raise _fail(cid, f"missing fields {sorted(missing)}, unknown fields {sorted(extra)}")
    if raw["deck"] not in DECKS:
        raise _fail(cid, f"deck {raw['deck']!r} is not one of {DECKS}")
    values = _check_list(cid, "values", raw["values"])
    if not all(_is_int(v) and 1 <= v <= 13 for v in values):
        raise _fail(cid, f"values must be ints 1-13, got {raw['values']!r}")
    colours = _check_list(cid, "colours", raw["colours"], COLOURS)
    steps = _check_list(cid, "steps", raw["steps"], STEPS)
    for key in ("recon", "raid"):
        if not (_is_int(raw[key]) and raw[key] >= 0):
            raise _fail(cid, f"{key} must be an int >= 0, got {raw[key]!r}")
    for key in ("cancel_recon", "cancel_raid"):
        if not isinstance(raw[key], bool):
            raise _fail(cid, f"{key} must be true or false, got {raw[key]!r}")
    effect = raw["effect"]
    if effect is not None and effect not in EFFECTS:
        raise _fail(cid, f"unknown effect {effect!r}; known: {sorted(EFFECTS)}")
    if not isinstance(raw["params"], dict):
        raise _fail(cid, f"params must be an object, got {raw['params']!r}")
    _check_params(cid, effect, raw["params"])
    for key in ("name", "text", "flavour"):
        if not isinstance(raw[key], str):
            raise _fail(cid, f"{key} must be a string")
    if not raw["name"] or not raw["text"]:
        raise _fail(cid, "name and text must not be empty")
    if effect != "ultra" and not (values and colours and steps):
        # Only Ultra lives outside the tableau (ruling B3).
        raise _fail(cid, "needs at least one value, one colour and one play step")
    return Card(
        id=cid, deck=raw["deck"], name=raw["name"], values=values, colours=colours, steps=steps,
        recon=raw["recon"], raid=raw["raid"], cancel_recon=raw["cancel_recon"],
        cancel_raid=raw["cancel_raid"], effect=effect, params=dict(raw["params"]),
        text=raw["text"], flavour=raw["flavour"],
    )


def parse_cards(data: Any) -> tuple[Card, ...]:
    """All cards of a decoded cards.json document."""
    if not isinstance(data, dict) or data.get("version") != 1 or not isinstance(data.get("cards"), list):
        raise CardDataError('cards data must be {"version": 1, "cards": [...]}')
    cards = tuple(parse_card(raw) for raw in data["cards"])
    seen: set[str] = set()
    for card in cards:
        if card.id in seen:
            raise _fail(card.id, "duplicate id")
        seen.add(card.id)
    # Ids are used as leak probes in views: one id inside another would give false alarms.
    for a in cards:
        for b in cards:
            if a is not b and a.id in b.id:
                raise _fail(a.id, f"id is a substring of id {b.id!r}")
    return cards


def cards_path() -> Path:
    return asset_path("data", "barclay", "cards.json")


def read_cards(path: Path) -> tuple[Card, ...]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise CardDataError(f"cannot read the Barclay card file {path}: {exc}") from exc
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CardDataError(f"the Barclay card file {path} is not valid JSON: {exc}") from exc
    try:
        return parse_cards(data)
    except CardDataError as exc:
        raise CardDataError(f"{path}: {exc}") from None


@functools.lru_cache(maxsize=1)
def load_cards() -> tuple[Card, ...]:
    """All 86 cards, in file order; read on the first call."""
    return read_cards(cards_path())


@functools.lru_cache(maxsize=1)
def cards_by_id() -> MappingProxyType:
    """id -> Card; read-only, because every caller shares the cached mapping."""
    return MappingProxyType({card.id: card for card in load_cards()})


def deck_cards(deck: str) -> tuple[Card, ...]:
    if deck not in DECKS:
        raise ValueError(f"unknown deck {deck!r}; known: {DECKS}")
    return tuple(c for c in load_cards() if c.deck == deck)
