//! Box shapes and the geometry they imply: units, peers, and the exact-cover item numbering.

use std::fmt;
use std::str::FromStr;

/// The shape of a grid's boxes: `box_rows` rows by `box_cols` columns. A grid of this shape
/// has `n = box_rows × box_cols` rows, columns, boxes and digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    box_rows: u8,
    box_cols: u8,
}

/// The largest grid side the text notation can write: digits `1`-`9` then `A`-`Z`.
pub const MAX_SIZE: usize = 35;

impl Shape {
    /// The classic 9×9 grid with 3×3 boxes.
    pub const CLASSIC: Shape = Shape {
        box_rows: 3,
        box_cols: 3,
    };

    /// A shape of `box_rows` × `box_cols` boxes, whose side must be between 1 and
    /// [`MAX_SIZE`].
    pub fn new(box_rows: usize, box_cols: usize) -> Result<Shape, ShapeError> {
        let size = box_rows.saturating_mul(box_cols);
        if box_rows == 0 || box_cols == 0 || size > MAX_SIZE {
            return Err(ShapeError::SizeOutOfRange { box_rows, box_cols });
        }
        Ok(Shape {
            box_rows: box_rows as u8,
            box_cols: box_cols as u8,
        })
    }

    /// The usual shape for a grid of side `size`: the box is as square as possible, with no
    /// more rows than columns (4 → 2×2, 6 → 2×3, 9 → 3×3, 12 → 3×4, 16 → 4×4, 25 → 5×5).
    /// Sides below 4 and prime sides have no usual shape: name one with [`Shape::new`].
    pub fn for_size(size: usize) -> Option<Shape> {
        if !(4..=MAX_SIZE).contains(&size) {
            return None;
        }
        let box_rows = (2..=size)
            .take_while(|r| r * r <= size)
            .filter(|r| size % r == 0)
            .last()?;
        Shape::new(box_rows, size / box_rows).ok()
    }

    /// The usual shape for a puzzle written with `cells` cells (81 → 3×3, and so on).
    pub fn for_cells(cells: usize) -> Option<Shape> {
        let size = (1..=MAX_SIZE).find(|s| s * s >= cells)?;
        if size * size == cells {
            Shape::for_size(size)
        } else {
            None
        }
    }

    /// Rows in a box.
    pub fn box_rows(self) -> usize {
        self.box_rows as usize
    }

    /// Columns in a box.
    pub fn box_cols(self) -> usize {
        self.box_cols as usize
    }

    /// The side of the grid: its number of rows, columns, boxes and digits.
    pub fn size(self) -> usize {
        self.box_rows as usize * self.box_cols as usize
    }

    /// The number of cells.
    pub fn cells(self) -> usize {
        self.size() * self.size()
    }

    /// The row of `cell` (cells are numbered row by row from 0).
    pub fn row_of(self, cell: usize) -> usize {
        cell / self.size()
    }

    /// The column of `cell`.
    pub fn col_of(self, cell: usize) -> usize {
        cell % self.size()
    }

    /// The box of `cell`, boxes numbered row by row from 0.
    pub fn box_of(self, cell: usize) -> usize {
        let (row, col) = (self.row_of(cell), self.col_of(cell));
        let boxes_across = self.size() / self.box_cols();
        (row / self.box_rows()) * boxes_across + col / self.box_cols()
    }

    /// The units of `cell` as numbers from 0 to `3n`: its row `r` is `r`, its column `c` is
    /// `n + c` and its box `b` is `2n + b`, the numbering a flat table of units uses.
    pub fn unit_numbers(self, cell: usize) -> [usize; 3] {
        let n = self.size();
        [
            self.row_of(cell),
            n + self.col_of(cell),
            2 * n + self.box_of(cell),
        ]
    }

    /// The cells of `unit`, in reading order.
    pub fn unit_cells(self, unit: Unit) -> impl Iterator<Item = usize> {
        let n = self.size();
        let (box_rows, box_cols) = (self.box_rows(), self.box_cols());
        (0..n).map(move |k| match unit {
            Unit::Row(row) => row * n + k,
            Unit::Column(col) => k * n + col,
            Unit::Box(b) => {
                let top = (b / (n / box_cols)) * box_rows;
                let left = (b % (n / box_cols)) * box_cols;
                (top + k / box_cols) * n + left + k % box_cols
            }
        })
    }
}

impl Default for Shape {
    fn default() -> Self {
        Shape::CLASSIC
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.box_rows, self.box_cols)
    }
}

impl FromStr for Shape {
    type Err = ShapeError;

    /// Reads `RxC` (also `R×C` or `R*C`), e.g. `3x3` or `2x3`.
    fn from_str(text: &str) -> Result<Shape, ShapeError> {
        let bad = || ShapeError::Unreadable(text.to_string());
        let (rows, cols) = text.split_once(['x', 'X', '×', '*']).ok_or_else(bad)?;
        let rows = rows.trim().parse().map_err(|_| bad())?;
        let cols = cols.trim().parse().map_err(|_| bad())?;
        Shape::new(rows, cols)
    }
}

