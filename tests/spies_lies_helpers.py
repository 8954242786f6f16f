"""Helpers that set up Spies & Lies positions directly (no tests here)."""

from __future__ import annotations

from barclay_desktop.rules.spies_lies.actions import Deceive, EliminatePick, Guess, NoDeception
from barclay_desktop.rules.spies_lies.data import intel_cards
from barclay_desktop.rules.spies_lies.game import SpiesLiesGame


def _free_ranks(lineup, eliminated):
    return sorted(set(range(1, 11)) - set(lineup) - set(eliminated))


def mission_game(red, blue, *, starter="red", intel="intel-card-a", red_elim=None, blue_elim=None,
                 towers=(0, 0), spy=0, day=1, open_table=False, teams=False, chips=None, deception=(1, 1)):
    """A game at the start of a mission phase with the given line-ups (ranks under Missions 1-4).

    Intelligence chips are truthful (as strict mode places them) unless `chips` gives
    {"red": [0/1]*4, "blue": [...]}; eliminated troops default to the lowest free rank."""
    g = SpiesLiesGame.new({"open_table": open_table, "teams": teams}, seed=0, track_undo=False)
    s = g.state
    s.day, s.phase, s.starter, s.first_starter = day, "mission", starter, starter
    others = [c for c in sorted(intel_cards()) if c != intel]
    s.current_intel, s.old_pile, s.deck = intel, others[:day], others[day:]
    listed = intel_cards()[intel]
    for side, lineup, elim, tower, held in (("red", red, red_elim, towers[0], deception[0]),
                                            ("blue", blue, blue_elim, towers[1], deception[1])):
        me = s.side(side)
        elim = list(elim) if elim is not None else _free_ranks(lineup, [])[:1]
        me.slots, me.eliminated, me.pool, me.picked = list(lineup), elim, [], []
        me.hand = _free_ranks(lineup, elim)
        me.chips = list(chips[side]) if chips else [1 if r in listed else 0 for r in lineup]
        me.tower, me.deception_chips = tower, held
    s.deception_reserve = 4 - sum(deception)
    s.spy = spy
    s.history = [[[2, 5, 8, 10], [1, 3, 6, 9]] for _ in range(day - 1)]
    s.step = 0
    g._enter_step()
    g.forget_cached_seat()
    g.check_invariants()
    return g


def deploy_game(*, open_table=False, teams=False, red_elim=1, blue_elim=1, seed=0):
    """A game at the day-1 deploy phase, with the eliminated troops chosen."""
    g = SpiesLiesGame.new({"open_table": open_table, "teams": teams}, seed=seed, track_undo=False)
    g.apply(EliminatePick(1))
    g.apply(EliminatePick(1))
    for side, elim in (("red", red_elim), ("blue", blue_elim)):
        me = g.state.side(side)
        me.eliminated = [elim]
        me.hand = [r for r in range(1, 11) if r != elim]
    g.forget_cached_seat()
    g.check_invariants()
    return g


def guess(g, rank, deceive=False):
    """The defender answers the deception offer (if any), then the guesser names `rank`."""
    if g.state.stage == "offer":
        g.apply(Deceive() if deceive else NoDeception())
    else:
        assert not deceive, "the defender holds no deception chip"
    return g.apply(Guess(rank))


def slot_troop(g, side, mission):
    return g.state.side(side).slots[mission - 1]


def skip_to(g, step):
    """Pretend the mission steps before `step` were played: those targets were guessed and retreated."""
    s = g.state
    for k in range(step):
        s.step = k
        m, _, defender = g.mission_step()
        d = s.side(defender)
        d.face_up[m] = d.retreated[m] = True
    s.step = step
    g._enter_step()
    g.forget_cached_seat()
    return g


def texts(g):
    return [e.text for e in g.state.log]
