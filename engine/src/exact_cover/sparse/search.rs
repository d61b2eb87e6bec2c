//! The search over sparse sets: choosing an item, covering it, committing an option (and
//! purifying its colored items), restoring sizes, and the resumable loop that counts,
//! streams and finds solutions.

use super::{Cell, SparseCover, DONE, SPACER};
use crate::exact_cover::interrupt::Watch;
use crate::exact_cover::shortest::{shortest, shortest_keyed, KEYED_CAP, KEYED_ITEMS};
use crate::exact_cover::{Count, Stats};

/// Where the search stands between two calls of [`SparseCover::next_solution`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Phase {
    /// The next call starts at the top.
    #[default]
    Ready,
    /// A solution was just reported: the next call backtracks from it.
    Found,
    /// Every solution has been reported.
    Exhausted,
    /// The interrupt stopped the search on entering a level: the next call resumes there.
    Paused,
}

/// One level of the search path: the region of the branching item's set still to try.
/// The item is covered, so nothing moves inside its region while the level stands.
#[derive(Clone, Copy, Debug, Default)]
struct Level {
    /// The position in `set` of the option being tried.
    at: u32,
    /// The end of the branching item's live options.
    end: u32,
    /// With a trail, its length once the branching item was covered: what trying the next
    /// option undoes back to.
    mark: u32,
    /// The primary items left to cover once the branching item was covered.
    left: u32,
}

/// The search's own memory, sized when the problem is built so that searching never
/// allocates.
#[derive(Clone, Debug, Default)]
pub(super) struct State {
    phase: Phase,
    /// Options chosen on the current path.
    level: usize,
    /// One per level a search can enter (`depth` in build.rs says how many).
    levels: Vec<Level>,
    /// How sizes are put back: from `snapshots` or from `trail`, one of them empty.
    pub(super) trailing: bool,
    /// The sizes of every item on entering each level, after its branching item was
    /// covered: `items` entries per level.
    snapshots: Vec<u32>,
    /// Every change of a size on the current path, oldest first: an item that lost a node
    /// (its size went down by one), or the item with `DONE` added when it was covered or
    /// purified. Undoing the entries in reverse order gives back the sizes, hence the sets.
    /// Along a path a node leaves its set once and an item is marked once, so the trail
    /// never holds more than the nodes plus the items: its capacity.
    trail: Vec<u32>,
    /// The trail's length.
    pub(super) top: u32,
    /// The primary items left to cover, when the search is paused or at a solution.
    left: u32,
    /// The selections (see `select.rs`): the options fixed before the search, in order;
    /// the primary items they leave to cover; the trail's length after them.
    pub(super) selected: Vec<usize>,
    pub(super) start_left: u32,
    pub(super) start_top: u32,
    /// The interrupt the search watches.
    pub(super) watch: Watch,
}

impl State {
    /// True when sizes are put back from the trail, false from the snapshots.
    #[cfg(test)]
    pub(super) fn trailing(&self) -> bool {
        self.trailing
    }

    /// How many levels a search can enter.
    #[cfg(test)]
    pub(super) fn depth(&self) -> usize {
        self.levels.len()
    }

    /// True when no search is under way: the sizes are those after the selections.
    pub(super) fn is_idle(&self) -> bool {
        self.phase == Phase::Ready
    }

    /// Sizes the memory for `depth` levels, and either a snapshot of `items` sizes per level
    /// or a trail of `changes` entries.
    pub(super) fn reset(&mut self, depth: usize, items: usize, changes: usize, trailing: bool) {
        self.phase = Phase::Ready;
        self.level = 0;
        self.levels = vec![Level::default(); depth];
        self.trailing = trailing;
        (self.snapshots, self.trail) = if trailing {
            (Vec::new(), vec![0; changes])
        } else {
            (vec![0; depth * items], Vec::new())
        };
        self.top = 0;
        self.selected.clear();
        self.start_top = 0;
    }
}

