//! `sudoku-dlx bench`: puzzles per second on whole files, every answer checked.

use super::common::{self, CliError, Status};
use super::variant::VariantArgs;
use clap::builder::{PossibleValuesParser, TypedValueParser};
use std::io::{self, Write};
use std::time::Duration;
use sudoku_dlx::Shape;
use sudoku_dlx_cli::bench::{
    json_line, Bench, BenchError, Mode, PuzzleFile, Report, Settings, Table, VariantBench,
    VariantFile,
};
use sudoku_dlx_cli::input::variant::is_variant_input;
use sudoku_dlx_cli::input::Input;

/// Measure puzzles per second on whole files, single-threaded, every answer checked.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Each file is read fully into memory first (the same formats as the other commands; a bad
record stops the bench, naming path:line:col), and an untimed verification pass finds up to
two solutions of every puzzle with the logic pass off. Then, for each mode, one untimed
warm-up pass, and RUNS runs each repeating whole passes for at least SECONDS; the report gives
the median run. Every answer is checked inside the timed passes: a solution must be a solved
grid keeping the givens, a count must equal the verified one. The check is part of the timed
work: one sweep over the cells, no allocation.

Variant puzzles are measured the same way: a file of f-puzzles documents (one, or one per
line), or line puzzles with --rules and --regions; each answer must keep the puzzle's rules.

Columns: puzzles/s and µs/puzzle at the median run; no-guess %, the share of puzzles answered
without the search ever branching; guesses/puzzle, the search's branch points per puzzle.
With --json, one object per file and mode, one per line, with the keys file, mode, puzzles,
puzzles_per_sec, usec_per_puzzle, no_guess_pct, guesses_per_puzzle.

Exit codes: 0 measured, 1 a wrong answer (a solver bug: the puzzle is named), 2 bad input.

Examples:
  sudoku-dlx bench ../shared/data/puzzles3_magictour_top1465
  sudoku-dlx bench --mode solve,count2 --seconds 2 --json puzzles.txt
  sudoku-dlx bench --mode solve,count2 killer.ndjson
  sudoku-dlx bench --rules x x-puzzles.txt")]
pub struct Args {
    /// Files to measure (also `-` for standard input, or a puzzle written inline)
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<String>,

    /// What to time: solve (the first solution) or count2 (counting up to 2 solutions, the
    /// uniqueness check); several modes are measured in turn
    #[arg(
        long,
        value_name = "MODE",
        value_delimiter = ',',
        default_value = "solve",
        value_parser = PossibleValuesParser::new(Mode::ALL.map(Mode::name))
            .map(|name| name.parse::<Mode>().expect("a listed mode"))
    )]
    pub mode: Vec<Mode>,

    /// Each run repeats whole passes over a file until at least this many seconds have gone by
    #[arg(long, value_name = "S", default_value = "1", value_parser = parse_seconds)]
    pub seconds: Duration,

    /// Runs per file and mode; the median is reported
    #[arg(long, value_name = "N", default_value_t = 5, value_parser = clap::value_parser!(u16).range(1..))]
    pub runs: u16,

    /// Print one JSON object per file and mode, one per line, instead of a table
    #[arg(long)]
    pub json: bool,

    /// The box shape, as ROWSxCOLS, when the number of cells does not say it
    #[arg(long = "box", value_name = "RxC")]
    pub shape: Option<Shape>,

    #[command(flatten)]
    pub logic: common::LogicArgs,

    #[command(flatten)]
    pub variant: VariantArgs,
}

/// One input in memory: classic puzzles, or variant puzzles (f-puzzles documents, or line
/// puzzles with `--rules`/`--regions`).
enum Loaded {
    Classic(PuzzleFile),
    Variant(VariantFile),
}

impl Loaded {
    /// Reads the input `arg` as the variant path when the flags or its content say so.
    fn read(arg: &str, args: &Args) -> Result<Loaded, String> {
        let variant = !args.variant.rules.is_empty()
            || args.variant.regions.is_some()
            || is_variant_input(arg);
        if variant {
            let file = VariantFile::read(arg, args.shape, &args.variant.line_rules())
                .map_err(|error| error.to_string())?;
            super::variant::warn(&file.warnings);
            return Ok(Loaded::Variant(file));
        }
        let input = Input::from_arg_with_shape(arg, args.shape).map_err(|e| e.to_string())?;
        PuzzleFile::read(&input, args.shape)
            .map(Loaded::Classic)
            .map_err(|error| error.to_string())
    }

