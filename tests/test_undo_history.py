"""Issue 30, deliverable 5 (saves that stay small): the undo history is saved as a checkpoint and
the actions since, and must restore exactly the undo the whole saved states gave (save version 2)."""

import copy
import json
import random
from pathlib import Path

import pytest

from barclay_desktop.resources import sample_saves_path
from barclay_desktop.rules import game_class
from barclay_desktop.rules.core import CorruptState
from barclay_desktop.rules.core.serialize import state_to_json
from barclay_desktop.rules.core.upgrade import HISTORY_DROPPED, undo_history_v3
from tests.toy_game import Add, Peek, ToyGame

MODES = [
    ("barclay", {}, 1),
    ("spies_lies", {}, 5),
    ("spies_lies", {"teams": True, "open_table": True}, 2),
    ("stawka", {"scenario": "meeting"}, 4),
]


def normal(data):
    return json.loads(json.dumps(data))


def random_move(game, rng: random.Random):
    """A random legal move; a Spies & Lies troop is taken back now and then (deep undo histories)."""
    seat = game.current_seat()
    legal = game.legal_actions(seat)
    back = [a for a in legal if type(a).__name__ == "Withdraw"]
    rest = [a for a in legal if type(a).__name__ != "Withdraw"]
    return seat, rng.choice(back) if back and rng.random() < 0.3 else rng.choice(rest)


def reloaded(game):
    return type(game).from_json(normal(game.to_json()))


def version_2_doc(game) -> dict:
    """The game as save version 2 wrote it: every undo point a whole state with the whole log."""
    doc = game.to_json()
    del doc["undo_history"]
    doc["undo"] = [{"seat": p.seat, "state": state_to_json(p.state)} for p in game._undo]
    return normal(doc)


def stack(game) -> list:
    return [(p.seat, p.action, state_to_json(p.state)) for p in game._undo]


def position(game) -> tuple:
    """State with its log, and every seat's view (each holds that seat's log lines)."""
    return state_to_json(game.state), [game.view(s) for s in (*game.seats, None)]


def assert_same_game(game, other) -> None:
    assert normal(other.to_json()) == normal(game.to_json())
    assert stack(other) == stack(game)  # the states undo goes back to, as the old saves held them
    assert position(other) == position(game)
    assert [other.undo_status(s) for s in game.seats] == [game.undo_status(s) for s in game.seats]


def undo_and_redo(games: list, rng: random.Random) -> None:
    """Undo a random number of the last seat's actions in every copy, check they agree, redo them
    all, and check every copy is back exactly where it was (state, views, logs)."""
    seat = games[0]._undo[-1].seat
    start = position(games[0])
    undone = []
    while games[0].undo_status(seat)[0] and (not undone or rng.random() < 0.7):
        undone.append(games[0]._undo[-1].action)
        for game in games:
            game.undo(seat)
    for game in games[1:]:
        assert_same_game(games[0], game)
    for action in reversed(undone):
        for game in games:
            game.apply(action, seat)
    for game in games:
        assert position(game) == start


def check_one_game(game, rng: random.Random, depths: list) -> None:
    """Play to the end, checking at random positions until six checks are done (depths grows)."""
    while not game.is_over():
        if len(game._undo) >= 2 and len(depths) < 6 and rng.random() < 0.15:
            depths.append(len(game._undo))
            copies = [reloaded(game)]
            if len(depths) % 2:
                copies.append(type(game).from_json(undo_history_v3(version_2_doc(game))))
            for other in copies:
                assert_same_game(game, other)
            undo_and_redo([game, *copies], rng)
            if rng.random() < 0.3:  # and sometimes a player really takes a move back
                game.undo(game._undo[-1].seat)
                continue
        game.apply(*reversed(random_move(game, rng)))
    assert reloaded(game).undo_status(game.seats[0]) == (False, "The game is over.")


@pytest.mark.parametrize("game_id, options, seed", MODES, ids=lambda x: str(x))
def test_a_saved_history_undoes_exactly_as_the_saved_states_did(game_id, options, seed):
    """At random positions of random games of every game and mode, a reloaded game (new history form)
    and an upgraded version-2 save (old whole-state form) hold the same undo points as the game
    itself, give the same undo reasons, and undo then redo to the identical state, views and log."""
    depths: list[int] = []
    for n in range(seed, seed + 4):  # more games only if one did not reach histories worth checking
        check_one_game(game_class(game_id).new(options, seed=n), random.Random(n), depths)
        if len(depths) >= 4 and max(depths) >= 3:
            break
    assert len(depths) >= 4 and max(depths) >= 3, depths


