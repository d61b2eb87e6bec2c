//! Where puzzles come from and how they are read: standard input, files and inline
//! arguments, each a stream of [`Record`]s.
//!
//! The reader detects the layout record by record: one puzzle per line (with comments), or
//! multi-line grids with `|`, `-`, `+` decoration, which is what
//! [`output`](crate::output)'s grid format prints. See `docs/formats.md` for the grammar.
//!
//! ```
//! use sudoku_dlx_cli::input::read_records;
//! let text = "# two puzzles\n12.. ..12 21.. ..21\n1234341221434321  solved\n";
//! let records: Vec<_> = read_records(text.as_bytes(), None).collect::<Result<_, _>>()?;
//! assert_eq!(records.len(), 2);
//! assert_eq!(records[1].line, 3);
//! assert!(records[1].puzzle.as_ref().unwrap().is_solved());
//! # Ok::<(), std::io::Error>(())
//! ```

pub mod lines;
pub mod marks;
mod reader;
pub mod variant;
pub mod variant_stream;

pub use reader::{read_records, Records};

use std::borrow::Cow;
use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Cursor, Read};
use std::path::{Path, PathBuf};
use sudoku_dlx::sudoku::{Clashes, Grid, ParseError, ParseErrorKind, Shape};

/// The name errors give to standard input.
pub const STDIN_NAME: &str = "<stdin>";
/// The name errors give to a puzzle written on the command line.
pub const INLINE_NAME: &str = "<inline>";

/// One source of puzzles named on the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// Standard input (`-`, or no input named).
    Stdin,
    /// A file.
    File(PathBuf),
    /// A puzzle written as the argument itself.
    Inline(String),
}

impl Input {
    /// Reads a command-line argument: `-` is standard input, an existing path is a file,
    /// and anything else must read as a puzzle (of its usual shape) to be taken inline.
    pub fn from_arg(arg: &str) -> Result<Input, InputError> {
        Input::from_arg_with_shape(arg, None)
    }

    /// Like [`Input::from_arg`], reading an inline puzzle with `shape` when one is named.
    ///
    /// An inline puzzle with clashing givens, a digit out of range or a side with no usual
    /// shape is still taken inline, so that its error is reported in its place like any bad
    /// record; an argument that has the wrong number of cells or characters that are not
    /// cells is neither a file nor a puzzle.
    pub fn from_arg_with_shape(arg: &str, shape: Option<Shape>) -> Result<Input, InputError> {
        if arg == "-" {
            return Ok(Input::Stdin);
        }
        let path = Path::new(arg);
        if path.exists() {
            return Ok(Input::File(path.to_path_buf()));
        }
        let mut records = read_records(arg.as_bytes(), shape);
        let read = match records.next() {
            Some(Ok(record)) if records.next().is_none() => record.puzzle,
            _ => Grid::parse_with_shape(arg, shape),
        };
        match read {
            Ok(_) => Ok(Input::Inline(arg.to_string())),
            Err(error) if is_puzzle_shaped(&error) => Ok(Input::Inline(arg.to_string())),
            Err(_) if looks_like_path(arg) => Err(InputError::NoSuchFile {
                arg: arg.to_string(),
                missing_folder: missing_folder(path),
            }),
            Err(reason) => Err(InputError::NotFound {
                arg: arg.to_string(),
                reason,
            }),
        }
    }

    /// The name used in messages: the path, [`STDIN_NAME`] or [`INLINE_NAME`].
    pub fn name(&self) -> String {
        match self {
            Input::Stdin => STDIN_NAME.to_string(),
            Input::File(path) => path.display().to_string(),
            Input::Inline(_) => INLINE_NAME.to_string(),
        }
    }

    /// The bytes of the input, unbuffered.
    pub fn open(&self) -> Result<Box<dyn Read + Send>, InputError> {
        Ok(match self {
            Input::Stdin => Box::new(io::stdin()),
            Input::File(path) => Box::new(File::open(path).map_err(|error| InputError::Io {
                source: path.display().to_string(),
                error,
            })?),
            Input::Inline(text) => Box::new(Cursor::new(text.clone().into_bytes())),
        })
    }

