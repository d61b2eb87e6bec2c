//! The three forms a board takes in Python, read into a [`Grid`] and written back in the
//! form it came in: a string in the line notation, a list (or tuple) of rows of ints with 0
//! for an empty cell, or a 2-D numpy array (numpy is only touched when an array is given).

use crate::error::BoardError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyTuple};
use sudoku_dlx::{Grid, Shape};

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
    let size = grid.shape().size();
    let rows = grid
        .cells()
        .chunks(size)
        .map(|row| PyList::new(py, row))
        .collect::<PyResult<Vec<_>>>()?;
    Ok(PyList::new(py, rows)?.into_any())
}

/// Reads `board` (any of the three forms) with the box shape `shape` when one is named.
pub fn read(board: &Bound<'_, PyAny>, shape: Option<Shape>) -> Result<(Grid, Form), BoardError> {
    if let Ok(text) = board.cast::<PyString>() {
        let text = text.to_cow().map_err(|_| BoardError::NotText)?;
        let grid = Grid::parse_with_shape(&text, shape).map_err(BoardError::Parse)?;
        return Ok((grid, Form::Text));
    }
    if board.cast::<PyList>().is_ok() || board.cast::<PyTuple>().is_ok() {
        return Ok((read_rows(board, shape)?, Form::Rows));
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
        let grid = read_rows(&list, shape)?;
        return Ok((grid, Form::Array(board.clone().unbind())));
    }
    Err(BoardError::NotABoard(type_name(board)))
}

/// The name of `object`'s type, for messages.
fn type_name(object: &Bound<'_, PyAny>) -> String {
    object
        .get_type()
        .name()
        .map(|name| name.to_string())
        .unwrap_or_else(|_| "?".to_string())
}

/// Reads a sequence of rows of ints: as many rows as cells in each, 0 for empty.
fn read_rows(board: &Bound<'_, PyAny>, shape: Option<Shape>) -> Result<Grid, BoardError> {
    let rows = sequence_items(board).ok_or_else(|| BoardError::NotABoard(type_name(board)))?;
    let size = rows.len();
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
    let mut cells = Vec::with_capacity(size * size);
    for (row_index, row) in rows.iter().enumerate() {
        let row_cells = sequence_items(row).ok_or_else(|| BoardError::NotARow {
            row: row_index + 1,
            found: type_name(row),
        })?;
        if row_cells.len() != size {
            return Err(BoardError::RowLength {
                row: row_index + 1,
                found: row_cells.len(),
                expected: size,
            });
        }
        for (col_index, cell) in row_cells.iter().enumerate() {
            let at = (row_index + 1, col_index + 1);
            let value: i64 = cell.extract().map_err(|_| BoardError::NotAnInt {
                at,
                found: type_name(cell),
            })?;
            if !(0..=size as i64).contains(&value) {
                return Err(BoardError::OutOfRange { at, value, size });
            }
            cells.push(value as u8);
        }
    }
    let grid = Grid::from_cells(shape, cells).expect("size * size cells fit the shape");
    match grid.clash() {
        Some(clash) => Err(BoardError::Clash(clash)),
        None => Ok(grid),
    }
}

/// The items of a list or tuple (strings and other iterables are not rows).
fn sequence_items<'py>(object: &Bound<'py, PyAny>) -> Option<Vec<Bound<'py, PyAny>>> {
    if let Ok(list) = object.cast::<PyList>() {
        Some(list.iter().collect())
    } else if let Ok(tuple) = object.cast::<PyTuple>() {
        Some(tuple.iter().collect())
    } else {
        None
    }
}

/// A box shape from Python's `box=(rows, cols)`, `None` for the usual one.
pub fn shape_arg(shape: Option<(usize, usize)>) -> Result<Option<Shape>, BoardError> {
    shape
        .map(|(rows, cols)| Shape::new(rows, cols).map_err(BoardError::Shape))
        .transpose()
}
