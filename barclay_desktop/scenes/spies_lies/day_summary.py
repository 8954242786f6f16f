"""The end-of-day summary of Spies & Lies: both line-ups as they ended, the IP each side gained,
its infiltrations, and where the double spy went, shown before the next day's draws.

Built from a view alone - its public day history (both line-ups, public once the day ends) and
the public lines of its log - so any seat, or an onlooker, may be shown it."""

from __future__ import annotations

import attrs
import pygame

from ...i18n import N_, NP_, _, ngettext, pgettext
from ...ui import draw
from . import cards as sc
from ...ui.palette import BRASS, FADED, INK, PAPER, STAMP_RED

SIDES = ("red", "blue")
SIDE_NAME = {"red": N_("Red"), "blue": N_("Blue")}  # msgids (the rules' side names): _() where drawn
LINE_UP_HEADS = {"red": N_("RED LINE-UP"), "blue": N_("BLUE LINE-UP")}
OUTCOME_WORDS = {"activated": NP_("troop", "activated"), "retreated": NP_("troop", "retreated")}
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
    owner = _(SIDE_NAME["blue" if space > 0 else "red"])
    if space == 0:
        return _("the neutral centre")
    if abs(space) == gate:
        return _("{owner}'s gate").format(owner=owner)
    return _("space {n} in {owner}'s territory").format(n=abs(space), owner=owner)


def spy_line(summary: DaySummary) -> str:
    if summary.spy_from == summary.spy_to:
        return _("The double spy did not move: it stays on {place}.").format(
            place=spy_words(summary.spy_to, summary.gate))
    return _("The double spy moved from {start} to {end}.").format(
        start=spy_words(summary.spy_from, summary.gate), end=spy_words(summary.spy_to, summary.gate))


def side_lines(summary: DaySummary, side: str) -> list[str]:
    n = summary.infiltrations[side]
    lines = [_("+{ip} IP today").format(ip=summary.ip[side])]
    if n:
        lines.append(ngettext("{n} infiltration", "{n} infiltrations", n).format(n=n))
    lines.append(_("tower now {n}").format(n=summary.towers[side]))
    return lines


def draw_day_summary(surface, area: pygame.Rect, summary: DaySummary, button: pygame.Rect, hover: bool) -> None:
    """The summary on a paper panel over `area`; `button` (inside it) goes on to the draws."""
    panel = draw.paper_panel(surface, area, seed=46)
    pygame.draw.rect(surface, BRASS, panel, 3)
    draw.typed_heading(surface, _("Day {day} is over").format(day=summary.day), (panel.x + 20, panel.y + 10), size=26)
    note = _("Both line-ups as they ended the day. The draws for the next day come next.")
    room = pygame.Rect(panel.x + 22, panel.y + 48, panel.w - 44, 20)
    draw.text(surface, note, room.topleft, size=sc.fit_size(note, room.w, 14), colour=FADED, box=room)
    half = (panel.w - 40) // 2
    for k, side in enumerate(SIDES):
        x = panel.x + 20 + k * (half + 20)
        draw.text(surface, _(LINE_UP_HEADS[side]), (x, panel.y + 74), size=13, bold=True,
                  colour=sc.side_rgb(side))
        for m, troop in enumerate(summary.lineups[side]):
            card = pygame.Rect(x + m * (CARD[0] + 6), panel.y + 94, *CARD)
            surface.blit(sc.troop_face(side, troop["rank"], troop["name"], troop["name_nl"], CARD), card.topleft)
            outcome = summary.outcomes[side][m]
            if outcome:
                word = pgettext("troop", OUTCOME_WORDS[outcome]) if outcome in OUTCOME_WORDS else outcome
                draw.text(surface, word, (card.centerx, card.bottom + 4),
                          size=sc.fit_size(word, CARD[0] + 4, 12, bold=True, smallest=9), bold=True,
                          anchor="midtop", colour=STAMP_RED if outcome == "activated" else FADED)
        text_x = x + 4 * (CARD[0] + 6) + 4
        room = x + half - text_x
        for i, line in enumerate(side_lines(summary, side)):
            box = pygame.Rect(text_x, panel.y + 98 + i * 22, room, 20)
            draw.text(surface, line, (text_x, panel.y + 100 + i * 22), size=sc.fit_size(line, room, 14, bold=i == 0),
                      bold=i == 0, colour=INK, box=box)
    line = spy_line(summary)
    room = pygame.Rect(panel.x + 22, panel.y + 230, panel.w - 44, 22)
    draw.text(surface, line, (panel.x + 22, panel.y + 232), size=sc.fit_size(line, room.w, 15, bold=True),
              bold=True, box=room)
    pygame.draw.rect(surface, sc.darker(sc.RED, 20) if hover else sc.RED, button, border_radius=6)
    pygame.draw.rect(surface, BRASS, button, 2, border_radius=6)
    go = _("On to the draws (Enter)")
    draw.text(surface, go, button.center, size=sc.fit_size(go, button.w - 12, 16, bold=True), bold=True, colour=PAPER,
              anchor="center", box=button)
