//! A grid of cells, its text notation, and the check that its givens do not clash.

use super::shape::{Shape, Unit, MAX_SIZE};
use std::fmt;

/// A square grid of a given [`Shape`]: each cell is empty (0) or holds a digit `1..=n`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    shape: Shape,
    cells: Vec<u8>,
}

impl Grid {
    /// The empty grid of `shape`.
    pub fn empty(shape: Shape) -> Grid {
        Grid {
            shape,
            cells: vec![0; shape.cells()],
        }
    }

    /// A grid from its cells in reading order, 0 for empty. Returns `None` when the number
    /// of cells does not fit the shape or a digit is larger than the side.
    pub fn from_cells(shape: Shape, cells: Vec<u8>) -> Option<Grid> {
        let fits =
            cells.len() == shape.cells() && cells.iter().all(|&d| (d as usize) <= shape.size());
        fits.then_some(Grid { shape, cells })
    }

    /// The shape of the grid.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The cells in reading order, 0 for empty.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The digit at `row`, `col` (from 0), or `None` if the cell is empty.
    ///
    /// # Panics
    /// If the cell is outside the grid.
    pub fn get(&self, row: usize, col: usize) -> Option<u8> {
        Some(self.cells[self.index(row, col)]).filter(|&d| d != 0)
    }

    /// Writes `digit` (0 to empty the cell) at `row`, `col`, from 0.
    ///
    /// # Panics
    /// If the cell is outside the grid or the digit is larger than the side.
    pub fn set(&mut self, row: usize, col: usize, digit: u8) {
        let n = self.shape.size();
        assert!((digit as usize) <= n, "digit {digit} in a {n}x{n} grid");
        let index = self.index(row, col);
        self.cells[index] = digit;
    }

    /// The index of a cell in reading order, panicking with its name if it is outside.
    fn index(&self, row: usize, col: usize) -> usize {
        let n = self.shape.size();
        assert!(
            row < n && col < n,
            "r{}c{} is outside a {n}x{n} grid",
            row + 1,
            col + 1
        );
        row * n + col
    }

    /// The number of filled cells.
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&d| d != 0).count()
    }

    /// True when no cell is empty.
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&d| d != 0)
    }

    /// The first pair of equal digits in one unit, scanning cells in reading order and, for
    /// each, its row, then column, then box; `None` when the filled cells are consistent.
    pub fn clash(&self) -> Option<Clash> {
        let n = self.shape.size();
        let (box_rows, box_cols) = (self.shape.box_rows(), self.shape.box_cols());
        let boxes_across = n / box_cols;
        // The digits seen so far, a bit each (bit `d` for the digit `d`; these sets never
        // leave this function): in this row, in each column, and in each box of the current
        // band of boxes. No allocation, and rows, columns and boxes come from
        // the loops rather than divisions. Which cells repeat a digit is looked up
        // afterwards, only when one does.
        let mut in_column = [0u64; MAX_SIZE];
        let mut in_box = [0u64; MAX_SIZE];
        let mut repeated = 0u64;
        for (row, cells) in self.cells.chunks_exact(n).enumerate() {
            if row % box_rows == 0 {
                in_box[..boxes_across].fill(0);
            }
            let mut in_row = 0u64;
            let stripes = cells
                .chunks_exact(box_cols)
                .zip(&mut in_box[..boxes_across]);
            for ((digits, box_seen), columns) in stripes.zip(in_column.chunks_exact_mut(box_cols)) {
                for (&digit, column_seen) in digits.iter().zip(columns) {
                    if digit == 0 {
                        continue;
                    }
                    let bit = 1u64 << digit;
                    repeated |= (in_row | *column_seen | *box_seen) & bit;
                    in_row |= bit;
                    *column_seen |= bit;
                    *box_seen |= bit;
                }
            }
        }
        if repeated == 0 {
            return None;
        }
        self.first_clash()
    }

    /// The first pair of equal digits in one row or one column, scanning cells in reading
    /// order and, for each, its row, then column; `None` when they are consistent. Boxes are
    /// not looked at: this is the check for a grid whose regions replace the boxes (a
    /// jigsaw), where two equal givens may share a box.
    ///
    /// ```
    /// use sudoku_dlx::Grid;
    ///
    /// // Two 3s in the bottom-left box, none in a row or a column.
    /// let grid = Grid::from_cells(
    ///     sudoku_dlx::Shape::new(2, 2)?,
    ///     vec![0, 0, 0, 0, 2, 4, 1, 3, 4, 3, 2, 1, 3, 1, 4, 2],
    /// )
    /// .unwrap();
    /// assert!(grid.clash().is_some());
    /// assert_eq!(grid.line_clash(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn line_clash(&self) -> Option<Clash> {
        self.first_clash_in(2)
    }

    /// The first clash in reading order: the first cell whose digit an earlier cell of one
    /// of its units (row, column, box, tried in that order) already holds.
    fn first_clash(&self) -> Option<Clash> {
        self.first_clash_in(3)
    }

    /// The first clash in reading order among the first `families` unit families (rows,
    /// then columns, then boxes).
    fn first_clash_in(&self, families: usize) -> Option<Clash> {
        let n = self.shape.size();
        let mut seen = [0u64; 3 * MAX_SIZE];
        for (cell, &digit) in self.cells.iter().enumerate() {
            if digit == 0 {
                continue;
            }
            // Bit `d` for the digit `d`, as in `clash`.
            let bit = 1u64 << digit;
            let units = [
                self.shape.row_of(cell),
                n + self.shape.col_of(cell),
                2 * n + self.shape.box_of(cell),
            ];
            for unit in units.into_iter().take(families) {
                if seen[unit] & bit != 0 {
                    return Some(self.clash_at(cell, unit - (unit / n) * n, unit / n));
                }
                seen[unit] |= bit;
            }
        }
        None
    }

    /// The clash that `cell` makes in unit `index` of `family` (0 rows, 1 columns, 2 boxes),
    /// with the first cell of that unit holding the same digit.
    fn clash_at(&self, cell: usize, index: usize, family: usize) -> Clash {
        let digit = self.cells[cell];
        let unit = match family {
            0 => Unit::Row(index),
            1 => Unit::Column(index),
            _ => Unit::Box(index),
        };
        let first = (0..cell)
            .find(|&other| {
                self.cells[other] == digit
                    && match unit {
                        Unit::Row(k) => self.shape.row_of(other) == k,
                        Unit::Column(k) => self.shape.col_of(other) == k,
                        Unit::Box(k) => self.shape.box_of(other) == k,
                    }
            })
            .expect("a clash has a first cell");
        Clash {
            digit,
            unit,
            first: Cell::of(self.shape, first),
            second: Cell::of(self.shape, cell),
        }
    }

    /// True when the grid is complete and no digit repeats in a unit: a solved grid.
    pub fn is_solved(&self) -> bool {
        self.is_complete() && self.clash().is_none()
    }

    /// True when this grid is solved and keeps every given of `puzzle`.
    pub fn solves(&self, puzzle: &Grid) -> bool {
        self.shape == puzzle.shape
            && self.is_solved()
            && puzzle
                .cells
                .iter()
                .zip(&self.cells)
                .all(|(&given, &cell)| given == 0 || given == cell)
    }

    /// The cells (in reading order) where this grid and `other` hold different values.
    pub fn differences<'a>(&'a self, other: &'a Grid) -> impl Iterator<Item = usize> + 'a {
        self.cells
            .iter()
            .zip(&other.cells)
            .enumerate()
            .filter(|(_, (a, b))| a != b)
            .map(|(cell, _)| cell)
    }
}

