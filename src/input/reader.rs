//! The record reader: a stream of lines in, a stream of positioned puzzles out, holding at
//! most one record (a grid has at most [`MAX_SIZE`] rows) in memory.

use super::{leading_fields, Field, FieldName, Record, STDIN_NAME};
use std::io::{self, BufRead};
use sudoku_dlx::sudoku::{CellReader, Clashes, Grid, ParseError, ParseErrorKind, Shape, MAX_SIZE};

/// Longest line kept, in bytes; the rest of a longer line is skipped (and a record on it
/// reported as a line too long). A puzzle line is at most `35² = 1225` cells, so only
/// comments are ever cut.
const MAX_LINE: usize = 64 * 1024;

/// Characters that rule a grid and are otherwise ignored.
fn is_decoration(c: char) -> bool {
    matches!(c, '|' | '-' | '+')
}

/// The two layouts a record can have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Layout {
    /// All cells on one line, then an optional comment.
    OneLine,
    /// One row of cells per line, with optional decoration.
    Grid,
}

/// What one line of input is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LineKind {
    Blank,
    Comment,
    /// Only rules: `---+---`, `|`.
    Rule,
    /// Starts a one-line puzzle.
    Puzzle,
    /// A row of a grid.
    Row,
}

/// One row of the grid being read.
#[derive(Clone, Debug)]
struct GridRow {
    line: usize,
    /// Cells on the row.
    cells: usize,
    /// Where the row's first cells (at most `MAX_SIZE + 1`) are in `Records::row_cells`.
    first_cells: std::ops::Range<usize>,
}

/// Reads puzzles from a text stream. Made by [`read_records`]; yields one [`Record`] per
/// puzzle, good or bad, and an `io::Error` only when the stream itself fails.
pub struct Records<R> {
    reader: R,
    source: String,
    shape: Option<Shape>,
    /// The current line, without its line ending.
    line: String,
    bytes: Vec<u8>,
    line_number: usize,
    /// The current line is read but not yet used.
    pending: bool,
    /// The layout of the last good record, for lines that could be either.
    habit: Option<Layout>,
    /// The shape of the last good record, to name the expected length of a bad one.
    last_shape: Option<Shape>,
    /// The side of the grid being read, from its first row.
    grid_side: Option<usize>,
    /// The box shape the rules of the grid just read show, if they show one.
    ruled_shape: Option<Shape>,
    /// The rows of the grid being read, to find one with a wrong number of cells.
    grid_rows: Vec<GridRow>,
    /// The first cells of each row of the grid being read, with their columns.
    row_cells: Vec<(char, usize)>,
    cells: CellReader,
    next_index: usize,
    done: bool,
    /// Lines of the current record that were cut, with their full length in bytes.
    cut_lines: Vec<(usize, usize)>,
    /// Lines of the current record that are not UTF-8, with their first bad byte.
    bad_bytes: Vec<(usize, u8)>,
    /// Keep variant fields (`regions=`, `rules=`); when false, a record with one is refused.
    accept_fields: bool,
    /// The variant fields of the current record.
    fields: Vec<Field>,
    /// The end of the input was met (it is not read again: a terminal would wait).
    at_end: bool,
}

/// The records of `reader`, named [`STDIN_NAME`] in messages; `shape` names the box shape
/// when cell counts alone do not say it (e.g. 3x2 boxes for 6×6).
pub fn read_records<R: BufRead>(reader: R, shape: Option<Shape>) -> Records<R> {
    Records::named(reader, STDIN_NAME.to_string(), shape)
}

impl<R: BufRead> Records<R> {
    /// The records of `reader`, whose name in messages is `source`.
    pub fn named(reader: R, source: String, shape: Option<Shape>) -> Records<R> {
        Records {
            reader,
            source,
            shape,
            line: String::new(),
            bytes: Vec::new(),
            line_number: 0,
            pending: false,
            habit: None,
            last_shape: None,
            grid_side: None,
            ruled_shape: None,
            grid_rows: Vec::new(),
            row_cells: Vec::new(),
            cells: CellReader::new(),
            next_index: 0,
            done: false,
            cut_lines: Vec::new(),
            bad_bytes: Vec::new(),
            accept_fields: false,
            fields: Vec::new(),
            at_end: false,
        }
    }

