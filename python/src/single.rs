//! The questions about one board: solve, count, is_unique, verdict. Each runs on engines
//! kept per thread (so repeated calls allocate nothing once warm). A count releases the GIL;
//! solve, is_unique and verdict release it for variants and for grids larger than 9x9 (see
//! [`one_board`]).

use crate::board::{self, Form};
use crate::error::catch_panic;
use crate::puzzle::{self, LineRules};
use pyo3::prelude::*;
use std::cell::RefCell;
use sudoku_dlx::{Answerer, Count, Grid, Puzzle, PuzzleSolver, Shape};

thread_local! {
    /// The engines of this thread for the module-level functions.
    static ENGINES: RefCell<PuzzleSolver> = RefCell::new(PuzzleSolver::default());
}

/// Runs `work` on this thread's engines.
pub fn with_engines<T>(work: impl FnOnce(&mut PuzzleSolver) -> T) -> T {
    ENGINES.with(|engines| work(&mut engines.borrow_mut()))
}

/// Reads a classic board and a `box=` argument, raising `InvalidBoard` when either is bad.
pub fn read_board(
    py: Python<'_>,
    board: &Bound<'_, PyAny>,
    shape: Option<(usize, usize)>,
) -> PyResult<(Grid, Form)> {
    board::shape_arg(shape)
        .and_then(|shape: Option<Shape>| board::read(board, shape))
        .map_err(|error| error.to_python(py, None))
}

/// Reads `rules=` and `regions=`, raising `InvalidBoard` when either is bad.
pub fn read_line_rules(
    py: Python<'_>,
    rules: Option<&Bound<'_, PyAny>>,
    regions: Option<&Bound<'_, PyAny>>,
) -> PyResult<LineRules> {
    LineRules::read(rules, regions).map_err(|error| error.to_python(py, None))
}

/// Reads a puzzle (a classic board, or a variant: an f-puzzles document, or a board with
/// `rules=` or `regions=`), raising `InvalidBoard` when anything is bad.
pub fn read_puzzle(
    py: Python<'_>,
    board: &Bound<'_, PyAny>,
    shape: Option<(usize, usize)>,
    rules: Option<&Bound<'_, PyAny>>,
    regions: Option<&Bound<'_, PyAny>>,
) -> PyResult<(Puzzle, Form)> {
    let line_rules = read_line_rules(py, rules, regions)?;
    board::shape_arg(shape)
        .and_then(|shape| puzzle::read(board, shape, &line_rules))
        .map_err(|error| error.to_python(py, None))
}

/// Runs `work` with the GIL released and panics caught.
pub fn detached<T: Send>(py: Python<'_>, work: impl FnOnce() -> T + Send) -> PyResult<T> {
    py.detach(|| catch_panic(|| Ok(work())))
}

/// The largest side of a classic grid solved holding the GIL.
const HELD_SIDE: usize = 9;

/// Runs `work` (a solve or a verdict of `puzzle`) with panics caught: holding the GIL for a
/// classic grid of side 9 or less, where the engine answers in microseconds (a millisecond
/// for the hardest known 9x9 puzzles) and handing the GIL over and taking it back would
/// cost more than the answer; with the GIL released for larger grids and for variants,
/// whose search can take seconds.
pub fn one_board<T: Send>(
    py: Python<'_>,
    puzzle: &Puzzle,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    match puzzle {
        Puzzle::Classic(grid) if grid.shape().size() <= HELD_SIDE => catch_panic(|| Ok(work())),
        _ => detached(py, work),
    }
}

/// The first solution of `board`, in the form it was given in, or None when it has none.
///
/// `board` is a list of rows of ints with 0 for empty, a string in the line notation
/// ('.', '0' or '_' for empty; white space ignored), or a 2-D numpy array (a new array
/// comes back). `box=(rows, cols)` names the box shape when the side does not say it
/// (6x6 grids have 2x3 boxes unless told (3, 2)). A bad board raises `InvalidBoard`, a
/// `ValueError` that says the row, column and reason.
///
/// Variants: `board` may be an f-puzzles document, as a JSON string (the answer is a string
/// in the line notation) or a dict (the answer is rows of ints); or a board in the other
/// forms with `rules=` (names separated by commas, or a list: x, diagonal+, diagonal-,
/// anti-knight, anti-king, non-consecutive, windoku, disjoint) and `regions=` (irregular
/// regions replacing the boxes: a string with one character per cell, or rows of ints,
/// the same for the cells of one region). A constraint this engine does not support is an
/// error that names it, never ignored.
///
/// >>> board = [[5, 3, 0, 0, 7, 0, 0, 0, 0],
/// ...          [6, 0, 0, 1, 9, 5, 0, 0, 0],
/// ...          [0, 9, 8, 0, 0, 0, 0, 6, 0],
/// ...          [8, 0, 0, 0, 6, 0, 0, 0, 3],
/// ...          [4, 0, 0, 8, 0, 3, 0, 0, 1],
/// ...          [7, 0, 0, 0, 2, 0, 0, 0, 6],
/// ...          [0, 6, 0, 0, 0, 0, 2, 8, 0],
/// ...          [0, 0, 0, 4, 1, 9, 0, 0, 5],
/// ...          [0, 0, 0, 0, 8, 0, 0, 7, 9]]
/// >>> solve(board)[0]
/// [5, 3, 4, 6, 7, 8, 9, 1, 2]
/// >>> solve("1... 2... 4... ...3") is None
/// True
/// >>> solve("1.....", box=(3, 2)) is None
/// Traceback (most recent call last):
///   ...
/// sudoku_dlx.InvalidBoard: line 1, column 1: 6 cells, expected 36
/// >>> solve("1...............", rules="x")
/// '1234341243212143'
/// >>> solve([[0] * 4] * 4, regions="aaab cadb cddb ccdb")
/// [[1, 2, 3, 4], [2, 4, 1, 3], [4, 3, 2, 1], [3, 1, 4, 2]]
#[pyfunction]
#[pyo3(signature = (board, *, r#box = None, rules = None, regions = None))]
pub fn solve<'py>(
    py: Python<'py>,
    board: &Bound<'py, PyAny>,
    r#box: Option<(usize, usize)>,
    rules: Option<&Bound<'py, PyAny>>,
    regions: Option<&Bound<'py, PyAny>>,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    let (puzzle, form) = read_puzzle(py, board, r#box, rules, regions)?;
    let solution = one_board(py, &puzzle, || {
        with_engines(|engines| engines.solve(&puzzle))
    })?;
    solution.map(|grid| form.to_python(py, &grid)).transpose()
}

