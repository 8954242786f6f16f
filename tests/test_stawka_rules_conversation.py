"""Stawka conversation, investigation track, secrets, victory and the carry-over.

Rulebook: Conversation 1-3 with Examples 1-3, Investigation Track 1-4,
Scenario 1 victory conditions and the note on carrying evidence over;
rulings K3, K4, K5, K6, K13 (one conversation per pair per stage), K15 (items
only for the activated agent).
"""

import pytest

from barclay_desktop.rules.core import IllegalAction
from barclay_desktop.rules.stawka import actions as A
from barclay_desktop.rules.stawka.conversation import rank_test_passes
from barclay_desktop.rules.stawka.rules import doc, item, track_range
from barclay_desktop.rules.stawka.state import GERMAN, POLISH
from tests.stawka_helpers import activation_position, cast, dice, dice_events, events, new_game, plan, touch

HOTEL = "hitlerplatz.hotel"


def meeting(polish: dict, german: dict, first=POLISH):
    g = activation_position(new_game(), first=first)
    cast(g, polish, german)
    return g


def test_example_1_equal_ranks_talk_without_a_die():
    """Example 1: Jacek (rank 3) meets Bruno Dreher (rank 3): the conversation takes place without a rank die."""
    g = meeting({"jacek": HOTEL}, {"bruno_dreher": HOTEL})
    dice(g, 3, 3)  # only the two effectiveness dice
    g.apply(A.Converse("jacek", "bruno_dreher"), POLISH)
    assert not dice_events(g, "rank")
    assert [e.data["dice"] for e in dice_events(g, "conversation")] == [[3, 3]]
    assert g.state.evidence[POLISH]["purple"] == 1  # 6 against Bruno's single 6: 1 evidence (K4)


def test_example_2_lower_rank_rolls_3_no_conversation():
    """Example 2: Ingrid (4) meets Brunner (8); she must roll above the difference 4 - a 3 means no conversation."""
    g = meeting({"ingrid_heizer": HOTEL}, {"hermann_brunner": HOTEL})
    dice(g, 3)
    g.apply(A.Converse("ingrid_heizer", "hermann_brunner"), POLISH)
    (rank,) = dice_events(g, "rank")
    assert rank.data["dice"] == [3] and rank.data["passed"] is False and rank.to is None  # shown to both (K6)
    assert not dice_events(g, "conversation")
    assert g.state.evidence[POLISH]["black"] == 0
    assert g.state.agents["ingrid_heizer"].ap_used == 1  # initiating costs 1 AP even when no talk follows


def test_example_3_roll_5_talks_and_ingrids_trait_turns_9_into_an_11_double():
    """Example 3 and its continuation: a 5 beats the difference 4; 4 + 5 = 9 is a single against Brunner,
    +2 from Ingrid's trait makes 11, a double (2 evidence against black)."""
    g = meeting({"ingrid_heizer": HOTEL}, {"hermann_brunner": HOTEL})
    assert doc(g.state, "hermann_brunner").conversation.outcome(9) == "single"
    dice(g, 5, 4, 5)
    g.apply(A.Converse("ingrid_heizer", "hermann_brunner"), POLISH)
    (conv,) = dice_events(g, "conversation")
    assert conv.data["dice"] == [4, 5] and conv.data["total"] == 11 and conv.data["result"] == "double"
    assert ["Ingrid Heizer's trait", 2] in conv.data["modifiers"]
    assert g.state.evidence[POLISH]["black"] == 2
    assert g.view(GERMAN)["last_dice"]["total"] == 11  # the last roll is shown to both


def test_example_3_continued_flowers_and_the_track_make_brunners_11_a_secret():
    """Example 3 continued: Brunner's 3 + 5 + 2 (flowers) + 1 (track, 3 evidence: located) = 11 is a secret
    against Ingrid; the secret resets that track (K4)."""
    g = meeting({"ingrid_heizer": HOTEL}, {"hermann_brunner": HOTEL}, first=GERMAN)
    s = g.state
    s.agents["hermann_brunner"].items.append("hotel.5")  # Flowers, +2 to the conversation roll
    s.stacks[HOTEL].remove("hotel.5")
    s.evidence[GERMAN]["yellow"] = 3
    touch(g)
    assert A.Converse("hermann_brunner", "ingrid_heizer", ("hotel.5",)) in g.legal_actions(GERMAN)
    dice(g, 3, 5)
    g.apply(A.Converse("hermann_brunner", "ingrid_heizer", ("hotel.5",)), GERMAN)
    (conv,) = dice_events(g, "conversation")
    assert conv.data["total"] == 11 and conv.data["result"] == "secret"
    assert s.secrets[GERMAN] == 1 and s.evidence[GERMAN]["yellow"] == 0
    assert "hotel.5" in s.discarded  # flowers are single use and now shown to both
    assert "hotel.5" in s.seen[POLISH]


