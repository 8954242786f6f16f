"""Issue 33, deliverable 2: scenes read views only.

The client (scenes, ui, app) draws from `game.view(seat)`, the legal actions, `events_for`
and small queries on the game; it never reads the game's state, log or random generator.
The scan below fails with file:line for any such read, so a new one cannot slip in."""

from __future__ import annotations

import ast
from pathlib import Path

from barclay_desktop.rules.spies_lies.game import SpiesLiesGame
from tests.toy_game import Add, Peek, ToyGame

PACKAGE = Path(__file__).resolve().parent.parent / "barclay_desktop"
# The client: everything pygame draws or dispatches. session.py is scanned wherever it lives.
CLIENT = ("scenes", "ui", "app.py", "session.py", "sound.py", "__main__.py", "client")
FORBIDDEN = {"state", "rng"}  # a game's state (and with it its log) and its random generator


def client_files() -> list[Path]:
    files: list[Path] = []
    for name in CLIENT:
        path = PACKAGE / name
        files += sorted(path.rglob("*.py")) if path.is_dir() else [path] if path.is_file() else []
    return files


def is_game(node: ast.AST) -> bool:
    """`game`, `old_game`, `self.game`, `session.game`, `self.session.game`, ..."""
    if isinstance(node, ast.Name):
        return node.id == "game" or node.id.endswith("_game")
    return isinstance(node, ast.Attribute) and (node.attr == "game" or node.attr.endswith("_game"))


def forbidden_reads(source: str, filename: str) -> list[str]:
    """file:line of every `<game>.state`, `<game>.rng`, `<game>._private` or getattr(<game>, "state")."""
    found = []
    for node in ast.walk(ast.parse(source, filename)):
        if isinstance(node, ast.Attribute) and is_game(node.value):
            if node.attr in FORBIDDEN or (node.attr.startswith("_") and not node.attr.startswith("__")):
                found.append(f"{filename}:{node.lineno}: .{node.attr}")
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr"
              and len(node.args) >= 2 and is_game(node.args[0]) and isinstance(node.args[1], ast.Constant)
              and node.args[1].value in FORBIDDEN):
            found.append(f"{filename}:{node.lineno}: getattr {node.args[1].value}")
    return found


def test_the_scan_catches_every_kind_of_read():
    """The checker itself: each line below reads behind the view and must be reported."""
    source = "\n".join([
        "n = len(self.game.state.log)",
        "seed = session.game.state.rng",
        "x = game.rng",
        "y = getattr(self.session.game, 'state')",
        "z = old_game._view(None)",
        "ok = game.view(None)['log']",  # the view is the way in: not reported
    ])
    assert sorted(f.split(": ")[0] for f in forbidden_reads(source, "x.py")) == [
        "x.py:1", "x.py:2", "x.py:3", "x.py:4", "x.py:5"]


def test_no_client_module_reads_a_games_state():
    files = client_files()
    assert any(f.parts[-2:] == ("spies_lies", "table.py") for f in files) and len(files) > 20  # the scan found the client
    reads = [r for f in files for r in forbidden_reads(f.read_text(encoding="utf-8"), str(f.relative_to(PACKAGE)))]
    assert reads == [], "scenes must read game.view(seat), legal actions or events_for:\n" + "\n".join(reads)


def test_event_mark_bookmarks_the_seat_filtered_feed():
    """The scenes' bookmark: what came after it, seen through events_for's seat filter;
    an undo moves it back."""
    g = ToyGame.new(seed=5)
    assert g.event_mark() == 0
    g.apply(Add(1))
    mark = g.event_mark()
    assert mark > 0 and g.events_for("b", mark) == []
    g.apply(Peek())  # b draws a secret: private to b
    after = g.event_mark()
    assert after > mark
    assert all(e.to is None for e in g.events_for("a", mark))
    assert any(e.to == "b" for e in g.events_for("b", mark))
    g2 = ToyGame.new(seed=5)
    g2.apply(Add(1))
    g2.undo("a")
    assert g2.event_mark() == 0


def test_spies_redealt_keeps_the_deal_seed_and_takes_the_options():
    """The Spies & Lies setup form re-deals with the chosen options from the same generator:
    the same form choices give the same game, and the generator of the old game is untouched."""
    g = SpiesLiesGame.new({}, seed=21)
    before = g.to_json()
    a, b = g.redealt({"teams": True, "open_table": True}), g.redealt({"teams": True, "open_table": True})
    assert g.to_json() == before
    assert a.to_json() == b.to_json()
    assert a.view(None)["options"] == {"teams": True, "open_table": True}
    assert g.redealt({}).view(None)["options"] == {"teams": False, "open_table": False}


def test_spies_chip_truth_comes_from_the_rules_and_only_for_the_seats_own_missions():
    """The intel button says "(truth)" or "(a lie)" (S9, open table: every troop may lie).
    The rules answer it, as the view shows it: the chip is on exactly when the card lists the troop."""
    from barclay_desktop.rules.spies_lies.actions import ConfirmDeploy, IntelChip, Withdraw

    g = SpiesLiesGame.new({"teams": True, "open_table": True}, seed=4)
    for _ in range(200):  # confirm a full line-up, else the first placing choice, until a chip is due
        seat = g.current_seat()
        legal = g.legal_actions(seat)
        if any(isinstance(a, IntelChip) for a in legal):
            break
        confirm = [a for a in legal if isinstance(a, ConfirmDeploy)]
        g.apply((confirm or [a for a in legal if not isinstance(a, Withdraw)])[0], seat)
    chips = [a for a in legal if isinstance(a, IntelChip)]
    assert {a.on for a in chips} == {True, False}
    view = g.view(seat)
    ranks = view["intelligence"]["current"]["ranks"]
    for chip in chips:
        rank = view["sides"][g.side_of(seat)]["missions"][chip.mission - 1]["troop"]["rank"]
        assert g.chip_tells_truth(seat, chip) == ((rank in ranks) == chip.on)
    partners = [m + 1 for m in range(4) if m not in g.missions_of(seat)]
    assert partners and g.chip_tells_truth(seat, IntelChip(partners[0], True)) is None
