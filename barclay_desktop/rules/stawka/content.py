"""Stawka content: agents, planning cards, item tiles, hint card, threat tokens,
mission, location and reaction cards.

Data lives in assets/data/stawka/*.json (designed by the project within rulings
K3, K7, K8, K9, K10; see docs/stawka-design.md). Everything here is read lazily and
cached; the objects are frozen. A malformed file raises ContentError naming
the file and the entry.

Conversation thresholds belong to the agent being talked TO: the initiator's
2d6 total (+ modifiers) is compared with the target's single / double /
secret numbers (rulebook, Arrest example: "8, below Jacek's 9"; K3's Ingrid
vs Brunner example). A secret needs the target to hold at least 3 evidence,
otherwise it counts as a double (K4) - that check is the engine's.
"""

from __future__ import annotations

import functools
import json
import string
from types import MappingProxyType
from typing import Mapping

import attrs

from barclay_desktop.resources import asset_path

DATA_DIR = ("data", "stawka")
COLOURS = ("yellow", "purple", "blue", "black")
NETWORKS = ("polish", "german")
FUNCTIONS = ("private", "officer", "ss_officer", "civilian")
LEVELS = ("basic", "extended", "advanced")
DURABILITIES = ("*", "single")
MISSION_RULES = ("yes", "no", "item_or_hideout")
ITEMS_PER_LOCATION = 5  # K9
LOCATION_COUNT = 26  # K2
PLANNING_CARDS_PER_SIDE = 5  # K7
KLOSS = "hans_kloss"


class ContentError(ValueError):
    """A content file is missing or breaks its documented shape."""


def level_allows(play_level: str, needed: str) -> bool:
    """True if an effect of level `needed` works in a game played at `play_level`."""
    return LEVELS.index(needed) <= LEVELS.index(play_level)


@attrs.frozen
class Thresholds:
    single: int
    double: int
    secret: int

    def outcome(self, total: int) -> str:
        """"none", "single", "double" or "secret" for a modified 2d6 total."""
        if total >= self.secret:
            return "secret"
        if total >= self.double:
            return "double"
        if total >= self.single:
            return "single"
        return "none"


@attrs.frozen
class Trait:
    key: str  # what the engine dispatches on
    params: Mapping
    text: str
    level: str


@attrs.frozen
class AgentDocument:
    id: str
    title: str
    rank: int
    function: str
    ap_limit: int
    defence: int
    alertness: int
    conversation: Thresholds
    trait: Trait
    scenario_1: bool = False  # Kloss only: the document Meeting uses


@attrs.frozen
class Agent:
    id: str
    name: str
    network: str  # home network; a scenario may list the agent for the other side (K3)
    colour: str
    chief: bool  # black = network chief (K3)
    missions: str  # "yes", "no" or "item_or_hideout" (K3)
    documents: tuple[AgentDocument, ...]  # one, except Hans Kloss (three)

    def document(self, doc_id: str | None = None) -> AgentDocument:
        """The agent's document; for Kloss the given one, or the Meeting one by default."""
        if doc_id is None:
            for doc in self.documents:
                if doc.scenario_1:
                    return doc
            return self.documents[0]
        for doc in self.documents:
            if doc.id == doc_id:
                return doc
        raise KeyError(f"{self.name} has no document {doc_id!r}")

    @property
    def is_ss_officer(self) -> bool:
        return any(d.function == "ss_officer" for d in self.documents)


@attrs.frozen
class Vehicle:
    id: str
    name: str
    network: str
    ap_limit: int
    defence: int
    alertness: int
    streets_only: bool
    text: str


@attrs.frozen
class PlanningCard:
    id: str
    side: str
    name: str
    priority: int  # lower activates first
    ap: int  # the network's AP pool for the stage
    reaction_cards: int  # drawn at the start of the stage


@attrs.frozen
class Item:
    id: str
    location: str  # board space id, e.g. "hitlerplatz.hotel"
    name: str
    effect: str
    params: Mapping
    text: str
    durability: str  # "*" reusable, "single" discarded after first use
    evidence: Mapping  # colour -> 1..3
    level: str  # lowest rules level in which the effect works

    @property
    def reusable(self) -> bool:
        return self.durability == "*"


# ---------------------------------------------------------------- loaders


def data_file(name: str):
    return asset_path(*DATA_DIR, name)


@functools.lru_cache(maxsize=None)
def _read(name: str) -> Mapping:
    path = data_file(name)
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ContentError(f"missing content file {path}") from None
    except json.JSONDecodeError as exc:
        raise ContentError(f"{name}: invalid JSON: {exc}") from exc


