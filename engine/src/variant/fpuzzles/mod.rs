//! The f-puzzles format that setters export and share (the `fpuzzles` feature): a JSON
//! document, or the lz-string base64 form that f-puzzles puts in its share links. [`parse`]
//! is the one entry point for puzzle documents and links: it also reads SudokuPad's links
//! offline (`sudokupad.app/fpuzzles...`, `/fpuz...`, `?puzzleid=...`,
//! `app.crackingthecryptic.com/sudoku/...`, and SudokuPad's own `scl...`/`ctc...` documents:
//! givens, regions, cages with totals, extra regions and the rules named in `global` or in
//! metadata). A SudokuPad document that draws lines, arrows, overlays or underlays is
//! refused ([`FpuzzlesError::Drawings`]: their rules live only in its text), and so is a
//! short id, which needs a network lookup ([`FpuzzlesError::NeedsLookup`]). It reads the
//! constraint strings of sigh's Interactive Sudoku Solver too (`.Thermo~R1C1~R1C2...`, and
//! its `?q=` links; [`FpuzzlesError::ConstraintString`] says where one is refused).
//!
//! Read: `size`; `grid` (rows of cells with `value`, `given` and `region`); the booleans
//! `diagonal+`, `diagonal-`, `antiknight`, `antiking`, `disjointgroups`, `nonconsecutive`;
//! the lists `extraregion`, `killercage` (and `cage`), `thermometer`, `arrow`, `difference`,
//! `ratio`, `xv`, `odd`, `even`, `negative`, the lines `whispers` (optional `value`, the
//! least difference), `renban`, `palindrome`, `entropicline`, `modularline`, `nabner` and
//! `slowthermometer`, `clone` (`cells` and `cloneCells`), `minimum` and `maximum`,
//! `rowindexer`, `columnindexer` and `boxindexer` (`cells`), and the rules compiled to
//! tables (see `clues.rs`: `quadruple`, `littlekillersum`, `sandwichsum`, `xsum`,
//! `skyscraper`, `betweenline`, `lockout`, `regionsumline`, `zipperline`, `doublearrow`, and
//! an `arrow` whose circle is a pill); and each cell's `givenPencilMarks`. Cells are named
//! `R1C1`. `title`, `author`, `ruleset`, `solution`, `metadata`, the entries tagged
//! `fromConstraint` (drawings of a constraint stored under its own key), the cosmetic
//! `text`, `line`, `rectangle` and
//! `circle`, and the editor's and solver's settings (`activeConstraints`, `disabledlogic`...)
//! are ignored. A constraint of f-puzzles that this engine lacks is refused by name unless
//! it is empty (`[]` or `false`): ignoring a rule gives wrong answers. A key that is not in
//! the format at all (a tool's own field, a misspelt constraint) is read past with a
//! [`FpuzzlesWarning`] that names the key it resembles: [`parse_with_warnings`] gives them,
//! [`parse`] drops them for callers that do not care.
//!
//! ```
//! use sudoku_dlx::variant::{fpuzzles, VariantSolver};
//!
//! let text = r#"{"size":4,"grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],
//!     [{},{},{},{}],[{},{},{},{}]],"diagonal-":true,
//!     "killercage":[{"cells":["R4C3","R4C4"],"value":"7"}]}"#;
//! let variant = fpuzzles::parse(text)?;
//! let solution = VariantSolver::new().solve(&variant).unwrap();
//! assert!(variant.accepts(&solution));
//! // Written back, it reads again as the same puzzle.
//! assert_eq!(fpuzzles::parse(&fpuzzles::to_json(&variant).to_string())?, variant);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod cells;
mod clues;
mod error;
mod grid;
mod keys;
mod link;
mod values;
mod write;

pub use error::{FpuzzlesError, FpuzzlesWarning};
pub use link::{
    compress, decompress, document_link, to_fpuzzles_link, to_link, FPUZZLES_LINK_PREFIX,
    LINK_PREFIX,
};
pub use write::to_json;

