"""The Stawka game state: plain data, cheap to clone.

Board, agents' documents, items and planning cards are read from the content
loaders (board.py, content.py, scenario.py) by id; the state holds only what
changes during play.
"""

from __future__ import annotations

import attrs

from ..core import Event, GameResult, Rng

POLISH, GERMAN = "polish", "german"
SIDES = (POLISH, GERMAN)
SIDE_NAMES = {POLISH: "Polish", GERMAN: "German"}
COLOURS = ("yellow", "purple", "blue", "black")
TRACK_MAX = 10  # K5: each investigation track runs 0-10
MARKERS_MAX = 2  # rulebook, Search 4: at most two "I was here" markers per location

# Phases of a stage (rulebook, Stage A-H); "carry_over" is the winner's choice after a campaign scenario;
# "placement" is the players' set-up of the agents a scenario does not place (First Clash, P29).
PLANNING, ACTIVATION, CARRY_OVER, PLACEMENT = "planning", "activation", "carry_over", "placement"


def other(side: str) -> str:
    return GERMAN if side == POLISH else POLISH


@attrs.define(slots=True)
class AgentState:
    id: str
    side: str  # the network the agent plays for in this scenario (K3: may differ from home)
    document: str  # the document id in use (Kloss has three)
    space: str
    ap_used: int = 0  # AP taken from the pool by this agent this stage (limit on the document)
    items: list[str] = attrs.field(factory=list)  # item tiles held, in the order found
    rank_reroll_used: bool = False  # reroll_rank_test trait: once per stage
    shield_used: bool = False  # evidence_shield trait: once per stage
    arrested: bool = False  # in the jail (EXTENDED, P15): not activated, no target, no items

    def clone(self) -> "AgentState":
        return AgentState(
            self.id, self.side, self.document, self.space, self.ap_used, self.items[:],
            self.rank_reroll_used, self.shield_used, self.arrested,
        )


@attrs.define(slots=True)
class Activation:
    """The agent being activated now (rulebook, Activating an Agent 1-2)."""

    agent: str
    order: list[str] = attrs.field(factory=list)  # "move" / "action" in the order they began
    moved_ap: int = 0  # AP spent on movement in this activation
    ap_spent: int = 0
    move_stopped: bool = False  # a trait (Marta Becher) ended the movement
    moved_spaces: int = 0  # spaces moved; differs from moved_ap only with a free first step
    step_cost: int = 1  # AP a space costs from now on (a dangerous terrain token makes it 2)
    windows: list[str] = attrs.field(factory=list)  # spaces whose token owner was asked this activation (P4)
    held_back: bool = False  # a document check turned him back (P5): the activation may end
    peeks: list[str] = attrs.field(factory=list)  # reusable peek_threat items used in this activation
    # ADVANCED (A12, A15): the reaction windows already offered in this activation ("move": the movement's
    # red window, once per movement); public. Defaulted so that saves made before it load.
    reacted: list[str] = attrs.field(factory=list)

    def clone(self) -> "Activation":
        return Activation(self.agent, self.order[:], self.moved_ap, self.ap_spent, self.move_stopped,
                          self.moved_spaces, self.step_cost, self.windows[:], self.held_back, self.peeks[:],
                          self.reacted[:])

    @property
    def acted(self) -> bool:
        return "action" in self.order

    @property
    def moved(self) -> bool:
        return "move" in self.order


@attrs.frozen(slots=True)
class Pending:
    """A decision the rules wait for inside an action (a found tile, a re-roll).

    kind: "found" (keep the tile or use it as evidence), "peek" (take one of the
    tiles seen), "rank_reroll", "conversation_reroll"."""

    kind: str
    seat: str
    agent: str
    items: tuple[str, ...] = ()  # tiles seen (peek / found) or items chosen for a conversation
    target: str = ""
    dice: tuple[int, ...] = ()
    location: str = ""
    rank: int = 0  # the initiator's rank for a rank test re-roll (single-use rank items are spent)
    # the test or step under way, as plain JSON (alertness.py: what to roll when the support windows close);
    # never changed in place: a decision replaces the Pending
    data: dict = attrs.field(factory=dict)


@attrs.frozen(slots=True)
class ThreatOnBoard:
    """A threat token on a space (K8): its owner knows it; the opponent sees its back until it is revealed."""

    id: str  # "german.7" (content.threat_tokens)
    side: str
    revealed: bool = False
    fixed: bool = False  # Top Secret's factory check (F18): never removed, discarded, stolen or moved


