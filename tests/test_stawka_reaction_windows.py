"""ADVANCED reaction cards, the windows and the block (issue 35, build order step 5).

Rulebook, Reaction Cards 1-4 (L417-L425) and Activating an Agent 6 (L235); the proposals A6 and A11-A16 and
section 4 of docs/stawka-advanced-plan.md. The card effects (step 6) are tested in
tests/test_stawka_reaction_effects.py; here an unblocked card is recorded (`reaction_effect`) and handed to the
`apply_reaction_effect` hook.
"""

from __future__ import annotations

import json
import random

import pytest

from barclay_desktop import ai
from barclay_desktop.rules.core import IllegalAction
from barclay_desktop.rules.core.twin import check_position, make_twin
from barclay_desktop.rules.stawka import actions as A
from barclay_desktop.rules.stawka import reaction_cards, reaction_effects
from barclay_desktop.rules.stawka.state import GERMAN, POLISH
from tests.stawka_helpers import advanced_game, dice, events, new_game, place, plan, set_out_threats, touch

KLOSS, BRUNNER = "hans_kloss", "hermann_brunner"


def deal(g, seat: str, *cards: str) -> None:
    """Give `seat` exactly these reaction cards, taken from wherever they lie (conservation holds)."""
    s = g.state
    for x in (POLISH, GERMAN):
        for c in list(s.reaction_hand[x]):
            s.reaction_hand[x].remove(c)
            s.reaction_deck.append(c)
    for c in cards:
        s.reaction_deck.remove(c)
        s.reaction_hand[seat].append(c)
    s.reaction_deck.sort()
    touch(g)


def hands(g, polish=(), german=()) -> None:
    deal(g, POLISH, *polish)
    s = g.state
    for c in german:
        s.reaction_deck.remove(c)
        s.reaction_hand[GERMAN].append(c)
    touch(g)


def clear_threats(g) -> None:
    s = g.state
    for t in s.threats.values():
        s.threat_pool[t.side].append(t.id)
    s.threats = {}
    touch(g)


def polish_turn(seed: int = 1):
    """Stage 1's activations, the Polish player first, no cards drawn (the 11-AP cards) and no tokens out."""
    g = advanced_game(seed)
    plan(g, "polish_5", "german_5")
    set_out_threats(g)
    clear_threats(g)
    assert g.state.turn == POLISH and not g.state.pending
    return g


def longest_move(g, seat: str) -> A.Move:
    from barclay_desktop.rules.stawka.rules import route

    moves = [a for a in g.legal_actions(seat) if isinstance(a, A.Move)]
    return max(moves, key=lambda a: (len(route(g.state, a.agent, a.to)), a.agent, a.to))


def window(g):
    p = g.state.pending[0]
    return p.kind, p.seat, p.data["colour"]


# ------------------------------------------------------------------ the three hooks


def test_a_movement_opens_the_red_window_once_after_the_route_is_declared():
    """A12: once per movement, after the route is declared and before it is walked; L417: the enemy reacts."""
    g = polish_turn()
    hands(g, german=["reaction.11"])  # red, stop_movement
    move = longest_move(g, POLISH)
    start = g.state.agents[move.agent].space
    g.apply(move, POLISH)
    s = g.state
    assert window(g) == ("reaction_window", GERMAN, "red") and g.current_seat() == GERMAN
    assert s.agents[move.agent].space == start and s.activation.reacted == ["move"]  # not walked yet
    path = g.view(GERMAN)["reactions"]["window"]["route"]
    assert path[0] == start and path[-1] == move.to
    assert g.legal_actions(GERMAN) == [A.PlayReaction("reaction.11", sp) for sp in path[1:]] + [A.PassReaction()]
    g.apply(A.PassReaction(), GERMAN)
    assert s.agents[move.agent].space == move.to and not s.pending
    assert str(events(g, "reaction_passed")[-1].text) == "The German player does not react."
    more = [a for a in g.legal_actions(POLISH) if isinstance(a, A.Move)]
    if more:  # the same movement goes on: no second red window (A12, A15)
        g.apply(more[0], POLISH)
        assert not any(p.kind == "reaction_window" for p in s.pending)
    g.check_state()


def test_no_window_opens_when_the_enemy_holds_no_reaction_card():
    """A11: the window's condition is the public count of the reactor's cards."""
    g = polish_turn()
    hands(g, polish=["reaction.11"])  # only the mover holds a card
    move = longest_move(g, POLISH)
    g.apply(move, POLISH)
    assert g.state.agents[move.agent].space == move.to and not g.state.pending