/// What the loop does next.
#[derive(Clone, Copy)]
enum Step {
    /// Extend the partial solution of `level` options.
    Enter,
    /// Commit the option at the level's position.
    Try,
    /// The level below has nothing more: go back to the one above.
    Backtrack,
}

/// A solution just found: the options it is made of. It borrows the problem, so the next
/// call to [`SparseCover::next_solution`] waits until it is dropped.
#[derive(Debug)]
pub struct SparseSolution<'a> {
    cover: &'a SparseCover,
}

impl SparseSolution<'_> {
    /// The options of the solution, in the order the search chose them.
    /// The options fixed by [`SparseCover::select`] come first, in the order they were
    /// selected.
    pub fn options(&self) -> impl Iterator<Item = usize> + '_ {
        let cover = self.cover;
        let chosen = cover.search.levels[..cover.search.level]
            .iter()
            .map(move |level| cover.option_of(cover.set[level.at as usize]));
        cover.search.selected.iter().copied().chain(chosen)
    }

    /// How many options the solution has.
    pub fn len(&self) -> usize {
        self.cover.search.selected.len() + self.cover.search.level
    }

    /// True for the solution of a problem without primary items, which needs no option.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl SparseCover {
    /// Abandons any search in progress and undoes every selection: the next search starts
    /// from the top.
    pub fn restart(&mut self) {
        self.rewind();
        if !self.search.selected.is_empty() {
            self.unselect_all();
        }
    }

    /// Abandons any search in progress, keeping the selections.
    pub(super) fn rewind(&mut self) {
        if self.search.phase != Phase::Ready {
            // A removal only permutes a region below its old size, so the sizes saved after
            // the selections give back every option they left to every set.
            self.size.copy_from_slice(&self.start);
            self.search.phase = Phase::Ready;
            self.search.level = 0;
            self.search.top = self.search.start_top;
        }
    }

    /// Finds the next solution, continuing where the previous call stopped; `None` once
    /// every solution has been reported (until [`restart`](Self::restart)) or when the
    /// interrupt stopped the search ([`was_interrupted`](Self::was_interrupted)).
    pub fn next_solution(&mut self) -> Option<SparseSolution<'_>> {
        let found = self.run(false, |_| false);
        found.then_some(SparseSolution { cover: self })
    }

    /// Runs the search, calling `go_on` with the number of solutions found at each solution
    /// (or, with `bulk`, at each group of last-level solutions counted at once), until
    /// `go_on` returns false (true: the search stands at that solution, or past that group)
    /// or the end or the interrupt (false).
    fn run(&mut self, bulk: bool, go_on: impl FnMut(u32) -> bool) -> bool {
        let bulk_at = if bulk { self.fewest_primary } else { 0 };
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the processor has AVX2, checked just above.
            return unsafe { self.run_avx2(bulk_at, go_on) };
        }
        match (self.colors.is_empty(), self.search.trailing) {
            (true, false) => self.advance::<false, false>(bulk_at, go_on),
            (true, true) => self.advance::<false, true>(bulk_at, go_on),
            (false, false) => self.advance::<true, false>(bulk_at, go_on),
            (false, true) => self.advance::<true, true>(bulk_at, go_on),
        }
    }

    /// [`run`](Self::run)'s search compiled with AVX2, so that the scan for the shortest
    /// item is inlined into it.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn run_avx2(&mut self, bulk_at: u32, go_on: impl FnMut(u32) -> bool) -> bool {
        match (self.colors.is_empty(), self.search.trailing) {
            (true, false) => self.advance::<false, false>(bulk_at, go_on),
            (true, true) => self.advance::<false, true>(bulk_at, go_on),
            (false, false) => self.advance::<true, false>(bulk_at, go_on),
            (false, true) => self.advance::<true, true>(bulk_at, go_on),
        }
    }

    /// The first solution from the top, or `None` if there is none.
    pub fn first_solution(&mut self) -> Option<SparseSolution<'_>> {
        self.rewind();
        self.next_solution()
    }

    /// Counts the solutions from the top, stopping once `cap` are found.
    pub fn count(&mut self, cap: Option<u128>) -> Count {
        self.count_while(cap, |_| true)
    }

    /// Counts like [`count`](Self::count), calling `keep_going` with the count so far after
    /// each solution (without a cap, after each group of solutions at the last level, which
    /// are counted at once: see the module's notes); the count stops (reported as capped)
    /// when it returns false, or when the interrupt is set.
    pub fn count_while(
        &mut self,
        cap: Option<u128>,
        keep_going: impl FnMut(u128) -> bool,
    ) -> Count {
        self.rewind();
        self.count_from_here(cap, keep_going)
    }

    /// Counts the solutions from where the search stands, stopping once `cap` more are
    /// found: from the top after [`restart`](Self::restart) or a finished search, past the
    /// last solution reported by [`next_solution`](Self::next_solution) or counted, or where
    /// the interrupt stopped the last call (then `capped` and
    /// [`was_interrupted`](Self::was_interrupted) are set, and the next call goes on, so
    /// that the counts of the calls add up to the whole count). Like
    /// [`count`](Self::count), it takes the last level's options at once without a cap.
    ///
    /// ```
    /// use sudoku_dlx::exact_cover::knuth_format::Problem;
    ///
    /// let mut cover = Problem::queens(8).sparse()?;
    /// assert!(cover.next_solution().is_some());
    /// let rest = cover.count_on(None);
    /// assert_eq!((rest.solutions, rest.capped), (91, false));
    /// # Ok::<(), sudoku_dlx::exact_cover::BuildError>(())
    /// ```
    pub fn count_on(&mut self, cap: Option<u128>) -> Count {
        self.count_from_here(cap, |_| true)
    }

    /// [`count_while`](Self::count_while) from where the search stands.
    fn count_from_here(
        &mut self,
        cap: Option<u128>,
        mut keep_going: impl FnMut(u128) -> bool,
    ) -> Count {
        let mut count = Count::default();
        // A count that takes no step was not interrupted, whatever stopped the last one.
        self.search.watch.stopped = false;
        if cap == Some(0) {
            count.capped = true;
            return count;
        }
        // The solutions are counted inside the search loop, which goes on from each one
        // without returning: the path from a solution to the next branch is the loop's.
        // Solutions counted in groups only without a cap, which a group could pass.
        let solutions = &mut count.solutions;
        let stopped = self.run(cap.is_none(), |found| {
            *solutions += u128::from(found);
            keep_going(*solutions) && cap.is_none_or(|cap| *solutions < cap)
        });
        count.capped = stopped || self.search.watch.stopped;
        count
    }

    /// Runs the search until a solution at which `go_on` returns false (true), or the end
    /// (false); at a solution where `go_on` returns true, it goes on to the next. With
    /// `bulk_at` primary items or fewer left (and some), the live options of the shortest
    /// are solutions, all reported by one call (see the module's notes); 0 turns that off.
    #[inline(always)]
    fn advance<const COLORED: bool, const TRAIL: bool>(
        &mut self,
        bulk_at: u32,
        mut go_on: impl FnMut(u32) -> bool,
    ) -> bool {
        let mut step = match self.search.phase {
            Phase::Ready => {
                self.search.left = self.search.start_left;
                Step::Enter
            }
            Phase::Paused => Step::Enter,
            Phase::Found => Step::Backtrack,
            Phase::Exhausted => return false,
        };
        self.search.watch.stopped = false;
        let mut level = self.search.level;
        let mut top = self.search.top;
        let mut left = self.search.left;
        // Locals, not fields of `self`: the stores into the arrays could alias a field, so
        // each field would be reloaded at every step.
        let mut stats = self.stats;
        // SAFETY: from here to every return of this function, the arrays are touched
        // through `hot` alone: the loop below reads and writes only `self.search`'s
        // `watch`, `level`, `phase`, `top` and `left` and `self.stats`, fields outside those
        // arrays; and `TRAIL` is `self.search.trailing` (see `next_solution`).
        let hot = unsafe { Hot::<TRAIL>::new(self) };
        loop {
            match step {
                Step::Enter => {
                    if self.search.watch.must_stop() {
                        (self.search.level, self.search.phase) = (level, Phase::Paused);
                        (self.search.top, self.search.left) = (top, left);
                        self.stats = stats;
                        return false;
                    }
                    stats.nodes += 1;
                    // Every primary item covered: a solution, seen without a scan.
                    let mut found = 1;
                    if left != 0 {
                        let (len, first) = hot.shortest();
                        debug_assert!(len < DONE, "a primary item is left");
                        if len == 0 {
                            stats.dead_ends += 1;
                            step = Step::Backtrack;
                            continue;
                        }
                        if len == 1 {
                            stats.forced += 1;
                        } else {
                            stats.guesses += 1;
                        }
                        if left > bulk_at {
                            let item = first as u32;
                            let start = hot.base(item);
                            hot.mark(item, &mut top);
                            stats.covers += 1;
                            left -= 1;
                            for at in start..start + len {
                                // Nothing to check: an item this empties may be covered by
                                // every option of `item`, and is found at the next level
                                // otherwise.
                                hot.hide::<false>(hot.set_at(at), &mut top, &mut stats.updates);
                            }
                            // Only a level with a second option to try restores its sizes.
                            if !TRAIL && len > 1 {
                                hot.save(level);
                            }
                            hot.set_level(
                                level,
                                Level {
                                    at: start,
                                    end: start + len,
                                    mark: top,
                                    left,
                                },
                            );
                            step = Step::Try;
                            continue;
                        }
                        // Every live option of `first` holds only uncovered items and at
                        // least `bulk_at` primary ones, so exactly the `left` ones: each is
                        // a solution, the node below this one that `dlx1` would enter.
                        stats.nodes += u64::from(len);
                        stats.max_depth = stats.max_depth.max(level as u32 + 1);
                        found = len;
                    }
                    stats.solutions += u64::from(found);
                    if go_on(found) {
                        step = Step::Backtrack;
                        continue;
                    }
                    (self.search.level, self.search.phase) = (level, Phase::Found);
                    (self.search.top, self.search.left) = (top, left);
                    self.stats = stats;
                    return true;
                }
                Step::Try => {
                    let state = hot.level(level);
                    left = state.left;
                    let node = hot.set_at(state.at);
                    if hot.commit::<COLORED, true>(node, &mut top, &mut left, &mut stats) {
                        level += 1;
                        stats.max_depth = stats.max_depth.max(level as u32);
                        step = Step::Enter;
                    } else {
                        // The node dlx1 would enter and find a primary item without options.
                        stats.nodes += 1;
                        stats.dead_ends += 1;
                        step = hot.next_option(level, &mut top);
                    }
                }
                Step::Backtrack => {
                    if level == 0 {
                        self.search.level = 0;
                        self.search.phase = Phase::Exhausted;
                        self.stats = stats;
                        return false;
                    }
                    level -= 1;
                    step = hot.next_option(level, &mut top);
                }
            }
        }
    }
}