def _need(cond: bool, where: str, what: str) -> None:
    if not cond:
        raise ContentError(f"{where}: {what}")


def _templated_text(catalogue: Mapping, key: str, params: Mapping, where: str) -> str:
    """The text a catalogue key gives with these params; every placeholder must be filled."""
    _need(key in catalogue, where, f"unknown key {key!r}")
    template = catalogue[key]["text"]
    wanted = {f for _, f, _, _ in string.Formatter().parse(template) if f}
    _need(wanted == set(params), where, f"{key} needs params {sorted(wanted)}, got {sorted(params)}")
    return template.format(**params)


def _trait(raw: Mapping, catalogue: Mapping, where: str) -> Trait:
    key, params = raw.get("key"), MappingProxyType(dict(raw.get("params", {})))
    text = _templated_text(catalogue, key, params, where)
    _need(raw.get("text") == text, where, f"trait text must read {text!r}")
    _need(raw.get("level") == catalogue[key]["level"], where, "trait level differs from the catalogue")
    return Trait(key=key, params=params, text=text, level=raw["level"])


def _document(raw: Mapping, catalogue: Mapping, where: str, default_id: str, default_title: str) -> AgentDocument:
    conv = raw.get("conversation", {})
    th = Thresholds(int(conv.get("single", 0)), int(conv.get("double", 0)), int(conv.get("secret", 0)))
    _need(2 <= th.single < th.double < th.secret <= 12, where, f"thresholds must rise within 2-12: {th}")
    rank, alertness = int(raw.get("rank", 0)), int(raw.get("alertness", 0))
    _need(1 <= rank <= 9, where, f"rank {rank} outside 1-9 (K3)")
    _need(4 <= alertness <= 9, where, f"alertness {alertness} outside 4-9 (K3)")
    _need(raw.get("function") in FUNCTIONS, where, f"function must be one of {FUNCTIONS}")
    ap, defence = int(raw.get("ap_limit", 0)), int(raw.get("defence", 0))
    _need(1 <= ap <= 9 and 1 <= defence <= 12, where, "ap_limit 1-9 and defence 1-12")
    return AgentDocument(
        id=raw.get("id", default_id),
        title=raw.get("title", default_title),
        rank=rank,
        function=raw["function"],
        ap_limit=ap,
        defence=defence,
        alertness=alertness,
        conversation=th,
        trait=_trait(raw.get("trait", {}), catalogue, where),
        scenario_1=bool(raw.get("scenario_1", False)),
    )


def _agent(raw: Mapping, catalogue: Mapping) -> Agent:
    aid = raw.get("id", "?")
    where = f"agents.json: {aid}"
    _need(raw.get("network") in NETWORKS, where, f"network must be one of {NETWORKS}")
    _need(raw.get("colour") in COLOURS, where, f"colour must be one of {COLOURS}")
    _need(raw.get("missions") in MISSION_RULES, where, f"missions must be one of {MISSION_RULES}")
    _need(bool(raw.get("chief")) == (raw["colour"] == "black"), where, "chief exactly when black (K3)")
    if "documents" in raw:
        docs = tuple(_document(d, catalogue, f"{where}/{d.get('id')}", aid, raw["name"]) for d in raw["documents"])
        _need(sum(d.scenario_1 for d in docs) == 1, where, "exactly one document marked scenario_1")
    else:
        docs = (_document(raw, catalogue, where, aid, raw.get("name", aid)),)
    return Agent(
        id=aid,
        name=raw.get("name", aid),
        network=raw["network"],
        colour=raw["colour"],
        chief=bool(raw["chief"]),
        missions=raw["missions"],
        documents=docs,
    )


@functools.lru_cache(maxsize=None)
def agents() -> Mapping[str, Agent]:
    """Every agent by id (K3), in file order."""
    data = _read("agents.json")
    catalogue = data.get("traits", {})
    found: dict[str, Agent] = {}
    for raw in data.get("agents", []):
        agent = _agent(raw, catalogue)
        _need(agent.id not in found, "agents.json", f"agent id {agent.id!r} used twice")
        found[agent.id] = agent
    _need(KLOSS in found and len(found[KLOSS].documents) == 3, "agents.json", "Hans Kloss needs 3 documents (K3)")
    return MappingProxyType(found)


def agent(agent_id: str) -> Agent:
    try:
        return agents()[agent_id]
    except KeyError:
        raise KeyError(f"no agent {agent_id!r}; known: {sorted(agents())}") from None


def traits_catalogue() -> Mapping:
    """Trait key -> {"level", "text" template}: for the in-app reference."""
    return MappingProxyType(_read("agents.json").get("traits", {}))


