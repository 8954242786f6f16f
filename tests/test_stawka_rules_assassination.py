"""Stawka assassination and combat (EXTENDED): the attack, the shot fired back, first aid and death.

Rulebook, Assassination 1-3 with its example (Jacek and Marta Becher); rulings K9, K13, K15; our
P9 (support), P24-P27 (docs/stawka-rules-notes.md).
"""

from __future__ import annotations

import json
import random

import pytest

from barclay_desktop.rules.core import IllegalAction
from barclay_desktop.rules.stawka import actions as A
from barclay_desktop.rules.stawka import assassination, content, missions
from barclay_desktop.rules.stawka.rules import colour, doc
from barclay_desktop.rules.stawka.state import GERMAN, POLISH
from tests.stawka_helpers import activation_position, cast, dice, dice_events, events, new_game, put_threat, touch
from tests.test_stawka_first_clash import first_clash
from tests.test_stawka_rules_missions import fc, give_items, give_mission, of_type

S4, S8 = "hitlerplatz.s4", "hitlerplatz.s8"
BAYONET, PISTOL, RIFLE, REVOLVER, KIT = "jail.1", "gestapo.1", "police_station.1", "officers_apartments.5", "hospital.1"


def example(jacek_items=(BAYONET,), marta_items=(PISTOL,), jacek_at=S4, marta_at=S8):
    """Assassination, Example: Jacek (card jacek.1: liquidate the enemy blue agent) with a bayonet next to
    Marta Becher (blue) with a pistol; the German track against purple at 4; Polish to act."""
    g = fc({"jacek": jacek_at, "ingrid_heizer": "administrative.courts"},
           {"marta_becher": marta_at, "glaubel": "police.gestapo"})
    give_items(g, "jacek", *jacek_items)
    give_items(g, "marta_becher", *marta_items)
    give_mission(g, "jacek", "jacek.1")
    g.state.evidence[GERMAN]["purple"] = 4
    touch(g)
    return g


def test_the_rulebook_example_jacek_attacks_marta_becher_and_dies_in_the_combat():
    """Assassination, Example A-F (the plan 3.3): 7 is not above Marta's Defence 8; her 8 + 2 (pistol) beats
    Jacek's Defence (7 here; the rulebook prints 8: 10 > 8 as well); Jacek is liquidated, his card and items
    leave the game, and all evidence against him is removed (no 3 evidence for the failed attack)."""
    g = example()
    s = g.state
    assert doc(s, "marta_becher").defence == 8 and doc(s, "jacek").defence == 7
    # A: Jacek enters Marta's space; her watcher trait ends his movement there
    assert A.Move("jacek", S8) in g.legal_actions(POLISH)
    g.apply(A.Move("jacek", S8), POLISH)
    assert s.activation.move_stopped
    attack = A.Assassinate("jacek", "marta_becher", BAYONET)
    assert attack in g.legal_actions(POLISH)
    dice(g, 3, 4, 4, 4)
    g.apply(attack, POLISH)
    # B: the card is revealed; C: the bayonet is shown (and spent)
    (shown,) = events(g, "mission_revealed")
    assert shown.to is None and shown.data["card"] == "jacek.1"
    # D: 3 + 4 + 0 = 7, not above 8
    (hit,) = dice_events(g, "assassination")
    assert hit.data["total"] == 7 and hit.data["target"] == 8 and hit.data["passed"] is False
    # E: Marta fires back with her only weapon, no question asked: 4 + 4 + 2 = 10 > 7
    (back,) = dice_events(g, "fire_back")
    assert back.data["total"] == 10 and back.data["target"] == 7 and back.data["passed"] is True
    # F: Jacek leaves the game with his card and items; both weapons are spent
    assert "jacek" not in s.agents and s.dead == ["jacek"]
    assert "jacek.1" in s.missions_done and "jacek" not in s.missions
    assert {BAYONET, PISTOL} <= set(s.discarded) and s.agents["marta_becher"].items == []
    assert BAYONET in s.seen[GERMAN] and PISTOL in s.seen[POLISH]
    assert s.evidence[GERMAN]["purple"] == 0  # not 4 + 3: evidence against a dead agent is removed
    assert s.vp == {POLISH: 0, GERMAN: 0}
    assert s.activation is None and s.turn == GERMAN  # his activation is over and the turn passes
    assert [e.data["agent"] for e in events(g, "liquidated")] == ["jacek"]
    g.check_invariants()
    v = g.view(GERMAN)
    assert v["dead"] == ["jacek"] and [d["card"] for d in v["missions_done"]] == ["jacek.1"]