def test_rank_test_rule():
    """Conversation 2: higher or equal rank talks; lower rank needs a die above the difference."""
    assert rank_test_passes(3, 3, None)
    assert rank_test_passes(8, 4, None)
    assert not rank_test_passes(4, 8, 3) and not rank_test_passes(4, 8, 4) and rank_test_passes(4, 8, 5)


def test_a_secret_needs_three_evidence_otherwise_it_is_a_double():
    """K4 / Investigation Track 4: only an agent with at least 3 evidence may reveal a secret."""
    g = meeting({"hans_kloss": HOTEL}, {"glaubel": HOTEL})
    g.state.evidence[POLISH]["yellow"] = 2
    dice(g, 6, 6)  # 12 >= Glaubel's secret 11
    g.apply(A.Converse("hans_kloss", "glaubel"), POLISH)
    assert dice_events(g, "conversation")[0].data["result"] == "double"
    assert g.state.secrets[POLISH] == 0 and g.state.evidence[POLISH]["yellow"] == 4


@pytest.mark.parametrize(
    "value,name,mod",
    [(0, "under observation", 0), (2, "under observation", 0), (3, "located", 1), (5, "located", 1),
     (6, "suspected", 2), (7, "suspected", 2), (8, "wanted", 3), (9, "wanted", 3), (10, "exposed", 3)],
)
def test_investigation_track_ranges(value, name, mod):
    """K5: 0-2 under observation, 3-5 located +1, 6-7 suspected +2, 8-9 wanted +3, 10 exposed."""
    assert track_range(value) == (name, mod)


def test_evidence_stops_at_ten():
    """K5: each track runs 0-10 (evidence beyond 10 is lost in scenario 1)."""
    g = meeting({"hans_kloss": HOTEL}, {"glaubel": HOTEL})
    g.state.evidence[POLISH]["blue"] = 9
    from barclay_desktop.rules.stawka.flow import gain_evidence

    assert gain_evidence(g, POLISH, "blue", 2, "test") == 1 and g.state.evidence[POLISH]["blue"] == 10


def test_k15_the_targets_items_do_not_count_in_a_conversation_it_does_not_roll():
    """K15 and Item Tiles 3 ("an item may be used only by an activated agent", stawka.en.txt line 297): the
    target of a conversation does not roll, so even its face-up '*' Waiter's apron does not lower the roll."""
    g = meeting({"hans_kloss": HOTEL}, {"glaubel": HOTEL})
    g.state.agents["glaubel"].items.append("cafe.5")  # Waiter's apron, '*'
    g.state.stacks["hitlerplatz.cafe"].remove("cafe.5")
    touch(g)
    dice(g, 5, 5)
    g.apply(A.Converse("hans_kloss", "glaubel"), POLISH)
    conv = dice_events(g, "conversation")[0]
    assert conv.data["modifiers"] == [] and conv.data["total"] == 10
    assert conv.data["result"] == "double"  # 10 against Glaubel's 8/10/11; the apron's -1 would have made a single
    apron = item("cafe.5")  # its text says when it works: only for its activated holder, in the ADVANCED rules
    assert apron.level == "advanced" and "while he is activated" in apron.text


