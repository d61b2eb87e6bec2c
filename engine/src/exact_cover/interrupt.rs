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
    /// The last search stopped because the flag was set.
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
        self.countdown = CHECK_EVERY;
    }

    /// Has the search watch `share` too: with `first`, after the share's nodes alone.
    pub(super) fn share(&mut self, share: &Arc<Share>, first: bool) {
        self.countdown = if first { share.alone() } else { CHECK_SHARED };
        self.opened = !first;
        self.give = false;
        self.share = Some(Arc::clone(share));
    }

    /// Ends the watch of a share.
    pub(super) fn unshare(&mut self) {
        self.share = None;
        self.give = false;
        self.countdown = CHECK_EVERY;
    }

    /// True when the search must stop (the interrupt is set, or the shared count is over)
    /// or hand work over (`give`).
    #[cold]
    #[inline(never)]
    fn look(&mut self) -> bool {
        let set = self.interrupt.as_ref().is_some_and(Interrupt::is_set);
        // Once set, look at every node: the searches that follow (a setter runs many) stop at
        // their first node rather than after a few thousand more.
        self.countdown = if set { 1 } else { CHECK_EVERY };
        self.stopped = set;
        let Some(share) = &self.share else {
            return set;
        };
        if !self.opened {
            self.opened = true;
            share.open();
        }
        if !set {
            self.countdown = CHECK_SHARED;
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
        self.search.watch.interrupt = interrupt;
        self.search.watch.countdown = CHECK_EVERY;
    }

    /// The interrupt later searches watch, if any.
    pub fn interrupt(&self) -> Option<&Interrupt> {
        self.search.watch.interrupt.as_ref()
    }

    /// True when the last search stopped because its interrupt was set: its answer is not
    /// final (a count is a lower bound, a `None` does not mean "no more solutions").
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
