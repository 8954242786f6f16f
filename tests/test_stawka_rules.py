"""Stawka BASIC rules: scenario 1 setup, planning cards and stages, activation, movement.

Rulebook sections cited: Planning Cards and Stages (A-H), Activating an Agent
(1-3), Movement of Agents (1-3), Sectors; rulings K1, K3, K7.
"""

import json

import pytest

from barclay_desktop.rules.core import IllegalAction
from barclay_desktop.rules.stawka import actions as A
from barclay_desktop.rules.stawka.scenario import board_for_scenario
from barclay_desktop.rules.stawka.state import GERMAN, POLISH
from tests.stawka_helpers import (
    BOARD,
    activation_position,
    dice,
    dice_events,
    give_up_stage,
    new_game,
    place,
    plan,
    space,
    touch,
)


# ------------------------------------------------------------------ scenario 1 setup


def test_meeting_setup_places_the_four_agents_at_their_printed_locations():
    """Scenario 1, Step 2 A-B: Kloss officers' apartments, Ingrid hotel, Glaubel employment office, Marta theatre."""
    g = new_game()
    where = {aid: a.space for aid, a in g.state.agents.items()}
    assert where == {
        "hans_kloss": "hitlerplatz.officers_apartments",
        "ingrid_heizer": "hitlerplatz.hotel",
        "glaubel": "administrative.employment_office",
        "marta_becher": "hitlerplatz.theatre",
    }
    assert {a.side for aid, a in g.state.agents.items() if aid in ("hans_kloss", "ingrid_heizer")} == {POLISH}
    assert g.state.agents["hans_kloss"].document == "kloss_oberleutnant"  # "the indicated Hans Kloss document"
    assert g.state.stages == 8 and g.state.stage == 1
    assert g.state.options["scenario"] == "meeting"


def test_every_location_gets_its_five_shuffled_item_tiles():
    """Scenario 1, Step 1 and Item Tiles: 5 tiles per location, shuffled (order differs between seeds)."""
    a, b = new_game(seed=1), new_game(seed=2)
    assert set(a.state.stacks) == {s.id for s in BOARD.locations()}
    assert all(len(stack) == 5 for stack in a.state.stacks.values())
    assert any(a.state.stacks[k] != b.state.stacks[k] for k in a.state.stacks)
    assert all(sorted(a.state.stacks[k]) == sorted(b.state.stacks[k]) for k in a.state.stacks)


def test_scenario_1_refuses_another_kloss_document_and_unimplemented_scenarios():
    with pytest.raises(ValueError, match="names Kloss's document"):
        new_game(kloss_document="kloss_j23")
    assert new_game(kloss_document="kloss_oberleutnant").state.agents["hans_kloss"].document == "kloss_oberleutnant"
    from tests.test_stawka_film_plumbing import NO_VICTORY, film_file

    with film_file("i_know_who_you_are", NO_VICTORY), pytest.raises(ValueError, match="not implemented yet"):
        new_game(scenario="i_know_who_you_are")


# ------------------------------------------------------------------ planning cards and stages


def test_planning_choices_are_sequenced_and_secret_until_both_are_made():
    """Stage A: both choose in secret; the client shows a curtain between the two choices (K12)."""
    g = new_game()
    assert g.current_seat() == POLISH
    g.apply(A.ChoosePlan("polish_3"), POLISH)
    assert g.current_seat() == GERMAN
    german_view = json.dumps(g.view(GERMAN))
    assert "polish_3@stage1" not in german_view and "Courier run" not in german_view
    assert "polish_3@stage1" in g.leak_probes(GERMAN)
    assert g.view(GERMAN)["planning"]["has_chosen"] == {POLISH: True, GERMAN: False}
    assert g.view(POLISH)["planning"]["chosen"]["id"] == "polish_3"
    g.apply(A.ChoosePlan("german_4"), GERMAN)
    assert g.view(GERMAN)["planning"]["revealed"][POLISH]["id"] == "polish_3"


