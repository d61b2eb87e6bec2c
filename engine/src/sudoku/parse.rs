//! Reading puzzles from text, with errors that say where and why.

use super::grid::{char_value, Clash, Grid};
use super::shape::{Shape, MAX_SIZE};
use std::fmt;
use std::str::FromStr;

/// Why a puzzle could not be read, and where: `line` and `column` count from 1, columns in
/// characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The line of the offending text, from 1.
    pub line: usize,
    /// The column of the offending text, from 1, in characters.
    pub column: usize,
    /// The offending text itself: the character, or the whole record for a wrong length.
    pub text: String,
    /// What is wrong.
    pub kind: ParseErrorKind,
}

/// What is wrong with a puzzle's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseErrorKind {
    /// A character that is neither a cell nor allowed decoration.
    BadCharacter(char),
    /// The record has too few or too many cells for its shape.
    WrongLength {
        /// Cells read.
        found: usize,
        /// Cells the shape needs (for an unnamed shape, the nearest usual size).
        expected: usize,
    },
    /// The cell count is a square whose side has no usual box shape (a prime side, say).
    NoUsualShape {
        /// Cells read.
        found: usize,
    },
    /// A digit larger than the side of the grid.
    DigitOutOfRange {
        /// The digit read.
        digit: u8,
        /// The side of the grid.
        size: usize,
    },
    /// Two givens with the same digit in one unit.
    Clash(Clash),
    /// A byte that is not UTF-8 text (a reader of files reports it instead of the
    /// replacement character it reads as).
    BadByte(u8),
    /// A one-line puzzle that stopped at a space, although the line's cells without the
    /// spaces would make a whole puzzle.
    EndedAtSpace {
        /// Cells read before the space.
        found: usize,
        /// Cells on the whole line.
        on_line: usize,
    },
    /// A row of a multi-line grid with more or fewer cells than the grid's other rows.
    RowLength {
        /// The row's number in its grid, from 1.
        row: usize,
        /// Cells on the row.
        found: usize,
        /// Cells a row needs: the grid's side (the named shape's, or else the length most
        /// of its rows have).
        expected: usize,
    },
    /// A variant field (`regions=`, `rules=`) on a record that a reader of classic puzzles
    /// met: read as a classic puzzle, the record would lose its meaning.
    VariantField {
        /// The field's name with its `=`.
        field: String,
    },
    /// A line longer than a reader keeps (it keeps the first `max` bytes).
    LineTooLong {
        /// The line's length in bytes.
        length: usize,
        /// The most bytes of a line the reader keeps.
        max: usize,
    },
    /// Text after the puzzle where one puzzle is read ([`Grid::parse`]): a second puzzle,
    /// or words after a one-line puzzle that are not a `#` comment.
    AfterPuzzle,
}

impl fmt::Display for ParseErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseErrorKind::BadCharacter(c) => write!(f, "bad character {c:?}"),
            ParseErrorKind::WrongLength { found, expected } => {
                write!(f, "{found} cells, expected {expected}")
            }
            ParseErrorKind::NoUsualShape { found } => {
                let side = (found.isqrt()).max(1);
                write!(f, "{found} cells make a {side}x{side} grid with no usual box shape: name the shape")
            }
            ParseErrorKind::DigitOutOfRange { digit, size } => write!(
                f,
                "digit {} is out of range for a {size}x{size} grid (1 to {size})",
                super::grid::cell_char(*digit)
            ),
            ParseErrorKind::Clash(clash) => write!(f, "clashing givens: {clash}"),
            ParseErrorKind::EndedAtSpace { found, on_line } => write!(
                f,
                "the puzzle ended at a space after {found} cells (the line has {on_line}): \
                 write a one-line puzzle without spaces, or one row per line"
            ),
            ParseErrorKind::RowLength {
                row,
                found,
                expected,
            } => write!(
                f,
                "row {row} of the grid has {found} cells, expected {expected}"
            ),
            ParseErrorKind::VariantField { field } => write!(
                f,
                "{field} makes this a variant puzzle, and this input is read as classic puzzles"
            ),
            ParseErrorKind::BadByte(byte) => write!(f, "bad byte 0x{byte:02X} (not UTF-8 text)"),
            ParseErrorKind::AfterPuzzle => {
                write!(f, "text after the puzzle (one puzzle is read here)")
            }
            ParseErrorKind::LineTooLong { length, max } => {
                write!(
                    f,
                    "line too long: {length} bytes (lines are read up to {max})"
                )
            }
        }
    }
}

