"""Building Operation Barclay positions for tests without breaking card conservation."""

from __future__ import annotations

from barclay_desktop.rules import game_class
from barclay_desktop.rules.barclay import actions as A
from barclay_desktop.rules.barclay.state import ABWEHR, LCS, Slot

BarclayGame = game_class("barclay")


def new_game(seed: int = 1, track_undo: bool = True, options: dict | None = None):
    return BarclayGame.new(options, seed=seed, track_undo=track_undo)


def started_game(seed: int = 1, primary: str = "blue", secondary: str = "red", track_undo: bool = True,
                 options: dict | None = None):
    """A game past setup: month 1, First Three Cards, the Abwehr to play."""
    g = new_game(seed, track_undo, options)
    g.apply(A.ChooseRoles(primary, secondary))
    g.apply(A.RandomArrangement())
    return g


def _piles(state):
    yield from state.decks.values()
    yield from state.hands.values()
    yield from state.discards.values()


def take(state, cid: str) -> None:
    """Remove a card from whichever pile holds it."""
    for pile in _piles(state):
        if cid in pile:
            pile.remove(cid)
            return
    raise AssertionError(f"{cid} is not in a pile")


def give(g, seat: str, cids: list[str]) -> None:
    """Make `cids` the seat's whole hand; displaced cards go to the bottom of the channels deck."""
    s = g.state
    for cid in cids:
        take(s, cid)
    s.decks["channels"][:0] = s.hands[seat]
    s.hands[seat] = list(cids)
    g._token += 1  # invalidate the legal-action cache after editing the state by hand


def stack(g, deck: str, cids_top_first: list[str]) -> None:
    s = g.state
    for cid in cids_top_first:
        take(s, cid)
    s.decks[deck].extend(reversed(cids_top_first))
    g._token += 1


def discard(g, seat: str, cids: list[str]) -> None:
    s = g.state
    for cid in cids:
        take(s, cid)
        s.discards[seat].append(cid)
    g._token += 1


def set_tableau(g, seat: str, cids: list[str], face_up: bool = True) -> None:
    s = g.state
    for cid in cids:
        take(s, cid)
    s.tableau[seat] = [Slot(cid, face_up) for cid in cids]
    g._token += 1


def do(g, action, seat=None):
    return g.apply(action, seat)


def legal_types(g):
    return {type(a) for a in g.legal_actions(g.current_seat())}


__all__ = ["ABWEHR", "LCS", "A", "BarclayGame", "new_game", "started_game", "give", "stack", "discard", "set_tableau", "take"]


def settle(g) -> None:
    """Let the engine run its automatic steps after a test edited the state by hand."""
    from barclay_desktop.rules.barclay.flow import advance

    advance(g)
    g._token += 1


def free_cards(g, step_icon: str, n: int, exclude_icon: str | None = None) -> list[str]:
    """n cards still in the decks that carry `step_icon` (and not `exclude_icon`)."""
    from barclay_desktop.rules.barclay.flow import card

    out = []
    for deck in ("channels", "abwehr", "lcs"):
        for cid in g.state.decks[deck]:
            c = card(cid)
            if step_icon in c.steps and (exclude_icon is None or exclude_icon not in c.steps) and c.effect is None:
                out.append(cid)
    assert len(out) >= n
    return out[:n]
