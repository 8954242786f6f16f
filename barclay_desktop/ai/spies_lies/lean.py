"""A lean Spies & Lies game for the search's samples (issue 38): the rules of one day, from
the deployment to the day's end, on plain lists.

A search plays a sample a dozen steps deep thousands of times per decision; the engine
(`rules/spies_lies`), even quiet and without undo, sends each step through its dispatch and
keeps a state made for saves and views (pools, history, picks, the last reveal's words).
This game keeps what the rest of the day depends on and moves it as the engine does, with the
search's pruned action lists (`pruning.py`: deployments left to right, guesses among the
ranks the guesser cannot rule out) and its policy seats (`search.py` says why every seat
but the searcher's plays the rollout policy). It stops at the day's end: it counts the
finished day and knows nothing of the next.

`tests/test_ai_spies_lean.py` plays random games on the engine and this game side by side
and checks that both offer the same actions and reach the same positions.
"""

from __future__ import annotations

from barclay_desktop.rules.spies_lies.actions import (
    CaptainBorrow,
    CaptainPoints,
    ConfirmDeploy,
    Deceive,
    Deploy,
    Guess,
    IntelChip,
    MarshalSplit,
    MarshalTen,
    NoDeception,
)
from barclay_desktop.rules.spies_lies.data import intel_cards
from barclay_desktop.rules.spies_lies.game import (
    _ORDER,
    _STEPS,
    BORROWS,
    CAPTAIN_POINTS,
    CHIPS,
    CONFIRM,
    DEPLOYS,
    GUESSES,
    MARSHAL_CHOICE,
    OFFER,
    SEAT_SIDE,
    TEAM_SEATS,
)
from barclay_desktop.rules.spies_lies.lineup import SERGEANT
from barclay_desktop.rules.spies_lies.state import SIDES

from . import policy
from .lean_facts import guess_options, policy_rank, rollout_rank
from .lean_resolve import LeanResolution
from .pruning import pruned_deploys

# rules.json (tests/test_ai_spies_lean.py checks them against the file)
DAYS, CHIPS_EACH = 3, 4
# teams -> seat -> its missions
MINE = {False: {"red": range(4), "blue": range(4)},
        True: {"red1": range(0, 2), "red2": range(2, 4), "blue1": range(0, 2), "blue2": range(2, 4)}}
MISSION_TUPLES = {r: tuple(r) for r in (range(4), range(0, 2), range(2, 4))}
# Every action the game offers is one of these objects (as the engine's lists are): the search's
# tree knows them by identity, which costs no hashing. CANON finds the one equal to an action.
CANON = {a: a for a in (*GUESSES, *DEPLOYS.values(), CONFIRM, *CHIPS.values(), *OFFER, *MARSHAL_CHOICE,
                        CAPTAIN_POINTS, *BORROWS.values())}


class LeanSide:
    """One side's day. `seen` packs what the enemy sees of each slot (4 bits per mission: the
    rank once face-up or known, 0 while face-down) and `base` the rest of the facts its
    guesses read (`lean_facts`), worked out when first asked for in the mission phase."""

    __slots__ = ("name", "sign", "hand", "elim", "slots", "up", "known", "borrowed", "chips", "deceived",
                 "tower", "dchips", "scout", "bomb", "wrong", "steps", "seen", "base")

    def __init__(self, name, hand, elim, slots, up, known, borrowed, chips, deceived, tower, dchips, scout, bomb,
                 wrong, steps, seen=None):
        self.name = name
        self.sign = 1 if name == "red" else -1  # the double spy's direction for this side
        self.hand, self.elim, self.slots, self.up, self.known = hand, elim, slots, up, known
        self.borrowed, self.chips, self.deceived = borrowed, chips, deceived
        self.tower, self.dchips, self.scout, self.bomb = tower, dchips, scout, bomb
        self.wrong, self.steps = wrong, steps
        self.seen = seen_code(slots, up, known) if seen is None else seen
        self.base = None


def seen_code(slots, up, known) -> int:
    """`LeanSide.seen` of a line-up: 4 bits per mission, the rank once face-up or known, else 0."""
    seen = 0
    for m in range(4):
        if slots[m] and (up[m] or known[m]):
            seen |= slots[m] << (4 * m)
    return seen


