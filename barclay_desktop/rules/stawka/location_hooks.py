"""Location cards (ADVANCED): the special actions that use the engine's other rules (the plan's step 3).

Rulebook, Location Cards 3 (L405-L409: "Location cards may change the rules of, among others, search,
movement, conversation and arrest"), Release of the Arrested 2 (L353), Telephone connections (L171); rulings
K10, K12, K13 and the proposals A9, A18, A20, A24-A26 of docs/stawka-advanced-plan.md (section 5.1, the rows
marked (N)). location_actions.py offers and applies every card; the keys below come here. Each effect is the
existing rule called without its AP and without being the activation's action (A8):

| key | cards | effect |
| --- | --- | --- |
| `move_in_sector` | P theatre, quay; G railway station, proving ground | one own free agent (`target`) to any space (`space`) of the card's sector (A26) |
| `move_to_location` | P railway station; G rail office | the user to any location (`space`) of the board (A26) |
| `search_again` | P market, officers' apartments, design office; G market, quay | search.start_search(by_card): no AP, markers ignored (A25) |
| `telephone_conversation` | P rail office, telephone booth; G employment office, telephone booth | the usual conversation with a free enemy (`target`) on any telephone location, no AP, K13 as written (A18) |
| `move_threats` | P tenement; G park | pending "move_threats": up to N own tokens to free legal set-out spaces |
| `peek_items` | P employment office, factory; G Abwehr | the top N tiles of one location (`space`) shown to the user only, order kept |
| `release_prisoner` | P Gestapo, jail | one arrested Polish agent (`target`) stands up on the card's location (A20) |
| `interrogate` | G Gestapo, jail | one interrogation of a prisoner (`target`) by the user, free, not an action, K13 as written (A20) |
| `arrest_bonus` | G police station (+2), factory (+1) | the German arrest and kidnapping rolls go N his way until the stage ends, cards adding up (A24) |
| `draw_reaction` | P barracks, cafe; G theatre | N reaction cards, then the discard down to the limit (reaction_cards.py) |
| `room_217` | P hotel, G hotel | Hotel Excelsior only (A9): with 15 VP, the user holding the card's need wins |

A card move (A26) is not movement: no AP, no route, no token on the way; the destination is entered as by a
move: its document check or the fort's check (threat_play's check, mode "card"), then its enemy token (the
activated agent may discard it, P3; the owner's window, P4). A card's search or conversation is not a declared
action on the space (P4, P5 do not stop it: the card is not an action, L409).
"""

from __future__ import annotations

from ..core.message import msg, nmsg
from . import actions as A
from . import alertness, hotel, reaction_cards, threat_play
from . import texts as T
from .activation import finish_action, mark_seen
from .conversation import effectiveness, rank_of, rank_roll
from .flow import scenario_won
from .jail import jail_space, prisoners
from .location_cards import card as location_card
from .rules import board, doc, enemy_threat, entry_check, is_free, item, turned_back, watcher_spaces
from .state import GERMAN, Pending
from .threats import setout_spaces

HOOKED = ("move_in_sector", "move_to_location", "search_again", "telephone_conversation", "move_threats",
          "peek_items", "release_prisoner", "interrogate", "arrest_bonus", "draw_reaction", "room_217")


# ------------------------------------------------------------------ what a card may take


def _place(state, space: str):
    return T.place(board(state).spaces[space].label)


def _movers(state, seat: str) -> list[str]:
    return sorted(x for x, a in state.agents.items() if a.side == seat and is_free(state, x))


def _sector_spaces(state, location: str) -> list[str]:
    b = board(state)
    return sorted(s.id for s in b.spaces_in_face(b.face_of(location)))


def _unseen_top(state, seat: str, location: str, n: int) -> list[str]:
    """The top `n` tiles of a location (top first); empty when `seat` has been shown all of them."""
    top = state.stacks.get(location, [])[-n:][::-1]
    return top if any(i not in state.seen.get(seat, ()) for i in top) else []


