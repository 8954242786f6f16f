"""Easy Stawka player: one-step rules on the seat's view (BASIC rules, scenario 1 "Meeting").

It reads only `view(seat)`, the legal actions and public static content (the
board graph, the agents' documents and traits, the item list per location that
the hint card sums up). Nothing here looks at a game state, so two games that
show the same view get the same answer.

How it plays:
- Planning: the card with the most AP its agents can actually spend (the sum of
  their AP limits caps a pool), lower priority on ties; the weakest card is the
  one left unused in a cycle.
- Activation: every legal action is scored by what it gains now (a
  conversation's expected value from the dice odds, a search's expected tile, an
  item's effect) plus the value of where the agent ends: attraction towards the
  enemy it talks to best and towards promising locations, minus the threat of
  enemies that can reach that space and talk this stage (or the next). So it
  walks to the enemy its odds are good against, talks, and steps away from an
  enemy who would answer better; an agent with evidence against him keeps his
  distance.
- Decisions: re-rolls when they pay, keeps a tile or turns it into evidence,
  whichever is worth more; the winner keeps its largest track whole.
- EXTENDED (First Clash): placing agents, threat tokens and attacks are in
  extended.py; the mission cards (meeting the chief, the card to take, what
  advances a held card, claiming) in mission_play.py, which adds its values to
  the scores here and never runs at the BASIC level.
- ADVANCED (The Best Chestnuts): location cards, reaction windows and blocks, the reciprocity reply, the
  tokens a card moves and the campaign's kept item are in advanced.py (it also adds the pull of a held
  location card's location to `attraction`, at that level only).
"""

from __future__ import annotations

import functools
from collections import deque

from barclay_desktop.rules.stawka import actions as A
from barclay_desktop.rules.stawka import content
from barclay_desktop.rules.stawka.scenario import board_for_scenario

from ..base import Player
from . import film
from .style import EASY, Style

SIDES = ("polish", "german")
TRACK_MAX = 10
SECRET_MIN = 3
WIN_VALUE = 60.0
SECRET_VALUE = EASY.secret_value
OPEN_ENDED_HORIZON = 8  # an open-ended film plans as if a whole game of stages were left

# P(2d6 = t)
P2D6 = {t: (6 - abs(t - 7)) / 36 for t in range(2, 13)}


def other(seat: str) -> str:
    return "german" if seat == "polish" else "polish"


def track_modifier(value: int) -> int:
    if value >= 8:
        return 3
    if value >= 6:
        return 2
    if value >= 3:
        return 1
    return 0


def track_worth(value: int) -> float:
    """How much a track is worth to its owner: evidence plus the bonus steps (3: secrets possible)."""
    v = min(TRACK_MAX, max(0, value))
    return v + 1.5 * (v >= 3) + 0.7 * (v >= 6) + 0.7 * (v >= 8)


def evidence_gain(track: int, amount: int) -> float:
    return track_worth(track + amount) - track_worth(track)


@functools.lru_cache(maxsize=None)
def _trait_key(agent_id: str, doc_id: str, level: str) -> str | None:
    t = content.agent(agent_id).document(doc_id).trait
    return t.key if content.level_allows(level, t.level) else None


@functools.lru_cache(maxsize=None)
def _trait_params(agent_id: str, doc_id: str) -> dict:
    return dict(content.agent(agent_id).document(doc_id).trait.params)


@functools.lru_cache(maxsize=None)
def _items_by_id() -> dict:
    return {t.id: t for t in content.items()}


@functools.lru_cache(maxsize=None)
def _items_at(location_id: str) -> tuple[str, ...]:
    return tuple(t.id for t in content.items_at(location_id))


@functools.lru_cache(maxsize=4096)
def _distances(scenario_id: str, source: str, side: str, stops: frozenset) -> dict:
    """Steps from `source` for one network; a space in `stops` (an enemy watcher) is entered, not passed."""
    b = board_for_scenario(scenario_id)
    dist = {source: 0}
    queue = deque([source])
    while queue:
        here = queue.popleft()
        if here in stops and here != source:
            continue
        for n in b.neighbours(here, side):
            if n not in dist:
                dist[n] = dist[here] + 1
                queue.append(n)
    return dist


