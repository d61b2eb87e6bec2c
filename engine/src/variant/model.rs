//! The compiled model: every item numbered, and for each placement (a cell holding a digit)
//! the items its option covers. The solver builds its matrix from this for any givens.
//!
//! Items, primary first: each cell; each row-digit, column-digit and region-digit (none for
//! a region with the cells of one row or column, as a Latin square's "regions" drawn as its
//! rows: its items would be the line's again, see [`region_bases`]); each
//! digit of every extra unit of `n` cells; a guard for each table that places no cell; each
//! digit that the cells of a renban line or a killer cage must hold (see
//! [`required`](super::required)). Then
//! the secondary items: each digit of every extra unit of fewer cells (anti-king squares,
//! small extra regions, unvalued cages), one item per block of forbidden pairs of
//! placements, and the agreement items of the cells and hidden values that tables share
//! (see [`TableOptions`]). A block is a set of digits `X` of cell `A` and a set `Y` of cell
//! `B` of which every pair `(A=x, B=y)` is forbidden: its item is covered by the placements
//! `A=x` and `B=y`, so at most one of them is chosen, and since a cell holds one digit the
//! item forbids exactly the pairs of the block. Where `A` and `B` see each other (one row,
//! column or region) a block may also take in `A=x, B=x`, impossible already (see
//! [`bicliques`]).

use super::arcs::Arcs;
use super::compile::{all_digits, Parts};
use super::ends::Ends;
use super::groups::Groups;
use super::pointing::{Pointing, MAX_BOARD_CELLS};
use super::rule::Keeps;
use super::skylines::Skylines;
use super::sums::Sums;
use super::tables::{
    digits_apart, enumerate, Assignments, Position, Table, TableKind, MAX_SUM_OPTIONS,
};
use super::totals::Totals;
use super::VariantError;
use crate::Shape;
use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, OnceLock};

/// The compiled rules of a variant, independent of its givens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Model {
    pub n: usize,
    pub primary: usize,
    pub secondary: usize,
    /// `items[item_start[p]..item_start[p + 1]]` are the items of placement `p = cell * n + d`
    /// (digit `d` from 0).
    pub item_start: Vec<u32>,
    pub items: Vec<u32>,
    /// For each cell, the digits it may hold (bit `d - 1` for digit `d`).
    pub allowed: Vec<u64>,
    /// For each cell, the table that places it (its owner), if any.
    pub table_of_cell: Vec<Option<u32>>,
    /// The options of each table.
    pub tables: Vec<TableOptions>,
    /// The pairwise rules as arcs between cells, for the propagator and the logic pass.
    pub arcs: Arcs,
    /// The sums kept by bounds rather than tables, for the propagator and the logic pass.
    pub sums: Sums,
    /// The skyscraper lines kept as walks rather than tables.
    pub skylines: Skylines,
    /// The lines whose cells hang on their ends (between and lockout lines, see
    /// [`ends`](super::ends)).
    pub ends: Ends,
    /// Segments that make one total (see [`totals`](super::totals)).
    pub totals: Totals,
    /// The groups of distinct digits (renban lines, killer cages, quadruples in one box),
    /// for the propagator and the logic pass.
    pub groups: Groups,
    /// Whether the search points through the bans (see [`pointing`](super::pointing)): only
    /// where pairwise rules that ban more than a range of digits (see
    /// [`Relation::bans_a_range`](super::rule::Relation::bans_a_range)) relate at least as
    /// many pairs of cells as the grid has pairs of side-by-side cells (non-consecutive,
    /// anti-knight, the negative constraints), through the houses alone (see
    /// `houses_only`), or where the rules are units alone with some unit of fewer cells
    /// than a house or pair kept apart (anti-king, small extra regions, cages without a
    /// total: see `units_only`). With diagonals alone or tables and sums alone (arrows, little
    /// killers, cages with no digit they must hold) it made the search slower; with
    /// thermometers, slow thermometers, minimum and maximum cells and renban spans alone it
    /// doubled the time of a search and saved few nodes (docs/lab/variant-search.md,
    /// "Eighteenth round"); with a few dots or the digits cages and renban lines must hold
    /// its tables cost more than it saved on most published puzzles ("Thirty-first
    /// round").
    pub points: bool,
    /// Whether the logic pass of [`VariantSolver::rate`](super::VariantSolver::rate) and
    /// [`VariantSolver::solved_by_logic`](super::VariantSolver::solved_by_logic) points
    /// through the bans at locked candidates, once stuck without: where some pairwise rule
    /// bans more than a range of digits or some cells must hold a digit. What the levels
    /// of a rating find does not follow the search's speed.
    pub logic_points: bool,
    /// Whether the rules are houses alone (rows, columns, regions and other units of `n`
    /// cells: diagonals, windows, disjoint groups), with nothing else to clash, and some
    /// extra house holds two or more cells of one row or column (see [`shares_lines`]):
    /// the search then points through the houses only (see [`Pointing::of_houses`]), and
    /// the logic pass not at all, since its locked candidates already read every house.
    /// Measured in docs/lab/variant-search.md, "Tenth round": it paid on the windoku set,
    /// not on classic, x or jigsaw.
    pub houses_only: bool,
    /// Whether the rules are units alone (houses, and units of fewer cells or pairs kept
    /// apart: anti-king, anti-knight, small extra regions, cages without a total), so that
    /// every clash is one digit in two cells, on a grid the pointing's bitboards hold (at
    /// most 128 cells). With some unit of fewer cells the search points there, on
    /// bitboards (see `Pointing::of_units`), and the logic pass before it does not
    /// (measured in docs/lab/variant-search.md, "Thirty-fifth round").
    pub units_only: bool,
    /// The clashes and houses of the pointing, built when a search first needs them.
    pointing: Lazy,
    /// Per cell, the weight its item starts the search with under
    /// [`Branching::Weighted`](crate::exact_cover::Branching::Weighted) and
    /// [`Branching::Conflicts`](crate::exact_cover::Branching::Conflicts) (see
    /// [`priority`](super::priority)); the other primary items start at one. Empty until
    /// the variant sets them (every cell at one).
    pub priorities: Vec<u32>,
}

