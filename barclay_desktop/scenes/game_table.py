"""SessionScene: the base of every scene that shows a game in play (setup and table scenes).

What it does for the game's scene:
- privacy: each frame it asks the session which seat may be drawn (`session.drawable_seat()`,
  None = public only), builds that view once per change and passes it to `draw_table`;
- the hand-over curtain and the game-over screen are pushed automatically; in hot-seat the
  player whose turn just ended keeps the table until "Pass to <name>" (its button or Enter);
- the cards that came into the drawn seat's hand since it last looked (`hand_news`, from
  views only: a game names its hand in `hand_ids(view, seat)` and marks `is_new` cards);
- the control table: a game's table lists what may be clicked as `Control`s built by its
  `make_controls(view, seat, ui)` from the view and its choices in progress (`ui_state()`);
  `draw_table` keeps this frame's list in `controls` (`self.controls = self.build_controls(
  view, seat)`: a test may draw any view); the base finds a control by position
  (`control_at`), by action (`control_for`, `control_rect`, `control_clicks`) or by key,
  numbers the choices for keys 1-9 (`number_choices`, from `NUMBERED_KINDS`) and rings a
  hint's controls;
- at a hand-over (the drawable seat changes) the table's own notices are wiped and the game
  drops its choices in progress (`on_hand_over`): they may be private;
- `events_since(mark)`: the public events after a bookmark (`game.event_mark()`), for
  animations; `anim_seconds(base)`: how long a motion lasts with the player's animation speed;
- Esc opens the pause menu, Ctrl+Z / the Undo button undo (or show why not),
  number keys 1-9 pick from `number_choices()`;
- `try_action(action)` applies an action through the session, or shows the rules' reason;
- the prompt strip at the top shows `session.prompt()`; `show_message` types a notice.

A game's table overrides `make_controls`, `draw_table(surface, view, seat)` and usually
`ui_state()` and `on_table_event(event)` (clicks on its own art). It draws only from `view`."""

from __future__ import annotations

import re
from collections import Counter

import attrs
import pygame
import pygame_gui

from .. import i18n
from ..i18n import _, translate
from ..rules.core.game import value_words
from ..rules.core.message import msg
from ..settings import animation_seconds
from ..ui import draw, gui
from ..ui.widgets import prompt_strip
from . import controls as ctl
from .base import GuiScene
from .coach import CoachLayer
from .controls import Control

PROMPT_RECT = pygame.Rect(0, 0, 1280, 48)
TABLE_RECT = pygame.Rect(0, 48, 1280, 672)  # where the game draws
NUMBER_KEYS = {getattr(pygame, f"K_{i}"): i for i in range(1, 10)}
NUMBER_KEYS.update({getattr(pygame, f"K_KP{i}"): i for i in range(1, 10)})
PASS_RECT = pygame.Rect(1280 - 240 - 262, 6, 250, 36)  # left of Undo, where the Hint button goes when playing
PASS_KEY_GUARD = 0.5  # seconds: an Enter pressed twice to end a turn does not skip the look at what it brought
# The pass button breathes and a hint ring marches this long to catch the eye, then they hold
# still, so a table waiting for a person lets the app stop redrawing (issue 38).
ATTENTION_SECONDS = 6.0


class HandNews:
    """Which cards in the drawn seat's hand came in since that seat last looked, from views only.

    A seat's look ends when its view stops being the one drawn (the hand-over) or when it acts
    (it has seen the hand it acted on): the hand it saw then is what it knows. The first look
    at a hand marks nothing: a new or resumed game's opening hand is no news."""

    def __init__(self, seen: dict):
        self.seen = seen  # seat -> Counter of card ids; the session keeps it across scenes
        self._look: tuple | None = None  # (seat, hand, its actions) as last drawn
        self.new: Counter = Counter()

    def end_look(self, seat: str | None, actions: dict) -> None:
        """The drawable seat is now `seat`: the last look ends if that is another seat or if its
        seat acted since (`actions`: actions taken per seat)."""
        if self._look is None:
            return
        looker, hand, acted = self._look
        if looker != seat or actions.get(looker, 0) != acted:
            self.seen[looker] = Counter(hand)
            self._look = None

    def update(self, seat: str | None, hand: list | None, actions: dict) -> None:
        """Each frame: the seat drawn, the ids of its hand (None: not shown), actions per seat."""
        self.end_look(seat, actions)
        if seat is None or hand is None:
            self.new = Counter()
            return
        self.seen.setdefault(seat, Counter(hand))
        self._look = (seat, list(hand), actions.get(seat, 0))
        self.new = Counter(hand) - self.seen[seat]


