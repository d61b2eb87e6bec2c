//! Reading for pipelines (`--keep-lines`, `--keyed`): every line is one item, either a line
//! to pass through (blank, or a `#` comment) or one puzzle in the one-line notation,
//! optionally keyed as `ID<TAB>PUZZLE`. Unlike [`read_records`](super::read_records), no
//! record spans lines, so each output line can be lined up with its input line.
//!
//! ```
//! use sudoku_dlx_cli::input::lines::{LineItem, LineReader};
//! let text = "# header\nid-7\t12.. ..12 21.. ..21\n\nid-8\t1234341221434321\n";
//! let items: Vec<LineItem> = LineReader::new(text.as_bytes(), "<stdin>", None, true)
//!     .collect::<Result<_, _>>()?;
//! assert_eq!(items.len(), 4);
//! assert_eq!(items[0], LineItem::Pass("# header".to_string()));
//! let LineItem::Puzzle { key, record } = &items[1] else { panic!() };
//! assert_eq!(key.as_deref(), Some("id-7"));
//! assert_eq!((record.line, record.column), (2, 6));
//! # Ok::<(), std::io::Error>(())
//! ```

use super::{leading_fields, Record};
use std::io::{self, BufRead};
use sudoku_dlx::sudoku::{ParseError, ParseErrorKind, Shape, TextReader};

/// One line of a pipeline's input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineItem {
    /// A blank or comment line, as it was (without its line ending).
    Pass(String),
    /// A puzzle line: the record (good or bad) and its key when the input is keyed.
    Puzzle {
        /// The text before the first tab, for keyed input (a line without a tab has none).
        key: Option<String>,
        /// The puzzle read from the rest of the line, positioned in the input.
        record: Record,
    },
}

/// Reads a text stream line by line into [`LineItem`]s.
pub struct LineReader<R> {
    reader: R,
    source: String,
    shape: Option<Shape>,
    keyed: bool,
    bytes: Vec<u8>,
    line_number: usize,
    next_index: usize,
    /// The engine's reader of a one-line puzzle.
    text: TextReader,
}

impl<R: BufRead> LineReader<R> {
    /// The lines of `reader`, named `source` in messages, read with `shape` when one is
    /// named; `keyed` splits each puzzle line at its first tab into a key and a puzzle.
    pub fn new(reader: R, source: &str, shape: Option<Shape>, keyed: bool) -> LineReader<R> {
        LineReader {
            reader,
            source: source.to_string(),
            shape,
            keyed,
            bytes: Vec::new(),
            text: TextReader::new(),
            line_number: 0,
            next_index: 0,
        }
    }

    /// The item of one line (without its line ending).
    fn item(&mut self, line: String) -> LineItem {
        let trimmed = line.trim_start();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            return LineItem::Pass(line);
        }
        let (key, rest, offset) = match line.split_once('\t') {
            Some((key, rest)) if self.keyed => {
                (Some(key.to_string()), rest, key.chars().count() + 1)
            }
            _ => (None, line.as_str(), 0),
        };
        let text = rest.trim_start();
        let column = offset + rest[..rest.len() - text.len()].chars().count() + 1;
        let token = text.split(char::is_whitespace).next().unwrap_or("");
        let line_number = self.line_number;
        self.text.clear();
        self.text.line(token, line_number);
        let puzzle = self
            .text
            .finish(self.shape, None, false, (line_number, 1))
            .map_err(|error| ParseError {
                line: line_number,
                column: column + error.column - 1,
                ..error
            });
        // A variant field would be lost here: refused at the field, never read as classic.
        let rest = &text[token.len()..];
        let rest_column = column + token.chars().count();
        let puzzle = match (
            puzzle,
            leading_fields(rest, line_number, rest_column).first(),
        ) {
            (Ok(_), Some(field)) => Err(ParseError {
                line: line_number,
                column: field.column,
                text: field.name.to_string(),
                kind: ParseErrorKind::VariantField {
                    field: field.name.to_string(),
                },
            }),
            (puzzle, _) => puzzle,
        };
        let record = Record {
            index: self.next_index,
            source: self.source.clone(),
            line: line_number,
            column,
            puzzle,
            fields: Vec::new(),
        };
        self.next_index += 1;
        LineItem::Puzzle { key, record }
    }
}

impl<R: BufRead> Iterator for LineReader<R> {
    type Item = io::Result<LineItem>;

    fn next(&mut self) -> Option<io::Result<LineItem>> {
        self.bytes.clear();
        match self.reader.read_until(b'\n', &mut self.bytes) {
            Ok(0) => None,
            Ok(_) => {
                if self.bytes.last() == Some(&b'\n') {
                    self.bytes.pop();
                    if self.bytes.last() == Some(&b'\r') {
                        self.bytes.pop();
                    }
                }
                self.line_number += 1;
                let mut line = String::from_utf8_lossy(&self.bytes).into_owned();
                if self.line_number == 1 && line.starts_with('\u{feff}') {
                    line.remove(0);
                }
                Some(Ok(self.item(line)))
            }
            Err(error) => Some(Err(error)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn items(text: &str, keyed: bool) -> Vec<LineItem> {
        LineReader::new(text.as_bytes(), "in", None, keyed)
            .collect::<io::Result<_>>()
            .unwrap()
    }

    fn record(item: &LineItem) -> (&Option<String>, &Record) {
        match item {
            LineItem::Puzzle { key, record } => (key, record),
            LineItem::Pass(line) => panic!("a passed line: {line}"),
        }
    }

    #[test]
    fn every_line_is_one_item_and_blank_and_comment_lines_pass_as_they_are() {
        let text = "  # indented comment\r\n\n1234341221434321 solved\n   \n12.. ..12\n";
        let items = items(text, false);
        assert_eq!(items.len(), 5);
        assert_eq!(items[0], LineItem::Pass("  # indented comment".into()));
        assert_eq!(items[1], LineItem::Pass(String::new()));
        assert_eq!(items[3], LineItem::Pass("   ".into()));
        let (key, good) = record(&items[2]);
        assert_eq!((key, good.index, good.line), (&None, 0, 3));
        assert!(good.puzzle.as_ref().unwrap().is_solved());
        // A record never spans lines: "12.." alone is 4 cells.
        let (_, bad) = record(&items[4]);
        assert_eq!(bad.index, 1);
        assert_eq!(
            bad.error_message().unwrap(),
            "in:5:1: 4 cells make a 2x2 grid with no usual box shape: name the shape"
        );
    }

    #[test]
    fn keys_come_before_the_first_tab_and_positions_count_them() {
        let items = items("a b\t  1*34341221434321\nno-tab-1234341221434321\n", true);
        let (key, bad) = record(&items[0]);
        assert_eq!(key.as_deref(), Some("a b"));
        assert_eq!((bad.line, bad.column), (1, 7));
        assert_eq!(bad.error_message().unwrap(), "in:1:8: bad character '*'");
        let (key, _) = record(&items[1]);
        assert_eq!(key, &None);
    }

    #[test]
    fn unkeyed_input_keeps_the_tab_in_the_puzzle_line() {
        let items = items("id\t1234341221434321\n", false);
        let (key, record) = record(&items[0]);
        assert_eq!(key, &None);
        assert!(record.puzzle.is_err());
    }
}