/// True when one of the `extra` houses (beyond the rows, columns and regions) holds two or
/// more cells of one row or column of a grid of side `n`: where pointing through the
/// houses paid (windows: docs/lab/variant-search.md, "Tenth round"). Not diagonals, which
/// meet each line once, nor jigsaw regions alone, where it cost more than it saved.
fn shares_lines(n: usize, extra: &[&Vec<usize>]) -> bool {
    extra.iter().any(|unit| {
        // n <= 64: a digit is a bit of a word, and so is a row or a column here.
        let (mut rows, mut cols) = (0u64, 0u64);
        unit.iter().any(|&cell| {
            let (row, col) = (1 << (cell / n), 1 << (cell % n));
            let again = rows & row != 0 || cols & col != 0;
            (rows, cols) = (rows | row, cols | col);
            again
        })
    })
}

/// A model's pointing, built once when first asked for and shared by its copies. Derived
/// from the model's items, it plays no part in comparing models.
#[derive(Clone, Debug, Default)]
struct Lazy(Arc<OnceLock<Arc<Pointing>>>);

impl PartialEq for Lazy {
    fn eq(&self, _: &Lazy) -> bool {
        true
    }
}

impl Eq for Lazy {}

/// The options of one table (see [`tables`](super::tables)), with the items each covers.
///
/// Tables may share cells and hidden values. A cell is placed by at most one table, its
/// *owner*: the table that gives it one digit in every option (a cage, an arrow, a between
/// line's end...) and shares none of its cells with another table (see `Sharing`); the
/// owner's options cover the cell's items as a placement would. Every table `T` through a
/// cell it does not place (the cell then has no owner: its own options place it) gets a
/// block of `n` secondary *agreement* items for it, `Z(T, cell, e)` for each digit `e`:
/// the cell's placement of digit `e` covers `Z(T, cell, e)`, and an option of `T` that
/// leaves the cell the digits `D` (one digit, or a set: a sandwich leaves each cell between
/// its crusts the set between them) covers `Z(T, cell, e)` for every allowed `e` outside
/// `D`. So the two clash exactly when the cell's digit is outside `D`, and two tables that
/// do not own the cell never clash through it. A
/// hidden value is owned by the first table that names it; each other table gets two
/// agreement items per bit of the value's place among the values it may take (see
/// `value_bits`), where the options of different values clash. A table that places no cell gets
/// a primary *guard* item that all its options cover, so that it takes exactly one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TableOptions {
    /// The cells of the table's positions, with their places in an assignment.
    cells: Vec<(usize, usize)>,
    /// Those of them the table does not place (another table owns them, or the table leaves
    /// them a set of digits).
    free: Vec<(usize, usize)>,
    /// The assignments (see [`Assignments`]).
    assignments: Assignments,
    /// `items[start[k]..start[k + 1]]`: the items of option `k`.
    start: Vec<u32>,
    items: Vec<u32>,
    /// `placements[at[k]..at[k + 1]]`: the placements (`cell * n + d`) of option `k`.
    at: Vec<u32>,
    placements: Vec<u32>,
    /// The hidden values the table names that the propagator narrows (those of at most 64
    /// values), each numbered as the propagator numbers them (after the cells), and
    /// `hidden_bits[k * hidden.len() + i]`: the bit of the value option `k` gives the
    /// `i`-th (its place among the values the hidden value may take).
    hidden: Vec<u32>,
    hidden_bits: Vec<u64>,
    /// True when the table's cells hold distinct digits (see
    /// [`TableKind::distinct`](super::tables::TableKind::distinct)).
    distinct: bool,
}

impl TableOptions {
    /// True when the table's cells hold distinct digits, so that the cells an option does
    /// not place need as many digits among them as they are cells.
    pub(crate) fn distinct(&self) -> bool {
        self.distinct
    }

