//! Stopping a long search from outside: an [`Interrupt`] flag that another thread (a Ctrl-C
//! handler, a timer, a user interface) sets, and the countdown the search loop uses to look
//! at it every few thousand nodes.
//!
//! The search never makes a system call for this: it decrements a counter at each node and
//! loads the flag (one relaxed atomic load) only when the counter runs out, so a search
//! without an interrupt, or with one that is never set, runs as fast as before. It works the
//! same on every target with atomics, the web's `wasm32` included.
//!
//! An interrupted search keeps its place: [`ExactCover::was_interrupted`] says that it
//! stopped early, and the next call to [`ExactCover::next_solution`] resumes where it
//! stopped (once the flag is cleared), while [`ExactCover::restart`] or
//! [`ExactCover::first_solution`] abandon it as usual.
//!
//! ```
//! use sudoku_dlx::exact_cover::{ExactCover, Interrupt};
//!
//! // Eight queens' worth of options would do; an empty 4x4 Latin square is enough here.
//! let mut matrix = ExactCover::new(48, 0);
//! for (row, col, digit) in (0..64).map(|k| (k / 16, k / 4 % 4, k % 4)) {
//!     matrix.add_option(&[row * 4 + col, 16 + row * 4 + digit, 32 + col * 4 + digit])?;
//! }
//! let interrupt = Interrupt::new();
//! matrix.set_interrupt(Some(interrupt.clone()));
//! interrupt.set();
//! let count = matrix.count(None);
//! assert!(matrix.was_interrupted() && count.capped);
//! interrupt.clear();
//! assert_eq!(matrix.count(None).solutions, 576);
//! assert!(!matrix.was_interrupted());
//! # Ok::<(), sudoku_dlx::exact_cover::BuildError>(())
//! ```

use super::share::{Share, CHECK_SHARED};
use super::ExactCover;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Nodes the search visits between two looks at the interrupt flag: a few microseconds of
/// work, so a search stops well within a millisecond of the flag being set.
const CHECK_EVERY: u32 = 4096;

/// [`Watch::left`] when no node limit is set.
const NO_LIMIT: u64 = u64::MAX;

/// A flag that asks every search watching it to stop. Clones share the flag.
#[derive(Clone, Debug, Default)]
pub struct Interrupt(Arc<AtomicBool>);

impl Interrupt {
    /// A flag that is not set.
    pub fn new() -> Interrupt {
        Interrupt::default()
    }

