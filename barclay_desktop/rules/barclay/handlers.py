"""What each Operation Barclay action does once it has been validated."""

from __future__ import annotations

import functools

from ..core.message import msg, nmsg
from . import actions as A
from .flow import CARDS, FACE_DOWN, FACE_UP, advance, card, check_victory, start_month
from .state import ABWEHR, LCS, LEAK, ROLE_GREENS, SECTORS, Pending, Slot, new_pending, new_slot, other
from .words import BOX_WORDS, card_name, card_names, radar, sector, side, token_colour, whose


# ----- setup (B13) -------------------------------------------------------------------
def do_choose_roles(g, a: A.ChooseRoles) -> None:
    s = g.state
    s.roles = {sec: "diversion" for sec in SECTORS}
    s.roles[a.primary] = "primary"
    s.roles[a.secondary] = "secondary"
    s.step = "setup_arrange"
    g.emit_lazy(LCS, _roles_chosen_event, a.primary, a.secondary)
    g.emit_lazy(None, _roles_secret_event)


def do_random_layout(g, a: A.RandomLayout) -> None:
    s = g.state
    sectors = list(SECTORS)
    s.rng.shuffle(sectors)
    do_choose_roles(g, A.ChooseRoles(sectors[0], sectors[1]))
    do_random_arrangement(g, A.RandomArrangement())


def do_arrange_sector(g, a: A.ArrangeSector) -> None:
    s = g.state
    s.layout[a.sector] = ["green" if i in a.greens else "red" for i in range(5)]
    s.arranged.append(a.sector)
    if len(s.arranged) == len(SECTORS):
        _finish_setup(g)


def do_random_arrangement(g, a: A.RandomArrangement) -> None:
    s = g.state
    for sec in SECTORS:
        if sec in s.arranged:
            continue
        faces = ["green"] * ROLE_GREENS[s.roles[sec]]
        faces += ["red"] * (5 - len(faces))
        s.rng.shuffle(faces)
        s.layout[sec] = faces
        s.arranged.append(sec)
    _finish_setup(g)


def _finish_setup(g) -> None:
    s = g.state
    s.revealed = {sec: [False] * 5 for sec in SECTORS}
    g.emit_lazy(None, _laid_out_event)
    start_month(g)


# ----- playing cards ----------------------------------------------------------------------
def do_play(g, a: A.PlayCard) -> None:
    s = g.state
    seat = g._acting or g.current_seat()  # the seat the action is applied for: the current one
    face_up = s.step == "play3"
    cid = a.card
    s.hands[seat].remove(cid)
    played = FACE_UP if face_up else FACE_DOWN  # the shared slot of this card so played
    s.tableau[seat].append(played[cid] if played else Slot(cid, face_up))
    s.stats[seat]["cards_played"] += 1
    if not face_up:
        if not g.quiet:
            g.emit_lazy(None, _plays_down_event, seat)
            g.emit_lazy(seat, _you_play_down_event, cid)
        _queue_draw(g, seat)
        return
    if not g.quiet:
        g.emit_lazy(None, _plays_up_event, seat, cid)
    c = CARDS[cid]
    if c.effect is None:
        _queue_draw(g, seat)
        return
    _face_up_effect(g, seat, c)


@functools.cache
def plays_down_text(seat: str):
    return msg("The {side} plays a card face-down.", side=side(seat))


@functools.cache
def you_play_down_text(cid: str):
    return msg("You play {card} face-down.", card=card_name(cid))


@functools.cache
def plays_up_text(seat: str, cid: str):
    return msg("The {side} plays {card} face-up.", side=side(seat), card=card_name(cid))


