//! The tables that leave cells sets of digits or share a hidden value, in the propagator:
//! each cell narrowed to the digits every open table's live options leave it, each hidden
//! value (a region-sum line's common total, a zipper's, a double arrow's, a pill's number)
//! to the values every open table that names it still gives it, and the table options that
//! leave a cell no digit it can still hold, or give a hidden value one it can no longer
//! take, marked for removal. A table's unions (per cell, the
//! digits its live options leave it) are kept while it keeps its live options, and taken
//! from the branch point above (see `Scratch::table_lens`).

use super::{Scratch, VariantPropagator};
use crate::exact_cover::Pruning;

/// The digits position `at` of a table's sets may still hold: a cell's in `masks`, or the
/// values of a shared hidden value (numbered after the cells) in `hidden`.
pub(crate) fn mask_of<'m>(masks: &'m mut [u64], hidden: &'m mut [u64], at: u32) -> &'m mut u64 {
    let at = at as usize;
    match at.checked_sub(masks.len()) {
        None => &mut masks[at],
        Some(value) => &mut hidden[value],
    }
}

/// True when an option whose `sets` are these (cells numbered below `cells`, then hidden
/// values) leaves some position nothing it can still hold (`mask` of the position), or, in
/// a table whose cells hold `distinct` digits, leaves its cells fewer digits in all than
/// they are cells (a sandwich's cells inside that cannot hold some digit of its set).
pub(crate) fn leaves_nothing(
    sets: &[(u32, u64)],
    cells: u32,
    distinct: bool,
    mut mask: impl FnMut(u32) -> u64,
) -> bool {
    let (mut union, mut count) = (0u64, 0u32);
    for &(at, set) in sets {
        let left = set & mask(at);
        if left == 0 {
            return true;
        }
        if at < cells {
            union |= left;
            count += 1;
        }
    }
    distinct && union.count_ones() < count
}

impl Scratch {
    /// The digits of `cell`, or the values of a hidden value (numbered after the cells).
    fn mask(&self, cell: u32) -> u64 {
        match cell as usize {
            cell if cell < self.masks.len() => self.masks[cell],
            value => self.hidden[value - self.masks.len()],
        }
    }

    /// Takes the tables' unions of the frame above, or marks them all unread.
    pub(super) fn take_tables_above(&mut self) {
        match self.frames.last_tables() {
            Some((lens, unions)) => {
                self.table_lens.copy_from_slice(lens);
                self.table_unions.copy_from_slice(unions);
            }
            None => self.table_lens.fill(u32::MAX),
        }
    }
}

