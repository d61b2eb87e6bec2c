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

/// Everything about a shape that the solver needs over and over, computed once.
#[derive(Clone, Debug)]
pub(crate) struct Geometry {
    pub(crate) shape: Shape,
    pub(crate) size: usize,
    /// For each cell: its four exact-cover items for digit 1 (cell, row-digit, column-digit,
    /// box-digit); digit `d` (from 0) adds `d` to the last three.
    pub(crate) cell_items: Vec<[u32; 4]>,
    /// `3n` units of `n` cells each: rows, then columns, then boxes.
    pub(crate) units: Vec<u32>,
    /// For each cell, `peer_count` other cells that share a unit with it.
    pub(crate) peers: Vec<u32>,
    pub(crate) peer_count: usize,
}

impl Geometry {
    pub(crate) fn new(shape: Shape) -> Geometry {
        let n = shape.size();
        let cell_units: Vec<[u32; 3]> = (0..shape.cells())
            .map(|cell| {
                [shape.row_of(cell), shape.col_of(cell), shape.box_of(cell)].map(|u| u as u32)
            })
            .collect();
        let mut units = Vec::with_capacity(3 * n * n);
        for unit in (0..n)
            .map(Unit::Row)
            .chain((0..n).map(Unit::Column))
            .chain((0..n).map(Unit::Box))
        {
            units.extend(shape.unit_cells(unit).map(|c| c as u32));
        }
        let mut peers = Vec::new();
        let mut peer_count = 0;
        for cell in 0..shape.cells() {
            let before = peers.len();
            let units_of = cell_units[cell];
            for (other, other_units) in cell_units.iter().enumerate() {
                let shares = (0..3).any(|k| other_units[k] == units_of[k]);
                if other != cell && shares {
                    peers.push(other as u32);
                }
            }
            peer_count = peers.len() - before;
        }
        let cells = (n * n) as u32;
        let cell_items = cell_units
            .iter()
            .enumerate()
            .map(|(cell, &[row, col, bx])| {
                let n = n as u32;
                [
                    cell as u32,
                    cells + row * n,
                    2 * cells + col * n,
                    3 * cells + bx * n,
                ]
            })
            .collect();
        Geometry {
            shape,
            size: n,
            cell_items,
            units,
            peers,
            peer_count,
        }
    }

    pub(crate) fn peers_of(&self, cell: usize) -> &[u32] {
        &self.peers[cell * self.peer_count..(cell + 1) * self.peer_count]
    }

    pub(crate) fn unit(&self, unit: usize) -> &[u32] {
        &self.units[unit * self.size..(unit + 1) * self.size]
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
        let geometry = Geometry::new(Shape::CLASSIC);
        assert_eq!(geometry.peer_count, 20);
        assert!(geometry.peers_of(40).iter().all(|&p| p != 40));
        let geometry = Geometry::new(Shape::new(3, 4).unwrap());
        assert_eq!(geometry.peer_count, 2 * 11 + 12 - 3 - 4 + 1);
    }
}
