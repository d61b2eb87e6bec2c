//! `sudoku-dlx redundant`: the givens each puzzle could do without.

use super::common::{self, BatchArgs, CliError, Status};
use super::variant::VariantArgs;
use sudoku_dlx::{Answerer, Solver};
use sudoku_dlx_cli::output::Redundant;

/// List the givens that can each be removed while the puzzle stays unique.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Prints, for each puzzle, the givens that can each be removed (the others kept) while the
puzzle keeps exactly one solution, as `r3c7=5` (row 3, column 7, digit 5), in reading
order; or `minimal` when every given is needed. Removing two listed givens together may
break uniqueness: remove one, then ask again. A puzzle with several solutions or none
prints `multiple` or `none` (exit code 1): see `check --witness` for why.

Examples:
  sudoku-dlx redundant 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
  sudoku-dlx redundant --format json puzzles.txt
  sudoku-dlx redundant killer.json")]
pub struct Args {
    #[command(flatten)]
    pub batch: BatchArgs,

    #[command(flatten)]
    pub variant: VariantArgs,
}

/// Finds the redundant givens of every puzzle of the inputs.
pub fn run(args: Args) -> Result<Status, CliError> {
    if let Some(done) = super::variant::route(
        &args.batch,
        &args.variant,
        sudoku_dlx::Logic::default(),
        |solver, puzzle| common::unless_interrupted(redundant(solver, puzzle)),
    ) {
        return done;
    }
    let solver = common::watching(Solver::new, Solver::set_interrupt);
    common::run_batch(&args.batch, solver, |solver, puzzle, _| {
        common::unless_interrupted(redundant(solver, puzzle))
    })
}

/// The givens `puzzle` could each do without.
fn redundant<A: Answerer>(solver: &mut A, puzzle: &A::Puzzle) -> Redundant {
    Redundant(solver.redundant_givens(puzzle))
}
