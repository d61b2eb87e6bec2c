//! What each rule compiles to, before items are numbered: units where no digit repeats,
//! pairwise relations between two cells, digits a cell may hold, and table constraints.

use super::ends::EndsKind;
use super::estimate;
use super::geometry::{
    diagonal_cells, disjoint_groups, king_squares, knight_pairs, orthogonal_neighbours,
    orthogonal_pairs, windoku_windows,
};
use super::groups::{sums, windows};
use super::rule::{Keeps, Marker, Relation, Rule};
use super::skylines::MAX_SKYLINE;
use super::tables::{Position, Table, TableKind, MAX_SUM_OPTIONS};
use super::totals;
use crate::Shape;
use std::collections::BTreeSet;

/// The rules of a variant, in the terms the matrix is built from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Parts {
    /// Sets of cells where no digit repeats (besides rows, columns and regions).
    pub units: Vec<Vec<usize>>,
    /// Pairs of cells and the relation their digits keep.
    pub relations: Vec<(usize, usize, Relation)>,
    /// For each cell, the digits it may hold, bit `d - 1` for digit `d`.
    pub allowed: Vec<u64>,
    /// Table constraints (sums, outside clues, the lines that are not pairwise).
    pub tables: Vec<Table>,
    /// How many hidden values the tables share (see [`Position::Hidden`]).
    pub hidden: usize,
    /// Linear sums kept by bounds (see [`sums`](super::sums)): each term a cell and its
    /// weight, and the total they make.
    pub sums: Vec<(Vec<(usize, i32)>, i32)>,
    /// Sums of cells that hold distinct digits (killer cages too large to enumerate).
    pub distinct_sums: Vec<(Vec<usize>, i32)>,
    /// Cells of distinct digits that make one of a few sets (see [`groups`](super::groups)):
    /// renban lines, killer cages.
    pub groups: Vec<(Vec<usize>, Vec<u64>)>,
    /// Skyscraper lines (cells from the clue) and the buildings they show (see
    /// [`skylines`](super::skylines)).
    pub skylines: Vec<(Vec<usize>, u32)>,
    /// Lines whose cells hang on their two ends, the ends first (see [`ends`](super::ends)).
    pub ends: Vec<(Vec<usize>, EndsKind)>,
    /// Segments, each blocks of cells of distinct digits, that make one total (see
    /// [`totals`]).
    pub totals: Vec<Vec<Vec<Vec<usize>>>>,
    /// Relations the others imply, kept as arcs only (the matrix has no items for them).
    pub implied: Vec<(usize, usize, Relation)>,
    /// Cells of distinct digits and the digits they must hold, bit `d - 1` for digit `d`
    /// (see [`required`](super::required)).
    pub required: Vec<(Vec<usize>, u64)>,
    /// Which of `sums` the rules imply (see [`implied`](super::implied)): the search weighs
    /// their cells as the rules' own.
    pub implied_sums: Vec<usize>,
    /// What each relation keeps, worked out once (a cache, not a part).
    pub keeps: Keeps,
}

/// The terms of a sum: cells and their weights.
type Terms = [(usize, i32)];

/// The most options a sum's table may have and still be enumerated: past it the sum is
/// kept by bounds instead (see [`sums`](super::sums)). Below it the table's options
/// narrow every cell to the digits of some whole assignment, which bounds do not.
const ENUMERATE_UP_TO: u64 = 2_000;

/// [`ENUMERATE_UP_TO`] for a little killer, whose cells need not differ and whose tables
/// are larger: past it, its sum is kept by bounds. Measured on the little killers of ISS's
/// examples (docs/lab/variant-search.md, "Twenty-fourth round").
const LITTLE_KILLER_UP_TO: u64 = 200;

/// [`ENUMERATE_UP_TO`] for an arrow: past it, its sum is kept by bounds. An arrow of a
/// three-cell shaft with two cells in one box has 61 to 70 options: as tables, ISS's
/// "Arrow, slow" (18 such arrows, no givens) took 2.19M nodes, by bounds 92k; "It being a
/// weekend" went from 2,683 nodes to 5,636 (docs/lab/variant-search.md, "Twenty-sixth
/// round").
const ARROW_UP_TO: u64 = 60;