    /// The size in bytes when it is known in advance (files and inline text).
    pub fn size(&self) -> Option<u64> {
        match self {
            Input::Stdin => None,
            Input::File(path) => std::fs::metadata(path).ok().map(|m| m.len()),
            Input::Inline(text) => Some(text.len() as u64),
        }
    }
}

/// `name` with its control characters escaped as Rust writes them (`\n`, `\t`,
/// `\u{1b}`), so that a file name cannot break a line of output or a message in two. Other
/// characters, the backslash included, are kept as they are.
///
/// ```
/// use sudoku_dlx_cli::input::escape_name;
/// assert_eq!(escape_name("two\nlines.txt"), "two\\nlines.txt");
/// assert_eq!(escape_name("plain/name.txt"), "plain/name.txt");
/// ```
pub fn escape_name(name: &str) -> Cow<'_, str> {
    if !name.chars().any(char::is_control) {
        return Cow::Borrowed(name);
    }
    let mut escaped = String::with_capacity(name.len() + 8);
    for c in name.chars() {
        if c.is_control() {
            escaped.extend(c.escape_debug());
        } else {
            escaped.push(c);
        }
    }
    Cow::Owned(escaped)
}

/// Clashing givens, digits out of range, square grids with no usual shape and puzzles with
/// variant fields come from a text that has a puzzle's shape.
fn is_puzzle_shaped(error: &ParseError) -> bool {
    use sudoku_dlx::sudoku::ParseErrorKind::{Clash, DigitOutOfRange, NoUsualShape, VariantField};
    matches!(
        error.kind,
        Clash(_) | DigitOutOfRange { .. } | NoUsualShape { .. } | VariantField { .. }
    )
}

/// True when an argument that is neither a file nor a puzzle was meant as a file: it names
/// a folder (`/` or a backslash), ends in an extension (`.txt`, `.json`), or is a word
/// with letters shorter than the smallest grid (16 cells).
fn looks_like_path(arg: &str) -> bool {
    let extension = arg.rsplit_once('.').is_some_and(|(stem, extension)| {
        !stem.is_empty()
            && (1..=5).contains(&extension.len())
            && extension.chars().all(|c| c.is_ascii_alphanumeric())
            && extension.chars().any(|c| c.is_ascii_alphabetic())
    });
    let letters = arg.chars().any(|c| c.is_alphabetic());
    arg.contains(['/', '\\']) || extension || (letters && arg.chars().count() < 16)
}

/// The first folder on `path` that does not exist, if one does not.
fn missing_folder(path: &Path) -> Option<PathBuf> {
    // Ancestors come deepest first: the last one missing is the first on the path.
    path.ancestors()
        .skip(1)
        .filter(|folder| !folder.as_os_str().is_empty() && !folder.is_dir())
        .last()
        .map(Path::to_path_buf)
}

/// One puzzle read from an input, or the reason it could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// Its position among all the records read, from 0.
    pub index: usize,
    /// The name of its input: a path, [`STDIN_NAME`] or [`INLINE_NAME`].
    pub source: String,
    /// The line where it starts, from 1.
    pub line: usize,
    /// The column where it starts, from 1, in characters.
    pub column: usize,
    /// The puzzle, or why it could not be read (positions are in the input).
    pub puzzle: Result<Grid, ParseError>,
    /// The variant fields written with it (`regions=`, `rules=`), in the order written;
    /// only readers that take variants keep any (see [`Records::accepting_fields`]).
    pub fields: Vec<Field>,
}

/// The name of a variant field of a line: `regions` or `rules`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FieldName {
    /// `regions=`: one character per cell, the same for the cells of one region.
    Regions,
    /// `rules=`: rule names as `--rules` takes them, separated by commas.
    Rules,
}

