//! Variant puzzle records: f-puzzles JSON documents (one per file, pretty-printed or not, or
//! one per line, NDJSON; plain or in the compressed share form), and line puzzles read with
//! rules and regions named on the command line or in their own `regions=` and `rules=`
//! fields.
//!
//! ```
//! use sudoku_dlx_cli::input::variant::{records_of_json, VariantRecord};
//! let text = "{\"size\":4,\"grid\":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}\n\
//!             {\"size\":4,\"grid\":[]}\n";
//! let records = records_of_json(text, "puzzles.ndjson", 0);
//! assert!(records[0].puzzle.is_ok());
//! assert_eq!(records[1].error_message().unwrap(), "puzzles.ndjson:2:1: grid: expected 4 rows");
//! ```

use super::{Field, FieldName, InputError, Record};
use std::fmt;
use std::io::{self, BufRead, IsTerminal, Read};
use std::path::Path;
use sudoku_dlx::sudoku::ParseError;
use sudoku_dlx::variant::fpuzzles::{self, FpuzzlesError, FpuzzlesWarning, Parsed};
use sudoku_dlx::variant::{Rule, RuleName, Variant, VariantError};
use sudoku_dlx::{Grid, Shape};

/// One variant puzzle read from an input, or why it could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantRecord {
    /// Its position among all the records read, from 0.
    pub index: usize,
    /// The name of its input.
    pub source: String,
    /// The line where it starts, from 1.
    pub line: usize,
    /// The column where it starts, from 1.
    pub column: usize,
    /// The puzzle, or why it could not be read.
    pub puzzle: Result<Variant, VariantReadError>,
    /// What the reader read past in the puzzle's document (see [`FpuzzlesWarning`]).
    pub warnings: Vec<FpuzzlesWarning>,
}

/// Why a variant record could not be read. Each carries its position in the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariantReadError {
    /// A line puzzle that does not read (its own error has the position).
    Puzzle(ParseError),
    /// An f-puzzles document that does not read, at `line`:`column`.
    Fpuzzles {
        /// Line, from 1.
        line: usize,
        /// Column, from 1.
        column: usize,
        /// Why.
        error: FpuzzlesError,
    },
    /// A variant field of a line puzzle (`regions=`, `rules=`) that does not read or fit.
    Field {
        /// Line, from 1.
        line: usize,
        /// Column, from 1: the field's name, or the rule name at fault.
        column: usize,
        /// Which field.
        field: FieldName,
        /// Why.
        problem: FieldProblem,
    },
    /// A line puzzle whose rules or regions from the command line do not fit it.
    Rules {
        /// Line, from 1.
        line: usize,
        /// Column, from 1.
        column: usize,
        /// Why.
        error: VariantError,
    },
}

impl fmt::Display for VariantReadError {
    /// `LINE:COLUMN: reason`, ready to follow a path and a colon.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VariantReadError::Puzzle(error) => error.fmt(f),
            VariantReadError::Fpuzzles {
                line,
                column,
                error: FpuzzlesError::Json { message, .. },
            } => write!(f, "{line}:{column}: broken JSON: {message}"),
            VariantReadError::Fpuzzles {
                line,
                column,
                error:
                    FpuzzlesError::ConstraintString {
                        column: at,
                        problem,
                    },
            } => write!(f, "{line}:{}: {problem}", column + at - 1),
            VariantReadError::Fpuzzles {
                line,
                column,
                error,
            } => write!(f, "{line}:{column}: {error}"),
            VariantReadError::Field {
                line,
                column,
                field,
                problem,
            } => write!(f, "{line}:{column}: {field}: {problem}"),
            VariantReadError::Rules {
                line,
                column,
                error,
            } => write!(f, "{line}:{column}: {error}"),
        }
    }
}

