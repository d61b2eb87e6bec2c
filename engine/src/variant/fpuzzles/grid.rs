//! The `grid` of an f-puzzles document: givens, regions and given pencil marks.

use super::{is_empty, FpuzzlesError, Reader};
use crate::{Grid, Shape};
use serde_json::{Map, Value};

/// What the `grid` of a document gives: the givens, the region map (when not the boxes)
/// and each non-given cell's pencil marks with the path they come from.
pub(super) type GridParts = (Grid, Option<Vec<usize>>, Vec<(usize, Vec<u8>, String)>);

impl Reader {
    /// The givens, the region map when some cell names one, and the given pencil marks of
    /// the cells that are not givens (each with its cell and its path in the document).
    pub(super) fn grid(
        &self,
        object: &Map<String, Value>,
        shape: Shape,
    ) -> Result<GridParts, FpuzzlesError> {
        let n = self.n;
        let rows = object
            .get("grid")
            .ok_or_else(|| FpuzzlesError::field("grid", "missing"))?
            .as_array()
            .filter(|rows| rows.len() == n)
            .ok_or_else(|| FpuzzlesError::field("grid", format!("expected {n} rows")))?;
        let mut cells = vec![0u8; n * n];
        let mut regions: Vec<usize> = (0..n * n).map(|cell| shape.box_of(cell)).collect();
        let mut irregular = false;
        let mut marked = Vec::new();
        for (r, row) in rows.iter().enumerate() {
            let row = row.as_array().filter(|row| row.len() == n).ok_or_else(|| {
                FpuzzlesError::field(format!("grid[{r}]"), format!("expected {n} cells"))
            })?;
            for (c, cell) in row.iter().enumerate() {
                let path = format!("grid[{r}][{c}]");
                let cell = cell
                    .as_object()
                    .ok_or_else(|| FpuzzlesError::field(&path, "expected an object"))?;
                if cell.get("given").and_then(Value::as_bool) == Some(true) {
                    if let Some(value) = cell.get("value") {
                        let digit = value
                            .as_u64()
                            .filter(|&d| (1..=n as u64).contains(&d))
                            .ok_or_else(|| {
                                FpuzzlesError::field(
                                    format!("{path}.value"),
                                    format!("expected a digit 1 to {n}"),
                                )
                            })?;
                        cells[r * n + c] = digit as u8;
                    }
                }
                if let Some(region) = cell.get("region") {
                    let region =
                        region
                            .as_u64()
                            .filter(|&k| (k as usize) < n)
                            .ok_or_else(|| {
                                FpuzzlesError::field(
                                    format!("{path}.region"),
                                    format!("expected a region 0 to {}", n - 1),
                                )
                            })?;
                    irregular |= region as usize != regions[r * n + c];
                    regions[r * n + c] = region as usize;
                }
                // Pencil marks of a given cell are ignored, as dclamage's solver does.
                if let Some(marks) = cell.get("givenPencilMarks").filter(|m| !is_empty(m)) {
                    if cells[r * n + c] == 0 {
                        let path = format!("{path}.givenPencilMarks");
                        marked.push((r * n + c, self.digits(&path, marks)?, path));
                    }
                }
            }
        }
        let givens = Grid::from_cells(shape, cells).expect("digits checked");
        Ok((givens, irregular.then_some(regions), marked))
    }

    /// A list of digits (numbers, or strings of one number), sorted, each once.
    fn digits(&self, path: &str, value: &Value) -> Result<Vec<u8>, FpuzzlesError> {
        let mut digits = self.listed_digits(path, Some(value))?;
        digits.sort_unstable();
        digits.dedup();
        Ok(digits)
    }

    /// A list of digits (numbers, or strings of one number) in its order, repeats kept.
    pub(super) fn listed_digits(
        &self,
        path: &str,
        value: Option<&Value>,
    ) -> Result<Vec<u8>, FpuzzlesError> {
        let list = value
            .and_then(Value::as_array)
            .ok_or_else(|| FpuzzlesError::field(path, "expected a list of digits"))?;
        list.iter()
            .enumerate()
            .map(|(k, digit)| {
                let number = match digit {
                    Value::String(text) => text.trim().parse().ok(),
                    other => other.as_u64(),
                };
                number
                    .filter(|d| (1..=self.n as u64).contains(d))
                    .map(|d| d as u8)
                    .ok_or_else(|| {
                        FpuzzlesError::field(
                            format!("{path}[{k}]"),
                            format!("expected a digit 1 to {}", self.n),
                        )
                    })
            })
            .collect()
    }
}