/// The number of solutions of `board`, counting at most `limit` when one is given.
///
/// The result is a Python int, never overflowing: the empty 9x9 grid has
/// 6,670,903,752,021,072,936,960 solutions (too many to count this way; give a limit).
/// Ctrl-C stops a long count with KeyboardInterrupt.
///
/// >>> count("." * 16)
/// 288
/// >>> count("." * 81, limit=1000)
/// 1000
/// >>> count("11" + "." * 14)
/// Traceback (most recent call last):
///   ...
/// sudoku_dlx.InvalidBoard: row 1, column 2: clashing givens: digit 1 twice in row 1: r1c1 and r1c2
/// >>> count("." * 16, rules=["diagonal+", "diagonal-"])
/// 48
#[pyfunction]
#[pyo3(signature = (board, limit = None, *, r#box = None, rules = None, regions = None))]
pub fn count<'py>(
    py: Python<'py>,
    board: &Bound<'py, PyAny>,
    limit: Option<i128>,
    r#box: Option<(usize, usize)>,
    rules: Option<&Bound<'py, PyAny>>,
    regions: Option<&Bound<'py, PyAny>>,
) -> PyResult<u128> {
    let cap = crate::solver::cap_of(limit)?;
    let (puzzle, _) = read_puzzle(py, board, r#box, rules, regions)?;
    let (count, interrupted) = detached(py, || {
        with_engines(|engines| count_checking_signals(engines, &puzzle, cap))
    })?;
    match interrupted {
        Some(error) => Err(error),
        None => Ok(count.solutions),
    }
}

/// Counts on `solver` (called with the GIL released), looking for Ctrl-C every 65,536
/// solutions found by search: the count stops at the first signal and the error is
/// returned beside it.
pub fn count_checking_signals(
    engines: &mut PuzzleSolver,
    puzzle: &Puzzle,
    cap: Option<u128>,
) -> (Count, Option<PyErr>) {
    let mut interrupted = None;
    let count = engines.count_while(puzzle, cap, |found| {
        found % 65_536 != 0 || no_signal(&mut interrupted)
    });
    (count, interrupted)
}

/// Looks for Ctrl-C from a thread that released the GIL: true when none came, else false
/// with the error kept in `interrupted`.
pub fn no_signal(interrupted: &mut Option<PyErr>) -> bool {
    match Python::attach(|py| py.check_signals()) {
        Ok(()) => true,
        Err(error) => {
            *interrupted = Some(error);
            false
        }
    }
}

/// True when `board` has exactly one solution.
///
/// >>> is_unique("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
/// True
/// >>> is_unique([[0] * 4] * 4)
/// False
#[pyfunction]
#[pyo3(signature = (board, *, r#box = None, rules = None, regions = None))]
pub fn is_unique<'py>(
    py: Python<'py>,
    board: &Bound<'py, PyAny>,
    r#box: Option<(usize, usize)>,
    rules: Option<&Bound<'py, PyAny>>,
    regions: Option<&Bound<'py, PyAny>>,
) -> PyResult<bool> {
    let (puzzle, _) = read_puzzle(py, board, r#box, rules, regions)?;
    one_board(py, &puzzle, || {
        with_engines(|engines| engines.is_unique(&puzzle))
    })
}

/// "unique", "multiple" or "none": how many solutions `board` has.
///
/// >>> verdict("." * 16)
/// 'multiple'
/// >>> verdict("1...2...4......3")
/// 'none'
#[pyfunction]
#[pyo3(signature = (board, *, r#box = None, rules = None, regions = None))]
pub fn verdict<'py>(
    py: Python<'py>,
    board: &Bound<'py, PyAny>,
    r#box: Option<(usize, usize)>,
    rules: Option<&Bound<'py, PyAny>>,
    regions: Option<&Bound<'py, PyAny>>,
) -> PyResult<&'static str> {
    let (puzzle, _) = read_puzzle(py, board, r#box, rules, regions)?;
    one_board(py, &puzzle, || {
        with_engines(|engines| engines.verdict(&puzzle).name())
    })
}