class SessionScene(GuiScene):
    name = "table"
    show_undo = True
    NUMBERED_KINDS: tuple[tuple[str, ...], ...] = (("button",),)  # the controls keys 1-9 pick, group by group

    def __init__(self, app, session):
        super().__init__(app)
        self.session = session
        self.game = session.game
        self.view_hook = None  # tests: called with (seat, view) for every view the scene draws
        self._view_key = None
        self._view = None
        self._over_shown = False
        self.undo_button = None
        self.menu_button = None
        self.hint_button = None
        self._hint_told = None  # the hint last announced (it is announced once)
        self._hint_time = 0.0  # scene seconds: the hint ring's dashes march with it
        self._frames_version = -1  # the session version needs_frames last saw
        self.pass_button = None
        self._pass_for: str | None = None  # the seat the shown Pass button hands the table to
        self._pass_wait = 0.0  # seconds the table has waited to be passed on
        self.hand_news = HandNews(session.seen_hands)
        self.marked_new: list = []  # ids the game drew with the NEW mark this frame (tests)
        self.controls: list[Control] = []  # what may be clicked, as drawn this frame (draw_table builds it)
        self.posted: set[str] = set()  # the notices this table typed (wiped at a hand-over)
        self._drawn_seat = session.drawable_seat()  # whose view the table shows (a change is a hand-over)
        self.coach = CoachLayer(self)  # the guided first game's note card and rings (issue 40)

    def enter(self) -> None:
        super().enter()
        self.session.listeners.append(self.on_session_change)

    def exit(self) -> None:
        if self.on_session_change in self.session.listeners:
            self.session.listeners.remove(self.on_session_change)
        super().exit()

    def on_session_change(self, session) -> None:
        """A hand-over or an action ends the current look even if no frame is drawn in between;
        a hand-over wipes the table's notices at once (the curtain goes up before the next frame)."""
        self.hand_news.end_look(session.drawable_seat(), session.stats.actions_by_seat)
        self.watch_hand_over()

    def watch_hand_over(self) -> None:
        """When the table starts showing another seat (or only the public view), what the last
        player was told or had begun choosing must not stay on screen for the next."""
        seat = self.session.drawable_seat()
        if seat == self._drawn_seat:
            return
        self._drawn_seat = seat
        self.clear_notices()
        self.on_hand_over()

    def clear_notices(self) -> None:
        """The notices this table typed leave the screen (a table that types its own slips wipes them)."""
        self.app.notices = [n for n in self.app.notices if n[0] not in self.posted]
        self.posted.clear()

    def on_hand_over(self) -> None:
        """Game tables drop their choices in progress here (a selected piece, an armed token)."""

    # ----- widgets -----
    def build(self) -> None:
        self.menu_button = gui.button(self.ui, (1280 - 120, 8, 108, 32), _("Menu"), tooltip=_("Pause menu (Esc)"))
        if self.show_undo:
            self.undo_button = gui.button(self.ui, (1280 - 240, 8, 108, 32), _("Undo"), tooltip=_("Take back (Ctrl+Z)"))
        self.hint_button = None
        self.sync_hint_button()
        self.pass_button = gui.button(self.ui, PASS_RECT, _("Pass"), object_id="@primary",
                                      tooltip=_("End your turn (Enter)"))
        self.show_pass_button(force=True)
        self.build_table()

    def relabel(self) -> None:
        """Settings (from the pause menu) changed the language: the table's own buttons say it
        now; the game's widgets follow in relabel_table. Nothing else is rebuilt, so a choice in
        progress stays."""
        self._language = i18n.generation()
        if self.ui is None:
            return
        self.menu_button.set_text(_("Menu"))
        self.menu_button.tool_tip_text = _("Pause menu (Esc)")
        if self.undo_button is not None:
            self.undo_button.set_text(_("Undo"))
        if self.hint_button is not None:
            self.hint_button.set_text(_("Hint"))
            self.hint_button.tool_tip_text = _("A computer suggests a move (hints are counted)")
        self.pass_button.tool_tip_text = _("End your turn (Enter)")
        self.show_pass_button(force=True)
        self.relabel_table()

    def relabel_table(self) -> None:
        """Game tables set their own widgets' words again here (the language changed)."""

    def wants_hint_button(self) -> bool:
        return (self.show_undo and bool(self.app.settings.hint_button) and not self.session.watched
                and not self.game.is_over()  # no move to suggest once the game has ended
                and not self.session.coaching)  # in a lesson the coach rings the move

    def sync_hint_button(self) -> None:
        """The Hint button follows the setting at once: made when hints are turned on (also over a
        game in play), removed when they are turned off."""
        want = self.wants_hint_button()
        if want and self.hint_button is None and self.ui is not None:
            self.hint_button = gui.button(self.ui, (1280 - 360, 8, 108, 32), _("Hint"),
                                          tooltip=_("A computer suggests a move (hints are counted)"))
            if self.session.pass_to is not None:
                self.hint_button.hide()
        elif not want and self.hint_button is not None:
            self.hint_button.kill()
            self.hint_button = None

    def show_pass_button(self, *, force: bool = False) -> None:
        """The Pass button shows only while the table waits to be handed over (the Hint hides).
        Checked before every event and frame, so a click never meets a stale button."""
        seat = self.session.pass_to
        if seat == self._pass_for and not force:
            return
        self._pass_for, self._pass_wait = seat, 0.0
        if self.pass_button is None:
            return
        if seat is None:
            self.pass_button.hide()
        else:
            self.pass_button.set_text(self.pass_label(seat))
            self.pass_button.show()
        if self.hint_button is not None and seat is None:
            self.hint_button.show()
        elif self.hint_button is not None:
            self.hint_button.hide()

    def pass_label(self, seat: str) -> str:
        """"Pass to <name>", the name cut to what the button holds (the words run longer in Dutch)."""
        name = translate(self.session.player_label(seat))[:16]
        font = getattr(self.pass_button, "font", None)
        while font is not None and len(name) > 4 and font.size(_("Pass to {name}").format(name=name))[0] > PASS_RECT.w - 24:
            name = name[:-1].rstrip()
        return _("Pass to {name}").format(name=name)

    def build_table(self) -> None:
        """Game scenes add their own widgets here."""

    # ----- the view this frame -----
    def current_view(self) -> tuple[str | None, dict]:
        seat = self.session.drawable_seat()
        key = (seat, self.session.version)
        if key != self._view_key:
            self._view = self.game.view(seat)
            self._view_key = key
        return seat, self._view

    def draw(self, surface: pygame.Surface) -> None:
        seat, view = self.current_view()
        if self.view_hook is not None:
            self.view_hook(seat, view)
        hand = self.hand_ids(view, seat) if seat is not None else None
        self.hand_news.update(seat, hand, self.session.stats.actions_by_seat)
        self.marked_new = []
        self.draw_table(surface, view, seat)
        if self.session.hint is not None:
            self.draw_hint_rings(surface, self.session.hint)
        passing = self.session.pass_to is not None
        reserve = self.prompt_reserve()
        prompt_strip(surface, PROMPT_RECT, self.prompt_text(), reserve_right=reserve)
        if self.ui is not None:
            self.ui.draw_ui(surface)
        if passing and self.pass_button is not None:
            breath = min(self._pass_wait, ATTENTION_SECONDS)  # then it holds still (issue 38)
            pulse = 2 + round(2 * abs((breath * 1.5) % 2 - 1))  # a slow brass breath around it
            draw.brass_outline(surface, self.pass_button.rect, width=pulse)
        self.draw_overlay(surface)
        self.coach.draw(surface)

    def prompt_text(self) -> str:
        """The order typed in the strip: the session's, unless the scene is showing something first."""
        return self.session.prompt()

    def hand_ids(self, view: dict, seat: str) -> list | None:
        """The ids of the cards in `seat`'s own hand in this view (None: the view shows none)."""
        return None

    def is_new(self, cid) -> bool:
        """Draw-time check: does card `cid` of the drawn hand get the NEW mark? (recorded for tests)"""
        if self.hand_news.new[cid] > 0:
            self.marked_new.append(cid)
            return True
        return False

    def draw_table(self, surface: pygame.Surface, view: dict, seat: str | None) -> None:
        draw.felt(surface)

    def prompt_reserve(self) -> int:
        """Room the prompt strip leaves on its right for the buttons there now (Pass, or Hint)."""
        if self.session.pass_to is not None:
            return 1280 - PASS_RECT.x + 12
        if self.hint_button is not None:
            return 1280 - self.hint_button.rect.x + 12
        return 260

    # ----- flow -----
    def needs_frames(self) -> bool:
        """Issue 38: a table at rest (a person reading it, nothing moving) lets the app idle.
        It moves by itself after a move (any seat's), while a computer thinks or a watched game
        goes on, for a while as the pass button breathes or a hint's ring marches, and during
        the game's own animations (`animating`)."""
        if self.session.version != self._frames_version:
            self._frames_version = self.session.version
            return True
        if self.session.thinking or self.session.watched:
            return True
        if self.session.coaching and (self.coach.time < ATTENTION_SECONDS or self.session.coach.current.kind == "opponent"):
            return True  # the coach's ring marches a while; its scripted opponent moves after a pause
        if self.session.pass_to is not None and self._pass_wait < ATTENTION_SECONDS:
            return True
        if self.session.hint is not None and self._hint_time < ATTENTION_SECONDS:
            return True
        return self.animating()

    def animating(self) -> bool:
        """Something of the game's own drawing is in motion (a flip, a glide, dice)."""
        return False

    def update_below(self, dt: float, above: list) -> None:
        """Under the curtain, the results or any overlay the game's clock runs on; under the pause menu it stops."""
        if not any(scene.pauses_game for scene in above):
            self.session.count_time(dt)

    def update(self, dt: float) -> None:
        self.watch_hand_over()
        super().update(dt)
        self.session.tick(dt)
        while self.session.problems:
            self.show_message(self.session.problems.pop(0), warn=True)
        if self.app.stack.top is not self:
            return
        self.sync_hint_button()
        self.show_pass_button()
        self._pass_wait += dt
        self._hint_time += dt
        self.coach.update(dt)
        if self.session.curtain_seat is not None:
            self.push_curtain()
        elif self.game.is_over() and not self._over_shown:
            self._over_shown = True
            from .game_over import GameOverScene

            self.app.push(GameOverScene(self.app, self.session))
        hint = self.session.hint
        if hint is not None and hint is not self._hint_told:
            self._hint_told = hint
            self._hint_time = 0.0  # a new hint's ring marches again from the start
            self.show_message(self.hint_text(hint))
        if self.undo_button is not None:
            ok, why = self.session.undo_status()
            self.undo_button.tool_tip_text = _("Take back (Ctrl+Z)") if ok else translate(why)

    def push_curtain(self) -> None:
        from .curtain import CurtainScene

        self.app.push(CurtainScene(self.app, self.session))

    def pass_table(self) -> None:
        """"Pass to <name>": the turn ends here, and the next player's curtain comes up at once
        (so input that follows in the same frame meets the curtain, not this table)."""
        if self.session.pass_table():
            self.show_pass_button()
            self.app.sound.play("card_slide")
            if self.app.stack.top is self:
                self.push_curtain()

    # ----- input -----
    def handle_event(self, event) -> bool:
        self.show_pass_button()
        if self.coach.handle_event(event):
            return True
        return super().handle_event(event)

    def on_gui(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.menu_button:
                self.open_pause()
                return True
            if event.ui_element is self.undo_button:
                self.undo()
                return True
            if event.ui_element is self.hint_button:
                self.ask_hint()
                return True
            if event.ui_element is self.pass_button:
                self.pass_table()
                return True
        return self.on_table_gui(event)

    def on_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.open_pause()
                return True
            if event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
                self.undo()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.session.pass_to is not None:
                if self._pass_wait >= PASS_KEY_GUARD:
                    self.pass_table()
                return True
            if event.key in NUMBER_KEYS:
                return self.choose_number(NUMBER_KEYS[event.key])
        return self.on_table_event(event)

    def on_table_gui(self, event) -> bool:
        return False

    def on_table_event(self, event) -> bool:
        return False

    # ----- the control table -----
    def ui_state(self):
        """The choices the player has begun on the table and not yet played (a selected piece,
        an armed token), as one value the controls are built from. None: the table has none."""
        return None

    def make_controls(self, view: dict, seat: str | None, ui) -> list[Control]:
        """The game's part: every control `seat` may click in `view` with the choices `ui`, listed
        top first where two overlap (the first one under the mouse takes the click)."""
        return []

    def build_controls(self, view: dict, seat: str | None, ui=None) -> list[Control]:
        """The controls for `view` with the choices `ui` (None: the table's current ones)."""
        return self.make_controls(view, seat, self.ui_state() if ui is None else ui)

    def current_controls(self, ui=None) -> list[Control]:
        """The controls of the view drawn now (built afresh: input may come before the next frame)."""
        seat, view = self.current_view()
        return self.build_controls(view, seat, ui)

    def control_at(self, pos, controls: list[Control] | None = None, *,
                   kinds: tuple[str, ...] | None = None) -> Control | None:
        """The control under `pos` (of one of `kinds`, if given), from `controls` or the current ones."""
        return ctl.control_at(self.current_controls() if controls is None else controls, pos, kinds)

    def keyed_controls(self, kind: str, key, controls: list[Control] | None = None) -> list[Control]:
        """The controls of `kind` standing for `key` (a card, a troop, an agent)."""
        return ctl.keyed(self.current_controls() if controls is None else controls, kind, key)

    def control_for(self, action, ui=None) -> Control | None:
        """The control that takes `action` with the choices `ui` (None: the current ones)."""
        return next((c for c in self.current_controls(ui) if c.action == action), None)

    def control_rect(self, action) -> pygame.Rect | None:
        """The rect of the control that takes `action` now (None if no control offers it)."""
        control = self.control_for(action)
        return control.rect if control is not None else None

    def control_clicks(self, action) -> list[tuple[int, int]]:
        """Where to click, in order, to take `action` now (empty if no control offers it). Tables
        whose actions need a choice first (arm a token, select a piece) add those clicks."""
        rect = self.control_rect(action)
        return [rect.center] if rect is not None else []

    def number_choices(self) -> list:
        """Actions the number keys 1..9 pick: the controls of `NUMBERED_KINDS`, in the order shown."""
        return ctl.numbered(self.current_controls(), self.NUMBERED_KINDS)[:9]

    def choose_number(self, n: int) -> bool:
        choices = self.number_choices()
        if not 1 <= n <= len(choices):
            return False
        self.try_action(choices[n - 1])
        return True

    def try_action(self, action) -> bool:
        result = self.session.act(action)
        if result.ok:
            self.app.sound.play("card_slide")
            self.on_acted(result.events)
        else:
            self.show_message(result.reason, warn=True)
        return result.ok

    def on_acted(self, events: list) -> None:
        """Game scenes start animations for what changed here."""

    def undo(self) -> None:
        ok, why = self.session.undo()
        if ok:
            self.app.sound.play("click")
        else:
            self.show_message(why, warn=True)

    # ----- hints -----
    def ask_hint(self) -> None:
        if self.session.hint is not None:  # asked again: say it again
            self.show_message(self.hint_text(self.session.hint))
            return
        why = self.session.request_hint()
        if why:
            self.show_message(why, warn=True)
        elif self.session.hint is None:
            self.show_message(msg("Thinking of a hint..."))

    def hint_controls(self, action) -> list[Control]:
        """The controls on the table now that make `action` (the hint rings them)."""
        return [c for c in self.controls if c.action == action]

    def hint_text(self, action) -> str:
        controls = self.hint_controls(action)
        labels = [c.label for c in controls if c.label]
        if labels:
            return msg("Hint: {choice}.", choice=labels[0])
        if controls:
            return msg("Hint: the choice ringed with moving dashes.")
        return msg("Hint: {choice}.", choice=action_words(action))

    def draw_hint_rings(self, surface: pygame.Surface, action) -> None:
        """Marching dashes in the hint colour: unlike the solid brass of what may be played."""
        for c in self.hint_controls(action):
            draw.hint_ring(surface, c.rect, min(self._hint_time, ATTENTION_SECONDS))

    def show_message(self, text: str, *, warn: bool = False) -> None:
        self.posted.add(text)
        self.app.notify(text, warn=warn)

    # ----- motion and the public record -----
    def anim_seconds(self, base: float) -> float:
        """How long a motion of `base` seconds at normal speed lasts with the player's setting
        (fast: shorter, slow: longer, off: 0). The one place a table reads the animation speed."""
        return animation_seconds(self.app.settings, base)

    def events_since(self, mark: int) -> tuple[list, int]:
        """The public events after the bookmark `mark` (from `game.event_mark()`) and the bookmark
        now. After an undo took the record below `mark`: none, and the lower bookmark. Through the
        game's own seat filter: a table never learns a private event this way."""
        now = self.game.event_mark()
        return (self.game.events_for(None, mark) if now > mark else []), now

    def open_pause(self) -> None:
        from .pause import PauseScene

        self.app.push(PauseScene(self.app, self.session))


def action_words(action) -> str:
    """An action in plain words when no control on the table shows it: "draw (source: own)"."""
    name = re.sub(r"(?<!^)(?=[A-Z])", " ", type(action).__name__).lower()
    if not attrs.has(type(action)):
        return name
    fields = [f"{f.name.replace('_', ' ')}: {value_words(getattr(action, f.name))}" for f in attrs.fields(type(action))]
    return f"{name} ({', '.join(fields)})" if fields else name
