//! The benchmark on variant puzzles (f-puzzles documents, or line puzzles with the command
//! line's rules and regions): the same verification pass, timed passes, checks and report
//! as the classic [`Bench`](super::Bench), with a [`VariantSolver`].
//!
//! The verification pass finds up to two solutions of every puzzle with the logic pass off;
//! each must be accepted by the puzzle ([`Variant::accepts`]: complete, keeping the givens,
//! the rows, columns, regions and every rule), and the two must differ. In the timed passes a
//! solve answer must be accepted too, and a count up to 2 must equal the verified one.
//!
//! ```
//! use sudoku_dlx::variant::{Rule, Variant};
//! use sudoku_dlx::{Grid, Shape};
//! use sudoku_dlx_cli::bench::{Mode, Settings, VariantBench};
//! use std::time::Duration;
//!
//! let x = Variant::new(Grid::empty(Shape::new(2, 2)?), None, vec![Rule::AntiKing])?;
//! let cage = Rule::Killer { cells: vec![0, 1], sum: Some(3) };
//! let killer = Variant::new("...4 .... .... ....".parse()?, None, vec![cage])?;
//! let puzzles = vec![x, killer];
//! let bench = VariantBench::new(&puzzles)?;
//! let settings = Settings { mode: Mode::Count2, min_time: Duration::ZERO, runs: 1, ..Settings::default() };
//! let report = bench.measure(&settings)?;
//! assert_eq!(report.puzzles, 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::{
    time_passes, wrong_count, BenchError, LoadError, Mode, Problem, Report, Settings, Tally,
};
use crate::input::variant::LineRules;
use crate::input::variant_stream::VariantRecords;
use sudoku_dlx::sudoku::{Logic, Shape};
use sudoku_dlx::variant::{Variant, VariantSolver};

/// The variant puzzles of one input, in memory, with where each one starts.
#[derive(Clone, Debug)]
pub struct VariantFile {
    /// The input's name: its path, or the name of standard input or of an inline puzzle.
    pub name: String,
    /// The puzzles, in input order.
    pub puzzles: Vec<Variant>,
    /// For each puzzle, the line and column where it starts, from 1.
    pub starts: Vec<(usize, usize)>,
    /// The warnings of its documents, as [`VariantRecord::warning_messages`] words them.
    ///
    /// [`VariantRecord::warning_messages`]: crate::input::variant::VariantRecord::warning_messages
    pub warnings: Vec<String>,
}

impl VariantFile {
    /// Reads every record of the input `arg` (a path, `-` or an inline puzzle): f-puzzles
    /// documents, or line puzzles with `line_rules`, of box shape `shape` when named.
    ///
    /// # Errors
    /// [`LoadError::Input`] when the input cannot be opened or read,
    /// [`LoadError::BadVariant`] for the first record that is not a variant puzzle.
    pub fn read(
        arg: &str,
        shape: Option<Shape>,
        line_rules: &LineRules,
    ) -> Result<VariantFile, LoadError> {
        let mut file = VariantFile {
            name: String::new(),
            puzzles: Vec::new(),
            starts: Vec::new(),
            warnings: Vec::new(),
        };
        let records = VariantRecords::new(&[arg.to_string()], shape, line_rules.clone());
        for record in records {
            let record = record.map_err(LoadError::Input)?;
            file.name.clone_from(&record.source);
            file.warnings.extend(record.warning_messages());
            let puzzle = record.puzzle.map_err(|error| LoadError::BadVariant {
                source: record.source.clone(),
                error: Box::new(error),
            })?;
            file.puzzles.push(puzzle);
            file.starts.push((record.line, record.column));
        }
        if file.name.is_empty() {
            file.name = crate::input::Input::from_arg_with_shape(arg, shape)
                .map_err(LoadError::Input)?
                .name();
        }
        Ok(file)
    }

    /// `name:line:column` where the puzzle at `position` (from 0) starts.
    ///
    /// # Panics
    /// If there is no puzzle at `position`.
    pub fn position(&self, position: usize) -> String {
        let (line, column) = self.starts[position];
        format!("{}:{line}:{column}", self.name)
    }
}

/// A set of variant puzzles whose answers are verified, ready to be timed.
#[derive(Clone, Debug)]
pub struct VariantBench<'a> {
    puzzles: &'a [Variant],
    /// For each puzzle, its number of solutions up to 2, as the verification pass found.
    verified: Vec<u8>,
}

impl<'a> VariantBench<'a> {
    /// Runs the untimed verification pass over `puzzles`.
    ///
    /// # Errors
    /// [`BenchError::NoPuzzles`] for an empty set; [`BenchError::WrongAnswer`] when the
    /// verification solver gives an answer that breaks its puzzle, or the same one twice.
    pub fn new(puzzles: &'a [Variant]) -> Result<VariantBench<'a>, BenchError> {
        if puzzles.is_empty() {
            return Err(BenchError::NoPuzzles);
        }
        let mut solver = VariantSolver::with_logic(Logic::Off);
        let mut verified = Vec::with_capacity(puzzles.len());
        for (position, puzzle) in puzzles.iter().enumerate() {
            let wrong = |problem| BenchError::in_verification(position, problem);
            let mut solutions = solver.solutions(puzzle);
            let first = solutions.next_grid();
            let second = first.as_ref().and_then(|_| solutions.next_grid());
            for grid in first.iter().chain(&second) {
                if !puzzle.accepts(grid) {
                    return Err(wrong(Problem::BreaksRules));
                }
            }
            if first.is_some() && first == second {
                return Err(wrong(Problem::RepeatedSolution));
            }
            verified.push(first.is_some() as u8 + second.is_some() as u8);
        }
        Ok(VariantBench { puzzles, verified })
    }

    /// The number of puzzles.
    pub fn len(&self) -> usize {
        self.puzzles.len()
    }

    /// True when there is no puzzle; never, since [`VariantBench::new`] refuses an empty set.
    pub fn is_empty(&self) -> bool {
        self.puzzles.is_empty()
    }

    /// Times whole passes as `settings` say and reports the median rate, as
    /// [`Bench::measure`](super::Bench::measure) does.
    ///
    /// # Errors
    /// [`BenchError::NoRuns`] when `settings.runs` is 0; [`BenchError::WrongAnswer`] on the
    /// first answer that is wrong.
    pub fn measure(&self, settings: &Settings) -> Result<Report, BenchError> {
        let mut solver = VariantSolver::with_logic(settings.logic);
        time_passes(settings, self.puzzles.len(), || {
            self.pass(settings.mode, &mut solver)
        })
    }

    /// One pass over the set, every answer checked.
    fn pass(&self, mode: Mode, solver: &mut VariantSolver) -> Result<Tally, BenchError> {
        let mut tally = Tally::default();
        for (position, (puzzle, &verified)) in self.puzzles.iter().zip(&self.verified).enumerate() {
            let problem = match mode {
                Mode::Solve => match (solver.solve(puzzle), verified) {
                    (Some(grid), _) if !puzzle.accepts(&grid) => Some(Problem::BreaksRules),
                    (Some(_), 0) => Some(Problem::UnverifiedSolution),
                    (None, 1..) => Some(Problem::MissedSolution),
                    _ => None,
                },
                Mode::Count2 => wrong_count(solver.count(puzzle, Some(2)).solutions, verified),
            };
            tally.answer(position, mode, problem, solver.stats().search.guesses)?;
        }
        Ok(tally)
    }
}
