"""Conversation (rulebook, Conversation 1-3; K4, K5, K6).

Rank test: an initiator of lower rank rolls 1d6 and talks only on a roll above
the rank difference. Effectiveness: 2d6 + traits + items + the investigation
track bonus against the target, compared with the TARGET's thresholds (they
are printed on the figure so the opponent can read them): single = 1 evidence,
double = 2, secret = 1 secret (only if the target holds at least 3 evidence,
else a double) which resets that track.
"""

from __future__ import annotations

from ..core.message import Joined, msg
from . import missions
from . import texts as T
from .activation import consume_item, finish_action, roll, spend, start_step
from .flow import gain_evidence, gain_secret
from .rules import (
    CONVERSATION_AP,
    SECRET_MIN_EVIDENCE,
    bonus,
    colour,
    doc,
    held,
    item,
    pair_key,
    track_range,
    trait,
)
from .state import Pending

EVIDENCE_FOR = {"single": 1, "double": 2}


def rank_of(state, agent_id: str, chosen: tuple[str, ...]) -> int:
    """Rank for the rank test: the document, reusable rank items, single-use ones revealed for it."""
    extra = sum(int(item(i).params["bonus"]) for i in chosen if item(i).effect == "rank_bonus")
    return doc(state, agent_id).rank + bonus(state, agent_id, "rank_bonus") + extra


def rank_test_passes(initiator_rank: int, target_rank: int, die: int | None) -> bool:
    """Conversation 2: equal or higher rank talks; lower rank needs a die above the difference."""
    if initiator_rank >= target_rank:
        return True
    return die is not None and die > target_rank - initiator_rank


def modifiers(state, agent_id: str, target: str, chosen: tuple[str, ...]) -> list[tuple[str, int]]:
    """Every modifier of the effectiveness roll, named for the log: both agents' traits, the initiator's items
    (K15: only the activated agent uses items) and the investigation track."""
    mods = []
    t = trait(state, agent_id)
    if t is not None and t.key == "conversation_bonus":
        mods.append((msg("{name}'s trait", name=T.agent(agent_id)), int(t.params["bonus"])))
    for iid in held(state, agent_id, "conversation_bonus", reusable=True):
        mods.append((T.item_name(iid), int(item(iid).params["bonus"])))
    for iid in chosen:
        if item(iid).effect == "conversation_bonus":
            mods.append((T.item_name(iid), int(item(iid).params["bonus"])))
    tt = trait(state, target)
    if tt is not None and tt.key == "conversation_defence":
        mods.append((msg("{name}'s trait", name=T.agent(target)), int(tt.params["modifier"])))
    # K15 (Item Tiles 3): the target is not activated and does not roll, so none of its items count here.
    seat = state.agents[agent_id].side
    evidence = state.evidence[seat][colour(target)]
    name, track_mod = track_range(evidence)
    if track_mod:
        mods.append((msg("investigation track ({n} evidence: {range})", n=evidence, range=T.RANGE_WORDS[name]),
                     track_mod))
    return mods


def outcome(state, seat: str, target: str, total: int) -> str:
    """K4: the target's thresholds; a secret needs 3+ evidence against the target, else it is a double."""
    result = doc(state, target).conversation.outcome(total)
    if result == "secret" and state.evidence[seat][colour(target)] < SECRET_MIN_EVIDENCE:
        return "double"
    return result


def start_conversation(game, agent_id: str, target: str, chosen: tuple[str, ...]) -> None:
    s = game.state
    start_step(game, agent_id, "action")
    spend(game, agent_id, CONVERSATION_AP)
    s.talked.append(pair_key(agent_id, target))  # K13: used up at initiation, so also by a failed rank test
    game.emit("converse", msg("{name} starts a conversation with {target} (1 AP).", name=T.agent(agent_id),
                              target=T.agent(target)),
              agent=agent_id, target=target)
    rank_items = tuple(i for i in chosen if item(i).effect == "rank_bonus")
    talk_items = tuple(i for i in chosen if item(i).effect != "rank_bonus")
    for iid in rank_items:
        consume_item(game, agent_id, iid, "rank")
    mine, theirs = rank_of(s, agent_id, rank_items), doc(s, target).rank
    if mine >= theirs:
        game.emit("rank_test", msg("Rank {mine} against {theirs}: the conversation takes place.", mine=mine,
                                   theirs=theirs), passed=True)
        effectiveness(game, agent_id, target, talk_items)
        return
    rank_roll(game, agent_id, target, talk_items, mine)