use link::unpack;
use values::{cage_total, number, small, xv_sum};

use super::iss;
use super::sudokupad::{self, Payload};
use super::{Diagonal, Indexer, Marker, Rule, Variant, VariantError};
use crate::Shape;
use keys::{is_format_key, similar_key, IGNORED, KNOWN_LISTS, NOT_SUPPORTED};
use serde_json::{Map, Value};

/// Reads an f-puzzles document: plain JSON, the compressed string of a share link, or the
/// link itself (anything up to `load=` is skipped; `%2B`, `%2F`, `%3D` are decoded); or a
/// SudokuPad link or prefixed puzzle id (see the [module](self)); or a constraint string
/// of sigh's Interactive Sudoku Solver, or its link (`.Thermo~R1C1~R1C2...`, see
/// [`FpuzzlesError::ConstraintString`] for one refused).
///
/// ```
/// use sudoku_dlx::variant::fpuzzles::{self, FpuzzlesError};
///
/// // SudokuPad's zipped JSON (unquoted keys, an empty cell left out), as its links carry
/// // it after `scl` (plain here; links compress it with lz-string base64).
/// let zipped = "{ce:[[{v:1},,,],[,,,],[,,,],[,,,]],ca:[{ce:[[3,2],[3,3]],v:7}]}";
/// let variant = fpuzzles::parse(&format!("https://sudokupad.app/scl{zipped}"))?;
/// assert_eq!(variant.givens().to_string(), "1...............");
/// let short = fpuzzles::parse("https://sudokupad.app/sudoku/BLLGjtrb4P");
/// assert!(matches!(short, Err(FpuzzlesError::NeedsLookup { .. })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse(text: &str) -> Result<Variant, FpuzzlesError> {
    parse_with_warnings(text).map(|parsed| parsed.variant)
}

/// A document read, with what the reader noticed without refusing it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parsed {
    /// The puzzle.
    pub variant: Variant,
    /// The warnings, in the order of the document's keys (sorted).
    pub warnings: Vec<FpuzzlesWarning>,
}

/// [`parse`], with the warnings: what the document holds that the reader read past (a key
/// that is not part of the format). [`parse`] drops them, for callers that do not care; a
/// program that shows a user the answers should show them the warnings too.
///
/// ```
/// use sudoku_dlx::variant::fpuzzles::{self, FpuzzlesWarning};
///
/// let empty = "[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]";
/// let text = format!(r#"{{"size":4,"grid":{empty},"killercages":[{{"cells":["R1C1"]}}]}}"#);
/// let parsed = fpuzzles::parse_with_warnings(&text)?;
/// assert!(parsed.variant.rules().is_empty());
/// assert_eq!(
///     parsed.warnings,
///     [FpuzzlesWarning::UnknownKey { path: "killercages".into(), similar: Some("killercage") }]
/// );
/// assert_eq!(
///     parsed.warnings[0].to_string(),
///     "killercages: unknown key, ignored (did you mean \"killercage\"?)"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse_with_warnings(text: &str) -> Result<Parsed, FpuzzlesError> {
    let text = trimmed(text);
    let plain = |result: Result<Variant, FpuzzlesError>| {
        result.map(|variant| Parsed {
            variant,
            warnings: Vec::new(),
        })
    };
    if let Some((string, start)) = iss::payload(text) {
        return plain(iss::parse(&string, start));
    }
    if let Some(payload) = sudokupad::payload(text) {
        return match payload {
            Payload::Fpuzzles(packed) => match unpack(&packed) {
                Ok(Some(json)) => parse_json_with_warnings(&json),
                Ok(None) => parse_json_with_warnings(&packed),
                // f-puzzles' own short links: `fpuzzles` and an id of a few characters.
                Err(_) if packed.len() < 20 => Err(FpuzzlesError::NeedsLookup {
                    id: format!("fpuzzles{packed}"),
                }),
                Err(_) => Err(FpuzzlesError::field(
                    "(link)",
                    "f-puzzles data that does not decompress (lz-string base64)",
                )),
            },
            Payload::Native(data) => plain(sudokupad::parse_native(&data)),
            Payload::Classic(data) => plain(sudokupad::parse_classic(&data)),
            Payload::Remote(id) => Err(FpuzzlesError::NeedsLookup { id }),
            Payload::Compact => Err(FpuzzlesError::CompactLink),
        };
    }
    match unpack(text)? {
        Some(json) => parse_json_with_warnings(&json),
        None => parse_json_with_warnings(text),
    }
}

