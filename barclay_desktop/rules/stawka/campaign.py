"""The training campaign (K16): a scenario's carry-over read into the next one's set-up.

A campaign game carries `options["campaign"] = {"step": n, "carry_in": <the previous scenario's
carry_over>}`. The carry-in is checked as a whole (the scenario it comes from, both sides' tracks
0-10 for the four colours) and refused with a plain reason, so a damaged one never starts a game.
Meeting's carry-over gives First Clash its starting evidence; First Clash's own carry-over (for
the third scenario) is computed as the game ends.
"""

from __future__ import annotations

from ..core.message import msg
from .state import COLOURS, SIDES, TRACK_MAX

CHAIN = ("meeting", "first_clash", "chestnuts")  # the training campaign's scenarios, in order


def previous(scenario_id: str) -> str | None:
    return CHAIN[CHAIN.index(scenario_id) - 1] if scenario_id in CHAIN[1:] else None


def check_campaign(options: dict, scenario_id: str) -> dict | None:
    """The checked campaign block of the options, or None; ValueError with a reason if it is wrong."""
    block = options.get("campaign")
    if block is None:
        return None
    if not isinstance(block, dict) or not isinstance(block.get("carry_in"), dict):
        raise ValueError("the campaign block must hold the previous scenario's carry-over")
    carry = block["carry_in"]
    if previous(scenario_id) is None or carry.get("from_scenario") != previous(scenario_id):
        raise ValueError(f"a campaign reaches {scenario_id!r} only from {previous(scenario_id)!r}")
    evidence = carry.get("evidence")
    if not isinstance(evidence, dict) or set(evidence) != set(SIDES):
        raise ValueError("the carried evidence must name both networks")
    for side in SIDES:
        track = evidence[side]
        if not isinstance(track, dict) or set(track) != set(COLOURS) or not all(
                isinstance(v, int) and 0 <= v <= TRACK_MAX for v in track.values()):
            raise ValueError(f"the carried {side} evidence must give 0-{TRACK_MAX} for each colour")
    step = CHAIN.index(scenario_id) + 1
    return {"step": step, "carry_in": {"from_scenario": carry["from_scenario"], "winner": _side_or_none(carry, "winner"),
                                       "evidence": {x: dict(evidence[x]) for x in SIDES},
                                       **_bonuses(carry)},
            "history": _history(carry)}


def _side_or_none(carry: dict, key: str) -> str | None:
    value = carry.get(key)
    if value is not None and value not in SIDES:
        raise ValueError(f"the carried {key} must be a network or none")
    return value


def _bonuses(carry: dict) -> dict:
    """The winner's kept item and the document changes after First Clash (K16), checked; absent ones stay out."""
    from . import content
    from .rules import item

    out = {}
    kept = carry.get("kept_item")
    if kept is not None:
        if not isinstance(kept, dict) or not set(kept) <= set(SIDES):
            raise ValueError("the carried item must be given per network")
        for side, item_id in kept.items():
            if item_id is not None:
                try:
                    item(item_id)
                except (KeyError, ValueError):
                    raise ValueError(f"the carried item {item_id!r} is not a Stawka item") from None
        out["kept_item"] = {x: kept.get(x) for x in SIDES}
    for key in ("kloss_document_out", "chief_out"):
        value = carry.get(key)
        if value is None:
            continue
        known = ({d.id for d in content.agent(content.KLOSS).documents} if key == "kloss_document_out"
                 else set(content.agents()))
        if value not in known:
            raise ValueError(f"the carried {key} {value!r} is unknown")
        out[key] = value
    return out


def _history(carry: dict) -> list[dict]:
    """The campaign so far: one line per finished scenario (scenario, winner, ending)."""
    history = carry.get("history", [])
    if not isinstance(history, list) or len(history) >= len(CHAIN):
        raise ValueError("the campaign history must list the scenarios played before")
    for line in history:
        if not isinstance(line, dict) or line.get("scenario") not in CHAIN or line.get("winner") not in (*SIDES, None) \
                or not isinstance(line.get("ending"), str):
            raise ValueError("a line of the campaign history is damaged")
    return [{"scenario": h["scenario"], "winner": h["winner"], "ending": h["ending"]} for h in history]


def apply_carry_in(game, campaign: dict) -> None:
    """Each side's investigation tracks start where the previous scenario left them (K16); the side that kept an
    item knows that tile."""
    s = game.state
    carried = campaign["carry_in"]["evidence"]
    for side in SIDES:
        s.evidence[side] = dict(carried[side])
    for side, item_id in (campaign["carry_in"].get("kept_item") or {}).items():
        if item_id and item_id not in s.seen[side]:  # he kept it: a tile he knows, named in his view only (K12)
            s.seen[side].append(item_id)
    from .flow import evidence_words

    game.emit("carry_in", msg("Training campaign, scenario {step} of 3. Evidence carried over: Polish {polish}; "
                              "German {german}.", step=campaign["step"], polish=evidence_words(carried["polish"]),
                              german=evidence_words(carried["german"])), campaign=campaign["step"])


