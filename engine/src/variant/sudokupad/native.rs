//! SudokuPad's own puzzle document (after [`super::zipper`]): `cells` (rows of cells, a
//! given has a `value`), `regions` (lists of `[row, column]` from 0), `cages` (a `value`
//! that is a number is a killer total; `style: "extraregion"` marks an extra region; a cage
//! whose value is `"name: text"` carries metadata), `global` (rule names) and `metadata`.
//! `lines`, `arrows`, `overlays` and `underlays` are drawings: what they mean only the
//! rules text says, so a document that has any is refused, except the two diagonals of the
//! grid when the document names the diagonal rule.

use super::super::fpuzzles::{is_empty, FpuzzlesError};
use super::super::{Diagonal, Rule, Variant};
use crate::{Grid, Shape};
use serde_json::Value;

/// Keys that carry no rule: the size of a cell on screen, the puzzle's id and names, fog
/// of war's lit cells (it hides cells, it changes no answer), videos and settings.
const IGNORED: &[&str] = &[
    "cellSize", "id", "title", "author", "rules", "solution", "foglight", "videos", "settings",
    "duration",
];

/// The drawings: shapes whose meaning only the rules text states.
const DRAWINGS: &[&str] = &["lines", "arrows", "overlays", "underlays"];

/// The rule names SudokuPad documents carry in `global` and in metadata.
fn named_rule(name: &str) -> Option<Rule> {
    Some(match name.to_ascii_lowercase().as_str() {
        "antiknight" => Rule::AntiKnight,
        "antiking" => Rule::AntiKing,
        "nonconsecutive" => Rule::NonConsecutive,
        "disjointgroups" => Rule::DisjointGroups,
        "diagonal+" => Rule::Diagonal(Diagonal::Anti),
        "diagonal-" => Rule::Diagonal(Diagonal::Main),
        _ => return None,
    })
}

/// The variant a SudokuPad document describes.
pub(super) fn from_value(value: &Value) -> Result<Variant, FpuzzlesError> {
    let object = value
        .as_object()
        .ok_or_else(|| FpuzzlesError::field("(document)", "expected an object"))?;
    let rows = object
        .get("cells")
        .and_then(Value::as_array)
        .ok_or_else(|| FpuzzlesError::field("cells", "missing (a list of rows)"))?;
    let n = rows.len();
    let shape = Shape::for_size(n).ok_or_else(|| {
        FpuzzlesError::field(
            "cells",
            format!("{n} rows: no usual box shape (4 to 35, not prime)"),
        )
    })?;
    let reader = Reader { n };
    let givens = reader.givens(rows, shape)?;
    let mut rules = Vec::new();
    let mut drawings = Vec::new();
    let mut keys: Vec<&String> = object.keys().collect();
    keys.sort();
    for key in keys {
        let value = &object[key];
        match key.as_str() {
            "cells" => {}
            "cages" => reader.cages(value, &mut rules)?,
            "global" => reader.global(value, &mut rules)?,
            "metadata" => metadata(value, &mut rules),
            _ if DRAWINGS.contains(&key.as_str()) => {
                let count = value.as_array().map_or(1, Vec::len);
                if count > 0 {
                    drawings.push((key.as_str(), value));
                }
            }
            "regions" => {}
            _ if IGNORED.contains(&key.as_str()) || is_empty(value) => {}
            // Refused rather than dropped: it may carry a rule.
            _ => {
                return Err(FpuzzlesError::field(
                    key.as_str(),
                    "not a key of SudokuPad documents that this reader knows",
                ))
            }
        }
    }
    let regions = match object.get("regions") {
        Some(value) if !is_empty(value) => reader.regions(value, shape)?,
        _ => None,
    };
    // A rule named twice (in `global` and in metadata, say) is one rule.
    let mut named_once: Vec<Rule> = Vec::with_capacity(rules.len());
    for rule in rules {
        if !named_once.contains(&rule) {
            named_once.push(rule);
        }
    }
    let rules = named_once;
    let drawn: Vec<String> = drawings
        .iter()
        .filter_map(|&(key, value)| reader.unexplained(key, value, &rules))
        .collect();
    if !drawn.is_empty() {
        return Err(FpuzzlesError::Drawings { kinds: drawn });
    }
    Variant::new(givens, regions, rules).map_err(|error| FpuzzlesError::Rule { path: None, error })
}

/// Reads the parts of a document for a grid of side `n`.
struct Reader {
    n: usize,
}

