//! One count on several threads: a search that another thread waits for work from hands it
//! the untried options of its shallowest open branch point.
//!
//! Each thread has its own copy of the matrix (built the same way, so that options have the
//! same numbers) and of any propagator. One of them starts the search from the top with a
//! [`Share`]; the others wait. Every [`CHECK_SHARED`] nodes a searching thread looks whether
//! one waits (one relaxed atomic load, in the countdown that also watches the
//! [`Interrupt`](super::Interrupt)), and if so it hands over, as one job each, the options
//! after the one it is trying at the shallowest level that has some: a job is the options
//! chosen above that level and one of those options, which the taker fixes with
//! [`ExactCover::select`] before it searches. The giver then leaves that level once its
//! current option is done. The solutions under each handed option are those the giver's
//! subtree under it held (the propagator's removals on the way there only ever ruled out
//! options that no solution below takes), so the threads count every solution once.
//!
//! Where the option being tried at that level is refuted on failing (see
//! [`ExactCover::set_refutation`]), the giver hands over one job instead: the options chosen
//! above, with the options tried at the level (the current one too) removed. The taker
//! chooses again where to branch, as the giver would have once its option was done: handing
//! the item's other options over one by one would branch on it for each, and lose what
//! refuting teaches. On two threads, Hailstone's count took 0.49 s, now 0.29 s, against
//! 0.24 s on one (docs/lab/variant-search.md, "Twenty-ninth round").
//!
//! A job carries the weights the giver had learnt (see
//! [`Branching::Weighted`](super::Branching)), which the taker searches with: a job is part of
//! the same tree, and a search that starts again from the first weights grows a larger one.
//!
//! Handing work over allocates (a job's options, a copy of the weights); the search between
//! two hand-overs does not.
//!
//! ```
//! use std::sync::Arc;
//! use std::thread;
//! use sudoku_dlx::exact_cover::{ExactCover, NoPropagation, Share};
//!
//! // The 4x4 Latin squares, counted on two threads.
//! let build = || {
//!     let mut matrix = ExactCover::new(48, 0);
//!     for (row, col, digit) in (0..64).map(|k| (k / 16, k / 4 % 4, k % 4)) {
//!         matrix.add_option(&[row * 4 + col, 16 + row * 4 + digit, 32 + col * 4 + digit])?;
//!     }
//!     Ok::<_, sudoku_dlx::exact_cover::BuildError>(matrix)
//! };
//! let share = Arc::new(Share::new(None, 0));
//! let mut helper = build()?;
//! let taker = {
//!     let share = Arc::clone(&share);
//!     thread::spawn(move || helper.count_shared(&share, false, |_| true, &mut NoPropagation).solutions)
//! };
//! let mut matrix = build()?;
//! let mine = matrix.count_shared(&share, true, |_| true, &mut NoPropagation).solutions;
//! assert_eq!(mine + taker.join().unwrap(), 576);
//! # Ok::<(), sudoku_dlx::exact_cover::BuildError>(())
//! ```

use super::{Count, ExactCover, Propagator};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, PoisonError};

/// Nodes between two looks at a [`Share`] once work is shared: a thread that waits for work
/// waits at most this many of a busy thread's nodes.
pub(super) const CHECK_SHARED: u32 = 64;

/// The work of one count shared between threads (see
/// [`ExactCover::count_shared`]): the jobs handed over and not yet taken, how many threads
/// are searching, the solutions found so far, and the cap. A searching thread hands a
/// waiting one the untried options of its shallowest open branch point, each with the
/// options chosen above it and the weights it learnt.
#[derive(Debug)]
pub struct Share {
    pool: Mutex<Pool>,
    /// Signalled when a job is handed over, when work is first shared, and at the end.
    changed: Condvar,
    /// Some thread waits for a job and none is waiting in the pool.
    wanted: AtomicBool,
    /// The count reached its cap, or the interrupt stopped a thread: every thread stops.
    stop: AtomicBool,
    solutions: AtomicU64,
    cap: Option<u128>,
    /// The nodes the first search runs alone before work is shared.
    alone: u32,
}

/// A job: the options to select, in order, and the weights the giver had learnt.
#[derive(Debug)]
pub(super) struct Job {
    pub(super) options: Vec<u32>,
    /// Options to remove once `options` are selected (see `ExactCover::hand_over`).
    pub(super) removed: Vec<u32>,
    pub(super) weights: Arc<Vec<u32>>,
}

#[derive(Debug, Default)]
struct Pool {
    jobs: Vec<Job>,
    /// Threads searching (the first from the start).
    busy: usize,
    /// The first search has run its nodes alone: the others may ask for work.
    open: bool,
    /// Nothing is left: no job and no thread searching.
    done: bool,
}

