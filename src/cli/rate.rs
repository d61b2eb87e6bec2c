//! `sudoku-dlx rate`: the difficulty of each puzzle, or of whole collections.

use super::common::{self, BatchArgs, CliError, Status};
use super::variant::VariantArgs;
use std::io::Write;
use sudoku_dlx::setter::{Rater, RatingSummary};
use sudoku_dlx_cli::batch::Batch;
use sudoku_dlx_cli::input::escape_name;
use sudoku_dlx_cli::output::{summary_json, Format, Rated};

/// Rate each puzzle: the logic it needs, and the guesses when singles are not enough.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Prints, for each puzzle, its level, the strongest step it needs (naked-singles,
hidden-singles, locked-candidates or search), the median number of guesses the search makes
over 9 fixed relabellings of the puzzle, and one score: 1 for naked singles, 2 for hidden
singles, 3 for locked candidates, 4 + log2(guesses) for search. Levels: easy (naked
singles), medium (hidden singles), hard (locked candidates), expert (search, at most 6
guesses), extreme (more). The same puzzle always gets the same rating. A puzzle with several solutions or none prints `multiple` or `none`
(exit code 1).

Variant puzzles (f-puzzles JSON, or line puzzles with --rules/--regions) are rated the same
way: the logic levels see the variant's regions, diagonals, windows and bans, and the guesses
are those of one search (the relabellings would not keep the rules).

With --summary, prints one line per input instead (an input with no puzzle too): the
number of puzzles of each level and the mean score and guesses.

Examples:
  sudoku-dlx rate 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
  sudoku-dlx rate --format json puzzles.txt
  sudoku-dlx rate --summary easy.txt hard.txt
  sudoku-dlx rate --rules x puzzles.txt
  sudoku-dlx rate killer.json")]
pub struct Args {
    /// One line per input: puzzles per level, mean score and mean guesses
    #[arg(long)]
    pub summary: bool,

    #[command(flatten)]
    pub batch: BatchArgs,

    #[command(flatten)]
    pub variant: VariantArgs,
}

/// Rates every puzzle of the inputs, or sums them up per input.
pub fn run(args: Args) -> Result<Status, CliError> {
    if !args.summary {
        let rated = super::variant::route(
            &args.batch,
            &args.variant,
            sudoku_dlx::Logic::default(),
            |solver, puzzle| Rated(solver.rate(puzzle)),
        );
        if let Some(done) = rated {
            return done;
        }
    } else if args.variant.applies(&args.batch.input) {
        return Err(CliError::Usage(
            "--summary rates classic puzzles only: rate variant puzzles one by one".to_string(),
        ));
    }
    let rater = common::watching(Rater::new, Rater::set_interrupt);
    if !args.summary {
        return common::run_batch(&args.batch, rater, |rater, puzzle, _| {
            common::unless_interrupted(Rated(rater.rate(puzzle)))
        });
    }
    if args.batch.pipeline.by_line() {
        return Err(CliError::Usage(
            "--summary prints one line per input, not per record: drop --keep-lines and --keyed"
                .to_string(),
        ));
    }
    let inputs = args.batch.input.resolve()?;
    let threads = args.batch.jobs.unwrap_or(0);
    // One summary per input, in order, whether or not it has records; puzzles written inline
    // one after the other are one input, `<inline>`, as their records say.
    let mut summaries: Vec<(String, RatingSummary)> = inputs
        .iter()
        .map(|input| (input.name(), RatingSummary::default()))
        .collect();
    summaries.dedup_by(|next, previous| next.0 == previous.0);
    let (records, progress) = common::records(inputs, args.batch.input.shape);
    let mut current = 0;
    let finished = Batch::new(threads).run(
        records,
        common::interrupt(),
        rater,
        |rater, puzzle| common::unless_interrupted(rater.rate(puzzle)),
        |outcome| {
            // Records come in input order: skip the inputs that had no more.
            let source = &outcome.record.source;
            while summaries[current].0 != *source && current + 1 < summaries.len() {
                current += 1;
            }
            let summary = &mut summaries[current].1;
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
    let mut out = common::stdout();
    // Interrupted: the inputs not reached have nothing to sum up.
    let reached = if finished.interrupted {
        current + 1
    } else {
        summaries.len()
    };
    for (source, summary) in &summaries[..reached] {
        if args.batch.output.format == Format::Json {
            writeln!(out, "{}", summary_json(source, summary))?;
        } else {
            writeln!(out, "{}: {summary}", escape_name(source))?;
        }
    }
    out.flush()?;
    let bad = summaries.iter().any(|(_, s)| s.bad > 0);
    let not_unique = summaries.iter().any(|(_, s)| s.not_unique > 0);
    Ok(args.batch.pipeline.status(match () {
        _ if finished.interrupted => Status::Interrupted,
        _ if bad => Status::BadInput,
        _ if not_unique => Status::Unsuccessful,
        _ => Status::Success,
    }))
}
