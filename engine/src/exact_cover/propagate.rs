//! The propagation hook: a problem's own inference, run by the search at its branch points.
//!
//! The search already draws every consequence that the matrix itself states: an item left
//! with one option is taken, an item left with none ends the path. A problem often knows
//! more. A [`Propagator`] is called where the search would otherwise guess; it reads the
//! live options through a [`Pruning`] and removes those its own rules exclude. The search
//! then looks again: a removal may leave an item with one option (a forced move) or none (a
//! dead end), and only if nothing was removed does it guess.
//!
//! A removal unlinks every entry of the option from its item's list, as a cover unlinks the
//! options it hides, and is written on a trail. Backtracking out of the level where the
//! removal was made puts the option back, last removed first, in the order that restores
//! the links exactly. The trail holds at most one entry per option and is sized when the
//! search starts, so removing allocates nothing.
//!
//! The search is generic over the propagator: the plain consumers
//! ([`ExactCover::next_solution`], [`ExactCover::count`], ...) run it with
//! [`NoPropagation`], for which the call compiles away, so a search without a propagator
//! costs what it cost before the hook existed.
//!
//! ```
//! use sudoku_dlx::exact_cover::{ExactCover, Propagator, Pruning};
//!
//! // Items 0 and 1, and three options: {0}, {1} and {0, 1}; two solutions, {0} with {1},
//! // and {0, 1} alone. A propagator that removes the options covering both leaves one.
//! struct NoPairs;
//! impl Propagator for NoPairs {
//!     fn propagate(&mut self, pruning: &mut Pruning<'_>) {
//!         let pairs: Vec<usize> = pruning
//!             .options_of(0)
//!             .filter(|&option| pruning.option_len(option) == 2)
//!             .collect();
//!         for option in pairs {
//!             pruning.remove(option);
//!         }
//!     }
//! }
//! let mut matrix = ExactCover::new(2, 0);
//! matrix.add_option(&[0])?;
//! matrix.add_option(&[1])?;
//! matrix.add_option(&[0, 1])?;
//! assert_eq!(matrix.count(None).solutions, 2);
//! assert_eq!(matrix.count_propagating(None, |_| true, &mut NoPairs).solutions, 1);
//! assert_eq!(matrix.stats().pruned, 1);
//! # Ok::<(), sudoku_dlx::exact_cover::BuildError>(())
//! ```

use super::{ExactCover, Node};

/// A problem's inference, called by the search at each branch point (where it would guess).
///
/// It may remove live options through the [`Pruning`] it is given; every removal is undone
/// when the search backtracks above that point. It must remove only options that cannot be
/// part of any solution extending the current partial one (removing others loses solutions),
/// and it must not rely on being called at every node: the search calls it only where no
/// item is forced.
pub trait Propagator {
    /// False for a propagator that never removes anything: the search then never calls it
    /// nor keeps its books, at no cost.
    const ACTIVE: bool = true;

    /// Removes options that the problem's rules exclude in the search's current state.
    fn propagate(&mut self, pruning: &mut Pruning<'_>);

    /// Whether the search's solution (every primary item covered, the chosen options in
    /// [`Pruning::chosen`]) keeps the problem's rules; a rejected one is a dead end. The
    /// default accepts every solution: the rules the matrix states are kept already. A
    /// propagator that enforces a rule the matrix does not state checks it here, since the
    /// search may reach a solution through forced moves without calling
    /// [`propagate`](Self::propagate) again.
    fn accept(&mut self, _pruning: &mut Pruning<'_>) -> bool {
        true
    }
}

/// The propagator of the plain search: nothing beyond what the matrix states.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoPropagation;

impl Propagator for NoPropagation {
    const ACTIVE: bool = false;

    #[inline(always)]
    fn propagate(&mut self, _: &mut Pruning<'_>) {}
}

/// A propagator's view of the matrix during the search: the live options of each item, and
/// a way to remove options. Items and options are numbered as when the matrix was built.
#[derive(Debug)]
pub struct Pruning<'a> {
    matrix: &'a mut ExactCover,
    /// Options chosen by the search so far.
    level: usize,
}

impl<'a> Pruning<'a> {
    pub(super) fn new(matrix: &'a mut ExactCover, level: usize) -> Self {
        Pruning { matrix, level }
    }

