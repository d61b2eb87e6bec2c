//! Checking a variant's parts when it is made, and checking a solved grid against it.

use super::compile::marked_pairs;
use super::geometry::{
    diagonal_cells, disjoint_groups, king_squares, knight_pairs, orthogonal_neighbours,
    orthogonal_pairs, windoku_windows,
};
use super::rule::{Marker, Outside, Relation, Rule};
use super::{cell_of, Variant, VariantError};
use crate::Shape;

/// Checks a region map and returns it: one region number below `n` per cell, `n` cells each.
pub(super) fn regions(shape: Shape, map: &[usize]) -> Result<Vec<usize>, VariantError> {
    let n = shape.size();
    if map.len() != shape.cells() {
        return Err(VariantError::RegionsLength {
            found: map.len(),
            expected: shape.cells(),
        });
    }
    let mut sizes = vec![0usize; n.max(map.iter().max().map_or(0, |&m| m + 1))];
    map.iter().for_each(|&region| sizes[region] += 1);
    if let Some((region, &cells)) = sizes.iter().enumerate().find(|(_, &size)| size != n) {
        return Err(VariantError::RegionSize {
            region,
            cells,
            expected: n,
        });
    }
    Ok(map.to_vec())
}

/// Checks one rule of a grid of `shape` (`irregular` when a region map replaces the boxes).
pub(super) fn rule(
    shape: Shape,
    irregular: bool,
    index: usize,
    rule: &Rule,
) -> Result<(), VariantError> {
    let at = super::error::RuleRef {
        index,
        name: rule.name(),
    };
    let cells = rule.cells();
    let n = shape.size();
    for (k, &cell) in cells.iter().enumerate() {
        if cell >= shape.cells() {
            return Err(VariantError::CellOutside { rule: at, cell });
        }
        // A clone's cell may be in several pairs; a whispers line may close on itself (a
        // loop of at least two other cells, whose last cell neighbours its first).
        let closes = matches!(rule, Rule::Whispers { .. })
            && k == cells.len() - 1
            && k >= 3
            && cell == cells[0];
        if !matches!(rule, Rule::Clone(_)) && !closes && cells[..k].contains(&cell) {
            return Err(VariantError::RepeatedCell {
                rule: at,
                cell: cell_of(shape, cell),
            });
        }
    }
    let distinct = matches!(
        rule,
        Rule::ExtraRegion(_) | Rule::Killer { .. } | Rule::Renban(_)
    );
    if distinct && cells.len() > n {
        return Err(VariantError::TooManyCells {
            rule: at,
            cells: cells.len(),
            size: n,
        });
    }
    let needs = match rule {
        Rule::ExtraRegion(_)
        | Rule::Killer { .. }
        | Rule::Thermometer(_)
        | Rule::Whispers { .. }
        | Rule::Renban(_)
        | Rule::Palindrome(_)
        | Rule::Entropic(_)
        | Rule::Modular(_)
        | Rule::Nabner(_)
        | Rule::SlowThermometer(_)
        | Rule::Indexer { .. } => 1,
        Rule::Quadruple { .. }
        | Rule::LittleKiller { .. }
        | Rule::BetweenLine(_)
        | Rule::RegionSumLine(_)
        | Rule::ZipperLine(_)
        | Rule::DoubleArrow(_) => 1,
        Rule::Arrow { .. } | Rule::Lockout { .. } => 2,
        Rule::PillArrow { pill, line } if pill.is_empty() || line.is_empty() => usize::MAX,
        _ => 0,
    };
    if cells.len() < needs {
        return Err(VariantError::TooFewCells { rule: at });
    }
    let bad_value = match rule {
        Rule::Difference { value, .. } => (*value == 0).then_some(u32::from(*value)),
        Rule::Ratio { value, .. } => (*value == 0).then_some(u32::from(*value)),
        Rule::Xv { sum, .. } => (*sum == 0).then_some(u32::from(*sum)),
        Rule::PencilMarks { digits, .. } | Rule::Quadruple { digits, .. } => digits
            .iter()
            .find(|&&d| d == 0 || usize::from(d) > n)
            .map(|&d| u32::from(d)),
        Rule::Skyscraper { count, .. } => (*count == 0 || *count as usize > n).then_some(*count),
        _ => None,
    };
    if let Some(value) = bad_value {
        return Err(VariantError::BadValue { rule: at, value });
    }
    if let Some(clue) = outside(rule).filter(|clue| clue.index >= n) {
        return Err(VariantError::ClueOutside {
            rule: at,
            index: clue.index,
        });
    }
    if irregular && matches!(rule, Rule::DisjointGroups) {
        return Err(VariantError::NeedsBoxes { rule: at });
    }
    Ok(())
}

