"""Stawka content data: agents (K3), planning cards (K7), items and hint card (K9)."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from barclay_desktop.rules.stawka import content
from barclay_desktop.rules.stawka.board import face_ids, load_face
from barclay_desktop.rules.stawka.content import (
    COLOURS,
    ContentError,
    agent,
    agents,
    evidence_totals,
    hint_card,
    items,
    items_at,
    level_allows,
    planning_cards,
    vehicles,
)
from barclay_desktop.rules.stawka.scenario import board_for_scenario, load_scenario, scenario_ids

# K3: every named agent with its colour and network.
K3_AGENTS = {
    "hans_kloss": ("polish", "black"), "hermann_brunner": ("german", "black"),
    "stedtke": ("german", "black"), "fritz_kopf": ("german", "black"),
    "ingrid_heizer": ("polish", "yellow"), "irena": ("polish", "yellow"), "kazik": ("polish", "yellow"),
    "jacek": ("polish", "purple"), "emma_schmidt": ("polish", "purple"), "barbara_reczko": ("polish", "purple"),
    "georg": ("polish", "blue"), "edward_kania": ("polish", "blue"), "christianson": ("polish", "blue"),
    "glaubel": ("german", "yellow"), "heinrich_vogel": ("german", "yellow"), "erik_kopf": ("german", "yellow"),
    "bruno_dreher": ("german", "purple"), "gendarmerie_sergeant": ("german", "purple"),
    "puschke": ("german", "purple"),
    "marta_becher": ("german", "blue"), "old_lady": ("german", "blue"), "johannes_lemner": ("german", "blue"),
    "erwin_reil": ("german", "blue"),
}


def test_all_k3_agents_with_colours_and_networks():
    assert {a.id: (a.network, a.colour) for a in agents().values()} == K3_AGENTS


def test_chiefs_ss_officers_and_missions_k3():
    """K3: black = network chief; SS officers Brunner, Stedtke, Fritz and Erik Kopf; no missions
    for Kloss, Brunner, Stedtke; Fritz Kopf only from an item or hideout."""
    assert {a.id for a in agents().values() if a.chief} == {"hans_kloss", "hermann_brunner", "stedtke", "fritz_kopf"}
    assert {a.id for a in agents().values() if a.is_ss_officer} == {
        "hermann_brunner", "stedtke", "fritz_kopf", "erik_kopf"}
    assert {a.id for a in agents().values() if a.missions == "no"} == {"hans_kloss", "hermann_brunner", "stedtke"}
    assert agent("fritz_kopf").missions == "item_or_hideout"
    women = ("ingrid_heizer", "irena", "emma_schmidt", "barbara_reczko", "marta_becher", "old_lady")
    assert all(agent(w).document().function == "civilian" for w in women)  # rulebook: women are civilians


def test_stat_ranges_k3():
    for a in agents().values():
        for d in a.documents:
            assert 1 <= d.rank <= 9 and 4 <= d.alertness <= 9
            assert d.trait.key and d.trait.text


def test_kloss_has_three_documents_one_for_scenario_1_k3():
    kloss = agent("hans_kloss")
    assert len(kloss.documents) == 3
    chosen = load_scenario("meeting").data["kloss_document"]
    assert kloss.document().id == chosen and kloss.document(chosen).scenario_1
    with pytest.raises(KeyError):
        kloss.document("kloss_general")


def test_rulebook_example_stats_k3():
    """K3: the rulebook examples' numbers hold."""
    jacek = agent("jacek").document()
    assert (jacek.rank, jacek.alertness, jacek.conversation.secret) == (3, 8, 9)
    ingrid = agent("ingrid_heizer").document()
    assert ingrid.rank == 4
    assert ingrid.trait.key == "conversation_bonus" and ingrid.trait.params == {"bonus": 2}
    assert agent("hermann_brunner").document().rank == 8
    assert agent("bruno_dreher").document().rank == 3
    assert agent("marta_becher").document().defence == 8
    assert agent("christianson").document().alertness == 8


def test_conversation_examples_k3():
    """Rulebook, Conversation example 3 (K3): thresholds are the target's.
    Ingrid rolls 9 against Brunner: a single; with her +2 trait, 11: a double.
    Brunner (reciprocity) totals 11 against Ingrid: a secret.
    Arrest example: the interrogation total 8 is below Jacek's 9: no secret."""
    brunner = agent("hermann_brunner").document().conversation
    ingrid = agent("ingrid_heizer").document().conversation
    assert brunner.outcome(9) == "single"
    assert brunner.outcome(4 + 5 + 2) == "double"
    assert ingrid.outcome(3 + 5 + 2 + 1) == "secret"
    assert agent("jacek").document().conversation.outcome(6 + 2) != "secret"


