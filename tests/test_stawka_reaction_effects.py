"""ADVANCED reaction cards: the 13 effects and reciprocity (issue 35, build order step 6).

Each test quotes its card half (assets/data/stawka/reaction_cards.json) and the proposal it follows
(docs/stawka-advanced-plan.md, section 8: A13 red, A14 purple and yellow, A17, A19); the windows themselves are
tests/test_stawka_reaction_windows.py's. Rulebook: Reaction Cards (L415-L429), Activating an Agent 6 (L235),
Conversation, Example 3 continued (L257).
"""

from __future__ import annotations

import json
import random

import pytest

from barclay_desktop.rules.core.twin import check_position, make_twin
from barclay_desktop.rules.stawka import actions as A
from barclay_desktop.rules.stawka.rules import ap_left, colour, pair_key, route
from barclay_desktop.rules.stawka.state import GERMAN, POLISH
from tests.stawka_helpers import advanced_game, cast, dice, events, give_items, give_turn, touch
from tests.test_stawka_reaction_windows import BRUNNER, KLOSS, hands, longest_move, polish_turn

INGRID = "ingrid_heizer"


def kloss_moves(g, card: str, at: int):
    """Kloss declares his longest route (5 streets from the hotel, 5 AP); the German plays `card` at path[at]."""
    move = longest_move(g, POLISH)
    path = route(g.state, move.agent, move.to)
    g.apply(move, POLISH)
    g.apply(A.PlayReaction(card, path[at]), GERMAN)
    return path


# ------------------------------------------------------------------ red: movement (A12, A13)


def test_stop_movement_ends_the_movement_on_the_named_space():
    """German half of reaction.11: "The moving agent stops on the space he has just entered; his movement ends."
    A13: it ends there; cut short by the card, the activation may end (as P5's stay back)."""
    g = polish_turn()
    hands(g, german=["reaction.11"])
    path = kloss_moves(g, "reaction.11", 2)
    s = g.state
    assert s.agents[KLOSS].space == path[2] and s.pools[POLISH] == 9
    # on a street with nothing left to do, the activation ends by itself (it may end: the card cut the route)
    assert s.activation is None and events(g, "activation_end")[-1].data.get("agent", KLOSS) == KLOSS
    assert events(g, "movement_stopped")[-1].data["space"] == path[2]
    g.check_state()


def test_extra_cost_makes_every_later_space_cost_one_more_and_he_stops_where_he_cannot_pay():
    """German half of reaction.12: "Each further space of this movement costs 1 more AP." A13: from the named
    space on; he stops where he can no longer pay. Kloss: 2 spaces for 2 AP, then 2 AP a space: 1 more."""
    g = polish_turn()
    hands(g, german=["reaction.12"])
    path = kloss_moves(g, "reaction.12", 2)
    s = g.state
    assert s.agents[KLOSS].space == path[3] and s.pools[POLISH] == 7 and ap_left(s, KLOSS) == 1
    assert events(g, "extra_cost")[-1].data["step_cost"] == 2
    assert [e.data["cost"] for e in events(g, "move")][-2:] == [2, 2]  # 2 spaces at 1 AP, then 1 at 2 AP
    assert events(g, "extra_cost") and events(g, "movement_stopped")[-1].data["space"] == path[3]
    g.check_state()


def test_extra_cost_on_the_last_space_raises_the_cost_of_the_rest_of_the_movement():
    """reaction.12 (German) named on the route's end: the route is walked at its cost, later spaces cost 2."""
    g = polish_turn()
    hands(g, german=["reaction.12"])
    s = g.state
    move = next(a for a in g.legal_actions(POLISH) if isinstance(a, A.Move)
                and len(route(s, a.agent, a.to)) == 3 and a.agent == KLOSS)
    g.apply(move, POLISH)
    g.apply(A.PlayReaction("reaction.12", move.to), GERMAN)
    assert s.agents[KLOSS].space == move.to and s.activation.moved_ap == 2 and s.activation.step_cost == 2
    for a in g.legal_actions(POLISH):
        if isinstance(a, A.Move):
            assert len(route(s, KLOSS, a.to)) - 1 <= 1  # 3 AP left: one more space at 2 AP
    g.check_state()


