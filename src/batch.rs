//! The batch runner: a stream of records in, one outcome per record out, in input order,
//! computed on N threads in bounded memory. [`Batch::ordered`] is the same runner over any
//! stream of jobs (`generate` numbers its puzzles with it), [`Batch::run`] its form for
//! records.
//!
//! Records are taken in chunks (growing from one per thread to [`Batch::max_chunk`]), each
//! chunk is answered in parallel with one worker state (a [`Solver`](sudoku_dlx::Solver), say) per
//! thread, and its outcomes are handed over in order. While the pool answers one chunk and
//! reads the next (as a task of its own, so that only the pool's threads read and solve),
//! the calling thread hands over the outcomes of the previous chunk: reading and printing
//! overlap the solving. The output does not depend on the number of threads, memory holds
//! at most three chunks, and a bad record takes its place in the output like any other.
//! The pool never has more threads than the first chunk has records (one record, one
//! thread: no pool at all), nor more than [`MAX_THREADS`].
//!
//! An [`Interrupt`] stops the batch: no job starts once it is set, and a job that returns
//! `None` (its worker saw the interrupt and has no final answer) ends the output there.
//!
//! ```
//! use sudoku_dlx::exact_cover::Interrupt;
//! use sudoku_dlx::Solver;
//! use sudoku_dlx_cli::{batch::Batch, input::read_records};
//! let text = "1234341221434321\n12....1221....21\n1233............\n";
//! let mut lines = Vec::new();
//! Batch::new(2).run(
//!     read_records(text.as_bytes(), None),
//!     &Interrupt::new(),
//!     Solver::new,
//!     |solver, puzzle| Some(solver.count(puzzle, None).solutions),
//!     |outcome| {
//!         lines.push(match outcome.answer {
//!             Some(count) => count.to_string(),
//!             None => outcome.record.error_message().unwrap(),
//!         });
//!         Ok(())
//!     },
//! )?;
//! assert_eq!(lines, ["1", "4", "<stdin>:3:4: clashing givens: digit 3 twice in row 1: r1c3 and r1c4"]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::input::Record;
use rayon::prelude::*;
use std::fmt;
use std::io;
use std::sync::Mutex;
use std::time::{Duration, Instant};
use sudoku_dlx::exact_cover::Interrupt;
use sudoku_dlx::sudoku::Grid;

/// The most threads a batch runs on: more only queue on the cores and cost their start.
pub const MAX_THREADS: usize = 256;

/// The answer for one record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome<T> {
    /// The record, with its puzzle or its error.
    pub record: Record,
    /// The job's answer; `None` exactly when the record could not be read.
    pub answer: Option<T>,
    /// The time the job took.
    pub elapsed: Duration,
}

/// How a batch ended without error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Finished {
    /// Records answered and handed over.
    pub records: usize,
    /// True when the interrupt ended the batch early.
    pub interrupted: bool,
}

/// Why a batch stopped early.
#[derive(Debug)]
pub enum BatchError<E> {
    /// The records could not be read (the records before were handed over).
    Input(E),
    /// Handing over an outcome failed.
    Output(io::Error),
    /// The thread pool could not be started.
    Threads(rayon::ThreadPoolBuildError),
}

impl<E: fmt::Display> fmt::Display for BatchError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BatchError::Input(error) => error.fmt(f),
            BatchError::Output(error) => error.fmt(f),
            BatchError::Threads(error) => write!(f, "cannot start threads: {error}"),
        }
    }
}

impl<E: fmt::Debug + fmt::Display> std::error::Error for BatchError<E> {}

/// A batch runner: how many threads, and how many records at most in memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Batch {
    threads: usize,
    max_chunk: usize,
}

impl Batch {
    /// A runner on `threads` threads (0 means one per core), at most [`MAX_THREADS`].
    pub fn new(threads: usize) -> Batch {
        let threads = if threads == 0 {
            std::thread::available_parallelism().map_or(1, |n| n.get())
        } else {
            threads
        };
        Batch {
            threads: threads.min(MAX_THREADS),
            max_chunk: 4096,
        }
    }

    /// Takes chunks of at most `max_chunk` records (at least 1); memory holds at most three
    /// chunks at once (one being read, one answered, one printed).
    pub fn with_max_chunk(mut self, max_chunk: usize) -> Batch {
        self.max_chunk = max_chunk.max(1);
        self
    }

