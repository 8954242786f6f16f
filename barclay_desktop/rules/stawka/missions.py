"""Mission cards (EXTENDED rules): taking, progress, completion, claims and rewards.

Rulebook, Mission Cards 1-5 and Training Scenario 2; rulings K3, K10, K12; our P16-P21
(docs/stawka-rules-notes.md). An agent holds at most one card (`state.missions`). Which card
he holds is hidden from the opponent (P16); the facts a goal is measured by are public events
recorded on the `HeldMission` from the moment the card was taken (P18). A reached special
completes the card at once; a reached basic is banked and claimed by its owner (P19). Rewards
come from the scenario (P20). A completed or lost card lies face up (`state.missions_done`).

Hooks for the other EXTENDED modules: `on_event(game, agent, "arrest" | "kidnap")` after a
successful arrest or kidnapping by `agent`, and `note_threat_removed(game, agent)` when `agent`
removed an enemy threat token (discard, wire cutters, a passed document check on a token).
`special_goal(state, agent)` tells whether a held card allows an arrest (P13); `reveal(game,
agent)` shows a held card to both when a rule uses it.
"""

from __future__ import annotations

import functools

from ..core.message import Message, msg
from . import content, film, flow
from . import texts as T
from .activation import finish_action, spend, start_step
from .rules import (
    agents_at, ap_left, board, can_act_now, can_afford_action, colour, extended, is_free, item, item_works,
)
from .scenario_rules import scenario_rules
from .state import HeldMission

TAKE_AP = 1  # Activating an Agent 3: passing or taking a mission card, 1 AP
WEAPON_EFFECTS = ("weapon", "ranged_weapon")




@functools.lru_cache(maxsize=None)
def _cards() -> dict:
    return {c.id: c for c in content.missions()}


def card(card_id: str):
    return _cards()[card_id]


def cards_left(state, agent_id: str) -> list[str]:
    """The agent's cards neither completed nor lost (the one he holds included): public (P16)."""
    return [c.id for c in content.missions_for(agent_id) if c.id not in state.missions_done]


def is_chief(state, agent_id: str) -> bool:
    return content.agent(agent_id).chief


def can_receive(state, agent_id: str, by_item: bool) -> bool:
    """P17: a free agent holding no card, with a card left; Kloss, Brunner and Stedtke never, Fritz Kopf
    only by an item."""
    rule = content.agent(agent_id).missions
    allowed = rule != "no" if by_item else rule == "yes"
    return (allowed and is_free(state, agent_id) and agent_id not in state.missions
            and bool(cards_left(state, agent_id)))


def enemy_in_sector(state, side: str, space: str) -> bool:
    """P17: a free enemy agent stands in the sector face of `space`."""
    b = board(state)
    face = b.face_of(space)
    return any(a.side != side and is_free(state, aid) and b.face_of(a.space) == face
               for aid, a in state.agents.items())


def take_options(state, agent_id: str, space: str | None = None, budget: int | None = None) -> list[tuple]:
    """(receiver, card) pairs the agent may pass or take as his action, standing on `space` with `budget` AP
    (default: where he is, with what he has)."""
    if not extended(state) or not is_free(state, agent_id):
        return []
    a = state.agents[agent_id]
    where = space or a.space
    if not can_afford_action(state, agent_id, TAKE_AP, space, budget):
        return []
    if enemy_in_sector(state, a.side, where):
        return []
    here = [x for x in agents_at(state, where, a.side) if x != agent_id and is_free(state, x)]
    if is_chief(state, agent_id):
        receivers = [x for x in here if not is_chief(state, x)]
    else:
        receivers = [agent_id] if any(is_chief(state, x) for x in here) else []
    return [(r, c) for r in receivers if can_receive(state, r, by_item=False) for c in cards_left(state, r)]


def can_take_at(state, agent_id: str, space: str, budget: int) -> bool:
    return bool(take_options(state, agent_id, space, budget))


def typewriter_items(state, agent_id: str) -> list[str]:
    """Held items that draw a random card (the typewriter), usable now (Mission Cards 3B, 5)."""
    if not extended(state) or not can_receive(state, agent_id, by_item=True):
        return []
    return [i for i in state.agents[agent_id].items if item(i).effect == "take_mission" and item_works(state, i)]


def giver(state, receiver: str, agent_id: str) -> str:
    """The chief of the meeting: the activated agent, or the chief on the receiver's space."""
    if agent_id != receiver:
        return agent_id
    a = state.agents[receiver]
    return next(x for x in agents_at(state, a.space, a.side) if x != receiver and is_chief(state, x))