/// The arrays of a [`SparseCover`] as raw pointers, for the search loop: held in locals,
/// they stay in registers across the stores into the arrays.
///
/// Built from `&mut SparseCover` by [`Hot::new`] and used only inside `advance`, which
/// touches those arrays through nothing else meanwhile (the interrupt's fields are apart),
/// never resizes them, and drops the `Hot` before it returns: that is `new`'s contract.
/// No accessor hands out a reference: each reads or writes one value through its pointer,
/// so no two live references to an array can exist. Every index is in range: node numbers come from the cells
/// and the sets, which the builder filled with numbers of existing nodes and which the
/// search only permutes; items are below `items`; a position is below its region's end;
/// a level is below the number of levels (`depth` in build.rs); the trail's length
/// stays within its capacity (see [`State`]'s `trail`).
///
/// With `TRAIL`, sizes are put back from the trail, else from the snapshots.
#[derive(Clone, Copy)]
pub(super) struct Hot<const TRAIL: bool> {
    cells: *mut Cell,
    set: *mut u32,
    size: *mut u32,
    base: *const u32,
    colors: *const u32,
    levels: *mut Level,
    snapshots: *mut u32,
    trail: *mut u32,
    primary: u32,
    items: usize,
    /// True when the shortest item is found by [`shortest_keyed`]: at most
    /// [`KEYED_ITEMS`] primary items, and fewer options than [`KEYED_CAP`], so that every
    /// live item's size is below it.
    keyed: bool,
    /// The lengths of `cells`, `set`, `colors`, `trail` and `levels`, for the debug checks
    /// of every access.
    lengths: (usize, usize, usize, usize, usize),
}

