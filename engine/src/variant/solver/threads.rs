//! A count on several threads (see [`Share`]): the solver's own search from the top, and
//! helpers, each with a solver built the same way, that take the work it hands over once it
//! has run [`ALONE`] nodes alone. A puzzle answered in fewer nodes never starts a helper's
//! build.

use super::VariantSolver;
use crate::exact_cover::{NoPropagation, Share};
use crate::variant::Variant;
use crate::Count;
use std::sync::Arc;

/// Nodes the search runs alone before helpers take part (a few milliseconds): more leave
/// less to share, fewer start helpers on puzzles one thread answers soon after. On two
/// threads, 3,000 took the published puzzles from 548 to 491 ms and their drafts from 354
/// to 318 against 10,000 (three runs each; 1,000 and 30,000 were slower): docs/lab/
/// variant-search.md, "Twenty-ninth round". It was 10,000 from the twelfth round, set on
/// Solver needs SET before the search refuted its guesses.
pub(super) const ALONE: u32 = 3_000;

impl VariantSolver {
    /// Counts on `self.threads` threads, stopping at `cap` or when `keep_going` (called on
    /// this thread with the solutions found so far by all) returns false; the statistics
    /// are those of all threads together.
    pub(super) fn count_on_threads(
        &mut self,
        variant: &Variant,
        cap: Option<u128>,
        keep_going: impl FnMut(u128) -> bool,
    ) -> Count {
        self.build(variant);
        let share = Arc::new(Share::new(cap, self.alone));
        let helpers: Vec<VariantSolver> = (1..self.threads).map(|_| self.helper()).collect();
        let (mut count, helped) = std::thread::scope(|scope| {
            let running: Vec<_> = helpers
                .into_iter()
                .map(|mut helper| {
                    let share = &share;
                    scope.spawn(move || {
                        if !share.wait_open() {
                            return None;
                        }
                        helper.build(variant);
                        let count = helper.count_part(share, false, |_| true);
                        Some((count, helper.matrix.stats(), helper.was_interrupted()))
                    })
                })
                .collect();
            let count = self.count_part(&share, true, keep_going);
            let helped: Vec<_> = running
                .into_iter()
                .filter_map(|thread| thread.join().expect("a helper thread panicked"))
                .collect();
            (count, helped)
        });
        self.stats.search = self.matrix.stats();
        for (part, stats, interrupted) in helped {
            count.solutions += part.solutions;
            count.capped |= part.capped || interrupted;
            self.stats.search += stats;
        }
        if let Some(cap) = cap {
            count.solutions = count.solutions.min(cap);
        }
        count
    }

    /// This thread's part of the count shared through `share`: with `first`, the search
    /// from the top.
    fn count_part(
        &mut self,
        share: &Arc<Share>,
        first: bool,
        keep_going: impl FnMut(u128) -> bool,
    ) -> Count {
        let propagating = self.propagating;
        let (matrix, mut propagator) = self.searching();
        match propagating {
            true => matrix.count_shared(share, first, keep_going, &mut propagator),
            false => matrix.count_shared(share, first, keep_going, &mut NoPropagation),
        }
    }

    /// Has helpers take part after `nodes` nodes rather than [`ALONE`]: the tests share
    /// the work of small searches.
    #[cfg(test)]
    pub(crate) fn share_after(&mut self, nodes: u32) {
        self.alone = nodes;
    }

    /// A solver set as this one is, with empty buffers: it builds the same matrix.
    fn helper(&self) -> VariantSolver {
        let mut helper = VariantSolver {
            branching: self.branching,
            logic: self.logic,
            excluded: self.excluded.clone(),
            preferred: self.preferred.clone(),
            propagation: self.propagation,
            refutation: self.refutation,
            node_limit: self.node_limit,
            ..VariantSolver::new()
        };
        helper.set_interrupt(self.matrix.interrupt().cloned());
        helper
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact_cover::Branching;
    use crate::Logic;

    /// A helper searches as the solver it helps would: every setting that shapes the
    /// search, or what it counts, is copied (`set_refutation(false)` once held on the first
    /// thread only).
    #[test]
    fn helpers_are_set_as_the_solver_they_help() {
        let logic = *Logic::ALL.iter().find(|&&l| l != Logic::default()).unwrap();
        let mut solver = VariantSolver::with_logic(logic);
        solver.set_branching(Branching::Weighted);
        solver.set_propagation(false);
        solver.set_refutation(false);
        solver.excluded = vec![0, 3, 0, 1];
        solver.preferred = vec![2, 0, 1, 4];
        solver.set_node_limit(Some(1_000));
        let helper = solver.helper();
        assert_eq!(helper.branching, Branching::Weighted);
        assert_eq!(helper.logic, logic);
        assert!(!helper.propagation);
        assert!(!helper.refutation);
        assert_eq!(helper.excluded, solver.excluded);
        assert_eq!(helper.preferred, solver.preferred);
        assert_eq!(helper.node_limit, Some(1_000));
        // And the defaults, which differ from the settings above.
        let helper = VariantSolver::new().helper();
        assert_eq!(helper.branching, Branching::Conflicts);
        assert!(helper.propagation && helper.refutation);
    }
}