def _telephone_targets(state, agent_id: str) -> list[str]:
    b = board(state)
    seat = state.agents[agent_id].side
    return sorted(x for x, e in state.agents.items()
                  if e.side != seat and is_free(state, x) and b.spaces[e.space].is_location
                  and b.spaces[e.space].telephone)


def own_tokens(state, seat: str, moved=()) -> list[str]:
    return sorted(sp for sp, t in state.threats.items() if t.side == seat and sp not in moved and not t.fixed)  # F18


def room_217_ready(state, seat: str, agent_id: str) -> bool:
    """Hotel Excelsior (L594-L598, F15): the block's VP gate passed and the card's need held: a valuable item by the
    German agent, a Top Secret card by the Polish player (its side's public count, advanced_items.py, A22). The
    block, not the scenario's name, opens it: no other scenario, a free one included, ever does (A9)."""
    if hotel.block(state) is None or hotel.hotel_closed(state, seat):
        return False
    if seat == GERMAN:
        return any(item(i).effect == "valuable" for i in state.agents[agent_id].items)
    from .advanced_items import top_secret_count

    return top_secret_count(state, seat) > 0


def options(state, card_id: str, agent_id: str) -> list[tuple[str, str]]:
    """(target, space) pairs the card's special action may take for this agent; empty when it changes nothing."""
    c = location_card(card_id)
    key, params = c.action.key, c.action.params
    a = state.agents[agent_id]
    seat = a.side
    if key == "move_in_sector":
        spaces = _sector_spaces(state, c.location)
        return [(m, sp) for m in _movers(state, seat) for sp in spaces
                if sp != state.agents[m].space and not turned_back(state, m, sp)]
    if key == "move_to_location":
        return [("", s.id) for s in board(state).locations()
                if s.id != a.space and not turned_back(state, agent_id, s.id)]
    if key == "search_again":  # F13: a card's search of the hotel is a search too
        return [("", "")] if state.stacks.get(a.space) and not hotel.search_closed(state, seat, a.space) else []
    if key == "telephone_conversation":
        return [(x, "") for x in _telephone_targets(state, agent_id)]
    if key == "move_threats":
        return [("", "")] if own_tokens(state, seat) and setout_spaces(state, seat) else []
    if key == "peek_items":
        n = int(params["count"])
        return [("", s.id) for s in board(state).locations() if _unseen_top(state, seat, s.id, n)]
    if key in ("release_prisoner", "interrogate"):
        return [(p, "") for p in sorted(prisoners(state))] if jail_space(state) else []
    if key in ("arrest_bonus", "draw_reaction"):
        if key == "draw_reaction" and not (state.reaction_deck or state.reaction_discard):
            return []
        return [("", "")]
    if key == "room_217":
        return [("", "")] if room_217_ready(state, seat, agent_id) else []
    return []


# ------------------------------------------------------------------ the effects


def apply(game, card_id: str, agent_id: str, target: str, space: str) -> None:
    """The card is already discarded and announced (location_actions.use); each branch ends the step itself."""
    s = game.state
    c = location_card(card_id)
    key, params = c.action.key, c.action.params
    seat = s.agents[agent_id].side
    if key == "move_in_sector":
        card_move(game, target, space)
    elif key == "move_to_location":
        card_move(game, agent_id, space)
    elif key == "search_again":
        from .search import start_search

        start_search(game, agent_id, None, by_card=True)
    elif key == "telephone_conversation":
        _telephone(game, agent_id, target)
    elif key == "move_threats":
        s.pending.insert(0, Pending("move_threats", seat, agent_id, data={"left": int(params["count"]), "moved": []}))
    elif key == "peek_items":
        _peek_items(game, seat, space, int(params["count"]))
    elif key == "release_prisoner":
        _release(game, target, c.location)
    elif key == "interrogate":
        game.emit("interrogate", msg("{name} interrogates {prisoner} with a location card (no AP).",
                                     name=T.agent(agent_id), prisoner=T.agent(target)),
                  agent=agent_id, prisoner=target, card=card_id)
        alertness.start(game, "interrogation", agent=agent_id, prisoner=target, space=jail_space(s))
    elif key == "arrest_bonus":
        _arrest_bonus(game, seat, int(params["bonus"]))
    elif key == "draw_reaction":
        reaction_cards.draw(game, seat, int(params["count"]))
        if not reaction_cards.open_discard(game, seat, {"then": "location_card"}):
            finish_action(game)
    elif key == "room_217":
        reason = msg("{name} opens room 217 of the Hotel Excelsior: the {side} player wins.", name=T.agent(agent_id),
                     side=T.PLAYER_SIDE[seat])
        scenario_won(game, seat, reason, "room_217")


