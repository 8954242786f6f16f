"""The film scenarios' dispatcher (issue 36, docs/stawka-film-plan.md sections 2 and 7).

One place the shared engine calls into, so that flow.py and the other modules stay free of scenario names: the
evidence overflow (F1), the end-of-stage chain and the time-out. Each hook is a no-op unless the scenario's rules
block asks for it, so Meeting, First Clash and Chestnuts play exactly as before. The scenario modules (radio.py,
pulkowski.py, the hotel's gate) register their hooks in SPECIAL_HOOKS in their own steps.
"""

from __future__ import annotations

from ..core.message import msg
from .scenario_rules import scenario_rules

# special -> {"end_of_stage": fn(game) -> bool, "time_out": fn(game) -> bool, "setup": fn(game) -> bool,
# "on_secret": fn(game, seat), "after_action": fn(game)}; filled by the scenario modules (radio.py)
SPECIAL_HOOKS: dict[str, dict] = {}


def open_ended(state) -> bool:
    """F3: a scenario played "until victory" holds stages 0; nothing ends it by time."""
    return not state.stages


def _hook(state, name: str):
    special = scenario_rules(state.scenario)["special"]
    return SPECIAL_HOOKS.get(special, {}).get(name) if special else None


def on_overflow(game, seat: str, beyond: int, source: str) -> None:
    """F1: `beyond` pieces a gain from `source` would have put above 10 (after the evidence shield). Counted only
    for the sources the scenario's "overflow" block names; as VP where it says so, else kept for its bonus."""
    s = game.state
    block = scenario_rules(s.scenario)["overflow"]
    if beyond <= 0 or not block or source not in block["sources"]:
        return
    s.overflow[seat] = s.overflow.get(seat, 0) + beyond
    if block["gives"] == "vp":
        from .flow import gain_vp  # flow imports this module

        gain_vp(game, seat, beyond, msg("evidence beyond 10"))


def setup(game) -> bool:
    """The scenario's decision before stage 1's planning (F5: the radio station hidden); True if one opened."""
    hook = _hook(game.state, "setup")
    return bool(hook and hook(game))


def on_secret(game, seat: str) -> None:
    """A secret `seat` gained, however (F2): the scenario's own consequence (F9: locating the radio station)."""
    hook = _hook(game.state, "on_secret")
    if hook:
        hook(game, seat)


def after_action(game) -> None:
    """After every applied action: the scenario's standing check (F8: the radio connection)."""
    hook = _hook(game.state, "after_action")
    if hook:
        hook(game)


def end_of_stage(game) -> bool:
    """The scenario's end-of-stage checks, before the time-out (F7, F17); True if they ended the scenario."""
    hook = _hook(game.state, "end_of_stage")
    return bool(hook and hook(game))


def time_out(game) -> bool:
    """The scenario's own ending when its last stage is over (F4, F11); True if it settled the game, False for
    the usual draw. Never called for an open-ended scenario (F3)."""
    hook = _hook(game.state, "time_out")
    return bool(hook and hook(game))
