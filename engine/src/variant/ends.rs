//! Lines whose cells hang on their two ends, kept by a propagator rather than a table: a
//! between line's cells lie strictly between its ends' digits, a lockout line's outside
//! them (its ends at least the gap apart).
//!
//! The pairs of end digits are few (at most `n²`), and each pair leaves every other cell
//! one span of digits, so a line is narrowed exactly as its table's options were: a pair
//! stays while each end can hold its digit and every other cell keeps a digit of its span;
//! each end then keeps the digits of the pairs that stay, and each other cell the union of
//! their spans. Where the table's options were each a decision of the search and covered
//! an agreement item per digit a cell could not hold, the cells now keep their own options
//! and the search guesses them. The line is checked again on each solution the search
//! reaches ([`Propagator::accept`](crate::exact_cover::Propagator::accept)).

use super::flat::Flat;
#[cfg(doc)]
use super::propagate::narrow_seen;
use super::propagate::{keep_only, Narrows};

/// What a line asks of its cells between the ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum EndsKind {
    /// Strictly between the ends' digits, which differ by 2 or more.
    Between,
    /// Outside the ends' digits (neither of them nor any between), which differ by the gap
    /// or more.
    Lockout(u8),
}

impl EndsKind {
    /// The digits a cell between ends holding `low < high` may hold (bit `d - 1` for digit
    /// `d`, within `all`), or `None` when the ends cannot hold them.
    fn span(self, low: u32, high: u32, all: u64) -> Option<u64> {
        let inside = |from: u32, to: u32| match from <= to {
            true => ((1u64 << (to - from + 1)) - 1) << (from - 1),
            false => 0,
        };
        match self {
            EndsKind::Between => (high - low >= 2).then(|| inside(low + 1, high - 1)),
            EndsKind::Lockout(gap) => {
                (high - low >= u32::from(gap)).then(|| all & !inside(low, high))
            }
        }
    }
}

/// Lines on their ends: line `k` has the cells `lines.get(k)`, its two ends first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Ends {
    n: usize,
    lines: Flat<u32>,
    kinds: Vec<EndsKind>,
    /// `of_cell.get(cell)`: the lines through `cell` (see [`narrow_seen`]); empty until
    /// [`Ends::watch`].
    of_cell: Flat<u32>,
}

impl Ends {
    /// No lines, on a grid of `n` digits.
    pub(crate) fn new(n: usize) -> Ends {
        Ends {
            n,
            ..Ends::default()
        }
    }

    /// Adds the line of `cells` (its two ends first, then at least one other cell).
    pub(crate) fn push(&mut self, cells: &[usize], kind: EndsKind) {
        debug_assert!(cells.len() >= 3);
        self.lines.push(cells.iter().map(|&cell| cell as u32));
        self.kinds.push(kind);
    }

    /// Indexes the lines by their cells, on a grid of `cells` cells.
    pub(crate) fn watch(&mut self, cells: usize) {
        self.of_cell = self.lines.inverse(cells, |&cell| cell as usize);
    }

    /// Makes `self` a copy of `other`, reusing its buffers.
    pub(crate) fn copy_from(&mut self, other: &Ends) {
        self.n = other.n;
        self.lines.copy_from(&other.lines);
        self.kinds.clear();
        self.kinds.extend_from_slice(&other.kinds);
        self.of_cell.copy_from(&other.of_cell);
    }

    /// The number of lines.
    pub(crate) fn len(&self) -> usize {
        self.kinds.len()
    }

    /// True when there is no line.
    pub(crate) fn is_empty(&self) -> bool {
        self.kinds.is_empty()
    }

    /// The cells of line `k`.
    pub(crate) fn cells(&self, k: usize) -> impl Iterator<Item = usize> + '_ {
        self.lines.get(k).iter().map(|&cell| cell as usize)
    }

    /// True when every line, its cells holding `digits(cell)` (from 1), keeps its rule.
    pub(crate) fn hold(&self, digits: impl Fn(usize) -> u32) -> bool {
        let all = (1u64 << self.n) - 1;
        (0..self.len()).all(|k| {
            let line = self.lines.get(k);
            let (a, b) = (digits(line[0] as usize), digits(line[1] as usize));
            let (low, high) = (a.min(b), a.max(b));
            low >= 1
                && self.kinds[k].span(low, high, all).is_some_and(|span| {
                    line[2..]
                        .iter()
                        .all(|&cell| span & 1 << (digits(cell as usize).max(1) - 1) != 0)
                })
        })
    }
}

