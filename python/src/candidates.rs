//! `candidates`: the true candidates of a board, as the engine's
//! [`Answerer::candidates`](sudoku_dlx::Answerer::candidates) finds them.

use crate::single::{detached, no_signal, read_puzzle, with_engines};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use sudoku_dlx::{Answerer, TrueCandidates};

/// How many progress calls of the engine pass between two looks at Ctrl-C.
const SIGNAL_EVERY: u32 = 1024;

/// The true candidates of `board`: for each cell, the digits that at least one solution
/// places there, as rows of lists of digits (every list empty when the board has no
/// solution). With `limit`, each cell is a dict instead, from each candidate to the number of
/// solutions that place it, counted up to `limit`. Far cheaper than counting every solution;
/// Ctrl-C stops a long search.
///
/// >>> candidates("12343412........")[2]
/// [[2, 4], [1, 3], [2, 4], [1, 3]]
/// >>> candidates("12343412........", limit=3)[2][0]
/// {2: 2, 4: 2}
/// >>> candidates("12........3...4.")[0]
/// [[], [], [], []]
/// >>> candidates("." * 16, rules="x")[0][0]
/// [1, 2, 3, 4]
#[pyfunction]
#[pyo3(signature = (board, limit = None, *, r#box = None, rules = None, regions = None))]
pub fn candidates<'py>(
    py: Python<'py>,
    board: &Bound<'py, PyAny>,
    limit: Option<u64>,
    r#box: Option<(usize, usize)>,
    rules: Option<&Bound<'py, PyAny>>,
    regions: Option<&Bound<'py, PyAny>>,
) -> PyResult<Vec<Vec<Py<PyAny>>>> {
    if limit == Some(0) {
        return Err(pyo3::exceptions::PyValueError::new_err(
            "limit must be 1 or more",
        ));
    }
    let (puzzle, _) = read_puzzle(py, board, r#box, rules, regions)?;
    let (found, interrupted) = detached(py, || {
        with_engines(|engines| {
            let mut interrupted = None;
            let mut calls = 0u32;
            let found = engines.candidates_while(&puzzle, limit, |_, _| {
                calls += 1;
                calls % SIGNAL_EVERY != 0 || no_signal(&mut interrupted)
            });
            (found, interrupted)
        })
    })?;
    if let Some(error) = interrupted {
        return Err(error);
    }
    rows(py, &found)
}

/// The candidates as rows of cells, each a list of digits, or with counts a dict.
fn rows(py: Python<'_>, found: &TrueCandidates) -> PyResult<Vec<Vec<Py<PyAny>>>> {
    let n = found.shape().size();
    (0..n)
        .map(|row| {
            (row * n..(row + 1) * n)
                .map(|cell| -> PyResult<Py<PyAny>> {
                    if found.cap().is_none() {
                        // As ints: a list of u8 would become bytes.
                        let digits: Vec<u32> = found.digits(cell).map(u32::from).collect();
                        return Ok(digits.into_pyobject(py)?.into_any().unbind());
                    }
                    let counts = PyDict::new(py);
                    for digit in found.digits(cell) {
                        counts.set_item(digit, found.count(cell, digit).unwrap_or(0))?;
                    }
                    Ok(counts.into_any().unbind())
                })
                .collect()
        })
        .collect()
}