/// A row, column or box, numbered from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Unit {
    /// A row, numbered from the top.
    Row(usize),
    /// A column, numbered from the left.
    Column(usize),
    /// A box, numbered row by row from the top left.
    Box(usize),
}

impl fmt::Display for Unit {
    /// Numbers from 1, as people count: `row 1`, `column 9`, `box 5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unit::Row(k) => write!(f, "row {}", k + 1),
            Unit::Column(k) => write!(f, "column {}", k + 1),
            Unit::Box(k) => write!(f, "box {}", k + 1),
        }
    }
}

/// Why a shape was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShapeError {
    /// The grid side `box_rows × box_cols` is 0 or larger than [`MAX_SIZE`].
    SizeOutOfRange {
        /// Rows asked for in a box.
        box_rows: usize,
        /// Columns asked for in a box.
        box_cols: usize,
    },
    /// The text is not of the form `RxC`.
    Unreadable(String),
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShapeError::SizeOutOfRange { box_rows, box_cols } => write!(
                f,
                "{box_rows}x{box_cols} boxes give a grid side of {}, but it must be 1 to {MAX_SIZE}",
                box_rows.saturating_mul(*box_cols)
            ),
            ShapeError::Unreadable(text) => {
                write!(f, "'{text}' is not a box shape: write it as RxC, e.g. 3x3 or 2x3")
            }
        }
    }
}

impl std::error::Error for ShapeError {}

/// Everything about a shape that the solver needs over and over, computed once: the home of
/// the tables that map cells to units, items and peers. Build one per shape and keep it.
///
/// ```
/// use sudoku_dlx::sudoku::{Geometry, Shape};
/// let geometry = Geometry::new(Shape::CLASSIC);
/// // Cell 10 is row 1, column 1, box 0: units 1, 9 + 1 and 18 + 0.
/// assert_eq!(geometry.units_of(10), [1, 10, 18]);
/// ```
#[derive(Clone, Debug)]
pub struct Geometry {
    pub(crate) shape: Shape,
    pub(crate) size: usize,
    /// For each cell: its four exact-cover items for digit 1 (cell, row-digit, column-digit,
    /// box-digit); digit `d` (from 0) adds `d` to the last three.
    pub(crate) cell_items: Vec<[u32; 4]>,
    /// Words in a bitboard of the grid's cells (bit `c % 64` of word `c / 64` is cell `c`).
    pub(crate) words: usize,
    /// The bitboard of every cell.
    pub(crate) all_cells: Vec<u64>,
    /// For each cell, the bitboard of its peers (the other cells of its row, column, box).
    peer_masks: Vec<u64>,
    /// For each of the `3n` units (rows, then columns, then boxes), its bitboard.
    unit_masks: Vec<u64>,
    /// Every (box, line) pair that cross, as unit numbers: where locked candidates live.
    pub(crate) box_lines: Vec<(usize, usize)>,
    /// The cells where each pair of `box_lines` crosses (a segment), all segments one after
    /// the other; segment `s` is `segment_cells[segment_starts[s]..segment_starts[s + 1]]`.
    pub(crate) segment_cells: Vec<u32>,
    pub(crate) segment_starts: Vec<u32>,
    /// For each cell, its row, column and box as unit numbers.
    pub(crate) cell_units: Vec<[u32; 3]>,
}

impl Geometry {
    /// The tables of `shape`.
    pub fn new(shape: Shape) -> Geometry {
        let n = shape.size();
        let cells = n * n;
        let words = cells.div_ceil(64);
        let units: Vec<Unit> = (0..n)
            .map(Unit::Row)
            .chain((0..n).map(Unit::Column))
            .chain((0..n).map(Unit::Box))
            .collect();
        let board = |members: &mut dyn Iterator<Item = usize>| {
            let mut bits = vec![0u64; words];
            for cell in members {
                bits[cell / 64] |= 1 << (cell % 64);
            }
            bits
        };
        let unit_masks: Vec<u64> = units
            .iter()
            .flat_map(|&unit| board(&mut shape.unit_cells(unit)))
            .collect();
        let mut peer_masks = Vec::with_capacity(cells * words);
        for cell in 0..cells {
            let mut peers = vec![0u64; words];
            for unit in [
                Unit::Row(shape.row_of(cell)),
                Unit::Column(shape.col_of(cell)),
                Unit::Box(shape.box_of(cell)),
            ] {
                for other in shape.unit_cells(unit).filter(|&other| other != cell) {
                    peers[other / 64] |= 1 << (other % 64);
                }
            }
            peer_masks.extend(peers);
        }
        let mut box_lines = Vec::new();
        for b in 0..n {
            let box_cells: Vec<usize> = shape.unit_cells(Unit::Box(b)).collect();
            let mut lines: Vec<usize> = box_cells
                .iter()
                .flat_map(|&cell| [shape.row_of(cell), n + shape.col_of(cell)])
                .collect();
            lines.sort_unstable();
            lines.dedup();
            box_lines.extend(lines.into_iter().map(|line| (2 * n + b, line)));
        }
        let mut segment_cells = Vec::new();
        let mut segment_starts = vec![0];
        for &(box_unit, line_unit) in &box_lines {
            let line = if line_unit < n {
                Unit::Row(line_unit)
            } else {
                Unit::Column(line_unit - n)
            };
            let in_box = |cell: &usize| shape.box_of(*cell) == box_unit - 2 * n;
            segment_cells.extend(shape.unit_cells(line).filter(in_box).map(|c| c as u32));
            segment_starts.push(segment_cells.len() as u32);
        }
        let items = cells as u32;
        let cell_items = (0..cells)
            .map(|cell| {
                let size = n as u32;
                let (row, col, bx) = (shape.row_of(cell), shape.col_of(cell), shape.box_of(cell));
                [
                    cell as u32,
                    items + row as u32 * size,
                    2 * items + col as u32 * size,
                    3 * items + bx as u32 * size,
                ]
            })
            .collect();
        let cell_units = (0..cells)
            .map(|cell| shape.unit_numbers(cell).map(|u| u as u32))
            .collect();
        Geometry {
            shape,
            size: n,
            cell_items,
            cell_units,
            words,
            all_cells: board(&mut (0..cells)),
            peer_masks,
            unit_masks,
            box_lines,
            segment_cells,
            segment_starts,
        }
    }

