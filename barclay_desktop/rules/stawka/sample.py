"""A whole Stawka game drawn from one seat's view: the determinization of an information-set search (K12).

A computer player gets `game.view(seat)` and nothing else. `prepare(view, seat)` reads that view once (the table
and its "knowledge" block, knowledge.py) and `.draw(rng)` deals, many times over, a complete quiet game that fits
it; `sample_game(view, seat, rng)` does both. What the seat sees stays as it is; what it cannot see is drawn at
random among what the view allows (the same things twin.py scrambles from a real state):
- the item tiles it was never shown (K9, K12): each location's unseen tiles are dealt to that location's stack
  places (any depth), the opponent's face-down tiles with that back (never a reusable '*' tile, which would be
  face up, nor at ADVANCED the casket, which is never kept, A22) and the tiles the opponent is deciding about;
  a tile the seat was shown stays where it lies;
- the opponent's planning card, chosen and not yet revealed (K7): one of the cards it could have chosen;
- the opponent's threat tokens whose face the seat does not know (K8): among its face-down tokens on the board
  (never one the seat peeked at, which it would recognise), its hand and its pool, with their counts;
- the opponent's unrevealed mission cards (P16): as missions.scramble, a card of the agent left whose special goal
  the public facts have not reached;
- the location cards (A4): the opponent's hand from its deck and hand; the reaction cards: the deck and the
  opponent's hand;
- the hidden radio station (F9): a location the German player was not told against (radio_view.scramble);
- the item the other side kept from the last campaign scenario (K16), when the seat was not shown it: one of the
  drawn tiles of a stack (not yet handed out) or of the opponent's hands.

Approximated: the opponent's own memory. Its `seen` is the tiles shown to both (in the discard, or face up) and
those it holds or is deciding about in the sample; its `threat_seen` is the seat's tokens on the board the view
says it peeked at. Tiles and tokens it saw elsewhere are forgotten in the sample.

A sample is quiet: no undo, no event log, its own core Rng seeded from `rng`; its view is the seat's view
but the log (tests/test_stawka_sample.py).
"""

from __future__ import annotations

import random

from ..core import GameResult, Rng
from . import free_scenario, location_cards, missions, radio_view, reaction_cards
from .advanced_items import CASKET
from .flow import available_cards
from .game import StawkaGame
from .rules import board, item, tile_ids_at
from .state import (PLANNING, SIDES, Activation, AgentState, HeldMission, Pending, StawkaState, ThreatOnBoard,
                    other)
from .threats import all_tokens

FOUND_KINDS = ("found", "peek")  # decisions over tiles taken off a stack (Search 2-3): out of every other place


def sample_game(view: dict, seat: str, rng: random.Random) -> StawkaGame:
    """One complete game consistent with `view` (seat's view); see the module's docstring."""
    return prepare(view, seat).draw(rng)


def prepare(view: dict, seat: str) -> "Sampler":
    """The view read once, for many draws."""
    return Sampler(view, seat)


