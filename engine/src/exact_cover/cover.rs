//! The interface both exact-cover searches implement: dancing links ([`ExactCover`], the
//! structure of Knuth's `dlx1`/`dlx2`) and sparse sets ([`SparseCover`], that of his
//! `ssxc1`/`ssxcc`). A consumer written once against [`Cover`] runs on either, with static
//! dispatch: the search loops are the engines' own, monomorphized, and a trait call is made
//! per solution at most.
//!
//! ```
//! use sudoku_dlx::exact_cover::sparse::SparseCover;
//! use sudoku_dlx::exact_cover::{Cover, ExactCover, Found};
//!
//! /// The options of the first solution, written once for both engines.
//! fn first<C: Cover>(cover: &mut C) -> Option<Vec<usize>> {
//!     cover.first_solution().map(|solution| solution.options().collect())
//! }
//!
//! // Items 0 and 1; options {0}, {1}, {0, 1}.
//! let mut links = ExactCover::new(2, 0);
//! let mut sparse = SparseCover::builder(2, 0);
//! for option in [&[0][..], &[1], &[0, 1]] {
//!     links.add_option(option)?;
//!     sparse.add_option(option)?;
//! }
//! let mut sparse = sparse.build()?;
//! assert_eq!(Cover::count(&mut links, None).solutions, 2);
//! assert_eq!(Cover::count(&mut sparse, None).solutions, 2);
//! assert_eq!(first(&mut links).map(|o| o.len()), first(&mut sparse).map(|o| o.len()));
//! # Ok::<(), sudoku_dlx::exact_cover::BuildError>(())
//! ```

use super::prefix::Branch;
use super::sparse::{SparseCover, SparseSolution};
use super::{Count, ExactCover, Interrupt, SelectError, Solution, Stats};

/// A solution just found by a [`Cover`]: the options it is made of. It borrows the search,
/// so the next solution waits until it is dropped.
pub trait Found {
    /// The options of the solution, in the order the engine reports them (see each
    /// engine's own solution type).
    fn options(&self) -> impl Iterator<Item = usize> + '_;

    /// How many options the solution has.
    fn len(&self) -> usize;

    /// True for the solution of a problem without primary items, which needs no option.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// An exact-cover problem and its resumable search: the first solution, a stream of all,
/// a count with a cap, statistics, an interrupt, and options fixed before the search with
/// the branch the search would take from them (what [`prefix`](super::prefix) cuts the
/// tree with). Implemented by [`ExactCover`] and [`SparseCover`], which also offer each of
/// these as inherent methods (and more: the propagation hook and branching rules for
/// dancing links).
pub trait Cover {
    /// A solution, borrowing the search.
    type Solution<'a>: Found
    where
        Self: 'a;

    /// The number of primary items.
    fn primary_items(&self) -> usize;

    /// The number of items, primary and secondary.
    fn items(&self) -> usize;

    /// The number of options.
    fn options(&self) -> usize;

    /// The items of `option`, in the order it was given.
    fn option_items(&self, option: usize) -> impl Iterator<Item = usize> + '_;

    /// Abandons any search in progress and undoes every selection: the next search starts
    /// from the top.
    fn restart(&mut self);

    /// Finds the next solution, continuing where the previous call stopped; `None` once
    /// every solution has been reported (until [`restart`](Self::restart)) or when the
    /// interrupt stopped the search ([`was_interrupted`](Self::was_interrupted)).
    fn next_solution(&mut self) -> Option<Self::Solution<'_>>;

    /// The first solution from the top, or `None` if there is none.
    fn first_solution(&mut self) -> Option<Self::Solution<'_>> {
        self.restart();
        self.next_solution()
    }

    /// Counts the solutions from the top, calling `keep_going` with the count so far after
    /// each one; stops (reported as capped) at `cap`, when `keep_going` returns false, or
    /// when the interrupt is set.
    fn count_while(&mut self, cap: Option<u128>, keep_going: impl FnMut(u128) -> bool) -> Count;