def card_move(game, mover: str, to: str) -> None:
    """A26: a move by card - no AP, no route; the destination's document check first, as an entry."""
    s = game.state
    if entry_check(s, mover, to) is not None:
        threat_play.open_document_check(game, mover, to, "card")
        return
    enter_by_card(game, mover, to)


def enter_by_card(game, mover: str, to: str, fort_passed: bool = False, token_passed: bool = False) -> None:
    """The card's move enters `to` (after any check passed): a watcher stops the activated agent's movement; an
    enemy token there is met (P3 for the activated agent; else the owner's window, P4)."""
    s = game.state
    check = entry_check(s, mover, to)
    if check is not None and check[0] == "token" and token_passed and s.threats[to].fixed:
        check = None  # F18: Top Secret's factory check, passed, stays behind him
    if check is not None and not (fort_passed and check[0] == "fort"):  # the fort's check after a token's
        threat_play.open_document_check(game, mover, to, "card")
        return
    a = s.agents[mover]
    frm = a.space
    a.space = to
    game.emit("card_move", msg("{name} goes to the {place} by a location card (no AP).", name=T.agent(mover),
                               place=_place(s, to)), agent=mover, path=[frm, to])
    act = s.activation
    mine = act is not None and act.agent == mover
    if mine and to in watcher_spaces(s, a.side):
        act.move_stopped = True
        game.emit("stopped", msg("{name} entered a watcher's space: the movement ends there.", name=T.agent(mover)),
                  agent=mover)
    if enemy_threat(s, mover, to) is not None:
        if mine:
            threat_play.after_entering(game, mover, to)
            return
        if threat_play.open_window(game, mover, to, None):
            return
    finish_action(game)


def _telephone(game, agent_id: str, target: str) -> None:
    """A18: the usual conversation (rank test, roll, re-roll items) by telephone; no AP, K13 as written (it
    neither uses up nor is barred by the pair's conversation); single-use conversation items are not named."""
    s = game.state
    game.emit("converse", msg("{name} telephones {target}: a conversation by a location card (no AP).",
                              name=T.agent(agent_id), target=T.agent(target)),
              agent=agent_id, target=target, by_card=True)
    mine, theirs = rank_of(s, agent_id, ()), doc(s, target).rank
    if mine >= theirs:
        game.emit("rank_test", msg("Rank {mine} against {theirs}: the conversation takes place.", mine=mine,
                                   theirs=theirs), passed=True)
        effectiveness(game, agent_id, target, ())
        return
    rank_roll(game, agent_id, target, (), mine)


def _peek_items(game, seat: str, location: str, n: int) -> None:
    """The top tiles are shown to the user only (K12) and stay in their order; the look itself is public."""
    s = game.state
    top = _unseen_top(s, seat, location, n)
    for i in top:
        mark_seen(s, i, (seat,))
    game.reveal(msg("Item tiles were looked at."))
    game.emit("tiles_peeked", nmsg("The {side} player looks at the top {n} item tile of the {place}.",
                                   "The {side} player looks at the top {n} item tiles of the {place}.", len(top),
                                   side=T.PLAYER_SIDE[seat], n=len(top), place=_place(s, location)),
              seat=seat, location=location, count=len(top))
    game.emit("tiles_peeked_own", msg("From the top, the {place} holds: {items}.", place=_place(s, location),
                                      items=T.both(T.item_name(i) for i in top)),
              to=seat, location=location, shown=list(top))
    finish_action(game)


