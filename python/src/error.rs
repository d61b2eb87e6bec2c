//! Errors as Python sees them: a bad board is a `BoardError` (a `ValueError`) that says
//! where and why, with the position as attributes; a Rust panic is an `InternalError` (a
//! `RuntimeError`), never a crash and never a `BaseException` that `except Exception` misses.

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::IntoPyObjectExt;
use std::fmt;
use std::panic::{self, AssertUnwindSafe};
use sudoku_dlx::sudoku::{Clash, ParseErrorKind, ShapeError};
use sudoku_dlx::variant::fpuzzles::{FpuzzlesError, FpuzzlesWarning};
use sudoku_dlx::variant::RuleName;
use sudoku_dlx::variant::VariantError;
use sudoku_dlx::{ParseError, Shape};

pyo3::create_exception!(
    sudoku_dlx,
    InvalidBoard,
    PyValueError,
    "A board that cannot be read: its message says where and why, and the attributes \
     `index` (the board's Python index in `solve_many`, from 0, else None; the message counts boards from 1, as it counts rows and columns), `row` and `column` (the cell, \
     from 1, or None), `line` (the line of a string board or of an f-puzzles JSON text, \
     from 1, or None), `path` (where in an f-puzzles document, such as \
     `killercage[0].cells[1]`, or None), `reason`, and for two equal digits in a unit \
     `digit` and `cells` (two (row, column) pairs from 1)."
);

pyo3::create_exception!(
    sudoku_dlx,
    InternalError,
    PyRuntimeError,
    "A bug in sudoku-dlx caught at the boundary (a Rust panic): please report it with the \
     board that caused it."
);

/// Why a board could not be read.
#[derive(Clone, Debug)]
pub enum BoardError {
    /// A string's text was read by the engine's parser.
    Parse(ParseError),
    /// A string that is not valid Unicode (lone surrogates).
    NotText,
    /// Not a string, a sequence of rows, or a 2-D array.
    NotABoard(String),
    /// An array with other than two dimensions.
    Dimensions(usize),
    /// A row that is not a list or tuple.
    NotARow {
        /// The row, from 1.
        row: usize,
        /// Its type's name.
        found: String,
    },
    /// Rows of the wrong number for the named box shape.
    RowCount {
        /// Rows given.
        found: usize,
        /// Rows the shape has.
        expected: usize,
    },
    /// Rows of ints whose first row has another number of cells than there are rows.
    NotSquare {
        /// Rows given.
        rows: usize,
        /// Cells in the first row.
        cells: usize,
    },
    /// A side with no usual box shape (prime, below 4, above 35).
    NoUsualShape(usize),
    /// A row with the wrong number of cells.
    RowLength {
        /// The row, from 1.
        row: usize,
        /// Cells in it.
        found: usize,
        /// Cells expected (the number of rows).
        expected: usize,
    },
    /// A cell that is not an int.
    NotAnInt {
        /// Row and column, from 1.
        at: (usize, usize),
        /// Its type's name.
        found: String,
    },
    /// A cell outside 0 to the side.
    OutOfRange {
        /// Row and column, from 1.
        at: (usize, usize),
        /// The value given, as Python writes it.
        value: String,
        /// The side of the grid.
        size: usize,
    },
    /// Two equal digits in one unit.
    Clash(Clash),
    /// A box shape that is not one.
    Shape(ShapeError),
    /// A list that became shorter while it was read (by code run to convert a cell).
    Changed,
    /// An f-puzzles document that could not be read.
    Fpuzzles(FpuzzlesError),
    /// A dict that Python's json module cannot write (its message).
    NotJson(String),
    /// `box=`, `rules=` or `regions=` beside an f-puzzles document, which has its own.
    ArgumentsWithDocument,
    /// A `rules=` name that is no rule.
    UnknownRule(String),
    /// `rules=` that is neither a string nor a list of strings (its type).
    NotRules(String),
    /// `regions=` that is neither a string nor rows of ints (its type).
    NotRegions(String),
    /// A board whose `rules=` or `regions=` do not make a variant puzzle.
    Rules(VariantError),
    /// A warning of an f-puzzles document that Python's warnings filter made an error
    /// (`warnings.simplefilter("error")`).
    Warned(FpuzzlesWarning),
}