def test_the_example_the_other_way_marta_dies_and_the_special_pays_4_vp_and_a_secret():
    """The plan 3.3, second case: Jacek rolls 5 + 5 = 10 > 8, Marta fires back 1 + 2 + 2 = 5, not above 7:
    Marta is liquidated, the Polish player gains 4 VP and a secret (P20), his track against blue is cleared."""
    g = example(jacek_at=S8)
    s = g.state
    s.evidence[POLISH]["blue"] = 3
    give_mission(g, "marta_becher", "marta_becher.2")  # her own card leaves with her, face up (P26)
    dice(g, 5, 5, 1, 2)
    g.apply(A.Assassinate("jacek", "marta_becher", BAYONET), POLISH)
    assert dice_events(g, "assassination")[0].data["total"] == 10
    assert dice_events(g, "fire_back")[0].data["total"] == 5
    assert "marta_becher" not in s.agents and s.dead == ["marta_becher"] and "jacek" in s.agents
    assert s.vp[POLISH] == 4 and s.secrets[POLISH] == 1 and "jacek.1" in s.missions_done
    assert s.evidence[POLISH]["blue"] == 0
    assert s.evidence[GERMAN]["purple"] == 4  # the attack did not fail: no 3 evidence
    assert [e.data["part"] for e in events(g, "mission_completed")] == ["special"]
    assert "marta_becher.2" in s.missions_done and "marta_becher" not in s.missions
    (lost,) = events(g, "mission_lost")
    assert lost.to is None and lost.data["card"] == "marta_becher.2"
    g.check_invariants()


def test_both_may_die_and_the_kill_is_still_paid():
    """P25-P26: both rolls are made before either applies; a kill completes the attacker's special even if he
    died in the exchange."""
    g = example(jacek_at=S8)
    s = g.state
    dice(g, 6, 6, 6, 6)
    g.apply(A.Assassinate("jacek", "marta_becher", BAYONET), POLISH)
    assert s.dead == ["marta_becher", "jacek"] and s.vp[POLISH] == 4
    assert s.evidence[GERMAN]["purple"] == 0 and s.activation is None
    g.check_invariants()


def test_assassination_needs_the_matching_mission_and_a_weapon():
    """Assassination 1 and P24: a held card whose special names the target's colour, and a weapon."""
    g = example(jacek_at=S8)
    s = g.state
    assert of_type(g.legal_actions(POLISH), A.Assassinate) == [A.Assassinate("jacek", "marta_becher", BAYONET)]
    give_mission(g, "jacek", "jacek.3")  # special: evidence against purple
    assert not of_type(g.legal_actions(POLISH), A.Assassinate)
    with pytest.raises(IllegalAction, match="holds no mission card ordering an assassination"):
        g.apply(A.Assassinate("jacek", "marta_becher", BAYONET), POLISH)
    del s.missions["jacek"]
    touch(g)
    with pytest.raises(IllegalAction, match="holds no mission card"):
        g.apply(A.Assassinate("jacek", "marta_becher", BAYONET), POLISH)
    give_mission(g, "jacek", "jacek.1")
    g.state.agents["glaubel"].space = S8  # yellow: not the card's colour
    touch(g)
    with pytest.raises(IllegalAction, match="enemy blue agent, not Glaubel"):
        g.apply(A.Assassinate("jacek", "glaubel", BAYONET), POLISH)
    s.agents["jacek"].items.remove(BAYONET)
    s.stacks["police.jail"].append(BAYONET)
    give_items(g, "jacek", "hotel.1")
    assert not of_type(g.legal_actions(POLISH), A.Assassinate)
    with pytest.raises(IllegalAction, match="is not a weapon"):
        g.apply(A.Assassinate("jacek", "marta_becher", "hotel.1"), POLISH)
    assert A.Assassinate("jacek", "marta_becher", BAYONET) not in g.legal_actions(POLISH)
    with pytest.raises(IllegalAction, match="does not hold that item"):
        g.apply(A.Assassinate("jacek", "marta_becher", BAYONET), POLISH)