impl Narrows for Ends {
    fn len(&self) -> usize {
        Ends::len(self)
    }

    /// A line reads its own cells alone.
    fn of_cell(&self) -> Option<&Flat<u32>> {
        Some(&self.of_cell)
    }

    /// Narrows the cells of line `k` to the pairs of end digits that stay; true when some
    /// cell lost a digit.
    fn narrow_one(
        &self,
        k: usize,
        masks: &mut [u64],
        narrowed: &mut impl FnMut(usize),
    ) -> Result<bool, ()> {
        let all = (1u64 << self.n) - 1;
        let line = self.lines.get(k);
        let (a, b) = (masks[line[0] as usize], masks[line[1] as usize]);
        let (mut keep_a, mut keep_b, mut keep_rest) = (0u64, 0u64, 0u64);
        let either = a | b;
        for low in (1..=self.n as u32).filter(|&d| either & 1 << (d - 1) != 0) {
            let low_bit = 1u64 << (low - 1);
            for high in (low + 1..=self.n as u32).filter(|&d| either & 1 << (d - 1) != 0) {
                let high_bit = 1u64 << (high - 1);
                let forward = a & low_bit != 0 && b & high_bit != 0;
                let backward = a & high_bit != 0 && b & low_bit != 0;
                if !forward && !backward {
                    continue;
                }
                let Some(span) = self.kinds[k].span(low, high, all) else {
                    continue;
                };
                if line[2..]
                    .iter()
                    .any(|&cell| masks[cell as usize] & span == 0)
                {
                    continue;
                }
                keep_rest |= span;
                if forward {
                    keep_a |= low_bit;
                    keep_b |= high_bit;
                }
                if backward {
                    keep_a |= high_bit;
                    keep_b |= low_bit;
                }
            }
        }
        let mut changed = keep_only(masks, line[0] as usize, keep_a, narrowed)?;
        changed |= keep_only(masks, line[1] as usize, keep_b, narrowed)?;
        for &cell in &line[2..] {
            changed |= keep_only(masks, cell as usize, keep_rest, narrowed)?;
        }
        Ok(changed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::tests::mask;

    #[test]
    fn a_between_line_keeps_its_ends_apart_and_its_cells_between() {
        let all = mask(&[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        let mut lines = Ends::new(9);
        lines.push(&[0, 1, 2, 3], EndsKind::Between);
        // A middle cell holding 1 or 9 could not be between anything.
        let mut masks = vec![all, all, mask(&[1, 5]), mask(&[4, 9])];
        lines.narrow(&mut masks, |_| {}).unwrap();
        assert_eq!(masks[2], mask(&[5]));
        assert_eq!(masks[3], mask(&[4]));
        assert_eq!(masks[0] & mask(&[4, 5]), 0);
        assert_eq!(masks[0], mask(&[1, 2, 3, 6, 7, 8, 9]));
        // An end of 5 leaves the other end 1-3 or 7-9, and a middle of 4 only 1-3.
        masks[0] = mask(&[5]);
        masks[2] = mask(&[4]);
        masks[3] = all;
        lines.narrow(&mut masks, |_| {}).unwrap();
        assert_eq!(masks[1], mask(&[1, 2, 3]));
        assert_eq!(masks[3], mask(&[2, 3, 4]));
        assert!(lines.hold(|cell| [5, 2, 4, 3][cell]));
        assert!(!lines.hold(|cell| [5, 2, 4, 5][cell]));
        // Ends 4 and 5 leave nothing between.
        let mut masks = vec![mask(&[4]), mask(&[5]), all, all];
        assert_eq!(lines.narrow(&mut masks, |_| {}), Err(0));
    }

    #[test]
    fn a_lockout_line_keeps_its_cells_outside_its_ends() {
        let all = mask(&[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        let mut lines = Ends::new(9);
        lines.push(&[0, 1, 2], EndsKind::Lockout(4));
        let mut masks = vec![mask(&[2]), all, all];
        lines.narrow(&mut masks, |_| {}).unwrap();
        // The other end 6 to 9; the middle outside 2..=6 at least: 1, 7, 8 or 9.
        assert_eq!(masks[1], mask(&[6, 7, 8, 9]));
        assert_eq!(masks[2], mask(&[1, 7, 8, 9]));
        assert!(lines.hold(|cell| [2, 6, 8][cell]));
        assert!(!lines.hold(|cell| [2, 5, 8][cell]));
    }
}