    /// The number of options.
    pub(crate) fn len(&self) -> usize {
        self.assignments.len()
    }

    /// True when option `k` leaves each given cell its given digit.
    pub(crate) fn keeps(&self, k: usize, givens: &[u8]) -> bool {
        let choices = self.assignments.get(k);
        self.cells.iter().all(|&(place, cell)| {
            givens[cell] == 0 || choices[place] & (1 << (givens[cell] - 1)) != 0
        })
    }

    /// The items of option `k`.
    pub(crate) fn items(&self, k: usize) -> &[u32] {
        &self.items[self.start[k] as usize..self.start[k + 1] as usize]
    }

    /// True when the table leaves some cell a set of digits rather than placing it, or
    /// names a hidden value that the propagator narrows: its options have sets (see
    /// [`free_sets`](Self::free_sets)).
    pub(crate) fn has_free_cells(&self) -> bool {
        !self.free.is_empty() || !self.hidden.is_empty()
    }

    /// The cells option `k` does not place, each with the digits it leaves the cell (of
    /// those `allowed`), then the hidden values the propagator narrows, each with the bit
    /// of the value it gives (numbered after the cells, see `TableOptions::hidden`).
    pub(crate) fn free_sets<'a>(
        &'a self,
        k: usize,
        allowed: &'a [u64],
    ) -> impl Iterator<Item = (u32, u64)> + 'a {
        let choices = self.assignments.get(k);
        let free = self.free.iter();
        let free = free.map(move |&(place, cell)| (cell as u32, choices[place] & allowed[cell]));
        let count = self.hidden.len();
        let bits = &self.hidden_bits[k * count..(k + 1) * count];
        free.chain(self.hidden.iter().copied().zip(bits.iter().copied()))
    }

    /// The hidden values the propagator narrows (see `TableOptions::hidden`).
    pub(crate) fn narrowed_hidden(&self) -> &[u32] {
        &self.hidden
    }

    /// The placements of option `k`.
    pub(crate) fn placements(&self, k: usize) -> &[u32] {
        &self.placements[self.at[k] as usize..self.at[k + 1] as usize]
    }
}

