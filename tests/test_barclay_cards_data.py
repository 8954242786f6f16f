"""The Operation Barclay card data (assets/data/barclay/cards.json) and its loader.

Rulings cited: B1 (colours), B2 (Intelligence Channels deck), B3 (special cards),
B6 (replacement), B7 (no legal card), B9 (Evidence Results), B14 (balance).
The design behind the numbers is in docs/barclay-cards.md.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from collections import Counter
from math import comb
from pathlib import Path

import pytest

from barclay_desktop.rules.barclay.cards import (
    COLOURS,
    EFFECTS,
    FACE_UP_EFFECTS,
    CardDataError,
    cards_by_id,
    cards_path,
    deck_cards,
    load_cards,
    parse_cards,
    read_cards,
)

IC_POSITIONS = [[1, 13]] + [[v] for v in range(2, 13)]
SPY_VALUES = {5, 6, 7}
DOUBLE_AGENT_VALUES = {1, 11, 12}  # 1 stands for the 1/13 card


def ic():
    return deck_cards("channels")


def specials():
    return deck_cards("lcs") + deck_cards("abwehr")


def raw_data():
    return json.loads(cards_path().read_text(encoding="utf-8"))


def test_86_cards_60_13_13():
    """Rulebook, Components: 86 cards = 60 Intelligence Channels + 13 Abwehr + 13 LCS."""
    assert len(load_cards()) == 86
    assert Counter(c.deck for c in load_cards()) == {"channels": 60, "lcs": 13, "abwehr": 13}


def test_ids_follow_the_fixed_width_scheme():
    ids = [c.id for c in load_cards()]
    expected = [f"ic-{col}-{i:02d}" for col in COLOURS for i in range(1, 13)]
    expected += [f"lcs-{i:02d}" for i in range(1, 14)] + [f"abw-{i:02d}" for i in range(1, 14)]
    assert ids == expected
    assert cards_by_id()["ic-pink-01"].values == (1, 13)


def test_no_id_is_a_substring_of_another():
    """Ids are leak probes: finding one in a view must mean that card, not a longer id."""
    ids = [c.id for c in load_cards()]
    assert [(a, b) for a in ids for b in ids if a != b and a in b] == []


@pytest.mark.parametrize("colour", COLOURS)
def test_each_colour_has_the_b2_structure(colour):
    """B2: per colour 1/13, 2-12; 5-7 Spy (Active Agent), 1/13 and 11-12 Double Agent, all with x3."""
    cards = [c for c in ic() if c.colours == (colour,)]
    assert [list(c.values) for c in cards] == IC_POSITIONS
    for card in cards:
        low = card.values[0]
        if low in SPY_VALUES:
            assert (card.effect, card.params) == ("spy", {}), card.id
        elif low in DOUBLE_AGENT_VALUES:
            assert (card.effect, card.params) == ("double_agent", {"n": 3}), card.id
        else:
            assert card.effect is None and card.params == {}, card.id
        if card.effect:
            assert "x3" in card.steps, f"{card.id}: its effect only happens face-up (B2)"
    assert len([c for c in ic() if colour in c.colours]) == 12


def test_ic_cards_are_single_coloured_and_named_for_their_sector():
    """B1 sector names; the 1/13 card is named '... 1/13'."""
    sectors = {"pink": "South of France", "red": "Sardinia/Corsica", "blue": "Sicily",
               "green": "Peloponnese", "purple": "Dodecanese"}
    for card in ic():
        assert len(card.colours) == 1
        label = "1/13" if card.values == (1, 13) else str(card.values[0])
        assert card.name == f"{sectors[card.colours[0]]} {label}"


def test_exactly_one_ultra_and_it_is_the_lcs_card_named_ultra():
    """B3: Ultra is LCS only, played in Intelligence Assessment, lies beside the tableau with 1 recon icon."""
    ultras = [c for c in load_cards() if c.effect == "ultra"]
    assert [(c.deck, c.name) for c in ultras] == [("lcs", "Ultra")]
    ultra = ultras[0]
    assert (ultra.values, ultra.colours, ultra.steps) == ((), (), ())
    assert ultra.recon == 1 and ultra.raid == 0
    assert "Intelligence Assessment" in ultra.text and "Reconnaissance" in ultra.text


@pytest.mark.parametrize("deck", ["lcs", "abwehr"])
def test_each_side_has_a_defector(deck):
    """B3: Defector cards, at least one per side; resolved in Evidence Results (B9)."""
    defectors = [c for c in deck_cards(deck)
                 if c.effect == "replace" and c.params["source"] == "opponent_discard"]
    assert defectors
    for card in defectors:
        assert "Defector" in card.text and "other player's discard pile" in card.text
        assert card.recon + card.raid >= 1 or card.cancel_recon or card.cancel_raid, \
            f"{card.id}: a replaced card must keep an icon to show (B6)"


def test_a_force_is_replaced_from_own_discard_by_purple():
    """B3 and the FAQ: 'A' Force may be replaced only by a card whose colours include Dodecanese purple."""
    (card,) = [c for c in deck_cards("lcs") if c.name == "'A' Force"]
    assert card.effect == "replace"
    assert card.params == {"source": "own_discard", "colour": "purple"}
    assert card.recon + card.raid >= 1, "B6: the replaced card keeps showing its icon"
    assert "your own discard pile" in card.text and "Dodecanese purple" in card.text


def test_every_replace_card_keeps_an_icon_and_says_where_from():
    """B6: the replaced card contributes only its icons, so it must have one."""
    for card in load_cards():
        if card.effect == "replace":
            assert card.recon + card.raid >= 1 or card.cancel_recon or card.cancel_raid, card.id
            assert "discard pile" in card.text and "Evidence Results" in card.text, card.id


def test_multi_value_and_multi_colour_cards_exist_and_say_so():
    """B3: cards with more than one number and/or colour; fixed in Evidence Results, Abwehr first."""
    multi_value = [c for c in load_cards() if len(c.values) > 1]
    multi_colour = [c for c in load_cards() if len(c.colours) > 1]
    assert [c for c in multi_value if c.deck != "channels"] and multi_colour
    for card in multi_value + multi_colour:
        assert "Evidence Results" in card.text and "Abwehr chooses first" in card.text, card.id
        for v in card.values:
            assert str(v) in card.text, card.id
        for colour in card.colours:
            assert colour in card.text, card.id


def test_cancel_icons_exist_and_are_explained():
    """B3 / B9: icons that cancel ALL Reconnaissance or ALL Raid icons of the other tableau."""
    cancel_recon = [c for c in load_cards() if c.cancel_recon]
    cancel_raid = [c for c in load_cards() if c.cancel_raid]
    assert cancel_recon and cancel_raid
    for card in cancel_recon:
        assert "cancels ALL Reconnaissance icons" in card.text, card.id
    for card in cancel_raid:
        assert "cancels ALL Raid icons" in card.text, card.id


def test_dc_look_cards_exist():
    """B3: cards that let a player look through and reorder the Double-Cross deck."""
    looks = [c for c in specials() if c.effect == "dc_look"]
    assert looks
    for card in looks:
        assert 2 <= card.params["n"] <= 5
        assert f"top {card.params['n']} cards of the Double-Cross deck" in card.text


def test_spy_and_double_agent_text_names_the_effect_and_when_it_happens():
    """B2 and the rulebook's Double-Cross deck examples (Active Agent draws 2, Double Agent looks at 3)."""
    for card in ic():
        if card.effect == "spy":
            assert "Active Agent (only when played face-up in First Three Cards)" in card.text
            assert "top 2 cards of the Intelligence Channels deck" in card.text
            assert "Double-Cross deck" in card.text
        if card.effect == "double_agent":
            assert "Double Agent (only when played face-up in First Three Cards)" in card.text
            assert "top 3 cards of the Double-Cross deck" in card.text