def test_redirect_sends_him_back_along_his_path_and_the_ap_stay_spent():
    """German half of reaction.17: "Move the moving agent back 2 space(s) along his path." A13: he walks to the
    named space, goes back 2 spaces along this movement's path, the AP stay spent."""
    g = polish_turn()
    hands(g, german=["reaction.17"])
    path = kloss_moves(g, "reaction.17", 3)
    s = g.state
    assert s.agents[KLOSS].space == path[1]
    assert s.activation.moved_ap == 3 and s.activation.moved_spaces == 3 and s.pools[POLISH] == 8
    assert events(g, "redirected")[-1].data["back"] == path[1]
    g.check_state()


def test_redirect_never_goes_past_the_start_of_the_movement():
    """Polish half of reaction.16: back 2 - named on the first space, he is back where he started."""
    g = polish_turn()
    give_turn(g, GERMAN)
    hands(g, polish=["reaction.16"])
    move = next(a for a in g.legal_actions(GERMAN) if isinstance(a, A.Move) and a.agent == BRUNNER
                and len(route(g.state, BRUNNER, a.to)) >= 3)
    path = route(g.state, BRUNNER, move.to)
    g.apply(move, GERMAN)
    g.apply(A.PlayReaction("reaction.16", path[1]), POLISH)
    assert g.state.agents[BRUNNER].space == path[0] and g.state.activation.moved_ap == 1
    g.check_state()


def test_threat_on_path_puts_a_blind_token_there_and_the_mover_meets_it():
    """Polish half of reaction.14: "Put one of your threat tokens from the pool on the space the moving agent has
    just entered (a legal space for it)." A13: drawn blind from the pool (P1); the mover meets it (P3)."""
    g = polish_turn()
    give_turn(g, GERMAN)
    hands(g, polish=["reaction.14"])
    s = g.state
    move = max((a for a in g.legal_actions(GERMAN) if isinstance(a, A.Move) and a.agent == BRUNNER),
               key=lambda a: len(route(s, BRUNNER, a.to)))
    path = route(s, BRUNNER, move.to)
    g.apply(move, GERMAN)
    choices = [a.choice for a in g.legal_actions(POLISH) if isinstance(a, A.PlayReaction)]
    spot = choices[1] if len(choices) > 1 else choices[0]
    pool = len(s.threat_pool[POLISH])
    g.apply(A.PlayReaction("reaction.14", spot), POLISH)
    token = s.threats[spot]
    assert token.side == POLISH and not token.revealed and len(s.threat_pool[POLISH]) == pool - 1
    assert s.agents[BRUNNER].space == spot and spot in path
    assert s.pending and s.pending[0].kind in ("threat_entered", "threat_window")  # P3: he meets it
    (own,) = events(g, "threat_on_path_own")
    assert own.to == POLISH and own.data["token"] == token.id
    assert json.dumps(token.id) not in json.dumps(g.view(GERMAN), default=str)
    g.check_state()


# ------------------------------------------------------------------ purple: search (A14)


def kloss_searches(g, card: str, choice: str = ""):
    g.apply(A.Search(KLOSS), POLISH)
    (found,) = g.state.pending[1].items
    g.apply(A.PlayReaction(card, choice), GERMAN)
    return found


def test_empty_search_puts_the_tile_at_the_bottom_unseen_by_the_reactor():
    """German half of reaction.21: "The search finds nothing: the top item tile goes to the bottom of the stack;
    the 'I was here' token is placed." Seen by the searcher only (K12)."""
    g = polish_turn()
    hands(g, german=["reaction.21"])
    tile = kloss_searches(g, "reaction.21")
    s = g.state
    where = s.agents[KLOSS].space
    assert s.stacks[where][0] == tile and colour(KLOSS) in s.markers[where]
    assert not any(p.kind == "found" for p in s.pending) and tile not in s.seen[GERMAN]
    assert all(tile not in a.items for a in s.agents.values())
    g.check_state()


def test_take_item_gives_the_found_tile_to_the_reactors_agent_in_the_sector():
    """German half of reaction.22: "Your agent in the same sector takes the item just found instead (the searcher
    places his 'I was here' token)." He keeps it or uses it as evidence, as a finder."""
    g = polish_turn()
    hands(g, german=["reaction.22"])
    tile = kloss_searches(g, "reaction.22", BRUNNER)
    s = g.state
    p = s.pending[0]
    assert (p.kind, p.seat, p.agent, p.items) == ("found", GERMAN, BRUNNER, (tile,)) and g.current_seat() == GERMAN
    assert tile in s.seen[GERMAN] and events(g, "found")[-1].to == GERMAN
    g.apply(A.KeepItem(tile), GERMAN)
    assert tile in s.agents[BRUNNER].items and tile not in s.agents[KLOSS].items
    g.check_state()


