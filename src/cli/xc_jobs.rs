//! `sudoku-dlx xc --jobs N` and `--shard K/N`: the search tree cut into prefixes
//! (`exact_cover::prefix`), counted or listed on several threads, or one piece of it alone
//! for a machine of a cluster.
//!
//! The threads take the prefixes one at a time from a shared counter as they free up, so a
//! deep subtree keeps one thread busy while the others share out the rest: there are many
//! more prefixes than threads, and the largest by Knuth's estimate are cut first. A listing
//! comes in the order of the prefixes, each prefix's solutions in the order of a search
//! from that prefix alone, the tree always cut alike: the same output whatever the number
//! of threads.

use super::common::{self, CliError, Status};
use super::progress::Progress;
use super::xc::{interrupted_or, print_solution, print_stats, Args, XcFormat};
use std::collections::BTreeMap;
use std::fmt;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Mutex};
use std::time::{Duration, Instant};
use sudoku_dlx::exact_cover::knuth_format::Problem;
use sudoku_dlx::exact_cover::prefix::{self, Prefix};
use sudoku_dlx::exact_cover::{Found, Split, Stats};

/// Prefixes to cut per thread: enough that the last ones to finish are small beside the
/// whole, few enough that cutting them costs nothing next to the search.
const PIECES_PER_THREAD: usize = 64;

/// Prefixes to cut for a listing, whatever the threads: the order of a listing is that of
/// the prefixes, then of a search under each, which for the sparse engine depends on where
/// the tree was cut; cut always alike, it does not depend on the threads. Enough for 16
/// per thread on the most threads `--jobs` takes (256).
const LISTING_PIECES: usize = 4096;

/// Prefixes to cut per shard: the shards take them in turn (prefix `i` goes to shard
/// `i mod N`), so that each gets pieces from every part of the tree.
const PIECES_PER_SHARD: usize = 16;

/// The most pieces `--shard` cuts a search into: 2¹⁶ shards of 16 prefixes each are a
/// million prefixes in memory, far more machines than a cluster has.
const MAX_SHARDS: usize = 1 << 16;

/// `--shard K/N`: the `index`-th (from 1) of `of` pieces of the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which piece, from 1 to `of`.
    pub index: usize,
    /// How many pieces the search is cut into.
    pub of: usize,
}

/// Why a `--shard` value was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShardError {
    /// Not of the form `K/N`.
    NoSlash,
    /// `K` or `N` is not a whole number.
    NotANumber(String),
    /// `K` is 0 or greater than `N`.
    OutOfRange {
        /// K.
        index: usize,
        /// N.
        of: usize,
    },
    /// `N` is more than [`MAX_SHARDS`].
    TooMany(usize),
}

impl fmt::Display for ShardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShardError::NoSlash => write!(f, "expected K/N, the K-th of N pieces (as 2/8)"),
            ShardError::NotANumber(text) => {
                write!(f, "`{text}` is not a whole number (expected K/N, as 2/8)")
            }
            ShardError::OutOfRange { index, of } => write!(
                f,
                "shard {index} of {of}: K must be from 1 to N (N at least 1)"
            ),
            ShardError::TooMany(of) => write!(f, "{of} shards: at most {MAX_SHARDS}"),
        }
    }
}

impl std::error::Error for ShardError {}

/// Reads `K/N`, with 1 ≤ K ≤ N.
pub fn parse_shard(text: &str) -> Result<Shard, ShardError> {
    let (index, of) = text.trim().split_once('/').ok_or(ShardError::NoSlash)?;
    let number = |text: &str| {
        text.trim()
            .parse::<usize>()
            .map_err(|_| ShardError::NotANumber(text.to_string()))
    };
    let (index, of) = (number(index)?, number(of)?);
    if index == 0 || index > of {
        return Err(ShardError::OutOfRange { index, of });
    }
    if of > MAX_SHARDS {
        return Err(ShardError::TooMany(of));
    }
    Ok(Shard { index, of })
}

/// What one thread did.
#[derive(Default)]
struct Worker {
    stats: Stats,
    /// Time spent searching under prefixes, out of the wall time.
    busy: Duration,
    /// The thread's processor time, which other programs on the machine affect less.
    cpu: Option<Duration>,
    prefixes: usize,
}

/// The prefixes to search, and how far the threads are.
struct Work {
    prefixes: Vec<Prefix>,
    /// The next prefix to take.
    next: AtomicUsize,
    /// Knuth's estimate of the tree done (the shares of the prefixes done) and the
    /// solutions found, for the progress line and the count.
    done: Mutex<(f64, u128)>,
    /// The sum of the shares of `prefixes`: the whole tree, or one shard of it.
    total: f64,
    /// Set when the output failed: the threads stop.
    stop: AtomicBool,
}

