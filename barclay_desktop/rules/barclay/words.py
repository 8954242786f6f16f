"""Operation Barclay's words as Messages (issue 37): sides, sectors, colours, cards and boxes.

The rules build every player text from these so the client can say it in the player's
language (docs/i18n.md). A side has two contexts because Polish declines "Abwehra": "side"
is the side that acts (the subject), "side (whose)" the side something belongs to or goes to
("the Abwehr hand", "goes to the Abwehr"). English reads the same word in both."""

from __future__ import annotations

import functools

from ..core.message import Joined, Message, msg, pmsg
from .cards import cards_by_id
from .state import ABWEHR, SECTOR_NAMES

SECTOR_WORDS = SECTOR_NAMES
COLOUR_WORDS = {
    "pink": pmsg("colour", "pink"),
    "red": pmsg("colour", "red"),
    "blue": pmsg("colour", "blue"),
    "green": pmsg("colour", "green"),
    "purple": pmsg("colour", "purple"),
    "black": pmsg("colour", "black"),
}
# "the {token} token": the colour as a word before a noun (Dutch inflects it: de rode fiche)
TOKEN_WORDS = {
    "pink": pmsg("token colour", "pink"),
    "red": pmsg("token colour", "red"),
    "blue": pmsg("token colour", "blue"),
    "green": pmsg("token colour", "green"),
    "purple": pmsg("token colour", "purple"),
    "black": pmsg("token colour", "black"),
    "leak": pmsg("token colour", "leak"),
}
RADAR_WORDS = {"green": msg("green radar"), "red": msg("red radar")}
ROLE_WORDS = {"primary": pmsg("offensive", "primary"), "secondary": pmsg("offensive", "secondary"),
              "diversion": pmsg("offensive", "diversion")}
BOX_WORDS = {"alpha": msg("Alpha box"), "beta": msg("Beta box"), "recon": msg("Recon box")}
SIDES = {ABWEHR: pmsg("side", "Abwehr"), "lcs": pmsg("side", "LCS")}
WHOSE = {ABWEHR: pmsg("side (whose)", "Abwehr"), "lcs": pmsg("side (whose)", "LCS")}


def side(seat: str) -> Message:
    """The side that acts: "The {side} plays..." (Polish nominative: Abwehra)."""
    return SIDES[ABWEHR if seat == ABWEHR else "lcs"]


def whose(seat: str) -> Message:
    """The side something belongs or goes to: "the {side} hand" (Polish genitive: Abwehry)."""
    return WHOSE[ABWEHR if seat == ABWEHR else "lcs"]


def sector(key: str) -> str:
    return SECTOR_WORDS.get(key, key)


def colour(key: str) -> str:
    return COLOUR_WORDS.get(key, key)


def token_colour(key: str) -> str:
    return TOKEN_WORDS.get(key, key)


def radar(face: str) -> str:
    return RADAR_WORDS.get(face, face)


@functools.cache
def card_name(cid: str) -> Message:
    """A card's name as the data file spells it, looked up with its context in the catalogue."""
    return pmsg("card name", cards_by_id()[cid].name)


def card_names(cids) -> Joined:
    return Joined([card_name(c) for c in cids], ", ")


def colours(keys) -> Joined:
    return Joined([colour(k) for k in keys], ", ")


def sector_list() -> Joined:
    return Joined(list(SECTOR_WORDS.values()), ", ")
