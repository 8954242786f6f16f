"""How well the Abwehr's search foresees who ends the month with the best hand (the Alpha box).

    .venv/bin/python bench/barclay_month_forecast.py --games 10 --seed 700 [--jobs 2]

Normal against Normal (400 iterations, no time cap). At every Abwehr decision at the
Intelligence Assessment or in the Final Two Cards step, searches at Hard's budget with
Hard's options (`--iterations`) look at the Abwehr's view, one per `--variants` name: Hard as
shipped (`shipped`), Hard whose samples lay the LCS's face-down cards still to come by the
informed rule (`policy_down`, `policy_down_seats`), Hard whose samples are weighted by
how likely the LCS's face-up cards of the month are on them (`likely_up`, `likely_up_seats`),
and Hard whose samples let the LCS play the rollout policy on its sampled cards
(`opponent_policy`).
Each counts, over its iterations through the move the Normal Abwehr then really made, who
had the best hand (B9: Abwehr, LCS or a tie); the figure is the log-likelihood those counts
give the real month's result (add-one smoothed), and the Brier-style error of P(Abwehr best)."""

from __future__ import annotations

import argparse
import math
import random
import sys

from barclay_positions import rows_over_seeds  # bench/ is on the path

OUTCOMES = ("abwehr", "lcs", None)
VARIANTS = {"shipped": {}, "policy_down": {"policy_down_seats": ("abwehr",)},
            "likely_up": {"likely_up_seats": ("abwehr",)}, "opponent_policy": {"opponent_policy": True}}


def _recording_model(options: dict):
    from barclay_desktop.ai.barclay.search import BarclaySearch

    class Recording(BarclaySearch):
        """Notes, per iteration, the searching seat's first move and the month's best hand."""

        records: list

        def determinize(self, belief, rng):
            game = super().determinize(belief, rng)
            month, first = belief.view["month"], []
            plain = game.apply_trusted

            def apply_trusted(seat, action):
                if not first:
                    first.append(self.key(action))
                return plain(seat, action)

            game.apply_trusted = apply_trusted
            game.forecast = (month, first)
            return game

        def evaluate(self, game, rng):
            month, first = game.forecast
            report = game.state.month_report
            if first and report.get("month") == month and "best" in report:
                self.records.append((first[0], report["best"]))
            return super().evaluate(game, rng)

    model = Recording(**options)
    model.records = []
    return model


def _forecast(view, legal, action, options: dict, iterations: int, seed: int) -> list[int]:
    from barclay_desktop.ai.ismcts import ISMCTS

    model = _recording_model(options)
    ISMCTS(model, iterations=iterations, time_cap=600).search(view, legal, random.Random(seed))
    key = model.key(action)
    return [sum(1 for k, best in model.records if k == key and best == o) for o in OUTCOMES]


def positions(options, seed: int) -> list:
    from barclay_desktop.ai.barclay.players import BUDGETS, make_search_player
    from barclay_desktop.rules import game_class
    from barclay_desktop.rules.barclay.state import ABWEHR, LCS

    hard = dict(BUDGETS["hard"][2])
    g = game_class("barclay").new(seed=seed, track_undo=False)
    players = {seat: make_search_player("normal", seed * 10 + i, time_cap=600) for i, seat in enumerate((LCS, ABWEHR))}
    rows, open_rows = [], []
    while not g.is_over():
        seat = g.current_seat()
        view, legal = g.view(seat), g.legal_actions(seat)
        action = players[seat].choose(view, legal)
        if seat == ABWEHR and view["step"] in ("assess", "play2") and len(legal) > 1:
            row = {"month": view["month"], "step": view["step"]}
            for name in options.variants:
                row[name] = _forecast(view, legal, action, {**hard, **VARIANTS[name]}, options.iterations, seed)
            open_rows.append(row)
        g.apply(action, seat)
        report = g.state.month_report
        if "best" in report:
            for row in [r for r in open_rows if r["month"] == report["month"]]:
                row["real"] = report["best"]
                rows.append(row)
                open_rows.remove(row)
    return rows


def summary(rows: list, name: str) -> str:
    loglik = brier = 0.0
    n = 0
    for row in rows:
        counts = row[name]
        total = sum(counts)
        if not total:
            continue
        n += 1
        loglik += math.log((counts[OUTCOMES.index(row["real"])] + 1) / (total + len(OUTCOMES)))
        brier += (counts[0] / total - (row["real"] == "abwehr")) ** 2
    return f"{n} decisions, log-lik. of the real best hand {loglik / n:.3f}, squared error of P(Abwehr best) {brier / n:.3f}"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--iterations", type=int, default=2000)
    parser.add_argument("--variants", nargs="+", choices=sorted(VARIANTS), default=["shipped", "policy_down"])
    rows = rows_over_seeds(positions, argv, games=10, seed=700, parser=parser)
    for step in ("assess", "play2"):
        part = [r for r in rows if r["step"] == step]
        if not part:
            continue
        share = sum(r["real"] == "abwehr" for r in part) / len(part)
        print(f"{step}: {len(part)} decisions, the Abwehr's hand was best in {100 * share:.0f}%")
        for name in sorted(set(part[0]) & set(VARIANTS)):
            print(f"  {name:12s} {summary(part, name)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