impl FieldName {
    /// Both names, in the order they are printed.
    pub const ALL: [FieldName; 2] = [FieldName::Regions, FieldName::Rules];

    /// `regions` or `rules`.
    pub fn name(self) -> &'static str {
        match self {
            FieldName::Regions => "regions",
            FieldName::Rules => "rules",
        }
    }

    /// The field a word is, and its value: `regions=aabb` is `(Regions, "aabb")`; `None`
    /// for a word that is no field.
    pub fn of_word(word: &str) -> Option<(FieldName, &str)> {
        FieldName::ALL.into_iter().find_map(|name| {
            word.strip_prefix(name.name())
                .and_then(|rest| rest.strip_prefix('='))
                .map(|value| (name, value))
        })
    }
}

impl fmt::Display for FieldName {
    /// The name with its `=`: `regions=`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}=", self.name())
    }
}

/// A variant field written after a puzzle's cells (`regions=aabb...`, `rules=x`), or on
/// the line after a grid, with where its name starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Field {
    /// Which field.
    pub name: FieldName,
    /// The text after the `=`, up to the next white space.
    pub value: String,
    /// The line, from 1.
    pub line: usize,
    /// The column of the name's first character, from 1, in characters.
    pub column: usize,
}

impl Field {
    /// The column of the value's first character.
    pub fn value_column(&self) -> usize {
        self.column + self.name.name().len() + 1
    }
}

/// The variant fields that start `text`: the words, separated by white space, that are
/// `regions=...` or `rules=...`, up to the first word that is neither (it and the rest are a
/// comment). `column` is the column of `text`'s first character on `line`.
///
/// ```
/// use sudoku_dlx_cli::input::{leading_fields, FieldName};
/// let fields = leading_fields("  regions=aabb rules=x  a comment rules=y", 3, 17);
/// assert_eq!(fields.len(), 2);
/// assert_eq!((fields[0].name, fields[0].value.as_str()), (FieldName::Regions, "aabb"));
/// assert_eq!((fields[1].line, fields[1].column), (3, 32));
/// ```
pub fn leading_fields(text: &str, line: usize, column: usize) -> Vec<Field> {
    let mut fields = Vec::new();
    let mut chars = text.chars().enumerate().peekable();
    loop {
        while chars.next_if(|(_, c)| c.is_whitespace()).is_some() {}
        let Some(&(start, _)) = chars.peek() else {
            break;
        };
        let mut word = String::new();
        while let Some((_, c)) = chars.next_if(|(_, c)| !c.is_whitespace()) {
            word.push(c);
        }
        let Some((name, value)) = FieldName::of_word(&word) else {
            break;
        };
        fields.push(Field {
            name,
            value: value.to_string(),
            line,
            column: column + start,
        });
    }
    fields
}

/// True when a line of `text` carries a variant field: its first word (a grid's field
/// line) or its second (after a one-line puzzle's cells) starts with `regions=` or
/// `rules=`. A cheap look at the head of an input, to choose the variant path.
///
/// ```
/// use sudoku_dlx_cli::input::has_field_line;
/// assert!(has_field_line(b"# a comment\n1234341243212143 rules=x\n"));
/// assert!(has_field_line(b"1 2 | 3 4\nregions=aabbaabbccddccdd\n"));
/// // A field after a comment word is comment; so is a `#` line.
/// assert!(!has_field_line(b"1234341243212143 solved rules=x\n# rules=x\n"));
/// ```
pub fn has_field_line(text: &[u8]) -> bool {
    let text = String::from_utf8_lossy(text);
    text.lines()
        .filter(|line| !line.trim_start().starts_with('#'))
        .any(|line| {
            line.split_whitespace()
                .take(2)
                .any(|word| FieldName::of_word(word).is_some())
        })
}

impl Record {
    /// `source:line:column`, where the record starts (control characters of the source
    /// escaped, see [`escape_name`]).
    pub fn position(&self) -> String {
        format!(
            "{}:{}:{}",
            escape_name(&self.source),
            self.line,
            self.column
        )
    }

