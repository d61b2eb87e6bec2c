//! The answers of `explain`, `hint` and `rate --scale se`: solving paths, steps and
//! ratings on Sudoku Explainer's scale, printable in every format.

use super::grid::write_pretty;
use super::setter::not_unique_word;
use super::Report;
use serde_json::{json, Map, Value};
use std::io::{self, Write};
use sudoku_dlx::human::{Path, PathEnd, Step};
use sudoku_dlx::setter::NotUnique;
use sudoku_dlx::sudoku::Grid;

/// A step as a JSON object: `technique`, `difficulty`, `placed` (`"r3c7=5"`),
/// `eliminated` (`"r3c7<>4"`), `cells`, `units`, `values` and, for chains, `chain`.
pub fn step_json(step: &Step) -> Value {
    let mut object = json!({
        "technique": step.technique.name(),
        "difficulty": rounded(step.difficulty),
        "placed": step.placed.iter().map(|c| format!("{}={}", c.cell, c.value)).collect::<Vec<_>>(),
        "eliminated": step.eliminated.iter().map(|c| format!("{}<>{}", c.cell, c.value)).collect::<Vec<_>>(),
        "cells": step.cells.iter().map(|c| c.to_string()).collect::<Vec<_>>(),
        "units": step.units.iter().map(|u| u.to_string()).collect::<Vec<_>>(),
        "values": step.values,
    });
    if let Some(chain) = &step.chain {
        object["chain"] = chain.clone().into();
    }
    object
}

/// A difficulty to one decimal, as Sudoku Explainer prints it.
fn rounded(difficulty: f32) -> f64 {
    (f64::from(difficulty) * 10.0).round() / 10.0
}

/// How a path ended, in a word: `solved`, `stuck` or `contradiction`.
fn end_word(path: &Path) -> &'static str {
    match path.end {
        PathEnd::Solved(_) => "solved",
        PathEnd::Stuck(_) => "stuck",
        PathEnd::Contradiction(_) => "contradiction",
    }
}

/// The last line of a path: `solved, difficulty 7.2 (aic): GRID`, `stuck after 12 steps:
/// MARKS`, or `contradiction: WHERE`.
fn end_line(path: &Path) -> String {
    let hardest = path.hardest().map(|s| s.technique.name()).unwrap_or("none");
    match &path.end {
        PathEnd::Solved(grid) => {
            format!(
                "solved, difficulty {:.1} ({hardest}): {grid}",
                path.difficulty()
            )
        }
        PathEnd::Stuck(board) => format!(
            "stuck: logic runs out after {} steps, at {}",
            path.steps.len(),
            board.marks_text()
        ),
        PathEnd::Contradiction(why) => format!("contradiction: {why}"),
    }
}

/// The solving path of a puzzle (`explain`), or why it has none.
#[derive(Clone, Debug, PartialEq)]
pub struct Explained(pub Result<Path, NotUnique>);

impl Report for Explained {
    /// One step per line, then the end: `solved, difficulty 7.2 (aic): GRID`.
    fn write_line(&self, out: &mut dyn Write) -> io::Result<()> {
        match &self.0 {
            Ok(path) => {
                for step in &path.steps {
                    writeln!(out, "{step}")?;
                }
                out.write_all(end_line(path).as_bytes())
            }
            Err(error) => out.write_all(not_unique_word(*error).as_bytes()),
        }
    }

    /// Each step as a `#` comment, then the grid the path reached.
    fn write_grid(&self, puzzle: &Grid, out: &mut dyn Write) -> io::Result<()> {
        match &self.0 {
            Ok(path) => {
                for step in &path.steps {
                    writeln!(out, "# {step}")?;
                }
                writeln!(out, "# {}", end_line(path))?;
                match &path.end {
                    PathEnd::Solved(grid) => write_pretty(out, grid.shape(), grid.cells()),
                    PathEnd::Stuck(board) => {
                        let grid = board.grid();
                        write_pretty(out, grid.shape(), grid.cells())
                    }
                    PathEnd::Contradiction(_) => write_pretty(out, puzzle.shape(), puzzle.cells()),
                }
            }
            Err(error) => {
                writeln!(out, "# {}", not_unique_word(*error))?;
                write_pretty(out, puzzle.shape(), puzzle.cells())
            }
        }
    }

    /// `steps` (objects, see [`step_json`]), `end`, `difficulty`, `hardest` and the
    /// `solution` or the `stuck` pencil marks; or `verdict` for a puzzle without one
    /// solution.
    fn add_json(&self, object: &mut Map<String, Value>) {
        match &self.0 {
            Ok(path) => {
                object.insert("steps".into(), path.steps.iter().map(step_json).collect());
                add_end(path, object);
            }
            Err(error) => {
                object.insert("verdict".into(), not_unique_word(*error).into());
            }
        }
    }

    fn success(&self) -> bool {
        matches!(&self.0, Ok(path) if path.is_solved())
    }
}