/// True when `text` is an f-puzzles document rather than a puzzle in another notation:
/// JSON (its first character, after white space and a byte-order mark, is `{`), a share
/// link (it holds `load=`, which no line puzzle does), a SudokuPad link or prefixed puzzle
/// id (`https://sudokupad.app/...`, `scl...`, `fpuzzles...`: read, or refused with the
/// reason), an ISS constraint string or link (`.~R1C1_5.Thermo~...`), or a compressed string that starts as every compressed `{"` does
/// ([`PACKED_START`]) or unpacks to text starting with `{` (its JSON is
/// read by [`parse`], so a broken one is refused with the place of the fault). The question
/// every reader of mixed input asks before [`parse`], so that a bad document is refused
/// with the reason of this format.
///
/// ```
/// use sudoku_dlx::variant::fpuzzles::{self, is_document};
///
/// assert!(is_document(r#"  {"size":4}"#));
/// assert!(is_document("https://f-puzzles.com/?load=N4IgzglgXg"));
/// assert!(is_document(&fpuzzles::compress(r#"{"size":4}"#)));
/// assert!(is_document("https://sudokupad.app/sudoku/BLLGjtrb4P"));
/// assert!(is_document("sclN4IgzglgXg"));
/// let cut = &fpuzzles::compress(r#"{"size":4,"grid":[]}"#)[..12];
/// assert!(is_document(cut));
/// assert!(matches!(fpuzzles::parse(cut), Err(fpuzzles::FpuzzlesError::Compressed)));
/// let broken = fpuzzles::compress(r#"{"size":4,"#);
/// assert!(is_document(&broken));
/// assert!(matches!(fpuzzles::parse(&broken), Err(fpuzzles::FpuzzlesError::Json { .. })));
/// assert!(is_document(".~R1C1_5.Thermo~R1C2~R1C3"));
/// assert!(is_document(".AntiKnight.Windoku"));
/// assert!(!is_document(".A.B............"));
/// assert!(!is_document("1234341243212143"));
/// assert!(!is_document("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"));
/// ```
pub fn is_document(text: &str) -> bool {
    let text = trimmed(text);
    if text.starts_with('{')
        || text.contains("load=")
        || sudokupad::payload(text).is_some()
        || iss::payload(text).is_some()
    {
        return true;
    }
    let base64 = |b: u8| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'=' | b'%');
    !text.is_empty()
        && text.bytes().all(base64)
        && (text.starts_with(PACKED_START) || unpack(text).is_ok_and(|json| json.is_some()))
}

/// How the share string of every JSON object that starts `{"` begins (lz-string base64):
/// a share string cut short, which does not decompress, is still taken for a document and
/// refused as one.
pub const PACKED_START: &str = "N4Ig";

/// `text` without a byte-order mark and the white space around it.
fn trimmed(text: &str) -> &str {
    text.trim_start_matches('\u{feff}').trim()
}

/// Reads a plain JSON f-puzzles document.
pub fn parse_json(text: &str) -> Result<Variant, FpuzzlesError> {
    parse_json_with_warnings(text).map(|parsed| parsed.variant)
}

