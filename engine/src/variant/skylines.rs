//! Skyscraper clues kept as a walk along their line rather than as a table: reading from
//! the clue, the digits larger than every digit before them (the buildings seen) must
//! number the clue's count.
//!
//! Each cell's digits are narrowed to those that some walk along the line allows: a walk's
//! state after a cell is the highest digit so far and the number seen, and a digit of a
//! cell stays when a state reachable before the cell leads, through that digit, to a state
//! from which the rest of the line can end with the line's largest digit seen and the
//! count met. The walk keeps the line's digits distinct only so far as `i` cells hold a
//! highest digit of `i` at least (its houses do the rest), so it may keep a digit that no
//! permutation allows, never remove one that a solution holds; the
//! count is checked again on each solution the search reaches
//! ([`Propagator::accept`](crate::exact_cover::Propagator::accept)).
//!
//! Measured against the tables of the line's orders, which the search read option by
//! option at every branch point (docs/lab/variant-search.md, seventh round).

use super::flat::Flat;
#[cfg(doc)]
use super::propagate::narrow_seen;
use super::propagate::{keep_only, Narrows};

/// The longest line kept as a walk: its states fit the fixed arrays of one narrowing.
pub(crate) const MAX_SKYLINE: usize = 16;

/// The states of a walk before each cell: per highest digit so far (`0..=n`), the numbers
/// seen as bits.
type Walk = [[u32; MAX_SKYLINE + 1]; MAX_SKYLINE + 1];

/// Skyscraper lines: line `s` has the cells `lines.get(s)`, from the clue inwards, and must
/// show `counts[s]` buildings, on a grid of `n` digits.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Skylines {
    n: usize,
    lines: Flat<u32>,
    counts: Vec<u32>,
    /// `of_cell.get(cell)`: the lines through `cell` (see [`narrow_seen`]); empty until
    /// [`Skylines::watch`].
    of_cell: Flat<u32>,
}

impl Skylines {
    /// No lines, on a grid of `n` digits (at most [`MAX_SKYLINE`]).
    pub(crate) fn new(n: usize) -> Skylines {
        Skylines {
            n,
            lines: Flat::default(),
            counts: Vec::new(),
            of_cell: Flat::default(),
        }
    }

    /// Adds the line of `cells` (at most [`MAX_SKYLINE`], from the clue) that shows `count`.
    pub(crate) fn push(&mut self, cells: &[usize], count: u32) {
        debug_assert!(cells.len() <= MAX_SKYLINE && self.n <= MAX_SKYLINE);
        self.lines.push(cells.iter().map(|&cell| cell as u32));
        self.counts.push(count);
    }

    /// Makes `self` a copy of `other`, reusing its buffers.
    pub(crate) fn copy_from(&mut self, other: &Skylines) {
        self.n = other.n;
        self.lines.copy_from(&other.lines);
        self.counts.clear();
        self.counts.extend_from_slice(&other.counts);
        self.of_cell.copy_from(&other.of_cell);
    }

    /// Indexes the lines by their cells, on a grid of `cells` cells, so that a branch point
    /// narrows again only by the lines whose cells changed (see [`narrow_seen`]).
    pub(crate) fn watch(&mut self, cells: usize) {
        self.of_cell = self.lines.inverse(cells, |&cell| cell as usize);
    }

    /// The number of lines.
    pub(crate) fn len(&self) -> usize {
        self.counts.len()
    }

    /// True when there is no line.
    pub(crate) fn is_empty(&self) -> bool {
        self.counts.is_empty()
    }

    /// The cells of line `s`.
    pub(crate) fn cells(&self, s: usize) -> impl Iterator<Item = usize> + '_ {
        self.line(s).iter().map(|&cell| cell as usize)
    }

    fn line(&self, s: usize) -> &[u32] {
        self.lines.get(s)
    }

    /// True when every line, its cells holding `digits(cell)`, shows its count.
    pub(crate) fn hold(&self, digits: impl Fn(usize) -> u32) -> bool {
        (0..self.len()).all(|s| {
            let (mut highest, mut seen) = (0, 0);
            for &cell in self.line(s) {
                let d = digits(cell as usize);
                if d > highest {
                    highest = d;
                    seen += 1;
                }
            }
            seen == self.counts[s]
        })
    }
}

