//! The lazy stream of solutions: each `next()` resumes the search where it stopped, so the
//! first solution arrives at once however many there are, and dropping the iterator (a
//! `break`) ends the search.

use crate::board::Form;
use crate::single::{detached, read_board};
use crate::solver::Stats;
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use std::sync::Mutex;
use sudoku_dlx::{Grid, Solver};

/// A search in progress with the solver it runs on.
///
/// The engine's `Solutions` borrows its solver; Python needs one object that owns both.
/// The solver lives on the heap behind a raw pointer that nothing else touches, and the
/// borrow is dropped before the solver is freed.
struct Stream {
    /// Borrows `*solver` for as long as `self` lives (declared 'static, really `self`'s).
    solutions: Option<sudoku_dlx::sudoku::Solutions<'static>>,
    /// Owned: made by `Box::into_raw`, freed in `drop` after `solutions` is gone.
    solver: *mut Solver,
}

// SAFETY: the pointer is owned (never shared or aliased outside `solutions`), and a
// `Solver` and a `Solutions` holding `&mut Solver` are both `Send`.
unsafe impl Send for Stream {}

impl Stream {
    /// The search of `grid` on a new solver.
    fn new(grid: &Grid) -> Stream {
        let solver = Box::into_raw(Box::new(Solver::new()));
        // SAFETY: `solver` is valid and uniquely borrowed here until `drop` ends the
        // borrow (by dropping `solutions`) and then frees it.
        let solutions = unsafe { (*solver).solutions(grid) };
        Stream {
            solutions: Some(solutions),
            solver,
        }
    }

    /// The next solution, `None` when the search is over.
    fn next(&mut self) -> Option<Grid> {
        self.solutions.as_mut()?.next()
    }

    /// What the search has cost so far.
    fn stats(&self) -> sudoku_dlx::SolveStats {
        self.solutions
            .as_ref()
            .map(|solutions| solutions.stats())
            .unwrap_or_default()
    }
}

impl Drop for Stream {
    fn drop(&mut self) {
        self.solutions = None;
        // SAFETY: made by `Box::into_raw` in `new`; the only borrow was just dropped.
        drop(unsafe { Box::from_raw(self.solver) });
    }
}

/// An iterator over the solutions of one board, found as they are asked for; made by
/// `solutions(board)`. `.stats` tells what the search has cost so far.
#[pyclass(module = "sudoku_dlx")]
pub struct Solutions {
    stream: Mutex<Stream>,
    form: Form,
}

#[pymethods]
impl Solutions {
    fn __iter__(this: PyRef<'_, Self>) -> PyRef<'_, Self> {
        this
    }

    fn __next__<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let mut stream = self.stream.try_lock().map_err(|_| {
            PyRuntimeError::new_err("a solutions iterator was advanced from two threads at once")
        })?;
        let stream: &mut Stream = &mut stream;
        let next = detached(py, || stream.next())?;
        next.map(|grid| self.form.to_python(py, &grid)).transpose()
    }

    /// What the search has cost so far (nodes, guesses, ...).
    #[getter]
    fn stats(&self) -> PyResult<Stats> {
        let stream = self.stream.try_lock().map_err(|_| {
            PyRuntimeError::new_err("a solutions iterator is being advanced by another thread")
        })?;
        Ok(Stats::from(stream.stats()))
    }
}

/// A lazy iterator over every solution of `board`, each in the form the board was given
/// in. The search resumes at each step: the first solution arrives at once even when there
/// are billions, and leaving the loop stops the search.
///
/// >>> from itertools import islice
/// >>> for grid in islice(solutions("." * 81), 2):
/// ...     print(grid[:27])
/// 123456789789123456456789123
/// 123456789789123456456789123
/// >>> len(list(solutions("." * 16)))
/// 288
/// >>> list(solutions([[1, 0, 0, 0], [2, 0, 0, 0], [4, 0, 0, 0], [0, 0, 0, 3]]))
/// []
#[pyfunction]
#[pyo3(signature = (board, *, r#box = None))]
pub fn solutions(
    py: Python<'_>,
    board: &Bound<'_, PyAny>,
    r#box: Option<(usize, usize)>,
) -> PyResult<Solutions> {
    let (grid, form) = read_board(py, board, r#box)?;
    let stream = detached(py, || Stream::new(&grid))?;
    Ok(Solutions {
        stream: Mutex::new(stream),
        form,
    })
}