    /// Counts the solutions from the top, stopping once `cap` are found.
    fn count(&mut self, cap: Option<u128>) -> Count {
        self.count_while(cap, |_| true)
    }

    /// The work done since the statistics were last reset.
    fn stats(&self) -> Stats;

    /// Sets the statistics back to zero.
    fn reset_stats(&mut self);

    /// Makes later searches watch `interrupt` (none with `None`): once it is set, a search
    /// stops within a few thousand nodes.
    fn set_interrupt(&mut self, interrupt: Option<Interrupt>);

    /// Lets the searches from now on visit at most `limit` nodes in all (`None`: no
    /// limit), then stop as the interrupt stops them.
    fn set_node_limit(&mut self, limit: Option<u64>);

    /// True when the last search was stopped by the interrupt or the node limit.
    fn was_interrupted(&self) -> bool;
}

impl Found for Solution<'_> {
    fn options(&self) -> impl Iterator<Item = usize> + '_ {
        Solution::options(self)
    }

    fn len(&self) -> usize {
        Solution::len(self)
    }
}

impl Found for SparseSolution<'_> {
    fn options(&self) -> impl Iterator<Item = usize> + '_ {
        SparseSolution::options(self)
    }

    fn len(&self) -> usize {
        SparseSolution::len(self)
    }
}

/// A [`Cover`] whose search tree can be cut into prefixes (see [`prefix`](super::prefix)):
/// options fixed before the search, and the options the search would branch on next.
/// Implemented by [`ExactCover`] and [`SparseCover`]; the search with multiplicities
/// ([`MultiCover`](super::multiplicity::MultiCover)) branches also on leaving an item
/// short of its upper bound, which a list of options does not say, and does not split.
pub trait Split: Cover {
    /// Fixes `option` as part of every solution, until [`restart`](Cover::restart); an
    /// option that does not exist or that the selections rule out is an error.
    fn select(&mut self, option: usize) -> Result<(), SelectError>;

    /// Where the search would branch first from the selections: solved, or the options of
    /// the item Knuth's rule picks, written into `options` (see [`prefix`](super::prefix)).
    fn branch(&mut self, options: &mut Vec<usize>) -> Branch;
}

/// Each method is the inherent method of the same name.
impl Split for ExactCover {
    fn select(&mut self, option: usize) -> Result<(), SelectError> {
        ExactCover::select(self, option)
    }

    fn branch(&mut self, options: &mut Vec<usize>) -> Branch {
        ExactCover::branch(self, options)
    }
}

/// Each method is the inherent method of the same name.
impl Split for SparseCover {
    fn select(&mut self, option: usize) -> Result<(), SelectError> {
        SparseCover::select(self, option)
    }

    fn branch(&mut self, options: &mut Vec<usize>) -> Branch {
        SparseCover::branch(self, options)
    }
}

/// Each method is the inherent method of the same name.
impl Cover for ExactCover {
    type Solution<'a> = Solution<'a>;

    fn primary_items(&self) -> usize {
        ExactCover::primary_items(self)
    }

    fn items(&self) -> usize {
        ExactCover::items(self)
    }

    fn options(&self) -> usize {
        ExactCover::options(self)
    }

    fn option_items(&self, option: usize) -> impl Iterator<Item = usize> + '_ {
        ExactCover::option_items(self, option)
    }

    fn restart(&mut self) {
        ExactCover::restart(self)
    }

    fn next_solution(&mut self) -> Option<Solution<'_>> {
        ExactCover::next_solution(self)
    }

    fn first_solution(&mut self) -> Option<Solution<'_>> {
        ExactCover::first_solution(self)
    }

    fn count_while(&mut self, cap: Option<u128>, keep_going: impl FnMut(u128) -> bool) -> Count {
        ExactCover::count_while(self, cap, keep_going)
    }

    fn count(&mut self, cap: Option<u128>) -> Count {
        ExactCover::count(self, cap)
    }

    fn stats(&self) -> Stats {
        ExactCover::stats(self)
    }

    fn reset_stats(&mut self) {
        ExactCover::reset_stats(self)
    }

    fn set_interrupt(&mut self, interrupt: Option<Interrupt>) {
        ExactCover::set_interrupt(self, interrupt)
    }

    fn set_node_limit(&mut self, limit: Option<u64>) {
        ExactCover::set_node_limit(self, limit)
    }

    fn was_interrupted(&self) -> bool {
        ExactCover::was_interrupted(self)
    }
}

