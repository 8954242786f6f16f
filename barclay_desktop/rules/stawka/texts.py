"""The words Stawka's messages put into their sentences, as Messages the client translates (issue 37).

Names and texts from the data files (agents, items, planning cards) keep the context their
extractor gives them (i18n_data.py), so the catalogue's translations of the data apply. The
board's labels come from the Tiled maps, which no extractor reads: they are marked here, one
literal each, with the context "place" (as the missions' location labels). Side and colour
words take a context for the part they play in a sentence, because Polish declines them.
"""

from __future__ import annotations

from ..core.message import Message, msg, pmsg
from .state import GERMAN, POLISH

# "The Polish player": Polish "gracz polski", Dutch "de Poolse speler".
PLAYER_SIDE = {POLISH: pmsg("player's side", "Polish"), GERMAN: pmsg("player's side", "German")}
# "the Polish network", "a Polish planning card", "Polish evidence": in Polish the genitive
# "siatki polskiej", so one form serves every sentence that names a network.
NETWORK_SIDE = {POLISH: pmsg("network's side", "Polish"), GERMAN: pmsg("network's side", "German")}
# The side as a noun: "Polish: Dawn contact", "Polish gains a secret" ("Polacy", "Polen").
NETWORK_NAME = {POLISH: pmsg("side", "Polish"), GERMAN: pmsg("side", "German")}
COLOUR_WORDS = {
    "yellow": pmsg("colour", "yellow"),
    "purple": pmsg("colour", "purple"),
    "blue": pmsg("colour", "blue"),
    "black": pmsg("colour", "black"),
}
# K5 ranges of the investigation track, as the conversation log names them.
RANGE_WORDS = {
    "under observation": pmsg("investigation range", "under observation"),
    "located": pmsg("investigation range", "located"),
    "suspected": pmsg("investigation range", "suspected"),
    "wanted": pmsg("investigation range", "wanted"),
    "exposed": pmsg("investigation range", "exposed"),
}
RESULT_WORDS = {
    "none": pmsg("conversation result", "none"),
    "single": pmsg("conversation result", "single"),
    "double": pmsg("conversation result", "double"),
    "secret": pmsg("conversation result", "secret"),
}
# Location labels of maps/stawka/*.tmx (the sector faces).
PLACES = {
    "Abwehr": pmsg("place", "Abwehr"),
    "Barracks": pmsg("place", "Barracks"),
    "Boathouse": pmsg("place", "Boathouse"),
    "Bunker": pmsg("place", "Bunker"),
    "Cafe": pmsg("place", "Cafe"),
    "Courts": pmsg("place", "Courts"),
    "Design office": pmsg("place", "Design office"),
    "Employment office": pmsg("place", "Employment office"),
    "Factory": pmsg("place", "Factory"),
    "Fort": pmsg("place", "Fort"),
    "Gestapo": pmsg("place", "Gestapo"),
    "Hospital": pmsg("place", "Hospital"),
    "Hotel": pmsg("place", "Hotel"),
    "Jail": pmsg("place", "Jail"),
    "Market": pmsg("place", "Market"),
    "Officers' apartments": pmsg("place", "Officers' apartments"),
    "Park": pmsg("place", "Park"),
    "Police station": pmsg("place", "Police station"),
    "Proving ground": pmsg("place", "Proving ground"),
    "Rail office": pmsg("place", "Rail office"),
    "Railway station": pmsg("place", "Railway station"),
    "SS officer's villa": pmsg("place", "SS officer's villa"),
    "Telephone booth": pmsg("place", "Telephone booth"),
    "Tenement": pmsg("place", "Tenement"),
    "Theatre": pmsg("place", "Theatre"),
    "Waterfront": pmsg("place", "Waterfront"),
}
# Street spaces are "<Sector> street <n>": one sentence per sector, since Polish inflects the
# sector's adjective by the noun ("ulica kolejowa 3").
STREETS = {
    "Administrative": msg("Administrative street {n}", n=0).msgid,
    "City": msg("City street {n}", n=0).msgid,
    "Factory": msg("Factory street {n}", n=0).msgid,
    "Hitlerplatz": msg("Hitlerplatz street {n}", n=0).msgid,
    "Military": msg("Military street {n}", n=0).msgid,
    "Outskirts": msg("Outskirts street {n}", n=0).msgid,
    "Police": msg("Police street {n}", n=0).msgid,
    "Railway": msg("Railway street {n}", n=0).msgid,
    "Villa": msg("Villa street {n}", n=0).msgid,
    "Waterfront": msg("Waterfront street {n}", n=0).msgid,
}
SECTORS = {
    "Administrative": pmsg("sector", "Administrative"),
    "City": pmsg("sector", "City"),
    "Factory": pmsg("sector", "Factory"),
    "Hitlerplatz": pmsg("sector", "Hitlerplatz"),
    "Military": pmsg("sector", "Military"),
    "Outskirts": pmsg("sector", "Outskirts"),
    "Police": pmsg("sector", "Police"),
    "Railway": pmsg("sector", "Railway"),
    "Villa": pmsg("sector", "Villa"),
    "Waterfront": pmsg("sector", "Waterfront"),
}