impl Model {
    /// Numbers the items of `parts` for a grid of `shape` whose region of each cell is
    /// `region_of`.
    pub(crate) fn build(
        shape: Shape,
        region_of: &[usize],
        parts: Parts,
        rule_ref: impl Fn(usize) -> super::RuleRef,
    ) -> Result<Model, VariantError> {
        let n = shape.size();
        let cells = shape.cells();
        let mut extra: Vec<Vec<u32>> = vec![Vec::new(); cells * n];
        // Full units are primary and numbered first; partial ones after every primary item.
        let (full, partial): (Vec<_>, Vec<_>) = parts.units.iter().partition(|u| u.len() == n);
        let sharing = Sharing::of(&parts.tables, cells);
        let (region_base, houses_end) = region_bases(n, region_of);
        let required: usize = parts
            .required
            .iter()
            .map(|(_, d)| d.count_ones() as usize)
            .sum();
        let primary = houses_end + full.len() * n + sharing.guarded + required;
        for (k, unit) in full.iter().enumerate() {
            add_unit(&mut extra, unit, n, houses_end + k * n);
        }
        // The digits some cells must hold, primary after the guards (see `required`).
        let mut item = houses_end + full.len() * n + sharing.guarded;
        for (unit, digits) in &parts.required {
            for d in (0..n).filter(|d| digits & 1 << d != 0) {
                for &cell in unit {
                    extra[cell * n + d].push(item as u32);
                }
                item += 1;
            }
        }
        let mut next = primary;
        for unit in &partial {
            add_unit(&mut extra, unit, n, next);
            next += n;
        }
        next = add_bans(&mut extra, n, region_of, &parts, next);
        let logic_points =
            parts.relations.iter().any(|r| !r.2.bans_a_range()) || !parts.required.is_empty();
        // Dense bans: at least as many pairs as the grid has pairs of side-by-side cells.
        let dense = (2 * n * (n - 1)).max(1);
        let points = parts
            .relations
            .iter()
            .filter(|r| !r.2.bans_a_range())
            .count()
            >= dense;
        let peers =
            |a: usize, b: usize| a / n == b / n || a % n == b % n || region_of[a] == region_of[b];
        let related: Vec<_> = parts
            .relations
            .iter()
            .chain(&parts.implied)
            .copied()
            .collect();
        let arcs = Arcs::new(n, cells, &related, peers);
        let mut sums = Sums::new();
        for (terms, total) in &parts.sums {
            sums.push(terms, *total, peers);
        }
        for (cells, total) in &parts.distinct_sums {
            sums.push_distinct(cells, *total);
        }
        sums.watch(cells);
        let mut skylines = Skylines::new(n);
        for (line, count) in &parts.skylines {
            skylines.push(line, *count);
        }
        skylines.watch(cells);
        let mut ends = Ends::new(n);
        for (line, kind) in &parts.ends {
            ends.push(line, *kind);
        }
        ends.watch(cells);
        let mut totals = Totals::default();
        for segments in &parts.totals {
            totals.push(segments);
        }
        totals.watch(cells);
        let mut groups = Groups::new();
        for (cells, sets) in &parts.groups {
            groups.push(cells, sets);
        }
        if !groups.is_empty() {
            groups.see(cells, peers);
        }
        // The agreement items of the cells a table does not place: the cell's placement of
        // digit e covers item e of the table's block.
        let mut links = Vec::with_capacity(parts.tables.len());
        let mut guard = houses_end + full.len() * n;
        for (t, table) in parts.tables.iter().enumerate() {
            let mut blocks = Vec::with_capacity(table.positions.len());
            for position in &table.positions {
                match *position {
                    Position::Cell(cell) if sharing.owner[cell] != Some(t) => {
                        for e in 0..n {
                            extra[cell * n + e].push((next + e) as u32);
                        }
                        blocks.push(Some(next as u32));
                        next += n;
                    }
                    _ => blocks.push(None),
                }
            }
            let guarded = !sharing.owner.contains(&Some(t));
            links.push((guarded.then_some(guard as u32), blocks));
            guard += guarded as usize;
        }

        let mut item_start = Vec::with_capacity(cells * n + 1);
        let mut items = Vec::new();
        for cell in 0..cells {
            let (row, col) = (cell / n, cell % n);
            for d in 0..n {
                item_start.push(items.len() as u32);
                items.extend(
                    [cell, cells + row * n + d, 2 * cells + col * n + d].map(|item| item as u32),
                );
                if let Some(base) = region_base[region_of[cell]] {
                    items.push((base + d) as u32);
                }
                items.extend_from_slice(&extra[cell * n + d]);
            }
        }
        item_start.push(items.len() as u32);

        let mut model = Model {
            n,
            primary,
            secondary: 0,
            item_start,
            items,
            allowed: parts.allowed,
            table_of_cell: sharing.owner.iter().map(|o| o.map(|t| t as u32)).collect(),
            tables: Vec::new(),
            arcs,
            sums,
            skylines,
            ends,
            totals,
            groups,
            points,
            logic_points,
            houses_only: false,
            units_only: false,
            pointing: Lazy::default(),
            priorities: Vec::new(),
        };
        let assignments = model.enumerate(&parts.tables, parts.hidden, next, &rule_ref)?;
        next = model.add_tables(&parts.tables, assignments, &links, parts.hidden, next);
        model.secondary = next - primary;
        let units = model.tables.is_empty()
            && model.arcs.is_empty()
            && model.sums.is_empty()
            && model.skylines.is_empty()
            && model.ends.is_empty()
            && model.totals.is_empty()
            && model.groups.is_empty()
            && required == 0;
        model.houses_only = units && model.secondary == 0 && shares_lines(n, &full);
        // Past the bitboards' cells the pass reads the clashes by placement, which cost
        // three times the instructions on 16x16 anti-king grids.
        model.units_only = units && cells <= MAX_BOARD_CELLS;
        // Units of fewer cells than a house (anti-king's squares, small extra regions,
        // cages without a total) or pairs kept apart (anti-knight): the pointing runs on
        // bitboards and is built from the items alone (see `Pointing::of_units`).
        model.points |= model.houses_only || model.units_only && model.secondary > 0;
        Ok(model)
    }

    /// The clashes and houses of the pointing, built on the first call (and shared by the
    /// copies of this model); `None` where the search does not point.
    pub(crate) fn pointing(&self) -> Option<Arc<Pointing>> {
        self.pointing_if(self.points)
    }

    /// [`pointing`](Self::pointing) for the logic pass of a rating (see `logic_points`).
    pub(crate) fn logic_pointing(&self) -> Option<Arc<Pointing>> {
        self.pointing_if(self.logic_points)
    }

    fn pointing_if(&self, points: bool) -> Option<Arc<Pointing>> {
        points.then(|| {
            Arc::clone(self.pointing.0.get_or_init(|| match self.houses_only {
                true => Arc::new(Pointing::of_houses(self)),
                false => Arc::new(Pointing::new(self)),
            }))
        })
    }

    /// The items of placement `p`.
    pub(crate) fn placement_items(&self, placement: usize) -> &[u32] {
        let start = self.item_start[placement] as usize;
        let end = self.item_start[placement + 1] as usize;
        &self.items[start..end]
    }

