"""Type hints for sudoku_dlx: the sudoku-dlx engine (exact cover, Dancing Links) in Rust."""

from typing import Any, Dict, Iterable, Iterator, List, Literal, Mapping, Optional, Sequence, Tuple, TypeVar, Union, overload

# A board: a string in the line notation, rows of ints with 0 for empty, or a 2-D numpy
# array of ints (numpy is optional: the type is Any so that it is not needed); or an
# f-puzzles document of a variant puzzle, as a JSON string or a dict.
Rows = Sequence[Sequence[int]]
Document = Mapping[str, Any]
Board = Union[str, Rows, Document, Any]
B = TypeVar("B", str, List[List[int]], Any)
BoxShape = Tuple[int, int]
# rules=: names separated by commas, or a list of names.
RuleName = Literal["x", "diagonal+", "diagonal-", "anti-knight", "anti-king", "non-consecutive", "windoku", "disjoint"]
Rules = Union[str, Sequence[RuleName]]
# regions=: one character per cell (white space skipped), or rows of ints; the same
# character or int for the cells of one region.
Regions = Union[str, Rows]

class InvalidBoard(ValueError):
    """A board that cannot be read: the message says where and why."""

    index: Optional[int]
    """The board's Python index in solve_many, from 0, else None (the message counts boards
    from 1, as it counts rows and columns)."""
    row: Optional[int]
    """The row of the cell at fault, from 1, or None."""
    column: Optional[int]
    """The column of the cell (or the character of a string board), from 1, or None."""
    line: Optional[int]
    """The line of a string board or of an f-puzzles JSON text, from 1, or None."""
    path: Optional[str]
    """Where in an f-puzzles document (`killercage[0].cells[1]`), or None."""
    reason: str
    """What is wrong, without the position."""
    digit: Optional[int]
    """For two equal digits in a unit: the digit."""
    cells: Optional[List[Tuple[int, int]]]
    """For two equal digits in a unit: both cells as (row, column) from 1."""

class InternalError(RuntimeError):
    """A bug in sudoku-dlx caught at the boundary (a Rust panic)."""

class Stats:
    """What a call cost."""

    placed_by_logic: int
    searched: bool
    nodes: int
    updates: int
    forced: int
    guesses: int
    dead_ends: int
    solutions: int
    max_depth: int
    def __repr__(self) -> str:
        """Stats(placed_by_logic=..., searched=..., ...): every counter."""

class Solutions(Iterator[Any]):
    """A lazy iterator over the solutions of one board."""

    def __iter__(self) -> "Solutions": ...
    def __next__(self) -> Any: ...
    @property
    def stats(self) -> Stats:
        """What the search has cost so far."""
    def __repr__(self) -> str:
        """<sudoku_dlx.Solutions of a 9x9 board: 2 solutions given, more may follow>."""

class Rating:
    """How hard a puzzle is, on the scale of `sudoku-dlx rate`."""

    level: Literal["easy", "medium", "hard", "expert", "extreme"]
    hardest: str | None
    technique: Literal["naked-singles", "hidden-singles", "locked-candidates", "search"]
    guesses: float
    score: float
    def __repr__(self) -> str:
        """Rating(level=..., hardest=..., technique=..., guesses=..., score=...)."""

class Witness:
    """Two solutions of a puzzle that has several, and where they differ."""

    first: Any
    second: Any
    differing: List[Tuple[int, int]]
    suggestion: Tuple[int, int, int]
    def __repr__(self) -> str:
        """Witness(first=..., second=..., differing=[...], suggestion=(row, column, digit))."""

class Step:
    """One step of a solving path, as `sudoku-dlx explain` prints it."""

    technique: str
    difficulty: float
    placed: List[str]
    eliminated: List[str]
    cells: List[Tuple[int, int]]
    units: List[str]
    values: List[int]
    chain: Optional[str]
    text: str
    def __repr__(self) -> str:
        """Step("hidden-single-box: r3c3=9 (box 1)")."""
    def __str__(self) -> str:
        """The step as `sudoku-dlx explain` prints it."""

class Path:
    """A solving path: its steps (also as a sequence), how it ended, its difficulty."""

    steps: List[Step]
    end: Literal["solved", "stuck", "contradiction"]
    difficulty: float
    hardest: Optional[str]
    solution: Optional[str]
    stuck: Optional[str]
    def __len__(self) -> int:
        """The number of steps."""
    def __getitem__(self, index: int) -> Step:
        """A step; negative indices count from the end."""
    def __iter__(self) -> Iterator[Step]:
        """The steps in order."""
    def __repr__(self) -> str:
        """Path(N steps, end=..., difficulty=..., hardest=...)."""

