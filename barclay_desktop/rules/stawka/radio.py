""""I Know Who You Are" (issue 36, step 3 of docs/stawka-film-plan.md): the radio station.

Rulebook, Film Scenario: I Know Who You Are, "Radio Station" and its victory conditions (L556-L581); K12 (the
station's location is hidden information); the adopted rulings F5-F11:

- F5: before stage 1's planning the Polish player hides the station at a location outside the block's forbidden
  faces (police, military); it is his alone to know until he transmits or it is located, and never moves;
- F6: Kloss transmits on the station (1 AP, the activation's action) when the Polish side holds two secrets;
- F7: a transmission begun in stage N wins at the end of stage N+1 if never broken (before the time-out);
- F8: it breaks the moment the station's space holds no free Polish agent, checked after every action;
- F9: before any transmission the German's secrets count: 1 - the Polish player names a second sector (the
  clue), 2 - the station's sector is public, 3 - its location is public ("located");
- F10: once public, German weapon holders attack Polish agents on its space without a mission, and the block's
  arrester (Stedtke) arrests there without the evidence (assassination.py, arrest.py ask `station_space`);
- F11: at the end of stage 8: located -> German, else more VP, equal VP a draw.

`state.radio` holds location (the owner's secret until public), public, clue (sorted faces), sector, located,
since (the stage the transmission under way began, 0 if none), began (a transmission was ever begun) and
count (the German secrets counted). Every function is a no-op outside a scenario whose rules block names
`"special": "radio_station"`; the view, the leak probes and the twin are in radio_view.py.
"""

from __future__ import annotations

from ..core import GameResult
from ..core.message import msg
from . import film, flow
from . import texts as T
from .activation import finish_action, spend, start_step
from .rules import board, can_act_now, can_afford_action, is_free
from .scenario_rules import scenario_rules
from .state import GERMAN, POLISH, Pending

SPECIAL = "radio_station"
PENDING_KINDS = ("hide_radio", "radio_clue")
BLOCK_KEYS = ("secrets_to_transmit", "transmit_ap", "stages_to_transmit", "secrets_to_locate")


def check_block(raw: dict, scenario_id: str) -> None:
    """The "radio_station" block: forbidden_faces (a list), the four counts, station_arrester (an agent id)."""
    if not isinstance(raw.get("forbidden_faces"), list):
        raise ValueError(f"scenario {scenario_id!r}: 'radio_station' needs 'forbidden_faces', a list of faces")
    for key in BLOCK_KEYS:
        if not isinstance(raw.get(key), int) or raw[key] < 1:
            raise ValueError(f"scenario {scenario_id!r}: 'radio_station' needs {key!r}, a count of 1 or more")
    if not isinstance(raw.get("station_arrester"), str):
        raise ValueError(f"scenario {scenario_id!r}: 'radio_station' needs 'station_arrester', an agent's id")


def block(state):
    """The scenario's radio block, or None: the test every hook below starts with."""
    rules = scenario_rules(state.scenario)
    return rules[SPECIAL] if rules["special"] == SPECIAL else None


def eligible_locations(state) -> list[str]:
    """F5: the locations the station may be hidden at (L556: any sector but police and military)."""
    barred = set(block(state)["forbidden_faces"])
    return [s.id for s in board(state).locations() if s.face not in barred]


def eligible_faces(state) -> list[str]:
    """The faces a station may lie in, in the board's order (the clue names two of them, F9)."""
    barred = set(block(state)["forbidden_faces"])
    return [f for f in board(state).face_ids() if f not in barred]


def face_of(state, space: str) -> str:
    return board(state).spaces[space].face


def face_name(state, face: str):
    return T.sector(board(state).faces[face].title)


def station_space(state) -> str | None:
    """The station's location once it is public (transmitted or located, F10), else None."""
    b = block(state)
    return state.radio.get("location") if b and state.radio.get("public") else None


# ------------------------------------------------------------------ hiding it (F5)


def open_hide(game) -> bool:
    """Setup, after stage 1 begins: the Polish decision comes before both planning cards."""
    s = game.state
    if block(s) is None:
        return False
    s.radio = {"location": "", "public": False, "clue": [], "sector": "", "located": False, "since": 0,
               "began": False, "count": 0}
    s.pending.insert(0, Pending("hide_radio", POLISH, ""))
    return True


