//! The search: cover and uncover, choosing an item, and the resumable iterative loop that
//! every consumer (first solution, stream of solutions, count with a cap) goes through.

use super::interrupt::Watch;
use super::propagate::{NoPropagation, Propagator, Pruning};
use super::ratio::{at_most_mask, ratio, ratios, MARGIN};
use super::shortest::{equal_mask, shortest};
use super::{Conflict, ExactCover, Node, SelectError, COVERED, SPACER};

/// Where the search stands between two calls of [`ExactCover::next_solution`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Phase {
    /// Nothing searched since the last restart: the next call starts at the top.
    #[default]
    Ready,
    /// A solution was just reported at `level`: the next call backtracks from it.
    Found,
    /// Every solution has been reported.
    Exhausted,
    /// The interrupt stopped the search on entering `level`: the next call resumes there.
    Paused,
}

/// The search's own memory, sized when the matrix is cleared so that searching never
/// allocates.
#[derive(Clone, Debug, Default)]
pub(super) struct State {
    phase: Phase,
    /// Number of options the search has chosen on the current path.
    level: usize,
    /// The item branched on and the node of the option tried, at each level.
    levels: Vec<Level>,
    /// Items whose list shrank to one option or none since the last backtrack. Entries may be
    /// stale (covered since, or shrunk further) and are checked when popped.
    forced: Vec<u32>,
    forced_len: usize,
    /// The last item whose list became empty since the last backtrack, or 0. If it is primary
    /// and has not been covered since, the path is dead; seeing that before taking the forced
    /// moves stacked above it on the forced stack saves their covers.
    emptied: u32,
    /// Dead ends met and solutions found since the search started from the top: what
    /// decides whether `choose` compares tied items (see the note by `ENUMERATING`).
    dead_ends: u64,
    solutions: u64,
    /// How many times a search started from the top (wrapping): what tells a propagator
    /// whether a branch point belongs to the search it saw last (see
    /// [`Pruning::run`](super::Pruning::run)).
    pub(super) run: u32,
    /// First node of each option fixed by [`ExactCover::select`], in order.
    selected: Vec<u32>,
    /// First node of each option removed for a job handed over (see `share.rs`), after the
    /// selections, in order: the options refuted above the job's.
    pub(super) excluded: Vec<u32>,
    /// How the item to branch on is chosen.
    branching: Branching,
    /// Per option, whether a guess of it that failed is refuted (see
    /// [`ExactCover::set_refutation`]); empty for none.
    refuted: Vec<bool>,
    /// Per item (by header), its weight under [`Branching::Weighted`] or
    /// [`Branching::Conflicts`]: its starting weight (one, or its priority: see `priors`)
    /// plus the credit of the dead ends it took part in.
    weights: Vec<u32>,
    /// Per item (by header), the weight it starts each search with, set by
    /// [`ExactCover::set_priorities`]; empty for one each. With priorities, guesses follow
    /// the weights from the first.
    priors: Vec<u32>,
    /// The first item (by header) that weighs, with two options left, at least the
    /// heaviest primary item its options cover (see [`ExactCover::set_inherited_weights`]);
    /// zero for none.
    inherit_from: u32,
    /// Scratch of `heaviest`, sized when the matrix is cleared and written only there: per
    /// primary item (from 0), its length per weight as a float (see `ratio.rs`).
    keys: Vec<f32>,
    /// Scratch of `heaviest`: per item (by header), the weight inherited at this guess,
    /// written for the items that inherit and read only for them.
    inherited: Vec<u32>,
    /// First entries of the options a propagator removed, in order (see `propagate.rs`).
    pub(super) trail: Vec<u32>,
    /// Whether the search under way was started with an active propagator, so that the
    /// levels record the trail's length and put removals back.
    propagating: bool,
    /// The interrupt the search watches (see `interrupt.rs`), and the share of a count on
    /// several threads (see `share.rs`).
    pub(super) watch: Watch,
    /// Searches from the top keep the weights learnt so far (the jobs of a shared count).
    pub(super) keep_weights: bool,
}

/// How the search chooses the item to branch on. Both take an item with the fewest options
/// left; they differ in which one among several such items, and so in the shape (and
/// size) of the search tree, never in the solutions found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Branching {
    /// The default, measured fastest on the puzzle solver's matrices: an item left with one
    /// option is taken as soon as it appears (the last one to appear first), a path with an
    /// empty primary item is abandoned at once, and ties of two-option items are compared
    /// by what their branches would remove, the branch that removes fewer tried first,
    /// unless the search is enumerating (see the module documentation).
    #[default]
    ForcedFirst,
    /// Knuth's rule in `dlx1` and `dlx2`: the first item of minimum length in item order,
    /// an empty item being covered and backed up from like any other. Under it the
    /// statistics `nodes` and [`Stats::knuth_updates`](super::Stats::knuth_updates) equal
    /// the figures of Knuth's programs.
    FirstShortest,
    /// As [`ForcedFirst`](Self::ForcedFirst) for forced items and dead ends, but once the
    /// search has met a hundred dead ends (from the first guess where
    /// [`ExactCover::set_priorities`] gave starting weights), a guess branches on the item
    /// with the fewest options per *weight*, an item's weight being one (or its priority)
    /// plus the dead ends it has caused (its list emptied) since the search started from
    /// the top: the search learns where
    /// the puzzle's conflicts are and branches there first (the dom/wdeg rule of constraint
    /// solvers). It pays on hard variant puzzles with few givens, where a propagator finds
    /// most dead ends.
    Weighted,
    /// As [`Weighted`](Self::Weighted), but a dead end also adds to the weight of the item
    /// chosen last above it (forced or guessed), the choice whose consequences failed: one
    /// to the item found empty, four to that choice (the credit that conflict-history
    /// branching gives the variable whose assignment failed, as constraint solvers do). The
    /// variant solver uses it on every puzzle.
    Conflicts,
}

impl Branching {
    /// True for the rules that weigh items by the dead ends they took part in.
    fn learns(self) -> bool {
        matches!(self, Branching::Weighted | Branching::Conflicts)
    }
}

/// How many of the items tied at two options `best_pair` compares: enough to avoid the
/// worst branches, few enough that choosing stays cheap. On hardest_1106, 8 made 11% more
/// guesses and was slower side by side (docs/lab/performance-notes.md).
const MAX_CANDIDATES: u32 = 16;

/// A search that has found more than this many solutions per dead end is enumerating: its
/// tree is mostly solutions, and comparing tied items would cost more than it saves.
const ENUMERATING: u64 = 4;