def rank_roll(game, agent_id: str, target: str, talk_items: tuple[str, ...], mine: int) -> None:
    s = game.state
    theirs = doc(s, target).rank
    (die,) = roll(game, 1, "rank")
    passed = rank_test_passes(mine, theirs, die)
    diff = theirs - mine
    words = dict(name=T.agent(agent_id), mine=mine, target=T.agent(target), theirs=theirs, die=die, diff=diff)
    if passed:
        text = msg("Rank test: {name} (rank {mine}) against {target} (rank {theirs}) rolls {die}: above the "
                   "difference {diff} - the conversation takes place.", **words)
    else:
        text = msg("Rank test: {name} (rank {mine}) against {target} (rank {theirs}) rolls {die}: not above the "
                   "difference {diff} - no conversation.", **words)
    game.emit("dice", text,
              roll="rank", dice=[die], needed=diff + 1, passed=passed)
    if passed:
        effectiveness(game, agent_id, target, talk_items)
        return
    a = s.agents[agent_id]
    t = trait(s, agent_id)
    if t is not None and t.key == "reroll_rank_test" and not a.rank_reroll_used:
        s.pending.append(Pending("rank_reroll", a.side, agent_id, items=talk_items, target=target, rank=mine))
        return
    finish_action(game)


def reroll_rank(game) -> None:
    s = game.state
    p = s.pending.pop(0)
    s.agents[p.agent].rank_reroll_used = True
    game.emit("reroll", msg("{name} uses the trait: the rank test is rolled again.", name=T.agent(p.agent)),
              agent=p.agent)
    rank_roll(game, p.agent, p.target, p.items, p.rank)


def effectiveness(game, agent_id: str, target: str, talk_items: tuple[str, ...]) -> None:
    missions.on_talk(game, agent_id, target)  # EXTENDED: the conversation takes place (talk_colour, P18)
    for iid in talk_items:
        consume_item(game, agent_id, iid, "conversation")
    dice = roll(game, 2, "conversation")
    offer_reroll_or_resolve(game, agent_id, target, talk_items, dice)


def offer_reroll_or_resolve(game, agent_id: str, target: str, talk_items: tuple[str, ...], dice: tuple) -> None:
    s = game.state
    seat = s.agents[agent_id].side
    mods = modifiers(s, agent_id, target, talk_items)
    total = sum(dice) + sum(v for _, v in mods)
    result = outcome(s, seat, target, total)
    _log_roll(game, agent_id, target, dice, mods, total, result)
    if result != "secret" and held(s, agent_id, "reroll_conversation", reusable=False):
        s.pending.append(Pending("conversation_reroll", seat, agent_id, items=talk_items, target=target, dice=dice))
        return
    resolve(game, agent_id, target, result)


def reroll_conversation(game, item_id: str) -> None:
    s = game.state
    p = s.pending.pop(0)
    consume_item(game, p.agent, item_id, "reroll")
    dice = roll(game, 2, "conversation")
    mods = modifiers(s, p.agent, p.target, p.items)
    total = sum(dice) + sum(v for _, v in mods)
    result = outcome(s, s.agents[p.agent].side, p.target, total)
    _log_roll(game, p.agent, p.target, dice, mods, total, result)
    resolve(game, p.agent, p.target, result)


def accept_conversation_roll(game) -> None:
    s = game.state
    p = s.pending.pop(0)
    mods = modifiers(s, p.agent, p.target, p.items)
    total = sum(p.dice) + sum(v for _, v in mods)
    resolve(game, p.agent, p.target, outcome(s, s.agents[p.agent].side, p.target, total))


def resolve(game, agent_id: str, target: str, result: str) -> None:
    """The initiator's roll is final: the yellow reaction window (ADVANCED, A14), else the result applies."""
    from .reaction_windows import offer_conversation

    if not offer_conversation(game, agent_id, target, result):
        apply_result(game, agent_id, target, result)


def apply_result(game, agent_id: str, target: str, result: str) -> None:
    s = game.state
    seat = s.agents[agent_id].side
    if result in EVIDENCE_FOR:
        why = (msg("single in conversation with {name}", name=T.agent(target)) if result == "single"
               else msg("double in conversation with {name}", name=T.agent(target)))
        gain_evidence(game, seat, colour(target), EVIDENCE_FOR[result], why, source="conversation")  # F1
    elif result == "secret":
        gain_secret(game, seat, target)
        if s.result is not None or s.winner is not None:
            return
    else:
        game.emit("conversation_result", msg("The conversation gives the {side} player nothing.",
                                             side=T.PLAYER_SIDE[seat]))
    finish_action(game)


def _log_roll(game, agent_id, target, dice, mods, total, result) -> None:
    s = game.state
    th = doc(s, target).conversation
    parts = " + ".join(str(d) for d in dice)
    mod_text = Joined([msg(" {sign} {n} ({why})", sign="+" if v >= 0 else "-", n=abs(v), why=name)
                       for name, v in mods], "")
    s.last_dice = {"kind": "conversation", "dice": list(dice), "modifiers": [[n, v] for n, v in mods],
                   "total": total, "result": result, "agent": agent_id, "target": target}
    game.emit("dice", msg("Conversation: {name} rolls {dice}{modifiers} = {total} against {target}'s "
                          "{single}/{double}/{secret}: {result}.", name=T.agent(agent_id), dice=parts,
                          modifiers=mod_text, total=total, target=T.agent(target), single=th.single,
                          double=th.double, secret=th.secret, result=T.RESULT_WORDS[result]),
              roll="conversation", dice=list(dice), modifiers=[[n, v] for n, v in mods], total=total, result=result)
