"""ADVANCED item tiles (issue 35, build order step 7): Top Secret cards, valuables, card draws, the reply defence.

docs/stawka-advanced-plan.md, section 1.4 and rulings A22-A23; `items.json`'s tiles whose effect has the level
"advanced" (K9, K11). Below ADVANCED every one of them is a plain tile, of use only as evidence (`rules.item_works`).

| effect | tiles | rule here |
| --- | --- | --- |
| `top_secret_casket` | 5 caskets (L114, L610) | A22: found, it is replaced by a Top Secret card for the finder's side; the tile leaves the game face up (the "found" decision offers only taking the card) |
| `top_secret_part` | stamp (courts), document (rail office) | A22, K9: held together by one activated agent (K15), both are discarded for one Top Secret card (`use_item`) |
| `valuable` | 6 tiles (L611) | A23: held as items; only Hotel Excelsior counts them (room 217, `location_hooks.room_217_ready`) |
| `draw_location_card` | telephone directory, phone tokens | `use_item`: draw N location cards "even above your limit" (A2: the next top-up then draws nothing) |
| `draw_reaction_card` | freight list, field telephone, newspaper | `use_item`: draw N reaction cards, then discard down to the limit of 3 (Reaction Cards 5) |
| `conversation_defence` | stage make-up, waiter's apron, tarpaulin ('*') | `reply_modifiers`: its modifier joins an enemy's reply roll (reciprocity, A19) against the holder, who is the activated initiator then (K15) |

Top Secret cards are public counts per side (`StawkaState.top_secret`, A22), shown in the view as `top_secret`.
"""

from __future__ import annotations

from ..core.message import msg
from . import actions as A
from . import location_cards, reaction_cards
from . import texts as T
from .activation import consume_item, finish_action, mark_seen
from .rules import advanced, held, item
from .state import SIDES

CASKET, PART, VALUABLE = "top_secret_casket", "top_secret_part", "valuable"
DRAW_LOCATION, DRAW_REACTION, DEFENCE = "draw_location_card", "draw_reaction_card", "conversation_defence"
USED_EFFECTS = (PART, DRAW_LOCATION, DRAW_REACTION)  # used on their own by the activated agent (`use_item`)


# ------------------------------------------------------------------ Top Secret cards (A22)


def top_secret_count(state, side: str) -> int:
    """The Top Secret cards `side` holds (public, A22); what room 217 asks of the Polish player (L596)."""
    return state.top_secret.get(side, 0)


def top_secret_view(state) -> dict | None:
    """Both sides' Top Secret cards (public counts), or None below ADVANCED."""
    if not advanced(state):
        return None
    return {x: top_secret_count(state, x) for x in SIDES}


def is_casket(state, item_id: str) -> bool:
    return advanced(state) and item(item_id).effect == CASKET


def found_legal(state, item_id: str) -> list | None:
    """The "found" decision on a casket at ADVANCED: only taking its Top Secret card (L114: "instead of an item
    tile"; A22); None for any other tile (keep it or use it as evidence)."""
    return [A.KeepItem(item_id)] if is_casket(state, item_id) else None


def casket_prompt(state):
    p = state.pending[0] if state.pending else None
    if p is None or p.kind != "found" or not p.items or not is_casket(state, p.items[0]):
        return None
    return msg("You cracked a casket with documents: take its Top Secret card (the tile leaves the game).")


def take_casket(game) -> None:
    """A22: the found casket leaves the game face up and the finder's side gains a Top Secret card."""
    s = game.state
    p = s.pending.pop(0)
    (iid,) = p.items
    side = s.agents[p.agent].side
    s.discarded.append(iid)
    mark_seen(s, iid)
    game.reveal(msg("A casket was shown."))
    s.top_secret[side] = top_secret_count(s, side) + 1
    game.emit("top_secret", msg("{name} cracks {item}: the {side} player takes a Top Secret card ({n} held).",
                                name=T.agent(p.agent), item=T.item_name(iid), side=T.PLAYER_SIDE[side],
                                n=s.top_secret[side]),
              seat=side, agent=p.agent, item=iid, count=s.top_secret[side], shown=[iid])
    finish_action(game)


def partner(state, agent_id: str, item_id: str) -> str | None:
    """The other Top Secret part the agent holds with `item_id` (the stamp's document, K9), or None."""
    other = item(item_id).params.get("other")
    for iid in state.agents[agent_id].items:
        if iid != item_id and item(iid).effect == PART and item(iid).name == other:
            return iid
    return None


# ------------------------------------------------------------------ items used on their own (K15)


def use_actions(state, agent_id: str) -> list:
    """The ADVANCED `use_item` actions of the activated agent: one for a held pair of parts (named by its first
    part), and each card-drawing tile while its deck has a card to give."""
    if not advanced(state):
        return []
    out = []
    parts = held(state, agent_id, PART)
    for iid in sorted(parts):
        other = partner(state, agent_id, iid)
        if other is not None and iid < other:
            out.append(A.UseItem(agent_id, iid))
    side = state.agents[agent_id].side
    if state.location_deck.get(side) or state.location_bottom.get(side):  # F12: the extra draw reaches the bottom
        out += [A.UseItem(agent_id, iid) for iid in held(state, agent_id, DRAW_LOCATION)]
    if state.reaction_deck or state.reaction_discard:  # a spent deck is rebuilt from the discard (A5)
        out += [A.UseItem(agent_id, iid) for iid in held(state, agent_id, DRAW_REACTION)]
    return out