/// What is wrong with a variant field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FieldProblem {
    /// The same field twice on one record.
    Repeated,
    /// A rule name that `--rules` does not take.
    UnknownRule(String),
    /// Regions that do not fit the puzzle (a wrong length, a region of the wrong size).
    Regions(VariantError),
    /// Regions other than those of `--regions`.
    RegionsDiffer,
    /// Rules that cannot go with the puzzle (disjoint groups with irregular regions).
    Rules(VariantError),
}

impl fmt::Display for FieldProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FieldProblem::Repeated => f.write_str("given twice"),
            FieldProblem::UnknownRule(name) => {
                let names: Vec<&str> = RuleName::ALL.iter().map(|r| r.name()).collect();
                write!(
                    f,
                    "unknown rule {name:?} (the rules are {})",
                    names.join(", ")
                )
            }
            FieldProblem::Regions(VariantError::RegionsLength { found, expected }) => {
                write!(f, "{found} characters, expected {expected} (one per cell)")
            }
            FieldProblem::Regions(error) | FieldProblem::Rules(error) => error.fmt(f),
            FieldProblem::RegionsDiffer => f.write_str("differs from the regions of --regions"),
        }
    }
}

impl std::error::Error for VariantReadError {}

impl VariantRecord {
    /// `source:line:column: reason` for a record that could not be read.
    pub fn error_message(&self) -> Option<String> {
        self.puzzle
            .as_ref()
            .err()
            .map(|error| format!("{}:{error}", self.source))
    }

    /// `source:line:column: warning: what` for each warning of the record, in order: the
    /// lines a command prints on standard error, once per record.
    ///
    /// ```
    /// use sudoku_dlx_cli::input::variant::records_of_json;
    /// let text = r#"{"size":4,"colour":"red","grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}"#;
    /// let records = records_of_json(&format!("\n  {text}"), "a.json", 0);
    /// assert_eq!(
    ///     records[0].warning_messages(),
    ///     ["a.json:2:3: warning: colour: unknown key, ignored (not a key of the f-puzzles format)"]
    /// );
    /// ```
    pub fn warning_messages(&self) -> Vec<String> {
        self.warnings
            .iter()
            .map(|warning| {
                format!(
                    "{}:{}:{}: warning: {warning}",
                    self.source, self.line, self.column
                )
            })
            .collect()
    }

    /// The record as the classic printer sees it: its position and its givens.
    pub fn as_record(&self) -> Option<Record> {
        let variant = self.puzzle.as_ref().ok()?;
        Some(Record {
            index: self.index,
            source: self.source.clone(),
            line: self.line,
            column: self.column,
            puzzle: Ok(variant.givens().clone()),
            fields: Vec::new(),
        })
    }
}

/// The rules and regions named on the command line, for line puzzles.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LineRules {
    /// Rules added to every line puzzle.
    pub rules: Vec<Rule>,
    /// `--regions`: one character per cell, the same character for the cells of one region.
    pub regions: Option<String>,
}