def test_klosss_trait_rerolls_a_failed_rank_test_once_a_stage():
    """Kloss (Oberleutnant document, K3): once per stage he may roll a failed rank test again."""
    g = meeting({"hans_kloss": HOTEL}, {"hermann_brunner": HOTEL, "stedtke": HOTEL})
    dice(g, 1)  # 1 is not above the difference 1
    g.apply(A.Converse("hans_kloss", "hermann_brunner"), POLISH)
    assert g.state.pending[0].kind == "rank_reroll"
    assert set(g.legal_actions(POLISH)) == {A.RerollRank(), A.AcceptRoll()}
    dice(g, 2, 3, 4)
    g.apply(A.RerollRank(), POLISH)
    assert [e.data["passed"] for e in dice_events(g, "rank")] == [False, True]
    assert dice_events(g, "conversation")[0].data["dice"] == [3, 4]
    # a second failure in the same stage (with another agent: K13 spent the pair): no re-roll left
    g.apply(A.EndActivation(), POLISH)
    g.apply(A.GiveUp(), GERMAN)
    dice(g, 1)  # not above Stedtke's difference 2
    g.apply(A.Converse("hans_kloss", "stedtke"), POLISH)
    assert not g.state.pending
    assert len(dice_events(g, "rank")) == 3


def test_declining_the_rank_reroll_means_no_conversation():
    g = meeting({"hans_kloss": HOTEL}, {"hermann_brunner": HOTEL})
    dice(g, 1)
    g.apply(A.Converse("hans_kloss", "hermann_brunner"), POLISH)
    g.apply(A.AcceptRoll(), POLISH)
    assert not dice_events(g, "conversation") and not g.state.agents["hans_kloss"].rank_reroll_used


def test_a_reroll_item_rolls_the_conversation_again_and_the_second_result_stands():
    """Item effect reroll_conversation (Cognac, single use)."""
    g = meeting({"hans_kloss": HOTEL}, {"glaubel": HOTEL})
    g.state.agents["hans_kloss"].items.append("officers_apartments.3")
    g.state.stacks["hitlerplatz.officers_apartments"].remove("officers_apartments.3")
    touch(g)
    dice(g, 5, 5, 1, 2)
    g.apply(A.Converse("hans_kloss", "glaubel"), POLISH)
    assert g.state.pending[0].kind == "conversation_reroll"
    g.apply(A.RerollConversation("officers_apartments.3"), POLISH)
    rolls = dice_events(g, "conversation")
    assert [r.data["result"] for r in rolls] == ["double", "none"]  # 10, then 3: the second stands
    assert g.state.evidence[POLISH]["yellow"] == 0
    assert "officers_apartments.3" in g.state.discarded


def test_conversation_needs_both_agents_on_one_space():
    g = meeting({"hans_kloss": HOTEL}, {"glaubel": "hitlerplatz.theatre"})
    with pytest.raises(IllegalAction, match="not on Hans Kloss's space"):
        g.apply(A.Converse("hans_kloss", "glaubel"), POLISH)


# ------------------------------------------------------------------ victory and carry-over


def test_two_secrets_win_at_once_and_the_winner_may_keep_one_track_whole():
    """Scenario 1: two secrets win immediately; half the evidence is kept (rounded up), the winner may keep
    one track whole; the campaign data is stored for scenario 2."""
    g = meeting({"hans_kloss": HOTEL}, {"glaubel": HOTEL})
    s = g.state
    s.secrets[POLISH] = 1
    s.evidence[POLISH].update(yellow=3, blue=5, purple=1, black=0)
    s.evidence[GERMAN].update(black=7, yellow=3)
    touch(g)
    dice(g, 5, 5)  # 10 + 1 (track) = 11 >= Glaubel's secret
    g.apply(A.Converse("hans_kloss", "glaubel"), POLISH)
    assert [e.kind for e in events(g, "victory")] == ["victory"]
    assert g.current_seat() == POLISH and not g.is_over()
    assert set(g.legal_actions(POLISH)) == {A.KeepTrackWhole("blue"), A.KeepTrackWhole(None)}  # yellow was reset
    g.apply(A.KeepTrackWhole("blue"), POLISH)
    assert g.is_over() and g.result.winner == POLISH and g.result.kind == "secrets"
    carry = g.state.carry_over
    assert carry["evidence"][POLISH] == {"yellow": 0, "purple": 1, "blue": 5, "black": 0}
    assert carry["evidence"][GERMAN] == {"yellow": 2, "purple": 0, "blue": 0, "black": 4}
    assert carry["next_scenario"] == "first_clash" and carry["kept_whole"] == {POLISH: "blue", GERMAN: None}
    assert g.view(GERMAN)["carry_over"] == carry


