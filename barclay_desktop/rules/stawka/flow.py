"""Stages, planning cards, priority, turn order, evidence, victory and the carry-over.

Rulebook, Planning Cards and Stages (A-H), Activating an Agent, Investigation
Track; rulings K5 and K7. Each function takes the game (for emit/reveal) and
changes game.state.
"""

from __future__ import annotations

import math

from ..core import GameResult
from ..core.message import Joined, msg, nmsg
from ..core.words import and_message
from . import content, film
from . import texts as T
from .rules import TRACK_MAX, advanced, colour, extended, has_trait, seat_can_act
from .scenario_rules import scenario_rules
from .state import ACTIVATION, CARRY_OVER, COLOURS, GERMAN, PLANNING, POLISH, SIDES, other

CYCLE_LENGTH = 4  # K7: all five cards return after both players have used four


def plan_card(card_id: str):
    side = card_id.split("_", 1)[0]
    for c in content.planning_cards(side):
        if c.id == card_id:
            return c
    raise KeyError(card_id)


def available_cards(state, seat: str) -> list:
    return [c for c in content.planning_cards(seat) if c.id not in state.used[seat]]


def choice_tag(card_id: str, stage: int) -> str:
    """A distinctive marker of a planning choice, used by the events and the leak probes."""
    return f"{card_id}@stage{stage}"


# ------------------------------------------------------------------ stages


def start_stage(game) -> None:
    s = game.state
    s.phase = PLANNING
    s.chosen = dict.fromkeys(SIDES)
    s.revealed = dict.fromkeys(SIDES)
    s.pools = dict.fromkeys(SIDES, 0)
    s.gave_up = dict.fromkeys(SIDES, False)
    s.turn = None
    s.activation = None
    s.talked = []  # K13: every pair may talk again in the new stage
    s.turned_back = []  # P5: who stayed back from a document check may try again
    if advanced(s):
        s.location_converted = []  # Location Cards 4: one card a stage
        s.arrest_bonus = {}  # A24: a location card's arrest bonus lasts until the end of the stage
    for a in s.agents.values():
        a.ap_used = 0
        a.rank_reroll_used = False
        a.shield_used = False
    if not s.stages:  # F3: an open-ended scenario has no "of N"
        text = msg("Stage {stage} begins: both players choose a planning card in secret.", stage=s.stage)
    else:
        text = msg("Stage {stage} of {stages} begins: both players choose a planning card in secret.",
                   stage=s.stage, stages=s.stages)
    game.emit("stage", text, stage=s.stage)


def choose_plan(game, seat: str, card_id: str) -> None:
    s = game.state
    s.chosen[seat] = card_id
    game.emit_lazy(seat, _plan_chosen_event, card_id, s.stage)
    game.emit_lazy(None, _plan_waiting_event, seat)
    if all(s.chosen[x] is not None for x in SIDES):
        reveal_plans(game)


# The frequent lines are logged lazily (core/events.LazyEvent): a random game or a search never reads them.
def _activation_end_event(agent_id: str, ap: int):
    return "activation_end", msg("{name}'s activation ends ({ap} AP used).", name=T.agent(agent_id), ap=ap), {
        "agent": agent_id}


def _plan_chosen_event(card_id: str, stage: int):
    card = plan_card(card_id)
    return "plan_chosen", msg("You chose {card} (priority {priority}, {ap} AP).", card=T.card_name(card),
                              priority=card.priority, ap=card.ap), {"choice": choice_tag(card_id, stage)}


def _plan_waiting_event(seat: str):
    return "plan_waiting", msg("The {side} player has chosen a planning card.", side=T.PLAYER_SIDE[seat]), {
        "seat": seat}


def reveal_plans(game) -> None:
    """Stage A-B: show both cards, set the AP pools and who activates first."""
    s = game.state
    game.reveal(msg("The planning cards were revealed."))
    cards = {x: plan_card(s.chosen[x]) for x in SIDES}
    s.revealed = dict(s.chosen)
    for x in SIDES:
        s.pools[x] = cards[x].ap
    text = Joined([msg("{side}: {card} (priority {priority}, {ap} AP)", side=T.NETWORK_NAME[x],
                       card=T.card_name(cards[x]), priority=cards[x].priority, ap=cards[x].ap) for x in SIDES], "; ")
    game.emit("plans_revealed", msg("Planning cards revealed - {cards}.", cards=text),
              cards={x: s.chosen[x] for x in SIDES}, choices=[choice_tag(s.chosen[x], s.stage) for x in SIDES])
    p, g = cards[POLISH].priority, cards[GERMAN].priority
    if p != g:
        s.first = POLISH if p < g else GERMAN
        why = msg("lower priority")
    elif s.first is None:
        s.first = priority_roll(game)
        why = msg("the lower die roll")
    else:
        why = msg("equal priority: the same player as in the previous stage")
    game.emit("priority", msg("The {side} player activates first ({why}).", side=T.PLAYER_SIDE[s.first], why=why),
              first=s.first)
    if extended(s):
        from .threats import stage_c

        if stage_c(game):
            return
    begin_activations(game)


