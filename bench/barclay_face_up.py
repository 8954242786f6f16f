"""How often a Normal LCS lays face-up the card Easy's play value ranks first on its real hand,
and the noise share (`face_up.UP_NOISE`) that rate implies.

    .venv/bin/python bench/barclay_face_up.py --games 8 --seed 600 [--jobs 2]

Normal against Normal (400 iterations, no time cap). At every LCS decision in the First
Three Cards step with two cards or more to choose from, Easy's value of each legal card on the
LCS's real hand; the figure is how often the card laid was among the best-valued ones, against
the share of best-valued cards among the legal ones (what a random pick would hit). With
P(top) = (1 - e) + e * share, the implied noise is e = (1 - hit rate) / (1 - mean share)."""

from __future__ import annotations

import sys

from barclay_positions import rows_over_seeds  # bench/ is on the path


def positions(seed: int) -> list:
    from barclay_desktop.ai.barclay.belief import state_option
    from barclay_desktop.ai.barclay.face_up import easy_picks
    from barclay_desktop.ai.barclay.players import make_search_player
    from barclay_desktop.rules import game_class
    from barclay_desktop.rules.barclay import actions as A
    from barclay_desktop.rules.barclay.state import ABWEHR, LCS

    g = game_class("barclay").new(seed=seed, track_undo=False)
    players = {seat: make_search_player("normal", seed * 10 + i, time_cap=600) for i, seat in enumerate((ABWEHR, LCS))}
    rows = []
    while not g.is_over():
        seat = g.current_seat()
        view, legal = g.view(seat), g.legal_actions(seat)
        action = players[seat].choose(view, legal)
        if seat == LCS and view["step"] == "play3" and len(legal) > 1 and all(isinstance(a, A.PlayCard) for a in legal):
            committed = [state_option(sl) for sl in g.state.tableau[LCS]]
            cards = [a.card for a in legal]
            top = easy_picks(LCS, committed, list(g.state.hands[LCS]), cards)
            rows.append((len(committed), action.card in top, len(top) / len(cards)))
        g.apply(action, seat)
    return rows


def main(argv=None) -> int:
    rows = rows_over_seeds(positions, argv, games=8, seed=600)
    for label, part in [(f"card {j + 1}", [r for r in rows if r[0] == j]) for j in range(3)] + [("all", rows)]:
        if not part:
            continue
        hit = sum(r[1] for r in part) / len(part)
        share = sum(r[2] for r in part) / len(part)
        noise = (1 - hit) / (1 - share) if share < 1 else float("nan")
        print(f"{label}: {len(part)} plays, Easy's pick {100 * hit:.1f}%, random {100 * share:.1f}%, implied noise {noise:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