impl fmt::Display for ParseError {
    /// `LINE:COLUMN: message`, ready to follow a path and a colon.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.kind)
    }
}

impl std::error::Error for ParseError {}

/// Collects the cells of one puzzle, character by character, remembering where each came
/// from, and turns them into a [`Grid`] with positioned errors.
///
/// It serves every layout: the caller decides which characters are cells and which are
/// decoration, and passes only cells.
#[derive(Clone, Debug, Default)]
pub struct CellReader {
    values: Vec<u8>,
    positions: Vec<(u32, u32)>,
    text: String,
    clashes: Clashes,
}

/// The units in which the givens of a puzzle being read must not repeat a digit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Clashes {
    /// Rows, columns and boxes: a classic puzzle.
    #[default]
    AllUnits,
    /// Rows and columns only: a puzzle whose irregular regions replace the boxes (a
    /// jigsaw), where two equal givens may share a box. The regions are checked where they
    /// are known.
    RowsAndColumns,
}

impl CellReader {
    /// An empty reader.
    pub fn new() -> CellReader {
        CellReader::default()
    }

    /// A reader that refuses givens repeating in `clashes` (all units by default).
    ///
    /// ```
    /// use sudoku_dlx::sudoku::{CellReader, Clashes};
    ///
    /// let text = "....241343213142";
    /// let mut reader = CellReader::new();
    /// reader.push_ascii(text, 1, 1)?;
    /// assert!(reader.finish(None, (1, 1)).is_err()); // two 3s in the bottom-left box
    /// let mut reader = CellReader::with_clashes(Clashes::RowsAndColumns);
    /// reader.push_ascii(text, 1, 1)?;
    /// assert_eq!(reader.finish(None, (1, 1))?.to_string(), text);
    /// # Ok::<(), sudoku_dlx::sudoku::ParseError>(())
    /// ```
    pub fn with_clashes(clashes: Clashes) -> CellReader {
        CellReader {
            clashes,
            ..CellReader::default()
        }
    }

    /// Refuses givens repeating in `clashes` from now on (checked by
    /// [`finish`](Self::finish)): a reader may learn only after a record's cells that its
    /// regions replace the boxes.
    pub fn set_clashes(&mut self, clashes: Clashes) {
        self.clashes = clashes;
    }

    /// The units in which givens may not repeat.
    pub fn clashes(&self) -> Clashes {
        self.clashes
    }

    /// Forgets the cells read so far, keeping the buffers.
    pub fn clear(&mut self) {
        self.values.clear();
        self.positions.clear();
        self.text.clear();
    }

    /// The number of cells read so far.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// True when no cell has been read.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// Reads one cell character found at `line`, `column` (from 1).
    pub fn push(&mut self, c: char, line: usize, column: usize) -> Result<(), ParseError> {
        let value = char_value(c).ok_or_else(|| ParseError {
            line,
            column,
            text: c.to_string(),
            kind: ParseErrorKind::BadCharacter(c),
        })?;
        self.values.push(value);
        self.positions.push((line as u32, column as u32));
        self.text.push(c);
        Ok(())
    }