    /// The options chosen so far: the selections, then those the search chose, from the top
    /// down. Every option that shares an item with one of them is no longer live.
    pub fn chosen(&self) -> impl Iterator<Item = usize> + '_ {
        self.matrix
            .search
            .path(self.level)
            .map(|node| self.matrix.option_of(node))
    }

    /// A key for each option of [`chosen`](Self::chosen), in the same order: the entry of the
    /// matrix that the option was chosen by. A key names one option (see
    /// [`chosen_option`](Self::chosen_option)) and stays where it is on the path as long as
    /// its option does, so a propagator that keeps what it read of the options chosen at
    /// its last call need only read again from the first key that changed.
    pub fn chosen_keys(&self) -> impl Iterator<Item = u32> + '_ {
        self.matrix.search.path(self.level)
    }

    /// The option of `key`, a key from [`chosen_keys`](Self::chosen_keys) of this matrix.
    ///
    /// # Panics
    /// May panic for a key that is not one of the matrix's entries.
    pub fn chosen_option(&self, key: u32) -> usize {
        self.matrix.option_of(key)
    }

    /// A number that stays the same for as long as the search goes on, and changes when it
    /// starts again from the top (a restart, a selection, a new count): with
    /// [`chosen_keys`](Self::chosen_keys), what tells a propagator that a branch point it
    /// saw lies above the current one, so that what it removed there still holds.
    pub fn run(&self) -> u32 {
        self.matrix.search.run
    }

    /// The number of live options that contain `item` (0 once it is covered). An option
    /// once gone does not come back until the search backs up above the point where it
    /// went, so the same number at a later branch point below means the same options.
    pub fn len(&self, item: usize) -> usize {
        match self.is_active(item) {
            true => self.matrix.options_of_item(item),
            false => 0,
        }
    }

    /// The options removed by propagation and not put back yet, in the order they were
    /// removed.
    pub fn removed(&self) -> impl Iterator<Item = usize> + '_ {
        self.matrix
            .search
            .trail
            .iter()
            .map(|&first| self.matrix.option_of(first))
    }

    /// True once the search from the top has met a dead end. Until then it may well be
    /// heading straight for a solution (a puzzle with many solutions is like that), where
    /// inference costs more than it saves.
    pub fn met_dead_end(&self) -> bool {
        self.matrix.search.met_dead_end()
    }

    /// Number of items, primary and secondary.
    pub fn items(&self) -> usize {
        self.matrix.items as usize
    }

    /// True while `item` has not been covered by the options chosen so far.
    pub fn is_active(&self, item: usize) -> bool {
        self.matrix.is_active(item as u32 + 1)
    }

    /// The live options that contain `item`, in the order of its list; none once the item is
    /// covered.
    pub fn options_of(&self, item: usize) -> LiveOptions<'_> {
        let header = item as u32 + 1;
        let node = if self.is_active(item) {
            self.matrix.node(header).down
        } else {
            header
        };
        LiveOptions {
            matrix: self.matrix,
            header,
            node,
        }
    }

    /// The entries of `item` in its live options (those of [`options_of`](Self::options_of),
    /// in the same order), each as the number [`ExactCover::entry`] gives it: what a
    /// propagator that keeps something per entry, in a table it filled from `entry` when it
    /// built the matrix, reads it by, without looking up the option.
    pub fn live_entries_of(&self, item: usize) -> impl Iterator<Item = usize> + '_ {
        let mut live = self.options_of(item);
        std::iter::from_fn(move || {
            if live.node == live.header {
                return None;
            }
            let entry = live.node;
            live.node = live.matrix.node(entry).down;
            Some(entry as usize)
        })
    }

    /// The option of `entry`, a number from [`live_entries_of`](Self::live_entries_of).
    ///
    /// # Panics
    /// May panic for a number that is not one of the matrix's entries.
    pub fn entry_option(&self, entry: usize) -> usize {
        let node = u32::try_from(entry).expect("no such entry");
        self.matrix.option_of(node)
    }

    /// Number of items of `option`.
    ///
    /// # Panics
    /// If `option` is not an option of the matrix.
    pub fn option_len(&self, option: usize) -> usize {
        self.matrix.option_items(option).count()
    }

    /// The items of `option`, in the order they were given.
    ///
    /// # Panics
    /// If `option` is not an option of the matrix.
    pub fn option_items(&self, option: usize) -> impl Iterator<Item = usize> + '_ {
        self.matrix.option_items(option)
    }

    /// Removes `option` until the search backtracks above this point. Returns false, doing
    /// nothing, when the option is not live (already removed, hidden by a cover, or chosen).
    ///
    /// # Panics
    /// If `option` is not an option of the matrix.
    pub fn remove(&mut self, option: usize) -> bool {
        let first = self.matrix.option_start[option];
        if !self.matrix.is_live(first) {
            return false;
        }
        self.matrix.prune(first);
        true
    }
}

