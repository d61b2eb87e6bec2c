"""The sudoku-dlx engine for Python: exact cover (Dancing Links) with a logic pass, in Rust.

A board is a list of rows of ints with 0 for an empty cell, a string in the line notation
('.', '0' or '_' for empty), or a 2-D numpy array; answers come back in the form the board
was given in. Any box shape works: the side says the usual one, ``box=(rows, cols)`` names
another.

>>> import sudoku_dlx
>>> sudoku_dlx.verdict("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..")
'unique'
"""

from ._native import (
    InternalError,
    InvalidBoard,
    Path,
    Rating,
    Solutions,
    Solver,
    Stats,
    Step,
    Witness,
    candidates,
    count,
    explain,
    generate,
    hint,
    is_unique,
    rate,
    redundant,
    solutions,
    solve,
    solve_many,
    verdict,
    witness,
)
from . import xc  # noqa: E402  (the exact-cover module: sudoku_dlx.xc)

__all__ = [
    "InternalError",
    "InvalidBoard",
    "Path",
    "Rating",
    "Solutions",
    "Solver",
    "Stats",
    "Step",
    "Witness",
    "candidates",
    "count",
    "explain",
    "generate",
    "hint",
    "is_unique",
    "rate",
    "redundant",
    "solutions",
    "solve",
    "solve_many",
    "verdict",
    "witness",
]