def test_a_search_opens_the_purple_window_after_the_tile_is_drawn_before_the_keep_decision():
    """A14: the searcher has seen the tile; the reactor answers first, then the finder keeps or uses it."""
    g = polish_turn()
    hands(g, german=["reaction.21"])  # purple, empty_search
    g.apply(A.Search(KLOSS), POLISH)
    s = g.state
    assert [p.kind for p in s.pending] == ["reaction_window", "found"]
    assert window(g) == ("reaction_window", GERMAN, "purple")
    assert events(g, "found")[-1].to == POLISH  # seen by the searcher only
    assert g.legal_actions(GERMAN) == [A.PlayReaction("reaction.21"), A.PassReaction()]
    assert "has searched" in str(g.prompt(GERMAN)) and "may play a reaction card" in str(g.prompt(POLISH))
    g.apply(A.PassReaction(), GERMAN)
    assert [p.kind for p in s.pending] == ["found"] and g.current_seat() == POLISH
    g.check_state()


def test_a_conversation_opens_the_yellow_window_after_the_final_roll_before_the_result():
    """A14: after the initiator's final roll, before its result applies."""
    g = polish_turn()
    hands(g, german=["reaction.9"])  # yellow, cancel_conversation
    dice(g, 6, 6, 5, 6, 6)  # enough for a rank test and the roll
    s = g.state
    before = dict(s.evidence[POLISH])
    g.apply(A.Converse(KLOSS, BRUNNER), POLISH)
    assert window(g) == ("reaction_window", GERMAN, "yellow")
    assert s.evidence[POLISH] == before and s.last_dice["kind"] == "conversation"  # rolled, not applied
    step = s.pending[0].data["step"]
    assert step["kind"] == "conversation" and step["target"] == BRUNNER
    g.apply(A.PassReaction(), GERMAN)
    assert s.evidence[POLISH] != before or s.secrets[POLISH] or events(g, "conversation_result")
    g.check_state()


def test_the_window_opens_whatever_the_hand_and_offers_only_the_pass_when_no_card_fits():
    """A11 and section 4.2: a purple card held meets a red window; the holder reads that he cannot play."""
    g = polish_turn()
    hands(g, german=["reaction.21"])
    g.apply(longest_move(g, POLISH), POLISH)
    assert window(g) == ("reaction_window", GERMAN, "red")
    assert g.legal_actions(GERMAN) == [A.PassReaction()]
    assert "no card to play now" in str(g.prompt(GERMAN))
    assert g.view(GERMAN)["reactions"]["window"]["playable"] == []
    assert "playable" not in g.view(POLISH)["reactions"]["window"]
    assert "may play a reaction card" in str(g.prompt(POLISH))


# ------------------------------------------------------------------ playing and blocking


def test_a_played_card_lies_face_up_and_the_acting_player_may_block_it_with_the_same_colour():
    """A6, A16 (Reaction Cards 4, L425): a same-colour card with the block symbol cancels both."""
    g = polish_turn()
    # Polish: red with block (15), red without (12), purple with block (21); German plays red 11
    hands(g, polish=["reaction.12", "reaction.15", "reaction.21"], german=["reaction.11"])
    move = longest_move(g, POLISH)
    g.apply(move, POLISH)
    choice = g.legal_actions(GERMAN)[0].choice
    g.apply(A.PlayReaction("reaction.11", choice), GERMAN)
    s = g.state
    assert s.reaction_discard == ["reaction.11"] and events(g, "reaction_played")[-1].to is None
    assert window(g) == ("block_window", POLISH, "red") and g.current_seat() == POLISH
    assert g.legal_actions(POLISH) == [A.BlockReaction("reaction.15"), A.AcceptReaction()]
    view = g.view(GERMAN)["reactions"]["window"]
    assert view["card"] == "reaction.11" and view["by"] == GERMAN and view["choice"] == choice
    assert "block" in str(g.prompt(POLISH)) and "may block" in str(g.prompt(GERMAN))
    g.check_state()
    g.apply(A.BlockReaction("reaction.15"), POLISH)
    assert s.reaction_discard == ["reaction.11", "reaction.15"] and events(g, "reaction_effect") == []
    assert events(g, "reaction_blocked")[-1].data["blocked"] == "reaction.11"
    assert s.agents[move.agent].space == move.to and not s.pending  # the movement as declared
    g.check_state()


