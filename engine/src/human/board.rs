//! The board a person solves on: each open cell's candidates (pencil marks) and each placed
//! cell's digit, with the units and peers of its shape.

use crate::sudoku::{Cell, Shape, Unit};
use crate::Grid;
use std::fmt;
use std::sync::Arc;

/// The units and peers of a shape, computed once and shared by every copy of a board.
#[derive(Debug)]
pub(crate) struct Layout {
    pub(crate) shape: Shape,
    pub(crate) n: usize,
    /// The `3n` units: rows, then columns, then boxes, each its cells in reading order.
    pub(crate) units: Vec<Vec<usize>>,
    /// For each cell, its row, column and box as unit numbers.
    pub(crate) cell_units: Vec<[usize; 3]>,
    /// For each cell, the other cells of its row, column and box.
    pub(crate) peers: Vec<Vec<usize>>,
}

impl Layout {
    fn new(shape: Shape) -> Layout {
        let n = shape.size();
        let units: Vec<Vec<usize>> = (0..n)
            .map(Unit::Row)
            .chain((0..n).map(Unit::Column))
            .chain((0..n).map(Unit::Box))
            .map(|unit| shape.unit_cells(unit).collect())
            .collect();
        let cell_units: Vec<[usize; 3]> = (0..n * n).map(|c| shape.unit_numbers(c)).collect();
        let peers = (0..n * n)
            .map(|cell| {
                let mut peers: Vec<usize> = cell_units[cell]
                    .iter()
                    .flat_map(|&u| units[u].iter().copied())
                    .filter(|&other| other != cell)
                    .collect();
                peers.sort_unstable();
                peers.dedup();
                peers
            })
            .collect();
        Layout {
            shape,
            n,
            units,
            cell_units,
            peers,
        }
    }

    /// The unit with number `u` (rows, then columns, then boxes).
    pub(crate) fn unit(&self, u: usize) -> Unit {
        let n = self.n;
        match u / n {
            0 => Unit::Row(u),
            1 => Unit::Column(u - n),
            _ => Unit::Box(u - 2 * n),
        }
    }

    /// True when the two cells share a row, column or box (a cell does not see itself).
    pub(crate) fn sees(&self, a: usize, b: usize) -> bool {
        a != b && {
            let (x, y) = (self.cell_units[a], self.cell_units[b]);
            x[0] == y[0] || x[1] == y[1] || x[2] == y[2]
        }
    }

    /// The cells that see every cell of `cells` (none of `cells` among them, since a cell
    /// does not see itself): where a digit that one of `cells` must hold leaves.
    pub(crate) fn seeing_all<'a>(&'a self, cells: &'a [usize]) -> impl Iterator<Item = usize> + 'a {
        (0..self.n * self.n).filter(move |&c| cells.iter().all(|&x| self.sees(c, x)))
    }

    /// The cell with reading-order index `cell`.
    pub(crate) fn cell(&self, cell: usize) -> Cell {
        Cell::of(self.shape, cell)
    }
}

/// A board: for each cell either its digit or its candidates. Made from a puzzle (the
/// givens placed, their digits gone from their peers' candidates) or from pencil marks.
///
/// ```
/// use sudoku_dlx::human::Board;
/// use sudoku_dlx::Grid;
///
/// let puzzle: Grid = "1... ..1. .... ....".parse()?;
/// let board = Board::new(&puzzle);
/// assert_eq!(board.value(0), Some(1));
/// assert_eq!(board.candidates(1).collect::<Vec<u8>>(), [2, 3, 4]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct Board {
    pub(crate) layout: Arc<Layout>,
    /// Per cell, bit `d` for the candidate value `d + 1`; 0 for a placed cell.
    pub(crate) marks: Vec<u64>,
    /// Per cell its value, 0 while open.
    pub(crate) values: Vec<u8>,
}

impl Board {
    /// The board of `puzzle`: every given placed, and each open cell's candidates the
    /// digits none of its peers holds.
    pub fn new(puzzle: &Grid) -> Board {
        let shape = puzzle.shape();
        let layout = Arc::new(Layout::new(shape));
        let n = layout.n;
        let mut board = Board {
            marks: vec![(1u64 << n) - 1; n * n],
            values: vec![0; n * n],
            layout,
        };
        for (cell, &value) in puzzle.cells().iter().enumerate() {
            if value != 0 {
                board.place(cell, value);
            }
        }
        board
    }

