//! `sudoku_dlx.xc.Solutions`: the lazy stream of a problem's solutions. It owns its search,
//! so each `next()` resumes where the last one stopped and dropping the iterator ends it.

use super::search::Search;
use crate::error::catch_panic;
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use std::sync::Mutex;

/// An iterator over the solutions of a problem, found as they are asked for; made by
/// `Problem.solutions()`. Each solution is a list of option indices in increasing order.
#[pyclass(module = "sudoku_dlx.xc")]
pub struct Solutions {
    search: Mutex<Search>,
    /// Solutions given so far, and whether the search is over.
    found: Mutex<(u64, bool)>,
}

#[pymethods]
impl Solutions {
    fn __iter__(this: PyRef<'_, Self>) -> PyRef<'_, Self> {
        this
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Vec<usize>>> {
        let mut search = self.search.try_lock().map_err(|_| {
            PyRuntimeError::new_err("a solutions iterator was advanced from two threads at once")
        })?;
        let next = catch_panic(|| search.next(py))?;
        if let Ok(mut found) = self.found.lock() {
            match next {
                Some(_) => found.0 += 1,
                None => found.1 = true,
            }
        }
        Ok(next)
    }

    fn __repr__(&self) -> String {
        let (found, over) = self.found.lock().map_or((0, false), |found| *found);
        let plural = if found == 1 { "" } else { "s" };
        let progress = if over {
            "the search is over"
        } else {
            "more may follow"
        };
        format!("<sudoku_dlx.xc.Solutions: {found} solution{plural} given, {progress}>")
    }
}

impl Solutions {
    /// The solutions `search` finds, from the top.
    pub fn new(search: Search) -> Solutions {
        Solutions {
            search: Mutex::new(search),
            found: Mutex::new((0, false)),
        }
    }
}
