//! Throughput of the solver on a set of puzzles already in memory, with every answer checked.
//!
//! [`Bench::new`] first runs an untimed verification pass: a second solver, with the logic
//! pass switched off ([`Logic::Off`], so the answer comes from a different code path),
//! finds up to two solutions of every puzzle and each is checked to be a solved grid keeping
//! the givens. [`Bench::measure`] then times whole passes over the set with one reused
//! [`Solver`] on the calling thread, for at least [`Settings::min_time`] per run, over
//! [`Settings::runs`] runs, and reports the median. Inside the timed passes every answer is
//! checked against the puzzle and the verification pass (a solve answer must be a solved grid
//! keeping the givens, a count must equal the verified count up to 2), and the first wrong one
//! stops the benchmark with a [`BenchError`] naming the puzzle. The checks are part of the
//! timed work: one sweep over the cells with bit operations, no allocation.
//!
//! ```
//! use sudoku_dlx_cli::bench::{Bench, Mode, Settings};
//! use sudoku_dlx::Grid;
//! use std::time::Duration;
//!
//! let puzzles: Vec<Grid> = sudoku_dlx::samples::FAMOUS
//!     .iter()
//!     .map(|sample| sample.puzzle.parse().unwrap())
//!     .collect();
//! let bench = Bench::new(&puzzles)?;
//! let settings = Settings { mode: Mode::Count2, min_time: Duration::ZERO, runs: 3, ..Settings::default() };
//! let report = bench.measure(&settings)?;
//! assert_eq!(report.puzzles, puzzles.len());
//! assert!(report.puzzles_per_sec > 0.0);
//! # Ok::<(), sudoku_dlx_cli::bench::BenchError>(())
//! ```

mod check;
mod error;
mod load;
mod report;
mod variant;

pub use check::Flaw;
pub use error::{BenchError, Problem};
pub use load::{LoadError, PuzzleFile};
pub use report::{json_line, Table};
pub use variant::{VariantBench, VariantFile};

use check::AnswerChecker;
use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};
use sudoku_dlx::sudoku::{Grid, Logic, Solver};
use sudoku_dlx::{median, UnknownName};

/// What each timed pass asks of every puzzle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Mode {
    /// The first solution.
    #[default]
    Solve,
    /// The number of solutions up to 2: the uniqueness check.
    Count2,
}

impl Mode {
    /// Every mode, in the order reports list them.
    pub const ALL: [Mode; 2] = [Mode::Solve, Mode::Count2];

    /// The name used on the command line and in reports: `solve` or `count2`.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Solve => "solve",
            Mode::Count2 => "count2",
        }
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Mode {
    type Err = UnknownName;

    fn from_str(text: &str) -> Result<Mode, UnknownName> {
        UnknownName::parse("mode", text, &Mode::ALL, Mode::name)
    }
}

/// How to measure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// What each pass asks.
    pub mode: Mode,
    /// Each run repeats whole passes until at least this much time has gone by (one pass at
    /// the least).
    pub min_time: Duration,
    /// How many runs; the report gives the median. At least 1.
    pub runs: usize,
    /// The logic level of the solver being timed.
    pub logic: Logic,
}

impl Default for Settings {
    /// Solve, 5 runs of at least one second each, at the default logic level.
    fn default() -> Self {
        Settings {
            mode: Mode::Solve,
            min_time: Duration::from_secs(1),
            runs: 5,
            logic: Logic::default(),
        }
    }
}

/// What a measurement found.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// What each pass asked.
    pub mode: Mode,
    /// Puzzles in the set.
    pub puzzles: usize,
    /// Puzzles per second: the median over the runs.
    pub puzzles_per_sec: f64,
    /// Microseconds per puzzle at the median rate.
    pub usec_per_puzzle: f64,
    /// Percentage of the puzzles answered without a guess (the search never branched).
    pub no_guess_pct: f64,
    /// Guesses (branch points of the search) per puzzle, on average.
    pub guesses_per_puzzle: f64,
    /// Each run's puzzles per second, in the order they ran.
    pub run_rates: Vec<f64>,
    /// Whole passes over the set in each run, in the order they ran.
    pub run_passes: Vec<usize>,
}

/// A set of puzzles whose answers are verified, ready to be timed.
#[derive(Clone, Debug)]
pub struct Bench<'a> {
    puzzles: &'a [Grid],
    /// For each puzzle, its number of solutions up to 2, as the verification pass found.
    verified: Vec<u8>,
}

/// What one pass tallied.
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    no_guess: usize,
    guesses: u64,
}

