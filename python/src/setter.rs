//! The setter's tools, as the command line has them: generate, rate, witness, redundant.

use crate::board::Form;
use crate::single::{detached, read_puzzle, with_engines};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use rayon::prelude::*;
use std::hash::{BuildHasher, RandomState};
use sudoku_dlx::setter::{Difficulty, GenerateOptions, Generator, Given, Symmetry};
use sudoku_dlx::{Answerer, Cell, Shape};

/// New puzzles with exactly one solution, as strings in the line notation, made in
/// parallel. The same `seed` and options give the same puzzles on every run.
///
/// `minimal`: removing any given breaks uniqueness. `symmetry`: none, rot180, rot90,
/// mirror, flip, diagonal, antidiagonal, mirror-flip, diagonals or full. `difficulty`:
/// easy, medium, hard, expert or extreme (the scale of `rate`). `box=(rows, cols)`: the box
/// shape, (3, 3) by default.
///
/// >>> puzzles = generate(2, symmetry="rot180", seed=7)
/// >>> len(puzzles), all(is_unique(p) for p in puzzles)
/// (2, True)
/// >>> generate(seed=7, box=(2, 2)) == generate(seed=7, box=(2, 2))
/// True
#[pyfunction]
#[pyo3(signature = (count = 1, *, minimal = true, symmetry = None, seed = None, r#box = None, difficulty = None))]
pub fn generate(
    py: Python<'_>,
    count: u64,
    minimal: bool,
    symmetry: Option<&str>,
    seed: Option<u64>,
    r#box: Option<(usize, usize)>,
    difficulty: Option<&str>,
) -> PyResult<Vec<String>> {
    let value_error = |error: &dyn std::fmt::Display| PyValueError::new_err(error.to_string());
    let shape = match r#box {
        Some((rows, cols)) => Shape::new(rows, cols).map_err(|e| value_error(&e))?,
        None => Shape::CLASSIC,
    };
    let mut options = GenerateOptions::new(shape);
    options.minimal = minimal;
    if let Some(name) = symmetry {
        options.symmetry = name.parse::<Symmetry>().map_err(|e| value_error(&e))?;
    }
    if let Some(name) = difficulty {
        options.difficulty = Some(name.parse::<Difficulty>().map_err(|e| value_error(&e))?);
    }
    let seed = seed.unwrap_or_else(|| RandomState::new().hash_one(0u8));
    let made = detached(py, || {
        (0..count)
            .into_par_iter()
            .map_init(
                || Generator::new(options),
                |generator, index| generator.generate(seed, index),
            )
            .collect::<Result<Vec<_>, _>>()
    })?;
    let made = made.map_err(|error| PyRuntimeError::new_err(error.to_string()))?;
    Ok(made.iter().map(|made| made.puzzle.to_string()).collect())
}

/// How hard a puzzle is, on the scale of `sudoku-dlx rate`.
#[pyclass(module = "sudoku_dlx", frozen, get_all)]
#[derive(Clone, Debug)]
pub struct Rating {
    /// easy, medium, hard, expert or extreme: from the human solving path of a classic
    /// puzzle of side 9 or less, else from the logic pass and the guesses.
    pub level: &'static str,
    /// The technique of the human path that decides the level (the name `explain` prints),
    /// or None for variants and grids of side over 9.
    pub hardest: Option<&'static str>,
    /// The strongest step needed: naked-singles, hidden-singles, locked-candidates, search.
    pub technique: &'static str,
    /// The median number of guesses over fixed search orders (0 without search).
    pub guesses: f64,
    /// One number that orders puzzles (1 to 3 for logic, 4 + log2(guesses) with search).
    pub score: f64,
}

#[pymethods]
impl Rating {
    fn __repr__(&self) -> String {
        format!(
            "Rating(level={:?}, hardest={}, technique={:?}, guesses={}, score={:.2})",
            self.level,
            self.hardest
                .map_or("None".to_string(), |name| format!("{name:?}")),
            self.technique,
            self.guesses,
            self.score
        )
    }
}

