"""Positions and brute-force references shared by the Barclay AI tests (no tests here)."""

from __future__ import annotations

import math
import random

from barclay_desktop.ai.barclay.knowledge import flip_gains
from barclay_desktop.ai.barclay.search import BarclaySearch
from barclay_desktop.rules import game_class
from barclay_desktop.rules.barclay import actions as A
from barclay_desktop.rules.barclay.deduction import SECTORS, consistent_assignments
from barclay_desktop.rules.barclay.state import ABWEHR, ROLE_GREENS, WILD_TOKENS, other

Barclay = game_class("barclay")


def positions(seed: int, every: int = 7, limit: int = 30):
    """Games part-way through a self-play game (random players), every few moves."""
    rng = random.Random(seed)
    game = Barclay.new(seed=seed, track_undo=False)
    out = []
    moves = 0
    while not game.is_over() and len(out) < limit:
        seat = game.current_seat()
        legal = game.legal_actions(seat)
        if moves % every == 0 and len(legal) > 1:
            out.append(game.clone())
        game.apply(rng.choice(legal), seat)
        moves += 1
    return out


def hidden_twin(game, seat: str, rng: random.Random):
    """A copy of `game` that differs only in what `seat` cannot see.

    Swaps cards between the opponent's hand, the face-down opponent slots and the decks
    (never a card `seat` has been shown), reshuffles unseen deck cards, and - for the
    Abwehr - swaps a green and a red face-down token inside one sector."""
    twin = game.clone()
    s = twin.state
    seen = set()
    for e in s.log:
        if e.to is None or e.to == seat:
            seen.update(e.data.get("shown", ()))
    seen.update(s.dc_known[seat])
    opp = other(seat)
    # every hidden place holding cards that seat has never seen, by card family
    places = [s.hands[opp], s.decks["channels"], s.decks[opp], s.decks[seat]]
    slots = [i for i, sl in enumerate(s.tableau[opp]) if not sl.face_up and sl.card]
    pool = [c for place in places for c in place if c not in seen]
    pool += [s.tableau[opp][i].card for i in slots if s.tableau[opp][i].card not in seen]
    by_family = {}
    for c in pool:
        by_family.setdefault(c.split("-")[0], []).append(c)
    mapping = {}
    for fam, cards in by_family.items():
        shuffled = cards[:]
        rng.shuffle(shuffled)
        mapping.update(zip(cards, shuffled))
    for place in places:
        place[:] = [mapping.get(c, c) for c in place]
    for i in slots:
        sl = s.tableau[opp][i]
        s.tableau[opp][i] = type(sl)(mapping.get(sl.card, sl.card), sl.face_up, sl.blank, sl.replacement, sl.value, sl.colour)
    dc_unknown = [i for i, c in enumerate(s.decks["dc"]) if c not in seen]
    cards = [s.decks["dc"][i] for i in dc_unknown]
    rng.shuffle(cards)
    for i, c in zip(dc_unknown, cards):
        s.decks["dc"][i] = c
    if seat == ABWEHR and s.revealed:
        for sector in s.layout:
            faces = [i for i, shown in enumerate(s.revealed[sector]) if not shown]
            greens = [i for i in faces if s.layout[sector][i] == "green"]
            reds = [i for i in faces if s.layout[sector][i] == "red"]
            if greens and reds:
                g, r = rng.choice(greens), rng.choice(reds)
                s.layout[sector][g], s.layout[sector][r] = "red", "green"
    twin._legal_cache = None
    return twin, mapping


def role_greens(primary: str, secondary: str) -> tuple:
    """Green tokens per sector, written out independently of the code under test."""
    role = {primary: "primary", secondary: "secondary"}
    return tuple(ROLE_GREENS[role.get(s, "diversion")] for s in SECTORS)