def test_search_evidence_burdens_the_searcher():
    """German half of reaction.27: "You gain 2 evidence against the searching agent."""
    g = polish_turn()
    hands(g, german=["reaction.27"])
    before = g.state.evidence[GERMAN][colour(KLOSS)]
    kloss_searches(g, "reaction.27")
    assert g.state.evidence[GERMAN][colour(KLOSS)] == before + 2
    assert g.state.pending[0].kind == "found" and g.state.pending[0].seat == POLISH  # he still decides
    g.check_state()


def test_a_game_won_while_a_found_tile_waits_puts_the_tile_back_on_its_stack():
    """A search window's effect can win the game before the finder decides (simulate --check found it: the German
    "search_evidence" completed a mission's evidence goal, the third secret, with Jacek's tile queued). The game
    ends at once (Victory, L539), so nobody keeps the tile; K9 still wants every tile in exactly one place: it goes
    back on top of its stack."""
    from barclay_desktop.rules.stawka import flow

    g = polish_turn()
    hands(g, german=["reaction.29"])
    g.apply(A.Search(KLOSS), POLISH)
    s = g.state
    where = s.agents[KLOSS].space
    (tile,) = s.pending[1].items
    assert [p.kind for p in s.pending] == ["reaction_window", "found"] and tile not in s.stacks[where]
    flow.scenario_won(g, GERMAN, "test", "secrets")
    assert s.winner == GERMAN and not s.pending and s.stacks[where][-1] == tile
    g.check_invariants()


def test_peek_found_shows_the_tile_to_the_reactor_only():
    """German half of reaction.23: "The searcher shows you the item he has just found." """
    g = polish_turn()
    hands(g, german=["reaction.23"])
    tile = kloss_searches(g, "reaction.23")
    s = g.state
    assert tile in s.seen[GERMAN] and s.pending[0].kind == "found" and s.pending[0].seat == POLISH
    (own,) = events(g, "found_shown_own")
    assert own.to == GERMAN and own.data["item"] == tile
    assert events(g, "found_shown")[-1].to is None and "item" not in events(g, "found_shown")[-1].data
    g.check_state()


# ------------------------------------------------------------------ yellow: conversation (A14, A17, A19)


def kloss_talks(g, card: str, *rolls: int):
    """Kloss (rank 7) talks with Brunner (rank 8): a rank die of 6, then `rolls`; the German plays `card`."""
    dice(g, 6, *rolls)
    g.apply(A.Converse(KLOSS, BRUNNER), POLISH)
    step = g.state.pending[0].data["step"]
    g.apply(A.PlayReaction(card), GERMAN)
    return step


def test_cancel_conversation_spends_the_ap_and_the_pair_but_gives_nothing():
    """German half of reaction.4: "The conversation does not take place; the AP is spent." A14: AP, items revealed
    and the K13 pair stay spent."""
    g = polish_turn()
    hands(g, german=["reaction.4"])
    s = g.state
    before = {x: dict(s.evidence[x]) for x in (POLISH, GERMAN)}
    kloss_talks(g, "reaction.4", 6, 5)  # 11: a double
    assert {x: dict(s.evidence[x]) for x in (POLISH, GERMAN)} == before and s.secrets[POLISH] == 0
    assert s.pools[POLISH] == 10 and pair_key(KLOSS, BRUNNER) in s.talked
    assert events(g, "conversation_cancelled")
    g.check_state()


def test_conversation_penalty_joins_the_initiators_total():
    """German half of reaction.3: "-2 to the initiator's conversation roll." A14: 11 (a double) becomes 9."""
    g = polish_turn()
    hands(g, german=["reaction.3"])
    s = g.state
    before = s.evidence[POLISH]["black"]
    step = kloss_talks(g, "reaction.3", 6, 5)
    assert step["result"] == "double" and s.last_dice["total"] == 9 and s.last_dice["result"] == "single"
    assert s.evidence[POLISH]["black"] == before + 1
    g.check_state()


