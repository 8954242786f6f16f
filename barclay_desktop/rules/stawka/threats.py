"""Threat tokens, stage step C: drawing and setting them out (K8; rulebook, Stage C, Threat Tokens 1-3).

The player who activates second this stage receives 2 tokens, the first 1 (Erik Kopf's trait:
one more in the first stage), drawn blind from his own 18 (P1: a uniform draw; only the owner
sees them). They set them out alternately, starting with the player who drew two: German tokens
on locations (even with agents there), Polish tokens on street spaces without German agents,
one token a space. A token with no free legal space goes back unseen into the pool (P2).
What happens when an agent meets a token is in threat_play.py.
"""

from __future__ import annotations

from collections import Counter

from ..core.message import Joined, msg, nmsg
from . import content
from . import texts as T
from .alertness import token
from .rules import board, extended, has_trait
from .state import GERMAN, SIDES, other

THREATS = "threats"  # the phase of stage step C


def all_tokens(side: str) -> list[str]:
    return [t.id for t in content.threat_tokens(side)]


def setup_threats(state) -> None:
    """Every token of both sides in its owner's pool (EXTENDED and ADVANCED scenarios)."""
    if not extended(state):
        return
    state.threat_pool = {x: all_tokens(x) for x in SIDES}
    state.threat_hand = {x: [] for x in SIDES}
    state.threat_seen = {x: [] for x in SIDES}


def token_name(token_id: str):
    t = token(token_id)
    if t.type == "document_check":
        return msg("{name} {difficulty}", name=T.threat_name(t.type), difficulty=t.params["difficulty"])
    return T.threat_name(t.type)


# ------------------------------------------------------------------ stage C


def stage_c(game) -> bool:
    """Draw and start the set-out; False when there is nothing to set out (the activations may begin)."""
    s = game.state
    second = other(s.first)
    counts = {second: 2, s.first: 1}
    if s.stage == 1:
        for aid, a in s.agents.items():
            if has_trait(s, aid, "threat_setter"):
                counts[a.side] += 1
    for seat in (second, s.first):
        _draw(game, seat, counts[seat])
    left = {x: len(s.threat_hand[x]) for x in SIDES}
    order, seat = [], second
    while any(left.values()):
        if left[seat]:
            order.append(seat)
            left[seat] -= 1
        seat = other(seat)
    s.setout_order = order
    s.phase = THREATS
    game.emit("setout", msg("Threat tokens are set out in turn, the {side} player first.",
                            side=T.PLAYER_SIDE[second]))
    return _skip_blocked(game)


def _draw(game, seat: str, n: int) -> None:
    s = game.state
    pool = s.threat_pool[seat]
    drawn = []
    for _ in range(min(n, len(pool))):
        drawn.append(pool.pop(s.rng.below(len(pool))))
    if not drawn:
        return
    s.threat_hand[seat].extend(drawn)
    game.reveal(msg("Threat tokens were drawn."))
    game.emit("threats_drawn", nmsg("The {side} player draws {n} threat token.",
                                    "The {side} player draws {n} threat tokens.", len(drawn),
                                    side=T.PLAYER_SIDE[seat], n=len(drawn)), seat=seat, count=len(drawn))
    game.emit("threats_drawn_own", msg("You drew: {tokens}.", tokens=Joined([token_name(t) for t in drawn], ", ")),
              to=seat, tokens=drawn)


def setout_spaces(state, side: str) -> list[str]:
    """Free spaces a token of `side` may be set on (Threat Tokens 3)."""
    b = board(state)
    taken = set(state.threats)
    if side == GERMAN:
        return sorted(s.id for s in b.locations() if s.id not in taken)
    germans = {a.space for a in state.agents.values() if a.side == GERMAN}
    if state.vehicle:  # Top Secret (F19): nor on the Black Audi's space
        germans.add(state.vehicle["space"])
    return sorted(s.id for s in b.spaces.values() if s.kind == "street" and s.id not in taken and s.id not in germans)


def place_threat(game, token_id: str, space: str) -> None:
    s = game.state
    seat = s.setout_order.pop(0)
    s.threat_hand[seat].remove(token_id)
    from .state import ThreatOnBoard

    s.threats[space] = ThreatOnBoard(token_id, seat)
    place = T.place(board(s).spaces[space].label)
    game.emit("threat_set", msg("The {side} player sets out a threat token at the {place}.",
                                side=T.PLAYER_SIDE[seat], place=place), seat=seat, space=space)
    game.emit("threat_set_own", msg("You set out {token} at the {place}.", token=token_name(token_id), place=place),
              to=seat, space=space, token=token_id)
    if _skip_blocked(game):
        return
    from .flow import begin_activations

    begin_activations(game)