def begin_activations(game) -> None:
    """After the set-out (A1), ADVANCED: stage D's reaction cards, which may wait for a player discarding down to
    the limit (reaction_cards.discard then calls start_activations)."""
    if advanced(game.state):
        from .reaction_cards import stage_d

        if stage_d(game):
            return
    start_activations(game)


def start_activations(game) -> None:
    """Stage F: the player with priority activates first (ADVANCED: after step E's location cards, A1)."""
    s = game.state
    if advanced(s):
        from .location_cards import stage_e

        stage_e(game)
    s.phase = ACTIVATION
    s.turn = s.first
    if not seat_can_act(s, s.turn):
        pass_turn(game)


def priority_roll(game) -> str:
    """Stage B: equal cards in the first stage - each rolls a die, the lower goes first (re-roll ties)."""
    s = game.state
    while True:
        rolls = {x: s.rng.d6() for x in SIDES}
        s.last_dice = {"kind": "priority", "rolls": dict(rolls)}
        game.emit("dice", msg("Priority tie: Polish rolls {polish}, German rolls {german}.", polish=rolls[POLISH],
                              german=rolls[GERMAN]),
                  roll="priority", rolls=dict(rolls))
        if rolls[POLISH] != rolls[GERMAN]:
            return POLISH if rolls[POLISH] < rolls[GERMAN] else GERMAN


def end_activation(game) -> None:
    s = game.state
    act = s.activation
    if act is not None:
        game.emit_lazy(None, _activation_end_event, act.agent, act.ap_spent)
    s.activation = None
    pass_turn(game)


def pass_turn(game) -> None:
    """Activations alternate; a player who cannot act (no AP, gave up, nobody able) is skipped."""
    s = game.state
    if s.result is not None or s.phase != ACTIVATION:
        return
    nxt = other(s.turn)
    if seat_can_act(s, nxt):
        s.turn = nxt
    elif not seat_can_act(s, s.turn):
        end_stage(game)


def give_up(game, seat: str) -> None:
    s = game.state
    s.gave_up[seat] = True
    game.emit("give_up", msg("The {side} player gives up the rest of stage {stage}.", side=T.PLAYER_SIDE[seat],
                             stage=s.stage), seat=seat)
    if s.activation is not None:
        end_activation(game)
    else:
        pass_turn(game)


def end_stage(game) -> None:
    """Stage G-H: used cards aside (K7 cycle), the time marker moves on."""
    s = game.state
    for x in SIDES:
        s.used[x].append(s.revealed[x])
    s.activation = None
    s.turn = None
    game.emit("stage_end", msg("Stage {stage} ends.", stage=s.stage), stage=s.stage)
    if all(len(s.used[x]) >= CYCLE_LENGTH for x in SIDES):
        for x in SIDES:
            s.used[x] = []
        game.emit("plans_return", msg("Both players have used four planning cards: all five return to each hand."))
    if film.end_of_stage(game):  # a film's stage-end check (F7, F17) comes before the time-out
        return
    if s.stages and s.stage >= s.stages:  # F3: stages 0 never ends by time
        scenario_end_by_time(game)
        return
    s.stage += 1
    start_stage(game)


# ------------------------------------------------------------------ evidence and secrets


