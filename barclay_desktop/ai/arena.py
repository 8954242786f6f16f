"""Play whole games between computer players (tests, bench scripts, simulate).

Players get only `game.view(seat)` and `game.legal_actions(seat)`."""

from __future__ import annotations

import time

import attrs

from barclay_desktop.rules import game_class


@attrs.define
class GameRecord:
    seed: int
    levels: dict  # seat -> level
    winner: str | None
    kind: str
    moves: int
    think: dict  # seat -> [(wall seconds, CPU seconds)] per decision with a choice
    summary: dict


def play_game(game_id: str, levels: dict[str, str], seed: int, *, max_moves: int = 5000, make=None,
              options: dict | None = None) -> GameRecord:
    """One game; `levels` maps each seat to a level; players are seeded from `seed`; `options` as for
    a new game (a Stawka scenario)."""
    from . import make_player

    make = make or make_player
    cls = game_class(game_id)
    game = cls.new(options, seed=seed, track_undo=False)
    players = {seat: make(game_id, lvl, seed * 1000 + i) for i, (seat, lvl) in enumerate(sorted(levels.items()))}
    think = {seat: [] for seat in levels}
    moves = 0
    while not game.is_over():
        seat = game.current_seat()
        legal = game.legal_actions(seat)
        start, cpu = time.perf_counter(), time.process_time()
        action = players[seat].choose(game.view(seat), legal)
        if len(legal) > 1:
            think[seat].append((time.perf_counter() - start, time.process_time() - cpu))
        game.apply(action, seat)
        moves += 1
        if moves > max_moves:
            raise RuntimeError(f"{game_id} seed {seed}: no result after {max_moves} moves")
    return GameRecord(seed, dict(levels), game.result.winner, game.result.kind, moves, think, game.summary())