/// `end`, `difficulty`, `hardest`, and `solution` or `stuck` (pencil marks).
fn add_end(path: &Path, object: &mut Map<String, Value>) {
    object.insert("end".into(), end_word(path).into());
    object.insert("difficulty".into(), rounded(path.difficulty()).into());
    object.insert(
        "hardest".into(),
        path.hardest().map(|s| s.technique.name()).into(),
    );
    match &path.end {
        PathEnd::Solved(grid) => object.insert("solution".into(), grid.to_string().into()),
        PathEnd::Stuck(board) => object.insert("stuck".into(), board.marks_text().into()),
        PathEnd::Contradiction(why) => object.insert("contradiction".into(), why.clone().into()),
    };
}

/// The next step of a puzzle in progress (`hint`): the easiest that applies, none when
/// the grid is solved or logic runs out, or where it contradicts itself.
#[derive(Clone, Debug, PartialEq)]
pub enum Hinted {
    /// The easiest step.
    Step(Step),
    /// Every cell is filled.
    Solved,
    /// No technique applies.
    Stuck,
    /// The grid contradicts itself: where.
    Contradiction(String),
}

impl Report for Hinted {
    /// The step (`hidden-single-box: r2c2=6 (box 1)`), `solved`, `stuck` or
    /// `contradiction: WHERE`.
    fn write_line(&self, out: &mut dyn Write) -> io::Result<()> {
        match self {
            Hinted::Step(step) => write!(out, "{step}"),
            Hinted::Solved => out.write_all(b"solved"),
            Hinted::Stuck => out.write_all(b"stuck: no technique applies"),
            Hinted::Contradiction(why) => write!(out, "contradiction: {why}"),
        }
    }

    /// The line as a `#` comment, then the puzzle's grid.
    fn write_grid(&self, puzzle: &Grid, out: &mut dyn Write) -> io::Result<()> {
        comment_then_grid(self, puzzle, out)
    }

    /// `step` (an object, see [`step_json`]), or `end`: `solved`, `stuck` or
    /// `contradiction` (with `contradiction`, where).
    fn add_json(&self, object: &mut Map<String, Value>) {
        match self {
            Hinted::Step(step) => {
                object.insert("step".into(), step_json(step));
            }
            Hinted::Solved => {
                object.insert("end".into(), "solved".into());
            }
            Hinted::Stuck => {
                object.insert("end".into(), "stuck".into());
            }
            Hinted::Contradiction(why) => {
                object.insert("end".into(), "contradiction".into());
                object.insert("contradiction".into(), why.clone().into());
            }
        }
    }

    fn success(&self) -> bool {
        matches!(self, Hinted::Step(_) | Hinted::Solved)
    }
}

/// A rating on Sudoku Explainer's scale (`rate --scale se`): the path's hardest step, or
/// why the puzzle has none.
#[derive(Clone, Debug, PartialEq)]
pub struct RatedSe(pub Result<Path, NotUnique>);

impl Report for RatedSe {
    /// `7.2 (aic, 48 steps)`, `over 8.6 (stuck after 12 steps)`, or `multiple` / `none`.
    fn write_line(&self, out: &mut dyn Write) -> io::Result<()> {
        match &self.0 {
            Ok(path) => {
                let hardest = path.hardest().map(|s| s.technique.name()).unwrap_or("none");
                let steps = path.steps.len();
                match path.end {
                    PathEnd::Solved(_) => {
                        write!(out, "{:.1} ({hardest}, {steps} steps)", path.difficulty())
                    }
                    _ => write!(
                        out,
                        "over {:.1} (logic runs out after {steps} steps)",
                        path.difficulty()
                    ),
                }
            }
            Err(error) => out.write_all(not_unique_word(*error).as_bytes()),
        }
    }

    /// The line as a `#` comment, then the puzzle's grid.
    fn write_grid(&self, puzzle: &Grid, out: &mut dyn Write) -> io::Result<()> {
        comment_then_grid(self, puzzle, out)
    }

    /// `se` (the difficulty, a number), `hardest` (its technique), `steps` (how many),
    /// `end` (`solved` or `stuck`); or `verdict`.
    fn add_json(&self, object: &mut Map<String, Value>) {
        match &self.0 {
            Ok(path) => {
                object.insert("se".into(), rounded(path.difficulty()).into());
                object.insert(
                    "hardest".into(),
                    path.hardest().map(|s| s.technique.name()).into(),
                );
                object.insert("steps".into(), path.steps.len().into());
                object.insert("end".into(), end_word(path).into());
            }
            Err(error) => {
                object.insert("verdict".into(), not_unique_word(*error).into());
            }
        }
    }

    fn success(&self) -> bool {
        self.0.is_ok()
    }
}

/// `report`'s line as a `#` comment, then the puzzle's grid.
fn comment_then_grid(report: &dyn Report, puzzle: &Grid, out: &mut dyn Write) -> io::Result<()> {
    out.write_all(b"# ")?;
    report.write_line(out)?;
    out.write_all(b"\n")?;
    write_pretty(out, puzzle.shape(), puzzle.cells())
}
