"""Where the Abwehr turns its evidence tokens (B9), and a model of the evidence to judge it.

The flip rule of every level: colour tokens first (their sector is fixed), then a wild token
(black or leak) where the plan's uncertainty drops most (`wild_sectors`). Hard looks further
(`lookahead_sectors`): it plays the rest of the game out in a model of the evidence alone,
many times, once per sector it could turn now, and turns where the Abwehr proves the plan
most often. The model: each month the six evidence tokens are shuffled onto the boxes (two
Alpha, three Beta, one Recon/Raid, as the engine's start_month), and each box goes to the
Abwehr at a fixed rate, independently of the others and of earlier months, plus at most one
leak flip; the plan is drawn from the Abwehr's posterior (the tokens are laid at random,
B13) and proved as B11 says.
"""

from __future__ import annotations

import random
import time

from barclay_desktop.rules.barclay.state import EVIDENCE_TOKENS, LEAK, MONTHS, SECTORS, WILD_TOKENS

from .knowledge import flip_gains, last_flip_chances, plan_greens, plan_weights, proved, tokens_value, turned

# How often the Abwehr takes each box in a month, as a Normal Abwehr did against a Normal LCS
# (counted over the 531 months of 100 games): Alpha with the best hand, one token on a tie;
# Beta's three tokens when only its bet is right, one when both are; Recon/Raid; a leak flip.
BOX_RATES = {"alpha": 0.424, "alpha_tie": 0.021, "beta3": 0.202, "beta1": 0.589, "recon": 0.556, "leaks": 0.495}
# The printed rule (leak cards off, issue 31): the same boxes, never a leak. The box rates
# were measured with the leak cards on.
NO_LEAK_RATES = {**BOX_RATES, "leaks": 0.0}
# Games played out per sector. At 100 the lookahead beat the uncertainty rule in the model of
# the evidence (300 games: 60.3% against 57.7% at a Normal Abwehr's box rates, 71.7% against
# 65.3% at Hard's) at 0.3-0.6 s of CPU a decision, well inside LOOKAHEAD_CAP; fewer games
# a sector would let the model's noise pick the sector.
LOOKAHEAD_SAMPLES = 100
LOOKAHEAD_CAP = 2.0  # seconds; Hard must never think more than 3 s (issue 5)
# Each sample game deals its layout from its seed, and draws its months and the flip rule's
# ties from two streams of their own, the same for every sector tried.
DRAW_SALT = 0x2545F4914F6CDD1D
TIE_SALT = 0x9E3779B97F4A7C15


def tie_pick(counts: tuple, tokens: list) -> str:
    """The token the Abwehr takes from a tied box (B9): the one worth most, black on equal worth."""
    return max(tokens, key=lambda t: (tokens_value(counts, [t]), t == "black"))


def wild_sectors(counts: tuple, rest: tuple, last_month: bool) -> list[str]:
    """The sectors where a wild token (black or leak) is best turned now, `rest` being the
    tokens still to turn after it: where the uncertainty about the plan drops most, in the
    last month first where this month's flips likeliest prove the plan."""
    gains = flip_gains(counts)
    if last_month:
        chances = last_flip_chances(counts, rest)
        top = max(chances.values(), default=0.0)
        gains = {s: g for s, g in gains.items() if chances.get(s, -1.0) >= top - 1e-12}
    best = max(gains.values(), default=0.0)
    return [s for s, g in gains.items() if g >= best - 1e-12]


def wild_choice(rng: random.Random, counts: tuple, month: int, rest: tuple, exact_last: bool = False,
                lookahead: int = 0, time_cap: float = LOOKAHEAD_CAP, rates: dict | None = None) -> list[str]:
    """The sectors a level turns a wild token in: with `lookahead` samples, before the last
    month, `lookahead_sectors`; else `wild_sectors` (by the chance of proof in the last
    month with `exact_last`)."""
    if lookahead and month < MONTHS:
        return lookahead_sectors(rng, counts, month, rest, lookahead, rates=rates, time_cap=time_cap)
    return wild_sectors(counts, rest, exact_last and month >= MONTHS)


def pick_sector(rng: random.Random, counts: tuple, sectors: list[str]) -> int | None:
    """The index of one of `sectors`, None if there is none. evidence_choice draws among
    Flip actions, one per face-down token, so a sector weighs as many as it has face down."""
    best = [SECTORS.index(s) for s in sectors]
    return rng.choice([i for i in best for _ in range(5 - sum(counts[i]))]) if best else None


def rule_sector(rng: random.Random, counts: tuple, month: int, rest: tuple, lookahead: int = 0) -> int | None:
    """Where Hard's flip rule turns a wild token; without `lookahead`, the rule of the
    model's later flips."""
    return pick_sector(rng, counts, wild_choice(rng, counts, month, rest, exact_last=True, lookahead=lookahead))


