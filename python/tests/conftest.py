"""What the tests share: the shared puzzle collections when present, and a check that an
answer is a valid solution of its puzzle."""

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]

NORVIG_HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
WORLDS_HARDEST = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
WORLDS_HARDEST_SOLUTION = "812753649943682175675491283154237896369845721287169534521974368438526917796318452"


def data_folder():
    """The shared collections: $SUDOKU_DLX_DATA, else ../shared/data beside the repository."""
    named = os.environ.get("SUDOKU_DLX_DATA")
    folder = Path(named) if named else REPO.parent / "shared" / "data"
    return folder if folder.is_dir() else None


def puzzle_lines(path):
    """The puzzles of a collection file: its lines without comments and blank lines."""
    with open(path) as lines:
        return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def collection(name):
    """The puzzles of one shared collection, or a skip that says why they are missing."""
    folder = data_folder()
    if folder is None or not (folder / name).is_file():
        pytest.skip(f"{name}: no shared data (set SUDOKU_DLX_DATA or put it at ../shared/data)")
    return puzzle_lines(folder / name)


def cells(board):
    """A board in any form as a flat list of ints."""
    if isinstance(board, str):
        return [0 if c in "._0" else int(c, 36) for c in board]
    return [int(value) for row in board for value in row]


def is_solution(answer, puzzle, box=None):
    """True when `answer` is a complete valid grid that keeps every given of `puzzle`."""
    grid, givens = cells(answer), cells(puzzle)
    n = int(round(len(grid) ** 0.5))
    if n * n != len(grid) or len(givens) != len(grid):
        return False
    if box is None:
        box = next((r, n // r) for r in range(int(n**0.5), 0, -1) if n % r == 0)
    rows, cols = box
    digits = set(range(1, n + 1))
    units = [[r * n + c for c in range(n)] for r in range(n)]
    units += [[r * n + c for r in range(n)] for c in range(n)]
    units += [
        [(br + r) * n + bc + c for r in range(rows) for c in range(cols)]
        for br in range(0, n, rows)
        for bc in range(0, n, cols)
    ]
    return all({grid[i] for i in unit} == digits for unit in units) and all(
        g == 0 or g == a for g, a in zip(givens, grid)
    )
