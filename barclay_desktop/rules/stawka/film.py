"""The film scenarios' dispatcher (issue 36, docs/stawka-film-plan.md sections 2 and 7).

One place the shared engine calls into, so that flow.py and the other modules stay free of scenario names: the
evidence overflow (F1), the end-of-stage chain and the time-out. Each hook is a no-op unless the scenario's rules
block asks for it, so Meeting, First Clash and Chestnuts play exactly as before. The scenario modules (radio.py,
pulkowski.py) keep their hooks in a HOOKS dict, found through SPECIAL_MODULES.
"""

from __future__ import annotations

import functools
import importlib

from ..core.message import msg
from .scenario_rules import scenario_rules

# special -> {"setup": fn(game), "before_first_stage": fn(game) -> bool, "end_of_stage": fn(game) -> bool,
# "time_out": fn(game) -> bool, "on_secret": fn(game, seat, target, how), "on_mission": fn(game, agent, part),
# "after_action": fn(game)}: each scenario module's HOOKS, read on first use
SPECIAL_HOOKS: dict[str, dict] = {}
# special -> the module whose HOOKS dict is read on first use (imported lazily: those modules import the engine)
SPECIAL_MODULES = {"pulkowski": "pulkowski", "radio_station": "radio"}


@functools.lru_cache(maxsize=None)
def block_location(scenario_id: str, special: str, name: str) -> str:
    """The board location a film's rules block names, by its id or its last part ("hotel" is the board's
    "hitlerplatz.hotel"); a name that is no location of the board is refused when the block is read."""
    from .scenario import board_for_scenario

    for s in board_for_scenario(scenario_id).locations():
        if name in (s.id, s.id.rsplit(".", 1)[-1]):
            return s.id
    raise ValueError(f"scenario {scenario_id!r}: {special!r} names {name!r}, which is no location of its board")


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


def on_secret(game, seat: str, target: str = "", how: str = "conversation") -> None:
    """A secret `seat` gained (F2): from a conversation, a reply or an interrogation (`how` "conversation",
    `target` the agent), or from a special mission ("mission"). The scenario decides what counts: every secret
    locates the radio station (F9), only a conversation's gives Top Secret's bonus (F26)."""
    hook = _hook(game.state, "on_secret")
    if hook:
        hook(game, seat, target, how)


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


def before_first_stage(game) -> bool:
    """The scenario's decision before stage 1's planning (F5: the radio station hidden); True if one opened."""
    hook = _hook(game.state, "before_first_stage")
    return bool(hook and hook(game))


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