/// The character for a cell value: `.` for empty, `1`-`9`, then `A`-`Z` for 10 to 35.
///
/// # Panics
/// If `value` is above 35.
pub fn cell_char(value: u8) -> char {
    match value {
        0 => '.',
        1..=9 => (b'0' + value) as char,
        10..=35 => (b'A' + value - 10) as char,
        _ => panic!("no character for cell value {value}"),
    }
}

/// The cell value a character stands for: `.` `0` `_` are empty (0), `1`-`9` are 1 to 9, and
/// `A`-`Z` (either case) are 10 to 35. `None` for any other character.
pub const fn char_value(c: char) -> Option<u8> {
    match c {
        '.' | '0' | '_' => Some(0),
        '1'..='9' => Some(c as u8 - b'0'),
        'A'..='Z' => Some(c as u8 - b'A' + 10),
        'a'..='z' => Some(c as u8 - b'a' + 10),
        _ => None,
    }
}

/// A cell by its row and column, numbered from 0; displayed as people write it, from 1:
/// `r1c1` is the top left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// The row, from 0.
    pub row: usize,
    /// The column, from 0.
    pub col: usize,
}

impl Cell {
    /// The cell with index `cell` (reading order, from 0) in a grid of `shape`.
    pub fn of(shape: Shape, cell: usize) -> Cell {
        Cell {
            row: shape.row_of(cell),
            col: shape.col_of(cell),
        }
    }

    /// The index of the cell in reading order in a grid of `shape`.
    pub fn index(self, shape: Shape) -> usize {
        self.row * shape.size() + self.col
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row + 1, self.col + 1)
    }
}

impl fmt::Display for Grid {
    /// The one-line notation: every cell in reading order, `.` for empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Every cell character is ASCII: gathered into a buffer and written in a few calls,
        // rather than one formatter call per cell.
        let mut buffer = [0u8; 256];
        for cells in self.cells.chunks(buffer.len()) {
            for (byte, &digit) in buffer.iter_mut().zip(cells) {
                *byte = cell_char(digit) as u8;
            }
            let text =
                std::str::from_utf8(&buffer[..cells.len()]).expect("cell characters are ASCII");
            f.write_str(text)?;
        }
        Ok(())
    }
}