def keep_value(item_id: str, level: str, side_needs_rank: bool) -> float:
    """What holding a tile is worth (0 for effects that do not work at this rules level)."""
    t = _items_by_id()[item_id]
    if not content.level_allows(level, t.level):
        return 0.0
    p = t.params
    e = t.effect
    if e == "conversation_bonus":
        return (0.5 * int(p.get("bonus", 1)) + 0.1) * (2.5 if t.reusable else 1.0)
    if e == "rank_bonus":
        return (1.0 if side_needs_rank else 0.15) * (2.0 if t.reusable else 1.0)
    if e == "conversation_defence":  # ADVANCED: -1 to an enemy's reply roll only (reciprocity, A19)
        return 0.4
    if e == "reroll_conversation":
        return 0.7
    if e == "ap_limit_bonus":
        return 0.7
    if e == "cheap_search":
        return 0.4
    if e == "search_peek":
        return 0.4 if t.reusable else 0.15
    if e == "extra_ap_pool":
        return 0.5
    if e == "clear_evidence":
        return 0.8
    if e == "move_to_location":
        return 0.3
    # ADVANCED (issue 35, A22-A23): a casket is never kept (the "found" decision only takes its Top Secret
    # card); a Top Secret part is worth its card once the other part is found; a valuable counts only in Hotel
    # Excelsior, so elsewhere its evidence wins; a card-drawing tile is about a card
    if e == "top_secret_part":
        return 0.6
    if e == "valuable":
        return 0.1
    if e == "draw_location_card":
        return 0.6
    if e == "draw_reaction_card":
        return 0.4
    return 0.0