def test_a_long_team_game_autosave_stays_under_100_kb():
    """Issue 30: a Spies & Lies team game's autosave reached about 1 MB after 122 moves; the whole
    document (as saves.py writes it) now stays under 100 KB at every move of a 120-move game."""
    from barclay_desktop.session import GameSession, SeatSetup

    game = game_class("spies_lies").new({"teams": True}, seed=1000)
    session = GameSession(game, [SeatSetup(s, "human", s) for s in game.seats], hide_private=True)
    rng = random.Random(1000)
    sizes, deepest = [], 0
    while not game.is_over():
        game.apply(*reversed(random_move(game, rng)))
        sizes.append(len(json.dumps(session.to_save_doc(), separators=(",", ":"))))
        deepest = max(deepest, len(game._undo))
    assert len(sizes) >= 120 and deepest >= 8
    assert max(sizes) < 100_000


def test_the_saved_history_holds_one_position_and_no_log():
    """The save holds the position before the first undoable action, without its log, and the actions."""
    g = ToyGame.new(seed=3)
    g.apply(Add(1))
    g.apply(Add(2))
    history = g.to_json()["undo_history"]
    assert "log" not in history["checkpoint"] and history["checkpoint"]["counter"] == 0
    assert history["actions"] == [{"seat": "a", "action": {"type": "add", "n": 1}, "log_length": 0},
                                  {"seat": "b", "action": {"type": "add", "n": 2}, "log_length": 1}]
    g.apply(Peek())  # a reveal: nothing left to take back, nothing saved
    assert g.to_json()["undo_history"] is None


def toy_doc() -> dict:
    """Peek (a reveal: the checkpoint's log is not empty), then three undoable adds."""
    g = ToyGame.new(seed=4)
    g.apply(Peek())
    for n in (1, 2, 1):
        g.apply(Add(n))
    return normal(g.to_json())


DAMAGES = {  # ways a history can be damaged: each edits the document (doc) or its history (h)
    "not an object": lambda doc, h: doc.update(undo_history=[1]),
    "a key missing": lambda doc, h: h.pop("actions"),
    "an unknown key": lambda doc, h: h.update(extra=1),
    "log length negative": lambda doc, h: h["actions"][0].update(log_length=-1),
    "log length past the log": lambda doc, h: h["actions"][2].update(log_length=99),
    "log length not a number": lambda doc, h: h["actions"][1].update(log_length="3"),
    "log length a boolean": lambda doc, h: h["actions"][0].update(log_length=True),
    "log lengths going back": lambda doc, h: h["actions"][2].update(log_length=0),
    "checkpoint not an object": lambda doc, h: h.update(checkpoint=[]),
    "checkpoint with a log": lambda doc, h: h["checkpoint"].update(log=[]),
    "checkpoint unreadable": lambda doc, h: h["checkpoint"].update(counter="x"),
    "no actions": lambda doc, h: h.update(actions=[]),
    "actions not a list": lambda doc, h: h.update(actions={}),
    "an entry not an object": lambda doc, h: h["actions"].__setitem__(1, "add"),
    "an entry without a seat": lambda doc, h: h["actions"][1].pop("seat"),
    "a seat that is not text": lambda doc, h: h["actions"][1].update(seat=["b"]),
    "an entry with an unknown key": lambda doc, h: h["actions"][1].update(extra=1),
    "the wrong seat": lambda doc, h: h["actions"][1].update(seat="a"),
    "an unknown action": lambda doc, h: h["actions"][1].update(action={"type": "jump"}),
    "an illegal action": lambda doc, h: h["actions"][1].update(action={"type": "add", "n": 3}),
    "an action that reveals": lambda doc, h: h["actions"][1].update(action={"type": "peek"}),
    "a different position": lambda doc, h: h["actions"][2].update(action={"type": "add", "n": 2}),
    "one action too few": lambda doc, h: h["actions"].pop(),
    "a reason that is not text": lambda doc, h: doc.update(undo_block=5),
}


@pytest.mark.parametrize("how", list(DAMAGES))
def test_a_damaged_history_is_refused_when_loading_not_at_the_undo(how):
    """Issue 30 (4: damaged files never crash anything): from_json refuses with CorruptState."""
    doc = toy_doc()
    ToyGame.from_json(doc)  # the undamaged document loads
    DAMAGES[how](doc, doc["undo_history"])
    with pytest.raises(CorruptState):
        ToyGame.from_json(doc)