impl<const TRAIL: bool> Hot<TRAIL> {
    /// The pointers of `cover`'s arrays.
    ///
    /// # Safety
    ///
    /// Until the last use of the `Hot` (and of its copies), `cover`'s arrays `cells`,
    /// `set`, `size`, `base`, `colors`, `search.levels`, `search.snapshots` and
    /// `search.trail` must be neither read nor written through anything but the `Hot`, nor
    /// resized, nor dropped; and `TRAIL` must be `search.trailing`.
    pub(super) unsafe fn new(cover: &mut SparseCover) -> Self {
        debug_assert_eq!(TRAIL, cover.search.trailing);
        let depth = cover.search.levels.len();
        let (snapshots, trail) = if TRAIL {
            (0, cover.cells.len() + cover.items as usize)
        } else {
            (depth * cover.items as usize, 0)
        };
        debug_assert_eq!(cover.search.snapshots.len(), snapshots);
        debug_assert_eq!(cover.search.trail.len(), trail);
        Hot {
            cells: cover.cells.as_mut_ptr(),
            set: cover.set.as_mut_ptr(),
            size: cover.size.as_mut_ptr(),
            base: cover.base.as_ptr(),
            colors: cover.colors.as_ptr(),
            levels: cover.search.levels.as_mut_ptr(),
            snapshots: cover.search.snapshots.as_mut_ptr(),
            trail: cover.search.trail.as_mut_ptr(),
            primary: cover.primary,
            items: cover.items as usize,
            keyed: cover.primary as usize <= KEYED_ITEMS
                && cover.option_start.len() < KEYED_CAP as usize,
            lengths: (
                cover.cells.len(),
                cover.set.len(),
                cover.colors.len(),
                cover.search.trail.len(),
                depth,
            ),
        }
    }

