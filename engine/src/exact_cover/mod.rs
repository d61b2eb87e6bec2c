//! A generic exact-cover solver: Knuth's Algorithm X with dancing links.
//!
//! The matrix is a set of *items* (columns) and *options* (rows, each a set of items).
//! A solution is a set of options that covers every *primary* item exactly once and every
//! *secondary* item at most once. This module knows nothing about any particular puzzle.
//!
//! The layout follows Knuth's `dlx1`: one flat array of nodes, where nodes `1..=N` are the item
//! headers and the options follow, each preceded by a spacer node. Each entry links to the
//! next entry of its option, wrapping around, so the walks forward along an option (`hide`,
//! `unhide`, covering the rest of a chosen option) need no spacer test; only the walk back
//! that undoes such a cover wraps through the spacer. Unlike `dlx1`, the item lengths live
//! not in the headers' `top` fields but in one dense array, where a covered item carries a
//! mark that makes it look longer than any active one: choosing an item is then a straight
//! scan of that array, which vectorizes, rather than a walk of the active item list.
//!
//! The search is iterative and resumable and branches on the item with the fewest options
//! left (MRV). It takes an item with a single option left as soon as one appears, and stops
//! at one with none: `hide` pushes such items on a stack, and notes the last item it emptied
//! so that a dead path is seen before the forced moves stacked above that item, all
//! without a scan. Where the shortest items have two options each, up to sixteen of them are
//! compared by what their two branches would remove, and the branch that removes fewer is
//! tried first; longer ties, and every tie of a search that finds more than four solutions
//! per dead end (one that is enumerating), take the first shortest item.
//!
//! The crate's top-level documentation shows a matrix built and counted.

mod bulk;
mod colors;
pub mod cost;
mod cover;
mod error;
mod interrupt;
pub mod knuth_format;
pub mod multiplicity;
pub mod names;
pub mod prefix;
mod propagate;
mod ratio;
mod reference;
mod sanity;
mod search;
mod share;
mod shortest;
pub mod sparse;
mod stats;
#[cfg(test)]
mod tests;
mod unchecked;

pub use cover::{Cover, Found, Split};
pub use error::{BuildError, Conflict, SelectError};
pub use interrupt::Interrupt;
pub use propagate::{LiveOptions, NoPropagation, Propagator, Pruning};
pub use search::{Branching, Count, Solution};
pub use share::Share;
pub use stats::Stats;

/// Marks a spacer node in the `top` field.
const SPACER: u32 = u32::MAX;

/// Set in an item's length while it is covered, so that a scan of the lengths sees a
/// covered item as longer than any active one. Nothing changes a covered item's length, so
/// the bit is simply cleared again by `uncover`.
const COVERED: u32 = 1 << 31;

/// The most nodes a matrix may have: every node number, item number, option number and
/// item length then stays below [`COVERED`], so none of them can be mistaken for the mark,
/// for `SPACER` or for each other, and every conversion to `u32` is exact.
const MAX_NODES: usize = COVERED as usize;

/// Set in the color of a purified entry, whose option agrees with the color its secondary
/// item has taken: such an entry stays in its item's list and is skipped by later hides and
/// commits, like Knuth's color `-1` in `dlx2`. Kept as a mark beside the color rather than
/// in its place, so that a solution's colors can still be read during the search.
const PURIFIED: u32 = 1 << 31;

/// `⌈2⁶⁴ / divisor⌉`, for [`divide`]; `divisor` is at least 2.
fn reciprocal(divisor: u64) -> u64 {
    u64::MAX / divisor + 1
}

/// `x / divisor` from `reciprocal(divisor)`: the top half of a 128-bit product. Exact for
/// every 32-bit `x` and every divisor from 2 to 2³²: the rounding up of the reciprocal adds
/// less than `x / 2⁶⁴ < 1 / divisor` to the quotient, never enough to reach the next integer.
fn divide(x: u32, reciprocal: u64) -> u64 {
    ((u128::from(x) * u128::from(reciprocal)) >> 64) as u64
}