def test_the_log_kept_is_the_saved_one_even_if_worded_differently_now():
    """An old save's events may read differently from what this version writes: the history is
    still accepted, and undo goes back to the lines the players saw."""
    doc = toy_doc()
    for event in doc["state"]["log"]:
        event["text"] = "as an older version wrote it"
    g = ToyGame.from_json(doc)
    g.undo("a")
    g.undo("b")
    assert [e.text for e in g.state.log] == ["as an older version wrote it"] * len(g.state.log)


# ------------------------------------------------------------------ version-2 documents


def test_an_old_save_whose_version_logged_more_lines_keeps_its_undo_and_its_lines():
    """Versions differ in how many lines an action logs (main's Spies & Lies now writes a deploy
    and its warning as one line): the history is still rebuilt and undo restores the saved lines."""
    g = ToyGame.new(seed=4)
    for action in (Peek(), Add(1), Add(2)):
        g.apply(action)
    old = version_2_doc(g)

    def with_second_lines(log: list) -> list:
        out = []
        for event in log:
            out.append(event)
            if event["kind"] == "add":
                out.append({**event, "kind": "note", "text": "a second line of an older version"})
        return [{**e, "seq": i} for i, e in enumerate(out)]

    for state in (old["state"], *(p["state"] for p in old["undo"])):
        state["log"] = with_second_lines(state["log"])
    game = ToyGame.from_json(undo_history_v3(old, ToyGame))
    assert len(game._undo) == 2
    game.undo("b")
    assert normal([e.to_json() for e in game.state.log]) == old["undo"][1]["state"]["log"]
    assert game.state.log[-1].text == "a second line of an older version"



def sample(game_id: str) -> dict:
    return json.loads((Path(sample_saves_path()) / f"v2-{game_id}.json").read_text())["game"]


def test_a_version_2_sample_keeps_its_whole_undo_history():
    """saves/v2-spies_lies.json (written by the old code) holds ten undoable deployments: all ten
    come back, each undo point equal to the old whole state, and the conversion is pure."""
    old = sample("spies_lies")
    kept = copy.deepcopy(old)
    new = undo_history_v3(old)
    assert old == kept and "undo" not in new and len(new["undo_history"]["actions"]) == 10
    cls = game_class("spies_lies")
    game = cls.from_json(new)
    old_states = [normal(state_to_json(cls.from_json({**old, "undo": [], "state": p["state"]}).state))
                  for p in old["undo"]]
    assert [normal(state_to_json(p.state)) for p in game._undo] == old_states
    assert [p.seat for p in game._undo] == [p["seat"] for p in old["undo"]]
    while game.undo_status("red")[0]:
        game.undo("red")
    assert normal(state_to_json(game.state)) == old_states[0]
    assert game.undo_status("red") == (False, "Nothing more of yours to undo.")


def test_a_version_2_history_damaged_in_the_middle_keeps_the_moves_after_it():
    """Undo history is not game state: what can be rebuilt back from the saved position is kept."""
    old = sample("spies_lies")
    old["undo"][3]["state"] = "junk"
    history = undo_history_v3(old)["undo_history"]
    assert len(history["actions"]) == 6
    game = game_class("spies_lies").from_json(undo_history_v3(old))
    assert len(game._undo) == 6


@pytest.mark.parametrize("how", ["top point broken", "unknown game", "not a list"])
def test_a_version_2_history_that_cannot_be_rebuilt_is_dropped_and_the_game_still_loads(how):
    """The Undo button then says why nothing can be taken back."""
    old = sample("stawka")
    if how == "top point broken":
        old["undo"][-1]["seat"] = "german"
    elif how == "unknown game":
        old["game"] = "chess"
    else:
        old["undo"] = {"seat": "polish"}
    new = undo_history_v3(old)
    assert new["undo_history"] is None and new["undo_block"] == HISTORY_DROPPED
    game = game_class("stawka").from_json({**new, "game": "stawka"})
    assert game.undo_status("polish") == (False, HISTORY_DROPPED)


def test_documents_in_the_current_form_pass_the_upgrade_untouched():
    """The save upgrade may run on any game document: one without an old history is returned as is."""
    doc = toy_doc()
    assert undo_history_v3(doc, ToyGame) is doc
    empty = {**toy_doc(), "undo": []}
    del empty["undo_history"]
    assert undo_history_v3(empty, ToyGame)["undo_history"] is None
