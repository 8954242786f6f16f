"""The search's rollout on a MonthSim, with its commonest moves written out (issue 38).

A rollout is mostly card plays, draws and bets. For those, `rollout` takes the rollout
policy's choice (`BarclaySearch.rollout_action`: the same draws from the generator, in the same
order, and the same pick) and makes the move on the sim directly, without building the
legal list's actions; every other move goes through `MonthSim.legal`, the policy and
`MonthSim.apply`. `tests/test_ai_barclay_sim.py` checks it move by move against the
policy on the engine's game (with the sample's decks shuffled; the players' lazy decks
draw each card at random as it is drawn, MonthSim.take). Its results skip the reveal and
the fixes (sim_results.rollout_queue): the policy's fixes end in each hand's best fixing.
"""

from __future__ import annotations

import bisect
import itertools
import random as _random

from barclay_desktop.rules.barclay import actions as A
from barclay_desktop.rules.barclay.flow import CARDS, PLAYED, STEP_CARDS
from barclay_desktop.rules.barclay.state import ABWEHR, LCS

from barclay_desktop.rules.barclay.hands import fold_key, fold_options

from .knowledge import BLANK_OPTION, best_key, card_option, row_options
from .search import ABWEHR_DRAWS, LCS_DRAWS, ROLLOUT_GREEDY, _card_values, best_card
from .sim import MonthSim, holds_ultra, play_card
from .sim_results import hand_key, strip_fixes

_SOURCES = {(c, d, o): [src for src, there in (("channels", c), ("dc", d), ("own", o)) if there]
            for c in (False, True) for d in (False, True) for o in (False, True)}
# (Abwehr weights, which decks hold cards) -> the cumulative draw weights search._draw_cum_weights gives
_CUM = {(abwehr, key): list(itertools.accumulate((ABWEHR_DRAWS if abwehr else LCS_DRAWS)[src] for src in sources))
        for abwehr in (False, True) for key, sources in _SOURCES.items()}
_ABWEHR_ALL, _LCS_ALL = _CUM[True, (True, True, True)], _CUM[False, (True, True, True)]
# their totals as floats: random.choices scales by cum_weights[-1] + 0.0
_ABWEHR_TOTAL, _LCS_TOTAL = _ABWEHR_ALL[-1] + 0.0, _LCS_ALL[-1] + 0.0


def rollout(sim: MonthSim, model, rng: _random.Random) -> None:
    """Play the sim to where the search stops, as ISMCTS._rollout with `model`'s policy."""
    random = rng.random
    getrandbits = rng.getrandbits
    policy = model.rollout_action
    pending = sim.pending
    hands, tableau = sim.hands, sim.tableau
    sim.rolling = True
    if sim.step == "results":
        sim.queue = strip_fixes(sim.queue)  # a rollout's results rank hands at their best fixing
    while not sim.over:
        if pending:
            p = pending[0]
            if p.kind == "draw":
                del pending[0]
                _draw(sim, p.seat, random)
                sim.advance()
                continue
            if p.kind == "fix" or p.kind == "replace":
                sim.apply(p.seat, _results_choice(sim, p, model, rng))
                continue
        else:
            step = sim.step
            if step == "play3" or step == "play2":
                na, nl = len(tableau[ABWEHR]), len(tableau[LCS])
                target = 3 if step == "play3" else 5
                if na < target or nl < target:
                    seat = ABWEHR if na <= nl else LCS
                    ok = STEP_CARDS[step]
                    cards = None  # the playable cards, written out: a comprehension is a call
                    for c in hands[seat]:
                        if c in ok:
                            if cards is None:
                                cards = [c]
                            else:
                                cards.append(c)
                    if cards is not None:
                        cid = cards[0] if len(cards) == 1 else _pick_card(sim, seat, cards, rng, random)
                        row = sim.rows.get(seat)
                        _play_drawing(sim, seat, cid, random)
                        if row is not None:
                            sim.rows[seat] = (row, cid)  # the values with the card played, found when needed
                        continue  # advance() would wait here for the next card (or what is pending)
                sim.advance()  # the step's end, a blank or B7's discard (MonthSim._advance_play_step)
                if sim.step != step or sim.pending or len(tableau[ABWEHR]) != na or len(tableau[LCS]) != nl:
                    continue
            elif step == "assess":
                seat = ABWEHR if sim.bets[ABWEHR] is None else LCS  # current_seat()
                if seat != model.modelled_seat and not (
                        seat == LCS and sim.ultra is None and holds_ultra(hands[LCS])):
                    sim.bets[seat] = _rule_bet(sim, seat, getrandbits)  # as _assess does
                    if seat == LCS and sim.ultra is not None:
                        sim.queue_draw(LCS)  # the draw Ultra owes comes after the LCS's bet
                    sim.advance()
                    continue
        seat = sim.current_seat()
        if seat is None:
            return
        legal = sim.legal(seat)
        if not legal:
            return
        sim.apply(seat, legal[0] if len(legal) == 1 else policy(sim, seat, legal, rng))