/// Writes `option`, made of `items`, from node `first` on, its spacer after it, and links
/// each entry at the bottom of its item's list. Returns the spacer's node.
///
/// # Safety
/// Every item is an item of the matrix, so that its header `item + 1` is a node before
/// `first` (headers come before all options) and an index of `lengths`, and every `last`
/// below is a node already in that header's list, also before `first`. The nodes from
/// `first` to the spacer lie inside the allocation behind `nodes`.
#[inline(always)]
unsafe fn write_option(
    nodes: *mut Node,
    lengths: *mut u32,
    first: u32,
    option: u32,
    items: impl IntoIterator<Item = u32>,
) -> u32 {
    // SAFETY: as the caller promised above.
    unsafe {
        let mut node = first;
        for item in items {
            let header_index = item + 1;
            let header = nodes.add(header_index as usize);
            let last = (*header).up;
            (*header).up = node;
            *lengths.add(header_index as usize) += 1;
            (*nodes.add(last as usize)).down = node;
            nodes.add(node as usize).write(Node {
                top: header_index,
                up: last,
                down: header_index,
                next: node + 1,
            });
            node += 1;
        }
        // `node` is now the spacer; the last entry wraps around to the first, and the
        // spacer before the option learns where the option ends.
        (*nodes.add(node as usize - 1)).next = first;
        (*nodes.add(first as usize - 1)).down = node - 1;
        nodes.add(node as usize).write(Node {
            top: SPACER,
            up: first,
            down: 0,
            next: option + 1,
        });
        node
    }
}

/// `option_width` of a matrix whose options differ in size.
const MIXED: u32 = u32::MAX;

/// One node of the matrix: a header, an option's entry, or a spacer.
///
/// Kept at 16 bytes so that a node is one aligned load and the four fields of the node being
/// unlinked share a cache line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C)]
struct Node {
    /// Header: unused (the item's length lives in `ExactCover::lengths`). Entry: its item.
    /// Spacer: `SPACER`.
    top: u32,
    /// Previous node in the item's list. Spacer: first node of the preceding option (kept as
    /// in `dlx1` and checked by `sanity`; no walk follows it).
    up: u32,
    /// Next node in the item's list. Spacer: last node of the following option, where a walk
    /// backwards along that option wraps around.
    down: u32,
    /// Entry: the next entry of the same option, wrapping around from the last to the first,
    /// so that the walks forward along an option (`hide`, `unhide`, covering the rest of a
    /// chosen option) need no test for spacers. Spacer: the number of the option that
    /// follows, which is how a solution's entries are read back as options.
    next: u32,
}