def test_a_one_space_move_onto_a_watcher_is_offered_when_an_attack_can_follow():
    """Rules note 5 and 8 with P24: with the pair's conversation spent (K13), Jacek's one-space move onto
    Marta Becher's space (her watcher trait ends it there) is legal only because he can attack her."""
    g = example()
    g.state.talked.append(["jacek", "marta_becher"])
    g.state.pools[POLISH] = 2
    touch(g)
    assert A.Move("jacek", S8) in g.legal_actions(POLISH)
    del g.state.missions["jacek"]
    touch(g)
    assert A.Move("jacek", S8) not in g.legal_actions(POLISH)


def test_the_attack_is_no_conversation_and_the_target_must_be_free():
    """K13 untouched by an attack; P15/P24: only free enemy agents are targets."""
    g = example(jacek_at=S8)
    g.state.talked.append(["jacek", "marta_becher"])
    touch(g)
    assert A.Assassinate("jacek", "marta_becher", BAYONET) in g.legal_actions(POLISH)
    g.state.agents["marta_becher"].arrested = True
    touch(g)
    assert not of_type(g.legal_actions(POLISH), A.Assassinate)
    with pytest.raises(IllegalAction, match="in the jail"):
        g.apply(A.Assassinate("jacek", "marta_becher", BAYONET), POLISH)


def test_ranged_weapon_attacks_a_neighbouring_space_and_a_pistol_cannot_fire_back():
    """Assassination 1, K9, P24-P25: a rifle reaches a path neighbour; a bayonet does not; a pistol does not
    reach back across spaces; a failed attack from another space gives no evidence."""
    g = example(jacek_items=(BAYONET, RIFLE))
    s = g.state
    assert of_type(g.legal_actions(POLISH), A.Assassinate) == [A.Assassinate("jacek", "marta_becher", RIFLE)]
    with pytest.raises(IllegalAction, match="reaches only an enemy on Jacek's own space"):
        g.apply(A.Assassinate("jacek", "marta_becher", BAYONET), POLISH)
    dice(g, 2, 3)
    g.apply(A.Assassinate("jacek", "marta_becher", RIFLE), POLISH)
    (hit,) = dice_events(g, "assassination")
    assert hit.data["total"] == 6 and not hit.data["passed"]
    assert not dice_events(g, "fire_back") and s.agents["marta_becher"].items == [PISTOL]
    assert s.evidence[GERMAN]["purple"] == 4 and "jacek" in s.agents and "marta_becher" in s.agents
    assert RIFLE in s.discarded and s.agents["jacek"].items == [BAYONET]
    g.check_invariants()


def test_a_ranged_weapon_fires_back_across_spaces():
    """P25: across spaces only a ranged weapon reaches back (First Clash has one ranged weapon, so this is the
    rule's query); on one space any weapon does."""
    g = example(jacek_items=(), marta_items=(PISTOL, RIFLE))
    assert assassination.fire_back_weapons(g.state, "marta_becher", "jacek") == [RIFLE]
    g.state.agents["jacek"].space = S8
    assert assassination.fire_back_weapons(g.state, "marta_becher", "jacek") == [PISTOL, RIFLE]


def test_failed_attack_on_the_same_space_gives_three_evidence():
    """Assassination 2 NOTE: an unsuccessfully attacked agent on the attacker's space gains 3 evidence
    against the assassin."""
    g = example(jacek_at=S8, marta_items=())
    dice(g, 1, 1)
    g.apply(A.Assassinate("jacek", "marta_becher", BAYONET), POLISH)
    s = g.state
    assert s.evidence[GERMAN]["purple"] == 7 and not dice_events(g, "fire_back")
    assert events(g, "assassination_failed") and s.activation.acted
    g.check_invariants()


