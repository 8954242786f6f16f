"""Write a tutorial script step by step (issue 40): play a script's moves, then show where it stands.

    .venv/bin/python tools/tutorial_author.py barclay [--upto N] [--view]

Plays the moves of assets/data/tutorials/<game>.json (up to step N), then prints whose move it is,
the rules' prompt, and every legal action in the JSON form a step's "expect"/"opponent" takes, so the
next step can be copied from it. --view prints the learner's view as JSON as well."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> None:
    from barclay_desktop.rules.core.actions import action_to_json
    from barclay_desktop.tutorial import load_script, play_through

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--upto", type=int, default=None, help="play only the first N steps")
    parser.add_argument("--view", action="store_true", help="print the learner's view too")
    args = parser.parse_args()
    script = load_script(args.game)
    game = play_through(script, upto=args.upto)
    seat = game.current_seat()
    print(f"steps played: {args.upto or len(script.steps)} of {len(script.steps)}; to move: {seat}"
          f" ({'the learner' if seat == script.player else 'the opponent'})")
    if game.is_over():
        print("the game is over:", game.result.reason)
        return
    print("prompt:", game.prompt(seat))
    for action in game.legal_actions(seat):
        print(json.dumps(action_to_json(action), ensure_ascii=False))
    if args.view:
        print(json.dumps(game.view(script.player), ensure_ascii=False, indent=1, default=str))


if __name__ == "__main__":
    main()