class Sampler:
    """One view read into a state with holes (`template`) and, for each hole, what may fill it."""

    def __init__(self, view: dict, seat: str):
        know = view.get("knowledge")
        if seat not in SIDES or know is None or view.get("seat") != seat:
            raise ValueError(f"not a view of the seat {seat!r}")
        self.seat, self.opp = seat, other(seat)
        options = know["options"]
        if "free" in options and free_scenario.registered(view["scenario"]["id"]) is None:
            free_scenario.register(options["free"])  # F35: a fresh process (a search worker) learns it here
        self.template = _table(view, know)
        self.advanced = self.template.level == "advanced"
        self._tiles(view, know)
        self._plans(view)
        self._threats(view, know)
        self._cards(view, know)
        self.radio_hidden = bool(view.get("radio") and view["radio"]["hidden"] and know["radio"]["location"] is None)
        self.hidden_missions = [aid for aid, m in know["missions"].items() if m["card"] is None]
        for aid in self.hidden_missions:  # a card of his the draw replaces (missions.scramble)
            self.template.missions[aid].card = missions.cards_left(self.template, aid)[0]

    # ----- reading the view (once)

    def _tiles(self, view: dict, know: dict) -> None:
        """Where each unseen tile may go: per location, the places to fill (held, stack, pending) and the tiles."""
        s = self.template
        placed = set(s.discarded)
        slots: dict[str, list] = {loc: [] for loc in s.stacks}
        for loc, stack in s.stacks.items():
            placed.update(t for t in stack if t)
            slots[loc] += [("stack", loc, i) for i, t in enumerate(stack) if t is None]
        backs = {a["id"]: [e.get("back") for e in a["items"]] for a in view["agents"]}
        for aid, a in s.agents.items():
            placed.update(t for t in a.items if t)
            for i, t in enumerate(a.items):
                if t is None:
                    slots[backs[aid][i]].append(("held", aid, i))
        # a decision's tile off its stack is a place of its own; a held one or the kept item is filled in after
        # the deal (_deal_pending)
        for pi, p in enumerate(know["pending"]):
            if p["kind"] not in FOUND_KINDS:
                continue
            for j, t in enumerate(p["items"]):
                if t is None:
                    slots[p["location"]].append(("pending", pi, j))
                else:
                    placed.add(t)
        self.pending = know["pending"]
        # held places first: they take only tiles that can lie face down in a hand
        self.tile_slots = {loc: sorted(sl, key=lambda x: x[0] != "held") for loc, sl in slots.items() if sl}
        self.unseen = {loc: [t for t in tile_ids_at(loc) if t not in placed] for loc in self.tile_slots}
        for loc, sl in self.tile_slots.items():
            if len(sl) != len(self.unseen[loc]):
                raise ValueError(f"the view's tiles at {loc} do not add up")
        face_up = {t for a in s.agents.values() for t in a.items if t and item(t).reusable}
        self.public_seen = [t for t in s.seen[self.seat] if t in face_up or t in s.discarded]

    def _plans(self, view: dict) -> None:
        """K7: the opponent chose a card this planning step and has not shown it."""
        plan = view["planning"]
        s = self.template
        self.plan_choices = None
        if s.phase == PLANNING and plan["has_chosen"][self.opp] and not plan["revealed"][self.opp]:
            self.plan_choices = [c.id for c in available_cards(s, self.opp)]

    def _threats(self, view: dict, know: dict) -> None:
        tv = view["threats"]
        s = self.template
        self.threat_deal = None
        if tv is None:
            return
        me, opp = self.seat, self.opp
        fixed = set(know["fixed_threats"])
        s.threats_removed = [t["id"] for t in tv["removed"]]
        s.setout_order = list(tv["setout_order"])
        s.threat_hand = {me: [t["id"] for t in tv["hand"]], opp: []}
        hidden_spaces = []
        for e in tv["board"]:
            if "id" in e:
                s.threats[e["space"]] = ThreatOnBoard(e["id"], e["side"], e["revealed"], e["space"] in fixed)
            else:
                hidden_spaces.append((e["space"], e["revealed"], e["space"] in fixed))
        on_board = {t.id for t in s.threats.values()}
        self.threat_order = know["order"]["threats"]
        gone = on_board | set(s.threats_removed)
        s.threat_pool = {me: [t for t in all_tokens(me) if t not in gone and t not in s.threat_hand[me]], opp: []}
        s.threat_seen = {me: list(know["threat_seen"]),
                         opp: [e["id"] for e in tv["board"] if e["side"] == me and opp in e["peeked_by"]]}
        rest = [t for t in all_tokens(opp) if t not in gone]
        peeked = set(s.threat_seen[me])
        self.threat_deal = (hidden_spaces, [t for t in rest if t not in peeked], [t for t in rest if t in peeked],
                            tv["hand_count"][opp])

    def _cards(self, view: dict, know: dict) -> None:
        """ADVANCED: the opponent's location hand and deck, the reaction deck and the other hand (A4, K12)."""
        s = self.template
        me, opp = self.seat, self.opp
        self.location_deal = self.reaction_deal = None
        lc = view["location_cards"]
        if lc is not None:
            b = board(s)
            s.location_discard = [c["id"] for c in lc["discard"]]
            s.location_hand = {me: [c["id"] for c in lc["hand"]], opp: []}
            out = set(s.location_discard) | {c for x in SIDES for c in s.location_bottom.get(x, ())}
            s.location_deck = {me: [c for c in location_cards.deck_for(b, me)
                                    if c not in out and c not in s.location_hand[me]], opp: []}
            self.location_deal = ([c for c in location_cards.deck_for(b, opp) if c not in out],
                                  lc["hand_count"][opp])
        rv = view["reactions"]
        if rv is not None:
            s.reaction_discard = [c["id"] for c in rv["discard"]]
            s.reaction_hand = {me: [c["id"] for c in rv["hand"]], opp: []}
            out = set(s.reaction_discard) | set(s.reaction_hand[me])
            self.reaction_deal = ([c for c in reaction_cards.all_cards() if c not in out], rv["hand_count"][opp])

    # ----- one sample

    def draw(self, rng: random.Random) -> StawkaGame:
        s = self.template.clone()
        s.rng = Rng.from_seed(rng.getrandbits(64))
        dealt = self._deal_tiles(s, rng)
        self._deal_pending(s, dealt, rng)
        self._opponent_seen(s)
        if self.plan_choices:
            s.chosen[self.opp] = rng.choice(self.plan_choices)
        self._deal_threats(s, rng)
        self._deal_cards(s, rng)
        if self.hidden_missions:
            missions.scramble(s, self.seat, rng)
        if self.radio_hidden:
            s.radio["location"] = "?"  # any non-empty place: scramble draws the real candidate
            radio_view.scramble(s, self.seat, rng)
        game = StawkaGame(s, track_undo=False)
        game.quiet = True
        return game

    def _deal_tiles(self, s: StawkaState, rng) -> dict:
        """Each location's unseen tiles, shuffled; a held place takes the first that can lie face down in a hand.
        Returns {("pending", pi, j): tile} and the drawn stack and held tiles as {"stack": [...], "held": [...]}."""
        dealt = {"pending": {}, "stack": [], "held": []}
        for loc, places in self.tile_slots.items():
            tiles = self.unseen[loc][:]
            rng.shuffle(tiles)
            for kind, key, i in places:
                tile = tiles.pop(_face_down_index(tiles, self.advanced) if kind == "held" else -1)
                if kind == "stack":
                    s.stacks[key][i] = tile
                    dealt["stack"].append(tile)
                elif kind == "held":
                    s.agents[key].items[i] = tile
                    dealt["held"].append(tile)
                else:
                    dealt["pending"][(key, i)] = tile
        return dealt

    def _deal_pending(self, s: StawkaState, dealt: dict, rng) -> None:
        """The decisions, their hidden tiles filled in; the kept campaign item named where it can lie (K16)."""
        kept = None
        out = []
        for pi, p in enumerate(self.pending):
            items = []
            for j, t in enumerate(p["items"]):
                if isinstance(t, str):
                    items.append(t)
                elif (pi, j) in dealt["pending"]:
                    items.append(dealt["pending"][(pi, j)])
                elif t is not None:  # a conversation's chosen item: the deciding agent's tile at that place
                    items.append(s.agents[p["agent"]].items[t["held"]])
                else:  # the kept item, still in its stack (campaign.give_kept_item)
                    kept = kept or rng.choice(dealt["stack"])
                    items.append(kept)
            out.append(Pending(p["kind"], p["seat"], p["agent"], tuple(items), p["target"], tuple(p["dice"]),
                               p["location"], p["rank"], _plain(p["data"])))
        s.pending = out
        self._kept_items(s, kept, dealt, rng)

    def _kept_items(self, s: StawkaState, kept, dealt: dict, rng) -> None:
        campaign = s.options.get("campaign")
        carried = (campaign or {}).get("carry_in", {}).get("kept_item") or {}
        if carried.get(self.opp) == "hidden":
            if kept is None:
                pool = dealt["held"] if s.stage > 1 or not s.pending and s.phase != "placement" else dealt["stack"]
                kept = rng.choice(pool or dealt["stack"] or dealt["held"])
            s.options = {**s.options, "campaign": {**campaign, "carry_in": {
                **campaign["carry_in"], "kept_item": {**carried, self.opp: kept}}}}
        over = (s.carry_over or {}).get("kept_item") or {}
        if over.get(self.opp) == "hidden":
            s.carry_over = {**s.carry_over, "kept_item": {**over, self.opp: rng.choice(
                dealt["held"] or dealt["stack"])}}

    def _opponent_seen(self, s: StawkaState) -> None:
        """Approximated (see the docstring): the tiles shown to both, and those the opponent holds or decides on."""
        opp = self.opp
        mine = [t for a in s.agents.values() if a.side == opp for t in a.items]
        mine += [t for p in s.pending if p.seat == opp and p.kind in FOUND_KINDS for t in p.items]
        seen = self.public_seen[:]
        seen += [t for t in mine if t not in seen]
        s.seen = {self.seat: s.seen[self.seat], opp: seen}

    def _deal_threats(self, s: StawkaState, rng) -> None:
        if self.threat_deal is None:
            return
        hidden_spaces, unknown, peeked, hand_count = self.threat_deal
        opp = self.opp
        unknown = unknown[:]
        rng.shuffle(unknown)
        for space, revealed, fixed in hidden_spaces:  # a face-down token the seat never peeked at
            s.threats[space] = ThreatOnBoard(unknown.pop(), opp, revealed, fixed)
        s.threats = {sp: s.threats[sp] for sp in self.threat_order}  # the rules list choices in this order
        rest = unknown + peeked
        rng.shuffle(rest)
        s.threat_hand[opp], s.threat_pool[opp] = rest[:hand_count], rest[hand_count:]

    def _deal_cards(self, s: StawkaState, rng) -> None:
        opp = self.opp
        if self.location_deal is not None:
            cards, n = self.location_deal[0][:], self.location_deal[1]
            rng.shuffle(cards)
            s.location_hand[opp], s.location_deck[opp] = cards[:n], sorted(cards[n:])
        if self.reaction_deal is not None:
            cards, n = self.reaction_deal[0][:], self.reaction_deal[1]
            rng.shuffle(cards)
            s.reaction_hand[opp], s.reaction_deck = cards[:n], sorted(cards[n:])