@attrs.define(slots=True)
class HeldMission:
    """The mission card an agent holds and the public facts since he took it (missions.py; P16, P18).

    The card id is hidden from the opponent until the card is revealed or completed (K12); every fact
    below comes from public events, so the twin may change the card and keep the facts."""

    card: str  # "jacek.1"
    taken_stage: int
    revealed: bool = False  # shown to both before completion (an assassination uses it, P24)
    searched: list[str] = attrs.field(factory=list)  # locations searched (search_count)
    visited: list[str] = attrs.field(factory=list)  # location spaces entered (visit_telephone, visit_location)
    talked: list[str] = attrs.field(factory=list)  # enemy colours talked with (talk_colour)
    most_items: int = 0  # most items held right after a gain (hold_items)
    weapon_gained: bool = False  # hold_weapon
    evidence_peaks: dict[str, int] = attrs.field(factory=dict)  # colour -> highest track after a gain
    removed_threats: int = 0  # discard_threats
    faces: list[str] = attrs.field(factory=list)  # sector faces stood in during the current movement
    most_sectors: int = 0  # most faces stood in during one activation (cross_sectors)
    done: list[str] = attrs.field(factory=list)  # "arrest", "kidnap", "assassinate:<colour>" events

    def clone(self) -> "HeldMission":
        return HeldMission(self.card, self.taken_stage, self.revealed, self.searched[:], self.visited[:],
                           self.talked[:], self.most_items, self.weapon_gained, dict(self.evidence_peaks),
                           self.removed_threats, self.faces[:], self.most_sectors, self.done[:])