/// True when the complete `cells` keep the variant's rows, columns, regions and rules.
pub(super) fn solved(variant: &Variant, cells: &[u8]) -> bool {
    let shape = variant.shape();
    let n = shape.size();
    let distinct = |unit: &mut dyn Iterator<Item = usize>| {
        let mut seen = 0u64;
        for cell in unit {
            let bit = 1u64 << cells[cell];
            if seen & bit != 0 {
                return false;
            }
            seen |= bit;
        }
        true
    };
    let region_of = variant.region_of();
    let lines = (0..n).all(|k| {
        distinct(&mut (0..n).map(|c| k * n + c))
            && distinct(&mut (0..n).map(|r| r * n + k))
            && distinct(&mut (0..n * n).filter(|&cell| region_of[cell] == k))
    });
    let holds = |a: usize, b: usize, relation: Relation| relation.allows(cells[a], cells[b]);
    let rules = variant.rules();
    lines
        && rules.iter().all(|rule| match rule {
            Rule::Diagonal(diagonal) => distinct(&mut diagonal_cells(n, *diagonal).into_iter()),
            Rule::ExtraRegion(unit) => distinct(&mut unit.iter().copied()),
            Rule::Windoku => windoku_windows(shape)
                .into_iter()
                .all(|unit| distinct(&mut unit.into_iter())),
            Rule::DisjointGroups => disjoint_groups(shape)
                .into_iter()
                .all(|unit| distinct(&mut unit.into_iter())),
            Rule::AntiKing => king_squares(n)
                .into_iter()
                .all(|unit| distinct(&mut unit.into_iter())),
            Rule::AntiKnight => knight_pairs(n)
                .into_iter()
                .all(|[a, b]| holds(a, b, Relation::Differ)),
            Rule::NonConsecutive => {
                let marked = marked_pairs(rules, Marker::Difference);
                orthogonal_pairs(n)
                    .into_iter()
                    .filter(|pair| !marked.contains(pair))
                    .all(|[a, b]| holds(a, b, Relation::NotConsecutive))
            }
            Rule::Killer { cells: cage, sum } => {
                distinct(&mut cage.iter().copied())
                    && sum.is_none_or(|sum| {
                        cage.iter().map(|&c| u32::from(cells[c])).sum::<u32>() == sum
                    })
            }
            Rule::Thermometer(line) => line.windows(2).all(|w| holds(w[0], w[1], Relation::Less)),
            Rule::Arrow { circle, line } => {
                line.iter().map(|&c| u32::from(cells[c])).sum::<u32>() == u32::from(cells[*circle])
            }
            Rule::Difference {
                cells: [a, b],
                value,
            } => holds(*a, *b, Relation::Difference(*value)),
            Rule::Ratio {
                cells: [a, b],
                value,
            } => holds(*a, *b, Relation::Ratio(*value)),
            Rule::Xv { cells: [a, b], sum } => holds(*a, *b, Relation::Sum(*sum)),
            Rule::Odd(cell) => cells[*cell] % 2 == 1,
            Rule::Even(cell) => cells[*cell] % 2 == 0,
            Rule::Negative(marker) => negative_holds(rules, *marker, n, cells),
            Rule::Whispers { line, gap } => line
                .windows(2)
                .all(|w| cells[w[0]].abs_diff(cells[w[1]]) >= *gap),
            Rule::Renban(line) => {
                let digits: Vec<u8> = line.iter().map(|&c| cells[c]).collect();
                let (low, high) = (digits.iter().min(), digits.iter().max());
                distinct(&mut line.iter().copied())
                    && low
                        .zip(high)
                        .is_some_and(|(low, high)| usize::from(high - low) + 1 == line.len())
            }
            Rule::Palindrome(line) => line
                .iter()
                .zip(line.iter().rev())
                .all(|(&a, &b)| cells[a] == cells[b]),
            Rule::Entropic(line) => in_threes(line, cells, |d| Rule::band(n, d)),
            Rule::Modular(line) => in_threes(line, cells, |d| d % 3),
            Rule::Nabner(line) => line.iter().enumerate().all(|(k, &a)| {
                line[k + 1..]
                    .iter()
                    .all(|&b| cells[a].abs_diff(cells[b]) >= 2)
            }),
            Rule::SlowThermometer(line) => line.windows(2).all(|w| cells[w[0]] <= cells[w[1]]),
            Rule::Clone(pairs) => pairs.iter().all(|&[a, b]| cells[a] == cells[b]),
            Rule::Minimum(cell) => extremum_holds(rules, *cell, true, n, cells),
            Rule::Maximum(cell) => extremum_holds(rules, *cell, false, n, cells),
            Rule::PencilMarks { cell, digits } => digits.contains(&cells[*cell]),
            Rule::Indexer {
                kind,
                cells: indexers,
            } => indexers.iter().all(|&cell| {
                let (unit, place) = kind.unit(n, region_of, cell);
                usize::from(cells[unit[usize::from(cells[cell]) - 1]]) == place + 1
            }),
            Rule::Quadruple { .. }
            | Rule::LittleKiller { .. }
            | Rule::Sandwich { .. }
            | Rule::XSum { .. }
            | Rule::Skyscraper { .. }
            | Rule::BetweenLine(_)
            | Rule::Lockout { .. }
            | Rule::RegionSumLine(_)
            | Rule::ZipperLine(_)
            | Rule::DoubleArrow(_)
            | Rule::PillArrow { .. } => table_rule_holds(rule, n, region_of, cells),
        })
}