impl LineRules {
    /// The variant of a line puzzle `grid` read at `line`:`column` with its `fields`: the
    /// rules of the command line and of the `rules=` field together, and the regions of
    /// `--regions` or of the `regions=` field (both: they must be the same regions).
    fn variant(
        &self,
        grid: Grid,
        fields: &[Field],
        line: usize,
        column: usize,
    ) -> Result<Variant, VariantReadError> {
        let shape = grid.shape();
        let mut regions = self.regions.as_deref().map(region_map);
        let mut rules = self.rules.clone();
        let mut rules_field = None;
        let mut seen = Vec::new();
        for field in fields {
            let error = |column, problem| VariantReadError::Field {
                line: field.line,
                column,
                field: field.name,
                problem,
            };
            if seen.contains(&field.name) {
                return Err(error(field.column, FieldProblem::Repeated));
            }
            seen.push(field.name);
            match field.name {
                FieldName::Regions => {
                    let map = region_map(&field.value);
                    Variant::check_regions(shape, &map)
                        .map_err(|e| error(field.column, FieldProblem::Regions(e)))?;
                    if regions.as_ref().is_some_and(|flag| *flag != map) {
                        return Err(error(field.column, FieldProblem::RegionsDiffer));
                    }
                    regions = Some(map);
                }
                FieldName::Rules => {
                    rules_field = Some(field);
                    let mut at = field.value_column();
                    for name in field.value.split(',') {
                        if !name.is_empty() {
                            let named = RuleName::parse(name).ok_or_else(|| {
                                error(at, FieldProblem::UnknownRule(name.to_string()))
                            })?;
                            for rule in named.rules() {
                                if !rules.contains(&rule) {
                                    rules.push(rule);
                                }
                            }
                        }
                        at += name.chars().count() + 1;
                    }
                }
            }
        }
        Variant::new(grid, regions, rules).map_err(|error| match rules_field {
            Some(field) => VariantReadError::Field {
                line: field.line,
                column: field.column,
                field: field.name,
                problem: FieldProblem::Rules(error),
            },
            None => VariantReadError::Rules {
                line,
                column,
                error,
            },
        })
    }
}

/// The region map of a `--regions` string: whitespace is skipped, and regions are numbered
/// by the first appearance of their character.
pub fn region_map(text: &str) -> Vec<usize> {
    Variant::number_regions(text.chars().filter(|c| !c.is_whitespace()))
}

/// How much of the head of a file, or of standard input's buffer, [`is_variant_input`]
/// looks at for variant fields.
pub const FIELD_PEEK: usize = 64 * 1024;

/// True when `arg` (a command-line input) holds variant puzzles: f-puzzles documents (see
/// [`is_json_input`]), or line puzzles with `regions=` or `rules=` fields in the first
/// [`FIELD_PEEK`] bytes of a file, in what standard input has ready, or in inline text. A
/// field further on, on an input taken as classic, is refused in its place.
pub fn is_variant_input(arg: &str) -> bool {
    if is_json_input(arg) {
        return true;
    }
    if arg == "-" {
        return with_stdin_head(super::has_field_line);
    }
    let path = Path::new(arg);
    if path.is_file() {
        let mut head = Vec::with_capacity(FIELD_PEEK);
        let read = std::fs::File::open(path)
            .and_then(|file| file.take(FIELD_PEEK as u64).read_to_end(&mut head));
        return read.is_ok() && super::has_field_line(&head);
    }
    super::has_field_line(arg.as_bytes())
}

/// True when `arg` (a command-line input) is an f-puzzles document: a `.json` or
/// `.ndjson` file, a file or standard input whose first character is `{` or whose first line
/// is a share string or link, or inline text that [`fpuzzles::is_document`] takes for one.
pub fn is_json_input(arg: &str) -> bool {
    if arg == "-" {
        return with_stdin_head(|head| first_byte_is_brace(head) || first_line_is_shared(head));
    }
    let path = Path::new(arg);
    if path.is_file() {
        let named = matches!(
            path.extension().and_then(|e| e.to_str()),
            Some("json" | "ndjson")
        );
        return named || file_starts_document(path);
    }
    inline_is_document(arg)
}

/// [`fpuzzles::is_document`] of inline text, remembered for the last text asked about on
/// this thread: a command asks of each input whether it is a variant one and then again
/// how to read it, and for a share string each answer decompresses it.
fn inline_is_document(arg: &str) -> bool {
    thread_local! {
        static LAST: std::cell::RefCell<Option<(String, bool)>> = const { std::cell::RefCell::new(None) };
    }
    LAST.with_borrow_mut(|last| match last {
        Some((text, answer)) if text == arg => *answer,
        _ => {
            let answer = fpuzzles::is_document(arg);
            *last = Some((arg.to_string(), answer));
            answer
        }
    })
}