    /// Enumerates each table's assignments, each hidden value taking only the values every
    /// table that names it allows.
    fn enumerate(
        &self,
        tables: &[Table],
        hidden: usize,
        items: usize,
        rule_ref: &impl Fn(usize) -> super::RuleRef,
    ) -> Result<Vec<Assignments>, VariantError> {
        let mut domains: Vec<Option<Vec<u32>>> = vec![None; hidden];
        let mut all = Vec::with_capacity(tables.len());
        let cages = tables.iter().any(|t| matches!(t.kind, TableKind::Cage(_)));
        let apart = cages && digits_apart(self, items);
        for table in tables {
            let assignments = enumerate(self, table, &domains, items, apart).ok_or(
                VariantError::SumTooLarge {
                    rule: rule_ref(table.rule),
                    limit: MAX_SUM_OPTIONS,
                },
            )?;
            for (place, position) in table.positions.iter().enumerate() {
                if let Position::Hidden(h) = *position {
                    let mut values: Vec<u32> = (0..assignments.len())
                        .map(|k| assignments.get(k)[place] as u32)
                        .collect();
                    values.sort_unstable();
                    values.dedup();
                    domains[h] = Some(values);
                }
            }
            all.push(assignments);
        }
        for (table, assignments) in tables.iter().zip(&mut all) {
            assignments.retain(|choices| {
                table.positions.iter().zip(choices).all(|(position, &v)| {
                    let Position::Hidden(h) = *position else {
                        return true;
                    };
                    domains[h]
                        .as_ref()
                        .is_some_and(|d| d.binary_search(&(v as u32)).is_ok())
                })
            });
        }
        Ok(all)
    }

    /// Numbers the agreement items of the hidden values from `next` and stores each
    /// table's options with their items; returns the next free item.
    fn add_tables(
        &mut self,
        tables: &[Table],
        all: Vec<Assignments>,
        links: &[(Option<u32>, Vec<Option<u32>>)],
        hidden: usize,
        mut next: usize,
    ) -> usize {
        let n = self.n;
        // Each hidden value's values, its owner table, and the blocks of the others.
        let mut values: Vec<Vec<u32>> = vec![Vec::new(); hidden];
        let mut owner: Vec<Option<usize>> = vec![None; hidden];
        let mut blocks: BTreeMap<(usize, usize), u32> = BTreeMap::new();
        let mut others: Vec<Vec<u32>> = vec![Vec::new(); hidden];
        for (t, (table, assignments)) in tables.iter().zip(&all).enumerate() {
            for (place, position) in table.positions.iter().enumerate() {
                let Position::Hidden(h) = *position else {
                    continue;
                };
                if owner[h].is_none() {
                    owner[h] = Some(t);
                    let mut seen: Vec<u32> = (0..assignments.len())
                        .map(|k| assignments.get(k)[place] as u32)
                        .collect();
                    seen.sort_unstable();
                    seen.dedup();
                    values[h] = seen;
                    continue;
                }
                blocks.insert((t, place), next as u32);
                others[h].push(next as u32);
                next += 2 * value_bits(values[h].len());
            }
        }
        for (t, (table, assignments)) in tables.iter().zip(all).enumerate() {
            let (guard, cell_blocks) = &links[t];
            let mut options = TableOptions {
                cells: Vec::new(),
                free: Vec::new(),
                assignments,
                start: vec![0],
                items: Vec::new(),
                at: vec![0],
                placements: Vec::new(),
                hidden: Vec::new(),
                hidden_bits: Vec::new(),
                distinct: table.kind.distinct(),
            };
            for (place, position) in table.positions.iter().enumerate() {
                match *position {
                    Position::Cell(cell) => {
                        options.cells.push((place, cell));
                        if cell_blocks[place].is_some() {
                            options.free.push((place, cell));
                        }
                    }
                    // Shared, and few enough values for a mask: narrowed as a cell is.
                    Position::Hidden(h) if !others[h].is_empty() && values[h].len() <= 64 => {
                        options.hidden.push((self.allowed.len() + h) as u32)
                    }
                    Position::Hidden(_) => {}
                }
            }
            for k in 0..options.assignments.len() {
                let choices = options.assignments.get(k);
                options.items.extend(*guard);
                for (place, position) in table.positions.iter().enumerate() {
                    let choice = choices[place];
                    match (*position, cell_blocks[place]) {
                        (Position::Cell(cell), None) => {
                            // Placed by this table: one digit.
                            let placement = cell * n + choice.trailing_zeros() as usize;
                            options
                                .items
                                .extend_from_slice(self.placement_items(placement));
                            options.placements.push(placement as u32);
                        }
                        (Position::Cell(cell), Some(block)) => options.items.extend(
                            (0..n as u32)
                                .filter(|&e| self.allowed[cell] & !choice & (1 << e) != 0)
                                .map(|e| block + e),
                        ),
                        (Position::Hidden(h), _) => {
                            let index = values[h].binary_search(&(choice as u32));
                            let index = index.expect("kept values are the owner's") as u32;
                            if options.hidden.contains(&((self.allowed.len() + h) as u32)) {
                                options.hidden_bits.push(1 << index);
                            }
                            // Two values differ in some bit of their places: the items of
                            // that bit (see `value_bits`) are where two such options clash.
                            let bits = value_bits(values[h].len()) as u32;
                            let bit = |b: u32| (index >> b) & 1;
                            if owner[h] == Some(t) {
                                for &block in &others[h] {
                                    let items = (0..bits).map(|b| block + 2 * b + bit(b));
                                    options.items.extend(items);
                                }
                            } else {
                                let block = blocks[&(t, place)];
                                let items = (0..bits).map(|b| block + 2 * b + 1 - bit(b));
                                options.items.extend(items);
                            }
                        }
                    }
                }
                options.start.push(options.items.len() as u32);
                options.at.push(options.placements.len() as u32);
            }
            self.tables.push(options);
        }
        next
    }
}