/// Under [`Branching::Weighted`], the dead ends met from the top before guesses follow the
/// weights (which count from the start): a search that meets few is left the plain rule's
/// choices. On the published variant puzzles under `Weighted`, 100 made about as many
/// nodes in all as 1,000 (1.50M against 1.45M, most of them Solver needs SET's) but fewer
/// on the hard ones (9.2k against 18.3k on Anti-Ratio Coverage, 2.7k against 12.0k on
/// Anti-XV Coverage); 0 made many more on the empty anti-knight grid (3.4M nodes with 0,
/// 25k with 1,000; docs/lab/variant-search.md).
const WEIGHTED_AFTER: u64 = 100;

/// Under [`Branching::Conflicts`], what a dead end adds to the weight of the item found
/// empty, and to that of the item chosen last above it (forced or guessed). One to four was
/// measured against four to the item found empty and one to the latest guess (the sixth
/// round's rule), and against ISS's nothing to one, on ISS's examples, the published
/// puzzles and their drafts (docs/lab/variant-search.md, "Twenty-sixth round").
const EMPTIED_CREDIT: u32 = 1;
const CHOICE_CREDIT: u32 = 4;

// How ties of the minimum length are broken. Where the shortest items have two options
// each (most guesses on a hard puzzle), up to `MAX_CANDIDATES` of them are compared by what
// each branch would remove, and the branch that removes fewer is tried first. Longer ties,
// and every tie of a search that is enumerating, take the first shortest item: there the
// walk of every tied item's options costs more than the nodes it saves
// (docs/lab/performance-notes.md, "Ties at two options").

/// One level of the search path.
#[derive(Clone, Copy, Debug, Default)]
struct Level {
    /// The item branched on.
    item: u32,
    /// The entry of the option being tried in that item's list (the header once exhausted).
    node: u32,
    /// The trail's length on entering the level: what a propagator removed there is put
    /// back when the search leaves the level.
    trail: u32,
    /// The item's options are tried from the last up, not from the first down.
    upward: bool,
    /// The item had more than one option: the level is a guess, not a forced move.
    guess: bool,
    /// The options after `node` were handed to another thread (see `share.rs`): the level
    /// is left once `node`'s option is done.
    given_away: bool,
}

impl State {
    // A level covers at least one primary item, so `level <= primary < levels.len()`.

    #[inline(always)]
    fn level_at(&self, level: usize) -> Level {
        debug_assert!(level < self.levels.len());
        // SAFETY: see above.
        unsafe { *self.levels.get_unchecked(level) }
    }

    #[inline(always)]
    fn level_mut(&mut self, level: usize) -> &mut Level {
        debug_assert!(level < self.levels.len());
        // SAFETY: see above.
        unsafe { self.levels.get_unchecked_mut(level) }
    }

    /// True when a search or a selection has changed the links since the matrix was built.
    pub(super) fn is_dirty(&self) -> bool {
        self.phase != Phase::Ready || !self.selected.is_empty()
    }

    /// Entries of the options chosen so far with `level` options chosen by the search: the
    /// selections, then one per level.
    pub(super) fn path(&self, level: usize) -> impl Iterator<Item = u32> + '_ {
        self.selected
            .iter()
            .copied()
            .chain(self.levels[..level].iter().map(|level| level.node))
    }

    /// Under [`Branching::Weighted`] or [`Branching::Conflicts`], a dead end at `level` whose
    /// emptied item is `item`: that item's weight goes up, and under `Conflicts` that of the
    /// item chosen last above (if any), forced or guessed.
    fn credit(&mut self, item: u32, level: usize) {
        let weight = &mut self.weights[item as usize];
        if self.branching == Branching::Weighted {
            *weight = weight.saturating_add(1);
            return;
        }
        *weight = weight.saturating_add(EMPTIED_CREDIT);
        if let Some(choice) = self.levels[..level].last() {
            let weight = &mut self.weights[choice.item as usize];
            *weight = weight.saturating_add(CHOICE_CREDIT);
        }
    }

    /// True once the search from the top has met a dead end.
    pub(super) fn met_dead_end(&self) -> bool {
        self.dead_ends > 0
    }

    /// Takes `weights` (a giver's, see `share.rs`) as the items' weights; none changes
    /// nothing.
    pub(super) fn adopt_weights(&mut self, weights: &[u32]) {
        if weights.len() == self.weights.len() {
            self.weights.copy_from_slice(weights);
        }
    }

    /// How many options are selected.
    pub(super) fn selected_len(&self) -> usize {
        self.selected.len()
    }

    /// True when no option is selected.
    pub(super) fn selected_is_empty(&self) -> bool {
        self.selected.is_empty()
    }

    pub(super) fn reset(&mut self, items: usize) {
        self.phase = Phase::Ready;
        self.run = self.run.wrapping_add(1);
        self.level = 0;
        // A level covers at least one item, so the path is never longer than the item count.
        // Both only grow: a matrix rebuilt many times keeps its buffers and never refills them.
        if self.levels.len() < items + 1 {
            self.levels.resize(items + 1, Level::default());
        }
        // Between two backtracks lengths only shrink, so an item is pushed at most twice:
        // once on reaching one option, once on reaching none.
        if self.forced.len() < 2 * items + 2 {
            self.forced.resize(2 * items + 2, 0);
        }
        self.forced_len = 0;
        self.emptied = 0;
        self.dead_ends = 0;
        self.solutions = 0;
        self.weights.clear();
        self.weights.resize(items + 1, 1);
        if self.keys.len() < items {
            self.keys.resize(items, 0.0);
            self.inherited.resize(items + 1, 0);
        }
        self.priors.clear();
        self.inherit_from = 0;
        self.selected.clear();
        self.selected.reserve(items);
        self.excluded.clear();
        self.refuted.clear();
        self.trail.clear();
        self.watch.stopped = false;
    }
}

/// What [`ExactCover::count`] found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Count {
    /// The number of solutions found (never more than the cap).
    pub solutions: u128,
    /// True when the search stopped at the cap, so there may be more solutions.
    pub capped: bool,
}

/// A solution just found: the options it is made of. It borrows the matrix, so the next
/// call to [`ExactCover::next_solution`] waits until it is dropped.
#[derive(Debug)]
pub struct Solution<'a> {
    matrix: &'a ExactCover,
}