def posterior(counts: tuple) -> list[tuple[tuple, int]]:
    """(greens per sector, weight) for each plan the engine's deduction allows, weighted by
    the arrangements of the face-down tokens that fit it (a layout laid at random)."""
    out = []
    for p, q in consistent_assignments(dict(zip(SECTORS, counts))):
        greens = role_greens(p, q)
        weight = math.prod(math.comb(5 - g - r, greens[i] - g) for i, (g, r) in enumerate(counts))
        out.append((greens, weight))
    return out


def flip_view(counts: tuple, won: list, month: int) -> dict:
    faces = {s: ["green"] * g + ["red"] * r for s, (g, r) in zip(SECTORS, counts)}
    return {"tokens": faces, "won": won, "month": month}


def wild_flips(counts: tuple, won: list) -> list:
    """The flips the engine offers for the wild tokens won (legal.py: one per token kind)."""
    return [A.Flip(token, s, 4) for token in dict.fromkeys(won) for s, (g, r) in zip(SECTORS, counts) if g + r < 5]


def random_layout(rng: random.Random) -> dict:
    primary, secondary = rng.sample(SECTORS, 2)
    layout = {}
    for s in SECTORS:
        role = "primary" if s == primary else "secondary" if s == secondary else "diversion"
        faces = ["green"] * ROLE_GREENS[role] + ["red"] * (5 - ROLE_GREENS[role])
        rng.shuffle(faces)
        layout[s] = faces
    return layout


def most_uncertainty_removed(counts: tuple, rest) -> list[str]:
    """The computer Abwehr's sectors for a wild token: largest flip_gains."""
    gains = flip_gains(counts)
    best = max(gains.values(), default=0.0)
    return [s for s, v in gains.items() if v >= best - 1e-12]


def brute_chance(layout: dict, shown: dict, tokens: list, wild_sectors=most_uncertainty_removed) -> float:
    """Every face-down token of the chosen sector turned with equal chance, proof checked with
    the engine's own deduction after each flip (B11: 'and after any flip'). A wild token goes
    to one of `wild_sectors(counts, tokens left after it)`, each as likely."""
    counts = BarclaySearch._counts(layout, shown)
    if len(consistent_assignments(dict(zip(SECTORS, counts)))) == 1:
        return 1.0
    if not tokens:
        return 0.0
    token, rest = tokens[0], tokens[1:]
    if token in WILD_TOKENS:
        sectors = wild_sectors(counts, tuple(rest))
        if not sectors:
            return 0.0
    else:
        sectors = [token]
    total = 0.0
    for s in sectors:
        hidden = [i for i, v in enumerate(shown[s]) if not v]
        if not hidden:
            total += brute_chance(layout, shown, rest, wild_sectors)
            continue
        for i in hidden:
            shown[s][i] = True
            total += brute_chance(layout, shown, rest, wild_sectors) / len(hidden)
            shown[s][i] = False
    return total / len(sectors)


def flip_point(seed: int):
    """A random-play game stopped when the Abwehr is about to flip the tokens it won (B9)."""
    rng = random.Random(seed)
    game = Barclay.new(seed=seed, track_undo=False)
    while not game.is_over():
        seat = game.current_seat()
        legal = game.legal_actions(seat)
        if type(legal[0]).__name__ == "Flip" and game.state.month >= 5:
            return game
        game.apply(rng.choice(legal), seat)
    return None


def decision_points(seed: int, every: int = 3):
    rng = random.Random(seed)
    game = Barclay.new(seed=seed, track_undo=False)
    moves = 0
    while not game.is_over():
        seat = game.current_seat()
        legal = game.legal_actions(seat)
        if game.state.revealed and len(legal) > 1 and moves % every == 0:
            yield game, seat
        game.apply(rng.choice(legal), seat)
        moves += 1


def sample_turns(sample, rng: random.Random, steps: int):
    """Random play through a sample: each turn's mover, every move the rules allow it and
    the moves the sample offers it (a search model may narrow them)."""
    for _ in range(steps):
        if sample.is_over():
            return
        mover = sample.current_seat()
        full = Barclay._legal(sample, mover)
        legal = sample.legal_actions(mover)
        yield mover, full, legal
        sample.apply_trusted(mover, rng.choice(legal))
