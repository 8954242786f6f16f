"""The Easy Stawka player at the ADVANCED level (issue 35, plan step 9): location cards, reaction cards, the
reciprocity reply, the tokens a card moves, the campaign's kept item and the ADVANCED tiles.

Each decision is tested from a constructed position for a sensible choice (barclay_desktop/ai/stawka/advanced.py
says why each choice is the sensible one); the last test is the fairness check: a twin differing only in what the
seat cannot see (the other hand, the decks) gets the same choice.
"""

from __future__ import annotations

import random

from barclay_desktop import ai
from barclay_desktop.rules.core.twin import make_twin
from barclay_desktop.rules.stawka import actions as A
from barclay_desktop.rules.stawka import reaction_cards
from barclay_desktop.rules.stawka.state import GERMAN, POLISH
from tests.stawka_helpers import advanced_game, dice, give_items, give_turn, put_threat, touch
from tests.test_stawka_location_actions import at_activations, hold, stand
from tests.test_stawka_reaction_windows import hands

MARTA, INGRID, GLAUBEL = "marta_becher", "ingrid_heizer", "glaubel"


def easy(g, seat: str, legal: list | None = None):
    """The Easy player's choice for `seat` (from `legal` when a test narrows the choice)."""
    player = ai.make_player("stawka", "easy", seed=1)
    return player.choose(g.view(seat), legal if legal is not None else g.legal_actions(seat))


# ------------------------------------------------------------------ location cards (Location Cards 3-5, A3, A8, A10)


def test_a_card_far_away_is_converted_when_the_pool_runs_dry_but_not_while_it_lasts():
    """A3: +2 AP once a stage. Late in the stage (the pool spent, the agents' limits not) the AP are worth more
    than a card whose location no agent reaches; early on the card is kept (an agent may still get there)."""
    g = at_activations()
    hold(g, "polish.police_station")  # "Look at every enemy threat token in this sector": little to gain
    assert not isinstance(easy(g, POLISH), A.ConvertLocationCard)
    g.state.pools[POLISH] = 0
    touch(g)
    assert easy(g, POLISH) == A.ConvertLocationCard("polish.police_station")


def test_a_victory_point_card_within_reach_is_kept_rather_than_converted():
    """The German officers' apartments card is a VP (A21: chestnuts counts VP): worth more than 2 AP."""
    g = at_activations(first=GERMAN)
    hold(g, "german.officers_apartments")
    stand(g, GLAUBEL, "hitlerplatz.s1")
    g.state.pools[GERMAN] = 0
    touch(g)
    assert easy(g, GERMAN) == A.GiveUp()


def test_the_card_is_converted_whose_action_is_worth_least():
    """One conversion a stage: of two cards the least useful one goes."""
    g = at_activations()
    hold(g, "polish.police_station")
    hold(g, "polish.courts")
    g.state.evidence[GERMAN]["purple"] = 4  # the courts card would clear 2 of it
    g.state.pools[POLISH] = 0
    touch(g)
    assert easy(g, POLISH) == A.ConvertLocationCard("polish.police_station")


def test_a_card_with_a_target_names_the_target_it_gains_most_on():
    """German courts: "Gain 2 evidence against an enemy agent in this sector." Two evidence lift a track from 2
    past the 3 where secrets begin, so Jacek's colour (purple at 2) beats Georg's (blue at 8)."""
    g = at_activations(first=GERMAN)
    hold(g, "german.courts")
    stand(g, GLAUBEL, "administrative.courts")
    stand(g, "georg", "administrative.employment_office")
    s = g.state
    s.evidence[GERMAN]["purple"], s.evidence[GERMAN]["blue"] = 2, 8
    touch(g)
    cards = [a for a in g.legal_actions(GERMAN) if isinstance(a, A.UseLocationCard)]
    assert {a.target for a in cards} == {"jacek", "georg"}
    assert easy(g, GERMAN, cards).target == "jacek"
    s.evidence[GERMAN]["purple"], s.evidence[GERMAN]["blue"] = 8, 2
    touch(g)
    assert easy(g, GERMAN, cards).target == "georg"