/// Each method is the inherent method of the same name.
impl Cover for SparseCover {
    type Solution<'a> = SparseSolution<'a>;

    fn primary_items(&self) -> usize {
        SparseCover::primary_items(self)
    }

    fn items(&self) -> usize {
        SparseCover::items(self)
    }

    fn options(&self) -> usize {
        SparseCover::options(self)
    }

    fn option_items(&self, option: usize) -> impl Iterator<Item = usize> + '_ {
        SparseCover::option_items(self, option)
    }

    fn restart(&mut self) {
        SparseCover::restart(self)
    }

    fn next_solution(&mut self) -> Option<SparseSolution<'_>> {
        SparseCover::next_solution(self)
    }

    fn first_solution(&mut self) -> Option<SparseSolution<'_>> {
        SparseCover::first_solution(self)
    }

    fn count_while(&mut self, cap: Option<u128>, keep_going: impl FnMut(u128) -> bool) -> Count {
        SparseCover::count_while(self, cap, keep_going)
    }

    fn count(&mut self, cap: Option<u128>) -> Count {
        SparseCover::count(self, cap)
    }

    fn stats(&self) -> Stats {
        SparseCover::stats(self)
    }

    fn reset_stats(&mut self) {
        SparseCover::reset_stats(self)
    }

    fn set_interrupt(&mut self, interrupt: Option<Interrupt>) {
        SparseCover::set_interrupt(self, interrupt)
    }

    fn set_node_limit(&mut self, limit: Option<u64>) {
        SparseCover::set_node_limit(self, limit)
    }

    fn was_interrupted(&self) -> bool {
        SparseCover::was_interrupted(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// n queens for both engines, from the same problem.
    fn queens(n: usize) -> (ExactCover, SparseCover) {
        let problem = super::super::knuth_format::Problem::queens(n);
        (problem.matrix().unwrap(), problem.sparse().unwrap())
    }

    /// Every solution as a sorted list of options, through the trait alone.
    fn all<C: Cover>(cover: &mut C) -> Vec<Vec<usize>> {
        let mut found = Vec::new();
        cover.restart();
        while let Some(solution) = cover.next_solution() {
            let mut options: Vec<usize> = solution.options().collect();
            assert_eq!(options.len(), solution.len());
            options.sort_unstable();
            found.push(options);
        }
        found.sort();
        found
    }

    #[test]
    fn both_engines_answer_alike_through_the_trait() {
        let (mut links, mut sparse) = queens(6);
        assert_eq!(Cover::count(&mut links, None).solutions, 4);
        assert_eq!(Cover::count(&mut sparse, None).solutions, 4);
        assert_eq!(all(&mut links), all(&mut sparse));
        assert_eq!(
            Cover::count(&mut links, Some(2)),
            Cover::count(&mut sparse, Some(2))
        );
        assert_eq!(Cover::items(&links), Cover::items(&sparse));
        assert_eq!(Cover::primary_items(&links), Cover::primary_items(&sparse));
        assert_eq!(Cover::options(&links), Cover::options(&sparse));
        assert!(Cover::option_items(&links, 7).eq(Cover::option_items(&sparse, 7)));
    }

    #[test]
    #[cfg_attr(
        miri,
        ignore = "thousands of nodes: too long under Miri (scripts/miri)"
    )]
    fn an_interrupt_stops_either_engine() {
        fn stopped<C: Cover>(cover: &mut C) -> (Count, bool) {
            let interrupt = Interrupt::new();
            cover.set_interrupt(Some(interrupt.clone()));
            interrupt.set();
            let count = cover.count(None);
            let was = cover.was_interrupted();
            cover.set_interrupt(None);
            (count, was)
        }
        // 12 queens: 14,200 solutions, far more nodes than the interrupt's check interval.
        let (mut links, mut sparse) = queens(12);
        for (count, was) in [stopped(&mut links), stopped(&mut sparse)] {
            assert!(count.capped && was && count.solutions < 14_200, "{count:?}");
        }
        // Without the interrupt, the search goes on again.
        assert_eq!(Cover::count(&mut links, Some(3)).solutions, 3);
        assert!(!Cover::was_interrupted(&links));
    }

    #[test]
    #[cfg_attr(
        miri,
        ignore = "thousands of nodes: too long under Miri (scripts/miri)"
    )]
    fn a_node_limit_stops_every_engine_on_its_last_node() {
        // `unentered`: the engine also counts, as dlx1 would, nodes it never enters (see
        // `SparseCover::set_node_limit`), which the limit does not count.
        fn limited<C: Cover>(cover: &mut C, unentered: bool) {
            cover.reset_stats();
            assert_eq!(cover.count(None).solutions, 724);
            let all = cover.stats().nodes;
            cover.reset_stats();
            cover.set_node_limit(Some(1_000));
            let count = cover.count(None);
            assert!(count.capped && cover.was_interrupted(), "{count:?}");
            let stats = cover.stats();
            match unentered {
                true => assert!((1_000..all).contains(&stats.nodes), "{stats:?}"),
                false => assert_eq!(stats.nodes, 1_000),
            }
            // The limit is spent: the next search stops at once.
            cover.reset_stats();
            assert!(cover.first_solution().is_none() && cover.was_interrupted());
            assert_eq!(cover.stats().nodes, 0);
            // A limit set again is counted afresh, and a limit past the search's end is
            // not reached.
            cover.set_node_limit(Some(u64::MAX - 1));
            assert_eq!(cover.count(None).solutions, 724);
            assert!(!cover.was_interrupted());
            cover.set_node_limit(None);
            assert_eq!(cover.count(None).solutions, 724);
            // A search stopped by its limit goes on where it stopped under the next one.
            let (mut found, mut stops) = (0, 0);
            cover.restart();
            loop {
                cover.set_node_limit(Some(100));
                if cover.next_solution().is_some() {
                    found += 1;
                } else if cover.was_interrupted() {
                    stops += 1;
                } else {
                    break;
                }
            }
            assert_eq!(found, 724);
            assert!(stops > 0);
            cover.set_node_limit(None);
        }
        // 10 queens: 724 solutions, over a thousand nodes on every engine.
        let problem = super::super::knuth_format::Problem::queens(10);
        let (mut links, mut sparse) = (problem.matrix().unwrap(), problem.sparse().unwrap());
        limited(&mut links, false);
        limited(&mut sparse, true);
        limited(&mut problem.multi().unwrap(), false);
        limited(&mut problem.multi_sparse().unwrap(), false);
    }

    /// The limit's path in a search small enough for Miri.
    #[test]
    fn a_small_node_limit_stops_every_engine() {
        fn limited<C: Cover>(cover: &mut C) {
            cover.set_node_limit(Some(3));
            let count = cover.count(None);
            assert!(count.capped && cover.was_interrupted(), "{count:?}");
            assert!(cover.stats().nodes >= 3);
            cover.set_node_limit(None);
            assert_eq!(cover.count(None).solutions, 4);
        }
        let problem = super::super::knuth_format::Problem::queens(6);
        limited(&mut problem.matrix().unwrap());
        limited(&mut problem.sparse().unwrap());
        limited(&mut problem.multi().unwrap());
        limited(&mut problem.multi_sparse().unwrap());
    }
}
