//! Counters kept by the search.

use std::ops::AddAssign;

/// What a search did. Every counter only grows until the matrix is cleared or
/// [`ExactCover::reset_stats`](super::ExactCover::reset_stats) is called.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Search nodes entered: each is a partial solution that was extended or found complete.
    pub nodes: u64,
    /// Links removed from item lists while covering (each is restored once more on uncover).
    pub updates: u64,
    /// Items covered (taken out of the active item lists), by the search and by selections.
    pub covers: u64,
    /// Forced moves: an item was taken because only one option was left for it.
    pub forced: u64,
    /// Branch points: an item was taken that still had two or more options.
    pub guesses: u64,
    /// Dead ends: an item was found with no option left.
    pub dead_ends: u64,
    /// Solutions reported.
    pub solutions: u64,
    /// Options removed by a [`Propagator`](super::Propagator) (each put back on
    /// backtracking).
    pub pruned: u64,
    /// The deepest level reached, counting options chosen by the search (not selections).
    pub max_depth: u32,
}

impl AddAssign for Stats {
    fn add_assign(&mut self, other: Stats) {
        self.nodes += other.nodes;
        self.updates += other.updates;
        self.covers += other.covers;
        self.forced += other.forced;
        self.guesses += other.guesses;
        self.dead_ends += other.dead_ends;
        self.solutions += other.solutions;
        self.pruned += other.pruned;
        self.max_depth = self.max_depth.max(other.max_depth);
    }
}

impl Stats {
    /// Updates as Knuth's `dlx1` and `dlx2` count them: one for each item taken out of the
    /// active item lists and one for each entry taken out of an item's list, while covering
    /// or purifying.
    pub fn knuth_updates(&self) -> u64 {
        self.updates + self.covers
    }
}