/// [`parse_json`], with the warnings (see [`parse_with_warnings`]).
pub fn parse_json_with_warnings(text: &str) -> Result<Parsed, FpuzzlesError> {
    let value: Value = serde_json::from_str(text).map_err(|error| FpuzzlesError::Json {
        line: error.line(),
        column: error.column(),
        message: error.to_string(),
    })?;
    let object = value
        .as_object()
        .ok_or_else(|| FpuzzlesError::field("(document)", "expected an object"))?;
    from_object_with_warnings(object)
}

/// The variant an f-puzzles object describes.
pub fn from_object(object: &Map<String, Value>) -> Result<Variant, FpuzzlesError> {
    from_object_with_warnings(object).map(|parsed| parsed.variant)
}

/// [`from_object`], with the warnings (see [`parse_with_warnings`]).
pub fn from_object_with_warnings(object: &Map<String, Value>) -> Result<Parsed, FpuzzlesError> {
    let size = object
        .get("size")
        .ok_or_else(|| FpuzzlesError::field("size", "missing"))?
        .as_u64()
        .ok_or_else(|| FpuzzlesError::field("size", "expected a whole number"))?
        as usize;
    let shape = Shape::for_size(size).ok_or_else(|| {
        FpuzzlesError::field(
            "size",
            format!("{size} has no usual box shape (4 to 35, not prime)"),
        )
    })?;
    let reader = Reader { n: size };
    let (givens, regions, marked) = reader.grid(object, shape)?;
    let mut rules = Vec::new();
    let mut origins = Vec::new();
    for (cell, digits, path) in marked {
        rules.push(Rule::PencilMarks { cell, digits });
        origins.push(path);
    }
    // Keys in sorted order, so that rules are numbered the same whatever order the map
    // keeps (serde_json's `preserve_order` may be on in a program that uses this crate).
    let mut warnings = Vec::new();
    let mut keys: Vec<&String> = object.keys().collect();
    keys.sort();
    for key in keys {
        let value = &object[key];
        if !is_format_key(key) {
            // An empty value carries nothing that reading past it could drop.
            if !is_empty(value) {
                warnings.push(FpuzzlesWarning::UnknownKey {
                    path: key.clone(),
                    similar: similar_key(key),
                });
            }
            continue;
        }
        if key == "size" || key == "grid" || IGNORED.contains(&key.as_str()) {
            continue;
        }
        reader.constraint(key, value, &mut rules, &mut origins)?;
    }
    let variant = Variant::new(givens, regions, rules).map_err(|error| FpuzzlesError::Rule {
        path: rule_index(&error).map(|k| origins[k].clone()),
        error,
    })?;
    Ok(Parsed { variant, warnings })
}

/// The rule an error is about, if it is about one.
pub(crate) fn rule_index(error: &VariantError) -> Option<usize> {
    match error {
        VariantError::CellOutside { rule, .. }
        | VariantError::RepeatedCell { rule, .. }
        | VariantError::TooFewCells { rule }
        | VariantError::TooManyCells { rule, .. }
        | VariantError::BadValue { rule, .. }
        | VariantError::NeedsBoxes { rule }
        | VariantError::ClueOutside { rule, .. }
        | VariantError::SumTooLarge { rule, .. } => Some(rule.index),
        _ => None,
    }
}

/// Reads the parts of a document for a grid of side `n`.
struct Reader {
    n: usize,
}

impl Reader {
    /// Adds the rules of one top-level key, and for each the path it comes from.
    fn constraint(
        &self,
        key: &str,
        value: &Value,
        rules: &mut Vec<Rule>,
        origins: &mut Vec<String>,
    ) -> Result<(), FpuzzlesError> {
        let before = rules.len();
        self.rules_of(key, value, rules, origins)?;
        origins.resize(rules.len(), key.to_string());
        debug_assert!(origins.len() >= before);
        Ok(())
    }

