"""Legal actions and the reasons for refusing the others: the single source of truth."""

from __future__ import annotations

import itertools

from . import actions as A
from .flow import STEP_ICON, card, draw_sources, fix_options, flip_targets, playable
from .state import ABWEHR, LCS, ROLE_GREENS, SECTOR_NAMES, SECTORS, WILD_TOKENS

STEP_NAMES = {"play3": "First Three Cards", "play2": "Final Two Cards", "assess": "Intelligence Assessment"}


def legal(state, seat: str) -> list:
    if state.pending:
        return _pending_legal(state, state.pending[0])
    step = state.step
    if step == "setup_roles":
        pairs = [A.ChooseRoles(p, q) for p in SECTORS for q in SECTORS if p != q]
        return pairs + [A.RandomLayout()]
    if step == "setup_arrange":
        out = []
        for sector in SECTORS:
            if sector not in state.arranged:
                greens = ROLE_GREENS[state.roles[sector]]
                out += [A.ArrangeSector(sector, combo) for combo in itertools.combinations(range(5), greens)]
        return out + [A.RandomArrangement()]
    if step in STEP_ICON:
        cards = playable(state, seat)
        if cards:
            return [A.PlayCard(c) for c in cards]
        if not draw_sources(state, seat):
            return [A.PlayBlank(c) for c in state.hands[seat]]  # B7
        return []
    if step == "assess":
        out = [A.Assess(ABWEHR), A.Assess(LCS)]
        if seat == LCS and state.ultra is None and any(card(c).effect == "ultra" for c in state.hands[LCS]):
            out.append(A.PlayUltra())
        return out
    return []


def _pending_legal(state, p) -> list:
    kind = p.kind
    if kind == "draw":
        return [A.Draw(src) for src in draw_sources(state, p.seat)]
    if kind == "spy_keep":
        return [A.SpyKeep(c) for c in p.cards]
    if kind == "reorder":
        return [A.Reorder(order) for order in itertools.permutations(p.cards)]
    if kind == "recover":
        return [A.Recover(c) for c in p.cards]
    if kind == "b7_discard":
        return [A.DiscardUnplayable(c) for c in state.hands[p.seat]]
    if kind == "replace":
        return [A.Replace(p.slot, c) for c in p.cards] + [A.KeepCard(p.slot)]
    if kind == "fix":
        return [A.FixCard(p.slot, v, col) for v, col in fix_options(state, p.seat, p.slot)]
    if kind == "take_evidence":
        return [A.TakeEvidence(p.box, t) for t in p.cards]
    if kind == "flip":
        return [A.Flip(t, sec, i) for t in p.cards if t in state.won for sec, i in flip_targets(state, t)]
    raise AssertionError(f"unknown pending decision {kind}")


PENDING_PROMPTS = {
    "draw": "Draw a card: Intelligence Channels, Double-Cross or your own deck.",
    "spy_keep": "Active Agent: keep one card; the other goes on top of the Double-Cross deck.",
    "reorder": "Put the Double-Cross cards back in the order you want (top first).",
    "recover": "Take a card back from your discard pile.",
    "b7_discard": "You hold no card for this step: discard one and draw again.",
    "replace": "You may replace this card with one from a discard pile; it keeps its icons.",
    "fix": "Choose the value and colour this card counts as.",
    "take_evidence": "Tie: take one evidence token of your choice.",
    "flip": "Use your evidence tokens: turn over an intelligence token in the matching sector.",
}


def prompt(state, seat: str | None, current: str | None) -> str:
    if state.result is not None:
        return state.result.reason
    if current is None:
        return ""
    if seat != current:
        who = "Abwehr" if current == ABWEHR else "LCS"
        return f"Waiting for the {who} player."
    if state.pending:
        return PENDING_PROMPTS[state.pending[0].kind]
    step = state.step
    if step == "setup_roles":
        return "Choose your primary and secondary offensive sectors, or lay out the tokens at random."
    if step == "setup_arrange":
        return "Lay out the tokens in each sector (green radar = real offensive intelligence)."
    if step in STEP_ICON:
        icon = STEP_ICON[step]
        face = "face-up" if step == "play3" else "face-down"
        if not playable(state, seat):
            return "You hold no playable card: play any card as a blank."
        return f"Choose a card to play {face} ({icon})."
    if step == "assess":
        return "Bet face-down on whose hand will be best this month."
    return ""