/// An exact-cover matrix together with the state of a search over it.
///
/// Build it with [`ExactCover::new`] and [`ExactCover::add_option`], optionally fix some
/// options in advance with [`ExactCover::select`], then ask for solutions with
/// [`ExactCover::next_solution`], [`ExactCover::first_solution`] or [`ExactCover::count`].
/// [`ExactCover::reserve`] makes room in advance when the size of the matrix is known.
/// [`ExactCover::clear`] empties the matrix but keeps every buffer, so a matrix can be
/// rebuilt many times without allocating once it has grown to its largest size.
#[derive(Clone, Debug)]
pub struct ExactCover {
    nodes: Vec<Node>,
    /// Item list links; index 0 is the root of the primary list and `items + 1` the root of
    /// the secondary list. Items are numbered from 1 inside the matrix.
    left: Vec<u32>,
    right: Vec<u32>,
    /// For each item (from 1; slot 0 unused), the number of options in its list, plus
    /// `COVERED` while the item is covered. Kept apart from the headers, unlike `dlx1`, so
    /// that choosing an item scans one dense array.
    lengths: Vec<u32>,
    primary: u32,
    items: u32,
    /// Node index of the first entry of each option, where reading an option's items starts.
    option_start: Vec<u32>,
    /// The number of items of every option so far, while they all have the same number
    /// (`MIXED` once they differ): an entry's option is then found by a division.
    option_width: u32,
    /// `⌈2⁶⁴ / (option_width + 1)⌉`: the division by the width with its spacer, as a
    /// multiplication (exact for every 32-bit node index).
    option_divisor: u64,
    /// Per node, the option of each entry (anything for headers and spacers), built when a
    /// search with a propagator starts on a matrix whose options differ in size (see
    /// [`index_entries`](Self::index_entries)): a propagator reads the option of every
    /// live option it walks, and without it each is found by a walk back to the spacer.
    /// Empty until then; nodes past its end (options added since) take the walk.
    entry_options: Vec<u32>,
    /// Per option, its primary items (by header): `primaries[primary_start[o] as
    /// usize..primary_start[o + 1] as usize]`, what the inherited weights read (see
    /// [`index_primaries`](Self::index_primaries)). Empty until a search that inherits
    /// starts; options added since are indexed at the next.
    primary_start: Vec<u32>,
    primaries: Vec<u32>,
    /// The color of each node (0 for none, else the caller's color plus one, with the
    /// `PURIFIED` mark while purified), filled only once a colored option is added: a matrix without colors
    /// keeps this empty and the search never looks at it.
    colors: Vec<u32>,
    /// True once an option with a color was added: the search then takes the colored
    /// paths of `cover`, `uncover` and the commits of a chosen option.
    colored: bool,
    /// The most nodes the matrix may grow to: `MAX_NODES`, lowered by tests to reach the
    /// limit without allocating gigabytes.
    max_nodes: usize,
    search: search::State,
    stats: Stats,
}

impl ExactCover {
    /// An empty matrix with `primary` items that must be covered exactly once and
    /// `secondary` items that may be covered at most once. Item `k` is primary when
    /// `k < primary`, secondary otherwise.
    ///
    /// # Panics
    /// If there are 2³¹ − 2 items or more; [`try_new`](Self::try_new) returns an error
    /// instead.
    pub fn new(primary: usize, secondary: usize) -> Self {
        Self::try_new(primary, secondary).expect("too many items for 32-bit nodes")
    }

    /// [`new`](Self::new), or [`BuildError::TooLarge`] if the items would not fit the
    /// 32-bit node numbers.
    pub fn try_new(primary: usize, secondary: usize) -> Result<Self, BuildError> {
        let mut matrix = ExactCover {
            nodes: Vec::new(),
            left: Vec::new(),
            right: Vec::new(),
            lengths: Vec::new(),
            primary: 0,
            items: 0,
            option_start: Vec::new(),
            option_width: 0,
            option_divisor: 0,
            entry_options: Vec::new(),
            primary_start: Vec::new(),
            primaries: Vec::new(),
            colors: Vec::new(),
            colored: false,
            max_nodes: MAX_NODES,
            search: search::State::default(),
            stats: Stats::default(),
        };
        matrix.try_clear(primary, secondary)?;
        Ok(matrix)
    }

    /// Empties the matrix and gives it a new set of items, keeping the allocated buffers.
    ///
    /// # Panics
    /// If there are 2³¹ − 2 items or more; [`try_clear`](Self::try_clear) returns an error
    /// instead.
    pub fn clear(&mut self, primary: usize, secondary: usize) {
        self.try_clear(primary, secondary)
            .expect("too many items for 32-bit nodes");
    }

