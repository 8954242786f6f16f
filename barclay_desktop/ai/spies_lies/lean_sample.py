"""A determinization as a lean game: `Belief.sample` with the same draws from the player's
generator, in the same order, into a `lean.LeanGame` instead of an engine state.

What a sample copies from the view is worked out once per decision (`_Template`); a sample
then costs the draws and a few list copies."""

from __future__ import annotations

import random
from bisect import bisect

from barclay_desktop.rules.spies_lies.state import SIDES

from .belief import Belief
from .knowledge import RANKS, lineups
from .lean import LeanGame, LeanSide, seen_code
from .lean_facts import base_memo


class _Template:
    """What every sample of one belief shares."""

    def __init__(self, belief: Belief):
        v = belief.view
        self.lines = {}  # side -> its possible line-ups and their cumulative weights (sample_lineup)
        self.hands = {}  # (side, sampled line-up) -> the hand it leaves
        self.seen = {}  # side -> LeanSide.seen: the troops face-up or known are the view's
        self.base = {}  # side -> its lean_facts base memo, when the sample starts in the mission phase
        for side in SIDES:
            if belief.hidden[side]:
                self.lines[side] = lineups(*belief.facts[side])
            f = belief._fixed[side]
            self.seen[side] = seen_code(f["slots"], f["face_up"], f["known"])
            if v["phase"] == "mission":  # (the chips and the card are the view's)
                self.base[side] = base_memo(sorted(f["eliminated"]), f["chips"], belief.card_id, not belief.strict)
        starter, step, stage, pending, _, done, _, history = belief._template
        last = v["last_reveal"]
        if pending is not None:
            pending = tuple(pending)
        self.game = (belief.teams, not belief.strict, v["day"], v["phase"], starter, step, stage, pending,
                     belief.card_id, v["deception_reserve"], done, v["track"]["spy"],
                     None if last is None else last.get("spy_before"), len(history))


def template(belief: Belief) -> _Template:
    kept = belief.__dict__.get("_lean_template")
    if kept is None:
        kept = belief._lean_template = _Template(belief)
    return kept


def sample(belief: Belief, rng: random.Random) -> LeanGame:
    """`belief.sample(rng)` as a lean game: the same draws in the same order."""
    t = template(belief)
    red = _side(belief, t, "red", rng)  # red's draws come first
    blue = _side(belief, t, "blue", rng)
    deck = list(belief.deck)
    getrandbits = rng.getrandbits
    for i in range(len(deck) - 1, 0, -1):  # rng.shuffle(deck), written out: the same draws
        n = i + 1
        bits = n.bit_length()
        j = getrandbits(bits)
        while j >= n:
            j = getrandbits(bits)
        deck[i], deck[j] = deck[j], deck[i]
    (teams, open_table, day, phase, starter, step, stage, pending, card, reserve, done, spy, spy_before,
     days_done) = t.game
    return LeanGame(teams, open_table, day, phase, starter, step, stage, pending, card, deck[0] if deck else "",
                    reserve, list(done), spy, spy_before, days_done, red, blue, getrandbits(64))


def _side(belief: Belief, t: _Template, side: str, rng: random.Random) -> LeanSide:
    """`Belief._side` as a lean side."""
    f = belief._fixed[side]
    lines = t.lines.get(side)
    if lines is not None:  # knowledge.sample_lineup, on the line-ups worked out once
        out, cum = lines
        line = (out[bisect(cum, rng.random() * cum[-1]) if len(out) > 1 else 0]) if out else ()
        slots = [r if r > 0 else 0 for r in line]
    else:
        line = None
        slots = list(f["slots"])
    pool = f["pool"]
    if pool:  # (only in an elimination phase, which is never searched: the same draws all the same)
        rng.shuffle(list(pool))
    hand = f["hand"]
    if hand is None:
        key = (side, line)
        hand = t.hands.get(key)
        if hand is None:
            gone = set(f["eliminated"]) | set(slots) | set(pool) | set(f["picked"])
            hand = t.hands[key] = [r for r in RANKS if r not in gone]
    chips = list(f["chips"])
    if f["hidden_chips"]:
        belief._hidden_chips(side, slots, chips, rng)
    tower, dchips, scout, bomb, _, wrong, steps = f["numbers"]
    lean = LeanSide(side, list(hand), f["eliminated"], slots, list(f["face_up"]), list(f["known"]),
                    list(f["borrowed"]), chips, list(f["deceived"]), tower, dchips, scout, bomb, wrong, steps,
                    t.seen[side])
    lean.base = t.base.get(side)
    return lean