def test_lower_priority_activates_first_and_pools_come_from_the_cards():
    """Stage B: the lower priority value activates first; the AP pool is the card's."""
    g = new_game()
    plan(g, "polish_4", "german_2")
    assert g.state.first == GERMAN and g.current_seat() == GERMAN
    assert g.state.pools == {POLISH: 9, GERMAN: 6}


def test_first_stage_tie_is_settled_by_a_die_lower_roll_first():
    """Stage B: identical priority in the first stage - the one who rolls lower goes first (ties re-rolled)."""
    g = new_game()
    dice(g, 4, 4, 5, 2)  # a tie, then Polish 5 German 2
    plan(g, "polish_3", "german_3")
    assert g.state.first == GERMAN
    rolls = [e.data["rolls"] for e in dice_events(g, "priority")]
    assert rolls == [{POLISH: 4, GERMAN: 4}, {POLISH: 5, GERMAN: 2}]


def test_later_ties_keep_the_previous_stages_first_player():
    """Stage B: with equal priority in later stages, the previous stage's first player goes first again."""
    g = new_game()
    plan(g, "polish_1", "german_2")
    assert g.state.first == POLISH
    g.apply(A.GiveUp(), POLISH)
    g.apply(A.GiveUp(), GERMAN)
    assert g.state.stage == 2
    draws = g.state.rng.draws
    plan(g, "polish_3", "german_3")
    assert g.state.first == POLISH and g.state.rng.draws == draws  # no die


def test_used_planning_cards_return_only_after_both_used_four():
    """Stage G and K7: a used card is out of reach until both players have used four of their five."""
    g = new_game()
    for i, (p, q) in enumerate([("polish_1", "german_5"), ("polish_2", "german_4"), ("polish_3", "german_3")]):
        give_up_stage(g, p, q)
    hand = [c["id"] for c in g.view(POLISH)["planning"]["hand"]]
    assert hand == ["polish_4", "polish_5"]
    with pytest.raises(IllegalAction, match="used earlier in this cycle"):
        g.apply(A.ChoosePlan("polish_2"), POLISH)
    give_up_stage(g, "polish_5", "german_1")
    assert g.state.stage == 5
    assert [c["id"] for c in g.view(POLISH)["planning"]["hand"]] == [f"polish_{i}" for i in range(1, 6)]
    assert g.view(GERMAN)["planning"]["used"] == {POLISH: [], GERMAN: []}


def test_opponents_used_cards_are_public():
    g = new_game()
    give_up_stage(g, "polish_2", "german_5")
    assert [c["id"] for c in g.view(GERMAN)["planning"]["used"][POLISH]] == ["polish_2"]


def test_stage_track_runs_eight_stages_then_a_draw():
    """Scenario 1 victory: nobody with two secrets by the end of stage 8 - a draw."""
    g = new_game()
    cards = [("polish_1", "german_1"), ("polish_2", "german_2"), ("polish_3", "german_3"), ("polish_4", "german_4")]
    for stage in range(8):
        give_up_stage(g, *cards[stage % 4])
    assert g.is_over() and g.result.winner is None and g.result.kind == "draw"


# ------------------------------------------------------------------ activation and AP


def test_moving_costs_one_ap_per_space_from_the_pool_and_the_agents_limit():
    """Movement 1 and Activating 3: 1 AP a space, from the pool, up to the agent's AP limit."""
    g = activation_position(new_game(), pools=11)
    kloss = g.state.agents["hans_kloss"]
    target, cost = next((s, c) for s, c in BOARD.distances(kloss.space, POLISH).items() if c == 3)
    g.apply(A.Move("hans_kloss", target), POLISH)
    assert kloss.space == target and kloss.ap_used == 3 and g.state.pools[POLISH] == 8
    assert g.state.activation.moved_ap == 3


