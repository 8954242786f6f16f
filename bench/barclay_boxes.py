"""Where the Abwehr's evidence tokens come from, box by box, for one pairing of Barclay levels.

    .venv/bin/python bench/barclay_boxes.py --abwehr hard --lcs normal --budget hard=2000:60 --budget normal=400:60 --games 40 --seed 99000 [--jobs 2]

Game i uses seed `--seed + i` and seeds its players as bench/ai_tournament.py does, so runs
with the same seeds deal the same cards and can be compared game by game (and a run with the
tournament's levels replays its games). The budget options are the tournament's.

Per month with Evidence Results, the tokens the Abwehr won (B9): Alpha 2 for the best hand, 1
on a tie (it takes one); Beta 3 when only its bet is right, 1 when both are; Recon/Raid 1
(a tie is the Abwehr's); plus its leak flips. Prints one line per game, then the share of
months each box went to the Abwehr, the bets, the mean tokens per month, and the wins with a
95% Wilson interval; with --records, each game's month reports as JSON lines. A tenth of a
token a month is worth some 3-5 points of the Abwehr's wins near 56%
(bench/barclay_token_worth.py, which takes these box rates as its arguments)."""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

from ai_tournament import _maker, add_budget_options, ci, parse_budgets  # bench/ is on the path

from barclay_desktop.rules.barclay.state import ABWEHR, LCS


def month_tokens(report: dict) -> dict:
    """The Abwehr's tokens from one month's report (the engine's month_report), by box."""
    best, right, recon = report["best"], report["bets_right"], report["recon"]
    alpha = 2 if best == ABWEHR else 1 if best is None else 0
    beta = (1 if right[LCS] else 3) if right[ABWEHR] else 0
    return {"alpha": alpha, "beta": beta, "recon": int(recon[ABWEHR] >= recon[LCS]),
            "leaks": report.get("leaks", 0)}


def play(args) -> tuple:
    """(seed, winner, [(month report, tokens)] for every month whose boxes were settled)."""
    from barclay_desktop.ai.arena import play_game

    seed, levels, budgets = args
    reports = {}

    def watch(game):
        report = game.state.month_report
        if "recon" in report:
            reports[report["month"]] = dict(report)

    rec = play_game("barclay", levels, seed, make=_maker(budgets), watch=watch)
    return seed, rec.winner, [(r, month_tokens(r)) for _, r in sorted(reports.items())]


def summarise(games: list) -> list[str]:
    months = [(r, t) for _, _, ms in games for r, t in ms]
    n = len(months)
    if not n:
        return ["no month reached Evidence Results"]
    share = lambda pred: f"{100 * sum(1 for m in months if pred(*m)) / n:.1f}%"  # noqa: E731
    bets = [r["bets"] for r, _ in months]
    crossed = Counter((b[ABWEHR], b[LCS], r["best"]) for b, (r, _) in zip(bets, months))
    totals = [sum(t.values()) for _, t in months]
    wins = sum(1 for _, w, _ in games if w == ABWEHR)
    return [
        f"{len(games)} games, {n} months with Evidence Results",
        f"  Alpha: Abwehr best {share(lambda r, t: t['alpha'] == 2)}, tie {share(lambda r, t: t['alpha'] == 1)}",
        f"  Beta: Abwehr alone right {share(lambda r, t: t['beta'] == 3)}, both right {share(lambda r, t: t['beta'] == 1)}, "
        f"LCS alone right {share(lambda r, t: r['bets_right'][LCS] and not r['bets_right'][ABWEHR])}",
        f"  bets: Abwehr on itself {100 * sum(b[ABWEHR] == ABWEHR for b in bets) / n:.1f}%, "
        f"LCS on itself {100 * sum(b[LCS] == LCS for b in bets) / n:.1f}%",
        "  bets (Abwehr, LCS) -> months the Abwehr / the LCS / nobody had the best hand: "
        + "; ".join(f"({a}, {b}) {crossed[a, b, ABWEHR]}/{crossed[a, b, LCS]}/{crossed[a, b, None]}"
                    for a in (ABWEHR, LCS) for b in (ABWEHR, LCS)),
        f"  Recon/Raid to the Abwehr {share(lambda r, t: t['recon'] == 1)}; leaks {sum(t['leaks'] for _, t in months) / n:.3f} a month",
        f"  Abwehr tokens a month: mean {statistics.mean(totals):.3f} (sd {statistics.pstdev(totals):.3f}); "
        + ", ".join(f"{box} {sum(t[box] for _, t in months) / n:.3f}" for box in ("alpha", "beta", "recon", "leaks")),
        f"  Abwehr wins {wins}/{len(games)} = {100 * wins / len(games):.1f}% ({ci(wins, len(games))})",
    ]


def main(argv=None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--abwehr", required=True, help="the Abwehr's level")
    p.add_argument("--lcs", required=True, help="the LCS's level")
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--seed", type=int, default=99000)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--records", help="also write each game's month reports here, one JSON line a game")
    add_budget_options(p)
    args = p.parse_args(argv)
    budgets = parse_budgets(args)
    tasks = [(args.seed + i, {ABWEHR: args.abwehr, LCS: args.lcs}, budgets) for i in range(args.games)]
    games = []
    records = open(args.records, "w", encoding="utf-8") if args.records else None
    with ProcessPoolExecutor(args.jobs) as pool:
        for seed, winner, months in pool.map(play, tasks):
            games.append((seed, winner, months))
            if records:
                records.write(json.dumps({"seed": seed, "winner": winner, "months": [r for r, _ in months]}) + "\n")
                records.flush()
            per_month = " ".join(str(sum(t.values())) for _, t in months)
            print(f"seed {seed}: winner {winner}, {len(months)} months, Abwehr tokens {per_month}", flush=True)
    if records:
        records.close()
    print("\n".join(summarise(games)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