    /// The full error message for a record that could not be read:
    /// `source:line:column: reason`.
    pub fn error_message(&self) -> Option<String> {
        self.puzzle
            .as_ref()
            .err()
            .map(|error| format!("{}:{error}", escape_name(&self.source)))
    }
}

/// Why an input could not be used at all (bad records are not input errors: they are
/// reported in their place).
#[derive(Debug)]
pub enum InputError {
    /// The argument looks like a file name (see [`Input::from_arg`]) and no such file
    /// exists.
    NoSuchFile {
        /// The argument.
        arg: String,
        /// The first folder on its path that does not exist, if one does not.
        missing_folder: Option<PathBuf>,
    },
    /// The argument is not an existing file and does not read as a puzzle.
    NotFound {
        /// The argument.
        arg: String,
        /// What went wrong reading it as a puzzle.
        reason: ParseError,
    },
    /// The input could not be opened or read.
    Io {
        /// Its name.
        source: String,
        /// What the system said.
        error: io::Error,
    },
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::NoSuchFile {
                arg,
                missing_folder,
            } => {
                write!(f, "{}: no such file", escape_name(arg))?;
                match missing_folder {
                    Some(folder) => {
                        let folder = folder.display().to_string();
                        write!(f, " (there is no folder {})", escape_name(&folder))
                    }
                    None => Ok(()),
                }
            }
            InputError::NotFound { arg, reason } => {
                let arg = escape_name(arg);
                write!(f, "{arg}: no such file, and not a puzzle (")?;
                if let ParseErrorKind::BadCharacter(_) = reason.kind {
                    write!(f, "column {}: ", reason.column)?;
                }
                write!(f, "{})", reason.kind)
            }
            InputError::Io { source, error } => write!(f, "{}: {error}", escape_name(source)),
        }
    }
}

impl std::error::Error for InputError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            InputError::NotFound { reason, .. } => Some(reason),
            InputError::NoSuchFile { .. } => None,
            InputError::Io { error, .. } => Some(error),
        }
    }
}

/// Wraps the raw bytes of each input before it is read, e.g. to count them for a progress
/// bar.
pub type ReadWrapper = Box<dyn FnMut(Box<dyn Read + Send>) -> Box<dyn Read + Send> + Send>;

/// The records of several inputs, one after the other, numbered across all of them. Each
/// input is opened only when the previous one is done.
pub struct InputRecords {
    inputs: std::vec::IntoIter<Input>,
    shape: Option<Shape>,
    current: Option<Records<BufReader<Box<dyn Read + Send>>>>,
    next_index: usize,
    wrap: Option<ReadWrapper>,
    clashes: Clashes,
    accept_fields: bool,
    failed: bool,
}

impl InputRecords {
    /// The records of `inputs`, in order, read with `shape` when one is named.
    pub fn new(inputs: Vec<Input>, shape: Option<Shape>) -> InputRecords {
        InputRecords {
            inputs: inputs.into_iter(),
            shape,
            current: None,
            next_index: 0,
            wrap: None,
            clashes: Clashes::AllUnits,
            accept_fields: false,
            failed: false,
        }
    }

    /// Keeps the variant fields of each record (see [`Records::accepting_fields`]).
    pub fn accepting_fields(mut self) -> InputRecords {
        self.accept_fields = true;
        self
    }

    /// Refuses givens that repeat in `clashes` only (all units by default):
    /// [`Clashes::RowsAndColumns`] for puzzles whose irregular regions replace the boxes.
    pub fn with_clashes(mut self, clashes: Clashes) -> InputRecords {
        self.clashes = clashes;
        self
    }

    /// Passes each input's bytes through `wrap` before reading them.
    pub fn wrap_readers(mut self, wrap: ReadWrapper) -> InputRecords {
        self.wrap = Some(wrap);
        self
    }
}

impl Iterator for InputRecords {
    type Item = Result<Record, InputError>;

