"""How many Operation Barclay hands rank_hand ranks per second (target: >= 250,000).

    .venv/bin/python bench/barclay_hands.py [seconds]
    .venv/bin/python -m bench.barclay_hands [seconds]

bench/barclay_rules.py imports `bench_rank_hand`.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

if not __package__:
    # Run as a plain script: make the source tree importable (no effect when imported).
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from barclay_desktop.rules.barclay.hands import BLANK, COLOURS, rank_hand

_HANDS_PER_BATCH = 20_000


def sample_hands(count: int, seed: int = 1943) -> list[tuple]:
    """Random five-card hands like a month's tableaux: values 1-13, five colours,
    the odd blank (B7), and a share of one-colour runs so the straight-flush path is exercised."""
    rng = random.Random(seed)
    hands = []
    for _ in range(count):
        if rng.random() < 0.1:
            start, colour = rng.randint(1, 9), rng.choice(COLOURS)
            cards = [(start + i, colour) for i in range(5)]
        else:
            cards = [BLANK if rng.random() < 0.02 else (rng.randint(1, 13), rng.choice(COLOURS)) for _ in range(5)]
        hands.append(tuple(cards))
    return hands


def bench_rank_hand(seconds: float = 1.0) -> float:
    """Hands ranked per second by rank_hand in this process, over at least `seconds`."""
    hands = sample_hands(_HANDS_PER_BATCH)
    rank = rank_hand
    for cards in hands:  # warm the memo, as a running game would have
        rank(cards)
    ranked = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for cards in hands:
            rank(cards)
        ranked += len(hands)
        now = time.perf_counter()
        if now >= deadline:
            return ranked / (now - start)


if __name__ == "__main__":
    duration = float(sys.argv[1]) if len(sys.argv) > 1 else 1.0
    print(f"rank_hand: {bench_rank_hand(duration):,.0f} hands/s")