def explain(state, seat: str, action) -> str:
    """Why `action` is not legal for `seat` now: shown to the player."""
    if state.pending:
        p = state.pending[0]
        wanted = {type(a) for a in _pending_legal(state, p)}
        if type(action) not in wanted:
            return "First: " + PENDING_PROMPTS[p.kind]
        return _explain_pending(state, p, action)
    if isinstance(action, (A.PlayCard, A.PlayBlank)):
        return _explain_play(state, seat, action)
    if isinstance(action, A.PlayUltra):
        if state.step != "assess":
            return "Ultra is played only during Intelligence Assessment."
        if seat != LCS or not any(card(c).effect == "ultra" for c in state.hands.get(seat, [])):
            return "You hold no Ultra card."
        return "Ultra has already been played this month."
    if isinstance(action, A.Assess):
        if state.step != "assess":
            return "Assessment tokens are placed after the first three cards."
        return "You have already placed your assessment token this month."
    if isinstance(action, (A.ChooseRoles, A.ArrangeSector)):
        return _explain_setup(state, action)
    return "That is not possible right now."


def _explain_play(state, seat: str, action) -> str:
    if state.step not in STEP_ICON:
        return f"No cards are played during {STEP_NAMES.get(state.step, 'this step')}."
    if action.card not in state.hands.get(seat, []):
        return "That card is not in your hand."
    c = card(action.card)
    icon = STEP_ICON[state.step]
    if isinstance(action, A.PlayBlank):
        return "You can still play a card with the right icon (or draw), so no card is played as a blank."
    if c.effect == "ultra":
        return "Ultra is played only during Intelligence Assessment, not to the tableau."
    return f"{c.name} has no {icon} icon: only {icon} cards may be played in {STEP_NAMES[state.step]}."


def _explain_setup(state, action) -> str:
    if isinstance(action, A.ChooseRoles):
        if state.step != "setup_roles":
            return "The offensives have already been chosen."
        if action.primary not in SECTORS or action.secondary not in SECTORS:
            return f"Choose the offensives among the five sectors: {', '.join(SECTOR_NAMES.values())}."
        return "The primary and secondary offensives must be in different sectors."
    if action.sector not in SECTORS:
        return f"There is no such sector: the five are {', '.join(SECTOR_NAMES.values())}."
    if action.sector in state.arranged:
        return f"{SECTOR_NAMES.get(action.sector, action.sector)} is already laid out."
    role = state.roles.get(action.sector)
    if role:
        return f"{SECTOR_NAMES[action.sector]} is a {role} sector: it holds exactly {ROLE_GREENS[role]} green radar tokens."
    return "Choose the offensives first."


def _explain_pending(state, p, action) -> str:
    if isinstance(action, A.Draw):
        return "That deck is empty."
    if isinstance(action, A.Flip):
        return _explain_flip(state, p, action)
    if isinstance(action, A.Replace):
        return "That card cannot replace this one."
    return "That choice is not one of the options."


def _explain_flip(state, p, action) -> str:
    """Black turns a token in any sector, a coloured token only in its own (B9); a leak card
    (B14 design) flips like black."""
    if action.token not in state.won or action.token not in p.cards:
        return "You have no such evidence token to use."
    if action.sector not in SECTORS:
        return f"There is no such sector: the five are {', '.join(SECTOR_NAMES.values())}."
    if action.token not in WILD_TOKENS and action.sector != action.token:
        return f"The {action.token} token turns a token in {SECTOR_NAMES[action.token]} only."
    if not 0 <= action.space < len(state.revealed[action.sector]):
        return f"{SECTOR_NAMES[action.sector]} has {len(state.revealed[action.sector])} token spaces."
    return "That intelligence token is already face-up."