@attrs.define(slots=True)
class StawkaState:
    rng: Rng
    log: list[Event]  # typed so that a saved log is restored as events
    result: GameResult | None = None
    options: dict = attrs.field(factory=dict)
    scenario: str = "meeting"
    level: str = "basic"
    stages: int = 8
    stage: int = 1
    phase: str = PLANNING
    agents: dict[str, AgentState] = attrs.field(factory=dict)
    # planning cards (K7)
    chosen: dict[str, str | None] = attrs.field(factory=dict)  # secret until both have chosen
    revealed: dict[str, str | None] = attrs.field(factory=dict)  # this stage's cards once shown
    used: dict[str, list[str]] = attrs.field(factory=dict)  # cards out of reach until the cycle ends
    first: str | None = None  # who activates first this stage (priority)
    pools: dict[str, int] = attrs.field(factory=dict)
    gave_up: dict[str, bool] = attrs.field(factory=dict)
    turn: str | None = None  # whose activation it is
    activation: Activation | None = None
    pending: list[Pending] = attrs.field(factory=list)
    # items (K9) and the search
    stacks: dict[str, list[str]] = attrs.field(factory=dict)  # location -> tiles, top = last
    markers: dict[str, list[str]] = attrs.field(factory=dict)  # location -> "I was here" colours
    discarded: list[str] = attrs.field(factory=list)  # used up or turned into evidence
    seen: dict[str, list[str]] = attrs.field(factory=dict)  # item tiles each seat has been shown
    # investigation (K5) and victory
    evidence: dict[str, dict[str, int]] = attrs.field(factory=dict)  # seat -> colour -> evidence it holds
    secrets: dict[str, int] = attrs.field(factory=dict)
    winner: str | None = None  # decided before the carry-over choice
    carry_over: dict = attrs.field(factory=dict)  # scenario 1 -> 2 (evidence kept)
    last_dice: dict = attrs.field(factory=dict)  # the last roll, public (K6)
    # K13: pairs of enemy agents that have had their conversation this stage, each as a sorted
    # [agent, agent] list; public. Defaulted so that saves from before K13 load.
    talked: list[list[str]] = attrs.field(factory=list)
    # EXTENDED (issue 34); every field defaulted so that saves made before it load
    vp: dict[str, int] = attrs.field(factory=dict)  # seat -> victory points (public)
    ending: str | None = None  # how the winner won ("secrets", "vp"), for the reason after the carry-over choice
    to_place: dict[str, str] = attrs.field(factory=dict)  # agent -> side, still to be placed by the players
    placer: str | None = None  # the seat placing the next agent
    # threat tokens (K8, threats.py): every token of a side is in exactly one of pool, hand, board, removed
    threat_pool: dict[str, list[str]] = attrs.field(factory=dict)  # side -> not drawn yet (order meaningless)
    threat_hand: dict[str, list[str]] = attrs.field(factory=dict)  # side -> drawn this stage, to set out (owner)
    threats: dict[str, ThreatOnBoard] = attrs.field(factory=dict)  # space -> the one token on it
    threats_removed: list[str] = attrs.field(factory=list)  # out of the game, face up (P7)
    threat_seen: dict[str, list[str]] = attrs.field(factory=dict)  # seat -> enemy tokens shown to it by a peek
    setout_order: list[str] = attrs.field(factory=list)  # seats still to set out one token, in order
    dead: list[str] = attrs.field(factory=list)  # liquidated agents, removed from `agents` (public)
    # missions (K10, missions.py): at most one card per agent; completed or lost cards face up, public
    missions: dict[str, HeldMission] = attrs.field(factory=dict)  # agent id -> the card he holds
    missions_done: list[str] = attrs.field(factory=list)
    turned_back: list[list[str]] = attrs.field(factory=list)  # [agent, space] who stayed back this stage (P5)
    # K16 after First Clash: the winner's choices, in turn: a track kept whole, then one acquired item
    carry_step: str = ""  # "track" or "item" while the winner chooses ("" in saves from before: "track")
    kept_track: str | None = None  # the track chosen in the "track" step, until the item is chosen
    # ADVANCED (issue 35; location_cards.py): every field defaulted so that saves made before it load.
    # Each location card of a side is in exactly one of its deck, its hand or the discard (K10).
    location_deck: dict[str, list[str]] = attrs.field(factory=dict)  # side -> not drawn (no order: drawn at random, A4)
    location_hand: dict[str, list[str]] = attrs.field(factory=dict)  # side -> held (its owner's only, K12)
    location_discard: list[str] = attrs.field(factory=list)  # used or converted, face up (public, A6)
    location_converted: list[str] = attrs.field(factory=list)  # seats that turned a card into AP this stage
    # reaction cards (reaction_cards.py): each of the 30 in exactly one of the deck, a hand or the discard (K10)
    reaction_deck: list[str] = attrs.field(factory=list)  # shared, not drawn (no order: drawn at random, A4)
    reaction_hand: dict[str, list[str]] = attrs.field(factory=dict)  # side -> held (its owner's only, K12)
    reaction_discard: list[str] = attrs.field(factory=list)  # used or discarded, face up (public, A6)
    # location-card effects lasting the stage (location_hooks.py): side -> +N to its arrest and kidnapping rolls (A24)
    arrest_bonus: dict[str, int] = attrs.field(factory=dict)
    # ADVANCED items (advanced_items.py, A22): side -> Top Secret cards held (public counts)
    top_secret: dict[str, int] = attrs.field(factory=dict)
    # film scenarios (issue 36, film.py): empty outside their scenario, defaulted so that older saves load
    location_bottom: dict[str, list[str]] = attrs.field(factory=dict)  # side -> cards held apart (A4, F12; public)
    overflow: dict[str, int] = attrs.field(factory=dict)  # side -> evidence beyond 10 counted so far (F1; public)
    radio: dict = attrs.field(factory=dict)  # "I Know Who You Are" (radio.py, F5-F11)
    pulkowski: dict = attrs.field(factory=dict)  # Top Secret: broken, broken_stage, infiltrated, aboard (F17-F21)
    vehicle: dict = attrs.field(factory=dict)  # Top Secret: the Black Audi's id, space, ap_used (F19)
    attack_bonus: dict[str, int] = attrs.field(factory=dict)  # Polish agent -> bonus against the car (F25; public)

    def clone(self) -> "StawkaState":
        return StawkaState(
            self.rng.clone(),
            self.log[:],
            self.result,
            self.options,  # never mutated after setup
            self.scenario,
            self.level,
            self.stages,
            self.stage,
            self.phase,
            {k: a.clone() for k, a in self.agents.items()},
            dict(self.chosen),
            dict(self.revealed),
            {k: v[:] for k, v in self.used.items()},
            self.first,
            dict(self.pools),
            dict(self.gave_up),
            self.turn,
            self.activation.clone() if self.activation is not None else None,
            self.pending[:],
            {k: v[:] for k, v in self.stacks.items()},
            {k: v[:] for k, v in self.markers.items()},
            self.discarded[:],
            {k: v[:] for k, v in self.seen.items()},
            {k: dict(v) for k, v in self.evidence.items()},
            dict(self.secrets),
            self.winner,
            {k: (dict(v) if isinstance(v, dict) else v) for k, v in self.carry_over.items()},
            dict(self.last_dice),  # replaced whole, never mutated in place
            [p[:] for p in self.talked],
            dict(self.vp),
            self.ending,
            dict(self.to_place),
            self.placer,
            {k: v[:] for k, v in self.threat_pool.items()},
            {k: v[:] for k, v in self.threat_hand.items()},
            dict(self.threats),  # ThreatOnBoard is frozen: replaced, never changed
            self.threats_removed[:],
            {k: v[:] for k, v in self.threat_seen.items()},
            self.setout_order[:],
            self.dead[:],
            {k: m.clone() for k, m in self.missions.items()},
            self.missions_done[:],
            [p[:] for p in self.turned_back],
            self.carry_step,
            self.kept_track,
            {k: v[:] for k, v in self.location_deck.items()},
            {k: v[:] for k, v in self.location_hand.items()},
            self.location_discard[:],
            self.location_converted[:],
            self.reaction_deck[:],
            {k: v[:] for k, v in self.reaction_hand.items()},
            self.reaction_discard[:],
            dict(self.arrest_bonus),
            dict(self.top_secret),
            {k: v[:] for k, v in self.location_bottom.items()},
            dict(self.overflow),
            _deep(self.radio),
            _deep(self.pulkowski),
            _deep(self.vehicle),
            dict(self.attack_bonus),
        )


def _deep(block: dict) -> dict:
    """A copy of a film block (plain JSON values), so that a clone never shares its lists with the original."""
    return {k: (_deep(v) if isinstance(v, dict) else v[:] if isinstance(v, list) else v) for k, v in block.items()}
