//! `sudoku-dlx candidates`: the true candidates of each puzzle.

use super::common::{self, BatchArgs, CliError, LogicArgs, Status};
use super::variant::VariantArgs;
use sudoku_dlx::Answerer;
use sudoku_dlx_cli::output::Candidates;

/// Print the true candidates of each puzzle: the digits some solution places in each cell.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Prints, for each puzzle, the verdict (unique, multiple or none) and the digits that at least
one solution places in each cell, one word per cell in reading order (`249`); with --limit N,
also how many solutions place each candidate, counted up to N (`2:1,4:3+`, `+` at the cap).
--format grid shows them as pencilmarks, --format json as `candidates` (one list of digits
per cell) and `counts` (parallel lists). A puzzle without solution prints `none` (exit code
1). Ctrl-C stops a long search; the puzzle being searched is not printed.

Examples:
  sudoku-dlx candidates '12.. ..12 .... ....'
  sudoku-dlx candidates --limit 8 --format grid puzzle.txt
  sudoku-dlx candidates --format json killer.json
  sudoku-dlx candidates --rules anti-knight puzzles.txt")]
pub struct Args {
    /// Also count the solutions that place each candidate, up to N
    #[arg(long, value_name = "N", value_parser = common::parse_at_least_one)]
    pub limit: Option<u64>,

    #[command(flatten)]
    pub batch: BatchArgs,

    #[command(flatten)]
    pub logic: LogicArgs,

    #[command(flatten)]
    pub variant: VariantArgs,
}

/// Finds the true candidates of every puzzle of the inputs.
pub fn run(args: Args) -> Result<Status, CliError> {
    let cap = args.limit;
    if let Some(done) = super::variant::route(
        &args.batch,
        &args.variant,
        args.logic.logic,
        |solver, puzzle| {
            common::unless_interrupted(candidates(solver, puzzle, cap, |_, _| {
                !common::is_interrupted()
            }))
        },
    ) {
        return done;
    }
    let logic = args.logic;
    common::run_batch(
        &args.batch,
        || logic.solver(),
        |solver, puzzle, progress| {
            let found = candidates(solver, puzzle, cap, |settled, open| {
                progress.candidates(settled, open);
                true
            });
            found.found.is_complete().then_some(found)
        },
    )
}

/// The true candidates of `puzzle`, counted up to `cap` (see [`Answerer::candidates_while`]
/// for `keep_going`), and what finding them cost.
fn candidates<A: Answerer>(
    solver: &mut A,
    puzzle: &A::Puzzle,
    cap: Option<u64>,
    keep_going: impl FnMut(usize, usize) -> bool,
) -> Candidates {
    Candidates {
        found: solver.candidates_while(puzzle, cap, keep_going),
        stats: solver.stats(),
    }
}
