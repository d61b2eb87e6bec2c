//! `sudoku-dlx generate`: new puzzles with exactly one solution.

use super::common::{self, CliError, Status};
use std::convert::Infallible;
use std::io::{self, Write};
use sudoku_dlx::setter::{Difficulty, GenerateOptions, Generator, RemovalStats, Symmetry};
use sudoku_dlx::variant::{RuleName, Variant, VariantGenerateOptions, VariantGenerator};
use sudoku_dlx::Shape;
use sudoku_dlx_cli::batch::{Batch, BatchError, Finished};
use sudoku_dlx_cli::input::variant::{read_all, LineRules};
use sudoku_dlx_cli::output::variant::write_variant_generated;
use sudoku_dlx_cli::output::{write_generated, Format};

/// Generate puzzles with exactly one solution: minimal, symmetric, of a difficulty.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Every puzzle printed has exactly one solution. Without --minimal, grids up to 12x12 are
reduced as far as the symmetry allows (with no symmetry that is minimal already), while
16x16 and larger keep every given whose removal would leave naked and hidden singles stuck:
quick, solvable without guessing, and NOT minimal. Likewise --difficulty easy, medium or
hard keeps the givens that the level needs (the human solving path within the level; for
variants and larger grids, the logic pass of the level). --minimal makes every puzzle
minimal (removing any single given breaks uniqueness); for 16x16 and up it can take long.

Symmetries: none, rot180, rot90, mirror (left-right), flip (up-down), diagonal,
antidiagonal, mirror-flip, diagonals (both), full (all eight).
Difficulties (the scale of `sudoku-dlx rate`): easy, medium, hard, expert, extreme.

--rules takes the rules of the whole grid (x, anti-knight...) and the families of rules
with cells (killer, kropki, xv, thermometer, slow-thermometer, arrow, whispers, renban,
palindrome, entropic, modular, nabner, odd-even, min-max), which are placed on each solution grid drawn, from its digits, before the givens go: a
puzzle its rules alone make unique has no givens. --from DOC generates on a setter's own
layout (an f-puzzles document, a SudokuPad link or an ISS string: a file, - or inline): a
random solution that keeps its cages, lines and dots, with their totals, and its givens,
which stay.
Puzzles whose rules carry cells print as f-puzzles JSON (the default for them; line and
grid cannot carry them).

The same --seed and options print the same puzzles, whatever --jobs is.

Examples:
  sudoku-dlx generate --seed 1
  sudoku-dlx generate --count 10 --minimal --symmetry rot180 --seed 7
  sudoku-dlx generate --box 2x3 --count 5 --format grid
  sudoku-dlx generate --difficulty expert --format json --seed 3
  sudoku-dlx generate --rules x,anti-king --count 5 --seed 1
  sudoku-dlx generate --jigsaw --format json --seed 2
  sudoku-dlx generate --rules killer --count 10 --seed 1
  sudoku-dlx generate --from layout.json --symmetry rot180 --seed 4")]
pub struct Args {
    /// How many puzzles
    #[arg(long, short = 'n', default_value_t = 1, value_name = "N")]
    pub count: u64,

    /// The box shape, as ROWSxCOLS (3x3 is the classic 9x9 grid) [default: 3x3, or the
    /// layout's with --from]
    #[arg(long = "box", value_name = "RxC")]
    pub shape: Option<Shape>,

    /// The pattern the givens follow
    #[arg(long, value_name = "NAME", default_value = "none")]
    pub symmetry: Symmetry,

    /// Removing any single given breaks uniqueness
    #[arg(long)]
    pub minimal: bool,

    /// Only puzzles of this level: easy, medium, hard, expert or extreme
    #[arg(long, value_name = "LEVEL")]
    pub difficulty: Option<Difficulty>,

    /// Seed of the random choices [default: a new one each run]
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,