    /// A board from pencil marks: per cell (reading order) the set of its candidates, bit
    /// `d` for the value `d + 1`. A cell with one candidate is placed. Placed digits leave
    /// their peers' candidates; other candidates are kept as given, so that a board of
    /// candidates already narrowed by hand (a sukaku) is read as it is.
    ///
    /// Returns `None` when the number of cells does not fit the shape or a set names a
    /// value larger than the side.
    pub fn from_marks(shape: Shape, marks: &[u64]) -> Option<Board> {
        let n = shape.size();
        if marks.len() != n * n || marks.iter().any(|&m| m >> n != 0) {
            return None;
        }
        let layout = Arc::new(Layout::new(shape));
        let mut board = Board {
            marks: marks.to_vec(),
            values: vec![0; n * n],
            layout,
        };
        for (cell, &mark) in marks.iter().enumerate() {
            if mark.count_ones() == 1 && board.values[cell] == 0 {
                board.place(cell, mark.trailing_zeros() as u8 + 1);
            }
        }
        Some(board)
    }

    /// Reads pencil marks written as one record of `n³` characters: for each cell in
    /// reading order, `n` characters where the `k`-th is the value `k` (from 1, written as
    /// in a grid) when it is a candidate and `.` or `0` when it is not. This is the
    /// 729-character form of Sudoku Explainer and the sukaku lists for 9×9.
    ///
    /// Returns `None` when the text has another length or a character out of place;
    /// [`Board::parse_marks`] says which.
    pub fn from_marks_text(shape: Shape, text: &str) -> Option<Board> {
        Board::parse_marks(shape, text).ok()
    }

    /// [`Board::from_marks_text`], with what is wrong when the text is not pencil marks.
    ///
    /// ```
    /// use sudoku_dlx::human::{Board, MarksError};
    /// use sudoku_dlx::Shape;
    ///
    /// let four = Shape::new(2, 2)?;
    /// assert!(Board::parse_marks(four, &"1234".repeat(16)).is_ok());
    /// assert_eq!(
    ///     Board::parse_marks(four, &"1243".repeat(16)),
    ///     Err(MarksError::Misplaced { at: 2, found: '4' })
    /// );
    /// assert_eq!(
    ///     Board::parse_marks(four, "1234"),
    ///     Err(MarksError::WrongLength { found: 4, expected: 64 })
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_marks(shape: Shape, text: &str) -> Result<Board, MarksError> {
        let n = shape.size();
        let found = text.chars().count();
        if found != n * n * n {
            return Err(MarksError::WrongLength {
                found,
                expected: n * n * n,
            });
        }
        let mut marks = vec![0u64; n * n];
        for (index, c) in text.chars().enumerate() {
            let (cell, k) = (index / n, index % n);
            match c {
                '.' | '0' => {}
                _ if crate::sudoku::char_value(c) == Some(k as u8 + 1) => marks[cell] |= 1 << k,
                _ => {
                    return Err(MarksError::Misplaced {
                        at: index,
                        found: c,
                    })
                }
            }
        }
        Ok(Board::from_marks(shape, &marks).expect("the marks fit the shape"))
    }

    /// The board's shape.
    pub fn shape(&self) -> Shape {
        self.layout.shape
    }

    /// The value placed in `cell`, if any.
    pub fn value(&self, cell: usize) -> Option<u8> {
        Some(self.values[cell]).filter(|&v| v != 0)
    }

    /// The candidates of an open `cell`, as values from 1; none for a placed cell.
    pub fn candidates(&self, cell: usize) -> impl Iterator<Item = u8> {
        let mark = self.marks[cell];
        (0..64u8).filter(move |d| mark >> d & 1 == 1).map(|d| d + 1)
    }

    /// The candidates of `cell` as bits: bit `d` for the value `d + 1`; 0 for a placed cell.
    pub fn mask(&self, cell: usize) -> u64 {
        self.marks[cell]
    }