class _Ctx:
    """What one decision needs, read from the view once."""

    def __init__(self, view: dict, style: Style = EASY):
        self.view = view
        self.style = style
        self.me = view["seat"]
        self.opp = other(self.me)
        self.scenario = view["scenario"]["id"]
        self.level = view["scenario"].get("level", "basic")
        self.board = board_for_scenario(self.scenario)
        self.agents = {a["id"]: a for a in view["agents"]}
        self.mine = [a for a in view["agents"] if a["side"] == self.me]
        self.theirs = [a for a in view["agents"] if a["side"] != self.me]
        self.track = {x: {c: v["value"] for c, v in view["evidence"][x].items()} for x in SIDES}
        self.secrets = view["secrets"]
        self.pools = view["pools"]
        self.gave_up = view["gave_up"]
        self.stage = view["stage"]
        self.stages = view["stages"]  # 0: an open-ended film (Hotel Excelsior, F3) has no last stage
        self.last_stage = bool(self.stages) and self.stage >= self.stages
        self.stages_left = self.stages - self.stage + 1 if self.stages else OPEN_ENDED_HORIZON
        self.locations = {loc["id"]: loc for loc in view["locations"]}
        self.rerolled = self._rank_rerolls_this_stage(view.get("log") or [])
        self.gone = self._tiles_gone(view.get("log") or [])
        self.enemy_colours = {a["colour"] for a in self.theirs}
        self.talked = {frozenset(p) for p in view.get("talked", [])}  # K13: pairs spent this stage
        self.missions_on = self.level != "basic"  # EXTENDED: mission cards (mission_play.py)
        self.mission_cache: dict = {}
        self._tile_cache: dict = {}
        self._search_cache: dict = {}
        self._agent_search_cache: dict = {}
        self._pull_cache: dict = {}
        self._conv_cache: dict = {}
        self._pos_cache: dict = {}

    # ----- reading the log (only what this seat was shown) -----------------------
    @staticmethod
    def _rank_rerolls_this_stage(log: list) -> set:
        used = set()
        for e in reversed(log):
            if e["kind"] == "stage":
                break
            if e["kind"] == "reroll":
                used.add(e["data"].get("agent"))
        return used

    @staticmethod
    def _tiles_gone(log: list) -> set:
        """Tiles this seat knows have left their stacks (found by it, shown as evidence or face up)."""
        gone = set()
        for e in log:
            kind, data = e["kind"], e["data"]
            if kind in ("found", "evidence_tile") and data.get("item"):
                gone.add(data["item"])
            elif kind == "keep" and data.get("item"):
                gone.add(data["item"])
        return gone

    # ----- agents ----------------------------------------------------------------
    def trait(self, aid: str) -> str | None:
        return _trait_key(aid, self.agents[aid]["document"]["id"], self.level)

    def trait_param(self, aid: str, key: str) -> int:
        return int(_trait_params(aid, self.agents[aid]["document"]["id"]).get(key, 0))

    def visible_items(self, aid: str, reusable: bool | None = None) -> list[str]:
        out = []
        for it in self.agents[aid]["items"]:
            if it.get("hidden"):
                continue
            t = _items_by_id()[it["id"]]
            if not content.level_allows(self.level, t.level):
                continue
            if reusable is None or t.reusable == reusable:
                out.append(it["id"])
        return out

    def reusable_sum(self, aid: str, effect: str, key: str) -> int:
        total = 0
        for iid in self.visible_items(aid, reusable=True):
            t = _items_by_id()[iid]
            if t.effect == effect:
                total += int(t.params.get(key, 0))
        return total

    def rank(self, aid: str, chosen: tuple = ()) -> int:
        extra = sum(int(_items_by_id()[i].params.get("bonus", 0)) for i in chosen
                    if _items_by_id()[i].effect == "rank_bonus")
        return self.agents[aid]["document"]["rank"] + self.reusable_sum(aid, "rank_bonus", "bonus") + extra

    def needs_rank(self, side: str) -> bool:
        mine = [a for a in self.view["agents"] if a["side"] == side]
        theirs = [a for a in self.view["agents"] if a["side"] != side]
        return any(m["document"]["rank"] < t["document"]["rank"] for m in mine for t in theirs)

    def stops_for(self, side: str) -> frozenset:
        return frozenset(a["space"] for a in self.view["agents"]
                         if a["side"] != side and self.trait(a["id"]) == "watcher")

    def dist(self, source: str, side: str, stops: bool = True) -> dict:
        return _distances(self.scenario, source, side, self.stops_for(side) if stops else frozenset())

    def budget_now(self, aid: str) -> int:
        """AP the agent's side could give him in a later activation this stage."""
        a = self.agents[aid]
        side = a["side"]
        if self.gave_up.get(side):
            return 0
        return min(self.pools.get(side, 0), a["limit_left"])

    # ----- conversation odds -----------------------------------------------------
    def talk_probability(self, aid: str, target: str, chosen: tuple = ()) -> float:
        mine, theirs = self.rank(aid, chosen), self.agents[target]["document"]["rank"]
        if mine >= theirs:
            return 1.0
        p = max(0, 6 - (theirs - mine)) / 6
        if self.trait(aid) == "reroll_rank_test" and aid not in self.rerolled:
            p = 1 - (1 - p) ** 2
        return p

    def modifier(self, aid: str, target: str, chosen: tuple = ()) -> int:
        side = self.agents[aid]["side"]
        m = 0
        if self.trait(aid) == "conversation_bonus":
            m += self.trait_param(aid, "bonus")
        m += self.reusable_sum(aid, "conversation_bonus", "bonus")
        for iid in chosen:
            t = _items_by_id()[iid]
            if t.effect == "conversation_bonus":
                m += int(t.params.get("bonus", 0))
        if self.trait(target) == "conversation_defence":
            m += self.trait_param(target, "modifier")  # a trait; the target's items do not count (K15)
        m += track_modifier(self.track[side][self.agents[target]["colour"]])
        return m

    def outcome_values(self, side: str, target: str) -> dict:
        col = self.agents[target]["colour"]
        t = self.track[side][col]
        vp = self.view.get("vp")
        radio_secret = film.secret_value(self, side, 0.3 * track_worth(t))  # "I Know Who You Are" (F6, F9)
        if radio_secret is not None:
            secret = radio_secret
        elif vp and side == self.me:  # First Clash: a secret is its VP (secrets alone never win there)
            from .mission_play import vp_worth

            secret = vp_worth(self, int(vp["rewards"]["secret"])) - 0.3 * track_worth(t)
        elif vp and vp["to_win"]:  # Hotel Excelsior's VP win nothing by themselves (F16): valued as no-VP games
            secret = WIN_VALUE / vp["to_win"] * int(vp["rewards"]["secret"]) - 0.3 * track_worth(t)
        else:
            secret = WIN_VALUE if self.secrets.get(side, 0) + 1 >= 2 else self.style.secret_value - 0.3 * track_worth(t)
        return {
            "none": 0.0,
            "single": evidence_gain(t, 1),
            "double": evidence_gain(t, 2),
            "secret": secret if t >= SECRET_MIN else evidence_gain(t, 2),
        }

    def outcome_of(self, target: str, total: int) -> str:
        th = self.agents[target]["document"]["conversation"]
        if total >= th["secret"]:
            return "secret"
        if total >= th["double"]:
            return "double"
        if total >= th["single"]:
            return "single"
        return "none"

    def roll_value(self, side: str, target: str, mod: int) -> float:
        values = self.outcome_values(side, target)
        return sum(p * values[self.outcome_of(target, s + mod)] for s, p in P2D6.items())

    def can_talk_now(self, aid: str, target: str) -> bool:
        """K13: the pair has not had its conversation this stage."""
        return frozenset((aid, target)) not in self.talked

    def conversation_value(self, aid: str, target: str, chosen: tuple = ()) -> float:
        key = (aid, target, chosen)
        if key not in self._conv_cache:
            side = self.agents[aid]["side"]
            mod = self.modifier(aid, target, chosen)
            value = self.roll_value(side, target, mod)
            if self.missions_on:
                from .mission_play import talk_bonus

                value += talk_bonus(self, aid, target, mod)
            self._conv_cache[key] = self.talk_probability(aid, target, chosen) * value
        return self._conv_cache[key]

    # ----- searching ---------------------------------------------------------------
    def tile_value(self, item_id: str, side: str) -> float:
        key = (item_id, side)
        if key not in self._tile_cache:
            t = _items_by_id()[item_id]
            enemy_cols = {a["colour"] for a in self.view["agents"] if a["side"] != side}
            best = keep_value(item_id, self.level, self.needs_rank(side))
            if self.view.get("vehicle"):  # Top Secret: weapons for the attack on the car
                from .topsecret import tile_bonus

                best += tile_bonus(self, item_id, side)
            for col, amount in t.evidence.items():
                bonus = 0.0
                if self.missions_on and side == self.me:  # a held card's evidence goal (any colour)
                    from .mission_play import evidence_bonus

                    bonus = evidence_bonus(self, col, amount)
                if col in enemy_cols:
                    best = max(best, evidence_gain(self.track[side][col], amount) + bonus)
                else:
                    best = max(best, 0.05 * amount + bonus)  # carried to the next scenario only
            self._tile_cache[key] = best
        return self._tile_cache[key]

    def search_value(self, aid: str, loc_id: str) -> float:
        """Expected worth of one search by `aid` at `loc_id` (0 if he may not search there)."""
        key = (aid, loc_id)
        value = self._agent_search_cache.get(key)
        if value is None:  # asked for every space an agent might end on: worked out once per decision
            value = self._agent_search_cache[key] = self._search_value(aid, loc_id)
        return value

    def _search_value(self, aid: str, loc_id: str) -> float:
        loc = self.locations.get(loc_id)
        if loc is None or loc["tiles_left"] <= 0:
            return 0.0
        a = self.agents[aid]
        if a["colour"] in loc["markers"]:
            return 0.0
        key = (loc_id, a["side"])
        if key not in self._search_cache:
            left = [i for i in _items_at(loc_id) if i not in self.gone] or list(_items_at(loc_id))
            values = sorted((self.tile_value(i, a["side"]) for i in left), reverse=True)
            mean = sum(values) / len(values)
            self._search_cache[key] = mean
        v = self._search_cache[key]
        if self.trait(aid) == "keen_searcher" or any(
                _items_by_id()[i].effect == "search_peek" for i in self.visible_items(aid, reusable=True)):
            v *= 1.25
        if self.missions_on:
            from .mission_play import search_bonus

            v += search_bonus(self, aid, loc_id)
        return v

    # ----- where an agent stands -----------------------------------------------------
    def threat(self, aid: str, space: str) -> float:
        """What the enemy can expect to gain from this agent standing on `space` (this stage, then the next)."""
        last_stage = self.last_stage
        st = self.style
        total = 0.0
        for e, dist, ev in self._dangers(aid):
            d = dist.get(space)
            if d is None:
                continue
            now = 1.0 if d + 1 <= self.budget_now(e["id"]) and self.can_talk_now(e["id"], aid) else 0.0
            later = 0.0 if last_stage else (
                st.threat_near if d + 1 <= e["ap_limit"] else st.threat_far / (1 + d - e["ap_limit"]))
            total += ev * max(st.threat_now * now, later)
        return total

    def _dangers(self, aid: str) -> list:
        """[(enemy, his steps to every space, his conversation's worth against `aid`)], in the view's order:
        the same for every space the agent might end on, so worked out once a decision."""
        key = ("dangers", aid)
        if key not in self._pull_cache:
            enemy_side = other(self.agents[aid]["side"])
            self._pull_cache[key] = [(e, self.dist(e["space"], enemy_side, stops=False),
                                      self.conversation_value(e["id"], aid))
                                     for e in self.view["agents"] if e["side"] == enemy_side]
        return self._pull_cache[key]

    def _pulls(self, aid: str) -> tuple[list, list]:
        """The enemies `aid` could talk to ([(enemy id, steps from him, the talk's worth)]) and the locations
        worth his search ([(steps from it, the search's worth)]), in the view's order, once a decision."""
        key = ("pulls", aid)
        if key not in self._pull_cache:
            side = self.agents[aid]["side"]
            talks = [(e["id"], self.dist(e["space"], side, stops=False), self.conversation_value(aid, e["id"]))
                     for e in self.view["agents"] if e["side"] != side]
            searches = []
            for loc_id in self.locations:
                sv = self.search_value(aid, loc_id)
                if sv > 0:
                    searches.append((self.dist(loc_id, side, stops=False), sv))
            self._pull_cache[key] = (talks, searches)
        return self._pull_cache[key]

    def attraction(self, aid: str, space: str, budget_later: int) -> float:
        """Value of being on `space`: enemies worth talking to and locations worth searching nearby."""
        me = self.agents[aid]
        side = me["side"]
        last_stage = self.last_stage
        st = self.style
        best = 0.0
        talks, searches = self._pulls(aid)
        for eid, dist, ev in talks:
            d = dist.get(space)
            if d is None:
                continue
            if d + 1 <= budget_later and self.can_talk_now(aid, eid):
                w = st.talk_now
            elif last_stage:
                w = 0.0
            else:
                w = st.talk_near if d + 1 <= me["ap_limit"] else st.talk_far / (1 + d + 1 - me["ap_limit"])
            best = max(best, ev * w)
        cost = 2 if me["search_cost"] >= 2 else 1
        for dist, sv in searches:
            d = dist.get(space)
            if d is None:
                continue
            if d + cost <= budget_later:
                w = st.search_now
            elif last_stage:
                w = 0.0
            else:
                w = st.search_far / (1 + max(0, d + cost - me["ap_limit"]))
            best = max(best, sv * w)
        if self.level == "advanced" and side == self.me:  # ADVANCED: where a held location card can be used
            from .advanced import card_pull

            best = max(best, card_pull(self, aid, space, budget_later))
        best = max(best, film.pull(self, aid, space, budget_later))  # "I Know Who You Are": the station
        if self.view.get("vehicle"):  # Top Secret: the factory, then the car
            from .topsecret import pull

            best = max(best, pull(self, aid, space, budget_later))
        if self.missions_on and me["side"] == self.me:
            from .mission_play import goal_pull, meeting_pull

            best = max(best, meeting_pull(self, aid, space, budget_later), goal_pull(self, aid, space, budget_later))
        return best

    def position(self, aid: str, space: str, budget_later: int) -> float:
        key = (aid, space, budget_later)
        if key not in self._pos_cache:
            self._pos_cache[key] = self.attraction(aid, space, budget_later) - self.threat(aid, space)
        return self._pos_cache[key]