def test_the_target_owner_names_the_weapon_when_he_holds_several():
    """Assassination 3 and P25: with two weapons that reach, the German player chooses which fires back; the
    other stays hidden in his hand."""
    g = example(jacek_at=S8, marta_items=(PISTOL, REVOLVER))
    g.apply(A.Assassinate("jacek", "marta_becher", BAYONET), POLISH)
    s = g.state
    assert g.current_seat() == GERMAN and s.pending[0].kind == "fire_back"
    assert set(g.legal_actions(GERMAN)) == {A.FireBackWith(PISTOL), A.FireBackWith(REVOLVER)}
    assert g.view(GERMAN)["pending"]["weapons"][0]["id"] in (PISTOL, REVOLVER)
    assert "weapons" not in g.view(POLISH)["pending"]
    assert "fires back" in g.view(GERMAN)["prompt"]
    with pytest.raises(IllegalAction, match="fires back"):
        g.apply(A.GiveUp(), GERMAN)
    g = type(g).from_json(json.loads(json.dumps(g.to_json())))  # a saved game resumes the combat
    s = g.state
    dice(g, 2, 2, 2, 2)
    g.apply(A.FireBackWith(REVOLVER), GERMAN)
    assert s.agents["marta_becher"].items == [PISTOL] and REVOLVER in s.discarded
    assert dice_events(g, "fire_back")[0].data["total"] == 6
    assert s.evidence[GERMAN]["purple"] == 7  # failed on the same space, attacker alive
    g.check_invariants()


def test_first_aid_kit_is_spent_only_when_it_saves():
    """P27: the first-aid kit (+2) is shown and spent only when it turns a hit into a miss."""
    for rolls, alive, kit_spent in (((4, 5), True, True), ((6, 6), False, False), ((3, 3), True, False)):
        g = example(jacek_at=S8, marta_items=(KIT,))
        dice(g, *rolls)
        g.apply(A.Assassinate("jacek", "marta_becher", BAYONET), POLISH)
        s = g.state
        assert ("marta_becher" in s.agents) == alive, rolls
        assert bool(events(g, "first_aid")) == kit_spent, rolls
        if alive:
            assert (KIT in s.agents["marta_becher"].items) == (not kit_spent)
        assert KIT in s.discarded or KIT in s.agents["marta_becher"].items
        g.check_invariants()


def test_defence_bonus_is_the_reusable_first_aid_only():
    """P27 (and the hook the protection token of P10 will join): a reusable first aid always adds."""
    g = example(marta_items=(KIT,))
    assert assassination.defence_bonus(g.state, "marta_becher") == 0  # a single-use kit is no bonus
    assert assassination.defence(g.state, "marta_becher") == 8


def test_support_windows_open_before_the_attack_roll():
    """P9: a support token of the attacker's side in the sector changes the roll by 1."""
    g = example(jacek_at=S8, marta_items=())
    put_threat(g, "hitlerplatz.s2", "polish.14")
    touch(g)
    g.apply(A.Assassinate("jacek", "marta_becher", BAYONET), POLISH)
    assert g.state.pending[0].kind == "support" and g.current_seat() == POLISH
    dice(g, 4, 4)
    g.apply(A.UseSupport("hitlerplatz.s2"), POLISH)
    (hit,) = dice_events(g, "assassination")
    assert hit.data["total"] == 9 and hit.data["passed"] and "marta_becher" not in g.state.agents


def test_marksman_adds_one():
    """EXTENDED trait marksman (Georg): +1 to his assassination roll."""
    g = fc({"georg": S8}, {"bruno_dreher": S8, "glaubel": "police.gestapo"})
    give_items(g, "georg", BAYONET)
    give_mission(g, "georg", "georg.1")  # special: liquidate the enemy purple agent
    dice(g, 1, 2)
    g.apply(A.Assassinate("georg", "bruno_dreher", BAYONET), POLISH)
    (hit,) = dice_events(g, "assassination")
    assert hit.data["total"] == 4 and [v for _, v in hit.data["modifiers"]] == [0, 1]


def test_a_death_drops_the_dead_from_the_conversation_pairs():
    """P26 housekeeping: K13 pairs with the dead agent go; the invariants hold."""
    g = example(jacek_at=S8, marta_items=())
    g.state.talked.append(["glaubel", "jacek"])
    g.state.talked.append(["jacek", "marta_becher"])
    touch(g)
    dice(g, 6, 6)
    g.apply(A.Assassinate("jacek", "marta_becher", BAYONET), POLISH)
    assert g.state.talked == [["glaubel", "jacek"]]
    g.check_invariants()


def test_meeting_has_no_assassination():
    g = activation_position(new_game())
    cast(g, {"jacek": "hitlerplatz.hotel"}, {"marta_becher": "hitlerplatz.hotel"})
    with pytest.raises(IllegalAction, match="EXTENDED rules"):
        g.apply(A.Assassinate("jacek", "marta_becher", "hotel.1"), POLISH)
    with pytest.raises(IllegalAction, match="no attack to answer"):
        g.apply(A.FireBackWith("hotel.1"), POLISH)