/// How many bits number the places of `values` values: the agreement items of a hidden
/// value between its owner and another table are two per bit. The owner's option giving
/// the value at place `i` covers, for each bit `b`, item `2b + (bit b of i)`; the other
/// table's option giving the value at place `j` covers item `2b + 1 - (bit b of j)`. Two
/// options of different values share the item of a bit where their places differ, two of
/// one value none: the values agree with `2·⌈log₂ values⌉` items, an option of the other
/// table covering `⌈log₂ values⌉` of them rather than one per value it does not give.
fn value_bits(values: usize) -> usize {
    values.next_power_of_two().trailing_zeros() as usize
}

/// Which table places each cell (its *owner*): the table that gives it one digit in every
/// option, unless that table shares a cell with another table; and how many tables place
/// no cell (each gets a guard item). A table that shares a cell places none: its cells
/// keep their own options, so the search may guess one of their digits (at most `n`)
/// rather than one of a table's assignments, and every table through them agrees with
/// them through agreement items. "Sistine Hippos" (cages and arrows that share cells) went
/// from 208 guesses to 14 with it, "It being a weekend…" (arrows sharing cells) from 902
/// to 325.
struct Sharing {
    owner: Vec<Option<usize>>,
    guarded: usize,
}

impl Sharing {
    fn of(tables: &[Table], cells: usize) -> Sharing {
        let mut owner = vec![None; cells];
        let mut owns = vec![false; tables.len()];
        // How many tables name each cell: a table that shares one places none.
        let mut named = vec![0u32; cells];
        for table in tables {
            for position in &table.positions {
                if let Position::Cell(cell) = *position {
                    named[cell] += 1;
                }
            }
        }
        for (t, table) in tables.iter().enumerate() {
            let cells_of = || {
                table.positions.iter().filter_map(|p| match *p {
                    Position::Cell(cell) => Some(cell),
                    Position::Hidden(_) => None,
                })
            };
            if cells_of().any(|cell| named[cell] > 1) {
                continue;
            }
            for (k, position) in table.positions.iter().enumerate() {
                if let Position::Cell(cell) = *position {
                    if owner[cell].is_none() && table.places(k) {
                        owner[cell] = Some(t);
                        owns[t] = true;
                    }
                }
            }
        }
        let guarded = owns.iter().filter(|&&o| !o).count();
        Sharing { owner, guarded }
    }
}

/// The first item of each region's digits (`region_bases(..).0[region] + d` for digit `d`),
/// numbered after the columns', and the item after the last region's: `None` for a region
/// whose cells are those of one row or one column, which has the line's items (a region
/// item beside them would be covered by exactly the same placements, only doubling the
/// dancing links' work).
fn region_bases(n: usize, region_of: &[usize]) -> (Vec<Option<usize>>, usize) {
    const MIXED: usize = usize::MAX;
    let cells = region_of.len();
    let regions = region_of.iter().max().map_or(0, |&r| r + 1);
    // Per region: its size, and its row and column (`MIXED` once two of its cells differ).
    let mut size = vec![0usize; regions];
    let mut row = vec![None; regions];
    let mut col = vec![None; regions];
    let same = |seen: Option<usize>, line: usize| match seen {
        Some(was) if was != line => Some(MIXED),
        _ => Some(line),
    };
    for (cell, &r) in region_of.iter().enumerate() {
        size[r] += 1;
        row[r] = same(row[r], cell / n);
        col[r] = same(col[r], cell % n);
    }
    let mut next = 3 * cells;
    let bases = (0..regions)
        .map(|r| {
            let line = size[r] == n && (row[r] != Some(MIXED) || col[r] != Some(MIXED));
            (!line).then(|| {
                next += n;
                next - n
            })
        })
        .collect();
    (bases, next)
}

/// Gives every placement of `unit`'s cells its unit-digit item, numbered from `first`.
fn add_unit(extra: &mut [Vec<u32>], unit: &[usize], n: usize, first: usize) {
    for &cell in unit {
        for d in 0..n {
            extra[cell * n + d].push((first + d) as u32);
        }
    }
}

