//! The compiled model: every item numbered, and for each placement (a cell holding a digit)
//! the items its option covers. The solver builds its matrix from this for any givens.
//!
//! Items, primary first: each cell; each row-digit, column-digit and region-digit; each
//! digit of every extra unit of `n` cells; a guard for each sum that shares a cell with an
//! earlier one. Then the secondary items: each digit of every extra unit of fewer cells
//! (anti-king squares, small extra regions, unvalued cages), one item per group of forbidden
//! pairs of placements, and the agreement items of shared sum cells (see [`SumLinks`]). A forbidden pair `(A=x, B=y)` is an item
//! that both placements cover, so at most one of them is chosen; where `A` and `B` already
//! see each other (one row, column or region) and `(A=y, B=x)` is forbidden too, one item
//! `{A=x, A=y, B=x, B=y}` serves both pairs, since `A=x, B=x` and `A=y, B=y` are already
//! impossible.

use super::compile::{all_digits, Parts, Sum};
use super::sums::{enumerate, SumOptions};
use super::VariantError;
use crate::Shape;
use std::collections::BTreeMap;

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
    /// For each cell, the sum constraint that places it (its owner), if any.
    pub sum_of_cell: Vec<Option<u32>>,
    /// The assignments of each sum constraint.
    pub sums: Vec<SumOptions>,
    /// How each sum constraint's options meet the sums it shares cells with.
    pub links: Vec<SumLinks>,
}

/// Sums that share cells (killer cages overlapping each other or arrows). Each cell is
/// placed by one sum only, its *owner* (the first that names it): the owner's options cover
/// the cell's items as usual. Every other sum `S` through the cell gets a block of `n`
/// secondary *agreement* items for it, `Z(S, cell, e)` for each digit `e`: the owner's
/// placement of digit `e` covers `Z(S, cell, e)`, and an option of `S` that gives the cell
/// digit `d` covers `Z(S, cell, e)` for every `e ≠ d` (and none of the cell's own items). So
/// the two options clash exactly when they disagree on the cell's digit, and the options of
/// two non-owners never clash through it. A sum with such a cell also gets a primary *guard*
/// item that all its options cover, so it takes one even when it owns no cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SumLinks {
    /// The sum's guard item, when it shares a cell with an earlier sum.
    pub guard: Option<u32>,
    /// For each of the sum's cells: `None` when the sum owns it, else the first of its `n`
    /// agreement items.
    pub shared: Vec<Option<u32>>,
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
        let sharing = Sharing::of(&parts.sums, cells);
        let primary = 4 * cells + full.len() * n + sharing.guarded;
        for (k, unit) in full.iter().enumerate() {
            add_unit(&mut extra, unit, n, 4 * cells + k * n);
        }
        let mut next = primary;
        for unit in &partial {
            add_unit(&mut extra, unit, n, next);
            next += n;
        }
        next = add_bans(&mut extra, n, region_of, &parts, next);
        // The agreement items of the cells that sums share (see `SumLinks`): the owner's
        // placement of digit e covers item e of each other sum's block.
        let mut links = Vec::with_capacity(parts.sums.len());
        let mut guard = 4 * cells + full.len() * n;
        for (k, sum) in parts.sums.iter().enumerate() {
            let mut shared = Vec::with_capacity(sum.cells.len());
            for &cell in &sum.cells {
                if sharing.owner[cell] == Some(k) {
                    shared.push(None);
                    continue;
                }
                for e in 0..n {
                    extra[cell * n + e].push((next + e) as u32);
                }
                shared.push(Some(next as u32));
                next += n;
            }
            let guarded = shared.iter().any(Option::is_some);
            links.push(SumLinks {
                guard: guarded.then_some(guard as u32),
                shared,
            });
            guard += guarded as usize;
        }
        let secondary = next - primary;

        let mut item_start = Vec::with_capacity(cells * n + 1);
        let mut items = Vec::new();
        for cell in 0..cells {
            let (row, col) = (cell / n, cell % n);
            for d in 0..n {
                item_start.push(items.len() as u32);
                items.extend(
                    [
                        cell,
                        cells + row * n + d,
                        2 * cells + col * n + d,
                        3 * cells + region_of[cell] * n + d,
                    ]
                    .map(|item| item as u32),
                );
                items.extend_from_slice(&extra[cell * n + d]);
            }
        }
        item_start.push(items.len() as u32);

        let mut model = Model {
            n,
            primary,
            secondary,
            item_start,
            items,
            allowed: parts.allowed,
            sum_of_cell: sharing.owner.iter().map(|o| o.map(|k| k as u32)).collect(),
            sums: Vec::new(),
            links,
        };
        model.add_sums(&parts.sums, &rule_ref)?;
        Ok(model)
    }

    /// The items of placement `p`.
    pub(crate) fn placement_items(&self, placement: usize) -> &[u32] {
        let start = self.item_start[placement] as usize;
        let end = self.item_start[placement + 1] as usize;
        &self.items[start..end]
    }

    /// Enumerates each sum's assignments.
    fn add_sums(
        &mut self,
        sums: &[Sum],
        rule_ref: &impl Fn(usize) -> super::RuleRef,
    ) -> Result<(), VariantError> {
        let total_items = self.primary + self.secondary;
        for sum in sums {
            let options = enumerate(self, sum, total_items).ok_or(VariantError::SumTooLarge {
                rule: rule_ref(sum.rule),
                limit: super::sums::MAX_SUM_OPTIONS,
            })?;
            self.sums.push(options);
        }
        Ok(())
    }
}

/// Which sum places each cell: the first that names it (its *owner*), and how many sums
/// share a cell with an earlier one (each gets a guard item).
struct Sharing {
    owner: Vec<Option<usize>>,
    guarded: usize,
}

impl Sharing {
    fn of(sums: &[Sum], cells: usize) -> Sharing {
        let mut owner = vec![None; cells];
        let mut guarded = 0;
        for (k, sum) in sums.iter().enumerate() {
            let mut shares = false;
            for &cell in &sum.cells {
                match owner[cell] {
                    None => owner[cell] = Some(k),
                    Some(_) => shares = true,
                }
            }
            guarded += shares as usize;
        }
        Sharing { owner, guarded }
    }
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
    let mut banned: BTreeMap<(usize, usize), Vec<u64>> = BTreeMap::new();
    for &(a, b, relation) in &parts.relations {
        let (low, high, swapped) = if a < b { (a, b, false) } else { (b, a, true) };
        let masks = banned.entry((low, high)).or_insert_with(|| vec![0; n]);
        for x in 1..=n as u8 {
            for y in 1..=n as u8 {
                let keeps = if swapped {
                    relation.allows(y, x)
                } else {
                    relation.allows(x, y)
                };
                if !keeps {
                    masks[x as usize - 1] |= 1 << (y - 1);
                }
            }
        }
    }
    let all = all_digits(n);
    for ((a, b), mut masks) in banned {
        let peers = a / n == b / n || a % n == b % n || region_of[a] == region_of[b];
        for x in 0..n {
            for y in 0..n {
                if masks[x] & all & (1 << y) == 0 || (peers && x == y) {
                    continue;
                }
                masks[x] &= !(1 << y);
                extra[a * n + x].push(next as u32);
                extra[b * n + y].push(next as u32);
                if peers && masks[y] & (1 << x) != 0 {
                    // (A=y, B=x) is forbidden too: the same item serves it.
                    masks[y] &= !(1 << x);
                    extra[a * n + y].push(next as u32);
                    extra[b * n + x].push(next as u32);
                }
                next += 1;
            }
        }
    }
    next
}