def hide(game, location: str) -> None:
    s = game.state
    s.pending.pop(0)
    s.radio["location"] = location
    game.emit("radio_hidden", msg("You hide the radio station at the {place}.", place=_place(s, location)),
              to=POLISH, tag=tag(location))
    game.emit("radio_hidden_public", msg("The Polish player has hidden the radio station."))


def tag(location: str) -> str:
    """The marker the leak probes look for (radio_view.leak_probes): the owner's view and events carry it."""
    return f"radio@{location}"


def sector_tag(face: str) -> str:
    return f"radio-sector@{face}"


def _place(state, space: str):
    return T.place(board(state).spaces[space].label)


# ------------------------------------------------------------------ transmitting (F6-F8)


def transmit_block(state, agent_id: str, space: str | None = None, budget: int | None = None):
    """Why `agent_id` may not transmit (at `space` with `budget` AP, for a move ending there); or None."""
    b = block(state)
    if b is None:
        return msg("Only the scenario \"I Know Who You Are\" has a radio station.")
    if agent_id != "hans_kloss":
        return msg("Only Hans Kloss transmits the report.")
    if state.radio.get("since"):
        return msg("The report is being transmitted already.")
    need = b["secrets_to_transmit"]
    if state.secrets.get(POLISH, 0) < need:
        return msg("The report needs {need} Polish secrets; you hold {n}.", need=need, n=state.secrets.get(POLISH, 0))
    if (space or state.agents[agent_id].space) != state.radio.get("location"):
        return msg("Kloss transmits only at the location where the radio station is hidden.")
    if not can_afford_action(state, agent_id, b["transmit_ap"], space, budget):
        if space is None and not can_act_now(state, agent_id):
            return msg("{name} has already taken the action of this activation.", name=T.agent(agent_id))
        return msg("Transmitting costs {n} AP.", n=b["transmit_ap"])
    return None


def transmit_actions(state, agent_id: str) -> list:
    from .actions import Transmit

    if block(state) is None or transmit_block(state, agent_id) is not None:
        return []
    return [Transmit(agent_id)]


def can_transmit_at(state, agent_id: str, space: str, budget: int) -> bool:
    """For movement's look-ahead (rules.extended_action_at): could he transmit after moving to `space`?"""
    return block(state) is not None and transmit_block(state, agent_id, space, budget) is None


def transmit(game, agent_id: str) -> None:
    """F6 (L563): the station becomes public and the transmission begins in this stage."""
    s = game.state
    start_step(game, agent_id, "action")
    spend(game, agent_id, block(s)["transmit_ap"])
    r = s.radio
    r.update(public=True, since=s.stage, began=True, sector=face_of(s, r["location"]))
    game.reveal(msg("The radio station was revealed."))
    game.emit("radio_transmit", msg("{name} begins to transmit the report from the radio station at the {place}: "
                                    "unbroken until the end of stage {end}, it wins.", name=T.agent(agent_id),
                                    place=_place(s, r["location"]), end=s.stage + block(s)["stages_to_transmit"] - 1),
              agent=agent_id, location=r["location"], since=s.stage)
    finish_action(game)


def connected(state) -> bool:
    loc = state.radio.get("location")
    return any(a.side == POLISH and a.space == loc and is_free(state, aid) for aid, a in state.agents.items())


def check_connection(game) -> None:
    """F8 (L563): after every action, a transmission with no free Polish agent on the station is broken."""
    s = game.state
    if not s.radio.get("since") or s.result is not None or s.winner is not None or block(s) is None:
        return
    if not connected(s):
        s.radio["since"] = 0
        game.emit("radio_broken", msg("No Polish agent is left at the radio station: the transmission is broken. "
                                      "Kloss must begin it again."))


def end_of_stage(game) -> bool:
    """F7 (L565): a transmission begun in stage N and unbroken at the end of stage N+1 wins for the Polish player."""
    s = game.state
    since = s.radio.get("since")
    if not since or s.stage < since + block(s)["stages_to_transmit"] - 1 or not connected(s):
        return False
    flow.scenario_won(game, POLISH, msg("The Polish player has transmitted the report: he wins."), "transmitted")
    return True