/// Turns the relations into ban items numbered from `next`, and returns the next free item.
fn add_bans(
    extra: &mut [Vec<u32>],
    n: usize,
    region_of: &[usize],
    parts: &Parts,
    mut next: usize,
) -> usize {
    // For each pair of cells (smaller first): for each digit of the first, the digits of
    // the second it may not meet.
    let all = all_digits(n);
    let mut banned: BTreeMap<(usize, usize), Vec<u64>> = BTreeMap::new();
    let mut keeps = Keeps::default();
    for &(a, b, relation) in &parts.relations {
        let (low, high, swapped) = if a < b { (a, b, false) } else { (b, a, true) };
        let masks = banned.entry((low, high)).or_insert_with(|| vec![0; n]);
        for (mask, kept) in masks.iter_mut().zip(keeps.of(relation, n, !swapped)) {
            *mask |= all & !kept;
        }
    }
    // Most pairs forbid the same digits (a rule over every neighbouring pair): their blocks
    // are found once.
    let mut blocks: HashMap<(Vec<u64>, bool), Blocks> = HashMap::new();
    for ((a, b), masks) in banned {
        let peers = a / n == b / n || a % n == b % n || region_of[a] == region_of[b];
        let found = blocks
            .entry((masks, peers))
            .or_insert_with_key(|(masks, peers)| bicliques(masks, all, *peers));
        for &(xs, ys) in found.iter() {
            for x in (0..n).filter(|x| xs & 1 << x != 0) {
                extra[a * n + x].push(next as u32);
            }
            for y in (0..n).filter(|y| ys & 1 << y != 0) {
                extra[b * n + y].push(next as u32);
            }
            next += 1;
        }
    }
    next
}

/// Blocks of forbidden pairs, each `(xs, ys)`: every digit of `xs` in one cell against
/// every digit of `ys` in the other (see [`bicliques`]).
type Blocks = Vec<(u64, u64)>;

/// Covers the forbidden pairs of two cells `A` and `B` with few items: `banned[x]` holds
/// the digits of `B` (bit `y` for digit `y + 1`, within `all`) that may not meet digit
/// `x + 1` in `A`. Each item `(xs, ys)` is a whole block of forbidden pairs, every digit of
/// `xs` in `A` against every digit of `ys` in `B`, which the placements of both sides
/// cover: at most one of them is chosen, and `A` (or `B`) holds one digit anyway, so the
/// item forbids exactly the pairs of its block. Where the cells see each other, `A = B` is
/// impossible already and a block may take it in. Blocks are taken greedily, the most
/// pairs still open for the fewest placements (a row's open pairs with every row that
/// forbids them all, or a column's likewise): a non-consecutive pair's digit against its
/// two neighbours, one item for the low digits of a whisper against each other. Fewer
/// placements on the items make the options shorter for the dancing links, and the
/// options an item removes are those of the pairs it forbids, so the search is the same.
fn bicliques(banned: &[u64], all: u64, peers: bool) -> Blocks {
    let n = banned.len();
    let mut open: Vec<u64> = banned.iter().map(|&b| b & all).collect();
    for (x, row) in open.iter_mut().enumerate() {
        if peers {
            *row &= !(1 << x);
        }
    }
    // The pairs a block may take in: the forbidden ones, and `A = B` between peers.
    let may: Vec<u64> = (0..n)
        .map(|x| open[x] | if peers { all & 1 << x } else { 0 })
        .collect();
    let mut blocks = Vec::new();
    while open.iter().any(|&row| row != 0) {
        // (pairs still open, placements, xs, ys) of the best block so far.
        let mut best = (0u32, 1u32, 0u64, 0u64);
        let mut consider = |xs: u64, ys: u64| {
            let gained: u32 = (0..n)
                .filter(|x| xs & 1 << x != 0)
                .map(|x| (open[x] & ys).count_ones())
                .sum();
            let cost = xs.count_ones() + ys.count_ones();
            if u64::from(gained) * u64::from(best.1) > u64::from(best.0) * u64::from(cost) {
                best = (gained, cost, xs, ys);
            }
        };
        for &ys in open.iter().filter(|&&row| row != 0) {
            let xs = (0..n)
                .filter(|&x| may[x] & ys == ys)
                .fold(0u64, |xs, x| xs | 1 << x);
            consider(xs, ys);
        }
        for y in 0..n {
            let xs = (0..n)
                .filter(|&x| open[x] & 1 << y != 0)
                .fold(0u64, |xs, x| xs | 1 << x);
            if xs == 0 {
                continue;
            }
            let ys = (0..n)
                .filter(|&x| xs & 1 << x != 0)
                .fold(all, |ys, x| ys & may[x]);
            consider(xs, ys);
        }
        let (_, _, xs, ys) = best;
        for (x, row) in open.iter_mut().enumerate() {
            if xs & 1 << x != 0 {
                *row &= !ys;
            }
        }
        blocks.push((xs, ys));
    }
    blocks
}

#[cfg(test)]
mod tests {
    use crate::variant::{Rule, Variant};
    use crate::{Grid, Shape};

    use super::bicliques;