# ------------------------------------------------------------------ taking a card


def take_mission(game, agent_id: str, receiver: str, card_id: str) -> None:
    """Mission Cards 4: the player chooses one of the receiver's cards; 1 AP, the activation's action."""
    s = game.state
    start_step(game, agent_id, "action")
    spend(game, agent_id, TAKE_AP)
    s.missions[receiver] = HeldMission(card_id, s.stage)
    chief = giver(s, receiver, agent_id)
    game.emit("mission_taken", msg("{name} takes a mission card from {chief} (1 AP).", name=T.agent(receiver),
                                   chief=T.agent(chief)), agent=agent_id, receiver=receiver)
    _tell_owner(game, receiver)
    finish_action(game)


def draw_random(game, agent_id: str) -> None:
    """Mission Cards 5: an item (the typewriter) gives a card drawn at random among the agent's cards left."""
    s = game.state
    card_id = s.rng.choice(cards_left(s, agent_id))
    game.reveal(msg("A mission card was drawn."))
    s.missions[agent_id] = HeldMission(card_id, s.stage)
    game.emit("mission_taken", msg("{name} draws a mission card at random.", name=T.agent(agent_id)),
              agent=agent_id, receiver=agent_id)
    _tell_owner(game, agent_id)


def _tell_owner(game, agent_id: str) -> None:
    s = game.state
    c = card(s.missions[agent_id].card)
    game.emit("mission_chosen", msg("{name}'s mission card. Basic: {basic} Special: {special}",
                                    name=T.agent(agent_id), basic=goal_text(c.basic), special=goal_text(c.special)),
              to=s.agents[agent_id].side, agent=agent_id, card=c.id)


def goal_text(goal) -> Message:
    """The goal's sentence from missions.json (the data extractor catalogues it)."""
    return Message(goal.text)


# ------------------------------------------------------------------ goals (P18)


def reached(state, goal, held: HeldMission) -> bool:
    """Is `goal` reached by what happened since the card was taken? (the plan's table 1.4)"""
    key, p = goal.key, goal.params
    if key == "visit_telephone":
        spaces = board(state).spaces
        return any(spaces[sp].telephone for sp in held.visited)
    if key == "visit_location":
        spaces = board(state).spaces
        return any(spaces[sp].key == p["location"] for sp in held.visited)
    if key == "search_count":
        return len(held.searched) >= int(p["count"])
    if key == "hold_items":
        return held.most_items >= int(p["count"])
    if key == "hold_weapon":
        return held.weapon_gained
    if key == "talk_colour":
        return p["colour"] in held.talked
    if key == "evidence_colour":
        return held.evidence_peaks.get(p["colour"], 0) >= int(p["amount"])
    if key == "assassinate_colour":
        return f"assassinate:{p['colour']}" in held.done
    if key in ("arrest", "kidnap"):
        return key in held.done
    if key == "discard_threats":
        return held.removed_threats >= int(p["count"])
    if key == "cross_sectors":
        return held.most_sectors >= int(p["count"])
    raise ValueError(f"unknown mission goal {key!r}")


def special_goal(state, agent_id: str):
    """The special goal of the card the agent holds, or None (an arrest by a card, P13, asks: key "arrest")."""
    held = state.missions.get(agent_id)
    return card(held.card).special if held is not None else None


def basic_banked(state, agent_id: str) -> bool:
    """P19: the holder's basic is reached and may be claimed (not while he is in the jail, P15)."""
    held = state.missions.get(agent_id)
    return held is not None and is_free(state, agent_id) and reached(state, card(held.card).basic, held)


def _update(game, agent_id: str, change) -> None:
    """Record a fact on the agent's card, then complete a reached special or bank a reached basic."""
    s = game.state
    held = s.missions.get(agent_id)
    if held is None or not is_free(s, agent_id) or s.winner is not None or s.result is not None:
        return  # P15: an arrested agent's mission counts nothing
    c = card(held.card)
    before = reached(s, c.basic, held)
    change(held)
    if reached(s, c.special, held):
        complete(game, agent_id, "special")
    elif not before and reached(s, c.basic, held):
        game.emit("mission_banked", msg("{name} has reached the basic mission: claim it during your "
                                        "turn, or work on for the special mission.", name=T.agent(agent_id)),
                  to=s.agents[agent_id].side, agent=agent_id, card=held.card)