def time_out(game) -> bool:
    """F11 (L577-L581): the German player wins if he located the station himself, else more VP win, else a draw."""
    s = game.state
    if s.radio.get("located"):
        flow.scenario_won(game, GERMAN, msg("The German player located the radio station and the report was not "
                                            "sent: he wins."), "located")
        return True
    vp = {x: s.vp.get(x, 0) for x in (POLISH, GERMAN)}
    if vp[POLISH] == vp[GERMAN]:
        reason = msg("Stage {stage} is over: no report, the station not located, {n} VP each: a draw.",
                     stage=s.stages, n=vp[POLISH])
        game.emit("draw", reason)
        flow.finish(game, GameResult(None, reason, "draw"), None)
        return True
    side = POLISH if vp[POLISH] > vp[GERMAN] else GERMAN
    flow.scenario_won(game, side, msg("Stage {stage} is over with no report and the station not located: the {side} "
                                      "player wins on victory points ({polish} to {german}).", stage=s.stages,
                                      side=T.PLAYER_SIDE[side], polish=vp[POLISH], german=vp[GERMAN]), "vp")
    return True


# ------------------------------------------------------------------ locating it (F9)


def on_secret(game, seat: str, target: str = "", how: str = "") -> None:
    """F9 (L567-L571): a German secret (any: F2) before any transmission brings the German closer to the station."""
    s = game.state
    r = s.radio
    if seat != GERMAN or r.get("began") or r.get("located") or not r.get("location"):
        return
    if s.result is not None or s.winner is not None:
        return
    r["count"] += 1
    if r["count"] == 1:
        s.pending.insert(0, Pending("radio_clue", POLISH, ""))
        game.emit("radio_clue_due", msg("The German player's first secret: the Polish player must name two sectors, "
                                        "one of which hides the radio station."))
    elif r["count"] == 2:
        r["sector"] = face_of(s, r["location"])
        r["clue"] = r["clue"] or [r["sector"]]
        game.emit("radio_sector", msg("The German player's second secret: the radio station is in the {sector} "
                                      "sector.", sector=face_name(s, r["sector"])), face=r["sector"])
    elif r["count"] >= block(s)["secrets_to_locate"]:
        r.update(located=True, public=True, sector=face_of(s, r["location"]))
        game.reveal(msg("The radio station was located."))
        game.emit("radio_located", msg("The German player has located the radio station: it is at the {place}.",
                                        place=_place(s, r["location"])), location=r["location"])


def clue_faces(state) -> list[str]:
    """The decoys the Polish player may name (F9): eligible faces of the board but the station's own."""
    own = face_of(state, state.radio["location"])
    return [f for f in eligible_faces(state) if f != own]


def name_clue(game, face: str) -> None:
    s = game.state
    s.pending.pop(0)
    pair = sorted([face, face_of(s, s.radio["location"])])  # sorted: the order says nothing (plan section 3)
    s.radio["clue"] = pair
    game.emit("radio_clue", msg("The Polish player names two sectors, one of which hides the radio station: {a} and "
                                "{b}.", a=face_name(s, pair[0]), b=face_name(s, pair[1])), faces=pair)
    finish_action(game)


# ------------------------------------------------------------------ the station's gates (F10)


def attack_space(state, agent_id: str) -> str | None:
    """F10: the public station's space, where a German agent with a weapon attacks without a mission; else None."""
    if not state.radio or state.agents[agent_id].side != GERMAN:
        return None
    return station_space(state)


def arrest_without_evidence(state, agent_id: str, space: str) -> bool:
    """F10 (L573): the block's arrester (Stedtke) needs no evidence on the public station's space."""
    if not state.radio:
        return False
    b = block(state)
    station = station_space(state)
    return b is not None and station is not None and agent_id == b["station_arrester"] and space == station


def check_invariants(state) -> None:
    if block(state) is None:
        assert not state.radio, msg("a radio station lies on a board that has none")
        return
    r = state.radio
    if not r.get("location"):
        return
    assert r["location"] in eligible_locations(state), msg("the radio station is hidden where it may not be")
    assert not r["since"] or r["began"], msg("a transmission is under way that never began")
    assert not r["located"] or r["public"], msg("a located radio station is not public")


HOOKS = {"end_of_stage": end_of_stage, "time_out": time_out, "on_secret": on_secret, "after_action": check_connection,
         "before_first_stage": open_hide}