def month_tokens(rng: random.Random, rates: dict, counts: tuple) -> list[str]:
    """The evidence tokens the Abwehr wins in a month of the model, colour tokens first."""
    boxes = list(EVIDENCE_TOKENS)
    rng.shuffle(boxes)
    alpha, beta, recon = boxes[:2], boxes[2:5], boxes[5:]
    won = []
    r = rng.random()
    won += alpha if r < rates["alpha"] else [tie_pick(counts, alpha)] if r < rates["alpha"] + rates["alpha_tie"] else []
    r = rng.random()
    won += beta if r < rates["beta3"] else [tie_pick(counts, beta)] if r < rates["beta3"] + rates["beta1"] else []
    if rng.random() < rates["recon"]:
        won += recon
    if rng.random() < rates["leaks"]:
        won.append(LEAK)
    return sorted(won, key=lambda t: t in WILD_TOKENS)


def play_months(draws: random.Random, ties: random.Random, rates: dict, faces: list, counts: tuple,
                month: int, pending: list, wild=rule_sector) -> bool:
    """True if the Abwehr proves the plan (B11) by the end of month 6, turning `pending`
    tokens now (the rest of `month`'s) and then the model's tokens of each later month
    (drawn from `draws`), wild tokens by `wild` (its draws from `ties`). `faces[i][n]` is
    True if the n-th token turned in sector i is green: which face-down token of a sector
    turns is a fair draw, since they look alike to the Abwehr."""
    won = list(pending)
    while True:
        for k, token in enumerate(won):
            i = wild(ties, counts, month, tuple(won[k + 1 :])) if token in WILD_TOKENS else SECTORS.index(token)
            if i is None or sum(counts[i]) >= 5:
                continue  # B9: a token whose sector has nothing left to turn is ignored
            counts = turned(counts, i, faces[i][sum(counts[i])])
            if proved(counts):
                return True
        month += 1
        if month > MONTHS:
            return False
        won = month_tokens(draws, rates, counts)


def deal_faces(rng: random.Random, counts: tuple, greens: tuple) -> list:
    """Per sector, the faces in the order they turn, on a layout with `greens` of which
    `counts` are turned already (those places hold None)."""
    out = []
    for i, (g, r) in enumerate(counts):
        hidden = [True] * (greens[i] - g) + [False] * (5 - greens[i] - r)
        rng.shuffle(hidden)
        out.append([None] * (g + r) + hidden)
    return out


def sample_greens(rng: random.Random, counts: tuple) -> tuple:
    """Green tokens per sector of a plan drawn from the Abwehr's posterior given `counts`."""
    weighted = plan_weights(counts)
    (primary, secondary), = rng.choices([pair for pair, _ in weighted], [w for _, w in weighted])
    return plan_greens(primary, secondary)


def lookahead_sectors(rng: random.Random, counts: tuple, month: int, rest: tuple,
                      samples: int = LOOKAHEAD_SAMPLES, rates: dict | None = None,
                      time_cap: float = LOOKAHEAD_CAP) -> list[str]:
    """The sectors where turning a wild token now proves the plan most often by the game's
    end, `rest` being this month's tokens still to turn after it. Each sector is tried on
    the same `samples` games of the model (common random numbers, so that the sectors'
    difference is not drowned in the games' own noise); sectors with the same tokens turned
    are alike to the model (the plan and the boxes treat the five alike), so one of them
    stands for all. `time_cap` (seconds) is a safety net: every sector has then played the
    same games."""
    rates = rates or BOX_RATES
    alike: dict[tuple, list[int]] = {}
    for i, (g, r) in enumerate(counts):
        if g + r < 5:
            alike.setdefault((g, r), []).append(i)
    if len(alike) < 2 or not plan_weights(counts):
        return [SECTORS[i] for group in alike.values() for i in group]
    wins = dict.fromkeys(alike, 0)
    deadline = time.perf_counter() + time_cap
    for _ in range(samples):
        seed = rng.getrandbits(64)
        deal = random.Random(seed)
        faces = deal_faces(deal, counts, sample_greens(deal, counts))
        for key, (i, *_) in alike.items():
            after = turned(counts, i, faces[i][sum(counts[i])])
            wins[key] += proved(after) or play_months(
                random.Random(seed ^ DRAW_SALT), random.Random(seed ^ TIE_SALT), rates, faces, after, month, rest)
        if time.perf_counter() > deadline:
            break
    top = max(wins.values())
    return [SECTORS[i] for key, group in alike.items() if wins[key] == top for i in group]