/// The most options a region-sum line's or zipper line's tables may have together and still
/// be enumerated: past it the rule is kept by the propagator of [`totals`] (on grids of at
/// most [`totals::MOST_DIGITS`] digits). None: the propagator was measured faster on the
/// published puzzles' drafts (docs/lab/variant-search.md, "Sixteenth round"). A double
/// arrow keeps its tables up to [`ENUMERATE_UP_TO`] options, where its middle's
/// assignments as the search's choices measured faster on the published puzzle.
const TOTALS_FROM: u64 = 0;

/// The most sets of digits a killer cage may have and be narrowed by them as a group (see
/// [`groups`](super::groups)): every cage of a 9x9 grid (126 at most).
const MAX_GROUP_SETS: usize = 256;

/// Killer cages of this many cells or more are tables of their sets of digits, not of
/// their orders (see [`TableKind::CageSet`]).
const CAGE_SETS_FROM: usize = 5;

/// How the sums are kept: past `table` options (`little_killer` for a little killer,
/// `arrow` for an arrow) a sum is kept by bounds; past `totals_from` (and `table` for a
/// double arrow) a region-sum line, zipper line or double arrow by the propagator of
/// [`totals`]; a cage of `cage_sets_from` cells or more by its sets of digits, and one of
/// fewer cells with more than `cage_orders` orders (or none) by bounds.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limits {
    table: u64,
    little_killer: u64,
    arrow: u64,
    totals_from: u64,
    cage_sets_from: usize,
    cage_orders: u64,
}

/// The limits of the engine.
const LIMITS: Limits = Limits {
    table: ENUMERATE_UP_TO,
    little_killer: LITTLE_KILLER_UP_TO,
    arrow: ARROW_UP_TO,
    totals_from: TOTALS_FROM,
    cage_sets_from: CAGE_SETS_FROM,
    cage_orders: MAX_SUM_OPTIONS as u64,
};

#[cfg(test)]
thread_local! {
    static TEST_LIMITS: std::cell::Cell<Option<Limits>> = const { std::cell::Cell::new(None) };
}

/// Runs `f` (under test) with every sum that can be kept by bounds kept so, however small
/// its table (killer cages included): the answers must be the same.
#[cfg(test)]
pub(crate) fn by_bounds<T>(f: impl FnOnce() -> T) -> T {
    let limits = Limits {
        table: 0,
        little_killer: 0,
        arrow: 0,
        totals_from: u64::MAX,
        cage_sets_from: usize::MAX,
        cage_orders: 0,
    };
    with_limits(limits, f)
}

/// Runs `f` (under test) with every region-sum line, zipper line and double arrow that can
/// be kept by [`totals`] kept so, and every other sum by bounds: the answers must be the
/// same.
#[cfg(test)]
pub(crate) fn by_totals<T>(f: impl FnOnce() -> T) -> T {
    let limits = Limits {
        table: 0,
        little_killer: 0,
        arrow: 0,
        totals_from: 0,
        cage_sets_from: usize::MAX,
        cage_orders: 0,
    };
    with_limits(limits, f)
}

/// Runs `f` (under test) with every killer cage of two cells or more a table of its sets:
/// the answers must be the same.
#[cfg(test)]
pub(crate) fn by_sets<T>(f: impl FnOnce() -> T) -> T {
    let limits = Limits {
        cage_sets_from: 2,
        ..LIMITS
    };
    with_limits(limits, f)
}

#[cfg(test)]
fn with_limits<T>(limits: Limits, f: impl FnOnce() -> T) -> T {
    TEST_LIMITS.set(Some(limits));
    let result = f();
    TEST_LIMITS.set(None);
    result
}

/// The limits in force: [`LIMITS`], or a test's.
fn limits() -> Limits {
    #[cfg(test)]
    if let Some(limits) = TEST_LIMITS.get() {
        return limits;
    }
    LIMITS
}

/// The digits `1..=n` as a mask.
pub(crate) fn all_digits(n: usize) -> u64 {
    (1u64 << n) - 1
}

