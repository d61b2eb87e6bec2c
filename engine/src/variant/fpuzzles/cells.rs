//! Cells as an f-puzzles document names them (`R1C1`), alone, in lists and in lines.

use super::{FpuzzlesError, Reader};
use serde_json::{Map, Value};

impl Reader {
    /// A list of cell names at `entry[field]`.
    pub(super) fn cells(
        &self,
        path: &str,
        entry: &Map<String, Value>,
        field: &str,
    ) -> Result<Vec<usize>, FpuzzlesError> {
        let path = format!("{path}.{field}");
        let list = entry
            .get(field)
            .ok_or_else(|| FpuzzlesError::field(&path, "missing"))?
            .as_array()
            .ok_or_else(|| FpuzzlesError::field(&path, "expected a list of cells"))?;
        list.iter()
            .enumerate()
            .map(|(k, cell)| self.cell(&format!("{path}[{k}]"), cell))
            .collect()
    }

    /// The lines of a thermometer or an arrow: `lines`, a list of lists of cells.
    pub(super) fn lines(
        &self,
        path: &str,
        entry: &Map<String, Value>,
    ) -> Result<Vec<Vec<usize>>, FpuzzlesError> {
        let lines_path = format!("{path}.lines");
        let lines = entry
            .get("lines")
            .ok_or_else(|| FpuzzlesError::field(&lines_path, "missing"))?
            .as_array()
            .ok_or_else(|| FpuzzlesError::field(&lines_path, "expected a list of lines"))?;
        lines
            .iter()
            .enumerate()
            .map(|(k, line)| {
                let line_path = format!("{lines_path}[{k}]");
                line.as_array()
                    .ok_or_else(|| FpuzzlesError::field(&line_path, "expected a list of cells"))?
                    .iter()
                    .enumerate()
                    .map(|(j, cell)| self.cell(&format!("{line_path}[{j}]"), cell))
                    .collect()
            })
            .collect()
    }

    /// A cell name, `R1C1` (either case), as a cell index.
    pub(super) fn cell(&self, path: &str, value: &Value) -> Result<usize, FpuzzlesError> {
        let bad = || {
            FpuzzlesError::field(
                path,
                format!("expected a cell R1C1 to R{0}C{0}, found {value}", self.n),
            )
        };
        let name = value.as_str().ok_or_else(bad)?.to_ascii_uppercase();
        let rest = name.strip_prefix('R').ok_or_else(bad)?;
        let (row, col) = rest.split_once('C').ok_or_else(bad)?;
        let (row, col): (usize, usize) = (
            row.parse().map_err(|_| bad())?,
            col.parse().map_err(|_| bad())?,
        );
        if !(1..=self.n).contains(&row) || !(1..=self.n).contains(&col) {
            return Err(bad());
        }
        Ok((row - 1) * self.n + col - 1)
    }
}