def test_an_unblocked_card_takes_effect_through_the_step_6_hook(monkeypatch):
    """A16: accepted, the card's effect applies (step 6); here it is recorded and the hook is called."""
    calls = []
    monkeypatch.setattr("barclay_desktop.rules.stawka.reaction_windows.apply_reaction_effect",
                        lambda game, card, side, context: calls.append((card, side, context["choice"],
                                                                        context["step"]["kind"])))
    g = polish_turn()
    hands(g, polish=["reaction.12"], german=["reaction.22"])  # German take_item: one of his agents in the sector
    g.apply(A.Search(KLOSS), POLISH)
    legal = g.legal_actions(GERMAN)
    assert legal[0] == A.PlayReaction("reaction.22", BRUNNER)  # Brunner stands at the hotel too
    g.apply(legal[0], GERMAN)
    assert window(g) == ("block_window", POLISH, "purple")
    assert g.legal_actions(POLISH) == [A.AcceptReaction()]  # red 12 cannot block a purple card
    assert "no card to block" in str(g.prompt(POLISH))
    g.apply(A.AcceptReaction(), POLISH)
    assert calls == [("reaction.22", GERMAN, BRUNNER, "search")]
    (e,) = events(g, "reaction_effect")
    assert e.data["key"] == "take_item" and e.data["card"] == "reaction.22" and e.to is None
    assert [p.kind for p in g.state.pending] == ["found"]
    g.check_state()


def test_without_a_card_in_the_acting_players_hand_the_card_takes_effect_at_once():
    """A11 for the block window: it opens on the acting player's count."""
    g = polish_turn()
    hands(g, german=["reaction.9"])
    dice(g, 6, 6, 5, 6, 6)
    g.apply(A.Converse(KLOSS, BRUNNER), POLISH)
    g.apply(A.PlayReaction("reaction.9"), GERMAN)
    assert len(events(g, "reaction_effect")) == 1 and not any(p.kind == "block_window" for p in g.state.pending)
    g.check_state()


def test_a_block_symbol_card_may_be_played_for_its_effect():
    """A16: the card with the block symbol is also an ordinary card of its colour."""
    g = polish_turn()
    hands(g, german=["reaction.15"])  # red, block; German half extra_cost
    g.apply(longest_move(g, POLISH), POLISH)
    assert any(isinstance(a, A.PlayReaction) and a.card == "reaction.15" for a in g.legal_actions(GERMAN))


def test_threat_on_path_is_offered_only_on_spaces_free_and_legal_for_the_reactors_tokens():
    """A13: the token goes on a space of the route legal for its side (K8), from a pool that holds one."""
    g = polish_turn()
    hands(g, german=["reaction.13"])  # German half threat_on_path: locations only
    g.apply(longest_move(g, POLISH), POLISH)
    s = g.state
    from barclay_desktop.rules.stawka.rules import board

    spaces = [a.choice for a in g.legal_actions(GERMAN) if isinstance(a, A.PlayReaction)]
    assert all(board(s).spaces[sp].kind == "location" for sp in spaces)
    s.threat_pool[GERMAN], pool = [], s.threat_pool[GERMAN]
    s.threats_removed += pool
    touch(g)
    assert g.legal_actions(GERMAN) == [A.PassReaction()]
    assert "pool is empty" in str(g.explain_illegal(GERMAN, A.PlayReaction("reaction.13", "x")))


# ------------------------------------------------------------------ refusals


def test_refusals_name_the_reason():
    """L417: no card in one's own activation but a block; the window's colour; the hand; the block symbol."""
    g = polish_turn()
    hands(g, polish=["reaction.12", "reaction.20"], german=["reaction.11", "reaction.21"])
    why = str(g.explain_illegal(POLISH, A.PlayReaction("reaction.12", "")))
    assert "own activation" in why
    assert "only when an enemy agent" in str(g.explain_illegal(GERMAN, A.PlayReaction("reaction.11", "")))
    with pytest.raises(IllegalAction):
        g.apply(A.PlayReaction("reaction.12", ""), POLISH)
    g.apply(longest_move(g, POLISH), POLISH)
    assert "Only a red card" in str(g.explain_illegal(GERMAN, A.PlayReaction("reaction.21")))
    assert "not in your hand" in str(g.explain_illegal(GERMAN, A.PlayReaction("reaction.12", "")))
    assert "no such" in str(g.explain_illegal(GERMAN, A.PlayReaction("reaction.99")))
    assert "route" in str(g.explain_illegal(GERMAN, A.PlayReaction("reaction.11", "nowhere")))
    assert "may react" in str(g.explain_illegal(POLISH, A.PlayReaction("reaction.12", "")))
    assert "block answers" in str(g.explain_illegal(GERMAN, A.BlockReaction("reaction.11")))
    g.apply(g.legal_actions(GERMAN)[0], GERMAN)  # red 11 played: Polish may block
    assert "no block symbol" in str(g.explain_illegal(POLISH, A.BlockReaction("reaction.12")))
    assert "cannot be blocked" in str(g.explain_illegal(GERMAN, A.BlockReaction("reaction.21")))
    assert "ADVANCED rules" in str(new_game().explain_illegal(POLISH, A.PassReaction()))


