//! `sudoku-dlx all`: every solution of each puzzle, streamed as found.

use super::common::{self, CliError, InputArgs, LogicArgs, OutputArgs, Status};
use super::variant::VariantArgs;
use std::time::Instant;
use sudoku_dlx_cli::input::InputRecords;

/// Print every solution of each puzzle as it is found.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Prints every solution of each puzzle, one per line, as it is found: the first appears at once
even when there are billions, and memory stays constant. Puzzles are answered one after the
other; in line format the solutions of successive puzzles are separated by a blank line, and a
puzzle with no solution prints `none`. In grid format each solution grid is headed by
`# SOURCE:LINE:COL: solution K`; in JSON each puzzle is one object whose `solutions` array is
written as the solutions are found. --limit N stops each puzzle at N solutions; Ctrl-C stops
cleanly; `| head` ends quietly. Exit code 0 when every puzzle had a solution, 1 when some had
none, 2 on bad input.

Examples:
  sudoku-dlx all --limit 5 .................................................................................
  sudoku-dlx all '12.. ..12 .... ....' | wc -l
  sudoku-dlx all --format json --limit 2 puzzles.txt")]
pub struct Args {
    /// Stop each puzzle at N solutions
    #[arg(long, value_name = "N", value_parser = common::parse_at_least_one)]
    pub limit: Option<u64>,

    #[command(flatten)]
    pub input: InputArgs,

    #[command(flatten)]
    pub output: OutputArgs,

    #[command(flatten)]
    pub logic: LogicArgs,

    #[command(flatten)]
    pub variant: VariantArgs,
}

/// Streams every solution of every puzzle of the inputs, one puzzle after the other.
pub fn run(args: Args) -> Result<Status, CliError> {
    if args.variant.applies(&args.input) {
        let limit = args.limit.map(u128::from);
        return super::variant::run_all(
            &args.input,
            &args.output,
            &args.variant,
            args.logic.logic,
            limit,
        );
    }
    let inputs = args.input.resolve()?;
    let limit = args.limit.map(u128::from);
    let mut printer = common::printer(&args.output).grouped();
    let logic = args.logic;
    let mut solver = logic.solver();
    let mut interrupted = false;
    let streamed = || -> Result<(), CliError> {
        for record in InputRecords::new(inputs, args.input.shape) {
            if common::is_interrupted() {
                interrupted = true;
                break;
            }
            let record = record.map_err(CliError::Input)?;
            let Ok(puzzle) = &record.puzzle else {
                printer.bad_record(&record)?;
                continue;
            };
            let started = Instant::now();
            printer.begin_solutions(&record)?;
            let mut solutions = solver.solutions(puzzle);
            let mut found = 0u128;
            let mut capped = false;
            loop {
                if limit.is_some_and(|limit| found >= limit) {
                    capped = true;
                    break;
                }
                if common::is_interrupted() {
                    (capped, interrupted) = (true, true);
                    break;
                }
                let Some(cells) = solutions.next_cells() else {
                    // The interrupt may have ended the search: then there may be more.
                    if common::is_interrupted() {
                        (capped, interrupted) = (true, true);
                    }
                    break;
                };
                printer.solution(cells)?;
                found += 1;
            }
            let stats = solutions.stats();
            printer.end_solutions(&record, capped, &stats, started.elapsed())?;
        }
        Ok(())
    };
    let streamed = streamed();
    let interrupted = interrupted || common::is_interrupted();
    let (_, _, tally) = printer.finish()?;
    streamed?;
    common::report_bad_records(&tally);
    Ok(Status::of(&tally, interrupted))
}
