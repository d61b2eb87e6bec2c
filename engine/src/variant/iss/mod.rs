//! The constraint strings of sigh's Interactive Sudoku Solver (ISS): the text after `?q=` in
//! its share links (`https://sigh.github.io/Interactive-Sudoku-Solver/?q=...`), the form
//! its example puzzles and collections are kept in. The part of [`fpuzzles::parse`] that
//! reads them, so that every caller of that one entry point reads them too.
//!
//! A string is a list of constraints, each `.Type~arg~arg...` (white space anywhere is
//! dropped, as ISS drops it): `.~R1C1_5~R2C3_1_2` gives a digit (one value) or pencil marks
//! (several); `.Shape~6x6` sets the size; cells are `R1C1`, rows and columns from 1 (from
//! `a` for 10 up to `g` for 16, as ISS writes them). Read ([`types`] has each mapping):
//! `Shape` (square grids of the usual digits), `NoBoxes`, `Jigsaw`, `Diagonal`,
//! `AntiKnight`, `AntiKing`, `AntiConsecutive`, `Windoku`, `DisjointSets`, `StrictKropki`,
//! `StrictXV`, `Thermo`, `Whisper`, `Renban`, `Modular` (mod 3), `Entropic`,
//! `RegionSumLine`, `Between`, `Lockout`, `Palindrome`, `Zipper`, `Arrow`, `DoubleArrow`,
//! `PillArrow`, `Cage`, `Sum` (without coefficients), `AllDifferent`, `WhiteDot`,
//! `BlackDot`, `X`, `V`, `GreaterThan`, `LittleKiller`, `XSum`, `Sandwich`, `Skyscraper`
//! and `Quad`. Any other type of ISS (its state machines, chaos construction, the
//! composites `Or` and `And`...) is refused by name: dropping a rule gives wrong answers.
//! Errors carry the column of the constraint at fault ([`FpuzzlesError::ConstraintString`]).
//!
//! ```
//! use sudoku_dlx::variant::{fpuzzles, Rule, VariantSolver};
//!
//! let text = ".Shape~4x4.~R1C1_1.Thermo~R4C1~R4C2~R4C3";
//! let variant = fpuzzles::parse(text)?;
//! assert_eq!(variant.rules(), [Rule::Thermometer(vec![12, 13, 14])]);
//! let solution = VariantSolver::new().solve(&variant).unwrap();
//! assert!(variant.accepts(&solution));
//! let error = fpuzzles::parse(".Shape~4x4.NFA~abc~R1C1").unwrap_err();
//! assert_eq!(error.to_string(), "column 11: ISS constraint NFA: not supported by this engine");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`fpuzzles::parse`]: super::fpuzzles::parse

mod types;

use super::fpuzzles::{rule_index, FpuzzlesError};
use super::sudokupad::percent_decode;
use super::{Rule, Variant};
use crate::{Grid, Shape};

/// Where ISS is served: a link there carries its constraint string in the `q` parameter.
const HOST: &str = "sigh.github.io/Interactive-Sudoku-Solver";

/// Every constraint type ISS has (`sudoku_constraint.js`), so that a string is taken for one
/// even when it holds a type this reader refuses.
const TYPES: &[&str] = &[
    "Container",
    "Or",
    "And",
    "Replicate",
    "End",
    "Jigsaw",
    "Thermo",
    "Whisper",
    "Renban",
    "Modular",
    "Entropic",
    "RegionSumLine",
    "Between",
    "Lockout",
    "Palindrome",
    "Zipper",
    "SumLine",
    "Regex",
    "NFA",
    "NoBoxes",
    "ChaosConstruction",
    "ChaosArrow",
    "ChaosCount",
    "RegionSize",
    "RegionSameValues",
    "StrictKropki",
    "StrictXV",
    "Shape",
    "Windoku",
    "DisjointSets",
    "AntiKnight",
    "Doppelganger",
    "AntiKing",
    "AntiTaxicab",
    "AntiConsecutive",
    "GlobalEntropy",
    "GlobalMod",
    "FullRankTies",
    "DutchFlatmates",
    "Diagonal",
    "WhiteDot",
    "BlackDot",
    "GreaterThan",
    "X",
    "ValueIndexing",
    "V",
    "Arrow",
    "DoubleArrow",
    "PillArrow",
    "Cage",
    "RellikCage",
    "EqualityCage",
    "Sum",
    "LittleKiller",
    "XSum",
    "Sandwich",
    "Lunchbox",
    "Skyscraper",
    "HiddenSkyscraper",
    "NumberedRoom",
    "FullRank",
    "AllDifferent",
    "ContainAtLeast",
    "ContainExact",
    "LookAndSay",
    "ConnectedValues",
    "SameValues",
    "EqualSum",
    "Quad",
    "Binary",
    "BinaryX",
    "Pair",
    "PairX",
    "Indexing",
    "CountingCircles",
    "CountDistinct",
    "Given",
    "SearchPriority",
    "Var",
];