/// True when the file's first character is `{` or its first line a share string or link.
fn file_starts_document(path: &Path) -> bool {
    let mut head = Vec::with_capacity(FIELD_PEEK);
    let read = std::fs::File::open(path)
        .and_then(|file| file.take(FIELD_PEEK as u64).read_to_end(&mut head));
    read.is_ok() && (first_byte_is_brace(&head) || first_line_is_shared(&head))
}

/// True when the first non-blank line of `head` is an f-puzzles share string (compressed
/// JSON) or a link holding one. A line cut short by the end of `head` is judged by its
/// start: share strings of f-puzzles documents begin `N4Ig` (the compressed `{"`).
fn first_line_is_shared(head: &[u8]) -> bool {
    let head = head.strip_prefix(b"\xef\xbb\xbf").unwrap_or(head);
    let start = head.iter().position(|b| !b.is_ascii_whitespace());
    let Some(start) = start else {
        return false;
    };
    let rest = &head[start..];
    match rest.iter().position(|&b| b == b'\n') {
        Some(end) => std::str::from_utf8(&rest[..end]).is_ok_and(fpuzzles::is_document),
        None => {
            let text = String::from_utf8_lossy(rest);
            text.starts_with(fpuzzles::PACKED_START)
                || text.contains("load=")
                || fpuzzles::is_document(&text)
        }
    }
}

/// Peeks at standard input without consuming it (the standard library buffers it for every
/// later reader): `look` at what it has ready; a terminal is never peeked at.
fn with_stdin_head(look: impl FnOnce(&[u8]) -> bool) -> bool {
    let stdin = io::stdin();
    if stdin.is_terminal() {
        return false;
    }
    let mut lock = stdin.lock();
    lock.fill_buf().is_ok_and(look)
}

fn first_byte_is_brace(bytes: &[u8]) -> bool {
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    bytes.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{')
}

/// Reads every record of `args` (files, `-`, inline), numbering them across inputs: JSON
/// inputs as f-puzzles documents, the others as line puzzles with `line_rules`. The commands
/// stream them instead, with [`VariantRecords`](super::variant_stream::VariantRecords).
pub fn read_all(
    args: &[String],
    shape: Option<Shape>,
    line_rules: &LineRules,
) -> Result<Vec<VariantRecord>, InputError> {
    super::variant_stream::VariantRecords::new(args, shape, line_rules.clone()).collect()
}

/// A line puzzle's record with the command line's rules and its own fields.
pub(crate) fn line_record(record: Record, first: usize, line_rules: &LineRules) -> VariantRecord {
    let (line, column) = (record.line, record.column);
    VariantRecord {
        index: first + record.index,
        source: record.source,
        line,
        column,
        puzzle: record
            .puzzle
            .map_err(VariantReadError::Puzzle)
            .and_then(|grid| line_rules.variant(grid, &record.fields, line, column)),
        warnings: Vec::new(),
    }
}

/// The records of a text of f-puzzles documents named `source`, numbered from `first`: JSON
/// values one after the other (one pretty-printed document, or one per line), or share
/// strings one per line. After broken JSON, reading goes on at the next line that starts
/// with `{`.
pub fn records_of_json(text: &str, source: &str, first: usize) -> Vec<VariantRecord> {
    records_at(text, source, first, 0)
}

/// [`records_of_json`] of a text that starts after `lines_before` lines of its input: the
/// positions count those lines.
pub(crate) fn records_at(
    text: &str,
    source: &str,
    first: usize,
    lines_before: usize,
) -> Vec<VariantRecord> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut records = Vec::new();
    let mut offset = 0;
    while let Some(skip) = text[offset..].find(|c: char| !c.is_whitespace()) {
        offset += skip;
        let (line, column) = position(text, offset);
        let line = line + lines_before;
        let record = |read: Result<Parsed, VariantReadError>| {
            let (puzzle, warnings) = match read {
                Ok(parsed) => (Ok(parsed.variant), parsed.warnings),
                Err(error) => (Err(error), Vec::new()),
            };
            VariantRecord {
                index: first + records.len(),
                source: source.to_string(),
                line,
                column,
                puzzle,
                warnings,
            }
        };
        let at = |error| VariantReadError::Fpuzzles {
            line,
            column,
            error,
        };
        if !text[offset..].starts_with('{') {
            // A share string, alone on its line.
            let end = text[offset..].find('\n').map_or(text.len(), |k| offset + k);
            let made = record(fpuzzles::parse_with_warnings(text[offset..end].trim()).map_err(at));
            records.push(made);
            offset = end;
            continue;
        }
        let mut stream =
            serde_json::Deserializer::from_str(&text[offset..]).into_iter::<serde_json::Value>();
        match stream.next() {
            Some(Ok(value)) => {
                let read = match value.as_object() {
                    Some(object) => fpuzzles::from_object_with_warnings(object).map_err(at),
                    None => Err(at(FpuzzlesError::Field {
                        path: "(document)".into(),
                        problem: "expected an object".into(),
                    })),
                };
                records.push(record(read));
                offset += stream.byte_offset();
            }
            Some(Err(error)) => {
                // The error's place, counted from the record's start.
                let (error_line, error_column) = if error.line() <= 1 {
                    (line, column + error.column().saturating_sub(1))
                } else {
                    (line + error.line() - 1, error.column().max(1))
                };
                // The reader's own position is relative to the record: ours replaces it.
                let message = error.to_string();
                let message = message
                    .rsplit_once(" at line ")
                    .map_or(message.as_str(), |(text, _)| text)
                    .to_string();
                let json = FpuzzlesError::Json {
                    line: error_line,
                    column: error_column,
                    message,
                };
                records.push(VariantRecord {
                    index: first + records.len(),
                    source: source.to_string(),
                    line: error_line,
                    column: error_column,
                    puzzle: Err(VariantReadError::Fpuzzles {
                        line: error_line,
                        column: error_column,
                        error: json,
                    }),
                    warnings: Vec::new(),
                });
                offset = next_document(text, offset);
            }
            None => break,
        }
    }
    records
}