def handles(state, item_id: str) -> bool:
    return advanced(state) and item(item_id).effect in USED_EFFECTS


def use(game, agent_id: str, item_id: str) -> None:
    """Apply a `use_item` of an ADVANCED tile (checked legal): the tile (and its partner) revealed and spent."""
    s = game.state
    t = item(item_id)
    side = s.agents[agent_id].side
    if t.effect == PART:
        other = partner(s, agent_id, item_id)
        consume_item(game, agent_id, item_id, "")
        consume_item(game, agent_id, other, "")
        s.top_secret[side] = top_secret_count(s, side) + 1
        game.emit("top_secret", msg("{name} puts {a} and {b} together: the {side} player takes a Top Secret card "
                                    "({n} held).", name=T.agent(agent_id), a=T.item_name(item_id),
                                    b=T.item_name(other), side=T.PLAYER_SIDE[side], n=s.top_secret[side]),
                  seat=side, agent=agent_id, item=item_id, count=s.top_secret[side])
        finish_action(game)
        return
    consume_item(game, agent_id, item_id, "")
    n = int(t.params.get("count", 1))
    if t.effect == DRAW_LOCATION:  # "even above your limit" (A2)
        location_cards.draw(game, side, n)
        finish_action(game)
        return
    reaction_cards.draw(game, side, n)  # DRAW_REACTION: "hand limit 3"
    if not reaction_cards.open_discard(game, side, {"then": "item"}):
        finish_action(game)


def explain_use(state, action) -> str | None:
    """Why an ADVANCED tile's `use_item` is refused now (the activated agent holds it), or None if not one."""
    t = item(action.item)
    if not advanced(state) or t.effect not in USED_EFFECTS + (CASKET, VALUABLE, DEFENCE):
        return None
    if t.effect == PART:
        return msg("{item} makes a Top Secret card only held together with the {other} by the same agent.",
                   item=T.item_name(action.item), other=T.item_name(_other_part(action.item)))
    if t.effect == DRAW_LOCATION:
        return msg("Your location deck is spent: {item} has no card to give.", item=T.item_name(action.item))
    if t.effect == DRAW_REACTION:
        return msg("No reaction card is left in the deck or the discard: {item} has none to give.",
                   item=T.item_name(action.item))
    if t.effect == VALUABLE:
        return msg("{item} is a valuable: it is only held (Hotel Excelsior counts it), or used as evidence.",
                   item=T.item_name(action.item))
    return msg("{item} is not used on its own: {text}", item=T.item_name(action.item), text=T.item_text(action.item))


def _other_part(item_id: str) -> str:
    from .content import items

    other = item(item_id).params.get("other")
    return next(t.id for t in items() if t.effect == PART and t.name == other)


# ------------------------------------------------------------------ the reply defence (A19, K15)


def reply_modifiers(state, holder: str) -> list[tuple]:
    """The modifiers the holder's items give to an enemy's reply roll against him (reaction card "reciprocity",
    A19): each held `conversation_defence` tile ('*', face up) adds its modifier (-1) while the holder is the
    activated agent (K15: only an activated agent uses items; the replier's own items are his own, K15).
    Step 6's reply roll adds these to its modifiers; [] below ADVANCED or when the holder is not activated."""
    if not advanced(state) or state.activation is None or state.activation.agent != holder:
        return []
    return [(T.item_name(iid), int(item(iid).params["modifier"])) for iid in held(state, holder, DEFENCE)]


# ------------------------------------------------------------------ valuables (A23)


def valuables(state, agent_id: str) -> list[str]:
    """The valuable items the agent holds (A23: they matter only in Hotel Excelsior, L611)."""
    return held(state, agent_id, VALUABLE) if advanced(state) else []


# ------------------------------------------------------------------ integrity


def check_invariants(state) -> None:
    """A22: Top Secret cards only at ADVANCED, public counts that never exceed what made them (a casket or the
    stamp and document, all out of the game). (A casket may still be held: one kept in First Clash, where it was a
    plain tile, and carried into scenario 3 by K16; it stays a plain tile.)"""
    if not advanced(state):
        assert not state.top_secret, msg("Top Secret cards are in a game without the ADVANCED rules")
        return
    assert set(state.top_secret) <= set(SIDES) and all(v >= 0 for v in state.top_secret.values()), \
        msg("a count of Top Secret cards is out of range")
    gone = set(state.discarded)
    made = sum(1 for i in gone if item(i).effect == CASKET)
    parts = [i for i in gone if item(i).effect == PART]
    made += len(parts) // 2
    assert sum(state.top_secret.values()) <= made, msg("more Top Secret cards are held than were found or made")
