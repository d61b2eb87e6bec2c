//! The tables that leave cells sets of digits, in the propagator: each cell narrowed to
//! the digits every open table's live options leave it, and the table options that leave a
//! cell no digit it can still hold marked for removal. A table's unions (per cell, the
//! digits its live options leave it) are kept while it keeps its live options, and taken
//! from the branch point above (see `Scratch::table_lens`).

use super::{Scratch, VariantPropagator};
use crate::exact_cover::Pruning;

impl Scratch {
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
                    let mask = &mut scratch.masks[cell as usize];
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
    /// it can still hold. A table whose cells have the digits they had at the branch point
    /// above is skipped: none of its options left a cell no digit there (its last round
    /// doomed none), and its live options now are some of those.
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
                if cells
                    .iter()
                    .all(|&cell| scratch.masks[cell as usize] == masks_above[cell as usize])
                {
                    // None of its live options leaves a cell no digit.
                    debug_assert!(pruning.options_of(anchor).all(|option| {
                        let mut sets = self.sets_of(option).iter();
                        sets.all(|&(cell, set)| set & scratch.masks[cell as usize] != 0)
                    }));
                    continue;
                }
            }
            for option in pruning.options_of(anchor) {
                let masks = &self.scratch.masks;
                let dead = self
                    .sets_of(option)
                    .iter()
                    .any(|&(cell, set)| set & masks[cell as usize] == 0);
                if dead {
                    self.scratch.doomed.push(option as u32);
                }
            }
        }
    }
}