def test_no_destination_beyond_the_ap_limit_and_no_jumping():
    """Movement 1: never more AP than the limit (Kloss 5); the cost is the path length (no jumping)."""
    g = activation_position(new_game(), pools=11)
    start = g.state.agents["hans_kloss"].space
    dist = BOARD.distances(start, POLISH)
    moves = {a.to for a in g.legal_actions(POLISH) if isinstance(a, A.Move) and a.agent == "hans_kloss"}
    assert moves == {s for s, d in dist.items() if 1 <= d <= 5}
    far = next(s for s, d in dist.items() if d == 6)
    with pytest.raises(IllegalAction, match="6 AP away; Hans Kloss has 5 AP left"):
        g.apply(A.Move("hans_kloss", far), POLISH)


def test_no_agent_leaves_the_board():
    """Sectors: the outer edges end the board; a space of another sector is not on it."""
    g = activation_position(new_game())
    with pytest.raises(IllegalAction, match="not a space on this board"):
        g.apply(A.Move("hans_kloss", "police.gestapo"), POLISH)


def test_only_movement_needs_at_least_two_ap():
    """Activating 1-2: an activation of movement alone uses at least 2 AP."""
    g = activation_position(new_game())
    kloss = g.state.agents["hans_kloss"]
    step = next(s for s, d in BOARD.distances(kloss.space, POLISH).items() if d == 1)
    g.apply(A.Move("hans_kloss", step), POLISH)
    assert A.EndActivation() not in g.legal_actions(POLISH)
    with pytest.raises(IllegalAction, match="only moved 1 space: an activation of movement alone needs at least 2"):
        g.apply(A.EndActivation(), POLISH)
    nxt = next(s for s, d in BOARD.distances(kloss.space, POLISH).items() if d == 1 and s != kloss.space)
    g.apply(A.Move("hans_kloss", nxt), POLISH)
    assert A.EndActivation() in g.legal_actions(POLISH)
    g.apply(A.EndActivation(), POLISH)
    assert g.current_seat() == GERMAN  # activations alternate


def test_an_agent_with_one_ap_cannot_move():
    """Activating 2: with 1 AP left an agent may be activated only for a 1-AP action."""
    g = activation_position(new_game(), first=GERMAN)
    g.state.agents["marta_becher"].ap_used = 3  # limit 4
    touch(g)
    assert not any(getattr(a, "agent", None) == "marta_becher" for a in g.legal_actions(GERMAN))
    some = next(iter(BOARD.neighbours(g.state.agents["marta_becher"].space, GERMAN)))
    with pytest.raises(IllegalAction, match="Marta Becher has 1 AP left: moving needs at least 2 AP"):
        g.apply(A.Move("marta_becher", some), GERMAN)


def test_a_one_ap_agent_may_be_activated_for_a_conversation():
    """Activating 2: the last AP may pay for a 1-AP action - a conversation with an enemy on her space."""
    g = activation_position(new_game(), first=GERMAN)
    g.state.agents["marta_becher"].ap_used = 3
    place(g, "ingrid_heizer", g.state.agents["marta_becher"].space)
    legal = [a for a in g.legal_actions(GERMAN) if getattr(a, "agent", None) == "marta_becher"]
    assert legal and all(isinstance(a, A.Converse) for a in legal)


def test_a_one_ap_pool_allows_only_a_one_ap_action():
    g = activation_position(new_game(), pools=1)
    assert all(not isinstance(a, (A.Move, A.Search)) for a in g.legal_actions(POLISH))


def test_movement_then_action_ends_the_activation():
    """Movement 3: after moving, an action interrupts the movement; the agent may not move again."""
    g = activation_position(new_game(), first=GERMAN)
    glaubel = g.state.agents["glaubel"]
    street = next(iter(BOARD.neighbours(glaubel.space, GERMAN)))
    place(g, "ingrid_heizer", street)
    g.apply(A.Move("glaubel", street), GERMAN)  # 1 AP, legal because a conversation can follow
    dice(g, 1, 1)
    g.apply(A.Converse("glaubel", "ingrid_heizer"), GERMAN)
    assert g.state.activation is None and g.current_seat() == POLISH


