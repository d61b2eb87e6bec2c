//! Why an f-puzzles document could not be read, and what the reader noticed in one it read.

use crate::variant::VariantError;
use std::fmt;

/// Why an f-puzzles document was refused. Positions are a line and column in the JSON text
/// for broken JSON, and a path into the document (`killercage[2].value`) otherwise.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FpuzzlesError {
    /// The text is not JSON (nor lz-string base64 that decompresses to JSON).
    Json {
        /// Line of the problem in the JSON text, from 1.
        line: usize,
        /// Column, from 1.
        column: usize,
        /// What the JSON reader said.
        message: String,
    },
    /// The text is neither JSON nor the compressed form of f-puzzles' share links.
    Compressed,
    /// The document uses a constraint this engine does not support.
    Unsupported {
        /// The constraint's key (`littlekillersum`), or its path for a form of a supported
        /// constraint that is not (`arrow[0].cells`).
        name: String,
    },
    /// A field is missing or has the wrong type or value.
    Field {
        /// Where, as a path into the document.
        path: String,
        /// What is wrong.
        problem: String,
    },
    /// A SudokuPad document with drawings (lines, arrows, overlays, underlays) whose
    /// rules only its text states: reading it would drop those rules.
    Drawings {
        /// Each kind of drawing with how many there are: `lines (3)`.
        kinds: Vec<String>,
    },
    /// A SudokuPad short id, which only a network lookup on SudokuPad's server resolves.
    NeedsLookup {
        /// The id (empty for a link with none).
        id: String,
    },
    /// A SudokuPad link in its compact format (`scf...`), which only SudokuPad's own code
    /// decodes.
    CompactLink,
    /// An ISS constraint string (sigh's Interactive Sudoku Solver) that does not read: a
    /// constraint this engine lacks, or one that is malformed.
    ConstraintString {
        /// The column of the constraint at fault in the text given (a link's included),
        /// from 1.
        column: usize,
        /// Why.
        problem: String,
    },
    /// The constraints were read but do not make a valid variant.
    Rule {
        /// The constraint's path in the document, when the error is about one.
        path: Option<String>,
        /// Why.
        error: VariantError,
    },
}

impl FpuzzlesError {
    pub(crate) fn field(path: impl Into<String>, problem: impl Into<String>) -> FpuzzlesError {
        FpuzzlesError::Field {
            path: path.into(),
            problem: problem.into(),
        }
    }
}

impl fmt::Display for FpuzzlesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FpuzzlesError::Json {
                line,
                column,
                message,
            } => write!(f, "{line}:{column}: broken JSON: {message}"),
            FpuzzlesError::Compressed => f.write_str(
                "neither JSON nor an f-puzzles share string (lz-string base64) that decompresses",
            ),
            FpuzzlesError::Unsupported { name } => write!(f, "unsupported constraint \"{name}\""),
            FpuzzlesError::Field { path, problem } => write!(f, "{path}: {problem}"),
            FpuzzlesError::Drawings { kinds } => write!(
                f,
                "the SudokuPad document draws {}, whose rules only its text states; \
                 read the puzzle's f-puzzles export (JSON or share link) instead",
                kinds.join(", ")
            ),
            FpuzzlesError::NeedsLookup { id } if id.is_empty() => {
                f.write_str("a SudokuPad link without a puzzle")
            }
            FpuzzlesError::NeedsLookup { id } => write!(
                f,
                "SudokuPad puzzle id \"{id}\" needs a network lookup, which this reader does \
                 not do: use the full link (SudokuPad's long share link, scl... or fpuzzles...) \
                 or the puzzle's f-puzzles export"
            ),
            FpuzzlesError::CompactLink => f.write_str(
                "a SudokuPad link in its compact format (scf...), which only SudokuPad's own code \
                 decodes: use the puzzle's scl... or fpuzzles... link (SudokuPad's share menu) \
                 or its f-puzzles export",
            ),
            FpuzzlesError::ConstraintString { column, problem } => {
                write!(f, "column {column}: {problem}")
            }
            FpuzzlesError::Rule {
                path: Some(path),
                error,
            } => write!(f, "{path}: {error}"),
            FpuzzlesError::Rule { path: None, error } => error.fmt(f),
        }
    }
}

impl std::error::Error for FpuzzlesError {}

/// What the reader noticed in a document it read, without refusing it. A key that carries no
/// rule is ignored without a word, and a constraint this engine lacks is an error
/// ([`FpuzzlesError::Unsupported`]); what is left is said here, never dropped in silence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FpuzzlesWarning {
    /// A top-level key that is not part of the format (a misspelt constraint, a tool's own
    /// field), with a value that is not empty: read past.
    UnknownKey {
        /// The key, which is its path in the document.
        path: String,
        /// The key of the format it most resembles, if any.
        similar: Option<&'static str>,
    },
}

impl FpuzzlesWarning {
    /// Where in the document: a JSON path (`killercages`).
    pub fn path(&self) -> &str {
        match self {
            FpuzzlesWarning::UnknownKey { path, .. } => path,
        }
    }
}

impl fmt::Display for FpuzzlesWarning {
    /// `path: what` (`killercages: unknown key, ignored (did you mean "killercage"?)`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FpuzzlesWarning::UnknownKey { path, similar } => {
                write!(f, "{path}: unknown key, ignored")?;
                match similar {
                    Some(similar) => write!(f, " (did you mean \"{similar}\"?)"),
                    None => f.write_str(" (not a key of the f-puzzles format)"),
                }
            }
        }
    }
}
