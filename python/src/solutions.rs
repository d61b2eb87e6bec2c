//! The lazy stream of solutions: each `next()` resumes the search where it stopped, so the
//! first solution arrives at once however many there are, and dropping the iterator (a
//! `break`) ends the search.

use crate::board::Form;
use crate::single::{detached, read_puzzle};
use crate::solver::Stats;
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use std::sync::Mutex;
use sudoku_dlx::variant::{Variant, VariantSolutions, VariantSolver};
use sudoku_dlx::{Grid, Puzzle, Solver};

/// The solver a search runs on, with the variant it searches (the engines' iterators borrow
/// both).
// Made once per iterator and kept in one box: the sizes of the variants cost nothing.
#[allow(clippy::large_enum_variant)]
enum Owned {
    /// A classic board's solver and the board.
    Classic(Solver, Grid),
    /// A variant's solver and the variant.
    Variant(VariantSolver, Variant),
}

/// The engine's iterator over solutions, borrowing the [`Owned`] it belongs to.
enum Search {
    Classic(sudoku_dlx::sudoku::Solutions<'static>),
    Variant(VariantSolutions<'static>),
}

/// A search in progress with the solver it runs on.
///
/// The engine's iterators borrow their solver (and variant); Python needs one object that
/// owns both. The solver lives on the heap behind a raw pointer that nothing else touches,
/// and the borrow is dropped before the solver is freed.
struct Stream {
    /// Borrows `*owned` for as long as `self` lives (declared 'static, really `self`'s).
    search: Option<Search>,
    /// Owned: made by `Box::into_raw`, freed in `drop` after `search` is gone.
    owned: *mut Owned,
    /// What is searched, for `repr`: "a 9x9 board", "a 9x9 variant puzzle".
    what: String,
    /// Solutions given so far.
    found: u64,
    /// True once the search has said there are no more.
    finished: bool,
}

// SAFETY: the pointer is owned (never shared or aliased outside `search`), and the solvers,
// the variant and the iterators that borrow them are all `Send`.
unsafe impl Send for Stream {}

impl Stream {
    /// The search of `puzzle` on a new solver.
    fn new(puzzle: Puzzle) -> Stream {
        let what = match &puzzle {
            Puzzle::Classic(grid) => format!("a {0}x{0} board", grid.shape().size()),
            Puzzle::Variant(variant) => {
                format!("a {0}x{0} variant puzzle", variant.shape().size())
            }
        };
        let owned = Box::into_raw(Box::new(match puzzle {
            Puzzle::Classic(grid) => Owned::Classic(Solver::new(), grid),
            Puzzle::Variant(variant) => Owned::Variant(VariantSolver::new(), *variant),
        }));
        // SAFETY: `owned` is valid and uniquely borrowed here until `drop` ends the borrow
        // (by dropping `search`) and then frees it; nothing moves out of it meanwhile.
        let search = match unsafe { &mut *owned } {
            Owned::Classic(solver, grid) => Search::Classic(solver.solutions(grid)),
            Owned::Variant(solver, variant) => Search::Variant(solver.solutions(variant)),
        };
        Stream {
            search: Some(search),
            owned,
            what,
            found: 0,
            finished: false,
        }
    }

    /// The next solution, `None` when the search is over.
    fn next(&mut self) -> Option<Grid> {
        let next = match self.search.as_mut()? {
            Search::Classic(solutions) => solutions.next(),
            Search::Variant(solutions) => solutions.next_grid(),
        };
        match next {
            Some(_) => self.found += 1,
            None => self.finished = true,
        }
        next
    }

    /// What the search has cost so far.
    fn stats(&self) -> sudoku_dlx::SolveStats {
        match &self.search {
            Some(Search::Classic(solutions)) => solutions.stats(),
            Some(Search::Variant(solutions)) => solutions.stats(),
            None => sudoku_dlx::SolveStats::default(),
        }
    }
}

impl Drop for Stream {
    fn drop(&mut self) {
        self.search = None;
        // SAFETY: made by `Box::into_raw` in `new`; the only borrow was just dropped.
        drop(unsafe { Box::from_raw(self.owned) });
    }
}

/// An iterator over the solutions of one board (or variant puzzle), found as they are asked
/// for; made by `solutions(board)`. `.stats` tells what the search has cost so far.
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

    fn __repr__(&self) -> String {
        let Ok(stream) = self.stream.try_lock() else {
            return "<sudoku_dlx.Solutions, being advanced by another thread>".to_string();
        };
        let plural = if stream.found == 1 { "" } else { "s" };
        let progress = if stream.finished {
            "the search is over"
        } else {
            "more may follow"
        };
        format!(
            "<sudoku_dlx.Solutions of {}: {} solution{plural} given, {progress}>",
            stream.what, stream.found
        )
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
/// 123456789789123456456798123
/// >>> len(list(solutions("." * 16)))
/// 288
/// >>> list(solutions([[1, 0, 0, 0], [2, 0, 0, 0], [4, 0, 0, 0], [0, 0, 0, 3]]))
/// []
/// >>> len(list(solutions("." * 16, rules="x")))
/// 48
#[pyfunction]
#[pyo3(signature = (board, *, r#box = None, rules = None, regions = None))]
pub fn solutions<'py>(
    py: Python<'py>,
    board: &Bound<'py, PyAny>,
    r#box: Option<(usize, usize)>,
    rules: Option<&Bound<'py, PyAny>>,
    regions: Option<&Bound<'py, PyAny>>,
) -> PyResult<Solutions> {
    let (puzzle, form) = read_puzzle(py, board, r#box, rules, regions)?;
    let stream = detached(py, || Stream::new(puzzle))?;
    Ok(Solutions {
        stream: Mutex::new(stream),
        form,
    })
}
