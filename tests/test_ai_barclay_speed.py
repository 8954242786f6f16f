"""The Barclay search's shortcuts (issue 38) give exactly what the slow, readable code gives."""

from __future__ import annotations

import itertools
import random

from barclay_desktop.ai.barclay import belief as belief_module
from barclay_desktop.ai.barclay.knowledge import BLANK_OPTION, card_option
from barclay_desktop.rules.barclay.cards import load_cards
from barclay_desktop.rules.barclay.hands import COLOURS, best_fixing, best_fixing_key


def _options(rng: random.Random) -> list:
    cards = [card_option(c.id) for c in load_cards()]
    out = []
    for _ in range(5):
        r = rng.random()
        if r < 0.1:
            out.append(BLANK_OPTION)
        elif r < 0.2:  # a fixed card, or made-up multi-value and multi-colour ones
            vs = tuple(rng.sample(range(1, 14), rng.choice((1, 2))))
            out.append((vs, tuple(rng.sample(COLOURS, rng.choice((1, 2, 5))))))
        else:
            out.append(rng.choice(cards))
    return out


def test_best_fixing_key_is_the_key_of_best_fixing():
    rng = random.Random(38)
    for _ in range(20_000):
        options = _options(rng)
        assert best_fixing_key(options) == best_fixing(options)[0].key, options


def test_best_fixing_key_on_runs_flushes_and_blanks():
    blank = ((), ())
    for colours in (("red",), ("red", "blue"), ("blue",)):
        run = [((v,), colours) for v in range(3, 8)]
        assert best_fixing_key(run) == best_fixing(run)[0].key
        assert best_fixing_key(run[:4] + [blank]) == best_fixing(run[:4] + [blank])[0].key
    assert best_fixing_key([blank] * 5) == best_fixing([blank] * 5)[0].key
    mixed = [((1, 13), ("pink",)), ((10,), ("pink",)), ((11,), ("pink",)), ((12,), ("pink",)), ((9,), ("pink", "red"))]
    assert best_fixing_key(mixed) == best_fixing(mixed)[0].key


def test_the_fast_shuffle_draws_as_random_shuffle():
    for seed, n in itertools.product(range(20), (0, 1, 2, 5, 33, 60)):
        a, b = random.Random(seed), random.Random(seed)
        x, y = list(range(n)), list(range(n))
        a.shuffle(x)
        belief_module._shuffler(b)(y)
        assert x == y and a.random() == b.random()