/// The rating of a puzzle with exactly one solution (a ValueError otherwise), as `sudoku-dlx
/// rate` gives it. Variant puzzles (an f-puzzles document, or `rules=` and `regions=`) are
/// rated the same way, the logic levels seeing their regions, diagonals and bans; their
/// guesses are those of one search (the relabellings of a classic rating would not keep the
/// rules).
///
/// >>> rate("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..")
/// Rating(level="extreme", hardest="dynamic-forcing-chains-plus", technique="search", guesses=163, score=11.35)
/// >>> rate("1...2...4......3")
/// Traceback (most recent call last):
///   ...
/// ValueError: the puzzle has no solution
/// >>> rate("12......3.......", rules="x")
/// Rating(level="easy", hardest=None, technique="naked-singles", guesses=0, score=1.00)
#[pyfunction]
#[pyo3(signature = (board, *, r#box = None, rules = None, regions = None))]
pub fn rate<'py>(
    py: Python<'py>,
    board: &Bound<'py, PyAny>,
    r#box: Option<(usize, usize)>,
    rules: Option<&Bound<'py, PyAny>>,
    regions: Option<&Bound<'py, PyAny>>,
) -> PyResult<Rating> {
    let (puzzle, _) = read_puzzle(py, board, r#box, rules, regions)?;
    let rating = detached(py, || with_engines(|engines| engines.rate(&puzzle)))?;
    let rating = rating.map_err(|error| PyValueError::new_err(error.to_string()))?;
    Ok(Rating {
        level: rating.difficulty.name(),
        hardest: rating.hardest.map(|technique| technique.name()),
        technique: rating.strongest_step.name(),
        guesses: rating.guesses,
        score: rating.score,
    })
}

/// Why a puzzle is not unique: two solutions (in the board's form), the cells where they
/// differ and a given that rules the second out, cells as (row, column) from 1.
#[pyclass(module = "sudoku_dlx", frozen, get_all)]
pub struct Witness {
    /// One solution (the smaller in reading order).
    pub first: Py<PyAny>,
    /// Another solution.
    pub second: Py<PyAny>,
    /// The cells where they differ, as (row, column) from 1.
    pub differing: Vec<(usize, usize)>,
    /// A given to add, as (row, column, digit): the first differing cell with its digit in
    /// `first`.
    pub suggestion: (usize, usize, u8),
}

#[pymethods]
impl Witness {
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "Witness(first={}, second={}, differing={:?}, suggestion={:?})",
            self.first.bind(py).repr()?,
            self.second.bind(py).repr()?,
            self.differing,
            self.suggestion
        ))
    }
}

/// Two solutions of a puzzle that has several, with where they differ; None when the
/// puzzle has one solution or none. Variant puzzles too, as `sudoku-dlx check --witness`
/// answers them.
///
/// >>> w = witness("." * 16)
/// >>> w.first, w.differing[:2], w.suggestion
/// ('1234341221434321', [(2, 1), (2, 2)], (2, 1, 3))
/// >>> witness("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......") is None
/// True
/// >>> witness("." * 16, rules="x").second
/// '1243431234212134'
#[pyfunction]
#[pyo3(signature = (board, *, r#box = None, rules = None, regions = None))]
pub fn witness<'py>(
    py: Python<'py>,
    board: &Bound<'py, PyAny>,
    r#box: Option<(usize, usize)>,
    rules: Option<&Bound<'py, PyAny>>,
    regions: Option<&Bound<'py, PyAny>>,
) -> PyResult<Option<Witness>> {
    let (puzzle, form) = read_puzzle(py, board, r#box, rules, regions)?;
    let found = detached(py, || with_engines(|engines| engines.witness(&puzzle)))?;
    found
        .map(|found| {
            Ok(Witness {
                first: form.to_python(py, &found.first)?.unbind(),
                second: Form::clone_ref(&form, py)
                    .to_python(py, &found.second)?
                    .unbind(),
                differing: found.differing.iter().copied().map(cell_pair).collect(),
                suggestion: given_triple(found.suggestion),
            })
        })
        .transpose()
}

/// The givens that can each be removed alone while the puzzle keeps its one solution, as
/// (row, column, digit) from 1; empty when the puzzle is minimal. A ValueError when the
/// puzzle does not have exactly one solution. For a variant puzzle the rules always stay:
/// only givens go.
///
/// >>> redundant("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
/// []
/// >>> redundant("1234341221434321")[:2]
/// [(1, 1, 1), (1, 2, 2)]
/// >>> redundant("1....31...2....4", rules="x")
/// [(1, 1, 1), (2, 2, 3), (3, 3, 2), (4, 4, 4)]
#[pyfunction]
#[pyo3(signature = (board, *, r#box = None, rules = None, regions = None))]
pub fn redundant<'py>(
    py: Python<'py>,
    board: &Bound<'py, PyAny>,
    r#box: Option<(usize, usize)>,
    rules: Option<&Bound<'py, PyAny>>,
    regions: Option<&Bound<'py, PyAny>>,
) -> PyResult<Vec<(usize, usize, u8)>> {
    let (puzzle, _) = read_puzzle(py, board, r#box, rules, regions)?;
    let givens = detached(py, || {
        with_engines(|engines| engines.redundant_givens(&puzzle))
    })?;
    givens
        .map(|givens| givens.into_iter().map(given_triple).collect())
        .map_err(|error| PyValueError::new_err(error.to_string()))
}

/// A cell as (row, column) from 1.
fn cell_pair(cell: Cell) -> (usize, usize) {
    (cell.row + 1, cell.col + 1)
}

/// A given as (row, column, digit), row and column from 1.
fn given_triple(given: Given) -> (usize, usize, u8) {
    let (row, column) = cell_pair(given.cell);
    (row, column, given.digit)
}