impl Share {
    /// A count to `cap` (or every solution) whose first search runs `alone` nodes (at
    /// least one) before it hands work to the others, so that a small search does not pay
    /// for threads that would find nothing to do.
    pub fn new(cap: Option<u128>, alone: u32) -> Share {
        Share {
            pool: Mutex::new(Pool {
                busy: 1,
                ..Pool::default()
            }),
            changed: Condvar::new(),
            wanted: AtomicBool::new(false),
            stop: AtomicBool::new(false),
            solutions: AtomicU64::new(0),
            cap,
            alone: alone.max(1),
        }
    }

    fn pool(&self) -> std::sync::MutexGuard<'_, Pool> {
        self.pool.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Waits until the first search has run its nodes alone (true) or the count is over
    /// before that (false).
    pub fn wait_open(&self) -> bool {
        let mut pool = self.pool();
        loop {
            if pool.done || self.must_stop() {
                return false;
            }
            if pool.open {
                return true;
            }
            pool = self
                .changed
                .wait(pool)
                .unwrap_or_else(PoisonError::into_inner);
        }
    }

    /// True once the first search has run its nodes alone and a thread waits for work.
    pub(super) fn wants_work(&self) -> bool {
        self.wanted.load(Ordering::Relaxed)
    }

    /// True when every thread should stop: the cap is reached, or one was interrupted.
    pub(super) fn must_stop(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// The nodes the first search runs before it first looks at the share.
    pub(super) fn alone(&self) -> u32 {
        self.alone
    }

    /// Marks the first search's nodes alone as run: the others may now ask for work.
    pub(super) fn open(&self) {
        let mut pool = self.pool();
        if !pool.open {
            pool.open = true;
            self.changed.notify_all();
        }
    }

    /// Hands `jobs` over to the waiting threads.
    pub(super) fn hand_over(&self, jobs: impl IntoIterator<Item = Job>) {
        let mut pool = self.pool();
        pool.jobs.extend(jobs);
        self.wanted.store(false, Ordering::Relaxed);
        self.changed.notify_all();
    }

    /// One more solution found: the solutions found so far by every thread, and false when
    /// that reaches the cap (every thread then stops).
    fn found(&self) -> (u128, bool) {
        let so_far = self.solutions.fetch_add(1, Ordering::Relaxed) as u128 + 1;
        let more = self.cap.is_none_or(|cap| so_far < cap);
        if !more {
            self.stop_all();
        }
        (so_far, more)
    }

    /// Stops every thread.
    fn stop_all(&self) {
        self.stop.store(true, Ordering::Relaxed);
        let mut pool = self.pool();
        pool.done = true;
        self.changed.notify_all();
    }

    /// The next job for a thread that has finished its own (`finished`), waiting until one
    /// is handed over; `None` once nothing is left.
    fn next_job(&self, finished: bool) -> Option<Job> {
        let mut pool = self.pool();
        if finished {
            pool.busy -= 1;
        }
        loop {
            if pool.done || self.must_stop() {
                return None;
            }
            if let Some(job) = pool.jobs.pop() {
                pool.busy += 1;
                return Some(job);
            }
            if pool.busy == 0 {
                pool.done = true;
                self.changed.notify_all();
                return None;
            }
            if pool.open {
                self.wanted.store(true, Ordering::Relaxed);
            }
            pool = self
                .changed
                .wait(pool)
                .unwrap_or_else(PoisonError::into_inner);
        }
    }
}

impl ExactCover {
    /// Counts this thread's part of a count shared with others through `share` (see
    /// [`Share`]): with `first`, the search from the top, then jobs handed over by the
    /// others; without, only jobs. `keep_going` is called with the solutions found so far by
    /// all threads after each one this thread finds; when it returns false, every thread
    /// stops (and the counts are capped).
    ///
    /// Every thread's matrix must be built the same way, with the same selections (none, or
    /// the same ones), and every thread must run this on the same `share` until it returns.
    /// The counts of all threads add up to the count of the matrix; once the cap is reached
    /// (then `capped` is true in every thread's count), to at least the cap, since each thread
    /// counts the solutions it found and the last ones may be found at the same time on
    /// several threads. Statistics add up too. An interrupt stops every thread, and
    /// [`was_interrupted`](Self::was_interrupted) is then true on the one it stopped.
    pub fn count_shared<P: Propagator>(
        &mut self,
        share: &Arc<Share>,
        first: bool,
        mut keep_going: impl FnMut(u128) -> bool,
        propagator: &mut P,
    ) -> Count {
        let selected = self.search.selected_len();
        let mut count = Count::default();
        // The search from the top, for the first thread: no option to select, the weights it
        // starts with.
        let mut job = first.then(|| Job {
            options: Vec::new(),
            removed: Vec::new(),
            weights: Arc::new(Vec::new()),
        });
        let mut from_top = first;
        // Whether this thread has a job of its own to report done.
        let mut finished = false;
        self.search.keep_weights = false;
        self.rewind_search();
        self.search.keep_weights = true;
        while let Some(Job {
            options,
            removed,
            weights,
        }) = job.take().or_else(|| share.next_job(finished))
        {
            finished = true;
            self.unselect_to(selected);
            self.search.adopt_weights(&weights);
            for &option in &options {
                // The giver's path: options that were chosen together, so they fit.
                self.select(option as usize)
                    .expect("a handed-over option fits the options above it");
            }
            for &option in &removed {
                self.exclude(option as usize);
            }
            self.search.watch.share(share, from_top);
            from_top = false;
            let part = self.count_propagating(
                None,
                |_| {
                    let (so_far, more) = share.found();
                    if more && !keep_going(so_far) {
                        share.stop_all();
                        return false;
                    }
                    more
                },
                propagator,
            );
            self.search.watch.unshare();
            count.solutions += part.solutions;
            if self.was_interrupted() {
                share.stop_all();
            }
            if share.must_stop() {
                count.capped = true;
                break;
            }
        }
        if share.must_stop() {
            count.capped = true;
        }
        self.search.keep_weights = false;
        self.unselect_to(selected);
        count
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact_cover::tests::{queens, some_refuted, Watch};
    use crate::exact_cover::{Branching, Interrupt, NoPropagation, Stats};
    use std::thread;

    /// `n` queens counted on `threads` threads sharing after `alone` nodes: the counts of
    /// the threads, with their statistics added up.
    fn count_on(n: usize, threads: usize, alone: u32, cap: Option<u128>) -> (Vec<Count>, Stats) {
        let share = Arc::new(Share::new(cap, alone));
        let mut matrices: Vec<ExactCover> = (0..threads).map(|_| queens(n)).collect();
        let results: Vec<(Count, Stats)> = thread::scope(|scope| {
            let running: Vec<_> = matrices
                .iter_mut()
                .enumerate()
                .map(|(k, matrix)| {
                    let share = &share;
                    scope.spawn(move || {
                        let count =
                            matrix.count_shared(share, k == 0, |_| true, &mut NoPropagation);
                        (count, matrix.stats())
                    })
                })
                .collect();
            running.into_iter().map(|t| t.join().unwrap()).collect()
        });
        for matrix in &mut matrices {
            matrix.restart();
            matrix.sanity();
        }
        let mut stats = Stats::default();
        for (_, part) in &results {
            stats += *part;
        }
        (results.into_iter().map(|(count, _)| count).collect(), stats)
    }

    #[test]
    fn threads_count_every_solution_once() {
        // Under Miri, the 6 queens on two threads sharing from the first node.
        let (n, expected, threads, alones) = match cfg!(miri) {
            true => (6, 4, 2..=2, &[1][..]),
            false => (10, 724, 1..=3, &[1, 50, 1_000_000][..]),
        };
        for threads in threads {
            for &alone in alones {
                let (counts, stats) = count_on(n, threads, alone, None);
                let total: u128 = counts.iter().map(|c| c.solutions).sum();
                assert_eq!(total, expected, "{threads} threads, {alone} nodes alone");
                assert!(counts.iter().all(|c| !c.capped));
                assert_eq!(stats.solutions as u128, expected);
            }
        }
    }

    #[cfg_attr(miri, ignore = "thousands of nodes on threads: too long under Miri")]
    #[test]
    fn the_cap_stops_every_thread() {
        let (counts, _) = count_on(10, 2, 1, Some(100));
        let total: u128 = counts.iter().map(|c| c.solutions).sum();
        // Each thread stops at its next solution or node: a few more may be found.
        assert!((100..=102).contains(&total), "{total}");
        assert!(counts.iter().all(|c| c.capped));
    }

    /// With one thread and another said to wait, the search hands its untried options over
    /// at its first look and then takes them back itself: every hand-over and every job's
    /// replay is walked, deterministically.
    #[test]
    fn work_handed_over_and_taken_back_counts_the_same() {
        // Under Miri, the 6 queens only: their 150 nodes walk a hand-over.
        let sizes: &[(usize, u128)] = if cfg!(miri) {
            &[(6, 4)]
        } else {
            &[(6, 4), (8, 92)]
        };
        for &(n, expected) in sizes {
            let share = Arc::new(Share::new(None, 1));
            share.open();
            share.wanted.store(true, Ordering::Relaxed);
            let mut matrix = queens(n);
            let count = matrix.count_shared(&share, true, |_| true, &mut NoPropagation);
            assert_eq!(count.solutions, expected, "{n} queens");
            assert!(!count.capped);
            assert!(n < 8 || !share.wants_work(), "work was handed over");
            matrix.restart();
            matrix.sanity();
            assert_eq!(matrix.count(None).solutions, expected);
        }
    }

    /// The queens refuting the guesses of the options `some_refuted` draws from `seed`
    /// (seed 0: all), on `threads` threads sharing after `alone` nodes, branching by
    /// `branching`; the total count. With one thread, another is said to wait
    /// after `alone` nodes and again at every solution: the thread hands work over from
    /// inside the jobs it took back, which must pass on the options their own job removed.
    /// Every hand-over is taken back by the same thread, so the run is the same each time.
    fn refuting_on(n: usize, threads: usize, alone: u32, branching: Branching, seed: u64) -> u128 {
        let share = Arc::new(Share::new(None, alone));
        if threads == 1 {
            share.open();
            share.wanted.store(true, Ordering::Relaxed);
        }
        let mut matrices: Vec<ExactCover> = (0..threads).map(|_| queens(n)).collect();
        for matrix in &mut matrices {
            matrix.set_branching(branching);
            matrix.set_refutation(&some_refuted(matrix.options(), seed));
        }
        let counts: Vec<Count> = thread::scope(|scope| {
            let running: Vec<_> = matrices
                .iter_mut()
                .enumerate()
                .map(|(k, matrix)| {
                    let share = &share;
                    // A job that searched again what another searched would find the
                    // same solutions again, and hand work on at each: stopping at a
                    // thousand solutions fails such a count at once, where it would run on.
                    let again = move |found| {
                        if threads == 1 {
                            share.wanted.store(true, Ordering::Relaxed);
                        }
                        found < 1_000
                    };
                    scope.spawn(move || matrix.count_shared(share, k == 0, again, &mut Watch))
                })
                .collect();
            running.into_iter().map(|t| t.join().unwrap()).collect()
        });
        for matrix in &mut matrices {
            matrix.restart();
            matrix.sanity();
            assert!(matrix.search.excluded.is_empty());
        }
        counts.iter().map(|c| c.solutions).sum()
    }

    /// A job handed over from below a refuted guess must not search that guess's subtree
    /// again: it carries the options refuted above it. (Under the conflicts' weights the
    /// search chooses another item after a refutation, whose options may go with the one
    /// refuted; choosing by length, the queens' search takes the same row again.) Where
    /// some options only are refuted, the job handed over from a refuted guess leaves out
    /// the options tried before it too, refuted or not.
    #[test]
    fn refuted_guesses_are_not_searched_again_by_the_jobs_handed_over() {
        // On one thread, the hand-over comes after `alone` nodes: at every step of the way,
        // so after guesses refuted at the levels it hands over from.
        let (sizes, threads, alones, seeds) = match cfg!(miri) {
            true => (&[(6, 4)][..], 1..=2, (1..40).step_by(13), 0..2),
            false => (
                &[(6, 4), (8, 92), (9, 352)][..],
                1..=3,
                (1..400).step_by(3),
                0..3,
            ),
        };
        for &(n, expected) in sizes {
            for threads in threads.clone() {
                for alone in alones.clone() {
                    for branching in [Branching::FirstShortest, Branching::Conflicts] {
                        for seed in seeds.clone() {
                            let total = refuting_on(n, threads, alone, branching, seed);
                            let case = format!("{n} queens, {threads} threads, {alone} alone");
                            assert_eq!(total, expected, "{case}, {branching:?}, seed {seed}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn keep_going_and_the_interrupt_stop_every_thread() {
        let share = Arc::new(Share::new(None, 1));
        let mut matrix = queens(8);
        let count = matrix.count_shared(&share, true, |found| found < 3, &mut NoPropagation);
        assert_eq!((count.solutions, count.capped), (3, true));
        let interrupt = Interrupt::new();
        interrupt.set();
        let share = Arc::new(Share::new(None, 1));
        matrix.set_interrupt(Some(interrupt));
        let count = matrix.count_shared(&share, true, |_| true, &mut NoPropagation);
        assert!(count.capped && matrix.was_interrupted());
        assert!(share.must_stop());
    }
}