    /// Keeps the variant fields of each record (`regions=...`, `rules=...` after a one-line
    /// puzzle's cells, or on the line after a grid) in [`Record::fields`], for the readers of
    /// variant puzzles. Otherwise a record with such a field is refused with an error at the
    /// field: read as a classic puzzle, it would lose its meaning. A record with a
    /// `regions=` field is refused only for givens repeating in a row or a column.
    pub fn accepting_fields(mut self) -> Records<R> {
        self.accept_fields = true;
        self
    }

    /// Reads the records refusing givens that repeat in `clashes` (rows, columns and boxes
    /// unless told otherwise): [`Clashes::RowsAndColumns`] for puzzles whose irregular
    /// regions replace the boxes.
    pub fn with_clashes(mut self, clashes: Clashes) -> Records<R> {
        self.cells = CellReader::with_clashes(clashes);
        self
    }

    /// The name of the input in messages.
    pub fn source(&self) -> &str {
        &self.source
    }

    /// Makes the next line current; false at the end of the input.
    fn advance(&mut self) -> io::Result<bool> {
        if self.pending {
            self.pending = false;
            return Ok(true);
        }
        if self.at_end {
            return Ok(false);
        }
        let Some(length) = self.read_line()? else {
            self.at_end = true;
            return Ok(false);
        };
        self.line_number += 1;
        if length > MAX_LINE {
            self.cut_lines.push((self.line_number, length));
        }
        self.line.clear();
        match std::str::from_utf8(&self.bytes) {
            Ok(text) => self.line.push_str(text),
            Err(error) => {
                let byte = self.bytes[error.valid_up_to()];
                self.bad_bytes.push((self.line_number, byte));
                self.line.push_str(&String::from_utf8_lossy(&self.bytes));
            }
        }
        if self.line_number == 1 {
            if let Some(rest) = self.line.strip_prefix('\u{feff}') {
                self.line = rest.to_string();
            }
        }
        Ok(true)
    }

    /// Reads the next line into `bytes`, without its ending: LF, CRLF, or a lone CR (old
    /// Mac files) all end a line. Keeps at most [`MAX_LINE`] bytes and skips the rest.
    /// Returns the line's full length, or `None` at the end of the input.
    fn read_line(&mut self) -> io::Result<Option<usize>> {
        self.bytes.clear();
        let mut length = 0;
        let mut any = false;
        loop {
            let buffer = match self.reader.fill_buf() {
                Ok(buffer) => buffer,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => return Err(error),
            };
            if buffer.is_empty() {
                return Ok(any.then_some(length));
            }
            any = true;
            let end = buffer.iter().position(|&b| b == b'\n' || b == b'\r');
            let part = &buffer[..end.unwrap_or(buffer.len())];
            let room = MAX_LINE.saturating_sub(self.bytes.len());
            self.bytes.extend_from_slice(&part[..part.len().min(room)]);
            length += part.len();
            let Some(end) = end else {
                let used = buffer.len();
                self.reader.consume(used);
                continue;
            };
            let ending = buffer[end];
            self.reader.consume(end + 1);
            if ending == b'\r' {
                let next = loop {
                    match self.reader.fill_buf() {
                        Ok(next) => break next,
                        Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                        Err(error) => return Err(error),
                    }
                };
                if next.first() == Some(&b'\n') {
                    self.reader.consume(1);
                }
            }
            return Ok(Some(length));
        }
    }

