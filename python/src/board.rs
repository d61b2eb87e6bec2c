//! The three forms a board takes in Python, read into a [`Grid`] and written back in the
//! form it came in: a string in the line notation, a list (or tuple) of rows of ints with 0
//! for an empty cell, or a 2-D numpy array (numpy is only touched when an array is given).

use crate::error::BoardError;
use crate::fast_rows;
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyList, PyString, PyTuple};
use std::cell::RefCell;
pub use sudoku_dlx::sudoku::Clashes;
use sudoku_dlx::sudoku::{CellReader, ParseErrorKind, Unit};
use sudoku_dlx::{Grid, ParseError, Shape};

/// The form a board was given in, so that answers go back in the same form.
pub enum Form {
    /// A string: answers are strings in the line notation.
    Text,
    /// A list or tuple of rows: answers are lists of lists of ints.
    Rows,
    /// A numpy array: answers are new arrays of the same dtype (the object is the array).
    Array(Py<PyAny>),
}

impl Form {
    /// `grid` as a Python object in this form.
    pub fn to_python<'py>(&self, py: Python<'py>, grid: &Grid) -> PyResult<Bound<'py, PyAny>> {
        match self {
            Form::Text => Ok(PyString::new(py, &grid.to_string()).into_any()),
            Form::Rows => rows(py, grid),
            Form::Array(array) => {
                let array = array.bind(py);
                let dtype = array.getattr("dtype")?;
                let numpy = py.import("numpy")?;
                numpy.call_method1("array", (rows(py, grid)?, dtype))
            }
        }
    }

    /// A copy that holds its own reference (for answers given more than once).
    pub fn clone_ref(&self, py: Python<'_>) -> Form {
        match self {
            Form::Text => Form::Text,
            Form::Rows => Form::Rows,
            Form::Array(array) => Form::Array(array.clone_ref(py)),
        }
    }
}

/// `grid` as a list of rows of ints, 0 for empty.
fn rows<'py>(py: Python<'py>, grid: &Grid) -> PyResult<Bound<'py, PyAny>> {
    fast_rows::rows(py, grid.cells(), grid.shape().size())
}

/// Reads `board` (any of the three forms) with the box shape `shape` when one is named.
pub fn read(board: &Bound<'_, PyAny>, shape: Option<Shape>) -> Result<(Grid, Form), BoardError> {
    read_with(board, shape, Clashes::AllUnits)
}

/// Reads `board` (any of the three forms), refusing givens that repeat in `clashes`.
pub fn read_with(
    board: &Bound<'_, PyAny>,
    shape: Option<Shape>,
    clashes: Clashes,
) -> Result<(Grid, Form), BoardError> {
    if let Ok(text) = board.cast::<PyString>() {
        let text = text.to_cow().map_err(|_| BoardError::NotText)?;
        return Ok((read_text(&text, shape, clashes)?, Form::Text));
    }
    if board.cast::<PyList>().is_ok() || board.cast::<PyTuple>().is_ok() {
        let grid = checked(read_rows(board, shape)?, clashes)?;
        return Ok((grid, Form::Rows));
    }
    if board.hasattr("ndim").unwrap_or(false) && board.hasattr("tolist").unwrap_or(false) {
        let dims: usize = board
            .getattr("ndim")
            .and_then(|ndim| ndim.extract())
            .map_err(|_| BoardError::NotABoard(type_name(board)))?;
        if dims != 2 {
            return Err(BoardError::Dimensions(dims));
        }
        let list = board
            .call_method0("tolist")
            .map_err(|_| BoardError::NotABoard(type_name(board)))?;
        let grid = checked(read_rows(&list, shape)?, clashes)?;
        return Ok((grid, Form::Array(board.clone().unbind())));
    }
    Err(BoardError::NotABoard(type_name(board)))
}

thread_local! {
    /// A reader of cells kept per thread, so that reading a board allocates only its grid.
    static READER: RefCell<CellReader> = RefCell::new(CellReader::new());
}

/// Reads a board in the line notation.
pub fn read_text(text: &str, shape: Option<Shape>, clashes: Clashes) -> Result<Grid, BoardError> {
    match clashes {
        Clashes::AllUnits if is_one_word(text) => READER
            .with(|reader| {
                // The usual board, one line of cells: read in bulk, with the positions and
                // errors of the engine's parser.
                let mut reader = reader.borrow_mut();
                reader.clear();
                reader.push_ascii(text, 1, 1)?;
                reader.finish(shape, (1, 1))
            })
            .map_err(BoardError::Parse),
        Clashes::AllUnits => Grid::parse_with_shape(text, shape).map_err(BoardError::Parse),
        Clashes::RowsAndColumns => read_text_ignoring_boxes(text, shape),
    }
}

/// True when `text` is one line of ASCII characters without white space (the cells of a
/// board in the line notation, or some of them, or characters that are not cells).
fn is_one_word(text: &str) -> bool {
    text.bytes().all(|byte| byte.is_ascii_graphic())
}

/// Reads a board in the line notation whose givens may repeat in a box: the engine's
/// parser refuses such a clash, so the later cell of each is read as empty and set back
/// after, and rows and columns are checked on the grid that results.
fn read_text_ignoring_boxes(text: &str, shape: Option<Shape>) -> Result<Grid, BoardError> {
    let mut text = text.to_string();
    let mut set_aside = Vec::new();
    let mut grid = loop {
        match Grid::parse_with_shape(&text, shape) {
            Ok(grid) => break grid,
            Err(ParseError {
                kind: ParseErrorKind::Clash(clash),
                line,
                column,
                ..
            }) if matches!(clash.unit, Unit::Box(_)) => {
                set_aside.push((clash.second, clash.digit));
                text = blanked(&text, line, column);
            }
            Err(error) => return Err(BoardError::Parse(error)),
        }
    };
    for (cell, digit) in set_aside {
        grid.set(cell.row, cell.col, digit);
    }
    checked(grid, Clashes::RowsAndColumns)
}

