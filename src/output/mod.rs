//! How answers are printed: one line per puzzle, box-ruled grids, or one JSON object per
//! puzzle (NDJSON). `docs/cli.md` describes what each command prints in each format.
//!
//! A command's answer implements [`Report`]; a [`Printer`] writes each [`Outcome`] of a batch
//! in the chosen [`Format`], bad records included, and keeps the tally that decides the exit
//! code. `all`, whose answer is a stream, uses the printer's `begin_solutions`, `solution`
//! and `end_solutions` instead.
//!
//! [`Outcome`]: crate::batch::Outcome

mod answers;
mod candidates;
mod grid;
mod human;
mod json;
pub mod link;
mod printer;
mod setter;
pub mod variant;

pub use answers::{Checked, Counted, Solved};
pub use candidates::Candidates;
pub use grid::{pretty, write_pretty, write_regions};
pub use human::{step_json, Explained, Hinted, RatedSe};
pub use json::stats_json;
pub use printer::{Printer, Tally};
pub use setter::{
    rating_json, summary_json, witness_json, write_generated, Rated, Redundant, Witnessed,
};

use serde_json::{Map, Value};
use std::fmt;
use std::io::{self, Write};
use std::str::FromStr;
use sudoku_dlx::sudoku::{Grid, SolveStats};
use sudoku_dlx::UnknownName;

/// The output formats.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, clap::ValueEnum)]
pub enum Format {
    /// One line per answer (a solution in one-line notation, a count, a verdict).
    #[default]
    Line,
    /// Box-ruled grids; every other line is a `#` comment, so the output reads back.
    Grid,
    /// One JSON object per input record, one per line (NDJSON).
    Json,
    /// One share link per puzzle that SudokuPad opens (f-puzzles data), with the solution
    /// when the answer has one.
    Link,
}

impl Format {
    /// Every format, in the order the help lists them.
    pub const ALL: [Format; 4] = [Format::Line, Format::Grid, Format::Json, Format::Link];

    /// The name used on the command line: `line`, `grid`, `json` or `link`.
    pub fn name(self) -> &'static str {
        match self {
            Format::Line => "line",
            Format::Grid => "grid",
            Format::Json => "json",
            Format::Link => "link",
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Format {
    type Err = UnknownName;

    fn from_str(text: &str) -> Result<Format, UnknownName> {
        UnknownName::parse("format", text, &Format::ALL, Format::name)
    }
}

/// A command's answer for one puzzle, printable in every format. Implement it for a new
/// command's answer and the [`Printer`] does the rest (positions, errors, stats, tally).
pub trait Report {
    /// Writes the answer in line format, without the newline.
    fn write_line(&self, out: &mut dyn Write) -> io::Result<()>;

    /// Writes the answer in grid format, every line ending in a newline: grids, and `#`
    /// comment lines for anything else so that the output reads back. `puzzle` is the
    /// question, for answers that show it.
    fn write_grid(&self, puzzle: &Grid, out: &mut dyn Write) -> io::Result<()>;

    /// Adds the answer's fields to the record's JSON object (which already holds `index`,
    /// `source`, `line`, `column` and `puzzle`).
    fn add_json(&self, object: &mut Map<String, Value>);

    /// False when the answer makes the run exit with code 1 (no solution, not unique).
    fn success(&self) -> bool {
        true
    }

    /// The solver's counters for this puzzle, for `--stats`.
    fn stats(&self) -> Option<SolveStats> {
        None
    }
}
