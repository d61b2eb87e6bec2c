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
    ///
    /// A quadruple whose cells all see each other (one box) holds each of its digits once:
    /// those are its digits too, and it joins the groups (its sets: its digits and any
    /// others), so that a cell outside that sees every place left for one of them loses it.
    pub(crate) fn add_required(&mut self, n: usize, region_of: &[usize], rules: &[Rule]) {
        let sees =
            |a: usize, b: usize| a / n == b / n || a % n == b % n || region_of[a] == region_of[b];
        for rule in rules {
            let (cells, sets) = match rule {
                Rule::Renban(line) => (line, windows(n, line.len())),
                Rule::Killer {
                    cells,
                    sum: Some(sum),
                } => match sums(n, cells.len(), *sum, MAX_SETS) {
                    Some(sets) => (cells, sets),
                    None => continue,
                },
                Rule::Quadruple { cells, digits }
                    if cells
                        .iter()
                        .all(|&a| cells.iter().all(|&b| a == b || sees(a, b))) =>
                {
                    let listed = digits.iter().fold(0u64, |m, &d| m | 1 << (d - 1));
                    let Some(sets) = holding(n, cells.len(), listed, MAX_SETS) else {
                        continue;
                    };
                    if !sets.is_empty() && sets.len() <= MAX_QUADRUPLE_SETS {
                        self.groups.push((cells.clone(), sets.clone()));
                    }
                    (cells, sets)
                }
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

/// The most sets a quadruple may have and join the groups (four cells of nine digits with
/// one listed: 56).
const MAX_QUADRUPLE_SETS: usize = 128;

/// The most sets of digits a cage or quadruple may have for its required digits to be
/// read (a cage of ten cells in a 25x25 grid has millions; one of a 9x9 at most 126).
const MAX_SETS: usize = 4096;

/// The sets of `k` distinct digits of `1..=n` that hold every digit of `listed`, or
/// `None` when there are more than `most`.
fn holding(n: usize, k: usize, listed: u64, most: usize) -> Option<Vec<u64>> {
    let free = k.checked_sub(listed.count_ones() as usize);
    let others = ((1u64 << n) - 1) & !listed;
    let mut sets = Vec::new();
    let Some(free) = free else {
        return Some(sets);
    };
    // Every subset of the other digits of `free` digits, by Gosper's hack.
    if free == 0 {
        sets.push(listed);
        return Some(sets);
    }
    let positions: Vec<u32> = (0..n as u32).filter(|&d| others & 1 << d != 0).collect();
    if free > positions.len() {
        return Some(sets);
    }
    let mut pick: u64 = (1 << free) - 1;
    while pick < 1 << positions.len() {
        let set = positions
            .iter()
            .enumerate()
            .filter(|&(i, _)| pick & 1 << i != 0)
            .fold(listed, |set, (_, &d)| set | 1 << d);
        sets.push(set);
        if sets.len() > most {
            return None;
        }
        let low = pick & pick.wrapping_neg();
        let up = pick + low;
        pick = up | (((pick ^ up) >> 2) / low);
    }
    Some(sets)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::tests::mask;

    /// The digits `rule` makes its cells hold, each cell allowed `allowed`.
    fn required(rule: Rule, allowed: &[u64]) -> u64 {
        let mut parts = Parts {
            allowed: allowed.to_vec(),
            ..Parts::default()
        };
        let region: Vec<usize> = (0..81).map(|c| c / 27 * 3 + c % 9 / 3).collect();
        parts.add_required(9, &region, &[rule]);
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

    #[test]
    fn a_quadruple_in_one_box_holds_its_digits() {
        let all = vec![mask(&[1, 2, 3, 4, 5, 6, 7, 8, 9]); 81];
        let quad = |cells: Vec<usize>| {
            required(
                Rule::Quadruple {
                    cells,
                    digits: vec![4, 5],
                },
                &all,
            )
        };
        // r1c1, r1c2, r2c1, r2c2: one box.
        assert_eq!(quad(vec![0, 1, 9, 10]), mask(&[4, 5]));
        // r1c3, r1c4, r2c3, r2c4: r1c3 and r2c4 see nothing in common, a digit may repeat.
        assert_eq!(quad(vec![2, 3, 11, 12]), 0);
        let sets = holding(9, 4, mask(&[4, 5]), 100).unwrap();
        assert_eq!(sets.len(), 21);
        assert!(sets
            .iter()
            .all(|&s| s.count_ones() == 4 && s & mask(&[4, 5]) == mask(&[4, 5])));
        assert_eq!(holding(9, 4, mask(&[4, 5]), 20), None);
        assert_eq!(holding(9, 2, mask(&[1, 2, 3]), 100), Some(vec![]));
    }
}