    /// The rules of one top-level key; list entries note their paths in `origins`.
    fn rules_of(
        &self,
        key: &str,
        value: &Value,
        rules: &mut Vec<Rule>,
        origins: &mut Vec<String>,
    ) -> Result<(), FpuzzlesError> {
        let flag = |rule: Rule, rules: &mut Vec<Rule>| -> Result<(), FpuzzlesError> {
            match value.as_bool() {
                Some(true) => rules.push(rule),
                Some(false) => {}
                None => return Err(FpuzzlesError::field(key, "expected true or false")),
            }
            Ok(())
        };
        match key {
            "diagonal+" => return flag(Rule::Diagonal(Diagonal::Anti), rules),
            "diagonal-" => return flag(Rule::Diagonal(Diagonal::Main), rules),
            "antiknight" => return flag(Rule::AntiKnight, rules),
            "antiking" => return flag(Rule::AntiKing, rules),
            "disjointgroups" => return flag(Rule::DisjointGroups, rules),
            "nonconsecutive" => return flag(Rule::NonConsecutive, rules),
            "negative" => return self.negative(value, rules),
            _ => {}
        }
        if !KNOWN_LISTS.contains(&key) && !clues::TABLE_LISTS.contains(&key) {
            // A constraint of the format that this engine lacks (the only keys left).
            debug_assert!(NOT_SUPPORTED.contains(&key));
            return match is_empty(value) {
                true => Ok(()),
                false => Err(FpuzzlesError::Unsupported { name: key.into() }),
            };
        }
        let entries = match value {
            Value::Array(entries) => entries,
            Value::Bool(false) | Value::Null => return Ok(()),
            _ => return Err(FpuzzlesError::field(key, "expected a list")),
        };
        for (k, entry) in entries.iter().enumerate() {
            let path = format!("{key}[{k}]");
            let entry = entry
                .as_object()
                .ok_or_else(|| FpuzzlesError::field(&path, "expected an object"))?;
            // A drawing that f-puzzles makes of a constraint stored under its own key (the
            // cage it outlines around indexer cells): counting it would count that twice.
            if entry.contains_key("fromConstraint") {
                continue;
            }
            self.entry(key, &path, entry, rules)?;
            origins.resize(rules.len(), path);
        }
        Ok(())
    }

