"""Display changes that can be taken back (issue 30, item 6): fullscreen and window-size changes
from Settings ask "Keep this display mode?" and go back by themselves after 10 s of scene time;
a mode the screen cannot show is refused with the reason; F11 toggles fullscreen anywhere.

The dummy video driver has no monitor, so the app is told one (`app.fake_screen`); the mode
the app shows is `app.display_mode`, and what is stored is read back from settings.json."""

import pygame

from barclay_desktop.scenes.menu import MenuScene
from barclay_desktop.scenes.settings_scene import REVERT_SECONDS, DisplayConfirmScene, SettingsScene
from barclay_desktop.settings import load_settings

WINDOW = (False, (1280, 720))


def tap(k):
    return [pygame.event.Event(t, key=k, mod=0, unicode="", scancode=0) for t in (pygame.KEYDOWN, pygame.KEYUP)]


def apply_settings(app, *, fullscreen=None, size=None):
    app.push(SettingsScene(app))
    app.run_frames(1)
    scene = app.stack.top
    if fullscreen is not None:
        scene.w["fullscreen"].set_state(fullscreen)
    if size is not None:
        scene.w["size"].selected_option = f"{size[0]} x {size[1]}"
    app.run_frames(2, inject={0: tap(pygame.K_RETURN)})  # Enter applies the form
    app.wait_for_tasks()


def stored():
    settings, warning = load_settings()
    assert warning is None
    return settings.fullscreen, tuple(settings.window_size)


def test_fullscreen_goes_back_by_itself_when_nobody_keeps_it(app):
    app.fake_screen = (1920, 1080)
    apply_settings(app, fullscreen=True)
    assert isinstance(app.stack.top, DisplayConfirmScene) and app.display_mode == (True, (1280, 720))
    assert stored() == WINDOW  # not stored until kept: a broken mode never comes back at the next start
    app.run_frames(int(REVERT_SECONDS / 0.5) - 1, dt=0.5)  # 9.5 s: still asking, the countdown shown
    assert isinstance(app.stack.top, DisplayConfirmScene) and app.display_mode[0] is True
    app.run_frames(2, dt=0.5)
    app.wait_for_tasks()
    assert isinstance(app.stack.top, MenuScene) and app.display_mode == WINDOW
    assert (app.settings.fullscreen, stored()) == (False, WINDOW)
    assert any("previous display mode" in text for text, _left, _warn in app.notices)


def test_a_kept_window_size_stays_and_is_stored(app):
    app.fake_screen = (1920, 1080)
    apply_settings(app, size=(1600, 900))
    dialog = app.stack.top
    assert isinstance(dialog, DisplayConfirmScene) and app.display_mode == (False, (1600, 900))
    app.run_frames(5, dt=0.5)
    pos = dialog.w["keep"].rect.center  # (Enter keeps too: see the held-Enter test below)
    app.run_frames(3, inject={0: [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                                  pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                                  pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]})
    app.wait_for_tasks()
    app.run_frames(int(REVERT_SECONDS / 0.5) + 2, dt=0.5)  # long past the countdown: nothing goes back
    assert isinstance(app.stack.top, MenuScene) and app.display_mode == (False, (1600, 900))
    assert stored() == (False, (1600, 900)) and tuple(app.settings.window_size) == (1600, 900)


def test_a_window_bigger_than_the_screen_is_refused_with_the_reason(app):
    app.fake_screen = (1366, 768)
    apply_settings(app, size=(1920, 1080))
    assert isinstance(app.stack.top, MenuScene) and app.display_mode == WINDOW  # no dialog: nothing changed
    assert stored() == WINDOW
    assert any("1920 x 1080 window does not fit this 1366 x 768 screen" in text for text, _l, _w in app.notices)


def test_f11_toggles_fullscreen_from_any_screen_asking_only_when_it_turns_it_on(app):
    app.push(SettingsScene(app))  # F11 works over any scene, here the settings form
    app.run_frames(2, inject={0: tap(pygame.K_F11)})
    assert app.display_mode == (True, (1280, 720)) and isinstance(app.stack.top, DisplayConfirmScene)
    app.run_frames(2, inject={0: tap(pygame.K_F11)})  # F11 again while asked: straight back
    app.wait_for_tasks()
    assert app.display_mode == WINDOW and isinstance(app.stack.top, SettingsScene) and stored() == WINDOW
    app.run_frames(2, inject={0: tap(pygame.K_F11)})
    app.run_frames(2, inject={0: tap(pygame.K_RETURN)})  # kept
    app.wait_for_tasks()
    assert app.display_mode == (True, (1280, 720)) and stored()[0] is True
    assert isinstance(app.stack.top, SettingsScene)  # the form took neither F11 nor the Enter that kept it
    app.run_frames(2, inject={0: tap(pygame.K_F11)})  # back to a window: no question
    app.wait_for_tasks()
    assert app.display_mode == WINDOW and stored()[0] is False and isinstance(app.stack.top, SettingsScene)


def test_the_enter_that_applied_the_settings_does_not_also_keep_the_mode(app):
    app.fake_screen = (1920, 1080)
    app.push(SettingsScene(app))
    app.run_frames(1)
    app.stack.top.w["fullscreen"].set_state(True)
    enter_down = tap(pygame.K_RETURN)[0]
    app.run_frames(2, inject={0: [enter_down], 1: [enter_down, enter_down]})  # held: the keyboard repeats it
    assert isinstance(app.stack.top, DisplayConfirmScene)
    app.run_frames(2, inject={0: tap(pygame.K_RETURN)[1:] + tap(pygame.K_RETURN)})  # let go, pressed again
    app.wait_for_tasks()
    assert app.display_mode == (True, (1280, 720)) and stored() == (True, (1280, 720))