def test_scenario_networks_have_one_agent_per_colour_k3():
    for sid in scenario_ids():
        nets = load_scenario(sid).data["networks"]
        for side, members in nets.items():
            colours = [agent(m).colour for m in members]
            assert len(set(colours)) == len(colours), (sid, side)
            if len(members) == 4:
                assert set(colours) == set(COLOURS), (sid, side)
            for m in members:
                # K3: Marta Becher plays for the Polish network in I Know Who You Are only
                if agent(m).network != side:
                    assert (sid, m) == ("i_know_who_you_are", "marta_becher")


def test_meeting_agents_k11():
    """Scenario 1: Kloss and Ingrid Heizer against Glaubel and Marta Becher; all their traits work
    in the BASIC rules (K11: training 1 is BASIC)."""
    data = load_scenario("meeting").data
    assert data["networks"] == {"polish": ["hans_kloss", "ingrid_heizer"], "german": ["glaubel", "marta_becher"]}
    board = board_for_scenario("meeting")
    assert {a: board.location(w).key for a, w in data["start"].items()} == {
        "hans_kloss": "officers_apartments", "ingrid_heizer": "hotel",
        "glaubel": "employment_office", "marta_becher": "theatre"}
    kloss_doc = agent("hans_kloss").document(data["kloss_document"])
    for doc in (kloss_doc, agent("ingrid_heizer").document(), agent("glaubel").document(),
                agent("marta_becher").document()):
        assert doc.trait.level == "basic"


def test_black_audi_as_printed():
    audi = vehicles()["black_audi"]
    assert (audi.ap_limit, audi.defence, audi.alertness) == (5, 6, 7)


def test_planning_cards_are_a_trade_off_k7():
    """K7: 5 cards per side; more AP costs priority (lower activates first)."""
    for side in ("polish", "german"):
        cards = planning_cards(side)
        assert len(cards) == 5
        priorities = [c.priority for c in cards]
        assert priorities == sorted(set(priorities))
        aps = [c.ap for c in cards]
        assert aps == sorted(aps) and len(set(aps)) == 5
        reactions = [c.reaction_cards for c in cards]
        assert reactions == sorted(reactions, reverse=True)
    with pytest.raises(ValueError):
        planning_cards("soviet")


def test_130_items_five_per_k2_location_k9():
    all_locations = {s.id for f in face_ids() for s in load_face(f).locations()}
    tiles = items()
    assert len(tiles) == 130
    assert Counter(t.location for t in tiles) == dict.fromkeys(all_locations, 5)


def test_item_fields_k9():
    for t in items():
        assert t.evidence and all(c in COLOURS and 1 <= v <= 3 for c, v in t.evidence.items())
        assert t.durability in ("*", "single") and t.level in ("basic", "extended", "advanced")
        assert t.text and "{" not in t.text


def test_evidence_colour_frequency_rulebook():
    """Rulebook, Agents/COLOURS: items burden yellow most often, then purple and blue, black least."""
    counts = Counter(c for t in items() for c in t.evidence)
    assert counts["yellow"] > counts["purple"] > counts["blue"] > counts["black"] > 0


def _named(name):
    return [t for t in items() if t.name == name]


def test_items_named_by_the_rulebook_k9():
    weapons = [t for t in items() if t.effect in ("weapon", "ranged_weapon")]
    assert all(not t.reusable for t in weapons)  # all weapons single use
    assert {t.name for t in weapons} >= {"Pistol", "Bayonet", "Grenade", "Dynamite", "Rifle"}
    assert all(t.params["bonus"] == 2 for t in _named("Pistol"))
    assert all(t.params["bonus"] == 0 for t in _named("Bayonet"))  # "gives no modifications in combat"
    for ranged in ("Grenade", "Dynamite", "Rifle"):
        assert all(t.effect == "ranged_weapon" for t in _named(ranged)), ranged
    assert all(t.effect == "conversation_bonus" and t.params["bonus"] == 2 for t in _named("Flowers"))
    assert all(t.effect == "ap_limit_bonus" for t in _named("Officer's boots"))
    assert all(t.effect == "move_to_location" for t in _named("City map"))
    assert all(t.effect == "take_mission" for t in _named("Typewriter"))
    assert _named("First-aid kit") and all(t.effect == "first_aid" for t in _named("First-aid kit"))
    assert {t.params["other"] for t in items() if t.effect == "top_secret_part"} == {"Stamp", "Document"}
    for name in ("City map", "Typewriter", "Stamp", "Document", "Flowers", "Officer's boots"):
        assert _named(name), name


