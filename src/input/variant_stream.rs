//! Variant records streamed: one input after the other, and in a JSON input one document at
//! a time, so that a consumer that stops early (`| head -n1`) stops the reading too, and a
//! huge NDJSON file is answered in constant memory.
//!
//! A JSON input is read line by line. A line that does not start with `{` (once blanks are
//! skipped) is a share string; from a `{`, lines are gathered until the braces close (outside
//! strings) at the end of a line, and that text (one pretty-printed document, or the line of
//! one or more) is read as the documents of one input. Broken JSON is a positioned record error, and
//! reading goes on at the next line that starts with `{`: a line that starts with `{` while a
//! document is still open ends that document.
//!
//! ```
//! use sudoku_dlx_cli::input::variant::LineRules;
//! use sudoku_dlx_cli::input::variant_stream::VariantRecords;
//!
//! let doc = r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}"#;
//! let mut records = VariantRecords::new(&[doc.to_string()], None, LineRules::default());
//! let first = records.next().unwrap().unwrap();
//! assert!(first.puzzle.is_ok());
//! assert!(records.next().is_none());
//! ```

use super::variant::{is_json_input, line_record, records_at, LineRules, VariantRecord};
use super::{Input, InputError, InputRecords};
use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use sudoku_dlx::sudoku::Clashes;
use sudoku_dlx::Shape;

/// The records of several inputs (files, `-`, inline), numbered across them, read as they
/// are asked for: JSON inputs as f-puzzles documents, the others as line puzzles with the
/// command line's rules. After an input error (a file that cannot be read), nothing more.
pub struct VariantRecords {
    args: std::vec::IntoIter<String>,
    shape: Option<Shape>,
    line_rules: LineRules,
    current: Option<Source>,
    next_index: usize,
    failed: bool,
}

enum Source {
    Json(JsonDocuments),
    Lines(Box<InputRecords>),
}

impl VariantRecords {
    /// The records of `args` (standard input when empty), read with `shape` when one is
    /// named, line puzzles with `line_rules`.
    pub fn new(args: &[String], shape: Option<Shape>, line_rules: LineRules) -> VariantRecords {
        let args = if args.is_empty() {
            vec!["-".to_string()]
        } else {
            args.to_vec()
        };
        VariantRecords {
            args: args.into_iter(),
            shape,
            line_rules,
            current: None,
            next_index: 0,
            failed: false,
        }
    }

    /// Opens the input of `arg`.
    fn open(&self, arg: &str) -> Result<Source, InputError> {
        if !is_json_input(arg) {
            let input = Input::from_arg_with_shape(arg, self.shape)?;
            // With regions in place of the boxes, two equal givens may share a box; the
            // regions are checked with the rules (`LineRules`).
            let clashes = match self.line_rules.regions {
                Some(_) => Clashes::RowsAndColumns,
                None => Clashes::AllUnits,
            };
            let records = InputRecords::new(vec![input], self.shape)
                .with_clashes(clashes)
                .accepting_fields();
            return Ok(Source::Lines(Box::new(records)));
        }
        let input = if arg == "-" || Path::new(arg).is_file() {
            Input::from_arg(arg)?
        } else {
            Input::Inline(arg.to_string())
        };
        Ok(Source::Json(JsonDocuments::new(
            BufReader::new(input.open()?),
            input.name(),
        )))
    }

    /// The next record of the current input, or `None` when it is done.
    fn next_of_current(&mut self) -> Option<Result<VariantRecord, InputError>> {
        let index = self.next_index;
        let record = match self.current.as_mut()? {
            Source::Json(documents) => documents.next_record(index),
            Source::Lines(records) => records
                .next()
                .map(|record| record.map(|record| line_record(record, index, &self.line_rules))),
        }?;
        Some(record.map(|mut record| {
            record.index = index;
            self.next_index += 1;
            record
        }))
    }
}

impl Iterator for VariantRecords {
    type Item = Result<VariantRecord, InputError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        loop {
            if let Some(record) = self.next_of_current() {
                self.failed = record.is_err();
                return Some(record);
            }
            let arg = self.args.next()?;
            match self.open(&arg) {
                Ok(source) => self.current = Some(source),
                Err(error) => {
                    self.failed = true;
                    return Some(Err(error));
                }
            }
        }
    }
}

/// The f-puzzles documents of one JSON input, read one at a time.
struct JsonDocuments {
    reader: BufReader<Box<dyn Read + Send>>,
    source: String,
    /// Lines read so far.
    lines: usize,
    /// The document being gathered, from line `open_line` (from 1), and how deep its braces
    /// are at its end.
    open: String,
    open_line: usize,
    braces: Braces,
    /// Records read and not handed out yet (a line may hold several documents).
    ready: VecDeque<VariantRecord>,
    line: String,
    done: bool,
}

impl JsonDocuments {
    fn new(reader: BufReader<Box<dyn Read + Send>>, source: String) -> JsonDocuments {
        JsonDocuments {
            reader,
            source,
            lines: 0,
            open: String::new(),
            open_line: 0,
            braces: Braces::default(),
            ready: VecDeque::new(),
            line: String::new(),
            done: false,
        }
    }

