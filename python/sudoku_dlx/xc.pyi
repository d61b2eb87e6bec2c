"""Type hints for sudoku_dlx.xc: exact cover with the sudoku-dlx engine."""

from typing import Iterator, List, Optional, Sequence, Tuple

class InvalidProblem(ValueError):
    """An exact-cover problem that cannot be read or built: the message says where and why."""

    line: Optional[int]
    """The line of a text read by read_knuth, from 1, or None."""
    column: Optional[int]
    """The column (in characters) of a text read by read_knuth, from 1, or None."""
    path: Optional[str]
    """Where in the lists given to Problem (`options[3][1]`, `primary[0]`), or None."""
    option: Optional[int]
    """The index of the option at fault in the lists given to Problem, from 0, or None."""
    item: Optional[str]
    """The item name at fault, or None."""
    reason: str
    """What is wrong, without the position."""

class Solutions(Iterator[List[int]]):
    """A lazy iterator over the solutions of a problem, each a list of option indices."""

    def __iter__(self) -> "Solutions": ...
    def __next__(self) -> List[int]: ...
    def __repr__(self) -> str:
        """<sudoku_dlx.xc.Solutions: 2 solutions given, more may follow>."""

class Problem:
    """An exact-cover problem: primary and secondary items, options as lists of item names.

    A primary item named `"u:v|name"` must be covered from u to v times, `"v|name"` exactly
    v times (Knuth's dlx3); a plain name once."""

    def __init__(self, *, primary: Sequence[str], options: Sequence[Sequence[str]], secondary: Optional[Sequence[str]] = None, costs: Optional[Sequence[int]] = None) -> None: ...
    def best(self, k: int = 1) -> List[Tuple[int, List[int]]]:
        """The k cheapest solutions, cheapest first, as (cost, option indices) (Knuth's dlx5)."""
    def cheapest(self) -> List[Tuple[int, List[int]]]:
        """Every solution of the least cost, in the order found, as (cost, option indices)."""
    def min_cost(self) -> Optional[int]:
        """The least cost of a solution, or None when there is none."""
    def count(self, limit: Optional[int] = None) -> int:
        """The number of solutions, at most `limit`."""
    def first(self) -> Optional[List[int]]:
        """The first solution (option indices in increasing order), or None."""
    def is_unique(self) -> bool:
        """True when there is exactly one solution."""
    def solutions(self) -> Solutions:
        """A lazy iterator over every solution."""
    @property
    def primary(self) -> Tuple[str, ...]:
        """The primary items' names."""
    @property
    def multiplicities(self) -> Tuple[Tuple[int, int], ...]:
        """How many times each primary item must be covered, as (low, high)."""
    @property
    def costs(self) -> Tuple[int, ...]:
        """The cost of each option (0 where none was given)."""
    @property
    def secondary(self) -> Tuple[str, ...]:
        """The secondary items' names."""
    @property
    def options(self) -> Tuple[Tuple[str, ...], ...]:
        """The options, each its item names as written (`name:color` when colored)."""
    def __repr__(self) -> str:
        """Problem(3 primary items, 2 secondary, 5 options, 2 colors[, multiplicities][, costs])."""

def read_knuth(text: str) -> Problem:
    """The problem written in `text` in Knuth's format (dlx1/dlx2, colors included; dlx3's
    multiplicities `u:v|name` on primary items; dlx5's costs `|n` on options)."""
