//! `sudoku-dlx check`: whether each puzzle has a unique solution.

use super::common::{self, BatchArgs, CliError, LogicArgs, Status};
use super::variant::VariantArgs;
use sudoku_dlx::setter::Witness;
use sudoku_dlx::Answerer;
use sudoku_dlx_cli::output::{Checked, Witnessed};

/// Print whether each puzzle has a unique solution: unique, multiple or none.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Prints, for each puzzle, `unique`, `multiple` or `none`. With --witness, a puzzle with
several solutions prints `multiple: FIRST SECOND differ at CELLS, add rRcC=D`: two of its
solutions, the cells where they differ, and a given (a differing cell with its digit in the
first) that rules the second out. Exit code 0 when every puzzle is
unique, 1 when some puzzle has several solutions or none, 2 on bad input.

Examples:
  sudoku-dlx check 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
  sudoku-dlx check puzzles.txt | sort | uniq -c
  sudoku-dlx check --witness 4.7.698256.2.58947958724316825437169791586432346912758289643571573291684164875293
  sudoku-dlx check --format json - < puzzles.txt
  sudoku-dlx check --witness puzzle.json")]
pub struct Args {
    /// For a puzzle with several solutions, show two of them, the cells where they differ,
    /// and a given that rules the second out (always in JSON, as `witness`)
    #[arg(long)]
    pub witness: bool,

    #[command(flatten)]
    pub batch: BatchArgs,

    #[command(flatten)]
    pub logic: LogicArgs,

    #[command(flatten)]
    pub variant: VariantArgs,
}

/// Checks every puzzle of the inputs for a unique solution.
pub fn run(args: Args) -> Result<Status, CliError> {
    if let Some(done) = super::variant::route(
        &args.batch,
        &args.variant,
        args.logic.logic,
        |solver, puzzle| common::unless_interrupted(checked(solver, puzzle, args.witness)),
    ) {
        return done;
    }
    let logic = args.logic;
    common::run_batch(
        &args.batch,
        || logic.solver(),
        |solver, puzzle, _| common::unless_interrupted(checked(solver, puzzle, args.witness)),
    )
}

/// The verdict of `puzzle` and, when it is `multiple`, its witness from the two solutions
/// found (shown in line and grid formats with `show`, always in JSON).
fn checked<A: Answerer>(solver: &mut A, puzzle: &A::Puzzle, show: bool) -> Witnessed {
    let checked = Checked {
        verdict: solver.verdict(puzzle),
        stats: solver.stats(),
    };
    let witness = Witness::of(&checked.verdict);
    Witnessed {
        checked,
        witness,
        show,
    }
}