def gain_evidence(game, seat: str, col: str, amount: int, why: str, source: str = "") -> int:
    """Move `seat`'s track against `col` right; returns the evidence actually gained (K5: 0-10). `source`
    ("conversation", "item" or "") says whether the pieces beyond 10 may count in a film scenario (F1)."""
    s = game.state
    for aid, a in s.agents.items():
        if a.side != seat and colour(aid) == col and has_trait(s, aid, "evidence_shield") and not a.shield_used:
            a.shield_used = True  # the first piece each stage is ignored
            amount -= 1
            game.emit("evidence_shield", msg("{name}'s trait ignores the first evidence this stage.",
                                             name=T.agent(aid)),
                      agent=aid)
            break
    before = s.evidence[seat][col]
    after = min(TRACK_MAX, before + max(0, amount))
    s.evidence[seat][col] = after
    gained = after - before
    beyond = before + max(0, amount) - after  # after the shield, as F1 says
    game.emit("evidence", msg("{side} evidence against {colour}: {before} -> {after} ({why}).",
                              side=T.NETWORK_NAME[seat], colour=T.colour(col), before=before, after=after, why=why),
              seat=seat, colour=col, before=before, after=after)
    if gained:
        check_chief_falls(game, seat, col)
        if s.missions:  # EXTENDED: evidence_colour goals (P18), after the chief's fall (P28)
            from .missions import on_evidence

            on_evidence(game, seat, col)
    if beyond and source:
        film.on_overflow(game, seat, beyond, source)
    return gained


def check_chief_falls(game, seat: str, col: str) -> None:
    """P28: the enemy chief falls the moment `seat`'s track against his colour reaches 10 (First Clash: Kloss is
    exposed, or the SS officer compromised), and that ends the scenario in `seat`'s favour."""
    s = game.state
    if s.result is not None or s.winner is not None or not scenario_rules(s.scenario)["chief_falls_end"]:
        return
    if s.evidence[seat][col] < TRACK_MAX:
        return
    chiefs = [aid for aid, a in s.agents.items() if a.side != seat and content.agent(aid).chief and colour(aid) == col]
    if not chiefs:
        return
    if seat == GERMAN:
        reason = msg("The German network has exposed {name}: the German player wins.", name=T.agent(chiefs[0]))
        scenario_won(game, seat, reason, "exposed")
    else:
        reason = msg("The Polish network has compromised {name}: the Polish player wins.", name=T.agent(chiefs[0]))
        scenario_won(game, seat, reason, "compromised")


def gain_vp(game, seat: str, amount: int, why) -> None:
    """Victory points (First Clash): public; reaching the scenario's score wins at once."""
    s = game.state
    if amount <= 0 or s.result is not None or s.winner is not None:
        return
    s.vp[seat] = s.vp.get(seat, 0) + amount
    game.emit("vp", nmsg("{side} gains {n} victory point ({why}): {total} in all.",
                         "{side} gains {n} victory points ({why}): {total} in all.", amount,
                         side=T.NETWORK_NAME[seat], n=amount, why=why, total=s.vp[seat]),
              seat=seat, amount=amount, total=s.vp[seat])
    need = scenario_rules(s.scenario)["vp_to_win"]
    if need and s.vp[seat] >= need:
        scenario_won(game, seat, vp_won(seat, s.vp[seat]), "vp")


def remove_evidence(game, seat: str, col: str, amount: int, why: str) -> None:
    s = game.state
    before = s.evidence[seat][col]
    s.evidence[seat][col] = max(0, before - amount)
    game.emit("evidence", msg("{side} evidence against {colour}: {before} -> {after} ({why}).",
                              side=T.NETWORK_NAME[seat], colour=T.colour(col), before=before,
                              after=s.evidence[seat][col], why=why),
              seat=seat, colour=col, before=before, after=s.evidence[seat][col])


def gain_secret(game, seat: str, target: str) -> None:
    s = game.state
    s.secrets[seat] += 1
    col = colour(target)
    game.emit("secret", msg("{side} gains a secret from {name} ({n} in all).", side=T.NETWORK_NAME[seat],
                            name=T.agent(target), n=s.secrets[seat]), seat=seat, target=target,
              secrets=s.secrets[seat])
    rules = scenario_rules(s.scenario)
    if rules["secret_resets_track"]:
        remove_evidence(game, seat, col, s.evidence[seat][col], msg("a secret resets the track"))
    need = rules["secrets_to_win"]
    if need and s.secrets[seat] >= need:
        scenario_won(game, seat, secrets_won(seat, need), "secrets")
    elif rules["vp"]:
        gain_vp(game, seat, rules["vp"]["secret"], msg("a secret"))
    film.on_secret(game, seat, target)  # F9: the radio station; F26: Top Secret's bonus


# ------------------------------------------------------------------ the end and the carry-over


