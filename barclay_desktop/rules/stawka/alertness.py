"""The EXTENDED rules' 2d6 tests, with the support windows before the dice (P9).

A document check, a discard-threat, an arrest, a kidnapping, an interrogation, an assassination
and the shot fired back are each a `Test`: who rolls, where (the sector whose support tokens
count), which side a high total favours, the modifiers, the number to beat and what follows.
`start()` first asks the roller's side, then the other, whether to spend a face-down support
token of its own in that sector (a side without one is not asked, a public fact; "none" is
always an answer, so the question leaks nothing); then the dice are rolled, shown to both (K6),
and the test's `resolve` carries on. The test under way waits in `Pending.data` as plain JSON,
so a saved game resumes it.
"""

from __future__ import annotations

from typing import Callable

import attrs

from ..core.message import Joined, Message, msg
from . import content
from . import texts as T
from .activation import roll
from .rules import board
from .state import Pending, ThreatOnBoard, other

ABOVE, AT_MOST = "above", "at_most"
AT_LEAST = "at_least"  # an interrogation: the secret threshold or more (arrest.py, P22)


@attrs.frozen
class Test:
    name: str  # the dice event's "roll" and last_dice "kind"
    title: Message  # "Document check", for the log
    roller: Callable  # (state, spec) -> the agent whose player rolls
    space: Callable  # (state, spec) -> the space whose sector's support tokens count
    favoured: Callable  # (state, spec) -> the seat a high total helps
    modifiers: Callable  # (state, spec) -> [(label Message, value)]
    target: Callable  # (state, spec) -> (the number, its name as a Message)
    passes: str  # ABOVE: the total must be higher; AT_MOST: at most the number; AT_LEAST: the number or more
    resolve: Callable  # (game, spec, passed) -> None


TESTS: dict[str, Test] = {}


def register(test: Test) -> Test:
    TESTS[test.name] = test
    return test


def start(game, test: str, **spec) -> None:
    """Open the support windows for a test (if any side may use one), then roll."""
    _next_window(game, {"test": test, **spec, "supports": {}})


def support_tokens(state, seat: str, space: str) -> list[str]:
    """Spaces in `space`'s sector holding a face-down support token of `seat` (P9); not the token on `space`
    itself, which is what the test is about (a discard's target)."""
    b = board(state)
    face = b.face_of(space)
    return [sp for sp, t in state.threats.items() if sp != space and t.side == seat and not t.revealed
            and token(t.id).type == "support" and b.face_of(sp) == face]


def token(token_id: str):
    side = token_id.split(".", 1)[0]
    return content.threat_tokens(side)[int(token_id.split(".", 1)[1]) - 1]


def _next_window(game, spec: dict) -> None:
    s = game.state
    test = TESTS[spec["test"]]
    roller = test.roller(s, spec)
    side = s.agents[roller].side
    where = test.space(s, spec)
    for seat in (side, other(side)):
        if seat in spec["supports"]:
            continue
        if support_tokens(s, seat, where):
            s.pending.insert(0, Pending("support", seat, roller, data=spec))
            return
        spec = {**spec, "supports": {**spec["supports"], seat: None}}
    _roll(game, spec)


def use_support(game, space: str | None) -> None:
    """The pending side spends its support token on `space`, or none; then the next window or the dice."""
    s = game.state
    p = s.pending.pop(0)
    used = None
    if space is not None:
        used = s.threats.pop(space).id
        s.threats_removed.append(used)
        game.reveal(msg("A threat token was revealed."))
        game.emit("support_used", msg("The {side} player reveals a support token at the {place} to change the "
                                      "roll by 1.", side=T.PLAYER_SIDE[p.seat], place=T.place(_label(s, space))),
                  seat=p.seat, space=space, token=used)
    _next_window(game, {**p.data, "supports": {**p.data["supports"], p.seat: used}})


def support_pending_legal(state, p) -> list[str | None]:
    return support_tokens(state, p.seat, TESTS[p.data["test"]].space(state, p.data)) + [None]


def _roll(game, spec: dict) -> None:
    s = game.state
    test = TESTS[spec["test"]]
    dice = roll(game, 2, test.name)
    mods = list(test.modifiers(s, spec))
    favoured = test.favoured(s, spec)
    for seat, used in spec["supports"].items():
        if used:
            bonus = int(token(used).params.get("bonus", 1))
            mods.append((msg("support"), bonus if seat == favoured else -bonus))
    total = sum(dice) + sum(v for _, v in mods)
    number, what = test.target(s, spec)
    passed = total > number if test.passes == ABOVE else total <= number
    if test.passes == AT_LEAST:
        passed = total >= number
    roller = test.roller(s, spec)
    s.last_dice = {"kind": test.name, "dice": list(dice), "modifiers": [[n, v] for n, v in mods], "total": total,
                   "target": number, "passed": passed, "agent": roller}
    mod_text = Joined([msg(" {sign} {n} ({why})", sign="+" if v >= 0 else "-", n=abs(v), why=name)
                       for name, v in mods], "")
    rule = (msg("more than {what} {n} passes", what=what, n=number) if test.passes == ABOVE
            else msg("at most {what} {n} passes", what=what, n=number))
    if test.passes == AT_LEAST:
        rule = msg("{what} {n} or more passes", what=what, n=number)
    result = msg("passed") if passed else msg("failed")
    game.emit("dice", msg("{test}: {name} rolls {dice}{modifiers} = {total} ({rule}): {result}.", test=test.title,
                          name=T.agent(roller), dice=" + ".join(str(d) for d in dice), modifiers=mod_text,
                          total=total, rule=rule, result=result),
              roll=test.name, dice=list(dice), modifiers=[[n, v] for n, v in mods], total=total, target=number,
              passed=passed, agent=roller)
    test.resolve(game, spec, passed)


def _label(state, space: str) -> str:
    return board(state).spaces[space].label


def turn_up(state, space: str) -> ThreatOnBoard:
    """Turn the token on `space` face up (it stays where it lies)."""
    t = attrs.evolve(state.threats[space], revealed=True)
    state.threats[space] = t
    return t