def test_caskets_and_valuables_where_printed_k9():
    """Hotel Excelsior's lists: caskets and valuable items by location."""
    caskets = {t.location.split(".")[1] for t in items() if t.effect == "top_secret_casket"}
    assert caskets == {"ss_villa", "hotel", "theatre", "employment_office", "officers_apartments"}
    valuables = {t.location.split(".")[1] for t in items() if t.effect == "valuable"}
    assert valuables == {"gestapo", "hotel", "telephone_booth", "employment_office", "market", "ss_villa"}


def test_meeting_locations_have_their_items():
    board = board_for_scenario("meeting")
    for loc in board.locations():
        assert len(items_at(loc.id)) == 5


def test_hint_card_agrees_with_items_k9():
    card = hint_card()
    assert len(card) == 26
    for loc, totals in card.items():
        assert dict(totals) == evidence_totals(items_at(loc))
    assert sum(sum(t.values()) for t in card.values()) == sum(v for t in items() for v in t.evidence.values())


def test_levels():
    assert level_allows("advanced", "basic") and level_allows("basic", "basic")
    assert not level_allows("basic", "extended")


def _with_data(monkeypatch, tmp_path, name, mutate):
    src = content.data_file(name)
    data = json.loads(src.read_text(encoding="utf-8"))
    mutate(data)
    for other in ("agents.json", "items.json", "hint_card.json", "planning_cards.json"):  # the ones read together
        text = json.dumps(data) if other == name else content.data_file(other).read_text(encoding="utf-8")
        (tmp_path / other).write_text(text, encoding="utf-8")
    monkeypatch.setattr(content, "data_file", lambda n: tmp_path / n)
    for loader in CACHED_LOADERS:
        loader.cache_clear()


CACHED_LOADERS = (content._read, content.agents, content.vehicles, content.items, content.hint_card,
                  content.planning_cards, content.threat_tokens, content.missions, content.location_cards,
                  content.reaction_cards)


@pytest.fixture
def fresh_caches():
    yield
    for loader in CACHED_LOADERS:
        loader.cache_clear()


def test_bad_alertness_is_reported(monkeypatch, tmp_path, fresh_caches):
    def mutate(d):
        next(a for a in d["agents"] if a["id"] == "jacek")["alertness"] = 11
    _with_data(monkeypatch, tmp_path, "agents.json", mutate)
    with pytest.raises(ContentError, match="jacek: alertness 11 outside 4-9"):
        agents()


def test_hint_card_mismatch_is_reported(monkeypatch, tmp_path, fresh_caches):
    def mutate(d):
        d["locations"]["hitlerplatz.hotel"]["black"] += 1
    _with_data(monkeypatch, tmp_path, "hint_card.json", mutate)
    with pytest.raises(ContentError, match="hitlerplatz.hotel"):
        hint_card()


def test_item_text_must_match_its_params(monkeypatch, tmp_path, fresh_caches):
    def mutate(d):
        d["items"][0]["params"]["bonus"] = 3
    _with_data(monkeypatch, tmp_path, "items.json", mutate)
    with pytest.raises(ContentError, match="text must read"):
        items()


def test_threat_tokens_k8():
    """K8: 18 per side, of the rulebook's types."""
    k8_types = {"alarm", "document_check", "cauldron", "suspect", "thief", "confusion",
                "dangerous_terrain", "support", "protection"}
    seen = set()
    for side in ("polish", "german"):
        tokens = content.threat_tokens(side)
        assert len(tokens) == 18 and len({t.id for t in tokens}) == 18
        assert {t.type for t in tokens} <= k8_types
        assert all("{" not in t.text for t in tokens)
        seen |= {t.type for t in tokens}
    assert seen == k8_types
    german = content.threat_tokens("german")
    # document checks -1/-2/-3 (K8); Top Secret needs the German -3 check
    assert {t.params["difficulty"] for t in german if t.type == "document_check"} == {-1, -2, -3}
    # Threat example: German document check and support, Polish thief and support
    assert {"document_check", "support"} <= {t.type for t in german}
    assert {"thief", "support"} <= {t.type for t in content.threat_tokens("polish")}
    assert all(t.params["bonus"] == 1 for side in ("polish", "german")
               for t in content.threat_tokens(side) if t.type == "support")  # "support +1"