def _face_up_effect(g, seat: str, c) -> None:
    s = g.state
    effect = c.effect
    if effect == "spy":
        top = _take_top(s.decks["channels"], 2)
        if len(top) == 2:
            cards = tuple(top)
            s.pending.append(new_pending("spy_keep", seat, cards=cards))
            g.emit_lazy(seat, _spy_drew_event, cards)
            g.emit_lazy(None, _spy_draws_event, seat)
            g.reveal(SPY_DREW_TWO)
        elif len(top) == 1:
            s.hands[seat].append(top[0])
            g.emit_lazy(seat, _spy_last_card_event, top[0])
            g.emit_lazy(None, _spy_takes_last_event, seat)
            g.reveal(msg("The Active Agent drew a card."))
        else:
            _queue_draw(g, seat)  # rules note: with the deck empty the agent finds nothing; the normal draw applies
        return
    if effect in ("double_agent", "dc_look"):
        n = int(c.params.get("n", 3))
        top = list(reversed(s.decks["dc"][-n:]))
        if len(top) > 1:
            cards = tuple(top)
            s.pending.append(new_pending("reorder", seat, cards=cards))
            g.emit_lazy(seat, _look_cards_event, cards)
            g.reveal(LOOKED)
        elif top:
            _learn_dc(s, seat, top, len(top))
            g.emit_lazy(seat, _look_card_event, top[0])
            g.reveal(LOOKED)
        g.emit_lazy(None, _looks_event, seat)
        _queue_draw(g, seat)
        return
    if effect == "peek_hand":
        theirs = list(s.hands[other(seat)])
        s.rng.shuffle(theirs)
        seen = theirs[: int(c.params.get("n", 2))]
        if seen:
            g.emit_lazy(seat, _peek_seen_event, tuple(seen))
        g.emit_lazy(None, _peeks_event, seat, len(seen))
        _queue_draw(g, seat)
        return
    if effect == "recover":
        colour = c.params.get("colour")
        options = [x for x in s.discards[seat] if colour is None or colour in card(x).colours]
        if options:
            s.pending.append(new_pending("recover", seat, cards=tuple(dict.fromkeys(options))))
            return
    _queue_draw(g, seat)


SPY_DREW_TWO = msg("The Active Agent drew two cards.")
LOOKED = msg("You looked at the Double-Cross deck.")


@functools.cache
def spy_drew_text(first: str, second: str):
    return msg("Active Agent: you drew {first} and {second}; keep one.", first=card_name(first), second=card_name(second))


@functools.cache
def spy_draws_text(seat: str):
    return msg("Active Agent: the {side} draws two Intelligence Channels cards.", side=side(seat))


@functools.cache
def looks_text(seat: str):
    return msg("The {side} looks at the top of the Double-Cross deck.", side=side(seat))


@functools.cache
def you_keep_text(cid: str, other_cid: str):
    return msg("You keep {card} and put {other} on the Double-Cross deck.", card=card_name(cid),
               other=card_name(other_cid))


@functools.cache
def keeps_text(seat: str):
    return msg("The {side} keeps one card and puts the other face-down on the Double-Cross deck.", side=side(seat))


def _take_top(deck: list[str], n: int) -> list[str]:
    top = []
    for _ in range(min(n, len(deck))):
        top.append(deck.pop())
    return top


def _queue_draw(g, seat: str) -> None:
    s = g.state
    if len(s.hands[seat]) >= 4:
        return
    decks = s.decks
    if decks["channels"] or decks["dc"] or decks[seat]:  # draw_sources(s, seat)
        s.pending.append(DRAW_PENDING[seat])
    else:
        g.emit_lazy(None, _cannot_draw_event, seat)


DRAW_PENDING = {ABWEHR: Pending("draw", ABWEHR), LCS: Pending("draw", LCS)}  # frozen: shared


def _learn_dc(s, seat: str, cards: list[str], top_known: int) -> None:
    known = s.dc_known[seat]
    for x in cards:
        if x not in known:
            known.append(x)
    s.dc_top_known[seat] = max(s.dc_top_known[seat], top_known)


def do_draw(g, a: A.Draw) -> None:
    s = g.state
    seat = s.pending.pop(0).seat
    source = a.source
    cid = s.decks[seat if source == "own" else source].pop()
    s.hands[seat].append(cid)
    if source == "dc":
        for who in (ABWEHR, LCS):
            # B12: only the drawer, or a seat that knew the top card, learns which card left
            if cid in s.dc_known[who] and (who == seat or s.dc_top_known[who] >= 1):
                s.dc_known[who].remove(cid)
            s.dc_top_known[who] = max(0, s.dc_top_known[who] - 1)
    if not g.quiet:
        g.emit_lazy(None, _draws_event, seat, source)
        g.emit_lazy(seat, _you_draw_event, cid)
    g._barrier_reason = DREW  # g.reveal(DREW), inline: nearly every draw and flip


DREW = msg("You drew a card.")


@functools.cache
def you_draw_text(cid: str):
    return msg("You draw {card}.", card=card_name(cid))


@functools.cache
def draw_text(seat: str, source: str):
    """The public line of a draw: who drew, and from which deck (one sentence per deck)."""
    if source == "channels":
        return msg("The {side} draws from the Intelligence Channels deck.", side=side(seat))
    if source == "dc":
        return msg("The {side} draws from the Double-Cross deck.", side=side(seat))
    return msg("The {side} draws from its own deck.", side=side(seat))


