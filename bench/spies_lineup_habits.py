"""How predictable a Spies & Lies level's first-day line-ups are.

    .venv/bin/python bench/spies_lineup_habits.py --level hard --games 60 --seed 3000 [--mix 0.5] [--jobs 2]

Plays `--games` fresh two-player games between two players of `--level` up to the end of
the first deployment and records both line-ups. Prints, per mission, the most common rank
and its share, the entropy of the rank there in bits (ten equally likely troops: 3.32), and
the share of the most common whole line-up. `--mix` overrides the level's deployment mix
(`make_search_player(deploy_mix=...)`; 0: always the most visited troop).

Why: a person who plays the computer a few times learns where it puts its troops and
guesses better; Hard itself exploits Normal's habits this way (`lineup_prior.json`).
"""

from __future__ import annotations

import argparse
import math
import sys
from collections import Counter
from multiprocessing import Pool


def first_lineups(args) -> list:
    """The two first-day line-ups of one game (tuples of ranks, Mission 1 first)."""
    level, mix, seed = args
    from barclay_desktop.ai.spies_lies.players import make_search_player
    from barclay_desktop.rules import game_class

    game = game_class("spies_lies").new(seed=seed, track_undo=False)
    players = {s: make_search_player(level, seed * 1000 + i, deploy_mix=mix) for i, s in enumerate(sorted(game.seats))}
    seen_deploy = False
    while not game.is_over():
        phase = game.state.phase
        if seen_deploy and phase != "deploy":
            break
        seen_deploy = seen_deploy or phase == "deploy"
        seat = game.current_seat()
        game.apply(players[seat].choose(game.view(seat), game.legal_actions(seat)), seat)
    return [tuple(game.state.side(side).slots) for side in ("red", "blue")]


def entropy(counts: Counter) -> float:
    n = sum(counts.values())
    return -sum(c / n * math.log2(c / n) for c in counts.values())


def report(lines: list) -> None:
    n = len(lines)
    for m in range(4):
        at = Counter(line[m] for line in lines)
        rank, count = at.most_common(1)[0]
        print(f"  mission {m + 1}: most common rank {rank} in {100 * count / n:.0f}%, "
              f"entropy {entropy(at):.2f} bits, ranks seen {len(at)}")
    line, count = Counter(lines).most_common(1)[0]
    print(f"  most common line-up {line}: {count}/{n} = {100 * count / n:.0f}%; distinct line-ups {len(set(lines))}")


def main(argv=None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--level", default="hard")
    p.add_argument("--games", type=int, default=60)
    p.add_argument("--seed", type=int, default=3000)
    p.add_argument("--mix", type=float, default=None)
    p.add_argument("--jobs", type=int, default=1)
    args = p.parse_args(argv)
    with Pool(args.jobs) as pool:
        games = pool.map(first_lineups, [(args.level, args.mix, args.seed + i) for i in range(args.games)])
    lines = [line for g in games for line in g]
    mix = "the level's" if args.mix is None else args.mix
    print(f"{args.level}, deployment mix {mix}: {len(lines)} first-day line-ups from {args.games} games, "
          f"seeds {args.seed}-{args.seed + args.games - 1}")
    report(lines)
    return 0


if __name__ == "__main__":
    sys.exit(main())
