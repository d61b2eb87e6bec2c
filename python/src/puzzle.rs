//! A puzzle as the questions read it: a classic board, or a variant puzzle (an f-puzzles
//! document given as a JSON string or a dict, or a board with `rules=` or `regions=`), read
//! into the engine's [`Puzzle`].

use crate::board::{self, type_name, Clashes, Form};
use crate::error::BoardError;
use pyo3::exceptions::PyUserWarning;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};
use std::ffi::CString;
use sudoku_dlx::variant::{fpuzzles, Rule, RuleName, Variant};
use sudoku_dlx::{Puzzle, Shape};

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
/// document (a dict, or a string that [`fpuzzles::is_document`] takes for one) or when
/// `line_rules` names rules or regions.
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
        return Ok((document(board.py(), &json, shape, line_rules)?, Form::Rows));
    }
    if let Ok(text) = board.cast::<PyString>() {
        let text = text.to_cow().map_err(|_| BoardError::NotText)?;
        if fpuzzles::is_document(&text) {
            return Ok((document(board.py(), &text, shape, line_rules)?, Form::Text));
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

/// The variant an f-puzzles document describes; it carries its own size and rules, so
/// `box=`, `rules=` and `regions=` are refused beside it rather than ignored. Each warning
/// of the document (a key read past) is a Python `UserWarning`, `warnings.warn`'s default:
/// `f-puzzles document: killercages: unknown key, ignored (did you mean "killercage"?)`.
/// A warnings filter that makes it an error refuses the document ([`BoardError::Warned`]).
fn document(
    py: Python<'_>,
    text: &str,
    shape: Option<Shape>,
    line_rules: &LineRules,
) -> Result<Puzzle, BoardError> {
    if shape.is_some() || !line_rules.is_empty() {
        return Err(BoardError::ArgumentsWithDocument);
    }
    let parsed = fpuzzles::parse_with_warnings(text).map_err(BoardError::Fpuzzles)?;
    let category = py.get_type::<PyUserWarning>();
    for warning in parsed.warnings {
        let message = CString::new(format!("f-puzzles document: {warning}"))
            .unwrap_or_else(|_| c"f-puzzles document: a warning".to_owned());
        if PyErr::warn(py, &category, &message, 1).is_err() {
            return Err(BoardError::Warned(warning));
        }
    }
    Ok(Puzzle::Variant(Box::new(parsed.variant)))
}