    /// The next record, numbered from `index` (the caller renumbers it), or `None` at the end.
    fn next_record(&mut self, index: usize) -> Option<Result<VariantRecord, InputError>> {
        while self.ready.is_empty() && !self.done {
            if let Err(error) = self.read_line(index) {
                self.done = true;
                return Some(Err(error));
            }
        }
        self.ready.pop_front().map(Ok)
    }

    /// Reads one line, and makes the records it completes ready.
    fn read_line(&mut self, index: usize) -> Result<(), InputError> {
        self.line.clear();
        let read = self
            .reader
            .read_line(&mut self.line)
            .map_err(|error| InputError::Io {
                source: self.source.clone(),
                error,
            })?;
        if read == 0 {
            self.done = true;
            self.flush(index);
            return Ok(());
        }
        self.lines += 1;
        if self.lines == 1 && self.line.starts_with('\u{feff}') {
            self.line.drain(..'\u{feff}'.len_utf8());
        }
        let starts_document = self.line.starts_with('{');
        if !self.open.is_empty() && starts_document && self.braces.depth > 0 {
            // Still open at a new document: the open one is broken.
            self.flush(index);
        }
        if self.open.is_empty() {
            let text = self.line.trim_start();
            if text.is_empty() {
                return Ok(());
            }
            if !text.starts_with('{') {
                // A share string, alone on its line.
                let line = std::mem::take(&mut self.line);
                self.ready
                    .extend(records_at(&line, &self.source, index, self.lines - 1));
                self.line = line;
                return Ok(());
            }
            self.open_line = self.lines;
        }
        self.braces.scan(&self.line);
        self.open.push_str(&self.line);
        if self.braces.depth <= 0 {
            self.flush(index);
        }
        Ok(())
    }

    /// Reads the open text into records.
    fn flush(&mut self, index: usize) {
        if self.open.is_empty() {
            return;
        }
        let first = index + self.ready.len();
        // Without its last line end, a document cut short is reported on its own line.
        self.ready.extend(records_at(
            self.open.trim_end(),
            &self.source,
            first,
            self.open_line - 1,
        ));
        self.open.clear();
        self.braces = Braces::default();
    }
}

/// How deep a JSON text's braces are at its end, strings skipped.
#[derive(Clone, Copy, Debug, Default)]
struct Braces {
    depth: i64,
    in_string: bool,
    escaped: bool,
}

impl Braces {
    fn scan(&mut self, text: &str) {
        for byte in text.bytes() {
            match (self.in_string, self.escaped, byte) {
                (true, true, _) => self.escaped = false,
                (true, false, b'\\') => self.escaped = true,
                (true, false, b'"') => self.in_string = false,
                (true, false, _) => {}
                (false, _, b'"') => self.in_string = true,
                (false, _, b'{') => self.depth += 1,
                (false, _, b'}') => self.depth -= 1,
                _ => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const EMPTY: &str =
        r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}"#;

    fn records_of(text: &str) -> Vec<VariantRecord> {
        let reader: Box<dyn Read + Send> = Box::new(std::io::Cursor::new(text.to_string()));
        let mut documents = JsonDocuments::new(BufReader::new(reader), "t.ndjson".into());
        let mut records = Vec::new();
        while let Some(record) = documents.next_record(records.len()) {
            records.push(record.unwrap());
        }
        records
    }

    #[test]
    fn streamed_records_match_the_whole_text_read_at_once() {
        let pretty = serde_json::to_string_pretty(
            &serde_json::from_str::<serde_json::Value>(EMPTY).unwrap(),
        )
        .unwrap();
        let text = format!(
            "{EMPTY}\n\n  {EMPTY} {EMPTY}\n{pretty}\n{{\"title\":\"a }} in a \\\" string\",\"size\":4,\"grid\":[]}}\n{EMPTY}\n"
        );
        let streamed = records_of(&text);
        let whole = super::super::variant::records_of_json(&text, "t.ndjson", 0);
        assert_eq!(streamed, whole);
        assert_eq!(streamed.len(), 6);
        // After the pretty document's lines.
        let lines = 4 + pretty.lines().count();
        assert_eq!(
            streamed[4].error_message().unwrap(),
            format!("t.ndjson:{lines}:1: grid: expected 4 rows")
        );
    }

    #[test]
    fn a_broken_document_is_one_error_and_the_next_line_goes_on() {
        let text = format!("{EMPTY}\n{{\"size\":4,\n{EMPTY}\nnot a share string\n{{\"size\"");
        let records = records_of(&text);
        assert_eq!(records.len(), 5);
        let broken = records[1].error_message().unwrap();
        assert!(broken.starts_with("t.ndjson:2:"), "{broken}");
        assert!(broken.contains("broken JSON"), "{broken}");
        assert!(records[2].puzzle.is_ok());
        assert!(records[3]
            .error_message()
            .unwrap()
            .starts_with("t.ndjson:4:1: "));
        assert!(records[4]
            .error_message()
            .unwrap()
            .starts_with("t.ndjson:5:"));
        let indexes: Vec<usize> = records.iter().map(|r| r.index).collect();
        assert_eq!(indexes, [0, 1, 2, 3, 4]);
    }
}
