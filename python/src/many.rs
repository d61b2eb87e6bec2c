//! `solve_many`: a batch solved on all cores with the GIL released, answers in input order,
//! one bad board either named in a `ValueError` or returned in its place.

use crate::board::{self, Form};
use crate::error::{catch_panic, BoardError};
use crate::puzzle;
use crate::single::{read_line_rules, with_engines};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyList;
use rayon::prelude::*;
use sudoku_dlx::{Answerer, Grid, Puzzle};

/// Solves every board of `boards` (any iterable; each board in any form) in parallel and
/// returns a list of the answers in input order, each in its board's form, None where a
/// board has no solution.
///
/// `jobs` is the number of threads (default: one per core); the answers are the same for
/// any number. A bad board raises `InvalidBoard` naming the board and the position, before
/// anything is solved (in the message boards count from 1, as rows and columns do; the
/// error's `index` is the board's Python index, from 0); with `errors="return"` the `InvalidBoard` takes the board's place in
/// the list instead, and the rest are solved.
///
/// Variants are solved as `solve` reads them: f-puzzles documents (JSON strings or dicts)
/// among the boards, and `rules=` and `regions=` applied to every board in the other forms.
///
/// >>> solve_many(["." * 16, "1...2...4......3"], jobs=2)
/// ['1234341221434321', None]
/// >>> solve_many(["." * 16, "1x" + "." * 14])
/// Traceback (most recent call last):
///   ...
/// sudoku_dlx.InvalidBoard: board 2: line 1, column 2: bad character 'x'
/// >>> answers = solve_many(["1x" + "." * 14, "." * 16], errors="return")
/// >>> answers[0].column, answers[0].reason, answers[1]
/// (2, "bad character 'x'", '1234341221434321')
#[pyfunction]
#[pyo3(signature = (boards, jobs = None, *, errors = "raise", r#box = None, rules = None, regions = None))]
pub fn solve_many<'py>(
    py: Python<'py>,
    boards: &Bound<'py, PyAny>,
    jobs: Option<usize>,
    errors: &str,
    r#box: Option<(usize, usize)>,
    rules: Option<&Bound<'py, PyAny>>,
    regions: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyList>> {
    let return_errors = match errors {
        "raise" => false,
        "return" => true,
        other => {
            return Err(PyValueError::new_err(format!(
                "errors must be \"raise\" or \"return\", not {other:?}"
            )))
        }
    };
    if jobs == Some(0) {
        return Err(PyValueError::new_err("jobs must be 1 or more"));
    }
    let shape = board::shape_arg(r#box).map_err(|error| error.to_python(py, None))?;
    let line_rules = read_line_rules(py, rules, regions)?;
    let mut puzzles: Vec<Option<Puzzle>> = Vec::new();
    let mut forms: Vec<Result<Form, BoardError>> = Vec::new();
    for (index, item) in boards.try_iter()?.enumerate() {
        match puzzle::read(&item?, shape, &line_rules) {
            Ok((puzzle, form)) => {
                puzzles.push(Some(puzzle));
                forms.push(Ok(form));
            }
            Err(error) if return_errors => {
                puzzles.push(None);
                forms.push(Err(error));
            }
            Err(error) => return Err(error.to_python(py, Some(index))),
        }
    }
    let solutions = py.detach(|| {
        catch_panic(|| {
            let solve_all = || -> Vec<Option<Grid>> {
                puzzles
                    .par_iter()
                    .map(|puzzle| {
                        puzzle
                            .as_ref()
                            .and_then(|puzzle| with_engines(|engines| engines.solve(puzzle)))
                    })
                    .collect()
            };
            match jobs {
                None => Ok(solve_all()),
                Some(jobs) => rayon::ThreadPoolBuilder::new()
                    .num_threads(jobs)
                    .build()
                    .map(|pool| pool.install(solve_all))
                    .map_err(|error| {
                        PyRuntimeError::new_err(format!("cannot start threads: {error}"))
                    }),
            }
        })
    })?;
    let answers = PyList::empty(py);
    for (index, (form, solution)) in forms.iter().zip(solutions).enumerate() {
        let answer = match (form, solution) {
            (Ok(form), Some(solution)) => form.to_python(py, &solution)?,
            (Ok(_), None) => py.None().into_bound(py),
            (Err(error), _) => error
                .to_python(py, Some(index))
                .into_value(py)
                .into_any()
                .into_bound(py),
        };
        answers.append(answer)?;
    }
    Ok(answers)
}
