"""Which ranks a guesser could find under a mission, and which are likeliest: what the
search's rollout guesses read of `knowledge.marginals`, without the whole distribution.

`marginals` weighs every line-up the facts allow (an open table allows every ordering of the
available ranks: 3,024 line-ups on day 1) and is memoised; a search meets thousands of new
facts per decision, each needed for one or two guesses. The Easy guess needs only the ranks
of non-zero probability (the guesses worth making) and those within 1e-12 of the highest
(`knowledge.most_likely` draws one). Here:
- on a strict table the in-order line-ups of positive weight (a few dozen) are summed per
  rank directly (`Weighed`);
- on an open table, where a line-up out of order weighs OPEN_TABLE_BREAK times its chip and
  prior factors, the sum over all orderings comes from a closed form (inclusion-exclusion
  over the missions that share a rank) and only the in-order ones are enumerated;
- the facts met after a reveal are those before it with one more troop shown: their line-ups
  are those before it that have the troop there (`Weighed.child`), so a search that follows a
  day's reveals filters a short list instead of enumerating again.
The sums are the same numbers as `marginals`' up to rounding (a different order of the same
additions), so the sets agree unless two ranks' chances differ by about 1e-12 without being
equal; `tests/test_ai_spies_lean.py` compares them on the facts of random games."""

from __future__ import annotations

from .knowledge import HIDDEN, OPEN_TABLE_BREAK, _chip_factors, _fills

_ONES = (1.0,) * 11


class Weighed:
    """The in-order line-ups of some facts with their weights (the product of the hidden troops'
    chip and prior factors), those of weight 0 left out, times `scale` (a child keeps its
    parent's weights, which carry the factor of the troop since shown)."""

    __slots__ = ("lines", "weights", "scale", "g", "hidden")

    def __init__(self, lines, weights, scale: float, g: list, hidden: list):
        self.lines, self.weights, self.scale, self.g, self.hidden = lines, weights, scale, g, hidden

    @classmethod
    def of(cls, facts: tuple) -> "Weighed":
        slots = facts[0]
        g, hidden = factors(facts)
        g0, g1, g2, g3 = g
        lines, weights = [], []
        for line in _fills(slots, facts[1], True)[1]:
            r0, r1, r2, r3 = line
            w = g0[r0] * g1[r1] * g2[r2] * g3[r3]
            if w > 0.0:
                lines.append(line)
                weights.append(w)
        return cls(lines, weights, 1.0, g, hidden)

    def child(self, m: int, rank: int) -> "Weighed | None":
        """The line-ups of these facts with the troop at mission `m` shown as `rank` (None when
        that troop weighed 0 here, so that its line-ups were left out)."""
        c = self.g[m][rank]
        if m not in self.hidden or c <= 0.0:
            return None
        g = list(self.g)
        g[m] = _ONES
        lines, weights = [], []
        for line, w in zip(self.lines, self.weights):
            if line[m] == rank:
                lines.append(line)
                weights.append(w)
        return Weighed(lines, weights, self.scale * c, g, [j for j in self.hidden if j != m])


def factors(facts: tuple) -> tuple:
    """(per mission, per rank (index 0-10) the factor a hidden troop of that rank weighs, the
    hidden missions)."""
    slots, avail, chips, card, strict = facts[:5]
    prior = facts[5] if len(facts) > 5 else None
    hidden = [j for j in range(4) if slots[j] == HIDDEN]
    g = [_ONES] * 4
    for j in hidden:
        f = _chip_factors(chips[j], card, strict) if card and chips[j] >= 0 else _ONES
        g[j] = f if prior is None else tuple(a * b for a, b in zip(prior[j], f))
    return g, hidden


def guess_sets(facts: tuple, m: int, weighed: Weighed | None = None) -> tuple:
    """(possible ranks, likeliest ranks ascending) under mission `m` (0-3) for `knowledge.lineups`
    facts (slots, avail, chips, card, strict[, prior]); ((), []) when no line-up exists.
    `weighed`: the facts' `Weighed`, when known."""
    w = Weighed.of(facts) if weighed is None else weighed
    slots, avail = facts[0], facts[1]
    sums = [0.0] * 12  # per rank 1-10 (index 11 = -1 gathers EMPTY slots: a side still deploying)
    for line, x in zip(w.lines, w.weights):
        sums[line[m]] += x
    if not facts[4]:
        sums = _open_sums(sums, w, slots, avail, m)
    total = sum(sums)
    if total <= 0.0:  # no line-up the facts explain (`lineups`: then anything goes, alike)
        if len(avail) < len(w.hidden):
            return (), []
        ranks = tuple(sorted(avail)) if m in w.hidden else (slots[m],)
        return ranks, list(ranks)
    possible = tuple(r for r in range(1, 11) if sums[r] > 0.0)
    best = max(sums) / total
    return possible, [r for r in possible if sums[r] / total >= best - 1e-12]


def _open_sums(in_order: list, w: Weighed, slots: tuple, avail: tuple, m: int) -> list:
    """Open table: every ordering weighs OPEN_TABLE_BREAK, an in-order one 1 (so the in-order
    sums add 1 - OPEN_TABLE_BREAK times theirs)."""
    hidden = w.hidden
    if m not in hidden:  # a troop the guesser already knows: every line-up has it
        out = [0.0] * 12
        if len(avail) >= len(hidden):
            out[slots[m]] = 1.0
        return out
    keep = (1.0 - OPEN_TABLE_BREAK) / w.scale
    out = [keep * x for x in in_order]
    if len(avail) >= len(hidden):
        g = w.g
        gm = g[m]
        for x, p in _others(avail, [g[j] for j in hidden if j != m]):
            out[x] += OPEN_TABLE_BREAK * gm[x] * p
    return out


def _others(avail: tuple, rows: list):
    """(x, the sum over every way to give each row a different rank of `avail` but x, of the
    product of the rows' factors for their ranks) for each x of `avail`: a permanent of up to
    three rows, by inclusion-exclusion over the rows that share a rank."""
    n = len(rows)
    if n == 0:
        return ((x, 1.0) for x in avail)
    if n == 1:
        (a,) = rows
        sa = sum(a[r] for r in avail)
        return ((x, sa - a[x]) for x in avail)
    if n == 2:
        a, b = rows
        sa, sb = sum(a[r] for r in avail), sum(b[r] for r in avail)
        sab = sum(a[r] * b[r] for r in avail)
        return ((x, (sa - a[x]) * (sb - b[x]) - (sab - a[x] * b[x])) for x in avail)
    a, b, c = rows
    sa, sb, sc = sum(a[r] for r in avail), sum(b[r] for r in avail), sum(c[r] for r in avail)
    sab = sum(a[r] * b[r] for r in avail)
    sac = sum(a[r] * c[r] for r in avail)
    sbc = sum(b[r] * c[r] for r in avail)
    sabc = sum(a[r] * b[r] * c[r] for r in avail)
    out = []
    for x in avail:
        ax, bx, cx = a[x], b[x], c[x]
        ra, rb, rc = sa - ax, sb - bx, sc - cx
        out.append((x, ra * rb * rc - (sab - ax * bx) * rc - (sac - ax * cx) * rb - (sbc - bx * cx) * ra
                    + 2.0 * (sabc - ax * bx * cx)))
    return out