    /// [`clear`](Self::clear), or [`BuildError::TooLarge`] (leaving the matrix as it was) if
    /// the items would not fit the 32-bit node numbers: the headers, the root and the first
    /// spacer are nodes too.
    pub fn try_clear(&mut self, primary: usize, secondary: usize) -> Result<(), BuildError> {
        let too_large = |_| BuildError::TooLarge;
        let items = primary.checked_add(secondary).ok_or(BuildError::TooLarge)?;
        if items
            .checked_add(2)
            .is_none_or(|nodes| nodes > self.max_nodes)
        {
            return Err(BuildError::TooLarge);
        }
        let primary = u32::try_from(primary).map_err(too_large)?;
        let items = u32::try_from(items).map_err(too_large)?;
        self.primary = primary;
        self.items = items;
        self.nodes.clear();
        self.nodes.push(Node::default());
        self.nodes.extend((1..=items).map(|i| Node {
            top: 0,
            up: i,
            down: i,
            next: 0,
        }));
        // The spacer before the first option.
        self.nodes.push(Node {
            top: SPACER,
            ..Node::default()
        });
        self.left.clear();
        self.right.clear();
        let secondary_root = items + 1;
        self.left
            .extend((0..=secondary_root).map(|i| i.wrapping_sub(1)));
        self.right.extend(1..=secondary_root + 1);
        // Close the two circular lists: 0 ↔ 1..=primary and secondary_root ↔ primary+1..=items.
        self.left[0] = primary;
        self.right[primary as usize] = 0;
        if primary == items {
            self.left[secondary_root as usize] = secondary_root;
            self.right[secondary_root as usize] = secondary_root;
        } else {
            self.left[primary as usize + 1] = secondary_root;
            self.right[secondary_root as usize] = primary + 1;
            self.left[secondary_root as usize] = items;
            self.right[items as usize] = secondary_root;
        }
        self.lengths.clear();
        self.lengths.resize(items as usize + 1, 0);
        self.option_start.clear();
        self.option_width = 0;
        self.entry_options.clear();
        self.primary_start.clear();
        self.primaries.clear();
        self.colors.clear();
        self.colored = false;
        self.search.reset(items as usize);
        self.stats = Stats::default();
        Ok(())
    }

    /// Number of primary items.
    pub fn primary_items(&self) -> usize {
        self.primary as usize
    }

    /// Number of items, primary and secondary.
    pub fn items(&self) -> usize {
        self.items as usize
    }

    /// Number of options added so far.
    pub fn options(&self) -> usize {
        self.option_start.len()
    }

    /// Number of options that still contain `item` in the current state of the search.
    ///
    /// # Panics
    /// If `item` is not an item of the matrix.
    pub fn options_of_item(&self, item: usize) -> usize {
        assert!(item < self.items as usize, "no item {item}");
        (self.lengths[item + 1] & !COVERED) as usize
    }

    /// Adds an option covering `items` and returns its number (options are numbered from 0
    /// in the order they are added). Any search in progress is abandoned first. An option
    /// needs at least one primary item, distinct items, and only items of the matrix.
    ///
    /// While options are [selected](Self::select), adding one is refused with
    /// [`BuildError::Selected`] and the selections stay: the selections' covers were made
    /// without the new option, so it could not be linked in consistently.
    /// [`restart`](Self::restart) first to drop them.
    pub fn add_option(&mut self, items: &[usize]) -> Result<usize, BuildError> {
        self.check_option(items)?;
        self.make_room(items.len())?;
        self.link_option(items);
        if self.colored {
            self.colors.resize(self.nodes.len(), 0);
        }
        Ok(self.option_start.len() - 1)
    }

    /// Checks that an option of `width` items may be added now: no selection in place and
    /// room left in the 32-bit node numbers. Abandons any search in progress.
    fn make_room(&mut self, width: usize) -> Result<(), BuildError> {
        if !self.search.selected_is_empty() {
            return Err(BuildError::Selected);
        }
        // The option's entries and the spacer after it.
        let nodes = self.nodes.len().checked_add(width + 1);
        if nodes.is_none_or(|nodes| nodes > self.max_nodes) {
            return Err(BuildError::TooLarge);
        }
        if self.search.is_dirty() {
            self.restart();
        }
        Ok(())
    }

