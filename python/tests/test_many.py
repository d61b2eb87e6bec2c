"""solve_many: answers in input order, bad boards named or returned in place, and every
shared-set puzzle solved when the collections are here."""

import itertools

import pytest

import sudoku_dlx
from conftest import collection, is_solution

BAD = {17: "1x" + "." * 79, 4321: "11" + "." * 79, 9999: "." * 80}


def ten_thousand_boards():
    """10,000 different puzzles: solution grids of the empty board with a fixed pattern of
    cells emptied, each a list of rows or a string in turn, and three bad ones."""
    grids = itertools.islice(sudoku_dlx.solutions("." * 81), 10_000)
    boards = []
    for index, grid in enumerate(grids):
        puzzle = "".join(c if (k * 7 + index) % 3 == 0 else "." for k, c in enumerate(grid))
        if index % 2:
            puzzle = [[int(c) if c != "." else 0 for c in puzzle[r * 9 : r * 9 + 9]] for r in range(9)]
        boards.append(puzzle)
    for index, bad in BAD.items():
        boards[index] = bad
    return boards


@pytest.fixture(scope="module")
def boards():
    return ten_thousand_boards()


def test_the_first_bad_board_is_named_by_index_and_position(boards):
    with pytest.raises(sudoku_dlx.InvalidBoard) as caught:
        sudoku_dlx.solve_many(boards)
    error = caught.value
    # The message counts boards from 1, as it counts lines and columns; `index` is the
    # Python index of the board.
    assert str(error) == "board 18: line 1, column 2: bad character 'x'"
    assert (error.index, error.line, error.column) == (17, 1, 2)
    assert boards[error.index] == BAD[17]


def test_the_first_board_is_board_1():
    with pytest.raises(sudoku_dlx.InvalidBoard, match=r"^board 1: row 1, column 2: clashing givens") as caught:
        sudoku_dlx.solve_many([[[1, 1, 0, 0]] + [[0] * 4] * 3, "." * 16])
    assert caught.value.index == 0


@pytest.mark.parametrize("jobs", [None, 1, 2, 3])
def test_errors_return_in_place_and_the_rest_is_solved_in_order(boards, jobs):
    answers = sudoku_dlx.solve_many(iter(boards), jobs=jobs, errors="return")
    assert len(answers) == len(boards)
    for index, (board, answer) in enumerate(zip(boards, answers)):
        if index in BAD:
            assert isinstance(answer, sudoku_dlx.InvalidBoard) and answer.index == index
        else:
            assert type(answer) is type(board)
            assert is_solution(answer, board), index
    assert answers[4321].cells == [(1, 1), (1, 2)]
    assert str(answers[9999]) == "board 10000: line 1, column 1: 80 cells, expected 81"


def test_the_same_answers_for_any_number_of_jobs(boards):
    good = [board for index, board in enumerate(boards) if index not in BAD][:2000]
    one = sudoku_dlx.solve_many(good, jobs=1)
    assert sudoku_dlx.solve_many(good, jobs=2) == one
    assert sudoku_dlx.solve_many(good) == one
    assert [sudoku_dlx.solve(board) for board in good[:200]] == one[:200]


def test_unsolvable_boards_are_none_and_any_iterable_works():
    answers = sudoku_dlx.solve_many(b for b in ["1...2...4......3", "." * 16, "." * 36])
    assert answers[0] is None
    assert is_solution(answers[1], "." * 16) and is_solution(answers[2], "." * 36)
    assert sudoku_dlx.solve_many([]) == []
    assert sudoku_dlx.solve_many(["." * 36], box=(3, 2))[0] != sudoku_dlx.solve_many(["." * 36])[0]


def test_bad_arguments():
    with pytest.raises(ValueError, match='errors must be "raise" or "return"'):
        sudoku_dlx.solve_many([], errors="ignore")
    with pytest.raises(ValueError, match="jobs must be 1 or more"):
        sudoku_dlx.solve_many([], jobs=0)
    with pytest.raises(TypeError):
        sudoku_dlx.solve_many(42)


@pytest.mark.parametrize(
    "name",
    ["puzzles2_17_clue", "puzzles3_magictour_top1465", "puzzles6_forum_hardest_1106", "puzzles7_serg_benchmark"],
)
def test_every_shared_set_puzzle_is_solved(name):
    puzzles = collection(name)
    answers = sudoku_dlx.solve_many(puzzles)
    assert len(answers) == len(puzzles)
    unsolved = [i for i, (p, a) in enumerate(zip(puzzles, answers)) if a is None or not is_solution(a, p)]
    assert unsolved == []
