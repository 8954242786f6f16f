"""The one registry of games: a descriptor per game, read by every layer.

The menu, the new-game form, the load and rules screens, `simulate`, the AI lookups and
the rules' `game_class` all start here. A descriptor holds names and dotted module paths
only, so importing this module imports no game: each layer imports what it needs when a
game is opened.

Adding a game: write its rules package (a module with `GAME_CLASS`), optionally its
computer players (a module with `LEVELS`, and `NOTES` for the new-game form) and its
client package (a module with `table_entry()`), then add one `GameDescriptor` to GAMES.
A game without a client package is played on the generic table.
"""

from __future__ import annotations

import importlib
from typing import Any

import attrs

from .i18n import N_


@attrs.frozen
class GameOption:
    """A set-up choice of one game, offered as a check box on the new-game form."""

    key: str  # the key in the game's options dict (Game.new(options, seed))
    label: str  # the check box's words
    off_note: str  # what leaving it off means, shown under the form
    default: bool = True


@attrs.frozen
class Pick:
    """One entry of a GameChoice: the value the rules get, its name, a line on what it means."""

    value: str
    label: str
    note: str
    playable: bool = True  # False: listed as coming (or a damaged file), not startable
    opens: str | None = None  # "module:Scene": picking it opens that scene (the free-scenario builder)
    saved_name: str = ""  # a pick the player saved (a free scenario), by its name: the form offers to delete it


def load(path: str):
    """The object a "module:name" path names."""
    module, _sep, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


@attrs.frozen
class GameChoice:
    """A set-up choice among several values, offered as a drop-down on the new-game form."""

    key: str  # the key in the game's options dict
    label: str
    picks: tuple[Pick, ...]
    when: tuple[str, tuple[str, ...]] | None = None  # shown only while another choice has one of these values
    # "module:function" returning more picks, read each time the form is built (saved free scenarios); their
    # values start with a prefix that `when` may name as "prefix*"
    more: str | None = None

    def all_picks(self) -> tuple[Pick, ...]:
        return self.picks + (tuple(load(self.more)()) if self.more else ())

    def shows_for(self, value) -> bool:
        """Whether a choice depending on this one shows for `value` ("prefix*" names every value so prefixed)."""
        return any(value == v or (v.endswith("*") and isinstance(value, str) and value.startswith(v[:-1]))
                   for v in self.when[1])


@attrs.frozen
class GameDescriptor:
    id: str
    title: str
    tab: str  # the short capitalised name on the menu folder's tab and the form's buttons
    blurb: str  # one line about the game on its menu folder
    players: str  # who plays whom, on the menu folder
    rules: str  # module defining GAME_CLASS
    ai: str | None = None  # module defining LEVELS (and NOTES); None: random moves only
    client: str | None = None  # module defining table_entry(); None: the generic table
    options: tuple[GameOption, ...] = ()
    choices: tuple[GameChoice, ...] = ()
    expand: str | None = None  # "module:function" turning the form's options into the game's (a saved scenario)
    forget: str | None = None  # "module:function" deleting a saved pick by its value (raises DamagedFile if not)

    def expanded(self, options: dict) -> dict:
        """The game's options from the form's (a saved scenario read from its file); unchanged for most games."""
        return load(self.expand)(options) if self.expand else options

    def forgotten(self, value: str) -> None:
        """Delete the saved pick `value` (its file); a DamagedFile with the player's sentence when it cannot be."""
        load(self.forget)(value)

    def rules_class(self) -> type:
        return importlib.import_module(self.rules).GAME_CLASS

    def ai_module(self) -> Any | None:
        return importlib.import_module(self.ai) if self.ai else None

    def client_module(self) -> Any | None:
        return importlib.import_module(self.client) if self.client else None

    def has_engine(self) -> bool:
        """The rules import (a game can be listed before its engine is written)."""
        try:
            self.rules_class()
        except (ImportError, AttributeError):
            return False
        return True


