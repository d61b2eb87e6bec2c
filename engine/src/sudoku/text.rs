//! The text of one puzzle, read line by line, in any of its layouts: a line of cells, a
//! plain grid (a row of cells per line) or a ruled grid (rows with `|`, rule lines of `-`
//! and `+`, as many programs and sites print them), of any side from 4 to 16 and beyond.
//!
//! [`Grid::parse`] reads a whole text with it; a reader of files or streams (the command
//! line's) decides which lines make each record and reads them with a [`TextReader`], so
//! that every front end reads the same puzzles with the same positioned errors.

use super::grid::Grid;
use super::parse::{CellReader, Clashes, ParseError, ParseErrorKind};
use super::shape::{Shape, MAX_SIZE};

/// Characters that rule a grid (`|`, `-`, `+`): skipped in a grid's rows, refused in a
/// one-line puzzle.
pub fn is_decoration(c: char) -> bool {
    matches!(c, '|' | '-' | '+')
}

/// The two layouts of a puzzle's text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Layout {
    /// All cells on one line, then an optional comment.
    OneLine,
    /// One row of cells per line, with optional rules.
    Grid,
}

/// What one line of a puzzle's text is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LineKind {
    /// Nothing but white space.
    Blank,
    /// Starts with `#`.
    Comment,
    /// Only rules: `---+---`, `|`, and `*` corners (`*-----------*`, the frame of the
    /// grids of the Sudoku Players' Forum).
    Rule,
    /// Starts a one-line puzzle.
    Puzzle,
    /// A row of a grid.
    Row,
}

/// What a reader knows, besides the line itself, when it tells what a line is: a line of
/// up to 16 cells could be a one-line 4x4 puzzle or a row of a grid.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LineContext {
    /// The shape named for the input, if one is.
    pub shape: Option<Shape>,
    /// `Some` inside a grid, with its side once known.
    pub grid_side: Option<Option<usize>>,
    /// The layout of the input's last good puzzle.
    pub habit: Option<Layout>,
    /// The side of the input's last good puzzle.
    pub last_size: Option<usize>,
}

impl LineKind {
    /// What `line` is, in `context`. A line that could be either a short one-line puzzle or
    /// a grid row is a row inside a grid, and otherwise follows the habit of the input.
    ///
    /// ```
    /// use sudoku_dlx::sudoku::{LineContext, LineKind};
    /// let fresh = LineContext::default();
    /// assert_eq!(LineKind::of("+-------+-------+-------+", &fresh), LineKind::Rule);
    /// assert_eq!(LineKind::of("*-----------*", &fresh), LineKind::Rule);
    /// assert_eq!(LineKind::of("| 1 . . | . . . | . . . |", &fresh), LineKind::Row);
    /// assert_eq!(LineKind::of(&".".repeat(81), &fresh), LineKind::Puzzle);
    /// ```
    pub fn of(line: &str, context: &LineContext) -> LineKind {
        let text = line.trim_start();
        if text.is_empty() {
            return LineKind::Blank;
        }
        if text.starts_with('#') {
            return LineKind::Comment;
        }
        if text
            .chars()
            .all(|c| is_decoration(c) || c == '*' || c.is_whitespace())
        {
            return LineKind::Rule;
        }
        let token = first_token(text);
        // Bytes, not characters: `|` and `+` are ASCII, and a UTF-8 byte below 128 is
        // always a whole character.
        if token.bytes().any(|byte| byte == b'|' || byte == b'+') {
            return LineKind::Row;
        }
        let len = if token.is_ascii() {
            token.len()
        } else {
            token.chars().count()
        };
        let (longest_row, cells) = match context.shape {
            Some(shape) => (shape.size(), Some(shape.cells())),
            None => (MAX_SIZE, None),
        };
        if cells == Some(len) || len > longest_row {
            return LineKind::Puzzle;
        }
        // 16 cells: a 4x4 puzzle rather than a row of a 16x16 grid, unless a shape or the
        // grid being read (or the last one) says otherwise.
        let four_by_four = context.shape.is_none() && len == 16;
        let sixteen_wide = |side: Option<usize>| side == Some(16);
        match context.grid_side {
            Some(side) if four_by_four && !sixteen_wide(side) && side.is_some() => LineKind::Puzzle,
            Some(_) => LineKind::Row,
            None => match context.habit {
                Some(Layout::OneLine) => LineKind::Puzzle,
                _ if four_by_four && !sixteen_wide(context.last_size) => LineKind::Puzzle,
                Some(Layout::Grid) | None => LineKind::Row,
            },
        }
    }
}