def _draw(sim: MonthSim, seat: str, random) -> None:
    """The rollout policy's draw for `seat` (weighted by source, as rollout_action's), made."""
    decks = sim.decks
    own = decks[seat]
    if decks["channels"] and decks["dc"] and own:  # the commonest case, bisect written out
        if seat == ABWEHR and sim.leaks:
            cum, x = _ABWEHR_ALL, random() * _ABWEHR_TOTAL
        else:
            cum, x = _LCS_ALL, random() * _LCS_TOTAL
        name = "channels" if x < cum[0] else "dc" if x < cum[1] else seat
    else:
        key = (bool(decks["channels"]), bool(decks["dc"]), bool(own))
        sources = _SOURCES[key]
        if len(sources) == 1:
            source = sources[0]
        else:
            cum = _CUM[seat == ABWEHR and sim.leaks, key]
            source = sources[bisect.bisect(cum, random() * (cum[-1] + 0.0), 0, len(sources) - 1)]
        name = seat if source == "own" else source
    deck = decks[name]
    n = len(deck)
    bits = sim.draw_bits
    if bits is None or n == 1 or name == "dc":
        sim.hands[seat].append(deck.pop())
        return
    k = n.bit_length()  # MonthSim.take written out: a card picked at random from a deck in no order
    j = bits(k)
    while j >= n:
        j = bits(k)
    sim.hands[seat].append(deck[j])
    deck[j] = deck[-1]
    deck.pop()


def _play_drawing(sim: MonthSim, seat: str, cid: str, random) -> None:
    """play_card, and for a card without an effect the draw it owes made at once: the draw
    the rollout would make next from the pending draw play_card leaves (nothing is pending
    when a card is played)."""
    face_up = sim.step == "play3"
    if face_up and CARDS[cid].effect is not None:
        play_card(sim, seat, cid)
        return
    hand = sim.hands[seat]
    hand.remove(cid)
    sim.tableau[seat].append(PLAYED[cid, face_up])
    sim.rows.pop(seat, None)
    decks = sim.decks
    if len(hand) < 4 and (decks["channels"] or decks["dc"] or decks[seat]):  # MonthSim.queue_draw
        _draw(sim, seat, random)


def _rule_bet(sim: MonthSim, seat: str, getrandbits) -> str:
    """rollout_action's bet for a seat with no Ultra to play and no model of its bets: on
    itself when its cards beat the other's face-up ones, give or take rng.randint(-128, 128)
    (written out: random's randrange(-128, 129), that is -128 + _randbelow(257))."""
    opp = LCS if seat == ABWEHR else ABWEHR
    mine = hand_key(sim, seat)
    row = sim.tableau[opp]
    # the first three cards are laid face up (B4): with no more, all count
    theirs = hand_key(sim, opp) if len(row) <= 3 else best_key(row_options([sl for sl in row if sl.face_up]))
    r = getrandbits(9)
    while r >= 257:
        r = getrandbits(9)
    return seat if mine + (r - 128) >= theirs else opp


_CHOICES: dict = {}