    /// True when every cell holds a value.
    pub fn is_solved(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// The placed values as a grid, 0 for the open cells.
    pub fn grid(&self) -> Grid {
        Grid::from_cells(self.layout.shape, self.values.clone()).expect("values fit the shape")
    }

    /// True when exactly one solution keeps the placed values and the candidates (the
    /// candidates a board leaves out are excluded from the search).
    pub fn has_one_solution(&self) -> bool {
        let placed = self.grid();
        let n = self.layout.n;
        let excluded: Vec<(usize, u8)> = (0..n * n)
            .filter(|&c| self.values[c] == 0)
            .flat_map(|c| {
                let mask = self.marks[c];
                (0..n as u8)
                    .filter(move |d| mask >> d & 1 == 0)
                    .map(move |d| (c, d + 1))
            })
            .collect();
        crate::Solver::new()
            .count_excluding(&placed, &excluded, Some(2))
            .solutions
            == 1
    }

    /// The board written as pencil marks (the form [`Board::from_marks_text`] reads), a
    /// placed cell as its one value.
    pub fn marks_text(&self) -> String {
        let n = self.layout.n;
        let mut text = String::with_capacity(n * n * n);
        for cell in 0..n * n {
            let mark = match self.values[cell] {
                0 => self.marks[cell],
                v => 1 << (v - 1),
            };
            for k in 0..n {
                text.push(if mark >> k & 1 == 1 {
                    crate::sudoku::cell_char(k as u8 + 1)
                } else {
                    '.'
                });
            }
        }
        text
    }

    /// Where the board contradicts itself, in words (`r3c4 has no candidate`, `row 2 has no
    /// place for 5`), or `None` when it does not (as far as singles see).
    pub fn contradiction_text(&self) -> Option<String> {
        self.contradiction().map(|c| c.describe(&self.layout))
    }

    /// Places `value` in `cell` and removes it from the peers' candidates.
    pub(crate) fn place(&mut self, cell: usize, value: u8) {
        self.values[cell] = value;
        self.marks[cell] = 0;
        let bit = !(1u64 << (value - 1));
        let layout = Arc::clone(&self.layout);
        for &peer in &layout.peers[cell] {
            self.marks[peer] &= bit;
        }
    }

    /// Removes the candidate `value` from `cell`.
    pub(crate) fn eliminate(&mut self, cell: usize, value: u8) {
        self.marks[cell] &= !(1u64 << (value - 1));
    }

    /// The open cells of unit `u` that hold candidate digit `d` (from 0), as a bit set of
    /// positions in the unit (bit `k` for the unit's `k`-th cell).
    pub(crate) fn places(&self, u: usize, d: usize) -> u64 {
        let mut bits = 0;
        for (k, &cell) in self.layout.units[u].iter().enumerate() {
            bits |= (self.marks[cell] >> d & 1) << k;
        }
        bits
    }

    /// True when unit `u` holds digit `d` (from 0) placed.
    pub(crate) fn has_placed(&self, u: usize, d: usize) -> bool {
        self.layout.units[u]
            .iter()
            .any(|&cell| self.values[cell] as usize == d + 1)
    }

    /// Where the board contradicts itself, if it does: an open cell with no candidate, a
    /// unit with a digit that has no place left, or a digit placed twice in a unit.
    pub(crate) fn contradiction(&self) -> Option<Contradiction> {
        let n = self.layout.n;
        for cell in 0..n * n {
            if self.values[cell] == 0 && self.marks[cell] == 0 {
                return Some(Contradiction::EmptyCell(cell));
            }
        }
        for u in 0..3 * n {
            let mut placed = 0u64;
            let mut possible = 0u64;
            for &cell in &self.layout.units[u] {
                match self.values[cell] {
                    0 => possible |= self.marks[cell],
                    v => {
                        let bit = 1 << (v - 1);
                        if placed & bit != 0 {
                            return Some(Contradiction::Twice(u, v));
                        }
                        placed |= bit;
                    }
                }
            }
            let missing = !(placed | possible) & ((1u64 << n) - 1);
            if missing != 0 {
                return Some(Contradiction::NoPlace(
                    u,
                    missing.trailing_zeros() as u8 + 1,
                ));
            }
        }
        None
    }
}

/// Why a text is not pencil marks ([`Board::parse_marks`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarksError {
    /// The text has `found` characters where the shape needs `expected` (`n³`).
    WrongLength {
        /// Characters read.
        found: usize,
        /// Characters the shape needs.
        expected: usize,
    },
    /// The character at `at` (from 0) is neither `.`, `0` nor the digit of its place.
    Misplaced {
        /// Its position in the text, from 0.
        at: usize,
        /// The character.
        found: char,
    },
}

impl fmt::Display for MarksError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MarksError::WrongLength { found, expected } => write!(
                f,
                "{found} characters of pencil marks, expected {expected} (each cell's digits \
                 in their places, `.` for the others)"
            ),
            MarksError::Misplaced { found, at } => write!(
                f,
                "{found:?} out of place in pencil marks: a cell's k-th character is the digit \
                 k, `.` or `0` (character {})",
                at + 1
            ),
        }
    }
}

impl std::error::Error for MarksError {}

/// How a board contradicts itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Contradiction {
    /// An open cell has no candidate.
    EmptyCell(usize),
    /// A unit has no place left for a value.
    NoPlace(usize, u8),
    /// A unit holds a value twice.
    Twice(usize, u8),
}

impl Contradiction {
    /// In words, for a person: `r3c4 has no candidate`, `row 2 has no place for 5`.
    pub(crate) fn describe(self, layout: &Layout) -> String {
        match self {
            Contradiction::EmptyCell(cell) => format!("{} has no candidate", layout.cell(cell)),
            Contradiction::NoPlace(u, v) => format!("{} has no place for {v}", layout.unit(u)),
            Contradiction::Twice(u, v) => format!("{} holds {v} twice", layout.unit(u)),
        }
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({})", self.marks_text())
    }
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.layout.shape == other.layout.shape
            && self.marks == other.marks
            && self.values == other.values
    }
}