/// The text up to the first white space.
pub fn first_token(text: &str) -> &str {
    if text.is_ascii() {
        // Byte by byte: the ASCII characters that `char::is_whitespace` accepts.
        let end = text
            .bytes()
            .position(|byte| matches!(byte, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r'))
            .unwrap_or(text.len());
        return &text[..end];
    }
    text.split(char::is_whitespace).next().unwrap_or("")
}

/// One row of the grid being read.
#[derive(Clone, Debug)]
struct GridRow {
    line: usize,
    /// Cells on the row.
    cells: usize,
    /// Where the row's first cells (at most `MAX_SIZE + 1`) are in `TextReader::row_cells`.
    first_cells: std::ops::Range<usize>,
}

/// Reads the lines of one puzzle, told what each is ([`LineKind`]): the one line of a
/// one-line puzzle ([`line`](Self::line)), or a grid's rows ([`row`](Self::row)) and rule
/// lines ([`rule`](Self::rule)); then [`finish`](Self::finish) gives the grid, or the
/// first error in reading order, positioned. The box shape comes from the shape named, or
/// from where the rules of a ruled grid fall, or else is the usual one for the side.
///
/// ```
/// use sudoku_dlx::sudoku::TextReader;
/// let mut reader = TextReader::new();
/// reader.rule();
/// reader.row("| 1 2 | 3 4 | 5 6 |", 2);
/// assert_eq!(reader.rows(), 1);
/// ```
#[derive(Clone, Debug, Default)]
pub struct TextReader {
    cells: CellReader,
    rows: Vec<GridRow>,
    /// The first cells of each row of the grid being read, with their columns.
    row_cells: Vec<(char, usize)>,
    /// The first error met while reading the cells.
    first_error: Option<ParseError>,
    /// Cells before the first `|` between two cells of the first row.
    first_bar: Option<usize>,
    /// Rows before the first rule line.
    first_rule: Option<usize>,
    /// The first row is at most four groups of cells, without `|`.
    four_groups: bool,
    /// For a one-line puzzle: where its cells start, and how many cells its whole line has.
    one_line: Option<((usize, usize), usize)>,
}

impl TextReader {
    /// An empty reader.
    pub fn new() -> TextReader {
        TextReader::default()
    }

    /// A reader that refuses givens repeating in `clashes` (all units by default).
    pub fn with_clashes(clashes: Clashes) -> TextReader {
        TextReader {
            cells: CellReader::with_clashes(clashes),
            ..TextReader::default()
        }
    }

    /// Refuses givens repeating in `clashes` from now on (checked by
    /// [`finish`](Self::finish)).
    pub fn set_clashes(&mut self, clashes: Clashes) {
        self.cells.set_clashes(clashes);
    }

    /// The units in which givens may not repeat.
    pub fn clashes(&self) -> Clashes {
        self.cells.clashes()
    }

    /// Forgets the puzzle read so far, keeping the buffers, for the next one.
    pub fn clear(&mut self) {
        self.cells.clear();
        self.rows.clear();
        self.row_cells.clear();
        self.first_error = None;
        self.first_bar = None;
        self.first_rule = None;
        self.four_groups = false;
        self.one_line = None;
    }

    /// Reads the cells of a one-line puzzle: the first word of `text`, found on `line`
    /// (from 1). Returns the byte offset in `text` where the rest of the line starts (its
    /// comment, or a reader's fields).
    pub fn line(&mut self, text: &str, line: usize) -> usize {
        let trimmed = text.trim_start();
        let indent = &text[..text.len() - trimmed.len()];
        let token = first_token(trimmed);
        let column = if indent.is_ascii() {
            indent.len() + 1
        } else {
            indent.chars().count() + 1
        };
        // Cells of the whole line, spaces left out: the token's, and the rest's (most often
        // nothing, or a short comment), without a second pass over the token.
        let token_chars = if token.is_ascii() {
            token.len()
        } else {
            token.chars().count()
        };
        let rest = &trimmed[token.len()..];
        let on_line = token_chars + rest.chars().filter(|c| !c.is_whitespace()).count();
        self.one_line = Some(((line, column), on_line));
        let read = if token.is_ascii() {
            // The usual case, in bulk: byte offsets are character columns.
            self.cells.push_ascii(token, line, column)
        } else {
            token
                .chars()
                .enumerate()
                .try_for_each(|(offset, c)| self.cells.push(c, line, column + offset))
        };
        if let Err(error) = read {
            self.first_error.get_or_insert(error);
        }
        text.len() - trimmed.len() + token.len()
    }

    /// Reads `text`, found on `line`, as the next row of a grid, skipping white space and
    /// rules; returns the number of cells on it.
    pub fn row(&mut self, text: &str, line: usize) -> usize {
        if self.rows.is_empty() {
            // The first `|` between two cells: a frame's bars show nothing.
            let (mut cells, mut bar) = (0, None);
            self.first_bar = text.chars().find_map(|c| match c {
                '|' if cells > 0 => {
                    bar = bar.or(Some(cells));
                    None
                }
                c if !c.is_whitespace() && !is_decoration(c) => {
                    cells += 1;
                    bar
                }
                _ => None,
            });
            self.four_groups = !text.contains('|') && text.split_whitespace().count() <= 4;
        }
        let start = self.row_cells.len();
        let mut cells = 0;
        for (index, c) in text.chars().enumerate() {
            if c.is_whitespace() || is_decoration(c) {
                continue;
            }
            cells += 1;
            if cells <= MAX_SIZE + 1 {
                self.row_cells.push((c, index + 1));
            }
            if self.first_error.is_none() {
                if let Err(error) = self.cells.push(c, line, index + 1) {
                    self.first_error = Some(error);
                }
            }
        }
        self.rows.push(GridRow {
            line,
            cells,
            first_cells: start..self.row_cells.len(),
        });
        cells
    }

    /// Notes a rule line (only `-`, `+`, `|` and white space) of a grid.
    pub fn rule(&mut self) {
        if !self.rows.is_empty() && self.first_rule.is_none() {
            self.first_rule = Some(self.rows.len());
        }
    }

    /// The number of grid rows read.
    pub fn rows(&self) -> usize {
        self.rows.len()
    }

    /// True when the grid's only row so far is a whole puzzle written with spaces: as many
    /// cells as the named shape has, or (no shape named) too many for a row, or 16 cells in
    /// at most four groups without `|` (a 4x4 puzzle, not a row of a 16x16 grid).
    pub fn is_whole_puzzle(&self, shape: Option<Shape>) -> bool {
        let [row] = self.rows.as_slice() else {
            return false;
        };
        match shape {
            Some(shape) => row.cells == shape.cells(),
            None => row.cells > MAX_SIZE || (row.cells == 16 && self.four_groups),
        }
    }

    /// The side of the grid being read: the named shape's; or the length of its only row
    /// when that is a whole puzzle; or else the length most of its rows have, so that a row
    /// with a cell too many or too few neither ends the grid early nor takes the next
    /// grid's rows. `None` before the first row.
    pub fn side(&self, shape: Option<Shape>) -> Option<usize> {
        if self.rows.is_empty() {
            return None;
        }
        Some(match shape {
            Some(shape) => shape.size(),
            None if self.is_whole_puzzle(None) => self.rows[0].cells,
            None => most_common_length(&self.rows),
        })
    }

    /// True when the grid being read has all its rows: a reader stops there (after the
    /// rule under it, if there is one).
    pub fn is_complete(&self, shape: Option<Shape>) -> bool {
        let rows = self.rows.len();
        self.is_whole_puzzle(shape)
            || self.side(shape).is_some_and(|side| rows >= side)
            || rows > MAX_SIZE
    }

    /// The grid read, or the first error in reading order. `shape` is the shape named; when
    /// none is, the box shape is the one the rules show, or else the usual one for the
    /// cell count. `last_shape` (the shape of the reader's last good puzzle) names the
    /// length expected of a one-line puzzle with a wrong count. With `regions`, irregular
    /// regions replace the boxes: the rules do not show a box shape. `start` is where the
    /// puzzle starts, reported for a text with no cells.
    pub fn finish(
        &self,
        shape: Option<Shape>,
        last_shape: Option<Shape>,
        regions: bool,
        start: (usize, usize),
    ) -> Result<Grid, ParseError> {
        let side = self.side(shape);
        let row_error = match side {
            Some(side) if !self.is_whole_puzzle(shape) && self.rows.len() > 1 => {
                self.row_length_error(side)
            }
            _ => None,
        };
        // The first error in reading order.
        let error = match (self.first_error.clone(), row_error) {
            (Some(a), Some(b)) => Some(if (b.line, b.column) < (a.line, a.column) {
                b
            } else {
                a
            }),
            (a, b) => a.or(b),
        };
        if let Some(error) = error {
            return Err(error);
        }
        let ruled = match regions {
            true => None,
            false => side.and_then(|side| shape_of_rules(side, self.first_bar, self.first_rule)),
        };
        let result = self.cells.finish(shape.or(ruled), start);
        // A wrong count: the length expected is the one the grid's first row implies, or
        // else the one of the reader's last good puzzle.
        let hint = side.and_then(Shape::for_size).or(last_shape);
        let result = match (result, shape, hint) {
            (Err(error), None, Some(hint)) if is_length_error(&error) => {
                match self.cells.finish(Some(hint), start) {
                    Err(hinted) if matches!(hinted.kind, ParseErrorKind::WrongLength { .. }) => {
                        Err(hinted)
                    }
                    _ => Err(error),
                }
            }
            (result, _, _) => result,
        };
        result.map_err(|error| self.spaced_out(error, shape))
    }

    /// A wrong length on a one-line puzzle whose line, spaces left out, would have been
    /// a whole puzzle: the puzzle ended at a space, reported at that space.
    fn spaced_out(&self, error: ParseError, shape: Option<Shape>) -> ParseError {
        let (Some((start, on_line)), ParseErrorKind::WrongLength { found, .. }) =
            (self.one_line, &error.kind)
        else {
            return error;
        };
        let found = *found;
        let whole = match shape {
            Some(shape) => shape.cells() == on_line,
            None => Shape::for_cells(on_line).is_some_and(|shape| shape.cells() == on_line),
        };
        if !whole || on_line == found {
            return error;
        }
        ParseError {
            line: start.0,
            column: start.1 + found,
            text: error.text,
            kind: ParseErrorKind::EndedAtSpace { found, on_line },
        }
    }

    /// The first row of the grid whose length is not `side`: reported at its first cell
    /// too many, or at its first cell when it has too few.
    fn row_length_error(&self, side: usize) -> Option<ParseError> {
        let (index, row) = self
            .rows
            .iter()
            .enumerate()
            .find(|(_, row)| row.cells != side)?;
        let first_cells = &self.row_cells[row.first_cells.clone()];
        let at = if row.cells > side {
            first_cells.get(side).or(first_cells.last())
        } else {
            first_cells.first()
        };
        let (c, column) = at.copied().unwrap_or((' ', 1));
        Some(ParseError {
            line: row.line,
            column,
            text: c.to_string(),
            kind: ParseErrorKind::RowLength {
                row: index + 1,
                found: row.cells,
                expected: side,
            },
        })
    }
}

/// The box shape of a grid of `side` whose first row has `first_bar` cells before its
/// first `|` and whose first rule line comes after `first_rule` rows, when these show one
/// that fits: boxes as wide as the first bar says (the whole row without a bar, when rule
/// lines show the grid is ruled), as tall as the side allows.
fn shape_of_rules(
    side: usize,
    first_bar: Option<usize>,
    first_rule: Option<usize>,
) -> Option<Shape> {
    let box_cols = match (first_bar, first_rule) {
        // One cell has one shape; other grids without rules take the usual shape.
        (None, None) if side == 1 => 1,
        (None, None) => return None,
        (Some(cols), _) => cols,
        (None, Some(_)) => side,
    };
    if box_cols == 0 || side % box_cols != 0 {
        return None;
    }
    let box_rows = side / box_cols;
    if first_rule.is_some_and(|rows| rows != box_rows) {
        return None;
    }
    Shape::new(box_rows, box_cols).ok()
}

/// The number of cells most `rows` have; on a tie, the number the first of them has.
fn most_common_length(rows: &[GridRow]) -> usize {
    let mut best = (0, 0);
    for (index, row) in rows.iter().enumerate() {
        if rows[..index]
            .iter()
            .any(|earlier| earlier.cells == row.cells)
        {
            continue;
        }
        let count = rows[index..]
            .iter()
            .filter(|other| other.cells == row.cells)
            .count();
        if count > best.0 {
            best = (count, row.cells);
        }
    }
    best.1
}

fn is_length_error(error: &ParseError) -> bool {
    matches!(
        error.kind,
        ParseErrorKind::WrongLength { .. } | ParseErrorKind::NoUsualShape { .. }
    )
}

/// Reads the one puzzle of `text`, in any layout, as [`Grid::parse_with_shape`] does.
pub(super) fn parse_text(text: &str, shape: Option<Shape>) -> Result<Grid, ParseError> {
    let mut reader = TextReader::new();
    let mut context = LineContext {
        shape,
        ..LineContext::default()
    };
    let mut start = None;
    let mut layout = None;
    let mut after = None;
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(index, line)| (index + 1, line));
    for (number, line) in lines.by_ref() {
        let kind = LineKind::of(line, &context);
        match (layout, kind) {
            (_, LineKind::Blank | LineKind::Comment) => {
                if layout.is_some() && kind == LineKind::Blank {
                    break;
                }
            }
            (None, LineKind::Puzzle) => {
                start = Some(start_of(line, number));
                let rest = reader.line(line, number);
                let rest_text = &line[rest..];
                if let Some(offset) = rest_text.find(|c: char| !c.is_whitespace()) {
                    // Text after the cells: a comment when it starts with `#`.
                    if !rest_text[offset..].starts_with('#') {
                        after = Some((number, line[..rest + offset].chars().count() + 1));
                    }
                }
                break;
            }
            (Some(Layout::Grid), LineKind::Puzzle) => {
                after = Some(start_of(line, number));
                break;
            }
            (_, LineKind::Rule) => reader.rule(),
            (_, LineKind::Puzzle | LineKind::Row) => {
                if layout.is_none() {
                    start = Some(start_of(line, number));
                    layout = Some(Layout::Grid);
                }
                reader.row(line, number);
                context.grid_side = Some(reader.side(shape));
                if reader.is_complete(shape) {
                    break;
                }
            }
        }
    }
    if after.is_none() {
        // Past the puzzle (and the rule under a grid), only blank lines and comments.
        after = lines
            .filter(|(_, line)| {
                !matches!(
                    LineKind::of(line, &LineContext::default()),
                    LineKind::Blank | LineKind::Comment | LineKind::Rule
                )
            })
            .map(|(number, line)| start_of(line, number))
            .next();
    }
    let grid = reader.finish(shape, None, false, start.unwrap_or((1, 1)))?;
    match after {
        Some((line, column)) => Err(ParseError {
            line,
            column,
            text: text.lines().nth(line - 1).unwrap_or("").trim().to_string(),
            kind: ParseErrorKind::AfterPuzzle,
        }),
        None => Ok(grid),
    }
}

/// The line and column (from 1) of the first character of `line` that is not white space.
fn start_of(line: &str, number: usize) -> (usize, usize) {
    (
        number,
        line.chars().take_while(|c| c.is_whitespace()).count() + 1,
    )
}

#[cfg(test)]
#[path = "text_tests.rs"]
mod tests;