    /// [`add_option`](Self::add_option) for callers inside the crate that build a fresh
    /// matrix from options valid by construction: no search is under way, and the items are
    /// distinct with a primary one among them (checked in debug builds). The full checks and
    /// the error plumbing cost more than linking the option itself.
    ///
    /// # Panics
    /// If an item is not an item of the matrix.
    #[inline]
    pub(crate) fn add_valid_option(&mut self, items: &[usize]) {
        debug_assert_eq!(self.check_option(items), Ok(()));
        debug_assert!(!self.search.is_dirty());
        debug_assert!(!self.colored);
        assert!(
            items.iter().all(|&item| item < self.items as usize),
            "no such item"
        );
        // An empty option would leave no entry before its spacer and break option numbers.
        assert!(!items.is_empty(), "an option needs an item");
        assert!(
            self.nodes.len() + items.len() < self.max_nodes,
            "too many nodes for 32-bit node numbers"
        );
        self.link_option(items);
    }

    /// Appends an option of items known to be in range, and its spacer. The callers checked
    /// that the nodes stay below `max_nodes` (at most 2³¹), so every `as u32` below is exact:
    /// node numbers, option numbers and item numbers are all smaller than the node count.
    #[inline(always)]
    fn link_option(&mut self, items: &[usize]) {
        // The spacer that ends the previous option is the last node; this option follows it.
        let first = self.nodes.len();
        let option = self.option_start.len() as u32;
        let width = items.len() as u32;
        if option == 0 {
            self.option_width = width;
            self.option_divisor = reciprocal(u64::from(width) + 1);
        } else if self.option_width != width {
            self.option_width = MIXED;
        }
        self.nodes.reserve(items.len() + 1);
        let nodes = self.nodes.as_mut_ptr();
        let lengths = self.lengths.as_mut_ptr();
        // SAFETY: the callers checked the items to be in range; the nodes from `first` to
        // its spacer lie inside the capacity just reserved, and `set_len` follows the writes.
        unsafe {
            let spacer = write_option(
                nodes,
                lengths,
                first as u32,
                option,
                items.iter().map(|&item| item as u32),
            );
            self.nodes.set_len(spacer as usize + 1);
        }
        self.option_start.push(first as u32);
    }

    /// Makes room for `options` more options of `entries` items in all, so that adding them
    /// does not reallocate on the way.
    pub fn reserve(&mut self, options: usize, entries: usize) {
        self.nodes.reserve(options + entries);
        self.option_start.reserve(options);
    }

    fn check_option(&self, items: &[usize]) -> Result<(), BuildError> {
        if items.is_empty() {
            return Err(BuildError::EmptyOption);
        }
        let mut has_primary = false;
        for (k, &item) in items.iter().enumerate() {
            if item >= self.items as usize {
                return Err(BuildError::NoSuchItem {
                    item,
                    items: self.items as usize,
                });
            }
            if items[..k].contains(&item) {
                return Err(BuildError::RepeatedItem { item });
            }
            has_primary |= item < self.primary as usize;
        }
        if has_primary {
            Ok(())
        } else {
            Err(BuildError::NoPrimaryItem)
        }
    }

    /// The option that the entry `node` belongs to.
    #[inline]
    fn option_of(&self, node: u32) -> usize {
        if self.option_width != MIXED {
            // Each option takes its entries and a spacer, from the spacer after the headers.
            let first_spacer = self.items as usize + 1;
            let offset = (node as usize - first_spacer - 1) as u32;
            return divide(offset, self.option_divisor) as usize;
        }
        if let Some(&option) = self.entry_options.get(node as usize) {
            return option as usize;
        }
        // Back to the spacer before the option, which holds its number.
        let mut spacer = node as usize - 1;
        while self.nodes[spacer].top != SPACER {
            spacer -= 1;
        }
        self.nodes[spacer].next as usize
    }