    /// The next record; after an input error, nothing more.
    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        loop {
            if let Some(records) = &mut self.current {
                match records.next() {
                    Some(Ok(mut record)) => {
                        record.index = self.next_index;
                        self.next_index += 1;
                        return Some(Ok(record));
                    }
                    Some(Err(error)) => {
                        self.failed = true;
                        return Some(Err(InputError::Io {
                            source: records.source().to_string(),
                            error,
                        }));
                    }
                    None => self.current = None,
                }
            }
            let input = self.inputs.next()?;
            let raw = match input.open() {
                Ok(raw) => raw,
                Err(error) => {
                    self.failed = true;
                    return Some(Err(error));
                }
            };
            let raw = match &mut self.wrap {
                Some(wrap) => wrap(raw),
                None => raw,
            };
            let reader = BufReader::with_capacity(64 * 1024, raw);
            let records =
                Records::named(reader, input.name(), self.shape).with_clashes(self.clashes);
            self.current = Some(if self.accept_fields {
                records.accepting_fields()
            } else {
                records
            });
        }
    }
}

/// Reads all the records of a text that is already in memory (tests, examples).
pub fn records_of_text(text: &str, shape: Option<Shape>) -> io::Result<Vec<Record>> {
    read_records(text.as_bytes(), shape).collect()
}

/// Reads records from any buffered reader named `source`.
pub fn read_records_named<R: BufRead>(reader: R, source: &str, shape: Option<Shape>) -> Records<R> {
    Records::named(reader, source.to_string(), shape)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments_are_stdin_files_or_puzzles() {
        assert_eq!(Input::from_arg("-").unwrap(), Input::Stdin);
        assert_eq!(
            Input::from_arg("Cargo.toml").unwrap(),
            Input::File("Cargo.toml".into())
        );
        let puzzle = sudoku_dlx::samples::EXAMPLE;
        assert_eq!(
            Input::from_arg(puzzle).unwrap(),
            Input::Inline(puzzle.into())
        );
        let clash = format!("44{}", ".".repeat(79));
        assert_eq!(
            Input::from_arg(&clash).unwrap(),
            Input::Inline(clash.clone())
        );
        let error = Input::from_arg("puzzles.txt").unwrap_err();
        assert_eq!(error.to_string(), "puzzles.txt: no such file");
        let error = Input::from_arg("puzzels").unwrap_err();
        assert_eq!(error.to_string(), "puzzels: no such file");
        let error = Input::from_arg("no-such-folder/deeper/p.txt").unwrap_err();
        assert_eq!(
            error.to_string(),
            "no-such-folder/deeper/p.txt: no such file (there is no folder no-such-folder)"
        );
        let error = Input::from_arg("docs/no-such.txt").unwrap_err();
        assert_eq!(error.to_string(), "docs/no-such.txt: no such file");
        let bad = format!("4...x{}", ".".repeat(76));
        assert_eq!(
            Input::from_arg(&bad).unwrap_err().to_string(),
            format!("{bad}: no such file, and not a puzzle (column 5: bad character 'x')")
        );
        let short = ".".repeat(80);
        assert_eq!(
            Input::from_arg(&short).unwrap_err().to_string(),
            format!("{short}: no such file, and not a puzzle (80 cells, expected 81)")
        );
    }

    #[test]
    fn several_inputs_are_numbered_across() {
        let inputs = vec![
            Input::Inline("1234341221434321".into()),
            Input::Inline("12.. ..12 21.. ..21".into()),
        ];
        let records: Vec<Record> = InputRecords::new(inputs, None)
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(records.len(), 2);
        assert_eq!(records[1].index, 1);
        assert_eq!(records[1].source, INLINE_NAME);
    }

    #[test]
    fn a_missing_file_is_an_input_error() {
        let inputs = vec![Input::File("/no/such/file".into())];
        let mut records = InputRecords::new(inputs, None);
        let error = records.next().unwrap().unwrap_err();
        assert!(error.to_string().starts_with("/no/such/file: "));
        assert!(records.next().is_none());
    }
}