def _face_down_index(tiles: list[str], advanced: bool) -> int:
    """The last tile that can be held face down: not reusable ('*', shown face up), not the casket at ADVANCED."""
    for i in range(len(tiles) - 1, -1, -1):
        t = item(tiles[i])
        if not t.reusable and not (advanced and t.effect == CASKET):
            return i
    raise ValueError("no tile can lie face down in this hand")


# ----- the fixed part of every sample: the table and the knowledge block as a state with holes (None)


def _table(view: dict, know: dict) -> StawkaState:
    seat = view["seat"]
    sc, plan, pub = view["scenario"], view["planning"], know["public"]
    placement = view["placement"] or {}
    s = StawkaState(
        rng=Rng(), log=[], result=_result(view["result"]), options=_plain(know["options"]),
        scenario=sc["id"], level=sc["level"], stages=sc["stages"], stage=view["stage"], phase=view["phase"],
        agents=_agents(view, know),
        chosen=_chosen(plan, seat), revealed=_plain(pub["revealed"]),
        used={x: [c["id"] for c in plan["used"][x]] for x in SIDES},
        first=view["first"], pools=dict(view["pools"]), gave_up=dict(view["gave_up"]), turn=view["turn"],
        activation=Activation(**_plain(know["activation"])) if know["activation"] else None,
        stacks={loc: list(st) for loc, st in know["stacks"].items()},
        markers={loc["id"]: list(loc["markers"]) for loc in view["locations"]
                 if loc["id"] in know["stacks"] or loc["markers"]},
        discarded=[d["id"] for d in view["discarded"]],
        seen={seat: list(know["seen"]), other(seat): []},
        evidence={x: {c: v["value"] for c, v in view["evidence"][x].items()} for x in SIDES},
        secrets=dict(view["secrets"]), winner=view["winner"], carry_over=_plain(view["carry_over"] or {}),
        last_dice=_plain(view["last_dice"]), talked=[list(p) for p in view["talked"]],
        to_place={a["id"]: a["side"] for a in placement.get("to_place", ())}, placer=placement.get("placer"),
        dead=list(view["dead"]),
        missions={aid: _mission(m) for aid, m in know["missions"].items()},
        missions_done=[m["card"] for m in view["missions_done"] or ()],
        radio=_plain(know["radio"]),
    )
    for name, value in pub.items():
        if name != "revealed":
            setattr(s, name, _plain(value))
    return s