def test_action_then_movement_is_allowed():
    """Movement 3: an agent who begins with an action may still move with the AP left."""
    g = activation_position(new_game(), first=GERMAN)
    g.apply(A.Search("glaubel"), GERMAN)
    g.apply(A.KeepItem(g.state.pending[0].items[0]), GERMAN)
    assert g.state.activation is not None
    step = next(iter(BOARD.neighbours(g.state.agents["glaubel"].space, GERMAN)))
    g.apply(A.Move("glaubel", step), GERMAN)  # one space is enough after an action
    assert A.EndActivation() in g.legal_actions(GERMAN)
    g.apply(A.Move("glaubel", next(iter(BOARD.neighbours(step, GERMAN)))), GERMAN)
    assert g.state.activation is None  # limit 4 used: ends by itself


def test_only_one_agent_at_a_time():
    g = activation_position(new_game())
    kloss = g.state.agents["hans_kloss"]
    g.apply(A.Move("hans_kloss", next(iter(BOARD.neighbours(kloss.space, POLISH)))), POLISH)
    step = next(iter(BOARD.neighbours(g.state.agents["ingrid_heizer"].space, POLISH)))
    with pytest.raises(IllegalAction, match="Hans Kloss is being activated"):
        g.apply(A.Move("ingrid_heizer", step), POLISH)


def test_giving_up_ends_the_players_stage_and_the_other_plays_on():
    """Activating 1 and Stage F: a player who gives up activates no more; the other may use all his AP."""
    g = activation_position(new_game())
    g.apply(A.GiveUp(), POLISH)
    assert g.state.gave_up[POLISH] and g.current_seat() == GERMAN
    g.apply(A.Search("glaubel"), GERMAN)
    g.apply(A.KeepItem(g.state.pending[0].items[0]), GERMAN)
    g.apply(A.EndActivation(), GERMAN)
    assert g.current_seat() == GERMAN  # Polish gave up: German goes on


def test_k14_giving_up_mid_activation_after_one_space_forfeits_the_rest_of_the_stage():
    """K14 and Activating an Agent 1 ("At any moment the Player may give up playing his activations in this
    stage", stawka.en.txt line 209): even after a 1-space move, before the 2 AP that movement alone needs, the
    player may give up; the activation ends and his remaining AP are lost for the stage."""
    g = activation_position(new_game())
    kloss = g.state.agents["hans_kloss"]
    step = next(s for s, d in BOARD.distances(kloss.space, POLISH).items() if d == 1)
    g.apply(A.Move("hans_kloss", step), POLISH)
    assert A.EndActivation() not in g.legal_actions(POLISH) and A.GiveUp() in g.legal_actions(POLISH)
    assert "or give up the stage" in g.prompt(POLISH)
    g.apply(A.GiveUp(), POLISH)
    assert g.state.activation is None and g.state.gave_up[POLISH] and g.state.pools[POLISH] == 10
    assert kloss.space == step and g.current_seat() == GERMAN
    g.apply(A.GiveUp(), GERMAN)
    assert g.state.stage == 2  # the Polish 10 AP were forfeited: nobody activates again in stage 1