    /// Adds the rules of one entry of a list.
    fn entry(
        &self,
        key: &str,
        path: &str,
        entry: &Map<String, Value>,
        rules: &mut Vec<Rule>,
    ) -> Result<(), FpuzzlesError> {
        if clues::TABLE_LISTS.contains(&key) {
            return self.table_entry(key, path, entry, rules);
        }
        match key {
            "extraregion" => rules.push(Rule::ExtraRegion(self.cells(path, entry, "cells")?)),
            "rowindexer" | "columnindexer" | "boxindexer" => rules.push(Rule::Indexer {
                kind: match key {
                    "rowindexer" => Indexer::Row,
                    "columnindexer" => Indexer::Column,
                    _ => Indexer::Box,
                },
                cells: self.cells(path, entry, "cells")?,
            }),
            "killercage" | "cage" => {
                let cells = self.cells(path, entry, "cells")?;
                let sum = cage_total(entry);
                rules.push(Rule::Killer { cells, sum });
            }
            "thermometer" => {
                for line in self.lines(path, entry)? {
                    rules.push(Rule::Thermometer(line));
                }
            }
            "arrow" => {
                let circle = self.cells(path, entry, "cells")?;
                let [circle] = circle[..] else {
                    // A pill: each line sums to the number its digits read.
                    for line in self.lines(path, entry)? {
                        let line = line.into_iter().filter(|c| !circle.contains(c)).collect();
                        rules.push(Rule::PillArrow {
                            pill: circle.clone(),
                            line,
                        });
                    }
                    return Ok(());
                };
                for line in self.lines(path, entry)? {
                    let line: Vec<usize> =
                        line.into_iter().filter(|&cell| cell != circle).collect();
                    rules.push(Rule::Arrow { circle, line });
                }
            }
            "whispers" | "renban" | "palindrome" | "entropicline" | "modularline" | "nabner"
            | "slowthermometer" => {
                // Whispers' least difference: `value`, else half the side rounded up.
                let gap = match key {
                    "whispers" => match number(path, entry, "value")? {
                        Some(value) => small(path, value)?,
                        None => self.n.div_ceil(2) as u8,
                    },
                    _ => 0,
                };
                for line in self.lines(path, entry)? {
                    rules.push(match key {
                        "whispers" => Rule::Whispers { line, gap },
                        "renban" => Rule::Renban(line),
                        "palindrome" => Rule::Palindrome(line),
                        "entropicline" => Rule::Entropic(line),
                        "modularline" => Rule::Modular(line),
                        "nabner" => Rule::Nabner(line),
                        _ => Rule::SlowThermometer(line),
                    });
                }
            }
            "clone" => {
                let cells = self.cells(path, entry, "cells")?;
                let copies = self.cells(path, entry, "cloneCells")?;
                if copies.len() != cells.len() {
                    return Err(FpuzzlesError::field(
                        format!("{path}.cloneCells"),
                        format!("expected {} cells, as many as cells", cells.len()),
                    ));
                }
                let pairs = cells.into_iter().zip(copies).map(|(a, b)| [a, b]);
                rules.push(Rule::Clone(pairs.collect()));
            }
            "difference" | "ratio" | "xv" => {
                let cells = self.cells(path, entry, "cells")?;
                let cells: [usize; 2] = cells.try_into().map_err(|_| {
                    FpuzzlesError::field(format!("{path}.cells"), "expected two cells")
                })?;
                rules.push(match key {
                    "difference" => Rule::Difference {
                        cells,
                        value: small(path, number(path, entry, "value")?.unwrap_or(1))?,
                    },
                    "ratio" => Rule::Ratio {
                        cells,
                        value: small(path, number(path, entry, "value")?.unwrap_or(2))?,
                    },
                    _ => Rule::Xv {
                        cells,
                        sum: xv_sum(path, entry)?,
                    },
                });
            }
            _ => {
                // "odd", "even", "minimum" and "maximum": one cell each.
                let cell = entry
                    .get("cell")
                    .ok_or_else(|| FpuzzlesError::field(format!("{path}.cell"), "missing"))?;
                let cell = self.cell(&format!("{path}.cell"), cell)?;
                rules.push(match key {
                    "odd" => Rule::Odd(cell),
                    "even" => Rule::Even(cell),
                    "minimum" => Rule::Minimum(cell),
                    _ => Rule::Maximum(cell),
                });
            }
        }
        Ok(())
    }

    /// The `negative` list: `"ratio"`, `"difference"`, `"xv"`.
    fn negative(&self, value: &Value, rules: &mut Vec<Rule>) -> Result<(), FpuzzlesError> {
        let names = value
            .as_array()
            .ok_or_else(|| FpuzzlesError::field("negative", "expected a list"))?;
        for (k, name) in names.iter().enumerate() {
            let marker = match name.as_str() {
                Some("ratio") => Marker::Ratio,
                Some("difference") => Marker::Difference,
                Some("xv") => Marker::Xv,
                Some(other) => {
                    return Err(FpuzzlesError::Unsupported {
                        name: format!("negative {other}"),
                    })
                }
                None => {
                    return Err(FpuzzlesError::field(
                        format!("negative[{k}]"),
                        "expected a name",
                    ))
                }
            };
            rules.push(Rule::Negative(marker));
        }
        Ok(())
    }
}

/// True for `[]`, `{}`, `""`, `null` and `false`.
pub(crate) fn is_empty(value: &Value) -> bool {
    match value {
        Value::Array(items) => items.is_empty(),
        Value::Object(fields) => fields.is_empty(),
        Value::String(text) => text.is_empty(),
        Value::Null | Value::Bool(false) => true,
        _ => false,
    }
}

#[cfg(test)]
mod tests;
