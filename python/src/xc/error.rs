//! `sudoku_dlx.xc.InvalidProblem`: a problem that cannot be read or built, with where and
//! why as attributes, from the engine's errors (the reader's [`FormatError`] at a line and
//! column, [`NamesError`] at a place in the lists of names, [`BuildError`] for a problem
//! too large).

use crate::error::with_attributes;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::IntoPyObjectExt;
use sudoku_dlx::exact_cover::knuth_format::{FormatError, Reason};
use sudoku_dlx::exact_cover::names::NamesError;
use sudoku_dlx::exact_cover::BuildError;

pyo3::create_exception!(
    sudoku_dlx.xc,
    InvalidProblem,
    PyValueError,
    "An exact-cover problem that cannot be read or built: its message says where and why, \
     and the attributes `line` and `column` (in a text read by `read_knuth`, from 1, or \
     None), `path` (where in the lists given to `Problem`, such as `options[3][1]`, or \
     None), `option` (that option's index, from 0, or None), `item` (the item name at \
     fault, or None) and `reason` (the message without the position)."
);

/// Why a problem could not be made, with its place.
pub enum ProblemError {
    /// Read from Knuth's format.
    Format(FormatError),
    /// Built from lists of names.
    Names(NamesError),
    /// Too large for the engine.
    Build(BuildError),
}

impl ProblemError {
    /// The item name the reason is about, if any.
    fn item(&self) -> Option<&str> {
        let reason = match self {
            ProblemError::Format(error) => &error.reason,
            ProblemError::Names(error) => &error.reason,
            ProblemError::Build(_) => return None,
        };
        match reason {
            Reason::BadItemName(name)
            | Reason::BadMultiplicity(name)
            | Reason::ZeroMultiplicity(name)
            | Reason::ReversedMultiplicity(name)
            | Reason::SecondaryMultiplicity(name)
            | Reason::DuplicateItem(name)
            | Reason::UnknownItem(name)
            | Reason::RepeatedItem(name)
            | Reason::ColoredPrimary(name)
            | Reason::EmptyColor(name) => Some(name),
            _ => None,
        }
    }

    /// The Python exception.
    pub fn to_python(&self, py: Python<'_>) -> PyErr {
        let (message, reason) = match self {
            ProblemError::Format(error) => (
                format!(
                    "line {}, column {}: {}",
                    error.line, error.column, error.reason
                ),
                error.reason.to_string(),
            ),
            ProblemError::Names(error) => (error.to_string(), error.reason.to_string()),
            ProblemError::Build(error) => (error.to_string(), error.to_string()),
        };
        let (line, column) = match self {
            ProblemError::Format(error) => (Some(error.line), Some(error.column)),
            _ => (None, None),
        };
        let (path, option) = match self {
            ProblemError::Names(error) => (Some(error.place.to_string()), error.place.option()),
            _ => (None, None),
        };
        let attributes = [
            ("line", line.into_bound_py_any(py)),
            ("column", column.into_bound_py_any(py)),
            ("path", path.into_bound_py_any(py)),
            ("option", option.into_bound_py_any(py)),
            ("item", self.item().into_bound_py_any(py)),
            ("reason", reason.into_bound_py_any(py)),
        ];
        with_attributes(InvalidProblem::new_err(message), attributes)
    }
}
