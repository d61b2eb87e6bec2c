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
    /// The constraints were read but do not make a valid variant.
    Rule {
        /// The constraint's path in the document, when the error is about one.
        path: Option<String>,
        /// Why.
        error: VariantError,
    },
}

impl FpuzzlesError {
    pub(super) fn field(path: impl Into<String>, problem: impl Into<String>) -> FpuzzlesError {
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
            FpuzzlesError::Rule {
                path: Some(path),
                error,
            } => write!(f, "{path}: {error}"),
            FpuzzlesError::Rule { path: None, error } => error.fmt(f),
        }
    }
}

impl std::error::Error for FpuzzlesError {}
