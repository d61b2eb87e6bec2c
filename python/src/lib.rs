//! The `sudoku_dlx` Python module: the sudoku-dlx engine for Python, with boards in the
//! forms Python programs use (see [`board`]), the work done with the GIL released, and
//! errors that say where and why (see [`error`]).
//!
//! Every function and class here is documented for Python users: the doc comments are the
//! docstrings, and their examples are run by `python/tests/test_docs.py`.

mod board;
mod candidates;
mod error;
mod fast_rows;
mod human;
mod many;
mod puzzle;
mod setter;
mod single;
mod solutions;
mod solver;
mod xc;

use pyo3::prelude::*;
use sudoku_dlx::Answerer;

/// The sudoku-dlx engine: exact cover (Dancing Links) with a logic pass, for any box shape.
///
/// A board is a list of rows of ints with 0 for an empty cell, a string in the line
/// notation ('.' or '0' for empty), or a 2-D numpy array; answers come back in the form
/// the board was given in.
///
/// >>> import sudoku_dlx
/// >>> sudoku_dlx.solve("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
/// '417369825632158947958724316825437169791586432346912758289643571573291684164875293'
#[pymodule]
fn _native(module: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = module.py();
    module.add("InvalidBoard", py.get_type::<error::InvalidBoard>())?;
    module.add("InternalError", py.get_type::<error::InternalError>())?;
    module.add_function(wrap_pyfunction!(single::solve, module)?)?;
    module.add_function(wrap_pyfunction!(single::count, module)?)?;
    module.add_function(wrap_pyfunction!(single::is_unique, module)?)?;
    module.add_function(wrap_pyfunction!(single::verdict, module)?)?;
    module.add_function(wrap_pyfunction!(candidates::candidates, module)?)?;
    module.add_function(wrap_pyfunction!(solutions::solutions, module)?)?;
    module.add_function(wrap_pyfunction!(many::solve_many, module)?)?;
    module.add_function(wrap_pyfunction!(setter::generate, module)?)?;
    module.add_function(wrap_pyfunction!(setter::rate, module)?)?;
    module.add_function(wrap_pyfunction!(setter::witness, module)?)?;
    module.add_function(wrap_pyfunction!(setter::redundant, module)?)?;
    module.add_function(wrap_pyfunction!(human::explain, module)?)?;
    module.add_function(wrap_pyfunction!(human::hint, module)?)?;
    module.add_function(wrap_pyfunction!(panic_for_test, module)?)?;
    module.add_function(wrap_pyfunction!(engine_seconds_per_solve, module)?)?;
    module.add_class::<solver::Solver>()?;
    module.add_class::<solver::Stats>()?;
    module.add_class::<solutions::Solutions>()?;
    module.add_class::<setter::Rating>()?;
    module.add_class::<setter::Witness>()?;
    module.add_class::<human::Step>()?;
    module.add_class::<human::Path>()?;
    xc::register(module)?;
    Ok(())
}

/// Panics inside the same guard every entry point uses, so that the tests can show a Rust
/// panic arrives as `sudoku_dlx.InternalError` (not for use outside the tests).
#[pyfunction]
#[pyo3(name = "_panic_for_test")]
fn panic_for_test(py: Python<'_>, message: String) -> PyResult<()> {
    py.detach(|| error::catch_panic(|| panic!("{message}")))
}

/// The engine's own time for one solve of `board`, in seconds: the mean of `number` solves
/// in a Rust loop on this thread's solver, with no Python in the loop. The baseline that
/// `python/bench/compare.py` measures the per-call overhead against (not for other uses).
#[pyfunction]
#[pyo3(name = "_engine_seconds_per_solve", signature = (board, number, *, r#box = None))]
fn engine_seconds_per_solve(
    py: Python<'_>,
    board: &Bound<'_, PyAny>,
    number: u32,
    r#box: Option<(usize, usize)>,
) -> PyResult<f64> {
    let (grid, _) = single::read_board(py, board, r#box)?;
    let puzzle = sudoku_dlx::Puzzle::Classic(grid);
    let number = number.max(1);
    single::detached(py, || {
        single::with_engines(|engines| {
            let started = std::time::Instant::now();
            for _ in 0..number {
                std::hint::black_box(engines.solve(std::hint::black_box(&puzzle)));
            }
            started.elapsed().as_secs_f64() / f64::from(number)
        })
    })
}
