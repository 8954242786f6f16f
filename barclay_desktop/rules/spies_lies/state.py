"""The mutable state of one game of Stratego Spies & Lies (attrs, JSON through cattrs).

Troops are identified by rank within a side (a side owns exactly one troop of
each rank 1-10). Missions are indexed 0-3 internally and shown as 1-4.
"""

from __future__ import annotations

import attrs

from barclay_desktop.rules.core import Event, GameResult, Rng

SIDES = ("red", "blue")
PHASES = ("eliminate", "deploy", "intel", "mission", "over")


def other(side: str) -> str:
    return "blue" if side == "red" else "red"


# starter -> per mission step 0-7: (mission 0-3, guessing side, defending side) (S3)
MISSION_STEPS = {starter: tuple((step // 2, *((starter, other(starter)) if step % 2 == 0 else
                                              (other(starter), starter))) for step in range(8)) for starter in SIDES}

# (first side, team play) -> the order of the sequenced simultaneous steps (the deployments,
# the intelligence chips): the day's starter first, red before the start card is spun
SEAT_ORDER = {(first, teams): tuple(side + k for side in (first, other(first)) for k in ("12" if teams else ("",)))
              for first in SIDES for teams in (False, True)}


def seat_at(side: str, mission: int, teams: bool) -> str:
    """S7: with teams the Missions 1-2 or the Missions 3-4 player of `side` (`mission` is 0-3)."""
    return side + ("1" if mission < 2 else "2") if teams else side


# team play -> starter -> per mission step 0-7: (defending side, guessing seat, defending seat)
STEP_TURNS = {teams: {starter: tuple((d, seat_at(g, m, teams), seat_at(d, m, teams)) for m, g, d in steps)
                      for starter, steps in MISSION_STEPS.items()} for teams in (False, True)}


def direction(side: str) -> int:
    """The double spy's position is positive in blue's territory: red pushes +, blue pushes -."""
    return 1 if side == "red" else -1


@attrs.define(slots=True)
class SideState:
    hand: list[int] = attrs.field(factory=list)
    eliminated: list[int] = attrs.field(factory=list)  # out of play for the current day
    slots: list[int] = attrs.field(factory=lambda: [0, 0, 0, 0])  # rank under each mission, 0 = empty
    face_up: list[bool] = attrs.field(factory=lambda: [False] * 4)
    known: list[bool] = attrs.field(factory=lambda: [False] * 4)  # identity made public while face-down (S5)
    retreated: list[bool] = attrs.field(factory=lambda: [False] * 4)
    activated: list[bool] = attrs.field(factory=lambda: [False] * 4)
    borrowed: list[int] = attrs.field(factory=lambda: [0, 0, 0, 0])  # rank a Captain used there
    chips: list[int] = attrs.field(factory=lambda: [-1, -1, -1, -1])  # intel chip: -1 undecided, 0 none, 1 placed
    deceived: list[bool] = attrs.field(factory=lambda: [False] * 4)  # deception chip on that troop (S4)
    tower: int = 0
    deception_chips: int = 1
    scout_active: bool = False
    bomb_pending: bool = False
    double_damage: bool = False
    wrong_order: bool = False
    steps_today: int = 0
    pool: list[int] = attrs.field(factory=list)  # shuffled face-down troops the opponent picks from (S11)
    picked: list[int] = attrs.field(factory=list)  # picks that become eliminated for the next day

    @classmethod
    def fresh(cls, deception_chips: int) -> "SideState":
        """SideState(deception_chips=...) with its lists made here, positionally: attrs'
        __init__ calls a factory (a lambda) for each list field left out, two dozen calls a
        new game."""
        return cls([], [], [0, 0, 0, 0], [False] * 4, [False] * 4, [False] * 4, [False] * 4, [0, 0, 0, 0],
                   [-1, -1, -1, -1], [False] * 4, 0, deception_chips, False, False, False, False, 0, [], [])

    def clone(self) -> "SideState":
        return SideState(
            list(self.hand), list(self.eliminated), list(self.slots), list(self.face_up), list(self.known),
            list(self.retreated), list(self.activated), list(self.borrowed), list(self.chips),
            list(self.deceived), self.tower, self.deception_chips, self.scout_active, self.bomb_pending,
            self.double_damage, self.wrong_order, self.steps_today, list(self.pool), list(self.picked),
        )

    def clear_day(self) -> None:
        self.slots = [0, 0, 0, 0]
        self.face_up = [False] * 4
        self.known = [False] * 4
        self.retreated = [False] * 4
        self.activated = [False] * 4
        self.borrowed = [0, 0, 0, 0]
        self.chips = [-1, -1, -1, -1]
        self.deceived = [False] * 4
        self.scout_active = self.bomb_pending = self.double_damage = self.wrong_order = False
        self.steps_today = 0


@attrs.define(slots=True)
class Pending:
    """An ability waiting for its owner's choice (Captain or Marshal), then the deception bonus."""

    kind: str  # "captain" or "marshal"
    side: str
    mission: int
    deceived: bool


@attrs.define(slots=True)
class Pick:
    """One elimination draw still to make: `picker` draws `count` of `owner`'s shuffled cards."""

    picker: str
    owner: str
    count: int


@attrs.define(slots=True)
class SpiesLiesState:
    rng: Rng
    log: list[Event]
    result: GameResult | None = None
    teams: bool = False
    open_table: bool = False
    day: int = 1
    phase: str = "eliminate"
    starter: str = ""  # side that starts the current day's mission phase ("" until the start card is spun)
    first_starter: str = ""
    step: int = 0  # mission phase: 0..7, mission = step // 2, guesser = starter on even steps
    stage: str = "offer"  # mission step stage: "offer" (deception), "guess", "choice"
    pending: Pending | None = None
    deck: list[str] = attrs.field(factory=list)  # face-down intelligence cards, top first
    old_pile: list[str] = attrs.field(factory=list)
    current_intel: str = ""
    deception_reserve: int = 2
    deception_used: int = 0
    done: list[str] = attrs.field(factory=list)  # seats that finished the current deploy/intel step
    picks: list[Pick] = attrs.field(factory=list)
    spy: int = 0
    red: SideState = attrs.field(factory=SideState)
    blue: SideState = attrs.field(factory=SideState)
    last_reveal: dict | None = None
    history: list[list[list[int]]] = attrs.field(factory=list)  # finished days: [red line-up, blue line-up]

    def side(self, name: str) -> SideState:
        return self.red if name == "red" else self.blue

    def clone(self) -> "SpiesLiesState":
        p = self.pending
        return SpiesLiesState(
            self.rng.clone(), list(self.log), self.result, self.teams, self.open_table, self.day, self.phase,
            self.starter, self.first_starter, self.step, self.stage,
            None if p is None else Pending(p.kind, p.side, p.mission, p.deceived),
            list(self.deck), list(self.old_pile), self.current_intel, self.deception_reserve,
            self.deception_used, list(self.done), [Pick(k.picker, k.owner, k.count) for k in self.picks],
            self.spy, self.red.clone(), self.blue.clone(),
            None if self.last_reveal is None else dict(self.last_reveal),
            list(self.history),  # finished days never change: sharing the inner lists is safe
        )
