"""view(seat) for Operation Barclay: only what that seat may know (B12)."""

from __future__ import annotations

from .flow import STEP_ICON, fix_options, hand_rank, recon_raid_score, to_play
from .state import ABWEHR, LCS, LEAK_OPTION, leak_cards_on


def slot_view(slot, visible: bool) -> dict:
    if not visible:
        # A face-down blank (B7) is announced to both players; only its card stays hidden.
        return {"hidden": True, "face_up": False, "blank": True} if slot.blank else {"hidden": True, "face_up": False}
    return {
        "hidden": False,
        "card": slot.card,
        "face_up": slot.face_up,
        "blank": slot.blank,
        "replacement": slot.replacement,
        "value": slot.value,
        "colour": slot.colour,
    }


def build_view(state, seat: str | None) -> dict:
    tableau = {
        s: [slot_view(sl, sl.face_up or s == seat) for sl in state.tableau.get(s, [])] for s in (ABWEHR, LCS)
    }
    view = {
        "month": state.month,
        "options": {LEAK_OPTION: leak_cards_on(state)},  # public: both players set up the game
        "step": state.step,
        "step_icon": STEP_ICON.get(state.step),
        "hand": list(state.hands[seat]) if seat in (ABWEHR, LCS) else [],
        "hand_counts": {s: len(state.hands[s]) for s in (ABWEHR, LCS)},
        "tableau": tableau,
        "ultra": state.ultra,
        "decks": {k: len(v) for k, v in state.decks.items()},
        "dc_top_known": _dc_top(state, seat),
        "dc_known": _dc_known(state, seat),
        "discards": {s: list(state.discards[s]) for s in (ABWEHR, LCS)},
        "boxes": {k: list(v) for k, v in state.boxes.items()},
        "won": list(state.won),
        "bets": _bets(state, seat),
        "tokens": {
            sec: [state.layout[sec][i] if shown else None for i, shown in enumerate(state.revealed[sec])]
            for sec in state.revealed
        },
        "setup_done": bool(state.revealed),
        "pending": _pending(state, seat),
        "to_play": to_play(state) if state.step in STEP_ICON else None,
        "report": state.month_report,
        "scores": _scores(state, seat),
        "stats": {k: dict(v) for k, v in state.stats.items()},  # public counts for the game-over panel
    }
    if seat == LCS or state.result is not None:  # B12: only the LCS knows the layout until the game ends
        view["layout"] = {k: list(v) for k, v in state.layout.items()}
        view["roles"] = dict(state.roles)
        view["arranged"] = list(state.arranged)
    return view


def leak_cards_in_view(view: dict) -> bool:
    """The leak cards option as any view shows it (views from before the option: on)."""
    return bool((view.get("options") or {}).get(LEAK_OPTION, True))


def _dc_top(state, seat) -> list[str]:
    if not seat:
        return []
    n = min(state.dc_top_known.get(seat, 0), len(state.decks["dc"]))
    return list(reversed(state.decks["dc"][-n:])) if n else []


def _dc_known(state, seat) -> list[str]:
    """Cards the seat put into or saw in the Double-Cross deck and has not since seen elsewhere.

    A card the opponent drew stays listed unless the seat knew it was on top (B12)."""
    if not seat:
        return []
    seen_elsewhere = set(state.hands[seat]) | {c for pile in state.discards.values() for c in pile}
    for row in state.tableau.values():
        seen_elsewhere.update(x for sl in row if sl.face_up for x in (sl.card, sl.replacement) if x)
    if state.ultra:
        seen_elsewhere.add(state.ultra)
    return [c for c in state.dc_known.get(seat, []) if c not in seen_elsewhere]


def _bets(state, seat) -> dict:
    out = {}
    for s in (ABWEHR, LCS):
        bet = state.bets.get(s)
        if bet is None:
            out[s] = None
        elif s == seat or state.bet_shown.get(s):
            out[s] = bet
        else:
            out[s] = "hidden"
    return out


def _pending(state, seat) -> dict | None:
    if not state.pending:
        return None
    p = state.pending[0]
    out = {"kind": p.kind, "seat": p.seat, "box": p.box, "slot": p.slot}
    if p.seat == seat:
        out["cards"] = list(p.cards)
        if p.kind == "fix":
            out["options"] = [list(o) for o in fix_options(state, p.seat, p.slot)]
    elif p.kind in ("take_evidence", "flip", "replace"):
        out["cards"] = list(p.cards)  # evidence tokens and discard piles are public
    return out


def _scores(state, seat) -> dict:
    """Hand names and Recon/Raid counts where every card that counts is visible to `seat`."""
    out = {}
    for s in (ABWEHR, LCS):
        rows = state.tableau.get(s, [])
        if rows and all(sl.face_up for sl in rows) and len(rows) == 5:
            out[s] = {"hand": hand_rank(state, s).describe()}
    if state.step == "results" and all(sl.face_up for s in (ABWEHR, LCS) for sl in state.tableau[s]):
        for s in (ABWEHR, LCS):
            out.setdefault(s, {})["recon"] = recon_raid_score(state, s)
    return out
