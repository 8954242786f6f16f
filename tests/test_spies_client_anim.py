"""The table's small animations: towers climb to 10 and reset on an infiltration, the double
spy passes through every space it moved over, and a reveal flips in its set time."""

from barclay_desktop.rules.core import Event
from barclay_desktop.scenes.spies_lies.anim import FLIP_SECONDS, Flip, Glide, spy_frames, tower_frames


def ev(kind, **data):
    return Event(0, kind, kind, None, data)


def test_an_infiltration_climbs_to_ten_snaps_to_zero_then_goes_on():
    events = [ev("ip", side="red", amount=8), ev("infiltrate", side="red"), ev("spy", side="red", spy=1)]
    assert tower_frames(events, "red", 7, 5) == [(10.0, False), (0.0, True), (5.0, False)]
    assert tower_frames(events, "blue", 3, 3) == [(3.0, False)]
    glide = Glide(7.0, speed=10.0)
    for value, snap in tower_frames(events, "red", 7, 5):
        glide.push(value, snap)
    glide.update(0.2)  # 2 units: 7 -> 9
    assert glide.value == 9.0 and glide.moving
    glide.update(0.1)  # reaches 10, snaps to 0, then on toward 5
    assert 0.0 <= glide.value < 1.0
    glide.update(1.0)
    assert glide.value == 5.0 and not glide.moving


def test_the_spy_passes_each_position_and_settle_fixes_a_missed_change():
    events = [ev("spy", spy=1), ev("wrong_order", spy=-1)]
    assert spy_frames(events, -1) == [(1.0, False), (-1.0, False), (-1.0, False)]
    glide = Glide(0.0, speed=2.0)
    glide.settle(3)  # e.g. after an undo or a load: no events, just the true place
    glide.update(10)
    assert glide.value == 3.0


def test_a_flip_runs_from_back_to_front():
    flip = Flip("red", 2)
    assert flip.t == 0.0
    flip.left -= FLIP_SECONDS / 2
    assert abs(flip.t - 0.5) < 1e-9
    flip.left = 0
    assert flip.t == 1.0


def test_animation_speed_off_shows_the_end_state_at_once(tmp_path, monkeypatch):
    import random

    from barclay_desktop import saves
    from barclay_desktop.app import App
    from barclay_desktop.settings import Settings
    from tests.spies_positions import find_game, table_for

    monkeypatch.setenv(saves.HOME_ENV, str(tmp_path))
    app = App(settings=Settings(animation_speed=0.0))
    app.start()
    try:
        game = find_game(lambda g: g.state.phase == "mission" and g.state.stage == "guess")
        table = table_for(app, game)
        rng = random.Random(1)
        while not any(v for v in game.view(None)["scores"].values()) and not game.is_over():
            seat = game.current_seat()
            table.session.act(rng.choice(game.legal_actions(seat)), seat)
        app.run_frames(1)
        scores = game.view(None)["scores"]
        assert {side: table.towers[side].value for side in scores} == {k: float(v) for k, v in scores.items()}
        assert not table.flips
    finally:
        app.shutdown()