def test_k14_give_up_is_legal_at_every_decision_of_ones_own_activation_turn():
    """K14: in a game played by random legal moves, every decision of the activation phase outside a pending
    decision offers giving up; inside one (a found tile, a re-roll) the action under way finishes first."""
    import random

    g = new_game(seed=5)
    pick = random.Random(5)
    checked = pending = unfinished = 0
    while not g.is_over() and g.state.stage <= 4:
        seat = g.current_seat()
        legal = g.legal_actions(seat)
        if g.state.phase == "activation" and not g.state.pending:
            assert A.GiveUp() in legal
            checked += 1
            unfinished += g.state.activation is not None and A.EndActivation() not in legal
        elif g.state.pending:
            assert A.GiveUp() not in legal
            with pytest.raises(IllegalAction, match="Finish this decision first"):
                g.apply(A.GiveUp(), seat)
            pending += 1
        choices = [a for a in legal if not isinstance(a, A.GiveUp)] or legal
        acts = [a for a in choices if isinstance(a, (A.Search, A.Converse))]  # actions make pending decisions
        g.apply(pick.choice(acts if acts and pick.random() < 0.7 else choices), seat)
    assert checked > 20 and pending > 0 and unfinished > 0  # also where the activation could not yet end


def test_several_activations_of_one_agent_share_his_limit():
    """Activating 2: an agent may be activated several times in a stage, up to his AP limit in all."""
    g = activation_position(new_game())
    s = g.state
    kloss = s.agents["hans_kloss"]
    two = next(x for x, d in BOARD.distances(kloss.space, POLISH).items() if d == 2)
    g.apply(A.Move("hans_kloss", two), POLISH)
    g.apply(A.EndActivation(), POLISH)
    g.apply(A.GiveUp(), GERMAN)
    moves = {a.to: BOARD.path_cost(kloss.space, a.to, POLISH) for a in g.legal_actions(POLISH)
             if isinstance(a, A.Move) and a.agent == "hans_kloss"}
    assert max(moves.values()) == 3  # 5 - 2


# ------------------------------------------------------------------ paths (K1) and Marta Becher's trait


def test_one_side_paths_are_open_only_to_their_network():
    """Sectors / K1: the police building's dashed blue path is German only."""
    g = activation_position(new_game())
    police_board = board_for_scenario("first_clash")
    a, b, only = next(e for e in police_board.edges() if e[2] == GERMAN)
    g.state.scenario = "first_clash"  # same engine, a board with a one-side path
    place(g, "glaubel", a)
    place(g, "hans_kloss", a)
    from barclay_desktop.rules.stawka.rules import reachable

    assert reachable(g.state, "glaubel", 1).get(b) == 1
    assert reachable(g.state, "hans_kloss", 1).get(b) is None
    assert (reachable(g.state, "hans_kloss", 9).get(b) or 99) > 1


def test_entering_marta_bechers_space_ends_the_movement():
    """Movement 2: traits take precedence - an enemy who enters Marta Becher's space must stop there."""
    g = activation_position(new_game())
    kloss = g.state.agents["hans_kloss"]
    path = BOARD.shortest_path(kloss.space, space("hotel"), POLISH)
    place(g, "marta_becher", path[2])
    from barclay_desktop.rules.stawka.rules import route

    moves = {a.to for a in g.legal_actions(POLISH) if isinstance(a, A.Move) and a.agent == "hans_kloss"}
    assert path[2] in moves
    assert all(path[2] not in route(g.state, "hans_kloss", to)[:-1] for to in moves)  # never through her space
    free = {s for s, d in BOARD.distances(kloss.space, POLISH).items() if 1 <= d <= 5}
    assert moves < free  # some spaces are now out of reach
    blocked = sorted(free - moves)[0]
    with pytest.raises(IllegalAction, match="around a watcher's space|would have to pass a watcher's space"):
        g.apply(A.Move("hans_kloss", blocked), POLISH)
    g.apply(A.Move("hans_kloss", path[2]), POLISH)
    assert g.state.activation.move_stopped
    assert not any(isinstance(a, A.Move) for a in g.legal_actions(POLISH))
    assert any(isinstance(a, A.Converse) and a.target == "marta_becher" for a in g.legal_actions(POLISH))


# ------------------------------------------------------------------ undo and prompts


