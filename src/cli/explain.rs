//! `sudoku-dlx explain` and `sudoku-dlx hint`: the solving path of each puzzle with the
//! human repertoire, or its next step.

use super::common::{self, BatchArgs, CliError, Status};
use std::time::Instant;
use sudoku_dlx::human::{Board, Explainer, Path};
use sudoku_dlx::setter::NotUnique;
use sudoku_dlx::{Grid, Solver, Verdict};
use sudoku_dlx_cli::batch::{Batch, Outcome};
use sudoku_dlx_cli::input::marks::{marks_inputs, read_marks, MarksRecord};
use sudoku_dlx_cli::input::InputError;
use sudoku_dlx_cli::output::{Explained, Format, Hinted, RatedSe, Report};

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
    #[command(flatten)]
    pub human: HumanArgs,

    #[command(flatten)]
    pub batch: BatchArgs,
}

/// The options `explain` and `hint` share.
#[derive(clap::Args, Debug)]
pub struct HumanArgs {
    /// Never use the uniqueness techniques (unique rectangles, BUG+1)
    #[arg(long)]
    pub no_uniqueness: bool,

    /// Read each line as pencil marks (n³ characters: each cell's digits in their places,
    /// `.` or `0` for the others; 729 for 9x9, as Sudoku Explainer writes them)
    #[arg(long)]
    pub marks: bool,
}

impl HumanArgs {
    /// The explainer for a puzzle that has one solution (`unique`) or not: the uniqueness
    /// techniques only when allowed and it has one; nested chains (seconds a step) only
    /// when it has one, since on another, logic must stop somewhere anyway.
    fn explainer(&self, unique: bool) -> Explainer {
        Explainer::new()
            .uniqueness(!self.no_uniqueness && unique)
            .nested(unique)
    }
}

/// Explains every puzzle of the inputs.
pub fn run(args: Args) -> Result<Status, CliError> {
    if args.batch.pipeline.by_line() && args.batch.output.format != Format::Json {
        return Err(CliError::Usage(
            "explain prints a line per step: with --keep-lines or --keyed use --format json"
                .to_string(),
        ));
    }
    let human = &args.human;
    if human.marks {
        return run_marks(&args.batch, |board| {
            let explainer = human.explainer(board.has_one_solution());
            Explained(Ok(explainer.explain_board(board.clone())))
        });
    }
    common::run_batch(&args.batch, Solver::new, |solver, puzzle, _| {
        Some(Explained(path(solver, puzzle, human)))
    })
}

/// The path of `puzzle` with the explainer `human` makes for it; an error when it has no
/// solution.
fn path(solver: &mut Solver, puzzle: &Grid, human: &HumanArgs) -> Result<Path, NotUnique> {
    let unique = match solver.verdict(puzzle) {
        Verdict::None => return Err(NotUnique::NoSolution),
        Verdict::Unique(_) => true,
        Verdict::Multiple(..) => false,
    };
    Ok(human.explainer(unique).explain(puzzle))
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
    #[command(flatten)]
    pub human: HumanArgs,

    #[command(flatten)]
    pub batch: BatchArgs,
}

/// Hints every puzzle of the inputs.
pub fn run_hint(args: HintArgs) -> Result<Status, CliError> {
    let human = &args.human;
    if human.marks {
        return run_marks(&args.batch, |board| {
            hinted(&human.explainer(board.has_one_solution()), board)
        });
    }
    common::run_batch(&args.batch, Solver::new, |solver, puzzle, _| {
        let board = Board::new(puzzle);
        let unique = matches!(solver.verdict(puzzle), Verdict::Unique(_));
        Some(hinted(&human.explainer(unique), &board))
    })
}

/// The hint for `board`: its easiest step, or why there is none.
fn hinted(explainer: &Explainer, board: &Board) -> Hinted {
    if let Some(why) = board.contradiction_text() {
        Hinted::Contradiction(why)
    } else if board.is_solved() {
        Hinted::Solved
    } else {
        explainer.hint(board).map_or(Hinted::Stuck, Hinted::Step)
    }
}

/// `--marks`: every line of the inputs read as pencil marks and answered with `answer`,
/// in input order on `--jobs` threads; a line that is not pencil marks is a bad record.
fn run_marks<R: Report + Send>(
    batch: &BatchArgs,
    answer: impl Fn(&Board) -> R + Sync,
) -> Result<Status, CliError> {
    if batch.pipeline.by_line() {
        return Err(CliError::Usage(
            "--marks reads a record per line: drop --keep-lines and --keyed".to_string(),
        ));
    }
    let inputs = marks_inputs(&batch.input.inputs);
    let records = read_marks(&inputs, batch.input.shape).map_err(CliError::Input)?;
    let mut printer = common::printer(&batch.output);
    let finished = Batch::new(batch.jobs.unwrap_or(0)).ordered(
        records.into_iter().map(Ok::<MarksRecord, InputError>),
        common::interrupt(),
        || (),
        |_, item| {
            let started = Instant::now();
            let answer = item.board.as_ref().map(&answer);
            Some(Outcome {
                record: item.record,
                answer,
                elapsed: started.elapsed(),
            })
        },
        |outcome| printer.record(&outcome),
    );
    let (_, _, tally) = printer.finish()?;
    let finished = finished?;
    common::report_bad_records(&tally);
    Ok(Status::of(&tally, finished.interrupted))
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
