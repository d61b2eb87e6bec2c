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
use super::rule::Rule;
use super::runs::windows;

impl Parts {
    /// Adds the digits that the renban lines and killer cages of `rules` must hold, as
    /// `(cells, digits)` units (bit `d - 1` for digit `d`), on a grid of side `n`, from the
    /// digits each cell is allowed.
    pub(crate) fn add_required(&mut self, n: usize, rules: &[Rule]) {
        for rule in rules {
            let (cells, digits) = match rule {
                Rule::Renban(line) => (line, run_digits(n, line, &self.allowed)),
                Rule::Killer {
                    cells,
                    sum: Some(sum),
                } => (cells, cage_digits(n, cells, *sum, &self.allowed)),
                _ => continue,
            };
            // A unit of `n` cells already makes every digit a primary item.
            let whole = cells.len() == n && self.units.iter().any(|u| u == cells);
            if digits != 0 && !whole {
                self.required.push((cells.clone(), digits));
            }
        }
    }
}

/// The digits in every window of `cells.len()` consecutive digits (of `1..=n`) that the
/// cells can take: every cell allowed some digit of it, every digit of it allowed in some
/// cell. 0 when no window is left (the search finds that the rule cannot be kept).
pub(crate) fn run_digits(n: usize, cells: &[usize], allowed: &[u64]) -> u64 {
    if cells.is_empty() || cells.len() > n {
        return 0;
    }
    match windows(n, cells.iter().map(|&c| allowed[c])) {
        (_, u64::MAX) => 0,
        (_, common) => common,
    }
}

/// The digits in every set of `cells.len()` distinct digits (of `1..=n`) that make `total`
/// and that the cells can hold (each digit allowed in some cell, each cell allowed some
/// digit of the set). 0 when there is no such set.
pub(crate) fn cage_digits(n: usize, cells: &[usize], total: u32, allowed: &[u64]) -> u64 {
    let k = cells.len();
    if k == 0 || k > n || n > 63 {
        return 0;
    }
    let union = cells.iter().fold(0, |u, &c| u | allowed[c]);
    let mut common = u64::MAX;
    let mut found = false;
    sets(n, k, total, 0, 0, &mut |set| {
        if set & !union == 0 && cells.iter().all(|&c| allowed[c] & set != 0) {
            common &= set;
            found = true;
        }
    });
    if found {
        common
    } else {
        0
    }
}

/// Calls `each` with every set (a mask) of `k` more digits above `from` (0-based) that
/// adds `total` to those in `set`.
fn sets(n: usize, k: usize, total: u32, from: usize, set: u64, each: &mut impl FnMut(u64)) {
    if k == 0 {
        if total == 0 {
            each(set);
        }
        return;
    }
    for d in from..n {
        let digit = d as u32 + 1;
        // The smallest k digits from here already pass the total: none of the rest fits.
        let least = k as u32 * digit + (k as u32 * (k as u32 - 1)) / 2;
        if least > total {
            return;
        }
        sets(n, k - 1, total - digit, d + 1, set | 1 << d, each);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mask(digits: &[u32]) -> u64 {
        digits.iter().fold(0, |m, &d| m | 1 << (d - 1))
    }

    #[test]
    fn a_run_of_five_in_nine_digits_holds_a_five() {
        let allowed = vec![mask(&[1, 2, 3, 4, 5, 6, 7, 8, 9]); 9];
        assert_eq!(run_digits(9, &[0, 1, 2, 3, 4], &allowed), mask(&[5]));
        assert_eq!(
            run_digits(9, &[0, 1, 2, 3, 4, 5], &allowed),
            mask(&[4, 5, 6])
        );
        assert_eq!(run_digits(9, &[0, 1, 2, 3], &allowed), 0);
        assert_eq!(
            run_digits(9, &[0, 1, 2, 3, 4, 5, 6, 7, 8], &allowed),
            mask(&[1, 2, 3, 4, 5, 6, 7, 8, 9])
        );
    }

    #[test]
    fn a_run_narrowed_by_its_cells_holds_more() {
        // A run of three whose first cell is odd and at most 3, in 1-9: windows 1-3, 2-4
        // (the 3), 3-5: the 3 is in all of them.
        let all = mask(&[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        let allowed = vec![mask(&[1, 3]), all, all];
        assert_eq!(run_digits(9, &[0, 1, 2], &allowed), mask(&[3]));
    }

    #[test]
    fn a_cage_holds_the_digits_of_every_set_with_its_total() {
        let allowed = vec![mask(&[1, 2, 3, 4, 5, 6, 7, 8, 9]); 9];
        assert_eq!(cage_digits(9, &[0, 1], 3, &allowed), mask(&[1, 2]));
        assert_eq!(cage_digits(9, &[0, 1, 2], 23, &allowed), mask(&[6, 8, 9]));
        // 4 + 6, 3 + 7, 2 + 8, 1 + 9: nothing in common.
        assert_eq!(cage_digits(9, &[0, 1], 10, &allowed), 0);
        // 1 + 2 + 4 + 8 or 1 + 2 + 5 + 7 or 1 + 3 + 4 + 7 ...: 14 in four cells has none;
        // 10 in four has only 1 + 2 + 3 + 4.
        assert_eq!(
            cage_digits(9, &[0, 1, 2, 3], 10, &allowed),
            mask(&[1, 2, 3, 4])
        );
        // No set at all.
        assert_eq!(cage_digits(9, &[0, 1], 18, &allowed), 0);
    }

    #[test]
    fn a_cage_narrowed_by_its_cells_holds_more() {
        // 10 in two cells, one of them odd and at most 3: 1 + 9 or 3 + 7.
        let all = mask(&[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        let allowed = vec![mask(&[1, 3]), all];
        assert_eq!(cage_digits(9, &[0, 1], 10, &allowed), 0);
        let allowed = vec![mask(&[1]), all];
        assert_eq!(cage_digits(9, &[0, 1], 10, &allowed), mask(&[1, 9]));
    }
}