def _skip_blocked(game) -> bool:
    """Return the tokens of a player with no free legal space to his pool (P2); True while set-out goes on."""
    s = game.state
    while s.setout_order:
        seat = s.setout_order[0]
        if setout_spaces(s, seat) and s.threat_hand[seat]:
            return True
        back = s.threat_hand[seat]
        if back:
            s.threat_pool[seat].extend(back)
            game.emit("threat_returned", nmsg("No free space is left for the {side} player's threat token: it goes "
                                              "back to the pool unseen.",
                                              "No free space is left for the {side} player's {n} threat tokens: "
                                              "they go back to the pool unseen.", len(back),
                                              side=T.PLAYER_SIDE[seat], n=len(back)), seat=seat)
        s.threat_hand[seat] = []
        s.setout_order = [x for x in s.setout_order if x != seat]
    return False


# ------------------------------------------------------------------ what each seat sees (K12)


def known_to(state, seat: str | None, token_id: str) -> bool:
    """Is this token's face known to `seat`? Its owner's, revealed, removed, or peeked at."""
    side = token_id.split(".", 1)[0]
    if seat is not None and side == seat:
        return True
    if token_id in state.threats_removed:
        return True
    on = next((t for t in state.threats.values() if t.id == token_id), None)
    if on is not None and on.revealed:
        return True
    return seat is not None and token_id in state.threat_seen.get(seat, ())


def token_view(token_id: str) -> dict:
    t = token(token_id)
    return {"id": t.id, "side": t.side, "type": t.type, "name": t.name, "trigger": t.trigger,
            "params": dict(t.params), "text": t.text}


def threats_view(state, seat: str | None) -> dict | None:
    if not extended(state):
        return None
    board_tokens = []
    for space, t in sorted(state.threats.items()):
        entry = {"space": space, "side": t.side, "revealed": t.revealed,
                 # who has looked at it with an item: public (the peek is announced), its face is not
                 "peeked_by": [x for x in SIDES if t.id in state.threat_seen.get(x, ())]}
        if known_to(state, seat, t.id):
            entry.update(token_view(t.id))
        board_tokens.append(entry)
    return {
        "board": board_tokens,
        "hand": [token_view(t) for t in state.threat_hand.get(seat, ())] if seat in SIDES else [],
        "hand_count": {x: len(state.threat_hand.get(x, ())) for x in SIDES},
        "pool_count": {x: len(state.threat_pool.get(x, ())) for x in SIDES},
        "pool": (dict(Counter(token(t).type for t in state.threat_pool.get(seat, ()))) if seat in SIDES else {}),
        "removed": [token_view(t) for t in state.threats_removed],
        "setout_order": list(state.setout_order),
        "setout_spaces": (setout_spaces(state, seat) if seat in SIDES and state.setout_order
                          and state.setout_order[0] == seat else []),
    }


def unseen_tokens(state, seat: str | None) -> list[str]:
    """The tokens whose face `seat` does not know (for the twin and the leak probes)."""
    sides = [x for x in SIDES if x != seat]
    out = []
    for x in sides:
        out += [t for t in all_tokens(x) if not known_to(state, seat, t)]
    return out


def check_threats(state) -> None:
    """K8: every token of a side in exactly one place; one token a space, each side on its kind of space."""
    if not extended(state):
        return
    b = board(state)
    for x in SIDES:
        places = (list(state.threat_pool.get(x, ())) + list(state.threat_hand.get(x, ()))
                  + [t.id for t in state.threats.values() if t.side == x]
                  + [t for t in state.threats_removed if t.startswith(x + ".")])
        assert sorted(places) == sorted(all_tokens(x)), msg("a threat token is missing or in two places")
    for space, t in state.threats.items():
        assert t.id.startswith(t.side + "."), msg("a threat token lies there for the wrong side")
        kind = b.spaces[space].kind
        assert kind == ("location" if t.side == GERMAN else "street"), msg("a threat token lies on the wrong kind of space")
    if state.phase == THREATS:
        assert state.setout_order, msg("threat tokens are being set out with nobody to set them out")
