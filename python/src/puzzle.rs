//! A puzzle as the questions read it: a classic board, or a variant puzzle (an f-puzzles
//! document given as a JSON string or a dict, or a board with `rules=` or `regions=`), and
//! the engines that answer both on one thread.

use crate::board::{self, type_name, Clashes, Form};
use crate::error::BoardError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};
use sudoku_dlx::setter::{Given, NotUnique, Rater, Rating, Redundancy, Witness};
use sudoku_dlx::variant::{fpuzzles, redundant_givens, Rule, RuleName, Variant, VariantSolver};
use sudoku_dlx::{Count, Grid, Shape, SolveStats, Solver, Verdict};

/// A puzzle to answer.
pub enum Puzzle {
    /// A classic board: rows, columns and boxes.
    Classic(Grid),
    /// A variant puzzle, its rules compiled.
    Variant(Box<Variant>),
}

/// The rules and regions of `rules=` and `regions=`, read once for every board of a call.
#[derive(Clone, Debug, Default)]
pub struct LineRules {
    /// Rules added to the board's.
    rules: Vec<Rule>,
    /// The region of each cell, numbered from 0, when regions replace the boxes.
    regions: Option<Vec<usize>>,
}

impl LineRules {
    /// Reads `rules=` (names separated by commas, or a list of names) and `regions=` (a
    /// string with one character per cell, white space skipped, or rows of ints; the same
    /// character or int for the cells of one region).
    pub fn read(
        rules: Option<&Bound<'_, PyAny>>,
        regions: Option<&Bound<'_, PyAny>>,
    ) -> Result<LineRules, BoardError> {
        let mut line_rules = LineRules::default();
        if let Some(rules) = rules {
            for name in rule_names(rules)? {
                let name = name.trim();
                let named =
                    RuleName::parse(name).ok_or_else(|| BoardError::UnknownRule(name.into()))?;
                line_rules.rules.extend(named.rules());
            }
        }
        if let Some(regions) = regions {
            line_rules.regions = Some(region_map(regions)?);
        }
        Ok(line_rules)
    }

    /// True when the call named no rules and no regions.
    pub fn is_empty(&self) -> bool {
        self.rules.is_empty() && self.regions.is_none()
    }
}

/// The names of `rules=`.
fn rule_names(rules: &Bound<'_, PyAny>) -> Result<Vec<String>, BoardError> {
    let not_rules = || BoardError::NotRules(type_name(rules));
    if let Ok(text) = rules.cast::<PyString>() {
        let text = text.to_cow().map_err(|_| BoardError::NotText)?;
        return Ok(text.split(',').map(str::to_string).collect());
    }
    if rules.cast::<PyList>().is_err() && rules.cast::<PyTuple>().is_err() {
        return Err(not_rules());
    }
    rules
        .try_iter()
        .map_err(|_| not_rules())?
        .map(|name| {
            name.and_then(|name| name.extract::<String>())
                .map_err(|_| not_rules())
        })
        .collect()
}

/// The region numbers of `regions=`, from 0 in order of first appearance.
fn region_map(regions: &Bound<'_, PyAny>) -> Result<Vec<usize>, BoardError> {
    let labels: Vec<String> = if let Ok(text) = regions.cast::<PyString>() {
        let text = text.to_cow().map_err(|_| BoardError::NotText)?;
        text.chars()
            .filter(|c| !c.is_whitespace())
            .map(String::from)
            .collect()
    } else {
        let rows = regions
            .cast::<PyList>()
            .map(|list| list.iter().collect::<Vec<_>>())
            .or_else(|_| {
                regions
                    .cast::<PyTuple>()
                    .map(|tuple| tuple.iter().collect())
            })
            .map_err(|_| BoardError::NotRegions(type_name(regions)))?;
        let mut labels = Vec::new();
        for row in rows {
            let row: Vec<i64> = row
                .extract()
                .map_err(|_| BoardError::NotRegions(type_name(regions)))?;
            labels.extend(row.iter().map(i64::to_string));
        }
        labels
    };
    Ok(Variant::number_regions(labels))
}

/// Reads `board` in any form: a classic board, or a variant puzzle when it is an f-puzzles
/// document (a dict, or a string that starts with `{` or is a share link with `load=`) or
/// when `line_rules` names rules or regions.
pub fn read(
    board: &Bound<'_, PyAny>,
    shape: Option<Shape>,
    line_rules: &LineRules,
) -> Result<(Puzzle, Form), BoardError> {
    if let Ok(dict) = board.cast::<PyDict>() {
        let json = board
            .py()
            .import("json")
            .and_then(|json| json.call_method1("dumps", (dict,)))
            .and_then(|text| text.extract::<String>())
            .map_err(|error| BoardError::NotJson(error.to_string()))?;
        return Ok((document(&json, shape, line_rules)?, Form::Rows));
    }
    if let Ok(text) = board.cast::<PyString>() {
        let text = text.to_cow().map_err(|_| BoardError::NotText)?;
        if is_document(&text) {
            return Ok((document(&text, shape, line_rules)?, Form::Text));
        }
        if line_rules.is_empty() {
            let grid = board::read_text(&text, shape, Clashes::AllUnits)?;
            return Ok((Puzzle::Classic(grid), Form::Text));
        }
    }
    if line_rules.is_empty() {
        let (grid, form) = board::read(board, shape)?;
        return Ok((Puzzle::Classic(grid), form));
    }
    let clashes = match line_rules.regions {
        Some(_) => Clashes::RowsAndColumns,
        None => Clashes::AllUnits,
    };
    let (grid, form) = board::read_with(board, shape, clashes)?;
    let variant = Variant::new(grid, line_rules.regions.clone(), line_rules.rules.clone())
        .map_err(BoardError::Rules)?;
    Ok((Puzzle::Variant(Box::new(variant)), form))
}