/// The constraint string of `text` (a link's `q` parameter, percent-decoded, or the text
/// itself) and the column of `text` it starts at, from 1; `None` when `text` is not one: it
/// does not start with `.`, or (without a `~`, which no other notation of puzzles holds) a
/// part is not a type name of ISS.
pub(crate) fn payload(text: &str) -> Option<(String, usize)> {
    let text = text.trim();
    let (string, start) = match link_query(text) {
        Some(k) => {
            let value = text[k..].split(['&', '#']).next().unwrap_or("");
            (percent_decode(value), text[..k].chars().count() + 1)
        }
        None => (text.to_string(), 1),
    };
    let clean: String = string.chars().filter(|c| !c.is_whitespace()).collect();
    let rest = clean.strip_prefix('.')?;
    let known = |part: &str| part.len() > 1 && TYPES.contains(&part);
    let first = rest.split(['.', '~']).next().unwrap_or("");
    let is_string = match clean.contains('~') {
        true => first.is_empty() || TYPES.contains(&first),
        false => rest.split('.').all(known),
    };
    is_string.then_some((string, start))
}

/// The byte where an ISS link's `q` value starts.
fn link_query(text: &str) -> Option<usize> {
    let rest = ["https://", "http://"]
        .iter()
        .find_map(|scheme| text.strip_prefix(scheme))
        .unwrap_or(text);
    if !rest.starts_with(HOST) {
        return None;
    }
    let k = text.find("?q=").or_else(|| text.find("&q="))?;
    Some(k + 3)
}

/// A constraint of the string: its type (empty for givens), its arguments, and the column
/// where it starts.
struct Item {
    name: String,
    args: Vec<String>,
    column: usize,
}

/// Why a constraint was refused, with the column where it starts.
pub(crate) struct Refused {
    column: usize,
    problem: String,
}

impl Refused {
    fn new(column: usize, problem: impl Into<String>) -> Refused {
        Refused {
            column,
            problem: problem.into(),
        }
    }
}

/// Reads the constraint string `string`, whose first character is column `start` of the
/// text given.
pub(crate) fn parse(string: &str, start: usize) -> Result<Variant, FpuzzlesError> {
    read(string).map_err(|refused| FpuzzlesError::ConstraintString {
        column: start + refused.column - 1,
        problem: refused.problem,
    })
}

/// [`parse`] with columns from 1 in `string`.
fn read(string: &str) -> Result<Variant, Refused> {
    let items = items(string)?;
    let n = size(&items)?;
    let shape = Shape::for_size(n)
        .ok_or_else(|| Refused::new(1, format!("a {n}x{n} grid has no usual box shape")))?;
    let mut reader = types::Reader::new(shape);
    for item in &items {
        reader.item(item)?;
    }
    let (givens, regions, rules, columns) = reader.finish()?;
    Variant::new(givens, regions, rules).map_err(|error| {
        let column = rule_index(&error)
            .and_then(|index| columns.get(index).copied())
            .unwrap_or(1);
        Refused::new(column, error.to_string())
    })
}

/// The constraints of `string`, white space dropped.
fn items(string: &str) -> Result<Vec<Item>, Refused> {
    let mut items: Vec<Item> = Vec::new();
    let mut column = 0;
    for c in string.chars() {
        column += 1;
        if c.is_whitespace() {
            continue;
        }
        match (c, items.last_mut()) {
            ('.', _) => items.push(Item {
                name: String::new(),
                args: Vec::new(),
                column,
            }),
            (_, None) => return Err(Refused::new(column, "a constraint string starts with '.'")),
            ('~', Some(item)) => item.args.push(String::new()),
            (c, Some(item)) => match item.args.last_mut() {
                Some(arg) => arg.push(c),
                None => item.name.push(c),
            },
        }
    }
    Ok(items)
}

/// The side of the grid: `.Shape~NxN` (9 without one).
fn size(items: &[Item]) -> Result<usize, Refused> {
    let mut size = None;
    for item in items.iter().filter(|item| item.name == "Shape") {
        let refused = || {
            Refused::new(
                item.column,
                format!(
                    "Shape~{}: only square grids of the usual digits (NxN) are read",
                    item.args.join("~")
                ),
            )
        };
        let [dims] = item.args.as_slice() else {
            return Err(refused());
        };
        let (rows, cols) = dims.split_once('x').ok_or_else(refused)?;
        let (rows, cols): (usize, usize) = match (rows.parse(), cols.parse()) {
            (Ok(rows), Ok(cols)) if rows == cols => (rows, cols),
            _ => return Err(refused()),
        };
        if size.is_some_and(|n| n != rows) {
            return Err(Refused::new(item.column, "a second Shape of another size"));
        }
        size = Some(cols);
    }
    Ok(size.unwrap_or(9))
}

/// What a caller needs to assemble the variant: givens, regions, rules and each rule's
/// column.
type Assembled = (Grid, Option<Vec<usize>>, Vec<Rule>, Vec<usize>);

#[cfg(test)]
mod tests;