    /// The number of threads asked for (fewer run when there are fewer records).
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The most records held in memory at once.
    pub fn max_chunk(&self) -> usize {
        self.max_chunk
    }

    /// Answers every record with `job`, using one worker state per thread made by `init`,
    /// and hands each outcome to `emit` in input order. Stops before the next record once
    /// `interrupt` is set; a job that returns `None` (interrupted, with no final answer)
    /// is not handed over and ends the batch.
    ///
    /// With more than one thread the records are read on a thread of the pool, hence
    /// `Send` on the records and their error (a reader over `io::stdin()` is `Send`; one
    /// over `io::stdin().lock()` is not).
    pub fn run<E, W, T>(
        &self,
        records: impl Iterator<Item = Result<Record, E>> + Send,
        interrupt: &Interrupt,
        init: impl Fn() -> W + Sync,
        job: impl Fn(&mut W, &Grid) -> Option<T> + Sync,
        emit: impl FnMut(Outcome<T>) -> io::Result<()>,
    ) -> Result<Finished, BatchError<E>>
    where
        E: Send,
        W: Send,
        T: Send,
    {
        self.ordered(
            records,
            interrupt,
            init,
            |worker, record| answer(record, worker, &job),
            emit,
        )
    }

    /// The general runner: `job` turns each input into an output with the worker state
    /// of its thread (made once per thread by `init`), and `emit` gets the outputs in input
    /// order. `None` from a job means it was interrupted: nothing more is handed over.
    /// This is [`run`](Self::run) for anything numbered or streamed, not only records.
    pub fn ordered<I, E, W, T>(
        &self,
        inputs: impl Iterator<Item = Result<I, E>> + Send,
        interrupt: &Interrupt,
        init: impl Fn() -> W + Sync,
        job: impl Fn(&mut W, I) -> Option<T> + Sync,
        mut emit: impl FnMut(T) -> io::Result<()>,
    ) -> Result<Finished, BatchError<E>>
    where
        I: Send,
        E: Send,
        W: Send,
        T: Send,
    {
        let mut inputs = inputs.fuse();
        let mut chunk_size = self.threads.min(self.max_chunk);
        let (mut chunk, mut input_error) = read_chunk(&mut inputs, chunk_size, || true);
        let mut finished = Finished {
            records: 0,
            interrupted: false,
        };
        // Never more threads than there is work in the first chunk: with one input, none.
        let threads = self.threads.min(chunk.len());
        if threads <= 1 {
            let read = chunk.into_iter().map(Ok).chain(input_error.map(Err));
            let mut worker = None;
            for input in read.chain(inputs) {
                if interrupt.is_set() {
                    finished.interrupted = true;
                    break;
                }
                let worker = worker.get_or_insert_with(&init);
                let Some(output) = job(worker, input.map_err(BatchError::Input)?) else {
                    finished.interrupted = true;
                    break;
                };
                emit(output).map_err(BatchError::Output)?;
                finished.records += 1;
            }
            // Set during the last job, whose answer may be final (a count so far) or not.
            finished.interrupted |= interrupt.is_set();
            return Ok(finished);
        }
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(BatchError::Threads)?;
        let workers: Vec<Mutex<Option<W>>> = (0..threads).map(|_| Mutex::new(None)).collect();
        let answer_chunk = |chunk: Vec<I>| -> Vec<Option<T>> {
            chunk
                .into_par_iter()
                .map(|input| {
                    if interrupt.is_set() {
                        return None;
                    }
                    let thread = rayon::current_thread_index().unwrap_or(0);
                    let mut slot = workers[thread].lock().unwrap_or_else(|e| e.into_inner());
                    job(slot.get_or_insert_with(&init), input)
                })
                .collect()
        };
        // Set once handing over fails, so that a read running beside it stops at the next
        // record instead of filling a chunk that will never be answered.
        let halted = std::sync::atomic::AtomicBool::new(false);
        let halt = || halted.store(true, std::sync::atomic::Ordering::Relaxed);
        let is_halted = || halted.load(std::sync::atomic::Ordering::Relaxed);
        // Hands over answered outputs in order; false when one is missing (interrupted).
        let mut hand_over =
            |outputs: Vec<Option<T>>, finished: &mut Finished| -> io::Result<bool> {
                for output in outputs {
                    let Some(output) = output else {
                        finished.interrupted = true;
                        return Ok(false);
                    };
                    emit(output)?;
                    finished.records += 1;
                }
                Ok(true)
            };
        let mut previous = Vec::new();
        // While the pool answers one chunk and reads the next (a task of its own, so that the
        // pool's threads are the only ones reading and solving), this thread hands over the
        // previous chunk's outputs: reading and printing overlap the solving.
        loop {
            let last = chunk.len() < chunk_size || input_error.is_some() || interrupt.is_set();
            let next_size = (chunk_size * 2).min(self.max_chunk);
            let mut answered = Vec::new();
            let mut next = (Vec::new(), None);
            let handed = pool.in_place_scope(|scope| {
                // The read goes first: tasks from outside the pool start in the order they
                // come, so one thread reads at once and then helps with the answering.
                if !last {
                    let (next, inputs, is_halted) = (&mut next, &mut inputs, &is_halted);
                    scope.spawn(move |_| {
                        let keep_reading = || !is_halted() && !interrupt.is_set();
                        *next = read_chunk(inputs, next_size, keep_reading);
                    });
                }
                let answered = &mut answered;
                let chunk = std::mem::take(&mut chunk);
                let answer_chunk = &answer_chunk;
                scope.spawn(move |_| *answered = answer_chunk(chunk));
                let handed = hand_over(std::mem::take(&mut previous), &mut finished);
                if !matches!(handed, Ok(true)) {
                    halt();
                }
                handed
            });
            if !handed.map_err(BatchError::Output)? {
                return Ok(finished);
            }
            if last {
                if !hand_over(answered, &mut finished).map_err(BatchError::Output)? {
                    return Ok(finished);
                }
                if let Some(error) = input_error {
                    return Err(BatchError::Input(error));
                }
                finished.interrupted = interrupt.is_set();
                return Ok(finished);
            }
            previous = answered;
            (chunk, input_error) = next;
            chunk_size = next_size;
        }
    }
}