/// Compiles `rules` for a grid of `shape` whose cells are in regions `region_of`. The rules
/// are already validated.
pub(crate) fn compile(shape: Shape, region_of: &[usize], rules: &[Rule]) -> Parts {
    let n = shape.size();
    let mut parts = Parts {
        allowed: vec![all_digits(n); shape.cells()],
        ..Parts::default()
    };
    let odd = (0..n).step_by(2).fold(0u64, |mask, bit| mask | 1 << bit);
    for (index, rule) in rules.iter().enumerate() {
        match rule {
            Rule::Diagonal(diagonal) => parts.units.push(diagonal_cells(n, *diagonal)),
            Rule::ExtraRegion(cells) | Rule::Killer { cells, sum: None } => {
                parts.units.push(cells.clone())
            }
            Rule::Windoku => parts.units.extend(windoku_windows(shape)),
            Rule::DisjointGroups => parts.units.extend(disjoint_groups(shape)),
            Rule::AntiKing => parts.units.extend(king_squares(n)),
            Rule::AntiKnight => parts.relations.extend(
                knight_pairs(n)
                    .into_iter()
                    .map(|[a, b]| (a, b, Relation::Differ)),
            ),
            Rule::NonConsecutive => {
                // Two cells with a kropki dot are free of it (dclamage's reading).
                let marked = marked_pairs(rules, Marker::Difference);
                parts.relations.extend(
                    orthogonal_pairs(n)
                        .into_iter()
                        .filter(|pair| !marked.contains(pair))
                        .map(|[a, b]| (a, b, Relation::NotConsecutive)),
                )
            }
            Rule::Killer {
                cells,
                sum: Some(sum),
            } => {
                let limits = limits();
                if let Some(sets) = sums(n, cells.len(), *sum, MAX_GROUP_SETS) {
                    if !sets.is_empty() {
                        parts.groups.push((cells.clone(), sets));
                    }
                }
                let sets = cage_sets(n, cells.len(), *sum);
                let orders = (1..=cells.len() as u64).fold(sets, |o, k| o.saturating_mul(k));
                if cells.len() >= limits.cage_sets_from && sets <= MAX_SUM_OPTIONS as u64 {
                    // Distinct digits, and a set of them with the total.
                    parts.units.push(cells.clone());
                    let table = Table::of_cells(index, cells, TableKind::CageSet(*sum));
                    parts.tables.push(table);
                } else if orders == 0 || orders > limits.cage_orders {
                    // Too many to enumerate, or none, which a long search would find:
                    // distinct digits, and their sum by bounds.
                    parts.units.push(cells.clone());
                    parts.distinct_sums.push((cells.clone(), *sum as i32));
                } else {
                    let table = Table::of_cells(index, cells, TableKind::Cage(*sum));
                    parts.tables.push(table);
                }
            }
            Rule::Thermometer(cells) => {
                let len = cells.len();
                for (position, &cell) in cells.iter().enumerate() {
                    // The bulb is at least 1, each step up adds 1; the tip at most n.
                    let low = position + 1;
                    let high = n.saturating_sub(len - 1 - position);
                    let band = if low <= high {
                        all_digits(high) & !all_digits(low - 1)
                    } else {
                        0
                    };
                    parts.allowed[cell] &= band;
                }
                parts.relations.extend(
                    cells
                        .windows(2)
                        .map(|pair| (pair[0], pair[1], Relation::Less)),
                );
            }
            Rule::Arrow { circle, line } => {
                let cells: Vec<usize> = std::iter::once(*circle).chain(line.clone()).collect();
                let terms = arrow_terms(&[(*circle, 1)], line);
                if parts.exceeds(n, region_of, &[(&terms, Some(0))], limits().arrow) {
                    parts.sums.push((terms, 0));
                } else {
                    let table = Table::of_cells(index, &cells, TableKind::Arrow);
                    parts.tables.push(table);
                }
            }
            Rule::Difference { cells, value } => {
                parts
                    .relations
                    .push((cells[0], cells[1], Relation::Difference(*value)));
            }
            Rule::Ratio { cells, value } => {
                parts
                    .relations
                    .push((cells[0], cells[1], Relation::Ratio(*value)));
            }
            Rule::Xv { cells, sum } => {
                parts
                    .relations
                    .push((cells[0], cells[1], Relation::Sum(*sum)))
            }
            Rule::Odd(cell) => parts.allowed[*cell] &= odd,
            Rule::Even(cell) => parts.allowed[*cell] &= !odd,
            Rule::Negative(marker) => {
                let marked = marked_pairs(rules, *marker);
                let relation = Relation::Unmarked(*marker, value_bits(&marker.forbidden(rules)));
                parts.relations.extend(
                    orthogonal_pairs(n)
                        .into_iter()
                        .filter(|pair| !marked.contains(pair))
                        .map(|[a, b]| (a, b, relation)),
                );
            }
            Rule::Whispers { line, gap } => {
                for pair in line.windows(2) {
                    parts.relate(n, pair[0], pair[1], Relation::Apart(*gap));
                }
            }
            Rule::Renban(line) => {
                parts.groups.push((line.clone(), windows(n, line.len())));
                let span = (line.len() - 1) as u8;
                every_pair(line, |a, b, _| {
                    parts.relate(n, a, b, Relation::Within(span))
                });
            }
            Rule::Palindrome(line) => {
                for (&a, &b) in line.iter().zip(line.iter().rev()).take(line.len() / 2) {
                    parts.relate(n, a, b, Relation::Equal);
                }
            }
            Rule::Entropic(line) | Rule::Modular(line) => {
                let (other, same) = match rule {
                    Rule::Entropic(_) => {
                        (Relation::OtherBand(n as u8), Relation::SameBand(n as u8))
                    }
                    _ => (Relation::OtherResidue, Relation::SameResidue),
                };
                every_pair(line, |a, b, apart| {
                    if apart % 3 != 0 {
                        parts.relate(n, a, b, other);
                    } else {
                        // Implied by the three classes of every three cells in a row: an
                        // arc only, so that a class one cell loses goes from the cells
                        // three apart at once.
                        parts.implied.push((a, b, same));
                    }
                });
            }
            Rule::Nabner(line) => {
                every_pair(line, |a, b, _| parts.relate(n, a, b, Relation::Apart(2)));
            }
            Rule::SlowThermometer(line) => {
                for pair in line.windows(2) {
                    parts.relate(n, pair[0], pair[1], Relation::NotMore);
                }
            }
            Rule::Clone(pairs) => {
                for &[a, b] in pairs.iter().filter(|[a, b]| a != b) {
                    parts.relate(n, a, b, Relation::Equal);
                }
            }
            Rule::Minimum(cell) | Rule::Maximum(cell) => {
                let minimum = matches!(rule, Rule::Minimum(_));
                for other in orthogonal_neighbours(n, *cell) {
                    let kin = match minimum {
                        true => Rule::Minimum(other),
                        false => Rule::Maximum(other),
                    };
                    if rules.contains(&kin) {
                        continue;
                    }
                    let (low, high) = if minimum {
                        (*cell, other)
                    } else {
                        (other, *cell)
                    };
                    parts.relate(n, low, high, Relation::Less);
                }
            }
            Rule::PencilMarks { cell, digits } => {
                parts.allowed[*cell] &= digits.iter().fold(0, |mask, &d| mask | 1 << (d - 1));
            }
            Rule::Indexer { kind, cells } => {
                // The cell's digit `k + 1` names the unit's `k`-th cell, which must then
                // hold the cell's own place (the digit of its place names the cell itself).
                for &cell in cells {
                    let (unit, place) = kind.unit(n, region_of, cell);
                    for (k, &other) in unit.iter().enumerate().filter(|&(k, _)| k != place) {
                        let relation = Relation::Implies(k as u8 + 1, place as u8 + 1);
                        parts.relate(n, cell, other, relation);
                    }
                }
            }
            _ => parts.add_table_rule(n, region_of, index, rule),
        }
    }
    parts.add_house_sums(n, region_of, rules);
    parts.add_implied_sums(n, region_of, rules);
    parts.add_required(n, region_of, rules);
    parts
}