    /// A wrong length on a one-line puzzle whose line, spaces left out, would have been
    /// a whole puzzle: the puzzle ended at a space, reported at that space.
    fn spaced_out(&self, error: ParseError, start: (usize, usize)) -> ParseError {
        let ParseErrorKind::WrongLength { found, .. } = error.kind else {
            return error;
        };
        let on_line = self.line.chars().filter(|c| !c.is_whitespace()).count();
        let whole = match self.shape {
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

    /// The error `error` of the current record, said better when its line was cut or is
    /// not UTF-8: the reader's view of the line, not what the cells made of it.
    fn explain(&self, mut error: ParseError) -> ParseError {
        if let Some(&(_, length)) = self.cut_lines.iter().find(|(line, _)| *line == error.line) {
            error.kind = ParseErrorKind::LineTooLong {
                length,
                max: MAX_LINE,
            };
            error.column = 1;
        } else if error.kind == ParseErrorKind::BadCharacter(char::REPLACEMENT_CHARACTER) {
            if let Some(&(_, byte)) = self.bad_bytes.iter().find(|(line, _)| *line == error.line) {
                error.kind = ParseErrorKind::BadByte(byte);
            }
        }
        error
    }

    /// What the current line is. A line that could be either a short one-line puzzle or a
    /// grid row is a row inside a grid (`grid_side` is `Some`, with the side once known),
    /// and otherwise follows the habit of the input.
    fn kind(&self, grid_side: Option<Option<usize>>) -> LineKind {
        let text = self.line.trim_start();
        if text.is_empty() {
            return LineKind::Blank;
        }
        if text.starts_with('#') {
            return LineKind::Comment;
        }
        if text.chars().all(|c| is_decoration(c) || c.is_whitespace()) {
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
        let (longest_row, cells) = match self.shape {
            Some(shape) => (shape.size(), Some(shape.cells())),
            None => (MAX_SIZE, None),
        };
        if cells == Some(len) || len > longest_row {
            return LineKind::Puzzle;
        }
        // 16 cells: a 4x4 puzzle rather than a row of a 16x16 grid, unless a shape or the
        // grid being read (or the last one) says otherwise.
        let four_by_four = self.shape.is_none() && len == 16;
        let sixteen_wide = |side: Option<usize>| side == Some(16);
        match grid_side {
            Some(side) if four_by_four && !sixteen_wide(side) && side.is_some() => LineKind::Puzzle,
            Some(_) => LineKind::Row,
            None => match self.habit {
                Some(Layout::OneLine) => LineKind::Puzzle,
                _ if four_by_four && !sixteen_wide(self.last_shape.map(Shape::size)) => {
                    LineKind::Puzzle
                }
                Some(Layout::Grid) | None => LineKind::Row,
            },
        }
    }

    /// Reads the cells of a one-line puzzle from the current line.
    fn read_one_line(&mut self) -> Result<(), ParseError> {
        let line = self.line_number;
        let text = self.line.trim_start();
        let indent = &self.line[..self.line.len() - text.len()];
        let token = first_token(text);
        let rest = &text[token.len()..];
        if !rest.is_empty() {
            let before = self.line.len() - rest.len();
            let column = if self.line.is_ascii() {
                before + 1
            } else {
                self.line[..before].chars().count() + 1
            };
            self.fields = leading_fields(rest, line, column);
        }
        if indent.is_ascii() && token.is_ascii() {
            // The usual case, in bulk: byte offsets are character columns.
            return self.cells.push_ascii(token, line, indent.len() + 1);
        }
        let token = self
            .line
            .chars()
            .enumerate()
            .skip_while(|(_, c)| c.is_whitespace())
            .take_while(|(_, c)| !c.is_whitespace());
        for (index, c) in token {
            self.cells.push(c, line, index + 1)?;
        }
        Ok(())
    }

    /// Reads a grid from the current line on, until a blank line, a one-line puzzle, the end
    /// of the input, or its last row (and the rule under it). The grid has as many rows as
    /// a row has cells: the named shape's side, or else the length most of its rows have, so
    /// that a row with a cell too many or too few neither ends the grid early nor takes the
    /// next grid's rows (grids need no blank line between them).
    fn read_grid(&mut self) -> io::Result<Result<(), ParseError>> {
        let mut first_error = None;
        let mut side = self.shape.map(Shape::size);
        let mut whole_puzzle = false;
        self.grid_rows.clear();
        self.row_cells.clear();
        // Where the rules fall: cells before the first `|` of the first row, rows before
        // the first rule line. They show the box shape the grid was printed with.
        let (mut first_bar, mut first_rule) = (None, None);
        let mut ended_blank = false;
        loop {
            let rows = self.grid_rows.len();
            if rows > 0 && is_field_line(&self.line) {
                self.pending = true;
                break;
            }
            match self.kind(Some(side)) {
                LineKind::Blank => {
                    ended_blank = true;
                    break;
                }
                LineKind::Puzzle if rows > 0 => {
                    self.pending = true;
                    break;
                }
                LineKind::Rule => {
                    if rows > 0 && first_rule.is_none() {
                        first_rule = Some(rows);
                    }
                }
                LineKind::Comment => {}
                LineKind::Puzzle | LineKind::Row => {
                    if rows == 0 {
                        first_bar = self.line.find('|').map(|bar| {
                            self.line[..bar]
                                .chars()
                                .filter(|&c| !c.is_whitespace() && !is_decoration(c))
                                .count()
                        });
                    }
                    let row = self.read_grid_row(&mut first_error);
                    let row_cells = row.cells;
                    self.grid_rows.push(row);
                    let rows = self.grid_rows.len();
                    // A first "row" too long for a row is a whole puzzle written with
                    // spaces; so is one of 16 cells in at most 4 groups and no `|` (a 4x4
                    // puzzle row by row, not a row of a 16x16 grid).
                    whole_puzzle = rows == 1
                        && match self.shape {
                            Some(shape) => row_cells == shape.cells(),
                            None => {
                                row_cells > MAX_SIZE
                                    || (row_cells == 16 && self.is_four_groups_of_four())
                            }
                        };
                    let grid_side = match (self.shape, whole_puzzle) {
                        (Some(shape), _) => shape.size(),
                        (None, true) => row_cells,
                        (None, false) => most_common_length(&self.grid_rows),
                    };
                    side = Some(grid_side);
                    self.grid_side = side;
                    if whole_puzzle || rows >= grid_side || rows > MAX_SIZE {
                        self.take_rule_below()?;
                        break;
                    }
                }
            }
            if !self.advance()? {
                break;
            }
        }
        // The line right after the grid (or the rule under it) may hold its fields.
        if !self.pending && !ended_blank && self.advance()? {
            self.pending = true;
        }
        if self.pending && is_field_line(&self.line) {
            self.pending = false;
            self.fields = leading_fields(&self.line, self.line_number, 1);
        }
        self.ruled_shape = side.and_then(|side| shape_of_rules(side, first_bar, first_rule));
        // A single line is a puzzle written with spaces rather than a row: its length
        // error is the whole record's.
        let row_error = match side {
            Some(side) if !whole_puzzle && self.grid_rows.len() > 1 => self.row_length_error(side),
            _ => None,
        };
        // The first error in reading order.
        let error = match (first_error, row_error) {
            (Some(a), Some(b)) => Some(if (b.line, b.column) < (a.line, a.column) {
                b
            } else {
                a
            }),
            (a, b) => a.or(b),
        };
        Ok(error.map_or(Ok(()), Err))
    }

    /// Reads the cells of the current line as a row of the grid being read, keeping the
    /// first error in `first_error`.
    fn read_grid_row(&mut self, first_error: &mut Option<ParseError>) -> GridRow {
        let start = self.row_cells.len();
        let mut cells = 0;
        for (index, c) in self.line.chars().enumerate() {
            if c.is_whitespace() || is_decoration(c) {
                continue;
            }
            cells += 1;
            if cells <= MAX_SIZE + 1 {
                self.row_cells.push((c, index + 1));
            }
            if first_error.is_none() {
                if let Err(error) = self.cells.push(c, self.line_number, index + 1) {
                    *first_error = Some(error);
                }
            }
        }
        GridRow {
            line: self.line_number,
            cells,
            first_cells: start..self.row_cells.len(),
        }
    }

    /// The first row of the grid just read whose length is not `side`: reported at its
    /// first cell too many, or at its first cell when it has too few.
    fn row_length_error(&self, side: usize) -> Option<ParseError> {
        let (index, row) = self
            .grid_rows
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

    /// The current line is written as at most four groups of cells, without `|`.
    fn is_four_groups_of_four(&self) -> bool {
        !self.line.contains('|') && self.line.split_whitespace().count() <= 4
    }

    /// Takes the rule under a grid's last row, if there is one.
    fn take_rule_below(&mut self) -> io::Result<()> {
        if self.advance()? && self.kind(Some(None)) != LineKind::Rule {
            self.pending = true;
        }
        Ok(())
    }

    /// The grid the cells make. When the count is wrong, the length expected is the one the
    /// grid's first row implies, or else the one of the input's last good puzzle.
    fn finish(&self, start: (usize, usize)) -> Result<Grid, ParseError> {
        let result = self.cells.finish(self.shape.or(self.ruled_shape), start);
        let hint = self.grid_side.and_then(Shape::for_size).or(self.last_shape);
        match (&result, self.shape, hint) {
            (Err(error), None, Some(hint)) if is_length_error(error) => {
                match self.cells.finish(Some(hint), start) {
                    Err(hinted) if matches!(hinted.kind, ParseErrorKind::WrongLength { .. }) => {
                        Err(hinted)
                    }
                    _ => result,
                }
            }
            _ => result,
        }
    }

    fn read_record(&mut self) -> io::Result<Option<Record>> {
        let kind = loop {
            if !self.advance()? {
                return Ok(None);
            }
            match self.kind(None) {
                LineKind::Blank | LineKind::Comment => {
                    self.cut_lines.clear();
                    self.bad_bytes.clear();
                    continue;
                }
                kind => break kind,
            }
        };
        let start_column = self.line.chars().take_while(|c| c.is_whitespace()).count() + 1;
        let start = (self.line_number, start_column);
        self.cells.clear();
        self.fields.clear();
        self.grid_side = None;
        self.ruled_shape = None;
        // Keep only what the record's own lines say (the first of them is already read).
        self.cut_lines.retain(|&(line, _)| line == start.0);
        self.bad_bytes.retain(|&(line, _)| line == start.0);
        let (layout, read) = if kind == LineKind::Puzzle {
            (Layout::OneLine, self.read_one_line())
        } else {
            (Layout::Grid, self.read_grid()?)
        };
        // Irregular regions replace the boxes: the rules drawn in a grid do not show a box
        // shape, and givens may repeat within a box.
        let regions = self.fields.iter().any(|f| f.name == FieldName::Regions);
        let clashes = self.cells.clashes();
        if regions {
            self.ruled_shape = None;
            self.cells.set_clashes(Clashes::RowsAndColumns);
        }
        let finished = read.and_then(|()| self.finish(start));
        self.cells.set_clashes(clashes);
        let puzzle = finished
            .map_err(|error| self.explain(error))
            .map_err(|error| match layout {
                Layout::OneLine => self.spaced_out(error, start),
                Layout::Grid => error,
            });
        if let Ok(grid) = &puzzle {
            self.habit = Some(layout);
            self.last_shape = Some(grid.shape());
        }
        let puzzle = match (puzzle, self.fields.first()) {
            (Ok(_), Some(field)) if !self.accept_fields => Err(ParseError {
                line: field.line,
                column: field.column,
                text: field.name.to_string(),
                kind: ParseErrorKind::VariantField {
                    field: field.name.to_string(),
                },
            }),
            (puzzle, _) => puzzle,
        };
        let fields = if self.accept_fields {
            std::mem::take(&mut self.fields)
        } else {
            Vec::new()
        };
        let record = Record {
            index: self.next_index,
            source: self.source.clone(),
            line: start.0,
            column: start.1,
            puzzle,
            fields,
        };
        self.next_index += 1;
        Ok(Some(record))
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

/// True when the line's first word is a variant field: the field line after a grid.
fn is_field_line(line: &str) -> bool {
    FieldName::of_word(first_token(line.trim_start())).is_some()
}

/// The text up to the first white space.
fn first_token(text: &str) -> &str {
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

fn is_length_error(error: &ParseError) -> bool {
    matches!(
        error.kind,
        ParseErrorKind::WrongLength { .. } | ParseErrorKind::NoUsualShape { .. }
    )
}

impl<R: BufRead> Iterator for Records<R> {
    type Item = io::Result<Record>;

    fn next(&mut self) -> Option<io::Result<Record>> {
        if self.done {
            return None;
        }
        match self.read_record() {
            Ok(Some(record)) => Some(Ok(record)),
            Ok(None) => {
                self.done = true;
                None
            }
            Err(error) => {
                self.done = true;
                Some(Err(error))
            }
        }
    }
}

#[cfg(test)]
#[path = "reader_tests.rs"]
mod tests;
