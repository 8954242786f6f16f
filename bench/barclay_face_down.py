"""How well a seat's belief predicts the hand a Normal opponent builds with its face-down cards.

    .venv/bin/python bench/barclay_face_down.py --games 12 --seed 600 [--jobs 2] [--seat abwehr]

Easy in the observing seat (`--seat`, default the LCS) against a Normal opponent (400
iterations). At every decision of the observing seat in the Final Two Cards step after the
opponent has laid a face-down card, the seat's belief is sampled 40 times, uniform (any x2
cards face down, Normal's belief) and informed (`Belief(informed_down=True)`, picked as a hand
builder would). Compared with the real game: the category of the opponent's tableau so far
(face-up and face-down cards), as its mean and as the log-likelihood the samples give the real
category (add-one smoothed over the nine categories), and whether that tableau beats the
observing seat's tableau so far (log-likelihood of the real outcome)."""

from __future__ import annotations

import argparse
import math
import random
import sys

from barclay_positions import easy_against_normal, rows_over_seeds  # bench/ is on the path

SAMPLES = 40
CATEGORIES = 9


def positions(options, seed: int) -> list:
    from barclay_desktop.ai.barclay.belief import Belief, state_option
    from barclay_desktop.ai.barclay.knowledge import best_key
    from barclay_desktop.rules.barclay.state import other

    me = options.seat
    opp = other(me)

    def keys(state):
        return (best_key([state_option(sl) for sl in state.tableau[opp]]),
                best_key([state_option(sl) for sl in state.tableau[me]]))

    out = []
    for g, seat, view, legal in easy_against_normal(seed, easy_seat=me):
        hidden = sum(1 for sl in view["tableau"][opp] if sl.get("hidden"))
        if seat == me and view["step"] == "play2" and hidden:
            real = keys(g.state)
            row = [hidden, real[0] >> 8, real[0] > real[1]]
            for informed in (False, True):
                belief = Belief(view, informed_down=informed)
                row.append([keys(belief.sample(random.Random(i)).state) for i in range(SAMPLES)])
            out.append(row)
    return out


def summary(rows: list, column: int) -> str:
    mean = loglik_cat = loglik_beat = 0.0
    for row in rows:
        samples = row[column]
        cats = [a >> 8 for a, _ in samples]
        mean += sum(cats) / len(cats)
        loglik_cat += math.log((cats.count(row[1]) + 1) / (len(cats) + CATEGORIES))
        beats = (sum(a > b for a, b in samples) + 1) / (len(samples) + 2)
        loglik_beat += math.log(beats if row[2] else 1 - beats)
    n = len(rows)
    return (f"mean category {mean / n:.2f}, log-lik. of the real category {loglik_cat / n:.3f}, "
            f"of 'opponent ahead' {loglik_beat / n:.3f}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seat", choices=("lcs", "abwehr"), default="lcs", help="the observing seat (Easy)")
    rows = rows_over_seeds(positions, argv, games=12, seed=600, parser=parser)
    for k in sorted({r[0] for r in rows}):
        part = [r for r in rows if r[0] == k]
        real = sum(r[1] for r in part) / len(part)
        ahead = sum(r[2] for r in part) / len(part)
        print(f"{k} face-down card(s): {len(part)} decisions; real mean category {real:.2f}, "
              f"opponent ahead in {100 * ahead:.0f}%")
        print(f"  uniform:  {summary(part, 3)}")
        print(f"  informed: {summary(part, 4)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
