//! The `Solver` class: one engine solver kept between calls (no allocation once warm), with
//! what the last call cost in `.stats`.

use crate::single::{count_checking_signals, detached, one_board, read_puzzle};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use sudoku_dlx::{Answerer, PuzzleSolver, SolveStats};

/// What a call cost: cells placed by the logic pass, whether a search was needed, and the
/// search's counters.
///
/// >>> solver = Solver()
/// >>> _ = solver.solve("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..")
/// >>> solver.stats.searched, solver.stats.nodes > 0
/// (True, True)
#[pyclass(module = "sudoku_dlx", frozen, get_all)]
#[derive(Clone, Copy, Debug)]
pub struct Stats {
    /// Cells placed by the logic pass before any search (givens not counted).
    pub placed_by_logic: u64,
    /// Whether a search was needed (False when logic alone decided).
    pub searched: bool,
    /// Search nodes visited.
    pub nodes: u64,
    /// Links updated by the search.
    pub updates: u64,
    /// Choices with one option left, taken without guessing.
    pub forced: u64,
    /// Choices among two or more options.
    pub guesses: u64,
    /// Branches that ended with an item left uncoverable.
    pub dead_ends: u64,
    /// Solutions found by the search.
    pub solutions: u64,
    /// The deepest the search went.
    pub max_depth: u32,
}

impl From<SolveStats> for Stats {
    fn from(stats: SolveStats) -> Stats {
        Stats {
            placed_by_logic: stats.placed_by_logic,
            searched: stats.searched,
            nodes: stats.search.nodes,
            updates: stats.search.updates,
            forced: stats.search.forced,
            guesses: stats.search.guesses,
            dead_ends: stats.search.dead_ends,
            solutions: stats.search.solutions,
            max_depth: stats.search.max_depth,
        }
    }
}

#[pymethods]
impl Stats {
    fn __repr__(&self) -> String {
        format!(
            "Stats(placed_by_logic={}, searched={}, nodes={}, updates={}, forced={}, guesses={}, \
             dead_ends={}, solutions={}, max_depth={})",
            self.placed_by_logic,
            if self.searched { "True" } else { "False" },
            self.nodes,
            self.updates,
            self.forced,
            self.guesses,
            self.dead_ends,
            self.solutions,
            self.max_depth
        )
    }
}

/// A solver to reuse: it keeps its buffers between calls, so a loop over many boards
/// allocates nothing in the engine once warm, and `.stats` tells what the last call cost.
/// One solver serves one thread at a time (use one per thread, or `solve_many`).
///
/// >>> solver = Solver()
/// >>> solver.solve("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..")
/// '812753649943682175675491283154237896369845721287169534521974368438526917796318452'
/// >>> solver.stats.guesses > 0
/// True
/// >>> solver.count("." * 16), solver.verdict("." * 16), solver.is_unique("." * 16)
/// (288, 'multiple', False)
///
/// `threads` (1 by default) is how many threads a count of a variant puzzle may search
/// on: once the search has run 3,000 nodes it hands its untried branches to the others,
/// so a long count (a setter's draft, a proof of uniqueness) takes less time on several
/// cores, and a short one never starts them. The count is the same on any number.
///
/// >>> Solver(threads=2).count("." * 81, limit=1000, rules="anti-knight")
/// 1000
/// >>> Solver(threads=0)
/// Traceback (most recent call last):
///   ...
/// ValueError: threads must be at least 1, got 0
#[pyclass(module = "sudoku_dlx")]
#[derive(Default)]
pub struct Solver {
    inner: PuzzleSolver,
}

#[pymethods]
impl Solver {
    #[new]
    #[pyo3(signature = (*, threads = 1))]
    fn new(threads: i64) -> PyResult<Solver> {
        if threads < 1 {
            return Err(PyValueError::new_err(format!(
                "threads must be at least 1, got {threads}"
            )));
        }
        let mut solver = Solver::default();
        solver.inner.set_threads(threads.min(256) as usize);
        Ok(solver)
    }

    /// The first solution, in the board's form, or None (see `sudoku_dlx.solve`, also for
    /// variants).
    #[pyo3(signature = (board, *, r#box = None, rules = None, regions = None))]
    fn solve<'py>(
        &mut self,
        py: Python<'py>,
        board: &Bound<'py, PyAny>,
        r#box: Option<(usize, usize)>,
        rules: Option<&Bound<'py, PyAny>>,
        regions: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        let (puzzle, form) = read_puzzle(py, board, r#box, rules, regions)?;
        let engines = &mut self.inner;
        let solution = one_board(py, &puzzle, || engines.solve(&puzzle))?;
        solution.map(|grid| form.to_python(py, &grid)).transpose()
    }

    /// The number of solutions, at most `limit` (see `sudoku_dlx.count`).
    #[pyo3(signature = (board, limit = None, *, r#box = None, rules = None, regions = None))]
    fn count<'py>(
        &mut self,
        py: Python<'py>,
        board: &Bound<'py, PyAny>,
        limit: Option<i128>,
        r#box: Option<(usize, usize)>,
        rules: Option<&Bound<'py, PyAny>>,
        regions: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<u128> {
        let cap = cap_of(limit)?;
        let (puzzle, _) = read_puzzle(py, board, r#box, rules, regions)?;
        let engines = &mut self.inner;
        let (count, interrupted) = detached(py, || count_checking_signals(engines, &puzzle, cap))?;
        match interrupted {
            Some(error) => Err(error),
            None => Ok(count.solutions),
        }
    }

    /// True when the board has exactly one solution.
    #[pyo3(signature = (board, *, r#box = None, rules = None, regions = None))]
    fn is_unique<'py>(
        &mut self,
        py: Python<'py>,
        board: &Bound<'py, PyAny>,
        r#box: Option<(usize, usize)>,
        rules: Option<&Bound<'py, PyAny>>,
        regions: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<bool> {
        let (puzzle, _) = read_puzzle(py, board, r#box, rules, regions)?;
        let engines = &mut self.inner;
        one_board(py, &puzzle, || engines.is_unique(&puzzle))
    }

    /// "unique", "multiple" or "none".
    #[pyo3(signature = (board, *, r#box = None, rules = None, regions = None))]
    fn verdict<'py>(
        &mut self,
        py: Python<'py>,
        board: &Bound<'py, PyAny>,
        r#box: Option<(usize, usize)>,
        rules: Option<&Bound<'py, PyAny>>,
        regions: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<&'static str> {
        let (puzzle, _) = read_puzzle(py, board, r#box, rules, regions)?;
        let engines = &mut self.inner;
        one_board(py, &puzzle, || engines.verdict(&puzzle).name())
    }

    /// What the last call cost.
    #[getter]
    fn stats(&self) -> Stats {
        Stats::from(self.inner.stats())
    }

    fn __repr__(&self) -> String {
        format!(
            "<sudoku_dlx.Solver, last call: {}>",
            self.stats().__repr__()
        )
    }
}

/// The engine's cap for Python's `limit`: None for no limit, a ValueError when negative.
pub fn cap_of(limit: Option<i128>) -> PyResult<Option<u128>> {
    match limit {
        Some(limit) if limit < 0 => Err(PyValueError::new_err(format!(
            "limit must be 0 or more, not {limit}"
        ))),
        limit => Ok(limit.map(|limit| limit as u128)),
    }
}