/// Two cells of one unit that hold the same digit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clash {
    /// The repeated digit.
    pub digit: u8,
    /// The unit both cells are in.
    pub unit: Unit,
    /// The earlier cell in reading order.
    pub first: Cell,
    /// The later cell in reading order.
    pub second: Cell,
}

impl fmt::Display for Clash {
    /// `digit 4 twice in row 1: r1c1 and r1c2`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "digit {} twice in {}: {} and {}",
            cell_char(self.digit),
            self.unit,
            self.first,
            self.second
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn characters_round_trip() {
        for value in 0..=35 {
            assert_eq!(char_value(cell_char(value)), Some(value));
        }
        assert_eq!(char_value('_'), Some(0));
        assert_eq!(char_value('0'), Some(0));
        assert_eq!(char_value('g'), Some(16));
        assert_eq!(char_value('x'), Some(33));
        assert_eq!(char_value('*'), None);
    }

    #[test]
    fn clashes_name_the_digit_unit_and_cells() {
        let mut grid = Grid::empty(Shape::CLASSIC);
        grid.set(0, 0, 4);
        grid.set(0, 1, 4);
        let clash = grid.clash().unwrap();
        assert_eq!(clash.to_string(), "digit 4 twice in row 1: r1c1 and r1c2");
        let mut grid = Grid::empty(Shape::CLASSIC);
        grid.set(0, 0, 7);
        grid.set(8, 0, 7);
        assert_eq!(
            grid.clash().unwrap().to_string(),
            "digit 7 twice in column 1: r1c1 and r9c1"
        );
        let mut grid = Grid::empty(Shape::CLASSIC);
        grid.set(3, 3, 2);
        grid.set(5, 5, 2);
        assert_eq!(
            grid.clash().unwrap().to_string(),
            "digit 2 twice in box 5: r4c4 and r6c6"
        );
        assert!(Grid::empty(Shape::CLASSIC).clash().is_none());
    }

    /// Any two givens alike in a row, column or box, by brute force over all pairs.
    fn has_clash_by_pairs(grid: &Grid) -> bool {
        let shape = grid.shape;
        let cells = &grid.cells;
        (0..cells.len()).any(|a| {
            (a + 1..cells.len()).any(|b| {
                cells[a] != 0
                    && cells[a] == cells[b]
                    && (shape.row_of(a) == shape.row_of(b)
                        || shape.col_of(a) == shape.col_of(b)
                        || shape.box_of(a) == shape.box_of(b))
            })
        })
    }

    #[test]
    fn the_clash_test_agrees_with_all_pairs_on_random_grids() {
        let mut state = 0x853c_49e6_748f_ea9bu64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut clashing = 0;
        for (rows, cols) in [
            (1, 1),
            (2, 2),
            (2, 3),
            (3, 2),
            (3, 3),
            (2, 5),
            (4, 4),
            (5, 7),
        ] {
            let shape = Shape::new(rows, cols).unwrap();
            let n = shape.size() as u64;
            for _ in 0..300 {
                let mut grid = Grid::empty(shape);
                // A few givens: clashes come up about half the time.
                for _ in 0..=(next() % (n + 1)) {
                    let cell = (next() % (n * n)) as usize;
                    grid.cells[cell] = (1 + next() % n) as u8;
                }
                let expected = has_clash_by_pairs(&grid);
                assert_eq!(grid.clash().is_some(), expected, "{shape:?} {grid}");
                clashing += expected as u32;
            }
        }
        assert!(clashing > 300, "only {clashing} grids clashed");
    }

    #[test]
    fn clashes_in_boxes_of_a_wide_shape() {
        // 2x3 boxes: two rows and three columns each, two boxes across.
        let shape = Shape::new(2, 3).unwrap();
        let mut grid = Grid::empty(shape);
        grid.set(0, 3, 5);
        grid.set(1, 5, 5);
        assert_eq!(
            grid.clash().unwrap().to_string(),
            "digit 5 twice in box 2: r1c4 and r2c6"
        );
        let mut grid = Grid::empty(shape);
        grid.set(2, 2, 6);
        grid.set(3, 3, 6);
        grid.set(4, 1, 6);
        grid.set(5, 0, 6);
        assert_eq!(
            grid.clash().unwrap().to_string(),
            "digit 6 twice in box 5: r5c2 and r6c1"
        );
    }

    #[test]
    fn a_solved_grid_solves_its_puzzles() {
        let shape = Shape::new(2, 2).unwrap();
        let solved =
            Grid::from_cells(shape, vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]).unwrap();
        assert!(solved.is_solved());
        let mut puzzle = solved.clone();
        puzzle.set(0, 0, 0);
        assert!(solved.solves(&puzzle));
        puzzle.set(0, 1, 3);
        assert!(!solved.solves(&puzzle));
        assert_eq!(solved.differences(&puzzle).collect::<Vec<_>>(), vec![0, 1]);
        assert_eq!(solved.to_string(), "1234341221434321");
    }
}
