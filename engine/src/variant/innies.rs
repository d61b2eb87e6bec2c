//! The cages that the 45 rule implies for killer cages: every row, column and region holds
//! each digit once, so its digits make `n(n + 1)/2`. In one house whose other cells lie in
//! cages with totals (that do not overlap), the cells left (the *innies*, at most
//! [`MAX_INNIES`]) make the house's total less the cages': a cage of its own.
//!
//! Such a cage is implied by the rules, so it changes no answer; the search sees the sum
//! it would otherwise find by trying.

use super::compile::Parts;
use super::rule::Rule;
use super::tables::{Table, TableKind};
use std::collections::BTreeSet;

/// The most cells a cage that the 45 rule implies in one house may have: enough for the
/// innies of published killers, few enough that its table stays small.
const MAX_INNIES: usize = 4;

/// A killer cage with a total: its rule, its cells and its total.
type Cage<'a> = (usize, &'a Vec<usize>, u32);

impl Parts {
    /// Adds the cages that the 45 rule implies for the killer cages of `rules`.
    pub(crate) fn add_house_sums(&mut self, n: usize, region_of: &[usize], rules: &[Rule]) {
        let cages: Vec<Cage> = rules
            .iter()
            .enumerate()
            .filter_map(|(index, rule)| match rule {
                Rule::Killer {
                    cells,
                    sum: Some(sum),
                } => Some((index, cells, *sum)),
                _ => None,
            })
            .collect();
        if cages.is_empty() {
            return;
        }
        let row = |r: usize| (0..n).map(move |c| r * n + c);
        let column = |c: usize| (0..n).map(move |r| r * n + c);
        let region = |k: usize| (0..n * n).filter(move |&cell| region_of[cell] == k);
        let full = n * (n + 1) / 2;
        for k in 0..n {
            let houses: [Vec<usize>; 3] =
                [row(k).collect(), column(k).collect(), region(k).collect()];
            for house in houses {
                self.add_house_cage(&cages, &house, full);
            }
        }
    }

    /// In `house`, whose digits make `full`: the cage of the innies, when there are at
    /// most [`MAX_INNIES`] and no cage has exactly those cells.
    fn add_house_cage(&mut self, cages: &[Cage], house: &[usize], full: usize) {
        let inside: Vec<&Cage> = cages
            .iter()
            .filter(|(_, cells, _)| cells.iter().all(|cell| house.contains(cell)))
            .collect();
        let covered: BTreeSet<usize> = inside
            .iter()
            .flat_map(|(_, cells, _)| cells.iter().copied())
            .collect();
        let rest: Vec<usize> = house
            .iter()
            .copied()
            .filter(|cell| !covered.contains(cell))
            .collect();
        let disjoint = covered.len() == inside.iter().map(|(_, c, _)| c.len()).sum::<usize>();
        let total: u32 = inside.iter().map(|(_, _, sum)| sum).sum();
        let known = cages.iter().any(|(_, cells, _)| {
            cells.len() == rest.len() && cells.iter().all(|c| rest.contains(c))
        });
        if inside.is_empty() || !disjoint || rest.is_empty() || rest.len() > MAX_INNIES || known {
            return;
        }
        // Totals past the house's own make no cage: the puzzle then has no solution,
        // which the cages inside say already.
        if let Some(left) = (full as u32).checked_sub(total) {
            let rule = inside[0].0;
            self.tables
                .push(Table::of_cells(rule, &rest, TableKind::Cage(left)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::compile::compile;
    use super::*;
    use crate::Shape;

    fn cage(cells: Vec<usize>, sum: u32) -> Rule {
        Rule::Killer {
            cells,
            sum: Some(sum),
        }
    }

    fn boxes() -> Vec<usize> {
        (0..81).map(|cell| Shape::CLASSIC.box_of(cell)).collect()
    }

    #[test]
    fn cages_that_fill_all_but_two_cells_of_a_row_imply_a_cage_of_the_rest() {
        // Row 1: r1c1-r1c4 sum 10, r1c5-r1c7 sum 21; r1c8 + r1c9 = 45 - 31 = 14.
        let rules = [cage(vec![0, 1, 2, 3], 10), cage(vec![4, 5, 6], 21)];
        let parts = compile(Shape::CLASSIC, &boxes(), &rules);
        let implied: Vec<&Table> = parts.tables.iter().skip(2).collect();
        assert_eq!(implied.len(), 1);
        assert_eq!(implied[0].kind, TableKind::Cage(14));
        let cells = [0, 7, 8].map(super::super::tables::Position::Cell);
        assert_eq!(implied[0].positions, cells[1..]);
        // Five cells left over are too many; a cage that is the rest already is not doubled.
        let parts = compile(Shape::CLASSIC, &boxes(), &rules[..1]);
        assert_eq!(parts.tables.len(), 1);
        let rest = cage(vec![7, 8], 14);
        let rules = [rules[0].clone(), rules[1].clone(), rest];
        let parts = compile(Shape::CLASSIC, &boxes(), &rules);
        assert_eq!(parts.tables.len(), 3);
    }
}