def test_conversation_bonus_target_leaves_out_the_initiators_track_bonus():
    """reaction.6 (German half): "The target ignores the evidence bonus of the investigation track in this
    conversation." A17: the initiator's track bonus against the target does not count: 3 evidence (+1), 5 + 5 + 1
    = 11 (a double) becomes 10 (a single)."""
    g = polish_turn()
    hands(g, german=["reaction.6"])
    s = g.state
    s.evidence[POLISH]["black"] = 3
    touch(g)
    step = kloss_talks(g, "reaction.6", 5, 5)
    assert step["result"] == "double" and s.last_dice["total"] == 10
    assert s.evidence[POLISH]["black"] == 4
    g.check_state()


def test_evidence_back_burdens_the_initiator_and_the_result_still_applies():
    """German half of reaction.5: "You gain 1 evidence against the initiator." """
    g = polish_turn()
    hands(g, german=["reaction.5"])
    s = g.state
    kloss_talks(g, "reaction.5", 6, 5)  # a double
    assert s.evidence[GERMAN]["black"] == 1 and s.evidence[POLISH]["black"] == 2
    g.check_state()


def example_3(flowers: bool = True, track: int = 3):
    """Rulebook, Conversation Example 3 continued (L257): Ingrid Heizer (rank 4) meets Hermann Brunner (rank 8);
    the German holds a reciprocity card, Brunner the flowers, the German track against yellow at `track`."""
    g = polish_turn()
    cast(g, {INGRID: "hitlerplatz.hotel"}, {BRUNNER: "hitlerplatz.hotel"})
    if flowers:
        give_items(g, BRUNNER, "hotel.5")  # Flowers: +2 to this agent's conversation roll
    hands(g, german=["reaction.1"])
    g.state.evidence[GERMAN]["yellow"] = track
    touch(g)
    return g


def test_rulebook_conversation_example_3_reciprocity_gains_a_secret():
    """L257: rank die 5 (> 4: the conversation takes place); 4 + 5 with Ingrid's trait +2 = 11: a double against
    Brunner (K3). The German plays reciprocity (A19): Brunner reveals the flowers (+2), the track bonus (+1);
    3 + 5 + 2 + 1 = 11: a secret against Ingrid (K3: 'Brunner scoring 11 against Ingrid gets a secret'), the
    flowers spent, the yellow track reset (K4), 3 VP where the scenario gives them."""
    g = example_3()
    s = g.state
    dice(g, 5, 4, 5, 3, 5)
    g.apply(A.Converse(INGRID, BRUNNER), POLISH)
    assert s.last_dice["total"] == 11 and s.last_dice["result"] == "double"
    g.apply(A.PlayReaction("reaction.1"), GERMAN)  # the Polish player holds no card: no block window
    assert s.evidence[POLISH]["black"] == 2  # Ingrid's double applies first
    p = s.pending[0]
    assert (p.kind, p.seat, p.agent, p.target) == ("reply", GERMAN, BRUNNER, INGRID) and g.current_seat() == GERMAN
    assert g.legal_actions(GERMAN) == [A.ReplyWith(()), A.ReplyWith(("hotel.5",))]
    assert g.legal_actions(POLISH) == [] and "answering" in str(g.explain_illegal(POLISH, A.ReplyWith(())))
    g.apply(A.ReplyWith(("hotel.5",)), GERMAN)
    assert s.last_dice["dice"] == [3, 5] and s.last_dice["total"] == 11 and s.last_dice["result"] == "secret"
    assert s.secrets[GERMAN] == 1 and s.evidence[GERMAN]["yellow"] == 0 and s.vp[GERMAN] == 3
    assert "hotel.5" not in s.agents[BRUNNER].items and "hotel.5" in s.discarded
    assert [e.data["roll"] for e in events(g, "dice")][-3:] == ["rank", "conversation", "conversation"]
    assert events(g, "reciprocity")
    assert s.activation is None or s.activation.agent == INGRID  # her activation goes on (or ended by itself)