GAMES: tuple[GameDescriptor, ...] = (
    GameDescriptor(
        id="barclay", title=N_("Operation Barclay"), tab=N_("OPERATION BARCLAY"),
        blurb=N_("1943. Deceive the Abwehr about where the Allies will land."),
        players=N_("2 players: LCS vs Abwehr"),
        rules="barclay_desktop.rules.barclay.game", ai="barclay_desktop.ai.barclay.players",
        client="barclay_desktop.scenes.barclay",
        options=(GameOption("leak_cards", N_("Leak cards: balance variant"),
                            N_("off: the printed rule, no extra flips")),),
    ),
    GameDescriptor(
        id="spies_lies", title=N_("Stratego Spies & Lies"), tab=N_("SPIES & LIES"),
        blurb=N_("Infiltrate, bluff and turn the double spy to your side."),
        players=N_("2 players, or 2 vs 2"),
        rules="barclay_desktop.rules.spies_lies.game", ai="barclay_desktop.ai.spies_lies.players",
        client="barclay_desktop.scenes.spies_lies",
    ),
    GameDescriptor(
        id="stawka", title=N_("Stawka większa niż życie"), tab=N_("STAWKA"),
        blurb=N_("Agent Hans Kloss in a network war behind the lines."),
        players=N_("2 players: Polish vs German intelligence"),
        rules="barclay_desktop.rules.stawka.game", ai="barclay_desktop.ai.stawka.players",
        client="barclay_desktop.scenes.stawka",
        choices=(
            GameChoice("scenario", N_("Scenario"), (
                Pick("meeting", N_("Training 1: Meeting"),
                     N_("BASIC rules: move, talk and search; two secrets win.")),
                Pick("first_clash", N_("Training 2: First Clash"),
                     N_("EXTENDED rules: threat tokens, missions, arrests and assassinations; 11 victory points win.")),
                Pick("chestnuts", N_("Training 3: Chestnuts"),
                     N_("ADVANCED rules: location and reaction cards; 11 victory points or 3 secrets win.")),
                Pick("i_know_who_you_are", N_("I Know Who You Are"),
                     N_("Film, ADVANCED rules, 8 stages: the Polish player hides a radio station, and Kloss must "
                        "transmit his report before the Germans locate it.")),
                Pick("hotel_excelsior", N_("Hotel Excelsior"),
                     N_("Film, ADVANCED rules, no stage limit: 15 victory points open the hotel, and its room 217 "
                        "wins the game.")),
                Pick("top_secret", N_("Top Secret"),
                     N_("Film, ADVANCED rules, 15 stages: the Germans break Dr Pulkowski and drive him to the "
                        "barracks in the Black Audi; the Poles must stop the car.")),
            ), more="barclay_desktop.scenes.stawka.free_picks:picks"),
            GameChoice("kloss_document", N_("Kloss's document"), (
                Pick("kloss_oberleutnant", N_("Kloss: Oberleutnant"),
                     N_("Oberleutnant of the Abwehr, rank 7, may roll a failed rank test again once a stage")),
                Pick("kloss_hauptmann", N_("Kloss: Hauptmann"),
                     N_("Hauptmann of the Abwehr staff, rank 8, -1 to enemy conversation rolls against him")),
                Pick("kloss_j23", N_("Kloss: agent J-23"),
                     N_("agent J-23 in plain clothes, rank 6, +1 to his own conversation rolls")),
            # "Before every game the Polish Player must choose which Hans Kloss document will be used" (K3):
            # every scenario but Meeting, which names his document
            ), when=("scenario", ("first_clash", "chestnuts", "i_know_who_you_are", "hotel_excelsior", "top_secret",
                                 "free:*"))),
        ),
        expand="barclay_desktop.scenes.stawka.free_picks:expand",
        forget="barclay_desktop.scenes.stawka.free_picks:forget",
    ),
)


def game_ids() -> list[str]:
    """Every listed game, in menu order (some may still lack an engine: see playable_ids)."""
    return [d.id for d in GAMES]


def descriptor(game_id: str) -> GameDescriptor:
    for d in GAMES:
        if d.id == game_id:
            return d
    raise KeyError(f"unknown game {game_id!r}")


def find(game_id: str) -> GameDescriptor | None:
    try:
        return descriptor(game_id)
    except KeyError:
        return None


def playable_ids() -> list[str]:
    """The games whose rules engine imports: the ones a player can start."""
    return [d.id for d in GAMES if d.has_engine()]