    /// The shape the tables describe.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The row, column and box of `cell` (reading order from 0) as unit numbers from 0 to
    /// `3n`, numbered as [`Shape::unit_numbers`] numbers them.
    #[inline]
    pub fn units_of(&self, cell: usize) -> [usize; 3] {
        self.cell_units[cell].map(|unit| unit as usize)
    }

    #[cfg(test)]
    pub(crate) fn peers_mask(&self, cell: usize) -> &[u64] {
        self.peers_mask_in(cell, self.words)
    }

    /// The peers of `cell` as a board of `words` words: the caller passes `words` as a
    /// constant, so that the slice has a length known at compile time.
    #[inline(always)]
    pub(crate) fn peers_mask_in(&self, cell: usize, words: usize) -> &[u64] {
        debug_assert_eq!(words, self.words);
        &self.peer_masks[cell * words..(cell + 1) * words]
    }

    /// The cells of `unit` as a board of `words` words, passed as a constant.
    #[inline(always)]
    pub(crate) fn unit_mask_in(&self, unit: usize, words: usize) -> &[u64] {
        debug_assert_eq!(words, self.words);
        &self.unit_masks[unit * words..(unit + 1) * words]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usual_shapes_follow_the_line_length() {
        for (cells, shape) in [
            (16, "2x2"),
            (36, "2x3"),
            (81, "3x3"),
            (144, "3x4"),
            (256, "4x4"),
            (625, "5x5"),
        ] {
            assert_eq!(Shape::for_cells(cells).unwrap().to_string(), shape);
        }
        assert_eq!(Shape::for_cells(80), None);
        assert_eq!(Shape::for_cells(49), None, "7 is prime: name the shape");
        assert_eq!(Shape::for_size(35).unwrap().to_string(), "5x7");
    }

    #[test]
    fn shapes_read_and_refuse() {
        assert_eq!("2x3".parse::<Shape>().unwrap(), Shape::new(2, 3).unwrap());
        assert!("6x6".parse::<Shape>().is_err());
        assert!("three".parse::<Shape>().is_err());
        assert!(Shape::new(0, 4).is_err());
        assert_eq!(Shape::new(1, 1).unwrap().cells(), 1);
    }

    #[test]
    fn boxes_of_a_wide_shape() {
        let shape = Shape::new(2, 3).unwrap();
        assert_eq!(shape.box_of(0), 0);
        assert_eq!(shape.box_of(3), 1);
        assert_eq!(shape.box_of(6 * 2), 2);
        assert_eq!(shape.box_of(35), 5);
        let cells: Vec<usize> = shape.unit_cells(Unit::Box(3)).collect();
        assert_eq!(cells, vec![15, 16, 17, 21, 22, 23]);
    }

    #[test]
    fn every_cell_of_a_classic_grid_has_twenty_peers() {
        let peers = |geometry: &Geometry, cell: usize| -> u32 {
            geometry
                .peers_mask(cell)
                .iter()
                .map(|w| w.count_ones())
                .sum()
        };
        let geometry = Geometry::new(Shape::CLASSIC);
        assert_eq!(geometry.words, 2);
        assert_eq!(peers(&geometry, 40), 20);
        assert_eq!(geometry.peers_mask(40)[0] & (1 << 40), 0);
        let geometry = Geometry::new(Shape::new(3, 4).unwrap());
        assert_eq!(peers(&geometry, 100), 2 * 11 + 12 - 3 - 4 + 1);
        // Each 3x4 box crosses 3 rows and 4 columns.
        assert_eq!(geometry.box_lines.len(), 12 * 7);
    }
}