    /// The shortest primary item's size and the first such item.
    #[inline(always)]
    fn shortest(self) -> (u32, usize) {
        // SAFETY: `size` has `items >= primary` entries (see the type).
        let sizes = unsafe { std::slice::from_raw_parts(self.size, self.primary as usize) };
        if self.keyed {
            shortest_keyed(sizes)
        } else {
            shortest(sizes)
        }
    }

    /// Moves `level` to its next option, with the sizes it had on entering the level; or
    /// backtracks when it has none left.
    #[inline(always)]
    fn next_option(self, level: usize, top: &mut u32) -> Step {
        let mut state = self.level(level);
        state.at += 1;
        self.set_level(level, state);
        if state.at < state.end {
            if TRAIL {
                self.undo(state.mark, top);
            } else {
                self.restore(level);
            }
            Step::Try
        } else {
            Step::Backtrack
        }
    }

    /// Covers or purifies the items of the option of `node` other than `node`'s own (which is
    /// covered), taking the primary ones from `left`. False, leaving the work half done, as soon as a primary item is left with no
    /// option: the caller restores the sizes.
    /// With `CHECK` false (for a selection), the work is always done in full.
    #[inline(always)]
    pub(super) fn commit<const COLORED: bool, const CHECK: bool>(
        self,
        node: u32,
        top: &mut u32,
        left: &mut u32,
        stats: &mut Stats,
    ) -> bool {
        // First mark every item to cover, so that the hides below neither take an option
        // away from them as if they were live nor see them emptied.
        let mut q = node + 1;
        while q != node {
            let cell = self.cell(q);
            if cell.item == SPACER {
                q = cell.loc;
                continue;
            }
            if !COLORED || self.color(q) == 0 {
                self.mark(cell.item, top);
                stats.covers += 1;
                *left -= u32::from(cell.item < self.primary);
            }
            q += 1;
        }
        let mut q = node + 1;
        while q != node {
            let cell = self.cell(q);
            if cell.item == SPACER {
                q = cell.loc;
                continue;
            }
            let start = self.base(cell.item);
            if COLORED && self.color(q) != 0 {
                let size = self.size(cell.item);
                if size & DONE == 0 {
                    // Purify: the options of another color, or of none, leave; those of
                    // this color stay, and the item is done with.
                    self.mark(cell.item, top);
                    stats.covers += 1;
                    let color = self.color(q);
                    for at in start..start + size {
                        let other = self.set_at(at);
                        if self.color(other) != color
                            && !self.hide::<CHECK>(other, top, &mut stats.updates)
                        {
                            return false;
                        }
                    }
                }
            } else {
                let size = self.size(cell.item) & !DONE;
                for at in start..start + size {
                    if !self.hide::<CHECK>(self.set_at(at), top, &mut stats.updates) {
                        return false;
                    }
                }
            }
            q += 1;
        }
        true
    }

