"""Legal actions and the reasons for refusing the others: the single source of truth."""

from __future__ import annotations

import itertools
from itertools import compress
from operator import not_

from ..core.message import msg, nmsg
from . import actions as A
from .flow import STEP_CARDS, STEP_ICON, ULTRA_CARDS, X3, card, card_sets, draw_sources, playable
from .state import ABWEHR, LCS, ROLE_GREENS, SECTORS, WILD_TOKENS
from .words import card_name, sector, sector_list, token_colour

STEP_NAMES = {"play3": msg("First Three Cards"), "play2": msg("Final Two Cards"),
              "assess": msg("Intelligence Assessment")}


class _Interned(dict):
    """One shared action object per distinct value: actions are frozen values, and legal()
    runs after every action, so building them anew each time is wasted work."""

    def __init__(self, cls):
        super().__init__()
        self.cls = cls

    def __missing__(self, key):
        action = self[key] = self.cls(*key) if type(key) is tuple else self.cls(key)
        return action


PLAY = _Interned(A.PlayCard)
PLAY_BLANK = _Interned(A.PlayBlank)
DISCARD = _Interned(A.DiscardUnplayable)
DRAW = _Interned(A.Draw)
SPY_KEEP = _Interned(A.SpyKeep)
RECOVER = _Interned(A.Recover)
REPLACE = _Interned(A.Replace)
KEEP = _Interned(A.KeepCard)
FIX = _Interned(A.FixCard)
TAKE = _Interned(A.TakeEvidence)
FLIP = _Interned(A.Flip)


class _FlipRows(dict):
    """(token, sector) -> the token's Flip actions on the sector's five spaces, in order."""

    def __missing__(self, key):
        row = self[key] = [FLIP[key[0], key[1], i] for i in range(5)]
        return row


FLIP_ROWS = _FlipRows()


# The decisions' lists read from dicts keyed one value at a time (a card id, a token, a slot
# number: their hashes are kept or trivial) rather than by tuples: hashing a tuple key is a
# loop over its items each time, and a flip, fix or replacement list made several such keys.
class _MadeOnce(dict):
    """key -> make(key), made on the first look-up and kept."""

    def __init__(self, make):
        super().__init__()
        self.make = make

    def __missing__(self, key):
        made = self[key] = self.make(key)
        return made


def _free_flips(token: str, sector_: str) -> _MadeOnce:
    """A sector's revealed row (as a tuple) -> the token's Flip actions on the spaces still
    face-down, in order: a row has 32 ways to be, so the list is made once per way."""
    row = FLIP_ROWS[token, sector_]
    return _MadeOnce(lambda shown: list(compress(row, map(not_, shown))))


def _fix_list(cid: str, i: int) -> list:
    """The FixCard actions of a card's (value, colour) choices in slot i (fix_options's order)."""
    c = card(cid)
    return [FIX[i, v, col] for v in c.values for col in c.colours]


# token -> sector -> _free_flips; card id -> slot -> _fix_list; slot -> card id -> REPLACE[slot, id]
FREE_FLIPS = _MadeOnce(lambda token: _MadeOnce(lambda sector_: _free_flips(token, sector_)))
FIX_LISTS = _MadeOnce(lambda cid: _MadeOnce(lambda i: _fix_list(cid, i)))
REPLACE_BY_SLOT = _MadeOnce(lambda i: _MadeOnce(lambda cid: REPLACE[i, cid]))
ASSESS = [A.Assess(ABWEHR), A.Assess(LCS)]
ULTRA = A.PlayUltra()
SETUP_ROLES = [A.ChooseRoles(p, q) for p in SECTORS for q in SECTORS if p != q] + [A.RandomLayout()]
ARRANGE = {(sector, greens): [A.ArrangeSector(sector, combo) for combo in itertools.combinations(range(5), greens)]
           for sector in SECTORS for greens in set(ROLE_GREENS.values())}
