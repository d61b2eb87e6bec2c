//! `sudoku-dlx rate`: the difficulty of each puzzle, or of whole collections.

use super::common::{self, BatchArgs, CliError, Status};
use super::variant::VariantArgs;
use std::io::Write;
use sudoku_dlx::setter::RatingSummary;
use sudoku_dlx::variant::VariantSolver;
use sudoku_dlx::{Answerer, Solver};
use sudoku_dlx_cli::batch::Batch;
use sudoku_dlx_cli::input::{escape_name, INLINE_NAME, STDIN_NAME};
use sudoku_dlx_cli::output::{summary_json, Format, Rated};

/// Rate each puzzle: its level from the human solving path, the logic pass and the guesses.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Prints, for each puzzle, its level and the technique that decides it, the strongest step of
the engine's logic pass (naked-singles, hidden-singles, locked-candidates or search), the
median number of guesses the search makes over 9 fixed relabellings of the puzzle, and one
score: 1 for naked singles, 2 for hidden singles, 3 for locked candidates, 4 +
log2(guesses) for search.

The level comes from the human solving path (as explain finds it) by its hardest step on
Sudoku Explainer's scale: easy (up to 1.2: hidden singles in boxes), medium (1.5: hidden
singles in lines), hard (2.5: no pencil marks needed), expert (6.0: subsets, fish, wings,
unique rectangles; no chain), extreme (chains and forcing chains, or more). The same puzzle
always gets the same rating. A puzzle with several solutions or none prints `multiple` or
`none` (exit code 1).

Variant puzzles (f-puzzles JSON, or line puzzles with --rules/--regions) and grids of side
over 9 have no human path: their level is easy (naked singles), medium (hidden singles),
hard (locked candidates), expert (search, at most 6 guesses) or extreme (more), where the
logic levels see the variant's regions, diagonals, windows and bans, and the guesses are
those of one search (the relabellings would not keep the rules).

With --summary, prints one line per input instead (an input with no puzzle too): the
number of puzzles of each level and the mean score and guesses; variant inputs too.

Examples:
  sudoku-dlx rate 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
  sudoku-dlx rate --format json puzzles.txt
  sudoku-dlx rate --summary easy.txt hard.txt
  sudoku-dlx rate --rules x puzzles.txt
  sudoku-dlx rate killer.json")]
pub struct Args {
    /// The scale: `levels` (easy to extreme, from the logic pass and the guesses) or `se`
    /// (Sudoku Explainer's 1.0 to 11, from the solving path of `explain`; classic puzzles)
    #[arg(long, value_enum, default_value_t = Scale::Levels)]
    pub scale: Scale,

    /// One line per input: puzzles per level, mean score and mean guesses
    #[arg(long)]
    pub summary: bool,

    #[command(flatten)]
    pub batch: BatchArgs,

    #[command(flatten)]
    pub variant: VariantArgs,
}

/// The scales of `rate --scale`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Scale {
    /// Easy to extreme, from the logic pass and the search's guesses.
    Levels,
    /// Sudoku Explainer's scale, from the solving path.
    Se,
}

/// Rates every puzzle of the inputs, or sums them up per input.
pub fn run(args: Args) -> Result<Status, CliError> {
    if args.scale == Scale::Se {
        if args.summary {
            return Err(CliError::Usage(
                "--scale se rates each puzzle: --summary sums up the levels scale".to_string(),
            ));
        }
        if args.variant.applies(&args.batch.input) {
            return Err(CliError::Usage(
                "--scale se rates classic puzzles: the techniques do not know variant rules"
                    .to_string(),
            ));
        }
        return super::explain::run_rate_se(&args.batch);
    }
    if args.summary && args.batch.pipeline.by_line() {
        return Err(CliError::Usage(
            "--summary prints one line per input, not per record: drop --keep-lines and --keyed"
                .to_string(),
        ));
    }
    if args.summary && args.variant.applies(&args.batch.input) {
        return summarize_variants(&args);
    }
    if !args.summary {
        let rated = super::variant::route(
            &args.batch,
            &args.variant,
            sudoku_dlx::Logic::default(),
            |solver, puzzle| common::unless_interrupted(rated(solver, puzzle)),
        );
        if let Some(done) = rated {
            return done;
        }
    }
    let solver = common::watching(Solver::new, Solver::set_interrupt);
    if !args.summary {
        return common::run_batch(&args.batch, solver, |solver, puzzle, _| {
            common::unless_interrupted(rated(solver, puzzle))
        });
    }
    let inputs = args.batch.input.resolve()?;
    let threads = args.batch.jobs.unwrap_or(0);
    let mut summaries = Summaries::new(inputs.iter().map(|input| input.name()));
    let (records, progress) = common::records(inputs, args.batch.input.shape);
    let finished = Batch::new(threads).run(
        records,
        common::interrupt(),
        solver,
        |solver, puzzle| common::unless_interrupted(solver.rate(puzzle)),
        |outcome| {
            let summary = summaries.of(&outcome.record.source);
            match &outcome.answer {
                Some(rating) => summary.add(rating),
                None => {
                    summary.bad += 1;
                    let message = outcome.record.error_message().unwrap_or_default();
                    progress.print(|| writeln!(std::io::stderr(), "sudoku-dlx: {message}"))?;
                }
            }
            Ok(())
        },
    );
    progress.finish();
    let finished = finished?;
    summaries.print(&args, finished.interrupted)
}