def place(label: str) -> Message:
    """A board space's label ("Hotel", "City street 4") as a Message; an unknown label passes as it is."""
    if label in PLACES:
        return PLACES[label]
    sector, _, number = label.rpartition(" street ")
    if sector in STREETS and number.isdigit():
        return Message(STREETS[sector], params={"n": int(number)})
    return Message(label)


def sector(title: str) -> Message:
    return SECTORS.get(title) or Message(title)


def agent(agent_id: str) -> Message:
    from . import content

    return pmsg("agent name", content.agent(agent_id).name)


def item_name(item_id: str) -> Message:
    from .rules import item

    return pmsg("item name", item(item_id).name)


def item_text(item_id: str) -> Message:
    """The tile's effect text: the data file's own sentence, which the data extractor catalogues."""
    from .rules import item

    return Message(item(item_id).text)


def threat_name(kind: str) -> Message:
    """A threat token type's name from threat_tokens.json ("Alarm"), as the data extractor catalogued it."""
    from . import content

    return pmsg("threat name", content.threat_types()[kind]["name"])


def threat_text(token_id: str) -> Message:
    """A token's cheat-sheet text: the data's template (so its translation applies) with the token's params."""
    from . import content
    from .alertness import token

    t = token(token_id)
    return Message(content.threat_types()[t.type]["text"], params=dict(t.params))


def card_name(card) -> Message:
    return pmsg("planning card name", card.name)


def colour(col: str) -> Message:
    return COLOUR_WORDS.get(col) or Message(col)


def either(words) -> Message:
    """"Kruk or Brunner or Becher": each "or" a sentence of its own, so it is said in the player's language."""
    words = list(words)
    out = words[0]
    for word in words[1:]:
        out = msg("{first} or {second}", first=out, second=word)
    return out


def both(words) -> Message:
    """"yellow and blue", "a, b and c" (the core's and_message)."""
    from ..core.words import and_message

    return and_message(list(words))


# maps/scenarios/*.json titles: English with the Polish original, which the Polish catalogue keeps alone.
SCENARIO_TITLES = {
    "Meeting (Spotkanie)": pmsg("scenario title", "Meeting (Spotkanie)"),
    "First Clash (Pierwsze starcie)": pmsg("scenario title", "First Clash (Pierwsze starcie)"),
    "The Best Chestnuts Are on Place Pigalle (Najlepsze kasztany są na placu Pigalle)": pmsg(
        "scenario title", "The Best Chestnuts Are on Place Pigalle (Najlepsze kasztany są na placu Pigalle)"),
    "I Know Who You Are (Wiem kim jesteś)": pmsg("scenario title", "I Know Who You Are (Wiem kim jesteś)"),
    "Hotel Excelsior": pmsg("scenario title", "Hotel Excelsior"),
    "Top Secret (Ściśle tajne)": pmsg("scenario title", "Top Secret (Ściśle tajne)"),
}


def scenario_title(title: str) -> Message:
    return SCENARIO_TITLES.get(title) or Message(title)
