//! `sudoku-dlx explain` and `sudoku-dlx hint`: the solving path of each puzzle with the
//! human repertoire, or its next step.

use super::common::{self, BatchArgs, CliError, Status};
use sudoku_dlx::human::{Board, Explainer, Path};
use sudoku_dlx::setter::NotUnique;
use sudoku_dlx::{Grid, Solver, Verdict};
use sudoku_dlx_cli::output::{Explained, Hinted, RatedSe};

/// Print the solving path of each puzzle, one step per line, as a person would solve it.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Prints, for each puzzle, the steps of its solving path, one per line: at each point the
easiest technique that applies (singles, locked candidates, subsets, fish, wings, unique
rectangles, BUG+1, chains, forcing chains), written as the technique, its deduction
(`r3c7=5` places, `r3c7<>5` eliminates) and what justifies it (units, cells, the chain).
The last line says how the path ended: `solved, difficulty 7.2 (aic): SOLUTION` (the
difficulty on Sudoku Explainer's scale, that of the hardest step), `stuck: logic runs out
after N steps, at MARKS` (the pencil marks where no technique applies, 729 characters for
9x9), or `contradiction: WHERE`. With --format json, one object per puzzle with `steps`
(each with technique, difficulty, placed, eliminated, cells, units, values, chain), `end`,
`difficulty`, `hardest` and `solution` or `stuck`. See docs/techniques.md.

The uniqueness techniques (unique rectangles, BUG+1) assume one solution: they are used only
on puzzles that have exactly one, and never with --no-uniqueness. A puzzle with no solution
prints `none`. Exit code 0 when logic solved every puzzle, 1 otherwise.

Examples:
  sudoku-dlx explain 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
  sudoku-dlx explain --format json puzzles.txt
  sudoku-dlx explain --no-uniqueness puzzle.txt")]
pub struct Args {
    /// Never use the uniqueness techniques (unique rectangles, BUG+1)
    #[arg(long)]
    pub no_uniqueness: bool,

    #[command(flatten)]
    pub batch: BatchArgs,
}

/// Explains every puzzle of the inputs.
pub fn run(args: Args) -> Result<Status, CliError> {
    let allowed = !args.no_uniqueness;
    common::run_batch(&args.batch, Solver::new, |solver, puzzle, _| {
        Some(Explained(path(solver, puzzle, allowed)))
    })
}

/// The path of `puzzle`, the uniqueness techniques allowed when `allowed` and the puzzle
/// has one solution; an error when it has none.
fn path(solver: &mut Solver, puzzle: &Grid, allowed: bool) -> Result<Path, NotUnique> {
    let unique = match solver.verdict(puzzle) {
        Verdict::None => return Err(NotUnique::NoSolution),
        Verdict::Unique(_) => true,
        Verdict::Multiple(..) => false,
    };
    // On a puzzle with several solutions logic stops somewhere anyway: nested chains
    // (seconds a step) would only move where.
    Ok(Explainer::new()
        .uniqueness(allowed && unique)
        .nested(unique)
        .explain(puzzle))
}

/// Print the next step of each puzzle in progress: the easiest technique that applies.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Prints, for each grid (a puzzle with the digits placed so far), the easiest step that
applies now, as `explain` writes steps: `hidden-single-box: r2c2=6 (box 1)`. Prints `solved`
for a full grid, `stuck: no technique applies` when logic runs out, and `contradiction:
WHERE` for a grid that contradicts itself (a cell with no candidate, a digit with no place
in a unit). The candidates are those the placed digits leave. With --format json, `step`
(as in `explain`) or `end`. Exit code 0 when every grid got a step or was solved.

Examples:
  sudoku-dlx hint ..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..
  sudoku-dlx hint --format json progress.txt")]
pub struct HintArgs {
    /// Never use the uniqueness techniques (unique rectangles, BUG+1)
    #[arg(long)]
    pub no_uniqueness: bool,

    #[command(flatten)]
    pub batch: BatchArgs,
}

/// Hints every puzzle of the inputs.
pub fn run_hint(args: HintArgs) -> Result<Status, CliError> {
    let allowed = !args.no_uniqueness;
    common::run_batch(&args.batch, Solver::new, |solver, puzzle, _| {
        let board = Board::new(puzzle);
        let unique = matches!(solver.verdict(puzzle), Verdict::Unique(_));
        let explainer = Explainer::new()
            .uniqueness(allowed && unique)
            .nested(unique);
        Some(if let Some(why) = board.contradiction_text() {
            Hinted::Contradiction(why)
        } else if board.is_solved() {
            Hinted::Solved
        } else {
            explainer.hint(&board).map_or(Hinted::Stuck, Hinted::Step)
        })
    })
}

/// `rate --scale se`: each puzzle's path, rated by its hardest step.
pub fn run_rate_se(batch: &BatchArgs) -> Result<Status, CliError> {
    common::run_batch(batch, Solver::new, |solver, puzzle, _| {
        Some(RatedSe(match solver.verdict(puzzle) {
            Verdict::None => Err(NotUnique::NoSolution),
            Verdict::Multiple(..) => Err(NotUnique::MultipleSolutions),
            Verdict::Unique(_) => Ok(Explainer::new().extended(false).explain(puzzle)),
        }))
    })
}
