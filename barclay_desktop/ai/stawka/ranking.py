"""The few moves worth a search: Easy's favourites, best first.

Easy scores every activation action (heuristic.py `_score`), so there the candidates are
its top scores. Its other decisions (planning, pending choices, placement, tokens) pick
one move by their own rules; those lists are short or evenly matched, so the candidates
are Easy's pick and then the rest in a random order.
"""

from __future__ import annotations

import random

from barclay_desktop.rules.stawka import actions as A

from .heuristic import _Ctx


def ranked_candidates(easy, view: dict, legal: list, width: int, rng: random.Random) -> list:
    """At most `width` of `legal`, Easy's own choice first."""
    first = easy.decide(view, legal)
    scored = _activation_scores(easy, view, legal)
    if scored is not None:
        order = [a for _, _, a in sorted(scored, key=lambda t: (-t[0], t[1]))]
    else:
        order = list(legal)
        rng.shuffle(order)
    rest = [a for a in order if a != first]
    chosen = [first] + rest[: width - 1]
    # a conversation is the only way to a secret, and Easy underrates it: every target's best one is tried
    talked = {c.target for c in chosen if isinstance(c, A.Converse)}
    for a in rest[width - 1:]:
        if isinstance(a, A.Converse) and a.target not in talked:
            talked.add(a.target)
            chosen.append(a)
    return chosen


def _activation_scores(easy, view: dict, legal: list):
    """[(score, index, action)] where Easy scores every action of an activation; else None."""
    pending = view.get("pending")
    if (pending and pending.get("seat") == view["seat"]) or view["phase"] != "activation":
        return None
    ctx = _Ctx(view, easy.style)
    return [(easy._score(ctx, a), i, a) for i, a in enumerate(legal)]
