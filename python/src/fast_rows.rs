//! The tutorials' board, a list of lists of ints, read and written through the C API
//! directly: the general path of [`board`](crate::board) takes and drops a reference and
//! checks for errors at every cell, which costs more than the engine's answer to an easy
//! puzzle. Anything that is not exactly lists of ints in range is left to the general path,
//! which reads it again and says what is wrong.

use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::PyList;
use std::os::raw::c_long;

/// The cells of `rows` when it is a list of `size` lists of `size` ints (of type `int`
/// exactly) from 0 to `size`, in reading order; `None` otherwise.
pub fn cells(rows: &Bound<'_, PyList>, size: usize) -> Option<Vec<u8>> {
    let mut cells = Vec::with_capacity(size * size);
    let rows = rows.as_ptr();
    // SAFETY: the GIL is held (a `Bound` exists) and no Python code runs while the loop
    // reads (lists and ints of the exact built-in types are read, nothing else is touched),
    // so the borrowed references that `PyList_GetItem` returns stay valid; every index is
    // below the length checked just before, so no call fails or sets an error, except
    // `PyLong_AsLong` on an int too large, whose error is cleared before leaving.
    unsafe {
        if ffi::PyList_Size(rows) != size as ffi::Py_ssize_t {
            return None;
        }
        for row_index in 0..size {
            let row = ffi::PyList_GetItem(rows, row_index as ffi::Py_ssize_t);
            if ffi::PyList_CheckExact(row) == 0 || ffi::PyList_Size(row) != size as ffi::Py_ssize_t
            {
                return None;
            }
            for col_index in 0..size {
                let cell = ffi::PyList_GetItem(row, col_index as ffi::Py_ssize_t);
                if ffi::PyLong_CheckExact(cell) == 0 {
                    return None;
                }
                let value = ffi::PyLong_AsLong(cell);
                if !(0..=size as c_long).contains(&value) {
                    if value == -1 && !ffi::PyErr_Occurred().is_null() {
                        ffi::PyErr_Clear();
                    }
                    return None;
                }
                cells.push(value as u8);
            }
        }
    }
    Some(cells)
}

/// `cells` (in reading order) as a list of lists of `size` ints.
pub fn rows<'py>(py: Python<'py>, cells: &[u8], size: usize) -> PyResult<Bound<'py, PyAny>> {
    let new_list = |length: usize| {
        // SAFETY: the GIL is held; a null result is turned into the error Python set.
        unsafe { Bound::from_owned_ptr_or_err(py, ffi::PyList_New(length as ffi::Py_ssize_t)) }
    };
    let outer = new_list(cells.len() / size.max(1))?;
    for (row_index, row_cells) in cells.chunks(size).enumerate() {
        let row = new_list(size)?;
        for (col_index, &digit) in row_cells.iter().enumerate() {
            // SAFETY: the GIL is held; `PyList_SetItem` takes the new reference to the int
            // (an index below the length of the list just made), and a null int is turned
            // into the error Python set before anything is stored.
            unsafe {
                let int =
                    Bound::from_owned_ptr_or_err(py, ffi::PyLong_FromLong(c_long::from(digit)))?;
                ffi::PyList_SetItem(row.as_ptr(), col_index as ffi::Py_ssize_t, int.into_ptr());
            }
        }
        // SAFETY: as above, for the row.
        unsafe {
            ffi::PyList_SetItem(outer.as_ptr(), row_index as ffi::Py_ssize_t, row.into_ptr());
        }
    }
    Ok(outer)
}
