"""Reaction cards (ADVANCED): the windows an enemy activation opens, and the block (build order step 5).

Rulebook, Reaction Cards 1-4 (L417-L425), Activating an Agent 6 (L235); the proposals A11-A16 and section 4
of docs/stawka-advanced-plan.md. Three hooks, each inside the other player's activation, as the EXTENDED
threat windows (threat_play.py) are:
- movement (red): once per movement, when the route of its first `move` is declared, before it is walked (A12);
- search (purple): after the tile is drawn (the searcher has seen it), before his keep-or-evidence decision;
- conversation (yellow): after the initiator's final roll (re-roll items used), before the result applies (A14).
A window opens when the acting agent's enemy holds at least one reaction card - a public count - never on
whether one is playable (A11), so it opens alike in a twin where his hand is redealt. Inside it he plays a card
of its colour that he can play now (reaction_effects.choices) or passes; one card per action (A15: one window
per search or conversation, one red window per movement, `Activation.reacted`). A played card lies face up in
the discard (A6); then the acting player, if he holds any card (A11), may block it with a card of the same
colour carrying the block symbol: both are discarded and nothing happens; a block is not blocked (A16).
Unblocked, the card takes effect (reaction_effects.apply_reaction_effect, step 6) and the step resumes.
"""

from __future__ import annotations

import copy

from ..core.message import msg
from . import actions as A
from . import texts as T
from .reaction_cards import COLOUR_WORDS, card, card_name
from .reaction_effects import apply_reaction_effect, choices
from .rules import advanced, board
from .state import Pending, other

KINDS = ("reaction_window", "block_window")
TRIGGERS = {"red": "movement", "purple": "search", "yellow": "conversation"}
ACTIONS = (A.PlayReaction, A.PassReaction, A.BlockReaction, A.AcceptReaction)


# ------------------------------------------------------------------ the hooks


def offer_movement(game, agent_id: str, step: dict) -> bool:
    """A `move` (or a city map's move) is declared along `step["path"]`: the movement begins; its red window
    opens at its first route only (A12). True when a window opened (the handler stops; `resume` walks on)."""
    s = game.state
    if not advanced(s):
        return False
    from .activation import start_step

    start_step(game, agent_id, "move")
    if "move" in s.activation.reacted:
        return False
    s.activation.reacted.append("move")
    return _open(game, "red", agent_id, step, 0, location=step["path"][-1])


def offer_search(game, agent_id: str, where: str, at: int) -> bool:
    """The searched tile is drawn and its "found" decision queued at `pending[at]`: the purple window first."""
    if not advanced(game.state):
        return False
    return _open(game, "purple", agent_id, {"kind": "search", "location": where}, at, location=where)


def offer_conversation(game, agent_id: str, target: str, result: str) -> bool:
    """The initiator's roll is final and `result` not yet applied: the yellow window (A14)."""
    s = game.state
    if not advanced(s):
        return False
    step = {"kind": "conversation", "target": target, "result": result, "roll": copy.deepcopy(s.last_dice)}
    return _open(game, "yellow", agent_id, step, 0, target=target)


def _open(game, colour: str, agent_id: str, step: dict, at: int, target: str = "", location: str = "") -> bool:
    s = game.state
    reactor = other(s.agents[agent_id].side)
    if not s.reaction_hand.get(reactor):  # A11: the public count, never the cards
        return False
    s.pending.insert(at, Pending("reaction_window", reactor, agent_id, target=target, location=location,
                                 data={"colour": colour, "step": step}))
    return True


def resume(game, agent_id: str, step: dict) -> None:
    """The window is closed: carry on with the step it interrupted."""
    from .activation import finish_action

    s = game.state
    if s.result is not None or s.winner is not None:  # an effect's evidence ended the scenario
        return
    kind = step["kind"]
    if kind == "done":  # a card's effect walked the agent, emptied the search or cancelled the result (step 6)
        finish_action(game)
    elif kind == "move":
        from .threat_play import move

        move(game, agent_id, list(step["path"]))
    elif kind == "map":
        from .handlers import walk_by_map

        walk_by_map(game, agent_id, step["path"][-1])
    elif kind == "conversation":
        from .conversation import apply_result

        apply_result(game, agent_id, step["target"], step["result"])
    else:  # a search: the found tile's decision is next in the queue
        finish_action(game)


# ------------------------------------------------------------------ the decisions


def window_legal(state, p) -> list:
    """The reactor's cards of the window's colour he can play now, each with its targets; then the pass."""
    out = []
    for c in sorted(state.reaction_hand.get(p.seat, ()), key=_number):
        out += [A.PlayReaction(c, ch) for ch in choices(state, p.seat, c, p)]
    return out + [A.PassReaction()]


