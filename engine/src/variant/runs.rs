//! Runs of consecutive digits (renban lines): the `k` cells of a run hold `k` different
//! digits that follow each other, in any order. The pairwise relations of the line already
//! say so (two cells of a run differ, and by less than `k`), and keep the answers exact;
//! this is the filtering that pairs cannot see. Each window of `k` consecutive digits is
//! possible while every one of its digits is left in some cell of the run and every cell
//! keeps some digit of it; a cell keeps only the digits of the possible windows. A digit
//! that every possible window holds must be in the run: where one cell alone can hold it,
//! that cell does.

/// Runs over cells, flat: run `r` has the cells `cells[start[r]..start[r + 1]]`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Runs {
    start: Vec<u32>,
    cells: Vec<u32>,
    /// `sees[cell * words..][..words]`: the cells that `cell` sees (one row, column or
    /// region), as bits; empty until [`Runs::see`].
    sees: Vec<u64>,
    words: usize,
}

impl Runs {
    /// No runs.
    pub(crate) fn new() -> Runs {
        Runs {
            start: vec![0],
            cells: Vec::new(),
            sees: Vec::new(),
            words: 0,
        }
    }

    /// Lets the runs take a digit they must hold from the cells outside them that see
    /// every cell of the run that can hold it: `peers(a, b)` for two of the grid's `cells`
    /// cells is true when they see each other.
    pub(crate) fn see(&mut self, cells: usize, peers: impl Fn(usize, usize) -> bool) {
        self.words = cells.div_ceil(64);
        self.sees = vec![0; cells * self.words];
        for a in 0..cells {
            for b in (0..cells).filter(|&b| b != a && peers(a, b)) {
                self.sees[a * self.words + b / 64] |= 1 << (b % 64);
            }
        }
    }

    /// Adds the run of `cells`.
    pub(crate) fn push(&mut self, cells: &[usize]) {
        self.cells.extend(cells.iter().map(|&cell| cell as u32));
        self.start.push(self.cells.len() as u32);
    }

    /// Makes `self` a copy of `other`, reusing its buffers.
    pub(crate) fn copy_from(&mut self, other: &Runs) {
        self.start.clear();
        self.start.extend_from_slice(&other.start);
        self.cells.clear();
        self.cells.extend_from_slice(&other.cells);
        self.sees.clear();
        self.sees.extend_from_slice(&other.sees);
        self.words = other.words;
    }

    /// The number of runs.
    pub(crate) fn len(&self) -> usize {
        self.start.len().saturating_sub(1)
    }

