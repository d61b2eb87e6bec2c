//! The searches of `sudoku_dlx.xc`: the engine's sparse-set search (the default of
//! `sudoku-dlx xc`), or for a problem with multiplicities the search of Knuth's `ssmcc` or
//! `dlx3` that `Problem::multi_prefers_links` picks, as `sudoku-dlx xc` chooses; run with the GIL released and paused every few milliseconds on the
//! main thread so that Ctrl-C is heard however long the next solution takes.
//!
//! The pause is the engine's own [`Interrupt`]: a ticker thread sets the flag of every
//! search that runs on the main thread every [`TICK`]; the search stops within a few
//! thousand nodes, keeping its place; the main thread takes the GIL, lets Python's signal
//! handlers run (`KeyboardInterrupt` ends the call there), and resumes the search where it
//! stopped. Other threads cannot handle signals, so their searches are never paused.

use crate::single::detached;
use pyo3::prelude::*;
use std::ffi::c_ulong;
use std::sync::{Condvar, Mutex, OnceLock};
use std::time::Duration;
use sudoku_dlx::exact_cover::cost::Best;
use sudoku_dlx::exact_cover::knuth_format::Problem;
use sudoku_dlx::exact_cover::multiplicity::{MultiCover, SparseMultiCover};
use sudoku_dlx::exact_cover::sparse::SparseCover;
use sudoku_dlx::exact_cover::{BuildError, Cover, Found, Interrupt};

/// How often a search on the main thread pauses to look for Ctrl-C.
const TICK: Duration = Duration::from_millis(40);

/// The engine's search that a problem takes.
pub enum Engine {
    /// Sparse sets, for a problem without multiplicities.
    Sparse(SparseCover),
    /// Sparse sets with multiplicities (Knuth's `ssmcc`), for a problem with some.
    Multi(SparseMultiCover),
    /// Dancing links with multiplicities (Knuth's `dlx3`), for one with short options.
    MultiLinks(MultiCover),
}

impl Engine {
    /// Abandons the search in progress.
    fn restart(&mut self) {
        match self {
            Engine::Sparse(cover) => cover.restart(),
            Engine::Multi(cover) => cover.restart(),
            Engine::MultiLinks(cover) => cover.restart(),
        }
    }

    /// True when the last search stopped because its interrupt was set.
    fn was_interrupted(&self) -> bool {
        match self {
            Engine::Sparse(cover) => cover.was_interrupted(),
            Engine::Multi(cover) => cover.was_interrupted(),
            Engine::MultiLinks(cover) => cover.was_interrupted(),
        }
    }

    /// Finds the next solution, and puts its options into `options` when one is given;
    /// false at the end.
    fn next_into(&mut self, options: Option<&mut Vec<usize>>) -> bool {
        /// Copies the options of `found`, if any, into `options`.
        fn copy(found: Option<impl Found>, options: Option<&mut Vec<usize>>) -> bool {
            match (found, options) {
                (Some(solution), Some(options)) => {
                    options.extend(solution.options());
                    true
                }
                (found, _) => found.is_some(),
            }
        }
        match self {
            Engine::Sparse(cover) => copy(cover.next_solution(), options),
            Engine::Multi(cover) => copy(cover.next_solution(), options),
            Engine::MultiLinks(cover) => copy(cover.next_solution(), options),
        }
    }
}

/// A problem's search: the engine's, and the interrupt that pauses it.
pub struct Search {
    cover: Engine,
    interrupt: Interrupt,
}

impl Search {
    /// A search of `problem` from the top.
    pub fn new(problem: &Problem) -> Result<Search, BuildError> {
        let interrupt = Interrupt::new();
        let cover = if problem.has_multiplicities() && problem.multi_prefers_links() {
            let mut cover = problem.multi()?;
            cover.set_interrupt(Some(interrupt.clone()));
            Engine::MultiLinks(cover)
        } else if problem.has_multiplicities() {
            let mut cover = problem.multi_sparse()?;
            cover.set_interrupt(Some(interrupt.clone()));
            Engine::Multi(cover)
        } else {
            let mut cover = problem.sparse()?;
            cover.set_interrupt(Some(interrupt.clone()));
            Engine::Sparse(cover)
        };
        Ok(Search { cover, interrupt })
    }

    /// The number of solutions, at most `cap`, counted from the top.
    pub fn count(&mut self, py: Python<'_>, cap: Option<u128>) -> PyResult<u128> {
        self.cover.restart();
        let mut found = 0;
        // Resumable after each pause: the sparse sets' `count_on` goes on where it stopped
        // (taking the last level at once, as `sudoku-dlx xc` counts), the searches with
        // multiplicities one solution at a time.
        self.run(py, |cover| match cover {
            Engine::Sparse(cover) => {
                found += cover.count_on(cap.map(|cap| cap - found)).solutions;
            }
            cover => {
                while cap.is_none_or(|cap| found < cap) && cover.next_into(None) {
                    found += 1;
                }
            }
        })?;
        Ok(found)
    }

