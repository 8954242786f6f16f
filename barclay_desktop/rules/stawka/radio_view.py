"""The radio station of "I Know Who You Are" seen from each seat, its twin, its decisions' door (F5-F11, K12).

radio.py holds the rules; this module is what the rest of the engine asks about them: the view (plan section 3:
the location is the Polish player's alone until public; the clue, the sector and the transmission are public),
the leak probes, the twin's scramble, the legal actions of the two Polish decisions, the reasons for a refusal,
the prompts and the handlers.
"""

from __future__ import annotations

from ..core.message import msg
from . import actions as A
from . import radio
from .rules import turned_back
from .state import ACTIVATION, POLISH


def view(state, seat: str | None) -> dict | None:
    """Public: whether the station is public and where, the clue's two faces, the public sector, whether the German
    located it, the transmission's stage and the stage whose end it wins at, the German secrets counted. The
    Polish seat also sees where it is hidden (`hidden_at`, with the leak probes' marker) and whether Kloss may
    transmit now. None outside the scenario."""
    b = radio.block(state)
    if b is None:
        return None
    r = state.radio
    since = r.get("since") or 0
    out = {
        "public": bool(r.get("public")),
        "location": r.get("location") if r.get("public") else None,
        "clue": list(r.get("clue", [])),
        "sector": r.get("sector") or None,
        "located": bool(r.get("located")),
        "transmitting_since": since or None,
        "wins_at_end_of": since + b["stages_to_transmit"] - 1 if since else None,
        "began": bool(r.get("began")),
        "german_secrets_counted": r.get("count", 0),
        "secrets_to_transmit": b["secrets_to_transmit"],
        "secrets_to_locate": b["secrets_to_locate"],
        "forbidden_faces": list(b["forbidden_faces"]),
        "hidden": bool(r.get("location")),
    }
    if seat == POLISH and r.get("location"):
        out["hidden_at"] = r["location"]
        out["tag"] = radio.tag(r["location"])  # the marker the leak probes look for in the other seat's view
        out["sector_tag"] = radio.sector_tag(radio.face_of(state, r["location"]))
        out["transmit"] = [aid for aid in state.agents if _transmit_now(state, aid)]
    return out


def _transmit_now(state, aid: str) -> bool:
    """Is transmit(aid) legal now? legal.agent_steps' own test: the Polish turn, no decision open, no other agent
    being activated, the action not turned back by a document check (P5)."""
    a = state.agents[aid]
    act = state.activation
    if state.pending or state.phase != ACTIVATION or state.turn != POLISH or a.side != POLISH:
        return False
    if act is not None and act.agent != aid:
        return False
    return bool(radio.transmit_actions(state, aid)) and not turned_back(state, aid, a.space)


def leak_probes(state, seat: str | None) -> list[str]:
    """K12 (plan section 3): while the station is not public, its location, and until the sector is public, its
    sector, never reach the German seat (nor an onlooker)."""
    r = state.radio
    if seat == POLISH or radio.block(state) is None or not r.get("location") or r.get("public"):
        return []
    probes = [radio.tag(r["location"])]
    if not r.get("sector"):
        probes.append(radio.sector_tag(radio.face_of(state, r["location"])))
    return probes


def scramble(state, seat: str | None, rng) -> None:
    """The twin: for a seat that does not know the station, it moves to a location consistent with what that seat
    knows: an eligible location, inside the clue's two faces, inside the public sector."""
    r = state.radio
    if seat == POLISH or radio.block(state) is None or not r.get("location") or r.get("public"):
        return
    faces = [r["sector"]] if r.get("sector") else r.get("clue") or radio.eligible_faces(state)
    places = [loc for loc in radio.eligible_locations(state) if radio.face_of(state, loc) in faces]
    r["location"] = rng.choice(places)


# ------------------------------------------------------------------ the decisions, the refusals, the handlers


def pending_legal(state, p) -> list:
    if p.kind == "hide_radio":
        return [A.HideRadio(loc) for loc in radio.eligible_locations(state)]
    return [A.NameClue(f) for f in radio.clue_faces(state)]


def explain(state, seat: str, action) -> str:
    p = state.pending[0] if state.pending else None
    if isinstance(action, A.HideRadio):
        if p is None or p.kind != "hide_radio":
            return msg("The radio station is hidden once, before the first stage.")
        if seat != POLISH:
            return msg("The Polish player hides the radio station.")
        return msg("The radio station goes to a location outside the police and military sectors.")
    if isinstance(action, A.NameClue):
        if p is None or p.kind != "radio_clue":
            return msg("Two sectors are named only when the German player gains his first secret.")
        return msg("Name a sector where the station could lie: not the police or military sector, and not the one "
                   "that hides it.")
    if p is not None:
        return PROMPTS.get(p.kind) or msg("Finish the decision under way first.")
    agent = state.agents.get(action.agent)
    if agent is None or agent.side != seat:
        return msg("Only Hans Kloss transmits the report.")
    return radio.transmit_block(state, action.agent) or msg("That is not a legal move right now.")


PROMPTS = {
    "hide_radio": msg("Hide the radio station: choose a location outside the police and military sectors. Only you "
                      "will know it."),
    "radio_clue": msg("The German player gained his first secret: name a second sector where the radio station "
                      "could lie; both are shown to him."),
}
WAITING = msg("The Polish player is hiding the radio station.")
ASIDES = {
    "hide_radio": msg("hide the radio station."),
    "radio_clue": msg("name a second sector for the radio station."),
}


def _hide(game, a) -> None:
    radio.hide(game, a.location)


def _transmit(game, a) -> None:
    from .threat_play import intercept

    if not intercept(game, a.agent, a):  # an enemy token on the space is met first, as for every action (P4, P5)
        radio.transmit(game, a.agent)


def _name_clue(game, a) -> None:
    radio.name_clue(game, a.face)


HANDLERS = {A.HideRadio: _hide, A.Transmit: _transmit, A.NameClue: _name_clue}
ACTIONS = (A.HideRadio, A.Transmit, A.NameClue)