RANDOM_ARRANGEMENT = A.RandomArrangement()
# which decks hold cards (channels, dc, own) -> the Draw actions, in draw_sources order
DRAW_LISTS = {(c, d, o): [DRAW[src] for src, there in (("channels", c), ("dc", d), ("own", o)) if there]
              for c in (False, True) for d in (False, True) for o in (False, True)}
# the same lists by which decks are empty: `not deck` costs less than `bool(deck)`
DRAW_IF_EMPTY = {(not c, not d, not o): actions for (c, d, o), actions in DRAW_LISTS.items()}
REORDERS: dict = {}  # the cards looked at -> their Reorder actions, in permutations order


def legal(state, seat: str) -> list:
    if state.pending:
        p = state.pending[0]
        if p.kind == "draw":  # the most frequent decision, without a call: _pending_legal's first case
            decks = state.decks
            return DRAW_IF_EMPTY[not decks["channels"], not decks["dc"], not decks[p.seat]][:]
        return _pending_legal(state, p)
    step = state.step
    if step == "setup_roles":
        return SETUP_ROLES[:]
    if step == "setup_arrange":
        out = []
        for sector in SECTORS:
            if sector not in state.arranged:
                out += ARRANGE[sector, ROLE_GREENS[state.roles[sector]]]
        out.append(RANDOM_ARRANGEMENT)
        return out
    if step == "play3" or step == "play2":
        if not X3:
            card_sets()
        ok = STEP_CARDS[step]
        plays = [PLAY[c] for c in state.hands[seat] if c in ok]  # playable(state, seat), inline
        if plays:
            return plays
        if not draw_sources(state, seat):
            return [PLAY_BLANK[c] for c in state.hands[seat]]  # B7
        return []
    if step == "assess":
        out = ASSESS[:]
        if seat == LCS and state.ultra is None:
            if not X3:
                card_sets()  # ULTRA_CARDS is filled with the other tables
            if not ULTRA_CARDS.isdisjoint(state.hands[LCS]):  # the LCS holds an Ultra
                out.append(ULTRA)
        return out
    return []


def decision_now(state, token: int = 0):
    """The decision the rules wait for now, as the game's legal cache holds it: (token, seat,
    legal list), worked out together; None when the automatic steps (flow.advance) have work to
    do first. Called after nearly every action (BarclayGame.apply), so the three frequent cases
    are written out: a pending decision (the draw's list as `legal` makes it), a play step whose
    player holds a card for it (advance stops there), a bet still to place. The cache's triple
    is made here, not from a (seat, list) pair: one tuple an action fewer."""
    pending = state.pending
    if pending:
        p = pending[0]
        if p.kind == "draw":
            decks = state.decks
            return token, p.seat, DRAW_IF_EMPTY[not decks["channels"], not decks["dc"], not decks[p.seat]][:]
        return token, p.seat, _pending_legal(state, p)
    step = state.step
    if step == "play3" or step == "play2":
        tableau = state.tableau
        na, nl = len(tableau[ABWEHR]), len(tableau[LCS])
        target = 3 if step == "play3" else 5
        if na >= target and nl >= target:
            return None
        seat = ABWEHR if na <= nl else LCS
        if not X3:
            card_sets()
        # [PLAY[c] for c in hand if c in ok] written out: a comprehension is a function object
        # and a call, and map/filter objects are made by parsing their arguments
        ok = STEP_CARDS[step]
        plays = []
        for c in state.hands[seat]:
            if c in ok:
                plays.append(PLAY[c])
        return (token, seat, plays) if plays else None  # else advance: a draw, a B7 discard or a blank
    if step == "assess":
        bets = state.bets
        if bets[ABWEHR] is None:
            return token, ABWEHR, ASSESS[:]
        if bets[LCS] is None:
            return token, LCS, legal(state, LCS)
    return None