/// The byte offset of the first line after the line of `offset` that starts with `{` (or
/// the end of the text): where the next document may start after a broken one.
fn next_document(text: &str, offset: usize) -> usize {
    let mut at = offset;
    while let Some(k) = text[at..].find('\n') {
        at += k + 1;
        if text[at..].starts_with('{') {
            return at;
        }
    }
    text.len()
}

/// Line and column (from 1, columns in characters) of byte `offset`.
fn position(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |k| k + 1);
    (line, before[start..].chars().count() + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    const EMPTY: &str =
        r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}"#;

    #[test]
    fn one_pretty_document_is_one_record() {
        let pretty = serde_json::to_string_pretty(
            &serde_json::from_str::<serde_json::Value>(EMPTY).unwrap(),
        )
        .unwrap();
        let records = records_of_json(&pretty, "a.json", 0);
        assert_eq!(records.len(), 1);
        assert!(records[0].puzzle.is_ok());
    }

    #[test]
    fn a_broken_line_does_not_lose_the_others() {
        let text = format!("{EMPTY}\n{{\"size\":4,\n{EMPTY}\n\n  {EMPTY}\n");
        let records = records_of_json(&text, "b.ndjson", 5);
        assert_eq!(records.len(), 4);
        assert_eq!(records[1].index, 6);
        let message = records[1].error_message().unwrap();
        assert!(
            message.starts_with("b.ndjson:3:1: broken JSON: "),
            "{message}"
        );
        assert!(records[2].puzzle.is_ok());
        assert_eq!((records[3].line, records[3].column), (5, 3));
    }

    #[test]
    fn regions_are_numbered_by_first_appearance() {
        assert_eq!(
            region_map("aabb aabb\nccdd ccdd"),
            vec![0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3]
        );
    }
}