@functools.lru_cache(maxsize=None)
def vehicles() -> Mapping[str, Vehicle]:
    out = {}
    for raw in _read("agents.json").get("vehicles", []):
        out[raw["id"]] = Vehicle(
            id=raw["id"], name=raw["name"], network=raw["network"], ap_limit=int(raw["ap_limit"]),
            defence=int(raw["defence"]), alertness=int(raw["alertness"]),
            streets_only=bool(raw.get("streets_only", True)), text=raw.get("text", ""),
        )
    return MappingProxyType(out)


@functools.lru_cache(maxsize=None)
def planning_cards(side: str) -> tuple[PlanningCard, ...]:
    """The five planning cards of "polish" or "german", lowest priority first (K7)."""
    if side not in NETWORKS:
        raise ValueError(f"side must be one of {NETWORKS}, not {side!r}")
    raw_cards = _read("planning_cards.json").get("cards", {}).get(side, [])
    cards = tuple(
        PlanningCard(id=c["id"], side=side, name=c["name"], priority=int(c["priority"]), ap=int(c["ap"]),
                     reaction_cards=int(c["reaction_cards"]))
        for c in raw_cards
    )
    where = f"planning_cards.json: {side}"
    _need(len(cards) == PLANNING_CARDS_PER_SIDE, where, f"needs {PLANNING_CARDS_PER_SIDE} cards (K7)")
    _need(len({c.id for c in cards}) == len(cards), where, "card ids must be unique")
    return tuple(sorted(cards, key=lambda c: c.priority))


def effects_catalogue() -> Mapping:
    """Item effect key -> {"level", "text" template}."""
    return MappingProxyType(_read("items.json").get("effects", {}))


def _item(raw: Mapping, catalogue: Mapping) -> Item:
    iid = raw.get("id", "?")
    where = f"items.json: {iid}"
    params = MappingProxyType(dict(raw.get("params", {})))
    text = _templated_text(catalogue, raw.get("effect"), params, where)
    _need(raw.get("text") == text, where, f"text must read {text!r}")
    _need(raw.get("level") == catalogue[raw["effect"]]["level"], where, "level differs from the effect catalogue")
    _need(raw.get("durability") in DURABILITIES, where, f"durability must be one of {DURABILITIES}")
    evidence = dict(raw.get("evidence", {}))
    _need(bool(evidence), where, "every item tile carries evidence (K9)")
    for colour, value in evidence.items():
        _need(colour in COLOURS and isinstance(value, int) and 1 <= value <= 3, where,
              f"evidence {colour}={value!r}: colours {COLOURS}, values 1-3 (K9)")
    _need("." in str(raw.get("location", "")), where, "location must be a board space id like 'police.gestapo'")
    return Item(
        id=iid, location=raw["location"], name=raw.get("name", iid), effect=raw["effect"], params=params,
        text=text, durability=raw["durability"], evidence=MappingProxyType(evidence), level=raw["level"],
    )


@functools.lru_cache(maxsize=None)
def items() -> tuple[Item, ...]:
    """All 130 item tiles (K9), grouped by location in file order."""
    data = _read("items.json")
    catalogue = data.get("effects", {})
    for key, entry in catalogue.items():
        _need(entry.get("level") in LEVELS, f"items.json: effect {key}", f"level must be one of {LEVELS}")
    tiles = tuple(_item(raw, catalogue) for raw in data.get("items", []))
    _need(len({t.id for t in tiles}) == len(tiles), "items.json", "item ids must be unique")
    per_location: dict[str, int] = {}
    for t in tiles:
        per_location[t.location] = per_location.get(t.location, 0) + 1
    wrong = {loc: n for loc, n in per_location.items() if n != ITEMS_PER_LOCATION}
    _need(not wrong, "items.json", f"every location needs {ITEMS_PER_LOCATION} tiles (K9): {wrong}")
    _need(len(per_location) == LOCATION_COUNT, "items.json", f"{len(per_location)} locations, expected {LOCATION_COUNT} (K2)")
    return tiles


def items_at(location_id: str) -> tuple[Item, ...]:
    """The five item tiles of one location (its stack, unshuffled)."""
    found = tuple(t for t in items() if t.location == location_id)
    if not found:
        raise KeyError(f"no item tiles for location {location_id!r}")
    return found


def item(item_id: str) -> Item:
    for t in items():
        if t.id == item_id:
            return t
    raise KeyError(f"no item {item_id!r}")