/// The rating of `puzzle`, or why it has none.
fn rated<A: Answerer>(solver: &mut A, puzzle: &A::Puzzle) -> Rated {
    Rated(solver.rate(puzzle))
}

/// `rate --summary` on variant inputs: the same lines as for classic ones, each puzzle rated
/// as `rate` rates a variant puzzle.
fn summarize_variants(args: &Args) -> Result<Status, CliError> {
    let inputs = &args.batch.input.inputs;
    let names: Vec<String> = if inputs.is_empty() {
        vec![STDIN_NAME.to_string()]
    } else {
        inputs.iter().map(|arg| variant_input_name(arg)).collect()
    };
    let mut summaries = Summaries::new(names.into_iter());
    let records = super::variant::records(inputs, args.batch.input.shape, &args.variant);
    let solver = || {
        let mut solver = VariantSolver::new();
        solver.set_interrupt(Some(common::interrupt().clone()));
        solver
    };
    let finished = Batch::new(args.batch.jobs.unwrap_or(0)).ordered(
        records,
        common::interrupt(),
        solver,
        |solver, record| {
            let Ok(puzzle) = record.puzzle.as_ref() else {
                return Some((record, None));
            };
            let rating = solver.rate(puzzle);
            // Cut short by Ctrl-C: not an answer.
            (!solver.was_interrupted() && !common::is_interrupted())
                .then_some((record, Some(rating)))
        },
        |(record, rating)| {
            let summary = summaries.of(&record.source);
            match rating {
                Some(rating) => summary.add(&rating),
                None => {
                    summary.bad += 1;
                    let message = record.error_message().unwrap_or_default();
                    writeln!(std::io::stderr(), "sudoku-dlx: {message}")?;
                }
            }
            Ok(())
        },
    )?;
    summaries.print(args, finished.interrupted)
}

/// The name a variant input's records carry: the path of a file, or the name of standard
/// input or of an inline puzzle.
fn variant_input_name(arg: &str) -> String {
    if arg == "-" {
        STDIN_NAME.to_string()
    } else if std::path::Path::new(arg).is_file() {
        arg.to_string()
    } else {
        INLINE_NAME.to_string()
    }
}

/// One summary per input, in order, whether or not it has records; puzzles written inline
/// one after the other are one input, `<inline>`, as their records say.
struct Summaries {
    list: Vec<(String, RatingSummary)>,
    current: usize,
}

impl Summaries {
    fn new(names: impl Iterator<Item = String>) -> Summaries {
        let mut list: Vec<(String, RatingSummary)> =
            names.map(|name| (name, RatingSummary::default())).collect();
        list.dedup_by(|next, previous| next.0 == previous.0);
        Summaries { list, current: 0 }
    }

    /// The summary of the input named `source`. Records come in input order: the inputs
    /// that had no more are skipped.
    fn of(&mut self, source: &str) -> &mut RatingSummary {
        while self.list[self.current].0 != source && self.current + 1 < self.list.len() {
            self.current += 1;
        }
        &mut self.list[self.current].1
    }

    /// Prints a line per input reached, and the status the summaries make.
    fn print(&self, args: &Args, interrupted: bool) -> Result<Status, CliError> {
        let mut out = common::stdout();
        // Interrupted: the inputs not reached have nothing to sum up.
        let reached = if interrupted {
            self.current + 1
        } else {
            self.list.len()
        };
        for (source, summary) in &self.list[..reached] {
            if args.batch.output.format == Format::Json {
                writeln!(out, "{}", summary_json(source, summary))?;
            } else {
                writeln!(out, "{}: {summary}", escape_name(source))?;
            }
        }
        out.flush()?;
        let bad = self.list.iter().any(|(_, s)| s.bad > 0);
        let not_unique = self.list.iter().any(|(_, s)| s.not_unique > 0);
        Ok(args.batch.pipeline.status(match () {
            _ if interrupted => Status::Interrupted,
            _ if bad => Status::BadInput,
            _ if not_unique => Status::Unsuccessful,
            _ => Status::Success,
        }))
    }
}