def test_an_activated_agent_uses_a_free_card_before_his_action():
    """A8: the special action costs nothing and is not the action, so it comes first (the action may end the
    activation): Jacek, activated on the market, searches again with the card before anything else."""
    g = at_activations()
    hold(g, "polish.market")  # "This agent searches here at no AP cost, ignoring the 'I was here' tokens."
    stand(g, "jacek", "city.s1")
    g.apply(A.Move("jacek", "city.market"), POLISH)
    assert g.state.activation.agent == "jacek"
    choice = easy(g, POLISH)
    assert isinstance(choice, A.UseLocationCard) and choice.card == "polish.market"


def test_the_hideout_gives_a_mission_card_to_an_agent_without_one():
    """A10: a hideout card may instead give the agent standing there a random mission card."""
    g = at_activations()
    hold(g, "polish.hospital")  # remove 1 evidence (nothing to remove) or the hideout
    stand(g, "jacek", "administrative.hospital")
    legal = [a for a in g.legal_actions(POLISH) if isinstance(a, (A.UseHideout, A.UseLocationCard))]
    assert A.UseHideout("polish.hospital", "jacek") in legal
    assert easy(g, POLISH, legal + [A.GiveUp()]) == A.UseHideout("polish.hospital", "jacek")


def test_a_card_moves_an_attacking_token_towards_the_enemy_and_otherwise_leaves_the_tokens():
    """Polish tenement: "Move up to 2 of your threat tokens to other legal spaces." A thief on the sector's space
    farthest from the German agents goes nearer them (where they walk); then the tokens stay (done)."""
    from barclay_desktop.ai.stawka.advanced import _nearest
    from barclay_desktop.ai.stawka.heuristic import _Ctx

    def thief_on(pick):
        g = at_activations()
        hold(g, "polish.tenement")
        ctx = _Ctx(g.view(POLISH))
        spaces = [sp for sp in ctx.dist("administrative.s1", POLISH, stops=False) if sp.startswith("administrative.s")]
        where = pick(spaces, key=lambda sp: (_nearest(ctx, sp, ctx.theirs), sp))
        put_threat(g, where, "polish.1")  # a thief
        g.apply(A.UseLocationCard("polish.tenement", "georg"), POLISH)
        assert g.state.pending[0].kind == "move_threats"
        return g, ctx, where

    g, ctx, far = thief_on(max)
    choice = easy(g, POLISH)
    assert isinstance(choice, A.MoveThreatByCard) and choice.frm == far
    assert _nearest(ctx, choice.to, ctx.theirs) <= _nearest(ctx, far, ctx.theirs) - 2
    g.apply(choice, POLISH)
    g.check_state()
    g, ctx, near = thief_on(min)
    assert easy(g, POLISH) == A.DoneMovingThreats()  # already in their way


# ------------------------------------------------------------------ reaction cards (Reaction Cards 1-5, A11-A16)


def german_move(g, to: str):
    """Marta walks from the Gestapo towards `to` (the German turn, her move declared): the Polish red window."""
    give_turn(g, GERMAN)
    move = A.Move(MARTA, to)
    assert move in g.legal_actions(GERMAN)
    g.apply(move, GERMAN)
    assert g.state.pending[0].kind == "reaction_window"
    return g.view(POLISH)["reactions"]["window"]["route"]


def test_a_walk_to_a_good_conversation_is_stopped_short_of_it():
    """Red window (A12-A13): Marta walks to talk to Ingrid, whom she reads well; the Polish player stops her
    before she gets there."""
    g = at_activations()
    hands(g, polish=["reaction.18"])  # Polish half: stop_movement
    far = "police.s12"
    stand(g, INGRID, far)
    path = german_move(g, far)
    choice = easy(g, POLISH)
    assert isinstance(choice, A.PlayReaction) and choice.choice in path[1:-1]


def test_a_harmless_walk_is_let_through_and_the_card_kept():
    """Marta walks to a bare street space nobody needs: the card is worth more kept."""
    g = at_activations()
    hands(g, polish=["reaction.18"])
    stand(g, INGRID, "city.s1")
    german_move(g, "police.s9")
    assert easy(g, POLISH) == A.PassReaction()