def evidence_totals(tiles) -> dict[str, int]:
    """Evidence per colour hidden in some tiles: what the hint card prints."""
    totals = dict.fromkeys(COLOURS, 0)
    for t in tiles:
        for colour, value in t.evidence.items():
            totals[colour] += value
    return totals


@functools.lru_cache(maxsize=None)
def hint_card() -> Mapping[str, Mapping[str, int]]:
    """Location id -> colour -> total evidence its items hide (cheat sheet reverse)."""
    raw = _read("hint_card.json").get("locations", {})
    out = {}
    for loc, totals in raw.items():
        expected = evidence_totals(items_at(loc))
        _need(dict(totals) == expected, f"hint_card.json: {loc}", f"says {dict(totals)} but the items hide {expected}")
        out[loc] = MappingProxyType(dict(totals))
    missing = {t.location for t in items()} - set(out)
    _need(not missing, "hint_card.json", f"no entry for {sorted(missing)}")
    return MappingProxyType(out)


# ---------------------------------------------------------------- threat tokens (K8)

THREATS_PER_SIDE = 18  # K8
THREAT_TRIGGERS = ("enemy_activation", "owner_roll", "passive")


@attrs.frozen
class ThreatToken:
    id: str  # "<side>.<n>", stable for saves
    side: str
    type: str
    name: str
    trigger: str
    params: Mapping
    text: str


def threat_types() -> Mapping:
    """Threat type key -> {"name", "trigger", "text" template}: the cheat sheet."""
    return MappingProxyType(_read("threat_tokens.json").get("types", {}))


@functools.lru_cache(maxsize=None)
def threat_tokens(side: str) -> tuple[ThreatToken, ...]:
    """The 18 threat tokens of "polish" or "german", one object per physical token."""
    if side not in NETWORKS:
        raise ValueError(f"side must be one of {NETWORKS}, not {side!r}")
    catalogue = threat_types()
    tokens = []
    for entry in _read("threat_tokens.json").get("pools", {}).get(side, []):
        key = entry.get("type")
        where = f"threat_tokens.json: {side} {key}"
        params = MappingProxyType(dict(entry.get("params", {})))
        text = _templated_text(catalogue, key, params, where)
        kind = catalogue[key]
        _need(kind.get("trigger") in THREAT_TRIGGERS, where, f"trigger must be one of {THREAT_TRIGGERS}")
        for _ in range(int(entry.get("count", 0))):
            tokens.append(ThreatToken(
                id=f"{side}.{len(tokens) + 1}", side=side, type=key, name=kind["name"],
                trigger=kind["trigger"], params=params, text=text,
            ))
    _need(len(tokens) == THREATS_PER_SIDE, f"threat_tokens.json: {side}", f"{len(tokens)} tokens, K8 says {THREATS_PER_SIDE}")
    return tuple(tokens)


# ---------------------------------------------------------------- mission cards (K10)

MISSIONS_PER_AGENT = 3  # rulebook, Mission Cards: "a unique set of three"
SIDE_ONLY_GOALS = {"arrest": "german", "kidnap": "polish"}


@attrs.frozen
class Goal:
    key: str  # what the engine checks
    params: Mapping
    text: str


@attrs.frozen
class MissionCard:
    id: str
    agent: str
    basic: Goal  # usually the easier one
    special: Goal


def goals_catalogue() -> Mapping:
    return MappingProxyType(_read("missions.json").get("goals", {}))


def _goal(raw: Mapping, catalogue: Mapping, side: str, where: str) -> Goal:
    key = raw.get("key")
    _need(key in catalogue, where, f"unknown goal {key!r}")
    params = MappingProxyType(dict(raw.get("params", {})))
    _need(set(params) == set(catalogue[key]["params"]), where, f"{key} takes params {catalogue[key]['params']}")
    text = catalogue[key]["text"].format(**params)
    _need(raw.get("text") == text, where, f"text must read {text!r}")
    if "colour" in params:
        _need(params["colour"] in COLOURS, where, f"colour must be one of {COLOURS}")
    if key in SIDE_ONLY_GOALS:
        _need(SIDE_ONLY_GOALS[key] == side, where, f"only the {SIDE_ONLY_GOALS[key]} network can {key}")
    return Goal(key=key, params=params, text=text)


