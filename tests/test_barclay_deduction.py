"""Operation Barclay victory by revealed tokens or by logic: rulebook "End of Game Scoring",
"Examples of an Abwehr Victory Through Logic" and ruling B11."""

from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from barclay_desktop.rules.barclay.deduction import (
    SECTORS,
    consistent_assignments,
    deduce_offensives,
    possible_primaries,
)

ROLE_TOKENS = {"primary": "GGGGR", "secondary": "GGGRR", "diversion": "GGRRR"}


def layout(primary, secondary, arrangement=None):
    """A concrete board: sector -> its five tokens ('G' green radar, 'R' red radar) in space order."""
    arrangement = arrangement or {}
    board = {}
    for sector in SECTORS:
        role = "primary" if sector == primary else "secondary" if sector == secondary else "diversion"
        board[sector] = arrangement.get(sector, ROLE_TOKENS[role])
        assert sorted(board[sector]) == sorted(ROLE_TOKENS[role])
    return board


def revealed_counts(board, face_down):
    """Counts the Abwehr sees when every token is flipped except the spaces in `face_down[sector]`."""
    counts = {}
    for sector, tokens in board.items():
        shown = [t for i, t in enumerate(tokens) if i not in face_down.get(sector, ())]
        counts[sector] = (shown.count("G"), shown.count("R"))
    return counts


# --- rulebook examples ----------------------------------------------------------

def test_logic_example_1_primary_must_be_south_of_france():
    """"Examples of an Abwehr Victory Through Logic" 1 / B11: all tokens turned over except 3 in
    Southern France (pink); Sardinia/Corsica (red) is the revealed secondary; 2 of the unrevealed
    tokens must be the missing greens, so the primary is Southern France."""
    board = layout("pink", "red", {"pink": "GGRGG"})
    counts = revealed_counts(board, {"pink": {2, 3, 4}})
    assert counts["pink"] == (2, 0)
    assert counts["red"] == (3, 2)
    assert deduce_offensives(counts) == ("pink", "red")
    assert consistent_assignments(counts) == [("pink", "red")]


def test_logic_example_2_primary_still_south_of_france():
    """"Examples of an Abwehr Victory Through Logic" 2 / B11: unrevealed are 3 in Southern France
    (pink) and 1 each in Sicily (blue), Peloponnese (green), Dodecanese (purple); Sardinia/Corsica
    (red) is the revealed secondary; the primary can only be Southern France."""
    # Hidden in the diversions: a red in Sicily, a green in the Peloponnese, a red in the Dodecanese.
    board = layout("pink", "red", {"pink": "GGRGG", "blue": "GGRRR", "green": "GGRRR", "purple": "RGGRR"})
    face_down = {"pink": {2, 3, 4}, "blue": {4}, "green": {0}, "purple": {0}}
    counts = revealed_counts(board, face_down)
    assert counts == {"pink": (2, 0), "red": (3, 2), "blue": (2, 2), "green": (1, 3), "purple": (2, 2)}
    assert deduce_offensives(counts) == ("pink", "red")
    assert possible_primaries(counts) == ["pink"]


@pytest.mark.parametrize("hidden_in_diversion", ["G", "R"])
def test_logic_example_2_holds_whatever_the_diversions_hide(hidden_in_diversion):
    """B11 / logic example 2: the proof does not depend on which diversion token stays face-down."""
    tokens = "GGRRR"
    space = tokens.index(hidden_in_diversion)
    board = layout("pink", "red", {"pink": "GGRGG"})
    face_down = {"pink": {2, 3, 4}, "blue": {space}, "green": {space}, "purple": {space}}
    assert deduce_offensives(revealed_counts(board, face_down)) == ("pink", "red")


# --- revealed victories ---------------------------------------------------------

def test_revealed_victory_four_greens_and_three_greens():
    """"End of Game Scoring", revealed: 4 greens face-up in one sector and 3 in another (B11)."""
    counts = {"blue": (4, 0), "purple": (3, 0)}
    assert deduce_offensives(counts) == ("blue", "purple")


def test_everything_revealed_is_a_victory():
    """B11: a fully turned-over board proves the layout."""
    board = layout("green", "pink")
    assert deduce_offensives(revealed_counts(board, {})) == ("green", "pink")


def test_proof_from_reds_alone():
    """B11: logic without a single green: three sectors show 3 reds (diversions), one of the other
    two shows 2 reds (cannot be primary), so the last is primary."""
    counts = {"blue": (0, 3), "green": (0, 3), "purple": (0, 3), "red": (0, 2), "pink": (0, 1)}
    assert deduce_offensives(counts) == ("pink", "red")


# --- not yet proven -------------------------------------------------------------

def test_nothing_revealed_allows_all_twenty_assignments():
    assert len(consistent_assignments({})) == 20
    assert deduce_offensives({s: (0, 0) for s in SECTORS}) is None
    assert possible_primaries({}) == list(SECTORS)


def test_primary_alone_is_not_enough():
    """B11: the Abwehr must prove both sectors; four greens only pin the primary."""
    counts = {"pink": (4, 0)}
    assert deduce_offensives(counts) is None
    assert possible_primaries(counts) == ["pink"]
    assert {s for _, s in consistent_assignments(counts)} == {"red", "blue", "green", "purple"}