impl Solution<'_> {
    /// The options of the solution: first those fixed by [`ExactCover::select`], in the order
    /// they were selected, then those the search chose, from the top of the search down.
    pub fn options(&self) -> impl Iterator<Item = usize> + '_ {
        let state = &self.matrix.search;
        state
            .selected
            .iter()
            .chain(state.levels[..state.level].iter().map(|level| &level.node))
            .map(|&node| self.matrix.option_of(node))
    }

    /// How many options the solution has.
    pub fn len(&self) -> usize {
        self.matrix.search.selected.len() + self.matrix.search.level
    }

    /// True for the solution of a matrix without primary items that needs no option.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A propagator that removes nothing but keeps the trail's books: what a search started
/// with a propagator continues with when called without one.
struct KeepBooks;

impl Propagator for KeepBooks {
    fn propagate(&mut self, _: &mut Pruning<'_>) {}
}

/// The item the search should take next.
enum Choice {
    /// Some item (this one) has no option left: this path has no solution.
    DeadEnd(u32),
    /// This item has one option left.
    Forced(u32),
    /// Branch on this item, which has several options left; when `pair` is true, it is the
    /// first of the items tied at two options, to be compared with the others (`best_pair`)
    /// once the propagator has had its say.
    Guess { item: u32, pair: bool },
}

impl ExactCover {
    /// Fixes `option` as part of every solution before searching, as a puzzle's givens are.
    /// Any search in progress is abandoned first; selections stay until
    /// [`restart`](Self::restart) or [`clear`](Self::clear) (adding an option meanwhile is
    /// refused). An option that does not exist, or that an earlier selection rules out (an
    /// item already covered, or a secondary item given another color), is an error and
    /// changes nothing.
    pub fn select(&mut self, option: usize) -> Result<(), SelectError> {
        let Some(&first) = self.option_start.get(option) else {
            return Err(SelectError::NoSuchOption {
                option,
                options: self.option_start.len(),
            });
        };
        self.rewind_search();
        if let Some(item) = self.ruled_out_by(first) {
            return Err(SelectError::Conflict(Conflict {
                option,
                item: item as usize - 1,
            }));
        }
        let updates = self.cover(self.nodes[first as usize].top);
        let (more_updates, covers) = self.cover_rest_of_option(first);
        self.stats.updates += updates + more_updates;
        self.stats.covers += covers + 1;
        self.search.selected.push(first);
        Ok(())
    }

    /// The item of the option starting at `first` that the current selections rule out, if
    /// any: a covered item, or else (in a colored matrix) an item where the option was
    /// hidden by a purification to another color.
    fn ruled_out_by(&self, first: u32) -> Option<u32> {
        let entries = || {
            (first as usize..)
                .take_while(|&q| self.nodes[q].top != SPACER)
                .map(|q| (q as u32, self.nodes[q]))
        };
        if let Some((_, entry)) = entries().find(|(_, entry)| !self.is_active(entry.top)) {
            return Some(entry.top);
        }
        // A purification hides an option from every list but the purified item's: the
        // entries that left their lists tell.
        entries()
            .find(|&(q, entry)| self.colored && self.nodes[entry.up as usize].down != q)
            .map(|(_, entry)| entry.top)
    }

    /// Sets how the search chooses the item to branch on, from the next search on.
    pub fn set_branching(&mut self, branching: Branching) {
        self.rewind_search();
        self.search.branching = branching;
    }

    /// Under [`Branching::Weighted`] and [`Branching::Conflicts`], from the next search on:
    /// each primary item numbered `from` or more (`None`, the default: none) that has two
    /// options left weighs, at a guess, at least the heaviest primary item that one of its
    /// options covers. A choice between two options then comes as soon as the heaviest item
    /// it settles would, and before it when that item has more options: as a constraint
    /// solver may weigh a value with two places left as the heavier of its two variables
    /// (docs/variants.md has the puzzle solver's use of it). Kept until the next
    /// [`clear`](Self::clear). The solutions found never change, only the tree's shape.
    ///
    /// ```
    /// use sudoku_dlx::exact_cover::{Branching, ExactCover};
    ///
    /// // Two cells (items 0 and 2) and a digit (item 1) that one of them must take.
    /// let mut matrix = ExactCover::new(3, 0);
    /// for items in [&[2, 1][..], &[0, 1], &[0], &[0], &[2]] {
    ///     matrix.add_option(items)?;
    /// }
    /// matrix.set_branching(Branching::Conflicts);
    /// matrix.set_priorities(&[12, 1, 1]);
    /// // Item 0 weighs most: the search branches on it first, and takes option 1.
    /// let first: Vec<usize> = matrix.first_solution().unwrap().options().collect();
    /// assert_eq!(first, [1, 4]);
    /// // Item 1 has two options, one of which covers item 0: it weighs as much, and has
    /// // fewer options, so the search branches on it first, and takes option 0.
    /// matrix.set_inherited_weights(Some(1));
    /// let first: Vec<usize> = matrix.first_solution().unwrap().options().collect();
    /// assert_eq!(first, [0, 2]);
    /// assert_eq!(matrix.count(None).solutions, 3);
    /// # Ok::<(), sudoku_dlx::exact_cover::BuildError>(())
    /// ```
    pub fn set_inherited_weights(&mut self, from: Option<usize>) {
        self.rewind_search();
        self.search.inherit_from = from.map_or(0, |from| from as u32 + 1);
    }

    /// Which guesses a search with a propagator refutes, from the next search on: option
    /// `k` when `refuted[k]` (those past the slice are not; an empty slice, the default,
    /// refutes none). Once the subtree of a refuted option is done, the search does not try
    /// the item's next option: it removes the option, and those tried before it at the
    /// branch point (whose subtrees are done too, refuted or not), as a propagator removes
    /// one (until the search leaves the branch point), lets the propagator draw what that
    /// implies, and chooses the item to branch on again. The branches still split the
    /// solutions, so each is found once; the tree differs. A search without a propagator
    /// refutes none.
    /// Kept until the next [`clear`](Self::clear).
    ///
    /// ```
    /// use sudoku_dlx::exact_cover::{ExactCover, Propagator, Pruning};
    ///
    /// // A propagator that removes nothing, but makes the search call it.
    /// struct Watch;
    /// impl Propagator for Watch {
    ///     fn propagate(&mut self, _: &mut Pruning<'_>) {}
    /// }
    /// // Three items; four options of two of them and one of each alone: five solutions
    /// // (each pair with the item it leaves, and the three alone).
    /// let mut matrix = ExactCover::new(3, 0);
    /// for items in [&[0, 1][..], &[0, 2], &[1, 2], &[0, 1], &[2], &[1], &[0]] {
    ///     matrix.add_option(items)?;
    /// }
    /// matrix.set_refutation(&[true; 7]);
    /// assert_eq!(matrix.count_propagating(None, |_| true, &mut Watch).solutions, 5);
    /// assert!(matrix.stats().nodes > 0);
    /// # Ok::<(), sudoku_dlx::exact_cover::BuildError>(())
    /// ```
    pub fn set_refutation(&mut self, refuted: &[bool]) {
        self.rewind_search();
        self.search.refuted.clear();
        self.search.refuted.extend_from_slice(refuted);
    }

