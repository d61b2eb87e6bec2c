//! The record reader: a stream of lines in, a stream of positioned puzzles out, holding at
//! most one record (a grid has at most `MAX_SIZE` rows) in memory. It splits the stream
//! into records (which lines make each puzzle, its fields, its comments); the engine's
//! [`TextReader`] reads each record's lines, as [`sudoku_dlx::Grid::parse`] reads a text.

use super::{leading_fields, Field, FieldName, Record, STDIN_NAME};
use std::io::{self, BufRead};
use sudoku_dlx::sudoku::{
    first_token, Clashes, Layout, LineContext, LineKind, ParseError, ParseErrorKind, Shape,
    TextReader,
};

/// Longest line kept, in bytes; the rest of a longer line is skipped (and a record on it
/// reported as a line too long). A puzzle line is at most `35² = 1225` cells, so only
/// comments are ever cut.
const MAX_LINE: usize = 64 * 1024;

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
    /// The engine's reader of the current record's lines.
    text: TextReader,
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
            text: TextReader::new(),
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
        self.text = TextReader::with_clashes(clashes);
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

    /// What the current line is ([`LineKind::of`]): inside a grid (`grid_side` is `Some`,
    /// with the side once known), or else with the habit of the input.
    fn kind(&self, grid_side: Option<Option<usize>>) -> LineKind {
        LineKind::of(
            &self.line,
            &LineContext {
                shape: self.shape,
                grid_side,
                habit: self.habit,
                last_size: self.last_shape.map(Shape::size),
            },
        )
    }

    /// Reads the cells of a one-line puzzle from the current line, and its fields.
    fn read_one_line(&mut self) {
        let line = self.line_number;
        let rest = self.text.line(&self.line, line);
        if rest < self.line.len() {
            let column = if self.line.is_ascii() {
                rest + 1
            } else {
                self.line[..rest].chars().count() + 1
            };
            self.fields = leading_fields(&self.line[rest..], line, column);
        }
    }

    /// Reads a grid from the current line on, until a blank line, a one-line puzzle, the end
    /// of the input, or its last row (and the rule under it): [`TextReader::is_complete`]
    /// says when (grids need no blank line between them).
    fn read_grid(&mut self) -> io::Result<()> {
        let mut side = self.shape.map(Shape::size);
        let mut ended_blank = false;
        loop {
            let rows = self.text.rows();
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
                LineKind::Rule => self.text.rule(),
                LineKind::Comment => {}
                LineKind::Puzzle | LineKind::Row => {
                    self.text.row(&self.line, self.line_number);
                    side = self.text.side(self.shape);
                    self.grid_side = side;
                    if self.text.is_complete(self.shape) {
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
        Ok(())
    }

    /// Takes the rule under a grid's last row, if there is one.
    fn take_rule_below(&mut self) -> io::Result<()> {
        if self.advance()? && self.kind(Some(None)) != LineKind::Rule {
            self.pending = true;
        }
        Ok(())
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
        self.text.clear();
        self.fields.clear();
        self.grid_side = None;
        // Keep only what the record's own lines say (the first of them is already read).
        self.cut_lines.retain(|&(line, _)| line == start.0);
        self.bad_bytes.retain(|&(line, _)| line == start.0);
        let layout = if kind == LineKind::Puzzle {
            self.read_one_line();
            Layout::OneLine
        } else {
            self.read_grid()?;
            Layout::Grid
        };
        // Irregular regions replace the boxes: the rules drawn in a grid do not show a box
        // shape, and givens may repeat within a box.
        let regions = self.fields.iter().any(|f| f.name == FieldName::Regions);
        let clashes = self.text.clashes();
        if regions {
            self.text.set_clashes(Clashes::RowsAndColumns);
        }
        let finished = self
            .text
            .finish(self.shape, self.last_shape, regions, start);
        self.text.set_clashes(clashes);
        let puzzle = finished.map_err(|error| self.explain(error));
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

/// True when the line's first word is a variant field: the field line after a grid.
fn is_field_line(line: &str) -> bool {
    FieldName::of_word(first_token(line.trim_start())).is_some()
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