impl Work {
    fn new(prefixes: Vec<Prefix>) -> Work {
        Work {
            total: prefixes.iter().map(|prefix| prefix.share).sum(),
            prefixes,
            next: AtomicUsize::new(0),
            done: Mutex::new((0.0, 0)),
            stop: AtomicBool::new(false),
        }
    }

    /// The next prefix to search and its number, unless all are taken or the search stops.
    fn take(&self) -> Option<(usize, &Prefix)> {
        if common::is_interrupted() || self.stop.load(Ordering::Relaxed) {
            return None;
        }
        let index = self.next.fetch_add(1, Ordering::Relaxed);
        self.prefixes.get(index).map(|prefix| (index, prefix))
    }

    /// Notes `prefix` done (or, `complete` false, cut short) with `solutions`, and shows
    /// the estimate of the tree done.
    fn finish(&self, prefix: &Prefix, solutions: u128, complete: bool, progress: &Progress) {
        let mut done = self.done.lock().unwrap_or_else(|e| e.into_inner());
        done.1 += solutions;
        if complete {
            done.0 += prefix.share;
        }
        progress.tree_done(done.0 / self.total, done.1);
    }
}

/// Answers `xc --jobs` or `xc --shard`: a count or (with `--all`) a listing.
pub fn answer<C: Split + Clone + Send + Sync>(
    args: &Args,
    problem: &Problem,
    mut cover: C,
) -> Result<Status, CliError> {
    let started = Instant::now();
    let jobs = args.jobs.unwrap_or(1);
    let pieces = match args.shard {
        Some(shard) => shard.of.saturating_mul(PIECES_PER_SHARD),
        None if args.all => LISTING_PIECES,
        None => jobs * PIECES_PER_THREAD,
    };
    let mut prefixes = prefix::split(&mut cover, pieces);
    if let Some(shard) = args.shard {
        prefixes = prefixes
            .into_iter()
            .enumerate()
            .filter(|(index, _)| index % shard.of == shard.index - 1)
            .map(|(_, prefix)| prefix)
            .collect();
    }
    let cut = prefixes.len();
    // Ctrl-C is heard inside the search too, not only when a solution comes.
    cover.set_interrupt(Some(common::interrupt().clone()));
    cover.reset_stats();
    let work = Work::new(prefixes);
    let threads = jobs.min(cut).max(1);
    let progress = Progress::new(None);
    let mut out = common::stdout();
    let outcome = if args.all {
        list(
            &work,
            &cover,
            threads,
            problem,
            args.format,
            &progress,
            &mut out,
        )
    } else {
        count(&work, &cover, threads, &progress)
    };
    progress.finish();
    let (workers, status) = outcome?;
    if !args.all {
        let solutions = work.done.lock().unwrap_or_else(|e| e.into_inner()).1;
        let complete = !common::is_interrupted();
        let plus = if complete { "" } else { "+" };
        match args.format {
            XcFormat::Line => writeln!(out, "{solutions}{plus}")?,
            XcFormat::Json => {
                writeln!(out, "{{\"solutions\":{solutions},\"complete\":{complete}}}")?
            }
        }
    }
    out.flush()?;
    if args.stats {
        let wall = started.elapsed().as_secs_f64();
        let mut total = Stats::default();
        for worker in &workers {
            total += worker.stats;
        }
        print_stats(&total, wall);
        let mut err = io::stderr().lock();
        let _ = writeln!(err, "prefixes {cut}, threads {threads}");
        for (k, worker) in workers.iter().enumerate() {
            let cpu = match worker.cpu {
                Some(cpu) => format!(", cpu {:.3} s", cpu.as_secs_f64()),
                None => String::new(),
            };
            let _ = writeln!(
                err,
                "thread {}: busy {:.3} s{cpu}, {} prefixes, nodes {}",
                k + 1,
                worker.busy.as_secs_f64(),
                worker.prefixes,
                worker.stats.nodes
            );
        }
    }
    Ok(status)
}

/// Counts under every prefix on `threads` threads, into `work.done`.
fn count<C: Split + Clone + Send + Sync>(
    work: &Work,
    cover: &C,
    threads: usize,
    progress: &Progress,
) -> Result<(Vec<Worker>, Status), CliError> {
    let workers = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = cover.clone();
                    let mut worker = Worker::default();
                    while let Some((_, prefix)) = work.take() {
                        let began = Instant::now();
                        prefix
                            .select_in(&mut mine)
                            .expect("split gives options that can be selected");
                        let count = mine.count_while(None, |_| !common::is_interrupted());
                        worker.busy += began.elapsed();
                        worker.prefixes += 1;
                        work.finish(prefix, count.solutions, !count.capped, progress);
                    }
                    worker.stats = mine.stats();
                    worker.cpu = thread_cpu();
                    worker
                })
            })
            .collect();
        let workers: Vec<Worker> = handles
            .into_iter()
            .map(|handle| handle.join().expect("a counting thread panicked"))
            .collect();
        workers
    });
    Ok((workers, interrupted_or(Status::Success)))
}