def marta_talks(g, polish=(), german=(), roll=(6, 6)):
    """Marta (rank 5) talks to Ingrid (rank 4) on the Gestapo; the German yellow track at 3 allows a secret."""
    give_turn(g, GERMAN)
    hands(g, polish=polish, german=german)
    g.state.evidence[GERMAN]["yellow"] = 3
    touch(g)
    dice(g, *roll)
    g.apply(A.Converse(MARTA, INGRID), GERMAN)


def test_a_conversation_that_would_give_a_secret_is_cancelled():
    """Yellow window (A14): a 12 on the dice is a secret against Ingrid; reaction.9 cancels the conversation."""
    g = at_activations()
    marta_talks(g, polish=["reaction.9"])
    assert g.state.pending[0].kind == "reaction_window"
    assert easy(g, POLISH) == A.PlayReaction("reaction.9")


def test_a_conversation_that_gave_nothing_is_not_worth_a_card():
    g = at_activations()
    marta_talks(g, polish=["reaction.9"], roll=(1, 1))
    assert g.state.pending[0].kind == "reaction_window"
    assert easy(g, POLISH) == A.PassReaction()


def test_a_search_of_a_rich_location_is_emptied():
    """Purple window (A14): Marta searches the Gestapo, whose tiles are worth much to her (the German's blue track
    at 2 and the Gestapo's tiles give evidence); reaction.26 (Polish half empty_search) makes it find nothing."""
    g = at_activations()
    give_turn(g, GERMAN)
    hands(g, polish=["reaction.26"])
    g.state.evidence[GERMAN]["yellow"] = 2
    touch(g)
    g.apply(A.Search(MARTA), GERMAN)
    assert g.state.pending[0].kind == "reaction_window"
    assert easy(g, POLISH) == A.PlayReaction("reaction.26")


def test_the_enemys_cancel_of_a_secret_is_blocked_and_a_small_card_accepted():
    """Block window (A16): the Polish player cancels Marta's secret; the German blocks with reaction.4 (a yellow
    block card). Against a card costing one evidence he keeps his block card."""
    g = at_activations()
    marta_talks(g, polish=["reaction.9"], german=["reaction.4"])
    g.apply(A.PlayReaction("reaction.9"), POLISH)
    assert g.state.pending[0].kind == "block_window"
    assert easy(g, GERMAN) == A.BlockReaction("reaction.4")
    g = at_activations()
    marta_talks(g, polish=["reaction.5"], german=["reaction.4"])  # evidence_back: 1 evidence against Marta
    g.apply(A.PlayReaction("reaction.5"), POLISH)
    assert easy(g, GERMAN) == A.AcceptReaction()


def test_over_the_limit_the_least_useful_card_is_discarded():
    """Reaction Cards 5 (L426): four cards, the limit 3: peek_found (only a look) goes."""
    g = at_activations()
    hands(g, polish=["reaction.9", "reaction.11", "reaction.21", "reaction.24"])  # .24 Polish: peek_found
    reaction_cards.open_discard(g, POLISH, {})
    touch(g)
    assert g.state.pending[0].kind == "reaction_discard"
    assert easy(g, POLISH) == A.DiscardReaction("reaction.24")


def test_the_reciprocity_reply_reveals_a_conversation_item_when_it_pays():
    """A19, K15: Ingrid answers Marta with her single-use +2 (market.1): against Marta's secret at 12 and the Polish
    blue track at 3 the two points are worth more than the tile kept."""
    g = at_activations()
    give_items(g, INGRID, "market.1")
    g.state.evidence[POLISH]["blue"] = 3
    marta_talks(g, polish=["reaction.1"], roll=(2, 2, 5, 4))  # Marta's 4: nothing; Ingrid's 9 +3 track (+2)
    g.apply(A.PlayReaction("reaction.1"), POLISH)
    while g.state.pending and g.state.pending[0].kind != "reply":
        seat = g.current_seat()
        g.apply(easy(g, seat), seat)
    assert g.state.pending[0].kind == "reply"
    assert easy(g, POLISH) == A.ReplyWith(("market.1",))