def test_a_german_winner_may_not_keep_the_track_against_kloss_whole():
    """Scenario 1 note: "The winner may choose not to reduce one of the tracks (except Kloss)"."""
    g = meeting({"hans_kloss": "hitlerplatz.cafe", "ingrid_heizer": HOTEL}, {"glaubel": HOTEL}, first=GERMAN)
    s = g.state
    s.secrets[GERMAN] = 1
    s.evidence[GERMAN].update(black=9, purple=4, yellow=3)
    touch(g)
    dice(g, 5, 5)  # equal ranks 4 and 4; 10 + 1 (track) = 11 = Ingrid's secret
    g.apply(A.Converse("glaubel", "ingrid_heizer"), GERMAN)
    assert s.winner == GERMAN and s.evidence[GERMAN]["yellow"] == 0
    assert set(g.legal_actions(GERMAN)) == {A.KeepTrackWhole("purple"), A.KeepTrackWhole(None)}
    with pytest.raises(IllegalAction):
        g.apply(A.KeepTrackWhole("black"), GERMAN)
    g.apply(A.KeepTrackWhole("purple"), GERMAN)
    assert g.result.winner == GERMAN
    assert g.state.carry_over["evidence"][GERMAN] == {"yellow": 0, "purple": 4, "blue": 0, "black": 5}


def test_draw_after_stage_8_halves_every_track_rounded_up():
    g = new_game()
    g.state.evidence[POLISH].update(yellow=5, blue=1)
    g.state.evidence[GERMAN].update(black=4)
    g.state.stage = 8
    touch(g)
    from tests.stawka_helpers import give_up_stage

    give_up_stage(g, "polish_1", "german_1")
    assert g.result.winner is None and g.result.kind == "draw"
    assert g.state.carry_over["evidence"][POLISH] == {"yellow": 3, "purple": 0, "blue": 1, "black": 0}
    assert g.state.carry_over["evidence"][GERMAN]["black"] == 2
    assert g.state.carry_over["kept_whole"] == {POLISH: None, GERMAN: None}


def test_evidence_shield_trait_ignores_the_first_evidence_each_stage():
    """Trait evidence_shield (Christianson, the Old Lady): the first evidence against the agent each stage is
    ignored (docs/stawka-rules-notes.md 22)."""
    g = meeting({"christianson": HOTEL}, {"glaubel": HOTEL}, first=GERMAN)
    dice(g, 6, 6, 6)  # Glaubel rank 4 vs Christianson 5: die 6 > 1; then 12 against 7/9/11: a double (no 3 evidence)
    g.apply(A.Converse("glaubel", "christianson"), GERMAN)
    assert g.state.evidence[GERMAN]["blue"] == 1 and events(g, "evidence_shield")
    from barclay_desktop.rules.stawka.flow import gain_evidence

    gain_evidence(g, GERMAN, "blue", 2, "test")  # the second gain this stage counts in full
    assert g.state.evidence[GERMAN]["blue"] == 3


def test_conversation_defence_trait_lowers_enemy_rolls():
    """Trait conversation_defence (Barbara Reczko): -1 to enemy conversation rolls against her."""
    g = meeting({"barbara_reczko": HOTEL}, {"glaubel": HOTEL}, first=GERMAN)
    dice(g, 3, 4)  # Glaubel (rank 4) outranks Barbara (3): no rank die
    g.apply(A.Converse("glaubel", "barbara_reczko"), GERMAN)
    conv = dice_events(g, "conversation")[0]
    assert ["Barbara Reczko's trait", -1] in conv.data["modifiers"] and conv.data["total"] == 6
    assert conv.data["result"] == "none"  # 6 is below her single 7


# ------------------------------------------------------------------ K13: one conversation per pair per stage


def end_turns(g) -> None:
    """Both players give up the stage (the current one first); the next stage's planning begins."""
    g.apply(A.GiveUp(), g.current_seat())
    g.apply(A.GiveUp(), g.current_seat())