/// The solutions under one prefix, each as its options in input order, and whether the
/// search under it ran to the end.
type Listed = (usize, Vec<Vec<usize>>, bool);

/// Lists the solutions under every prefix on `threads` threads, printed in the order of
/// the prefixes as they complete.
fn list<C: Split + Clone + Send + Sync>(
    work: &Work,
    cover: &C,
    threads: usize,
    problem: &Problem,
    format: XcFormat,
    progress: &Progress,
    out: &mut dyn Write,
) -> Result<(Vec<Worker>, Status), CliError> {
    let (send, receive) = mpsc::channel::<Listed>();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                let send = send.clone();
                scope.spawn(move || list_prefixes(work, cover, progress, &send))
            })
            .collect();
        drop(send);
        let printed = print_in_order(&receive, problem, format, progress, out);
        if printed.is_err() {
            work.stop.store(true, Ordering::Relaxed);
        }
        // Whatever the printing did, every thread ends: they see `stop` or run out.
        for _ in receive.iter() {}
        let workers = handles
            .into_iter()
            .map(|handle| handle.join().expect("a listing thread panicked"))
            .collect();
        let found = printed?;
        let status = if found == 0 {
            Status::Unsuccessful
        } else {
            Status::Success
        };
        Ok((workers, interrupted_or(status)))
    })
}

/// One listing thread: takes prefixes until none is left, and sends their solutions.
fn list_prefixes<C: Split + Clone>(
    work: &Work,
    cover: &C,
    progress: &Progress,
    send: &mpsc::Sender<Listed>,
) -> Worker {
    let mut worker = Worker::default();
    while let Some((index, prefix)) = work.take() {
        let began = Instant::now();
        // A fresh copy for each prefix: the sparse sets keep the order the last search
        // left them in, and the listing's order must not depend on which thread ran what.
        let mut mine = cover.clone();
        prefix
            .select_in(&mut mine)
            .expect("split gives options that can be selected");
        let mut solutions = Vec::new();
        while !work.stop.load(Ordering::Relaxed) {
            let Some(solution) = mine.next_solution() else {
                break;
            };
            let mut options: Vec<usize> = solution.options().collect();
            // Input order, whatever order the search took them in.
            options.sort_unstable();
            solutions.push(options);
        }
        let complete = !mine.was_interrupted() && !work.stop.load(Ordering::Relaxed);
        worker.busy += began.elapsed();
        worker.prefixes += 1;
        worker.stats += mine.stats();
        work.finish(prefix, solutions.len() as u128, complete, progress);
        if send.send((index, solutions, complete)).is_err() {
            break;
        }
    }
    worker.cpu = thread_cpu();
    worker
}

/// Prints the solutions as the prefixes complete, in the order of the prefixes; stops at
/// the first prefix cut short. Returns how many were printed.
fn print_in_order(
    receive: &mpsc::Receiver<Listed>,
    problem: &Problem,
    format: XcFormat,
    progress: &Progress,
    out: &mut dyn Write,
) -> Result<u128, CliError> {
    let mut waiting = BTreeMap::new();
    let mut next = 0;
    let mut printed: u128 = 0;
    for (index, solutions, complete) in receive.iter() {
        waiting.insert(index, (solutions, complete));
        while let Some((solutions, complete)) = waiting.remove(&next) {
            for options in &solutions {
                printed += 1;
                progress.print(|| print_solution(problem, options, printed, format, out))?;
            }
            if !complete {
                return Ok(printed);
            }
            next += 1;
        }
    }
    Ok(printed)
}

/// The processor time the calling thread has used, where the system tells it: Linux's
/// `/proc/thread-self/stat`, user and system time in ticks of 1/100 s (`USER_HZ`, fixed
/// at 100 for this file); no unsafe call for a statistic.
fn thread_cpu() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
    // The fields after the command name, which is in parentheses: the state is field 3,
    // user time field 14 and system time field 15.
    let mut fields = text
        .get(text.rfind(')')? + 1..)?
        .split_whitespace()
        .skip(11);
    let user: u64 = fields.next()?.parse().ok()?;
    let system: u64 = fields.next()?.parse().ok()?;
    Some(Duration::from_millis(10 * (user + system)))
}