def test_own_planning_choice_can_be_undone_until_the_opponent_chooses_then_the_reveal_stops_undo():
    """K12 with the core's undo: taking back a secret choice nobody has seen is harmless; the reveal is not."""
    g = new_game(track_undo=True)
    g.apply(A.ChoosePlan("polish_2"), POLISH)
    assert g.undo_status(POLISH) == (True, "")
    g.undo(POLISH)
    assert g.state.chosen[POLISH] is None and g.current_seat() == POLISH
    g.apply(A.ChoosePlan("polish_3"), POLISH)
    g.apply(A.ChoosePlan("german_3"), GERMAN)  # reveal (and a priority die)
    assert g.undo_status(POLISH)[0] is False and g.undo_status(GERMAN)[0] is False


def test_a_plain_move_can_be_undone_but_not_after_dice():
    g = activation_position(new_game(track_undo=True))
    kloss = g.state.agents["hans_kloss"]
    start = kloss.space
    two = next(s for s, d in BOARD.distances(start, POLISH).items() if d == 2)
    g.apply(A.Move("hans_kloss", two), POLISH)
    g.undo(POLISH)
    assert g.state.agents["hans_kloss"].space == start and g.state.pools[POLISH] == 11
    place(g, "glaubel", start)
    dice(g, 2, 2)
    g.apply(A.Converse("hans_kloss", "glaubel"), POLISH)
    ok, why = g.undo_status(POLISH)
    assert not ok and "dice" in why


def test_prompts_say_what_to_do():
    g = new_game()
    assert g.prompt(POLISH).startswith("Stage 1 of 8: choose your planning card in secret")
    assert g.prompt(GERMAN) == "The Polish player is choosing a planning card."
    plan(g, "polish_1", "german_5")
    assert "Your activation (5 AP in the pool)" in g.prompt(POLISH)
    kloss = g.state.agents["hans_kloss"]
    one = next(s for s, d in BOARD.distances(kloss.space, POLISH).items() if d == 1)
    g.apply(A.Move("hans_kloss", one), POLISH)
    assert g.prompt(POLISH).startswith("Hans Kloss: 4 AP left (pool 4). You may move")
    assert "(movement alone needs 2 AP)" in g.prompt(POLISH)
    assert g.view(GERMAN)["prompt"] == "The Polish player is activating an agent."


def test_a_free_first_step_trait_makes_the_first_space_of_each_movement_free():
    """Trait free_first_step (Irena, a BASIC trait; docs/stawka-rules-notes.md): the first space of each
    movement costs no AP; the 2-AP minimum of movement alone counts spaces."""
    from tests.stawka_helpers import cast

    g = activation_position(new_game())
    start = space("hotel")
    cast(g, {"irena": start}, {"glaubel": "administrative.employment_office"})
    dist = BOARD.distances(start, POLISH)
    three = next(s for s, d in dist.items() if d == 3)
    g.apply(A.Move("irena", three), POLISH)
    assert g.state.agents["irena"].ap_used == 2 and g.state.activation.moved_spaces == 3
    onward = next(s for s, d in BOARD.distances(three, POLISH).items() if d == 1)
    g.apply(A.Move("irena", onward), POLISH)  # the same movement: no second free space
    assert g.state.agents["irena"].ap_used == 3
    g.apply(A.EndActivation(), POLISH)
    g.apply(A.GiveUp(), GERMAN)
    # a new activation, a new movement: two spaces for 1 AP (her limit has 1 AP left), and it may end
    two = next(s for s, d in BOARD.distances(onward, POLISH).items() if d == 2)
    assert A.Move("irena", two) in g.legal_actions(POLISH)
    g.apply(A.Move("irena", two), POLISH)
    last_move = [e for e in g.state.log if e.kind == "move"][-1]
    assert last_move.data["cost"] == 1 and len(last_move.data["path"]) == 3
    assert g.state.stage == 2  # her limit is used, the German player gave up: the stage is over