# ------------------------------------------------------------------ what each seat sees, the twin, saves


def _window_position():
    g = polish_turn()
    hands(g, polish=["reaction.15"], german=["reaction.11", "reaction.22"])
    g.apply(longest_move(g, POLISH), POLISH)
    return g


def test_the_window_opens_alike_in_a_twin_and_shows_no_hidden_card():
    """A11 and section 3: the window depends on the count only, so a twin that redeals the hidden cards shows
    every seat the same view, log and legal actions; the leak probes find no hidden card."""
    g = _window_position()
    rng = random.Random(7)
    for seat in (POLISH, GERMAN, None):
        for _ in range(4):
            twin = make_twin(g, seat, rng)
            assert twin.state.pending[0].kind == "reaction_window"
            check_position(g, twin, seat)
        text = json.dumps(g.view(seat), default=str) + json.dumps([e.data for e in g.events_for(seat)], default=str)
        assert all(p not in text for p in g.leak_probes(seat))
    g.apply(g.legal_actions(GERMAN)[0], GERMAN)  # played: the block window
    for seat in (POLISH, GERMAN, None):
        check_position(g, make_twin(g, seat, rng), seat)


def test_a_game_saved_in_a_window_loads_and_goes_on():
    g = _window_position()
    back = type(g).from_json(json.loads(json.dumps(g.to_json())))
    back.check_state()
    assert back.state.pending == g.state.pending and back.state.activation.reacted == ["move"]
    back.apply(A.PassReaction(), GERMAN)
    back.check_state()
    data = json.loads(json.dumps(g.to_json()))  # an activation saved before `reacted` existed
    del data["state"]["activation"]["reacted"]
    data.pop("undo_history", None)
    old = type(g).from_json(data)
    old.check_state()
    assert old.state.activation.reacted == []


def test_every_half_of_the_deck_has_an_effect():
    """Section 5.2: the 30 cards' 60 halves are the 13 effects of step 6."""
    keys = {reaction_cards.card(c).half(x).key for c in reaction_cards.all_cards() for x in (POLISH, GERMAN)}
    assert keys == set(reaction_effects.EFFECTS) and len(keys) == 13


# ------------------------------------------------------------------ the computer player


@pytest.mark.parametrize("seed", [1, 2])
def test_easy_against_easy_plays_an_advanced_game_to_its_end_through_the_windows(seed):
    """The Easy player answers every window and block; the state is sound after every action."""
    g = advanced_game(seed)
    players = {seat: ai.make_player("stawka", "easy", seed=i) for i, seat in enumerate((POLISH, GERMAN))}
    met = {"reaction_window": 0, "block_window": 0}
    for _ in range(3000):
        if g.is_over():
            break
        seat = g.current_seat()
        if g.state.pending and g.state.pending[0].kind in met:
            met[g.state.pending[0].kind] += 1
        g.apply(players[seat].choose(g.view(seat), g.legal_actions(seat)), seat)
        g.check_invariants()
    assert g.is_over() and met["reaction_window"] > 5 and met["block_window"] > 0, met


def test_every_window_of_a_played_advanced_game_looks_the_same_in_its_twins():
    """Section 3 and A11 in play: at each reaction or block window of an Easy game, and at the position before it
    opened, every seat's view, log and legal actions match a twin's, and so do the next action's lines."""
    from barclay_desktop.rules.core.twin import check_every_seat, check_next_action

    g = advanced_game(2)
    players = {seat: ai.make_player("stawka", "easy", seed=i) for i, seat in enumerate((POLISH, GERMAN))}
    rng = random.Random(11)
    checked = 0
    while not g.is_over() and checked < 12:
        seat = g.current_seat()
        action = players[seat].choose(g.view(seat), g.legal_actions(seat))
        after = g.clone()
        after.apply(action, seat)
        opens = after.state.pending and after.state.pending[0].kind in ("reaction_window", "block_window")
        if opens or (g.state.pending and g.state.pending[0].kind in ("reaction_window", "block_window")):
            since = len(g.state.log)
            pairs = check_every_seat(g, rng)
            check_next_action(after, pairs, seat, action, since, rng)
            checked += 1
        g = after
    assert checked >= 12