    /// True when there is no run.
    pub(crate) fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The cells of run `r`.
    pub(crate) fn cells(&self, r: usize) -> impl Iterator<Item = usize> + '_ {
        let cells = &self.cells[self.start[r] as usize..self.start[r + 1] as usize];
        cells.iter().map(|&cell| cell as usize)
    }

    /// Narrows `masks` (bit `d` for digit `d + 1`, digits up to `n`) to the windows of
    /// every run, again until none narrows, calling `narrowed` with each cell that loses a
    /// digit. `Err` with a run that has no possible window left.
    pub(crate) fn narrow(
        &self,
        n: usize,
        masks: &mut [u64],
        mut narrowed: impl FnMut(usize),
    ) -> Result<(), usize> {
        loop {
            let mut changed = false;
            for r in 0..self.len() {
                changed |= self
                    .narrow_one(r, n, masks, &mut narrowed)
                    .map_err(|()| r)?;
            }
            if !changed {
                return Ok(());
            }
        }
    }

    /// Narrows the cells of run `r` to its possible windows once; true when some cell lost
    /// a digit.
    fn narrow_one(
        &self,
        r: usize,
        n: usize,
        masks: &mut [u64],
        narrowed: &mut impl FnMut(usize),
    ) -> Result<bool, ()> {
        let cells = &self.cells[self.start[r] as usize..self.start[r + 1] as usize];
        let k = cells.len();
        if k == 0 || k > n {
            return Err(());
        }
        let (keep, common) = windows(n, cells.iter().map(|&cell| masks[cell as usize]));
        let mut changed = false;
        for &cell in cells {
            let mask = masks[cell as usize];
            if mask & !keep != 0 {
                if mask & keep == 0 {
                    return Err(());
                }
                masks[cell as usize] = mask & keep;
                narrowed(cell as usize);
                changed = true;
            }
        }
        // A digit of every possible window that one cell alone can hold is that cell's
        // (the cells hold distinct digits, so it cannot go elsewhere).
        let mut seen_once = 0u64;
        let mut seen_twice = 0u64;
        for &cell in cells {
            let mask = masks[cell as usize];
            seen_twice |= seen_once & mask;
            seen_once |= mask;
        }
        let mut single = common & keep & seen_once & !seen_twice;
        if common & keep & !seen_once != 0 {
            return Err(());
        }
        while single != 0 {
            let digit = single & single.wrapping_neg();
            single &= single - 1;
            for &cell in cells {
                let mask = masks[cell as usize];
                if mask & digit != 0 && mask != digit {
                    masks[cell as usize] = digit;
                    narrowed(cell as usize);
                    changed = true;
                }
            }
        }
        // A digit the run must hold in one of several cells: a cell that sees all of them
        // cannot hold it.
        let mut shared = common & keep & seen_twice;
        while shared != 0 && self.words != 0 {
            let digit = shared & shared.wrapping_neg();
            shared &= shared - 1;
            for word in 0..self.words {
                let mut seeing = u64::MAX;
                for &cell in cells.iter().filter(|&&c| masks[c as usize] & digit != 0) {
                    seeing &= self.sees[cell as usize * self.words + word];
                }
                while seeing != 0 {
                    let other = word * 64 + seeing.trailing_zeros() as usize;
                    seeing &= seeing - 1;
                    if masks[other] & digit != 0 {
                        masks[other] &= !digit;
                        if masks[other] == 0 {
                            return Err(());
                        }
                        narrowed(other);
                        changed = true;
                    }
                }
            }
        }
        Ok(changed)
    }
}

