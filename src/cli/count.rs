//! `sudoku-dlx count`: the number of solutions of each puzzle.

use super::common::{self, BatchArgs, CliError, LogicArgs, Status};
use super::variant::VariantArgs;
use sudoku_dlx::Answerer;
use sudoku_dlx_cli::output::Counted;

/// Print the number of solutions of each puzzle.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Prints, for each puzzle, the exact number of solutions; with --limit N, counting stops at N
and prints `N+` when the cap was reached. Ctrl-C stops a long count, printing what it has
reached with a `+`. Exit code 0 when every puzzle was counted (whatever the count), 2 on bad
input.

Examples:
  sudoku-dlx count '12.. ..12 .... ....'
  sudoku-dlx count --limit 1000000 .................................................................................
  sudoku-dlx count --format json puzzles.txt
  sudoku-dlx count --regions aaabbbcccaaabbbcccaaabbbcccdddeeefffdddeeefffdddeeefffggghhhiiiggghhhiiiggghhhiii puzzles.txt")]
pub struct Args {
    /// Stop counting a puzzle at N solutions (printed `N+`)
    #[arg(long, value_name = "N", value_parser = common::parse_at_least_one)]
    pub limit: Option<u64>,

    #[command(flatten)]
    pub batch: BatchArgs,

    #[command(flatten)]
    pub logic: LogicArgs,

    #[command(flatten)]
    pub variant: VariantArgs,
}

/// Counts the solutions of every puzzle of the inputs.
pub fn run(args: Args) -> Result<Status, CliError> {
    let cap = args.limit.map(u128::from);
    if let Some(done) = super::variant::route(
        &args.batch,
        &args.variant,
        args.logic.logic,
        // An interrupted count is printed too: capped, it shows what it reached with a `+`.
        |solver, puzzle| Some(counted(solver, puzzle, cap, |_| !common::is_interrupted())),
    ) {
        return done;
    }
    let logic = args.logic;
    // An interrupted count is printed: capped, it shows what it reached with a `+`.
    common::run_batch(
        &args.batch,
        || logic.solver(),
        |solver, puzzle, progress| {
            Some(counted(solver, puzzle, cap, |solutions| {
                progress.counting(solutions);
                true
            }))
        },
    )
}

/// The solutions of `puzzle` counted up to `cap` (see [`Answerer::count_while`] for
/// `keep_going`), and what counting cost.
fn counted<A: Answerer>(
    solver: &mut A,
    puzzle: &A::Puzzle,
    cap: Option<u128>,
    keep_going: impl FnMut(u128) -> bool,
) -> Counted {
    Counted {
        count: solver.count_while(puzzle, cap, keep_going),
        stats: solver.stats(),
    }
}