def _results_choice(sim: MonthSim, p, model, rng):
    """rollout_action's fix or replacement: the choice that makes the best hand. It draws
    nothing from the generator and depends only on the tableau's options, the slot and
    (for a replacement) the cards offered, so it is worked out once per case a search meets."""
    base = tuple(row_options(sim.tableau[p.seat]))
    key = (base, p.slot, p.cards)
    action = _CHOICES.get(key)
    if action is None:
        if len(_CHOICES) > 50_000:
            _CHOICES.clear()  # a pure cache: forgetting changes nothing but time
        legal = sim.legal(p.seat)
        if p.kind == "fix":
            action = best_fix(base, p.slot, legal)
        elif len(legal) > 1 and len(base) <= 5 and all(type(a) is A.Replace or type(a) is A.KeepCard for a in legal):
            action = best_replacement(base, legal)
        else:
            action = model.rollout_action(sim, p.seat, legal, rng)
        _CHOICES[key] = action
    return action


def best_fix(base: tuple, slot: int, legal: list):
    """max(legal, key=search._slot_values(...)) for FixCard actions, exactly: best_key of the
    tableau's options `base` with `slot` fixed, the first of the best in `legal`'s order.

    The key of (value, colour) depends on the colour only through whether the fixed card
    keeps a colour all five share (a flush), so it is worked out once per value and flush
    instead of once per colour."""
    if len(base) > 5:
        raise ValueError("a tableau holds at most five cards")
    pad = (BLANK_OPTION,) * (5 - len(base))
    fold = fold_options(base[:slot] + base[slot + 1:])
    shared = fold[1]
    keys: dict = {}
    best = best_key_value = None
    for a in legal:
        flush = not pad and (shared is None or a.colour in shared)
        value = keys.get((a.value, flush))
        if value is None:
            value = keys[a.value, flush] = fold_key(fold_options((((a.value,), (a.colour,)),) + pad, fold))
        if best is None or value > best_key_value:
            best, best_key_value = a, value
    return best


def best_replacement(base: tuple, legal: list):
    """max(legal, key=search._slot_values(...)) for Replace and KeepCard actions, exactly:
    best_key of the tableau's options `base` (at most five) with the slot's card replaced
    (kept: as it is), the first of the best in `legal`'s order.

    As in best_fix, a replacement card's key depends on its colours only through whether
    they keep a colour all five share, so it is worked out once per slot, values and flush
    (a search meets a replacement's offer anew in most samples)."""
    pad = (BLANK_OPTION,) * (5 - len(base))
    folds: dict = {}
    keys: dict = {}
    best = best_value = None
    for a in legal:
        # kept, the slot's own option: best_key(base) is the same fold in another order
        option = card_option(a.card) if type(a) is A.Replace else base[a.slot]
        fold = folds.get(a.slot)
        if fold is None:
            fold = folds[a.slot] = fold_options(base[:a.slot] + base[a.slot + 1:])
        values, colours = option
        shared = fold[1]
        if values:
            group = (a.slot, values, not pad and bool(colours) and (shared is None or not shared.isdisjoint(colours)))
        else:  # a blank's key depends on the other options alone
            group = (a.slot, None)
        value = keys.get(group)
        if value is None:
            value = keys[group] = fold_key(fold_options((option,) + pad, fold))
        if best is None or value > best_value:
            best, best_value = a, value
    return best


def _after(played: tuple):
    """The card values of a tableau given as (the row before, the card played then)."""
    before, cid = played
    if type(before) is tuple:
        before = _after(before)
    row = before.after.get(cid)
    if row is None:
        row = before.after[cid] = _card_values(before.mine + (card_option(cid),), before.leaks)
    return row


def _pick_card(sim: MonthSim, seat: str, cards: list, rng, random) -> str:
    """rollout_action's card play: mostly the card that makes the best hand (with icons and,
    for the Abwehr, the leak bonus; a tie broken at random); sometimes any card."""
    if random() > ROLLOUT_GREEDY:
        return rng.choice(cards)
    row = sim.rows.get(seat)
    if type(row) is tuple:
        row = sim.rows[seat] = _after(row)
    elif row is None:
        row = sim.rows[seat] = _card_values(tuple(row_options(sim.tableau[seat])),
                                            seat == ABWEHR and sim.leaks)
    return best_card(row, cards, rng)