impl<'a> Bench<'a> {
    /// Runs the untimed verification pass over `puzzles`.
    ///
    /// # Errors
    /// [`BenchError::NoPuzzles`] for an empty set; [`BenchError::WrongAnswer`] when the
    /// verification solver gives an answer that does not solve its puzzle, or the same
    /// solution twice.
    pub fn new(puzzles: &'a [Grid]) -> Result<Bench<'a>, BenchError> {
        if puzzles.is_empty() {
            return Err(BenchError::NoPuzzles);
        }
        let mut solver = Solver::with_logic(Logic::Off);
        let mut checker = AnswerChecker::default();
        let mut first = Vec::new();
        let mut verified = Vec::with_capacity(puzzles.len());
        for (position, puzzle) in puzzles.iter().enumerate() {
            let wrong = |problem| BenchError::in_verification(position, problem);
            let mut solutions = solver.solutions(puzzle);
            let mut found = 0u8;
            while found < 2 {
                let Some(cells) = solutions.next_cells() else {
                    break;
                };
                checker
                    .check(puzzle, cells)
                    .map_err(|flaw| wrong(Problem::NotASolution(flaw)))?;
                if found == 0 {
                    first.clear();
                    first.extend_from_slice(cells);
                } else if first == cells {
                    return Err(wrong(Problem::RepeatedSolution));
                }
                found += 1;
            }
            verified.push(found);
        }
        Ok(Bench { puzzles, verified })
    }

    /// The number of puzzles.
    pub fn len(&self) -> usize {
        self.puzzles.len()
    }

    /// True when there is no puzzle; never, since [`Bench::new`] refuses an empty set.
    pub fn is_empty(&self) -> bool {
        self.puzzles.is_empty()
    }

    /// Times whole passes as `settings` say and reports the median rate, after one untimed
    /// warm-up pass that also gives the guess counts (they do not change from pass to pass).
    ///
    /// # Errors
    /// [`BenchError::NoRuns`] when `settings.runs` is 0; [`BenchError::WrongAnswer`] on the
    /// first answer that is wrong.
    pub fn measure(&self, settings: &Settings) -> Result<Report, BenchError> {
        let mut solver = Solver::with_logic(settings.logic);
        let mut checker = AnswerChecker::default();
        time_passes(settings, self.puzzles.len(), || {
            self.pass(settings.mode, &mut solver, &mut checker)
        })
    }

    /// One pass over the set, every answer checked.
    fn pass(
        &self,
        mode: Mode,
        solver: &mut Solver,
        checker: &mut AnswerChecker,
    ) -> Result<Tally, BenchError> {
        let mut tally = Tally::default();
        for (position, (puzzle, &verified)) in self.puzzles.iter().zip(&self.verified).enumerate() {
            let problem = match mode {
                Mode::Solve => {
                    let mut solutions = solver.solutions(puzzle);
                    match (solutions.next_cells(), verified) {
                        (Some(cells), 0) => checker
                            .check(puzzle, cells)
                            .err()
                            .map(Problem::NotASolution)
                            .or(Some(Problem::UnverifiedSolution)),
                        (Some(cells), _) => checker
                            .check(puzzle, cells)
                            .err()
                            .map(Problem::NotASolution),
                        (None, 0) => None,
                        (None, _) => Some(Problem::MissedSolution),
                    }
                }
                Mode::Count2 => wrong_count(solver.count(puzzle, Some(2)).solutions, verified),
            };
            tally.answer(position, mode, problem, solver.stats().search.guesses)?;
        }
        Ok(tally)
    }
}

/// Times whole passes (`pass` runs one over a set of `puzzles`) as `settings` say and
/// reports the median rate, after one untimed warm-up pass that also gives the guess counts
/// (they do not change from pass to pass).
fn time_passes(
    settings: &Settings,
    puzzles: usize,
    mut pass: impl FnMut() -> Result<Tally, BenchError>,
) -> Result<Report, BenchError> {
    if settings.runs == 0 {
        return Err(BenchError::NoRuns);
    }
    let tally = pass()?;
    let mut run_rates = Vec::with_capacity(settings.runs);
    let mut run_passes = Vec::with_capacity(settings.runs);
    for _ in 0..settings.runs {
        let start = Instant::now();
        let mut passes = 0;
        loop {
            pass()?;
            passes += 1;
            if start.elapsed() >= settings.min_time {
                break;
            }
        }
        // A clock too coarse to see one pass must not make the rate infinite.
        let seconds = start.elapsed().as_secs_f64().max(1e-9);
        run_rates.push((passes * puzzles) as f64 / seconds);
        run_passes.push(passes);
    }
    let puzzles_per_sec = median(&mut run_rates.clone()).expect("at least one run");
    Ok(Report {
        mode: settings.mode,
        puzzles,
        puzzles_per_sec,
        usec_per_puzzle: 1e6 / puzzles_per_sec,
        no_guess_pct: 100.0 * tally.no_guess as f64 / puzzles as f64,
        guesses_per_puzzle: tally.guesses as f64 / puzzles as f64,
        run_rates,
        run_passes,
    })
}

impl Tally {
    /// Counts the answer to the puzzle at `position` that took `guesses` branch points, or
    /// stops at its `problem`.
    fn answer(
        &mut self,
        position: usize,
        mode: Mode,
        problem: Option<Problem>,
        guesses: u64,
    ) -> Result<(), BenchError> {
        if let Some(problem) = problem {
            return Err(BenchError::WrongAnswer {
                position,
                mode: Some(mode),
                problem,
            });
        }
        self.no_guess += (guesses == 0) as usize;
        self.guesses += guesses;
        Ok(())
    }
}

/// The problem with a count up to 2 of `found` where the verification pass found `verified`.
fn wrong_count(found: u128, verified: u8) -> Option<Problem> {
    (found != u128::from(verified)).then_some(Problem::WrongCount {
        expected: verified,
        found,
    })
}

#[cfg(test)]
mod tests;
