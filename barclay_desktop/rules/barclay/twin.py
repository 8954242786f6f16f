"""What an Operation Barclay seat may not know, for twin states (rules/core/twin.py).

B12: hands, face-down tableau cards, assessment tokens, the Double-Cross deck (each
player knows the cards it put there or saw), the order of every deck and the token
layout (the LCS knows it, the Abwehr does not) are private; discard piles and face-up
cards are public.

The twin deals the cards the seat has never been shown into other hidden places (the
decks, the other hand, the other face-down cards), each card staying among the cards of
its own deck and a face-down card keeping the x2 icon it needed to be played; a card
the seat was shown anywhere stays where it is. For a seat that is not the LCS (before
the game ends) it picks other offensives and another token layout that agree with
every turned token, and each assessment token the seat has not seen is bet at random.
"""

from __future__ import annotations

import attrs

from ..core.actions import action_to_json
from .flow import STEP_ICON, card
from .state import ABWEHR, LCS, ROLE_GREENS, SECTORS

_DECKS = ("channels", "lcs", "abwehr", "dc")


# Choices with a hidden part (B12, B13): which card goes face-down, the bet, the card kept from
# the Active Agent's two, the Double-Cross order, the offensives and the layout. Every other
# choice is made in the open, even when the month's end clears it from the table at once.
HIDDEN_CHOICES = {"assess", "spy_keep", "reorder", "choose_roles", "random_layout", "arrange_sector",
                  "random_arrangement"}


def public_part(game, action):
    """What the other seat sees of `action` (rules/core/twin.py)."""
    data = action_to_json(action)
    if data["type"] in HIDDEN_CHOICES or (data["type"] in ("play", "play_blank") and game.state.step == "play2"):
        return data["type"]
    return data


def scramble(game, state, seat: str | None, rng) -> None:
    _deal_unseen_cards(state, seat, rng)
    if seat != LCS and state.result is None:
        _other_layout(state, rng)
    for s in (ABWEHR, LCS):
        if s != seat and state.bets.get(s) is not None and not state.bet_shown.get(s):
            state.bets[s] = rng.choice((ABWEHR, LCS))


def shown_to(state, seat: str | None) -> set[str]:
    """Cards the seat has been shown by a log line it can read, or knows are in the DC deck."""
    seen = set()
    for e in state.log:
        if e.to is None or e.to == seat:
            seen.update(e.data.get("shown", ()))
    if seat is not None:
        seen.update(state.dc_known.get(seat, ()))
    return seen


def _deal_unseen_cards(state, seat, rng) -> None:
    seen = shown_to(state, seat)
    for p in state.pending:
        seen.update(p.cards)  # cards in a decision stay with it (simpler than following them)
    places = []  # (kind, key, index, needs_icon)
    for deck in _DECKS:
        cards = state.decks[deck]
        known_top = state.dc_top_known.get(seat, 0) if deck == "dc" and seat else 0
        for i in range(len(cards) - known_top):
            places.append(("deck", deck, i, False))
    for s in (ABWEHR, LCS):
        if s == seat:
            continue
        places += [("hand", s, i, False) for i in range(len(state.hands[s]))]
        for i, slot in enumerate(state.tableau[s]):
            if not slot.face_up and slot.card:
                places.append(("slot", s, i, not slot.blank))
    places = [p for p in places if _get(state, p) not in seen]
    by_deck: dict[str, list] = {}
    for p in places:
        by_deck.setdefault(card(_get(state, p)).deck, []).append(p)
    for group in by_deck.values():
        _deal(state, group, rng)


def _deal(state, places: list, rng) -> None:
    """Shuffle the group's cards over its places; a face-down played card keeps the x2 icon (B7)."""
    icon = STEP_ICON["play2"]
    cards = [_get(state, p) for p in places]
    fussy = [p for p in places if p[3]]
    with_icon = [c for c in cards if icon in card(c).steps]
    rng.shuffle(with_icon)
    chosen = with_icon[: len(fussy)]
    rest = [c for c in cards if c not in chosen]
    rng.shuffle(rest)
    for p, c in zip(fussy, chosen):
        _put(state, p, c)
    for p, c in zip([p for p in places if not p[3]], rest):
        _put(state, p, c)


def _get(state, place) -> str:
    kind, key, i, _ = place
    if kind == "deck":
        return state.decks[key][i]
    if kind == "hand":
        return state.hands[key][i]
    return state.tableau[key][i].card


def _put(state, place, cid: str) -> None:
    kind, key, i, _ = place
    if kind == "deck":
        state.decks[key][i] = cid
    elif kind == "hand":
        state.hands[key][i] = cid
    else:
        state.tableau[key][i] = attrs.evolve(state.tableau[key][i], card=cid)


def _other_layout(state, rng) -> None:
    """Offensives and tokens that agree with every turned token (B11, B13)."""
    if not state.roles:
        return
    turned = state.revealed or {}
    options = []
    for primary in SECTORS:
        for secondary in SECTORS:
            if primary == secondary:
                continue
            roles = {sec: "diversion" for sec in SECTORS}
            roles[primary], roles[secondary] = "primary", "secondary"
            if all(_fits(state, sec, roles[sec], turned) for sec in state.layout):
                options.append(roles)
    roles = rng.choice(options)
    state.roles = roles
    state.layout = {sec: _lay_out(state, sec, ROLE_GREENS[roles[sec]], turned, rng) for sec in state.layout}


def _fits(state, sec: str, role: str, turned: dict) -> bool:
    shown = [state.layout[sec][i] for i, up in enumerate(turned.get(sec, ())) if up]
    greens = ROLE_GREENS[role]
    return shown.count("green") <= greens and shown.count("red") <= 5 - greens


def _lay_out(state, sec: str, greens: int, turned: dict, rng) -> list[str]:
    up = turned.get(sec, [False] * 5)
    faces = [state.layout[sec][i] for i in range(5) if up[i]]
    left = ["green"] * (greens - faces.count("green")) + ["red"] * (5 - greens - faces.count("red"))
    rng.shuffle(left)
    return [state.layout[sec][i] if up[i] else left.pop() for i in range(5)]