def _pending_legal(state, p) -> list:
    kind = p.kind
    if kind == "draw":  # [DRAW[src] for src in draw_sources(state, p.seat)]
        decks = state.decks
        return DRAW_IF_EMPTY[not decks["channels"], not decks["dc"], not decks[p.seat]][:]
    if kind == "flip":  # FLIP[t, sec, i] for t in p.cards if t in won, for (sec, i) in flip_targets(state, t)
        won, revealed = state.won, state.revealed
        out = []
        for t in p.cards:
            if t in won:
                by_sector = FREE_FLIPS[t]
                for sec in (SECTORS if t in WILD_TOKENS else (t,)):
                    out += by_sector[sec][tuple(revealed[sec])]
        return out
    if kind == "fix":  # [FIX[i, v, col] for v, col in fix_options(state, p.seat, i)]
        i = p.slot
        slot = state.tableau[p.seat][i]
        if slot.blank or slot.card is None:
            return []
        return FIX_LISTS[slot.replacement or slot.card][i][:]
    if kind == "replace":  # [REPLACE[slot, c] for c in p.cards] + [KEEP[slot]]
        i = p.slot
        of = REPLACE_BY_SLOT[i]
        out = []  # a plain loop: map's object costs more than a few cards' steps
        for c in p.cards:
            out.append(of[c])
        out.append(KEEP[i])
        return out
    if kind == "spy_keep":  # [SPY_KEEP[c] for c in p.cards]: the two cards drawn
        out = []
        for c in p.cards:
            out.append(SPY_KEEP[c])
        return out
    if kind == "reorder":
        orders = REORDERS.get(p.cards)
        if orders is None:
            orders = REORDERS[p.cards] = [A.Reorder(order) for order in itertools.permutations(p.cards)]
        return orders[:]
    if kind == "recover":
        return [RECOVER[c] for c in p.cards]
    if kind == "b7_discard":
        return [DISCARD[c] for c in state.hands[p.seat]]
    if kind == "take_evidence":
        box = p.box
        return [TAKE[box, t] for t in p.cards]
    raise AssertionError(f"unknown pending decision {kind}")


PENDING_PROMPTS = {
    "draw": msg("Draw a card: Intelligence Channels, Double-Cross or your own deck."),
    "spy_keep": msg("Active Agent: keep one card; the other goes on top of the Double-Cross deck."),
    "reorder": msg("Put the Double-Cross cards back in the order you want (top first)."),
    "recover": msg("Take a card back from your discard pile."),
    "b7_discard": msg("You hold no card for this step: discard one and draw again."),
    "replace": msg("You may replace this card with one from a discard pile; it keeps its icons."),
    "fix": msg("Choose the value and colour this card counts as."),
    "take_evidence": msg("Tie: take one evidence token of your choice."),
    "flip": msg("Use your evidence tokens: turn over an intelligence token in the matching sector."),
}


def prompt(state, seat: str | None, current: str | None) -> str:
    if state.result is not None:
        return state.result.reason
    if current is None:
        return ""
    if seat != current:
        if current == ABWEHR:
            return msg("Waiting for the Abwehr player.")
        return msg("Waiting for the LCS player.")
    if state.pending:
        return PENDING_PROMPTS[state.pending[0].kind]
    step = state.step
    if step == "setup_roles":
        return msg("Choose your primary and secondary offensive sectors, or lay out the tokens at random.")
    if step == "setup_arrange":
        return msg("Lay out the tokens in each sector (green radar = real offensive intelligence).")
    if step in STEP_ICON:
        if not playable(state, seat):
            return msg("You hold no playable card: play any card as a blank.")
        if step == "play3":
            return msg("Choose a card to play face-up ({icon}).", icon=STEP_ICON[step])
        return msg("Choose a card to play face-down ({icon}).", icon=STEP_ICON[step])
    if step == "assess":
        return msg("Bet face-down on whose hand will be best this month.")
    return ""