impl BoardError {
    /// The cell the error is about, from 1.
    fn cell(&self) -> Option<(usize, usize)> {
        match self {
            BoardError::NotAnInt { at, .. } | BoardError::OutOfRange { at, .. } => Some(*at),
            BoardError::Clash(clash)
            | BoardError::Parse(ParseError {
                kind: ParseErrorKind::Clash(clash),
                ..
            }) => Some((clash.second.row + 1, clash.second.col + 1)),
            BoardError::Rules(error) | BoardError::Fpuzzles(FpuzzlesError::Rule { error, .. }) => {
                match error {
                    VariantError::RepeatedCell { cell, .. } => Some((cell.row + 1, cell.col + 1)),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// Where in an f-puzzles document the error is (`killercage[0].cells[1]`).
    fn path(&self) -> Option<&str> {
        match self {
            BoardError::Fpuzzles(FpuzzlesError::Field { path, .. })
            | BoardError::Fpuzzles(FpuzzlesError::Rule {
                path: Some(path), ..
            }) => Some(path),
            BoardError::Warned(warning) => Some(warning.path()),
            _ => None,
        }
    }

    /// The reason alone, without the position.
    fn reason(&self) -> String {
        match self {
            BoardError::Parse(error) => error.kind.to_string(),
            BoardError::NotText => "the string is not valid Unicode".to_string(),
            BoardError::NotABoard(found) => format!(
                "a board is a string, a list of rows of ints, a 2-D numpy array or an f-puzzles \
                 document (a JSON string or a dict), not {found}"
            ),
            BoardError::Dimensions(dims) => {
                format!("an array board has 2 dimensions, not {dims}")
            }
            BoardError::NotARow { found, .. } => {
                format!("a row is a list or tuple of ints, not {found}")
            }
            BoardError::RowCount { found, expected } => {
                format!("{found} rows, but the box shape makes {expected}")
            }
            BoardError::NotSquare { rows, cells } => format!(
                "the board has {rows} rows but row 1 has {cells} cells: a board is square, as \
                 many cells in each row as rows; {}",
                valid_sides()
            ),
            BoardError::NoUsualShape(size) => format!(
                "{size} rows make a {size}x{size} grid with no usual box shape: name it with box=(rows, cols)"
            ),
            BoardError::RowLength {
                found, expected, ..
            } => format!("{found} cells, expected {expected}"),
            BoardError::NotAnInt { found, .. } => format!("a cell is an int, not {found}"),
            BoardError::OutOfRange { value, size, .. } => {
                format!("{value} is out of range for a {size}x{size} grid (0 to {size})")
            }
            BoardError::Clash(clash) => format!("clashing givens: {clash}"),
            BoardError::Shape(error) => error.to_string(),
            BoardError::Changed => "the board changed while it was read".to_string(),
            BoardError::Fpuzzles(FpuzzlesError::Json { message, .. }) => {
                format!("broken JSON: {message}")
            }
            BoardError::Fpuzzles(
                FpuzzlesError::Field { problem, .. }
                | FpuzzlesError::ConstraintString { problem, .. },
            ) => problem.clone(),
            BoardError::Fpuzzles(FpuzzlesError::Rule { error, .. }) => error.to_string(),
            BoardError::Fpuzzles(error) => error.to_string(),
            BoardError::NotJson(message) => {
                format!("the dict cannot be written as JSON: {message}")
            }
            BoardError::ArgumentsWithDocument => "an f-puzzles document has its own size and \
                rules: box=, rules= and regions= are for boards in the other forms"
                .to_string(),
            BoardError::UnknownRule(name) => format!(
                "unknown rule {name:?}: the rules are {}",
                RuleName::ALL.map(RuleName::name).join(", ")
            ),
            BoardError::NotRules(found) => {
                format!("rules= is a string of names separated by commas or a list of names, not {found}")
            }
            BoardError::NotRegions(found) => format!(
                "regions= is a string with one character per cell or rows of ints, not {found}"
            ),
            BoardError::Rules(error) => error.to_string(),
            BoardError::Warned(warning) => {
                let text = warning.to_string();
                let what = text
                    .strip_prefix(warning.path())
                    .and_then(|rest| rest.strip_prefix(": "))
                    .unwrap_or(&text);
                format!("{what}; the warnings filter makes this warning an error")
            }
        }
    }

    /// The Python exception, with `index` when the board is one of many.
    pub fn to_python(&self, py: Python<'_>, index: Option<usize>) -> PyErr {
        let error = InvalidBoard::new_err(self.message(index));
        let line = match self {
            BoardError::Parse(error) => Some(error.line),
            BoardError::Fpuzzles(FpuzzlesError::Json { line, .. }) => Some(*line),
            _ => None,
        };
        let (row, column) = match (self.cell(), self) {
            (
                None,
                BoardError::Fpuzzles(
                    FpuzzlesError::Json { column, .. }
                    | FpuzzlesError::ConstraintString { column, .. },
                ),
            ) => (None, Some(*column)),
            (Some((row, column)), _) => (Some(row), Some(column)),
            (None, BoardError::RowLength { row, .. } | BoardError::NotARow { row, .. }) => {
                (Some(*row), None)
            }
            (None, BoardError::NotSquare { .. }) => (Some(1), None),
            (None, BoardError::Parse(error)) => (None, Some(error.column)),
            _ => (None, None),
        };
        let clash = match self {
            BoardError::Clash(clash)
            | BoardError::Parse(ParseError {
                kind: ParseErrorKind::Clash(clash),
                ..
            }) => Some(clash),
            _ => None,
        };
        let digit = clash.map(|clash| clash.digit);
        let cells =
            clash.map(|clash| [clash.first, clash.second].map(|cell| (cell.row + 1, cell.col + 1)));
        let attributes = [
            ("index", index.into_bound_py_any(py)),
            ("row", row.into_bound_py_any(py)),
            ("column", column.into_bound_py_any(py)),
            ("line", line.into_bound_py_any(py)),
            ("reason", self.reason().into_bound_py_any(py)),
            ("digit", digit.into_bound_py_any(py)),
            ("cells", cells.into_bound_py_any(py)),
            ("path", self.path().into_bound_py_any(py)),
        ];
        with_attributes(error, attributes)
    }

    /// `board 3: row 2, column 5: reason`, each part when known.
    fn message(&self, index: Option<usize>) -> String {
        let mut message = String::new();
        // Boards count from 1 in messages, as rows, columns and lines do (`index`, the
        // attribute, is the Python index, from 0).
        if let Some(index) = index {
            message.push_str(&format!("board {}: ", index + 1));
        }
        match self {
            BoardError::Parse(error) if self.cell().is_none() => {
                message.push_str(&format!("line {}, column {}: ", error.line, error.column));
            }
            BoardError::Fpuzzles(FpuzzlesError::Json { line, column, .. }) => {
                message.push_str(&format!("line {line}, column {column}: "));
            }
            BoardError::Fpuzzles(FpuzzlesError::ConstraintString { column, .. }) => {
                message.push_str(&format!("column {column}: "));
            }
            _ if self.path().is_some() => {
                message.push_str(self.path().unwrap_or_default());
                message.push_str(": ");
            }
            BoardError::RowLength { row, .. } | BoardError::NotARow { row, .. } => {
                message.push_str(&format!("row {row}: "));
            }
            _ => {
                if let Some((row, column)) = self.cell() {
                    message.push_str(&format!("row {row}, column {column}: "));
                }
            }
        }
        message.push_str(&self.reason());
        message
    }
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message(None))
    }
}

/// The sides that make a board: those with a usual box shape (from the engine's
/// `Shape::for_size`), and any other through `box=`.
fn valid_sides() -> String {
    let sides: Vec<String> = (1..=sudoku_dlx::sudoku::MAX_SIZE)
        .filter(|&side| Shape::for_size(side).is_some())
        .map(|side| side.to_string())
        .collect();
    format!(
        "the sides with a usual box shape are {} (9 for the classic 9x9), and box=(rows, cols) \
         names another shape",
        sides.join(", ")
    )
}

/// `error` with the `attributes` set on its value; the first that cannot be made or set
/// is the error returned instead.
pub fn with_attributes<'py>(
    error: PyErr,
    attributes: impl IntoIterator<Item = (&'static str, PyResult<Bound<'py, PyAny>>)>,
) -> PyErr {
    for (name, object) in attributes {
        let set = object.and_then(|object| error.value(object.py()).setattr(name, object));
        if let Err(failure) = set {
            return failure;
        }
    }
    error
}

/// Runs `work`, turning a panic into an `InternalError` that names what panicked.
pub fn catch_panic<T>(work: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    match panic::catch_unwind(AssertUnwindSafe(work)) {
        Ok(result) => result,
        Err(payload) => {
            let what = payload
                .downcast_ref::<&str>()
                .map(|text| text.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic without a message".to_string());
            Err(InternalError::new_err(format!(
                "internal error in sudoku-dlx (please report it): {what}"
            )))
        }
    }
}
