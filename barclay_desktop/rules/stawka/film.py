"""The film scenarios' dispatcher (issue 36, docs/stawka-film-plan.md sections 2 and 7).

One place the shared engine calls into, so that flow.py and the other modules stay free of scenario names: the
evidence overflow (F1), the end-of-stage chain and the time-out. Each hook is a no-op unless the scenario's rules
block asks for it, so Meeting, First Clash and Chestnuts play exactly as before. The scenario modules (radio.py,
pulkowski.py, the hotel's gate) register their hooks in SPECIAL_HOOKS in their own steps.
"""

from __future__ import annotations

import importlib

from ..core.message import msg
from .scenario_rules import scenario_rules

# special -> {"end_of_stage": fn(game) -> bool, "time_out": fn(game) -> bool}; filled by the scenario steps
SPECIAL_HOOKS: dict[str, dict] = {}
# special -> the module whose HOOKS dict is read on first use (imported lazily: those modules import the engine)
SPECIAL_MODULES = {"pulkowski": "pulkowski"}


def open_ended(state) -> bool:
    """F3: a scenario played "until victory" holds stages 0; nothing ends it by time."""
    return not state.stages


def _hook(state, name: str):
    special = scenario_rules(state.scenario)["special"]
    if not special:
        return None
    if special not in SPECIAL_HOOKS and special in SPECIAL_MODULES:
        SPECIAL_HOOKS[special] = importlib.import_module(f".{SPECIAL_MODULES[special]}", __package__).HOOKS
    return SPECIAL_HOOKS.get(special, {}).get(name)


def setup(game) -> None:
    """The scenario's own set-up after the threat tokens are dealt (Top Secret: the Audi, the factory's check)."""
    hook = _hook(game.state, "setup")
    if hook:
        hook(game)


def on_secret(game, seat: str, target: str) -> None:
    """A secret from a conversation, a reply or an interrogation (F2); the special mission's does not come here."""
    hook = _hook(game.state, "on_secret")
    if hook:
        hook(game, seat, target)


def on_mission(game, agent_id: str, part: str) -> None:
    """A mission completed ("basic" / "special"): Top Secret's bonuses (F25)."""
    hook = _hook(game.state, "on_mission")
    if hook:
        hook(game, agent_id, part)


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


def end_of_stage(game) -> bool:
    """The scenario's end-of-stage checks, before the time-out (F7, F17); True if they ended the scenario."""
    hook = _hook(game.state, "end_of_stage")
    return bool(hook and hook(game))


def time_out(game) -> bool:
    """The scenario's own ending when its last stage is over (F4, F11); True if it settled the game, False for
    the usual draw. Never called for an open-ended scenario (F3)."""
    hook = _hook(game.state, "time_out")
    return bool(hook and hook(game))