def block_legal(state, p) -> list:
    colour = p.data["colour"]
    return [A.BlockReaction(c) for c in sorted(state.reaction_hand.get(p.seat, ()), key=_number)
            if card(c).colour == colour and card(c).block] + [A.AcceptReaction()]


def _number(card_id: str) -> int:
    return int(card_id.rsplit(".", 1)[-1])


def play(game, card_id: str, choice: str) -> None:
    s = game.state
    p = s.pending.pop(0)
    seat = p.seat
    _to_discard(game, seat, card_id)
    words = dict(side=T.PLAYER_SIDE[seat], name=T.agent(p.agent), card=card_name(card_id, seat))
    if choice in s.agents:
        text = msg("The {side} player plays a reaction card against {name}, for {agent}: {card}.",
                   agent=T.agent(choice), **words)
    elif choice:
        text = msg("The {side} player plays a reaction card against {name}, at the {place}: {card}.",
                   place=T.place(board(s).spaces[choice].label), **words)
    else:
        text = msg("The {side} player plays a reaction card against {name}: {card}.", **words)
    game.emit("reaction_played", text, seat=seat, card=card_id, colour=p.data["colour"],
              half=card(card_id).half(seat).key, choice=choice, agent=p.agent)
    data = {**copy.deepcopy(p.data), "card": card_id, "by": seat, "choice": choice}
    mover = other(seat)
    if s.reaction_hand.get(mover):  # A11, A16: the acting player may block
        s.pending.insert(0, Pending("block_window", mover, p.agent, target=p.target, location=p.location, data=data))
        return
    _take_effect(game, p.agent, data)


def pass_window(game) -> None:
    """The same line whether or not a card could have been played (A11, section 4.5)."""
    s = game.state
    p = s.pending.pop(0)
    game.emit("reaction_passed", msg("The {side} player does not react.", side=T.PLAYER_SIDE[p.seat]), seat=p.seat,
              colour=p.data["colour"], agent=p.agent)
    resume(game, p.agent, p.data["step"])


def block(game, card_id: str) -> None:
    s = game.state
    p = s.pending.pop(0)
    _to_discard(game, p.seat, card_id)
    game.emit("reaction_blocked", msg("The {side} player blocks it with {card}: both cards are discarded.",
                                      side=T.PLAYER_SIDE[p.seat], card=card_name(card_id, p.seat)),
              seat=p.seat, card=card_id, blocked=p.data["card"])
    resume(game, p.agent, p.data["step"])


def accept(game) -> None:
    p = game.state.pending.pop(0)
    _take_effect(game, p.agent, copy.deepcopy(p.data))


def _to_discard(game, seat: str, card_id: str) -> None:
    s = game.state
    s.reaction_hand[seat].remove(card_id)
    s.reaction_discard.append(card_id)  # face up, public (A6)
    game.reveal(msg("A reaction card was played."))


def _take_effect(game, agent_id: str, data: dict) -> None:
    """An unblocked card: its record, its effect (reaction_effects, step 6), then the step resumes."""
    card_id, seat = data["card"], data["by"]
    half = card(card_id).half(seat)
    game.emit("reaction_effect", msg("The {side} player's reaction card takes effect: {card}.",
                                     side=T.PLAYER_SIDE[seat], card=card_name(card_id, seat)),
              seat=seat, card=card_id, key=half.key, params=dict(half.params), choice=data["choice"], agent=agent_id)
    context = {**data, "agent": agent_id}
    apply_reaction_effect(game, card_id, seat, context)
    resume(game, agent_id, context["step"])


# ------------------------------------------------------------------ why not, prompts, views


def explain(state, seat: str, action) -> str:
    if not advanced(state):
        return msg("Reaction cards are part of the ADVANCED rules, not of this scenario.")
    p = state.pending[0] if state.pending else None
    kind = p.kind if p is not None else None
    if kind in KINDS and p.seat != seat:
        if kind == "block_window":
            return msg("The {side} player may block your card now; a block itself cannot be blocked.",
                       side=T.PLAYER_SIDE[p.seat])
        return msg("The {side} player may react to your agent now; you may block only a card he plays.",
                   side=T.PLAYER_SIDE[p.seat])
    window = "block_window" if isinstance(action, (A.BlockReaction, A.AcceptReaction)) else "reaction_window"
    if kind != window:
        if isinstance(action, (A.BlockReaction, A.AcceptReaction)):
            return msg("A block answers a reaction card the enemy plays during your own activation.")
        if state.turn == seat:
            return msg("No reaction card is played in your own activation, except a block against the enemy's card.")
        return msg("A reaction card is played only when an enemy agent moves, searches or holds a conversation, "
                   "in the window that opens for it.")
    card_id = getattr(action, "card", None)
    if card_id is not None:
        try:
            c = card(card_id)
        except KeyError:
            return msg("There is no such reaction card.")
        if card_id not in state.reaction_hand.get(seat, ()):
            return msg("That reaction card is not in your hand.")
        colour = p.data["colour"]
        if c.colour != colour:
            return msg("Only a {colour} card answers this: {trigger}", colour=COLOUR_WORDS[colour],
                       trigger=_trigger_words(state, p))
        if isinstance(action, A.BlockReaction):
            return msg("That card has no block symbol: only a card with it cancels the enemy's card.")
        targets = choices(state, seat, card_id, p)
        if not targets:
            key = c.half(seat).key
            if key == "threat_on_path":
                return msg("None of your threat tokens can be put on a space of this route: your pool is empty or "
                           "no space on it is free and legal for your tokens.")
            return msg("None of your free agents is in the sector of this search.")
        if targets == [""]:
            return msg("This card names no space and no agent.")
        if c.half(seat).key == "take_item":
            return msg("Name one of your free agents in the sector of this search.")
        return msg("Name a space of the declared route, after its start, where the card takes effect.")
    return msg("That is not a legal move right now.")


