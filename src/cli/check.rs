//! `sudoku-dlx check`: whether each puzzle has a unique solution.

use super::common::{self, BatchArgs, CliError, Status};
use sudoku_dlx::output::Checked;
use sudoku_dlx::Solver;

/// Print whether each puzzle has a unique solution: unique, multiple or none.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Prints, for each puzzle, `unique`, `multiple` or `none`. Exit code 0 when every puzzle is
unique, 1 when some puzzle has several solutions or none, 2 on bad input.

Examples:
  sudoku-dlx check 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
  sudoku-dlx check puzzles.txt | sort | uniq -c
  sudoku-dlx check --format json - < puzzles.txt")]
pub struct Args {
    #[command(flatten)]
    pub batch: BatchArgs,
}

/// Checks every puzzle of the inputs for a unique solution.
pub fn run(args: Args) -> Result<Status, CliError> {
    common::run_batch(&args.batch, Solver::new, |solver, puzzle, _| {
        Checked::check(solver, puzzle)
    })
}
