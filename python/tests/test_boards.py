"""The three board forms, any box shape, the classic examples, and errors that say where."""

import pytest

import sudoku_dlx
from conftest import NORVIG_HARD, WORLDS_HARDEST, WORLDS_HARDEST_SOLUTION, cells, is_solution

# The seed-style board of the classic tutorials (5-3-0-0-7...), and its one solution.
TUTORIAL = [
    [5, 3, 0, 0, 7, 0, 0, 0, 0],
    [6, 0, 0, 1, 9, 5, 0, 0, 0],
    [0, 9, 8, 0, 0, 0, 0, 6, 0],
    [8, 0, 0, 0, 6, 0, 0, 0, 3],
    [4, 0, 0, 8, 0, 3, 0, 0, 1],
    [7, 0, 0, 0, 2, 0, 0, 0, 6],
    [0, 6, 0, 0, 0, 0, 2, 8, 0],
    [0, 0, 0, 4, 1, 9, 0, 0, 5],
    [0, 0, 0, 0, 8, 0, 0, 7, 9],
]
TUTORIAL_SOLUTION = [
    [5, 3, 4, 6, 7, 8, 9, 1, 2],
    [6, 7, 2, 1, 9, 5, 3, 4, 8],
    [1, 9, 8, 3, 4, 2, 5, 6, 7],
    [8, 5, 9, 7, 6, 1, 4, 2, 3],
    [4, 2, 6, 8, 5, 3, 7, 9, 1],
    [7, 1, 3, 9, 2, 4, 8, 5, 6],
    [9, 6, 1, 5, 3, 7, 2, 8, 4],
    [2, 8, 7, 4, 1, 9, 6, 3, 5],
    [3, 4, 5, 2, 8, 6, 1, 7, 9],
]
NO_SOLUTION = "1...2...4......3"


def test_the_tutorial_board_comes_back_solved_as_a_list_of_lists():
    answer = sudoku_dlx.solve(TUTORIAL)
    assert answer == TUTORIAL_SOLUTION
    assert type(answer) is list and all(type(row) is list for row in answer)
    assert TUTORIAL[0] == [5, 3, 0, 0, 7, 0, 0, 0, 0], "the board given is left alone"
    assert sudoku_dlx.verdict(TUTORIAL) == "unique"


def test_the_worlds_hardest_puzzle():
    assert sudoku_dlx.solve(WORLDS_HARDEST) == WORLDS_HARDEST_SOLUTION
    assert sudoku_dlx.is_unique(WORLDS_HARDEST)
    assert sudoku_dlx.count(WORLDS_HARDEST) == 1


def test_tuples_of_rows_answer_as_lists():
    answer = sudoku_dlx.solve(tuple(tuple(row) for row in TUTORIAL))
    assert answer == TUTORIAL_SOLUTION


@pytest.mark.parametrize("empty", [".", "0", "_"])
def test_strings_in_the_line_notation_round_trip(empty):
    text = NORVIG_HARD.replace(".", empty)
    answer = sudoku_dlx.solve(text)
    assert isinstance(answer, str) and len(answer) == 81
    assert is_solution(answer, NORVIG_HARD)


def test_multi_line_strings_are_read_and_answered_on_one_line():
    text = "\n".join(NORVIG_HARD[i : i + 9] for i in range(0, 81, 9))
    assert sudoku_dlx.solve(text) == sudoku_dlx.solve(NORVIG_HARD)


def test_list_and_string_forms_give_the_same_answers():
    for puzzle in [NORVIG_HARD, WORLDS_HARDEST]:
        rows = [cells(puzzle)[r * 9 : r * 9 + 9] for r in range(9)]
        assert cells(sudoku_dlx.solve(rows)) == cells(sudoku_dlx.solve(puzzle))


@pytest.mark.parametrize(
    "box,side", [((2, 2), 4), ((2, 3), 6), ((3, 2), 6), ((3, 3), 9), ((3, 4), 12), ((4, 3), 12), ((4, 4), 16), ((5, 5), 25)]
)
def test_any_box_shape(box, side):
    empty = [[0] * side for _ in range(side)]
    answer = sudoku_dlx.solve(empty, box=box)
    assert is_solution(answer, empty, box)
    text = sudoku_dlx.solve("." * side * side, box=box)
    assert is_solution(text, "." * side * side, box)


def test_the_usual_shape_comes_from_the_side_and_another_is_named():
    # A 6x6 grid has 2x3 boxes unless told: this board is valid with those, not with 3x2.
    wide_only = [[1, 2, 3, 4, 5, 6], [4, 5, 6, 1, 2, 3], [2, 0, 0, 0, 0, 0]] + [[0] * 6 for _ in range(3)]
    assert is_solution(sudoku_dlx.solve(wide_only), wide_only, (2, 3))
    with pytest.raises(ValueError, match="digit 2 twice in box 1: r1c2 and r3c1"):
        sudoku_dlx.solve(wide_only, box=(3, 2))
    tall_only = [list(column) for column in zip(*wide_only)]
    assert is_solution(sudoku_dlx.solve(tall_only, box=(3, 2)), tall_only, (3, 2))


def test_no_solution_is_none_everywhere():
    assert sudoku_dlx.solve(NO_SOLUTION) is None
    assert sudoku_dlx.count(NO_SOLUTION) == 0
    assert sudoku_dlx.verdict(NO_SOLUTION) == "none"
    assert not sudoku_dlx.is_unique(NO_SOLUTION)


def test_counts_are_python_ints_beyond_64_bits():
    assert sudoku_dlx.count("." * 16) == 288
    big = 2**70
    assert sudoku_dlx.count("." * 16, limit=big) == 288
    assert sudoku_dlx.count("." * 81, limit=12345) == 12345
    assert sudoku_dlx.count("." * 81, limit=0) == 0
    with pytest.raises(ValueError, match="limit must be 0 or more"):
        sudoku_dlx.count("." * 16, limit=-1)