impl Parts {
    /// Adds the tables of a rule that is neither a unit, a relation nor a restriction of
    /// digits (see [`tables`](super::tables)).
    fn add_table_rule(&mut self, n: usize, region_of: &[usize], index: usize, rule: &Rule) {
        let table = |cells: &[usize], kind| Table::of_cells(index, cells, kind);
        let ends_first = |line: &[usize]| -> Vec<usize> {
            let mut cells = vec![line[0], line[line.len() - 1]];
            cells.extend_from_slice(&line[1..line.len() - 1]);
            cells
        };
        match rule {
            Rule::Quadruple { cells, digits } => {
                let mut digits = digits.clone();
                digits.sort_unstable();
                self.tables.push(table(cells, TableKind::Quadruple(digits)));
            }
            Rule::LittleKiller { cells, sum } => {
                let terms: Vec<_> = cells.iter().map(|&c| (c, 1)).collect();
                let tables = [(&terms[..], Some(*sum as i32))];
                if self.exceeds(n, region_of, &tables, limits().little_killer) {
                    self.sums.push((terms, *sum as i32));
                } else {
                    self.tables.push(table(cells, TableKind::Sum(*sum)))
                }
            }
            Rule::Sandwich { clue, sum } => self
                .tables
                .push(table(&clue.cells(n), TableKind::Sandwich(*sum))),
            Rule::XSum { clue, sum } => self
                .tables
                .push(table(&clue.cells(n), TableKind::XSum(*sum))),
            Rule::Skyscraper { clue, count } if n <= MAX_SKYLINE => {
                self.skylines.push((clue.cells(n), *count))
            }
            Rule::Skyscraper { clue, count } => self
                .tables
                .push(table(&clue.cells(n), TableKind::Skyscraper(*count))),
            // A between line of two cells means nothing (dclamage's reading).
            Rule::BetweenLine(line) if line.len() > 2 => {
                self.ends.push((ends_first(line), EndsKind::Between))
            }
            // Past its ends, a lockout line's cells hang on them; its two ends alone are a
            // table of the pairs far enough apart.
            Rule::Lockout { line, gap } if line.len() > 2 => {
                self.ends.push((ends_first(line), EndsKind::Lockout(*gap)))
            }
            Rule::Lockout { line, gap } if line.len() > 1 => self
                .tables
                .push(table(&ends_first(line), TableKind::Lockout(*gap))),
            Rule::RegionSumLine(line) => {
                let segments = region_segments(line, region_of);
                if segments.len() < 2 {
                    return;
                }
                let terms: Vec<Vec<_>> = segments.iter().map(|s| arrow_terms(&[], s)).collect();
                let tables: Vec<_> = terms.iter().map(|t| (&t[..], None)).collect();
                if n <= totals::MOST_DIGITS
                    && self.exceeds(n, region_of, &tables, limits().totals_from)
                {
                    // Each run is in one region: one block of distinct digits.
                    self.totals
                        .push(segments.into_iter().map(|run| vec![run]).collect());
                } else if self.too_large(n, region_of, &tables) {
                    // Each segment makes what the first makes.
                    for segment in &segments[1..] {
                        let first: Vec<_> = segments[0].iter().map(|&c| (c, 1)).collect();
                        self.sums.push((arrow_terms(&first, segment), 0));
                    }
                } else {
                    let total = self.hidden_value();
                    for segment in segments {
                        self.tables.push(total_of(index, total, &segment));
                    }
                }
            }
            Rule::ZipperLine(line) => {
                let half = line.len() / 2;
                let pairs: Vec<_> = (0..half)
                    .map(|k| arrow_terms(&[], &[line[k], line[line.len() - 1 - k]]))
                    .collect();
                let tables: Vec<_> = pairs.iter().map(|t| (&t[..], None)).collect();
                if line.len() >= 3
                    && n <= totals::MOST_DIGITS
                    && self.exceeds(n, region_of, &tables, limits().totals_from)
                {
                    let mut segments: Vec<_> = (0..half)
                        .map(|k| blocks(n, region_of, &[line[k], line[line.len() - 1 - k]]))
                        .collect();
                    if line.len() % 2 == 1 {
                        segments.push(vec![vec![line[half]]]);
                    }
                    self.totals.push(segments);
                    return;
                }
                let total = match line.len() % 2 {
                    1 => Position::Cell(line[half]),
                    _ => self.hidden_value(),
                };
                for k in 0..half {
                    self.tables
                        .push(total_of(index, total, &[line[k], line[line.len() - 1 - k]]));
                }
            }
            Rule::DoubleArrow(line) if line.len() > 2 => {
                let ends = [(line[0], 1), (line[line.len() - 1], 1)];
                let terms = arrow_terms(&ends, &line[1..line.len() - 1]);
                let middle = arrow_terms(&[], &line[1..line.len() - 1]);
                let tables = [(&ends[..], None), (&middle[..], None)];
                if n <= totals::MOST_DIGITS
                    && (line.len() - 2) * n <= totals::MOST_TOTAL as usize
                    && self.exceeds(
                        n,
                        region_of,
                        &tables,
                        limits().table.max(limits().totals_from),
                    )
                {
                    let ends = [line[0], line[line.len() - 1]];
                    let middle = &line[1..line.len() - 1];
                    self.totals.push(vec![
                        blocks(n, region_of, &ends),
                        blocks(n, region_of, middle),
                    ]);
                    return;
                }
                if self.too_large(n, region_of, &tables) {
                    self.sums.push((terms, 0));
                    return;
                }
                let total = self.hidden_value();
                let ends = [line[0], line[line.len() - 1]];
                self.tables.push(total_of(index, total, &ends));
                self.tables
                    .push(total_of(index, total, &line[1..line.len() - 1]));
            }
            Rule::PillArrow { pill, line } => {
                // The pill's digits read as a number in base ten (past 9 a digit is two).
                let places = (0..pill.len() as u32).rev().map(|k| 10i32.pow(k));
                let number: Vec<_> = pill.iter().copied().zip(places).collect();
                let terms = arrow_terms(&number, line);
                let shaft = arrow_terms(&[], line);
                if n <= 9 && self.too_large(n, region_of, &[(&number, None), (&shaft, None)]) {
                    self.sums.push((terms, 0));
                    return;
                }
                let number = self.hidden_value();
                let mut positions: Vec<Position> =
                    pill.iter().map(|&c| Position::Cell(c)).collect();
                positions.push(number);
                self.tables.push(Table {
                    rule: index,
                    positions,
                    kind: TableKind::Number,
                });
                self.tables.push(total_of(index, number, line));
            }
            _ => {}
        }
    }