def scenario_won(game, seat: str, reason, kind: str) -> None:
    """The scenario is won at once; `kind` says how ("secrets", "vp", "exposed", "compromised")."""
    s = game.state
    s.winner = seat
    s.ending = kind
    s.activation = None
    _return_undecided_tiles(s)
    s.pending = []
    game.emit("victory", reason, winner=seat, ending=kind)
    carry = scenario_rules(s.scenario)["carry_over"]
    if carry and carry.get("winner_keeps_track") == kind and carry_over_choices(s, seat):
        ask_carry_over(game, seat, "track")
    elif carry_item_choices(s):
        ask_carry_over(game, seat, "item")
    else:
        finish(game, GameResult(seat, reason, kind), None)


def scenario_end_by_time(game) -> None:
    s = game.state
    if film.time_out(game):  # a film's own ending by time (F4, F11) instead of the draw
        return
    reason = msg("Stage {stage} is over and nobody won: a draw.", stage=s.stages)
    game.emit("draw", reason)
    finish(game, GameResult(None, reason, "draw"), None)


def ask_carry_over(game, seat: str, step: str) -> None:
    """The winner's carry-over choice (K16): first a track to keep whole, then (First Clash) one item."""
    s = game.state
    s.phase = CARRY_OVER
    s.turn = seat
    s.carry_step = step
    if step == "track":
        game.emit("carry_over_choice", msg("The {side} player may keep one evidence track unhalved for the next "
                                           "scenario.", side=T.PLAYER_SIDE[seat]), seat=seat)
    else:
        game.emit("carry_over_choice", msg("The {side} player may keep one acquired item for the next scenario.",
                                           side=T.PLAYER_SIDE[seat]), seat=seat)


def carry_over_choices(state, seat: str) -> list[str]:
    """Tracks whose halving would lose evidence; never the track against Hans Kloss."""
    kloss_colours = {colour(aid) for aid, a in state.agents.items() if aid == content.KLOSS and a.side != seat}
    return [c for c in COLOURS if state.evidence[seat][c] >= 2 and c not in kloss_colours]


def carry_item_choices(state) -> list[str]:
    """K16 after First Clash: the items the 11-VP winner's agents hold, one of which he may keep."""
    carry = scenario_rules(state.scenario)["carry_over"]
    if not carry or not carry.get("winner_keeps_item") or state.ending != carry.get("winner_keeps_track"):
        return []
    return [i for a in state.agents.values() if a.side == state.winner for i in a.items]


def won_reason(state):
    kind = state.ending or "secrets"  # a game saved before `ending` existed was won by secrets (Meeting)
    if kind == "vp":
        return vp_won(state.winner, state.vp.get(state.winner, 0))
    return secrets_won(state.winner, scenario_rules(state.scenario)["secrets_to_win"])


def keep_track_whole(game, colour_kept: str | None) -> None:
    s = game.state
    s.kept_track = colour_kept
    if carry_item_choices(s):
        ask_carry_over(game, s.winner, "item")
        return
    finish(game, GameResult(s.winner, won_reason(s), s.ending or "secrets"), colour_kept)


def _return_undecided_tiles(s) -> None:
    """A game won while a found or peeked tile waits for its decision (ADVANCED: a search window's effect can
    complete a mission first) ends with that tile back on top of its stack, in its order: K9, every tile in
    exactly one place; nobody kept it or used it."""
    for p in s.pending:
        if p.kind in ("found", "peek"):
            for iid in reversed(p.items):
                s.stacks[content.item(iid).location].append(iid)


def keep_campaign_item(game, item: str | None) -> None:
    s = game.state
    finish(game, GameResult(s.winner, won_reason(s), s.ending or "secrets"), s.kept_track, item)


def finish(game, result: GameResult, kept_whole: str | None, kept_item: str | None = None) -> None:
    """Record the result and, for a campaign scenario, the evidence carried to the next one."""
    s = game.state
    s.activation = None
    s.pending = []
    s.turn = None
    s.carry_step = ""
    rules = scenario_rules(s.scenario)
    if rules["carry_over"]:
        s.carry_over = carry_over(s, result, kept_whole, kept_item, rules["next"])
        kept = {x: s.carry_over["evidence"][x] for x in SIDES}
        game.emit("carry_over", carry_over_words(result.winner, kept_whole, kept, kept_item),
                  carry_over={**s.carry_over, "kept_item": None})  # the item is named to its owner only (K12)
        if kept_item:
            game.emit("kept_item", msg("You keep {item} for the next scenario.", item=T.item_name(kept_item)),
                      to=result.winner, item=kept_item)
    elif rules["campaign_end"]:
        s.carry_over = campaign_end(s, result)
        game.emit("campaign_end", msg("The training campaign ends in a draw.") if result.winner is None else
                  msg("The {side} player wins the training campaign.", side=T.PLAYER_SIDE[result.winner]),
                  carry_over=s.carry_over)
    s.result = result
    s.phase = "over"