/// `text` with the character at `line`, `column` (from 1, in characters) replaced by `.`.
fn blanked(text: &str, line: usize, column: usize) -> String {
    text.split_inclusive('\n')
        .enumerate()
        .flat_map(|(line_index, part)| {
            part.chars().enumerate().map(move |(col_index, c)| {
                if line_index + 1 == line && col_index + 1 == column {
                    '.'
                } else {
                    c
                }
            })
        })
        .collect()
}

/// `grid` when no digit repeats in the units `clashes` names.
fn checked(grid: Grid, clashes: Clashes) -> Result<Grid, BoardError> {
    let clash = match clashes {
        Clashes::AllUnits => grid.clash(),
        Clashes::RowsAndColumns => grid.line_clash(),
    };
    match clash {
        Some(clash) => Err(BoardError::Clash(clash)),
        None => Ok(grid),
    }
}

/// The name of `object`'s type, for messages.
pub fn type_name(object: &Bound<'_, PyAny>) -> String {
    object
        .get_type()
        .name()
        .map(|name| name.to_string())
        .unwrap_or_else(|_| "?".to_string())
}

/// Reads a sequence of rows of ints: as many rows as cells in each, 0 for empty (givens
/// not yet checked for clashes).
fn read_rows(board: &Bound<'_, PyAny>, shape: Option<Shape>) -> Result<Grid, BoardError> {
    let rows = Sequence::of(board).ok_or_else(|| BoardError::NotABoard(type_name(board)))?;
    let size = rows.len();
    // A first row of another length than the number of rows: the board is not square (a
    // 9x9 board missing a row, or rows given as columns), said as such rather than as a row
    // that is too long.
    if size > 0 {
        let first = rows.item(0)?;
        if let Some(cells) = Sequence::of(&first) {
            if cells.len() != size {
                return Err(BoardError::NotSquare {
                    rows: size,
                    cells: cells.len(),
                });
            }
        }
    }
    let shape = match shape {
        Some(shape) if shape.size() == size => shape,
        Some(shape) => {
            return Err(BoardError::RowCount {
                found: size,
                expected: shape.size(),
            })
        }
        None => Shape::for_size(size).ok_or(BoardError::NoUsualShape(size))?,
    };
    if let Some(cells) = board
        .cast_exact::<PyList>()
        .ok()
        .and_then(|list| fast_rows::cells(list, size))
    {
        return Ok(Grid::from_cells(shape, cells).expect("size * size cells fit the shape"));
    }
    let mut cells = Vec::with_capacity(size * size);
    for row_index in 0..size {
        let row = rows.item(row_index)?;
        let row_cells = Sequence::of(&row).ok_or_else(|| BoardError::NotARow {
            row: row_index + 1,
            found: type_name(&row),
        })?;
        if row_cells.len() != size {
            return Err(BoardError::RowLength {
                row: row_index + 1,
                found: row_cells.len(),
                expected: size,
            });
        }
        for col_index in 0..size {
            let at = (row_index + 1, col_index + 1);
            let cell = row_cells.item(col_index)?;
            // An exact int first (the usual case), then anything that converts to one
            // (numpy's integer scalars, bool-like ints).
            let out_of_range = |value: String| BoardError::OutOfRange { at, value, size };
            let value: i64 = match cell.extract() {
                Ok(value) => value,
                // An int too large for 64 bits.
                Err(_) if cell.cast::<PyInt>().is_ok() => {
                    return Err(out_of_range(
                        cell.str().map(|s| s.to_string()).unwrap_or_default(),
                    ))
                }
                Err(_) => {
                    return Err(BoardError::NotAnInt {
                        at,
                        found: type_name(&cell),
                    })
                }
            };
            if !(0..=size as i64).contains(&value) {
                return Err(out_of_range(value.to_string()));
            }
            cells.push(value as u8);
        }
    }
    Ok(Grid::from_cells(shape, cells).expect("size * size cells fit the shape"))
}

/// A list or tuple, read item by item without copying it (strings and other iterables are
/// not rows).
enum Sequence<'a, 'py> {
    List(&'a Bound<'py, PyList>),
    Tuple(&'a Bound<'py, PyTuple>),
}

impl<'a, 'py> Sequence<'a, 'py> {
    /// `object` when it is a list or a tuple.
    fn of(object: &'a Bound<'py, PyAny>) -> Option<Sequence<'a, 'py>> {
        if let Ok(list) = object.cast::<PyList>() {
            Some(Sequence::List(list))
        } else if let Ok(tuple) = object.cast::<PyTuple>() {
            Some(Sequence::Tuple(tuple))
        } else {
            None
        }
    }

    fn len(&self) -> usize {
        match self {
            Sequence::List(list) => list.len(),
            Sequence::Tuple(tuple) => tuple.len(),
        }
    }

    /// Item `index`; a list that another thread shortened meanwhile reads as a bad board.
    fn item(&self, index: usize) -> Result<Bound<'py, PyAny>, BoardError> {
        match self {
            Sequence::List(list) => list.get_item(index),
            Sequence::Tuple(tuple) => tuple.get_item(index),
        }
        .map_err(|_| BoardError::Changed)
    }
}

/// A box shape from Python's `box=(rows, cols)`, `None` for the usual one.
pub fn shape_arg(shape: Option<(usize, usize)>) -> Result<Option<Shape>, BoardError> {
    shape
        .map(|(rows, cols)| Shape::new(rows, cols).map_err(BoardError::Shape))
        .transpose()
}