    /// Every pair of digits of two cells that `banned` forbids, and no other (but `x, x`
    /// for peers), is in some block; the blocks.
    fn covers_exactly(banned: &[u64], peers: bool) -> Vec<(u64, u64)> {
        let n = banned.len();
        let blocks = bicliques(banned, (1 << n) - 1, peers);
        for (x, &row) in banned.iter().enumerate() {
            for y in 0..n {
                let covered = blocks
                    .iter()
                    .any(|&(xs, ys)| xs & 1 << x != 0 && ys & 1 << y != 0);
                let forbidden = row & 1 << y != 0;
                if peers && x == y {
                    continue;
                }
                assert_eq!(covered, forbidden, "{x} {y}");
            }
        }
        blocks
    }

    #[test]
    fn forbidden_pairs_are_covered_by_blocks_with_few_placements() {
        // Non-consecutive neighbours (peers): each digit against its two neighbours, one
        // item of three placements a digit, where a pair of pairs took four.
        let n = 9;
        let consecutive: Vec<u64> = (0..n)
            .map(|x| {
                let below = if x > 0 { 1 << (x - 1) } else { 0 };
                let above = if x + 1 < n { 1 << (x + 1) } else { 0 };
                below | above
            })
            .collect();
        let blocks = covers_exactly(&consecutive, true);
        let placements: u32 = blocks
            .iter()
            .map(|(x, y)| x.count_ones() + y.count_ones())
            .sum();
        assert!(placements < 8 * 4, "{placements}");
        // German whispers (not peers): digits less than 5 apart; 5 meets nothing. One
        // block holds 1-5 against each other, one 5-9; a pair took an item of two.
        let whispers: Vec<u64> = (0..n)
            .map(|x: usize| {
                (0..n)
                    .filter(|&y| x.abs_diff(y) < 5)
                    .fold(0, |m, y| m | 1 << y)
            })
            .collect();
        let blocks = covers_exactly(&whispers, false);
        assert!(
            blocks.contains(&(0b11111, 0b11111))
                && blocks.contains(&(0b1_1111_0000, 0b1_1111_0000))
        );
        let placements: u32 = blocks
            .iter()
            .map(|(x, y)| x.count_ones() + y.count_ones())
            .sum();
        let pairs: u32 = whispers.iter().map(|m| m.count_ones()).sum();
        assert!(
            placements < 2 * pairs,
            "{placements} placements for {pairs} pairs"
        );
        // No pair forbidden: no block.
        assert!(bicliques(&[0; 4], 0b1111, true).is_empty());
    }

    /// The search points through the bans where bans that are not ranges relate as many
    /// pairs as the grid has side by side (non-consecutive, anti-knight), not where every
    /// ban is one (thermometers, slow ones, a minimum cell, a renban span of three:
    /// measured to double the time there for few nodes), nor for a few dots or a cage's
    /// needed digits (measured to cost more than they save).
    #[test]
    fn the_search_points_only_where_dense_bans_are_not_ranges() {
        let empty = Grid::empty(Shape::new(3, 3).unwrap());
        let points = |rules: &[Rule]| {
            let variant = Variant::new(empty.clone(), None, rules.to_vec()).unwrap();
            variant.model().points
        };
        let thermometer = Rule::Thermometer(vec![0, 1, 2]);
        let ranges = [
            thermometer.clone(),
            Rule::SlowThermometer(vec![27, 28, 29]),
            Rule::Minimum(40),
            Rule::Renban(vec![9, 10, 11]),
        ];
        assert!(!points(&ranges[..1]));
        assert!(!points(&ranges));
        assert!(points(&[thermometer.clone(), Rule::NonConsecutive]));
        assert!(points(&[Rule::AntiKnight]));
        let dots: Vec<Rule> = (0..8)
            .map(|k| Rule::Difference {
                cells: [9 * k, 9 * k + 1],
                value: 1,
            })
            .collect();
        assert!(!points(&dots));
        let cage = Rule::Killer {
            cells: vec![0, 1, 9],
            sum: Some(6),
        };
        assert!(!points(&[cage, thermometer]));
    }

    /// A cage alone places its cells; a cage and an arrow (r4c4 = r1c2 + r2c3) that share
    /// r1c2 place none of theirs, so each cell keeps its own digits for the search to
    /// guess. (The sums the cage implies on the rest of its row and box, 7 each, are
    /// tables of their own.)
    #[test]
    fn a_table_that_shares_a_cell_places_none() {
        let empty = Grid::empty(Shape::new(2, 2).unwrap());
        let cage = Rule::Killer {
            cells: vec![0, 1],
            sum: Some(3),
        };
        let alone = Variant::new(empty.clone(), None, vec![cage.clone()]).unwrap();
        let placed = &alone.model().table_of_cell;
        assert_eq!((placed[0], placed[1]), (Some(0), Some(0)));
        let arrow = Rule::Arrow {
            circle: 15,
            line: vec![1, 6],
        };
        let shared = Variant::new(empty, None, vec![cage, arrow]).unwrap();
        let placed = &shared.model().table_of_cell;
        assert!([0, 1, 6, 15].iter().all(|&cell| placed[cell].is_none()));
    }
}