def on_move(game, agent_id: str, path: list[str]) -> None:
    """After a movement step (move or city map): locations entered and sector faces stood in (the path's
    start counts at the movement's first step; one movement per activation)."""
    s = game.state
    if agent_id not in s.missions:
        return
    b = board(s)
    act = s.activation
    first = act is None or act.moved_spaces == len(path) - 1

    def change(held):
        if first or not held.faces:
            held.faces = [b.face_of(path[0])]
        for sp in path[1:]:
            face = b.face_of(sp)
            if face not in held.faces:
                held.faces.append(face)
            if b.spaces[sp].is_location and sp not in held.visited:
                held.visited.append(sp)
        held.most_sectors = max(held.most_sectors, len(held.faces))

    _update(game, agent_id, change)


def _note_once(game, agent_id: str, facts: str, fact) -> None:
    """Add `fact` to the held card's list `facts` (searched, talked, done) unless it is there already."""

    def change(held):
        noted = getattr(held, facts)
        if fact not in noted:
            noted.append(fact)

    _update(game, agent_id, change)


def on_search(game, agent_id: str, location: str) -> None:
    _note_once(game, agent_id, "searched", location)


def on_gain(game, agent_id: str, item_id: str) -> None:
    """The agent kept a found tile (hold_items, hold_weapon)."""
    s = game.state

    def change(held):
        held.most_items = max(held.most_items, len(s.agents[agent_id].items))
        if item(item_id).effect in WEAPON_EFFECTS and item_works(s, item_id):
            held.weapon_gained = True

    _update(game, agent_id, change)


def on_talk(game, agent_id: str, target: str) -> None:
    """A conversation the agent started takes place (its rank test passed), whatever its result."""
    _note_once(game, agent_id, "talked", colour(target))


def on_evidence(game, seat: str, col: str) -> None:
    """`seat`'s track against `col` went up: every card of that side measuring it notes the new height."""
    s = game.state
    value = s.evidence[seat][col]

    def change(held):
        held.evidence_peaks[col] = max(held.evidence_peaks.get(col, 0), value)

    for aid in [a for a in s.missions if a in s.agents and s.agents[a].side == seat]:
        _update(game, aid, change)


def note_threat_removed(game, agent_id: str) -> None:
    """Hook for the threat tokens: `agent_id` removed an enemy token (discard_threats)."""

    def change(held):
        held.removed_threats += 1

    _update(game, agent_id, change)


def on_event(game, agent_id: str, what: str, **facts) -> None:
    """Hook for the special goals reached by one deed of the holder: "arrest" (he arrested a Polish agent),
    "kidnap" (he kidnapped a German agent for exchange), "assassinate" (colour=: his assassination
    liquidated the enemy agent of that colour)."""
    _note_once(game, agent_id, "done", f"assassinate:{facts['colour']}" if what == "assassinate" else what)


# ------------------------------------------------------------------ completion and rewards (P19, P20)


def claim_options(state, seat: str) -> list[str]:
    """Own agents whose banked basic may be claimed now."""
    if not extended(state):
        return []
    return [aid for aid in state.missions if state.agents[aid].side == seat and basic_banked(state, aid)]


def claim(game, agent_id: str) -> None:
    complete(game, agent_id, "basic")
    finish_action(game)


def complete(game, agent_id: str, part: str) -> None:
    """The card is completed: shown to both, out of play, its reward paid by the scenario."""
    s = game.state
    held = s.missions.pop(agent_id)
    s.missions_done.append(held.card)
    seat = s.agents[agent_id].side
    c = card(held.card)
    rules = scenario_rules(s.scenario)
    vp = int(rules["vp"][f"{part}_mission"]) if rules["vp"] else 0
    secret = part == "special" and rules["special_mission_secret"]
    game.reveal(msg("A mission card was shown."))
    if part == "special":
        text = msg("{name} completes the special mission: {goal}", name=T.agent(agent_id),
                   goal=goal_text(c.special))
    else:
        text = msg("{name} completes the basic mission: {goal}", name=T.agent(agent_id),
                   goal=goal_text(c.basic))
    game.emit("mission_completed", text, agent=agent_id, card=held.card, part=part, vp=vp, secret=secret)
    if rules["special"]:
        from .film import on_mission

        on_mission(game, agent_id, part)  # F25: Top Secret's bonuses
    if secret:
        mission_secret(game, seat)
    if part == "special":
        flow.gain_vp(game, seat, vp, msg("a special mission"))
    else:
        flow.gain_vp(game, seat, vp, msg("a basic mission"))