def vp_won(seat: str, points: int) -> str:
    return nmsg("The {side} player reached {n} victory point.", "The {side} player reached {n} victory points.",
                points, side=T.PLAYER_SIDE[seat], n=points)


def secrets_won(seat: str, need: int) -> str:
    return nmsg("The {side} player gained {n} secret.", "The {side} player gained {n} secrets.", need,
                side=T.PLAYER_SIDE[seat], n=need)


def carry_over_words(winner: str | None, kept_whole: str | None, kept: dict, kept_item: str | None = None):
    """The public log line of the carry-over: what each side keeps, the track kept whole, and that the winner
    keeps an item (which one is his to know: K12)."""
    words = {"polish": evidence_words(kept[POLISH]), "german": evidence_words(kept[GERMAN])}
    if kept_item:
        words.update(side=T.NETWORK_NAME[winner])
        if kept_whole:
            return msg("Evidence kept for the next scenario (half, rounded up; {side} keeps the {colour} track "
                       "whole): Polish {polish}; German {german}. {side} keeps one item; all other items return to "
                       "the board.", colour=T.colour(kept_whole), **words)
        return msg("Evidence kept for the next scenario (half, rounded up): Polish {polish}; German {german}. "
                   "{side} keeps one item; all other items return to the board.", **words)
    if kept_whole:
        return msg("Evidence kept for the next scenario (half, rounded up; {side} keeps the {colour} track whole): "
                   "Polish {polish}; German {german}. All items return to the board.",
                   side=T.NETWORK_NAME[winner], colour=T.colour(kept_whole), **words)
    return msg("Evidence kept for the next scenario (half, rounded up): Polish {polish}; German {german}. "
               "All items return to the board.", **words)


def evidence_words(track: dict) -> str:
    """{'yellow': 1, 'purple': 0, 'blue': 2, 'black': 0} -> '1 yellow and 2 blue', or 'none'."""
    held = [msg("{n} {colour}", n=n, colour=T.colour(c)) for c, n in track.items() if n]
    return and_message(held) if held else msg("none")


def carry_over(state, result: GameResult, kept_whole: str | None, kept_item: str | None,
               next_scenario: str | None) -> dict:
    """K16: half of the evidence (rounded up) is kept, the winner may keep one track whole (and, after First
    Clash, one item); an exposed Kloss changes his document and a compromised chief stays out next time; the
    campaign's history gains this scenario's line."""
    winner = result.winner
    evidence = {}
    for seat in SIDES:
        evidence[seat] = {
            c: (v if (seat == winner and c == kept_whole) else math.ceil(v / 2))
            for c, v in state.evidence[seat].items()
        }
    history = list((state.options.get("campaign") or {}).get("history", []))
    history.append({"scenario": state.scenario, "winner": winner, "ending": result.kind})
    return {
        "from_scenario": state.scenario,
        "next_scenario": next_scenario,
        "winner": winner,
        "kept_whole": {seat: (kept_whole if seat == winner else None) for seat in SIDES},
        "kept_item": {seat: (kept_item if seat == winner else None) for seat in SIDES},
        "evidence": evidence,
        "items_return_to_board": True,
        "kloss_document_out": state.options.get("kloss_document") if result.kind == "exposed" else None,
        "chief_out": fallen_chief(state) if result.kind == "compromised" else None,
        "history": history,
    }


def campaign_end(state, result: GameResult) -> dict:
    """A30: the last training scenario's winner wins the campaign; its history gains the last line."""
    history = list((state.options.get("campaign") or {}).get("history", []))
    history.append({"scenario": state.scenario, "winner": result.winner, "ending": result.kind})
    return {"from_scenario": state.scenario, "next_scenario": None, "winner": result.winner,
            "campaign_winner": result.winner, "history": history}


def fallen_chief(state) -> str | None:
    """The compromised German chief (Brunner in First Clash): the next scenario must do without him."""
    return next((aid for aid, a in state.agents.items()
                 if a.side == GERMAN and content.agent(aid).chief and state.evidence[POLISH][colour(aid)] >= TRACK_MAX),
                None)
