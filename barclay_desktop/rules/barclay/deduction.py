"""What the Abwehr can prove from revealed intelligence tokens (ruling B11).

Each of the five sectors holds five tokens: the primary offensive 4 green +
1 red, the secondary 3 green + 2 red, each of the three diversions 2 green +
3 red.  An assignment of (primary, secondary) to sectors is consistent with
the revealed tokens when no sector shows more greens or more reds than its
role holds.  B11: the Abwehr wins when every consistent assignment has the
same primary and the same secondary - this covers both the "revealed" and the
"logic" victory of the rulebook ("End of Game Scoring" and "Examples of an
Abwehr Victory Through Logic").

Sectors missing from `revealed` count as nothing revealed there.
"""

from __future__ import annotations

from typing import Mapping

SECTORS = ("pink", "red", "blue", "green", "purple")
TOKENS_PER_SECTOR = 5

# role -> (greens, reds) among its five tokens
PRIMARY = (4, 1)
SECONDARY = (3, 2)
DIVERSION = (2, 3)


def _role_tokens(sector: str, primary: str, secondary: str) -> tuple[int, int]:
    if sector == primary:
        return PRIMARY
    if sector == secondary:
        return SECONDARY
    return DIVERSION


def _checked_counts(revealed: Mapping[str, tuple[int, int]]) -> dict[str, tuple[int, int]]:
    unknown = set(revealed) - set(SECTORS)
    if unknown:
        raise ValueError(f"unknown sectors {sorted(unknown)}; sectors are {', '.join(SECTORS)}")
    counts = {}
    for sector in SECTORS:
        greens, reds = revealed.get(sector, (0, 0))
        if not (isinstance(greens, int) and isinstance(reds, int)):
            raise ValueError(f"{sector}: revealed counts must be integers, got {(greens, reds)!r}")
        if greens < 0 or reds < 0:
            raise ValueError(f"{sector}: revealed counts cannot be negative, got {(greens, reds)!r}")
        if greens + reds > TOKENS_PER_SECTOR:
            raise ValueError(f"{sector}: {greens + reds} tokens revealed, a sector holds {TOKENS_PER_SECTOR}")
        counts[sector] = (greens, reds)
    return counts


def _fits(counts: dict[str, tuple[int, int]], primary: str, secondary: str) -> bool:
    for sector, (greens, reds) in counts.items():
        role_greens, role_reds = _role_tokens(sector, primary, secondary)
        if greens > role_greens or reds > role_reds:
            return False
    return True


def consistent_assignments(revealed: Mapping[str, tuple[int, int]]) -> list[tuple[str, str]]:
    """Every (primary, secondary) pair the revealed tokens still allow (B11), in sector order.

    Raises ValueError on malformed counts or counts that no layout can show.
    """
    counts = _checked_counts(revealed)
    found = [
        (primary, secondary)
        for primary in SECTORS
        for secondary in SECTORS
        if primary != secondary and _fits(counts, primary, secondary)
    ]
    if not found:
        raise ValueError(f"no layout of the intelligence tokens can show {counts!r}")
    return found


def deduce_offensives(revealed: Mapping[str, tuple[int, int]]) -> tuple[str, str] | None:
    """`(primary, secondary)` when the revealed tokens prove both (B11), else None."""
    found = consistent_assignments(revealed)
    return found[0] if len(found) == 1 else None


def possible_primaries(revealed: Mapping[str, tuple[int, int]]) -> list[str]:
    """Sectors that may still hold the primary offensive, in sector order (for the UI)."""
    found = {primary for primary, _ in consistent_assignments(revealed)}
    return [s for s in SECTORS if s in found]