def do_spy_keep(g, a: A.SpyKeep) -> None:
    s = g.state
    p = s.pending.pop(0)
    rest = list(p.cards)
    rest.remove(a.card)  # the two cards differ: the other one
    s.hands[p.seat].append(a.card)
    for x in rest:
        s.decks["dc"].append(x)
        s.dc_known[p.seat].append(x)
        s.dc_top_known[p.seat] += 1
        s.dc_top_known[other(p.seat)] = 0
    g.emit_lazy(p.seat, _you_keep_event, a.card, rest[0])
    g.emit_lazy(None, _keeps_event, p.seat)


def do_reorder(g, a: A.Reorder) -> None:
    s = g.state
    p = s.pending.pop(0)
    n = len(a.order)
    s.decks["dc"][-n:] = list(reversed(a.order))
    _learn_dc(s, p.seat, list(a.order), n)
    s.dc_top_known[other(p.seat)] = 0
    g.emit_lazy(p.seat, _put_back_event, a.order)
    g.emit_lazy(None, _rearranges_event, p.seat)


def do_recover(g, a: A.Recover) -> None:
    s = g.state
    p = s.pending.pop(0)
    s.discards[p.seat].remove(a.card)
    s.hands[p.seat].append(a.card)
    g.emit_lazy(None, _recover_event, p.seat, a.card)


def do_b7_discard(g, a: A.DiscardUnplayable) -> None:
    s = g.state
    p = s.pending.pop(0)
    s.hands[p.seat].remove(a.card)
    s.discards[p.seat].append(a.card)
    g.emit_lazy(None, _b7_discards_event, p.seat, a.card)
    _queue_draw(g, p.seat)


def do_play_blank(g, a: A.PlayBlank) -> None:
    s = g.state
    seat = g._acting or g.current_seat()  # the seat the action is applied for: the current one
    face_up = s.step == "play3"
    s.hands[seat].remove(a.card)
    s.tableau[seat].append(Slot(a.card, face_up, blank=True))
    if face_up:
        g.emit_lazy(None, _blank_up_event, seat, a.card)
    else:
        g.emit_lazy(None, _blank_down_event, seat)


# ----- assessment -----------------------------------------------------------------------------
def do_play_ultra(g, a: A.PlayUltra) -> None:
    s = g.state
    ultra = next(x for x in s.hands[LCS] if card(x).effect == "ultra")
    s.hands[LCS].remove(ultra)
    s.ultra = ultra
    s.bet_shown[ABWEHR] = True
    s.stats[LCS]["ultra"] += 1
    bet = s.bets[ABWEHR]
    g.emit_lazy(None, _ultra_event, ultra, bet)
    g.reveal(msg("Ultra revealed the Abwehr's assessment."))
    # Rulebook, "Examples of use of the LCS Ultra card": the LCS places its own token first,
    # "then the LCS player draws another card": the draw waits for its bet (do_assess).


def ultra_draw_owed(s, seat: str) -> bool:
    """The LCS draws for Ultra after it has bet, so the new card cannot inform the bet."""
    return seat == LCS and s.ultra is not None


def do_assess(g, a: A.Assess) -> None:
    s = g.state
    seat = g._acting or g.current_seat()  # the seat the action is applied for: the current one
    s.bets[seat] = a.bet
    if not g.quiet:
        g.emit_lazy(None, _assesses_event, seat)
        g.emit_lazy(seat, _you_bet_event, a.bet)
    if ultra_draw_owed(s, seat):
        _queue_draw(g, LCS)


@functools.cache
def assess_text(seat: str):
    return msg("The {side} places its assessment token face-down.", side=side(seat))


@functools.cache
def you_bet_text(bet: str):
    return msg("You bet that the {side} hand will be best.", side=whose(bet))


# ----- evidence results ---------------------------------------------------------------------
def do_replace(g, a: A.Replace) -> None:
    s = g.state
    p = s.pending.pop(0)
    src = card(s.tableau[p.seat][a.slot].card)
    pile = s.discards[p.seat] if src.params.get("source", "own_discard") == "own_discard" else s.discards[other(p.seat)]
    pile.remove(a.card)
    old = s.tableau[p.seat][a.slot]
    s.tableau[p.seat][a.slot] = new_slot(old.card, old.face_up, old.blank, a.card)
    s.queue.pop(0)
    g.emit_lazy(None, _replace_event, p.seat, src.id, a.card, a.slot)