def test_knowing_the_two_sectors_but_not_which_is_which_is_not_enough():
    """"End of Game Scoring", logic: the Abwehr must argue "where ... and which is which" (B11)."""
    board = layout("pink", "red", {"pink": "GGGRG", "red": "GGGRR"})
    face_down = {"pink": {3, 4}, "red": {3, 4}}  # both show three greens, nothing else
    counts = revealed_counts(board, face_down)
    assert counts["pink"] == counts["red"] == (3, 0)
    assert deduce_offensives(counts) is None
    assert set(consistent_assignments(counts)) == {("pink", "red"), ("red", "pink")}


def test_three_greens_alone_leaves_primary_open():
    counts = {"blue": (3, 0), "green": (2, 3), "purple": (2, 3)}
    assert deduce_offensives(counts) is None
    assert set(consistent_assignments(counts)) == {("blue", "pink"), ("blue", "red"), ("pink", "blue"), ("red", "blue")}


# --- impossible input -------------------------------------------------------------

@pytest.mark.parametrize(
    "counts",
    [
        {"pink": (5, 0)},  # no role has 5 greens
        {"pink": (0, 4)},  # no role has 4 reds
        {"pink": (3, 3)},  # six tokens in a five-token sector
        {"pink": (-1, 0)},
        {"pink": (0, -2)},
        {"orange": (1, 0)},
        {"pink": (1.0, 0)},
        {"pink": (4, 0), "red": (4, 0)},  # two primaries
        {s: (0, 2) for s in SECTORS},  # no sector left with room for the primary's single red
        {"pink": (3, 0), "red": (3, 0), "blue": (3, 0)},  # only two roles hold 3 greens
    ],
)
def test_impossible_counts_are_refused(counts):
    """B11: counts no token layout can show raise ValueError (never a silent verdict)."""
    with pytest.raises(ValueError):
        deduce_offensives(counts)
    with pytest.raises(ValueError):
        consistent_assignments(counts)


# --- against a brute force over actual token layouts ----------------------------

def brute_force_possible(shown):
    """All (primary, secondary) for which some full token layout matches every face-up token.

    `shown[sector]` maps a space index to the colour seen there; layouts are enumerated
    space by space, independently of the counting argument in deduction.py.
    """
    possible = set()
    for primary in SECTORS:
        for secondary in SECTORS:
            if primary == secondary:
                continue
            board_ok = True
            for sector in SECTORS:
                role = "primary" if sector == primary else "secondary" if sector == secondary else "diversion"
                arrangements = set(permutations(ROLE_TOKENS[role]))
                if not any(all(arr[i] == colour for i, colour in shown[sector].items()) for arr in arrangements):
                    board_ok = False
                    break
            if board_ok:
                possible.add((primary, secondary))
    return possible


@st.composite
def partly_revealed_board(draw):
    primary, secondary = draw(st.permutations(SECTORS))[:2]
    shown = {}
    for sector in SECTORS:
        role = "primary" if sector == primary else "secondary" if sector == secondary else "diversion"
        tokens = draw(st.permutations(ROLE_TOKENS[role]))
        # Late-game boards have most tokens up; bias towards many reveals so proofs happen.
        up = draw(st.lists(st.booleans(), min_size=5, max_size=5))
        if draw(st.booleans()):
            up = [u or draw(st.booleans()) for u in up]
        shown[sector] = {i: t for i, t in enumerate(tokens) if up[i]}
    return primary, secondary, shown


@settings(max_examples=300, deadline=None)
@given(partly_revealed_board())
def test_deduction_agrees_with_brute_force_over_layouts(board):
    """B11: "proof" equals: every token layout matching the face-up tokens has the same primary
    and secondary; the true layout is always among the possibilities."""
    primary, secondary, shown = board
    counts = {s: (list(t.values()).count("G"), list(t.values()).count("R")) for s, t in shown.items()}
    possible = brute_force_possible(shown)
    assert set(consistent_assignments(counts)) == possible
    assert (primary, secondary) in possible
    verdict = deduce_offensives(counts)
    if len(possible) == 1:
        assert verdict == (primary, secondary)
    else:
        assert verdict is None


def test_brute_force_sees_proofs_and_non_proofs():
    """Guard for the property test: the sampled boards include both proven and open cases."""
    board = layout("pink", "red")
    all_up = {s: dict(enumerate(t)) for s, t in board.items()}
    none_up = {s: {} for s in SECTORS}
    assert brute_force_possible(all_up) == {("pink", "red")}
    assert len(brute_force_possible(none_up)) == 20


def test_the_engines_role_code_reading_agrees_with_deduce_offensives_everywhere():
    """B11, as the engine checks it after a flip (flow.proof_of): what a sector's turned tokens
    allow it to be (primary, secondary, diversion) is one of seven role codes, and for every one
    of the 7**5 combinations the pairs flow.pairs_allowed reads give deduce_offensives' answer
    (one pair: proven; several: not yet; none: its error, as no layout shows those counts)."""
    from itertools import product

    from barclay_desktop.rules.barclay import flow

    counts_of = {}
    for cell, code in flow.ROLE_CODE.items():
        counts_of.setdefault(code, cell)
    assert len(counts_of) == 7
    proven = 0
    for codes in product(sorted(counts_of), repeat=5):
        counts = tuple(counts_of[c] for c in codes)
        try:
            expected = deduce_offensives(dict(zip(SECTORS, counts)))
        except ValueError:
            expected = ValueError
        pairs = flow.pairs_allowed(codes)
        got = ValueError if not pairs else (SECTORS[pairs[0][0]], SECTORS[pairs[0][1]]) if len(pairs) == 1 else None
        assert got == expected, codes
        try:
            assert flow.proof_of(counts) == expected, codes
        except ValueError:
            assert expected is ValueError, codes
        proven += got not in (None, ValueError)
    assert proven > 0
