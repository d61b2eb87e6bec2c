//! The box-ruled grid: cells spaced out, `|` between boxes across, a `-+-` rule between
//! boxes down, for any box shape. The input reader reads it back.

use std::io::{self, Write};
use sudoku_dlx::sudoku::{cell_char, Grid, Shape};

/// Writes `cells` (reading order, 0 for empty) of a grid of `shape` as a box-ruled grid,
/// each line ending in a newline.
///
/// ```
/// use sudoku_dlx::Grid;
/// use sudoku_dlx_cli::output::write_pretty;
/// let grid: Grid = "12.. ..12 21.. ..21".parse().unwrap();
/// let mut text = Vec::new();
/// write_pretty(&mut text, grid.shape(), grid.cells()).unwrap();
/// assert_eq!(
///     String::from_utf8(text).unwrap(),
///     "1 2 | . .\n. . | 1 2\n----+----\n2 1 | . .\n. . | 2 1\n"
/// );
/// ```
pub fn write_pretty(out: &mut dyn Write, shape: Shape, cells: &[u8]) -> io::Result<()> {
    let n = shape.size();
    let mut line = String::with_capacity(4 * n);
    let mut rule = String::with_capacity(4 * n);
    for (row, cells) in cells.chunks(n).enumerate().take(n) {
        if row > 0 && row % shape.box_rows() == 0 {
            if rule.is_empty() {
                rule.extend(line.chars().map(|c| if c == '|' { '+' } else { '-' }));
                rule.push('\n');
            }
            out.write_all(rule.as_bytes())?;
        }
        line.clear();
        for (col, &value) in cells.iter().enumerate() {
            if col > 0 {
                line.push_str(if col % shape.box_cols() == 0 {
                    " | "
                } else {
                    " "
                });
            }
            line.push(cell_char(value));
        }
        out.write_all(line.as_bytes())?;
        out.write_all(b"\n")?;
    }
    Ok(())
}

/// Writes `cells` of a grid of `shape` with the borders of its irregular regions
/// (`region_of`, the region of each cell): `|` between two cells of a row in different
/// regions, and between two rows a line with `-` under each cell whose region differs from
/// the one below (`+` where borders meet, `|` where a border only goes down). Every line ends
/// in a newline. The input reader reads the cells back; the regions themselves travel in a
/// `regions=` field (see `docs/formats.md`).
///
/// ```
/// use sudoku_dlx::Shape;
/// use sudoku_dlx_cli::output::write_regions;
/// let regions = [0, 0, 0, 1, 2, 0, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3];
/// let mut text = Vec::new();
/// write_regions(&mut text, Shape::new(2, 2)?, &[0; 16], &regions)?;
/// assert_eq!(
///     String::from_utf8(text)?,
///     concat!(
///         ". . .|.\n",
///         "-+ +-+\n",
///         ".|.|. .\n",
///         " +-+-+\n",
///         ". .|.|.\n",
///         " +-+ +-\n",
///         ".|. . .\n",
///     )
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_regions(
    out: &mut dyn Write,
    shape: Shape,
    cells: &[u8],
    region_of: &[usize],
) -> io::Result<()> {
    let n = shape.size();
    let at = |row: usize, col: usize| region_of[row * n + col];
    // A bar between columns `col` and `col + 1` of `row`.
    let bar = |row: usize, col: usize| at(row, col) != at(row, col + 1);
    let mut line = String::with_capacity(2 * n);
    for row in 0..n {
        if row > 0 {
            // The border line between rows `row - 1` and `row`.
            line.clear();
            let below = |col: usize| at(row - 1, col) != at(row, col);
            for col in 0..n {
                line.push(if below(col) { '-' } else { ' ' });
                if col + 1 < n {
                    let down = bar(row - 1, col) || bar(row, col);
                    let across = below(col) || below(col + 1);
                    line.push(match (down, across) {
                        (true, true) => '+',
                        (true, false) => '|',
                        (false, true) => '-',
                        (false, false) => ' ',
                    });
                }
            }
            out.write_all(line.trim_end().as_bytes())?;
            out.write_all(b"\n")?;
        }
        line.clear();
        for col in 0..n {
            line.push(cell_char(cells[row * n + col]));
            if col + 1 < n {
                line.push(if bar(row, col) { '|' } else { ' ' });
            }
        }
        out.write_all(line.as_bytes())?;
        out.write_all(b"\n")?;
    }
    Ok(())
}

/// The box-ruled grid as a string, each line ending in a newline.
pub fn pretty(grid: &Grid) -> String {
    let mut text = Vec::new();
    write_pretty(&mut text, grid.shape(), grid.cells()).expect("writing to memory");
    String::from_utf8(text).expect("grid characters are ASCII")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::records_of_text;
    use sudoku_dlx::samples::EXAMPLE;

    #[test]
    fn the_classic_grid_looks_like_the_articles() {
        let grid: Grid = EXAMPLE.parse().unwrap();
        let text = pretty(&grid);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 11);
        assert_eq!(lines[0], "4 . . | . . . | 8 . 5");
        assert_eq!(lines[3], "------+-------+------");
    }

    #[test]
    fn every_shape_reads_back() {
        for (rows, cols) in [
            (1, 1),
            (1, 4),
            (2, 2),
            (2, 3),
            (3, 2),
            (3, 3),
            (4, 3),
            (4, 4),
            (5, 5),
        ] {
            let shape = Shape::new(rows, cols).unwrap();
            let n = shape.size();
            // A filled grid: a shifted pattern is a valid solution for any shape.
            let cells: Vec<u8> = (0..n * n)
                .map(|cell| {
                    let (r, c) = (cell / n, cell % n);
                    ((r % rows * cols + r / rows + c) % n) as u8 + 1
                })
                .collect();
            let grid = Grid::from_cells(shape, cells).unwrap();
            assert!(grid.is_solved(), "{shape}");
            let twice = format!("{}\n{}", pretty(&grid), pretty(&grid));
            let records = records_of_text(&twice, Some(shape)).unwrap();
            assert_eq!(records.len(), 2, "{shape}");
            for record in records {
                assert_eq!(record.puzzle.unwrap(), grid, "{shape}");
            }
        }
    }
}
