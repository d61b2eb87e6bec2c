//! Why an f-puzzles document could not be read.

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
    /// A key that is not part of the format (a misspelt constraint, say): refused whatever
    /// its value, since a rule dropped in silence gives wrong answers.
    UnknownKey {
        /// The key.
        name: String,
        /// The key of the format it most resembles, if any.
        similar: Option<&'static str>,
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
            FpuzzlesError::UnknownKey { name, similar } => {
                write!(f, "{name}: unknown key")?;
                match similar {
                    Some(similar) => write!(f, " (did you mean \"{similar}\"?)"),
                    None => f.write_str(" (not a constraint of the f-puzzles format)"),
                }
            }
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
            FpuzzlesError::Rule {
                path: Some(path),
                error,
            } => write!(f, "{path}: {error}"),
            FpuzzlesError::Rule { path: None, error } => error.fmt(f),
        }
    }
}

impl std::error::Error for FpuzzlesError {}