def test_peek_and_recover_text_matches_params():
    for card in load_cards():
        if card.effect == "peek_hand":
            assert f"look at {card.params['n']} cards chosen at random from the other player's hand" in card.text
        if card.effect == "recover":
            assert "from your own discard pile" in card.text and "instead of your normal draw" in card.text
            colour = card.params["colour"]
            assert colour is None or colour in card.text


def test_design_document_shows_every_special_card_as_in_the_data():
    """docs/barclay-cards.md must not drift from the data players see."""
    doc = (Path(__file__).resolve().parent.parent / "docs" / "barclay-cards.md").read_text(encoding="utf-8")
    for card in specials():
        assert card.text in doc and card.flavour in doc, card.id


def test_every_card_but_ultra_is_playable_in_some_step():
    """B2 / B7: every card can be played in at least one step."""
    unplayable = [c.id for c in load_cards() if not c.steps and c.effect != "ultra"]
    assert unplayable == []


def test_face_up_effects_are_on_cards_that_can_be_played_face_up():
    """An effect that happens only face-up would be dead text on an x2-only card."""
    for card in load_cards():
        if card.effect in FACE_UP_EFFECTS:
            assert "x3" in card.steps, card.id
            assert "First Three Cards" in card.text, card.id


def test_text_states_the_play_steps():
    """A player reading only the text must know when the card can be played."""
    wording = {
        ("x3", "x2"): "Play face-up in First Three Cards or face-down in Final Two Cards.",
        ("x3",): "Play only face-up in First Three Cards.",
        ("x2",): "Play only face-down in Final Two Cards.",
    }
    for card in load_cards():
        if card.effect != "ultra":
            assert wording[card.steps] in card.text, card.id