def mission_secret(game, seat: str) -> None:
    """P20: a special mission's secret counts where secrets are counted; it resets no track and, not being a
    secret from a conversation, earns no conversation VP."""
    s = game.state
    if s.winner is not None or s.result is not None:
        return
    s.secrets[seat] += 1
    game.emit("mission_secret", msg("{side} gains a secret from a special mission ({n} in all).",
                                    side=T.NETWORK_NAME[seat], n=s.secrets[seat]), seat=seat,
              secrets=s.secrets[seat])
    need = scenario_rules(s.scenario)["secrets_to_win"]
    if need and s.secrets[seat] >= need:
        flow.scenario_won(game, seat, flow.secrets_won(seat, need), "secrets")
    film.on_secret(game, seat, how="mission")  # F2, F9: it counts for the radio station too


def lose(game, agent_id: str) -> None:
    """The holder is liquidated: his card leaves the game face up, unrewarded (P26)."""
    s = game.state
    held = s.missions.pop(agent_id, None)
    if held is None:
        return
    s.missions_done.append(held.card)
    game.reveal(msg("A mission card was shown."))
    game.emit("mission_lost", msg("{name}'s mission card leaves the game: {basic} / {special}",
                                  name=T.agent(agent_id), basic=goal_text(card(held.card).basic),
                                  special=goal_text(card(held.card).special)), agent=agent_id, card=held.card)


def reveal(game, agent_id: str) -> None:
    """Show the held card to both (an assassination uses it, P24); it stays held."""
    s = game.state
    held = s.missions[agent_id]
    if held.revealed:
        return
    held.revealed = True
    c = card(held.card)
    game.reveal(msg("A mission card was shown."))
    game.emit("mission_revealed", msg("{name} reveals a mission card: {special}", name=T.agent(agent_id),
                                      special=goal_text(c.special)), agent=agent_id, card=c.id)


# ------------------------------------------------------------------ why not, view, integrity


def explain_take(state, action) -> str:
    aid, r = action.agent, action.receiver
    name = T.agent(aid)
    if not extended(state):
        return msg("Mission cards belong to the EXTENDED rules, which this scenario does not use.")
    if r not in state.agents or state.agents[r].side != state.agents[aid].side:
        return msg("A mission card is passed to an agent of one's own network.")
    rname = T.agent(r)
    if not can_act_now(state, aid):
        return msg("{name} has already taken the action of this activation.", name=name)
    if ap_left(state, aid) < TAKE_AP:
        return msg("{name} has no AP left: passing a mission card needs 1 AP.", name=name)
    rule = content.agent(r).missions
    if rule == "no":
        return msg("{name} never takes a mission card.", name=rname)
    if rule != "yes":
        return msg("{name} takes a mission card only from an item.", name=rname)
    if not is_free(state, r) or not is_free(state, aid):
        return msg("An agent in the jail neither passes nor takes a mission card.")
    a = state.agents[aid]
    if aid == r:
        meeting = any(is_chief(state, x) and is_free(state, x) for x in agents_at(state, a.space, a.side))
    else:
        meeting = is_chief(state, aid) and state.agents[r].space == a.space
    if not meeting:
        return msg("A mission card is passed when the network chief and an agent of the network stand on one space.")
    if enemy_in_sector(state, a.side, a.space):
        return msg("An enemy agent is in this sector: mission cards are passed only in a sector without enemy "
                   "agents.")
    if r in state.missions:
        return msg("{name} already holds a mission card: an agent holds one at most.", name=rname)
    if action.card not in cards_left(state, r):
        return msg("That is not one of {name}'s mission cards still in play.", name=rname)
    return msg("That mission card cannot be passed now.")


def explain_claim(state, seat: str, action) -> str:
    aid = action.agent
    if not extended(state):
        return msg("Mission cards belong to the EXTENDED rules, which this scenario does not use.")
    if aid not in state.agents or state.agents[aid].side != seat:
        return msg("You claim only the missions of your own agents.")
    name = T.agent(aid)
    if aid not in state.missions:
        return msg("{name} holds no mission card.", name=name)
    if not is_free(state, aid):
        return msg("{name} is in the jail, where a mission counts nothing.", name=name)
    if state.phase != "activation" or state.turn != seat:
        return msg("A mission is claimed during your own turn.")
    return msg("The basic mission of {name}'s card is not reached yet.", name=name)