# ------------------------------------------------------------------ ADVANCED tiles and the campaign's kept item


def test_a_valuable_found_is_used_as_evidence_and_a_card_drawn_only_with_room():
    """A23: a valuable counts only in Hotel Excelsior, so its evidence wins; a reaction-card tile is used while
    the hand has room (with a full hand the draw would only force a discard)."""
    g = at_activations()
    stack = g.state.stacks["police.gestapo"]
    stack.remove("gestapo.2")
    stack.append("gestapo.2")  # the top tile: a valuable
    touch(g)
    g.apply(A.Search(INGRID), POLISH)
    choice = easy(g, POLISH)
    assert isinstance(choice, A.UseAsEvidence) and choice.item == "gestapo.2"
    g = at_activations()
    give_items(g, "hans_kloss", "cafe.2")  # "draw 1 reaction card"
    use = A.UseItem("hans_kloss", "cafe.2")
    assert easy(g, POLISH, [use, A.GiveUp()]) == use
    hands(g, polish=["reaction.9", "reaction.11", "reaction.21"])
    assert easy(g, POLISH, [A.EndActivation(), use]) == A.EndActivation()


def test_the_kept_campaign_item_goes_to_the_agent_who_uses_it_most():
    """K16, A29: a rank item to the lowest rank (Georg, rank 2); the others to the non-chief with the largest
    AP limit."""
    from tests.test_stawka_campaign import chestnuts_after, first_clash_won_by_vp_with, place_all

    g = place_all(chestnuts_after(first_clash_won_by_vp_with("gestapo.2").state.carry_over))
    assert g.view(POLISH)["pending"]["kind"] == "campaign_item"
    choice = easy(g, POLISH)
    agents = {a["id"]: a for a in g.view(POLISH)["agents"]}
    best = max(a["ap_limit"] - 2 * a["chief"] for a in agents.values() if a["side"] == POLISH)
    assert agents[choice.agent]["ap_limit"] - 2 * agents[choice.agent]["chief"] == best


# ------------------------------------------------------------------ fairness


ADVANCED_KINDS = ("reaction_window", "block_window", "reaction_discard", "reply", "move_threats")
CARD_ACTIONS = (A.ConvertLocationCard, A.UseLocationCard, A.UseHideout)


def test_the_advanced_choices_do_not_depend_on_what_the_seat_cannot_see():
    """K12: at every ADVANCED decision of two Easy games (windows, blocks, discards, replies, card moves, and the
    turns where a location card can be used or converted) a twin that redeals the opponent's hands and the decks
    shows the seat the same view and legal actions and gets the same choice."""
    rng = random.Random(3)
    compared = differed = 0
    for seed in (1, 2):
        g = advanced_game(seed)
        players = {seat: ai.make_player("stawka", "easy", seed=i) for i, seat in enumerate((POLISH, GERMAN))}
        while not g.is_over():
            seat = g.current_seat()
            view, legal = g.view(seat), g.legal_actions(seat)
            kind = g.state.pending[0].kind if g.state.pending else None
            if kind in ADVANCED_KINDS or any(isinstance(a, CARD_ACTIONS) for a in legal):
                twin = make_twin(g, seat, rng)
                assert twin.view(seat) == view and twin.legal_actions(seat) == legal
                hidden = [(x.reaction_hand[other], x.location_hand[other], sorted(x.reaction_deck))
                          for x in (g.state, twin.state) for other in (GERMAN if seat == POLISH else POLISH,)]
                differed += hidden[0] != hidden[1]
                first = ai.make_player("stawka", "easy", seed=compared).choose(view, legal)
                second = ai.make_player("stawka", "easy", seed=compared).choose(twin.view(seat),
                                                                                twin.legal_actions(seat))
                assert first == second, (kind, first, second)
                compared += 1
            g.apply(players[seat].choose(view, legal), seat)
    assert compared > 40 and differed > 20, (compared, differed)
