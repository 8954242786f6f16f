"""How much hidden information is worth to a Barclay seat: an upper bound for any fair player.

    .venv/bin/python bench/ai_oracle.py --games 40 --iterations 400 --seed 80290 [--jobs 2] [--seat abwehr --knows cards|bet]

The LCS (or, with `--seat abwehr`, the Abwehr) searches with information no fair player has
(`--knows`, never a player we ship) against a fair Normal opponent; both search with the same
iteration count and no time cap. Game i uses seed `--seed + i`, as bench/ai_balance.py, so the
results pair with a Normal-vs-Normal run on the same seeds. Prints one line per game and the
oracle's win rate with a 95% Wilson interval.

As the Abwehr, "all" is not offered: the real game holds the LCS's token layout, which would
decide the game by itself. "cards" and "bet" are a fair sample of the Abwehr's view (the
layout from its posterior) with the LCS's real hand, face-down cards and bet, or its bet alone."""

from __future__ import annotations

import argparse
import sys
import time
from multiprocessing import Pool


def with_real_cards(sample, game, seat: str):
    """The sample with `seat`'s real hand and face-down slots; the cards the sample had dealt
    there take the real cards' places in the decks: a card the other seat knows is in the
    Double-Cross deck where such a card was, otherwise one of the same family where possible."""
    from barclay_desktop.rules.barclay.cards import cards_by_id
    from barclay_desktop.rules.barclay.state import other

    def hidden(state):
        return [i for i, sl in enumerate(state.tableau[seat]) if sl.card and not sl.face_up]

    real_slots = hidden(game.state)
    if real_slots != hidden(sample.state) or len(game.state.hands[seat]) != len(sample.state.hands[seat]):
        raise ValueError("the sample and the game disagree on the hidden cards' places")
    real = list(game.state.hands[seat]) + [game.state.tableau[seat][i].card for i in real_slots]
    dealt = list(sample.state.hands[seat]) + [sample.state.tableau[seat][i].card for i in real_slots]
    known_dc = set(sample.state.dc_known.get(other(seat), ()))
    outgoing = [c for c in dealt if c not in real]
    # Double-Cross places first: only there must a known card go back (B12)
    incoming = sorted((c for c in real if c not in dealt), key=lambda c: c not in sample.state.decks["dc"])
    for card in incoming:
        deck = next(d for d in sample.state.decks.values() if card in d)
        wanted = card in known_dc
        family = cards_by_id()[card].deck
        out = min(outgoing, key=lambda c: ((c in known_dc) != wanted, cards_by_id()[c].deck != family))
        outgoing.remove(out)
        deck[deck.index(card)] = out
    sample.state.hands[seat] = list(game.state.hands[seat])
    for i in real_slots:
        sample.state.tableau[seat][i] = game.state.tableau[seat][i]  # frozen Slot: safe to share
    return sample


def oracle_player(game, iterations: int, knows: str = "all", seat: str = "lcs"):
    """`knows`, for the LCS: "all" (the real game, deck orders and chance included), "cards"
    (the Abwehr's hand, face-down cards and bet; the draw decks reshuffled and chance
    reseeded) or "bet" (a fair sample of the view with the Abwehr's real hidden bet). For the
    Abwehr, "cards" and "bet" are a fair sample with the LCS's real cards and bet, or bet."""
    from barclay_desktop.ai.barclay.belief import Belief
    from barclay_desktop.ai.barclay.search import BarclaySearch
    from barclay_desktop.ai.ismcts import ISMCTS
    from barclay_desktop.rules.barclay.state import other
    from barclay_desktop.rules.core import Rng

    opp = other(seat)

    class Oracle(BarclaySearch):
        def prepare(self, view):
            return Belief(view)

        def determinize(self, belief, rng):
            if knows == "bet" or seat == "abwehr":
                copy = belief.sample(rng)
                if knows == "cards":
                    with_real_cards(copy, game, opp)
                copy.state.bets[opp] = game.state.bets.get(opp)
                return copy
            copy = game.clone()
            copy.quiet = True
            if knows == "cards":
                for name in ("channels", "lcs", "abwehr"):
                    rng.shuffle(copy.state.decks[name])
                copy.state.rng = Rng.from_seed(rng.getrandbits(63))
            return copy

    def choose(view, legal, rng):
        if len(legal) == 1:
            return legal[0]
        return ISMCTS(Oracle(), iterations=iterations, time_cap=600).search(view, legal, rng)

    return choose


def one(args) -> str:
    iterations, seed, knows, oracle_seat = args
    import random

    from barclay_desktop.ai.barclay.players import SearchPlayer, evidence_choice, make_search_player
    from barclay_desktop.rules import game_class
    from barclay_desktop.rules.barclay import actions as A
    from barclay_desktop.rules.barclay.state import other

    g = game_class("barclay").new(seed=seed, track_undo=False)
    fair_seat = other(oracle_seat)
    fair = make_search_player("normal", seed * 10 + 1, iterations=iterations, time_cap=600)
    setup = SearchPlayer(seed * 10).fallback  # an LCS oracle lays out its tokens as every level does
    oracle = oracle_player(g, iterations, knows, oracle_seat)
    rng = random.Random(seed * 10)
    while not g.is_over():
        seat = g.current_seat()
        view, legal = g.view(seat), g.legal_actions(seat)
        if seat == fair_seat:
            action = fair.choose(view, legal)
        elif not view.get("setup_done"):
            action = setup.choose(view, legal)
        elif isinstance(legal[0], (A.Flip, A.TakeEvidence)):
            action = evidence_choice(view, legal, rng)
        else:
            action = oracle(view, legal, rng)
        g.apply(action, seat)
    return g.result.winner


def main(argv=None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--iterations", type=int, default=400)
    p.add_argument("--games", type=int, default=40)
    p.add_argument("--seed", type=int, default=80290)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--knows", choices=("all", "cards", "bet"), default="all")
    p.add_argument("--seat", choices=("lcs", "abwehr"), default="lcs", help="the oracle's seat")
    args = p.parse_args(argv)
    if args.seat == "abwehr" and args.knows == "all":
        p.error("--knows all is for the LCS only (the real game holds the LCS's layout)")
    from barclay_desktop.simulate import wilson_interval

    started = time.time()
    results = []
    with Pool(args.jobs) as pool:
        for winner in pool.imap(one, [(args.iterations, args.seed + i, args.knows, args.seat)
                                      for i in range(args.games)]):
            results.append(winner)
            print(winner, flush=True)
    n = len(results)
    wins = results.count(args.seat)
    lo, hi = wilson_interval(wins, n)
    print(f"oracle ({args.knows}) {args.seat}({args.iterations}) vs normal ({args.iterations}), {n} games: oracle wins "
          f"{wins} = {100 * wins / n:.1f}% (95% CI {100 * lo:.1f}-{100 * hi:.1f}%); {time.time() - started:.0f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
