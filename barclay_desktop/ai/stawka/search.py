"""Normal and Hard Stawka players: Easy's candidates, judged by playing the stage out.

Stawka's turns are long (a planning card, then many activations of a few AP each) and its
branching is wide (every space an agent can reach), so a tree search of the whole game does
not fit a one-second answer in Python. What does fit is the rollout algorithm (Bertsekas,
Tesauro's "rollout" backgammon player): take the few moves Easy likes best, and for each of
them play the rest of the stage many times, Easy choosing for both networks, in complete
games sampled from this seat's view (`rules/stawka/sample.py`: the opponent's face-down
items, the stacks' order, its cards, tokens and missions, the radio station, the dice).
Every candidate meets the same sampled games and dice seeds (common random numbers), so a
difference between two candidates is theirs, not the luck of the draw. The candidate with
the best mean wins; on a tie, Easy's own choice.

The player gets only the view, the legal actions and its own random generator: two games
that show the seat the same view give the same sample, so the same choice.
"""

from __future__ import annotations

import time

from barclay_desktop.rules.stawka import content
from barclay_desktop.rules.stawka.scenario_rules import scenario_rules

from ..base import Player
from .heuristic import SECRET_VALUE, SIDES, WIN_VALUE, EasyStawkaPlayer, _Ctx, other, track_worth
from .ranking import ranked_candidates

VP_VALUE = 2.5  # a victory point where no score of them wins (Easy's `vp_worth`)
MIN_SAMPLES = 6  # before any candidate is judged
CONFIDENCE = 1.3  # standard errors a paired gain must clear to replace Easy's choice
ROLLOUT_CAP = 400  # actions in one rollout at most: a guard, never reached in a stage


def default_sampler(view: dict, seat: str):
    from barclay_desktop.rules.stawka.sample import prepare

    return prepare(view, seat)


class StawkaSearchPlayer(Player):
    """The rollout player; `width` candidates, `samples` sampled games each, `time_cap` seconds."""

    level = "normal"
    searches = True  # the client thinks for it in its worker process (ai/worker.py)

    def __init__(self, seed: int | None = None, *, width: int = 4, samples: int = 12, time_cap: float = 0.9,
                 standing_weight: float = 0.0, sampler=None):
        super().__init__(seed)
        self.width = width
        self.samples = samples
        self.time_cap = time_cap
        self.standing_weight = standing_weight
        self.sampler = sampler or default_sampler
        self.easy = EasyStawkaPlayer(None if seed is None else seed + 1)
        self.last_iterations = 0

    def decide(self, view: dict, legal: list):
        candidates = ranked_candidates(self.easy, view, legal, self.width, self.rng)
        if len(candidates) == 1:
            return candidates[0]
        return self._best_by_rollouts(view, candidates)

    def _best_by_rollouts(self, view: dict, candidates: list):
        """Easy's choice (candidates[0]) unless another candidate beats it clearly on the same samples.

        With few samples the best mean among several candidates is mostly luck, and a player that
        follows luck plays worse than Easy; so a candidate replaces Easy's choice only when its paired
        gain is above CONFIDENCE standard errors, and one clearly worse is dropped early."""
        me = view["seat"]
        deadline = time.perf_counter() + self.time_cap
        prepared = self.sampler(view, me)
        gains: dict[int, list[float]] = {i: [] for i in range(1, len(candidates))}
        done = 0
        while done < self.samples and gains:
            base = prepared.draw(self.rng)
            seed = self.rng.getrandbits(32)
            easy = self._rollout(base, me, candidates[0], seed)
            for i in gains:
                gains[i].append(self._rollout(base, me, candidates[i], seed) - easy)
            done += 1
            if done >= MIN_SAMPLES:
                gains = {i: g for i, g in gains.items() if upper(g) > 0}
            if time.perf_counter() > deadline:
                break
        self.last_iterations = done
        sure = {i: lower(g) for i, g in gains.items() if len(g) >= MIN_SAMPLES and lower(g) > 0}
        return candidates[max(sure, key=sure.get)] if sure else candidates[0]

    def _rollout(self, base, me: str, action, seed: int) -> float:
        game = base.clone()
        game.quiet = True
        start = game.state.stage
        game.apply_trusted(me, action)
        players = {x: EasyStawkaPlayer(seed + i) for i, x in enumerate(SIDES)}
        for _ in range(ROLLOUT_CAP):
            if game.is_over() or game.state.stage > start:  # the stage is played out
                break
            seat = game.current_seat()
            legal = game.legal_actions(seat)
            choice = legal[0] if len(legal) == 1 else players[seat].decide(game.view(seat), legal)
            game.apply_trusted(seat, choice)
        return outcome_value(game, me, self.standing_weight)


def outcome_value(game, me: str, standing_weight: float = 0.0) -> float:
    """How good the (finished or cut-off) game is for `me`: a win counts WIN_VALUE, else the difference of
    progress, as Easy weighs it (secrets, the tracks' evidence, victory points)."""
    s = game.state
    result = s.result
    winner = result.winner if result is not None else s.winner
    if winner is not None:
        return WIN_VALUE if winner == me else -WIN_VALUE
    if result is not None:
        return 0.0
    value = progress(s, me) - progress(s, other(me))
    if standing_weight:
        value += standing_weight * (standing(game, me) - standing(game, other(me)))
    return value


def standing(game, side: str) -> float:
    """Where a side's agents stand for the next stage, as Easy weighs a space (heuristic.py `position`:
    enemies worth talking to and locations worth searching near, minus the enemies who would talk back),
    read from that side's own view of the sampled game."""
    ctx = _Ctx(game.view(side))
    return sum(ctx.position(a["id"], a["space"], a["ap_limit"]) for a in ctx.mine if not a.get("arrested"))


def progress(state, side: str) -> float:
    """Secrets, VP and the evidence against the other network's colours (evidence on a colour it does not
    field wins nothing)."""
    enemy = {content.agent(aid).colour for aid, a in state.agents.items() if a.side != side}
    tracks = sum(track_worth(v) for c, v in state.evidence[side].items() if c in enemy)
    return (secret_value(state.scenario) * state.secrets.get(side, 0) + tracks
            + vp_value(state.scenario) * state.vp.get(side, 0))


def secret_value(scenario_id: str) -> float:
    """A secret is a share of the win where secrets win (Meeting: 2 of them), else Easy's weight."""
    need = scenario_rules(scenario_id)["secrets_to_win"]
    return WIN_VALUE / need if need else SECRET_VALUE


def vp_value(scenario_id: str) -> float:
    """A victory point is a share of the win where VP win (First Clash: 11 of them), else Easy's weight."""
    need = scenario_rules(scenario_id)["vp_to_win"]
    return WIN_VALUE / need if need else VP_VALUE


def _mean_se(values: list[float]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    return mean, (var / n) ** 0.5


def lower(values: list[float]) -> float:
    mean, se = _mean_se(values)
    return mean - CONFIDENCE * se


def upper(values: list[float]) -> float:
    mean, se = _mean_se(values)
    return mean + 2.0 * se