impl<'a> VariantPropagator<'a> {
    /// The sets of `option`.
    fn sets_of(&self, option: usize) -> &'a [(u32, u64)] {
        &self.sets[self.set_at[option] as usize..self.set_at[option + 1] as usize]
    }

    /// Narrows each cell's digits to those that every open table's live options leave it;
    /// false when a cell is left with none. A table's unions are read again only when it
    /// lost options since they were last read (see `Scratch::table_lens`).
    pub(super) fn narrow_by_tables(&mut self, pruning: &Pruning<'_>) -> bool {
        let (set_at, sets) = (self.set_at, self.sets);
        let scratch = &mut *self.scratch;
        scratch.hidden.fill(u64::MAX);
        for (t, &anchor) in scratch.anchors.iter().enumerate() {
            let anchor = anchor as usize;
            if !pruning.is_active(anchor) {
                // Its option is chosen: its agreement items hid the placements it rules out.
                continue;
            }
            let (at, end) = (
                scratch.table_at[t] as usize,
                scratch.table_at[t + 1] as usize,
            );
            let cells = &mut scratch.table_cells[at..end];
            let unions = &mut scratch.table_unions[at..end];
            let len = pruning.len(anchor) as u32;
            if scratch.table_lens[t] != len {
                scratch.table_lens[t] = len;
                unions.fill(0);
                let mut options = pruning.options_of(anchor);
                if let Some(first) = options.next() {
                    let first = &sets[set_at[first] as usize..set_at[first + 1] as usize];
                    debug_assert_eq!(first.len(), end - at);
                    for ((cell, union), &(c, set)) in cells.iter_mut().zip(&mut *unions).zip(first)
                    {
                        *cell = c;
                        *union = set;
                    }
                }
                for option in options {
                    let sets = &sets[set_at[option] as usize..set_at[option + 1] as usize];
                    debug_assert!(sets.iter().zip(&*cells).all(|(&(c, _), &cell)| c == cell));
                    for (union, &(_, set)) in unions.iter_mut().zip(sets) {
                        *union |= set;
                    }
                }
            }
            // The unions kept are those the live options give now.
            debug_assert!(unions.iter().enumerate().all(|(i, &union)| {
                let of = |o: usize| sets[set_at[o] as usize + i].1;
                pruning.options_of(anchor).fold(0, |u, o| u | of(o)) == union
            }));
            let mut emptied = false;
            for (&cell, &union) in cells.iter().zip(&*unions) {
                if union != 0 {
                    let mask = mask_of(&mut scratch.masks, &mut scratch.hidden, cell);
                    *mask &= union;
                    emptied |= *mask == 0;
                }
            }
            if emptied {
                return false;
            }
        }
        true
    }

    /// Notes for removal the live options of the open tables that leave some cell no digit
    /// it can still hold, or, in a table whose cells hold distinct digits, leave its cells
    /// fewer digits in all than they are cells (a sandwich whose cells inside cannot hold
    /// some digit of its set). A table whose cells have the digits they had at the branch
    /// point above is skipped: none of its options was doomed there (its last round doomed
    /// none), and its live options now are some of those.
    pub(super) fn doom_table_options(&mut self, pruning: &Pruning<'_>) {
        let above = self.scratch.frames.last();
        for a in 0..self.scratch.anchors.len() {
            let anchor = self.scratch.anchors[a] as usize;
            if !pruning.is_active(anchor) {
                continue;
            }
            if let Some((masks_above, _, _)) = above {
                let scratch = &*self.scratch;
                let (at, end) = (
                    scratch.table_at[a] as usize,
                    scratch.table_at[a + 1] as usize,
                );
                let cells = &scratch.table_cells[at..end];
                let unions = &scratch.table_unions[at..end];
                let grid = scratch.masks.len();
                // A hidden value's options all keep a value it may take when its values
                // are all the table's live options give it.
                let same = |(&cell, &union): (&u32, &u64)| match cell as usize {
                    cell if cell < grid => scratch.masks[cell] == masks_above[cell],
                    value => scratch.hidden[value - grid] == union,
                };
                if cells.iter().zip(unions).all(same) {
                    // None of its live options leaves a cell no digit.
                    debug_assert!(pruning.options_of(anchor).all(|option| {
                        let mut sets = self.sets_of(option).iter();
                        sets.all(|&(cell, set)| set & scratch.mask(cell) != 0)
                    }));
                    continue;
                }
            }
            let grid = self.scratch.masks.len() as u32;
            let distinct = self.scratch.distinct[a];
            for option in pruning.options_of(anchor) {
                let scratch = &*self.scratch;
                let sets = self.sets_of(option);
                if leaves_nothing(sets, grid, distinct, |at| scratch.mask(at)) {
                    self.scratch.doomed.push(option as u32);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::leaves_nothing;
    use crate::variant::{Rule, Variant, VariantSolver};
    use crate::{Grid, Shape};

    /// A sandwich's option with 3, 7 and 8 between its crusts (cells 1 to 3 of a row of 9)
    /// is dead when those cells can each hold some digit of the set but, together, only 3
    /// and 7: every cell keeps a digit, and only the distinctness of the row's cells kills
    /// it. A hidden value (numbered after the 81 cells) is not a cell of the row.
    #[test]
    fn distinct_cells_that_cannot_hold_their_set_between_them_leave_nothing() {
        let set = 1 << 2 | 1 << 6 | 1 << 7;
        let outside = 0x1ff & !set & !(1 | 1 << 8);
        let mut sets = vec![(0, 1), (1, set), (2, set), (3, set), (4, 1 << 8)];
        sets.extend((5..9).map(|cell| (cell, outside)));
        sets.push((81, 1));
        let mut masks = [0x1ff_u64; 82];
        masks[1..4].fill(1 << 2 | 1 << 6 | 1 << 1);
        assert!(leaves_nothing(&sets, 81, true, |at| masks[at as usize]));
        assert!(!leaves_nothing(&sets, 81, false, |at| masks[at as usize]));
        masks[3] |= 1 << 7;
        assert!(!leaves_nothing(&sets, 81, true, |at| masks[at as usize]));
        masks[81] = 2;
        assert!(leaves_nothing(&sets, 81, false, |at| masks[at as usize]));
    }

    /// A region-sum line on the 4x4 grid through r4c1, r2c1, r1c4 and r3c1, each in its own
    /// segment (the line leaves box 3 and comes back), so all four hold one digit, which
    /// r3c1 and r4c1 (one column) cannot. With r2c2 a 1 and r3c2 a 2, every segment's
    /// live options narrow the shared total, and the search sees that no digit is left
    /// before any guess. Before the hidden totals were narrowed, it took three guesses.
    #[test]
    fn a_shared_total_is_narrowed_by_every_table_that_names_it() {
        let mut grid = Grid::empty(Shape::new(2, 2).unwrap());
        grid.set(1, 1, 1);
        grid.set(2, 1, 2);
        let line = Rule::RegionSumLine(vec![12, 4, 3, 8]);
        let variant = Variant::new(grid, None, vec![line]).unwrap();
        let mut solver = VariantSolver::new();
        assert_eq!(solver.count(&variant, None).solutions, 0);
        assert_eq!(solver.stats().search.guesses, 0);
    }
}