impl Reader {
    /// The givens: each cell's `value`, a digit as a number or a string.
    fn givens(&self, rows: &[Value], shape: Shape) -> Result<Grid, FpuzzlesError> {
        let n = self.n;
        let mut cells = vec![0u8; n * n];
        for (r, row) in rows.iter().enumerate() {
            let row = row.as_array().filter(|row| row.len() == n).ok_or_else(|| {
                FpuzzlesError::field(format!("cells[{r}]"), format!("expected {n} cells"))
            })?;
            for (c, cell) in row.iter().enumerate() {
                let path = format!("cells[{r}][{c}]");
                let cell = cell
                    .as_object()
                    .ok_or_else(|| FpuzzlesError::field(&path, "expected an object"))?;
                let digit = match cell.get("value") {
                    None | Some(Value::Null) => 0,
                    Some(Value::String(text)) if text.trim().is_empty() => 0,
                    Some(value) => whole(value)
                        .filter(|d| (1..=n as u64).contains(d))
                        .ok_or_else(|| {
                            FpuzzlesError::field(
                                format!("{path}.value"),
                                format!("expected a digit 1 to {n}, found {value}"),
                            )
                        })?,
                };
                cells[r * n + c] = digit as u8;
            }
        }
        Ok(Grid::from_cells(shape, cells).expect("digits checked"))
    }

    /// The region map, `None` when the regions are the boxes.
    fn regions(&self, value: &Value, shape: Shape) -> Result<Option<Vec<usize>>, FpuzzlesError> {
        let n = self.n;
        let list = value
            .as_array()
            .ok_or_else(|| FpuzzlesError::field("regions", "expected a list of regions"))?;
        let mut map = vec![usize::MAX; n * n];
        for (k, region) in list.iter().enumerate() {
            for cell in self.cells(&format!("regions[{k}]"), region)? {
                if map[cell] != usize::MAX {
                    let path = format!("regions[{k}]");
                    return Err(FpuzzlesError::field(
                        path,
                        "a cell already in another region",
                    ));
                }
                map[cell] = k;
            }
        }
        if let Some(cell) = map.iter().position(|&k| k == usize::MAX) {
            let (r, c) = (cell / n + 1, cell % n + 1);
            return Err(FpuzzlesError::field(
                "regions",
                format!("r{r}c{c} is in no region"),
            ));
        }
        let boxes = Variant::number_regions((0..n * n).map(|cell| shape.box_of(cell)));
        let map = Variant::number_regions(map);
        Ok((map != boxes).then_some(map))
    }

    /// Killer cages and extra regions; metadata cages name rules.
    fn cages(&self, value: &Value, rules: &mut Vec<Rule>) -> Result<(), FpuzzlesError> {
        let list = value
            .as_array()
            .ok_or_else(|| FpuzzlesError::field("cages", "expected a list of cages"))?;
        for (k, cage) in list.iter().enumerate() {
            let path = format!("cages[{k}]");
            let cage = cage
                .as_object()
                .ok_or_else(|| FpuzzlesError::field(&path, "expected an object"))?;
            if let Some((name, text)) = cage.get("value").and_then(Value::as_str).and_then(meta) {
                if named_rule(name).is_some() && is_true_text(text) {
                    rules.extend(named_rule(name));
                }
                continue;
            }
            let cells = match cage.get("cells") {
                Some(cells) if !is_empty(cells) => self.cells(&format!("{path}.cells"), cells)?,
                _ => continue,
            };
            let unique = cage.get("unique").and_then(Value::as_bool);
            let style = cage
                .get("style")
                .and_then(Value::as_str)
                .unwrap_or("killer");
            let total = cage
                .get("value")
                .or_else(|| cage.get("sum"))
                .and_then(whole);
            let refuse = |why: &str| FpuzzlesError::Unsupported {
                name: format!("{path} ({why})"),
            };
            match style {
                "extraregion" => rules.push(Rule::ExtraRegion(cells)),
                "killer" if unique == Some(false) => return Err(refuse("digits may repeat")),
                "killer" if total.is_some_and(|t| t > 0) => rules.push(Rule::Killer {
                    cells,
                    sum: total.and_then(|t| u32::try_from(t).ok()),
                }),
                "killer" if unique == Some(true) => rules.push(Rule::Killer { cells, sum: None }),
                "killer" => {
                    return Err(refuse(
                        "a cage without a total, whose rule only the text states",
                    ))
                }
                other => return Err(refuse(&format!("style \"{other}\""))),
            }
        }
        Ok(())
    }