def _result(data):
    return None if data is None else GameResult(data["winner"], data["reason"], data.get("kind", "win"))


def _agents(view: dict, know: dict) -> dict:
    """The agents in the state's own order (the order they were placed: the rules list choices by it)."""
    by_id = {a["id"]: _agent(a, know) for a in view["agents"]}
    return {aid: by_id[aid] for aid in know["order"]["agents"]}


def _agent(a: dict, know: dict) -> AgentState:
    held = know["held"].get(a["id"])
    items = list(held) if held is not None else [e["id"] for e in a["items"]]
    rank_used, shield_used = know["traits"][a["id"]]
    return AgentState(a["id"], a["side"], a["document"]["id"], a["space"], a["ap_used"], items, rank_used,
                      shield_used, a["arrested"])


def _chosen(plan: dict, seat: str) -> dict:
    """K7: a revealed card is both sides'; the seat's own choice is in its hand view; the opponent's is drawn."""
    out = {}
    for x in SIDES:
        shown = plan["revealed"][x]
        if shown:
            out[x] = shown["id"]
        elif x == seat and plan["chosen"]:
            out[x] = plan["chosen"]["id"]
        else:
            out[x] = None  # the opponent's hidden choice is dealt by each draw
    return out


def _mission(m: dict) -> HeldMission:
    return HeldMission(m["card"] or "", m["taken_stage"], m["revealed"], list(m["searched"]), list(m["visited"]),
                       list(m["talked"]), m["most_items"], m["weapon_gained"], dict(m["evidence_peaks"]),
                       m["removed_threats"], list(m["faces"]), m["most_sectors"], list(m["done"]))


def _plain(value):
    """A copy of view data the sample may change (the view itself is never changed)."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value
