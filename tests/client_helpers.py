"""Shared pieces of the client tests: a started app on a throwaway data dir, posted clicks."""

from __future__ import annotations

import pygame

from barclay_desktop import saves
from barclay_desktop.app import App
from barclay_desktop.settings import Settings


def running_app(tmp_path, monkeypatch):
    """Generator for an `app` fixture: an App started on `tmp_path`, shut down afterwards."""
    monkeypatch.setenv(saves.HOME_ENV, str(tmp_path))
    # every file counts as opened before: the first-time lesson offer (issue 40) is its own tests' business
    application = App(settings=Settings(games_opened=("barclay", "spies_lies", "stawka")))
    application.start()
    application.run_frames(2)
    application.wait_for_tasks()
    yield application
    application.shutdown()


def click_events(pos, button=1):
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)]


def click(app, pos, frames=2):
    """A left click on a position or a widget (its centre), then the frames that react to it."""
    pos = pos.rect.center if hasattr(pos, "rect") else pos
    app.run_frames(frames, inject={0: click_events(pos)})
    app.wait_for_tasks()
    app.run_frames(1)


def press(app, key, frames=2):
    """A key press on its own (no release), then the frames that react to it."""
    app.run_frames(frames, inject={0: [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)]})


def quit_and_continue(app, table_class):
    """Esc -> Quit to the menu -> Continue: the resumed table, checked to open at the curtain."""
    from barclay_desktop.scenes.curtain import CurtainScene
    from barclay_desktop.scenes.menu import MenuScene
    from barclay_desktop.scenes.pause import PauseScene

    press(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    click(app, pause.buttons["quit"])
    assert isinstance(app.stack.top, MenuScene)
    app.run_frames(2)
    app.wait_for_tasks()
    app.run_frames(1)
    menu = app.stack.top
    assert "continue" in menu.buttons
    click(app, menu.buttons["continue"])
    app.wait_for_tasks()
    app.run_frames(2)
    assert isinstance(app.stack.top, CurtainScene), app.notices  # a resumed game never opens on a private view
    return app.stack.find(table_class)


def push_reference(app, scene_class):
    """A game's reference opened straight, without the rules screen under it (whose text takes half a second to
    lay out): for tests of the reference's own pages; open_reference goes the player's way."""
    scene = scene_class(app)
    app.push(scene)
    app.run_frames(2)
    return scene


def open_reference(app, game_id: str, scene_class):
    """Rules screen of `game_id`, then its reference button: (rules scene, reference scene)."""
    from barclay_desktop.scenes.rules_ref import RulesScene

    app.push(RulesScene(app, game_id))
    app.run_frames(2)
    rules = app.stack.top
    assert rules.reference_button is not None
    click(app, rules.reference_button.rect.center)
    scene = app.stack.top
    assert isinstance(scene, scene_class)
    return rules, scene


class DrawRecorder:
    """Wraps the table scene's draw_table so every drawn frame is checked as it happens.

    Subclasses name the table scene class and implement check(app, scene, view, seat)."""

    scene_class: type = type(None)

    def __init__(self):
        self.hooked: set[int] = set()

    def hook(self, app) -> None:
        scene = app.stack.find(self.scene_class)
        if scene is None or id(scene) in self.hooked:
            return
        self.hooked.add(id(scene))
        original = scene.draw_table

        def checked(surface, view, seat, scene=scene, original=original):
            original(surface, view, seat)
            self.check(app, scene, view, seat)

        scene.draw_table = checked

    def check(self, app, scene, view, seat) -> None:
        raise NotImplementedError


def key_taps(*keys):
    """Each key pressed and let go, as a keyboard sends it."""
    return [pygame.event.Event(kind, key=k, mod=0, unicode="", scancode=0) for k in keys
            for kind in (pygame.KEYDOWN, pygame.KEYUP)]


def barrage():
    """Everything a player hurrying through a hand-over may press; none of it may open the curtain
    during its guard, and only Enter or a click on its button afterwards (issue 30, item 1)."""
    from barclay_desktop.scenes.curtain import BUTTON

    keys = key_taps(pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_1, pygame.K_2, pygame.K_KP3)
    return keys + click_events((640, 360)) + click_events(BUTTON.center)


def hammer_the_curtain(app, seconds=0.6, dt=0.15):
    """Post the whole barrage every frame for `seconds` (short of the 0.7 s guard): the curtain
    must stay, and the table under it must be drawable only in public."""
    from barclay_desktop.scenes.curtain import CurtainScene

    curtain = app.stack.top
    assert isinstance(curtain, CurtainScene)
    for _ in range(round(seconds / dt)):
        app.run_frames(1, inject={0: barrage()}, dt=dt)
        assert app.stack.top is curtain, f"input during the curtain's guard opened it (top: {app.stack.top})"
        assert curtain.session.drawable_seat() is None


def open_curtain(app, frames=1):
    """Wait the curtain's guard out, then click its button."""
    from barclay_desktop.scenes.curtain import GUARD_SECONDS

    curtain = app.stack.top
    app.run_frames(1, dt=GUARD_SECONDS)
    app.run_frames(frames, inject={0: click_events(curtain.button.center)})


def lift_curtain(app, frames=1):
    """Open the hand-over curtain as its player does, after someone hammered at it during its guard."""
    hammer_the_curtain(app)
    open_curtain(app, frames)


def hot_seat_before(game_id: str, seed: int, kinds: set[str], *, month: int = 0, skip: int = 0):
    """A seeded game played (rules only, random moves) up to where the seat to move has an action
    whose public events include one of `kinds` and that hands the table to the other human.
    Returns (game, seat, action); `skip` passes over that many such positions first."""
    import random

    from barclay_desktop.rules import game_class

    game, rng = game_class(game_id).new(seed=seed), random.Random(seed)
    while (seat := game.current_seat()) is not None:
        legal = game.legal_actions(seat)
        if getattr(game.state, "month", month) >= month:
            for action in legal:
                trial = game.clone()
                events = trial.apply(action, seat)
                if trial.current_seat() not in (None, seat) and any(e.kind in kinds and e.to is None for e in events):
                    if skip == 0:
                        return game, seat, action
                    skip -= 1
                    break
        game.apply(rng.choice(legal), seat)
    raise AssertionError(f"no {kinds} hand-over in seeded game {seed}")


def open_hot_seat(app, game, names=("Ann", "Ben")):
    """Open `game` as a hot-seat game of two humans (it starts at the curtain, opened here)."""
    from barclay_desktop.scenes.curtain import CurtainScene
    from barclay_desktop.session import GameSession, SeatSetup
    from barclay_desktop.scenes.game_table import SessionScene

    seats = [SeatSetup(seat, "human", name) for seat, name in zip(game.seats, names)]
    session = GameSession(game, seats, store=app.store)
    app.start_session(session, with_setup=False)
    app.run_frames(2)
    if isinstance(app.stack.top, CurtainScene):
        open_curtain(app, frames=2)
    table = app.stack.top
    assert isinstance(table, SessionScene) and session.drawable_seat() == game.current_seat()
    return session, table