/// The outside clue of a rule, if it has one.
fn outside(rule: &Rule) -> Option<Outside> {
    match rule {
        Rule::Sandwich { clue, .. } | Rule::XSum { clue, .. } | Rule::Skyscraper { clue, .. } => {
            Some(*clue)
        }
        _ => None,
    }
}

/// True when the complete `cells` keep a rule compiled to tables (see `tables.rs`).
fn table_rule_holds(rule: &Rule, n: usize, region_of: &[usize], cells: &[u8]) -> bool {
    let digits =
        |line: &[usize]| -> Vec<u32> { line.iter().map(|&c| u32::from(cells[c])).collect() };
    let sum = |line: &[usize]| -> u32 { digits(line).iter().sum() };
    // Whether every middle cell of `line` holds a digit strictly between the ends' digits
    // (`inside`), or every one a digit outside them, the ends' digits included.
    let middle = |line: &[usize], inside: bool| {
        let (a, b) = (cells[line[0]], cells[line[line.len() - 1]]);
        let (low, high) = (a.min(b), a.max(b));
        line[1..line.len() - 1].iter().all(|&c| match inside {
            true => low < cells[c] && cells[c] < high,
            false => cells[c] < low || high < cells[c],
        })
    };
    match rule {
        Rule::Quadruple {
            cells: quad,
            digits: listed,
        } => listed.iter().all(|d| {
            let wanted = listed.iter().filter(|&e| e == d).count();
            quad.iter().filter(|&&c| cells[c] == *d).count() >= wanted
        }),
        Rule::LittleKiller {
            cells: diagonal,
            sum: total,
        } => sum(diagonal) == *total,
        Rule::Sandwich { clue, sum: total } => {
            let line = digits(&clue.cells(n));
            let at = |d: u32| line.iter().position(|&v| v == d).unwrap_or(0);
            let (a, b) = (at(1), at(n as u32));
            line[a.min(b) + 1..a.max(b)].iter().sum::<u32>() == *total
        }
        Rule::XSum { clue, sum: total } => {
            let line = digits(&clue.cells(n));
            line[..line[0] as usize].iter().sum::<u32>() == *total
        }
        Rule::Skyscraper { clue, count } => {
            let mut highest = 0;
            let seen = digits(&clue.cells(n)).into_iter().filter(|&v| {
                let record = v > highest;
                highest = highest.max(v);
                record
            });
            seen.count() == *count as usize
        }
        Rule::BetweenLine(line) => line.len() <= 2 || middle(line, true),
        Rule::Lockout { line, gap } => {
            cells[line[0]].abs_diff(cells[line[line.len() - 1]]) >= *gap && middle(line, false)
        }
        Rule::RegionSumLine(line) => {
            let mut totals = Vec::new();
            for (k, &cell) in line.iter().enumerate() {
                if k == 0 || region_of[line[k - 1]] != region_of[cell] {
                    totals.push(0);
                }
                *totals.last_mut().expect("one segment at least") += u32::from(cells[cell]);
            }
            totals.windows(2).all(|w| w[0] == w[1])
        }
        Rule::ZipperLine(line) => {
            let half = line.len() / 2;
            let mut totals: Vec<u32> = (0..half)
                .map(|k| sum(&[line[k], line[line.len() - 1 - k]]))
                .collect();
            if line.len() % 2 == 1 {
                totals.push(u32::from(cells[line[half]]));
            }
            totals.windows(2).all(|w| w[0] == w[1])
        }
        Rule::DoubleArrow(line) => {
            line.len() <= 2
                || sum(&[line[0], line[line.len() - 1]]) == sum(&line[1..line.len() - 1])
        }
        Rule::PillArrow { pill, line } => {
            let number: String = pill.iter().map(|&c| cells[c].to_string()).collect();
            number.parse::<u32>().ok() == Some(sum(line))
        }
        _ => true,
    }
}

