"""True candidates from Python: the digits some solution places in each cell, with counts up
to a limit, for classic boards of any shape and variant puzzles, checked against the
solutions themselves."""

import pytest

import sudoku_dlx
from test_variants import KILLER, KILLER_SOLUTION

FOUR = "12343412........"  # four solutions that share rows 1 and 2


def union_of_solutions(board, **options):
    """Per cell, {digit: solutions placing it}, from every solution of `board`."""
    tally = {}
    for solution in sudoku_dlx.solutions(board, **options):
        for cell, char in enumerate(solution):
            digit = int(char, 36)
            tally.setdefault(cell, {}).setdefault(digit, 0)
            tally[cell][digit] += 1
    return tally


@pytest.mark.parametrize(
    "board,options",
    [
        (FOUR, {}),
        ("." * 16, {"rules": "x"}),
        ("1.2...3.....4.....5....6...1.....2..", {"box": (3, 2)}),
        ("1...............", {"rules": "anti-king"}),
    ],
)
def test_candidates_and_counts_are_those_of_the_solutions(board, options):
    tally = union_of_solutions(board, **options)
    n = int(len(board) ** 0.5)
    found = sudoku_dlx.candidates(board, **options)
    counted = sudoku_dlx.candidates(board, limit=5, **options)
    assert len(found) == len(counted) == n
    for cell in range(n * n):
        row, col = divmod(cell, n)
        expected = tally.get(cell, {})
        assert found[row][col] == sorted(expected), (cell, options)
        assert counted[row][col] == {d: min(5, c) for d, c in expected.items()}, (cell, options)


def test_a_board_without_solution_has_an_empty_list_per_cell():
    assert sudoku_dlx.candidates("12........3...4.") == [[[]] * 4] * 4
    assert sudoku_dlx.candidates([[1, 2, 0, 0], [0] * 4, [0, 0, 3, 0], [0, 0, 4, 0]], limit=2)[3] == [{}] * 4


def test_a_killer_document_has_its_solution_as_candidates():
    found = sudoku_dlx.candidates(KILLER.read_text())
    cells = "".join(str(digits[0]) for row in found for digits in row)
    assert cells == KILLER_SOLUTION
    assert all(len(digits) == 1 for row in found for digits in row)


def test_a_limit_must_be_at_least_one_and_bad_boards_say_why():
    with pytest.raises(ValueError):
        sudoku_dlx.candidates(FOUR, limit=0)
    with pytest.raises(sudoku_dlx.InvalidBoard):
        sudoku_dlx.candidates("11" + "." * 14)
