//! Digits a set of cells must hold: a renban line of `k` cells holds `k` consecutive
//! digits, and every window of `k` consecutive digits that its cells can take holds the
//! digits common to all of them (a run of five in a 9x9 grid always holds a 5); a killer
//! cage holds the digits common to every set of distinct digits with its total. Since the
//! cells hold distinct digits, each such digit is in exactly one of them: a unit of its
//! own, which the matrix makes a primary item (its options are the placements of the digit
//! in the cells). The search can then branch on where the digit goes (a hidden single on
//! the line once one cell is left), and pointing reads it as it reads a house (a cell that
//! sees every place left for the 5 of a run loses its 5).
//!
//! The digits are implied by the rules, so they change no answer.

use super::compile::Parts;
use super::groups::{possible, sums, windows};
use super::rule::Rule;

impl Parts {
    /// Adds the digits that the renban lines and killer cages of `rules` must hold, as
    /// `(cells, digits)` units (bit `d - 1` for digit `d`), on a grid of side `n`, from the
    /// digits each cell is allowed.
    pub(crate) fn add_required(&mut self, n: usize, rules: &[Rule]) {
        for rule in rules {
            let (cells, sets) = match rule {
                Rule::Renban(line) => (line, windows(n, line.len())),
                Rule::Killer {
                    cells,
                    sum: Some(sum),
                } => (cells, sums(n, cells.len(), *sum)),
                _ => continue,
            };
            let (_, digits) = possible(&sets, cells.iter().map(|&c| self.allowed[c]));
            // A unit of `n` cells already makes every digit a primary item.
            let whole = cells.len() == n && self.units.iter().any(|u| u == cells);
            if digits != 0 && !whole {
                self.required.push((cells.clone(), digits));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mask(digits: &[u32]) -> u64 {
        digits.iter().fold(0, |m, &d| m | 1 << (d - 1))
    }

    /// The digits `rule` makes its cells hold, each cell allowed `allowed`.
    fn required(rule: Rule, allowed: &[u64]) -> u64 {
        let mut parts = Parts {
            allowed: allowed.to_vec(),
            ..Parts::default()
        };
        parts.add_required(9, &[rule]);
        parts.required.first().map_or(0, |(_, digits)| *digits)
    }

    #[test]
    fn a_run_of_five_in_nine_digits_holds_a_five() {
        let all = vec![mask(&[1, 2, 3, 4, 5, 6, 7, 8, 9]); 9];
        let run = |k: usize| required(Rule::Renban((0..k).collect()), &all);
        assert_eq!(run(5), mask(&[5]));
        assert_eq!(run(6), mask(&[4, 5, 6]));
        assert_eq!(run(4), 0);
        assert_eq!(run(8), mask(&[2, 3, 4, 5, 6, 7, 8]));
    }

    #[test]
    fn a_run_narrowed_by_its_cells_holds_more() {
        // A run of three whose first cell is odd and at most 3, in 1-9: windows 1-3, 2-4
        // (the 3), 3-5: the 3 is in all of them.
        let all = mask(&[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        let allowed = vec![mask(&[1, 3]), all, all];
        assert_eq!(required(Rule::Renban(vec![0, 1, 2]), &allowed), mask(&[3]));
    }

    #[test]
    fn a_cage_holds_the_digits_of_every_set_with_its_total() {
        let all = vec![mask(&[1, 2, 3, 4, 5, 6, 7, 8, 9]); 9];
        let cage = |cells: Vec<usize>, sum: u32, allowed: &[u64]| {
            required(
                Rule::Killer {
                    cells,
                    sum: Some(sum),
                },
                allowed,
            )
        };
        assert_eq!(cage(vec![0, 1], 3, &all), mask(&[1, 2]));
        assert_eq!(cage(vec![0, 1, 2], 23, &all), mask(&[6, 8, 9]));
        // 4 + 6, 3 + 7, 2 + 8, 1 + 9: nothing in common.
        assert_eq!(cage(vec![0, 1], 10, &all), 0);
        assert_eq!(cage(vec![0, 1, 2, 3], 10, &all), mask(&[1, 2, 3, 4]));
        // No set at all.
        assert_eq!(cage(vec![0, 1], 18, &all), 0);
        // 10 in two cells, one of them a 1: 1 + 9.
        let mut allowed = all.clone();
        allowed[0] = mask(&[1]);
        assert_eq!(cage(vec![0, 1], 10, &allowed), mask(&[1, 9]));
    }
}