/// For a run whose cells may hold `masks` (digits `1..=n`): the digits of its possible
/// windows of consecutive digits (every cell holding some digit of the window, every digit
/// of it left in some cell), and the digits all of them share (`u64::MAX` for none left).
pub(crate) fn windows(n: usize, masks: impl Iterator<Item = u64> + Clone) -> (u64, u64) {
    let k = masks.clone().count();
    let union = masks.clone().fold(0, |u, mask| u | mask);
    let ones = if k >= 64 { u64::MAX } else { (1u64 << k) - 1 };
    let mut keep = 0;
    let mut common = u64::MAX;
    for shift in 0..=n.saturating_sub(k) {
        let window = ones << shift;
        if window & !union == 0 && masks.clone().all(|mask| mask & window != 0) {
            keep |= window;
            common &= window;
        }
    }
    (keep, common)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mask(digits: &[u32]) -> u64 {
        digits.iter().fold(0, |m, &d| m | 1 << (d - 1))
    }

    #[test]
    fn a_run_keeps_the_digits_of_its_possible_windows() {
        let mut runs = Runs::new();
        runs.push(&[0, 1, 2]);
        // A cell holding 1 or 9 in a run of three with a 5: windows 3-5, 4-6 and 5-7 only.
        let all = mask(&[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        let mut masks = vec![mask(&[5]), all, all];
        let mut touched = Vec::new();
        runs.narrow(9, &mut masks, |c| touched.push(c)).unwrap();
        assert_eq!(masks[1], mask(&[3, 4, 5, 6, 7]));
        assert_eq!(touched, vec![1, 2]);
        // With a 7 too: 5-7 only, and the 6 it needs has one cell left.
        masks[1] = mask(&[7]);
        runs.narrow(9, &mut masks, |_| {}).unwrap();
        assert_eq!(masks[2], mask(&[6]));
        // A 2 and an 8 leave no window.
        let mut masks = vec![mask(&[2]), mask(&[8]), all];
        assert_eq!(runs.narrow(9, &mut masks, |_| {}), Err(0));
    }

    #[test]
    fn a_window_whose_digit_no_cell_holds_goes_where_pairs_see_nothing() {
        // The example of docs/variants.md: {1, 3}, {1, 3, 5}, {3, 4, 5}: 1-3 needs a 2.
        let mut runs = Runs::new();
        runs.push(&[0, 1, 2]);
        let mut masks = vec![mask(&[1, 3]), mask(&[1, 3, 5]), mask(&[3, 4, 5])];
        runs.narrow(9, &mut masks, |_| {}).unwrap();
        // 3-5 is left: the first cell holds the 3, the last the 4 (no other cell can), the
        // middle one the 5.
        assert_eq!(masks, vec![mask(&[3]), mask(&[5]), mask(&[4])]);
    }

    #[test]
    fn a_digit_every_window_needs_goes_to_the_one_cell_that_can_hold_it() {
        let mut runs = Runs::new();
        runs.push(&[0, 1, 2, 3, 4]);
        // A run of five in 1-9 holds a 5 whatever its window: here only the last cell can.
        let no_five = mask(&[1, 2, 3, 4, 6, 7, 8, 9]);
        let all = mask(&[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        let mut masks = vec![no_five, no_five, no_five, no_five, all];
        runs.narrow(9, &mut masks, |_| {}).unwrap();
        assert_eq!(masks[4], mask(&[5]));
        assert_eq!(masks[0], no_five);
        // With no cell for it, the run cannot be kept.
        let mut masks = vec![no_five; 5];
        assert_eq!(runs.narrow(9, &mut masks, |_| {}), Err(0));
    }

    #[test]
    fn a_cell_that_sees_every_place_left_for_a_digit_the_run_needs_loses_it() {
        // A run of five along row 1 of a 9x9 grid, whose 5 can only be in its first two
        // cells (r1c1, r1c2): the rest of row 1 and of box 1 lose the 5, r2c4 keeps it.
        let mut runs = Runs::new();
        runs.push(&[0, 1, 2, 3, 4]);
        let region = |cell: usize| cell / 27 * 3 + cell % 9 / 3;
        runs.see(81, |a, b| a / 9 == b / 9 || a % 9 == b % 9 || region(a) == region(b));
        let all = mask(&[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        let no_five = mask(&[1, 2, 3, 4, 6, 7, 8, 9]);
        let mut masks = vec![all; 81];
        masks[2..5].fill(no_five);
        let mut touched = Vec::new();
        runs.narrow(9, &mut masks, |c| touched.push(c)).unwrap();
        for cell in [5, 8, 9, 10, 11, 18, 20] {
            assert_eq!(masks[cell], no_five, "cell {cell}");
        }
        for cell in [0, 1, 12, 27, 36] {
            assert_eq!(masks[cell], all, "cell {cell}");
        }
        assert!(touched.contains(&5) && !touched.contains(&12));
    }

    #[test]
    fn every_digit_of_a_window_must_be_left_somewhere() {
        let mut runs = Runs::new();
        runs.push(&[0, 1]);
        // {1, 3} and {2, 3}: windows 1-2 and 2-3; 3-4 lacks a 4. Both need the 2, which
        // only the second cell holds.
        let mut masks = vec![mask(&[1, 3]), mask(&[3, 2])];
        runs.narrow(9, &mut masks, |_| {}).unwrap();
        assert_eq!(masks, vec![mask(&[1, 3]), mask(&[2])]);
        // {3, 9} and {4, 5}: 3-4 alone (4-5 leaves the first cell nothing, 8-9 lacks an 8).
        let mut masks = vec![mask(&[3, 9]), mask(&[4, 5])];
        runs.narrow(9, &mut masks, |_| {}).unwrap();
        assert_eq!(masks, vec![mask(&[3]), mask(&[4])]);
    }
}