def _trigger_words(state, p):
    name = T.agent(p.agent)
    colour = p.data["colour"]
    if colour == "red":
        return msg("{name} is moving.", name=name)
    if colour == "purple":
        return msg("{name} has searched.", name=name)
    return msg("{name} has rolled in a conversation.", name=name)


def prompt(state, p):
    name = T.agent(p.agent)
    if p.kind == "block_window":
        played = card_name(p.data["card"], other(p.seat))
        if len(block_legal(state, p)) > 1:
            return msg("The enemy plays against {name}: {card}. Block it with a card of its colour with the block "
                       "symbol, or let it take effect.", name=name, card=played)
        return msg("The enemy plays against {name}: {card}. You have no card to block it: let it take effect.",
                   name=name, card=played)
    playable = len(window_legal(state, p)) > 1
    colour = p.data["colour"]
    if colour == "red":
        if playable:
            return msg("{name} is moving: play a red reaction card on a space of his route, or pass.", name=name)
        return msg("{name} is moving: you have no card to play now.", name=name)
    if colour == "purple":
        if playable:
            return msg("{name} has searched: play a purple reaction card, or pass.", name=name)
        return msg("{name} has searched: you have no card to play now.", name=name)
    if playable:
        return msg("{name} has rolled in a conversation: play a yellow reaction card, or pass.", name=name)
    return msg("{name} has rolled in a conversation: you have no card to play now.", name=name)


def waiting(state, p):
    """What the other seat reads: public (the window opens on the count of cards, A11)."""
    side = T.PLAYER_SIDE[p.seat]
    if p.kind == "block_window":
        return msg("The {side} player may block the reaction card.", side=side)
    return msg("The {side} player may play a reaction card.", side=side)


PROMPT = msg("Play a reaction card of the window's colour, or pass.")
ASIDE = msg("play a reaction card, or pass.")
BLOCK_PROMPT = msg("Block the enemy's reaction card with a card of its colour with the block symbol, or let it "
                   "take effect.")
BLOCK_ASIDE = msg("block the enemy's reaction card, or let it take effect.")


def window_view(state, seat: str | None) -> dict | None:
    """The open window, public (who decides, its colour, the card played); the playable cards for its seat."""
    p = state.pending[0] if state.pending else None
    if p is None or p.kind not in KINDS:
        return None
    step = p.data["step"]
    out = {"kind": p.kind, "seat": p.seat, "colour": p.data["colour"], "trigger": TRIGGERS[p.data["colour"]],
           "agent": p.agent, "route": list(step.get("path", ())), "card": p.data.get("card"),
           "by": p.data.get("by"), "choice": p.data.get("choice")}
    if seat == p.seat:
        legal = window_legal(state, p) if p.kind == "reaction_window" else block_legal(state, p)
        out["playable"] = sorted({a.card for a in legal if hasattr(a, "card")}, key=_number)
    return out


def check_invariants(state) -> None:
    windows = [p for p in state.pending if p.kind in KINDS]
    act = state.activation
    if not advanced(state):
        assert not windows and (act is None or not act.reacted), msg("a reaction window in a game without the "
                                                                      "ADVANCED rules")
        return
    assert len(windows) <= 1, msg("two reaction windows are open at once")
    for p in windows:
        assert act is not None and p.agent == act.agent and p.data.get("colour") in TRIGGERS, \
            msg("a reaction window is open outside an enemy activation")
        mover = state.agents[p.agent].side
        assert p.seat == (other(mover) if p.kind == "reaction_window" else mover), \
            msg("a reaction window is open for the wrong player")
        if p.kind == "block_window":
            assert p.data["card"] in state.reaction_discard and card(p.data["card"]).colour == p.data["colour"], \
                msg("a blocked reaction card is not in the discard")
    assert act is None or set(act.reacted) <= {"move"}, msg("an activation records an unknown reaction window")