def do_keep(g, a: A.KeepCard) -> None:
    s = g.state
    p = s.pending.pop(0)
    s.queue.pop(0)
    kept = s.tableau[p.seat][a.slot].card
    g.emit_lazy(None, _keep_event, p.seat, kept)


def do_fix(g, a: A.FixCard) -> None:
    s = g.state
    p = s.pending.pop(0)
    old = s.tableau[p.seat][a.slot]
    s.tableau[p.seat][a.slot] = new_slot(old.card, old.face_up, old.blank, old.replacement, a.value, a.colour)
    s.queue.pop(0)
    if not g.quiet:
        g.emit_lazy(None, _fix_event, p.seat, old.replacement or old.card, a.colour, a.value, a.slot)


@functools.cache
def fix_text(seat: str, cid: str, colour: str, value: int):
    return msg("The {side} counts {card} as a {colour} {value}.", side=side(seat), card=card_name(cid),
               colour=token_colour(colour), value=value)


def do_take_evidence(g, a: A.TakeEvidence) -> None:
    s = g.state
    s.pending.pop(0)
    s.queue.pop(0)
    tokens = s.boxes[a.box]
    s.boxes[a.box] = []
    s.won.append(a.token)
    s.spent.extend(t for t in tokens if t != a.token)
    s.month_report.setdefault("boxes", {})[a.box] = "tie"
    g.emit_lazy(None, _takes_event, a.token, a.box)


def do_flip(g, a: A.Flip) -> None:
    s = g.state
    s.pending.pop(0)
    token = a.token
    s.won.remove(token)
    if token != LEAK:  # spend(s, [token]), inline: a game turns about 16 tokens
        s.spent.append(token)
    s.revealed[a.sector][a.space] = True
    face = s.layout[a.sector][a.space]
    s.month_report.setdefault("flipped", []).append([a.sector, a.space, face])
    s.stats[ABWEHR]["flips"] += 1
    if not g.quiet:
        g.emit_lazy(None, _flip_event, a.token, a.sector, a.space, face)
    g._barrier_reason = TURNED  # g.reveal(TURNED), inline: nearly every draw and flip
    check_victory(g)  # the queued "flips" item stays and re-checks the tokens left


TURNED = msg("An intelligence token was turned over.")


@functools.cache
def flip_text(token: str, key: str, face: str):
    if token == LEAK:
        return msg("The Abwehr uses a leak and turns a token in {sector}: {radar}.", sector=sector(key), radar=radar(face))
    return msg("The Abwehr uses the {token} token and turns a token in {sector}: {radar}.", token=token_colour(token),
               sector=sector(key), radar=radar(face))


# ----- the log lines, made when first read (core/events.LazyEvent) --------------------------
# Each takes only values fixed when the line was logged and returns (kind, text, data); the
# lists in its data are made here, from tuples or strings (see the same heading in flow.py).
def _spy_drew_event(top: tuple):
    return "spy", spy_drew_text(top[0], top[1]), {"shown": list(top)}


def _spy_draws_event(seat: str):
    return "spy", spy_draws_text(seat), {}


def _looks_event(seat: str):
    return "look", looks_text(seat), {}


def _you_keep_event(cid: str, put_back: str):
    return "spy", you_keep_text(cid, put_back), {}


def _keeps_event(seat: str):
    return "spy", keeps_text(seat), {}


def _plays_down_event(seat: str):
    return "play", plays_down_text(seat), {}


def _you_play_down_event(cid: str):
    return "play", you_play_down_text(cid), {}


def _plays_up_event(seat: str, cid: str):
    return "play", plays_up_text(seat, cid), {"card": cid}


def _draws_event(seat: str, source: str):
    return "draw", draw_text(seat, source), {"source": source}


def _you_draw_event(cid: str):
    return "draw", you_draw_text(cid), {"shown": [cid]}


def _assesses_event(seat: str):
    return "assess", assess_text(seat), {}


def _you_bet_event(bet: str):
    return "assess", you_bet_text(bet), {}


def _fix_event(seat: str, cid: str, colour: str, value: int, slot: int):
    return "fix", fix_text(seat, cid, colour, value), {"slot": slot, "value": value, "colour": colour}


def _flip_event(token: str, key: str, space: int, face: str):
    return "flip", flip_text(token, key, face), {"sector": key, "space": space, "face": face}