def test_text_states_the_icons():
    for card in load_cards():
        if card.recon:
            assert f"{card.recon} Reconnaissance" in card.text, card.id
        if card.raid:
            assert f"{card.raid} Raid" in card.text, card.id
        if not (card.recon or card.raid):
            assert "Icons:" not in card.text, card.id


def test_every_effect_key_is_in_the_engine_vocabulary():
    used = {c.effect for c in load_cards()} - {None}
    assert used <= EFFECTS
    assert {"spy", "double_agent", "ultra", "replace", "peek_hand", "recover", "dc_look", "leak"} == EFFECTS


def test_special_cards_have_name_text_and_one_sentence_flavour():
    """B3: every special card's full text is shown in-app."""
    for card in specials():
        assert card.name and card.text and card.flavour, card.id
        assert card.flavour.endswith(".") and card.flavour.count(". ") == 0, card.id
        if card.effect != "ultra":
            assert card.values and card.colours and card.steps, card.id
    names = [c.name for c in load_cards()]
    assert len(set(names)) == len(names)


def test_each_step_has_a_fair_share_of_playable_ic_cards():
    """B2 / B7: bound chosen: in each step at least 60% of IC cards (and 6 of 12 per colour) are
    playable, and a 4-card hand of IC cards has at most a 2% chance to hold nothing playable."""
    cards = ic()
    for step in ("x3", "x2"):
        playable = [c for c in cards if c.playable_in(step)]
        assert len(playable) >= 0.6 * len(cards), step
        for colour in COLOURS:
            assert sum(1 for c in playable if colour in c.colours) >= 6, (step, colour)
        stuck = comb(len(cards) - len(playable), 4) / comb(len(cards), 4)
        assert stuck <= 0.02, (step, stuck)
    both = sum(1 for c in cards if c.steps == ("x3", "x2"))
    assert 0.4 * len(cards) <= both <= 0.6 * len(cards)


def test_recon_and_raid_icons_are_spread_so_the_box_is_contested():
    """B9 Recon/Raid box: 0-2 icons per IC card, recon and raid totals equal per colour;
    the two side decks within 2 icons of each other (B14 tunes this later)."""
    for card in ic():
        assert card.recon + card.raid <= 2, card.id
    for colour in COLOURS:
        mine = [c for c in ic() if colour in c.colours]
        assert sum(c.recon for c in mine) == sum(c.raid for c in mine), colour
        assert 6 <= sum(1 for c in mine if c.recon or c.raid) <= 9, colour
    lcs = sum(c.recon + c.raid for c in deck_cards("lcs"))
    abw = sum(c.recon + c.raid for c in deck_cards("abwehr"))
    assert abs(lcs - abw) <= 2
    assert sum(c.cancel_recon for c in deck_cards("lcs")) == sum(c.cancel_recon for c in deck_cards("abwehr"))
    assert sum(c.cancel_raid for c in deck_cards("lcs")) == sum(c.cancel_raid for c in deck_cards("abwehr"))


