"""ThinkJob: the same answer as a direct choose(), from a thread or a worker process."""

from __future__ import annotations

import math
import random

from barclay_desktop import ai
from barclay_desktop.ai import worker
from barclay_desktop.ai.barclay.players import make_search_player
from barclay_desktop.rules import game_class


def a_position():
    game = game_class("barclay").new(seed=3, track_undo=False)
    rng = random.Random(3)
    while True:
        seat = game.current_seat()
        legal = game.legal_actions(seat)
        if game.state.revealed and len(legal) > 2:
            return game.view(seat), legal
        game.apply(rng.choice(legal), seat)


def tiny(seed):
    return make_search_player("normal", seed, iterations=20, time_cap=math.inf)


def test_thread_and_process_jobs_answer_like_choose_and_advance_the_players_rng():
    view, legal = a_position()
    expected_player = tiny(5)
    expected = expected_player.choose(view, legal)
    for mode in ("inline", "thread", "process"):
        player = tiny(5)
        job = worker.ThinkJob(player, view, legal, mode=mode)
        assert job.result(timeout=120) == expected, mode
        assert job.done()
        # the caller's player moved on exactly as if it had chosen itself
        assert player.rng.getstate() == expected_player.rng.getstate(), mode
    worker.shutdown()


def test_non_searching_players_answer_at_once():
    view, legal = a_position()
    job = worker.ThinkJob(ai.make_player("barclay", "easy", 1), view, legal)
    assert job.done() and job.result() in legal


def test_cancelled_job_refuses_its_result():
    view, legal = a_position()
    job = worker.ThinkJob(tiny(1), view, legal, mode="thread")
    job.cancel()
    assert job.cancelled
    try:
        job.result()
    except RuntimeError:
        pass
    else:
        raise AssertionError("a cancelled job must not hand out an action")
    worker.shutdown(wait=True)
