//! `sudoku-dlx rate`: the difficulty of each puzzle, or of whole collections.

use super::common::{self, BatchArgs, CliError, Status};
use serde_json::json;
use std::io::Write;
use sudoku_dlx::setter::{Level, Rater, RatingSummary};
use sudoku_dlx_cli::batch::Batch;
use sudoku_dlx_cli::output::{Format, Rated};

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

With --summary, prints one line per input instead: the number of puzzles of each level and
the mean score and guesses.

Examples:
  sudoku-dlx rate 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
  sudoku-dlx rate --format json puzzles.txt
  sudoku-dlx rate --summary easy.txt hard.txt")]
pub struct Args {
    /// One line per input: puzzles per level, mean score and mean guesses
    #[arg(long)]
    pub summary: bool,

    #[command(flatten)]
    pub batch: BatchArgs,
}

/// Rates every puzzle of the inputs, or sums them up per input.
pub fn run(args: Args) -> Result<Status, CliError> {
    if !args.summary {
        return common::run_batch(&args.batch, Rater::new, |rater, puzzle, _| {
            Rated(rater.rate(puzzle))
        });
    }
    if args.batch.pipeline.by_line() {
        return Err(CliError::Usage(
            "--summary prints one line per input, not per record: drop --keep-lines and --keyed"
                .to_string(),
        ));
    }
    let inputs = args.batch.input.resolve()?;
    let threads = args.batch.jobs.map_or(0, usize::from);
    let (records, progress) = common::records(inputs, args.batch.input.shape);
    let mut summaries: Vec<(String, RatingSummary)> = Vec::new();
    let finished = Batch::new(threads).run(
        records,
        common::interrupted(),
        Rater::new,
        |rater, puzzle| rater.rate(puzzle),
        |outcome| {
            let source = &outcome.record.source;
            if summaries.last().is_none_or(|(last, _)| last != source) {
                summaries.push((source.clone(), RatingSummary::default()));
            }
            let summary = &mut summaries.last_mut().expect("just pushed").1;
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
    for (source, summary) in &summaries {
        if args.batch.output.format == Format::Json {
            let levels: serde_json::Map<String, serde_json::Value> = Level::ALL
                .iter()
                .zip(summary.levels)
                .map(|(level, count)| (level.name().to_string(), count.into()))
                .collect();
            let object = json!({
                "source": source,
                "rated": summary.rated,
                "mean_score": summary.mean_score(),
                "mean_guesses": summary.mean_guesses(),
                "levels": levels,
                "not_unique": summary.not_unique,
                "bad": summary.bad,
            });
            writeln!(out, "{object}")?;
        } else {
            writeln!(out, "{source}: {summary}")?;
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
