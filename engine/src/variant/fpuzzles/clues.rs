//! The entries of the rules compiled to tables (see `variant/tables.rs`): quadruples,
//! little killers, the outside clues (sandwich sums, X-sums, skyscrapers), the between,
//! lockout, region-sum, zipper and double-arrow lines, and arrows whose circle is a pill.

use super::{number, FpuzzlesError, Reader};
use crate::variant::{Outside, Rule, Side};
use serde_json::{Map, Value};

/// The list keys this file reads.
pub(super) const TABLE_LISTS: &[&str] = &[
    "quadruple",
    "littlekillersum",
    "sandwichsum",
    "xsum",
    "skyscraper",
    "betweenline",
    "lockout",
    "regionsumline",
    "zipperline",
    "doublearrow",
];

impl Reader {
    /// Adds the rules of one entry of a list of [`TABLE_LISTS`].
    pub(super) fn table_entry(
        &self,
        key: &str,
        path: &str,
        entry: &Map<String, Value>,
        rules: &mut Vec<Rule>,
    ) -> Result<(), FpuzzlesError> {
        match key {
            "quadruple" => {
                let cells = self.cells(path, entry, "cells")?;
                let digits = self.listed_digits(&format!("{path}.values"), entry.get("values"))?;
                rules.push(Rule::Quadruple { cells, digits });
            }
            "littlekillersum" => {
                // A clue without a total is no rule, as dclamage's solver reads it.
                if let Some(sum) = number(path, entry, "value")? {
                    let cells = self.cells(path, entry, "cells")?;
                    rules.push(Rule::LittleKiller { cells, sum });
                }
            }
            "sandwichsum" | "xsum" | "skyscraper" => {
                let clue = self.outside(&format!("{path}.cell"), entry.get("cell"))?;
                let value = number(path, entry, "value")?.ok_or_else(|| {
                    FpuzzlesError::field(format!("{path}.value"), "expected a whole number")
                })?;
                rules.push(match key {
                    "sandwichsum" => Rule::Sandwich { clue, sum: value },
                    "xsum" => Rule::XSum { clue, sum: value },
                    _ => Rule::Skyscraper { clue, count: value },
                });
            }
            _ => {
                // Lockout lines: the ends differ by at least `value`, else half the side
                // (rounded down), dclamage's default.
                let gap = match number(path, entry, "value")? {
                    Some(gap) if key == "lockout" => super::small(path, gap)?,
                    _ => (self.n / 2) as u8,
                };
                for line in self.lines(path, entry)? {
                    rules.push(match key {
                        "betweenline" => Rule::BetweenLine(line),
                        "lockout" => Rule::Lockout { line, gap },
                        "regionsumline" => Rule::RegionSumLine(line),
                        "zipperline" => Rule::ZipperLine(line),
                        _ => Rule::DoubleArrow(line),
                    });
                }
            }
        }
        Ok(())
    }

    /// The place of an outside clue: `R0C3` above column 3, `R{n+1}C3` below it, `R3C0`
    /// left of row 3, `R3C{n+1}` right of it.
    fn outside(&self, path: &str, value: Option<&Value>) -> Result<Outside, FpuzzlesError> {
        let n = self.n;
        let bad = || {
            FpuzzlesError::field(
                path,
                format!(
                    "expected a cell outside the grid, R0C1 to R{0}C{1}",
                    n + 1,
                    n
                ),
            )
        };
        let name = value
            .and_then(Value::as_str)
            .ok_or_else(bad)?
            .to_ascii_uppercase();
        let (row, col) = name
            .strip_prefix('R')
            .and_then(|rest| rest.split_once('C'))
            .and_then(|(row, col)| Some((row.parse::<usize>().ok()?, col.parse::<usize>().ok()?)))
            .ok_or_else(bad)?;
        let inside = |k: usize| (1..=n).contains(&k);
        let (side, index) = match (row, col) {
            (0, c) if inside(c) => (Side::Top, c - 1),
            (r, c) if r == n + 1 && inside(c) => (Side::Bottom, c - 1),
            (r, 0) if inside(r) => (Side::Left, r - 1),
            (r, c) if c == n + 1 && inside(r) => (Side::Right, r - 1),
            _ => return Err(bad()),
        };
        Ok(Outside { side, index })
    }
}

/// The name f-puzzles gives the place of an outside clue on a grid of side `n`.
pub(super) fn outside_name(clue: Outside, n: usize) -> String {
    let k = clue.index + 1;
    match clue.side {
        Side::Top => format!("R0C{k}"),
        Side::Bottom => format!("R{}C{k}", n + 1),
        Side::Left => format!("R{k}C0"),
        Side::Right => format!("R{k}C{}", n + 1),
    }
}

/// The clue of a little killer along `cells` on a grid of side `n`: its place (rows and
/// columns from 0 to `n + 1`, the grid's from 1) and its direction (`DR`, `DL`, `UR`,
/// `UL`). A diagonal of one cell lies in a corner, and points out of the grid both ways.
pub(super) fn little_killer_clue(cells: &[usize], n: usize) -> (String, &'static str) {
    let place = |cell: usize| ((cell / n) as isize + 1, (cell % n) as isize + 1);
    let (row, col) = place(cells[0]);
    let (dr, dc) = match cells.get(1).map(|&next| place(next)) {
        Some((r, c)) => ((r - row).signum(), (c - col).signum()),
        None => (
            if row == n as isize { -1 } else { 1 },
            if col == 1 { -1 } else { 1 },
        ),
    };
    let direction = match (dr, dc) {
        (1, -1) => "DL",
        (-1, 1) => "UR",
        (-1, -1) => "UL",
        _ => "DR",
    };
    (format!("R{}C{}", row - dr, col - dc), direction)
}