def next_options(view: dict) -> dict | None:
    """From a finished scenario's public view: the options of the campaign's next scenario, if it is playable."""
    carry = view.get("carry_over") or {}
    nxt = carry.get("next_scenario")
    if view.get("result") is None or nxt not in CHAIN or not carry.get("evidence"):
        return None
    from .scenario_rules import playable_scenarios

    if nxt not in playable_scenarios():
        return None
    passed = {k: carry[k] for k in ("kept_item", "kloss_document_out", "chief_out", "history")
              if carry.get(k) is not None}
    return {"scenario": nxt, **kept_kloss_document(view, carry),
            "campaign": {"carry_in": {"from_scenario": carry.get("from_scenario"), "winner": carry.get("winner"),
                                      "evidence": carry["evidence"], **passed}}}


def kept_kloss_document(view: dict, carry: dict) -> dict:
    """{"kloss_document": ...}: Kloss goes on with the document he carried (First Clash's bonus: only 'if the
    German Player exposed Hans Kloss ... the Hans Kloss document must be changed', so it stays otherwise);
    {} after an exposure (the set-up takes another) or when he is no longer in play."""
    from .content import KLOSS

    kloss = next((a for a in view.get("agents", []) if a.get("id") == KLOSS), None)
    if carry.get("kloss_document_out") or kloss is None:
        return {}
    return {"kloss_document": kloss["document"]["id"]}


def standing(view: dict) -> list[dict]:
    """Where the training campaign stands, for the client: each scenario with its result, the one in
    play ("playing"), still to come ("next" for the one the carry-over leads to, else "later"), or not played
    because the campaign began after it ("skipped")."""
    carry = view.get("carry_over") or {}
    history = {h["scenario"]: h for h in carry.get("history") or (view.get("campaign") or {}).get("history", [])}
    here = view["scenario"]["id"]
    begun = min([CHAIN.index(s) for s in history] + [CHAIN.index(here)] if here in CHAIN else [0])
    rows = []
    for n, scenario in enumerate(CHAIN):
        if n < begun:  # K16: a campaign may begin at scenario 2 or 3
            rows.append({"scenario": scenario, "state": "skipped"})
            continue
        if scenario in history:
            rows.append({"scenario": scenario, "state": "done", "winner": history[scenario]["winner"],
                         "ending": history[scenario]["ending"]})
        elif scenario == here:
            rows.append({"scenario": scenario, "state": "playing"})
        else:
            rows.append({"scenario": scenario, "state": "next" if scenario == carry.get("next_scenario") else "later"})
    return rows


def kept_item_for(state) -> tuple[str, str] | None:
    """(side, item) the campaign's last winner kept for this scenario and has not yet handed to an agent."""
    carry = (state.options.get("campaign") or {}).get("carry_in") or {}
    for side, item_id in (carry.get("kept_item") or {}).items():
        if item_id and not any(item_id in a.items for a in state.agents.values()):
            return side, item_id
    return None


def offer_kept_item(game) -> None:
    """Stage 1, before the planning cards: the side that kept an item chooses the agent who starts with it (A29)."""
    from .state import Pending

    s = game.state
    kept = kept_item_for(s)
    if kept is None or s.stage != 1 or any(p.kind == "campaign_item" for p in s.pending):
        return
    side, item_id = kept
    s.pending.insert(0, Pending("campaign_item", side, "", items=(item_id,)))
    from . import texts as T

    # K12: which tile he kept is his to know (First Clash's carry-over line says "one item" too)
    game.emit("campaign_item", msg("The {side} player kept one item from the last scenario and gives it to one of "
                                   "his agents.", side=T.PLAYER_SIDE[side]), seat=side)
    game.emit("campaign_item_named", msg("You kept {item}: choose the agent who starts with it.",
                                         item=T.item_name(item_id)), to=side, item=item_id)


def give_kept_item(game, agent_id: str) -> None:
    """The kept tile leaves its location's stack (it was shuffled in with the rest) for the chosen agent."""
    from . import texts as T

    s = game.state
    p = s.pending.pop(0)
    (item_id,) = p.items
    for stack in s.stacks.values():
        if item_id in stack:
            stack.remove(item_id)
    s.agents[agent_id].items.append(item_id)
    game.emit("campaign_item_given", msg("{name} starts with the kept item.", name=T.agent(agent_id)),
              agent=agent_id)
    game.emit("campaign_item_named", msg("{name} starts with {item}.", name=T.agent(agent_id),
                                         item=T.item_name(item_id)), to=p.seat, agent=agent_id, item=item_id)