    /// True when the tables of a rule, each the terms of a sum (`total`, or any), would
    /// have more options together than the [`Limits`] allow (see
    /// [`estimate`](super::estimate)).
    fn too_large(&self, n: usize, region_of: &[usize], tables: &[(&Terms, Option<i32>)]) -> bool {
        self.exceeds(n, region_of, tables, limits().table)
    }

    /// True when the tables of a rule, each the terms of a sum (`total`, or any), would
    /// have more than `limit` options together.
    fn exceeds(
        &self,
        n: usize,
        region_of: &[usize],
        tables: &[(&Terms, Option<i32>)],
        limit: u64,
    ) -> bool {
        if limit == u64::MAX {
            return false;
        }
        let grid = estimate::Cells {
            n,
            allowed: &self.allowed,
            region_of,
        };
        let mut options = 0u64;
        for &(terms, total) in tables {
            options += estimate::assignments(grid, terms, total, limit);
            if options > limit {
                return true;
            }
        }
        false
    }

    /// A new hidden value.
    fn hidden_value(&mut self) -> Position {
        self.hidden += 1;
        Position::Hidden(self.hidden - 1)
    }

    /// Adds a relation of two cells, and keeps in each only the digits that some digit of
    /// the other keeps it with (a whisper's cell cannot hold 5 on the 9×9 grid).
    fn relate(&mut self, n: usize, a: usize, b: usize, relation: Relation) {
        let mut partnered = |first: bool| {
            let kept = self.keeps.of(relation, n, first).iter().enumerate();
            kept.filter(|&(_, &kept)| kept != 0)
                .fold(0u64, |mask, (x, _)| mask | 1 << x)
        };
        let (first, second) = (partnered(true), partnered(false));
        self.allowed[a] &= first;
        self.allowed[b] &= second;
        self.relations.push((a, b, relation));
    }
}