    /// Solution grids to try for one puzzle before giving up
    #[arg(long, value_name = "N", default_value_t = 10_000,
          value_parser = common::parse_at_least_one)]
    pub max_attempts: u64,

    /// Output format: line (the puzzle), grid (with givens and rating), json (puzzle,
    /// solution, givens, rating; for variants an f-puzzles document), link (a SudokuPad
    /// share link with the solution) [default: line, or json when the rules carry cells]
    #[arg(long, value_enum)]
    pub format: Option<Format>,

    /// Print to standard error, at the end, how the removal checks were decided (by the
    /// givens forcing a digit back, by an unavoidable set, by the logic pass, by search)
    /// and the puzzles per second
    #[arg(long)]
    pub stats: bool,

    /// Threads to generate on, at most 256 (never more than puzzles asked for); the output
    /// is the same for any number [default: one per core]
    #[arg(long, short = 'j', value_name = "N", value_parser = common::parse_jobs)]
    pub jobs: Option<usize>,

    /// Variant rules the puzzles keep, separated by commas: rules of the whole grid, and
    /// families of rules with cells placed at random on each solution
    #[arg(long, value_parser = super::variant::generated_rule_names(), value_delimiter = ',',
          value_name = "RULES")]
    pub rules: Vec<RuleName>,

    /// Irregular regions made at random for each puzzle (jigsaw)
    #[arg(long)]
    pub jigsaw: bool,

    /// A setter's layout to generate on: an f-puzzles document, a SudokuPad link or an
    /// Interactive Sudoku Solver string (a file, `-` for standard input, or inline) with
    /// cages, lines and dots; its rules, totals and givens stay in every puzzle
    #[arg(long, value_name = "DOC")]
    pub from: Option<String>,
}

/// Generates and prints the puzzles, in order: classic ones, or with `--rules` or `--jigsaw`
/// variant ones, with the same options, seed and output.
pub fn run(args: Args) -> Result<Status, CliError> {
    let layout = args.from.as_deref().map(read_layout).transpose()?;
    let shape = match (&layout, args.shape) {
        (Some(layout), Some(shape)) if layout.shape() != shape => {
            return Err(CliError::Usage(format!(
                "--box {shape} differs from the layout's boxes ({})",
                layout.shape()
            )))
        }
        (Some(layout), _) => layout.shape(),
        (None, shape) => shape.unwrap_or(Shape::CLASSIC),
    };
    let format = output_format(&args, layout.as_ref())?;
    let mut options = GenerateOptions::new(shape);
    options.symmetry = args.symmetry;
    options.minimal = args.minimal;
    options.difficulty = args.difficulty;
    options.rate = matches!(format, Format::Grid | Format::Json);
    options.max_attempts = args.max_attempts;
    let seed = args.seed.unwrap_or_else(fresh_seed);
    if !args.rules.is_empty() || args.jigsaw || layout.is_some() {
        let options = variant_options(&args, options, layout)?;
        let generator = common::watching(
            move || VariantGenerator::new(options.clone()),
            VariantGenerator::set_interrupt,
        );
        return generate(
            &args,
            format,
            generator,
            |generator: &mut VariantGenerator, index| {
                let made = generator.generate(seed, index);
                (!generator.was_interrupted()).then_some(made)
            },
            write_variant_generated,
            |made| (made.attempts, made.checks),
        );
    }
    let generator = common::watching(move || Generator::new(options), Generator::set_interrupt);
    generate(
        &args,
        format,
        generator,
        |generator: &mut Generator, index| {
            let made = generator.generate(seed, index);
            (!generator.was_interrupted()).then_some(made)
        },
        write_generated,
        |made| (made.attempts, made.checks),
    )
}

/// The one layout of `arg` (a file, `-` or inline: an f-puzzles document, a SudokuPad link,
/// or a line puzzle with its fields), or why it cannot be one.
fn read_layout(arg: &str) -> Result<Variant, CliError> {
    let records =
        read_all(&[arg.to_string()], None, &LineRules::default()).map_err(CliError::Input)?;
    match &records[..] {
        [record] => record.puzzle.clone().map_err(|_| {
            let message = record.error_message().unwrap_or_default();
            CliError::Usage(format!("--from: {message}"))
        }),
        [] => Err(CliError::Usage(format!("--from: {arg} holds no layout"))),
        more => Err(CliError::Usage(format!(
            "--from: {arg} holds {} puzzles; give one layout",
            more.len()
        ))),
    }
}

/// The format to print in: `--format`, or by default line, unless the rules carry cells,
/// which only f-puzzles JSON carries (then `--format line` or `grid` is refused).
fn output_format(args: &Args, layout: Option<&Variant>) -> Result<Format, CliError> {
    let placed = args.rules.iter().find(|name| name.is_placed());
    let unnamed = layout.is_some_and(|layout| RuleName::names_of(layout.rules()).is_none());
    match args.format {
        None if placed.is_some() || unnamed => Ok(Format::Json),
        None => Ok(Format::Line),
        Some(format @ (Format::Line | Format::Grid)) if placed.is_some() || unnamed => {
            let what = placed.map_or("the layout's rules".to_string(), |name| {
                format!("--rules {name}")
            });
            Err(CliError::Usage(format!(
                "--format {} cannot carry {what}: only f-puzzles JSON carries cages, lines \
                 and dots (--format json, the default for them)",
                format.name()
            )))
        }
        Some(format) => Ok(format),
    }
}

