"""numpy arrays as boards (when numpy is installed), and everything else without numpy."""

import subprocess
import sys
import textwrap

import pytest

import sudoku_dlx
from conftest import NORVIG_HARD, cells, is_solution


def test_arrays_come_back_as_new_arrays_of_the_same_dtype():
    np = pytest.importorskip("numpy")
    for dtype in [np.int8, np.int32, np.int64, np.uint8]:
        board = np.array(cells(NORVIG_HARD), dtype=dtype).reshape(9, 9)
        before = board.copy()
        answer = sudoku_dlx.solve(board)
        assert isinstance(answer, np.ndarray) and answer.dtype == dtype and answer.shape == (9, 9)
        assert is_solution(answer.tolist(), NORVIG_HARD)
        assert (board == before).all(), "the board given is left alone"


def test_array_round_trip_matches_the_other_forms():
    np = pytest.importorskip("numpy")
    board = np.zeros((6, 6), dtype=np.int64)
    assert sudoku_dlx.solve(board).tolist() == sudoku_dlx.solve([[0] * 6] * 6)
    assert sudoku_dlx.count(board[:4, :4]) == 288
    assert sudoku_dlx.solve_many([board, board])[1].tolist() == sudoku_dlx.solve([[0] * 6] * 6)


def test_array_errors_name_the_cell_or_the_dimensions():
    np = pytest.importorskip("numpy")
    board = np.zeros((9, 9), dtype=np.int64)
    board[4, 5] = 12
    with pytest.raises(ValueError, match=r"row 5, column 6: 12 is out of range"):
        sudoku_dlx.solve(board)
    with pytest.raises(ValueError, match="an array board has 2 dimensions, not 1"):
        sudoku_dlx.solve(np.zeros(81, dtype=np.int64))
    with pytest.raises(ValueError, match="a cell is an int, not float"):
        sudoku_dlx.solve(np.zeros((4, 4)))


def test_without_numpy_everything_else_works():
    # numpy made unimportable in a fresh interpreter: the package neither needs nor loads it.
    script = textwrap.dedent(
        f"""
        import sys
        sys.modules["numpy"] = None
        import sudoku_dlx
        assert sudoku_dlx.solve({NORVIG_HARD!r}) is not None
        assert sudoku_dlx.solve([[0] * 4] * 4) == [[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]]
        assert sudoku_dlx.solve_many(["." * 16]) == ["1234341221434321"]
        print("ok")
        """
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"


def test_importing_the_package_does_not_import_numpy():
    script = "import sys, sudoku_dlx; sudoku_dlx.solve('.' * 16); print('numpy' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "False"