# Lines once logged with tell() and a closure (see flow.py): a module function with its values
# as arguments, the same kind, words and data.
def _roles_chosen_event(primary: str, secondary: str):
    return "setup", msg("You chose {primary} (primary) and {secondary} (secondary).",
                        primary=sector(primary), secondary=sector(secondary)), {}


def _roles_secret_event():
    return "setup", msg("The LCS has chosen its offensives in secret."), {}


def _laid_out_event():
    return "setup", msg("The LCS has laid out its 25 intelligence tokens face-down."), {}


def _spy_last_card_event(cid: str):
    return "spy", msg("Active Agent: only one card left; you take {card}.", card=card_name(cid)), {"shown": [cid]}


def _spy_takes_last_event(seat: str):
    return "spy", msg("Active Agent: the {side} takes the last Intelligence Channels card.", side=side(seat)), {}


def _look_cards_event(top: tuple):
    return "look", nmsg("You look at the top {n} Double-Cross card: {cards}.",
                        "You look at the top {n} Double-Cross cards: {cards}.", len(top), n=len(top),
                        cards=card_names(top)), {"shown": list(top)}


def _look_card_event(cid: str):
    return "look", msg("You look at the top Double-Cross card: {card}.", card=card_name(cid)), {"shown": [cid]}


def _peek_seen_event(seen: tuple):
    return "peek", msg("You see in the enemy's hand: {cards}.", cards=card_names(seen)), {"shown": list(seen)}


def _peeks_event(seat: str, n: int):
    return "peek", nmsg("The {side} looks at {n} random card of the {other} hand.",
                        "The {side} looks at {n} random cards of the {other} hand.", n,
                        side=side(seat), n=n, other=whose(other(seat))), {}


def _cannot_draw_event(seat: str):
    return "draw", msg("Every deck is empty: the {side} cannot draw.", side=side(seat)), {}


def _put_back_event(order: tuple):
    return "reorder", msg("You put them back, top first: {cards}.", cards=card_names(order)), {}


def _rearranges_event(seat: str):
    return "reorder", msg("The {side} rearranges the top of the Double-Cross deck.", side=side(seat)), {}


def _recover_event(seat: str, cid: str):
    return "recover", msg("The {side} takes {card} back from its discard pile.", side=side(seat),
                          card=card_name(cid)), {"card": cid, "shown": [cid]}


def _b7_discards_event(seat: str, cid: str):
    return "b7", msg("The {side} discards {card} and draws again.", side=side(seat), card=card_name(cid)), {"card": cid}


def _blank_up_event(seat: str, cid: str):
    return "play", msg("The {side} has nothing to draw and plays {card} as a blank.", side=side(seat),
                       card=card_name(cid)), {"card": cid}


def _blank_down_event(seat: str):
    return "play", msg("The {side} has nothing to draw and plays a card face-down as a blank.", side=side(seat)), {}


def _ultra_event(ultra: str, bet: str):
    return "ultra", msg("The LCS plays Ultra: the Abwehr's assessment token is revealed - it bets on the "
                        "{side} hand.", side=whose(bet)), {"card": ultra, "bet": bet}


def _replace_event(seat: str, cid: str, replacement: str, slot: int):
    return "replace", msg("The {side} replaces {card} with {other}; {card} keeps its icons.", side=side(seat),
                          card=card_name(cid), other=card_name(replacement)), {"card": replacement, "slot": slot}


def _keep_event(seat: str, kept: str):
    return "replace", msg("The {side} keeps {card} as it is.", side=side(seat), card=card_name(kept)), {}


def _takes_event(token: str, box: str):
    return "award", msg("The Abwehr takes the {token} token from the {box}.", token=token_colour(token),
                        box=BOX_WORDS[box]), {"box": box, "token": token}


HANDLERS = {
    A.ChooseRoles: do_choose_roles,
    A.RandomLayout: do_random_layout,
    A.ArrangeSector: do_arrange_sector,
    A.RandomArrangement: do_random_arrangement,
    A.PlayCard: do_play,
    A.PlayBlank: do_play_blank,
    A.DiscardUnplayable: do_b7_discard,
    A.Draw: do_draw,
    A.SpyKeep: do_spy_keep,
    A.Reorder: do_reorder,
    A.Recover: do_recover,
    A.PlayUltra: do_play_ultra,
    A.Assess: do_assess,
    A.Replace: do_replace,
    A.KeepCard: do_keep,
    A.FixCard: do_fix,
    A.TakeEvidence: do_take_evidence,
    A.Flip: do_flip,
}


def apply_handler(g, action) -> None:
    HANDLERS[type(action)](g, action)
    advance(g)