/// True when `text` is an f-puzzles document rather than a board in the line notation:
/// JSON, or a share link (no line puzzle holds `=`).
fn is_document(text: &str) -> bool {
    text.trim_start().starts_with('{') || text.contains("load=")
}

/// The variant an f-puzzles document describes; it carries its own size and rules, so
/// `box=`, `rules=` and `regions=` are refused beside it rather than ignored.
fn document(
    text: &str,
    shape: Option<Shape>,
    line_rules: &LineRules,
) -> Result<Puzzle, BoardError> {
    if shape.is_some() || !line_rules.is_empty() {
        return Err(BoardError::ArgumentsWithDocument);
    }
    let variant = fpuzzles::parse(text).map_err(BoardError::Fpuzzles)?;
    Ok(Puzzle::Variant(Box::new(variant)))
}

/// The engines one thread answers with, each keeping its buffers between calls.
#[derive(Default)]
pub struct Engines {
    /// For classic boards.
    pub classic: Solver,
    /// For variant puzzles.
    pub variant: VariantSolver,
    /// Whether the last question was about a variant (which engine `stats` reads).
    last_was_variant: bool,
}

impl Engines {
    /// The first solution, or `None`.
    pub fn solve(&mut self, puzzle: &Puzzle) -> Option<Grid> {
        self.last_was_variant = matches!(puzzle, Puzzle::Variant(_));
        match puzzle {
            Puzzle::Classic(grid) => self.classic.solve(grid),
            Puzzle::Variant(variant) => self.variant.solve(variant),
        }
    }

    /// Counts the solutions up to `cap`, calling `keep_going` with the count so far after
    /// each (the classic engine: after each found by search); false stops the count.
    pub fn count_while(
        &mut self,
        puzzle: &Puzzle,
        cap: Option<u128>,
        keep_going: impl FnMut(u128) -> bool,
    ) -> Count {
        self.last_was_variant = matches!(puzzle, Puzzle::Variant(_));
        match puzzle {
            Puzzle::Classic(grid) => self.classic.count_while(grid, &[], cap, keep_going),
            Puzzle::Variant(variant) => self.variant.count_while(variant, cap, keep_going),
        }
    }

    /// True when the puzzle has exactly one solution.
    pub fn is_unique(&mut self, puzzle: &Puzzle) -> bool {
        self.count_while(puzzle, Some(2), |_| true).solutions == 1
    }

    /// None, one or several solutions.
    pub fn verdict(&mut self, puzzle: &Puzzle) -> Verdict {
        self.last_was_variant = matches!(puzzle, Puzzle::Variant(_));
        match puzzle {
            Puzzle::Classic(grid) => self.classic.verdict(grid),
            Puzzle::Variant(variant) => self.variant.verdict(variant),
        }
    }

    /// The rating of a puzzle with one solution, as `sudoku-dlx rate` rates it: a classic
    /// board by the engine's rater (the median over its relabellings), a variant by the
    /// variant solver (one search, since relabellings would not keep the rules).
    pub fn rate(&mut self, puzzle: &Puzzle) -> Result<Rating, NotUnique> {
        self.last_was_variant = matches!(puzzle, Puzzle::Variant(_));
        match puzzle {
            Puzzle::Classic(grid) => Rater::new().rate(grid),
            Puzzle::Variant(variant) => self.variant.rate(variant),
        }
    }

    /// Two solutions and where they differ when the puzzle has several, as `sudoku-dlx check
    /// --witness` finds them: from the two solutions of the verdict.
    pub fn witness(&mut self, puzzle: &Puzzle) -> Option<Witness> {
        match self.verdict(puzzle) {
            Verdict::Multiple(first, second) => Some(Witness::between(first, second)),
            Verdict::None | Verdict::Unique(_) => None,
        }
    }

    /// The givens that can each go while the puzzle keeps its one solution, as `sudoku-dlx
    /// redundant` finds them (for a variant, the rules always stay).
    pub fn redundant(&mut self, puzzle: &Puzzle) -> Result<Vec<Given>, NotUnique> {
        self.last_was_variant = matches!(puzzle, Puzzle::Variant(_));
        match puzzle {
            Puzzle::Classic(grid) => Redundancy::new().find(grid),
            Puzzle::Variant(variant) => redundant_givens(&mut self.variant, variant),
        }
    }

    /// What the last question cost.
    pub fn stats(&self) -> SolveStats {
        if self.last_was_variant {
            self.variant.stats()
        } else {
            self.classic.stats()
        }
    }
}
