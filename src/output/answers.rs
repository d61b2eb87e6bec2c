//! The answers of `solve`, `count` and `check` (each what one solver call returned, with its
//! cost), printable in every format.

use super::grid::write_pretty;
use super::json::count_json;
use super::Report;
use serde_json::{Map, Value};
use std::io::{self, Write};
use sudoku_dlx::sudoku::{Grid, SolveStats, Verdict};
use sudoku_dlx::Count;

/// The first solution of a puzzle, or none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved {
    /// The solution found, `None` when the puzzle has none.
    pub solution: Option<Grid>,
    /// What finding it cost.
    pub stats: SolveStats,
}

impl Report for Solved {
    /// The solution in one-line notation, or `none`.
    fn write_line(&self, out: &mut dyn Write) -> io::Result<()> {
        match &self.solution {
            Some(solution) => write!(out, "{solution}"),
            None => out.write_all(b"none"),
        }
    }

    /// The solution's grid, or `# none`.
    fn write_grid(&self, _puzzle: &Grid, out: &mut dyn Write) -> io::Result<()> {
        match &self.solution {
            Some(solution) => write_pretty(out, solution.shape(), solution.cells()),
            None => out.write_all(b"# none\n"),
        }
    }

    /// `solution`: the solution's string, or `null`.
    fn add_json(&self, object: &mut Map<String, Value>) {
        let solution = self.solution.as_ref().map(Grid::to_string);
        object.insert("solution".into(), solution.into());
    }

    fn success(&self) -> bool {
        self.solution.is_some()
    }

    fn stats(&self) -> Option<SolveStats> {
        Some(self.stats)
    }
}

/// The number of solutions, exact or capped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counted {
    /// The count, and whether it stopped at the cap.
    pub count: Count,
    /// What counting cost.
    pub stats: SolveStats,
}

impl Counted {
    /// `288`, or `1000+` when counting stopped at the cap.
    pub fn text(&self) -> String {
        let plus = if self.count.capped { "+" } else { "" };
        format!("{}{plus}", self.count.solutions)
    }
}

impl Report for Counted {
    /// `288`, or `1000+` when counting stopped at the cap.
    fn write_line(&self, out: &mut dyn Write) -> io::Result<()> {
        out.write_all(self.text().as_bytes())
    }

    /// `# 288 solutions`, then the puzzle's grid.
    fn write_grid(&self, puzzle: &Grid, out: &mut dyn Write) -> io::Result<()> {
        let noun = if self.count.solutions == 1 && !self.count.capped {
            "solution"
        } else {
            "solutions"
        };
        writeln!(out, "# {} {noun}", self.text())?;
        write_pretty(out, puzzle.shape(), puzzle.cells())
    }

    /// `count` (a number) and `capped` (true when counting stopped at the cap).
    fn add_json(&self, object: &mut Map<String, Value>) {
        object.insert("count".into(), count_json(self.count.solutions));
        object.insert("capped".into(), self.count.capped.into());
    }

    fn stats(&self) -> Option<SolveStats> {
        Some(self.stats)
    }
}

/// Whether a puzzle has one solution, several, or none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    /// The verdict, with up to two solutions.
    pub verdict: Verdict,
    /// What deciding it cost.
    pub stats: SolveStats,
}

impl Checked {
    /// `unique`, `multiple` or `none`.
    pub fn word(&self) -> &'static str {
        self.verdict.name()
    }
}

impl Report for Checked {
    /// `unique`, `multiple` or `none`.
    fn write_line(&self, out: &mut dyn Write) -> io::Result<()> {
        out.write_all(self.word().as_bytes())
    }

    /// `# unique` (or `# multiple`, `# none`), then the puzzle's grid.
    fn write_grid(&self, puzzle: &Grid, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "# {}", self.word())?;
        write_pretty(out, puzzle.shape(), puzzle.cells())
    }

    /// `verdict`: `"unique"`, `"multiple"` or `"none"`.
    fn add_json(&self, object: &mut Map<String, Value>) {
        object.insert("verdict".into(), self.word().into());
    }

    fn success(&self) -> bool {
        matches!(self.verdict, Verdict::Unique(_))
    }

    fn stats(&self) -> Option<SolveStats> {
        Some(self.stats)
    }
}