@functools.lru_cache(maxsize=None)
def missions() -> tuple[MissionCard, ...]:
    """All mission cards, three per eligible agent (K3, K10)."""
    data = _read("missions.json")
    catalogue = data.get("goals", {})
    cards = []
    for raw in data.get("cards", []):
        where = f"missions.json: {raw.get('id')}"
        owner = agents().get(raw.get("agent"))
        _need(owner is not None, where, f"unknown agent {raw.get('agent')!r}")
        _need(owner.missions != "no", where, f"{owner.name} takes no mission cards (K3)")
        cards.append(MissionCard(
            id=raw["id"], agent=owner.id,
            basic=_goal(raw.get("basic", {}), catalogue, owner.network, where + " basic"),
            special=_goal(raw.get("special", {}), catalogue, owner.network, where + " special"),
        ))
    _need(len({c.id for c in cards}) == len(cards), "missions.json", "card ids must be unique")
    for a in agents().values():
        count = sum(c.agent == a.id for c in cards)
        expected = 0 if a.missions == "no" else MISSIONS_PER_AGENT
        _need(count == expected, "missions.json", f"{a.name} has {count} mission cards, expected {expected}")
    return tuple(cards)


def missions_for(agent_id: str) -> tuple[MissionCard, ...]:
    """The three mission cards of one agent (empty for Kloss, Brunner, Stedtke)."""
    return tuple(c for c in missions() if c.agent == agent_id)


# ---------------------------------------------------------------- location and reaction cards (K10)

REACTION_COLOURS = {"red": "movement", "purple": "search", "yellow": "conversation"}  # K10


@attrs.frozen
class CardEffect:
    key: str  # what the engine dispatches on
    params: Mapping
    text: str


@attrs.frozen
class LocationCard:
    id: str
    side: str
    location: str  # board space id
    action: CardEffect
    hideout: bool  # may give a random mission instead (rulebook, Location Cards 5)


@attrs.frozen
class ReactionCard:
    id: str
    colour: str  # red / purple / yellow
    trigger: str  # movement / search / conversation
    block: bool
    polish: CardEffect
    german: CardEffect

    def half(self, side: str) -> CardEffect:
        """The half the holder of `side` may use (rulebook, Reaction Cards 2)."""
        if side not in NETWORKS:
            raise ValueError(f"side must be one of {NETWORKS}, not {side!r}")
        return self.polish if side == "polish" else self.german


def _effect(raw: Mapping, catalogue: Mapping, where: str) -> CardEffect:
    key = raw.get("key")
    params = MappingProxyType(dict(raw.get("params", {})))
    text = _templated_text(catalogue, key, params, where)
    _need(raw.get("text") == text, where, f"text must read {text!r}")
    return CardEffect(key=key, params=params, text=text)


def location_card_conversion_ap() -> int:
    """AP gained by discarding a location card, once per stage (K10)."""
    return int(_read("location_cards.json").get("conversion_ap", 2))


@functools.lru_cache(maxsize=None)
def location_cards(side: str) -> tuple[LocationCard, ...]:
    """The 26 location cards of one side (K10); filter by the board's locations before play."""
    if side not in NETWORKS:
        raise ValueError(f"side must be one of {NETWORKS}, not {side!r}")
    data = _read("location_cards.json")
    catalogue = data.get("actions", {})
    cards = tuple(
        LocationCard(id=raw["id"], side=side, location=raw["location"],
                     action=_effect(raw.get("action", {}), catalogue, f"location_cards.json: {raw['id']}"),
                     hideout=bool(raw.get("hideout", False)))
        for raw in data.get("cards", []) if raw.get("side") == side
    )
    locations = [c.location for c in cards]
    _need(len(set(locations)) == len(locations) == LOCATION_COUNT, f"location_cards.json: {side}",
          f"needs one card for each of the {LOCATION_COUNT} locations (K10)")
    return cards


@functools.lru_cache(maxsize=None)
def reaction_cards() -> tuple[ReactionCard, ...]:
    """The shared reaction deck (K10), unshuffled."""
    data = _read("reaction_cards.json")
    catalogue = data.get("effects", {})
    cards = []
    for raw in data.get("cards", []):
        where = f"reaction_cards.json: {raw.get('id')}"
        colour = raw.get("colour")
        _need(colour in REACTION_COLOURS, where, f"colour must be one of {sorted(REACTION_COLOURS)}")
        _need(raw.get("trigger") == REACTION_COLOURS[colour], where, f"{colour} cards react to {REACTION_COLOURS[colour]}")
        cards.append(ReactionCard(
            id=raw["id"], colour=colour, trigger=raw["trigger"], block=bool(raw.get("block", False)),
            polish=_effect(raw.get("polish", {}), catalogue, where + " polish"),
            german=_effect(raw.get("german", {}), catalogue, where + " german"),
        ))
    _need(len({c.id for c in cards}) == len(cards) > 0, "reaction_cards.json", "card ids must be unique")
    return tuple(cards)


def reaction_hand_limit() -> int:
    return int(_read("reaction_cards.json").get("hand_limit", 3))
