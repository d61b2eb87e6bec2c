//! A second exact-cover search, on sparse sets instead of dancing links: the data structure
//! of Knuth's `ssxc1` and `ssxcc` ("dancing cells"), written anew for this crate.
//!
//! Every item keeps the options that still contain it as a *sparse set*: a region of one
//! flat array holding node numbers, of which the first `size` are the live ones, and each
//! node knows where it sits in its item's region. Removing an option from an item's set
//! swaps its node with the last live one and shortens the set by one: four stores, all in
//! two small arrays, where dancing links touch the two neighbours of every entry.
//! Putting things back is cheaper still: a removal only permutes the region below the old
//! size, so restoring the sizes restores every set, with no walk over the options that were
//! hidden. The sizes come back in one of two ways, chosen when the problem is built: from
//! snapshots (every item's size, copied in one go when a branch point is entered), or from a
//! trail of the changes since (one entry per removal, undone newest first). The snapshots
//! are faster where a level removes more nodes than there are items, the trail elsewhere
//! and for deep searches over many items, whose snapshots would fill fresh memory level
//! after level; the trail never holds more than the nodes plus the items.
//!
//! The search branches as Knuth's `dlx1` and `dlx2` do, on the first primary item (in item
//! order) with the fewest live options, found by a scan of the dense size array where a
//! covered item carries a mark that makes it look longer than any live one. It therefore
//! enters the same branch points as they do, except that it abandons an option as soon as
//! covering it leaves a primary item without options (as `ssxc1` does); such an option is
//! still counted as the node `dlx1` would have entered and backed up from, so that `nodes`
//! equal `dlx1`'s and `dlx2`'s. `updates` count this structure's own work (see
//! [`SparseCover::stats`]).
//!
//! Colors follow `dlx2`: choosing an option that gives a secondary item a color *purifies*
//! the item, hiding every live option that gives it another color or none; the item is then
//! done with (marked like a covered one), since every option left on it agrees.
//!
//! ```
//! use sudoku_dlx::exact_cover::sparse::SparseCover;
//!
//! // Knuth's colored example: primary p q r, secondary x y (TAOCP 7.2.2.1).
//! let (p, q, r, x, y) = (0, 1, 2, 3, 4);
//! let (a, b) = (Some(0), Some(1));
//! let mut builder = SparseCover::builder(3, 2);
//! builder.add_colored_option(&[(p, None), (q, None), (x, None), (y, a)])?;
//! builder.add_colored_option(&[(p, None), (r, None), (x, a), (y, None)])?;
//! builder.add_colored_option(&[(p, None), (x, b)])?;
//! builder.add_colored_option(&[(q, None), (x, a)])?;
//! builder.add_colored_option(&[(r, None), (y, b)])?;
//! let mut cover = builder.build()?;
//! let mut options: Vec<usize> = cover.first_solution().unwrap().options().collect();
//! options.sort();
//! assert_eq!(options, [1, 3]);
//! assert_eq!(cover.count(None).solutions, 1);
//! # Ok::<(), sudoku_dlx::exact_cover::BuildError>(())
//! ```

mod build;
mod search;
mod select;
#[cfg(test)]
mod tests;

pub use build::SparseBuilder;
pub use search::SparseSolution;

use super::Stats;

/// Set in an item's size once it is covered (or, for a colored secondary item, purified):
/// the scan for the shortest item then sees it as longer than any live one. The size below
/// the mark keeps counting, since removals from the sets of the chosen option's items go on
/// while it is being committed.
const DONE: u32 = 1 << 31;

/// The item field of the spacer after each option.
const SPACER: u32 = u32::MAX;

/// One node: an entry of an option, or the spacer after an option.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C)]
struct Cell {
    /// Entry: its item. Spacer: `SPACER`.
    item: u32,
    /// Entry: where the node sits in its item's region of `set`. Spacer: the first node of
    /// the option before it, where a walk around the option wraps to.
    loc: u32,
}

/// An exact-cover problem on sparse sets, with the state of a search over it: built by a
/// [`SparseBuilder`] (see [`SparseCover::builder`]), then asked for solutions with
/// [`next_solution`](Self::next_solution), [`first_solution`](Self::first_solution) or
/// [`count`](Self::count), like [`ExactCover`](super::ExactCover).
#[derive(Clone, Debug)]
pub struct SparseCover {
    /// The options' entries, each option followed by its spacer.
    cells: Vec<Cell>,
    /// The first node of each option, in input order.
    option_start: Vec<u32>,
    /// The color of each node (0 for none, else the caller's color plus one); empty when no
    /// option has a color.
    colors: Vec<u32>,
    /// Every item's region: node numbers, the live ones first.
    set: Vec<u32>,
    /// Where each item's region of `set` starts.
    base: Vec<u32>,
    /// The number of live options of each item, with `DONE` once covered or purified.
    size: Vec<u32>,
    /// The sizes before any search: what a restart puts back.
    initial: Vec<u32>,
    /// The sizes after the selections (see `select.rs`): what a search starts from.
    start: Vec<u32>,
    primary: u32,
    items: u32,
    /// The fewest primary items an option has (0 with no option): once that many are left
    /// to cover, every live option of any of them covers them all (see `advance`).
    fewest_primary: u32,
    search: search::State,
    stats: Stats,
}

