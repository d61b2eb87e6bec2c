//! `sudoku-dlx generate`: new puzzles with exactly one solution.

use super::common::{self, CliError, Status};
use std::convert::Infallible;
use std::io::{self, Write};
use sudoku_dlx::setter::{Difficulty, GenerateOptions, Generator, RemovalStats, Symmetry};
use sudoku_dlx::variant::{RuleName, VariantGenerateOptions, VariantGenerator};
use sudoku_dlx::Shape;
use sudoku_dlx_cli::batch::{Batch, BatchError, Finished};
use sudoku_dlx_cli::output::variant::write_variant_generated;
use sudoku_dlx_cli::output::{write_generated, Format};

/// Generate puzzles with exactly one solution: minimal, symmetric, of a difficulty.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Every puzzle printed has exactly one solution. Without --minimal, grids up to 12x12 are
reduced as far as the symmetry allows (with no symmetry that is minimal already), while
16x16 and larger keep every given whose removal would leave naked and hidden singles stuck:
quick, solvable without guessing, and NOT minimal. Likewise --difficulty easy, medium or
hard keeps the givens that the logic of that level needs. --minimal makes every puzzle
minimal (removing any single given breaks uniqueness); for 16x16 and up it can take long.

Symmetries: none, rot180, rot90, mirror (left-right), flip (up-down), diagonal,
antidiagonal, mirror-flip, diagonals (both), full (all eight).
Difficulties (the scale of `sudoku-dlx rate`): easy, medium, hard, expert, extreme.

The same --seed and options print the same puzzles, whatever --jobs is.

Examples:
  sudoku-dlx generate --seed 1
  sudoku-dlx generate --count 10 --minimal --symmetry rot180 --seed 7
  sudoku-dlx generate --box 2x3 --count 5 --format grid
  sudoku-dlx generate --difficulty expert --format json --seed 3
  sudoku-dlx generate --rules x,anti-king --count 5 --seed 1
  sudoku-dlx generate --jigsaw --format json --seed 2")]
pub struct Args {
    /// How many puzzles
    #[arg(long, short = 'n', default_value_t = 1, value_name = "N")]
    pub count: u64,

    /// The box shape, as ROWSxCOLS (3x3 is the classic 9x9 grid)
    #[arg(long = "box", value_name = "RxC", default_value = "3x3")]
    pub shape: Shape,

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
    /// solution, givens, rating), link (a SudokuPad share link with the solution)
    #[arg(long, value_enum, default_value_t = Format::Line)]
    pub format: Format,

    /// Print to standard error, at the end, how the removal checks were decided (by the
    /// givens forcing a digit back, by an unavoidable set, by the logic pass, by search)
    /// and the puzzles per second
    #[arg(long)]
    pub stats: bool,

    /// Threads to generate on, at most 256 (never more than puzzles asked for); the output
    /// is the same for any number [default: one per core]
    #[arg(long, short = 'j', value_name = "N", value_parser = common::parse_jobs)]
    pub jobs: Option<usize>,

    /// Variant rules the puzzles keep, separated by commas
    #[arg(long, value_parser = super::variant::rule_names(), value_delimiter = ',',
          value_name = "RULES")]
    pub rules: Vec<RuleName>,

    /// Irregular regions made at random for each puzzle (jigsaw)
    #[arg(long)]
    pub jigsaw: bool,
}

/// Generates and prints the puzzles, in order: classic ones, or with `--rules` or `--jigsaw`
/// variant ones, with the same options, seed and output.
pub fn run(args: Args) -> Result<Status, CliError> {
    let mut options = GenerateOptions::new(args.shape);
    options.symmetry = args.symmetry;
    options.minimal = args.minimal;
    options.difficulty = args.difficulty;
    options.rate = matches!(args.format, Format::Grid | Format::Json);
    options.max_attempts = args.max_attempts;
    let seed = args.seed.unwrap_or_else(fresh_seed);
    if !args.rules.is_empty() || args.jigsaw {
        let options = variant_options(&args, options)?;
        let generator = common::watching(
            move || VariantGenerator::new(options.clone()),
            VariantGenerator::set_interrupt,
        );
        return generate(
            &args,
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
        generator,
        |generator: &mut Generator, index| {
            let made = generator.generate(seed, index);
            (!generator.was_interrupted()).then_some(made)
        },
        write_generated,
        |made| (made.attempts, made.checks),
    )
}

/// The variant options of `args` over the shared `base`, or why they cannot go together.
fn variant_options(args: &Args, base: GenerateOptions) -> Result<VariantGenerateOptions, CliError> {
    if args.jigsaw && args.rules.contains(&RuleName::Disjoint) {
        return Err(CliError::Usage(
            "--rules disjoint cannot go with --jigsaw: disjoint groups are cells at the same \
             place in their boxes, and irregular regions replace the boxes"
                .into(),
        ));
    }
    let mut rules = Vec::new();
    for rule in args.rules.iter().flat_map(|name| name.rules()) {
        if !rules.contains(&rule) {
            rules.push(rule);
        }
    }
    Ok(VariantGenerateOptions {
        base,
        rules,
        jigsaw: args.jigsaw,
    })
}

/// Makes puzzles `0..args.count` with a `make`d generator per thread and prints each with
/// `write` as it comes, in order; `cost` tells `--stats` the grids drawn and removal checks.
fn generate<G: Send, M: Send, E: std::fmt::Display + Send>(
    args: &Args,
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
                write(&mut out, args.format, index, &made)
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