def explain_typewriter(state, agent_id: str) -> str:
    name = T.agent(agent_id)
    if not extended(state):
        return msg("Mission cards belong to the EXTENDED rules, which this scenario does not use.")
    if content.agent(agent_id).missions == "no":
        return msg("{name} never takes a mission card.", name=name)
    if agent_id in state.missions:
        return msg("{name} already holds a mission card: an agent holds one at most.", name=name)
    return msg("{name} has no mission cards left.", name=name)


def goal_possible(state, goal, side: str) -> bool:
    """P21: False for a goal this game can no longer reach - a colour with no enemy agent of it left in the
    scenario (talk, liquidate), a location not on this board. The card may still be taken."""
    if goal.key in ("talk_colour", "assassinate_colour"):
        enemies = [aid for aid, a in state.agents.items() if a.side != side]
        enemies += [aid for aid, s in state.to_place.items() if s != side]
        return any(colour(aid) == goal.params["colour"] for aid in enemies)
    if goal.key == "visit_location":
        return any(sp.key == goal.params["location"] for sp in board(state).locations())
    if goal.key == "visit_telephone":
        return any(sp.telephone for sp in board(state).locations())
    return True


def goal_view(goal, state=None, side: str | None = None) -> dict:
    out = {"key": goal.key, "params": dict(goal.params), "text": goal.text}
    if state is not None:
        out["possible"] = goal_possible(state, goal, side)
    return out


def card_view(state, card_id: str, side: str) -> dict:
    c = card(card_id)
    return {"card": c.id, "basic": goal_view(c.basic, state, side), "special": goal_view(c.special, state, side)}


def mission_view(state, agent_id: str, seat: str | None) -> dict | None:
    """The agent's card: the owner (and both, once revealed) see it; the opponent a silhouette (P16, K12)."""
    if not extended(state):
        return None
    side = state.agents[agent_id].side
    left = cards_left(state, agent_id)
    # the owner's own list of the agent's cards still in play, for the choice panel (P16, P21)
    choices = {"choices": [card_view(state, c, side) for c in left]} if side == seat else {}
    held = state.missions.get(agent_id)
    if held is None:
        return {"held": False, "cards_left": len(left), **choices}
    if side != seat and not held.revealed:
        return {"held": True, "hidden": True, "cards_left": len(left)}
    return {"held": True, "hidden": False, "cards_left": len(left), **card_view(state, held.card, side),
            "revealed": held.revealed, "taken_stage": held.taken_stage,
            "basic_banked": basic_banked(state, agent_id), **choices}


def done_view(state) -> list[dict] | None:
    """The completed and lost cards, face up (public)."""
    if not extended(state):
        return None
    return [{"card": cid, "agent": card(cid).agent, "basic": goal_view(card(cid).basic),
             "special": goal_view(card(cid).special)} for cid in state.missions_done]


def hidden_cards(state, seat: str | None) -> list[str]:
    """Held cards `seat` has not been shown (K12)."""
    return [h.card for aid, h in state.missions.items()
            if not h.revealed and (seat is None or state.agents[aid].side != seat)]


def scramble(state, seat: str | None, rng) -> None:
    """The twin: each unrevealed card the seat may not know becomes another card its holder could hold - one
    of his cards left whose special the public facts have not reached (else it would be complete)."""
    for aid, held in state.missions.items():
        if held.revealed or (seat is not None and state.agents[aid].side == seat):
            continue
        options = sorted(c for c in cards_left(state, aid) if not reached(state, card(c).special, held))
        if options:
            held.card = rng.choice(options)


def check_invariants(state) -> None:
    """Each held card is one of its holder's, not done; at most one per agent (a dict); done cards once."""
    for aid, held in state.missions.items():
        assert aid in state.agents, f"{aid} holds a mission card but is not on the board"
        assert card(held.card).agent == aid, f"{aid} holds another agent's card {held.card}"
        assert held.card not in state.missions_done, f"{held.card} is both held and done"
        assert content.agent(aid).missions != "no", f"{aid} may hold no mission card"
    assert len(set(state.missions_done)) == len(state.missions_done), "a mission card done twice"
    assert all(c in _cards() for c in state.missions_done), "an unknown mission card"
    if not extended(state):
        assert not state.missions and not state.missions_done, "mission cards in a BASIC game"
