//! The pointing of a model whose every clash is one digit in two cells (houses, anti-knight,
//! anti-king, extra regions, cages without a total), built from the items alone.
//!
//! There the pass runs on bitboards and reads only the houses and, per cell, the cells it
//! sees (see [`boards`](super::boards)); the clashes of every placement with their digits,
//! which [`Pointing::new`] works out for the other rules, are never read. Two passes over
//! each placement's items find what the pass reads: about 340,000 instructions on a 9x9
//! anti-knight grid, where the clashes of every placement took 1.75M, a seventh of
//! counting an easy anti-knight puzzle (docs/lab/variant-search.md, "Thirty-fifth round").

use super::boards::{Boards, MAX_BOARD_CELLS};
use super::Pointing;
use crate::variant::model::Model;

impl Pointing {
    /// The houses, what each cell sees and their bitboards, where every item two cells
    /// share is covered by one digit (a clash is then one digit in two cells), every digit
    /// of a cell sees the same cells (of those that may hold it), and the grid has at most
    /// 128 cells and 64 houses. `None` otherwise: the clashes must then be read by
    /// placement ([`Pointing::new`]).
    pub(super) fn of_units(model: &Model) -> Option<Pointing> {
        let n = model.n;
        let cells = model.allowed.len();
        if cells > MAX_BOARD_CELLS {
            return None;
        }
        let items = model.primary + model.secondary;
        // Per item, the cells whose placements it may take (a placement a cell may not hold
        // clashes with nothing), and their digits; per unit, every cell it names.
        let mut held = vec![0u128; items];
        let mut digits = vec![0u64; items];
        let mut named = vec![0u128; model.primary];
        for (cell, &allowed) in model.allowed.iter().enumerate() {
            let bit = 1u128 << cell;
            for d in 0..n {
                let items = model.placement_items(cell * n + d);
                if allowed & 1 << d == 0 {
                    for &item in items.iter().filter(|&&i| (i as usize) < model.primary) {
                        named[item as usize] |= bit;
                    }
                    continue;
                }
                for &item in items {
                    let item = item as usize;
                    if item < model.primary {
                        named[item] |= bit;
                    }
                    held[item] |= bit;
                    digits[item] |= 1 << d;
                }
            }
        }
        // Two digits of two cells in one item: a forbidden pair of other digits.
        let several = |set: u128| set & set.wrapping_sub(1) != 0;
        if (0..items).any(|item| several(digits[item] as u128) && several(held[item])) {
            return None;
        }
        // Per placement, the cells it clashes with: its own cell while the cell may hold
        // another digit (none for a placement the cell may not hold); per cell, the union
        // over its digits.
        let mut clashes = vec![0u128; cells * n];
        let mut sees = vec![0u128; cells];
        for (cell, &allowed) in model.allowed.iter().enumerate() {
            let own = if allowed & allowed.wrapping_sub(1) == 0 {
                !(1u128 << cell)
            } else {
                u128::MAX
            };
            for d in (0..n).filter(|&d| allowed & 1 << d != 0) {
                let p = cell * n + d;
                let items = model.placement_items(p).iter();
                let clash = items.fold(0, |seen, &item| seen | held[item as usize]) & own;
                clashes[p] = clash;
                sees[cell] |= clash;
            }
        }
        // Every digit of a cell sees what the cell sees, among the cells that may hold it
        // (a digit only some cells must hold, say, does not).
        let mut allowing = vec![0u128; n];
        for (cell, &allowed) in model.allowed.iter().enumerate() {
            for (d, set) in allowing.iter_mut().enumerate() {
                if allowed & 1 << d != 0 {
                    *set |= 1 << cell;
                }
            }
        }
        let uniform = model.allowed.iter().enumerate().all(|(cell, &allowed)| {
            let not_own = !(1u128 << cell);
            (0..n).filter(|&d| allowed & 1 << d != 0).all(|d| {
                let those = allowing[d] & not_own;
                clashes[cell * n + d] & those == sees[cell] & those
            })
        });
        if !uniform {
            return None;
        }
        // The houses: the units of `n` cells, in item order, each once.
        let words = cells.div_ceil(64);
        let word = |set: u128, w: usize| (set >> (64 * w)) as u64;
        let mut pointing = Pointing {
            n,
            words,
            ..Pointing::default()
        };
        let mut last = None;
        for &set in &named[cells..] {
            if set.count_ones() as usize != n || last == Some(set) {
                continue;
            }
            last = Some(set);
            pointing.house_start.push(pointing.houses.len() as u32);
            let mut rest = set;
            while rest != 0 {
                pointing.houses.push(rest.trailing_zeros());
                rest &= rest - 1;
            }
            pointing
                .house_cells
                .extend((0..words).map(|w| word(set, w)));
        }
        pointing.house_start.push(pointing.houses.len() as u32);
        pointing.sees = sees
            .iter()
            .flat_map(|&set| (0..words).map(move |w| word(set, w)))
            .collect();
        pointing.boards = Some(Boards::new(
            n,
            cells,
            (&pointing.house_start, &pointing.houses),
            &pointing.sees,
        )?);
        Some(pointing)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::{Diagonal, Rule, Variant};
    use crate::{Grid, Shape};

    fn variant(shape: Shape, regions: Option<Vec<usize>>, rules: Vec<Rule>) -> Variant {
        Variant::new(Grid::empty(shape), regions, rules).unwrap()
    }

    #[test]
    fn units_alone_build_as_the_clashes_do() {
        let classic = Shape::CLASSIC;
        // The boxes, but for r1c3 and r1c4, swapped.
        let mut regions: Vec<usize> = (0..81).map(|c| classic.box_of(c)).collect();
        regions.swap(2, 3);
        let cage = Rule::Killer {
            cells: vec![0, 1, 10],
            sum: None,
        };
        let cases = [
            (classic, None, vec![Rule::AntiKing]),
            (classic, None, vec![Rule::AntiKnight]),
            (classic, None, vec![Rule::AntiKing, Rule::Windoku]),
            (classic, Some(regions), vec![Rule::AntiKing]),
            (
                classic,
                None,
                vec![
                    Rule::ExtraRegion(vec![30, 31, 39, 40]),
                    Rule::Diagonal(Diagonal::Main),
                ],
            ),
            (classic, None, vec![cage, Rule::AntiKnight]),
            // Cells that may not hold every digit.
            (
                classic,
                None,
                vec![Rule::Odd(0), Rule::Even(40), Rule::Even(41), Rule::AntiKing],
            ),
            (Shape::new(2, 3).unwrap(), None, vec![Rule::AntiKing]),
            (Shape::new(2, 2).unwrap(), None, vec![Rule::AntiKnight]),
        ];
        for (shape, regions, rules) in cases {
            let variant = variant(shape, regions, rules);
            let model = variant.model();
            assert!(model.units_only && model.points, "{:?}", variant.rules());
            let units = Pointing::of_units(model).expect("units alone");
            let clashes = Pointing::of_clashes(model);
            assert_eq!(
                units.house_start,
                clashes.house_start,
                "{:?}",
                variant.rules()
            );
            assert_eq!(units.houses, clashes.houses);
            assert_eq!(units.house_cells, clashes.house_cells);
            assert_eq!(units.sees, clashes.sees);
            assert!(!clashes.cells_point && units.boards.is_some());
            assert_eq!(units.boards, clashes.boards);
        }
    }

    #[test]
    fn digits_that_clash_with_other_digits_are_read_by_placement() {
        let dot = Rule::Difference {
            cells: [0, 1],
            value: 1,
        };
        for rules in [vec![Rule::NonConsecutive], vec![dot]] {
            let variant = variant(Shape::CLASSIC, None, rules);
            assert!(!variant.model().units_only);
            assert!(Pointing::of_units(variant.model()).is_none());
        }
        // A cage with a total is a sum beside its unit: not units alone.
        let cage = Rule::Killer {
            cells: vec![0, 1, 10],
            sum: Some(10),
        };
        assert!(!variant(Shape::CLASSIC, None, vec![cage]).model().units_only);
    }

    #[test]
    fn past_the_bitboards_cells_units_alone_do_not_point() {
        // 16x16: the clashes would be read by placement, three times the work.
        let variant = variant(Shape::new(4, 4).unwrap(), None, vec![Rule::AntiKing]);
        let model = variant.model();
        assert!(!model.units_only && !model.points);
        assert!(Pointing::of_units(model).is_none());
    }
}
