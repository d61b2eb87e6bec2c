//! `sudoku-dlx solve`: the first solution of each puzzle.

use super::common::{self, BatchArgs, CliError, LogicArgs, Status};
use super::variant::VariantArgs;
use sudoku_dlx::Answerer;
use sudoku_dlx_cli::output::Solved;

/// Print the first solution of each puzzle, or `none`.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Prints, for each puzzle, its solution in one-line notation, or `none`. Exit code 0 when every
puzzle was solved, 1 when some had no solution, 2 on bad input.

Examples:
  sudoku-dlx solve 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
  sudoku-dlx solve --format grid puzzle.txt
  sudoku-dlx solve --jobs 2 puzzles.txt > solutions.txt
  sudoku-dlx solve --box 3x2 1.2...3.....4.....5....6...1.....2..
  sudoku-dlx solve --rules x,anti-knight puzzles.txt
  sudoku-dlx solve killer.json
  cat puzzles.txt | sudoku-dlx solve --format json --stats")]
pub struct Args {
    #[command(flatten)]
    pub batch: BatchArgs,

    #[command(flatten)]
    pub logic: LogicArgs,

    #[command(flatten)]
    pub variant: VariantArgs,
}

/// Solves every puzzle of the inputs.
pub fn run(args: Args) -> Result<Status, CliError> {
    if let Some(done) = super::variant::route(
        &args.batch,
        &args.variant,
        args.logic.logic,
        |solver, puzzle| common::unless_interrupted(solved(solver, puzzle)),
    ) {
        return done;
    }
    let logic = args.logic;
    common::run_batch(
        &args.batch,
        || logic.solver(),
        |solver, puzzle, _| common::unless_interrupted(solved(solver, puzzle)),
    )
}

/// The first solution of `puzzle`, and what finding it cost.
fn solved<A: Answerer>(solver: &mut A, puzzle: &A::Puzzle) -> Solved {
    Solved {
        solution: solver.solve(puzzle),
        stats: solver.stats(),
    }
}