    /// `global`: a list of rule names.
    fn global(&self, value: &Value, rules: &mut Vec<Rule>) -> Result<(), FpuzzlesError> {
        let list = value
            .as_array()
            .ok_or_else(|| FpuzzlesError::field("global", "expected a list of rule names"))?;
        for (k, name) in list.iter().enumerate() {
            let name = name
                .as_str()
                .ok_or_else(|| FpuzzlesError::field(format!("global[{k}]"), "expected a name"))?;
            let rule = named_rule(name).ok_or_else(|| FpuzzlesError::Unsupported {
                name: format!("global {name}"),
            })?;
            rules.push(rule);
        }
        Ok(())
    }

    /// A list of cells, each `[row, column]` from 0 or a name `r1c1`.
    fn cells(&self, path: &str, value: &Value) -> Result<Vec<usize>, FpuzzlesError> {
        let list = value
            .as_array()
            .ok_or_else(|| FpuzzlesError::field(path, "expected a list of cells"))?;
        list.iter()
            .enumerate()
            .map(|(k, cell)| {
                self.cell(cell).ok_or_else(|| {
                    FpuzzlesError::field(
                        format!("{path}[{k}]"),
                        format!(
                            "expected a cell [row, column] from [0, 0] to [{0}, {0}], found {cell}",
                            self.n - 1
                        ),
                    )
                })
            })
            .collect()
    }

    /// One cell, `[row, column]` from 0 or `r1c1`, as a cell index.
    fn cell(&self, value: &Value) -> Option<usize> {
        let (r, c) = match value {
            Value::Array(pair) if pair.len() == 2 => (whole(&pair[0])?, whole(&pair[1])?),
            Value::String(name) => {
                let name = name.to_ascii_lowercase();
                let (r, c) = name.strip_prefix('r')?.split_once('c')?;
                (
                    r.parse::<u64>().ok()?.checked_sub(1)?,
                    c.parse::<u64>().ok()?.checked_sub(1)?,
                )
            }
            _ => return None,
        };
        let n = self.n as u64;
        (r < n && c < n).then_some((r * n + c) as usize)
    }

    /// What a drawing key holds that no rule of the document explains (the diagonals of
    /// the grid are explained by the diagonal rules), as `lines (3)`; `None` when all is.
    fn unexplained(&self, key: &str, value: &Value, rules: &[Rule]) -> Option<String> {
        let items = value.as_array().map_or(&[][..], Vec::as_slice);
        let unexplained = items
            .iter()
            .filter(|item| !(key == "lines" && self.is_named_diagonal(item, rules)))
            .count();
        let unexplained = if items.is_empty() { 1 } else { unexplained };
        (unexplained > 0).then(|| format!("{key} ({unexplained})"))
    }

    /// True for a line from corner to corner of the grid whose diagonal rule is named.
    fn is_named_diagonal(&self, line: &Value, rules: &[Rule]) -> bool {
        let n = self.n as f64;
        let points: Option<Vec<(f64, f64)>> =
            line.get("wayPoints")
                .and_then(Value::as_array)
                .map(|points| {
                    points
                        .iter()
                        .filter_map(|p| Some((p.get(0)?.as_f64()?, p.get(1)?.as_f64()?)))
                        .collect()
                });
        let points = points.unwrap_or_default();
        let [a, b] = points[..] else { return false };
        let ends = |x: (f64, f64), y: (f64, f64)| (a == x && b == y) || (a == y && b == x);
        (ends((0.0, 0.0), (n, n)) && rules.contains(&Rule::Diagonal(Diagonal::Main)))
            || (ends((0.0, n), (n, 0.0)) && rules.contains(&Rule::Diagonal(Diagonal::Anti)))
    }
}

/// `metadata`: its rule names whose value is true.
fn metadata(value: &Value, rules: &mut Vec<Rule>) {
    if let Some(fields) = value.as_object() {
        for (name, value) in fields {
            let on = value.as_bool().unwrap_or(false) || value.as_str().is_some_and(is_true_text);
            if on {
                rules.extend(named_rule(name));
            }
        }
    }
}

/// `name: text` in a metadata cage's value.
fn meta(value: &str) -> Option<(&str, &str)> {
    let (name, text) = value.split_once(':')?;
    let plain = !name.is_empty() && !name.contains(' ');
    plain.then(|| (name, text.trim()))
}

/// `true` written as text (metadata values are strings).
fn is_true_text(text: &str) -> bool {
    text.trim().eq_ignore_ascii_case("true")
}

/// A whole number, written as a number or as a string.
fn whole(value: &Value) -> Option<u64> {
    match value {
        Value::Number(number) => number.as_u64(),
        Value::String(text) => text.trim().parse().ok(),
        _ => None,
    }
}
