"""The Stratego Spies & Lies table: the board map, both line-ups, the towers, the double spy,
and every decision of the game by mouse (drag or click-to-place for deploying).

Draws only `view` (= game.view(session.drawable_seat())) and turns clicks into actions
taken from `session.legal_actions()`. Its controls (`make_controls`) go to the shared control
table of the base (game_table.py); `control_rect(action)` / `control_clicks(action)` tell
tests and tools where one is. The viewing side's missions are the bottom row; with the public view, red's."""

from __future__ import annotations

import attrs
import pygame

from ...i18n import translate
from ...rules.core.message import Joined, Message, msg
from ...rules.spies_lies import actions as A
from ...rules.spies_lies.lineup import SERGEANT
from . import cards as sc
from .board import SpiesBoard
from .anim import Flip, Glide, Toasts, spy_frames, tower_frames
from .day_summary import DaySummary, day_summary
from .table_art import SIDE_NAME, SIDES, SpiesTableArt
from ..controls import Control
from ..game_table import SessionScene

BUTTON_H = 40
NOTICE_KINDS = ("reveal", "retreat", "activate", "wrong_order", "bomb", "scout", "captain", "infiltrate", "spy",
                "flag", "deception", "start", "eliminate")
HEADLINE_KINDS = ("reveal", "eliminate", "start", "flag", "infiltrate", "wrong_order")


@attrs.frozen
class Choices:
    """What the player has begun choosing on the table: the controls are built from it."""

    held: int | None = None  # the rank picked up (by a click or a drag), waiting for a mission


def other(side: str) -> str:
    return "blue" if side == "red" else "red"


def revealed_troop(event) -> tuple[str, int] | None:
    """(side, rank) of the troop a public reveal or elimination draw turned up."""
    data = event.data or {}
    if event.kind == "reveal":
        return data["side"], data["troop"]["rank"]
    if event.kind == "eliminate":
        return data["side"], data["rank"]
    return None


def catalog() -> dict[int, dict]:
    from ...rules import game_class

    return {t["rank"]: t for t in game_class("spies_lies").troop_catalog()}