    fn name(&self) -> &str {
        match self {
            Loaded::Classic(file) => &file.name,
            Loaded::Variant(file) => &file.name,
        }
    }

    /// `name:line:column` of the puzzle at `position`.
    fn position(&self, position: usize) -> String {
        match self {
            Loaded::Classic(file) => file.position(position),
            Loaded::Variant(file) => file.position(position),
        }
    }
}

/// A verified set of either kind, ready to be timed.
enum Verified<'a> {
    Classic(Bench<'a>),
    Variant(VariantBench<'a>),
}

impl Verified<'_> {
    fn measure(&self, settings: &Settings) -> Result<Report, BenchError> {
        match self {
            Verified::Classic(bench) => bench.measure(settings),
            Verified::Variant(bench) => bench.measure(settings),
        }
    }
}

/// The longest run `--seconds` allows: an hour, far beyond what a stable median needs.
const MAX_SECONDS: f64 = 3600.0;

/// A number of seconds, 0 to [`MAX_SECONDS`] (0 means one pass per run).
fn parse_seconds(text: &str) -> Result<Duration, String> {
    match text.trim().parse::<f64>() {
        Ok(seconds) if seconds > MAX_SECONDS => Err(format!(
            "at most {MAX_SECONDS} seconds per run (each run repeats passes until then)"
        )),
        Ok(seconds) => Duration::try_from_secs_f64(seconds)
            .map_err(|_| format!("'{text}' is not a number of seconds (0 to {MAX_SECONDS})")),
        Err(_) => Err(format!(
            "'{text}' is not a number of seconds (0 to {MAX_SECONDS})"
        )),
    }
}

/// Reads every file, then measures each in every mode, printing a JSON line as each
/// measurement ends, or the table at the end.
pub fn run(args: Args) -> Result<Status, CliError> {
    let mut files = Vec::with_capacity(args.files.len());
    for arg in &args.files {
        match Loaded::read(arg, &args) {
            Ok(file) => files.push(file),
            Err(message) => return fail(message, Status::BadInput),
        }
    }
    let mut out = common::stdout();
    let mut table = Table::new();
    for file in &files {
        let bench = match file {
            Loaded::Classic(file) => Bench::new(&file.puzzles).map(Verified::Classic),
            Loaded::Variant(file) => VariantBench::new(&file.puzzles).map(Verified::Variant),
        };
        let bench = match bench {
            Ok(bench) => bench,
            Err(error) => return fail(located(file, error), status_of(&error)),
        };
        for &mode in &args.mode {
            let settings = Settings {
                mode,
                min_time: args.seconds,
                runs: usize::from(args.runs),
                logic: args.logic.logic,
            };
            let report = match bench.measure(&settings) {
                Ok(report) => report,
                Err(error) => return fail(located(file, error), status_of(&error)),
            };
            if args.json {
                writeln!(out, "{}", json_line(file.name(), &report))?;
                out.flush()?;
            } else {
                table.push(file.name(), &report);
            }
        }
    }
    if !args.json {
        write!(out, "{table}")?;
    }
    out.flush()?;
    Ok(Status::Success)
}

/// A benchmark error with the input position of the puzzle it names.
fn located(file: &Loaded, error: BenchError) -> String {
    match error {
        BenchError::WrongAnswer { position, .. } => {
            format!("{}: {error}", file.position(position))
        }
        BenchError::NoPuzzles => format!("{}: {error}", file.name()),
        BenchError::NoRuns => error.to_string(),
    }
}

/// A wrong answer is the solver's fault (exit code 1); anything else, the input's (2).
fn status_of(error: &BenchError) -> Status {
    match error {
        BenchError::WrongAnswer { .. } => Status::Unsuccessful,
        BenchError::NoPuzzles | BenchError::NoRuns => Status::BadInput,
    }
}

/// Says why the bench stopped, on standard error.
fn fail(message: impl std::fmt::Display, status: Status) -> Result<Status, CliError> {
    writeln!(io::stderr(), "sudoku-dlx: {message}")?;
    Ok(status)
}