class EasyStawkaPlayer(Player):
    """One-step rules; instant (a few milliseconds a decision)."""

    level = "easy"
    style = EASY

    def decide(self, view: dict, legal: list):
        from . import extended, topsecret

        ctx = _Ctx(view, self.style)
        pending = view.get("pending")
        if pending and pending.get("seat") == ctx.me:
            chosen = (topsecret.decide_pending(ctx, pending, legal) if topsecret.on(ctx) else None) or \
                film.decide_pending(ctx, pending, legal, self.rng)  # Top Secret, I Know Who You Are
            return chosen or extended.decide_pending(ctx, pending, legal) or self._pending(ctx, pending, legal)
        phase_choice = extended.decide_phase(ctx, legal)
        if phase_choice is not None:
            return phase_choice
        if view["phase"] == "planning":
            return self._plan(ctx, legal)
        if view["phase"] == "carry_over":
            return self._carry_over(ctx, legal)
        scored = [(self._score(ctx, a), i) for i, a in enumerate(legal)]
        best = max(s for s, _ in scored)
        top = [i for s, i in scored if s >= best - 1e-9]
        return legal[top[0] if len(top) == 1 else self.rng.choice(top)]

    # ----- planning --------------------------------------------------------------
    def _plan(self, ctx: _Ctx, legal: list):
        cards = {c["id"]: c for c in ctx.view["planning"]["hand"]}
        spendable = sum(a["ap_limit"] for a in ctx.mine)

        def score(a):
            c = cards.get(getattr(a, "card", None))
            if c is None:
                return -1e9
            return min(c["ap"], spendable) - ctx.style.plan_priority * c["priority"]

        return max(legal, key=score)

    def _carry_over(self, ctx: _Ctx, legal: list):
        if isinstance(legal[0], A.KeepCampaignItem):  # K16: the most useful item for the next scenario
            return max(legal, key=lambda a: -1 if a.item is None else keep_value(a.item, ctx.level, True))
        return max(legal, key=lambda a: -1 if a.colour is None else ctx.track[ctx.me][a.colour])

    # ----- pending decisions ------------------------------------------------------
    def _pending(self, ctx: _Ctx, pending: dict, legal: list):
        kind = pending["kind"]
        if kind == "rank_reroll":
            return next((a for a in legal if isinstance(a, A.RerollRank)), legal[0])
        if kind == "conversation_reroll":
            return self._conversation_reroll(ctx, pending, legal)

        from . import mission_play as M

        def value(a):
            if isinstance(a, A.KeepItem):
                bonus = M.keep_bonus(ctx, pending.get("agent"), a.item) if ctx.missions_on else 0.0
                return keep_value(a.item, ctx.level, ctx.needs_rank(ctx.me)) + bonus + film.keep_bonus(ctx, a.item)
            if isinstance(a, A.UseAsEvidence):
                amount = _items_by_id()[a.item].evidence[a.colour]
                bonus = M.evidence_bonus(ctx, a.colour, amount) if ctx.missions_on else 0.0
                if a.colour in ctx.enemy_colours:
                    return evidence_gain(ctx.track[ctx.me][a.colour], amount) + bonus
                return 0.05 * amount + bonus
            if isinstance(a, A.TakeTile):
                return ctx.tile_value(a.item, ctx.me)
            return 0.0

        return max(legal, key=value)

    def _conversation_reroll(self, ctx: _Ctx, pending: dict, legal: list):
        dice = ctx.view.get("last_dice") or {}
        target = pending.get("target")
        rerolls = [a for a in legal if isinstance(a, A.RerollConversation)]
        accept = next((a for a in legal if isinstance(a, A.AcceptRoll)), legal[0])
        if not rerolls or target not in ctx.agents or "total" not in dice:
            return accept
        mod = dice["total"] - sum(dice.get("dice", []))
        values = ctx.outcome_values(ctx.me, target)
        now = values[ctx.outcome_of(target, dice["total"])]
        again = ctx.roll_value(ctx.me, target, mod)
        if again - ctx.style.reroll_margin > now:
            return rerolls[0]
        return accept

    # ----- activation ----------------------------------------------------------------
    def _score(self, ctx: _Ctx, a) -> float:
        """Gain of the action plus the value of where the agent ends, relative to standing still."""
        view = ctx.view
        act = view.get("active")
        if view.get("vehicle"):  # Top Secret: the Black Audi, its card, the attack on it
            from .topsecret import action_value as film_value

            value = film_value(ctx, a)
            if value is not None:
                return value
        if isinstance(a, A.GiveUp):
            if act is not None:  # K14 allows it mid-activation; this player finishes the activation instead
                return -1e6
            return -ctx.style.give_up_penalty - 0.1 * ctx.pools.get(ctx.me, 0)
        if isinstance(a, A.EndActivation):
            return 0.0
        from .extended import action_value

        value = action_value(ctx, a)
        if value is not None:
            return value
        aid = a.agent
        agent = ctx.agents[aid]
        here = agent["space"]
        left = agent["ap_left"]
        mine = act is not None and act.get("agent") == aid
        acted = mine and "action" in act.get("order", [])
        action_first = not mine or not act.get("order")
        moved = act.get("moved_spaces", 0) if mine else 0
        pool_after = lambda spent: min(ctx.pools.get(ctx.me, 0) - spent, agent["limit_left"] - spent)  # noqa: E731
        stay = ctx.position(aid, here, left)
        ap_cost = ctx.style.ap_cost

        if isinstance(a, A.UseItem):
            t = _items_by_id()[a.item]
            if t.effect == "extra_ap_pool":
                return 1.0
            if t.effect == "clear_evidence":
                theirs = ctx.track[ctx.opp][agent["colour"]]
                return (track_worth(theirs) - track_worth(theirs - int(t.params.get("amount", 1)))) if theirs else -1.0
            return -1.0

        if isinstance(a, (A.Move, A.MoveByMap)):
            if isinstance(a, A.Move):
                cost = view.get("moves", {}).get(aid, {}).get("spaces", {}).get(a.to)
                if cost is None:
                    cost = ctx.dist(here, ctx.me).get(a.to, 1)
            else:
                cost = 1
            rest = left - cost
            later = max(0, pool_after(cost))
            end_value = ctx.position(aid, a.to, later) - ap_cost * cost
            can_end_there = acted or moved + cost + (1 if ctx.trait(aid) == "free_first_step" and moved == 0 else 0) >= 2
            best = end_value if can_end_there else end_value - ctx.style.unfinished_move
            if not acted:
                best = max(best, self._best_action_at(ctx, aid, a.to, rest, later) - ap_cost * cost)
            return best - stay

        if isinstance(a, A.Converse):
            gain = ctx.conversation_value(aid, a.target, tuple(a.items))
            gain -= sum(keep_value(i, ctx.level, ctx.needs_rank(ctx.me)) for i in a.items)
            rest = left - 1
            after = self._after_action(ctx, aid, here, rest, pool_after(1), action_first)
            return gain - ap_cost + after - stay

        if isinstance(a, A.Search):
            cost = agent["search_cost"]
            gain = ctx.search_value(aid, here)
            if a.peek:
                gain += 0.1 - keep_value(a.peek, ctx.level, False)
            rest = left - cost
            after = self._after_action(ctx, aid, here, rest, pool_after(cost), action_first)
            return gain - ap_cost * cost + after - stay
        return -5.0

    def _best_action_at(self, ctx: _Ctx, aid: str, space: str, budget: int, later: int) -> float:
        """Best action the agent could take on `space` with `budget` AP (movement then ends)."""
        best = -1e9
        agent = ctx.agents[aid]
        ap_cost = ctx.style.ap_cost
        if budget >= 1:
            for e in ctx.theirs:
                if e["space"] == space and ctx.can_talk_now(aid, e["id"]):
                    best = max(best, ctx.conversation_value(aid, e["id"]) - ap_cost + ctx.position(aid, space, later - 1))
        cost = agent["search_cost"]
        if budget >= cost and space in ctx.locations:
            sv = ctx.search_value(aid, space)
            if sv > 0:
                best = max(best, sv - ap_cost * cost + ctx.position(aid, space, later - cost))
        if budget >= 1 and ctx.missions_on:
            from .mission_play import take_here

            take = take_here(ctx, aid, space)
            if take > 0:
                best = max(best, take - ap_cost + ctx.position(aid, space, later - 1))
        return best

    def _after_action(self, ctx: _Ctx, aid: str, here: str, rest: int, later: int, may_move: bool) -> float:
        """Where the agent ends after the action: stays, or (action first) moves on with what is left."""
        later = max(0, later)
        best = ctx.position(aid, here, later)
        ap_cost = ctx.style.ap_cost
        if may_move and rest >= 1:
            for space, d in ctx.dist(here, ctx.me).items():
                if 0 < d <= rest:
                    best = max(best, ctx.position(aid, space, later - d) - ap_cost * d)
        return best