/// Up to `size` inputs, and the input error that stopped the reading early, if any.
/// `keep_reading` is asked before each input, so a reader that is no longer wanted stops
/// without waiting for input it does not need.
fn read_chunk<I, E>(
    inputs: &mut impl Iterator<Item = Result<I, E>>,
    size: usize,
    keep_reading: impl Fn() -> bool,
) -> (Vec<I>, Option<E>) {
    let mut chunk = Vec::with_capacity(size);
    while chunk.len() < size && keep_reading() {
        match inputs.next() {
            Some(Ok(input)) => chunk.push(input),
            Some(Err(error)) => return (chunk, Some(error)),
            None => break,
        }
    }
    (chunk, None)
}

/// The outcome of one record: its job's answer, `None` when the job was interrupted.
fn answer<W, T>(
    record: Record,
    worker: &mut W,
    job: &impl Fn(&mut W, &Grid) -> Option<T>,
) -> Option<Outcome<T>> {
    let started = Instant::now();
    let answer = match &record.puzzle {
        Ok(puzzle) => Some(job(worker, puzzle)?),
        Err(_) => None,
    };
    Some(Outcome {
        record,
        answer,
        elapsed: started.elapsed(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::read_records;
    use std::convert::Infallible;
    use sudoku_dlx::samples::FAMOUS;
    use sudoku_dlx::Solver;

    fn run(threads: usize, max_chunk: usize, text: &str) -> Vec<String> {
        let mut lines = Vec::new();
        let finished = Batch::new(threads)
            .with_max_chunk(max_chunk)
            .run(
                read_records(text.as_bytes(), None),
                &Interrupt::new(),
                Solver::new,
                |solver, puzzle| {
                    Some(
                        solver
                            .solve(puzzle)
                            .map_or("none".into(), |s| s.to_string()),
                    )
                },
                |outcome| {
                    lines.push(outcome.answer.unwrap_or_else(|| "error".into()));
                    Ok(())
                },
            )
            .unwrap();
        assert!(!finished.interrupted);
        assert_eq!(finished.records, lines.len());
        lines
    }

    #[test]
    fn output_is_the_same_on_any_number_of_threads_and_chunks() {
        let mut text = String::new();
        for round in 0..20 {
            for sample in FAMOUS {
                text.push_str(sample.puzzle);
                text.push('\n');
            }
            text.push_str(if round % 3 == 0 {
                "bad\n"
            } else {
                "1233............\n"
            });
        }
        let one = run(1, 1, &text);
        assert_eq!(one.len(), 20 * (FAMOUS.len() + 1));
        assert_eq!(one.iter().filter(|l| *l == "error").count(), 20);
        for (threads, chunk) in [(2, 1), (2, 7), (3, 4096), (4, 2)] {
            assert_eq!(
                run(threads, chunk, &text),
                one,
                "{threads} threads, chunks of {chunk}"
            );
        }
    }

    #[test]
    fn a_set_interrupt_ends_the_batch_before_the_next_record() {
        let text = format!("{}\n", FAMOUS[0].puzzle).repeat(10);
        for threads in [1, 2] {
            let interrupt = Interrupt::new();
            let mut seen = 0;
            let finished = Batch::new(threads)
                .run(
                    read_records(text.as_bytes(), None),
                    &interrupt,
                    || (),
                    |_, _| Some(()),
                    |_| {
                        seen += 1;
                        interrupt.set();
                        Ok(())
                    },
                )
                .unwrap();
            assert!(finished.interrupted);
            assert!(seen < 10, "{threads} threads answered {seen}");
            assert_eq!(finished.records, seen);
        }
    }

    #[test]
    fn a_job_without_a_final_answer_is_not_handed_over_and_ends_the_batch() {
        for threads in [1, 3] {
            let mut seen = Vec::new();
            let finished = Batch::new(threads)
                .with_max_chunk(2)
                .ordered(
                    (0..100u32).map(Ok::<_, Infallible>),
                    &Interrupt::new(),
                    || (),
                    |_, n| (n != 5).then_some(n),
                    |n| {
                        seen.push(n);
                        Ok(())
                    },
                )
                .unwrap();
            assert!(finished.interrupted);
            assert_eq!(seen, [0, 1, 2, 3, 4], "{threads} threads");
        }
    }

    #[test]
    fn no_more_threads_than_records_nor_than_the_cap() {
        assert_eq!(Batch::new(100_000).threads(), MAX_THREADS);
        for records in [1usize, 3] {
            let mut pools = Vec::new();
            Batch::new(64)
                .ordered(
                    (0..records).map(Ok::<_, Infallible>),
                    &Interrupt::new(),
                    || (),
                    |_, _| {
                        Some(rayon::current_thread_index().map(|_| rayon::current_num_threads()))
                    },
                    |pool| {
                        pools.push(pool);
                        Ok(())
                    },
                )
                .unwrap();
            assert_eq!(pools.len(), records);
            for pool in pools {
                // No pool at all for one record; at most one thread per record otherwise.
                assert!(
                    pool.unwrap_or(1) <= records,
                    "{pool:?} threads for {records}"
                );
                assert_eq!(pool.is_none(), records == 1);
            }
        }
    }

    #[test]
    fn each_thread_makes_its_worker_once() {
        let made = std::sync::atomic::AtomicUsize::new(0);
        let mut outputs = Vec::new();
        Batch::new(2)
            .with_max_chunk(8)
            .ordered(
                (0..1000u64).map(Ok::<_, Infallible>),
                &Interrupt::new(),
                || made.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
                |_, n| Some(n * n),
                |n| {
                    outputs.push(n);
                    Ok(())
                },
            )
            .unwrap();
        assert_eq!(outputs, (0..1000u64).map(|n| n * n).collect::<Vec<_>>());
        assert!(made.into_inner() <= 2);
    }

    #[test]
    fn a_write_error_stops_the_batch() {
        let text = format!("{}\n", FAMOUS[0].puzzle).repeat(3);
        let error = Batch::new(2)
            .run(
                read_records(text.as_bytes(), None),
                &Interrupt::new(),
                || (),
                |_, _| Some(()),
                |_| Err(io::Error::from(io::ErrorKind::BrokenPipe)),
            )
            .unwrap_err();
        assert!(matches!(error, BatchError::Output(e) if e.kind() == io::ErrorKind::BrokenPipe));
    }
}