impl SparseCover {
    /// A builder for a problem with `primary` items that must be covered exactly once and
    /// `secondary` items that may be covered at most once (item `k` is primary when
    /// `k < primary`).
    pub fn builder(primary: usize, secondary: usize) -> SparseBuilder {
        SparseBuilder::new(primary, secondary)
    }

    /// Number of primary items.
    pub fn primary_items(&self) -> usize {
        self.primary as usize
    }

    /// Number of items, primary and secondary.
    pub fn items(&self) -> usize {
        self.items as usize
    }

    /// Number of options.
    pub fn options(&self) -> usize {
        self.option_start.len()
    }

    /// The items of `option`, in the order they were given.
    ///
    /// # Panics
    /// If `option` is not an option of the problem.
    pub fn option_items(&self, option: usize) -> impl Iterator<Item = usize> + '_ {
        self.cells[self.option_start[option] as usize..]
            .iter()
            .take_while(|cell| cell.item != SPACER)
            .map(|cell| cell.item as usize)
    }

    /// Statistics of the searches since the problem was built or
    /// [`reset_stats`](Self::reset_stats) was called. `nodes` are the branch points entered,
    /// a solution included, plus one for each option abandoned because it left a primary
    /// item without options (the node `dlx1` would enter and back up from): under the same
    /// branching rule they equal `dlx1`'s. `updates` are the removals of a node from an
    /// item's set, and `covers` the items covered or purified; their sum
    /// ([`Stats::knuth_updates`]) is this structure's count of updates, as `ssxc1` counts
    /// its own, and is not `dlx1`'s. `guesses`, `dead_ends` and `solutions` are kept too.
    /// A count without a cap takes the options of its last level at once (see the module's
    /// notes): they count as the nodes and solutions `dlx1` enters, but are not committed,
    /// so they add no `updates` or `covers`.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Sets every statistic back to zero.
    pub fn reset_stats(&mut self) {
        self.stats = Stats::default();
    }

    /// Makes later searches watch `interrupt` (or nothing), as
    /// [`ExactCover::set_interrupt`](super::ExactCover::set_interrupt) does.
    pub fn set_interrupt(&mut self, interrupt: Option<super::Interrupt>) {
        self.search.watch.set_interrupt(interrupt);
    }

    /// Lets the searches from now on visit at most `limit` nodes in all (no limit with
    /// `None`), as [`ExactCover::set_node_limit`](super::ExactCover::set_node_limit) does.
    /// The limit counts the nodes the search enters; [`Stats::nodes`](super::Stats::nodes)
    /// also counts, as `dlx1` would, nodes it never enters (an option whose commit empties a
    /// primary item, and the options of a last item that are each a solution, counted at
    /// once), so it may end above the limit.
    pub fn set_node_limit(&mut self, limit: Option<u64>) {
        self.search.watch.set_node_limit(limit);
    }

    /// True when the last search stopped because its interrupt was set or its node limit
    /// was reached.
    pub fn was_interrupted(&self) -> bool {
        self.search.watch.stopped
    }

    /// The option that the node `node` belongs to.
    fn option_of(&self, node: u32) -> usize {
        self.option_start.partition_point(|&start| start <= node) - 1
    }
}

impl SparseCover {
    /// Checks the invariants of the sparse sets and panics with the first one broken: every
    /// entry sits where its `loc` says, in its own item's region; every region holds exactly
    /// its item's entries; and, with no search under way, every item has all its options.
    /// It reads the whole structure, so it is for tests and debugging.
    pub fn sanity(&self) {
        for (node, cell) in self.cells.iter().enumerate() {
            if cell.item == SPACER {
                continue;
            }
            let item = cell.item as usize;
            let region = self.base[item]..self.base[item] + (self.initial[item] & !DONE);
            assert!(region.contains(&cell.loc), "node {node} outside its region");
            assert_eq!(
                self.set[cell.loc as usize] as usize, node,
                "node {node} is not where its loc says"
            );
        }
        assert_eq!(
            self.set.len() as u32,
            self.initial.iter().sum::<u32>(),
            "the regions do not tile the set array"
        );
        if self.search.is_idle() {
            assert_eq!(self.size, self.start, "sizes not restored");
        }
    }
}