def test_verdicts():
    assert sudoku_dlx.verdict(NORVIG_HARD) == "unique"
    assert sudoku_dlx.verdict("." * 16) == "multiple"
    assert sudoku_dlx.verdict(NO_SOLUTION) == "none"


def test_a_solved_grid_is_its_own_answer():
    assert sudoku_dlx.solve(WORLDS_HARDEST_SOLUTION) == WORLDS_HARDEST_SOLUTION
    assert sudoku_dlx.solve(TUTORIAL_SOLUTION) == TUTORIAL_SOLUTION


def error_of(board, **kwargs):
    with pytest.raises(sudoku_dlx.InvalidBoard) as caught:
        sudoku_dlx.solve(board, **kwargs)
    assert isinstance(caught.value, ValueError)
    assert caught.value.index is None
    return caught.value


def test_a_clash_names_the_digit_and_both_cells():
    board = [row[:] for row in TUTORIAL]
    board[8][0] = 5  # a second 5 in column 1
    error = error_of(board)
    assert str(error) == "row 9, column 1: clashing givens: digit 5 twice in column 1: r1c1 and r9c1"
    assert (error.digit, error.cells, error.row, error.column) == (5, [(1, 1), (9, 1)], 9, 1)
    text_error = error_of("55" + "." * 79)
    assert text_error.digit == 5 and text_error.cells == [(1, 1), (1, 2)]
    assert "digit 5 twice in row 1: r1c1 and r1c2" in str(text_error)


def test_a_digit_out_of_range_names_its_cell():
    board = [row[:] for row in TUTORIAL]
    board[2][3] = 10
    error = error_of(board)
    assert str(error) == "row 3, column 4: 10 is out of range for a 9x9 grid (0 to 9)"
    assert (error.row, error.column) == (3, 4)
    board[2][3] = -1
    assert error_of(board).reason == "-1 is out of range for a 9x9 grid (0 to 9)"
    board[2][3] = 10**30
    assert error_of(board).reason == f"{10**30} is out of range for a 9x9 grid (0 to 9)"


def test_rows_of_other_kinds_read_like_lists_of_ints():
    # Tuples, bools and int subclasses take the general path; the answer is the same.
    expected = sudoku_dlx.solve([row[:] for row in TUTORIAL])

    class Digit(int):
        pass

    assert sudoku_dlx.solve(tuple(tuple(row) for row in TUTORIAL)) == expected
    assert sudoku_dlx.solve([[Digit(v) for v in row] for row in TUTORIAL]) == expected
    # Empty cells as False.
    assert sudoku_dlx.solve([[v or False for v in row] for row in TUTORIAL]) == expected


def test_a_cell_that_is_not_an_int_names_its_cell():
    board = [row[:] for row in TUTORIAL]
    board[4][7] = "5"
    error = error_of(board)
    assert str(error) == "row 5, column 8: a cell is an int, not str"


def test_rows_of_the_wrong_length_or_number():
    board = [row[:] for row in TUTORIAL]
    board[6] = board[6][:8]
    error = error_of(board)
    assert str(error) == "row 7: 8 cells, expected 9"
    assert (error.row, error.column) == (7, None)
    assert "7 rows make a 7x7 grid with no usual box shape" in str(error_of([[0] * 7] * 7))
    assert str(error_of([[0] * 6] * 6, box=(3, 3))) == "6 rows, but the box shape makes 9"
    assert "a row is a list or tuple of ints, not str" in str(error_of(["123456789"] * 9))


@pytest.mark.parametrize("rows,cells", [(8, 9), (9, 8), (7, 9), (10, 9)])
def test_a_board_that_is_not_square_says_how_many_rows_it_has(rows, cells):
    # Eight rows of nine cells is a 9x9 board missing a row, not a row too long.
    error = error_of([[0] * cells for _ in range(rows)])
    assert str(error).startswith(
        f"the board has {rows} rows but row 1 has {cells} cells: a board is square, "
        "as many cells in each row as rows; the sides with a usual box shape are 4, 6, 8, 9, "
    )
    assert "box=(rows, cols)" in str(error)
    assert (error.row, error.column) == (1, None)
    numpy = pytest.importorskip("numpy", reason="numpy is not installed")
    assert str(error_of(numpy.zeros((rows, cells), dtype=int))) == str(error)


def test_strings_errors_give_line_and_column():
    error = error_of("123*" + "." * 77)
    assert str(error) == "line 1, column 4: bad character '*'"
    assert (error.line, error.column, error.row) == (1, 4, None)
    assert str(error_of("." * 80)) == "line 1, column 1: 80 cells, expected 81"
    assert "line 2, column 3" in str(error_of("....\n..x.\n....\n...."))


def test_things_that_are_not_boards():
    assert "not int" in str(error_of(42))
    assert "not set" in str(error_of(set()))
    # A dict is an f-puzzles document (see test_variants.py): an empty one lacks its size.
    assert error_of({}).path == "size"
    with pytest.raises(ValueError, match="box"):
        sudoku_dlx.solve("." * 16, box=(0, 4))


def test_the_engine_loop_of_the_overhead_bench_runs_the_engine():
    # python/bench/compare.py subtracts this figure; it must time a real solve (a bad board
    # is refused like everywhere else).
    seconds = sudoku_dlx._native._engine_seconds_per_solve("." * 81, 3)
    assert isinstance(seconds, float) and seconds > 0
    with pytest.raises(sudoku_dlx.InvalidBoard):
        sudoku_dlx._native._engine_seconds_per_solve("1x" + "." * 79, 3)