    /// Reads every character of `text`, found on `line` from `column` on (from 1), as a
    /// cell: [`push`](Self::push) for each, with the same result and errors. Text that is
    /// all ASCII cells, the usual case, is read in bulk; anything else character by
    /// character.
    pub fn push_ascii(&mut self, text: &str, line: usize, column: usize) -> Result<(), ParseError> {
        let start = self.values.len();
        self.values
            .extend(text.bytes().map(|byte| ASCII_VALUES[byte as usize]));
        // Bytes of non-ASCII characters map to `NOT_A_CELL` too.
        if self.values[start..].contains(&NOT_A_CELL) {
            // Character by character, for the error and the state it leaves.
            self.values.truncate(start);
            for (offset, c) in text.chars().enumerate() {
                self.push(c, line, column + offset)?;
            }
            return Ok(());
        }
        self.positions
            .extend((0..text.len()).map(|offset| (line as u32, (column + offset) as u32)));
        self.text.push_str(text);
        Ok(())
    }

    /// The grid the cells make, with `shape` or else the usual shape for their number.
    /// `start` is the position reported for a record with no cells at all.
    pub fn finish(&self, shape: Option<Shape>, start: (usize, usize)) -> Result<Grid, ParseError> {
        let found = self.values.len();
        let at = |index: usize| {
            self.positions
                .get(index)
                .map_or(start, |&(l, c)| (l as usize, c as usize))
        };
        let error = |index: usize, text: String, kind: ParseErrorKind| {
            let (line, column) = at(index);
            ParseError {
                line,
                column,
                text,
                kind,
            }
        };
        let shape = match shape.or_else(|| Shape::for_cells(found)) {
            Some(shape) => shape,
            None => {
                let side = found.isqrt();
                if side * side == found && (1..=MAX_SIZE).contains(&side) {
                    return Err(error(
                        0,
                        self.text.clone(),
                        ParseErrorKind::NoUsualShape { found },
                    ));
                }
                let expected = nearest_usual_cells(found);
                return Err(error(
                    length_error_at(found, expected),
                    self.text.clone(),
                    ParseErrorKind::WrongLength { found, expected },
                ));
            }
        };
        let expected = shape.cells();
        if found != expected {
            return Err(error(
                length_error_at(found, expected),
                self.text.clone(),
                ParseErrorKind::WrongLength { found, expected },
            ));
        }
        let size = shape.size();
        if let Some(index) = self.values.iter().position(|&d| d as usize > size) {
            let digit = self.values[index];
            let c = self.text.chars().nth(index).unwrap_or('?');
            // Letters are digits only in grids that need them; elsewhere they are typos.
            let kind = if digit >= 10 && size <= 9 {
                ParseErrorKind::BadCharacter(c)
            } else {
                ParseErrorKind::DigitOutOfRange { digit, size }
            };
            return Err(error(index, c.to_string(), kind));
        }
        let grid = Grid::from_cells(shape, self.values.clone()).expect("length and digits checked");
        let clash = match self.clashes {
            Clashes::AllUnits => grid.clash(),
            Clashes::RowsAndColumns => grid.line_clash(),
        };
        if let Some(clash) = clash {
            let index = clash.second.index(shape);
            let text = self
                .text
                .chars()
                .nth(index)
                .map(String::from)
                .unwrap_or_default();
            return Err(error(index, text, ParseErrorKind::Clash(clash)));
        }
        Ok(grid)
    }
}

/// `ASCII_VALUES` of a byte that is no cell.
const NOT_A_CELL: u8 = u8::MAX;

/// The value of each ASCII character as a cell ([`char_value`]), or `NOT_A_CELL`.
static ASCII_VALUES: [u8; 256] = {
    let mut table = [NOT_A_CELL; 256];
    let mut byte = 0;
    while byte < 128 {
        table[byte] = match char_value(byte as u8 as char) {
            Some(value) => value,
            None => NOT_A_CELL,
        };
        byte += 1;
    }
    table
};

/// Where a length error points: at the first surplus cell, or at the record's start.
fn length_error_at(found: usize, expected: usize) -> usize {
    if found > expected {
        expected
    } else {
        0
    }
}

