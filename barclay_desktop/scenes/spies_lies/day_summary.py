"""The end-of-day summary of Spies & Lies: both line-ups as they ended, the IP each side gained,
its infiltrations, and where the double spy went, shown before the next day's draws.

Built from a view alone - its public day history (both line-ups, public once the day ends) and
the public lines of its log - so any seat, or an onlooker, may be shown it."""

from __future__ import annotations

import attrs
import pygame

from ...ui import draw
from . import cards as sc
from ...ui.palette import BRASS, FADED, INK, PAPER, STAMP_RED

SIDES = ("red", "blue")
SIDE_NAME = {"red": "Red", "blue": "Blue"}
CARD = (84, 104)


@attrs.frozen
class DaySummary:
    day: int  # the day that ended
    lineups: dict  # side -> the four troops (rank, name, name_nl) under Missions 1-4
    outcomes: dict  # side -> per mission: "activated", "retreated" or ""
    ip: dict  # side -> IP gained during the day
    infiltrations: dict  # side -> how many times its tower reached the target
    towers: dict  # side -> its tower now
    spy_from: int
    spy_to: int
    gate: int  # the track space of each side's gate (the flag lies one further)


def day_events(view, day: int) -> list[dict]:
    """The public log entries of `day` (from the end of the day before to this day's end)."""
    public = [e for e in view["log"] if e["to"] is None]
    ends = [i for i, e in enumerate(public) if e["kind"] == "day_end"]
    start = ends[day - 2] + 1 if day >= 2 and len(ends) >= day - 1 else 0
    stop = ends[day - 1] + 1 if len(ends) >= day else len(public)
    return public[start:stop]


def spy_after(events: list[dict], start: int) -> int:
    """Where the double spy stands after `events` (it stood on `start` before them)."""
    for e in events:
        if e["kind"] in ("spy", "wrong_order") and "spy" in (e["data"] or {}):
            start = e["data"]["spy"]
    return start


def day_summary(view) -> DaySummary | None:
    """The summary of the last day that ended, or None before the first day has ended."""
    history = view.get("history") or []
    if not history:
        return None
    day = len(history)
    before = [e for d in range(1, day) for e in day_events(view, d)]
    events = day_events(view, day)
    outcomes = {side: [""] * 4 for side in SIDES}
    for e in events:
        if e["kind"] == "reveal":
            outcomes[e["data"]["side"]][e["data"]["mission"] - 1] = e["data"].get("outcome", "")
    gained = {side: sum(e["data"].get("amount", 0) for e in events
                        if e["kind"] == "ip" and e["data"].get("side") == side) for side in SIDES}
    infiltrations = {side: sum(1 for e in events if e["kind"] == "infiltrate" and e["data"].get("side") == side)
                     for side in SIDES}
    spy_from = spy_after(before, 0)
    return DaySummary(day, {side: history[-1][side] for side in SIDES}, outcomes, gained, infiltrations,
                      dict(view["scores"]), spy_from, spy_after(events, spy_from), view["track"]["gate"])


def spy_words(space: int, gate: int) -> str:
    owner = SIDE_NAME["blue" if space > 0 else "red"]
    if space == 0:
        return "the neutral centre"
    if abs(space) == gate:
        return f"{owner}'s gate"
    return f"space {abs(space)} in {owner}'s territory"


def spy_line(summary: DaySummary) -> str:
    if summary.spy_from == summary.spy_to:
        return f"The double spy did not move: it stays on {spy_words(summary.spy_to, summary.gate)}."
    return (f"The double spy moved from {spy_words(summary.spy_from, summary.gate)} "
            f"to {spy_words(summary.spy_to, summary.gate)}.")


def side_lines(summary: DaySummary, side: str) -> list[str]:
    n = summary.infiltrations[side]
    lines = [f"+{summary.ip[side]} IP today"]
    if n:
        lines.append(f"{n} infiltration{'s' if n > 1 else ''}")
    lines.append(f"tower now {summary.towers[side]}")
    return lines


def draw_day_summary(surface, area: pygame.Rect, summary: DaySummary, button: pygame.Rect, hover: bool) -> None:
    """The summary on a paper panel over `area`; `button` (inside it) goes on to the draws."""
    panel = draw.paper_panel(surface, area, seed=46)
    pygame.draw.rect(surface, BRASS, panel, 3)
    draw.typed_heading(surface, f"Day {summary.day} is over", (panel.x + 20, panel.y + 10), size=26)
    draw.text(surface, "Both line-ups as they ended the day. The draws for the next day come next.",
              (panel.x + 22, panel.y + 48), size=14, colour=FADED)
    half = (panel.w - 40) // 2
    for k, side in enumerate(SIDES):
        x = panel.x + 20 + k * (half + 20)
        draw.text(surface, f"{SIDE_NAME[side].upper()} LINE-UP", (x, panel.y + 74), size=13, bold=True,
                  colour=sc.side_rgb(side))
        for m, troop in enumerate(summary.lineups[side]):
            card = pygame.Rect(x + m * (CARD[0] + 6), panel.y + 94, *CARD)
            surface.blit(sc.troop_face(side, troop["rank"], troop["name"], troop["name_nl"], CARD), card.topleft)
            outcome = summary.outcomes[side][m]
            if outcome:
                draw.text(surface, outcome, (card.centerx, card.bottom + 4), size=12, bold=True, anchor="midtop",
                          colour=STAMP_RED if outcome == "activated" else FADED)
        text_x = x + 4 * (CARD[0] + 6) + 4
        for i, line in enumerate(side_lines(summary, side)):
            draw.text(surface, line, (text_x, panel.y + 100 + i * 22), size=14, bold=i == 0, colour=INK)
    draw.text(surface, spy_line(summary), (panel.x + 22, panel.y + 232), size=15, bold=True)
    pygame.draw.rect(surface, sc.darker(sc.RED, 20) if hover else sc.RED, button, border_radius=6)
    pygame.draw.rect(surface, BRASS, button, 2, border_radius=6)
    draw.text(surface, "On to the draws (Enter)", button.center, size=16, bold=True, colour=PAPER, anchor="center")