    /// Abandons any search in progress and undoes every selection, restoring the matrix as
    /// it was built. The next search starts from the top.
    pub fn restart(&mut self) {
        self.unselect_to(0);
        self.search.forced_len = 0;
        self.search.emptied = 0;
    }

    /// Gives work to a thread that waits for it, from a search `level` options deep: the
    /// untried options of the shallowest level that has some, each with the options chosen
    /// above it, or, when the option tried there is refuted on failing, one job: that level
    /// without the options tried there, this one included. The level is then left once its
    /// current option is done. False when no level has an untried option (the waiting
    /// thread waits on).
    pub(super) fn hand_over(&mut self, level: usize, share: &super::Share) -> bool {
        let Some(open) = (0..level).find(|&l| {
            let at = self.search.levels[l];
            !at.given_away && self.next_in_level(at.node, at.upward) != at.item
        }) else {
            return false;
        };
        let above: Vec<u32> = self
            .search
            .path(open)
            .map(|node| self.option_of(node) as u32)
            .collect();
        // Under refutation, the options removed at the levels down to `open` (refuted, or
        // removed by the propagator), after those this search's own job removed: the
        // subtrees of those refuted were searched already.
        let removed: Vec<u32> = match self.search.refuted.is_empty() {
            false => {
                // The level below `open` is `level`, being entered, or marked on entry.
                let mark = match open + 1 < level {
                    true => self.search.levels[open + 1].trail as usize,
                    false => self.search.trail.len(),
                };
                let trail = &self.search.trail[..mark];
                (self.search.excluded.iter().chain(trail))
                    .map(|&first| self.option_of(first) as u32)
                    .collect()
            }
            true => Vec::new(),
        };
        let at = self.search.levels[open];
        let weights = std::sync::Arc::new(self.search.weights.clone());
        let option = self.option_of(at.node);
        if at.guess && self.search.refuted.get(option).copied().unwrap_or(false) {
            // A refuted guess: one job, the level without the option being tried, which
            // chooses again where to branch as this search would once the option is done
            // (handing the untried options over one by one would branch on the item each
            // time, and lose what refuting the first ones teaches).
            // The options tried here before it, if not refuted, are still in the list.
            let mut removed = removed;
            let mut tried = self.next_in_level(at.item, at.upward);
            while tried != at.node {
                removed.push(self.option_of(tried) as u32);
                tried = self.next_in_level(tried, at.upward);
            }
            removed.push(option as u32);
            self.search.levels[open].given_away = true;
            share.hand_over([super::share::Job {
                options: above,
                removed,
                weights,
            }]);
            return true;
        }
        let mut jobs = Vec::new();
        let mut node = self.next_in_level(at.node, at.upward);
        while node != at.item {
            let mut options = Vec::with_capacity(above.len() + 1);
            options.extend_from_slice(&above);
            options.push(self.option_of(node) as u32);
            jobs.push(super::share::Job {
                options,
                removed: removed.clone(),
                weights: std::sync::Arc::clone(&weights),
            });
            node = self.next_in_level(node, at.upward);
        }
        self.search.levels[open].given_away = true;
        share.hand_over(jobs);
        true
    }

    /// The entry after `node` in its item's list, in the order a level tries them.
    fn next_in_level(&self, node: u32, upward: bool) -> u32 {
        let entry = self.node(node);
        if upward {
            entry.up
        } else {
            entry.down
        }
    }

    /// Undoes the selections past the first `keep`.
    pub(super) fn unselect_to(&mut self, keep: usize) {
        self.rewind_search();
        while let Some(first) = self.search.excluded.pop() {
            self.put_back(first);
        }
        while self.search.selected.len() > keep {
            let first = self.search.selected.pop().expect("a selection");
            self.uncover_rest_of_option(first);
            self.uncover(self.nodes[first as usize].top);
        }
    }

    /// Abandons any search in progress, keeping the selections.
    pub(super) fn rewind_search(&mut self) {
        if matches!(self.search.phase, Phase::Found | Phase::Paused) {
            for level in (0..self.search.level).rev() {
                let Level {
                    item, node, trail, ..
                } = self.search.levels[level];
                self.uncover_rest_of_option(node);
                self.uncover(item);
                self.restore_trail(trail);
            }
        }
        // A search paused on entering a level, or a solution found there, removed nothing
        // at that level; everything above was put back with its level.
        debug_assert!(self.search.trail.is_empty());
        self.search.level = 0;
        self.search.phase = Phase::Ready;
        self.search.run = self.search.run.wrapping_add(1);
        self.search.forced_len = 0;
        self.search.emptied = 0;
        self.search.dead_ends = 0;
        self.search.solutions = 0;
        if self.search.keep_weights {
            return;
        }
        if self.search.priors.is_empty() {
            self.search.weights.fill(1);
        } else {
            self.search.weights.copy_from_slice(&self.search.priors);
        }
    }

    /// Gives primary items the weights they start every search with under
    /// [`Branching::Weighted`] and [`Branching::Conflicts`] (`priorities[i]` for item `i`,
    /// zero counting as one; the items past the slice, and every secondary item, start at
    /// one), and has guesses follow the weights from the first guess rather than after a
    /// hundred dead ends. A caller that knows where a problem's constraints crowd (a
    /// puzzle's cells on cages and arrows) so has the search branch there before any dead
    /// end has taught it. Kept until the next [`clear`](Self::clear); a search in progress
    /// is abandoned. The solutions found never change, only the tree's shape.
    ///
    /// ```
    /// use sudoku_dlx::exact_cover::{Branching, ExactCover};
    ///
    /// // Two items, each covered by either of two options.
    /// let mut matrix = ExactCover::new(2, 0);
    /// for items in [[0, 1], [0, 1], [0, 1], [0, 1]] {
    ///     matrix.add_option(&items)?;
    /// }
    /// matrix.set_branching(Branching::Conflicts);
    /// matrix.set_priorities(&[1, 5]);
    /// assert_eq!(matrix.count(None).solutions, 4);
    /// # Ok::<(), sudoku_dlx::exact_cover::BuildError>(())
    /// ```
    pub fn set_priorities(&mut self, priorities: &[u32]) {
        let search = &mut self.search;
        search.priors.clear();
        search.priors.resize(search.weights.len(), 1);
        let primary = (self.primary as usize).min(priorities.len());
        for (prior, &priority) in search.priors[1..=primary].iter_mut().zip(priorities) {
            *prior = priority.max(1);
        }
        self.rewind_search();
    }