    /// Asks the searches watching this flag to stop. Safe to call from any thread.
    pub fn set(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Takes the request back, so that later searches run to the end again.
    pub fn clear(&self) {
        self.0.store(false, Ordering::Relaxed);
    }

    /// True once [`set`](Self::set) was called (and not cleared since).
    pub fn is_set(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// The search's side of an interrupt: the flag it watches, if any, and the countdown to its
/// next look.
#[derive(Clone, Debug)]
pub(super) struct Watch {
    interrupt: Option<Interrupt>,
    countdown: u32,
    /// The countdown's value when it was last set: the nodes entered since, at its end.
    period: u32,
    /// The nodes the searches may still visit under the node limit (`u64::MAX`: no limit).
    left: u64,
    /// The last search stopped because the flag was set or the node limit was reached.
    pub(super) stopped: bool,
    /// The count this search is part of, when its work is shared between threads.
    pub(super) share: Option<Arc<Share>>,
    /// The share's other threads may ask for work (this search has run its nodes alone).
    opened: bool,
    /// The last look found a thread waiting for work: hand it some.
    pub(super) give: bool,
}

impl Default for Watch {
    fn default() -> Self {
        Watch {
            interrupt: None,
            countdown: CHECK_EVERY,
            period: CHECK_EVERY,
            left: NO_LIMIT,
            stopped: false,
            share: None,
            opened: false,
            give: false,
        }
    }
}

impl Watch {
    /// Counts one node; true when the search must stop now. A decrement and a branch on the
    /// way, the flag loaded once every [`CHECK_EVERY`] nodes.
    #[inline(always)]
    pub(super) fn must_stop(&mut self) -> bool {
        self.countdown -= 1;
        self.countdown == 0 && self.look()
    }

    /// Watches `interrupt` (or nothing) from the next node on.
    pub(super) fn set_interrupt(&mut self, interrupt: Option<Interrupt>) {
        self.interrupt = interrupt;
        self.arm(CHECK_EVERY);
    }

    /// Lets the searches from now on visit at most `limit` nodes in all (no limit with
    /// `None`), then stop as if interrupted.
    pub(super) fn set_node_limit(&mut self, limit: Option<u64>) {
        self.left = limit.map_or(NO_LIMIT, |limit| limit.min(NO_LIMIT - 1));
        self.arm(CHECK_EVERY);
    }

    /// Sets the countdown to `nodes`, or to the node after the limit's last if that comes
    /// sooner, so that [`look`](Self::look) sees the limit on the node that passes it.
    fn arm(&mut self, nodes: u32) {
        let nodes = match self.left < u64::from(nodes) {
            true => self.left as u32 + 1,
            false => nodes,
        };
        self.countdown = nodes;
        self.period = nodes;
    }

    /// Has the search watch `share` too: with `first`, after the share's nodes alone.
    pub(super) fn share(&mut self, share: &Arc<Share>, first: bool) {
        self.arm(if first { share.alone() } else { CHECK_SHARED });
        self.opened = !first;
        self.give = false;
        self.share = Some(Arc::clone(share));
    }

    /// Ends the watch of a share.
    pub(super) fn unshare(&mut self) {
        self.share = None;
        self.give = false;
        self.arm(CHECK_EVERY);
    }

    /// True when the search must stop (the interrupt is set, or the shared count is over)
    /// or hand work over (`give`).
    #[cold]
    #[inline(never)]
    fn look(&mut self) -> bool {
        // The node entered now is the countdown's last: visited unless the limit is past.
        let spent = self.left != NO_LIMIT && u64::from(self.period) > self.left;
        if self.left != NO_LIMIT {
            self.left = self.left.saturating_sub(u64::from(self.period));
        }
        let set = spent || self.interrupt.as_ref().is_some_and(Interrupt::is_set);
        // Once set, look at every node: the searches that follow (a setter runs many) stop at
        // their first node rather than after a few thousand more.
        self.arm(if set { 1 } else { CHECK_EVERY });
        self.stopped = set;
        if self.share.is_some() && !set {
            self.arm(CHECK_SHARED);
        }
        let Some(share) = &self.share else {
            return set;
        };
        if !self.opened {
            self.opened = true;
            share.open();
        }
        let over = share.must_stop();
        self.give = !set && !over && share.wants_work();
        set || over || self.give
    }
}

impl ExactCover {
    /// Makes later searches watch `interrupt` (or nothing, with `None`): once it is set, a
    /// search stops within a few thousand nodes, as if it had found nothing more.
    /// [`count`](Self::count) then returns the solutions so far as a capped count, and
    /// [`next_solution`](Self::next_solution) returns `None`;
    /// [`was_interrupted`](Self::was_interrupted) tells such an end from a real one.
    pub fn set_interrupt(&mut self, interrupt: Option<Interrupt>) {
        self.search.watch.set_interrupt(interrupt);
    }

    /// The interrupt later searches watch, if any.
    pub fn interrupt(&self) -> Option<&Interrupt> {
        self.search.watch.interrupt.as_ref()
    }

    /// Lets the searches from now on visit at most `limit` nodes in all (`None`: no limit,
    /// the default), counted as [`Stats::nodes`](super::Stats::nodes) counts them, then stop
    /// as an interrupt stops them: [`was_interrupted`](Self::was_interrupted) is true, the
    /// searches after stop at once, and the search resumes where it stopped once a limit is
    /// set again. Like the time limit of Knuth's programs, it bounds each try of a search
    /// that starts again with other choices.
    ///
    /// ```
    /// use sudoku_dlx::exact_cover::ExactCover;
    ///
    /// // An empty 4x4 Latin square: 576 solutions.
    /// let mut matrix = ExactCover::new(48, 0);
    /// for (row, col, digit) in (0..64).map(|k| (k / 16, k / 4 % 4, k % 4)) {
    ///     matrix.add_option(&[row * 4 + col, 16 + row * 4 + digit, 32 + col * 4 + digit])?;
    /// }
    /// matrix.set_node_limit(Some(100));
    /// let count = matrix.count(None);
    /// assert!(matrix.was_interrupted() && count.capped);
    /// assert_eq!(matrix.stats().nodes, 100);
    /// matrix.set_node_limit(None);
    /// assert_eq!(matrix.count(None).solutions, 576);
    /// # Ok::<(), sudoku_dlx::exact_cover::BuildError>(())
    /// ```
    pub fn set_node_limit(&mut self, limit: Option<u64>) {
        self.search.watch.set_node_limit(limit);
    }

    /// True when the last search stopped because its interrupt was set or its node limit
    /// was reached: its answer is not final (a count is a lower bound, a `None` does not
    /// mean "no more solutions").
    pub fn was_interrupted(&self) -> bool {
        self.search.watch.stopped
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Latin squares of side `n`: 161,280 of side 5, far more nodes than one countdown.
    fn latin_square(n: usize) -> ExactCover {
        let mut matrix = ExactCover::new(3 * n * n, 0);
        for (row, col, digit) in (0..n * n * n).map(|k| (k / (n * n), k / n % n, k % n)) {
            let items = [
                row * n + col,
                n * n + row * n + digit,
                2 * n * n + col * n + digit,
            ];
            matrix.add_option(&items).unwrap();
        }
        matrix
    }

    #[cfg_attr(
        miri,
        ignore = "thousands of solutions: too long under Miri (scripts/miri)"
    )]
    #[test]
    fn an_interrupted_search_stops_soon_and_resumes_where_it_stopped() {
        let mut matrix = latin_square(5);
        let interrupt = Interrupt::new();
        matrix.set_interrupt(Some(interrupt.clone()));
        let mut found = 0u64;
        while matrix.next_solution().is_some() {
            found += 1;
            if found == 10 {
                interrupt.set();
            }
        }
        assert!(matrix.was_interrupted());
        // Stopped within one countdown of nodes: far fewer than all the solutions.
        assert!(found < 10 + u64::from(CHECK_EVERY), "{found}");
        interrupt.clear();
        while matrix.next_solution().is_some() {
            found += 1;
        }
        assert!(!matrix.was_interrupted());
        assert_eq!(found, 161_280);
    }

    #[cfg_attr(
        miri,
        ignore = "thousands of solutions: too long under Miri (scripts/miri)"
    )]
    #[test]
    fn an_interrupted_count_is_capped_and_the_next_count_starts_afresh() {
        let mut matrix = latin_square(5);
        let interrupt = Interrupt::new();
        matrix.set_interrupt(Some(interrupt.clone()));
        let count = matrix.count_while(None, |found| {
            if found == 100 {
                interrupt.set();
            }
            true
        });
        assert!(count.capped && matrix.was_interrupted());
        assert!(count.solutions >= 100 && count.solutions < 161_280);
        interrupt.clear();
        assert_eq!(matrix.count(None).solutions, 161_280);
        matrix.set_interrupt(None);
        interrupt.set();
        assert_eq!(matrix.count(None).solutions, 161_280);
        assert!(!matrix.was_interrupted());
    }
}