def explain(state, seat: str, action) -> str:
    """Why `action` is not legal for `seat` now: shown to the player."""
    if state.pending:
        p = state.pending[0]
        wanted = {type(a) for a in _pending_legal(state, p)}
        if type(action) not in wanted:
            return msg("First: {prompt}", prompt=PENDING_PROMPTS[p.kind])
        return _explain_pending(state, p, action)
    if isinstance(action, (A.PlayCard, A.PlayBlank)):
        return _explain_play(state, seat, action)
    if isinstance(action, A.PlayUltra):
        if state.step != "assess":
            return msg("Ultra is played only during Intelligence Assessment.")
        if seat != LCS or not any(card(c).effect == "ultra" for c in state.hands.get(seat, [])):
            return msg("You hold no Ultra card.")
        return msg("Ultra has already been played this month.")
    if isinstance(action, A.Assess):
        if state.step != "assess":
            return msg("Assessment tokens are placed after the first three cards.")
        return msg("You have already placed your assessment token this month.")
    if isinstance(action, (A.ChooseRoles, A.ArrangeSector)):
        return _explain_setup(state, action)
    return msg("That is not possible right now.")


def _explain_play(state, seat: str, action) -> str:
    if state.step not in STEP_ICON:
        if state.step in STEP_NAMES:
            return msg("No cards are played during {step}.", step=STEP_NAMES[state.step])
        return msg("No cards are played during this step.")
    if action.card not in state.hands.get(seat, []):
        return msg("That card is not in your hand.")
    c = card(action.card)
    icon = STEP_ICON[state.step]
    if isinstance(action, A.PlayBlank):
        return msg("You can still play a card with the right icon (or draw), so no card is played as a blank.")
    if c.effect == "ultra":
        return msg("Ultra is played only during Intelligence Assessment, not to the tableau.")
    return msg("{card} has no {icon} icon: only {icon} cards may be played in {step}.", card=card_name(c.id), icon=icon,
               step=STEP_NAMES[state.step])


def _explain_setup(state, action) -> str:
    if isinstance(action, A.ChooseRoles):
        if state.step != "setup_roles":
            return msg("The offensives have already been chosen.")
        if action.primary not in SECTORS or action.secondary not in SECTORS:
            return msg("Choose the offensives among the five sectors: {sectors}.", sectors=sector_list())
        return msg("The primary and secondary offensives must be in different sectors.")
    if action.sector not in SECTORS:
        return msg("There is no such sector: the five are {sectors}.", sectors=sector_list())
    if action.sector in state.arranged:
        return msg("{sector} is already laid out.", sector=sector(action.sector))
    role = state.roles.get(action.sector)
    if role:
        return role_greens_text(action.sector, role)
    return msg("Choose the offensives first.")


def role_greens_text(key: str, role: str):
    """Why a sector's layout was refused: how many green radar tokens its role holds."""
    n = ROLE_GREENS[role]
    if role == "primary":
        return msg("{sector} is a primary sector: it holds exactly {n} green radar tokens.", sector=sector(key), n=n)
    if role == "secondary":
        return msg("{sector} is a secondary sector: it holds exactly {n} green radar tokens.", sector=sector(key), n=n)
    return msg("{sector} is a diversion sector: it holds exactly {n} green radar tokens.", sector=sector(key), n=n)


def _explain_pending(state, p, action) -> str:
    if isinstance(action, A.Draw):
        return msg("That deck is empty.")
    if isinstance(action, A.Flip):
        return _explain_flip(state, p, action)
    if isinstance(action, A.Replace):
        return msg("That card cannot replace this one.")
    return msg("That choice is not one of the options.")


def _explain_flip(state, p, action) -> str:
    """Black turns a token in any sector, a coloured token only in its own (B9); a leak card
    (B14 design) flips like black."""
    if action.token not in state.won or action.token not in p.cards:
        return msg("You have no such evidence token to use.")
    if action.sector not in SECTORS:
        return msg("There is no such sector: the five are {sectors}.", sectors=sector_list())
    if action.token not in WILD_TOKENS and action.sector != action.token:
        return msg("The {token} token turns a token in {sector} only.", token=token_colour(action.token),
                   sector=sector(action.token))
    if not 0 <= action.space < len(state.revealed[action.sector]):
        n = len(state.revealed[action.sector])
        return nmsg("{sector} has {n} token space.", "{sector} has {n} token spaces.", n, sector=sector(action.sector), n=n)
    return msg("That intelligence token is already face-up.")