/// A region-sum line's segments: its runs of consecutive cells in one region, which all
/// make the same total.
pub(super) fn region_segments(line: &[usize], region_of: &[usize]) -> Vec<Vec<usize>> {
    let mut segments: Vec<Vec<usize>> = Vec::new();
    for (k, &cell) in line.iter().enumerate() {
        match segments.last_mut() {
            Some(segment) if region_of[line[k - 1]] == region_of[cell] => segment.push(cell),
            _ => segments.push(vec![cell]),
        }
    }
    segments
}

/// `cells` as blocks of consecutive cells that all see each other (in a row, a column or
/// a region), for [`totals`]: each block's digits are distinct.
fn blocks(n: usize, region_of: &[usize], cells: &[usize]) -> Vec<Vec<usize>> {
    let sees =
        |a: usize, b: usize| a / n == b / n || a % n == b % n || region_of[a] == region_of[b];
    let mut blocks: Vec<Vec<usize>> = Vec::new();
    for &cell in cells {
        match blocks.last_mut() {
            Some(block) if block.iter().all(|&other| sees(other, cell)) => block.push(cell),
            _ => blocks.push(vec![cell]),
        }
    }
    blocks
}

/// The table of rule `index`: `cells` sum to `total`.
fn total_of(index: usize, total: Position, cells: &[usize]) -> Table {
    let mut positions = vec![total];
    positions.extend(cells.iter().map(|&c| Position::Cell(c)));
    Table {
        rule: index,
        positions,
        kind: TableKind::Arrow,
    }
}

