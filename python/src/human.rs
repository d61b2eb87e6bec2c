//! Human-style logic, as `sudoku-dlx explain` and `hint` give it: the solving path of a
//! puzzle, step by step, and the next step of a grid in progress.

use crate::board;
use crate::single::detached;
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::PyString;
use sudoku_dlx::human::{self, Board, Explainer, PathEnd};
use sudoku_dlx::{Grid, Shape, Solver, Verdict};

/// One step of a solving path: the technique, what it places and eliminates (`"r3c7=5"`,
/// `"r3c7<>4"`), the cells ((row, column) from 1), units and values that justify it, the
/// chain for chains, and its difficulty on Sudoku Explainer's scale.
#[pyclass(module = "sudoku_dlx", frozen, get_all)]
#[derive(Clone, Debug)]
pub struct Step {
    /// The technique's name: hidden-single-box, x-wing, aic, ...
    pub technique: &'static str,
    /// The difficulty on Sudoku Explainer's scale.
    pub difficulty: f64,
    /// The values placed, as "r3c7=5".
    pub placed: Vec<String>,
    /// The candidates eliminated, as "r3c7<>4".
    pub eliminated: Vec<String>,
    /// The cells the reasoning reads, as (row, column) from 1.
    pub cells: Vec<(usize, usize)>,
    /// The units the reasoning reads: "row 3", "column 7", "box 5".
    pub units: Vec<String>,
    /// The values the reasoning is about.
    pub values: Vec<u8>,
    /// For chains, the chain in Eureka notation; None otherwise.
    pub chain: Option<String>,
    /// The step as `sudoku-dlx explain` prints it.
    pub text: String,
}

#[pymethods]
impl Step {
    fn __repr__(&self) -> String {
        format!("Step({:?})", self.text)
    }

    fn __str__(&self) -> String {
        self.text.clone()
    }
}

impl Step {
    fn of(step: &human::Step) -> Step {
        Step {
            technique: step.technique.name(),
            difficulty: (f64::from(step.difficulty) * 10.0).round() / 10.0,
            placed: step
                .placed
                .iter()
                .map(|c| format!("{}={}", c.cell, c.value))
                .collect(),
            eliminated: step
                .eliminated
                .iter()
                .map(|c| format!("{}<>{}", c.cell, c.value))
                .collect(),
            cells: step.cells.iter().map(|c| (c.row + 1, c.col + 1)).collect(),
            units: step.units.iter().map(|u| u.to_string()).collect(),
            values: step.values.clone(),
            chain: step.chain.clone(),
            text: step.to_string(),
        }
    }
}

/// A solving path: its steps (the object is also the list of them: `len`, indexing,
/// iteration), how it ended (`end`: "solved", "stuck" or "contradiction"), its
/// `difficulty` (the hardest step's, Sudoku Explainer's scale), the `hardest` technique,
/// the `solution` when solved, and `stuck`, the pencil marks where logic ran out (or where
/// the contradiction is, in words).
#[pyclass(module = "sudoku_dlx", frozen, get_all)]
#[derive(Clone, Debug)]
pub struct Path {
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// "solved", "stuck" or "contradiction".
    pub end: &'static str,
    /// The hardest step's difficulty (0 for no step).
    pub difficulty: f64,
    /// The hardest step's technique, None for no step.
    pub hardest: Option<&'static str>,
    /// The solution in the line notation, when the path solved the puzzle.
    pub solution: Option<String>,
    /// Where logic ran out (pencil marks, n³ characters) or the contradiction, in words.
    pub stuck: Option<String>,
}

#[pymethods]
impl Path {
    fn __len__(&self) -> usize {
        self.steps.len()
    }

    fn __getitem__(&self, index: isize) -> PyResult<Step> {
        let len = self.steps.len() as isize;
        let at = if index < 0 { index + len } else { index };
        if !(0..len).contains(&at) {
            return Err(PyIndexError::new_err("step index out of range"));
        }
        Ok(self.steps[at as usize].clone())
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        let list = pyo3::types::PyList::new(
            py,
            slf.steps
                .iter()
                .cloned()
                .map(|s| Py::new(py, s))
                .collect::<PyResult<Vec<_>>>()?,
        )?;
        Ok(list.call_method0("__iter__")?.unbind())
    }

    fn __repr__(&self) -> String {
        format!(
            "Path({} steps, end={:?}, difficulty={:.1}, hardest={:?})",
            self.steps.len(),
            self.end,
            self.difficulty,
            self.hardest.unwrap_or("none")
        )
    }
}