    /// Fills `entry_options` for every node, where options differ in size: once per
    /// matrix (options are only ever appended until the matrix is cleared, which empties
    /// it), allocating only when the matrix has grown past every earlier one.
    pub(super) fn index_entries(&mut self) {
        if self.option_width != MIXED || self.entry_options.len() == self.nodes.len() {
            return;
        }
        self.entry_options.clear();
        let mut option = 0;
        self.entry_options.extend(self.nodes.iter().map(|node| {
            if node.top == SPACER {
                option = node.next;
            }
            option
        }));
    }

    /// Fills `primary_start` and `primaries` for the options added since they were last
    /// filled: once per matrix, when a search that inherits weights starts. A walk of an
    /// option's primary items then skips its secondary ones, which a rule's options may
    /// hold many of.
    pub(super) fn index_primaries(&mut self) {
        let options = self.option_start.len();
        if self.primary_start.is_empty() {
            self.primary_start.push(0);
        }
        for option in self.primary_start.len() - 1..options {
            let mut node = self.option_start[option] as usize;
            while self.nodes[node].top != SPACER {
                let top = self.nodes[node].top;
                if top <= self.primary {
                    self.primaries.push(top);
                }
                node += 1;
            }
            self.primary_start.push(self.primaries.len() as u32);
        }
    }

    /// The primary items (by header) of `option`, once [`index_primaries`] has run.
    ///
    /// [`index_primaries`]: Self::index_primaries
    #[inline(always)]
    fn primaries_of(&self, option: usize) -> &[u32] {
        let start = self.primary_start[option] as usize;
        let end = self.primary_start[option + 1] as usize;
        &self.primaries[start..end]
    }

    /// A number for the `place`-th item (from 0, in the order given) of `option`: distinct
    /// for each entry of the matrix, below [`entry_bound`](Self::entry_bound), and the same
    /// until the matrix is cleared. [`Pruning::live_entries_of`] gives the entries of an
    /// item's live options by these numbers, so that a propagator can keep what it needs of
    /// each entry in one flat table.
    ///
    /// ```
    /// use sudoku_dlx::exact_cover::ExactCover;
    ///
    /// let mut matrix = ExactCover::new(3, 0);
    /// matrix.add_option(&[0, 2])?;
    /// matrix.add_option(&[1])?;
    /// let entries = [matrix.entry(0, 0), matrix.entry(0, 1), matrix.entry(1, 0)];
    /// assert!(entries.iter().all(|&entry| entry < matrix.entry_bound()));
    /// assert!(entries[0] != entries[1] && entries[1] != entries[2]);
    /// # Ok::<(), sudoku_dlx::exact_cover::BuildError>(())
    /// ```
    ///
    /// # Panics
    /// If `option` is not an option of the matrix or has no `place`-th item.
    pub fn entry(&self, option: usize, place: usize) -> usize {
        // The entry is the node itself: an option's entries are consecutive nodes, ended by
        // a spacer.
        let first = self.option_start[option] as usize;
        let entries = &self.nodes[first..=first + place];
        assert!(
            entries.iter().all(|node| node.top != SPACER),
            "option {option} has no item {place}"
        );
        first + place
    }

    /// A bound on the numbers [`entry`](Self::entry) gives: every one is below it.
    pub fn entry_bound(&self) -> usize {
        self.nodes.len()
    }

    /// The items of `option`, in the order they were given.
    ///
    /// # Panics
    /// If `option` is not an option of the matrix.
    pub fn option_items(&self, option: usize) -> impl Iterator<Item = usize> + '_ {
        let start = self.option_start[option] as usize;
        self.nodes[start..]
            .iter()
            .take_while(|node| node.top != SPACER)
            .map(|node| node.top as usize - 1)
    }

    /// Statistics of the searches since the matrix was last cleared or
    /// [`reset_stats`](Self::reset_stats) was called.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Sets every statistic back to zero.
    pub fn reset_stats(&mut self) {
        self.stats = Stats::default();
    }
}