/// How many sets of `len` distinct digits of `1..=n` sum to `total` (saturating).
fn cage_sets(n: usize, len: usize, total: u32) -> u64 {
    let total = total as usize;
    // sets[k][t]: sets of k digits, of those tried so far, summing to t.
    let mut sets = vec![vec![0u64; total + 1]; len + 1];
    sets[0][0] = 1;
    for d in 1..=n {
        for k in (1..=len).rev() {
            for t in (d..=total).rev() {
                sets[k][t] = sets[k][t].saturating_add(sets[k - 1][t - d]);
            }
        }
    }
    sets[len][total]
}

/// The terms of `total = Σ line`, as `total - Σ line = 0` (with no `total`, the terms of
/// `-Σ line`).
fn arrow_terms(total: &[(usize, i32)], line: &[usize]) -> Vec<(usize, i32)> {
    let mut terms = total.to_vec();
    terms.extend(line.iter().map(|&c| (c, -1)));
    terms
}

/// Calls `pair` with every two cells of `line` (earlier first) and how far apart they are.
fn every_pair(line: &[usize], mut pair: impl FnMut(usize, usize, usize)) {
    for (i, &a) in line.iter().enumerate() {
        for (apart, &b) in line[i + 1..].iter().enumerate() {
            pair(a, b, apart + 1);
        }
    }
}

/// The pairs of cells (smaller first) that a negative constraint of this kind leaves free:
/// those with a marker that [exempts](Marker::exempted_by) them.
pub(crate) fn marked_pairs(rules: &[Rule], kind: Marker) -> BTreeSet<[usize; 2]> {
    rules
        .iter()
        .filter(|rule| kind.exempted_by(rule))
        .filter_map(Rule::marker)
        .map(|(_, [a, b])| [a.min(b), a.max(b)])
        .collect()
}

/// Values as the bits of [`Relation::Unmarked`] (a value past 127 can hold no pair).
pub(crate) fn value_bits(values: &[u8]) -> u128 {
    values
        .iter()
        .filter(|&&v| v < 128)
        .fold(0, |bits, &v| bits | 1u128 << v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_related_cell_loses_the_digits_without_a_partner() {
        let rules = [
            Rule::Whispers {
                line: vec![0, 1],
                gap: 5,
            },
            Rule::Minimum(40),
        ];
        let boxes: Vec<usize> = (0..81).map(|cell| Shape::CLASSIC.box_of(cell)).collect();
        let parts = compile(Shape::CLASSIC, &boxes, &rules);
        let without = |digit: u32| all_digits(9) & !(1 << (digit - 1));
        assert_eq!(parts.allowed[0], without(5));
        assert_eq!(parts.allowed[1], without(5));
        assert_eq!(parts.allowed[40], without(9));
        // Its four neighbours cannot be 1.
        assert_eq!(parts.allowed[31], without(1));
        assert_eq!(parts.relations.len(), 5);
    }
}