/// Reads `board`: a grid (any form, any box shape) or, as a string of n³ characters, pencil
/// marks (per cell one character per digit: the digit, or '.' or '0').
fn read(
    py: Python<'_>,
    board: &Bound<'_, PyAny>,
    shape: Option<(usize, usize)>,
) -> PyResult<(Board, Option<Grid>)> {
    let shape_given = board::shape_arg(shape).map_err(|e| e.to_python(py, None))?;
    if let Ok(text) = board.cast::<PyString>() {
        let text = text.to_cow()?;
        let cells = text.chars().count();
        let side = (1..=35).find(|n| n * n * n >= cells).unwrap_or(0);
        if side * side * side == cells && side >= 4 {
            let shape = match shape_given.or_else(|| Shape::for_size(side)) {
                Some(shape) => shape,
                None => return Err(pyo3::exceptions::PyValueError::new_err(format!("{cells} pencil marks make a {side}x{side} grid with no usual box shape: name it with box="))),
            };
            return match Board::from_marks_text(shape, &text) {
                Some(marks) => Ok((marks, None)),
                None => Err(pyo3::exceptions::PyValueError::new_err(
                    "pencil marks: each cell's k-th character must be the digit k, '.' or '0'",
                )),
            };
        }
    }
    let (grid, _) = board::read(board, shape_given).map_err(|e| e.to_python(py, None))?;
    Ok((Board::new(&grid), Some(grid)))
}

/// The explainer for a board: uniqueness techniques only when allowed and the board (the
/// grid, or the placed values with every candidate the marks leave out excluded) has one
/// solution.
fn explainer(start: &Board, grid: Option<&Grid>, uniqueness: bool) -> Explainer {
    let unique = match grid {
        Some(g) => matches!(Solver::new().verdict(g), Verdict::Unique(_)),
        None => start.has_one_solution(),
    };
    // Nested chains take seconds a step: not where logic must stop anyway.
    Explainer::new()
        .uniqueness(uniqueness && unique)
        .nested(unique)
}

/// The solving path of a puzzle, as `sudoku-dlx explain` gives it: at each point the easiest
/// technique that applies. `board` is a grid in any form, or a string of pencil marks
/// (729 characters for 9x9, as Sudoku Explainer writes them). The uniqueness techniques
/// (unique rectangles, BUG+1) are used only on a grid with one solution, and never with
/// `uniqueness=False`.
///
/// >>> path = explain("3.7.4...........918........4.....7.....16.......25..........38..9....5...2.6.....")
/// >>> path.end, path.difficulty, path.hardest, len(path)
/// ('solved', 3.4, 'hidden-pair', 78)
/// >>> path[0]
/// Step("hidden-single-box: r3c3=9 (box 1)")
/// >>> path[0].placed, path[0].units
/// (['r3c3=9'], ['box 1'])
#[pyfunction]
#[pyo3(signature = (board, *, r#box = None, uniqueness = true))]
pub fn explain(
    py: Python<'_>,
    board: &Bound<'_, PyAny>,
    r#box: Option<(usize, usize)>,
    uniqueness: bool,
) -> PyResult<Path> {
    let (start, grid) = read(py, board, r#box)?;
    let path = detached(py, || {
        explainer(&start, grid.as_ref(), uniqueness).explain_board(start.clone())
    })?;
    let hardest = path.hardest().map(|s| s.technique.name());
    let (end, solution, stuck) = match &path.end {
        PathEnd::Solved(grid) => ("solved", Some(grid.to_string()), None),
        PathEnd::Stuck(board) => ("stuck", None, Some(board.marks_text())),
        PathEnd::Contradiction(why) => ("contradiction", None, Some(why.clone())),
    };
    Ok(Path {
        steps: path.steps.iter().map(Step::of).collect(),
        end,
        difficulty: (f64::from(path.difficulty()) * 10.0).round() / 10.0,
        hardest,
        solution,
        stuck,
    })
}

/// The next step of a grid in progress (or of pencil marks), as `sudoku-dlx hint` gives
/// it: the easiest technique that applies; None when the grid is full or logic runs out.
/// A ValueError for a grid that contradicts itself, saying where.
///
/// >>> hint("12.. .... ..3. ...4")
/// Step("hidden-single-line: r1c4=3 (row 1)")
/// >>> hint("1234341221434321") is None
/// True
#[pyfunction]
#[pyo3(signature = (board, *, r#box = None, uniqueness = true))]
pub fn hint(
    py: Python<'_>,
    board: &Bound<'_, PyAny>,
    r#box: Option<(usize, usize)>,
    uniqueness: bool,
) -> PyResult<Option<Step>> {
    let (start, grid) = read(py, board, r#box)?;
    if let Some(why) = start.contradiction_text() {
        return Err(pyo3::exceptions::PyValueError::new_err(format!(
            "the grid contradicts itself: {why}"
        )));
    }
    let step = detached(py, || {
        explainer(&start, grid.as_ref(), uniqueness).hint(&start)
    })?;
    Ok(step.as_ref().map(Step::of))
}