    /// Removes the option of `node` from the sets of its items other than `node`'s own.
    /// With `CHECK`, false as soon as a live primary item is left with no option (every
    /// removal made so far complete and on the trail, so that undoing the trail undoes it).
    #[inline(always)]
    pub(super) fn hide<const CHECK: bool>(
        self,
        node: u32,
        top: &mut u32,
        updates: &mut u64,
    ) -> bool {
        let mut q = node + 1;
        while q != node {
            let cell = self.cell(q);
            if cell.item == SPACER {
                // Counted here, once per option, rather than at every removal: the
                // option's other entries, from its first node to this spacer.
                *updates += u64::from(q - cell.loc - 1);
                q = cell.loc;
                continue;
            }
            let item = cell.item;
            let size = self.size(item) - 1;
            self.set_size(item, size);
            if TRAIL {
                self.push(item, top);
            }
            // Swap the node with the last live one of the region, which becomes the free
            // slot past the new size.
            let last_at = self.base(item) + (size & !DONE);
            debug_assert!(cell.loc <= last_at, "node {q} was not live");
            let last = self.set_at(last_at);
            self.put_set(last_at, q);
            self.put_set(cell.loc, last);
            self.set_loc(q, last_at);
            self.set_loc(last, cell.loc);
            if CHECK && size == 0 && item < self.primary {
                // Only the removals made: the spacer, if passed (`q < node`), counted them
                // all; else none is counted yet.
                if q < node {
                    *updates -= u64::from(node - q - 1);
                } else {
                    *updates += u64::from(q - node);
                }
                return false;
            }
            q += 1;
        }
        true
    }

    /// Marks `item` covered or purified (on the trail, if there is one).
    #[inline(always)]
    pub(super) fn mark(self, item: u32, top: &mut u32) {
        let size = self.size(item);
        debug_assert!(size & DONE == 0, "item {item} marked twice");
        debug_assert!((item as usize) < self.items);
        // SAFETY: see the type: `item` is in range, and nothing else touches `size`.
        unsafe { std::ptr::write_volatile(self.size.add(item as usize), size | DONE) }
        if TRAIL {
            self.push(item | DONE, top);
        }
    }

    /// Appends a change of a size to the trail: `item` alone for a node it lost, with
    /// `DONE` for its mark.
    #[inline(always)]
    fn push(self, entry: u32, top: &mut u32) {
        debug_assert!((*top as usize) < self.lengths.3, "the trail overflows");
        // SAFETY: see the type: the trail never holds more than its capacity.
        unsafe { *self.trail.add(*top as usize) = entry }
        *top += 1;
    }