def test_sides_use_the_same_mechanisms_apart_from_ultra():
    """B14: the two special decks mirror each other card for card, except the LCS Ultra and the
    Abwehr's two leak cards, which are otherwise the mirror of an effect-less LCS card."""
    def signature(card):
        source = card.params.get("source")
        effect = None if card.effect == "leak" else card.effect
        return (effect, source, len(card.values) > 1, len(card.colours) > 1,
                card.cancel_recon, card.cancel_raid)

    lcs = Counter(signature(c) for c in deck_cards("lcs") if c.effect != "ultra")
    abw = Counter(signature(c) for c in deck_cards("abwehr"))
    assert sum(lcs.values()) == 12 and sum(abw.values()) == 13
    assert not (lcs - abw), lcs - abw


def test_only_the_abwehr_has_leak_cards_two_of_them():
    """B14 balance change (docs/barclay-cards.md): the Abwehr's Josephine and Cicero leak one token each."""
    leaks = {c.id: c.params["n"] for c in specials() if c.effect == "leak"}
    assert leaks == {"abw-03": 1, "abw-13": 1}


# --- the loader ----------------------------------------------------------------------------


def mutated(card_id, **changes):
    data = copy.deepcopy(raw_data())
    for card in data["cards"]:
        if card["id"] == card_id:
            card.update(changes)
    return data


@pytest.mark.parametrize("changes, message", [
    ({"effect": "teleport"}, "unknown effect 'teleport'"),
    ({"colours": ["orange"]}, "colours has 'orange'"),
    ({"values": [14]}, "values must be ints 1-13"),
    ({"values": [0]}, "values must be ints 1-13"),
    ({"deck": "allies"}, "deck 'allies'"),
    ({"steps": ["x4"]}, "steps has 'x4'"),
    ({"recon": -1}, "recon must be an int >= 0"),
    ({"params": {"n": 3}}, "takes params"),
    ({"steps": []}, "at least one value, one colour and one play step"),
])
def test_invalid_card_data_is_refused_with_a_readable_message(changes, message):
    with pytest.raises(ValueError, match=message) as info:
        parse_cards(mutated("ic-blue-07", **changes))
    assert "ic-blue-07" in str(info.value)


def test_duplicate_and_nested_ids_are_refused():
    data = raw_data()
    data["cards"][1]["id"] = data["cards"][0]["id"]
    with pytest.raises(ValueError, match="ic-pink-01: duplicate id"):
        parse_cards(data)
    data = raw_data()
    data["cards"][0]["id"] = "lcs-0"
    with pytest.raises(ValueError, match="substring"):
        parse_cards(data)


def test_unknown_fields_and_a_bad_replace_source_are_refused():
    data = mutated("lcs-05", secret_power=True)
    with pytest.raises(CardDataError, match="unknown fields"):
        parse_cards(data)
    with pytest.raises(CardDataError, match="params.source"):
        parse_cards(mutated("lcs-05", params={"source": "bag", "colour": None}))


def test_missing_or_broken_file_gives_a_clear_error(tmp_path):
    missing = tmp_path / "cards.json"
    with pytest.raises(CardDataError, match="cannot read the Barclay card file"):
        read_cards(missing)
    missing.write_text("{not json", encoding="utf-8")
    with pytest.raises(CardDataError, match="not valid JSON"):
        read_cards(missing)
    missing.write_text('{"version": 2, "cards": []}', encoding="utf-8")
    with pytest.raises(CardDataError, match="version"):
        read_cards(missing)


def test_loading_is_lazy_cached_and_pygame_free():
    """Rules layer: no pygame, no work at import time; load_cards() reads once."""
    code = (
        "import sys\n"
        "from barclay_desktop.rules.barclay import cards as m\n"
        "assert m.load_cards.cache_info().currsize == 0\n"
        "assert m.load_cards() is m.load_cards() and m.cards_by_id() is m.cards_by_id()\n"
        "assert 'pygame' not in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_cards_are_frozen_and_hashable():
    card = cards_by_id()["lcs-02"]
    with pytest.raises(AttributeError):
        card.recon = 5
    assert {card: 1}[card] == 1
    with pytest.raises(TypeError):
        cards_by_id()["lcs-02"] = card