/// The usual cell count closest to `found` (the smaller one on a tie).
fn nearest_usual_cells(found: usize) -> usize {
    (4..=MAX_SIZE)
        .filter_map(Shape::for_size)
        .map(Shape::cells)
        .min_by_key(|&cells| cells.abs_diff(found))
        .unwrap_or(81)
}

impl Grid {
    /// Reads one puzzle written cell by cell (`.` `0` `_` empty, `1`-`9`, `A`-`Z`) in any
    /// layout the command line reads (see [`TextReader`](super::TextReader)): a line (then an optional `#`
    /// comment), a plain grid of rows (white space is skipped), or a ruled grid, whose
    /// `|`, `-` and `+` are skipped and show the box shape. Blank lines and `#` comments
    /// may come before and after it; any other text after it is an error. The shape is
    /// the one the rules show, or else the usual one for the number of cells.
    ///
    /// ```
    /// use sudoku_dlx::Grid;
    /// let grid = Grid::parse("12.. ..12 21.. ..21").unwrap();
    /// assert_eq!(grid.shape().size(), 4);
    /// let ruled = Grid::parse("1 2 | . .\n. . | 1 2\n----+----\n2 1 | . .\n. . | 2 1").unwrap();
    /// assert_eq!(ruled, grid);
    /// let error = Grid::parse("1234*").unwrap_err();
    /// assert_eq!(error.to_string(), "1:5: bad character '*'");
    /// ```
    pub fn parse(text: &str) -> Result<Grid, ParseError> {
        Grid::parse_with_shape(text, None)
    }

    /// Like [`Grid::parse`], with the shape named (or `None` for the usual one).
    pub fn parse_with_shape(text: &str, shape: Option<Shape>) -> Result<Grid, ParseError> {
        super::text::parse_text(text, shape)
    }
}

impl FromStr for Grid {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Grid, ParseError> {
        Grid::parse(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(text: &str) -> String {
        Grid::parse(text).unwrap_err().to_string()
    }

    #[test]
    fn errors_say_where_and_why() {
        let short = ".".repeat(80);
        assert_eq!(message(&short), "1:1: 80 cells, expected 81");
        let long = ".".repeat(82);
        assert_eq!(message(&long), "1:82: 82 cells, expected 81");
        assert_eq!(message("12.4\n..*."), "2:3: bad character '*'");
        assert_eq!(
            message(&format!("{}x", ".".repeat(80))),
            "1:81: bad character 'x'"
        );
        assert_eq!(
            message(&format!("{}H", ".".repeat(255))),
            "1:256: digit H is out of range for a 16x16 grid (1 to 16)"
        );
        assert_eq!(
            message("9..............."),
            "1:1: digit 9 is out of range for a 4x4 grid (1 to 4)"
        );
        let clash = format!("44{}", ".".repeat(79));
        assert_eq!(
            message(&clash),
            "1:2: clashing givens: digit 4 twice in row 1: r1c1 and r1c2"
        );
        assert_eq!(
            message(&".".repeat(49)),
            "1:1: 49 cells make a 7x7 grid with no usual box shape: name the shape"
        );
    }

    #[test]
    fn a_named_shape_wins_over_the_usual_one() {
        let shape = Shape::new(3, 2).unwrap();
        let grid = Grid::parse_with_shape(&".".repeat(36), Some(shape)).unwrap();
        assert_eq!(grid.shape(), shape);
        let prime = Shape::new(1, 7).unwrap();
        assert!(Grid::parse_with_shape(&".".repeat(49), Some(prime)).is_ok());
    }

    #[test]
    fn letters_are_digits_past_nine() {
        let mut text = String::from("G");
        text.push_str(&".".repeat(255));
        let grid = Grid::parse(&text).unwrap();
        assert_eq!(grid.cells()[0], 16);
        assert_eq!(grid.to_string(), text);
    }
}