class Solver:
    """A solver to reuse: no allocation once warm, and `.stats` after each call."""

    def __init__(self, *, threads: int = 1) -> None:
        """`threads`: how many threads a count of a variant puzzle may search on."""
    def solve(self, board: B, *, box: Optional[BoxShape] = None, rules: Optional[Rules] = None, regions: Optional[Regions] = None) -> Optional[B]:
        """The first solution, in the board's form, or None."""
    def count(self, board: Board, limit: Optional[int] = None, *, box: Optional[BoxShape] = None, rules: Optional[Rules] = None, regions: Optional[Regions] = None) -> int:
        """The number of solutions, at most `limit`."""
    def is_unique(self, board: Board, *, box: Optional[BoxShape] = None, rules: Optional[Rules] = None, regions: Optional[Regions] = None) -> bool:
        """True when the board has exactly one solution."""
    def verdict(self, board: Board, *, box: Optional[BoxShape] = None, rules: Optional[Rules] = None, regions: Optional[Regions] = None) -> Literal["unique", "multiple", "none"]:
        """How many solutions: one, several, or none."""
    @property
    def stats(self) -> Stats:
        """What the last call cost."""
    def __repr__(self) -> str:
        """<sudoku_dlx.Solver, last call: Stats(...)>."""

@overload
def solve(board: str, *, box: Optional[BoxShape] = None, rules: Optional[Rules] = None, regions: Optional[Regions] = None) -> Optional[str]: ...
@overload
def solve(board: Rows, *, box: Optional[BoxShape] = None, rules: Optional[Rules] = None, regions: Optional[Regions] = None) -> Optional[List[List[int]]]: ...
@overload
def solve(board: Document, *, box: None = None, rules: None = None, regions: None = None) -> Optional[List[List[int]]]: ...
@overload
def solve(board: Any, *, box: Optional[BoxShape] = None, rules: Optional[Rules] = None, regions: Optional[Regions] = None) -> Any:
    """The first solution of `board`, in the form it was given in (a JSON string: a string;
    a dict: rows of ints), or None."""
def count(board: Board, limit: Optional[int] = None, *, box: Optional[BoxShape] = None, rules: Optional[Rules] = None, regions: Optional[Regions] = None) -> int:
    """The number of solutions, counting at most `limit` when one is given."""
def is_unique(board: Board, *, box: Optional[BoxShape] = None, rules: Optional[Rules] = None, regions: Optional[Regions] = None) -> bool:
    """True when `board` has exactly one solution."""
@overload
def candidates(board: Board, limit: None = None, *, box: Optional[BoxShape] = None, rules: Optional[Rules] = None, regions: Optional[Regions] = None) -> List[List[List[int]]]: ...
@overload
def candidates(board: Board, limit: int, *, box: Optional[BoxShape] = None, rules: Optional[Rules] = None, regions: Optional[Regions] = None) -> List[List[Dict[int, int]]]:
    """The true candidates of each cell (rows of lists of digits); with `limit`, rows of
    dicts from each candidate to its solutions, counted up to `limit`."""
def verdict(board: Board, *, box: Optional[BoxShape] = None, rules: Optional[Rules] = None, regions: Optional[Regions] = None) -> Literal["unique", "multiple", "none"]:
    """How many solutions `board` has: one, several, or none."""
def solutions(board: Board, *, box: Optional[BoxShape] = None, rules: Optional[Rules] = None, regions: Optional[Regions] = None) -> Solutions:
    """A lazy iterator over every solution of `board`."""
def solve_many(
    boards: Iterable[Board],
    jobs: Optional[int] = None,
    *,
    errors: Literal["raise", "return"] = "raise",
    box: Optional[BoxShape] = None,
    rules: Optional[Rules] = None,
    regions: Optional[Regions] = None,
) -> List[Any]:
    """Every board solved in parallel, answers in input order (None: no solution)."""
def generate(
    count: int = 1,
    *,
    minimal: bool = True,
    symmetry: Optional[str] = None,
    seed: Optional[int] = None,
    box: Optional[BoxShape] = None,
    difficulty: Optional[str] = None,
) -> List[str]:
    """New puzzles with exactly one solution, in the line notation."""
def rate(board: Board, *, box: Optional[BoxShape] = None, rules: Optional[Rules] = None, regions: Optional[Regions] = None) -> Rating:
    """The rating of a puzzle with exactly one solution (variants too, as `sudoku-dlx rate`)."""
def explain(board: Board, *, box: Optional[BoxShape] = None, uniqueness: bool = True) -> Path:
    """The solving path a person would take (a grid, or pencil marks as an n³-character string)."""
def hint(board: Board, *, box: Optional[BoxShape] = None, uniqueness: bool = True) -> Optional[Step]:
    """The easiest next step of a grid in progress; None when it is full or logic runs out."""
def witness(board: Board, *, box: Optional[BoxShape] = None, rules: Optional[Rules] = None, regions: Optional[Regions] = None) -> Optional[Witness]:
    """Two solutions and where they differ; None with one solution or none (variants too)."""
def redundant(board: Board, *, box: Optional[BoxShape] = None, rules: Optional[Rules] = None, regions: Optional[Regions] = None) -> List[Tuple[int, int, int]]:
    """The givens that can each go, as (row, column, digit) from 1 (variants too: the rules stay)."""