/// The live options of an item, from [`Pruning::options_of`].
#[derive(Debug)]
pub struct LiveOptions<'a> {
    matrix: &'a ExactCover,
    header: u32,
    /// The entry of the next option to report, or the header at the end.
    node: u32,
}

impl Iterator for LiveOptions<'_> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.node == self.header {
            return None;
        }
        let option = self.matrix.option_of(self.node);
        self.node = self.matrix.node(self.node).down;
        Some(option)
    }
}

impl ExactCover {
    /// True when the option whose first entry is `first` could still be chosen: every entry
    /// is in its item's list and every primary item is active. (A hidden option has left
    /// all lists but one; a chosen one has all its items covered.)
    fn is_live(&self, first: u32) -> bool {
        let entry = self.node(first);
        if entry.top <= self.primary {
            // A primary first item: an option hidden by covering another item left its list
            // (only the covered item's entry stays, and colors are on secondary items only),
            // and a chosen one, or one hidden by covering this item, has this item covered.
            return self.is_active(entry.top) && self.node(entry.up).down == first;
        }
        let mut node = first;
        loop {
            let entry = self.node(node);
            if self.node(entry.up).down != node
                || (entry.top <= self.primary && !self.is_active(entry.top))
            {
                return false;
            }
            node = entry.next;
            if node == first {
                return true;
            }
        }
    }

    /// Unlinks every entry of the live option starting at `first` from its item's list,
    /// noting items left short as a cover does, and writes the option on the trail.
    pub(super) fn prune(&mut self, first: u32) {
        self.unlink_option(first);
        // The trail was given room for every option when the search started.
        debug_assert!(self.search.trail.len() < self.search.trail.capacity());
        self.search.trail.push(first);
    }

    /// Unlinks every entry of the live option starting at `first` from its item's list.
    fn unlink_option(&mut self, first: u32) {
        // `hide` takes the option's other entries out, as a cover hides an option; the first
        // entry leaves its list here, since no item of the option is being covered.
        let Node { top, up, down, .. } = self.node(first);
        self.node_mut(up).down = down;
        self.node_mut(down).up = up;
        let length = self.length_mut(top);
        *length -= 1;
        let len = *length;
        self.note_short(top, len);
        self.hide(first);
    }

    /// Removes `option`, if live, outside any search, until the selections are undone (see
    /// `unselect_to`): for a job handed over (see `share.rs`).
    pub(super) fn exclude(&mut self, option: usize) {
        let first = self.option_start[option];
        if self.is_live(first) {
            self.unlink_option(first);
            self.search.excluded.push(first);
        }
    }

    /// Puts back the option starting at `first`, the last one unlinked.
    #[inline]
    pub(super) fn put_back(&mut self, first: u32) {
        // Entries of one option lie in different lists: any order restores them.
        self.unhide(first);
        let Node { top, up, down, .. } = self.node(first);
        self.node_mut(up).down = first;
        self.node_mut(down).up = first;
        *self.length_mut(top) += 1;
    }

    /// Puts back the options removed since the trail was `mark` long, last removed first.
    #[inline]
    pub(super) fn restore_trail(&mut self, mark: u32) {
        while self.search.trail.len() > mark as usize {
            let first = self.search.trail.pop().expect("longer than the mark");
            self.put_back(first);
        }
    }
}