# ------------------------------------------------------------------ whole games


def _eager(rng, g, legal):
    """Random play that prefers the EXTENDED actions and walks towards the chief or the enemy."""
    from tests.stawka_helpers import distances

    s = g.state
    new = [a for a in legal if isinstance(a, (A.TakeMission, A.ClaimMission, A.Assassinate, A.FireBackWith,
                                              A.UseItem))]
    deadly = [a for a in new if isinstance(a, A.Assassinate) or (
        isinstance(a, A.TakeMission) and missions.card(a.card).special.key == "assassinate_colour")]
    if deadly and rng.random() < 0.8:
        return rng.choice(deadly)
    if new and rng.random() < 0.9:
        return rng.choice(new)
    moves = [a for a in legal if isinstance(a, A.Move)]
    if moves and rng.random() < 0.6:
        def distance(a):
            side = s.agents[a.agent].side
            dist = distances(s.scenario, a.to, side)
            col = assassination.mission_colour(s, a.agent)
            if col:  # to the victim
                goal = [e for e, x in s.agents.items() if x.side != side and colour(e) == col]
            elif content.agent(a.agent).chief:  # to an own agent without a card
                goal = [e for e, x in s.agents.items() if x.side == side and e != a.agent and e not in s.missions]
            else:  # to the own chief
                goal = [e for e, x in s.agents.items() if x.side == side and content.agent(e).chief]
            return min([dist.get(s.agents[e].space, 99) for e in goal] or [0])

        return min(moves, key=distance)
    rest = [a for a in legal if not isinstance(a, A.GiveUp)]
    return rng.choice(rest or legal)


def test_random_first_clash_games_with_missions_and_weapons_keep_the_invariants_and_end():
    """Whole First Clash games with every agent armed and eager to take cards and attack: every state checks
    (check_invariants after each action), every pending decision has an answer, the view leaks no held card,
    and every game ends."""
    kinds = set()
    for seed in range(12):
        if {"mission_taken", "mission_completed", "assassination"} <= kinds:
            break
        g = first_clash(seed)
        rng = random.Random(seed)
        armed = False
        for _ in range(5000):
            seat = g.current_seat()
            if seat is None:
                break
            if not armed and g.state.phase == "planning":
                for aid, weapon in (("jacek", PISTOL), ("marta_becher", REVOLVER), ("ingrid_heizer", RIFLE),
                                    ("glaubel", BAYONET)):
                    give_items(g, aid, weapon)
                armed = True
            legal = g.legal_actions(seat)
            assert legal, g.state.pending
            g.apply(_eager(rng, g, legal), seat)
            g.check_invariants()
            for other in (POLISH, GERMAN):
                text = json.dumps(g.view(other))
                assert not [p for p in g.leak_probes(other) if p.startswith('"') and p in text]
        assert g.state.result is not None
        kinds |= {e.kind for e in g.state.log}
    assert {"mission_taken", "mission_completed", "assassination"} <= kinds


def test_eager_games_show_each_seat_the_same_in_its_twin():
    """K12 and P16 (the plan 2.5): in armed, eager First Clash games, at every position where a card is held
    each seat's view, log and legal actions are the same in a twin that changed the cards it may not know,
    and so are the next action's log lines."""
    from barclay_desktop.rules.core.twin import check_position, check_transition, make_twin

    g = first_clash(0)
    rng, twin_rng = random.Random(0), random.Random(99)
    changed = 0
    while g.current_seat() is not None:
        seat = g.current_seat()
        if g.state.phase == "planning" and not g.state.agents["jacek"].items and g.state.stage == 1:
            for aid, weapon in (("jacek", PISTOL), ("marta_becher", REVOLVER), ("ingrid_heizer", RIFLE),
                                ("glaubel", BAYONET)):
                give_items(g, aid, weapon)
        action = _eager(rng, g, g.legal_actions(seat))
        after = g.clone()
        after.apply(action, seat)
        if g.state.missions:
            since = len(g.state.log)
            for who in (POLISH, GERMAN, None):
                twin = make_twin(g, who, twin_rng)
                check_position(g, twin, who)
                check_transition(after, twin, seat, action, who, since, twin_rng)
                changed += any(twin.state.missions[a].card != h.card for a, h in g.state.missions.items())
        g = after
    assert changed >= 10
