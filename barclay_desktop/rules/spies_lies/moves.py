"""Every action a game of Spies & Lies can offer, made once.

Actions are frozen values, so the lists of legal actions share them (and `apply` finds the
one a caller took from the list by identity). The game module re-exports them; the flow
reads them here to hand the next seat its list (game.py imports flow.py)."""

from __future__ import annotations

from .actions import (
    CaptainBorrow,
    CaptainPoints,
    ConfirmDeploy,
    Deceive,
    Deploy,
    EliminatePick,
    Guess,
    IntelChip,
    MarshalSplit,
    MarshalTen,
    NoDeception,
    Withdraw,
)

GUESSES = tuple(Guess(r) for r in range(1, 11))
PICKS = tuple(EliminatePick(i) for i in range(1, 11))
DEPLOYS = {(rank, m): Deploy(rank, m + 1) for rank in range(1, 11) for m in range(4)}  # (rank, mission 0-3)
DEPLOY_TABLE = tuple(tuple(DEPLOYS.get((rank, m)) for m in range(4)) for rank in range(11))  # [rank][mission]
WITHDRAWS = tuple(Withdraw(m + 1) for m in range(4))
CONFIRM = ConfirmDeploy()
CHIPS = {(m, on): IntelChip(m + 1, on) for m in range(4) for on in (True, False)}
OFFER = (Deceive(), NoDeception())
MARSHAL_CHOICE = (MarshalTen(), MarshalSplit())
CAPTAIN_POINTS = CaptainPoints()
BORROWS = {r: CaptainBorrow(r) for r in range(1, 11)}