impl Narrows for Skylines {
    fn len(&self) -> usize {
        Skylines::len(self)
    }

    /// A line's walk reads its own cells alone.
    fn of_cell(&self) -> Option<&Flat<u32>> {
        Some(&self.of_cell)
    }

    /// Narrows the cells of line `s` once; true when some cell lost a digit.
    fn narrow_one(
        &self,
        s: usize,
        masks: &mut [u64],
        narrowed: &mut impl FnMut(usize),
    ) -> Result<bool, ()> {
        let n = self.n;
        let line = self.line(s);
        let m = line.len();
        let mut ahead: Walk = [[0; MAX_SKYLINE + 1]; MAX_SKYLINE + 1];
        let mut behind: Walk = [[0; MAX_SKYLINE + 1]; MAX_SKYLINE + 1];
        // Forward: the states reachable before each cell. Through a cell, a digit `d`
        // over the highest `h` makes `d` the highest with one more seen (every `h < d` at
        // once, by their union), and any digit under `h` keeps the state.
        ahead[0][0] = 1;
        for (i, &cell) in line.iter().enumerate() {
            let mask = masks[cell as usize];
            let least = mask.trailing_zeros() as usize + 1;
            let (now, next) = ahead.split_at_mut(i + 1);
            let (now, next) = (&now[i], &mut next[0]);
            let mut under = 0u32;
            for d in 1..=n {
                under |= now[d - 1];
                if mask & 1 << (d - 1) != 0 {
                    next[d] |= under << 1;
                }
            }
            for h in least + 1..=n {
                next[h] |= now[h];
            }
            // After `i + 1` cells of distinct digits, the highest is `i + 1` at least.
            next[..=i.min(n)].fill(0);
        }
        // Backward: the states after each cell from which the line can end well.
        behind[m][n] = 1 << self.counts[s];
        for (i, &cell) in line.iter().enumerate().rev() {
            let mask = masks[cell as usize];
            let least = mask.trailing_zeros() as usize + 1;
            let (now, after) = behind.split_at_mut(i + 1);
            let (now, after) = (&mut now[i], &after[0]);
            // The states a digit of the cell over `h` leads to, one fewer seen.
            let mut over = 0u32;
            for h in (0..=n).rev() {
                let mut seen = over;
                if least < h {
                    seen |= after[h];
                }
                // Before cell `i`, `i` cells of distinct digits: a highest under `i` is no
                // state of a permutation.
                now[h] = if h < i { 0 } else { seen };
                if h >= 1 && mask & 1 << (h - 1) != 0 {
                    over |= after[h] >> 1;
                }
            }
        }
        // A digit of a cell stays when a state before it leads through it to a good one.
        let mut changed = false;
        for (i, &cell) in line.iter().enumerate() {
            let mask = masks[cell as usize];
            let (now, after) = (&ahead[i], &behind[i + 1]);
            // The highest digits before the cell whose state can stay past it.
            let mut staying = 0u64;
            for h in 1..=n {
                if now[h] & after[h] != 0 {
                    staying |= 1 << h;
                }
            }
            let mut keep = 0u64;
            let mut below = 0u32;
            for d in 1..=n {
                // States with a highest under `d`: `d` is seen.
                below |= now[d - 1];
                let bit = 1u64 << (d - 1);
                if mask & bit == 0 {
                    continue;
                }
                let seen = below & (after[d] >> 1) != 0;
                let hidden = staying >> (d + 1) != 0;
                if seen || hidden {
                    keep |= bit;
                }
            }
            changed |= keep_only(masks, cell as usize, keep, narrowed)?;
        }
        Ok(changed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::tests::mask;

    fn line(count: u32) -> Skylines {
        let mut lines = Skylines::new(9);
        lines.push(&[0, 1, 2, 3, 4, 5, 6, 7, 8], count);
        lines
    }

    #[test]
    fn the_first_cell_of_a_line_is_bounded_by_its_count() {
        let all = mask(&[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        // One seen: the 9 first. Nine seen: 1 to 9 in order.
        let mut masks = vec![all; 9];
        line(1).narrow(&mut masks, |_| {}).unwrap();
        assert_eq!(masks[0], mask(&[9]));
        let mut masks = vec![all; 9];
        line(9).narrow(&mut masks, |_| {}).unwrap();
        assert_eq!(masks[0], mask(&[1]));
        assert_eq!(masks[8], mask(&[9]));
        // Three seen: the first at most 7, and the 9 not before the third cell.
        let mut masks = vec![all; 9];
        line(3).narrow(&mut masks, |_| {}).unwrap();
        assert_eq!(masks[0], mask(&[1, 2, 3, 4, 5, 6, 7]));
        assert_eq!(masks[1] & mask(&[9]), 0);
        assert_ne!(masks[2] & mask(&[9]), 0);
    }

    #[test]
    fn a_line_no_walk_keeps_is_refused_and_a_solved_line_is_checked() {
        let all = mask(&[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        // The 9 first shows one building: a count of 2 cannot be met.
        let mut masks = vec![all; 9];
        masks[0] = mask(&[9]);
        assert_eq!(line(2).narrow(&mut masks, |_| {}), Err(0));
        let digits = [3, 1, 5, 2, 9, 4, 6, 7, 8];
        assert!(line(3).hold(|cell| digits[cell]));
        assert!(!line(4).hold(|cell| digits[cell]));
    }

    #[test]
    fn the_walk_keeps_every_digit_of_every_permutation_its_cells_allow() {
        // Lines of 6 cells on a grid of 6 digits, first with every digit open (each count),
        // then with some taken away: a digit that some permutation with the count places
        // there stays (the walk may keep more, never fewer), and a line may be refused
        // only when no such permutation fits its cells.
        let n = 6;
        let mut perms = Vec::new();
        let mut p: Vec<u32> = (1..=n as u32).collect();
        permutations(&mut p, 0, &mut perms);
        let mut rng = crate::setter::SetterRng::for_puzzle(7, 0);
        let all = (1u64 << n) - 1;
        for round in 0..2_000 {
            let (count, masks): (u32, Vec<u64>) = match round < n {
                true => (round as u32 + 1, vec![all; n]),
                false => (
                    1 + rng.below(n) as u32,
                    (0..n)
                        .map(|_| (rng.next_u64() & all) | 1 << rng.below(n))
                        .collect(),
                ),
            };
            let mut lines = Skylines::new(n);
            lines.push(&[0, 1, 2, 3, 4, 5], count);
            let mut truth = vec![0u64; n];
            for perm in perms.iter().filter(|p| {
                lines.hold(|cell| p[cell]) && (0..n).all(|c| masks[c] & 1 << (p[c] - 1) != 0)
            }) {
                for (cell, &d) in perm.iter().enumerate() {
                    truth[cell] |= 1 << (d - 1);
                }
            }
            let mut narrowed = masks.clone();
            match lines.narrow(&mut narrowed, |_| {}) {
                Ok(()) => {
                    for cell in 0..n {
                        assert_eq!(narrowed[cell] & truth[cell], truth[cell], "{masks:?}");
                    }
                }
                Err(_) => assert!(truth.iter().all(|&t| t == 0), "{masks:?} {count}"),
            }
        }
    }

    fn permutations(p: &mut Vec<u32>, k: usize, out: &mut Vec<Vec<u32>>) {
        if k == p.len() {
            out.push(p.clone());
            return;
        }
        for i in k..p.len() {
            p.swap(k, i);
            permutations(p, k + 1, out);
            p.swap(k, i);
        }
    }
}
