//! Reading a benchmark's puzzles fully into memory before anything is timed, with the
//! project's own reader, so a benchmark takes the same formats as every other command.

use crate::input::variant::VariantReadError;
use crate::input::{Input, InputError, Records};
use std::fmt;
use std::io::BufReader;
use sudoku_dlx::sudoku::{Grid, ParseError, Shape};

/// The puzzles of one input, in memory, with where each one starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleFile {
    /// The input's name: its path, or the name of standard input or of an inline puzzle.
    pub name: String,
    /// The puzzles, in input order.
    pub puzzles: Vec<Grid>,
    /// For each puzzle, the line and column where it starts, from 1.
    pub starts: Vec<(usize, usize)>,
}

/// Why a benchmark's input could not be used.
#[derive(Debug)]
pub enum LoadError {
    /// The input could not be found, opened or read.
    Input(InputError),
    /// A record is not a puzzle: a benchmark measures only inputs that read entirely.
    BadRecord {
        /// The input's name.
        source: String,
        /// What is wrong, and where.
        error: ParseError,
    },
    /// A variant record is not a puzzle (its error carries the line and column).
    BadVariant {
        /// The input's name.
        source: String,
        /// What is wrong, and where.
        error: Box<VariantReadError>,
    },
}

impl fmt::Display for LoadError {
    /// `source:line:column: reason` for a bad record.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Input(error) => error.fmt(f),
            LoadError::BadRecord { source, error } => write!(f, "{source}:{error}"),
            LoadError::BadVariant { source, error } => write!(f, "{source}:{error}"),
        }
    }
}

impl std::error::Error for LoadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            LoadError::Input(error) => Some(error),
            LoadError::BadRecord { error, .. } => Some(error),
            LoadError::BadVariant { error, .. } => Some(error.as_ref()),
        }
    }
}

impl PuzzleFile {
    /// Reads every record of `input`, whose box shape is `shape` when cell counts alone do
    /// not say it.
    ///
    /// # Errors
    /// [`LoadError::Input`] when the input cannot be opened or read, [`LoadError::BadRecord`]
    /// for the first record that is not a puzzle.
    pub fn read(input: &Input, shape: Option<Shape>) -> Result<PuzzleFile, LoadError> {
        let name = input.name();
        let reader = BufReader::new(input.open().map_err(LoadError::Input)?);
        let mut file = PuzzleFile {
            name: name.clone(),
            puzzles: Vec::new(),
            starts: Vec::new(),
        };
        for record in Records::named(reader, name.clone(), shape) {
            let record = record.map_err(|error| {
                LoadError::Input(InputError::Io {
                    source: name.clone(),
                    error,
                })
            })?;
            let puzzle = record.puzzle.map_err(|error| LoadError::BadRecord {
                source: name.clone(),
                error,
            })?;
            file.puzzles.push(puzzle);
            file.starts.push((record.line, record.column));
        }
        Ok(file)
    }

    /// `name:line:column` where the puzzle at `position` (from 0) starts.
    ///
    /// # Panics
    /// If there is no puzzle at `position`.
    pub fn position(&self, position: usize) -> String {
        let (line, column) = self.starts[position];
        format!("{}:{line}:{column}", self.name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_puzzle_is_read_with_its_start() {
        let text = "# two puzzles\n12.. ..12 21.. ..21\n\n  1234341221434321\n";
        let file = PuzzleFile::read(&Input::Inline(text.to_string()), None).unwrap();
        assert_eq!(file.name, crate::input::INLINE_NAME);
        assert_eq!(file.puzzles.len(), 2);
        assert_eq!(file.starts, vec![(2, 1), (4, 3)]);
        assert_eq!(file.position(1), "<inline>:4:3");
    }

    #[test]
    fn a_bad_record_is_named_by_its_position() {
        let text = "1234341221434321\n12x4341221434321\n";
        let error = PuzzleFile::read(&Input::Inline(text.to_string()), None).unwrap_err();
        assert_eq!(
            error.to_string(),
            "<inline>:2:3: bad character 'x'",
            "{error:?}"
        );
    }
}
