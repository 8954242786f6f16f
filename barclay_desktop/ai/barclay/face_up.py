"""How likely the opponent's face-up cards of this month are, given the cards it is sampled with.

A player building its best hand lays the card that leaves the best hand still reachable;
the cards it laid face-up this month therefore say something about the cards it held
then. A sample whose opponent would have laid other cards is less likely. The hand it held
at each face-up play is rebuilt backwards from its sampled cards: it drew one card after
every card it played (B5), and which of its cards came last is unknown, so any.
"""

from __future__ import annotations

import random

from .knowledge import card_option, card_steps, free_slots, play_value, without

UP_NOISE = 0.7  # share of a Normal LCS's face-up plays not Easy's pick (bench/barclay_face_up.py)


def easy_picks(seat: str, committed: list, hand: list[str], candidates: list[str]) -> list[str]:
    """The cards of `candidates` (from `hand`) that Easy's play value ranks first as the next
    face-up card on `committed` (all of them when tied)."""
    x3_slots, x2_slots = free_slots("play3", len(committed) + 1)
    values = {c: play_value(seat, committed, without(hand, c), c, x3_slots, x2_slots) for c in set(candidates)}
    best = max(values.values())
    return [c for c in candidates if values[c] >= best - 1e-9]


def play_likelihood(seat: str, committed: list, hand: list[str], cid: str) -> float:
    """P(laying `cid` face-up from `hand` on `committed`): Easy's pick (ties shared) with
    1 - UP_NOISE, any x3 card of the hand with UP_NOISE."""
    playable = [c for c in hand if "x3" in card_steps(c)]
    if cid not in playable:
        return 0.0
    top = easy_picks(seat, committed, hand, playable)
    picked = (1.0 - UP_NOISE) / len(top) if cid in top else 0.0
    return picked + UP_NOISE / len(playable)


def face_up_likelihood(seat: str, ups: list[str], held: list[str], rng: random.Random) -> float:
    """P(the face-up cards `ups`, in play order) for a seat holding `held` right after the
    last of them and the draw that followed it."""
    hands = []
    hand = list(held)
    for cid in reversed(ups):
        if hand:
            hand.remove(rng.choice(hand))  # the card drawn after `cid`
        hand.append(cid)
        hands.append(list(hand))
    p = 1.0
    committed = []
    for cid, before in zip(ups, reversed(hands)):
        p *= play_likelihood(seat, committed, before, cid)
        committed.append(card_option(cid))
    return p