    /// Finds the next solution, continuing where the previous call stopped. Returns `None`
    /// once every solution has been reported (and keeps returning `None` until
    /// [`restart`](Self::restart), [`select`](Self::select) or a new option).
    pub fn next_solution(&mut self) -> Option<Solution<'_>> {
        self.next_solution_propagating(&mut NoPropagation)
    }

    /// [`next_solution`](Self::next_solution), calling `propagator` at every branch point
    /// (see [`Propagator`]). A search is continued with the propagator it was started with
    /// or with none; removals already made stay until the search backtracks over them.
    pub fn next_solution_propagating<P: Propagator>(
        &mut self,
        propagator: &mut P,
    ) -> Option<Solution<'_>> {
        if self.advance(propagator) {
            Some(Solution { matrix: self })
        } else {
            None
        }
    }

    /// The first solution from the top, or `None` if there is none.
    pub fn first_solution(&mut self) -> Option<Solution<'_>> {
        self.rewind_search();
        self.next_solution()
    }

    /// [`first_solution`](Self::first_solution), calling `propagator` at every branch point
    /// (see [`Propagator`]).
    pub fn first_solution_propagating<P: Propagator>(
        &mut self,
        propagator: &mut P,
    ) -> Option<Solution<'_>> {
        self.rewind_search();
        self.next_solution_propagating(propagator)
    }

    /// Counts the solutions from the top, stopping once `cap` are found.
    pub fn count(&mut self, cap: Option<u128>) -> Count {
        self.count_while(cap, |_| true)
    }

    /// Counts like [`count`](Self::count), calling `keep_going` with the count so far after
    /// each solution; the count stops (reported as capped) when it returns false. This is the
    /// hook for progress reports and interruption.
    pub fn count_while(
        &mut self,
        cap: Option<u128>,
        keep_going: impl FnMut(u128) -> bool,
    ) -> Count {
        self.count_propagating(cap, keep_going, &mut NoPropagation)
    }

    /// [`count_while`](Self::count_while), calling `propagator` at every branch point (see
    /// [`Propagator`]).
    pub fn count_propagating<P: Propagator>(
        &mut self,
        cap: Option<u128>,
        mut keep_going: impl FnMut(u128) -> bool,
        propagator: &mut P,
    ) -> Count {
        self.rewind_search();
        let mut count = Count::default();
        while cap.is_none_or(|cap| count.solutions < cap) {
            if !self.advance(propagator) {
                count.capped = self.search.watch.stopped;
                return count;
            }
            count.solutions += 1;
            if !keep_going(count.solutions) {
                break;
            }
        }
        count.capped = true;
        count
    }

    /// Runs the search until the next solution (true) or the end (false).
    fn advance<P: Propagator>(&mut self, propagator: &mut P) -> bool {
        #[derive(Clone, Copy)]
        enum Step {
            /// Extend the partial solution of `level` options.
            Enter,
            /// Choose again at `level`, whose last guess was refuted.
            Again,
            /// Try the option in `choice[level]`, or give up the level when it is the header.
            Try,
            /// The current level has nothing more: go back to the one above.
            Backtrack,
        }
        if self.search.phase == Phase::Ready {
            self.search.propagating = P::ACTIVE;
            if P::ACTIVE || self.search.inherit_from != 0 {
                self.index_entries();
            }
            if self.search.inherit_from != 0 {
                self.index_primaries();
            }
        } else if self.search.propagating && !P::ACTIVE {
            // Continued without the propagator it was started with: the levels must still
            // put back what it removed.
            return self.advance(&mut KeepBooks);
        }
        let mut step = match self.search.phase {
            Phase::Ready => Step::Enter,
            Phase::Found => Step::Backtrack,
            Phase::Exhausted => return false,
            Phase::Paused => Step::Enter,
        };
        self.search.watch.stopped = false;
        if P::ACTIVE && self.search.trail.capacity() < self.option_start.len() {
            // Once per matrix size: each option is on the trail at most once at a time.
            let more = self.option_start.len() - self.search.trail.len();
            self.search.trail.reserve(more);
        }
        let mut level = self.search.level;
        // Counted in a local copy, written back on return: in `self` every counter would be
        // stored to memory at each step, since the link stores might alias it.
        let mut stats = self.stats;
        loop {
            match step {
                Step::Enter | Step::Again => {
                    // A refuted guess chooses again at its level, whose removals stay on the
                    // trail past the level's mark.
                    let again = matches!(step, Step::Again);
                    if !again && self.search.watch.must_stop() {
                        if self.search.watch.give {
                            self.search.watch.give = false;
                            let share = self.search.watch.share.clone().expect("a share");
                            self.hand_over(level, &share);
                        } else {
                            (self.search.level, self.search.phase) = (level, Phase::Paused);
                            self.stats = stats;
                            return false;
                        }
                    }
                    stats.nodes += 1;
                    if P::ACTIVE && !again {
                        self.search.level_mut(level).trail = self.search.trail.len() as u32;
                    }
                    if self.right_of(0) == 0 {
                        if !P::ACTIVE || propagator.accept(&mut Pruning::new(self, level)) {
                            self.search.level = level;
                            self.search.phase = Phase::Found;
                            stats.solutions += 1;
                            self.search.solutions += 1;
                            self.stats = stats;
                            return true;
                        }
                        // The propagator's rules reject it: a dead end.
                        stats.dead_ends += 1;
                        self.search.dead_ends += 1;
                        let mark = self.search.level_at(level).trail;
                        self.restore_trail(mark);
                        step = Step::Backtrack;
                        continue;
                    }
                    let mut propagated = false;
                    let item = loop {
                        match self.choose() {
                            Choice::DeadEnd(item) => {
                                if self.search.branching.learns() {
                                    self.search.credit(item, level);
                                }
                                break None;
                            }
                            Choice::Forced(item) => {
                                stats.forced += 1;
                                break Some((item, false, false));
                            }
                            Choice::Guess { item, pair } => {
                                if P::ACTIVE && !propagated {
                                    // Once per node: a removal makes the search look again,
                                    // and the next branch point calls the propagator anew.
                                    propagated = true;
                                    let before = self.search.trail.len();
                                    propagator.propagate(&mut Pruning::new(self, level));
                                    let pruned = self.search.trail.len() - before;
                                    if pruned > 0 {
                                        stats.pruned += pruned as u64;
                                        continue;
                                    }
                                }
                                stats.guesses += 1;
                                if self.search.branching.learns()
                                    && (self.search.dead_ends >= WEIGHTED_AFTER
                                        || !self.search.priors.is_empty())
                                {
                                    break Some((self.heaviest(), false, true));
                                }
                                let (item, upward) = if pair {
                                    self.best_pair(item)
                                } else {
                                    (item, false)
                                };
                                break Some((item, upward, true));
                            }
                        }
                    };
                    let Some((item, upward, guess)) = item else {
                        stats.dead_ends += 1;
                        self.search.dead_ends += 1;
                        if P::ACTIVE {
                            let mark = self.search.level_at(level).trail;
                            self.restore_trail(mark);
                        }
                        step = Step::Backtrack;
                        continue;
                    };
                    stats.updates += self.cover(item);
                    stats.covers += 1;
                    let first = if upward {
                        self.node(item).up
                    } else {
                        self.node(item).down
                    };
                    let level_state = self.search.level_mut(level);
                    level_state.item = item;
                    level_state.node = first;
                    level_state.upward = upward;
                    level_state.guess = guess;
                    level_state.given_away = false;
                    step = Step::Try;
                }
                Step::Try => {
                    let Level {
                        item, node, trail, ..
                    } = self.search.level_at(level);
                    if node == item {
                        self.uncover(item);
                        if P::ACTIVE {
                            self.restore_trail(trail);
                        }
                        step = Step::Backtrack;
                    } else {
                        let (updates, covers) = self.cover_rest_of_option(node);
                        stats.updates += updates;
                        stats.covers += covers;
                        level += 1;
                        stats.max_depth = stats.max_depth.max(level as u32);
                        step = Step::Enter;
                    }
                }
                Step::Backtrack => {
                    // Entries pushed below this level describe a state that is being undone.
                    self.search.forced_len = 0;
                    self.search.emptied = 0;
                    if level == 0 {
                        self.search.level = 0;
                        self.search.phase = Phase::Exhausted;
                        self.stats = stats;
                        return false;
                    }
                    level -= 1;
                    let Level {
                        item,
                        node,
                        upward,
                        given_away,
                        guess,
                        ..
                    } = self.search.level_at(level);
                    self.uncover_rest_of_option(node);
                    if P::ACTIVE && guess && !given_away && !self.search.refuted.is_empty() {
                        let option = self.option_of(node);
                        if self.search.refuted.get(option).copied().unwrap_or(false) {
                            // The option's subtree is done: without it, choose again. So are
                            // those of the options tried before it here, which are still in
                            // the item's list if they are not refuted: without them too.
                            self.uncover(item);
                            let mut tried = self.next_in_level(item, upward);
                            while tried != node {
                                let next = self.next_in_level(tried, upward);
                                self.prune(self.option_start[self.option_of(tried)]);
                                tried = next;
                            }
                            self.prune(self.option_start[option]);
                            step = Step::Again;
                            continue;
                        }
                    }
                    let entry = self.node(node);
                    self.search.level_mut(level).node = match (given_away, upward) {
                        (true, _) => item,
                        (false, true) => entry.up,
                        (false, false) => entry.down,
                    };
                    step = Step::Try;
                }
            }
        }
    }

    /// Picks the item to branch on: a forced item if one is waiting, else the active primary
    /// item with the fewest options (the first such in item order).
    #[inline(always)]
    fn choose(&mut self) -> Choice {
        if self.search.branching == Branching::FirstShortest {
            return self.first_shortest();
        }
        // The item may have been covered since by the option that emptied it (the option
        // tried at a branch leaves its own item's list, and may cover the emptied item too);
        // a covered item's length carries `COVERED`, so 0 means active and empty.
        let emptied = self.search.emptied;
        if emptied != 0 && emptied <= self.primary && self.length(emptied) == 0 {
            return Choice::DeadEnd(emptied);
        }
        while self.search.forced_len > 0 {
            self.search.forced_len -= 1;
            // SAFETY: `forced_len` never exceeds the stack's size (see `hide`).
            let item = unsafe { *self.search.forced.get_unchecked(self.search.forced_len) };
            // `hide` pushes secondary items too, to save a test in the innermost loop; a
            // covered item carries `COVERED` and so never looks short.
            if item <= self.primary {
                match self.length(item) {
                    0 => return Choice::DeadEnd(item),
                    1 => return Choice::Forced(item),
                    _ => {}
                }
            }
        }
        // A scan of every primary item's length in index order, not a walk of the active list:
        // the loads are independent rather than a chain, the minimum vectorizes, and covered
        // items drop out by their `COVERED` bit. The first item of that length follows.
        let (best_len, first) = shortest(&self.lengths[1..=self.primary as usize]);
        let best = first as u32 + 1;
        match best_len {
            0 => Choice::DeadEnd(best),
            1 => Choice::Forced(best),
            _ => Choice::Guess {
                item: best,
                pair: best_len == 2 && self.search.solutions <= ENUMERATING * self.search.dead_ends,
            },
        }
    }

    /// Under [`Branching::Weighted`] or [`Branching::Conflicts`], at a guess (every active
    /// primary item has two options or more): the active primary item with the fewest options
    /// per weight, the first such (an item's weight inherited as `set_inherited_weights`
    /// says).
    ///
    /// Every item's ratio is first read as a float, in a scan that vectorizes (`ratio.rs`);
    /// the exact comparison then runs only over the items whose float is within rounding of
    /// the smallest, and picks what it would have picked over all of them.
    fn heaviest(&mut self) -> u32 {
        let primary = self.primary as usize;
        let mut least = ratios(
            &self.lengths[1..=primary],
            &self.search.weights[1..=primary],
            &mut self.search.keys[..primary],
        );
        let from = self.search.inherit_from;
        if from != 0 {
            let mut block = from;
            while block <= self.primary {
                let end = (block + 64).min(self.primary + 1);
                let mut pairs = equal_mask(&self.lengths[block as usize..end as usize], 2);
                while pairs != 0 {
                    let item = block + pairs.trailing_zeros();
                    pairs &= pairs - 1;
                    let weight = self.search.weights[item as usize].max(self.heaviest_beside(item));
                    self.search.inherited[item as usize] = weight;
                    let key = ratio(2, weight);
                    self.search.keys[item as usize - 1] = key;
                    least = least.min(key);
                }
                block = end;
            }
        }
        let bound = least * MARGIN;
        let (mut best, mut best_len, mut best_weight) = (0, u64::from(u32::MAX), 1u64);
        for start in (0..primary).step_by(64) {
            let end = (start + 64).min(primary);
            let mut near = at_most_mask(&self.search.keys[start..end], bound);
            while near != 0 {
                let item = (start + near.trailing_zeros() as usize + 1) as u32;
                near &= near - 1;
                let len = self.length(item);
                if len & COVERED != 0 {
                    continue;
                }
                let weight = match len == 2 && from != 0 && item >= from {
                    true => self.search.inherited[item as usize],
                    false => self.search.weights[item as usize],
                };
                let (len, weight) = (u64::from(len), u64::from(weight));
                if len * best_weight < best_len * weight {
                    (best, best_len, best_weight) = (item, len, weight);
                }
            }
        }
        // Every choice of every unit test's weighted search, checked against the scan of
        // every item by the exact comparison.
        #[cfg(test)]
        assert_eq!(best, self.heaviest_by_scan(), "a weighted choice");
        best
    }

    /// [`heaviest`](Self::heaviest) by the exact comparison of every active primary item:
    /// what the keys must agree with.
    #[cfg(test)]
    fn heaviest_by_scan(&self) -> u32 {
        let (mut best, mut best_len, mut best_weight) = (0, u64::from(u32::MAX), 1u64);
        for item in 1..=self.primary {
            let len = self.length(item);
            if len & COVERED != 0 {
                continue;
            }
            let mut weight = self.search.weights[item as usize];
            let from = self.search.inherit_from;
            if len == 2 && from != 0 && item >= from {
                // Every entry of the item's options, not the index of their primary items.
                let mut node = self.node(item).down;
                while node != item {
                    let mut other = self.previous_in_option(node);
                    while other != node {
                        let top = self.node(other).top;
                        if top <= self.primary {
                            weight = weight.max(self.search.weights[top as usize]);
                        }
                        other = self.previous_in_option(other);
                    }
                    node = self.node(node).down;
                }
            }
            let (len, weight) = (u64::from(len), u64::from(weight));
            if len * best_weight < best_len * weight {
                (best, best_len, best_weight) = (item, len, weight);
            }
        }
        best
    }

    /// The weight of the heaviest primary item that an option of `item`'s list covers,
    /// `item` among them (zero when it has none). The options of an active item's list are
    /// active, so are the items they cover.
    fn heaviest_beside(&self, item: u32) -> u32 {
        let mut heaviest = 0;
        let mut node = self.node(item).down;
        while node != item {
            // `item` among them too: its own weight is taken besides anyway.
            for &top in self.primaries_of(self.option_of(node)) {
                heaviest = heaviest.max(self.search.weights[top as usize]);
            }
            node = self.node(node).down;
        }
        heaviest
    }

    /// Knuth's choice: the first active primary item of minimum length, even an empty one
    /// (which the search then covers and backs up from, as `dlx1` does). The forced stack
    /// is left to fill: it is emptied at every backtrack, and bounded until then.
    fn first_shortest(&self) -> Choice {
        let (best_len, first) = shortest(&self.lengths[1..=self.primary as usize]);
        let best = first as u32 + 1;
        if best_len <= 1 {
            Choice::Forced(best)
        } else {
            Choice::Guess {
                item: best,
                pair: false,
            }
        }
    }

    /// Among the active primary items with two options (the first being `first`), the one
    /// whose two branches together remove the most options, as the product of what each
    /// removes: the subtrees are smallest where both branches cut deep. The branch that
    /// removes fewer options is to be tried first, from the last option up when that is the
    /// one (the second value): it is the likelier to hold a solution.
    fn best_pair(&self, first: u32) -> (u32, bool) {
        let (mut best, mut best_score, mut best_upward) = (first, 0, false);
        let mut candidates = 0;
        // The tied items 64 at a time, found by one vectorized mask per block rather than a
        // mispredicted test per item.
        let mut block = first;
        'blocks: while block <= self.primary {
            let end = (block + 64).min(self.primary + 1);
            let mut tied = equal_mask(&self.lengths[block as usize..end as usize], 2);
            while tied != 0 {
                let item = block + tied.trailing_zeros();
                tied &= tied - 1;
                let header = self.node(item);
                let (down, up) = (self.removed_by(header.down), self.removed_by(header.up));
                let score = (u64::from(down) + 1) * (u64::from(up) + 1);
                if score > best_score {
                    (best, best_score, best_upward) = (item, score, up < down);
                }
                candidates += 1;
                if candidates == MAX_CANDIDATES {
                    break 'blocks;
                }
            }
            block = end;
        }
        (best, best_upward)
    }

    /// How many options taking the option of entry `option` would remove, as the sum of the
    /// lengths of its other items' lists: an option sharing two of them counts twice, and
    /// the option itself once for each (a constant where options have one width, as a
    /// grid puzzle's placements do).
    fn removed_by(&self, option: u32) -> u32 {
        let mut removed = 0;
        let mut q = self.node(option).next;
        while q != option {
            let entry = self.node(q);
            removed += self.length(entry.top);
            q = entry.next;
        }
        removed
    }

    /// True while the item of header `header` (the item's number plus one) has not been
    /// covered: the one test of an item's state, which [`Pruning::is_active`] and the
    /// selections share. Covering marks the item's length as it unlinks the item, so the
    /// mark and the links always agree; the mark is one read.
    ///
    /// [`Pruning::is_active`]: super::Pruning::is_active
    #[inline]
    pub(super) fn is_active(&self, header: u32) -> bool {
        self.lengths[header as usize] & COVERED == 0
    }

    // The hot loops index through these accessors without bounds checks. Every link value is
    // written by `clear` or `add_option` as the index of an existing node or item and only
    // ever replaced by another such value, so it is always in range; `sanity` checks it.

    #[inline(always)]
    pub(super) fn node(&self, index: u32) -> Node {
        debug_assert!((index as usize) < self.nodes.len());
        // SAFETY: link values are always node indices (see above).
        unsafe { *self.nodes.get_unchecked(index as usize) }
    }

    #[inline(always)]
    pub(super) fn node_mut(&mut self, index: u32) -> &mut Node {
        debug_assert!((index as usize) < self.nodes.len());
        // SAFETY: link values are always node indices (see above).
        unsafe { self.nodes.get_unchecked_mut(index as usize) }
    }

    #[inline(always)]
    fn length(&self, item: u32) -> u32 {
        debug_assert!((item as usize) < self.lengths.len());
        // SAFETY: item list links and entries' items are always item indices (see above).
        unsafe { *self.lengths.get_unchecked(item as usize) }
    }

    #[inline(always)]
    pub(super) fn length_mut(&mut self, item: u32) -> &mut u32 {
        debug_assert!((item as usize) < self.lengths.len());
        // SAFETY: item list links and entries' items are always item indices (see above).
        unsafe { self.lengths.get_unchecked_mut(item as usize) }
    }

    #[inline(always)]
    fn left_of(&self, item: u32) -> u32 {
        debug_assert!((item as usize) < self.left.len());
        // SAFETY: item list links are always item indices (see above).
        unsafe { *self.left.get_unchecked(item as usize) }
    }

    #[inline(always)]
    fn right_of(&self, item: u32) -> u32 {
        debug_assert!((item as usize) < self.right.len());
        // SAFETY: item list links are always item indices (see above).
        unsafe { *self.right.get_unchecked(item as usize) }
    }

    /// Takes `item` out of its item list; its own links stay, for [`relink`](Self::relink).
    #[inline(always)]
    pub(super) fn unlink(&mut self, item: u32) {
        let (l, r) = (self.left_of(item), self.right_of(item));
        // SAFETY: item list links are always item indices (see above).
        unsafe {
            *self.right.get_unchecked_mut(l as usize) = r;
            *self.left.get_unchecked_mut(r as usize) = l;
        }
    }

    /// Puts back an item taken out by [`unlink`](Self::unlink).
    #[inline(always)]
    pub(super) fn relink(&mut self, item: u32) {
        let (l, r) = (self.left_of(item), self.right_of(item));
        // SAFETY: item list links are always item indices (see above).
        unsafe {
            *self.right.get_unchecked_mut(l as usize) = item;
            *self.left.get_unchecked_mut(r as usize) = item;
        }
    }

    /// Removes `item` from the item list and every option of its list from the other lists.
    /// Returns the number of links removed.
    #[inline]
    pub(super) fn cover(&mut self, item: u32) -> u64 {
        if self.colored {
            return self.cover_colored(item);
        }
        let mut updates = 0;
        let mut node = self.node(item).down;
        while node != item {
            updates += self.hide(node);
            node = self.node(node).down;
        }
        self.unlink(item);
        *self.length_mut(item) |= COVERED;
        updates
    }

    /// Undoes [`cover`](Self::cover), in exactly the reverse order.
    #[inline]
    pub(super) fn uncover(&mut self, item: u32) {
        if self.colored {
            return self.uncover_colored(item);
        }
        *self.length_mut(item) &= !COVERED;
        self.relink(item);
        let mut node = self.node(item).up;
        while node != item {
            self.unhide(node);
            node = self.node(node).up;
        }
    }

    /// Unlinks the other entries of `node`'s option from their item lists, noting the items
    /// left with one option or none. Returns the number of links removed.
    #[inline]
    pub(super) fn hide(&mut self, node: u32) -> u64 {
        let mut forced_len = self.search.forced_len;
        let mut emptied = self.search.emptied;
        let mut updates = 0;
        let mut q = self.node(node).next;
        while q != node {
            let Node {
                top,
                up,
                down,
                next,
            } = self.node(q);
            self.node_mut(up).down = down;
            self.node_mut(down).up = up;
            let length = self.length_mut(top);
            *length -= 1;
            let len = *length;
            // Written every time, kept only when the length reached 1 or 0: no branch.
            debug_assert!(forced_len < self.search.forced.len());
            // SAFETY: between two backtracks lengths only shrink, so each item is kept at most
            // twice (on reaching 1 and 0), and the stack holds 2 * items + 2 slots.
            unsafe { *self.search.forced.get_unchecked_mut(forced_len) = top };
            forced_len += (len <= 1) as usize;
            // A select, not a branch. A secondary item may be empty and is checked for at the
            // choice: noting it may hide an empty primary one, which the stack still holds.
            emptied = if len == 0 { top } else { emptied };
            updates += 1;
            q = next;
        }
        self.search.forced_len = forced_len;
        self.search.emptied = emptied;
        updates
    }

    /// Notes an item whose list just shrank to `len`, as `hide` does without a branch: on
    /// the forced stack when one option or none is left, and as the last emptied item.
    #[inline(always)]
    pub(super) fn note_short(&mut self, item: u32, len: u32) {
        if len <= 1 {
            // Bounded as in `hide`.
            self.search.forced[self.search.forced_len] = item;
            self.search.forced_len += 1;
            if len == 0 {
                self.search.emptied = item;
            }
        }
    }

    /// Undoes [`hide`](Self::hide). Entries of one option lie in different lists, so they may
    /// be restored in any order; only the order of whole options within a list matters.
    #[inline]
    pub(super) fn unhide(&mut self, node: u32) {
        let mut q = self.node(node).next;
        while q != node {
            let Node {
                top,
                up,
                down,
                next,
            } = self.node(q);
            self.node_mut(up).down = q;
            self.node_mut(down).up = q;
            *self.length_mut(top) += 1;
            q = next;
        }
    }

    /// Covers the items of `node`'s option other than `node`'s own item, following the
    /// entries' `next` links: no spacer test, and a trip count as regular as the options.
    /// Returns the links removed and the items covered. In a colored matrix, colored items
    /// are purified instead (see `colors`).
    #[inline(always)]
    fn cover_rest_of_option(&mut self, node: u32) -> (u64, u64) {
        if self.colored {
            return self.commit_rest_of_option(node);
        }
        let (mut updates, mut covers) = (0, 0);
        let mut q = self.node(node).next;
        while q != node {
            let Node { top, next, .. } = self.node(q);
            updates += self.cover(top);
            covers += 1;
            q = next;
        }
        (updates, covers)
    }

    /// Undoes [`cover_rest_of_option`](Self::cover_rest_of_option), in reverse order.
    fn uncover_rest_of_option(&mut self, node: u32) {
        if self.colored {
            return self.uncommit_rest_of_option(node);
        }
        let mut q = self.previous_in_option(node);
        while q != node {
            self.uncover(self.node(q).top);
            q = self.previous_in_option(q);
        }
    }

    /// The entry before `node` in its option, wrapping around from the first to the last
    /// through the spacer that precedes the option.
    #[inline(always)]
    pub(super) fn previous_in_option(&self, node: u32) -> u32 {
        let before = self.node(node - 1);
        // A select rather than a branch: where the wrap falls depends on the entry.
        if before.top == SPACER {
            before.down
        } else {
            node - 1
        }
    }
}