def test_k13_a_pair_talks_once_a_stage_whoever_initiates_and_again_next_stage():
    """K13, from Arrest Action 3's note ("if the German agent has already talked to the Polish agent in this
    stage, he cannot arrest him", stawka.en.txt line 334): Kloss talked to Glaubel, so neither may start
    another conversation of that pair this stage; the pair is public and every pair may talk again next stage."""
    g = meeting({"hans_kloss": HOTEL}, {"glaubel": HOTEL})
    dice(g, 1, 1)
    g.apply(A.Converse("hans_kloss", "glaubel"), POLISH)
    assert g.view(GERMAN)["talked"] == [["glaubel", "hans_kloss"]] == g.view(None)["talked"]
    g.apply(A.EndActivation(), POLISH)
    assert not any(isinstance(a, A.Converse) for a in g.legal_actions(GERMAN))
    with pytest.raises(IllegalAction, match="Glaubel and Hans Kloss have already had their conversation this stage"):
        g.apply(A.Converse("glaubel", "hans_kloss"), GERMAN)
    g.apply(A.Search("glaubel"), GERMAN)  # Glaubel may still act otherwise
    g.apply(A.KeepItem(g.state.pending[0].items[0]), GERMAN)
    g.apply(A.EndActivation(), GERMAN)
    assert A.Converse("hans_kloss", "glaubel") not in g.legal_actions(POLISH)  # nor the initiator again
    end_turns(g)
    plan(g, "polish_1", "german_2")  # Polish activates first (lower priority)
    assert g.state.stage == 2 and g.view(POLISH)["talked"] == []
    assert A.Converse("hans_kloss", "glaubel") in g.legal_actions(POLISH)


def test_k13_a_failed_rank_test_uses_up_the_pair_but_not_the_agents_other_pairs():
    """K13: "A failed rank test also uses it up" (Conversation 2: the rank test is part of initiating it)."""
    g = meeting({"ingrid_heizer": HOTEL}, {"hermann_brunner": HOTEL, "glaubel": HOTEL})
    dice(g, 3)  # not above the difference 4
    g.apply(A.Converse("ingrid_heizer", "hermann_brunner"), POLISH)
    g.apply(A.EndActivation(), POLISH)
    talks = {(a.agent, a.target) for a in g.legal_actions(GERMAN) if isinstance(a, A.Converse)}
    assert talks == {("glaubel", "ingrid_heizer")}  # Brunner's pair with Ingrid is spent, Glaubel's is not
    g.apply(A.GiveUp(), GERMAN)
    talks = {(a.agent, a.target) for a in g.legal_actions(POLISH) if isinstance(a, A.Converse)}
    assert talks == {("ingrid_heizer", "glaubel")}


def test_k13_an_agent_whose_only_partner_is_spent_is_not_activated_for_a_conversation():
    """K13 with Activating an Agent 2: with 1 AP left an agent is activated only for a 1-AP action, and a spent
    pair offers none."""
    g = meeting({"hans_kloss": HOTEL}, {"glaubel": HOTEL}, first=GERMAN)
    g.state.agents["glaubel"].ap_used = 3  # limit 4: one AP left
    g.state.talked = [["glaubel", "hans_kloss"]]
    touch(g)
    assert not any(getattr(a, "agent", None) == "glaubel" for a in g.legal_actions(GERMAN))


def test_k13_a_save_from_before_the_ruling_loads_with_no_spent_pair():
    """The spent pairs are a new field of the save: an older save without it loads as "nobody talked yet"."""
    g = meeting({"hans_kloss": HOTEL}, {"glaubel": HOTEL})
    data = g.to_json()
    del data["state"]["talked"]
    again = type(g).from_json(data)
    again.check_state()
    assert again.state.talked == [] and A.Converse("hans_kloss", "glaubel") in again.legal_actions(POLISH)


def test_the_rank_reroll_prompt_names_whose_trait_it_is():
    """Kloss's trait 'may roll a failed rank test again': with two agents on a side the prompt says whose."""
    from barclay_desktop.rules.stawka.legal import prompt
    from barclay_desktop.rules.stawka.state import Pending

    g = activation_position(new_game())
    g.state.pending = [Pending("rank_reroll", POLISH, "hans_kloss", target="marta_becher")]
    assert str(prompt(g.state, POLISH, POLISH)).startswith("The rank test failed: roll it again with Hans Kloss's trait")