def test_example_3_without_the_flowers_and_below_three_evidence_the_reply_is_a_double():
    """The same reply with no item and the track at 2 (no bonus, K4: no secret below 3): 3 + 5 = 8, a double
    against Ingrid's 5/7/9."""
    g = example_3(flowers=False, track=2)
    s = g.state
    dice(g, 5, 4, 5, 3, 5)
    g.apply(A.Converse(INGRID, BRUNNER), POLISH)
    g.apply(A.PlayReaction("reaction.1"), GERMAN)
    assert g.legal_actions(GERMAN) == [A.ReplyWith(())]  # the decision opens whatever he holds (A11's spirit)
    g.apply(A.ReplyWith(()), GERMAN)
    assert s.last_dice["total"] == 8 and s.evidence[GERMAN]["yellow"] == 4 and s.secrets[GERMAN] == 0


def test_the_initiators_defence_tile_lowers_the_reply():
    """Step 7's `conversation_defence` (the stage make-up: -1 to an enemy's reciprocity roll against the holder while
    he is activated) joins the reply's modifiers: 3 + 5 + 2 + 1 - 1 = 10, still a secret against Ingrid's 9."""
    g = example_3()
    give_items(g, INGRID, "theatre.3")
    s = g.state
    dice(g, 5, 4, 5, 3, 5)
    g.apply(A.Converse(INGRID, BRUNNER), POLISH)
    g.apply(A.PlayReaction("reaction.1"), GERMAN)
    g.apply(A.ReplyWith(("hotel.5",)), GERMAN)
    assert s.last_dice["total"] == 10 and [v for _, v in s.last_dice["modifiers"]] == [2, 1, -1]
    assert s.secrets[GERMAN] == 1


def test_a_reply_position_looks_the_same_in_its_twins_and_saves():
    """Section 3: the reply decision opens whatever the replier holds, so a twin shows the same; it saves."""
    g = example_3()
    dice(g, 5, 4, 5, 3, 5)
    g.apply(A.Converse(INGRID, BRUNNER), POLISH)
    g.apply(A.PlayReaction("reaction.1"), GERMAN)
    rng = random.Random(3)
    for seat in (POLISH, GERMAN, None):
        check_position(g, make_twin(g, seat, rng), seat)
    back = type(g).from_json(json.loads(json.dumps(g.to_json())))
    assert back.state.pending == g.state.pending


@pytest.mark.parametrize("card,key", [("reaction.13", "redirect"), ("reaction.15", "stop_movement"),
                                      ("reaction.17", "extra_cost"), ("reaction.19", "threat_on_path")])
def test_the_polish_red_halves_apply_against_a_german_movement(card, key):
    """The Polish halves work the same way against a German agent (Reaction Cards 2: the holder's half)."""
    from barclay_desktop.rules.stawka.reaction_cards import card as card_of

    assert card_of(card).half(POLISH).key == key
    g = polish_turn()
    give_turn(g, GERMAN)
    hands(g, polish=[card])
    s = g.state
    move = max((a for a in g.legal_actions(GERMAN) if isinstance(a, A.Move) and a.agent == BRUNNER),
               key=lambda a: len(route(s, BRUNNER, a.to)))
    g.apply(move, GERMAN)
    legal = [a for a in g.legal_actions(POLISH) if isinstance(a, A.PlayReaction)]
    g.apply(legal[0], POLISH)
    assert events(g, "reaction_effect")[-1].data["key"] == key
    g.check_state()


def test_easy_games_meet_the_effects_with_sound_states_no_leaks_and_faithful_saves():
    """Easy against Easy in ADVANCED games: after every action the invariants hold and no view or new log line
    leaks a hidden id (simulate --check's probe); a save at each effect loads to the same game."""
    from barclay_desktop import ai
    from barclay_desktop.simulate import check_after_action, reload

    met = set()
    for seed in (3, 4, 5):  # the Easy player plays a card only when it pays (step 9): a third game meets more
        g = advanced_game(seed)
        players = {seat: ai.make_player("stawka", "easy", seed=i) for i, seat in enumerate((POLISH, GERMAN))}
        checked = 0
        for _ in range(3000):
            if g.is_over():
                break
            seat = g.current_seat()
            before = len(g.state.log)
            g.apply(players[seat].choose(g.view(seat), g.legal_actions(seat)), seat)
            checked = check_after_action(g, checked)
            new = [e.data["key"] for e in g.state.log[before:] if e.kind == "reaction_effect"]
            if new:
                met.update(new)
                reload(g)
        assert g.is_over()
    assert len(met) >= 6, met