/// True when no unmarked orthogonal pair satisfies a marker of this kind with one of the
/// values a negative constraint forbids.
fn negative_holds(rules: &[Rule], marker: Marker, n: usize, cells: &[u8]) -> bool {
    let marked = marked_pairs(rules, marker);
    let values = marker.forbidden(rules);
    orthogonal_pairs(n)
        .into_iter()
        .filter(|pair| !marked.contains(pair))
        .all(|[a, b]| !values.iter().any(|&v| marker.shows(v, cells[a], cells[b])))
}

/// True when every two or three cells in a row on `line` hold digits of different classes.
fn in_threes(line: &[usize], cells: &[u8], class: impl Fn(u8) -> u8) -> bool {
    line.windows(line.len().clamp(1, 3)).all(|window| {
        window.iter().enumerate().all(|(k, &a)| {
            window[k + 1..]
                .iter()
                .all(|&b| class(cells[a]) != class(cells[b]))
        })
    })
}

/// True when the minimum (or maximum) `cell` is smaller (larger) than each orthogonal
/// neighbour that is not a minimum (maximum) cell too.
fn extremum_holds(rules: &[Rule], cell: usize, minimum: bool, n: usize, cells: &[u8]) -> bool {
    let kin = |other: usize| {
        rules.contains(&if minimum {
            Rule::Minimum(other)
        } else {
            Rule::Maximum(other)
        })
    };
    orthogonal_neighbours(n, cell)
        .into_iter()
        .filter(|&other| !kin(other))
        .all(|other| match minimum {
            true => cells[cell] < cells[other],
            false => cells[cell] > cells[other],
        })
}