class LeanGame(LeanResolution):
    """The day of a sample. `policy_seats` play `policy` (one action each: `search.py` says why);
    `habits` is the line-up prior the searcher's rollout guesses use against a side."""

    __slots__ = ("teams", "open_table", "day", "phase", "starter", "step", "stage", "pending", "card", "listed",
                 "next_card", "reserve", "done", "spy", "spy_before", "days_done", "over", "winner", "red", "blue",
                 "by", "seed", "seats", "mine", "policy_seats", "habits", "rng")

    def __init__(self, teams, open_table, day, phase, starter, step, stage, pending, card, next_card, reserve,
                 done, spy, spy_before, days_done, red, blue, seed):
        self.teams, self.open_table, self.day, self.phase = teams, open_table, day, phase
        self.starter, self.step, self.stage = starter, step, stage
        self.pending = pending  # (kind, side, mission 0-3, deceived) of a Captain's or Marshal's choice
        self.card = card
        self.listed = intel_cards()[card] if card else ()
        self.next_card = next_card  # the top of the shuffled intelligence deck
        self.reserve, self.done, self.spy = reserve, done, spy
        self.spy_before = spy_before  # where the double spy stood when the last guess began (S12)
        self.days_done = days_done
        self.over, self.winner = False, None
        self.red, self.blue = red, blue
        self.by = {"red": red, "blue": blue}
        self.seed = seed  # of the game's own generator: the start card's spin
        self.seats = TEAM_SEATS if teams else SIDES
        self.mine = MINE[teams]
        self.policy_seats, self.habits, self.rng = _NOBODY, _NO_HABITS, None  # (search.determinize sets them)

    # ----- whose turn, what they may do ---------------------------------------------------
    def current_seat(self) -> str | None:
        if self.over:
            return None
        phase = self.phase
        if phase == "mission":
            if self.stage == "choice":
                side, m = self.pending[1], self.pending[2]
            else:
                m, guesser, defender = _STEPS[self.starter][self.step]
                side = defender if self.stage == "offer" else guesser
            return side + ("1" if m < 2 else "2") if self.teams else side
        order = _ORDER[self.starter or "red", self.teams]
        if phase == "deploy":
            return next(seat for seat in order if seat not in self.done)
        return next(seat for seat in order if self.undecided_chip(seat) is not None)

    def missions_of(self, seat: str) -> range:
        return self.mine[seat]

    def undecided_chip(self, seat: str) -> int | None:
        chips = self.by[SEAT_SIDE[seat]].chips
        for m in self.mine[seat]:
            if chips[m] == -1:
                return m
        return None

    def legal(self, seat: str) -> list:
        """The pruned actions of `seat`; a policy seat's one, when it has a choice."""
        if seat in self.policy_seats and self.stage == "guess" and self.phase == "mission":
            m, _, defender = _STEPS[self.starter][self.step]
            return [GUESSES[rollout_rank(self, defender, m, self.rng) - 1]]
        acts = self.choices(seat)
        if len(acts) > 1 and seat in self.policy_seats:
            return [self.policy(seat, acts, self.rng)]
        return list(acts)

    def turn(self) -> tuple:
        """(current_seat(), legal(current_seat())), a guess, an offer or a deployment found at once."""
        if self.phase == "mission" and self.stage != "choice" and not self.over:
            m, guesser, defender = _STEPS[self.starter][self.step]
            offer = self.stage == "offer"
            side = defender if offer else guesser
            seat = side + ("1" if m < 2 else "2") if self.teams else side
            if seat not in self.policy_seats:
                return seat, list(OFFER if offer else guess_options(self, defender, m))
            if offer:  # policy.offer_action
                return seat, [OFFER[0] if self.by[defender].slots[m] in policy.VALUABLE else OFFER[1]]
            return seat, [GUESSES[rollout_rank(self, defender, m, self.rng) - 1]]
        if self.phase == "deploy" and not self.over:
            done = self.done
            seat = next(seat for seat in _ORDER[self.starter or "red", self.teams] if seat not in done)
            me, mine = self.by[SEAT_SIDE[seat]], self.mine[seat]
            line, held = tuple(me.slots), tuple(me.hand)
            acts = pruned_deploys(line, held, mine.start, mine.stop, self.open_table)
            if len(acts) > 1 and seat in self.policy_seats:
                return seat, [policy.deploy_action(acts, line, held, MISSION_TUPLES[mine], self.day, self.rng)]
            return seat, list(acts)
        seat = self.current_seat()
        return seat, self.legal(seat)

    def choices(self, seat: str):
        """The pruned actions of `seat`, whose turn it is."""
        phase = self.phase
        me = self.by[SEAT_SIDE[seat]]
        if phase == "mission":
            stage = self.stage
            if stage == "guess":
                m, _, defender = _STEPS[self.starter][self.step]
                return guess_options(self, defender, m)
            if stage == "offer":
                return OFFER
            if self.pending[0] == "captain":
                return [CAPTAIN_POINTS] + [BORROWS[r] for r in sorted(me.elim)]
            return MARSHAL_CHOICE
        if phase == "deploy":
            mine = self.mine[seat]
            return pruned_deploys(tuple(me.slots), tuple(me.hand), mine.start, mine.stop, self.open_table)
        m = self.undecided_chip(seat)  # the intelligence phase
        rank = me.slots[m]
        if not self.open_table and rank != SERGEANT:
            return (CHIPS[m, rank in self.listed],)  # S9: truth only
        if CHIPS_EACH - me.chips.count(1) > 0:
            return CHIPS[m, True], CHIPS[m, False]
        return (CHIPS[m, False],)

    def policy(self, seat: str, legal, rng):
        """The Easy rules (`policy.py`) on what `seat` could see here (`SpiesSearch.policy`), as
        one of the game's own action objects (`CANON`)."""
        if len(legal) == 1:
            return legal[0]
        me = self.by[SEAT_SIDE[seat]]
        phase = self.phase
        if phase == "deploy":  # (one of `legal`)
            missions = MISSION_TUPLES[self.mine[seat]]
            return policy.deploy_action(legal, tuple(me.slots), tuple(me.hand), missions, self.day, rng)
        if phase == "intel":  # policy.intel_action with both chips legal
            m = legal[0].mission - 1
            rank = me.slots[m]
            on = rank in self.listed
            if rank == SERGEANT and rng.random() >= policy.SERGEANT_TRUTH:
                on = not on
            return CHIPS[m, on]
        if self.stage == "choice":
            return CANON[policy.choice_action(legal, self.day, me.tower)]
        m, _, defender = _STEPS[self.starter][self.step]
        if self.stage == "offer":  # policy.offer_action
            return OFFER[0] if me.slots[m] in policy.VALUABLE else OFFER[1]
        return GUESSES[policy_rank(self, defender, m, rng) - 1]

    # ----- acting ------------------------------------------------------------------------
    def apply(self, seat: str, action) -> None:
        """One of `legal(seat)`, as the engine applies it (nothing is checked)."""
        _APPLY[type(action)](self, seat, action)

    # the names the generic ISMCTS calls a game by
    def is_over(self) -> bool:
        return self.over

    legal_actions = legal
    apply_trusted = apply

    def deploy(self, seat: str, action: Deploy) -> None:
        me = self.by[SEAT_SIDE[seat]]
        me.hand.remove(action.rank)
        me.slots[action.mission - 1] = action.rank

    def confirm(self, seat: str, action=None) -> None:
        done = self.done
        done.append(seat)
        if len(done) == (4 if self.teams else 2):
            self.start_intel()

    def start_intel(self) -> None:
        self.phase = "intel"
        self.done = []
        self.card = card = self.next_card
        self.listed = listed = intel_cards()[card]
        if self.open_table:
            return
        for seat in self.seats:  # S9 strict: every troop but the Sergeant marked truthfully
            me = self.by[SEAT_SIDE[seat]]
            mine = self.mine[seat]
            slots, chips = me.slots, me.chips
            left_open = next((m for m in mine if slots[m] == SERGEANT), mine[0])
            for m in mine:
                if m != left_open:
                    chips[m] = 1 if slots[m] in listed else 0

    def chip(self, seat: str, action: IntelChip) -> None:
        self.by[SEAT_SIDE[seat]].chips[action.mission - 1] = 1 if action.on else 0
        if -1 not in self.red.chips and -1 not in self.blue.chips:
            self.start_missions()

    def start_missions(self) -> None:
        self.phase = "mission"
        if not self.starter:
            self.starter = SIDES[_first_below_2(self.seed)]  # the game's first draw: the start card
        self.step = 0
        self.enter_step()

    def enter_step(self) -> None:
        if self.step >= 8:
            self.end_of_day()
            return
        d = self.by[_STEPS[self.starter][self.step][2]]
        self.stage = "offer" if d.dchips > 0 and not d.wrong else "guess"

    def offer(self, seat: str, action) -> None:
        if type(action) is Deceive:
            m, _, defender = _STEPS[self.starter][self.step]
            d = self.by[defender]
            d.dchips -= 1
            d.deceived[m] = True
        self.stage = "guess"

    def guess(self, seat: str, action: Guess) -> None:
        self.resolve(action.rank)
        self.after_reveal()

    def after_reveal(self) -> None:
        if self.over or self.pending is not None:
            return
        self.step += 1
        self.enter_step()

    def end_of_day(self) -> None:
        """The day ends: after the last day the game's result, else only the count of days."""
        if self.day >= DAYS:
            self.over = True
            spy, red, blue = self.spy, self.red.tower, self.blue.tower
            self.winner = ("red" if spy > 0 else "blue") if spy else (("red" if red > blue else "blue") if red != blue
                                                                     else None)
            return
        self.days_done += 1
        self.day += 1

def _first_below_2(seed: int) -> int:
    """`Rng.from_seed(seed).below(2)`, written out (a day-1 sample spins the start card once per
    iteration): the top bit of SplitMix64's first output."""
    s = (seed + 0x9E3779B97F4A7C15) & _MASK
    z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return (z ^ (z >> 31)) >> 63


_MASK = (1 << 64) - 1
_NOBODY, _NO_HABITS = frozenset(), {}  # (read only)
_APPLY = {
    Deploy: LeanGame.deploy, ConfirmDeploy: LeanGame.confirm, IntelChip: LeanGame.chip,
    Deceive: LeanGame.offer, NoDeception: LeanGame.offer, Guess: LeanGame.guess,
    CaptainPoints: LeanGame.captain_points, CaptainBorrow: LeanGame.captain_borrow,
    MarshalTen: LeanGame.marshal_ten, MarshalSplit: LeanGame.marshal_split,
}