    /// Saves the sizes on entering `level`.
    #[inline(always)]
    fn save(self, level: usize) {
        debug_assert!(!TRAIL && level < self.lengths.4);
        // SAFETY: `snapshots` holds `items` sizes for each level, and `level` is in range
        // (see the type).
        unsafe {
            std::ptr::copy_nonoverlapping(
                self.size,
                self.snapshots.add(level * self.items),
                self.items,
            )
        }
    }

    /// Puts back the sizes saved on entering `level`: every set then holds what it held then.
    #[inline(always)]
    fn restore(self, level: usize) {
        debug_assert!(!TRAIL && level < self.lengths.4);
        // SAFETY: as in `save`.
        unsafe {
            std::ptr::copy_nonoverlapping(
                self.snapshots.add(level * self.items),
                self.size,
                self.items,
            )
        }
    }

    /// Undoes the changes of the trail past `mark`, newest first: every size, hence every
    /// set, is then what it was when the trail was `mark` long.
    #[inline(always)]
    fn undo(self, mark: u32, top: &mut u32) {
        debug_assert!(mark <= *top);
        for at in (mark..*top).rev() {
            // SAFETY: see the type: `at` is below the trail's length.
            let entry = unsafe { *self.trail.add(at as usize) };
            let item = entry & !DONE;
            // A lost node comes back by growing the size by one (the removal left it just
            // past the size); a mark goes by taking `DONE` off.
            let change = if entry & DONE != 0 {
                DONE
            } else {
                1u32.wrapping_neg()
            };
            self.set_size(item, self.size(item).wrapping_sub(change));
        }
        *top = mark;
    }

    #[inline(always)]
    fn cell(self, node: u32) -> Cell {
        debug_assert!((node as usize) < self.lengths.0);
        // SAFETY: see the type.
        unsafe { *self.cells.add(node as usize) }
    }

    #[inline(always)]
    fn set_loc(self, node: u32, loc: u32) {
        debug_assert!((node as usize) < self.lengths.0);
        // SAFETY: see the type: `node` is in range, and nothing else touches `cells`.
        unsafe { (*self.cells.add(node as usize)).loc = loc }
    }

    #[inline(always)]
    fn color(self, node: u32) -> u32 {
        debug_assert!((node as usize) < self.lengths.2);
        // SAFETY: see the type; a colored problem has one color per node.
        unsafe { *self.colors.add(node as usize) }
    }

    #[inline(always)]
    pub(super) fn size(self, item: u32) -> u32 {
        debug_assert!((item as usize) < self.items);
        // SAFETY: see the type: `item` is in range.
        unsafe { *self.size.add(item as usize) }
    }

    #[inline(always)]
    fn set_size(self, item: u32, size: u32) {
        debug_assert!((item as usize) < self.items);
        // SAFETY: see the type: `item` is in range, and nothing else touches `size`.
        unsafe { *self.size.add(item as usize) = size }
    }

    #[inline(always)]
    pub(super) fn base(self, item: u32) -> u32 {
        debug_assert!((item as usize) < self.items);
        // SAFETY: see the type.
        unsafe { *self.base.add(item as usize) }
    }

    #[inline(always)]
    pub(super) fn set_at(self, at: u32) -> u32 {
        debug_assert!((at as usize) < self.lengths.1);
        // SAFETY: see the type.
        unsafe { *self.set.add(at as usize) }
    }

    #[inline(always)]
    fn put_set(self, at: u32, node: u32) {
        debug_assert!((at as usize) < self.lengths.1);
        // SAFETY: see the type: `at` is in range, and nothing else touches `set`.
        unsafe { *self.set.add(at as usize) = node }
    }

    #[inline(always)]
    fn level(self, level: usize) -> Level {
        debug_assert!(level < self.lengths.4);
        // SAFETY: see the type: `level` is in range.
        unsafe { *self.levels.add(level) }
    }

    #[inline(always)]
    fn set_level(self, level: usize, state: Level) {
        debug_assert!(level < self.lengths.4);
        // SAFETY: see the type: `level` is in range, and nothing else touches `levels`.
        unsafe { *self.levels.add(level) = state }
    }
}
