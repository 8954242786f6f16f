"""A lean Spies & Lies game for the search's samples (issue 38): the rules of one day, from
the deployment to the day's end, on plain lists.

A search plays a sample a dozen steps deep thousands of times per decision; the engine
(`rules/spies_lies`) validates, logs and keeps undo points for each step, and its state
carries what a day's end needs (pools, history, picks) and what only views read. This game
keeps what the rest of the day depends on and moves it as the engine does, with the
search's pruned action lists (`search.prune`: deployments left to right, guesses among the
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
from barclay_desktop.rules.spies_lies.lineup import SERGEANT, out_of_order
from barclay_desktop.rules.spies_lies.state import SIDES

from . import policy
from .lean_facts import guess_options, policy_rank, rollout_rank
from .pruning import pruned_deploys

SPY, SCOUT, MINER, LIEUTENANT, CAPTAIN, BOMB, COLONEL, GENERAL, MARSHAL = 1, 2, 3, 5, 6, 7, 8, 9, 10
# rules.json (tests/test_ai_spies_lean.py checks them against the file)
GATE, TARGET, DAYS, CORRECT_IP, SCOUT_IP, BONUS_IP, CHIPS_EACH, MAX_HELD = 4, 10, 3, 2, 4, 4, 4, 2
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
        self.tower, self.dchips, self.scout, self.bomb, self.wrong, self.steps = tower, dchips, scout, bomb, wrong, steps
        self.seen = seen_code(slots, up, known) if seen is None else seen
        self.base = None


def seen_code(slots, up, known) -> int:
    """`LeanSide.seen` of a line-up: 4 bits per mission, the rank once face-up or known, else 0."""
    seen = 0
    for m in range(4):
        if slots[m] and (up[m] or known[m]):
            seen |= slots[m] << (4 * m)
    return seen


class LeanGame:
    """The day of a sample. `policy_seats` play `policy` (one action each, as `SearchGame` did);
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
        self.policy_seats, self.habits, self.rng = frozenset(), {}, None

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
        """`SearchGame._legal`: the pruned actions; a policy seat's one, when it has a choice."""
        if seat in self.policy_seats and self.stage == "guess" and self.phase == "mission":
            m, _, defender = _STEPS[self.starter][self.step]
            return [GUESSES[rollout_rank(self, defender, m, self.rng) - 1]]
        acts = self.choices(seat)
        if len(acts) > 1 and seat in self.policy_seats:
            return [self.policy(seat, acts, self.rng)]
        return list(acts)

    def turn(self) -> tuple:
        """(current_seat(), legal(current_seat())), a guess or an offer found at once."""
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
        if self.over or self.pending is not None:  # self.after_reveal(), written out
            return
        step = self.step = self.step + 1
        if step >= 8:
            self.end_of_day()
        else:  # self.enter_step()
            d = self.by[_STEPS[self.starter][step][2]]
            self.stage = "offer" if d.dchips > 0 and not d.wrong else "guess"

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

    # ----- a reveal (`Resolution.resolve_guess`) ----------------------------------------------
    def resolve(self, guessed: int) -> None:
        m, guesser, owner = _STEPS[self.starter][self.step]
        o, g = self.by[owner], self.by[guesser]
        rank = o.slots[m]
        spy_before = self.spy
        o.up[m] = True
        o.known[m] = False
        o.seen |= rank << (4 * m)  # (a known troop's bits are already its rank)
        correct = guessed == rank
        if m and not o.wrong and rank != SERGEANT:  # special rule 2: below a troop shown left of it
            slots, up = o.slots, o.up
            for i in range(m):
                r = slots[i]
                if r > rank and up[i] and r != SERGEANT:
                    self.wrong_order(o)
                    break
        if o.wrong:
            counts, retreats = correct, True
        elif rank != SERGEANT and (o.chips[m] == 1) != (rank in self.listed):
            counts, retreats = True, True  # false intelligence
        elif rank == MARSHAL or rank == BOMB or g.bomb or correct:
            counts, retreats = self.retreat_reason(g, m, rank, correct)
        else:
            counts, retreats = False, False
        g.bomb = False
        self.spy_before = spy_before
        if retreats:
            if counts:
                self.add_ip(g, SCOUT_IP if g.scout else CORRECT_IP)
            return
        if not self.activate(o, m, rank, o.deceived[m]) and o.deceived[m] and not self.over:
            self.add_ip(o, BONUS_IP)  # self.bonus(o, m)

    def retreat_reason(self, g: LeanSide, m: int, rank: int, correct: bool) -> tuple[bool, bool]:
        """(counts as a correct guess, retreats) once the order and the chip are right."""
        if rank == MARSHAL and (g.slots[m] == SPY or g.borrowed[m] == SPY):
            self.encounter(g, m, SPY)
            return correct, True
        if rank == BOMB and (g.slots[m] == MINER or g.borrowed[m] == MINER):
            self.encounter(g, m, MINER)
            return correct, True
        if g.bomb:
            return correct, True
        return correct, correct

    @staticmethod
    def encounter(g: LeanSide, m: int, rank: int) -> None:
        if not g.up[m] and g.slots[m] == rank:
            g.known[m] = True  # S5: the encounter shows who stands there
            g.seen |= rank << (4 * m)

    def wrong_order(self, o: LeanSide) -> None:
        """Special rule 2: today's double-spy steps of `o` undone, its tower back to 0."""
        self.spy = max(-GATE, min(GATE, self.spy - o.sign * o.steps))
        o.steps = 0
        o.tower = 0
        o.wrong = True

    # ----- points, abilities and the double spy ------------------------------------------------
    def add_ip(self, me: LeanSide, amount: int, carry: bool = False) -> None:
        me.tower += amount
        while me.tower >= TARGET:
            surplus = me.tower - TARGET
            me.tower = 0
            self.move_spy(me, self.day)
            if self.over:
                return
            if carry and surplus:
                me.tower = surplus

    def move_spy(self, me: LeanSide, steps: int) -> None:
        d = me.sign
        depth = self.spy * d
        if depth >= GATE:
            before = self.spy_before  # S12: only a move in a later turn takes the flag
            if before is None or before * d >= GATE:
                self.over = True  # the flag: the captor's line-up must be in order
                self.winner = me.name if out_of_order(me.slots) is None else ("blue" if me.name == "red" else "red")
            return
        new = min(depth + steps, GATE)
        me.steps += new - depth
        self.spy = new * d

    def activate(self, me: LeanSide, m: int, rank: int, deceived: bool, via_captain: bool = False) -> bool:
        """`rank`'s ability for `me`; True when it waits for the owner's choice."""
        if rank == SPY:
            self.add_ip(me, 1)
            if not self.over and self.reserve > 0 and me.dchips < MAX_HELD:
                self.reserve -= 1
                me.dchips += 1
        elif rank == SCOUT:
            self.add_ip(me, 2)
            me.scout = True
        elif rank == MINER:
            self.add_ip(me, 3)
        elif rank == SERGEANT:
            self.add_ip(me, 4)
        elif rank == LIEUTENANT:
            self.move_spy(me, 1)
        elif rank == CAPTAIN and not via_captain and me.elim:
            self.pending = ("captain", me.name, m, deceived)
            self.stage = "choice"
            return True
        elif rank == CAPTAIN:
            self.add_ip(me, 6)
        elif rank == BOMB:
            me.bomb = True
        elif rank == COLONEL:
            self.add_ip(me, 8, carry=True)
        elif rank == GENERAL:
            self.move_spy(me, 2)
        elif rank == MARSHAL:
            self.pending = ("marshal", me.name, m, deceived)
            self.stage = "choice"
            return True
        return False

    def bonus(self, me: LeanSide, m: int) -> None:
        """S4: after a wrong guess on a bluffed troop, its activation is followed by +4 IP."""
        if not self.over and me.deceived[m]:
            self.add_ip(me, BONUS_IP)

    def captain_points(self, seat: str, action=None) -> None:
        self.add_ip(self.by[self.pending[1]], 6)
        self.finish_pending()

    def captain_borrow(self, seat: str, action: CaptainBorrow) -> None:
        p = self.pending
        me = self.by[p[1]]
        me.borrowed[p[2]] = action.rank
        self.pending = None
        if self.activate(me, p[2], action.rank, p[3], via_captain=True):
            return  # the borrowed Marshal still waits for its choice
        self.pending = p
        self.finish_pending()

    def marshal_ten(self, seat: str, action=None) -> None:
        self.add_ip(self.by[self.pending[1]], 10)
        self.finish_pending()

    def marshal_split(self, seat: str, action=None) -> None:
        me = self.by[self.pending[1]]
        self.add_ip(me, 5)
        if not self.over:
            enemy = self.blue if me is self.red else self.red
            enemy.tower -= min(5, enemy.tower)
        self.finish_pending()

    def finish_pending(self) -> None:
        p = self.pending
        self.pending = None
        if not self.over:
            self.bonus(self.by[p[1]], p[2])
        self.after_reveal()


def _first_below_2(seed: int) -> int:
    """`Rng.from_seed(seed).below(2)`, written out (a day-1 sample spins the start card once per
    iteration): the top bit of SplitMix64's first output."""
    s = (seed + 0x9E3779B97F4A7C15) & _MASK
    z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return (z ^ (z >> 31)) >> 63


_MASK = (1 << 64) - 1
_APPLY = {
    Deploy: LeanGame.deploy, ConfirmDeploy: LeanGame.confirm, IntelChip: LeanGame.chip,
    Deceive: LeanGame.offer, NoDeception: LeanGame.offer, Guess: LeanGame.guess,
    CaptainPoints: LeanGame.captain_points, CaptainBorrow: LeanGame.captain_borrow,
    MarshalTen: LeanGame.marshal_ten, MarshalSplit: LeanGame.marshal_split,
}