/// The variant options of `args` over the shared `base` and the `layout`, or why they
/// cannot go together.
fn variant_options(
    args: &Args,
    base: GenerateOptions,
    layout: Option<Variant>,
) -> Result<VariantGenerateOptions, CliError> {
    if args.jigsaw && layout.is_some() {
        return Err(CliError::Usage(
            "--jigsaw cannot go with --from: the layout's cages and lines are drawn on its own \
             regions"
                .into(),
        ));
    }
    if args.jigsaw && args.rules.contains(&RuleName::Disjoint) {
        return Err(CliError::Usage(
            "--rules disjoint cannot go with --jigsaw: disjoint groups are cells at the same \
             place in their boxes, and irregular regions replace the boxes"
                .into(),
        ));
    }
    Ok(VariantGenerateOptions {
        layout,
        ..VariantGenerateOptions::with_rule_names(base, &args.rules, args.jigsaw)
    })
}

/// Makes puzzles `0..args.count` with a `make`d generator per thread and prints each with
/// `write` as it comes, in order; `cost` tells `--stats` the grids drawn and removal checks.
fn generate<G: Send, M: Send, E: std::fmt::Display + Send>(
    args: &Args,
    format: Format,
    make: impl Fn() -> G + Sync,
    job: impl Fn(&mut G, u64) -> Option<Result<M, E>> + Sync,
    write: impl Fn(&mut dyn Write, Format, u64, &M) -> io::Result<()>,
    cost: impl Fn(&M) -> (u64, RemovalStats),
) -> Result<Status, CliError> {
    let mut out = common::stdout();
    let started = std::time::Instant::now();
    let mut tally = Tally::default();
    let mut failed = None;
    // Puzzle `index` depends on the seed and its index only: the same on any thread.
    let finished = Batch::new(args.jobs.unwrap_or(0)).ordered(
        (0..args.count).map(Ok::<u64, Infallible>),
        common::interrupt(),
        make,
        |generator, index| job(generator, index).map(|made| (index, made)),
        |(index, made)| match made {
            Ok(made) => {
                tally.add(cost(&made));
                write(&mut out, format, index, &made)
            }
            Err(error) => {
                // Stops the batch; reported below.
                failed = Some(error);
                Err(io::Error::other("no puzzle"))
            }
        },
    );
    out.flush()?;
    if args.stats {
        let seconds = started.elapsed().as_secs_f64();
        let _ = writeln!(
            io::stderr(),
            "stats total: {} puzzles in {seconds:.2} s, {:.0} puzzles/s, {} solution grids; removal checks: {}",
            tally.puzzles,
            tally.puzzles as f64 / seconds.max(1e-9),
            tally.attempts,
            tally.checks
        );
    }
    status(finished, failed)
}

/// The status of a generation run: a generation that failed (its error printed here), one
/// stopped by Ctrl-C, or one that made every puzzle; or why the output could not be written.
pub fn status(
    finished: Result<Finished, BatchError<Infallible>>,
    failed: Option<impl std::fmt::Display>,
) -> Result<Status, CliError> {
    if let Some(error) = failed {
        let _ = writeln!(io::stderr(), "sudoku-dlx: {error}");
        return Ok(Status::Unsuccessful);
    }
    match finished {
        Ok(finished) if finished.interrupted => Ok(Status::Interrupted),
        Ok(_) => Ok(Status::Success),
        Err(BatchError::Output(error)) => Err(CliError::Write(error)),
        Err(BatchError::Threads(error)) => Err(CliError::Threads(error)),
        Err(BatchError::Input(never)) => match never {},
    }
}

/// What was generated, for `--stats`.
#[derive(Default)]
struct Tally {
    puzzles: u64,
    attempts: u64,
    checks: RemovalStats,
}

impl Tally {
    /// One more puzzle, which took `attempts` grids and `checks`.
    fn add(&mut self, (attempts, checks): (u64, RemovalStats)) {
        self.puzzles += 1;
        self.attempts += attempts;
        self.checks += checks;
    }
}

/// A seed that differs from run to run: the standard library's per-process random keys.
fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, RandomState};
    RandomState::new().hash_one(std::time::SystemTime::now())
}
