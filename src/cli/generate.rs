//! `sudoku-dlx generate`: new puzzles with exactly one solution.

use super::common::{self, CliError, Status};
use rayon::prelude::*;
use std::io::{self, Write};
use sudoku_dlx::setter::{
    GenerateError, GenerateOptions, Generated, Generator, Level, RemovalStats, Symmetry,
};
use sudoku_dlx::Shape;
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
    pub difficulty: Option<Level>,

    /// Seed of the random choices [default: a new one each run]
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,

    /// Solution grids to try for one puzzle before giving up
    #[arg(long, value_name = "N", default_value_t = 10_000,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub max_attempts: u64,

    /// Output format: line (the puzzle), grid (with givens and rating), json (puzzle,
    /// solution, givens, rating)
    #[arg(long, value_enum, default_value_t = Format::Line)]
    pub format: Format,

    /// Print to standard error, at the end, how the removal checks were decided (by the
    /// givens forcing a digit back, by an unavoidable set, by the singles pass, by search)
    /// and the puzzles per second
    #[arg(long)]
    pub stats: bool,

    /// Threads to generate on; the output is the same for any number [default: one per
    /// core]
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,

    /// Variant rules the puzzles keep, separated by commas (x, diagonal+, diagonal-,
    /// anti-knight, anti-king, non-consecutive, windoku, disjoint); always minimal
    #[arg(long, value_enum, value_delimiter = ',', value_name = "RULES")]
    pub rules: Vec<super::variant::RuleName>,

    /// Irregular regions made at random for each puzzle (jigsaw); always minimal
    #[arg(long)]
    pub jigsaw: bool,
}

/// Generates and prints the puzzles, in order.
pub fn run(args: Args) -> Result<Status, CliError> {
    if !args.rules.is_empty() || args.jigsaw {
        return super::variant::run_generate(&args);
    }
    let mut options = GenerateOptions::new(args.shape);
    options.symmetry = args.symmetry;
    options.minimal = args.minimal;
    options.difficulty = args.difficulty;
    options.rate = args.format != Format::Line;
    options.max_attempts = args.max_attempts;
    let seed = args.seed.unwrap_or_else(fresh_seed);
    let threads = args.jobs.map_or(0, usize::from);
    let mut out = common::stdout();
    let started = std::time::Instant::now();
    let mut tally = Tally::default();
    let format = args.format;
    let mut emit = |out: &mut dyn Write, index, made| emit(out, format, index, made, &mut tally);
    let result = if threads == 1 {
        let mut generator = Generator::new(options);
        (0..args.count)
            .take_while(|_| !common::is_interrupted())
            .try_for_each(|index| emit(&mut out, index, generator.generate(seed, index)))
    } else {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(CliError::Threads)?;
        // Chunks keep memory bounded and the first puzzles coming while later ones are made.
        let chunk = 16 * pool.current_num_threads() as u64;
        let starts = (0..args.count).step_by(chunk as usize);
        starts
            .take_while(|_| !common::is_interrupted())
            .try_for_each(|start| {
                let end = (start + chunk).min(args.count);
                let made: Vec<_> = pool.install(|| {
                    (start..end)
                        .into_par_iter()
                        .map_init(
                            || Generator::new(options),
                            |generator, index| generator.generate(seed, index),
                        )
                        .collect()
                });
                (start..end)
                    .zip(made)
                    .try_for_each(|(index, made)| emit(&mut out, index, made))
            })
    };
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
    match result {
        _ if common::is_interrupted() => Ok(Status::Interrupted),
        Ok(_) => Ok(Status::Success),
        Err(Failure::Write(error)) => Err(CliError::Write(error)),
        Err(Failure::Generate(error)) => {
            let _ = writeln!(io::stderr(), "sudoku-dlx: {error}");
            Ok(Status::Unsuccessful)
        }
    }
}

enum Failure {
    Write(io::Error),
    Generate(GenerateError),
}

/// What was generated, for `--stats`.
#[derive(Default)]
struct Tally {
    puzzles: u64,
    attempts: u64,
    checks: RemovalStats,
}

/// Prints one puzzle and counts it.
fn emit(
    out: &mut dyn Write,
    format: Format,
    index: u64,
    made: Result<Generated, GenerateError>,
    tally: &mut Tally,
) -> Result<(), Failure> {
    let made = made.map_err(Failure::Generate)?;
    tally.puzzles += 1;
    tally.attempts += made.attempts;
    tally.checks += made.checks;
    write_generated(out, format, index, &made).map_err(Failure::Write)
}

/// A seed that differs from run to run: the standard library's per-process random keys.
fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, RandomState};
    RandomState::new().hash_one(std::time::SystemTime::now())
}