def test_mission_cards_k3_k10():
    """Rulebook, Mission Cards: three unique cards per agent except Kloss, Brunner and Stedtke."""
    cards = content.missions()
    assert len(cards) == 3 * 20
    for a in agents().values():
        expected = 0 if a.id in ("hans_kloss", "hermann_brunner", "stedtke") else 3
        assert len(content.missions_for(a.id)) == expected, a.id
    for c in cards:
        assert c.basic.text and c.special.text and "{" not in c.basic.text + c.special.text


def test_arrest_missions_rulebook():
    """Rulebook, Arrest 2: Glaubel may arrest through a mission card; Erik and Fritz Kopf may draw
    missions ordering an arrest. Only Germans arrest, only Poles kidnap."""
    for who in ("glaubel", "erik_kopf", "fritz_kopf"):
        assert any(c.special.key == "arrest" for c in content.missions_for(who)), who
    for c in content.missions():
        side = agent(c.agent).network
        for g in (c.basic, c.special):
            if g.key == "arrest":
                assert side == "german"
            if g.key == "kidnap":
                assert side == "polish"


def test_assassination_missions_on_both_sides():
    """Rulebook, Assassination 1: an assassination needs a mission whose goal includes it."""
    sides = {agent(c.agent).network for c in content.missions() if c.special.key == "assassinate_colour"}
    assert sides == {"polish", "german"}


def test_location_cards_k10():
    """K10: 26 per side, one per location; Gestapo and jail can release prisoners (rulebook,
    Release of the Arrested 2); the hotel card carries the Hotel Excelsior win condition."""
    all_locations = {s.id for f in face_ids() for s in load_face(f).locations()}
    for side in ("polish", "german"):
        cards = content.location_cards(side)
        assert {c.location for c in cards} == all_locations
        assert any(c.hideout for c in cards) and not all(c.hideout for c in cards)
        assert all("{" not in c.action.text for c in cards)
        hotel = next(c for c in cards if c.location == "hitlerplatz.hotel")
        assert hotel.action.key == "room_217"
    polish = {c.location: c.action.key for c in content.location_cards("polish")}
    assert polish["police.gestapo"] == polish["police.jail"] == "release_prisoner"
    german = {c.location: c.action.key for c in content.location_cards("german")}
    assert german["villa.ss_villa"] == "gain_vp"  # Hotel Excelsior: "the Germans from the SS officer's villa"
    assert content.location_card_conversion_ap() == 2
    # "I Know Who You Are": decks of 14 cards for its five sectors
    on_board = {s.id for s in board_for_scenario("i_know_who_you_are").locations()}
    assert sum(c.location in on_board for c in content.location_cards("polish")) == 14


def test_reaction_cards_k10():
    """K10: one shared deck, Polish/German halves, coloured by trigger, some with a block symbol;
    the rulebook's reciprocity card is a conversation (yellow) card."""
    deck = content.reaction_cards()
    assert content.reaction_hand_limit() == 3
    for colour, trigger in (("red", "movement"), ("purple", "search"), ("yellow", "conversation")):
        cards = [c for c in deck if c.colour == colour]
        assert cards and all(c.trigger == trigger for c in cards)
        assert any(c.block for c in cards) and not all(c.block for c in cards)
    assert any(c.colour == "yellow" and c.half("german").key == "reciprocity" for c in deck)
    card = deck[0]
    assert card.half("polish") is card.polish and card.half("german") is card.german
    with pytest.raises(ValueError):
        card.half("soviet")


def test_design_doc_agent_table_matches_the_data():
    """docs/stawka-design.md shows every agent's stats; keep it in step with agents.json."""
    from barclay_desktop.resources import project_root

    doc = (project_root() / "docs" / "stawka-design.md").read_text(encoding="utf-8")
    rows = [line for line in doc.splitlines() if line.startswith("| ") and (" | PL | " in line or " | DE | " in line)]
    kloss_docs = {"Oberleutnant": "kloss_oberleutnant", "Hauptmann": "kloss_hauptmann", "J-23": "kloss_j23"}
    by_name = {a.name: a for a in agents().values()}
    seen = set()
    for row in rows:
        cells = [c.strip().replace("*", "") for c in row.strip().strip("|").split("|")]
        name = cells[0]
        if name.startswith("Hans Kloss"):
            doc_id = next(v for k, v in kloss_docs.items() if k in name)
            d = agent("hans_kloss").document(doc_id)
            seen.add(doc_id)
        else:
            d = by_name[name].document()
            seen.add(by_name[name].id)
        c = d.conversation
        assert cells[3:8] == [str(d.rank), str(d.ap_limit), str(d.defence), str(d.alertness),
                              f"{c.single}/{c.double}/{c.secret}"], name
    assert len(seen) == len(agents()) - 1 + 3
