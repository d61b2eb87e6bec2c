//! The questions about one board: solve, count, is_unique, verdict. Each runs on a solver
//! kept per thread (so repeated calls allocate nothing once warm), with the GIL released.

use crate::board::{self, Form};
use crate::error::catch_panic;
use pyo3::prelude::*;
use std::cell::RefCell;
use sudoku_dlx::{Count, Grid, Shape, Solver, Verdict};

thread_local! {
    /// One solver per thread for the module-level functions.
    static SOLVER: RefCell<Solver> = RefCell::new(Solver::new());
}

/// Runs `work` on this thread's solver.
pub fn with_solver<T>(work: impl FnOnce(&mut Solver) -> T) -> T {
    SOLVER.with(|solver| work(&mut solver.borrow_mut()))
}

/// Reads a board and a `box=` argument, raising `InvalidBoard` when either is bad.
pub fn read_board(
    py: Python<'_>,
    board: &Bound<'_, PyAny>,
    shape: Option<(usize, usize)>,
) -> PyResult<(Grid, Form)> {
    board::shape_arg(shape)
        .and_then(|shape: Option<Shape>| board::read(board, shape))
        .map_err(|error| error.to_python(py, None))
}

/// Runs `work` with the GIL released and panics caught.
pub fn detached<T: Send>(py: Python<'_>, work: impl FnOnce() -> T + Send) -> PyResult<T> {
    py.detach(|| catch_panic(|| Ok(work())))
}

/// The first solution of `board`, in the form it was given in, or None when it has none.
///
/// `board` is a list of rows of ints with 0 for empty, a string in the line notation
/// ('.', '0' or '_' for empty; white space ignored), or a 2-D numpy array (a new array
/// comes back). `box=(rows, cols)` names the box shape when the side does not say it
/// (6x6 grids have 2x3 boxes unless told (3, 2)). A bad board raises `InvalidBoard`, a
/// `ValueError` that says the row, column and reason.
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
#[pyfunction]
#[pyo3(signature = (board, *, r#box = None))]
pub fn solve<'py>(
    py: Python<'py>,
    board: &Bound<'py, PyAny>,
    r#box: Option<(usize, usize)>,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    let (grid, form) = read_board(py, board, r#box)?;
    let solution = detached(py, || with_solver(|solver| solver.solve(&grid)))?;
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
#[pyfunction]
#[pyo3(signature = (board, limit = None, *, r#box = None))]
pub fn count(
    py: Python<'_>,
    board: &Bound<'_, PyAny>,
    limit: Option<i128>,
    r#box: Option<(usize, usize)>,
) -> PyResult<u128> {
    let cap = crate::solver::cap_of(limit)?;
    let (grid, _) = read_board(py, board, r#box)?;
    let (count, interrupted) = detached(py, || {
        with_solver(|solver| count_checking_signals(solver, &grid, cap))
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
    solver: &mut Solver,
    grid: &Grid,
    cap: Option<u128>,
) -> (Count, Option<PyErr>) {
    let mut interrupted = None;
    let count = solver.count_while(grid, &[], cap, |found| {
        if found % 65_536 != 0 {
            return true;
        }
        match Python::attach(|py| py.check_signals()) {
            Ok(()) => true,
            Err(error) => {
                interrupted = Some(error);
                false
            }
        }
    });
    (count, interrupted)
}

/// True when `board` has exactly one solution.
///
/// >>> is_unique("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
/// True
/// >>> is_unique([[0] * 4] * 4)
/// False
#[pyfunction]
#[pyo3(signature = (board, *, r#box = None))]
pub fn is_unique(
    py: Python<'_>,
    board: &Bound<'_, PyAny>,
    r#box: Option<(usize, usize)>,
) -> PyResult<bool> {
    let (grid, _) = read_board(py, board, r#box)?;
    detached(py, || {
        with_solver(|solver| solver.count(&grid, Some(2)).solutions == 1)
    })
}

/// "unique", "multiple" or "none": how many solutions `board` has.
///
/// >>> verdict("." * 16)
/// 'multiple'
/// >>> verdict("1...2...4......3")
/// 'none'
#[pyfunction]
#[pyo3(signature = (board, *, r#box = None))]
pub fn verdict(
    py: Python<'_>,
    board: &Bound<'_, PyAny>,
    r#box: Option<(usize, usize)>,
) -> PyResult<&'static str> {
    let (grid, _) = read_board(py, board, r#box)?;
    detached(py, || {
        with_solver(|solver| verdict_name(&solver.verdict(&grid)))
    })
}

/// The Python name of a verdict.
pub fn verdict_name(verdict: &Verdict) -> &'static str {
    match verdict {
        Verdict::None => "none",
        Verdict::Unique(_) => "unique",
        Verdict::Multiple(..) => "multiple",
    }
}