    /// The next solution (its options in input order), continuing where the last call
    /// stopped; `None` once there are no more.
    pub fn next(&mut self, py: Python<'_>) -> PyResult<Option<Vec<usize>>> {
        self.run(py, |cover| {
            let mut options = Vec::new();
            cover.next_into(Some(&mut options)).then(|| {
                options.sort_unstable();
                options
            })
        })
    }

    /// The first solution, from the top.
    pub fn first(&mut self, py: Python<'_>) -> PyResult<Option<Vec<usize>>> {
        self.cover.restart();
        self.next(py)
    }

    /// Runs `work` on the search with the GIL released, again after each pause (having let
    /// Python handle its signals), until it ends without one.
    fn run<T: Send>(
        &mut self,
        py: Python<'_>,
        mut work: impl FnMut(&mut Engine) -> T + Send,
    ) -> PyResult<T> {
        let _ticking = on_main_thread().then(|| Ticking::start(&self.interrupt));
        loop {
            self.interrupt.clear();
            let cover = &mut self.cover;
            let work = &mut work;
            let done = detached(py, move || work(cover))?;
            if !self.cover.was_interrupted() {
                return Ok(done);
            }
            py.check_signals()?;
        }
    }
}

/// The `k` cheapest solutions of `problem` (the engine's search at minimum cost, Knuth's
/// `dlx5`), or every one of the least cost for `None`, with the GIL released and paused as
/// the other searches are.
pub fn best(
    py: Python<'_>,
    problem: &Problem,
    k: Option<usize>,
) -> PyResult<Result<Best, BuildError>> {
    let interrupt = Interrupt::new();
    let mut cover = match detached(py, || problem.costed())? {
        Ok(cover) => cover,
        Err(error) => return Ok(Err(error)),
    };
    cover.set_interrupt(Some(interrupt.clone()));
    let _ticking = on_main_thread().then(|| Ticking::start(&interrupt));
    let cover = &mut cover;
    let mut best = detached(py, || match k {
        Some(k) => cover.best(k),
        None => cover.cheapest(),
    })?;
    while !best.complete {
        py.check_signals()?;
        interrupt.clear();
        best = detached(py, || cover.resume())?;
    }
    Ok(Ok(best))
}

/// The Python thread id of the main thread, where signals are handled: set when the module
/// is made.
static MAIN_THREAD: OnceLock<c_ulong> = OnceLock::new();

/// Notes the main thread (its `threading` id), for [`on_main_thread`].
pub fn note_main_thread(py: Python<'_>) -> PyResult<()> {
    let ident: c_ulong = py
        .import("threading")?
        .call_method0("main_thread")?
        .getattr("ident")?
        .extract()?;
    let _ = MAIN_THREAD.set(ident);
    Ok(())
}

/// True on the thread that handles Python's signals.
fn on_main_thread() -> bool {
    // SAFETY: reads the calling thread's id; no Python state is touched.
    let this = unsafe { pyo3::ffi::PyThread_get_thread_ident() };
    MAIN_THREAD.get() == Some(&this)
}

/// The searches that want a pause every [`TICK`], each with the id of its [`Ticking`].
static WATCHED: Mutex<Vec<(u64, Interrupt)>> = Mutex::new(Vec::new());
/// Wakes the ticker when a search joins [`WATCHED`].
static JOINED: Condvar = Condvar::new();
/// The ids of [`Ticking`]s.
static NEXT_ID: Mutex<u64> = Mutex::new(0);

/// A search's place among the [`WATCHED`] while it runs; leaves on drop.
struct Ticking(u64);

impl Ticking {
    /// Makes the ticker set `interrupt` every [`TICK`] until the `Ticking` is dropped.
    fn start(interrupt: &Interrupt) -> Ticking {
        static TICKER: OnceLock<()> = OnceLock::new();
        TICKER.get_or_init(|| {
            // Without the thread (none could be made), searches run on unpaused.
            let _ = std::thread::Builder::new()
                .name("sudoku_dlx.xc ticker".to_string())
                .spawn(tick);
        });
        let id = {
            let mut next = NEXT_ID.lock().unwrap_or_else(|e| e.into_inner());
            *next += 1;
            *next
        };
        let mut watched = WATCHED.lock().unwrap_or_else(|e| e.into_inner());
        watched.push((id, interrupt.clone()));
        JOINED.notify_one();
        Ticking(id)
    }
}

impl Drop for Ticking {
    fn drop(&mut self) {
        let mut watched = WATCHED.lock().unwrap_or_else(|e| e.into_inner());
        watched.retain(|(id, _)| *id != self.0);
    }
}

/// The ticker thread: while searches are watched, sets their interrupts every [`TICK`];
/// sleeps on [`JOINED`] while there are none.
fn tick() {
    loop {
        {
            let mut watched = WATCHED.lock().unwrap_or_else(|e| e.into_inner());
            while watched.is_empty() {
                watched = JOINED.wait(watched).unwrap_or_else(|e| e.into_inner());
            }
        }
        std::thread::sleep(TICK);
        for (_, interrupt) in WATCHED.lock().unwrap_or_else(|e| e.into_inner()).iter() {
            interrupt.set();
        }
    }
}