class SpiesTableScene(SpiesTableArt, SessionScene):
    name = "spies_table"
    NUMBERED_KINDS = (("pick", "guess", "button"),)  # as listed: the picks, the guess row, the buttons
    COMPUTER_PAUSE = 0.7  # seconds a computer player waits after the table settles, so its moves can be followed
    SUMMARY_WATCH_SECONDS = 5.0  # how long a watched game shows the end-of-day summary

    def __init__(self, app, session):
        super().__init__(app, session)
        self.board = SpiesBoard.load()
        self.troops = catalog()
        self.mouse = (0, 0)
        self.selected: int | None = None  # rank picked up by a click, waiting for a mission
        self.drag: dict | None = None  # {"rank", "start", "pos"} while a troop is dragged
        self.drawn_ids: list[str] = []  # ids of the troop faces drawn this frame
        self.tooltip_rank: int | None = None  # the troop whose ability is shown on hover
        self.tooltip_rect: pygame.Rect | None = None
        self.toast_rect: pygame.Rect | None = None
        self._hover_time = 0.0  # seconds the mouse has rested where it is
        self._auto_confirmed: tuple | None = None  # (seat, day) whose truthful chip the table confirmed
        self.summary_closed: set[tuple] = set()  # (seat, day) that went on from the end-of-day summary
        self._summary_cache: tuple = (None, None)  # (session version, its DaySummary)
        self._summary_time = 0.0  # seconds the summary has been up (a watched game goes on by itself)
        self._waited = 0.0  # how long a computer's move has been held back (pacing)
        self._static: dict[str, pygame.Surface] = {}  # the unchanging table, per viewing side
        self.flips: list[Flip] = []
        self.toasts = Toasts()  # this table's slips (may be private): drawn where no card is, wiped at every hand-over
        # What this table's last action revealed: shown in the hand band while the player whose
        # turn it ended looks before passing the table on (lines, and (side, rank) turned up; public)
        self.report_lines: list[str] = []
        self.report_troops: list[tuple[str, int]] = []
        public = self.game.view(None)
        self.towers = {side: Glide(float(public["scores"][side]), 9.0) for side in SIDES}
        self.spy = Glide(float(public["track"]["spy"]), 2.5)
        self._seen_version = session.version
        self._log_len = self._told = self.game.event_mark()  # log entries already animated / already told

    # ----- seats and rows ---------------------------------------------------------------
    @staticmethod
    def bottom_side(view) -> str:
        return view.get("my_side") or "red"

    def row_of(self, side: str, view) -> str:
        return "bottom" if side == self.bottom_side(view) else "top"

    def acting(self, seat) -> bool:
        return seat is not None and seat == self.session.acting_seat()

    def hand_ids(self, view, seat) -> list | None:
        """The ranks of the troops in hand, when this view shows them (for the NEW marks). An
        empty hand is no look: the game opens on one before the day-1 draws, and the whole line
        coming into it then is the opening hand, not news to mark."""
        hand = view["sides"][self.bottom_side(view)].get("hand")
        return [t["rank"] for t in hand] if hand else None

    # ----- controls: the one place that maps legal actions to screen rects --------------------
    def ui_state(self) -> Choices:
        return Choices(self.drag["rank"] if self.drag is not None else self.selected)

    def make_controls(self, view: dict, seat, ui: Choices) -> list[Control]:
        legal = self.session.legal_actions() if self.acting(seat) else []
        if not legal or self.summary_for(view, seat) is not None:
            return []
        out: list[Control] = []
        out += self.deploy_controls(view, legal, ui)
        out += self.pick_controls(legal)
        out += self.guess_controls(view, legal)
        out += self.button_controls(view, legal)
        return out

    def deploy_controls(self, view, legal, ui: Choices) -> list[Control]:
        deploys = [a for a in legal if isinstance(a, A.Deploy)]
        side = self.bottom_side(view)
        out = []
        hand = (view["sides"][side].get("hand") or []) if view["phase"] == "deploy" else []
        for i, troop in enumerate(hand):
            rank = troop["rank"]
            ok = any(a.rank == rank for a in deploys)
            out.append(Control(self.hand_rect(i), None, troop_word(troop["name"]), "hand", rank,
                               "" if ok else "no place"))
        if ui.held is not None:
            for a in deploys:
                if a.rank == ui.held:
                    out.append(Control(self.slot_rect("bottom", a.mission), a, "", "slot", a.mission))
        for a in legal:
            if isinstance(a, A.Withdraw):
                out.append(Control(self.slot_rect("bottom", a.mission), a, msg("take back"), "withdraw", a.mission))
        return out

    def pick_controls(self, legal) -> list[Control]:
        picks = [a for a in legal if isinstance(a, A.EliminatePick)]
        return [Control(self.pick_rect(a.card - 1, len(picks)), a, msg("card {n}", n=a.card), "pick", a.card)
                for a in picks]

    def pick_rect(self, index: int, count: int) -> pygame.Rect:
        """The map's pick slots, the used ones centred in the panel."""
        first = self.board.find("pick_slot", index=0)
        last = self.board.find("pick_slot", index=max(0, count - 1))
        shift = self.board.rect("pick-panel").centerx - (first.x + last.right) // 2
        return self.board.find("pick_slot", index=index).move(shift, 0)

    def guess_controls(self, view, legal) -> list[Control]:
        return [Control(self.board.find("guess_slot", rank=a.rank), a, troop_word(self.troops[a.rank]["name"]), "guess",
                        a.rank) for a in legal if isinstance(a, A.Guess)]

    def button_controls(self, view, legal) -> list[Control]:
        labels = []
        for a in legal:
            label = self.button_label(view, a)
            if label:
                labels.append((label, a))
        area = self.board.rect("actions")
        top = area.bottom - len(labels) * (BUTTON_H + 8)
        return [Control(pygame.Rect(area.x, top + i * (BUTTON_H + 8), area.w, BUTTON_H), a, label)
                for i, (label, a) in enumerate(labels)]

    def button_label(self, view, a) -> Message | str:
        """The button's words as a Message: said in the player's language where it is drawn."""
        side = self.bottom_side(view)
        me = view["sides"][side]
        if isinstance(a, A.ConfirmDeploy):
            return msg("Confirm the line-up")
        if isinstance(a, A.IntelChip):
            truth = self.game.chip_tells_truth(view["seat"], a)  # the rules say, not the scene
            if a.on:
                return msg("Place a chip (truth)") if truth else msg("Place a chip (a lie)")
            return msg("Leave it off (truth)") if truth else msg("Leave it off (a lie)")
        if isinstance(a, A.Deceive):
            return msg("Deception chip ({n} held)", n=me["deception_chips"])
        if isinstance(a, A.NoDeception):
            return msg("No deception chip")
        if isinstance(a, A.CaptainPoints):
            return msg("Take 6 IP")
        if isinstance(a, A.CaptainBorrow):
            return msg("Use the {troop} ({rank})", troop=troop_word(self.troops[a.rank]["name"]), rank=a.rank)
        if isinstance(a, A.MarshalTen):
            return msg("Take 10 IP")
        if isinstance(a, A.MarshalSplit):
            return msg("+5 IP, {side} -5", side=msg(SIDE_NAME[other(side)]))
        return ""

    def control_clicks(self, action) -> list[tuple[int, int]]:
        """Where to click, in order, to take `action` now: a deploy picks its troop up first."""
        if isinstance(action, A.Deploy) and self.selected != action.rank:
            controls = self.current_controls(Choices(action.rank))
            hand = [c.rect.center for c in self.keyed_controls("hand", action.rank, controls)]
            slot = [c.rect.center for c in controls if c.action == action]
            return hand[:1] + slot[:1] if hand and slot else []
        return super().control_clicks(action)

    def control_rect(self, action) -> pygame.Rect | None:
        """The rect of the control that takes `action` (for a deploy: the mission it goes to,
        shown once its troop is held)."""
        control = self.control_for(action, Choices(action.rank) if isinstance(action, A.Deploy) else None)
        return control.rect if control is not None else None

    def drag_path(self, action) -> tuple[tuple[int, int], tuple[int, int]] | None:
        """(press, release) positions that drag the troop of a Deploy onto its mission."""
        seat, view = self.current_view()
        target = self.control_rect(action)
        hand = (view["sides"][self.bottom_side(view)].get("hand") or [])
        index = next((i for i, t in enumerate(hand) if t["rank"] == action.rank), None)
        if target is None or index is None:
            return None
        return self.hand_rect(index).center, target.center

    def hint_controls(self, action) -> list:
        """A deployment is dragged: ring the troop in the hand and the mission it goes to."""
        if not isinstance(action, A.Deploy):
            return super().hint_controls(action)
        if self.current_view()[1].get("phase") != "deploy":
            return []
        troop = self.keyed_controls("hand", action.rank, self.controls)
        return troop + [Control(self.slot_rect("bottom", action.mission), action, "", "slot", action.mission)]

    def hint_text(self, action) -> str:
        if isinstance(action, A.Deploy):
            return msg("Hint: put your {troop} under Mission {mission}.",
                       troop=troop_word(self.troops[action.rank]["name"]), mission=action.mission)
        labels = [c.label for c in self.hint_controls(action) if c.label]
        if labels:  # the control's own words, in the player's language where the slip is typed
            return msg("Hint: {choice}.", choice=labels[0])
        return super().hint_text(action)

    # ----- geometry -----------------------------------------------------------------------
    def hand_rect(self, index: int) -> pygame.Rect:
        r = self.board.find("hand_slot", index=index)
        return r.move(0, -12) if r.collidepoint(self.mouse) and self.drag is None else r

    def slot_rect(self, row: str, mission: int) -> pygame.Rect:
        return self.board.find("mission_slot", row=row, mission=mission)

    def slot_at(self, pos) -> int | None:
        for props, rect in self.board.all("mission_slot"):
            if props["row"] == "bottom" and rect.collidepoint(pos):
                return props["mission"]
        return None

    # ----- drawing ------------------------------------------------------------------------------
    def draw_table(self, surface, view, seat) -> None:
        surface.blit(self.static_layer(self.bottom_side(view)), (0, 0))
        self.drawn_ids = []
        self.controls = self.build_controls(view, seat)
        self.draw_track(surface, view)
        for side in SIDES:
            self.draw_tower(surface, view, side)
            self.draw_row(surface, view, side)
            self.draw_status(surface, view, side)
        self.draw_intel(surface, view)
        self.draw_bottom(surface, view, seat)
        self.draw_buttons(surface, view, seat)
        self.draw_highlights(surface)
        self.draw_drag(surface, view)
        self.draw_toasts(surface, view)
        self.draw_tooltip(surface, view)

    def face(self, side: str, troop: dict, size) -> pygame.Surface:
        """A troop's face, noting its id: tests prove no hidden troop is ever drawn."""
        self.drawn_ids.append(troop.get("id", ""))
        return sc.troop_face(side, troop["rank"], troop["name"], troop["name_nl"], size)

    # ----- input -----------------------------------------------------------------------------
    def on_table_event(self, event) -> bool:
        if self.on_summary_event(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            if event.pos != self.mouse:
                self._hover_time = 0.0
            self.mouse = event.pos
            if self.drag is not None:
                self.drag["pos"] = event.pos
            return False
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.confirm_lineup()
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_0, pygame.K_KP0):
            marshal = A.Guess(10)  # keys 1-9 name ranks 1-9 in the guess row; 0 names the Marshal (10)
            if marshal in self.session.legal_actions():
                self.try_action(marshal)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            return self.press(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self.release(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.selected, self.drag = None, None
            return True
        return False

    # ----- the end-of-day summary -------------------------------------------------------------
    def summary_for(self, view, seat) -> DaySummary | None:
        """The summary of the day just ended, while `seat` (None: an onlooker) has not gone on
        from it: during the next day's draws, and not while the table waits to be passed on."""
        if view["phase"] != "eliminate" or self.session.pass_to is not None:
            return None
        if self._summary_cache[0] != self.session.version:  # built from public parts only: one per change
            self._summary_cache = (self.session.version, day_summary(view))
        summary = self._summary_cache[1]
        if summary is None or summary.day != view["day"] - 1 or (seat, summary.day) in self.summary_closed:
            return None
        return summary

    def prompt_text(self) -> str:
        seat, view = self.current_view()
        summary = self.summary_for(view, seat)
        if summary is None:  # the rules' Messages, said in the player's language (docs/i18n.md)
            return translate(super().prompt_text())
        return translate(msg("Day {day} is over: read how it went, then go on to the draws (Enter).",
                             day=summary.day))

    def summary_up(self) -> bool:
        seat, view = self.current_view()
        return self.summary_for(view, seat) is not None

    def summary_button(self) -> pygame.Rect:
        panel = self.board.rect("pick-panel")
        return pygame.Rect(panel.right - 300, panel.bottom - 56, 280, 40)

    def close_summary(self) -> None:
        seat, view = self.current_view()
        summary = self.summary_for(view, seat)
        if summary is not None:
            self.summary_closed.add((seat, summary.day))
            self._summary_time = 0.0

    def on_summary_event(self, event) -> bool:
        """While the summary is up: Enter or its button goes on; other clicks on it do nothing."""
        if not self.summary_up():
            return False
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.close_summary()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.summary_button().collidepoint(event.pos):
                self.close_summary()
            return self.board.rect("pick-panel").collidepoint(event.pos)
        return False

    def confirm_lineup(self) -> bool:
        """Enter confirms a full line-up (the same as its button); otherwise it is not used here."""
        confirm = next((a for a in self.session.legal_actions() if isinstance(a, A.ConfirmDeploy)), None)
        if confirm is None:
            return False
        self.try_action(confirm)
        return True

    def press(self, pos) -> bool:
        seat, view = self.current_view()
        controls = self.current_controls()
        c = self.control_at(pos, controls, kinds=("hand",))
        if c is not None:
            self.drag = {"rank": c.key, "start": pos, "pos": pos}
            return True
        if self.selected is not None:
            m = self.slot_at(pos)
            if m is not None:
                self.place(self.selected, m)
                return True
        c = self.control_at(pos, controls, kinds=("withdraw",))
        if c is not None:  # a click takes it back, a drag moves it
            troop = view["sides"][self.bottom_side(view)]["missions"][c.key - 1].get("troop") or {}
            self.drag = {"rank": troop.get("rank"), "start": pos, "pos": pos, "from": c.key}
            return True
        c = next((c for c in controls if c.action is not None and c.rect.collidepoint(pos) and c.kind != "slot"), None)
        if c is not None:
            self.try_action(c.action)
            return True
        if self.selected is not None:
            self.selected = None
            return True
        return False

    def release(self, pos) -> bool:
        if self.drag is None:
            return False
        drag, self.drag = self.drag, None
        m = self.slot_at(pos)
        if drag.get("from") is not None:
            self.move_placed(drag, m, pos)
            return True
        if m is not None:
            self.place(drag["rank"], m)
            return True
        moved = abs(pos[0] - drag["start"][0]) + abs(pos[1] - drag["start"][1])
        if moved < 12:
            self.selected = None if self.selected == drag["rank"] else drag["rank"]
            if self.selected is not None and not self.can_place(self.selected):
                self.show_message(self.session.explain(A.Deploy(self.selected, self.first_empty())), warn=True)
                self.selected = None
        return True

    def move_placed(self, drag: dict, mission: int | None, pos) -> None:
        """A deployed troop was pressed on: a click (or a drop off the line-up) takes it back into
        the hand; a drop on another free mission moves it there. A move the rules refuse puts it
        back where it stood and says why."""
        start = drag["from"]
        moved = abs(pos[0] - drag["start"][0]) + abs(pos[1] - drag["start"][1])
        if mission == start and moved >= 12:
            return  # dropped where it was
        _seat, view = self.current_view()
        if mission is not None and mission != start:
            if view["sides"][self.bottom_side(view)]["missions"][mission - 1]["occupied"]:
                self.show_message(msg("Mission {mission} already has a troop: take it back first.", mission=mission),
                                  warn=True)
                return
        if not self.try_action(A.Withdraw(start)) or mission is None or mission == start:
            return
        target = A.Deploy(drag["rank"], mission)
        if target in self.session.legal_actions():
            self.try_action(target)
            return
        reason = self.session.explain(target)
        self.try_action(A.Deploy(drag["rank"], start))  # it stood there a moment ago: still legal
        self.show_message(reason, warn=True)

    def can_place(self, rank: int) -> bool:
        return any(isinstance(a, A.Deploy) and a.rank == rank for a in self.session.legal_actions())

    def first_empty(self) -> int:
        seat, view = self.current_view()
        side = self.bottom_side(view)
        mine = view.get("my_missions") or [1, 2, 3, 4]
        free = [m for m in mine if not view["sides"][side]["missions"][m - 1]["occupied"]]
        return free[0] if free else mine[0]

    def place(self, rank: int, mission: int) -> None:
        """Deploy `rank` under `mission`, or say why the rules refuse it."""
        self.selected = None
        action = A.Deploy(rank, mission)
        if action in self.session.legal_actions():
            self.try_action(action)
        else:
            self.show_message(self.session.explain(action), warn=True)

    # ----- after an action, and animations ---------------------------------------------------
    def on_acted(self, events: list) -> None:
        """After this table's own action: private warnings, and the reveal report shown until the
        table is passed on (the flips and glides follow the log in update, for computer moves too)."""
        self.selected = None
        self._told = self.game.event_mark()
        seat = self.session.drawable_seat()
        warnings = [e.text for e in events if e.kind == "warning" and e.to in (seat, None)]
        for text in warnings:
            self.show_message(text, warn=True)
        said = [e.text for e in events if e.to is None and e.kind in NOTICE_KINDS]
        handing_over = self.session.pass_to is not None
        self.report_lines, self.report_troops = [], []
        if handing_over and any(e.kind in ("reveal", "eliminate") for e in events):
            self.report_lines = said
            self.report_troops = [shown for e in events if e.to is None and (shown := revealed_troop(e))]
        elif said and not handing_over:  # the headline only; the RECENT panel keeps the whole chain
            headline = [e.text for e in events if e.to is None and e.kind in HEADLINE_KINDS]
            if headline:
                self.show_message(Joined(headline[:2], " "))

    def follow_log(self) -> None:
        """Animate what the public record gained since the last frame (any player's move); a
        computer's move also gets its headline typed. An undo only resets the bookmark."""
        new, mark = self.events_since(self._log_len)  # none after an undo: the bookmark only goes back
        computer = [e for e in new if e.seq >= self._told]
        self._log_len = self._told = mark
        if not new:
            return
        for e in new:
            if e.kind == "reveal":
                self.flips.append(Flip(e.data["side"], e.data["mission"]))
                self.app.sound.play("stamp")
        self.animate(new)
        headline = [e.text for e in computer if e.kind in HEADLINE_KINDS]
        if headline and self.session.curtain_seat is None:
            self.show_message(Joined(headline[:2], " "))

    def animate(self, events) -> None:
        public = self.game.view(None)
        public_events = [e for e in events if e.to is None]
        for side in SIDES:
            for value, snap in tower_frames(public_events, side, self.towers[side].value, public["scores"][side],
                                            public["infiltration_target"]):
                self.towers[side].push(value, snap)
        for value, snap in spy_frames(public_events, public["track"]["spy"]):
            self.spy.push(value, snap)

    def show_message(self, text: str, *, warn: bool = False) -> None:
        """Typed in the table's own slip band (`toast_area`), not at the bottom of the screen,
        where the hand and the guess cards are."""
        self.toasts.add(text, warn)

    def clear_notices(self) -> None:
        """This table's notices are its own slips (a refusal reason, a private warning)."""
        self.toasts.clear()

    def on_hand_over(self) -> None:
        self.selected, self.drag = None, None

    def update(self, dt: float) -> None:
        self.follow_log()
        self.watch_hand_over()
        self._hover_time += dt
        if self._seen_version != self.session.version:
            self._seen_version = self.session.version
            public = self.game.view(None)
            for side in SIDES:
                self.towers[side].settle(public["scores"][side])
            self.spy.settle(public["track"]["spy"])
        normal = self.anim_seconds(1.0)  # one second of normal-speed motion takes this long here
        step = dt / normal if normal > 0 else 1e9  # the motion's own clock; animations off: at once
        for glide in (*self.towers.values(), self.spy):
            glide.update(step)
        self.toasts.update(dt)
        self.watch_summary(dt)
        for f in self.flips:
            f.left -= step
        self.flips = [f for f in self.flips if f.left > 0]
        if self.pacing(step):
            self.coach.update(dt)  # a lesson's note keeps its clock while the table lets its motion settle
            return
        self.auto_confirm_truth()
        super().update(dt)

    def animating(self) -> bool:
        gliding = any(glide.moving for glide in (*self.towers.values(), self.spy))
        return gliding or bool(self.flips) or bool(self.toasts.items)

    def auto_confirm_truth(self) -> None:
        """Strict table (S9) with one human: a seat with no Sergeant still takes its intelligence
        turn, but its only legal choice is the truthful chip, so the click would be pointless;
        the table confirms it once a day (an undo of it is then left to the player). In hot-seat
        the confirmation stays: it keeps the turn order from telling the other side anything."""
        if len(self.session.human_seats()) != 1 or self.session.pass_to is not None:
            return
        seat, view = self.current_view()
        legal = self.session.legal_actions() if self.acting(seat) else []
        if view["mode"] != "strict" or len(legal) != 1 or not isinstance(legal[0], A.IntelChip):
            return
        troop = view["sides"][self.bottom_side(view)]["missions"][legal[0].mission - 1].get("troop") or {}
        if troop.get("rank") == SERGEANT or self._auto_confirmed == (seat, view["day"]):
            return
        self._auto_confirmed = (seat, view["day"])
        if self.try_action(legal[0]):
            self.show_message(msg("No Sergeant in your line-up today: the intelligence chips are placed truthfully."))

    def watch_summary(self, dt: float) -> None:
        """A watched game leaves the summary up for a few seconds, then goes on by itself."""
        if not self.summary_up():
            return
        self._summary_time += dt
        if self.session.watched and self._summary_time >= self.SUMMARY_WATCH_SECONDS:
            self.close_summary()

    def pacing(self, step: float) -> bool:
        """A computer waits for the table to settle, then a moment more, so its moves can be followed;
        and while the end-of-day summary is up."""
        if self.session.computer_to_move() is None or self.game.is_over():
            self._waited = 0.0
            return False
        if self.summary_up():
            return True
        if self.flips or self.spy.moving or any(g.moving for g in self.towers.values()):
            return True
        if self.session.coaching:  # a lesson's scripted opponent waits the coach's own pause, frame after frame
            return False
        self._waited += step
        if self._waited < self.COMPUTER_PAUSE:
            return True
        self._waited = 0.0
        return False


# ----- set-up ------------------------------------------------------------------------------------
def needs_setup(game) -> bool:
    """A fresh game (nothing done yet) still offers the table options."""
    return game.event_mark() == 0


def troop_word(name: str) -> Message:
    """A troop's name from the view (the data's English) as a Message with its catalogue
    context: drawn in the player's language (docs/i18n.md "Data files")."""
    return Message(name, context="troop name")