def _release(game, prisoner: str, location: str) -> None:
    """A20, L353: the prisoner stands up, free, on the card's location."""
    s = game.state
    a = s.agents[prisoner]
    a.arrested = False
    a.space = location
    game.emit("released", msg("{name} is released at the {place}.", name=T.agent(prisoner),
                              place=_place(s, location)), agent=prisoner, space=location)
    finish_action(game)


def _arrest_bonus(game, seat: str, n: int) -> None:
    s = game.state
    s.arrest_bonus[seat] = s.arrest_bonus.get(seat, 0) + n  # A24: cards add up
    game.emit("arrest_bonus", msg("Until the end of the stage the arrest and kidnapping rolls go {n} in the {side} "
                                  "player's favour.", n=s.arrest_bonus[seat], side=T.PLAYER_SIDE[seat]),
              seat=seat, bonus=s.arrest_bonus[seat])
    finish_action(game)


# ------------------------------------------------------------------ the threat tokens moved (pending "move_threats")


def move_threat_actions(state, p) -> list:
    moved = p.data.get("moved", ())
    spaces = setout_spaces(state, p.seat)
    out = [A.MoveThreatByCard(frm, to) for frm in own_tokens(state, p.seat, moved) for to in spaces]
    return out + [A.DoneMovingThreats()]


def move_threat(game, frm: str, to: str) -> None:
    """One own token to a free legal space (Threat Tokens 3), face up or down as it lay; the move is public."""
    s = game.state
    p = s.pending.pop(0)
    s.threats[to] = s.threats.pop(frm)
    game.emit("threat_moved", msg("The {side} player moves a threat token from the {frm} to the {to}.",
                                  side=T.PLAYER_SIDE[p.seat], frm=_place(s, frm), to=_place(s, to)),
              seat=p.seat, frm=frm, dest=to)  # "to" would address the event
    left, moved = p.data["left"] - 1, [*p.data["moved"], to]
    nxt = Pending("move_threats", p.seat, p.agent, data={"left": left, "moved": moved})
    if left > 0 and len(move_threat_actions(s, nxt)) > 1:
        s.pending.insert(0, nxt)
        return
    finish_action(game)


def done_moving(game) -> None:
    game.state.pending.pop(0)
    finish_action(game)


# ------------------------------------------------------------------ why not


def explain(state, seat: str, action, key: str) -> str:
    name = T.agent(action.agent)
    if key == "room_217":
        if hotel.block(state) is None:  # A9
            return msg("This card's special action belongs to the Hotel Excelsior scenario; here it may only be "
                       "turned into AP.")
        if hotel.hotel_closed(state, seat):  # F13
            return hotel.closed_reason(state, seat)
        return msg("Room 217 opens only to a player with {vp} VP whose agent holds what the card names.",
                   vp=hotel.vp_gate(state))
    if key == "move_in_sector":
        return msg("Name one of your free agents and a space of the card's sector other than his own.")
    if key == "move_to_location":
        return msg("Name a location of the board other than {name}'s own.", name=name)
    if key == "search_again":
        if hotel.search_closed(state, seat, state.agents[action.agent].space):  # F13
            return hotel.closed_reason(state, seat)
        return msg("No item tiles are left at {name}'s location.", name=name)
    if key == "telephone_conversation":
        return msg("Name a free enemy agent standing on a location with a telephone.")
    if key == "move_threats":
        return msg("You have no threat token on the board, or no free legal space to move one to.")
    if key == "peek_items":
        return msg("Name a location with item tiles whose top tiles you have not all seen.")
    if key in ("release_prisoner", "interrogate"):
        return msg("Name a Polish agent in the jail.")
    if key == "draw_reaction":
        return msg("No reaction card is left to draw.")
    return msg("That is not a legal move right now.")


def explain_pending(state, action) -> str:
    return msg("Threat tokens are moved only right after a location card that moves them.")
