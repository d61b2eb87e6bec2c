//! A variant written back as an f-puzzles document, so that `--format json` carries the
//! rules out in a form every setter's tool reads.

use super::super::geometry::windoku_windows;
use super::super::{Diagonal, Indexer, Rule, Variant};
use super::clues::{little_killer_clue, outside_name};
use serde_json::{json, Map, Value};

/// The digits that the pencil-mark rules of `cell` leave it (those of every such rule),
/// sorted, if it has any.
fn pencil_marks(rules: &[Rule], cell: usize) -> Option<Vec<u8>> {
    rules
        .iter()
        .filter_map(|rule| match rule {
            Rule::PencilMarks { cell: c, digits } if *c == cell => Some(digits),
            _ => None,
        })
        .fold(None, |kept: Option<Vec<u8>>, digits| {
            let mut digits = digits.clone();
            digits.sort_unstable();
            digits.dedup();
            Some(match kept {
                None => digits,
                Some(kept) => kept.into_iter().filter(|d| digits.contains(d)).collect(),
            })
        })
}

/// The f-puzzles document of `variant`: `size`, `grid` (givens, and regions when they are
/// not the boxes or the boxes are not the side's usual ones, and the cells'
/// `givenPencilMarks`) and one key per kind of rule. Windoku,
/// which f-puzzles has no key for, is written as its four extra regions.
pub fn to_json(variant: &Variant) -> Value {
    let shape = variant.shape();
    let n = shape.size();
    let name = |cell: usize| Value::from(format!("R{}C{}", cell / n + 1, cell % n + 1));
    let names = |cells: &[usize]| Value::from(cells.iter().map(|&c| name(c)).collect::<Vec<_>>());
    // f-puzzles gives a side its usual boxes (2x3 for 6): other boxes (3x2) are written as
    // the cells' regions, so that the document reads back with them.
    let usual_boxes = crate::Shape::for_size(n) == Some(shape);
    let mut object = Map::new();
    object.insert("size".into(), n.into());
    let grid: Vec<Value> = (0..n)
        .map(|row| {
            (0..n)
                .map(|col| {
                    let cell = row * n + col;
                    let mut fields = Map::new();
                    let digit = variant.givens().cells()[cell];
                    if digit != 0 {
                        fields.insert("value".into(), digit.into());
                        fields.insert("given".into(), true.into());
                    }
                    if variant.regions().is_some() || !usual_boxes {
                        fields.insert("region".into(), variant.region_of()[cell].into());
                    }
                    if let Some(digits) = pencil_marks(variant.rules(), cell) {
                        fields.insert("givenPencilMarks".into(), digits.into());
                    }
                    Value::Object(fields)
                })
                .collect()
        })
        .collect();
    object.insert("grid".into(), grid.into());
    let mut push = |key: &str, value: Value| {
        let list = object
            .entry(key)
            .or_insert_with(|| Value::Array(Vec::new()));
        if let Value::Array(items) = list {
            items.push(value);
        }
    };
    let mut flags = Vec::new();
    for rule in variant.rules() {
        match rule {
            Rule::Diagonal(Diagonal::Anti) => flags.push("diagonal+"),
            Rule::Diagonal(Diagonal::Main) => flags.push("diagonal-"),
            Rule::AntiKnight => flags.push("antiknight"),
            Rule::AntiKing => flags.push("antiking"),
            Rule::NonConsecutive => flags.push("nonconsecutive"),
            Rule::DisjointGroups => flags.push("disjointgroups"),
            Rule::Windoku => {
                for window in windoku_windows(shape) {
                    push("extraregion", json!({ "cells": names(&window) }));
                }
            }
            Rule::ExtraRegion(cells) => push("extraregion", json!({ "cells": names(cells) })),
            Rule::Killer { cells, sum } => {
                let mut cage = json!({ "cells": names(cells) });
                if let Some(sum) = sum {
                    cage["value"] = sum.to_string().into();
                }
                push("killercage", cage);
            }
            Rule::Thermometer(cells) => push("thermometer", json!({ "lines": [names(cells)] })),
            Rule::Arrow { circle, line } => {
                let mut whole = vec![*circle];
                whole.extend(line);
                push(
                    "arrow",
                    json!({ "cells": [name(*circle)], "lines": [names(&whole)] }),
                );
            }
            Rule::Difference { cells, value } => push(
                "difference",
                json!({ "cells": names(cells), "value": value.to_string() }),
            ),
            Rule::Ratio { cells, value } => push(
                "ratio",
                json!({ "cells": names(cells), "value": value.to_string() }),
            ),
            Rule::Xv { cells, sum } => push(
                "xv",
                json!({ "cells": names(cells), "value": if *sum == 10 { "X" } else { "V" } }),
            ),
            Rule::Odd(cell) => push("odd", json!({ "cell": name(*cell) })),
            Rule::Even(cell) => push("even", json!({ "cell": name(*cell) })),
            Rule::Negative(marker) => push("negative", Value::from(marker.name())),
            Rule::Whispers { line, gap } => push(
                "whispers",
                json!({ "lines": [names(line)], "value": gap.to_string() }),
            ),
            Rule::Renban(line) => push("renban", json!({ "lines": [names(line)] })),
            Rule::Palindrome(line) => push("palindrome", json!({ "lines": [names(line)] })),
            Rule::Entropic(line) => push("entropicline", json!({ "lines": [names(line)] })),
            Rule::Modular(line) => push("modularline", json!({ "lines": [names(line)] })),
            Rule::Nabner(line) => push("nabner", json!({ "lines": [names(line)] })),
            Rule::SlowThermometer(line) => {
                push("slowthermometer", json!({ "lines": [names(line)] }))
            }
            Rule::Clone(pairs) => {
                let (cells, copies): (Vec<usize>, Vec<usize>) =
                    pairs.iter().map(|&[a, b]| (a, b)).unzip();
                push(
                    "clone",
                    json!({ "cells": names(&cells), "cloneCells": names(&copies) }),
                );
            }
            Rule::Minimum(cell) => push("minimum", json!({ "cell": name(*cell) })),
            Rule::Maximum(cell) => push("maximum", json!({ "cell": name(*cell) })),
            // Written in the grid, above.
            Rule::PencilMarks { .. } => {}
            Rule::Indexer { kind, cells } => {
                let key = match kind {
                    Indexer::Row => "rowindexer",
                    Indexer::Column => "columnindexer",
                    Indexer::Box => "boxindexer",
                };
                push(key, json!({ "cells": names(cells) }));
            }
            Rule::Quadruple { cells, digits } => push(
                "quadruple",
                json!({ "cells": names(cells), "values": digits }),
            ),
            Rule::LittleKiller { cells, sum } => {
                let (cell, direction) = little_killer_clue(cells, n);
                push(
                    "littlekillersum",
                    json!({ "cell": cell, "cells": names(cells), "direction": direction,
                        "value": sum.to_string() }),
                );
            }
            Rule::Sandwich { clue, sum: value }
            | Rule::XSum { clue, sum: value }
            | Rule::Skyscraper { clue, count: value } => {
                let key = match rule {
                    Rule::Sandwich { .. } => "sandwichsum",
                    Rule::XSum { .. } => "xsum",
                    _ => "skyscraper",
                };
                push(
                    key,
                    json!({ "cell": outside_name(*clue, n), "value": value.to_string() }),
                );
            }
            Rule::BetweenLine(line) => push("betweenline", json!({ "lines": [names(line)] })),
            Rule::Lockout { line, gap } => {
                let mut entry = json!({ "lines": [names(line)] });
                // Half the side is the default, which f-puzzles and dclamage's solver assume.
                if usize::from(*gap) != n / 2 {
                    entry["value"] = gap.to_string().into();
                }
                push("lockout", entry);
            }
            Rule::RegionSumLine(line) => push("regionsumline", json!({ "lines": [names(line)] })),
            Rule::ZipperLine(line) => push("zipperline", json!({ "lines": [names(line)] })),
            Rule::DoubleArrow(line) => push("doublearrow", json!({ "lines": [names(line)] })),
            Rule::PillArrow { pill, line } => {
                // The line starts in the pill cell nearest its first cell, as drawn.
                let distance =
                    |a: usize, b: usize| (a / n).abs_diff(b / n).max((a % n).abs_diff(b % n));
                let start = *pill
                    .iter()
                    .min_by_key(|&&c| line.first().map_or(0, |&first| distance(c, first)))
                    .expect("a pill has cells");
                let mut whole = vec![start];
                whole.extend(line);
                push(
                    "arrow",
                    json!({ "cells": names(pill), "lines": [names(&whole)] }),
                );
            }
        }
    }
    for flag in flags {
        object.insert(flag.into(), true.into());
    }
    Value::Object(object)
}
